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

use crate::{check, Error};

/// A secret key: a number in [1, n-1], 32 bytes big-endian.  Wiped on drop.
#[derive(Clone)]
pub struct SecretKey([u8; 32]);

impl SecretKey {
    /// Accept 32 big-endian bytes if they are in [1, n-1] ([`Error::Range`]
    /// otherwise).  Constant time: only the verdict is revealed.
    pub fn from_bytes(bytes: &[u8; 32]) -> Result<SecretKey, Error> {
        // SAFETY: 32 bytes.
        check(unsafe { sys::lf_secp256k1_seckey_verify(bytes.as_ptr()) })?;
        Ok(SecretKey(*bytes))
    }

    /// The 32 big-endian bytes (a copy: wipe it when done).
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0
    }

    /// The public key sk*G.
    pub fn public_key(&self) -> PublicKey {
        let mut pk = sys::lf_secp256k1_pubkey::default();
        // SAFETY: 32 bytes; the key is valid, so this cannot fail.
        let rc = unsafe { sys::lf_secp256k1_pubkey_create(&mut pk, self.0.as_ptr()) };
        debug_assert_eq!(rc, sys::LF_OK);
        PublicKey(pk)
    }

    /// ECDSA signature of a 32-byte message hash: RFC 6979 nonce, low s.
    pub fn sign_ecdsa(&self, msg32: &[u8; 32]) -> Signature {
        self.sign_ecdsa_inner(msg32, None).0
    }

    /// As [`sign_ecdsa`](Self::sign_ecdsa), with 32 bytes of extra data mixed
    /// into the nonce (libsecp256k1's `ndata`).
    pub fn sign_ecdsa_with_extra(&self, msg32: &[u8; 32], extra: &[u8; 32]) -> Signature {
        self.sign_ecdsa_inner(msg32, Some(extra)).0
    }

    /// ECDSA signature and the recovery id for [`Signature::recover`].
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
    pub fn ecdh(&self, pk: &PublicKey) -> SharedSecret {
        let mut out = [0u8; 32];
        // SAFETY: 32-byte buffers, a valid key.
        let rc = unsafe { sys::lf_secp256k1_ecdh(out.as_mut_ptr(), &pk.0, self.0.as_ptr()) };
        debug_assert_eq!(rc, sys::LF_OK);
        SharedSecret(out)
    }

    /// ECDH: the raw x coordinate of sk*pk.
    pub fn ecdh_x(&self, pk: &PublicKey) -> SharedSecret {
        let mut out = [0u8; 32];
        // SAFETY: as ecdh.
        let rc = unsafe { sys::lf_secp256k1_ecdh_x(out.as_mut_ptr(), &pk.0, self.0.as_ptr()) };
        debug_assert_eq!(rc, sys::LF_OK);
        SharedSecret(out)
    }

    /// n - sk.
    pub fn negate(&self) -> SecretKey {
        let mut k = self.clone();
        // SAFETY: 32 bytes, in place; a valid key cannot fail.
        let rc = unsafe { sys::lf_secp256k1_seckey_negate(k.0.as_mut_ptr()) };
        debug_assert_eq!(rc, sys::LF_OK);
        k
    }

    /// sk + tweak mod n (BIP-32).  [`Error::Range`] if tweak >= n or the sum
    /// is 0.
    pub fn tweak_add(&self, tweak: &[u8; 32]) -> Result<SecretKey, Error> {
        let mut k = self.clone();
        // SAFETY: 32 bytes each.
        check(unsafe { sys::lf_secp256k1_seckey_tweak_add(k.0.as_mut_ptr(), tweak.as_ptr()) })?;
        Ok(k)
    }

    /// sk * tweak mod n.  [`Error::Range`] if tweak is 0 or >= n.
    pub fn tweak_mul(&self, tweak: &[u8; 32]) -> Result<SecretKey, Error> {
        let mut k = self.clone();
        // SAFETY: 32 bytes each.
        check(unsafe { sys::lf_secp256k1_seckey_tweak_mul(k.0.as_mut_ptr(), tweak.as_ptr()) })?;
        Ok(k)
    }
}

