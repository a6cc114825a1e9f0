//! Runs of wenc watched while they go: signal dispositions, waiting for a
//! condition, peak memory, and a file truncated while wenc reads it.

use std::fs;
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// Sets `sig`'s action in the child (`libc::SIG_DFL`, `libc::SIG_IGN`),
/// whatever the test runner inherited (`nohup`, a background job ignoring
/// SIGINT).
pub fn with_action(
    cmd: &mut Command,
    sig: libc::c_int,
    action: libc::sighandler_t,
) -> &mut Command {
    // SAFETY: signal() is async-signal-safe; nothing else runs in pre_exec.
    unsafe {
        cmd.pre_exec(move || {
            libc::signal(sig, action);
            Ok(())
        })
    }
}

/// Resets `sig` to its default action in the child.
pub fn with_default_action(cmd: &mut Command, sig: libc::c_int) -> &mut Command {
    with_action(cmd, sig, libc::SIG_DFL)
}

/// Waits until `cond` holds, for at most 10 s.
pub fn wait_for(mut cond: impl FnMut() -> bool) {
    let start = Instant::now();
    while !cond() {
        assert!(start.elapsed() < Duration::from_secs(10), "timed out");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The peak resident memory (VmHWM) of a running child, in KiB; 0 once it
/// has ended.
pub fn vm_hwm_kib(child: &Child) -> u64 {
    let status = fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// Waits for `child`, watching its peak resident memory (VmHWM, in KiB)
/// as it runs. Not wait4's ru_maxrss: Linux counts in that the peak of this
/// test process (a child starts as a copy of it), which in one test binary
/// is whatever the other tests hold.
pub fn wait_watching_memory(child: &mut Child) -> (ExitStatus, u64) {
    let mut peak = 0;
    loop {
        peak = peak.max(vm_hwm_kib(child));
        if let Some(status) = child.try_wait().unwrap() {
            return (status, peak);
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// Runs `cmd` (wenc converting the large file `big` to standard output),
/// empties `big` once wenc is blocked on the full pipe early in the file,
/// reads the rest, and returns how wenc ended and its standard error.
pub fn truncated_while_read(cmd: &mut Command, big: &Path) -> (ExitStatus, String) {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 4096];
    stdout.read_exact(&mut first).unwrap();
    // wenc is now blocked writing to the full pipe (its threads waiting).
    std::thread::sleep(Duration::from_millis(300));
    truncate(big);
    let mut rest = Vec::new();
    stdout.read_to_end(&mut rest).unwrap();
    let stderr = read_stderr(&mut child);
    (child.wait().unwrap(), stderr)
}

/// Empties the file at `path`, as a writer may under wenc's reading.
pub fn truncate(path: &Path) {
    fs::OpenOptions::new()
        .write(true)
        .open(path)
        .unwrap()
        .set_len(0)
        .unwrap();
}

/// All that a child writes to its (piped) standard error.
pub fn read_stderr(child: &mut Child) -> String {
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    stderr
}

/// Starts `cmd` writing to `-o target` from a pipe, with standard error
/// piped, and writes `first` into the pipe: wenc then waits for the rest,
/// its temporary file beside `target` made. Returns the child and the pipe.
pub fn started_on_a_pipe(cmd: &mut Command, target: &Path, first: &[u8]) -> (Child, ChildStdin) {
    let mut child = cmd
        .arg("-o")
        .arg(target)
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(first).unwrap();
    stdin.flush().unwrap();
    (child, stdin)
}

/// The message for a file truncated while wenc read it.
pub fn truncated_message(big: &Path) -> String {
    format!(
        "wenc: {}: the file changed (was it truncated?) while it was being read\n",
        big.display()
    )
}
