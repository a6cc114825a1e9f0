//! Shift_JIS (Encoding Standard §12.3).

use super::multi_byte::{HotPairs, LeadDecoder, LeadRules, Single};
use super::shared::{pair_encoder, write_bmp};
use super::simd::PairShape;
use super::tables::{index_code_point, BytesTable, SHIFT_JIS_BYTES, UTF8_JIS0208};

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
    index_code_point(&UTF8_JIS0208, pointer).or_else(|| {
        // EUDC: interoperable legacy from Windows.
        (8836..=10715)
            .contains(&pointer)
            .then_some(0xE000 - 8836 + pointer as u32)
    })
}

/// The vector kernel's pairs: leads 0x81..=0x9F and 0xE0..=0xFB (lead 0xFC's
/// row runs past index jis0208), trails 0x40..=0x7E and 0x80..=0xFC.
static SHAPE: PairShape = PairShape::new(
    &[(0x81, 0x9F), (0xE0, 0xFB)],
    &[(0x40, 0x7E), (0x80, 0xFC)],
    188,
    &UTF8_JIS0208,
);

/// Shift_JIS's rules for [`LeadDecoder`].
pub(crate) struct ShiftJis;

/// The Shift_JIS decoder.
pub(crate) type ShiftJisDecoder = LeadDecoder<ShiftJis>;

impl LeadRules for ShiftJis {
    const MAX_STEP: usize = 3;

    const SHAPE: &'static PairShape = &SHAPE;

    /// Index jis0208 pairs (not EUDC).
    const HOT: HotPairs = HotPairs {
        lead: &LEAD,
        trail: &TRAIL,
        words: &UTF8_JIS0208,
    };

    /// Single-byte characters and errors (§12.3.1 step 6).
    #[inline(always)]
    fn single(b: u8) -> Single {
        match b {
            0x81..=0x9F | 0xE0..=0xFC => Single::Lead,
            0xA1..=0xDF => Single::Char(0xFF61 - 0xA1 + u32::from(b)),
            0x80 => Single::Char(0x80),
            _ => Single::Error,
        }
    }

    #[inline(always)]
    fn pair(lead: u8, byte: u8, dst: &mut [u8], w: usize) -> Option<usize> {
        Some(write_bmp(dst, w, decode_pair(lead, byte)?))
    }
}

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
