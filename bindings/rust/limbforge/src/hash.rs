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
///
/// # Examples
///
/// ```rust
/// use limbforge::hash::sha256;
/// # fn hex<const N: usize>(s: &str) -> [u8; N] {
/// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
/// # }
/// // FIPS 180-2 appendix B.1 and B.2
/// assert_eq!(sha256(b"abc"), hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
/// assert_eq!(
///     sha256(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
///     hex("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
/// );
/// ```
pub fn sha256(data: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: a 32-byte output and a slice.
    unsafe { sys::lf_sha256(out.as_mut_ptr(), data.as_ptr(), data.len()) };
    out
}

/// HMAC-SHA256 of `msg` under `key` (any length).
///
/// # Examples
///
/// ```rust
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
///
/// # Examples
///
/// ```rust
/// use limbforge::hash::sha3_256;
/// # fn hex<const N: usize>(s: &str) -> [u8; N] {
/// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
/// # }
/// // FIPS 202 examples (SHA3-256 of "abc" and of the empty string)
/// assert_eq!(sha3_256(b"abc"), hex("3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"));
/// assert_eq!(sha3_256(b""), hex("a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"));
/// ```
pub fn sha3_256(data: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: a 32-byte output and a slice.
    unsafe { sys::lf_sha3_256(out.as_mut_ptr(), data.as_ptr(), data.len()) };
    out
}

/// SHA3-512 of `data`.
///
/// # Examples
///
/// ```rust
/// use limbforge::hash::sha3_512;
/// # fn hex<const N: usize>(s: &str) -> [u8; N] {
/// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
/// # }
/// // FIPS 202 example: SHA3-512("abc")
/// assert_eq!(sha3_512(b"abc"), hex("b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e\
///                                   10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"));
/// ```
pub fn sha3_512(data: &[u8]) -> [u8; 64] {
    let mut out = [0u8; 64];
    // SAFETY: a 64-byte output and a slice.
    unsafe { sys::lf_sha3_512(out.as_mut_ptr(), data.as_ptr(), data.len()) };
    out
}

/// The first `out.len()` bytes of SHAKE128(`data`).
///
/// # Examples
///
/// ```rust
/// use limbforge::hash::shake128;
/// # fn hex<const N: usize>(s: &str) -> [u8; N] {
/// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
/// # }
/// // SHAKE128 of the empty string, the first 32 bytes (FIPS 202 examples)
/// let mut out = [0u8; 32];
/// shake128(b"", &mut out);
/// assert_eq!(out, hex("7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"));
/// // a longer output extends the shorter one
/// let mut long = [0u8; 200];
/// shake128(b"", &mut long);
/// assert_eq!(long[..32], out);
/// ```
pub fn shake128(data: &[u8], out: &mut [u8]) {
    // SAFETY: two slices.
    unsafe { sys::lf_shake128(out.as_mut_ptr(), out.len(), data.as_ptr(), data.len()) };
}

/// The first `out.len()` bytes of SHAKE256(`data`).
///
/// # Examples
///
/// ```rust
/// use limbforge::hash::shake256;
/// # fn hex<const N: usize>(s: &str) -> [u8; N] {
/// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
/// # }
/// // SHAKE256 of the empty string, the first 64 bytes (FIPS 202 examples)
/// let mut out = [0u8; 64];
/// shake256(b"", &mut out);
/// assert_eq!(out, hex("46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f\
///                      d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be"));
/// ```
pub fn shake256(data: &[u8], out: &mut [u8]) {
    // SAFETY: two slices.
    unsafe { sys::lf_shake256(out.as_mut_ptr(), out.len(), data.as_ptr(), data.len()) };
}

/// A zeroed SHA-256 state, for the init functions to write.
const SHA256_BLANK: sys::lf_sha256_state = sys::lf_sha256_state {
    h: [0; 8],
    nbytes: 0,
    buf: [0; 64],
};

