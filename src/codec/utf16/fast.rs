//! The UTF-16 decoder's fast paths: runs of units that are not surrogates,
//! eight at a time in a vector register on x86_64 (packed by `pshufb` where
//! the CPU has SSSE3, by scalar stores with SSE2 alone), four at a time in a
//! 64-bit word elsewhere (and in tests).

use crate::codec::simd::Kernel;

/// Decodes the units of `src[r..]` that are not surrogates, as far as the
/// fast path goes (it stops before a surrogate, and where `src` or `dst` is
/// close to its end), with `path`'s instructions (from [`Kernel::select`]).
/// Returns the new positions.
#[inline(always)]
pub(super) fn fast_bmp<const BE: bool>(
    path: Kernel,
    src: &[u8],
    r: usize,
    dst: &mut [u8],
    w: usize,
) -> (usize, usize) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    match path {
        // SAFETY: SSE2 is part of the x86_64 baseline (the `cfg` above).
        Kernel::Scalar => unsafe { sse2::fast_bmp::<BE>(src, r, dst, w) },
        // SAFETY: `Kernel::select` returns these only when the CPU has them
        // (AVX2 implies SSSE3).
        Kernel::Ssse3 | Kernel::Avx2 => unsafe { sse2::fast_bmp_ssse3::<BE>(src, r, dst, w) },
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        let _ = path;
        fast_bmp_swar::<BE>(src, r, dst, w)
    }
}

