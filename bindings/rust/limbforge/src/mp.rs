/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! Constant-time modular exponentiation for a run-time odd modulus, and
//! the RSA private-key operation with the Chinese remainder theorem.
//!
//! Numbers are little-endian slices of 64-bit limbs (limb 0 least
//! significant), 1 to 128 limbs (64 to 8192 bits); [`from_be_bytes`] and
//! [`to_be_bytes`] convert.  Lengths are public; values (modulus, base,
//! exponent, key) are secret and handled in constant time.  The contexts
//! are large (a [`Modulus`] is about 4 KiB, an [`RsaPrivateKey`] about 17 KiB,
//! kept on the heap) and wiped on drop.
//!
//! ```
//! use limbforge::mp::Modulus;
//! let m = Modulus::new(&[1_000_003]).unwrap();
//! let mut r = [0u64];
//! m.modexp(&mut r, &[2], &[20]).unwrap();
//! assert_eq!(r[0], (1u64 << 20) % 1_000_003);
//! ```

use limbforge_sys as sys;
use zeroize::ZeroizeOnDrop;

use crate::{Error, check};

/// Limbs of the largest number (8192 bits).
///
/// # Examples
///
/// ```rust
/// use limbforge::mp::{Modulus, MAX_LIMBS};
/// assert_eq!(MAX_LIMBS * 64, 8192);
/// let mut m = vec![u64::MAX; MAX_LIMBS]; // 2^8192 - 1, odd
/// assert_eq!(Modulus::new(&m).unwrap().limbs(), MAX_LIMBS);
/// m.push(u64::MAX);
/// assert!(Modulus::new(&m).is_err());
/// ```
pub const MAX_LIMBS: usize = sys::LF_MP_MAX_LIMBS;

/// r = the big-endian integer `bytes` in `r.len()` limbs; [`Error::Range`]
/// if it does not fit (r zeroed), [`Error::Param`] for a length outside
/// 1..=128 limbs.
///
/// # Examples
///
/// ```rust
/// use limbforge::{mp::from_be_bytes, Error};
/// let mut r = [0u64; 2];
/// from_be_bytes(&mut r, &[1, 2, 3, 4, 5, 6, 7, 8, 9]).unwrap();
/// assert_eq!(r, [0x0203_0405_0607_0809, 0x01]);
/// // 17 significant bytes do not fit in two limbs
/// let mut big = [0u8; 17];
/// big[0] = 1;
/// assert_eq!(from_be_bytes(&mut r, &big), Err(Error::Range));
/// assert_eq!(r, [0, 0]);
/// ```
pub fn from_be_bytes(r: &mut [u64], bytes: &[u8]) -> Result<(), Error> {
    // SAFETY: slices with their lengths.
    check(unsafe { sys::lf_mp_from_bytes(r.as_mut_ptr(), r.len(), bytes.as_ptr(), bytes.len()) })
}

/// out = a big-endian, left-padded with zeros; [`Error::Range`] if a does
/// not fit in out.len() bytes (out zeroed).
///
/// # Examples
///
/// ```rust
/// use limbforge::{mp::to_be_bytes, Error};
/// let mut out = [0xffu8; 10];
/// to_be_bytes(&mut out, &[0x0102_0304_0506_0708, 0x090a]).unwrap();
/// assert_eq!(out, [0x09, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
/// let mut short = [0u8; 9];
/// assert_eq!(to_be_bytes(&mut short, &[0, 0x100]), Err(Error::Range));
/// ```
pub fn to_be_bytes(out: &mut [u8], a: &[u64]) -> Result<(), Error> {
    // SAFETY: slices with their lengths.
    check(unsafe { sys::lf_mp_to_bytes(out.as_mut_ptr(), out.len(), a.as_ptr(), a.len()) })
}

fn wipe<T>(x: &mut T) {
    // SAFETY: T is a plain-data C struct (integers and arrays of them), for
    // which all-zero bytes are a valid value.
    unsafe { zeroize::zeroize_flat_type(x) }
}

/// An odd modulus m > 1 prepared for Montgomery arithmetic.  Wiped on drop
/// (the modulus may be secret, an RSA prime).
///
/// # Examples
///
/// ```rust
/// use limbforge::mp::Modulus;
/// // Fermat: a^(p-1) = 1 mod p for the Mersenne prime p = 2^127 - 1
/// let m = Modulus::new(&[u64::MAX, u64::MAX >> 1]).unwrap();
/// let mut r = [0u64; 2];
/// m.modexp(&mut r, &[3, 0], &[u64::MAX - 1, u64::MAX >> 1]).unwrap();
/// assert_eq!(r, [1, 0]);
/// ```
pub struct Modulus(sys::lf_mp_mont_ctx);

