/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Setup and check hooks of bench/isa_count_mlkem.py (tools/isa_count
 * --setup / --check) for ML-KEM-768:
 *   lfic_<backend>_<op>(args)   setup: select the back end (rvv, rv64,
 *       aarch64 or neon),
 *       make the counted call's inputs from fixed seeds (keypair_derand:
 *       the seed; encaps_derand: ek and m; decaps: dk and a ciphertext of
 *       that key) and one warm-up call of the op itself (back-end
 *       detection, first touch), so the counted call is a steady-state
 *       one.  Fails (nonzero) if the back end cannot run.
 *   lfic_check_<op>(args, ret)  check: the counted call returned LF_OK and
 *       its outputs equal the warm-up call's (decaps: the shared secret of
 *       encaps).
 * Argument words as the driver passes them (tools/isa_count --args):
 *   keypair_derand(set, ek, 1184, dk, 2400, seed, 64)
 *   encaps_derand(set, ct, 1088, ss, ek, 1184, m)
 *   decaps(set, ss, ct, 1088, dk, 2400) */
#include <stdint.h>
#include <string.h>

#include "limbforge/limbforge.h"
#include "limbforge/mlkem.h"

#define P(k) ((uint8_t *)(uintptr_t)args[k])
#define EK LF_MLKEM768_EK_BYTES
#define DK LF_MLKEM768_DK_BYTES
#define CT LF_MLKEM768_CT_BYTES

static uint8_t want[2][DK]; /* the warm-up call's outputs */

static void fill(uint8_t *p, size_t n, uint32_t seed)
{
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (uint8_t)(seed >> 16);
    }
}

static int keypair(const char *be, uint64_t args[8])
{
    if (lf_backend_set(be) != LF_OK) return 1;
    fill(P(5), 64, 1);
    if (lf_mlkem_keypair_derand(LF_MLKEM_768, want[0], EK, want[1], DK, P(5), 64) != LF_OK) return 2;
    return 0;
}

static int encaps(const char *be, uint64_t args[8])
{
    uint8_t seed[64], dk[DK];
    if (lf_backend_set(be) != LF_OK) return 1;
    fill(seed, 64, 2);
    fill(P(6), 32, 3);
    if (lf_mlkem_keypair_derand(LF_MLKEM_768, P(4), EK, dk, DK, seed, 64) != LF_OK) return 2;
    if (lf_mlkem_encaps_derand(LF_MLKEM_768, want[0], CT, want[1], P(4), EK, P(6)) != LF_OK) return 3;
    return 0;
}

static int decaps(const char *be, uint64_t args[8])
{
    uint8_t seed[64], ek[EK], m[32];
    if (lf_backend_set(be) != LF_OK) return 1;
    fill(seed, 64, 4);
    fill(m, 32, 5);
    if (lf_mlkem_keypair_derand(LF_MLKEM_768, ek, EK, P(4), DK, seed, 64) != LF_OK) return 2;
    if (lf_mlkem_encaps_derand(LF_MLKEM_768, P(2), CT, want[0], ek, EK, m) != LF_OK) return 3;
    if (lf_mlkem_decaps(LF_MLKEM_768, want[1], P(2), CT, P(4), DK) != LF_OK) return 4;
    return memcmp(want[0], want[1], 32) != 0 ? 5 : 0;
}

int lfic_rvv_keypair_derand(uint64_t args[8]) { return keypair("rvv", args); }
int lfic_rv64_keypair_derand(uint64_t args[8]) { return keypair("rv64", args); }
int lfic_rvv_encaps_derand(uint64_t args[8]) { return encaps("rvv", args); }
int lfic_rv64_encaps_derand(uint64_t args[8]) { return encaps("rv64", args); }
int lfic_rvv_decaps(uint64_t args[8]) { return decaps("rvv", args); }
int lfic_rv64_decaps(uint64_t args[8]) { return decaps("rv64", args); }
int lfic_aarch64_keypair_derand(uint64_t args[8]) { return keypair("aarch64", args); }
int lfic_neon_keypair_derand(uint64_t args[8]) { return keypair("neon", args); }
int lfic_aarch64_encaps_derand(uint64_t args[8]) { return encaps("aarch64", args); }
int lfic_neon_encaps_derand(uint64_t args[8]) { return encaps("neon", args); }
int lfic_aarch64_decaps(uint64_t args[8]) { return decaps("aarch64", args); }
int lfic_neon_decaps(uint64_t args[8]) { return decaps("neon", args); }

int lfic_check_keypair_derand(const uint64_t args[8], uint64_t ret)
{
    return (int)ret != LF_OK || memcmp(P(1), want[0], EK) || memcmp(P(3), want[1], DK);
}

int lfic_check_encaps_derand(const uint64_t args[8], uint64_t ret)
{
    return (int)ret != LF_OK || memcmp(P(1), want[0], CT) || memcmp(P(3), want[1], 32);
}

int lfic_check_decaps(const uint64_t args[8], uint64_t ret)
{
    return (int)ret != LF_OK || memcmp(P(1), want[0], 32);
}
