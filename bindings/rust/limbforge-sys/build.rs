/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! Builds liblimbforge from the bundled C and assembly (c/src, c/include)
//! with the cc crate: the same sources and per-file ISA flags as the CMake
//! build (sources.rs), nothing generated at build time, no network.  The
//! run-time back-end dispatch (src/cpu.c) is kept: vector files are compiled
//! with their own -m flags only and chosen by CPUID at run time.

use std::env;
use std::path::{Path, PathBuf};

#[allow(dead_code)]
mod sources {
    include!("sources.rs");
}
use sources::*;

fn feature(name: &str) -> bool {
    name == "core" || env::var_os(format!("CARGO_FEATURE_{}", name.to_uppercase())).is_some()
}

/// "dir/*.c" -> the files of dir ending in .c (sorted); other paths as they are.
fn expand(src: &Path, pattern: &str) -> Vec<PathBuf> {
    if let Some(dir) = pattern
        .strip_suffix("/*.c")
        .or_else(|| pattern.strip_suffix("/*.S"))
    {
        let ext = &pattern[pattern.len() - 1..];
        let mut v: Vec<PathBuf> = std::fs::read_dir(src.join(dir))
            .unwrap_or_else(|e| panic!("limbforge-sys: {}: {e}", src.join(dir).display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == ext))
            .collect();
        v.sort();
        v
    } else {
        vec![src.join(pattern)]
    }
}

/// The architecture key of sources.rs for this target, if the library has
/// assembly or vector code for it (else the portable C alone, which is what
/// the CMake build does on such targets too).
fn arch_key() -> Option<&'static str> {
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap();
    let endian = env::var("CARGO_CFG_TARGET_ENDIAN").unwrap();
    let target = env::var("TARGET").unwrap();
    match arch.as_str() {
        "x86_64" => Some("x86_64"),
        "aarch64" if endian == "little" => Some("aarch64"),
        "riscv64" => Some("riscv64"),
        "powerpc64" if endian == "little" => Some("powerpc64"),
        "s390x" => Some("s390x"),
        "arm" if target.starts_with("armv7-") && endian == "little" => Some("armv7"),
        _ => None,
    }
}

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("c");
    let src = root.join("src");
    let include = root.join("include");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=sources.rs");
    println!("cargo:rerun-if-changed=layout.c");
    println!("cargo:rerun-if-changed={}", src.display());
    println!("cargo:rerun-if-changed={}", include.display());
    println!("cargo:rerun-if-env-changed=CC");
    println!("cargo:rerun-if-env-changed=LIMBFORGE_SYS_NO_C");
    // Lint-only runs (cargo clippy / cargo check link nothing) may skip the C
    // build: scripts/test-rust.sh sets this for its clippy pass, whose
    // wrapped build script would otherwise compile the library a second time.
    if env::var_os("LIMBFORGE_SYS_NO_C").is_some() {
        return;
    }
    println!("cargo:rerun-if-env-changed=CFLAGS");

    let arch = arch_key();
    let mut base = cc::Build::new();
    base.std("gnu11") // unsigned __int128 and inline-asm value barriers
        .include(&include)
        .include(&src)
        .flag_if_supported("-fvisibility=hidden")
        .cargo_metadata(false);
    // Which back ends have vector code of their own: for every file.
    let natives: Vec<_> = NATIVE
        .iter()
        .filter(|n| Some(n.1) == arch && feature(n.0))
        .collect();
    for n in &natives {
        let def = format!("LF_NATIVE_{}_{}", n.2, n.3).to_uppercase();
        base.define(&def, "1");
    }
    let gnu = base.get_compiler().is_like_gnu() && !base.get_compiler().is_like_clang();
    // CMakeLists.txt LF_TUNING: GCC on x86-64 stores memsets of known size
    // with a vector loop instead of `rep stosq` (the wipes of ML-KEM's buffers)
    if gnu && arch == Some("x86_64") {
        base.flag("-mmemset-strategy=vector_loop:-1:noalign");
    }

    let file_options = |b: &mut cc::Build, rel: &str| {
        for (f, family, opts) in FILE_OPTIONS {
            if *f == rel && (*family == "any" || gnu) {
                for o in *opts {
                    b.flag(o);
                }
            }
        }
    };

    let mut objects = Vec::new();
    // Portable C and assembly: one compile unit group (per-file options set
    // one group per file that has them).
    let mut plain = base.clone();
    let mut plain_files = 0;
    let mut add_plain = |rel_pattern: &str, objects: &mut Vec<PathBuf>| {
        for f in expand(&src, rel_pattern) {
            let rel = f
                .strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if FILE_OPTIONS.iter().any(|(p, _, _)| *p == rel) {
                let mut b = base.clone();
                file_options(&mut b, &rel);
                objects.extend(b.file(&f).compile_intermediates());
            } else {
                // GCC: -fno-gcse-after-reload for the big generated kernels
                // (same code, much less compile time; CMakeLists.txt)
                plain.file(&f);
                plain_files += 1;
            }
        }
    };
    for (feat, files) in PORTABLE {
        if feature(feat) {
            for p in *files {
                add_plain(p, &mut objects);
            }
        }
    }
    for (feat, a, p) in ASM {
        if feature(feat) && Some(*a) == arch {
            add_plain(p, &mut objects);
        }
    }
    if gnu {
        plain.flag("-fno-gcse-after-reload");
    }
    if plain_files > 0 {
        objects.extend(plain.compile_intermediates());
    }
    // Vector files: their back end's ISA flags, per file.
    for n in &natives {
        let flags = ISA_FLAGS
            .iter()
            .find(|(b, _)| *b == n.3)
            .unwrap_or_else(|| panic!("limbforge-sys: no ISA flags for {}", n.3))
            .1;
        for f in expand(&src, n.4) {
            let mut b = base.clone();
            for fl in flags {
                b.flag(fl);
            }
            file_options(&mut b, n.4);
            objects.extend(b.file(&f).compile_intermediates());
        }
    }
    // sizeof/alignof of the public structs, for the layout test.
    let mut lay = base.clone();
    if feature("field") {
        lay.define("LFSYS_FIELD", "1");
    }
    for m in ["mp", "poly1305", "hash", "secp256k1"] {
        if feature(m) {
            lay.define(&format!("LFSYS_{}", m.to_uppercase()), "1");
        }
    }
    objects.extend(lay.file("layout.c").compile_intermediates());

    let mut lib = cc::Build::new();
    lib.objects(&objects).cargo_metadata(true);
    lib.compile("limbforge");
    println!("cargo:include={}", include.display());
}
