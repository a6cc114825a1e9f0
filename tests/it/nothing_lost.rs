//! Nothing lost, second round (issue 19): one test per reproducer of the
//! issue, numbered as there. Each runs the binary and checks the files
//! byte for byte, the exit status and the messages.
//!
//! Tests run as root here: the ones that need another user run wenc as
//! uid 65534 (nobody) or give files to it, and skip visibly otherwise.

use std::fs;
use std::io::Write;
use std::os::unix::fs::MetadataExt;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::util::*;

/// "Name,City\r\nJosé,Zürich\r\n" in UTF-8 and in UTF-16LE.
const CSV: &str = "Name,City\r\nJos\u{E9},Z\u{FC}rich\r\n";

fn utf16le(text: &str) -> Vec<u8> {
    text.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

fn run(cmd: &mut Command) -> (i32, String) {
    let out = cmd.output().unwrap();
    (out.status.code().unwrap_or(-1), stderr_text(&out))
}

/// 1. A second run of the same UTF-16 command is refused: the file is UTF-8
///    text already, with no sign of UTF-16 (no BOM, no NUL). Without a BOM
///    and -f utf-16le, with one and -f utf-16, and with `-o f f`.
#[test]
fn i1_a_second_utf16_run_is_refused() {
    let d = dir();
    let with_bom = [&[0xFF, 0xFE][..], &utf16le(CSV)].concat();
    for (label, bytes, how) in [
        ("utf-16le", utf16le(CSV), "-i"),
        ("utf-16", with_bom.clone(), "-i"),
        ("utf-16le", utf16le(CSV), "-o"),
    ] {
        let f = write(d.path(), "e.csv", &bytes);
        let args = |cmd: &mut Command| {
            cmd.args(["-f", label]);
            if how == "-i" {
                cmd.arg("-i").arg(&f);
            } else {
                cmd.arg(&f).arg("-o").arg(&f);
            }
        };
        let mut first = wenc();
        args(&mut first);
        assert_eq!(run(&mut first), (0, String::new()), "{label} {how}");
        assert_eq!(fs::read(&f).unwrap(), CSV.as_bytes());
        let mut second = wenc();
        args(&mut second);
        let (code, err) = run(&mut second);
        assert_eq!(code, 1, "{label} {how}: {err}");
        assert!(
            err.contains("UTF-8 text (2 valid multi-byte sequences, 0 stray bytes)"),
            "{err}"
        );
        assert_eq!(fs::read(&f).unwrap(), CSV.as_bytes(), "{label} {how}");
        // Real UTF-16 is still converted.
        let mut again = wenc();
        again.args(["-f", label, "--force", "-i"]).arg(&f);
        assert_eq!(run(&mut again).0, 0);
    }
    // ASCII text read as UTF-16 is garbled too (`Name` would be two CJK
    // characters): refused the second time.
    let ascii = "Name,City\r\nJose,Zurich\r\n";
    let f = write(d.path(), "e.csv", &utf16le(ascii));
    let mut first = wenc();
    first.args(["-f", "utf-16le", "-i"]).arg(&f);
    assert_eq!(run(&mut first).0, 0);
    let mut second = wenc();
    second.args(["-f", "utf-16le", "-i"]).arg(&f);
    let (code, err) = run(&mut second);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(": ASCII text with no NUL byte"), "{err}");
    assert_eq!(fs::read(&f).unwrap(), ascii.as_bytes());
    assert_eq!(listing(d.path()), ["e.csv"]);
}

