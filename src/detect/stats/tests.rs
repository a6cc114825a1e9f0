//! Unit tests of the detector's public behaviour.

use super::*;
use proptest::prelude::*;

fn top(bytes: &[u8], hint: Option<Hint>) -> &'static str {
    let guess = detect(bytes, hint);
    assert_eq!(guess.verdict, Verdict::Text, "{bytes:?}");
    guess.candidates[0].encoding.name()
}

fn encoded(encoding: &'static Encoding, text: &str) -> Vec<u8> {
    encoding.encode(text).unwrap().0
}

/// Asserts that `text` in `enc` is detected as `enc`.
fn detected(enc: &'static Encoding, text: &str) {
    assert_eq!(top(&encoded(enc, text), None), enc.name(), "{text:?}");
}

#[test]
fn ascii_binary_and_empty() {
    assert_eq!(detect(b"", None).verdict, Verdict::Ascii);
    assert_eq!(detect(b"plain ASCII text\n", None).verdict, Verdict::Ascii);
    assert_eq!(detect(b"\x1b[1mbold\x1b[0m", None).verdict, Verdict::Ascii);
    assert_eq!(
        detect(b"GIF89a\x01\0\x01\0\x80", None).verdict,
        Verdict::Binary
    );
    assert!(detect(b"abc", None).candidates.is_empty());
}

/// A file cut short inside its last character is still in its encoding
/// (a truncated Chinese file was "windows-1251, 99% sure"); a short legacy
/// text that ends on a byte some multi-byte encoding reads as a lead is not
/// taken for one.
#[test]
fn a_file_cut_inside_its_last_character_keeps_its_encoding() {
    let chinese = "火星是离太阳第四近的行星，为太阳系中四颗类地行星之一。";
    let gbk = encoded(codec::GBK, chinese);
    assert_eq!(top(&gbk[..gbk.len() - 1], None), "GBK");
    let russian = "Марс — четвёртая по удалённости от Солнца планета";
    let utf8 = russian.as_bytes();
    assert_eq!(top(&utf8[..utf8.len() - 1], None), "UTF-8");
    let short = encoded(codec::WINDOWS_1251, "Привет, мир");
    assert_eq!(top(&short, None), "windows-1251");
}

#[test]
fn utf8_wins_when_valid() {
    assert_eq!(top("café".as_bytes(), None), "UTF-8");
    assert_eq!(top("Привет, мир".as_bytes(), None), "UTF-8");
    let guess = detect("日本語のテキスト".as_bytes(), None);
    assert!(guess.candidates[0].confidence > 0.99);
}

#[test]
fn utf16_without_bom() {
    let le: Vec<u8> = "Hello there"
        .encode_utf16()
        .flat_map(|u| u.to_le_bytes())
        .collect();
    let be: Vec<u8> = "Привет all"
        .encode_utf16()
        .flat_map(|u| u.to_be_bytes())
        .collect();
    assert_eq!(top(&le, None), "UTF-16LE");
    assert_eq!(top(&be, None), "UTF-16BE");
}

#[test]
fn iso_2022_jp() {
    let bytes = encoded(codec::ISO_2022_JP, "これは日本語です");
    assert_eq!(top(&bytes, None), "ISO-2022-JP");
}

#[test]
fn cjk_legacy() {
    let ja = "日本語の文章を書きました。これはテストです。";
    for (enc, text) in [
        (codec::SHIFT_JIS, ja),
        (codec::EUC_JP, ja),
        (codec::GBK, "中华人民共和国是一个国家，首都是北京。"),
        (codec::BIG5, "中華民國是一個國家，首都是臺北。"),
        (codec::EUC_KR, "대한민국은 동아시아에 있는 나라이다."),
    ] {
        detected(enc, text);
    }
}

#[test]
fn cyrillic_family() {
    let ru = "Съешь же ещё этих мягких французских булок, да выпей чаю.";
    let uk = "Україна — держава у Східній Європі. Її столиця — Київ, ґанок.";
    for (enc, text) in [
        (codec::WINDOWS_1251, ru),
        (codec::KOI8_R, ru),
        (codec::IBM866, ru),
        (codec::ISO_8859_5, ru),
        (codec::KOI8_U, uk),
        (codec::X_MAC_CYRILLIC, "Москва - столица России"),
    ] {
        detected(enc, text);
    }
}

