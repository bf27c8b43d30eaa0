/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* safegcd.c: the compiled entries of safegcd.h, for descriptors known only
 * at run time (mp's moduli; anything whose limb count is not a compile-time
 * constant).  Contracts: safegcd.h. */
#include "modinv/safegcd.h"

#include "limbforge/limbforge.h"

/* 1 if x != 0, else 0, without a branch */
static uint64_t lf_sg_nonzero(uint64_t x)
{
    return (x | (0 - x)) >> 63;
}

int lf_sg_mod_init(lf_sg_mod *m, const uint64_t *p, size_t n, unsigned bits)
{
    uint64_t high = 0, low = 0, bad;
    if (!m || !p || n < 1 || n > LF_SG_MAX_N64 || bits < 2 || bits > LF_SG_MAX_BITS ||
        bits > 64 * n)
        return LF_ERR_PARAM;
    /* p odd, p != 1, p < 2^bits: accumulated without branches on p (which
     * may be secret).  bits is public, so the masks are too. */
    for (size_t i = 0; i < n; i++) {
        uint64_t keep; /* the bits of limb i below 2^bits */
        if (64 * (i + 1) <= bits) keep = ~(uint64_t)0;
        else if (64 * i >= bits) keep = 0;
        else keep = ((uint64_t)1 << (bits - 64 * i)) - 1;
        high |= p[i] & ~keep;
        low |= i == 0 ? p[i] >> 1 : p[i];
    }
    bad = (~p[0] & 1) | (lf_sg_nonzero(low) ^ 1) | lf_sg_nonzero(high);
    /* Filled in either way (no branch on p); with a bad p it is not usable. */
    lf_sg_mod_set(m, p, (int)n, (int)bits, lf_sg_pinv62(p[0]));
    return LF_ERR_PARAM & -(int)lf_vb(bad);
}

void lf_sg_inv(const lf_sg_mod *m, uint64_t *r, const uint64_t *x)
{
    int64_t w[LF_SG_WORK(LF_SG_MAX_N62)];
    lf_sg_inv_core(m, r, x, w, 0);
}

void lf_sg_inv_var(const lf_sg_mod *m, uint64_t *r, const uint64_t *x)
{
    int64_t w[LF_SG_WORK(LF_SG_MAX_N62)];
    lf_sg_inv_core(m, r, x, w, 1);
}
