use super::foreign::{ASCII_LETTER_COST, MIXED_CAP};
use super::*;

/// The class map as first written: a linear search per code point.
fn class_map_by_search(alphabet: &[u32]) -> Vec<u8> {
    let index = |c: char| {
        let c = fold_variant(c);
        alphabet
            .iter()
            .position(|&a| a == c as u32)
            .map(|i| i as u8 + FOREIGN_ASCII + 1)
    };
    (0..MAPPED as u32)
        .map(|cp| {
            let Some(c) = char::from_u32(cp) else {
                return UNKNOWN;
            };
            let own_sign = |&(letter, signs): &(u32, &[u32])| {
                alphabet.contains(&letter) && signs.contains(&cp)
            };
            if SCRIPT_SIGNS.iter().any(own_sign) {
                return SIGN_MARK;
            }
            if SYMBOLS.contains(&cp) {
                return SYMBOL;
            }
            if !c.is_alphabetic() && !is_mark(cp) {
                return if c.is_ascii() { BOUNDARY } else { UNKNOWN };
            }
            let lower = c.to_lowercase().next().unwrap_or(c);
            let upper = if lower != c { UPPER } else { 0 };
            match index(lower) {
                Some(i) => i | upper,
                None if c.is_ascii() => FOREIGN_ASCII | upper,
                None if is_mark(cp) => MARK,
                None => UNKNOWN | upper,
            }
        })
        .collect()
}

/// The fast class map equals the search, for every model's alphabet and
/// for alphabets with repeats and folded letters.
#[test]
fn class_map_matches_a_linear_search() {
    let mut alphabets = vec![
        "abcdefghijklmnopqrstuvwxyzäöüß"
            .chars()
            .map(|c| c as u32)
            .collect::<Vec<_>>(),
        "șțaăâîs".chars().map(|c| c as u32).collect(),
        "σςαβγαβ".chars().map(|c| c as u32).collect(),
        "\u{e01}\u{e02}\u{e31}\u{e48}"
            .chars()
            .map(|c| c as u32)
            .collect(),
    ];
    alphabets.extend(model_alphabets(DATA));
    assert!(alphabets.len() > 30);
    for alphabet in alphabets {
        assert_eq!(class_map(&alphabet), class_map_by_search(&alphabet));
    }
}

/// The alphabets of the bigram models in `data` (the format of `parse`).
fn model_alphabets(data: &[u8]) -> Vec<Vec<u32>> {
    let mut at = 5;
    let mut out = Vec::new();
    for _ in 0..data[4] {
        at += 1 + data[at] as usize;
        let kind = data[at];
        at += 1;
        if kind == 0 {
            let len = data[at] as usize;
            let letters = std::str::from_utf8(&data[at + 1..at + 1 + len]).unwrap();
            let alphabet: Vec<u32> = letters.chars().map(u32::from).collect();
            // The letters, and how many of them carry no mark.
            at += 2 + len;
            let n = alphabet.len() + FOREIGN_ASCII as usize + 1;
            at += n * n;
            // The word-start rows: first, rest, k, k pairs of two bytes.
            for _ in 0..data[at] {
                at += 3 + 2 * data[at + 3] as usize;
            }
            at += 1;
            out.push(alphabet);
        } else {
            let count = u16::from_le_bytes([data[at], data[at + 1]]) as usize;
            at += 2 + super::parse::unigrams(&data[at + 2..], count).1;
        }
    }
    out
}

#[test]
fn every_issue_language_has_a_model() {
    for name in [
        "en", "de", "fr", "ru", "uk", "bg", "el", "he", "ar", "fa", "th", "tr", "vi", "cs", "pl",
        "hu", "lt", "lv", "et", "ja", "zh_cn", "zh_tw", "ko",
    ] {
        assert!(find(name).is_some(), "{name}");
    }
}

