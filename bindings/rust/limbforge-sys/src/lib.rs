/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! Raw FFI bindings to limbforge, a C11 library of constant-time arithmetic
//! for cryptography.  The C and assembly sources are bundled and compiled
//! by `build.rs` with the `cc` crate (statically linked; no CMake, no
//! bindgen, no network); the library's run-time back-end dispatch picks the
//! deepest kernels the CPU runs (AVX2, AVX-512, IFMA, ...), as in the C build.
//!
//! The declarations are written by hand from `include/limbforge/*.h` and
//! checked against those headers by this crate's tests (names, parameter
//! and return types, struct sizes and alignments).  Each item is documented
//! in its C header; the safe wrappers are in the `limbforge` crate.
//!
//! Cargo features leave modules out: `field`, `mp`, `poly1305` (Poly1305,
//! ChaCha20 and the AEAD), `ntt`, `hash` (SHA-256, HMAC, SHA-3), `secp256k1`
//! (needs `field`, `hash`, `poly1305`), `mlkem` (needs `ntt`, `hash`); all are
//! on by default.
//!
//! ```
//! let name = unsafe { core::ffi::CStr::from_ptr(limbforge_sys::lf_version()) };
//! assert_eq!(name.to_str().unwrap(), "0.1.0");
//! ```
#![no_std]
#![allow(non_camel_case_types)]

pub use core::ffi::{c_char, c_int, c_void};

