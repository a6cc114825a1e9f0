//! The evaluation's units, one table for examples/detect_eval.rs and the
//! in-place property test (tests/it/auto_in_place.rs): the lengths the
//! detector is measured at, and each corpus language's legacy encodings.

/// Sample lengths in characters.
pub const LENGTHS: [usize; 6] = [10, 20, 50, 100, 300, 1000];

/// Corpus file stem -> the legacy encodings native to that language.
pub const PAIRS: &[(&str, &[&str])] = &[
    ("ar", &["windows-1256", "ISO-8859-6"]),
    ("cs", &["windows-1250", "ISO-8859-2"]),
    ("de", &["windows-1252", "ISO-8859-15"]),
    ("el", &["windows-1253", "ISO-8859-7"]),
    ("en", &["windows-1252"]),
    ("fr", &["windows-1252", "ISO-8859-15"]),
    ("he", &["windows-1255", "ISO-8859-8"]),
    ("ja", &["Shift_JIS", "EUC-JP", "ISO-2022-JP"]),
    ("ko", &["EUC-KR"]),
    ("pt", &["windows-1252", "ISO-8859-15"]),
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
    ("th", &["windows-874"]),
    ("tr", &["windows-1254"]),
    ("vi", &["windows-1258"]),
    ("zh_cn", &["GBK"]),
    ("zh_tw", &["Big5"]),
];
