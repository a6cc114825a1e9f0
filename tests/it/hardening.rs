//! Hardening (issue 14): the driver at every buffer and piece boundary, and
//! the command's guarantees around `-o` targets, signals and messages.
//!
//! The driver tests put a malformed sequence of each decoder family, with
//! every output encoding, at every offset of a window around each boundary
//! where the decoded text is cut (the text buffer, [`BUFFER_SIZE`], and the
//! pieces of `-j`), and compare the output with encoding_rs.

use crate::common;
use crate::util;
use common::*;
use wenc::codec::Encoding;
use wenc::convert::{
    convert_bytes, ConvertError, Converter, ErrorMode, Parallelism, Settings, Summary, BUFFER_SIZE,
};

fn enc(label: &str) -> &'static Encoding {
    Encoding::for_label(label.as_bytes()).unwrap()
}

/// Malformed sequences of each decoder family, each followed by ASCII (for
/// the sequences that give an ASCII byte back), and the bytes of one ASCII
/// `a` in that encoding.
fn malformed_cases() -> Vec<(&'static Encoding, &'static [u8], &'static [u8])> {
    let mut cases: Vec<(&'static Encoding, &'static [u8], &'static [u8])> = vec![
        (enc("utf-8"), b"\xFF", b"a"),
        (enc("utf-8"), b"\xE2\x82", b"a"),
        (enc("utf-8"), b"\xF0\x9F\x98", b"a"),
        (enc("utf-8"), b"\xED\xA0\x80", b"a"),
        (enc("utf-16le"), b"\x00\xD8", b"a\x00"),
        (enc("utf-16le"), b"\x00\xDC", b"a\x00"),
        (enc("utf-16be"), b"\xD8\x00", b"\x00a"),
        (enc("windows-874"), b"\xDB", b"a"),
        (enc("iso-8859-8-i"), b"\xBF", b"a"),
        (enc("gb18030"), b"\xFF", b"a"),
        (enc("gb18030"), b"\x81\x30", b"a"),
        (enc("gbk"), b"\x81\x20", b"a"),
        (enc("big5"), b"\x80", b"a"),
        (enc("big5"), b"\xA1\x20", b"a"),
        (enc("euc-jp"), b"\x8E\x20", b"a"),
        (enc("euc-jp"), b"\xFF", b"a"),
        (enc("iso-2022-jp"), b"\x1B(X", b"a"),
        (enc("iso-2022-jp"), b"\x0E", b"a"),
        (enc("shift_jis"), b"\xA0", b"a"),
        (enc("shift_jis"), b"\x81\x20", b"a"),
        (enc("euc-kr"), b"\x80", b"a"),
        (enc("euc-kr"), b"\xA1\x20", b"a"),
    ];
    // Every sequence really is malformed (else the test proves nothing).
    cases.retain(|&(e, seq, a)| {
        let input = [a, seq, a].concat();
        let text = oracle_decode_replacing(e, &input);
        assert!(
            String::from_utf8(text).unwrap().contains('\u{FFFD}'),
            "{} {seq:02X?} is not malformed",
            e.name()
        );
        true
    });
    cases
}

fn settings(from: &'static Encoding, to: &'static Encoding, mode: ErrorMode) -> Settings {
    Settings {
        from,
        to,
        mode,
        sniff_bom: false,
        write_output: true,
        transform: Default::default(),
        utf8_evidence: false,
    }
}

/// What wenc should write for `input`: encoding_rs's decoding, encoded in
/// html mode.
fn expected(from: &'static Encoding, to: &'static Encoding, input: &[u8]) -> Vec<u8> {
    oracle_encode_html(to, &decoded(from, input))
}

/// encoding_rs's decoding of `input`, with replacements: decoded once per
/// input for all the output encodings.
fn decoded(from: &'static Encoding, input: &[u8]) -> String {
    String::from_utf8(oracle_decode_replacing(from, input)).unwrap()
}

