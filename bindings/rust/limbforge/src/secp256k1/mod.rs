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

    /// As [`sign_ecdsa_recoverable`](Self::sign_ecdsa_recoverable) (with
    /// `extra` as [`sign_ecdsa_with_extra`](Self::sign_ecdsa_with_extra)),
    /// verifying the signature and the recovery id before returning them: a
    /// fault countermeasure (C: `lf_secp256k1_ecdsa_sign_checked`).
    /// [`Error::Fault`] if the check fails (a computing fault, natural or
    /// induced); else the same signature as the unchecked functions.  About
    /// 3.7x the cost of `sign_ecdsa`.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::SecretKey;
    /// let sk = SecretKey::from_bytes(&[7; 32]).unwrap();
    /// let msg = [0x11; 32];
    /// let (sig, id) = sk.sign_ecdsa_checked(&msg, None).unwrap();
    /// assert_eq!((sig, id), sk.sign_ecdsa_recoverable(&msg));
    /// assert_eq!(sk.sign_ecdsa_checked(&msg, Some(&[1; 32])).unwrap().0, sk.sign_ecdsa_with_extra(&msg, &[1; 32]));
    /// ```
    pub fn sign_ecdsa_checked(
        &self,
        msg32: &[u8; 32],
        extra: Option<&[u8; 32]>,
    ) -> Result<(Signature, RecoveryId), Error> {
        let mut sig = [0u8; 64];
        let mut recid = 0;
        let extra = extra.map_or(ptr::null(), |e| e.as_ptr());
        // SAFETY: buffers of the documented sizes; extra is NULL or 32 bytes.
        check(unsafe {
            sys::lf_secp256k1_ecdsa_sign_checked(
                sig.as_mut_ptr(),
                &mut recid,
                msg32.as_ptr(),
                self.0.as_ptr(),
                extra,
            )
        })?;
        Ok((Signature(sig), RecoveryId(recid as u8)))
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

mod batch;
mod ecdsa;
mod schnorr;
pub use batch::*;
pub use ecdsa::*;
pub use schnorr::*;

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
