/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Reference primes of the built-in fields for tests/field/test_field.c. */
#ifndef LF_TEST_FIELD_KNOWN_PRIMES_H
#define LF_TEST_FIELD_KNOWN_PRIMES_H

/* Reference primes of the standard fields (published values; an independent
 * check of the generator's constants).  Fields not listed get p from the API
 * (-1 + 1), checked to be a prime of the right size. */
static const struct {
    const char *name, *hex;
} known_primes[] = {
    {"bn254_p", "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47"},
    {"bn254_r", "30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001"},
    {"bls12_381_p", "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f624"
                    "1eabfffeb153ffffb9feffffffffaaab"},
    {"bls12_381_r", "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001"},
    {"secp256k1_p", "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"},
    {"secp256k1_n", "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"},
    {"p256_p", "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"},
    {"p256_n", "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"},
    {"p25519", "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed"},
    {"p448", "fffffffffffffffffffffffffffffffffffffffffffffffffffffffe"
             "ffffffffffffffffffffffffffffffffffffffffffffffffffffffff"},
    /* limbforge's own 1024-bit prime: the first prime >= the 128-byte
     * SHAKE-256("limbforge p1024") with its top and bottom bits set */
    {"p1024", "97ee81ccf797d41b6bcda3d185b0dd4d9cfab96bae3a8638c1e3adad356f23c5"
              "a3d673dc7c8dbb9d54115e4c08a2bc0ee252b99e8c5528de921e8ea2831ad15d"
              "be0d63bbb2c3ec5970ee738a73ead4a220394b2d519446319ff8d7028278bd36"
              "7c862151f790573b5c6d9a7a0c6f91a8863f96a767e8955c9018c7221f7e4039"},
};

#endif
