//! The vector kernel for encoding UTF-8 into a single-byte encoding whose
//! non-ASCII letters are one block of 128 three-byte code points: Thai
//! (U+0E00..U+0E7F, `E0 B8 xx` and `E0 B9 xx`) in windows-874.
//!
//! Thai text is long runs of such characters between spaces. Windows-874
//! maps its block by an offset (byte = code point - U+0E00 + 0xA0, where it
//! has a byte at all), so [`TripleEncodeTables`] holds the block's lead and
//! second bytes, the offset, and a 128-bit map of the code points it has:
//! the kernel's lookup is one add and two `pshufb`s, where a general
//! 128-entry table would take eight. An encoding whose block is not such an
//! offset gets no kernel. The kernel takes 16 bytes at a time (32 with
//! AVX2, then 16 for the rest): ASCII bytes
//! are themselves, each character's third byte becomes its byte, leads and
//! second bytes are packed out with one shuffle per 8 input bytes. At any
//! other non-ASCII character, or a code point the encoding lacks, it writes
//! the block's characters before it and stops there for the scalar loop in
//! `single_byte.rs`, which owns every rule about errors.

use super::{kernel_entry, Kernel, Run};

/// How many code points of a block an encoding must have for the kernel
/// (a script's letters, not a few signs; windows-874 has 87).
const SCRIPT: usize = 64;

/// One block of 128 code points from U+0800, in three-byte UTF-8 `lead`,
/// `second` or `second + 1`, any third: the bytes of the mapped ones are
/// `(second & 1) << 6 | third & 0x3F` plus `offset`.
pub(crate) struct TripleEncodeTables {
    lead: u8,
    /// Even: the block is 128-aligned.
    second: u8,
    offset: u8,
    /// Bit `i` of byte `i / 8`: whether the block's code point `i` has a byte.
    mapped: [u8; 16],
}

impl TripleEncodeTables {
    /// From the encoding's index (128 code points, 0 for none): the
    /// 128-aligned block from U+0800 with the most code points, if it has
    /// [`SCRIPT`] of them and they all map by one offset; else `None`.
    pub fn new(decode: &[u16; 128]) -> Option<Self> {
        let block_of = |cp: u16| (cp >= 0x800).then_some(cp >> 7);
        let count = |block: u16| {
            decode
                .iter()
                .filter(|&&cp| block_of(cp) == Some(block))
                .count()
        };
        let block = decode
            .iter()
            .filter_map(|&cp| block_of(cp))
            .max_by_key(|&b| count(b))?;
        if count(block) < SCRIPT {
            return None;
        }
        let base = block << 7;
        let mut offset = None;
        let mut mapped = [0u8; 16];
        for (pointer, &cp) in (0u8..).zip(decode) {
            if block_of(cp) != Some(block) {
                continue;
            }
            let i = (cp - base) as u8;
            if mapped[usize::from(i / 8)] & 1 << (i % 8) != 0 {
                return None; // a code point twice: the first pointer wins
            }
            mapped[usize::from(i / 8)] |= 1 << (i % 8);
            let byte_offset = (0x80 + pointer).wrapping_sub(i);
            if *offset.get_or_insert(byte_offset) != byte_offset {
                return None;
            }
        }
        Some(TripleEncodeTables {
            lead: 0xE0 | (base >> 12) as u8,
            second: 0x80 | (base >> 6 & 0x3F) as u8,
            offset: offset?,
            mapped,
        })
    }
}

/// Encodes whole characters of `src` (which starts at a character boundary)
/// into `dst` with `path`'s kernel, 16 or 32 bytes at a time, while they are ASCII
/// or characters of `t`'s block that the encoding has and `dst` has 32 bytes
/// of room. May write past the bytes it reports in `dst`. `blocked` is the
/// offset (from `read`) of the character that stopped it, if one did.
pub(crate) fn encode_triples(
    path: Kernel,
    t: &TripleEncodeTables,
    src: &str,
    dst: &mut [u8],
) -> Run {
    let src = src.as_bytes();
    if src.len() < 16 || dst.len() < 32 {
        return Run::NONE;
    }
    triples_kernel(path, t, src, dst)
}

