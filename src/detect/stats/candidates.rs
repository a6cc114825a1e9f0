//! The encodings the detector weighs for text that is not UTF-8, the languages
//! each is native to, their priors, and decoding that counts damage (an
//! encoding is ruled out when its reading has more than a stray malformed
//! sequence or C1 control: see [`tolerable`]).

use super::model;
use super::tally::ByteCounts;
use crate::codec::{self, DecoderResult, Encoding};
use std::sync::OnceLock;

/// One candidate: an encoding, the models (language names) that may explain
/// text in it, and a prior cost in quarter bits (how rare the encoding is).
pub(crate) struct Candidate {
    pub encoding: &'static Encoding,
    pub languages: &'static [&'static str],
    pub prior: u32,
}

const WESTERN: &[&str] = &[
    "en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "is", "ca", "et",
];
const CENTRAL: &[&str] = &["cs", "pl", "hu", "sk", "sl", "hr", "ro", "de"];
const BALTIC: &[&str] = &["lt", "lv", "et"];
const CYRILLIC: &[&str] = &["ru", "uk", "bg"];
const NORDIC: &[&str] = &["is", "da", "sv", "nb", "fi", "et", "lt", "lv"];
const SOUTHEASTERN: &[&str] = &["ro", "pl", "hu", "hr", "sl", "de", "fr", "it"];

macro_rules! c {
    ($enc:ident, $langs:expr, $bits:expr) => {
        Candidate {
            encoding: codec::$enc,
            languages: $langs,
            prior: ($bits * 4.0) as u32,
        }
    };
}

/// Every candidate but UTF-8, UTF-16 and ISO-2022-JP (decided by their own
/// rules). Replacement and x-user-defined are never candidates.
pub(crate) static CANDIDATES: &[Candidate] = &[
    c!(WINDOWS_1252, WESTERN, 0.0),
    c!(ISO_8859_15, WESTERN, 1.5),
    c!(MACINTOSH, WESTERN, 6.0),
    c!(ISO_8859_14, WESTERN, 9.0),
    c!(ISO_8859_10, NORDIC, 9.0),
    c!(ISO_8859_3, &["tr", "de", "it"], 9.0),
    c!(WINDOWS_1250, CENTRAL, 0.0),
    c!(ISO_8859_2, CENTRAL, 1.0),
    c!(ISO_8859_16, SOUTHEASTERN, 6.0),
    // ISO-8859-4, ISO-8859-5 and x-mac-cyrillic were 3 bits: 2 bits gets
    // more short texts right in them and loses none on the whole (UI
    // strings' and Wikipedia's training halves, bench/RESULTS.md). At 2
    // bits, ISO-8859-4's Lithuanian and Latvian still lost ties at 10
    // characters ("ėra failų" costs what windows-1250's Czech "ěra failů"
    // costs, but for the priors), and ISO-8859-5's Cyrillic lost one or two
    // letters to other scripts' readings: ISO-8859-4 at 1.5 bits and
    // ISO-8859-5 at 1.75 put 10 more right on the UI strings' training
    // half at 10 characters (ISO-8859-5 at 1.5 cost Wikipedia's
    // Portuguese "robô" at 20 characters; session 12, detacc17).
    c!(WINDOWS_1257, BALTIC, 0.0),
    c!(ISO_8859_13, BALTIC, 1.0),
    c!(ISO_8859_4, BALTIC, 1.5),
    c!(WINDOWS_1254, &["tr"], 0.0),
    c!(WINDOWS_1258, &["vi"], 0.0),
    c!(WINDOWS_1251, CYRILLIC, 0.0),
    c!(KOI8_R, &["ru", "bg"], 1.0),
    c!(KOI8_U, &["uk", "ru"], 1.5),
    c!(IBM866, CYRILLIC, 2.0),
    c!(ISO_8859_5, CYRILLIC, 1.75),
    c!(X_MAC_CYRILLIC, CYRILLIC, 2.0),
    c!(WINDOWS_1253, &["el"], 0.0),
    c!(ISO_8859_7, &["el"], 1.0),
    c!(WINDOWS_1255, &["he"], 0.0),
    c!(ISO_8859_8, &["he"], 1.0),
    c!(ISO_8859_8_I, &["he"], 1.5),
    c!(WINDOWS_1256, &["ar", "fa"], 0.0),
    c!(ISO_8859_6, &["ar"], 1.0),
    c!(WINDOWS_874, &["th"], 0.0),
    c!(SHIFT_JIS, &["ja"], 0.0),
    c!(EUC_JP, &["ja"], 0.5),
    c!(GBK, &["zh_cn"], 0.0),
    c!(BIG5, &["zh_tw"], 0.0),
    c!(EUC_KR, &["ko"], 0.0),
];

