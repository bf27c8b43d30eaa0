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
use ::aead::consts::{U12, U16, U32, U8};
use ::aead::inout::InOutBuf;
use ::aead::{AeadCore, AeadInOut, Key, KeyInit, KeySizeUser, Nonce, Tag, TagPosition};
use ::universal_hash::common::{BlockSizeUser, ParBlocksSizeUser};
use ::universal_hash::{Block, ParBlocks, UhfBackend, UhfClosure, UniversalHash};
use limbforge_sys as sys;
use zeroize::{Zeroize, ZeroizeOnDrop};

pub use ::aead;
pub use ::universal_hash;

/// ChaCha20-Poly1305 with a 96-bit nonce and a 16-byte tag (RFC 8439).  The
/// key is wiped on drop.  A (key, nonce) pair must never encrypt two
/// different messages.
#[derive(Clone)]
pub struct ChaCha20Poly1305 {
    key: [u8; 32],
}

impl KeySizeUser for ChaCha20Poly1305 {
    type KeySize = U32;
}

impl KeyInit for ChaCha20Poly1305 {
    fn new(key: &Key<Self>) -> Self {
        let mut k = [0u8; 32];
        k.copy_from_slice(key);
        ChaCha20Poly1305 { key: k }
    }
}

impl AeadCore for ChaCha20Poly1305 {
    type NonceSize = U12;
    type TagSize = U16;
    const TAG_POSITION: TagPosition = TagPosition::Postfix;
}

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

impl Drop for ChaCha20Poly1305 {
    fn drop(&mut self) {
        self.key.zeroize();
    }
}
impl ZeroizeOnDrop for ChaCha20Poly1305 {}
impl fmt::Debug for ChaCha20Poly1305 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ChaCha20Poly1305 { .. }")
    }
}

/// Poly1305 (RFC 8439 section 2.5) as a universal hash: 16-byte blocks, a
/// 32-byte one-time key (r, s).  The state holds key material and is wiped
/// on drop.  A key must authenticate one message only.
///
/// ```
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

impl KeySizeUser for Poly1305 {
    type KeySize = U32;
}

impl KeyInit for Poly1305 {
    fn new(key: &Key<Self>) -> Self {
        // SAFETY: lf_poly1305_state is plain data; init overwrites it.
        let mut st: sys::lf_poly1305_state = unsafe { core::mem::zeroed() };
        // SAFETY: 32-byte key.
        unsafe { sys::lf_poly1305_init(&mut st, key.as_ptr()) };
        Poly1305 { st }
    }
}

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
impl ZeroizeOnDrop for Poly1305 {}
impl fmt::Debug for Poly1305 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Poly1305 { .. }")
    }
}
