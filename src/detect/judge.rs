//! Whether a conversion may replace its input: right, or refused with the
//! evidence. Pure: the caller (the CLI, for `-i` and `-o` onto an input)
//! passes the whole input and the encoding it was told, if any.
//!
//! - Told nothing (`-f auto`): convert when the guess is at least [`SURE`],
//!   or when every plausible runner-up reads the input as the same text;
//!   else refuse, naming the candidates and how they read it.
//! - Told X: refuse only when the detector is at least [`SURE`] of another
//!   encoding Y that reads the input differently and X is not even
//!   plausible ([`PLAUSIBLE`]): a Central European file named ISO-8859-2
//!   where windows-1250 scores a little higher still converts.

use super::late::{read_differently, same_text, sniff_whole};
use super::stats::{Candidate, Hint};
use super::{Sniffed, Source};
use crate::codec::Encoding;

/// A guess this confident may replace a file.
pub const SURE: f32 = 0.99;
/// A candidate this confident is plausible: worth naming, and a stated
/// encoding the detector gives this much is never refused.
pub const PLAUSIBLE: f32 = 0.001;
/// Runners-up shown with their differences, at most.
const SHOWN: usize = 3;
/// Words shown per runner-up, at most.
const WORDS: usize = 3;

/// How a runner-up reads the input differently from the winner.
#[derive(Debug, Clone, PartialEq)]
pub struct Difference {
    pub encoding: &'static Encoding,
    /// Up to three words: (as the winner reads them, as this one does).
    pub words: Vec<(String, String)>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Convert, reading the input in this encoding.
    Convert(&'static Encoding),
    /// `-f auto` is not sure: the plausible candidates, best first, and how
    /// those that read the input differently read it.
    Unsure {
        candidates: Vec<Candidate>,
        differences: Vec<Difference>,
    },
    /// The stated encoding looks wrong: the detector is sure of `likely`.
    LooksLike {
        likely: &'static Encoding,
        confidence: f32,
        differences: Vec<Difference>,
    },
    /// `-f auto` on input that is not text.
    NotText,
}

/// The verdict for `bytes`, a whole input, told `stated` (None: `-f auto`),
/// with the detector's answer it rests on.
pub fn judge(
    bytes: &[u8],
    stated: Option<&'static Encoding>,
    hint: Option<Hint>,
) -> (Verdict, Sniffed) {
    let sniffed = sniff_whole(bytes, hint);
    let verdict = match stated {
        None => auto(bytes, &sniffed),
        Some(told) => told_to(bytes, &sniffed, told),
    };
    (verdict, sniffed)
}

fn auto(bytes: &[u8], sniffed: &Sniffed) -> Verdict {
    let Some(best) = sniffed.encoding else {
        return Verdict::NotText;
    };
    // Candidates that read the whole input as the winner does share its
    // confidence (the detector's softmax, and `sniff_whole` over the rest):
    // "sure, or every close runner-up reads the same" is this one test.
    // Below it the doubt may be about the text itself (few byte pairs,
    // noise, UTF-8 that breaks off), even with no runner-up plausible.
    if sniffed.source != Source::Guess || sniffed.confidence >= SURE {
        return Verdict::Convert(best);
    }
    // A runner-up that reads the input as the winner does is in the
    // winner's confidence already: named apart, the figures would add up to
    // more than 100%.
    let runners_up = differing_runners_up(bytes, sniffed, best);
    let winner = sniffed
        .candidates
        .first()
        .filter(|c| c.confidence >= PLAUSIBLE);
    Verdict::Unsure {
        candidates: winner.into_iter().chain(&runners_up).copied().collect(),
        differences: shown(bytes, best, &runners_up),
    }
}

fn told_to(bytes: &[u8], sniffed: &Sniffed, told: &'static Encoding) -> Verdict {
    let Some(likely) = sniffed.encoding else {
        return Verdict::Convert(told);
    };
    let sure = sniffed.source == Source::Guess && sniffed.confidence >= SURE;
    let plausible = sniffed
        .candidates
        .iter()
        .any(|c| c.encoding == told && c.confidence >= PLAUSIBLE);
    if !sure || plausible || same_text(likely, told, bytes) {
        return Verdict::Convert(told);
    }
    Verdict::LooksLike {
        likely,
        confidence: sniffed.confidence,
        differences: vec![Difference {
            encoding: told,
            words: differing_words(bytes, likely, told),
        }],
    }
}

/// For each plausible runner-up (at most three) that reads `bytes`
/// differently from the winner: a few words as each reads them.
pub fn differences(bytes: &[u8], sniffed: &Sniffed) -> Vec<Difference> {
    let Some(best) = sniffed.encoding else {
        return Vec::new();
    };
    shown(bytes, best, &differing_runners_up(bytes, sniffed, best))
}

/// The plausible runners-up, best first, that read `bytes` as other text
/// than `best` does (all of them decided in one pass over `bytes`).
fn differing_runners_up(
    bytes: &[u8],
    sniffed: &Sniffed,
    best: &'static Encoding,
) -> Vec<Candidate> {
    let plausible: Vec<Candidate> = sniffed
        .candidates
        .iter()
        .skip(1)
        .filter(|c| c.confidence >= PLAUSIBLE)
        .copied()
        .collect();
    let encodings: Vec<_> = plausible.iter().map(|c| c.encoding).collect();
    let differ = read_differently(best, &encodings, bytes);
    plausible
        .into_iter()
        .zip(differ)
        .filter_map(|(c, differs)| differs.then_some(c))
        .collect()
}

/// The first [`SHOWN`] of `runners_up`, with a few words as each reads
/// them against `best`.
fn shown(bytes: &[u8], best: &'static Encoding, runners_up: &[Candidate]) -> Vec<Difference> {
    runners_up
        .iter()
        .take(SHOWN)
        .map(|c| Difference {
            encoding: c.encoding,
            words: differing_words(bytes, best, c.encoding),
        })
        .collect()
}

/// Longest piece of a word shown, in bytes (Chinese and Japanese have no
/// spaces: a "word" is then a piece of a line).
const WORD_BYTES: usize = 24;

/// Up to WORDS distinct words of `bytes` (split at ASCII whitespace, which
/// every ASCII-compatible encoding reads alike) that `a` and `b` read
/// differently, as (a's reading, b's reading).
fn differing_words(
    bytes: &[u8],
    a: &'static Encoding,
    b: &'static Encoding,
) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for word in bytes.split(u8::is_ascii_whitespace) {
        let Some(first) = word.iter().position(|&b| b >= 0x80) else {
            continue;
        };
        let word = if word.len() > WORD_BYTES {
            let end = (first + WORD_BYTES / 2).min(word.len());
            &word[first.saturating_sub(WORD_BYTES / 2)..end]
        } else {
            word
        };
        let read = |e: &'static Encoding| {
            let text = e.decode_without_bom_handling(word).0;
            let trim = |c: char| c.is_ascii_punctuation() || c == '\u{FFFD}';
            text.trim_matches(trim).to_string()
        };
        let pair = (read(a), read(b));
        if pair.0 != pair.1 && !out.contains(&pair) {
            out.push(pair);
            if out.len() == WORDS {
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