impl ConstantTimeEq for SecretKey {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl Drop for SecretKey {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}
impl ZeroizeOnDrop for SecretKey {}

impl fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretKey(..)")
    }
}

/// A shared secret from ECDH (32 bytes).  Wiped on drop.
#[derive(Clone)]
pub struct SharedSecret([u8; 32]);

impl SharedSecret {
    /// The 32 bytes.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}
impl Drop for SharedSecret {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}
impl ZeroizeOnDrop for SharedSecret {}
impl fmt::Debug for SharedSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SharedSecret(..)")
    }
}

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
pub struct PublicKey(sys::lf_secp256k1_pubkey);

impl PublicKey {
    /// Parse SEC1: 33 bytes compressed, 65 uncompressed (or hybrid).  Checks
    /// the point is on the curve.  [`Error::Param`] for a bad length or
    /// prefix, [`Error::Range`] for a coordinate >= p, [`Error::Invalid`] for
    /// a point off the curve.
    pub fn from_sec1_bytes(bytes: &[u8]) -> Result<PublicKey, Error> {
        let mut pk = sys::lf_secp256k1_pubkey::default();
        // SAFETY: pointer and length of a slice.
        check(unsafe { sys::lf_secp256k1_pubkey_parse(&mut pk, bytes.as_ptr(), bytes.len()) })?;
        Ok(PublicKey(pk))
    }

    /// SEC1 compressed (33 bytes).
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
    pub fn verify_ecdsa(&self, msg32: &[u8; 32], sig: &Signature) -> Result<(), Error> {
        // SAFETY: 64- and 32-byte buffers, a parsed key.
        check(unsafe { sys::lf_secp256k1_ecdsa_verify(sig.0.as_ptr(), msg32.as_ptr(), &self.0) })
    }

    /// The x-only key (BIP-340) and whether y was odd (the key was negated).
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
    pub fn negate(&self) -> PublicKey {
        let mut pk = *self;
        // SAFETY: in place, a parsed key.
        let rc = unsafe { sys::lf_secp256k1_pubkey_negate(&mut pk.0) };
        debug_assert_eq!(rc, sys::LF_OK);
        pk
    }

    /// pk + tweak*G (BIP-32; the tweak is public).  [`Error::Range`] if tweak
    /// >= n or the sum is infinity.
    pub fn tweak_add(&self, tweak: &[u8; 32]) -> Result<PublicKey, Error> {
        let mut pk = *self;
        // SAFETY: in place, 32 bytes.
        check(unsafe { sys::lf_secp256k1_pubkey_tweak_add(&mut pk.0, tweak.as_ptr()) })?;
        Ok(pk)
    }

    /// tweak*pk.  [`Error::Range`] if tweak is 0 or >= n.
    pub fn tweak_mul(&self, tweak: &[u8; 32]) -> Result<PublicKey, Error> {
        let mut pk = *self;
        // SAFETY: in place, 32 bytes.
        check(unsafe { sys::lf_secp256k1_pubkey_tweak_mul(&mut pk.0, tweak.as_ptr()) })?;
        Ok(pk)
    }
}

impl PartialEq for PublicKey {
    fn eq(&self, other: &Self) -> bool {
        // SAFETY: parsed keys.
        unsafe { sys::lf_secp256k1_pubkey_eq(&self.0, &other.0) == 1 }
    }
}
impl Eq for PublicKey {}

impl fmt::Debug for PublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        hex(f, "PublicKey", &self.serialize())
    }
}

/// The parity of a y coordinate (BIP-340 / BIP-341).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parity {
    /// y is even.
    Even,
    /// y is odd.
    Odd,
}
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
pub struct RecoveryId(u8);

impl RecoveryId {
    /// 0..=3, else [`Error::Param`].
    pub fn new(id: u8) -> Result<RecoveryId, Error> {
        if id < 4 {
            Ok(RecoveryId(id))
        } else {
            Err(Error::Param)
        }
    }
    /// The id, 0..=3.
    pub fn to_u8(self) -> u8 {
        self.0
    }
}

