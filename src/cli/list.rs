//! `--list-labels`: every encoding and its labels, as text or JSON; with
//! LABELs, what each of them names (`wenc -l sjis cp932`).

use super::historical;
use super::labels::{self, Direction};
use super::message::json_string;
use super::names;
use crate::codec::Encoding;

/// Groups in the standard's order: heading, then its encodings.
fn groups() -> Vec<(&'static str, Vec<&'static Encoding>)> {
    let mut groups: Vec<(&'static str, Vec<&'static Encoding>)> = Vec::new();
    for encoding in Encoding::all() {
        match groups.last_mut() {
            Some((heading, list)) if *heading == encoding.group() => list.push(encoding),
            _ => groups.push((encoding.group(), vec![encoding])),
        }
    }
    groups
}

/// The text listing: a heading per group, then one line per encoding,
/// `NAME: label label ...`.
pub fn text() -> String {
    let mut out = String::new();
    for (i, (heading, encodings)) in groups().into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(heading);
        out.push('\n');
        for e in encodings {
            out.push_str("  ");
            out.push_str(&line(e));
        }
    }
    out.push_str(&historical::list_text());
    out
}

/// An encoding's line of the text listing: `NAME: label label ...`.
pub(super) fn line(e: &Encoding) -> String {
    let mut out = format!("{}:", e.name());
    for label in e.labels() {
        out.push(' ');
        out.push_str(label);
    }
    out.push('\n');
    out
}

/// Ends an element of a JSON array: `close`, then a comma unless it is the
/// last one.
fn end_element(out: &mut String, close: &str, more: bool) {
    out.push_str(close);
    out.push_str(if more { ",\n" } else { "\n" });
}

/// The JSON listing, in the shape and layout of the standard's
/// encodings.json: `[{"encodings": [{"labels": [...], "name": ...}],
/// "heading": ...}]`.
pub fn json() -> String {
    let mut out = String::from("[\n");
    let groups = groups();
    for (gi, (heading, encodings)) in groups.iter().enumerate() {
        out.push_str("  {\n    \"encodings\": [\n");
        for (ei, e) in encodings.iter().enumerate() {
            out.push_str("      {\n        \"labels\": [\n");
            for (li, label) in e.labels().iter().enumerate() {
                out.push_str("          ");
                out.push_str(&json_string(label));
                end_element(&mut out, "", li + 1 < e.labels().len());
            }
            out.push_str("        ],\n        \"name\": ");
            out.push_str(&json_string(e.name()));
            out.push_str(&historical::json_member(e).unwrap_or_default());
            end_element(&mut out, "\n      }", ei + 1 < encodings.len());
        }
        out.push_str("    ],\n    \"heading\": ");
        out.push_str(&json_string(heading));
        end_element(&mut out, "\n  }", gi + 1 < groups.len());
    }
    out.push_str("]\n");
    out
}

/// What one `-l` LABEL names.
struct Described<'a> {
    label: &'a str,
    encoding: &'static Encoding,
    /// For an extra name (not a label of the standard).
    note: Option<String>,
}

/// `wenc -l LABEL...`: for each label, the encoding it names and all of its
/// labels, plus the note for an extra name; as text or JSON. An unknown
/// label gives the usage error message for the first one.
pub fn describe(given: &[String], json: bool) -> Result<String, String> {
    let mut found = Vec::new();
    for label in given {
        let resolved = labels::resolve(label, Direction::List)?;
        let note = resolved
            .note
            .and_then(|_| names::extra_name(label))
            .map(|extra| names::note(&extra));
        found.push(Described {
            label: label.trim(),
            encoding: resolved.encoding,
            note,
        });
    }
    Ok(if json {
        describe_json(&found)
    } else {
        describe_text(&found)
    })
}

/// `LABEL: NAME`, then `  note: ...` when there is one, then
/// `  labels: label label ...`.
fn describe_text(found: &[Described]) -> String {
    let mut out = String::new();
    for d in found {
        out.push_str(&format!(
            "{}: {}\n",
            super::message::escape(d.label),
            d.encoding.name()
        ));
        if let Some(note) = &d.note {
            out.push_str(&format!("  note: {note}\n"));
        }
        out.push_str(&format!("  labels: {}\n", d.encoding.labels().join(" ")));
    }
    out
}

/// `[{"label": ..., "name": ..., "labels": [...], "note": ...}]`, the note
/// only for an extra name.
fn describe_json(found: &[Described]) -> String {
    let mut out = String::from("[\n");
    for (i, d) in found.iter().enumerate() {
        let labels: Vec<String> = d.encoding.labels().iter().map(|l| json_string(l)).collect();
        out.push_str(&format!(
            "  {{\n    \"label\": {},\n    \"name\": {},\n    \"labels\": [{}]",
            json_string(d.label),
            json_string(d.encoding.name()),
            labels.join(", ")
        ));
        if let Some(note) = &d.note {
            out.push_str(&format!(",\n    \"note\": {}", json_string(note)));
        }
        end_element(&mut out, "\n  }", i + 1 < found.len());
    }
    out.push_str("]\n");
    out
}
