/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Keccak-f[1600] (FIPS 202 section 3): the portable permutation, the kernel
 * dispatch and the multi-stream absorb/squeeze helpers (keccak_internal.h).
 * The round below is straight-line code written by a few lines of Python
 * from FIPS 202's rho offsets and pi permutation (src/hash/README.md): each
 * round reads 25 named lanes and writes the other 25, so two rounds per
 * loop iteration need no moves. */
#include <stdlib.h>
#include <string.h>

#include "hash/keccak_internal.h"

/* RC[i] of FIPS 202 Algorithm 6 (iota), computed from its LFSR, rc(t) */
LF_HIDDEN const uint64_t lf_keccak_rc[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808aull,
    0x8000000080008000ull, 0x000000000000808bull, 0x0000000080000001ull,
    0x8000000080008081ull, 0x8000000000008009ull, 0x000000000000008aull,
    0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000aull,
    0x000000008000808bull, 0x800000000000008bull, 0x8000000000008089ull,
    0x8000000000008003ull, 0x8000000000008002ull, 0x8000000000000080ull,
    0x000000000000800aull, 0x800000008000000aull, 0x8000000080008081ull,
    0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull};

#define LF_KECCAK_ROL(x, n) ((uint64_t)((x) << (n)) | (uint64_t)((x) >> ((64 - (n)) & 63)))

/* One round from the lanes A##xy into E##xy: theta, rho and pi (into b0..b4,
 * one output row y at a time: b[X] = A[x][y'] with X = y', Y = 2x + 3y'),
 * chi and iota. */