impl Modulus {
    /// Prepare m (1..=128 limbs, leading zero limbs allowed).
    /// [`Error::Param`] for an even m, m = 1 or a bad length.  Constant time.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::{mp::Modulus, Error};
    /// assert!(Modulus::new(&[1_000_003]).is_ok());
    /// assert_eq!(Modulus::new(&[1_000_002]).unwrap_err(), Error::Param); // even
    /// assert_eq!(Modulus::new(&[1]).unwrap_err(), Error::Param);
    /// assert_eq!(Modulus::new(&[]).unwrap_err(), Error::Param);
    /// ```
    pub fn new(m: &[u64]) -> Result<Modulus, Error> {
        // SAFETY: plain data; init overwrites it.
        let mut ctx: sys::lf_mp_mont_ctx = unsafe { core::mem::zeroed() };
        // SAFETY: m has m.len() limbs.
        check(unsafe { sys::lf_mp_mont_init(&mut ctx, m.as_ptr(), m.len()) })?;
        Ok(Modulus(ctx))
    }

    /// Limbs of the modulus (and of every number taken mod it).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::mp::Modulus;
    /// // leading zero limbs count: the length is public, the value is not
    /// assert_eq!(Modulus::new(&[7, 0, 0]).unwrap().limbs(), 3);
    /// ```
    pub fn limbs(&self) -> usize {
        self.0.n
    }

    /// r = base^exp mod m.  `r` and `base` have [`limbs`](Self::limbs)
    /// limbs, base < m ([`Error::Range`] otherwise); `exp` 1..=128 limbs.
    /// Fixed windows, every table read a masked scan: constant time in base
    /// and exp (the exponent's length is public).  exp = 0 gives 1 mod m.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::{mp::Modulus, Error};
    /// // 3^1000 mod 2^127 - 1 (computed with Python's pow)
    /// let m = Modulus::new(&[u64::MAX, u64::MAX >> 1]).unwrap();
    /// let mut r = [0u64; 2];
    /// m.modexp(&mut r, &[3, 0], &[1000]).unwrap();
    /// assert_eq!(r, [0x211f927e6e87a273, 0x741dd636fced9af3]);
    /// m.modexp(&mut r, &[3, 0], &[0]).unwrap();
    /// assert_eq!(r, [1, 0]);
    /// // the base must be below the modulus
    /// assert_eq!(m.modexp(&mut r, &[u64::MAX, u64::MAX], &[1]), Err(Error::Range));
    /// ```
    pub fn modexp(&self, r: &mut [u64], base: &[u64], exp: &[u64]) -> Result<(), Error> {
        if r.len() != self.0.n || base.len() != self.0.n {
            return Err(Error::Param);
        }
        // SAFETY: r and base have n limbs, exp its own length; &mut r
        // cannot overlap the others.
        check(unsafe {
            sys::lf_mp_modexp(
                r.as_mut_ptr(),
                base.as_ptr(),
                exp.as_ptr(),
                exp.len(),
                &self.0,
            )
        })
    }
}

/// Wipes the modulus and its Montgomery constants (no example: memory after a drop cannot be read from
/// safe code; [`ZeroizeOnDrop`] marks the guarantee).
impl Drop for Modulus {
    fn drop(&mut self) {
        wipe(&mut self.0);
    }
}
/// # Examples
///
/// ```rust
/// use limbforge::mp::Modulus;
/// use limbforge::zeroize::ZeroizeOnDrop;
/// fn wiped_on_drop<T: ZeroizeOnDrop>(_: &T) {}
/// wiped_on_drop(&Modulus::new(&[7]).unwrap());
/// ```
impl ZeroizeOnDrop for Modulus {}
/// # Examples
///
/// ```rust
/// use limbforge::mp::Modulus;
/// // the modulus may be secret (an RSA prime): only its size is printed
/// assert_eq!(format!("{:?}", Modulus::new(&[1_000_003, 0]).unwrap()), "Modulus(2 limbs)");
/// ```
impl core::fmt::Debug for Modulus {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Modulus({} limbs)", self.0.n)
    }
}

