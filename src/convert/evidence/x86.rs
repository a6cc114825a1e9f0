//! The classes of a block ([`Planes`]) by vector compares: SSE2 (part of
//! x86-64) and AVX2. A signed compare sorts the high bytes among
//! themselves (0x80 the lowest, 0xFF the highest) and puts every ASCII
//! byte above them all.

use std::arch::x86_64::*;

use super::blocks::Planes;
use super::Utf8Evidence;

/// Defines `$name(block) -> Planes` for vectors of `$lanes` bytes: `$load`
/// loads one, `$mask` takes its bytes' top bits, `$set` makes a vector of
/// one byte, and `$eq`, `$gt` (signed) and `$and` compare and combine.
macro_rules! classifier {
    ($(#[$attr:meta])* $name:ident, $lanes:literal, $load:ident, $mask:ident,
     $set:ident, $eq:ident, $gt:ident, $and:ident) => {
        $(#[$attr])*
        fn $name(block: &[u8; 64]) -> Planes {
            const N: usize = 64 / $lanes;
            let mut v = [$set(0); N];
            for (i, x) in v.iter_mut().enumerate() {
                // SAFETY: the `$lanes` bytes at `i * $lanes` are in the block.
                *x = unsafe { $load(block.as_ptr().add(i * $lanes).cast()) };
            }
            /// The plane of `$f` (a vector whose bytes' top bits say).
            macro_rules! plane {
                (|$x:ident| $f:expr) => {{
                    let mut plane = 0u64;
                    for (i, &$x) in v.iter().enumerate() {
                        plane |= u64::from($mask($f) as u32) << (i * $lanes);
                    }
                    plane
                }};
            }
            let byte = |b: u8| $set(b as i8);
            let nul = plane!(|x| $eq(x, byte(0)));
            let high = plane!(|x| x);
            if high == 0 {
                return Planes { nul, ..Planes::default() };
            }
            Planes {
                high,
                cont: plane!(|x| $gt(byte(0xC0), x)),
                below_a0: plane!(|x| $gt(byte(0xA0), x)),
                below_90: plane!(|x| $gt(byte(0x90), x)),
                lead: plane!(|x| $and($gt(x, byte(0xC1)), $gt(byte(0xF5), x))),
                lead3: plane!(|x| $and($gt(x, byte(0xDF)), $gt(byte(0xF5), x))),
                lead4: plane!(|x| $and($gt(x, byte(0xEF)), $gt(byte(0xF5), x))),
                e0: plane!(|x| $eq(x, byte(0xE0))),
                ed: plane!(|x| $eq(x, byte(0xED))),
                f0: plane!(|x| $eq(x, byte(0xF0))),
                f4: plane!(|x| $eq(x, byte(0xF4))),
                nul,
            }
        }
    };
}

classifier!(
    /// Four 16-byte vectors a block.
    #[inline]
    #[target_feature(enable = "sse2")]
    planes_sse2, 16, _mm_loadu_si128, _mm_movemask_epi8,
    _mm_set1_epi8, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_and_si128
);

classifier!(
    /// Two 32-byte vectors a block.
    #[inline]
    #[target_feature(enable = "avx2")]
    planes_avx2, 32, _mm256_loadu_si256, _mm256_movemask_epi8,
    _mm256_set1_epi8, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8, _mm256_and_si256
);

/// Counts `bytes` with SSE2 (part of x86-64).
#[target_feature(enable = "sse2")]
pub(super) fn add_sse2(e: &mut Utf8Evidence, bytes: &[u8]) {
    e.add_blocks(bytes, |block| planes_sse2(block));
}

/// Counts `bytes` with AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn add_avx2(e: &mut Utf8Evidence, bytes: &[u8]) {
    e.add_blocks(bytes, |block| planes_avx2(block));
}

/// The classes of `block` by `path`'s classifier, None if this CPU lacks it
/// (the scalar path is `blocks::planes`).
#[cfg(test)]
pub(super) fn planes_by(path: crate::codec::SimdPath, block: &[u8; 64]) -> Option<Planes> {
    use crate::codec::SimdPath;
    match path {
        // SAFETY: SSE2 is part of x86-64.
        SimdPath::Ssse3 => Some(unsafe { planes_sse2(block) }),
        // SAFETY: this CPU has AVX2 (checked just now).
        SimdPath::Avx2 if path.available() => Some(unsafe { planes_avx2(block) }),
        _ => None,
    }
}
