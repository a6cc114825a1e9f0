//! The loop head every x86 kernel shares.

use std::arch::x86_64::*;

/// Defines a block head: `$name` loads the `$n`-byte block at `src[*r..]`
/// (a `$vector`) and its non-ASCII mask; a block of ASCII is copied to
/// `dst[*w..]` whole and skipped (`None`), as every kernel does first.
macro_rules! block_head {
    ($(#[$attr:meta])* $name:ident, $vector:ty, $n:literal, $load:ident, $mask:ident, $store:ident) => {
        $(#[$attr])*
        pub(super) unsafe fn $name(
            src: &[u8],
            dst: &mut [u8],
            (r, w): (&mut usize, &mut usize),
        ) -> Option<($vector, u32)> {
            // SAFETY: the caller vouches for the bounds and the CPU.
            unsafe {
                let v = $load(src.as_ptr().add(*r).cast());
                let high = $mask(v) as u32;
                if high != 0 {
                    return Some((v, high));
                }
                $store(dst.as_mut_ptr().add(*w).cast(), v);
            }
            *r += $n;
            *w += $n;
            None
        }
    };
}

block_head!(
    /// The 16-byte block head (SSE2, part of x86-64).
    ///
    /// # Safety
    /// `src[*r..*r + 16]` and `dst[*w..*w + 16]` must be in bounds.
    #[inline(always)]
    block16,
    __m128i,
    16,
    _mm_loadu_si128,
    _mm_movemask_epi8,
    _mm_storeu_si128
);

block_head!(
    /// The 32-byte block head.
    ///
    /// # Safety
    /// The CPU must support AVX2; `src[*r..*r + 32]` and `dst[*w..*w + 32]`
    /// must be in bounds.
    #[inline]
    #[target_feature(enable = "avx2")]
    block32,
    __m256i,
    32,
    _mm256_loadu_si256,
    _mm256_movemask_epi8,
    _mm256_storeu_si256
);