#[test]
fn iso_8859_15_against_windows_1252() {
    let fr = "Le cœur de l'œuvre coûte 5 € à Noël.";
    detected(codec::ISO_8859_15, fr);
    detected(codec::WINDOWS_1252, fr);
    let plain = "Ça va très bien, merci.";
    detected(codec::WINDOWS_1252, plain);
}

#[test]
fn other_single_byte() {
    let cases: [(&'static Encoding, &str); 6] = [
        (
            codec::WINDOWS_1250,
            "Příliš žluťoučký kůň úpěl ďábelské ódy.",
        ),
        (codec::WINDOWS_1253, "Η Ελλάδα είναι χώρα της Ευρώπης."),
        (codec::WINDOWS_1255, "ישראל היא מדינה במזרח התיכון."),
        (codec::WINDOWS_1256, "اللغة العربية هي لغة رسمية."),
        (codec::WINDOWS_874, "ประเทศไทยเป็นประเทศในเอเชีย"),
        (
            codec::WINDOWS_1254,
            "Türkiye Cumhuriyeti'nin başkenti Ankara'dır, ağaç.",
        ),
    ];
    for (enc, text) in cases {
        detected(enc, text);
    }
}

#[test]
fn hints() {
    assert_eq!(Hint::parse(".ru").unwrap().language(), "ru");
    assert_eq!(Hint::parse("jp").unwrap().language(), "ja");
    assert_eq!(Hint::parse("cz").unwrap().language(), "cs");
    assert_eq!(Hint::parse("zh-TW").unwrap().language(), "zh_tw");
    assert_eq!(Hint::parse("ja-JP").unwrap().language(), "ja");
    assert_eq!(Hint::parse("xx"), None);
    // A hint settles what the bytes alone leave open.
    // "liliğe" in windows-1254 is "liliše" in windows-1257: Turkish without
    // a hint, Lithuanian with one.
    let bytes = encoded(codec::WINDOWS_1254, "liliğe sah");
    assert_eq!(top(&bytes, None), "windows-1254");
    assert_eq!(top(&bytes, Hint::parse(".lt")), "windows-1257");
}

#[test]
fn never_replacement_or_user_defined() {
    for bytes in [&b"\x80\x81\xfe\xff"[..], b"\xf8\xf9 abc \xa0", b"\xc3\x28"] {
        for c in detect(bytes, None).candidates {
            assert!(c.encoding != codec::REPLACEMENT && c.encoding != codec::X_USER_DEFINED);
            assert!((0.0..=1.0).contains(&c.confidence));
        }
    }
}

#[test]
fn prefix_limit_bounds_the_input() {
    let mut bytes = "é".repeat(10).into_bytes();
    bytes.resize(PREFIX_LIMIT, b'a');
    let before = detect(&bytes, None);
    bytes.extend_from_slice(b"\xff\xfe garbage");
    assert_eq!(detect(&bytes, None), before);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn chunking_does_not_matter(text in "[a-zé€日 Жж\u{80}-\u{ff}]{0,40}", enc in 0usize..6, cuts in prop::collection::vec(0usize..200, 0..5)) {
        let encoding = [codec::UTF_8, codec::WINDOWS_1252, codec::SHIFT_JIS, codec::KOI8_R, codec::GBK, codec::UTF_16LE][enc];
        let bytes = encoding.encode(&text).unwrap().0;
        let whole = detect(&bytes, None);
        let mut detector = Detector::new(None);
        let mut at = 0;
        for cut in cuts {
            let end = (at + cut).min(bytes.len());
            detector.feed(&bytes[at..end]);
            at = end;
        }
        detector.feed(&bytes[at..]);
        prop_assert_eq!(detector.guess(true), whole);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    /// What the fuzz target checks, over random bytes: no panic, same answer
    /// for any chunking, candidates exactly for Text, confidences in range.
    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400), step in 1usize..40) {
        let whole = detect(&bytes, None);
        let mut detector = Detector::new(None);
        for chunk in bytes.chunks(step) {
            detector.feed(chunk);
        }
        prop_assert_eq!(detector.guess(true), whole.clone());
        prop_assert_eq!(whole.verdict == Verdict::Text, !whole.candidates.is_empty());
        for c in &whole.candidates {
            prop_assert!(c.encoding != codec::REPLACEMENT && c.encoding != codec::X_USER_DEFINED);
            prop_assert!((0.0..=1.0).contains(&c.confidence));
        }
    }
}

