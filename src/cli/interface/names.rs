//! Names people type that are not labels of the Encoding Standard: the
//! iconv, ICU, Windows, Java, MySQL and Python spellings of encodings the
//! standard has. All the data is here, in two tables:
//!
//! - [`EXTRA`]: names accepted for -f and -t, each meaning exactly one of the
//!   standard's encodings (the one its standard label names), with the reason
//!   that is safe. wenc uses them with a one-line note naming the label.
//! - [`DIFFERENT`]: names whose meaning elsewhere differs from every encoding
//!   of the standard (or that look like a label but mean something else in
//!   iconv). They stay errors, with an explanation.
//!
//! Both are matched on a key: the name in lower case with everything but
//! ASCII letters and digits removed, so `CP-932`, `cp_932` and `Cp932` are one
//! name. A key never changes the digits, so it cannot reach another code page.

use crate::codec::Encoding;

/// A name that is not a label but means exactly one encoding of the standard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExtraName {
    /// The matching key (see the module documentation).
    pub key: &'static str,
    /// The standard's label for the same encoding.
    pub label: &'static str,
    /// Why this name means that encoding (shown in the note).
    pub why: &'static str,
}

const fn extra(key: &'static str, label: &'static str, why: &'static str) -> ExtraName {
    ExtraName { key, label, why }
}

const SPELLING: &str = "another spelling of that label";
const MS932: &str = "Microsoft's code page 932 (Windows-31J), which the standard's Shift_JIS is";
const MS936: &str = "Microsoft's code page 936, which the standard's GBK is";
const MS949: &str =
    "Microsoft's code page 949 (Unified Hangul Code), which the standard's EUC-KR is";
const MS950: &str = "Microsoft's code page 950; the standard's Big5 is its superset with HKSCS";
const WINDOWS: &str = "the Windows code page of that number";
const EUC_JP_MS: &str =
    "EUC-JP with Microsoft's mappings (iconv, PHP), which the standard's EUC-JP decodes";
const MAC_ROMAN: &str = "Mac OS Roman, which the standard's macintosh is";
const UTF_8_SIG: &str = "Python's UTF-8 with a BOM: wenc removes a BOM when reading and writes \
one only with --add-bom";

/// Extra names, by key. Each `label` is a label of the standard (checked by
/// the tests); each key is not.
pub const EXTRA: &[ExtraName] = &[
    // Japanese.
    extra("cp932", "shift_jis", MS932),
    extra("windows932", "shift_jis", MS932),
    extra("mscp932", "shift_jis", MS932),
    extra("ibmcp932", "shift_jis", MS932),
    extra("mskanji", "ms_kanji", SPELLING),
    extra("windows31j", "windows-31j", SPELLING),
    extra("shiftjis", "shift_jis", SPELLING),
    extra("eucjp", "euc-jp", SPELLING),
    extra("eucjpms", "euc-jp", EUC_JP_MS),
    extra("iso2022jp", "iso-2022-jp", SPELLING),
    // Chinese.
    extra("cp936", "gbk", MS936),
    extra("windows936", "gbk", MS936),
    extra("ms936", "gbk", MS936),
    extra("cp950", "big5", MS950),
    extra("windows950", "big5", MS950),
    extra("ms950", "big5", MS950),
    extra("big5hkscs", "big5-hkscs", SPELLING),
    // Korean.
    extra("cp949", "euc-kr", MS949),
    extra("windows949", "euc-kr", MS949),
    extra("ms949", "euc-kr", MS949),
    extra("uhc", "euc-kr", MS949),
    extra("euckr", "euc-kr", SPELLING),
    // Windows code pages without a hyphen (ICU, Java "windows1252").
    extra("windows874", "windows-874", SPELLING),
    extra("cp874", "windows-874", WINDOWS),
    extra("windows1250", "windows-1250", SPELLING),
    extra("windows1251", "windows-1251", SPELLING),
    extra("windows1252", "windows-1252", SPELLING),
    extra("windows1253", "windows-1253", SPELLING),
    extra("windows1254", "windows-1254", SPELLING),
    extra("windows1255", "windows-1255", SPELLING),
    extra("windows1256", "windows-1256", SPELLING),
    extra("windows1257", "windows-1257", SPELLING),
    extra("windows1258", "windows-1258", SPELLING),
    // Latin-N with a hyphen or underscore (Python latin_1, MySQL latin1).
    extra("latin1", "latin1", SPELLING),
    extra("latin2", "latin2", SPELLING),
    extra("latin3", "latin3", SPELLING),
    extra("latin4", "latin4", SPELLING),
    extra("latin5", "latin5", SPELLING),
    extra("latin6", "latin6", SPELLING),
    // Others.
    extra("koi8r", "koi8-r", SPELLING),
    extra("koi8u", "koi8-u", SPELLING),
    extra("macroman", "macintosh", MAC_ROMAN),
    extra("utf8mb4", "utf-8", "MySQL's name for UTF-8"),
    extra("utf8sig", "utf-8", UTF_8_SIG),
    extra("utf16le", "utf-16le", SPELLING),
    extra("utf16be", "utf-16be", SPELLING),
];

