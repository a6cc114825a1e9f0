//! Naming the encoding of bytes that come without one, as a browser does
//! (the HTML Standard's encoding sniffing algorithm), then better:
//!
//! 1. a byte order mark ([`bom_sniff`]);
//! 2. what the document declares, for input that looks like HTML or XML
//!    ([`prescan`]: `<meta charset>`, `<meta http-equiv>`, the XML
//!    declaration), unless the bytes are not valid in that encoding;
//! 3. the statistical guess ([`stats`]), with its confidence and runners-up;
//! 4. or: only ASCII (any ASCII-compatible encoding reads it the same), or
//!    not text at all.
//!
//! Pure: bytes in, an answer out; no I/O, no flags. [`sniff`] reads at most
//! [`SNIFF_LIMIT`] bytes of what it is given; [`sniff_whole`] then lets the
//! rest of a whole input decide where the candidates read it differently,
//! and [`judge`] says whether a conversion may replace its input.

pub mod judge;
mod late;
pub mod prescan;
pub mod stats;

pub use judge::{judge, Difference, Verdict};
pub use late::{same_text, sniff_whole, weigh_rest};
pub use prescan::{Declaration, Place};
pub use stats::{Candidate, Hint};

use crate::codec::{bom_sniff, DecoderResult, Encoding, UTF_8};

/// The most bytes [`sniff`] looks at: 64 KiB (the prescan reads only the
/// first 1024 of them, the statistical detector at most its own limit).
pub const SNIFF_LIMIT: usize = 64 * 1024;

/// A guess at least this confident is "confident": it is worth telling the
/// user about when a conversion with another encoding meets malformed input.
pub const CONFIDENT: f32 = 0.5;

/// Which step gave the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Bom,
    Declaration,
    Guess,
    Ascii,
    Binary,
}

impl Source {
    /// The name used in JSON: `bom`, `declaration`, `guess`, `ascii`, `binary`.
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Bom => "bom",
            Source::Declaration => "declaration",
            Source::Guess => "guess",
            Source::Ascii => "ascii",
            Source::Binary => "binary",
        }
    }
}

/// Encodings of the 2012 draft of the Encoding Standard that the current
/// standard reads as "replacement" (wenc reads them with `--historical`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Historical {
    /// Seen by its `ESC $ ) C` designator.
    Iso2022Kr,
    /// Seen by `~{` ... `~}` around GB 2312 pairs in otherwise-ASCII text.
    HzGb2312,
}

impl Historical {
    /// The encoding's name in the 2012 draft.
    pub fn name(self) -> &'static str {
        match self {
            Historical::Iso2022Kr => "ISO-2022-KR",
            Historical::HzGb2312 => "HZ-GB-2312",
        }
    }

    /// Its label, for `-f`.
    pub fn label(self) -> &'static str {
        match self {
            Historical::Iso2022Kr => "iso-2022-kr",
            Historical::HzGb2312 => "hz-gb-2312",
        }
    }
}

/// The answer for a byte prefix.
#[derive(Debug, Clone, PartialEq)]
pub struct Sniffed {
    /// `None` for binary data.
    pub encoding: Option<&'static Encoding>,
    pub source: Source,
    /// 0 to 1: 1 for a BOM, a declaration the bytes agree with, ASCII and
    /// binary; the detector's own confidence for a guess.
    pub confidence: f32,
    /// Best first; the first is `encoding`. Empty for binary data.
    pub candidates: Vec<Candidate>,
    /// What the document declares, if it looks like markup and declares
    /// something. When `source` is not [`Source::Declaration`], the bytes
    /// contradict it (they are not valid in that encoding) and `encoding`
    /// is the detector's answer instead.
    pub declared: Option<Declaration>,
    /// Signs of an encoding of the 2012 draft.
    pub historical: Option<Historical>,
}

impl Sniffed {
    /// A declaration the bytes contradict.
    pub fn contradicted(&self) -> Option<Declaration> {
        self.declared.filter(|_| self.source != Source::Declaration)
    }

    /// Whether the answer is worth acting on: a BOM, a declaration, or a
    /// guess at least [`CONFIDENT`].
    pub fn is_confident(&self) -> bool {
        match self.source {
            Source::Bom | Source::Declaration => true,
            Source::Guess => self.confidence >= CONFIDENT,
            Source::Ascii | Source::Binary => false,
        }
    }

    fn certain(encoding: &'static Encoding, source: Source) -> Sniffed {
        Sniffed {
            encoding: Some(encoding),
            source,
            confidence: 1.0,
            candidates: vec![Candidate {
                encoding,
                confidence: 1.0,
                damage: 0,
            }],
            declared: None,
            historical: None,
        }
    }
}