/// 2. One file under two names (`a.txt ./a.txt`, a symlink, the same name
///    twice) is converted once; the other name is reported as the same file.
#[test]
fn i2_one_file_under_two_names_is_converted_once() {
    let d = dir();
    let a = write(d.path(), "a.txt", "caf\u{E9}\n".as_bytes());
    let (code, err) = run(wenc()
        .current_dir(d.path())
        .args(["-i", "-t", "utf-16le", "a.txt", "./a.txt"]));
    assert_eq!(code, 0, "{err}");
    assert_eq!(fs::read(&a).unwrap(), utf16le("caf\u{E9}\n"));
    assert_eq!(
        err,
        "wenc: ./a.txt: the same file as a.txt: converted once\n\
         wenc: 2 files: 1 converted, 1 unchanged, 0 failed\n"
    );

    let m = write(d.path(), "m.txt", "caf\u{E9}\n".as_bytes());
    std::os::unix::fs::symlink("m.txt", d.path().join("m.link")).unwrap();
    let (code, err) = run(wenc().current_dir(d.path()).args([
        "-i",
        "-t",
        "windows-1252",
        "-e",
        "html",
        "m.txt",
        "m.link",
    ]));
    assert_eq!(code, 0, "{err}");
    assert_eq!(fs::read(&m).unwrap(), b"caf\xE9\n");

    let h = write(d.path(), "h.txt", b"a~b\n");
    let (code, err) = run(wenc().current_dir(d.path()).args([
        "-i",
        "--historical",
        "-t",
        "hz-gb-2312",
        "h.txt",
        "h.txt",
    ]));
    assert_eq!(code, 0, "{err}");
    assert_eq!(fs::read(&h).unwrap(), b"a~~b\n");
    assert_eq!(listing(d.path()), ["a.txt", "h.txt", "m.link", "m.txt"]);
}

/// 3. One stray byte in a file of UTF-8 text does not switch the guard off.
#[test]
fn i3_one_stray_byte_does_not_switch_the_guard_off() {
    let d = dir();
    let bytes = b"Jos\xC3\xA9, Z\xC3\xBCrich, caf\xE9\n";
    let f = write(d.path(), "mixed.txt", bytes);
    let (code, err) = run(wenc().args(["-i", "-f", "windows-1252"]).arg(&f));
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "wenc: {}: UTF-8 text (2 valid multi-byte sequences, 1 stray byte), as if converted \
             already: read as windows-1252 it would be garbled; nothing was replaced (--force \
             converts it anyway)\n",
            f.display()
        )
    );
    assert_eq!(fs::read(&f).unwrap(), bytes);
    // A legacy file is converted as before.
    let g = write(d.path(), "latin.txt", b"caf\xE9, na\xEFve\n");
    assert_eq!(run(wenc().args(["-i", "-f", "windows-1252"]).arg(&g)).0, 0);
    assert_eq!(fs::read(&g).unwrap(), "caf\u{E9}, na\u{EF}ve\n".as_bytes());
}

/// Runs `wenc args` through `sh -c`, with `redirect` (`2>>f`) added.
fn sh(d: &Path, args: &str, redirect: &str) -> i32 {
    let line = format!("exec '{BIN}' {args} {redirect}");
    let status = Command::new("sh")
        .arg("-c")
        .arg(line)
        .current_dir(d)
        .stderr(Stdio::null())
        .status()
        .unwrap();
    status.code().unwrap_or(-1)
}

/// 4. A target that is also standard output or standard error is refused,
///    as `wenc f >> f` is, and the file keeps its bytes.
#[test]
fn i4_a_target_that_is_stdout_or_stderr_is_refused() {
    let d = dir();
    let log = write(d.path(), "log.txt", b"caf\xE9\n");
    assert_eq!(sh(d.path(), "-i -f windows-1252 log.txt", "2>>log.txt"), 1);
    let kept = fs::read(&log).unwrap();
    assert!(kept.starts_with(b"caf\xE9\nwenc: log.txt: the file is also standard output"));

    let n = write(d.path(), "n.txt", b"caf\xE9\n");
    assert_eq!(
        sh(d.path(), "-f windows-1252 -o /dev/stdout n.txt", ">>n.txt"),
        1
    );
    assert_eq!(fs::read(&n).unwrap(), b"caf\xE9\n");
    assert_eq!(
        sh(
            d.path(),
            "-f windows-1252 -o /dev/stdout - <n.txt",
            ">>n.txt"
        ),
        1
    );
    assert_eq!(fs::read(&n).unwrap(), b"caf\xE9\n");
    // Elsewhere, -o /dev/stdout still appends.
    assert_eq!(
        sh(
            d.path(),
            "-f windows-1252 -o /dev/stdout n.txt",
            ">>out.txt"
        ),
        0
    );
    assert_eq!(
        fs::read(d.path().join("out.txt")).unwrap(),
        "caf\u{E9}\n".as_bytes()
    );
}

