use super::*;
use crate::codec::{SHIFT_JIS, UTF_8, WINDOWS_1251};

fn plan(task: Task, from: Option<&'static Encoding>) -> Plan {
    Plan {
        task,
        from,
        to: UTF_8,
        mode: ErrorMode::Fatal,
        hint: None,
        keep_declaration: false,
        force: false,
    }
}

/// `text` encoded in `e` by the codec (the integration tests check the
/// same against encoding_rs).
fn encoded(text: &str, e: &'static Encoding) -> Vec<u8> {
    let settings = Settings {
        from: UTF_8,
        to: e,
        mode: ErrorMode::Fatal,
        sniff_bom: false,
        write_output: true,
        transform: TextTransform::default(),
        utf8_evidence: false,
    };
    let mut out = Vec::new();
    let (_, r) = convert::convert_bytes(
        settings,
        Parallelism::single(),
        text.as_bytes(),
        &mut out,
        &mut (),
    );
    r.unwrap();
    out
}

#[test]
fn binary_ascii_and_utf8_files_are_left_alone() {
    let auto = plan(Task::Convert, None);
    assert_eq!(judge(&auto, b"text\0more").outcome, Outcome::Skipped);
    let ascii = judge(&auto, b"plain ASCII\n");
    assert_eq!(
        (ascii.outcome, ascii.reason.as_str()),
        (Outcome::Unchanged, "ASCII only")
    );
    let utf8 = judge(&auto, "Привет, мир! Это уже UTF-8.\n".as_bytes());
    assert_eq!(utf8.outcome, Outcome::Unchanged);
    assert_eq!(utf8.reason, "UTF-8 already");
}

#[test]
fn a_declared_page_is_converted_and_its_declaration_follows() {
    let page = "<html><head><meta charset=\"windows-1251\"><title>Привет</title></head></html>\n";
    let input = encoded(page, WINDOWS_1251);
    let done = judge(&plan(Task::Convert, None), &input);
    assert_eq!(done.outcome, Outcome::Converted, "{}", done.reason);
    assert_eq!(
        (done.from, done.source),
        (Some(WINDOWS_1251), "declaration")
    );
    let want = page.replace("windows-1251", "utf-8");
    assert_eq!(done.output.as_deref(), Some(want.as_bytes()));
    assert_eq!(done.notes, ["note: its <meta> charset now says utf-8"]);

    let mut keep = plan(Task::Convert, None);
    keep.keep_declaration = true;
    assert_eq!(
        judge(&keep, &input).output.as_deref(),
        Some(page.as_bytes())
    );
}

#[test]
fn a_contradicted_declaration_is_left_with_a_warning() {
    let page = "<meta charset=\"shift_jis\"><p>Привет, как дела?</p>\n";
    let input = encoded(page, WINDOWS_1251);
    let done = judge(&plan(Task::Convert, Some(WINDOWS_1251)), &input);
    assert_eq!(done.outcome, Outcome::Converted);
    assert_eq!(done.output.as_deref(), Some(page.as_bytes()));
    assert!(
        done.notes[0].starts_with("warning: its <meta> charset says Shift_JIS"),
        "{:?}",
        done.notes
    );
}

#[test]
fn unsure_guesses_are_refused_with_candidates() {
    // Two bytes of evidence: no detector can be sure.
    let done = judge(&plan(Task::Convert, None), b"caf\xE9 \xE0 la");
    assert_eq!(done.outcome, Outcome::Refused, "{}", done.reason);
    assert!(
        done.reason.starts_with("not sure of its encoding (guessed"),
        "{}",
        done.reason
    );
}

#[test]
fn given_encodings_refuse_utf8_text_unless_forced() {
    let text = "日本語のテキスト\n".as_bytes();
    let given = plan(Task::Convert, Some(SHIFT_JIS));
    assert_eq!(judge(&given, text).outcome, Outcome::Refused);
    let forced = Plan {
        force: true,
        ..given
    };
    assert_ne!(judge(&forced, text).outcome, Outcome::Refused);
}

#[test]
fn check_reports_valid_and_invalid() {
    let check = plan(Task::Check, Some(SHIFT_JIS));
    let good = encoded("日本語", SHIFT_JIS);
    let done = judge(&check, &good);
    assert_eq!((done.outcome, done.output), (Outcome::Unchanged, None));
    let done = judge(&check, b"\x82");
    assert_eq!(done.outcome, Outcome::Failed);
    assert!(
        done.reason
            .starts_with("malformed Shift_JIS input at byte offset 0"),
        "{}",
        done.reason
    );
}

#[test]
fn legacy_text_that_starts_like_a_utf16_bom_is_refused_not_misread() {
    // "яю" in windows-1251 is FF FE, UTF-16LE's byte order mark. Of these
    // two, the first reads as UTF-16LE without an error (even length, no
    // lone surrogate): converted it would be nonsense; the second has an
    // odd length: converting it would fail.
    let auto = plan(Task::Convert, None);
    for text in [
        "яют следующие значения: по данным НАСА от четырёх до восьми, это верно.\n",
        "яют следующие значения: по данным НАСА от четырёх до восьми, это верно!!\n",
    ] {
        let bytes = encoded(text, WINDOWS_1251);
        assert_eq!(&bytes[..2], b"\xFF\xFE");
        let done = judge(&auto, &bytes);
        assert_eq!(done.outcome, Outcome::Refused, "{}", done.reason);
        assert!(done.output.is_none());
        assert!(
            done.reason.contains("UTF-16LE byte order mark"),
            "{}",
            done.reason
        );
        // Told windows-1251, the mark would still decide the decoder.
        let told = judge(&plan(Task::Convert, Some(WINDOWS_1251)), &bytes);
        assert_eq!(told.outcome, Outcome::Refused, "{}", told.reason);
        assert!(told.output.is_none());
    }
    // "юя" (FE FF, UTF-16BE's mark) the same.
    let bytes = encoded("юят и так далее, ещё немного текста здесь.\n", WINDOWS_1251);
    let done = judge(&auto, &bytes);
    assert_eq!(done.outcome, Outcome::Refused, "{}", done.reason);
    assert!(done.reason.contains("UTF-16BE"), "{}", done.reason);
}
