//! EUC-JP (Encoding Standard §12.1).

use super::multi_byte::{hot_word, Call, MultiByte};
use super::shared::encode_stateless;
use super::shared::write_bmp;
use super::tables::{EUC_JP_BYTES, INDEX_JIS0208, INDEX_JIS0212, UTF8_JIS0208};
use super::{RawDecoderResult, RawEncoderResult, RawMalformed};

/// Marks a byte outside 0xA1..=0xFE in the pointer tables below: any sum
/// involving it is past the end of both indexes.
const NO: u16 = 0x4000;

/// Byte -> `(byte - 0xA1) * 94` for 0xA1..=0xFE, or [`NO`].
static ROW: [u16; 256] = {
    let mut t = [NO; 256];
    let mut b = 0xA1;
    while b <= 0xFE {
        t[b] = (b - 0xA1) as u16 * 94;
        b += 1;
    }
    t
};

/// Byte -> `byte - 0xA1` for 0xA1..=0xFE, or [`NO`].
static CELL: [u16; 256] = {
    let mut t = [NO; 256];
    let mut b = 0xA1;
    while b <= 0xFE {
        t[b] = (b - 0xA1) as u16;
        b += 1;
    }
    t
};

/// The code point for two bytes in 0xA1..=0xFE in index jis0208 (or jis0212).
#[inline(always)]
fn decode_pair(lead: u8, byte: u8, jis0212: bool) -> Option<u32> {
    let pointer = usize::from(ROW[lead as usize]) + usize::from(CELL[byte as usize]);
    let index: &[u16] = if jis0212 {
        &INDEX_JIS0212
    } else {
        &INDEX_JIS0208
    };
    match index.get(pointer) {
        Some(&cp) if cp != 0 => Some(u32::from(cp)),
        _ => None,
    }
}

/// What one byte did to a decoder in the middle of a sequence.
enum Step {
    Continue,
    Emit(u32),
    /// The bytes consumed into the error; `reread`: the current byte is
    /// restored (it is not among `bytes`).
    Error(RawMalformed, bool),
}

/// EUC-JP decoder state: the pending lead (0 = none, 0x8E, 0x8F, or
/// 0xA1..=0xFE) and whether it is the second byte of a jis0212 sequence
/// (the first one then was 0x8F).
pub(crate) struct EucJpDecoder {
    lead: u8,
    jis0212: bool,
}

impl EucJpDecoder {
    pub fn new() -> Self {
        EucJpDecoder {
            lead: 0,
            jis0212: false,
        }
    }

    /// The bytes of the pending sequence.
    fn pending(&self) -> RawMalformed {
        if self.jis0212 {
            RawMalformed::new(&[0x8F, self.lead], 0)
        } else {
            RawMalformed::new(&[self.lead], 0)
        }
    }

    /// §12.1.1 steps 3 to 5, for `byte` after a pending lead.
    fn continue_with(&mut self, byte: u8) -> Step {
        let lead = self.lead;
        if lead == 0x8E && (0xA1..=0xDF).contains(&byte) {
            self.lead = 0;
            return Step::Emit(0xFF61 - 0xA1 + u32::from(byte));
        }
        if lead == 0x8F && (0xA1..=0xFE).contains(&byte) {
            self.jis0212 = true;
            self.lead = byte;
            return Step::Continue;
        }
        let mut m = self.pending();
        self.lead = 0;
        let jis0212 = std::mem::replace(&mut self.jis0212, false);
        if let Some(cp) = decode_pair(lead, byte, jis0212) {
            return Step::Emit(cp);
        }
        if byte < 0x80 {
            return Step::Error(m, true);
        }
        m.bytes[m.len as usize] = byte;
        m.len += 1;
        Step::Error(m, false)
    }

    /// End of this call's input: at the end of the stream a pending
    /// sequence is an error.
    fn finish(&mut self, last: bool) -> RawDecoderResult {
        if last && self.lead != 0 {
            let m = self.pending();
            self.lead = 0;
            self.jis0212 = false;
            return RawDecoderResult::Malformed(m);
        }
        RawDecoderResult::InputEmpty
    }
}

impl MultiByte for EucJpDecoder {
    const MAX_STEP: usize = 3;