/// `pad` units of `a`, the sequence, a newline, a little more text.
fn input_with(a: &[u8], pad: usize, seq: &[u8], newline: &[u8]) -> Vec<u8> {
    let mut input = a.repeat(pad);
    input.extend_from_slice(seq);
    input.extend_from_slice(&a.repeat(3));
    input.extend_from_slice(newline);
    input.extend_from_slice(&a.repeat(5));
    input
}

fn newline(e: &'static Encoding) -> &'static [u8] {
    match e.name() {
        "UTF-16LE" => b"\n\x00",
        "UTF-16BE" => b"\x00\n",
        _ => b"\n",
    }
}

/// Converts one input under the settings into the output, with a fresh
/// converter.
type Run<'a> = &'a dyn Fn(Settings, &[u8], &mut Vec<u8>) -> Result<Summary, ConvertError>;

/// Runs one conversion through `run`, in html mode, and checks it against
/// encoding_rs (`text`: its decoding of `input`); in fatal mode, checks that
/// the error is the sequence at `at`.
fn check(
    (from, to): (&'static Encoding, &'static Encoding),
    (input, text): (&[u8], &str),
    at: usize,
    run: Run<'_>,
    failures: &mut Vec<String>,
) {
    let what = || format!("{} -> {} at {at}", from.name(), to.name());
    let mut out = Vec::new();
    let result = run(settings(from, to, ErrorMode::Html), input, &mut out);
    match result {
        Ok(s) if s.malformed >= 1 && out == oracle_encode_html(to, text) => {}
        Ok(_) => failures.push(format!("{}: output differs", what())),
        Err(e) => failures.push(format!("{}: {e:?}", what())),
    }
    let mut out = Vec::new();
    let result = run(settings(from, to, ErrorMode::Fatal), input, &mut out);
    match result {
        Err(ConvertError::Malformed(m)) if m.offset == at as u64 => {}
        other => failures.push(format!("{}: fatal gave {other:?}", what())),
    }
}

fn report(failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} failures, first ones:\n{:#?}",
        failures.len(),
        &failures[..failures.len().min(20)]
    );
}

/// The text buffer is cut at BUFFER_SIZE bytes less the room kept for a
/// U+FFFD: every sequence at every offset from 24 before to 8 past that
/// (found crashing in issue 14), with every output encoding.
#[test]
fn every_replacement_at_every_offset_around_the_text_buffer_end() {
    let mut failures = Vec::new();
    for (from, seq, a) in malformed_cases() {
        for pad in BUFFER_SIZE - 24..BUFFER_SIZE + 8 {
            let input = input_with(a, pad, seq, newline(from));
            let text = decoded(from, &input);
            for to in encoders() {
                check(
                    (from, to),
                    (&input, &text),
                    pad * a.len(),
                    &|s, input, out| Converter::new(s).convert_slice(input, out, &mut |_| {}),
                    &mut failures,
                );
            }
        }
    }
    report(failures);
}

/// The same with buffers of many small sizes (hidden `Converter::sized`),
/// the sequence at every offset over several buffer lengths, and the input
/// fed through a reader too: many boundaries per input.
#[test]
fn every_replacement_at_every_offset_with_small_buffers() {
    let mut failures = Vec::new();
    for (from, seq, a) in malformed_cases() {
        for size in [wenc::convert::MIN_BUFFER_SIZE, 20, 23, 32, 61] {
            let make = move |s: Settings| Converter::sized(s, size);
            for pad in 0..size * 3 {
                let input = input_with(a, pad, seq, newline(from));
                let text = decoded(from, &input);
                for to in encoders() {
                    let run = |s, input: &[u8], out: &mut Vec<u8>| {
                        make(s).convert_slice(input, out, &mut |_| {})
                    };
                    let (io, at) = ((&input[..], &text[..]), pad * a.len());
                    check((from, to), io, at, &run, &mut failures);
                }
                let mut out = Vec::new();
                let s = settings(from, enc("utf-8"), ErrorMode::Replacement);
                let r = make(s).convert_reader(&mut &input[..], &mut out, &mut |_| {});
                if r.is_err() || out != oracle_encode_html(enc("utf-8"), &text) {
                    failures.push(format!("{} reader size {size} at {pad}", from.name()));
                }
            }
        }
    }
    report(failures);
}