/// Declares an `extern "C"` block and records each function's name and
/// Rust signature in `$table` (for the header test).
macro_rules! decls {
    ($table:ident; $( $(#[$m:meta])* pub fn $name:ident ( $($arg:ident : $ty:ty),* $(,)? ) $(-> $ret:ty)? ; )* ) => {
        extern "C" {
            $( $(#[$m])* pub fn $name($($arg: $ty),*) $(-> $ret)?; )*
        }
        #[doc(hidden)]
        pub static $table: &[$crate::Decl] = &[
            $( $crate::Decl {
                name: stringify!($name),
                sig: concat!("(", $(stringify!($ty), ",",)* ")" $(, "->", stringify!($ret))?),
                addr: $name as *const c_void,
            }, )*
        ];
    };
}

/// One declaration: the C name, the Rust signature and the address (taking
/// it makes the linker resolve the symbol), for the header test.
#[doc(hidden)]
pub struct Decl {
    pub name: &'static str,
    pub sig: &'static str,
    pub addr: *const c_void,
}
// SAFETY: addr is the address of a function, never written or dereferenced.
unsafe impl Sync for Decl {}

/// The size and alignment of every public C struct as the C compiler laid it
/// out (`layout.c`), ending with a null name; for the layout test.
#[doc(hidden)]
#[repr(C)]
pub struct limbforge_sys_layout {
    pub name: *const c_char,
    pub size: usize,
    pub align: usize,
}
extern "C" {
    #[doc(hidden)]
    pub static limbforge_sys_layouts: [limbforge_sys_layout; 0];
}

// ---------------------------------------------------------------- limbforge.h
pub const LF_OK: c_int = 0;
pub const LF_ERR_RANGE: c_int = -1;
pub const LF_ERR_PARAM: c_int = -2;
pub const LF_ERR_UNAVAILABLE: c_int = -3;
pub const LF_ERR_AUTH: c_int = -4;
pub const LF_ERR_VERIFY: c_int = -5;
pub const LF_ERR_INVALID: c_int = -6;
pub const LF_ERR_FAULT: c_int = -7;
pub const LF_VERSION_STRING: &str = "0.1.0";

/// `lf_backend` (limbforge/backends.h): a C enum.
pub type lf_backend = c_int;
pub const LF_BACKEND_C: lf_backend = 0;
pub const LF_BACKEND_X86_64: lf_backend = 1;
pub const LF_BACKEND_X86_64_ADX: lf_backend = 2;
pub const LF_BACKEND_AVX2: lf_backend = 3;
pub const LF_BACKEND_AVX512: lf_backend = 4;
pub const LF_BACKEND_AVX512IFMA: lf_backend = 5;
pub const LF_BACKEND_AARCH64: lf_backend = 6;
pub const LF_BACKEND_NEON: lf_backend = 7;
pub const LF_BACKEND_RV64: lf_backend = 8;
pub const LF_BACKEND_RVV: lf_backend = 9;
pub const LF_BACKEND_PPC64LE: lf_backend = 10;
pub const LF_BACKEND_POWER9: lf_backend = 11;
pub const LF_BACKEND_C32: lf_backend = 12;
pub const LF_BACKEND_ARMV7: lf_backend = 13;
pub const LF_BACKEND_ARMV7NEON: lf_backend = 14;
pub const LF_BACKEND_WASM_SIMD128: lf_backend = 15;
pub const LF_BACKEND_S390X: lf_backend = 16;
pub const LF_BACKEND_COUNT: lf_backend = 17;

decls! { CORE_DECLS;
    pub fn lf_version() -> *const c_char;
    pub fn lf_backend_current() -> lf_backend;
    pub fn lf_backend_name(b: lf_backend) -> *const c_char;
    pub fn lf_backend_available(b: lf_backend) -> c_int;
    pub fn lf_backend_set(name: *const c_char) -> c_int;
    pub fn lf_caps_cpu() -> u64;
    pub fn lf_caps() -> u64;
    pub fn lf_caps_set(caps: u64) -> c_int;
    pub fn lf_cap_name(cap: u64) -> *const c_char;
}

// ------------------------------------------------------------------- fields
#[cfg(feature = "field")]
mod field_decls {
    use super::{c_int, c_void};

    /// One built-in field (limbforge/field/<name>.h): the element and lane
    /// types and the 31 functions, named as in C.
    macro_rules! field {
        ($table:ident, $t:ident, $x8:ident, $limbs:literal, $lanes:literal,
         $mul:ident, $sqr:ident, $add:ident, $sub:ident, $neg:ident, $from_bytes:ident,
         $to_bytes:ident, $to_internal:ident, $from_internal:ident, $set_zero:ident,
         $set_one:ident, $is_zero:ident, $eq:ident, $cmov:ident, $inv:ident, $inv_var:ident,
         $sqrt:ident, $batch_inv:ident, $pow_var_exp:ident, $vec_mul:ident, $vec_sqr:ident,
         $vec_add:ident, $vec_sub:ident, $vec_mul_scalar:ident, $inner_product:ident,
         $x8_load:ident, $x8_store:ident, $x8_mul:ident, $x8_sqr:ident, $x8_add:ident,
         $x8_sub:ident $(,)?) => {
            /// A field element in internal form (see the C header).
            #[repr(C)]
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
            pub struct $t {
                pub v: [u64; $limbs],
            }
            /// Eight elements in radix-2^52 lanes (see the C header).
            #[repr(C)]
            #[derive(Clone, Copy)]
            pub struct $x8 {
                pub l: [[u64; 8]; $lanes],
            }
            decls! { $table;
                pub fn $mul(r: *mut $t, a: *const $t, b: *const $t);
                pub fn $sqr(r: *mut $t, a: *const $t);
                pub fn $add(r: *mut $t, a: *const $t, b: *const $t);
                pub fn $sub(r: *mut $t, a: *const $t, b: *const $t);
                pub fn $neg(r: *mut $t, a: *const $t);
                pub fn $from_bytes(r: *mut $t, input: *const u8) -> c_int;
                pub fn $to_bytes(out: *mut u8, a: *const $t);
                pub fn $to_internal(r: *mut $t, a: *const u64) -> c_int;
                pub fn $from_internal(r: *mut u64, a: *const $t);
                pub fn $set_zero(r: *mut $t);
                pub fn $set_one(r: *mut $t);
                pub fn $is_zero(a: *const $t) -> c_int;
                pub fn $eq(a: *const $t, b: *const $t) -> c_int;
                pub fn $cmov(r: *mut $t, a: *const $t, flag: c_int);
                pub fn $inv(r: *mut $t, a: *const $t);
                pub fn $inv_var(r: *mut $t, a: *const $t);
                pub fn $sqrt(r: *mut $t, a: *const $t) -> c_int;
                pub fn $batch_inv(r: *mut $t, a: *const $t, n: usize);
                pub fn $pow_var_exp(r: *mut $t, a: *const $t, e: *const u64, ebits: usize);
                pub fn $vec_mul(r: *mut $t, a: *const $t, b: *const $t, n: usize);
                pub fn $vec_sqr(r: *mut $t, a: *const $t, n: usize);
                pub fn $vec_add(r: *mut $t, a: *const $t, b: *const $t, n: usize);
                pub fn $vec_sub(r: *mut $t, a: *const $t, b: *const $t, n: usize);
                pub fn $vec_mul_scalar(r: *mut $t, a: *const $t, c: *const $t, n: usize);
                pub fn $inner_product(r: *mut $t, a: *const $t, b: *const $t, n: usize);
                pub fn $x8_load(r: *mut $x8, a: *const $t);
                pub fn $x8_store(r: *mut $t, a: *const $x8);
                pub fn $x8_mul(r: *mut $x8, a: *const $x8, b: *const $x8);
                pub fn $x8_sqr(r: *mut $x8, a: *const $x8);
                pub fn $x8_add(r: *mut $x8, a: *const $x8, b: *const $x8);
                pub fn $x8_sub(r: *mut $x8, a: *const $x8, b: *const $x8);
            }
        };
    }

    field! {
        BLS12_381_P_DECLS, lf_bls12_381_p_t, lf_bls12_381_p_x8_t, 6, 8,
        lf_bls12_381_p_mul, lf_bls12_381_p_sqr, lf_bls12_381_p_add, lf_bls12_381_p_sub,
        lf_bls12_381_p_neg, lf_bls12_381_p_from_bytes, lf_bls12_381_p_to_bytes,
        lf_bls12_381_p_to_internal, lf_bls12_381_p_from_internal, lf_bls12_381_p_set_zero,
        lf_bls12_381_p_set_one, lf_bls12_381_p_is_zero, lf_bls12_381_p_eq, lf_bls12_381_p_cmov,
        lf_bls12_381_p_inv, lf_bls12_381_p_inv_var, lf_bls12_381_p_sqrt, lf_bls12_381_p_batch_inv,
        lf_bls12_381_p_pow_var_exp, lf_bls12_381_p_vec_mul, lf_bls12_381_p_vec_sqr,
        lf_bls12_381_p_vec_add, lf_bls12_381_p_vec_sub, lf_bls12_381_p_vec_mul_scalar,
        lf_bls12_381_p_inner_product, lf_bls12_381_p_x8_load, lf_bls12_381_p_x8_store,
        lf_bls12_381_p_x8_mul, lf_bls12_381_p_x8_sqr, lf_bls12_381_p_x8_add, lf_bls12_381_p_x8_sub,
    }
    field! {
        BLS12_381_R_DECLS, lf_bls12_381_r_t, lf_bls12_381_r_x8_t, 4, 5,
        lf_bls12_381_r_mul, lf_bls12_381_r_sqr, lf_bls12_381_r_add, lf_bls12_381_r_sub,
        lf_bls12_381_r_neg, lf_bls12_381_r_from_bytes, lf_bls12_381_r_to_bytes,
        lf_bls12_381_r_to_internal, lf_bls12_381_r_from_internal, lf_bls12_381_r_set_zero,
        lf_bls12_381_r_set_one, lf_bls12_381_r_is_zero, lf_bls12_381_r_eq, lf_bls12_381_r_cmov,
        lf_bls12_381_r_inv, lf_bls12_381_r_inv_var, lf_bls12_381_r_sqrt, lf_bls12_381_r_batch_inv,
        lf_bls12_381_r_pow_var_exp, lf_bls12_381_r_vec_mul, lf_bls12_381_r_vec_sqr,
        lf_bls12_381_r_vec_add, lf_bls12_381_r_vec_sub, lf_bls12_381_r_vec_mul_scalar,
        lf_bls12_381_r_inner_product, lf_bls12_381_r_x8_load, lf_bls12_381_r_x8_store,
        lf_bls12_381_r_x8_mul, lf_bls12_381_r_x8_sqr, lf_bls12_381_r_x8_add, lf_bls12_381_r_x8_sub,
    }
    field! {
        BN254_P_DECLS, lf_bn254_p_t, lf_bn254_p_x8_t, 4, 5,
        lf_bn254_p_mul, lf_bn254_p_sqr, lf_bn254_p_add, lf_bn254_p_sub, lf_bn254_p_neg,
        lf_bn254_p_from_bytes, lf_bn254_p_to_bytes, lf_bn254_p_to_internal, lf_bn254_p_from_internal,
        lf_bn254_p_set_zero, lf_bn254_p_set_one, lf_bn254_p_is_zero, lf_bn254_p_eq, lf_bn254_p_cmov,
        lf_bn254_p_inv, lf_bn254_p_inv_var, lf_bn254_p_sqrt, lf_bn254_p_batch_inv,
        lf_bn254_p_pow_var_exp, lf_bn254_p_vec_mul, lf_bn254_p_vec_sqr, lf_bn254_p_vec_add,
        lf_bn254_p_vec_sub, lf_bn254_p_vec_mul_scalar, lf_bn254_p_inner_product, lf_bn254_p_x8_load,
        lf_bn254_p_x8_store, lf_bn254_p_x8_mul, lf_bn254_p_x8_sqr, lf_bn254_p_x8_add,
        lf_bn254_p_x8_sub,
    }
    field! {
        BN254_R_DECLS, lf_bn254_r_t, lf_bn254_r_x8_t, 4, 5,
        lf_bn254_r_mul, lf_bn254_r_sqr, lf_bn254_r_add, lf_bn254_r_sub, lf_bn254_r_neg,
        lf_bn254_r_from_bytes, lf_bn254_r_to_bytes, lf_bn254_r_to_internal, lf_bn254_r_from_internal,
        lf_bn254_r_set_zero, lf_bn254_r_set_one, lf_bn254_r_is_zero, lf_bn254_r_eq, lf_bn254_r_cmov,
        lf_bn254_r_inv, lf_bn254_r_inv_var, lf_bn254_r_sqrt, lf_bn254_r_batch_inv,
        lf_bn254_r_pow_var_exp, lf_bn254_r_vec_mul, lf_bn254_r_vec_sqr, lf_bn254_r_vec_add,
        lf_bn254_r_vec_sub, lf_bn254_r_vec_mul_scalar, lf_bn254_r_inner_product, lf_bn254_r_x8_load,
        lf_bn254_r_x8_store, lf_bn254_r_x8_mul, lf_bn254_r_x8_sqr, lf_bn254_r_x8_add,
        lf_bn254_r_x8_sub,
    }
    field! {
        SECP256K1_P_DECLS, lf_secp256k1_p_t, lf_secp256k1_p_x8_t, 4, 5,
        lf_secp256k1_p_mul, lf_secp256k1_p_sqr, lf_secp256k1_p_add, lf_secp256k1_p_sub,
        lf_secp256k1_p_neg, lf_secp256k1_p_from_bytes, lf_secp256k1_p_to_bytes,
        lf_secp256k1_p_to_internal, lf_secp256k1_p_from_internal, lf_secp256k1_p_set_zero,
        lf_secp256k1_p_set_one, lf_secp256k1_p_is_zero, lf_secp256k1_p_eq, lf_secp256k1_p_cmov,
        lf_secp256k1_p_inv, lf_secp256k1_p_inv_var, lf_secp256k1_p_sqrt, lf_secp256k1_p_batch_inv,
        lf_secp256k1_p_pow_var_exp, lf_secp256k1_p_vec_mul, lf_secp256k1_p_vec_sqr,
        lf_secp256k1_p_vec_add, lf_secp256k1_p_vec_sub, lf_secp256k1_p_vec_mul_scalar,
        lf_secp256k1_p_inner_product, lf_secp256k1_p_x8_load, lf_secp256k1_p_x8_store,
        lf_secp256k1_p_x8_mul, lf_secp256k1_p_x8_sqr, lf_secp256k1_p_x8_add, lf_secp256k1_p_x8_sub,
    }
    field! {
        SECP256K1_N_DECLS, lf_secp256k1_n_t, lf_secp256k1_n_x8_t, 4, 5,
        lf_secp256k1_n_mul, lf_secp256k1_n_sqr, lf_secp256k1_n_add, lf_secp256k1_n_sub,
        lf_secp256k1_n_neg, lf_secp256k1_n_from_bytes, lf_secp256k1_n_to_bytes,
        lf_secp256k1_n_to_internal, lf_secp256k1_n_from_internal, lf_secp256k1_n_set_zero,
        lf_secp256k1_n_set_one, lf_secp256k1_n_is_zero, lf_secp256k1_n_eq, lf_secp256k1_n_cmov,
        lf_secp256k1_n_inv, lf_secp256k1_n_inv_var, lf_secp256k1_n_sqrt, lf_secp256k1_n_batch_inv,
        lf_secp256k1_n_pow_var_exp, lf_secp256k1_n_vec_mul, lf_secp256k1_n_vec_sqr,
        lf_secp256k1_n_vec_add, lf_secp256k1_n_vec_sub, lf_secp256k1_n_vec_mul_scalar,
        lf_secp256k1_n_inner_product, lf_secp256k1_n_x8_load, lf_secp256k1_n_x8_store,
        lf_secp256k1_n_x8_mul, lf_secp256k1_n_x8_sqr, lf_secp256k1_n_x8_add, lf_secp256k1_n_x8_sub,
    }
    field! {
        P256_P_DECLS, lf_p256_p_t, lf_p256_p_x8_t, 4, 5,
        lf_p256_p_mul, lf_p256_p_sqr, lf_p256_p_add, lf_p256_p_sub, lf_p256_p_neg,
        lf_p256_p_from_bytes, lf_p256_p_to_bytes, lf_p256_p_to_internal, lf_p256_p_from_internal,
        lf_p256_p_set_zero, lf_p256_p_set_one, lf_p256_p_is_zero, lf_p256_p_eq, lf_p256_p_cmov,
        lf_p256_p_inv, lf_p256_p_inv_var, lf_p256_p_sqrt, lf_p256_p_batch_inv, lf_p256_p_pow_var_exp,
        lf_p256_p_vec_mul, lf_p256_p_vec_sqr, lf_p256_p_vec_add, lf_p256_p_vec_sub,
        lf_p256_p_vec_mul_scalar, lf_p256_p_inner_product, lf_p256_p_x8_load, lf_p256_p_x8_store,
        lf_p256_p_x8_mul, lf_p256_p_x8_sqr, lf_p256_p_x8_add, lf_p256_p_x8_sub,
    }
    field! {
        P256_N_DECLS, lf_p256_n_t, lf_p256_n_x8_t, 4, 5,
        lf_p256_n_mul, lf_p256_n_sqr, lf_p256_n_add, lf_p256_n_sub, lf_p256_n_neg,
        lf_p256_n_from_bytes, lf_p256_n_to_bytes, lf_p256_n_to_internal, lf_p256_n_from_internal,
        lf_p256_n_set_zero, lf_p256_n_set_one, lf_p256_n_is_zero, lf_p256_n_eq, lf_p256_n_cmov,
        lf_p256_n_inv, lf_p256_n_inv_var, lf_p256_n_sqrt, lf_p256_n_batch_inv, lf_p256_n_pow_var_exp,
        lf_p256_n_vec_mul, lf_p256_n_vec_sqr, lf_p256_n_vec_add, lf_p256_n_vec_sub,
        lf_p256_n_vec_mul_scalar, lf_p256_n_inner_product, lf_p256_n_x8_load, lf_p256_n_x8_store,
        lf_p256_n_x8_mul, lf_p256_n_x8_sqr, lf_p256_n_x8_add, lf_p256_n_x8_sub,
    }
    field! {
        P25519_DECLS, lf_p25519_t, lf_p25519_x8_t, 4, 5,
        lf_p25519_mul, lf_p25519_sqr, lf_p25519_add, lf_p25519_sub, lf_p25519_neg,
        lf_p25519_from_bytes, lf_p25519_to_bytes, lf_p25519_to_internal, lf_p25519_from_internal,
        lf_p25519_set_zero, lf_p25519_set_one, lf_p25519_is_zero, lf_p25519_eq, lf_p25519_cmov,
        lf_p25519_inv, lf_p25519_inv_var, lf_p25519_sqrt, lf_p25519_batch_inv, lf_p25519_pow_var_exp,
        lf_p25519_vec_mul, lf_p25519_vec_sqr, lf_p25519_vec_add, lf_p25519_vec_sub,
        lf_p25519_vec_mul_scalar, lf_p25519_inner_product, lf_p25519_x8_load, lf_p25519_x8_store,
        lf_p25519_x8_mul, lf_p25519_x8_sqr, lf_p25519_x8_add, lf_p25519_x8_sub,
    }
    field! {
        P448_DECLS, lf_p448_t, lf_p448_x8_t, 7, 9,
        lf_p448_mul, lf_p448_sqr, lf_p448_add, lf_p448_sub, lf_p448_neg, lf_p448_from_bytes,
        lf_p448_to_bytes, lf_p448_to_internal, lf_p448_from_internal, lf_p448_set_zero,
        lf_p448_set_one, lf_p448_is_zero, lf_p448_eq, lf_p448_cmov, lf_p448_inv, lf_p448_inv_var,
        lf_p448_sqrt, lf_p448_batch_inv, lf_p448_pow_var_exp, lf_p448_vec_mul, lf_p448_vec_sqr,
        lf_p448_vec_add, lf_p448_vec_sub, lf_p448_vec_mul_scalar, lf_p448_inner_product,
        lf_p448_x8_load, lf_p448_x8_store, lf_p448_x8_mul, lf_p448_x8_sqr, lf_p448_x8_add,
        lf_p448_x8_sub,
    }
    field! {
        P1024_DECLS, lf_p1024_t, lf_p1024_x8_t, 16, 20,
        lf_p1024_mul, lf_p1024_sqr, lf_p1024_add, lf_p1024_sub, lf_p1024_neg, lf_p1024_from_bytes,
        lf_p1024_to_bytes, lf_p1024_to_internal, lf_p1024_from_internal, lf_p1024_set_zero,
        lf_p1024_set_one, lf_p1024_is_zero, lf_p1024_eq, lf_p1024_cmov, lf_p1024_inv,
        lf_p1024_inv_var, lf_p1024_sqrt, lf_p1024_batch_inv, lf_p1024_pow_var_exp, lf_p1024_vec_mul,
        lf_p1024_vec_sqr, lf_p1024_vec_add, lf_p1024_vec_sub, lf_p1024_vec_mul_scalar,
        lf_p1024_inner_product, lf_p1024_x8_load, lf_p1024_x8_store, lf_p1024_x8_mul, lf_p1024_x8_sqr,
        lf_p1024_x8_add, lf_p1024_x8_sub,
    }

    /// Every field's declarations, for the header test.
    #[doc(hidden)]
    pub static FIELD_DECLS: &[&[crate::Decl]] = &[
        BLS12_381_P_DECLS,
        BLS12_381_R_DECLS,
        BN254_P_DECLS,
        BN254_R_DECLS,
        SECP256K1_P_DECLS,
        SECP256K1_N_DECLS,
        P256_P_DECLS,
        P256_N_DECLS,
        P25519_DECLS,
        P448_DECLS,
        P1024_DECLS,
    ];
}
#[cfg(feature = "field")]
pub use field_decls::*;

// ------------------------------------------------------------------------ mp
#[cfg(feature = "mp")]
mod mp_decls {
    use super::{c_int, c_void};
    pub const LF_MP_MAX_LIMBS: usize = 128;

    /// Montgomery context for a run-time odd modulus (limbforge/mp.h).
    #[repr(C)]
    #[derive(Clone, Copy)]
    pub struct lf_mp_mont_ctx {
        pub n: usize,
        pub m: [u64; LF_MP_MAX_LIMBS + 1],
        pub minv: [u64; LF_MP_MAX_LIMBS],
        pub one: [u64; LF_MP_MAX_LIMBS],
        pub rr: [u64; LF_MP_MAX_LIMBS],
        pub rrr: [u64; LF_MP_MAX_LIMBS],
    }
    /// An RSA private key for the CRT operation (limbforge/mp.h).
    #[repr(C)]
    #[derive(Clone, Copy)]
    pub struct lf_mp_rsa_key {
        pub h: usize,
        pub e: u64,
        pub p: lf_mp_mont_ctx,
        pub q: lf_mp_mont_ctx,
        pub n: lf_mp_mont_ctx,
        pub dp: [u64; LF_MP_MAX_LIMBS / 2],
        pub dq: [u64; LF_MP_MAX_LIMBS / 2],
        pub qinv: [u64; LF_MP_MAX_LIMBS / 2],
    }
    decls! { MP_DECLS;
        pub fn lf_mp_mul(r: *mut u64, a: *const u64, b: *const u64, n: usize) -> c_int;
        pub fn lf_mp_sqr(r: *mut u64, a: *const u64, n: usize) -> c_int;
        pub fn lf_mp_mul_lo(r: *mut u64, a: *const u64, b: *const u64, n: usize) -> c_int;
        pub fn lf_mp_add(r: *mut u64, carry: *mut u64, a: *const u64, b: *const u64, n: usize) -> c_int;
        pub fn lf_mp_sub(r: *mut u64, borrow: *mut u64, a: *const u64, b: *const u64, n: usize) -> c_int;
        pub fn lf_mp_cmov(r: *mut u64, a: *const u64, flag: u64, n: usize) -> c_int;
        pub fn lf_mp_cmp(res: *mut c_int, a: *const u64, b: *const u64, n: usize) -> c_int;
        pub fn lf_mp_from_bytes(r: *mut u64, n: usize, input: *const u8, len: usize) -> c_int;
        pub fn lf_mp_to_bytes(out: *mut u8, len: usize, a: *const u64, n: usize) -> c_int;
        pub fn lf_mp_mont_init(ctx: *mut lf_mp_mont_ctx, m: *const u64, n: usize) -> c_int;
        pub fn lf_mp_mont_to_internal(r: *mut u64, a: *const u64, ctx: *const lf_mp_mont_ctx) -> c_int;
        pub fn lf_mp_mont_from_internal(r: *mut u64, a: *const u64, ctx: *const lf_mp_mont_ctx) -> c_int;
        pub fn lf_mp_mont_mul(r: *mut u64, a: *const u64, b: *const u64, ctx: *const lf_mp_mont_ctx) -> c_int;
        pub fn lf_mp_mont_sqr(r: *mut u64, a: *const u64, ctx: *const lf_mp_mont_ctx) -> c_int;
        pub fn lf_mp_modexp(r: *mut u64, base: *const u64, exp: *const u64, exp_limbs: usize,
                            ctx: *const lf_mp_mont_ctx) -> c_int;
        pub fn lf_mp_rsa_key_init(key: *mut lf_mp_rsa_key, e: u64, p: *const u64, q: *const u64,
                                  dp: *const u64, dq: *const u64, qinv: *const u64, h: usize) -> c_int;
        pub fn lf_mp_rsa_private_crt(r: *mut u64, c: *const u64, key: *const lf_mp_rsa_key) -> c_int;
    }
}
#[cfg(feature = "mp")]
pub use mp_decls::*;

// ------------------------------------------- poly1305.h, chacha20.h, aead.h
#[cfg(feature = "poly1305")]
mod poly1305_decls {
    use super::{c_int, c_void};
    pub const LF_POLY1305_KEYBYTES: usize = 32;
    pub const LF_POLY1305_TAGBYTES: usize = 16;
    pub const LF_CHACHA20_KEYBYTES: usize = 32;
    pub const LF_CHACHA20_NONCEBYTES: usize = 12;
    pub const LF_CHACHA20_BLOCKBYTES: usize = 64;
    pub const LF_CHACHA20POLY1305_KEYBYTES: usize = 32;
    pub const LF_CHACHA20POLY1305_NONCEBYTES: usize = 12;
    pub const LF_CHACHA20POLY1305_TAGBYTES: usize = 16;
    pub const LF_CHACHA20POLY1305_MAXBYTES: u64 = 274877906880;

    /// Poly1305 streaming state (limbforge/poly1305.h); holds key material.
    #[repr(C)]
    #[derive(Clone, Copy)]
    pub struct lf_poly1305_state {
        pub h: [u64; 3],
        pub r: [u64; 2],
        pub s: [u64; 2],
        pub pw: [[u64; 3]; 8],
        pub buf: [u8; 16],
        pub buflen: usize,
        pub npw: core::ffi::c_uint,
    }
    decls! { POLY1305_DECLS;
        pub fn lf_poly1305(tag: *mut u8, msg: *const u8, len: usize, key: *const u8);
        pub fn lf_poly1305_init(st: *mut lf_poly1305_state, key: *const u8);
        pub fn lf_poly1305_update(st: *mut lf_poly1305_state, msg: *const u8, len: usize);
        pub fn lf_poly1305_final(st: *mut lf_poly1305_state, tag: *mut u8);
        pub fn lf_poly1305_verify(a: *const u8, b: *const u8) -> c_int;
        pub fn lf_chacha20(out: *mut u8, input: *const u8, len: usize, key: *const u8,
                           nonce: *const u8, counter: u32) -> c_int;
        pub fn lf_chacha20_block(out: *mut u8, key: *const u8, nonce: *const u8, counter: u32);
        pub fn lf_chacha20poly1305_seal(ct: *mut u8, tag: *mut u8, pt: *const u8, len: usize,
                                        ad: *const u8, adlen: usize, key: *const u8,
                                        nonce: *const u8) -> c_int;
        pub fn lf_chacha20poly1305_open(pt: *mut u8, ct: *const u8, len: usize, tag: *const u8,
                                        ad: *const u8, adlen: usize, key: *const u8,
                                        nonce: *const u8) -> c_int;
    }
}
#[cfg(feature = "poly1305")]
pub use poly1305_decls::*;

// ---------------------------------------------------------------------- ntt.h
#[cfg(feature = "ntt")]
mod ntt_decls {
    use super::{c_int, c_void};
    pub const LF_NTT_Q: i16 = 3329;
    pub const LF_MLKEM_NTT_LAZY_IN_MAX: i16 = 4096;
    pub const LF_MLKEM_NTT_LAZY_OUT_MAX: i16 = 17052;
    pub const LF_MLKEM_BASEMUL_LAZY_IN_MAX: i16 = 17052;
    pub const LF_MLKEM_BASEMUL_LAZY_OUT_MAX: i16 = 12202;
    pub const LF_MLKEM_INVNTT_LAZY_IN_MAX: i16 = 16383;
    pub const LF_MLKEM_INVNTT_LAZY_OUT_MAX: i16 = 2250;
    decls! { NTT_DECLS;
        pub fn lf_ntt128_cyclic_mul(r: *mut i16, a: *const i16, b: *const i16) -> c_int;
        pub fn lf_mlkem_ntt(r: *mut i16, a: *const i16) -> c_int;
        pub fn lf_mlkem_invntt(r: *mut i16, a: *const i16) -> c_int;
        pub fn lf_mlkem_basemul(r: *mut i16, a: *const i16, b: *const i16) -> c_int;
        pub fn lf_mlkem_ntt_lazy(a: *mut i16);
        pub fn lf_mlkem_basemul_lazy(r: *mut i16, a: *const i16, b: *const i16);
        pub fn lf_mlkem_invntt_lazy(a: *mut i16);
        pub fn lf_mlkem_transpose(r: *mut i16, a: *const i16);
    }
}
#[cfg(feature = "ntt")]
pub use ntt_decls::*;

// --------------------------------------------------------- sha256.h, sha3.h
#[cfg(feature = "hash")]
mod hash_decls {
    use super::{c_int, c_void};
    pub const LF_SHA256_BYTES: usize = 32;
    pub const LF_SHA256_BLOCKBYTES: usize = 64;
    pub const LF_SHA3_256_BYTES: usize = 32;
    pub const LF_SHA3_512_BYTES: usize = 64;
    pub const LF_SHAKE128_RATE: usize = 168;
    pub const LF_SHAKE256_RATE: usize = 136;

    /// SHA-256 streaming state (limbforge/sha256.h).
    #[repr(C)]
    #[derive(Clone, Copy)]
    pub struct lf_sha256_state {
        pub h: [u32; 8],
        pub nbytes: u64,
        pub buf: [u8; 64],
    }
    /// HMAC-SHA256 streaming state (limbforge/sha256.h).
    #[repr(C)]
    #[derive(Clone, Copy)]
    pub struct lf_hmac_sha256_state {
        pub inner: lf_sha256_state,
        pub outer: lf_sha256_state,
    }
    /// SHA-3 / SHAKE streaming state (limbforge/sha3.h).
    #[repr(C)]
    #[derive(Clone, Copy)]
    pub struct lf_sha3_state {
        pub s: [u64; 25],
        pub rate: u32,
        pub pos: u32,
        pub dsbyte: u8,
        pub outlen: u8,
        pub squeezing: u8,
    }
    decls! { HASH_DECLS;
        pub fn lf_sha256(out: *mut u8, msg: *const u8, len: usize);
        pub fn lf_sha256_init(st: *mut lf_sha256_state);
        pub fn lf_sha256_update(st: *mut lf_sha256_state, msg: *const u8, len: usize);
        pub fn lf_sha256_final(st: *mut lf_sha256_state, out: *mut u8);
        pub fn lf_hmac_sha256(out: *mut u8, key: *const u8, keylen: usize, msg: *const u8, len: usize);
        pub fn lf_hmac_sha256_init(st: *mut lf_hmac_sha256_state, key: *const u8, keylen: usize);
        pub fn lf_hmac_sha256_update(st: *mut lf_hmac_sha256_state, msg: *const u8, len: usize);
        pub fn lf_hmac_sha256_final(st: *mut lf_hmac_sha256_state, out: *mut u8);
        pub fn lf_sha3_256(out: *mut u8, msg: *const u8, len: usize);
        pub fn lf_sha3_512(out: *mut u8, msg: *const u8, len: usize);
        pub fn lf_shake128(out: *mut u8, outlen: usize, msg: *const u8, len: usize);
        pub fn lf_shake256(out: *mut u8, outlen: usize, msg: *const u8, len: usize);
        pub fn lf_sha3_256_init(st: *mut lf_sha3_state);
        pub fn lf_sha3_512_init(st: *mut lf_sha3_state);
        pub fn lf_shake128_init(st: *mut lf_sha3_state);
        pub fn lf_shake256_init(st: *mut lf_sha3_state);
        pub fn lf_sha3_update(st: *mut lf_sha3_state, msg: *const u8, len: usize) -> c_int;
        pub fn lf_sha3_final(st: *mut lf_sha3_state, out: *mut u8) -> c_int;
        pub fn lf_shake_squeeze(st: *mut lf_sha3_state, out: *mut u8, len: usize) -> c_int;
        pub fn lf_sha3_wipe(st: *mut lf_sha3_state);
    }
}
#[cfg(feature = "hash")]
pub use hash_decls::*;

// ----------------------------------------------- secp256k1.h, _schnorr.h
#[cfg(feature = "secp256k1")]
mod secp256k1_decls {
    use super::{c_int, c_void};
    pub const LF_SECP256K1_SECKEY_BYTES: usize = 32;
    pub const LF_SECP256K1_PUBKEY_COMPRESSED_BYTES: usize = 33;
    pub const LF_SECP256K1_PUBKEY_UNCOMPRESSED_BYTES: usize = 65;
    pub const LF_SECP256K1_SIG_BYTES: usize = 64;
    pub const LF_SECP256K1_DER_MAX_BYTES: usize = 72;
    pub const LF_SECP256K1_XONLY_BYTES: usize = 32;
    pub const LF_SECP256K1_SCHNORR_BYTES: usize = 64;

    /// A parsed public key (opaque; limbforge/secp256k1.h).
    #[repr(C)]
    #[derive(Clone, Copy, Debug, Default)]
    pub struct lf_secp256k1_pubkey {
        pub d: [u64; 8],
    }
    /// A parsed x-only public key (opaque; limbforge/secp256k1_schnorr.h).
    #[repr(C)]
    #[derive(Clone, Copy, Debug, Default)]
    pub struct lf_secp256k1_xonly_pubkey {
        pub d: [u64; 8],
    }
    /// A keypair (opaque; holds the secret key).
    #[repr(C)]
    #[derive(Clone, Copy)]
    pub struct lf_secp256k1_keypair {
        pub sk: [u8; 32],
        pub pk: lf_secp256k1_pubkey,
    }
    /// One signature of a batch (pointers to caller memory).
    #[repr(C)]
    #[derive(Clone, Copy)]
    pub struct lf_secp256k1_schnorrsig_item {
        pub sig64: *const u8,
        pub msg: *const u8,
        pub msglen: usize,
        pub xpk: *const lf_secp256k1_xonly_pubkey,
    }
    decls! { SECP256K1_DECLS;
        pub fn lf_secp256k1_seckey_verify(sk: *const u8) -> c_int;
        pub fn lf_secp256k1_pubkey_create(pk: *mut lf_secp256k1_pubkey, sk: *const u8) -> c_int;
        pub fn lf_secp256k1_pubkey_parse(pk: *mut lf_secp256k1_pubkey, input: *const u8, len: usize) -> c_int;
        pub fn lf_secp256k1_pubkey_serialize(out: *mut u8, outlen: *mut usize,
                                             pk: *const lf_secp256k1_pubkey, compressed: c_int) -> c_int;
        pub fn lf_secp256k1_pubkey_eq(a: *const lf_secp256k1_pubkey, b: *const lf_secp256k1_pubkey) -> c_int;
        pub fn lf_secp256k1_ecdsa_sign(sig64: *mut u8, recid: *mut c_int, msg32: *const u8,
                                       sk: *const u8, extra32: *const u8) -> c_int;
        pub fn lf_secp256k1_ecdsa_sign_checked(sig64: *mut u8, recid: *mut c_int, msg32: *const u8,
                                               sk: *const u8, extra32: *const u8) -> c_int;
        pub fn lf_secp256k1_ecdsa_verify(sig64: *const u8, msg32: *const u8,
                                         pk: *const lf_secp256k1_pubkey) -> c_int;
        pub fn lf_secp256k1_ecdsa_normalize(out64: *mut u8, sig64: *const u8) -> c_int;
        pub fn lf_secp256k1_ecdsa_der_parse(sig64: *mut u8, der: *const u8, len: usize) -> c_int;
        pub fn lf_secp256k1_ecdsa_der_serialize(out: *mut u8, outlen: *mut usize, sig64: *const u8) -> c_int;
        pub fn lf_secp256k1_ecdsa_recover(pk: *mut lf_secp256k1_pubkey, sig64: *const u8, recid: c_int,
                                          msg32: *const u8) -> c_int;
        pub fn lf_secp256k1_ecdh_x(out32: *mut u8, pk: *const lf_secp256k1_pubkey, sk: *const u8) -> c_int;
        pub fn lf_secp256k1_ecdh(out32: *mut u8, pk: *const lf_secp256k1_pubkey, sk: *const u8) -> c_int;
        pub fn lf_secp256k1_seckey_negate(sk: *mut u8) -> c_int;
        pub fn lf_secp256k1_seckey_tweak_add(sk: *mut u8, tweak: *const u8) -> c_int;
        pub fn lf_secp256k1_seckey_tweak_mul(sk: *mut u8, tweak: *const u8) -> c_int;
        pub fn lf_secp256k1_pubkey_negate(pk: *mut lf_secp256k1_pubkey) -> c_int;
        pub fn lf_secp256k1_pubkey_tweak_add(pk: *mut lf_secp256k1_pubkey, tweak: *const u8) -> c_int;
        pub fn lf_secp256k1_pubkey_tweak_mul(pk: *mut lf_secp256k1_pubkey, tweak: *const u8) -> c_int;
        // secp256k1_schnorr.h
        pub fn lf_secp256k1_xonly_pubkey_parse(xpk: *mut lf_secp256k1_xonly_pubkey, in32: *const u8) -> c_int;
        pub fn lf_secp256k1_xonly_pubkey_serialize(out32: *mut u8, xpk: *const lf_secp256k1_xonly_pubkey) -> c_int;
        pub fn lf_secp256k1_xonly_pubkey_from_pubkey(xpk: *mut lf_secp256k1_xonly_pubkey, parity: *mut c_int,
                                                     pk: *const lf_secp256k1_pubkey) -> c_int;
        pub fn lf_secp256k1_xonly_pubkey_eq(a: *const lf_secp256k1_xonly_pubkey,
                                            b: *const lf_secp256k1_xonly_pubkey) -> c_int;
        pub fn lf_secp256k1_xonly_pubkey_tweak_add(out: *mut lf_secp256k1_pubkey,
                                                   xpk: *const lf_secp256k1_xonly_pubkey,
                                                   tweak: *const u8) -> c_int;
        pub fn lf_secp256k1_xonly_pubkey_tweak_add_check(tweaked32: *const u8, tweaked_parity: c_int,
                                                         xpk: *const lf_secp256k1_xonly_pubkey,
                                                         tweak: *const u8) -> c_int;
        pub fn lf_secp256k1_keypair_create(kp: *mut lf_secp256k1_keypair, sk: *const u8) -> c_int;
        pub fn lf_secp256k1_keypair_sec(sk: *mut u8, kp: *const lf_secp256k1_keypair) -> c_int;
        pub fn lf_secp256k1_keypair_pub(pk: *mut lf_secp256k1_pubkey, kp: *const lf_secp256k1_keypair) -> c_int;
        pub fn lf_secp256k1_keypair_xonly_pub(xpk: *mut lf_secp256k1_xonly_pubkey, parity: *mut c_int,
                                              kp: *const lf_secp256k1_keypair) -> c_int;
        pub fn lf_secp256k1_keypair_xonly_tweak_add(kp: *mut lf_secp256k1_keypair, tweak: *const u8) -> c_int;
        pub fn lf_secp256k1_schnorrsig_sign(sig64: *mut u8, msg: *const u8, msglen: usize,
                                            kp: *const lf_secp256k1_keypair, aux32: *const u8) -> c_int;
        pub fn lf_secp256k1_schnorrsig_sign32(sig64: *mut u8, msg32: *const u8,
                                              kp: *const lf_secp256k1_keypair, aux32: *const u8) -> c_int;
        pub fn lf_secp256k1_schnorrsig_sign_checked(sig64: *mut u8, msg: *const u8, msglen: usize,
                                                    kp: *const lf_secp256k1_keypair,
                                                    aux32: *const u8) -> c_int;
        pub fn lf_secp256k1_schnorrsig_sign32_checked(sig64: *mut u8, msg32: *const u8,
                                                      kp: *const lf_secp256k1_keypair,
                                                      aux32: *const u8) -> c_int;
        pub fn lf_secp256k1_schnorrsig_verify(sig64: *const u8, msg: *const u8, msglen: usize,
                                              xpk: *const lf_secp256k1_xonly_pubkey) -> c_int;
        pub fn lf_secp256k1_schnorrsig_batch_scratch_size(n: usize) -> usize;
        pub fn lf_secp256k1_schnorrsig_verify_batch(scratch: *mut c_void, scratch_len: usize,
                                                    items: *const lf_secp256k1_schnorrsig_item,
                                                    n: usize) -> c_int;
        pub fn lf_secp256k1_schnorrsig_find_invalid(bad: *mut u8, scratch: *mut c_void, scratch_len: usize,
                                                    items: *const lf_secp256k1_schnorrsig_item,
                                                    n: usize) -> c_int;
        pub fn lf_secp256k1_msm_scratch_size(n: usize) -> usize;
        pub fn lf_secp256k1_msm(r: *mut lf_secp256k1_pubkey, scratch: *mut c_void, scratch_len: usize,
                                scalars: *const [u8; 32], points: *const lf_secp256k1_pubkey, n: usize,
                                g_scalar: *const u8) -> c_int;
    }
}
#[cfg(feature = "secp256k1")]
pub use secp256k1_decls::*;

// --------------------------------------------------------------------- mlkem.h
/// `lf_mlkem_set` (limbforge/mlkem.h): a C enum whose value is k.
pub type lf_mlkem_set = c_int;
pub const LF_MLKEM_512: lf_mlkem_set = 2;
pub const LF_MLKEM_768: lf_mlkem_set = 3;
pub const LF_MLKEM_1024: lf_mlkem_set = 4;

#[cfg(feature = "mlkem")]
mod mlkem_decls {
    use super::{c_int, c_void, lf_mlkem_set};
    pub const LF_MLKEM_SS_BYTES: usize = 32;
    pub const LF_MLKEM_SEED_BYTES: usize = 64;
    pub const LF_MLKEM_MSG_BYTES: usize = 32;
    pub const LF_MLKEM512_EK_BYTES: usize = 800;
    pub const LF_MLKEM512_DK_BYTES: usize = 1632;
    pub const LF_MLKEM512_CT_BYTES: usize = 768;
    pub const LF_MLKEM768_EK_BYTES: usize = 1184;
    pub const LF_MLKEM768_DK_BYTES: usize = 2400;
    pub const LF_MLKEM768_CT_BYTES: usize = 1088;
    pub const LF_MLKEM1024_EK_BYTES: usize = 1568;
    pub const LF_MLKEM1024_DK_BYTES: usize = 3168;
    pub const LF_MLKEM1024_CT_BYTES: usize = 1568;
    decls! { MLKEM_DECLS;
        pub fn lf_mlkem_ek_bytes(set: lf_mlkem_set) -> usize;
        pub fn lf_mlkem_dk_bytes(set: lf_mlkem_set) -> usize;
        pub fn lf_mlkem_ct_bytes(set: lf_mlkem_set) -> usize;
        pub fn lf_mlkem_keypair_derand(set: lf_mlkem_set, ek: *mut u8, eklen: usize, dk: *mut u8,
                                       dklen: usize, seed: *const u8, seedlen: usize) -> c_int;
        pub fn lf_mlkem_keypair(set: lf_mlkem_set, ek: *mut u8, eklen: usize, dk: *mut u8,
                                dklen: usize) -> c_int;
        pub fn lf_mlkem_encaps_derand(set: lf_mlkem_set, ct: *mut u8, ctlen: usize, ss: *mut u8,
                                      ek: *const u8, eklen: usize, m: *const u8) -> c_int;
        pub fn lf_mlkem_encaps(set: lf_mlkem_set, ct: *mut u8, ctlen: usize, ss: *mut u8,
                               ek: *const u8, eklen: usize) -> c_int;
        pub fn lf_mlkem_decaps(set: lf_mlkem_set, ss: *mut u8, ct: *const u8, ctlen: usize,
                               dk: *const u8, dklen: usize) -> c_int;
    }
}
#[cfg(feature = "mlkem")]
pub use mlkem_decls::*;

/// Every declaration of the enabled modules, for the header test.
#[doc(hidden)]
pub fn declarations() -> impl Iterator<Item = &'static Decl> {
    let mut tables: [&'static [Decl]; 18] = [&[]; 18];
    let mut i = 0;
    let mut push = |t: &'static [Decl]| {
        tables[i] = t;
        i += 1;
    };
    push(CORE_DECLS);
    #[cfg(feature = "field")]
    for t in FIELD_DECLS {
        push(t);
    }
    #[cfg(feature = "mp")]
    push(MP_DECLS);
    #[cfg(feature = "poly1305")]
    push(POLY1305_DECLS);
    #[cfg(feature = "ntt")]
    push(NTT_DECLS);
    #[cfg(feature = "hash")]
    push(HASH_DECLS);
    #[cfg(feature = "secp256k1")]
    push(SECP256K1_DECLS);
    #[cfg(feature = "mlkem")]
    push(MLKEM_DECLS);
    tables.into_iter().flat_map(|t| t.iter())
}

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
