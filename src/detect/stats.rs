//! The statistical encoding detector: bytes in, ranked candidates out.
//!
//! Pure (no I/O, no flags). Fed in chunks, asked at any time; the answer
//! depends only on the bytes fed, never on how they were chunked.
//!
//! How it decides, in order:
//! 1. NUL bytes: UTF-16LE/BE when the NULs sit on one side of the byte pairs
//!    and the whole decodes to clean text, else binary. Other control bytes
//!    that text does not have (beyond a stray one per 512 bytes): binary.
//! 2. Only ASCII: ISO-2022-JP when its escape sequences decode strictly to
//!    non-ASCII text, else [`Verdict::Ascii`].
//! 3. Valid UTF-8 with non-ASCII characters: UTF-8 (the other encodings
//!    follow as runners-up when there are few such characters). So is
//!    UTF-8 whose valid multi-byte characters far outnumber its malformed
//!    sequences (`candidates::tolerable_utf8`), with that damage.
//! 4. Otherwise every legacy encoding is decoded with wenc's codec and
//!    ruled out when its reading has more than a stray malformed sequence
//!    or C1 control (`candidates::tolerable`: a file may carry a stray
//!    byte, another encoding's text errs every few characters); each one
//!    costs `candidates::DAMAGE_COST`, more than any character the models
//!    know, and a damaged winner is never sure. Each survivor's text is
//!    scored by the language models of the languages the encoding is native
//!    to (character bigrams for alphabetic scripts, character frequencies for
//!    Chinese, Japanese and Korean; see `indexes/detect/`), plus a prior for
//!    rarer encodings, plus how badly the language fits the ASCII words
//!    around the non-ASCII bytes and the rest (`evidence::AsciiFit`: more
//!    when no language the encoding writes fits them), minus a bonus for
//!    the hinted language's encodings. The best total wins; confidence is a
//!    softmax over the totals, where encodings that decode the input to the
//!    same text share their mass, bounded by the evidence the text holds
//!    (distinct byte pairs; noise).
//!
//! The detector reads at most [`PREFIX_LIMIT`] bytes, and stops early when it
//! is sure at one of the fixed checkpoints (1, 4 and 16 KiB).

mod alike;
mod candidates;
mod evidence;
mod hint;
mod model;
mod references;
mod same_text;
mod score;
mod shape;
mod tally;

use crate::codec::{self, Encoding};
use candidates::CANDIDATES;
pub(crate) use candidates::{tolerable_utf8, MAX_DAMAGE};
use evidence::{evidence_cap, noise_cap};
pub use hint::Hint;
use same_text::SameText;
use score::{score_all, Scored, Start, Text};
pub(crate) use shape::utf8_damage;
use std::cell::RefCell;
use std::ops::Range;
use tally::{ByteCounts, Tally};

/// How much input the detector reads at most (64 KiB); feeding more changes nothing.
pub const PREFIX_LIMIT: usize = 64 * 1024;

/// Where the detector checks whether it is already sure (fixed offsets, so
/// that chunking cannot change the answer).
const CHECKPOINTS: [usize; 4] = [1024, 4 * 1024, 16 * 1024, PREFIX_LIMIT];
/// The top confidence at a checkpoint that ends the reading.
const SURE: f32 = 0.9999;
/// The confidence at most of a reading with damage (malformed sequences or
/// C1 controls): below 99%, what `-f auto` needs to replace a file. The
/// damage is what another reading could explain as text.
pub(crate) const DAMAGED_CAP: f32 = 0.98;
/// Bonus for the hinted language's encodings, in quarter bits.
const HINT_BONUS: u32 = 4 * 12;
/// Softmax temperature, in quarter bits: a candidate this much costlier than
/// the best has half its weight.
const SOFTNESS: f32 = 4.0 * 2.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Only ASCII bytes so far (no ESC sequence of ISO-2022-JP): any ASCII-compatible encoding reads it the same.
    Ascii,
    /// NULs / control bytes that text does not have: not text.
    Binary,
    /// Text in some encoding: see `candidates`.
    Text,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    pub encoding: &'static Encoding,
    /// 0 to 1; candidates' confidences need not sum to 1.
    pub confidence: f32,
    /// Malformed sequences and C1 controls in this reading of what the
    /// detector read: 0 for a clean reading.
    pub damage: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Guess {
    pub verdict: Verdict,
    /// Best first; empty unless verdict is Text. Never replacement or x-user-defined.
    pub candidates: Vec<Candidate>,
}

impl Guess {
    fn verdict(verdict: Verdict) -> Guess {
        Guess {
            verdict,
            candidates: Vec::new(),
        }
    }

    fn text(candidates: Vec<Candidate>) -> Guess {
        Guess {
            verdict: Verdict::Text,
            candidates,
        }
    }
}

