//! The words for -f/-t values: a label that names no encoding (with the
//! look-alikes `interface::labels` found), an iconv suffix or -c, the note
//! for an extra name, and the pointers to --historical.

use crate::cli::message;
use crate::codec::Encoding;

/// Why a label names no encoding, as `interface::labels` found it.
pub struct UnknownLabel<'a> {
    /// The value as typed, every character shown (escaped).
    pub shown: &'a str,
    pub option: &'static str,
    /// Its plain spelling, for a known name with stray characters.
    pub meant: Option<String>,
    /// The 2012 draft's encoding a short name (`hz`) stands for.
    pub historical: Option<&'static Encoding>,
    /// What a known name of an encoding the standard lacks is.
    pub different: Option<&'static str>,
    /// Similar labels, and what they name.
    pub suggestions: Vec<(&'static str, &'static Encoding)>,
}

/// The usage error for a label that names no encoding.
pub fn unknown_label(u: &UnknownLabel) -> String {
    let (shown, option) = (u.shown, u.option);
    let mut msg = format!("unknown encoding label '{shown}' for {option}");
    if let Some(meant) = &u.meant {
        msg.push_str(&format!(
            "\n\n  did you mean {meant}? A label is ASCII letters and digits, with -, _, . or \
             spaces between them\n  wenc --list-labels shows every label"
        ));
        return msg;
    }
    if let Some(encoding) = u.historical {
        msg.push_str("\n\n  ");
        msg.push_str(&historical_label(encoding));
    }
    if let Some(note) = u.different {
        msg.push_str("\n\n  ");
        msg.push_str(note);
    }
    if !u.suggestions.is_empty() {
        msg.push_str("\n\n  similar labels: ");
        let list: Vec<String> = u
            .suggestions
            .iter()
            .map(|(l, e)| format!("{l} ({})", e.name()))
            .collect();
        msg.push_str(&list.join(", "));
    }
    msg.push_str("\n  wenc --list-labels shows every label");
    msg
}

/// That the standard's label for `encoding`, a 2012 draft's encoding,
/// names replacement, and --historical.
fn historical_label(encoding: &Encoding) -> String {
    let label = encoding.name().to_ascii_lowercase();
    format!(
        "the Encoding Standard's label {label} names its replacement encoding; \
         --historical -f {label} reads {} with the codec of the standard's 2012 draft",
        encoding.name()
    )
}

/// The note for an extra name: `-f cp932: not a label of the Encoding
/// Standard; wenc takes it as shift_jis (Shift_JIS): Microsoft's code
/// page...` (`note` is the part after the value; `quoted`: the value had
/// whitespace around it).
pub fn extra_note(option: &str, shown: &str, quoted: bool, note: &str) -> String {
    let quote = if quoted { "'" } else { "" };
    format!("{option} {quote}{shown}{quote}: {note}")
}

/// The message for `UTF-8//TRANSLIT` and friends: `alone` is the label
/// before the suffix and what it names, if it is one.
pub fn iconv_suffix(
    suffix: &str,
    alone: Option<(&str, &Encoding)>,
    option: &str,
    shown: &str,
) -> String {
    let suffix_upper = suffix.to_ascii_uppercase();
    let mut msg = format!("'{shown}' for {option}: wenc labels take no iconv suffix\n\n");
    if suffix_upper.contains("TRANSLIT") {
        msg.push_str(
            "  //TRANSLIT: wenc does not transliterate (approximate characters). A character\n  \
             the output encoding cannot represent stops the run (-e replacement, the default,\n  \
             or -e fatal), is written as ? (-e subst; --subst-char chooses another), or as\n  \
             an HTML reference such as &#8364; (-e html).\n",
        );
    }
    if suffix_upper.contains("IGNORE") {
        msg.push_str(
            "  //IGNORE: wenc never drops input silently. Malformed input becomes U+FFFD and\n  \
             is counted in a warning (-e replacement, the default); characters the output\n  \
             encoding cannot represent can be written as ? (-e subst) or &#N; (-e html).\n",
        );
    }
    if !suffix_upper.contains("TRANSLIT") && !suffix_upper.contains("IGNORE") {
        msg.push_str("  Error handling is chosen with -e replacement|fatal|html|subst.\n");
    }
    match alone {
        Some((base, e)) => {
            let base = message::escape(base);
            msg.push_str(&format!(
                "\n  Write the label alone: {option} {base}   ({})",
                e.name()
            ));
        }
        None => msg.push_str("\n  wenc --list-labels shows every label"),
    }
    msg
}

/// The explanation for `-c`, which iconv users may type.
pub const ICONV_C: &str = "wenc has no -c (iconv's \"omit invalid characters\"): it never drops \
input silently.\n\n  \
-e replacement (the default) turns malformed input into U+FFFD and reports how many;\n  \
-e subst writes ? (or the --subst-char) for characters the output encoding lacks;\n  \
-e html writes them as &#N; references instead;\n  \
-e fatal stops at the first problem.";

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_only_for_the_drafts_labels() {
        let hint = decode_hint("csiso2022kr").unwrap();
        assert!(hint.contains("ISO-2022-KR") && hint.contains("--historical"));
        assert!(encode_hint("HZ-GB-2312").unwrap().contains("HZ-GB-2312"));
        assert_eq!(decode_hint("iso-2022-cn"), None);
        assert_eq!(encode_hint("replacement"), None);
    }
}