    /// jis0208 pairs.
    #[inline(always)]
    fn hot_pair(lead: u8, byte: u8) -> u32 {
        let pointer = usize::from(ROW[lead as usize]) + usize::from(CELL[byte as usize]);
        hot_word(&UTF8_JIS0208, pointer)
    }

    #[inline(always)]
    fn pending(&self) -> bool {
        self.lead != 0
    }

    /// A fresh lead only becomes the state; the bytes after it are taken one
    /// at a time (the hot loop has already decoded the common pairs).
    #[inline]
    fn step(&mut self, call: &mut Call<'_>) -> Result<(), RawDecoderResult> {
        if self.lead == 0 {
            let b = call.src[call.r];
            if !matches!(b, 0x8E | 0x8F | 0xA1..=0xFE) {
                return call.malformed(&[b], call.r + 1);
            }
            self.lead = b;
            call.r += 1;
            return Ok(());
        }
        let Some(&byte) = call.src.get(call.r) else {
            return Err(self.finish(call.last));
        };
        match self.continue_with(byte) {
            Step::Continue => call.r += 1,
            Step::Emit(cp) => {
                call.w = write_bmp(call.dst, call.w, cp);
                call.r += 1;
            }
            Step::Error(m, reread) => {
                call.r += usize::from(!reread);
                return Err(RawDecoderResult::Malformed(m));
            }
        }
        Ok(())
    }
}

/// The EUC-JP encoder is stateless (jis0212 is never used for encoding).
pub(crate) struct EucJpEncoder;

impl EucJpEncoder {
    pub fn encode(
        &mut self,
        src: &str,
        dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        encode_stateless::<2>(src, dst, |cp, out| {
            // The index's two bytes, precomputed by build.rs.
            let pair = match EUC_JP_BYTES.bytes(cp) {
                Some(pair) => pair,
                None => match cp {
                    0xA5 => return single(out, 0x5C),
                    0x203E => return single(out, 0x7E),
                    0xFF61..=0xFF9F => {
                        out[0] = 0x8E;
                        out[1] = (cp - 0xFF61 + 0xA1) as u8;
                        return Some(2);
                    }
                    0x2212 => EUC_JP_BYTES.bytes(0xFF0D)?,
                    _ => return None,
                },
            };
            out[..2].copy_from_slice(&pair);
            Some(2)
        })
    }
}

/// Writes one byte (the encoder's ASCII-like mappings of U+00A5 and U+203E).
fn single(out: &mut [u8], byte: u8) -> Option<usize> {
    out[0] = byte;
    Some(1)
}

#[cfg(test)]
mod tests {
    use super::super::shift_jis::test_support::*;
    use crate::codec::EUC_JP;

    fn decode(bytes: &[u8]) -> Vec<Ev> {
        decode_fatal(EUC_JP, &[bytes], 64)
    }

    fn encode(text: &str) -> Vec<Ev> {
        encode_fatal(EUC_JP, &[text], 64)
    }

    #[test]
    fn two_byte_jis0208_and_half_width_katakana() {
        assert_eq!(decode(b"\xA4\xA2a"), [out("\u{3042}a")]);
        assert_eq!(decode(b"\xC6\xFC\xCB\xDC"), [out("日本")]);
        assert_eq!(decode(b"\x8E\xA1\x8E\xDF"), [out("\u{FF61}\u{FF9F}")]);
        // 0x8E with a byte outside 0xA1..=0xDF: ASCII is read again, other
        // bytes are part of the error.
        assert_eq!(decode(b"\x8E\xE0"), [Ev::Bad(0, vec![0x8E, 0xE0])]);
        assert_eq!(decode(b"\x8EA"), [Ev::Bad(0, vec![0x8E]), out("A")]);
        assert_eq!(decode(b"\xA4A"), [Ev::Bad(0, vec![0xA4]), out("A")]);
        assert_eq!(decode(b"\xA4\x80"), [Ev::Bad(0, vec![0xA4, 0x80])]);
        // Unassigned pointer.
        assert_eq!(decode(b"\xA9\xA1"), [Ev::Bad(0, vec![0xA9, 0xA1])]);
        for b in [0x80, 0xA0, 0xFF] {
            assert_eq!(decode(&[b, b'x']), [Ev::Bad(0, vec![b]), out("x")]);
        }
        assert_eq!(decode(b"x\xA4"), [out("x"), Ev::Bad(1, vec![0xA4])]);
    }

