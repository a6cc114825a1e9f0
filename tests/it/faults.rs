//! wenc under faults: inputs and outputs it may not use, a file size limit,
//! files that change underneath or are larger than 4 GiB, signals in the
//! middle of a run, odd file names and labels. Each ends with a clear
//! message and the right exit status (1 for I/O errors, 2 for usage errors),
//! never a crash signal; with `-o`, the target is exactly as it was and no
//! temporary file is left.
//!
//! Every signal whose default action ends the process, and running out of
//! memory, leave the target and no temporary file.
//!
//! Faults tests/it/cli.rs already covers are not repeated: a missing file or a
//! directory as input, a FIFO, `/proc` files, `/dev/full`, a closed standard
//! output pipe, a mapped input truncated while written to standard output,
//! SIGINT/SIGTERM/SIGHUP while `-o` waits for standard input, fatal and
//! unrepresentable errors and missing inputs with `-o`, `-o` naming an input.
//!
//! Tests run as root here, which file permissions do not stop: the tests
//! about permissions then run wenc as uid and gid 65534 (nobody), with no
//! supplementary groups.

#![cfg(unix)]

use assert_cmd::assert::OutputAssertExt;
use predicates::prelude::*;
use predicates::str::contains;
use std::ffi::OsStr;
use std::fs;
use std::io::{self, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::FileExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::util;
use util::*;

/// A fresh temporary directory other users may enter and read.
fn dir() -> tempfile::TempDir {
    temp_dir("wenc-faults-", 0o755)
}

/// wenc as a user file permissions apply to: as root, uid and gid 65534,
/// else the current user. None, after saying so, when root cannot switch
/// users here.
fn wenc_as_user() -> Option<Command> {
    if !is_root() {
        return Some(wenc());
    }
    wenc_as_nobody()
}

/// Runs `cmd` with `input` on standard input.
fn run_with_stdin(cmd: &mut Command, input: &[u8]) -> std::process::Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // wenc may stop before reading it all (a broken pipe here).
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

const CAFE_UTF8: &[u8] = b"caf\xC3\xA9 \xE2\x82\xAC\n";
const CAFE_1252: &[u8] = b"caf\xE9 \x80\n";

// ---------------------------------------------------------------- permissions

#[test]
fn unreadable_input_is_an_io_error() {
    let d = dir();
    let secret = write(d.path(), "secret", b"text");
    chmod(&secret, 0o000);
    let denied = format!(
        "wenc: {}: cannot open: Permission denied\n",
        secret.display()
    );
    let Some(mut cmd) = wenc_as_user() else {
        return;
    };
    cmd.arg(&secret)
        .assert()
        .code(1)
        .stdout("")
        .stderr(denied.clone());
    let mut cmd = wenc_as_user().unwrap();
    cmd.arg("--check")
        .arg(&secret)
        .assert()
        .code(1)
        .stderr(denied.clone());
    let mut cmd = wenc_as_user().unwrap();
    cmd.arg("--sniff")
        .arg(&secret)
        .assert()
        .code(1)
        .stdout(format!(
            "{}: cannot read: Permission denied\n",
            secret.display()
        ));
    // With -o, in a directory the user may write to: the target is kept.
    let out_dir = d.path().join("out");
    fs::create_dir(&out_dir).unwrap();
    chmod(&out_dir, 0o777);
    let target = write(&out_dir, "target", b"precious");
    chmod(&target, 0o666);
    let good = write(d.path(), "good", b"fine\n");
    let mut cmd = wenc_as_user().unwrap();
    cmd.arg("-o")
        .arg(&target)
        .arg(&good)
        .arg(&secret)
        .assert()
        .code(1)
        .stdout("")
        .stderr(denied);
    assert_eq!(fs::read(&target).unwrap(), b"precious");
    assert_eq!(listing(&out_dir), ["target"]);
}

#[test]
fn output_directory_not_writable_is_an_io_error() {
    let d = dir();
    let ro = d.path().join("ro");
    fs::create_dir(&ro).unwrap();
    // The target itself is writable, but wenc replaces files atomically: it
    // needs a temporary file beside it, and does not fall back to
    // overwriting the target in place.
    let target = write(&ro, "target", b"precious");
    chmod(&target, 0o666);
    chmod(&ro, 0o555);
    let new = ro.join("new");
    let canonical = fs::canonicalize(&ro).unwrap();
    for (path, temp_dir) in [(&target, &canonical), (&new, &ro)] {
        let Some(mut cmd) = wenc_as_user() else {
            break;
        };
        run_with_stdin(cmd.arg("-o").arg(path), b"new")
            .assert()
            .code(1)
            .stdout("")
            .stderr(format!(
                "wenc: {}: cannot create a temporary file in {}: Permission denied\n",
                path.display(),
                temp_dir.display()
            ));
    }
    chmod(&ro, 0o755);
    assert_eq!(fs::read(&target).unwrap(), b"precious");
    assert_eq!(listing(&ro), ["target"]);
}

#[test]
fn a_target_that_cannot_be_replaced_is_kept_and_the_temporary_file_removed() {
    // In a sticky directory (like /tmp) only a file's owner may replace it:
    // the temporary file is written, then the rename fails.
    if !is_root() {
        eprintln!("skipped: needs a file owned by another user (run as root)");
        return;
    }
    let d = dir();
    let sticky = d.path().join("sticky");
    fs::create_dir(&sticky).unwrap();
    chmod(&sticky, 0o1777);
    let target = write(&sticky, "target", b"precious");
    chmod(&target, 0o666);
    let Some(mut cmd) = wenc_as_user() else {
        return;
    };
    run_with_stdin(cmd.arg("-o").arg(&target), b"new")
        .assert()
        .code(1)
        .stderr(format!(
            "wenc: {}: cannot replace it: Operation not permitted\n",
            target.display()
        ));
    assert_eq!(fs::read(&target).unwrap(), b"precious");
    assert_eq!(listing(&sticky), ["target"]);
}

// ---------------------------------------------------------------- write and read errors

#[test]
fn exceeding_the_file_size_limit_is_a_write_error_not_a_signal() {
    // RLIMIT_FSIZE makes writes past 1 MiB fail; the kernel also sends
    // SIGXFSZ, whose default action would kill wenc (with a core dump, and
    // leaving the temporary file behind): wenc ignores it.
    let limited = |cmd: &mut Command| {
        // SAFETY: setrlimit and signal are async-signal-safe.
        unsafe {
            cmd.pre_exec(|| {
                let limit = libc::rlimit {
                    rlim_cur: 1 << 20,
                    rlim_max: 1 << 20,
                };
                if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                    return Err(io::Error::last_os_error());
                }
                libc::signal(libc::SIGXFSZ, libc::SIG_DFL);
                Ok(())
            });
        }
    };
    let d = dir();
    let input = write(
        d.path(),
        "input",
        &b"0123456789abcdef\n".repeat(1 << 17), // 2.1 MiB
    );
    let target = write(d.path(), "target", b"precious");
    let mut cmd = wenc();
    limited(&mut cmd);
    cmd.arg("-o")
        .arg(&target)
        .arg(&input)
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!(
            "wenc: error writing to {}: File too large\n",
            target.display()
        ));
    assert_eq!(fs::read(&target).unwrap(), b"precious");
    assert_eq!(listing(d.path()), ["input", "target"]);
    // Standard output redirected to a file.
    let stdout = d.path().join("stdout");
    let mut cmd = wenc();
    limited(&mut cmd);
    cmd.arg(&input)
        .stdout(fs::File::create(&stdout).unwrap())
        .assert()
        .code(1)
        .stderr("wenc: error writing to standard output: File too large\n");
    assert_eq!(fs::metadata(&stdout).unwrap().len(), 1 << 20);
}

