/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! Field arithmetic: differential tests against k256 (secp256k1 base field
//! and scalars) and blstrs (BLS12-381 base field and scalars) on random
//! edge-biased inputs, on every back end; and algebraic identities on every
//! built-in field (the slice API against the one-element functions,
//! inversion, square roots, encoding round trips, subtle's traits).
#![cfg(feature = "field")]

mod common;
use common::{Rng, iters, on_every_backend};

use limbforge::field::*;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// A random element: edge-biased bytes, 0, 1, -1, -2, or from_u64.
macro_rules! random_elem {
    ($f:ty, $rng:expr) => {{
        let rng: &mut Rng = $rng;
        match rng.below(10) {
            0 => <$f>::zero(),
            1 => <$f>::one(),
            2 => -<$f>::one(),
            3 => -(<$f>::one() + <$f>::one()),
            4 => <$f>::from_u64(rng.next_u64()),
            _ => loop {
                let mut b = rng.edgy();
                if rng.below(2) == 0 {
                    b[0] &= 0x1f; // mostly below p for the 381- and 255-bit primes
                }
                let x = <$f>::from_bytes(&b);
                if bool::from(x.is_some()) {
                    break x.unwrap();
                }
            },
        }
    }};
}

/// One field against a reference type: encodings, + - * neg square,
/// inversion, square roots; `$from`/`$to` convert through big-endian bytes.
macro_rules! differential {
    ($name:ident, $f:ty, $n:literal, $from:expr, $to:expr, $inv:expr, $sqrt:expr) => {
        #[test]
        fn $name() {
            let mut rng = Rng::new(stringify!($name).len() as u64);
            let count = iters(150, 25);
            on_every_backend(|backend| {
                for _ in 0..count {
                    // parsing: the same verdict on any bytes
                    let b: [u8; $n] = rng.edgy();
                    let ours = <$f>::from_bytes(&b);
                    let theirs = $from(&b);
                    assert_eq!(
                        bool::from(ours.is_some()),
                        theirs.is_some(),
                        "{backend}: from_bytes {b:02x?}"
                    );
                    let a = random_elem!($f, &mut rng);
                    let c = random_elem!($f, &mut rng);
                    let (ra, rc) = ($from(&a.to_bytes()).unwrap(), $from(&c.to_bytes()).unwrap());
                    assert_eq!((a + c).to_bytes(), $to(ra + rc), "{backend}: add");
                    assert_eq!((a - c).to_bytes(), $to(ra - rc), "{backend}: sub");
                    assert_eq!((a * c).to_bytes(), $to(ra * rc), "{backend}: mul");
                    assert_eq!((-a).to_bytes(), $to(-ra), "{backend}: neg");
                    assert_eq!(a.square().to_bytes(), $to(ra * ra), "{backend}: square");
                    let inv: Option<_> = $inv(ra);
                    assert_eq!(
                        a.invert().map(|x| x.to_bytes()).into_option(),
                        inv.map($to),
                        "{backend}: invert"
                    );
                    if let Some(x) = a.invert_vartime() {
                        assert_eq!(x, a.invert().unwrap());
                    }
                    let root: Option<_> = $sqrt(ra);
                    let ours = a.sqrt().into_option();
                    assert_eq!(ours.is_some(), root.is_some(), "{backend}: is square");
                    if let Some(r) = ours {
                        assert_eq!(r.square(), a);
                    }
                }
            });
        }
    };
}

type K256Fe = <k256::Secp256k1 as k256::elliptic_curve::hazmat::FieldArithmetic>::FieldElement;

differential!(
    secp256k1_p_vs_k256,
    Secp256k1P,
    32,
    |b: &[u8; 32]| K256Fe::from_bytes(&(*b).into()).into_option(),
    |x: K256Fe| <[u8; 32]>::from(x.to_bytes()),
    |x: K256Fe| x.invert().into_option(),
    |x: K256Fe| x.sqrt().into_option()
);

differential!(
    secp256k1_n_vs_k256,
    Secp256k1N,
    32,
    |b: &[u8; 32]| <k256::Scalar as ff14::PrimeField>::from_repr((*b).into()).into_option(),
    |x: k256::Scalar| <[u8; 32]>::from(x.to_bytes()),
    |x: k256::Scalar| x.invert().into_option(),
    |x: k256::Scalar| ff14::Field::sqrt(&x).into_option()
);

differential!(
    bls12_381_p_vs_blstrs,
    Bls12381P,
    48,
    |b: &[u8; 48]| blstrs::Fp::from_bytes_be(b).into_option(),
    |x: blstrs::Fp| x.to_bytes_be(),
    |x: blstrs::Fp| ff13::Field::invert(&x).into_option(),
    |x: blstrs::Fp| ff13::Field::sqrt(&x).into_option()
);

differential!(
    bls12_381_r_vs_blstrs,
    Bls12381R,
    32,
    |b: &[u8; 32]| blstrs::Scalar::from_bytes_be(b).into_option(),
    |x: blstrs::Scalar| x.to_bytes_be(),
    |x: blstrs::Scalar| ff13::Field::invert(&x).into_option(),
    |x: blstrs::Scalar| ff13::Field::sqrt(&x).into_option()
);

/// Identities every field must satisfy, and the slice API against the
/// one-element functions.
macro_rules! identities {
    ($name:ident, $f:ty) => {
        #[test]
        fn $name() {
            let mut rng = Rng::new(100 + stringify!($name).len() as u64);
            let count = iters(40, 8);
            on_every_backend(|backend| {
                for _ in 0..count {
                    let a = random_elem!($f, &mut rng);
                    let b = random_elem!($f, &mut rng);
                    let c = random_elem!($f, &mut rng);
                    assert_eq!((a + b) * c, a * c + b * c, "{backend}: distributive");
                    assert_eq!(a - b + b, a);
                    assert_eq!(a.double(), a + a);
                    let mut d = a;
                    d += b;
                    d -= c;
                    d *= a;
                    assert_eq!(d, (a + b - c) * a);
                    assert_eq!(<$f>::from_bytes(&a.to_bytes()).unwrap(), a);
                    assert_eq!(<$f>::from_limbs(&a.to_limbs()).unwrap(), a);
                    match a.invert().into_option() {
                        Some(i) => assert_eq!(a * i, <$f>::one(), "{backend}: inverse"),
                        None => assert!(bool::from(a.is_zero())),
                    }
                    let sq = a.square();
                    let r = sq.sqrt().unwrap();
                    assert!(r == a || r == -a, "{backend}: sqrt of a square");
                    assert_eq!(a.pow_vartime(&[3]), a * a * a);
                    assert_eq!(a.pow_vartime(&[]), <$f>::one());
                    // subtle
                    assert!(bool::from(a.ct_eq(&a)));
                    assert_eq!(<$f>::conditional_select(&a, &b, Choice::from(0)), a);
                    assert_eq!(<$f>::conditional_select(&a, &b, Choice::from(1)), b);
                    // the slice API (vector kernels where the back end has them)
                    let n = rng.below(20);
                    let xs: Vec<$f> = (0..n).map(|_| random_elem!($f, &mut rng)).collect();
                    let ys: Vec<$f> = (0..n).map(|_| random_elem!($f, &mut rng)).collect();
                    let mut out = vec![<$f>::zero(); n];
                    <$f>::vec_mul(&mut out, &xs, &ys);
                    assert!(
                        out.iter()
                            .zip(xs.iter().zip(&ys))
                            .all(|(o, (x, y))| *o == x * y),
                        "{backend}: vec_mul"
                    );
                    <$f>::vec_add(&mut out, &xs, &ys);
                    assert!(
                        out.iter()
                            .zip(xs.iter().zip(&ys))
                            .all(|(o, (x, y))| *o == x + y)
                    );
                    <$f>::vec_sub(&mut out, &xs, &ys);
                    assert!(
                        out.iter()
                            .zip(xs.iter().zip(&ys))
                            .all(|(o, (x, y))| *o == x - y)
                    );
                    <$f>::vec_square(&mut out, &xs);
                    assert!(out.iter().zip(&xs).all(|(o, x)| *o == x.square()));
                    <$f>::vec_mul_scalar(&mut out, &xs, &c);
                    assert!(out.iter().zip(&xs).all(|(o, x)| *o == x * c));
                    let ip = <$f>::inner_product(&xs, &ys);
                    assert_eq!(
                        ip,
                        xs.iter().zip(&ys).map(|(x, y)| x * y).sum::<$f>(),
                        "{backend}: inner product"
                    );
                    let mut inv = xs.clone();
                    <$f>::batch_invert(&mut inv);
                    for (i, x) in inv.iter().zip(&xs) {
                        assert_eq!(
                            *i,
                            x.invert().unwrap_or(<$f>::zero()),
                            "{backend}: batch_invert"
                        );
                    }
                }
            });
            // canonical encoding only: p itself (-1 + 1 wraps, so encode -1
            // and add one to the big-endian bytes) is refused
            let mut p = (-<$f>::one()).to_bytes();
            for byte in p.iter_mut().rev() {
                let (v, carry) = byte.overflowing_add(1);
                *byte = v;
                if !carry {
                    break;
                }
            }
            assert!(bool::from(<$f>::from_bytes(&p).is_none()));
        }
    };
}

identities!(bls12_381_p_identities, Bls12381P);
identities!(bls12_381_r_identities, Bls12381R);
identities!(bn254_p_identities, Bn254P);
identities!(bn254_r_identities, Bn254R);
identities!(secp256k1_p_identities, Secp256k1P);
identities!(secp256k1_n_identities, Secp256k1N);
identities!(p256_p_identities, P256P);
identities!(p256_n_identities, P256N);
identities!(p25519_identities, P25519);
identities!(p448_identities, P448);
identities!(p1024_identities, P1024);
