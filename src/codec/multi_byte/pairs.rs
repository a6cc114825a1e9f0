//! A family's two-byte pairs ([`Pairs`]): the byte -> pointer tables and
//! which form of the index the hot loop reads.

use super::super::simd::PairShape;
use super::super::tables::WordTable;

/// Marks a byte that cannot start (or end) a pair in [`Pairs`]' byte ->
/// pointer part tables: any sum involving it is past the end of every
/// index, so the word looked up there is 0, without a branch per byte.
const NO_POINTER: u16 = 0x8000;

/// A family's two-byte pairs, described once for every loop that decodes
/// them: the scalar rules' pointers, the hot loop's byte -> pointer part
/// tables, and the vector kernel's [`PairShape`]. A lead's pointer part is
/// its place among the lead bytes times the row (the number of trail
/// bytes), a trail's its place among the trail bytes.
pub(crate) struct Pairs {
    lead: [u16; 256],
    trail: [u16; 256],
    pub(super) words: &'static WordTable,
    /// The kernel's pairs: only leads whose whole row is in `words`.
    pub shape: PairShape,
}

impl Pairs {
    /// Leads `leads` and trails `trails` (each one or two inclusive ranges
    /// in order) of the index `words`.
    pub(crate) const fn new(
        leads: &[(u8, u8)],
        trails: &[(u8, u8)],
        words: &'static WordTable,
    ) -> Self {
        let (trail, row) = places(trails, 1);
        let (lead, count) = places(leads, row);
        let whole_rows = words.len() / row as usize;
        let (kernel_leads, n) = first_bytes(leads, whole_rows, count as usize);
        Pairs {
            lead,
            trail,
            words,
            shape: PairShape::new(kernel_leads.split_at(n).0, trails, row, words),
        }
    }

    /// The pointer for two bytes: past the end of the index unless `lead`
    /// is a lead byte and `byte` a trail byte.
    #[inline(always)]
    pub fn pointer(&self, lead: u8, byte: u8) -> usize {
        usize::from(self.lead[usize::from(lead)]) + usize::from(self.trail[usize::from(byte)])
    }

    /// The index's UTF-8 words (built on the first call: fetch them once
    /// per decoder call, not per pair).
    #[inline(always)]
    pub fn words(&self) -> &'static [u32] {
        let words: &'static WordTable = self.words;
        words
    }

    /// How much more a decoder that has read `read` bytes through the
    /// compact index (the hot loop computing each pair's word) reads so
    /// before it takes the UTF-8 words: none once they are built, else up to
    /// [`COMPACT_MOST`] in all. So a detector's candidate that gives up
    /// early builds no words, and any longer decode builds them after a few
    /// KiB.
    #[inline(always)]
    pub(super) fn compact_allowance(&self, read: usize) -> usize {
        #[cfg(test)]
        if let Some(most) = super::tests::FORCED_COMPACT.with(std::cell::Cell::get) {
            return most.saturating_sub(read);
        }
        match self.words.built() {
            Some(_) => 0,
            None => COMPACT_MOST.saturating_sub(read),
        }
    }
}

/// Input a decoder reads through the compact index before it builds the
/// words: about what building them costs (some 0.1 M instructions per
/// index; the compact form costs a few more per pair).
const COMPACT_MOST: usize = 8 * 1024;

/// Byte -> its place in `ranges` times `scale` ([`NO_POINTER`] outside),
/// and how many bytes the ranges hold.
const fn places(ranges: &[(u8, u8)], scale: u16) -> ([u16; 256], u16) {
    let (mut t, mut place, mut i) = ([NO_POINTER; 256], 0, 0);
    while i < ranges.len() {
        let mut b = ranges[i].0 as usize;
        while b <= ranges[i].1 as usize {
            t[b] = place * scale;
            place += 1;
            b += 1;
        }
        i += 1;
    }
    (t, place)
}

/// The first `keep` of the `count` bytes in `ranges` (one or two), as
/// ranges: the array and how many of its entries are used.
const fn first_bytes(ranges: &[(u8, u8)], keep: usize, count: usize) -> ([(u8, u8); 2], usize) {
    let mut out = [(0, 0); 2];
    let (mut left, mut i) = (if keep < count { keep } else { count }, 0);
    while i < ranges.len() && left > 0 {
        let (first, last) = ranges[i];
        let len = (last - first) as usize + 1;
        let take = if left < len { left } else { len };
        out[i] = (first, first + (take - 1) as u8);
        left -= take;
        i += 1;
    }
    (out, i)
}
