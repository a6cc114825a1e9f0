//! The guards decide from descriptors (issue 19): a name pointed at
//! another file after wenc looked at it (before it opened the input)
//! cannot make the output also an input unnoticed. wenc first reads a FIFO,
//! so the name is changed at a known moment: while wenc waits for it.

use std::ffi::CString;
use std::fs;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};

use crate::util::*;

fn fifo(d: &Path) -> PathBuf {
    let path = d.join("fifo");
    let c = CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    path
}

/// Whether `child` has `path` open.
fn has_open(child: &Child, path: &Path) -> bool {
    let Ok(fds) = fs::read_dir(format!("/proc/{}/fd", child.id())) else {
        return false;
    };
    fds.filter_map(Result::ok)
        .any(|fd| fs::read_link(fd.path()).is_ok_and(|target| target == path))
}

/// Writes `bytes` into the FIFO wenc reads first, then waits for it.
fn feed_and_wait(fifo: &Path, bytes: &[u8], child: Child) -> (i32, String) {
    fs::OpenOptions::new()
        .write(true)
        .open(fifo)
        .unwrap()
        .write_all(bytes)
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), stderr_text(&out))
}

/// `wenc FIFO g >> f`, g renamed to be f meanwhile: refused as `wenc f >> f`
/// is, once g is opened; f keeps its text and the FIFO's, not twice its own.
#[test]
fn an_input_renamed_to_be_stdout_is_refused() {
    let d = dir();
    let f = write(d.path(), "f", b"caf\xE9\n");
    let g = write(d.path(), "g", b"other\n");
    let fifo = fifo(d.path());
    let log = fs::OpenOptions::new().append(true).open(&f).unwrap();
    let child = wenc()
        .args(["-f", "windows-1252"])
        .arg(&fifo)
        .arg(&g)
        .stdout(Stdio::from(log))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Past the checks by name: wenc waits for the FIFO.
    wait_for(|| has_open(&child, &fifo));
    fs::rename(&f, &g).unwrap();
    let (code, err) = feed_and_wait(&fifo, b"ol\xE9\n", child);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        err,
        format!(
            "wenc: {}: input file is output file (to convert a file in place, use -i or -o)\n",
            g.display()
        )
    );
    assert_eq!(fs::read(&g).unwrap(), b"caf\xE9\nol\xC3\xA9\n");
}

/// `wenc FIFO g -o out`, g made a link to out meanwhile: the run did not
/// plan to replace an input (its guards were off), so it refuses, and out
/// stays as it was.
#[test]
fn an_input_linked_to_the_target_is_refused() {
    let d = dir();
    let out = write(d.path(), "out", b"precious \xC3\xA9\n");
    let g = write(d.path(), "g", b"other\n");
    let fifo = fifo(d.path());
    let child = wenc()
        .args(["-f", "windows-1252"])
        .arg(&fifo)
        .arg(&g)
        .arg("-o")
        .arg(&out)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The target is opened (its temporary file made) before any input.
    wait_for(|| listing(d.path()).len() == 4);
    fs::remove_file(&g).unwrap();
    fs::hard_link(&out, &g).unwrap();
    let (code, err) = feed_and_wait(&fifo, b"ol\xE9\n", child);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        err,
        format!(
            "wenc: {}: input file is output file (a name changed during the run); \
             nothing replaced\n",
            g.display()
        )
    );
    assert_eq!(fs::read(&out).unwrap(), b"precious \xC3\xA9\n");
    assert_eq!(listing(d.path()), ["fifo", "g", "out"]);
}
