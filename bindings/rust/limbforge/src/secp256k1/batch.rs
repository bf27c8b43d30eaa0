/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! Batch verification of BIP-340 signatures and multi-scalar multiplication.

use super::*;

/// One BIP-340 signature to verify in a batch.
#[derive(Clone, Copy, Debug)]
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::{
///     Keypair, SchnorrItem, SecretKey, empty_item, schnorr_batch_scratch_size,
///     verify_schnorr_batch_with_scratch,
/// };
/// let kp = Keypair::from_secret_key(&SecretKey::from_bytes(&[1; 32]).unwrap());
/// let pk = kp.x_only_public_key().0;
/// let sig = kp.sign_schnorr(b"one", None);
/// let item = SchnorrItem { sig: &sig, msg: b"one", pk: &pk };
/// let mut scratch = vec![0u8; schnorr_batch_scratch_size(1)];
/// let mut c = [empty_item()];
/// assert!(verify_schnorr_batch_with_scratch(&[item], &mut c, &mut scratch).is_ok());
/// let wrong = SchnorrItem { msg: b"two", ..item };
/// assert!(verify_schnorr_batch_with_scratch(&[wrong], &mut c, &mut scratch).is_err());
/// ```
pub struct SchnorrItem<'a> {
    /// The signature.
    pub sig: &'a SchnorrSignature,
    /// The message (any length).
    pub msg: &'a [u8],
    /// The signer's key.
    pub pk: &'a XOnlyPublicKey,
}

