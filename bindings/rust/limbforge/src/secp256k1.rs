/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! secp256k1: keys, ECDSA, ECDH, BIP-340 Schnorr signatures and batch
//! verification.
//!
//! Compatible with libsecp256k1 (and so with the `secp256k1` crate): the same
//! validity rules, RFC 6979 nonces identical to its default nonce function
//! (byte-identical ECDSA signatures), low-s signatures, the same ECDH hash and
//! the BIP-340 nonce derivation (byte-identical Schnorr signatures).
//!
//! The types cannot hold invalid values: a [`SecretKey`] is in [1, n-1], a
//! [`PublicKey`] is a point of the curve, an [`XOnlyPublicKey`] a lifted x, an
//! ECDSA [`Signature`] has r and s in [0, n-1]; each is made only by a
//! function that checks.  Secret keys, keypairs and shared secrets are wiped
//! on drop.  Everything that takes a secret runs in constant time;
//! verification, recovery and parsing of public data run in variable time.
//!
//! ```
//! use limbforge::secp256k1::{Keypair, SecretKey};
//!
//! let alice = SecretKey::from_bytes(&[1u8; 32]).unwrap();
//! let bob = SecretKey::from_bytes(&[2u8; 32]).unwrap();
//! // ECDH: both sides get the same secret
//! assert_eq!(alice.ecdh(&bob.public_key()).as_bytes(), bob.ecdh(&alice.public_key()).as_bytes());
//! // BIP-340
//! let kp = Keypair::from_secret_key(&alice);
//! let sig = kp.sign_schnorr(b"hello", Some(&[0u8; 32]));
//! assert!(kp.x_only_public_key().0.verify_schnorr(b"hello", &sig).is_ok());
//! ```

use core::fmt;
use core::ptr;

use limbforge_sys as sys;
use subtle::{Choice, ConstantTimeEq};
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::{Error, check};

/// A secret key: a number in [1, n-1], 32 bytes big-endian.  Wiped on drop.
#[derive(Clone)]
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::SecretKey;
/// # fn hex<const N: usize>(s: &str) -> [u8; N] {
/// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
/// # }
/// // the secret key 1: its public key is the generator G (SEC 2)
/// let one = SecretKey::from_bytes(&hex("0000000000000000000000000000000000000000000000000000000000000001")).unwrap();
/// assert_eq!(one.public_key().serialize(), hex("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"));
/// ```
pub struct SecretKey([u8; 32]);

impl SecretKey {
    /// Accept 32 big-endian bytes if they are in [1, n-1] ([`Error::Range`]
    /// otherwise).  Constant time: only the verdict is revealed.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::{secp256k1::SecretKey, Error};
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// // n - 1 is the largest secret key; n (SEC 2's group order) and 0 are refused
    /// let n_minus_1: [u8; 32] = hex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140");
    /// assert!(SecretKey::from_bytes(&n_minus_1).is_ok());
    /// let mut n = n_minus_1;
    /// n[31] += 1;
    /// assert_eq!(SecretKey::from_bytes(&n).unwrap_err(), Error::Range);
    /// assert_eq!(SecretKey::from_bytes(&[0; 32]).unwrap_err(), Error::Range);
    /// ```
    pub fn from_bytes(bytes: &[u8; 32]) -> Result<SecretKey, Error> {
        // SAFETY: 32 bytes.
        check(unsafe { sys::lf_secp256k1_seckey_verify(bytes.as_ptr()) })?;
        Ok(SecretKey(*bytes))
    }

    /// The 32 big-endian bytes (a copy: wipe it when done).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SecretKey;
    /// let sk = SecretKey::from_bytes(&[0x2a; 32]).unwrap();
    /// assert_eq!(sk.to_bytes(), [0x2a; 32]);
    /// ```
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0
    }

    /// The public key sk*G.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SecretKey;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// // 2G, a published multiple of the generator
    /// let mut two = [0u8; 32];
    /// two[31] = 2;
    /// let pk = SecretKey::from_bytes(&two).unwrap().public_key();
    /// assert_eq!(pk.serialize(), hex("02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5"));
    /// ```
    pub fn public_key(&self) -> PublicKey {
        let mut pk = sys::lf_secp256k1_pubkey::default();
        // SAFETY: 32 bytes; the key is valid, so this cannot fail.
        let rc = unsafe { sys::lf_secp256k1_pubkey_create(&mut pk, self.0.as_ptr()) };
        debug_assert_eq!(rc, sys::LF_OK);
        PublicKey(pk)
    }

    /// ECDSA signature of a 32-byte message hash: RFC 6979 nonce, low s.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SecretKey;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// // RFC 6979 with secret key 1 and SHA-256("Satoshi Nakamoto"): the widely
    /// // published deterministic signature (low s)
    /// let mut one = [0u8; 32];
    /// one[31] = 1;
    /// let sk = SecretKey::from_bytes(&one).unwrap();
    /// let msg: [u8; 32] = hex("a0dc65ffca799873cbea0ac274015b9526505daaaed385155425f7337704883e");
    /// let sig = sk.sign_ecdsa(&msg);
    /// assert_eq!(sig.to_compact(), hex("934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8\
    ///                                   2442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5"));
    /// assert!(sk.public_key().verify_ecdsa(&msg, &sig).is_ok());
    /// ```
    pub fn sign_ecdsa(&self, msg32: &[u8; 32]) -> Signature {
        self.sign_ecdsa_inner(msg32, None).0
    }

    /// As [`sign_ecdsa`](Self::sign_ecdsa), with 32 bytes of extra data mixed
    /// into the nonce (libsecp256k1's `ndata`).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SecretKey;
    /// let sk = SecretKey::from_bytes(&[7; 32]).unwrap();
    /// let msg = [0x11; 32];
    /// let sig = sk.sign_ecdsa_with_extra(&msg, &[1; 32]);
    /// // another nonce, so another (still valid, still deterministic) signature
    /// assert_ne!(sig, sk.sign_ecdsa(&msg));
    /// assert_eq!(sig, sk.sign_ecdsa_with_extra(&msg, &[1; 32]));
    /// assert!(sk.public_key().verify_ecdsa(&msg, &sig).is_ok());
    /// ```
    pub fn sign_ecdsa_with_extra(&self, msg32: &[u8; 32], extra: &[u8; 32]) -> Signature {
        self.sign_ecdsa_inner(msg32, Some(extra)).0
    }

    /// ECDSA signature and the recovery id for [`Signature::recover`].
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SecretKey;
    /// let sk = SecretKey::from_bytes(&[7; 32]).unwrap();
    /// let msg = [0x11; 32];
    /// let (sig, id) = sk.sign_ecdsa_recoverable(&msg);
    /// assert_eq!(sig, sk.sign_ecdsa(&msg));
    /// assert_eq!(sig.recover(&msg, id).unwrap(), sk.public_key());
    /// ```
    pub fn sign_ecdsa_recoverable(&self, msg32: &[u8; 32]) -> (Signature, RecoveryId) {
        self.sign_ecdsa_inner(msg32, None)
    }

    fn sign_ecdsa_inner(
        &self,
        msg32: &[u8; 32],
        extra: Option<&[u8; 32]>,
    ) -> (Signature, RecoveryId) {
        let mut sig = [0u8; 64];
        let mut recid = 0;
        let extra = extra.map_or(ptr::null(), |e| e.as_ptr());
        // SAFETY: buffers of the documented sizes; extra is NULL or 32 bytes.
        let rc = unsafe {
            sys::lf_secp256k1_ecdsa_sign(
                sig.as_mut_ptr(),
                &mut recid,
                msg32.as_ptr(),
                self.0.as_ptr(),
                extra,
            )
        };
        debug_assert_eq!(rc, sys::LF_OK);
        (Signature(sig), RecoveryId(recid as u8))
    }

    /// ECDH: SHA-256(0x02 | parity(y) || x) of sk*pk, libsecp256k1's default
    /// output.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SecretKey;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
    /// a[31] = 2;
    /// b[31] = 3;
    /// let (a, b) = (SecretKey::from_bytes(&a).unwrap(), SecretKey::from_bytes(&b).unwrap());
    /// let ab = a.ecdh(&b.public_key());
    /// assert_eq!(ab.as_bytes(), b.ecdh(&a.public_key()).as_bytes());
    /// // SHA-256(0x03 || x(6G)), computed with Python's hashlib and cryptography
    /// assert_eq!(*ab.as_bytes(), hex("c7d9ba2fa1496c81be20038e5c608f2fd5d0246d8643783730df6c2bbb855cb2"));
    /// ```
    pub fn ecdh(&self, pk: &PublicKey) -> SharedSecret {
        let mut out = [0u8; 32];
        // SAFETY: 32-byte buffers, a valid key.
        let rc = unsafe { sys::lf_secp256k1_ecdh(out.as_mut_ptr(), &pk.0, self.0.as_ptr()) };
        debug_assert_eq!(rc, sys::LF_OK);
        SharedSecret(out)
    }

    /// ECDH: the raw x coordinate of sk*pk.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::{PublicKey, SecretKey};
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// # fn hexv(s: &str) -> Vec<u8> { (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect() }
    /// // Wycheproof ecdh_secp256k1_test.json, test 2 (compressed public key)
    /// let sk = SecretKey::from_bytes(&hex("f4b7ff7cccc98813a69fae3df222bfe3f4e28f764bf91b4a10d8096ce446b254")).unwrap();
    /// let pk = PublicKey::from_sec1_bytes(&hexv("02d8096af8a11e0b80037e1ee68246b5dcbb0aeb1cf1244fd767db80f3fa27da2b")).unwrap();
    /// assert_eq!(*sk.ecdh_x(&pk).as_bytes(), hex("544dfae22af6af939042b1d85b71a1e49e9a5614123c4d6ad0c8af65baf87d65"));
    /// ```
    pub fn ecdh_x(&self, pk: &PublicKey) -> SharedSecret {
        let mut out = [0u8; 32];
        // SAFETY: as ecdh.
        let rc = unsafe { sys::lf_secp256k1_ecdh_x(out.as_mut_ptr(), &pk.0, self.0.as_ptr()) };
        debug_assert_eq!(rc, sys::LF_OK);
        SharedSecret(out)
    }

    /// n - sk.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SecretKey;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// let mut one = [0u8; 32];
    /// one[31] = 1;
    /// let neg = SecretKey::from_bytes(&one).unwrap().negate();
    /// // n - 1 (SEC 2's group order minus one)
    /// assert_eq!(neg.to_bytes(), hex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140"));
    /// assert_eq!(neg.public_key(), SecretKey::from_bytes(&one).unwrap().public_key().negate());
    /// ```
    pub fn negate(&self) -> SecretKey {
        let mut k = self.clone();
        // SAFETY: 32 bytes, in place; a valid key cannot fail.
        let rc = unsafe { sys::lf_secp256k1_seckey_negate(k.0.as_mut_ptr()) };
        debug_assert_eq!(rc, sys::LF_OK);
        k
    }

    /// sk + tweak mod n (BIP-32).  [`Error::Range`] if tweak >= n or the sum
    /// is 0.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SecretKey;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// let (mut one, mut two) = ([0u8; 32], [0u8; 32]);
    /// one[31] = 1;
    /// two[31] = 2;
    /// let three = SecretKey::from_bytes(&one).unwrap().tweak_add(&two).unwrap();
    /// // 3G: BIP-340 test vector 0's public key (x)
    /// assert_eq!(three.public_key().serialize()[1..], hex::<32>("f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9"));
    /// // 1 + (n - 1) = 0 is not a secret key
    /// let n_minus_1 = SecretKey::from_bytes(&one).unwrap().negate().to_bytes();
    /// assert!(SecretKey::from_bytes(&one).unwrap().tweak_add(&n_minus_1).is_err());
    /// ```
    pub fn tweak_add(&self, tweak: &[u8; 32]) -> Result<SecretKey, Error> {
        let mut k = self.clone();
        // SAFETY: 32 bytes each.
        check(unsafe { sys::lf_secp256k1_seckey_tweak_add(k.0.as_mut_ptr(), tweak.as_ptr()) })?;
        Ok(k)
    }

    /// sk * tweak mod n.  [`Error::Range`] if tweak is 0 or >= n.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SecretKey;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// let (mut two, mut three) = ([0u8; 32], [0u8; 32]);
    /// two[31] = 2;
    /// three[31] = 3;
    /// let six = SecretKey::from_bytes(&two).unwrap().tweak_mul(&three).unwrap();
    /// // 6G (computed with Python's cryptography)
    /// assert_eq!(six.public_key().serialize(), hex("03fff97bd5755eeea420453a14355235d382f6472f8568a18b2f057a1460297556"));
    /// assert!(six.tweak_mul(&[0; 32]).is_err());
    /// ```
    pub fn tweak_mul(&self, tweak: &[u8; 32]) -> Result<SecretKey, Error> {
        let mut k = self.clone();
        // SAFETY: 32 bytes each.
        check(unsafe { sys::lf_secp256k1_seckey_tweak_mul(k.0.as_mut_ptr(), tweak.as_ptr()) })?;
        Ok(k)
    }
}

