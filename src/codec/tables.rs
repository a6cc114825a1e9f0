//! The tables build.rs generates from `indexes/`, and the double-byte
//! encoders' tables built from them.

use super::registry::{CodecFamily, Encoding};
use super::reverse;
use std::sync::LazyLock;

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// Code point -> the two bytes a double-byte encoder writes, built at run
/// time (`reverse.rs`, which applies the encoding's pointer -> bytes rule
/// once, so encoders do no division per character). BMP code points index
/// `bmp` directly: one load, no bounds check (128 KB of address space,
/// zeroed by the allocator, of which only the pages holding entries are ever
/// touched); astral ones go through a short sorted list. An entry is
/// `u16::from_le_bytes([lead, trail])`, 0 for none (no lead byte is 0).
pub(crate) struct BytesTable {
    pub bmp: Box<[u16; 0x10000]>,
    pub astral: Box<[(u32, u16)]>,
}

impl BytesTable {
    /// The entry for `cp` (0: none).
    #[inline(always)]
    fn entry(&self, cp: u32) -> u16 {
        if cp <= 0xFFFF {
            self.bmp[cp as usize]
        } else {
            let astral = &self.astral;
            let i = astral.binary_search_by_key(&cp, |&(c, _)| c).ok();
            i.map_or(0, |i| astral[i].1)
        }
    }

    /// The two bytes for `cp`, if the encoding's index has it.
    #[inline(always)]
    pub fn bytes(&self, cp: u32) -> Option<[u8; 2]> {
        let entry = self.entry(cp);
        (entry != 0).then(|| entry.to_le_bytes())
    }
}

/// A single-byte encoding: bytes 0x80..=0xFF decode through `decode`
/// (pointer = byte - 0x80; 0 = no code point), the rest is ASCII.
pub(crate) struct SingleByteTable {
    pub decode: &'static [u16; 128],
}

/// The double-byte encoders' tables, built from the indexes on first use
/// (`reverse.rs`): EUC-JP's and ISO-2022-JP's, Shift_JIS's, EUC-KR's and
/// ISO-2022-KR's, gb18030's and GBK's, Big5's.
pub(crate) static EUC_JP_BYTES: LazyLock<BytesTable> = LazyLock::new(reverse::euc_jp);
pub(crate) static SHIFT_JIS_BYTES: LazyLock<BytesTable> = LazyLock::new(reverse::shift_jis);
pub(crate) static EUC_KR_BYTES: LazyLock<BytesTable> = LazyLock::new(reverse::euc_kr);
pub(crate) static GB18030_BYTES: LazyLock<BytesTable> = LazyLock::new(reverse::gb18030);
pub(crate) static BIG5_BYTES: LazyLock<BytesTable> = LazyLock::new(reverse::big5);

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