/// Extra cost (quarter bits) of explaining text by a language that is rarely
/// written in a legacy encoding, so that commoner languages win ties.
pub(crate) fn language_prior(language: &str) -> u32 {
    match language {
        "is" => 4 * 3,
        "lt" | "lv" | "et" | "sl" | "hr" | "sk" => 4,
        "nb" | "da" | "fi" | "ca" | "bg" => 2,
        _ => 0,
    }
}

/// Damage a reading may have and still be a candidate: at most one
/// malformed sequence or C1 control per DAMAGE_RATIO non-ASCII characters
/// it reads (about 3 per hundred), and at most MAX_DAMAGE in all. Real
/// files carry a stray byte (a cut, a mixed log line, one bad character);
/// a reading of another encoding's text has errors every few characters
/// (a double-byte encoding reading single-byte text errs at every word of
/// odd length), far above this.
const DAMAGE_RATIO: u32 = 32;
pub(crate) const MAX_DAMAGE: u32 = 16;

/// What each malformed sequence or C1 control of a reading costs, in
/// quarter bits, beside what the models charge for it as an unknown
/// character (U+FFFD, 18 bits): more than any character costs them with
/// the rules beside (a Hebrew maqaf glued to a Latin word costs windows-1255
/// about 35 bits, which ISO-8859-8 has no character for: at 32 bits it won
/// that text), so that a clean reading beats a damaged one of the same
/// text; while a damaged right reading, at most one per DAMAGE_RATIO
/// characters (2 bits each), still beats gibberish, which costs more.
pub(crate) const DAMAGE_COST: u32 = 4 * 64;

/// Whether a reading with `damage` malformed sequences or C1 controls and
/// `chars` other non-ASCII characters stays a candidate.
pub(crate) fn tolerable(damage: u32, chars: u32) -> bool {
    damage == 0 || (damage <= MAX_DAMAGE && damage.saturating_mul(DAMAGE_RATIO) <= chars)
}

/// UTF-8's own bound: its valid multi-byte characters at least
/// UTF8_DAMAGE_RATIO times its malformed sequences (and at most
/// MAX_DAMAGE of them). Legacy text rarely holds a valid UTF-8 sequence
/// (a lead 0xC2..=0xF4 and the right number of bytes 0x80..=0xBF after
/// it): text in a double-byte encoding errs at five characters of six or
/// more, single-byte text at nearly every high byte. Mostly-ASCII UTF-8
/// (English, French) has too few non-ASCII characters for DAMAGE_RATIO.
const UTF8_DAMAGE_RATIO: u32 = 8;

/// Whether UTF-8 with `damage` malformed sequences and `chars` non-ASCII
/// characters stays the answer.
pub(crate) fn tolerable_utf8(damage: u32, chars: u32) -> bool {
    damage == 0 || (damage <= MAX_DAMAGE && damage.saturating_mul(UTF8_DAMAGE_RATIO) <= chars)
}

/// The most damage a reading with at most `chars` non-ASCII characters
/// can have and be [`tolerable`].
pub(crate) fn most_damage(chars: usize) -> u32 {
    let chars = u32::try_from(chars).unwrap_or(u32::MAX);
    (chars / DAMAGE_RATIO).min(MAX_DAMAGE)
}

/// [`most_damage`] for UTF-8 ([`tolerable_utf8`]).
pub(crate) fn most_utf8_damage(high: usize) -> u32 {
    let high = u32::try_from(high).unwrap_or(u32::MAX);
    (high / UTF8_DAMAGE_RATIO).min(MAX_DAMAGE)
}

/// The damage of single-byte candidate `i`'s reading of input with byte
/// `counts` (its bytes that are no character or a C1 control), or None if
/// it is not [`tolerable`].
pub(crate) fn single_byte_damage(i: usize, counts: &ByteCounts) -> Option<u32> {
    let bad: usize = bad_bytes(i).iter().map(|&b| counts.of_byte(b)).sum();
    let damage = u32::try_from(bad).unwrap_or(u32::MAX);
    let chars = u32::try_from(counts.high() - bad).unwrap_or(u32::MAX);
    tolerable(damage, chars).then_some(damage)
}