/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::SecretKey;
/// use limbforge::subtle::ConstantTimeEq;
/// let a = SecretKey::from_bytes(&[5; 32]).unwrap();
/// assert!(bool::from(a.ct_eq(&a.negate().negate())));
/// assert!(!bool::from(a.ct_eq(&a.negate())));
/// ```
impl ConstantTimeEq for SecretKey {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

/// Wipes the secret key (no example: memory after a drop cannot be read from
/// safe code; [`ZeroizeOnDrop`] marks the guarantee).
impl Drop for SecretKey {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::SecretKey;
/// use limbforge::zeroize::ZeroizeOnDrop;
/// fn wiped_on_drop<T: ZeroizeOnDrop>(_: &T) {}
/// wiped_on_drop(&SecretKey::from_bytes(&[1; 32]).unwrap());
/// ```
impl ZeroizeOnDrop for SecretKey {}

/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::SecretKey;
/// // the secret is not printed
/// assert_eq!(format!("{:?}", SecretKey::from_bytes(&[5; 32]).unwrap()), "SecretKey(..)");
/// ```
impl fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretKey(..)")
    }
}

/// The 32-byte result of ECDH (the same type as ML-KEM's,
/// `mlkem::SharedSecret`).
pub use crate::secret::SharedSecret;

fn hex(f: &mut fmt::Formatter<'_>, name: &str, bytes: &[u8]) -> fmt::Result {
    write!(f, "{name}(")?;
    for b in bytes {
        write!(f, "{b:02x}")?;
    }
    f.write_str(")")
}

/// A public key: a point of the curve other than infinity.
#[derive(Clone, Copy)]
#[repr(transparent)]
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::{PublicKey, SecretKey};
/// let sk = SecretKey::from_bytes(&[3; 32]).unwrap();
/// let pk = sk.public_key();
/// assert_eq!(PublicKey::from_sec1_bytes(&pk.serialize()).unwrap(), pk);
/// ```
pub struct PublicKey(sys::lf_secp256k1_pubkey);

impl PublicKey {
    /// Parse SEC1: 33 bytes compressed, 65 uncompressed (or hybrid).  Checks
    /// the point is on the curve.  [`Error::Param`] for a bad length or
    /// prefix, [`Error::Range`] for a coordinate >= p, [`Error::Invalid`] for
    /// a point off the curve.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::{secp256k1::PublicKey, Error};
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// // G compressed and uncompressed (SEC 2)
    /// let g = PublicKey::from_sec1_bytes(&hex::<33>("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")).unwrap();
    /// let g65: [u8; 65] = hex("0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798\
    ///                          483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8");
    /// assert_eq!(PublicKey::from_sec1_bytes(&g65).unwrap(), g);
    /// // x = 5 is not on the curve (5^3 + 7 = 132 is not a square mod p)
    /// let mut off = [0u8; 33];
    /// off[0] = 2;
    /// off[32] = 5;
    /// assert_eq!(PublicKey::from_sec1_bytes(&off).unwrap_err(), Error::Invalid);
    /// assert_eq!(PublicKey::from_sec1_bytes(&g65[..64]).unwrap_err(), Error::Param);
    /// ```
    pub fn from_sec1_bytes(bytes: &[u8]) -> Result<PublicKey, Error> {
        let mut pk = sys::lf_secp256k1_pubkey::default();
        // SAFETY: pointer and length of a slice.
        check(unsafe { sys::lf_secp256k1_pubkey_parse(&mut pk, bytes.as_ptr(), bytes.len()) })?;
        Ok(PublicKey(pk))
    }