/// `-j`: pieces of `piece` bytes end after the first newline at or past
/// each multiple; a sequence at every offset of a window around the first
/// piece ends, with every output encoding (pieces are only cut for
/// encodings that reset at a newline; the others run whole, which must
/// give the same too).
#[test]
fn every_replacement_at_every_offset_around_a_piece_boundary() {
    let mut failures = Vec::new();
    let piece = 64;
    for (from, seq, a) in malformed_cases() {
        let nl = newline(from);
        // Lines of 15 units, so a newline falls near every piece end.
        let line = [a.repeat(15), nl.to_vec()].concat();
        for pad in piece - 20..piece + 20 {
            let head = line.repeat(pad / 16);
            let pad_units = pad % 16;
            let mut input = head.clone();
            input.extend_from_slice(&a.repeat(pad_units));
            let at = input.len();
            input.extend_from_slice(seq);
            input.extend_from_slice(&line.repeat(12));
            let run = |s, input: &[u8], out: &mut Vec<u8>| {
                let p = Parallelism {
                    jobs: 2,
                    piece_size: piece,
                };
                let (summary, result) = convert_bytes(s, p, input, out, &mut ());
                result.map(|()| summary)
            };
            let text = decoded(from, &input);
            for to in encoders() {
                check((from, to), (&input, &text), at, &run, &mut failures);
            }
        }
    }
    report(failures);
}

// ---------------------------------------------------------------- the command

#[cfg(unix)]
mod command {
    use super::enc;
    use super::expected;
    use assert_cmd::assert::OutputAssertExt;
    use std::fs;
    use std::os::unix::fs::{symlink, MetadataExt};
    use std::process::{Command, Stdio};

    use super::util::*;

    /// A fresh directory everyone may enter.
    pub fn dir() -> tempfile::TempDir {
        temp_dir("wenc-hardening-", 0o755)
    }

    const CAFE_1252: &[u8] = b"caf\xE9\n";

    // ------------------------------------------------------------ 1. crash

    /// Issue 14's reproduction: a malformed byte right where the text
    /// buffer keeps room for a U+FFFD, from a file and from standard input.
    #[test]
    fn a_replacement_at_the_text_buffer_end_converts() {
        let mut input = vec![b'a'; 131067];
        input.extend_from_slice(b"\xFF\n");
        let want = expected(enc("utf-8"), enc("utf-16le"), &input);
        let d = dir();
        let file = write(d.path(), "c.txt", &input);
        let out = wenc().args(["-t", "utf-16le"]).arg(&file).output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert!(out.stdout == want, "file: output differs");
        let mut child = wenc()
            .args(["-t", "utf-16le"])
            .stdin(fs::File::open(&file).unwrap())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let _ = child.stdin.take();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert!(out.stdout == want, "stdin: output differs");
    }

    // ------------------------------------------------------------ 2, 5. attributes

