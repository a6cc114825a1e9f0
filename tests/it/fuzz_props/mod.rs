//! Properties every decoder and encoder must have, checked on arbitrary input.
//!
//! Shared by the cargo-fuzz targets (`fuzz/`, which include this file), by
//! `tests/it/fuzz_regressions.rs` (saved crash inputs and a seeded random sweep)
//! and by `tests/it/common` (whose codec drivers are the ones here).
//!
//! Input layout (both targets):
//!
//! | byte | meaning |
//! | --- | --- |
//! | 0 | encoding: index into the target's encoding list, modulo its length |
//! | 1 | flags: bits 0-2 output buffer size ([`DST_LENS`]), bit 3 BOM sniffing (decode), bit 4 an extra empty final chunk, bit 5 payload is UTF-16LE rather than UTF-8 (encode) |
//! | 2 | number of chunk boundaries, low 4 bits (0-15) |
//! | 3.. | the boundaries, two bytes each (little-endian, modulo payload length + 1), then the payload |
//!
//! Decoding checks, for the chosen encoding: replacement-mode output is valid
//! UTF-8; chunked output (fuzzer-chosen boundaries, small output buffer) equals
//! one-shot output in both modes; every call with >= 16 bytes of room makes
//! progress; fatal mode errs exactly where replacement mode replaced (same
//! count, same first offset) and its output with U+FFFD at each error is the
//! replacement output; each malformed sequence is non-empty, lies in the input
//! at its offset, and errors come in stream order; the decoded text, encoded
//! in fatal mode (when it can be), decodes back to itself (modulo the
//! standard's documented encoder normalisations) and re-encodes to the same
//! bytes.
//!
//! Encoding checks: chunked equals one-shot in both modes (html and fatal);
//! fatal errs exactly where html mode replaced (same count, same first offset
//! and character); the unmappable character sits at its offset; html output
//! is fatal output with `&#N;` at each error (except ISO-2022-JP, where the
//! reference first returns to ASCII); decoding the html output meets no error
//! and gives back the input with references for unmappable characters, modulo
//! the normalisations; re-encoding that decoded text gives the same bytes.
//!
//! Differential check ([`check_differential`]): the same plan run through
//! wenc (chunked) and encoding_rs (one shot), decoding and encoding, in both
//! error modes.
//!
//! Driver check ([`check_driver`], its own input layout): the whole
//! conversion driver with small and odd buffer sizes against encoding_rs.
//!
//! Guard check ([`check_guards`], its own input layout): the in-place guards
//! twice in a row; the driver target runs it too.

mod coders;
mod driver;
mod guards;
pub use coders::*;
pub use driver::check_driver;
pub use guards::check_guards;

use wenc::codec::Encoding;

/// Output buffer sizes, chosen by the low three flag bits.
pub const DST_LENS: [usize; 8] = [16, 17, 18, 19, 21, 32, 257, 65536];

/// The multi-byte and UTF encodings: where the interesting state lives.
pub const MULTIBYTE: &[&str] = &[
    "UTF-8",
    "UTF-16BE",
    "UTF-16LE",
    "gb18030",
    "GBK",
    "Big5",
    "EUC-JP",
    "ISO-2022-JP",
    "Shift_JIS",
    "EUC-KR",
];

/// Which encodings a target draws from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Set {
    All,
    Multibyte,
    /// The 2012 draft's HZ-GB-2312 and ISO-2022-KR (`--historical`).
    Historical,
}

fn encodings(set: Set, encoders: bool) -> Vec<&'static Encoding> {
    if set == Set::Historical {
        return Encoding::historical().collect();
    }
    Encoding::all()
        .filter(|e| !encoders || e.can_encode())
        .filter(|e| set == Set::All || MULTIBYTE.contains(&e.name()))
        .collect()
}

/// A parsed fuzz input.
#[derive(Debug)]
pub struct Plan<'a> {
    pub encoding: &'static Encoding,
    pub dst_len: usize,
    pub bom: bool,
    pub trailing_empty: bool,
    pub utf16_payload: bool,
    cuts: Vec<usize>,
    pub payload: &'a [u8],
}

