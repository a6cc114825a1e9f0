//! The language models of `indexes/detect/models.bin` (made by
//! `indexes/detect/generate.py`, which documents the format) and how they
//! score a decoded text. Costs are -log2(probability) in quarter bits, so a
//! lower total means a likelier text.

use std::sync::OnceLock;

mod ascii;
mod byte_sketch;
mod bytes;
mod costs;
mod flags;
mod foreign;
mod letters;
mod parse;
mod starts;
mod step;
pub(crate) use crate::codec::ascii_run;
use ascii::ascii_costs;
pub(crate) use ascii::{ascii_costs_of_all, AsciiPairs, AsciiTally};
pub(crate) use byte_sketch::{ByteSketch, ByteView};
pub(crate) use bytes::{ByteClasses, ByteWalk};
pub(crate) use flags::TableFlags;
use foreign::{foreign_cost, is_shared_typography};

static DATA: &[u8] = include_bytes!("../../../indexes/detect/models.bin");

/// Bigram classes before the alphabet (see generate.py).
const BOUNDARY: u8 = 0;
const UNKNOWN: u8 = 1;
const SYMBOL: u8 = 2;
const FOREIGN_ASCII: u8 = 3;
/// Lookup-map value of a combining mark outside the alphabet (Thai vowel and
/// tone marks, which the Thai training data leaves out; the combining accents
/// of windows-1258, Hebrew points, Arabic harakat): charged MARK_COST after
/// a letter of the alphabet that carries marks (UNKNOWN_COST elsewhere, as
/// after Thai's vowel letters: see `Kind::Bigram`'s `markless`), otherwise
/// transparent.
const MARK: u8 = 0x7F;
/// Lookup-map value of a script's sign read as a mark (SCRIPT_SIGNS): it
/// stands on a bare letter, so after another mark it costs UNKNOWN_COST,
/// and no mark follows it (alphabets have at most 60 letters: no class
/// reaches this value).
const SIGN_MARK: u8 = 0x7E;
const MARK_COST: u32 = 4 * 3;
/// What a letter of the alphabet costs right after a tanwin (ً ٌ ٍ, the
/// indefinite case ending: on a word's last letter, or on the letter
/// before its final alif), beside its bigram. ISO-8859-6's tanwins are
/// 0xEB-0xED, which windows-1251 reads as л м н and windows-1256 as ë ى
/// ي: Bulgarian "индекс" read as ISO-8859-6's "وٍلمي" and Arabic
/// windows-1256 "بايت" as ISO-8859-6's "باٍت" put a tanwin inside a
/// word for 3 bits, less than the text's own letters cost.
const TANWIN_COST: u32 = 4 * 18;
/// Combining accents (U+0300..U+036F) cost more: outside windows-1258 they are
/// what other encodings' accented letters turn into. Hebrew points and Arabic
/// harakat (Unicode's fixed-position combining classes 10..=35) cost as much,
/// as modern text leaves them out: at MARK_COST, windows-1255 read Thai's
/// consonants (0xC0-0xD2) as points on its vowels and tone marks (Hebrew
/// letters there), "ไม่" as "הֱט", and beat windows-874; Cyrillic and Greek
/// lost to ISO-8859-6's harakat the same way. Thai's own marks stay at
/// MARK_COST: its spelling needs them (session 13, detacc22: on the training
/// halves, 25 fewer wrong UI strings and 17 fewer Wikipedia samples at 10
/// characters, none lost).
const ACCENT_COST: u32 = 4 * 7;
/// A symbol between two letters ("re»azec", "zast±pić") costs this much
/// extra, unless it is one that words contain (’ ·).
const SYMBOL_IN_WORD_COST: u32 = 4 * 8;
/// Flag on a class in the lookup map: the character is an uppercase letter.
const UPPER: u8 = 0x80;
/// Code points below this have their class in a table; the rest are looked up.
const MAPPED: usize = 0x1000;