    /// The temporary file is opened 0600, and has the target's mode before
    /// the first byte is written to it (seen with strace).
    #[test]
    fn the_temporary_file_is_private_until_it_has_the_targets_mode() {
        if Command::new("strace").arg("-V").output().is_err() {
            eprintln!("skipped: no strace");
            return;
        }
        let d = dir();
        let input = write(d.path(), "in", CAFE_1252);
        let target = write(d.path(), "target", b"old");
        chmod(&target, 0o640);
        let trace = d.path().join("trace");
        let status = Command::new("strace")
            .args(["-f", "-qq", "-e", "trace=openat,open,fchmod,write", "-o"])
            .arg(&trace)
            .arg(BIN)
            .args(["-f", "windows-1252", "-o"])
            .arg(&target)
            .arg(&input)
            .status()
            .unwrap();
        if !status.success() {
            eprintln!("skipped: strace cannot trace here");
            return;
        }
        let trace = fs::read_to_string(&trace).unwrap();
        let open = trace
            .lines()
            .find(|l| l.contains(".wenc-tmp") && l.contains("O_CREAT"))
            .expect("the temporary file is created");
        assert!(open.contains(", 0600)"), "created as: {open}");
        let fd = open.rsplit("= ").next().unwrap().trim();
        let rest = &trace[trace.find(open).unwrap()..];
        let chmod_at = rest.find(&format!("fchmod({fd}, 0640)")).expect("fchmod");
        let write_at = rest.find(&format!("write({fd}, ")).expect("write");
        assert!(chmod_at < write_at, "mode set before data:\n{rest}");
        assert_eq!(fs::read(&target).unwrap(), "café\n".as_bytes());
        assert_eq!(fs::metadata(&target).unwrap().mode() & 0o777, 0o640);
    }

    /// A 0640 file of a group the user is not in: replacing it would hand
    /// it to the user's group. Refused, the target untouched.
    #[test]
    fn a_group_that_cannot_be_kept_is_an_error() {
        let Some(mut cmd) = wenc_as_nobody() else {
            return;
        };
        let d = dir();
        let work = d.path().join("w");
        fs::create_dir(&work).unwrap();
        chmod(&work, 0o777);
        let target = write(&work, "t", CAFE_1252);
        chown(&target, NOBODY, 4242);
        chmod(&target, 0o640);
        cmd.args(["-f", "windows-1252", "-o"])
            .arg(&target)
            .arg(&target)
            .assert()
            .code(1)
            .stderr(format!(
                "wenc: {}: cannot replace it: cannot give the new file its group (4242): \
                 Operation not permitted\n",
                target.display()
            ));
        let meta = fs::metadata(&target).unwrap();
        assert_eq!((meta.gid(), meta.mode() & 0o777), (4242, 0o640));
        assert_eq!(fs::read(&target).unwrap(), CAFE_1252);
        assert_eq!(listing(&work), ["t"]);
    }

    /// A POSIX ACL (`user::rw- group::--- group:1:r-- mask::r-- other::---`)
    /// is carried over, for root and for the file's owner.
    #[test]
    fn an_acl_is_kept() {
        #[rustfmt::skip]
        let acl: Vec<u8> = [
            &[2u8, 0, 0, 0][..],
            &[1, 0, 6, 0, 255, 255, 255, 255],   // user::rw-
            &[4, 0, 0, 0, 255, 255, 255, 255],   // group::---
            &[8, 0, 4, 0, 1, 0, 0, 0],           // group:1:r--
            &[16, 0, 4, 0, 255, 255, 255, 255],  // mask::r--
            &[32, 0, 0, 0, 255, 255, 255, 255],  // other::---
        ]
        .concat();
        for as_nobody in [false, true] {
            let cmd = if as_nobody {
                wenc_as_nobody()
            } else {
                Some(wenc())
            };
            let Some(mut cmd) = cmd else { return };
            let d = dir();
            let work = d.path().join("w");
            fs::create_dir(&work).unwrap();
            chmod(&work, 0o777);
            let target = write(&work, "t", CAFE_1252);
            chown(&target, NOBODY, NOBODY);
            let name = c"system.posix_acl_access";
            let path = std::ffi::CString::new(target.to_str().unwrap()).unwrap();
            // SAFETY: NUL-terminated strings and a buffer of acl.len() bytes.
            let set = unsafe {
                libc::setxattr(
                    path.as_ptr(),
                    name.as_ptr(),
                    acl.as_ptr().cast(),
                    acl.len(),
                    0,
                )
            };
            if set != 0 {
                eprintln!("skipped: no ACLs on this file system");
                return;
            }
            cmd.args(["-f", "windows-1252", "-o"])
                .arg(&target)
                .arg(&target)
                .assert()
                .code(0);
            assert_eq!(fs::read(&target).unwrap(), "café\n".as_bytes());
            let mut got = vec![0u8; 256];
            // SAFETY: as above, with a buffer of got.len() bytes.
            let n = unsafe {
                libc::getxattr(
                    path.as_ptr(),
                    name.as_ptr(),
                    got.as_mut_ptr().cast(),
                    got.len(),
                )
            };
            assert!(n > 0, "the ACL is gone (as nobody: {as_nobody})");
            got.truncate(n as usize);
            assert_eq!(got, acl, "as nobody: {as_nobody}");
            assert_eq!(fs::metadata(&target).unwrap().mode() & 0o777, 0o640);
        }
    }

