/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! The linked library answers: version, back end, and one known answer per
//! enabled module.
use std::ffi::CStr;

use limbforge_sys::*;

#[test]
fn version_and_backend() {
    unsafe {
        assert_eq!(
            CStr::from_ptr(lf_version()).to_str().unwrap(),
            LF_VERSION_STRING
        );
        let b = lf_backend_current();
        assert!((0..LF_BACKEND_COUNT).contains(&b));
        assert_eq!(lf_backend_available(b), 1);
        let name = CStr::from_ptr(lf_backend_name(b)).to_str().unwrap();
        eprintln!("back end: {name}");
        #[cfg(target_arch = "x86_64")]
        assert_ne!(b, LF_BACKEND_C, "x86-64 has assembly back ends");
    }
}

#[cfg(feature = "hash")]
#[test]
fn sha256_abc() {
    let mut out = [0u8; 32];
    unsafe { lf_sha256(out.as_mut_ptr(), b"abc".as_ptr(), 3) };
    assert_eq!(out[..4], [0xba, 0x78, 0x16, 0xbf]);
    assert_eq!(out[28..], [0xf2, 0x00, 0x15, 0xad]);
}

#[cfg(feature = "field")]
#[test]
fn field_inverse() {
    let mut a = lf_p25519_t { v: [0; 4] };
    let mut b = a;
    let mut r = a;
    let mut bytes = [0u8; 32];
    bytes[31] = 7;
    unsafe {
        assert_eq!(lf_p25519_from_bytes(&mut a, bytes.as_ptr()), LF_OK);
        lf_p25519_inv(&mut b, &a);
        lf_p25519_mul(&mut r, &a, &b);
        lf_p25519_to_bytes(bytes.as_mut_ptr(), &r);
    }
    let mut one = [0u8; 32];
    one[31] = 1;
    assert_eq!(bytes, one);
}
