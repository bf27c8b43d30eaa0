/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! Hashes: published answers (FIPS 180-4 / FIPS 202 examples, RFC 4231,
//! the one-million-'a' messages; values checked with Python's hashlib), and
//! the streaming types against the one-shot functions on random chunkings,
//! on every back end.
#![cfg(feature = "hash")]

mod common;
use common::{Rng, iters, on_every_backend};

use limbforge::hash::*;

fn unhex<const N: usize>(s: &str) -> [u8; N] {
    core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
}

#[test]
fn known_answers() {
    let million = vec![b'a'; 1_000_000];
    let bytes768: Vec<u8> = (0..768).map(|i| i as u8).collect();
    on_every_backend(|backend| {
        assert_eq!(
            sha256(b"abc"),
            unhex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            "{backend}"
        );
        assert_eq!(
            sha256(b""),
            unhex("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        );
        assert_eq!(
            sha256(&million),
            unhex("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        );
        assert_eq!(
            hmac_sha256(b"Jefe", b"what do ya want for nothing?"),
            unhex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        );
        assert_eq!(
            sha3_256(b"abc"),
            unhex("3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532")
        );
        assert_eq!(
            sha3_256(&million),
            unhex("5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1")
        );
        assert_eq!(
            sha3_512(b"abc"),
            unhex::<64>(concat!(
                "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e",
                "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"
            ))
        );
        assert_eq!(
            sha3_512(&bytes768),
            unhex::<64>(concat!(
                "ad3a11a3430f0fac234a6c15bff0cb609b3d6fde0eac5873893e2775d15cf47d",
                "6791b4db907361c53719da248a7662f759b3f6c7ffb4fe69492a9449728cdad7"
            ))
        );
        let mut out = [0u8; 32];
        shake128(b"", &mut out);
        assert_eq!(
            out,
            unhex("7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26")
        );
        shake256(b"", &mut out);
        assert_eq!(
            out,
            unhex("46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f")
        );
        let mut long = [0u8; 200];
        shake256(&million, &mut long);
        assert_eq!(
            long[168..],
            unhex::<32>("b1f0c2a6fcbe7c0a0a091d0ee700d7322e4b0ff09590de166422f9ead5da4c99")
        );
    });
}

#[test]
fn streaming_matches_one_shot() {
    let mut rng = Rng::new(30);
    let n = iters(30, 5);
    on_every_backend(|backend| {
        for _ in 0..n {
            let len = rng.below(1000);
            let msg = rng.vec(len);
            let key_len = rng.below(150);
            let key = rng.vec(key_len);
            let (mut a, mut b, mut c, mut d) = (
                Sha256::new(),
                HmacSha256::new(&key),
                Sha3_256::new(),
                Sha3_512::new(),
            );
            let (mut e, mut f) = (Shake128::new(), Shake256::new());
            let mut rest = &msg[..];
            while !rest.is_empty() {
                let take = rng.below(rest.len() + 1).max(1);
                let (now, later) = rest.split_at(take);
                a.update(now);
                b.update(now);
                c.update(now);
                d.update(now);
                e.update(now);
                f.update(now);
                rest = later;
            }
            assert_eq!(
                a.finalize(),
                sha256(&msg),
                "{backend}: SHA-256, {len} bytes"
            );
            assert_eq!(b.finalize(), hmac_sha256(&key, &msg), "{backend}: HMAC");
            assert_eq!(c.finalize(), sha3_256(&msg), "{backend}: SHA3-256");
            assert_eq!(d.finalize(), sha3_512(&msg), "{backend}: SHA3-512");
            let out_len = rng.below(600);
            let (mut whole, mut parts) = (vec![0u8; out_len], vec![0u8; out_len]);
            shake128(&msg, &mut whole);
            let mut r = e.finalize_xof();
            let cut = rng.below(out_len + 1);
            r.read(&mut parts[..cut]);
            r.read(&mut parts[cut..]);
            assert_eq!(parts, whole, "{backend}: SHAKE128 squeezed in two reads");
            shake256(&msg, &mut whole);
            f.finalize_xof().read(&mut parts);
            assert_eq!(parts, whole, "{backend}: SHAKE256");
        }
    });
}
