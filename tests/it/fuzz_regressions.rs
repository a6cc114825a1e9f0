//! The fuzz targets' property checks (tests/it/fuzz_props), run without a fuzzer:
//! saved inputs from tests/fuzz-regressions/<target>/ (crashes the fuzzer
//! found, kept once fixed) and a seeded pseudo-random sweep.
//!
//! `WENC_FUZZ_SWEEP=N` changes the sweep size (default 3000 per target).
//! `write_fuzz_seeds` (ignored) writes seed corpora for the fuzzer to
//! `$WENC_FUZZ_SEED_DIR/<target>/` from the Wikipedia corpus (fuzz/run.sh
//! calls it).

use crate::fuzz_props;
use fuzz_props::{check_decode, check_differential, check_driver, check_encode, Rng, Set};
use std::path::{Path, PathBuf};

type Check = fn(&[u8], Set) -> bool;

const TARGETS: &[(&str, Check, Set)] = &[
    ("decode", check_decode, Set::All),
    ("decode_multibyte", check_decode, Set::Multibyte),
    ("encode", check_encode, Set::All),
    ("encode_multibyte", check_encode, Set::Multibyte),
    ("differential", differential, Set::All),
    ("decode_historical", check_decode, Set::Historical),
    ("encode_historical", check_encode, Set::Historical),
    ("driver", driver, Set::All),
];

fn differential(data: &[u8], _: Set) -> bool {
    check_differential(data)
}

fn driver(data: &[u8], _: Set) -> bool {
    fuzz_props::check_guards(data);
    check_driver(data)
}

/// The guards' check refuses UTF-16 text with U+0000 at the first run (its
/// UTF-8, `a\0b\0`, would read as UTF-16 again): `check_guards` answers
/// that nothing was converted, rather than failing on the second run.
#[test]
fn the_guards_refuse_utf16_text_with_nul_characters() {
    let all: Vec<_> = wenc::codec::Encoding::all().collect();
    let utf16 = all
        .iter()
        .position(|&e| e == wenc::codec::UTF_16LE)
        .unwrap();
    let mut data = vec![utf16 as u8];
    data.extend_from_slice(b"a\0\0\0b\0\0\0");
    assert!(!fuzz_props::check_guards(&data));
    data.truncate(1);
    data.extend_from_slice(
        "caf\u{E9}, Z\u{FC}rich\0"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect::<Vec<_>>()
            .as_slice(),
    );
    assert!(
        fuzz_props::check_guards(&data),
        "one U+0000 in text converts (its UTF-8 is no UTF-16)"
    );
}

fn regressions_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-regressions")
}

#[test]
fn saved_fuzz_inputs_pass() {
    let mut count = 0;
    for (target, check, set) in TARGETS {
        let Ok(entries) = std::fs::read_dir(regressions_dir().join(target)) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
        paths.sort();
        for path in paths {
            let data = std::fs::read(&path).expect("readable regression input");
            eprintln!("replaying {}", path.display());
            check(&data, *set);
            count += 1;
        }
    }
    eprintln!("{count} saved inputs replayed");
}

/// Short excerpts of real text in several encodings, so random inputs reach
/// valid multi-byte sequences.
fn samples() -> Vec<Vec<u8>> {
    let text =
        "Mars est la quatrième planète — Марс — 火星は太陽系の第4惑星 ｶﾀｶﾅ — 화성 — 火星是太陽系 \
                ÊÊ̄ ¥‾−€ \u{E5E5}\u{E78D} 𠀋";
    let mut out = vec![text.as_bytes().to_vec()];
    for name in MULTI {
        let enc = wenc::codec::Encoding::for_label(name.as_bytes()).expect("known");
        if let Some((bytes, _)) = enc.encode(text) {
            out.push(bytes);
        }
    }
    for enc in wenc::codec::Encoding::historical() {
        out.push(enc.encode(text).expect("encodes").0);
    }
    out
}

const MULTI: &[&str] = &[
    "gb18030",
    "Big5",
    "EUC-JP",
    "ISO-2022-JP",
    "Shift_JIS",
    "EUC-KR",
    "UTF-16LE",
];

#[test]
fn seeded_random_inputs_pass() {
    let n: usize = std::env::var("WENC_FUZZ_SWEEP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    let samples = samples();
    for (i, (target, check, set)) in TARGETS.iter().enumerate() {
        let mut rng = Rng::new(0x5EED_0000 + i as u64);
        for _ in 0..n {
            let input = rng.input(&samples);
            let ok = std::panic::catch_unwind(|| check(&input, *set));
            if ok.is_err() {
                panic!("{target}: property failed for input {input:02X?}");
            }
        }
    }
}

/// Writes seed corpora from the Wikipedia corpus (see the module docs).
#[test]
#[ignore]
fn write_fuzz_seeds() {
    let out = PathBuf::from(std::env::var_os("WENC_FUZZ_SEED_DIR").expect("WENC_FUZZ_SEED_DIR"));
    let corpus = crate::shared::corpus();
    let mut written = 0;
    for (target, _, set) in TARGETS {
        let dir = out.join(target);
        std::fs::create_dir_all(&dir).expect("seed dir");
        let encoders = target.starts_with("encode");
        let list: Vec<&'static wenc::codec::Encoding> = if *set == Set::Historical {
            wenc::codec::Encoding::historical().collect()
        } else {
            wenc::codec::Encoding::all()
                .filter(|e| !encoders || e.can_encode())
                .filter(|e| *set == Set::All || fuzz_props::MULTIBYTE.contains(&e.name()))
                .collect()
        };
        for entry in std::fs::read_dir(&corpus).expect("corpus dir") {
            let path = entry.expect("entry").path();
            if path.extension().is_none_or(|e| e != "txt") {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            // A 400-byte excerpt at a char boundary.
            let mut start = text.len() / 3;
            while !text.is_char_boundary(start) {
                start -= 1;
            }
            let mut end = (start + 400).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let excerpt = &text[start..end];
            for (index, enc) in list.iter().enumerate() {
                let payload = if encoders {
                    excerpt.as_bytes().to_vec()
                } else {
                    match enc.encode(excerpt) {
                        // Skip pairings that are mostly references (Thai in Big5...).
                        Some((bytes, true)) if 2 * bytes.len() > 3 * excerpt.len() => continue,
                        Some((bytes, _)) => bytes,
                        None => excerpt.as_bytes().to_vec(),
                    }
                };
                let mut seed = vec![index as u8, 0x05, 0x02, 0x07, 0x00, 0xC8, 0x00];
                seed.extend_from_slice(&payload);
                let name = format!(
                    "{}-{}",
                    enc.name(),
                    path.file_stem().unwrap().to_string_lossy()
                );
                std::fs::write(dir.join(name), seed).expect("write seed");
                written += 1;
            }
        }
    }
    eprintln!("{written} seeds written to {}", out.display());
}
