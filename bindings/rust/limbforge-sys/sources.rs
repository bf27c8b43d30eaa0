/* SPDX-License-Identifier: Apache-2.0 OR MIT */
// The C library's source list, read by build.rs (include!) and by
// tests/sources.rs, which checks it against src/*/sources.cmake and
// cmake/native.cmake so that a file added on the CMake side cannot be
// forgotten here.  Paths are relative to the library's src/ directory; a
// trailing "*.c" / "*.S" is every such file of that directory (the fields
// and mp kernels are globbed by CMake too).

/// A cargo feature (module) and its portable sources (every architecture).
pub const PORTABLE: &[(&str, &[&str])] = &[
    // back-end selection; safegcd is tiny and used by fields, mp and scalars
    ("core", &["cpu.c", "modinv/safegcd.c"]),
    (
        "field",
        &["field/generated/*.c", "field/generated/c/*.c", "field/generated/c32/*.c"],
    ),
    (
        "mp",
        &[
            "mp/mp.c",
            "mp/mont.c",
            "mp/rsa.c",
            "mp/generated/*.c",
            "mp/generated/c/*.c",
            "mp/generated/c32/*.c",
        ],
    ),
    // the feature poly1305 is the three modules poly1305, chacha20 and aead
    (
        "poly1305",
        &["poly1305/poly1305.c", "poly1305/poly1305_r26.c", "chacha20/chacha20.c", "aead/aead.c"],
    ),
    ("ntt", &["ntt/ntt.c", "ntt/ntt_c.c"]),
    ("hash", &["hash/sha256.c", "hash/hmac_sha256.c", "hash/keccak.c", "hash/sha3.c"]),
    (
        "secp256k1",
        &[
            "secp256k1/scalar.c",
            "secp256k1/group.c",
            "secp256k1/ecmult_gen.c",
            "secp256k1/ecmult_const.c",
            "secp256k1/ecmult.c",
            "secp256k1/keys.c",
            "secp256k1/ecdsa.c",
            "secp256k1/der.c",
            "secp256k1/schnorr.c",
            "secp256k1/msm.c",
            "secp256k1/batch.c",
            "secp256k1/generated/ecmult_gen_table.c",
            "secp256k1/generated/ecmult_table.c",
            "secp256k1/generated/group_api.c",
            "secp256k1/generated/c/point.c",
            "secp256k1/generated/c32/point.c",
        ],
    ),
    ("mlkem", &["mlkem/mlkem.c", "mlkem/mlkem_c.c"]),
];

/// Generated assembly: (feature, Rust target_arch, generator target
/// directory).  CMake's LF_ASM_TARGETS (cmake/backends.cmake).
pub const ASM: &[(&str, &str, &str)] = &[
    ("field", "x86_64", "field/generated/x86_64/*.S"),
    ("field", "x86_64", "field/generated/x86_64_adx/*.S"),
    ("mp", "x86_64", "mp/generated/x86_64/*.S"),
    ("secp256k1", "x86_64", "secp256k1/generated/x86_64/*.S"),
    ("mp", "x86_64", "mp/generated/x86_64_adx/*.S"),
    ("secp256k1", "x86_64", "secp256k1/generated/x86_64_adx/*.S"),
    ("field", "aarch64", "field/generated/aarch64/*.S"),
    ("mp", "aarch64", "mp/generated/aarch64/*.S"),
    ("secp256k1", "aarch64", "secp256k1/generated/aarch64/*.S"),
    ("field", "riscv64", "field/generated/rv64/*.S"),
    ("mp", "riscv64", "mp/generated/rv64/*.S"),
    ("secp256k1", "riscv64", "secp256k1/generated/rv64/*.S"),
    ("field", "powerpc64", "field/generated/ppc64le/*.S"),
    ("mp", "powerpc64", "mp/generated/ppc64le/*.S"),
    ("secp256k1", "powerpc64", "secp256k1/generated/ppc64le/*.S"),
    ("field", "s390x", "field/generated/s390x/*.S"),
    ("mp", "s390x", "mp/generated/s390x/*.S"),
    ("secp256k1", "s390x", "secp256k1/generated/s390x/*.S"),
    ("field", "armv7", "field/generated/armv7/*.S"),
    ("mp", "armv7", "mp/generated/armv7/*.S"),
    ("secp256k1", "armv7", "secp256k1/generated/armv7/*.S"),
];

