//! GBK and gb18030 (the standard's sections 10.1 and 10.2).
//!
//! GBK's decoder is gb18030's decoder; the two encoders differ only in the
//! `is GBK` flag. Two-byte sequences go through index gb18030, four-byte ones
//! through the ranges algorithm.

use super::multi_byte::{hot_word, lead_rows, Call, MultiByte, NO_POINTER};
use super::shared::encode_stateless;
use super::shared::write_scalar;
use super::tables::{GB18030_BYTES, INDEX_GB18030, INDEX_GB18030_RANGES, UTF8_GB18030};
use super::{RawDecoderResult, RawEncoderResult, RawMalformed};

/// "index gb18030 ranges code point" for `pointer`.
#[inline]
fn ranges_code_point(pointer: u32) -> Option<u32> {
    if (39420..189000).contains(&pointer) || pointer > 1_237_575 {
        return None;
    }
    if pointer == 7457 {
        return Some(0xE7C7);
    }
    if pointer >= 189000 {
        // The last range: (189000, U+10000).
        return Some(0x10000 + pointer - 189000);
    }
    let i = INDEX_GB18030_RANGES.partition_point(|&(p, _)| p <= pointer);
    // Pointer 0 is the first range, so `i >= 1`.
    let (offset, cp) = INDEX_GB18030_RANGES[i - 1];
    Some(cp + pointer - offset)
}

/// "index gb18030 ranges pointer" for `cp` (never ASCII, never in index gb18030).
#[inline]
fn ranges_pointer(cp: u32) -> u32 {
    if cp == 0xE7C7 {
        return 7457;
    }
    if cp >= 0x10000 {
        return 189000 + cp - 0x10000;
    }
    let i = INDEX_GB18030_RANGES.partition_point(|&(_, c)| c <= cp);
    // U+0080 is the first range and `cp` is not ASCII, so `i >= 1`.
    let (pointer, offset) = INDEX_GB18030_RANGES[i.max(1) - 1];
    pointer + cp - offset
}

/// The standard's decoder run over the start of `s` (non-empty) until it
/// returns something other than "continue".
enum Step {
    /// A code point, and how many bytes produced it.
    Char(u32, usize),
    /// An error consuming this many bytes (they are the malformed sequence);
    /// the bytes after them are read again, which is exactly the standard's
    /// "restore" of the second, third and current bytes.
    Error(usize),
    /// `s` is a valid but incomplete prefix of a sequence.
    NeedMore,
}

#[inline(always)]
fn step(s: &[u8]) -> Step {
    let b0 = s[0];
    if b0 < 0x80 {
        return Step::Char(u32::from(b0), 1);
    }
    if b0 == 0x80 {
        return Step::Char(0x20AC, 1);
    }
    if b0 == 0xFF {
        return Step::Error(1);
    }
    let Some(&b1) = s.get(1) else {
        return Step::NeedMore;
    };
    if (0x30..=0x39).contains(&b1) {
        let Some(&b2) = s.get(2) else {
            return Step::NeedMore;
        };
        if !(0x81..=0xFE).contains(&b2) {
            return Step::Error(1);
        }
        let Some(&b3) = s.get(3) else {
            return Step::NeedMore;
        };
        if !(0x30..=0x39).contains(&b3) {
            return Step::Error(1);
        }
        let pointer = (u32::from(b0) - 0x81) * (10 * 126 * 10)
            + (u32::from(b1) - 0x30) * (10 * 126)
            + (u32::from(b2) - 0x81) * 10
            + u32::from(b3)
            - 0x30;
        return match ranges_code_point(pointer) {
            Some(cp) => Step::Char(cp, 4),
            None => Step::Error(4),
        };
    }
    if let Some(cp) = two_byte(b0, b1) {
        return Step::Char(cp, 2);
    }
    Step::Error(if b1 < 0x80 { 1 } else { 2 })
}

