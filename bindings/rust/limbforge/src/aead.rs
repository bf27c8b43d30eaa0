/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! ChaCha20-Poly1305 (RFC 8439) with the RustCrypto [`aead`] traits,
//! and Poly1305 with the [`universal_hash`] traits.
//!
//! Constant time in keys, nonces, messages and tags; the kernels are the
//! library's AVX2 / AVX-512 / IFMA / NEON ones where the CPU has them.
//!
//! ```
//! use limbforge::aead::ChaCha20Poly1305;
//! use limbforge::aead::aead::{AeadInOut, KeyInit};
//!
//! let cipher = ChaCha20Poly1305::new(&[7u8; 32].into());
//! let nonce = [1u8; 12].into();
//! let mut buf = *b"attack at dawn";
//! let tag = cipher.encrypt_inout_detached(&nonce, b"header", (&mut buf[..]).into()).unwrap();
//! assert_ne!(&buf, b"attack at dawn");
//! cipher.decrypt_inout_detached(&nonce, b"header", (&mut buf[..]).into(), &tag).unwrap();
//! assert_eq!(&buf, b"attack at dawn");
//! ```

use core::fmt;

use ::aead::array::Array;
use ::aead::consts::{U8, U12, U16, U32};
use ::aead::inout::InOutBuf;
use ::aead::{AeadCore, AeadInOut, Key, KeyInit, KeySizeUser, Nonce, Tag, TagPosition};
use ::universal_hash::common::{BlockSizeUser, ParBlocksSizeUser};
use ::universal_hash::{Block, ParBlocks, UhfBackend, UhfClosure, UniversalHash};
use limbforge_sys as sys;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// The `aead` crate, whose traits [`ChaCha20Poly1305`] implements.
///
/// # Examples
///
/// ```rust
/// use limbforge::aead::aead::{AeadInOut, Key, KeyInit};
/// use limbforge::aead::ChaCha20Poly1305;
/// // generic code over any AEAD of the RustCrypto traits
/// fn round_trip<A: AeadInOut + KeyInit>(key: &Key<A>) -> bool {
///     let cipher = A::new(key);
///     let nonce = Default::default();
///     let mut buf = *b"generic";
///     let tag = cipher.encrypt_inout_detached(&nonce, b"", (&mut buf[..]).into()).unwrap();
///     cipher.decrypt_inout_detached(&nonce, b"", (&mut buf[..]).into(), &tag).is_ok() && &buf == b"generic"
/// }
/// assert!(round_trip::<ChaCha20Poly1305>(&[5; 32].into()));
/// ```
pub use ::aead;
/// The `universal-hash` crate, whose traits [`Poly1305`] implements.
///
/// # Examples
///
/// ```rust
/// use limbforge::aead::universal_hash::{KeyInit, UniversalHash};
/// use limbforge::aead::Poly1305;
/// // verify: a constant-time comparison of the computed tag
/// let key = [8u8; 32];
/// let tag = Poly1305::mac(&key, &[0x61; 32]); // two whole blocks: no padding
/// let mut mac = Poly1305::new(&key.into());
/// mac.update_padded(&[0x61; 32]);
/// assert!(mac.verify(&tag.into()).is_ok());
/// ```
pub use ::universal_hash;

/// ChaCha20-Poly1305 with a 96-bit nonce and a 16-byte tag (RFC 8439).  The
/// key is wiped on drop.  A (key, nonce) pair must never encrypt two
/// different messages.
#[derive(Clone)]
/// # Examples
///
/// ```rust
/// use limbforge::aead::aead::{Aead, KeyInit, Payload};
/// use limbforge::aead::ChaCha20Poly1305;
/// // with the alloc feature: the Vec-returning Aead trait (ciphertext || tag)
/// let cipher = ChaCha20Poly1305::new(&[0x42; 32].into());
/// let nonce = [0u8; 12].into();
/// let sealed = cipher.encrypt(&nonce, Payload { msg: b"hello", aad: b"ad" }).unwrap();
/// assert_eq!(sealed.len(), 5 + 16);
/// assert_eq!(cipher.decrypt(&nonce, Payload { msg: &sealed, aad: b"ad" }).unwrap(), b"hello");
/// assert!(cipher.decrypt(&nonce, Payload { msg: &sealed, aad: b"other" }).is_err());
/// ```
pub struct ChaCha20Poly1305 {
    key: [u8; 32],
}

