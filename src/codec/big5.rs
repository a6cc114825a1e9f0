//! Big5 (the standard's section 11.1).

use super::ascii::copy_ascii;
use super::gb18030::next_scalar;
use super::tables::{BIG5_ENCODE, INDEX_BIG5};
use super::{write_scalar, RawDecoderResult, RawEncoderResult, RawMalformed};

/// What a lead (0x81..=0xFE) and a trail decode to.
enum Pair {
    /// One code point from index Big5.
    One(u32),
    /// Pointers 1133, 1135, 1164 and 1166: U+00CA or U+00EA followed by
    /// U+0304 or U+030C, already as UTF-8.
    Two([u8; 4]),
    /// No code point: the error consumes the lead, and the trail too unless
    /// it is ASCII.
    None,
}

#[inline(always)]
fn pair(lead: u8, trail: u8) -> Pair {
    let offset = if trail < 0x7F { 0x40 } else { 0x62 };
    if !(0x40..=0x7E).contains(&trail) && !(0xA1..=0xFE).contains(&trail) {
        return Pair::None;
    }
    let pointer = (usize::from(lead) - 0x81) * 157 + usize::from(trail) - offset;
    match INDEX_BIG5.get(pointer) {
        Some(&cp) if cp != 0 => Pair::One(cp),
        _ => match pointer {
            // Ê̄ Ê̌ ê̄ ê̌ (the index has no code point for these pointers)
            1133 => Pair::Two([0xC3, 0x8A, 0xCC, 0x84]),
            1135 => Pair::Two([0xC3, 0x8A, 0xCC, 0x8C]),
            1164 => Pair::Two([0xC3, 0xAA, 0xCC, 0x84]),
            1166 => Pair::Two([0xC3, 0xAA, 0xCC, 0x8C]),
            _ => Pair::None,
        },
    }
}

/// Writes a code point from index Big5 (not ASCII) as UTF-8.
#[inline(always)]
fn write_cp(dst: &mut [u8], pos: usize, cp: u32) -> usize {
    if (0x800..0x10000).contains(&cp) {
        dst[pos] = 0xE0 | (cp >> 12) as u8;
        dst[pos + 1] = 0x80 | ((cp >> 6) & 0x3F) as u8;
        dst[pos + 2] = 0x80 | (cp & 0x3F) as u8;
        pos + 3
    } else {
        write_scalar(dst, pos, cp)
    }
}

/// The Big5 decoder.
pub(crate) struct Big5Decoder {
    /// Big5 lead, taken from an earlier call (0 = none).
    lead: u8,
}

impl Big5Decoder {
    pub fn new() -> Self {
        Big5Decoder { lead: 0 }
    }

    pub fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> (RawDecoderResult, usize, usize) {
        let (mut read, mut written) = (0, 0);
        if self.lead != 0 {
            let lead = self.lead;
            let Some(&trail) = src.first() else {
                if last {
                    self.lead = 0;
                    let m = RawMalformed::new(&[lead], 0);
                    return (RawDecoderResult::Malformed(m), 0, 0);
                }
                return (RawDecoderResult::InputEmpty, 0, 0);
            };
            if dst.len() < 4 {
                return (RawDecoderResult::OutputFull, 0, 0);
            }
            self.lead = 0;
            match pair(lead, trail) {
                Pair::One(cp) => written = write_cp(dst, 0, cp),
                Pair::Two(bytes) => {
                    dst[..4].copy_from_slice(&bytes);
                    written = 4;
                }
                Pair::None if trail < 0x80 => {
                    // The ASCII trail is read again.
                    let m = RawMalformed::new(&[lead], 0);
                    return (RawDecoderResult::Malformed(m), 0, 0);
                }
                Pair::None => {
                    let m = RawMalformed::new(&[lead, trail], 0);
                    return (RawDecoderResult::Malformed(m), 1, 0);
                }
            }
            read = 1;
        }

        loop {
            let n = copy_ascii(&src[read..], &mut dst[written..]);
            read += n;
            written += n;
            loop {
                let Some(&b0) = src.get(read) else {
                    return (RawDecoderResult::InputEmpty, read, written);
                };
                if dst.len() - written < 4 {
                    return (RawDecoderResult::OutputFull, read, written);
                }
                if b0 < 0x80 {
                    // A lone ASCII byte between two-byte sequences; longer
                    // runs go back to the word-at-a-time copy.
                    dst[written] = b0;
                    written += 1;
                    read += 1;
                    match src.get(read) {
                        Some(&b) if b < 0x80 => break,
                        _ => continue,
                    }
                }
                if b0 == 0x80 || b0 == 0xFF {
                    let m = RawMalformed::new(&[b0], 0);
                    return (RawDecoderResult::Malformed(m), read + 1, written);
                }
                let Some(&b1) = src.get(read + 1) else {
                    read += 1;
                    if last {
                        let m = RawMalformed::new(&[b0], 0);
                        return (RawDecoderResult::Malformed(m), read, written);
                    }
                    self.lead = b0;
                    return (RawDecoderResult::InputEmpty, read, written);
                };
                match pair(b0, b1) {
                    Pair::One(cp) => written = write_cp(dst, written, cp),
                    Pair::Two(bytes) => {
                        dst[written..written + 4].copy_from_slice(&bytes);
                        written += 4;
                    }
                    Pair::None if b1 < 0x80 => {
                        let m = RawMalformed::new(&[b0], 0);
                        return (RawDecoderResult::Malformed(m), read + 1, written);
                    }
                    Pair::None => {
                        let m = RawMalformed::new(&[b0, b1], 0);
                        return (RawDecoderResult::Malformed(m), read + 2, written);
                    }
                }
                read += 2;
            }
        }
    }
}

/// The Big5 encoder.
pub(crate) struct Big5Encoder;

impl Big5Encoder {
    pub fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> (RawEncoderResult, usize, usize) {
        let bytes = src.as_bytes();
        let (mut read, mut written) = (0, 0);
        loop {
            let n = copy_ascii(&bytes[read..], &mut dst[written..]);
            read += n;
            written += n;
            loop {
                let Some(&b0) = bytes.get(read) else {
                    return (RawEncoderResult::InputEmpty, read, written);
                };
                if dst.len() - written < 2 {
                    return (RawEncoderResult::OutputFull, read, written);
                }
                if b0 < 0x80 {
                    dst[written] = b0;
                    written += 1;
                    read += 1;
                    match bytes.get(read) {
                        Some(&b) if b < 0x80 => break,
                        _ => continue,
                    }
                }
                let (cp, len) = next_scalar(&bytes[read..]);
                read += len;
                let Some(pointer) = BIG5_ENCODE.pointer(cp) else {
                    let c = char::from_u32(cp).unwrap_or('\u{FFFD}');
                    return (RawEncoderResult::Unmappable(c), read, written);
                };
                let (lead, trail) = (pointer / 157 + 0x81, pointer % 157);
                let offset = if trail < 0x3F { 0x40 } else { 0x62 };
                dst[written] = lead as u8;
                dst[written + 1] = (trail + offset) as u8;
                written += 2;
            }
        }
    }
}
