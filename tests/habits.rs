//! What iconv, nkf and uconv users reach for (issue 11): the names they
//! type, `-l LABEL`, the standard's wide `ascii`, `-e subst`, `--eol`,
//! `--normalize`, and `--progress` into a log. Run as a user would, with
//! the exact bytes written, statuses and messages.

use assert_cmd::Command;
use predicates::prelude::*;
use predicates::str::contains;

const BIN: &str = env!("CARGO_BIN_EXE_wenc");

fn wenc() -> Command {
    let mut cmd = Command::new(BIN);
    cmd.env_remove("RUST_BACKTRACE");
    cmd
}

fn stderr_of(cmd: &mut Command) -> String {
    String::from_utf8_lossy(&cmd.assert().get_output().stderr).into_owned()
}

// ------------------------------------------------------- names people type

/// "ソ" (U+30BD) in Shift_JIS: 83 5C.
const SO_SJIS: &[u8] = b"\x83\x5C\n";
const SO_UTF8: &[u8] = "\u{30BD}\n".as_bytes();

#[test]
fn windows_and_iconv_names_are_accepted_with_a_note() {
    const MS932: &str =
        "Microsoft's code page 932 (Windows-31J), which the standard's Shift_JIS is";
    const SPELLING: &str = "another spelling of that label";
    for (name, label, why) in [
        ("cp932", "shift_jis", MS932),
        ("CP932", "shift_jis", MS932),
        ("windows-932", "shift_jis", MS932),
        ("ms-kanji", "ms_kanji", SPELLING),
        ("Windows31J", "windows-31j", SPELLING),
    ] {
        wenc()
            .args(["-f", name])
            .write_stdin(SO_SJIS)
            .assert()
            .success()
            .stdout(SO_UTF8)
            .stderr(format!(
                "wenc: note: -f {name}: not a label of the Encoding Standard; wenc takes it as \
                 {label} (Shift_JIS): {why}\n"
            ));
    }
    // A label of the standard itself, in any case, gets no note.
    wenc()
        .args(["-f", "MS_Kanji"])
        .write_stdin(SO_SJIS)
        .assert()
        .success()
        .stdout(SO_UTF8)
        .stderr("");
    // -q silences the note; -t names work the same way.
    wenc()
        .args(["-q", "-t", "cp932"])
        .write_stdin(SO_UTF8)
        .assert()
        .success()
        .stdout(SO_SJIS)
        .stderr("");
}

#[test]
fn each_extra_name_means_its_standard_encoding() {
    // (name, label of the same encoding, a sample in it, its text)
    let cases: &[(&str, &[u8], &str)] = &[
        ("cp936", b"\xD6\xD0\x80", "\u{4E2D}\u{20AC}"),
        ("windows-936", b"\xD6\xD0", "\u{4E2D}"),
        ("CP949", b"\xB0\xA1\x81\x41", "\u{AC00}\u{AC02}"),
        ("uhc", b"\x81\x41", "\u{AC02}"),
        ("cp950", b"\xA4\xA4", "\u{4E2D}"),
        ("eucJP-ms", b"\xA5\xBD", "\u{30BD}"),
        ("latin-1", b"caf\xE9 \x80", "caf\u{E9} \u{20AC}"),
        ("latin_1", b"\xE9", "\u{E9}"),
        ("ISO8859_1", b"\xE9", "\u{E9}"),
        ("windows1252", b"\x93x\x94", "\u{201C}x\u{201D}"),
        ("utf8mb4", "\u{1F600}".as_bytes(), "\u{1F600}"),
        ("utf-8-sig", b"\xEF\xBB\xBFa", "a"),
        ("UTF_8", b"a", "a"),
        ("macroman", b"\xDB", "\u{20AC}"),
    ];
    for &(name, bytes, text) in cases {
        wenc()
            .args(["-q", "-f", name])
            .write_stdin(bytes)
            .assert()
            .success()
            .stdout(text.as_bytes().to_vec())
            .stderr("");
    }
}

#[test]
fn names_that_mean_something_else_stay_errors_with_a_reason() {
    let cases = [
        ("cp850", "DOS code pages other than 866"),
        ("ibm037", "EBCDIC code pages"),
        ("utf16", "iconv reads and writes this as big-endian"),
        ("UTF-32", "UTF-32 is not an encoding"),
        ("ibm-943", "IBM's code page 943"),
        ("euc-cn", "EUC-CN is GB 2312 alone"),
    ];
    for (name, why) in cases {
        let err = stderr_of(wenc().args(["-f", name]).write_stdin("x"));
        assert!(err.contains(why), "{name}: {err}");
        assert!(
            err.starts_with(&format!("error: unknown encoding label '{name}' for -f")),
            "{err}"
        );
        wenc()
            .args(["-f", name])
            .write_stdin("x")
            .assert()
            .code(2)
            .stdout("");
    }
}