/// Extra cost (quarter bits) of an uppercase letter right after a lowercase
/// one, which text seldom has and mis-decoded text often has.
const CASE_PENALTY: u32 = 4 * 8;
/// What a capital of its own alphabet costs a Cyrillic model mid-sentence
/// (after a lowercase word and a space), beside its bigram: lingua's
/// bigrams are case-folded, so "сою Як" cost the Russian model as much as
/// "сою як", and the 2-bit prior of x-mac-cyrillic (whose я, 0xDF, is
/// windows-1251's Я) decided for windows-1251. There a capital starts a
/// name, which is rare. 2.5 bits: more than the prior; on the training
/// halves 3 and 5 bits gain no more UI strings and lose Wikipedia's
/// "на Земле" (x-mac-cyrillic's "на «емле") at 20 characters.
const CAPITAL_COST: u32 = 10;
/// Extra cost of a word in capitals that are not ASCII (charged at its
/// second such capital), beside its bigrams: lingua's bigrams are
/// case-folded, so a word in capitals cost what it costs in lowercase, and
/// another encoding's lowercase text read in capitals was as likely as the
/// text. KOI8-R's lowercase letters (0xC0-0xDF) are other encodings'
/// capitals: "ка системы" read as windows-1253's "ΛΑ ΣΙΣΤΕΝΩ" beat KOI8-R
/// by its 1-bit prior. Once a word, not once a letter: a real word in
/// capitals ("УЧЁТНАЯ_ЗАПИСЬ", a man page's placeholder) lost to Shift_JIS
/// at 1 bit a letter; ASCII capitals do not count ("EXPRESIÓN" is
/// Spanish). 4 bits: KOI8-R's lowercase words still lost to other
/// encodings' capitals at 2 ("   индекс " as windows-1251's "   ЙОДЕЛУ ",
/// "%lu пакето" as windows-1253's "%lu ΠΑΛΕΤΟ"), though real words in
/// capitals lose a little ("[ΕΠΙΛΟ" as KOI8-R's lowercase, "-i ТЕКСТ]");
/// on the training halves 3, 4 and 5 bits get 3, 3 and -2 more UI strings
/// right at 10 characters and 1, 3 and 4 more Wikipedia samples, 4 and 5
/// losing none at other lengths but 5 one UI string at 50 (session 14,
/// detcyr2; 1.5 bits got two fewer UI strings than 2, session 12).
const ALL_CAPS_COST: u32 = 4 * 4;
/// What a word in capitals costs instead of ALL_CAPS_COST right after a
/// sign that opens a usage placeholder (PLACEHOLDER_OPENERS): translated
/// help text writes its placeholders in capitals ("%s [ΕΠΙΛΟΓΗ]",
/// "--exclude-type=ВИД", "УЧЁТНАЯ_ЗАПИСЬ"), and at 4 bits "[ΕΠΙΛΟ" and
/// "%[-][ΠΛΑΤΟ" read as KOI8-R's lowercase. Less, not nothing: one
/// encoding's lowercase word after "=" or "[" is still another's capitals.
/// On the training halves 0, 1 and 2 bits get 4 more UI strings right at
/// 10 characters and 3 bits 2, none losing any; 2 bits, the most that
/// keeps the 4 (session 15, detcaps).
const PLACEHOLDER_CAPS_COST: u32 = 4 * 2;
/// The signs a usage placeholder follows: a bracket, the equals sign of an
/// option, the underscore between its words. Not "<": EUC-KR's "<갯수>"
/// read as ISO-8859-5's capitals (on the UI training half, 3 strings lost
/// at 10 and 20 characters at no charge, 2 at 2 bits).
const PLACEHOLDER_OPENERS: &[u8] = b"[=_";

/// Whether character `cp` opens a usage placeholder (see PLACEHOLDER_CAPS_COST).
fn opens_placeholder(cp: u32) -> bool {
    u8::try_from(cp).is_ok_and(|b| PLACEHOLDER_OPENERS.contains(&b))
}

