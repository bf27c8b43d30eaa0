# SPDX-License-Identifier: Apache-2.0 OR MIT
# ML-KEM (FIPS 203), src/mlkem/README.md.  Included by the top-level
# CMakeLists.  Portable C on the ntt module's kernels and the hash module's
# Keccak kernels (both dispatched per back end); no kernels of its own yet.
set(LF_MLKEM_DIR ${PROJECT_SOURCE_DIR}/src/mlkem)
list(APPEND LF_SOURCES ${LF_MLKEM_DIR}/mlkem.c ${LF_MLKEM_DIR}/mlkem_poly.c)
