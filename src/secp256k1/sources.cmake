# SPDX-License-Identifier: Apache-2.0 OR MIT
# secp256k1 module (internal so far): scalars mod the group order
# (src/secp256k1/scalar.h), on the secp256k1_n field kernels and safegcd.
list(APPEND LF_SOURCES src/secp256k1/scalar.c)
