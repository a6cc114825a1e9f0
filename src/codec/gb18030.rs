//! GBK and gb18030 (the standard's sections 10.1 and 10.2).
//!
//! GBK's decoder is gb18030's decoder; the two encoders differ only in the
//! `is GBK` flag. Two-byte sequences go through index gb18030, four-byte ones
//! through the ranges algorithm.

use super::multi_byte::{Call, MultiByte, Pairs};
use super::pair_encode::encode_double;
use super::shared::References;
use super::shared::{write_bmp, write_scalar};
use super::tables::{BytesTable, GB18030_BYTES, INDEX_GB18030_RANGES, UTF8_GB18030};
use super::{Encoded, RawDecoderResult, RawMalformed};

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
        return match ranges_code_point(four_byte_pointer([b0, b1, b2, b3])) {
            Some(cp) => Step::Char(cp, 4),
            None => Step::Error(4),
        };
    }
    if let Some(cp) = two_byte(b0, b1) {
        return Step::Char(cp, 2);
    }
    Step::Error(if b1 < 0x80 { 1 } else { 2 })
}

/// The pointer of a four-byte sequence (bytes in their ranges).
#[inline(always)]
fn four_byte_pointer([b0, b1, b2, b3]: [u8; 4]) -> u32 {
    (u32::from(b0) - 0x81) * (10 * 126 * 10)
        + (u32::from(b1) - 0x30) * (10 * 126)
        + (u32::from(b2) - 0x81) * 10
        + u32::from(b3)
        - 0x30
}

/// The hot loop's four-byte sequence (Arabic, Devanagari and other scripts
/// GBK lacks): a whole valid one at the start of `src` whose code point is
/// in the BMP, written into `dst` (4 bytes of room); anything else is
/// [`step`]'s.
#[inline(always)]
fn hot_four(src: &[u8], dst: &mut [u8]) -> Option<(usize, usize)> {
    let &[b0, b1, b2, b3, ..] = src else {
        return None;
    };
    let lead = |b: u8| (0x81..=0xFE).contains(&b);
    if !(lead(b0) && b1.is_ascii_digit() && lead(b2) && b3.is_ascii_digit()) {
        return None;
    }
    let cp = ranges_code_point(four_byte_pointer([b0, b1, b2, b3])).filter(|&cp| cp < 0x10000)?;
    Some((4, write_bmp(dst, 0, cp)))
}

/// The two-byte sequences: leads 0x81..=0xFE, trails 0x40..=0x7E and
/// 0x80..=0xFE (190 a row). Four-byte ones, with an ASCII digit second, are
/// the scalar loop's.
static PAIRS: Pairs = Pairs::new(
    &[(0x81, 0xFE)],
    &[(0x40, 0x7E), (0x80, 0xFE)],
    &UTF8_GB18030,
);

/// Index gb18030 for lead `b0` (0x81..=0xFE) and trail `b1`; `None` also for
/// trails outside 0x40..=0x7E and 0x80..=0xFE.
#[inline(always)]
fn two_byte(b0: u8, b1: u8) -> Option<u32> {
    UTF8_GB18030.code_point(PAIRS.pointer(b0, b1))
}

/// The gb18030 decoder (also GBK's).
pub(crate) struct Gb18030Decoder {
    /// Bytes already taken from the input but not yet decoded: the start of
    /// an incomplete sequence, or bytes the standard restored after an error.
    pend: [u8; 4],
    pend_len: u8,
    compact_read: usize,
}

impl Gb18030Decoder {
    pub fn new() -> Self {
        Gb18030Decoder {
            pend: [0; 4],
            pend_len: 0,
            compact_read: 0,
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
    const PAIRS: &'static Pairs = &PAIRS;

    #[inline(always)]
    fn hot_long(src: &[u8], dst: &mut [u8]) -> Option<(usize, usize)> {
        hot_four(src, dst)
    }

    #[inline(always)]
    fn pending(&self) -> bool {
        self.pend_len > 0
    }

    fn compact_read(&mut self) -> &mut usize {
        &mut self.compact_read
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

    pub fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> Encoded {
        // One loop each: gb18030's runs check no exception per character.
        if self.is_gbk {
            Self::encode_as::<true>(src, dst, None)
        } else {
            Self::encode_as::<false>(src, dst, None)
        }
    }

    /// [`Self::encode`] in html mode, writing the references itself (GBK's;
    /// gb18030 has none).
    pub fn encode_html(&mut self, src: &str, dst: &mut [u8], _last: bool) -> (Encoded, References) {
        let mut refs = References::default();
        let done = if self.is_gbk {
            Self::encode_as::<true>(src, dst, Some(&mut refs))
        } else {
            Self::encode_as::<false>(src, dst, Some(&mut refs))
        };
        (done, refs)
    }

    #[inline(always)]
    fn encode_as<const GBK: bool>(
        src: &str,
        dst: &mut [u8],
        refs: Option<&mut References>,
    ) -> Encoded {
        let is_gbk = GBK;
        // Built on first use: looked up once per call, not per character.
        let table: &BytesTable = &GB18030_BYTES;
        let usable = |cp| !(is_gbk && cp == 0x20AC);
        encode_double::<4>(
            src,
            dst,
            table,
            usable,
            |cp, out| {
                // The standard's steps past the index (which the loop tried
                // first, its two bytes precomputed in `reverse.rs`): neither
                // U+E5E5, GBK's U+20AC, nor a side-table code point is in index
                // gb18030.
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
            },
            refs,
        )
    }
}

#[cfg(test)]
mod tests;