/// An RSA private key for the CRT operation: primes p, q (h limbs each,
/// 1 <= h <= 64), public exponent e, dp = d mod (p-1), dq = d mod (q-1),
/// qinv = q^-1 mod p.  Validated when loaded; wiped on drop.
#[cfg(feature = "alloc")]
/// # Examples
///
/// ```rust
/// use limbforge::mp::{Modulus, RsaPrivateKey};
/// // a toy RSA key with 64-bit primes (values computed with Python integers)
/// let (p, q) = ([0x8000000001234577], [0x8000000007654335]);
/// let (dp, dq, qinv) = ([0x68e8971769d750cd], [0x72750d8af91200bd], [0x588a8c35d37e9e25]);
/// let key = RsaPrivateKey::new(65537, &p, &q, &dp, &dq, &qinv).unwrap();
/// // encrypt "Hello" with the public key (N, e), decrypt with the private key
/// let n = Modulus::new(key.modulus()).unwrap();
/// let mut c = [0u64; 2];
/// n.modexp(&mut c, &[0x48656c6c6f, 0], &[65537]).unwrap();
/// let mut m = [0u64; 2];
/// key.private_op(&mut m, &c).unwrap();
/// assert_eq!(m, [0x48656c6c6f, 0]);
/// ```
pub struct RsaPrivateKey(alloc::boxed::Box<sys::lf_mp_rsa_key>);

#[cfg(feature = "alloc")]
impl RsaPrivateKey {
    /// Load and check a key (all slices h limbs).  [`Error::Param`] for bad
    /// lengths, an even or small e, an even p or q; [`Error::Range`] if dp,
    /// dq or qinv is out of range; [`Error::Invalid`] for an inconsistent
    /// key (qinv * q != 1 mod p, e * dp != 1 mod p-1, ...).  Constant time
    /// in the secret values (only the verdict is revealed).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::{mp::RsaPrivateKey, Error};
    /// // a toy RSA key with 64-bit primes (values computed with Python integers)
    /// let (p, q) = ([0x8000000001234577], [0x8000000007654335]);
    /// let (dp, dq, qinv) = ([0x68e8971769d750cd], [0x72750d8af91200bd], [0x588a8c35d37e9e25]);
    /// let key = RsaPrivateKey::new(65537, &p, &q, &dp, &dq, &qinv).unwrap();
    /// assert_eq!(key.modulus_limbs(), 2);
    /// // qinv must be q^-1 mod p
    /// let bad = [qinv[0] + 1];
    /// assert_eq!(RsaPrivateKey::new(65537, &p, &q, &dp, &dq, &bad).unwrap_err(), Error::Invalid);
    /// assert_eq!(RsaPrivateKey::new(65536, &p, &q, &dp, &dq, &qinv).unwrap_err(), Error::Param);
    /// ```
    pub fn new(
        e: u64,
        p: &[u64],
        q: &[u64],
        dp: &[u64],
        dq: &[u64],
        qinv: &[u64],
    ) -> Result<Self, Error> {
        let h = p.len();
        if [q.len(), dp.len(), dq.len(), qinv.len()]
            .iter()
            .any(|&l| l != h)
        {
            return Err(Error::Param);
        }
        // The C struct is plain data (all-zero is a valid value) and about
        // 17 KiB: allocated zeroed on the heap, no stack temporary.
        let layout = core::alloc::Layout::new::<sys::lf_mp_rsa_key>();
        // SAFETY: a non-zero-sized layout; the pointer is checked, then owned
        // by the Box (allocated with the global allocator and this layout).
        let mut key = unsafe {
            let p = alloc::alloc::alloc_zeroed(layout).cast::<sys::lf_mp_rsa_key>();
            if p.is_null() {
                alloc::alloc::handle_alloc_error(layout);
            }
            alloc::boxed::Box::from_raw(p)
        };
        // SAFETY: every slice has h limbs.
        let rc = unsafe {
            sys::lf_mp_rsa_key_init(
                &mut *key,
                e,
                p.as_ptr(),
                q.as_ptr(),
                dp.as_ptr(),
                dq.as_ptr(),
                qinv.as_ptr(),
                h,
            )
        };
        let key = RsaPrivateKey(key);
        check(rc)?;
        Ok(key)
    }

    /// Limbs of N = p q (2h).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::mp::RsaPrivateKey;
    /// // a toy RSA key with 64-bit primes (values computed with Python integers)
    /// let (p, q) = ([0x8000000001234577], [0x8000000007654335]);
    /// let (dp, dq, qinv) = ([0x68e8971769d750cd], [0x72750d8af91200bd], [0x588a8c35d37e9e25]);
    /// let key = RsaPrivateKey::new(65537, &p, &q, &dp, &dq, &qinv).unwrap();
    /// assert_eq!(key.modulus_limbs(), 2 * p.len());
    /// ```
    pub fn modulus_limbs(&self) -> usize {
        2 * self.0.h
    }

