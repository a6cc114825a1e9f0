//! Codec throughput: wenc's streaming codec against encoding_rs, side by side,
//! on the Wikipedia corpus (every language, `.txt` and `.html`) in each
//! language's legacy encodings, plus UTF-16LE and UTF-8 decoding.
//!
//! ```text
//! cd bench                                   # a package of its own
//! cargo bench --bench codec                 # every row, ~1-2 minutes
//! cargo bench --bench codec -- ja Big5      # rows whose name contains any word
//! WENC_BENCH_QUICK=1 cargo bench --bench codec   # smoke test: tiny time budget
//! WENC_BENCH_CRITERION=1 cargo bench --bench codec -- ko   # also criterion groups
//! ```
//!
//! Both sides run the same loop: a fresh decoder/encoder per pass, the whole
//! input fed with `last = true` into a reused 64 KiB buffer until the input is
//! consumed, replacement mode for decoders (`decode_with_replacement` /
//! `decode_to_utf8`) and html mode for encoders (`encode_with_html` /
//! `encode_from_utf8`). Decode inputs are encoding_rs's html-mode encoding of
//! the article, so characters the encoding lacks are numeric references and
//! decoding meets no errors.
//!
//! Each row is timed best-of-N: wenc and encoding_rs passes alternate until
//! the row's time budget is spent, and the fastest pass of each counts (a
//! shared, noisy machine mostly adds time, so the minimum is the stable
//! figure). MB/s is 10^6 input bytes per second: encoded bytes for decode
//! rows, UTF-8 bytes for encode rows. Before timing, both outputs are compared;
//! a row whose outputs differ is flagged (`DIFF`) and one where wenc panics
//! (an unimplemented family) is reported as such.
//!
//! Environment: `WENC_BENCH_QUICK=1` (5 ms per row), `WENC_BENCH_BUDGET_MS=N`
//! (time per row, default 500), `WENC_BENCH_BUF=N` (output buffer size in
//! bytes instead of 64 KiB), `WENC_CORPUS=dir` (corpus location; default
//! `../shared/corpus/wikipedia` from the crate, or `../../shared/...` from a
//! worktree), `WENC_BENCH_CRITERION=1` (also run criterion groups for the
//! selected rows). Without `--bench` on the command line (`cargo test
//! --benches`) every row runs once, as a smoke test.

use std::hint::black_box;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use wenc::codec::CoderStatus;

/// Output buffer size (`WENC_BENCH_BUF` overrides it for experiments).
const BUF_LEN: usize = 64 * 1024;

/// Each language and its legacy encodings (names as both libraries spell them).
const LANGUAGES: &[(&str, &[&str])] = &[
    ("ar", &["windows-1256"]),
    ("cs", &["windows-1250"]),
    ("de", &["windows-1252"]),
    ("el", &["windows-1253"]),
    ("en", &["windows-1252"]),
    ("fr", &["windows-1252"]),
    ("he", &["windows-1255"]),
    ("ja", &["Shift_JIS", "EUC-JP", "ISO-2022-JP"]),
    ("ko", &["EUC-KR"]),
    ("pt", &["windows-1252"]),
    ("ru", &["windows-1251", "KOI8-R"]),
    ("th", &["windows-874"]),
    ("tr", &["windows-1254"]),
    ("vi", &["windows-1258"]),
    ("zh_cn", &["gb18030", "GBK"]),
    ("zh_tw", &["Big5"]),
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Decode,
    Encode,
}

struct Row {
    name: String,
    direction: Direction,
    wenc: &'static wenc::codec::Encoding,
    rs: &'static encoding_rs::Encoding,
    /// Encoded bytes for decode rows, UTF-8 text for encode rows.
    input: Vec<u8>,
}

impl Row {
    /// An encode row's text, not validated again: inside the timed passes,
    /// `from_utf8` over Latin text cost more than either encoder (fr.txt:
    /// about 115 us of wenc's 155 us pass), hiding their difference.
    fn text(&self) -> &str {
        assert!(
            self.direction == Direction::Encode,
            "decode rows hold bytes"
        );
        // SAFETY: encode rows are built from a `String` (`build_rows`).
        unsafe { std::str::from_utf8_unchecked(&self.input) }
    }