/// What a letter standing alone costs a model of a language without
/// one-letter words (LONE_LETTER_LANGUAGES), beside its bigrams: a letter
/// between two non-letters (spaces, signs, digits, a text's edges) with
/// no mark on it. Hebrew's one-letter particles (ב ה ו כ ל מ ש) are
/// prefixes glued to the next word, so a lone Hebrew letter is what
/// windows-1255 makes of another script's one ("ä %lu" is not "ה %lu",
/// Cyrillic "д." is not "ה."); the bigrams, smoothed at word edges for UI
/// strings, charged it a few bits only. Thai has none either (its words
/// are not even spaced apart): Cyrillic's one-letter words "и", "а", "в"
/// are windows-874's "จ", "ม", "ข" (IBM866's "eRef` и we", KOI8-R's "байт,
/// а ц" read as Thai; 6 more UI strings of the training half right at 10
/// characters and 3 at 20, none lost on either training half).
const LONE_LETTER_COST: u32 = 4 * 4;
/// What a capital standing alone mid-sentence (after a space that follows
/// no sentence's end nor line break) costs every model, beside its
/// bigrams: a one-letter word is seldom a capital there, and one
/// encoding's lowercase letter is often another's capital (KOI8-R's "с"
/// is windows-1251's "У", which the case-folded bigrams priced as "у").
/// 3 bits: on the training halves 2 bits gains one UI string fewer, 4 and
/// 6 bits no more (session 12, detacc20). A capital that starts a text
/// before a space or sign costs as much: it is as often the end of a cut
/// word as a word, and a short text seldom starts with a one-letter word
/// in capitals, while one encoding's lowercase letter is another's capital
/// there too (x-mac-cyrillic's "я системны" is windows-1251's "Я
/// системны", ISO-8859-5's "а," windows-1253's "Π,"; on the training
/// halves 13 more UI strings right at 10 characters, 8 at 20, and 4
/// Wikipedia samples at 10; 2 UI strings lost at 20 and 50, windows-1251's
/// "И\n", "Т ще" read as x-mac-cyrillic's "»\n", "“ ще").
const LONE_CAPITAL_COST: u32 = 4 * 3;
const LONE_LETTER_LANGUAGES: &[&str] = &["he", "th"];
/// Cost of a character the model never saw, and of a typographic symbol.
const UNKNOWN_COST: u8 = 4 * 18;
const SYMBOL_COST: u8 = 4 * 7;
/// What a model of a non-Latin script charges for an ASCII word glued
/// after a sign ("“Hello”", "—Hello"), beside ASCII_LETTER_COST a letter:
/// its training text has no ASCII words, so its bigrams charged 21.5
/// bits, while after a space ("слово Hello") the same word costs no
/// bigram at all. Mostly English UI strings with a few Hebrew or Cyrillic
/// words paid that at every “%s”-style quotation and were read as
/// windows-1252 at 1000 characters. 8 bits, about one word in 256 (the
/// training halves: 6 bits loses Wikipedia at 50 characters, 10 or more
/// gains less).
const FOREIGN_WORD_COST: u8 = 4 * 8;
/// A CJK character, or a letter of a non-Latin alphabet, glued to an ASCII
/// letter costs this much extra per side.
const GLUED_COST: u32 = 4 * 6;

/// Quotation marks of Latin typography only (German, Czech ‚…‘; English
/// ‘…’): text in Cyrillic, Greek, Hebrew, Arabic or Thai has none, so
/// they are unknown to those models (x-mac-cyrillic's "Всегда", "Сбой"
/// are not windows-1251's "‚сегда", "‘бой").
const LATIN_QUOTES: &[u32] = &[0x201A, 0x2018];

/// Typographic characters that text in any alphabet uses.
const SYMBOLS: &[u32] = &[
    0xA0, 0xA3, 0xA7, 0xA9, 0xAB, 0xAE, 0xB0, 0xB1, 0xB2, 0xB3, 0xB5, 0xB7, 0xBB, 0xD7, 0x2013,
    0x2014, 0x2018, 0x2019, 0x201A, 0x201C, 0x201D, 0x201E, 0x2022, 0x2026, 0x2030, 0x20AC, 0x2116,
    0x2122, 0x2212,
];

