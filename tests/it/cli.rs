//! The `wenc` command, run as a user would: every option, exit status and
//! message shape, with the exact bytes it writes.

use crate::util;
use util::wenc_cmd as wenc;
use util::*;

use predicates::prelude::*;
use predicates::str::contains;
use std::fs;
use std::io::{Read, Write};
use std::path::Path;
use std::process::Stdio;

const CAFE_UTF8: &[u8] = b"caf\xC3\xA9 \xE2\x82\xAC\n";
const CAFE_1252: &[u8] = b"caf\xE9 \x80\n";

// ---------------------------------------------------------------- basics

#[test]
fn default_is_utf8_to_utf8_from_stdin() {
    wenc()
        .write_stdin(CAFE_UTF8)
        .assert()
        .success()
        .stdout(CAFE_UTF8)
        .stderr("");
}

#[test]
fn from_and_to_in_short_and_long_forms() {
    wenc()
        .args(["-f", "windows-1252"])
        .write_stdin(CAFE_1252)
        .assert()
        .success()
        .stdout(CAFE_UTF8);
    wenc()
        .args(["--from", "cp1252", "--to", "utf-8"])
        .write_stdin(CAFE_1252)
        .assert()
        .success()
        .stdout(CAFE_UTF8);
    wenc()
        .args(["-t", "windows-1252"])
        .write_stdin(CAFE_UTF8)
        .assert()
        .success()
        .stdout(CAFE_1252);
    wenc()
        .args(["--to=latin1"])
        .write_stdin(CAFE_UTF8)
        .assert()
        .success()
        .stdout(CAFE_1252);
    // iconv's long names are accepted too.
    wenc()
        .args(["--from-code", "latin1", "--to-code", "utf8"])
        .write_stdin(CAFE_1252)
        .assert()
        .success()
        .stdout(CAFE_UTF8);
}

#[test]
fn labels_are_trimmed_and_case_insensitive() {
    wenc()
        .args(["-f", " \tLATIN1\n", "-t", "UTF-8"])
        .write_stdin(CAFE_1252)
        .assert()
        .success()
        .stdout(CAFE_UTF8);
    wenc()
        .args(["-f", "ISO-8859-1"])
        .write_stdin(&b"\x80"[..])
        .assert()
        .success()
        .stdout("\u{20AC}");
}

#[test]
fn file_and_stdin_give_identical_bytes() {
    let d = dir();
    let mut input = Vec::new();
    for i in 0..5000 {
        input.extend_from_slice(
            format!("{i} na\u{EF}ve \u{65E5}\u{672C}\u{8A9E} \u{1F600}\n").as_bytes(),
        );
    }
    input.extend_from_slice(b"\xFF tail");
    let file = write(d.path(), "in.txt", &input);
    for to in ["utf-8", "utf-16le", "utf-16be", "gb18030"] {
        let from_file = stdout_of(wenc().args(["-t", to]).arg(&file));
        let from_stdin = stdout_of(wenc().args(["-t", to]).write_stdin(input.clone()));
        let from_dash = stdout_of(wenc().args(["-t", to, "-"]).write_stdin(input.clone()));
        assert!(from_file == from_stdin && from_file == from_dash, "-t {to}");
        assert!(!from_file.is_empty());
    }
}