#define LF_KECCAK_ROUND(A, E, rc)                                                          \
    do {                                                                             \
        uint64_t c0 = A##00 ^ A##01 ^ A##02 ^ A##03 ^ A##04, c1 = A##10 ^ A##11 ^ A##12 ^ A##13 ^ A##14; \
        uint64_t c2 = A##20 ^ A##21 ^ A##22 ^ A##23 ^ A##24, c3 = A##30 ^ A##31 ^ A##32 ^ A##33 ^ A##34; \
        uint64_t c4 = A##40 ^ A##41 ^ A##42 ^ A##43 ^ A##44;                           \
        uint64_t d0 = c4 ^ LF_KECCAK_ROL(c1, 1), d1 = c0 ^ LF_KECCAK_ROL(c2, 1), d2 = c1 ^ LF_KECCAK_ROL(c3, 1); \
        uint64_t d3 = c2 ^ LF_KECCAK_ROL(c4, 1), d4 = c3 ^ LF_KECCAK_ROL(c0, 1), b0, b1, b2, b3, b4;  \
        b0 = LF_KECCAK_ROL(A##00 ^ d0, 0); b1 = LF_KECCAK_ROL(A##11 ^ d1, 44); b2 = LF_KECCAK_ROL(A##22 ^ d2, 43); \
        b3 = LF_KECCAK_ROL(A##33 ^ d3, 21); b4 = LF_KECCAK_ROL(A##44 ^ d4, 14); \
        E##00 = b0 ^ (~b1 & b2); E##10 = b1 ^ (~b2 & b3); E##20 = b2 ^ (~b3 & b4); \
        E##30 = b3 ^ (~b4 & b0); E##40 = b4 ^ (~b0 & b1); \
        b0 = LF_KECCAK_ROL(A##30 ^ d3, 28); b1 = LF_KECCAK_ROL(A##41 ^ d4, 20); b2 = LF_KECCAK_ROL(A##02 ^ d0, 3); \
        b3 = LF_KECCAK_ROL(A##13 ^ d1, 45); b4 = LF_KECCAK_ROL(A##24 ^ d2, 61); \
        E##01 = b0 ^ (~b1 & b2); E##11 = b1 ^ (~b2 & b3); E##21 = b2 ^ (~b3 & b4); \
        E##31 = b3 ^ (~b4 & b0); E##41 = b4 ^ (~b0 & b1); \
        b0 = LF_KECCAK_ROL(A##10 ^ d1, 1); b1 = LF_KECCAK_ROL(A##21 ^ d2, 6); b2 = LF_KECCAK_ROL(A##32 ^ d3, 25); \
        b3 = LF_KECCAK_ROL(A##43 ^ d4, 8); b4 = LF_KECCAK_ROL(A##04 ^ d0, 18); \
        E##02 = b0 ^ (~b1 & b2); E##12 = b1 ^ (~b2 & b3); E##22 = b2 ^ (~b3 & b4); \
        E##32 = b3 ^ (~b4 & b0); E##42 = b4 ^ (~b0 & b1); \
        b0 = LF_KECCAK_ROL(A##40 ^ d4, 27); b1 = LF_KECCAK_ROL(A##01 ^ d0, 36); b2 = LF_KECCAK_ROL(A##12 ^ d1, 10); \
        b3 = LF_KECCAK_ROL(A##23 ^ d2, 15); b4 = LF_KECCAK_ROL(A##34 ^ d3, 56); \
        E##03 = b0 ^ (~b1 & b2); E##13 = b1 ^ (~b2 & b3); E##23 = b2 ^ (~b3 & b4); \
        E##33 = b3 ^ (~b4 & b0); E##43 = b4 ^ (~b0 & b1); \
        b0 = LF_KECCAK_ROL(A##20 ^ d2, 62); b1 = LF_KECCAK_ROL(A##31 ^ d3, 55); b2 = LF_KECCAK_ROL(A##42 ^ d4, 39); \
        b3 = LF_KECCAK_ROL(A##03 ^ d0, 41); b4 = LF_KECCAK_ROL(A##14 ^ d1, 2); \
        E##04 = b0 ^ (~b1 & b2); E##14 = b1 ^ (~b2 & b3); E##24 = b2 ^ (~b3 & b4); \
        E##34 = b3 ^ (~b4 & b0); E##44 = b4 ^ (~b0 & b1); \
        E##00 ^= (rc);                                                                 \
    } while (0)


LF_HIDDEN void lf_keccakf1600_c(uint64_t s[25])
{
    uint64_t a00 = s[0], a10 = s[1], a20 = s[2], a30 = s[3], a40 = s[4];
    uint64_t a01 = s[5], a11 = s[6], a21 = s[7], a31 = s[8], a41 = s[9];
    uint64_t a02 = s[10], a12 = s[11], a22 = s[12], a32 = s[13], a42 = s[14];
    uint64_t a03 = s[15], a13 = s[16], a23 = s[17], a33 = s[18], a43 = s[19];
    uint64_t a04 = s[20], a14 = s[21], a24 = s[22], a34 = s[23], a44 = s[24];
    uint64_t e00, e10, e20, e30, e40, e01, e11, e21, e31, e41, e02, e12, e22, e32, e42, e03, e13, e23, e33, e43, e04, e14, e24, e34, e44;
    for (int i = 0; i < 24; i += 2) {
        LF_KECCAK_ROUND(a, e, lf_keccak_rc[i]);
        LF_KECCAK_ROUND(e, a, lf_keccak_rc[i + 1]);
    }
    s[0] = a00; s[1] = a10; s[2] = a20; s[3] = a30; s[4] = a40;
    s[5] = a01; s[6] = a11; s[7] = a21; s[8] = a31; s[9] = a41;
    s[10] = a02; s[11] = a12; s[12] = a22; s[13] = a32; s[14] = a42;
    s[15] = a03; s[16] = a13; s[17] = a23; s[18] = a33; s[19] = a43;
    s[20] = a04; s[21] = a14; s[22] = a24; s[23] = a34; s[24] = a44;
}

/* n interleaved states, one at a time */
static void lf_keccak_xn_c(uint64_t *s, unsigned n)
{
    uint64_t t[25];
    for (unsigned j = 0; j < n; j++) {
        for (int i = 0; i < 25; i++) t[i] = s[n * i + j];
        lf_keccakf1600_c(t);
        for (int i = 0; i < 25; i++) s[n * i + j] = t[i];
    }
    lf_wipe(t, sizeof t);
}

static void lf_keccakf1600_x4_c(uint64_t s[100]) { lf_keccak_xn_c(s, 4); }
static void lf_keccakf1600_x8_c(uint64_t s[200]) { lf_keccak_xn_c(s, 8); }

LF_HIDDEN const lf_keccak_kernels lf_keccak_kernels_c = {lf_keccakf1600_c, lf_keccakf1600_x4_c,
                                                         lf_keccakf1600_x8_c, "c", 1};

/* ---------------------------------------------------------------- dispatch */
/* The sets that exist: LF_NATIVE_KECCAK_<B> (src/hash/sources.cmake). */
#define LF_NATIVE_KECCAK_C 1
#define LF_DISPATCH_OWN(B) LF_NATIVE_KECCAK_##B
#define LF_DISPATCH_ENTRY(B, b) &lf_keccak_kernels_##b
static const lf_keccak_kernels *const lf_keccak_table[LF_DISPATCH_SLOTS] = {
#include "generated/dispatch_table.h"
};
#define LF_DISPATCH_MASK
LF_HIDDEN const lf_dispatch_info lf_keccak_dispatch = {"keccak", lf_keccak_table,
                                                       sizeof lf_keccak_table[0],
#include "generated/dispatch_table.h"
};

#ifdef LF_VERIFY
/* LF_VERIFY: a native set's kernels run through a contract check, state by
 * state against the portable permutation on a copy (the C set is that
 * reference and runs unchecked); a difference aborts. */
static void lf_keccak_verify_n(uint64_t *s, unsigned n)
{
    uint64_t ref[200], one[25];
    const lf_keccak_kernels *k = lf_keccak_table[lf_dispatch_slot()];
    memcpy(ref, s, 25 * n * sizeof *s);
    if (n == 8) k->x8(s);
    else if (n == 4) k->x4(s);
    else k->f1600(s);
    for (unsigned j = 0; j < n; j++) {
        for (int i = 0; i < 25; i++) one[i] = ref[n * i + j];
        lf_keccakf1600_c(one);
        for (int i = 0; i < 25; i++)
            if (one[i] != s[n * i + j]) abort();
    }
}
static void lf_keccak_verify_1(uint64_t s[25]) { lf_keccak_verify_n(s, 1); }
static void lf_keccak_verify_4(uint64_t s[100]) { lf_keccak_verify_n(s, 4); }
static void lf_keccak_verify_8(uint64_t s[200]) { lf_keccak_verify_n(s, 8); }
static const lf_keccak_kernels lf_keccak_kernels_verify = {lf_keccak_verify_1, lf_keccak_verify_4,
                                                           lf_keccak_verify_8, "verify", 0};

LF_HIDDEN const lf_keccak_kernels *lf_keccak_k(void)
{
    const lf_keccak_kernels *k = lf_keccak_table[lf_dispatch_slot()];
    return k == &lf_keccak_kernels_c ? k : &lf_keccak_kernels_verify;
}
#else
LF_HIDDEN const lf_keccak_kernels *lf_keccak_k(void) { return lf_keccak_table[lf_dispatch_slot()]; }
#endif

LF_HIDDEN const lf_keccak_kernels *lf_keccak_k_of(int b)
{
    return (b >= 0 && b < LF_DISPATCH_SLOTS) ? lf_keccak_table[b] : NULL;
}

LF_HIDDEN void lf_keccak_permute(uint64_t *s, unsigned n)
{
    lf_keccak_permute_k(lf_keccak_k(), s, n);
}

/* ------------------------------------------------------ multi-stream SHAKE */
LF_HIDDEN void lf_keccak_absorb_once(uint64_t *s, unsigned n, unsigned rate, uint8_t dsbyte,
                                     const uint8_t *const *in, size_t inlen)
{
    size_t off = 0;
    memset(s, 0, 25 * n * sizeof *s);
    for (; inlen - off >= rate; off += rate) {
        for (unsigned j = 0; j < n; j++)
            for (unsigned i = 0; i < rate / 8; i++) s[n * i + j] ^= lf_load64_le(in[j] + off + 8 * i);
        lf_keccak_permute(s, n);
    }
    for (unsigned j = 0; j < n; j++) {
        size_t i = 0;
        for (; i + 8 <= inlen - off; i += 8) s[n * (i / 8) + j] ^= lf_load64_le(in[j] + off + i);
        for (; i < inlen - off; i++) lf_keccak_xor_byte(s, n, j, i, in[j][off + i]);
        lf_keccak_xor_byte(s, n, j, inlen - off, dsbyte);
        lf_keccak_xor_byte(s, n, j, rate - 1, 0x80);
    }
}

LF_HIDDEN void lf_keccak_squeeze_blocks(uint64_t *s, unsigned n, unsigned rate,
                                        uint8_t *const *out, size_t nblocks)
{
    for (size_t b = 0; b < nblocks; b++) {
        lf_keccak_permute(s, n);
        for (unsigned j = 0; j < n; j++)
            for (unsigned i = 0; i < rate / 8; i++)
                lf_store64_le(out[j] + b * rate + 8 * i, s[n * i + j]);
    }
}
