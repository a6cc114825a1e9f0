//! `--list-labels`: every encoding and its labels, as text or JSON; with
//! LABELs, what each of them names (`wenc -l sjis cp932`).

use crate::cli::interface::labels::{self, Direction};
use crate::cli::interface::names;
use crate::cli::message;
use crate::codec::{Encoding, REPLACEMENT};
use serde_json::{json, Value};

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

/// The JSON listing, in the shape and layout of the standard's
/// encodings.json: `[{"encodings": [{"labels": [...], "name": ...}],
/// "heading": ...}]`, indented by two. (Its members are in alphabetical
/// order, as serde_json's map keeps them.)
pub fn json() -> String {
    let groups: Vec<Value> = groups()
        .into_iter()
        .map(|(heading, encodings)| {
            let encodings: Vec<Value> = encodings.into_iter().map(encoding_json).collect();
            json!({ "encodings": encodings, "heading": heading })
        })
        .collect();
    let listing = serde_json::to_string_pretty(&groups).expect("a Value always serializes");
    // The extra member stays on one line, so the lines of the listing stay
    // encodings.json's: a placeholder is printed, then replaced.
    let inline = serde_json::to_string(&historical_member()).expect("a Value always serializes");
    listing.replacen(&Value::from(HISTORICAL_PLACEHOLDER).to_string(), &inline, 1) + "\n"
}

/// Stands for the `"with --historical"` member's value while the listing is
/// printed.
const HISTORICAL_PLACEHOLDER: &str = "\u{0}with --historical\u{0}";

/// An encoding's object in `wenc -l --json`; replacement's has an extra
/// member, `"with --historical"`, after its "name".
fn encoding_json(e: &Encoding) -> Value {
    let mut object = json!({ "labels": e.labels(), "name": e.name() });
    if e == REPLACEMENT {
        object["with --historical"] = Value::from(HISTORICAL_PLACEHOLDER);
    }
    object
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
            .or_else(|| crate::cli::report::decode_hint(label));
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
/// only for an extra name, members in that order.
fn describe_json(found: &[Described]) -> String {
    let objects: Vec<String> = found
        .iter()
        .map(|d| {
            let mut members = vec![
                ("label", Value::from(d.label)),
                ("name", Value::from(d.encoding.name())),
                ("labels", Value::from(d.encoding.labels())),
            ];
            if let Some(note) = &d.note {
                members.push(("note", Value::from(note.as_str())));
            }
            message::json_object(&members)
        })
        .collect();
    message::json_array(&objects)
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

/// Replacement's extra member in `wenc -l --json`: which of its labels
/// `--historical` changes, as `{"label": "name"}`.
fn historical_member() -> Value {
    REPLACEMENT
        .labels()
        .iter()
        .filter_map(|l| {
            let e = Encoding::historical_for(l.as_bytes())?;
            Some((l.to_string(), Value::from(e.name())))
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::UTF_8;

    #[test]
    fn historical_member_only_for_replacement_and_on_one_line() {
        let listing = json();
        assert!(listing.contains(
            "        \"name\": \"replacement\",\n        \"with --historical\": \
             {\"csiso2022kr\":\"ISO-2022-KR\",\"hz-gb-2312\":\"HZ-GB-2312\",\
             \"iso-2022-kr\":\"ISO-2022-KR\"}\n      }"
        ));
        assert_eq!(listing.matches("with --historical").count(), 1);
        assert!(!listing.contains('\u{0}'));
        assert!(encoding_json(UTF_8).get("with --historical").is_none());
    }
}