kernel_entry! {
    /// [`encode_triples`] past its checks.
    fn triples_kernel(t: &TripleEncodeTables, src: &[u8], dst: &mut [u8]) = x86::triples, x86::triples32;
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::super::encode::store_kept;
    use super::super::x86::{block16, block32};
    use super::TripleEncodeTables;
    use crate::codec::simd::Run;
    use std::arch::x86_64::*;

    /// Bit `i % 8` for index `i`: which bit of a byte of the map.
    static BIT: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];

    /// 16 bytes per block (fewer when a character is cut by the block's
    /// end, or one stops the kernel), 32 bytes of room.
    ///
    /// # Safety
    /// The CPU must support SSSE3. `src` must be UTF-8 starting at a
    /// character boundary: then each block starts at one too, the two bytes
    /// after a lead are continuations, and a continuation that follows no
    /// lead of the block belongs to another character.
    #[inline]
    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn triples(t: &TripleEncodeTables, src: &[u8], dst: &mut [u8]) -> Run {
        let (mut r, mut w, mut blocked) = (0, 0, None);
        // SAFETY: each block reads src[r..r + 16] and writes at most
        // dst[w..w + 24] (two stores of 16 bytes, the second at most 8 bytes
        // in), both checked by the loop; the tables are 16 readable bytes.
        unsafe {
            let splat = |b: u8| _mm_set1_epi8(b as i8);
            let zero = _mm_setzero_si128();
            let map = _mm_loadu_si128(t.mapped.as_ptr().cast());
            let bit = _mm_loadu_si128(BIT.as_ptr().cast());
            while r + 16 <= src.len() && w + 32 <= dst.len() {
                let Some((v, high)) = block16(src, dst, (&mut r, &mut w)) else {
                    continue;
                };
                let is_lead = _mm_cmpeq_epi8(v, splat(t.lead));
                let leads = _mm_movemask_epi8(is_lead) as u32;
                let pair = _mm_cmpeq_epi8(_mm_or_si128(v, splat(1)), splat(t.second | 1));
                let pair = _mm_movemask_epi8(pair) as u32;
                let (seconds, thirds) = ((leads << 1) & 0xFFFF, (leads << 2) & 0xFFFF);
                // Each third's index in the block: bit 6 from the second
                // byte before it, bits 0..6 its own.
                let before = _mm_slli_si128::<1>(v);
                let top = _mm_slli_epi16::<6>(_mm_and_si128(before, splat(1)));
                let index = _mm_or_si128(top, _mm_and_si128(v, splat(0x3F)));
                let word =
                    _mm_shuffle_epi8(map, _mm_srli_epi16::<3>(_mm_and_si128(index, splat(0x78))));
                let has =
                    _mm_and_si128(word, _mm_shuffle_epi8(bit, _mm_and_si128(index, splat(7))));
                let lacking = _mm_movemask_epi8(_mm_cmpeq_epi8(has, zero)) as u32 & thirds;
                // Each at the character's lead: another character, a lead
                // of another block, a code point the encoding lacks.
                let bad =
                    (high & !(leads | seconds | thirds)) | (seconds & !pair) >> 1 | lacking >> 2;
                // Through the last whole character before the first bad
                // one, or the block's end.
                let cut = match bad {
                    // A lead at 14 or 15 waits for the next block.
                    0 => [16, 14, 15, 15][(leads >> 14) as usize],
                    _ => bad.trailing_zeros() as usize,
                };
                let bytes = _mm_add_epi8(index, splat(t.offset));
                let at_third = _mm_slli_si128::<2>(is_lead);
                let ascii = _mm_andnot_si128(_mm_cmplt_epi8(v, zero), v);
                let out = _mm_or_si128(ascii, _mm_and_si128(bytes, at_third));
                let keep = !(leads | seconds) & ((1 << cut) - 1);
                w += store_kept(out, keep, dst.as_mut_ptr().add(w));
                r += cut;
                if bad != 0 {
                    blocked = Some(0);
                    break;
                }
            }
        }
        Run::at(r, w, blocked)
    }

    /// The AVX2 body: 32 bytes per block while `dst` has 64 bytes of room,
    /// then [`triples`] for the rest. Unlike SSSE3, AVX2 has `blendv`: a
    /// kept byte that is not ASCII is a third (leads and second bytes are
    /// never kept, other bytes stop the block), so one blend by each byte's
    /// top bit makes the output.
    ///
    /// # Safety
    /// The CPU must support AVX2; `src` as for [`triples`].
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn triples32(t: &TripleEncodeTables, src: &[u8], dst: &mut [u8]) -> Run {
        let (mut r, mut w) = (0, 0);
        // SAFETY: each block reads src[r..r + 32] and writes at most
        // dst[w..w + 40] (two `store_kept`s, the second at most 16 bytes
        // in), both checked by the loop; the tables are 16 readable bytes.
        unsafe {
            let splat = |b: u8| _mm256_set1_epi8(b as i8);
            let zero = _mm256_setzero_si256();
            let map = _mm256_broadcastsi128_si256(_mm_loadu_si128(t.mapped.as_ptr().cast()));
            let bit = _mm256_broadcastsi128_si256(_mm_loadu_si128(BIT.as_ptr().cast()));
            while r + 32 <= src.len() && w + 64 <= dst.len() {
                let Some((v, high)) = block32(src, dst, (&mut r, &mut w)) else {
                    continue;
                };
                let leads = _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, splat(t.lead))) as u32;
                let pair = _mm256_cmpeq_epi8(_mm256_or_si256(v, splat(1)), splat(t.second | 1));
                let pair = _mm256_movemask_epi8(pair) as u32;
                let (seconds, thirds) = (leads << 1, leads << 2);
                // The byte before each: lane 1 takes lane 0's last byte.
                let before = _mm256_alignr_epi8::<15>(v, _mm256_permute2x128_si256::<0x08>(v, v));
                let top = _mm256_slli_epi16::<6>(_mm256_and_si256(before, splat(1)));
                let index = _mm256_or_si256(top, _mm256_and_si256(v, splat(0x3F)));
                let at = _mm256_srli_epi16::<3>(_mm256_and_si256(index, splat(0x78)));
                let has = _mm256_shuffle_epi8(bit, _mm256_and_si256(index, splat(7)));
                let has = _mm256_and_si256(_mm256_shuffle_epi8(map, at), has);
                let lacking = _mm256_movemask_epi8(_mm256_cmpeq_epi8(has, zero)) as u32 & thirds;
                let bad =
                    (high & !(leads | seconds | thirds)) | (seconds & !pair) >> 1 | lacking >> 2;
                let cut = match bad {
                    0 => [32, 30, 31, 31][(leads >> 30) as usize],
                    _ => bad.trailing_zeros() as usize,
                };
                let bytes = _mm256_add_epi8(index, splat(t.offset));
                let out = _mm256_blendv_epi8(v, bytes, v);
                let keep = !(leads | seconds) & ((1u64 << cut) - 1) as u32;
                let p = dst.as_mut_ptr().add(w);
                let n = store_kept(_mm256_castsi256_si128(out), keep & 0xFFFF, p);
                w += n + store_kept(_mm256_extracti128_si256::<1>(out), keep >> 16, p.add(n));
                r += cut;
                if bad != 0 {
                    return Run::at(r, w, Some(0));
                }
            }
            let rest = triples(t, &src[r..], &mut dst[w..]);
            Run::at(r + rest.read, w + rest.written, rest.blocked)
        }
    }
}
