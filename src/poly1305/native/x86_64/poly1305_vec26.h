/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Template for the radix 2^26 vector Poly1305 kernels (AVX2: 4 lanes,
 * AVX-512: 8 lanes).  The including file defines the vector type and
 * operations below, then includes this file once.
 *
 *   V                  vector of VL 64-bit lanes
 *   V_SET1(x) V_ADD V_AND V_OR V_SRLI(a,n) V_SLLI(a,n)
 *   V_MUL(a,b)         32x32->64 product of the low halves of each lane
 *   V_LOADU(p) V_STOREU(p,v) on uint64_t[VL]
 *   V_UNPACKLO/HI(a,b) 64-bit unpack within 128-bit lanes
 *   V_LANE0(x)         x in lane 0, zeros elsewhere
 *   P1305_ORDER        block index held by each lane position after the
 *                      unpack of two VL/2-block loads
 *   P1305_FN           the function name
 *
 * Method (lane j holds blocks j, j+VL, j+2VL, ... of a run of nblocks = k VL
 * blocks).  The RFC's h = (...((h + m_1) r + m_2) r ...+ m_n) r expands to
 *   h r^n + sum_i m_i r^(n-i+1);
 * each step H = (H + M) r^VL on all lanes, except the last, which multiplies
 * the lane holding block j (0 <= j < VL) of the final chunk by r^(VL-j) — so
 * block i of the run ends up multiplied by exactly r^(n-i+1).  The incoming
 * h is put in the lane of block 0 of the first chunk (it then collects
 * r^(k VL) = r^n).  The lanes are added at the end.
 *
 * Bounds (per lane, same as the portable radix 2^26 kernel): H limbs < 2^27
 * before adding a chunk (to26 gives < 2^27; the carry pass below gives
 * limbs < 2^26 + 2^11), < 2^28 after; power limbs r_i < 2^26, 5 r_i < 2^29;
 * products < 2^57.4, columns < 2^60.  The carry is two rounds in which
 * every limb passes its excess to the next at once (limb 4's times 5 to
 * limb 0), which is shorter in latency than one sequential chain: after the
 * first round limbs < 2^26 + 2^36.4 (carries < 2^34), after the second
 * < 2^26 + 2^10.4.  The lane sums (VL <= 8 lanes)
 * are < 2^30, within from26's < 2^62.
 */

static inline void p1305v_mul(V H[5], const V R[5], const V S[5], V mask)
{
    V d0 = V_ADD(V_ADD(V_MUL(H[0], R[0]), V_MUL(H[1], S[4])),
                 V_ADD(V_ADD(V_MUL(H[2], S[3]), V_MUL(H[3], S[2])), V_MUL(H[4], S[1])));
    V d1 = V_ADD(V_ADD(V_MUL(H[0], R[1]), V_MUL(H[1], R[0])),
                 V_ADD(V_ADD(V_MUL(H[2], S[4]), V_MUL(H[3], S[3])), V_MUL(H[4], S[2])));
    V d2 = V_ADD(V_ADD(V_MUL(H[0], R[2]), V_MUL(H[1], R[1])),
                 V_ADD(V_ADD(V_MUL(H[2], R[0]), V_MUL(H[3], S[4])), V_MUL(H[4], S[3])));
    V d3 = V_ADD(V_ADD(V_MUL(H[0], R[3]), V_MUL(H[1], R[2])),
                 V_ADD(V_ADD(V_MUL(H[2], R[1]), V_MUL(H[3], R[0])), V_MUL(H[4], S[4])));
    V d4 = V_ADD(V_ADD(V_MUL(H[0], R[4]), V_MUL(H[1], R[3])),
                 V_ADD(V_ADD(V_MUL(H[2], R[2]), V_MUL(H[3], R[1])), V_MUL(H[4], R[0])));
    /* two carry rounds, all limbs in parallel (bounds above) */
    for (int round = 0; round < 2; round++) {
        V c0 = V_SRLI(d0, 26), c1 = V_SRLI(d1, 26), c2 = V_SRLI(d2, 26), c3 = V_SRLI(d3, 26),
          c4 = V_SRLI(d4, 26);
        d0 = V_ADD(V_AND(d0, mask), V_ADD(c4, V_SLLI(c4, 2)));
        d1 = V_ADD(V_AND(d1, mask), c0);
        d2 = V_ADD(V_AND(d2, mask), c1);
        d3 = V_ADD(V_AND(d3, mask), c2);
        d4 = V_ADD(V_AND(d4, mask), c3);
    }
    H[0] = d0; H[1] = d1; H[2] = d2; H[3] = d3; H[4] = d4;
}

/* H += the VL blocks at m (limbs < 2^26, pad bit 2^128 = 2^24 in limb 4). */
static inline void p1305v_add_blocks(V H[5], const uint8_t *m, V mask, V pad)
{
    V a = V_LOADU((const void *)m), b = V_LOADU((const void *)(m + 8 * VL));
    V lo = V_UNPACKLO(a, b), hi = V_UNPACKHI(a, b);
    H[0] = V_ADD(H[0], V_AND(lo, mask));
    H[1] = V_ADD(H[1], V_AND(V_SRLI(lo, 26), mask));
    H[2] = V_ADD(H[2], V_AND(V_OR(V_SRLI(lo, 52), V_SLLI(hi, 12)), mask));
    H[3] = V_ADD(H[3], V_AND(V_SRLI(hi, 14), mask));
    H[4] = V_ADD(H[4], V_OR(V_SRLI(hi, 40), pad));
}

static inline V p1305v_lanes(const uint64_t x[VL])
{
    return V_LOADU((const void *)x);
}

void P1305_FN(uint64_t h[3], const uint64_t pw[][3], const uint8_t *m, size_t nblocks)
{
    static const int order[VL] = P1305_ORDER;
    const V mask = V_SET1(0x3ffffff), pad = V_SET1((uint64_t)1 << 24);
    V R[5], S[5], RF[5], SF[5], H[5];
    uint64_t l[5], lanes[5][VL];

    lf_p1305_44to26(l, pw[VL - 1]); /* r^VL on every lane */
    for (int j = 0; j < 5; j++) {
        R[j] = V_SET1(l[j]);
        S[j] = V_ADD(R[j], V_SLLI(R[j], 2));
    }
    for (int p = 0; p < VL; p++) { /* r^(VL - block) per lane for the last chunk */
        lf_p1305_44to26(l, pw[VL - 1 - order[p]]);
        for (int j = 0; j < 5; j++) lanes[j][p] = l[j];
    }
    for (int j = 0; j < 5; j++) {
        RF[j] = p1305v_lanes(lanes[j]);
        SF[j] = V_ADD(RF[j], V_SLLI(RF[j], 2));
    }
    lf_p1305_to26(l, h); /* h joins block 0 (lane position 0) */
    for (int j = 0; j < 5; j++) H[j] = V_LANE0(l[j]);

    size_t chunks = nblocks / VL;
    for (; chunks > 1; chunks--, m += 16 * VL) {
        p1305v_add_blocks(H, m, mask, pad);
        p1305v_mul(H, R, S, mask);
    }
    p1305v_add_blocks(H, m, mask, pad);
    p1305v_mul(H, RF, SF, mask);

    for (int j = 0; j < 5; j++) {
        V_STOREU((void *)lanes[j], H[j]);
        uint64_t t = 0;
        for (int p = 0; p < VL; p++) t += lanes[j][p];
        l[j] = t;
    }
    lf_p1305_from26(h, l);
}
