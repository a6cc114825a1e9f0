//! Big5 (the standard's section 11.1).

use super::multi_byte::{lead_rows, trail_offsets, HotPairs, LeadDecoder, LeadRules};
use super::shared::{pair_encoder, write_scalar};
use super::simd::PairShape;
use super::tables::{index_code_point, BIG5_BYTES, UTF8_BIG5};

/// What a lead (0x81..=0xFE) and a trail decode to.
enum Pair {
    /// One code point from index Big5.
    One(u32),
    /// Pointers 1133, 1135, 1164 and 1166: U+00CA or U+00EA followed by
    /// U+0304 or U+030C, already as UTF-8.
    Two([u8; 4]),
    /// No code point: the error consumes the lead, and the trail too unless
    /// it is ASCII.
    None,
}

/// Trail byte -> its offset in a row of index Big5 (0..157), or 0xFF for
/// bytes that are not trails (outside 0x40..=0x7E and 0xA1..=0xFE).
static TRAIL: [u8; 256] = {
    let mut t = [0xFF; 256];
    let mut b = 0x40;
    while b <= 0xFE {
        if b <= 0x7E || b >= 0xA1 {
            t[b] = (b - if b < 0x7F { 0x40 } else { 0x62 }) as u8;
        }
        b += 1;
    }
    t
};

/// The hot loop's pointer parts: lead -> `(lead - 0x81) * 157` and trail ->
/// [`TRAIL`]'s offset (`trail_offsets`).
static HOT_LEAD: [u16; 256] = lead_rows(157);
static HOT_TRAIL: [u16; 256] = trail_offsets(&TRAIL);

#[inline(always)]
fn pair(lead: u8, trail: u8) -> Pair {
    let trail = TRAIL[usize::from(trail)];
    if trail == 0xFF {
        return Pair::None;
    }
    let pointer = (usize::from(lead) - 0x81) * 157 + usize::from(trail);
    match index_code_point(&UTF8_BIG5, pointer) {
        Some(cp) => Pair::One(cp),
        _ => match pointer {
            // Ê̄ Ê̌ ê̄ ê̌ (the index has no code point for these pointers)
            1133 => Pair::Two([0xC3, 0x8A, 0xCC, 0x84]),
            1135 => Pair::Two([0xC3, 0x8A, 0xCC, 0x8C]),
            1164 => Pair::Two([0xC3, 0xAA, 0xCC, 0x84]),
            1166 => Pair::Two([0xC3, 0xAA, 0xCC, 0x8C]),
            _ => Pair::None,
        },
    }
}

/// Writes a code point from index Big5 (not ASCII) as UTF-8.
#[inline(always)]
fn write_cp(dst: &mut [u8], pos: usize, cp: u32) -> usize {
    if (0x800..0x10000).contains(&cp) {
        dst[pos] = 0xE0 | (cp >> 12) as u8;
        dst[pos + 1] = 0x80 | ((cp >> 6) & 0x3F) as u8;
        dst[pos + 2] = 0x80 | (cp & 0x3F) as u8;
        pos + 3
    } else {
        write_scalar(dst, pos, cp)
    }
}

/// The vector kernel's pairs (those it finds astral, or two code points, it
/// leaves to the scalar loop).
static SHAPE: PairShape = PairShape::new(
    &[(0x81, 0xFE)],
    &[(0x40, 0x7E), (0xA1, 0xFE)],
    157,
    &UTF8_BIG5,
);

/// Big5's rules for [`LeadDecoder`].
pub(crate) struct Big5;

/// The Big5 decoder.
pub(crate) type Big5Decoder = LeadDecoder<Big5>;

impl LeadRules for Big5 {
    /// Two code points (Ê̄ and the like), or an astral one.
    const MAX_STEP: usize = 4;

    const SHAPE: &'static PairShape = &SHAPE;

    /// Pairs of index Big5 in the BMP.
    const HOT: HotPairs = HotPairs {
        lead: &HOT_LEAD,
        trail: &HOT_TRAIL,
        words: &UTF8_BIG5,
    };

    #[inline(always)]
    fn pair(lead: u8, byte: u8, dst: &mut [u8], w: usize) -> Option<usize> {
        match pair(lead, byte) {
            Pair::One(cp) => Some(write_cp(dst, w, cp)),
            Pair::Two(bytes) => {
                dst[w..w + 4].copy_from_slice(&bytes);
                Some(w + 4)
            }
            Pair::None => None,
        }
    }
}

pair_encoder!(
    /// The Big5 encoder.
    Big5Encoder,
    BIG5_BYTES,
    |_, _| None
);

#[cfg(test)]
mod tests;
