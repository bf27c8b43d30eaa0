/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! A type per built-in prime field.
//!
//! Every type holds a fully reduced element (it cannot hold a value >= p:
//! the only ways in are [`from_bytes`](Secp256k1P::from_bytes) and friends,
//! which refuse non-canonical input, and the arithmetic).  All operations
//! are constant time except those named `_vartime`, which are for public
//! values only.  Byte encodings are big-endian and canonical.
//!
//! | type | field | bytes |
//! |---|---|---|
//! | [`Bls12381P`], [`Bls12381R`] | BLS12-381 base field and scalar field | 48, 32 |
//! | [`Bn254P`], [`Bn254R`] | BN254 base and scalar fields | 32, 32 |
//! | [`Secp256k1P`], [`Secp256k1N`] | secp256k1 base field and group order | 32, 32 |
//! | [`P256P`], [`P256N`] | NIST P-256 base field and group order | 32, 32 |
//! | [`P25519`] | 2^255 - 19 | 32 |
//! | [`P448`] | 2^448 - 2^224 - 1 | 56 |
//! | [`P1024`] | a 1024-bit prime (first prime >= SHAKE-256("limbforge p1024")) | 128 |
//!
//! ```
//! use limbforge::field::P25519;
//! let a = P25519::from_u64(9);
//! let b = a.invert().unwrap();
//! assert_eq!(a * b, P25519::one());
//! assert_eq!(a.sqrt().unwrap().square(), a);
//! assert!(bool::from(P25519::from_bytes(&[0xff; 32]).is_none())); // >= p
//! ```

use core::fmt;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use limbforge_sys as sys;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};
use zeroize::Zeroize;

/// `use limbforge::field::<type> as F;`: the first line of the examples the
/// macro below writes for each type.
macro_rules! use_field {
    ($name:ident) => {
        concat!("use limbforge::field::", stringify!($name), " as F;")
    };
}

/// The hidden helper of the examples that spell out p - 1 in hex.
macro_rules! hex_fn {
    () => {
        "# fn hex<const N: usize>(s: &str) -> [u8; N] {\n\
         #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())\n\
         # }"
    };
}

// the operator, comparison, selection and wiping traits of each type
#[macro_use]
mod traits;

