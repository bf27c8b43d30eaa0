/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! SHA-256 and HMAC-SHA256 (FIPS 180-4, RFC 2104), SHA3-256, SHA3-512,
//! SHAKE128 and SHAKE256 (FIPS 202): one-shot functions and streaming types.
//! SHA-NI / ARMv8 SHA2 and the vector Keccak kernels where the CPU has them.
//!
//! ```
//! use limbforge::hash::{sha256, Sha256};
//! let mut h = Sha256::new();
//! h.update(b"ab");
//! h.update(b"c");
//! assert_eq!(h.finalize(), sha256(b"abc"));
//! assert_eq!(sha256(b"abc")[..4], [0xba, 0x78, 0x16, 0xbf]);
//! ```

use core::fmt;

use limbforge_sys as sys;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// SHA-256 of `data`.
pub fn sha256(data: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: a 32-byte output and a slice.
    unsafe { sys::lf_sha256(out.as_mut_ptr(), data.as_ptr(), data.len()) };
    out
}

/// HMAC-SHA256 of `msg` under `key` (any length).
///
/// ```
/// let tag = limbforge::hash::hmac_sha256(b"Jefe", b"what do ya want for nothing?");
/// assert_eq!(tag[..4], [0x5b, 0xdc, 0xc1, 0x46]); // RFC 4231 test case 2
/// ```
pub fn hmac_sha256(key: &[u8], msg: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: a 32-byte output and two slices.
    unsafe {
        sys::lf_hmac_sha256(
            out.as_mut_ptr(),
            key.as_ptr(),
            key.len(),
            msg.as_ptr(),
            msg.len(),
        )
    };
    out
}

/// SHA3-256 of `data`.
pub fn sha3_256(data: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: a 32-byte output and a slice.
    unsafe { sys::lf_sha3_256(out.as_mut_ptr(), data.as_ptr(), data.len()) };
    out
}

/// SHA3-512 of `data`.
pub fn sha3_512(data: &[u8]) -> [u8; 64] {
    let mut out = [0u8; 64];
    // SAFETY: a 64-byte output and a slice.
    unsafe { sys::lf_sha3_512(out.as_mut_ptr(), data.as_ptr(), data.len()) };
    out
}

/// The first `out.len()` bytes of SHAKE128(`data`).
pub fn shake128(data: &[u8], out: &mut [u8]) {
    // SAFETY: two slices.
    unsafe { sys::lf_shake128(out.as_mut_ptr(), out.len(), data.as_ptr(), data.len()) };
}

/// The first `out.len()` bytes of SHAKE256(`data`).
pub fn shake256(data: &[u8], out: &mut [u8]) {
    // SAFETY: two slices.
    unsafe { sys::lf_shake256(out.as_mut_ptr(), out.len(), data.as_ptr(), data.len()) };
}

/// Streaming SHA-256.
#[derive(Clone)]
pub struct Sha256(sys::lf_sha256_state);

impl Sha256 {
    /// A fresh state.
    pub fn new() -> Sha256 {
        let mut st = sys::lf_sha256_state {
            h: [0; 8],
            nbytes: 0,
            buf: [0; 64],
        };
        // SAFETY: init writes the state.
        unsafe { sys::lf_sha256_init(&mut st) };
        Sha256(st)
    }
    /// Absorb more data (any chunking gives the digest of the whole).
    pub fn update(&mut self, data: &[u8]) {
        // SAFETY: an initialised state and a slice.
        unsafe { sys::lf_sha256_update(&mut self.0, data.as_ptr(), data.len()) };
    }
    /// The digest.
    pub fn finalize(mut self) -> [u8; 32] {
        let mut out = [0u8; 32];
        // SAFETY: an initialised state, a 32-byte output.
        unsafe { sys::lf_sha256_final(&mut self.0, out.as_mut_ptr()) };
        out
    }
}
impl Default for Sha256 {
    fn default() -> Self {
        Sha256::new()
    }
}
impl fmt::Debug for Sha256 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Sha256 { .. }")
    }
}

/// Streaming HMAC-SHA256.  The keyed state is wiped on drop.
#[derive(Clone)]
pub struct HmacSha256(sys::lf_hmac_sha256_state);