    /// One wenc pass; returns the output length (and hands every output
    /// chunk to `sink`).
    fn run_wenc(&self, buf: &mut [u8], mut sink: impl FnMut(&[u8])) -> usize {
        let mut total = 0;
        let mut read = 0;
        match self.direction {
            Direction::Decode => {
                let mut decoder = self.wenc.new_decoder_without_bom_handling();
                loop {
                    let step = decoder.decode_with_replacement(&self.input[read..], buf, true);
                    read += step.read;
                    total += step.written;
                    sink(&buf[..step.written]);
                    if step.status == CoderStatus::InputEmpty {
                        return total;
                    }
                }
            }
            Direction::Encode => {
                let text = self.text();
                let mut encoder = self.wenc.new_encoder().expect("encodable");
                loop {
                    let step = encoder.encode_with_html(&text[read..], buf, true);
                    read += step.read;
                    total += step.written;
                    sink(&buf[..step.written]);
                    if step.status == CoderStatus::InputEmpty {
                        return total;
                    }
                }
            }
        }
    }

    /// One encoding_rs pass, the same shape as [`Row::run_wenc`].
    fn run_rs(&self, buf: &mut [u8], mut sink: impl FnMut(&[u8])) -> usize {
        let mut total = 0;
        let mut read = 0;
        match self.direction {
            Direction::Decode => {
                let mut decoder = self.rs.new_decoder_without_bom_handling();
                loop {
                    let (result, r, w, _) = decoder.decode_to_utf8(&self.input[read..], buf, true);
                    read += r;
                    total += w;
                    sink(&buf[..w]);
                    if result == encoding_rs::CoderResult::InputEmpty {
                        return total;
                    }
                }
            }
            Direction::Encode => {
                let text = self.text();
                let mut encoder = self.rs.new_encoder();
                loop {
                    let (result, r, w, _) = encoder.encode_from_utf8(&text[read..], buf, true);
                    read += r;
                    total += w;
                    sink(&buf[..w]);
                    if result == encoding_rs::CoderResult::InputEmpty {
                        return total;
                    }
                }
            }
        }
    }
}

fn corpus_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("WENC_CORPUS") {
        return Some(PathBuf::from(dir));
    }
    // This package is bench/ inside the crate, which sits next to `shared/`
    // (a git worktree one level deeper).
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    [
        manifest.join("../../shared/corpus/wikipedia"),
        manifest.join("../../../shared/corpus/wikipedia"),
    ]
    .into_iter()
    .find(|d| d.join("en.txt").is_file())
}

fn build_rows(dir: &std::path::Path) -> Vec<Row> {
    let wenc_for = |name: &str| {
        wenc::codec::Encoding::for_label(name.as_bytes())
            .unwrap_or_else(|| panic!("wenc lacks {name}"))
    };
    let rs_for = |name: &str| {
        encoding_rs::Encoding::for_label(name.as_bytes())
            .unwrap_or_else(|| panic!("encoding_rs lacks {name}"))
    };
    let mut rows = Vec::new();
    for ext in ["txt", "html"] {
        for (lang, encodings) in LANGUAGES {
            let path = dir.join(format!("{lang}.{ext}"));
            let Ok(text) = std::fs::read_to_string(&path) else {
                eprintln!("skipping {} (unreadable or not UTF-8)", path.display());
                continue;
            };
            let file = format!("{lang}.{ext}");
            for &name in *encodings {
                let rs = rs_for(name);
                let (encoded, _, _) = rs.encode(&text);
                rows.push(Row {
                    name: format!("{file} {name} decode"),
                    direction: Direction::Decode,
                    wenc: wenc_for(name),
                    rs,
                    input: encoded.into_owned(),
                });
                rows.push(Row {
                    name: format!("{file} {name} encode"),
                    direction: Direction::Encode,
                    wenc: wenc_for(name),
                    rs,
                    input: text.as_bytes().to_vec(),
                });
            }
            let utf16le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
            rows.push(Row {
                name: format!("{file} UTF-16LE decode"),
                direction: Direction::Decode,
                wenc: wenc_for("UTF-16LE"),
                rs: encoding_rs::UTF_16LE,
                input: utf16le,
            });
            rows.push(Row {
                name: format!("{file} UTF-8 decode"),
                direction: Direction::Decode,
                wenc: wenc_for("UTF-8"),
                rs: encoding_rs::UTF_8,
                input: text.into_bytes(),
            });
        }
    }
    rows
}

