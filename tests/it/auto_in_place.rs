//! Right, or refused (issue 20), as a property over evaluation text: no
//! in-place conversion with `-f auto` writes text that differs from what
//! the true encoding gives. Samples of the Wikipedia corpus at every length
//! the detector is evaluated at (10 to 1000 characters), in each language's
//! legacy encodings and UTF-8, are written to a folder, converted by one
//! `wenc -i -r -f auto` run, and each file is then either its true text in
//! UTF-8 or left as it was (a refusal; counted and printed, never a
//! failure).

use crate::shared;
use assert_cmd::Command;
use std::collections::BTreeMap;
use std::fs;

#[path = "../../examples/shared/units.rs"]
mod units;
use units::{LENGTHS, PAIRS};

/// Samples per (language, encoding, length): enough to cross every pair at
/// every length, few enough for one quick run (about 600 files).
const SAMPLES: usize = 3;

/// Up to `count` samples of `len` characters, evenly spaced over `text`,
/// taken from its second half (the evaluation's held-out half).
fn samples(text: &str, len: usize, count: usize) -> Vec<String> {
    let chars: Vec<char> = text.chars().skip(text.chars().count() / 2).collect();
    let room = chars.len().saturating_sub(len);
    (0..count)
        .map(|i| {
            chars[i * room / count..][..len.min(chars.len())]
                .iter()
                .collect()
        })
        .collect()
}

/// One sample file: its bytes and the text the true encoding reads.
struct Unit {
    bytes: Vec<u8>,
    truth: String,
    len: usize,
}

fn units() -> BTreeMap<String, Unit> {
    let mut units = BTreeMap::new();
    for &(lang, encodings) in PAIRS {
        let text = fs::read_to_string(shared::corpus().join(format!("{lang}.txt"))).unwrap();
        for &name in encodings.iter().chain(&["UTF-8"]) {
            let encoding = encoding_rs::Encoding::for_label(name.as_bytes()).unwrap();
            for len in LENGTHS {
                for (i, sample) in samples(&text, len, SAMPLES).into_iter().enumerate() {
                    let bytes = encoding.encode(&sample).0.into_owned();
                    if bytes.iter().all(|&b| b < 0x80 && b != 0x1B) {
                        continue; // pure ASCII: nothing to detect
                    }
                    let truth = encoding.decode_without_bom_handling(&bytes).0.into_owned();
                    let file = format!("{lang}-{name}-{len}-{i}.txt");
                    units.insert(file, Unit { bytes, truth, len });
                }
            }
        }
    }
    units
}

#[test]
#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]
fn auto_in_place_writes_the_true_text_or_nothing() {
    let units = units();
    assert!(units.len() > 400, "{} units", units.len());
    let dir = tempfile::tempdir().unwrap();
    for (name, unit) in &units {
        fs::write(dir.path().join(name), &unit.bytes).unwrap();
    }
    let out = Command::cargo_bin("wenc")
        .unwrap()
        .args(["-i", "-r", "-f", "auto"])
        .arg(dir.path())
        .output()
        .unwrap();
    // 0: all converted; 1: some refused (each refusal is checked below).
    assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
    let mut refused: BTreeMap<usize, (u32, u32)> = BTreeMap::new();
    let mut wrong = Vec::new();
    for (name, unit) in &units {
        let after = fs::read(dir.path().join(name)).unwrap();
        let tally = refused.entry(unit.len).or_default();
        tally.1 += 1;
        if after == unit.truth.as_bytes() {
            continue;
        }
        if after == unit.bytes {
            tally.0 += 1;
            continue;
        }
        wrong.push(format!("{name}: {:?}", String::from_utf8_lossy(&after)));
    }
    let shown: Vec<String> = refused
        .iter()
        .map(|(len, (r, n))| format!("{len}: {r} of {n}"))
        .collect();
    eprintln!("refused, by length: {}", shown.join(", "));
    assert!(wrong.is_empty(), "written wrong:\n{}", wrong.join("\n"));
}
