//! Rules that decide before any language model is asked: binary data, pure
//! ASCII, UTF-16 without a BOM, UTF-8 and ISO-2022-JP.

use super::candidates::decode_strict;
use super::tally::ByteCounts;
use crate::codec::{self, Encoding};

/// Control bytes that text does not contain (TAB, LF, FF, CR and ESC are
/// text; NUL is handled on its own).
pub(super) fn is_binary_control(b: u8) -> bool {
    matches!(b, 0x01..=0x08 | 0x0B | 0x0E..=0x1A | 0x1C..=0x1F)
}

/// Whether bytes with these `counts` look like binary data: NULs (outside
/// UTF-16) or more stray control bytes than the odd one text picks up (a
/// DOS end-of-file 0x1A, a form feed).
pub(super) fn is_binary(counts: &ByteCounts) -> bool {
    counts.of_byte(0) > 0 || counts.controls() > 1 + counts.len() / 512
}

pub(super) fn is_ascii(counts: &ByteCounts) -> bool {
    counts.high() == 0
}

/// UTF-16 without a BOM: one byte of each pair is often NUL (Latin text) and
/// the other almost never, and the whole decodes strictly to text without
/// control characters. Returns the encoding and the decoded text.
pub(crate) fn utf16(bytes: &[u8], last: bool) -> Option<(&'static Encoding, String)> {
    let units = bytes.len() / 2;
    if units < 2 || (last && bytes.len() % 2 == 1) {
        return None;
    }
    let zeros = |parity: usize| {
        bytes[..units * 2]
            .iter()
            .skip(parity)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    let (even, odd) = (zeros(0), zeros(1));
    let encoding = if odd * 10 >= units && even * 8 <= odd {
        codec::UTF_16LE
    } else if even * 10 >= units && odd * 8 <= even {
        codec::UTF_16BE
    } else {
        return None;
    };
    let text = decode_strict(encoding, bytes, last, usize::MAX)?;
    let clean = !text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0C'));
    clean.then_some((encoding, text))
}

/// The number of non-ASCII characters when `bytes` are valid UTF-8 (a
/// truncated sequence at the end is fine unless `last`), else None.
pub(crate) fn utf8_non_ascii(bytes: &[u8], last: bool) -> Option<usize> {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) if e.error_len().is_none() && !last => {
            std::str::from_utf8(&bytes[..e.valid_up_to()]).ok()?
        }
        Err(_) => return None,
    };
    Some(text.chars().filter(|c| !c.is_ascii()).count())
}

/// Read as UTF-8, `bytes` that are not valid UTF-8: their non-ASCII
/// characters and malformed sequences (a truncated sequence at the end is
/// one only if `last`); None past `most` malformed sequences.
pub(crate) fn utf8_damage(bytes: &[u8], last: bool, most: u32) -> Option<(u32, u32)> {
    let (mut chars, mut damage) = (0u32, 0u32);
    let mut rest = bytes;
    let non_ascii = |valid: &[u8]| valid.iter().filter(|&&b| b >= 0xC0).count() as u32;
    loop {
        // simdutf8's `compat` errors are std's (`valid_up_to`, `error_len`),
        // found at vector speed: a whole file's rest goes through here.
        let err = match simdutf8::compat::from_utf8(rest) {
            Ok(_) => return Some((chars + non_ascii(rest), damage)),
            Err(e) => e,
        };
        chars += non_ascii(&rest[..err.valid_up_to()]);
        match err.error_len() {
            Some(n) => rest = &rest[err.valid_up_to() + n..],
            None if last => rest = &[],
            None => return Some((chars, damage)),
        }
        damage += 1;
        if damage > most {
            return None;
        }
    }
}

/// ASCII bytes with ESC sequences that decode strictly as ISO-2022-JP to
/// some non-ASCII text (ANSI colour codes and the like do not).
pub(crate) fn iso_2022_jp(bytes: &[u8], last: bool) -> Option<String> {
    if !bytes.contains(&0x1B) {
        return None;
    }
    let text = decode_strict(codec::ISO_2022_JP, bytes, last, usize::MAX)?;
    (!text.is_ascii()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_needs_nul_or_many_controls() {
        let binary = |b: &[u8]| is_binary(&ByteCounts::of(b));
        assert!(binary(b"abc\0def"));
        assert!(binary(b"\x01\x02\x03 text"));
        assert!(!binary(b"text with a form feed\x0c and EOF\x1a"));
    }

    #[test]
    fn utf16_either_order() {
        let units: Vec<u16> = "Hello, world".encode_utf16().collect();
        let le: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
        let be: Vec<u8> = units.iter().flat_map(|u| u.to_be_bytes()).collect();
        assert_eq!(utf16(&le, true).unwrap().0, codec::UTF_16LE);
        assert_eq!(utf16(&be, true).unwrap().0, codec::UTF_16BE);
        assert!(utf16(b"\0\0\0\0\x01\x02", true).is_none());
    }

    #[test]
    fn ansi_colours_are_not_iso_2022_jp() {
        assert!(iso_2022_jp(b"\x1b[31mred\x1b[0m", true).is_none());
        assert!(iso_2022_jp(b"\x1b$B$3$s\x1b(B", true).is_some());
    }
}
