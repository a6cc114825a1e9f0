//! README guarantees that had no test of their own (tests/it/guarantees.rs):
//! a closed standard output, the inode and timestamps of a file left as it
//! was, and the memory figures, wherever the first error is.

use std::fs;
use std::io::{Read, Write};
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use crate::util::*;

/// `wenc ARGS` run by a shell with `redirect` (`>&-`, `2>&-`): status and
/// standard error (or output, when that is what is closed).
fn with_closed(redirect: &str, args: &[&str]) -> (Option<i32>, String, Vec<u8>) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" \"$@\" {redirect}"))
        .arg(BIN)
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), stderr, out.stdout)
}

/// `wenc f >&-`: the runtime puts /dev/null in place of the closed
/// descriptor, so the output is discarded, the status 0, and no file wenc
/// opens takes descriptor 1: `-i` with standard output closed converts the
/// file, and nothing else lands in it.
#[test]
fn a_closed_standard_output_is_discarded_and_nothing_else_is_lost() {
    let d = dir();
    let f = write(d.path(), "f", b"caf\xE9\n");
    let name = f.to_str().unwrap();
    let (code, stderr, _) = with_closed(">&-", &["-f", "windows-1252", name]);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    assert_eq!(fs::read(&f).unwrap(), b"caf\xE9\n", "the input untouched");

    let (code, stderr, _) = with_closed(">&-", &["-i", "-f", "windows-1252", name]);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    assert_eq!(fs::read(&f).unwrap(), "caf\u{E9}\n".as_bytes());

    // Standard error closed: a failure still has its status, and output.
    let bad = write(d.path(), "bad", b"ok\xFF\n");
    let (code, _, stdout) = with_closed("2>&-", &["-e", "fatal", bad.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert_eq!(stdout, b"ok");
    assert_eq!(fs::read(&bad).unwrap(), b"ok\xFF\n");
}

/// `wenc f | head -c1`: the reader takes one byte and goes; wenc ends
/// quietly with status 0 (from a file, a pipe, and with threads), and the
/// input is as it was.
#[test]
fn a_reader_that_takes_one_byte_ends_wenc_quietly() {
    let d = dir();
    let text = "Z\u{FC}rich, caf\u{E9}\n".repeat(1 << 16).into_bytes();
    let f = write(d.path(), "f", &text);
    for args in [&["-t", "utf-16le"][..], &["-j", "4", "-t", "utf-16le"], &[]] {
        for from_pipe in [false, true] {
            let mut cmd = wenc();
            cmd.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
            if from_pipe {
                cmd.stdin(fs::File::open(&f).unwrap());
            } else {
                cmd.arg(&f);
            }
            let mut child = cmd.spawn().unwrap();
            let mut stdout = child.stdout.take().unwrap();
            let mut one = [0u8; 1];
            stdout.read_exact(&mut one).unwrap();
            drop(stdout);
            let stderr = read_stderr(&mut child);
            let status = child.wait().unwrap();
            assert_eq!(one, [b'Z'], "{args:?}");
            assert_eq!(
                (status.code(), stderr.as_str()),
                (Some(0), ""),
                "{args:?} pipe {from_pipe}"
            );
        }
    }
    assert_eq!(fs::read(&f).unwrap(), text);
}

/// `-i` on files whose bytes would not change (ASCII read as a legacy
/// encoding, UTF-8 read as UTF-8, one already converted and forced): not
/// rewritten, so the inode and the modification time stay.
#[test]
fn a_file_whose_bytes_would_not_change_keeps_its_inode_and_mtime() {
    let d = dir();
    let past = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000_000);
    let cases: [(&str, &[u8], &[&str]); 3] = [
        ("ascii", b"plain text\n", &["-f", "windows-1252"]),
        ("utf8", "caf\u{E9}\n".as_bytes(), &["-f", "utf-8"]),
        ("crlf", b"a\r\nb\r\n", &["-f", "iso-8859-2"]),
    ];
    for (name, bytes, args) in cases {
        let f = write(d.path(), name, bytes);
        fs::File::options()
            .write(true)
            .open(&f)
            .unwrap()
            .set_modified(past)
            .unwrap();
        let before = fs::metadata(&f).unwrap();
        let out = wenc().arg("-i").args(args).arg(&f).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr_text(&out));
        let after = fs::metadata(&f).unwrap();
        assert_eq!(after.ino(), before.ino(), "{name}: rewritten");
        assert_eq!(after.modified().unwrap(), past, "{name}: touched");
        assert_eq!(after.ctime(), before.ctime(), "{name}: its inode changed");
        assert_eq!(fs::read(&f).unwrap(), bytes);
    }
}

