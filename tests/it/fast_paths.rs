//! Every single-byte decode path (scalar, SSSE3, AVX2: see src/codec/simd.rs)
//! against encoding_rs, each path forced in turn: all 256 bytes at every
//! offset of two vector blocks in ASCII, two-byte and three-byte contexts,
//! long random inputs with errors, and every output buffer size near the end;
//! Thai text for the three-byte kernel. Then the encoders' fast loops
//! (single-byte, ISO-2022-JP's jis0208 runs) on random text, every chunking
//! and buffer size. A path this CPU lacks is skipped (and said so on stderr).

use crate::common;
use common::*;
use wenc::codec::{force_path, Encoding, SimdPath};

const PATHS: [SimdPath; 3] = [SimdPath::Scalar, SimdPath::Ssse3, SimdPath::Avx2];

fn single_byte_encodings() -> Vec<&'static Encoding> {
    let all: Vec<_> = Encoding::all().filter(|e| e.is_single_byte()).collect();
    assert!(
        all.len() >= 28,
        "found only {} single-byte encodings",
        all.len()
    );
    all
}

/// The paths this CPU has (the others said on stderr, and skipped).
fn available_paths() -> Vec<SimdPath> {
    let (have, lack): (Vec<_>, Vec<_>) = PATHS.into_iter().partition(|p| p.available());
    for path in lack {
        eprintln!("{path:?} not available on this CPU: skipped");
    }
    have
}

/// Runs `check` once per path this CPU has, with that path forced on this
/// thread (decoders pick their path when created).
fn on_every_path(mut check: impl FnMut(SimdPath)) {
    for path in available_paths() {
        force_path(Some(path));
        check(path);
    }
    force_path(None);
}

/// Upper-half bytes of `enc` whose UTF-8 is `len` bytes long (0: unmapped).
fn bytes_with_utf8_len(enc: &'static Encoding, len: usize) -> Vec<u8> {
    (0x80..=0xFFu8)
        .filter(|&b| {
            let input = [b];
            let (text, malformed) = oracle(enc).decode_without_bom_handling(&input);
            if malformed {
                len == 0
            } else {
                text.len() == len
            }
        })
        .collect()
}

/// encoding_rs's decodings of one input, in both modes: worked out once
/// and compared with every path's.
struct Expected {
    fatal: Vec<Event>,
    replaced: Vec<u8>,
}

impl Expected {
    /// The oracle once, in fatal mode: replacement mode's output is the
    /// same text with a U+FFFD for each error (the standard's "replacement"
    /// error mode), so asking encoding_rs again would only double its work.
    fn of(enc: &'static Encoding, input: &[u8]) -> Expected {
        let fatal = oracle_decode_fatal(enc, input);
        let mut replaced = Vec::with_capacity(3 * input.len());
        for event in &fatal {
            match event {
                Event::Output(text) => replaced.extend_from_slice(text),
                Event::Malformed { .. } => replaced.extend_from_slice("\u{FFFD}".as_bytes()),
                Event::Unmappable { .. } => unreachable!("a decoder's event"),
            }
        }
        Expected { fatal, replaced }
    }

    /// Compares wenc (chunked as given, output buffer `dst_len`) with these
    /// in both modes; returns a description of the first difference.
    fn compare(
        &self,
        enc: &'static Encoding,
        input: &[u8],
        cuts: &[usize],
        dst_len: usize,
    ) -> Option<String> {
        let chunks = split_at(input, cuts);
        let name = enc.name();
        if wenc_decode_fatal(enc, &chunks, dst_len) != self.fatal {
            return Some(format!(
                "{name} fatal {input:02X?} cuts {cuts:?} dst {dst_len}"
            ));
        }
        if wenc_decode_replacing(enc, &chunks, dst_len) != self.replaced {
            return Some(format!(
                "{name} replacement {input:02X?} cuts {cuts:?} dst {dst_len}"
            ));
        }
        None
    }
}

/// [`Expected::compare`] for one input.
fn compare(enc: &'static Encoding, input: &[u8], cuts: &[usize], dst_len: usize) -> Option<String> {
    Expected::of(enc, input).compare(enc, input, cuts, dst_len)
}

fn report(failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} differences, first ones:\n{:#?}",
        failures.len(),
        &failures[..failures.len().min(10)]
    );
}

