//! Whether a character is a letter, as `char::is_alphabetic` says, without
//! its lookup for the BMP: the first detection of a process asks about every
//! code point of the class maps (below MAPPED) and of the single-byte tables,
//! and each lookup costs about a thousand instructions.

include!(concat!(env!("OUT_DIR"), "/alphabetic.rs"));

/// `c.is_alphabetic()`, read from the bits build.rs made with that very
/// function for BMP code points.
pub(super) fn is_alphabetic(c: char) -> bool {
    let cp = c as usize;
    match ALPHABETIC_INDEX.get(cp / 64) {
        Some(&word) => ALPHABETIC_WORDS[usize::from(word)] >> (cp % 64) & 1 == 1,
        None => c.is_alphabetic(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_as_char_is_alphabetic_everywhere() {
        // Every code point, through the bits (BMP) and past them (astral).
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(is_alphabetic(c), c.is_alphabetic(), "U+{:04X}", c as u32);
        }
        assert!(is_alphabetic('ж') && is_alphabetic('\u{10400}'));
        assert!(!is_alphabetic('«') && !is_alphabetic('\u{1F600}'));
    }
}
