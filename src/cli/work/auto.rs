//! `-f auto` (read each input in the encoding `--sniff` names for it) and
//! the hint added to malformed-input messages when the bytes look like
//! another encoding than the one they were read in.

use super::sniff;
use crate::cli::report;
use crate::codec::{bom_sniff, Encoding, UTF_8};
use crate::detect::{self, prescan, stats, Hint, Source};
use crate::io::Input;

/// The encoding `-f auto` reads `input` in, and the note saying why; or
/// the error message when it cannot choose (binary data, a read error).
///
/// A mapped file is sniffed from the start of its mapping. A stream is read
/// ahead, at most [`detect::SNIFF_LIMIT`] bytes and less when the detector
/// is sure sooner (past the prescan's window); those bytes are then
/// converted first, so memory stays bounded.
pub fn choose(
    input: &mut Input,
    hint: Option<Hint>,
) -> Result<(&'static Encoding, String), String> {
    let mut detector = stats::Detector::new(hint);
    let mut fed = 0;
    let mut enough = |bytes: &[u8]| {
        let sure = detector.feed(&bytes[fed..]);
        fed = bytes.len();
        bom_sniff(bytes).is_some() || (sure && bytes.len() >= prescan::WINDOW)
    };
    let (prefix, complete) = input
        .peek(detect::SNIFF_LIMIT, &mut enough)
        .map_err(|e| report::read_error(&e))?;
    let mut sniffed = detect::sniff(prefix, complete, hint);
    let mut seen = sniff::Seen::new(prefix, complete);
    // A mapped file is weighed whole: a late byte decides (ISO-8859-15's €
    // past the start, the first non-ASCII byte of a file that starts as
    // ASCII). Not for a UTF-8 guess: its conversion finds and reports any
    // late malformed byte itself.
    if let Some(all) = input.mapped().filter(|_| !complete) {
        if sniffed.source != Source::Guess || sniffed.encoding != Some(UTF_8) {
            sniffed = detect::weigh_rest(sniffed, all, hint);
            seen = sniff::Seen::All;
        }
    }
    let how = sniff::how(&sniffed, seen);
    match sniffed.encoding {
        Some(encoding) => Ok((encoding, report::auto_chose(encoding, &how))),
        None => Err(report::auto_found_none(&how)),
    }
}

/// A guess resting on fewer non-ASCII bytes than this is not named in a
/// warning: a few stray bytes fit many encodings, and a wrong suggestion on a
/// mostly-ASCII file does more harm than none.
const MIN_EVIDENCE: usize = 8;

/// What to add to a malformed-input message for an input read in `used`:
/// "it looks like X: try -f x or -f auto" when the detector is confident
/// of another encoding (or the document declares one), given the input's
/// first bytes (`complete`: all of it).
pub fn mismatch_hint(
    head: &[u8],
    complete: bool,
    used: &'static Encoding,
    hint: Option<Hint>,
) -> Option<String> {
    let sniffed = detect::sniff(head, complete, hint);
    let other = sniffed.encoding.filter(|&e| e != used)?;
    if !sniffed.is_confident() || sniffed.source == Source::Bom {
        return None;
    }
    let evidence = head.iter().filter(|&&b| b >= 0x80).count();
    if sniffed.source == Source::Guess && evidence < MIN_EVIDENCE {
        return None;
    }
    let label = label_for(other);
    let declared = sniffed.source == Source::Declaration;
    Some(report::mismatch(other, &label, declared))
}

/// A label to type for `encoding`: its name in lower case when that is a
/// label (it is for every encoding of the standard), else its first label.
pub fn label_for(encoding: &'static Encoding) -> String {
    let lower = encoding.name().to_ascii_lowercase();
    if encoding.labels().contains(&lower.as_str()) {
        lower
    } else {
        encoding.labels()[0].to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{SHIFT_JIS, UTF_8};

    #[test]
    fn every_name_in_lower_case_is_a_label() {
        for e in Encoding::all() {
            assert_eq!(label_for(e), e.name().to_ascii_lowercase(), "{e}");
            assert_eq!(Encoding::for_label(label_for(e).as_bytes()), Some(e));
        }
    }

    #[test]
    fn a_hint_only_for_another_confident_answer() {
        let page = b"<meta charset=shift_jis>\x82\xA0";
        let hint = mismatch_hint(page, true, UTF_8, None).unwrap();
        assert_eq!(
            hint,
            "; the document declares Shift_JIS: try -f shift_jis or -f auto"
        );
        assert_eq!(mismatch_hint(page, true, SHIFT_JIS, None), None);
        assert_eq!(mismatch_hint(b"plain", true, SHIFT_JIS, None), None);
        let utf8 = "\u{65E5}\u{672C}\u{8A9E}".as_bytes();
        let hint = mismatch_hint(utf8, true, SHIFT_JIS, None).unwrap();
        assert_eq!(hint, "; it looks like UTF-8: try -f utf-8 or -f auto");
        // A BOM already chose the encoding the input was read in.
        assert_eq!(
            mismatch_hint(b"\xEF\xBB\xBF\xFF", true, SHIFT_JIS, None),
            None
        );
    }

    #[test]
    fn no_guess_named_from_a_few_stray_bytes() {
        // Three stray bytes in ASCII fit many single-byte encodings.
        let stray = b"abc\xFF def\xFF ghi\xFF\n";
        assert_eq!(mismatch_hint(stray, true, UTF_8, None), None);
        // Real text in windows-1251 has the evidence.
        let russian = b"\xcf\xf0\xe8\xe2\xe5\xf2, \xec\xe8\xf0! \xca\xe0\xea \xe4\xe5\xeb\xe0?";
        let hint = mismatch_hint(russian, true, UTF_8, None).unwrap();
        assert_eq!(
            hint,
            "; it looks like windows-1251: try -f windows-1251 or -f auto"
        );
    }
}
