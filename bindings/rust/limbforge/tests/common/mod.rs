/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! Shared by the differential tests: a small deterministic generator (the
//! seed can be set with LF_TEST_SEED to replay a failure), the iteration
//! counts (LF_TEST_ITERS) and the back ends to run on.
//!
//! The one reader of the test knobs in the Rust tests, with the meanings of
//! the C and Python ones (tests/common/testenv.h, tests/common/testenv.py;
//! tests/lint_testenv.py rejects reading either variable anywhere else):
//!
//! * [`scale`]: LF_TEST_ITERS, a multiplier of every randomised test's
//!   default count (unset or empty: 1); anything but a positive finite
//!   number panics (a typo must not turn a test off);
//! * [`iters`]`(default, minimum)`: `default * scale()`, rounded, never below
//!   `minimum` (at least 1: a randomised test always runs);
//! * [`seed`]`(default)`: LF_TEST_SEED (decimal, or hexadecimal after 0x: what
//!   C's strtoull and Python's int(s, 0) read alike), else `default`; a
//!   malformed value panics.
#![allow(dead_code)]

use std::env::{self, VarError};

/// The value of a knob: None when unset or empty; panics when it is not
/// Unicode.
fn knob(name: &str) -> Option<String> {
    match env::var(name) {
        Ok(s) if s.is_empty() => None,
        Ok(s) => Some(s),
        Err(VarError::NotPresent) => None,
        Err(VarError::NotUnicode(s)) => panic!("{name}={s:?}: not a number"),
    }
}

/// LF_TEST_ITERS: the multiplier of every randomised test's default count
/// (1 when unset or empty).
///
/// # Panics
/// When the value is anything but a positive finite number.
pub fn scale() -> f64 {
    const NAME: &str = "LF_TEST_ITERS";
    let Some(s) = knob(NAME) else { return 1.0 };
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v.is_finite() => v,
        _ => panic!("{NAME}=\"{s}\": not a positive number"),
    }
}

/// Iterations of a randomised test: `default` times [`scale`], rounded, and
/// never below `minimum` (itself at least 1).
pub fn iters(default: usize, minimum: usize) -> usize {
    let minimum = minimum.max(1);
    let v = (default as f64 * scale() + 0.5).min(1e15);
    (v as usize).max(minimum)
}

/// LF_TEST_SEED (decimal, or hexadecimal after 0x), else `default`.
///
/// # Panics
/// When the value is malformed or out of range, and for the forms C's
/// strtoull and Python's int(s, 0) read differently or only one of them
/// reads (a leading zero: 010 is octal to C and an error to Python; 0o, 0b).
pub fn seed(default: u64) -> u64 {
    const NAME: &str = "LF_TEST_SEED";
    let Some(s) = knob(NAME) else { return default };
    // what C's strtoull(s, 0) and Python's int(s, 0) read alike
    let (digits, radix) = match s.get(..2) {
        Some("0x" | "0X") => (&s[2..], 16),
        _ if s.len() > 1 && s.starts_with('0') => ("", 10), // 010, 0o7, 0b1: refused below
        _ => (s.as_str(), 10),
    };
    match u64::from_str_radix(digits, radix) {
        Ok(v) if !digits.is_empty() && !digits.starts_with('+') => v,
        _ => panic!("{NAME}=\"{s}\": not a number"),
    }
}

pub struct Rng(u64);

impl Rng {
    pub fn new(stream: u64) -> Rng {
        Rng(seed(0x6c69_6d62_666f_7267) ^ stream.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }
    /// SplitMix64.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    pub fn fill(&mut self, out: &mut [u8]) {
        for b in out.iter_mut() {
            *b = self.next_u64() as u8;
        }
    }
    pub fn bytes<const N: usize>(&mut self) -> [u8; N] {
        let mut b = [0u8; N];
        self.fill(&mut b);
        b
    }
    pub fn vec(&mut self, len: usize) -> Vec<u8> {
        let mut v = vec![0u8; len];
        self.fill(&mut v);
        v
    }
    /// Bytes biased to the edges: all zero, all 0xff, one byte set, long
    /// runs, or uniform.
    pub fn edgy<const N: usize>(&mut self) -> [u8; N] {
        let mut b = self.bytes::<N>();
        match self.below(8) {
            0 => b = [0; N],
            1 => b = [0xff; N],
            2 => {
                b = [0; N];
                b[self.below(N)] = 1 << self.below(8);
            }
            3 => {
                let from = self.below(N);
                let v = if self.below(2) == 0 { 0 } else { 0xff };
                for x in &mut b[from..] {
                    *x = v;
                }
            }
            _ => {}
        }
        b
    }
}

/// Run f once per back end this CPU has (each gives the same results; the
/// switch is process-wide, so tests running in parallel may mix them, which
/// is as valid).
pub fn on_every_backend(mut f: impl FnMut(&str)) {
    let names: Vec<&str> = limbforge::available_backends().collect();
    for b in &names {
        limbforge::set_backend(b).unwrap();
        f(b);
    }
    limbforge::set_backend(names.last().unwrap()).unwrap();
}
