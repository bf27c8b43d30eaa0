/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! ChaCha20-Poly1305 against the `chacha20poly1305` crate and Poly1305
//! against the `poly1305` crate (RustCrypto) on random keys, nonces,
//! associated data and messages of every length class (empty, short, around
//! the vector kernels' block multiples, several KiB), on every back end;
//! the RFC 8439 test vector; tampering.
#![cfg(feature = "aead")]

mod common;
use common::{Rng, iters, on_every_backend};

use limbforge::aead::aead::inout::InOutBuf;
use limbforge::aead::aead::{AeadInOut, KeyInit};
use limbforge::aead::universal_hash::{self, UniversalHash};
use limbforge::aead::{ChaCha20Poly1305, Poly1305};

fn random_len(rng: &mut Rng) -> usize {
    match rng.below(6) {
        0 => rng.below(17),
        1 => 64 * (1 + rng.below(20)) + rng.below(3), // around block multiples
        2 => 256 * (1 + rng.below(8)) - 1,
        3 => 1000 + rng.below(9000),
        _ => rng.below(300),
    }
}

#[test]
fn chacha20poly1305_matches_rustcrypto() {
    let mut rng = Rng::new(10);
    let n = iters(60, 10);
    on_every_backend(|backend| {
        for _ in 0..n {
            let key = rng.bytes::<32>();
            let nonce = rng.bytes::<12>().into();
            let ad_len = rng.below(80);
            let ad = rng.vec(ad_len);
            let pt_len = random_len(&mut rng);
            let pt = rng.vec(pt_len);
            let ours = ChaCha20Poly1305::new(&key.into());
            let theirs = chacha20poly1305::ChaCha20Poly1305::new(&key.into());
            let mut a = pt.clone();
            let mut b = pt.clone();
            let ta = ours
                .encrypt_inout_detached(&nonce, &ad, (&mut a[..]).into())
                .unwrap();
            let tb = theirs
                .encrypt_inout_detached(&nonce, &ad, (&mut b[..]).into())
                .unwrap();
            assert_eq!(a, b, "{backend}: ciphertext, {} bytes", pt.len());
            assert_eq!(ta[..], tb[..], "{backend}: tag, {} bytes", pt.len());
            // separate input and output buffers
            let mut out = vec![0u8; pt.len()];
            let tc = ours
                .encrypt_inout_detached(&nonce, &ad, InOutBuf::new(&pt, &mut out).unwrap())
                .unwrap();
            assert_eq!((out.as_slice(), &tc[..]), (a.as_slice(), &ta[..]));
            // ours opens theirs
            ours.decrypt_inout_detached(&nonce, &ad, (&mut b[..]).into(), &tb)
                .unwrap();
            assert_eq!(b, pt);
            // tampering with the tag, the ciphertext or the ad fails
            let mut t = ta;
            t[rng.below(16)] ^= 1 << rng.below(8);
            let mut c = a.clone();
            assert!(
                ours.decrypt_inout_detached(&nonce, &ad, (&mut c[..]).into(), &t)
                    .is_err()
            );
            assert!(
                c.iter().all(|&x| x == 0),
                "no unauthenticated plaintext is released"
            );
            if !a.is_empty() {
                let mut c = a.clone();
                let i = rng.below(c.len());
                c[i] ^= 1;
                assert!(
                    ours.decrypt_inout_detached(&nonce, &ad, (&mut c[..]).into(), &ta)
                        .is_err()
                );
            }
            let mut ad2 = ad.clone();
            ad2.push(0);
            let mut c = a.clone();
            assert!(
                ours.decrypt_inout_detached(&nonce, &ad2, (&mut c[..]).into(), &ta)
                    .is_err()
            );
        }
    });
}

#[test]
fn rfc8439_section_2_8_2() {
    let key: [u8; 32] = core::array::from_fn(|i| 0x80 + i as u8);
    let nonce = [
        0x07, 0, 0, 0, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47,
    ];
    let ad = [
        0x50, 0x51, 0x52, 0x53, 0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7,
    ];
    let mut buf = b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.".to_vec();
    let tag = ChaCha20Poly1305::new(&key.into())
        .encrypt_inout_detached(&nonce.into(), &ad, (&mut buf[..]).into())
        .unwrap();
    assert_eq!(&buf[..8], &[0xd3, 0x1a, 0x8d, 0x34, 0x64, 0x8e, 0x60, 0xdb]);
    assert_eq!(
        tag[..],
        [
            0x1a, 0xe1, 0x0b, 0x59, 0x4f, 0x09, 0xe2, 0x6a, 0x7e, 0x90, 0x2e, 0xcb, 0xd0, 0x60,
            0x06, 0x91
        ]
    );
}

#[test]
fn poly1305_matches_rustcrypto() {
    let mut rng = Rng::new(11);
    let n = iters(60, 10);
    on_every_backend(|backend| {
        for _ in 0..n {
            let key = rng.bytes::<32>();
            let len = random_len(&mut rng);
            let msg = rng.vec(len);
            // whole message, last block unpadded (RFC 8439's function)
            let theirs = poly1305::Poly1305::new(&key.into()).compute_unpadded(&msg);
            assert_eq!(
                Poly1305::mac(&key, &msg)[..],
                theirs[..],
                "{backend}: {} bytes",
                msg.len()
            );
            // the universal-hash interface, in random chunks of whole blocks
            let mut ours = <Poly1305 as KeyInit>::new(&key.into());
            let mut theirs = poly1305::Poly1305::new(&key.into());
            let mut rest = &msg[..];
            while !rest.is_empty() {
                let take = (16 * rng.below(20)).min(rest.len());
                let (now, later) = rest.split_at(if take == 0 { rest.len() } else { take });
                ours.update_padded(now);
                theirs.update_padded(now);
                rest = later;
            }
            let (a, b) = (ours.finalize(), theirs.finalize());
            assert_eq!(
                a[..],
                b[..],
                "{backend}: update_padded, {} bytes",
                msg.len()
            );
            // whole blocks through update (the message cut to a block multiple)
            let blocks: Vec<universal_hash::Block<Poly1305>> = msg
                .chunks_exact(16)
                .map(|c| c.try_into().unwrap())
                .collect();
            let mut ours = <Poly1305 as KeyInit>::new(&key.into());
            let mut theirs = poly1305::Poly1305::new(&key.into());
            ours.update(&blocks);
            theirs.update_padded(&msg[..blocks.len() * 16]);
            assert_eq!(
                ours.finalize()[..],
                theirs.finalize()[..],
                "{backend}: update"
            );
        }
    });
}
