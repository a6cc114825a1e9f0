//! ISO-2022-KR as the Encoding Standard's first draft (2012, §12.2) defined
//! it.
//!
//! The standard now maps the labels `iso-2022-kr` and `csiso2022kr` to the
//! replacement encoding (escape sequences could hide markup from a browser's
//! checks); wenc uses this codec only when asked (`--historical`).
//!
//! Text is ASCII until SO (0x0E), then pairs of KS X 1001 bytes with their
//! high bits cleared until SI (0x0F) or a newline. The designation
//! `ESC $ ) C` is written once at the start by the encoder; the decoder skips
//! it wherever it appears and does not require it. A pair `lead trail` (both
//! 0x21..=0x7E) is what EUC-KR writes as `lead + 0x80, trail + 0x80`: the
//! draft's index euc-kr had another layout (178 columns for leads below 0xC7,
//! 94 from there), so its formulas are applied here to today's 190-column
//! index, which holds the same mapping. That gives pointer
//! `(lead - 1) * 190 + trail + 0x3F` for every pair.
//!
//! Everything follows the draft to the letter: a bad escape sequence is an
//! error for its ESC, and the bytes after the ESC are read again in the ASCII
//! state; a pair is always two bytes whatever the second is (so a newline
//! right after a lead byte is part of an error and does not end SO mode).

use super::historical::{decode_seven_bit, encode_seven_bit};
use super::shared::{scalar_at, unmappable, ByteStepper, Requeue, Step};
use super::tables::{EUC_KR_BYTES, UTF8_EUC_KR};
use super::{Decoded, Encoded, RawEncoderResult, RawMalformed};

const ESC: u8 = 0x1B;
const SO: u8 = 0x0E;
const SI: u8 = 0x0F;

/// The designation the encoder writes first.
const DESIGNATION: [u8; 4] = [ESC, b'$', b')', b'C'];

/// The code point of the pair `lead trail`, if any.
fn decode_pair(lead: u8, trail: u8) -> Option<u32> {
    if !(0x21..=0x7E).contains(&lead) {
        return None;
    }
    decode_seven_bit(&UTF8_EUC_KR, lead, trail)
}

/// The draft encoder's pair for `cp`: its EUC-KR bytes minus 0x80, when both
/// are in 0xA1..=0xFE (KS X 1001; the rest of index euc-kr is Unified
/// Hangul Code, which ISO-2022-KR cannot express).
fn encode_pair(cp: u32) -> Option<[u8; 2]> {
    encode_seven_bit(&EUC_KR_BYTES, cp)
}

/// The decoder states of §12.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Ascii,
    EscapeStart,
    EscapeMiddle,
    EscapeEnd,
    Lead,
    Trail,
}

/// Bytes the decoder holds to read again: at most `$ )` and the byte after.
const QUEUE: usize = 3;

/// The draft's state and lead, plus the bytes a failed escape sequence gave
/// back to the input after they were taken.
pub(crate) struct Iso2022KrDecoder {
    state: State,
    lead: u8,
    queue: Requeue<QUEUE>,
}

impl Iso2022KrDecoder {
    pub fn new() -> Self {
        Iso2022KrDecoder {
            state: State::Ascii,
            lead: 0,
            queue: Requeue::default(),
        }
    }

    /// A failed escape sequence: back to ASCII, ESC is the error, and
    /// `again` (the bytes after it) is read again.
    fn bad_escape(&mut self, again: &[u8]) -> RawMalformed {
        self.queue.prepend(again);
        self.state = State::Ascii;
        RawMalformed::new(&[ESC], self.queue.len())
    }

    pub fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> Decoded {
        self.decode_bytes(src, dst, last)
    }
}

impl ByteStepper<QUEUE> for Iso2022KrDecoder {
    fn queue(&mut self) -> &mut Requeue<QUEUE> {
        &mut self.queue
    }