/// Streaming SHA-256.
#[derive(Clone)]
/// # Examples
///
/// ```rust
/// use limbforge::hash::Sha256;
/// # fn hex<const N: usize>(s: &str) -> [u8; N] {
/// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
/// # }
/// // FIPS 180-2 appendix B.3: one million "a", fed in pieces
/// let mut h = Sha256::new();
/// for _ in 0..1000 {
///     h.update(&[b'a'; 1000]);
/// }
/// assert_eq!(h.finalize(), hex("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
/// ```
pub struct Sha256(sys::lf_sha256_state);

impl Sha256 {
    /// A fresh state.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::hash::Sha256;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// // nothing absorbed: SHA-256 of the empty string (FIPS 180-4 examples)
    /// assert_eq!(Sha256::new().finalize(), hex("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    /// ```
    pub fn new() -> Sha256 {
        let mut st = SHA256_BLANK;
        // SAFETY: init writes the state.
        unsafe { sys::lf_sha256_init(&mut st) };
        Sha256(st)
    }
    /// Absorb more data (any chunking gives the digest of the whole).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::hash::{sha256, Sha256};
    /// let msg = b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    /// let mut h = Sha256::new();
    /// for chunk in msg.chunks(7) {
    ///     h.update(chunk);
    /// }
    /// assert_eq!(h.finalize(), sha256(msg));
    /// ```
    pub fn update(&mut self, data: &[u8]) {
        // SAFETY: an initialised state and a slice.
        unsafe { sys::lf_sha256_update(&mut self.0, data.as_ptr(), data.len()) };
    }
    /// The digest.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::hash::Sha256;
    /// let mut h = Sha256::new();
    /// h.update(b"abc");
    /// // FIPS 180-2 appendix B.1
    /// assert_eq!(h.finalize()[..4], [0xba, 0x78, 0x16, 0xbf]);
    /// ```
    pub fn finalize(mut self) -> [u8; 32] {
        let mut out = [0u8; 32];
        // SAFETY: an initialised state, a 32-byte output.
        unsafe { sys::lf_sha256_final(&mut self.0, out.as_mut_ptr()) };
        out
    }
}
/// # Examples
///
/// ```rust
/// use limbforge::hash::{sha256, Sha256};
/// assert_eq!(Sha256::default().finalize(), sha256(b""));
/// ```
impl Default for Sha256 {
    fn default() -> Self {
        Sha256::new()
    }
}
/// # Examples
///
/// ```rust
/// use limbforge::hash::Sha256;
/// assert_eq!(format!("{:?}", Sha256::new()), "Sha256 { .. }");
/// ```
impl fmt::Debug for Sha256 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Sha256 { .. }")
    }
}

/// Streaming HMAC-SHA256.  The keyed state is wiped on drop.
#[derive(Clone)]
/// # Examples
///
/// ```rust
/// use limbforge::hash::HmacSha256;
/// # fn hex<const N: usize>(s: &str) -> [u8; N] {
/// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
/// # }
/// // RFC 4231 test case 2, the message in two pieces
/// let mut mac = HmacSha256::new(b"Jefe");
/// mac.update(b"what do ya want ");
/// mac.update(b"for nothing?");
/// assert_eq!(mac.finalize(), hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"));
/// ```
pub struct HmacSha256(sys::lf_hmac_sha256_state);

