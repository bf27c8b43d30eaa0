# SPDX-License-Identifier: Apache-2.0 OR MIT
# Thin wrapper over CMake.  `make test` and `make bench` do all set-up.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
PYTHON ?= python3

.PHONY: all deps build test test-docs mutate test-gen test-c test-cross test-san test-msan test-fuzz test-rust fuzz gen check-gen bench isa-count clean

all: build

deps:
	@scripts/deps.sh test

# the library (and, at top level, its tests and lfbench); needs only a C
# compiler, CMake and Ninja: scripts/deps.sh build checks for those alone
build:
	@scripts/deps.sh build
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

gen:
	cd gen && $(PYTHON) -m limbforge gen builtin --root ..

# Regenerate in memory and compare with what is checked in (nothing is written).
check-gen:
	cd gen && $(PYTHON) -m limbforge gen builtin --root .. --check

# Every lf_* / LF_* name, repository path, make target and back-end list named
# in the *.md files and in the comments of the sources exists (scripts/docrefs.py;
# python3 only, a few seconds).
test-docs:
	$(PYTHON) scripts/docrefs.py --selftest
	$(PYTHON) scripts/docrefs.py

# pytest-xdist (scripts/deps.sh) spreads the generator tests over $(JOBS) workers;
# the 15 slowest are listed at the end (the time budget of make test)
PYTEST_JOBS = $(shell $(PYTHON) -c "import xdist" 2>/dev/null && echo "-n $(JOBS)")
test-gen: deps
	cd gen && $(PYTHON) -m pytest -q $(PYTEST_JOBS) --durations=15 tests

# LF_TEST_ITERS scales the randomised tests (1 = the full counts, e.g. 100 000
# cases per op per field per back end); make test runs the native suite at 0.3
# to stay within its time budget, LF_TEST_ITERS=1 (or more) for a soak run
test-c: build
	cd $(BUILD) && LF_TEST_ITERS=$${LF_TEST_ITERS:-0.3} ctest --output-on-failure -j $(JOBS)

# Every cross target under qemu-user, wasm32 under Node's WASI (scripts/test-cross.sh;
# CROSS=... for a subset).
CROSS ?=
test-cross: deps
	scripts/test-cross.sh $(CROSS)

# The native C tests once more under ASan + UBSan (scripts/test-san.sh;
# build tree build-san, LF_TEST_ITERS=0.1, valgrind tests left out).
test-san: deps
	scripts/test-san.sh

# The libFuzzer targets of fuzz/ (scripts/fuzz.sh; build tree build-fuzz, or build-san):
# LF_FUZZ_SECONDS per target, 15 in `make test`, 600 in `make fuzz`.
LF_FUZZ_SECONDS ?= 15
# test-fuzz uses test-san's tree when that has the fuzz targets (clang: see
# scripts/test-san.sh), as in make test: one sanitized build, not two
test-fuzz: deps
	LF_FUZZ_SECONDS=$(LF_FUZZ_SECONDS) BUILD_FUZZ=$${BUILD_FUZZ:-$$(grep -qs '^LF_BUILD_FUZZ:BOOL=ON$$' build-san/CMakeCache.txt && echo build-san || echo build-fuzz)} scripts/fuzz.sh

fuzz: deps
	LF_FUZZ_SECONDS=$(if $(filter command line environment,$(origin LF_FUZZ_SECONDS)),$(LF_FUZZ_SECONDS),600) scripts/fuzz.sh

# The constant-time programs under MemorySanitizer, where valgrind cannot go
# (AVX-512, IFMA): scripts/test-msan.sh, build tree build-msan, clang.
test-msan: deps
	scripts/test-msan.sh

# The Rust crates (bindings/rust): cargo test and clippy -D warnings on both
# crates (scripts/test-rust.sh); skipped with a note when cargo is absent.
test-rust:
	scripts/test-rust.sh

# Within make test, test-gen checks kernel by kernel only the built-in fields
# whose lazy and point kernels nothing else checks one by one (LF_GEN_BUILTIN,
# gen/tests/test_kernels.py): check-gen proves the others current, and test-c
# and test-cross run them against Python ints on every back end.
test: export LF_GEN_BUILTIN = lazy
test: deps check-gen test-docs test-gen test-c test-san test-msan test-fuzz test-cross test-rust

# The mutation check (scripts/mutate.py; not in make test: ~2 h on 2 cores):
# a fixed, seeded set of mutants, each applied to a copy of HEAD in
# build-mutate/ and run against its module's tests, the survivors once more
# under ASan + UBSan + LF_VERIFY; prints the score per module, the survivors
# and the reviewed equivalents (scripts/mutate_equivalent.py).
# MUTATE_ARGS: e.g. --module mlkem, --list, --reuse, --no-san.
MUTATE_ARGS ?=
mutate: deps
	$(PYTHON) scripts/mutate.py --jobs $(JOBS) $(MUTATE_ARGS)

bench:
	@scripts/deps.sh bench
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DLFB_RUST_ANCHORS=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS) --target lfbench
	$(BUILD)/bench/lfbench --json $(BUILD)/bench/results.json
	-$(PYTHON) bench/plot.py $(BUILD)/bench/results.json

# Dynamic instruction counts under qemu-user (bench/README.md): field kernels,
# then secp256k1 pubkey_create / ecdsa_verify against libsecp256k1's C source
# (limbforge cross-built in $(BUILD)/isa_count_secp256k1/<arch>, -j1), then the
# NTT API on RVV at VLEN 128..1024 ($(BUILD)/isa_count_ntt), then the field
# array API on RVV against the rv64 scalar kernels (the same build tree),
# then ML-KEM-768 on rvv at VLEN 128..1024 and on rv64 (the same tree) and on
# aarch64 and neon (the aarch64 tree of isa_count_secp256k1).
isa-count:
	$(PYTHON) bench/isa_count.py --json $(BUILD)/bench/isa_count.json
	$(PYTHON) bench/isa_count.py --suite bytes --arch armhf,aarch64 \
	    --json $(BUILD)/bench/isa_count.json --append
	$(PYTHON) bench/isa_count_secp256k1.py --workdir $(BUILD)/isa_count_secp256k1 \
	    --json $(BUILD)/bench/isa_count.json --append
	$(PYTHON) bench/isa_count_ntt.py --workdir $(BUILD)/isa_count_ntt \
	    --json $(BUILD)/bench/isa_count.json --append
	$(PYTHON) bench/isa_count_field_vec.py --workdir $(BUILD)/isa_count_ntt \
	    --json $(BUILD)/bench/isa_count.json --append
	$(PYTHON) bench/isa_count_mlkem.py --workdir $(BUILD)/isa_count_ntt \
	    --aarch64-workdir $(BUILD)/isa_count_secp256k1/aarch64 \
	    --json $(BUILD)/bench/isa_count.json --append

clean:
	rm -rf $(BUILD)