    /// §12.2's decoder for one byte.
    fn step(&mut self, byte: u8) -> Step {
        match self.state {
            State::Ascii => match byte {
                SO => self.state = State::Lead,
                SI => {}
                ESC => self.state = State::EscapeStart,
                0..=0x7F => return Step::Emit(u32::from(byte)),
                _ => return Step::Error(RawMalformed::new(&[byte], 0)),
            },
            State::EscapeStart if byte == b'$' => self.state = State::EscapeMiddle,
            State::EscapeStart => return Step::Error(self.bad_escape(&[byte])),
            State::EscapeMiddle if byte == b')' => self.state = State::EscapeEnd,
            State::EscapeMiddle => return Step::Error(self.bad_escape(&[b'$', byte])),
            State::EscapeEnd if byte == b'C' => self.state = State::Ascii,
            State::EscapeEnd => return Step::Error(self.bad_escape(&[b'$', b')', byte])),
            State::Lead => match byte {
                b'\n' => {
                    self.state = State::Ascii;
                    return Step::Emit(u32::from(b'\n'));
                }
                SO => {}
                SI => self.state = State::Ascii,
                _ => {
                    self.lead = byte;
                    self.state = State::Trail;
                }
            },
            State::Trail => {
                self.state = State::Lead;
                return match decode_pair(self.lead, byte) {
                    Some(cp) => Step::Emit(cp),
                    None => Step::Error(RawMalformed::new(&[self.lead, byte], 0)),
                };
            }
        }
        Step::Continue
    }

    /// §12.2's decoder for the EOF byte: an error, or `None` when finished
    /// (the decoder is then reset).
    fn end(&mut self) -> Option<RawMalformed> {
        match self.state {
            State::EscapeStart => Some(self.bad_escape(&[])),
            State::EscapeMiddle => Some(self.bad_escape(b"$")),
            State::EscapeEnd => Some(self.bad_escape(b"$)")),
            State::Trail => {
                self.state = State::Lead;
                Some(RawMalformed::new(&[self.lead], 0))
            }
            State::Ascii | State::Lead => {
                *self = Iso2022KrDecoder::new();
                None
            }
        }
    }
}

/// The draft's encoder state (SO mode or not) and initialization flag.
pub(crate) struct Iso2022KrEncoder {
    shifted: bool,
    initialized: bool,
}

impl Iso2022KrEncoder {
    pub fn new() -> Self {
        Iso2022KrEncoder {
            shifted: false,
            initialized: false,
        }
    }

    /// §12.2's encoder: the designation before the first character (none for
    /// an empty text), SO and SI around pairs, and SI at the end if needed.
    pub fn encode(&mut self, src: &str, dst: &mut [u8], last: bool) -> Encoded {
        let bytes = src.as_bytes();
        let (mut r, mut w) = (0, 0);
        loop {
            if r == bytes.len() {
                if last && self.shifted {
                    if w == dst.len() {
                        return (RawEncoderResult::OutputFull, r, w);
                    }
                    dst[w] = SI;
                    w += 1;
                    self.shifted = false;
                }
                return (RawEncoderResult::InputEmpty, r, w);
            }
            if dst.len() - w < DESIGNATION.len() {
                return (RawEncoderResult::OutputFull, r, w);
            }
            if !self.initialized {
                self.initialized = true;
                dst[w..w + 4].copy_from_slice(&DESIGNATION);
                w += 4;
                continue;
            }
            let (cp, len) = scalar_at(bytes, r);
            // Switching modes writes SO or SI and reads `cp` again (the
            // draft's "decrease the code point pointer").
            let ascii = cp < 0x80;
            if ascii == self.shifted {
                self.shifted = !ascii;
                dst[w] = if ascii { SI } else { SO };
                w += 1;
                continue;
            }
            r += len;
            if ascii {
                dst[w] = cp as u8;
                w += 1;
                continue;
            }
            let Some(pair) = encode_pair(cp) else {
                return (unmappable(cp), r, w);
            };
            dst[w..w + 2].copy_from_slice(&pair);
            w += 2;
        }
    }
}

#[cfg(test)]
mod tests;