/// The x86_64 fast path: eight units per step in an SSE2 register.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use crate::codec::simd::store_kept;
    use std::arch::x86_64::*;

    /// Room a step needs in `dst`: 24 bytes of output (eight three-byte
    /// units) plus the spill of its last four-byte store, rounded up so
    /// that masked store positions stay in bounds.
    const ROOM: usize = 36;

    /// Eight units from `src[r..r + 16]`, one per 16-bit lane.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn load<const BE: bool>(src: &[u8], r: usize) -> __m128i {
        let lo = u64::from_le_bytes(src[r..r + 8].try_into().unwrap());
        let hi = u64::from_le_bytes(src[r + 8..r + 16].try_into().unwrap());
        let c = _mm_set_epi64x(hi as i64, lo as i64);
        if BE {
            _mm_or_si128(_mm_slli_epi16::<8>(c), _mm_srli_epi16::<8>(c))
        } else {
            c
        }
    }

    /// [`blocks`] with SSE2 alone: forms written by scalar stores.
    #[target_feature(enable = "sse2")]
    pub(super) fn fast_bmp<const BE: bool>(
        src: &[u8],
        r: usize,
        dst: &mut [u8],
        w: usize,
    ) -> (usize, usize) {
        blocks::<BE, false>(src, r, dst, w)
    }

    /// [`blocks`] with SSSE3: forms packed by `pshufb`.
    ///
    /// # Safety
    /// The CPU must support SSSE3.
    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn fast_bmp_ssse3<const BE: bool>(
        src: &[u8],
        r: usize,
        dst: &mut [u8],
        w: usize,
    ) -> (usize, usize) {
        blocks::<BE, true>(src, r, dst, w)
    }

    /// Decodes `src[r..]`, eight units at a time, while there are sixteen
    /// bytes of input and [`ROOM`] of room: an ASCII block is packed; any
    /// other is converted without branching on its units, up to its first
    /// surrogate, and a valid surrogate pair there is decoded too. Stops
    /// before any other surrogate. Returns the new positions. `KEPT`: the
    /// forms are packed by `pshufb` (the caller vouches for SSSE3), and a
    /// block of units below U+0800 (Latin, Cyrillic, Greek text) takes a
    /// shorter path of its own. (Inlined into both entries, where the
    /// `pshufb` stores are inlined in turn.)
    #[target_feature(enable = "sse2")]
    #[inline]
    fn blocks<const BE: bool, const KEPT: bool>(
        src: &[u8],
        mut r: usize,
        dst: &mut [u8],
        mut w: usize,
    ) -> (usize, usize) {
        let zero = _mm_setzero_si128();
        let splat = |x: u16| _mm_set1_epi16(x as i16);
        while r + 16 <= src.len() && w + ROOM <= dst.len() {
            let c = load::<BE>(src, r);
            // All-ones lanes: units below U+0080.
            let ascii = _mm_cmpeq_epi16(_mm_and_si128(c, splat(0xFF80)), zero);
            if _mm_movemask_epi8(ascii) == 0xFFFF {
                let packed = _mm_cvtsi128_si64(_mm_packus_epi16(c, c)) as u64;
                dst[w..w + 8].copy_from_slice(&packed.to_le_bytes());
                r += 16;
                w += 8;
                // More ASCII is likely: sixteen units per step.
                while r + 32 <= src.len() && w + 16 <= dst.len() {
                    let a = load::<BE>(src, r);
                    let b = load::<BE>(src, r + 16);
                    let out: &mut [u8; 16] = (&mut dst[w..w + 16]).try_into().unwrap();
                    // SAFETY: `out` is 16 writable bytes. The packed units
                    // before the first one above U+007F are right.
                    unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), _mm_packus_epi16(a, b)) };
                    let high = _mm_and_si128(_mm_or_si128(a, b), splat(0xFF80));
                    if _mm_movemask_epi8(_mm_cmpeq_epi16(high, zero)) != 0xFFFF {
                        // Keep the ASCII before the run's end, so that the
                        // next block starts at its first other unit.
                        let n = ascii_prefix(a, b);
                        r += 2 * n;
                        w += n;
                        break;
                    }
                    r += 32;
                    w += 16;
                }
                continue;
            }
            let top = _mm_and_si128(c, splat(0xF800));
            let out: &mut [u8; ROOM] = (&mut dst[w..w + ROOM]).try_into().unwrap();
            let small = _mm_cmpeq_epi16(top, zero);
            if KEPT && _mm_movemask_epi8(small) == 0xFFFF {
                // SAFETY: the caller vouches for SSSE3.
                w += unsafe { put_small_block(c, ascii, out) };
                r += 16;
                continue;
            }
            let (first, third) = forms(c, ascii, small);
            let lens = lens_of(ascii, small);
            let ends = lens.wrapping_mul(0x0101_0101_0101_0101);
            match KEPT {
                // SAFETY: the caller vouches for SSSE3.
                true => unsafe { put_mixed(first, third, lens, ends, out) },
                false => put_block(first, third, ends, out),
            }
            let surrogates = _mm_movemask_epi8(_mm_cmpeq_epi16(top, splat(0xD800)));
            if surrogates == 0 {
                w += (ends >> 56) as usize;
                r += 16;
                continue;
            }
            // Keep the units before the first surrogate (what `put_block`
            // wrote for the rest is overwritten later).
            let before = (surrogates.trailing_zeros() / 2) as usize;
            w += (((ends << 8) >> (8 * before)) & 0xFF) as usize;
            r += 2 * before;
            // A valid pair is decoded here; anything else (and a pair cut
            // by the end of `src`) is left to the careful path.
            let Some(pair) = src.get(r..r + 4) else {
                break;
            };
            let lead = super::super::unit::<BE>(pair[0], pair[1]);
            let trail = super::super::unit::<BE>(pair[2], pair[3]);
            if lead >= 0xDC00 || !super::super::is_trail(trail) {
                break;
            }
            // At most 21 bytes were kept from `out`: four more fit.
            let cp = 0x10000 + ((u32::from(lead) - 0xD800) << 10) + (u32::from(trail) - 0xDC00);
            let bytes = [
                0xF0 | (cp >> 18) as u8,
                0x80 | ((cp >> 12) & 0x3F) as u8,
                0x80 | ((cp >> 6) & 0x3F) as u8,
                0x80 | (cp & 0x3F) as u8,
            ];
            dst[w..w + 4].copy_from_slice(&bytes);
            w += 4;
            r += 4;
        }
        (r, w)
    }

    /// How many of the sixteen units `a`, `b` (in order) before the first
    /// one above U+007F.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn ascii_prefix(a: __m128i, b: __m128i) -> usize {
        let ascii = |x| {
            let high = _mm_and_si128(x, _mm_set1_epi16(0xFF80u16 as i16));
            _mm_cmpeq_epi16(high, _mm_setzero_si128())
        };
        let mask = _mm_movemask_epi8(_mm_packs_epi16(ascii(a), ascii(b))) as u32;
        (!mask).trailing_zeros().min(16) as usize
    }

    /// The UTF-8 forms of the eight units `c` without branching on their
    /// values, given the lanes of `c` that are ASCII (`ascii`, all ones) and
    /// those below U+0800 (`small`): each unit's first two bytes (one for
    /// ASCII) in `first`, its third (if any) in `third`. Surrogates get a
    /// meaningless three-byte form.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn forms(c: __m128i, ascii: __m128i, small: __m128i) -> (__m128i, __m128i) {
        let splat = |x: u16| _mm_set1_epi16(x as i16);
        let low6 = _mm_and_si128(c, splat(0x3F));
        let trail_low = _mm_slli_epi16::<8>(_mm_or_si128(low6, splat(0x80)));
        let two = _mm_or_si128(_mm_or_si128(_mm_srli_epi16::<6>(c), splat(0xC0)), trail_low);
        let mid6 = _mm_and_si128(_mm_srli_epi16::<6>(c), splat(0x3F));
        let three = _mm_or_si128(
            _mm_or_si128(_mm_srli_epi16::<12>(c), splat(0xE0)),
            _mm_slli_epi16::<8>(_mm_or_si128(mid6, splat(0x80))),
        );
        let third = _mm_or_si128(low6, splat(0x80));
        let multi = _mm_or_si128(_mm_and_si128(small, two), _mm_andnot_si128(small, three));
        let first = _mm_or_si128(_mm_and_si128(ascii, c), _mm_andnot_si128(ascii, multi));
        (first, third)
    }

    /// Byte i: the length of unit i's form (1 to 3), given the lanes that
    /// are ASCII and below U+0800 (all ones). Times 0x0101_0101_0101_0101:
    /// byte i is where unit i's form ends (at most 24).
    #[target_feature(enable = "sse2")]
    #[inline]
    fn lens_of(ascii: __m128i, small: __m128i) -> u64 {
        // Lengths: 3, minus one for each of "small" and "ascii" (-1 lanes).
        let lens = _mm_add_epi16(_mm_set1_epi16(3), _mm_add_epi16(ascii, small));
        _mm_cvtsi128_si64(_mm_packus_epi16(lens, lens)) as u64
    }

    /// Writes the forms ([`forms`]) that end at `ends` ([`lens_of`] times 0x0101_0101_0101_0101) at
    /// the start of `out`, with scalar stores; bytes of `out` past the end
    /// of the last form may be overwritten too.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn put_block(first: __m128i, third: __m128i, ends: u64, out: &mut [u8; ROOM]) {
        let forms_lo = _mm_unpacklo_epi16(first, third);
        let forms_hi = _mm_unpackhi_epi16(first, third);
        let forms = [
            _mm_cvtsi128_si64(forms_lo) as u64,
            _mm_cvtsi128_si64(_mm_unpackhi_epi64(forms_lo, forms_lo)) as u64,
            _mm_cvtsi128_si64(forms_hi) as u64,
            _mm_cvtsi128_si64(_mm_unpackhi_epi64(forms_hi, forms_hi)) as u64,
        ];
        // Four-byte stores, in order: each may spill past its form, and
        // the next store overwrites that. `& 0x1F` keeps the positions
        // provably in bounds (they are at most 21).
        let mut at = 0;
        for (i, pair) in forms.into_iter().enumerate() {
            out[at..at + 4].copy_from_slice(&(pair as u32).to_le_bytes());
            at = ((ends >> (16 * i)) & 0x1F) as usize;
            out[at..at + 4].copy_from_slice(&((pair >> 32) as u32).to_le_bytes());
            at = ((ends >> (16 * i + 8)) & 0x1F) as usize;
        }
    }

    /// For each four units' lengths as a base-3 number (unit i's length
    /// minus one is digit i): the shuffle that packs their forms, each in
    /// a 32-bit lane (`_mm_unpacklo_epi16(first, third)`), to the front.
    static MIXED: [[u8; 16]; 81] = {
        let mut t = [[0x80u8; 16]; 81];
        let mut m = 0;
        while m < 81 {
            let (mut digits, mut i, mut o) = (m, 0, 0);
            while i < 4 {
                let mut k = 0;
                while k <= digits % 3 {
                    t[m][o] = (4 * i + k) as u8;
                    (o, k) = (o + 1, k + 1);
                }
                (digits, i) = (digits / 3, i + 1);
            }
            m += 1;
        }
        t
    };

    /// As [`put_block`], each half's forms packed by one `pshufb` from
    /// [`MIXED`], given the lengths (`lens`, [`lens_of`]) too.
    ///
    /// # Safety
    /// The CPU must support SSSE3.
    #[target_feature(enable = "ssse3")]
    #[inline]
    unsafe fn put_mixed(
        first: __m128i,
        third: __m128i,
        lens: u64,
        ends: u64,
        out: &mut [u8; ROOM],
    ) {
        // Bytes 3 and 7: each half's digits as base 3 (every byte of the
        // product is at most 2 * 40, so no carry reaches them).
        let index = (lens - 0x0101_0101_0101_0101).wrapping_mul(0x0103_091B);
        let shuffle = |at: u32| MIXED[((index >> at) as usize & 0xFF).min(80)];
        let n = ((ends >> 24) & 0xFF) as usize;
        // SAFETY: SSSE3 is vouched for; the low half's forms take at most
        // 12 bytes, and each store 16 from its start: 28 < ROOM.
        unsafe {
            let pack = |x, at| _mm_shuffle_epi8(x, _mm_loadu_si128(shuffle(at).as_ptr().cast()));
            let p = out.as_mut_ptr();
            _mm_storeu_si128(p.cast(), pack(_mm_unpacklo_epi16(first, third), 24));
            _mm_storeu_si128(p.add(n).cast(), pack(_mm_unpackhi_epi16(first, third), 56));
        }
    }

    /// Writes the eight units `c`, each below U+0800, as UTF-8 at the start
    /// of `out` (one `pshufb` pair: [`store_kept`]), given the lanes that
    /// are ASCII (all ones); returns how many bytes. Bytes of `out` past
    /// them may be overwritten too.
    ///
    /// # Safety
    /// The CPU must support SSSE3.
    #[target_feature(enable = "ssse3")]
    #[inline]
    unsafe fn put_small_block(c: __m128i, ascii: __m128i, out: &mut [u8; ROOM]) -> usize {
        let splat = |x: u16| _mm_set1_epi16(x as i16);
        let trail = _mm_slli_epi16::<8>(_mm_or_si128(_mm_and_si128(c, splat(0x3F)), splat(0x80)));
        let two = _mm_or_si128(_mm_or_si128(_mm_srli_epi16::<6>(c), splat(0xC0)), trail);
        let forms = _mm_or_si128(_mm_and_si128(ascii, c), _mm_andnot_si128(ascii, two));
        // Every unit's first byte, and the second of those not ASCII.
        let keep = 0x5555 | (!_mm_movemask_epi8(ascii) as u32 & 0xAAAA);
        // SAFETY: SSSE3 is vouched for; the store takes 24 bytes of ROOM.
        unsafe { store_kept(forms, keep, out.as_mut_ptr()) }
    }
}

