use super::*;
use crate::codec::{ISO_8859_15, KOI8_U, SHIFT_JIS, WINDOWS_1251, WINDOWS_1252};

/// French prose (written for these tests), Latin-1 letters only.
pub(crate) const FRENCH: &str = "Le marché du village ouvre très tôt, \
et les habitants y viennent acheter le pain, les légumes et le fromage. \
On y parle de la pluie, des récoltes et des fêtes de l'été qui approchent. ";

/// `FRENCH` repeated past the sniff limit, then `tail`.
pub(crate) fn long_french(tail: &str) -> String {
    let mut text = FRENCH.repeat(SNIFF_LIMIT / FRENCH.len() + 20);
    text.push_str(tail);
    text
}

fn reads_as(sniffed: &Sniffed, truth: &'static Encoding, bytes: &[u8]) -> bool {
    sniffed.encoding.is_some_and(|e| same_text(e, truth, bytes))
}

#[test]
fn a_late_euro_sign_decides_for_iso_8859_15() {
    let text = long_french("Le prix : 20 € pour un bœuf entier.\n");
    let bytes = ISO_8859_15.encode(&text).unwrap().0;
    // The start alone reads the same in both: windows-1252 comes first.
    assert_eq!(sniff(&bytes, false, None).encoding, Some(WINDOWS_1252));
    let whole = sniff_whole(&bytes, None);
    assert!(
        reads_as(&whole, ISO_8859_15, &bytes),
        "{:?}",
        whole.candidates
    );
    // And windows-1252 text keeps windows-1252 with its own late signs.
    let text = long_french("Le prix : 20 € – « bœuf » …\n");
    let bytes = WINDOWS_1252.encode(&text).unwrap().0;
    let whole = sniff_whole(&bytes, None);
    assert!(
        reads_as(&whole, WINDOWS_1252, &bytes),
        "{:?}",
        whole.candidates
    );
}

#[test]
fn ascii_at_first_is_detected_from_its_first_non_ascii_bytes() {
    let mut text = "plain ASCII line\n".repeat(SNIFF_LIMIT / 17 + 100);
    text.push_str("これは日本語の文章です。東京は大きな都市です。\n");
    let bytes = SHIFT_JIS.encode(&text).unwrap().0;
    assert_eq!(sniff(&bytes, false, None).source, Source::Ascii);
    let whole = sniff_whole(&bytes, None);
    assert_eq!(whole.encoding, Some(SHIFT_JIS), "{:?}", whole.candidates);
}

#[test]
fn utf8_must_hold_to_the_end() {
    let mut bytes = long_french("").into_bytes();
    let tail = WINDOWS_1252.encode(&FRENCH.repeat(3)).unwrap().0;
    bytes.extend_from_slice(&tail);
    assert_eq!(sniff(&bytes, false, None).encoding, Some(UTF_8));
    let whole = sniff_whole(&bytes, None);
    assert_ne!(whole.encoding, Some(UTF_8));
    assert!(whole.confidence <= MIXED_CAP, "{:?}", whole.candidates);
}

/// One stray byte past the start is damage, as within it: UTF-8, below
/// what replaces a file, with the count; past the bound, mixed input.
#[test]
fn a_late_stray_byte_in_utf8_is_damage() {
    let start = long_french("");
    for (stray, count) in [(&b"\xFF"[..], 1), (b"\xE9t\xE9 \xFF", 3)] {
        let mut bytes = start.clone().into_bytes();
        bytes.extend_from_slice(stray);
        bytes.extend_from_slice(FRENCH.as_bytes());
        let whole = sniff_whole(&bytes, None);
        assert_eq!(whole.encoding, Some(UTF_8), "{:?}", whole.candidates);
        assert_eq!(whole.candidates[0].damage, count);
        assert!(whole.confidence <= stats::DAMAGED_CAP && whole.confidence > MIXED_CAP);
    }
    // More than MAX_DAMAGE: not a stray byte any more.
    let mut bytes = start.into_bytes();
    bytes.extend_from_slice(&b"\xFF ".repeat(stats::MAX_DAMAGE as usize + 1));
    assert!(sniff_whole(&bytes, None).confidence <= MIXED_CAP);
}

#[test]
fn ukrainian_reads_as_koi8_u_and_russian_as_koi8_r() {
    let uk = "Україна — держава у Східній Європі. Її столиця — Київ, найбільше місто країни. ";
    let ru = "Москва — столица России, крупнейший по численности населения город страны. ";
    for (text, truth) in [(uk, KOI8_U), (ru, crate::codec::KOI8_R)] {
        let text = text.repeat(SNIFF_LIMIT / text.chars().count() + 10);
        let bytes = truth.encode(&text).unwrap().0;
        let whole = sniff_whole(&bytes, None);
        assert!(reads_as(&whole, truth, &bytes), "{:?}", whole.candidates);
    }
}

