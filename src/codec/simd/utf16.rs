//! The vector kernel for encoding UTF-8 into UTF-16: 16 bytes of ASCII,
//! two- and three-byte characters at a time, in any mix (words of most
//! scripts are short, so runs of one length between spaces are too short
//! for a loop of their own: bench/RESULTS.md, session 6).
//!
//! Valid UTF-8 needs no checks: every byte position is taken as if a
//! character started there, its unit computed from it and the two bytes
//! after it, as ASCII, two-byte and three-byte at once (`pmaddubsw` puts
//! two six-bit groups together), the right one kept by the position's lead
//! byte; then the units at the characters' starts are packed to the front,
//! eight positions at a time by one shuffle ([`KEEP_UNITS`]). A character
//! cut by the block's end waits for the next block; a four-byte one stops
//! the kernel for the scalar loop (surrogate pairs).

use super::encode::{keep_shuffles, KEEP_LEN};
use super::{kernel_entry, Kernel, Run};

/// For a mask `m` of which of 8 two-byte lanes to keep: the shuffle that
/// packs them to the front, in order.
static KEEP_UNITS: [[u8; 16]; 256] = keep_shuffles(2);

/// Encodes whole characters of `src` (UTF-8 starting at a character
/// boundary) into UTF-16 (big-endian if `be`) in `dst` with `path`'s
/// kernel, 16 bytes at a time while `dst` has 32 bytes of room, up to a
/// four-byte character or the last block's end. May write past the bytes
/// it reports in `dst`.
pub(crate) fn encode_utf16(path: Kernel, be: bool, src: &str, dst: &mut [u8]) -> Run {
    let src = src.as_bytes();
    if src.len() < 16 || dst.len() < 32 {
        return Run::NONE;
    }
    match be {
        true => be_kernel(path, src, dst),
        false => le_kernel(path, src, dst),
    }
}

kernel_entry! {
    /// [`encode_utf16`] past its checks, little-endian.
    fn le_kernel(src: &[u8], dst: &mut [u8]) = x86::units::<false>, x86::units::<false>;
}

kernel_entry! {
    /// [`encode_utf16`] past its checks, big-endian.
    fn be_kernel(src: &[u8], dst: &mut [u8]) = x86::units::<true>, x86::units::<true>;
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{KEEP_LEN, KEEP_UNITS};
    use crate::codec::simd::Run;
    use std::arch::x86_64::*;

    /// # Safety
    /// The CPU must support SSSE3. `src` must be UTF-8 starting at a
    /// character boundary (then so does each block).
    #[inline]
    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn units<const BE: bool>(src: &[u8], dst: &mut [u8]) -> Run {
        let (mut r, mut w) = (0, 0);
        // SAFETY: each block reads src[r..r + 16] and writes at most
        // dst[w..w + 32], both checked by the loop; the tables are 16
        // readable bytes.
        unsafe {
            let splat = |b: u8| _mm_set1_epi8(b as i8);
            let zero = _mm_setzero_si128();
            // `pmaddubsw` weights: the low byte of each pair as is, the high
            // one six bits up.
            let join = _mm_set1_epi16(0x4001);
            // For big-endian output: each unit's two bytes swapped.
            let swap = _mm_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
            let order = |x| match BE {
                true => _mm_shuffle_epi8(x, swap),
                false => x,
            };
            while r + 16 <= src.len() && w + 32 <= dst.len() {
                let v = _mm_loadu_si128(src.as_ptr().add(r).cast());
                let p = dst.as_mut_ptr().add(w);
                let high = _mm_movemask_epi8(v) as u32;
                if high == 0 {
                    let (lo, hi) = match BE {
                        true => (_mm_unpacklo_epi8(zero, v), _mm_unpackhi_epi8(zero, v)),
                        false => (_mm_unpacklo_epi8(v, zero), _mm_unpackhi_epi8(v, zero)),
                    };
                    _mm_storeu_si128(p.cast(), lo);
                    _mm_storeu_si128(p.add(16).cast(), hi);
                    r += 16;
                    w += 32;
                    continue;
                }
                // Leads by their bytes' signed values: two-byte -64..-33,
                // three-byte -32..-17, four-byte -16 up.
                let from_c0 = _mm_cmpgt_epi8(v, splat(0xBF));
                let from_e0 = _mm_cmpgt_epi8(v, splat(0xDF));
                let from_f0 = _mm_cmpgt_epi8(v, splat(0xEF));
                let (c0, e0) = (
                    _mm_movemask_epi8(from_c0) as u32,
                    _mm_movemask_epi8(from_e0) as u32,
                );
                let f0 = _mm_movemask_epi8(from_f0) as u32 & high;
                let (c0, e0) = (c0 & high, e0 & high);
                let starts = !high & 0xFFFF | c0;
                // A character cut by the block's end, or a four-byte one.
                let cut_short = (c0 & !e0 & 0x8000) | (e0 & 0xC000) | f0;
                let cut = (cut_short | 0x1_0000).trailing_zeros() as usize;
                if cut == 0 {
                    break; // a four-byte character
                }
                let ascii = _mm_cmpgt_epi8(v, splat(0xFF));
                let two = _mm_andnot_si128(from_e0, from_c0);
                let three = _mm_andnot_si128(from_f0, from_e0);
                let c1 = _mm_and_si128(_mm_srli_si128::<1>(v), splat(0x3F));
                let c2 = _mm_and_si128(_mm_srli_si128::<2>(v), splat(0x3F));
                let lead2 = _mm_and_si128(v, splat(0x1F));
                // The units of positions 0..8 (`hi`: 8..16) as if each
                // started a character.
                let lanes = |hi: bool| {
                    let unpack = |a, b| match hi {
                        true => _mm_unpackhi_epi8(a, b),
                        false => _mm_unpacklo_epi8(a, b),
                    };
                    let low12 = _mm_maddubs_epi16(unpack(c2, c1), join);
                    let top4 = _mm_slli_epi16::<4>(unpack(zero, v));
                    let as3 = _mm_or_si128(top4, low12);
                    let as2 = _mm_maddubs_epi16(unpack(c1, lead2), join);
                    let as1 = unpack(v, zero);
                    let pick = |m: __m128i, x: __m128i| _mm_and_si128(unpack(m, m), x);
                    let unit = _mm_or_si128(pick(three, as3), pick(two, as2));
                    _mm_or_si128(unit, pick(ascii, as1))
                };
                let (lo, hi) = (lanes(false), lanes(true));
                let keep = starts & ((1 << cut) - 1);
                let (klo, khi) = ((keep & 0xFF) as usize, (keep >> 8 & 0xFF) as usize);
                let shuffle = |k: usize| _mm_loadu_si128(KEEP_UNITS[k].as_ptr().cast());
                let packed = order(_mm_shuffle_epi8(lo, shuffle(klo)));
                _mm_storeu_si128(p.cast(), packed);
                let n = 2 * usize::from(KEEP_LEN[klo]);
                let packed = order(_mm_shuffle_epi8(hi, shuffle(khi)));
                _mm_storeu_si128(p.add(n).cast(), packed);
                r += cut;
                w += n + 2 * usize::from(KEEP_LEN[khi]);
                if f0 != 0 && cut == f0.trailing_zeros() as usize {
                    break;
                }
            }
        }
        Run::at(r, w, None)
    }
}