/// Vector code compiled with its back end's ISA flags (cmake/native.cmake's
/// lf_native_sources): (feature, Rust target_arch, dispatch module, back end
/// or ISA feature, source).  Building a file defines
/// LF_NATIVE_<MODULE>_<BACKEND>=1 for the whole library, as CMake does.
pub const NATIVE: &[(&str, &str, &str, &str, &str)] = &[
    ("field", "x86_64", "field", "avx512ifma", "field/generated/avx512ifma/*.c"),
    ("mp", "x86_64", "mp", "avx512ifma", "mp/native/x86_64/mp_ifma.c"),
    ("poly1305", "x86_64", "poly1305", "avx2", "poly1305/native/x86_64/poly1305_avx2.c"),
    ("poly1305", "x86_64", "poly1305", "avx512", "poly1305/native/x86_64/poly1305_avx512.c"),
    ("poly1305", "x86_64", "poly1305", "avx512ifma", "poly1305/native/x86_64/poly1305_ifma.c"),
    ("poly1305", "x86_64", "chacha20", "avx2", "chacha20/native/x86_64/chacha20_avx2.c"),
    ("poly1305", "x86_64", "chacha20", "avx512", "chacha20/native/x86_64/chacha20_avx512.c"),
    ("ntt", "x86_64", "ntt", "avx2", "ntt/native/x86_64/ntt_avx2.c"),
    ("ntt", "x86_64", "ntt", "avx512", "ntt/native/x86_64/ntt_avx512.c"),
    ("hash", "x86_64", "keccak", "avx2", "hash/native/x86_64/keccak_avx2.c"),
    ("hash", "x86_64", "keccak", "avx512", "hash/native/x86_64/keccak_avx512.c"),
    ("hash", "x86_64", "sha256", "x86_64_sha", "hash/native/x86_64/sha256_shani.c"),
    ("mlkem", "x86_64", "mlkem", "avx2", "mlkem/native/x86_64/mlkem_avx2.c"),
    ("mlkem", "x86_64", "mlkem", "avx512", "mlkem/native/x86_64/mlkem_avx512.c"),
    ("poly1305", "aarch64", "poly1305", "neon", "poly1305/native/aarch64/poly1305_neon.c"),
    ("poly1305", "aarch64", "chacha20", "neon", "chacha20/native/aarch64/chacha20_neon.c"),
    ("ntt", "aarch64", "ntt", "neon", "ntt/native/aarch64/ntt_neon.c"),
    ("hash", "aarch64", "keccak", "neon", "hash/native/aarch64/keccak_neon.c"),
    ("hash", "aarch64", "keccak", "neon_sha3", "hash/native/aarch64/keccak_neon_sha3.c"),
    ("hash", "aarch64", "sha256", "aarch64_sha2", "hash/native/aarch64/sha256_armv8.c"),
    ("mlkem", "aarch64", "mlkem", "neon", "mlkem/native/aarch64/mlkem_neon.c"),
];

/// ISA flags per back end / feature entry (LF_ISA_FLAGS_* of cmake/backends.cmake,
/// from ISA_FLAGS of gen/limbforge/targets.py).
pub const ISA_FLAGS: &[(&str, &[&str])] = &[
    ("avx2", &["-mavx2"]),
    ("avx512", &["-mavx2", "-mavx512f", "-mavx512bw", "-mavx512dq", "-mavx512vl"]),
    (
        "avx512ifma",
        &["-mavx2", "-mavx512f", "-mavx512bw", "-mavx512dq", "-mavx512vl", "-mavx512ifma", "-mavx512vbmi2"],
    ),
    ("neon", &[]),
    ("x86_64_sha", &["-msse4.1", "-msha"]),
    ("aarch64_sha2", &["-march=armv8-a+crypto"]),
    ("neon_sha3", &["-march=armv8.2-a+sha3"]),
];

/// Extra per-file options (the sources.cmake set_property lines that change
/// code generation): (source, compiler family "gnu"/"any", options).
pub const FILE_OPTIONS: &[(&str, &str, &[&str])] = &[
    ("mlkem/mlkem_c.c", "any", &["-O3"]),
    ("mlkem/native/x86_64/mlkem_avx2.c", "any", &["-O3"]),
    ("mlkem/native/x86_64/mlkem_avx512.c", "any", &["-O3"]),
    ("mlkem/native/aarch64/mlkem_neon.c", "any", &["-O3"]),
    ("ntt/native/x86_64/ntt_avx512.c", "gnu", &["-fschedule-insns", "-fsched-pressure"]),
];

/// Sources that are in the CMake build but deliberately not here, with the
/// reason (tests/sources.rs accepts these): vector code that needs a
/// compiler check CMake does (lf_isa_check) and the cc crate cannot do
/// cheaply; those back ends then run their parent's kernels.
pub const LEFT_OUT: &[(&str, &str)] = &[
    ("keccak_rvv.c", "RVV intrinsics need clang >= 16: rvv uses the C Keccak"),
    ("ntt_rvv.c", "RVV intrinsics: rvv uses the portable NTT"),
    ("mlkem_rvv.c", "RVV intrinsics: rvv uses the portable ML-KEM body"),
    ("poly1305_rvv.c", "RVV intrinsics: rvv uses the portable code"),
    ("chacha20_rvv.c", "RVV intrinsics: rvv uses the portable code"),
    ("poly1305_power9.c", "needs vec_msum on doublewords: power9 uses the scalar kernel"),
    ("ntt_simd128.c", "wasm32 SIMD128 needs -msimd128 for the whole build"),
    ("poly1305_simd128.c", "wasm32 SIMD128 needs -msimd128 for the whole build"),
    ("chacha20_simd128.c", "wasm32 SIMD128 needs -msimd128 for the whole build"),
];
