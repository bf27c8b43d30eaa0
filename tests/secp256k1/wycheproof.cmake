# SPDX-License-Identifier: Apache-2.0 OR MIT
# Wycheproof vectors and bad input for the secp256k1 API (included from
# tests/secp256k1/CMakeLists.txt).  Per back end of LF_FIELD_TEST_BACKENDS
# (LIMBFORGE_BACKEND=<be>, 77 = skipped):
#   secp256k1_wycheproof_ecdsa_<be>    test_wycheproof_ec ecdsa: every test of
#                                      tests/vectors/wycheproof/ecdsa_secp256k1_sha256_test.json
#                                      (DER parse, normalize: high s is valid, verify)
#   secp256k1_wycheproof_ecdsa_bitcoin_<be>
#                                      test_wycheproof_ec ecdsa_bitcoin: ..._bitcoin_test.json
#                                      (no normalize: high s is invalid)
#   secp256k1_wycheproof_ecdh_<be>     test_wycheproof_ec ecdh: ecdh_secp256k1_test.json
#                                      (X.509 public keys, ecdh_x against "shared")
#   secp256k1_badinput_<be>            test_badinput: bad input to every function of the
#                                      header, return codes and zeroed outputs
# Native builds whose compiler has -fsanitize=address,undefined also get the
# same two programs, and test_bip340 (BIP-340 vectors, CMakeLists.txt), with
# the library's secp256k1 sources (and what they use: cpu.c, the secp256k1
# fields' kernels, safegcd, SHA-256 and ChaCha20 with their native kernels
# and their ISA flags, lf_native_apply) compiled in under AddressSanitizer
# and UBSan (once, an object library; the generated field kernels under UBSan
# only), -fno-sanitize-recover=all, run on the default (best) back end:
#   secp256k1_badinput_asan, secp256k1_wycheproof_ecdsa_asan, secp256k1_wycheproof_ecdh_asan,
#   secp256k1_bip340_asan
# Usage: ctest -R 'secp256k1_(wycheproof|badinput)'
set(LF_WP_DIR ${PROJECT_SOURCE_DIR}/tests/vectors/wycheproof)

foreach(t test_wycheproof_ec test_badinput)
  add_executable(${t} ${CMAKE_CURRENT_LIST_DIR}/${t}.c)
  target_link_libraries(${t} PRIVATE limbforge_static)
  target_compile_options(${t} PRIVATE ${LF_TEST_WARNINGS})
endforeach()

lf_backend_tests(secp256k1_wycheproof_ecdsa BACKENDS ${LF_FIELD_TEST_BACKENDS} LABEL secp256k1
  TIMEOUT 300 COMMAND test_wycheproof_ec ecdsa ${LF_WP_DIR}/ecdsa_secp256k1_sha256_test.json)
lf_backend_tests(secp256k1_wycheproof_ecdsa_bitcoin BACKENDS ${LF_FIELD_TEST_BACKENDS}
  LABEL secp256k1 TIMEOUT 300
  COMMAND test_wycheproof_ec ecdsa_bitcoin ${LF_WP_DIR}/ecdsa_secp256k1_sha256_bitcoin_test.json)
lf_backend_tests(secp256k1_wycheproof_ecdh BACKENDS ${LF_FIELD_TEST_BACKENDS} LABEL secp256k1
  TIMEOUT 300 COMMAND test_wycheproof_ec ecdh ${LF_WP_DIR}/ecdh_secp256k1_test.json)
lf_backend_tests(secp256k1_badinput BACKENDS ${LF_FIELD_TEST_BACKENDS} LABEL secp256k1
  TIMEOUT 300 COMMAND test_badinput)