/// # Examples
///
/// ```rust
/// use limbforge::aead::ChaCha20Poly1305;
/// use limbforge::aead::aead::KeySizeUser;
/// assert_eq!(ChaCha20Poly1305::key_size(), 32); // RFC 8439: a 256-bit key
/// ```
impl KeySizeUser for ChaCha20Poly1305 {
    type KeySize = U32;
}

/// # Examples
///
/// ```rust
/// use limbforge::aead::aead::{AeadInOut, KeyInit};
/// use limbforge::aead::ChaCha20Poly1305;
/// // from a 32-byte array, or from a slice of checked length
/// let a = ChaCha20Poly1305::new(&[7; 32].into());
/// let b = ChaCha20Poly1305::new_from_slice(&[7; 32]).unwrap();
/// assert!(ChaCha20Poly1305::new_from_slice(&[7; 31]).is_err());
/// let (mut x, mut y) = (*b"same", *b"same");
/// let nonce = [0u8; 12].into();
/// let t1 = a.encrypt_inout_detached(&nonce, b"", (&mut x[..]).into()).unwrap();
/// let t2 = b.encrypt_inout_detached(&nonce, b"", (&mut y[..]).into()).unwrap();
/// assert_eq!((x, t1), (y, t2));
/// ```
impl KeyInit for ChaCha20Poly1305 {
    fn new(key: &Key<Self>) -> Self {
        let mut k = [0u8; 32];
        k.copy_from_slice(key);
        ChaCha20Poly1305 { key: k }
    }
}

/// # Examples
///
/// ```rust
/// use limbforge::aead::aead::{AeadCore, TagPosition};
/// use limbforge::aead::aead::array::typenum::Unsigned;
/// use limbforge::aead::ChaCha20Poly1305;
/// // RFC 8439: 96-bit nonce, 128-bit tag after the ciphertext
/// assert_eq!(<ChaCha20Poly1305 as AeadCore>::NonceSize::USIZE, 12);
/// assert_eq!(<ChaCha20Poly1305 as AeadCore>::TagSize::USIZE, 16);
/// assert!(matches!(ChaCha20Poly1305::TAG_POSITION, TagPosition::Postfix));
/// ```
impl AeadCore for ChaCha20Poly1305 {
    type NonceSize = U12;
    type TagSize = U16;
    const TAG_POSITION: TagPosition = TagPosition::Postfix;
}