/// Names that stay errors, by key, with what to say.
pub const DIFFERENT: &[(&[&str], &str)] = &[
    (
        &["auto"],
        "auto is for -f only: it reads each input in the encoding --sniff names for it.",
    ),
    (
        &["utf32", "utf32le", "utf32be", "ucs4", "ucs4le", "ucs4be"],
        "UTF-32 is not an encoding of the WHATWG Encoding Standard, so wenc does not support it.",
    ),
    (
        &["utf7", "utf7imap"],
        "UTF-7 is not an encoding of the WHATWG Encoding Standard, so wenc does not support it.",
    ),
    (
        &["utf16", "ucs2"],
        "Without a BOM, iconv reads and writes this as big-endian (writing a BOM first), but \
         the standard's labels utf-16 (UTF-16LE) and ucs-2 mean little-endian. Say which: \
         utf-16le or utf-16be (and --add-bom for a BOM).",
    ),
    (
        &["utf8mb3"],
        "MySQL's utf8mb3 cannot hold characters beyond U+FFFF; use utf-8 to read it (it is \
         valid UTF-8), but wenc cannot check that output fits it.",
    ),
    (
        &["ibm943", "ibm943c", "cp943", "cp943c"],
        "IBM's code page 943 maps some characters differently from Microsoft's CP932, which \
         is the standard's Shift_JIS (label shift_jis).",
    ),
    (
        &[
            "cp437", "ibm437", "437", "cp850", "ibm850", "850", "cp852", "ibm852", "852",
        ],
        "DOS code pages other than 866 are not part of the WHATWG Encoding Standard, so wenc \
         does not support them.",
    ),
    (
        &[
            "cp037", "ibm037", "cp500", "ibm500", "cp1047", "ibm1047", "ebcdic",
        ],
        "EBCDIC code pages are not part of the WHATWG Encoding Standard, so wenc does not \
         support them.",
    ),
    (
        &["euctw", "cns11643"],
        "EUC-TW (CNS 11643) is not part of the WHATWG Encoding Standard, so wenc does not \
         support it; Big5 (label big5) is the standard's encoding for Traditional Chinese.",
    ),
    (
        &[
            "eucjis2004",
            "eucjisx0213",
            "shiftjis2004",
            "sjis2004",
            "shiftjisx0213",
        ],
        "The JIS X 0213 encodings are not part of the WHATWG Encoding Standard, so wenc does \
         not support them.",
    ),
    (
        &["euccn", "gb231280"],
        "EUC-CN is GB 2312 alone; the standard's nearest encoding, GBK (label gbk), is a \
         superset, so text outside GB 2312 would be written without an error.",
    ),
];

/// Lower case, with everything but ASCII letters and digits removed.
pub fn key(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The extra name `name` is, if it is one: an entry of [`EXTRA`], or a name
/// whose key is itself a label of the standard (Java's `ISO8859_1`, `UTF_8`).
pub fn extra_name(name: &str) -> Option<ExtraName> {
    let key = key(name);
    if let Some(e) = EXTRA.iter().find(|e| e.key == key) {
        return Some(*e);
    }
    let label = Encoding::all()
        .flat_map(|e| e.labels().iter())
        .find(|&&l| l == key)?;
    Some(ExtraName {
        key: label,
        label,
        why: SPELLING,
    })
}

/// What an extra name means, for the note shown when it is used and by `-l`.
pub fn note(extra: &ExtraName) -> String {
    let name = Encoding::for_label(extra.label.as_bytes()).map_or("", |e| e.name());
    format!(
        "not a label of the Encoding Standard; wenc takes it as {} ({name}): {}",
        extra.label, extra.why
    )
}

/// Why `name` is not accepted, when it is a known name that means something else.
pub fn different(name: &str) -> Option<&'static str> {
    let key = key(name);
    DIFFERENT
        .iter()
        .find(|(keys, _)| keys.contains(&key.as_str()))
        .map(|&(_, why)| why)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_extra_name_leads_to_a_label_and_keys_are_unique() {
        let mut keys: Vec<&str> = EXTRA.iter().map(|e| e.key).collect();
        for (k, _) in DIFFERENT {
            keys.extend_from_slice(k);
        }
        for e in EXTRA {
            assert!(Encoding::for_label(e.label.as_bytes()).is_some(), "{e:?}");
            assert_eq!(key(e.key), e.key, "{e:?}");
        }
        let count = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), count, "a key is in two entries");
    }

    #[test]
    fn a_spelling_differs_from_its_label_in_punctuation_only() {
        // So its digits are the label's: it cannot reach another code page.
        for e in EXTRA.iter().filter(|e| e.why == SPELLING) {
            assert_eq!(key(e.label), e.key, "{e:?}");
        }
    }

    #[test]
    fn different_names_are_not_labels() {
        for (keys, _) in DIFFERENT {
            for k in *keys {
                assert!(extra_name(k).is_none(), "{k}");
            }
        }
        assert!(different("UTF-32").is_some());
        assert!(different("cp850").is_some());
        assert_eq!(extra_name("CP-932").map(|e| e.label), Some("shift_jis"));
        assert_eq!(extra_name("latin_1").map(|e| e.label), Some("latin1"));
        assert_eq!(extra_name("utf-8-sig").map(|e| e.label), Some("utf-8"));
        assert_eq!(extra_name("ISO8859_1").map(|e| e.label), Some("iso88591"));
        assert_eq!(extra_name("UTF_8").map(|e| e.label), Some("utf8"));
        assert_eq!(extra_name("utf16"), None);
    }
}