impl<'a> Plan<'a> {
    pub fn parse(data: &'a [u8], set: Set, encoders: bool) -> Option<Plan<'a>> {
        let [index, flags, count, rest @ ..] = data else {
            return None;
        };
        let list = encodings(set, encoders);
        let count = usize::from(count & 15).min(rest.len() / 2);
        let (cut_bytes, payload) = rest.split_at(count * 2);
        Some(Plan {
            encoding: list[usize::from(*index) % list.len()],
            dst_len: DST_LENS[usize::from(flags & 7)],
            bom: flags & 8 != 0,
            trailing_empty: flags & 16 != 0,
            utf16_payload: flags & 32 != 0,
            cuts: cut_bytes
                .chunks_exact(2)
                .map(|c| usize::from(u16::from_le_bytes([c[0], c[1]])))
                .collect(),
            payload,
        })
    }

    /// Sorted boundaries within `0..=len`, each moved back to satisfy `ok`.
    fn boundaries(&self, len: usize, ok: impl Fn(usize) -> bool) -> Vec<usize> {
        let mut cuts: Vec<usize> = self
            .cuts
            .iter()
            .map(|&c| {
                let mut c = c % (len + 1);
                while !ok(c) {
                    c -= 1;
                }
                c
            })
            .collect();
        cuts.sort_unstable();
        cuts
    }

    /// The payload cut at the plan's boundaries, and the context that
    /// failure messages about decoding it give.
    fn byte_chunks(&self) -> (Vec<&'a [u8]>, String) {
        let input = self.payload;
        let cuts = self.boundaries(input.len(), |_| true);
        let chunks = self.chunks(input, &cuts);
        let ctx = format!(
            "{:?}, bom {}, dst {}, chunks {:?}, input {}",
            self.encoding,
            self.bom,
            self.dst_len,
            chunks.iter().map(|c| c.len()).collect::<Vec<_>>(),
            hex(input)
        );
        (chunks, ctx)
    }

    /// The payload as text to encode: UTF-8, or UTF-16LE with the flag
    /// (lossy either way).
    fn text(&self) -> String {
        if !self.utf16_payload {
            return String::from_utf8_lossy(self.payload).into_owned();
        }
        let units: Vec<u16> = self
            .payload
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        String::from_utf16_lossy(&units)
    }

    /// `text` cut at the plan's boundaries, each moved back to a character
    /// boundary.
    fn text_chunks<'t>(&self, text: &'t str) -> Vec<&'t str> {
        let cuts = self.boundaries(text.len(), |c| text.is_char_boundary(c));
        self.chunks(text.as_bytes(), &cuts)
            .iter()
            .map(|c| std::str::from_utf8(c).expect("cut at char boundaries"))
            .collect()
    }

    fn chunks<'s>(&self, whole: &'s [u8], cuts: &[usize]) -> Vec<&'s [u8]> {
        let mut out = Vec::new();
        let mut start = 0;
        for &c in cuts {
            out.push(&whole[start..c]);
            start = c;
        }
        out.push(&whole[start..]);
        if self.trailing_empty {
            out.push(&whole[whole.len()..]);
        }
        out
    }
}

/// What decoding the encoding of `c` must give back: `Some(char)`, or `None`
/// where the standard's encoder deliberately maps `c` to bytes that decode
/// to something else (any character accepted; the re-encode check still
/// pins the bytes).
fn round_trip_char(enc: &'static Encoding, c: char) -> Option<char> {
    match (enc.name(), c) {
        ("Shift_JIS" | "EUC-JP", '\u{A5}') => Some('\\'),
        ("Shift_JIS" | "EUC-JP", '\u{203E}') => Some('~'),
        ("Shift_JIS" | "EUC-JP" | "ISO-2022-JP", '\u{2212}') => Some('\u{FF0D}'),
        // Halfwidth katakana become fullwidth through index ISO-2022-JP katakana.
        ("ISO-2022-JP", '\u{FF61}'..='\u{FF9F}') => None,
        // GB18030-2005 compatibility bytes the decoder maps elsewhere.
        (
            "gb18030" | "GBK",
            '\u{E78D}'..='\u{E796}'
            | '\u{E81E}'
            | '\u{E826}'
            | '\u{E82B}'
            | '\u{E82C}'
            | '\u{E832}'
            | '\u{E843}'
            | '\u{E854}'
            | '\u{E864}',
        ) => None,
        _ => Some(c),
    }
}

