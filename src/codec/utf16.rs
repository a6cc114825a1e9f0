//! UTF-16BE and UTF-16LE.
//!
//! The decoder is the standard's shared UTF-16 decoder. The encoder is wenc's
//! documented extension (the standard has none): each scalar value becomes one
//! code unit or a surrogate pair, in the label's byte order; it never fails.

use super::simd::{self, Kernel};
use super::{Decoded, Encoded, RawDecoderResult, RawEncoderResult, RawMalformed};

mod fast;
use fast::fast_bmp;
#[cfg(test)]
use fast::fast_bmp_swar;

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
    /// The fast path's instructions.
    path: Kernel,
}

impl Utf16Decoder {
    pub fn new(be: bool) -> Self {
        Utf16Decoder {
            be,
            lead_byte: None,
            lead_surrogate: 0,
            path: Kernel::select(),
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
            (r, w) = fast_bmp::<BE>(self.path, src, r, dst, w);
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

/// wenc's UTF-16 encoder (an extension: see the module docs).
pub(crate) struct Utf16Encoder {
    be: bool,
    path: Kernel,
}

impl Utf16Encoder {
    pub fn new(be: bool) -> Self {
        Utf16Encoder {
            be,
            path: Kernel::select(),
        }
    }

    pub fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> Encoded {
        if self.be {
            encode_impl::<true>(self.path, src, dst)
        } else {
            encode_impl::<false>(self.path, src, dst)
        }
    }
}

fn encode_impl<const BE: bool>(path: Kernel, src: &str, dst: &mut [u8]) -> Encoded {
    let bytes = src.as_bytes();
    let mut r = 0;
    let mut w = 0;
    while r < bytes.len() {
        let b = bytes[r];
        if b < 0x80 {
            // An ASCII run, a byte and a zero per unit: found eight bytes at
            // a time, widened by a loop the compiler vectorises.
            let room = (dst.len() - w) / 2;
            let run = super::ascii_run(&bytes[r..]).min(room);
            if run == 0 {
                return (RawEncoderResult::OutputFull, r, w);
            }
            let units = dst[w..w + 2 * run].chunks_exact_mut(2);
            for (unit, &b) in units.zip(&bytes[r..r + run]) {
                unit.copy_from_slice(&unit_bytes::<BE>(u16::from(b)));
            }
            r += run;
            w += 2 * run;
            continue;
        }
        // Mixed text from here: the vector kernel while it lasts (to a
        // four-byte character, or near either end).
        let run = simd::encode_utf16(path, BE, &src[r..], &mut dst[w..]);
        if run.read > 0 {
            r += run.read;
            w += run.written;
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