impl HmacSha256 {
    /// A state keyed with `key` (any length).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::hash::{hmac_sha256, HmacSha256};
    /// // a key longer than a block (64 bytes) is hashed first, as RFC 2104 says
    /// let key = [0xaa; 131];
    /// let mut mac = HmacSha256::new(&key);
    /// mac.update(b"Test Using Larger Than Block-Size Key - Hash Key First");
    /// let tag = mac.finalize();
    /// assert_eq!(tag, hmac_sha256(&key, b"Test Using Larger Than Block-Size Key - Hash Key First"));
    /// // RFC 4231 test case 6
    /// assert_eq!(tag[..4], [0x60, 0xe4, 0x31, 0x59]);
    /// ```
    pub fn new(key: &[u8]) -> HmacSha256 {
        let mut st = sys::lf_hmac_sha256_state {
            inner: SHA256_BLANK,
            outer: SHA256_BLANK,
        };
        // SAFETY: init writes the state; a slice.
        unsafe { sys::lf_hmac_sha256_init(&mut st, key.as_ptr(), key.len()) };
        HmacSha256(st)
    }
    /// Absorb more of the message.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::hash::{hmac_sha256, HmacSha256};
    /// let mut mac = HmacSha256::new(b"key");
    /// for b in b"The quick brown fox jumps over the lazy dog" {
    ///     mac.update(&[*b]);
    /// }
    /// assert_eq!(mac.finalize(), hmac_sha256(b"key", b"The quick brown fox jumps over the lazy dog"));
    /// ```
    pub fn update(&mut self, data: &[u8]) {
        // SAFETY: an initialised state and a slice.
        unsafe { sys::lf_hmac_sha256_update(&mut self.0, data.as_ptr(), data.len()) };
    }
    /// The tag.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::hash::HmacSha256;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// // RFC 4231 test case 2
    /// let mut mac = HmacSha256::new(b"Jefe");
    /// mac.update(b"what do ya want for nothing?");
    /// assert_eq!(mac.finalize(), hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"));
    /// ```
    pub fn finalize(mut self) -> [u8; 32] {
        let mut out = [0u8; 32];
        // SAFETY: an initialised state, a 32-byte output.
        unsafe { sys::lf_hmac_sha256_final(&mut self.0, out.as_mut_ptr()) };
        out
    }
}
/// Wipes the keyed inner and outer states (no example: memory after a drop cannot be read from
/// safe code; [`ZeroizeOnDrop`] marks the guarantee).
impl Drop for HmacSha256 {
    fn drop(&mut self) {
        for st in [&mut self.0.inner, &mut self.0.outer] {
            st.h.zeroize();
            st.nbytes.zeroize();
            st.buf.zeroize();
        }
    }
}
/// # Examples
///
/// ```rust
/// use limbforge::hash::HmacSha256;
/// use limbforge::zeroize::ZeroizeOnDrop;
/// fn wiped_on_drop<T: ZeroizeOnDrop>(_: &T) {}
/// wiped_on_drop(&HmacSha256::new(b"key"));
/// ```
impl ZeroizeOnDrop for HmacSha256 {}
/// # Examples
///
/// ```rust
/// use limbforge::hash::HmacSha256;
/// // the keyed state is not printed
/// assert_eq!(format!("{:?}", HmacSha256::new(b"secret")), "HmacSha256 { .. }");
/// ```
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

/// The hidden helper of the examples with hex digests.
macro_rules! hex_fn {
    () => {
        "# fn hex<const N: usize>(s: &str) -> [u8; N] {\n\
         #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())\n\
         # }"
    };
}