/// Whether `got` is what decoding the encoding of `sent` must give.
fn round_trips(enc: &'static Encoding, sent: &str, got: &str) -> bool {
    sent.chars().count() == got.chars().count()
        && sent
            .chars()
            .zip(got.chars())
            .all(|(s, g)| round_trip_char(enc, s).is_none_or(|e| e == g))
}

fn hex(bytes: &[u8]) -> String {
    let shown: Vec<String> = bytes.iter().take(200).map(|b| format!("{b:02X}")).collect();
    let more = if bytes.len() > 200 { " ..." } else { "" };
    format!("[{}{more}]", shown.join(" "))
}

/// Whether the 2012 draft's encoder for `enc` writes some character of `text`
/// as bytes its decoder reads as an escape: ISO-2022-KR writes ESC, SO and
/// SI as they are; HZ writes GBK row FE (private use) as "~" + trail.
fn draft_writes_escapes(enc: &'static Encoding, text: &str) -> bool {
    match enc.name() {
        "ISO-2022-KR" => text.contains(['\u{1B}', '\u{0E}', '\u{0F}']),
        "HZ-GB-2312" => text.chars().any(|c| {
            let gb18030 = Encoding::for_label(b"gb18030").expect("gb18030");
            let bytes = gb18030.encode(c.encode_utf8(&mut [0; 4])).map(|(b, _)| b);
            matches!(bytes.as_deref(), Some([0xFE, 0xA1..=0xFE]))
        }),
        _ => false,
    }
}

/// Encodes `text` fatally in one shot and, if nothing was unmappable, checks
/// that decoding gives `text` back (modulo normalisation) and that re-encoding
/// the result gives the same bytes. Returns the bytes, or `None` if `text`
/// had an unmappable character.
fn check_round_trip(enc: &'static Encoding, text: &str, context: &str) -> Option<Vec<u8>> {
    let (events, _) = encode_fatal(enc, &[text], 65536);
    let mut bytes = Vec::new();
    for e in events {
        match e {
            Event::Output(b) => bytes.extend_from_slice(&b),
            _ => return None,
        }
    }
    check_decodes_to(enc, &bytes, text, context);
    Some(bytes)
}

/// Checks that `bytes` (an encoder's output) decode without error to what
/// `text` must round-trip to, and re-encode to the same bytes.
fn check_decodes_to(enc: &'static Encoding, bytes: &[u8], text: &str, context: &str) {
    if draft_writes_escapes(enc, text) {
        return;
    }
    let (events, _, _) = decode_fatal(enc, false, &[bytes], 65536);
    let mut decoded = Vec::new();
    for e in &events {
        match e {
            Event::Output(b) => decoded.extend_from_slice(b),
            other => panic!(
                "{enc:?} round trip ({context}): decoding the encoder's output {} errs: {other:?} \
                 (text {text:?})",
                hex(bytes)
            ),
        }
    }
    let decoded = String::from_utf8(decoded).expect("decoder wrote invalid UTF-8");
    assert!(
        round_trips(enc, text, &decoded),
        "{enc:?} round trip ({context}): {text:?} -> {} -> {decoded:?}",
        hex(bytes)
    );
    let (again, _) = encode_fatal(enc, &[&decoded], 65536);
    assert_eq!(
        again,
        if bytes.is_empty() {
            vec![]
        } else {
            vec![Event::Output(bytes.to_vec())]
        },
        "{enc:?} round trip ({context}): re-encoding {decoded:?} changed the bytes {}",
        hex(bytes)
    );
}