/// An ECDSA signature r || s with r and s in [0, n-1] (compact form).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Signature([u8; 64]);

impl Signature {
    /// From the 64-byte compact form r || s; [`Error::Range`] if r or s >= n.
    pub fn from_compact(bytes: &[u8; 64]) -> Result<Signature, Error> {
        let mut out = [0u8; 64];
        // SAFETY: 64-byte buffers; normalize only checks the range here.
        let rc = unsafe { sys::lf_secp256k1_ecdsa_normalize(out.as_mut_ptr(), bytes.as_ptr()) };
        check(rc)?;
        Ok(Signature(*bytes))
    }

    /// The 64-byte compact form r || s.
    pub fn to_compact(&self) -> [u8; 64] {
        self.0
    }

    /// Parse strict DER (BIP-66).  [`Error::Param`] for malformed input.  As
    /// libsecp256k1, an integer that is well-formed but out of range parses
    /// as 0 (such a signature never verifies).
    pub fn from_der(der: &[u8]) -> Result<Signature, Error> {
        let mut sig = [0u8; 64];
        // SAFETY: slice pointer and length, 64-byte output.
        check(unsafe {
            sys::lf_secp256k1_ecdsa_der_parse(sig.as_mut_ptr(), der.as_ptr(), der.len())
        })?;
        Ok(Signature(sig))
    }

    /// Strict DER encoding (at most 72 bytes).
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
    pub fn normalize_s(&self) -> (Signature, bool) {
        let mut out = [0u8; 64];
        // SAFETY: 64-byte buffers; r, s < n holds for a Signature.
        let rc = unsafe { sys::lf_secp256k1_ecdsa_normalize(out.as_mut_ptr(), self.0.as_ptr()) };
        debug_assert!(rc >= 0);
        (Signature(out), rc == 1)
    }

    /// The public key that makes this signature (low or high s) with
    /// recovery id `id` verify `msg32`.  [`Error::Verify`] if there is none.
    pub fn recover(&self, msg32: &[u8; 32], id: RecoveryId) -> Result<PublicKey, Error> {
        let mut pk = sys::lf_secp256k1_pubkey::default();
        // SAFETY: buffers of the documented sizes; id in 0..=3.
        check(unsafe {
            sys::lf_secp256k1_ecdsa_recover(&mut pk, self.0.as_ptr(), id.0 as i32, msg32.as_ptr())
        })?;
        Ok(PublicKey(pk))
    }
}

impl fmt::Debug for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        hex(f, "Signature", &self.0)
    }
}

/// A DER-encoded ECDSA signature (up to 72 bytes).
#[derive(Clone, Copy)]
pub struct DerSignature {
    buf: [u8; 72],
    len: usize,
}
impl AsRef<[u8]> for DerSignature {
    fn as_ref(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}
impl fmt::Debug for DerSignature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        hex(f, "DerSignature", self.as_ref())
    }
}

/// An x-only public key (BIP-340): the point with this x and an even y.
#[derive(Clone, Copy)]
pub struct XOnlyPublicKey(sys::lf_secp256k1_xonly_pubkey);

impl XOnlyPublicKey {
    /// Parse 32 bytes x (BIP-340 lift_x): [`Error::Range`] if x >= p,
    /// [`Error::Invalid`] if no point has this x.
    pub fn from_bytes(bytes: &[u8; 32]) -> Result<XOnlyPublicKey, Error> {
        let mut x = sys::lf_secp256k1_xonly_pubkey::default();
        // SAFETY: 32 bytes.
        check(unsafe { sys::lf_secp256k1_xonly_pubkey_parse(&mut x, bytes.as_ptr()) })?;
        Ok(XOnlyPublicKey(x))
    }

    /// The 32 bytes of x.
    pub fn serialize(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        // SAFETY: 32 bytes, a parsed key.
        let rc = unsafe { sys::lf_secp256k1_xonly_pubkey_serialize(out.as_mut_ptr(), &self.0) };
        debug_assert_eq!(rc, sys::LF_OK);
        out
    }

