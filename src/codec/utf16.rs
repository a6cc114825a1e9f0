//! UTF-16BE and UTF-16LE.
//!
//! The decoder is the standard's shared UTF-16 decoder. The encoder is wenc's
//! documented extension (the standard has none): each scalar value becomes one
//! code unit or a surrogate pair, in the label's byte order; it never fails.

use super::{RawDecoderResult, RawEncoderResult, RawMalformed};

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

    pub fn decode(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (RawDecoderResult, usize, usize) {
        if self.be {
            self.decode_impl::<true>(src, dst, last)
        } else {
            self.decode_impl::<false>(src, dst, last)
        }
    }

    fn decode_impl<const BE: bool>(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (RawDecoderResult, usize, usize) {
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
                    if !is_trail(u) {
                        // The unit's bytes are read again: its first byte
                        // stays held as the lead byte, `b` stays in `src`.
                        let m = RawMalformed::new(&unit_bytes::<BE>(self.lead_surrogate), 1);
                        self.lead_surrogate = 0;
                        return (RawDecoderResult::Malformed(m), r, w);
                    }
                    let Some(nw) = put_pair(dst, w, self.lead_surrogate, u) else {
                        return (RawDecoderResult::OutputFull, r, w);
                    };
                    w = nw;
                    self.lead_surrogate = 0;
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
                if !is_trail(u) {
                    let m = RawMalformed::new(&unit_bytes::<BE>(self.lead_surrogate), 0);
                    self.lead_surrogate = 0;
                    return (RawDecoderResult::Malformed(m), r, w);
                }
                let Some(nw) = put_pair(dst, w, self.lead_surrogate, u) else {
                    return (RawDecoderResult::OutputFull, r, w);
                };
                w = nw;
                self.lead_surrogate = 0;
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

    /// All of `src` has been read: raises the end-of-stream error if `last`.
    fn end<const BE: bool>(
        &mut self,
        r: usize,
        w: usize,
        last: bool,
    ) -> (RawDecoderResult, usize, usize) {
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

    pub fn encode(
        &mut self,
        src: &str,
        dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        if self.be {
            encode_impl::<true>(src, dst)
        } else {
            encode_impl::<false>(src, dst)
        }
    }
}

fn encode_impl<const BE: bool>(src: &str, dst: &mut [u8]) -> (RawEncoderResult, usize, usize) {
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
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Eq)]
    enum Ev {
        Out(Vec<u8>),
        /// Malformed bytes and the stream offset where they start.
        Err(Vec<u8>, usize),
    }

    fn push_out(evs: &mut Vec<Ev>, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if let Some(Ev::Out(v)) = evs.last_mut() {
            v.extend_from_slice(bytes);
        } else {
            evs.push(Ev::Out(bytes.to_vec()));
        }
    }

    fn run(be: bool, input: &[u8], chunk: usize, dst_len: usize) -> Vec<Ev> {
        let mut d = Utf16Decoder::new(be);
        let mut evs = Vec::new();
        let mut dst = vec![0u8; dst_len];
        let mut pos = 0; // stream bytes handed over so far
        let mut start = 0;
        loop {
            let end = (start + chunk).min(input.len());
            let last = end == input.len();
            let mut src = &input[start..end];
            loop {
                let (res, r, w) = d.decode(src, &mut dst, last);
                assert!(r <= src.len() && w <= dst.len());
                push_out(&mut evs, &dst[..w]);
                src = &src[r..];
                pos += r;
                match res {
                    RawDecoderResult::InputEmpty => {
                        assert!(src.is_empty());
                        break;
                    }
                    RawDecoderResult::OutputFull => assert!(r > 0 || w > 0),
                    RawDecoderResult::Malformed(m) => {
                        let at = pos - m.pending_after as usize - m.len as usize;
                        let bytes = m.bytes[..m.len as usize].to_vec();
                        assert_eq!(&input[at..at + bytes.len()], &bytes[..]);
                        evs.push(Ev::Err(bytes, at));
                    }
                }
            }
            start = end;
            if last {
                break;
            }
        }
        let (res, r, w) = d.decode(&[], &mut dst, true);
        assert_eq!((res, r, w), (RawDecoderResult::InputEmpty, 0, 0));
        evs
    }

    /// Decodes `input` in every chunking down to single bytes, with small and
    /// large buffers, checks they all agree and returns the result.
    fn decode_all_ways(be: bool, input: &[u8]) -> Vec<Ev> {
        let one = run(be, input, usize::MAX, 1024);
        for chunk in 1..=6 {
            for dst_len in [4, 5, 6, 16] {
                assert_eq!(
                    run(be, input, chunk, dst_len),
                    one,
                    "{input:02X?} chunk {chunk} dst {dst_len}"
                );
            }
        }
        one
    }

    fn le(units: &[u16]) -> Vec<u8> {
        units.iter().flat_map(|u| u.to_le_bytes()).collect()
    }
    fn be(units: &[u16]) -> Vec<u8> {
        units.iter().flat_map(|u| u.to_be_bytes()).collect()
    }
    fn out(s: &str) -> Ev {
        Ev::Out(s.as_bytes().to_vec())
    }

    #[test]
    fn decodes_bmp_and_pairs_in_both_orders() {
        let text = "a\u{7F}\u{80}é€\u{FFFF}😀\u{10FFFF}xyzzy plain ascii run of text";
        let units: Vec<u16> = text.encode_utf16().collect();
        assert_eq!(decode_all_ways(false, &le(&units)), vec![out(text)]);
        assert_eq!(decode_all_ways(true, &be(&units)), vec![out(text)]);
        assert_eq!(
            decode_all_ways(false, &[0x3D, 0xD8, 0x00, 0xDE]),
            vec![out("😀")]
        );
        assert_eq!(
            decode_all_ways(true, &[0xD8, 0x3D, 0xDE, 0x00]),
            vec![out("😀")]
        );
    }

    #[test]
    fn surrogate_pairs_split_at_every_boundary() {
        let text = "😀a😀😀€😀";
        let units: Vec<u16> = text.encode_utf16().collect();
        for be_order in [false, true] {
            let input = if be_order { be(&units) } else { le(&units) };
            for cut in 0..=input.len() {
                for cut2 in cut..=input.len() {
                    let mut d = Utf16Decoder::new(be_order);
                    let mut dst = [0u8; 64];
                    let mut got = Vec::new();
                    for (part, last) in [
                        (&input[..cut], false),
                        (&input[cut..cut2], false),
                        (&input[cut2..], true),
                    ] {
                        let (res, r, w) = d.decode(part, &mut dst, last);
                        assert_eq!((res, r), (RawDecoderResult::InputEmpty, part.len()));
                        got.extend_from_slice(&dst[..w]);
                    }
                    assert_eq!(got, text.as_bytes());
                }
            }
        }
    }

    #[test]
    fn unpaired_surrogates_and_odd_bytes() {
        // A lone trail surrogate: its two bytes are the error.
        assert_eq!(
            decode_all_ways(false, &le(&[0x61, 0xDC00, 0x62])),
            vec![out("a"), Ev::Err(vec![0x00, 0xDC], 2), out("b")]
        );
        // A lead surrogate followed by a non-trail unit: the unit is read again.
        assert_eq!(
            decode_all_ways(false, &le(&[0xD800, 0x62])),
            vec![Ev::Err(vec![0x00, 0xD8], 0), out("b")]
        );
        assert_eq!(
            decode_all_ways(true, &be(&[0xD800, 0xD800, 0xDC00])),
            vec![Ev::Err(vec![0xD8, 0x00], 0), out("\u{10000}")]
        );
        assert_eq!(
            decode_all_ways(true, &be(&[0xDBFF, 0xDBFF, 0x41])),
            vec![
                Ev::Err(vec![0xDB, 0xFF], 0),
                Ev::Err(vec![0xDB, 0xFF], 2),
                out("A")
            ]
        );
        // A lead surrogate at the end.
        assert_eq!(
            decode_all_ways(false, &le(&[0x41, 0xD800])),
            vec![out("A"), Ev::Err(vec![0x00, 0xD8], 2)]
        );
        // An odd byte at the end.
        assert_eq!(
            decode_all_ways(false, &[0x41, 0x00, 0x42]),
            vec![out("A"), Ev::Err(vec![0x42], 2)]
        );
        assert_eq!(decode_all_ways(true, &[0x00]), vec![Ev::Err(vec![0x00], 0)]);
        // A lead surrogate and an odd byte at the end: one error.
        assert_eq!(
            decode_all_ways(true, &[0xD8, 0x00, 0xDC]),
            vec![Ev::Err(vec![0xD8, 0x00, 0xDC], 0)]
        );
        assert_eq!(decode_all_ways(true, &[]), vec![]);
    }

    /// The standard's handler, transcribed, as a reference.
    fn reference(be_order: bool, input: &[u8]) -> Vec<Ev> {
        let mut evs = Vec::new();
        let mut lead_byte: Option<(u8, usize)> = None;
        let mut lead_surrogate: Option<(u16, usize)> = None;
        let mut i = 0;
        let bytes_of = |u: u16| {
            if be_order {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            }
        };
        loop {
            let Some(&b) = input.get(i) else {
                if lead_byte.is_some() || lead_surrogate.is_some() {
                    let at = lead_surrogate.map_or_else(|| lead_byte.unwrap().1, |s| s.1);
                    evs.push(Ev::Err(input[at..].to_vec(), at));
                }
                return evs;
            };
            i += 1;
            let Some((lb, _)) = lead_byte else {
                lead_byte = Some((b, i - 1));
                continue;
            };
            let u = if be_order {
                (u16::from(lb) << 8) + u16::from(b)
            } else {
                (u16::from(b) << 8) + u16::from(lb)
            };
            lead_byte = None;
            if let Some((ls, at)) = lead_surrogate.take() {
                if is_trail(u) {
                    let cp = 0x10000 + ((u32::from(ls) - 0xD800) << 10) + (u32::from(u) - 0xDC00);
                    push_out(&mut evs, char::from_u32(cp).unwrap().to_string().as_bytes());
                    continue;
                }
                evs.push(Ev::Err(bytes_of(ls).to_vec(), at));
                i -= 2;
                continue;
            }
            if (0xD800..=0xDBFF).contains(&u) {
                lead_surrogate = Some((u, i - 2));
                continue;
            }
            if is_trail(u) {
                evs.push(Ev::Err(bytes_of(u).to_vec(), i - 2));
                continue;
            }
            push_out(
                &mut evs,
                char::from_u32(u32::from(u)).unwrap().to_string().as_bytes(),
            );
        }
    }

    #[test]
    fn matches_the_standard_on_unit_sequences() {
        let pool: [u16; 8] = [
            0x0041, 0x00E9, 0x20AC, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xFFFD,
        ];
        for be_order in [false, true] {
            for a in pool {
                for b in pool {
                    for c in pool {
                        let units = [a, b, c];
                        let mut input = if be_order { be(&units) } else { le(&units) };
                        for extra in [None, Some(0xD8), Some(0x41)] {
                            if let Some(x) = extra {
                                input.push(x);
                            }
                            assert_eq!(
                                decode_all_ways(be_order, &input),
                                reference(be_order, &input),
                                "{input:02X?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn surrogates_anywhere_in_long_input() {
        // Long enough for the four-units-at-a-time path, with ASCII runs.
        let base: Vec<u16> = "abcdefgh é€ ijklmnop Жx\u{7FF}\u{800}\u{FFFF}qrstuvwxyz0123"
            .encode_utf16()
            .collect();
        let inserts: [&[u16]; 6] = [
            &[0xDC00],
            &[0xD800],
            &[0xD800, 0xD800, 0xDC00],
            &[0xD83D, 0xDE00],
            &[0xDBFF, 0x0041],
            &[0xDFFF, 0xD800],
        ];
        for be_order in [false, true] {
            for at in 0..=base.len() {
                for ins in inserts {
                    let mut units = base[..at].to_vec();
                    units.extend_from_slice(ins);
                    units.extend_from_slice(&base[at..]);
                    let input = if be_order { be(&units) } else { le(&units) };
                    let expected = reference(be_order, &input);
                    assert_eq!(
                        run(be_order, &input, usize::MAX, 1024),
                        expected,
                        "{units:04X?}"
                    );
                    assert_eq!(run(be_order, &input, 7, 16), expected, "{units:04X?}");
                    assert_eq!(run(be_order, &input, 1, 20), expected, "{units:04X?}");
                }
                // Cut after any byte: odd bytes and lone leads at the end.
                let input = if be_order { be(&base) } else { le(&base) };
                for cut in [2 * at, (2 * at + 1).min(input.len())] {
                    let expected = reference(be_order, &input[..cut]);
                    assert_eq!(run(be_order, &input[..cut], usize::MAX, 1024), expected);
                }
            }
        }
    }

    /// A small deterministic generator for the randomized tests.
    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// Units in runs like real text: `mode` 0 mostly ASCII, 1 mostly two-byte,
    /// 2 mostly three-byte, 3 anything (surrogates too), 4 ASCII, 5 ASCII and
    /// surrogate pairs, each with a rare lone surrogate or boundary value
    /// mixed in.
    fn random_units(rng: &mut XorShift, mode: u64, len: usize) -> Vec<u16> {
        const EDGES: [u16; 16] = [
            0x00, 0x41, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x4E00, 0xD7FF, 0xD800, 0xDBFF, 0xDC00,
            0xDFFF, 0xE000, 0xFFFD, 0xFFFF,
        ];
        let mut units = Vec::with_capacity(len + 1);
        while units.len() < len {
            let roll = rng.below(100);
            let pick = rng.next();
            let ascii = 0x20 + (pick % 0x5F) as u16;
            let unit = if roll < 3 {
                EDGES[(pick % 16) as usize]
            } else if mode == 3 {
                pick as u16
            } else if mode == 4 {
                ascii
            } else if mode == 5 {
                // Emoji: valid surrogate pairs.
                if roll < 30 {
                    units.push(0xD800 + (pick % 0x400) as u16);
                    0xDC00 + ((pick >> 10) % 0x400) as u16
                } else {
                    ascii
                }
            } else if mode == 0 {
                // Latin: accented letters now and then.
                if roll < 12 {
                    0xC0 + (pick % 0x40) as u16
                } else {
                    ascii
                }
            } else if roll < 25 {
                // Spaces and punctuation between words.
                ascii
            } else if mode == 1 {
                0x400 + (pick % 0x100) as u16
            } else {
                0x4E00 + (pick % 0x5000) as u16
            };
            units.push(unit);
        }
        units
    }

    #[test]
    fn every_unit_in_every_lane_of_a_block() {
        // Blocks of one kind of unit with `u` in one lane of the second block
        // and in every lane of the third: each kind of block meets every
        // unit value, and every lane sees every kind of unit.
        for filler in [0x61u16, 0xE9, 0x4E00] {
            for u in 0..=0xFFFFu16 {
                let mut units = vec![filler; 28];
                units[8 + (usize::from(u) * 7 + usize::from(filler)) % 8] = u;
                units[16..24].fill(u);
                let expected = String::from_utf16_lossy(&units).into_bytes();
                for be_order in [false, true] {
                    let input = if be_order { be(&units) } else { le(&units) };
                    let mut got = Vec::new();
                    for ev in run(be_order, &input, usize::MAX, 1024) {
                        match ev {
                            Ev::Out(bytes) => got.extend_from_slice(&bytes),
                            Ev::Err(..) => got.extend_from_slice("\u{FFFD}".as_bytes()),
                        }
                    }
                    assert_eq!(got, expected, "{u:04X} after {filler:04X} (be: {be_order})");
                }
            }
        }
    }

    #[test]
    fn random_unit_mixes_match_the_standard() {
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..4000 {
            let mode = rng.below(6);
            let len = rng.below(90) as usize;
            let units = random_units(&mut rng, mode, len);
            for be_order in [false, true] {
                let mut input = if be_order { be(&units) } else { le(&units) };
                if rng.below(4) == 0 {
                    input.push(0xD8);
                }
                let expected = reference(be_order, &input);
                assert_eq!(
                    run(be_order, &input, usize::MAX, 1024),
                    expected,
                    "{units:04X?}"
                );
                let chunk = 1 + rng.below(40) as usize;
                let dst_len = 16 + rng.below(40) as usize;
                assert_eq!(
                    run(be_order, &input, chunk, dst_len),
                    expected,
                    "{units:04X?} chunk {chunk} dst {dst_len}"
                );
            }
        }
    }

    /// A fast path's signature.
    type FastPath = fn(&[u8], usize, &mut [u8], usize) -> (usize, usize);

    /// Checks a fast path on its own: it reads whole units (surrogates only
    /// in valid pairs), writes exactly their UTF-8, and goes on until the end
    /// of `src` or `dst` is near or a surrogate is.
    fn check_fast_path(name: &str, f: FastPath, be_order: bool, units: &[u16], dst_len: usize) {
        let input = if be_order { be(units) } else { le(units) };
        let mut dst = vec![0u8; dst_len];
        let (r, w) = f(&input, 0, &mut dst, 0);
        assert!(r % 2 == 0 && r <= input.len() && w <= dst_len, "{name}");
        let read = &units[..r / 2];
        let text = String::from_utf16(read).expect("no lone surrogate read");
        assert_eq!(&dst[..w], text.as_bytes(), "{name} {units:04X?}");
        let next_surrogate = units[r / 2..]
            .iter()
            .position(|&u| u & 0xF800 == 0xD800)
            .map_or(usize::MAX, |i| r / 2 + i);
        // Neither path stops more than a block of units short.
        if next_surrogate >= r / 2 + 8 {
            assert!(
                r + 16 > input.len() || w + 40 > dst_len,
                "{name} stopped early"
            );
        }
    }

    #[test]
    fn fast_paths_decode_exactly_what_they_read() {
        let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
        for _ in 0..20_000 {
            let mode = rng.below(6);
            let len = rng.below(70) as usize;
            let units = random_units(&mut rng, mode, len);
            let dst_len = rng.below(120) as usize;
            for be_order in [false, true] {
                let (portable, fast): (FastPath, FastPath) = if be_order {
                    (fast_bmp_swar::<true>, fast_bmp::<true>)
                } else {
                    (fast_bmp_swar::<false>, fast_bmp::<false>)
                };
                check_fast_path("portable", portable, be_order, &units, dst_len);
                check_fast_path("fast", fast, be_order, &units, dst_len);
            }
        }
    }

    fn encode(be_order: bool, s: &str, dst_len: usize) -> Vec<u8> {
        let mut e = Utf16Encoder::new(be_order);
        let mut dst = vec![0u8; dst_len];
        let mut out = Vec::new();
        let mut src = s;
        loop {
            let (res, r, w) = e.encode(src, &mut dst, true);
            out.extend_from_slice(&dst[..w]);
            src = &src[r..];
            match res {
                RawEncoderResult::InputEmpty => return out,
                RawEncoderResult::OutputFull => assert!(r > 0),
                RawEncoderResult::Unmappable(_) => panic!("UTF-16 never fails"),
            }
        }
    }

    #[test]
    fn encoder_writes_units_and_pairs() {
        let text = "Hello, wörld € 😀 \u{10FFFF}\u{FFFF} and a longer ascii tail";
        let units: Vec<u16> = text.encode_utf16().collect();
        for dst_len in [4, 5, 7, 16, 1024] {
            assert_eq!(encode(false, text, dst_len), le(&units));
            assert_eq!(encode(true, text, dst_len), be(&units));
        }
        assert_eq!(encode(true, "😀", 16), vec![0xD8, 0x3D, 0xDE, 0x00]);
        assert_eq!(encode(false, "😀", 16), vec![0x3D, 0xD8, 0x00, 0xDE]);
        assert_eq!(encode(false, "", 16), Vec::<u8>::new());
        let mut e = Utf16Encoder::new(false);
        let mut dst = [0u8; 3];
        assert_eq!(
            e.encode("😀", &mut dst, true),
            (RawEncoderResult::OutputFull, 0, 0)
        );
    }
}
