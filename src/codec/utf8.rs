//! UTF-8.
//!
//! The decoder validates long stretches with simdutf8 (std-compatible errors,
//! SIMD speed), whose `error_len` follows the same "maximal subpart" rule (Unicode's
//! "Best Practices for Using U+FFFD") as the standard's UTF-8 decoder, and
//! copies them as they are. Only a sequence split across calls goes through
//! the byte-wise state machine. The encoder is a copy: its input is already
//! valid UTF-8.

use super::{Decoded, Encoded, RawDecoderResult, RawEncoderResult, RawMalformed};

/// The total length of the sequence `lead` starts, or 0 if `lead` cannot start
/// one (a continuation byte, 0xC0, 0xC1 or 0xF5..=0xFF). ASCII gives 1.
#[inline(always)]
fn sequence_len(lead: u8) -> u8 {
    match lead {
        0x00..=0x7F => 1,
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 0,
    }
}

/// The standard's UTF-8 lower and upper boundary for the byte after
/// `seen` bytes of a sequence that starts with `lead`.
#[inline(always)]
fn bounds(lead: u8, seen: u8) -> (u8, u8) {
    if seen != 1 {
        return (0x80, 0xBF);
    }
    match lead {
        0xE0 => (0xA0, 0xBF),
        0xED => (0x80, 0x9F),
        0xF0 => (0x90, 0xBF),
        0xF4 => (0x80, 0x8F),
        _ => (0x80, 0xBF),
    }
}

/// Bytes validated and copied per step (a fraction of the L1 data cache).
const BLOCK: usize = 8 * 1024;

/// The standard's UTF-8 decoder. Its state is the valid prefix of a sequence
/// that an earlier call ended in the middle of (these bytes are also what an
/// error at that point reports).
pub(crate) struct Utf8Decoder {
    partial: [u8; 4],
    /// Bytes in `partial` ("UTF-8 bytes seen" plus the lead byte); 0 = none.
    len: u8,
    /// The length of the sequence in `partial` ("bytes needed" plus one).
    needed: u8,
}

impl Utf8Decoder {
    pub fn new() -> Self {
        Utf8Decoder {
            partial: [0; 4],
            len: 0,
            needed: 0,
        }
    }

    fn reset(&mut self) {
        self.len = 0;
        self.needed = 0;
    }

    /// The error for the partial sequence (state is reset).
    fn partial_error(&mut self) -> RawDecoderResult {
        let m = RawMalformed::new(&self.partial[..self.len as usize], 0);
        self.reset();
        RawDecoderResult::Malformed(m)
    }

    pub fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> Decoded {
        let mut r = 0;
        let mut w = 0;
        if self.len != 0 {
            // Finish the sequence an earlier call left open, byte by byte.
            let needed = self.needed;
            while self.len < needed {
                let Some(&b) = src.get(r) else {
                    if last {
                        return (self.partial_error(), r, w);
                    }
                    return (RawDecoderResult::InputEmpty, r, w);
                };
                let (lo, hi) = bounds(self.partial[0], self.len);
                if b < lo || b > hi {
                    // `b` is read again: leave it in `src`.
                    return (self.partial_error(), r, w);
                }
                if self.len + 1 == needed && dst.len() < needed as usize {
                    return (RawDecoderResult::OutputFull, r, w);
                }
                self.partial[self.len as usize] = b;
                self.len += 1;
                r += 1;
            }
            // A complete valid sequence is its own UTF-8.
            dst[..needed as usize].copy_from_slice(&self.partial[..needed as usize]);
            w = needed as usize;
            self.reset();
        }
        loop {
            let avail_src = src.len() - r;
            if avail_src == 0 {
                return (RawDecoderResult::InputEmpty, r, w);
            }
            let avail_dst = dst.len() - w;
            if avail_dst == 0 {
                return (RawDecoderResult::OutputFull, r, w);
            }
            // A block at a time, so that the copy reads what validation
            // just brought into the L1 cache.
            let n = avail_src.min(avail_dst).min(BLOCK);
            let window = &src[r..r + n];
            // simdutf8's `compat` errors carry the same `valid_up_to` and
            // `error_len` as std's, at SIMD speed.
            match simdutf8::compat::from_utf8(window) {
                Ok(_) => {
                    dst[w..w + n].copy_from_slice(window);
                    r += n;
                    w += n;
                }
                Err(e) => {
                    let valid = e.valid_up_to();
                    dst[w..w + valid].copy_from_slice(&window[..valid]);
                    r += valid;
                    w += valid;
                    match e.error_len() {
                        Some(bad) => {
                            // `bad` bytes (1 to 3) form the error; the byte
                            // after them, if any, is read again.
                            let m = RawMalformed::new(&src[r..r + bad], 0);
                            return (RawDecoderResult::Malformed(m), r + bad, w);
                        }
                        None if n < avail_src => {
                            if n < avail_dst {
                                // The block ends in the middle of a sequence:
                                // the next block starts with it.
                                continue;
                            }
                            // The window (cut to the room in `dst`) ends in
                            // the middle of a sequence that does not fit.
                            return (RawDecoderResult::OutputFull, r, w);
                        }
                        None => {
                            // `src` ends in the middle of a valid sequence.
                            let tail = &src[r..];
                            self.partial[..tail.len()].copy_from_slice(tail);
                            self.len = tail.len() as u8;
                            self.needed = sequence_len(tail[0]);
                            r = src.len();
                            if last {
                                return (self.partial_error(), r, w);
                            }
                            return (RawDecoderResult::InputEmpty, r, w);
                        }
                    }
                }
            }
        }
    }
}

/// The UTF-8 encoder: a copy, cut at a character boundary when `dst` is short.
pub(crate) struct Utf8Encoder;

impl Utf8Encoder {
    pub fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> Encoded {
        if src.len() <= dst.len() {
            dst[..src.len()].copy_from_slice(src.as_bytes());
            return (RawEncoderResult::InputEmpty, src.len(), src.len());
        }
        let mut n = dst.len();
        while !src.is_char_boundary(n) {
            n -= 1;
        }
        dst[..n].copy_from_slice(&src.as_bytes()[..n]);
        (RawEncoderResult::OutputFull, n, n)
    }
}

#[cfg(test)]
mod tests;
