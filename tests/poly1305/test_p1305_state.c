/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* lf_poly1305_final wipes the whole lf_poly1305_state, as poly1305.h says:
 * after final every byte of the struct (h, r, s, pw, buf, buflen, npw and
 * the padding) is zero.  Runs on the back end LIMBFORGE_BACKEND names
 * (ctest: once per back end; exit 77 when the CPU lacks it), so the vector
 * kernels' path (which fills pw and npw) is taken where the back end has one.
 *
 * The state's memory is filled with 0xa5 before init (init writes neither
 * pw, buf nor the padding), and sits flush against a PROT_NONE page where
 * mmap exists (so a wipe past the struct faults).  For messages of 0, 1, 15,
 * 16, 17, 64, 100, 383, 1000, 4096 and 4100 bytes:
 *   - one update with the whole message, chunks of 1, 7, 16, 33 and 1024
 *     bytes, a random chunking with empty chunks, and (length 0) no update
 *     at all;
 *   - the tag equals the one-shot lf_poly1305's, and memcmp of the state
 *     against zeros after final is 0;
 *   - a state re-initialised with another key after a long update (pw holds
 *     the first key's powers, npw is reset to 0) and finished after a short
 *     message: the tag is the second key's, and pw is wiped too.
 * ChaCha20-Poly1305 (aead.h) has no public streaming state; its internal one
 * goes through the same final.
 * Prints the number of checks; fails below LF_P1305_STATE_MIN_CHECKS. */
#define _GNU_SOURCE 1
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/backend.h"
#include "../common/check.h"
#include "../common/testenv.h"
#include "../common/rng.h"
#include "limbforge/poly1305.h"

/* every run makes exactly this many (no branch depends on the back end) */
#define LF_P1305_STATE_MIN_CHECKS 162L

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
/* sizeof(lf_poly1305_state) bytes ending at an inaccessible page */
static lf_poly1305_state *guarded_state(void)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    uint8_t *m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED || mprotect(m + pg, pg, PROT_NONE)) return NULL;
    /* the struct's alignment divides its size, so the end of the page is aligned */
    return (lf_poly1305_state *)(m + pg - sizeof(lf_poly1305_state));
}
#else
static lf_poly1305_state *guarded_state(void) { return NULL; }
#endif

static lf_rng rng = LF_RNG_INIT(0x7031333035737461ULL);
static uint8_t msg[4200];

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = p;
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= b[i];
    return acc == 0;
}

/* which field of the struct holds byte i (for the failure message) */
static const char *field_of(size_t i)
{
    if (i < offsetof(lf_poly1305_state, r)) return "h";
    if (i < offsetof(lf_poly1305_state, s)) return "r";
    if (i < offsetof(lf_poly1305_state, pw)) return "s";
    if (i < offsetof(lf_poly1305_state, buf)) return "pw";
    if (i < offsetof(lf_poly1305_state, buf) + 16) return "buf";
    if (i < offsetof(lf_poly1305_state, buflen)) return "padding";
    if (i < offsetof(lf_poly1305_state, buflen) + sizeof(size_t)) return "buflen";
    if (i < offsetof(lf_poly1305_state, npw)) return "padding";
    if (i < offsetof(lf_poly1305_state, npw) + sizeof(unsigned)) return "npw";
    return "padding";
}

static size_t first_nonzero(const lf_poly1305_state *st)
{
    const uint8_t *b = (const uint8_t *)st;
    for (size_t i = 0; i < sizeof *st; i++)
        if (b[i]) return i;
    return sizeof *st;
}

#define NCHUNK 8 /* 0: no update; 1: whole; 2..6: fixed chunks; 7: random */