/// Set bits here mean a unit above U+007F (in a [`load_units`] word).
const ASCII_UNITS: u64 = 0xFF80_FF80_FF80_FF80;

/// Four units from `src[r..r + 8]`, as a little-endian word of `u16`s.
#[inline(always)]
fn load_units<const BE: bool>(src: &[u8], r: usize) -> u64 {
    let x = u64::from_le_bytes(src[r..r + 8].try_into().unwrap());
    if BE {
        // Swap the bytes of each unit.
        ((x >> 8) & 0x00FF_00FF_00FF_00FF) | ((x & 0x00FF_00FF_00FF_00FF) << 8)
    } else {
        x
    }
}

/// The low bytes of the four units of `x` (see [`load_units`]), in order.
#[inline(always)]
fn pack_ascii(x: u64) -> u32 {
    ((x & 0xFF) | ((x >> 8) & 0xFF00) | ((x >> 16) & 0xFF_0000) | ((x >> 24) & 0xFF00_0000)) as u32
}

/// Decodes non-surrogate units four at a time (one 64-bit load) while
/// there are eight bytes of input and sixteen of room; stops before a
/// surrogate. Returns the new positions. (The portable fast path.)
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
#[inline(always)]
pub(super) fn fast_bmp_swar<const BE: bool>(
    src: &[u8],
    mut r: usize,
    dst: &mut [u8],
    mut w: usize,
) -> (usize, usize) {
    while r + 8 <= src.len() && w + 16 <= dst.len() {
        let x = load_units::<BE>(src, r);
        if x & ASCII_UNITS == 0 {
            dst[w..w + 4].copy_from_slice(&pack_ascii(x).to_le_bytes());
            r += 8;
            w += 4;
            // More ASCII is likely: eight units per step.
            while r + 16 <= src.len() && w + 8 <= dst.len() {
                let a = load_units::<BE>(src, r);
                let b = load_units::<BE>(src, r + 8);
                if (a | b) & ASCII_UNITS != 0 {
                    break;
                }
                dst[w..w + 4].copy_from_slice(&pack_ascii(a).to_le_bytes());
                dst[w + 4..w + 8].copy_from_slice(&pack_ascii(b).to_le_bytes());
                r += 16;
                w += 8;
            }
            continue;
        }
        for k in 0..4 {
            let u = (x >> (16 * k)) as u16;
            let u32_ = u32::from(u);
            let (packed, len) = if u < 0x80 {
                (u32_, 1)
            } else if u < 0x800 {
                (0x80C0 | (u32_ >> 6) | ((u32_ & 0x3F) << 8), 2)
            } else if u & 0xF800 != 0xD800 {
                (
                    0x80_80E0 | (u32_ >> 12) | (((u32_ >> 6) & 0x3F) << 8) | ((u32_ & 0x3F) << 16),
                    3,
                )
            } else {
                return (r, w);
            };
            dst[w..w + 4].copy_from_slice(&packed.to_le_bytes());
            w += len;
            r += 2;
        }
    }
    (r, w)
}
