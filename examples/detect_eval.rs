//! Accuracy of wenc's statistical detector beside chardetng 1.0 (Firefox's).
//!
//!     cargo run --release --example detect_eval [-- OPTIONS]
//!
//! Options: `--samples N` per (language, length) (default 300), `--hint`
//! (also run wenc with the language as hint), `--errors` (print
//! wenc's wrong guesses to stderr), `--mo` (samples from the gettext
//! catalogues in /usr/share/locale instead: UI strings in 34 languages), `--dump FILE` (write every
//! sample as `lang<TAB>encoding<TAB>length<TAB>hex` for other detectors, see
//! bench/detect_others.py), `--speed` (throughput instead of accuracy),
//! `--half train|test` (samples from the first or the second half of each
//! text only: tune on `train`, report `test`), `--confusion` (print, per
//! pair and length, what wenc guessed instead when wrong),
//! `--answers FILE` (write every answer in full, candidates and confidences
//! to 1e-4, with and without hint, over the samples and over prefixes of the
//! `--speed` inputs, or with `--mo` over the UI strings' samples only: diff
//! two such files to check a change keeps the answers; with `--whole`, the
//! answers of `detect::sniff_whole`, the path `-f auto` and `--sniff` take,
//! late evidence included), `--damage K` (K seeded random single-byte
//! changes per sample, at random positions, each byte drawn from
//! 0x80..=0xFF: a stray byte in real files; the truth is then the damaged
//! bytes decoded with the true encoding, replacement characters included).
//!
//! Cuts each article of ../shared/corpus/wikipedia into samples of 10, 20,
//! 50, 100, 300 and 1000 characters (evenly spaced, non-overlapping where the
//! article is long enough), encodes each into every legacy encoding native
//! to the language (html mode for the unmappable) and into UTF-8, drops the
//! ones that come out pure ASCII, and counts a guess right when decoding with
//! it gives the same text as decoding with the true encoding. Skips cleanly
//! when the corpus is absent. The corpus is evaluation text only: the
//! detector's models come from other text (indexes/detect/).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;
use wenc::codec::Encoding;
use wenc::detect::stats::{detect, Hint, Verdict, PREFIX_LIMIT};

#[path = "shared/units.rs"]
mod units;
use units::{LENGTHS, PAIRS};
#[path = "shared/mo.rs"]
mod mo;
use mo::{mo_text, MO_PAIRS};

/// Where build.rs found `../shared`.
fn corpus_dir() -> Option<PathBuf> {
    option_env!("WENC_SHARED").map(|d| PathBuf::from(d).join("corpus/wikipedia"))
}

/// Up to `count` samples of `len` characters, evenly spaced over `text`.
fn samples(text: &str, len: usize, count: usize) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() < len {
        return Vec::new();
    }
    let room = chars.len() - len;
    let count = count.min(room + 1);
    (0..count)
        .map(|i| chars[i * room / count.max(1)..][..len].iter().collect())
        .collect()
}

/// What decoding with `name` gives (encoding_rs as the oracle).
fn decoded(name: &str, bytes: &[u8]) -> String {
    let enc = encoding_rs::Encoding::for_label(name.as_bytes()).expect(name);
    enc.decode_without_bom_handling(bytes).0.into_owned()
}

fn wenc_guess(bytes: &[u8], hint: Option<Hint>) -> (String, f32) {
    let guess = detect(bytes, hint);
    match guess.verdict {
        Verdict::Text => (
            guess.candidates[0].encoding.name().to_string(),
            guess.candidates[0].confidence,
        ),
        // Not a legacy answer: read as UTF-8, which is right only if it is.
        _ => ("UTF-8".to_string(), 0.0),
    }
}

/// Upper ends of the calibration table's confidence bins.
const BINS: [f32; 6] = [0.5, 0.9, 0.99, 0.999, 0.9999, f32::INFINITY];

