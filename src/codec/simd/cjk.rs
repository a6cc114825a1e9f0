//! The double-byte CJK decoding kernel (AVX2).
//!
//! Japanese, Chinese and Korean text is runs of two-byte characters (a lead
//! 0x80 or more, and a trail) between ASCII bytes. The kernel takes 32 bytes
//! at a time from a character boundary: in each run of non-ASCII bytes the
//! leads are every other byte from the run's start ([`pair_leads`], bit
//! arithmetic on the movemask, no branch per byte; a run of odd length ends
//! with a lead whose trail is ASCII), and each lead's trail is the byte after
//! it. Each 16-bit lane (two bytes hold at most one lead) looks up its
//! pair, lead and trail as they are, in a table of 256 entries per lead
//! ([`PairShape::direct`], built from the `UTF8_*` words on first use) by
//! one scalar load (not `vpgatherdd`, microcode on AMD Zen 3 and dearer
//! than its loads; eight per 16 bytes that hold a lead): the table holds
//! each pair's UTF-8 word and whether the kernel takes it, so the kernel
//! neither checks bytes against the family's ranges nor computes pointers
//! (bench/RESULTS.md, session 15: 19-32% fewer instructions). It then
//! spreads the words into byte planes
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
//! The kernel needs AVX2 (256-bit integer lanes) and BMI1 (`bextr`, to
//! split the indices): without them the scalar loop runs.
//!
//! [`PACK`]: super::single

use super::{Kernel, Run};
use crate::codec::tables::WordTable;
use std::sync::OnceLock;

/// A family's common pairs, as the kernel decodes them: a lead (0x80 or
/// more) in one or two ranges, a trail in one or two ranges, the pointer
/// `lead's place in its ranges * row + trail's place in its ranges`, and
/// the UTF-8 word at that pointer in `words` (its top byte 2 or 3: other
/// lengths are left to the scalar loop). Every lead and trail the ranges
/// admit gives a pointer inside `words` (a test checks it per family).
pub(crate) struct PairShape {
    leads: ByteRanges,
    trails: ByteRanges,
    row: u16,
    pub(crate) words: &'static WordTable,
    /// The kernel's table ([`PairShape::direct`]), built on first use.
    direct: OnceLock<Box<[u32]>>,
}

/// One or two inclusive ranges of bytes, in order.
#[derive(Clone, Copy)]
struct ByteRanges {
    ranges: [(u8, u8); 2],
    count: usize,
}

impl ByteRanges {
    const fn new(ranges: &[(u8, u8)]) -> Self {
        assert!(!ranges.is_empty() && ranges.len() <= 2, "one or two ranges");
        let mut set = ByteRanges {
            ranges: [(1, 0); 2],
            count: ranges.len(),
        };
        set.ranges[0] = ranges[0];
        if ranges.len() == 2 {
            set.ranges[1] = ranges[1];
        }
        set
    }

    /// `b`'s place among the bytes of the ranges, if it is in one.
    fn place(&self, b: u8) -> Option<u16> {
        let mut before = 0;
        for &(first, last) in &self.ranges[..self.count] {
            if (first..=last).contains(&b) {
                return Some(before + u16::from(b - first));
            }
            before += u16::from(last - first) + 1;
        }
        None
    }
}

/// Entries per lead in [`PairShape::direct`]: one per trail byte.
const DIRECT_ROW: usize = 256;

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
            leads: ByteRanges::new(leads),
            trails: ByteRanges::new(trails),
            row,
            words,
            direct: OnceLock::new(),
        }
    }

    /// The kernel's table, indexed by `(lead - 0x80) * 256 + trail`
    /// directly, so the kernel neither checks the bytes against their
    /// ranges nor computes pointers: the word of every pair the kernel
    /// takes (a lead and a trail in their ranges, two or three bytes of
    /// UTF-8) with its top byte (the length) `^ 3`, so 0 for three bytes
    /// and 1 for two; `3 << 24` for any other pair. Built on the first
    /// call (128 KiB, from `words`, a row of it at a time).
    pub(crate) fn direct(&self) -> &[u32] {
        self.direct.get_or_init(|| self.build_direct())
    }

    /// [`PairShape::direct`]'s entries: `words` a row at a time.
    #[cold]
    #[inline(never)]
    fn build_direct(&self) -> Box<[u32]> {
        let words: &[u32] = self.words;
        let mut table = vec![3 << 24; 128 * DIRECT_ROW].into_boxed_slice();
        for (lead, row) in (0x80..=0xFF).zip(table.chunks_exact_mut(DIRECT_ROW)) {
            let Some(lead_place) = self.leads.place(lead) else {
                continue;
            };
            let mut from = usize::from(lead_place * self.row);
            for &(first, last) in &self.trails.ranges[..self.trails.count] {
                let (first, last) = (usize::from(first), usize::from(last));
                let found = &words[from..from + last - first + 1];
                for (entry, &word) in row[first..=last].iter_mut().zip(found) {
                    // A select, not a branch: the loop is vectorised.
                    let taken = (word >> 24).wrapping_sub(2) < 2;
                    *entry = if taken { word } else { 0 } ^ 3 << 24;
                }
                from += last - first + 1;
            }
        }
        table
    }

    /// Whether `b` is in the lead (or trail) ranges.
    #[cfg(test)]
    pub(crate) fn admits(&self, b: u8, trail: bool) -> bool {
        match trail {
            true => self.trails.place(b).is_some(),
            false => b >= 0x80 && self.leads.place(b).is_some(),
        }
    }

    /// The pointer of `lead` and `trail` (both admitted).
    #[cfg(test)]
    pub(crate) fn pointer(&self, lead: u8, trail: u8) -> u16 {
        let place = |set: &ByteRanges, b| set.place(b).expect("admitted");
        place(&self.leads, lead) * self.row + place(&self.trails, trail)
    }
}

/// Which bits of `high` (a block's non-ASCII bytes, from a character
/// boundary) are leads: in each run of set bits, every other bit from the
/// run's first. Adding the runs' first bits at even positions carries
/// through exactly those runs and flips them, so within `high` the sum
/// `^ EVEN` has the even bits of runs that start at an even place and the
/// odd bits of the others. (A carry out of bit 31 would only set bits past
/// the block.)
#[inline(always)]
pub(crate) fn pair_leads(high: u32) -> u32 {
    const EVEN: u32 = 0x5555_5555;
    let starts = high & !(high << 1);
    high & (EVEN ^ high.wrapping_add(starts & EVEN))
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
