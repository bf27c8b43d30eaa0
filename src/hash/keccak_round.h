/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* One Keccak-f[1600] round on named lanes, for the vector kernels
 * (src/hash/native/<arch>/keccak_*.c): each lane variable holds lane (x, y)
 * of several states, one per vector element.  The including file defines the
 * lane type's operations first:
 *   LF_KV_XOR(a, b)       a ^ b
 *   LF_KV_XOR3(a, b, c)   a ^ b ^ c
 *   LF_KV_ROL(x, n)       each 64-bit element rotated left by n, 1 <= n <= 63
 *                         (n is always an integer constant)
 *   LF_KV_CHI(a, b, c)    a ^ (~b & c)
 *   LF_KV_RC(i)           round constant i in every element
 * The round is the same as keccak.c's LF_KECCAK_ROUND (FIPS 202 section 3.2: theta,
 * rho and pi into b0..b4 one output row at a time, chi, iota): it reads the
 * 25 lanes A##xy and writes the 25 lanes E##xy, so rounds alternate between
 * two sets of names and the lane permutation costs nothing.  LF_KV_ROUNDS24
 * runs the 24 rounds, the result back in A##xy. */
#ifndef LF_HASH_KECCAK_ROUND_H
#define LF_HASH_KECCAK_ROUND_H

/* Two steps a file may replace by one instruction (AArch64 SHA3: RAX1, XAR):
 * a ^ rol(b, 1) (theta's D), and rol(X ^ dx, n) (theta, then rho). */
#define LF_KV_D(a, b) LF_KV_XOR(a, LF_KV_ROL(b, 1))
#define LF_KV_THETA_RHO(X, dx, n) LF_KV_ROL(LF_KV_XOR(X, dx), n)