/// The bytes that single-byte candidate `i` reads as no character or a C1
/// control, listed once per process: every analysis counts them.
fn bad_bytes(i: usize) -> &'static [u8] {
    static BAD: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    let all = BAD.get_or_init(|| {
        let bad = |table: &[u32; 128]| {
            (0x80..=0xFFu8)
                .filter(|&b| table[usize::from(b) - 0x80] == 0)
                .collect()
        };
        (0..CANDIDATES.len())
            .map(|i| single_byte_table(i).map_or_else(Vec::new, bad))
            .collect()
    });
    &all[i]
}

/// Whether single-byte candidate `i`, damaged, has a clean twin among
/// `clean` (single-byte candidates without damage): one that reads every
/// byte value in `counts` as `i` does wherever `i` reads it at all. `i`
/// then costs more than its twin by about DAMAGE_COST per damage (no
/// character costs as much), a weight of 2^-32 or less: it need not be
/// scored (ISO-8859-15 beside windows-1252 that has curly quotes).
pub(crate) fn has_clean_twin(i: usize, clean: &[usize], counts: &ByteCounts) -> bool {
    let table = single_byte_table(i).expect("a single-byte candidate");
    let read =
        (0x80..=0xFFu8).filter(|&b| counts.of_byte(b) > 0 && table[usize::from(b) - 0x80] != 0);
    let read: Vec<usize> = read.map(|b| usize::from(b) - 0x80).collect();
    clean.iter().any(|&j| {
        let twin = single_byte_table(j).expect("a single-byte candidate");
        read.iter().all(|&h| twin[h] == table[h])
    })
}

/// Bytes 0x80..=0xFF of each single-byte candidate (0 = ruled out: no code
/// point or a C1 control), from wenc's own codec; None for multi-byte ones.
pub(crate) fn single_byte_table(i: usize) -> Option<&'static [u32; 128]> {
    static TABLES: OnceLock<Vec<Option<[u32; 128]>>> = OnceLock::new();
    TABLES.get_or_init(|| CANDIDATES.iter().map(|c| table_for(c.encoding)).collect())[i].as_ref()
}

/// Whether candidate `i` is a single-byte encoding.
pub(crate) fn is_single_byte(i: usize) -> bool {
    single_byte_table(i).is_some()
}

/// Whether `encoding` is one of the single-byte candidates.
pub(crate) fn is_single_byte_encoding(encoding: &'static Encoding) -> bool {
    CANDIDATES
        .iter()
        .position(|c| c.encoding == encoding)
        .is_some_and(is_single_byte)
}

/// Whether candidate `i` is scored from its bytes (a single-byte encoding
/// all of whose languages have bigram models: see `model::ByteClasses`).
pub(crate) fn by_bytes(i: usize) -> bool {
    is_single_byte(i)
        && language_models(i)
            .iter()
            .all(|&m| model::models()[m].is_bigram())
}

/// The models of candidate `i`'s languages (those that have one), found by
/// name once per process: every analysis asks for them per candidate.
pub(crate) fn language_models(i: usize) -> &'static [usize] {
    static MODELS: OnceLock<Vec<Vec<usize>>> = OnceLock::new();
    let models = MODELS.get_or_init(|| {
        let of = |c: &Candidate| c.languages.iter().filter_map(|&l| model::find(l));
        CANDIDATES.iter().map(|c| of(c).collect()).collect()
    });
    &models[i]
}

/// How language model `model` reads each byte in candidate `i` (which
/// [`by_bytes`] accepts, with a model of one of its languages).
pub(crate) fn byte_classes(i: usize, model: usize) -> &'static model::ByteClasses {
    let all = byte_classes_of(i).expect("a candidate scored from its bytes");
    &all.iter()
        .find(|(m, _)| *m == model)
        .expect("one of its models")
        .1
}