#[cfg(target_os = "linux")]
#[test]
fn read_errors_midway_keep_the_target() {
    let d = dir();
    let target = write(d.path(), "target", b"precious");
    let good = write(d.path(), "good", b"fine\n");
    // /proc/self/mem is read as a stream, and fails with EIO.
    wenc()
        .arg("-o")
        .arg(&target)
        .arg(&good)
        .arg("/proc/self/mem")
        .assert()
        .code(1)
        .stderr("wenc: /proc/self/mem: read error: Input/output error\n");
    // Standard input that is a directory: it opens, but read() fails.
    wenc()
        .arg("-o")
        .arg(&target)
        .stdin(fs::File::open(d.path()).unwrap())
        .assert()
        .code(1)
        .stderr("wenc: <stdin>: read error: Is a directory\n");
    assert_eq!(fs::read(&target).unwrap(), b"precious");
    assert_eq!(listing(d.path()), ["good", "target"]);
}

// ---------------------------------------------------------------- huge files

#[cfg(target_pointer_width = "64")]
#[test]
fn a_file_larger_than_4_gib_has_positions_past_4_gib() {
    // A sparse file: 4 GiB of NUL bytes (ASCII), then a few real bytes with
    // a malformed one. --check decodes all of it without writing anything;
    // the reported offset and column only come out right if nothing
    // (offsets, lengths, counters) wraps at 2^32.
    const FOUR_GIB: u64 = 1 << 32;
    let d = dir();
    let huge = d.path().join("huge");
    let file = fs::File::create(&huge).unwrap();
    if let Err(e) = file.set_len(FOUR_GIB + 10) {
        eprintln!("skipped: cannot make a sparse file over 4 GiB here: {e}");
        return;
    }
    file.write_all_at(b"0123456\xFF89", FOUR_GIB).unwrap();
    drop(file);
    wenc()
        .arg("--check")
        .arg(&huge)
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!(
            "wenc: {}: malformed UTF-8 input at byte offset 4294967303 (0-based), line 1, \
             column 4294967304: bytes FF\n",
            huge.display()
        ));
}

