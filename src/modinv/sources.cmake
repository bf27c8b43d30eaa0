# SPDX-License-Identifier: Apache-2.0 OR MIT
# safegcd module: modular inversion for any odd modulus (src/modinv/safegcd.h).
# The fields use the inline core from the header; safegcd.c holds the
# compiled entries for run-time descriptors.
list(APPEND LF_SOURCES src/modinv/safegcd.c)