#[test]
fn stops_once_sure_at_a_checkpoint() {
    let text = "Съешь же ещё этих мягких французских булок, да выпей чаю. ".repeat(200);
    let bytes = encoded(codec::WINDOWS_1251, &text);
    let mut detector = Detector::new(None);
    let mut fed = 0;
    for chunk in bytes.chunks(1000) {
        fed += chunk.len();
        if detector.feed(chunk) {
            break;
        }
    }
    assert!(
        fed < bytes.len() && fed <= 5000,
        "read {fed} of {}",
        bytes.len()
    );
    assert_eq!(
        detector.guess(false).candidates[0].encoding,
        codec::WINDOWS_1251
    );
}

/// A page of Dutch prose, mostly ASCII, with a few ï ë ö (the case:
/// read as windows-1257 or windows-1250 before the ASCII words counted).
pub(crate) const DUTCH: &str = "De Hawaïaanse eilanden liggen midden in de Stille Oceaan. \
Op de grootste eilanden wonen de meeste mensen in kleine dorpen langs de kust, \
waar zij van oudsher leefden van de visvangst en van de tuinen op de hellingen \
van de vulkanen. Een reiziger die er voor het eerst komt, ziet vooral de zee, \
de bergen en de regen die elke middag even valt. De oude verhalen vertellen \
over goden die vuur uit de aarde lieten komen en over zeevaarders die met \
niets dan de sterren de weg vonden. Tegenwoordig zijn de eilanden een \
geliefde bestemming voor toeristen uit de hele wereld, maar wie goed kijkt, \
ziet ook hoe de bewoners hun taal en hun gebruiken proberen te bewaren. \
Op school leren de kinderen weer de liederen van hun grootouders, en in de \
zomer worden er feesten gehouden waar iedereen welkom is. De coördinatie \
van al die feesten is geen eenvoudige zaak: er moet geld zijn, er moeten \
vrijwilligers zijn en het weer moet meewerken. Toch lukt het elk jaar weer, \
en dat is een reden om tevreden te zijn. Wie de eilanden verlaat, neemt \
vaak een krans van bloemen mee als herinnering aan een naïeve maar mooie \
gedachte: dat je altijd mag terugkomen. De ideeën van de ouderen zijn niet \
verdwenen; ze leven voort in de liedjes, in de dansen en in de manier \
waarop men elkaar op straat begroet. Dat zie je ook aan de Hawaïaanse \
namen van de straten, die overal op de borden staan.\n";

#[test]
fn the_ascii_words_say_which_language() {
    let bytes = encoded(codec::WINDOWS_1252, DUTCH);
    let guess = detect(&bytes, None);
    let text = decoded_with(guess.candidates[0].encoding, &bytes);
    assert_eq!(text, DUTCH, "{:?}", &guess.candidates[..3]);
    // Each sentence on its own, too.
    for sentence in DUTCH.split_inclusive(". ").filter(|s| !s.is_ascii()) {
        let bytes = encoded(codec::WINDOWS_1252, sentence);
        let best = detect(&bytes, None).candidates[0].encoding;
        assert_eq!(decoded_with(best, &bytes), sentence, "{best}");
    }
}

fn decoded_with(encoding: &'static Encoding, bytes: &[u8]) -> String {
    encoding.decode_without_bom_handling(bytes).0
}

#[test]
fn a_foreign_name_keeps_its_own_encoding() {
    let text = "The Polish leader Lech Wałęsa spoke to the workers at the shipyard in Gdańsk.";
    let bytes = encoded(codec::WINDOWS_1250, text);
    let best = detect(&bytes, None).candidates[0].encoding;
    assert_eq!(decoded_with(best, &bytes), text, "{best}");
}