fn calibration_table(calib: &[(u32, u32); 6]) {
    println!("\nCalibration (wenc without hint, every sample): confidence of the top guess against accuracy\n");
    println!("| confidence | guesses | right | accuracy |\n|---|---|---|---|");
    let mut low = 0.0;
    for (i, &(right, total)) in calib.iter().enumerate() {
        let label = if i + 1 == BINS.len() {
            format!("[{low}, 1]")
        } else {
            format!("[{low}, {})", BINS[i])
        };
        let acc = right as f64 / total.max(1) as f64;
        println!("| {label} | {total} | {right} | {acc:.4} |");
        low = BINS[i];
    }
    let (r, t) = calib[3..]
        .iter()
        .fold((0, 0), |(r, t), &(a, b)| (r + a, t + b));
    println!(
        "| >= 0.99 | {t} | {r} | {:.4} |",
        r as f64 / t.max(1) as f64
    );
}

fn chardetng_guess(bytes: &[u8]) -> String {
    let mut det = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Allow);
    det.feed(bytes, true);
    det.guess(None, chardetng::Utf8Detection::Allow)
        .name()
        .to_string()
}

/// Right/total per (detector, language, encoding, length).
type Tally = BTreeMap<(String, String, String, usize), (u32, u32)>;

struct Options {
    samples: usize,
    hint: bool,
    dump: Option<std::fs::File>,
    errors: bool,
    /// Wrong guesses per (language, encoding, length, guess), for --confusion.
    confusion: Option<BTreeMap<(String, String, usize, String), u32>>,
    /// (right, total) of wenc's guesses per confidence bin (BINS).
    calib: [(u32, u32); 6],
    /// Random byte changes per sample (`--damage K`).
    damage: usize,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = corpus_dir() else {
        return eprintln!("skipped: ../shared/corpus/wikipedia is absent");
    };
    if args.iter().any(|a| a == "--speed") {
        return speed(&dir);
    }
    let value = |flag: &str| {
        let i = args.iter().position(|a| a == flag)?;
        args.get(i + 1).cloned()
    };
    let mo = args.iter().any(|a| a == "--mo");
    if let Some(path) = value("--answers") {
        let file = std::fs::File::create(path).expect("--answers FILE");
        let whole = args.iter().any(|a| a == "--whole");
        return answers(&dir, file, mo, whole);
    }
    let mut opts = Options {
        samples: value("--samples").map_or(300, |s| s.parse().expect("--samples N")),
        hint: args.iter().any(|a| a == "--hint"),
        errors: args.iter().any(|a| a == "--errors"),
        confusion: args.iter().any(|a| a == "--confusion").then(BTreeMap::new),
        dump: value("--dump").map(|p| std::fs::File::create(p).expect("--dump FILE")),
        calib: [(0, 0); 6],
        damage: value("--damage").map_or(0, |k| k.parse().expect("--damage K")),
    };
    let dir_text = value("--dir");
    let mo = mo || dir_text.is_some();
    let mut tally = Tally::new();
    for &(lang, encodings) in if mo { MO_PAIRS } else { PAIRS } {
        let text = if let Some(d) = &dir_text {
            let Ok(text) = std::fs::read_to_string(PathBuf::from(d).join(format!("{lang}.txt")))
            else {
                eprintln!("{lang}: no text, skipped");
                continue;
            };
            text
        } else if mo {
            let Some(text) = mo_text(lang) else {
                eprintln!("{lang}: no catalogues, skipped");
                continue;
            };
            text
        } else {
            std::fs::read_to_string(dir.join(format!("{lang}.txt"))).expect(lang)
        };
        let text = match value("--half").as_deref() {
            None => text,
            Some(half) => half_of(&text, half == "test"),
        };
        let lang = &lang.to_lowercase();
        for &len in &LENGTHS {
            for sample in samples(&text, len, opts.samples) {
                for &name in encodings.iter().chain(&["UTF-8"]) {
                    evaluate(&mut tally, &mut opts, lang, name, len, &sample);
                }
            }
        }
    }
    report(&tally, opts.hint);
    calibration_table(&opts.calib);
    if let Some(confusion) = &opts.confusion {
        confusion_table(confusion);
    }
}

