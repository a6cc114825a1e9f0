//! Small helpers the families share in their hot loops: scalar values to and
//! from UTF-8, and the stateless encoders' loops.

use super::ascii::copy_ascii;
use super::{Decoded, Encoded, RawDecoderResult, RawEncoderResult, RawMalformed};

/// Writes `c` as UTF-8 at `dst[pos..]`, returning the new position. The caller
/// has checked that there is room (at most 4 bytes).
#[inline(always)]
pub(crate) fn write_char(dst: &mut [u8], pos: usize, c: char) -> usize {
    pos + c.encode_utf8(&mut dst[pos..]).len()
}

/// Writes the scalar value `cp` (which must be valid) as UTF-8 at `dst[pos..]`.
#[inline(always)]
pub(crate) fn write_scalar(dst: &mut [u8], pos: usize, cp: u32) -> usize {
    debug_assert!(char::from_u32(cp).is_some(), "not a scalar value: {cp:X}");
    // Index data and the standard's formulas only produce scalar values.
    write_char(dst, pos, char::from_u32(cp).unwrap_or('\u{FFFD}'))
}

/// Writes a BMP code point (never a surrogate) as UTF-8 at `dst[pos..]`; the
/// caller has checked that 3 bytes are free.
#[inline(always)]
pub(crate) fn write_bmp(dst: &mut [u8], pos: usize, cp: u32) -> usize {
    if cp >= 0x800 {
        let out = &mut dst[pos..pos + 3];
        out[0] = 0xE0 | (cp >> 12) as u8;
        out[1] = 0x80 | ((cp >> 6) & 0x3F) as u8;
        out[2] = 0x80 | (cp & 0x3F) as u8;
        pos + 3
    } else if cp >= 0x80 {
        let out = &mut dst[pos..pos + 2];
        out[0] = 0xC0 | (cp >> 6) as u8;
        out[1] = 0x80 | (cp & 0x3F) as u8;
        pos + 2
    } else {
        dst[pos] = cp as u8;
        pos + 1
    }
}

/// Decodes the non-ASCII scalar value starting at `bytes[i]` (valid UTF-8,
/// from a `&str`): returns it and its length.
#[inline(always)]
pub(crate) fn next_scalar(bytes: &[u8], i: usize) -> (u32, usize) {
    let b0 = u32::from(bytes[i]);
    if b0 < 0xE0 {
        (((b0 & 0x1F) << 6) | (u32::from(bytes[i + 1]) & 0x3F), 2)
    } else if b0 < 0xF0 {
        let cp = ((b0 & 0x0F) << 12)
            | ((u32::from(bytes[i + 1]) & 0x3F) << 6)
            | (u32::from(bytes[i + 2]) & 0x3F);
        (cp, 3)
    } else {
        let cp = ((b0 & 0x07) << 18)
            | ((u32::from(bytes[i + 1]) & 0x3F) << 12)
            | ((u32::from(bytes[i + 2]) & 0x3F) << 6)
            | (u32::from(bytes[i + 3]) & 0x3F);
        (cp, 4)
    }
}

/// The scalar value starting at `bytes[i]` (valid UTF-8, from a `&str`) and
/// its length: [`next_scalar`] with ASCII first.
#[inline(always)]
pub(crate) fn scalar_at(bytes: &[u8], i: usize) -> (u32, usize) {
    match bytes[i] {
        b @ 0..=0x7F => (u32::from(b), 1),
        _ => next_scalar(bytes, i),
    }
}

/// The encoder's error report for `cp` (which came from a `&str`).
#[inline]
pub(crate) fn unmappable(cp: u32) -> RawEncoderResult {
    RawEncoderResult::Unmappable(char::from_u32(cp).unwrap_or('\u{FFFD}'))
}