pub(crate) struct Model {
    pub name: &'static str,
    /// Whether the model's alphabet is Latin (ASCII letters are its own).
    pub latin: bool,
    /// Whether the model's alphabet is Cyrillic (“ and ” close quotations there).
    cyrillic: bool,
    kind: Kind,
    /// For a Latin bigram model: the cost of each pair of ASCII classes
    /// (see [`AsciiPairs`]); empty otherwise.
    ascii: Vec<u8>,
    /// For a bigram model: its costs as the byte walk charges them, with
    /// the fixed costs of unknown characters, symbols and two boundaries in
    /// a row in place (see `costs::walk_costs`); empty otherwise.
    walk: Vec<u8>,
    /// For a bigram model: the least each class costs after any other
    /// (the least of each column of `walk`); empty otherwise.
    least: Vec<u8>,
    /// What a word's first two letters cost beside their bigrams, by
    /// first letter (see [`starts`]); empty for most models.
    starts: Vec<starts::StartCost>,
}

enum Kind {
    Bigram {
        /// Classes per row of `costs`.
        n: usize,
        costs: Vec<u8>,
        /// Class (| UPPER) of each code point below MAPPED.
        map: Vec<u8>,
        /// The last class that carries no mark: FOREIGN_ASCII, or the last
        /// of the letters that carry none, which generate.py puts first in
        /// the alphabet (Thai's vowel letters: its marks stand on its
        /// consonants only). A mark after one costs UNKNOWN_COST.
        markless: u8,
    },
    Unigram {
        /// (code point, cost), by code point.
        entries: Vec<(u32, u8)>,
    },
}

/// All models, parsed once.
pub(crate) fn models() -> &'static [Model] {
    static MODELS: OnceLock<Vec<Model>> = OnceLock::new();
    MODELS.get_or_init(|| parse::parse(DATA))
}

/// The index of the model named `name`.
pub(crate) fn find(name: &str) -> Option<usize> {
    models().iter().position(|m| m.name == name)
}

/// What a code point below MAPPED is, whatever the model: the same for all
/// of them, so worked out once (the maps are built at the first detection of
/// a process, and that has to stay cheap).
#[derive(Clone, Copy)]
enum Shape {
    /// A class that needs no alphabet (BOUNDARY, UNKNOWN, SYMBOL).
    Fixed(u8),
    /// A letter or mark: its folded lower case, and UPPER if it is a capital.
    Letter { key: u32, upper: u8, ascii: bool },
}

fn shapes() -> &'static [Shape] {
    static SHAPES: OnceLock<Vec<Shape>> = OnceLock::new();
    SHAPES.get_or_init(|| {
        (0..MAPPED as u32)
            .map(|cp| {
                let Some(c) = char::from_u32(cp) else {
                    return Shape::Fixed(UNKNOWN);
                };
                if SYMBOLS.contains(&cp) {
                    return Shape::Fixed(SYMBOL);
                }
                if !letters::is_alphabetic(c) && !is_mark(cp) {
                    return Shape::Fixed(if c.is_ascii() { BOUNDARY } else { UNKNOWN });
                }
                let lower = c.to_lowercase().next().unwrap_or(c);
                let upper = if lower != c { UPPER } else { 0 };
                let key = fold_variant(lower) as u32;
                Shape::Letter {
                    key,
                    upper,
                    ascii: c.is_ascii(),
                }
            })
            .collect()
    })
}