/// The sketch drops only what costs nothing: scoring it equals scoring
/// the whole text.
#[test]
fn a_sketch_scores_like_the_whole_text() {
    let texts = [
        "Die Äquatorebene des Mars, „groß“ – 20 °C ±1 µm; cœur.",
        "Привет, мир! Hello Марс-2 и Phobos «Фобос».",
        "日本語のテキスト with ASCII 混在 and ｶﾀｶﾅ.",
        "ב\u{5b0}\u{5bc}ה abc ñ\u{301}x é",
    ];
    for model in models() {
        for text in texts {
            let whole = Sketch {
                text: text.to_string(),
                ..Sketch::new(text)
            };
            assert_eq!(
                model.cost_of(&whole),
                model.cost(text),
                "{} {text}",
                model.name
            );
        }
    }
}

#[test]
fn a_language_prefers_its_own_spelling() {
    let ru = &models()[find("ru").unwrap()];
    assert!(ru.cost("привет мир") < ru.cost("ПРиВЕт мИР"));
    let fr = &models()[find("fr").unwrap()];
    assert!(fr.cost("été à côté") < fr.cost("ÿtÿ ¾ cÿtÿ"));
    let ja = &models()[find("ja").unwrap()];
    assert!(ja.cost("日本語") < ja.cost("鐃緒申"));
}

/// A sign between two letters is what another encoding makes of a letter
/// (windows-1252's "c½ur" for ISO-8859-15's "cœur"): it costs more than the
/// letter, so a file with œ throughout is not read as windows-1252.
#[test]
fn a_sign_inside_a_word_costs_more_than_the_letter() {
    let fr = &models()[find("fr").unwrap()];
    for (letter, sign) in [("le cœur", "le c½ur"), ("sœur", "s½ur")] {
        assert!(
            fr.cost(letter) + 4 * 8 < fr.cost(sign),
            "{letter} {} / {sign} {}",
            fr.cost(letter),
            fr.cost(sign)
        );
    }
    // After an apostrophe too, if by less (the apostrophe is no letter).
    assert!(fr.cost("l'œil") < fr.cost("l'½il"));
    // ´ typed for an apostrophe is no such sign.
    assert!(fr.cost("d´accord") < fr.cost("dŽaccord"));
}

/// Each (model, spaced, glued): the glued text costs at least 8 bits more.
fn glued_costs_extra(cases: &[(&Model, &str, &str)]) {
    for &(model, spaced, glued) in cases {
        assert!(
            model.cost(spaced) + 4 * 8 <= model.cost(glued),
            "{spaced} {} / {glued} {}",
            model.cost(spaced),
            model.cost(glued)
        );
    }
}

/// № © € stand before numbers: glued to a letter, on either side, they
/// are what another encoding made of one (x-mac-cyrillic's "є" read as
/// windows-1251's "№", ISO-8859-4's "Š" as windows-1252's "©").
#[test]
fn a_number_sign_glued_to_a_letter_costs_extra() {
    let uk = &models()[find("uk").unwrap()];
    let et = &models()[find("et").unwrap()];
    glued_costs_extra(&[
        (uk, "№ 5 нача", "нача№ 5"),
        (uk, "№ 5 юнак", "№юнак 5"),
        (et, "© 2020 iffer", "©iffer 2020"),
        (et, "€ 5 summa", "€summa 5"),
    ]);
}

/// "±" after a lowercase letter costs extra in a non-Latin model too, whose
/// alphabet has no ASCII letters (ISO-8859-4's Lithuanian "atą" is not
/// windows-1251's "at±").
#[test]
fn a_sign_after_an_ascii_letter_costs_extra_in_any_model() {
    let ru = &models()[find("ru").unwrap()];
    assert!(ru.cost("at ±") + 4 * 8 <= ru.cost("at± "));
}