#[test]
fn utf16_output_is_real_utf16() {
    let input = "a\u{E9}\u{1F600}\n".as_bytes();
    wenc()
        .args(["-t", "utf-16le"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(&b"a\x00\xE9\x00\x3D\xD8\x00\xDE\n\x00"[..]);
    wenc()
        .args(["-t", "utf-16be"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(&b"\x00a\x00\xE9\xD8\x3D\xDE\x00\x00\n"[..]);
    // utf-16 and unicode are labels of UTF-16LE.
    wenc()
        .args(["-t", "utf-16"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(&b"a\x00\xE9\x00\x3D\xD8\x00\xDE\n\x00"[..]);
    wenc()
        .args(["-f", "utf-16be", "-t", "unicode"])
        .write_stdin(&b"\x00h\x00i"[..])
        .assert()
        .success()
        .stdout(&b"h\x00i\x00"[..]);
}

#[test]
fn version_and_help() {
    wenc()
        .arg("--version")
        .assert()
        .success()
        .stdout(contains("wenc "));
    wenc()
        .arg("-V")
        .assert()
        .success()
        .stdout(contains(env!("CARGO_PKG_VERSION")));
    wenc()
        .arg("-h")
        .assert()
        .success()
        .stdout(contains("--from <LABEL>").and(contains("--list-labels")));
    wenc().arg("--help").assert().success().stdout(
        contains("Exit status:")
            .and(contains("real UTF-16"))
            .and(contains("Differences from iconv")),
    );
}

// ---------------------------------------------------------------- usage errors (exit 2)

#[test]
fn unknown_label_names_it_and_suggests_close_ones() {
    let out = wenc()
        .args(["-f", "shiftjs"])
        .write_stdin("x")
        .assert()
        .code(2)
        .stdout("")
        .get_output()
        .clone();
    let err = stderr_text(&out);
    assert!(
        err.contains("unknown encoding label 'shiftjs' for -f"),
        "{err}"
    );
    assert!(err.contains("shift_jis (Shift_JIS)"), "{err}");
    assert!(err.contains("wenc --list-labels"), "{err}");
    wenc()
        .args(["-t", "utf16"])
        .assert()
        .code(2)
        .stderr(contains("'utf16' for -t").and(contains("utf-16 (UTF-16LE)")));
    wenc()
        .args(["-t", "utf-32"])
        .assert()
        .code(2)
        .stderr(contains(
            "UTF-32 is not an encoding of the WHATWG Encoding Standard",
        ));
    wenc()
        .args(["-f", "cp850"])
        .assert()
        .code(2)
        .stderr(contains("DOS code pages other than 866"));
}

#[test]
fn unknown_label_is_escaped() {
    wenc()
        .args(["-f", "x\u{1b}[31m\u{202E}"])
        .assert()
        .code(2)
        .stderr(
            contains("'x\\x1B[31m\\u{202E}'")
                .and(contains("\u{1b}").not())
                .and(contains("\u{202E}").not()),
        );
}

#[test]
fn iconv_habits_get_an_explanation() {
    wenc()
        .args(["-f", "utf-8", "-t", "UTF-8//TRANSLIT"])
        .write_stdin("x")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            contains("does not transliterate")
                .and(contains("-e subst"))
                .and(contains("-e html"))
                .and(contains("-t UTF-8")),
        );
    wenc()
        .args(["-t", "latin1//IGNORE"])
        .assert()
        .code(2)
        .stderr(
            contains("never drops input silently")
                .and(contains("U+FFFD"))
                .and(contains("-e subst")),
        );
    wenc()
        .args(["-t", "ascii//TRANSLIT//IGNORE"])
        .assert()
        .code(2)
        .stderr(contains("//TRANSLIT").and(contains("//IGNORE")));
    wenc()
        .args(["-f", "latin1//"])
        .assert()
        .code(2)
        .stderr(contains("no iconv suffix"));
    wenc().args(["-c", "-f", "latin1"]).assert().code(2).stderr(
        contains("wenc has no -c")
            .and(contains("-e replacement"))
            .and(contains("-e subst")),
    );
    wenc()
        .args(["-cf", "latin1"])
        .assert()
        .code(2)
        .stderr(contains("wenc has no -c"));
}

#[test]
fn replacement_cannot_be_written() {
    for label in ["replacement", "ISO-2022-KR", "hz-gb-2312"] {
        wenc()
            .args(["-t", label])
            .write_stdin("x")
            .assert()
            .code(2)
            .stdout("")
            .stderr(contains(
                "names the replacement encoding, which has no encoder",
            ));
    }
}

#[test]
fn add_bom_needs_a_unicode_output() {
    wenc().args(["--add-bom", "-t", "windows-1252"]).write_stdin("x").assert().code(2).stderr(contains(
        "--add-bom needs UTF-8, UTF-16LE or UTF-16BE output; windows-1252 has no byte order mark",
    ));
}

#[test]
fn conflicting_and_unknown_options() {
    wenc()
        .args(["--check", "-o", "x"])
        .assert()
        .code(2)
        .stderr(contains("cannot be used with"));
    wenc()
        .args(["--check", "-e", "html"])
        .assert()
        .code(2)
        .stderr(contains("--check stops at the first"));
    wenc()
        .args(["--check", "-e", "replacement"])
        .write_stdin("x")
        .assert()
        .code(2);
    wenc()
        .args(["--check", "-e", "fatal"])
        .write_stdin("x")
        .assert()
        .success();
    wenc()
        .args(["--json"])
        .assert()
        .code(2)
        .stderr(contains("--list-labels"));
    wenc().args(["-l", "file.txt"]).assert().code(2);
    wenc().args(["--sniff", "-t", "latin1"]).assert().code(2);
    wenc()
        .args(["-e", "ignore"])
        .assert()
        .code(2)
        .stderr(contains("possible values: replacement, fatal, html, subst"));
    wenc()
        .args(["--frobnicate"])
        .assert()
        .code(2)
        .stderr(contains("unexpected argument"));
}

// ---------------------------------------------------------------- error modes

#[test]
fn replacement_mode_replaces_and_warns_once_per_input() {
    let out = wenc()
        .write_stdin(&b"abc\xFF\xFEdef\n\xC3"[..])
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(out.stdout, "abc\u{FFFD}\u{FFFD}def\n\u{FFFD}".as_bytes());
    assert_eq!(
        stderr_text(&out),
        "wenc: warning: <stdin>: 3 malformed sequences in UTF-8 input replaced with U+FFFD; the \
         first at byte offset 3 (0-based), line 1, column 4: bytes FF\n"
    );
    // -e replacement is the default.
    let explicit = wenc()
        .args(["-e", "replacement"])
        .write_stdin(&b"abc\xFF\xFEdef\n\xC3"[..])
        .output()
        .unwrap();
    assert_eq!((explicit.stdout, explicit.stderr), (out.stdout, out.stderr));
}

#[test]
fn quiet_silences_warnings_but_not_errors() {
    wenc()
        .arg("-q")
        .write_stdin(&b"a\xFFb"[..])
        .assert()
        .success()
        .stdout("a\u{FFFD}b")
        .stderr("");
    wenc()
        .arg("--quiet")
        .write_stdin(&b"a\xFFb"[..])
        .assert()
        .success()
        .stderr("");
    // iconv's -s and --silent.
    for silent in ["-s", "--silent"] {
        wenc()
            .arg(silent)
            .write_stdin(&b"a\xFFb"[..])
            .assert()
            .success()
            .stderr("");
    }
    wenc()
        .args(["-q", "-e", "fatal"])
        .write_stdin(&b"a\xFFb"[..])
        .assert()
        .code(1)
        .stderr(contains("malformed"));
}

#[test]
fn fatal_mode_stops_with_the_position_and_bytes() {
    let d = dir();
    let bad = write(d.path(), "bad.txt", b"line one\nabc\xE2\x82z\n");
    let out = wenc()
        .args(["-e", "fatal"])
        .arg(&bad)
        .assert()
        .code(1)
        .get_output()
        .clone();
    // What came before the error is written, as iconv does.
    assert_eq!(out.stdout, b"line one\nabc");
    assert_eq!(
        stderr_text(&out),
        format!(
            "wenc: {}: malformed UTF-8 input at byte offset 12 (0-based), line 2, column 4: bytes E2 82\n",
            bad.display()
        )
    );
}

#[test]
fn malformed_position_in_utf16_counts_decoded_lines() {
    // "a\nb" then a lone high surrogate, then "c", in UTF-16LE with a BOM.
    let input = b"\xFF\xFEa\x00\n\x00b\x00\x00\xD8c\x00";
    wenc()
        .args(["-f", "windows-1252", "-e", "fatal"])
        .write_stdin(&input[..])
        .assert()
        .code(1)
        .stdout(&b"a\nb"[..])
        .stderr(
            "wenc: <stdin>: malformed UTF-16LE (named by its byte order mark) input at byte offset 8 \
             (0-based), line 2, column 2: bytes 00 D8\n",
        );
}

#[test]
fn unrepresentable_character_is_an_error_by_default() {
    let out = wenc()
        .args(["-t", "iso-8859-2"])
        .write_stdin(CAFE_UTF8)
        .assert()
        .code(1)
        .get_output()
        .clone();
    assert_eq!(out.stdout, b"caf\xE9 ");
    assert_eq!(
        stderr_text(&out),
        "wenc: <stdin>: U+20AC '\u{20AC}' at line 1, column 6 cannot be represented in ISO-8859-2; \
         -e html writes it as &#8364;, -e subst as ?\n"
    );
    wenc()
        .args(["-t", "iso-8859-2", "-e", "fatal"])
        .write_stdin(CAFE_UTF8)
        .assert()
        .code(1)
        .stderr(contains("U+20AC"));
}

#[test]
fn unrepresentable_invisible_character_is_shown_by_code_point_only() {
    wenc()
        .args(["-t", "windows-1252"])
        .write_stdin("ab\n\u{202E}x")
        .assert()
        .code(1)
        .stderr(
            contains("U+202E at line 2, column 1 cannot be represented in windows-1252")
                .and(contains("\u{202E}").not()),
        );
}

#[test]
fn replaced_input_that_cannot_be_encoded_says_where_it_came_from() {
    wenc()
        .args(["-t", "windows-1252"])
        .write_stdin(&b"ok\n\xFF"[..])
        .assert()
        .code(1)
        .stdout(&b"ok\n"[..])
        .stderr(contains("U+FFFD").and(contains(
            "replaced malformed input; the first at byte offset 3 (0-based)",
        )));
    // A U+FFFD that was in the input, with malformed input only after it:
    // the message does not point forward to it.
    wenc()
        .args(["-t", "windows-1252"])
        .write_stdin(
            "a\u{FFFD}\n"
                .as_bytes()
                .iter()
                .chain(b"\xFF\n")
                .copied()
                .collect::<Vec<u8>>(),
        )
        .assert()
        .code(1)
        .stdout(&b"a"[..])
        .stderr(
            "wenc: <stdin>: U+FFFD '\u{FFFD}' at line 1, column 2 cannot be represented in \
             windows-1252; -e html writes it as &#65533;, -e subst as ?\n",
        );
}

#[test]
fn html_mode_writes_references_and_warns() {
    let out = wenc()
        .args(["-t", "windows-1252", "-e", "html"])
        .write_stdin("\u{20AC}1 \u{2713}\n\u{1F600}".as_bytes())
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(out.stdout, b"\x801 &#10003;\n&#128512;");
    assert_eq!(
        stderr_text(&out),
        "wenc: warning: <stdin>: 2 characters not representable in windows-1252 written as &#N; \
         references; the first U+2713 '\u{2713}' at line 1, column 4\n"
    );
    // Malformed input becomes U+FFFD, which windows-1252 lacks: a reference too.
    let out = wenc()
        .args(["-t", "latin1", "-e", "html"])
        .write_stdin(&b"a\xFFb"[..])
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(out.stdout, b"a&#65533;b");
    let err = stderr_text(&out);
    assert!(
        err.contains("1 malformed sequence in UTF-8 input replaced with U+FFFD"),
        "{err}"
    );
    assert!(
        err.contains("; 1 character not representable in windows-1252"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "one warning per input: {err}");
}

#[test]
fn replacement_encoding_as_input() {
    wenc()
        .args(["-f", "iso-2022-kr"])
        .write_stdin("\u{1b}$)C anything")
        .assert()
        .success()
        .stdout("\u{FFFD}")
        .stderr(contains("the input was replaced by a single U+FFFD: 'iso-2022-kr' names the replacement encoding"));
    wenc()
        .args(["-f", "replacement"])
        .write_stdin("")
        .assert()
        .success()
        .stdout("")
        .stderr("");
    wenc()
        .args(["-f", "hz-gb-2312", "-e", "fatal"])
        .write_stdin("x")
        .assert()
        .code(1)
        .stdout("")
        .stderr(contains("'hz-gb-2312' names the replacement encoding"));
    // A BOM still wins, as the standard's decode says.
    wenc()
        .args(["-f", "replacement"])
        .write_stdin(&b"\xEF\xBB\xBFok"[..])
        .assert()
        .success()
        .stdout("ok")
        .stderr("");
}

// ---------------------------------------------------------------- BOMs

#[test]
fn a_bom_overrides_from_and_is_removed() {
    wenc()
        .args(["-f", "windows-1252"])
        .write_stdin(&b"\xEF\xBB\xBFcaf\xC3\xA9"[..])
        .assert()
        .success()
        .stdout("caf\u{E9}");
    wenc()
        .args(["-f", "latin1"])
        .write_stdin(&b"\xFF\xFEh\x00i\x00"[..])
        .assert()
        .success()
        .stdout("hi");
    wenc()
        .args(["-f", "utf-8"])
        .write_stdin(&b"\xFE\xFF\x00h\x00i"[..])
        .assert()
        .success()
        .stdout("hi");
    // Only at the start.
    wenc()
        .write_stdin(&b"a\xEF\xBB\xBF"[..])
        .assert()
        .success()
        .stdout(&b"a\xEF\xBB\xBF"[..]);
}

#[test]
fn ignore_bom_keeps_it_and_lets_from_win() {
    wenc()
        .arg("--ignore-bom")
        .write_stdin(&b"\xEF\xBB\xBFx"[..])
        .assert()
        .success()
        .stdout(&b"\xEF\xBB\xBFx"[..]);
    wenc()
        .args(["--ignore-bom", "-f", "windows-1252"])
        .write_stdin(&b"\xEF\xBB\xBFx"[..])
        .assert()
        .success()
        .stdout("\u{EF}\u{BB}\u{BF}x");
    wenc()
        .args(["--ignore-bom", "-f", "utf-16be"])
        .write_stdin(&b"\xFF\xFE\x00x"[..])
        .assert()
        .success()
        .stdout("\u{FFFE}x");
}

#[test]
fn add_bom_writes_exactly_one_at_the_start() {
    wenc()
        .args(["--add-bom"])
        .write_stdin("x")
        .assert()
        .success()
        .stdout(&b"\xEF\xBB\xBFx"[..]);
    wenc()
        .args(["--add-bom", "-t", "utf-16le"])
        .write_stdin("x")
        .assert()
        .success()
        .stdout(&b"\xFF\xFEx\x00"[..]);
    wenc()
        .args(["--add-bom", "-t", "UTF-16BE"])
        .write_stdin("x")
        .assert()
        .success()
        .stdout(&b"\xFE\xFF\x00x"[..]);
    wenc()
        .args(["--add-bom", "-t", "utf-16le"])
        .write_stdin("")
        .assert()
        .success()
        .stdout(&b"\xFF\xFE"[..]);
    let d = dir();
    let a = write(d.path(), "a", b"\xEF\xBB\xBFa");
    let b = write(d.path(), "b", b"\xEF\xBB\xBFb");
    wenc()
        .arg("--add-bom")
        .arg(&a)
        .arg(&b)
        .assert()
        .success()
        .stdout(&b"\xEF\xBB\xBFab"[..]);
    // An input BOM is removed, so converting a BOM'd file with --add-bom does not double it.
    wenc()
        .args(["--add-bom"])
        .write_stdin(&b"\xEF\xBB\xBFx"[..])
        .assert()
        .success()
        .stdout(&b"\xEF\xBB\xBFx"[..]);
}

#[test]
fn sniff_names_the_bom_of_each_file() {
    let d = dir();
    let u8 = write(d.path(), "u8", b"\xEF\xBB\xBFhi");
    let le = write(d.path(), "le", b"\xFF\xFEh\x00");
    let be = write(d.path(), "be", b"\xFE\xFF\x00h");
    let none = write(d.path(), "none", b"<p>no BOM");
    let empty = write(d.path(), "empty", b"");
    let expected = format!(
        "{}: UTF-8 (byte order mark)\n{}: UTF-16LE (byte order mark)\n\
         {}: UTF-16BE (byte order mark)\n{}: UTF-8 (ASCII only: any ASCII-compatible encoding reads it the same)\n\
         {}: UTF-8 (empty)\n",
        u8.display(),
        le.display(),
        be.display(),
        none.display(),
        empty.display()
    );
    wenc()
        .arg("--sniff")
        .args([&u8, &le, &be, &none, &empty])
        .assert()
        .success()
        .stdout(expected)
        .stderr("");
    wenc()
        .args(["--sniff", "-"])
        .write_stdin(&b"\xFF\xFEx"[..])
        .assert()
        .success()
        .stdout("<stdin>: UTF-16LE (byte order mark)\n");
    wenc()
        .arg("--sniff")
        .write_stdin("plain")
        .assert()
        .success()
        .stdout("<stdin>: UTF-8 (ASCII only: any ASCII-compatible encoding reads it the same)\n");
}

#[test]
fn sniff_reports_unreadable_files_on_their_line() {
    let d = dir();
    let ok = write(d.path(), "ok", b"\xEF\xBB\xBF");
    let missing = d.path().join("missing");
    wenc()
        .arg("--sniff")
        .arg(&missing)
        .arg(d.path())
        .arg(&ok)
        .assert()
        .code(1)
        .stdout(format!(
            "{}: cannot read: No such file or directory\n{}: cannot read: is a directory\n{}: UTF-8 (byte order mark)\n",
            missing.display(),
            d.path().display(),
            ok.display()
        ));
}

// ---------------------------------------------------------------- list, check

#[test]
fn list_labels_in_the_standards_groups_and_order() {
    let out = String::from_utf8(stdout_of(wenc().arg("-l"))).unwrap();
    assert!(out.starts_with("The Encoding\n  UTF-8: unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8\n\nLegacy single-byte encodings\n  IBM866: 866 cp866 csibm866 ibm866\n"), "{out}");
    assert!(out.contains("\n  windows-1252: ansi_x3.4-1968 ascii cp1252 cp819 "));
    assert!(out.contains(
        "\n  Shift_JIS: csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis\n"
    ));
    // The standard's list ends there; wenc's --historical notes follow.
    assert!(out.contains("  x-user-defined: x-user-defined\n\nWith --historical"));
    assert_eq!(out.lines().filter(|l| l.starts_with("  ")).count(), 40);
    let labels: usize = out
        .lines()
        .filter(|l| l.starts_with("  "))
        .map(|l| l.split(' ').count() - 3)
        .sum();
    assert_eq!(labels, 228);
    assert_eq!(stdout_of(wenc().arg("--list-labels")), out.as_bytes());
    // iconv's spelling.
    assert_eq!(stdout_of(wenc().arg("--list")), out.as_bytes());
}

#[test]
fn list_labels_as_json() {
    let out = String::from_utf8(stdout_of(wenc().args(["-l", "--json"]))).unwrap();
    assert!(out.starts_with("[\n  {\n    \"encodings\": [\n      {\n        \"labels\": [\n          \"unicode-1-1-utf-8\",\n"), "{out}");
    assert!(out.contains(
        "        \"name\": \"UTF-8\"\n      }\n    ],\n    \"heading\": \"The Encoding\"\n  },\n"
    ));
    assert!(out.ends_with("    \"heading\": \"Legacy miscellaneous encodings\"\n  }\n]\n"));
    assert_eq!(out.matches("\"name\":").count(), 40);
    assert_eq!(out.matches("\"heading\":").count(), 7);
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with("          \""))
            .count(),
        228
    );
}

#[test]
fn check_answers_with_the_exit_status_only() {
    let d = dir();
    let good = write(d.path(), "good.txt", CAFE_1252);
    let bad = write(d.path(), "bad.txt", b"ok\n\x81");
    wenc()
        .args(["--check", "-f", "windows-1252"])
        .arg(&good)
        .assert()
        .success()
        .stdout("")
        .stderr("");
    wenc()
        .args(["--check", "-f", "utf-8"])
        .arg(&good)
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!(
        "wenc: {}: malformed UTF-8 input at byte offset 3 (0-based), line 1, column 4: bytes E9\n",
        good.display()
    ));
    // With -t the encoding is checked too.
    wenc()
        .args(["--check", "-t", "iso-8859-2"])
        .write_stdin(CAFE_UTF8)
        .assert()
        .code(1)
        .stdout("")
        .stderr(contains(
            "U+20AC '\u{20AC}' at line 1, column 6 cannot be represented in ISO-8859-2\n",
        ));
    wenc()
        .args(["--check", "-t", "windows-1252"])
        .write_stdin(CAFE_UTF8)
        .assert()
        .success()
        .stdout("");
    // Every file is checked; each bad one is reported.
    let out = wenc()
        .args(["--check", "-f", "big5"])
        .arg(&bad)
        .arg(&good)
        .arg(&bad)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let err = stderr_text(&out);
    assert_eq!(err.lines().count(), 3, "{err}");
    assert!(
        err.contains(
            "bad.txt: malformed Big5 input at byte offset 3 (0-based), line 2, column 1: bytes 81"
        ),
        "{err}"
    );
    assert!(
        err.contains("good.txt: malformed Big5 input at byte offset 3"),
        "{err}"
    );
}

// ---------------------------------------------------------------- files

#[test]
fn several_files_are_converted_each_on_its_own() {
    let d = dir();
    let a = write(d.path(), "a", b"\xFF\xFEA\x00\n\x00"); // UTF-16LE by its BOM
    let b = write(d.path(), "b", b"\xE9\n"); // windows-1252
    let c = write(d.path(), "c", b"\xEF\xBB\xBF\xC3\xA9\n"); // UTF-8 by its BOM
    wenc()
        .args(["-f", "windows-1252"])
        .args([&a, &b, &c])
        .assert()
        .success()
        .stdout("A\n\u{E9}\n\u{E9}\n");
    // Standard input among them.
    wenc()
        .args(["-f", "windows-1252"])
        .arg(&b)
        .arg("-")
        .arg(&b)
        .write_stdin(&b"\xFC"[..])
        .assert()
        .success()
        .stdout("\u{E9}\n\u{FC}\u{E9}\n");
    // One warning per input, each with its own count and positions.
    let bad1 = write(d.path(), "bad1", b"\xFF\xFF");
    let bad2 = write(d.path(), "bad2", b"x\n\xFF");
    let out = wenc()
        .args([&bad1, &bad2])
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(
        stderr_text(&out),
        format!(
            "wenc: warning: {}: 2 malformed sequences in UTF-8 input replaced with U+FFFD; the first at byte offset 0 (0-based), line 1, column 1: bytes FF\n\
             wenc: warning: {}: 1 malformed sequence in UTF-8 input replaced with U+FFFD; the first at byte offset 2 (0-based), line 2, column 1: bytes FF\n",
            bad1.display(),
            bad2.display()
        )
    );
}

#[test]
fn iso_2022_jp_output_returns_to_ascii_at_the_end_of_each_file() {
    let d = dir();
    let a = write(d.path(), "a", "\u{3042}".as_bytes());
    wenc()
        .args(["-t", "iso-2022-jp"])
        .arg(&a)
        .arg(&a)
        .assert()
        .success()
        .stdout(&b"\x1B$B$\"\x1B(B\x1B$B$\"\x1B(B"[..]);
}

#[test]
fn missing_file_and_directory_are_io_errors() {
    let d = dir();
    let missing = d.path().join("nope.txt");
    wenc()
        .arg(&missing)
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!(
            "wenc: {}: cannot open: No such file or directory\n",
            missing.display()
        ));
    wenc().arg(d.path()).assert().code(1).stderr(format!(
        "wenc: {}: cannot open: is a directory\n",
        d.path().display()
    ));
    // A file that cannot be opened is reported and skipped, as cat does
    // (tests/it/safety.rs has more).
    let a = write(d.path(), "a", b"first\n");
    wenc()
        .arg(&a)
        .arg(&missing)
        .arg(&a)
        .assert()
        .code(1)
        .stdout("first\nfirst\n");
}

#[cfg(target_os = "linux")]
#[test]
fn unmappable_files_are_streamed_and_read_errors_reported() {
    // /proc files claim size 0 but have content: read as a stream.
    wenc()
        .arg("/proc/self/comm")
        .assert()
        .success()
        .stdout("wenc\n");
    // A FIFO.
    let d = dir();
    let fifo = d.path().join("fifo");
    let c_path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::write(fifo, b"caf\xE9\n").unwrap())
    };
    wenc()
        .args(["-f", "latin1"])
        .arg(&fifo)
        .assert()
        .success()
        .stdout("caf\u{E9}\n");
    writer.join().unwrap();
    // Reading /proc/self/mem at offset 0 fails with EIO.
    wenc()
        .arg("/proc/self/mem")
        .assert()
        .code(1)
        .stderr("wenc: /proc/self/mem: read error: Input/output error\n");
}

