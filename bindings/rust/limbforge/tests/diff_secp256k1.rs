/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! Differential test against rust-bitcoin's `secp256k1` crate (libsecp256k1):
//! key validity, SEC1 and DER encodings, byte-identical RFC 6979 ECDSA and
//! BIP-340 signatures, cross verification, ECDH, parsing of random points;
//! batch verification against single verification.  Random inputs, on
//! every back end of the CPU.
#![cfg(feature = "secp256k1")]

mod common;
use common::{Rng, iters, on_every_backend};

use limbforge::Error;
use limbforge::secp256k1 as lf;
use secp256k1 as bc;

fn msg(m: &[u8; 32]) -> bc::Message {
    bc::Message::from_digest(*m)
}

#[test]
fn keys_ecdsa_ecdh_schnorr_match_libsecp256k1() {
    let mut rng = Rng::new(1);
    let n = iters(100, 20);
    let mut count = 0;
    on_every_backend(|backend| {
        for _ in 0..n {
            let skb = rng.edgy::<32>();
            let ours = lf::SecretKey::from_bytes(&skb);
            let theirs = bc::SecretKey::from_secret_bytes(skb);
            assert_eq!(
                ours.is_ok(),
                theirs.is_ok(),
                "{backend}: secret key validity {skb:02x?}"
            );
            let (Ok(sk), Ok(bsk)) = (ours, theirs) else {
                continue;
            };
            count += 1;
            let pk = sk.public_key();
            let bpk = bc::PublicKey::from_secret_key(&bsk);
            assert_eq!(pk.serialize(), bpk.serialize(), "{backend}");
            assert_eq!(pk.serialize_uncompressed(), bpk.serialize_uncompressed());

            // ECDSA: the same bytes, and each verifies the other's
            let m = rng.bytes::<32>();
            let sig = sk.sign_ecdsa(&m);
            let bsig = bc::ecdsa::sign(msg(&m), &bsk);
            assert_eq!(
                sig.to_compact(),
                bsig.serialize_compact(),
                "{backend}: ECDSA bytes"
            );
            assert_eq!(sig.to_der().as_ref(), &bsig.serialize_der()[..]);
            assert!(
                bc::ecdsa::verify(
                    &bsig,
                    msg(&sig.to_compact()[..32].try_into().unwrap()),
                    &bpk
                )
                .is_err()
            );
            assert!(
                pk.verify_ecdsa(
                    &m,
                    &lf::Signature::from_compact(&bsig.serialize_compact()).unwrap()
                )
                .is_ok()
            );
            let mut other = m;
            other[rng.below(32)] ^= 1 << rng.below(8);
            assert_eq!(pk.verify_ecdsa(&other, &sig), Err(Error::Verify));
            assert!(bc::ecdsa::verify(&bsig, msg(&other), &bpk).is_err());
            let extra = rng.bytes::<32>();
            let sig2 = sk.sign_ecdsa_with_extra(&m, &extra);
            let bsig2 = bc::ecdsa::sign_with_noncedata(msg(&m), &bsk, &extra);
            assert_eq!(
                sig2.to_compact(),
                bsig2.serialize_compact(),
                "{backend}: ECDSA with extra data"
            );
            let (rsig, id) = sk.sign_ecdsa_recoverable(&m);
            assert_eq!(rsig, sig);
            assert_eq!(rsig.recover(&m, id).unwrap(), pk);

            // ECDH with a second key
            let sk2b = rng.bytes::<32>();
            if let (Ok(sk2), Ok(bsk2)) = (
                lf::SecretKey::from_bytes(&sk2b),
                bc::SecretKey::from_secret_bytes(sk2b),
            ) {
                let shared = sk.ecdh(&sk2.public_key());
                let bshared =
                    bc::ecdh::SharedSecret::new(&bc::PublicKey::from_secret_key(&bsk2), &bsk);
                assert_eq!(
                    shared.as_bytes(),
                    &bshared.to_secret_bytes(),
                    "{backend}: ECDH"
                );
                assert_eq!(
                    sk.ecdh_x(&sk2.public_key()).as_bytes(),
                    sk2.ecdh_x(&pk).as_bytes()
                );
            }

            // BIP-340: the same bytes for the same (key, message, aux)
            let kp = lf::Keypair::from_secret_key(&sk);
            let bkp = bc::Keypair::from_secret_key(&bsk);
            let (x, parity) = kp.x_only_public_key();
            let (bx, bparity) = bkp.x_only_public_key();
            assert_eq!(x.serialize(), bx.to_byte_array());
            assert_eq!(parity == lf::Parity::Odd, bparity == bc::Parity::Odd);
            let sm_len = rng.below(100);
            let sm = rng.vec(sm_len);
            let aux = rng.bytes::<32>();
            let ssig = kp.sign_schnorr(&sm, Some(&aux));
            let bssig = bc::schnorr::sign_with_aux_rand(&sm, &bkp, &aux);
            assert_eq!(
                ssig.to_bytes(),
                bssig.to_byte_array(),
                "{backend}: BIP-340 bytes"
            );
            assert!(bc::schnorr::verify(&bssig, &sm, &bx).is_ok());
            assert!(x.verify_schnorr(&sm, &ssig).is_ok());
            let mut bad = ssig.to_bytes();
            bad[rng.below(64)] ^= 1 << rng.below(8);
            let bad_ours = x
                .verify_schnorr(&sm, &lf::SchnorrSignature::from_bytes(&bad))
                .is_ok();
            let bad_theirs =
                bc::schnorr::verify(&bc::schnorr::Signature::from_byte_array(bad), &sm, &bx)
                    .is_ok();
            assert!(!bad_ours && !bad_theirs);
            assert_eq!(
                kp.sign_schnorr(&sm, None).to_bytes(),
                bc::schnorr::sign_with_aux_rand(&sm, &bkp, &[0; 32]).to_byte_array()
            );
        }
    });
    assert!(count > n, "too few valid keys: {count}");
}

