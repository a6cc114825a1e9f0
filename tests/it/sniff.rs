//! `--sniff`, `-f auto`, `--hint` and the hint in malformed-input messages,
//! run as a user would.

use crate::sniff_props;

use crate::util;
use util::wenc_cmd as wenc;
use util::*;

use predicates::prelude::*;
use predicates::str::contains;
use std::fs;
use std::path::{Path, PathBuf};

fn encode(text: &str, label: &str) -> Vec<u8> {
    let encoding = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
    let (bytes, _, unmappable) = encoding.encode(text);
    assert!(!unmappable, "{label} cannot encode the sample");
    bytes.into_owned()
}

/// `page.html` in `dir`: Japanese text in Shift_JIS, declared by a `<meta>`.
fn shift_jis_page(dir: &Path) -> PathBuf {
    let bytes = [
        &b"<meta charset=shift_jis>"[..],
        &encode(JAPANESE, "shift_jis"),
    ]
    .concat();
    write(dir, "page.html", &bytes)
}

/// The --sniff line for `bytes` as a file, without "FILE: " and newline.
fn sniff_line(bytes: &[u8], extra: &[&str]) -> String {
    let (text, name) = sniff_file(bytes, extra);
    text.strip_prefix(&format!("{name}: "))
        .and_then(|t| t.strip_suffix('\n'))
        .unwrap_or_else(|| panic!("{text:?}"))
        .to_string()
}

const JAPANESE: &str = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。\
何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。\n";
const RUSSIAN: &str = "Все счастливые семьи похожи друг на друга, каждая несчастливая \
семья несчастлива по-своему. Всё смешалось в доме Облонских.\n";

// ---------------------------------------------------------------- --sniff

#[test]
fn each_source_of_the_answer() {
    assert_eq!(
        sniff_line(b"\xFF\xFEh\x00i\x00", &[]),
        "UTF-16LE (byte order mark)"
    );
    let page = [
        &b"<!DOCTYPE html><meta charset=\"shift_jis\"><p>"[..],
        &encode(JAPANESE, "shift_jis"),
    ]
    .concat();
    assert_eq!(
        sniff_line(&page, &[]),
        "Shift_JIS (declared in the document: <meta>)"
    );
    let xml = [
        &b"<?xml version=\"1.0\" encoding=\"EUC-JP\"?>\n<a>"[..],
        &encode(JAPANESE, "euc-jp"),
    ]
    .concat();
    assert_eq!(
        sniff_line(&xml, &[]),
        "EUC-JP (declared in the document: XML declaration)"
    );
    let line = sniff_line(JAPANESE.as_bytes(), &[]);
    assert!(line.starts_with("UTF-8 (guessed, "), "{line}");
    assert_eq!(
        sniff_line(b"just ASCII\n", &[]),
        "UTF-8 (ASCII only: any ASCII-compatible encoding reads it the same)"
    );
    assert_eq!(sniff_line(b"", &[]), "UTF-8 (empty)");
    let line = sniff_line(
        b"\x7FELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00",
        &[],
    );
    assert!(line.starts_with("binary (not text"), "{line}");
    // Half a BOM is no BOM.
    assert!(!sniff_line(b"\xEF\xBB", &[]).contains("byte order mark"));
}

#[test]
fn a_contradicted_declaration_is_reported_with_the_guess() {
    let page = [
        &b"<meta charset=utf-8><p>"[..],
        &encode(JAPANESE, "shift_jis"),
    ]
    .concat();
    let line = sniff_line(&page, &[]);
    assert!(
        line.contains("; the document declares UTF-8, but it is not valid UTF-8"),
        "{line}"
    );
    assert!(!line.starts_with("UTF-8 "), "{line}");
}

#[test]
fn standard_input_and_unreadable_files() {
    wenc()
        .arg("--sniff")
        .write_stdin(JAPANESE)
        .assert()
        .success()
        .stdout(contains("<stdin>: UTF-8 (guessed, "));
    let d = dir();
    let ok = write(d.path(), "ok", b"ascii");
    wenc()
        .arg("--sniff")
        .arg(d.path().join("missing"))
        .arg(&ok)
        .assert()
        .code(1)
        .stdout(
            contains("missing: cannot read: No such file or directory\n")
                .and(contains("ok: UTF-8 (ASCII only")),
        );
}