/// 5. Lines appended while `-i` runs are not lost: the file moved (size,
///    modification time), so it is not replaced.
#[test]
fn i5_lines_appended_during_in_place_are_kept() {
    let d = dir();
    let line = b"caf\xE9 na\xEFve, a line of windows-1252 text\n";
    let mut big = Vec::with_capacity(96 << 20);
    while big.len() < 96 << 20 {
        big.extend_from_slice(line);
    }
    let f = write(d.path(), "big.txt", &big);
    for attempt in 0..3 {
        fs::write(&f, &big).unwrap();
        let mut child = wenc()
            .args(["-i", "-j1", "-f", "windows-1252"])
            .arg(&f)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The temporary file exists: wenc has the original open.
        wait_for(|| listing(d.path()).len() > 1 || child.try_wait().unwrap().is_some());
        fs::OpenOptions::new()
            .append(true)
            .open(&f)
            .unwrap()
            .write_all(b"appended\n")
            .unwrap();
        let err = read_stderr(&mut child);
        let status = child.wait().unwrap();
        let now = fs::read(&f).unwrap();
        if status.success() {
            // Done before the append: the line went to the new file.
            assert!(now.ends_with(b"appended\n"), "attempt {attempt}");
            continue;
        }
        assert!(
            err.contains("the file changed while it was converted"),
            "{err}"
        );
        assert_eq!(now.len(), big.len() + 9);
        assert!(now.starts_with(&big) && now.ends_with(b"appended\n"));
        assert_eq!(listing(d.path()), ["big.txt"]);
        return;
    }
    panic!("wenc finished before the append three times");
}

/// 6. `-o` refuses a file another user planted in a sticky world-writable
///    directory (fs.protected_regular), as the kernel refuses the shell's
///    `>`, even for root; and a FIFO likewise (fs.protected_fifos).
#[test]
fn i6_o_refuses_what_protected_regular_refuses() {
    if !is_root() {
        eprintln!("skipped: needs root to plant a file as another user");
        return;
    }
    let d = temp_dir("wenc-nothing-lost-", 0o1777);
    let secret = write(d.path(), "secret", b"secret\n");
    chmod(&secret, 0o600);
    let planted = write(d.path(), "report.txt", b"planted\n");
    chown(&planted, NOBODY, NOBODY);
    let (code, err) = run(wenc().arg(&secret).arg("-o").arg(&planted));
    assert_eq!(code, 1);
    assert!(
        err.contains("refused: owned by someone else in a sticky directory"),
        "{err}"
    );
    assert_eq!(fs::read(&planted).unwrap(), b"planted\n");
    assert_eq!(fs::metadata(&planted).unwrap().uid(), NOBODY);

    let fifo = d.path().join("fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o666) }, 0);
    chown(&fifo, NOBODY, NOBODY);
    let (code, err) = run(wenc().arg(&secret).arg("-o").arg(&fifo));
    assert_eq!(code, 1);
    assert!(err.contains("refused"), "{err}");
    // One's own file there is fine.
    let mine = d.path().join("mine.txt");
    assert_eq!(run(wenc().arg(&secret).arg("-o").arg(&mine)).0, 0);
    assert_eq!(fs::read(&mine).unwrap(), b"secret\n");
}

/// 7. `-i` by a group member does not lock the owner out: the owner (not
///    root) cannot be kept and would lose rights, so it is refused.
#[test]
fn i7_in_place_keeps_the_owner_or_refuses() {
    let Some(mut cmd) = wenc_as_nobody() else {
        return;
    };
    let d = temp_dir("wenc-nothing-lost-", 0o777);
    let f = write(d.path(), "shared.txt", b"caf\xE9\n");
    // Owned by B (uid 1), group G (nobody's group), 0660.
    chown(&f, 1, NOBODY);
    chmod(&f, 0o660);
    let (code, err) = run(cmd.args(["-i", "-f", "windows-1252"]).arg(&f));
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("cannot give the new file its owner (1)"),
        "{err}"
    );
    let meta = fs::metadata(&f).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (1, NOBODY));
    assert_eq!(fs::read(&f).unwrap(), b"caf\xE9\n");
    assert_eq!(listing(d.path()), ["shared.txt"]);
}