/// The loop every stateless encoder runs. ASCII runs are copied a word at a
/// time; a lone ASCII byte between other characters (a space between words)
/// is copied inline; every other scalar value goes to `encode_one`, which
/// writes its bytes (at most `MAX_LEN`) at the start of the slice it is given
/// and returns how many, or `None` when the encoding cannot represent it.
#[inline(always)]
pub(crate) fn encode_stateless<const MAX_LEN: usize>(
    src: &str,
    dst: &mut [u8],
    encode_one: impl FnMut(u32, &mut [u8]) -> Option<usize>,
) -> Encoded {
    encode_with_runs::<MAX_LEN>(src, dst, |_, _| (0, 0), encode_one)
}

/// [`encode_stateless`] with a fast path: at a non-ASCII character `run`
/// encodes what it can of the text from there (its bytes, and the room
/// left) and says how much it read and wrote; `encode_one` takes the
/// character it stopped at.
#[inline(always)]
pub(crate) fn encode_with_runs<const MAX_LEN: usize>(
    src: &str,
    dst: &mut [u8],
    mut run: impl FnMut(&[u8], &mut [u8]) -> (usize, usize),
    mut encode_one: impl FnMut(u32, &mut [u8]) -> Option<usize>,
) -> Encoded {
    let bytes = src.as_bytes();
    let (mut r, mut w) = (0, 0);
    loop {
        let n = copy_ascii(&bytes[r..], &mut dst[w..]);
        r += n;
        w += n;
        loop {
            if r == bytes.len() {
                return (RawEncoderResult::InputEmpty, r, w);
            }
            if dst.len() - w < MAX_LEN {
                return (RawEncoderResult::OutputFull, r, w);
            }
            if bytes[r] < 0x80 {
                dst[w] = bytes[r];
                r += 1;
                w += 1;
                if bytes.get(r).is_some_and(|&b| b < 0x80) {
                    break; // a run: back to the word-at-a-time copy
                }
                continue;
            }
            let (read, written) = run(&bytes[r..], &mut dst[w..]);
            if read > 0 {
                r += read;
                w += written;
                continue;
            }
            let (cp, len) = next_scalar(bytes, r);
            r += len;
            match encode_one(cp, &mut dst[w..]) {
                Some(n) => w += n,
                None => return (unmappable(cp), r, w),
            }
        }
    }
}

/// `n` in decimal ASCII digits, written at the end of `digits` (20 is
/// enough for any `u64`): for numeric character references, and for the
/// out-of-memory message, which must not allocate (no `write!`). Returns
/// the digits.
pub fn decimal(mut n: u64, digits: &mut [u8; 20]) -> &[u8] {
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &digits[i..];
        }
    }
}

/// Room for any numeric character reference: "&#", the digits of a
/// `u64`, ";".
pub const REFERENCE_ROOM: usize = 23;

/// The numeric character reference `&#N;` for `ch` (html mode's
/// replacement), written at the end of `buf`: returns it (10 bytes at
/// most, `&#1114111;`).
pub fn reference(ch: char, buf: &mut [u8; REFERENCE_ROOM]) -> &[u8] {
    let mut text = [0; LONGEST_REFERENCE];
    let n = write_reference(ch, &mut text);
    let start = REFERENCE_ROOM - n;
    buf[start..].copy_from_slice(&text[..n]);
    &buf[start..]
}

/// The longest numeric character reference.
const LONGEST_REFERENCE: usize = "&#1114111;".len();

/// The html references an encoder family wrote in a call: how many, and
/// the first one's character and offset in `src`.
#[derive(Default)]
pub(crate) struct References {
    pub count: u64,
    pub first: Option<(char, usize)>,
}

impl References {
    /// Writes the reference for `ch` (at `at` in the input) at the start of
    /// `dst` and counts it: its length. `None` (nothing written) when `dst`
    /// has less room than [`LONGEST_REFERENCE`]: the character is then the
    /// encoder call's result, written by the caller's next call.
    #[inline]
    pub(crate) fn write(&mut self, ch: char, at: usize, dst: &mut [u8]) -> Option<usize> {
        if dst.len() < LONGEST_REFERENCE {
            return None;
        }
        self.first.get_or_insert((ch, at));
        self.count += 1;
        Some(write_reference(ch, dst))
    }
}

