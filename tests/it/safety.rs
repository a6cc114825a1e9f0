//! Nothing lost by mistake (issue 13): the guards when the output replaces
//! an input, `--in-place`, several FILEs to standard output, and standard
//! output that is an input. Each test checks the files byte for byte, the
//! exit status and the messages; the fault tests check that an `--in-place`
//! run of several files leaves every file either fully converted or exactly
//! as it was, and no temporary file behind.
//!
//! Tests run as root here: the one about an unreadable file runs wenc as
//! uid and gid 65534 (nobody), as tests/it/faults.rs does.

#![cfg(unix)]

mod faults;

use assert_cmd::assert::OutputAssertExt;
use predicates::prelude::*;
use predicates::str::contains;
use std::fs;
use std::os::unix::fs::MetadataExt;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::time::{Duration, SystemTime};

use crate::util;
use util::*;

/// "ファイル" (file) in Shift_JIS, and in UTF-8.
const SJIS: &[u8] = b"\x83t\x83@\x83C\x83\x8B\n";
const UTF8: &[u8] = "ファイル\n".as_bytes();

/// A fresh temporary directory anyone may write to (for the nobody test).
fn dir() -> tempfile::TempDir {
    temp_dir("wenc-safety-", 0o777)
}

fn shift_jis(bytes: &[u8]) -> Vec<u8> {
    let (text, _) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(bytes);
    text.into_owned().into_bytes()
}

fn mtime(path: &Path) -> SystemTime {
    fs::metadata(path).unwrap().modified().unwrap()
}

// ---------------------------------------------------------------- guards

#[test]
fn malformed_input_is_not_replaced_by_default_under_any_name() {
    let d = dir();
    let file = write(d.path(), "excel.csv", SJIS);
    let link = d.path().join("link.csv");
    fs::hard_link(&file, &link).unwrap();
    let symlink = d.path().join("sym.csv");
    std::os::unix::fs::symlink(&file, &symlink).unwrap();
    let dotted = d.path().join(".").join("excel.csv");
    let message = format!(
        "wenc: {}: 5 malformed sequences in UTF-8 input; the first at byte offset 0 (0-based), \
         line 1, column 1: bytes 83; nothing was replaced: name its encoding with -f (or -f \
         auto), or give -e replacement to write U+FFFD for malformed input\n",
        file.display()
    );
    // -f forgotten: -o naming the input by its own name, a hard link, a
    // symbolic link or another spelling; --in-place.
    for target in [&file, &link, &symlink, &dotted] {
        wenc()
            .arg("-o")
            .arg(target)
            .arg(&file)
            .assert()
            .code(1)
            .stdout("")
            .stderr(message.clone());
        assert_eq!(fs::read(&file).unwrap(), SJIS, "-o {}", target.display());
    }
    wenc()
        .arg("-i")
        .arg(&file)
        .assert()
        .code(1)
        .stderr(message.clone());
    // Through standard input too.
    wenc()
        .arg("-o")
        .arg(&file)
        .stdin(fs::File::open(&file).unwrap())
        .assert()
        .code(1)
        .stderr(contains("<stdin>: 5 malformed sequences in UTF-8 input"));
    assert_eq!(fs::read(&file).unwrap(), SJIS);
    assert_eq!(fs::read(&link).unwrap(), SJIS);
    assert_eq!(listing(d.path()), ["excel.csv", "link.csv", "sym.csv"]);
    // Another input of a run that replaces one counts as well.
    let other = write(d.path(), "other", b"fine\n");
    wenc()
        .arg("-o")
        .arg(&other)
        .arg(&other)
        .arg(&file)
        .assert()
        .code(1)
        .stderr(contains("5 malformed sequences"));
    assert_eq!(fs::read(&other).unwrap(), b"fine\n");
    // Asked for explicitly: replaced, with the usual warning.
    wenc()
        .args(["-e", "replacement", "-i"])
        .arg(&file)
        .assert()
        .success()
        .stderr(contains("warning").and(contains("replaced with U+FFFD")));
    assert_eq!(
        fs::read(&file).unwrap(),
        "\u{FFFD}t\u{FFFD}@\u{FFFD}C\u{FFFD}\u{FFFD}\n".as_bytes()
    );
    // -o to another file is not in place: replaced with a warning, as before.
    let source = write(d.path(), "source", SJIS);
    let out = d.path().join("out");
    wenc()
        .arg("-o")
        .arg(&out)
        .arg(&source)
        .assert()
        .success()
        .stderr(contains("warning: "));
}

