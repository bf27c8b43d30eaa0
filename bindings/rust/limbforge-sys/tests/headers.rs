/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! The hand-written declarations against the C headers: every `lf_`
//! prototype of the enabled modules' headers must be declared in Rust with
//! the same name, parameter types and return type, and every Rust
//! declaration must still be in a header.  Also the error codes, the
//! back-end enum and the byte-size constants against their #defines.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn include_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("c/include/limbforge")
}

/// Header file -> the cargo feature that builds its module.
fn feature_of(header: &str) -> &'static str {
    match header {
        "limbforge.h" | "backends.h" => "core",
        "fields.h" => "field",
        "mp.h" => "mp",
        "poly1305.h" | "chacha20.h" | "aead.h" => "poly1305",
        "ntt.h" => "ntt",
        "sha256.h" | "sha3.h" => "hash",
        "secp256k1.h" | "secp256k1_schnorr.h" => "secp256k1",
        "mlkem.h" => "mlkem",
        h if h.starts_with("field/") => "field",
        h => panic!("a header this test does not know: {h} (add it to feature_of)"),
    }
}

fn enabled(feature: &str) -> bool {
    match feature {
        "core" => true,
        "field" => cfg!(feature = "field"),
        "mp" => cfg!(feature = "mp"),
        "poly1305" => cfg!(feature = "poly1305"),
        "ntt" => cfg!(feature = "ntt"),
        "hash" => cfg!(feature = "hash"),
        "secp256k1" => cfg!(feature = "secp256k1"),
        "mlkem" => cfg!(feature = "mlkem"),
        _ => unreachable!(),
    }
}

/// Every header, as (name relative to include/limbforge, text).
fn headers() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for sub in ["", "field/"] {
        let dir = include_dir().join(sub);
        let mut names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "h"))
            .collect();
        names.sort();
        for p in names {
            let name = format!("{sub}{}", p.file_name().unwrap().to_string_lossy());
            out.push((name, std::fs::read_to_string(&p).unwrap()));
        }
    }
    assert!(
        out.len() >= 20,
        "headers not found under {}",
        include_dir().display()
    );
    out
}

/// Comments and preprocessor lines out; the C++ guard out; brace bodies
/// (structs, enums) out.
fn flatten(text: &str) -> String {
    let mut s = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("/*") {
        s.push_str(&rest[..i]);
        let j = rest[i..].find("*/").expect("unterminated comment") + i + 2;
        s.push(' ');
        rest = &rest[j..];
    }
    s.push_str(rest);
    let s = s.replace("\\\n", " "); // #define continuation lines
    let lines: Vec<&str> = s
        .lines()
        .map(|l| l.split("//").next().unwrap())
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter(|l| !l.contains("extern \"C\"") && l.trim() != "}")
        .collect();
    let joined = lines.join("\n");
    let mut flat = String::new();
    let mut depth = 0;
    for c in joined.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => flat.push(c),
            _ => {}
        }
    }
    flat
}

fn rust_base(c: &str) -> String {
    match c {
        "uint8_t" => "u8",
        "int16_t" => "i16",
        "uint16_t" => "u16",
        "uint32_t" => "u32",
        "int32_t" => "i32",
        "uint64_t" => "u64",
        "int64_t" => "i64",
        "size_t" => "usize",
        "int" => "c_int",
        "unsigned" => "c_uint",
        "char" => "c_char",
        "void" => "c_void",
        t if t.starts_with("lf_") => t,
        t => panic!("C type {t} has no mapping in this test"),
    }
    .to_string()
}

/// One C parameter (or a return type, `name` empty) as the Rust type.
fn rust_type(param: &str) -> String {
    let p = param.trim();
    // const T (*name)[N]  ->  *const [T; N]
    if let Some(open) = p.find("(*") {
        let close = p.find(')').unwrap();
        let n = p[close + 1..]
            .trim()
            .trim_start_matches('[')
            .trim_end_matches(']');
        let base: Vec<&str> = p[..open].split_whitespace().collect();
        let cnst = base.contains(&"const");
        let t = rust_base(base.last().unwrap());
        return format!("*{} [{t}; {n}]", if cnst { "const" } else { "mut" });
    }
    let spaced = p.replace('*', " * ");
    let mut toks: Vec<&str> = spaced.split_whitespace().collect();
    let mut ptr = 0;
    let cnst = toks.first() == Some(&"const");
    toks.retain(|t| *t != "const");
    ptr += toks.iter().filter(|t| **t == "*").count();
    toks.retain(|t| *t != "*");
    // the last token is the parameter name when there are two identifiers;
    // an array parameter `T name[N]` is a pointer
    if toks.len() == 2 {
        if toks[1].contains('[') {
            ptr += 1;
        }
        toks.pop();
    }
    assert_eq!(toks.len(), 1, "cannot read the C parameter `{p}`");
    let mut t = rust_base(toks[0]);
    for i in 0..ptr {
        let c = if i == 0 && cnst { "const" } else { "mut" };
        t = format!("*{c} {t}");
    }
    t
}

