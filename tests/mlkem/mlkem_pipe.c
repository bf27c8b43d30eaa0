/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Helper of mlkem_oracle.py and mlkem_wycheproof.py: the ML-KEM API
 * (include/limbforge/mlkem.h) through the line format of tests/common/pipe.h.
 *
 *   keygen SET SEED [EKLEN DKLEN]   lf_mlkem_keypair_derand      -> RC EK DK
 *   keypair SET [EKLEN DKLEN]       lf_mlkem_keypair (OS random) -> RC EK DK
 *   encaps SET EK M [CTLEN]         lf_mlkem_encaps_derand       -> RC CT SS
 *   encapsr SET EK [CTLEN]          lf_mlkem_encaps (OS random)  -> RC CT SS
 *   decaps SET CT DK                lf_mlkem_decaps              -> RC SS
 *   sizes SET                       lf_mlkem_{ek,dk,ct}_bytes    -> EK DK CT
 *
 * SET: the lf_mlkem_set value, decimal (2, 3, 4 are the sets; anything else is
 * passed through as it is).  SEED, EK, CT, DK: hex byte strings of any length
 * up to MAXB ("-" when empty), passed with their own length; M: 32 bytes.  The
 * output lengths default to the set's sizes from the header's macros (for an
 * unknown set: ML-KEM-768's), else as given.  RC is decimal; the outputs
 * follow only when RC is 0 (LF_OK), as hex of the lengths passed.
 *
 * Every output buffer is filled with 0xaa before the call and has GUARD more
 * bytes of 0xaa after the length passed; the answer is
 *   fail zero     RC != 0 and an output is not all zero over min(the length
 *                 passed, the set's length of it: 0 for an unknown set; ss 32)
 *   fail overrun  a byte after an output's length was written, or, when
 *                 RC != 0, a byte after that min (mlkem.h's error policy)
 *   fail input    an input buffer changed
 * Honours LIMBFORGE_BACKEND (exit 77 when the CPU lacks it). */
#include "../common/pipe.h"
#include "limbforge/mlkem.h"

#define MAXB 8192
#define GUARD 64

static uint8_t in1[MAXB], in2[MAXB], copy1[MAXB], copy2[MAXB];
static uint8_t out1[MAXB + GUARD], out2[MAXB + GUARD], ss[32 + GUARD];

static void set_sizes(long set, size_t *ek, size_t *dk, size_t *ct)
{
    switch (set) {
    case 2:
        *ek = LF_MLKEM512_EK_BYTES, *dk = LF_MLKEM512_DK_BYTES, *ct = LF_MLKEM512_CT_BYTES;
        break;
    case 4:
        *ek = LF_MLKEM1024_EK_BYTES, *dk = LF_MLKEM1024_DK_BYTES, *ct = LF_MLKEM1024_CT_BYTES;
        break;
    default:
        *ek = LF_MLKEM768_EK_BYTES, *dk = LF_MLKEM768_DK_BYTES, *ct = LF_MLKEM768_CT_BYTES;
        break;
    }
}

/* the set's real sizes, 0 for an unknown set (what an error may zero) */
static void real_sizes(long set, size_t *ek, size_t *dk, size_t *ct)
{
    if (set == 2 || set == 3 || set == 4) set_sizes(set, ek, dk, ct);
    else *ek = *dk = *ct = 0;
}

static size_t len_word(const char *w) { return (size_t)lf_pipe_int(w, 0, MAXB); }

static void prime(uint8_t *p, size_t n) { memset(p, 0xaa, n + GUARD); }

static int all(const uint8_t *p, size_t n, uint8_t v)
{
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= (uint8_t)(p[i] ^ v);
    return acc == 0;
}

/* The answer for a call that returned rc into outputs o[i] of lengths n[i];
 * on an error only min(n[i], cap[i]) bytes may be (and must be) zeroed. */
static void answer(int rc, int nout, uint8_t *const *o, const size_t *n, const size_t *cap,
                   int input_ok)
{
    const char *why = NULL;
    for (int i = 0; i < nout; i++) {
        size_t z = n[i] < cap[i] ? n[i] : cap[i];
        if (!all(o[i] + n[i], GUARD, 0xaa)) why = "overrun";
        if (rc != LF_OK && !all(o[i] + z, n[i] - z, 0xaa)) why = "overrun";
    }
    if (!why && !input_ok) why = "input";
    for (int i = 0; i < nout && !why && rc != LF_OK; i++)
        if (!all(o[i], n[i] < cap[i] ? n[i] : cap[i], 0)) why = "zero";
    if (why) {
        lf_pipe_fail(why);
        return;
    }
    lf_pipe_put_int(rc);
    if (rc == LF_OK)
        for (int i = 0; i < nout; i++) lf_pipe_put_hex(o[i], n[i]);
    lf_pipe_end();
}

int main(void)
{
    static char line[4 * MAXB + 512];
    lf_pipe_req q;
    lf_pipe_start("mlkem_pipe");
    while (lf_pipe_read(&q, line, sizeof line)) {
        const char *op = q.w[0];
        if (q.n < 2) lf_pipe_die("%s: no set", op);
        long set = lf_pipe_int(q.w[1], -2147483647L - 1, 2147483647L);
        lf_mlkem_set s = (lf_mlkem_set)set;
        size_t ekn, dkn, ctn, ekr, dkr, ctr;
        set_sizes(set, &ekn, &dkn, &ctn);
        real_sizes(set, &ekr, &dkr, &ctr);
        if (strcmp(op, "sizes") == 0) {
            lf_pipe_arity(&q, 1);
            lf_pipe_put_u64(lf_mlkem_ek_bytes(s));
            lf_pipe_put_u64(lf_mlkem_dk_bytes(s));
            lf_pipe_put_u64(lf_mlkem_ct_bytes(s));
            lf_pipe_end();
        } else if (strcmp(op, "keygen") == 0 || strcmp(op, "keypair") == 0) {
            int derand = op[3] == 'g';
            int base = derand ? 3 : 2; /* words before the optional lengths */
            if (q.n != base && q.n != base + 2)
                lf_pipe_die("%s takes %d or %d arguments", op, base - 1, base + 1);
            size_t seedn = derand ? lf_pipe_hex_bytes(in1, MAXB, q.w[2]) : 0;
            if (q.n == base + 2) ekn = len_word(q.w[base]), dkn = len_word(q.w[base + 1]);
            memcpy(copy1, in1, seedn);
            prime(out1, ekn), prime(out2, dkn);
            int rc = derand ? lf_mlkem_keypair_derand(s, out1, ekn, out2, dkn, in1, seedn)
                            : lf_mlkem_keypair(s, out1, ekn, out2, dkn);
            uint8_t *o[2] = {out1, out2};
            size_t n[2] = {ekn, dkn}, cap[2] = {ekr, dkr};
            answer(rc, 2, o, n, cap, memcmp(copy1, in1, seedn) == 0);
        } else if (strcmp(op, "encaps") == 0 || strcmp(op, "encapsr") == 0) {
            int derand = op[6] == 0;
            int base = derand ? 4 : 3;
            if (q.n != base && q.n != base + 1)
                lf_pipe_die("%s takes %d or %d arguments", op, base - 1, base);
            size_t ekl = lf_pipe_hex_bytes(in1, MAXB, q.w[2]);
            if (derand) lf_pipe_hex_be(in2, 32, q.w[3]);
            if (q.n == base + 1) ctn = len_word(q.w[base]);
            memcpy(copy1, in1, ekl), memcpy(copy2, in2, 32);
            prime(out1, ctn), prime(ss, 32);
            int rc = derand ? lf_mlkem_encaps_derand(s, out1, ctn, ss, in1, ekl, in2)
                            : lf_mlkem_encaps(s, out1, ctn, ss, in1, ekl);
            uint8_t *o[2] = {out1, ss};
            size_t n[2] = {ctn, 32}, cap[2] = {ctr, 32};
            answer(rc, 2, o, n, cap, memcmp(copy1, in1, ekl) == 0 && memcmp(copy2, in2, 32) == 0);
        } else if (strcmp(op, "decaps") == 0) {
            lf_pipe_arity(&q, 3);
            size_t ctl = lf_pipe_hex_bytes(in1, MAXB, q.w[2]);
            size_t dkl = lf_pipe_hex_bytes(in2, MAXB, q.w[3]);
            memcpy(copy1, in1, ctl), memcpy(copy2, in2, dkl);
            prime(ss, 32);
            int rc = lf_mlkem_decaps(s, ss, in1, ctl, in2, dkl);
            uint8_t *o[1] = {ss};
            size_t n[1] = {32}, cap[1] = {32};
            answer(rc, 1, o, n, cap, memcmp(copy1, in1, ctl) == 0 && memcmp(copy2, in2, dkl) == 0);
        } else {
            lf_pipe_die("unknown op %s", op);
        }
    }
    return lf_pipe_finish();
}
