//! What a tree run knows about one file once its worker is done: the
//! outcome and everything reported with it (file.rs fills it in, report.rs
//! and the JSON lines read it).

use crate::codec::Encoding;
use std::fs::Metadata;

/// How a file ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Converted,
    /// Left as it was: in the output encoding already, ASCII, or (--check)
    /// valid.
    Unchanged,
    /// --sniff: its encoding named, nothing else done.
    Sniffed,
    /// Not converted: wenc is not sure of its encoding, or it looks
    /// converted already.
    Refused,
    Failed,
    /// Binary, not a regular file, or unreadable.
    Skipped,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Converted => "converted",
            Outcome::Unchanged => "unchanged",
            Outcome::Sniffed => "sniffed",
            Outcome::Refused => "refused",
            Outcome::Failed => "failed",
            Outcome::Skipped => "skipped",
        }
    }
}

/// Everything known about one file once its worker is done.
#[derive(Debug)]
pub struct Done {
    pub outcome: Outcome,
    /// The encoding it was (or would have been) read in.
    pub from: Option<&'static Encoding>,
    /// How `from` was found: `given` (-f), or the detector's source.
    pub source: &'static str,
    pub confidence: Option<f32>,
    /// Why, for anything but a plain conversion (also the --sniff line).
    pub reason: String,
    /// Notes and warnings to print with it.
    pub notes: Vec<String>,
    /// The converted bytes (Converted only).
    pub output: Option<Vec<u8>>,
    /// The file as read, to check at replacing time that it is still the same.
    pub read: Option<Metadata>,
    pub size: u64,
}

impl Done {
    pub(super) fn new(outcome: Outcome, reason: impl Into<String>) -> Done {
        Done {
            outcome,
            from: None,
            source: "",
            confidence: None,
            reason: reason.into(),
            notes: Vec::new(),
            output: None,
            read: None,
            size: 0,
        }
    }
}
