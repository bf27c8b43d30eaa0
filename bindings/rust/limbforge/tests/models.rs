/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! mp and ntt against models: modexp against the field types'
//! exponentiation (a different code path of the library) and Fermat's
//! little theorem on the built-in primes; RSA-CRT with a known 2048-bit key
//! (the key, message and signature of examples/rsa_crt.c); the ML-KEM NTT
//! and the cyclic product against schoolbook polynomial products in Rust.

mod common;
use common::{Rng, iters, on_every_backend};

use limbforge::Error;

#[cfg(all(feature = "mp", feature = "field"))]
#[test]
fn modexp_matches_field_pow_and_fermat() {
    use limbforge::field::{Bls12381P, P1024, Secp256k1P};
    use limbforge::mp::Modulus;
    let mut rng = Rng::new(20);
    let n = iters(10, 2);
    macro_rules! check_field {
        ($f:ty, $backend:expr) => {{
            let pm1 = (-<$f>::one()).to_limbs(); // p - 1
            let mut p = pm1;
            p[0] += 1; // p is odd, so p - 1 is even: no carry
            let m = Modulus::new(&p).unwrap();
            for _ in 0..n {
                let mut a = [0u64; <$f>::LIMBS];
                for x in a.iter_mut() {
                    *x = rng.next_u64();
                }
                a[<$f>::LIMBS - 1] >>= 8; // below p
                let e: Vec<u64> = (0..1 + rng.below(<$f>::LIMBS))
                    .map(|_| rng.next_u64())
                    .collect();
                let mut r = [0u64; <$f>::LIMBS];
                m.modexp(&mut r, &a, &e).unwrap();
                let fa = <$f>::from_limbs(&a).unwrap();
                assert_eq!(
                    r,
                    fa.pow_vartime(&e).to_limbs(),
                    "{}: modexp vs field pow",
                    $backend
                );
                m.modexp(&mut r, &a, &pm1).unwrap();
                let mut one = [0u64; <$f>::LIMBS];
                one[0] = u64::from(a.iter().any(|&x| x != 0));
                assert_eq!(r, one, "{}: Fermat", $backend);
            }
            // base >= m is refused, lengths are checked
            let mut r = [0u64; <$f>::LIMBS];
            assert_eq!(m.modexp(&mut r, &p, &[3]), Err(Error::Range));
            assert_eq!(m.modexp(&mut r[1..], &p[1..], &[3]), Err(Error::Param));
        }};
    }
    on_every_backend(|backend| {
        check_field!(Secp256k1P, backend);
        check_field!(Bls12381P, backend);
        check_field!(P1024, backend);
    });
    assert_eq!(Modulus::new(&[10]).unwrap_err(), Error::Param);
    assert_eq!(Modulus::new(&[1]).unwrap_err(), Error::Param);
}

