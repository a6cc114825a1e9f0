//! One codec pass over one Wikipedia article, for instruction counts under
//! callgrind (the machine's wall clock is shared; counts are not):
//!
//! ```text
//! cargo build --release --example codec_count
//! valgrind --tool=callgrind --toggle-collect='*measured*' \
//!     target/release/examples/codec_count wenc decode ru windows-1251
//! ```
//!
//! Arguments: `wenc` or `rs` (encoding_rs), `decode` or `encode`, a corpus
//! language (`ru` reads `ru.txt`; `ru.html` names the file itself) and an
//! encoding label. Decode input is
//! encoding_rs's html-mode encoding of the article, as in bench/codec.rs; both
//! sides run that bench's loop (html mode, 64 KiB output buffer) once, inside
//! `measured`, the only function callgrind counts with the toggle above.
//! `WENC_REPEAT=N` then times N more passes and prints the best.
//! `WENC_WARM=1` runs one pass first, uncounted (tables built once per
//! process are then not in the count). `WENC_CORPUS` overrides the corpus folder; `WENC_PATH=scalar` (or
//! `ssse3`, `avx2`) forces wenc's kernel path, for before/after counts.

use std::path::PathBuf;

fn corpus() -> PathBuf {
    // Else where build.rs found `../shared`.
    let shared = option_env!("WENC_SHARED").map(|d| PathBuf::from(d).join("corpus/wikipedia"));
    std::env::var_os("WENC_CORPUS")
        .map(PathBuf::from)
        .or(shared)
        .expect("WENC_CORPUS, or ../shared")
}

/// One pass over `input` (decode) or `text` (encode); returns the output
/// length.
fn pass(rs: bool, label: &str, input: &[u8], text: &str, buf: &mut [u8]) -> usize {
    let decode = !input.is_empty();
    let (mut read, mut total) = (0, 0);
    if rs {
        let enc = encoding_rs::Encoding::for_label(label.as_bytes()).expect("label");
        if decode {
            let mut d = enc.new_decoder_without_bom_handling();
            loop {
                let (res, r, w, _) = d.decode_to_utf8(&input[read..], buf, true);
                (read, total) = (read + r, total + w);
                if res == encoding_rs::CoderResult::InputEmpty {
                    return total;
                }
            }
        }
        let mut e = enc.new_encoder();
        loop {
            let (res, r, w, _) = e.encode_from_utf8(&text[read..], buf, true);
            (read, total) = (read + r, total + w);
            if res == encoding_rs::CoderResult::InputEmpty {
                return total;
            }
        }
    }
    let enc = wenc::codec::Encoding::for_label(label.as_bytes()).expect("label");
    let done = wenc::codec::CoderStatus::InputEmpty;
    if decode {
        let mut d = enc.new_decoder_without_bom_handling();
        loop {
            let step = d.decode_with_replacement(&input[read..], buf, true);
            (read, total) = (read + step.read, total + step.written);
            if step.status == done {
                return total;
            }
        }
    }
    let mut e = enc.new_encoder().expect("encodable");
    loop {
        let step = e.encode_with_html(&text[read..], buf, true);
        (read, total) = (read + step.read, total + step.written);
        if step.status == done {
            return total;
        }
    }
}

/// The counted pass.
#[inline(never)]
fn measured(rs: bool, label: &str, input: &[u8], text: &str, buf: &mut [u8]) -> usize {
    pass(rs, label, input, text, buf)
}

/// An uncounted pass (no `measured` on the stack).
#[inline(never)]
fn warm(rs: bool, label: &str, input: &[u8], text: &str, buf: &mut [u8]) -> usize {
    pass(rs, label, input, text, buf)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [side, direction, lang, label] = &args[..] else {
        eprintln!("usage: codec_count wenc|rs decode|encode LANG LABEL");
        std::process::exit(2);
    };
    let file = match lang.contains('.') {
        true => lang.clone(),
        false => format!("{lang}.txt"),
    };
    let text = std::fs::read_to_string(corpus().join(file)).expect("corpus");
    let enc = encoding_rs::Encoding::for_label(label.as_bytes()).expect("label");
    let (input, text) = match direction == "decode" {
        // encoding_rs encodes UTF-16 labels as UTF-8 (the standard's
        // output encoding): UTF-16 input is made here, as bench/codec.rs does.
        true => match enc.name() {
            "UTF-16LE" => (
                text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
                String::new(),
            ),
            "UTF-16BE" => (
                text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
                String::new(),
            ),
            _ => (enc.encode(&text).0.into_owned(), String::new()),
        },
        false => (Vec::new(), text),
    };
    let path = match std::env::var("WENC_PATH").as_deref() {
        Ok("scalar") => Some(wenc::codec::SimdPath::Scalar),
        Ok("ssse3") => Some(wenc::codec::SimdPath::Ssse3),
        Ok("avx2") => Some(wenc::codec::SimdPath::Avx2),
        _ => None,
    };
    wenc::codec::force_path(path);
    let mut buf = vec![0; 64 * 1024];
    if std::env::var_os("WENC_WARM").is_some() {
        // A pass outside `measured`: the count is then one pass of a
        // process that has built its tables already (as bench/codec.rs
        // measures), without the one-time cost of building them.
        warm(side == "rs", label, &input, &text, &mut buf);
    }
    let out = measured(side == "rs", label, &input, &text, &mut buf);
    println!("{} bytes in, {out} bytes out", input.len() + text.len());
    // `WENC_REPEAT=N`: N more passes, timed, the best reported (for A/B
    // runs of two builds taking turns on a shared machine).
    if let Some(n) = std::env::var("WENC_REPEAT")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        let best = (0..n)
            .map(|_| {
                let start = std::time::Instant::now();
                warm(side == "rs", label, &input, &text, &mut buf);
                start.elapsed()
            })
            .min()
            .unwrap_or_default();
        let mb_s = (input.len() + text.len()) as f64 / best.as_secs_f64() / 1e6;
        println!("best of {n}: {best:?}, {mb_s:.0} MB/s");
    }
}
