//! Turning -f/-t values into encodings, with help when that fails: similar
//! labels for a typo, and an explanation for iconv habits (`//TRANSLIT`,
//! `//IGNORE`) and for names the standard does not have.

use crate::codec::Encoding;

/// Which option a label was given to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    From,
    To,
}

impl Direction {
    fn option(self) -> &'static str {
        match self {
            Direction::From => "-f",
            Direction::To => "-t",
        }
    }
}

/// Looks `label` up as the standard says, or explains (as a usage error
/// message, possibly several lines) why it is not a label.
pub fn resolve(label: &str, direction: Direction) -> Result<&'static Encoding, String> {
    if let Some(encoding) = Encoding::for_label(label.as_bytes()) {
        return Ok(encoding);
    }
    let option = direction.option();
    let shown = shown_label(label);
    if let Some(i) = label.find("//") {
        return Err(iconv_suffix(&label[..i], &label[i..], option, &shown));
    }
    let mut msg = format!("unknown encoding label '{shown}' for {option}");
    let key = normalize(label);
    if let Some(note) = not_in_the_standard(&key) {
        msg.push_str("\n\n  ");
        msg.push_str(note);
    }
    let suggestions = suggest(label);
    if !suggestions.is_empty() {
        msg.push_str("\n\n  similar labels: ");
        let list: Vec<String> = suggestions
            .iter()
            .map(|(l, e)| format!("{l} ({})", e.name()))
            .collect();
        msg.push_str(&list.join(", "));
    }
    msg.push_str("\n  wenc --list-labels shows every label");
    Err(msg)
}

/// Labels are short (the longest has 19 characters); a longer value is
/// echoed only this far, and gets no suggestions.
const LONGEST_SHOWN: usize = 64;

/// `label` as echoed in a message: escaped, and cut if absurdly long.
fn shown_label(label: &str) -> String {
    match label.char_indices().nth(LONGEST_SHOWN) {
        Some((cut, _)) => format!(
            "{}... ({} bytes)",
            super::message::escape(&label[..cut]),
            label.len()
        ),
        None => super::message::escape(label),
    }
}

/// The message for `UTF-8//TRANSLIT` and friends.
fn iconv_suffix(base: &str, suffix: &str, option: &str, shown: &str) -> String {
    let suffix_upper = suffix.to_ascii_uppercase();
    let mut msg = format!("'{shown}' for {option}: wenc labels take no iconv suffix\n\n");
    if suffix_upper.contains("TRANSLIT") {
        msg.push_str(
            "  //TRANSLIT: wenc does not transliterate (approximate characters). A character\n  \
             the output encoding cannot represent stops the run (-e replacement, the default,\n  \
             or -e fatal), or is written as an HTML reference such as &#8364; (-e html).\n",
        );
    }
    if suffix_upper.contains("IGNORE") {
        msg.push_str(
            "  //IGNORE: wenc never drops input silently. Malformed input becomes U+FFFD and\n  \
             is counted in a warning (-e replacement, the default); characters the output\n  \
             encoding cannot represent can be written as &#N; (-e html).\n",
        );
    }
    if !suffix_upper.contains("TRANSLIT") && !suffix_upper.contains("IGNORE") {
        msg.push_str("  Error handling is chosen with -e replacement|fatal|html.\n");
    }
    match Encoding::for_label(base.as_bytes()) {
        Some(e) => {
            let base = super::message::escape(base.trim());
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
-e html also writes characters the output encoding lacks as &#N; references;\n  \
-e fatal stops at the first problem.";

/// Notes for well-known names that are not labels of the standard.
fn not_in_the_standard(key: &str) -> Option<&'static str> {
    Some(match key {
        "utf32" | "utf32le" | "utf32be" | "ucs4" | "ucs4le" | "ucs4be" => {
            "UTF-32 is not an encoding of the WHATWG Encoding Standard, so wenc does not support it."
        }
        "utf7" | "utf7imap" => {
            "UTF-7 is not an encoding of the WHATWG Encoding Standard, so wenc does not support it."
        }
        "auto" => "auto is for -f only: it reads each input in the encoding --sniff names for it.",
        "cp932" | "ibm943" | "windows932" => {
            "The standard's Shift_JIS is Microsoft's CP932 (Windows-31J): use the label shift_jis."
        }
        "cp936" | "windows936" => "The standard's GBK is CP936: use gbk.",
        "cp949" | "uhc" | "windows949" => "The standard's EUC-KR is CP949 (UHC): use euc-kr.",
        "cp950" | "windows950" | "big5hkscs" => "The standard's Big5 includes HKSCS: use big5.",
        "cp437" | "ibm437" | "437" | "cp850" | "ibm850" | "850" | "cp037" | "ibm037" | "ebcdic" => {
            "DOS and EBCDIC code pages other than 866 are not part of the WHATWG Encoding \
             Standard, so wenc does not support them."
        }
        _ => return None,
    })
}

/// Whether an -f value asks for the encoding to be found (`-f auto`).
pub fn is_auto(label: &str) -> bool {
    label.trim().eq_ignore_ascii_case("auto")
}

/// Lower case, with everything but letters and digits removed.
fn normalize(label: &str) -> String {
    label
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Up to five labels close to `label`, closest first, with their encodings.
pub fn suggest(label: &str) -> Vec<(&'static str, &'static Encoding)> {
    let wanted = label.trim().to_ascii_lowercase();
    // No label is close to a very long value (and edit distances to it
    // would take seconds).
    if wanted.len() > LONGEST_SHOWN {
        return Vec::new();
    }
    let wanted_key = normalize(label);
    if wanted.is_empty() {
        return Vec::new();
    }
    let mut scored: Vec<(usize, usize, &'static str, &'static Encoding)> = Vec::new();
    let mut order = 0;
    for encoding in Encoding::all() {
        for &candidate in encoding.labels() {
            order += 1;
            let distance = levenshtein(&wanted, candidate)
                .min(levenshtein(&wanted_key, &normalize(candidate)) + 1);
            let limit = (wanted.chars().count() / 3).max(2);
            let prefix = wanted.len() >= 3 && candidate.starts_with(&wanted);
            if distance <= limit || prefix {
                let score = if prefix {
                    distance.min(limit)
                } else {
                    distance
                };
                scored.push((score, order, candidate, encoding));
            }
        }
    }
    scored.sort_by_key(|&(score, order, _, _)| (score, order));
    scored
        .into_iter()
        .take(5)
        .map(|(_, _, l, e)| (l, e))
        .collect()
}

/// Edit distance (insertions, deletions, substitutions) between two strings.
fn levenshtein(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance() {
        assert_eq!(levenshtein("kitten", "sitting"), 3);
        assert_eq!(levenshtein("", "abc"), 3);
        assert_eq!(levenshtein("sjis", "sjis"), 0);
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
    }

    #[test]
    fn explains_iconv_suffixes() {
        let msg = resolve("UTF-8//TRANSLIT", Direction::To).unwrap_err();
        assert!(msg.contains("does not transliterate"), "{msg}");
        assert!(msg.contains("-t UTF-8"), "{msg}");
        let msg = resolve("latin1//IGNORE", Direction::From).unwrap_err();
        assert!(msg.contains("never drops input silently"), "{msg}");
        assert!(resolve(" SJIS ", Direction::From).is_ok());
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
}
