//! The wording of a tree run's messages: per file, the summary, JSON Lines.

use super::done::{Done, Outcome};
use crate::cli::report::declaration;
use crate::codec::Encoding;
use crate::convert::declaration::Found;
use crate::convert::Summary;
use std::collections::BTreeMap;

/// An I/O error's reason without Rust's "(os error N)".
pub fn io_reason(e: &std::io::Error) -> String {
    crate::cli::message::io_error(e)
}

/// A write (or sync) that failed, said of the file the line names.
pub fn write_error(e: &std::io::Error) -> String {
    format!("write error: {}", io_reason(e))
}

pub fn declaration_rewritten(found: &Found, name: &str) -> String {
    format!("note: its {} now says {name}", declaration(found.syntax))
}

pub fn declaration_contradicted(found: &Found, from: &'static Encoding) -> String {
    format!(
        "warning: its {} says {}, but it is {from}: declaration left as it is",
        declaration(found.syntax),
        found.encoding
    )
}

pub fn declaration_kept(found: &Found, to: &'static Encoding) -> String {
    format!(
        "note: its {} still says {}: a {to} file cannot say so in ASCII",
        declaration(found.syntax),
        found.encoding
    )
}

pub use crate::cli::report::convert_error;

/// The warning for replacements made (with -e replacement, html, subst).
pub fn replacements(s: &Summary) -> Option<String> {
    match (s.malformed, s.unmappable) {
        (0, 0) => None,
        (m, u) => Some(format!(
            "warning: {m} malformed sequence(s) replaced with U+FFFD, {u} character(s) substituted"
        )),
    }
}

/// The detector's best candidates, "windows-1252 94%, windows-1250 31%"
/// (at most three): what to choose from with -f.
pub fn candidates(sniffed: &crate::detect::Sniffed) -> String {
    let shown: Vec<String> = sniffed
        .candidates
        .iter()
        .take(3)
        .map(|c| format!("{} {:.0}%", c.encoding.name(), c.confidence * 100.0))
        .collect();
    shown.join(", ")
}

/// What one file's line says on standard error, if anything.
pub fn line(name: &str, done: &Done, dry_run: bool) -> Option<String> {
    let from = done.from.map_or("?", |e| e.name());
    let would = if dry_run { "would be " } else { "" };
    match done.outcome {
        Outcome::Converted => Some(format!("{name}: {would}converted from {from}")),
        Outcome::Refused => Some(format!("{name}: refused: {}", done.reason)),
        Outcome::Failed => Some(format!("{name}: failed: {}", done.reason)),
        Outcome::Skipped if done.reason.starts_with("unreadable") => {
            Some(format!("{name}: skipped: {}", done.reason))
        }
        Outcome::Unchanged | Outcome::Sniffed | Outcome::Skipped => None,
    }
}

/// One JSON Lines object.
pub fn json(name: &str, done: &Done, to: Option<&'static Encoding>) -> String {
    let value = serde_json::json!({
        "file": name,
        "from": done.from.map(|e| e.name()),
        "to": to.map(|e| e.name()),
        "source": if done.source.is_empty() { None } else { Some(done.source) },
        "confidence": done.confidence.map(|c| (c as f64 * 1000.0).round() / 1000.0),
        "outcome": done.outcome.as_str(),
        "reason": done.reason,
    });
    value.to_string()
}

/// The counts at the end.
#[derive(Debug, Default)]
pub struct Tally {
    pub files: usize,
    pub seen: usize,
    pub by_outcome: [usize; 6],
    /// Converted files by their input encoding.
    pub converted_from: BTreeMap<&'static str, usize>,
    pub binary: usize,
    pub links: usize,
    /// Entries the walk left out (an ignored directory counts once).
    pub ignored: usize,
    pub unreadable: usize,
}

impl Tally {
    pub fn add(&mut self, done: &Done) {
        self.seen += 1;
        self.by_outcome[done.outcome as usize] += 1;
        if done.outcome == Outcome::Converted {
            if let Some(from) = done.from {
                *self.converted_from.entry(from.name()).or_default() += 1;
            }
        }
        if done.outcome == Outcome::Skipped {
            if done.reason.starts_with("binary") {
                self.binary += 1;
            } else if done.reason.starts_with("unreadable") {
                self.unreadable += 1;
            }
        }
    }

    pub fn count(&self, outcome: Outcome) -> usize {
        self.by_outcome[outcome as usize]
    }

    /// "N files: ... converted, ... unchanged, ..."; with how far a run
    /// that ended early got.
    pub fn summary(&self, dry_run: bool, end: &End) -> String {
        let c = |o| self.count(o);
        let skipped = c(Outcome::Skipped) + self.links + self.ignored;
        let files = match end {
            End::Interrupted(sig) => format!(
                "interrupted by {} after {} of {} files",
                signal_name(*sig),
                self.seen,
                self.files
            ),
            _ => format!("{} files", self.files),
        };
        let mut text = format!(
            "{files}: {} {}converted, {} unchanged, {} refused, {} failed, {skipped} skipped",
            c(Outcome::Converted),
            if dry_run { "would be " } else { "" },
            c(Outcome::Unchanged),
            c(Outcome::Refused),
            c(Outcome::Failed),
        );
        let parts: Vec<String> = [
            (self.binary, "binary"),
            (self.links, "links not followed"),
            (self.ignored, "ignored"),
            (self.unreadable, "unreadable"),
            (
                c(Outcome::Skipped) - self.binary - self.unreadable,
                "not regular files",
            ),
        ]
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("{n} {what}"))
        .collect();
        if !parts.is_empty() {
            text.push_str(&format!(" ({})", parts.join(", ")));
        }
        if !self.converted_from.is_empty() {
            let from: Vec<String> = self
                .converted_from
                .iter()
                .map(|(e, n)| format!("{e} {n}"))
                .collect();
            text.push_str(&format!("; converted from {}", from.join(", ")));
        }
        match end {
            End::Finished => {}
            End::Stopped(why) => text.push_str(&format!(
                "; stopped after {} of {} files: {why}; {NOT_REACHED}",
                self.seen, self.files
            )),
            End::Interrupted(_) => text.push_str(&format!("; {NOT_REACHED}")),
        }
        text
    }
}

const NOT_REACHED: &str = "files not reached are untouched, run again to finish";

/// How a tree run ended.
pub enum End<'a> {
    Finished,
    /// Stopped early, for this reason (a full disk).
    Stopped(&'a str),
    /// By this signal (SIGINT or SIGTERM).
    Interrupted(i32),
}

fn signal_name(sig: i32) -> &'static str {
    match sig {
        2 => "SIGINT",
        15 => "SIGTERM",
        _ => "a signal",
    }
}
