//! The vector kernel for encoding UTF-8 into a single-byte encoding.
//!
//! Latin, Cyrillic, Greek, Hebrew and Arabic text is ASCII mixed with
//! two-byte UTF-8 characters whose lead bytes are few per script (0xD0 and
//! 0xD1 for Russian, 0xC3 for French). [`EncodeTables`] holds, for the
//! [`LEADS`] lead bytes with the most mapped code points in the encoding,
//! each lead's 64 trails' bytes as four 16-entry rows. The kernel takes 16
//! bytes at a time: it finds the leads, looks up every trail's byte in the
//! rows of the lead before it (`pshufb`, only for leads the block has), keeps
//! ASCII bytes as they are, and packs out the lead bytes with one shuffle per
//! 8 input bytes ([`KEEP`]). A block holding any other non-ASCII character,
//! or a code point the encoding lacks, stops the kernel before that block:
//! the scalar loop in `single_byte.rs`, which owns every rule about errors,
//! takes it from there, so the kernel only ever writes what that loop would.

use super::{kernel_entry, Kernel, Run};

/// How many lead bytes the small reverse table covers (a script's letters
/// and the Latin-1 punctuation most texts use need three; Turkish needs four).
pub(crate) const LEADS: usize = 4;

/// The first lead byte of the non-Latin scripts (U+0340 up: Greek,
/// Cyrillic, Hebrew, Arabic).
const NON_LATIN: u8 = 0xCD;

/// How many code points of a non-Latin lead an encoding must have for the
/// kernel (a script's letters, not a stray sign).
const SCRIPT: usize = 16;

/// A lead byte that never occurs in UTF-8: an unused slot.
const NO_LEAD: u8 = 0xC0;

/// For [`LEADS`] two-byte UTF-8 lead bytes, the byte each of their 64 code
/// points encodes to (row `4 * slot + trail bits 4..6`, column `trail & 15`),
/// or 0 where the encoding has none (no code point from U+0080 encodes to a
/// byte below 0x80).
#[repr(C, align(16))]
pub(crate) struct EncodeTables {
    rows: [[u8; 16]; 4 * LEADS],
    pub(crate) leads: [u8; LEADS],
}

impl EncodeTables {
    /// From the encoding's byte for each code point U+0080..U+07FF (0 for
    /// none; the first 0x80 entries unused): the leads with the most mapped
    /// code points, the lower lead first on a tie. `None` for an encoding
    /// of Latin script: its text has few non-ASCII characters, which the
    /// scalar loop encodes with fewer instructions than the kernel's blocks
    /// (measured on the French, German, Czech and Turkish articles).
    pub fn new(below_800: &[u8; 0x800]) -> Option<Self> {
        let mapped = |lead: usize| {
            let first = (lead & 0x1F) << 6;
            below_800[first..first + 64]
                .iter()
                .filter(|&&b| b != 0)
                .count()
        };
        // (lead, mapped code points), counted once: every decoder and
        // encoder of the encoding waits for these tables.
        let mut rest: Vec<(usize, usize)> = (0xC2..=0xDF)
            .map(|l| (l, mapped(l)))
            .filter(|&(_, n)| n > 0)
            .collect();
        // Picked one by one: a sort here would add 100 KB of generic code.
        let mut leads = Vec::new();
        while leads.len() < LEADS {
            let best = (0..rest.len()).max_by_key(|&i| (rest[i].1, std::cmp::Reverse(rest[i].0)));
            let Some(i) = best else { break };
            leads.push(rest.remove(i));
        }
        let script = |&(l, n): &(usize, usize)| l >= usize::from(NON_LATIN) && n >= SCRIPT;
        if !leads.iter().any(script) {
            return None;
        }
        let mut t = EncodeTables {
            rows: [[0; 16]; 4 * LEADS],
            leads: [NO_LEAD; LEADS],
        };
        for (slot, &(lead, _)) in leads.iter().enumerate() {
            t.leads[slot] = lead as u8;
            let first = (lead & 0x1F) << 6;
            for (trail, &byte) in below_800[first..first + 64].iter().enumerate() {
                t.rows[4 * slot + trail / 16][trail % 16] = byte;
            }
        }
        Some(t)
    }
}

/// For a mask `m` of which of 8 bytes to keep: the shuffle that packs them
/// to the front (in order), and how many there are.
pub(super) static KEEP: [[u8; 16]; 256] = keep_shuffles(1);
/// (A table: without the `popcnt` feature, counting bits takes a dozen
/// instructions.)
pub(super) static KEEP_LEN: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// Stores the bytes of `out` that `keep` marks (bit `i` for byte `i`),
/// packed to the front in order, at `p`, and returns how many: two 16-byte
/// stores through [`KEEP`]'s shuffles, the second at most 8 bytes in.
///
/// # Safety
/// The CPU must support SSSE3, and `p[..24]` must be writable.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "ssse3")]
pub(crate) unsafe fn store_kept(out: std::arch::x86_64::__m128i, keep: u32, p: *mut u8) -> usize {
    use std::arch::x86_64::*;
    let (lo, hi) = ((keep & 0xFF) as usize, (keep >> 8 & 0xFF) as usize);
    // SAFETY: the caller vouches for the CPU and the 24 bytes at `p`; each
    // shuffle is 16 readable bytes.
    unsafe {
        let shuffle = |k: usize| _mm_loadu_si128(KEEP[k].as_ptr().cast());
        _mm_storeu_si128(p.cast(), _mm_shuffle_epi8(out, shuffle(lo)));
        let n = usize::from(KEEP_LEN[lo]);
        let upper = _mm_srli_si128::<8>(out);
        _mm_storeu_si128(p.add(n).cast(), _mm_shuffle_epi8(upper, shuffle(hi)));
        n + usize::from(KEEP_LEN[hi])
    }
}

