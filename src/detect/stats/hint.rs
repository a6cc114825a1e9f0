//! The language or top-level-domain hint (`--hint`): which language
//! model's encodings the detector favours.

use super::model;

/// A language or top-level-domain hint, as browsers use the TLD ("ja", "jp", ".ru", "cz", "zh-tw").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hint(pub(super) &'static str);

/// Hint spellings that are not a model's own name -> the model.
const HINT_ALIASES: &[(&str, &str)] = &[
    ("jp", "ja"),
    ("kr", "ko"),
    ("zh", "zh_cn"),
    ("zh-cn", "zh_cn"),
    ("zh-hans", "zh_cn"),
    ("zh-sg", "zh_cn"),
    ("cn", "zh_cn"),
    ("sg", "zh_cn"),
    ("zh-tw", "zh_tw"),
    ("zh-hk", "zh_tw"),
    ("zh-mo", "zh_tw"),
    ("zh-hant", "zh_tw"),
    ("tw", "zh_tw"),
    ("hk", "zh_tw"),
    ("mo", "zh_tw"),
    ("cz", "cs"),
    ("ua", "uk"),
    ("by", "ru"),
    ("kz", "ru"),
    ("su", "ru"),
    ("gr", "el"),
    ("cy", "el"),
    ("il", "he"),
    ("iw", "he"),
    ("ir", "fa"),
    ("af", "fa"),
    ("sa", "ar"),
    ("eg", "ar"),
    ("ae", "ar"),
    ("ma", "ar"),
    ("dz", "ar"),
    ("iq", "ar"),
    ("se", "sv"),
    ("dk", "da"),
    ("no", "nb"),
    ("nn", "nb"),
    ("ee", "et"),
    ("vn", "vi"),
    ("br", "pt"),
    ("at", "de"),
    ("ch", "de"),
    ("si", "sl"),
    ("cat", "ca"),
    ("mx", "es"),
    ("ar", "ar"),
    ("sh", "hr"),
    ("ba", "hr"),
    ("rs", "hr"),
];

impl Hint {
    /// None when the string names no language or TLD the detector knows.
    pub fn parse(s: &str) -> Option<Hint> {
        let key = s.trim().trim_start_matches('.').to_ascii_lowercase();
        let key = key.replace('_', "-");
        let known = |k: &str| -> Option<Hint> {
            if let Some(&(_, name)) = HINT_ALIASES.iter().find(|(a, _)| *a == k) {
                return Some(Hint(name));
            }
            let i = model::find(k)?;
            Some(Hint(model::models()[i].name))
        };
        known(&key).or_else(|| known(key.split('-').next()?))
    }

    /// The language model this hint favours (e.g. `zh_tw` for `.tw`).
    pub fn language(&self) -> &'static str {
        self.0
    }
}
