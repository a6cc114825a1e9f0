//! One damaged byte (issue 20, "right or refused"): a stray malformed
//! sequence or C1 control no longer hands the file to a wrong encoding at
//! 99%. `--sniff` names the true encoding and the damage; `-i -f auto`
//! refuses and leaves the file as it was; to standard output the damage
//! is replaced, with a warning.

use crate::util::{dir, sniff_file, wenc_cmd as wenc, write};
use std::fs;

fn encoded(e: &'static encoding_rs::Encoding, text: &str) -> Vec<u8> {
    e.encode(text).0.into_owned()
}

/// `text` in `e` with `stray` inserted at byte `at`.
fn damaged(e: &'static encoding_rs::Encoding, text: &str, at: usize, stray: &[u8]) -> Vec<u8> {
    let bytes = encoded(e, text);
    [&bytes[..at], stray, &bytes[at..]].concat()
}

/// Shift_JIS with one malformed pair (was x-mac-cyrillic, 99%).
fn shift_jis() -> Vec<u8> {
    let text = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。\n".repeat(20);
    damaged(encoding_rs::SHIFT_JIS, &text, 200, b"\x81\x20")
}

/// windows-1251 with one C1 control (was x-mac-cyrillic, 99%).
fn cyrillic() -> Vec<u8> {
    let text = "Привет, как дела? Это обычный русский текст для проверки.\n".repeat(10);
    damaged(encoding_rs::WINDOWS_1251, &text, 100, b"\x98")
}

/// UTF-8 with one stray 0xFF (was windows-1250, 85%: mojibake).
fn utf8() -> Vec<u8> {
    let text = "Ceci est un texte français ordinaire, avec des accents: é è à ç ô.\n".repeat(10);
    damaged(encoding_rs::UTF_8, &text, 100, b"\xFF")
}

fn sniff(bytes: &[u8], json: bool) -> String {
    let extra: &[&str] = if json { &["--json"] } else { &[] };
    sniff_file(bytes, extra).0
}

#[test]
fn sniff_names_the_true_encoding_and_the_damage() {
    for (bytes, name) in [
        (shift_jis(), "Shift_JIS"),
        (cyrillic(), "windows-1251"),
        (utf8(), "UTF-8"),
    ] {
        let line = sniff(&bytes, false);
        let want = format!(": {name} (guessed, ");
        assert!(line.contains(&want), "{line}");
        assert!(
            line.contains("1 malformed sequence or C1 control"),
            "{line}"
        );
        assert!(
            !line.contains("99%"),
            "a damaged guess is never sure: {line}"
        );
        let json = sniff(&bytes, true);
        assert!(
            json.contains(&format!("\"encoding\": \"{name}\"")),
            "{json}"
        );
        assert!(json.contains("\"malformed\": 1"), "{json}");
    }
    let clean = encoded(encoding_rs::SHIFT_JIS, "吾輩は猫である。名前はまだ無い。\n");
    assert!(sniff(&clean, true).contains("\"malformed\": 0"));
}

#[test]
fn auto_in_place_refuses_a_damaged_file_and_leaves_it() {
    let bytes = shift_jis();
    let dir = dir();
    let path = write(dir.path(), "f.txt", &bytes);
    let out = wenc()
        .args(["-i", "-f", "auto"])
        .arg(&path)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(
        fs::read(&path).unwrap(),
        bytes,
        "the file is left as it was"
    );
    assert!(err.contains("Shift_JIS"), "{err}");
    assert!(err.contains("malformed"), "{err}");
}

#[test]
fn auto_to_standard_output_replaces_the_damage_with_a_warning() {
    let dir = dir();
    let path = write(dir.path(), "f.txt", &shift_jis());
    let out = wenc().args(["-f", "auto"]).arg(&path).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("吾輩は猫である。"), "{text}");
    assert_eq!(text.matches('\u{FFFD}').count(), 1);
    assert!(err.contains("-f auto chose Shift_JIS"), "{err}");
    assert!(
        err.contains("1 malformed sequence in Shift_JIS input replaced"),
        "{err}"
    );
}
