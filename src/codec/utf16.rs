//! UTF-16BE and UTF-16LE.
//!
//! The decoder is the standard's shared UTF-16 decoder. The encoder is wenc's
//! documented extension (the standard has none): each scalar value becomes one
//! code unit or a surrogate pair, in the label's byte order; it never fails.

use super::{Decoded, Encoded, RawDecoderResult, RawEncoderResult, RawMalformed};

#[inline(always)]
fn unit<const BE: bool>(first: u8, second: u8) -> u16 {
    if BE {
        u16::from_be_bytes([first, second])
    } else {
        u16::from_le_bytes([first, second])
    }
}

#[inline(always)]
fn unit_bytes<const BE: bool>(u: u16) -> [u8; 2] {
    if BE {
        u.to_be_bytes()
    } else {
        u.to_le_bytes()
    }
}

#[inline(always)]
fn is_trail(u: u16) -> bool {
    (0xDC00..=0xDFFF).contains(&u)
}

/// Writes a BMP non-surrogate code unit as UTF-8 if it fits; returns the new
/// position, or `None` if `dst` has no room.
#[inline(always)]
fn put_bmp(dst: &mut [u8], w: usize, u: u16) -> Option<usize> {
    if u < 0x80 {
        *dst.get_mut(w)? = u as u8;
        Some(w + 1)
    } else if u < 0x800 {
        let out = dst.get_mut(w..w + 2)?;
        out[0] = 0xC0 | (u >> 6) as u8;
        out[1] = 0x80 | (u & 0x3F) as u8;
        Some(w + 2)
    } else {
        let out = dst.get_mut(w..w + 3)?;
        out[0] = 0xE0 | (u >> 12) as u8;
        out[1] = 0x80 | ((u >> 6) & 0x3F) as u8;
        out[2] = 0x80 | (u & 0x3F) as u8;
        Some(w + 3)
    }
}

/// Writes the code point of a surrogate pair as UTF-8 if it fits.
#[inline(always)]
fn put_pair(dst: &mut [u8], w: usize, lead: u16, trail: u16) -> Option<usize> {
    let cp = 0x10000 + ((u32::from(lead) - 0xD800) << 10) + (u32::from(trail) - 0xDC00);
    let out = dst.get_mut(w..w + 4)?;
    out[0] = 0xF0 | (cp >> 18) as u8;
    out[1] = 0x80 | ((cp >> 12) & 0x3F) as u8;
    out[2] = 0x80 | ((cp >> 6) & 0x3F) as u8;
    out[3] = 0x80 | (cp & 0x3F) as u8;
    Some(w + 4)
}

/// The standard's shared UTF-16 decoder.
pub(crate) struct Utf16Decoder {
    be: bool,
    /// "UTF-16 lead byte".
    lead_byte: Option<u8>,
    /// "UTF-16 lead surrogate"; 0 = null.
    lead_surrogate: u16,
}

impl Utf16Decoder {
    pub fn new(be: bool) -> Self {
        Utf16Decoder {
            be,
            lead_byte: None,
            lead_surrogate: 0,
        }
    }

    pub fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> Decoded {
        if self.be {
            self.decode_impl::<true>(src, dst, last)
        } else {
            self.decode_impl::<false>(src, dst, last)
        }
    }