static void wiped_after_final(lf_poly1305_state *st)
{
    static const size_t lens[] = {0, 1, 15, 16, 17, 64, 100, 383, 1000, 4096, 4100};
    static const size_t fixed[] = {1, 7, 16, 33, 1024};
    long runs = 0;
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li];
        for (int c = 0; c < NCHUNK; c++) {
            if (c == 0 && len) continue; /* "no update" only for the empty message */
            if (c == 1 && !len) continue;
            uint8_t key[32], want[16], tag[16];
            lf_rng_bytes(&rng, key, 32);
            lf_rng_bytes(&rng, msg, len);
            lf_poly1305(want, msg, len, key);
            memset(st, 0xa5, sizeof *st);
            lf_poly1305_init(st, key);
            if (c == 1) {
                lf_poly1305_update(st, msg, len);
            } else if (c >= 2 && c <= 6) {
                for (size_t off = 0; off < len; off += fixed[c - 2]) {
                    size_t n = len - off < fixed[c - 2] ? len - off : fixed[c - 2];
                    lf_poly1305_update(st, msg + off, n);
                }
            } else if (c == 7) {
                for (size_t off = 0; off < len;) {
                    size_t n = lf_rng_below(&rng, 300);
                    if (n > len - off) n = len - off;
                    lf_poly1305_update(st, msg + off, n); /* n may be 0 */
                    off += n;
                }
            }
            lf_poly1305_final(st, tag);
            CHECK(memcmp(tag, want, 16) == 0, "len %zu chunking %d: tag differs from lf_poly1305",
                  len, c);
            static const lf_poly1305_state zero;
            size_t at = first_nonzero(st);
            CHECK(memcmp(st, &zero, sizeof *st) == 0,
                  "len %zu chunking %d: state not wiped: byte %zu (%s) = 0x%02x", len, c, at,
                  field_of(at), at < sizeof *st ? ((const uint8_t *)st)[at] : 0);
            runs++;
        }
    }
    printf("  final wipes the state: %ld messages and chunkings\n", runs);
}

/* init again without final: npw = 0 while pw still holds the old powers */
static void reinit_without_final(lf_poly1305_state *st)
{
    static const size_t short_lens[] = {0, 5, 16, 31};
    for (size_t i = 0; i < sizeof short_lens / sizeof short_lens[0]; i++) {
        uint8_t k1[32], k2[32], tag[16], want[16];
        lf_rng_bytes(&rng, k1, 32);
        lf_rng_bytes(&rng, k2, 32);
        lf_rng_bytes(&rng, msg, 4096);
        memset(st, 0xa5, sizeof *st);
        lf_poly1305_init(st, k1);
        lf_poly1305_update(st, msg, 4096); /* the vector path where there is one */
        lf_poly1305_init(st, k2);
        lf_poly1305_update(st, msg, short_lens[i]);
        lf_poly1305_final(st, tag);
        lf_poly1305(want, msg, short_lens[i], k2);
        CHECK(memcmp(tag, want, 16) == 0, "re-init, %zu bytes: tag", short_lens[i]);
        CHECK(all_zero(st->pw, sizeof st->pw) && all_zero(st, sizeof *st),
              "re-init, %zu bytes: state (pw: the first key's powers) not wiped: byte %zu (%s)",
              short_lens[i], first_nonzero(st), field_of(first_nonzero(st)));
    }
    printf("  re-init without final: %zu cases\n", sizeof short_lens / sizeof short_lens[0]);
}

int main(void)
{
    lf_test_backend_or_skip("test_p1305_state");
    printf("test_p1305_state: backend %s, sizeof(lf_poly1305_state) %zu\n",
           lf_backend_name(lf_backend_current()), sizeof(lf_poly1305_state));
    static lf_poly1305_state fallback;
    lf_poly1305_state *st = guarded_state();
    if (!st) {
        printf("  no mmap: the state is not at a guard page\n");
        st = &fallback;
    }
    wiped_after_final(st);
    reinit_without_final(st);
    return lf_test_report("test_p1305_state", lf_check_n, lf_check_fails, LF_P1305_STATE_MIN_CHECKS);
}
