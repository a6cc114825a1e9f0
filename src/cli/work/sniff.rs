//! `--sniff`: one line (or JSON object) per input naming its encoding and
//! how it was found; and [`how`], the same explanation for `-f auto`.

use crate::cli::message;
use crate::cli::report;
use crate::cli::status::{self, Status};
use crate::detect::{self, Difference, Hint, Place, Sniffed, Source};
use crate::io as wio;
use serde_json::{json, Value};
use std::io::IsTerminal;

/// A runner-up at least this fraction of the best candidate's confidence
/// is shown beside it.
const CLOSE: f32 = 0.5;

/// `--sniff` over `inputs`, as text lines or a JSON array.
pub fn run(inputs: &[wio::Origin], hint: Option<Hint>, json: bool) -> Status {
    let terminal = std::io::stdout().is_terminal();
    let mut status = Status::Success;
    let mut lines = Vec::new();
    let mut objects = Vec::new();
    for input in inputs {
        let name = match input {
            wio::Origin::Stdin => b"<stdin>".to_vec(),
            // JSON escapes names itself, from the raw bytes: two names never
            // print the same, and each can be opened again.
            wio::Origin::Path(p) if json => message::os_bytes(p.as_os_str()),
            wio::Origin::Path(p) if terminal => message::path(p).into_bytes(),
            wio::Origin::Path(p) => message::os_bytes(p.as_os_str()),
        };
        let answer = sniff_one(input, &name, hint);
        if answer.is_err() {
            status = Status::Failure;
        }
        if json {
            objects.push(json_object(&name, &answer));
        } else {
            lines.extend_from_slice(&name);
            lines.extend_from_slice(b": ");
            lines.extend_from_slice(line(&answer).as_bytes());
            lines.push(b'\n');
        }
    }
    let out = if json {
        message::json_array(&objects).into_bytes()
    } else {
        lines
    };
    match status::print_stdout(&out) {
        Status::Success => status,
        other => other,
    }
}

/// The answer for one input: a mapped file weighed whole (late bytes
/// decide, as for `-f auto`), a stream from its start.
fn sniff_one(origin: &wio::Origin, name: &[u8], hint: Option<Hint>) -> Result<Answer, String> {
    let bus_message = report::bus_message(&String::from_utf8_lossy(name));
    let mut input = wio::Input::open(origin, &bus_message).map_err(|e| report::open_error(&e))?;
    if let Some(all) = input.mapped() {
        let sniffed = detect::sniff_whole(all, hint);
        let differences = detect::judge::differences(all, &sniffed);
        return Ok((sniffed, Seen::new(all, true), differences));
    }
    // One byte more than the limit tells whether the prefix is all.
    let (bytes, _) = input
        .peek(detect::SNIFF_LIMIT + 1, &mut |_| false)
        .map_err(|e| report::read_error(&e))?;
    let complete = bytes.len() <= detect::SNIFF_LIMIT;
    let sniffed = detect::sniff(bytes, complete, hint);
    let differences = detect::judge::differences(bytes, &sniffed);
    Ok((sniffed, Seen::new(bytes, complete), differences))
}

/// What follows "FILE: " on a --sniff line.
fn line(answer: &Result<Answer, String>) -> String {
    match answer {
        Ok((s, read, differences)) => {
            let mut line = format!("{} ({})", name(s), how(s, *read));
            if let Some(shown) = report::differences_line(differences) {
                line.push_str(&format!("; {shown}"));
            }
            line
        }
        Err(why) => format!("cannot read: {why}"),
    }
}

/// The detector's answer for one input, what was read, and how the
/// runners-up would read it differently.
type Answer = (Sniffed, Seen, Vec<Difference>);

/// The encoding's name, or "binary".
pub fn name(s: &Sniffed) -> &'static str {
    s.encoding.map_or("binary", |e| e.name())
}

/// What was read of an input to sniff it.
#[derive(Debug, Clone, Copy)]
pub enum Seen {
    Empty,
    /// Only its start (at most [`detect::SNIFF_LIMIT`] bytes).
    Prefix,
    All,
}

impl Seen {
    pub fn new(bytes: &[u8], complete: bool) -> Seen {
        match (bytes.is_empty(), complete) {
            (true, true) => Seen::Empty,
            (_, false) => Seen::Prefix,
            (false, true) => Seen::All,
        }
    }
}

