//! What a model of a non-Latin script charges for the ASCII letters of a
//! text, for a decoded text's sketch and a byte sketch alike.

/// A model of a non-Latin script charges each ASCII letter this much (text
/// in its language has few), but never more in all than MIXED_CAP per
/// non-ASCII character: text mixing in some ASCII (code, names) stays fine.
pub(super) const ASCII_LETTER_COST: u32 = 4;
pub(super) const MIXED_CAP: u32 = 4 * 4;

/// What a model of a non-Latin script charges for `ascii_letters` in a
/// text with `non_ascii` characters: ASCII_LETTER_COST each, at most
/// MIXED_CAP per non-ASCII character if the reading `explains` the text:
/// one of them is a letter or a mark, or all are typography that text in
/// any script has (“English” with Cyrillic quotation marks, "…" in Big5).
/// A reading with signs and no letter has not one letter of the script:
/// the signs stand for another encoding's letters (KOI8-R reads
/// windows-1250's Czech "dež" as "de·", IBM866 reads "ú" as "·"), so it
/// pays for every ASCII letter.
pub(super) fn foreign_cost(ascii_letters: u32, non_ascii: u32, explains: bool) -> u32 {
    let charge = ascii_letters * ASCII_LETTER_COST;
    if explains {
        charge.min(non_ascii * MIXED_CAP)
    } else {
        charge
    }
}

/// Quotation marks, dashes, the ellipsis and CJK punctuation: typography
/// that text in any script has, whatever letters stand around it.
pub(super) fn is_shared_typography(cp: u32) -> bool {
    matches!(cp, 0xAB | 0xBB | 0x2010..=0x2026 | 0x2039 | 0x203A | 0x3000..=0x303F | 0xFF01..=0xFF65)
}