/// So do a fraction, a currency sign and a sign or spacing accent that
/// stands alone, in every model: glued after a letter they are another
/// encoding's letter (windows-1252's "c½" for ISO-8859-15's "cœ",
/// windows-1256's "ضا¬" for ISO-8859-6's Arabic comma "ضا،"). After a
/// number they cost nothing extra ("10½").
#[test]
fn a_sign_that_stands_alone_costs_extra_after_a_letter() {
    let fr = &models()[find("fr").unwrap()];
    let ar = &models()[find("ar").unwrap()];
    for (model, apart, glued) in [
        (fr, "c ½", "c½ "),
        (fr, "de ¤", "de¤ "),
        (fr, "e ¨", "e¨ "),
        (fr, "m/s ˛", "m/s˛ "),
        (fr, "che £", "che£ "),
        (ar, "ضا ¬", "ضا¬ "),
    ] {
        // Glued, the sign saves the word end's bigram: it paid less before.
        assert!(model.cost(apart) < model.cost(glued), "{glued}");
    }
    assert_eq!(fr.cost("10½ "), fr.cost("10 ½"));
}

/// A guillemet glued after a letter closes a quotation: with no guillemet
/// before it, it is more likely a letter misread ("zobraziť" in
/// ISO-8859-2 read as windows-1250's "zobrazi»").
#[test]
fn an_unopened_guillemet_after_a_letter_costs_extra() {
    let ru = &models()[find("ru").unwrap()];
    let closed = ru.cost("«файл»") - ru.cost("«файл");
    let unopened = ru.cost("файл»") - ru.cost("файл");
    assert!(closed + 4 * 4 <= unopened, "{closed} {unopened}");
    let sk = &models()[find("sk").unwrap()];
    assert!(sk.cost("zobraziť text") < sk.cost("zobrazi» text"));
}

/// • – — ™ ‰ ³ and other signs that open nothing end a word or stand
/// alone: glued before a letter they are what another encoding made of a
/// letter (x-mac-cyrillic's "Чтобы", "Хотите" read as windows-1251's
/// "—тобы", "•отите"; ISO-8859-2's "łatwo" as windows-1252's "³atwo").
/// ° before a letter is "°C".
#[test]
fn a_trailing_sign_glued_before_a_letter_costs_extra() {
    let ru = &models()[find("ru").unwrap()];
    let pl = &models()[find("pl").unwrap()];
    let en = &models()[find("en").unwrap()];
    glued_costs_extra(&[
        (ru, "да — тобы", "да —тобы"),
        (ru, "• отите", "•отите"),
        (ru, "5 ‰ сумма", "5 ‰сумма"),
        (pl, "x ³ atwo", "x ³atwo"),
        (en, "20 °C", "20 ×C"),
    ]);
}

/// The middle dot is inside a word only in Catalan's "l·l": between
/// other letters it is macintosh's reading of windows-1252's á.
#[test]
fn a_middle_dot_between_letters_costs_extra_but_after_l() {
    let ca = &models()[find("ca").unwrap()];
    let es = &models()[find("es").unwrap()];
    glued_costs_extra(&[(es, "Adem · s", "Adem·s"), (es, "est · ndar", "est·ndar")]);
    // "s·l" pays the sign inside a word on top of what "s" costs for "l".
    let c = |t: &str| i64::from(ca.cost(t));
    let extra = c("cos·lecció") - c("col·lecció") - (c("cos·") - c("col·"));
    assert_eq!(extra, 4 * 8);
}

/// „ ‚ ¡ ¿ only open: glued after a letter they are what another encoding
/// made of one (macintosh's "nou„" for windows-1250's Romanian "nouă").
#[test]
fn a_sign_that_only_opens_glued_after_a_letter_costs_extra() {
    let ro = &models()[find("ro").unwrap()];
    let es = &models()[find("es").unwrap()];
    let de = &models()[find("de").unwrap()];
    glued_costs_extra(&[
        (ro, "o nou „ x", "o nou„ x"),
        (es, "je ¿ x", "je¿ x"),
        (de, "Haus ‚ x", "Haus‚ x"),
    ]);
    // Before a word they open, as ever.
    assert!(es.cost("¡Hola!") < es.cost("Hola¡!"));
    assert!(ro.cost("„casa”") < ro.cost("casa„”"));
}

