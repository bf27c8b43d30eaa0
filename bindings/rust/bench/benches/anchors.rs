/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! limbforge against the crates the Rust ecosystem uses for the same
//! operations, in one run: criterion group "<suite>/<op>", function
//! "limbforge" or the other crate's name.  Variable-time operations
//! (verification) take their inputs from a pool of 1024 distinct ones, so
//! the branch predictor cannot learn one input (DESIGN.md, benchmarks).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use limbforge::aead::aead::{AeadInOut, KeyInit};
use limbforge::aead::universal_hash::UniversalHash;
use limbforge::field::{Bls12381P, Bls12381R, Secp256k1P};
use limbforge::secp256k1 as lf;
use secp256k1 as bc;

const POOL: usize = 1024;

/// A deterministic byte stream (SplitMix64) for inputs.
struct Rng(u64);
impl Rng {
    fn bytes<const N: usize>(&mut self) -> [u8; N] {
        core::array::from_fn(|_| {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            (z ^ (z >> 31)) as u8
        })
    }
}

fn field(c: &mut Criterion) {
    type Fe = <k256::Secp256k1 as k256::elliptic_curve::hazmat::FieldArithmetic>::FieldElement;
    let mut rng = Rng(1);
    let mut b32 = rng.bytes::<32>();
    b32[0] = 0x1f;
    let mut b48 = rng.bytes::<48>();
    b48[0] = 0x0f;

    let a = Secp256k1P::from_bytes(&b32).unwrap();
    let ka = Fe::from_bytes(&b32.into()).unwrap();
    let mut g = c.benchmark_group("field/secp256k1_p mul");
    g.bench_function("limbforge", |b| b.iter(|| black_box(black_box(a) * black_box(a))));
    g.bench_function("k256", |b| b.iter(|| black_box(black_box(ka) * black_box(ka))));
    g.finish();
    let mut g = c.benchmark_group("field/secp256k1_p invert");
    g.bench_function("limbforge", |b| b.iter(|| black_box(black_box(a).invert())));
    g.bench_function("k256", |b| b.iter(|| black_box(black_box(ka).invert())));
    g.finish();

    let p = Bls12381P::from_bytes(&b48).unwrap();
    let bp = blstrs::Fp::from_bytes_be(&b48).unwrap();
    let mut g = c.benchmark_group("field/bls12_381_p mul");
    g.bench_function("limbforge", |b| b.iter(|| black_box(black_box(p) * black_box(p))));
    g.bench_function("blstrs", |b| b.iter(|| black_box(black_box(bp) * black_box(bp))));
    g.finish();
    let mut g = c.benchmark_group("field/bls12_381_p invert");
    g.bench_function("limbforge", |b| b.iter(|| black_box(black_box(p).invert())));
    g.bench_function("blstrs", |b| b.iter(|| black_box(ff13::Field::invert(&black_box(bp)))));
    g.finish();

    let r = Bls12381R::from_bytes(&b32).unwrap();
    let br = blstrs::Scalar::from_bytes_be(&b32).unwrap();
    let mut g = c.benchmark_group("field/bls12_381_r mul");
    g.bench_function("limbforge", |b| b.iter(|| black_box(black_box(r) * black_box(r))));
    g.bench_function("blstrs", |b| b.iter(|| black_box(black_box(br) * black_box(br))));
    g.finish();
}

