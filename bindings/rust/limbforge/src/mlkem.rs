/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! ML-KEM-512, ML-KEM-768 and ML-KEM-1024 (FIPS 203).
//!
//! Keys and ciphertexts are FIPS 203's byte strings.  Decapsulation keys and
//! shared secrets are wiped on drop.  Constant time in every secret; a wrong
//! ciphertext decapsulates to the implicit-rejection secret (not an error).
//!
//! ```
//! use limbforge::mlkem::MlKem768;
//! let (dk, ek) = MlKem768::generate_derand(&[1u8; 64]);
//! let (ct, ss) = ek.encapsulate_derand(&[2u8; 32]).unwrap();
//! assert_eq!(dk.decapsulate(&ct).as_bytes(), ss.as_bytes());
//! ```

use core::fmt;

use limbforge_sys as sys;
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::{check, Error};

/// A 32-byte shared secret.  Wiped on drop.
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

macro_rules! mlkem_set {
    ($(#[$doc:meta])* $set:ident, $mod:ident, $c:expr, $ek:literal, $dk:literal, $ct:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $set;

        /// The types of this parameter set.
        pub mod $mod {
            use super::*;

            /// An encapsulation key (public).
            #[derive(Clone, PartialEq, Eq)]
            pub struct EncapsulationKey(pub(crate) [u8; $ek]);
            /// A decapsulation key (secret; wiped on drop).
            #[derive(Clone)]
            pub struct DecapsulationKey(pub(crate) [u8; $dk]);
            /// A ciphertext.
            #[derive(Clone, PartialEq, Eq)]
            pub struct Ciphertext(pub(crate) [u8; $ct]);

            impl EncapsulationKey {
                /// Bytes of an encapsulation key.
                pub const BYTES: usize = $ek;
                /// From FIPS 203 bytes (the modulus check runs at encapsulation).
                pub fn from_bytes(bytes: &[u8; $ek]) -> Self {
                    Self(*bytes)
                }
                /// The bytes.
                pub fn as_bytes(&self) -> &[u8; $ek] {
                    &self.0
                }
                /// Encapsulate with the randomness m (FIPS 203
                /// ML-KEM.Encaps_internal).  [`Error::Invalid`] if the key
                /// fails the modulus check.
                pub fn encapsulate_derand(&self, m: &[u8; 32]) -> Result<(Ciphertext, SharedSecret), Error> {
                    let mut ct = Ciphertext([0; $ct]);
                    let mut ss = SharedSecret([0; 32]);
                    // SAFETY: every buffer has the length passed.
                    check(unsafe {
                        sys::lf_mlkem_encaps_derand($c, ct.0.as_mut_ptr(), $ct, ss.0.as_mut_ptr(),
                                                    self.0.as_ptr(), $ek, m.as_ptr())
                    })?;
                    Ok((ct, ss))
                }
                /// Encapsulate with m from the operating system's generator.
                pub fn encapsulate(&self) -> Result<(Ciphertext, SharedSecret), Error> {
                    let mut ct = Ciphertext([0; $ct]);
                    let mut ss = SharedSecret([0; 32]);
                    // SAFETY: every buffer has the length passed.
                    check(unsafe {
                        sys::lf_mlkem_encaps($c, ct.0.as_mut_ptr(), $ct, ss.0.as_mut_ptr(), self.0.as_ptr(), $ek)
                    })?;
                    Ok((ct, ss))
                }
            }

            impl DecapsulationKey {
                /// Bytes of a decapsulation key.
                pub const BYTES: usize = $dk;
                /// From FIPS 203 bytes (the hash check runs at decapsulation).
                pub fn from_bytes(bytes: &[u8; $dk]) -> Self {
                    Self(*bytes)
                }
                /// The bytes (secret).
                pub fn as_bytes(&self) -> &[u8; $dk] {
                    &self.0
                }
                /// The shared secret of a ciphertext (the implicit-rejection
                /// secret for a wrong one).  Panics if the key fails FIPS 203's
                /// hash check; [`try_decapsulate`](Self::try_decapsulate) returns it.
                pub fn decapsulate(&self, ct: &Ciphertext) -> SharedSecret {
                    self.try_decapsulate(ct).expect("ML-KEM decapsulation key fails its hash check")
                }
                /// As [`decapsulate`](Self::decapsulate); [`Error::Invalid`] if
                /// the key fails the hash check.
                pub fn try_decapsulate(&self, ct: &Ciphertext) -> Result<SharedSecret, Error> {
                    let mut ss = SharedSecret([0; 32]);
                    // SAFETY: every buffer has the length passed.
                    check(unsafe {
                        sys::lf_mlkem_decaps($c, ss.0.as_mut_ptr(), ct.0.as_ptr(), $ct, self.0.as_ptr(), $dk)
                    })?;
                    Ok(ss)
                }
            }
            impl Drop for DecapsulationKey {
                fn drop(&mut self) {
                    self.0.zeroize();
                }
            }
            impl ZeroizeOnDrop for DecapsulationKey {}
            impl fmt::Debug for DecapsulationKey {
                fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("DecapsulationKey(..)")
                }
            }
            impl fmt::Debug for EncapsulationKey {
                fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    write!(f, "EncapsulationKey({} bytes)", $ek)
                }
            }
            impl Ciphertext {
                /// Bytes of a ciphertext.
                pub const BYTES: usize = $ct;
                /// From bytes.
                pub fn from_bytes(bytes: &[u8; $ct]) -> Self {
                    Self(*bytes)
                }
                /// The bytes.
                pub fn as_bytes(&self) -> &[u8; $ct] {
                    &self.0
                }
            }
            impl fmt::Debug for Ciphertext {
                fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    write!(f, "Ciphertext({} bytes)", $ct)
                }
            }
        }

        impl $set {
            /// ML-KEM.KeyGen_internal(d, z) with seed = d || z.
            pub fn generate_derand(seed: &[u8; 64]) -> ($mod::DecapsulationKey, $mod::EncapsulationKey) {
                let mut dk = $mod::DecapsulationKey([0; $dk]);
                let mut ek = $mod::EncapsulationKey([0; $ek]);
                // SAFETY: every buffer has the length passed.
                let rc = unsafe {
                    sys::lf_mlkem_keypair_derand($c, ek.0.as_mut_ptr(), $ek, dk.0.as_mut_ptr(), $dk, seed.as_ptr(), 64)
                };
                debug_assert_eq!(rc, sys::LF_OK);
                (dk, ek)
            }
            /// ML-KEM.KeyGen with d and z from the operating system's generator.
            pub fn generate() -> Result<($mod::DecapsulationKey, $mod::EncapsulationKey), Error> {
                let mut dk = $mod::DecapsulationKey([0; $dk]);
                let mut ek = $mod::EncapsulationKey([0; $ek]);
                // SAFETY: every buffer has the length passed.
                check(unsafe { sys::lf_mlkem_keypair($c, ek.0.as_mut_ptr(), $ek, dk.0.as_mut_ptr(), $dk) })?;
                Ok((dk, ek))
            }
        }
    };
}