/// Fed in chunks (any chunking gives the same answer); asked at any time.
pub struct Detector {
    hint: Option<Hint>,
    /// The prefix read so far (never longer than PREFIX_LIMIT).
    buf: Vec<u8>,
    /// Sure at a checkpoint, or PREFIX_LIMIT reached: nothing more is read.
    done: bool,
    /// Bytes were fed past what `buf` keeps, so its end is not the input's.
    cut: bool,
    /// The answer for `buf` (not as the end of input) when a checkpoint made it.
    settled: Option<Guess>,
    /// The scores of the first 4 KiB, from their checkpoint on.
    start: Start,
    /// The counts of `buf` so far, which each analysis brings up to date.
    tally: RefCell<Tally>,
}

impl Detector {
    pub fn new(hint: Option<Hint>) -> Detector {
        Detector {
            hint,
            buf: Vec::new(),
            done: false,
            cut: false,
            settled: None,
            start: Start::default(),
            tally: RefCell::default(),
        }
    }

    /// Feeds the next chunk. Returns true once the answer can no longer change
    /// (sure, or PREFIX_LIMIT reached): the caller may stop feeding.
    pub fn feed(&mut self, mut chunk: &[u8]) -> bool {
        while !chunk.is_empty() && !self.done {
            let next = CHECKPOINTS
                .iter()
                .copied()
                .find(|&c| c > self.buf.len())
                .unwrap_or(PREFIX_LIMIT);
            let take = chunk.len().min(next - self.buf.len());
            self.buf.extend_from_slice(&chunk[..take]);
            chunk = &chunk[take..];
            if self.buf.len() == next && next < PREFIX_LIMIT {
                let tally = self.tally.get_mut();
                let guess = analyze(&self.buf, false, self.hint, &mut self.start, tally);
                self.done = is_sure(&guess);
                self.settled = self.done.then_some(guess);
            }
            self.done |= self.buf.len() == PREFIX_LIMIT;
        }
        self.cut |= !chunk.is_empty();
        self.done
    }

    /// The answer for what was fed so far (`last`: the input ended there, so a
    /// truncated trailing sequence counts as an error).
    pub fn guess(&self, last: bool) -> Guess {
        let last = last && !self.cut && !cut_short(&self.buf);
        match &self.settled {
            Some(guess) if !last => guess.clone(),
            _ => {
                let tally = &mut self.tally.borrow_mut();
                analyze(&self.buf, last, self.hint, &mut self.start.clone(), tally)
            }
        }
    }
}

/// Non-ASCII characters that make an input cut inside its last character
/// plainly text of the encoding it was cut from (see [`cut_short`]): legacy
/// text reads as a multi-byte encoding for a few characters at most.
const CUT_SHORT_EVIDENCE: usize = 16;

/// Whether `bytes`, a whole input, look like a file cut short inside a
/// character: a multi-byte encoding (UTF-8 included) reads all of it
/// strictly but for its last bytes, with CUT_SHORT_EVIDENCE non-ASCII
/// characters before them. Such an input is judged as a prefix is (its cut
/// end no error): Chinese text cut after a lead byte is GBK, whose
/// conversion then reports the cut character, not "windows-1251, 99%
/// sure".
fn cut_short(bytes: &[u8]) -> bool {
    if bytes.last().is_none_or(|b| b.is_ascii()) {
        return false;
    }
    let utf8 = |last| shape::utf8_non_ascii(bytes, last);
    if utf8(true).is_none() && utf8(false).is_some_and(|n| n >= CUT_SHORT_EVIDENCE) {
        return true;
    }
    let plain = |text: &str| text.chars().filter(|c| !c.is_ascii()).count() >= CUT_SHORT_EVIDENCE;
    (0..CANDIDATES.len())
        .filter(|&i| !candidates::is_single_byte(i))
        .any(|i| {
            let encoding = CANDIDATES[i].encoding;
            candidates::decode_strict(encoding, bytes, true, 0).is_none()
                && candidates::decode_strict(encoding, bytes, false, usize::MAX)
                    .is_some_and(|text| plain(&text))
        })
}

