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

use crate::{check, Error};

/// Limbs of the largest number (8192 bits).
pub const MAX_LIMBS: usize = sys::LF_MP_MAX_LIMBS;

/// r = the big-endian integer `bytes` in `r.len()` limbs; [`Error::Range`]
/// if it does not fit (r zeroed), [`Error::Param`] for a length outside
/// 1..=128 limbs.
pub fn from_be_bytes(r: &mut [u64], bytes: &[u8]) -> Result<(), Error> {
    // SAFETY: slices with their lengths.
    check(unsafe { sys::lf_mp_from_bytes(r.as_mut_ptr(), r.len(), bytes.as_ptr(), bytes.len()) })
}

/// out = a big-endian, left-padded with zeros; [`Error::Range`] if a does
/// not fit in out.len() bytes (out zeroed).
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
pub struct Modulus(sys::lf_mp_mont_ctx);

impl Modulus {
    /// Prepare m (1..=128 limbs, leading zero limbs allowed).
    /// [`Error::Param`] for an even m, m = 1 or a bad length.  Constant time.
    pub fn new(m: &[u64]) -> Result<Modulus, Error> {
        // SAFETY: plain data; init overwrites it.
        let mut ctx: sys::lf_mp_mont_ctx = unsafe { core::mem::zeroed() };
        // SAFETY: m has m.len() limbs.
        check(unsafe { sys::lf_mp_mont_init(&mut ctx, m.as_ptr(), m.len()) })?;
        Ok(Modulus(ctx))
    }

    /// Limbs of the modulus (and of every number taken mod it).
    pub fn limbs(&self) -> usize {
        self.0.n
    }

    /// r = base^exp mod m.  `r` and `base` have [`limbs`](Self::limbs)
    /// limbs, base < m ([`Error::Range`] otherwise); `exp` 1..=128 limbs.
    /// Fixed windows, every table read a masked scan: constant time in base
    /// and exp (the exponent's length is public).  exp = 0 gives 1 mod m.
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

impl Drop for Modulus {
    fn drop(&mut self) {
        wipe(&mut self.0);
    }
}
impl ZeroizeOnDrop for Modulus {}
impl core::fmt::Debug for Modulus {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Modulus({} limbs)", self.0.n)
    }
}

/// An RSA private key for the CRT operation: primes p, q (h limbs each,
/// 1 <= h <= 64), public exponent e, dp = d mod (p-1), dq = d mod (q-1),
/// qinv = q^-1 mod p.  Validated when loaded; wiped on drop.
#[cfg(feature = "alloc")]
pub struct RsaPrivateKey(alloc::boxed::Box<sys::lf_mp_rsa_key>);

#[cfg(feature = "alloc")]
impl RsaPrivateKey {
    /// Load and check a key (all slices h limbs).  [`Error::Param`] for bad
    /// lengths, an even or small e, an even p or q; [`Error::Range`] if dp,
    /// dq or qinv is out of range; [`Error::Invalid`] for an inconsistent
    /// key (qinv * q != 1 mod p, e * dp != 1 mod p-1, ...).  Constant time
    /// in the secret values (only the verdict is revealed).
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
    pub fn modulus_limbs(&self) -> usize {
        2 * self.0.h
    }

    /// N = p q, 2h limbs.
    pub fn modulus(&self) -> &[u64] {
        &self.0.n.m[..2 * self.0.h]
    }

    /// The public exponent e.
    pub fn public_exponent(&self) -> u64 {
        self.0.e
    }

    /// r = c^d mod N by the CRT, the result checked with the public exponent
    /// (r^e = c mod N) before it is returned.  `r` and `c` have 2h limbs.
    /// [`Error::Range`] if c >= N; [`Error::Fault`] if the check fails (a
    /// computing fault, or a p or q that is not prime).
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
impl Drop for RsaPrivateKey {
    fn drop(&mut self) {
        wipe(&mut *self.0);
    }
}
#[cfg(feature = "alloc")]
impl ZeroizeOnDrop for RsaPrivateKey {}
#[cfg(feature = "alloc")]
impl core::fmt::Debug for RsaPrivateKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "RsaPrivateKey({} bits)", 128 * self.0.h)
    }
}