    // ------------------------------------------------------------ 3, 10. targets

    /// Restores fs.protected_symlinks when dropped.
    struct Sysctl(String);

    impl Drop for Sysctl {
        fn drop(&mut self) {
            let _ = fs::write(PROTECTED, &self.0);
        }
    }

    const PROTECTED: &str = "/proc/sys/fs/protected_symlinks";

    /// With fs.protected_symlinks, a link another user left in a sticky
    /// world-writable directory is not followed: not by `>`, not by -o.
    #[test]
    fn protected_symlinks_apply_to_the_target() {
        let Ok(old) = fs::read_to_string(PROTECTED) else {
            eprintln!("skipped: no {PROTECTED}");
            return;
        };
        if !is_root() || fs::write(PROTECTED, "1").is_err() {
            eprintln!("skipped: cannot set {PROTECTED}");
            return;
        }
        let _restore = Sysctl(old);
        let d = dir();
        let victim = write(d.path(), "victim", b"root's file");
        let sticky = d.path().join("tmp");
        fs::create_dir(&sticky).unwrap();
        chmod(&sticky, 0o1777);
        let link = sticky.join("link");
        symlink(&victim, &link).unwrap();
        chown(&link, NOBODY, NOBODY);
        let payload = write(d.path(), "payload", b"payload\n");
        let out = wenc().arg(&payload).arg("-o").arg(&link).output().unwrap();
        out.assert().code(1).stderr(format!(
            "wenc: {}: cannot open: Permission denied\n",
            link.display()
        ));
        assert_eq!(fs::read(&victim).unwrap(), b"root's file");
        assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(listing(&sticky), ["link"]);
    }

    /// `-o /dev/stdout` writes through standard output as the shell set it
    /// up: appending to `>> log`, after what came before in `{ ...; } > out`.
    /// Runs `script` with sh in `dir`.
    fn sh(dir: &std::path::Path, script: &str) -> std::process::ExitStatus {
        Command::new("sh")
            .arg("-c")
            .arg(script)
            .current_dir(dir)
            .status()
            .unwrap()
    }

    #[test]
    fn standard_output_by_name_is_written_in_place() {
        let d = dir();
        let input = write(d.path(), "in", CAFE_1252);
        let log = write(d.path(), "log", b"old\n");
        for name in ["/dev/stdout", "/proc/self/fd/1"] {
            let script = format!(
                "'{BIN}' -f windows-1252 '{}' -o {name} >> log",
                input.display()
            );
            assert!(sh(d.path(), &script).success(), "{name}");
        }
        assert_eq!(fs::read(&log).unwrap(), "old\ncafé\ncafé\n".as_bytes());
        let script = format!(
            "{{ echo header; '{BIN}' -f windows-1252 '{}' -o /dev/stdout; echo footer; }} > out",
            input.display()
        );
        assert!(sh(d.path(), &script).success());
        let out = fs::read(d.path().join("out")).unwrap();
        assert_eq!(out, "header\ncafé\nfooter\n".as_bytes());
        assert_eq!(listing(d.path()), ["in", "log", "out"]);
    }