#[test]
fn json_has_the_documented_shape() {
    let d = dir();
    let page = shift_jis_page(d.path());
    let text = write(d.path(), "text.txt", JAPANESE.as_bytes());
    let bin = write(d.path(), "bin", b"\x00\x01\x02\x03");
    let missing = d.path().join("missing \"quoted\"");
    let out = wenc()
        .args(["--sniff", "--json"])
        .args([&page, &text, &bin, &missing])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let items = json.as_array().unwrap();
    assert_eq!(items.len(), 4);
    for item in items {
        for key in ["file", "encoding", "source", "confidence", "candidates"] {
            assert!(item.get(key).is_some(), "{key} missing in {item}");
        }
        let candidates = item["candidates"].as_array().unwrap();
        let scores: Vec<f64> = candidates
            .iter()
            .map(|c| c["score"].as_f64().unwrap())
            .collect();
        assert!(
            scores.windows(2).all(|w| w[0] >= w[1]),
            "best first: {scores:?}"
        );
        assert!(scores.iter().all(|s| (0.0..=1.0).contains(s)));
        if let Some(name) = item["encoding"].as_str() {
            assert_eq!(candidates[0]["name"], name);
        }
    }
    assert_eq!(items[0]["file"], page.display().to_string());
    assert_eq!(items[0]["encoding"], "Shift_JIS");
    assert_eq!(items[0]["source"], "declaration");
    assert_eq!(items[0]["confidence"], 1.0);
    assert_eq!(items[0]["declared"]["in"], "meta");
    assert_eq!(items[1]["encoding"], "UTF-8");
    assert_eq!(items[1]["source"], "guess");
    assert!(items[1]["confidence"].as_f64().unwrap() > 0.5);
    assert_eq!(items[2]["encoding"], serde_json::Value::Null);
    assert_eq!(items[2]["source"], "binary");
    assert_eq!(items[3]["file"], missing.display().to_string());
    assert_eq!(items[3]["error"], "No such file or directory");
}

#[test]
fn json_only_with_sniff_or_list() {
    wenc()
        .arg("--json")
        .assert()
        .code(2)
        .stderr(contains("--json goes with --list-labels or --sniff"));
    wenc().args(["-l", "--json"]).assert().success();
}

// ---------------------------------------------------------------- --hint

#[test]
fn hints_the_detector_knows_and_one_it_does_not() {
    for hint in ["ja", ".jp", "JP", "ru", "cz"] {
        wenc()
            .args(["--sniff", "--hint", hint])
            .write_stdin("x")
            .assert()
            .success();
    }
    wenc()
        .args(["--sniff", "--hint", "klingon"])
        .write_stdin("x")
        .assert()
        .code(2)
        .stderr(contains("unknown --hint 'klingon'"));
    wenc()
        .args(["-f", "auto", "--hint", "\u{1B}[2J"])
        .write_stdin("x")
        .assert()
        .code(2)
        .stderr(contains("'\\x1B[2J'"));
}

// ---------------------------------------------------------------- -f auto

#[test]
fn auto_from_a_file_says_what_it_chose() {
    let d = dir();
    let page = shift_jis_page(d.path());
    wenc()
        .args(["-f", "auto"])
        .arg(&page)
        .assert()
        .success()
        // The declaration follows the bytes (issue 21).
        .stdout(format!("<meta charset=utf-8>{JAPANESE}"))
        .stderr(format!(
            "wenc: {0}: -f auto chose Shift_JIS (declared in the document: <meta>)\n\
             wenc: {0}: note: its <meta> charset now says utf-8\n",
            page.display()
        ));
    wenc()
        .args(["-f", "AUTO", "-q"])
        .arg(&page)
        .assert()
        .success()
        .stderr("");
    // ASCII reads as UTF-8.
    let ascii = write(d.path(), "ascii", b"plain\n");
    wenc()
        .args(["-f", "auto", "-t", "utf-16le"])
        .arg(&ascii)
        .assert()
        .success()
        .stdout(&b"p\0l\0a\0i\0n\0\n\0"[..])
        .stderr(contains("-f auto chose UTF-8 (ASCII only"));
}

#[test]
fn auto_from_a_pipe_longer_than_the_prefix_it_reads() {
    // Far more than the 64 KiB read ahead: the prefix, then the rest.
    let text = JAPANESE.repeat(2000);
    let mut bytes = b"<html><meta charset=euc-jp>".to_vec();
    bytes.extend_from_slice(&encode(&text, "euc-jp"));
    assert!(bytes.len() > 3 * 64 * 1024);
    wenc()
        .args(["-f", "auto"])
        .write_stdin(bytes)
        .assert()
        .success()
        .stdout(format!("<html><meta charset=utf-8>{text}"))
        .stderr(
            "wenc: <stdin>: -f auto chose EUC-JP (declared in the document: <meta>)\n\
             wenc: <stdin>: note: its <meta> charset now says utf-8\n",
        );
    let mut utf16 = b"\xFF\xFE".to_vec();
    utf16.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    wenc()
        .args(["-f", "auto", "-q"])
        .write_stdin(utf16)
        .assert()
        .success()
        .stdout(text.clone());
    // ASCII for longer than the prefix: UTF-8, said to be a prefix.
    let long = format!("{}{text}", "a".repeat(70_000));
    wenc()
        .args(["-f", "auto"])
        .write_stdin(long.clone())
        .assert()
        .success()
        .stdout(long)
        .stderr(contains("ASCII only in the first 64 KiB"));
}

#[test]
fn auto_refuses_binary_data() {
    let d = dir();
    let bin = write(d.path(), "data.bin", b"\x00\x01\x02\x03binary\x00");
    wenc()
        .args(["-f", "auto"])
        .arg(&bin)
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            contains("data.bin: -f auto found no encoding (not text")
                .and(contains("if it is text, name its encoding with -f")),
        );
}