#[cfg(unix)]
#[test]
fn file_names_with_non_utf8_bytes_are_escaped_in_messages() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let d = dir();
    let name = OsStr::from_bytes(b"bad\xFF\x1B[2Jname.txt");
    let path = d.path().join(name);
    fs::write(&path, b"ok \xFF").unwrap();
    let shown = format!("{}/bad\\xFF\\x1B[2Jname.txt", d.path().display());
    wenc().arg(&path).assert().success().stdout("ok \u{FFFD}").stderr(format!(
        "wenc: warning: {shown}: 1 malformed sequence in UTF-8 input replaced with U+FFFD; the first at byte offset 3 (0-based), line 1, column 4: bytes FF\n"
    ));
    wenc()
        .args(["-e", "fatal"])
        .arg(&path)
        .assert()
        .code(1)
        .stderr(contains(shown.as_str()).and(contains("\u{1B}").not()));
    let missing = d.path().join(OsStr::from_bytes(b"gone\xC3"));
    wenc()
        .arg(&missing)
        .assert()
        .code(1)
        .stderr(contains("gone\\xC3: cannot open"));
    // --sniff to a pipe keeps the name's bytes for scripts.
    let mut expected = path.as_os_str().as_bytes().to_vec();
    expected.extend_from_slice(b": ");
    wenc()
        .arg("--sniff")
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::function(move |out: &[u8]| {
            out.starts_with(&expected)
        }));
}

