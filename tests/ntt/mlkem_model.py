# SPDX-License-Identifier: Apache-2.0 OR MIT
"""A small model of FIPS 203 (ML-KEM) Section 4.3, written from the standard:
NTT (Algorithm 9), NTT^-1 (Algorithm 10), MultiplyNTTs (Algorithm 11) and
BaseCaseMultiply (Algorithm 12), on Python ints, plus schoolbook products
(negacyclic mod X^256 + 1, cyclic mod X^128 - 1) as the independent oracle.
Standard library only."""

Q = 3329
ZETA = 17


def bitrev7(r):
    return int(format(r, "07b")[::-1], 2)


def ntt(f):
    """Algorithm 9: f in Z_q^256 -> NTT representation."""
    f = [x % Q for x in f]
    i = 1
    length = 128
    while length >= 2:
        for start in range(0, 256, 2 * length):
            zeta = pow(ZETA, bitrev7(i), Q)
            i += 1
            for j in range(start, start + length):
                t = zeta * f[j + length] % Q
                f[j + length] = (f[j] - t) % Q
                f[j] = (f[j] + t) % Q
        length //= 2
    return f


def ntt_inv(f):
    """Algorithm 10."""
    f = [x % Q for x in f]
    i = 127
    length = 2
    while length <= 128:
        for start in range(0, 256, 2 * length):
            zeta = pow(ZETA, bitrev7(i), Q)
            i -= 1
            for j in range(start, start + length):
                t = f[j]
                f[j] = (t + f[j + length]) % Q
                f[j + length] = zeta * (f[j + length] - t) % Q
        length *= 2
    return [x * 3303 % Q for x in f]


def base_case_multiply(a0, a1, b0, b1, gamma):
    """Algorithm 12."""
    return (a0 * b0 + a1 * b1 * gamma) % Q, (a0 * b1 + a1 * b0) % Q


def multiply_ntts(f, g):
    """Algorithm 11."""
    h = [0] * 256
    for i in range(128):
        h[2 * i], h[2 * i + 1] = base_case_multiply(
            f[2 * i], f[2 * i + 1], g[2 * i], g[2 * i + 1], pow(ZETA, 2 * bitrev7(i) + 1, Q))
    return h


def negacyclic(a, b):
    r = [0] * 256
    for i in range(256):
        for j in range(256):
            if i + j < 256:
                r[i + j] += a[i] * b[j]
            else:
                r[i + j - 256] -= a[i] * b[j]
    return [x % Q for x in r]


def cyclic(a, b):
    n = len(a)
    r = [0] * n
    for i in range(n):
        for j in range(n):
            r[(i + j) % n] += a[i] * b[j]
    return [x % Q for x in r]


def self_test():
    import random
    rnd = random.Random(1)
    a = [rnd.randrange(Q) for _ in range(256)]
    b = [rnd.randrange(Q) for _ in range(256)]
    assert ntt_inv(ntt(a)) == a
    assert ntt_inv(multiply_ntts(ntt(a), ntt(b))) == negacyclic(a, b)


if __name__ == "__main__":
    self_test()
    print("mlkem_model: NTT^-1(NTT(a)) = a and the NTT product = schoolbook: ok")
