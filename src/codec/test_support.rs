//! Test helpers shared by the codec families' tests: run wenc and
//! encoding_rs the same way, in one shot and in chunks, and compare.

use crate::codec::{CoderStatus, DecoderResult, EncoderResult, Encoding};
use crate::codec::{Decoded, Encoded, RawDecoderResult, RawEncoderResult};
use std::ops::{Index, RangeFrom};

/// What a fatal-mode run produced, errors with their stream offsets.
#[derive(Debug, PartialEq, Eq, Clone)]
pub enum Ev {
    Out(Vec<u8>),
    Bad(u64, Vec<u8>),
    Unmappable(u64, char),
}

/// Output text, as an event.
pub fn out(s: &str) -> Ev {
    Ev::Out(s.as_bytes().to_vec())
}

/// A malformed sequence at stream offset `offset`, as an event.
pub fn bad(offset: u64, bytes: &[u8]) -> Ev {
    Ev::Bad(offset, bytes.to_vec())
}

/// Appends output to the last event if it is output, else as a new one.
pub fn push_out(events: &mut Vec<Ev>, bytes: &[u8]) {
    if bytes.is_empty() {
        return;
    }
    if let Some(Ev::Out(v)) = events.last_mut() {
        v.extend_from_slice(bytes);
    } else {
        events.push(Ev::Out(bytes.to_vec()));
    }
}

/// Why one call of a streaming coder returned, as [`run`] sees it.
enum Step {
    /// The chunk is used up: go on with the next one.
    Done,
    /// Call again with the rest of the chunk.
    Again,
    /// An error to record; then call again.
    Event(Ev),
}

/// Feeds `chunks` (the last one with `last`) through `call(rest, dst, last)`,
/// which returns (read, written, step), into a `dst_len` buffer; collects the
/// output and the errors. The one loop behind every runner below.
fn run<T: ?Sized + Index<RangeFrom<usize>, Output = T>>(
    chunks: &[&T],
    dst_len: usize,
    mut call: impl FnMut(&T, &mut [u8], bool) -> (usize, usize, Step),
) -> Vec<Ev> {
    let mut events = Vec::new();
    let mut dst = vec![0; dst_len];
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut read = 0;
        loop {
            let (r, w, step) = call(&chunk[read..], &mut dst, last);
            read += r;
            push_out(&mut events, &dst[..w]);
            match step {
                Step::Done => break,
                Step::Again => assert!(r > 0 || w > 0, "no progress"),
                Step::Event(e) => events.push(e),
            }
        }
    }
    events
}

/// The bytes of a run that recorded no errors (the replacing modes, or
/// errors already written into the output as text).
fn output(events: Vec<Ev>) -> Vec<u8> {
    let bytes = events.into_iter().map(|e| match e {
        Ev::Out(v) => v,
        e => panic!("an error where none was expected: {e:?}"),
    });
    bytes.flatten().collect()
}

/// `Done` when a replacing call consumed its input, else `Again`.
fn replacing_step(status: CoderStatus) -> Step {
    match status {
        CoderStatus::InputEmpty => Step::Done,
        CoderStatus::OutputFull => Step::Again,
    }
}

/// Decodes in fatal mode, fed in `chunks`, into a `dst_len` buffer.
pub fn decode_fatal(enc: &'static Encoding, chunks: &[&[u8]], dst_len: usize) -> Vec<Ev> {
    let mut decoder = enc.new_decoder_without_bom_handling();
    run(chunks, dst_len, |src, dst, last| {
        let (result, r, w) = decoder.decode_without_replacement(src, dst, last);
        let step = match result {
            DecoderResult::InputEmpty => Step::Done,
            DecoderResult::OutputFull => Step::Again,
            DecoderResult::Malformed(m) => Step::Event(Ev::Bad(m.offset, m.bytes().to_vec())),
        };
        (r, w, step)
    })
}

/// Decodes in replacement mode, fed in `chunks`.
pub fn decode_replacing(enc: &'static Encoding, chunks: &[&[u8]], dst_len: usize) -> Vec<u8> {
    let mut decoder = enc.new_decoder_without_bom_handling();
    output(run(chunks, dst_len, |src, dst, last| {
        let step = decoder.decode_with_replacement(src, dst, last);
        (step.read, step.written, replacing_step(step.status))
    }))
}

