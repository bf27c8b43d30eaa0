/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ChaCha20-Poly1305 tests that need no other library (Wycheproof:
 * test_aead_wycheproof.c; OpenSSL and libsodium: tests/poly1305/test_p1305_diff.c):
 *   - RFC 8439 example 2.8.2
 *   - round trip, in place, bad tag / ad / ciphertext: LF_ERR_AUTH and
 *     zeroed plaintext; parameter errors
 *   - over-long lengths (SIZE_MAX, 2^38, counter wraps) into a 64-byte buffer
 *     that ends at a guard page, ChaCha20's and the AEAD's: LF_ERR_RANGE,
 *     nothing written (seal's tag zeroed), no crash
 * Run once per back end (LIMBFORGE_BACKEND); 77 if the CPU lacks it. */
#include "../common/symm_test.h"

#include "limbforge/aead.h"
#include "limbforge/chacha20.h"

static void rfc_vectors(void)
{
    uint8_t key[32], msg[256], tag[16], want[256], out[256], nonce[12];
    const char *s = "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
                    "future, sunscreen would be it.";
    size_t n = strlen(s);

    /* 2.8.2 */
    for (int i = 0; i < 32; i++) key[i] = (uint8_t)(0x80 + i);
    t_unhex(nonce, 12, "07 00 00 00 40 41 42 43 44 45 46 47");
    uint8_t ad[12], wtag[16];
    t_unhex(ad, 12, "50 51 52 53 c0 c1 c2 c3 c4 c5 c6 c7");
    t_unhex(want, sizeof want,
            "d3 1a 8d 34 64 8e 60 db 7b 86 af bc 53 ef 7e c2 a4 ad ed 51 29 6e 08 fe a9 e2 b5 a7"
            "36 ee 62 d6 3d be a4 5e 8c a9 67 12 82 fa fb 69 da 92 72 8b 1a 71 de 0a 9e 06 0b 29"
            "05 d6 a5 b6 7e cd 3b 36 92 dd bd 7f 2d 77 8b 8c 98 03 ae e3 28 09 1b 58 fa b3 24 e4"
            "fa d6 75 94 55 85 80 8b 48 31 d7 bc 3f f4 de f0 8e 4b 7a 9d e5 76 d2 65 86 ce c6 4b"
            "61 16");
    t_unhex(wtag, 16, "1a:e1:0b:59:4f:09:e2:6a:7e:90:2e:cb:d0:60:06:91");
    CHECK(lf_chacha20poly1305_seal(out, tag, (const uint8_t *)s, n, ad, 12, key, nonce) == LF_OK,
          "2.8.2 seal rc");
    CHECK(memcmp(out, want, n) == 0 && memcmp(tag, wtag, 16) == 0, "RFC 8439 2.8.2 AEAD");
    CHECK(lf_chacha20poly1305_open(msg, out, n, tag, ad, 12, key, nonce) == LF_OK &&
              memcmp(msg, s, n) == 0,
          "2.8.2 open");
}

static void aead(void)
{
    static uint8_t pt[5000], ct[5000], back[5000];
    uint8_t key[32], nonce[12], ad[64], tag[16];
    long cases = 0;
    for (size_t len = 0; len <= 4200; len += (len < 300 ? 1 : 97)) {
        size_t adlen = (size_t)lf_rng_below(&t_rng, 40);
        lf_rng_bytes(&t_rng, key, 32);
        lf_rng_bytes(&t_rng, nonce, 12);
        lf_rng_bytes(&t_rng, ad, adlen);
        lf_rng_bytes(&t_rng, pt, len);
        CHECK(lf_chacha20poly1305_seal(ct, tag, pt, len, ad, adlen, key, nonce) == LF_OK, "seal");
        memset(back, 0x55, len);
        CHECK(lf_chacha20poly1305_open(back, ct, len, tag, ad, adlen, key, nonce) == LF_OK &&
                  !memcmp(back, pt, len),
              "open len %zu", len);
        /* in place both ways */
        memcpy(back, pt, len);
        uint8_t tag2[16];
        CHECK(lf_chacha20poly1305_seal(back, tag2, back, len, ad, adlen, key, nonce) == LF_OK &&
                  !memcmp(back, ct, len) && !memcmp(tag, tag2, 16),
              "seal in place %zu", len);
        CHECK(lf_chacha20poly1305_open(back, back, len, tag, ad, adlen, key, nonce) == LF_OK &&
                  !memcmp(back, pt, len),
              "open in place %zu", len);
        /* forgeries: every one must fail and zero the output */
        for (int f = 0; f < 3; f++) {
            uint8_t bt[16];
            memcpy(bt, tag, 16);
            memcpy(back, ct, len);
            if (f == 0) bt[lf_rng_below(&t_rng, 16)] ^= (uint8_t)(1u << lf_rng_below(&t_rng, 8));
            if (f == 1) { if (!len) continue; back[lf_rng_below(&t_rng, len)] ^= 1; }
            if (f == 2) { if (!adlen) continue; ad[0] ^= 0x80; }
            uint8_t *dst = f == 1 ? back : pt; /* f==1 in place */
            if (dst == pt) memset(pt, 0x77, len);
            int rc = lf_chacha20poly1305_open(dst, back, len, bt, ad, adlen, key, nonce);
            int zero = 1;
            for (size_t i = 0; i < len; i++) zero &= dst[i] == 0;
            CHECK(rc == LF_ERR_AUTH && zero, "forgery %d len %zu: rc %d", f, len, rc);
            if (f == 2) ad[0] ^= 0x80;
            lf_rng_bytes(&t_rng, pt, len); /* pt was clobbered */
            CHECK(lf_chacha20poly1305_seal(ct, tag, pt, len, ad, adlen, key, nonce) == LF_OK, "reseal");
        }
        cases++;
    }
    CHECK(lf_chacha20poly1305_seal(NULL, tag, NULL, 0, NULL, 0, key, nonce) == LF_OK, "empty seal");
    CHECK(lf_chacha20poly1305_seal(NULL, tag, pt, 5, NULL, 0, key, nonce) == LF_ERR_PARAM, "NULL ct");
    CHECK(lf_chacha20poly1305_open(pt, ct, 5, NULL, NULL, 0, key, nonce) == LF_ERR_PARAM, "NULL tag");
    printf("  aead: %ld lengths (round trip, in place, 3 forgeries each)\n", cases);
}

/* A 64-byte buffer whose end is the start of an inaccessible page: a write
 * of one byte past it faults.  NULL where mmap is missing. */
#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
static uint8_t *guarded64(void)
{
    long pg = sysconf(_SC_PAGESIZE);
    uint8_t *m = mmap(NULL, 2 * (size_t)pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                      -1, 0);
    if (m == MAP_FAILED) return NULL;
    if (mprotect(m + pg, (size_t)pg, PROT_NONE)) return NULL;
    return m + pg - 64;
}
#else
static uint8_t *guarded64(void) { return NULL; }
#endif

/* Lengths no buffer can hold (a caller's length bug): the functions must
 * answer LF_ERR_RANGE and write nothing; before, they zeroed out[0..len)
 * and so ran into the guard page. */
/* (a function, so that no compiler sees a comparison that is always true
 * with a 32-bit size_t) */
static int aead_len_ok(uint64_t len) { return len <= LF_CHACHA20POLY1305_MAXBYTES; }

static void overlong(void)
{
    uint8_t *b = guarded64(), key[32] = {1}, nonce[12] = {2}, tag[16];
    if (!b) {
        printf("  overlong: no mmap here, skipped\n");
        return;
    }
    static const size_t lens[] = {SIZE_MAX, SIZE_MAX - 63,
#if SIZE_MAX > 0xffffffffu /* lengths past 2^32 exist only with a 64-bit size_t */
                                  (size_t)1 << 38, (size_t)LF_CHACHA20POLY1305_MAXBYTES + 1
#endif
    };
    static const uint32_t ctrs[] = {0, 1, 0xffffffffu};
    long n = 0;
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        for (size_t c = 0; c < sizeof ctrs / sizeof ctrs[0]; c++) {
            /* up to 2^32 blocks from counter 0 (2^38 bytes) is a valid
             * request: only lengths past the counter's room are refused */
            if (lens[i] / 64 + (lens[i] % 64 != 0) <= 0x100000000ull - ctrs[c]) continue;
            memset(b, 0x5c, 64);
            CHECK(lf_chacha20(b, b, lens[i], key, nonce, ctrs[c]) == LF_ERR_RANGE,
                  "chacha20 len %zu counter %u: LF_ERR_RANGE", lens[i], ctrs[c]);
            int same = 1;
            for (int k = 0; k < 64; k++) same &= b[k] == 0x5c;
            CHECK(same, "chacha20 len %zu counter %u: buffer untouched", lens[i], ctrs[c]);
            n++;
        }
        if (aead_len_ok(lens[i])) continue; /* 32-bit size_t */
        memset(b, 0x5c, 64);
        memset(tag, 0x33, 16);
        CHECK(lf_chacha20poly1305_seal(b, tag, b, lens[i], NULL, 0, key, nonce) == LF_ERR_RANGE,
              "seal len %zu: LF_ERR_RANGE", lens[i]);
        int same = 1, tz = 1;
        for (int k = 0; k < 64; k++) same &= b[k] == 0x5c;
        for (int k = 0; k < 16; k++) tz &= tag[k] == 0;
        CHECK(same && tz, "seal len %zu: ct untouched, tag zeroed", lens[i]);
        memset(tag, 0x33, 16);
        CHECK(lf_chacha20poly1305_open(b, b, lens[i], tag, NULL, 0, key, nonce) == LF_ERR_RANGE,
              "open len %zu: LF_ERR_RANGE", lens[i]);
        for (int k = 0; k < 64; k++) same &= b[k] == 0x5c;
        CHECK(same, "open len %zu: pt untouched", lens[i]);
        n += 2;
    }
    /* a valid request still writes right up to the guard page: the last
     * counter block, 64 bytes */
    memset(b, 0, 64);
    CHECK(lf_chacha20(b, NULL, 64, key, nonce, 0xffffffffu) == LF_OK, "last block into the guarded buffer");
    printf("  overlong: %ld over-long requests into a guarded 64-byte buffer refused, nothing written\n", n);
}

int main(void)
{
    lf_backend be = t_backend_or_skip("test_aead");
    printf("test_aead: backend %s\n", lf_backend_name(be));
    rfc_vectors();
    overlong();
    aead();
    return t_done("test_aead", 3300);
}
