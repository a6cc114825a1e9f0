//! Shift_JIS (Encoding Standard §12.3).

use super::multi_byte::{hot_word, lead_step, Call, MultiByte, Single};
use super::shared::{encode_stateless, write_bmp};
use super::tables::{INDEX_JIS0208, SHIFT_JIS_BYTES, UTF8_JIS0208};
use super::{RawDecoderResult, RawEncoderResult};

/// Marks an invalid lead or trail in the pointer tables below: any sum
/// involving it is past the end of index jis0208.
const NO: u16 = 0x4000;

/// Shift_JIS lead byte -> `(lead - lead offset) * 188`, or [`NO`].
static LEAD: [u16; 256] = {
    let mut t = [NO; 256];
    let mut b = 0x81;
    while b <= 0xFC {
        if b <= 0x9F || b >= 0xE0 {
            t[b] = (b - if b < 0xA0 { 0x81 } else { 0xC1 }) as u16 * 188;
        }
        b += 1;
    }
    t
};

/// Shift_JIS trail byte -> `byte - offset` (0..=187), or [`NO`].
static TRAIL: [u16; 256] = {
    let mut t = [NO; 256];
    let mut b = 0x40;
    while b <= 0xFC {
        if b != 0x7F {
            t[b] = (b - if b < 0x7F { 0x40 } else { 0x41 }) as u16;
        }
        b += 1;
    }
    t
};

/// The pointer for two bytes; past the end of index jis0208 unless `lead`
/// is a lead byte and `byte` a trail byte.
#[inline(always)]
fn pointer(lead: u8, byte: u8) -> usize {
    usize::from(LEAD[lead as usize]) + usize::from(TRAIL[byte as usize])
}

/// The code point for a Shift_JIS lead (0x81..=0x9F or 0xE0..=0xFC) and any
/// byte, if the pair decodes (§12.3.1 step 3).
#[inline(always)]
fn decode_pair(lead: u8, byte: u8) -> Option<u32> {
    let pointer = pointer(lead, byte);
    match INDEX_JIS0208.get(pointer) {
        Some(&cp) if cp != 0 => Some(u32::from(cp)),
        // EUDC: interoperable legacy from Windows.
        _ if (8836..=10715).contains(&pointer) => Some(0xE000 - 8836 + pointer as u32),
        _ => None,
    }
}

/// Shift_JIS decoder state: the pending lead byte (0 = none).
pub(crate) struct ShiftJisDecoder {
    lead: u8,
}

impl ShiftJisDecoder {
    pub fn new() -> Self {
        ShiftJisDecoder { lead: 0 }
    }
}

impl MultiByte for ShiftJisDecoder {
    const MAX_STEP: usize = 3;

    /// Index jis0208 pairs (not EUDC).
    #[inline(always)]
    fn hot_pair(lead: u8, byte: u8) -> u32 {
        hot_word(&UTF8_JIS0208, pointer(lead, byte))
    }

    #[inline(always)]
    fn pending(&self) -> bool {
        self.lead != 0
    }

    #[inline]
    fn step(&mut self, call: &mut Call<'_>) -> Result<(), RawDecoderResult> {
        // Single-byte characters and errors (§12.3.1 step 6).
        let single = |b| match b {
            0x81..=0x9F | 0xE0..=0xFC => Single::Lead,
            0xA1..=0xDF => Single::Char(0xFF61 - 0xA1 + u32::from(b)),
            0x80 => Single::Char(0x80),
            _ => Single::Error,
        };
        lead_step(&mut self.lead, call, single, |lead, byte, dst, w| {
            Some(write_bmp(dst, w, decode_pair(lead, byte)?))
        })
    }
}

/// The Shift_JIS encoder is stateless.
pub(crate) struct ShiftJisEncoder;

impl ShiftJisEncoder {
    pub fn encode(
        &mut self,
        src: &str,
        dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        encode_stateless::<2>(src, dst, |cp, out| {
            // The index's two bytes (§12.3.2 steps 7-13, precomputed by
            // build.rs), else the code points outside it.
            match SHIFT_JIS_BYTES
                .bytes(cp)
                .map(Err)
                .or_else(|| encode_special(cp))?
            {
                Ok(byte) => {
                    out[0] = byte;
                    Some(1)
                }
                Err(pair) => {
                    out[..2].copy_from_slice(&pair);
                    Some(2)
                }
            }
        })
    }
}