/// `input` in pieces of `chunk` bytes (one empty piece for an empty input).
pub fn pieces(input: &[u8], chunk: usize) -> Vec<&[u8]> {
    if input.is_empty() {
        return vec![input];
    }
    input.chunks(chunk).collect()
}

/// Runs a family decoder (`decode` is its `decode` method) over `chunks`
/// into a `dst_len` buffer, checking the family contract on the way: reads
/// and writes within bounds, `InputEmpty` only with `src` used up, each
/// malformed sequence's bytes where its offset says, and back in the initial
/// state after `last`.
pub fn family_events(
    chunks: &[&[u8]],
    dst_len: usize,
    mut decode: impl FnMut(&[u8], &mut [u8], bool) -> Decoded,
) -> Vec<Ev> {
    let input = chunks.concat();
    let mut position = 0;
    let events = run(chunks, dst_len, |src, dst, last| {
        let (result, r, w) = decode(src, dst, last);
        assert!(r <= src.len() && w <= dst.len());
        position += r;
        let step = match result {
            RawDecoderResult::InputEmpty => {
                assert_eq!(r, src.len(), "InputEmpty with input left");
                Step::Done
            }
            RawDecoderResult::OutputFull => Step::Again,
            RawDecoderResult::Malformed(m) => {
                let bytes = m.bytes[..m.len as usize].to_vec();
                let at = position - usize::from(m.pending_after) - bytes.len();
                assert_eq!(&input[at..at + bytes.len()], &bytes[..]);
                Step::Event(Ev::Bad(at as u64, bytes))
            }
        };
        (r, w, step)
    });
    let mut dst = vec![0; dst_len];
    let end = decode(&[], &mut dst, true);
    assert_eq!(end, (RawDecoderResult::InputEmpty, 0, 0), "not reset");
    events
}

/// [`family_events`] with each malformed sequence written into the output
/// as `show` writes its bytes.
pub fn family_decode(
    chunks: &[&[u8]],
    dst_len: usize,
    decode: impl FnMut(&[u8], &mut [u8], bool) -> Decoded,
    show: impl Fn(&[u8]) -> String,
) -> Vec<u8> {
    let events = family_events(chunks, dst_len, decode);
    let shown = events.into_iter().map(|e| match e {
        Ev::Bad(_, bytes) => Ev::Out(show(&bytes).into_bytes()),
        e => e,
    });
    output(shown.collect())
}

/// Runs a family encoder over `text` (one chunk, `last`) into a `dst_len`
/// buffer; each unmappable character appears in the output as `show`
/// writes it.
pub fn family_encode(
    text: &str,
    dst_len: usize,
    mut encode: impl FnMut(&str, &mut [u8], bool) -> Encoded,
    show: impl Fn(char) -> String,
) -> Vec<u8> {
    output(run(&[text], dst_len, |src, dst, last| {
        let (result, r, w) = encode(src, dst, last);
        let step = match result {
            RawEncoderResult::InputEmpty => Step::Done,
            RawEncoderResult::OutputFull => Step::Again,
            RawEncoderResult::Unmappable(c) => Step::Event(Ev::Out(show(c).into_bytes())),
        };
        (r, w, step)
    }))
}

/// encoding_rs in fatal mode, as (offset, length) pairs and output.
pub fn oracle_decode_fatal(enc: &'static Encoding, bytes: &[u8]) -> Vec<Ev> {
    let oracle = encoding_rs::Encoding::for_label(enc.name().as_bytes()).unwrap();
    let mut decoder = oracle.new_decoder_without_bom_handling();
    let mut read = 0;
    run(&[bytes], 64, |src, dst, last| {
        let (result, r, w) = decoder.decode_to_utf8_without_replacement(src, dst, last);
        read += r;
        let step = match result {
            encoding_rs::DecoderResult::InputEmpty => Step::Done,
            encoding_rs::DecoderResult::OutputFull => Step::Again,
            encoding_rs::DecoderResult::Malformed(len, after) => {
                let end = read - after as usize;
                let start = end - len as usize;
                Step::Event(Ev::Bad(start as u64, bytes[start..end].to_vec()))
            }
        };
        (r, w, step)
    })
}

