//! Big5 (the standard's section 11.1).

use super::multi_byte::{lead_decoder, Pairs};
use super::pair_encode::pair_encoder;
use super::shared::write_scalar;
use super::tables::{BIG5_BYTES, UTF8_BIG5};

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

/// Leads 0x81..=0xFE, trails 0x40..=0x7E and 0xA1..=0xFE (157 a row).
/// The vector kernel leaves pairs it finds astral, or two code points, to
/// the scalar loop.
static PAIRS: Pairs = Pairs::new(&[(0x81, 0xFE)], &[(0x40, 0x7E), (0xA1, 0xFE)], &UTF8_BIG5);

#[inline(always)]
fn pair(lead: u8, trail: u8) -> Pair {
    let pointer = PAIRS.pointer(lead, trail);
    match UTF8_BIG5.code_point(pointer) {
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

lead_decoder!(
    /// The Big5 decoder.
    Big5Decoder,
    Big5,
    // Two code points (Ê̄ and the like), or an astral one.
    max_step: 4,
    pairs: &PAIRS,
    pair: |lead, byte, dst: &mut [u8], w: usize| match pair(lead, byte) {
        Pair::One(cp) => Some(write_cp(dst, w, cp)),
        Pair::Two(bytes) => {
            dst[w..w + 4].copy_from_slice(&bytes);
            Some(w + 4)
        }
        Pair::None => None,
    },
);

pair_encoder!(
    /// The Big5 encoder.
    Big5Encoder,
    BIG5_BYTES,
    |_, _| None
);

#[cfg(test)]
mod tests;