// ---------------------------------------------------------------- -o

#[test]
fn output_file_gets_the_bytes_and_stdout_nothing() {
    let d = dir();
    let input = write(d.path(), "in", CAFE_UTF8);
    let target = d.path().join("out");
    wenc()
        .args(["-t", "windows-1252", "-o"])
        .arg(&target)
        .arg(&input)
        .assert()
        .success()
        .stdout("")
        .stderr("");
    assert_eq!(fs::read(&target).unwrap(), CAFE_1252);
    wenc()
        .args(["-t", "utf-16be", "--output"])
        .arg(&target)
        .write_stdin("h")
        .assert()
        .success();
    assert_eq!(fs::read(&target).unwrap(), b"\x00h");
    // -o - is standard output.
    wenc()
        .args(["-o", "-"])
        .write_stdin("x")
        .assert()
        .success()
        .stdout("x");
    assert_eq!(listing(d.path()), ["in", "out"]);
}

#[test]
fn output_file_is_untouched_after_a_failing_run() {
    let d = dir();
    let target = write(d.path(), "target", b"precious");
    let good = write(d.path(), "good", b"fine\n");
    let bad = write(d.path(), "bad", b"\xFF");
    // A fatal error in the second input.
    wenc()
        .args(["-e", "fatal", "-o"])
        .arg(&target)
        .arg(&good)
        .arg(&bad)
        .assert()
        .code(1)
        .stdout("");
    // An unrepresentable character.
    wenc()
        .args(["-t", "latin1", "-o"])
        .arg(&target)
        .write_stdin("\u{3042}")
        .assert()
        .code(1);
    // A missing input.
    wenc()
        .arg("-o")
        .arg(&target)
        .arg(&good)
        .arg(d.path().join("missing"))
        .assert()
        .code(1);
    assert_eq!(fs::read(&target).unwrap(), b"precious");
    assert_eq!(listing(d.path()), ["bad", "good", "target"]);
}

