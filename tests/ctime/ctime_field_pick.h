/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Public test values for the field constant-time cases (ctime_field.c,
 * ctime_field_vec.c): FIELD_CTIME_PICK(f, NB) defines
 *     static void pick_<f>(lf_<f>_t *r, int round)
 * round 0 = 0, 1 = 1, 2 = p-1 (via -1), others random below p. */
#ifndef LF_TEST_CTIME_FIELD_PICK_H
#define LF_TEST_CTIME_FIELD_PICK_H

#define FIELD_CTIME_PICK(f, NB)                                                         \
    static void pick_##f(lf_##f##_t *r, int round)                                      \
    {                                                                                   \
        uint8_t b[NB];                                                                  \
        lf_##f##_t one;                                                                 \
        lf_##f##_set_one(&one);                                                         \
        if (round == 0) { lf_##f##_set_zero(r); return; }                               \
        if (round == 1) { *r = one; return; }                                           \
        if (round == 2) { lf_##f##_neg(r, &one); return; }                              \
        do {                                                                            \
            lf_rng_bytes(&lf_ctime_rng, b, NB);                                         \
            b[0] >>= (unsigned)lf_rng_below(&lf_ctime_rng, 3);                          \
        } while (lf_##f##_from_bytes(r, b) != LF_OK);                                   \
    }

#endif