/// The numeric character reference `&#N;` for `ch`, written straight at
/// the start of `dst` (room for [`LONGEST_REFERENCE`] is the caller's, and
/// all of it may be written: the bytes past the reference are scratch), for
/// encoder loops: no buffer to copy from and no call to copy it; returns
/// its length. The one writer of the format.
#[inline]
fn write_reference(ch: char, dst: &mut [u8]) -> usize {
    let n = u32::from(ch);
    let digits = match n {
        0..10 => 1,
        10..100 => 2,
        100..1000 => 3,
        1000..10000 => 4,
        10000..100000 => 5,
        100000..1000000 => 6,
        _ => 7,
    };
    // All eight digits of `n` (it is below 10^7: the first is 0), one per
    // byte from the first, four at a time by SWAR ([`four_digits`]), then
    // shifted so that the reference's first digit is the first byte, and
    // ';' after its last: no chain of divisions, one per digit.
    let (high, low) = (n / 10_000, n % 10_000);
    let all = u64::from(four_digits(high)) | u64::from(four_digits(low)) << 32;
    let word = all >> (8 * (8 - digits)) | u64::from(b';') << (8 * digits);
    let out = &mut dst[..LONGEST_REFERENCE];
    out[..2].copy_from_slice(b"&#");
    out[2..].copy_from_slice(&word.to_le_bytes());
    digits + 3
}

/// The four decimal digits of `x` (below 10,000) in ASCII, the first in the
/// low byte: two lanes of 16 bits (`x / 100` and `x % 100`), each split
/// into tens and units by multiplying by 103 / 1024 (exact below 179).
fn four_digits(x: u32) -> u32 {
    let lanes = (x / 100) | ((x % 100) << 16);
    let tens = ((lanes * 103) >> 10) & 0x000F_000F;
    (tens | (lanes - 10 * tens) << 8) + 0x3030_3030
}

/// Bytes a stateful decoder gave back to its input after taking them (the
/// standard's "prepend to stream"), read again before the rest of it.
pub(crate) struct Requeue<const N: usize> {
    bytes: [u8; N],
    len: u8,
}

impl<const N: usize> Default for Requeue<N> {
    fn default() -> Self {
        Requeue {
            bytes: [0; N],
            len: 0,
        }
    }
}

impl<const N: usize> Requeue<N> {
    /// How many bytes are queued (those after a malformed sequence found now).
    pub fn len(&self) -> u8 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Puts `bytes` in front of the queued ones.
    pub fn prepend(&mut self, bytes: &[u8]) {
        let len = usize::from(self.len);
        debug_assert!(len + bytes.len() <= N, "decoder queue overflow");
        let k = bytes.len().min(N - len);
        self.bytes.copy_within(0..len, k);
        self.bytes[..k].copy_from_slice(&bytes[..k]);
        self.len += k as u8;
    }

    /// The next byte to read: the first queued one, else `src[r]`.
    #[inline(always)]
    pub fn next(&self, src: &[u8], r: usize) -> Option<u8> {
        if self.len > 0 {
            Some(self.bytes[0])
        } else {
            src.get(r).copied()
        }
    }

    /// Takes the byte [`next`](Requeue::next) gave: off the queue, or from
    /// the input (`r` moves on).
    #[inline(always)]
    pub fn take(&mut self, r: &mut usize) {
        if self.len > 0 {
            self.bytes.copy_within(1.., 0);
            self.len -= 1;
        } else {
            *r += 1;
        }
    }
}

/// What one byte did in a byte-at-a-time decoder (ISO-2022-JP, ISO-2022-KR).
pub(crate) enum Step {
    Continue,
    Emit(u32),
    Error(RawMalformed),
}