    /// A symlink loop fails with ELOOP, as for `cp`; a dangling symlink is
    /// refused, as by `cp`; both links stay, nothing is created.
    #[test]
    fn symlink_loops_and_dangling_links_are_errors() {
        let d = dir();
        let input = write(d.path(), "in", CAFE_1252);
        symlink("loop2", d.path().join("loop1")).unwrap();
        symlink("loop1", d.path().join("loop2")).unwrap();
        symlink("nowhere", d.path().join("dangling")).unwrap();
        let run = |target: &str| {
            wenc()
                .current_dir(d.path())
                .args(["-f", "windows-1252", "in", "-o", target])
                .output()
                .unwrap()
        };
        run("loop1")
            .assert()
            .code(1)
            .stderr("wenc: loop1: cannot open: Too many levels of symbolic links\n");
        run("dangling")
            .assert()
            .code(1)
            .stderr("wenc: dangling: not writing through dangling symlink\n");
        assert_eq!(listing(d.path()), ["dangling", "in", "loop1", "loop2"]);
        for link in ["loop1", "loop2", "dangling"] {
            assert!(fs::symlink_metadata(d.path().join(link))
                .unwrap()
                .is_symlink());
        }
        let _ = input;
    }

    // ------------------------------------------------------------ 4. memory

