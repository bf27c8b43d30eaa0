# SPDX-License-Identifier: Apache-2.0 OR MIT
# secp256k1_model: ec_oracle.py, a pure-Python model of secp256k1 (Python
# ints, hashlib/hmac), drives ec_pipe over the API (keys, ECDSA with RFC 6979,
# verify, recover, ECDH, tweaks, DER, normalize), BIP-340 (keypairs, x-only
# keys, sign, verify, Taproot tweaks; the model checked against
# tests/vectors/bip340 first), lf_secp256k1_msm and batch verification for
# up to 8 terms / signatures, and the internals (group law with random z,
# ecmult_gen/_const/_var) and checks every answer.  No
# libsecp256k1 needed: the cross targets run it under qemu
# (CMAKE_CROSSCOMPILING_EMULATOR).  By hand:
#   python3 tests/secp256k1/ec_oracle.py [--cases N] [--seed S] -- build/tests/secp256k1/ec_pipe
# Included from tests/secp256k1/CMakeLists.txt.
find_package(Python3 COMPONENTS Interpreter QUIET)

add_executable(ec_pipe ${CMAKE_CURRENT_LIST_DIR}/ec_pipe.c)
target_link_libraries(ec_pipe PRIVATE limbforge_static)
target_include_directories(ec_pipe PRIVATE ${PROJECT_SOURCE_DIR}/src)
target_compile_options(ec_pipe PRIVATE ${LF_TEST_WARNINGS})

if(Python3_Interpreter_FOUND)
  add_test(NAME secp256k1_model
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/ec_oracle.py
            -- ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:ec_pipe>)
  set_tests_properties(secp256k1_model PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1200
                       LABELS secp256k1)
else()
  message(WARNING "python3 not found: secp256k1 model oracle test disabled")
endif()
