#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The Rust lane of `make test`: the crates of bindings/rust (limbforge-sys:
# the C library built by the cc crate, declarations checked against the
# headers; limbforge: safe wrappers, differential tests against k256,
# secp256k1, blstrs, chacha20poly1305, poly1305).  Checks the formatting
# (cargo fmt, when rustfmt is installed), runs cargo test on the
# workspace (all features), the sys crate once more with no module (its
# feature gates), cargo doc with warnings as errors, then cargo clippy -D
# warnings on every target.  The direct dependencies are pinned exactly
# in the Cargo.toml files; Cargo.lock is not committed (it would name the
# registry), as for bench/anchors.  Skipped with a note when
# cargo is not installed.  LF_TEST_ITERS scales the randomised tests
# (default 1); CARGO_BUILD_JOBS limits the build's parallelism.
# TEST_RUST_CROSS=aarch64 also runs the tests for aarch64-unknown-linux-gnu
# under qemu-user (needs that rustup target, aarch64-linux-gnu-gcc and
# qemu-aarch64 with /usr/aarch64-linux-gnu; skipped with a note otherwise),
# at LF_TEST_ITERS=0.3: the AArch64 source list, assembly and NEON.
set -eu
cd "$(dirname "$0")/../bindings/rust"
if ! command -v cargo >/dev/null 2>&1; then
    echo "test-rust: cargo not found: Rust crates not tested (install Rust, e.g. with rustup, to run this lane)"
    exit 0
fi
log=$(mktemp)
trap 'rm -f "$log" "$log.rc"' EXIT
start=$(date +%s)
run() {
    echo "test-rust: $*"
    # the exit status of cargo, not of tee
    { "$@" 2>&1 && echo "exit 0" >"$log.rc" || echo "exit $?" >"$log.rc"; } | tee -a "$log"
    rc=$(cut -d' ' -f2 "$log.rc")
    rm -f "$log.rc"
    [ "$rc" -eq 0 ] || { echo "test-rust: FAILED: $*"; exit "$rc"; }
}
if cargo fmt --version >/dev/null 2>&1; then
    run cargo fmt --all --check
fi
run cargo test --workspace
run env RUSTFLAGS="-D warnings" cargo test -p limbforge-sys --no-default-features
# the API documentation builds without warnings (broken links included);
# it reuses the test build's C library
run env RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps
if [ "${TEST_RUST_CROSS:-}" = aarch64 ]; then
    t=aarch64-unknown-linux-gnu
    if rustup target list --installed 2>/dev/null | grep -qx "$t" &&
        command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 && command -v qemu-aarch64 >/dev/null 2>&1; then
        run env CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc \
            CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc \
            CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu" \
            LF_TEST_ITERS="${LF_TEST_ITERS:-0.3}" \
            cargo test --workspace --target "$t"
    else
        echo "test-rust: TEST_RUST_CROSS=aarch64 needs the rustup target $t, aarch64-linux-gnu-gcc and qemu-aarch64: skipped"
    fi
fi
if cargo clippy --version >/dev/null 2>&1; then
    # check mode links nothing: no second build of the C library for the
    # build script clippy wraps (limbforge-sys/build.rs)
    run env LIMBFORGE_SYS_NO_C=1 cargo clippy --workspace --all-targets -- -D warnings
    clippy="clippy clean"
else
    clippy="clippy not installed: lint skipped"
fi
# the closing line: test counts over every cargo test run above
awk -v secs=$(( $(date +%s) - start )) -v clippy="$clippy" '
    /^test result:/ { p += $4; f += $6; i += $8 }
    END { printf "test-rust: %d passed, %d failed, %d ignored; %s (%d s)\n", p, f, i, clippy, secs }' "$log"