/// For each mask `m` of which of 8 lanes of `width` bytes (1 or 2) to
/// keep: the shuffle that packs them to the front, in order.
pub(super) const fn keep_shuffles(width: usize) -> [[u8; 16]; 256] {
    let mut t = [[0x80u8; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut i, mut o) = (0, 0);
        while i < 8 {
            if (m >> i) & 1 == 1 {
                let mut k = 0;
                while k < width {
                    t[m][width * o + k] = (width * i + k) as u8;
                    k += 1;
                }
                o += 1;
            }
            i += 1;
        }
        m += 1;
    }
    t
}

/// Encodes whole characters of `src` (which starts at a character boundary)
/// into `dst` with `path`'s kernel, 16 bytes at a time, while they are ASCII
/// or two-byte characters of `t`'s leads that the encoding has and `dst` has
/// 32 bytes of room. May write past the bytes it reports in `dst`. `blocked`
/// is the offset (from `read`) of the character that stopped it, if one did.
pub(crate) fn encode_pairs(path: Kernel, t: &EncodeTables, src: &str, dst: &mut [u8]) -> Run {
    let src = src.as_bytes();
    if src.len() < 16 || dst.len() < 32 {
        // Not one block (an html reference, the end of a chunk): skip the
        // kernel's setup.
        return Run::NONE;
    }
    encode_kernel(path, t, src, dst)
}

kernel_entry! {
    /// [`encode_pairs`] past its checks.
    fn encode_kernel(t: &EncodeTables, src: &[u8], dst: &mut [u8]) = x86::pairs, x86::pairs;
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::super::x86::block16;
    use super::{store_kept, EncodeTables, Run, LEADS};
    use std::arch::x86_64::*;

    /// 16 bytes per block (15 when the last one is a lead, whose trail is in
    /// the next block), 32 bytes of room.
    ///
    /// # Safety
    /// The CPU must support SSSE3. `src` must be UTF-8 starting at a
    /// character boundary: then each block starts at one too, and, once every
    /// non-ASCII byte is a continuation or one of `t`'s (two-byte) leads,
    /// each continuation follows such a lead.
    #[inline]
    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn pairs(t: &EncodeTables, src: &[u8], dst: &mut [u8]) -> Run {
        let (mut r, mut w, mut blocked) = (0, 0, None);
        // SAFETY: each block reads src[r..r + 16] and writes at most
        // dst[w..w + 24] (two stores of 16 bytes, the second at most 8 bytes
        // in), both checked by the loop; the tables are 16 readable bytes.
        unsafe {
            let splat = |b: u8| _mm_set1_epi8(b as i8);
            let zero = _mm_setzero_si128();
            let rows: [__m128i; 4 * LEADS] =
                std::array::from_fn(|i| _mm_loadu_si128(t.rows[i].as_ptr().cast()));
            while r + 16 <= src.len() && w + 32 <= dst.len() {
                let Some((v, high)) = block16(src, dst, (&mut r, &mut w)) else {
                    continue;
                };
                // Continuations are 0x80..=0xBF: below 0xC0 as signed bytes.
                let cont = _mm_movemask_epi8(_mm_cmplt_epi8(v, splat(0xC0))) as u32;
                // The trail's row (bits 4..6) as 0x70..=0x7F for row q and
                // 0x80 or more (`pshufb`: 0) otherwise, one vector per row.
                let trail = _mm_and_si128(v, splat(0x3F));
                let sel: [__m128i; 4] = std::array::from_fn(|q| {
                    _mm_adds_epu8(_mm_xor_si128(trail, splat((q as u8) << 4)), splat(0x70))
                });
                let (mut leads, mut bytes) = (0, zero);
                for slot in 0..LEADS {
                    let is_lead = _mm_cmpeq_epi8(v, splat(t.leads[slot]));
                    let m = _mm_movemask_epi8(is_lead) as u32;
                    if m == 0 {
                        continue;
                    }
                    leads |= m;
                    // (Slots go from the most common lead: often the last.)
                    let mut found = zero;
                    for (q, sel) in sel.iter().enumerate() {
                        let row = rows[4 * slot + q];
                        found = _mm_or_si128(found, _mm_shuffle_epi8(row, *sel));
                    }
                    // Only at the trails of this lead: one byte after it.
                    let after = _mm_slli_si128::<1>(is_lead);
                    bytes = _mm_or_si128(bytes, _mm_and_si128(found, after));
                    if (leads | cont) == high {
                        break;
                    }
                }
                let other = high & !cont & !leads;
                let unmapped = _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, zero)) as u32 & cont;
                if other | unmapped >> 1 != 0 {
                    // Another character, or a lead (one before its trail)
                    // whose code point the encoding lacks.
                    blocked = Some((other | unmapped >> 1).trailing_zeros() as usize);
                    break;
                }
                // ASCII bytes are themselves; leads (and a last lead's block
                // end) are dropped.
                let ascii = _mm_andnot_si128(_mm_cmplt_epi8(v, zero), v);
                let out = _mm_or_si128(ascii, bytes);
                w += store_kept(out, !leads & 0xFFFF, dst.as_mut_ptr().add(w));
                r += 16 - (leads >> 15) as usize;
            }
        }
        Run::at(r, w, blocked)
    }
}