/// Runs `f` with panic messages silenced; `None` if it panicked.
fn quietly<T>(f: impl FnOnce() -> T) -> Option<T> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = catch_unwind(AssertUnwindSafe(f)).ok();
    std::panic::set_hook(hook);
    result
}

enum Check {
    Same,
    Differs,
    Panicked,
}

fn check(row: &Row, buf: &mut [u8]) -> Check {
    let mut theirs = Vec::new();
    row.run_rs(buf, |b| theirs.extend_from_slice(b));
    let mut ours = Vec::new();
    match quietly(|| row.run_wenc(buf, |b| ours.extend_from_slice(b))) {
        None => Check::Panicked,
        Some(_) if ours != theirs => Check::Differs,
        Some(_) => Check::Same,
    }
}

/// Best pass time of each side, in seconds (wenc `None` when skipped).
fn measure(row: &Row, buf: &mut [u8], budget: Duration, with_wenc: bool) -> (Option<f64>, f64) {
    // Batch passes so one sample lasts at least ~1 ms.
    let start = Instant::now();
    black_box(row.run_rs(buf, |b| {
        black_box(b);
    }));
    let once = start.elapsed().as_secs_f64().max(1e-7);
    let reps = ((1e-3 / once).ceil() as usize).clamp(1, 10_000);
    let sample = |f: &mut dyn FnMut()| {
        let t = Instant::now();
        for _ in 0..reps {
            f();
        }
        t.elapsed().as_secs_f64() / reps as f64
    };
    let (mut best_wenc, mut best_rs) = (f64::INFINITY, f64::INFINITY);
    let deadline = Instant::now() + budget;
    let mut rounds = 0;
    while rounds < 3 || Instant::now() < deadline {
        if with_wenc {
            best_wenc = best_wenc.min(sample(&mut || {
                black_box(row.run_wenc(buf, |b| {
                    black_box(b);
                }));
            }));
        }
        best_rs = best_rs.min(sample(&mut || {
            black_box(row.run_rs(buf, |b| {
                black_box(b);
            }));
        }));
        rounds += 1;
    }
    (with_wenc.then_some(best_wenc), best_rs)
}

struct Outcome {
    name: String,
    direction: Direction,
    wenc_mbs: Option<f64>,
    rs_mbs: f64,
    note: &'static str,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let bench_mode = args.iter().any(|a| a == "--bench");
    let filters: Vec<String> = args
        .iter()
        .filter(|a| !a.starts_with("--"))
        .map(|a| a.to_lowercase())
        .collect();
    let env_on = |k: &str| std::env::var(k).is_ok_and(|v| !v.is_empty() && v != "0");
    // `WENC_PATH=scalar` (or `ssse3`, `avx2`): wenc's kernels forced, for
    // before/after rows in one build.
    wenc::codec::force_path(match std::env::var("WENC_PATH").as_deref() {
        Ok("scalar") => Some(wenc::codec::SimdPath::Scalar),
        Ok("ssse3") => Some(wenc::codec::SimdPath::Ssse3),
        Ok("avx2") => Some(wenc::codec::SimdPath::Avx2),
        _ => None,
    });
    let quick = env_on("WENC_BENCH_QUICK") || !bench_mode;
    let budget_ms: u64 = std::env::var("WENC_BENCH_BUDGET_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if quick { 5 } else { 500 });
    let budget = Duration::from_millis(budget_ms);

    let Some(dir) = corpus_dir() else {
        println!(
            "codec bench: corpus not found (../shared/corpus/wikipedia next to the crate, \
             or set WENC_CORPUS); skipping"
        );
        return;
    };
    let rows: Vec<Row> = build_rows(&dir)
        .into_iter()
        .filter(|r| {
            let name = r.name.to_lowercase();
            filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()))
        })
        .collect();
    if rows.is_empty() {
        println!("codec bench: no row matches {filters:?}");
        return;
    }
    println!(
        "codec bench: {} rows from {}, {} ms per row{}",
        rows.len(),
        dir.display(),
        budget_ms,
        if quick { " (quick)" } else { "" }
    );
    if !bench_mode {
        println!(
            "(smoke test: not run by `cargo bench`, so figures may be from an unoptimised build)"
        );
    }

    let buf_len = std::env::var("WENC_BENCH_BUF")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(BUF_LEN);
    let mut buf = vec![0u8; buf_len];
    let mut outcomes = Vec::new();
    for row in &rows {
        let verdict = check(row, &mut buf);
        let with_wenc = !matches!(verdict, Check::Panicked);
        let (wenc_s, rs_s) = measure(row, &mut buf, budget, with_wenc);
        let mb = row.input.len() as f64 / 1e6;
        let outcome = Outcome {
            name: row.name.clone(),
            direction: row.direction,
            wenc_mbs: wenc_s.map(|s| mb / s),
            rs_mbs: mb / rs_s,
            note: match verdict {
                Check::Same => "",
                Check::Differs => "DIFF",
                Check::Panicked => "wenc panicked",
            },
        };
        eprintln!("{}", format_line(&outcome));
        outcomes.push(outcome);
    }

    if env_on("WENC_BENCH_CRITERION") {
        run_criterion(&rows, &mut buf, quick);
    }
    print_summary(&outcomes);
}

