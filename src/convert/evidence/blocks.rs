//! The count of valid UTF-8 sequences and stray bytes, 64 bytes at a time,
//! exact in any chunking.
//!
//! Read as UTF-8, every byte that is not a continuation (0x80..=0xBF) starts
//! something: nothing (ASCII), a stray byte (0xC0, 0xC1, 0xF5..=0xFF), or a
//! sequence from a lead (0xC2..=0xF4). A lead takes the continuations after
//! it while they fit Unicode's Table 3-7 (its second byte in the lead's
//! range, the rest 0x80..=0xBF, up to its length): all of them make a valid
//! sequence, fewer a maximal invalid subpart, one stray. A continuation no
//! lead took is a stray byte of its own. So whether a continuation is taken,
//! and whether it ends a valid sequence, depends only on the three bytes
//! before it, and the counts are bit arithmetic on one bit a byte per class
//! ([`Planes`]):
//!
//! - `second`: a continuation right after a lead, in its second-byte range;
//! - `third`: a continuation after a `second` whose lead is E0..=F4;
//! - `fourth`: a continuation after a `third` whose lead is F0..=F4;
//! - taken = `second | third | fourth`; valid sequences end at a `second`
//!   after C2..=DF, a `third` after E0..=EF, and every `fourth`;
//! - units (sequences and stray bytes) = non-ASCII bytes - taken, so
//!   stray = non-ASCII - taken - valid.
//!
//! A sequence cut by the end of the bytes fed so far counts as a stray byte
//! (its lead is a unit that ends no valid sequence), as if the input ended
//! there; the block that completes it takes that back. The counts are those
//! of the input so far, whatever the chunking: [`Behind`] carries the last
//! three bytes' classes from one block to the next.
//!
//! [`Planes`] come from a classifier per CPU path: [`planes`] here (eight
//! bytes at a time in a `u64`, any target) and SSE2 or AVX2 (`x86.rs`).

use super::Utf8Evidence;

/// One bit a byte (bit i: the block's byte i) for each class of byte the
/// count needs.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct Planes {
    /// 0x80..=0xFF.
    pub high: u64,
    /// 0x80..=0xBF.
    pub cont: u64,
    /// 0x80..=0x9F, 0x80..=0x8F: where a second byte's range is cut.
    pub below_a0: u64,
    pub below_90: u64,
    /// Leads of any length (0xC2..=0xF4), of three or four (0xE0..=0xF4),
    /// of four (0xF0..=0xF4).
    pub lead: u64,
    pub lead3: u64,
    pub lead4: u64,
    /// The leads whose second byte has a narrower range.
    pub e0: u64,
    pub ed: u64,
    pub f0: u64,
    pub f4: u64,
    pub nul: u64,
}

impl Planes {
    /// The classes of the bytes of `block`, one at a time: the definition
    /// every classifier is checked against.
    #[cfg(test)]
    pub(super) fn bytewise(block: &[u8]) -> Planes {
        let mut p = Planes::default();
        for (i, &b) in block.iter().enumerate() {
            let bit = 1u64 << i;
            let set = |plane: &mut u64, yes: bool| *plane |= if yes { bit } else { 0 };
            set(&mut p.high, b >= 0x80);
            set(&mut p.cont, (0x80..=0xBF).contains(&b));
            set(&mut p.below_a0, (0x80..=0x9F).contains(&b));
            set(&mut p.below_90, (0x80..=0x8F).contains(&b));
            set(&mut p.lead, (0xC2..=0xF4).contains(&b));
            set(&mut p.lead3, (0xE0..=0xF4).contains(&b));
            set(&mut p.lead4, (0xF0..=0xF4).contains(&b));
            set(&mut p.e0, b == 0xE0);
            set(&mut p.ed, b == 0xED);
            set(&mut p.f0, b == 0xF0);
            set(&mut p.f4, b == 0xF4);
            set(&mut p.nul, b == 0);
        }
        p
    }
}

/// The classes of the last three bytes counted (bit 63: the last byte, bit
/// 62 the one before, ...), and which of them a lead took as its second or
/// third byte.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Behind {
    lead: u64,
    lead3: u64,
    lead4: u64,
    e0: u64,
    ed: u64,
    f0: u64,
    f4: u64,
    second: u64,
    third: u64,
}

/// `now` moved `k` bytes on, the last `k` bits of `before` coming in at
/// the bottom: bit i says what byte i - k is.
#[inline(always)]
fn back(now: u64, before: u64, k: u32) -> u64 {
    (now << k) | (before >> (64 - k))
}

/// What `before` (bit 63 the last byte) becomes after `n` more bytes whose
/// classes are `now`'s low `n` bits.
#[inline(always)]
fn slide(now: u64, before: u64, n: u32) -> u64 {
    if n == 64 {
        now
    } else {
        (now << (64 - n)) | (before >> n)
    }
}