/// Trail byte -> its offset in a row of index gb18030 (0..190), or 0xFF
/// for bytes that are not trails (outside 0x40..=0x7E and 0x80..=0xFE).
static TRAIL: [u8; 256] = {
    let mut t = [0xFF; 256];
    let mut b = 0x40;
    while b <= 0xFE {
        if b != 0x7F {
            t[b] = (b - if b < 0x7F { 0x40 } else { 0x41 }) as u8;
        }
        b += 1;
    }
    t
};

/// The hot loop's pointer parts: lead -> `(lead - 0x81) * 190` and trail ->
/// [`TRAIL`]'s offset, [`NO_POINTER`] where [`TRAIL`] has 0xFF.
static HOT_LEAD: [u16; 256] = lead_rows(190);
static HOT_TRAIL: [u16; 256] = {
    let mut t = [NO_POINTER; 256];
    let mut b = 0;
    while b < 256 {
        if TRAIL[b] != 0xFF {
            t[b] = TRAIL[b] as u16;
        }
        b += 1;
    }
    t
};

/// Index gb18030 for lead `b0` (0x81..=0xFE) and trail `b1`; `None` also for
/// trails outside 0x40..=0x7E and 0x80..=0xFE.
#[inline(always)]
fn two_byte(b0: u8, b1: u8) -> Option<u32> {
    let trail = TRAIL[usize::from(b1)];
    if trail == 0xFF {
        return None;
    }
    let pointer = (usize::from(b0) - 0x81) * 190 + usize::from(trail);
    match INDEX_GB18030.get(pointer) {
        Some(&cp) if cp != 0 => Some(u32::from(cp)),
        _ => None,
    }
}

/// The gb18030 decoder (also GBK's).
pub(crate) struct Gb18030Decoder {
    /// Bytes already taken from the input but not yet decoded: the start of
    /// an incomplete sequence, or bytes the standard restored after an error.
    pend: [u8; 4],
    pend_len: u8,
}

impl Gb18030Decoder {
    pub fn new() -> Self {
        Gb18030Decoder {
            pend: [0; 4],
            pend_len: 0,
        }
    }

    /// One step with bytes pending from earlier calls: they, followed by
    /// what `src[r..]` has, make the sequence.
    fn step_pending(&mut self, call: &mut Call<'_>) -> Result<(), RawDecoderResult> {
        let p = self.pend_len as usize;
        let take = (4 - p).min(call.src.len() - call.r);
        let mut tmp = [0u8; 4];
        tmp[..p].copy_from_slice(&self.pend[..p]);
        tmp[p..p + take].copy_from_slice(&call.src[call.r..call.r + take]);
        let n = p + take;
        let (used, error) = match step(&tmp[..n]) {
            Step::NeedMore => {
                // `n < 4`, so `take` is all that is left of `src`.
                call.r += take;
                self.pend_len = 0;
                return Err(self.need_more(&tmp[..n], call.last));
            }
            Step::Char(cp, used) => {
                call.w = write_scalar(call.dst, call.w, cp);
                (used, false)
            }
            Step::Error(used) => (used, true),
        };
        if used <= p {
            self.pend.copy_within(used..p, 0);
            self.pend_len = (p - used) as u8;
        } else {
            self.pend_len = 0;
            call.r += used - p;
        }
        if error {
            let m = RawMalformed::new(&tmp[..used], self.pend_len);
            return Err(RawDecoderResult::Malformed(m));
        }
        Ok(())
    }

    /// The input ends inside the sequence `seq` (nothing else pending): an
    /// error at the end of the stream; otherwise it waits for the next call.
    fn need_more(&mut self, seq: &[u8], last: bool) -> RawDecoderResult {
        if last {
            return RawDecoderResult::Malformed(RawMalformed::new(seq, 0));
        }
        self.pend[..seq.len()].copy_from_slice(seq);
        self.pend_len = seq.len() as u8;
        RawDecoderResult::InputEmpty
    }
}

impl MultiByte for Gb18030Decoder {
    /// Astral code points from four-byte sequences.
    const MAX_STEP: usize = 4;

    /// Two-byte pairs of index gb18030.
    #[inline(always)]
    fn hot_pair(lead: u8, byte: u8) -> u32 {
        let pointer = usize::from(HOT_LEAD[usize::from(lead)]);
        hot_word(
            &UTF8_GB18030,
            pointer + usize::from(HOT_TRAIL[usize::from(byte)]),
        )
    }