#[cfg(feature = "mp")]
const RSA_P: &str = concat!(
    "fb36b9b57cb45208fb483582ba0b5080e9af952648720082b3f8522262eaabc4",
    "02c2c14d2add14eb363f15c1a1019e541306503946839b72feffffc45536482a",
    "182a141a327447ac6597a64125c1408e88167144e2565abaf202b629872a868e",
    "568d73a73aad1b44eea30f6ec6a217a25b3ffb3a7d9400edefc84fc900d55b69",
);
#[cfg(feature = "mp")]
const RSA_Q: &str = concat!(
    "e2d3403bc12508f5266e900d7e5ac455a95f06121bb47daea661570365351180",
    "b44bf19f579f83d2e0538e8a1b133ffa1409de435fc3d02c31f963331b3cddcc",
    "1c4d286315784187ec7a30a1d9fe347ff35f4a5d24bfb2032a026dacde853028",
    "9e7e528e5ab6946f558f4fc88251dcaff429b76f8e2de6f800137e7a1423b1af",
);
#[cfg(feature = "mp")]
const RSA_DP: &str = concat!(
    "7cd3aba1cfce7638fa4bde331029111e8d7feed7f0059dd554821ea5f18af440",
    "d8b25784f5b8976d6d2e19ac7649ac97d04041dac3fc1f611beeaef3aaf7e711",
    "eba1f50d3366ee3a6edcd502e834c7d44b3103a59be616fd6fc603284d7ec70f",
    "b1586650816a84f352b4f9b52cc45c84135d8e8378e4f3354801bc0b7ffb8489",
);
#[cfg(feature = "mp")]
const RSA_DQ: &str = concat!(
    "5d0cb66c0cf6e96ed01e49200ff6a25655cdf28a992cf8e61dc10ed608bdb579",
    "6bfd3f98d3744fbac165e5b2881ae482ed9782c376d4b86078fbca931b986390",
    "a9078a0ae3b2da872d1e8f36c65bbf23c22e142e93b5c40c023ecec93cdbbc7e",
    "dd4e0b05f4f6b37bdcc896bd35a0e97c91184ff506899417a6c85879322bd667",
);
#[cfg(feature = "mp")]
const RSA_QINV: &str = concat!(
    "7c3ead2cbf60b5058d7661c5505de1bb423544a5142d62fcfb8c56317fd7e02d",
    "8ca7c46b1e9540c110a3996a6ea9f8f76826eb7a2c6d13223f7d52f0af3c6370",
    "4e6c04beffcb23a0dd5cc7979c30cfb8d3986cdee50cae330127e6dda1d8fb4e",
    "a16b39ff41f97dada529abbaab7c328342d87a0aefad8425c586a0c1113931a6",
);
#[cfg(feature = "mp")]
const RSA_N: &str = concat!(
    "de959d159a3fbec14e70ff94d89cc396d06b99e9fc8be73127fe0df4a3a9a8c2",
    "039b48040eaf56e3ecdc49efdc19541de0d6ccd21151fb2d6abf025398873584",
    "d5f2e66987818e6eb158633c2214194ac86df39cb777e6bb418449d941148001",
    "de5071b93a820998fe615d53c68e34bd0e5b514affbda65bdbab3baaf5a4e8a5",
    "47b40e2cf63819f70229769e5d2e61857b5765fb74a4d398341574943c682fdf",
    "47b6570aee284ded3fd390cb82e98581e6549032b893053b2c45cb5acc533ddf",
    "cda4e0059efbaeb1c4f902f5ba44cf454541ef8fb00f17a3014adae68c90325b",
    "039b4df5cf4934bf49ea85e6d9802456aa1853997b007bd0371a8a54c96815c7",
);
#[cfg(feature = "mp")]
const RSA_MSG: &str = "61d6c2e8f52694bd216ae11a593a7663cbb3a0955da4d20234e84c8f46bd3961";
#[cfg(feature = "mp")]
const RSA_SIG: &str = concat!(
    "65900771764579ab4682d372a37fdfe3e990067da02bb3bc00b301fe878da594",
    "6c7f118b6a3ab3c1d0cd8b93dfa1800292b805daa3ef6b362fe72c57773e5cec",
    "a9e05865fcdbae2baab4cb207b2b761bf4c1a49f4c00a594086c369e61000278",
    "e271f1a7f34e1b626de71db14ba0c248d6e6bbc538f963eb2bcdb8416da0fd28",
    "de4a9732e5472c2aa23e7fccb94931282ede7833aeecf1b1873edad3b21bde89",
    "c16560d6f8db0be9fd6bc4610f798b44af9c817299b1756acc6e7bc736f41532",
    "b2428228340cf83614d7054d1f7e70c62d2d0185e29e34213f84676929781709",
    "08ec24cba8002c2a88054a8510ecab930aacb69a1efaf61d97fd302a86bf8a87",
);

#[cfg(feature = "mp")]
fn limbs(hex: &str, n: usize) -> Vec<u64> {
    let bytes: Vec<u8> = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect();
    let mut r = vec![0u64; n];
    limbforge::mp::from_be_bytes(&mut r, &bytes).unwrap();
    r
}

