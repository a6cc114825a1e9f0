//! The classes of a block ([`Planes`]) by vector instructions: SSSE3 (16
//! bytes a vector) and AVX2 (32).
//!
//! A signed compare sorts the high bytes among themselves (0x80 the lowest,
//! 0xFF the highest) and puts every ASCII byte above them all. Whether a
//! byte is the second of the lead before it is nibble lookups (`pshufb`)
//! ANDed, as simdutf8 finds errors: [`LEAD`]'s two tables give each byte
//! the bits of what it would allow after it as a lead, [`CONT`] each byte
//! the bits of what it is as a continuation; bit 0 is "a lead, then a
//! continuation", the others are the exceptions, and a byte is a second
//! byte when the bits of the byte before and its own share bit 0 only.

use std::arch::x86_64::*;

use super::blocks::{Counts, Glance, Planes};

/// A lead's high nibble (C..F), and a continuation's (8..B)...
const LEAD_CONT: u8 = 0x01;
/// ...but C0 and C1 are no lead,
const C0_C1: u8 = 0x02;
/// nor F5..FF,
const ABOVE_F4: u8 = 0x04;
/// and E0 takes 0xA0..=0xBF, ED 0x80..=0x9F, F0 0x90..=0xBF, F4 0x80..=0x8F.
const E0_LOW: u8 = 0x08;
const ED_HIGH: u8 = 0x10;
const F0_LOW: u8 = 0x20;
const F4_HIGH: u8 = 0x40;
/// Not in [`CONT`]: the byte is 0xE0 or more (`Planes::lead3`, its mask).
const FROM_E0: u8 = 0x80;

/// What a byte allows after it as a lead: by its high nibble, by its low
/// nibble, ANDed.
const LEAD: [[u8; 16]; 2] = {
    let mut t = [[0u8; 16]; 2];
    t[0][0xC] = LEAD_CONT | C0_C1;
    t[0][0xD] = LEAD_CONT;
    t[0][0xE] = LEAD_CONT | E0_LOW | ED_HIGH | FROM_E0;
    t[0][0xF] = LEAD_CONT | ABOVE_F4 | F0_LOW | F4_HIGH | FROM_E0;
    let mut lo = 0;
    while lo < 16 {
        t[1][lo] = LEAD_CONT | FROM_E0 | if lo >= 5 { ABOVE_F4 } else { 0 };
        lo += 1;
    }
    t[1][0x0] |= C0_C1 | E0_LOW | F0_LOW;
    t[1][0x1] |= C0_C1;
    t[1][0x4] |= F4_HIGH;
    t[1][0xD] |= ED_HIGH;
    t
};

/// What a byte is as a continuation, by its high nibble.
const CONT: [u8; 16] = {
    let mut t = [0u8; 16];
    let any = LEAD_CONT | C0_C1 | ABOVE_F4;
    t[0x8] = any | E0_LOW | F0_LOW;
    t[0x9] = any | E0_LOW | F4_HIGH;
    t[0xA] = any | ED_HIGH | F4_HIGH;
    t[0xB] = any | ED_HIGH | F4_HIGH;
    t
};