/// `$oneshot` is the one-shot function, `$abc` the digest of "abc" (FIPS 202
/// examples) for the doc examples.
macro_rules! sha3_type {
    ($(#[$doc:meta])* $name:ident, $init:ident, $n:literal, $oneshot:ident, $abc:literal) => {
        $(#[$doc])*
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = concat!("use limbforge::hash::", stringify!($name), ";")]
        #[doc = hex_fn!()]
        /// // FIPS 202 example: "abc", absorbed in two pieces
        #[doc = concat!("let mut h = ", stringify!($name), "::new();")]
        /// h.update(b"a");
        /// h.update(b"bc");
        #[doc = concat!("assert_eq!(h.finalize(), hex(\"", $abc, "\"));")]
        /// ```
        #[derive(Clone)]
        pub struct $name(sys::lf_sha3_state);
        impl $name {
            /// A fresh state.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = concat!("use limbforge::hash::{", stringify!($oneshot), ", ", stringify!($name), "};")]
            /// // nothing absorbed: the digest of the empty string
            #[doc = concat!("assert_eq!(", stringify!($name), "::new().finalize(), ", stringify!($oneshot), "(b\"\"));")]
            /// ```
            pub fn new() -> $name {
                $name(sha3_state(sys::$init))
            }
            /// Absorb more data.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = concat!("use limbforge::hash::{", stringify!($oneshot), ", ", stringify!($name), "};")]
            /// // any chunking gives the digest of the whole; 1000 bytes cross the rate
            /// let data: Vec<u8> = (0..1000u32).map(|i| i as u8).collect();
            #[doc = concat!("let mut h = ", stringify!($name), "::new();")]
            /// for chunk in data.chunks(97) {
            ///     h.update(chunk);
            /// }
            #[doc = concat!("assert_eq!(h.finalize(), ", stringify!($oneshot), "(&data));")]
            /// ```
            pub fn update(&mut self, data: &[u8]) {
                sha3_absorb(&mut self.0, data);
            }
            /// The digest.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = concat!("use limbforge::hash::", stringify!($name), ";")]
            #[doc = hex_fn!()]
            #[doc = concat!("let mut h = ", stringify!($name), "::new();")]
            /// h.update(b"abc");
            /// // FIPS 202 example
            #[doc = concat!("assert_eq!(h.finalize(), hex(\"", $abc, "\"));")]
            /// ```
            pub fn finalize(mut self) -> [u8; $n] {
                let mut out = [0u8; $n];
                // SAFETY: an initialised digest state, an output of its length.
                let rc = unsafe { sys::lf_sha3_final(&mut self.0, out.as_mut_ptr()) };
                debug_assert_eq!(rc, sys::LF_OK);
                out
            }
        }
        /// The same as `new()`.
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = concat!("use limbforge::hash::{", stringify!($oneshot), ", ", stringify!($name), "};")]
        #[doc = concat!("let mut h = ", stringify!($name), "::default();")]
        /// h.update(b"abc");
        #[doc = concat!("assert_eq!(h.finalize(), ", stringify!($oneshot), "(b\"abc\"));")]
        /// ```
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
    Sha3_256,
    lf_sha3_256_init,
    32,
    sha3_256,
    "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"
);
sha3_type!(
    /// Streaming SHA3-512.
    Sha3_512,
    lf_sha3_512_init,
    64,
    sha3_512,
    "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"
);

/// `$oneshot` is the one-shot function, `$empty` the first 32 bytes of the
/// output for the empty string (FIPS 202 examples) for the doc examples.
macro_rules! shake_type {
    ($(#[$doc:meta])* $name:ident, $init:ident, $oneshot:ident, $empty:literal) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $name(sys::lf_sha3_state);
        impl $name {
            /// A fresh state.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = concat!("use limbforge::hash::", stringify!($name), ";")]
            #[doc = hex_fn!()]
            /// // nothing absorbed: the output for the empty string (FIPS 202 examples)
            /// let mut out = [0u8; 32];
            #[doc = concat!(stringify!($name), "::new().finalize_xof().read(&mut out);")]
            #[doc = concat!("assert_eq!(out, hex(\"", $empty, "\"));")]
            /// ```
            pub fn new() -> $name {
                $name(sha3_state(sys::$init))
            }
            /// Absorb more data.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = concat!("use limbforge::hash::{", stringify!($oneshot), ", ", stringify!($name), "};")]
            /// // any chunking gives the output of the whole; 1000 bytes cross the rate
            /// let data: Vec<u8> = (0..1000u32).map(|i| i as u8).collect();
            #[doc = concat!("let mut x = ", stringify!($name), "::new();")]
            /// for chunk in data.chunks(97) {
            ///     x.update(chunk);
            /// }
            /// let (mut a, mut b) = ([0u8; 64], [0u8; 64]);
            /// x.finalize_xof().read(&mut a);
            #[doc = concat!(stringify!($oneshot), "(&data, &mut b);")]
            /// assert_eq!(a, b);
            /// ```
            pub fn update(&mut self, data: &[u8]) {
                sha3_absorb(&mut self.0, data);
            }
            /// Switch to output: a reader of the output stream.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = concat!("use limbforge::hash::", stringify!($name), ";")]
            #[doc = hex_fn!()]
            /// // the empty string, read in two pieces (FIPS 202 examples)
            #[doc = concat!("let mut r = ", stringify!($name), "::new().finalize_xof();")]
            /// let (mut a, mut b) = ([0u8; 5], [0u8; 27]);
            /// r.read(&mut a);
            /// r.read(&mut b);
            #[doc = concat!("let want: [u8; 32] = hex(\"", $empty, "\");")]
            /// assert_eq!((&want[..5], &want[5..]), (&a[..], &b[..]));
            /// ```
            pub fn finalize_xof(self) -> ShakeReader {
                ShakeReader(self.0)
            }
        }
        /// The same as `new()`.
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = concat!("use limbforge::hash::{", stringify!($oneshot), ", ", stringify!($name), "};")]
        #[doc = concat!("let mut r = ", stringify!($name), "::default().finalize_xof();")]
        /// let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
        /// r.read(&mut a);
        #[doc = concat!(stringify!($oneshot), "(b\"\", &mut b);")]
        /// assert_eq!(a, b);
        /// ```
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
    /// # Examples
    ///
    /// ```rust
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
    Shake128,
    lf_shake128_init,
    shake128,
    "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"
);
shake_type!(
    /// Streaming SHAKE256.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::hash::Shake256;
    #[doc = hex_fn!()]
    /// let mut x = Shake256::new();
    /// x.update(b"ab");
    /// x.update(b"c");
    /// let mut out = [0u8; 32];
    /// x.finalize_xof().read(&mut out);
    /// // SHAKE256("abc"), 32 bytes (computed with Python's hashlib)
    /// assert_eq!(out, hex("483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739"));
    /// ```
    Shake256,
    lf_shake256_init,
    shake256,
    "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
);

/// The output stream of a SHAKE state.
#[derive(Clone)]
/// # Examples
///
/// ```rust
/// use limbforge::hash::Shake256;
/// # fn hex<const N: usize>(s: &str) -> [u8; N] {
/// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
/// # }
/// let mut x = Shake256::new();
/// x.update(b"abc");
/// let mut r = x.finalize_xof();
/// let mut out = [0u8; 32];
/// r.read(&mut out);
/// // SHAKE256("abc"), 32 bytes (computed with Python's hashlib)
/// assert_eq!(out, hex("483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739"));
/// ```
pub struct ShakeReader(sys::lf_sha3_state);

impl ShakeReader {
    /// The next `out.len()` bytes of the output.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::hash::{shake128, Shake128};
    /// // reads of any sizes continue the same stream
    /// let mut r = Shake128::new().finalize_xof();
    /// let mut parts = [0u8; 500];
    /// for chunk in parts.chunks_mut(37) {
    ///     r.read(chunk);
    /// }
    /// let mut whole = [0u8; 500];
    /// shake128(b"", &mut whole);
    /// assert_eq!(parts, whole);
    /// ```
    pub fn read(&mut self, out: &mut [u8]) {
        // SAFETY: a SHAKE state (absorbing or squeezing), a slice.
        let rc = unsafe { sys::lf_shake_squeeze(&mut self.0, out.as_mut_ptr(), out.len()) };
        debug_assert_eq!(rc, sys::LF_OK);
    }
}
/// # Examples
///
/// ```rust
/// use limbforge::hash::Shake128;
/// assert_eq!(format!("{:?}", Shake128::new().finalize_xof()), "ShakeReader { .. }");
/// ```
impl fmt::Debug for ShakeReader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ShakeReader { .. }")
    }
}
