# SPDX-License-Identifier: Apache-2.0 OR MIT
# secp256k1 module (include/limbforge/secp256k1.h): scalars mod n, the group
# law, scalar multiplication (generated tables), ECDSA, ECDH, keys, DER;
# include/limbforge/secp256k1_schnorr.h: BIP-340, batch verification, MSM.
list(APPEND LF_SOURCES
  src/secp256k1/scalar.c
  src/secp256k1/group.c
  src/secp256k1/ecmult_gen.c
  src/secp256k1/ecmult_const.c
  src/secp256k1/ecmult.c
  src/secp256k1/keys.c
  src/secp256k1/ecdsa.c
  src/secp256k1/der.c
  src/secp256k1/schnorr.c
  src/secp256k1/msm.c
  src/secp256k1/batch.c
  src/secp256k1/generated/ecmult_gen_table.c
  src/secp256k1/generated/ecmult_table.c
  src/secp256k1/generated/group_api.c
  src/secp256k1/generated/c/point.c
  src/secp256k1/generated/c32/point.c)
# the point kernels of the generator's targets built here (cmake/backends.cmake)
foreach(t ${LF_ASM_TARGETS})
  list(APPEND LF_SOURCES src/secp256k1/generated/${t}/point.S)
endforeach()