/// Each code point below MAPPED -> its class, with UPPER for capitals:
/// the map of an alphabet with no letters (the same for every model), with
/// the alphabet's letters written over it.
fn class_map(alphabet: &[u32]) -> Vec<u8> {
    let (outside, by_key) = letters();
    let mut map = outside.clone();
    // The first position of a letter counts: the later ones are written first.
    for (i, &a) in alphabet.iter().enumerate().rev() {
        let class = i as u8 + FOREIGN_ASCII + 1;
        let from = by_key.partition_point(|&(key, _, _)| key < a);
        for &(_, cp, upper) in by_key[from..].iter().take_while(|&&(key, _, _)| key == a) {
            map[cp as usize] = class | upper;
        }
    }
    for &(letter, signs) in SCRIPT_SIGNS {
        if alphabet.contains(&letter) {
            signs.iter().for_each(|&s| map[s as usize] = SIGN_MARK);
        }
    }
    map
}

/// Signs of one script that stand on its letters inside words: Hebrew geresh
/// and gershayim (׳ ״) mark abbreviations and acronyms ("צה״ל", "א״ב",
/// "וכו׳"), its maqaf (־) joins a word to the next ("ב־5", "כ־1%": one-letter
/// prefixes before a number). A model whose alphabet has the letter given
/// reads them as marks (SIGN_MARK: MARK_COST on a bare letter, unknown
/// elsewhere, so Cyrillic "шарии" is not a Hebrew letter under ״ ״); to the
/// rest they are unknown. As unknown signs inside a word they cost 26 bits
/// each, and English UI strings with a Hebrew weekday list ("א״ב", "ב״ס") were
/// windows-1252's "àØá" at 1000 characters.
const SCRIPT_SIGNS: &[(u32, &[u32])] = &[(0x5D0, &[0x5BE, 0x5F3, 0x5F4])];

/// See [`letters`].
type Letters = (Vec<u8>, Vec<(u32, u16, u8)>);

/// The class map of an alphabet with no letters, and every letter or mark
/// below MAPPED as (its key, code point, UPPER or 0), by key: worked out
/// once, so that each model's map costs one copy and its letters.
fn letters() -> &'static Letters {
    static LETTERS: OnceLock<Letters> = OnceLock::new();
    LETTERS.get_or_init(|| {
        let outside = (shapes().iter().enumerate())
            .map(|(cp, shape)| match *shape {
                Shape::Fixed(class) => class,
                Shape::Letter { upper, ascii, .. } if ascii => FOREIGN_ASCII | upper,
                Shape::Letter { .. } if is_mark(cp as u32) => MARK,
                Shape::Letter { upper, .. } => UNKNOWN | upper,
            })
            .collect();
        let mut by_key: Vec<(u32, u16, u8)> = (shapes().iter().enumerate())
            .filter_map(|(cp, shape)| match *shape {
                Shape::Letter { key, upper, .. } => Some((key, cp as u16, upper)),
                Shape::Fixed(_) => None,
            })
            .collect();
        // Stable, by key alone: in code point order already, the letters
        // come in long runs of rising keys, which this sort merges (far
        // cheaper than sorting the tuples from scratch), and equal keys stay
        // in code point order: the same order as sorting the tuples.
        by_key.sort_by_key(|&(key, _, _)| key);
        (outside, by_key)
    })
}

/// Whether a mark of kind `kind` ([`mark_kind`]) is a tanwin (ً ٌ ٍ:
/// canonical combining classes 27-29 are Arabic's tanwins alone).
fn is_tanwin(kind: u8) -> bool {
    (27..=29).contains(&kind)
}

/// What kind of mark code point `cp` is (see `bytes::room_for_mark`):
/// its canonical combining class, or for marks of class 0 whether they
/// are vowels (alphabetic: Thai's ั ิ ี ึ ื ํ, 0) or not (its ็ ์ ๎, u8::MAX;
/// "สิทธิ์" holds ิ and ์ on one letter).
fn mark_kind(cp: u32) -> u8 {
    let c = char::from_u32(cp).unwrap_or('\0');
    match unicode_normalization::char::canonical_combining_class(c) {
        0 if !letters::is_alphabetic(c) => u8::MAX,
        ccc => ccc,
    }
}