fn items_to_c(items: &[SchnorrItem<'_>], out: &mut [sys::lf_secp256k1_schnorrsig_item]) {
    for (o, i) in out.iter_mut().zip(items) {
        *o = sys::lf_secp256k1_schnorrsig_item {
            sig64: i.sig.0.as_ptr(),
            msg: i.msg.as_ptr(),
            msglen: i.msg.len(),
            xpk: &i.pk.0,
        };
    }
}

/// Bytes of scratch [`verify_schnorr_batch_with_scratch`] needs for `n`
/// signatures (`usize::MAX` if that would overflow).
///
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::schnorr_batch_scratch_size;
/// // more signatures need more scratch; an absurd count reports overflow
/// assert!(schnorr_batch_scratch_size(64) > schnorr_batch_scratch_size(2));
/// assert_eq!(schnorr_batch_scratch_size(usize::MAX), usize::MAX);
/// ```
pub fn schnorr_batch_scratch_size(n: usize) -> usize {
    // SAFETY: a pure function.
    unsafe { sys::lf_secp256k1_schnorrsig_batch_scratch_size(n) }
}

/// Batch verification without allocating: `scratch` must hold
/// [`schnorr_batch_scratch_size`]`(items.len())` bytes and `c_items`
/// `items.len()` entries (any contents; they are overwritten).  `Ok` if every
/// signature is valid, [`Error::Verify`] otherwise (except with probability
/// below 2^-127 for an invalid batch), [`Error::Param`] for short buffers.
///
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::{
///     empty_item, schnorr_batch_scratch_size, verify_schnorr_batch_with_scratch, Keypair, SchnorrItem,
///     SecretKey,
/// };
/// let kp = Keypair::from_secret_key(&SecretKey::from_bytes(&[2; 32]).unwrap());
/// let pk = kp.x_only_public_key().0;
/// let (s1, s2) = (kp.sign_schnorr(b"a", None), kp.sign_schnorr(b"b", None));
/// let items = [SchnorrItem { sig: &s1, msg: b"a", pk: &pk }, SchnorrItem { sig: &s2, msg: b"b", pk: &pk }];
/// // caller-owned buffers (they could be on the stack or reused)
/// let mut scratch = vec![0u8; schnorr_batch_scratch_size(items.len())];
/// let mut c_items = [empty_item(); 2];
/// assert!(verify_schnorr_batch_with_scratch(&items, &mut c_items, &mut scratch).is_ok());
/// let swapped = [SchnorrItem { sig: &s2, ..items[0] }, SchnorrItem { sig: &s1, ..items[1] }];
/// assert!(verify_schnorr_batch_with_scratch(&swapped, &mut c_items, &mut scratch).is_err());
/// assert!(verify_schnorr_batch_with_scratch(&items, &mut c_items[..1], &mut scratch).is_err());
/// ```
pub fn verify_schnorr_batch_with_scratch(
    items: &[SchnorrItem<'_>],
    c_items: &mut [sys::lf_secp256k1_schnorrsig_item],
    scratch: &mut [u8],
) -> Result<(), Error> {
    if c_items.len() < items.len() {
        return Err(Error::Param);
    }
    items_to_c(items, c_items);
    // SAFETY: scratch and c_items are live buffers of the given lengths;
    // every item points into borrowed data.
    check(unsafe {
        sys::lf_secp256k1_schnorrsig_verify_batch(
            scratch.as_mut_ptr().cast(),
            scratch.len(),
            c_items.as_ptr(),
            items.len(),
        )
    })
}

/// Verify many BIP-340 signatures at once (one multi-scalar
/// multiplication): `Ok` if all are valid, [`Error::Verify`] if any is not
/// (except with probability below 2^-127).
///
/// ```
/// use limbforge::secp256k1::{verify_schnorr_batch, Keypair, SchnorrItem, SecretKey};
/// let kps: Vec<Keypair> =
///     (1..=3u8).map(|i| Keypair::from_secret_key(&SecretKey::from_bytes(&[i; 32]).unwrap())).collect();
/// let pks: Vec<_> = kps.iter().map(|k| k.x_only_public_key().0).collect();
/// let sigs: Vec<_> = kps.iter().map(|k| k.sign_schnorr(b"msg", None)).collect();
/// let items: Vec<SchnorrItem> =
///     (0..3).map(|i| SchnorrItem { sig: &sigs[i], msg: b"msg", pk: &pks[i] }).collect();
/// assert!(verify_schnorr_batch(&items).is_ok());
/// let bad = SchnorrItem { msg: b"other", ..items[1] };
/// assert!(verify_schnorr_batch(&[items[0], bad, items[2]]).is_err());
/// ```
#[cfg(feature = "alloc")]
pub fn verify_schnorr_batch(items: &[SchnorrItem<'_>]) -> Result<(), Error> {
    use alloc::vec;
    let size = schnorr_batch_scratch_size(items.len());
    if size == usize::MAX {
        return Err(Error::Param);
    }
    let mut scratch = vec![0u8; size];
    let mut c_items = vec![empty_item(); items.len()];
    verify_schnorr_batch_with_scratch(items, &mut c_items, &mut scratch)
}

/// Which signatures of a batch are invalid (bisection over batch
/// verification): `bad[i]` is true exactly for the invalid items (except
/// with probability below 2^-127 per sub-batch).
///
/// ```
/// use limbforge::secp256k1::{find_invalid_schnorr, Keypair, SchnorrItem, SecretKey};
/// let kp = Keypair::from_secret_key(&SecretKey::from_bytes(&[9; 32]).unwrap());
/// let pk = kp.x_only_public_key().0;
/// let sig = kp.sign_schnorr(b"a", None);
/// let items = [SchnorrItem { sig: &sig, msg: b"a", pk: &pk }, SchnorrItem { sig: &sig, msg: b"b", pk: &pk }];
/// assert_eq!(find_invalid_schnorr(&items).unwrap(), vec![false, true]);
/// ```
#[cfg(feature = "alloc")]
pub fn find_invalid_schnorr(items: &[SchnorrItem<'_>]) -> Result<alloc::vec::Vec<bool>, Error> {
    use alloc::vec;
    let size = schnorr_batch_scratch_size(items.len());
    if size == usize::MAX {
        return Err(Error::Param);
    }
    let mut scratch = vec![0u8; size];
    let mut c_items = vec![empty_item(); items.len()];
    items_to_c(items, &mut c_items);
    let mut bad = vec![0u8; items.len()];
    // SAFETY: buffers of the given lengths; items point into borrowed data.
    let rc = unsafe {
        sys::lf_secp256k1_schnorrsig_find_invalid(
            bad.as_mut_ptr(),
            scratch.as_mut_ptr().cast(),
            scratch.len(),
            c_items.as_ptr(),
            items.len(),
        )
    };
    check(rc)?;
    Ok(bad.into_iter().map(|b| b != 0).collect())
}

/// Multi-scalar multiplication, variable time (public inputs only):
/// g_scalar*G + sum of scalars\[i\]*points\[i\] (scalars 32 bytes big-endian,
/// taken mod n).  `Ok(None)` if the sum is the point at infinity.
/// [`Error::Param`] if the slices' lengths differ.  Strauss for few points,
/// Pippenger above.
///
/// ```
/// use limbforge::secp256k1::{msm, SecretKey};
/// let p = SecretKey::from_bytes(&[5; 32]).unwrap().public_key();
/// let k = [2u8; 32];
/// assert_eq!(msm(&[p], &[k], None).unwrap(), Some(p.tweak_mul(&k).unwrap()));
/// assert_eq!(msm(&[p, p.negate()], &[k, k], None).unwrap(), None);
/// ```
#[cfg(feature = "alloc")]
pub fn msm(
    points: &[PublicKey],
    scalars: &[[u8; 32]],
    g_scalar: Option<&[u8; 32]>,
) -> Result<Option<PublicKey>, Error> {
    use alloc::vec;
    if points.len() != scalars.len() {
        return Err(Error::Param);
    }
    // SAFETY: a pure function.
    let size = unsafe { sys::lf_secp256k1_msm_scratch_size(points.len()) };
    if size == usize::MAX {
        return Err(Error::Param);
    }
    let mut scratch = vec![0u8; size];
    let mut r = sys::lf_secp256k1_pubkey::default();
    let g = g_scalar.map_or(ptr::null(), |g| g.as_ptr());
    // SAFETY: PublicKey is a transparent wrapper of lf_secp256k1_pubkey, so
    // the slice is an array of points; scratch has the size asked for.
    let rc = unsafe {
        sys::lf_secp256k1_msm(
            &mut r,
            scratch.as_mut_ptr().cast(),
            scratch.len(),
            scalars.as_ptr(),
            points.as_ptr().cast(),
            points.len(),
            g,
        )
    };
    check(rc)?;
    // all zero: the point at infinity
    Ok(if r.d.iter().all(|&w| w == 0) {
        None
    } else {
        Some(PublicKey(r))
    })
}

/// An item that points nowhere (a placeholder for
/// [`verify_schnorr_batch_with_scratch`]'s `c_items`).
///
/// # Examples
///
/// ```rust
/// use limbforge::secp256k1::empty_item;
/// let it = empty_item();
/// assert!(it.sig64.is_null() && it.msg.is_null() && it.xpk.is_null());
/// assert_eq!(it.msglen, 0);
/// ```
pub fn empty_item() -> sys::lf_secp256k1_schnorrsig_item {
    sys::lf_secp256k1_schnorrsig_item {
        sig64: ptr::null(),
        msg: ptr::null(),
        msglen: 0,
        xpk: ptr::null(),
    }
}
