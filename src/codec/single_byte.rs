//! The single-byte encodings (the standard's section 9): one shared decoder
//! and encoder driven by a [`SingleByteTable`].

use super::ascii::copy_ascii;
use super::registry::Kind;
use super::shared::encode_stateless;
use super::simd::{self, PairTables, Path};
use super::tables::{SingleByteTable, ENCODINGS};
use super::{Decoded, Encoded, RawDecoderResult, RawMalformed};
use std::sync::OnceLock;

/// For every byte, the UTF-8 of its code point packed as by [`packed_utf8`]
/// (length 0: no code point).
type Utf8Table = [u32; 256];

/// Packs the UTF-8 form of `cp` (at most 3 bytes) into the low bytes of a
/// `u32`, in order, with its length in the top byte.
fn packed_utf8(cp: u16) -> u32 {
    let mut buf = [0u8; 4];
    let len = char::from_u32(u32::from(cp)).map_or(0, |c| c.encode_utf8(&mut buf).len());
    buf[3] = len as u8;
    u32::from_le_bytes(buf)
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

/// What a decoder looks bytes up in: the scalar table and the vector
/// kernels' two-byte tables, derived from it.
struct DecodeTables {
    utf8: Utf8Table,
    pairs: PairTables,
}

fn build_decode_tables(t: &SingleByteTable) -> DecodeTables {
    let utf8 = build_utf8_table(t);
    let pairs = PairTables::new(|b| {
        let e = utf8[usize::from(b)];
        e.to_le_bytes()[..(e >> 24) as usize].to_vec()
    });
    DecodeTables { utf8, pairs }
}

/// The [`DecodeTables`] of `t`, built on first use and kept for the program's
/// life (one per encoding, so decoders stay small and cheap to create).
fn decode_tables(t: &'static SingleByteTable) -> &'static DecodeTables {
    const SLOTS: usize = 64;
    static CACHE: [OnceLock<DecodeTables>; SLOTS] = [const { OnceLock::new() }; SLOTS];
    let slot = ENCODINGS
        .iter()
        .position(|e| matches!(e.kind(), Kind::SingleByte(x) if std::ptr::eq(x, t)));
    match slot {
        Some(i) if i < SLOTS => CACHE[i].get_or_init(|| build_decode_tables(t)),
        // Every single-byte table belongs to an encoding; this is only a
        // fallback.
        _ => Box::leak(Box::new(build_decode_tables(t))),
    }
}

/// Bytes the scalar loop takes after the vector kernel stops before handing
/// back to it: enough to get past a three-byte character or an error. Each
/// time the kernel stops at once (text that never suits it, such as Thai) the
/// stretch doubles, up to the maximum, so such text costs little more than
/// the scalar loop alone. (Resetting only after longer kernel runs was
/// measured: it costs Russian text, with its frequent dashes, a third.)
const MIN_STRETCH: usize = 64;
const MAX_STRETCH: usize = 1 << 14;

/// The single-byte decoder.
pub(crate) struct SingleByteDecoder {
    tables: &'static DecodeTables,
    path: Path,
    /// The scalar stretch, as above.
    stretch: usize,
}

impl SingleByteDecoder {
    pub fn new(t: &'static SingleByteTable) -> Self {
        SingleByteDecoder {
            tables: decode_tables(t),
            path: Path::select(),
            stretch: MIN_STRETCH,
        }
    }

    pub fn decode(&mut self, src: &[u8], dst: &mut [u8], _last: bool) -> Decoded {
        let utf8 = &self.tables.utf8;
        let mut r = 0;
        let mut w = 0;
        loop {
            // Whole blocks of ASCII and two-byte characters, vectorised.
            let (kr, kw) =
                simd::decode_pairs(self.path, &self.tables.pairs, &src[r..], &mut dst[w..]);
            r += kr;
            w += kw;
            self.stretch = match kr {
                0 => (self.stretch * 2).min(MAX_STRETCH),
                _ => MIN_STRETCH,
            };
            // Then eight bytes at a time, with room for the worst case: a word
            // of ASCII starts a word-wise copy; any other word goes through
            // the table byte by byte, branch-free but for errors (each byte
            // writes four bytes and keeps its UTF-8 length).
            // (One bound for both limits keeps the loop's test as cheap as
            // when it had only the input's end.)
            let end = match self.path {
                Path::Scalar => src.len(),
                _ => src.len().min(r + self.stretch),
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

/// The single-byte encoder.
pub(crate) struct SingleByteEncoder {
    table: &'static SingleByteTable,
}

impl SingleByteEncoder {
    pub fn new(t: &'static SingleByteTable) -> Self {
        SingleByteEncoder { table: t }
    }

    pub fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> Encoded {
        let table = self.table.encode;
        encode_stateless::<1>(src, dst, |cp, out| {
            out[0] = (table.pointer(cp)? + 0x80) as u8;
            Some(1)
        })
    }
}

#[cfg(test)]
mod tests;
