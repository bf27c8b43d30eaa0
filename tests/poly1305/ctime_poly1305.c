/* Constant-time test of the poly1305 module under valgrind memcheck (the
 * method of tests/ctime/: secrets marked undefined, any branch or address
 * computed from them is reported).  Secret: keys, nonces, messages,
 * plaintexts, ciphertexts, tags.  Covered: one-shot and streaming Poly1305
 * (lengths below and above the vector crossover), the radix 2^26 kernel,
 * lf_poly1305_verify, ChaCha20, AEAD seal, AEAD open with a right and a
 * wrong tag (its verdict is declassified inside the library, see
 * LF_DECLASSIFY).  Outputs are declassified before they are looked at.
 *
 *   ctime_poly1305 --require-valgrind     the test
 *   ctime_poly1305 --selftest-leak        a tag-dependent branch: memcheck must report it
 * LIMBFORGE_BACKEND: c or avx2 (valgrind 3.19 has no AVX-512, and its CPUID
 * hides ADX, the parent of avx2 in the chain: avx2 is then forced directly
 * when the host has AVX2 — the poly1305 module uses no ADX instruction). */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "lf_internal.h"
#include "limbforge/aead.h"
#include "limbforge/chacha20.h"
#include "limbforge/poly1305.h"
#include "poly1305/poly1305_internal.h"
#include "ctime/ctime_common.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static uint64_t rs = 0x0123456789abcdefULL;
static uint8_t rnd8(void)
{
    rs = rs * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint8_t)(rs >> 56);
}
static void fill(uint8_t *p, size_t n, int pattern)
{
    for (size_t i = 0; i < n; i++) p[i] = pattern == 0 ? rnd8() : pattern == 1 ? 0xff : 0;
}

static uint64_t digest;
static void absorb(const void *p, size_t n)
{
    PUBLIC(p, n);
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) digest = (digest ^ b[i]) * 0x100000001b3ULL;
}

static void run(void)
{
    static uint8_t msg[2100], out[2100], back[2100];
    uint8_t key[32], tag[16], tag2[16], nonce[12], ad[40];
    static const size_t lens[] = {0, 1, 15, 16, 17, 64, 100, 255, 256, 300, 1024, 2048};
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li];
        for (int pat = 0; pat < 3; pat++) {
            fill(key, 32, pat == 2 ? 0 : pat);
            fill(msg, len, pat);
            fill(nonce, 12, 0);
            fill(ad, sizeof ad, 0);
            SECRET(key, 32); SECRET(msg, len); SECRET(nonce, 12); SECRET(ad, sizeof ad);
            lf_poly1305(tag, msg, len, key);
            absorb(tag, 16);
            lf_poly1305_state st; /* streaming, odd chunks */
            lf_poly1305_init(&st, key);
            for (size_t off = 0; off < len; off += 37)
                lf_poly1305_update(&st, msg + off, len - off < 37 ? len - off : 37);
            lf_poly1305_final(&st, tag2);
            absorb(tag2, 16);
            uint64_t h[3] = {0, 0, 0}, r[2] = {0x0ffffffc0fffffffULL, 0x0ffffffc0ffffffcULL};
            SECRET(h, sizeof h); SECRET(r, sizeof r);
            lf_p1305_blocks_r26(h, r, msg, len / 16, 1);
            absorb(h, sizeof h);
            /* verify: secret tags, equal and unequal */
            SECRET(tag, 16); SECRET(tag2, 16);
            int v = lf_poly1305_verify(tag, tag2);
            absorb(&v, sizeof v);
            tag2[len % 16] ^= 1;
            SECRET(tag2, 16);
            v = lf_poly1305_verify(tag, tag2);
            absorb(&v, sizeof v);
            /* chacha20 */
            SECRET(key, 32); SECRET(nonce, 12);
            int rc = lf_chacha20(out, msg, len, key, nonce, 7);
            absorb(&rc, sizeof rc);
            absorb(out, len);
            /* seal, then open right and wrong */
            SECRET(key, 32); SECRET(nonce, 12); SECRET(msg, len);
            rc = lf_chacha20poly1305_seal(out, tag, msg, len, ad, len % 40, key, nonce);
            absorb(&rc, sizeof rc);
            absorb(out, len);
            absorb(tag, 16);
            for (int wrong = 0; wrong < 2; wrong++) {
                tag[0] ^= (uint8_t)wrong;
                SECRET(out, len); SECRET(tag, 16); SECRET(key, 32); SECRET(nonce, 12);
                rc = lf_chacha20poly1305_open(back, out, len, tag, ad, len % 40, key, nonce);
                absorb(&rc, sizeof rc);
                absorb(back, len);
                PUBLIC(tag, 16);
                tag[0] ^= (uint8_t)wrong;
            }
            PUBLIC(key, 32); PUBLIC(msg, len); PUBLIC(nonce, 12); PUBLIC(ad, sizeof ad);
        }
    }
}

__attribute__((noinline)) static int leaky_verify(const uint8_t *a, const uint8_t *b)
{
    for (int i = 0; i < 16; i++)
        if (a[i] != b[i]) return 0; /* early exit on a secret byte */
    return 1;
}

int main(int argc, char **argv)
{
    int require = 0, selftest = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--require-valgrind")) require = 1;
        else if (!strcmp(argv[i], "--selftest-leak")) selftest = 1;
        else {
            fprintf(stderr, "usage: %s [--require-valgrind] [--selftest-leak]\n", argv[0]);
            return 2;
        }
    }
    if (selftest) {
        uint8_t a[16], b[16], key[32] = {1};
        lf_poly1305(a, (const uint8_t *)"x", 1, key);
        memcpy(b, a, 16);
        SECRET(a, 16);
        int v = leaky_verify(a, b);
        printf("selftest-leak: verdict %d (memcheck must have reported a conditional jump)\n", v);
        return 0;
    }
    if (!RUNNING_ON_VALGRIND) {
        printf("ctime_poly1305: not running under valgrind: nothing is checked\n");
        if (require) return 1;
    }
    const char *want = getenv("LIMBFORGE_BACKEND");
    if (want && *want) {
        if (!strcmp(want, "avx2") && !lf_backend_available(LF_BACKEND_AVX2)) {
#if defined(__x86_64__)
            if (ctime_force_under_valgrind(LF_BACKEND_AVX2)) {
                printf("ctime_poly1305: valgrind hides ADX (avx2's parent); the host has AVX2: "
                       "avx2 forced\n");
            } else
#endif
            {
                printf("ctime_poly1305: avx2 not available here: skipped\n");
                return 77;
            }
        } else {
            for (int b = 0; b < LF_BACKEND_COUNT; b++)
                if (!strcmp(want, lf_backend_name((lf_backend)b)) &&
                    !lf_backend_available((lf_backend)b)) {
                    printf("ctime_poly1305: back end %s not available here: skipped\n", want);
                    return 77;
                }
        }
    }
    printf("ctime_poly1305: backend=%s\n", lf_backend_name(lf_backend_current()));
    run();
    printf("ctime_poly1305: done, digest %016llx\n", (unsigned long long)digest);
    return 0;
}