mlkem_set!(
    /// ML-KEM-512 (k = 2).
    MlKem512, mlkem512, sys::LF_MLKEM_512, 800, 1632, 768
);
mlkem_set!(
    /// ML-KEM-768 (k = 3).
    MlKem768, mlkem768, sys::LF_MLKEM_768, 1184, 2400, 1088
);
mlkem_set!(
    /// ML-KEM-1024 (k = 4).
    MlKem1024, mlkem1024, sys::LF_MLKEM_1024, 1568, 3168, 1568
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_the_librarys() {
        // SAFETY: pure functions.
        unsafe {
            assert_eq!(
                sys::lf_mlkem_ek_bytes(sys::LF_MLKEM_512),
                mlkem512::EncapsulationKey::BYTES
            );
            assert_eq!(
                sys::lf_mlkem_dk_bytes(sys::LF_MLKEM_768),
                mlkem768::DecapsulationKey::BYTES
            );
            assert_eq!(
                sys::lf_mlkem_ct_bytes(sys::LF_MLKEM_1024),
                mlkem1024::Ciphertext::BYTES
            );
        }
    }

    #[test]
    fn round_trip_and_rejection() {
        let (dk, ek) = MlKem512::generate_derand(&[5; 64]);
        let (ct, ss) = ek.encapsulate_derand(&[6; 32]).unwrap();
        assert_eq!(dk.decapsulate(&ct).as_bytes(), ss.as_bytes());
        // a changed ciphertext: implicit rejection, deterministic, different
        let mut bad = *ct.as_bytes();
        bad[0] ^= 1;
        let bad = mlkem512::Ciphertext::from_bytes(&bad);
        let r1 = dk.decapsulate(&bad);
        assert_ne!(r1.as_bytes(), ss.as_bytes());
        assert_eq!(r1.as_bytes(), dk.decapsulate(&bad).as_bytes());
        // an encapsulation key with a coefficient >= q fails the modulus check
        let mut ekb = *ek.as_bytes();
        ekb[0] = 0xff;
        ekb[1] |= 0x0f;
        let bad_ek = mlkem512::EncapsulationKey::from_bytes(&ekb);
        assert_eq!(
            bad_ek.encapsulate_derand(&[6; 32]).unwrap_err(),
            Error::Invalid
        );
        // a decapsulation key whose H(ek) does not match fails the hash check
        let mut dkb = *dk.as_bytes();
        dkb[768 + 800] ^= 1;
        assert_eq!(
            mlkem512::DecapsulationKey::from_bytes(&dkb)
                .try_decapsulate(&ct)
                .unwrap_err(),
            Error::Invalid
        );
        // the OS-random entry points
        let (dk, ek) = MlKem1024::generate().unwrap();
        let (ct, ss) = ek.encapsulate().unwrap();
        assert_eq!(dk.decapsulate(&ct).as_bytes(), ss.as_bytes());
    }
}
