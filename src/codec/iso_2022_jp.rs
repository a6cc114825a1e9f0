//! ISO-2022-JP (Encoding Standard §12.2).

use super::shared::{next_scalar, unmappable, ByteStepper, Requeue, Step};
use super::tables::{BytesTable, Words, EUC_JP_BYTES, INDEX_ISO_2022_JP_KATAKANA, UTF8_JIS0208};
use super::{Decoded, Encoded, RawEncoderResult, RawMalformed};

const ESC: u8 = 0x1B;

/// The decoder states of §12.2.1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Ascii,
    Roman,
    Katakana,
    LeadByte,
    TrailByte,
    EscapeStart,
    Escape,
}

/// Bytes the decoder holds to read again. Only restored bytes land here, at
/// most the three of an escape sequence.
const QUEUE: usize = 4;

/// ISO-2022-JP decoder: the standard's state, lead and output flag, plus the
/// bytes the algorithm restored to its input that were already taken.
pub(crate) struct Iso2022JpDecoder {
    state: State,
    output_state: State,
    lead: u8,
    output: bool,
    /// Bytes 2 and 3 of the last escape sequence, reported when the next
    /// escape sequence immediately follows it (the first one was useless).
    last_escape: [u8; 2],
    queue: Requeue<QUEUE>,
}

impl Iso2022JpDecoder {
    pub fn new() -> Self {
        Iso2022JpDecoder {
            state: State::Ascii,
            output_state: State::Ascii,
            lead: 0,
            output: false,
            last_escape: [0; 2],
            queue: Requeue::default(),
        }
    }

    /// Restores `bytes` to the front of the input ("prepend").
    fn restore(&mut self, bytes: &[u8]) {
        self.queue.prepend(bytes);
    }

    /// A malformed sequence; the queued bytes come after it.
    fn error(&self, bytes: &[u8]) -> Step {
        Step::Error(RawMalformed::new(bytes, self.queue.len()))
    }

    pub fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> Decoded {
        self.decode_bytes(src, dst, last)
    }
}

impl ByteStepper<QUEUE> for Iso2022JpDecoder {
    fn queue(&mut self) -> &mut Requeue<QUEUE> {
        &mut self.queue
    }

    /// ASCII runs in the ASCII state, and jis0208 pairs in the lead byte
    /// state, a run at a time.
    #[inline(always)]
    fn fast(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        (mut r, mut w): (usize, usize),
    ) -> (usize, usize) {
        match self.state {
            State::Ascii => {
                let limit = (src.len() - r).min(dst.len() - w);
                let run = &src[r..r + limit];
                let n = plain_ascii_len(run);
                if n > 0 {
                    dst[w..w + n].copy_from_slice(&run[..n]);
                    r += n;
                    w += n;
                    self.output = false;
                }
            }
            State::LeadByte => {
                // The pairs that fit for sure: each writes at most 3 bytes
                // (a BMP character's) with a 4-byte store.
                let room = (dst.len() - w).saturating_sub(1) / 3;
                let pairs = ((src.len() - r) / 2).min(room);
                let start = r;
                let words: &[u32] = &UTF8_JIS0208;
                for pair in src[r..r + 2 * pairs].chunks_exact(2) {
                    let (lead, trail) = (pair[0], pair[1]);
                    if !(0x21..=0x7E).contains(&lead) || !(0x21..=0x7E).contains(&trail) {
                        break;
                    }
                    let pointer = usize::from(lead - 0x21) * 94 + usize::from(trail - 0x21);
                    // The pair's UTF-8, precomputed (see multi_byte.rs).
                    let word = words.word(pointer);
                    if word == 0 {
                        break;
                    }
                    dst[w..w + 4].copy_from_slice(&word.to_le_bytes());
                    w += (word >> 24) as usize;
                    r += 2;
                }
                if r != start {
                    self.output = false;
                }
            }
            _ => {}
        }
        (r, w)
    }