#[test]
fn output_file_is_untouched_after_a_fatal_error_halfway_through_a_large_input() {
    let d = dir();
    let mut input = "0123456789abcdef\u{E9}\u{65E5}\n"
        .repeat(200_000)
        .into_bytes(); // about 4.6 MiB
    let middle = input.len() / 2;
    input[middle] = 0xFF;
    let big = write(d.path(), "big", &input);
    let target = write(d.path(), "target", b"precious");
    // Once from a mapped file, once through a pipe.
    wenc()
        .args(["-e", "fatal", "-t", "utf-16le", "-o"])
        .arg(&target)
        .arg(&big)
        .assert()
        .code(1)
        .stderr(contains("bytes FF"));
    wenc()
        .args(["-e", "fatal", "-t", "utf-16le", "-o"])
        .arg(&target)
        .write_stdin(input.clone())
        .assert()
        .code(1)
        .stderr(contains("bytes FF"));
    assert_eq!(fs::read(&target).unwrap(), b"precious");
    assert_eq!(listing(d.path()), ["big", "target"]);
}

#[test]
fn output_file_may_be_one_of_the_inputs() {
    let d = dir();
    let file = write(d.path(), "file", &CAFE_1252.repeat(100_000));
    wenc()
        .args(["-f", "windows-1252", "-o"])
        .arg(&file)
        .arg(&file)
        .assert()
        .success();
    assert_eq!(fs::read(&file).unwrap(), CAFE_UTF8.repeat(100_000));
    // Twice as input, once as output.
    let small = write(d.path(), "small", b"ab");
    wenc()
        .arg(&small)
        .arg(&small)
        .arg("-o")
        .arg(&small)
        .assert()
        .success();
    assert_eq!(fs::read(&small).unwrap(), b"abab");
    assert_eq!(listing(d.path()), ["file", "small"]);
}