/// A letter carries two marks (shadda and a vowel, a Thai vowel and a
/// tone); a third is no text: Cyrillic read as ISO-8859-6 piles them up.
/// (Harakat cost ACCENT_COST.)
#[test]
fn a_third_mark_on_a_letter_costs_as_unknown() {
    let ar = &models()[find("ar").unwrap()];
    let (one, two, three) = (ar.cost("قَ"), ar.cost("قَّ"), ar.cost("قَّْ"));
    assert_eq!(two - one, ACCENT_COST, "{one} {two}");
    assert_eq!(three - two, UNKNOWN_COST as u32, "{two} {three}");
    let th = &models()[find("th").unwrap()];
    assert!(th.cost("ที่นี่") + UNKNOWN_COST as u32 <= th.cost("ที่่นี่"));
}

/// Thai's vowel letters and signs (ะ า ำ เ แ โ ใ ไ ๅ ฯ ๆ) carry no mark:
/// its vowel and tone marks stand on its consonants only, so one after
/// them costs as a mark on nothing (KOI8-R's "ры" is windows-874's "าู").
#[test]
fn a_thai_mark_stands_on_a_consonant_only() {
    let th = &models()[find("th").unwrap()];
    let unknown = UNKNOWN_COST as u32;
    assert_eq!(th.cost("กู") - th.cost("ก"), MARK_COST);
    assert_eq!(th.cost("าู") - th.cost("า"), unknown);
    assert_eq!(th.cost("เ่") - th.cost("เ"), unknown);
    assert_eq!(th.cost("ไม่") - th.cost("ไม"), MARK_COST);
    // Other scripts' letters carry marks as before.
    let he = &models()[find("he").unwrap()];
    assert!(he.cost("בָ") - he.cost("ב") < unknown);
}

/// A second mark of the same kind as the first (two Thai vowels, two
/// tone marks, a doubled Arabic vowel) costs as unknown; a vowel with a
/// tone mark or ์, or a shadda with a vowel, does not.
#[test]
fn two_marks_of_one_kind_on_a_letter_cost_as_unknown() {
    let th = &models()[find("th").unwrap()];
    let unknown = UNKNOWN_COST as u32;
    assert_eq!(th.cost("มีิ") - th.cost("มี"), unknown);
    assert_eq!(th.cost("สิั") - th.cost("สิ"), unknown);
    assert!(th.cost("สิทธิ์") - th.cost("สิทธิ") < unknown);
    assert!(th.cost("ที่") - th.cost("ที") < unknown);
    let ar = &models()[find("ar").unwrap()];
    assert!(ar.cost("قَّ") - ar.cost("قَ") < unknown);
    assert_eq!(ar.cost("قََ") - ar.cost("قَ"), unknown);
    // One vowel a letter, whatever its class: a tanwin and a fatha, two
    // Hebrew vowel points; a tanwin or a point with another mark is fine.
    assert_eq!(ar.cost("فًَ") - ar.cost("فً"), unknown);
    assert!(ar.cost("فًّ") - ar.cost("فً") < unknown);
    let he = &models()[find("he").unwrap()];
    assert_eq!(he.cost("בָֹ") - he.cost("בָ"), unknown);
    assert!(he.cost("בָּ") - he.cost("בָ") < unknown);
}

/// A tanwin ends its word: a letter after one costs TANWIN_COST, but for
/// the alif a fathatan stands before ("شكرًا"); the tanwin itself, a
/// haraka, costs ACCENT_COST as Hebrew's points do. Hebrew's punctuation
/// among its points is no mark: sof pasuq (׃) costs as an unknown sign,
/// and the maqaf (־) joins a one-letter prefix to a number as a sign of
/// Hebrew's own ("ב־5").
#[test]
fn a_tanwin_ends_its_word_and_hebrew_punctuation_is_no_mark() {
    let ar = &models()[find("ar").unwrap()];
    assert_eq!(ar.cost("باٍت") - ar.cost("بات"), ACCENT_COST + TANWIN_COST);
    assert_eq!(ar.cost("شكرًا") - ar.cost("شكرا"), ACCENT_COST);
    assert_eq!(ar.cost("كتابٌ") - ar.cost("كتاب"), ACCENT_COST);
    let he = &models()[find("he").unwrap()];
    assert!(he.cost("ו׃ג") >= he.cost("וג") + UNKNOWN_COST as u32);
    assert!(he.cost("ב־5") <= he.cost("ב 5") + MARK_COST);
    assert!(he.cost("בּ") <= he.cost("ב") + ACCENT_COST);
}

