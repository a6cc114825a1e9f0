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
//! 16-bit lane (two bytes hold at most one lead), gathers the pairs' UTF-8
//! words (`vpgatherdd` from a `UTF8_*` table, the scalar loop's:
//! one gather per 16 bytes that hold a lead), spreads them into byte planes
//! (each word at both bytes of its lane) and packs lead bytes, trail
//! bytes and ASCII bytes with the single-byte kernel's shuffles ([`PACK`]):
//! a lead writes its pair's first byte (and second, for a three-byte pair),
//! a trail the pair's last.
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
//! SSSE3 has no gather: without AVX2 the scalar loop runs.
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
    /// set when its two nibbles share a class (rows alike share a bit).
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
                    assert!(classes < 8, "at most 8 kinds of row");
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
mod x86 {
    use super::super::single::x86::store_pairs32;
    use super::super::x86::block32;
    use super::{pair_leads, ByteSet, PairShape, Run};
    use std::arch::x86_64::*;

    /// The AVX2 kernel: 32 bytes per block (33 when the last is a lead), 64
    /// bytes of room.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn blocks(t: &PairShape, src: &[u8], dst: &mut [u8]) -> Run {
        let (mut r, mut w, mut blocked) = (0, 0, None);
        if t.words.is_empty() {
            return Run::NONE;
        }
        // SAFETY: each block reads src[r..r + 33] and writes at most
        // dst[w..w + 52] (`store_pairs32`'s 48 + 4), both checked by the
        // loop; the nibble tables are 16 bytes; every gathered index is
        // clamped to the last entry of `t.words`.
        unsafe {
            let splat = |b: u8| _mm256_set1_epi8(b as i8);
            let rows =
                |p: &[u8; 16]| _mm256_broadcastsi128_si256(_mm_loadu_si128(p.as_ptr().cast()));
            let sets = |s: &ByteSet| {
                let (over, gap) = (splat(s.gap_after ^ 0x80), splat(s.gap));
                (rows(&s.hi), rows(&s.lo), over, gap)
            };
            let (leads_set, trails_set) = (sets(&t.leads), sets(&t.trails));
            // Per 4 words: their first, second, third and last bytes.
            let planes = rows(&[0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15]);
            // Byte k of a mask to bytes 8k..8k + 8.
            let spread = _mm256_setr_epi8(
                0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3,
                3, 3, 3, 3,
            );
            let bits = _mm256_set1_epi64x(0x8040_2010_0804_0201u64 as i64);
            let (zero, low4) = (_mm256_setzero_si256(), splat(0x0F));
            let row = _mm256_set1_epi16(t.row as i16);
            let bias = _mm256_set1_epi16(t.bias as i16);
            let last = _mm256_set1_epi32((t.words.len() - 1) as i32);
            let words = t.words.as_ptr().cast::<i32>();
            // Which bytes of `v` are in the set, a bit per byte, and `v`
            // with the gap between the set's ranges closed.
            let classify =
                |v: __m256i, (hi, lo, over, gap): (__m256i, __m256i, __m256i, __m256i)| {
                    let lo_class = _mm256_shuffle_epi8(lo, _mm256_and_si256(v, low4));
                    let high_nibble = _mm256_and_si256(_mm256_srli_epi16::<4>(v), low4);
                    let hit = _mm256_and_si256(lo_class, _mm256_shuffle_epi8(hi, high_nibble));
                    let member = !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, zero)) as u32);
                    let above = _mm256_cmpgt_epi8(_mm256_xor_si256(v, splat(0x80)), over);
                    (member, _mm256_sub_epi8(v, _mm256_and_si256(above, gap)))
                };
            // Each byte one place on (the first becomes 0).
            let one_on =
                |x: __m256i| _mm256_alignr_epi8::<15>(x, _mm256_permute2x128_si256::<0x08>(x, x));
            let gather =
                |ptr: __m256i| _mm256_i32gather_epi32::<4>(words, _mm256_min_epu32(ptr, last));
            while r + 33 <= src.len() && w + 64 <= dst.len() {
                let Some((v, high)) = block32(src, dst, (&mut r, &mut w)) else {
                    continue;
                };
                // `next[i]` is the byte after `v[i]`: a lead's trail.
                let next = _mm256_loadu_si256(src.as_ptr().add(r + 1).cast());
                let leads = pair_leads(high);
                let (lead_ok, lead) = classify(v, leads_set);
                let (trail_ok, trail) = classify(next, trails_set);
                // One pointer per 16-bit lane `k` (bytes 2k, 2k + 1): leads
                // are never next to each other, so a lane holds at most one,
                // at 2k (its low byte) or 2k + 1 (its high byte).
                let is_lead = {
                    let m = _mm256_shuffle_epi8(_mm256_set1_epi32(leads as i32), spread);
                    _mm256_cmpeq_epi8(_mm256_and_si256(m, bits), bits)
                };
                let odd = _mm256_srai_epi16::<8>(is_lead);
                let pick = |x: __m256i| {
                    let even = _mm256_and_si256(x, _mm256_set1_epi16(0xFF));
                    _mm256_blendv_epi8(even, _mm256_srli_epi16::<8>(x), odd)
                };
                let pointers = _mm256_sub_epi16(
                    _mm256_add_epi16(_mm256_mullo_epi16(pick(lead), row), pick(trail)),
                    bias,
                );
                // Lanes 0..8 (bytes 0..16) and 8..16 (16..32), one gather
                // each; a half with no lead (markup in a page) skips its
                // gather, the dearest instruction here (its words are never
                // used). Each as its words' byte planes, per 128-bit lane.
                let [g0, g1] = [
                    (_mm256_castsi256_si128(pointers), 0x0000_FFFF),
                    (_mm256_extracti128_si256::<1>(pointers), 0xFFFF_0000),
                ]
                .map(|(p, half)| match leads & half {
                    0 => zero,
                    _ => _mm256_shuffle_epi8(gather(_mm256_cvtepu16_epi32(p)), planes),
                });
                // Lanes 0..4 and 8..12, 4..8 and 12..16; then each plane's
                // 8 bytes per 128-bit lane in lane order.
                let x = _mm256_permute2x128_si256::<0x20>(g0, g1);
                let y = _mm256_permute2x128_si256::<0x31>(g0, g1);
                let (p01, p23) = (_mm256_unpacklo_epi32(x, y), _mm256_unpackhi_epi32(x, y));
                // The words' bytes at both bytes of their lane (so at the
                // lead's): first, second, third, length.
                let first = _mm256_unpacklo_epi8(p01, p01);
                let second = _mm256_unpackhi_epi8(p01, p01);
                let third = _mm256_unpacklo_epi8(p23, p23);
                let length = _mm256_unpackhi_epi8(p23, p23);
                let is_three = _mm256_cmpeq_epi8(length, splat(3));
                let three = _mm256_movemask_epi8(is_three) as u32;
                let two = _mm256_movemask_epi8(_mm256_cmpeq_epi8(length, splat(2))) as u32;
                // Leads the kernel cannot take: the block is decoded up to
                // the first of them (whole characters before it), which the
                // scalar loop then takes.
                let bad = leads & !(lead_ok & trail_ok & (three | two));
                // A pair's last byte: the third of three, the second of two
                // (Cyrillic, Greek, `·` and `°` in the CJK indexes).
                let last_byte = _mm256_blendv_epi8(second, third, is_three);
                // Other bytes are ASCII, themselves; a trail (ASCII or not)
                // writes its pair's last byte, a lead its first, and its
                // second when the pair is three bytes.
                let with_lasts = _mm256_blendv_epi8(v, one_on(last_byte), one_on(is_lead));
                let out = _mm256_blendv_epi8(with_lasts, first, is_lead);
                let n = store_pairs32(out, second, leads & three, dst.as_mut_ptr().add(w));
                if bad != 0 {
                    let at = bad.trailing_zeros();
                    let before = (1u32 << at) - 1;
                    r += at as usize;
                    w += (at + (leads & three & before).count_ones()) as usize;
                    blocked = Some(0);
                    break;
                }
                // A lead in the last byte: its trail is the next block's
                // first byte, read here, and its last byte goes last.
                *dst.as_mut_ptr().add(w + n) = _mm256_extract_epi8::<31>(last_byte) as u8;
                let tail = (leads >> 31) as usize;
                r += 32 + tail;
                w += n + tail;
            }
        }
        Run::at(r, w, blocked)
    }
}