/// The decode property check (see the module docs). Returns false when the
/// input is too short to hold a plan.
pub fn check_decode(data: &[u8], set: Set) -> bool {
    let Some(plan) = Plan::parse(data, set, false) else {
        return false;
    };
    force_simd_path(data);
    let enc = plan.encoding;
    let input = plan.payload;
    let (chunks, ctx) = plan.byte_chunks();

    // Replacement mode: one shot versus chunked.
    let one = decode_replacing(enc, plan.bom, &[input], 4 * input.len() + 64);
    let chunked = decode_replacing(enc, plan.bom, &chunks, plan.dst_len);
    assert_eq!(
        one, chunked,
        "replacement: one-shot vs chunked differ ({ctx})"
    );
    let text = std::str::from_utf8(&one.output)
        .unwrap_or_else(|e| panic!("replacement output is not UTF-8: {e} ({ctx})"));
    assert_eq!(one.position, input.len() as u64, "final position ({ctx})");

    // Fatal mode: one shot versus chunked.
    let (fatal, fatal_enc, fatal_pos) = decode_fatal(enc, plan.bom, &[input], 4 * input.len() + 64);
    let fatal_chunked = decode_fatal(enc, plan.bom, &chunks, plan.dst_len);
    assert_eq!(
        (&fatal, fatal_enc, fatal_pos),
        (&fatal_chunked.0, fatal_chunked.1, fatal_chunked.2),
        "fatal: one-shot vs chunked differ ({ctx})"
    );
    assert_eq!(fatal_enc, one.encoding, "BOM sniff differs by mode ({ctx})");

    // Fatal errs exactly where replacement replaced.
    let mut rebuilt = Vec::new();
    let mut errors = 0u64;
    let mut first = None;
    let mut end_of_previous = 0u64;
    for e in &fatal {
        match e {
            Event::Output(b) => rebuilt.extend_from_slice(b),
            Event::Malformed { offset, bytes } => {
                errors += 1;
                first.get_or_insert(*offset);
                rebuilt.extend_from_slice("\u{FFFD}".as_bytes());
                assert!(
                    !bytes.is_empty() || enc.name() == "replacement",
                    "empty malformed sequence at {offset} ({ctx})"
                );
                let start = usize::try_from(*offset).expect("offset fits");
                assert!(
                    *offset >= end_of_previous
                        && input.get(start..start + bytes.len()) == Some(bytes.as_slice()),
                    "malformed {} at {offset} is not the input there (previous error ended at \
                     {end_of_previous}) ({ctx})",
                    hex(bytes)
                );
                end_of_previous = *offset + bytes.len() as u64;
            }
            Event::Unmappable { .. } => unreachable!(),
        }
    }
    assert_eq!(errors, one.replaced, "error counts differ by mode ({ctx})");
    assert_eq!(
        first, one.first,
        "first error offset differs by mode ({ctx})"
    );
    assert_eq!(
        rebuilt, one.output,
        "fatal output with U+FFFD per error != replacement output ({ctx})"
    );

    // Round trip of the decoded text through the encoding actually used.
    let used = one.encoding;
    if used.can_encode() {
        let keeps_fffd = matches!(used.name(), "UTF-8" | "UTF-16BE" | "UTF-16LE" | "gb18030");
        let text: String = if keeps_fffd {
            text.to_owned()
        } else {
            text.chars().filter(|&c| c != '\u{FFFD}').collect()
        };
        check_round_trip(used, &text, &ctx);
    }
    true
}