    #[inline(always)]
    fn pending(&self) -> bool {
        self.pend_len > 0
    }

    #[inline]
    fn step(&mut self, call: &mut Call<'_>) -> Result<(), RawDecoderResult> {
        if self.pend_len > 0 {
            return self.step_pending(call);
        }
        let start = call.r;
        match step(&call.src[start..]) {
            Step::Char(cp, used) => {
                call.w = write_scalar(call.dst, call.w, cp);
                call.r += used;
                Ok(())
            }
            Step::Error(used) => call.malformed(&call.src[start..start + used], start + used),
            Step::NeedMore => {
                call.r = call.src.len();
                Err(self.need_more(&call.src[start..], call.last))
            }
        }
    }
}

/// The gb18030 encoder, or GBK's with `is_gbk`.
pub(crate) struct Gb18030Encoder {
    is_gbk: bool,
}

/// The GB18030-2022 compatibility side table (spec README delta): Private
/// Use code points that keep their GB18030-2005 two-byte encodings.
const SIDE_TABLE: [(u16, [u8; 2]); 18] = [
    (0xE78D, [0xA6, 0xD9]),
    (0xE78E, [0xA6, 0xDA]),
    (0xE78F, [0xA6, 0xDB]),
    (0xE790, [0xA6, 0xDC]),
    (0xE791, [0xA6, 0xDD]),
    (0xE792, [0xA6, 0xDE]),
    (0xE793, [0xA6, 0xDF]),
    (0xE794, [0xA6, 0xEC]),
    (0xE795, [0xA6, 0xED]),
    (0xE796, [0xA6, 0xF3]),
    (0xE81E, [0xFE, 0x59]),
    (0xE826, [0xFE, 0x61]),
    (0xE82B, [0xFE, 0x66]),
    (0xE82C, [0xFE, 0x67]),
    (0xE832, [0xFE, 0x6D]),
    (0xE843, [0xFE, 0x7E]),
    (0xE854, [0xFE, 0x90]),
    (0xE864, [0xFE, 0xA0]),
];

#[inline]
fn side_table(cp: u32) -> Option<[u8; 2]> {
    if !(0xE78D..=0xE864).contains(&cp) {
        return None;
    }
    SIDE_TABLE
        .iter()
        .find(|&&(c, _)| u32::from(c) == cp)
        .map(|&(_, b)| b)
}

impl Gb18030Encoder {
    pub fn new(is_gbk: bool) -> Self {
        Gb18030Encoder { is_gbk }
    }

