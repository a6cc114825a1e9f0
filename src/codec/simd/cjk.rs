//! The double-byte CJK decoding kernel (AVX2).
//!
//! Japanese, Chinese and Korean text is runs of two-byte characters (a lead
//! 0x80 or more, and a trail) between ASCII bytes. The kernel takes 32 bytes
//! at a time from a character boundary: in each run of non-ASCII bytes the
//! leads are every other byte from the run's start ([`pair_leads`], bit
//! arithmetic on the movemask, no branch per byte; a run of odd length ends
//! with a lead whose trail is ASCII), and each lead's trail is the byte after
//! it. It checks every lead and trail against the family's byte sets
//! ([`PairShape`], one `pshufb` pair per set), computes one pointer per
//! 16-bit lane (two bytes hold at most one lead), looks up the pairs' UTF-8
//! words in a `UTF8_*` table (the scalar loop's) by one scalar load per
//! lane (not `vpgatherdd`, microcode on AMD Zen 3 and dearer than its loads;
//! eight per 16 bytes that hold a lead), spreads them into byte planes
//! (each word at both bytes of its lane) and packs lead bytes, trail
//! bytes and ASCII bytes with the single-byte kernel's shuffles ([`PACK`]):
//! a lead writes its pair's first byte (and second, for a three-byte pair),
//! a trail the pair's last.
//!
//! Most blocks of text are simpler: when every lead is at an even place
//! (or every one at an odd place, read from the block's second byte), every
//! lane is a pair or two ASCII bytes, and the block is packed from its
//! lanes (`x86::WORD_PACK`): the pairs' lanes take their words and the
//! ASCII lanes stay as they are (length 2), with no spread
//! of the lead mask to bytes, no blends and no byte planes. A block of
//! sixteen pairs (most blocks of Japanese and Chinese text) has no ASCII
//! lanes to keep at all: no blends, one shuffle per 4 words.
//!
//! Blocks with leads at both parities (most of Korean text, whose words of
//! 1-4 syllables are split by spaces) whose pairs are all three bytes of
//! UTF-8 skip the byte planes too: each 16-bit lane becomes one 32-bit
//! slot (a lead's word with the lane's low byte, or the lane itself) and
//! four lanes are packed per shuffle (`x86::SLOT_PACK`), by the leads of
//! their 8 bytes alone. The byte planes remain for two-byte pairs and for
//! blocks the kernel stops in.
//!
//! Anything else (a lead whose trail is not a trail, a lead outside the
//! family's common set such as EUC-JP's 0x8E and 0x8F or a Shift_JIS
//! single-byte katakana, a pair the table lacks or whose UTF-8 is four
//! bytes, gb18030's four-byte sequences) stops the kernel at that lead, its
//! block decoded up to there, and the scalar loop in `multi_byte.rs`, which
//! owns every rule about errors and state, decodes it. A lead in a block's
//! last byte takes its trail from the next byte (the loop reads 33), so
//! blocks always start at a character boundary; fewer than 33 bytes left
//! also stop the kernel.
//!
//! The kernel needs AVX2 (256-bit integer lanes): without it the scalar
//! loop runs.
//!
//! [`PACK`]: super::single

use super::{Kernel, Run};
use crate::codec::tables::WordTable;

/// A family's common pairs, as the kernel decodes them: a lead (0x80 or
/// more) in one or two ranges, a trail in one or two ranges, the pointer
/// `lead's place in its ranges * row + trail's place in its ranges`, and
/// the UTF-8 word at that pointer in `words` (its top byte 2 or 3: other
/// lengths are left to the scalar loop). Every lead and trail the ranges
/// admit gives a pointer inside `words` (a test checks it per family).
pub(crate) struct PairShape {
    leads: ByteSet,
    trails: ByteSet,
    row: u16,
    /// `first lead * row + first trail`, subtracted modulo 2^16.
    bias: u16,
    pub(crate) words: &'static WordTable,
}

/// One or two ranges of bytes, for the kernel: nibble tables for testing
/// membership and the gap between the ranges for counting places.
struct ByteSet {
    /// Entry `hi` (`lo`): the classes of high (low) nibble; a byte is in the
    /// set when its two nibbles share a class (rows alike share a bit; at
    /// most 4 classes).
    hi: [u8; 16],
    lo: [u8; 16],
    /// Bytes above `gap_after` are `gap` places lower (0xFF, 0: no second
    /// range).
    gap_after: u8,
    gap: u8,
}

