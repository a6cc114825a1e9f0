//! The tables build.rs generates from `indexes/`, and the two table shapes.

use super::registry::{CodecFamily, Encoding};

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// Code point -> pointer, for encoders. BMP code points go through 256 pages
/// of 256 entries (`pages[cp >> 8]` picks a block of `data`; empty pages all
/// share block 0), astral ones through a short sorted list. Entries hold
/// pointer + 1, so 0 means unmapped.
pub(crate) struct ReverseTable {
    pub pages: &'static [u16; 256],
    pub data: &'static [u16],
    pub astral: &'static [(u32, u16)],
}

impl ReverseTable {
    /// The pointer the standard's encoder uses for `cp`, if any.
    #[inline(always)]
    pub fn pointer(&self, cp: u32) -> Option<u16> {
        paged_entry(self.pages, self.data, self.astral, cp).checked_sub(1)
    }
}

/// Code point -> the two bytes a double-byte encoder writes, laid out as
/// [`ReverseTable`] but holding `u16::from_le_bytes([lead, trail])` (0 means
/// unmapped: no lead byte is 0). build.rs applies the encoding's pointer ->
/// bytes rule once, so encoders do no division per character.
pub(crate) struct BytesTable {
    pub pages: &'static [u16; 256],
    pub data: &'static [u16],
    pub astral: &'static [(u32, u16)],
}

impl BytesTable {
    /// The two bytes for `cp`, if the encoding's index has it.
    #[inline(always)]
    pub fn bytes(&self, cp: u32) -> Option<[u8; 2]> {
        let entry = paged_entry(self.pages, self.data, self.astral, cp);
        (entry != 0).then(|| entry.to_le_bytes())
    }
}

/// The entry for `cp` in the layout both reverse tables share (0: none).
#[inline(always)]
fn paged_entry(pages: &[u16; 256], data: &[u16], astral: &[(u32, u16)], cp: u32) -> u16 {
    if cp <= 0xFFFF {
        let block = pages[(cp >> 8) as usize] as usize;
        data[(block << 8) | (cp & 0xFF) as usize]
    } else {
        let i = astral.binary_search_by_key(&cp, |&(c, _)| c).ok();
        i.map_or(0, |i| astral[i].1)
    }
}

/// A single-byte encoding: bytes 0x80..=0xFF decode through `decode`
/// (pointer = byte - 0x80; 0 = no code point), the rest is ASCII.
pub(crate) struct SingleByteTable {
    pub decode: &'static [u16; 128],
    pub encode: &'static ReverseTable,
}

/// The code point at `pointer` of a double-byte index, from its only table,
/// the UTF-8 words build.rs writes (`UTF8_*`: the UTF-8 bytes low and their
/// count in the top byte; an astral code point as itself, top byte 0; 0 for
/// none). `None` past the end or where the index has no code point.
#[inline(always)]
pub(crate) fn index_code_point(words: &[u32], pointer: usize) -> Option<u32> {
    let word = *words.get(pointer)?;
    let [b0, b1, b2, len] = word.to_le_bytes();
    let (b0, b1, b2) = (u32::from(b0), u32::from(b1 & 0x3F), u32::from(b2 & 0x3F));
    match len {
        0 if word == 0 => None,
        0 => Some(word),
        2 => Some((b0 & 0x1F) << 6 | b1),
        _ => Some((b0 & 0x0F) << 12 | b1 << 6 | b2),
    }
}