fn norm(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// name -> (header, Rust signature) for every lf_ prototype of the header.
fn prototypes(header: &str, text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for stmt in flatten(text).split(';') {
        let stmt = stmt
            .replace("LF_WARN_UNUSED", " ")
            .replace("LF_API_BEGIN", " ")
            .replace("LF_API_END", " ");
        let stmt = stmt.trim();
        if stmt.is_empty() || stmt.starts_with("typedef") || !stmt.contains('(') {
            continue;
        }
        let open = stmt.find('(').unwrap();
        let close = stmt.rfind(')').unwrap();
        let head = stmt[..open].trim();
        let name_at = head
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let name = &head[name_at..];
        assert!(
            name.starts_with("lf_"),
            "{header}: a declaration not named lf_*: `{stmt}`"
        );
        let ret = head[..name_at].trim();
        let params = &stmt[open + 1..close];
        let mut sig = String::from("(");
        if params.trim() != "void" {
            let mut depth = 0;
            let mut cur = String::new();
            let mut parts = Vec::new();
            for c in params.chars() {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    ',' if depth == 0 => {
                        parts.push(std::mem::take(&mut cur));
                        continue;
                    }
                    _ => {}
                }
                cur.push(c);
            }
            parts.push(cur);
            for p in parts {
                sig.push_str(&rust_type(&p));
                sig.push(',');
            }
        }
        sig.push(')');
        if ret != "void" {
            sig.push_str("->");
            sig.push_str(&rust_type(ret));
        }
        out.push((name.to_string(), norm(&sig)));
    }
    out
}

#[test]
fn declarations_match_headers() {
    let mut c: BTreeMap<String, (String, String)> = BTreeMap::new();
    let mut disabled = 0;
    for (h, text) in headers() {
        let protos = prototypes(&h, &text);
        if !enabled(feature_of(&h)) {
            disabled += protos.len();
            continue;
        }
        for (name, sig) in protos {
            assert!(
                c.insert(name.clone(), (h.clone(), sig)).is_none(),
                "{name} declared twice"
            );
        }
    }
    let rust: BTreeMap<&str, String> = limbforge_sys::declarations()
        .map(|d| (d.name, norm(d.sig)))
        .collect();
    // every address is taken: a symbol missing from the archive (a module
    // left out that another one needs) fails to link this test
    assert!(limbforge_sys::declarations().all(|d| !d.addr.is_null()));
    let mut errors = Vec::new();
    for (name, (h, sig)) in &c {
        match rust.get(name.as_str()) {
            None => errors.push(format!("{h}: {name} has no Rust declaration (C: {sig})")),
            Some(r) if r != sig => errors.push(format!("{h}: {name}: C says {sig}, Rust says {r}")),
            _ => {}
        }
    }
    for name in rust.keys() {
        if !c.contains_key(*name) {
            errors.push(format!(
                "{name} is declared in Rust but in no enabled header"
            ));
        }
    }
    assert!(
        errors.is_empty(),
        "{} mismatches:\n{}",
        errors.len(),
        errors.join("\n")
    );
    // the test must have seen something: all modules on gives 11 fields x 31
    // functions and about 100 more
    if cfg!(all(
        feature = "field",
        feature = "secp256k1",
        feature = "mlkem",
        feature = "mp"
    )) {
        assert!(c.len() > 400, "only {} prototypes parsed", c.len());
    }
    eprintln!(
        "{} prototypes checked ({} in disabled modules)",
        c.len(),
        disabled
    );
}

/// The parser itself: a mismatch must be reported (the test can fail).
#[test]
fn parser_reads_what_it_should() {
    let h = "LF_WARN_UNUSED int lf_x(const uint8_t (*s)[32], uint64_t r[4], const char *n,\n\
             void *p, size_t k);\nvoid lf_y(void);\ntypedef struct { uint64_t d[8]; } lf_t;\n\
             /* int lf_commented(void); */\nlf_backend lf_z(lf_backend b);";
    let p = prototypes("x.h", h);
    assert_eq!(
        p,
        vec![
            (
                "lf_x".into(),
                norm("(*const [u8; 32], *mut u64, *const c_char, *mut c_void, usize,) -> c_int")
            ),
            ("lf_y".into(), "()".into()),
            ("lf_z".into(), norm("(lf_backend,)->lf_backend")),
        ]
    );
    // a Rust declaration with a swapped parameter type differs
    assert_ne!(
        norm("(*mut u64, *const u8,)"),
        norm("(*const u8, *mut u64,)")
    );
}

