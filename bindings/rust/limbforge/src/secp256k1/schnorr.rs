/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! BIP-340: x-only public keys, Schnorr signatures, keypairs.

use super::*;

/// An x-only public key (BIP-340): the point with this x and an even y.
#[derive(Clone, Copy)]
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::{SecretKey, XOnlyPublicKey};
/// let (x, _parity) = SecretKey::from_bytes(&[3; 32]).unwrap().public_key().x_only_public_key();
/// assert_eq!(XOnlyPublicKey::from_bytes(&x.serialize()).unwrap(), x);
/// ```
pub struct XOnlyPublicKey(pub(super) sys::lf_secp256k1_xonly_pubkey);

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
pub struct SchnorrSignature(pub(super) [u8; 64]);

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

    /// As [`sign_schnorr`](Self::sign_schnorr), verifying the signature
    /// before returning it (BIP-340's recommended last step; C:
    /// `lf_secp256k1_schnorrsig_sign_checked`): a fault countermeasure.
    /// [`Error::Fault`] if the check fails (a computing fault, or a keypair
    /// whose halves no longer match); else the same signature as
    /// `sign_schnorr`.  About 3.4x its cost.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::secp256k1::{Keypair, SecretKey};
    /// let kp = Keypair::from_secret_key(&SecretKey::from_bytes(&[3; 32]).unwrap());
    /// let sig = kp.sign_schnorr_checked(b"message", Some(&[5; 32])).unwrap();
    /// assert_eq!(sig, kp.sign_schnorr(b"message", Some(&[5; 32])));
    /// ```
    pub fn sign_schnorr_checked(
        &self,
        msg: &[u8],
        aux: Option<&[u8; 32]>,
    ) -> Result<SchnorrSignature, Error> {
        let mut sig = [0u8; 64];
        let aux = aux.map_or(ptr::null(), |a| a.as_ptr());
        // SAFETY: a 64-byte output, a slice, NULL or 32 bytes of aux.
        check(unsafe {
            sys::lf_secp256k1_schnorrsig_sign_checked(
                sig.as_mut_ptr(),
                msg.as_ptr(),
                msg.len(),
                &self.0,
                aux,
            )
        })?;
        Ok(SchnorrSignature(sig))
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