    /// §12.2.1's handler for one byte.
    fn step(&mut self, byte: u8) -> Step {
        match self.state {
            State::Ascii | State::Roman | State::Katakana | State::LeadByte if byte == ESC => {
                self.state = State::EscapeStart;
                Step::Continue
            }
            State::Ascii => {
                self.output = false;
                match byte {
                    0x0E | 0x0F | 0x80..=0xFF => self.error(&[byte]),
                    _ => Step::Emit(u32::from(byte)),
                }
            }
            State::Roman => {
                self.output = false;
                match byte {
                    0x5C => Step::Emit(0xA5),
                    0x7E => Step::Emit(0x203E),
                    0x0E | 0x0F | 0x80..=0xFF => self.error(&[byte]),
                    _ => Step::Emit(u32::from(byte)),
                }
            }
            State::Katakana => {
                self.output = false;
                match byte {
                    0x21..=0x5F => Step::Emit(0xFF61 - 0x21 + u32::from(byte)),
                    _ => self.error(&[byte]),
                }
            }
            State::LeadByte => {
                self.output = false;
                match byte {
                    0x21..=0x7E => {
                        self.lead = byte;
                        self.state = State::TrailByte;
                        Step::Continue
                    }
                    _ => self.error(&[byte]),
                }
            }
            State::TrailByte => {
                self.state = State::LeadByte;
                let lead = self.lead;
                match byte {
                    ESC => {
                        // The standard goes to escape start and returns an
                        // error for the lead; reading the ESC again in the
                        // lead byte state does the same.
                        self.restore(&[ESC]);
                        self.error(&[lead])
                    }
                    0x21..=0x7E => {
                        let pointer = usize::from(lead - 0x21) * 94 + usize::from(byte - 0x21);
                        match UTF8_JIS0208.code_point(pointer) {
                            Some(cp) => Step::Emit(cp),
                            None => self.error(&[lead, byte]),
                        }
                    }
                    _ => self.error(&[lead, byte]),
                }
            }
            State::EscapeStart => {
                if byte == 0x24 || byte == 0x28 {
                    self.lead = byte;
                    self.state = State::Escape;
                    return Step::Continue;
                }
                self.restore(&[byte]);
                self.output = false;
                self.state = self.output_state;
                self.error(&[ESC])
            }
            State::Escape => {
                let lead = std::mem::replace(&mut self.lead, 0);
                let state = match (lead, byte) {
                    (0x28, 0x42) => Some(State::Ascii),
                    (0x28, 0x4A) => Some(State::Roman),
                    (0x28, 0x49) => Some(State::Katakana),
                    (0x24, 0x40 | 0x42) => Some(State::LeadByte),
                    _ => None,
                };
                if let Some(state) = state {
                    self.state = state;
                    self.output_state = state;
                    if self.output {
                        // Two escape sequences in a row: the standard errs
                        // at the second. Report the first, which did
                        // nothing (as encoding_rs does), and read the second
                        // again with the flag clear: it then just continues.
                        let [a, b] = self.last_escape;
                        self.output = false;
                        self.restore(&[ESC, lead, byte]);
                        return self.error(&[ESC, a, b]);
                    }
                    self.output = true;
                    self.last_escape = [lead, byte];
                    return Step::Continue;
                }
                self.restore(&[lead, byte]);
                self.output = false;
                self.state = self.output_state;
                self.error(&[ESC])
            }
        }
    }

    /// §12.2.1's handler for end-of-queue: `None` when finished (the decoder
    /// is then reset).
    fn end(&mut self) -> Option<RawMalformed> {
        match self.state {
            State::TrailByte => {
                self.state = State::LeadByte;
                Some(RawMalformed::new(&[self.lead], 0))
            }
            State::EscapeStart => {
                self.output = false;
                self.state = self.output_state;
                Some(RawMalformed::new(&[ESC], 0))
            }
            State::Escape => {
                let lead = std::mem::replace(&mut self.lead, 0);
                self.restore(&[lead]);
                self.output = false;
                self.state = self.output_state;
                Some(RawMalformed::new(&[ESC], self.queue.len()))
            }
            _ => {
                *self = Iso2022JpDecoder::new();
                None
            }
        }
    }
}