/// # Examples
///
/// ```rust
/// use limbforge::aead::aead::{AeadInOut, KeyInit};
/// use limbforge::aead::ChaCha20Poly1305;
/// # fn hex<const N: usize>(s: &str) -> [u8; N] {
/// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
/// # }
/// // RFC 8439 section 2.8.2
/// let key: [u8; 32] = core::array::from_fn(|i| 0x80 + i as u8);
/// let cipher = ChaCha20Poly1305::new(&key.into());
/// let nonce = hex::<12>("070000004041424344454647").into();
/// let aad: [u8; 12] = hex("50515253c0c1c2c3c4c5c6c7");
/// let mut buf = *b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.";
/// let tag = cipher.encrypt_inout_detached(&nonce, &aad, (&mut buf[..]).into()).unwrap();
/// assert_eq!(buf, hex("d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6\
///                       3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36\
///                       92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc\
///                       3ff4def08e4b7a9de576d26586cec64b6116"));
/// assert_eq!(tag[..], hex::<16>("1ae10b594f09e26a7e902ecbd0600691"));
/// // a changed tag: an error, and the buffer holds no plaintext
/// let mut bad = tag;
/// bad[0] ^= 1;
/// let mut copy = buf;
/// assert!(cipher.decrypt_inout_detached(&nonce, &aad, (&mut copy[..]).into(), &bad).is_err());
/// assert_ne!(copy[..], PT_START[..]);
/// cipher.decrypt_inout_detached(&nonce, &aad, (&mut buf[..]).into(), &tag).unwrap();
/// assert_eq!(buf[..], PT_START[..]);
/// # const PT_START: [u8; 114] = *b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.";
/// ```
impl AeadInOut for ChaCha20Poly1305 {
    fn encrypt_inout_detached(
        &self,
        nonce: &Nonce<Self>,
        associated_data: &[u8],
        buffer: InOutBuf<'_, '_, u8>,
    ) -> ::aead::Result<Tag<Self>> {
        let len = buffer.len();
        // in == out (in place) or two separate buffers: what the C allows
        let (inp, out) = buffer.into_raw();
        let mut tag = Tag::<Self>::default();
        // SAFETY: inp and out hold len bytes (the same buffer or disjoint);
        // key 32 bytes, nonce 12, tag 16.
        let rc = unsafe {
            sys::lf_chacha20poly1305_seal(
                out,
                tag.as_mut_ptr(),
                inp,
                len,
                associated_data.as_ptr(),
                associated_data.len(),
                self.key.as_ptr(),
                nonce.as_ptr(),
            )
        };
        if rc == sys::LF_OK {
            Ok(tag)
        } else {
            Err(::aead::Error)
        }
    }

    fn decrypt_inout_detached(
        &self,
        nonce: &Nonce<Self>,
        associated_data: &[u8],
        buffer: InOutBuf<'_, '_, u8>,
        tag: &Tag<Self>,
    ) -> ::aead::Result<()> {
        let len = buffer.len();
        let (inp, out) = buffer.into_raw();
        // SAFETY: as seal.  On a wrong tag the C library writes zeros to the
        // output (no unauthenticated plaintext) and returns LF_ERR_AUTH.
        let rc = unsafe {
            sys::lf_chacha20poly1305_open(
                out,
                inp,
                len,
                tag.as_ptr(),
                associated_data.as_ptr(),
                associated_data.len(),
                self.key.as_ptr(),
                nonce.as_ptr(),
            )
        };
        if rc == sys::LF_OK {
            Ok(())
        } else {
            Err(::aead::Error)
        }
    }
}

/// Wipes the key (no example: memory after a drop cannot be read from
/// safe code; [`ZeroizeOnDrop`] marks the guarantee).
impl Drop for ChaCha20Poly1305 {
    fn drop(&mut self) {
        self.key.zeroize();
    }
}
/// # Examples
///
/// ```rust
/// use limbforge::aead::ChaCha20Poly1305;
/// use limbforge::aead::aead::KeyInit;
/// use limbforge::zeroize::ZeroizeOnDrop;
/// fn wiped_on_drop<T: ZeroizeOnDrop>(_: &T) {}
/// wiped_on_drop(&ChaCha20Poly1305::new(&[1; 32].into()));
/// ```
impl ZeroizeOnDrop for ChaCha20Poly1305 {}
/// # Examples
///
/// ```rust
/// use limbforge::aead::aead::KeyInit;
/// use limbforge::aead::ChaCha20Poly1305;
/// // the key is not printed
/// assert_eq!(format!("{:?}", ChaCha20Poly1305::new(&[9; 32].into())), "ChaCha20Poly1305 { .. }");
/// ```
impl fmt::Debug for ChaCha20Poly1305 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ChaCha20Poly1305 { .. }")
    }
}

