//! Running the coders: wenc's fed in chunks through a small output buffer,
//! each call's contract checked as it goes ([`feed`]), and encoding_rs's in
//! one shot, the oracle; both record what they produced as [`Event`]s.

use wenc::codec::{CoderStatus, DecoderResult, EncoderResult, Encoding};

/// What a fatal-mode run produced.
#[derive(Debug, PartialEq, Eq, Clone)]
pub enum Event {
    Output(Vec<u8>),
    Malformed { offset: u64, bytes: Vec<u8> },
    Unmappable { offset: u64, ch: char },
}

fn push_output(events: &mut Vec<Event>, bytes: &[u8]) {
    if bytes.is_empty() {
        return;
    }
    if let Some(Event::Output(v)) = events.last_mut() {
        v.extend_from_slice(bytes);
    } else {
        events.push(Event::Output(bytes.to_vec()));
    }
}

/// A bound on calls per run: a coder that stops making progress fails here
/// instead of hanging the fuzzer.
fn call_budget(input_len: usize) -> usize {
    64 * input_len + 256
}

/// The coder [`feed`] runs, named in its failures: written out only for a
/// failure, not once per run (the exhaustive tests make millions of runs).
#[derive(Clone, Copy)]
struct Coder(&'static Encoding, &'static str);

impl std::fmt::Display for Coder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} {}", self.0, self.1)
    }
}

/// How one coder call ended, as [`feed`] sees it.
#[derive(PartialEq, Eq)]
enum Ended {
    InputEmpty,
    OutputFull,
    /// At an error (fatal mode), which the call recorded.
    Error,
}

/// Feeds `chunks` to a coder, each until it is consumed, through `call`
/// (the rest of the chunk, an output buffer of `dst_len` bytes, whether it
/// is the last chunk), which records what it wrote and returns how it ended
/// with the bytes read and written. Checks each call's contract: counts in
/// range, no input left at InputEmpty, progress at OutputFull, and a
/// bounded number of calls. `what` names the coder in failures.
fn feed<S>(
    what: Coder,
    chunks: &[&S],
    dst_len: usize,
    mut call: impl FnMut(&S, &mut [u8], bool) -> (Ended, usize, usize),
) where
    S: ?Sized + AsRef<[u8]> + std::ops::Index<std::ops::RangeFrom<usize>, Output = S>,
{
    let total: usize = chunks.iter().map(|c| c.as_ref().len()).sum();
    let mut budget = call_budget(total);
    let mut dst = vec![0u8; dst_len];
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let len = chunk.as_ref().len();
        let mut read = 0;
        loop {
            budget = budget
                .checked_sub(1)
                .unwrap_or_else(|| panic!("{what} makes no progress"));
            let (ended, r, w) = call(&chunk[read..], &mut dst, last);
            assert!(r <= len - read && w <= dst_len, "{what}: bad counts");
            read += r;
            match ended {
                Ended::InputEmpty => {
                    assert_eq!(read, len, "{what}: InputEmpty with input left");
                    break;
                }
                Ended::OutputFull => assert!(
                    r > 0 || w > 0,
                    "{what}: OutputFull without progress, {dst_len} bytes free"
                ),
                Ended::Error => {}
            }
        }
    }
}

impl From<CoderStatus> for Ended {
    fn from(status: CoderStatus) -> Ended {
        match status {
            CoderStatus::InputEmpty => Ended::InputEmpty,
            CoderStatus::OutputFull => Ended::OutputFull,
        }
    }
}

fn new_decoder(enc: &'static Encoding, bom: bool) -> wenc::codec::Decoder {
    if bom {
        enc.new_decoder()
    } else {
        enc.new_decoder_without_bom_handling()
    }
}