/// Bytes the ASCII state passes straight through: ASCII except SO, SI, ESC.
static PLAIN_ASCII: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x80 {
        t[b] = b != 0x0E && b != 0x0F && b != 0x1B;
        b += 1;
    }
    t
};

/// Length of the prefix of `src` that the ASCII state passes straight
/// through, a machine word at a time.
#[inline]
fn plain_ascii_len(src: &[u8]) -> usize {
    const WORD: usize = std::mem::size_of::<usize>();
    const ONES: usize = usize::from_ne_bytes([0x01; WORD]);
    const HIGH: usize = usize::from_ne_bytes([0x80; WORD]);
    // Non-zero if some byte of `x` is zero (exact for "any").
    let zero_byte = |x: usize| x.wrapping_sub(ONES) & !x & HIGH;
    let mut i = 0;
    while i + WORD <= src.len() {
        let v = usize::from_ne_bytes(src[i..i + WORD].try_into().unwrap());
        // High bits, ESC, and SO or SI (0x0E and 0x0F differ in bit 0).
        let stop = v & HIGH | zero_byte(v ^ (ONES * 0x1B)) | zero_byte((v & !ONES) ^ (ONES * 0x0E));
        if stop != 0 {
            break;
        }
        i += WORD;
    }
    while i < src.len() && PLAIN_ASCII[src[i] as usize] {
        i += 1;
    }
    i
}

/// The encoder states of §12.2.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EncoderState {
    Ascii,
    Roman,
    Jis0208,
}

/// ISO-2022-JP encoder: the current state; `last` returns to ASCII.
pub(crate) struct Iso2022JpEncoder {
    state: EncoderState,
}

impl Iso2022JpEncoder {
    pub fn new() -> Self {
        Iso2022JpEncoder {
            state: EncoderState::Ascii,
        }
    }

