//! Numeric character references (`&#1524;`) as evidence of a text's
//! script. An encoder in html mode writes a reference for each character
//! its encoding cannot write: ISO-8859-8 Hebrew with the gershayim turns
//! "א״ב" into "א&#1524;ב", leaving lone Hebrew letters between ASCII
//! signs, which a Cyrillic reading ("а&#1524;б") explains as well. The
//! reference says what the letters cannot: the text is Hebrew, and its
//! encoding had no ״. So a reference to a letter or sign of a non-Latin
//! script costs every reading but one in a model of that script whose
//! encoding cannot write the character. So does a reference to a
//! Vietnamese letter with its tone mark (Latin Extended Additional's
//! U+1EA0-U+1EF9, no other language's): windows-1258 writes the tone as
//! a combining mark, so an html-mode encoder turns NFC Vietnamese's "trị"
//! into "tr&#7883;", and a 10-character sample keeps one letter of its
//! own, which windows-1253 or GBK read as well.

use super::candidates;
use super::model;
use std::ops::RangeInclusive;

/// What each such reference costs the other readings (quarter bits): a
/// character of the script that another reading must explain as a stray
/// reference in its language.
const REFERENCE_COST: u32 = 4 * 8;

/// The non-Latin scripts' blocks, and the Vietnamese letters with tone
/// marks, and the models that write them.
const SCRIPTS: &[(RangeInclusive<u32>, &[&str])] = &[
    (0x370..=0x3FF, &["el"]),
    (0x400..=0x4FF, &["ru", "uk", "bg"]),
    (0x590..=0x5FF, &["he"]),
    (0x600..=0x6FF, &["ar", "fa"]),
    (0xE00..=0xE7F, &["th"]),
    (0x1EA0..=0x1EF9, &["vi"]),
];

/// The references to characters of [`SCRIPTS`] in a text, counted as the
/// bytes arrive (the same however they are split).
#[derive(Clone, Default, Debug, PartialEq)]
pub(super) struct References {
    /// (code point, how often), in the order first met.
    counts: Vec<(u32, u32)>,
    state: State,
}

/// Where the reading of a reference stands.
#[derive(Clone, Copy, Default, Debug, PartialEq)]
enum State {
    #[default]
    Out,
    /// After "&".
    Amp,
    /// After "&#".
    Hash,
    /// After "&#" and `digits` decimal digits (or "&#x" and hex digits).
    Number { value: u32, digits: u8, hex: bool },
}

/// Digits a reference to a character below U+10000 has at most.
const MOST_DIGITS: u8 = 5;

impl References {
    pub(super) fn of(bytes: &[u8]) -> References {
        let mut refs = References::default();
        refs.extend(bytes);
        refs
    }

    /// Counts the references of `bytes`, the next ones of the text.
    pub(super) fn extend(&mut self, bytes: &[u8]) {
        let mut at = 0;
        while at < bytes.len() {
            if self.state == State::Out {
                let Some(amp) = memchr::memchr(b'&', &bytes[at..]) else {
                    return;
                };
                at += amp + 1;
                self.state = State::Amp;
                continue;
            }
            let b = bytes[at];
            at += 1;
            self.state = self.next(b);
        }
    }

    /// The state after byte `b`, counting the reference it ends.
    fn next(&mut self, b: u8) -> State {
        let digit = |hex: bool| match b {
            b'0'..=b'9' => Some(u32::from(b - b'0')),
            b'a'..=b'f' | b'A'..=b'F' if hex => Some(u32::from((b | 0x20) - b'a' + 10)),
            _ => None,
        };
        match (self.state, b) {
            (State::Amp, b'#') => State::Hash,
            (State::Hash, b'x' | b'X') => State::Number {
                value: 0,
                digits: 0,
                hex: true,
            },
            (State::Hash, _) if digit(false).is_some() => State::Number {
                value: digit(false).unwrap_or(0),
                digits: 1,
                hex: false,
            },
            (State::Number { value, digits, .. }, b';') if digits > 0 => {
                self.count(value);
                State::Out
            }
            (State::Number { value, digits, hex }, _) if digits < MOST_DIGITS => match digit(hex) {
                Some(d) => State::Number {
                    value: value * if hex { 16 } else { 10 } + d,
                    digits: digits + 1,
                    hex,
                },
                None if b == b'&' => State::Amp,
                None => State::Out,
            },
            (_, b'&') => State::Amp,
            _ => State::Out,
        }
    }