    #[test]
    fn three_byte_jis0212() {
        // Pointer (0xB0 - 0xA1) * 94 = 1410: U+4E02.
        assert_eq!(decode(b"\x8F\xB0\xA1"), [out("\u{4E02}")]);
        assert_eq!(decode(b"\x8F\xA2\xAF"), [out("\u{2D8}")]); // pointer 108
                                                               // Pointer 0 is unassigned in jis0212: ASCII third byte read again.
        assert_eq!(
            decode(b"\x8F\xA1\xA1"),
            [Ev::Bad(0, vec![0x8F, 0xA1, 0xA1])]
        );
        assert_eq!(
            decode(b"\x8F\xA1A"),
            [Ev::Bad(0, vec![0x8F, 0xA1]), out("A")]
        );
        assert_eq!(decode(b"\x8FA"), [Ev::Bad(0, vec![0x8F]), out("A")]);
        assert_eq!(decode(b"\x8F\x8E"), [Ev::Bad(0, vec![0x8F, 0x8E])]);
        // Truncated at the end of the stream.
        assert_eq!(decode(b"\x8F\xB0"), [Ev::Bad(0, vec![0x8F, 0xB0])]);
        assert_eq!(decode(b"\x8F"), [Ev::Bad(0, vec![0x8F])]);
        // Split at every point.
        let chunks: [&[u8]; 3] = [b"\x8F", b"\xB0", b"\xA1"];
        assert_eq!(decode_fatal(EUC_JP, &chunks, 16), [out("\u{4E02}")]);
        let chunks: [&[u8]; 3] = [b"a\x8F", b"\xA1", b"A"];
        let expected = [out("a"), Ev::Bad(1, vec![0x8F, 0xA1]), out("A")];
        assert_eq!(decode_fatal(EUC_JP, &chunks, 16), expected);
    }

    #[test]
    fn encoder() {
        assert_eq!(encode("a\u{A5}\u{203E}"), [Ev::Out(vec![b'a', 0x5C, 0x7E])]);
        assert_eq!(
            encode("\u{FF61}\u{FF9F}"),
            [Ev::Out(vec![0x8E, 0xA1, 0x8E, 0xDF])]
        );
        assert_eq!(
            encode("\u{2212}\u{FF0D}"),
            [Ev::Out(vec![0xA1, 0xDD, 0xA1, 0xDD])]
        );
        assert_eq!(encode("日本"), [Ev::Out(vec![0xC6, 0xFC, 0xCB, 0xDC])]);
        // Index jis0208's first pointer: U+2170 is 8634, U+7E8A is 8272.
        assert_eq!(
            encode("\u{2170}\u{7E8A}"),
            [Ev::Out(vec![0xFC, 0xF1, 0xF9, 0xA1])]
        );
        // jis0212 is never used to encode, and U+0080 has no mapping.
        assert_eq!(encode("\u{4E02}"), [Ev::Unmappable(0, '\u{4E02}')]);
        assert_eq!(encode("\u{80}"), [Ev::Unmappable(0, '\u{80}')]);
        assert_eq!(
            EUC_JP.encode("\u{E000}").unwrap(),
            (b"&#57344;".to_vec(), true)
        );
    }

    #[test]
    fn any_chunking_decodes_alike() {
        let alphabet = [
            0x8E, 0x8F, 0xA1, 0xA4, 0xA2, 0xB0, 0xDF, 0xE0, 0xFE, 0xFF, 0x80, 0x41, 0x7F, 0xC6,
            0xFC,
        ];
        fuzz_decode(EUC_JP, &alphabet, 20_000);
    }

    #[test]
    fn any_chunking_encodes_alike() {
        let alphabet = [
            'a',
            '\\',
            '~',
            '\u{80}',
            '\u{A5}',
            '\u{203E}',
            '\u{2212}',
            '\u{FF61}',
            '\u{FF9F}',
            '\u{3042}',
            '日',
            '\u{2170}',
            '\u{4E02}',
            '\u{1F600}',
        ];
        fuzz_encode(EUC_JP, &alphabet, 5_000);
    }
}