#[cfg(unix)]
#[test]
fn output_file_keeps_permissions_and_symlinks() {
    use std::os::unix::fs::PermissionsExt;
    let d = dir();
    let target = write(d.path(), "target", b"old");
    fs::set_permissions(&target, fs::Permissions::from_mode(0o640)).unwrap();
    wenc()
        .arg("-o")
        .arg(&target)
        .write_stdin("new")
        .assert()
        .success();
    assert_eq!(fs::read(&target).unwrap(), b"new");
    assert_eq!(
        fs::metadata(&target).unwrap().permissions().mode() & 0o777,
        0o640
    );
    let link = d.path().join("link");
    std::os::unix::fs::symlink("target", &link).unwrap();
    wenc()
        .arg("-o")
        .arg(&link)
        .write_stdin("via link")
        .assert()
        .success();
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(fs::read(&target).unwrap(), b"via link");
    assert_eq!(listing(d.path()), ["link", "target"]);
}

#[test]
fn output_file_errors() {
    let d = dir();
    let nowhere = d.path().join("no/such/dir/out");
    wenc()
        .arg("-o")
        .arg(&nowhere)
        .write_stdin("x")
        .assert()
        .code(1)
        .stderr(
            contains("cannot create a temporary file in")
                .and(contains("No such file or directory")),
        );
    wenc()
        .arg("-o")
        .arg(d.path())
        .write_stdin("x")
        .assert()
        .code(1)
        .stderr(contains("is a directory"));
    // An existing non-regular file is written directly.
    wenc()
        .args(["-o", "/dev/null"])
        .write_stdin("x")
        .assert()
        .success();
}