/// A decoder that reads one byte at a time, some of them again.
pub(crate) trait ByteStepper<const N: usize> {
    fn queue(&mut self) -> &mut Requeue<N>;
    /// The standard's handler for one byte.
    fn step(&mut self, byte: u8) -> Step;
    /// The handler for the end of the input: an error, or `None` when
    /// finished.
    fn end(&mut self) -> Option<RawMalformed>;

    /// The decoder's fast path, run with nothing queued: decodes what it
    /// can from `src[r..]` into `dst[w..]` and returns the new positions.
    /// By default, none.
    #[inline(always)]
    fn fast(&mut self, _src: &[u8], _dst: &mut [u8], at: (usize, usize)) -> (usize, usize) {
        at
    }

    /// Decodes `src` into `dst`: the fast path where it applies, else one
    /// byte at a time ([`step_byte`]).
    #[inline(always)]
    fn decode_bytes(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> Decoded
    where
        Self: Sized,
    {
        let (mut r, mut w) = (0, 0);
        loop {
            if self.queue().is_empty() {
                (r, w) = self.fast(src, dst, (r, w));
            }
            if let Some(done) = step_byte(self, src, &mut r, dst, &mut w, last) {
                return done;
            }
        }
    }
}

/// One byte through `decoder`: the next one (read again, or from `src` at
/// `*r`) handled and its output written at `*w`. `Some` when decoding stops
/// there: the input is used up (at its `last` end, after `end`), the output
/// is full, or the byte is an error.
#[inline(always)]
pub(crate) fn step_byte<const N: usize>(
    decoder: &mut impl ByteStepper<N>,
    src: &[u8],
    r: &mut usize,
    dst: &mut [u8],
    w: &mut usize,
    last: bool,
) -> Option<Decoded> {
    let Some(byte) = decoder.queue().next(src, *r) else {
        // After an error here, the next call reads the bytes the end gave
        // back (if any) and comes here again.
        if let Some(m) = last.then(|| decoder.end()).flatten() {
            return Some((RawDecoderResult::Malformed(m), *r, *w));
        }
        return Some((RawDecoderResult::InputEmpty, *r, *w));
    };
    if dst.len() - *w < 3 {
        return Some((RawDecoderResult::OutputFull, *r, *w));
    }
    decoder.queue().take(r);
    match decoder.step(byte) {
        Step::Continue => None,
        Step::Emit(cp) => {
            *w = write_bmp(dst, *w, cp);
            None
        }
        Step::Error(m) => Some((RawDecoderResult::Malformed(m), *r, *w)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reference_written_in_place_is_the_reference() {
        // Every digit count and its edges, and a stretch of each plane's start.
        let edges = (1..=7).flat_map(|k| {
            let p = 10u32.pow(k);
            [p - 1, p, p + 1]
        });
        let chars = (0..0x800)
            .chain(0xFFF0..0x10010)
            .chain(edges)
            .chain([0x10FFFF]);
        for ch in chars.filter_map(char::from_u32) {
            let want = format!("&#{};", u32::from(ch));
            let mut buf = [0; REFERENCE_ROOM];
            let mut dst = [0xAA; 12];
            let n = write_reference(ch, &mut dst);
            assert_eq!(&dst[..n], want.as_bytes(), "{ch:?}");
            assert_eq!(dst[LONGEST_REFERENCE..], [0xAA; 2], "{ch:?}: past its room");
            assert_eq!(reference(ch, &mut buf), want.as_bytes(), "{ch:?}");
        }
    }

    #[test]
    fn four_digits_are_every_number_below_ten_thousand() {
        for x in 0..10_000 {
            let digits = four_digits(x).to_le_bytes();
            assert_eq!(digits, *format!("{x:04}").as_bytes(), "{x}");
        }
    }
}