// ---------------------------------------------------------------- stopped mid-conversion

/// Size of the sparse input for runs stopped mid-conversion: 256 MiB of NUL
/// bytes take wenc a few hundred milliseconds, and cost no disk space.
const BIG: u64 = 256 << 20;

fn temp_file_len(dir: &Path) -> Option<u64> {
    fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .find(|e| e.file_name().to_string_lossy().ends_with(".wenc-tmp"))
        .and_then(|e| e.metadata().ok())
        .map(|m| m.len())
}

/// Starts `wenc -o target big` (big in `dir`) and stops it with SIGSTOP in
/// the middle of the conversion: the temporary file has been written to, is
/// not yet renamed, and less than half of `big` has been converted. None
/// when wenc could not be caught there (it finished first: `target` may
/// have been replaced).
// The one path without wait() is after waitpid() reaped the child.
#[allow(clippy::zombie_processes)]
fn stopped_mid_conversion(dir: &Path, target: &Path, big: &Path) -> Option<Child> {
    let mut cmd = wenc();
    for sig in terminating_signals() {
        with_default_action(&mut cmd, sig);
    }
    // SAFETY: setrlimit is async-signal-safe. No core dumps from the
    // signals whose default action dumps one.
    unsafe {
        cmd.pre_exec(|| {
            let none = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            libc::setrlimit(libc::RLIMIT_CORE, &none);
            Ok(())
        });
    }
    let mut child = cmd
        .arg("-o")
        .arg(target)
        .arg(big)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let start = Instant::now();
    while temp_file_len(dir).unwrap_or(0) == 0 {
        if child.try_wait().unwrap().is_some() || start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
    }
    let mut status = 0;
    // SAFETY: plain system calls on our own child.
    unsafe {
        libc::kill(pid, libc::SIGSTOP);
        assert_eq!(libc::waitpid(pid, &mut status, libc::WUNTRACED), pid);
    }
    if !libc::WIFSTOPPED(status) {
        return None; // it ended (and is reaped) before the stop
    }
    if temp_file_len(dir).is_some_and(|n| n < BIG / 2) {
        return Some(child);
    }
    // SAFETY: as above.
    unsafe { libc::kill(pid, libc::SIGCONT) };
    let _ = child.wait();
    None
}