/// For each candidate: (model, its byte classes) for each of its languages'
/// models, or None if [`by_bytes`] refuses it. Built per candidate at its
/// first use, not all at once: the first detection of a process needs only
/// the candidates that read every byte the input has.
fn byte_classes_of(i: usize) -> Option<&'static [(usize, model::ByteClasses)]> {
    type PerModel = Vec<(usize, model::ByteClasses)>;
    static CLASSES: OnceLock<Vec<OnceLock<Option<PerModel>>>> = OnceLock::new();
    let all = CLASSES.get_or_init(|| CANDIDATES.iter().map(|_| OnceLock::new()).collect());
    all[i]
        .get_or_init(|| {
            // A byte that is no character (damage) reads as U+FFFD, an
            // unknown character, as in a decoded text.
            let mut table = *single_byte_table(i)?;
            for cp in table.iter_mut().filter(|cp| **cp == 0) {
                *cp = u32::from(char::REPLACEMENT_CHARACTER);
            }
            let flags = model::TableFlags::of(&table);
            language_models(i)
                .iter()
                .map(|&m| Some((m, model::models()[m].byte_classes(&table, &flags)?)))
                .collect()
        })
        .as_deref()
}

fn table_for(encoding: &'static Encoding) -> Option<[u32; 128]> {
    // Read from the index, not decoded: decoding would build the decoder's
    // tables of every single-byte encoding at the first detection of a
    // process, and most of them are never decoded with.
    let index = encoding.single_byte_index()?;
    Some(index.map(|cp| match cp {
        0x80..0xA0 => 0,
        cp => u32::from(cp),
    }))
}

/// The text of about the first `limit` bytes of `bytes` as candidate `i`
/// reads them, U+FFFD for each malformed sequence, and its damage over the
/// whole of `bytes` (malformed sequences and C1 controls; unless `last`, a
/// truncated sequence at the end is not one); None when that is not
/// [`tolerable`]. `counts` of the bytes settle single-byte candidates at once.
pub(crate) fn decode(
    i: usize,
    bytes: &[u8],
    last: bool,
    limit: usize,
    counts: &ByteCounts,
) -> Option<(String, u32)> {
    match single_byte_table(i) {
        Some(table) => {
            let damage = single_byte_damage(i, counts)?;
            let text = decode_single_byte(table, &bytes[..bytes.len().min(limit)])?;
            Some((text, damage))
        }
        None => {
            // Its non-ASCII characters: two bytes each, near enough (the
            // double-byte encodings; EUC-JP's three-byte ones are rare).
            let chars = counts.high() / 2;
            let most = most_damage(chars);
            let read = decode_damaged(CANDIDATES[i].encoding, bytes, last, limit, most)?;
            let chars = u32::try_from(chars).unwrap_or(u32::MAX);
            tolerable(read.damage, chars).then_some((read.text, read.damage))
        }
    }
}

fn decode_single_byte(table: &[u32; 128], bytes: &[u8]) -> Option<String> {
    let mut out = String::with_capacity(bytes.len() * 2);
    let mut rest = bytes;
    while let Some((&b, tail)) = rest.split_first() {
        // Runs of ASCII are copied whole: they read the same in every candidate.
        let ascii = super::model::ascii_run(rest);
        if ascii > 0 {
            // Checked ASCII just now; a mapped file written meanwhile may
            // have changed it: then it does not decode (no panic).
            out.push_str(std::str::from_utf8(&rest[..ascii]).ok()?);
            rest = &rest[ascii..];
            continue;
        }
        // `b` was read before the run was: not ASCII only if unchanged.
        let code = *table.get(usize::from(b).wrapping_sub(0x80))?;
        // A byte that is no character (damage, counted by the caller).
        out.push(
            char::from_u32(code)
                .filter(|&c| c != '\0')
                .unwrap_or('\u{FFFD}'),
        );
        rest = tail;
    }
    Some(out)
}

/// Strict decoding with wenc's codec; C1 controls count as errors. The
/// text of `bytes`, or None at the first error (see [`decode_damaged`]).
pub(crate) fn decode_strict(
    encoding: &'static Encoding,
    bytes: &[u8],
    last: bool,
    limit: usize,
) -> Option<String> {
    decode_damaged(encoding, bytes, last, limit, 0).map(|read| read.text)
}

/// A multi-byte reading: at most `limit` bytes of its text, and its
/// damage over all of the input.
pub(crate) struct Read {
    pub text: String,
    pub damage: u32,
}

