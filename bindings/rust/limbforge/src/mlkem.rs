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

use crate::{Error, check};

/// The 32-byte shared secret of an encapsulation (the same type as ECDH's,
/// `secp256k1::SharedSecret`).
pub use crate::secret::SharedSecret;

/// The hidden helper of the examples with hex values.
macro_rules! hex_fn {
    () => {
        "# fn hex<const N: usize>(s: &str) -> [u8; N] {\n\
         #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())\n\
         # }"
    };
}

/// After the sizes, the known answers of the doc examples: the seed of
/// Wycheproof's mlkem_<set>_test.json test 1, SHA3-256 of its encapsulation
/// key (of the file's ek) and decapsulation key, and for m = 00 01 .. 1f the
/// shared secret, SHA3-256 of the ciphertext and the implicit-rejection
/// secret of the ciphertext with bit 0 flipped: computed with the FIPS 203
/// Python model of tests/mlkem (written from the standard, checked against
/// Wycheproof), not by this library.
macro_rules! mlkem_set {
    ($(#[$doc:meta])* $set:ident, $mod:ident, $c:expr, $ek:literal, $dk:literal, $ct:literal,
     $seed:literal, $hek:literal, $hdk:literal, $ss:literal, $hct:literal, $rej:literal) => {
        $(#[$doc])*
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
        #[doc = hex_fn!()]
        /// # #[cfg(feature = "hash")]
        /// use limbforge::hash::sha3_256;
        #[doc = concat!("let seed: [u8; 64] = hex(\"", $seed, "\");")]
        /// let (dk, ek) = Kem::generate_derand(&seed);
        /// # #[cfg(feature = "hash")]
        #[doc = concat!("assert_eq!(sha3_256(ek.as_bytes()), hex(\"", $hek, "\"));")]
        /// let (ct, ss) = ek.encapsulate_derand(&core::array::from_fn(|i| i as u8)).unwrap();
        #[doc = concat!("assert_eq!(*ss.as_bytes(), hex(\"", $ss, "\"));")]
        /// assert_eq!(dk.decapsulate(&ct).as_bytes(), ss.as_bytes());
        /// let _: m::Ciphertext = ct;
        /// ```
        #[derive(Clone, Copy, Debug)]
        pub struct $set;

        /// The types of this parameter set.
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
        /// let (dk, ek): (m::DecapsulationKey, m::EncapsulationKey) = Kem::generate_derand(&[1; 64]);
        /// let (ct, ss): (m::Ciphertext, _) = ek.encapsulate_derand(&[2; 32]).unwrap();
        /// assert_eq!(dk.decapsulate(&ct).as_bytes(), ss.as_bytes());
        /// ```
        pub mod $mod {
            use super::*;

            /// An encapsulation key (public).
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
            /// let (_, ek) = Kem::generate_derand(&[3; 64]);
            /// // public: it can be sent, compared and printed (by size)
            /// let received = m::EncapsulationKey::from_bytes(ek.as_bytes());
            /// assert_eq!(received, ek);
            #[doc = concat!("assert_eq!(format!(\"{ek:?}\"), \"EncapsulationKey(", $ek, " bytes)\");")]
            /// ```
            #[derive(Clone, PartialEq, Eq)]
            pub struct EncapsulationKey(pub(crate) [u8; $ek]);
            /// A decapsulation key (secret; wiped on drop).
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
            /// let (dk, ek) = Kem::generate_derand(&[4; 64]);
            /// let (ct, ss) = ek.encapsulate().unwrap();
            /// assert_eq!(dk.decapsulate(&ct).as_bytes(), ss.as_bytes());
            /// assert_eq!(format!("{dk:?}"), "DecapsulationKey(..)"); // the secret is not printed
            /// ```
            #[derive(Clone)]
            pub struct DecapsulationKey(pub(crate) [u8; $dk]);
            /// A ciphertext.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
            /// let (_, ek) = Kem::generate_derand(&[5; 64]);
            /// let (ct, _) = ek.encapsulate_derand(&[6; 32]).unwrap();
            /// // deterministic given (ek, m)
            /// assert_eq!(ek.encapsulate_derand(&[6; 32]).unwrap().0, ct);
            #[doc = concat!("assert_eq!(format!(\"{ct:?}\"), \"Ciphertext(", $ct, " bytes)\");")]
            /// ```
            #[derive(Clone, PartialEq, Eq)]
            pub struct Ciphertext(pub(crate) [u8; $ct]);

            impl EncapsulationKey {
                /// Bytes of an encapsulation key.
                ///
                /// # Examples
                ///
                /// ```rust
                #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
                #[doc = concat!("assert_eq!(m::EncapsulationKey::BYTES, ", $ek, "); // FIPS 203 table 3")]
                /// assert_eq!(Kem::generate_derand(&[0; 64]).1.as_bytes().len(), m::EncapsulationKey::BYTES);
                /// ```
                pub const BYTES: usize = $ek;
                /// From FIPS 203 bytes (the modulus check runs at encapsulation).
                ///
                /// # Examples
                ///
                /// ```rust
                #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
                /// use limbforge::Error;
                /// let (dk, ek) = Kem::generate_derand(&[7; 64]);
                /// let ek2 = m::EncapsulationKey::from_bytes(ek.as_bytes());
                /// let (ct, ss) = ek2.encapsulate().unwrap();
                /// assert_eq!(dk.decapsulate(&ct).as_bytes(), ss.as_bytes());
                /// // a coefficient >= q (12 bits all ones) fails the modulus check at encapsulation
                /// let mut bad = *ek.as_bytes();
                /// bad[0] = 0xff;
                /// bad[1] |= 0x0f;
                /// assert_eq!(m::EncapsulationKey::from_bytes(&bad).encapsulate().unwrap_err(), Error::Invalid);
                /// ```
                pub fn from_bytes(bytes: &[u8; $ek]) -> Self {
                    Self(*bytes)
                }
                /// The bytes.
                ///
                /// # Examples
                ///
                /// ```rust
                #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
                #[doc = concat!("let seed: [u8; 64] = hex(\"", $seed, "\");")]
                #[doc = hex_fn!()]
                /// let (dk, ek) = Kem::generate_derand(&seed);
                /// // FIPS 203: dk = dk_PKE || ek || H(ek) || z, with ek after 384 k bytes
                #[doc = concat!("let dk_pke = ", $dk, " - ", $ek, " - 64;")]
                /// assert_eq!(dk.as_bytes()[dk_pke..dk_pke + ek.as_bytes().len()], ek.as_bytes()[..]);
                /// ```
                pub fn as_bytes(&self) -> &[u8; $ek] {
                    &self.0
                }
                /// Encapsulate with the randomness m (FIPS 203
                /// ML-KEM.Encaps_internal).  [`Error::Invalid`] if the key
                /// fails the modulus check.
                ///
                /// # Examples
                ///
                /// ```rust
                #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
                #[doc = hex_fn!()]
                /// # #[cfg(feature = "hash")]
                /// use limbforge::hash::sha3_256;
                #[doc = concat!("let seed: [u8; 64] = hex(\"", $seed, "\");")]
                /// let (_, ek) = Kem::generate_derand(&seed);
                /// let (ct, ss) = ek.encapsulate_derand(&core::array::from_fn(|i| i as u8)).unwrap();
                #[doc = concat!("assert_eq!(*ss.as_bytes(), hex(\"", $ss, "\"));")]
                /// # #[cfg(feature = "hash")]
                #[doc = concat!("assert_eq!(sha3_256(ct.as_bytes()), hex(\"", $hct, "\"));")]
                /// ```
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
                ///
                /// # Examples
                ///
                /// ```rust
                #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
                /// let (dk, ek) = Kem::generate_derand(&[8; 64]);
                /// let (ct1, ss1) = ek.encapsulate().unwrap();
                /// let (ct2, ss2) = ek.encapsulate().unwrap();
                /// // fresh randomness each time, and both decapsulate
                /// assert_ne!(ct1, ct2);
                /// assert_eq!(dk.decapsulate(&ct1).as_bytes(), ss1.as_bytes());
                /// assert_eq!(dk.decapsulate(&ct2).as_bytes(), ss2.as_bytes());
                /// ```
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
                ///
                /// # Examples
                ///
                /// ```rust
                #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
                #[doc = concat!("assert_eq!(m::DecapsulationKey::BYTES, ", $dk, "); // FIPS 203 table 3")]
                /// assert_eq!(Kem::generate_derand(&[0; 64]).0.as_bytes().len(), m::DecapsulationKey::BYTES);
                /// ```
                pub const BYTES: usize = $dk;
                /// From FIPS 203 bytes (the hash check runs at decapsulation).
                ///
                /// # Examples
                ///
                /// ```rust
                #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
                /// let (dk, ek) = Kem::generate_derand(&[9; 64]);
                /// let stored = *dk.as_bytes();
                /// let loaded = m::DecapsulationKey::from_bytes(&stored);
                /// let (ct, ss) = ek.encapsulate().unwrap();
                /// assert_eq!(loaded.decapsulate(&ct).as_bytes(), ss.as_bytes());
                /// ```
                pub fn from_bytes(bytes: &[u8; $dk]) -> Self {
                    Self(*bytes)
                }
                /// The bytes (secret).
                ///
                /// # Examples
                ///
                /// ```rust
                #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
                #[doc = hex_fn!()]
                /// # #[cfg(feature = "hash")]
                /// use limbforge::hash::sha3_256;
                #[doc = concat!("let seed: [u8; 64] = hex(\"", $seed, "\");")]
                /// let (dk, _) = Kem::generate_derand(&seed);
                /// # #[cfg(feature = "hash")]
                #[doc = concat!("assert_eq!(sha3_256(dk.as_bytes()), hex(\"", $hdk, "\"));")]
                /// // FIPS 203: dk ends with z, the second half of the seed
                /// assert_eq!(dk.as_bytes()[m::DecapsulationKey::BYTES - 32..], seed[32..]);
                /// ```
                pub fn as_bytes(&self) -> &[u8; $dk] {
                    &self.0
                }
                /// The shared secret of a ciphertext (the implicit-rejection
                /// secret for a wrong one).  Panics if the key fails FIPS 203's
                /// hash check; [`try_decapsulate`](Self::try_decapsulate) returns it.
                ///
                /// # Examples
                ///
                /// ```rust
                #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
                #[doc = hex_fn!()]
                #[doc = concat!("let seed: [u8; 64] = hex(\"", $seed, "\");")]
                /// let (dk, ek) = Kem::generate_derand(&seed);
                /// let (ct, _) = ek.encapsulate_derand(&core::array::from_fn(|i| i as u8)).unwrap();
                #[doc = concat!("assert_eq!(*dk.decapsulate(&ct).as_bytes(), hex(\"", $ss, "\"));")]
                /// // a changed ciphertext: the implicit-rejection secret J(z || c'), no error
                /// let mut changed = *ct.as_bytes();
                /// changed[0] ^= 1;
                /// let rejected = dk.decapsulate(&m::Ciphertext::from_bytes(&changed));
                #[doc = concat!("assert_eq!(*rejected.as_bytes(), hex(\"", $rej, "\"));")]
                /// ```
                pub fn decapsulate(&self, ct: &Ciphertext) -> SharedSecret {
                    self.try_decapsulate(ct).expect("ML-KEM decapsulation key fails its hash check")
                }
                /// As [`decapsulate`](Self::decapsulate); [`Error::Invalid`] if
                /// the key fails the hash check.
                ///
                /// # Examples
                ///
                /// ```rust
                #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
                /// use limbforge::Error;
                /// let (dk, ek) = Kem::generate_derand(&[10; 64]);
                /// let (ct, ss) = ek.encapsulate().unwrap();
                /// assert_eq!(dk.try_decapsulate(&ct).unwrap().as_bytes(), ss.as_bytes());
                /// // a key whose stored H(ek) does not match fails FIPS 203's hash check
                /// let mut bytes = *dk.as_bytes();
                /// bytes[m::DecapsulationKey::BYTES - 64] ^= 1;
                /// let bad = m::DecapsulationKey::from_bytes(&bytes);
                /// assert_eq!(bad.try_decapsulate(&ct).unwrap_err(), Error::Invalid);
                /// ```
                pub fn try_decapsulate(&self, ct: &Ciphertext) -> Result<SharedSecret, Error> {
                    let mut ss = SharedSecret([0; 32]);
                    // SAFETY: every buffer has the length passed.
                    check(unsafe {
                        sys::lf_mlkem_decaps($c, ss.0.as_mut_ptr(), ct.0.as_ptr(), $ct, self.0.as_ptr(), $dk)
                    })?;
                    Ok(ss)
                }
            }
            /// Wipes the key (no example: memory after a drop cannot be read
            /// from safe code; [`ZeroizeOnDrop`] marks the guarantee).
            impl Drop for DecapsulationKey {
                fn drop(&mut self) {
                    self.0.zeroize();
                }
            }
            /// # Examples
            ///
            /// ```rust
            #[doc = concat!("use limbforge::mlkem::", stringify!($set), " as Kem;")]
            /// use limbforge::zeroize::ZeroizeOnDrop;
            /// fn wiped_on_drop<T: ZeroizeOnDrop>(_: &T) {}
            /// wiped_on_drop(&Kem::generate_derand(&[1; 64]).0);
            /// ```
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
                ///
                /// # Examples
                ///
                /// ```rust
                #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
                #[doc = concat!("assert_eq!(m::Ciphertext::BYTES, ", $ct, "); // FIPS 203 table 3")]
                /// let (_, ek) = Kem::generate_derand(&[0; 64]);
                /// assert_eq!(ek.encapsulate().unwrap().0.as_bytes().len(), m::Ciphertext::BYTES);
                /// ```
                pub const BYTES: usize = $ct;
                /// From bytes.
                ///
                /// # Examples
                ///
                /// ```rust
                #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
                /// let (dk, ek) = Kem::generate_derand(&[11; 64]);
                /// let (ct, ss) = ek.encapsulate().unwrap();
                /// let received = m::Ciphertext::from_bytes(ct.as_bytes());
                /// assert_eq!(received, ct);
                /// assert_eq!(dk.decapsulate(&received).as_bytes(), ss.as_bytes());
                /// ```
                pub fn from_bytes(bytes: &[u8; $ct]) -> Self {
                    Self(*bytes)
                }
                /// The bytes.
                ///
                /// # Examples
                ///
                /// ```rust
                #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
                #[doc = hex_fn!()]
                /// # #[cfg(feature = "hash")]
                /// use limbforge::hash::sha3_256;
                #[doc = concat!("let seed: [u8; 64] = hex(\"", $seed, "\");")]
                /// let (_, ek) = Kem::generate_derand(&seed);
                /// let (ct, _) = ek.encapsulate_derand(&core::array::from_fn(|i| i as u8)).unwrap();
                /// # #[cfg(feature = "hash")]
                #[doc = concat!("assert_eq!(sha3_256(ct.as_bytes()), hex(\"", $hct, "\"));")]
                /// ```
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
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
            #[doc = hex_fn!()]
            /// # #[cfg(feature = "hash")]
            /// use limbforge::hash::sha3_256;
            /// // Wycheproof's key pair: SHA3-256 of its encapsulation key
            #[doc = concat!("let seed: [u8; 64] = hex(\"", $seed, "\");")]
            /// let (_, ek) = Kem::generate_derand(&seed);
            /// # #[cfg(feature = "hash")]
            #[doc = concat!("assert_eq!(sha3_256(ek.as_bytes()), hex(\"", $hek, "\"));")]
            /// ```
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
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = concat!("use limbforge::mlkem::{", stringify!($mod), " as m, ", stringify!($set), " as Kem};")]
            /// let (dk1, ek1) = Kem::generate().unwrap();
            /// let (_, ek2) = Kem::generate().unwrap();
            /// assert_ne!(ek1, ek2); // fresh d, z each time
            /// let (ct, ss) = ek1.encapsulate().unwrap();
            /// assert_eq!(dk1.decapsulate(&ct).as_bytes(), ss.as_bytes());
            /// ```
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
    MlKem512,
    mlkem512,
    sys::LF_MLKEM_512,
    800,
    1632,
    768,
    "a3896e30892230a6c1dff667f8caee759ff84a08e3462ae484fcbca9971d7959cdc6c5ec65f10a5a24b5145aac863232ee3b2229ca3a6c4b9c8a2dafc315d9d4",
    "43225a95c345d2cc5b9ae9563200d124cba30b8c1bd5cc30118b553011e76364",
    "fe40e53d52bc8449a1b030b4c695c2f18fdba7d1358f7817e78cac7997bff499",
    "5c87b17655075493924a626fec978aadb8eaa8f232a0cdd2a4f41cd9fad98c41",
    "e33317e7bcace60c6d55a85f7789ce08f9ebbb64581f22505460b635312ecc0d",
    "b709a314030ee5a2216b912849eacaa33602e059cc2192eb9530eb3e9c33bd73"
);
mlkem_set!(
    /// ML-KEM-768 (k = 3).
    MlKem768,
    mlkem768,
    sys::LF_MLKEM_768,
    1184,
    2400,
    1088,
    "cbfc4405d1b2a3a386c94c25e0f2d5f5ee92cb0388ff4d6aa04223086d51c3fd24752da14c9fc3b8ae0d9e4a8b1016b8d8fc69e229c03ea2ef08a4ae0cffc37f",
    "1369c4700afc1f4462f21bb71a2c07a74a3fa2e8822577588d6140aa692cff71",
    "401d0f24c49777e0b6313bed1eb21cf00642825170b4d7f478357023bb72aa17",
    "6de86b0cb8eda7e25b9fdcb39de09ef88be6b21ed3884eccb2efb503c92be8a7",
    "6f3b7cad2eeaaddd1055ecb9a4127ce31cfae96daedeb5f7ee9b12d56c3d4207",
    "1466863f277e994e9366b9181ffd98fc8c5fc08118e401fafe8daf4eaf1310fe"
);
mlkem_set!(
    /// ML-KEM-1024 (k = 4).
    MlKem1024,
    mlkem1024,
    sys::LF_MLKEM_1024,
    1568,
    3168,
    1568,
    "8247c17686a8bc0b3afebe6bed1df1dc3ff7fa07c3670f624930235f20aecb4353ece11faa61f47d946ee501abb9a48029096de63b243a1794c4a760f98cc157",
    "b955809aaedf3b1e2988832123519721ba6c3b5030096bd358e4a82b53eb0985",
    "b5926a6c8782f231f2a018286749d041aa635bbc6ed8299a3470f242098dca20",
    "8d0e722d4318292c9a6cd288fddf9ff2b893c813f2fd77782cd6336ea0bf8bc9",
    "30ab7f4cf532af1fce34cd5fc410f203a1b0afcfea91fc781c212e989c079057",
    "73c6b9e099b51bcd2a8f756a843a7f451e497e27bd1ed98bb4363edda5c0b228"
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
