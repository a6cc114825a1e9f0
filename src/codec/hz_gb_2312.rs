//! HZ-GB-2312 as the Encoding Standard's first draft (2012, §9.3) defined it.
//!
//! The standard now maps the label `hz-gb-2312` to the replacement encoding
//! (escape sequences could hide markup from a browser's checks); wenc uses
//! this codec only when asked (`--historical`).
//!
//! HZ text is ASCII until `~{`, then pairs of GB2312 bytes with their high
//! bits cleared until `~}`. `~~` is a tilde in either mode and `~` before a
//! newline is a line continuation (nothing). A pair `lead trail` is looked up
//! in index gbk at the draft's pointer `(lead - 1) * 190 + trail + 0x3F`,
//! which is GBK's pointer for the bytes `lead + 0x80, trail + 0x80`; today's
//! index gb18030 is that index (same layout, GB18030-2022 data).
//!
//! Everything follows the draft to the letter, including its surprises: a
//! newline in GB mode is an error (it ends GB mode, and is not written), a
//! pair is always two bytes whatever the second is, and the encoder does not
//! close GB mode with `~}` at the end of the text.

use super::historical::{decode_seven_bit, encode_seven_bit};
use super::shared::{scalar_at, unmappable, write_bmp};
use super::tables::{GB18030_BYTES, UTF8_GB18030};
use super::{Decoded, Encoded, RawDecoderResult, RawEncoderResult, RawMalformed};

const TILDE: u8 = b'~';

/// The code point of GB mode's pair `lead` (0x20..=0x7F) `trail`, if any.
fn decode_pair(lead: u8, trail: u8) -> Option<u32> {
    decode_seven_bit(&UTF8_GB18030, lead, trail)
}

/// The draft encoder's pair for `cp`: its index gbk pointer as `lead`
/// (`pointer / 190 + 1`) and `trail` (`pointer % 190 - 0x3F`), both of which
/// must be in 0x21..=0x7E (GB2312's rows and cells). These are exactly the
/// GBK bytes minus 0x80 when both GBK bytes are in 0xA1..=0xFE.
fn encode_pair(cp: u32) -> Option<[u8; 2]> {
    encode_seven_bit(&GB18030_BYTES, cp)
}

/// What one byte did.
enum Step {
    Continue,
    Emit(u32),
    /// An error made of bytes already read (the byte itself included).
    Error(RawMalformed),
    /// An error made of the byte before; this byte is read again.
    ErrorBefore(RawMalformed),
}

/// The draft's hz-gb-2312 flag (GB mode) and lead (0: none, 0x7E: a tilde,
/// anything else: the first byte of a pair).
pub(crate) struct HzGb2312Decoder {
    flag: bool,
    lead: u8,
}

impl HzGb2312Decoder {
    pub fn new() -> Self {
        HzGb2312Decoder {
            flag: false,
            lead: 0,
        }
    }

    /// §9.3 decoder steps 5 to 10 for one byte.
    fn step(&mut self, byte: u8) -> Step {
        match std::mem::take(&mut self.lead) {
            0 => {}
            TILDE => {
                return match byte {
                    b'{' => {
                        self.flag = true;
                        Step::Continue
                    }
                    b'}' => {
                        self.flag = false;
                        Step::Continue
                    }
                    TILDE => Step::Emit(u32::from(TILDE)),
                    b'\n' => Step::Continue,
                    _ => Step::ErrorBefore(RawMalformed::new(&[TILDE], 0)),
                };
            }
            lead => {
                if byte == b'\n' {
                    self.flag = false;
                }
                return match decode_pair(lead, byte) {
                    Some(cp) => Step::Emit(cp),
                    None => Step::Error(RawMalformed::new(&[lead, byte], 0)),
                };
            }
        }
        if byte == TILDE {
            self.lead = TILDE;
            return Step::Continue;
        }
        if self.flag {
            if (0x20..=0x7F).contains(&byte) {
                self.lead = byte;
                return Step::Continue;
            }
            if byte == b'\n' {
                self.flag = false;
            }
            return Step::Error(RawMalformed::new(&[byte], 0));
        }
        match byte {
            0..=0x7F => Step::Emit(u32::from(byte)),
            _ => Step::Error(RawMalformed::new(&[byte], 0)),
        }
    }

    pub fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> Decoded {
        let (mut r, mut w) = (0, 0);
        while r < src.len() {
            if dst.len() - w < 3 {
                return (RawDecoderResult::OutputFull, r, w);
            }
            r += 1;
            match self.step(src[r - 1]) {
                Step::Continue => {}
                Step::Emit(cp) => w = write_bmp(dst, w, cp),
                Step::Error(m) => return (RawDecoderResult::Malformed(m), r, w),
                Step::ErrorBefore(m) => return (RawDecoderResult::Malformed(m), r - 1, w),
            }
        }
        if last {
            // Step 3: a tilde or lead byte at the end is an error.
            let lead = std::mem::take(&mut self.lead);
            if lead != 0 {
                return (
                    RawDecoderResult::Malformed(RawMalformed::new(&[lead], 0)),
                    r,
                    w,
                );
            }
            *self = HzGb2312Decoder::new();
        }
        (RawDecoderResult::InputEmpty, r, w)
    }
}

/// The draft's hz-gb-2312 encoder flag: GB mode.
pub(crate) struct HzGb2312Encoder {
    flag: bool,
}

impl HzGb2312Encoder {
    pub fn new() -> Self {
        HzGb2312Encoder { flag: false }
    }

    /// §9.3's encoder. At the end of the text nothing is written, even in GB
    /// mode: the draft has no closing `~}` (Python's `hz` codec writes one).
    pub fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> Encoded {
        let bytes = src.as_bytes();
        let (mut r, mut w) = (0, 0);
        while r < bytes.len() {
            if dst.len() - w < 2 {
                return (RawEncoderResult::OutputFull, r, w);
            }
            let (cp, len) = scalar_at(bytes, r);
            // Switching modes writes an escape and reads `cp` again (the
            // draft's "decrease the code point pointer").
            let ascii = cp < 0x80;
            if ascii == self.flag {
                self.flag = !ascii;
                dst[w..w + 2].copy_from_slice(if ascii { b"~}" } else { b"~{" });
                w += 2;
                continue;
            }
            r += len;
            if cp == u32::from(TILDE) {
                dst[w..w + 2].copy_from_slice(b"~~");
                w += 2;
            } else if ascii {
                dst[w] = cp as u8;
                w += 1;
            } else {
                let Some(pair) = encode_pair(cp) else {
                    return (unmappable(cp), r, w);
                };
                dst[w..w + 2].copy_from_slice(&pair);
                w += 2;
            }
        }
        (RawEncoderResult::InputEmpty, r, w)
    }
}

#[cfg(test)]
mod tests;