/// How the answer was found, for people: the step, the confidence of a
/// guess and a close runner-up, a declaration the bytes contradict, and
/// signs of an encoding of the 2012 draft.
pub fn how(s: &Sniffed, seen: Seen) -> String {
    let mut how = match s.source {
        Source::Bom => "byte order mark".to_string(),
        Source::Declaration => match s.declared.map(|d| d.place) {
            Some(Place::Xml) => "declared in the document: XML declaration".to_string(),
            _ => "declared in the document: <meta>".to_string(),
        },
        Source::Guess => {
            let mut text = format!("guessed, {} sure", percent(s.confidence));
            if let Some(damage) = s.candidates.first().map(|c| c.damage).filter(|&d| d > 0) {
                text.push_str(&format!("; {}", report::damage(damage)));
            }
            if let Some(second) = s
                .candidates
                .get(1)
                .filter(|c| c.confidence >= CLOSE * s.confidence)
            {
                text.push_str(&format!(
                    "; or {} at {}",
                    second.encoding.name(),
                    percent(second.confidence)
                ));
            }
            text
        }
        Source::Ascii => match seen {
            Seen::Empty => "empty".to_string(),
            Seen::Prefix => format!(
                "ASCII only in the first {} KiB: any ASCII-compatible encoding reads that the same",
                detect::SNIFF_LIMIT / 1024
            ),
            Seen::All => "ASCII only: any ASCII-compatible encoding reads it the same".to_string(),
        },
        Source::Binary => "not text: it has bytes text does not have, such as NUL".to_string(),
    };
    if let Some(d) = s.contradicted() {
        how.push_str(&if d.encoding == crate::codec::REPLACEMENT {
            "; the document declares a label of the replacement encoding, which would read it \
             as a single U+FFFD"
                .to_string()
        } else {
            format!(
                "; the document declares {0}, but it is not valid {0}",
                d.encoding.name()
            )
        });
    }
    if let Some(h) = s.historical {
        how.push_str(&format!(
            "; it looks like {}, an encoding of the 2012 draft of the standard: try -f {} \
             --historical",
            h.name(),
            h.label()
        ));
    }
    how
}

fn percent(confidence: f32) -> String {
    report::percent(confidence)
}

/// The `"file"` member for the name `raw`, first of an object's members:
/// a name that is not UTF-8 has U+FFFD for its invalid bytes there, and
/// all its bytes in a `"file_bytes"` array beside it.
fn file_members(raw: &[u8]) -> Vec<(&'static str, Value)> {
    let mut members = vec![("file", Value::from(String::from_utf8_lossy(raw)))];
    if std::str::from_utf8(raw).is_err() {
        members.push(("file_bytes", Value::from(raw)));
    }
    members
}

/// One input's JSON object: every member in every object (an input that
/// could not be read has an `"error"`, and nulls).
fn json_object(file: &[u8], answer: &Result<Answer, String>) -> String {
    let mut members = file_members(file);
    let (s, differences) = match answer {
        Err(why) => {
            members.extend([
                ("error", Value::from(why.as_str())),
                ("encoding", Value::Null),
                ("source", Value::Null),
                ("confidence", Value::Null),
                ("candidates", json!([])),
                ("declared", Value::Null),
                ("historical", Value::Null),
                ("differences", json!([])),
                ("malformed", Value::Null),
            ]);
            return message::json_object(&members);
        }
        Ok((s, _, differences)) => (s, differences),
    };
    let candidates: Vec<Value> = s
        .candidates
        .iter()
        .map(|c| json!({ "name": c.encoding.name(), "score": score(c.confidence) }))
        .collect();
    let declared = s.declared.map(|d| {
        let place = match d.place {
            Place::Meta => "meta",
            Place::Xml => "xml",
        };
        let contradicted = s.contradicted().is_some();
        json!({ "encoding": d.encoding.name(), "in": place, "contradicted": contradicted })
    });
    let historical = s
        .historical
        .map(|h| json!({ "name": h.name(), "label": h.label() }));
    // Each runner-up that reads the input differently, with up to three
    // words as the winner and as it reads them.
    let differences: Vec<Value> = differences
        .iter()
        .map(|d| json!({ "name": d.encoding.name(), "words": d.words }))
        .collect();
    members.extend([
        ("error", Value::Null),
        ("encoding", json!(s.encoding.map(|e| e.name()))),
        ("source", Value::from(s.source.as_str())),
        ("confidence", score(s.confidence)),
        ("candidates", Value::from(candidates)),
        ("declared", json!(declared)),
        ("historical", json!(historical)),
        ("differences", Value::from(differences)),
        // The guess's malformed sequences and C1 controls (0: clean).
        (
            "malformed",
            json!(s.candidates.first().map_or(0, |c| c.damage)),
        ),
    ]);
    message::json_object(&members)
}

/// A confidence as a JSON number, 0 to 1, rounded to three decimals.
fn score(confidence: f32) -> Value {
    let c = if confidence.is_nan() {
        0.0
    } else {
        confidence.clamp(0.0, 1.0)
    };
    Value::from((f64::from(c) * 1000.0).round() / 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_json_numbers() {
        assert_eq!(score(0.97).to_string(), "0.97");
        assert_eq!(score(0.12345).to_string(), "0.123");
        assert_eq!(score(f32::NAN).to_string(), "0.0");
        assert_eq!(score(1.5).to_string(), "1.0");
        assert_eq!(percent(0.999), "99%");
    }
}