    /// SEC1 compressed (33 bytes).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SecretKey;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// let mut one = [0u8; 32];
    /// one[31] = 1;
    /// let g = SecretKey::from_bytes(&one).unwrap().public_key();
    /// assert_eq!(g.serialize(), hex("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"));
    /// ```
    pub fn serialize(&self) -> [u8; 33] {
        let mut out = [0u8; 33];
        let mut len = out.len();
        // SAFETY: out has len bytes; a parsed key.
        let rc =
            unsafe { sys::lf_secp256k1_pubkey_serialize(out.as_mut_ptr(), &mut len, &self.0, 1) };
        debug_assert!(rc == sys::LF_OK && len == 33);
        out
    }

    /// SEC1 uncompressed (65 bytes).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SecretKey;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// let mut one = [0u8; 32];
    /// one[31] = 1;
    /// let g = SecretKey::from_bytes(&one).unwrap().public_key();
    /// assert_eq!(g.serialize_uncompressed(), hex("0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798\
    ///                                             483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"));
    /// ```
    pub fn serialize_uncompressed(&self) -> [u8; 65] {
        let mut out = [0u8; 65];
        let mut len = out.len();
        // SAFETY: as serialize.
        let rc =
            unsafe { sys::lf_secp256k1_pubkey_serialize(out.as_mut_ptr(), &mut len, &self.0, 0) };
        debug_assert!(rc == sys::LF_OK && len == 65);
        out
    }

    /// Verify an ECDSA signature of a 32-byte message hash ([`Error::Verify`]
    /// if it does not verify; a high-s signature does not: see
    /// [`Signature::normalize_s`]).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::{PublicKey, Signature};
    /// use limbforge::Error;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// # fn hexv(s: &str) -> Vec<u8> { (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect() }
    /// // Wycheproof ecdsa_secp256k1_sha256_bitcoin_test.json, test 2 (valid);
    /// // msg32 is SHA-256 of its message "123400"
    /// let pk = PublicKey::from_sec1_bytes(&hexv("04b838ff44e5bc177bf21189d0766082fc9d843226887fc9760371100b7ee20a6f\
    ///                                            f0c9d75bfba7b31a6bca1974496eeb56de357071955d83c4b1badaa0b21832e9")).unwrap();
    /// let sig = Signature::from_der(&hexv("3045022100813ef79ccefa9a56f7ba805f0e478584fe5f0dd5f567bc09b5123ccbc9832365\
    ///                                      02206ff18a52dcc0336f7af62400a6dd9b810732baf1ff758000d6f613a556eb31ba")).unwrap();
    /// let msg32 = hex("bb5a52f42f9c9261ed4361f59422a1e30036e7c32b270c8807a419feca605023");
    /// assert!(pk.verify_ecdsa(&msg32, &sig).is_ok());
    /// let mut other = msg32;
    /// other[0] ^= 1;
    /// assert_eq!(pk.verify_ecdsa(&other, &sig), Err(Error::Verify));
    /// ```
    pub fn verify_ecdsa(&self, msg32: &[u8; 32], sig: &Signature) -> Result<(), Error> {
        // SAFETY: 64- and 32-byte buffers, a parsed key.
        check(unsafe { sys::lf_secp256k1_ecdsa_verify(sig.0.as_ptr(), msg32.as_ptr(), &self.0) })
    }

    /// The x-only key (BIP-340) and whether y was odd (the key was negated).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::{Parity, SecretKey};
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// // 6G has an odd y (prefix 03), 3G an even one (prefix 02)
    /// let (mut three, mut six) = ([0u8; 32], [0u8; 32]);
    /// three[31] = 3;
    /// six[31] = 6;
    /// let (x6, parity) = SecretKey::from_bytes(&six).unwrap().public_key().x_only_public_key();
    /// assert_eq!(parity, Parity::Odd);
    /// assert_eq!(x6.serialize(), hex("fff97bd5755eeea420453a14355235d382f6472f8568a18b2f057a1460297556"));
    /// assert_eq!(SecretKey::from_bytes(&three).unwrap().public_key().x_only_public_key().1, Parity::Even);
    /// ```
    pub fn x_only_public_key(&self) -> (XOnlyPublicKey, Parity) {
        let mut x = sys::lf_secp256k1_xonly_pubkey::default();
        let mut parity = 0;
        // SAFETY: a parsed key.
        let rc =
            unsafe { sys::lf_secp256k1_xonly_pubkey_from_pubkey(&mut x, &mut parity, &self.0) };
        debug_assert_eq!(rc, sys::LF_OK);
        (XOnlyPublicKey(x), Parity::from(parity))
    }

    /// -pk.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SecretKey;
    /// let pk = SecretKey::from_bytes(&[3; 32]).unwrap().public_key();
    /// let neg = pk.negate();
    /// // the same x, the other y: the prefix 02 <-> 03
    /// assert_eq!(neg.serialize()[1..], pk.serialize()[1..]);
    /// assert_eq!(neg.serialize()[0] ^ pk.serialize()[0], 1);
    /// assert_eq!(neg.negate(), pk);
    /// ```
    pub fn negate(&self) -> PublicKey {
        let mut pk = *self;
        // SAFETY: in place, a parsed key.
        let rc = unsafe { sys::lf_secp256k1_pubkey_negate(&mut pk.0) };
        debug_assert_eq!(rc, sys::LF_OK);
        pk
    }

    /// pk + tweak*G (BIP-32; the tweak is public).  [`Error::Range`] if tweak
    /// >= n or the sum is infinity.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SecretKey;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// let (mut one, mut two) = ([0u8; 32], [0u8; 32]);
    /// one[31] = 1;
    /// two[31] = 2;
    /// // G + 2G = 3G (BIP-340 test vector 0's x)
    /// let three = SecretKey::from_bytes(&one).unwrap().public_key().tweak_add(&two).unwrap();
    /// assert_eq!(three.serialize()[1..], hex::<32>("f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9"));
    /// ```
    pub fn tweak_add(&self, tweak: &[u8; 32]) -> Result<PublicKey, Error> {
        let mut pk = *self;
        // SAFETY: in place, 32 bytes.
        check(unsafe { sys::lf_secp256k1_pubkey_tweak_add(&mut pk.0, tweak.as_ptr()) })?;
        Ok(pk)
    }

    /// tweak*pk.  [`Error::Range`] if tweak is 0 or >= n.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SecretKey;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// let (mut one, mut two) = ([0u8; 32], [0u8; 32]);
    /// one[31] = 1;
    /// two[31] = 2;
    /// let g = SecretKey::from_bytes(&one).unwrap().public_key();
    /// assert_eq!(g.tweak_mul(&two).unwrap().serialize(), hex("02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5"));
    /// assert!(g.tweak_mul(&[0; 32]).is_err());
    /// ```
    pub fn tweak_mul(&self, tweak: &[u8; 32]) -> Result<PublicKey, Error> {
        let mut pk = *self;
        // SAFETY: in place, 32 bytes.
        check(unsafe { sys::lf_secp256k1_pubkey_tweak_mul(&mut pk.0, tweak.as_ptr()) })?;
        Ok(pk)
    }
}

/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::{PublicKey, SecretKey};
/// let pk = SecretKey::from_bytes(&[3; 32]).unwrap().public_key();
/// // the same point from either encoding compares equal
/// assert_eq!(PublicKey::from_sec1_bytes(&pk.serialize_uncompressed()).unwrap(), pk);
/// assert_ne!(pk.negate(), pk);
/// ```
impl PartialEq for PublicKey {
    fn eq(&self, other: &Self) -> bool {
        // SAFETY: parsed keys.
        unsafe { sys::lf_secp256k1_pubkey_eq(&self.0, &other.0) == 1 }
    }
}
impl Eq for PublicKey {}

/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::SecretKey;
/// let mut one = [0u8; 32];
/// one[31] = 1;
/// let g = SecretKey::from_bytes(&one).unwrap().public_key();
/// // SEC 2's G, compressed
/// assert_eq!(format!("{g:?}"), "PublicKey(0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798)");
/// ```
impl fmt::Debug for PublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        hex(f, "PublicKey", &self.serialize())
    }
}