/// The input for the `-j` tests: many blocks of UTF-8 with newlines.
fn lines() -> Vec<u8> {
    "Z\u{FC}rich, Jos\u{E9}, \u{FC}n\u{EF}c\u{F6}d\u{E9} line\n"
        .repeat(40_000)
        .into_bytes()
}

fn through_pipe(args: &[&str], input: &[u8], limit_as: Option<u64>) -> (i32, Vec<u8>, String) {
    let mut cmd = wenc();
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(bytes) = limit_as {
        // SAFETY: setrlimit is async-signal-safe; nothing else runs here.
        unsafe {
            cmd.pre_exec(move || {
                let lim = libc::rlimit {
                    rlim_cur: bytes,
                    rlim_max: bytes,
                };
                libc::setrlimit(libc::RLIMIT_AS, &lim);
                Ok(())
            });
        }
    }
    let mut child = cmd.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    let err = stderr_text(&out);
    (out.status.code().unwrap_or(-1), out.stdout, err)
}

/// 9. `-j 20000` on a pipe, and `-j 48` under `ulimit -v 300000`, convert
///    as one thread does: threads are clamped to the cores, and a spawn that
///    fails means fewer threads, never an error.
#[test]
fn i9_stream_threads_are_bounded() {
    let input = lines();
    let one = through_pipe(
        &["-t", "utf-16le", "-j1", "--piece-size", "65536"],
        &input,
        None,
    );
    assert_eq!(one.0, 0, "{}", one.2);
    let many = through_pipe(
        &["-t", "utf-16le", "-j", "20000", "--piece-size", "65536"],
        &input,
        None,
    );
    assert_eq!(many, one);
    let limited = through_pipe(
        &["-t", "utf-16le", "-j", "48", "--piece-size", "65536"],
        &input,
        Some(300_000 * 1024),
    );
    assert_eq!(limited, one);
}