/// Checks that `bytes` decodes the same in one shot, byte by byte, in
/// the given chunks, and like encoding_rs, in both modes.
pub fn check_decode(enc: &'static Encoding, bytes: &[u8], cuts: &[usize]) {
    let one_shot = decode_fatal(enc, &[bytes], 1024);
    let bytewise: Vec<&[u8]> = bytes.chunks(1).collect();
    assert_eq!(
        decode_fatal(enc, &bytewise, 16),
        one_shot,
        "bytewise {bytes:02X?}"
    );
    let chunks = split(bytes, cuts);
    assert_eq!(
        decode_fatal(enc, &chunks, 17),
        one_shot,
        "chunks {chunks:02X?}"
    );
    assert_eq!(
        oracle_decode_fatal(enc, bytes),
        one_shot,
        "encoding_rs {bytes:02X?}"
    );
    let replaced = decode_replacing(enc, &[bytes], 1024);
    assert_eq!(
        decode_replacing(enc, &bytewise, 16),
        replaced,
        "{bytes:02X?}"
    );
    let oracle = encoding_rs::Encoding::for_label(enc.name().as_bytes()).unwrap();
    let (text, _) = oracle.decode_without_bom_handling(bytes);
    assert_eq!(replaced, text.as_bytes(), "replacement {bytes:02X?}");
}

/// `bytes` cut at `cuts` (ascending; cuts outside it or not after the
/// previous one are skipped).
pub fn split<'a>(bytes: &'a [u8], cuts: &[usize]) -> Vec<&'a [u8]> {
    let mut pieces = Vec::new();
    let mut start = 0;
    for &c in cuts {
        if c > start && c < bytes.len() {
            pieces.push(&bytes[start..c]);
            start = c;
        }
    }
    pieces.push(&bytes[start..]);
    pieces
}

/// Encodes in fatal mode, fed in `chunks`.
pub fn encode_fatal(enc: &'static Encoding, chunks: &[&str], dst_len: usize) -> Vec<Ev> {
    let mut encoder = enc.new_encoder().unwrap();
    run(chunks, dst_len, |src, dst, last| {
        let (result, r, w) = encoder.encode_without_replacement(src, dst, last);
        let step = match result {
            EncoderResult::InputEmpty => Step::Done,
            EncoderResult::OutputFull => Step::Again,
            EncoderResult::Unmappable(u) => Step::Event(Ev::Unmappable(u.offset, u.ch)),
        };
        (r, w, step)
    })
}

/// Encodes in html mode, fed in `chunks`.
pub fn encode_html(enc: &'static Encoding, chunks: &[&str], dst_len: usize) -> Vec<u8> {
    let mut encoder = enc.new_encoder().unwrap();
    output(run(chunks, dst_len, |src, dst, last| {
        let step = encoder.encode_with_html(src, dst, last);
        (step.read, step.written, replacing_step(step.status))
    }))
}

/// Checks that `text` encodes the same in one shot, char by char, and
/// like encoding_rs (html mode).
pub fn check_encode(enc: &'static Encoding, text: &str) {
    let one_shot = encode_fatal(enc, &[text], 1024);
    let mut chars = Vec::new();
    let mut start = 0;
    for (i, _) in text.char_indices().skip(1) {
        chars.push(&text[start..i]);
        start = i;
    }
    chars.push(&text[start..]);
    assert_eq!(encode_fatal(enc, &chars, 16), one_shot, "{text:?}");
    let html = encode_html(enc, &[text], 1024);
    assert_eq!(encode_html(enc, &chars, 16), html, "{text:?}");
    let oracle = encoding_rs::Encoding::for_label(enc.name().as_bytes()).unwrap();
    let (bytes, _, _) = oracle.encode(text);
    assert_eq!(html, bytes.as_ref(), "encoding_rs {text:?}");
}

/// A small deterministic generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// `len` random picks from `alphabet`.
    pub fn pick<T: Copy>(&mut self, alphabet: &[T], len: usize) -> Vec<T> {
        (0..len)
            .map(|_| alphabet[self.below(alphabet.len())])
            .collect()
    }

    /// Sorted cut points within `0..=max`.
    pub fn cuts(&mut self, max: usize) -> Vec<usize> {
        let n = self.below(5);
        let mut v: Vec<usize> = (0..n).map(|_| self.below(max + 1)).collect();
        v.sort_unstable();
        v
    }
}