/// Runs `test` (given the directory, the target and the sparse input) until
/// wenc is caught mid-conversion, at most five times.
fn mid_conversion(mut test: impl FnMut(&Path, &Path, &Path, Child)) {
    for _ in 0..5 {
        let d = dir();
        let target = write(d.path(), "target", b"precious");
        let big = d.path().join("big");
        fs::File::create(&big).unwrap().set_len(BIG).unwrap();
        if let Some(child) = stopped_mid_conversion(d.path(), &target, &big) {
            test(d.path(), &target, &big, child);
            return;
        }
    }
    panic!("wenc always finished before it could be stopped mid-conversion");
}

#[cfg(target_os = "linux")]
#[test]
fn a_mapped_input_truncated_mid_conversion_keeps_the_target() {
    mid_conversion(|d, target, big, child| {
        let pid = child.id() as libc::pid_t;
        // The rest of the mapping vanishes: the next page wenc reads raises
        // SIGBUS.
        truncate(big);
        // SAFETY: our own child.
        unsafe { libc::kill(pid, libc::SIGCONT) };
        child
            .wait_with_output()
            .unwrap()
            .assert()
            .code(1)
            .stderr(truncated_message(big));
        assert_eq!(fs::read(target).unwrap(), b"precious");
        assert_eq!(listing(d), ["big", "target"]);
    });
}

#[test]
fn sigint_or_sigterm_mid_conversion_keeps_the_target() {
    for signal in [libc::SIGINT, libc::SIGTERM] {
        dies_of_mid_conversion(signal);
    }
}

/// Sends `signal` to wenc stopped mid-conversion: it dies of it, and the
/// target and the directory are as they were.
fn dies_of_mid_conversion(signal: libc::c_int) {
    mid_conversion(|d, target, _big, mut child| {
        let pid = child.id() as libc::pid_t;
        // SAFETY: our own child. The signal stays pending until it
        // continues, in the middle of writing the temporary file.
        unsafe {
            libc::kill(pid, signal);
            libc::kill(pid, libc::SIGCONT);
        }
        let status = child.wait().unwrap();
        assert_eq!(status.signal(), Some(signal), "dies of the signal it got");
        assert_eq!(fs::read(target).unwrap(), b"precious");
        assert_eq!(listing(d), ["big", "target"], "signal {signal}");
    });
}

/// Signals whose default action ends the process (SIGINT and SIGTERM
/// first), but SIGKILL, SIGPIPE and the faults of a bug.
fn terminating_signals() -> Vec<libc::c_int> {
    vec![
        libc::SIGINT,
        libc::SIGTERM,
        libc::SIGQUIT,
        libc::SIGUSR1,
        libc::SIGUSR2,
        libc::SIGALRM,
        libc::SIGVTALRM,
        libc::SIGPROF,
        libc::SIGXCPU,
        libc::SIGABRT,
        libc::SIGSYS,
        libc::SIGIO,
        libc::SIGPWR,
        libc::SIGRTMIN() + 2,
        libc::SIGRTMAX(),
    ]
}

#[test]
fn every_terminating_signal_mid_conversion_keeps_the_target() {
    for signal in terminating_signals().into_iter().skip(2) {
        dies_of_mid_conversion(signal);
    }
}