    /// UTF-8 to UTF-8 of a 160 MiB Latin-1 file (a replacement every few
    /// bytes): pages are released as they are done, so memory stays flat
    /// (issue 14: the whole file stayed resident).
    #[test]
    fn pass_through_with_replacements_keeps_memory_flat() {
        use std::io::Write;
        let d = dir();
        let line = "Très élégant, déjà là; ".repeat(4) + "\n";
        let latin1: Vec<u8> = line.chars().map(|c| c as u32 as u8).collect();
        let chunk = latin1.repeat((1 << 20) / latin1.len());
        let path = d.path().join("big");
        let mut file = std::io::BufWriter::new(fs::File::create(&path).unwrap());
        for _ in 0..160 {
            file.write_all(&chunk).unwrap();
        }
        drop(file);
        let mut child = wenc()
            .args(["-j1", "-o", "/dev/null"])
            .arg(&path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let (status, kib) = wait_watching_memory(&mut child);
        assert!(status.success());
        assert!(kib < 64 * 1024, "peak RSS {kib} KiB for a 160 MiB input");
    }

    /// UTF-8 to UTF-8 of a 256 MiB file of valid text with one malformed
    /// byte at its end: its position is counted on the checked copy, not
    /// over the released pages again (issue 19, item 8: memory grew to the
    /// position of the first error, 1.05 GB for a 1 GiB file).
    #[test]
    fn the_first_error_at_the_end_keeps_memory_flat() {
        use std::io::Write;
        let d = dir();
        let chunk = "caf\u{E9} na\u{EF}ve, d\u{E9}j\u{E0} l\u{E0}\n".repeat(1 << 15);
        let path = d.path().join("big");
        let mut file = std::io::BufWriter::new(fs::File::create(&path).unwrap());
        let mut size = 0;
        while size < 256 << 20 {
            file.write_all(chunk.as_bytes()).unwrap();
            size += chunk.len();
        }
        file.write_all(b"\xFF\n").unwrap();
        drop(file);
        let mut child = wenc()
            .args(["-j1", "-e", "fatal", "-o", "/dev/null"])
            .arg(&path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let (status, kib) = wait_watching_memory(&mut child);
        assert_eq!(status.code(), Some(1));
        assert!(kib < 64 * 1024, "peak RSS {kib} KiB for a 256 MiB input");
    }
}

// ---------------------------------------------------------------- pass-through

#[cfg(unix)]
mod pass_through {
    use super::{enc, settings};
    use std::fs;
    use std::io::{self, Write};
    use std::os::unix::fs::FileExt;
    use wenc::convert::{ConvertError, Converter, ErrorMode, Parallelism};
    use wenc_cli::io::{Input, Origin};

    /// A sink that, on its first write, changes the input file further on
    /// (a valid byte becomes 0xFF), as another process might meanwhile.
    struct Meddler {
        file: fs::File,
        at: u64,
        out: Vec<u8>,
    }

    impl Write for Meddler {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.out.is_empty() {
                self.file.write_at(b"\xFF", self.at).unwrap();
            }
            self.out.extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// What is validated is what is written: `-e fatal` never succeeds with
    /// invalid UTF-8 in its output, wherever the input changes, on one
    /// thread or in pieces.
    #[test]
    fn a_mapped_input_changed_midway_never_yields_invalid_utf8() {
        let line = b"plain ASCII text, valid UTF-8 whatever happens\n";
        let text = line.repeat((8 << 20) / line.len());
        for jobs in [1, 2] {
            for at in [1000u64, 200_000, 3 << 20, 7 << 20] {
                let d = tempfile::tempdir().unwrap();
                let path = d.path().join("in");
                fs::write(&path, &text).unwrap();
                let mut input = Input::open(&Origin::Path(path.clone()), "changed").unwrap();
                let s = settings(enc("utf-8"), enc("utf-8"), ErrorMode::Fatal);
                let file = fs::OpenOptions::new().write(true).open(&path).unwrap();
                let mut sink = Meddler {
                    file,
                    at,
                    out: Vec::new(),
                };
                let (_, result) = input.convert(s, Parallelism::new(jobs), &mut sink, &mut |_| {});
                let valid = std::str::from_utf8(&sink.out).is_ok();
                match result {
                    Ok(_) => assert!(valid, "-j{jobs}, changed at {at}: invalid UTF-8 written"),
                    Err(ConvertError::Malformed(m)) => assert_eq!(m.offset, at),
                    Err(e) => panic!("-j{jobs}, changed at {at}: {e:?}"),
                }
                assert!(valid, "-j{jobs}, changed at {at}: invalid UTF-8 written");
            }
        }
    }

    /// Progress follows the input position in UTF-8 pass-through, also when
    /// no window is clean (issue 14: it stayed at 0 until the end).
    #[test]
    fn progress_moves_through_malformed_input() {
        let input = b"caf\xE9 ".repeat((4 << 20) / 5);
        let s = settings(enc("utf-8"), enc("utf-8"), ErrorMode::Replacement);
        let mut reports = Vec::new();
        let mut out = Vec::new();
        Converter::new(s)
            .convert_slice(&input, &mut out, &mut |done| reports.push(done))
            .unwrap();
        assert!(reports.len() >= 4, "{reports:?}");
        assert!(reports.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(reports.last(), Some(&(input.len() as u64)));
    }
}

// ---------------------------------------------------------------- messages

#[cfg(unix)]
#[test]
fn usage_errors_escape_the_arguments_clap_quotes() {
    use assert_cmd::assert::OutputAssertExt;
    // Forced colour: clap would otherwise strip escape sequences only when
    // standard error is not a terminal.
    for args in [&["--errors=\x1B]0;PWNED\x07", "x"][..], &["--x\x1B[31m\r"]] {
        let out = util::wenc()
            .env("CLICOLOR_FORCE", "1")
            .args(args)
            .output()
            .unwrap();
        out.clone().assert().code(2);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(!stderr.contains(['\x1B', '\x07', '\r']), "{stderr:?}");
    }
    util::wenc()
        .arg("--errors=\x1B]0;PWNED\x07")
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "invalid value '\\x1B]0;PWNED\\x07'",
        ));
}
