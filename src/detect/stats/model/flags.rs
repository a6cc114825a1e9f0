//! What a byte is, as one encoding reads it, beside its letter class: the
//! flags ([`flags`]) that the byte walk's rules charge for (signs, marks,
//! quotation marks, the middle dot), worked out once per single-byte table
//! ([`TableFlags`]).

use super::UPPER;

/// Flags of a byte as one encoding reads it (whatever the model).
pub(super) const ASCII: u16 = 1;
/// A combining accent U+0300..U+036F, a Hebrew point or an Arabic haraka
/// (a mark that costs ACCENT_COST).
pub(super) const ACCENT: u16 = 2;
/// A sign that stands by numbers or alone, never glued after a letter
/// ([`is_sign`]).
pub(super) const SIGN: u16 = 4;
/// A symbol that words contain (’ · and ´ typed for an apostrophe).
pub(super) const IN_WORD: u16 = 8;
/// No letter, mark or ASCII: a sign ("c½ur", "l¤ami" are what windows-1252
/// makes of ISO-8859-15's œ and €), which costs extra between letters.
pub(super) const NOT_LETTER: u16 = 16;
/// A sign that stands before a number, never glued to a letter ("№ 5",
/// "© 2020"): what "є" and "Š" turn into in "оберта№", "©iffer".
pub(super) const NUMBER_SIGN: u16 = 32;
/// « or »: glued after a letter, it closes a quotation that the other one
/// opened ("«Файл»", "»Datei«"); with none before, it is what another
/// encoding made of a letter (ISO-8859-2's Slovak "zobraziť" read as
/// windows-1250's "zobrazi»").
pub(super) const GUILLEMET: u16 = 64;
/// A sign that ends a word or stands alone, never glued before one
/// (• – — ™ ‰ and the like; not an opening one, see [`OPENING`]): what
/// x-mac-cyrillic's capitals "Х Ц Ч Щ Й" turn into in windows-1251
/// ("•отите", "—тобы" for "Хотите", "Чтобы").
/// The letter after one is charged as after a sign inside a word. So are
/// word-final forms ([`FINAL_FORMS`]): the models fold ς into σ, so
/// windows-1251's Russian "обуйте" read as windows-1253's "ξασιςε" cost the
/// Greek model what "ξασισε" does.
pub(super) const TRAILING: u16 = 128;
/// The middle dot: inside a word only in Catalan's "l·l" ("col·lecció");
/// between other letters it is what macintosh makes of windows-1252's á
/// ("Adem·s", "est·ndar" for "Además", "estándar"), so there it costs as
/// a sign inside a word.
pub(super) const MIDDLE_DOT: u16 = 256;
/// A sign that only opens („ ‚ ¡ ¿): glued after a letter it is what
/// another encoding made of a letter (macintosh's "nou„", "parol„" for
/// windows-1250's Romanian "nouă", "parolă"), charged as a number sign is.
pub(super) const OPENS_ONLY: u16 = 512;
/// A space: a capital after a lowercase word and one space is
/// mid-sentence (see CAPITAL_COST).
pub(super) const SPACE: u16 = 1024;
/// A comma: a capital after a lowercase word, a comma and a space is
/// mid-sentence too (see CAPITAL_COST).
pub(super) const COMMA: u16 = 2048;

/// The [`flags`] of each byte as a single-byte table reads it, for models
/// of a Cyrillic alphabet (`[1]`) and the others (`[0]`): worked out once per
/// table, not per model, since each costs a Unicode lookup and every
/// candidate's models are built at a process's first detection.
pub(crate) struct TableFlags([[u16; 256]; 2]);

impl TableFlags {
    pub(crate) fn of(table: &[u32; 128]) -> TableFlags {
        // Each code point's flags once: the two rows differ only by
        // `cyrillic_flags`.
        let mut all = [[0; 256]; 2];
        for b in 0..256 {
            let cp = if b < 0x80 { b as u32 } else { table[b - 0x80] };
            all[0][b] = flags(cp, false);
            all[1][b] = all[0][b] | cyrillic_flags(cp);
        }
        TableFlags(all)
    }

    /// The flags of each byte, for a model of a Cyrillic alphabet or not.
    pub(super) fn of_bytes(&self, cyrillic: bool) -> &[u16; 256] {
        &self.0[usize::from(cyrillic)]
    }
}

