# Poly1305, ChaCha20 and ChaCha20-Poly1305 (included by the top-level CMakeLists).
# Portable C always; vector kernels per architecture.  The x86 kernels enable
# their ISA per function (__attribute__((target("avx2"))) ...), not with
# per-file -m flags: source-file properties are scoped to this directory, and
# the ctime tests compile these same files from tests/ (LF_SOURCES).  They
# only run when the selected back end has the ISA.
set(LF_P1305_DIR ${PROJECT_SOURCE_DIR}/src/poly1305)
list(APPEND LF_SOURCES
  ${LF_P1305_DIR}/poly1305.c
  ${LF_P1305_DIR}/poly1305_r26.c
  ${LF_P1305_DIR}/chacha20.c
  ${LF_P1305_DIR}/aead.c)

if(LF_ARCH STREQUAL "x86_64")
  set(d ${LF_P1305_DIR}/native/x86_64)
  list(APPEND LF_SOURCES ${d}/poly1305_avx2.c ${d}/poly1305_avx512.c ${d}/poly1305_ifma.c
    ${d}/chacha20_avx2.c ${d}/chacha20_avx512.c)
elseif(LF_ARCH STREQUAL "aarch64")
  set(d ${LF_P1305_DIR}/native/aarch64)
  list(APPEND LF_SOURCES ${d}/poly1305_neon.c ${d}/chacha20_neon.c)
endif()
