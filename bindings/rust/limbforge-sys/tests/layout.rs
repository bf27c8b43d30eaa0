/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! sizeof/alignof of every public C struct (layout.c, compiled by the C
//! compiler of the build) against the Rust declarations.

use core::mem::{align_of, size_of};
use std::collections::BTreeMap;
use std::ffi::CStr;

#[allow(unused_imports)]
use limbforge_sys::*;

macro_rules! rust_layouts {
    ($($t:ty),* $(,)?) => {
        [$((stringify!($t), size_of::<$t>(), align_of::<$t>())),*]
    };
}

#[test]
fn struct_layouts_match_c() {
    let mut c = BTreeMap::new();
    unsafe {
        let p = limbforge_sys::limbforge_sys_layouts.as_ptr();
        let mut i = 0;
        while !(*p.add(i)).name.is_null() {
            let l = &*p.add(i);
            let name = CStr::from_ptr(l.name).to_str().unwrap().to_string();
            c.insert(name, (l.size, l.align));
            i += 1;
        }
    }
    #[allow(unused_mut)] // modules may be left out
    let mut rust: Vec<(&str, usize, usize)> = rust_layouts![lf_backend, lf_mlkem_set].to_vec();
    #[cfg(feature = "field")]
    rust.extend(rust_layouts![
        lf_bls12_381_p_t,
        lf_bls12_381_p_x8_t,
        lf_bls12_381_r_t,
        lf_bls12_381_r_x8_t,
        lf_bn254_p_t,
        lf_bn254_p_x8_t,
        lf_bn254_r_t,
        lf_bn254_r_x8_t,
        lf_secp256k1_p_t,
        lf_secp256k1_p_x8_t,
        lf_secp256k1_n_t,
        lf_secp256k1_n_x8_t,
        lf_p256_p_t,
        lf_p256_p_x8_t,
        lf_p256_n_t,
        lf_p256_n_x8_t,
        lf_p25519_t,
        lf_p25519_x8_t,
        lf_p448_t,
        lf_p448_x8_t,
        lf_p1024_t,
        lf_p1024_x8_t,
    ]);
    #[cfg(feature = "mp")]
    rust.extend(rust_layouts![lf_mp_mont_ctx, lf_mp_rsa_key]);
    #[cfg(feature = "poly1305")]
    rust.extend(rust_layouts![lf_poly1305_state]);
    #[cfg(feature = "hash")]
    rust.extend(rust_layouts![
        lf_sha256_state,
        lf_hmac_sha256_state,
        lf_sha3_state
    ]);
    #[cfg(feature = "secp256k1")]
    rust.extend(rust_layouts![
        lf_secp256k1_pubkey,
        lf_secp256k1_xonly_pubkey,
        lf_secp256k1_keypair,
        lf_secp256k1_schnorrsig_item,
    ]);
    let mut errors = Vec::new();
    for (name, size, align) in &rust {
        match c.remove(*name) {
            None => errors.push(format!("{name}: not in layout.c's table")),
            Some(l) if l != (*size, *align) => errors.push(format!(
                "{name}: C (size, align) {l:?}, Rust ({size}, {align})"
            )),
            _ => {}
        }
    }
    for name in c.keys() {
        errors.push(format!("{name}: a C struct without a Rust layout check"));
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}