impl Utf8Evidence {
    /// Counts a block of `n` (1..=64) bytes whose classes are `p` (bits
    /// `n` up clear).
    #[inline(always)]
    pub(super) fn add_block(&mut self, p: Planes, n: u32) {
        if p.nul != 0 {
            // Bit i is the input's byte len + i: the even ones alternate.
            let even = if self.len % 2 == 0 {
                0x5555_5555_5555_5555
            } else {
                0xAAAA_AAAA_AAAA_AAAA
            };
            self.nul[0] += u64::from((p.nul & even).count_ones());
            self.nul[1] += u64::from((p.nul & !even).count_ones());
        }
        self.len += u64::from(n);
        let b = &mut self.behind;
        if p.high == 0 {
            // ASCII only: nothing taken, nothing ends, no lead left behind.
            *b = Behind {
                lead: slide(0, b.lead, n),
                lead3: slide(0, b.lead3, n),
                lead4: slide(0, b.lead4, n),
                e0: slide(0, b.e0, n),
                ed: slide(0, b.ed, n),
                f0: slide(0, b.f0, n),
                f4: slide(0, b.f4, n),
                second: slide(0, b.second, n),
                third: slide(0, b.third, n),
            };
            return;
        }
        // A second byte out of its lead's range (Table 3-7).
        let narrow = (back(p.e0, b.e0, 1) & p.below_a0)
            | (back(p.ed, b.ed, 1) & !p.below_a0)
            | (back(p.f0, b.f0, 1) & p.below_90)
            | (back(p.f4, b.f4, 1) & !p.below_90);
        let second = back(p.lead, b.lead, 1) & p.cont & !narrow;
        let third = back(p.lead3, b.lead3, 2) & back(second, b.second, 1) & p.cont;
        let fourth = back(p.lead4, b.lead4, 3) & back(third, b.third, 1) & p.cont;
        let valid = (second & !back(p.lead3, b.lead3, 1))
            | (third & !back(p.lead4, b.lead4, 2))
            | fourth;
        let taken = second | third | fourth;
        self.multibyte += u64::from(valid.count_ones());
        self.stray += u64::from(p.high.count_ones());
        self.stray -= u64::from(taken.count_ones() + valid.count_ones());
        *b = Behind {
            lead: slide(p.lead, b.lead, n),
            lead3: slide(p.lead3, b.lead3, n),
            lead4: slide(p.lead4, b.lead4, n),
            e0: slide(p.e0, b.e0, n),
            ed: slide(p.ed, b.ed, n),
            f0: slide(p.f0, b.f0, n),
            f4: slide(p.f4, b.f4, n),
            second: slide(second, b.second, n),
            third: slide(third, b.third, n),
        };
    }

    /// Counts `bytes` in blocks of 64 classified by `classify` (the last,
    /// shorter block padded with NUL bytes, not counted).
    #[inline(always)]
    pub(super) fn add_blocks(&mut self, bytes: &[u8], classify: impl Fn(&[u8; 64]) -> Planes) {
        let mut blocks = bytes.chunks_exact(64);
        for block in &mut blocks {
            self.add_block(classify(block.try_into().expect("64 bytes")), 64);
        }
        let rest = blocks.remainder();
        if !rest.is_empty() {
            let mut padded = [0u8; 64];
            padded[..rest.len()].copy_from_slice(rest);
            let mut p = classify(&padded);
            p.nul &= (1 << rest.len()) - 1;
            self.add_block(p, rest.len() as u32);
        }
    }
}

const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Bit 7 of each byte of `w` that is `t` (0x80 or more) or above.
#[inline(always)]
fn at_least(w: u64, t: u8) -> u64 {
    // (b & 0x7F) + 0x80 - (t & 0x7F) = b - t + 0x80 for a high byte: bit 7
    // set when b >= t, never carrying into the next byte.
    ((w & LOW7) + u64::from(0x80 - (t & 0x7F)) * 0x0101_0101_0101_0101) & w & HIGH
}

/// Bit 7 of each byte of `w` gathered into the low 8 bits.
#[inline(always)]
fn gather(m: u64) -> u64 {
    ((m >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// The classes of a block, eight bytes at a time in a `u64` (any CPU).
pub(super) fn planes(block: &[u8; 64]) -> Planes {
    let mut p = Planes::default();
    for (i, word) in block.chunks_exact(8).enumerate() {
        let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        let at = 8 * i;
        let nul = !(((w & LOW7) + LOW7) | w) & HIGH;
        p.nul |= gather(nul) << at;
        let high = w & HIGH;
        if high == 0 {
            continue;
        }
        let ge = |t| at_least(w, t);
        let (c0, c2, e0, f0, f5) = (ge(0xC0), ge(0xC2), ge(0xE0), ge(0xF0), ge(0xF5));
        let set = |plane: &mut u64, m: u64| *plane |= gather(m) << at;
        set(&mut p.high, high);
        set(&mut p.cont, high & !c0);
        set(&mut p.below_a0, high & !ge(0xA0));
        set(&mut p.below_90, high & !ge(0x90));
        set(&mut p.lead, c2 & !f5);
        set(&mut p.lead3, e0 & !f5);
        set(&mut p.lead4, f0 & !f5);
        set(&mut p.e0, e0 & !ge(0xE1));
        set(&mut p.ed, ge(0xED) & !ge(0xEE));
        set(&mut p.f0, f0 & !ge(0xF1));
        set(&mut p.f4, ge(0xF4) & !f5);
    }
    p
}