/// Whether code point `cp` is a combining mark of the scripts the models
/// read marks in (accents, Hebrew points, Arabic harakat, Thai vowels and
/// tones). Unicode's general category decides within the blocks: Hebrew's
/// maqaf, paseq, sof pasuq and nun hafukha (U+05BE U+05C0 U+05C3 U+05C6)
/// are punctuation among its points. Read as marks they cost a letter 3
/// bits, and ISO-8859-6's س (0xD3) is windows-1255's sof pasuq: Arabic
/// "موجود مسبق" read as Hebrew "וּטּֿ ו׃ָג" beat the Arabic by its prior.
fn is_mark(cp: u32) -> bool {
    let in_blocks = (0x300..0x370).contains(&cp)
        || (0x591..=0x5C7).contains(&cp)
        || (0x64B..=0x65F).contains(&cp)
        || cp == 0xE31
        || (0xE34..=0xE3A).contains(&cp)
        || (0xE47..=0xE4E).contains(&cp);
    in_blocks && char::from_u32(cp).is_some_and(unicode_normalization::char::is_combining_mark)
}

/// Letters a model knows under another one. Romanian is written with
/// comma-below ș ț but the legacy encodings only have the cedilla forms ş ţ;
/// wordfreq case-folds its words, which turns ß into ss and ς into σ.
fn fold_variant(c: char) -> char {
    match c {
        'ş' => 'ș',
        'ţ' => 'ț',
        'ß' => 's',
        'ς' => 'σ',
        c => c,
    }
}

impl Model {
    /// The cost of `text`, counting only what involves a non-ASCII character
    /// (the ASCII between is the same in every candidate encoding).
    #[cfg(test)]
    pub fn cost(&self, text: &str) -> u32 {
        self.cost_of(&Sketch::new(text))
    }

    /// The same cost, from a sketch of the text.
    pub fn cost_of(&self, sketch: &Sketch) -> u32 {
        let text = &sketch.text;
        let own = match &self.kind {
            Kind::Bigram {
                n,
                costs,
                map,
                markless,
            } => bigram_cost(
                text,
                (*n, costs),
                map,
                *markless,
                (self.latin, self.cyrillic),
            ),
            Kind::Unigram { entries } => unigram_cost(text, entries, self.name),
        };
        let explains = sketch.lettered || !sketch.odd_signs;
        let foreign = foreign_cost(sketch.ascii_letters, sketch.non_ascii, explains);
        own + if self.latin { 0 } else { foreign }
    }
}

/// What the models need of a text: every run of non-ASCII characters with
/// the one character on each side (the models charge nothing else, and their
/// state after an ASCII character depends on that character alone, so the
/// runs can simply be joined), and two counts over the whole text. Each
/// candidate's text is sketched once and scored by several models.
pub(crate) struct Sketch {
    text: String,
    /// ASCII letters (a non-Latin model charges for them, up to a cap).
    ascii_letters: u32,
    non_ascii: u32,
    /// Whether a non-ASCII character is a letter or a mark, and whether
    /// one is a sign that is no [`is_shared_typography`].
    lettered: bool,
    odd_signs: bool,
}

impl Sketch {
    /// How many non-ASCII characters the text has.
    pub fn non_ascii(&self) -> u32 {
        self.non_ascii
    }

    /// The first `chars` characters of the sketch (same counts): enough to
    /// tell which of an encoding's languages are worth a full scoring.
    pub fn head(&self, chars: usize) -> Sketch {
        let end = self
            .text
            .char_indices()
            .nth(chars)
            .map_or(self.text.len(), |(i, _)| i);
        Sketch {
            text: self.text[..end].to_string(),
            ..*self
        }
    }