/// Names the encoding of `bytes`, the start of an input (`complete`: the
/// whole input). Only the first [`SNIFF_LIMIT`] bytes are read, and all of
/// them count: the statistical detector may be sure after its first
/// kilobyte, but where its leading single-byte candidates read a later byte
/// differently (ISO-8859-15's œ, windows-1252's ½), that byte decides, as it
/// does for the whole input in [`sniff_whole`].
pub fn sniff(bytes: &[u8], complete: bool, hint: Option<Hint>) -> Sniffed {
    let complete = complete && bytes.len() <= SNIFF_LIMIT;
    let bytes = &bytes[..bytes.len().min(SNIFF_LIMIT)];
    let start = sniff_start(bytes, complete, hint);
    match start.source {
        Source::Guess if start.encoding != Some(UTF_8) => late::revise_read(start, bytes, hint),
        _ => start,
    }
}

/// [`sniff`] before the late bytes of what it read are weighed.
fn sniff_start(bytes: &[u8], complete: bool, hint: Option<Hint>) -> Sniffed {
    if let Some((encoding, _)) = bom_sniff(bytes) {
        return Sniffed::certain(encoding, Source::Bom);
    }
    let declared = if prescan::looks_like_markup(bytes) {
        prescan::prescan(bytes)
    } else {
        None
    };
    if let Some(d) = declared {
        if decodes_cleanly(d.encoding, bytes, complete) {
            return Sniffed {
                declared,
                ..Sniffed::certain(d.encoding, Source::Declaration)
            };
        }
    }
    let mut detector = stats::Detector::new(hint);
    detector.feed(&bytes[..bytes.len().min(stats::PREFIX_LIMIT)]);
    let guess = detector.guess(complete && bytes.len() <= stats::PREFIX_LIMIT);
    let mut answer = match (guess.verdict, guess.candidates.first()) {
        (stats::Verdict::Ascii, _) => Sniffed::certain(UTF_8, Source::Ascii),
        (stats::Verdict::Text, Some(best)) => Sniffed {
            encoding: Some(best.encoding),
            source: Source::Guess,
            confidence: best.confidence,
            candidates: guess.candidates.clone(),
            declared: None,
            historical: None,
        },
        // Text without a candidate would be a detector bug: not text then.
        (stats::Verdict::Binary, _) | (stats::Verdict::Text, None) => Sniffed {
            encoding: None,
            source: Source::Binary,
            confidence: 1.0,
            candidates: Vec::new(),
            declared: None,
            historical: None,
        },
    };
    answer.declared = declared;
    answer.historical = historical_signs(bytes);
    answer
}

/// How far [`doubtful_utf16_bom`] looks for a NUL byte: the span git and
/// ripgrep look at to call a file binary.
const NUL_SPAN: usize = 8 * 1024;

/// The UTF-16 encoding whose byte order mark starts `bytes` when nothing
/// after it looks like UTF-16: no NUL byte in the first 8 KiB, so not one
/// ASCII character (a space, a line break) as UTF-16. Such a mark is most
/// likely other bytes that look like one (windows-1251 "яю" is FF FE); read
/// as UTF-16, as the mark decides, the text fails or turns to nonsense.
pub fn doubtful_utf16_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    let (encoding, _) = bom_sniff(bytes)?;
    let span = &bytes[..bytes.len().min(NUL_SPAN)];
    (encoding != UTF_8 && !span.contains(&0)).then_some(encoding)
}

/// Whether `bytes` decode in `encoding` without a malformed sequence (a
/// sequence cut short by the end of an incomplete prefix is not one).
pub fn decodes_cleanly(encoding: &'static Encoding, bytes: &[u8], complete: bool) -> bool {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut buf = [0u8; 4096];
    let mut read = 0;
    loop {
        let (result, r, _) = decoder.decode_without_replacement(&bytes[read..], &mut buf, complete);
        read += r;
        match result {
            DecoderResult::InputEmpty => return true,
            DecoderResult::OutputFull => {}
            DecoderResult::Malformed(_) => return false,
        }
    }
}

/// Signs of ISO-2022-KR or HZ-GB-2312 in 7-bit input.
fn historical_signs(bytes: &[u8]) -> Option<Historical> {
    if !bytes.is_ascii() {
        return None;
    }
    let find = |hay: &[u8], needle: &[u8]| hay.windows(needle.len()).position(|w| w == needle);
    if find(bytes, b"\x1B$)C").is_some() {
        return Some(Historical::Iso2022Kr);
    }
    // "~{" switches to GB 2312 (pairs of bytes 0x21 to 0x7E), "~}" back.
    let start = find(bytes, b"~{")? + 2;
    let inner = &bytes[start..start + find(&bytes[start..], b"~}")?];
    let pairs = !inner.is_empty() && inner.len().is_multiple_of(2);
    (pairs && inner.iter().all(|b| (0x21..=0x7E).contains(b))).then_some(Historical::HzGb2312)
}

#[cfg(test)]
mod tests;
