/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! Safe wrappers over limbforge-sys (work in progress).
#![no_std]