/// A word-final form ends its word: a letter right after Greek ς (which
/// the model folds into σ) or a Hebrew final letter costs as after a sign
/// inside a word (SYMBOL_IN_WORD_COST), a mark on it changes nothing, and
/// a sign after it costs nothing more.
#[test]
fn a_final_form_ends_its_word() {
    let el = &models()[find("el").unwrap()];
    assert_eq!(el.cost("σιςε") - el.cost("σισε"), SYMBOL_IN_WORD_COST);
    assert_eq!(el.cost("ςa") - el.cost("σa"), SYMBOL_IN_WORD_COST);
    assert_eq!(
        el.cost("ς\u{301}ε") - el.cost("σ\u{301}ε"),
        SYMBOL_IN_WORD_COST
    );
    assert_eq!(el.cost("ας, και"), el.cost("ασ, και"));
    let he = &models()[find("he").unwrap()];
    assert!(he.cost("םא") >= he.cost("ם") + SYMBOL_IN_WORD_COST);
}

/// ‚ and ‘ quote only in Latin typography: a Cyrillic model has never
/// seen them ("‚сегда" is x-mac-cyrillic's "Всегда" misread), a Latin one
/// charges them as any sign.
#[test]
fn latin_quotes_are_unknown_to_other_scripts() {
    let ru = &models()[find("ru").unwrap()];
    assert!(ru.cost("«сегда") + 4 * 10 <= ru.cost("‚сегда"));
    assert!(ru.cost("«сегда") + 4 * 10 <= ru.cost("‘сегда"));
    let de = &models()[find("de").unwrap()];
    assert_eq!(de.cost("‚Datei‘"), de.cost("„Datei“"));
}

/// In Cyrillic typography “ closes a quotation („…“): glued before a
/// letter it is what windows-1251 makes of x-mac-cyrillic's "У". In
/// English it opens one.
#[test]
fn a_closing_quote_before_a_letter_costs_extra_in_cyrillic() {
    let ru = &models()[find("ru").unwrap()];
    assert!(ru.cost("«кажите") + 4 * 8 <= ru.cost("“кажите"));
    assert!(ru.cost("«айл") + 4 * 8 <= ru.cost("”айл"));
    assert_eq!(ru.cost("„файл“ есть"), ru.cost("„файл— есть"));
    let en = &models()[find("en").unwrap()];
    assert_eq!(en.cost("“Hello”"), en.cost("„Hello”"));
}

/// Hebrew geresh and gershayim stand on a letter inside a word ("א״ב",
/// "וכו׳"): a mark to the Hebrew model, not an unknown sign between
/// letters; standing alone they are still unknown.
#[test]
fn hebrew_abbreviation_signs_are_marks_on_a_letter() {
    let he = &models()[find("he").unwrap()];
    assert_eq!(he.cost("א״ב") - he.cost("אב"), MARK_COST);
    assert_eq!(he.cost("וכו׳") - he.cost("וכו"), MARK_COST);
    assert!(he.cost("x ״ y") >= UNKNOWN_COST as u32);
    let unknown = UNKNOWN_COST as u32;
    assert_eq!(he.cost("ט״״") - he.cost("ט״"), unknown);
    assert_eq!(he.cost("בּ״") - he.cost("בּ"), unknown);
    assert_eq!(he.cost("ב״ּ") - he.cost("ב״"), unknown);
}