/// Contexts for the byte under test: ASCII, a two-byte character of the
/// encoding (the two-byte kernel's case) and the first and last three-byte
/// ones (for windows-874 the last is Thai, the three-byte kernel's case; the
/// first, U+20AC, is the scalar loop's), where the encoding has them.
fn contexts(enc: &'static Encoding) -> Vec<u8> {
    let mut fill = vec![b'a'];
    fill.extend(bytes_with_utf8_len(enc, 2).first());
    let three = bytes_with_utf8_len(enc, 3);
    fill.extend(three.first());
    fill.extend(three.last().filter(|&&b| three.len() > 1 && b != three[0]));
    fill
}

#[test]
fn every_byte_at_every_block_offset_in_every_context() {
    let paths = available_paths();
    let mut failures = Vec::new();
    for enc in single_byte_encodings() {
        for fill in contexts(enc) {
            // 64 offsets cover two AVX2 blocks and four SSSE3 blocks; the
            // tail beyond them leaves room for the kernels to run.
            let mut input = vec![fill; 100];
            for at in 0..64 {
                for b in 0..=255u8 {
                    input[at] = b;
                    // The oracle once, every path against it.
                    let expected = Expected::of(enc, &input);
                    for &path in &paths {
                        force_path(Some(path));
                        if let Some(f) = expected.compare(enc, &input, &[], 1 << 12) {
                            failures.push(format!("{path:?}: {f}"));
                        }
                    }
                }
                input[at] = fill;
            }
        }
    }
    force_path(None);
    report(failures);
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Text-like input: mostly two-byte characters and ASCII spaces/letters, with
/// rarer three-byte characters and unmapped bytes.
fn random_input(enc: &'static Encoding, rng: &mut Rng, len: usize) -> Vec<u8> {
    let kinds = [
        bytes_with_utf8_len(enc, 2),
        bytes_with_utf8_len(enc, 3),
        bytes_with_utf8_len(enc, 0),
        (0..0x80).collect(),
    ];
    (0..len)
        .map(|_| {
            let pick = match rng.below(100) {
                0..=59 => 0,
                60..=61 => 1,
                62 => 2,
                _ => 3,
            };
            let pool = if kinds[pick].is_empty() {
                &kinds[3]
            } else {
                &kinds[pick]
            };
            pool[rng.below(pool.len())]
        })
        .collect()
}

#[test]
fn random_text_in_random_chunks_and_buffers() {
    let mut failures = Vec::new();
    on_every_path(|path| {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for enc in single_byte_encodings() {
            for _ in 0..40 {
                let len = 1 + rng.below(3000);
                let input = random_input(enc, &mut rng, len);
                let cuts: Vec<usize> = (0..rng.below(6)).map(|_| rng.below(input.len())).collect();
                let mut cuts = cuts;
                cuts.sort_unstable();
                let dst_len = 16 + rng.below(200);
                if let Some(f) = compare(enc, &input, &cuts, dst_len) {
                    failures.push(format!("{path:?}: {f}"));
                }
            }
        }
    });
    report(failures);
}

/// An unmapped byte at every offset of a long two-byte text, for encodings
/// that have one.
#[test]
fn an_error_at_every_offset_of_long_text() {
    let mut failures = Vec::new();
    on_every_path(|path| {
        let mut rng = Rng(42);
        for enc in single_byte_encodings() {
            let Some(&bad) = bytes_with_utf8_len(enc, 0).first() else {
                continue;
            };
            let pairs = bytes_with_utf8_len(enc, 2);
            let clean: Vec<u8> = (0..160)
                .map(|i| {
                    if i % 7 == 3 {
                        b' '
                    } else {
                        pairs[rng.below(pairs.len())]
                    }
                })
                .collect();
            for at in 0..clean.len() {
                let mut input = clean.clone();
                input[at] = bad;
                if let Some(f) = compare(enc, &input, &[], 1 << 12) {
                    failures.push(format!("{path:?}: {f}"));
                }
            }
        }
    });
    report(failures);
}

/// Every output buffer size from the smallest allowed to past the whole
/// output, so each kernel meets the end of `dst` at every position.
#[test]
fn every_output_buffer_size() {
    let mut failures = Vec::new();
    on_every_path(|path| {
        let mut rng = Rng(7);
        for enc in single_byte_encodings() {
            let input = random_input(enc, &mut rng, 150);
            for dst_len in wenc::codec::MIN_OUTPUT_BUFFER..=2 * input.len() + 80 {
                if let Some(f) = compare(enc, &input, &[], dst_len) {
                    failures.push(format!("{path:?}: {f}"));
                }
            }
        }
    });
    report(failures);
}

/// Thai-like windows-874 text for the three-byte kernel: mostly Thai letters
/// (0xA1..=0xDA, 0xDF..=0xFB) and spaces, with rarer quotes (three-byte but
/// outside the Thai block), two-byte characters and unmapped bytes, in random
/// chunks and output buffers.
#[test]
fn random_thai_text_in_random_chunks_and_buffers() {
    let enc = Encoding::for_label(b"windows-874").unwrap();
    let thai: Vec<u8> = (0xA1..=0xDA).chain(0xDF..=0xFB).collect();
    let rare = [0x93, 0x94, 0x85, 0xA0, 0x81, 0xDB, 0xFC, 0xFF];
    let mut failures = Vec::new();
    on_every_path(|path| {
        let mut rng = Rng(0x5EED_0874);
        for round in 0..300 {
            let len = 1 + rng.below(1500);
            let input: Vec<u8> = (0..len)
                .map(|_| match rng.below(200) {
                    0..=159 => thai[rng.below(thai.len())],
                    160..=189 => b" 0a.\n"[rng.below(5)],
                    // Only some rounds have rare bytes, so some run clean.
                    _ if round % 3 == 0 => rare[rng.below(rare.len())],
                    _ => b' ',
                })
                .collect();
            let mut cuts: Vec<usize> = (0..rng.below(4)).map(|_| rng.below(len)).collect();
            cuts.sort_unstable();
            let dst_len = 16 + rng.below(400);
            if let Some(f) = compare(enc, &input, &cuts, dst_len) {
                failures.push(format!("{path:?}: {f}"));
            }
        }
    });
    report(failures);
}

/// Random text for an encoder: ASCII, characters from `mapped` (most of it),
/// and now and then one from `other` (unmappable, or taking another path).
fn random_text(rng: &mut Rng, len: usize, mapped: &[char], other: &[char]) -> String {
    (0..len)
        .map(|_| match rng.below(100) {
            0..=29 => b" a1.<"[rng.below(5)] as char,
            30..=96 => mapped[rng.below(mapped.len())],
            _ => other[rng.below(other.len())],
        })
        .collect()
}

/// The single-byte encoders' loop (flat table for two-byte UTF-8, reverse
/// table for three-byte) and ISO-2022-JP's jis0208 run loop against
/// encoding_rs: random text cut in two at every character boundary of its
/// start, and every output buffer size, in fatal mode.
#[test]
fn encoders_in_random_chunks_and_every_buffer_size() {
    let mut rng = Rng(0x00E4_C0DE);
    let mut cases: Vec<(&'static Encoding, Vec<char>)> = single_byte_encodings()
        .into_iter()
        .map(|enc| {
            let upper: Vec<u8> = (0x80..=0xFF).collect();
            let (text, _) = oracle(enc).decode_without_bom_handling(&upper);
            (enc, text.chars().filter(|&c| c != '\u{FFFD}').collect())
        })
        .collect();
    let jis: Vec<char> = "あいうアイウ漢字日本語、。「」ー＝￥‾¥\u{2212}ｱｲ"
        .chars()
        .collect();
    cases.push((Encoding::for_label(b"iso-2022-jp").unwrap(), jis));
    let other = [
        'é',
        'я',
        'ก',
        '€',
        '\u{3042}',
        '\u{1F600}',
        '\u{FFFD}',
        '\u{0E5B}',
    ];
    let mut failures = Vec::new();
    for (enc, mapped) in cases {
        for _ in 0..25 {
            let len = 1 + rng.below(120);
            let text = random_text(&mut rng, len, &mapped, &other);
            let expected = oracle_encode_fatal(enc, &text);
            let cuts = text.char_indices().map(|(i, _)| i).take(12);
            for cut in cuts {
                let chunks = [&text[..cut], &text[cut..]];
                if wenc_encode_fatal(enc, &chunks, 64) != expected {
                    failures.push(format!("{}: {text:?} cut at {cut}", enc.name()));
                }
            }
            for dst_len in wenc::codec::MIN_OUTPUT_BUFFER..text.len() * 2 + 40 {
                if wenc_encode_fatal(enc, &[&text], dst_len) != expected {
                    failures.push(format!("{}: {text:?} into {dst_len}", enc.name()));
                }
            }
        }
    }
    report(failures);
}

/// The multi-byte decoders' hot loop (precomputed UTF-8 of common pairs,
/// lone ASCII bytes, short ASCII runs copied 8 bytes at once, long runs
/// word-wise) against encoding_rs: random text of CJK characters and ASCII
/// runs of every length up to 20, now and then a stray byte, in random
/// chunks and output buffers.
#[test]
fn multi_byte_text_in_random_chunks_and_buffers() {
    let samples = "日本語のテキスト한국어텍스트中文字符繁體字龍ｱｲ①ⅰΑαЖж€§¥";
    let stray = [0x80u8, 0x81, 0x8E, 0x8F, 0xA0, 0xFE, 0xFF, 0x30, 0x7F];
    let mut failures = Vec::new();
    let mut rng = Rng(0xC1C1_0001);
    for name in ["Shift_JIS", "EUC-JP", "EUC-KR", "Big5", "gb18030", "GBK"] {
        let enc = Encoding::for_label(name.as_bytes()).unwrap();
        // The sample characters this encoding has, as its bytes.
        let chars: Vec<Vec<u8>> = samples
            .chars()
            .filter_map(|c| {
                let mut buf = [0; 4];
                let (bytes, _, bad) = oracle(enc).encode(c.encode_utf8(&mut buf));
                (!bad).then(|| bytes.into_owned())
            })
            .collect();
        for _ in 0..150 {
            let mut input = Vec::new();
            while input.len() < 400 {
                match rng.below(10) {
                    0..=5 => input.extend(&chars[rng.below(chars.len())]),
                    6..=8 => input.extend((0..rng.below(21)).map(|i| b"ab 1,"[i % 5])),
                    _ if rng.below(4) == 0 => input.push(stray[rng.below(stray.len())]),
                    _ => input.push(b' '),
                }
            }
            let mut cuts: Vec<usize> = (0..rng.below(4)).map(|_| rng.below(input.len())).collect();
            cuts.sort_unstable();
            let dst_len = 16 + rng.below(300);
            let chunks = split_at(&input, &cuts);
            if wenc_decode_fatal(enc, &chunks, dst_len) != oracle_decode_fatal(enc, &input) {
                failures.push(format!(
                    "{name}: fatal, {input:x?} cut at {cuts:?} into {dst_len}"
                ));
            }
            if wenc_decode_replacing(enc, &chunks, dst_len) != oracle_decode_replacing(enc, &input)
            {
                failures.push(format!("{name}: replacing, {input:x?} cut at {cuts:?}"));
            }
        }
    }
    report(failures);
}

/// ISO-2022-JP's jis0208 pair loop (precomputed UTF-8) against encoding_rs:
/// random escapes, pairs (valid, unmapped, out of range), ASCII and stray
/// bytes, in random chunks and output buffers.
#[test]
fn iso_2022_jp_text_in_random_chunks_and_buffers() {
    let enc = Encoding::for_label(b"iso-2022-jp").unwrap();
    let escapes: [&[u8]; 5] = [b"\x1B$B", b"\x1B$@", b"\x1B(B", b"\x1B(J", b"\x1B(I"];
    let mut failures = Vec::new();
    let mut rng = Rng(0x2022);
    for _ in 0..400 {
        let mut input = Vec::new();
        while input.len() < 300 {
            match rng.below(20) {
                0 => input.extend(escapes[rng.below(escapes.len())]),
                1 => input.push([0x0E, 0x0F, 0x1B, 0x80, 0x20, 0x7F][rng.below(6)]),
                2..=4 => input.extend(b"ab 1"),
                // Pairs: mostly rows 0x21..=0x50 (kana, common kanji).
                _ => input.extend([0x21 + rng.below(0x30) as u8, 0x21 + rng.below(0x5E) as u8]),
            }
        }
        let mut cuts: Vec<usize> = (0..rng.below(4)).map(|_| rng.below(input.len())).collect();
        cuts.sort_unstable();
        let dst_len = 16 + rng.below(200);
        let chunks = split_at(&input, &cuts);
        if wenc_decode_fatal(enc, &chunks, dst_len) != oracle_decode_fatal(enc, &input) {
            failures.push(format!("fatal: {input:x?} cut at {cuts:?} into {dst_len}"));
        }
        if wenc_decode_replacing(enc, &chunks, dst_len) != oracle_decode_replacing(enc, &input) {
            failures.push(format!(
                "replacing: {input:x?} cut at {cuts:?} into {dst_len}"
            ));
        }
    }
    report(failures);
}