/// The parity of a y coordinate (BIP-340 / BIP-341).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::{Parity, SecretKey};
/// let mut six = [0u8; 32];
/// six[31] = 6;
/// // 6G is 03fff97b...: odd y
/// let pk = SecretKey::from_bytes(&six).unwrap().public_key();
/// assert_eq!(pk.x_only_public_key().1, Parity::Odd);
/// assert_eq!(pk.negate().x_only_public_key().1, Parity::Even);
/// ```
pub enum Parity {
    /// y is even.
    Even,
    /// y is odd.
    Odd,
}
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::Parity;
/// assert_eq!(Parity::from(0), Parity::Even);
/// assert_eq!(Parity::from(1), Parity::Odd);
/// assert_eq!(Parity::from(3), Parity::Odd); // the low bit
/// ```
impl From<i32> for Parity {
    fn from(p: i32) -> Parity {
        if p & 1 == 1 {
            Parity::Odd
        } else {
            Parity::Even
        }
    }
}

/// An ECDSA recovery id (0..=3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::SecretKey;
/// let sk = SecretKey::from_bytes(&[8; 32]).unwrap();
/// let (sig, id) = sk.sign_ecdsa_recoverable(&[1; 32]);
/// assert!(id.to_u8() < 4);
/// assert_eq!(sig.recover(&[1; 32], id).unwrap(), sk.public_key());
/// ```
pub struct RecoveryId(u8);

impl RecoveryId {
    /// 0..=3, else [`Error::Param`].
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::RecoveryId;
    /// assert_eq!(RecoveryId::new(3).unwrap().to_u8(), 3);
    /// assert!(RecoveryId::new(4).is_err());
    /// ```
    pub fn new(id: u8) -> Result<RecoveryId, Error> {
        if id < 4 {
            Ok(RecoveryId(id))
        } else {
            Err(Error::Param)
        }
    }
    /// The id, 0..=3.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::RecoveryId;
    /// let ids: Vec<u8> = (0..4).map(|i| RecoveryId::new(i).unwrap().to_u8()).collect();
    /// assert_eq!(ids, [0, 1, 2, 3]);
    /// ```
    pub fn to_u8(self) -> u8 {
        self.0
    }
}

/// An ECDSA signature r || s with r and s in [0, n-1] (compact form).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::{SecretKey, Signature};
/// let sk = SecretKey::from_bytes(&[4; 32]).unwrap();
/// let sig = sk.sign_ecdsa(&[9; 32]);
/// assert_eq!(Signature::from_compact(&sig.to_compact()).unwrap(), sig);
/// assert!(sk.public_key().verify_ecdsa(&[9; 32], &sig).is_ok());
/// ```
pub struct Signature([u8; 64]);

impl Signature {
    /// From the 64-byte compact form r || s; [`Error::Range`] if r or s >= n.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::{secp256k1::Signature, Error};
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// // r, s from the RFC 6979 signature of SHA-256("Satoshi Nakamoto") with key 1
    /// let rs: [u8; 64] = hex("934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8\
    ///                         2442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5");
    /// assert_eq!(Signature::from_compact(&rs).unwrap().to_compact(), rs);
    /// // r = n (SEC 2's order) is out of range
    /// let mut bad = rs;
    /// bad[..32].copy_from_slice(&hex::<32>("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"));
    /// assert_eq!(Signature::from_compact(&bad).unwrap_err(), Error::Range);
    /// ```
    pub fn from_compact(bytes: &[u8; 64]) -> Result<Signature, Error> {
        let mut out = [0u8; 64];
        // SAFETY: 64-byte buffers; normalize only checks the range here.
        let rc = unsafe { sys::lf_secp256k1_ecdsa_normalize(out.as_mut_ptr(), bytes.as_ptr()) };
        check(rc)?;
        Ok(Signature(*bytes))
    }

    /// The 64-byte compact form r || s.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::Signature;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// # fn hexv(s: &str) -> Vec<u8> { (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect() }
    /// // Wycheproof ecdsa_secp256k1_sha256_bitcoin_test.json, test 2: DER to r || s
    /// let sig = Signature::from_der(&hexv("3045022100813ef79ccefa9a56f7ba805f0e478584fe5f0dd5f567bc09b5123ccbc9832365\
    ///                                      02206ff18a52dcc0336f7af62400a6dd9b810732baf1ff758000d6f613a556eb31ba")).unwrap();
    /// assert_eq!(sig.to_compact(), hex("813ef79ccefa9a56f7ba805f0e478584fe5f0dd5f567bc09b5123ccbc9832365\
    ///                                   6ff18a52dcc0336f7af62400a6dd9b810732baf1ff758000d6f613a556eb31ba"));
    /// ```
    pub fn to_compact(&self) -> [u8; 64] {
        self.0
    }

    /// Parse strict DER (BIP-66).  [`Error::Param`] for malformed input.  As
    /// libsecp256k1, an integer that is well-formed but out of range parses
    /// as 0 (such a signature never verifies).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::Signature;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// # fn hexv(s: &str) -> Vec<u8> { (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect() }
    /// // Wycheproof ecdsa_secp256k1_sha256_bitcoin_test.json tests 2 (valid) and 3
    /// // (the same signature with a long-form length: not strict DER)
    /// let der = hexv("3045022100813ef79ccefa9a56f7ba805f0e478584fe5f0dd5f567bc09b5123ccbc9832365\
    ///                 02206ff18a52dcc0336f7af62400a6dd9b810732baf1ff758000d6f613a556eb31ba");
    /// let sig = Signature::from_der(&der).unwrap();
    /// assert_eq!(sig.to_compact()[..4], [0x81, 0x3e, 0xf7, 0x9c]);
    /// let ber = hexv("308145022100813ef79ccefa9a56f7ba805f0e478584fe5f0dd5f567bc09b5123ccbc9832365\
    ///                 02206ff18a52dcc0336f7af62400a6dd9b810732baf1ff758000d6f613a556eb31ba");
    /// assert!(Signature::from_der(&ber).is_err());
    /// ```
    pub fn from_der(der: &[u8]) -> Result<Signature, Error> {
        let mut sig = [0u8; 64];
        // SAFETY: slice pointer and length, 64-byte output.
        check(unsafe {
            sys::lf_secp256k1_ecdsa_der_parse(sig.as_mut_ptr(), der.as_ptr(), der.len())
        })?;
        Ok(Signature(sig))
    }

    /// Strict DER encoding (at most 72 bytes).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::Signature;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// // r has its top bit set: DER gives it a leading zero byte
    /// let rs: [u8; 64] = hex("934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8\
    ///                         2442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5");
    /// let der = Signature::from_compact(&rs).unwrap().to_der();
    /// assert_eq!(der.as_ref()[..], hex::<71>("3045022100934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8\
    ///                                        02202442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5"));
    /// ```
    pub fn to_der(&self) -> DerSignature {
        let mut d = DerSignature {
            buf: [0u8; 72],
            len: 72,
        };
        // SAFETY: 72 bytes always suffice.
        let rc = unsafe {
            sys::lf_secp256k1_ecdsa_der_serialize(d.buf.as_mut_ptr(), &mut d.len, self.0.as_ptr())
        };
        debug_assert_eq!(rc, sys::LF_OK);
        d
    }

    /// The low-s form (s replaced by n - s if s > (n-1)/2), which
    /// [`PublicKey::verify_ecdsa`] requires; and whether s was high.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::Signature;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// let low: [u8; 64] = hex("934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8\
    ///                          2442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5");
    /// // the same r with n - s (computed with Python integers)
    /// let mut high = low;
    /// high[32..].copy_from_slice(&hex::<32>("dbbd3162d46e9f9bef7feb87c16dc13b4f6568a87f4e83f728e2443ba586675c"));
    /// let (norm, was_high) = Signature::from_compact(&high).unwrap().normalize_s();
    /// assert!(was_high);
    /// assert_eq!(norm.to_compact(), low);
    /// assert!(!norm.normalize_s().1);
    /// ```
    pub fn normalize_s(&self) -> (Signature, bool) {
        let mut out = [0u8; 64];
        // SAFETY: 64-byte buffers; r, s < n holds for a Signature.
        let rc = unsafe { sys::lf_secp256k1_ecdsa_normalize(out.as_mut_ptr(), self.0.as_ptr()) };
        debug_assert!(rc >= 0);
        (Signature(out), rc == 1)
    }

