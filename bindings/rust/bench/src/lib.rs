/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! Benchmarks only: see benches/anchors.rs.