/// The encode property check (see the module docs).
pub fn check_encode(data: &[u8], set: Set) -> bool {
    let Some(plan) = Plan::parse(data, set, true) else {
        return false;
    };
    force_simd_path(data);
    let enc = plan.encoding;
    let text = plan.text();
    let chunks = plan.text_chunks(&text);
    let ctx = format!(
        "{enc:?}, dst {}, chunks {:?}, text {text:?}",
        plan.dst_len,
        chunks.iter().map(|c| c.len()).collect::<Vec<_>>(),
    );

    let big = 16 * text.len() + 64;
    let one = encode_html(enc, &[&text], big);
    let chunked = encode_html(enc, &chunks, plan.dst_len);
    assert_eq!(one, chunked, "html: one-shot vs chunked differ ({ctx})");
    assert_eq!(one.position, text.len() as u64, "final position ({ctx})");

    let (fatal, fatal_pos) = encode_fatal(enc, &[&text], big);
    let fatal_chunked = encode_fatal(enc, &chunks, plan.dst_len);
    assert_eq!(
        (&fatal, fatal_pos),
        (&fatal_chunked.0, fatal_chunked.1),
        "fatal: one-shot vs chunked differ ({ctx})"
    );
    assert_eq!(fatal_pos, text.len() as u64, "fatal final position ({ctx})");

    // Fatal errs exactly where html replaced; rebuild both views.
    let mut rebuilt = Vec::new();
    let mut expected_text = String::new();
    let mut copied = 0usize;
    let mut errors = 0u64;
    let mut first = None;
    for e in &fatal {
        match e {
            Event::Output(b) => rebuilt.extend_from_slice(b),
            Event::Unmappable { offset, ch } => {
                errors += 1;
                first.get_or_insert((*offset, *ch));
                let start = usize::try_from(*offset).expect("offset fits");
                let actual = text[start..].chars().next();
                let fits = match actual {
                    Some(a) if a == *ch => true,
                    Some(a @ ('\u{1B}' | '\u{0E}' | '\u{0F}')) => {
                        enc.name() == "ISO-2022-JP" && *ch == '\u{FFFD}' && a != *ch
                    }
                    _ => false,
                };
                assert!(
                    fits && start >= copied,
                    "unmappable {ch:?} at {offset} is not the input there ({ctx})"
                );
                let reference = format!("&#{};", *ch as u32);
                rebuilt.extend_from_slice(reference.as_bytes());
                expected_text.push_str(&text[copied..start]);
                expected_text.push_str(&reference);
                copied = start + actual.map_or(0, char::len_utf8);
            }
            Event::Malformed { .. } => unreachable!(),
        }
    }
    expected_text.push_str(&text[copied..]);
    assert_eq!(errors, one.replaced, "error counts differ by mode ({ctx})");
    assert_eq!(first, one.first, "first unmappable differs by mode ({ctx})");
    if enc.name().starts_with("UTF-") {
        assert_eq!(errors, 0, "UTF encoders cannot fail ({ctx})");
    }
    // ISO-2022-JP's reference first switches back to ASCII; so do the
    // draft's HZ-GB-2312 and ISO-2022-KR.
    if enc.name() != "ISO-2022-JP" && !enc.is_historical() {
        assert_eq!(
            rebuilt,
            one.output,
            "fatal output with &#N; per error != html output {} ({ctx})",
            hex(&one.output)
        );
    }

    // The html output decodes to the text with references (and re-encodes
    // to itself).
    if enc.is_historical() && errors > 0 {
        // The draft's encoders switch modes before they find a character
        // unmappable, so their html output holds empty switches (~{~}, SO SI)
        // that re-encoding drops: only the decoding is checked.
        if !draft_writes_escapes(enc, &expected_text) {
            let (events, _, _) = decode_fatal(enc, false, &[&one.output], 65536);
            let expected = Event::Output(expected_text.into_bytes());
            assert_eq!(events, [expected], "html output decodes ({ctx})");
        }
        return true;
    }
    check_decodes_to(enc, &one.output, &expected_text, &ctx);
    true
}