/// Decoding with wenc's codec that counts malformed sequences (U+FFFD in
/// the text) and C1 controls as damage, and gives up past `most` of them.
/// All of `bytes` is decoded, in pieces through a small buffer, and at
/// most `limit` bytes of text are kept, cut at a character boundary: no
/// buffer the size of the whole output is made for text that is then
/// mostly thrown away.
pub(crate) fn decode_damaged(
    encoding: &'static Encoding,
    bytes: &[u8],
    last: bool,
    limit: usize,
    most: u32,
) -> Option<Read> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut buf = [0u8; 4096];
    let mut text = Vec::with_capacity(limit.min(bytes.len() * 3) + 4);
    let (mut read, mut damage) = (0, 0u32);
    // The last byte written, to find a C1 control (C2 80..C2 9F in UTF-8)
    // split between two pieces.
    let mut prev = 0u8;
    loop {
        let (result, r, w) = decoder.decode_without_replacement(&bytes[read..], &mut buf, last);
        read += r;
        let piece = &buf[..w];
        let c1 = |b: Option<&u8>| b.is_some_and(|b| (0x80..0xA0).contains(b));
        let split = prev == 0xC2 && c1(piece.first());
        // C2 is rare in text: found by memchr, not a test per byte.
        let c1s = memchr::memchr_iter(0xC2, piece).filter(|&at| c1(piece.get(at + 1)));
        let c1s = usize::from(split) + c1s.count();
        damage = damage.saturating_add(u32::try_from(c1s).unwrap_or(u32::MAX));
        prev = piece.last().copied().unwrap_or(prev);
        // Up to 4 bytes past the limit, so the cut below sees where the
        // character at the limit starts.
        let room = limit.saturating_add(4).saturating_sub(text.len());
        text.extend_from_slice(&piece[..w.min(room)]);
        match result {
            DecoderResult::Malformed(_) => {
                damage = damage.saturating_add(1);
                if limit.saturating_add(4) > text.len() {
                    text.extend_from_slice("\u{FFFD}".as_bytes());
                }
            }
            DecoderResult::OutputFull => {}
            DecoderResult::InputEmpty => break,
        }
        if damage > most {
            return None;
        }
    }
    if damage > most {
        return None;
    }
    if text.len() > limit {
        let cut = (0..=limit).rev().find(|&c| text[c] & 0xC0 != 0x80);
        text.truncate(cut.unwrap_or(0));
    }
    let text = String::from_utf8(text).ok()?;
    Some(Read { text, damage })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables, from one decode of all the high bytes, are what each
    /// byte decoded alone gives (0 for an error or a C1 control).
    #[test]
    fn tables_read_each_byte_alone() {
        let mut checked = 0;
        for (i, c) in CANDIDATES.iter().enumerate() {
            let Some(table) = single_byte_table(i) else {
                assert!(!c.encoding.is_single_byte());
                continue;
            };
            for b in 0x80u8..=0xFF {
                let (text, errors) = c.encoding.decode_without_bom_handling(&[b]);
                let cp = text.chars().next().map_or(0, |c| c as u32);
                let want = if errors || (0x80..0xA0).contains(&cp) {
                    0
                } else {
                    cp
                };
                assert_eq!(
                    table[b as usize - 0x80],
                    want,
                    "{} {b:#x}",
                    c.encoding.name()
                );
                checked += 1;
            }
        }
        assert!(checked >= 20 * 128, "{checked}");
    }

    #[test]
    fn damage_is_tolerated_only_when_rare() {
        assert!(tolerable(0, 0));
        assert!(!tolerable(1, 31));
        assert!(tolerable(1, 32));
        assert!(tolerable(16, 16 * 32));
        assert!(!tolerable(17, 10_000), "at most MAX_DAMAGE in all");
        assert_eq!(most_damage(100), 3);
        assert_eq!(most_damage(100_000), MAX_DAMAGE);
        assert!(tolerable_utf8(1, 8) && !tolerable_utf8(1, 7));
        assert_eq!(most_utf8_damage(100), 12);
    }

    /// Malformed sequences (U+FFFD in the text) and C1 controls are
    /// counted, and decoding gives up past `most` of them.
    #[test]
    fn damaged_decoding_counts_errors_and_c1_controls() {
        let bytes = b"\x82\xa0\x81\x20\x82\xa2\x80";
        let read = decode_damaged(codec::SHIFT_JIS, bytes, true, usize::MAX, 4).unwrap();
        assert_eq!(read.text, "\u{3042}\u{FFFD} \u{3044}\u{80}");
        assert_eq!(read.damage, 2);
        assert!(decode_damaged(codec::SHIFT_JIS, bytes, true, usize::MAX, 1).is_none());
        assert!(decode_strict(codec::SHIFT_JIS, bytes, true, usize::MAX).is_none());
        assert!(decode_strict(codec::SHIFT_JIS, b"\x82\xa0", true, 0).is_some());
    }
}
