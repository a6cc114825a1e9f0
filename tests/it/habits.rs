//! What iconv, nkf and uconv users reach for (issue 11): the names they
//! type, `-l LABEL`, the standard's wide `ascii`, `-e subst`, `--eol`,
//! `--normalize`, and `--progress` into a log. Run as a user would, with
//! the exact bytes written, statuses and messages.

use crate::util;
use util::wenc_cmd as wenc;
use util::*;

use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;
use unicode_normalization::UnicodeNormalization;

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
    // A known name of another encoding gets its reason, and no look-alikes.
    for name in ["euc-tw", "EUC-CN", "utf16"] {
        let err = stderr_of(wenc().args(["-f", name]));
        assert!(!err.contains("similar labels"), "{err}");
    }
    let err = stderr_of(wenc().args(["-f", "euc-tw"]));
    assert!(err.contains("EUC-TW (CNS 11643) is not part of"), "{err}");
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

// ------------------------------------------------------- --eol, --normalize

/// "ソ,か\u{3099}" with CRLF line ends, in Shift_JIS (か+゛ decomposed, as
/// macOS writes it, is not in Shift_JIS: U+3099 has no mapping).
const CSV_SJIS_CRLF: &[u8] = b"id,name\r\n1,\x83\x5C\r\n";

#[test]
fn eol_lf_turns_a_windows_csv_into_unix_text() {
    wenc()
        .args(["-f", "cp932", "-q", "--eol", "lf"])
        .write_stdin(CSV_SJIS_CRLF)
        .assert()
        .success()
        .stdout("id,name\n1,\u{30BD}\n")
        .stderr("");
    // A lone CR (old Mac OS) becomes LF too; the output's encoding does not
    // matter.
    wenc()
        .args(["--eol", "lf", "-t", "utf-16le"])
        .write_stdin("a\r\nb\rc\n")
        .assert()
        .success()
        .stdout(&b"a\0\n\0b\0\n\0c\0\n\0"[..]);
}

#[test]
fn eol_crlf_for_every_line_end_and_every_encoding() {
    wenc()
        .args(["--eol", "crlf", "-t", "utf-16be"])
        .write_stdin("a\nb\r\nc\r")
        .assert()
        .success()
        .stdout(&b"\0a\0\r\0\n\0b\0\r\0\n\0c\0\r\0\n"[..]);
    wenc()
        .args(["--eol", "crlf", "-t", "shift_jis"])
        .write_stdin("\u{30BD}\n")
        .assert()
        .success()
        .stdout(&b"\x83\x5C\r\n"[..]);
}

#[test]
fn eol_positions_in_messages_are_those_of_the_input() {
    // Line 3 of the input: the lone CR is not a line end for positions.
    wenc()
        .args(["--eol", "crlf", "-t", "latin1"])
        .write_stdin("a\r\nb\n\rx\u{2713}\n")
        .assert()
        .code(1)
        .stdout(&b"a\r\nb\r\n\r\nx"[..])
        .stderr(
            "wenc: <stdin>: U+2713 '\u{2713}' at line 3, column 3 cannot be represented in \
             windows-1252; -e html writes it as &#10003;, -e subst as ?\n",
        );
    wenc()
        .args(["--eol", "lf", "--check", "-f", "shift_jis"])
        .write_stdin(&b"a\r\n\x83\x5C\r\n\xFF"[..])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "wenc: <stdin>: malformed Shift_JIS input at byte offset 7 (0-based), line 3, \
             column 1: bytes FF\n",
        );
}

#[test]
fn normalize_nfc_lets_macos_text_into_shift_jis() {
    let nfd = "\u{304B}\u{3099}\u{3055}\u{3099}\n";
    wenc()
        .args(["-t", "sjis"])
        .write_stdin(nfd)
        .assert()
        .code(1)
        .stderr(contains("U+3099").and(contains("--normalize nfc")));
    wenc()
        .args(["--normalize", "nfc", "-t", "sjis"])
        .write_stdin(nfd)
        .assert()
        .success()
        .stdout(&b"\x82\xAA\x82\xB4\n"[..])
        .stderr("");
    // NFD back, and the compatibility forms.
    wenc()
        .args(["--normalize", "nfd"])
        .write_stdin("\u{304C}")
        .assert()
        .success()
        .stdout("\u{304B}\u{3099}");
    wenc()
        .args(["--normalize", "nfkc"])
        .write_stdin("\u{FB01}\u{FF21}\u{2460}")
        .assert()
        .success()
        .stdout("fiA1");
    wenc()
        .args(["--normalize", "nfkd"])
        .write_stdin("\u{FB01}\u{E9}")
        .assert()
        .success()
        .stdout("fie\u{301}");
}