# ------------------------------------------- AddressSanitizer + UBSan builds
# A function, so CMAKE_REQUIRED_* and the lists stay local.
function(lf_secp256k1_asan_tests)
  # cross builds; and sanitizer build trees (scripts/test-san.sh, test-msan.sh),
  # where the plain programs already run instrumented
  if(CMAKE_CROSSCOMPILING OR CMAKE_C_FLAGS MATCHES "-fsanitize")
    return()
  endif()
  include(CheckCSourceCompiles)
  set(san -fsanitize=address,undefined -fno-sanitize-recover=all)
  set(CMAKE_REQUIRED_FLAGS "-fsanitize=address,undefined -fno-sanitize-recover=all")
  set(CMAKE_REQUIRED_LINK_OPTIONS ${san})
  check_c_source_compiles("int main(void) { return 0; }" LF_SECP256K1_HAVE_ASAN_UBSAN)
  if(NOT LF_SECP256K1_HAVE_ASAN_UBSAN)
    message(STATUS "secp256k1: no -fsanitize=address,undefined: ASan/UBSan tests skipped")
    return()
  endif()
  # the library's sources: LF_SOURCES (top directory), else the target's
  set(all ${LF_SOURCES})
  if(NOT all)
    get_target_property(all limbforge_static SOURCES)
  endif()
  # what the secp256k1 module uses (as its ctime tests, plus the native SHA-256 kernels)
  set(want "/src/cpu\\.c$|/src/secp256k1/|/src/field/generated/(.*/)?secp256k1_[pn][._]")
  string(APPEND want "|/src/modinv/|/src/hash/|/src/chacha20/")
  set(srcs)
  foreach(src IN LISTS all)
    if(NOT IS_ABSOLUTE "${src}")
      set(src "${PROJECT_SOURCE_DIR}/${src}")
    endif()
    if(src MATCHES "${want}")
      list(APPEND srcs ${src})
    endif()
  endforeach()
  # compiled once for the three programs
  set(copts "$<$<COMPILE_LANGUAGE:C>:${san};-fno-omit-frame-pointer;-g;${LF_TEST_WARNINGS}>")
  add_library(lf_secp256k1_asan_objs OBJECT ${srcs})
  target_include_directories(lf_secp256k1_asan_objs PRIVATE
    $<TARGET_PROPERTY:limbforge_static,INCLUDE_DIRECTORIES> ${PROJECT_SOURCE_DIR}/src)
  lf_native_apply(lf_secp256k1_asan_objs) # per-file ISA flags, LF_NATIVE_* (cmake/native.cmake)
  target_compile_options(lf_secp256k1_asan_objs PRIVATE "${copts}")
  # The generated field kernels get UBSan but not ASan: straight-line code on
  # fixed-size arrays (the generator checks every index), and gcc's ASan
  # takes minutes on secp256k1_p.c's point kernels (UBSan ~3x the plain
  # compile).  make test-san instruments them under clang's ASan as well.
  foreach(src IN LISTS srcs)
    if(src MATCHES "/src/field/generated/.*\\.c$")
      set_property(SOURCE ${src} TARGET_DIRECTORY lf_secp256k1_asan_objs
        APPEND PROPERTY COMPILE_OPTIONS -fno-sanitize=address)
    endif()
  endforeach()
  foreach(t test_wycheproof_ec test_badinput test_bip340)
    add_executable(${t}_asan ${CMAKE_CURRENT_LIST_DIR}/${t}.c $<TARGET_OBJECTS:lf_secp256k1_asan_objs>)
    target_include_directories(${t}_asan PRIVATE
      $<TARGET_PROPERTY:limbforge_static,INCLUDE_DIRECTORIES> ${PROJECT_SOURCE_DIR}/src)
    target_compile_definitions(${t}_asan PRIVATE ${LF_NATIVE_DEFINITIONS})
    target_compile_options(${t}_asan PRIVATE "${copts}")
    target_link_options(${t}_asan PRIVATE ${san})
  endforeach()
  set(env "ASAN_OPTIONS=detect_leaks=1" "UBSAN_OPTIONS=print_stacktrace=1")
  add_test(NAME secp256k1_badinput_asan COMMAND test_badinput_asan)
  add_test(NAME secp256k1_wycheproof_ecdsa_asan
    COMMAND test_wycheproof_ec_asan ecdsa ${LF_WP_DIR}/ecdsa_secp256k1_sha256_test.json)
  add_test(NAME secp256k1_wycheproof_ecdh_asan
    COMMAND test_wycheproof_ec_asan ecdh ${LF_WP_DIR}/ecdh_secp256k1_test.json)
  add_test(NAME secp256k1_bip340_asan
    COMMAND test_bip340_asan ${PROJECT_SOURCE_DIR}/tests/vectors/bip340/test-vectors.csv)
  set_tests_properties(secp256k1_badinput_asan secp256k1_wycheproof_ecdsa_asan
    secp256k1_wycheproof_ecdh_asan secp256k1_bip340_asan PROPERTIES LABELS secp256k1 SKIP_RETURN_CODE 77 TIMEOUT 600
    ENVIRONMENT "${env}")
endfunction()
lf_secp256k1_asan_tests()