    fn decode_impl<const BE: bool>(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> Decoded {
        let mut r = 0;
        let mut w = 0;
        // Finish what an earlier call left open, one unit at a time.
        loop {
            if let Some(lb) = self.lead_byte {
                let Some(&b) = src.get(r) else {
                    return self.end::<BE>(r, w, last);
                };
                let u = unit::<BE>(lb, b);
                if self.lead_surrogate != 0 {
                    // If `u` is read again, its first byte stays held as the
                    // lead byte and `b` stays in `src`.
                    match self.after_lead_surrogate::<BE>(u, dst, w, 1) {
                        Ok(nw) => w = nw,
                        Err(result) => return (result, r, w),
                    }
                } else if u & 0xFC00 == 0xD800 {
                    self.lead_surrogate = u;
                } else if is_trail(u) {
                    self.lead_byte = None;
                    let m = RawMalformed::new(&unit_bytes::<BE>(u), 0);
                    return (RawDecoderResult::Malformed(m), r + 1, w);
                } else {
                    let Some(nw) = put_bmp(dst, w, u) else {
                        return (RawDecoderResult::OutputFull, r, w);
                    };
                    w = nw;
                }
                self.lead_byte = None;
                r += 1;
            } else if self.lead_surrogate != 0 {
                let Some(pair) = src.get(r..r + 2) else {
                    if let Some(&b) = src.get(r) {
                        self.lead_byte = Some(b);
                        r += 1;
                    }
                    return self.end::<BE>(r, w, last);
                };
                let u = unit::<BE>(pair[0], pair[1]);
                match self.after_lead_surrogate::<BE>(u, dst, w, 0) {
                    Ok(nw) => w = nw,
                    Err(result) => return (result, r, w),
                }
                r += 2;
            } else {
                break;
            }
        }
        // The clean state: whole units straight from `src`.
        loop {
            (r, w) = fast_bmp::<BE>(src, r, dst, w);
            let Some(pair) = src.get(r..r + 2) else {
                break;
            };
            let u = unit::<BE>(pair[0], pair[1]);
            if u & 0xF800 != 0xD800 {
                let Some(nw) = put_bmp(dst, w, u) else {
                    return (RawDecoderResult::OutputFull, r, w);
                };
                w = nw;
                r += 2;
                continue;
            }
            if is_trail(u) {
                let m = RawMalformed::new(pair, 0);
                return (RawDecoderResult::Malformed(m), r + 2, w);
            }
            let Some(next) = src.get(r + 2..r + 4) else {
                // A lead surrogate at the end of `src`: hold it.
                self.lead_surrogate = u;
                r += 2;
                break;
            };
            let u2 = unit::<BE>(next[0], next[1]);
            if !is_trail(u2) {
                // The next unit is read again.
                let m = RawMalformed::new(pair, 0);
                return (RawDecoderResult::Malformed(m), r + 2, w);
            }
            let Some(nw) = put_pair(dst, w, u, u2) else {
                return (RawDecoderResult::OutputFull, r, w);
            };
            w = nw;
            r += 4;
        }
        if let Some(&b) = src.get(r) {
            self.lead_byte = Some(b);
            r += 1;
        }
        self.end::<BE>(r, w, last)
    }

    /// The unit `u` after the held lead surrogate: the pair written (`Ok`:
    /// the new `w`), or why not: `dst` is full, or the lead surrogate is
    /// malformed and `u` is read again (`pending` of its bytes already
    /// taken).
    fn after_lead_surrogate<const BE: bool>(
        &mut self,
        u: u16,
        dst: &mut [u8],
        w: usize,
        pending: u8,
    ) -> Result<usize, RawDecoderResult> {
        if !is_trail(u) {
            let m = RawMalformed::new(&unit_bytes::<BE>(self.lead_surrogate), pending);
            self.lead_surrogate = 0;
            return Err(RawDecoderResult::Malformed(m));
        }
        let w = put_pair(dst, w, self.lead_surrogate, u).ok_or(RawDecoderResult::OutputFull)?;
        self.lead_surrogate = 0;
        Ok(w)
    }

    /// All of `src` has been read: raises the end-of-stream error if `last`.
    fn end<const BE: bool>(&mut self, r: usize, w: usize, last: bool) -> Decoded {
        if !last || (self.lead_byte.is_none() && self.lead_surrogate == 0) {
            return (RawDecoderResult::InputEmpty, r, w);
        }
        let mut bytes = [0u8; 3];
        let mut len = 0;
        if self.lead_surrogate != 0 {
            bytes[..2].copy_from_slice(&unit_bytes::<BE>(self.lead_surrogate));
            len = 2;
        }
        if let Some(b) = self.lead_byte {
            bytes[len] = b;
            len += 1;
        }
        self.lead_byte = None;
        self.lead_surrogate = 0;
        (
            RawDecoderResult::Malformed(RawMalformed::new(&bytes[..len], 0)),
            r,
            w,
        )
    }
}

/// Decodes the units of `src[r..]` that are not surrogates, as far as the
/// fast path goes (it stops before a surrogate, and where `src` or `dst` is
/// close to its end). Returns the new positions.
#[inline(always)]
fn fast_bmp<const BE: bool>(src: &[u8], r: usize, dst: &mut [u8], w: usize) -> (usize, usize) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        // SAFETY: `sse2::fast_bmp` only requires SSE2, and this build
        // enables it (the `cfg` above; it is part of the x86_64 baseline).
        unsafe { sse2::fast_bmp::<BE>(src, r, dst, w) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        fast_bmp_swar::<BE>(src, r, dst, w)
    }
}

