//! The encoders' tables ([`BytesTable`]: code point -> the two bytes a
//! double-byte encoder writes; [`ByteTable`]: code point -> the byte a
//! single-byte encoder writes), built from the decode indexes on first use
//! instead of stored in the binary: one table per index (issue 22). A
//! double-byte encoding's table costs 0.5-1 M instructions to build, once
//! per process, against 50-75 KB of the binary each; a single-byte one's,
//! 3 KB or so, a few thousand.
//!
//! The standard's rules for which pointer an encoder uses (Shift_JIS skips
//! 8272..=8835, Big5 skips the HKSCS leads and takes the last pointer for six
//! code points) are applied here.

use super::tables::{BytesTable, WordTable, UTF8_BIG5, UTF8_EUC_KR, UTF8_GB18030, UTF8_JIS0208};

/// The two bytes for a pointer in the double-byte layouts: `row` trails per
/// lead, leads from `lead_base`, trails from `trail_base`, skipping `gap`
/// byte values after the first 0x3F trails (Shift_JIS, gb18030: 0x7F; Big5:
/// 0x7F..=0xA0).
fn two_bytes(pointer: u32, row: u32, lead_base: u32, trail_base: u32, gap: u32) -> [u8; 2] {
    let (lead, trail) = (pointer / row, pointer % row);
    let trail = trail + trail_base + if trail < 0x3F { 0 } else { gap };
    [(lead + lead_base) as u8, trail as u8]
}

/// A [`BytesTable`] of `pairs` (code point, nonzero value), in the
/// index's pointer order: the first value of each code point wins, except
/// for the code points in `last`, whose last one does.
fn table(pairs: impl Iterator<Item = (u32, u16)>, last: &[u32]) -> BytesTable {
    // Zeroed by the allocator (calloc): untouched pages cost nothing.
    let mut bmp: Box<[u16; 0x10000]> = vec![0u16; 0x10000]
        .into_boxed_slice()
        .try_into()
        .expect("0x10000 entries");
    let mut astral: Vec<(u32, usize, u16)> = Vec::new();
    for (i, (cp, value)) in pairs.enumerate() {
        if cp > 0xFFFF {
            astral.push((cp, i, value));
            continue;
        }
        let slot = &mut bmp[cp as usize];
        if *slot == 0 || last.contains(&cp) {
            *slot = value;
        }
    }
    // By code point, then order: the first of each code point stays.
    astral.sort_unstable();
    astral.dedup_by_key(|&mut (cp, ..)| cp);
    BytesTable {
        bmp,
        astral: astral.into_iter().map(|(cp, _, v)| (cp, v)).collect(),
    }
}

/// The [`BytesTable`] of the double-byte index `index` (from its compact
/// form: an encoder does not build the decoders' words): each code point
/// gets the bytes of its first pointer that `skip` does not exclude (of its
/// last for the code points in `last`).
fn build(
    index: &WordTable,
    skip: impl Fn(u32) -> bool,
    last: &[u32],
    bytes_of: impl Fn(u32) -> [u8; 2],
) -> BytesTable {
    let pairs = (0..index.len() as u32)
        .filter(|&p| !skip(p))
        .filter_map(|p| Some((index.code_point(p as usize)?, p)))
        .map(|(cp, p)| (cp, u16::from_le_bytes(bytes_of(p))));
    table(pairs, last)
}

/// A single-byte encoder's table: code point -> its byte (0: none; no code
/// point from U+0080 maps to a byte below 0x80). The 128 code points of an
/// index are a few letters of one script below U+0800, and a few signs
/// (dashes, quotes, the euro, box drawing; Thai's letters) above: those go
/// through rows of 64, one per 64 code points that have any (at most
/// [`ROWS`] - 1: macintosh has 9), so the table is 4 KB where a flat one
/// over the BMP was 128 KB, zeroed per process.
pub(crate) struct ByteTable {
    /// U+0000..U+07FF (two-byte UTF-8, and ASCII unused), one load each.
    pub below_800: [u8; 0x800],
    /// A code point's top ten bits -> its row in `rows` (0: the empty row).
    rows_of: [u8; 0x400],
    /// Inline and a power of two: a row number masked to it needs no bounds
    /// check, and nothing is loaded to find the rows.
    rows: [[u8; 64]; ROWS],
}

/// Room for the rows of code points U+0800 up, the empty one included.
const ROWS: usize = 16;

impl ByteTable {
    /// The table of a single-byte encoding's index (128 code points, 0 for
    /// none; all in the BMP).
    pub(super) fn new(decode: &[u16; 128]) -> ByteTable {
        let mut t = ByteTable {
            below_800: [0; 0x800],
            rows_of: [0; 0x400],
            rows: [[0; 64]; ROWS],
        };
        let mut used = 1;
        for (pointer, &cp) in (0u8..).zip(decode) {
            let (cp, byte) = (usize::from(cp), 0x80 + pointer);
            let slot = match cp {
                0 => continue,
                0x80..0x800 => &mut t.below_800[cp],
                _ => {
                    let row = &mut t.rows_of[cp >> 6];
                    if *row == 0 {
                        assert!(used < ROWS, "more than {ROWS} rows");
                        *row = used as u8;
                        used += 1;
                    }
                    &mut t.rows[usize::from(*row)][cp & 0x3F]
                }
            };
            // The first pointer of a code point wins, as in every index.
            if *slot == 0 {
                *slot = byte;
            }
        }
        t
    }