#[test]
fn auto_is_only_for_input() {
    wenc()
        .args(["-t", "auto"])
        .write_stdin("x")
        .assert()
        .code(2)
        .stderr(contains("auto is for -f only"));
}

// ------------------------------------------------- the mismatch hint

#[test]
fn malformed_input_names_what_the_document_declares() {
    let d = dir();
    let page = shift_jis_page(d.path());
    wenc().arg(&page).assert().success().stderr(contains(
        "; the document declares Shift_JIS: try -f shift_jis or -f auto\n",
    ));
    // From a pipe too, and with -e fatal.
    let bytes = fs::read(&page).unwrap();
    wenc()
        .args(["-e", "fatal"])
        .write_stdin(bytes)
        .assert()
        .code(1)
        .stderr(
            contains("wenc: <stdin>: malformed UTF-8 input at byte offset 24").and(contains(
                "; the document declares Shift_JIS: try -f shift_jis or -f auto\n",
            )),
        );
}

#[test]
fn malformed_input_names_utf8_when_it_is_utf8() {
    let d = dir();
    let text = write(d.path(), "text", JAPANESE.as_bytes());
    wenc()
        .args(["--check", "-f", "iso-2022-jp"])
        .arg(&text)
        .assert()
        .code(1)
        .stderr(contains("; it looks like UTF-8: try -f utf-8 or -f auto\n"));
}

#[test]
fn no_hint_when_a_bom_chose_the_encoding() {
    let d = dir();
    let text = write(d.path(), "text", b"\xEF\xBB\xBFcaf\xC3\xA9 \xFF\n");
    wenc()
        .args(["-f", "shift_jis"])
        .arg(&text)
        .assert()
        .success()
        .stderr(
            contains("malformed sequence in UTF-8 (named by its byte order mark)")
                .and(contains("try -f").not()),
        );
}

// ------------------------------------------- the 2012 draft's encodings

#[test]
fn signs_of_iso_2022_kr_and_hz_point_to_historical() {
    let kr = b"\x1B$)C\x0E\x30\x21\x0F annyeong\n";
    assert!(sniff_line(kr, &[]).contains(
        "it looks like ISO-2022-KR, an encoding of the 2012 draft of the standard: try -f \
         iso-2022-kr --historical"
    ));
    let hz = b"HZ: ~{<:Ky2;S{#,NpJ)l6HK!#~} ok\n";
    assert!(sniff_line(hz, &[]).contains("try -f hz-gb-2312 --historical"));
    wenc()
        .args(["-f", "auto"])
        .write_stdin(&hz[..])
        .assert()
        .success()
        .stdout(String::from_utf8(hz.to_vec()).unwrap())
        .stderr(contains("try -f hz-gb-2312 --historical"));
}

// ------------------------------------------ needing the real detector

#[test]
fn guesses_shift_jis_and_windows_1251() {
    let line = sniff_line(&encode(JAPANESE, "shift_jis"), &[]);
    assert!(line.starts_with("Shift_JIS (guessed, "), "{line}");
    let line = sniff_line(&encode(RUSSIAN, "windows-1251"), &["--hint", "ru"]);
    assert!(line.starts_with("windows-1251 (guessed, "), "{line}");
    let line = sniff_line(&encode(RUSSIAN, "koi8-r"), &[]);
    assert!(line.starts_with("KOI8-"), "{line}");
}

#[test]
fn auto_converts_guessed_shift_jis() {
    wenc()
        .args(["-f", "auto"])
        .write_stdin(encode(JAPANESE, "shift_jis"))
        .assert()
        .success()
        .stdout(JAPANESE)
        .stderr(contains("-f auto chose Shift_JIS (guessed, "));
}

#[test]
fn malformed_input_names_the_guess() {
    wenc()
        .write_stdin(encode(JAPANESE, "shift_jis"))
        .assert()
        .success()
        .stderr(contains(
            "; it looks like Shift_JIS: try -f shift_jis or -f auto\n",
        ));
    wenc()
        .write_stdin(encode(RUSSIAN, "windows-1251"))
        .assert()
        .success()
        .stderr(contains(
            "; it looks like windows-1251: try -f windows-1251 or -f auto\n",
        ));
}

// ------------------------------------------------------------ fuzz props

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    /// The fuzz target's properties on inputs made of markup pieces.
    #[test]
    fn sniffing_any_markup_is_consistent(
        flags: u8,
        pieces in proptest::collection::vec(0..sniff_props::TOKENS.len(), 0..60),
    ) {
        let mut data = vec![flags];
        for i in pieces {
            data.extend_from_slice(sniff_props::TOKENS[i]);
        }
        sniff_props::check_sniff(&data);
    }

    #[test]
    fn sniffing_any_bytes_is_consistent(data in proptest::collection::vec(proptest::num::u8::ANY, 0..3000)) {
        sniff_props::check_sniff(&data);
    }
}

#[test]
fn sniffing_more_than_the_limit_reads_only_the_limit() {
    let mut data = vec![1u8];
    data.extend_from_slice(b"<meta charset=gbk>");
    data.resize(200_000, b'a');
    data.push(0);
    sniff_props::check_sniff(&data);
}