/// The code points outside the index (§12.3.2 steps 2-6): `Ok(byte)` for a
/// single byte, `Err(bytes)` for U+2212 (encoded as U+FF0D), `None` if
/// unmappable. Only reached when the index has no pointer for `cp`.
#[inline(never)]
fn encode_special(cp: u32) -> Option<Result<u8, [u8; 2]>> {
    match cp {
        0x80 => Some(Ok(0x80)),
        0xA5 => Some(Ok(0x5C)),
        0x203E => Some(Ok(0x7E)),
        0xFF61..=0xFF9F => Some(Ok((cp - 0xFF61 + 0xA1) as u8)),
        0x2212 => SHIFT_JIS_BYTES.bytes(0xFF0D).map(Err),
        _ => None,
    }
}

/// Test helpers shared by the families in this directory: run wenc and
/// encoding_rs the same way, in one shot and in chunks, and compare.
#[cfg(test)]
pub(super) mod test_support {
    use crate::codec::{CoderStatus, DecoderResult, EncoderResult, Encoding};

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

    fn push_out(events: &mut Vec<Ev>, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if let Some(Ev::Out(v)) = events.last_mut() {
            v.extend_from_slice(bytes);
        } else {
            events.push(Ev::Out(bytes.to_vec()));
        }
    }

    /// Decodes in fatal mode, fed in `chunks`, into a `dst_len` buffer.
    pub fn decode_fatal(enc: &'static Encoding, chunks: &[&[u8]], dst_len: usize) -> Vec<Ev> {
        let mut decoder = enc.new_decoder_without_bom_handling();
        let mut events = Vec::new();
        let mut dst = vec![0; dst_len];
        for (i, chunk) in chunks.iter().enumerate() {
            let last = i + 1 == chunks.len();
            let mut read = 0;
            loop {
                let (result, r, w) =
                    decoder.decode_without_replacement(&chunk[read..], &mut dst, last);
                read += r;
                push_out(&mut events, &dst[..w]);
                match result {
                    DecoderResult::InputEmpty => break,
                    DecoderResult::OutputFull => {}
                    DecoderResult::Malformed(m) => {
                        events.push(Ev::Bad(m.offset, m.bytes().to_vec()))
                    }
                }
            }
        }
        events
    }

    /// Decodes in replacement mode, fed in `chunks`.
    pub fn decode_replacing(enc: &'static Encoding, chunks: &[&[u8]], dst_len: usize) -> Vec<u8> {
        let mut decoder = enc.new_decoder_without_bom_handling();
        let mut out = Vec::new();
        let mut dst = vec![0; dst_len];
        for (i, chunk) in chunks.iter().enumerate() {
            let last = i + 1 == chunks.len();
            let mut read = 0;
            loop {
                let step = decoder.decode_with_replacement(&chunk[read..], &mut dst, last);
                read += step.read;
                out.extend_from_slice(&dst[..step.written]);
                if step.status == CoderStatus::InputEmpty {
                    break;
                }
            }
        }
        out
    }

