/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! ML-KEM-768 known answers (the values of examples/mlkem.c: the key pair
//! of Wycheproof's mlkem_768_test.json test 1, identified by SHA3-256 of its
//! encapsulation key; an encapsulation with m = 00 01 .. 1f and the
//! implicit-rejection secret of a changed ciphertext, from the FIPS 203
//! model), on every back end.
#![cfg(feature = "mlkem")]

mod common;
use common::on_every_backend;

use limbforge::mlkem::{MlKem768, mlkem768};

fn unhex<const N: usize>(s: &str) -> [u8; N] {
    core::array::from_fn(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap())
}

fn sha3_256(data: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: a 32-byte output and a slice.
    unsafe { limbforge_sys::lf_sha3_256(out.as_mut_ptr(), data.as_ptr(), data.len()) };
    out
}

#[test]
fn mlkem768_known_answers() {
    let seed: [u8; 64] = unhex(concat!(
        "cbfc4405d1b2a3a386c94c25e0f2d5f5ee92cb0388ff4d6aa04223086d51c3fd",
        "24752da14c9fc3b8ae0d9e4a8b1016b8d8fc69e229c03ea2ef08a4ae0cffc37f"
    ));
    let m: [u8; 32] = core::array::from_fn(|i| i as u8);
    on_every_backend(|backend| {
        let (dk, ek) = MlKem768::generate_derand(&seed);
        assert_eq!(
            sha3_256(ek.as_bytes()),
            unhex::<32>("1369c4700afc1f4462f21bb71a2c07a74a3fa2e8822577588d6140aa692cff71"),
            "{backend}: SHA3-256(ek)"
        );
        let (ct, ss) = ek.encapsulate_derand(&m).unwrap();
        assert_eq!(
            ss.as_bytes(),
            &unhex::<32>("6de86b0cb8eda7e25b9fdcb39de09ef88be6b21ed3884eccb2efb503c92be8a7"),
            "{backend}: shared secret"
        );
        assert_eq!(
            sha3_256(ct.as_bytes()),
            unhex::<32>("6f3b7cad2eeaaddd1055ecb9a4127ce31cfae96daedeb5f7ee9b12d56c3d4207"),
            "{backend}: SHA3-256(ciphertext)"
        );
        assert_eq!(dk.decapsulate(&ct).as_bytes(), ss.as_bytes());
        let mut changed = *ct.as_bytes();
        changed[0] ^= 1;
        assert_eq!(
            dk.decapsulate(&mlkem768::Ciphertext::from_bytes(&changed))
                .as_bytes(),
            &unhex::<32>("1466863f277e994e9366b9181ffd98fc8c5fc08118e401fafe8daf4eaf1310fe"),
            "{backend}: implicit rejection J(z || c')"
        );
    });
}
