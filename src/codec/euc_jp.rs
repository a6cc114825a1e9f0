//! EUC-JP (Encoding Standard §12.1).

use super::ascii::copy_ascii;
use super::shift_jis::{malformed_pair, next_scalar, unmappable, write_bmp};
use super::tables::{INDEX_JIS0208, INDEX_JIS0212, JIS0208_ENCODE};
use super::{RawDecoderResult, RawEncoderResult, RawMalformed};

/// The code point for two bytes in 0xA1..=0xFE in index jis0208 (or jis0212).
#[inline(always)]
fn decode_pair(lead: u8, byte: u8, jis0212: bool) -> Option<u32> {
    if !(0xA1..=0xFE).contains(&lead) || !(0xA1..=0xFE).contains(&byte) {
        return None;
    }
    let pointer = usize::from(lead - 0xA1) * 94 + usize::from(byte - 0xA1);
    let index: &[u16] = if jis0212 { &INDEX_JIS0212 } else { &INDEX_JIS0208 };
    match index.get(pointer) {
        Some(&cp) if cp != 0 => Some(u32::from(cp)),
        _ => None,
    }
}

/// What one byte did to a decoder in the middle of a sequence.
enum Step {
    Continue,
    Emit(u32),
    /// The bytes consumed into the error; `reread`: the current byte is
    /// restored (it is not among `bytes`).
    Error(RawMalformed, bool),
}

/// EUC-JP decoder state: the pending lead (0 = none, 0x8E, 0x8F, or
/// 0xA1..=0xFE) and whether it is the second byte of a jis0212 sequence
/// (the first one then was 0x8F).
pub(crate) struct EucJpDecoder {
    lead: u8,
    jis0212: bool,
}

impl EucJpDecoder {
    pub fn new() -> Self {
        EucJpDecoder {
            lead: 0,
            jis0212: false,
        }
    }

    /// The bytes of the pending sequence.
    fn pending(&self) -> RawMalformed {
        if self.jis0212 {
            RawMalformed::new(&[0x8F, self.lead], 0)
        } else {
            RawMalformed::new(&[self.lead], 0)
        }
    }

    /// §12.1.1 steps 3 to 5, for `byte` after a pending lead.
    fn step(&mut self, byte: u8) -> Step {
        let lead = self.lead;
        if lead == 0x8E && (0xA1..=0xDF).contains(&byte) {
            self.lead = 0;
            return Step::Emit(0xFF61 - 0xA1 + u32::from(byte));
        }
        if lead == 0x8F && (0xA1..=0xFE).contains(&byte) {
            self.jis0212 = true;
            self.lead = byte;
            return Step::Continue;
        }
        let mut m = self.pending();
        self.lead = 0;
        let jis0212 = std::mem::replace(&mut self.jis0212, false);
        if let Some(cp) = decode_pair(lead, byte, jis0212) {
            return Step::Emit(cp);
        }
        if byte < 0x80 {
            return Step::Error(m, true);
        }
        m.bytes[m.len as usize] = byte;
        m.len += 1;
        Step::Error(m, false)
    }