/// A page of Italian whose only accented words are "menù" and "più":
/// ISO-8859-4 reads them as Lithuanian "menų", "pių", which Lithuanian's
/// model charges less than Italian's its rare "nù"; the Italian words all
/// around fit no language ISO-8859-4 writes, so that reading loses.
#[test]
fn words_no_language_of_the_encoding_fits_rule_it_out() {
    let text = "barra dei menù\nvoce di menù\nnotifica\nriquadro opzioni\npagina\n\
        scheda\nelenco di schede\npannello\nparagrafo\ntesto della password\n\
        menù a comparsa\nbarra di avanzamento\npulsante\npulsante di opzione\n\
        voce di menù di opzione\nvalutazione\noggetto ridondante\nriquadro della \
        radice\nintestazione della riga\nrighello\nbarra di scorrimento\n\
        sezione\nseparatore\npiù di un segmento\n";
    let bytes = encoded(codec::WINDOWS_1252, text);
    let guess = detect(&bytes, None);
    let best = guess.candidates[0].encoding;
    assert_eq!(
        decoded_with(best, &bytes),
        text,
        "{:?}",
        &guess.candidates[..3]
    );
}

/// One accented letter among the words of its language is not one
/// letter of another script among English words: a model of another
/// script fits ASCII words as English does. Text in another script that
/// quotes English words keeps its script. (The same text decoded counts:
/// "prete de ó" reads alike in windows-1250.)
#[test]
fn a_latin_letter_among_its_words_is_not_another_script() {
    for (enc, text) in [
        (codec::WINDOWS_1252, "ä POSIX-mu"),
        (codec::WINDOWS_1252, "prete de ó"),
        (codec::WINDOWS_1252, "ó devem te"),
        (codec::WINDOWS_1250, "ă sau este"),
        (codec::WINDOWS_1251, "Файл README не найден"),
        (codec::WINDOWS_1255, "הקובץ README חסר"),
    ] {
        let bytes = encoded(enc, text);
        let best = detect(&bytes, None).candidates[0].encoding;
        assert_eq!(decoded_with(best, &bytes), text, "{best}");
    }
}

/// Noise that is not text: 70,000 random bytes 0x80-0xFF (a fixed LCG),
/// and `' \xe9'` repeated.
pub(crate) fn noise() -> [Vec<u8>; 2] {
    let mut x = 12345u32;
    let random: Vec<u8> = (0..70_000)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            0x80 | (x >> 16) as u8
        })
        .collect();
    [random, b" \xe9".repeat(35_000)]
}

#[test]
fn noise_is_never_sure() {
    for bytes in &noise() {
        let guess = detect(bytes, None);
        if guess.verdict == Verdict::Text {
            assert!(
                guess.candidates[0].confidence < 0.99,
                "{:?}",
                guess.candidates[0]
            );
        }
    }
}