impl ByteSet {
    /// The bytes in `ranges` (inclusive; one or two, in order).
    const fn new(ranges: &[(u8, u8)]) -> Self {
        let mut set = ByteSet {
            hi: [0; 16],
            lo: [0; 16],
            gap_after: 0xFF,
            gap: 0,
        };
        if let [(_, end), (next, _)] = *ranges {
            (set.gap_after, set.gap) = (end, next - end - 1);
        }
        let mut rows = [0u16; 8];
        let mut classes = 0;
        let mut hi = 0;
        while hi < 16 {
            let mut row = 0u16;
            let mut lo = 0;
            while lo < 16 {
                let b = (hi * 16 + lo) as u8;
                let mut i = 0;
                while i < ranges.len() {
                    if ranges[i].0 <= b && b <= ranges[i].1 {
                        row |= 1 << lo;
                    }
                    i += 1;
                }
                lo += 1;
            }
            if row != 0 {
                let mut class = 0;
                while class < classes && rows[class] != row {
                    class += 1;
                }
                if class == classes {
                    // The kernel keeps a lead's classes and a trail's in
                    // one byte, four bits each.
                    assert!(classes < 4, "at most 4 kinds of row");
                    rows[class] = row;
                    classes += 1;
                }
                set.hi[hi] |= 1 << class;
                let mut lo = 0;
                while lo < 16 {
                    if row >> lo & 1 == 1 {
                        set.lo[lo] |= 1 << class;
                    }
                    lo += 1;
                }
            }
            hi += 1;
        }
        set
    }

    /// Whether `b` is in the set.
    #[cfg(test)]
    fn has(&self, b: u8) -> bool {
        self.hi[usize::from(b >> 4)] & self.lo[usize::from(b & 15)] != 0
    }

    /// `b` less the gap, if it is above it.
    #[cfg(test)]
    fn closed(&self, b: u8) -> u8 {
        b - if b > self.gap_after { self.gap } else { 0 }
    }
}

impl PairShape {
    /// Leads `leads` (0x80 or more), trails `trails`, each one or two
    /// inclusive ranges in order; `row` trails per lead.
    pub(crate) const fn new(
        leads: &[(u8, u8)],
        trails: &[(u8, u8)],
        row: u16,
        words: &'static WordTable,
    ) -> Self {
        PairShape {
            leads: ByteSet::new(leads),
            trails: ByteSet::new(trails),
            row,
            bias: (leads[0].0 as u16 * row).wrapping_add(trails[0].0 as u16),
            words,
        }
    }

    /// Whether `b` is in the lead (or trail) set.
    #[cfg(test)]
    pub(crate) fn admits(&self, b: u8, trail: bool) -> bool {
        if trail {
            self.trails.has(b)
        } else {
            b >= 0x80 && self.leads.has(b)
        }
    }

    /// The pointer the kernel computes for `lead` and `trail`.
    #[cfg(test)]
    pub(crate) fn pointer(&self, lead: u8, trail: u8) -> u16 {
        let (lead, trail) = (self.leads.closed(lead), self.trails.closed(trail));
        (u16::from(lead) * self.row)
            .wrapping_add(u16::from(trail))
            .wrapping_sub(self.bias)
    }
}

/// Which bits of `high` (a block's non-ASCII bytes, from a character
/// boundary) are leads: in each run of set bits, every other bit from the
/// run's first. Adding the runs' first bits at even positions carries
/// through exactly those runs, which tells them from the runs that start at
/// odd positions.
#[inline(always)]
pub(crate) fn pair_leads(high: u32) -> u32 {
    const EVEN: u64 = 0x5555_5555_5555_5555;
    let h = u64::from(high);
    let starts = h & !(h << 1);
    let even_runs = h & !(h + (starts & EVEN));
    ((even_runs & EVEN) | (h & !even_runs & !EVEN)) as u32
}

/// Whether `path` has a CJK kernel ([`decode_cjk`] does nothing on the
/// others).
pub(crate) fn has_cjk_kernel(path: Kernel) -> bool {
    cfg!(target_arch = "x86_64") && path == Kernel::Avx2
}

/// Decodes whole blocks of `src` (from a character boundary) into `dst` with
/// `path`'s kernel while they hold only ASCII and `t`'s pairs and `dst` has
/// 64 bytes of room; `blocked` is `Some(0)` when a character it cannot
/// decode stopped it, at `read` (the block before it decoded; the scalar
/// loop should take it). May write past the bytes it reports in `dst`.
pub(crate) fn decode_cjk(path: Kernel, t: &PairShape, src: &[u8], dst: &mut [u8]) -> Run {
    match path {
        // SAFETY: `Kernel::select` returns it only when the CPU has AVX2.
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2 => unsafe { x86::blocks(t, src, dst) },
        _ => Run::NONE,
    }
}

#[cfg(test)]
mod tests;

#[cfg(target_arch = "x86_64")]
mod x86;
