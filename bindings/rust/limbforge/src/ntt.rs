/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! The NTT mod q = 3329: ML-KEM's number-theoretic transform (FIPS 203
//! Algorithms 9, 10, 11) and the 128-coefficient cyclic product.
//!
//! Coefficients are `i16` in [0, q); a coefficient outside gives
//! [`Error::Range`].  Constant time in the coefficient values; every back end
//! (AVX2, AVX-512, NEON, RVV, portable C) gives identical results.
//!
//! ```
//! use limbforge::ntt;
//! // (1 + X) * (1 + X) = 1 + 2X + X^2 in Z_q[X]/(X^256 + 1)
//! let mut a = [0i16; 256];
//! a[0] = 1;
//! a[1] = 1;
//! let fa = ntt::mlkem_ntt(&a).unwrap();
//! let prod = ntt::mlkem_invntt(&ntt::mlkem_basemul(&fa, &fa).unwrap()).unwrap();
//! assert_eq!(&prod[..4], &[1, 2, 1, 0]);
//! ```

use limbforge_sys as sys;

use crate::{Error, check};

/// q = 3329.
///
/// # Examples
///
/// ```rust
/// use limbforge::{ntt, Error};
/// assert_eq!(ntt::Q, 3329); // FIPS 203's q
/// let mut a = [0i16; 256];
/// a[0] = ntt::Q - 1;
/// assert!(ntt::mlkem_ntt(&a).is_ok());
/// a[0] = ntt::Q; // coefficients are in [0, q)
/// assert_eq!(ntt::mlkem_ntt(&a), Err(Error::Range));
/// ```
pub const Q: i16 = sys::LF_NTT_Q;

/// NTT(a) (FIPS 203 Algorithm 9): a in standard order, the result in FIPS
/// 203's NTT order, both in [0, q).
///
/// # Examples
///
/// ```rust
/// use limbforge::ntt::mlkem_ntt;
/// // the constant 1 is 1 modulo every X^2 - zeta: the pairs (1, 0)
/// let mut one = [0i16; 256];
/// one[0] = 1;
/// let f = mlkem_ntt(&one).unwrap();
/// assert!(f.chunks(2).all(|p| p == [1, 0]));
/// // NTT(0, 1, ..., 255): computed with a Python model of FIPS 203 Algorithm 9
/// let a: [i16; 256] = core::array::from_fn(|i| i as i16);
/// assert_eq!(mlkem_ntt(&a).unwrap()[..8], [2429, 2845, 425, 795, 1865, 1356, 624, 31]);
/// ```
pub fn mlkem_ntt(a: &[i16; 256]) -> Result<[i16; 256], Error> {
    let mut r = [0i16; 256];
    // SAFETY: 256 coefficients each.
    check(unsafe { sys::lf_mlkem_ntt(r.as_mut_ptr(), a.as_ptr()) })?;
    Ok(r)
}

/// NTT^-1(a) (FIPS 203 Algorithm 10, with the factor 128^-1).
///
/// # Examples
///
/// ```rust
/// use limbforge::ntt::{mlkem_invntt, mlkem_ntt};
/// // the pairs (1, 0) come from the constant 1
/// let pairs: [i16; 256] = core::array::from_fn(|i| (i % 2 == 0) as i16);
/// let mut one = [0i16; 256];
/// one[0] = 1;
/// assert_eq!(mlkem_invntt(&pairs).unwrap(), one);
/// // a round trip
/// let a: [i16; 256] = core::array::from_fn(|i| (i * 13 % 3329) as i16);
/// assert_eq!(mlkem_invntt(&mlkem_ntt(&a).unwrap()).unwrap(), a);
/// ```
pub fn mlkem_invntt(a: &[i16; 256]) -> Result<[i16; 256], Error> {
    let mut r = [0i16; 256];
    // SAFETY: 256 coefficients each.
    check(unsafe { sys::lf_mlkem_invntt(r.as_mut_ptr(), a.as_ptr()) })?;
    Ok(r)
}

/// MultiplyNTTs(a, b) (FIPS 203 Algorithm 11): the product in the NTT
/// domain.
///
/// # Examples
///
/// ```rust
/// use limbforge::ntt::{mlkem_basemul, mlkem_invntt, mlkem_ntt};
/// // X^255 * X = X^256 = -1 in Z_q[X]/(X^256 + 1)
/// let (mut a, mut b) = ([0i16; 256], [0i16; 256]);
/// a[255] = 1;
/// b[1] = 1;
/// let p = mlkem_invntt(&mlkem_basemul(&mlkem_ntt(&a).unwrap(), &mlkem_ntt(&b).unwrap()).unwrap()).unwrap();
/// let mut minus_one = [0i16; 256];
/// minus_one[0] = 3329 - 1;
/// assert_eq!(p, minus_one);
/// ```
pub fn mlkem_basemul(a: &[i16; 256], b: &[i16; 256]) -> Result<[i16; 256], Error> {
    let mut r = [0i16; 256];
    // SAFETY: 256 coefficients each.
    check(unsafe { sys::lf_mlkem_basemul(r.as_mut_ptr(), a.as_ptr(), b.as_ptr()) })?;
    Ok(r)
}

/// a * b in Z_q\[X\]/(X^128 - 1) (cyclic convolution).
///
/// # Examples
///
/// ```rust
/// let mut x = [0i16; 128];
/// x[127] = 1; // X^127
/// let sq = limbforge::ntt::cyclic_mul128(&x, &x).unwrap();
/// assert_eq!(sq[126], 1); // X^254 = X^126
/// ```
pub fn cyclic_mul128(a: &[i16; 128], b: &[i16; 128]) -> Result<[i16; 128], Error> {
    let mut r = [0i16; 128];
    // SAFETY: 128 coefficients each.
    check(unsafe { sys::lf_ntt128_cyclic_mul(r.as_mut_ptr(), a.as_ptr(), b.as_ptr()) })?;
    Ok(r)
}