#[test]
fn suggestions_never_name_another_code_page() {
    // cp819 is windows-1252, not DOS code page 850.
    let err = stderr_of(wenc().args(["-f", "cp850"]));
    assert!(!err.contains("similar labels"), "{err}");
    let err = stderr_of(wenc().args(["-t", "cp-1253x"]));
    assert!(
        err.contains("similar labels: cp1253 (windows-1253)"),
        "{err}"
    );
    assert!(!err.contains("1252") && !err.contains("1254"), "{err}");
    let err = stderr_of(wenc().args(["-f", "iso-8859-99"]));
    assert!(!err.contains("similar labels"), "{err}");
}

// --------------------------------------------------------------- -l LABEL

const SJIS_LABELS: &str = "csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis";

#[test]
fn list_a_label_names_its_encoding_and_all_its_labels() {
    wenc()
        .args(["-l", "sjis", " CP932 "])
        .assert()
        .success()
        .stderr("")
        .stdout(format!(
            "sjis: Shift_JIS\n  labels: {SJIS_LABELS}\nCP932: Shift_JIS\n  note: not a label of \
             the Encoding Standard; wenc takes it as shift_jis (Shift_JIS): Microsoft's code page \
             932 (Windows-31J), which the standard's Shift_JIS is\n  labels: {SJIS_LABELS}\n"
        ));
    wenc()
        .args(["--list-labels", "ascii"])
        .assert()
        .success()
        .stdout(contains(
            "ascii: windows-1252\n  labels: ansi_x3.4-1968 ascii cp1252 ",
        ));
}

#[test]
fn list_an_unknown_label_is_a_usage_error_with_suggestions() {
    let out = wenc()
        .args(["-l", "sjis", "shiftjs"])
        .assert()
        .code(2)
        .stdout("");
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        err.starts_with("error: unknown encoding label 'shiftjs' for -l"),
        "{err}"
    );
    assert!(err.contains("shift_jis (Shift_JIS)"), "{err}");
    wenc()
        .args(["-l", "cp850"])
        .assert()
        .code(2)
        .stderr(contains("DOS code pages"));
}