    /// The public key that makes this signature (low or high s) with
    /// recovery id `id` verify `msg32`.  [`Error::Verify`] if there is none.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::{RecoveryId, Signature};
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// // the RFC 6979 signature of SHA-256("Satoshi Nakamoto") by key 1: one of
    /// // the recovery ids gives G
    /// let sig = Signature::from_compact(&hex("934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8\
    ///                                         2442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5")).unwrap();
    /// let msg = hex("a0dc65ffca799873cbea0ac274015b9526505daaaed385155425f7337704883e");
    /// let g: [u8; 33] = hex("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798");
    /// let found = (0..4).filter(|&i| {
    ///     sig.recover(&msg, RecoveryId::new(i).unwrap()).map(|pk| pk.serialize() == g).unwrap_or(false)
    /// });
    /// assert_eq!(found.count(), 1);
    /// ```
    pub fn recover(&self, msg32: &[u8; 32], id: RecoveryId) -> Result<PublicKey, Error> {
        let mut pk = sys::lf_secp256k1_pubkey::default();
        // SAFETY: buffers of the documented sizes; id in 0..=3.
        check(unsafe {
            sys::lf_secp256k1_ecdsa_recover(&mut pk, self.0.as_ptr(), id.0 as i32, msg32.as_ptr())
        })?;
        Ok(PublicKey(pk))
    }
}

/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::Signature;
/// let s = format!("{:?}", Signature::from_compact(&[0x11; 64]).unwrap());
/// assert_eq!(s, format!("Signature({})", "11".repeat(64)));
/// ```
impl fmt::Debug for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        hex(f, "Signature", &self.0)
    }
}

/// A DER-encoded ECDSA signature (up to 72 bytes).
#[derive(Clone, Copy)]
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::{SecretKey, Signature};
/// let sig = SecretKey::from_bytes(&[6; 32]).unwrap().sign_ecdsa(&[2; 32]);
/// let der = sig.to_der();
/// assert_eq!(der.as_ref()[0], 0x30); // a DER SEQUENCE
/// assert!(der.as_ref().len() <= 72);
/// assert_eq!(Signature::from_der(der.as_ref()).unwrap(), sig);
/// ```
pub struct DerSignature {
    buf: [u8; 72],
    len: usize,
}
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::Signature;
/// // r = s = 1: SEQUENCE { INTEGER 1, INTEGER 1 }
/// let mut rs = [0u8; 64];
/// rs[31] = 1;
/// rs[63] = 1;
/// let der = Signature::from_compact(&rs).unwrap().to_der();
/// assert_eq!(der.as_ref(), [0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01]);
/// ```
impl AsRef<[u8]> for DerSignature {
    fn as_ref(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::Signature;
/// let mut rs = [0u8; 64];
/// rs[31] = 1;
/// rs[63] = 1;
/// assert_eq!(format!("{:?}", Signature::from_compact(&rs).unwrap().to_der()), "DerSignature(3006020101020101)");
/// ```
impl fmt::Debug for DerSignature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        hex(f, "DerSignature", self.as_ref())
    }
}

/// An x-only public key (BIP-340): the point with this x and an even y.
#[derive(Clone, Copy)]
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::{SecretKey, XOnlyPublicKey};
/// let (x, _parity) = SecretKey::from_bytes(&[3; 32]).unwrap().public_key().x_only_public_key();
/// assert_eq!(XOnlyPublicKey::from_bytes(&x.serialize()).unwrap(), x);
/// ```
pub struct XOnlyPublicKey(sys::lf_secp256k1_xonly_pubkey);

impl XOnlyPublicKey {
    /// Parse 32 bytes x (BIP-340 lift_x): [`Error::Range`] if x >= p,
    /// [`Error::Invalid`] if no point has this x.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::{secp256k1::XOnlyPublicKey, Error};
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// // BIP-340 test vectors 1 (valid), 5 (not on the curve), 14 (x >= p)
    /// assert!(XOnlyPublicKey::from_bytes(&hex("dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659")).is_ok());
    /// let off = hex("eefdea4cdb677750a420fee807eacf21eb9898ae79b9768766e4faa04a2d4a34");
    /// assert_eq!(XOnlyPublicKey::from_bytes(&off).unwrap_err(), Error::Invalid);
    /// let big = hex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc30");
    /// assert_eq!(XOnlyPublicKey::from_bytes(&big).unwrap_err(), Error::Range);
    /// ```
    pub fn from_bytes(bytes: &[u8; 32]) -> Result<XOnlyPublicKey, Error> {
        let mut x = sys::lf_secp256k1_xonly_pubkey::default();
        // SAFETY: 32 bytes.
        check(unsafe { sys::lf_secp256k1_xonly_pubkey_parse(&mut x, bytes.as_ptr()) })?;
        Ok(XOnlyPublicKey(x))
    }

    /// The 32 bytes of x.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::XOnlyPublicKey;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// let x: [u8; 32] = hex("dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659");
    /// assert_eq!(XOnlyPublicKey::from_bytes(&x).unwrap().serialize(), x);
    /// ```
    pub fn serialize(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        // SAFETY: 32 bytes, a parsed key.
        let rc = unsafe { sys::lf_secp256k1_xonly_pubkey_serialize(out.as_mut_ptr(), &self.0) };
        debug_assert_eq!(rc, sys::LF_OK);
        out
    }

    /// Verify a BIP-340 signature of `msg` (any length).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::{SchnorrSignature, XOnlyPublicKey};
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// // BIP-340 test vectors 1 (valid) and 7 (negated message)
    /// let pk = XOnlyPublicKey::from_bytes(&hex("dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659")).unwrap();
    /// let msg: [u8; 32] = hex("243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c89");
    /// let sig = SchnorrSignature::from_bytes(&hex("6896bd60eeae296db48a229ff71dfe071bde413e6d43f917dc8dcf8c78de3341\
    ///                                               8906d11ac976abccb20b091292bff4ea897efcb639ea871cfa95f6de339e4b0a"));
    /// assert!(pk.verify_schnorr(&msg, &sig).is_ok());
    /// let bad = SchnorrSignature::from_bytes(&hex("1fa62e331edbc21c394792d2ab1100a7b432b013df3f6ff4f99fcb33e0e1515f\
    ///                                               28890b3edb6e7189b630448b515ce4f8622a954cfe545735aaea5134fccdb2bd"));
    /// assert!(pk.verify_schnorr(&msg, &bad).is_err());
    /// ```
    pub fn verify_schnorr(&self, msg: &[u8], sig: &SchnorrSignature) -> Result<(), Error> {
        // SAFETY: a 64-byte signature, a slice, a parsed key.
        check(unsafe {
            sys::lf_secp256k1_schnorrsig_verify(sig.0.as_ptr(), msg.as_ptr(), msg.len(), &self.0)
        })
    }

    /// The BIP-341 output key: self + tweak*G (the full point).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SecretKey;
    /// let sk = SecretKey::from_bytes(&[3; 32]).unwrap();
    /// let (x, _) = sk.public_key().x_only_public_key();
    /// // the x-only key stands for the even-y point: the tweak of (sk or -sk)
    /// let even = if sk.public_key().serialize()[0] == 2 { sk.clone() } else { sk.negate() };
    /// let tweak = [9u8; 32];
    /// assert_eq!(x.tweak_add(&tweak).unwrap(), even.tweak_add(&tweak).unwrap().public_key());
    /// ```
    pub fn tweak_add(&self, tweak: &[u8; 32]) -> Result<PublicKey, Error> {
        let mut pk = sys::lf_secp256k1_pubkey::default();
        // SAFETY: 32 bytes, a parsed key.
        check(unsafe {
            sys::lf_secp256k1_xonly_pubkey_tweak_add(&mut pk, &self.0, tweak.as_ptr())
        })?;
        Ok(PublicKey(pk))
    }
}

impl XOnlyPublicKey {
    /// The Taproot commitment check: `Ok` if `tweaked` with y parity
    /// `parity` is the x-only form of self + tweak*G, else [`Error::Verify`].
    ///
    /// ```
    /// use limbforge::secp256k1::SecretKey;
    /// let (internal, _) = SecretKey::from_bytes(&[3; 32]).unwrap().public_key().x_only_public_key();
    /// let tweak = [9u8; 32];
    /// let (output, parity) = internal.tweak_add(&tweak).unwrap().x_only_public_key();
    /// assert!(internal.tweak_add_check(&output.serialize(), parity, &tweak).is_ok());
    /// ```
    pub fn tweak_add_check(
        &self,
        tweaked: &[u8; 32],
        parity: Parity,
        tweak: &[u8; 32],
    ) -> Result<(), Error> {
        let p = match parity {
            Parity::Even => 0,
            Parity::Odd => 1,
        };
        // SAFETY: 32-byte buffers, a parsed key.
        check(unsafe {
            sys::lf_secp256k1_xonly_pubkey_tweak_add_check(
                tweaked.as_ptr(),
                p,
                &self.0,
                tweak.as_ptr(),
            )
        })
    }
}

