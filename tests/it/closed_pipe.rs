//! Standard output that is a pipe nobody reads any more: every way wenc
//! writes (a listing, the BOM, converted text, the last flush) ends quietly
//! with the status it had, as `cat` does. tests/it/cli.rs covers a reader that
//! goes away midway through a large input.

use crate::util;

use std::io::Write;
use std::process::{Output, Stdio};

/// Runs wenc with `args`, `input` on standard input, and standard output a
/// pipe whose reading end is already closed.
fn into_closed_pipe(args: &[&str], input: &[u8]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = util::wenc()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // wenc may stop before reading it all.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

fn assert_quiet(args: &[&str], input: &[u8], status: i32) {
    let out = into_closed_pipe(args, input);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args:?}");
    assert_eq!(out.status.code(), Some(status), "{args:?}");
}

#[test]
fn listings_end_quietly() {
    assert_quiet(&["-l"], b"", 0);
    assert_quiet(&["-l", "--json"], b"", 0);
    assert_quiet(&["--sniff", "-"], b"<meta charset=utf-8>", 0);
}

#[test]
fn the_bom_and_the_text_end_quietly() {
    assert_quiet(&["--add-bom"], b"text\n", 0);
    assert_quiet(&["-t", "utf-16le"], b"text\n", 0);
    assert_quiet(&[], &b"text\n".repeat(1 << 16), 0);
}

#[test]
fn a_failure_before_the_pipe_closed_keeps_its_status() {
    // A missing input is reported (status 1); the pipe then ends the run
    // without another message.
    let out = into_closed_pipe(&["/nonexistent/wenc-input", "-"], b"text\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "wenc: /nonexistent/wenc-input: cannot open: No such file or directory\n"
    );
    assert_eq!(out.status.code(), Some(1));
}
