/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* mlkem_loop SET OP N: run lf_mlkem_keypair_derand / encaps_derand / decaps
 * (OP = keypair, enc, dec) N times on fixed inputs, for a profiler
 * (bench/mlkem_split.py).  SET = 512, 768 or 1024; the back end is
 * LIMBFORGE_BACKEND's.  Exit 0; 77 when the CPU cannot run that back end;
 * 2 on bad arguments; 1 on an API error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <limbforge/mlkem.h>

int main(int argc, char **argv)
{
    static uint8_t ek[LF_MLKEM1024_EK_BYTES], dk[LF_MLKEM1024_DK_BYTES], ct[LF_MLKEM1024_CT_BYTES];
    uint8_t ss[32], seed[64], m[32];
    if (argc != 4) {
        fprintf(stderr, "usage: mlkem_loop 512|768|1024 keypair|enc|dec N\n");
        return 2;
    }
    int bits = atoi(argv[1]);
    lf_mlkem_set set = bits == 512 ? LF_MLKEM_512 : bits == 768 ? LF_MLKEM_768 : LF_MLKEM_1024;
    const char *op = argv[2];
    long n = atol(argv[3]);
    if ((bits != 512 && bits != 768 && bits != 1024) || n < 1 ||
        (strcmp(op, "keypair") && strcmp(op, "enc") && strcmp(op, "dec"))) {
        fprintf(stderr, "mlkem_loop: bad arguments\n");
        return 2;
    }
    const char *be = getenv("LIMBFORGE_BACKEND");
    if (be && *be && lf_backend_set(be) != LF_OK) return 77;
    size_t el = lf_mlkem_ek_bytes(set), dl = lf_mlkem_dk_bytes(set), cl = lf_mlkem_ct_bytes(set);
    for (int i = 0; i < 64; i++) seed[i] = (uint8_t)(7 * i + 1);
    for (int i = 0; i < 32; i++) m[i] = (uint8_t)(5 * i + 3);
    int rc = lf_mlkem_keypair_derand(set, ek, el, dk, dl, seed, sizeof seed);
    rc |= lf_mlkem_encaps_derand(set, ct, cl, ss, ek, el, m);
    for (long i = 0; i < n && !rc; i++) {
        if (op[0] == 'k') rc = lf_mlkem_keypair_derand(set, ek, el, dk, dl, seed, sizeof seed);
        else if (op[0] == 'e') rc = lf_mlkem_encaps_derand(set, ct, cl, ss, ek, el, m);
        else rc = lf_mlkem_decaps(set, ss, ct, cl, dk, dl);
    }
    return rc ? 1 : 0;
}
