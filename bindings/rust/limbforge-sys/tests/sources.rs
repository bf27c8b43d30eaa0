/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! sources.rs (what build.rs compiles) against the CMake build: every C
//! file a src/*/sources.cmake names is built here or listed in LEFT_OUT
//! with a reason; every file sources.rs names exists; the ISA flags are
//! cmake/backends.cmake's; the fields' globs are src/field/sources.cmake's;
//! the modules are cmake/modules.cmake's (LF_MODULES), each with its
//! sources.cmake, and no src/*/sources.cmake outside that list.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

#[allow(dead_code)]
mod sources {
    include!("../sources.rs");
}
use sources::*;

fn c_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("c")
}

fn basename(p: &str) -> &str {
    p.rsplit('/').next().unwrap()
}

fn all_patterns() -> Vec<&'static str> {
    let mut v: Vec<&str> = PORTABLE
        .iter()
        .flat_map(|(_, f)| f.iter().copied())
        .collect();
    v.extend(ASM.iter().map(|a| a.2));
    v.extend(NATIVE.iter().map(|n| n.4));
    v
}

/// LF_MODULES of cmake/modules.cmake, the one module list.
fn lf_modules() -> Vec<String> {
    let text = std::fs::read_to_string(c_dir().join("cmake/modules.cmake")).unwrap();
    let line = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("set(LF_MODULES "))
        .expect("cmake/modules.cmake sets LF_MODULES");
    let v: Vec<String> = line
        .trim_end_matches(')')
        .split_whitespace()
        .map(String::from)
        .collect();
    assert!(v.len() >= 10, "LF_MODULES: {v:?}");
    v
}

#[test]
fn every_cmake_source_is_built_or_explained() {
    let listed: BTreeSet<&str> = all_patterns().into_iter().map(basename).collect();
    let left_out: BTreeSet<&str> = LEFT_OUT.iter().map(|l| l.0).collect();
    let mut missing = Vec::new();
    let mut n = 0;
    let modules = lf_modules();
    for e in std::fs::read_dir(c_dir().join("src")).unwrap() {
        let d = e.unwrap().path();
        if d.join("sources.cmake").is_file() {
            let name = d.file_name().unwrap().to_str().unwrap().to_string();
            assert!(
                modules.contains(&name),
                "src/{name}/sources.cmake: not in cmake/modules.cmake"
            );
        }
    }
    for m in &modules {
        let f = c_dir().join("src").join(m).join("sources.cmake");
        let text = std::fs::read_to_string(&f)
            .unwrap_or_else(|e| panic!("module {m} of cmake/modules.cmake: {}: {e}", f.display()));
        for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
            for tok in line.split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == '"') {
                if !tok.ends_with(".c") || tok.starts_with('-') {
                    continue;
                }
                n += 1;
                let b = basename(tok);
                if !listed.contains(b) && !left_out.contains(b) {
                    missing.push(format!("{}: {tok}", f.display()));
                }
            }
        }
    }
    assert!(n > 40, "only {n} sources found in the sources.cmake files");
    assert!(
        missing.is_empty(),
        "not in sources.rs:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_listed_source_exists() {
    for p in all_patterns() {
        let path = c_dir().join("src").join(p);
        if let Some(dir) = p.strip_suffix("/*.c").or_else(|| p.strip_suffix("/*.S")) {
            let ext = &p[p.len() - 1..];
            let n = std::fs::read_dir(c_dir().join("src").join(dir))
                .unwrap_or_else(|e| panic!("{p}: {e}"))
                .filter(|e| {
                    e.as_ref()
                        .unwrap()
                        .path()
                        .extension()
                        .is_some_and(|x| x == ext)
                })
                .count();
            assert!(n > 0, "{p}: no files");
        } else {
            assert!(path.is_file(), "{p}: no such file");
        }
    }
}

#[test]
fn isa_flags_are_cmakes() {
    // written from ISA_FLAGS of gen/limbforge/targets.py by make gen
    let text = std::fs::read_to_string(c_dir().join("cmake/backends.cmake")).unwrap();
    let mut flags = std::collections::BTreeMap::new();
    for line in text.lines() {
        let Some(rest) = line.trim().strip_prefix("set(LF_ISA_FLAGS_") else {
            continue;
        };
        let rest = rest.split(')').next().unwrap();
        let mut t = rest.split_whitespace();
        let name = t.next().unwrap().to_string();
        let mut v: Vec<String> = Vec::new();
        for x in t {
            if let Some(other) = x
                .strip_prefix("${LF_ISA_FLAGS_")
                .and_then(|s| s.strip_suffix('}'))
            {
                v.extend(flags.get(other).cloned().unwrap_or_else(Vec::new));
            } else if x != "\"\"" {
                v.push(x.to_string());
            }
        }
        flags.insert(name, v);
    }
    for (b, f) in ISA_FLAGS {
        let cm = flags
            .get(*b)
            .unwrap_or_else(|| panic!("backends.cmake has no flags for {b}"));
        let f: Vec<String> = f.iter().map(|s| s.to_string()).collect();
        assert_eq!(&f, cm, "ISA flags of {b}");
    }
    for n in NATIVE {
        assert!(
            ISA_FLAGS.iter().any(|(b, _)| *b == n.3),
            "{}: no ISA flags for {}",
            n.4,
            n.3
        );
    }
}

#[test]
fn field_globs_are_cmakes() {
    let text = std::fs::read_to_string(c_dir().join("src/field/sources.cmake")).unwrap();
    for g in [
        "src/field/generated/*.c",
        "src/field/generated/c/*.c",
        "src/field/generated/c32/*.c",
    ] {
        assert!(
            text.contains(g),
            "src/field/sources.cmake no longer globs {g}"
        );
        let ours = g.strip_prefix("src/").unwrap();
        assert!(
            PORTABLE.iter().any(|(_, f)| f.contains(&ours)),
            "sources.rs lacks {ours}"
        );
    }
    let asm: BTreeSet<&str> = ASM.iter().map(|a| a.2.split('/').nth(2).unwrap()).collect();
    let backends = std::fs::read_to_string(c_dir().join("cmake/backends.cmake")).unwrap();
    for line in backends.lines() {
        if let Some(rest) = line.trim().strip_prefix("set(LF_ASM_TARGETS") {
            for t in rest.trim_end_matches(')').split_whitespace() {
                assert!(
                    asm.contains(t),
                    "assembly of {t} (cmake/backends.cmake) not in sources.rs"
                );
            }
        }
    }
}