    pub fn decode(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (RawDecoderResult, usize, usize) {
        let (mut r, mut w) = (0, 0);
        // A sequence begun in an earlier call: byte by byte.
        while self.lead != 0 {
            if r == src.len() {
                return self.finish(last, r, w);
            }
            if dst.len() - w < 3 {
                return (RawDecoderResult::OutputFull, r, w);
            }
            match self.step(src[r]) {
                Step::Continue => r += 1,
                Step::Emit(cp) => {
                    w = write_bmp(dst, w, cp);
                    r += 1;
                }
                Step::Error(m, reread) => {
                    return (RawDecoderResult::Malformed(m), r + usize::from(!reread), w)
                }
            }
        }
        'ascii: loop {
            let n = copy_ascii(&src[r..], &mut dst[w..]);
            r += n;
            w += n;
            loop {
                if r == src.len() {
                    break 'ascii;
                }
                if dst.len() - w < 3 {
                    return (RawDecoderResult::OutputFull, r, w);
                }
                let b = src[r];
                match b {
                    0x00..=0x7F => continue 'ascii,
                    0xA1..=0xFE => {
                        let Some(&byte) = src.get(r + 1) else {
                            self.lead = b;
                            r += 1;
                            break 'ascii;
                        };
                        match decode_pair(b, byte, false) {
                            Some(cp) => {
                                w = write_bmp(dst, w, cp);
                                r += 2;
                            }
                            None => return malformed_pair(b, byte, r + 1, w),
                        }
                    }
                    0x8E => {
                        let Some(&byte) = src.get(r + 1) else {
                            self.lead = b;
                            r += 1;
                            break 'ascii;
                        };
                        if !(0xA1..=0xDF).contains(&byte) {
                            return malformed_pair(b, byte, r + 1, w);
                        }
                        w = write_bmp(dst, w, 0xFF61 - 0xA1 + u32::from(byte));
                        r += 2;
                    }
                    0x8F => {
                        let Some(&second) = src.get(r + 1) else {
                            self.lead = b;
                            r += 1;
                            break 'ascii;
                        };
                        if !(0xA1..=0xFE).contains(&second) {
                            return malformed_pair(b, second, r + 1, w);
                        }
                        let Some(&byte) = src.get(r + 2) else {
                            self.lead = second;
                            self.jis0212 = true;
                            r += 2;
                            break 'ascii;
                        };
                        match decode_pair(second, byte, true) {
                            Some(cp) => {
                                w = write_bmp(dst, w, cp);
                                r += 3;
                            }
                            None if byte < 0x80 => {
                                let m = RawMalformed::new(&[b, second], 0);
                                return (RawDecoderResult::Malformed(m), r + 2, w);
                            }
                            None => {
                                let m = RawMalformed::new(&[b, second, byte], 0);
                                return (RawDecoderResult::Malformed(m), r + 3, w);
                            }
                        }
                    }
                    _ => {
                        let m = RawMalformed::new(&[b], 0);
                        return (RawDecoderResult::Malformed(m), r + 1, w);
                    }
                }
            }
        }
        self.finish(last, r, w)
    }

    /// End of this call's input: at the end of the stream a pending
    /// sequence is an error.
    fn finish(&mut self, last: bool, r: usize, w: usize) -> (RawDecoderResult, usize, usize) {
        if last && self.lead != 0 {
            let m = self.pending();
            self.lead = 0;
            self.jis0212 = false;
            return (RawDecoderResult::Malformed(m), r, w);
        }
        (RawDecoderResult::InputEmpty, r, w)
    }
}

/// The EUC-JP encoder is stateless (jis0212 is never used for encoding).
pub(crate) struct EucJpEncoder;

impl EucJpEncoder {
    pub fn encode(
        &mut self,
        src: &str,
        dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        let bytes = src.as_bytes();
        let (mut r, mut w) = (0, 0);
        'ascii: loop {
            let n = copy_ascii(&bytes[r..], &mut dst[w..]);
            r += n;
            w += n;
            loop {
                if r == bytes.len() {
                    return (RawEncoderResult::InputEmpty, r, w);
                }
                if dst.len() - w < 2 {
                    return (RawEncoderResult::OutputFull, r, w);
                }
                if bytes[r] < 0x80 {
                    continue 'ascii;
                }
                let (cp, len) = next_scalar(bytes, r);
                r += len;
                let pointer = match JIS0208_ENCODE.pointer(cp) {
                    Some(pointer) => pointer,
                    None => match cp {
                        0xA5 => {
                            dst[w] = 0x5C;
                            w += 1;
                            continue;
                        }
                        0x203E => {
                            dst[w] = 0x7E;
                            w += 1;
                            continue;
                        }
                        0xFF61..=0xFF9F => {
                            dst[w] = 0x8E;
                            dst[w + 1] = (cp - 0xFF61 + 0xA1) as u8;
                            w += 2;
                            continue;
                        }
                        0x2212 => match JIS0208_ENCODE.pointer(0xFF0D) {
                            Some(pointer) => pointer,
                            None => return (unmappable(cp), r, w),
                        },
                        _ => return (unmappable(cp), r, w),
                    },
                };
                dst[w] = (pointer / 94 + 0xA1) as u8;
                dst[w + 1] = (pointer % 94 + 0xA1) as u8;
                w += 2;
            }
        }
    }
}