    pub fn encode(
        &mut self,
        src: &str,
        dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        let is_gbk = self.is_gbk;
        encode_stateless::<4>(src, dst, |cp, out| {
            // The standard's steps, with the index first: neither U+E5E5, GBK's
            // U+20AC, nor a side-table code point is in index gb18030.
            // (The index's two bytes are precomputed by build.rs.)
            if let Some(pair) = GB18030_BYTES
                .bytes(cp)
                .filter(|_| !(is_gbk && cp == 0x20AC))
            {
                out[..2].copy_from_slice(&pair);
                return Some(2);
            }
            if cp == 0xE5E5 {
                return None;
            }
            if is_gbk && cp == 0x20AC {
                out[0] = 0x80;
                return Some(1);
            }
            if let Some(bytes) = side_table(cp) {
                out[..2].copy_from_slice(&bytes);
                return Some(2);
            }
            if is_gbk {
                return None;
            }
            let pointer = ranges_pointer(cp);
            out[0] = (pointer / (10 * 126 * 10) + 0x81) as u8;
            let pointer = pointer % (10 * 126 * 10);
            out[1] = (pointer / (10 * 126) + 0x30) as u8;
            let pointer = pointer % (10 * 126);
            out[2] = (pointer / 10 + 0x81) as u8;
            out[3] = (pointer % 10 + 0x30) as u8;
            Some(4)
        })
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::codec::{DecoderResult, EncoderResult, Encoding, GB18030, GBK};

    /// Decodes `bytes` in fatal mode, `chunk` bytes per call (0 = one shot)
    /// into a 16-byte buffer; errors become U+FFFD in the text and are listed
    /// as (offset, bytes).
    pub fn decode(
        enc: &'static Encoding,
        bytes: &[u8],
        chunk: usize,
    ) -> (String, Vec<(u64, Vec<u8>)>) {
        let mut d = enc.new_decoder_without_bom_handling();
        let (mut out, mut errors) = (Vec::new(), Vec::new());
        let mut buf = [0u8; 16];
        let chunk = if chunk == 0 {
            bytes.len().max(1)
        } else {
            chunk
        };
        let mut chunks: Vec<&[u8]> = bytes.chunks(chunk).collect();
        chunks.push(&[]);
        let n = chunks.len();
        for (i, mut c) in chunks.into_iter().enumerate() {
            let last = i == n - 1;
            loop {
                let (r, read, written) = d.decode_without_replacement(c, &mut buf, last);
                out.extend_from_slice(&buf[..written]);
                c = &c[read..];
                match r {
                    DecoderResult::InputEmpty => break,
                    DecoderResult::OutputFull => assert!(written > 0 || read > 0, "no progress"),
                    DecoderResult::Malformed(m) => {
                        out.extend_from_slice("\u{FFFD}".as_bytes());
                        errors.push((m.offset, m.bytes().to_vec()));
                    }
                }
            }
        }
        (
            String::from_utf8(out).expect("decoder wrote invalid UTF-8"),
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

    fn ok(s: &str) -> (String, Vec<(u64, Vec<u8>)>) {
        (s.to_string(), vec![])
    }

    #[test]
    fn ascii_euro_and_two_byte() {
        for enc in [GB18030, GBK] {
            assert_eq!(
                decode_all(enc, b"abc\x80\x81\x40\xA2\xE3\xB0\xA1"),
                ok("abc€丂€啊")
            );
            assert_eq!(
                decode_all(enc, b"\xFF"),
                ("\u{FFFD}".into(), vec![(0, vec![0xFF])])
            );
        }
    }

    #[test]
    fn four_byte_range_limits() {
        let cases: [(&[u8], char); 6] = [
            (b"\x81\x30\x81\x30", '\u{80}'),
            (b"\x84\x31\xA4\x39", '\u{FFFF}'),
            (b"\x90\x30\x81\x30", '\u{10000}'),
            (b"\xE3\x32\x9A\x35", '\u{10FFFF}'),
            (b"\x81\x35\xF4\x37", '\u{E7C7}'),
            (b"\x81\x30\x81\x31", '\u{81}'),
        ];
        for (bytes, c) in cases {
            assert_eq!(
                decode_all(GB18030, bytes),
                ok(&c.to_string()),
                "{bytes:02X?}"
            );
            assert_eq!(decode_all(GBK, bytes), ok(&c.to_string()), "{bytes:02X?}");
            assert_eq!(encode(GB18030, &c.to_string()), Ok(bytes.to_vec()), "{c:?}");
            assert_eq!(encode(GBK, &c.to_string()), Err(c), "{c:?}");
        }
        // Pointers 39420..189000 and past 1237575 have no code point: the
        // whole four bytes are the error.
        for bytes in [
            b"\x84\x31\xA5\x30",
            b"\x8F\x39\xFE\x39",
            b"\xE3\x32\x9A\x36",
            b"\xFE\x39\xFE\x39",
        ] {
            assert_eq!(
                decode_all(GB18030, bytes),
                ("\u{FFFD}".into(), vec![(0, bytes.to_vec())]),
                "{bytes:02X?}"
            );
        }
    }

    #[test]
    fn e5e5_is_unmappable_and_a3a0_is_u3000() {
        assert_eq!(encode(GB18030, "\u{E5E5}"), Err('\u{E5E5}'));
        assert_eq!(encode(GBK, "a\u{E5E5}"), Err('\u{E5E5}'));
        assert_eq!(decode_all(GB18030, b"\xA3\xA0"), ok("\u{3000}"));
        assert_eq!(encode(GB18030, "\u{3000}"), Ok(vec![0xA1, 0xA1]));
        assert_eq!(
            GB18030.encode("a\u{E5E5}b"),
            Some((b"a&#58853;b".to_vec(), true))
        );
    }

    #[test]
    fn gbk_euro_is_0x80() {
        assert_eq!(encode(GBK, "€"), Ok(vec![0x80]));
        assert_eq!(encode(GB18030, "€"), Ok(vec![0xA2, 0xE3]));
        assert_eq!(decode_all(GBK, b"\x80\xA2\xE3"), ok("€€"));
    }

    #[test]
    fn side_table_applies_to_both_encoders_and_is_one_way() {
        assert_eq!(SIDE_TABLE.len(), 18);
        for &(cp, bytes) in &SIDE_TABLE {
            // Not in index gb18030, so the step order against it is moot.
            assert_eq!(GB18030_BYTES.bytes(u32::from(cp)), None);
            let c = char::from_u32(u32::from(cp)).unwrap();
            assert_eq!(encode(GB18030, &c.to_string()), Ok(bytes.to_vec()), "{c:?}");
            assert_eq!(encode(GBK, &c.to_string()), Ok(bytes.to_vec()), "{c:?}");
            let (text, errors) = decode_all(GB18030, &bytes);
            assert!(errors.is_empty());
            assert_ne!(text, c.to_string(), "decoding {bytes:02X?}");
        }
        assert_eq!(
            encode(GB18030, "\u{E78D}\u{E864}"),
            Ok(vec![0xA6, 0xD9, 0xFE, 0xA0])
        );
        assert_eq!(decode_all(GB18030, b"\xA6\xD9"), ok("\u{FE10}"));
        assert_eq!(GB18030_BYTES.bytes(0xE5E5), None);
        assert_eq!(GB18030_BYTES.bytes(0xE7C7), None);
    }

    #[test]
    fn end_of_queue() {
        let e = |b: &[u8]| ("\u{FFFD}".to_string(), vec![(0, b.to_vec())]);
        assert_eq!(decode_all(GB18030, b"\x81\x30\x81"), e(b"\x81\x30\x81"));
        assert_eq!(decode_all(GB18030, b"\x81\x30"), e(b"\x81\x30"));
        assert_eq!(decode_all(GB18030, b"\x81"), e(b"\x81"));
        assert_eq!(decode_all(GBK, b"\xFE\x39\xFE"), e(b"\xFE\x39\xFE"));
        assert_eq!(
            decode_all(GB18030, b"ab\x81\x30\x81"),
            ("ab\u{FFFD}".into(), vec![(2, b"\x81\x30\x81".to_vec())])
        );
    }

    #[test]
    fn restores() {
        // Four-byte failure: the first byte is the error, the second, third and
        // fourth are read again.
        assert_eq!(
            decode_all(GB18030, b"\x81\x30\x81\xFF"),
            (
                "\u{FFFD}0\u{FFFD}".into(),
                vec![(0, vec![0x81]), (2, vec![0x81, 0xFF])]
            )
        );
        assert_eq!(
            decode_all(GB18030, b"\x81\x30\x81\x41"),
            ("\u{FFFD}0\u{4E04}".into(), vec![(0, vec![0x81])])
        );
        assert_eq!(
            decode_all(GB18030, b"\x81\x30\x81\x30\x81\x30\xFE\x40"),
            ("\u{80}\u{FFFD}0\u{FA0C}".into(), vec![(4, vec![0x81])])
        );
        // Third byte out of range: second and third read again.
        assert_eq!(
            decode_all(GB18030, b"\x81\x30\x41"),
            ("\u{FFFD}0A".into(), vec![(0, vec![0x81])])
        );
        assert_eq!(
            decode_all(GB18030, b"\x81\x39\xFF"),
            (
                "\u{FFFD}9\u{FFFD}".into(),
                vec![(0, vec![0x81]), (2, vec![0xFF])]
            )
        );
        // Two-byte failure: an ASCII trail is read again, others are eaten.
        assert_eq!(
            decode_all(GB18030, b"\x81\x7F"),
            ("\u{FFFD}\x7F".into(), vec![(0, vec![0x81])])
        );
        assert_eq!(
            decode_all(GB18030, b"\x81\x22"),
            ("\u{FFFD}\"".into(), vec![(0, vec![0x81])])
        );
        assert_eq!(
            decode_all(GB18030, b"\x81\xFF"),
            ("\u{FFFD}".into(), vec![(0, vec![0x81, 0xFF])])
        );
        assert_eq!(
            decode_all(GB18030, b"\x81\xFF\x41"),
            ("\u{FFFD}A".into(), vec![(0, vec![0x81, 0xFF])])
        );
        // At end of queue after a restore.
        assert_eq!(
            decode_all(GB18030, b"\x81\x30\x81\x30\x81\x30\x81"),
            ("\u{80}\u{FFFD}".into(), vec![(4, vec![0x81, 0x30, 0x81])])
        );
        assert_eq!(
            decode_all(GB18030, b"\x81\x30\x81\x81\x30"),
            ("\u{FFFD}0\u{4E96}0".into(), vec![(0, vec![0x81])])
        );
        assert_eq!(
            decode_all(GB18030, b"\x81\x30\x81\x41\x81\x30"),
            (
                "\u{FFFD}0\u{4E04}\u{FFFD}".into(),
                vec![(0, vec![0x81]), (4, vec![0x81, 0x30])]
            )
        );
    }

    #[test]
    fn replacement_mode() {
        assert_eq!(
            GB18030.decode_without_bom_handling(b"\x81\x30\x81"),
            ("\u{FFFD}".into(), true)
        );
        assert_eq!(
            GB18030.decode_without_bom_handling(b"\x81\x30\x81\xFF\x41"),
            ("\u{FFFD}0\u{FFFD}A".into(), true)
        );
    }

    #[test]
    fn every_scalar_round_trips_through_gb18030() {
        let mut e = GB18030.new_encoder().unwrap();
        let mut d = GB18030.new_decoder_without_bom_handling();
        let mut buf = [0u8; 16];
        let mut text = [0u8; 16];
        for cp in (0..=0x10FFFF).filter(|&c| c != 0xE5E5 && side_table(c).is_none()) {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            let (r, _, n) =
                e.encode_without_replacement(c.encode_utf8(&mut [0; 4]), &mut buf, true);
            assert_eq!(r, EncoderResult::InputEmpty, "{c:?}");
            let (r, read, w) = d.decode_without_replacement(&buf[..n], &mut text, true);
            assert_eq!((r, read), (DecoderResult::InputEmpty, n), "{c:?}");
            assert_eq!(
                std::str::from_utf8(&text[..w])
                    .unwrap()
                    .chars()
                    .collect::<Vec<_>>(),
                [c]
            );
            if cp >= 0x80 && GB18030_BYTES.bytes(cp).is_none() {
                assert_eq!(n, 4, "{c:?}");
                assert_eq!(encode(GBK, c.encode_utf8(&mut [0; 4])), Err(c));
            }
        }
    }

    #[test]
    fn every_four_byte_pointer_decodes_as_the_ranges_say() {
        let mut d = GB18030.new_decoder_without_bom_handling();
        let mut text = [0u8; 16];
        for b0 in 0x81..=0xFEu8 {
            for b1 in 0x30..=0x39u8 {
                for b2 in 0x81..=0xFEu8 {
                    for b3 in 0x30..=0x39u8 {
                        let bytes = [b0, b1, b2, b3];
                        let pointer = (u32::from(b0) - 0x81) * 12600
                            + (u32::from(b1) - 0x30) * 1260
                            + (u32::from(b2) - 0x81) * 10
                            + u32::from(b3)
                            - 0x30;
                        let (r, _, w) = d.decode_without_replacement(&bytes, &mut text, true);
                        let expected = ranges_code_point(pointer);
                        match expected {
                            Some(cp) => {
                                assert_eq!(r, DecoderResult::InputEmpty);
                                let got = std::str::from_utf8(&text[..w]).unwrap();
                                assert_eq!(got.chars().next().map(u32::from), Some(cp));
                                if cp != 0xE5E5 && side_table(cp).is_none() {
                                    assert_eq!(ranges_pointer(cp), pointer, "{bytes:02X?}");
                                }
                            }
                            None => assert!(
                                (39420..189000).contains(&pointer) || pointer > 1_237_575,
                                "{bytes:02X?}"
                            ),
                        }
                    }
                }
            }
        }
    }

    /// A little xorshift, for reproducible pseudo-random inputs.
    pub fn rng(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    #[test]
    fn chunking_does_not_matter() {
        const ALPHABET: [u8; 10] = [0x30, 0x39, 0x41, 0x7F, 0x80, 0x81, 0x84, 0xA1, 0xFE, 0xFF];
        // Every string of up to 5 bytes over the alphabet.
        let mut inputs: Vec<Vec<u8>> = vec![vec![]];
        let mut frontier = inputs.clone();
        for _ in 0..5 {
            frontier = frontier
                .iter()
                .flat_map(|v| ALPHABET.iter().map(move |&b| [v.as_slice(), &[b]].concat()))
                .collect();
            inputs.extend(frontier.iter().cloned());
        }
        // And longer pseudo-random ones mixing text and junk.
        let mut seed = 0x9E37_79B9_7F4A_7C15;
        let text = "中文 gb18030 \u{80}\u{E7C7}\u{10FFFF}😀€";
        let valid = encode(GB18030, text).unwrap();
        for _ in 0..2000 {
            let mut v = Vec::new();
            for _ in 0..rng(&mut seed) % 40 {
                match rng(&mut seed) % 4 {
                    0 => v.push(ALPHABET[(rng(&mut seed) % 10) as usize]),
                    1 => v.push(rng(&mut seed) as u8),
                    _ => {
                        let i = (rng(&mut seed) as usize) % valid.len();
                        v.extend_from_slice(&valid[i..(i + 4).min(valid.len())]);
                    }
                }
            }
            inputs.push(v);
        }
        for input in &inputs {
            decode_all(GB18030, input);
            // Any chunk boundary, two chunks.
            let one = decode(GB18030, input, 0);
            for split in 0..=input.len() {
                let mut d = GB18030.new_decoder_without_bom_handling();
                let mut out = Vec::new();
                let mut buf = [0u8; 64];
                let mut errors = Vec::new();
                for (part, last) in [(&input[..split], false), (&input[split..], true)] {
                    let mut part = part;
                    loop {
                        let (r, read, w) = d.decode_without_replacement(part, &mut buf, last);
                        out.extend_from_slice(&buf[..w]);
                        part = &part[read..];
                        match r {
                            DecoderResult::InputEmpty => break,
                            DecoderResult::OutputFull => assert!(read + w > 0),
                            DecoderResult::Malformed(m) => {
                                out.extend_from_slice("\u{FFFD}".as_bytes());
                                errors.push((m.offset, m.bytes().to_vec()));
                            }
                        }
                    }
                }
                assert_eq!(
                    (String::from_utf8(out).unwrap(), errors),
                    one,
                    "{input:02X?} split {split}"
                );
            }
        }
        assert_eq!(decode_all(GB18030, &valid), ok(text));
    }

    #[test]
    fn encoder_chunking_and_small_buffers() {
        let text = "中文 gb18030 \u{80}\u{E7C7}\u{10FFFF}😀€\u{E78D}xyz\u{FFFF}";
        let whole = GB18030.encode(text).unwrap().0;
        for size in 4..20 {
            let mut e = GB18030.new_encoder().unwrap();
            let mut out = Vec::new();
            let mut buf = vec![0u8; size];
            let mut rest = text;
            loop {
                let (r, read, w) = e.encode_without_replacement(rest, &mut buf, true);
                out.extend_from_slice(&buf[..w]);
                rest = &rest[read..];
                if r == EncoderResult::InputEmpty {
                    break;
                }
                assert_eq!(r, EncoderResult::OutputFull);
            }
            assert_eq!(out, whole, "size {size}");
        }
        assert_eq!(encode(GB18030, text), Ok(whole));
    }
}
