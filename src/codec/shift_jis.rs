//! Shift_JIS (Encoding Standard §12.3).

use super::multi_byte::{lead_decoder, Pairs, Single};
use super::pair_encode::pair_encoder;
use super::shared::write_bmp;
use super::tables::{BytesTable, SHIFT_JIS_BYTES, UTF8_JIS0208};

/// Leads 0x81..=0x9F and 0xE0..=0xFC, trails 0x40..=0x7E and 0x80..=0xFC
/// (188 a row). The vector kernel takes leads up to 0xFB: lead 0xFC's row
/// runs past index jis0208.
static PAIRS: Pairs = Pairs::new(
    &[(0x81, 0x9F), (0xE0, 0xFC)],
    &[(0x40, 0x7E), (0x80, 0xFC)],
    &UTF8_JIS0208,
);

/// The code point for a Shift_JIS lead (0x81..=0x9F or 0xE0..=0xFC) and any
/// byte, if the pair decodes (§12.3.1 step 3).
#[inline(always)]
fn decode_pair(lead: u8, byte: u8) -> Option<u32> {
    let pointer = PAIRS.pointer(lead, byte);
    UTF8_JIS0208.code_point(pointer).or_else(|| {
        // EUDC: interoperable legacy from Windows.
        (8836..=10715)
            .contains(&pointer)
            .then_some(0xE000 - 8836 + pointer as u32)
    })
}

lead_decoder!(
    /// The Shift_JIS decoder.
    ShiftJisDecoder,
    ShiftJis,
    max_step: 3,
    // Index jis0208 pairs (not EUDC).
    pairs: &PAIRS,
    // Single-byte characters and errors (§12.3.1 step 6).
    single: |b| match b {
        0x81..=0x9F | 0xE0..=0xFC => Single::Lead,
        0xA1..=0xDF => Single::Char(0xFF61 - 0xA1 + u32::from(b)),
        0x80 => Single::Char(0x80),
        _ => Single::Error,
    },
    pair: |lead, byte, dst, w| Some(write_bmp(dst, w, decode_pair(lead, byte)?)),
);

pair_encoder!(
    /// The Shift_JIS encoder is stateless: the index's two bytes (§12.3.2
    /// steps 7-13), else the code points outside it.
    ShiftJisEncoder,
    SHIFT_JIS_BYTES,
    |cp, out| encode_outside_jis0208(cp, out, &SHIFT_JIS_BYTES, false)
);

/// The code points outside index jis0208 for Shift_JIS (§12.3.2 steps
/// 2-6) and EUC-JP (`euc`, §12.1.2 steps 3-7), written at the start of `out`:
/// how many bytes, or `None` if unmappable. `table` is the encoding's, for
/// U+2212 (written as U+FF0D). Only reached when the index has no pointer.
#[inline(never)]
pub(super) fn encode_outside_jis0208(
    cp: u32,
    out: &mut [u8],
    table: &BytesTable,
    euc: bool,
) -> Option<usize> {
    out[0] = match cp {
        0x80 if !euc => 0x80,
        0xA5 => 0x5C,
        0x203E => 0x7E,
        // Half-width katakana: one byte, after 0x8E in EUC-JP.
        0xFF61..=0xFF9F if euc => {
            out[..2].copy_from_slice(&[0x8E, (cp - 0xFF61 + 0xA1) as u8]);
            return Some(2);
        }
        0xFF61..=0xFF9F => (cp - 0xFF61 + 0xA1) as u8,
        0x2212 => {
            out[..2].copy_from_slice(&table.bytes(0xFF0D)?);
            return Some(2);
        }
        _ => return None,
    };
    Some(1)
}

#[cfg(test)]
mod tests;