/// The x86_64 fast path: eight units per step in an SSE2 register.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
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

    /// Decodes `src[r..]`, eight units at a time, while there are sixteen
    /// bytes of input and [`ROOM`] of room: an ASCII block is packed; any
    /// other is converted without branching on its units, up to its first
    /// surrogate, and a valid surrogate pair there is decoded too. Stops
    /// before any other surrogate. Returns the new positions.
    #[target_feature(enable = "sse2")]
    pub(super) fn fast_bmp<const BE: bool>(
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
                    let high = _mm_and_si128(_mm_or_si128(a, b), splat(0xFF80));
                    if _mm_movemask_epi8(_mm_cmpeq_epi16(high, zero)) != 0xFFFF {
                        break;
                    }
                    let packed = _mm_packus_epi16(a, b);
                    let lo = _mm_cvtsi128_si64(packed) as u64;
                    let hi = _mm_cvtsi128_si64(_mm_unpackhi_epi64(packed, packed)) as u64;
                    dst[w..w + 8].copy_from_slice(&lo.to_le_bytes());
                    dst[w + 8..w + 16].copy_from_slice(&hi.to_le_bytes());
                    r += 32;
                    w += 16;
                }
                continue;
            }
            let top = _mm_and_si128(c, splat(0xF800));
            let out: &mut [u8; ROOM] = (&mut dst[w..w + ROOM]).try_into().unwrap();
            let ends = put_block(c, ascii, top, out);
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
            let lead = super::unit::<BE>(pair[0], pair[1]);
            let trail = super::unit::<BE>(pair[2], pair[3]);
            if lead >= 0xDC00 || !super::is_trail(trail) {
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

    /// Writes the eight units `c` as UTF-8 at the start of `out` without
    /// branching on their values, given the lanes of `c` that are ASCII
    /// (`ascii`, all ones) and each unit's top five bits (`top`). Returns
    /// `ends`, whose byte i is where unit i's form ends. Surrogates get a
    /// meaningless three-byte form. Bytes of `out` past the end of the last
    /// form may be overwritten too.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn put_block(c: __m128i, ascii: __m128i, top: __m128i, out: &mut [u8; ROOM]) -> u64 {
        let splat = |x: u16| _mm_set1_epi16(x as i16);
        // All-ones lanes: units below U+0800.
        let small = _mm_cmpeq_epi16(top, _mm_setzero_si128());
        // Each unit's UTF-8 form: its first two bytes in `first` (one
        // byte for ASCII), the third (if any) in `third`.
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
        // Lengths: 3, minus one for each of "small" and "ascii" (-1 lanes).
        let lens = _mm_add_epi16(splat(3), _mm_add_epi16(ascii, small));
        let lens = _mm_cvtsi128_si64(_mm_packus_epi16(lens, lens)) as u64;
        // Byte i of `ends`: where unit i's form ends (at most 24).
        let ends = lens.wrapping_mul(0x0101_0101_0101_0101);
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
        ends
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
fn fast_bmp_swar<const BE: bool>(
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

/// wenc's UTF-16 encoder (an extension: see the module docs).
pub(crate) struct Utf16Encoder {
    be: bool,
}

impl Utf16Encoder {
    pub fn new(be: bool) -> Self {
        Utf16Encoder { be }
    }

    pub fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> Encoded {
        if self.be {
            encode_impl::<true>(src, dst)
        } else {
            encode_impl::<false>(src, dst)
        }
    }
}

fn encode_impl<const BE: bool>(src: &str, dst: &mut [u8]) -> Encoded {
    let bytes = src.as_bytes();
    let mut r = 0;
    let mut w = 0;
    while r < bytes.len() {
        let b = bytes[r];
        if b < 0x80 {
            // ASCII, two bytes per unit, four units per step.
            while let (Some(s), Some(d)) = (bytes.get(r..r + 4), dst.get_mut(w..w + 8)) {
                let x = u32::from_le_bytes(s.try_into().unwrap());
                if x & 0x8080_8080 != 0 {
                    break;
                }
                let x = u64::from(x);
                let spread = (x & 0xFF)
                    | ((x & 0xFF00) << 8)
                    | ((x & 0xFF_0000) << 16)
                    | ((x & 0xFF00_0000) << 24);
                let spread = if BE { spread << 8 } else { spread };
                d.copy_from_slice(&spread.to_le_bytes());
                r += 4;
                w += 8;
            }
            match bytes.get(r) {
                Some(&b) if b < 0x80 => {
                    let Some(d) = dst.get_mut(w..w + 2) else {
                        return (RawEncoderResult::OutputFull, r, w);
                    };
                    d.copy_from_slice(&unit_bytes::<BE>(u16::from(b)));
                    r += 1;
                    w += 2;
                }
                _ => {}
            }
            continue;
        }
        // A multi-byte sequence of valid UTF-8.
        let (cp, len) = if b < 0xE0 {
            (
                (u32::from(b & 0x1F) << 6) | u32::from(bytes[r + 1] & 0x3F),
                2,
            )
        } else if b < 0xF0 {
            let cp = (u32::from(b & 0x0F) << 12)
                | (u32::from(bytes[r + 1] & 0x3F) << 6)
                | u32::from(bytes[r + 2] & 0x3F);
            (cp, 3)
        } else {
            let cp = (u32::from(b & 0x07) << 18)
                | (u32::from(bytes[r + 1] & 0x3F) << 12)
                | (u32::from(bytes[r + 2] & 0x3F) << 6)
                | u32::from(bytes[r + 3] & 0x3F);
            (cp, 4)
        };
        if cp < 0x10000 {
            let Some(d) = dst.get_mut(w..w + 2) else {
                return (RawEncoderResult::OutputFull, r, w);
            };
            d.copy_from_slice(&unit_bytes::<BE>(cp as u16));
            w += 2;
        } else {
            let Some(d) = dst.get_mut(w..w + 4) else {
                return (RawEncoderResult::OutputFull, r, w);
            };
            let c = cp - 0x10000;
            d[..2].copy_from_slice(&unit_bytes::<BE>(0xD800 | (c >> 10) as u16));
            d[2..].copy_from_slice(&unit_bytes::<BE>(0xDC00 | (c & 0x3FF) as u16));
            w += 4;
        }
        r += len;
    }
    (RawEncoderResult::InputEmpty, r, w)
}

#[cfg(test)]
mod tests;