#[test]
fn list_labels_as_json() {
    let out = wenc()
        .args(["-l", "--json", "sjis", "utf8mb4"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(json[0]["label"], "sjis");
    assert_eq!(json[0]["name"], "Shift_JIS");
    assert_eq!(json[0]["labels"][3], "shift-jis");
    assert!(json[0].get("note").is_none());
    assert_eq!(json[1]["name"], "UTF-8");
    assert_eq!(
        json[1]["note"],
        "not a label of the Encoding Standard; wenc takes it as utf-8 (UTF-8): MySQL's name for \
         UTF-8"
    );
    assert_eq!(json.as_array().unwrap().len(), 2);
}

// ----------------------------------------------- labels wider than iconv's

#[test]
fn ascii_output_with_bytes_ascii_lacks_says_so_once() {
    wenc()
        .args(["-t", "ascii"])
        .write_stdin("Caf\u{E9} cr\u{E8}me\n")
        .assert()
        .success()
        .stdout(&b"Caf\xE9 cr\xE8me\n"[..])
        .stderr(
            "wenc: warning: -t ascii: the output has bytes US-ASCII lacks (the first, 0xE9, at \
             output byte offset 3): the Encoding Standard's label ascii names windows-1252, not \
             US-ASCII as in iconv\n",
        );
    wenc()
        .args(["-t", "ISO-8859-1"])
        .write_stdin("\u{E9} \u{20AC}")
        .assert()
        .success()
        .stdout(&b"\xE9 \x80"[..])
        .stderr(contains(
            "-t ISO-8859-1: the output has bytes ISO-8859-1 lacks (the first, 0x80, at output \
             byte offset 2)",
        ));
}

#[test]
fn no_warning_when_the_stricter_set_suffices_or_with_q() {
    for (label, text) in [
        ("ascii", "plain\n"),
        ("latin1", "caf\u{E9}\n"),
        ("windows-1252", "\u{20AC}\n"),
        ("us-ascii", "\u{20AC}\n"),
    ] {
        let quiet = label == "us-ascii";
        let mut cmd = wenc();
        if quiet {
            cmd.arg("-q");
        }
        cmd.args(["-t", label])
            .write_stdin(text)
            .assert()
            .success()
            .stderr("");
    }
}

// ------------------------------------------------------------- -e subst

#[test]
fn subst_writes_a_question_mark_for_each_character_the_output_lacks() {
    wenc()
        .args(["-t", "windows-1252", "-e", "subst"])
        .write_stdin("id,ok\n1,\u{2713}\n2,\u{2713}\u{2717} caf\u{E9}\n")
        .assert()
        .success()
        .stdout(&b"id,ok\n1,?\n2,?? caf\xE9\n"[..])
        .stderr(
            "wenc: warning: <stdin>: 3 characters not representable in windows-1252 written as \
             '?'; the first U+2713 '\u{2713}' at line 2, column 3\n",
        );
    wenc()
        .args(["-q", "-t", "windows-1252", "-e", "subst"])
        .write_stdin("\u{2713}")
        .assert()
        .success()
        .stdout("?")
        .stderr("");
}

#[test]
fn subst_char_chooses_another_character() {
    // GETA MARK, the Japanese typesetter's placeholder, through ISO-2022-JP's
    // mode switches.
    wenc()
        .args([
            "-t",
            "iso-2022-jp",
            "-e",
            "subst",
            "--subst-char",
            "\u{3013}",
        ])
        .write_stdin("a\u{2713}b")
        .assert()
        .success()
        .stdout(&b"a\x1B$B\"\x2E\x1B(Bb"[..])
        .stderr(contains(
            "1 character not representable in ISO-2022-JP written as '\u{3013}'",
        ));
    wenc()
        .args(["-t", "shift_jis", "-e", "subst", "--subst-char", "_"])
        .write_stdin("\u{2713}\u{30BD}")
        .assert()
        .success()
        .stdout(&b"_\x83\x5C"[..]);
}

#[test]
fn subst_char_must_be_representable_and_needs_subst_mode() {
    wenc()
        .args(["-t", "latin1", "-e", "subst", "--subst-char", "\u{2717}"])
        .write_stdin("x")
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains(
            "error: --subst-char: U+2717 '\u{2717}' cannot be represented in windows-1252; \
             choose a character it has, such as ?",
        ));
    wenc()
        .args(["--subst-char", "x"])
        .write_stdin("x")
        .assert()
        .code(2)
        .stderr(contains("--subst-char needs -e subst"));
    wenc()
        .args(["-e", "subst", "--subst-char", "ab"])
        .write_stdin("x")
        .assert()
        .code(2);
    wenc()
        .args(["--check", "-e", "subst"])
        .write_stdin("x")
        .assert()
        .code(2);
}

#[test]
fn subst_turns_malformed_input_into_fffd_then_substitutes_it() {
    // Malformed input becomes U+FFFD (counted as malformed), which
    // windows-1252 lacks: it is substituted (counted as a substitution).
    wenc()
        .args(["-t", "windows-1252", "-e", "subst"])
        .write_stdin(&b"a\xFFb\n"[..])
        .assert()
        .success()
        .stdout("a?b\n")
        .stderr(
            "wenc: warning: <stdin>: 1 malformed sequence in UTF-8 input replaced with U+FFFD; \
             the first at byte offset 1 (0-based), line 1, column 2: bytes FF; 1 character not \
             representable in windows-1252 written as '?'; the first U+FFFD '\u{FFFD}' at line \
             1, column 2\n",
        );
    // UTF-16 has U+FFFD: nothing to substitute.
    wenc()
        .args(["-q", "-t", "utf-16be", "-e", "subst"])
        .write_stdin(&b"\xFF"[..])
        .assert()
        .success()
        .stdout(&b"\xFF\xFD"[..]);
}

#[test]
fn subst_output_is_the_same_in_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("in.txt");
    let line = "caf\u{E9} \u{2713} \u{1F600}\n";
    std::fs::write(&path, line.repeat(5000)).unwrap();
    let expected = b"caf\xE9 ? ?\n".repeat(5000);
    for jobs in ["1", "3"] {
        wenc()
            .args([
                "-t",
                "windows-1252",
                "-e",
                "subst",
                "-j",
                jobs,
                "--piece-size",
                "4096",
            ])
            .arg(&path)
            .assert()
            .success()
            .stdout(expected.clone())
            .stderr(
                "wenc: warning: in.txt: 10000 characters not representable in windows-1252 \
                 written as '?'; the first U+2713 '\u{2713}' at line 1, column 6\n"
                    .replace("in.txt", &path.display().to_string()),
            );
    }
}