#[cfg(all(feature = "mp", feature = "alloc"))]
#[test]
fn rsa_crt_known_key() {
    use limbforge::mp::{Modulus, RsaPrivateKey};
    let h = 16;
    let (p, q) = (limbs(RSA_P, h), limbs(RSA_Q, h));
    let (dp, dq, qinv) = (limbs(RSA_DP, h), limbs(RSA_DQ, h), limbs(RSA_QINV, h));
    let key = RsaPrivateKey::new(65537, &p, &q, &dp, &dq, &qinv).unwrap();
    assert_eq!(key.modulus(), &limbs(RSA_N, 2 * h)[..]);
    let m = limbs(RSA_MSG, 2 * h);
    let sig = limbs(RSA_SIG, 2 * h);
    let public = Modulus::new(key.modulus()).unwrap();
    on_every_backend(|backend| {
        let mut r = vec![0u64; 2 * h];
        key.private_op(&mut r, &m).unwrap();
        assert_eq!(r, sig, "{backend}: signature = known value");
        let mut back = vec![0u64; 2 * h];
        public.modexp(&mut back, &r, &[65537]).unwrap();
        assert_eq!(back, m, "{backend}: public operation");
    });
    // c >= N
    let mut r = vec![0u64; 2 * h];
    assert_eq!(key.private_op(&mut r, key.modulus()), Err(Error::Range));
    // an inconsistent key is refused at load
    let mut bad = qinv.clone();
    bad[0] ^= 2;
    assert_eq!(
        RsaPrivateKey::new(65537, &p, &q, &dp, &dq, &bad).unwrap_err(),
        Error::Invalid
    );
    assert_eq!(
        RsaPrivateKey::new(65536, &p, &q, &dp, &dq, &qinv).unwrap_err(),
        Error::Param
    );
    let mut out = [0u8; 256];
    limbforge::mp::to_be_bytes(&mut out, key.modulus()).unwrap();
    assert_eq!(out[0], u8::from_str_radix(&RSA_N[..2], 16).unwrap());
}

#[cfg(feature = "ntt")]
fn schoolbook(a: &[i16], b: &[i16], negacyclic: bool) -> Vec<i16> {
    let n = a.len();
    let q = i64::from(limbforge::ntt::Q);
    let mut r = vec![0i64; n];
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            let p = i64::from(x) * i64::from(y);
            let k = i + j;
            if k < n {
                r[k] += p;
            } else if negacyclic {
                r[k - n] -= p;
            } else {
                r[k - n] += p;
            }
        }
    }
    r.iter().map(|x| x.rem_euclid(q) as i16).collect()
}

#[cfg(feature = "ntt")]
#[test]
fn ntt_products_match_schoolbook() {
    use limbforge::ntt;
    let mut rng = Rng::new(21);
    let n = iters(8, 2);
    let poly = |rng: &mut Rng, len: usize| -> Vec<i16> {
        (0..len).map(|_| (rng.next_u64() % 3329) as i16).collect()
    };
    on_every_backend(|backend| {
        for _ in 0..n {
            let a: [i16; 256] = poly(&mut rng, 256).try_into().unwrap();
            let b: [i16; 256] = poly(&mut rng, 256).try_into().unwrap();
            let fa = ntt::mlkem_ntt(&a).unwrap();
            let fb = ntt::mlkem_ntt(&b).unwrap();
            assert_eq!(
                ntt::mlkem_invntt(&fa).unwrap(),
                a,
                "{backend}: invntt(ntt(a))"
            );
            let prod = ntt::mlkem_invntt(&ntt::mlkem_basemul(&fa, &fb).unwrap()).unwrap();
            assert_eq!(
                prod.to_vec(),
                schoolbook(&a, &b, true),
                "{backend}: product mod X^256 + 1"
            );
            let c: [i16; 128] = poly(&mut rng, 128).try_into().unwrap();
            let d: [i16; 128] = poly(&mut rng, 128).try_into().unwrap();
            let cyc = ntt::cyclic_mul128(&c, &d).unwrap();
            assert_eq!(
                cyc.to_vec(),
                schoolbook(&c, &d, false),
                "{backend}: cyclic product"
            );
        }
    });
    let mut bad = [0i16; 256];
    bad[rng.below(256)] = 3329;
    assert_eq!(ntt::mlkem_ntt(&bad), Err(Error::Range));
    bad[0] = -1;
    assert_eq!(ntt::mlkem_basemul(&bad, &bad), Err(Error::Range));
    assert_eq!(
        ntt::cyclic_mul128(&[3329; 128], &[0; 128]),
        Err(Error::Range)
    );
}