#[cfg(target_os = "linux")]
#[test]
fn running_out_of_memory_is_a_message_and_status_1() {
    // Two threads convert 5 MB pieces (a quarter of --piece-size) to
    // UTF-16: 10 MB of output each, in buffers that grow to 15 MB, more
    // than the 30 MB data limit allows (one thread converts the file
    // within 20 MB).
    let d = dir();
    let line = [&b"a".repeat(999)[..], b"\n"].concat();
    let lines = write(d.path(), "lines", &line.repeat(100_000));
    let target = write(d.path(), "target", b"precious");
    let mut cmd = wenc();
    cmd.env("RUST_BACKTRACE", "1");
    // SAFETY: setrlimit is async-signal-safe.
    unsafe {
        cmd.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 30_000_000,
                rlim_max: 30_000_000,
            };
            libc::setrlimit(libc::RLIMIT_DATA, &limit);
            Ok(())
        });
    }
    let out = cmd
        .args(["-j2", "--piece-size", "20000000", "-t", "utf-16le", "-o"])
        .arg(&target)
        .arg(&lines)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("wenc: out of memory (allocating ") && stderr.ends_with(" bytes)\n"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert_eq!(fs::read(&target).unwrap(), b"precious");
    assert_eq!(listing(d.path()), ["lines", "target"]);
}

#[test]
fn a_hangup_ignored_on_entry_stays_ignored() {
    // `nohup wenc -o FILE ...`: SIGHUP must not end (and undo) the run.
    let d = dir();
    let target = write(d.path(), "target", b"precious");
    let mut cmd = wenc();
    with_action(&mut cmd, libc::SIGHUP, libc::SIG_IGN);
    let (child, mut stdin) = started_on_a_pipe(&mut cmd, &target, b"first half, ");
    wait_for(|| temp_file_len(d.path()).is_some());
    // SAFETY: our own child; an ignored signal is discarded at once.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGHUP) };
    stdin.write_all(b"second half").unwrap();
    drop(stdin);
    child
        .wait_with_output()
        .unwrap()
        .assert()
        .success()
        .stderr("");
    assert_eq!(fs::read(&target).unwrap(), b"first half, second half");
    assert_eq!(listing(d.path()), ["target"]);
}

// ---------------------------------------------------------------- a file onto itself

#[test]
fn a_failing_conversion_onto_itself_leaves_the_file_intact() {
    let d = dir();
    // About 4 MiB of UTF-8, with one bad byte near the end.
    let mut text = "0123456789abcdef\u{E9}\u{65E5}\n"
        .repeat(180_000)
        .into_bytes();
    let at = text.len() - 10;
    text[at] = 0xFF;
    let file = write(d.path(), "file", &text);
    let malformed = format!(
        "wenc: {}: malformed UTF-8 input at byte offset {at}",
        file.display()
    );
    wenc()
        .args(["-e", "fatal", "-o"])
        .arg(&file)
        .arg(&file)
        .assert()
        .code(1)
        .stderr(contains(malformed.as_str()));
    // Also when it comes in through standard input.
    wenc()
        .args(["-e", "fatal", "-o"])
        .arg(&file)
        .stdin(fs::File::open(&file).unwrap())
        .assert()
        .code(1)
        .stderr(contains("<stdin>: malformed UTF-8 input"));
    assert_eq!(fs::read(&file).unwrap(), text);
    // An unrepresentable character (U+65E5 in windows-1252) in the first line.
    let utf8 = write(
        d.path(),
        "utf8",
        &"caf\u{E9}\n\u{65E5}\n".repeat(500_000).into_bytes(),
    );
    wenc()
        .args(["-t", "windows-1252", "-o"])
        .arg(&utf8)
        .arg(&utf8)
        .assert()
        .code(1)
        .stderr(contains(
            "U+65E5 '\u{65E5}' at line 2, column 1 cannot be represented",
        ));
    assert_eq!(
        fs::read(&utf8).unwrap(),
        "caf\u{E9}\n\u{65E5}\n".repeat(500_000).as_bytes()
    );
    assert_eq!(listing(d.path()), ["file", "utf8"]);
    // And a successful one through standard input, streamed while the
    // temporary file is written.
    let latin = write(d.path(), "latin", &CAFE_1252.repeat(500_000));
    wenc()
        .args(["-f", "windows-1252", "-o"])
        .arg(&latin)
        .stdin(fs::File::open(&latin).unwrap())
        .assert()
        .success();
    assert_eq!(fs::read(&latin).unwrap(), CAFE_UTF8.repeat(500_000));
}

// ---------------------------------------------------------------- odd names and labels

