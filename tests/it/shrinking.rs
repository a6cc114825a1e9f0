//! A mapped input truncated by another process while wenc reads it (issue
//! 19, item 12): that input is reported, the others are converted (and, in
//! place, summarised), and the truncated file is left as the other process
//! left it. Both tests are deterministic: the file is truncated while wenc
//! is blocked writing to a full pipe, with the file mapped and mostly unread.

use std::fs;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::Duration;

use crate::util::*;

/// UTF-16LE with a BOM: `-f auto` is sure of it, and it is far from UTF-8.
fn utf16(text: &str) -> Vec<u8> {
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    bytes
}

/// Three inputs: two small ones around 16 MiB of text.
fn inputs(d: &Path) -> [std::path::PathBuf; 3] {
    [
        write(d, "a", &utf16("Caf\u{E9}\n")),
        write(
            d,
            "big",
            &utf16(&"Z\u{FC}rich \u{E9}l\u{E8}ve\n".repeat(600_000)),
        ),
        write(d, "c", &utf16("Ol\u{E9}\n")),
    ]
}

#[test]
fn a_truncated_input_fails_alone_the_others_are_converted() {
    let d = dir();
    let [a, big, c] = inputs(d.path());
    let mut child = wenc()
        .args(["-f", "utf-16le", "-j", "1"])
        .args([&a, &big, &c])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    // Past a's output: big is mapped and being converted; the pipe fills,
    // and wenc cannot get far into its 16 MiB.
    let mut first = [0u8; 64 * 1024];
    stdout.read_exact(&mut first).unwrap();
    assert!(first.starts_with("Caf\u{E9}\nZ\u{FC}rich".as_bytes()));
    truncate(&big);
    let mut rest = Vec::new();
    stdout.read_to_end(&mut rest).unwrap();
    let stderr = read_stderr(&mut child);
    assert_eq!(child.wait().unwrap().code(), Some(1));
    assert_eq!(stderr, truncated_message(&big));
    // c follows what big gave before it shrank, and no zero read after.
    assert!(rest.ends_with("Ol\u{E9}\n".as_bytes()), "{:?}", tail(&rest));
    assert!(
        !rest.contains(&0),
        "bytes read after the truncation were written"
    );
    assert!(rest.len() < 8 << 20, "wenc read only the start of big");
}

#[test]
fn a_truncated_input_in_place_is_untouched_and_the_others_converted() {
    let d = dir();
    let [a, big, c] = inputs(d.path());
    let inode = fs::metadata(&big).unwrap().ino();
    // wenc's standard error is a full pipe: its first message, the note
    // of what -f auto chose for big (read whole, not yet converted),
    // blocks it.
    let (mut stderr, full) = full_pipe();
    let mut child = wenc()
        .args(["-i", "-f", "auto", "-t", "utf-8", "-j", "1"])
        .args([&big, &a, &c])
        .stderr(Stdio::from(full))
        .spawn()
        .unwrap();
    wait_for(|| blocked_writing_stderr(&child));
    truncate(&big);
    let mut text = Vec::new();
    stderr.read_to_end(&mut text).unwrap();
    let text = String::from_utf8_lossy(&text);
    let messages: Vec<&str> = text.lines().filter(|l| l.starts_with("wenc:")).collect();
    assert_eq!(child.wait().unwrap().code(), Some(1), "{messages:?}");
    let name = big.display();
    assert_eq!(
        messages,
        [
            format!("wenc: {name}: -f auto chose UTF-16LE (byte order mark)"),
            truncated_message(&big).trim_end().to_string(),
            format!(
                "wenc: {}: -f auto chose UTF-16LE (byte order mark)",
                a.display()
            ),
            format!(
                "wenc: {}: -f auto chose UTF-16LE (byte order mark)",
                c.display()
            ),
            "wenc: 3 files: 2 converted, 0 unchanged, 1 failed".to_string(),
        ]
    );
    assert_eq!(fs::read(&a).unwrap(), "Caf\u{E9}\n".as_bytes());
    assert_eq!(fs::read(&c).unwrap(), "Ol\u{E9}\n".as_bytes());
    // big: as the truncation left it, the same file, nothing left behind.
    let meta = fs::metadata(&big).unwrap();
    assert_eq!((meta.len(), meta.ino()), (0, inode));
    assert_eq!(listing(d.path()), ["a", "big", "c"]);
}

/// A pipe whose write end is full (a blocking write waits for the reader).
fn full_pipe() -> (fs::File, OwnedFd) {
    let mut fds = [0; 2];
    // SAFETY: pipe fills two descriptors we then own.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    let (read, write) = unsafe { (fs::File::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    let fd = write.as_raw_fd();
    // SAFETY: fcntl on our descriptor; non-blocking only while filling.
    unsafe { libc::fcntl(fd, libc::F_SETFL, libc::O_NONBLOCK) };
    let mut file = fs::File::from(write.try_clone().unwrap());
    while file.write(&[b'\n'; 4096]).is_ok() {}
    while file.write(b"\n").is_ok() {}
    unsafe { libc::fcntl(fd, libc::F_SETFL, 0) };
    (read, write)
}

/// Whether `child` is blocked in `write(2, …)`.
fn blocked_writing_stderr(child: &Child) -> bool {
    let syscall = fs::read_to_string(format!("/proc/{}/syscall", child.id())).unwrap_or_default();
    std::thread::sleep(Duration::from_millis(5));
    syscall.starts_with(&format!("{} 0x2 ", libc::SYS_write))
}

fn tail(bytes: &[u8]) -> String {
    String::from_utf8_lossy(&bytes[bytes.len().saturating_sub(40)..]).into_owned()
}
