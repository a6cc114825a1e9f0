//! What a text itself says beside the language models' costs: the fit of
//! its ASCII words (which language, so which encodings), and how much
//! evidence it holds at all (distinct byte pairs; noise), which bounds the
//! confidence.

use super::candidates::{Candidate, CANDIDATES};
use super::model;
use super::references::References;
use super::tally::ByteCounts;
use std::sync::OnceLock;

/// How badly each language model fits the ASCII letters of a text, beside
/// the Latin model that fits them best (quarter bits): in the words that
/// hold a non-ASCII byte, and in the rest of the text. The words around the
/// non-ASCII bytes say which language the text is in, and so which
/// encodings are plausible: "Hawaïaanse" is Dutch, not Czech; and so do
/// the words between ("già" in Italian text is not Lithuanian "gią"). A
/// model of another script fits them as English does (see
/// [`AsciiFit::of`]). Beside it, the text's references to characters of a
/// script.
#[derive(Debug, PartialEq)]
pub(super) struct AsciiFit {
    /// Per model: the misfit of the words with a non-ASCII byte, and of the rest.
    misfit: Vec<[u32; 2]>,
    /// Per candidate: the far misfit of the language it writes that fits
    /// the far words best (see [`AsciiFit::penalty`]).
    native: Vec<u32>,
    /// The text's references to characters of a non-Latin script
    /// or Vietnamese letters with tone marks (see `references`).
    pub(super) references: References,
}

/// The misfit of the words with a non-ASCII byte counts at most this much
/// per non-ASCII character: a name in another language ("Wałęsa" in
/// English text) keeps its own encoding.
const ASCII_CAP: u32 = 4 * 14;
/// The misfit of the other words counts at most this much per non-ASCII
/// character (2 bits): a few words, cut at a sample's edges, fit a wrong
/// language about as often as the right one, and models of other scripts
/// charge ASCII letters at most `model::foreign::MIXED_CAP` (4 bits) per non-ASCII
/// character, so a larger cap hands short Latin samples to them (UI
/// strings' training half: 2 bits .952/.977/.990/.993/.996/.997 at 10 to
/// 1000 characters, 4 bits .949/.974/.990, 8 bits .940/.970/.984).
const FAR_CAP: u32 = 4 * 2;

/// The near words' misfit forgiven, in quarter bits per square root of
/// their pairs: the best of some thirty Latin models fits a word or two
/// better than the language they are in by chance, by about as much as the
/// costs of so few pairs spread (a standard deviation grows as the root of
/// their count): "fail" of Lithuanian "failą" costs the Lithuanian model
/// 80 quarter bits, the French one 58 (session 14,
/// detbalt2: UI strings' training half .96764 -> .96776 at 10 characters,
/// .98846 -> .98868 at 20, .99690 -> .99718 at 50; 1 quarter bit gains
/// less, 3 lose Wikipedia's 10 to 100; the far words' misfit forgiven
/// alike lost 20 characters).
const NEAR_SLACK: f64 = 2.0;

/// Per candidate, the models of the languages it writes, and English
/// (which any of them writes: it needs no letter beyond ASCII).
fn native_models() -> &'static [Vec<usize>] {
    static NATIVE: OnceLock<Vec<Vec<usize>>> = OnceLock::new();
    NATIVE.get_or_init(|| {
        let models = |c: &Candidate| {
            c.languages
                .iter()
                .chain(&["en"])
                .filter_map(|l| model::find(l))
                .collect()
        };
        CANDIDATES.iter().map(models).collect()
    })
}

/// The English model's index, if there is one.
fn english_model() -> Option<usize> {
    static ENGLISH: OnceLock<Option<usize>> = OnceLock::new();
    *ENGLISH.get_or_init(|| model::find("en"))
}

impl AsciiFit {
    pub(super) fn new(bytes: &[u8]) -> AsciiFit {
        AsciiFit::of(&model::AsciiPairs::new(bytes), References::of(bytes))
    }

    /// The fit of a text with these ASCII pairs and references. A model of
    /// another script has no ASCII bigrams: it misfits as the English model
    /// does, beside what it charges ASCII letters (`model::foreign`). Text in
    /// Greek, Hebrew or Cyrillic quotes English words (commands, names), not
    /// Finnish or Czech ones; with a misfit of 0 they fitted every language,
    /// and a Latin text's one accented letter read as one letter of another
    /// script beat the language its words are in: "ä POSIX-mu" as
    /// windows-1255's "ה", "prete de ó" as windows-1253's "σ", "ă sau este"
    /// as windows-1256's "م" (session 14, detlatin).
    pub(super) fn of(pairs: &model::AsciiPairs, refs: References) -> AsciiFit {
        let costs = model::ascii_costs_of_all(pairs);
        let best = |i: usize| costs.iter().flatten().map(|c| c[i]).min().unwrap_or(0);
        let (near, far) = (best(0), best(1));
        let slack = (NEAR_SLACK * f64::from(pairs.counts()[0]).sqrt()) as u32;
        let misfit =
            |c: &Option<[u32; 2]>| c.map(|[a, b]| [(a - near).saturating_sub(slack), b - far]);
        let english = english_model().and_then(|m| misfit(&costs[m]));
        let misfit: Vec<[u32; 2]> = (costs.iter())
            .map(|c| misfit(c).or(english).unwrap_or([0, 0]))
            .collect();
        let native = native_models().iter();
        let native = native.map(|models| models.iter().map(|&m| misfit[m][1]).min().unwrap_or(0));
        AsciiFit {
            native: native.collect(),
            misfit,
            references: refs,
        }
    }