    fn count(&mut self, cp: u32) {
        if !SCRIPTS.iter().any(|(block, _)| block.contains(&cp)) {
            return;
        }
        match self.counts.iter_mut().find(|(c, _)| *c == cp) {
            Some((_, n)) => *n += 1,
            None => self.counts.push((cp, 1)),
        }
    }

    /// What the references cost candidate `index` read in model `model`:
    /// REFERENCE_COST each, unless the model writes the character's script
    /// and the candidate's encoding cannot write the character.
    pub(super) fn charge(&self, index: usize, model: usize) -> u32 {
        if self.counts.is_empty() {
            return 0;
        }
        let name = model::models()[model].name;
        let table = candidates::single_byte_table(index);
        // The blocks of SCRIPTS the model writes, one bit each: its name is
        // looked for once a call, not once a reference (a Vietnamese text
        // holds dozens of distinct ones, and each candidate is charged
        // several times).
        let writes = (SCRIPTS.iter().enumerate())
            .filter(|(_, (_, models))| models.contains(&name))
            .fold(0u32, |bits, (i, _)| bits | 1 << i);
        let explained = |cp: u32| {
            let script = SCRIPTS.iter().position(|(block, _)| block.contains(&cp));
            script.is_some_and(|i| writes & 1 << i != 0) && table.is_some_and(|t| !t.contains(&cp))
        };
        (self.counts.iter())
            .filter(|&&(cp, _)| !explained(cp))
            .map(|&(_, n)| n * REFERENCE_COST)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fed at any split, references are counted as in one pass; only
    /// well-formed ones to characters of [`SCRIPTS`] count.
    #[test]
    fn references_are_counted_at_any_split() {
        let text = b"a&#1524;b &#x5F4; &&#1488;x &#1524 &#8220;&#65; &#;&#x;&#1524;";
        let whole = References::of(text);
        assert_eq!(whole.counts, [(0x5F4, 3), (0x5D0, 1)]);
        for split in 0..text.len() {
            let mut refs = References::default();
            refs.extend(&text[..split]);
            refs.extend(&text[split..]);
            assert_eq!(refs.counts, whole.counts, "{split}");
        }
    }

    /// English UI strings with Hebrew acronyms in ISO-8859-8, whose
    /// gershayim (not in ISO-8859-8) became references: lone Hebrew
    /// letters, which windows-1251 read as Cyrillic "а", "б", "с".
    #[test]
    fn a_reference_to_a_hebrew_sign_makes_the_text_hebrew() {
        let strings = [
            &b"Document was empty or contained only whitespace\n"[..],
            b"Don\x27t follow symbolic links\n\xe0&#1524;\xe1\nETAG\n\xe0&#1524;\xf1\n",
            b"\xe0\xf7&#1524;\xe1\nEject\nElement not allowed at the top level\n",
        ];
        let text = strings.concat();
        let guess = crate::detect::stats::detect(&text, None);
        let name = guess.candidates[0].encoding.name();
        assert!(["ISO-8859-8", "windows-1255"].contains(&name), "{name}");
    }

    /// Vietnamese UI strings cut to 10 characters, encoded in html mode:
    /// one letter windows-1258 writes, the toned ones as references, which
    /// windows-1253 and GBK read as "α tr" or a Chinese character.
    #[test]
    fn a_reference_to_a_toned_vietnamese_letter_makes_the_text_vietnamese() {
        let samples = [
            &b"\xe1 tr&#7883;\n    "[..],
            b" %d \xf0&#7889;i v&#7899;",
            b"\xf9y ch&#7885;n.\n ",
        ];
        for text in samples {
            let guess = crate::detect::stats::detect(text, None);
            assert_eq!(
                guess.candidates[0].encoding.name(),
                "windows-1258",
                "{text:?}"
            );
        }
    }
}
