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

use super::shared::{next_scalar, unmappable, write_bmp};
use super::tables::{GB18030_BYTES, INDEX_GB18030};
use super::{RawDecoderResult, RawEncoderResult, RawMalformed};

const TILDE: u8 = b'~';

/// The code point of GB mode's pair `lead` (0x20..=0x7F) `trail`, if any.
fn decode_pair(lead: u8, trail: u8) -> Option<u32> {
    if !(0x21..=0x7E).contains(&trail) {
        return None;
    }
    let pointer = (usize::from(lead) - 1) * 190 + usize::from(trail) + 0x3F;
    match INDEX_GB18030.get(pointer) {
        Some(&cp) if cp != 0 => Some(u32::from(cp)),
        _ => None,
    }
}

/// The draft encoder's pair for `cp`: its index gbk pointer as `lead`
/// (`pointer / 190 + 1`) and `trail` (`pointer % 190 - 0x3F`), both of which
/// must be in 0x21..=0x7E (GB2312's rows and cells). These are exactly the
/// GBK bytes minus 0x80 when both GBK bytes are in 0xA1..=0xFE.
fn encode_pair(cp: u32) -> Option<[u8; 2]> {
    let [lead, trail] = GB18030_BYTES.bytes(cp)?;
    let valid = |b: u8| (0xA1..=0xFE).contains(&b);
    (valid(lead) && valid(trail)).then(|| [lead - 0x80, trail - 0x80])
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

    pub fn decode(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (RawDecoderResult, usize, usize) {
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
    pub fn encode(
        &mut self,
        src: &str,
        dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        let bytes = src.as_bytes();
        let (mut r, mut w) = (0, 0);
        while r < bytes.len() {
            if dst.len() - w < 2 {
                return (RawEncoderResult::OutputFull, r, w);
            }
            let (cp, len) = match bytes[r] {
                b @ 0..=0x7F => (u32::from(b), 1),
                _ => next_scalar(bytes, r),
            };
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
mod tests {
    use super::super::shift_jis::test_support::*;
    use super::*;
    use crate::codec::HZ_GB_2312;

    fn decode(bytes: &[u8]) -> Vec<Ev> {
        decode_fatal(HZ_GB_2312, &[bytes], 64)
    }

    fn encode(text: &str) -> Vec<Ev> {
        encode_fatal(HZ_GB_2312, &[text], 64)
    }

    #[test]
    fn pairs_are_gbk_bytes_without_high_bits() {
        // GBK B0A1 is U+554A; GB2312 row 16 cell 1.
        assert_eq!(decode(b"a~{0!~}b"), [out("a\u{554A}b")]);
        assert_eq!(decode_pair(0x30, 0x21), Some(0x554A));
        assert_eq!(encode_pair(0x554A), Some([0x30, 0x21]));
        // U+3000 is at both A1A1 and A3A0: the first pointer is HZ's "!!".
        assert_eq!(encode_pair(0x3000), Some([0x21, 0x21]));
        // GBK pairs outside A1..FE x A1..FE have no HZ form.
        assert_eq!(encode_pair(0x4E02), None); // GBK 8140
        assert_eq!(encode_pair(0x20AC), Some([0x22, 0x63])); // GBK A2E3
    }

    #[test]
    fn tilde_sequences() {
        assert_eq!(decode(b"~~"), [out("~")]);
        assert_eq!(decode(b"~{~~~}"), [out("~")]);
        assert_eq!(decode(b"a~\nb"), [out("ab")]);
        assert_eq!(decode(b"~x"), [bad(0, b"~"), out("x")]);
        assert_eq!(decode(b"~{~x"), [bad(2, b"~"), bad(3, b"x")]);
        assert_eq!(decode(b"~"), [bad(0, b"~")]);
        assert_eq!(decode(b"~{"), []);
        assert_eq!(decode(b"~{0"), [bad(2, b"0")]);
    }

    #[test]
    fn gb_mode() {
        // A pair is two bytes, whatever the second.
        assert_eq!(decode(b"~{0\n"), [bad(2, b"0\n")]);
        assert_eq!(decode(b"~{0 ~}"), [bad(2, b"0 ")]);
        // ... so "~" after a lead byte is a trail (GBK B0FE), not an escape.
        assert_eq!(decode(b"~{0~}"), [out("\u{5265}"), bad(4, b"}")]);
        // A newline ends GB mode and is an error; "~\n" does not end it.
        assert_eq!(decode(b"~{\n0!"), [bad(2, b"\n"), out("0!")]);
        assert_eq!(decode(b"~{~\n0!"), [out("\u{554A}")]);
        assert_eq!(decode(b"~{\x1F\x80"), [bad(2, b"\x1F"), bad(3, b"\x80")]);
        assert_eq!(decode(b"\x80"), [bad(0, b"\x80")]);
    }

    #[test]
    fn encoder() {
        assert_eq!(encode("a\u{554A}b~"), [Ev::Out(b"a~{0!~}b~~".to_vec())]);
        // No "~}" at the end.
        assert_eq!(encode("\u{554A}"), [Ev::Out(b"~{0!".to_vec())]);
        assert_eq!(encode("\u{554A}\n"), [Ev::Out(b"~{0!~}\n".to_vec())]);
        // GB mode is entered before the draft looks the code point up.
        assert_eq!(
            encode("a\u{1F600}"),
            [Ev::Out(b"a~{".to_vec()), Ev::Unmappable(1, '\u{1F600}')]
        );
        assert_eq!(
            encode_html(HZ_GB_2312, &["\u{1F600}"], 64),
            b"~{~}&#128512;".to_vec()
        );
    }

    #[test]
    fn any_chunking_decodes_and_encodes_alike() {
        let alphabet = [b'~', b'{', b'}', b'\n', b'0', b'!', b' ', 0x7F, 0x20, 0x80];
        let mut rng = Rng(7);
        for _ in 0..5_000 {
            let len = rng.below(16);
            let bytes = rng.pick(&alphabet, len);
            let whole = decode(&bytes);
            let bytewise: Vec<&[u8]> = bytes.chunks(1).collect();
            assert_eq!(decode_fatal(HZ_GB_2312, &bytewise, 16), whole);
        }
        let chars = ['a', '~', '\n', '\u{554A}', '\u{1F600}', '\u{3000}'];
        for _ in 0..2_000 {
            let len = rng.below(12);
            let text: String = rng.pick(&chars, len).into_iter().collect();
            let pieces: Vec<String> = text.chars().map(String::from).collect();
            let pieces: Vec<&str> = pieces.iter().map(String::as_str).collect();
            assert_eq!(
                encode_fatal(HZ_GB_2312, &pieces, 16),
                encode(&text),
                "{text:?}"
            );
        }
    }
}
