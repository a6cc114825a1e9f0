//! Turning -f/-t values into encodings, with help when that fails: similar
//! labels for a typo, and an explanation for iconv habits (`//TRANSLIT`,
//! `//IGNORE`) and for names the standard does not have.

use super::names;
use crate::cli::report::{self, UnknownLabel};
use crate::codec::Encoding;

/// Which option a label was given to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    From,
    To,
    /// `wenc -l LABEL`.
    List,
}

impl Direction {
    fn option(self) -> &'static str {
        match self {
            Direction::From => "-f",
            Direction::To => "-t",
            Direction::List => "-l",
        }
    }
}

/// An encoding found for a -f or -t value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    pub encoding: &'static Encoding,
    /// For a name that is not a label ([`names::EXTRA`]): the one-line note
    /// naming the standard's label (shown unless -q).
    pub note: Option<String>,
}

/// An -f or -t value as clap parsed it (the value parser in `args`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// The value as given: messages echo it, and some checks read its words
    /// (`-t ascii`, the 2012 draft's labels).
    pub given: String,
    /// What it names; `None` for `-f auto` (each input's encoding is found).
    pub resolved: Option<Resolved>,
}

impl Label {
    /// Resolves `given` for `direction`, or says why it names nothing (the
    /// usage error's message).
    pub fn parse(given: String, direction: Direction) -> Result<Label, String> {
        let resolved = if direction == Direction::From && is_auto(&given) {
            None
        } else {
            Some(resolve(&given, direction)?)
        };
        Ok(Label { given, resolved })
    }
}

/// Looks `label` up as the standard says, then among the extra names
/// people type (module `names`), or explains (as a usage error message,
/// possibly several lines) why it is neither.
pub fn resolve(label: &str, direction: Direction) -> Result<Resolved, String> {
    if let Some(encoding) = Encoding::for_label(label.as_bytes()) {
        return Ok(Resolved {
            encoding,
            note: None,
        });
    }
    let extra = is_plain_spelling(label).then(|| names::extra_name(label));
    match extra.flatten() {
        Some(extra) => Ok(Resolved {
            encoding: Encoding::for_label(extra.label.as_bytes())
                .expect("every extra name leads to a label (tested)"),
            note: Some(extra_note(label, direction, &extra)),
        }),
        None => Err(explain(label, direction)),
    }
}

/// The standard's ASCII whitespace, which it strips around a label.
fn is_label_space(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')
}

/// Whether `name` may be an extra name (a script with a stray quote or
/// `;` in its label should fail, not convert): ASCII letters and digits,
/// with `-`, `_`, `.` or spaces between them, and the standard's ASCII
/// whitespace around it as for its labels.
fn is_plain_spelling(name: &str) -> bool {
    let name = name.trim_matches(is_label_space);
    let alphanumeric = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    alphanumeric(name.chars().next())
        && alphanumeric(name.chars().next_back())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ' '))
}

/// For a value refused only for its characters (`utf-8;`, `"utf-8"`,
/// `utf\u{2010}8`): the plain spelling it was probably meant to be, if that
/// names an encoding. Other characters between letters become `-`; any at
/// either end go.
fn plain_spelling(name: &str) -> Option<String> {
    let cleaned: String = name
        .chars()
        .map(|c| match c {
            c if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ' ') => c,
            _ => '-',
        })
        .collect();
    let cleaned = cleaned.trim_matches(|c: char| !c.is_ascii_alphanumeric());
    let names_one =
        Encoding::for_label(cleaned.as_bytes()).is_some() || names::extra_name(cleaned).is_some();
    (names_one && cleaned != name.trim_matches(is_label_space)).then(|| cleaned.to_string())
}

/// The note for an extra name (see [`report::extra_note`]). The value is
/// quoted when there is whitespace around it.
fn extra_note(label: &str, direction: Direction, extra: &names::ExtraName) -> String {
    let quoted = label.trim_matches(is_label_space) != label;
    report::extra_note(
        direction.option(),
        &shown_label(label),
        quoted,
        &names::note(extra),
    )
}

/// Why `label` names no encoding, with suggestions.
fn explain(label: &str, direction: Direction) -> String {
    let option = direction.option();
    let shown = shown_label(label);
    if let Some(i) = label.find("//") {
        let (base, suffix) = label.split_at(i);
        let alone = Encoding::for_label(base.as_bytes()).map(|e| (base.trim(), e));
        return report::iconv_suffix(suffix, alone, option, &shown);
    }
    let mut unknown = UnknownLabel {
        shown: &shown,
        option,
        meant: plain_spelling(label),
        historical: None,
        different: None,
        suggestions: Vec::new(),
    };
    if unknown.meant.is_none() {
        unknown.historical = historical_name(label);
        unknown.different = names::different(label);
        // A known name of another encoding gets no look-alikes: they would
        // be other encodings still (euc-tw is not euc-kr).
        if unknown.different.is_none() {
            unknown.suggestions = suggest(label);
        }
    }
    report::unknown_label(&unknown)
}

