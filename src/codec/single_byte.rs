//! The single-byte encodings (the standard's section 9): one shared decoder
//! and encoder driven by a [`SingleByteTable`].

use super::ascii::{copy_ascii, copy_block, Probe, BLOCK};
use super::registry::CodecFamily;
use super::reverse::ByteTable;
use super::shared::{next_scalar, unmappable, References};
use super::simd::{self, EncodeTables, Kernel, PairTables, Run, TripleEncodeTables, TripleTables};
use super::tables::{SingleByteTable, ENCODINGS};
use super::{Decoded, Encoded, RawDecoderResult, RawEncoderResult, RawMalformed};
use std::sync::OnceLock;

/// For every byte, the UTF-8 of its code point packed as by [`packed_utf8`]
/// (length 0: no code point).
type Utf8Table = [u32; 256];

/// Packs the UTF-8 form of `cp` (at most 3 bytes, not a surrogate) into
/// the low bytes of a `u32`, in order, with its length in the top byte.
fn packed_utf8(cp: u16) -> u32 {
    match cp {
        0..0x80 => u32::from(cp) | 1 << 24,
        _ => super::tables::utf8_word(cp),
    }
}

fn build_utf8_table(t: &SingleByteTable) -> Utf8Table {
    let mut utf8 = [0u32; 256];
    for (b, e) in utf8.iter_mut().enumerate() {
        *e = match b {
            0..=0x7F => packed_utf8(b as u16),
            _ => match t.decode[b - 0x80] {
                0 => 0,
                cp => packed_utf8(cp),
            },
        };
    }
    utf8
}

/// What decoders look bytes up in, derived from the index: the scalar
/// table and the vector kernels' tables (the two-byte kernel's, or for an
/// encoding with a block of three-byte characters, Thai, that kernel's).
struct DecodeTables {
    utf8: Utf8Table,
    pairs: PairTables,
    triples: Option<TripleTables>,
}

/// What encoders look code points up in, derived from the index: the table
/// and its kernel's small part of it (the two-byte kernel's, or the Thai
/// one's). Built apart from [`DecodeTables`]: the detector decodes with
/// every single-byte candidate and encodes with none.
struct EncodeSide {
    bytes: ByteTable,
    encode: Option<EncodeTables>,
    encode_triples: Option<TripleEncodeTables>,
}

fn build_decode_tables(t: &SingleByteTable) -> DecodeTables {
    let utf8 = build_utf8_table(t);
    let utf8_of = |b: u8| {
        let e = utf8[usize::from(b)];
        (e.to_le_bytes(), (e >> 24) as usize)
    };
    DecodeTables {
        utf8,
        pairs: PairTables::new(utf8_of),
        triples: TripleTables::new(utf8_of),
    }
}

fn build_encode_side(t: &SingleByteTable) -> EncodeSide {
    let bytes = ByteTable::new(t.decode);
    EncodeSide {
        encode: EncodeTables::new(&bytes.below_800),
        encode_triples: TripleEncodeTables::new(t.decode),
        bytes,
    }
}

/// Room for every single-byte encoding's tables.
const SLOTS: usize = 64;

/// The tables `build` derives from `t`, built on first use and kept in
/// `cache` for the program's life (one per encoding, so decoders and
/// encoders stay small and cheap to create). Boxed: unboxed, the slots'
/// room would sit in the binary's initialised data.
fn cached<T>(
    cache: &'static [OnceLock<Box<T>>; SLOTS],
    t: &'static SingleByteTable,
    build: fn(&SingleByteTable) -> T,
) -> &'static T {
    let slot = ENCODINGS
        .iter()
        .position(|e| matches!(e.family(), CodecFamily::SingleByte(x) if std::ptr::eq(x, t)));
    match slot {
        Some(i) if i < SLOTS => cache[i].get_or_init(|| Box::new(build(t))),
        // Every single-byte table belongs to an encoding; this is only a
        // fallback.
        _ => Box::leak(Box::new(build(t))),
    }
}