    pub fn encode(&mut self, src: &str, dst: &mut [u8], last: bool) -> Encoded {
        let bytes = src.as_bytes();
        let (mut r, mut w) = (0, 0);
        loop {
            if self.state == EncoderState::Ascii {
                let limit = (bytes.len() - r).min(dst.len() - w);
                let run = &bytes[r..r + limit];
                let n = plain_ascii_len(run);
                dst[w..w + n].copy_from_slice(&run[..n]);
                r += n;
                w += n;
            }
            if r == bytes.len() {
                if last && self.state != EncoderState::Ascii {
                    if dst.len() - w < 3 {
                        return (RawEncoderResult::OutputFull, r, w);
                    }
                    w = write_escape(dst, w, b'(', b'B');
                    self.state = EncoderState::Ascii;
                }
                return (RawEncoderResult::InputEmpty, r, w);
            }
            if dst.len() - w < 3 {
                return (RawEncoderResult::OutputFull, r, w);
            }
            let (cp, len) = match bytes[r] {
                b @ 0..=0x7F => (u32::from(b), 1),
                _ => next_scalar(bytes, r),
            };
            if self.state == EncoderState::Jis0208 && cp >= 0x80 {
                // The common case: stay in jis0208, for as long as it lasts.
                if let Some(pair) = jis0208_bytes(&EUC_JP_BYTES, cp) {
                    dst[w..w + 2].copy_from_slice(&pair);
                    (r, w) = jis0208_run(bytes, dst, r + len, w + 2);
                    continue;
                }
            }
            // §12.2.2 steps 3 to 12; `continue` without consuming `cp` is
            // the standard's "restore code point".
            let state = self.state;
            if state != EncoderState::Jis0208 && matches!(cp, 0x0E | 0x0F | 0x1B) {
                return (RawEncoderResult::Unmappable('\u{FFFD}'), r + len, w);
            }
            if cp < 0x80 && state == EncoderState::Ascii {
                dst[w] = cp as u8;
                w += 1;
                r += len;
                continue;
            }
            if state == EncoderState::Roman {
                let byte = match cp {
                    0x5C | 0x7E => None,
                    0..=0x7F => Some(cp as u8),
                    0xA5 => Some(0x5C),
                    0x203E => Some(0x7E),
                    _ => None,
                };
                if let Some(byte) = byte {
                    dst[w] = byte;
                    w += 1;
                    r += len;
                    continue;
                }
            }
            if cp < 0x80 {
                w = write_escape(dst, w, b'(', b'B');
                self.state = EncoderState::Ascii;
                continue;
            }
            if cp == 0xA5 || cp == 0x203E {
                w = write_escape(dst, w, b'(', b'J');
                self.state = EncoderState::Roman;
                continue;
            }
            let mut code_point = cp;
            if code_point == 0x2212 {
                code_point = 0xFF0D;
            }
            if (0xFF61..=0xFF9F).contains(&code_point) {
                code_point = u32::from(INDEX_ISO_2022_JP_KATAKANA[(code_point - 0xFF61) as usize]);
            }
            let Some(pair) = jis0208_bytes(&EUC_JP_BYTES, code_point) else {
                if state == EncoderState::Jis0208 {
                    w = write_escape(dst, w, b'(', b'B');
                    self.state = EncoderState::Ascii;
                    continue;
                }
                return (unmappable(code_point), r + len, w);
            };
            if state != EncoderState::Jis0208 {
                w = write_escape(dst, w, b'$', b'B');
                self.state = EncoderState::Jis0208;
                continue;
            }
            dst[w..w + 2].copy_from_slice(&pair);
            w += 2;
            r += len;
        }
    }
}

/// The jis0208 state's two bytes for `cp`: EUC-JP's, less 0x80 each (both
/// are the pointer's row and cell, from 0xA1 and from 0x21).
#[inline(always)]
fn jis0208_bytes(table: &BytesTable, cp: u32) -> Option<[u8; 2]> {
    let [lead, trail] = table.bytes(cp)?;
    Some([lead & 0x7F, trail & 0x7F])
}

/// In the jis0208 state: encodes the three-byte UTF-8 characters at
/// `bytes[r..]` that jis0208 has (most Japanese text) while 2 bytes of
/// output are free, without the general loop's state checks; returns the new
/// positions at the first other character.
#[inline(always)]
fn jis0208_run(bytes: &[u8], dst: &mut [u8], r: usize, w: usize) -> (usize, usize) {
    let bmp: &[u16; 0x10000] = &EUC_JP_BYTES.bmp;
    let mut n = 0;
    // A fixed stride (3 bytes in, 2 out): no bounds test a character.
    for (c, out) in bytes[r..].chunks_exact(3).zip(dst[w..].chunks_exact_mut(2)) {
        if c[0] & 0xF0 != 0xE0 {
            break;
        }
        let cp =
            u32::from(c[0] & 0x0F) << 12 | u32::from(c[1] & 0x3F) << 6 | u32::from(c[2] & 0x3F);
        let entry = bmp[cp as usize];
        if entry == 0 {
            break;
        }
        // EUC-JP's bytes less 0x80 each, as `jis0208_bytes`.
        out.copy_from_slice(&(entry & 0x7F7F).to_le_bytes());
        n += 1;
    }
    (r + 3 * n, w + 2 * n)
}

#[inline(always)]
fn write_escape(dst: &mut [u8], w: usize, a: u8, b: u8) -> usize {
    dst[w] = ESC;
    dst[w + 1] = a;
    dst[w + 2] = b;
    w + 3
}

#[cfg(test)]
mod tests;
