/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! lfbench anchors: a staticlib whose only job is to carry the C code of a
//! few crates (blst, secp256k1-sys, pqcrypto-mlkem) into one archive that the
//! C benchmark links.  The benchmark calls the C symbols directly; this file
//! only makes sure the crates are linked and the symbols it needs are kept.

// `extern crate` forces each dependency (and its bundled native archive) to
// be linked into the staticlib even though no Rust code here calls it.
extern crate blst;
extern crate pqcrypto_mlkem;
extern crate secp256k1_sys;

use core::ffi::c_void;

// Declared with a dummy signature: only their addresses are taken.
extern "C" {
    fn blst_fp_mul();
    fn blst_fp_sqr();
    fn blst_fp_inverse();
    fn blst_fr_mul();
    fn PQCLEAN_MLKEM512_AVX2_crypto_kem_keypair();
    fn PQCLEAN_MLKEM512_AVX2_crypto_kem_enc();
    fn PQCLEAN_MLKEM512_AVX2_crypto_kem_dec();
    fn PQCLEAN_MLKEM768_AVX2_crypto_kem_keypair();
    fn PQCLEAN_MLKEM768_AVX2_crypto_kem_enc();
    fn PQCLEAN_MLKEM768_AVX2_crypto_kem_dec();
    fn PQCLEAN_MLKEM1024_AVX2_crypto_kem_keypair();
    fn PQCLEAN_MLKEM1024_AVX2_crypto_kem_enc();
    fn PQCLEAN_MLKEM1024_AVX2_crypto_kem_dec();
    fn PQCLEAN_MLKEM768_AVX2_poly_ntt();
    fn PQCLEAN_MLKEM768_AVX2_poly_invntt_tomont();
    fn PQCLEAN_MLKEM768_AVX2_poly_basemul_montgomery();
}

/// Addresses of a few anchor symbols.  lfbench calls this once; referencing
/// the symbols here keeps them (and the objects defining them) in the
/// archive and makes a missing one a link error of this crate rather than
/// of lfbench.
#[no_mangle]
pub extern "C" fn lfbench_anchors_keep() -> *const c_void {
    static KEEP: [unsafe extern "C" fn(); 16] = [
        blst_fp_mul,
        blst_fp_sqr,
        blst_fp_inverse,
        blst_fr_mul,
        PQCLEAN_MLKEM512_AVX2_crypto_kem_keypair,
        PQCLEAN_MLKEM512_AVX2_crypto_kem_enc,
        PQCLEAN_MLKEM512_AVX2_crypto_kem_dec,
        PQCLEAN_MLKEM768_AVX2_crypto_kem_keypair,
        PQCLEAN_MLKEM768_AVX2_crypto_kem_enc,
        PQCLEAN_MLKEM768_AVX2_crypto_kem_dec,
        PQCLEAN_MLKEM1024_AVX2_crypto_kem_keypair,
        PQCLEAN_MLKEM1024_AVX2_crypto_kem_enc,
        PQCLEAN_MLKEM1024_AVX2_crypto_kem_dec,
        PQCLEAN_MLKEM768_AVX2_poly_ntt,
        PQCLEAN_MLKEM768_AVX2_poly_invntt_tomont,
        PQCLEAN_MLKEM768_AVX2_poly_basemul_montgomery,
    ];
    // Touch the secp256k1-sys crate from Rust as well.
    let _ = secp256k1_sys::types::AlignedType::zeroed();
    KEEP.as_ptr() as *const c_void
}
