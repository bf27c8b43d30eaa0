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

use crate::{check, Error};

/// q = 3329.
pub const Q: i16 = sys::LF_NTT_Q;

/// NTT(a) (FIPS 203 Algorithm 9): a in standard order, the result in FIPS
/// 203's NTT order, both in [0, q).
pub fn mlkem_ntt(a: &[i16; 256]) -> Result<[i16; 256], Error> {
    let mut r = [0i16; 256];
    // SAFETY: 256 coefficients each.
    check(unsafe { sys::lf_mlkem_ntt(r.as_mut_ptr(), a.as_ptr()) })?;
    Ok(r)
}

/// NTT^-1(a) (FIPS 203 Algorithm 10, with the factor 128^-1).
pub fn mlkem_invntt(a: &[i16; 256]) -> Result<[i16; 256], Error> {
    let mut r = [0i16; 256];
    // SAFETY: 256 coefficients each.
    check(unsafe { sys::lf_mlkem_invntt(r.as_mut_ptr(), a.as_ptr()) })?;
    Ok(r)
}

/// MultiplyNTTs(a, b) (FIPS 203 Algorithm 11): the product in the NTT
/// domain.
pub fn mlkem_basemul(a: &[i16; 256], b: &[i16; 256]) -> Result<[i16; 256], Error> {
    let mut r = [0i16; 256];
    // SAFETY: 256 coefficients each.
    check(unsafe { sys::lf_mlkem_basemul(r.as_mut_ptr(), a.as_ptr(), b.as_ptr()) })?;
    Ok(r)
}

/// a * b in Z_q\[X\]/(X^128 - 1) (cyclic convolution).
///
/// ```
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