#[test]
fn normalize_positions_point_at_the_input() {
    // が made of か + U+3099 on line 2 is reported where か is.
    wenc()
        .args(["--normalize", "nfc", "-t", "latin1"])
        .write_stdin("x\n\u{E9}\u{304B}\u{3099}\n")
        .assert()
        .code(1)
        .stdout(&b"x\n\xE9"[..])
        .stderr(contains(
            "U+304C '\u{304C}' at line 2, column 2 cannot be represented",
        ));
}

#[test]
fn transforms_with_pipes_pieces_and_check() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("in.txt");
    let line = "e\u{301}\u{316} \u{304B}\u{3099}\r\n\r";
    let text = line.repeat(3000);
    std::fs::write(&path, &text).unwrap();
    let nfc = UnicodeNormalization::nfc(text.as_str()).collect::<String>();
    let nfc_lf = nfc.replace("\r\n", "\n").replace('\r', "\n");
    assert!(nfc_lf.starts_with("\u{E9}\u{316} \u{304C}\n\n"));
    for jobs in ["1", "2", "4"] {
        wenc()
            .args([
                "--eol",
                "lf",
                "--normalize",
                "nfc",
                "-j",
                jobs,
                "--piece-size",
                "1000",
            ])
            .arg(&path)
            .assert()
            .success()
            .stdout(nfc_lf.clone())
            .stderr("");
    }
    wenc()
        .args(["--eol", "lf", "--normalize", "nfc"])
        .write_stdin(text.clone())
        .assert()
        .success()
        .stdout(nfc_lf.clone());
    wenc()
        .args([
            "--eol",
            "crlf",
            "--normalize",
            "nfd",
            "--check",
            "-t",
            "utf-16le",
        ])
        .arg(&path)
        .assert()
        .success()
        .stdout("")
        .stderr("");
}

// ------------------------------------- transforms: any chunking, any -j

mod transform_props {
    use proptest::prelude::*;
    use unicode_normalization::UnicodeNormalization;
    use wenc::codec::{Encoding, SHIFT_JIS, UTF_16LE, UTF_8, WINDOWS_1252};
    use wenc::convert::{
        convert_bytes, Converter, Eol, ErrorMode, Form, Parallelism, Settings, Summary,
        TextTransform,
    };

    fn settings(to: &'static Encoding, transform: TextTransform) -> Settings {
        Settings {
            from: UTF_8,
            to,
            mode: ErrorMode::Html,
            sniff_bom: true,
            write_output: true,
            transform,
            utf8_evidence: false,
        }
    }

    /// The whole text at once: normalize, rewrite line ends, encode.
    fn reference(to: &'static Encoding, t: TextTransform, text: &str) -> Vec<u8> {
        let text: String = match t.normalize {
            None => text.to_string(),
            Some(Form::Nfc) => text.nfc().collect(),
            Some(Form::Nfd) => text.nfd().collect(),
            Some(Form::Nfkc) => text.nfkc().collect(),
            Some(Form::Nfkd) => text.nfkd().collect(),
        };
        let lf = text.replace("\r\n", "\n").replace('\r', "\n");
        let text = match t.eol {
            None => text,
            Some(Eol::Lf) => lf,
            Some(Eol::Crlf) => lf.replace('\n', "\r\n"),
        };
        to.encode(&text).unwrap().0
    }

    fn fed(s: Settings, bytes: &[u8], cuts: &[usize]) -> (Vec<u8>, Summary) {
        let mut c = Converter::new(s);
        let (mut out, mut from) = (Vec::new(), 0);
        for &cut in cuts {
            let cut = cut.clamp(from, bytes.len());
            c.feed(&bytes[from..cut], false, &mut out).unwrap();
            from = cut;
        }
        c.feed(&bytes[from..], true, &mut out).unwrap();
        (out, c.summary())
    }

