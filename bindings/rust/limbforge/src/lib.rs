/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! Safe Rust API of limbforge, a C library of constant-time arithmetic for
//! cryptography (built and linked statically by `limbforge-sys`).
//!
//! | module | what | feature |
//! |---|---|---|
//! | [`field`] | a type per built-in prime field: `+ - * -x`, inversion, square roots, canonical bytes, `subtle` traits, slice operations | `field` |
//! | [`secp256k1`] | keys, ECDSA (RFC 6979, byte-identical to libsecp256k1), ECDH, BIP-340, batch verification | `secp256k1` |
//! | [`aead`] | ChaCha20-Poly1305 (RustCrypto `aead` traits), Poly1305 (`universal-hash` traits) | `aead` |
//! | [`mp`] | constant-time modular exponentiation, RSA-CRT | `mp` |
//! | [`ntt`] | the NTT mod 3329: ML-KEM's NTT, inverse, base multiplication; the cyclic product | `ntt` |
//! | [`mlkem`] | ML-KEM-512/768/1024 | `mlkem` |
//! | [`hash`] | SHA-256, HMAC-SHA256, SHA3-256/512, SHAKE128/256 | `hash` |
//!
//! Every secret-dependent operation runs in constant time in the C library;
//! the wrappers add no branch on secret data (choices go through `subtle`),
//! and types that hold secrets wipe them on drop (`zeroize`).  The library
//! picks the fastest back end the CPU runs (AVX2, AVX-512, IFMA, NEON, ...)
//! on first use; [`backend`] tells which.
//!
//! ```
//! # #[cfg(feature = "secp256k1")] {
//! use limbforge::secp256k1::SecretKey;
//! let sk = SecretKey::from_bytes(&[7u8; 32]).unwrap();
//! let pk = sk.public_key();
//! let msg = [0x42u8; 32];
//! let sig = sk.sign_ecdsa(&msg);
//! assert!(pk.verify_ecdsa(&msg, &sig).is_ok());
//! # }
//! ```
#![no_std]
#![warn(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "alloc")]
extern crate alloc;

mod error;
pub use error::Error;
pub(crate) use error::check;

#[cfg(feature = "field")]
pub mod field;

#[cfg(feature = "secp256k1")]
pub mod secp256k1;

#[cfg(feature = "aead")]
pub mod aead;

#[cfg(feature = "mp")]
pub mod mp;

#[cfg(feature = "ntt")]
pub mod ntt;

#[cfg(feature = "mlkem")]
pub mod mlkem;

// the 32-byte shared secret of ECDH and ML-KEM (one type, re-exported by both)
#[cfg(any(feature = "secp256k1", feature = "mlkem"))]
mod secret;

#[cfg(feature = "hash")]
pub mod hash;

/// The `subtle` crate, whose traits the field types implement.
///
/// # Examples
///
/// ```rust
/// # #[cfg(feature = "field")] {
/// use limbforge::field::Secp256k1N;
/// use limbforge::subtle::{ConditionallySelectable, ConstantTimeEq};
/// let (a, b) = (Secp256k1N::from_u64(1), Secp256k1N::from_u64(2));
/// let picked = Secp256k1N::conditional_select(&a, &b, a.ct_eq(&a));
/// assert_eq!(picked, b);
/// # }
/// ```
pub use subtle;
/// The `zeroize` crate: the types that hold secrets implement
/// `ZeroizeOnDrop`, the field types `Zeroize`.
///
/// # Examples
///
/// ```rust
/// # #[cfg(all(feature = "field", feature = "secp256k1"))] {
/// use limbforge::field::P25519;
/// use limbforge::zeroize::{Zeroize, ZeroizeOnDrop};
/// fn wiped_on_drop<T: ZeroizeOnDrop>(_: &T) {}
/// wiped_on_drop(&limbforge::secp256k1::SecretKey::from_bytes(&[1; 32]).unwrap());
/// let mut x = P25519::from_u64(5);
/// x.zeroize();
/// assert_eq!(x, P25519::zero());
/// # }
/// ```
pub use zeroize;

/// The name of the back end in use ("c", "x86_64_adx", "avx512ifma", ...).
///
/// # Examples
///
/// ```rust
/// assert!(!limbforge::backend().is_empty());
/// ```
pub fn backend() -> &'static str {
    // SAFETY: lf_backend_name returns a static NUL-terminated string for
    // every value lf_backend_current returns.
    unsafe {
        let p = limbforge_sys::lf_backend_name(limbforge_sys::lf_backend_current());
        core::ffi::CStr::from_ptr(p).to_str().unwrap_or("?")
    }
}

/// Every back end this build and CPU can run, in chain order (the first is
/// always "c").
///
/// # Examples
///
/// ```rust
/// assert_eq!(limbforge::available_backends().next(), Some("c"));
/// ```
pub fn available_backends() -> impl Iterator<Item = &'static str> {
    (0..limbforge_sys::LF_BACKEND_COUNT).filter_map(|b| {
        // SAFETY: plain calls with an in-range back end.
        unsafe {
            if limbforge_sys::lf_backend_available(b) == 1 {
                let p = limbforge_sys::lf_backend_name(b);
                core::ffi::CStr::from_ptr(p).to_str().ok()
            } else {
                None
            }
        }
    })
}

/// Switch every later call of the process to back end `name` (for tests and
/// benchmarks; all back ends give the same results).  [`Error::Param`] for an
/// unknown name, [`Error::Unavailable`] if this CPU cannot run it.
///
/// # Examples
///
/// ```rust
/// let before = limbforge::backend();
/// limbforge::set_backend("c").unwrap();
/// assert_eq!(limbforge::backend(), "c");
/// limbforge::set_backend(before).unwrap();
/// assert!(limbforge::set_backend("no-such-backend").is_err());
/// ```
pub fn set_backend(name: &str) -> Result<(), Error> {
    let mut buf = [0u8; 32];
    if name.len() >= buf.len() || name.as_bytes().contains(&0) {
        return Err(Error::Param);
    }
    buf[..name.len()].copy_from_slice(name.as_bytes());
    // SAFETY: buf is NUL-terminated.
    check(unsafe { limbforge_sys::lf_backend_set(buf.as_ptr().cast()) })
}

/// The README's examples use the default features.
#[cfg(all(
    doctest,
    feature = "field",
    feature = "secp256k1",
    feature = "aead",
    feature = "mp",
    feature = "mlkem",
    feature = "hash"
))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