/// The flags of a code point (see ASCII, ACCENT, SIGN, IN_WORD,
/// NOT_LETTER, ...) in a model of a Cyrillic alphabet or not: there “
/// closes a quotation („…“) and ” only closes an English-style one, so
/// glued before a letter they are TRAILING (x-mac-cyrillic's "Укажите",
/// "Файл" are not windows-1251's "“кажите", "”айл").
pub(super) fn flags(cp: u32, cyrillic: bool) -> u16 {
    let c = char::from_u32(cp).unwrap_or('\0');
    let flag = |yes: bool, flag: u16| if yes { flag } else { 0 };
    let not_letter = cp >= 0x80 && !super::letters::is_alphabetic(c) && !super::is_mark(cp);
    flag(cp < 0x80, ASCII)
        | flag((0x300..0x370).contains(&cp) || is_pointing(c), ACCENT)
        | flag(is_sign(c), SIGN)
        | flag(matches!(c, '\u{2019}' | '\u{B7}' | '\u{B4}'), IN_WORD)
        | flag(matches!(c, '№' | '©' | '€'), NUMBER_SIGN)
        | flag(matches!(c, '«' | '»'), GUILLEMET)
        | flag(
            not_letter && !OPENING.contains(&c) || FINAL_FORMS.contains(&c),
            TRAILING,
        )
        | flag(not_letter, NOT_LETTER)
        | flag(c == '\u{B7}', MIDDLE_DOT)
        | flag(matches!(c, '„' | '‚' | '¡' | '¿'), OPENS_ONLY)
        | flag(c == ' ', SPACE)
        | flag(c == ',', COMMA)
        | if cyrillic { cyrillic_flags(cp) } else { 0 }
}

/// Whether `c` is a sign that stands by numbers (± × ° µ § ¶, the fractions
/// ¼ ½ ¾, the currency signs ¢ £ ¥ ¤) or alone (¦ ¬, the spacing accents
/// but ´, typed for an apostrophe: IN_WORD), never glued after a letter.
/// Glued after one it is what another encoding made of a letter: "at±"
/// for ISO-8859-4's "atą", windows-1256's "ضا¬ مش" for ISO-8859-6's
/// Arabic comma ("ضا، مش"), windows-1250's "m/s˛" for windows-1252's
/// "m/s²", windows-1252's "c½" for ISO-8859-15's "cœ". Superscripts are
/// none ("km²", "cm³").
fn is_sign(c: char) -> bool {
    // One bit per character of U+00A0..U+00DF (flags() runs per byte of
    // every table a process builds: a mask, not a chain of compares).
    const LATIN1: u64 = {
        // By numbers, then alone.
        let signs = [
            '±', '×', '°', 'µ', '§', '¶', '¼', '½', '¾', '¢', '£', '¤', '¥', '¦', '¬', '¨', '¯',
            '¸',
        ];
        let (mut mask, mut i) = (0u64, 0);
        while i < signs.len() {
            mask |= 1 << (signs[i] as u32 - 0xA0);
            i += 1;
        }
        mask
    };
    match c as u32 {
        cp @ 0xA0..=0xDF => LATIN1 >> (cp - 0xA0) & 1 == 1,
        cp => cp == 0x2C7 || (0x2D8..=0x2DD).contains(&cp),
    }
}

/// Whether `c` is a Hebrew point or an Arabic haraka: Unicode gives
/// them fixed-position combining classes of their own (10..=35). Looked
/// up in the Hebrew and Arabic blocks only (which hold every legacy
/// encoding's points and harakat): every byte of every table has its
/// flags made at start-up, and the lookup elsewhere cost ~0.1 M
/// instructions a process.
fn is_pointing(c: char) -> bool {
    ('\u{591}'..='\u{6FF}').contains(&c)
        && (10..=35).contains(&unicode_normalization::char::canonical_combining_class(c))
}

/// The flags a code point has only in a model of a Cyrillic alphabet.
fn cyrillic_flags(cp: u32) -> u16 {
    match char::from_u32(cp) {
        Some('“' | '”') => TRAILING,
        _ => 0,
    }
}

/// The class of "l" in a Latin model's class `map` (the middle dot is in
/// a word after it: [`MIDDLE_DOT`]); none in other models.
pub(super) fn l_class(map: &[u8], latin: bool) -> u8 {
    match latin {
        true => map[b'l' as usize] & !UPPER,
        false => u8::MAX,
    }
}

/// The class of Arabic's alif (ا) in a model's class `map`, u8::MAX
/// where it is no letter of the alphabet: a fathatan stands before a
/// word's final alif ("شكرًا"), the one letter a tanwin may precede
/// (see TANWIN_COST).
pub(super) fn alif_class(map: &[u8]) -> u8 {
    match map[0x627] & !UPPER {
        class if class > super::FOREIGN_ASCII => class,
        _ => u8::MAX,
    }
}

/// The letters Unicode names FINAL (GREEK SMALL LETTER FINAL SIGMA, HEBREW
/// LETTER FINAL KAF, MEM, NUN, PE, TSADI) that the legacy encodings hold:
/// the forms a letter takes at the end of a word only.
const FINAL_FORMS: &[char] = &['ς', 'ך', 'ם', 'ן', 'ף', 'ץ'];

/// Signs that may stand glued before a word: quotation marks and
/// inverted ¡ ¿ (… and ” too: "…und dann", Finnish "”dll”"), the
/// no-break space ("« mot »"), ° ("°C"), and those inside words (’ · ´).
const OPENING: &[char] = &[
    '«', '»', '„', '“', '”', '‘', '‚', '‹', '›', '¡', '¿', '…', '\u{A0}', '°', '’', '·', '´',
];