    fn split(s: Settings, bytes: &[u8], jobs: usize, piece_size: usize) -> (Vec<u8>, Summary) {
        let p = Parallelism { jobs, piece_size };
        let mut out = Vec::new();
        let (summary, result) = convert_bytes(s, p, bytes, &mut out, &mut ());
        result.unwrap();
        (out, summary)
    }

    fn any_transform() -> impl Strategy<Value = TextTransform> {
        let eol = prop::option::of(prop::sample::select(vec![Eol::Lf, Eol::Crlf]));
        let form = prop::option::of(prop::sample::select(vec![
            Form::Nfc,
            Form::Nfd,
            Form::Nfkc,
            Form::Nfkd,
        ]));
        (eol, form)
            .prop_map(|(eol, normalize)| TextTransform { eol, normalize })
            .prop_filter("a transform", |t| !t.is_none())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        #[test]
        fn output_does_not_depend_on_chunks_or_jobs(
            transform in any_transform(),
            to in prop::sample::select(vec![UTF_8, UTF_16LE, SHIFT_JIS, WINDOWS_1252]),
            text in "[ae\r\n\u{E9}\u{301}\u{316}\u{304B}\u{3099}\u{AC00}\u{1100}\u{1161}\u{FB01}\u{2713}]{0,60}",
            mut cuts in prop::collection::vec(0..200usize, 0..8),
            jobs in 2..4usize,
            piece_size in 1..24usize,
        ) {
            cuts.sort_unstable();
            let s = settings(to, transform);
            let bytes = text.as_bytes();
            let expected = reference(to, transform, &text);
            let (one, summary) = fed(s, bytes, &[]);
            prop_assert_eq!(&one, &expected);
            let (chunked, chunked_summary) = fed(s, bytes, &cuts);
            prop_assert_eq!(&chunked, &expected);
            prop_assert_eq!(chunked_summary, summary);
            let (pieces, pieces_summary) = split(s, bytes, jobs, piece_size);
            prop_assert_eq!(&pieces, &expected);
            prop_assert_eq!(pieces_summary.unmappable, summary.unmappable);
            prop_assert_eq!(pieces_summary.first_unmappable, summary.first_unmappable);
        }
    }
}

// ------------------------------------------------------ --progress into a log

#[test]
fn progress_without_a_terminal_writes_plain_lines_ending_in_a_newline() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("in.txt");
    std::fs::write(&path, b"text\n".repeat(1 << 20)).unwrap();
    let out = wenc()
        .arg("--progress")
        .arg(&path)
        .assert()
        .success()
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains('\r') && !err.contains('\u{1b}'), "{err:?}");
    assert!(
        err.ends_with("wenc: progress: 5.00 MiB of 5.00 MiB (100%)\n"),
        "{err:?}"
    );
    assert!(
        err.lines().all(|l| l.starts_with("wenc: progress: ")),
        "{err:?}"
    );
    // Standard input (size unknown), with a warning on a line of its own.
    let out = wenc()
        .args(["--progress", "-t", "latin1", "-e", "subst"])
        .write_stdin("\u{2713}\n".repeat(1000))
        .assert()
        .success()
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.ends_with("wenc: progress: 3.91 KiB\n"), "{err:?}");
    assert!(
        err.starts_with("wenc: warning: <stdin>: 1000 characters not representable"),
        "{err:?}"
    );
    assert!(!err.contains('\r'), "{err:?}");
}