    /// N = p q, 2h limbs.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::mp::RsaPrivateKey;
    /// // a toy RSA key with 64-bit primes (values computed with Python integers)
    /// let (p, q) = ([0x8000000001234577], [0x8000000007654335]);
    /// let (dp, dq, qinv) = ([0x68e8971769d750cd], [0x72750d8af91200bd], [0x588a8c35d37e9e25]);
    /// let key = RsaPrivateKey::new(65537, &p, &q, &dp, &dq, &qinv).unwrap();
    /// // N = p q (computed with Python integers)
    /// assert_eq!(key.modulus(), [0x00086a1d206e86a3, 0x4000000004444456]);
    /// ```
    pub fn modulus(&self) -> &[u64] {
        &self.0.n.m[..2 * self.0.h]
    }

    /// The public exponent e.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::mp::RsaPrivateKey;
    /// // a toy RSA key with 64-bit primes (values computed with Python integers)
    /// let (p, q) = ([0x8000000001234577], [0x8000000007654335]);
    /// let (dp, dq, qinv) = ([0x68e8971769d750cd], [0x72750d8af91200bd], [0x588a8c35d37e9e25]);
    /// let key = RsaPrivateKey::new(65537, &p, &q, &dp, &dq, &qinv).unwrap();
    /// assert_eq!(key.public_exponent(), 65537);
    /// ```
    pub fn public_exponent(&self) -> u64 {
        self.0.e
    }

    /// r = c^d mod N by the CRT, the result checked with the public exponent
    /// (r^e = c mod N) before it is returned.  `r` and `c` have 2h limbs.
    /// [`Error::Range`] if c >= N; [`Error::Fault`] if the check fails (a
    /// computing fault, or a p or q that is not prime).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::{mp::RsaPrivateKey, Error};
    /// // a toy RSA key with 64-bit primes (values computed with Python integers)
    /// let (p, q) = ([0x8000000001234577], [0x8000000007654335]);
    /// let (dp, dq, qinv) = ([0x68e8971769d750cd], [0x72750d8af91200bd], [0x588a8c35d37e9e25]);
    /// let key = RsaPrivateKey::new(65537, &p, &q, &dp, &dq, &qinv).unwrap();
    /// // "Hello"^e mod N (computed with Python's pow) back to "Hello"
    /// let c = [0x76ccd8bc1cfedc48, 0x3b3202d9c44168f5];
    /// let mut m = [0u64; 2];
    /// key.private_op(&mut m, &c).unwrap();
    /// assert_eq!(m, [0x48656c6c6f, 0]);
    /// // c >= N is refused
    /// assert_eq!(key.private_op(&mut m, &[u64::MAX, u64::MAX]), Err(Error::Range));
    /// ```
    pub fn private_op(&self, r: &mut [u64], c: &[u64]) -> Result<(), Error> {
        let n = 2 * self.0.h;
        if r.len() != n || c.len() != n {
            return Err(Error::Param);
        }
        // SAFETY: r and c have 2h limbs; a loaded key.
        check(unsafe { sys::lf_mp_rsa_private_crt(r.as_mut_ptr(), c.as_ptr(), &*self.0) })
    }
}

#[cfg(feature = "alloc")]
/// Wipes the whole key (no example: memory after a drop cannot be read from
/// safe code; [`ZeroizeOnDrop`] marks the guarantee).
impl Drop for RsaPrivateKey {
    fn drop(&mut self) {
        wipe(&mut *self.0);
    }
}
#[cfg(feature = "alloc")]
/// # Examples
///
/// ```rust
/// use limbforge::mp::RsaPrivateKey;
/// use limbforge::zeroize::ZeroizeOnDrop;
/// fn wiped_on_drop<T: ZeroizeOnDrop>(_: &T) {}
/// wiped_on_drop(&RsaPrivateKey::new(65537, &[0x8000000001234577], &[0x8000000007654335], &[0x68e8971769d750cd], &[0x72750d8af91200bd], &[0x588a8c35d37e9e25]).unwrap());
/// ```
impl ZeroizeOnDrop for RsaPrivateKey {}
#[cfg(feature = "alloc")]
/// # Examples
///
/// ```rust
/// use limbforge::mp::RsaPrivateKey;
/// // a toy RSA key with 64-bit primes (values computed with Python integers)
/// let (p, q) = ([0x8000000001234577], [0x8000000007654335]);
/// let (dp, dq, qinv) = ([0x68e8971769d750cd], [0x72750d8af91200bd], [0x588a8c35d37e9e25]);
/// let key = RsaPrivateKey::new(65537, &p, &q, &dp, &dq, &qinv).unwrap();
/// assert_eq!(format!("{key:?}"), "RsaPrivateKey(128 bits)"); // no secret printed
/// ```
impl core::fmt::Debug for RsaPrivateKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "RsaPrivateKey({} bits)", 128 * self.0.h)
    }
}