/// 9. A thread that cannot be started (RLIMIT_NPROC reached, as nobody)
///    means fewer threads, never an error: the stream is converted as one
///    thread converts it.
#[test]
fn i9_a_failed_spawn_is_fewer_threads() {
    let Some(mut cmd) = wenc_as_nobody() else {
        return;
    };
    let input = lines();
    let one = through_pipe(
        &["-t", "utf-16le", "-j1", "--piece-size", "65536"],
        &input,
        None,
    );
    // SAFETY: setrlimit is async-signal-safe; it runs after the switch to
    // nobody, whose threads then cannot be started.
    unsafe {
        cmd.pre_exec(|| {
            let lim = libc::rlimit {
                rlim_cur: 1,
                rlim_max: 1,
            };
            libc::setrlimit(libc::RLIMIT_NPROC, &lim);
            Ok(())
        });
    }
    cmd.args(["-t", "utf-16le", "-j", "4", "--piece-size", "65536"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    assert_eq!(stderr_text(&out), "");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout == one.1);
}

/// 10. `--normalize` over more than 1 MiB of combining marks gives the same
///     output whatever the pipe's timing: the Stream-Safe Text Format (a
///     U+034F after every 30 non-starters).
#[test]
fn i10_normalization_does_not_depend_on_timing() {
    let text = format!("e{}x\n", "\u{301}\u{316}".repeat(300_000));
    let from_file = {
        let d = dir();
        let f = write(d.path(), "marks.txt", text.as_bytes());
        stdout_of(wenc_cmd().args(["--normalize", "nfc"]).arg(&f))
    };
    let expected: String = {
        use unicode_normalization::UnicodeNormalization;
        text.chars().stream_safe().nfc().collect()
    };
    assert!(from_file == expected.as_bytes());
    // Through a pipe, in pieces of odd sizes with pauses between them.
    for step in [4093, 65_537] {
        let mut child = wenc()
            .args(["--normalize", "nfc"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let bytes = text.clone().into_bytes();
        let feeder = std::thread::spawn(move || {
            for piece in bytes.chunks(step) {
                stdin.write_all(piece).unwrap();
                std::thread::sleep(Duration::from_micros(200));
            }
        });
        let out = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        assert!(out.status.success());
        assert!(out.stdout == expected.as_bytes(), "pieces of {step}");
    }
}

/// 11. A FIFO put in place of a file makes `-i` refuse it, not block.
#[test]
fn i11_a_fifo_in_place_is_refused_not_waited_for() {
    let d = dir();
    let fifo = d.path().join("f.txt");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let other = write(d.path(), "g.txt", b"caf\xE9\n");
    let mut child = wenc()
        .args(["-i", "-f", "windows-1252"])
        .arg(&fifo)
        .arg(&other)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for(|| child.try_wait().unwrap().is_some());
    let err = read_stderr(&mut child);
    assert_eq!(child.wait().unwrap().code(), Some(1));
    assert!(
        err.contains("f.txt: not a regular file: --in-place only replaces"),
        "{err}"
    );
    assert_eq!(fs::read(&other).unwrap(), "caf\u{E9}\n".as_bytes());
}

/// 12. A working directory about 4 KiB deep: `-i` works where `wenc FILE`
///     does (the temporary file is made relative to the directory).
#[test]
fn i12_a_deep_working_directory_works_in_place() {
    let d = dir();
    // 22 levels of 200-byte names: 4422 bytes and more, past PATH_MAX.
    let (part, depth) = ("d".repeat(200), 22);
    // Made by bash, which walks down by relative names (dash's cd gives
    // up past PATH_MAX).
    let script = format!(
        "for i in $(seq {depth}); do mkdir {part} && cd {part} || exit 9; done; \
         printf 'caf\\351\\n' > f.txt; '{BIN}' -f windows-1252 f.txt >/dev/null || exit 8; \
         '{BIN}' -i -f windows-1252 f.txt || exit 7; cat f.txt"
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(d.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_text(&out));
    assert_eq!(out.stdout, "caf\u{E9}\n".as_bytes());
}

/// 13. `--sniff --json` names are lossless: the raw name escaped as JSON, so
///     two names never print the same; a name that is not UTF-8 also has
///     its bytes, from which it can be opened again. Every object has every
///     member.
#[test]
fn i13_json_names_are_lossless() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let d = dir();
    let raw = d.path().join(OsStr::from_bytes(b"a\xFFb"));
    fs::write(&raw, b"text\n").unwrap();
    let literal = write(d.path(), "a\\xFFb", b"text\n");
    let control = write(d.path(), "c\u{1B}[31m", b"text\n");
    let missing = d.path().join("missing");
    let out = wenc()
        .args(["--sniff", "--json"])
        .args([&raw, &literal, &control, &missing])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let items = json.as_array().unwrap();
    let names: Vec<&str> = items.iter().map(|i| i["file"].as_str().unwrap()).collect();
    assert_eq!(names[1], literal.to_str().unwrap());
    assert_eq!(names[2], control.to_str().unwrap());
    assert_ne!(names[0], names[1]);
    let bytes: Vec<u8> = items[0]["file_bytes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_u64().unwrap() as u8)
        .collect();
    assert_eq!(fs::read(OsStr::from_bytes(&bytes)).unwrap(), b"text\n");
    assert!(items[1].get("file_bytes").is_none());
    assert_eq!(items[1]["error"], serde_json::Value::Null);
    for item in items {
        for key in [
            "file",
            "error",
            "encoding",
            "source",
            "confidence",
            "candidates",
            "declared",
            "historical",
        ] {
            assert!(item.get(key).is_some(), "{key} missing in {item}");
        }
    }
    assert_eq!(items[3]["error"], "No such file or directory");
}