    /// encoding_rs in fatal mode, as (offset, length) pairs and output.
    pub fn oracle_decode_fatal(enc: &'static Encoding, bytes: &[u8]) -> Vec<Ev> {
        let oracle = encoding_rs::Encoding::for_label(enc.name().as_bytes()).unwrap();
        let mut decoder = oracle.new_decoder_without_bom_handling();
        let mut events = Vec::new();
        let mut dst = vec![0; 64];
        let mut read = 0;
        loop {
            let (result, r, w) =
                decoder.decode_to_utf8_without_replacement(&bytes[read..], &mut dst, true);
            read += r;
            push_out(&mut events, &dst[..w]);
            match result {
                encoding_rs::DecoderResult::InputEmpty => return events,
                encoding_rs::DecoderResult::OutputFull => {}
                encoding_rs::DecoderResult::Malformed(len, after) => {
                    let end = read - after as usize;
                    let start = end - len as usize;
                    events.push(Ev::Bad(start as u64, bytes[start..end].to_vec()));
                }
            }
        }
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

    fn split<'a>(bytes: &'a [u8], cuts: &[usize]) -> Vec<&'a [u8]> {
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
        let mut events = Vec::new();
        let mut dst = vec![0; dst_len];
        for (i, chunk) in chunks.iter().enumerate() {
            let last = i + 1 == chunks.len();
            let mut read = 0;
            loop {
                let (result, r, w) =
                    encoder.encode_without_replacement(&chunk[read..], &mut dst, last);
                read += r;
                push_out(&mut events, &dst[..w]);
                match result {
                    EncoderResult::InputEmpty => break,
                    EncoderResult::OutputFull => {}
                    EncoderResult::Unmappable(u) => events.push(Ev::Unmappable(u.offset, u.ch)),
                }
            }
        }
        events
    }

    /// Encodes in html mode, fed in `chunks`.
    pub fn encode_html(enc: &'static Encoding, chunks: &[&str], dst_len: usize) -> Vec<u8> {
        let mut encoder = enc.new_encoder().unwrap();
        let mut out = Vec::new();
        let mut dst = vec![0; dst_len];
        for (i, chunk) in chunks.iter().enumerate() {
            let last = i + 1 == chunks.len();
            let mut read = 0;
            loop {
                let step = encoder.encode_with_html(&chunk[read..], &mut dst, last);
                read += step.read;
                out.extend_from_slice(&dst[..step.written]);
                if step.status == CoderStatus::InputEmpty {
                    break;
                }
            }
        }
        out
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
    pub fn fuzz_encode(enc: &'static Encoding, alphabet: &[char], cases: usize) {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for _ in 0..cases {
            let len = rng.below(16);
            let text: String = rng.pick(alphabet, len).into_iter().collect();
            check_encode(enc, &text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::*;
    use crate::codec::SHIFT_JIS;

    fn decode(bytes: &[u8]) -> Vec<Ev> {
        decode_fatal(SHIFT_JIS, &[bytes], 64)
    }

    fn encode(text: &str) -> Vec<Ev> {
        encode_fatal(SHIFT_JIS, &[text], 64)
    }

    #[test]
    fn ascii_trail_is_read_again() {
        // The standard's example: 82 22 is an error, then '"'.
        assert_eq!(decode(b"\x82\x22"), [Ev::Bad(0, vec![0x82]), out("\"")]);
        assert_eq!(
            decode_replacing(SHIFT_JIS, &[b"\x82\x22"], 64),
            "\u{FFFD}\"".as_bytes()
        );
        // Split between the two bytes: the same.
        let chunks: [&[u8]; 2] = [b"\x82", b"\x22"];
        assert_eq!(decode_fatal(SHIFT_JIS, &chunks, 16), decode(b"\x82\x22"));
        // A non-ASCII bad trail is part of the error.
        assert_eq!(
            decode(b"\x81\xFDa"),
            [Ev::Bad(0, vec![0x81, 0xFD]), out("a")]
        );
    }

    #[test]
    fn pairs_and_single_bytes() {
        assert_eq!(decode(b"\x81\x60"), [out("\u{FF5E}")]); // wave dash
        assert_eq!(decode(b"\x93\xFA\x96\x7B"), [out("日本")]);
        assert_eq!(decode(b"\x80"), [out("\u{80}")]);
        assert_eq!(decode(b"\xA1\xDF"), [out("\u{FF61}\u{FF9F}")]);
        assert_eq!(decode(b"\x5C\x7E"), [out("\\~")]);
        for b in [0xA0, 0xFD, 0xFE, 0xFF] {
            assert_eq!(decode(&[b, b'x']), [Ev::Bad(0, vec![b]), out("x")]);
        }
        assert_eq!(decode(b"a\x81"), [out("a"), Ev::Bad(1, vec![0x81])]);
        // Trail 0x7F is never valid; it is ASCII, so it is read again.
        assert_eq!(decode(b"\x81\x7F"), [Ev::Bad(0, vec![0x81]), out("\x7F")]);
    }

    #[test]
    fn eudc_decodes_to_private_use_and_does_not_encode() {
        assert_eq!(decode(b"\xF0\x40"), [out("\u{E000}")]); // pointer 8836
        assert_eq!(decode(b"\xF9\xFC"), [out("\u{E757}")]); // pointer 10715
                                                            // The standard's encoder has no EUDC step: U+E000..U+E757 are
                                                            // unmappable (encoding_rs agrees).
        assert_eq!(encode("\u{E000}"), [Ev::Unmappable(0, '\u{E000}')]);
        assert_eq!(encode("\u{E757}"), [Ev::Unmappable(0, '\u{E757}')]);
        // Everything else decoded from a pair encodes back to that pair,
        // except pointers 8272..=8835, whose code points use a later pointer.
        for lead in (0x81..=0x9Fu8).chain(0xE0..=0xFC) {
            for trail in (0x40..=0x7Eu8).chain(0x80..=0xFC) {
                let events = decode(&[lead, trail]);
                let [Ev::Out(text)] = &events[..] else {
                    continue;
                };
                let text = std::str::from_utf8(text).unwrap();
                let cp = text.chars().next().unwrap() as u32;
                let back = encode(text);
                let lead_offset = if lead < 0xA0 { 0x81 } else { 0xC1 };
                let pointer = usize::from(lead - lead_offset) * 188
                    + usize::from(trail - if trail < 0x7F { 0x40 } else { 0x41 });
                if (0xE000..=0xE757).contains(&cp) {
                    assert_eq!(back, [Ev::Unmappable(0, text.chars().next().unwrap())]);
                } else if !(8272..=8835).contains(&pointer) {
                    // The bytes of the code point's first pointer.
                    let first = super::SHIFT_JIS_BYTES.bytes(cp).unwrap();
                    if first == [lead, trail] {
                        assert_eq!(back, [Ev::Out(vec![lead, trail])], "{lead:X} {trail:X}");
                    }
                }
            }
        }
    }

    #[test]
    fn encoder_special_cases() {
        assert_eq!(encode("a\u{80}"), [Ev::Out(vec![b'a', 0x80])]);
        assert_eq!(encode("\u{A5}\u{203E}"), [Ev::Out(vec![0x5C, 0x7E])]);
        assert_eq!(encode("\u{FF61}\u{FF9F}"), [Ev::Out(vec![0xA1, 0xDF])]);
        assert_eq!(
            encode("\u{2212}\u{FF0D}"),
            [Ev::Out(vec![0x81, 0x7C, 0x81, 0x7C])]
        );
        assert_eq!(encode("\u{FF5E}"), [Ev::Out(vec![0x81, 0x60])]);
        assert_eq!(encode("日本"), [Ev::Out(vec![0x93, 0xFA, 0x96, 0x7B])]);
        // Index Shift_JIS pointer skips 8272..=8835: U+2170 is pointer 8634
        // and 10716; U+7E8A is 8272 and 10744.
        assert_eq!(
            encode("\u{2170}\u{7E8A}"),
            [Ev::Out(vec![0xFA, 0x40, 0xFA, 0x5C])]
        );
        assert_eq!(
            encode("x\u{E5E5}y\u{1F600}"),
            [
                Ev::Out(b"x".to_vec()),
                Ev::Unmappable(1, '\u{E5E5}'),
                Ev::Out(b"y".to_vec()),
                Ev::Unmappable(5, '\u{1F600}'),
            ]
        );
        assert_eq!(
            SHIFT_JIS.encode("\u{A0}").unwrap(),
            (b"&#160;".to_vec(), true)
        );
    }

    #[test]
    fn any_chunking_decodes_alike() {
        let alphabet = [
            0x81, 0x82, 0x9F, 0xA0, 0xA1, 0xDF, 0xE0, 0xEF, 0xF0, 0xF9, 0xFC, 0xFD, 0x40, 0x7E,
            0x7F, 0x80, 0xFC, 0x22, 0x41, 0x60, 0x93, 0xFA,
        ];
        fuzz_decode(SHIFT_JIS, &alphabet, 20_000);
    }

    #[test]
    fn any_chunking_encodes_alike() {
        let alphabet = [
            'a',
            '\\',
            '~',
            '\u{80}',
            '\u{A5}',
            '\u{A0}',
            '\u{203E}',
            '\u{2212}',
            '\u{FF61}',
            '\u{FF9F}',
            '\u{3042}',
            '日',
            '\u{2170}',
            '\u{E000}',
            '\u{1F600}',
            '\u{FF5E}',
        ];
        fuzz_encode(SHIFT_JIS, &alphabet, 5_000);
    }
}
