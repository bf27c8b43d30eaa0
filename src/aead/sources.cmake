# SPDX-License-Identifier: Apache-2.0 OR MIT
# ChaCha20-Poly1305 (RFC 8439), on the chacha20 and poly1305 modules, whose
# kernels it binds once per call (included through cmake/modules.cmake).
list(APPEND LF_SOURCES ${PROJECT_SOURCE_DIR}/src/aead/aead.c)
