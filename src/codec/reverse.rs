//! The encoders' tables ([`BytesTable`]: code point -> the two bytes a
//! double-byte encoder writes; [`ReverseTable`]: code point -> pointer, for
//! the single-byte encoders), built from the decode indexes on first use
//! instead of stored in the binary: one table per index (issue 22). A
//! double-byte encoding's table costs 0.5-1 M instructions to build, once
//! per process, against 50-75 KB of the binary each.
//!
//! The standard's rules for which pointer an encoder uses (Shift_JIS skips
//! 8272..=8835, Big5 skips the HKSCS leads and takes the last pointer for six
//! code points) are applied here.

use super::tables::{
    index_code_point, BytesTable, CodePointTable, ReverseTable, UTF8_BIG5, UTF8_EUC_KR,
    UTF8_GB18030, UTF8_JIS0208,
};
use std::marker::PhantomData;

/// The two bytes for a pointer in the double-byte layouts: `row` trails per
/// lead, leads from `lead_base`, trails from `trail_base`, skipping `gap`
/// byte values after the first 0x3F trails (Shift_JIS, gb18030: 0x7F; Big5:
/// 0x7F..=0xA0).
fn two_bytes(pointer: u32, row: u32, lead_base: u32, trail_base: u32, gap: u32) -> [u8; 2] {
    let (lead, trail) = (pointer / row, pointer % row);
    let trail = trail + trail_base + if trail < 0x3F { 0 } else { gap };
    [(lead + lead_base) as u8, trail as u8]
}

/// A [`CodePointTable`] of `pairs` (code point, nonzero value), in the
/// index's pointer order: the first value of each code point wins, except
/// for the code points in `last`, whose last one does.
fn table<V>(pairs: impl Iterator<Item = (u32, u16)>, last: &[u32]) -> CodePointTable<V> {
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
    CodePointTable {
        bmp,
        astral: astral.into_iter().map(|(cp, _, v)| (cp, v)).collect(),
        values: PhantomData,
    }
}

/// The [`BytesTable`] of the double-byte index `words`: each code point gets
/// the bytes of its first pointer that `skip` does not exclude (of its last
/// for the code points in `last`).
fn build(
    words: &'static [u32],
    skip: impl Fn(u32) -> bool,
    last: &[u32],
    bytes_of: impl Fn(u32) -> [u8; 2],
) -> BytesTable {
    let pairs = (0..words.len() as u32)
        .filter(|&p| !skip(p))
        .filter_map(|p| Some((index_code_point(words, p as usize)?, p)))
        .map(|(cp, p)| (cp, u16::from_le_bytes(bytes_of(p))));
    table(pairs, last)
}

/// The [`ReverseTable`] of a single-byte encoding's index (128 code points,
/// 0 for none).
pub(super) fn single_byte(decode: &[u16; 128]) -> ReverseTable {
    let pairs = (0..128u16)
        .filter(|&p| decode[usize::from(p)] != 0)
        .map(|p| (u32::from(decode[usize::from(p)]), p + 1));
    table(pairs, &[])
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