impl HmacSha256 {
    /// A state keyed with `key` (any length).
    pub fn new(key: &[u8]) -> HmacSha256 {
        let z = sys::lf_sha256_state {
            h: [0; 8],
            nbytes: 0,
            buf: [0; 64],
        };
        let mut st = sys::lf_hmac_sha256_state { inner: z, outer: z };
        // SAFETY: init writes the state; a slice.
        unsafe { sys::lf_hmac_sha256_init(&mut st, key.as_ptr(), key.len()) };
        HmacSha256(st)
    }
    /// Absorb more of the message.
    pub fn update(&mut self, data: &[u8]) {
        // SAFETY: an initialised state and a slice.
        unsafe { sys::lf_hmac_sha256_update(&mut self.0, data.as_ptr(), data.len()) };
    }
    /// The tag.
    pub fn finalize(mut self) -> [u8; 32] {
        let mut out = [0u8; 32];
        // SAFETY: an initialised state, a 32-byte output.
        unsafe { sys::lf_hmac_sha256_final(&mut self.0, out.as_mut_ptr()) };
        out
    }
}
impl Drop for HmacSha256 {
    fn drop(&mut self) {
        for st in [&mut self.0.inner, &mut self.0.outer] {
            st.h.zeroize();
            st.nbytes.zeroize();
            st.buf.zeroize();
        }
    }
}
impl ZeroizeOnDrop for HmacSha256 {}
impl fmt::Debug for HmacSha256 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("HmacSha256 { .. }")
    }
}

fn sha3_state(init: unsafe extern "C" fn(*mut sys::lf_sha3_state)) -> sys::lf_sha3_state {
    let mut st = sys::lf_sha3_state {
        s: [0; 25],
        rate: 0,
        pos: 0,
        dsbyte: 0,
        outlen: 0,
        squeezing: 0,
    };
    // SAFETY: init writes the state.
    unsafe { init(&mut st) };
    st
}

fn sha3_absorb(st: &mut sys::lf_sha3_state, data: &[u8]) {
    // SAFETY: an initialised state that is not squeezing (the types below
    // never absorb after squeezing), and a slice.
    let rc = unsafe { sys::lf_sha3_update(st, data.as_ptr(), data.len()) };
    debug_assert_eq!(rc, sys::LF_OK);
}

macro_rules! sha3_type {
    ($(#[$doc:meta])* $name:ident, $init:ident, $n:literal) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $name(sys::lf_sha3_state);
        impl $name {
            /// A fresh state.
            pub fn new() -> $name {
                $name(sha3_state(sys::$init))
            }
            /// Absorb more data.
            pub fn update(&mut self, data: &[u8]) {
                sha3_absorb(&mut self.0, data);
            }
            /// The digest.
            pub fn finalize(mut self) -> [u8; $n] {
                let mut out = [0u8; $n];
                // SAFETY: an initialised digest state, an output of its length.
                let rc = unsafe { sys::lf_sha3_final(&mut self.0, out.as_mut_ptr()) };
                debug_assert_eq!(rc, sys::LF_OK);
                out
            }
        }
        impl Default for $name {
            fn default() -> Self {
                $name::new()
            }
        }
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(concat!(stringify!($name), " { .. }"))
            }
        }
    };
}

sha3_type!(
    /// Streaming SHA3-256.
    Sha3_256, lf_sha3_256_init, 32
);
sha3_type!(
    /// Streaming SHA3-512.
    Sha3_512, lf_sha3_512_init, 64
);

macro_rules! shake_type {
    ($(#[$doc:meta])* $name:ident, $init:ident) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $name(sys::lf_sha3_state);
        impl $name {
            /// A fresh state.
            pub fn new() -> $name {
                $name(sha3_state(sys::$init))
            }
            /// Absorb more data.
            pub fn update(&mut self, data: &[u8]) {
                sha3_absorb(&mut self.0, data);
            }
            /// Switch to output: a reader of the output stream.
            pub fn finalize_xof(self) -> ShakeReader {
                ShakeReader(self.0)
            }
        }
        impl Default for $name {
            fn default() -> Self {
                $name::new()
            }
        }
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(concat!(stringify!($name), " { .. }"))
            }
        }
    };
}

shake_type!(
    /// Streaming SHAKE128.
    ///
    /// ```
    /// use limbforge::hash::{shake128, Shake128};
    /// let mut x = Shake128::new();
    /// x.update(b"seed");
    /// let mut r = x.finalize_xof();
    /// let (mut a, mut b) = ([0u8; 100], [0u8; 68]);
    /// r.read(&mut a);
    /// r.read(&mut b);
    /// let mut whole = [0u8; 168];
    /// shake128(b"seed", &mut whole);
    /// assert_eq!((&whole[..100], &whole[100..]), (&a[..], &b[..]));
    /// ```
    Shake128, lf_shake128_init
);
shake_type!(
    /// Streaming SHAKE256.
    Shake256, lf_shake256_init
);

/// The output stream of a SHAKE state.
#[derive(Clone)]
pub struct ShakeReader(sys::lf_sha3_state);

impl ShakeReader {
    /// The next `out.len()` bytes of the output.
    pub fn read(&mut self, out: &mut [u8]) {
        // SAFETY: a SHAKE state (absorbing or squeezing), a slice.
        let rc = unsafe { sys::lf_shake_squeeze(&mut self.0, out.as_mut_ptr(), out.len()) };
        debug_assert_eq!(rc, sys::LF_OK);
    }
}
impl fmt::Debug for ShakeReader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ShakeReader { .. }")
    }
}