fn format_line(o: &Outcome) -> String {
    let (wenc, ratio) = match o.wenc_mbs {
        Some(w) => (format!("{w:9.0}"), format!("{:6.2}", w / o.rs_mbs)),
        None => (format!("{:>9}", "-"), format!("{:>6}", "-")),
    };
    let flag = match o.wenc_mbs {
        Some(w) if w < o.rs_mbs => " <",
        _ => "  ",
    };
    format!(
        "| {:<34} | {wenc} | {:9.0} | {ratio}{flag}| {:<13} |",
        o.name, o.rs_mbs, o.note
    )
}

fn print_summary(outcomes: &[Outcome]) {
    println!();
    println!("Summary (MB/s = 10^6 input bytes/s, best pass; ratio = wenc / encoding_rs; < marks wenc slower)");
    println!();
    println!(
        "| {:<34} | {:>9} | {:>9} | {:>8}| {:<13} |",
        "row", "wenc", "enc_rs", "ratio", "note"
    );
    println!(
        "|{:-<36}|{:-<11}|{:-<11}|{:-<9}|{:-<15}|",
        "", "", "", "", ""
    );
    for o in outcomes {
        println!("{}", format_line(o));
    }
    println!();
    for (label, dir) in [("decode", Direction::Decode), ("encode", Direction::Encode)] {
        let ratios: Vec<f64> = outcomes
            .iter()
            .filter(|o| o.direction == dir)
            .filter_map(|o| o.wenc_mbs.map(|w| w / o.rs_mbs))
            .collect();
        if ratios.is_empty() {
            continue;
        }
        let geo = (ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64).exp();
        let min = ratios.iter().copied().fold(f64::INFINITY, f64::min);
        let slower = ratios.iter().filter(|&&r| r < 1.0).count();
        let clearly = ratios.iter().filter(|&&r| r < 0.97).count();
        println!(
            "{label}: {} rows, geometric mean ratio {geo:.2}, min {min:.2}, {slower} rows below 1.0 \
             ({clearly} below 0.97, beyond run-to-run noise)",
            ratios.len()
        );
    }
    let bad: Vec<&str> = outcomes
        .iter()
        .filter(|o| !o.note.is_empty())
        .map(|o| o.name.as_str())
        .collect();
    if !bad.is_empty() {
        let more = if bad.len() > 8 { ", ..." } else { "" };
        let shown = bad[..bad.len().min(8)].join(", ");
        println!("{} rows flagged (DIFF or panic): {shown}{more}", bad.len());
    }
}

/// Criterion groups for the selected rows, short measurements (opt-in).
fn run_criterion(rows: &[Row], buf: &mut [u8], quick: bool) {
    use criterion::{Criterion, Throughput};
    let (warm, measure) = if quick { (10, 50) } else { (100, 300) };
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(warm))
        .measurement_time(Duration::from_millis(measure))
        .sample_size(10)
        .without_plots();
    for row in rows {
        let with_wenc = !matches!(check(row, buf), Check::Panicked);
        let mut group = c.benchmark_group(row.name.replace(' ', "/"));
        group.throughput(Throughput::Bytes(row.input.len() as u64));
        if with_wenc {
            group.bench_function("wenc", |b| {
                b.iter(|| {
                    row.run_wenc(buf, |x| {
                        black_box(x);
                    })
                })
            });
        }
        group.bench_function("encoding_rs", |b| {
            b.iter(|| {
                row.run_rs(buf, |x| {
                    black_box(x);
                })
            })
        });
        group.finish();
    }
}