#[test]
fn parsing_random_points_matches_libsecp256k1() {
    let mut rng = Rng::new(2);
    let n = iters(300, 50);
    for i in 0..n {
        // compressed with a random x (about half are on the curve), and
        // uncompressed with a random y (almost never), or a bad prefix
        let mut b = rng.edgy::<65>();
        let len = if i % 3 == 0 { 65 } else { 33 };
        b[0] = match rng.below(10) {
            0 => rng.next_u64() as u8,
            _ if len == 33 => 2 + rng.below(2) as u8,
            _ => 4,
        };
        let ours = lf::PublicKey::from_sec1_bytes(&b[..len]);
        let theirs = bc::PublicKey::from_slice(&b[..len]);
        assert_eq!(ours.is_ok(), theirs.is_ok(), "{:02x?}", &b[..len]);
        if let (Ok(p), Ok(q)) = (ours, theirs) {
            assert_eq!(p.serialize_uncompressed(), q.serialize_uncompressed());
        }
        let x: [u8; 32] = b[1..33].try_into().unwrap();
        let ours = lf::XOnlyPublicKey::from_bytes(&x);
        let theirs = bc::XOnlyPublicKey::from_byte_array(x);
        assert_eq!(ours.is_ok(), theirs.is_ok());
        // DER round trip of any compact signature both accept
        let c = rng.bytes::<64>();
        if let (Ok(s), Ok(t)) = (
            lf::Signature::from_compact(&c),
            bc::ecdsa::Signature::from_compact(&c),
        ) {
            assert_eq!(s.to_der().as_ref(), &t.serialize_der()[..]);
            let (low, was_high) = s.normalize_s();
            let mut t2 = t;
            t2.normalize_s();
            assert_eq!(low.to_compact(), t2.serialize_compact());
            assert_eq!(was_high, low != s);
        }
    }
}

#[test]
fn batch_verification_agrees_with_single() {
    let mut rng = Rng::new(3);
    let kps: Vec<lf::Keypair> = (0..24)
        .map(|_| {
            loop {
                if let Ok(sk) = lf::SecretKey::from_bytes(&rng.bytes()) {
                    break lf::Keypair::from_secret_key(&sk);
                }
            }
        })
        .collect();
    let pks: Vec<lf::XOnlyPublicKey> = kps.iter().map(|k| k.x_only_public_key().0).collect();
    let msgs: Vec<Vec<u8>> = (0..24).map(|i| rng.vec(i * 3)).collect();
    let mut sigs: Vec<lf::SchnorrSignature> = kps
        .iter()
        .zip(&msgs)
        .map(|(k, m)| k.sign_schnorr(m, Some(&[7; 32])))
        .collect();
    let rounds = iters(4, 1);
    on_every_backend(|backend| {
        for _ in 0..rounds {
            let n = 1 + rng.below(24);
            fn items<'a>(
                n: usize,
                sigs: &'a [lf::SchnorrSignature],
                msgs: &'a [Vec<u8>],
                pks: &'a [lf::XOnlyPublicKey],
            ) -> Vec<lf::SchnorrItem<'a>> {
                (0..n)
                    .map(|i| lf::SchnorrItem {
                        sig: &sigs[i],
                        msg: &msgs[i],
                        pk: &pks[i],
                    })
                    .collect()
            }
            assert!(
                lf::verify_schnorr_batch(&items(n, &sigs, &msgs, &pks)).is_ok(),
                "{backend}: valid batch of {n}"
            );
            assert!(lf::verify_schnorr_batch(&[]).is_ok());
            // corrupt some: the batch fails, find_invalid names exactly those
            let saved = sigs.clone();
            let mut expect = vec![false; n];
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(n);
                let mut b = sigs[i].to_bytes();
                b[rng.below(64)] ^= 1 << rng.below(8);
                sigs[i] = lf::SchnorrSignature::from_bytes(&b);
                expect[i] = pks[i].verify_schnorr(&msgs[i], &sigs[i]).is_err();
            }
            let it = items(n, &sigs, &msgs, &pks);
            assert_eq!(
                lf::verify_schnorr_batch(&it).is_ok(),
                !expect.contains(&true),
                "{backend}"
            );
            assert_eq!(lf::find_invalid_schnorr(&it).unwrap(), expect, "{backend}");
            // the no-allocation variant, and a short scratch
            let mut scratch = vec![0u8; lf::schnorr_batch_scratch_size(n)];
            let mut c_items = vec![lf::empty_item(); n];
            let r = lf::verify_schnorr_batch_with_scratch(&it, &mut c_items, &mut scratch);
            assert_eq!(r.is_ok(), !expect.contains(&true));
            let short = scratch.len() - 1;
            assert_eq!(
                lf::verify_schnorr_batch_with_scratch(&it, &mut c_items, &mut scratch[..short]),
                Err(Error::Param)
            );
            sigs = saved;
        }
    });
}

