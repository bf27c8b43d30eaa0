# SPDX-License-Identifier: Apache-2.0 OR MIT
# The module list (included by the top-level CMakeLists.txt): every module of
# src/, bottom up.  The one list: the library includes src/<m>/sources.cmake
# for each and tests/CMakeLists.txt adds tests/<m>/ (a module missing either
# stops the configuration); bindings/rust/limbforge-sys/tests/sources.rs builds every
# module's sources and refuses a src/*/sources.cmake not listed here, and
# scripts/mutate.py's self-test that it mutates every module.
#   field      the generated field kernels (first: LF_CORE_SOURCES is cpu.c + fields)
#   modinv     safegcd and the binary GCD (modular inversion)
#   mp         bignums, Montgomery, CT modexp, RSA-CRT
#   poly1305   Poly1305
#   chacha20   ChaCha20
#   aead       ChaCha20-Poly1305, on the two above
#   ntt        the ML-KEM NTT (mod 3329)
#   hash       SHA-256, HMAC, SHA-3 / SHAKE (Keccak x1/x4/x8)
#   secp256k1  ECDSA, BIP-340, ECDH, batch verification, MSM
#   mlkem      ML-KEM (FIPS 203), on ntt and hash
set(LF_MODULES field modinv mp poly1305 chacha20 aead ntt hash secp256k1 mlkem)

foreach(m IN LISTS LF_MODULES)
  if(NOT EXISTS ${PROJECT_SOURCE_DIR}/src/${m}/sources.cmake)
    message(FATAL_ERROR "module ${m} (cmake/modules.cmake) has no src/${m}/sources.cmake")
  endif()
  include(${PROJECT_SOURCE_DIR}/src/${m}/sources.cmake)
endforeach()