/// Bytes 0x80..=0xFF of a single-byte encoding the detector weighs, as code
/// points (0: a byte that rules it out); None for any other encoding.
pub fn byte_table(encoding: &'static Encoding) -> Option<&'static [u32; 128]> {
    let i = CANDIDATES.iter().position(|c| c.encoding == encoding)?;
    candidates::single_byte_table(i)
}

/// Convenience: one call over a whole buffer.
pub fn detect(bytes: &[u8], hint: Option<Hint>) -> Guess {
    let mut detector = Detector::new(hint);
    detector.feed(bytes);
    detector.guess(true)
}

fn is_sure(guess: &Guess) -> bool {
    match guess.verdict {
        Verdict::Binary => true,
        Verdict::Ascii => false,
        Verdict::Text => guess.candidates[0].confidence >= SURE,
    }
}

/// The whole decision for one prefix (see the module docs for the order).
/// `tally` has counted a prefix of `bytes` (none of them, or those of an
/// earlier analysis of the same input).
fn analyze(
    bytes: &[u8],
    last: bool,
    hint: Option<Hint>,
    start: &mut Start,
    tally: &mut Tally,
) -> Guess {
    if let Some(guess) = by_shape(bytes, last, tally.counts(bytes)) {
        return guess;
    }
    let utf8 = match shape::utf8_non_ascii(bytes, last) {
        Some(n) => Some((u32::try_from(n).unwrap_or(u32::MAX), 0)),
        None => {
            let most = candidates::most_utf8_damage(tally.counts(bytes).high());
            shape::utf8_damage(bytes, last, most)
                .filter(|&(n, damage)| candidates::tolerable_utf8(damage, n))
        }
    };
    match utf8 {
        Some((n, damage)) if n > 0 => utf8_guess(bytes, last, hint, (n, damage), start, tally),
        _ => rank(bytes, last, hint, start, tally),
    }
}

/// Steps 1 and 2 of the module docs: the answer when the bytes' shape
/// gives it (NULs, control bytes, only ASCII), else None: text, to score.
/// `counts`: how often each byte value is in `bytes`.
fn by_shape(bytes: &[u8], last: bool, counts: &ByteCounts) -> Option<Guess> {
    if counts.of_byte(0) > 0 {
        return Some(match shape::utf16(bytes, last) {
            Some((encoding, _)) => Guess::text(vec![Candidate {
                encoding,
                confidence: 0.99,
                damage: 0,
            }]),
            None => Guess::verdict(Verdict::Binary),
        });
    }
    if shape::is_binary(counts) {
        return Some(Guess::verdict(Verdict::Binary));
    }
    if shape::is_ascii(counts) {
        return Some(match shape::iso_2022_jp(bytes, last) {
            Some(_) => Guess::text(vec![Candidate {
                encoding: codec::ISO_2022_JP,
                confidence: 0.99,
                damage: 0,
            }]),
            None => Guess::verdict(Verdict::Ascii),
        });
    }
    None
}

/// `detect(bytes, hint).verdict`, without scoring when the shapes settle
/// it: the detector's analyses at its checkpoints and at the end differ
/// only in whether they are sure, which matters only when one of them
/// would stop the reading with another verdict than the end's.
fn detect_verdict(bytes: &[u8], hint: Option<Hint>) -> Verdict {
    // One tally for the growing prefixes: the checkpoints, then the end.
    let mut tally = Tally::default();
    let mut shaped = |b: &[u8], last| {
        let guess = by_shape(b, last, tally.counts(b));
        guess.map_or(Verdict::Text, |g| g.verdict)
    };
    let end = bytes.len().min(PREFIX_LIMIT);
    let at: Vec<Verdict> = CHECKPOINTS
        .iter()
        .filter(|&&c| c < end)
        .map(|&c| shaped(&bytes[..c], false))
        .collect();
    let at_end = shaped(&bytes[..end], bytes.len() <= PREFIX_LIMIT);
    let mut settled = true;
    for verdict in at {
        match verdict {
            // Binary is always sure: the reading stops there.
            Verdict::Binary => {
                settled &= at_end == Verdict::Binary;
                break;
            }
            // Sure or not, only scoring tells.
            Verdict::Text => settled &= at_end == Verdict::Text,
            Verdict::Ascii => {}
        }
    }
    match settled {
        true => at_end,
        false => detect(bytes, hint).verdict,
    }
}

/// UTF-8 (with `damage`, malformed sequences, tolerably few): almost
/// surely UTF-8, the more so the more non-ASCII characters it has, never
/// sure with damage; with few of them, or damage, the legacy readings
/// follow as runners-up.
fn utf8_guess(
    bytes: &[u8],
    last: bool,
    hint: Option<Hint>,
    (non_ascii, damage): (u32, u32),
    start: &mut Start,
    tally: &mut Tally,
) -> Guess {
    let mut doubt = 0.5 * 0.1f32.powi(non_ascii.min(6) as i32);
    if damage > 0 {
        doubt = doubt.max(1.0 - DAMAGED_CAP);
    }
    let mut candidates = vec![Candidate {
        encoding: codec::UTF_8,
        confidence: 1.0 - doubt,
        damage,
    }];
    if non_ascii < 16 || damage > 0 {
        let others = rank(bytes, last, hint, start, tally).candidates;
        candidates.extend(others.into_iter().map(|c| Candidate {
            confidence: c.confidence * doubt,
            ..c
        }));
    }
    Guess::text(candidates)
}

/// Ranks the legacy encodings (step 4 of the module docs).
fn rank(
    bytes: &[u8],
    last: bool,
    hint: Option<Hint>,
    start: &mut Start,
    tally: &mut Tally,
) -> Guess {
    let scored = score_all(bytes, last, hint, true, start, tally);
    let seen = tally.counts(bytes).seen();
    let tally = tally.score(bytes);
    finish(
        scored,
        bytes,
        |single| tally.evidence_cap(single),
        Some(&seen),
    )
}

/// The guess for `bytes`, the start of an input, with `extra` scored too:
/// snippets of the rest of the input around the bytes where the leading
/// candidates read it differently (see `detect::late`). A candidate's costs
/// over both are added; one that cannot decode `extra` is ruled out.
pub fn detect_with(bytes: &[u8], extra: &[u8], hint: Option<Hint>) -> Guess {
    // Only the verdict of the start alone counts here, unless it is the answer.
    if extra.is_empty() || detect_verdict(bytes, hint) != Verdict::Text {
        return detect(bytes, hint);
    }
    let fresh = || (Start::default(), Tally::default());
    let (mut start, mut tally) = fresh();
    let more = score_all(extra, false, hint, false, &mut start, &mut tally);
    let (mut start, mut tally) = fresh();
    let mut scored: Vec<Scored> = score_all(bytes, true, hint, false, &mut start, &mut tally)
        .into_iter()
        .filter_map(|mut s| {
            let m = more.iter().find(|m| m.index == s.index)?;
            s.cost += m.cost;
            s.damage += m.damage;
            match (&mut s.text, &m.text) {
                (Text::Decoded(a), Text::Decoded(b)) => {
                    a.push('\n');
                    a.push_str(b);
                }
                (Text::Bytes(a), Text::Bytes(b)) => {
                    let shift = |r: &Range<usize>| r.start + bytes.len()..r.end + bytes.len();
                    a.extend(b.iter().map(shift));
                }
                _ => unreachable!("one candidate's texts are of one kind"),
            }
            Some(s)
        })
        .collect();
    Scored::sort_by_cost(&mut scored);
    // The snippets' own line breaks are no sign of text: the start alone
    // says whether it is noise; both together how varied it is, each
    // snippet apart (late.rs ends each with the one line break it has).
    let mut all = bytes.to_vec();
    all.extend_from_slice(extra);
    let mut parts = vec![bytes];
    parts.extend(extra.split(|&b| b == b'\n'));
    let mut guess = finish(scored, &all, |single| evidence_cap(&parts, single), None);
    let cap = noise_cap(
        &ByteCounts::of(bytes),
        candidates::is_single_byte_encoding(guess.candidates[0].encoding),
    );
    for c in guess.candidates.iter_mut() {
        c.confidence = c.confidence.min(cap);
    }
    guess
}

/// Scored candidates, best first, into a guess: confidence is a softmax
/// over the costs, where candidates that read the text the same share
/// their mass, capped by how much evidence the text holds (`cap`, given
/// whether the best is a single-byte encoding: see [`evidence_cap`]).
/// `seen`: the byte values in `bytes`, when known.
fn finish(
    scored: Vec<Scored>,
    bytes: &[u8],
    cap: impl FnOnce(bool) -> f32,
    seen: Option<&[bool; 256]>,
) -> Guess {
    let Some(best) = scored.first() else {
        // Nothing reads it with tolerable damage: windows-1252 reads the
        // most bytes, as browsers default.
        let table = byte_table(codec::WINDOWS_1252).expect("a single-byte candidate");
        let damage = bytes
            .iter()
            .filter(|&&b| b >= 0x80 && table[usize::from(b) - 0x80] == 0);
        return Guess::text(vec![Candidate {
            encoding: codec::WINDOWS_1252,
            confidence: 0.01,
            damage: u32::try_from(damage.count()).unwrap_or(u32::MAX),
        }]);
    };
    let weight = |s: &Scored| (-(s.cost.saturating_sub(best.cost) as f32) / SOFTNESS).exp2();
    let total: f32 = scored.iter().map(weight).sum();
    let mut same = SameText::new(best, bytes, seen);
    let same_as_best: f32 = scored.iter().filter(|s| same.as_best(s)).map(weight).sum();
    let cap = cap(candidates::is_single_byte(best.index));
    let cap_of = |s: &Scored| {
        if s.damage > 0 {
            cap.min(DAMAGED_CAP)
        } else {
            cap
        }
    };
    let candidates = scored
        .iter()
        .enumerate()
        .map(|(i, s)| Candidate {
            encoding: CANDIDATES[s.index].encoding,
            confidence: (if i == 0 { same_as_best } else { weight(s) } / total).min(cap_of(s)),
            damage: s.damage,
        })
        .collect();
    Guess::text(candidates)
}

#[cfg(test)]
pub(crate) mod tests;
