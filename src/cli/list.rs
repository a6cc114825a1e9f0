//! `--list-labels`: every encoding and its labels, as text or JSON.

use super::historical;
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
            out.push_str(e.name());
            out.push(':');
            for label in e.labels() {
                out.push(' ');
                out.push_str(label);
            }
            out.push('\n');
        }
    }
    out.push_str(&historical::list_text());
    out
}

/// The JSON listing, in the shape and layout of the standard's
/// encodings.json: `[{"encodings": [{"labels": [...], "name": ...}],
/// "heading": ...}]`. Names, labels and headings are plain ASCII, so they
/// need no escaping beyond quotes.
pub fn json() -> String {
    let quote = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let mut out = String::from("[\n");
    let groups = groups();
    for (gi, (heading, encodings)) in groups.iter().enumerate() {
        out.push_str("  {\n    \"encodings\": [\n");
        for (ei, e) in encodings.iter().enumerate() {
            out.push_str("      {\n        \"labels\": [\n");
            for (li, label) in e.labels().iter().enumerate() {
                out.push_str("          ");
                out.push_str(&quote(label));
                out.push_str(if li + 1 < e.labels().len() {
                    ",\n"
                } else {
                    "\n"
                });
            }
            out.push_str("        ],\n        \"name\": ");
            out.push_str(&quote(e.name()));
            out.push_str(&historical::json_member(e).unwrap_or_default());
            out.push_str(if ei + 1 < encodings.len() {
                "\n      },\n"
            } else {
                "\n      }\n"
            });
        }
        out.push_str("    ],\n    \"heading\": ");
        out.push_str(&quote(heading));
        out.push_str(if gi + 1 < groups.len() {
            "\n  },\n"
        } else {
            "\n  }\n"
        });
    }
    out.push_str("]\n");
    out
}