/// For the 2012 draft's codecs, which encoding_rs lacks: random inputs over
/// `bytes` decode alike whole and byte by byte, and random texts over
/// `chars` (at least `min_chars` long) encode alike whole and char by char.
pub fn check_chunking_without_oracle(
    enc: &'static Encoding,
    bytes: &[u8],
    chars: &[char],
    min_chars: usize,
    seed: u64,
) {
    let mut rng = Rng(seed);
    for _ in 0..5_000 {
        let len = rng.below(16);
        let input = rng.pick(bytes, len);
        let bytewise: Vec<&[u8]> = input.chunks(1).collect();
        assert_eq!(
            decode_fatal(enc, &bytewise, 16),
            decode_fatal(enc, &[&input], 64)
        );
    }
    for _ in 0..2_000 {
        let len = rng.below(12) + min_chars;
        let text: String = rng.pick(chars, len).into_iter().collect();
        let pieces: Vec<String> = text.chars().map(String::from).collect();
        let pieces: Vec<&str> = pieces.iter().map(String::as_str).collect();
        assert_eq!(
            encode_fatal(enc, &pieces, 16),
            encode_fatal(enc, &[&text], 64),
            "{text:?}"
        );
    }
}

/// Random byte strings over `alphabet` (plus any byte now and then),
/// checked with [`check_decode`].
pub fn fuzz_decode(enc: &'static Encoding, alphabet: &[u8], cases: usize) {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..cases {
        let len = rng.below(24);
        let mut bytes = rng.pick(alphabet, len);
        if len > 0 && rng.below(4) == 0 {
            let i = rng.below(len);
            bytes[i] = rng.next() as u8;
        }
        let cuts = rng.cuts(len);
        check_decode(enc, &bytes, &cuts);
    }
}

/// Random strings over `alphabet`, checked with [`check_encode`].
pub fn fuzz_encode(enc: &'static Encoding, alphabet: &str, cases: usize) {
    let alphabet: Vec<char> = alphabet.chars().collect();
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for _ in 0..cases {
        let len = rng.below(16);
        let text: String = rng.pick(&alphabet, len).into_iter().collect();
        check_encode(enc, &text);
    }
}

/// A family's chunking test: `cases` random inputs over `bytes` with
/// [`fuzz_decode`], and a quarter as many texts over `chars` with
/// [`fuzz_encode`].
pub fn fuzz_chunkings(enc: &'static Encoding, bytes: &[u8], chars: &str, cases: usize) {
    fuzz_decode(enc, bytes, cases);
    fuzz_encode(enc, chars, cases / 4);
}

// Text-level helpers (gb18030, Big5): errors listed beside the decoded text.

/// Decodes `bytes` in fatal mode, `chunk` bytes per call (0 = one shot)
/// into a 16-byte buffer; errors become U+FFFD in the text and are listed
/// as (offset, bytes).
pub fn decode(enc: &'static Encoding, bytes: &[u8], chunk: usize) -> (String, Vec<(u64, Vec<u8>)>) {
    let chunk = if chunk == 0 {
        bytes.len().max(1)
    } else {
        chunk
    };
    let mut chunks: Vec<&[u8]> = bytes.chunks(chunk).collect();
    chunks.push(&[]);
    decode_chunks(enc, &chunks, 16)
}

/// [`decode`] fed in `chunks`, into a `dst_len` buffer.
pub fn decode_chunks(
    enc: &'static Encoding,
    chunks: &[&[u8]],
    dst_len: usize,
) -> (String, Vec<(u64, Vec<u8>)>) {
    let (mut text, mut errors) = (Vec::new(), Vec::new());
    for event in decode_fatal(enc, chunks, dst_len) {
        match event {
            Ev::Out(v) => text.extend_from_slice(&v),
            Ev::Bad(offset, bytes) => {
                text.extend_from_slice("\u{FFFD}".as_bytes());
                errors.push((offset, bytes));
            }
            Ev::Unmappable(..) => unreachable!("a decoder reported an unmappable"),
        }
    }
    (
        String::from_utf8(text).expect("decoder wrote invalid UTF-8"),
        errors,
    )
}

