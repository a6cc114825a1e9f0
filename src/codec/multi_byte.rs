//! The decode loop every multi-byte CJK family shares (Shift_JIS, EUC-JP,
//! EUC-KR, Big5, gb18030), written once: each family supplies only its byte
//! rules through [`MultiByte`], as encoding_rs's `macros.rs` does.
//!
//! The loop copies ASCII runs a word at a time, then decodes the family's
//! common two-byte pairs (and lone ASCII bytes between them) inline while a
//! whole pair is in the input and 3 bytes of output are free. Everything else
//! (a sequence begun in an earlier call, single-byte characters, longer
//! sequences, errors, the end of the input) goes to the family's
//! [`MultiByte::step`], one character at a time.

use super::ascii::copy_ascii;
use super::shared::write_bmp;
use super::{RawDecoderResult, RawMalformed};

/// What a decoder call returns: the result, bytes read, bytes written.
pub(crate) type Stop = (RawDecoderResult, usize, usize);

/// One decoder call: its input and output, how far it has got in each
/// (`r`, `w`), and whether its input ends the stream.
pub(crate) struct Call<'a> {
    pub src: &'a [u8],
    pub dst: &'a mut [u8],
    pub r: usize,
    pub w: usize,
    pub last: bool,
}

impl Call<'_> {
    /// Ends the call with an error for `bytes`, having read up to `r`.
    #[inline(never)]
    pub fn malformed(&mut self, bytes: &[u8], r: usize) -> Result<(), RawDecoderResult> {
        self.r = r;
        Err(RawDecoderResult::Malformed(RawMalformed::new(bytes, 0)))
    }
}

/// A family's rules for [`decode`].
pub(crate) trait MultiByte {
    /// Output bytes one [`step`](MultiByte::step) writes at most.
    const MAX_STEP: usize;

    /// The hot loop's pair: for a byte `lead >= 0x80` and the byte after it,
    /// the non-ASCII BMP code point they decode to when they are one of the
    /// family's common pairs; `None` hands them to [`step`](MultiByte::step).
    fn hot_pair(lead: u8, byte: u8) -> Option<u32>;

    /// Whether a sequence begun in an earlier call (or bytes the standard
    /// restored after an error) is pending.
    fn pending(&self) -> bool;

    /// Decodes one character, or finds one error, at `call.src[call.r..]`:
    /// either the pending sequence continued, or a new one starting with the
    /// non-ASCII byte `src[r]`; `dst[w..]` has at least
    /// [`MAX_STEP`](MultiByte::MAX_STEP) bytes free. Advances `r` and `w`.
    /// When `src` ends inside a sequence, the family keeps it pending and
    /// reads to the end. With a sequence pending and no input left, it ends
    /// the call (`Err`): an error when `last`, else
    /// [`RawDecoderResult::InputEmpty`].
    fn step(&mut self, call: &mut Call<'_>) -> Result<(), RawDecoderResult>;

    /// The decoder's entry point: [`decode`] with these rules.
    #[inline]
    fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> Stop
    where
        Self: Sized,
    {
        decode(self, src, dst, last)
    }
}

/// Decodes `src` into `dst` with the family's rules `family`.
#[inline(always)]
pub(crate) fn decode<F: MultiByte>(family: &mut F, src: &[u8], dst: &mut [u8], last: bool) -> Stop {
    let mut call = Call {
        src,
        dst,
        r: 0,
        w: 0,
        last,
    };
    loop {
        if !family.pending() {
            (call.r, call.w) = hot_loop::<F>(call.src, call.dst, call.r, call.w);
            if call.r == src.len() {
                return (RawDecoderResult::InputEmpty, call.r, call.w);
            }
        }
        if call.dst.len() - call.w < F::MAX_STEP {
            return (RawDecoderResult::OutputFull, call.r, call.w);
        }
        if !family.pending() && src[call.r] < 0x80 {
            continue; // an ASCII byte the hot loop left for its run copy
        }
        if let Err(result) = family.step(&mut call) {
            return (result, call.r, call.w);
        }
    }
}

/// ASCII runs, the family's common pairs and lone ASCII bytes between them,
/// for as long as they last; returns the new positions.
#[inline(always)]
fn hot_loop<F: MultiByte>(
    src: &[u8],
    dst: &mut [u8],
    mut r: usize,
    mut w: usize,
) -> (usize, usize) {
    'ascii: loop {
        let n = copy_ascii(&src[r..], &mut dst[w..]);
        r += n;
        w += n;
        while r + 1 < src.len() && dst.len() - w >= 4 {
            let (b, byte) = (src[r], src[r + 1]);
            if b < 0x80 {
                if byte < 0x80 {
                    continue 'ascii;
                }
                dst[w] = b;
                w += 1;
                r += 1;
                continue;
            }
            match F::hot_pair(b, byte) {
                Some(cp) => {
                    w = write_bmp_word(dst, w, cp);
                    r += 2;
                }
                None => break,
            }
        }
        return (r, w);
    }
}

