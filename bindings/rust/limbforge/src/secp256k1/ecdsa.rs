/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! ECDSA signatures: compact and DER forms, recovery ids.

use super::*;

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
pub struct RecoveryId(pub(super) u8);

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
pub struct Signature(pub(super) [u8; 64]);

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