fn defines() -> BTreeMap<String, i128> {
    let mut out = BTreeMap::new();
    for (_, text) in headers() {
        for line in text.lines() {
            let mut t = line.split_whitespace();
            if t.next() != Some("#define") {
                continue;
            }
            let (Some(name), Some(v)) = (t.next(), t.next()) else {
                continue;
            };
            let v = v
                .trim_start_matches('(')
                .trim_end_matches(')')
                .trim_end_matches("ULL");
            if let Ok(x) = v.parse::<i128>() {
                out.insert(name.to_string(), x);
            }
        }
    }
    out
}

#[test]
fn constants_match_headers() {
    use limbforge_sys::*;
    let d = defines();
    #[allow(unused_mut)] // modules may be left out
    let mut consts: Vec<(&str, i128)> = vec![
        ("LF_OK", LF_OK as i128),
        ("LF_ERR_RANGE", LF_ERR_RANGE as i128),
        ("LF_ERR_PARAM", LF_ERR_PARAM as i128),
        ("LF_ERR_UNAVAILABLE", LF_ERR_UNAVAILABLE as i128),
        ("LF_ERR_AUTH", LF_ERR_AUTH as i128),
        ("LF_ERR_VERIFY", LF_ERR_VERIFY as i128),
        ("LF_ERR_INVALID", LF_ERR_INVALID as i128),
        ("LF_ERR_FAULT", LF_ERR_FAULT as i128),
    ];
    #[cfg(feature = "poly1305")]
    consts.extend([
        ("LF_POLY1305_KEYBYTES", LF_POLY1305_KEYBYTES as i128),
        ("LF_POLY1305_TAGBYTES", LF_POLY1305_TAGBYTES as i128),
        ("LF_CHACHA20_KEYBYTES", LF_CHACHA20_KEYBYTES as i128),
        ("LF_CHACHA20_NONCEBYTES", LF_CHACHA20_NONCEBYTES as i128),
        ("LF_CHACHA20_BLOCKBYTES", LF_CHACHA20_BLOCKBYTES as i128),
        (
            "LF_CHACHA20POLY1305_KEYBYTES",
            LF_CHACHA20POLY1305_KEYBYTES as i128,
        ),
        (
            "LF_CHACHA20POLY1305_NONCEBYTES",
            LF_CHACHA20POLY1305_NONCEBYTES as i128,
        ),
        (
            "LF_CHACHA20POLY1305_TAGBYTES",
            LF_CHACHA20POLY1305_TAGBYTES as i128,
        ),
        (
            "LF_CHACHA20POLY1305_MAXBYTES",
            LF_CHACHA20POLY1305_MAXBYTES as i128,
        ),
    ]);
    #[cfg(feature = "mp")]
    consts.push(("LF_MP_MAX_LIMBS", LF_MP_MAX_LIMBS as i128));
    #[cfg(feature = "ntt")]
    consts.extend([
        ("LF_NTT_Q", LF_NTT_Q as i128),
        ("LF_MLKEM_NTT_LAZY_IN_MAX", LF_MLKEM_NTT_LAZY_IN_MAX as i128),
        (
            "LF_MLKEM_NTT_LAZY_OUT_MAX",
            LF_MLKEM_NTT_LAZY_OUT_MAX as i128,
        ),
        (
            "LF_MLKEM_BASEMUL_LAZY_IN_MAX",
            LF_MLKEM_BASEMUL_LAZY_IN_MAX as i128,
        ),
        (
            "LF_MLKEM_BASEMUL_LAZY_OUT_MAX",
            LF_MLKEM_BASEMUL_LAZY_OUT_MAX as i128,
        ),
        (
            "LF_MLKEM_INVNTT_LAZY_IN_MAX",
            LF_MLKEM_INVNTT_LAZY_IN_MAX as i128,
        ),
        (
            "LF_MLKEM_INVNTT_LAZY_OUT_MAX",
            LF_MLKEM_INVNTT_LAZY_OUT_MAX as i128,
        ),
    ]);
    #[cfg(feature = "hash")]
    consts.extend([
        ("LF_SHA256_BYTES", LF_SHA256_BYTES as i128),
        ("LF_SHA256_BLOCKBYTES", LF_SHA256_BLOCKBYTES as i128),
        ("LF_SHA3_256_BYTES", LF_SHA3_256_BYTES as i128),
        ("LF_SHA3_512_BYTES", LF_SHA3_512_BYTES as i128),
        ("LF_SHAKE128_RATE", LF_SHAKE128_RATE as i128),
        ("LF_SHAKE256_RATE", LF_SHAKE256_RATE as i128),
    ]);
    #[cfg(feature = "secp256k1")]
    consts.extend([
        (
            "LF_SECP256K1_SECKEY_BYTES",
            LF_SECP256K1_SECKEY_BYTES as i128,
        ),
        (
            "LF_SECP256K1_PUBKEY_COMPRESSED_BYTES",
            LF_SECP256K1_PUBKEY_COMPRESSED_BYTES as i128,
        ),
        (
            "LF_SECP256K1_PUBKEY_UNCOMPRESSED_BYTES",
            LF_SECP256K1_PUBKEY_UNCOMPRESSED_BYTES as i128,
        ),
        ("LF_SECP256K1_SIG_BYTES", LF_SECP256K1_SIG_BYTES as i128),
        (
            "LF_SECP256K1_DER_MAX_BYTES",
            LF_SECP256K1_DER_MAX_BYTES as i128,
        ),
        ("LF_SECP256K1_XONLY_BYTES", LF_SECP256K1_XONLY_BYTES as i128),
        (
            "LF_SECP256K1_SCHNORR_BYTES",
            LF_SECP256K1_SCHNORR_BYTES as i128,
        ),
    ]);
    #[cfg(feature = "mlkem")]
    consts.extend([
        ("LF_MLKEM_SS_BYTES", LF_MLKEM_SS_BYTES as i128),
        ("LF_MLKEM_SEED_BYTES", LF_MLKEM_SEED_BYTES as i128),
        ("LF_MLKEM_MSG_BYTES", LF_MLKEM_MSG_BYTES as i128),
        ("LF_MLKEM512_EK_BYTES", LF_MLKEM512_EK_BYTES as i128),
        ("LF_MLKEM512_DK_BYTES", LF_MLKEM512_DK_BYTES as i128),
        ("LF_MLKEM512_CT_BYTES", LF_MLKEM512_CT_BYTES as i128),
        ("LF_MLKEM768_EK_BYTES", LF_MLKEM768_EK_BYTES as i128),
        ("LF_MLKEM768_DK_BYTES", LF_MLKEM768_DK_BYTES as i128),
        ("LF_MLKEM768_CT_BYTES", LF_MLKEM768_CT_BYTES as i128),
        ("LF_MLKEM1024_EK_BYTES", LF_MLKEM1024_EK_BYTES as i128),
        ("LF_MLKEM1024_DK_BYTES", LF_MLKEM1024_DK_BYTES as i128),
        ("LF_MLKEM1024_CT_BYTES", LF_MLKEM1024_CT_BYTES as i128),
    ]);
    for (name, v) in consts {
        assert_eq!(d.get(name), Some(&v), "{name}");
    }
    // the back-end enum: LF_BACKEND_<NAME> in order, and the names list
    let text = std::fs::read_to_string(include_dir().join("backends.h")).unwrap();
    let names: Vec<String> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("LF_BACKEND_"))
        .map(|l| l.split([',', ' ']).next().unwrap().to_string())
        .collect();
    let rust = [
        ("C", LF_BACKEND_C),
        ("X86_64", LF_BACKEND_X86_64),
        ("X86_64_ADX", LF_BACKEND_X86_64_ADX),
        ("AVX2", LF_BACKEND_AVX2),
        ("AVX512", LF_BACKEND_AVX512),
        ("AVX512IFMA", LF_BACKEND_AVX512IFMA),
        ("AARCH64", LF_BACKEND_AARCH64),
        ("NEON", LF_BACKEND_NEON),
        ("RV64", LF_BACKEND_RV64),
        ("RVV", LF_BACKEND_RVV),
        ("PPC64LE", LF_BACKEND_PPC64LE),
        ("POWER9", LF_BACKEND_POWER9),
        ("C32", LF_BACKEND_C32),
        ("ARMV7", LF_BACKEND_ARMV7),
        ("ARMV7NEON", LF_BACKEND_ARMV7NEON),
        ("WASM_SIMD128", LF_BACKEND_WASM_SIMD128),
        ("S390X", LF_BACKEND_S390X),
        ("COUNT", LF_BACKEND_COUNT),
    ];
    let rust_names: Vec<String> = rust.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(names, rust_names, "backends.h changed");
    for (i, (n, v)) in rust.iter().enumerate() {
        assert_eq!(*v as usize, i, "LF_BACKEND_{n}");
    }
    let mlkem = std::fs::read_to_string(include_dir().join("mlkem.h")).unwrap();
    assert!(mlkem.contains("LF_MLKEM_512 = 2, LF_MLKEM_768 = 3, LF_MLKEM_1024 = 4 }"));
}