/// Decodes in one shot and with every chunk size up to 5; all must agree.
pub fn decode_all(enc: &'static Encoding, bytes: &[u8]) -> (String, Vec<(u64, Vec<u8>)>) {
    let one = decode(enc, bytes, 0);
    for chunk in 1..=5 {
        assert_eq!(
            decode(enc, bytes, chunk),
            one,
            "chunk {chunk} of {bytes:02X?}"
        );
    }
    one
}

/// Encodes in fatal mode one char per call; stops at the first unmappable.
pub fn encode(enc: &'static Encoding, text: &str) -> Result<Vec<u8>, char> {
    let mut e = enc.new_encoder().unwrap();
    let mut out = Vec::new();
    let mut buf = [0u8; 16];
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let s = &text[i..i + c.len_utf8()];
        let last = chars.peek().is_none();
        let (r, read, written) = e.encode_without_replacement(s, &mut buf, last);
        out.extend_from_slice(&buf[..written]);
        assert_eq!(read, s.len());
        match r {
            EncoderResult::InputEmpty => {}
            EncoderResult::OutputFull => panic!("16 bytes must be enough"),
            EncoderResult::Unmappable(u) => {
                assert_eq!(u.ch, c);
                return Err(c);
            }
        }
    }
    let whole = enc.encode(text).unwrap();
    assert_eq!(whole, (out.clone(), false));
    Ok(out)
}

/// A decode with no errors, as [`decode`] reports it.
pub fn ok(s: &str) -> (String, Vec<(u64, Vec<u8>)>) {
    (s.to_string(), vec![])
}

/// A little xorshift, for reproducible pseudo-random inputs.
pub fn rng(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// Defines `decode(bytes)` and `encode(text)` for one encoding's tests: fatal
/// mode, in one shot, into a 64-byte buffer.
macro_rules! one_shot {
    ($enc:expr) => {
        #[allow(dead_code)]
        fn decode(bytes: &[u8]) -> Vec<Ev> {
            decode_fatal($enc, &[bytes], 64)
        }

        #[allow(dead_code)]
        fn encode(text: &str) -> Vec<Ev> {
            encode_fatal($enc, &[text], 64)
        }
    };
}
pub(crate) use one_shot;

/// Asserts that `text`, encoded whole in `enc`, is `expected`, which has
/// the unmappable characters as HTML numeric character references.
#[track_caller]
pub fn assert_ncr(enc: &'static Encoding, text: &str, expected: &str) {
    assert_eq!(enc.encode(text), Some((expected.as_bytes().to_vec(), true)));
}

/// The chunking test of a family: `cases` random inputs over the bytes
/// `bytes`, and a quarter as many texts over `chars`, decoded and encoded
/// in random chunks against the oracle ([`fuzz_chunkings`]).
macro_rules! chunking_test {
    ($enc:expr, $bytes:expr, $chars:expr, $cases:expr) => {
        #[test]
        fn any_chunking_decodes_and_encodes_alike() {
            $crate::codec::test_support::fuzz_chunkings($enc, $bytes, $chars, $cases);
        }
    };
}
pub(crate) use chunking_test;

/// Inputs for the chunking tests of a double-byte family: every string of up
/// to `depth` bytes over `alphabet`, then 2000 pseudo-random ones mixing
/// alphabet bytes, any bytes and `piece`-byte slices of `valid` text.
pub fn chunking_inputs(
    alphabet: &[u8],
    depth: usize,
    valid: &[u8],
    piece: usize,
    mut seed: u64,
) -> Vec<Vec<u8>> {
    let mut inputs: Vec<Vec<u8>> = vec![vec![]];
    let mut frontier = inputs.clone();
    for _ in 0..depth {
        frontier = frontier
            .iter()
            .flat_map(|v| alphabet.iter().map(move |&b| [v.as_slice(), &[b]].concat()))
            .collect();
        inputs.extend(frontier.iter().cloned());
    }
    for _ in 0..2000 {
        let mut v = Vec::new();
        for _ in 0..rng(&mut seed) % 40 {
            match rng(&mut seed) % 4 {
                0 => v.push(alphabet[(rng(&mut seed) % alphabet.len() as u64) as usize]),
                1 => v.push(rng(&mut seed) as u8),
                _ => {
                    let i = (rng(&mut seed) as usize) % valid.len();
                    v.extend_from_slice(&valid[i..(i + piece).min(valid.len())]);
                }
            }
        }
        inputs.push(v);
    }
    inputs
}