    /// The misfit of `model` for a text with `non_ascii` non-ASCII
    /// characters read as candidate `index`. The far words' misfit is
    /// capped at FAR_CAP per non-ASCII character (the accented words may be
    /// foreign ones in a text of another language) plus half the misfit of
    /// the best language the candidate writes, English included: a text
    /// whose far words no language of the encoding fits is not in that
    /// encoding, whatever its accented words. Italian "menù" read as
    /// ISO-8859-4's Lithuanian "menų" had 2 bits to pay for a page of
    /// Italian; an English page with "Mädler" read as Swedish in
    /// windows-1252 still pays the cap alone (English fits).
    pub(super) fn penalty(&self, index: usize, model: usize, non_ascii: u32) -> u32 {
        let [near, far] = self.misfit[model];
        let cap = FAR_CAP * non_ascii + self.native[index] / 2;
        near.min(ASCII_CAP * non_ascii) + far.min(cap)
    }
}

/// A text's own evidence bounds the confidence, whatever its length: a few
/// byte pairs repeated ("\xe9 \xe9 \xe9") never make a sure guess, nor
/// does noise (see [`noise_cap`]). Each distinct pair of bytes with a high
/// byte in it cuts the doubt to DOUBT_PER_PAIR: 2 pairs leave 16%, 6 pairs
/// under 0.5%. `parts` are the text's pieces (the start of an input, then
/// snippets of its rest): pairs are counted inside each, never across the
/// seams (a seam's pair is no evidence of the text), and the first part
/// alone says whether it is noise.
pub(super) fn evidence_cap(parts: &[&[u8]], single_byte: bool) -> f32 {
    let mut variety = Variety::default();
    for part in parts {
        variety.extend(part);
        variety.seam();
    }
    let first = ByteCounts::of(parts.first().copied().unwrap_or(&[]));
    variety.cap().min(noise_cap(&first, single_byte))
}

/// The distinct pairs of bytes with a high byte in them, counted as the
/// bytes arrive (the same however they are split), up to VARIED.
#[derive(Default)]
pub(super) struct Variety {
    /// The first `distinct` are the pairs met (high byte, low byte).
    seen: [u16; VARIED as usize],
    distinct: u32,
    /// The last byte, whose pair with the next one is still to count.
    prev: Option<u8>,
}

impl Variety {
    /// Counts the pairs of `bytes`, the next ones of the current part.
    /// Runs of ASCII are skipped whole: only their ends pair with a high byte.
    pub(super) fn extend(&mut self, bytes: &[u8]) {
        let mut at = 0;
        while at < bytes.len() && self.distinct < VARIED {
            let b = bytes[at];
            if let Some(p) = self.prev.filter(|&p| (p | b) >= 0x80) {
                let pair = (p as u16) << 8 | b as u16;
                let met = &self.seen[..self.distinct as usize];
                if !met.contains(&pair) {
                    self.seen[self.distinct as usize] = pair;
                    self.distinct += 1;
                }
            }
            let run = match b {
                0..0x80 => model::ascii_run(&bytes[at..]).max(1),
                _ => 1,
            };
            at += run;
            self.prev = Some(bytes[at - 1]);
        }
    }

    /// Ends a part: its last byte and the next part's first are no pair.
    pub(super) fn seam(&mut self) {
        self.prev = None;
    }

    /// The confidence the pairs counted allow.
    pub(super) fn cap(&self) -> f32 {
        1.0 - DOUBT_PER_PAIR.powi(self.distinct as i32)
    }
}

const DOUBT_PER_PAIR: f32 = 0.4;
/// Enough distinct pairs for any confidence (0.4^24 is below f32's step at 1).
const VARIED: u32 = 24;

/// High bytes with hardly a space or sign between them (random bytes) are
/// noise: text in any script but Chinese and Japanese (which multi-byte
/// decoding already tests) has them.
pub(super) fn noise_cap(counts: &ByteCounts, single_byte: bool) -> f32 {
    let (high, separators) = (counts.high(), counts.separators());
    if single_byte && high >= 64 && separators * 100 < high {
        NOISY_CAP
    } else {
        1.0
    }
}

/// The most confidence text that looks like noise gets.
const NOISY_CAP: f32 = 0.4;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Fed at any split, a variety counts the distinct pairs with a high
    /// byte of the whole, up to VARIED.
    #[test]
    fn variety_counts_distinct_high_pairs_at_any_split() {
        let few = b"ab \xe9 \xe9\xe9 \xe9x".repeat(4);
        let many: Vec<u8> = (0x80..=0xFF).flat_map(|b| [b, b' ', b'a', b]).collect();
        for text in [&few[..], &many[..], b"", b"plain ascii"] {
            let pairs = text.windows(2).filter(|p| (p[0] | p[1]) >= 0x80);
            let want = pairs.collect::<HashSet<_>>().len().min(VARIED as usize);
            for split in 0..text.len().min(40) {
                let mut variety = Variety::default();
                variety.extend(&text[..split]);
                variety.extend(&text[split..]);
                assert_eq!(variety.distinct as usize, want, "{split}");
            }
        }
    }
}