/// An ASCII word glued after a sign costs a non-Latin model
/// FOREIGN_WORD_COST beside its letters, not the 21.5 bits of a bigram its
/// training text never had.
#[test]
fn an_ascii_word_after_a_sign_costs_a_foreign_word() {
    for name in ["ru", "he", "el", "ar", "th"] {
        let m = &models()[find(name).unwrap()];
        let quoted = m.cost("«Hello»") - m.cost("«»");
        let letters = 5 * ASCII_LETTER_COST;
        assert_eq!(quoted, FOREIGN_WORD_COST as u32 + letters, "{name}");
    }
}

/// A non-Latin reading whose non-ASCII characters are all signs, and not
/// typography of every script, explains none of the text: it pays for every
/// ASCII letter (KOI8-R's "de·" for windows-1250's Czech "dež"). With a
/// letter, a mark or only quotation marks, the charge stays capped per
/// non-ASCII character.
#[test]
fn a_reading_of_signs_and_no_letter_pays_for_every_ascii_letter() {
    let ru = &models()[find("ru").unwrap()];
    // "oubor": 5 more ASCII letters, outside the sketch's runs.
    let more = |one: &str| ru.cost(&format!("de{one}\nSoubor")) - ru.cost(&format!("de{one}\nS"));
    assert_eq!(more("·"), 5 * ASCII_LETTER_COST);
    assert_eq!(more("²"), 5 * ASCII_LETTER_COST);
    // Three letters "deS" cost 12 of the cap's 16 (one non-ASCII character).
    for capped in ["«", "…", "ж", "·ж"] {
        let cap = MIXED_CAP * capped.chars().count() as u32;
        let expected = cap.min(8 * ASCII_LETTER_COST) - 3 * ASCII_LETTER_COST;
        assert_eq!(more(capped), expected, "{capped}");
    }
}

/// A Cyrillic capital after a lowercase word and a space, or a comma and
/// a space, is a name, or another encoding's sign: x-mac-cyrillic's "сою
/// як" and "кунка, яки" are not windows-1251's "сою Як" and "кунка, Яки".
/// After two spaces or an ASCII word (which the sketch cannot tell from one
/// another), at the start of a line or a sentence, and in other scripts, a
/// capital costs as before.
#[test]
fn a_cyrillic_capital_mid_sentence_costs_extra() {
    let ru = &models()[find("ru").unwrap()];
    let extra = |upper: &str, lower: &str| ru.cost(upper) - ru.cost(lower);
    assert_eq!(extra("сою Як", "сою як"), CAPITAL_COST);
    assert_eq!(extra("кунка, Яки", "кунка, яки"), CAPITAL_COST);
    assert_eq!(extra(", Яки", ", яки"), 0);
    assert_eq!(extra("кунка,\nЯки", "кунка,\nяки"), 0);
    assert_eq!(extra("сою  Як", "сою  як"), 0);
    assert_eq!(extra("сою is Як", "сою is як"), 0);
    assert_eq!(extra("кунка. Яки", "кунка. яки"), 0);
    assert_eq!(extra("кунка\nЯки", "кунка\nяки"), 0);
    assert_eq!(extra("Яки", "яки"), 0);
    let el = &models()[find("el").unwrap()];
    assert_eq!(el.cost("λέξη Άλλο"), el.cost("λέξη άλλο"));
}