    /// Verify a BIP-340 signature of `msg` (any length).
    pub fn verify_schnorr(&self, msg: &[u8], sig: &SchnorrSignature) -> Result<(), Error> {
        // SAFETY: a 64-byte signature, a slice, a parsed key.
        check(unsafe {
            sys::lf_secp256k1_schnorrsig_verify(sig.0.as_ptr(), msg.as_ptr(), msg.len(), &self.0)
        })
    }

    /// The BIP-341 output key: self + tweak*G (the full point).
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

impl PartialEq for XOnlyPublicKey {
    fn eq(&self, other: &Self) -> bool {
        // SAFETY: parsed keys.
        unsafe { sys::lf_secp256k1_xonly_pubkey_eq(&self.0, &other.0) == 1 }
    }
}
impl Eq for XOnlyPublicKey {}
impl fmt::Debug for XOnlyPublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        hex(f, "XOnlyPublicKey", &self.serialize())
    }
}

/// A BIP-340 signature R.x || s (64 bytes; any 64 bytes: verification
/// rejects r >= p and s >= n).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SchnorrSignature([u8; 64]);

impl SchnorrSignature {
    /// From 64 bytes.
    pub fn from_bytes(bytes: &[u8; 64]) -> SchnorrSignature {
        SchnorrSignature(*bytes)
    }
    /// The 64 bytes.
    pub fn to_bytes(&self) -> [u8; 64] {
        self.0
    }
}
impl fmt::Debug for SchnorrSignature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        hex(f, "SchnorrSignature", &self.0)
    }
}

/// A keypair for BIP-340: a secret key and its public key.  Wiped on drop.
#[derive(Clone)]
pub struct Keypair(sys::lf_secp256k1_keypair);

impl Keypair {
    /// The keypair of a secret key.
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
    pub fn secret_key(&self) -> SecretKey {
        let mut sk = SecretKey([0; 32]);
        // SAFETY: 32 bytes, a valid keypair.
        let rc = unsafe { sys::lf_secp256k1_keypair_sec(sk.0.as_mut_ptr(), &self.0) };
        debug_assert_eq!(rc, sys::LF_OK);
        sk
    }

    /// The full public key (y may be odd).
    pub fn public_key(&self) -> PublicKey {
        let mut pk = sys::lf_secp256k1_pubkey::default();
        // SAFETY: a valid keypair.
        let rc = unsafe { sys::lf_secp256k1_keypair_pub(&mut pk, &self.0) };
        debug_assert_eq!(rc, sys::LF_OK);
        PublicKey(pk)
    }

    /// The x-only public key and the parity of the full key's y.
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
    pub fn tweak_add_x_only(&self, tweak: &[u8; 32]) -> Result<Keypair, Error> {
        let mut kp = self.clone();
        // SAFETY: in place, 32 bytes.
        check(unsafe { sys::lf_secp256k1_keypair_xonly_tweak_add(&mut kp.0, tweak.as_ptr()) })?;
        Ok(kp)
    }
}

impl Drop for Keypair {
    fn drop(&mut self) {
        self.0.sk.zeroize();
        self.0.pk.d.zeroize();
    }
}
impl ZeroizeOnDrop for Keypair {}
impl fmt::Debug for Keypair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Keypair(..)")
    }
}

/// One BIP-340 signature to verify in a batch.
#[derive(Clone, Copy, Debug)]
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
pub fn schnorr_batch_scratch_size(n: usize) -> usize {
    // SAFETY: a pure function.
    unsafe { sys::lf_secp256k1_schnorrsig_batch_scratch_size(n) }
}

/// Batch verification without allocating: `scratch` must hold
/// [`schnorr_batch_scratch_size`]`(items.len())` bytes and `c_items`
/// `items.len()` entries (any contents; they are overwritten).  `Ok` if every
/// signature is valid, [`Error::Verify`] otherwise (except with probability
/// below 2^-127 for an invalid batch), [`Error::Param`] for short buffers.
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