/// Result of a fatal-mode decode: events, the encoding finally used, and the
/// decoder's final position.
type FatalDecode = (Vec<Event>, &'static Encoding, u64);

pub fn decode_fatal(
    enc: &'static Encoding,
    bom: bool,
    chunks: &[&[u8]],
    dst_len: usize,
) -> FatalDecode {
    let mut decoder = new_decoder(enc, bom);
    let mut events = Vec::new();
    let what = Coder(enc, "decoder (fatal)");
    feed(what, chunks, dst_len, |src, dst, last| {
        let (result, r, w) = decoder.decode_without_replacement(src, dst, last);
        push_output(&mut events, &dst[..w]);
        let ended = match result {
            DecoderResult::InputEmpty => Ended::InputEmpty,
            DecoderResult::OutputFull => Ended::OutputFull,
            DecoderResult::Malformed(m) => {
                events.push(Event::Malformed {
                    offset: m.offset,
                    bytes: m.bytes().to_vec(),
                });
                Ended::Error
            }
        };
        (ended, r, w)
    });
    (events, decoder.encoding(), decoder.position())
}

/// Result of a replacement-mode decode.
#[derive(Debug, PartialEq, Eq)]
pub struct ReplacedDecode {
    pub output: Vec<u8>,
    pub replaced: u64,
    pub first: Option<u64>,
    pub encoding: &'static Encoding,
    pub position: u64,
}

pub fn decode_replacing(
    enc: &'static Encoding,
    bom: bool,
    chunks: &[&[u8]],
    dst_len: usize,
) -> ReplacedDecode {
    let mut decoder = new_decoder(enc, bom);
    let mut out = ReplacedDecode {
        output: Vec::new(),
        replaced: 0,
        first: None,
        encoding: enc,
        position: 0,
    };
    let what = Coder(enc, "decoder (replacement)");
    feed(what, chunks, dst_len, |src, dst, last| {
        let step = decoder.decode_with_replacement(src, dst, last);
        out.output.extend_from_slice(&dst[..step.written]);
        out.replaced += step.replaced;
        if out.first.is_none() {
            out.first = step.first.map(|m| m.offset);
        }
        assert_eq!(
            step.first.is_some(),
            step.replaced > 0,
            "{enc:?}: first error and count disagree"
        );
        (step.status.into(), step.read, step.written)
    });
    out.encoding = decoder.encoding();
    out.position = decoder.position();
    out
}

pub fn encode_fatal(enc: &'static Encoding, chunks: &[&str], dst_len: usize) -> (Vec<Event>, u64) {
    let mut encoder = enc.new_encoder().expect("encodable");
    let mut events = Vec::new();
    let what = Coder(enc, "encoder (fatal)");
    feed(what, chunks, dst_len, |src, dst, last| {
        let (result, r, w) = encoder.encode_without_replacement(src, dst, last);
        push_output(&mut events, &dst[..w]);
        let ended = match result {
            EncoderResult::InputEmpty => Ended::InputEmpty,
            EncoderResult::OutputFull => Ended::OutputFull,
            EncoderResult::Unmappable(u) => {
                events.push(Event::Unmappable {
                    offset: u.offset,
                    ch: u.ch,
                });
                Ended::Error
            }
        };
        (ended, r, w)
    });
    (events, encoder.position())
}

/// Result of an html-mode encode: output, references written, the first
/// unmappable (offset, char), and the encoder's final position.
#[derive(Debug, PartialEq, Eq)]
pub struct HtmlEncode {
    pub output: Vec<u8>,
    pub replaced: u64,
    pub first: Option<(u64, char)>,
    pub position: u64,
}

pub fn encode_html(enc: &'static Encoding, chunks: &[&str], dst_len: usize) -> HtmlEncode {
    let mut encoder = enc.new_encoder().expect("encodable");
    let mut out = HtmlEncode {
        output: Vec::new(),
        replaced: 0,
        first: None,
        position: 0,
    };
    let what = Coder(enc, "encoder (html)");
    feed(what, chunks, dst_len, |src, dst, last| {
        let step = encoder.encode_with_html(src, dst, last);
        out.output.extend_from_slice(&dst[..step.written]);
        out.replaced += step.replaced;
        if out.first.is_none() {
            out.first = step.first.map(|u| (u.offset, u.ch));
        }
        assert_eq!(
            step.first.is_some(),
            step.replaced > 0,
            "{enc:?}: first error and count disagree"
        );
        (step.status.into(), step.read, step.written)
    });
    out.position = encoder.position();
    out
}

/// The encoding_rs encoding with the same name (looked up once per
/// encoding: the exhaustive tests ask millions of times).
pub fn oracle(enc: &'static Encoding) -> &'static encoding_rs::Encoding {
    type Pairs = Vec<(&'static Encoding, &'static encoding_rs::Encoding)>;
    static FOUND: std::sync::OnceLock<Pairs> = std::sync::OnceLock::new();
    let by_label =
        |e: &'static Encoding| encoding_rs::Encoding::for_label(e.labels()[0].as_bytes());
    let found = FOUND.get_or_init(|| {
        Encoding::all()
            .filter_map(|e| Some((e, by_label(e)?)))
            .collect()
    });
    match found.iter().find(|(e, _)| std::ptr::eq(*e, enc)) {
        Some(&(_, oracle)) => oracle,
        None => by_label(enc).unwrap_or_else(|| panic!("encoding_rs lacks {}", enc.name())),
    }
}

/// The oracle's output buffer: room for all of the output up to 64 KiB
/// (the loops below go on after `OutputFull`, and give the same output with
/// any size), so that checking a large input does not zero megabytes.
fn oracle_buffer(room: usize) -> Vec<u8> {
    vec![0u8; room.min(1 << 16)]
}

fn oracle_decoder(enc: &'static Encoding, bom: bool) -> encoding_rs::Decoder {
    if bom {
        oracle(enc).new_decoder()
    } else {
        oracle(enc).new_decoder_without_bom_handling()
    }
}

/// encoding_rs decoding `input` in one shot, fatal mode.
pub fn oracle_decode_fatal(enc: &'static Encoding, bom: bool, input: &[u8]) -> Vec<Event> {
    let mut decoder = oracle_decoder(enc, bom);
    let mut events = Vec::new();
    let mut dst = oracle_buffer(4 * input.len() + 64);
    let mut read = 0;
    loop {
        let (result, r, w) =
            decoder.decode_to_utf8_without_replacement(&input[read..], &mut dst, true);
        read += r;
        push_output(&mut events, &dst[..w]);
        match result {
            encoding_rs::DecoderResult::InputEmpty => return events,
            encoding_rs::DecoderResult::OutputFull => {}
            encoding_rs::DecoderResult::Malformed(len, after) => {
                let end = read - usize::from(after);
                let start = end - usize::from(len);
                events.push(Event::Malformed {
                    offset: start as u64,
                    bytes: input[start..end].to_vec(),
                });
            }
        }
    }
}

/// encoding_rs decoding `input` in one shot, replacement mode.
pub fn oracle_decode_replacing(enc: &'static Encoding, bom: bool, input: &[u8]) -> Vec<u8> {
    let mut decoder = oracle_decoder(enc, bom);
    let mut dst = oracle_buffer(4 * input.len() + 64);
    let mut out = Vec::with_capacity(input.len());
    let mut read = 0;
    loop {
        let (result, r, w, _) = decoder.decode_to_utf8(&input[read..], &mut dst, true);
        read += r;
        out.extend_from_slice(&dst[..w]);
        if result == encoding_rs::CoderResult::InputEmpty {
            return out;
        }
    }
}

/// `text` in UTF-16, each unit's bytes as `bytes` orders them (a plain loop
/// into a buffer of the right size: the tests encode megabytes this way).
fn utf16(text: &str, bytes: fn(u16) -> [u8; 2]) -> Vec<u8> {
    let mut out = Vec::with_capacity(2 * text.len());
    for unit in text.encode_utf16() {
        out.extend_from_slice(&bytes(unit));
    }
    out
}

/// encoding_rs encoding `text` in one shot, fatal mode.
pub fn oracle_encode_fatal(enc: &'static Encoding, text: &str) -> Vec<Event> {
    let mut encoder = oracle(enc).new_encoder();
    let mut dst = oracle_buffer(16 * text.len() + 64);
    let mut events = Vec::new();
    let mut read = 0;
    loop {
        let (result, r, w) =
            encoder.encode_from_utf8_without_replacement(&text[read..], &mut dst, true);
        read += r;
        push_output(&mut events, &dst[..w]);
        match result {
            encoding_rs::EncoderResult::InputEmpty => return events,
            encoding_rs::EncoderResult::OutputFull => {}
            encoding_rs::EncoderResult::Unmappable(ch) => {
                // The offending character is the last one consumed (encoding_rs,
                // like the standard, reports U+FFFD for ISO-2022-JP's ESC, SO, SI).
                let len = text[..read].chars().next_back().map_or(0, char::len_utf8);
                events.push(Event::Unmappable {
                    offset: (read - len) as u64,
                    ch,
                });
            }
        }
    }
}

/// encoding_rs encoding `text` in one shot, html mode. encoding_rs has no
/// UTF-16 encoder (the standard has none); wenc's is checked against std's
/// UTF-16 instead.
pub fn oracle_encode_html(enc: &'static Encoding, text: &str) -> Vec<u8> {
    match enc.name() {
        "UTF-16LE" => return utf16(text, u16::to_le_bytes),
        "UTF-16BE" => return utf16(text, u16::to_be_bytes),
        _ => {}
    }
    let mut encoder = oracle(enc).new_encoder();
    let mut dst = oracle_buffer(16 * text.len() + 64);
    let mut out = Vec::with_capacity(text.len());
    let mut read = 0;
    loop {
        let (result, r, w, _) = encoder.encode_from_utf8(&text[read..], &mut dst, true);
        read += r;
        out.extend_from_slice(&dst[..w]);
        if result == encoding_rs::CoderResult::InputEmpty {
            return out;
        }
    }
}