/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::SecretKey;
/// let pk = SecretKey::from_bytes(&[3; 32]).unwrap().public_key();
/// // a point and its negation share the x-only key
/// assert_eq!(pk.x_only_public_key().0, pk.negate().x_only_public_key().0);
/// ```
impl PartialEq for XOnlyPublicKey {
    fn eq(&self, other: &Self) -> bool {
        // SAFETY: parsed keys.
        unsafe { sys::lf_secp256k1_xonly_pubkey_eq(&self.0, &other.0) == 1 }
    }
}
impl Eq for XOnlyPublicKey {}
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::XOnlyPublicKey;
/// # fn hex<const N: usize>(s: &str) -> [u8; N] {
/// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
/// # }
/// let x: [u8; 32] = hex("dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659");
/// let s = format!("{:?}", XOnlyPublicKey::from_bytes(&x).unwrap());
/// assert_eq!(s, "XOnlyPublicKey(dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659)");
/// ```
impl fmt::Debug for XOnlyPublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        hex(f, "XOnlyPublicKey", &self.serialize())
    }
}

/// A BIP-340 signature R.x || s (64 bytes; any 64 bytes: verification
/// rejects r >= p and s >= n).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::{Keypair, SecretKey};
/// let kp = Keypair::from_secret_key(&SecretKey::from_bytes(&[5; 32]).unwrap());
/// let sig = kp.sign_schnorr(b"message", None);
/// assert!(kp.x_only_public_key().0.verify_schnorr(b"message", &sig).is_ok());
/// ```
pub struct SchnorrSignature([u8; 64]);

impl SchnorrSignature {
    /// From 64 bytes.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::{SchnorrSignature, XOnlyPublicKey};
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// // BIP-340 test vector 0 (secret key 3, message and aux 32 zero bytes)
    /// let sig = SchnorrSignature::from_bytes(&hex("e907831f80848d1069a5371b402410364bdf1c5f8307b0084c55f1ce2dca8215\
    ///                                               25f66a4a85ea8b71e482a74f382d2ce5ebeee8fdb2172f477df4900d310536c0"));
    /// let pk = XOnlyPublicKey::from_bytes(&hex("f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9")).unwrap();
    /// assert!(pk.verify_schnorr(&[0; 32], &sig).is_ok());
    /// ```
    pub fn from_bytes(bytes: &[u8; 64]) -> SchnorrSignature {
        SchnorrSignature(*bytes)
    }
    /// The 64 bytes.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SchnorrSignature;
    /// let bytes = [0x5a; 64];
    /// assert_eq!(SchnorrSignature::from_bytes(&bytes).to_bytes(), bytes);
    /// ```
    pub fn to_bytes(&self) -> [u8; 64] {
        self.0
    }
}
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::SchnorrSignature;
/// let s = format!("{:?}", SchnorrSignature::from_bytes(&[0xab; 64]));
/// assert_eq!(s, format!("SchnorrSignature({})", "ab".repeat(64)));
/// ```
impl fmt::Debug for SchnorrSignature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        hex(f, "SchnorrSignature", &self.0)
    }
}

/// A keypair for BIP-340: a secret key and its public key.  Wiped on drop.
#[derive(Clone)]
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::{Keypair, SecretKey};
/// let sk = SecretKey::from_bytes(&[0x2a; 32]).unwrap();
/// let kp = Keypair::from_secret_key(&sk);
/// assert_eq!(kp.public_key(), sk.public_key());
/// assert_eq!(format!("{kp:?}"), "Keypair(..)"); // the secret is not printed
/// ```
pub struct Keypair(sys::lf_secp256k1_keypair);

impl Keypair {
    /// The keypair of a secret key.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::{Keypair, SecretKey};
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// let mut three = [0u8; 32];
    /// three[31] = 3;
    /// let kp = Keypair::from_secret_key(&SecretKey::from_bytes(&three).unwrap());
    /// // BIP-340 test vector 0's public key
    /// assert_eq!(kp.x_only_public_key().0.serialize(), hex("f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9"));
    /// ```
    pub fn from_secret_key(sk: &SecretKey) -> Keypair {
        let mut kp = sys::lf_secp256k1_keypair {
            sk: [0; 32],
            pk: Default::default(),
        };
        // SAFETY: 32 bytes; a valid key cannot fail.
        let rc = unsafe { sys::lf_secp256k1_keypair_create(&mut kp, sk.0.as_ptr()) };
        debug_assert_eq!(rc, sys::LF_OK);
        Keypair(kp)
    }

    /// The secret key.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::{Keypair, SecretKey};
    /// let kp = Keypair::from_secret_key(&SecretKey::from_bytes(&[0x2a; 32]).unwrap());
    /// assert_eq!(kp.secret_key().to_bytes(), [0x2a; 32]);
    /// ```
    pub fn secret_key(&self) -> SecretKey {
        let mut sk = SecretKey([0; 32]);
        // SAFETY: 32 bytes, a valid keypair.
        let rc = unsafe { sys::lf_secp256k1_keypair_sec(sk.0.as_mut_ptr(), &self.0) };
        debug_assert_eq!(rc, sys::LF_OK);
        sk
    }

    /// The full public key (y may be odd).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::{Keypair, SecretKey};
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// let mut six = [0u8; 32];
    /// six[31] = 6;
    /// let kp = Keypair::from_secret_key(&SecretKey::from_bytes(&six).unwrap());
    /// // 6G, odd y (computed with Python's cryptography)
    /// assert_eq!(kp.public_key().serialize(), hex("03fff97bd5755eeea420453a14355235d382f6472f8568a18b2f057a1460297556"));
    /// ```
    pub fn public_key(&self) -> PublicKey {
        let mut pk = sys::lf_secp256k1_pubkey::default();
        // SAFETY: a valid keypair.
        let rc = unsafe { sys::lf_secp256k1_keypair_pub(&mut pk, &self.0) };
        debug_assert_eq!(rc, sys::LF_OK);
        PublicKey(pk)
    }

    /// The x-only public key and the parity of the full key's y.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::{Keypair, Parity, SecretKey};
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// // BIP-340 test vector 1
    /// let sk = SecretKey::from_bytes(&hex("b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfef")).unwrap();
    /// let (x, parity) = Keypair::from_secret_key(&sk).x_only_public_key();
    /// assert_eq!(x.serialize(), hex("dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659"));
    /// assert_eq!(parity, sk.public_key().x_only_public_key().1);
    /// assert!(parity == Parity::Even || parity == Parity::Odd);
    /// ```
    pub fn x_only_public_key(&self) -> (XOnlyPublicKey, Parity) {
        let mut x = sys::lf_secp256k1_xonly_pubkey::default();
        let mut parity = 0;
        // SAFETY: a valid keypair.
        let rc = unsafe { sys::lf_secp256k1_keypair_xonly_pub(&mut x, &mut parity, &self.0) };
        debug_assert_eq!(rc, sys::LF_OK);
        (XOnlyPublicKey(x), Parity::from(parity))
    }

    /// BIP-340 signature of `msg` (any length) with auxiliary randomness
    /// (fresh random bytes recommended; `None` is 32 zero bytes, as BIP-340).
    /// Deterministic given (key, msg, aux).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::{Keypair, SecretKey};
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// // BIP-340 test vector 1
    /// let sk = SecretKey::from_bytes(&hex("b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfef")).unwrap();
    /// let aux: [u8; 32] = hex("0000000000000000000000000000000000000000000000000000000000000001");
    /// let msg: [u8; 32] = hex("243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c89");
    /// let sig = Keypair::from_secret_key(&sk).sign_schnorr(&msg, Some(&aux));
    /// assert_eq!(sig.to_bytes(), hex("6896bd60eeae296db48a229ff71dfe071bde413e6d43f917dc8dcf8c78de3341\
    ///                                8906d11ac976abccb20b091292bff4ea897efcb639ea871cfa95f6de339e4b0a"));
    /// ```
    pub fn sign_schnorr(&self, msg: &[u8], aux: Option<&[u8; 32]>) -> SchnorrSignature {
        let mut sig = [0u8; 64];
        let aux = aux.map_or(ptr::null(), |a| a.as_ptr());
        // SAFETY: a 64-byte output, a slice, NULL or 32 bytes of aux.
        let rc = unsafe {
            sys::lf_secp256k1_schnorrsig_sign(
                sig.as_mut_ptr(),
                msg.as_ptr(),
                msg.len(),
                &self.0,
                aux,
            )
        };
        // LF_ERR_RANGE only for a nonce that is 0 mod n (probability 2^-256)
        assert_eq!(rc, sys::LF_OK, "BIP-340 nonce was zero");
        SchnorrSignature(sig)
    }