#[test]
fn same_text_compares_readings() {
    let bytes = WINDOWS_1252.encode("café").unwrap().0;
    assert!(same_text(WINDOWS_1252, ISO_8859_15, &bytes));
    let bytes = WINDOWS_1252.encode("20 €").unwrap().0;
    assert!(!same_text(WINDOWS_1252, ISO_8859_15, &bytes));
    let bytes = WINDOWS_1251.encode("Привет").unwrap().0;
    assert!(!same_text(WINDOWS_1251, crate::codec::KOI8_R, &bytes));
    assert!(same_text(UTF_8, SHIFT_JIS, b"ascii"));
    let long = "日本語".repeat(40_000);
    assert!(!same_text(UTF_8, SHIFT_JIS, long.as_bytes()));
    assert!(same_text(UTF_8, UTF_8, long.as_bytes()));
}

/// Every encoding at once, one pass: each answer is what decoding `bytes`
/// with both encodings says, for inputs where the runners-up are decided
/// at different places (early, late, at the last byte, never).
#[test]
fn read_differently_answers_for_each_as_decoding_does() {
    let others: Vec<&'static Encoding> = Encoding::all().collect();
    let inputs = [
        long_french("20 € pour un bœuf. Ŕ"),
        long_french(""),
        "Привет, мир: ёж и Ґ".repeat(3),
        format!("{}\u{FF}", "a".repeat(100)),
    ];
    for best in [WINDOWS_1252, WINDOWS_1251, ISO_8859_15, KOI8_U, SHIFT_JIS] {
        for text in &inputs {
            let Some((bytes, _)) = best.encode(text) else {
                continue;
            };
            let differ = read_differently(best, &others, &bytes);
            for (other, differs) in others.iter().zip(differ) {
                assert_eq!(
                    differs,
                    !decodes_alike(best, other, &bytes),
                    "{} against {}",
                    best.name(),
                    other.name()
                );
            }
        }
    }
}

/// ISO-8859-15 French with œ after the detector's first kilobyte: the bytes
/// `--sniff` reads (its first 64 KiB) decide, as the whole file does.
#[test]
fn oe_after_the_first_kilobyte_decides_for_iso_8859_15() {
    let mut text = FRENCH.repeat(4);
    text.push_str("Elle a le cœur sur la main, et sa sœur aussi. ");
    let text = long_french(&text.repeat(2));
    let bytes = ISO_8859_15.encode(&text).unwrap().0;
    let head = &bytes[..SNIFF_LIMIT];
    assert!(head[..1024].iter().all(|&b| b != 0xBD), "œ comes later");
    let start = sniff(head, false, None);
    assert!(
        reads_as(&start, ISO_8859_15, head),
        "{:?}",
        start.candidates
    );
    let whole = sniff_whole(&bytes, None);
    assert!(
        reads_as(&whole, ISO_8859_15, &bytes),
        "{:?}",
        whole.candidates
    );
}

/// KOI8-R and KOI8-U differ only at a few byte values (і ї є ґ against
/// box drawing): Russian text with a late Ukrainian sentence is KOI8-U by
/// those bytes, whatever the language of the rest.
#[test]
fn late_ukrainian_letters_decide_for_koi8_u() {
    let ru = "Москва — столица России, крупнейший по численности населения город страны. ";
    let mut text = ru.repeat(SNIFF_LIMIT / ru.chars().count() + 10);
    text.push_str("Київ і Львів — міста України, їхня історія давня.\n");
    let bytes = KOI8_U.encode(&text).unwrap().0;
    let start = sniff(&bytes, false, None);
    assert!(same_text(
        start.encoding.unwrap(),
        KOI8_U,
        &bytes[..SNIFF_LIMIT]
    ));
    let whole = sniff_whole(&bytes, None);
    assert_eq!(whole.encoding, Some(KOI8_U), "{:?}", whole.candidates);
    // Without those bytes, KOI8-R and KOI8-U read it alike: either is right.
    let bytes = crate::codec::KOI8_R
        .encode(&text[..text.find("Київ").unwrap()])
        .unwrap()
        .0;
    let whole = sniff_whole(&bytes, None);
    assert!(reads_as(&whole, KOI8_U, &bytes), "{:?}", whole.candidates);
}