#[test]
fn the_replacement_encoding_is_refused_in_place() {
    let d = dir();
    let mail = write(d.path(), "mail.txt", b"\x1B$)C\x0E!!\x0F Hello\n");
    let message = "'iso-2022-kr' for -f names the replacement encoding, which decodes any input \
                   to a single U+FFFD: wenc does not replace a file with that";
    for args in [&["-o", "mail.txt"][..], &["-e", "replacement", "-i"]] {
        wenc()
            .current_dir(d.path())
            .args(["-f", "iso-2022-kr"])
            .args(args)
            .arg("mail.txt")
            .assert()
            .code(2)
            .stderr(contains(message));
    }
    assert_eq!(fs::read(&mail).unwrap(), b"\x1B$)C\x0E!!\x0F Hello\n");
    // Elsewhere it decodes as the standard says, with a warning.
    wenc()
        .args(["-f", "iso-2022-kr"])
        .arg(&mail)
        .assert()
        .success()
        .stdout("\u{FFFD}");
}

#[test]
fn a_file_converted_already_is_refused_in_place_unless_forced() {
    let d = dir();
    let file = write(d.path(), "f.txt", SJIS);
    wenc()
        .args(["-f", "shift_jis", "-i"])
        .arg(&file)
        .assert()
        .success()
        .stderr("");
    assert_eq!(fs::read(&file).unwrap(), UTF8);
    // The second time: valid UTF-8, so refused, with -o and with -i.
    let refused = format!(
        "wenc: {}: UTF-8 text (4 valid multi-byte sequences, 0 stray bytes), as if converted \
         already: read as Shift_JIS it would be garbled; nothing was replaced (--force converts \
         it anyway)\n",
        file.display()
    );
    for flag in ["-o", "-i"] {
        let mut cmd = wenc();
        cmd.args(["-f", "shift_jis", flag]).arg(&file);
        if flag == "-o" {
            cmd.arg(&file);
        }
        cmd.assert().code(1).stderr(refused.clone());
        assert_eq!(fs::read(&file).unwrap(), UTF8);
    }
    // To standard output: a warning (not with -q).
    wenc()
        .args(["-f", "shift_jis"])
        .arg(&file)
        .assert()
        .success()
        .stdout(shift_jis(UTF8))
        .stderr(format!(
            "wenc: warning: {}: UTF-8 text (4 valid multi-byte sequences, 0 stray bytes), as if \
             converted already: read as Shift_JIS it is probably garbled\n",
            file.display()
        ));
    wenc()
        .args(["-q", "-f", "shift_jis"])
        .arg(&file)
        .assert()
        .success()
        .stderr("");
    // ASCII is fine either way; a BOM naming UTF-8 overrides -f.
    let ascii = write(d.path(), "ascii", b"plain\n");
    let bom = write(d.path(), "bom", b"\xEF\xBB\xBFcaf\xC3\xA9\n");
    wenc()
        .args(["-f", "shift_jis", "-i"])
        .arg(&ascii)
        .arg(&bom)
        .assert()
        .success();
    assert_eq!(fs::read(&bom).unwrap(), "café\n".as_bytes());
    // --force: the user insists.
    wenc()
        .args(["-f", "shift_jis", "-e", "replacement", "--force", "-i"])
        .arg(&file)
        .assert()
        .success();
    assert_eq!(fs::read(&file).unwrap(), shift_jis(UTF8));
}

// ---------------------------------------------------------------- --in-place

