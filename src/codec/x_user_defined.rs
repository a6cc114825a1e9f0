//! x-user-defined: bytes 0x80..=0xFF are U+F780..=U+F7FF.

use super::ascii::copy_ascii;
use super::shared::encode_stateless;
use super::{Decoded, Encoded, RawDecoderResult};

/// The x-user-defined decoder (it never fails).
pub(crate) struct XUserDefinedDecoder;

impl XUserDefinedDecoder {
    pub fn decode(&mut self, src: &[u8], dst: &mut [u8], _last: bool) -> Decoded {
        let mut r = 0;
        let mut w = 0;
        loop {
            let n = copy_ascii(&src[r..], &mut dst[w..]);
            r += n;
            w += n;
            while let (Some(&b), Some(out)) = (src.get(r), dst.get_mut(w..w + 3)) {
                if b < 0x80 {
                    break;
                }
                // U+F780 + (b - 0x80) = U+F700 + b: EF 9C|9D|9E|9F xx.
                out[0] = 0xEF;
                out[1] = 0x9C | (b >> 6);
                out[2] = 0x80 | (b & 0x3F);
                r += 1;
                w += 3;
            }
            match src.get(r) {
                None => return (RawDecoderResult::InputEmpty, r, w),
                Some(&b) if b >= 0x80 || w == dst.len() => {
                    return (RawDecoderResult::OutputFull, r, w)
                }
                Some(_) => {}
            }
        }
    }
}

/// The x-user-defined encoder.
pub(crate) struct XUserDefinedEncoder;

impl XUserDefinedEncoder {
    pub fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> Encoded {
        encode_stateless::<1>(src, dst, |cp, out| {
            out[0] = (cp.checked_sub(0xF780).filter(|&d| d < 0x80)? + 0x80) as u8;
            Some(1)
        })
    }
}

#[cfg(test)]
mod tests;