/// Where a text file gets its malformed byte.
#[derive(Clone, Copy, PartialEq)]
enum Bad {
    Nowhere,
    Early,
    Late,
}

/// Writes `mib` blocks of about 1 MiB of `line` repeated to `path`, with a
/// malformed byte (0xFF) where `bad` says.
fn text_file(path: &Path, line: &str, mib: usize, bad: Bad) {
    let mut f = std::io::BufWriter::new(fs::File::create(path).unwrap());
    let block = line.repeat((1 << 20) / line.len()).into_bytes();
    for i in 0..mib {
        let mut piece = block.clone();
        if bad == Bad::Early && i == 0 {
            piece[100] = 0xFF;
        }
        if bad == Bad::Late && i == mib - 1 {
            piece[block.len() - 2] = 0xFF;
        }
        f.write_all(&piece).unwrap();
    }
}

/// Peak resident memory (KiB) of `wenc args file`, and its status.
fn peak_kib(args: &[&str], file: &Path) -> (Option<i32>, u64) {
    let mut child = wenc()
        .args(args)
        .arg(file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (status, kib) = wait_watching_memory(&mut child);
    (status.code(), kib)
}

/// "The position of the first error is counted as the text goes by, so
/// memory stays flat wherever in the file it is": a 128 MiB file with its
/// first malformed byte at the start, then at the end, through the UTF-8
/// pass-through and through a decoder; the late error costs no more than
/// the early one (a generous 8 MiB of slack) and both stay small.
#[test]
fn memory_is_the_same_wherever_the_first_error_is() {
    let d = dir();
    let line = "caf\u{E9} na\u{EF}ve, \u{65E5}\u{672C}\n";
    let early = d.path().join("early");
    let late = d.path().join("late");
    text_file(&early, line, 128, Bad::Early);
    text_file(&late, line, 128, Bad::Late);
    for args in [
        &["-j1", "-e", "replacement"][..],
        &["-j1", "-e", "replacement", "-t", "utf-16le"],
    ] {
        let (code_early, kib_early) = peak_kib(args, &early);
        let (code_late, kib_late) = peak_kib(args, &late);
        assert_eq!((code_early, code_late), (Some(0), Some(0)), "{args:?}");
        assert!(
            kib_late <= kib_early + 8 * 1024,
            "{args:?}: {kib_late} KiB with the error at the end, {kib_early} KiB at the start"
        );
        assert!(kib_late < 32 * 1024, "{args:?}: {kib_late} KiB");
    }
}

/// README's measured figures, with room to spare (a loaded machine, another
/// allocator): 64 MiB of Chinese text at `-j8` peaks at 25 MiB to UTF-8 or
/// UTF-16 and at 44 MiB to windows-1252 with `-e html`; here within twice
/// that.
#[test]
fn the_memory_figures_of_the_readme_hold_with_room_to_spare() {
    let d = dir();
    let zh = d.path().join("zh");
    let line = "\u{4E2D}\u{6587}\u{7EF4}\u{57FA}\u{767E}\u{79D1}\u{662F}\u{4E00}\u{4E2A}\u{81EA}\u{7531}\u{5185}\u{5BB9}\u{3002}\n";
    text_file(&zh, line, 64, Bad::Nowhere);
    for (args, figure_mib) in [
        (&["-j8"][..], 25),
        (&["-j8", "-t", "utf-16le"], 25),
        (&["-j8", "-t", "windows-1252", "-e", "html"], 44),
    ] {
        let (code, kib) = peak_kib(args, &zh);
        assert_eq!(code, Some(0), "{args:?}");
        assert!(
            kib < 2 * figure_mib * 1024,
            "{args:?}: {kib} KiB, README says {figure_mib} MiB"
        );
    }
}
