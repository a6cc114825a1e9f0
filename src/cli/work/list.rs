//! `--list-labels`: every encoding and its labels, as text or JSON; with
//! LABELs, what each of them names (`wenc -l sjis cp932`).

use crate::cli::interface::historical;
use crate::cli::interface::labels::{self, Direction};
use crate::cli::interface::names;
use crate::cli::message::{self, json_string};
use crate::codec::{Encoding, REPLACEMENT};

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
    out.push_str(&historical_text());
    out
}

/// An encoding's line of the text listing: `NAME: label label ...`.
fn line(e: &Encoding) -> String {
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
            out.push_str(&historical_member(e).unwrap_or_default());
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
            .map(|extra| names::note(&extra))
            .or_else(|| historical::decode_hint(label));
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
            message::escape(d.label),
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

/// The end of `wenc -l`: what the draft's labels mean with the option. The
/// lines are not indented, so the listing above stays the standard's.
fn historical_text() -> String {
    let mut out = String::from(
        "\nWith --historical, these labels name the 2012 draft's codecs instead of replacement:\n",
    );
    for encoding in Encoding::historical() {
        out.push_str(&line(encoding));
    }
    out
}

/// An extra member for `encoding`'s object in `wenc -l --json` (after its
/// "name"): for replacement, which of its labels `--historical` changes, as
/// `{"label": "name"}`. On one line, so the listing's layout stays
/// encodings.json's.
fn historical_member(encoding: &Encoding) -> Option<String> {
    if encoding != REPLACEMENT {
        return None;
    }
    let pairs: Vec<String> = encoding
        .labels()
        .iter()
        .filter_map(|l| {
            let e = Encoding::historical_for(l.as_bytes())?;
            Some(format!("{}: {}", json_string(l), json_string(e.name())))
        })
        .collect();
    Some(format!(
        ",\n        \"with --historical\": {{{}}}",
        pairs.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::UTF_8;

    #[test]
    fn json_member_only_for_replacement() {
        assert_eq!(historical_member(UTF_8), None);
        assert_eq!(
            historical_member(REPLACEMENT).unwrap(),
            ",\n        \"with --historical\": {\"csiso2022kr\": \"ISO-2022-KR\", \
             \"hz-gb-2312\": \"HZ-GB-2312\", \"iso-2022-kr\": \"ISO-2022-KR\"}"
        );
    }
}
