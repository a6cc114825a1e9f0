//! -f and -t labels as clap's value parser resolves them: the whole usage
//! error, as clap prints its own (message, usage line, help hint, status 2),
//! the `auto` choice for -f only, and --historical applied after parsing.

use crate::util;
use util::wenc_cmd as wenc;

#[test]
fn an_unknown_label_is_a_whole_usage_error() {
    wenc()
        .args(["-f", "shiftjs"])
        .write_stdin("x")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "error: unknown encoding label 'shiftjs' for -f\n\
             \n  similar labels: shift-jis (Shift_JIS), shift_jis (Shift_JIS)\n  \
             wenc --list-labels shows every label\n\
             \nUsage: wenc [OPTIONS] [FILE]...\n\
             \nFor more information, try '--help'.\n",
        );
}

#[test]
fn an_iconv_suffix_is_explained_in_the_same_frame() {
    let out = wenc()
        .args(["-t", "UTF-8//IGNORE"])
        .write_stdin("x")
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: 'UTF-8//IGNORE' for -t: wenc labels take no iconv suffix\n\n"),
        "{err}"
    );
    assert!(
        err.ends_with(
            "  Write the label alone: -t UTF-8   (UTF-8)\n\n\
             Usage: wenc [OPTIONS] [FILE]...\n\nFor more information, try '--help'.\n"
        ),
        "{err}"
    );
}

#[test]
fn auto_is_a_choice_for_input_only() {
    wenc()
        .args(["-f", " AUTO ", "-t", "utf-16le"])
        .write_stdin("hi")
        .assert()
        .success()
        .stdout(&b"h\0i\0"[..]);
    wenc()
        .args(["-t", "auto"])
        .write_stdin("hi")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::starts_with(
            "error: unknown encoding label 'auto' for -t\n",
        ));
}

#[test]
fn the_label_is_resolved_before_other_usage_checks() {
    // clap reports a bad value as it parses it, before conflicts between
    // options: the label is named, with status 2 either way.
    wenc()
        .args(["-l", "-f", "bogus"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::starts_with(
            "error: unknown encoding label 'bogus' for -f\n",
        ));
}

#[test]
fn historical_turns_a_parsed_replacement_label_into_the_drafts_codec() {
    // Without the option the label names replacement, which has no encoder.
    wenc()
        .args(["-t", "HZ-GB-2312"])
        .write_stdin("x")
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "names the replacement encoding, which has no encoder",
        ));
    wenc()
        .args(["--historical", "-t", "HZ-GB-2312"])
        .write_stdin("x")
        .assert()
        .success()
        .stdout("x");
}

#[test]
fn an_extra_name_gives_one_note_unless_quiet() {
    let out = wenc()
        .args(["-f", "cp932", "-t", "cp932"])
        .write_stdin("x")
        .assert()
        .success()
        .stdout("x")
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.matches("wenc: note: -f cp932: ").count(), 1, "{err}");
    assert_eq!(err.matches("wenc: note: -t cp932: ").count(), 1, "{err}");
    assert_eq!(err.lines().count(), 2, "{err}");
    wenc()
        .args(["-q", "-f", "cp932"])
        .write_stdin("x")
        .assert()
        .success()
        .stderr("");
}

/// A value with any character but ASCII letters and digits and -, _, . or
/// spaces between them is no label: a usage error, the value shown whole.
#[test]
fn a_label_with_other_characters_is_refused_whole() {
    wenc()
        .args(["-f", "utf-8\u{B}", "-t", "utf-16le"])
        .write_stdin("x")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "error: unknown encoding label 'utf-8\\x0B' for -f\n\
             \n  did you mean utf-8? A label is ASCII letters and digits, with -, _, . or \
             spaces between them\n  wenc --list-labels shows every label\n\
             \nUsage: wenc [OPTIONS] [FILE]...\n\
             \nFor more information, try '--help'.\n",
        );
}

#[test]
fn the_note_for_an_extra_name_shows_it_as_typed() {
    wenc()
        .args(["-f", " cp932\t", "-t", "utf-8"])
        .write_stdin("x")
        .assert()
        .success()
        .stdout("x")
        .stderr(predicates::str::starts_with(
            "wenc: note: -f ' cp932\\x09': not a label of the Encoding Standard; \
             wenc takes it as shift_jis (Shift_JIS)",
        ));
}