    /// The BIP-341 tweak: secret key d + tweak (d negated if the public key's
    /// y is odd).  [`Error::Range`] if tweak >= n or the result is 0.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::{Keypair, SecretKey};
    /// let kp = Keypair::from_secret_key(&SecretKey::from_bytes(&[3; 32]).unwrap());
    /// let (internal, _) = kp.x_only_public_key();
    /// let tweak = [7u8; 32];
    /// let tweaked = kp.tweak_add_x_only(&tweak).unwrap();
    /// // the secret side matches the public BIP-341 tweak, and it signs for it
    /// assert_eq!(tweaked.public_key(), internal.tweak_add(&tweak).unwrap());
    /// let (output, parity) = tweaked.x_only_public_key();
    /// assert!(internal.tweak_add_check(&output.serialize(), parity, &tweak).is_ok());
    /// assert!(output.verify_schnorr(b"spend", &tweaked.sign_schnorr(b"spend", None)).is_ok());
    /// ```
    pub fn tweak_add_x_only(&self, tweak: &[u8; 32]) -> Result<Keypair, Error> {
        let mut kp = self.clone();
        // SAFETY: in place, 32 bytes.
        check(unsafe { sys::lf_secp256k1_keypair_xonly_tweak_add(&mut kp.0, tweak.as_ptr()) })?;
        Ok(kp)
    }
}

/// Wipes the secret key and its public key (no example: memory after a drop cannot be read from
/// safe code; [`ZeroizeOnDrop`] marks the guarantee).
impl Drop for Keypair {
    fn drop(&mut self) {
        self.0.sk.zeroize();
        self.0.pk.d.zeroize();
    }
}
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::{Keypair, SecretKey};
/// use limbforge::zeroize::ZeroizeOnDrop;
/// fn wiped_on_drop<T: ZeroizeOnDrop>(_: &T) {}
/// wiped_on_drop(&Keypair::from_secret_key(&SecretKey::from_bytes(&[1; 32]).unwrap()));
/// ```
impl ZeroizeOnDrop for Keypair {}
impl fmt::Debug for Keypair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Keypair(..)")
    }
}

/// One BIP-340 signature to verify in a batch.
#[derive(Clone, Copy, Debug)]
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::{
///     Keypair, SchnorrItem, SecretKey, empty_item, schnorr_batch_scratch_size,
///     verify_schnorr_batch_with_scratch,
/// };
/// let kp = Keypair::from_secret_key(&SecretKey::from_bytes(&[1; 32]).unwrap());
/// let pk = kp.x_only_public_key().0;
/// let sig = kp.sign_schnorr(b"one", None);
/// let item = SchnorrItem { sig: &sig, msg: b"one", pk: &pk };
/// let mut scratch = vec![0u8; schnorr_batch_scratch_size(1)];
/// let mut c = [empty_item()];
/// assert!(verify_schnorr_batch_with_scratch(&[item], &mut c, &mut scratch).is_ok());
/// let wrong = SchnorrItem { msg: b"two", ..item };
/// assert!(verify_schnorr_batch_with_scratch(&[wrong], &mut c, &mut scratch).is_err());
/// ```
pub struct SchnorrItem<'a> {
    /// The signature.
    pub sig: &'a SchnorrSignature,
    /// The message (any length).
    pub msg: &'a [u8],
    /// The signer's key.
    pub pk: &'a XOnlyPublicKey,
}

