//! Faults during an `--in-place` run of several files: SIGINT, SIGTERM, a file
//! truncated while read, a full disk (the file size limit). Every file ends
//! either fully converted or exactly as it was, with no temporary file left.

use super::{dir, listing, wenc, write};
use assert_cmd::assert::OutputAssertExt;
use std::fs;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// Size of the sparse input for runs stopped mid-conversion (as in
/// tests/it/faults.rs): 256 MiB of NUL bytes take wenc a few hundred ms.
const BIG: u64 = 256 << 20;

/// The length of `name`'s temporary file in `dir`, if there is one.
fn temp_len(dir: &Path, name: &str) -> Option<u64> {
    fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .find(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.starts_with(&format!(".{name}.")) && n.ends_with(".wenc-tmp")
        })
        .and_then(|e| e.metadata().ok())
        .map(|m| m.len())
}

/// `wenc -f windows-1252 -i a big c` in a fresh directory, stopped (SIGSTOP)
/// while `big` is half converted: `a` done, `c` not begun. Retried a few
/// times; panics when wenc always finished first.
// The one path without wait() is after waitpid() reaped the child.
#[allow(clippy::zombie_processes)]
fn stopped_in_the_middle() -> (tempfile::TempDir, Child) {
    for _ in 0..5 {
        let d = dir();
        write(d.path(), "a", b"caf\xE9\n");
        fs::File::create(d.path().join("big"))
            .unwrap()
            .set_len(BIG)
            .unwrap();
        write(d.path(), "c", b"caf\xE9\n");
        let mut cmd = wenc();
        // SAFETY: signal() is async-signal-safe.
        unsafe {
            cmd.pre_exec(|| {
                libc::signal(libc::SIGINT, libc::SIG_DFL);
                libc::signal(libc::SIGTERM, libc::SIG_DFL);
                Ok(())
            });
        }
        let mut child = cmd
            .current_dir(d.path())
            .args(["-f", "windows-1252", "-j", "1", "-i", "a", "big", "c"])
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id() as libc::pid_t;
        let start = Instant::now();
        while temp_len(d.path(), "big").unwrap_or(0) == 0 {
            if child.try_wait().unwrap().is_some() || start.elapsed() > Duration::from_secs(20) {
                break;
            }
        }
        let mut status = 0;
        // SAFETY: plain system calls on our own child.
        unsafe {
            libc::kill(pid, libc::SIGSTOP);
            libc::waitpid(pid, &mut status, libc::WUNTRACED);
        }
        if libc::WIFSTOPPED(status) && temp_len(d.path(), "big").is_some_and(|n| n < BIG / 2) {
            return (d, child);
        }
        // SAFETY: as above.
        unsafe { libc::kill(pid, libc::SIGCONT) };
        let _ = child.wait();
    }
    panic!("wenc always finished before it could be stopped mid-conversion");
}

/// `a` converted, `big` and `c` as they were, no temporary file.
fn converted_or_untouched(d: &Path, big_len: u64) {
    assert_eq!(fs::read(d.join("a")).unwrap(), "café\n".as_bytes());
    assert_eq!(fs::metadata(d.join("big")).unwrap().len(), big_len);
    assert_eq!(fs::read(d.join("c")).unwrap(), b"caf\xE9\n");
    assert_eq!(listing(d), ["a", "big", "c"]);
}

#[test]
fn sigint_or_sigterm_during_in_place_leaves_each_file_converted_or_untouched() {
    for signal in [libc::SIGINT, libc::SIGTERM] {
        let (d, child) = stopped_in_the_middle();
        let pid = child.id() as libc::pid_t;
        // SAFETY: our own child; the signal is delivered when it continues.
        unsafe {
            libc::kill(pid, signal);
            libc::kill(pid, libc::SIGCONT);
        }
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.signal(), Some(signal));
        converted_or_untouched(d.path(), BIG);
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_file_truncated_during_in_place_leaves_the_others_converted_or_untouched() {
    let (d, child) = stopped_in_the_middle();
    let big = d.path().join("big");
    fs::File::options()
        .write(true)
        .open(&big)
        .unwrap()
        .set_len(0)
        .unwrap();
    // SAFETY: our own child.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGCONT) };
    child.wait_with_output().unwrap().assert().code(1).stderr(
        "wenc: big: the file changed (was it truncated?) while it was being read\n\
             wenc: 3 files: 2 converted, 0 unchanged, 1 failed\n",
    );
    // big fails alone: as the truncation left it; c is converted after it.
    let d = d.path();
    assert_eq!(fs::read(d.join("a")).unwrap(), "café\n".as_bytes());
    assert_eq!(fs::metadata(d.join("big")).unwrap().len(), 0);
    assert_eq!(fs::read(d.join("c")).unwrap(), "café\n".as_bytes());
    assert_eq!(listing(d), ["a", "big", "c"]);
}

#[test]
fn a_full_disk_during_in_place_fails_that_file_only() {
    let d = dir();
    let a = write(d.path(), "a", b"caf\xE9\n");
    // 1.5 MB of windows-1252 that grows to 1.8 MB of UTF-8, over the limit.
    let big = write(d.path(), "big", &b"caf\xE9 na\xEFve\n".repeat(140_000));
    let c = write(d.path(), "c", b"caf\xE9\n");
    let mut cmd = wenc();
    // SAFETY: setrlimit and signal are async-signal-safe.
    unsafe {
        cmd.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 1 << 20,
                rlim_max: 1 << 20,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &limit);
            libc::signal(libc::SIGXFSZ, libc::SIG_DFL);
            Ok(())
        });
    }
    cmd.args(["-f", "windows-1252", "-i"])
        .args([&a, &big, &c])
        .output()
        .unwrap()
        .assert()
        .code(1)
        .stderr(format!(
            "wenc: error writing to {}: File too large\nwenc: 3 files: 2 converted, 0 \
             unchanged, 1 failed\n",
            big.display()
        ));
    assert_eq!(fs::read(&a).unwrap(), "café\n".as_bytes());
    assert_eq!(
        fs::read(&big).unwrap(),
        b"caf\xE9 na\xEFve\n".repeat(140_000)
    );
    assert_eq!(fs::read(&c).unwrap(), "café\n".as_bytes());
    assert_eq!(listing(d.path()), ["a", "big", "c"]);
}
