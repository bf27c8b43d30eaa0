/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! The standard traits of every field type (`field_type!` in mod.rs calls
//! `field_traits!`): `Default`, `Debug`, `subtle`'s `ConstantTimeEq` and
//! `ConditionallySelectable`, `PartialEq`, `Zeroize`, `+ - * -x` by value and
//! by reference with their assign forms, `Sum` and `Product`.

macro_rules! field_traits {
    ($name:ident, $pm1:literal, $mul:ident, $add:ident, $sub:ident, $neg:ident, $eq:ident,
     $cmov:ident) => {
        /// The default element is 0.
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = use_field!($name)]
        /// assert_eq!(F::default(), F::zero());
        /// ```
        impl Default for $name {
            fn default() -> Self {
                Self::zero()
            }
        }

        /// The type name and the canonical bytes in hex.
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = use_field!($name)]
        /// let s = format!("{:?}", F::from_u64(0xabc));
        #[doc = concat!("assert_eq!(s, format!(\"", stringify!($name), "(0x{}0abc)\", \"00\".repeat(F::BYTES - 2)));")]
        /// ```
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}(0x", stringify!($name))?;
                for b in self.to_bytes() {
                    write!(f, "{b:02x}")?;
                }
                f.write_str(")")
            }
        }

        /// Constant-time equality (the C library's `eq`).
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = use_field!($name)]
        /// use limbforge::subtle::ConstantTimeEq;
        /// let four = F::from_u64(2).square();
        /// assert!(bool::from(four.ct_eq(&F::from_u64(4))));
        /// assert!(!bool::from(four.ct_eq(&-F::from_u64(4))));
        /// ```
        impl ConstantTimeEq for $name {
            fn ct_eq(&self, other: &Self) -> Choice {
                // SAFETY: valid elements; eq is constant time and returns 0 or 1.
                Choice::from(unsafe { sys::$eq(&self.0, &other.0) } as u8)
            }
        }

        /// `==` through [`ConstantTimeEq`] (elements are always reduced, so
        /// equal values have equal representations).
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = use_field!($name)]
        /// assert!(F::from_u64(2) + F::from_u64(2) == F::from_u64(4));
        /// assert!(F::one() != -F::one());
        /// ```
        impl PartialEq for $name {
            fn eq(&self, other: &Self) -> bool {
                self.ct_eq(other).into()
            }
        }
        impl Eq for $name {}

        /// Constant-time selection (the C library's `cmov`).
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = use_field!($name)]
        /// use limbforge::subtle::{Choice, ConditionallySelectable};
        /// let (a, b) = (F::from_u64(1), F::from_u64(2));
        /// assert_eq!(F::conditional_select(&a, &b, Choice::from(0)), a);
        /// assert_eq!(F::conditional_select(&a, &b, Choice::from(1)), b);
        /// let (mut x, mut y) = (a, b);
        /// F::conditional_swap(&mut x, &mut y, Choice::from(1));
        /// assert_eq!((x, y), (b, a));
        /// ```
        impl ConditionallySelectable for $name {
            fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
                let mut r = *a;
                // SAFETY: valid elements; cmov is constant time in the flag.
                unsafe { sys::$cmov(&mut r.0, &b.0, choice.unwrap_u8() as core::ffi::c_int) };
                r
            }
        }

        /// Zeroizing leaves the element 0 (still a valid element).
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = use_field!($name)]
        /// use limbforge::zeroize::Zeroize;
        /// let mut secret = F::from_u64(0x5ec7e7);
        /// secret.zeroize();
        /// assert_eq!(secret, F::zero());
        /// ```
        impl Zeroize for $name {
            fn zeroize(&mut self) {
                self.0.v.zeroize();
            }
        }

        /// Addition mod p; also by value and as `+=`.
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = use_field!($name)]
        #[doc = hex_fn!()]
        #[doc = concat!("let p_minus_1 = F::from_bytes(&hex(\"", $pm1, "\")).unwrap();")]
        /// assert_eq!(&p_minus_1 + &F::from_u64(2), F::one()); // wraps mod p
        /// let mut x = F::from_u64(40);
        /// x += F::from_u64(2);
        /// assert_eq!(x + x, F::from_u64(84));
        /// ```
        impl<'a, 'b> Add<&'b $name> for &'a $name {
            type Output = $name;
            fn add(self, rhs: &'b $name) -> $name {
                let mut r = $name::raw();
                // SAFETY: valid elements.
                unsafe { sys::$add(&mut r, &self.0, &rhs.0) };
                $name(r)
            }
        }
        /// Subtraction mod p; also by value and as `-=`.
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = use_field!($name)]
        #[doc = hex_fn!()]
        #[doc = concat!("let p_minus_1: [u8; F::BYTES] = hex(\"", $pm1, "\");")]
        /// assert_eq!((&F::zero() - &F::one()).to_bytes(), p_minus_1); // 0 - 1 = p - 1
        /// let mut x = F::from_u64(50);
        /// x -= F::from_u64(8);
        /// assert_eq!(x, F::from_u64(42));
        /// ```
        impl<'a, 'b> Sub<&'b $name> for &'a $name {
            type Output = $name;
            fn sub(self, rhs: &'b $name) -> $name {
                let mut r = $name::raw();
                // SAFETY: valid elements.
                unsafe { sys::$sub(&mut r, &self.0, &rhs.0) };
                $name(r)
            }
        }
        /// Multiplication mod p; also by value and as `*=`.
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = use_field!($name)]
        #[doc = hex_fn!()]
        /// assert_eq!(&F::from_u64(6) * &F::from_u64(7), F::from_u64(42));
        #[doc = concat!("let p_minus_1 = F::from_bytes(&hex(\"", $pm1, "\")).unwrap();")]
        /// assert_eq!(p_minus_1 * p_minus_1, F::one()); // (-1)^2
        /// // (2^64 - 1)^2 = 2^128 - 2^65 + 1: limbs [1, 2^64 - 2, 0, ...]
        /// let mut x = F::from_u64(u64::MAX);
        /// x *= F::from_u64(u64::MAX);
        /// let mut want = [0u64; F::LIMBS];
        /// want[0] = 1;
        /// want[1] = u64::MAX - 1;
        /// assert_eq!(x.to_limbs(), want);
        /// ```
        impl<'a, 'b> Mul<&'b $name> for &'a $name {
            type Output = $name;
            fn mul(self, rhs: &'b $name) -> $name {
                let mut r = $name::raw();
                // SAFETY: valid elements.
                unsafe { sys::$mul(&mut r, &self.0, &rhs.0) };
                $name(r)
            }
        }
        /// Negation mod p (p - x; -0 = 0).
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = use_field!($name)]
        #[doc = hex_fn!()]
        #[doc = concat!("let p_minus_1: [u8; F::BYTES] = hex(\"", $pm1, "\");")]
        /// assert_eq!((-&F::one()).to_bytes(), p_minus_1);
        /// let x = F::from_u64(42);
        /// assert_eq!(-&x + x, F::zero());
        /// assert_eq!(-&F::zero(), F::zero());
        /// ```
        impl<'a> Neg for &'a $name {
            type Output = $name;
            fn neg(self) -> $name {
                let mut r = $name::raw();
                // SAFETY: valid elements.
                unsafe { sys::$neg(&mut r, &self.0) };
                $name(r)
            }
        }
        /// Negation by value, as [`Neg`] for a reference.
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = use_field!($name)]
        /// let x = F::from_u64(7);
        /// assert_eq!(-x, F::zero() - x);
        /// assert_eq!(-(-x), x);
        /// ```
        impl Neg for $name {
            type Output = $name;
            fn neg(self) -> $name {
                -&self
            }
        }
        field_traits!(@forward $name, Add, add, AddAssign, add_assign);
        field_traits!(@forward $name, Sub, sub, SubAssign, sub_assign);
        field_traits!(@forward $name, Mul, mul, MulAssign, mul_assign);

        /// The sum of an iterator's elements (0 for none).
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = use_field!($name)]
        /// assert_eq!((1..=100).map(F::from_u64).sum::<F>(), F::from_u64(5050));
        /// assert_eq!(core::iter::empty::<F>().sum::<F>(), F::zero());
        /// ```
        impl core::iter::Sum for $name {
            fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
                iter.fold(Self::zero(), |a, b| a + b)
            }
        }
        /// The product of an iterator's elements (1 for none).
        ///
        /// # Examples
        ///
        /// ```rust
        #[doc = use_field!($name)]
        /// // 20! = 2432902008176640000
        /// assert_eq!((1..=20).map(F::from_u64).product::<F>(), F::from_u64(2_432_902_008_176_640_000));
        /// assert_eq!(core::iter::empty::<F>().product::<F>(), F::one());
        /// ```
        impl core::iter::Product for $name {
            fn product<I: Iterator<Item = Self>>(iter: I) -> Self {
                iter.fold(Self::one(), |a, b| a * b)
            }
        }
    };
    (@forward $name:ident, $tr:ident, $f:ident, $tra:ident, $fa:ident) => {
        impl $tr<$name> for $name {
            type Output = $name;
            fn $f(self, rhs: $name) -> $name {
                (&self).$f(&rhs)
            }
        }
        impl<'b> $tr<&'b $name> for $name {
            type Output = $name;
            fn $f(self, rhs: &'b $name) -> $name {
                (&self).$f(rhs)
            }
        }
        impl<'a> $tr<$name> for &'a $name {
            type Output = $name;
            fn $f(self, rhs: $name) -> $name {
                self.$f(&rhs)
            }
        }
        impl $tra<$name> for $name {
            fn $fa(&mut self, rhs: $name) {
                *self = (&*self).$f(&rhs);
            }
        }
        impl<'b> $tra<&'b $name> for $name {
            fn $fa(&mut self, rhs: &'b $name) {
                *self = (&*self).$f(rhs);
            }
        }
    };
}