    /// The byte for the code point of the three-byte UTF-8 `b0 b1 b2`, if
    /// any (straight from the bytes: no code point to put together).
    #[inline(always)]
    pub fn three_byte(&self, b0: u8, b1: u8, b2: u8) -> Option<u8> {
        let top = usize::from(b0 & 0x0F) << 6 | usize::from(b1 & 0x3F);
        let byte = self.in_rows(top, usize::from(b2 & 0x3F));
        (byte != 0).then_some(byte)
    }

    /// How many of the three-byte characters that start `src` (valid
    /// UTF-8) have a byte, written to `dst` while there is room: Thai text
    /// is runs of them, one load of the rows each, no branch on the length.
    #[inline(always)]
    pub fn three_byte_run(&self, src: &[u8], dst: &mut [u8]) -> usize {
        let mut n = 0;
        for (c, out) in src.chunks_exact(3).zip(dst.iter_mut()) {
            if c[0] & 0xF0 != 0xE0 {
                break;
            }
            match self.three_byte(c[0], c[1], c[2]) {
                Some(byte) => *out = byte,
                None => break,
            }
            n += 1;
        }
        n
    }

    /// The byte for any code point from U+0080, if any.
    pub fn byte(&self, cp: u32) -> Option<u8> {
        let byte = match cp {
            0..0x800 => self.below_800[cp as usize],
            0x800..=0xFFFF => self.in_rows(cp as usize >> 6, cp as usize & 0x3F),
            _ => 0,
        };
        (byte != 0).then_some(byte)
    }

    /// The byte of the code point with top ten bits `top` and low six
    /// `low` (U+0800 up), 0 for none.
    #[inline(always)]
    fn in_rows(&self, top: usize, low: usize) -> u8 {
        let row = usize::from(self.rows_of[top]) % ROWS;
        self.rows[row][low]
    }

    /// Rows in use, the empty one included.
    #[cfg(test)]
    fn rows(&self) -> usize {
        1 + self.rows_of.iter().filter(|&&r| r != 0).count()
    }
}

pub(super) fn euc_jp() -> BytesTable {
    build(
        &UTF8_JIS0208,
        |_| false,
        &[],
        |p| two_bytes(p, 94, 0xA1, 0xA1, 0),
    )
}

/// "index Shift_JIS pointer": pointers 8272..=8835 duplicate NEC selections
/// of IBM extensions that Shift_JIS encoders must not produce.
pub(super) fn shift_jis() -> BytesTable {
    build(
        &UTF8_JIS0208,
        |p| (8272..=8835).contains(&p),
        &[],
        |p| {
            let lead_base = if p / 188 < 0x1F { 0x81 } else { 0xC1 };
            two_bytes(p, 188, lead_base, 0x40, 1)
        },
    )
}

pub(super) fn euc_kr() -> BytesTable {
    build(
        &UTF8_EUC_KR,
        |_| false,
        &[],
        |p| two_bytes(p, 190, 0x81, 0x41, 0),
    )
}

pub(super) fn gb18030() -> BytesTable {
    build(
        &UTF8_GB18030,
        |_| false,
        &[],
        |p| two_bytes(p, 190, 0x81, 0x40, 1),
    )
}

/// "index Big5 pointer": pointers below (0xA1 - 0x81) * 157 are skipped (they
/// are HKSCS extensions the encoder must not produce), and six code points use
/// their last pointer instead of their first.
pub(super) fn big5() -> BytesTable {
    const LAST_POINTER: [u32; 6] = [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345];
    build(
        &UTF8_BIG5,
        |p| p < (0xA1 - 0x81) * 157,
        &LAST_POINTER,
        |p| two_bytes(p, 157, 0x81, 0x40, 0x62 - 0x40),
    )
}

#[cfg(test)]
mod tests {
    use super::ByteTable;
    use crate::codec::registry::CodecFamily;
    use crate::codec::test_support::encode_html;
    use crate::codec::Encoding;

    /// Every scalar value from U+0080 in the BMP and plane 2 (Big5's astral
    /// code points; no other index has any), in one text.
    fn every_char() -> String {
        (0x80..=0xFFFF)
            .chain(0x20000..=0x2FFFF)
            .filter_map(char::from_u32)
            .collect()
    }

    /// A single-byte encoder's table stays small: a few rows above U+0800.
    #[test]
    fn single_byte_tables_are_small() {
        for enc in Encoding::all() {
            if let CodecFamily::SingleByte(t) = enc.family() {
                let rows = ByteTable::new(t.decode).rows();
                assert!(rows <= 12, "{}: {rows} rows", enc.name());
            }
        }
    }

    /// The run-time tables give what encoding_rs gives (html mode: the
    /// unmapped code points become references) for every character, on
    /// each encoding that reads them, single-byte ones included.
    #[test]
    fn every_code_point_encodes_as_encoding_rs() {
        let text = every_char();
        let encodings = Encoding::all()
            .filter(|e| !matches!(e.name(), "UTF-8" | "UTF-16BE" | "UTF-16LE" | "replacement"));
        for enc in encodings {
            let oracle = encoding_rs::Encoding::for_label(enc.name().as_bytes()).unwrap();
            let (expected, _, _) = oracle.encode(&text);
            let got = encode_html(enc, &[&text], 1 << 16);
            assert!(got == expected.as_ref(), "{}", enc.name());
        }
    }
}