/// A word in capitals that are not ASCII costs ALL_CAPS_COST once, beside
/// its case-folded bigrams: KOI8-R's "ка системы" is not windows-1253's
/// "ΛΑ ΣΙΣΤΕΝΩ". A capital that starts a word, and ASCII capitals
/// ("EXPRESIÓN" is Spanish), cost as before; a placeholder's, after a
/// sign that opens one (PLACEHOLDER_OPENERS), PLACEHOLDER_CAPS_COST.
#[test]
fn a_word_in_capitals_costs_extra_once() {
    let el = &models()[find("el").unwrap()];
    let extra = |upper: &str, lower: &str| el.cost(upper) - el.cost(lower);
    assert_eq!(extra("ΛΑ ΣΙΣΤΕΝΩ", "λα σιστενω"), 2 * ALL_CAPS_COST);
    assert_eq!(extra("Λα Σιστενω", "λα σιστενω"), 0);
    let es = &models()[find("es").unwrap()];
    assert_eq!(es.cost("la EXPRESIÓN"), es.cost("la expresión"));
    // A placeholder after "[", "=" or "_" costs less.
    assert_eq!(extra("%s [ΕΠΙΛΟΓΗ]", "%s [επιλογη]"), PLACEHOLDER_CAPS_COST);
    let ru = &models()[find("ru").unwrap()];
    let extra = |upper: &str, lower: &str| ru.cost(upper) - ru.cost(lower);
    assert_eq!(extra("--type=ВИД", "--type=вид"), PLACEHOLDER_CAPS_COST);
    let both = ALL_CAPS_COST + PLACEHOLDER_CAPS_COST;
    assert_eq!(extra("УЧЁТНАЯ_ЗАПИСЬ", "учётная_запись"), both);
}

/// What a model charges the lone letters of `bytes` (the byte view's
/// `lone`, read with the model's classes).
fn charge((model, classes): &(&Model, ByteClasses), bytes: &[u8]) -> u32 {
    let sketch = ByteSketch::new(bytes);
    model.lone_cost(&sketch.view(usize::MAX).lone(), classes)
}

/// A Hebrew or Thai letter between two spaces or signs is charged
/// LONE_LETTER_COST (neither language has one-letter words: "а" in " байт,
/// а ц" is not windows-1255's "א", "и" in "eRef` и we" not windows-874's
/// "จ"); glued to a letter, a quote, an html reference or an initial's
/// full stop, in a run of two, at a text's edge (a cut word), as a mark,
/// and in a language with one-letter words, nothing.
#[test]
fn a_lone_letter_costs_extra_in_hebrew_and_thai_only() {
    let he = model_and_classes("he", crate::codec::WINDOWS_1255);
    assert_eq!(charge(&he, b"x, \xe0 y"), LONE_LETTER_COST);
    assert_eq!(charge(&he, b"x \xe0 y \xe0\n\xe1 "), 3 * LONE_LETTER_COST);
    for glued in [
        &b"x \xe0y"[..],
        b"x \xe0\xe1 y",
        b"x \xe0. \xe1.",
        b"\xe0\"\xe1 x \xe2' y",
        b"x \xe0&#1524;\xe1 y",
        b"\xe0 x \xe1",
        b"x \xc0 y",
    ] {
        assert_eq!(charge(&he, glued), 0, "{glued:?}");
    }
    let th = model_and_classes("th", crate::codec::WINDOWS_874);
    assert_eq!(charge(&th, b"eRef` \xa8 we"), LONE_LETTER_COST);
    assert_eq!(charge(&th, b"x \xa8\xe8 y \xa8. z"), 0);
    let ru = model_and_classes("ru", crate::codec::WINDOWS_1251);
    assert_eq!(charge(&ru, b"x, \xe0 y"), 0);
}

/// A capital standing alone mid-sentence costs LONE_CAPITAL_COST in any
/// language (KOI8-R's " %s с " is windows-1251's " %s У "), and at a
/// text's start (a cut text), before a space or a sign too
/// (x-mac-cyrillic's "я системны" is windows-1251's "Я системны"); after
/// a sentence's end or a line break, lowercase, or glued to a word,
/// nothing.
#[test]
fn a_lone_capital_mid_sentence_costs_extra() {
    let ru = model_and_classes("ru", crate::codec::WINDOWS_1251);
    assert_eq!(charge(&ru, b"%s: %s \xd3 %s"), LONE_CAPITAL_COST);
    assert_eq!(charge(&ru, b" \xd3 x"), LONE_CAPITAL_COST);
    assert_eq!(charge(&ru, b"\xdf \xf1"), LONE_CAPITAL_COST);
    assert_eq!(charge(&ru, b"\xd0,\n"), LONE_CAPITAL_COST);
    assert_eq!(
        charge(&ru, b"\xe4\xe0, \xd3 \xe4\xe0 \xd3 x"),
        2 * LONE_CAPITAL_COST
    );
    let apart = [
        &b"\xe4\xe0.\n\xd3 x"[..],
        b"\xe4\xe0. \xd3 x",
        b"\xe4\xe0: \xd3 x",
        b"\xe4\xe0 \xf3 x",
        b"\xe4\xe0 \xd3\xe4 x",
        b"\xff \xf1",
        b"\xdf\xe0 x",
        b"\xd2. x",
    ];
    for text in apart {
        assert_eq!(charge(&ru, text), 0, "{text:?}");
    }
}