/// For a short name of a 2012 draft's encoding (`hz`, `hz-gb`): that
/// encoding (the message points to --historical).
fn historical_name(label: &str) -> Option<&'static Encoding> {
    let key = names::key(label);
    let encoding = Encoding::historical()
        .find(|e| key.len() >= 2 && names::key(e.name()).starts_with(&key))?;
    // Only a name that starts no other label (`iso` starts many).
    let starts_another = Encoding::all()
        .flat_map(|e| e.labels().iter())
        .filter(|l| names::key(l).starts_with(&key))
        .any(|l| Encoding::historical_for(l.as_bytes()) != Some(encoding));
    if starts_another {
        return None;
    }
    Some(encoding)
}

/// Labels are short (the longest has 19 characters); a longer value is
/// echoed only this far, and gets no suggestions.
const LONGEST_SHOWN: usize = 64;

/// `label` as echoed in a message: every character shown (labels are
/// ASCII, so anything else is escaped as `\u{A0}`, and controls as `\x0B`),
/// and cut if absurdly long.
fn shown_label(label: &str) -> String {
    let (label, cut) = match label.char_indices().nth(LONGEST_SHOWN) {
        Some((cut, _)) => (&label[..cut], format!("... ({} bytes)", label.len())),
        None => (label, String::new()),
    };
    let mut out = String::new();
    for c in label.chars() {
        if c.is_ascii() {
            out.push_str(&crate::cli::message::escape(c.encode_utf8(&mut [0; 4])));
        } else {
            out.push_str(&format!("\\u{{{:X}}}", c as u32));
        }
    }
    out + &cut
}

/// Whether an -f value asks for the encoding to be found (`-f auto`).
pub fn is_auto(label: &str) -> bool {
    label.trim().eq_ignore_ascii_case("auto")
}

/// Up to five labels close to `label`, closest first, with their encodings.
pub fn suggest(label: &str) -> Vec<(&'static str, &'static Encoding)> {
    let wanted = label.trim().to_ascii_lowercase();
    // No label is close to a very long value (and edit distances to it
    // would take seconds).
    if wanted.len() > LONGEST_SHOWN {
        return Vec::new();
    }
    let wanted_key = names::key(label);
    let wanted_digits = digits(label);
    if wanted.is_empty() {
        return Vec::new();
    }
    let mut scored: Vec<(usize, usize, &'static str, &'static Encoding)> = Vec::new();
    let mut order = 0;
    for encoding in Encoding::all() {
        for &candidate in encoding.labels() {
            order += 1;
            let distance = strsim::levenshtein(&wanted, candidate)
                .min(strsim::levenshtein(&wanted_key, &names::key(candidate)) + 1);
            let limit = (wanted.chars().count() / 3).max(2);
            let prefix = wanted.len() >= 3 && candidate.starts_with(&wanted);
            // Digits name the code page or standard part: a label with other
            // digits is another encoding, however close its spelling.
            let same_digits = if prefix {
                digits(candidate).starts_with(&wanted_digits)
            } else {
                digits(candidate) == wanted_digits
            };
            if (distance <= limit || prefix) && same_digits {
                let score = if prefix {
                    distance.min(limit)
                } else {
                    distance
                };
                scored.push((score, order, candidate, encoding));
            }
        }
    }
    // (`order` is unique: an unstable sort gives the same order, and its
    // code is a twentieth of the stable one's.)
    scored.sort_unstable_by_key(|&(score, order, _, _)| (score, order));
    scored
        .into_iter()
        .take(5)
        .map(|(_, _, l, e)| (l, e))
        .collect()
}

