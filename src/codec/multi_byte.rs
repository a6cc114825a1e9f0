//! The decode loop every multi-byte CJK family shares (Shift_JIS, EUC-JP,
//! EUC-KR, Big5, gb18030), written once: each family supplies only its byte
//! rules through [`MultiByte`], as encoding_rs's `macros.rs` does.
//!
//! The loop copies ASCII runs a word at a time, then decodes the family's
//! common two-byte pairs (and the ASCII between them: lone bytes one at a
//! time, short runs 8 bytes at once) inline while a whole pair is in the
//! input and 4 bytes of output are free. A pair costs two small pointer-table
//! loads, one load of its precomputed UTF-8 (the `UTF8_*` tables,
//! `tables::WordTable`) and one store. Everything else
//! (a sequence begun in an earlier call, single-byte characters, longer
//! sequences, errors, the end of the input) goes to the family's
//! [`MultiByte::step`], one character at a time.

use std::marker::PhantomData;

use super::ascii::copy_ascii;
use super::shared::write_bmp;
use super::simd::{self, Kernel, PairShape};
use super::tables::Words;
use super::{RawDecoderResult, RawMalformed};

mod pairs;
pub(crate) use pairs::Pairs;

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

    /// The family's common pairs.
    const PAIRS: &'static Pairs;

    /// The hot loop's pair: for a byte `lead >= 0x80` and the byte after it,
    /// the UTF-8 word (see [`Words`]) of the non-ASCII BMP code point they
    /// decode to when they are one of the family's common pairs; 0 hands
    /// them to [`step`](MultiByte::step). `words` is the family's
    /// ([`Pairs::words`]). (The hot loop reads the same through [`Words`],
    /// from either form of the index; the kernel's tests read this.)
    #[cfg(test)]
    fn hot_pair(words: &[u32], lead: u8, byte: u8) -> u32 {
        words.word(Self::PAIRS.pointer(lead, byte))
    }

    /// The hot loop's longer sequences, tried where a non-ASCII byte does
    /// not start a common pair: one at the start of `src` decoded into
    /// `dst` (4 bytes of room), as (bytes read, bytes written); `None`
    /// hands it to [`step`](MultiByte::step). Only gb18030 has them (its
    /// four-byte sequences).
    #[inline(always)]
    fn hot_long(_src: &[u8], _dst: &mut [u8]) -> Option<(usize, usize)> {
        None
    }

    /// The family's common pairs for the vector kernel (`simd/cjk.rs`),
    /// which decodes them a block at a time where the CPU has it; `None`:
    /// the scalar loop only.
    const SHAPE: Option<&'static PairShape> = Some(&Self::PAIRS.shape);

    /// Whether a sequence begun in an earlier call (or bytes the standard
    /// restored after an error) is pending.
    fn pending(&self) -> bool;

    /// Input this decoder has read through the compact index
    /// ([`Pairs::compact_allowance`]).
    fn compact_read(&mut self) -> &mut usize;

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
    let allowance = F::PAIRS.compact_allowance(*family.compact_read());
    if allowance == 0 {
        return decode_with(family, src, dst, last, Some(F::PAIRS.words()));
    }
    // Through the compact index up to the decoder's allowance, the rest
    // with the words (a sequence cut there stays pending in between).
    let n = src.len().min(allowance);
    let (result, r, w) = decode_with(family, &src[..n], dst, last && n == src.len(), None);
    *family.compact_read() += r;
    if n == src.len() || !matches!(result, RawDecoderResult::InputEmpty) {
        return (result, r, w);
    }
    let words = Some(F::PAIRS.words());
    let (result, r2, w2) = decode_with(family, &src[r..], &mut dst[w..], last, words);
    (result, r + r2, w + w2)
}

