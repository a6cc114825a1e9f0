//! Throughput of the detector on 64 KiB of real text in legacy encodings.
//!
//!     cargo run --release --example detect_speed [-- ROUNDS [FILTER]]
//!
//! Each Wikipedia article of ../shared/corpus/wikipedia (or $WENC_CORPUS),
//! encoded into each legacy encoding native to its language (the table of
//! examples/shared/units.rs, as `detect_eval --speed` builds them),
//! repeated or cut to 64 KiB, is detected ROUNDS times (default 5) with `detect` and with `sniff_whole`;
//! prints MB/s and the slowest inputs. FILTER keeps inputs whose name holds
//! it ("de windows-1252"), and ROUNDS 1 suits `valgrind --tool=callgrind`.

use std::time::Instant;
use wenc::codec::Encoding;
use wenc::detect::stats::{detect, PREFIX_LIMIT};

// The evaluation's table of languages and encodings (its lengths are not
// used here).
#[path = "shared/units.rs"]
#[allow(dead_code)]
mod units;
use units::PAIRS;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rounds: usize = args.first().map_or(5, |r| r.parse().expect("ROUNDS"));
    let filter = args.get(1).cloned().unwrap_or_default();
    // Else where build.rs found `../shared`.
    let shared = option_env!("WENC_SHARED").map(|d| format!("{d}/corpus/wikipedia"));
    let dir = std::env::var("WENC_CORPUS")
        .ok()
        .or(shared)
        .expect("WENC_CORPUS, or ../shared");
    let mut inputs = Vec::new();
    for &(lang, encodings) in PAIRS {
        let Ok(text) = std::fs::read_to_string(format!("{dir}/{lang}.txt")) else {
            eprintln!("no corpus at {dir}: skipped");
            return;
        };
        for &name in encodings {
            let label = format!("{lang} {name}");
            if !label.contains(&filter) {
                continue;
            }
            let enc = Encoding::for_label(name.as_bytes()).unwrap();
            let mut bytes = enc.encode(&text).unwrap().0;
            while bytes.len() < PREFIX_LIMIT {
                bytes.extend_from_within(..);
            }
            bytes.truncate(PREFIX_LIMIT);
            inputs.push((label, bytes));
        }
    }
    let mb = (rounds * inputs.len() * PREFIX_LIMIT) as f64 / 1e6;
    let mut slowest = Vec::new();
    let start = Instant::now();
    for (name, bytes) in &inputs {
        let one = Instant::now();
        for _ in 0..rounds {
            std::hint::black_box(detect(bytes, None));
        }
        slowest.push((one.elapsed().as_secs_f64() * 1e3 / rounds as f64, name));
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "detect: {} inputs of {PREFIX_LIMIT} bytes x {rounds}: {:.1} MB/s",
        inputs.len(),
        mb / secs
    );
    let start = Instant::now();
    for _ in 0..rounds {
        for (_, bytes) in &inputs {
            std::hint::black_box(wenc::detect::sniff_whole(bytes, None));
        }
    }
    println!(
        "sniff_whole: {:.1} MB/s",
        mb / start.elapsed().as_secs_f64()
    );
    slowest.sort_by(|a, b| b.0.total_cmp(&a.0));
    let top: Vec<String> = slowest
        .iter()
        .take(6)
        .map(|(ms, name)| format!("{name} {ms:.2} ms"))
        .collect();
    println!("slowest detect (mean): {}", top.join(", "));
}