fn items_to_c(items: &[SchnorrItem<'_>], out: &mut [sys::lf_secp256k1_schnorrsig_item]) {
    for (o, i) in out.iter_mut().zip(items) {
        *o = sys::lf_secp256k1_schnorrsig_item {
            sig64: i.sig.0.as_ptr(),
            msg: i.msg.as_ptr(),
            msglen: i.msg.len(),
            xpk: &i.pk.0,
        };
    }
}

/// Bytes of scratch [`verify_schnorr_batch_with_scratch`] needs for `n`
/// signatures (`usize::MAX` if that would overflow).
///
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::schnorr_batch_scratch_size;
/// // more signatures need more scratch; an absurd count reports overflow
/// assert!(schnorr_batch_scratch_size(64) > schnorr_batch_scratch_size(2));
/// assert_eq!(schnorr_batch_scratch_size(usize::MAX), usize::MAX);
/// ```
pub fn schnorr_batch_scratch_size(n: usize) -> usize {
    // SAFETY: a pure function.
    unsafe { sys::lf_secp256k1_schnorrsig_batch_scratch_size(n) }
}

/// Batch verification without allocating: `scratch` must hold
/// [`schnorr_batch_scratch_size`]`(items.len())` bytes and `c_items`
/// `items.len()` entries (any contents; they are overwritten).  `Ok` if every
/// signature is valid, [`Error::Verify`] otherwise (except with probability
/// below 2^-127 for an invalid batch), [`Error::Param`] for short buffers.
///
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::{
///     empty_item, schnorr_batch_scratch_size, verify_schnorr_batch_with_scratch, Keypair, SchnorrItem,
///     SecretKey,
/// };
/// let kp = Keypair::from_secret_key(&SecretKey::from_bytes(&[2; 32]).unwrap());
/// let pk = kp.x_only_public_key().0;
/// let (s1, s2) = (kp.sign_schnorr(b"a", None), kp.sign_schnorr(b"b", None));
/// let items = [SchnorrItem { sig: &s1, msg: b"a", pk: &pk }, SchnorrItem { sig: &s2, msg: b"b", pk: &pk }];
/// // caller-owned buffers (they could be on the stack or reused)
/// let mut scratch = vec![0u8; schnorr_batch_scratch_size(items.len())];
/// let mut c_items = [empty_item(); 2];
/// assert!(verify_schnorr_batch_with_scratch(&items, &mut c_items, &mut scratch).is_ok());
/// let swapped = [SchnorrItem { sig: &s2, ..items[0] }, SchnorrItem { sig: &s1, ..items[1] }];
/// assert!(verify_schnorr_batch_with_scratch(&swapped, &mut c_items, &mut scratch).is_err());
/// assert!(verify_schnorr_batch_with_scratch(&items, &mut c_items[..1], &mut scratch).is_err());
/// ```
pub fn verify_schnorr_batch_with_scratch(
    items: &[SchnorrItem<'_>],
    c_items: &mut [sys::lf_secp256k1_schnorrsig_item],
    scratch: &mut [u8],
) -> Result<(), Error> {
    if c_items.len() < items.len() {
        return Err(Error::Param);
    }
    items_to_c(items, c_items);
    // SAFETY: scratch and c_items are live buffers of the given lengths;
    // every item points into borrowed data.
    check(unsafe {
        sys::lf_secp256k1_schnorrsig_verify_batch(
            scratch.as_mut_ptr().cast(),
            scratch.len(),
            c_items.as_ptr(),
            items.len(),
        )
    })
}

/// Verify many BIP-340 signatures at once (one multi-scalar
/// multiplication): `Ok` if all are valid, [`Error::Verify`] if any is not
/// (except with probability below 2^-127).
///
/// ```
/// use limbforge::secp256k1::{verify_schnorr_batch, Keypair, SchnorrItem, SecretKey};
/// let kps: Vec<Keypair> =
///     (1..=3u8).map(|i| Keypair::from_secret_key(&SecretKey::from_bytes(&[i; 32]).unwrap())).collect();
/// let pks: Vec<_> = kps.iter().map(|k| k.x_only_public_key().0).collect();
/// let sigs: Vec<_> = kps.iter().map(|k| k.sign_schnorr(b"msg", None)).collect();
/// let items: Vec<SchnorrItem> =
///     (0..3).map(|i| SchnorrItem { sig: &sigs[i], msg: b"msg", pk: &pks[i] }).collect();
/// assert!(verify_schnorr_batch(&items).is_ok());
/// let bad = SchnorrItem { msg: b"other", ..items[1] };
/// assert!(verify_schnorr_batch(&[items[0], bad, items[2]]).is_err());
/// ```
#[cfg(feature = "alloc")]
pub fn verify_schnorr_batch(items: &[SchnorrItem<'_>]) -> Result<(), Error> {
    use alloc::vec;
    let size = schnorr_batch_scratch_size(items.len());
    if size == usize::MAX {
        return Err(Error::Param);
    }
    let mut scratch = vec![0u8; size];
    let mut c_items = vec![empty_item(); items.len()];
    verify_schnorr_batch_with_scratch(items, &mut c_items, &mut scratch)
}

/// Which signatures of a batch are invalid (bisection over batch
/// verification): `bad[i]` is true exactly for the invalid items (except
/// with probability below 2^-127 per sub-batch).
///
/// ```
/// use limbforge::secp256k1::{find_invalid_schnorr, Keypair, SchnorrItem, SecretKey};
/// let kp = Keypair::from_secret_key(&SecretKey::from_bytes(&[9; 32]).unwrap());
/// let pk = kp.x_only_public_key().0;
/// let sig = kp.sign_schnorr(b"a", None);
/// let items = [SchnorrItem { sig: &sig, msg: b"a", pk: &pk }, SchnorrItem { sig: &sig, msg: b"b", pk: &pk }];
/// assert_eq!(find_invalid_schnorr(&items).unwrap(), vec![false, true]);
/// ```
#[cfg(feature = "alloc")]
pub fn find_invalid_schnorr(items: &[SchnorrItem<'_>]) -> Result<alloc::vec::Vec<bool>, Error> {
    use alloc::vec;
    let size = schnorr_batch_scratch_size(items.len());
    if size == usize::MAX {
        return Err(Error::Param);
    }
    let mut scratch = vec![0u8; size];
    let mut c_items = vec![empty_item(); items.len()];
    items_to_c(items, &mut c_items);
    let mut bad = vec![0u8; items.len()];
    // SAFETY: buffers of the given lengths; items point into borrowed data.
    let rc = unsafe {
        sys::lf_secp256k1_schnorrsig_find_invalid(
            bad.as_mut_ptr(),
            scratch.as_mut_ptr().cast(),
            scratch.len(),
            c_items.as_ptr(),
            items.len(),
        )
    };
    check(rc)?;
    Ok(bad.into_iter().map(|b| b != 0).collect())
}

/// Multi-scalar multiplication, variable time (public inputs only):
/// g_scalar*G + sum of scalars\[i\]*points\[i\] (scalars 32 bytes big-endian,
/// taken mod n).  `Ok(None)` if the sum is the point at infinity.
/// [`Error::Param`] if the slices' lengths differ.  Strauss for few points,
/// Pippenger above.
///
/// ```
/// use limbforge::secp256k1::{msm, SecretKey};
/// let p = SecretKey::from_bytes(&[5; 32]).unwrap().public_key();
/// let k = [2u8; 32];
/// assert_eq!(msm(&[p], &[k], None).unwrap(), Some(p.tweak_mul(&k).unwrap()));
/// assert_eq!(msm(&[p, p.negate()], &[k, k], None).unwrap(), None);
/// ```
#[cfg(feature = "alloc")]
pub fn msm(
    points: &[PublicKey],
    scalars: &[[u8; 32]],
    g_scalar: Option<&[u8; 32]>,
) -> Result<Option<PublicKey>, Error> {
    use alloc::vec;
    if points.len() != scalars.len() {
        return Err(Error::Param);
    }
    // SAFETY: a pure function.
    let size = unsafe { sys::lf_secp256k1_msm_scratch_size(points.len()) };
    if size == usize::MAX {
        return Err(Error::Param);
    }
    let mut scratch = vec![0u8; size];
    let mut r = sys::lf_secp256k1_pubkey::default();
    let g = g_scalar.map_or(ptr::null(), |g| g.as_ptr());
    // SAFETY: PublicKey is a transparent wrapper of lf_secp256k1_pubkey, so
    // the slice is an array of points; scratch has the size asked for.
    let rc = unsafe {
        sys::lf_secp256k1_msm(
            &mut r,
            scratch.as_mut_ptr().cast(),
            scratch.len(),
            scalars.as_ptr(),
            points.as_ptr().cast(),
            points.len(),
            g,
        )
    };
    check(rc)?;
    // all zero: the point at infinity
    Ok(if r.d.iter().all(|&w| w == 0) {
        None
    } else {
        Some(PublicKey(r))
    })
}

/// An item that points nowhere (a placeholder for
/// [`verify_schnorr_batch_with_scratch`]'s `c_items`).
///
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::empty_item;
/// let it = empty_item();
/// assert!(it.sig64.is_null() && it.msg.is_null() && it.xpk.is_null());
/// assert_eq!(it.msglen, 0);
/// ```
pub fn empty_item() -> sys::lf_secp256k1_schnorrsig_item {
    sys::lf_secp256k1_schnorrsig_item {
        sig64: ptr::null(),
        msg: ptr::null(),
        msglen: 0,
        xpk: ptr::null(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_values_are_refused() {
        assert_eq!(SecretKey::from_bytes(&[0; 32]).unwrap_err(), Error::Range);
        assert_eq!(
            SecretKey::from_bytes(&[0xff; 32]).unwrap_err(),
            Error::Range
        );
        assert_eq!(
            PublicKey::from_sec1_bytes(&[2; 5]).unwrap_err(),
            Error::Param
        );
        let mut off = [0u8; 33];
        off[0] = 2;
        off[32] = 5; // x = 5: 5^3 + 7 = 132 is not a square mod p
        assert!(PublicKey::from_sec1_bytes(&off).is_err());
        assert_eq!(
            Signature::from_compact(&[0xff; 64]).unwrap_err(),
            Error::Range
        );
        assert_eq!(
            XOnlyPublicKey::from_bytes(&[0xff; 32]).unwrap_err(),
            Error::Range
        );
        assert!(RecoveryId::new(4).is_err());
    }

    #[test]
    fn ecdsa_round_trip() {
        let sk = SecretKey::from_bytes(&[3; 32]).unwrap();
        let pk = sk.public_key();
        assert_eq!(PublicKey::from_sec1_bytes(&pk.serialize()).unwrap(), pk);
        assert_eq!(
            PublicKey::from_sec1_bytes(&pk.serialize_uncompressed()).unwrap(),
            pk
        );
        let msg = [9u8; 32];
        let (sig, id) = sk.sign_ecdsa_recoverable(&msg);
        assert!(pk.verify_ecdsa(&msg, &sig).is_ok());
        assert_eq!(pk.verify_ecdsa(&[8u8; 32], &sig), Err(Error::Verify));
        assert_eq!(sig.recover(&msg, id).unwrap(), pk);
        assert_eq!(Signature::from_der(sig.to_der().as_ref()).unwrap(), sig);
        assert_eq!(Signature::from_compact(&sig.to_compact()).unwrap(), sig);
        assert!(!sig.normalize_s().1);
        // tweaks agree on both sides
        let t = [5u8; 32];
        assert_eq!(
            sk.tweak_add(&t).unwrap().public_key(),
            pk.tweak_add(&t).unwrap()
        );
        assert_eq!(
            sk.tweak_mul(&t).unwrap().public_key(),
            pk.tweak_mul(&t).unwrap()
        );
        assert_eq!(sk.negate().public_key(), pk.negate());
    }

    #[test]
    fn schnorr_round_trip() {
        let sk = SecretKey::from_bytes(&[4; 32]).unwrap();
        let kp = Keypair::from_secret_key(&sk);
        assert!(bool::from(kp.secret_key().ct_eq(&sk)));
        assert_eq!(kp.public_key(), sk.public_key());
        let (x, parity) = kp.x_only_public_key();
        assert_eq!((x, parity), sk.public_key().x_only_public_key());
        assert_eq!(XOnlyPublicKey::from_bytes(&x.serialize()).unwrap(), x);
        let sig = kp.sign_schnorr(b"", Some(&[1; 32]));
        assert!(x.verify_schnorr(b"", &sig).is_ok());
        assert_eq!(x.verify_schnorr(b"x", &sig), Err(Error::Verify));
        let t = [6u8; 32];
        let tweaked = kp.tweak_add_x_only(&t).unwrap();
        assert_eq!(tweaked.public_key(), x.tweak_add(&t).unwrap());
    }
}