macro_rules! field_type {
    ($(#[$doc:meta])* $name:ident, $t:ident, $bytes:literal, $limbs:literal,
     $pm1:literal, $nr:literal,
     $mul:ident, $sqr:ident, $add:ident, $sub:ident, $neg:ident, $from_bytes:ident,
     $to_bytes:ident, $to_internal:ident, $from_internal:ident, $set_zero:ident,
     $set_one:ident, $is_zero:ident, $eq:ident, $cmov:ident, $inv:ident, $inv_var:ident,
     $sqrt:ident, $batch_inv:ident, $pow_var_exp:ident, $vec_mul:ident, $vec_sqr:ident,
     $vec_add:ident, $vec_sub:ident, $vec_mul_scalar:ident, $inner_product:ident $(,)?) => {
        $(#[$doc])*
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = use_field!($name)]
        #[doc = hex_fn!()]
        /// // p - 1, from the field's published modulus, is the element -1
        #[doc = concat!("let p_minus_1 = F::from_bytes(&hex(\"", $pm1, "\")).unwrap();")]
        /// assert_eq!(p_minus_1, -F::one());
        /// assert_eq!(p_minus_1 + F::one(), F::zero());
        /// let a = F::from_u64(1_234_567);
        /// assert_eq!(a * a.invert().unwrap(), F::one());
        /// ```
        #[derive(Clone, Copy)]
        #[repr(transparent)]
        pub struct $name(sys::$t);

        impl $name {
            /// Bytes of the canonical encoding.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            #[doc = concat!("assert_eq!(F::BYTES, ", $bytes, ");")]
            /// assert_eq!(F::one().to_bytes().len(), F::BYTES);
            /// ```
            pub const BYTES: usize = $bytes;
            /// 64-bit limbs of an element.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            #[doc = concat!("assert_eq!(F::LIMBS, ", $limbs, ");")]
            /// assert_eq!(F::LIMBS, F::BYTES.div_ceil(8));
            /// assert_eq!(F::one().to_limbs().len(), F::LIMBS);
            /// ```
            pub const LIMBS: usize = $limbs;

            #[inline]
            fn raw() -> sys::$t {
                sys::$t { v: [0; $limbs] }
            }
            #[inline]
            fn ptr(s: &[Self]) -> *const sys::$t {
                s.as_ptr().cast()
            }

            /// 0.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// let x = F::from_u64(42);
            /// assert_eq!(F::zero() + x, x);
            /// assert_eq!(F::zero().to_bytes(), [0u8; F::BYTES]);
            /// assert!(bool::from(F::zero().is_zero()));
            /// ```
            pub fn zero() -> Self {
                let mut r = Self::raw();
                // SAFETY: r is a valid element to write.
                unsafe { sys::$set_zero(&mut r) };
                Self(r)
            }

            /// 1.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// let x = F::from_u64(42);
            /// assert_eq!(F::one() * x, x);
            /// let mut be = [0u8; F::BYTES];
            /// be[F::BYTES - 1] = 1;
            /// assert_eq!(F::one().to_bytes(), be);
            /// ```
            pub fn one() -> Self {
                let mut r = Self::raw();
                // SAFETY: as above.
                unsafe { sys::$set_one(&mut r) };
                Self(r)
            }

            /// The element x (any u64 is below p).
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// let x = F::from_u64(0x0102_0304_0506_0708);
            /// assert_eq!(x.to_bytes()[F::BYTES - 8..], [1, 2, 3, 4, 5, 6, 7, 8]);
            /// assert_eq!(F::from_u64(6), F::from_u64(2) * F::from_u64(3));
            /// ```
            pub fn from_u64(x: u64) -> Self {
                let mut limbs = [0u64; $limbs];
                limbs[0] = x;
                let mut r = Self::raw();
                // SAFETY: limbs has LIMBS words; x < 2^64 < p.
                let rc = unsafe { sys::$to_internal(&mut r, limbs.as_ptr()) };
                debug_assert_eq!(rc, sys::LF_OK);
                Self(r)
            }

            /// Parse the canonical big-endian encoding; none for a value >= p.
            /// Constant time in the value (only the verdict is revealed).
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            #[doc = hex_fn!()]
            /// // p - 1 (the published modulus minus one) is the largest element
            #[doc = concat!("let p_minus_1: [u8; F::BYTES] = hex(\"", $pm1, "\");")]
            /// assert_eq!(F::from_bytes(&p_minus_1).unwrap(), -F::one());
            /// // p itself is not canonical (p - 1 is even: no carry)
            /// let mut p = p_minus_1;
            /// p[F::BYTES - 1] += 1;
            /// assert!(bool::from(F::from_bytes(&p).is_none()));
            /// assert!(bool::from(F::from_bytes(&[0xff; F::BYTES]).is_none()));
            /// ```
            pub fn from_bytes(bytes: &[u8; $bytes]) -> CtOption<Self> {
                let mut r = Self::raw();
                // SAFETY: bytes has BYTES bytes; on error r is zeroed (a valid 0).
                let rc = unsafe { sys::$from_bytes(&mut r, bytes.as_ptr()) };
                CtOption::new(Self(r), Choice::from(u8::from(rc == sys::LF_OK)))
            }

            /// The canonical big-endian encoding.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            #[doc = hex_fn!()]
            #[doc = concat!("let p_minus_1: [u8; F::BYTES] = hex(\"", $pm1, "\");")]
            /// assert_eq!((-F::one()).to_bytes(), p_minus_1);
            /// let x = F::from_u64(987_654_321).square();
            /// assert_eq!(F::from_bytes(&x.to_bytes()).unwrap(), x);
            /// ```
            pub fn to_bytes(&self) -> [u8; $bytes] {
                let mut out = [0u8; $bytes];
                // SAFETY: out has BYTES bytes.
                unsafe { sys::$to_bytes(out.as_mut_ptr(), &self.0) };
                out
            }

            /// From the value as little-endian 64-bit limbs; none if >= p.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// // 2^64: limb 1 set
            /// let mut limbs = [0u64; F::LIMBS];
            /// limbs[1] = 1;
            /// assert_eq!(F::from_limbs(&limbs).unwrap(), F::from_u64(u64::MAX) + F::one());
            /// // 2^(64 LIMBS) - 1 is >= p
            /// assert!(bool::from(F::from_limbs(&[u64::MAX; F::LIMBS]).is_none()));
            /// ```
            pub fn from_limbs(limbs: &[u64; $limbs]) -> CtOption<Self> {
                let mut r = Self::raw();
                // SAFETY: limbs has LIMBS words.
                let rc = unsafe { sys::$to_internal(&mut r, limbs.as_ptr()) };
                CtOption::new(Self(r), Choice::from(u8::from(rc == sys::LF_OK)))
            }

            /// The value as little-endian 64-bit limbs (canonical, < p).
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// let x = F::from_u64(u64::MAX) + F::from_u64(2); // 2^64 + 1
            /// let mut want = [0u64; F::LIMBS];
            /// want[0] = 1;
            /// want[1] = 1;
            /// assert_eq!(x.to_limbs(), want);
            /// assert_eq!(F::from_limbs(&x.to_limbs()).unwrap(), x);
            /// ```
            pub fn to_limbs(&self) -> [u64; $limbs] {
                let mut out = [0u64; $limbs];
                // SAFETY: out has LIMBS words.
                unsafe { sys::$from_internal(out.as_mut_ptr(), &self.0) };
                out
            }

            /// Whether this is 0.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// let x = F::from_u64(5);
            /// assert!(bool::from((x - x).is_zero()));
            /// assert!(!bool::from(x.is_zero()));
            /// ```
            pub fn is_zero(&self) -> Choice {
                // SAFETY: a valid element.
                Choice::from(unsafe { sys::$is_zero(&self.0) } as u8)
            }

            /// self^2.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// assert_eq!(F::from_u64(123_456_789).square(), F::from_u64(15_241_578_750_190_521));
            /// assert_eq!((-F::one()).square(), F::one());
            /// ```
            pub fn square(&self) -> Self {
                let mut r = Self::raw();
                // SAFETY: valid elements.
                unsafe { sys::$sqr(&mut r, &self.0) };
                Self(r)
            }

            /// 2 self.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// assert_eq!(F::from_u64(21).double(), F::from_u64(42));
            /// // 2 (p - 1) = p - 2 mod p
            /// assert_eq!((-F::one()).double(), -F::from_u64(2));
            /// ```
            pub fn double(&self) -> Self {
                self + self
            }

            /// self^-1; none for 0.  Constant time.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// let a = F::from_u64(3);
            /// assert_eq!(a * a.invert().unwrap(), F::one());
            /// assert_eq!(F::from_u64(2).invert().unwrap().double(), F::one());
            /// assert!(bool::from(F::zero().invert().is_none()));
            /// ```
            pub fn invert(&self) -> CtOption<Self> {
                let mut r = Self::raw();
                // SAFETY: valid elements (0 gives 0).
                unsafe { sys::$inv(&mut r, &self.0) };
                CtOption::new(Self(r), !self.is_zero())
            }

            /// self^-1, variable time: public values only.  None for 0.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// let a = F::from_u64(1_000_003);
            /// assert_eq!(a.invert_vartime().unwrap() * a, F::one());
            /// assert_eq!(a.invert_vartime(), Some(a.invert().unwrap()));
            /// assert_eq!(F::zero().invert_vartime(), None);
            /// ```
            pub fn invert_vartime(&self) -> Option<Self> {
                let mut r = Self::raw();
                // SAFETY: valid elements.
                unsafe { sys::$inv_var(&mut r, &self.0) };
                if bool::from(self.is_zero()) { None } else { Some(Self(r)) }
            }

            /// A square root, if self is a square (none otherwise).  Constant
            /// time.  Which of the two roots is returned is the C library's
            /// choice (documented in its header).
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// let r = F::from_u64(9).sqrt().unwrap();
            /// assert!(r == F::from_u64(3) || r == -F::from_u64(3));
            #[doc = concat!("// ", $nr, " is the smallest quadratic non-residue mod p (Euler's criterion)")]
            #[doc = concat!("assert!(bool::from(F::from_u64(", $nr, ").sqrt().is_none()));")]
            /// ```
            pub fn sqrt(&self) -> CtOption<Self> {
                let mut r = Self::raw();
                // SAFETY: valid elements.
                let ok = unsafe { sys::$sqrt(&mut r, &self.0) };
                CtOption::new(Self(r), Choice::from(ok as u8))
            }

            /// self^e, e as little-endian 64-bit words.  The exponent is
            /// public (the time depends on it), self may be secret.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            #[doc = hex_fn!()]
            /// let a = F::from_u64(7);
            /// assert_eq!(a.pow_vartime(&[3]), F::from_u64(343));
            /// assert_eq!(a.pow_vartime(&[0]), F::one());
            /// // Fermat: a^(p-1) = 1, p - 1 from the published modulus
            #[doc = concat!("let p_minus_1: [u8; F::BYTES] = hex(\"", $pm1, "\");")]
            /// let e: Vec<u64> =
            ///     p_minus_1.rchunks(8).map(|c| c.iter().fold(0, |x, &b| x << 8 | u64::from(b))).collect();
            /// assert_eq!(a.pow_vartime(&e), F::one());
            /// ```
            pub fn pow_vartime(&self, e: &[u64]) -> Self {
                let mut r = Self::raw();
                // SAFETY: e has e.len() words, 64 bits each.
                unsafe { sys::$pow_var_exp(&mut r, &self.0, e.as_ptr(), e.len() * 64) };
                Self(r)
            }

            /// Invert every element in place (Montgomery's trick); zeros stay
            /// zero.  Constant time in the values.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// let orig = [F::from_u64(2), F::zero(), F::from_u64(5)];
            /// let mut v = orig;
            /// F::batch_invert(&mut v);
            /// assert_eq!(v[0] * orig[0], F::one());
            /// assert_eq!(v[1], F::zero());
            /// assert_eq!(v[2] * orig[2], F::one());
            /// ```
            pub fn batch_invert(elems: &mut [Self]) {
                let p = elems.as_mut_ptr().cast::<sys::$t>();
                // SAFETY: in place (r == a, the same array) is allowed.
                unsafe { sys::$batch_inv(p, p, elems.len()) };
            }

            /// `out[i] = a[i] * b[i]`.  Panics if the lengths differ.  Uses
            /// the vector kernels (AVX-512 IFMA, RVV) where the back end has them.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// let a: Vec<F> = (1..=10).map(F::from_u64).collect();
            /// let b: Vec<F> = (11..=20).map(F::from_u64).collect();
            /// let mut out = vec![F::zero(); 10];
            /// F::vec_mul(&mut out, &a, &b);
            /// for (i, o) in (1..=10u64).zip(&out) {
            ///     assert_eq!(*o, F::from_u64(i * (i + 10)));
            /// }
            /// ```
            pub fn vec_mul(out: &mut [Self], a: &[Self], b: &[Self]) {
                assert!(out.len() == a.len() && a.len() == b.len(), "slice lengths differ");
                // SAFETY: three arrays of out.len() elements; &mut excludes overlap.
                unsafe { sys::$vec_mul(out.as_mut_ptr().cast(), Self::ptr(a), Self::ptr(b), out.len()) };
            }
            /// `out[i] = a[i]^2`.  Panics if the lengths differ.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// let a: Vec<F> = (1..=10).map(F::from_u64).collect();
            /// let mut out = vec![F::zero(); 10];
            /// F::vec_square(&mut out, &a);
            /// for (i, o) in (1..=10u64).zip(&out) {
            ///     assert_eq!(*o, F::from_u64(i * i));
            /// }
            /// ```
            pub fn vec_square(out: &mut [Self], a: &[Self]) {
                assert_eq!(out.len(), a.len(), "slice lengths differ");
                // SAFETY: as vec_mul.
                unsafe { sys::$vec_sqr(out.as_mut_ptr().cast(), Self::ptr(a), out.len()) };
            }
            /// `out[i] = a[i] + b[i]`.  Panics if the lengths differ.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// let a: Vec<F> = (1..=10).map(F::from_u64).collect();
            /// let b = vec![-F::one(); 10]; // p - 1: every sum wraps
            /// let mut out = vec![F::zero(); 10];
            /// F::vec_add(&mut out, &a, &b);
            /// for (i, o) in (0..10u64).zip(&out) {
            ///     assert_eq!(*o, F::from_u64(i));
            /// }
            /// ```
            pub fn vec_add(out: &mut [Self], a: &[Self], b: &[Self]) {
                assert!(out.len() == a.len() && a.len() == b.len(), "slice lengths differ");
                // SAFETY: as vec_mul.
                unsafe { sys::$vec_add(out.as_mut_ptr().cast(), Self::ptr(a), Self::ptr(b), out.len()) };
            }
            /// `out[i] = a[i] - b[i]`.  Panics if the lengths differ.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// let a: Vec<F> = (1..=10).map(F::from_u64).collect();
            /// let b = vec![F::from_u64(5); 10];
            /// let mut out = vec![F::zero(); 10];
            /// F::vec_sub(&mut out, &a, &b);
            /// for (i, o) in (1..=10u64).zip(&out) {
            ///     assert_eq!(*o + F::from_u64(5), F::from_u64(i)); // below 5: wraps mod p
            /// }
            /// assert_eq!(out[0], -F::from_u64(4));
            /// ```
            pub fn vec_sub(out: &mut [Self], a: &[Self], b: &[Self]) {
                assert!(out.len() == a.len() && a.len() == b.len(), "slice lengths differ");
                // SAFETY: as vec_mul.
                unsafe { sys::$vec_sub(out.as_mut_ptr().cast(), Self::ptr(a), Self::ptr(b), out.len()) };
            }
            /// `out[i] = a[i] * c`.  Panics if the lengths differ.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// let a: Vec<F> = (1..=10).map(F::from_u64).collect();
            /// let mut out = vec![F::zero(); 10];
            /// F::vec_mul_scalar(&mut out, &a, &F::from_u64(1000));
            /// for (i, o) in (1..=10u64).zip(&out) {
            ///     assert_eq!(*o, F::from_u64(1000 * i));
            /// }
            /// ```
            pub fn vec_mul_scalar(out: &mut [Self], a: &[Self], c: &Self) {
                assert_eq!(out.len(), a.len(), "slice lengths differ");
                // SAFETY: as vec_mul; c is a separate value, not in out.
                unsafe { sys::$vec_mul_scalar(out.as_mut_ptr().cast(), Self::ptr(a), &c.0, out.len()) };
            }
            /// The sum of `a[i] * b[i]`.  Panics if the lengths differ.
            ///
            /// # Examples
            ///
            /// ```rust
            #[doc = use_field!($name)]
            /// let a: Vec<F> = (1..=10).map(F::from_u64).collect();
            /// let b: Vec<F> = (11..=20).map(F::from_u64).collect();
            /// // sum of i (i + 10) for i = 1..=10: 385 + 550
            /// assert_eq!(F::inner_product(&a, &b), F::from_u64(935));
            /// assert_eq!(F::inner_product(&[], &[]), F::zero());
            /// ```
            pub fn inner_product(a: &[Self], b: &[Self]) -> Self {
                assert_eq!(a.len(), b.len(), "slice lengths differ");
                let mut r = Self::raw();
                // SAFETY: two arrays of a.len() elements.
                unsafe { sys::$inner_product(&mut r, Self::ptr(a), Self::ptr(b), a.len()) };
                Self(r)
            }
        }

        field_traits!($name, $pm1, $mul, $add, $sub, $neg, $eq, $cmov);
    };
}

// After the type, its bytes and limbs: p - 1 in big-endian hex and the
// smallest quadratic non-residue, for the examples only.  Both were computed
// with Python integers from the published moduli (BLS12-381, BN254: their
// specifications; secp256k1: SEC 2; P-256: FIPS 186; p1024: re-derived from
// SHAKE-256("limbforge p1024")), not by this library.
field_type! {
    /// An element of the BLS12-381 base field (381 bits).
    Bls12381P, lf_bls12_381_p_t, 48, 6,
    "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaaa",
    2,
    lf_bls12_381_p_mul, lf_bls12_381_p_sqr, lf_bls12_381_p_add, lf_bls12_381_p_sub, lf_bls12_381_p_neg, lf_bls12_381_p_from_bytes, lf_bls12_381_p_to_bytes, lf_bls12_381_p_to_internal, lf_bls12_381_p_from_internal, lf_bls12_381_p_set_zero, lf_bls12_381_p_set_one, lf_bls12_381_p_is_zero, lf_bls12_381_p_eq, lf_bls12_381_p_cmov, lf_bls12_381_p_inv, lf_bls12_381_p_inv_var, lf_bls12_381_p_sqrt, lf_bls12_381_p_batch_inv, lf_bls12_381_p_pow_var_exp, lf_bls12_381_p_vec_mul, lf_bls12_381_p_vec_sqr, lf_bls12_381_p_vec_add, lf_bls12_381_p_vec_sub, lf_bls12_381_p_vec_mul_scalar, lf_bls12_381_p_inner_product,
}
field_type! {
    /// An element of the BLS12-381 scalar field (the group order r).
    Bls12381R, lf_bls12_381_r_t, 32, 4,
    "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000",
    5,
    lf_bls12_381_r_mul, lf_bls12_381_r_sqr, lf_bls12_381_r_add, lf_bls12_381_r_sub, lf_bls12_381_r_neg, lf_bls12_381_r_from_bytes, lf_bls12_381_r_to_bytes, lf_bls12_381_r_to_internal, lf_bls12_381_r_from_internal, lf_bls12_381_r_set_zero, lf_bls12_381_r_set_one, lf_bls12_381_r_is_zero, lf_bls12_381_r_eq, lf_bls12_381_r_cmov, lf_bls12_381_r_inv, lf_bls12_381_r_inv_var, lf_bls12_381_r_sqrt, lf_bls12_381_r_batch_inv, lf_bls12_381_r_pow_var_exp, lf_bls12_381_r_vec_mul, lf_bls12_381_r_vec_sqr, lf_bls12_381_r_vec_add, lf_bls12_381_r_vec_sub, lf_bls12_381_r_vec_mul_scalar, lf_bls12_381_r_inner_product,
}
field_type! {
    /// An element of the BN254 base field.
    Bn254P, lf_bn254_p_t, 32, 4,
    "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd46",
    3,
    lf_bn254_p_mul, lf_bn254_p_sqr, lf_bn254_p_add, lf_bn254_p_sub, lf_bn254_p_neg, lf_bn254_p_from_bytes, lf_bn254_p_to_bytes, lf_bn254_p_to_internal, lf_bn254_p_from_internal, lf_bn254_p_set_zero, lf_bn254_p_set_one, lf_bn254_p_is_zero, lf_bn254_p_eq, lf_bn254_p_cmov, lf_bn254_p_inv, lf_bn254_p_inv_var, lf_bn254_p_sqrt, lf_bn254_p_batch_inv, lf_bn254_p_pow_var_exp, lf_bn254_p_vec_mul, lf_bn254_p_vec_sqr, lf_bn254_p_vec_add, lf_bn254_p_vec_sub, lf_bn254_p_vec_mul_scalar, lf_bn254_p_inner_product,
}
field_type! {
    /// An element of the BN254 scalar field.
    Bn254R, lf_bn254_r_t, 32, 4,
    "30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000000",
    5,
    lf_bn254_r_mul, lf_bn254_r_sqr, lf_bn254_r_add, lf_bn254_r_sub, lf_bn254_r_neg, lf_bn254_r_from_bytes, lf_bn254_r_to_bytes, lf_bn254_r_to_internal, lf_bn254_r_from_internal, lf_bn254_r_set_zero, lf_bn254_r_set_one, lf_bn254_r_is_zero, lf_bn254_r_eq, lf_bn254_r_cmov, lf_bn254_r_inv, lf_bn254_r_inv_var, lf_bn254_r_sqrt, lf_bn254_r_batch_inv, lf_bn254_r_pow_var_exp, lf_bn254_r_vec_mul, lf_bn254_r_vec_sqr, lf_bn254_r_vec_add, lf_bn254_r_vec_sub, lf_bn254_r_vec_mul_scalar, lf_bn254_r_inner_product,
}
field_type! {
    /// An element of the secp256k1 base field, 2^256 - 2^32 - 977.
    Secp256k1P, lf_secp256k1_p_t, 32, 4,
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2e",
    3,
    lf_secp256k1_p_mul, lf_secp256k1_p_sqr, lf_secp256k1_p_add, lf_secp256k1_p_sub, lf_secp256k1_p_neg, lf_secp256k1_p_from_bytes, lf_secp256k1_p_to_bytes, lf_secp256k1_p_to_internal, lf_secp256k1_p_from_internal, lf_secp256k1_p_set_zero, lf_secp256k1_p_set_one, lf_secp256k1_p_is_zero, lf_secp256k1_p_eq, lf_secp256k1_p_cmov, lf_secp256k1_p_inv, lf_secp256k1_p_inv_var, lf_secp256k1_p_sqrt, lf_secp256k1_p_batch_inv, lf_secp256k1_p_pow_var_exp, lf_secp256k1_p_vec_mul, lf_secp256k1_p_vec_sqr, lf_secp256k1_p_vec_add, lf_secp256k1_p_vec_sub, lf_secp256k1_p_vec_mul_scalar, lf_secp256k1_p_inner_product,
}
field_type! {
    /// An element of the secp256k1 group order.
    Secp256k1N, lf_secp256k1_n_t, 32, 4,
    "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140",
    5,
    lf_secp256k1_n_mul, lf_secp256k1_n_sqr, lf_secp256k1_n_add, lf_secp256k1_n_sub, lf_secp256k1_n_neg, lf_secp256k1_n_from_bytes, lf_secp256k1_n_to_bytes, lf_secp256k1_n_to_internal, lf_secp256k1_n_from_internal, lf_secp256k1_n_set_zero, lf_secp256k1_n_set_one, lf_secp256k1_n_is_zero, lf_secp256k1_n_eq, lf_secp256k1_n_cmov, lf_secp256k1_n_inv, lf_secp256k1_n_inv_var, lf_secp256k1_n_sqrt, lf_secp256k1_n_batch_inv, lf_secp256k1_n_pow_var_exp, lf_secp256k1_n_vec_mul, lf_secp256k1_n_vec_sqr, lf_secp256k1_n_vec_add, lf_secp256k1_n_vec_sub, lf_secp256k1_n_vec_mul_scalar, lf_secp256k1_n_inner_product,
}
field_type! {
    /// An element of the NIST P-256 base field.
    P256P, lf_p256_p_t, 32, 4,
    "ffffffff00000001000000000000000000000000fffffffffffffffffffffffe",
    3,
    lf_p256_p_mul, lf_p256_p_sqr, lf_p256_p_add, lf_p256_p_sub, lf_p256_p_neg, lf_p256_p_from_bytes, lf_p256_p_to_bytes, lf_p256_p_to_internal, lf_p256_p_from_internal, lf_p256_p_set_zero, lf_p256_p_set_one, lf_p256_p_is_zero, lf_p256_p_eq, lf_p256_p_cmov, lf_p256_p_inv, lf_p256_p_inv_var, lf_p256_p_sqrt, lf_p256_p_batch_inv, lf_p256_p_pow_var_exp, lf_p256_p_vec_mul, lf_p256_p_vec_sqr, lf_p256_p_vec_add, lf_p256_p_vec_sub, lf_p256_p_vec_mul_scalar, lf_p256_p_inner_product,
}
field_type! {
    /// An element of the NIST P-256 group order.
    P256N, lf_p256_n_t, 32, 4,
    "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632550",
    7,
    lf_p256_n_mul, lf_p256_n_sqr, lf_p256_n_add, lf_p256_n_sub, lf_p256_n_neg, lf_p256_n_from_bytes, lf_p256_n_to_bytes, lf_p256_n_to_internal, lf_p256_n_from_internal, lf_p256_n_set_zero, lf_p256_n_set_one, lf_p256_n_is_zero, lf_p256_n_eq, lf_p256_n_cmov, lf_p256_n_inv, lf_p256_n_inv_var, lf_p256_n_sqrt, lf_p256_n_batch_inv, lf_p256_n_pow_var_exp, lf_p256_n_vec_mul, lf_p256_n_vec_sqr, lf_p256_n_vec_add, lf_p256_n_vec_sub, lf_p256_n_vec_mul_scalar, lf_p256_n_inner_product,
}
field_type! {
    /// An element of the GF(2^255 - 19).
    P25519, lf_p25519_t, 32, 4,
    "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffec",
    2,
    lf_p25519_mul, lf_p25519_sqr, lf_p25519_add, lf_p25519_sub, lf_p25519_neg, lf_p25519_from_bytes, lf_p25519_to_bytes, lf_p25519_to_internal, lf_p25519_from_internal, lf_p25519_set_zero, lf_p25519_set_one, lf_p25519_is_zero, lf_p25519_eq, lf_p25519_cmov, lf_p25519_inv, lf_p25519_inv_var, lf_p25519_sqrt, lf_p25519_batch_inv, lf_p25519_pow_var_exp, lf_p25519_vec_mul, lf_p25519_vec_sqr, lf_p25519_vec_add, lf_p25519_vec_sub, lf_p25519_vec_mul_scalar, lf_p25519_inner_product,
}
field_type! {
    /// An element of the GF(2^448 - 2^224 - 1).
    P448, lf_p448_t, 56, 7,
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffffffffffffffffffffffffffffffffffffffffffffffffffffe",
    7,
    lf_p448_mul, lf_p448_sqr, lf_p448_add, lf_p448_sub, lf_p448_neg, lf_p448_from_bytes, lf_p448_to_bytes, lf_p448_to_internal, lf_p448_from_internal, lf_p448_set_zero, lf_p448_set_one, lf_p448_is_zero, lf_p448_eq, lf_p448_cmov, lf_p448_inv, lf_p448_inv_var, lf_p448_sqrt, lf_p448_batch_inv, lf_p448_pow_var_exp, lf_p448_vec_mul, lf_p448_vec_sqr, lf_p448_vec_add, lf_p448_vec_sub, lf_p448_vec_mul_scalar, lf_p448_inner_product,
}
field_type! {
    /// An element of the a 1024-bit prime field (the first prime >= SHAKE-256("limbforge p1024")).
    P1024, lf_p1024_t, 128, 16,
    "97ee81ccf797d41b6bcda3d185b0dd4d9cfab96bae3a8638c1e3adad356f23c5a3d673dc7c8dbb9d54115e4c08a2bc0ee252b99e8c5528de921e8ea2831ad15dbe0d63bbb2c3ec5970ee738a73ead4a220394b2d519446319ff8d7028278bd367c862151f790573b5c6d9a7a0c6f91a8863f96a767e8955c9018c7221f7e4038",
    3,
    lf_p1024_mul, lf_p1024_sqr, lf_p1024_add, lf_p1024_sub, lf_p1024_neg, lf_p1024_from_bytes, lf_p1024_to_bytes, lf_p1024_to_internal, lf_p1024_from_internal, lf_p1024_set_zero, lf_p1024_set_one, lf_p1024_is_zero, lf_p1024_eq, lf_p1024_cmov, lf_p1024_inv, lf_p1024_inv_var, lf_p1024_sqrt, lf_p1024_batch_inv, lf_p1024_pow_var_exp, lf_p1024_vec_mul, lf_p1024_vec_sqr, lf_p1024_vec_add, lf_p1024_vec_sub, lf_p1024_vec_mul_scalar, lf_p1024_inner_product,
}
