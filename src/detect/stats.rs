//! PLACEHOLDER for the statistical detector (branch `detect` writes the real
//! one and replaces this file at merge). Same API as agreed in
//! /work/notes/detect-api.md, with a trivial body: NUL bytes are binary,
//! ASCII is ASCII, valid non-ASCII UTF-8 is UTF-8, anything else is
//! windows-1252 at confidence 0.1.

use crate::codec::{Encoding, UTF_8, WINDOWS_1252};

/// A language or top-level-domain hint, as browsers use the TLD ("ja", "jp", ".ru", "cz", "zh-tw").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hint(usize);

/// The hints the placeholder knows (the real detector knows many more).
const HINTS: &[&str] = &[
    "ja", "jp", "ru", "uk", "ua", "cs", "cz", "zh", "zh-cn", "zh-tw", "ko", "kr", "de", "fr",
];

impl Hint {
    /// None when the string names no language or TLD the detector knows.
    pub fn parse(s: &str) -> Option<Hint> {
        let key = s.trim().trim_start_matches('.').to_ascii_lowercase();
        HINTS.iter().position(|&h| h == key).map(Hint)
    }
}

/// How much input the detector reads at most; feeding more changes nothing.
pub const PREFIX_LIMIT: usize = 64 * 1024;

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
}

#[derive(Debug, Clone, PartialEq)]
pub struct Guess {
    pub verdict: Verdict,
    /// Best first; empty unless verdict is Text. Never replacement or x-user-defined.
    pub candidates: Vec<Candidate>,
}

/// Fed in chunks (any chunking gives the same answer); asked at any time.
pub struct Detector {
    seen: Vec<u8>,
}

impl Detector {
    pub fn new(_hint: Option<Hint>) -> Detector {
        Detector { seen: Vec::new() }
    }

    /// Feeds the next chunk. Returns true once the answer can no longer change
    /// (sure, or PREFIX_LIMIT reached): the caller may stop feeding.
    pub fn feed(&mut self, chunk: &[u8]) -> bool {
        let room = PREFIX_LIMIT - self.seen.len();
        self.seen.extend_from_slice(&chunk[..chunk.len().min(room)]);
        self.seen.len() == PREFIX_LIMIT
    }

    /// The answer for what was fed so far (`last`: the input ended there, so a
    /// truncated trailing sequence counts as an error).
    pub fn guess(&self, last: bool) -> Guess {
        let bytes = &self.seen[..];
        let text = |encoding, confidence| Guess {
            verdict: Verdict::Text,
            candidates: vec![Candidate {
                encoding,
                confidence,
            }],
        };
        if bytes.contains(&0) {
            return Guess {
                verdict: Verdict::Binary,
                candidates: Vec::new(),
            };
        }
        if bytes.is_ascii() {
            return Guess {
                verdict: Verdict::Ascii,
                candidates: Vec::new(),
            };
        }
        match std::str::from_utf8(bytes) {
            Ok(_) => text(UTF_8, 0.99),
            // A sequence cut by the end of a prefix is not an error.
            Err(e) if !last && e.error_len().is_none() => text(UTF_8, 0.99),
            Err(_) => text(WINDOWS_1252, 0.1),
        }
    }
}

/// Convenience: one call over a whole buffer.
pub fn detect(bytes: &[u8], hint: Option<Hint>) -> Guess {
    let mut detector = Detector::new(hint);
    detector.feed(bytes);
    detector.guess(true)
}