    pub fn new(text: &str) -> Sketch {
        let mut sketch = Sketch {
            text: String::new(),
            ascii_letters: 0,
            non_ascii: 0,
            lettered: false,
            odd_signs: false,
        };
        // The previous character, unless it is already in the sketch.
        let mut pending: Option<char> = None;
        let mut after_run = false;
        let bytes = text.as_bytes();
        let mut at = 0;
        while at < bytes.len() {
            // A run of ASCII is taken whole (most of a candidate's text is
            // ASCII, and only the run's first and last characters can be
            // kept): the same as taking its characters one by one.
            let end = at + ascii_run(&bytes[at..]);
            if end > at {
                let ascii = &bytes[at..end];
                // (b | 0x20) folds A-Z onto a-z and no other ASCII byte onto
                // them: is_ascii_alphabetic, in a form that vectorizes.
                sketch.ascii_letters += ascii
                    .iter()
                    .map(|&b| ((b | 0x20).wrapping_sub(b'a') < 26) as u32)
                    .sum::<u32>();
                if after_run {
                    sketch.text.push(ascii[0] as char);
                }
                pending = (!after_run || ascii.len() > 1).then(|| ascii[ascii.len() - 1] as char);
                after_run = false;
                at = end;
                continue;
            }
            let c = text[at..].chars().next().expect("a character");
            at += c.len_utf8();
            sketch.non_ascii += 1;
            if flags::flags(c as u32, false) & flags::NOT_LETTER == 0 {
                sketch.lettered = true;
            } else if !is_shared_typography(c as u32) {
                sketch.odd_signs = true;
            }
            if let Some(p) = pending.take() {
                sketch.text.push(p);
            }
            sketch.text.push(c);
            after_run = true;
        }
        sketch
    }
}

fn bigram_cost(
    text: &str,
    (n, costs): (usize, &[u8]),
    map: &[u8],
    markless: u8,
    script: (bool, bool),
) -> u32 {
    let (latin, cyrillic) = script;
    let letters = (flags::l_class(map, latin), flags::alif_class(map));
    let mut walk = bytes::Walk::new((n, costs), script, letters, markless);
    for c in text.chars() {
        walk.step(
            entry(c as u32, map, latin),
            flags::flags(c as u32, cyrillic),
            c as u32,
        );
    }
    walk.total
}

/// The class map entry of code point `cp` in a model's `map` (`latin`:
/// the model's alphabet is Latin).
fn entry(cp: u32, map: &[u8], latin: bool) -> u8 {
    if (cp as usize) < MAPPED {
        map[cp as usize]
    } else if !latin && LATIN_QUOTES.contains(&cp) {
        UNKNOWN
    } else if SYMBOLS.contains(&cp) {
        SYMBOL
    } else {
        UNKNOWN
    }
}

fn unigram_cost(text: &str, entries: &[(u32, u8)], name: &str) -> u32 {
    let mut total = 0u32;
    let mut prev_letter = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let cp = c as u32;
        if c.is_ascii() {
            prev_letter = c.is_ascii_alphabetic();
            continue;
        }
        total += match entries.binary_search_by_key(&cp, |e| e.0) {
            Ok(i) => entries[i].1 as u32,
            Err(_) => 4 * unlisted_bits(cp, name),
        };
        let next_letter = chars.peek().is_some_and(char::is_ascii_alphabetic);
        total += GLUED_COST * (prev_letter as u32 + next_letter as u32);
        prev_letter = false;
    }
    total
}

/// What a CJK model charges for a character outside its list, by kind.
fn unlisted_bits(cp: u32, name: &str) -> u32 {
    let ideograph = (0x4E00..=0x9FFF).contains(&cp) || (0x3400..=0x4DBF).contains(&cp);
    let kana = (0x3040..=0x30FF).contains(&cp);
    let hangul = (0xAC00..=0xD7A3).contains(&cp);
    let punctuation = (0x3000..=0x303F).contains(&cp) || (0xFF01..=0xFF60).contains(&cp);
    let halfwidth_kana = (0xFF61..=0xFF9F).contains(&cp);
    match name {
        _ if punctuation => 7,
        "ja" if kana || ideograph => 19,
        "ja" if halfwidth_kana => 16,
        "ko" if hangul => 18,
        "ko" if ideograph => 20,
        "zh_cn" | "zh_tw" if ideograph => 19,
        _ if ideograph || kana || hangul => 23,
        _ if SYMBOLS.contains(&cp) => 9,
        _ => 20,
    }
}

#[cfg(test)]
mod tests;