/// The first half of `text` (or the second, `second`), cut at a line break.
fn half_of(text: &str, second: bool) -> String {
    let mut mid = text.len() / 2;
    while !text.is_char_boundary(mid) {
        mid += 1;
    }
    let cut = text[mid..].find('\n').map_or(text.len(), |i| mid + i + 1);
    if second { &text[cut..] } else { &text[..cut] }.to_string()
}

/// Per pair and length, the wrong guesses and how often, most frequent first.
fn confusion_table(confusion: &BTreeMap<(String, String, usize, String), u32>) {
    println!("\nConfusion (wenc without hint): pair, length, wrong guesses\n");
    let mut rows: BTreeMap<(String, String, usize), Vec<(u32, String)>> = BTreeMap::new();
    for ((lang, enc, len, guess), n) in confusion {
        rows.entry((lang.clone(), enc.clone(), *len))
            .or_default()
            .push((*n, guess.clone()));
    }
    for ((lang, enc, len), mut guesses) in rows {
        guesses.sort_by(|a, b| b.cmp(a));
        let shown: Vec<String> = guesses.iter().map(|(n, g)| format!("{g} {n}")).collect();
        println!("{lang} {enc} {len}: {}", shown.join(", "));
    }
}

fn evaluate(tally: &mut Tally, opts: &mut Options, lang: &str, name: &str, len: usize, s: &str) {
    let encoding = Encoding::for_label(name.as_bytes()).expect(name);
    let bytes = encoding.encode(s).expect(name).0;
    if !bytes.iter().any(|&b| b >= 0x80 || b == 0x1B) {
        return; // pure ASCII
    }
    let seed = fnv(&[lang.as_bytes(), name.as_bytes(), s.as_bytes()]);
    let bytes = damaged(bytes, opts.damage, seed);
    if let Some(f) = opts.dump.as_mut() {
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        writeln!(f, "{lang}\t{name}\t{len}\t{hex}").unwrap();
    }
    let truth = decoded(name, &bytes);
    let errors = opts.errors;
    let mut count = |detector: &str, guess: String| {
        let right = decoded(&guess, &bytes) == truth;
        if !right && errors && detector == "wenc" {
            eprintln!("{lang} {name} {len}: guessed {guess} for {s:?}");
        }
        let key = (
            detector.to_string(),
            lang.to_string(),
            name.to_string(),
            len,
        );
        let entry = tally.entry(key).or_default();
        entry.0 += right as u32;
        entry.1 += 1;
    };
    let (guess, confidence) = wenc_guess(&bytes, None);
    let bin = BINS.iter().position(|&b| confidence < b).unwrap_or(5);
    let right = decoded(&guess, &bytes) == truth;
    opts.calib[bin].0 += right as u32;
    opts.calib[bin].1 += 1;
    if let (Some(c), false) = (opts.confusion.as_mut(), right) {
        let key = (lang.to_string(), name.to_string(), len, guess.clone());
        *c.entry(key).or_default() += 1;
    }
    count("wenc", guess);
    count("chardetng", chardetng_guess(&bytes));
    if opts.hint {
        count("wenc+hint", wenc_guess(&bytes, Hint::parse(lang)).0);
    }
}

