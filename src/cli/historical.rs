//! `--historical`: the labels `hz-gb-2312`, `iso-2022-kr` and `csiso2022kr`
//! with the Encoding Standard's 2012 draft codecs instead of the replacement
//! encoding, and the notes that point to the option where it would help.

use super::labels::{Label, Resolved};
use super::message::json_string;
use crate::codec::{Encoding, REPLACEMENT};

/// What a parsed -f or -t value names, given --historical: with it, the
/// draft's labels give the draft's codecs (`None` for `-f auto`). Those
/// labels are the standard's too (replacement), so clap's value parser,
/// which cannot see the option, has already accepted them.
pub fn chosen(label: &Label, historical: bool) -> Option<Resolved> {
    match Encoding::historical_for(label.given.as_bytes()) {
        Some(encoding) if historical => Some(Resolved {
            encoding,
            note: None,
        }),
        _ => label.resolved.clone(),
    }
}

/// For a message about the replacement encoding reached through `label`:
/// how to read real text in the encoding the label once meant, if any.
pub fn decode_hint(label: &str) -> Option<String> {
    let encoding = Encoding::historical_for(label.as_bytes())?;
    Some(format!(
        "for real {encoding} text, use --historical (the codec of the standard's 2012 draft)"
    ))
}

/// The same for `-t`: how to write it.
pub fn encode_hint(label: &str) -> Option<String> {
    let encoding = Encoding::historical_for(label.as_bytes())?;
    Some(format!(
        "--historical writes {encoding} as the standard's 2012 draft defined it"
    ))
}

/// The end of `wenc -l`: what the draft's labels mean with the option. The
/// lines are not indented, so the listing above stays the standard's.
pub fn list_text() -> String {
    let mut out = String::from(
        "\nWith --historical, these labels name the 2012 draft's codecs instead of replacement:\n",
    );
    for encoding in Encoding::historical() {
        out.push_str(&super::list::line(encoding));
    }
    out
}

/// An extra member for `encoding`'s object in `wenc -l --json` (after its
/// "name"): for replacement, which of its labels `--historical` changes, as
/// `{"label": "name"}`. On one line, so the listing's layout stays
/// encodings.json's.
pub fn json_member(encoding: &Encoding) -> Option<String> {
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
    use crate::cli::labels::Direction;
    use crate::codec::{HZ_GB_2312, ISO_2022_KR, UTF_8};

    #[test]
    fn the_option_changes_three_labels() {
        let parse = |l: &str, d| Label::parse(l.to_string(), d);
        let from = |l, h| {
            chosen(&parse(l, Direction::From).unwrap(), h)
                .unwrap()
                .encoding
        };
        assert_eq!(from("hz-gb-2312", false), REPLACEMENT);
        assert_eq!(from("hz-gb-2312", true), HZ_GB_2312);
        assert_eq!(from(" ISO-2022-KR ", true), ISO_2022_KR);
        assert_eq!(from("csiso2022kr", true), ISO_2022_KR);
        assert_eq!(from("iso-2022-cn", true), REPLACEMENT);
        assert_eq!(from("utf8", true), UTF_8);
        assert!(parse("hz", Direction::To).is_err());
    }

    #[test]
    fn hints_only_for_the_drafts_labels() {
        let hint = decode_hint("csiso2022kr").unwrap();
        assert!(hint.contains("ISO-2022-KR") && hint.contains("--historical"));
        assert!(encode_hint("HZ-GB-2312").unwrap().contains("HZ-GB-2312"));
        assert_eq!(decode_hint("iso-2022-cn"), None);
        assert_eq!(encode_hint("replacement"), None);
    }

    #[test]
    fn json_member_only_for_replacement() {
        assert_eq!(json_member(UTF_8), None);
        assert_eq!(
            json_member(REPLACEMENT).unwrap(),
            ",\n        \"with --historical\": {\"csiso2022kr\": \"ISO-2022-KR\", \
             \"hz-gb-2312\": \"HZ-GB-2312\", \"iso-2022-kr\": \"ISO-2022-KR\"}"
        );
    }
}
