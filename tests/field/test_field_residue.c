/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* No field element left on the stack by the conversions in and out of the
 * internal form: from_bytes, to_bytes, to_internal and from_internal of
 * three 256-bit fields (secp256k1_n, bls12_381_r: Montgomery; p25519:
 * pseudo-Mersenne) run on a stack of the test's (tests/common/stackscan.h),
 * which is then searched for the value as 32 big-endian bytes, as 4 x 64-bit
 * and as 5 x 52-bit limbs (what the canonical copies, lft_load_canonical's
 * masked copy among them, hold).  20 x LF_TEST_ITERS values per field (at
 * least 4), below p.  Self-test first: a call that leaves the value on its
 * stack must be caught.
 * Usage: test_field_residue   (LF_TEST_SEED, LF_TEST_ITERS; LIMBFORGE_BACKEND) */
#include <stdio.h>
#include <string.h>

#include "limbforge/field/bls12_381_r.h"
#include "limbforge/field/p25519.h"
#include "limbforge/field/secp256k1_n.h"
#include "../common/backend.h"
#include "../common/check.h"
#include "../common/rng.h"
#include "../common/stackscan.h"
#include "../common/testenv.h"

#define PROG "test_field_residue"
#define MIN_VALUES 4

static long calls;

enum { OP_SELFTEST, OP_FROM_BYTES, OP_TO_BYTES, OP_TO_INTERNAL, OP_FROM_INTERNAL };
static const char *const OP_NAME[] = {"self-test", "from_bytes", "to_bytes", "to_internal",
                                    "from_internal"};

/* one field's four conversions, by name */
#define FIELD_OPS(F)                                                                              \
    static void F##_call(int op, uint8_t be[32], uint64_t limbs[4], int *rc)                      \
    {                                                                                             \
        static lf_##F##_t x;                                                                      \
        switch (op) {                                                                             \
        case OP_FROM_BYTES: *rc = lf_##F##_from_bytes(&x, be); break;                             \
        case OP_TO_BYTES: lf_##F##_to_bytes(be, &x); break;                                       \
        case OP_TO_INTERNAL: *rc = lf_##F##_to_internal(&x, limbs); break;                        \
        case OP_FROM_INTERNAL: lf_##F##_from_internal(limbs, &x); break;                          \
        }                                                                                         \
    }
FIELD_OPS(secp256k1_n)
FIELD_OPS(bls12_381_r)
FIELD_OPS(p25519)

static const struct {
    const char *name;
    void (*call)(int, uint8_t[32], uint64_t[4], int *);
    uint8_t top; /* the value's top byte is below it: the value is below p */
} FIELDS[] = {{"secp256k1_n", secp256k1_n_call, 0xff},
              {"bls12_381_r", bls12_381_r_call, 0x73},
              {"p25519", p25519_call, 0x7f}};

static struct {
    int field, op, rc;
    uint8_t value[32], be[32];
    uint64_t limbs[4];
} io;

static void call(void *unused)
{
    (void)unused;
    if (io.op == OP_SELFTEST)
        lf_stack_leak32(io.value);
    else
        FIELDS[io.field].call(io.op, io.be, io.limbs, &io.rc);
}

static void run(int op, const lf_needles *nd)
{
    io.op = op;
    calls++;
    size_t used = lf_stack_run(call, NULL);
    char what[80];
    snprintf(what, sizeof what, "%s %s", FIELDS[io.field].name, OP_NAME[op]);
    lf_stack_expect(PROG, what, used, nd, op == OP_SELFTEST);
}

int main(void)
{
    long values = lf_test_iters(20, MIN_VALUES);
    lf_test_backend_or_skip(PROG);
    lf_rng g;
    lf_rng_seed(&g, lf_test_seed(0xf1e1d5ec));
    static lf_needles nd;
    for (io.field = 0; io.field < (int)(sizeof FIELDS / sizeof FIELDS[0]); io.field++) {
        for (long it = 0; it < values; it++) {
            lf_rng_bytes(&g, io.value, sizeof io.value);
            io.value[0] = (uint8_t)(io.value[0] % FIELDS[io.field].top);
            nd.n = 0;
            lf_needles_add32(&nd, "the value", io.value);
            if (io.field == 0 && it == 0) run(OP_SELFTEST, &nd);
            for (int i = 0; i < 4; i++) {
                io.limbs[i] = 0;
                for (int j = 0; j < 8; j++) io.limbs[i] |= (uint64_t)io.value[31 - 8 * i - j] << (8 * j);
            }
            uint64_t want[4];
            memcpy(want, io.limbs, sizeof want);
            memcpy(io.be, io.value, 32);
            run(OP_FROM_BYTES, &nd);
            CHECK(io.rc == LF_OK, "%s from_bytes rc %d", FIELDS[io.field].name, io.rc);
            memset(io.be, 0, 32);
            run(OP_TO_BYTES, &nd);
            CHECK(!memcmp(io.be, io.value, 32), "%s to_bytes(from_bytes(v)) != v", FIELDS[io.field].name);
            run(OP_TO_INTERNAL, &nd);
            CHECK(io.rc == LF_OK, "%s to_internal rc %d", FIELDS[io.field].name, io.rc);
            memset(io.limbs, 0, sizeof io.limbs);
            run(OP_FROM_INTERNAL, &nd);
            CHECK(!memcmp(io.limbs, want, sizeof want), "%s from_internal(to_internal(v)) != v",
                  FIELDS[io.field].name);
        }
    }
    printf("%s: backend=%s, 3 fields x %ld values, %ld calls scanned\n", PROG,
           lf_backend_name(lf_backend_current()), values, calls);
    return lf_test_report(PROG, lf_check_n, lf_check_fails, 3 * MIN_VALUES * 6);
}