#[test]
fn non_utf8_and_long_names_work_as_output_targets() {
    let d = dir();
    let input = write(d.path(), "input", CAFE_1252);
    let name = OsStr::from_bytes(b"out\xFF\x1B[2J.txt");
    let target = d.path().join(name);
    wenc()
        .args(["-f", "windows-1252", "-o"])
        .arg(&target)
        .arg(&input)
        .assert()
        .success()
        .stdout("")
        .stderr("");
    assert_eq!(fs::read(&target).unwrap(), CAFE_UTF8);
    // Onto itself, as input and target.
    wenc()
        .args(["-t", "utf-16be", "-o"])
        .arg(&target)
        .arg(&target)
        .assert()
        .success();
    assert_eq!(
        fs::read(&target).unwrap(),
        b"\0c\0a\0f\0\xE9\0 \x20\xAC\0\n"
    );
    // Names of the longest length allowed (255 bytes), also of multi-byte
    // characters or invalid UTF-8: the temporary name must stay within it.
    for long in [
        "\u{65E5}".repeat(85).into_bytes(),
        vec![0xFF; 255],
        vec![b'x'; 255],
    ] {
        let target = d.path().join(OsStr::from_bytes(&long));
        fs::write(&target, b"old").unwrap();
        let mut cmd = wenc();
        run_with_stdin(cmd.arg("-o").arg(&target), b"new")
            .assert()
            .success()
            .stderr("");
        assert_eq!(fs::read(&target).unwrap(), b"new");
        fs::remove_file(&target).unwrap();
    }
    assert_eq!(listing(d.path()).len(), 2);
    // Messages escape the name's bytes.
    let bad_dir = d.path().join(OsStr::from_bytes(b"no\xFE\x1Bdir"));
    let mut cmd = wenc();
    let out = run_with_stdin(cmd.arg("-o").arg(bad_dir.join("out")), b"x");
    let shown = format!("{}/no\\xFE\\x1Bdir", d.path().display());
    out.assert().code(1).stderr(format!(
        "wenc: {shown}/out: cannot create a temporary file in {shown}: No such file or directory\n"
    ));
}

#[test]
fn labels_with_odd_bytes_are_usage_errors() {
    for option in ["-f", "-t"] {
        // Not UTF-8: refused before any lookup, and not echoed.
        let out = wenc()
            .arg(option)
            .arg(OsStr::from_bytes(b"sjis\xFF\x1B[2J"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8(out.stderr.clone())
            .unwrap()
            .starts_with("error: invalid UTF-8 was detected in one or more arguments\n"));
        assert!(!out.stderr.contains(&0x1B));
        // Control characters (C0, DEL, C1) are escaped in the echo of the
        // value as given. (The standard trims ASCII whitespace around a
        // label, which does not include the vertical tab.)
        wenc()
            .arg(option)
            .arg("\t\x01utf-8\x7F\u{85}\u{9B}2J\x0B ")
            .assert()
            .code(2)
            .stderr(
                contains(format!(
                    "error: unknown encoding label '\\x09\\x01utf-8\\x7F\\u{{85}}\\u{{9B}}2J\\x0B ' for \
                     {option}\n"
                ))
                .and(contains("\x01").not())
                .and(contains("\u{85}").not())
                .and(contains("panicked").not()),
            );
        wenc()
            .args([option, ""])
            .assert()
            .code(2)
            .stderr(contains(format!(
                "error: unknown encoding label '' for {option}\n"
            )));
        // As long as an argument may be (MAX_ARG_STRLEN is 128 KiB): the echo
        // is cut, and no time goes into looking for similar labels.
        let long = "x".repeat(131_000);
        let out = wenc().arg(option).arg(&long).output().unwrap();
        let stderr = String::from_utf8(out.stderr.clone()).unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr.starts_with(&format!(
                "error: unknown encoding label '{}... (131000 bytes)' for {option}\n",
                "x".repeat(64)
            )),
            "{stderr}"
        );
        assert!(stderr.len() < 1000, "{stderr}");
    }
}