// ---------------------------------------------------------------- broken outputs

#[cfg(target_os = "linux")]
#[test]
fn dev_full_as_output_is_an_error() {
    use assert_cmd::assert::OutputAssertExt;
    let d = dir();
    // Runs wenc with `args`, `input` on standard input, standard output /dev/full.
    let run = |args: &[&str], input: &[u8]| {
        let stdin = write(d.path(), "stdin", input);
        util::wenc()
            .args(args)
            .stdin(fs::File::open(stdin).unwrap())
            .stdout(
                fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .unwrap(),
            )
            .assert()
    };
    run(&[], b"some text")
        .code(1)
        .stderr("wenc: error writing to standard output: No space left on device\n");
    run(&["-l"], b"")
        .code(1)
        .stderr(contains("No space left on device"));
    run(&["-t", "utf-16le"], &[b'x'; 1 << 20])
        .code(1)
        .stderr("wenc: error writing to standard output: No space left on device\n");
    wenc()
        .args(["-o", "/dev/full"])
        .write_stdin("x")
        .assert()
        .code(1)
        .stderr("wenc: error writing to /dev/full: No space left on device\n");
}

#[test]
fn closed_stdout_pipe_ends_quietly() {
    let d = dir();
    let big = write(d.path(), "big", &b"0123456789abcdef\n".repeat(1 << 18)); // 4.25 MiB

    // From a file, from standard input, and through -o /dev/stdout (written
    // in place, as a redirection would be).
    for (use_stdin, via_dev_stdout) in [(false, false), (true, false), (false, true)] {
        let mut cmd = util::wenc();
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        if use_stdin {
            cmd.stdin(fs::File::open(&big).unwrap()).arg("-");
        } else {
            cmd.arg(&big);
        }
        if via_dev_stdout {
            cmd.args(["-o", "/dev/stdout"]);
        }
        let mut child = cmd.spawn().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 100];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout); // like `head`
        let stderr = read_stderr(&mut child);
        let status = child.wait().unwrap();
        assert_eq!(&first[..17], b"0123456789abcdef\n");
        assert_eq!(stderr, "", "stdin: {use_stdin}, -o: {via_dev_stdout}");
        assert_eq!(
            status.code(),
            Some(0),
            "stdin: {use_stdin}, -o: {via_dev_stdout}"
        );
    }
}

// ---------------------------------------------------------------- signals

