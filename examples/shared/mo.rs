//! The UI-strings evaluation set: translations from the gettext catalogues
//! in /usr/share/locale (short strings of installed programs, a kind of text
//! the detector's models never saw), for examples/detect_eval.rs.

use std::path::PathBuf;

/// The languages as found in /usr/share/locale (gettext catalogues
/// of installed programs: short UI strings, another kind of held-out text).
pub const MO_PAIRS: &[(&str, &[&str])] = &[
    (
        "ru",
        &[
            "windows-1251",
            "KOI8-R",
            "IBM866",
            "ISO-8859-5",
            "x-mac-cyrillic",
        ],
    ),
    (
        "uk",
        &[
            "windows-1251",
            "KOI8-U",
            "IBM866",
            "ISO-8859-5",
            "x-mac-cyrillic",
        ],
    ),
    (
        "bg",
        &["windows-1251", "IBM866", "ISO-8859-5", "x-mac-cyrillic"],
    ),
    ("cs", &["windows-1250", "ISO-8859-2"]),
    ("pl", &["windows-1250", "ISO-8859-2"]),
    ("hu", &["windows-1250", "ISO-8859-2"]),
    ("sk", &["windows-1250", "ISO-8859-2"]),
    ("sl", &["windows-1250", "ISO-8859-2"]),
    ("hr", &["windows-1250", "ISO-8859-2"]),
    ("ro", &["windows-1250", "ISO-8859-2"]),
    ("lt", &["windows-1257", "ISO-8859-13", "ISO-8859-4"]),
    ("lv", &["windows-1257", "ISO-8859-13", "ISO-8859-4"]),
    ("et", &["windows-1257", "ISO-8859-13", "ISO-8859-4"]),
    ("de", &["windows-1252", "ISO-8859-15"]),
    ("fr", &["windows-1252", "ISO-8859-15"]),
    ("es", &["windows-1252", "ISO-8859-15"]),
    ("it", &["windows-1252", "ISO-8859-15"]),
    ("pt", &["windows-1252", "ISO-8859-15"]),
    ("nl", &["windows-1252", "ISO-8859-15"]),
    ("sv", &["windows-1252", "ISO-8859-15"]),
    ("da", &["windows-1252", "ISO-8859-15"]),
    ("fi", &["windows-1252", "ISO-8859-15"]),
    ("ca", &["windows-1252", "ISO-8859-15"]),
    ("el", &["windows-1253", "ISO-8859-7"]),
    ("he", &["windows-1255", "ISO-8859-8"]),
    ("ar", &["windows-1256", "ISO-8859-6"]),
    ("fa", &["windows-1256"]),
    ("tr", &["windows-1254"]),
    ("vi", &["windows-1258"]),
    ("th", &["windows-874"]),
    ("ja", &["Shift_JIS", "EUC-JP", "ISO-2022-JP"]),
    ("ko", &["EUC-KR"]),
    ("zh_CN", &["GBK"]),
    ("zh_TW", &["Big5"]),
];

/// The translations in every gettext catalogue of `lang`, one per line, up
/// to 400,000 bytes; None when there are none.
pub fn mo_text(lang: &str) -> Option<String> {
    let dir = PathBuf::from("/usr/share/locale")
        .join(lang)
        .join("LC_MESSAGES");
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    let mut text = String::new();
    for path in names {
        let data = std::fs::read(&path).ok()?;
        mo_strings(&data, &mut text);
        if text.len() > 400_000 {
            break;
        }
    }
    (!text.is_empty()).then_some(text)
}

/// Appends the UTF-8 translations of a little-endian .mo file (plural forms
/// and all, header skipped) to `out`.
fn mo_strings(data: &[u8], out: &mut String) {
    let word = |at: usize| -> Option<usize> {
        let b = data.get(at..at + 4)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    };
    if word(0) != Some(0x9504_12de) {
        return;
    }
    let (Some(count), Some(table)) = (word(8), word(16)) else {
        return;
    };
    for i in 1..count {
        let (Some(len), Some(at)) = (word(table + 8 * i), word(table + 8 * i + 4)) else {
            return;
        };
        let Some(Ok(s)) = data.get(at..at + len).map(std::str::from_utf8) else {
            continue;
        };
        for form in s.split('\0') {
            out.push_str(form);
            out.push('\n');
        }
    }
}