/// Arabic's article at a word's start costs less than nothing beside its
/// bigrams (ISO-8859-6's "الم"), and what windows-1256 reads in the same
/// bytes ("انه") more; inside a word, at a text's start (a cut word) and
/// in a model without word-start rows, nothing. A lower bound allows for
/// the most any start takes off.
#[test]
fn a_word_start_costs_what_its_language_starts_words_with() {
    let charge = |(model, classes): &(&Model, ByteClasses), bytes: &[u8]| {
        let starts = ByteSketch::new(bytes).view(usize::MAX).starts();
        let cost = model.start_cost(&starts, classes);
        assert!(model.least_start_cost(&starts) <= cost.min(0));
        cost
    };
    let article = b"x \xc7\xe4\xe5\xe3\xc7\xe6 y";
    let iso = model_and_classes("ar", crate::codec::ISO_8859_6);
    let win = model_and_classes("ar", crate::codec::WINDOWS_1256);
    assert!(charge(&iso, article) < 0);
    assert!(charge(&win, article) > 0);
    for inside in [&b"\xc7\xe4\xe5 y"[..], b"x\xc7\xe4 y"] {
        assert_eq!(charge(&iso, inside), 0, "{inside:?}");
    }
    let ru = model_and_classes("ru", crate::codec::WINDOWS_1251);
    assert!(!ru.0.charges_starts());
    assert_eq!(charge(&ru, article), 0);
}

/// Model `name` and the classes it gives the bytes of `enc`.
fn model_and_classes(
    name: &str,
    enc: &'static crate::codec::Encoding,
) -> (&'static Model, ByteClasses) {
    let table = crate::detect::stats::byte_table(enc).unwrap();
    let model = &models()[find(name).unwrap()];
    (
        model,
        model.byte_classes(table, &TableFlags::of(table)).unwrap(),
    )
}

/// A table's flags, worked out once per code point for both kinds of
/// model, are each byte's [`flags::flags`] in each.
#[test]
fn table_flags_are_each_bytes_flags() {
    for enc in [crate::codec::WINDOWS_1251, crate::codec::WINDOWS_1252] {
        let table = crate::detect::stats::byte_table(enc).unwrap();
        let all = TableFlags::of(table);
        for cyrillic in [false, true] {
            for (b, &f) in all.of_bytes(cyrillic).iter().enumerate() {
                let cp = if b < 0x80 { b as u32 } else { table[b - 0x80] };
                assert_eq!(f, flags::flags(cp, cyrillic), "{} {b:#x}", enc.name());
            }
        }
    }
}

/// Hebrew points and Arabic harakat, which modern text leaves out, cost
/// ACCENT_COST on a letter; Thai's marks, which its spelling needs, cost
/// MARK_COST.
#[test]
fn pointing_costs_as_an_accent() {
    let he = &models()[find("he").unwrap()];
    assert_eq!(he.cost("הֱט") - he.cost("הט"), ACCENT_COST);
    let ar = &models()[find("ar").unwrap()];
    assert_eq!(ar.cost("كتَب") - ar.cost("كتب"), ACCENT_COST);
    let th = &models()[find("th").unwrap()];
    assert_eq!(th.cost("ไม่") - th.cost("ไม"), MARK_COST);
}
