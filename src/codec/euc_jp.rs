//! EUC-JP (Encoding Standard §12.1).

use super::multi_byte::{Call, MultiByte, Pairs};
use super::pair_encode::pair_encoder;
use super::shared::write_bmp;
use super::shift_jis::encode_outside_jis0208;
use super::tables::{EUC_JP_BYTES, INDEX_JIS0212, UTF8_JIS0208};
use super::{RawDecoderResult, RawMalformed};

/// Rows and cells 0xA1..=0xFE (94 a row), of index jis0208 (and of index
/// jis0212, after 0x8F). 0x8E and 0x8F sequences are the scalar loop's.
static PAIRS: Pairs = Pairs::new(&[(0xA1, 0xFE)], &[(0xA1, 0xFE)], &UTF8_JIS0208);

/// The code point for two bytes in 0xA1..=0xFE in index jis0208 (or jis0212).
#[inline(always)]
fn decode_pair(lead: u8, byte: u8, jis0212: bool) -> Option<u32> {
    let pointer = PAIRS.pointer(lead, byte);
    if !jis0212 {
        return UTF8_JIS0208.code_point(pointer);
    }
    match INDEX_JIS0212.get(pointer) {
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
    compact_read: usize,
}

impl EucJpDecoder {
    pub fn new() -> Self {
        EucJpDecoder {
            lead: 0,
            jis0212: false,
            compact_read: 0,
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
    const PAIRS: &'static Pairs = &PAIRS;

    #[inline(always)]
    fn pending(&self) -> bool {
        self.lead != 0
    }

    fn compact_read(&mut self) -> &mut usize {
        &mut self.compact_read
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

pair_encoder!(
    /// The EUC-JP encoder is stateless (jis0212 is never used for encoding).
    EucJpEncoder,
    EUC_JP_BYTES,
    |cp, out| encode_outside_jis0208(cp, out, &EUC_JP_BYTES, true)
);

#[cfg(test)]
mod tests;