// ------------------------------------------------ completions and man page

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// What the bash completion offers for these words (the last is completed).
fn bash_completes(words: &[&str]) -> String {
    let script = format!(
        "source completions/wenc.bash\n\
         COMP_WORDS=({})\n\
         COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))\n\
         _wenc_with_labels wenc \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"\n\
         echo \"${{COMPREPLY[*]}}\"",
        words
            .iter()
            .map(|w| format!("'{w}'"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .trim_end()
        .to_string()
}

#[test]
fn bash_completes_labels_case_insensitively_and_after_equals() {
    assert_eq!(bash_completes(&["wenc", "-t", "Sh"]), "shift-jis shift_jis");
    assert_eq!(bash_completes(&["wenc", "-f", "SJ"]), "sjis");
    // COMP_WORDBREAKS splits --from=sh into three words...
    assert_eq!(
        bash_completes(&["wenc", "--from", "=", "sh"]),
        "shift-jis shift_jis"
    );
    assert!(bash_completes(&["wenc", "--to", "="]).starts_with("unicode-1-1-utf-8 "));
    // ...or, without "=" in it, leaves one.
    assert_eq!(
        bash_completes(&["wenc", "--to=Utf-16"]),
        "--to=utf-16be --to=utf-16 --to=utf-16le"
    );
    // Other options complete as clap says.
    assert_eq!(bash_completes(&["wenc", "-e", "s"]), "subst");
    assert_eq!(bash_completes(&["wenc", "--eol", ""]), "lf crlf");
}

#[test]
fn every_shell_offers_labels_matched_case_insensitively() {
    let zsh = repo_file("completions/_wenc");
    assert!(zsh.contains(
        "'--from=[Input encoding, any label of the Encoding Standard, or auto]:LABEL:_wenc_from_labels'"
    ));
    assert!(zsh.contains("'--to=[Output encoding]:LABEL:_wenc_to_labels'"));
    assert!(zsh.contains("compadd -M 'm:{[:lower:][:upper:]}={[:upper:][:lower:]}' -a labels"));
    assert!(zsh.contains(" shift_jis "));
    let fish = repo_file("completions/wenc.fish");
    assert!(fish
        .contains("complete -c wenc -s t -l to -d 'Output encoding' -r -f -a \"unicode-1-1-utf-8"));
    let ps = repo_file("completions/_wenc.ps1");
    assert!(ps.contains("$_ -like \"$wencValue*\""));
    assert!(ps.contains(" shift_jis "));
    let elvish = repo_file("completions/wenc.elv");
    assert!(elvish.contains("var typed = (str:to-lower $words[-1])"));
    assert!(elvish.contains("'shift_jis'"));
}

#[test]
fn man_page_synopsis_shows_value_names_and_the_version_once() {
    let man = repo_file("man/wenc.1");
    for needle in [
        "[\\fB\\-f\\fR|\\fB\\-\\-from\\fR \\fILABEL\\fR]",
        "[\\fB\\-e\\fR|\\fB\\-\\-errors\\fR \\fIMODE\\fR]",
        "[\\fB\\-\\-eol\\fR \\fIEOL\\fR]",
        "[\\fB\\-\\-normalize\\fR \\fIFORM\\fR]",
        "[\\fB\\-j\\fR|\\fB\\-\\-jobs\\fR \\fIN\\fR] ",
        "[\\fIFILE\\fR]...\n",
        ".TH wenc 1  \"wenc 0.1.0\" \"User Commands\"\n",
    ] {
        assert!(man.contains(needle), "{needle} missing");
    }
    assert!(!man.contains(".SH VERSION"));
    for example in [
        "wenc \\-f cp932 \\-\\-eol lf",
        "\\-\\-normalize nfc \\-t sjis",
        "\\-e subst",
    ] {
        assert!(man.contains(example), "{example} missing");
    }
}

/// `--check -f ascii`: the label names windows-1252, which has every byte;
/// wenc says so, and where the first non-ASCII byte is.
#[test]
fn check_with_ascii_says_what_the_label_means() {
    for label in ["ascii", "US-ASCII"] {
        wenc()
            .args(["--check", "-f", label])
            .write_stdin("caf\u{E9}")
            .assert()
            .success()
            .stdout("")
            .stderr(format!(
                "wenc: warning: <stdin>: -f {label}: the input has bytes US-ASCII lacks (the \
                 first, 0xC3, at byte offset 3 (0-based)), which --check accepts: the Encoding \
                 Standard's label {label} names windows-1252, not US-ASCII as in iconv\n"
            ));
    }
    wenc()
        .args(["--check", "-f", "ascii"])
        .write_stdin("plain")
        .assert()
        .success()
        .stderr("");
}
