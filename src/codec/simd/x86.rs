//! The loop head every x86 kernel shares.

use std::arch::x86_64::*;

/// Loads the 16-byte block at `src[*r..]` and its non-ASCII mask; a block of
/// ASCII is copied to `dst[*w..]` whole and skipped (`None`), as every kernel
/// does first.
///
/// # Safety
/// `src[*r..*r + 16]` and `dst[*w..*w + 16]` must be in bounds.
#[inline(always)]
pub(super) unsafe fn block16(
    src: &[u8],
    dst: &mut [u8],
    (r, w): (&mut usize, &mut usize),
) -> Option<(__m128i, u32)> {
    // SAFETY: SSE2 is part of x86-64; the caller vouches for the bounds.
    unsafe {
        let v = _mm_loadu_si128(src.as_ptr().add(*r).cast());
        let high = _mm_movemask_epi8(v) as u32;
        if high != 0 {
            return Some((v, high));
        }
        _mm_storeu_si128(dst.as_mut_ptr().add(*w).cast(), v);
    }
    *r += 16;
    *w += 16;
    None
}

/// [`block16`] for 32-byte blocks.
///
/// # Safety
/// The CPU must support AVX2; `src[*r..*r + 32]` and `dst[*w..*w + 32]`
/// must be in bounds.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn block32(
    src: &[u8],
    dst: &mut [u8],
    (r, w): (&mut usize, &mut usize),
) -> Option<(__m256i, u32)> {
    // SAFETY: the caller vouches for the bounds.
    unsafe {
        let v = _mm256_loadu_si256(src.as_ptr().add(*r).cast());
        let high = _mm256_movemask_epi8(v) as u32;
        if high != 0 {
            return Some((v, high));
        }
        _mm256_storeu_si256(dst.as_mut_ptr().add(*w).cast(), v);
    }
    *r += 32;
    *w += 32;
    None
}