/// Fuzz-style inputs for the seeded sweep and seed corpora: a small
/// xorshift generator over byte patterns that reach multi-byte states.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A plausible fuzz input: header, cuts, and a payload mixing ASCII,
    /// high bytes, escapes and fragments of real text.
    pub fn input(&mut self, samples: &[Vec<u8>]) -> Vec<u8> {
        let mut v = vec![self.next() as u8, self.next() as u8, self.next() as u8];
        let cuts = usize::from(v[2] & 15);
        for _ in 0..cuts * 2 {
            v.push(self.next() as u8);
        }
        let len = self.below(96) as usize;
        while v.len() < len + 3 + cuts * 2 {
            match self.below(8) {
                0 => v.push(self.below(0x80) as u8),
                1..=3 => v.push(0x80 | self.next() as u8),
                4 => v.extend_from_slice(
                    [&b"\x1b$B"[..], b"\x1b(B", b"\x1b(J", b"\x1b(I", b"\x1b$@"]
                        [self.below(5) as usize],
                ),
                5 => v.extend_from_slice(&[0xEF, 0xBB, 0xBF, 0xFE, 0xFF][..self.below(4) as usize]),
                _ => {
                    if let Some(s) = samples.get(self.below(samples.len().max(1) as u64) as usize) {
                        if !s.is_empty() {
                            let start = self.below(s.len() as u64) as usize;
                            let end = (start + 1 + self.below(24) as usize).min(s.len());
                            v.extend_from_slice(&s[start..end]);
                        }
                    }
                }
            }
        }
        v
    }
}

/// wenc (chunked, small buffers) against encoding_rs (one shot), decoding
/// and encoding the same payload, in both error modes. encoding_rs follows
/// the same standard (GB18030-2022 included), so any difference is a bug on
/// one side or a place where the two read the standard differently. UTF-16
/// encoders are left out (encoding_rs has none) and so is replacement's.
pub fn check_differential(data: &[u8]) -> bool {
    let Some(plan) = Plan::parse(data, Set::All, false) else {
        return false;
    };
    force_simd_path(data);
    let enc = plan.encoding;
    let input = plan.payload;
    let (chunks, ctx) = plan.byte_chunks();
    let rs_events = oracle_decode_fatal(enc, plan.bom, input);
    let rs_out = oracle_decode_replacing(enc, plan.bom, input);
    let ours = decode_replacing(enc, plan.bom, &chunks, plan.dst_len);
    assert!(
        ours.output == rs_out,
        "decode (replacement) differs from encoding_rs: wenc {:?} encoding_rs {:?} ({ctx})",
        String::from_utf8_lossy(&ours.output),
        String::from_utf8_lossy(&rs_out)
    );
    let (events, _, _) = decode_fatal(enc, plan.bom, &chunks, plan.dst_len);
    assert_eq!(
        events, rs_events,
        "decode (fatal) differs from encoding_rs ({ctx})"
    );

    if !enc.can_encode() || enc.name().starts_with("UTF-16") {
        return true;
    }
    let text = plan.text();
    let chunks = plan.text_chunks(&text);
    let ctx = format!("{enc:?}, dst {}, text {text:?}", plan.dst_len);
    let rs_events = oracle_encode_fatal(enc, &text);
    let rs_out = oracle_encode_html(enc, &text);
    let ours = encode_html(enc, &chunks, plan.dst_len);
    assert!(
        ours.output == rs_out,
        "encode (html) differs from encoding_rs: wenc {} encoding_rs {} ({ctx})",
        hex(&ours.output),
        hex(&rs_out)
    );
    let (events, _) = encode_fatal(enc, &chunks, plan.dst_len);
    assert_eq!(
        events, rs_events,
        "encode (fatal) differs from encoding_rs ({ctx})"
    );
    true
}

/// Makes the single-byte decoders and encoders of this input use the vector kernel its
/// last byte picks (scalar, SSSE3 or AVX2; one the CPU lacks falls back to
/// the best it has), so the fuzzer runs every path.
pub fn force_simd_path(data: &[u8]) {
    use wenc::codec::SimdPath;
    let paths = [SimdPath::Scalar, SimdPath::Ssse3, SimdPath::Avx2];
    let pick = usize::from(data.last().copied().unwrap_or(0)) % paths.len();
    wenc::codec::force_path(Some(paths[pick]));
}