#define LF_KV_ROUND(A, E, i)                                                                       \
    do {                                                                                           \
        LF_KV c0 = LF_KV_XOR3(LF_KV_XOR3(A##00, A##01, A##02), A##03, A##04);                     \
        LF_KV c1 = LF_KV_XOR3(LF_KV_XOR3(A##10, A##11, A##12), A##13, A##14);                     \
        LF_KV c2 = LF_KV_XOR3(LF_KV_XOR3(A##20, A##21, A##22), A##23, A##24);                     \
        LF_KV c3 = LF_KV_XOR3(LF_KV_XOR3(A##30, A##31, A##32), A##33, A##34);                     \
        LF_KV c4 = LF_KV_XOR3(LF_KV_XOR3(A##40, A##41, A##42), A##43, A##44);                     \
        LF_KV d0 = LF_KV_D(c4, c1), d1 = LF_KV_D(c0, c2), d2 = LF_KV_D(c1, c3);                   \
        LF_KV d3 = LF_KV_D(c2, c4), d4 = LF_KV_D(c3, c0), b0, b1, b2, b3, b4;                     \
        b0 = LF_KV_XOR(A##00, d0);                                                                 \
        b1 = LF_KV_THETA_RHO(A##11, d1, 44);                                                       \
        b2 = LF_KV_THETA_RHO(A##22, d2, 43);                                                       \
        b3 = LF_KV_THETA_RHO(A##33, d3, 21);                                                       \
        b4 = LF_KV_THETA_RHO(A##44, d4, 14);                                                       \
        E##00 = LF_KV_XOR(LF_KV_CHI(b0, b1, b2), LF_KV_RC(i));                                    \
        E##10 = LF_KV_CHI(b1, b2, b3);                                                             \
        E##20 = LF_KV_CHI(b2, b3, b4);                                                             \
        E##30 = LF_KV_CHI(b3, b4, b0);                                                             \
        E##40 = LF_KV_CHI(b4, b0, b1);                                                             \
        b0 = LF_KV_THETA_RHO(A##30, d3, 28);                                                       \
        b1 = LF_KV_THETA_RHO(A##41, d4, 20);                                                       \
        b2 = LF_KV_THETA_RHO(A##02, d0, 3);                                                        \
        b3 = LF_KV_THETA_RHO(A##13, d1, 45);                                                       \
        b4 = LF_KV_THETA_RHO(A##24, d2, 61);                                                       \
        E##01 = LF_KV_CHI(b0, b1, b2);                                                             \
        E##11 = LF_KV_CHI(b1, b2, b3);                                                             \
        E##21 = LF_KV_CHI(b2, b3, b4);                                                             \
        E##31 = LF_KV_CHI(b3, b4, b0);                                                             \
        E##41 = LF_KV_CHI(b4, b0, b1);                                                             \
        b0 = LF_KV_THETA_RHO(A##10, d1, 1);                                                        \
        b1 = LF_KV_THETA_RHO(A##21, d2, 6);                                                        \
        b2 = LF_KV_THETA_RHO(A##32, d3, 25);                                                       \
        b3 = LF_KV_THETA_RHO(A##43, d4, 8);                                                        \
        b4 = LF_KV_THETA_RHO(A##04, d0, 18);                                                       \
        E##02 = LF_KV_CHI(b0, b1, b2);                                                             \
        E##12 = LF_KV_CHI(b1, b2, b3);                                                             \
        E##22 = LF_KV_CHI(b2, b3, b4);                                                             \
        E##32 = LF_KV_CHI(b3, b4, b0);                                                             \
        E##42 = LF_KV_CHI(b4, b0, b1);                                                             \
        b0 = LF_KV_THETA_RHO(A##40, d4, 27);                                                       \
        b1 = LF_KV_THETA_RHO(A##01, d0, 36);                                                       \
        b2 = LF_KV_THETA_RHO(A##12, d1, 10);                                                       \
        b3 = LF_KV_THETA_RHO(A##23, d2, 15);                                                       \
        b4 = LF_KV_THETA_RHO(A##34, d3, 56);                                                       \
        E##03 = LF_KV_CHI(b0, b1, b2);                                                             \
        E##13 = LF_KV_CHI(b1, b2, b3);                                                             \
        E##23 = LF_KV_CHI(b2, b3, b4);                                                             \
        E##33 = LF_KV_CHI(b3, b4, b0);                                                             \
        E##43 = LF_KV_CHI(b4, b0, b1);                                                             \
        b0 = LF_KV_THETA_RHO(A##20, d2, 62);                                                       \
        b1 = LF_KV_THETA_RHO(A##31, d3, 55);                                                       \
        b2 = LF_KV_THETA_RHO(A##42, d4, 39);                                                       \
        b3 = LF_KV_THETA_RHO(A##03, d0, 41);                                                       \
        b4 = LF_KV_THETA_RHO(A##14, d1, 2);                                                        \
        E##04 = LF_KV_CHI(b0, b1, b2);                                                             \
        E##14 = LF_KV_CHI(b1, b2, b3);                                                             \
        E##24 = LF_KV_CHI(b2, b3, b4);                                                             \
        E##34 = LF_KV_CHI(b3, b4, b0);                                                             \
        E##44 = LF_KV_CHI(b4, b0, b1);                                                             \
    } while (0)

/* The same round with lane complementing (the Keccak team's "Keccak
 * implementation overview", section 2.2): for an instruction set with AND,
 * OR and NOT but no and-not (RISC-V V without Zvkb), the state is kept with
 * the six lanes (1,0), (2,0), (3,1), (2,2), (2,3), (0,4) complemented
 * (LF_KV_LC_FLIP, once before the rounds and once after); then chi needs one
 * NOT per row of five lanes instead of five (each formula below is
 * chi on the complemented inputs and outputs, checked against the plain
 * round on random states: src/hash/README.md).  Needs, besides the round's
 * theta/rho operations: LF_KV_AND(a, b), LF_KV_OR(a, b), LF_KV_NOT(a), and
 * LF_KV_IOTA(x, i) = x ^ round constant i (e.g. LF_KV_XOR(x, LF_KV_RC(i))). */
#define LF_KV_XAND(a, b, c) LF_KV_XOR(a, LF_KV_AND(b, c))
#define LF_KV_XOR_(a, b, c) LF_KV_XOR(a, LF_KV_OR(b, c))

#define LF_KV_ROUND_LC(A, E, i)                                                                    \
    do {                                                                                           \
        LF_KV c0 = LF_KV_XOR3(LF_KV_XOR3(A##00, A##01, A##02), A##03, A##04);                      \
        LF_KV c1 = LF_KV_XOR3(LF_KV_XOR3(A##10, A##11, A##12), A##13, A##14);                      \
        LF_KV c2 = LF_KV_XOR3(LF_KV_XOR3(A##20, A##21, A##22), A##23, A##24);                      \
        LF_KV c3 = LF_KV_XOR3(LF_KV_XOR3(A##30, A##31, A##32), A##33, A##34);                      \
        LF_KV c4 = LF_KV_XOR3(LF_KV_XOR3(A##40, A##41, A##42), A##43, A##44);                      \
        LF_KV d, b0, b1, b2, b3, b4, nb;                                                           \
        d = LF_KV_D(c0, c2);                                                                       \
        A##10 = LF_KV_XOR(A##10, d), A##11 = LF_KV_XOR(A##11, d), A##12 = LF_KV_XOR(A##12, d);     \
        A##13 = LF_KV_XOR(A##13, d), A##14 = LF_KV_XOR(A##14, d);                                  \
        d = LF_KV_D(c2, c4);                                                                       \
        A##30 = LF_KV_XOR(A##30, d), A##31 = LF_KV_XOR(A##31, d), A##32 = LF_KV_XOR(A##32, d);     \
        A##33 = LF_KV_XOR(A##33, d), A##34 = LF_KV_XOR(A##34, d);                                  \
        d = LF_KV_D(c4, c1);                                                                       \
        A##00 = LF_KV_XOR(A##00, d), A##01 = LF_KV_XOR(A##01, d), A##02 = LF_KV_XOR(A##02, d);     \
        A##03 = LF_KV_XOR(A##03, d), A##04 = LF_KV_XOR(A##04, d);                                  \
        d = LF_KV_D(c1, c3);                                                                       \
        A##20 = LF_KV_XOR(A##20, d), A##21 = LF_KV_XOR(A##21, d), A##22 = LF_KV_XOR(A##22, d);     \
        A##23 = LF_KV_XOR(A##23, d), A##24 = LF_KV_XOR(A##24, d);                                  \
        d = LF_KV_D(c3, c0);                                                                       \
        A##40 = LF_KV_XOR(A##40, d), A##41 = LF_KV_XOR(A##41, d), A##42 = LF_KV_XOR(A##42, d);     \
        A##43 = LF_KV_XOR(A##43, d), A##44 = LF_KV_XOR(A##44, d);                                  \
        b0 = LF_KV_ROL(A##20, 62);                                                                 \
        b1 = LF_KV_ROL(A##31, 55);                                                                 \
        b2 = LF_KV_ROL(A##42, 39);                                                                 \
        b3 = LF_KV_ROL(A##03, 41);                                                                 \
        b4 = LF_KV_ROL(A##14, 2);                                                                  \
        nb = LF_KV_NOT(b1);                                                                        \
        E##04 = LF_KV_XAND(b0, nb, b2);                                                            \
        E##14 = LF_KV_XOR_(nb, b2, b3);                                                            \
        E##24 = LF_KV_XAND(b2, b3, b4);                                                            \
        E##34 = LF_KV_XOR_(b3, b4, b0);                                                            \
        E##44 = LF_KV_XAND(b4, b0, b1);                                                            \
        b0 = LF_KV_ROL(A##40, 27);                                                                 \
        b1 = LF_KV_ROL(A##01, 36);                                                                 \
        b2 = LF_KV_ROL(A##12, 10);                                                                 \
        b3 = LF_KV_ROL(A##23, 15);                                                                 \
        b4 = LF_KV_ROL(A##34, 56);                                                                 \
        nb = LF_KV_NOT(b3);                                                                        \
        E##03 = LF_KV_XAND(b0, b1, b2);                                                            \
        E##13 = LF_KV_XOR_(b1, b2, b3);                                                            \
        E##23 = LF_KV_XOR_(b2, nb, b4);                                                            \
        E##33 = LF_KV_XAND(nb, b4, b0);                                                            \
        E##43 = LF_KV_XOR_(b4, b0, b1);                                                            \
        b0 = LF_KV_ROL(A##10, 1);                                                                  \
        b1 = LF_KV_ROL(A##21, 6);                                                                  \
        b2 = LF_KV_ROL(A##32, 25);                                                                 \
        b3 = LF_KV_ROL(A##43, 8);                                                                  \
        b4 = LF_KV_ROL(A##04, 18);                                                                 \
        nb = LF_KV_NOT(b3);                                                                        \
        E##02 = LF_KV_XOR_(b0, b1, b2);                                                            \
        E##12 = LF_KV_XAND(b1, b2, b3);                                                            \
        E##22 = LF_KV_XAND(b2, nb, b4);                                                            \
        E##32 = LF_KV_XOR_(nb, b4, b0);                                                            \
        E##42 = LF_KV_XAND(b4, b0, b1);                                                            \
        b0 = LF_KV_ROL(A##30, 28);                                                                 \
        b1 = LF_KV_ROL(A##41, 20);                                                                 \
        b2 = LF_KV_ROL(A##02, 3);                                                                  \
        b3 = LF_KV_ROL(A##13, 45);                                                                 \
        b4 = LF_KV_ROL(A##24, 61);                                                                 \
        nb = LF_KV_NOT(b4);                                                                        \
        E##01 = LF_KV_XOR_(b0, b1, b2);                                                            \
        E##11 = LF_KV_XAND(b1, b2, b3);                                                            \
        E##21 = LF_KV_XOR_(b2, b3, nb);                                                            \
        E##31 = LF_KV_XOR_(b3, b4, b0);                                                            \
        E##41 = LF_KV_XAND(b4, b0, b1);                                                            \
        b0 = A##00;                                                                                \
        b1 = LF_KV_ROL(A##11, 44);                                                                 \
        b2 = LF_KV_ROL(A##22, 43);                                                                 \
        b3 = LF_KV_ROL(A##33, 21);                                                                 \
        b4 = LF_KV_ROL(A##44, 14);                                                                 \
        nb = LF_KV_NOT(b2);                                                                        \
        E##00 = LF_KV_IOTA(LF_KV_XOR_(b0, b1, b2), i);                                             \
        E##10 = LF_KV_XOR_(b1, nb, b3);                                                            \
        E##20 = LF_KV_XAND(b2, b3, b4);                                                            \
        E##30 = LF_KV_XOR_(b3, b4, b0);                                                            \
        E##40 = LF_KV_XAND(b4, b0, b1);                                                            \
    } while (0)

/* complement the six lanes of lane complementing (before and after the rounds) */
#define LF_KV_LC_FLIP(A)                                                                           \
    do {                                                                                           \
        A##10 = LF_KV_NOT(A##10), A##20 = LF_KV_NOT(A##20), A##31 = LF_KV_NOT(A##31);             \
        A##22 = LF_KV_NOT(A##22), A##23 = LF_KV_NOT(A##23), A##04 = LF_KV_NOT(A##04);             \
    } while (0)

#define LF_KV_ROUNDS24_LC(A, E)                                                                    \
    do {                                                                                           \
        _Pragma("GCC unroll 1") for (int lf_kv_i = 0; lf_kv_i < 24; lf_kv_i += 2)                 \
        {                                                                                          \
            LF_KV_ROUND_LC(A, E, lf_kv_i);                                                         \
            LF_KV_ROUND_LC(E, A, lf_kv_i + 1);                                                     \
        }                                                                                          \
    } while (0)

/* The 24 rounds, two per loop iteration (A -> E -> A), the result in A##xy.
 * Not unrolled further on purpose: the lane permutation is already a
 * renaming, and with all 24 rounds written out gcc 12 schedules the AVX2
 * kernel worse (one basic block of ~4000 instructions: -O3 1000-1120 TSC
 * ticks per x4 call against 880 for this loop; AVX-512 ymm 517 vs 509, zmm
 * 532 vs 500; src/hash/README.md). */
#define LF_KV_ROUNDS24(A, E)                                                                       \
    do {                                                                                           \
        _Pragma("GCC unroll 1") for (int lf_kv_i = 0; lf_kv_i < 24; lf_kv_i += 2)                 \
        {                                                                                          \
            LF_KV_ROUND(A, E, lf_kv_i);                                                            \
            LF_KV_ROUND(E, A, lf_kv_i + 1);                                                        \
        }                                                                                          \
    } while (0)

/* Declarations of the two lane sets, and the loads/stores of the first one
 * through LF_KV_LOAD(i) / LF_KV_STORE(i, v) (lane i = x + 5 y). */
#define LF_KV_DECLARE(A)                                                                           \
    LF_KV A##00, A##10, A##20, A##30, A##40, A##01, A##11, A##21, A##31, A##41, A##02, A##12,     \
        A##22, A##32, A##42, A##03, A##13, A##23, A##33, A##43, A##04, A##14, A##24, A##34, A##44

#define LF_KV_LOAD_ALL(A)                                                                          \
    do {                                                                                           \
        A##00 = LF_KV_LOAD(0), A##10 = LF_KV_LOAD(1), A##20 = LF_KV_LOAD(2);                      \
        A##30 = LF_KV_LOAD(3), A##40 = LF_KV_LOAD(4), A##01 = LF_KV_LOAD(5);                      \
        A##11 = LF_KV_LOAD(6), A##21 = LF_KV_LOAD(7), A##31 = LF_KV_LOAD(8);                      \
        A##41 = LF_KV_LOAD(9), A##02 = LF_KV_LOAD(10), A##12 = LF_KV_LOAD(11);                    \
        A##22 = LF_KV_LOAD(12), A##32 = LF_KV_LOAD(13), A##42 = LF_KV_LOAD(14);                   \
        A##03 = LF_KV_LOAD(15), A##13 = LF_KV_LOAD(16), A##23 = LF_KV_LOAD(17);                   \
        A##33 = LF_KV_LOAD(18), A##43 = LF_KV_LOAD(19), A##04 = LF_KV_LOAD(20);                   \
        A##14 = LF_KV_LOAD(21), A##24 = LF_KV_LOAD(22), A##34 = LF_KV_LOAD(23);                   \
        A##44 = LF_KV_LOAD(24);                                                                    \
    } while (0)

#define LF_KV_STORE_ALL(A)                                                                         \
    do {                                                                                           \
        LF_KV_STORE(0, A##00), LF_KV_STORE(1, A##10), LF_KV_STORE(2, A##20);                      \
        LF_KV_STORE(3, A##30), LF_KV_STORE(4, A##40), LF_KV_STORE(5, A##01);                      \
        LF_KV_STORE(6, A##11), LF_KV_STORE(7, A##21), LF_KV_STORE(8, A##31);                      \
        LF_KV_STORE(9, A##41), LF_KV_STORE(10, A##02), LF_KV_STORE(11, A##12);                    \
        LF_KV_STORE(12, A##22), LF_KV_STORE(13, A##32), LF_KV_STORE(14, A##42);                   \
        LF_KV_STORE(15, A##03), LF_KV_STORE(16, A##13), LF_KV_STORE(17, A##23);                   \
        LF_KV_STORE(18, A##33), LF_KV_STORE(19, A##43), LF_KV_STORE(20, A##04);                   \
        LF_KV_STORE(21, A##14), LF_KV_STORE(22, A##24), LF_KV_STORE(23, A##34);                   \
        LF_KV_STORE(24, A##44);                                                                    \
    } while (0)

#endif