/// MSM against scalar arithmetic: with P_i = s_i G, the sum of k_i P_i plus
/// g G is (g + sum k_i s_i) G, computed with the secp256k1_n field type.
#[cfg(feature = "field")]
#[test]
fn msm_matches_scalar_arithmetic() {
    use limbforge::field::Secp256k1N;
    let mut rng = Rng::new(4);
    let rounds = iters(6, 2);
    let scalar = |rng: &mut Rng| loop {
        if let Some(s) = Secp256k1N::from_bytes(&rng.bytes()).into_option() {
            break s;
        }
    };
    on_every_backend(|backend| {
        for _ in 0..rounds {
            // sizes on both sides of the Strauss / Pippenger switch
            let n = [0, 1, 2, 5, 40, 150][rng.below(6)];
            let s: Vec<Secp256k1N> = (0..n).map(|_| scalar(&mut rng)).collect();
            let k: Vec<Secp256k1N> = (0..n).map(|_| scalar(&mut rng)).collect();
            let points: Vec<lf::PublicKey> = s
                .iter()
                .map(|x| {
                    lf::SecretKey::from_bytes(&x.to_bytes())
                        .unwrap()
                        .public_key()
                })
                .collect();
            let ks: Vec<[u8; 32]> = k.iter().map(|x| x.to_bytes()).collect();
            let g = if rng.below(2) == 0 {
                Some(scalar(&mut rng))
            } else {
                None
            };
            let total =
                s.iter().zip(&k).map(|(a, b)| a * b).sum::<Secp256k1N>() + g.unwrap_or_default();
            let want = lf::SecretKey::from_bytes(&total.to_bytes())
                .ok()
                .map(|sk| sk.public_key());
            let got = lf::msm(&points, &ks, g.map(|x| x.to_bytes()).as_ref()).unwrap();
            assert_eq!(got, want, "{backend}: msm of {n} points");
        }
    });
    assert_eq!(lf::msm(&[], &[[1; 32]], None), Err(Error::Param));
}

#[test]
fn taproot_tweak_check_matches_libsecp256k1() {
    let mut rng = Rng::new(5);
    for _ in 0..iters(50, 10) {
        let Ok(sk) = lf::SecretKey::from_bytes(&rng.bytes()) else {
            continue;
        };
        let (internal, _) = sk.public_key().x_only_public_key();
        let tweak = rng.bytes::<32>();
        let ours = internal.tweak_add(&tweak);
        let bint = bc::XOnlyPublicKey::from_byte_array(internal.serialize()).unwrap();
        let theirs = bc::Scalar::from_be_bytes(tweak)
            .ok()
            .and_then(|t| bint.add_tweak(&t).ok());
        assert_eq!(ours.is_ok(), theirs.is_some());
        let (Ok(q), Some((bq, bparity))) = (ours, theirs) else {
            continue;
        };
        let (qx, parity) = q.x_only_public_key();
        assert_eq!(qx.serialize(), bq.to_byte_array());
        assert_eq!(parity == lf::Parity::Odd, bparity == bc::Parity::Odd);
        assert!(
            internal
                .tweak_add_check(&qx.serialize(), parity, &tweak)
                .is_ok()
        );
        let flipped = if parity == lf::Parity::Odd {
            lf::Parity::Even
        } else {
            lf::Parity::Odd
        };
        assert_eq!(
            internal.tweak_add_check(&qx.serialize(), flipped, &tweak),
            Err(Error::Verify)
        );
    }
}
