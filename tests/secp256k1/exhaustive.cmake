# SPDX-License-Identifier: Apache-2.0 OR MIT
# Exhaustive test of the secp256k1 group law on a small curve of the same
# shape (included from tests/secp256k1/CMakeLists.txt):
#   secp256k1_exhaustive  test_exhaustive.c: src/secp256k1/group.c, compiled
#                         into the test a second time, run on y^2 = x^3 + 7
#                         over GF(349) (313 points) with mod-349 field
#                         kernels written in the test (the field generator
#                         takes primes of 61 bits and more), every ordered
#                         pair of points against an affine reference
# Usage: ctest -R secp256k1_exhaustive (a few seconds natively; below
# LF_TEST_ITERS=0.1, as under qemu, one Jacobian z of b per pair of points)
add_executable(test_exhaustive ${CMAKE_CURRENT_SOURCE_DIR}/test_exhaustive.c
               ${PROJECT_SOURCE_DIR}/src/secp256k1/group.c)
# group.c calls, in the functions the test leaves out, lf_secp256k1_p_inv/
# sqrt/bytes from the library
target_link_libraries(test_exhaustive PRIVATE limbforge_static)
target_include_directories(test_exhaustive PRIVATE ${PROJECT_SOURCE_DIR}/src
                           ${PROJECT_SOURCE_DIR}/include)
target_compile_options(test_exhaustive PRIVATE ${LF_TEST_WARNINGS})
add_test(NAME secp256k1_exhaustive
  COMMAND ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:test_exhaustive>)
set_tests_properties(secp256k1_exhaustive PROPERTIES LABELS secp256k1 TIMEOUT 600)