/// [`decode`] with the index's UTF-8 words, or its compact form (`None`).
/// Not inlined: [`decode`] calls it in three places, and its loops are
/// the family's largest code (once per call, not per byte).
#[inline(never)]
fn decode_with<F: MultiByte>(
    family: &mut F,
    src: &[u8],
    dst: &mut [u8],
    last: bool,
    words: Option<&'static [u32]>,
) -> Stop {
    let mut call = Call {
        src,
        dst,
        r: 0,
        w: 0,
        last,
    };
    // Per call, not per decoder: a thread-local and an atomic load.
    let path = match F::SHAPE {
        Some(_) => Kernel::select(),
        None => Kernel::Scalar,
    };
    // Without a kernel, the scalar loop is compiled without its hand-backs.
    let kernel = F::SHAPE.is_some() && simd::has_cjk_kernel(path);
    // Where the scalar loop hands back to the kernel, kept across steps: a
    // run of characters the kernel stops at (gb18030's four-byte Arabic)
    // stays with the scalar loop, not back and forth a character at a time.
    let mut resume = 0;
    loop {
        if !family.pending() {
            let (at, resume) = ((call.r, call.w), &mut resume);
            let (src, dst) = (call.src, &mut *call.dst);
            (call.r, call.w) = match (words, kernel) {
                (Some(words), true) => hot_loop::<F, true>(src, dst, at, words, path, resume),
                (Some(words), false) => hot_loop::<F, false>(src, dst, at, words, path, resume),
                (None, _) => hot_loop::<F, false>(src, dst, at, F::PAIRS.words, path, resume),
            };
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
/// for as long as they last; returns the new positions. Where the family has
/// a vector kernel, blocks go to it from `resume` on, and the scalar loop
/// takes over only for [`KERNEL_BLOCK`] bytes from a character the kernel
/// stopped at (and for the input's end); `resume` is updated.
#[inline(always)]
fn hot_loop<F: MultiByte, const KERNEL: bool>(
    src: &[u8],
    dst: &mut [u8],
    (mut r, mut w): (usize, usize),
    words: &(impl Words + ?Sized),
    path: Kernel,
    resume_at: &mut usize,
) -> (usize, usize) {
    let mut resume = *resume_at;
    'kernel: loop {
        if let (true, Some(shape), true) = (KERNEL, F::SHAPE, r >= resume) {
            let run = simd::decode_cjk(path, shape, &src[r..], &mut dst[w..]);
            r += run.read;
            w += run.written;
            resume = run.blocked.map_or(usize::MAX, |_| r + KERNEL_BLOCK);
        }
        'ascii: loop {
            let n = copy_ascii(&src[r..], &mut dst[w..]);
            r += n;
            w += n;
            while r + 1 < src.len() && dst.len() - w >= 4 {
                if KERNEL && r >= resume {
                    continue 'kernel;
                }
                let (b, byte) = (src[r], src[r + 1]);
                if b < 0x80 {
                    if byte >= 0x80 {
                        // A lone ASCII byte (a space between words).
                        dst[w] = b;
                        w += 1;
                        r += 1;
                        continue;
                    }
                    // A short ASCII run (digits, Latin words): up to 8 bytes
                    // copied at once, up to the first non-ASCII byte; only a
                    // whole word of ASCII goes back to the run copy.
                    if let (Some(s), Some(d)) = (src.get(r..r + 8), dst.get_mut(w..w + 8)) {
                        d.copy_from_slice(s);
                        let high =
                            u64::from_le_bytes(s.try_into().unwrap()) & 0x8080_8080_8080_8080;
                        if high != 0 {
                            let n = (high.trailing_zeros() / 8) as usize;
                            r += n;
                            w += n;
                            continue;
                        }
                    }
                    continue 'ascii;
                }
                let word = words.word(F::PAIRS.pointer(b, byte));
                if word >> 24 == 0 {
                    // Not a pair, or an astral one (Big5): a longer
                    // sequence, else the family's step.
                    let Some((read, written)) = F::hot_long(&src[r..], &mut dst[w..]) else {
                        break;
                    };
                    (r, w) = (r + read, w + written);
                    continue;
                }
                // One 4-byte store; the top byte (the length) is overwritten later.
                dst[w..w + 4].copy_from_slice(&word.to_le_bytes());
                w += (word >> 24) as usize;
                r += 2;
            }
            *resume_at = resume;
            return (r, w);
        }
    }
}

/// The input the vector kernel reads per block: the scalar loop decodes at
/// least this much from a character the kernel stopped at.
const KERNEL_BLOCK: usize = 32;

/// The byte rules of a family whose only state is one pending lead byte
/// (Shift_JIS, EUC-KR, Big5): its decoder is a [`LeadDecoder`].
pub(crate) trait LeadRules {
    /// [`MultiByte::MAX_STEP`].
    const MAX_STEP: usize;

    /// [`MultiByte::PAIRS`].
    const PAIRS: &'static Pairs;

    /// What a fresh non-ASCII byte is; by default, [`lead_unless_80_or_ff`].
    #[inline(always)]
    fn single(b: u8) -> Single {
        lead_unless_80_or_ff(b)
    }

    /// Writes the code point(s) for a lead and the byte after it at
    /// `dst[w..]` and returns the end, or `None` when they do not decode.
    fn pair(lead: u8, byte: u8, dst: &mut [u8], w: usize) -> Option<usize>;
}

/// Declares a family's [`LeadDecoder`] (as `pair_encoder!` its encoder):
/// `$decoder`, over the rules `$rules`, whose [`LeadRules`] are `max_step`,
/// `pairs`, `single` (if not the default) and `pair`.
macro_rules! lead_decoder {
    (
        $(#[$doc:meta])* $decoder:ident, $rules:ident,
        max_step: $max:expr,
        pairs: $pairs:expr,
        $(single: $single:expr,)?
        pair: $pair:expr $(,)?
    ) => {
        $(#[$doc])*
        pub(crate) type $decoder = $crate::codec::multi_byte::LeadDecoder<$rules>;

        /// The family's [`LeadRules`](crate::codec::multi_byte::LeadRules).
        pub(crate) struct $rules;

        impl $crate::codec::multi_byte::LeadRules for $rules {
            const MAX_STEP: usize = $max;
            const PAIRS: &'static $crate::codec::multi_byte::Pairs = $pairs;
            $(
                #[inline(always)]
                fn single(b: u8) -> $crate::codec::multi_byte::Single {
                    ($single)(b)
                }
            )?
            #[inline(always)]
            fn pair(lead: u8, byte: u8, dst: &mut [u8], w: usize) -> Option<usize> {
                ($pair)(lead, byte, dst, w)
            }
        }
    };
}
pub(crate) use lead_decoder;

/// The decoder of a family with [`LeadRules`]: the pending lead byte
/// (0 = none).
pub(crate) struct LeadDecoder<R> {
    lead: u8,
    compact_read: usize,
    rules: PhantomData<R>,
}

impl<R> Default for LeadDecoder<R> {
    fn default() -> Self {
        Self {
            lead: 0,
            compact_read: 0,
            rules: PhantomData,
        }
    }
}

impl<R: LeadRules> MultiByte for LeadDecoder<R> {
    const MAX_STEP: usize = R::MAX_STEP;

    const PAIRS: &'static Pairs = R::PAIRS;

    #[inline(always)]
    fn pending(&self) -> bool {
        self.lead != 0
    }

    fn compact_read(&mut self) -> &mut usize {
        &mut self.compact_read
    }

    #[inline]
    fn step(&mut self, call: &mut Call<'_>) -> Result<(), RawDecoderResult> {
        lead_step(&mut self.lead, call, R::single, R::pair)
    }
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
fn lead_unless_80_or_ff(b: u8) -> Single {
    match b {
        0x80 | 0xFF => Single::Error,
        _ => Single::Lead,
    }
}

/// [`MultiByte::step`] for the families whose only state is one pending
/// lead byte (0 = none): [`LeadDecoder`]. `single` says what a fresh
/// byte is; `pair` writes the code point(s) for a lead and the byte after it
/// at `dst[w..]` and returns the end, or `None` when they do not decode.
#[inline(always)]
fn lead_step(
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

#[cfg(test)]
mod tests;
