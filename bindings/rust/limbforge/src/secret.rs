/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! The 32-byte shared secret of ECDH (`secp256k1`) and ML-KEM (`mlkem`): one
//! type, re-exported by both modules.

use core::fmt;

use zeroize::{Zeroize, ZeroizeOnDrop};

/// A 32-byte shared secret, from ECDH ([`SecretKey::ecdh`], `ecdh_x`) or an
/// ML-KEM encapsulation or decapsulation.  Wiped on drop; its `Debug` output
/// does not show it.
///
/// [`SecretKey::ecdh`]: crate::secp256k1::SecretKey::ecdh
///
/// # Examples
///
/// ```rust
/// # #[cfg(feature = "mlkem")] {
/// use limbforge::mlkem::MlKem512;
/// let (dk, ek) = MlKem512::generate_derand(&[1; 64]);
/// let (ct, ss) = ek.encapsulate_derand(&[2; 32]).unwrap();
/// assert_eq!(dk.decapsulate(&ct).as_bytes(), ss.as_bytes());
/// assert_eq!(format!("{ss:?}"), "SharedSecret(..)"); // the secret is not printed
/// # }
/// # #[cfg(feature = "secp256k1")] {
/// use limbforge::secp256k1::SecretKey;
/// let (a, b) = (SecretKey::from_bytes(&[1; 32]).unwrap(), SecretKey::from_bytes(&[2; 32]).unwrap());
/// let s = a.ecdh(&b.public_key());
/// assert_eq!(s.as_bytes(), b.ecdh(&a.public_key()).as_bytes());
/// # }
/// ```
#[derive(Clone)]
pub struct SharedSecret(pub(crate) [u8; 32]);

impl SharedSecret {
    /// The 32 bytes.
    ///
    /// # Examples
    ///
    /// ```rust
    /// # #[cfg(feature = "secp256k1")] {
    /// use limbforge::secp256k1::SecretKey;
    /// let (a, b) = (SecretKey::from_bytes(&[1; 32]).unwrap(), SecretKey::from_bytes(&[2; 32]).unwrap());
    /// // ecdh is SHA-256 of the compressed shared point; ecdh_x its x alone
    /// let x = a.ecdh_x(&b.public_key());
    /// let p = a.tweak_mul(&b.to_bytes()).unwrap().public_key().serialize();
    /// assert_eq!(x.as_bytes()[..], p[1..]);
    /// # }
    /// ```
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

/// Wipes the secret (no example: memory after a drop cannot be read from
/// safe code; [`ZeroizeOnDrop`] marks the guarantee).
impl Drop for SharedSecret {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

/// # Examples
///
/// ```rust
/// # #[cfg(feature = "mlkem")] {
/// use limbforge::mlkem::MlKem512;
/// use limbforge::zeroize::ZeroizeOnDrop;
/// fn wiped_on_drop<T: ZeroizeOnDrop>(_: &T) {}
/// wiped_on_drop(&MlKem512::generate_derand(&[1; 64]).1.encapsulate().unwrap().1);
/// # }
/// ```
impl ZeroizeOnDrop for SharedSecret {}

impl fmt::Debug for SharedSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SharedSecret(..)")
    }
}