fn secp256k1(c: &mut Criterion) {
    let mut rng = Rng(2);
    let sks: Vec<[u8; 32]> = (0..POOL).map(|_| rng.bytes()).collect();
    let msgs: Vec<[u8; 32]> = (0..POOL).map(|_| rng.bytes()).collect();
    let lsk: Vec<lf::SecretKey> = sks.iter().map(|k| lf::SecretKey::from_bytes(k).unwrap()).collect();
    let bsk: Vec<bc::SecretKey> = sks.iter().map(|k| bc::SecretKey::from_secret_bytes(*k).unwrap()).collect();
    let lpk: Vec<lf::PublicKey> = lsk.iter().map(|k| k.public_key()).collect();
    let bpk: Vec<bc::PublicKey> = bsk.iter().map(bc::PublicKey::from_secret_key).collect();
    let lsig: Vec<lf::Signature> = lsk.iter().zip(&msgs).map(|(k, m)| k.sign_ecdsa(m)).collect();
    let bsig: Vec<bc::ecdsa::Signature> =
        bsk.iter().zip(&msgs).map(|(k, m)| bc::ecdsa::sign(bc::Message::from_digest(*m), k)).collect();

    let mut g = c.benchmark_group("secp256k1/ecdsa_sign");
    g.bench_function("limbforge", |b| b.iter(|| black_box(lsk[0].sign_ecdsa(black_box(&msgs[0])))));
    g.bench_function("secp256k1", |b| {
        b.iter(|| black_box(bc::ecdsa::sign(bc::Message::from_digest(black_box(msgs[0])), &bsk[0])))
    });
    g.finish();
    let mut g = c.benchmark_group("secp256k1/ecdsa_verify");
    let mut i = 0;
    g.bench_function("limbforge", |b| {
        b.iter(|| {
            i = (i + 1) % POOL;
            black_box(lpk[i].verify_ecdsa(&msgs[i], &lsig[i]))
        })
    });
    g.bench_function("secp256k1", |b| {
        b.iter(|| {
            i = (i + 1) % POOL;
            black_box(bc::ecdsa::verify(&bsig[i], bc::Message::from_digest(msgs[i]), &bpk[i]))
        })
    });
    g.finish();
    let mut g = c.benchmark_group("secp256k1/ecdh");
    g.bench_function("limbforge", |b| b.iter(|| black_box(lsk[0].ecdh(black_box(&lpk[1])))));
    g.bench_function("secp256k1", |b| {
        b.iter(|| black_box(bc::ecdh::SharedSecret::new(black_box(&bpk[1]), &bsk[0])))
    });
    g.finish();

    // BIP-340
    let lkp: Vec<lf::Keypair> = lsk.iter().map(lf::Keypair::from_secret_key).collect();
    let bkp: Vec<bc::Keypair> = bsk.iter().map(bc::Keypair::from_secret_key).collect();
    let lx: Vec<lf::XOnlyPublicKey> = lkp.iter().map(|k| k.x_only_public_key().0).collect();
    let bx: Vec<bc::XOnlyPublicKey> = bkp.iter().map(|k| k.x_only_public_key().0).collect();
    let lss: Vec<lf::SchnorrSignature> =
        lkp.iter().zip(&msgs).map(|(k, m)| k.sign_schnorr(m, Some(&[0; 32]))).collect();
    let bss: Vec<bc::schnorr::Signature> =
        bkp.iter().zip(&msgs).map(|(k, m)| bc::schnorr::sign_with_aux_rand(m, k, &[0; 32])).collect();
    let mut g = c.benchmark_group("secp256k1/schnorr_sign");
    g.bench_function("limbforge", |b| b.iter(|| black_box(lkp[0].sign_schnorr(black_box(&msgs[0]), Some(&[0; 32])))));
    g.bench_function("secp256k1", |b| {
        b.iter(|| black_box(bc::schnorr::sign_with_aux_rand(black_box(&msgs[0]), &bkp[0], &[0; 32])))
    });
    g.finish();
    let mut g = c.benchmark_group("secp256k1/schnorr_verify");
    g.bench_function("limbforge", |b| {
        b.iter(|| {
            i = (i + 1) % POOL;
            black_box(lx[i].verify_schnorr(&msgs[i], &lss[i]))
        })
    });
    g.bench_function("secp256k1", |b| {
        b.iter(|| {
            i = (i + 1) % POOL;
            black_box(bc::schnorr::verify(&bss[i], &msgs[i], &bx[i]))
        })
    });
    g.finish();
    // 64 signatures: one batch verification against 64 single ones
    // (libsecp256k1 has no batch verification)
    let n = 64;
    let mut g = c.benchmark_group("secp256k1/schnorr_verify x64");
    g.throughput(Throughput::Elements(n as u64));
    let mut base = 0;
    g.bench_function("limbforge batch", |b| {
        b.iter(|| {
            base = (base + n) % (POOL - n);
            let items: Vec<lf::SchnorrItem> = (base..base + n)
                .map(|j| lf::SchnorrItem { sig: &lss[j], msg: &msgs[j], pk: &lx[j] })
                .collect();
            black_box(lf::verify_schnorr_batch(&items))
        })
    });
    g.bench_function("secp256k1", |b| {
        b.iter(|| {
            base = (base + n) % (POOL - n);
            (base..base + n).all(|j| bc::schnorr::verify(&bss[j], &msgs[j], &bx[j]).is_ok())
        })
    });
    g.finish();
}

fn aead(c: &mut Criterion) {
    let key = [7u8; 32];
    let nonce = [1u8; 12].into();
    let ours = limbforge::aead::ChaCha20Poly1305::new(&key.into());
    let theirs = chacha20poly1305::ChaCha20Poly1305::new(&key.into());
    for len in [64usize, 1024, 16384] {
        let mut buf = vec![0u8; len];
        let mut g = c.benchmark_group(format!("aead/chacha20poly1305 seal {len}"));
        g.throughput(Throughput::Bytes(len as u64));
        g.bench_function("limbforge", |b| {
            b.iter(|| black_box(ours.encrypt_inout_detached(&nonce, b"", buf.as_mut_slice().into())))
        });
        g.bench_function("chacha20poly1305", |b| {
            b.iter(|| black_box(theirs.encrypt_inout_detached(&nonce, b"", buf.as_mut_slice().into())))
        });
        g.finish();
        let mut g = c.benchmark_group(format!("aead/poly1305 {len}"));
        g.throughput(Throughput::Bytes(len as u64));
        g.bench_function("limbforge", |b| {
            b.iter(|| {
                let mut m = <limbforge::aead::Poly1305 as KeyInit>::new(&key.into());
                m.update_padded(black_box(&buf));
                black_box(m.finalize())
            })
        });
        g.bench_function("poly1305", |b| {
            b.iter(|| {
                let mut m = poly1305::Poly1305::new(&key.into());
                m.update_padded(black_box(&buf));
                black_box(m.finalize())
            })
        });
        g.finish();
    }
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_millis(1500))
}

criterion_group! { name = benches; config = config(); targets = field, secp256k1, aead }
criterion_main!(benches);