/// Poly1305 (RFC 8439 section 2.5) as a universal hash: 16-byte blocks, a
/// 32-byte one-time key (r, s).  The state holds key material and is wiped
/// on drop.  A key must authenticate one message only.
///
/// # Examples
///
/// ```rust
/// use limbforge::aead::Poly1305;
/// use limbforge::aead::universal_hash::{KeyInit, UniversalHash};
///
/// let mut mac = Poly1305::new(&[3u8; 32].into());
/// mac.update_padded(b"a message of any length");
/// let tag = mac.finalize();
/// assert_eq!(tag, Poly1305::mac(&[3u8; 32], b"a message of any length\0\0\0\0\0\0\0\0\0"));
/// ```
#[derive(Clone)]
pub struct Poly1305 {
    st: sys::lf_poly1305_state,
}

impl Poly1305 {
    /// The tag of a whole message (any length, the last block not padded:
    /// RFC 8439's Poly1305 function) in one call.
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::aead::Poly1305;
    /// # fn hex<const N: usize>(s: &str) -> [u8; N] {
    /// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
    /// # }
    /// // RFC 8439 section 2.5.2
    /// let key = hex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
    /// assert_eq!(Poly1305::mac(&key, b"Cryptographic Forum Research Group"), hex("a8061dc1305136c6c22b8baf0c0127a9"));
    /// ```
    pub fn mac(key: &[u8; 32], msg: &[u8]) -> [u8; 16] {
        let mut tag = [0u8; 16];
        // SAFETY: buffers of the documented sizes.
        unsafe { sys::lf_poly1305(tag.as_mut_ptr(), msg.as_ptr(), msg.len(), key.as_ptr()) };
        tag
    }

    fn absorb(&mut self, bytes: &[u8]) {
        // SAFETY: a slice; the state was initialised by new().
        unsafe { sys::lf_poly1305_update(&mut self.st, bytes.as_ptr(), bytes.len()) };
    }
}

/// # Examples
///
/// ```rust
/// use limbforge::aead::Poly1305;
/// use limbforge::aead::universal_hash::common::KeySizeUser;
/// assert_eq!(Poly1305::key_size(), 32); // r and s, 16 bytes each
/// ```
impl KeySizeUser for Poly1305 {
    type KeySize = U32;
}

/// # Examples
///
/// ```rust
/// use limbforge::aead::universal_hash::{KeyInit, UniversalHash};
/// use limbforge::aead::Poly1305;
/// let mac = Poly1305::new_from_slice(&[1; 32]).unwrap();
/// assert!(Poly1305::new_from_slice(&[1; 16]).is_err());
/// // no block absorbed: the tag is s, the key's second half
/// assert_eq!(mac.finalize()[..], [1; 16]);
/// ```
impl KeyInit for Poly1305 {
    fn new(key: &Key<Self>) -> Self {
        // SAFETY: lf_poly1305_state is plain data; init overwrites it.
        let mut st: sys::lf_poly1305_state = unsafe { core::mem::zeroed() };
        // SAFETY: 32-byte key.
        unsafe { sys::lf_poly1305_init(&mut st, key.as_ptr()) };
        Poly1305 { st }
    }
}

/// # Examples
///
/// ```rust
/// use limbforge::aead::Poly1305;
/// use limbforge::aead::universal_hash::common::BlockSizeUser;
/// assert_eq!(Poly1305::block_size(), 16);
/// ```
impl BlockSizeUser for Poly1305 {
    type BlockSize = U16;
}

/// The backend handed to `universal-hash`'s closures: it feeds whole blocks
/// (8 at a time when it can, for the vector kernels) to the C state.
struct Backend<'a>(&'a mut Poly1305);

impl BlockSizeUser for Backend<'_> {
    type BlockSize = U16;
}
impl ParBlocksSizeUser for Backend<'_> {
    type ParBlocksSize = U8;
}
impl UhfBackend for Backend<'_> {
    fn proc_block(&mut self, block: &Block<Self>) {
        self.0.absorb(block);
    }
    fn proc_par_blocks(&mut self, blocks: &ParBlocks<Self>) {
        // the blocks are contiguous: one 128-byte update
        self.0.absorb(Array::slice_as_flattened(blocks.as_slice()));
    }
}