/// The verdict from shapes alone is `detect`'s, around the checkpoints:
/// control bytes, NULs and the first non-ASCII byte before, at and after
/// them, after text the detector is sure of at its first checkpoint or not.
#[test]
fn verdicts_from_shapes_are_detects() {
    let sure = encoded(
        codec::WINDOWS_1251,
        &"Привет, как дела у тебя сегодня? ".repeat(80),
    );
    let unsure = b"caf\xe9 ".repeat(400);
    let ascii = b"plain text, ".repeat(400);
    let mut checked = 0;
    for base in [&sure, &unsure, &ascii] {
        for len in [10, 1000, 1024, 1025, 1300, 4096, 5000] {
            for (at, byte) in [
                (5, 0x01),
                (1020, 0x00),
                (1100, 0x01),
                (1100, 0x00),
                (1100, 0xe9),
                (4500, 0x00),
            ] {
                let mut bytes = base[..len.min(base.len())].to_vec();
                if at < bytes.len() {
                    bytes[at] = byte;
                }
                for hint in [None, Hint::parse("ru")] {
                    let verdict = detect(&bytes, hint).verdict;
                    assert_eq!(detect_verdict(&bytes, hint), verdict, "{len} {at} {byte}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 200, "{checked}");
}

/// One damaged byte (issue 20's "right or refused"): a stray malformed
/// sequence or C1 control no longer rules the true encoding out, which
/// handed the file to whatever survived at 99% (x-mac-cyrillic for
/// Shift_JIS and windows-1251, windows-1250 for UTF-8). The damage is
/// counted, and a damaged winner is never sure.
fn damaged_winner(bytes: &[u8], want: &str) {
    let guess = detect(bytes, None);
    let best = guess.candidates[0];
    assert_eq!(best.encoding.name(), want);
    assert_eq!(best.damage, 1, "{want}");
    assert!(best.confidence < 0.99, "{want}: {}", best.confidence);
    assert!(best.confidence >= 0.5, "{want}: {}", best.confidence);
}

fn with_byte(bytes: Vec<u8>, at: usize, stray: &[u8]) -> Vec<u8> {
    [&bytes[..at], stray, &bytes[at..]].concat()
}

#[test]
fn shift_jis_with_one_malformed_pair_is_shift_jis() {
    let text = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。\n".repeat(20);
    let bytes = with_byte(encoded(codec::SHIFT_JIS, &text), 200, b"\x81\x20");
    damaged_winner(&bytes, "Shift_JIS");
}

#[test]
fn windows_1251_with_one_c1_control_is_windows_1251() {
    let text = "Привет, как дела? Это обычный русский текст для проверки.\n".repeat(10);
    let bytes = with_byte(encoded(codec::WINDOWS_1251, &text), 100, b"\x98");
    damaged_winner(&bytes, "windows-1251");
}

#[test]
fn utf8_with_one_stray_byte_is_utf8() {
    let text = "Ceci est un texte français ordinaire, avec des accents: é è à ç ô.\n".repeat(10);
    let bytes = with_byte(text.into_bytes(), 100, b"\xFF");
    damaged_winner(&bytes, "UTF-8");
}

/// A clean reading beats a damaged one: windows-1252's curly quotes are
/// C1 controls in the ISO-8859 encodings; clean answers have no damage.
#[test]
fn a_clean_reading_beats_a_damaged_one() {
    let text = "Le café est très bon, dit-il. Ça coûte 5 francs à l'été. ".repeat(12);
    let text = format!("{text}Il a dit “oui”.");
    let guess = detect(&encoded(codec::WINDOWS_1252, &text), None);
    assert_eq!(guess.candidates[0].encoding.name(), "windows-1252");
    assert_eq!(guess.candidates[0].damage, 0);
    assert!(guess.candidates[0].confidence > 0.99);
    // ISO-8859-15 reads all but the quotes as windows-1252 does: a twin
    // with damage, not scored; others that read it differently are.
    assert!(guess
        .candidates
        .iter()
        .all(|c| c.encoding != codec::ISO_8859_15));
    let ten = guess
        .candidates
        .iter()
        .find(|c| c.encoding == codec::ISO_8859_10);
    assert!(ten.is_some_and(|c| c.damage == 2), "{guess:?}");
}

/// A text that is mostly errors in a reading is still ruled out for it:
/// UTF-8 with a stray byte every few characters is not UTF-8, and a
/// double-byte reading of Cyrillic text is no candidate at all.
#[test]
fn a_reading_with_many_errors_is_ruled_out() {
    let mut bytes = Vec::new();
    for _ in 0..40 {
        bytes.extend_from_slice("été à la mer ".as_bytes());
        bytes.push(0xFF);
    }
    let guess = detect(&bytes, None);
    assert!(guess.candidates.iter().all(|c| c.encoding != codec::UTF_8));
    let cyrillic = encoded(codec::WINDOWS_1251, &"Привет, как дела? ".repeat(30));
    let guess = detect(&cyrillic, None);
    let multi = [codec::SHIFT_JIS, codec::EUC_JP, codec::GBK, codec::BIG5];
    assert!(guess
        .candidates
        .iter()
        .all(|c| !multi.contains(&c.encoding)));
}

/// The damage is the same however the input is fed, and counted over all
/// of it, past the detector's checkpoints.
#[test]
fn damage_counts_over_the_whole_input_in_any_chunking() {
    let text = "Привет, как дела? Это обычный русский текст для проверки.\n".repeat(100);
    let mut bytes = encoded(codec::WINDOWS_1251, &text);
    for at in [100, 3000, 5000] {
        bytes[at] = 0x98;
    }
    let whole = detect(&bytes, None);
    assert_eq!(whole.candidates[0].encoding.name(), "windows-1251");
    assert_eq!(whole.candidates[0].damage, 3);
    let mut d = Detector::new(None);
    for chunk in bytes.chunks(777) {
        d.feed(chunk);
    }
    assert_eq!(d.guess(true), whole);
}

/// A Cyrillic one-letter word between spaces is not a lone Hebrew letter
/// (windows-1255 won this before LONE_LETTER_COST).
#[test]
fn a_one_letter_word_is_not_a_lone_hebrew_letter() {
    detected(codec::WINDOWS_1251, " байт, а ц");
}