/// Writes a non-ASCII BMP code point (never a surrogate) as UTF-8 at
/// `dst[w..]` with one 4-byte store (the byte after it is overwritten later),
/// returning the new position; the caller has checked that 4 bytes are free.
#[inline(always)]
fn write_bmp_word(dst: &mut [u8], w: usize, cp: u32) -> usize {
    let (word, len) = if cp >= 0x800 {
        let word = (0xE0 | cp >> 12) | (0x80 | (cp >> 6) & 0x3F) << 8 | (0x80 | cp & 0x3F) << 16;
        (word, 3)
    } else {
        ((0xC0 | cp >> 6) | (0x80 | cp & 0x3F) << 8, 2)
    };
    dst[w..w + 4].copy_from_slice(&word.to_le_bytes());
    w + len
}

/// What a fresh non-ASCII byte is, for a family whose only state is one
/// pending lead byte.
pub(crate) enum Single {
    /// The lead of a pair.
    Lead,
    /// A character on its own.
    Char(u32),
    /// An error on its own.
    Error,
}

/// EUC-KR's and Big5's rule for a fresh byte: 0x80 and 0xFF are errors,
/// every other non-ASCII byte is a lead.
#[inline(always)]
pub(crate) fn lead_unless_80_or_ff(b: u8) -> Single {
    match b {
        0x80 | 0xFF => Single::Error,
        _ => Single::Lead,
    }
}

/// [`MultiByte::step`] for the families whose only state is one pending
/// lead byte (0 = none): Shift_JIS, EUC-KR, Big5. `single` says what a fresh
/// byte is; `pair` writes the code point(s) for a lead and the byte after it
/// at `dst[w..]` and returns the end, or `None` when they do not decode.
#[inline(always)]
pub(crate) fn lead_step(
    pending: &mut u8,
    call: &mut Call<'_>,
    single: impl FnOnce(u8) -> Single,
    pair: impl FnOnce(u8, u8, &mut [u8], usize) -> Option<usize>,
) -> Result<(), RawDecoderResult> {
    let (lead, fresh) = match std::mem::take(pending) {
        0 => {
            let b = call.src[call.r];
            call.r += 1;
            match single(b) {
                Single::Lead => (b, true),
                Single::Char(cp) => {
                    call.w = write_bmp(call.dst, call.w, cp);
                    return Ok(());
                }
                Single::Error => return call.malformed(&[b], call.r),
            }
        }
        lead => (lead, false),
    };
    finish_pair(pending, lead, fresh, call, pair)
}

/// The byte after `lead` and the pair's rule `pair` (a code point written
/// at `dst[w..]` and its end, or `None`): at the end of `src` the lead waits
/// for the next call, or, when it was already waiting, the call ends (at the
/// end of the stream a lone lead is an error). A pair that does not decode is
/// an error for the lead, and for the byte too unless it is ASCII, which is
/// read again (the standard's "restore").
#[inline(always)]
fn finish_pair(
    pending: &mut u8,
    lead: u8,
    fresh: bool,
    call: &mut Call<'_>,
    pair: impl FnOnce(u8, u8, &mut [u8], usize) -> Option<usize>,
) -> Result<(), RawDecoderResult> {
    let Some(&byte) = call.src.get(call.r) else {
        return lead_at_end(pending, lead, fresh, call.last);
    };
    match pair(lead, byte, call.dst, call.w) {
        Some(w) => {
            call.w = w;
            call.r += 1;
            Ok(())
        }
        None if byte < 0x80 => call.malformed(&[lead], call.r),
        None => call.malformed(&[lead, byte], call.r + 1),
    }
}

#[inline(never)]
fn lead_at_end(
    pending: &mut u8,
    lead: u8,
    fresh: bool,
    last: bool,
) -> Result<(), RawDecoderResult> {
    if fresh {
        *pending = lead;
        return Ok(());
    }
    if last {
        return Err(RawDecoderResult::Malformed(RawMalformed::new(&[lead], 0)));
    }
    *pending = lead;
    Err(RawDecoderResult::InputEmpty)
}
