use super::*;
use crate::codec::{
    ISO_8859_15, ISO_8859_2, KOI8_R, SHIFT_JIS, UTF_8, WINDOWS_1250, WINDOWS_1251, WINDOWS_1252,
};
use crate::detect::late::tests::long_french;
use crate::detect::stats::tests::{noise, DUTCH};

fn encoded(e: &'static Encoding, text: &str) -> Vec<u8> {
    e.encode(text).unwrap().0
}

fn verdict(bytes: &[u8], stated: Option<&'static Encoding>) -> Verdict {
    judge(bytes, stated, None).0
}

/// Converting with the verdict's encoding gives `text` back.
fn converts_right(bytes: &[u8], stated: Option<&'static Encoding>, text: &str) {
    match verdict(bytes, stated) {
        Verdict::Convert(e) => assert_eq!(e.decode_without_bom_handling(bytes).0, text, "{e}"),
        other => panic!("refused: {other:?}"),
    }
}

const RUSSIAN: &str = "Москва — столица России, крупнейший по численности населения город \
страны. Город расположен на реке Москве, в центре Восточно-Европейской равнины. ";

const CZECH: &str = "Příliš žluťoučký kůň úpěl ďábelské ódy. Praha je hlavní a \
současně největší město České republiky, leží ve středu Čech na řece Vltavě. ";

const JAPANESE: &str = "これは日本語の文章です。東京は日本の首都であり、世界有数の大都市です。";

#[test]
fn the_dutch_page_converts_right_with_auto() {
    converts_right(&encoded(WINDOWS_1252, DUTCH), None, DUTCH);
}

#[test]
fn a_late_euro_converts_right_with_auto() {
    let text = long_french("Le prix : 20 € pour un bœuf.\n");
    converts_right(&encoded(ISO_8859_15, &text), None, &text);
}

#[test]
fn a_wrong_clean_label_is_refused() {
    let bytes = encoded(WINDOWS_1251, &RUSSIAN.repeat(3));
    match verdict(&bytes, Some(KOI8_R)) {
        Verdict::LooksLike {
            likely,
            confidence,
            differences,
        } => {
            assert_eq!(likely, WINDOWS_1251);
            assert!(confidence >= SURE);
            assert_eq!(differences[0].encoding, KOI8_R);
            assert_eq!(differences[0].words.len(), 3);
            assert_eq!(differences[0].words[0].0, "Москва");
        }
        other => panic!("{other:?}"),
    }
    let bytes = encoded(SHIFT_JIS, &JAPANESE.repeat(3));
    assert!(matches!(
        verdict(&bytes, Some(WINDOWS_1252)),
        Verdict::LooksLike { likely, .. } if likely == SHIFT_JIS
    ));
}

#[test]
fn the_right_label_and_a_plausible_one_convert() {
    let bytes = encoded(WINDOWS_1251, RUSSIAN);
    converts_right(&bytes, Some(WINDOWS_1251), RUSSIAN);
    // Czech in ISO-8859-2, named so: converts even where windows-1250
    // would score a little higher.
    let bytes = encoded(ISO_8859_2, CZECH);
    converts_right(&bytes, Some(ISO_8859_2), CZECH);
    let bytes = encoded(WINDOWS_1250, CZECH);
    converts_right(&bytes, Some(WINDOWS_1250), CZECH);
    // A label that reads the same text as the detector's answer.
    let bytes = encoded(WINDOWS_1252, "café crème");
    converts_right(&bytes, Some(ISO_8859_15), "café crème");
}

#[test]
fn noise_is_refused_with_auto() {
    for bytes in &noise() {
        match judge(bytes, None, None) {
            (Verdict::Unsure { candidates, .. }, _) => assert!(!candidates.is_empty()),
            (Verdict::NotText, _) => {}
            other => panic!("{other:?}"),
        }
    }
}

/// Short French: not sure, and the candidates named are readings that
/// differ (ISO-8859-15 reads "déjà" as windows-1252 does, and its share is
/// in the winner's already): their confidences add up to at most 100%.
#[test]
fn unsure_names_only_readings_that_differ() {
    let bytes = encoded(WINDOWS_1252, "déjà vu");
    let Verdict::Unsure { candidates, .. } = verdict(&bytes, None) else {
        panic!("sure of {bytes:?}");
    };
    assert_eq!(candidates[0].encoding, WINDOWS_1252);
    assert!(candidates.len() > 1, "{candidates:?}");
    assert!(candidates[1..]
        .iter()
        .all(|c| !same_text(WINDOWS_1252, c.encoding, &bytes)));
    let sum: f32 = candidates.iter().map(|c| c.confidence).sum();
    assert!(sum <= 1.0 + 1e-4, "{candidates:?}");
}

#[test]
fn differences_show_words_as_each_reads_them() {
    let text = "De Hawaïaanse eilanden.";
    let bytes = encoded(WINDOWS_1252, text);
    let words = differing_words(&bytes, WINDOWS_1252, WINDOWS_1250);
    assert_eq!(
        words,
        vec![("Hawaïaanse".to_string(), "Hawaďaanse".to_string())]
    );
    assert!(differing_words(b"plain", WINDOWS_1252, UTF_8).is_empty());
}

/// Text of the evaluation corpus: `-f auto` converts only to the true text
/// or refuses, and the true label is never refused, at every length.
#[test]
#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]
fn auto_is_right_or_refuses_over_the_corpus() {
    let dir = crate::shared_corpus();
    let pairs: &[(&str, &[&str])] = &[
        ("cs", &["windows-1250", "ISO-8859-2"]),
        ("de", &["windows-1252", "ISO-8859-15"]),
        ("fr", &["windows-1252", "ISO-8859-15"]),
        ("ru", &["windows-1251", "KOI8-R", "IBM866"]),
        ("el", &["windows-1253", "ISO-8859-7"]),
        ("ja", &["Shift_JIS", "EUC-JP"]),
        ("zh_tw", &["Big5"]),
        ("tr", &["windows-1254"]),
    ];
    let (mut converted, mut refused) = (0, 0);
    for (lang, names) in pairs {
        let text = std::fs::read_to_string(dir.join(format!("{lang}.txt"))).unwrap();
        let chars: Vec<char> = text.chars().collect();
        for len in [10, 20, 50, 100, 300, 1000] {
            for i in 0..6 {
                let at = i * (chars.len() - len) / 6;
                let sample: String = chars[at..at + len].iter().collect();
                for name in *names {
                    let truth = Encoding::for_label(name.as_bytes()).unwrap();
                    let bytes = encoded(truth, &sample);
                    let right = truth.decode_without_bom_handling(&bytes).0;
                    match verdict(&bytes, None) {
                        Verdict::Convert(e) => {
                            converted += 1;
                            let got = e.decode_without_bom_handling(&bytes).0;
                            assert_eq!(got, right, "{lang} {name} {len} as {e}");
                        }
                        _ => refused += 1,
                    }
                    assert!(
                        matches!(verdict(&bytes, Some(truth)), Verdict::Convert(e) if e == truth),
                        "{lang} {name} {len}: the true label refused"
                    );
                }
            }
        }
    }
    assert!(
        converted > refused,
        "{converted} converted, {refused} refused"
    );
}