#[test]
fn in_place_converts_each_file_on_its_own_and_goes_on_after_failures() {
    let d = dir();
    let a = write(d.path(), "a", SJIS);
    let b = write(d.path(), "b", &SJIS.repeat(3));
    chmod(&b, 0o640);
    std::os::unix::fs::chown(&b, Some(NOBODY), Some(NOBODY)).unwrap();
    let ascii = write(d.path(), "ascii", b"unchanged\n");
    let old = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000_000);
    fs::File::options()
        .write(true)
        .open(&ascii)
        .unwrap()
        .set_modified(old)
        .unwrap();
    let ino = fs::metadata(&ascii).unwrap().ino();
    let bad = write(d.path(), "bad", b"\x83t\xFF\n"); // 0xFF is not Shift_JIS
    let missing = d.path().join("missing");
    let sub = d.path().join("sub");
    fs::create_dir(&sub).unwrap();
    let output = wenc()
        .args(["-f", "shift_jis", "-i"])
        .args([&a, &missing, &bad, &sub, &ascii, &b])
        .output()
        .unwrap();
    output.assert().code(1).stdout("").stderr(format!(
        "wenc: {m}: cannot open: No such file or directory\n\
         wenc: {bad}: 1 malformed sequence in Shift_JIS input; the first at byte offset 2 \
         (0-based), line 1, column 2: bytes FF; nothing was replaced: name its encoding with -f \
         (or -f auto), or give -e replacement to write U+FFFD for malformed input\n\
         wenc: {sub}: cannot open: is a directory\n\
         wenc: 6 files: 2 converted, 1 unchanged, 3 failed\n",
        m = missing.display(),
        bad = bad.display(),
        sub = sub.display(),
    ));
    assert_eq!(fs::read(&a).unwrap(), UTF8);
    assert_eq!(fs::read(&b).unwrap(), UTF8.repeat(3));
    let meta = fs::metadata(&b).unwrap();
    assert_eq!(meta.mode() & 0o777, 0o640, "mode kept");
    assert_eq!((meta.uid(), meta.gid()), (NOBODY, NOBODY), "owner kept");
    assert_eq!(fs::read(&bad).unwrap(), b"\x83t\xFF\n");
    // Not rewritten: same inode, same timestamp.
    assert_eq!(fs::metadata(&ascii).unwrap().ino(), ino);
    assert_eq!(mtime(&ascii), old);
    assert_eq!(listing(d.path()), ["a", "ascii", "b", "bad", "sub"]);
    // -q: no summary; errors still reported.
    wenc()
        .args(["-q", "-f", "shift_jis", "-i"])
        .args([&ascii, &missing])
        .assert()
        .code(1)
        .stderr(contains("cannot open").and(contains("files:").not()));
    // --add-bom: each file gets its own.
    let c = write(d.path(), "c", SJIS);
    let e = write(d.path(), "e", SJIS);
    wenc()
        .args(["-f", "shift_jis", "--add-bom", "-i"])
        .args([&c, &e])
        .assert()
        .success()
        .stderr("wenc: 2 files: 2 converted, 0 unchanged, 0 failed\n");
    assert_eq!(fs::read(&c).unwrap(), [b"\xEF\xBB\xBF", UTF8].concat());
    assert_eq!(fs::read(&e).unwrap(), [b"\xEF\xBB\xBF", UTF8].concat());
}

#[test]
fn in_place_usage_errors() {
    for args in [
        &["-i"][..],
        &["-i", "-"],
        &["-i", "-o", "x", "f"],
        &["-i", "--check", "f"],
    ] {
        wenc().args(args).assert().code(2);
    }
}

#[test]
fn in_place_leaves_what_is_not_a_regular_file_alone() {
    wenc()
        .args(["-i", "/dev/null"])
        .assert()
        .code(1)
        .stderr("wenc: /dev/null: not a regular file: --in-place only replaces regular files\n");
}

#[test]
fn an_unreadable_file_in_place_is_reported_and_the_others_converted() {
    let d = dir();
    let a = write(d.path(), "a", SJIS);
    let secret = write(d.path(), "secret", SJIS);
    chmod(&secret, 0o600);
    let mut cmd = wenc();
    cmd.uid(NOBODY).gid(NOBODY);
    let Ok(output) = cmd
        .args(["-f", "shift_jis", "-i"])
        .args([&secret, &a])
        .output()
    else {
        eprintln!("skipped: cannot run wenc as uid {NOBODY}");
        return;
    };
    output.assert().code(1).stderr(format!(
        "wenc: {}: cannot open: Permission denied\nwenc: 2 files: 1 converted, 0 unchanged, 1 \
         failed\n",
        secret.display()
    ));
    assert_eq!(fs::read(&a).unwrap(), UTF8);
    assert_eq!(fs::read(&secret).unwrap(), SJIS);
    assert_eq!(listing(d.path()), ["a", "secret"]);
}