/// # Examples
///
/// ```rust
/// use limbforge::aead::universal_hash::{KeyInit, UniversalHash};
/// use limbforge::aead::Poly1305;
/// # fn hex<const N: usize>(s: &str) -> [u8; N] {
/// #     core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
/// # }
/// // the tag of RFC 8439 section 2.8.2 from its one-time key: AAD and
/// // ciphertext each padded to 16 bytes, then both lengths
/// let otk: [u8; 32] = hex("7bac2b252db447af09b67a55a4e955840ae1d6731075d9eb2a9375783ed553ff");
/// let aad: [u8; 12] = hex("50515253c0c1c2c3c4c5c6c7");
/// let ct: [u8; 114] = hex("d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6\
///                       3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36\
///                       92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc\
///                       3ff4def08e4b7a9de576d26586cec64b6116");
/// let mut mac = Poly1305::new(&otk.into());
/// mac.update_padded(&aad);
/// mac.update_padded(&ct);
/// let mut lens = [0u8; 16];
/// lens[..8].copy_from_slice(&12u64.to_le_bytes());
/// lens[8..].copy_from_slice(&114u64.to_le_bytes());
/// mac.update(&[lens.into()]);
/// assert_eq!(mac.finalize()[..], hex::<16>("1ae10b594f09e26a7e902ecbd0600691"));
/// ```
impl UniversalHash for Poly1305 {
    fn update_with_backend(&mut self, f: impl UhfClosure<BlockSize = Self::BlockSize>) {
        f.call(&mut Backend(self));
    }

    /// All blocks in one call of the C library (its vector kernels take
    /// long inputs many blocks at a time).
    fn update(&mut self, blocks: &[Block<Self>]) {
        self.absorb(Array::slice_as_flattened(blocks));
    }

    /// The whole blocks of `data` in one call, then the rest padded with
    /// zeros to a block.
    fn update_padded(&mut self, data: &[u8]) {
        let whole = data.len() & !15;
        self.absorb(&data[..whole]);
        if whole < data.len() {
            let mut last = [0u8; 16];
            last[..data.len() - whole].copy_from_slice(&data[whole..]);
            self.absorb(&last);
            last.zeroize();
        }
    }

    fn finalize(mut self) -> Block<Self> {
        let mut tag = Block::<Self>::default();
        // SAFETY: 16-byte tag; final wipes the state.
        unsafe { sys::lf_poly1305_final(&mut self.st, tag.as_mut_ptr()) };
        tag
    }
}

/// Wipes the key material and the state (no example: memory after a drop cannot be read from
/// safe code; [`ZeroizeOnDrop`] marks the guarantee).
impl Drop for Poly1305 {
    fn drop(&mut self) {
        let st = &mut self.st;
        st.h.zeroize();
        st.r.zeroize();
        st.s.zeroize();
        for p in st.pw.iter_mut() {
            p.zeroize();
        }
        st.buf.zeroize();
        st.buflen.zeroize();
        st.npw.zeroize();
    }
}
/// # Examples
///
/// ```rust
/// use limbforge::aead::Poly1305;
/// use limbforge::aead::universal_hash::KeyInit;
/// use limbforge::zeroize::ZeroizeOnDrop;
/// fn wiped_on_drop<T: ZeroizeOnDrop>(_: &T) {}
/// wiped_on_drop(&Poly1305::new(&[1; 32].into()));
/// ```
impl ZeroizeOnDrop for Poly1305 {}
/// # Examples
///
/// ```rust
/// use limbforge::aead::universal_hash::KeyInit;
/// use limbforge::aead::Poly1305;
/// // the key material is not printed
/// assert_eq!(format!("{:?}", Poly1305::new(&[9; 32].into())), "Poly1305 { .. }");
/// ```
impl fmt::Debug for Poly1305 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Poly1305 { .. }")
    }
}