/// The ASCII digits of `s`, in order.
fn digits(s: &str) -> String {
    s.chars().filter(char::is_ascii_digit).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsed_labels_keep_the_value_as_given() {
        let parse = |l: &str, d| Label::parse(l.to_string(), d);
        let sjis = parse(" SJIS ", Direction::To).unwrap();
        assert_eq!(sjis.given, " SJIS ");
        assert_eq!(sjis.resolved.unwrap().encoding.name(), "Shift_JIS");
        assert_eq!(parse("Auto", Direction::From).unwrap().resolved, None);
        let msg = parse("auto", Direction::To).unwrap_err();
        assert!(msg.contains("auto is for -f only"), "{msg}");
        let cp932 = parse("cp932", Direction::From).unwrap().resolved.unwrap();
        assert!(cp932.note.unwrap().starts_with("-f cp932: "));
    }

    #[test]
    fn suggestions_for_common_typos() {
        let labels = |l: &str| suggest(l).into_iter().map(|(l, _)| l).collect::<Vec<_>>();
        assert!(
            labels("shiftjis").contains(&"shift_jis"),
            "{:?}",
            labels("shiftjis")
        );
        assert!(labels("utf16").contains(&"utf-16"));
        assert!(labels("latin-1").contains(&"latin1"));
        assert!(labels("eucjp").contains(&"euc-jp"));
        assert!(labels("zzzzzzzz").is_empty());
        // Never another code page or part number.
        assert!(labels("cp850").is_empty(), "{:?}", labels("cp850"));
        assert!(!labels("iso-8859-3x").contains(&"iso-8859-13"));
        assert!(labels("iso-8859").contains(&"iso-8859-2"));
    }

    #[test]
    fn explains_iconv_suffixes() {
        let msg = resolve("UTF-8//TRANSLIT", Direction::To).unwrap_err();
        assert!(msg.contains("does not transliterate"), "{msg}");
        assert!(msg.contains("-t UTF-8"), "{msg}");
        let msg = resolve("latin1//IGNORE", Direction::From).unwrap_err();
        assert!(msg.contains("never drops input silently"), "{msg}");
        assert!(resolve(" SJIS ", Direction::From).unwrap().note.is_none());
    }

    #[test]
    fn long_labels_are_cut_in_messages() {
        let long = "\u{1B}".repeat(100_000);
        let msg = resolve(&long, Direction::To).unwrap_err();
        assert!(
            msg.starts_with(&format!(
                "unknown encoding label '{}... (100000 bytes)' for -t",
                "\\x1B".repeat(LONGEST_SHOWN)
            )),
            "{msg}"
        );
        assert!(suggest(&"a".repeat(65)).is_empty());
        let msg = resolve(&format!("{}//IGNORE", "x".repeat(70)), Direction::From).unwrap_err();
        assert!(msg.contains("... (78 bytes)' for -f"), "{msg}");
    }

    /// Extra spellings: ASCII letters and digits with -, _, . or spaces
    /// between them, and the standard's whitespace around.
    #[test]
    fn extra_spellings_of_plain_ascii_are_accepted() {
        for (given, name) in [
            ("UTF_8", "UTF-8"),
            ("utf 8", "UTF-8"),
            ("ISO8859.1", "windows-1252"),
            ("iso 8859-1", "windows-1252"),
            ("cp932", "Shift_JIS"),
            ("Latin-1", "windows-1252"),
            ("\t cp932 \r\n", "Shift_JIS"),
        ] {
            let resolved = resolve(given, Direction::From).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(resolved.encoding.name(), name, "{given:?}");
            assert!(resolved.note.is_some(), "{given:?}");
        }
    }

    /// Anything else is refused, with the plain spelling suggested and
    /// every character of the value shown.
    #[test]
    fn other_characters_make_a_value_no_label() {
        for (given, shown) in [
            ("utf-8 _", "utf-8 _"),              // a separator at the end
            ("-utf-8", "-utf-8"),                // ... and at the start
            ("\"utf-8\"", "\"utf-8\""),          // quotes
            ("utf-8;", "utf-8;"),                // ;
            ("utf-8\x0B", "utf-8\\x0B"),         // a control character
            ("\u{A0}utf-8", "\\u{A0}utf-8"),     // a no-break space
            ("utf-8\u{2028}", "utf-8\\u{2028}"), // a line separator
            ("utf\u{2010}8", "utf\\u{2010}8"),   // a Unicode hyphen
        ] {
            let msg = resolve(given, Direction::From).unwrap_err();
            assert!(
                msg.starts_with(&format!("unknown encoding label '{shown}' for -f\n\n")),
                "{given:?}: {msg}"
            );
            assert!(msg.contains("did you mean utf-8?"), "{given:?}: {msg}");
        }
        let msg = resolve("cp932;", Direction::To).unwrap_err();
        assert!(msg.contains("did you mean cp932?"), "{msg}");
    }

    #[test]
    fn the_note_shows_the_value_as_typed() {
        let note = |l| resolve(l, Direction::From).unwrap().note.unwrap();
        assert!(note("cp932").starts_with("-f cp932: "));
        assert!(
            note(" cp932\t").starts_with("-f ' cp932\\x09': "),
            "{}",
            note(" cp932\t")
        );
    }
}
