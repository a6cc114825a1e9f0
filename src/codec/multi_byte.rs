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

    /// Decodes one character, or finds one error, at `src[r..]`: either the
    /// pending sequence continued, or a new one starting with the non-ASCII
    /// byte `src[r]`. `dst[w..]` has at least [`MAX_STEP`](MultiByte::MAX_STEP)
    /// bytes free. Returns the new read and write positions; when `src` ends
    /// inside a sequence, the family keeps it pending and returns
    /// `src.len()`. With a sequence pending and no input left, it ends the
    /// call: an error when `last`, else [`RawDecoderResult::InputEmpty`].
    fn step(
        &mut self,
        src: &[u8],
        r: usize,
        dst: &mut [u8],
        w: usize,
        last: bool,
    ) -> Result<(usize, usize), Stop>;

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
    let (mut r, mut w) = (0, 0);
    loop {
        if !family.pending() {
            (r, w) = hot_loop::<F>(src, dst, r, w);
            if r == src.len() {
                return (RawDecoderResult::InputEmpty, r, w);
            }
        }
        if dst.len() - w < F::MAX_STEP {
            return (RawDecoderResult::OutputFull, r, w);
        }
        if !family.pending() && src[r] < 0x80 {
            continue; // an ASCII byte the hot loop left for its run copy
        }
        match family.step(src, r, dst, w, last) {
            Ok(next) => (r, w) = next,
            Err(stop) => return stop,
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
        while r + 1 < src.len() && dst.len() - w >= 3 {
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
                    w = write_bmp(dst, w, cp);
                    r += 2;
                }
                None => break,
            }
        }
        return (r, w);
    }
}

/// For the families whose only state is one pending lead byte (0 = none):
/// the lead, taken from the state or else from `src[r]`, and where the byte
/// after it is. A lead from `src` is a fresh byte (`next > r`): the caller
/// applies its single-byte rules to it first.
#[inline(always)]
pub(crate) fn take_lead(pending: &mut u8, src: &[u8], r: usize) -> (u8, usize) {
    match std::mem::take(pending) {
        0 => (src[r], r + 1),
        lead => (lead, r),
    }
}

/// No byte after `lead` in this call: it waits for the next call, or, when it
/// was already waiting (no input left), the call ends: at the end of the
/// stream a lone lead is an error.
#[inline(never)]
pub(crate) fn trail_missing(
    pending: &mut u8,
    lead: u8,
    next: usize,
    r: usize,
    w: usize,
    last: bool,
) -> Result<(usize, usize), Stop> {
    if next > r {
        *pending = lead;
        return Ok((next, w));
    }
    if last {
        let m = RawMalformed::new(&[lead], 0);
        return Err((RawDecoderResult::Malformed(m), r, w));
    }
    *pending = lead;
    Err((RawDecoderResult::InputEmpty, r, w))
}