#[test]
fn in_place_splits_large_files_and_shows_progress() {
    let d = dir();
    // About 5 MiB of Shift_JIS lines: split into pieces with -j.
    let text = [SJIS, b"0123456789abcdef ".as_slice(), SJIS]
        .concat()
        .repeat(150_000);
    let expected = shift_jis(&text);
    let big = write(d.path(), "big", &text);
    let small = write(d.path(), "small", SJIS);
    wenc()
        .args(["-f", "shift_jis", "-j", "4", "--progress", "-i"])
        .args([&big, &small])
        .assert()
        .success()
        .stderr(contains(
            "wenc: 2 files: 2 converted, 0 unchanged, 0 failed\n",
        ));
    assert!(fs::read(&big).unwrap() == expected);
    assert_eq!(fs::read(&small).unwrap(), UTF8);
    // A malformed byte near the end: reported at the same place as -j 1.
    let mut broken = text.clone();
    let at = broken.len() - 5;
    broken[at] = 0xFF;
    fs::write(&big, &broken).unwrap();
    for jobs in ["1", "4"] {
        wenc()
            .args(["-f", "shift_jis", "--piece-size", "65536", "-j", jobs, "-i"])
            .arg(&big)
            .assert()
            .code(1)
            .stderr(contains(format!(
                "1 malformed sequence in Shift_JIS input; the first at byte offset {at} (0-based)"
            )));
        assert!(fs::read(&big).unwrap() == broken);
    }
}

// ---------------------------------------------------------------- standard output

#[test]
fn unreadable_files_to_standard_output_are_skipped_as_cat_does() {
    let d = dir();
    let one = write(d.path(), "ok1", b"one\n");
    let three = write(d.path(), "ok3", b"three\n");
    let missing = d.path().join("missing.txt");
    wenc()
        .arg(&one)
        .arg(&missing)
        .arg(d.path())
        .arg("/proc/self/mem")
        .arg(&three)
        .assert()
        .code(1)
        .stdout("one\nthree\n")
        .stderr(format!(
            "wenc: {}: cannot open: No such file or directory\nwenc: {}: cannot open: is a \
             directory\nwenc: /proc/self/mem: read error: Input/output error\n",
            missing.display(),
            d.path().display()
        ));
    // A conversion error still stops the run (what came before is written).
    let bad = write(d.path(), "bad", b"\xFF\n");
    wenc()
        .args(["-e", "fatal"])
        .args([&one, &bad, &three])
        .assert()
        .code(1)
        .stdout("one\n");
    // With -o, nothing is written when an input is missing.
    let target = write(d.path(), "target", b"precious");
    wenc()
        .arg("-o")
        .arg(&target)
        .args([&one, &missing, &three])
        .assert()
        .code(1);
    assert_eq!(fs::read(&target).unwrap(), b"precious");
}

/// Runs `wenc ARGS >> file` (standard output appending to `file`).
fn appending_to(file: &Path, args: &[&Path], stdin: Option<&Path>) -> std::process::Output {
    let out = fs::File::options().append(true).open(file).unwrap();
    let mut cmd = wenc();
    cmd.args(args).stdout(out);
    if let Some(input) = stdin {
        cmd.stdin(fs::File::open(input).unwrap());
    }
    cmd.output().unwrap()
}

#[test]
fn standard_output_that_is_an_input_is_refused_before_writing() {
    let d = dir();
    let f = write(d.path(), "f", b"text\n");
    let other = write(d.path(), "other", b"other\n");
    let link = d.path().join("link");
    fs::hard_link(&f, &link).unwrap();
    let refused = |shown: &str| {
        format!(
            "wenc: {shown}: input file is output file (to convert a file in place, use -i or -o)\n"
        )
    };
    appending_to(&f, &[&other, &f], None)
        .assert()
        .code(1)
        .stderr(refused(&f.display().to_string()));
    appending_to(&f, &[&link], None)
        .assert()
        .code(1)
        .stderr(refused(&link.display().to_string()));
    appending_to(&f, &[], Some(&f))
        .assert()
        .code(1)
        .stderr(refused("<stdin>"));
    assert_eq!(fs::read(&f).unwrap(), b"text\n", "nothing appended");
    // Devices are not regular files: reading and writing /dev/null is fine.
    wenc()
        .arg("/dev/null")
        .stdout(fs::File::create("/dev/null").unwrap())
        .assert()
        .success();
    // --check writes nothing.
    appending_to(&f, &[Path::new("--check"), &f], None)
        .assert()
        .success();
}