fn decode_tables(t: &'static SingleByteTable) -> &'static DecodeTables {
    static CACHE: [OnceLock<Box<DecodeTables>>; SLOTS] = [const { OnceLock::new() }; SLOTS];
    cached(&CACHE, t, build_decode_tables)
}

fn encode_side(t: &'static SingleByteTable) -> &'static EncodeSide {
    static CACHE: [OnceLock<Box<EncodeSide>>; SLOTS] = [const { OnceLock::new() }; SLOTS];
    cached(&CACHE, t, build_encode_side)
}

/// Bytes the scalar loop takes after the vector kernel stops before handing
/// back to it: normally just past the byte that stopped the kernel (a
/// three-byte character or an error). Each time the kernel stops at once
/// (text that rarely suits it) the stretch doubles, up to the maximum, so
/// such text costs little more than the scalar loop alone. (Resetting only after longer kernel runs was
/// measured: it costs Russian text, with its frequent dashes, a third.)
const MIN_STRETCH: usize = 64;
const MAX_STRETCH: usize = 1 << 14;

/// The scalar loop's stretch after a kernel's `run` (see above), `stretch`
/// holding the doubling one between calls.
fn scalar_stretch(stretch: &mut usize, run: &Run) -> usize {
    // Through the byte that stopped the kernel (in whole words).
    let through = run.blocked.map_or(MIN_STRETCH, |at| (at + 8) & !7);
    match run.read {
        0 => {
            *stretch = (*stretch * 2).min(MAX_STRETCH);
            (*stretch).max(through)
        }
        _ => {
            *stretch = MIN_STRETCH;
            through
        }
    }
}

/// The single-byte decoder.
pub(crate) struct SingleByteDecoder {
    tables: &'static DecodeTables,
    path: Kernel,
    /// The scalar stretch, as above.
    stretch: usize,
}

impl SingleByteDecoder {
    pub fn new(t: &'static SingleByteTable) -> Self {
        SingleByteDecoder {
            tables: decode_tables(t),
            path: Kernel::select(),
            stretch: MIN_STRETCH,
        }
    }

    pub fn decode(&mut self, src: &[u8], dst: &mut [u8], _last: bool) -> Decoded {
        let utf8 = &self.tables.utf8;
        let mut r = 0;
        let mut w = 0;
        loop {
            // Whole blocks of ASCII and two-byte (or Thai) characters,
            // vectorised.
            let run = match &self.tables.triples {
                None => simd::decode_pairs(
                    self.path,
                    &self.tables.pairs,
                    utf8,
                    &src[r..],
                    &mut dst[w..],
                ),
                Some(t) => simd::decode_triples(self.path, t, &src[r..], &mut dst[w..]),
            };
            r += run.read;
            w += run.written;
            // The scalar loop takes over through the byte that stopped the
            // kernel, or the doubling stretch when the kernel stopped at once.
            let stretch = scalar_stretch(&mut self.stretch, &run);
            // Then eight bytes at a time, with room for the worst case: a word
            // of ASCII starts a word-wise copy; any other word goes through
            // the table byte by byte, branch-free but for errors (each byte
            // writes four bytes and keeps its UTF-8 length).
            // (One bound for both limits keeps the loop's test as cheap as
            // when it had only the input's end.)
            let end = match self.path {
                Kernel::Scalar => src.len(),
                _ => src.len().min(r + stretch),
            };
            while r + 8 <= end && w + 32 <= dst.len() {
                let word = u64::from_le_bytes(src[r..r + 8].try_into().unwrap());
                if word & 0x8080_8080_8080_8080 == 0 {
                    let n = copy_ascii(&src[r..], &mut dst[w..]);
                    r += n;
                    w += n;
                    continue;
                }
                for k in 0..8 {
                    let b = (word >> (8 * k)) as u8;
                    let e = utf8[b as usize];
                    let len = (e >> 24) as usize;
                    if len == 0 {
                        let m = RawMalformed::new(&[b], 0);
                        return (RawDecoderResult::Malformed(m), r + k + 1, w);
                    }
                    dst[w..w + 4].copy_from_slice(&e.to_le_bytes());
                    w += len;
                }
                r += 8;
            }
            if r + 8 <= src.len() && w + 32 <= dst.len() {
                continue; // stretch done: back to the kernel
            }
            // Near the end of either: one byte at a time, exactly.
            let Some(&b) = src.get(r) else {
                return (RawDecoderResult::InputEmpty, r, w);
            };
            let e = utf8[b as usize];
            let len = (e >> 24) as usize;
            if len == 0 {
                let m = RawMalformed::new(&[b], 0);
                return (RawDecoderResult::Malformed(m), r + 1, w);
            }
            let Some(out) = dst.get_mut(w..w + len) else {
                return (RawDecoderResult::OutputFull, r, w);
            };
            out.copy_from_slice(&e.to_le_bytes()[..len]);
            r += 1;
            w += len;
        }
    }
}

/// Where the loops count the references they write: `None` outside html
/// mode.
type Refs<'a> = Option<&'a mut References>;

/// Html mode's answer to the unmappable `cp`, the character before `after`
/// in `src`: with `refs` and room for the longest reference, `&#N;` written
/// at `dst[w..]` and counted, and the loop goes on from past both; else the
/// character is the call's result.
#[cold]
fn refer(
    cp: u32,
    after: usize,
    dst: &mut [u8],
    w: usize,
    refs: &mut Refs,
) -> Result<(usize, usize), Encoded> {
    if let Some(refs) = refs {
        // (Always a scalar value: it was read from a `str`.)
        let ch = char::from_u32(cp).unwrap_or(char::REPLACEMENT_CHARACTER);
        if let Some(n) = refs.write(ch, after - ch.len_utf8(), &mut dst[w..]) {
            return Ok((after, w + n));
        }
    }
    Err((unmappable(cp), after, w))
}

/// The single-byte encoder.
pub(crate) struct SingleByteEncoder {
    tables: &'static EncodeSide,
    path: Kernel,
    /// The scalar stretch, as the decoder's.
    stretch: usize,
}

impl SingleByteEncoder {
    pub fn new(t: &'static SingleByteTable) -> Self {
        SingleByteEncoder {
            tables: encode_side(t),
            path: Kernel::select(),
            stretch: MIN_STRETCH,
        }
    }

    /// The vector kernel while it lasts (ASCII and the two-byte characters
    /// of a few lead bytes), then the scalar loop for a stretch, in turn;
    /// only the scalar loop for encodings without a kernel.
    pub fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> Encoded {
        self.encode_with(src, dst, &mut None)
    }

    /// [`Self::encode`], writing html references into `dst` when `refs`
    /// counts them (see [`Self::encode_html`]).
    #[inline(always)]
    fn encode_with(&mut self, src: &str, dst: &mut [u8], refs: &mut Refs) -> Encoded {
        let (mut r, mut w) = (0, 0);
        loop {
            let t = &self.tables;
            let run = match (&t.encode, &t.encode_triples, self.path) {
                (_, _, Kernel::Scalar) | (None, None, _) => None,
                (Some(t), _, path) => Some(simd::encode_pairs(path, t, &src[r..], &mut dst[w..])),
                (None, Some(t), path) => {
                    Some(simd::encode_triples(path, t, &src[r..], &mut dst[w..]))
                }
            };
            let end = match run {
                None => src.len(),
                Some(run) => {
                    r += run.read;
                    w += run.written;
                    src.len().min(r + scalar_stretch(&mut self.stretch, &run))
                }
            };
            match self.encode_scalar(src.as_bytes(), dst, (r, w), end, refs) {
                Ok(at) => (r, w) = at,
                Err(result) => return result,
            }
        }
    }

    /// [`Self::encode`] in html mode: an unmappable character becomes
    /// `&#N;` where the loops meet it, while `dst` has room for the longest
    /// (10 bytes), with no way out to the [`Encoder`](super::Encoder) and
    /// back; without that room it is the call's result, for the `Encoder`
    /// to write.
    pub fn encode_html(&mut self, src: &str, dst: &mut [u8], _last: bool) -> (Encoded, References) {
        let mut refs = References::default();
        let result = self.encode_with(src, dst, &mut Some(&mut refs));
        (result, refs)
    }

    /// The hot loop for Latin text (and the other scripts' between kernel
    /// runs): a block of ASCII at a time ([`copy_block`]), and the two-byte
    /// characters in it through the flat part of the table, in one loop,
    /// until a block would pass `end` or `dst` or another kind of character
    /// comes (the caller's loop takes over there). An unmappable character
    /// is the call's result, as in [`Self::encode_scalar`].
    ///
    /// Blocks go a fixed [`BLOCK`] bytes on (but where the last byte leads a
    /// character): the next block's address never waits for this one's
    /// bytes to be loaded and probed, which was the loop's critical path
    /// (one probe per accented letter, each from the byte after it). The
    /// block's characters are found from its probe's lead mask; after each
    /// two-byte one the rest of the block is copied again a byte further
    /// back.
    #[inline(always)]
    fn blocks_and_pairs(
        &self,
        bytes: &[u8],
        dst: &mut [u8],
        (mut r, mut w): (usize, usize),
        end: usize,
        refs: &mut Refs,
    ) -> Result<(usize, usize), Encoded> {
        let below_800 = &self.tables.bytes.below_800;
        // The copy after a character reads up to a block past the block and
        // writes up to two blocks from its start.
        let end = end.min(bytes.len().saturating_sub(BLOCK));
        'blocks: while r + BLOCK <= end && w + 2 * BLOCK <= dst.len() {
            // SAFETY: both ranges are in bounds (the loop's test).
            let Probe { high, mut leads } = unsafe {
                let src = bytes.get_unchecked(r..r + BLOCK);
                copy_block(src, dst.get_unchecked_mut(w..w + BLOCK))
            };
            // A block of ASCII: the run goes on in the word-wise copy, whose
            // own loop is the tighter (markup's long runs; measured: handing
            // over only after the third such block in a row cost html pages
            // 10%, and Latin text too).
            if high == 0 {
                let n = copy_ascii(&bytes[r + BLOCK..end], &mut dst[w + BLOCK..]);
                (r, w) = (r + BLOCK + n, w + BLOCK + n);
                continue;
            }
            // Two-byte characters so far in the block: `dst` is that many
            // bytes behind.
            let mut k = 0;
            while leads != 0 {
                let p = leads.trailing_zeros() as usize;
                let (at, out) = (r + p, w + p - k);
                // SAFETY (the unchecked reads and writes below): `at` is in
                // the block, so `at + 2 + BLOCK` is within `bytes` (`end`'s
                // bound) and `out + 1 + BLOCK` within `dst` (the loop's); a
                // two-byte lead's trail follows it (`bytes` is UTF-8 and the
                // block starts at a character boundary).
                let b = unsafe { *bytes.get_unchecked(at) };
                if b >= 0xE0 {
                    return Ok((at, out));
                }
                if p == BLOCK - 1 {
                    // Its trail is in the next block: that block starts here.
                    (r, w) = (at, out);
                    continue 'blocks;
                }
                let trail = unsafe { *bytes.get_unchecked(at + 1) };
                let cp = usize::from(b & 0x1F) << 6 | usize::from(trail & 0x3F);
                match below_800[cp] {
                    // (The reference is at most 10 bytes: `dst` has room.)
                    0 => {
                        (r, w) = refer(cp as u32, at + 2, dst, out, refs)?;
                        continue 'blocks;
                    }
                    byte => unsafe {
                        *dst.get_unchecked_mut(out) = byte;
                        let rest = bytes.get_unchecked(at + 2..at + 2 + BLOCK);
                        dst.get_unchecked_mut(out + 1..out + 1 + BLOCK)
                            .copy_from_slice(rest);
                    },
                }
                k += 1;
                leads &= leads - 1;
            }
            (r, w) = (r + BLOCK, w + BLOCK - k);
        }
        Ok((r, w))
    }

    /// Whole characters from `r` until at or past `end` (or the end of
    /// either buffer, or an unmappable character: `Err`, the call's result).
    /// ASCII runs a word at a time; other characters and lone ASCII bytes
    /// between them in a tight loop: two-byte ones (most of Cyrillic, Greek,
    /// Hebrew, Arabic and Latin text) through the flat part of the table,
    /// runs of three-byte ones (Thai, punctuation) through its rows, in a loop
    /// of their own ([`ByteTable::three_byte_run`]); four-byte ones
    /// (never mapped) and the last byte one at a time after it.
    #[inline(always)]
    fn encode_scalar(
        &self,
        bytes: &[u8],
        dst: &mut [u8],
        (mut r, mut w): (usize, usize),
        end: usize,
        refs: &mut Refs,
    ) -> Result<(usize, usize), Encoded> {
        'run: loop {
            (r, w) = self.blocks_and_pairs(bytes, dst, (r, w), end, refs)?;
            let n = copy_ascii(&bytes[r..end.max(r)], &mut dst[w..]);
            r += n;
            w += n;
            while r + 1 < end && w < dst.len() {
                let (b, next) = (bytes[r], bytes[r + 1]);
                if b < 0x80 {
                    if next < 0x80 {
                        continue 'run;
                    }
                    dst[w] = b;
                } else if b < 0xE0 {
                    let cp = usize::from(b & 0x1F) << 6 | usize::from(next & 0x3F);
                    match self.tables.bytes.below_800[cp] {
                        0 => {
                            (r, w) = refer(cp as u32, r + 2, dst, w, refs)?;
                            continue;
                        }
                        byte => dst[w] = byte,
                    }
                    r += 1;
                } else if b < 0xF0 {
                    let n = self.tables.bytes.three_byte_run(&bytes[r..], &mut dst[w..]);
                    if n == 0 {
                        let cp = u32::from(b & 0x0F) << 12
                            | u32::from(next & 0x3F) << 6
                            | u32::from(bytes[r + 2] & 0x3F);
                        (r, w) = refer(cp, r + 3, dst, w, refs)?;
                        continue;
                    }
                    r += 3 * n;
                    w += n;
                    continue;
                } else {
                    break;
                }
                r += 1;
                w += 1;
            }
            if r == bytes.len() {
                return Err((RawEncoderResult::InputEmpty, r, w));
            }
            if w == dst.len() {
                return Err((RawEncoderResult::OutputFull, r, w));
            }
            if r >= end {
                return Ok((r, w));
            }
            // The byte before `end`, or a character of four bytes.
            let (cp, len) = match bytes[r] {
                b @ 0..=0x7F => (u32::from(b), 1),
                _ => next_scalar(bytes, r),
            };
            r += len;
            dst[w] = match cp {
                0..=0x7F => cp as u8,
                _ => match self.tables.bytes.byte(cp) {
                    Some(byte) => byte,
                    None => {
                        (r, w) = refer(cp, r, dst, w, refs)?;
                        continue;
                    }
                },
            };
            w += 1;
        }
    }
}

#[cfg(test)]
mod tests;