/// Defines `$name(v)`, the [`Glance`] at the vectors `v` (a block, in
/// order) of `$lanes` bytes; the rest are the intrinsics.
macro_rules! glance {
    ($(#[$attr:meta])* $name:ident, $vector:ty, $lanes:literal, $mask:ident, $set:ident,
     $eq:ident, $gt:ident) => {
        $(#[$attr])*
        fn $name(v: &[$vector; 64 / $lanes]) -> Glance {
            // One bit a byte from each vector's movemask.
            let plane = |masks: [i32; 64 / $lanes]| {
                let bits = masks.iter().map(|&m| u64::from(m as u32));
                bits.enumerate().fold(0, |plane, (i, m)| plane | m << (i * $lanes))
            };
            Glance {
                high: plane(v.map(|x| $mask(x))),
                // Signed, 0x80..=0xBF are below 0xC0 and ASCII is not.
                cont: plane(v.map(|x| $mask($gt($set(0xC0u8 as i8), x)))),
                nul: plane(v.map(|x| $mask($eq(x, $set(0))))),
            }
        }
    };
}

/// Defines `$name(v, before) -> (Planes, lead)`: the planes of the
/// vectors `v` (a block, in order) of `$lanes` bytes, and the [`LEAD`] bits
/// of the last vector's bytes, which the next block is given as `before`.
/// `$prev(x, before)` is `x` moved one byte on with `before`'s last byte
/// first; `$table(t)` loads a nibble table into each 16-byte lane; the
/// rest are the intrinsics.
macro_rules! classifier {
    ($(#[$attr:meta])* $name:ident, $vector:ty, $lanes:literal, $mask:ident, $set:ident,
     $eq:ident, $gt:ident, $and:ident, $min:ident, $srli:ident, $shuffle:ident, $prev:ident,
     $table:ident) => {
        $(#[$attr])*
        fn $name(v: &[$vector; 64 / $lanes], before: $vector) -> (Planes, $vector) {
            /// The plane of `$f`, a vector (of vector `$i`) whose bytes'
            /// top bits say.
            macro_rules! plane {
                (|$i:ident| $f:expr) => {{
                    let mut plane = 0u64;
                    for $i in 0..v.len() {
                        plane |= u64::from($mask($f) as u32) << ($i * $lanes);
                    }
                    plane
                }};
            }
            let byte = |b: u8| $set(b as i8);
            let nul = || plane!(|i| $eq(v[i], byte(0)));
            let high = plane!(|i| v[i]);
            if high == 0 {
                // Most blocks of legacy text in a Latin script: another
                // movemask says whether there is a NUL at all (rarely).
                let least = v.iter().fold(v[0], |least, &x| $min(least, x));
                let nul = if $mask($eq(least, byte(0))) == 0 { 0 } else { nul() };
                // No lead in the last vector either.
                return (Planes { nul, ..Planes::default() }, $set(0));
            }
            let nul = nul();
            let [lead_hi, lead_lo, cont] = [LEAD[0], LEAD[1], CONT].map(|t| $table(t));
            let low = byte(0x0F);
            let his = v.map(|x| $and($srli(x, 4), low));
            let lead_of = |i: usize| $and($shuffle(lead_hi, his[i]), $shuffle(lead_lo, $and(v[i], low)));
            let conts = plane!(|i| $gt(byte(0xC0), v[i]));
            let lead4 = plane!(|i| $gt(v[i], byte(0xEF))) & high;
            if conts == 0 {
                // No continuation (most blocks of legacy text with high
                // bytes): no second byte, and no lookups but the last
                // vector's, for the next block.
                let planes = Planes {
                    high,
                    lead3: plane!(|i| $gt(v[i], byte(0xDF))) & high,
                    lead4,
                    nul,
                    ..Planes::default()
                };
                return (planes, lead_of(v.len() - 1));
            }
            let lead: [$vector; 64 / $lanes] = std::array::from_fn(lead_of);
            let second = plane!(|i| {
                let allowed = $prev(lead[i], if i == 0 { before } else { lead[i - 1] });
                $eq($and(allowed, $shuffle(cont, his[i])), byte(LEAD_CONT))
            });
            let planes = Planes {
                high,
                cont: conts,
                second,
                lead3: plane!(|i| lead[i]),
                lead4,
                nul,
            };
            (planes, lead[v.len() - 1])
        }
    };
}

/// `x` moved one byte on, the last byte of `before` first (SSSE3).
#[inline]
#[target_feature(enable = "ssse3")]
fn prev_ssse3(x: __m128i, before: __m128i) -> __m128i {
    _mm_alignr_epi8(x, before, 15)
}

/// `x` moved one byte on, the last byte of `before` first (AVX2).
#[inline]
#[target_feature(enable = "avx2")]
fn prev_avx2(x: __m256i, before: __m256i) -> __m256i {
    _mm256_alignr_epi8(x, _mm256_permute2x128_si256(before, x, 0x21), 15)
}

#[inline]
#[target_feature(enable = "ssse3")]
fn table_ssse3(t: [u8; 16]) -> __m128i {
    // SAFETY: 16 bytes.
    unsafe { _mm_loadu_si128(t.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn table_avx2(t: [u8; 16]) -> __m256i {
    // SAFETY: 16 bytes.
    _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(t.as_ptr().cast()) })
}

classifier!(
    /// Four 16-byte vectors a block.
    #[inline]
    #[target_feature(enable = "ssse3")]
    planes_ssse3, __m128i, 16, _mm_movemask_epi8, _mm_set1_epi8, _mm_cmpeq_epi8,
    _mm_cmpgt_epi8, _mm_and_si128, _mm_min_epu8, _mm_srli_epi16, _mm_shuffle_epi8, prev_ssse3,
    table_ssse3
);

classifier!(
    /// Two 32-byte vectors a block.
    #[inline]
    #[target_feature(enable = "avx2")]
    planes_avx2, __m256i, 32, _mm256_movemask_epi8, _mm256_set1_epi8, _mm256_cmpeq_epi8,
    _mm256_cmpgt_epi8, _mm256_and_si256, _mm256_min_epu8, _mm256_srli_epi16, _mm256_shuffle_epi8,
    prev_avx2, table_avx2
);

glance!(
    /// Four 16-byte vectors a block.
    #[inline]
    #[target_feature(enable = "ssse3")]
    glance_ssse3, __m128i, 16, _mm_movemask_epi8, _mm_set1_epi8, _mm_cmpeq_epi8, _mm_cmpgt_epi8
);

glance!(
    /// Two 32-byte vectors a block.
    #[inline]
    #[target_feature(enable = "avx2")]
    glance_avx2, __m256i, 32, _mm256_movemask_epi8, _mm256_set1_epi8, _mm256_cmpeq_epi8,
    _mm256_cmpgt_epi8
);

/// The [`LEAD`] bits of `byte` in every lane.
fn lead_bits(byte: u8) -> i8 {
    (LEAD[0][usize::from(byte >> 4)] & LEAD[1][usize::from(byte & 15)]) as i8
}

/// A block as SSSE3 vectors.
#[inline]
#[target_feature(enable = "ssse3")]
fn vectors_ssse3(block: &[u8; 64]) -> [__m128i; 4] {
    // SAFETY: 16 bytes at each of 0, 16, 32, 48 are in the block.
    std::array::from_fn(|i| unsafe { _mm_loadu_si128(block.as_ptr().add(16 * i).cast()) })
}

/// A block as AVX2 vectors.
#[inline]
#[target_feature(enable = "avx2")]
fn vectors_avx2(block: &[u8; 64]) -> [__m256i; 2] {
    // SAFETY: 32 bytes at 0 and at 32 are in the block.
    std::array::from_fn(|i| unsafe { _mm256_loadu_si256(block.as_ptr().add(32 * i).cast()) })
}

/// Counts `bytes` with SSSE3.
#[target_feature(enable = "ssse3")]
pub(super) fn add_ssse3(counts: &mut Counts, bytes: &[u8]) {
    counts.add_blocks(
        bytes,
        |block| glance_ssse3(&vectors_ssse3(block)),
        |before| {
            let mut before = _mm_set1_epi8(lead_bits(before));
            move |block: &[u8; 64]| {
                let planes;
                (planes, before) = planes_ssse3(&vectors_ssse3(block), before);
                planes
            }
        },
    )
}

/// Counts `bytes` with AVX2 (and POPCNT, which every AVX2 CPU has).
#[target_feature(enable = "avx2,popcnt")]
pub(super) fn add_avx2(counts: &mut Counts, bytes: &[u8]) {
    counts.add_blocks(
        bytes,
        |block| glance_avx2(&vectors_avx2(block)),
        |before| {
            let mut before = _mm256_set1_epi8(lead_bits(before));
            move |block: &[u8; 64]| {
                let planes;
                (planes, before) = planes_avx2(&vectors_avx2(block), before);
                planes
            }
        },
    )
}

/// The glance at `block` and its classes after `before` by `path`'s
/// classifier, None if this CPU lacks it (the scalar path is in
/// `blocks.rs`).
#[cfg(test)]
pub(super) fn classes_by(
    path: crate::codec::SimdPath,
    block: &[u8; 64],
    before: u8,
) -> Option<(Glance, Planes)> {
    use crate::codec::SimdPath;
    match path {
        // SAFETY: this CPU has SSSE3 (checked just now).
        SimdPath::Ssse3 if path.available() => Some(unsafe { classes_ssse3(block, before) }),
        // SAFETY: this CPU has AVX2 (checked just now).
        SimdPath::Avx2 if path.available() => Some(unsafe { classes_avx2(block, before) }),
        _ => None,
    }
}

#[cfg(test)]
#[target_feature(enable = "ssse3")]
fn classes_ssse3(block: &[u8; 64], before: u8) -> (Glance, Planes) {
    let v = vectors_ssse3(block);
    let planes = planes_ssse3(&v, _mm_set1_epi8(lead_bits(before))).0;
    (glance_ssse3(&v), planes)
}

#[cfg(test)]
#[target_feature(enable = "avx2")]
fn classes_avx2(block: &[u8; 64], before: u8) -> (Glance, Planes) {
    let v = vectors_avx2(block);
    let planes = planes_avx2(&v, _mm256_set1_epi8(lead_bits(before))).0;
    (glance_avx2(&v), planes)
}
