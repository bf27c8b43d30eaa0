/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! Shared by the differential tests: a small deterministic generator (the
//! seed can be set with LF_TEST_SEED to replay a failure) and the
//! back ends to run on.
#![allow(dead_code)]

pub struct Rng(u64);

impl Rng {
    pub fn new(stream: u64) -> Rng {
        let seed = std::env::var("LF_TEST_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0x6c69_6d62_666f_7267);
        Rng(seed ^ stream.wrapping_mul(0x9e37_79b9_7f4a_7c15))
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

/// Iterations per back end: LF_TEST_ITERS scales the default.
pub fn iters(default: usize) -> usize {
    let scale: f64 = std::env::var("LF_TEST_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    ((default as f64 * scale) as usize).max(1)
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