#[cfg(unix)]
#[test]
fn interrupted_run_leaves_the_target_and_no_temporary_file() {
    use std::os::unix::process::ExitStatusExt;
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        let d = dir();
        let target = write(d.path(), "target", b"precious");
        let mut cmd = util::wenc();
        // A signal ignored on entry stays ignored (tests/it/faults.rs): make
        // sure it is not, whatever the test runner inherited (nohup).
        with_default_action(&mut cmd, signal);
        let (mut child, _stdin) = started_on_a_pipe(&mut cmd, &target, b"half of the input");
        // The temporary file exists while wenc waits for more input.
        wait_for(|| listing(d.path()).len() == 2);
        unsafe { libc::kill(child.id() as libc::pid_t, signal) };
        let status = child.wait().unwrap();
        assert_eq!(status.signal(), Some(signal), "dies of the signal it got");
        assert_eq!(fs::read(&target).unwrap(), b"precious");
        assert_eq!(listing(d.path()), ["target"], "signal {signal}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_mapped_input_truncated_while_read_is_an_error_not_a_crash() {
    let d = dir();
    let big = write(d.path(), "big", &b"0123456789abcdef\n".repeat(1 << 19)); // 8.5 MiB
    let (status, stderr) = truncated_while_read(util::wenc().arg(&big), &big);
    assert_eq!(status.code(), Some(1), "stderr: {stderr}");
    assert_eq!(stderr, truncated_message(&big));
}

// ---------------------------------------------------------------- progress, memory

#[test]
fn progress_bar_only_when_asked_or_on_a_terminal() {
    let d = dir();
    let file = write(d.path(), "file", &b"text\n".repeat(1 << 20));
    // Not a terminal: no bar.
    wenc().arg(&file).assert().success().stderr("");
    // --progress forces it.
    let out = wenc()
        .arg("--progress")
        .arg(&file)
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(out.stdout.len(), 5 << 20);
    let err = stderr_text(&out);
    assert!(err.contains("MiB"), "{err:?}");
    // Also for standard input, whose size is unknown.
    let out = wenc()
        .args(["--progress", "-q"])
        .write_stdin(vec![b'x'; 3 << 20])
        .assert()
        .success()
        .get_output()
        .clone();
    assert!(stderr_text(&out).contains("MiB"));
}

#[cfg(target_os = "linux")]
#[test]
fn memory_stays_flat_for_large_inputs() {
    let d = dir();
    let chunk = "0123456789 caf\u{E9} \u{65E5}\u{672C}\n"
        .repeat(4096)
        .into_bytes();
    let size = 48 << 20;
    let big = d.path().join("big");
    {
        let mut f = fs::File::create(&big).unwrap();
        let mut written = 0;
        while written < size {
            f.write_all(&chunk).unwrap();
            written += chunk.len();
        }
    }
    // One thread, then four: each takes a few MiB for its pieces.
    for (through_pipe, jobs, limit_mib) in [(true, "1", 16), (false, "1", 16), (false, "4", 32)] {
        let mut cmd = util::wenc();
        cmd.args(["-j", jobs, "-t", "utf-16le", "-o", "/dev/null"])
            .stdout(Stdio::null());
        if through_pipe {
            cmd.stdin(Stdio::piped());
        } else {
            cmd.arg(&big).stdin(Stdio::null());
        }
        let mut child = cmd.spawn().unwrap();
        let mut peak = 0;
        if through_pipe {
            let mut stdin = child.stdin.take().unwrap();
            let mut written = 0;
            while written < size {
                stdin.write_all(&chunk).unwrap();
                written += chunk.len();
                peak = peak.max(vm_hwm_kib(&child));
            }
            drop(stdin);
        }
        peak = peak.max(wait_watching_memory(&mut child).1);
        assert!(
            peak > 0 && peak < limit_mib * 1024,
            "peak RSS {peak} KiB (pipe: {through_pipe}, -j {jobs})"
        );
    }
}

// ---------------------------------------------------------------- the shipped sample

#[test]
fn the_shipped_sample_converts() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/shift_jis.txt");
    let out = wenc()
        .args(["-f", "shift_jis"])
        .arg(&sample)
        .assert()
        .success()
        .stderr("");
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.starts_with("\u{543E}\u{8F29}\u{306F}\u{732B}\u{3067}\u{3042}\u{308B}"),
        "{text}"
    );
    // 0x81 0x60 is U+FF5E FULLWIDTH TILDE, as in CP932.
    assert!(text.contains("\u{FF5E}"));
    wenc()
        .args(["--check", "-f", "sjis"])
        .arg(&sample)
        .assert()
        .success();
}

/// A file refused in place for its malformed input: the message names the
/// encoding the input looks like.
#[test]
fn an_in_place_refusal_names_the_encoding_the_input_looks_like() {
    let d = util::dir();
    let file = d.path().join("notes.txt");
    let text = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。\n".repeat(20);
    let (sjis, _) = wenc::codec::SHIFT_JIS.encode(&text).unwrap();
    fs::write(&file, &sjis).unwrap();
    wenc()
        .args(["-i", "-f", "utf-8", "-t", "utf-16le"])
        .arg(&file)
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "nothing was replaced: name its encoding with -f (or -f auto), or give -e \
             replacement to write U+FFFD for malformed input; it looks like Shift_JIS: try \
             -f shift_jis or -f auto",
        ));
    assert_eq!(fs::read(&file).unwrap(), sjis);
}

/// -f and -t swapped: the input is in the -t encoding, and wenc says so.
#[test]
fn swapped_labels_are_said_plainly() {
    let text = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。\n".repeat(20);
    let (sjis, _) = wenc::codec::SHIFT_JIS.encode(&text).unwrap();
    wenc()
        .args(["-f", "utf-8", "-t", "shift_jis"])
        .write_stdin(sjis)
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "; it looks like Shift_JIS: try -f shift_jis or -f auto (the -t encoding: were -f \
             and -t swapped?)\n",
        ));
}