/// FNV-1a over `parts`: a seed that depends on the sample alone.
fn fnv(parts: &[&[u8]]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in parts.iter().flat_map(|p| p.iter()) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// `bytes` with `k` single-byte changes (`--damage K`): at positions drawn
/// with a splitmix64 generator seeded by `seed`, a byte from 0x80..=0xFF.
fn damaged(mut bytes: Vec<u8>, k: usize, seed: u64) -> Vec<u8> {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for _ in 0..k {
        let at = (next() % bytes.len() as u64) as usize;
        bytes[at] = 0x80 | (next() & 0x7F) as u8;
    }
    bytes
}

/// Accuracy of `detector` per pair at each length.
fn pair_rates(tally: &Tally, detector: &str) -> BTreeMap<(String, String), [Option<f64>; 6]> {
    let mut out: BTreeMap<(String, String), [Option<f64>; 6]> = BTreeMap::new();
    for ((d, lang, enc, len), (right, total)) in tally {
        if d != detector {
            continue;
        }
        let i = LENGTHS.iter().position(|l| l == len).unwrap();
        out.entry((lang.clone(), enc.clone())).or_default()[i] =
            Some(*right as f64 / *total as f64);
    }
    out
}

/// Macro average over the pairs that `keep` selects, per length.
fn macro_avg(rates: &BTreeMap<(String, String), [Option<f64>; 6]>, utf8: bool) -> Vec<String> {
    (0..LENGTHS.len())
        .map(|i| {
            let v: Vec<f64> = rates
                .iter()
                .filter(|((_, enc), _)| (enc == "UTF-8") == utf8)
                .filter_map(|(_, r)| r[i])
                .collect();
            let avg = v.iter().sum::<f64>() / v.len().max(1) as f64;
            format!("{avg:.3}")
        })
        .collect()
}

fn report(tally: &Tally, hint: bool) {
    let mut detectors = vec!["wenc", "chardetng"];
    if hint {
        detectors.push("wenc+hint");
    }
    let rates: Vec<_> = detectors.iter().map(|d| pair_rates(tally, d)).collect();
    let head: Vec<String> = LENGTHS.iter().map(|l| l.to_string()).collect();
    println!("Macro accuracy over legacy (language, encoding) pairs\n");
    println!("| detector | {} |", head.join(" | "));
    println!("|---|{}", "---|".repeat(LENGTHS.len()));
    for (d, r) in detectors.iter().zip(&rates) {
        println!("| {d} | {} |", macro_avg(r, false).join(" | "));
    }
    println!("\nValid UTF-8 (macro over languages)\n");
    println!("| detector | {} |", head.join(" | "));
    println!("|---|{}", "---|".repeat(LENGTHS.len()));
    for (d, r) in detectors.iter().zip(&rates) {
        println!("| {d} | {} |", macro_avg(r, true).join(" | "));
    }
    println!("\nPer pair: wenc / chardetng (samples per cell in the last column)\n");
    println!("| language | encoding | {} | n |", head.join(" | "));
    println!("|---|---|{}---|", "---|".repeat(LENGTHS.len()));
    for ((lang, enc), w) in &rates[0] {
        let c = &rates[1][&(lang.clone(), enc.clone())];
        let cells: Vec<String> = (0..LENGTHS.len())
            .map(|i| match (w[i], c[i]) {
                (Some(a), Some(b)) => format!("{a:.2} / {b:.2}"),
                _ => "-".into(),
            })
            .collect();
        let n = LENGTHS
            .iter()
            .filter_map(|&l| tally.get(&("wenc".into(), lang.clone(), enc.clone(), l)))
            .map(|t| t.1)
            .max()
            .unwrap_or(0);
        println!("| {lang} | {enc} | {} | {n} |", cells.join(" | "));
    }
}

/// One line per answer: what was asked, the verdict, every candidate.
fn write_answer(out: &mut impl Write, what: &str, bytes: &[u8], lang: &str, whole: bool) {
    for hint in [None, Hint::parse(lang)] {
        if whole {
            let s = wenc::detect::sniff_whole(bytes, hint);
            let cands: Vec<String> = (s.candidates.iter())
                .map(|c| format!("{} {:.4}", c.encoding.name(), c.confidence))
                .collect();
            let h = hint.map_or("-", |h| h.language());
            let e = s.encoding.map_or("-", |e| e.name());
            writeln!(out, "{what}\t{h}\t{e} {:?}\t{}", s.source, cands.join(", ")).unwrap();
            continue;
        }
        let guess = detect(bytes, hint);
        let cands: Vec<String> = guess
            .candidates
            .iter()
            .map(|c| format!("{} {:.4}", c.encoding.name(), c.confidence))
            .collect();
        let h = hint.map_or("-", |h| h.language());
        let v = guess.verdict;
        writeln!(out, "{what}\t{h}\t{v:?}\t{}", cands.join(", ")).unwrap();
    }
}

/// The full answers for `--answers` (see the module docs); with `mo`, over
/// the UI strings' samples only.
fn answers(dir: &std::path::Path, file: std::fs::File, mo: bool, whole: bool) {
    let mut out = std::io::BufWriter::new(file);
    for &(lang, encodings) in if mo { MO_PAIRS } else { PAIRS } {
        let text = match mo {
            true => match mo_text(lang) {
                Some(text) => text,
                None => continue,
            },
            false => std::fs::read_to_string(dir.join(format!("{lang}.txt"))).expect(lang),
        };
        let lang = &lang.to_lowercase();
        for &name in encodings.iter().chain(&["UTF-8"]) {
            let enc = Encoding::for_label(name.as_bytes()).unwrap();
            for &len in &LENGTHS {
                for (i, sample) in samples(&text, len, 300).iter().enumerate() {
                    let bytes = enc.encode(sample).unwrap().0;
                    let what = format!("{lang} {name} {len} #{i}");
                    write_answer(&mut out, &what, &bytes, lang, whole);
                }
            }
        }
    }
    if mo {
        return;
    }
    for (name, bytes) in speed_inputs(dir) {
        let lang = name.split(' ').next().unwrap();
        for len in [
            1000,
            1024,
            3000,
            4096,
            4097,
            6000,
            16384,
            20000,
            40000,
            PREFIX_LIMIT,
        ] {
            write_answer(
                &mut out,
                &format!("{name} prefix {len}"),
                &bytes[..len],
                lang,
                whole,
            );
        }
        if whole {
            // Past what `sniff` reads: the late pass over the rest.
            let mut long = bytes.repeat(3);
            long.extend_from_slice(&bytes[..1000]);
            write_answer(&mut out, &format!("{name} long"), &long, lang, whole);
        }
    }
}

/// Every article (UTF-8 and each legacy encoding) repeated or cut to PREFIX_LIMIT.
fn speed_inputs(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut inputs = Vec::new();
    for &(lang, encodings) in PAIRS {
        let text = std::fs::read_to_string(dir.join(format!("{lang}.txt"))).expect(lang);
        for &name in encodings.iter().chain(&["UTF-8"]) {
            let enc = Encoding::for_label(name.as_bytes()).unwrap();
            let mut bytes = enc.encode(&text).unwrap().0;
            while bytes.len() < PREFIX_LIMIT {
                bytes.extend_from_within(..);
            }
            bytes.truncate(PREFIX_LIMIT);
            inputs.push((format!("{lang} {name}"), bytes));
        }
    }
    inputs
}

/// Throughput of `detect` on mixed-script text: every article (UTF-8 and
/// each legacy encoding) cut to PREFIX_LIMIT, and whole 64 MiB inputs.
fn speed(dir: &std::path::Path) {
    let inputs = speed_inputs(dir);
    let mut slowest: Vec<(f64, &str)> = inputs
        .iter()
        .map(|(name, bytes)| {
            let ms = (0..5)
                .map(|_| {
                    let start = Instant::now();
                    std::hint::black_box(detect(bytes, None));
                    start.elapsed().as_secs_f64() * 1e3
                })
                .fold(f64::MAX, f64::min);
            (ms, name.as_str())
        })
        .collect();
    slowest.sort_by(|a, b| b.0.total_cmp(&a.0));
    let top: Vec<String> = slowest[..8]
        .iter()
        .map(|(ms, name)| format!("{name} {ms:.2} ms"))
        .collect();
    println!("slowest (best of 5): {}", top.join(", "));
    let start = Instant::now();
    let rounds = 5;
    for _ in 0..rounds {
        for (_, bytes) in &inputs {
            std::hint::black_box(detect(bytes, None));
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let mb = (rounds * inputs.len() * PREFIX_LIMIT) as f64 / 1e6;
    println!(
        "detect() on {} inputs of PREFIX_LIMIT ({} bytes): {:.1} MB/s",
        inputs.len(),
        PREFIX_LIMIT,
        mb / secs
    );
    let big: Vec<u8> = inputs[0].1.repeat(1024);
    let start = Instant::now();
    std::hint::black_box(detect(&big, None));
    let secs = start.elapsed().as_secs_f64();
    println!(
        "detect() on a {} MiB input: {:.3} ms ({:.0} MB/s of input)",
        big.len() >> 20,
        secs * 1e3,
        big.len() as f64 / 1e6 / secs
    );
}
