//! `-j N`: a large file converted in pieces on several threads gives exactly
//! what one thread gives: the same bytes on standard output, the same
//! warnings and errors (counts, byte offsets, lines and columns) and the
//! same exit status, also with malformed input and unrepresentable
//! characters right at the piece boundaries and in fatal mode.
//!
//! Inputs of about 10 MiB are built from ../shared/corpus/wikipedia (or
//! synthetic text when it is absent) and split into pieces of 64 KiB with the
//! hidden --piece-size option, so that there are many pieces.

use crate::util;
use util::wenc_cmd as wenc;
use util::*;

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use wenc::codec::{
    Encoding, BIG5, EUC_KR, GB18030, ISO_2022_JP, SHIFT_JIS, UTF_16LE, UTF_8, WINDOWS_1252,
};

const PIECE: usize = 64 * 1024;
const SIZE: usize = 10 << 20;

/// Articles of the corpus in these languages, or synthetic text in several
/// scripts when the corpus is not beside the project.
fn text(languages: &[&str]) -> String {
    static CORPUS: OnceLock<Option<PathBuf>> = OnceLock::new();
    let corpus = CORPUS.get_or_init(|| crate::shared::found().map(|d| d.join("corpus/wikipedia")));
    let mut out = String::new();
    if let Some(dir) = corpus {
        for lang in languages {
            if let Ok(t) = fs::read_to_string(dir.join(format!("{lang}.txt"))) {
                out.push_str(&t);
            }
        }
    }
    if out.is_empty() {
        eprintln!("../shared/corpus is absent: synthetic text");
        for i in 0..2000 {
            out.push_str(&format!(
                "{i}: caf\u{E9} \u{20AC} na\u{EF}ve \u{65E5}\u{672C}\u{8A9E}\u{306E}\u{6587} \
                 \u{4E2D}\u{6587} \u{D55C}\u{AD6D}\u{C5B4} \u{4F60}\u{597D} \u{1F600}\n"
            ));
        }
    }
    out
}

/// `text` repeated to about `SIZE` bytes, ending with a newline.
fn big(text: &str) -> String {
    let mut out = String::with_capacity(SIZE + text.len());
    while out.len() < SIZE {
        out.push_str(text);
        if !out.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// `bytes` with `before` inserted before the newline that ends each piece
/// (by the rule wenc splits with: the first newline at or after `PIECE`
/// bytes into the piece) and `after` at the start of the next piece, for the
/// boundaries `which` selects. Neither may contain a newline.
fn at_boundaries(
    bytes: &[u8],
    before: &[u8],
    after: &[u8],
    which: impl Fn(usize) -> bool,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / PIECE * 8);
    let (mut src, mut start, mut boundary) = (0, 0, 0);
    loop {
        // Copy until the piece is long enough, then to its newline.
        let need = (start + PIECE - 1).saturating_sub(out.len());
        let upto = (src + need).min(bytes.len());
        out.extend_from_slice(&bytes[src..upto]);
        src = upto;
        let Some(nl) = bytes[src..].iter().position(|&b| b == b'\n') else {
            out.extend_from_slice(&bytes[src..]);
            return out;
        };
        out.extend_from_slice(&bytes[src..src + nl]);
        src += nl + 1;
        let marked = which(boundary);
        if marked {
            out.extend_from_slice(before);
        }
        out.push(b'\n');
        start = out.len();
        if marked {
            out.extend_from_slice(after);
        }
        boundary += 1;
    }
}

fn encode(enc: &'static Encoding, text: &str) -> Vec<u8> {
    enc.encode(text).unwrap().0
}

/// Runs wenc with `args` on one thread and split on four, checks that both
/// give the same stdout, stderr and status, and returns stdout and stderr.
fn same(args: &[&str]) -> (Vec<u8>, String) {
    let one = wenc().args(["-j", "1"]).args(args).output().unwrap();
    let piece = PIECE.to_string();
    let many = wenc()
        .args(["-j", "4", "--piece-size", &piece])
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&one.stderr).into_owned();
    assert_eq!(
        String::from_utf8_lossy(&many.stderr),
        stderr,
        "stderr of {args:?}"
    );
    assert_eq!(many.status.code(), one.status.code(), "status of {args:?}");
    assert!(
        many.stdout == one.stdout,
        "stdout of {args:?} differs: {} bytes against {}",
        many.stdout.len(),
        one.stdout.len()
    );
    (one.stdout, stderr)
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A legacy multi-byte input with a lone lead byte (0x81) ending lines and an
/// invalid byte (0xFF) starting lines at piece boundaries, in every mode.
fn multibyte(enc: &'static Encoding, languages: &[&str]) {
    let d = dir();
    let clean = encode(enc, &big(&text(languages)));
    let label = enc.name();
    let f = d.path().join("clean");
    fs::write(&f, &clean).unwrap();
    let (out, err) = same(&["-f", label, path(&f)]);
    assert_eq!(err, "");
    assert!(out.len() > clean.len() / 2);
    same(&["-f", label, "-t", "utf-16le", path(&f)]);
    same(&["-f", label, "--check", path(&f)]);

    let bad = at_boundaries(&clean, b"\x81", b"\xFF", |i| i % 3 != 1);
    let f = d.path().join("bad");
    fs::write(&f, &bad).unwrap();
    let (_, err) = same(&["-f", label, path(&f)]);
    assert!(err.contains("malformed sequences in"), "{err}");
    let (_, err) = same(&["-f", label, "-t", "utf-16be", path(&f)]);
    assert!(err.contains("malformed sequences in"), "{err}");
    let (_, err) = same(&["-f", label, "-e", "fatal", path(&f)]);
    assert!(err.contains("malformed"), "{err}");
    same(&["-f", label, "--check", path(&f)]);
    // To windows-1252, U+FFFD and most characters cannot be represented.
    same(&["-f", label, "-t", "windows-1252", "-e", "html", path(&f)]);
    same(&["-f", label, "-t", "windows-1252", path(&f)]);

    // One error only, just after the 40th boundary, and one just before
    // the 70th: fatal mode stops there with the output before it.
    for (before, after, at) in [(&b""[..], &b"\xFF"[..], 40), (b"\x81", b"", 70)] {
        let late = at_boundaries(&clean, before, after, |i| i == at);
        let f = d.path().join("late");
        fs::write(&f, &late).unwrap();
        let (out, err) = same(&["-f", label, "-e", "fatal", path(&f)]);
        assert!(err.contains("malformed"), "{err}");
        assert!(out.len() > at * PIECE / 2, "output before the error");
        let (_, err) = same(&["-f", label, path(&f)]);
        assert!(err.contains("1 malformed sequence in"), "{err}");
    }
}

#[test]
fn shift_jis() {
    multibyte(SHIFT_JIS, &["ja"]);
}

#[test]
fn gb18030() {
    multibyte(GB18030, &["zh_cn"]);
}

#[test]
fn euc_kr() {
    multibyte(EUC_KR, &["ko"]);
}

#[test]
fn big5() {
    multibyte(BIG5, &["zh_tw"]);
}

#[test]
fn utf8_with_malformed_input_and_unrepresentable_characters() {
    let d = dir();
    let clean = big(&text(&["en", "fr", "ja", "ru", "zh_cn", "ar"])).into_bytes();
    let f = d.path().join("clean");
    fs::write(&f, &clean).unwrap();
    let (out, _) = same(&[path(&f)]);
    assert!(out == clean);
    same(&["-t", "utf-16le", path(&f)]);
    same(&["-t", "gb18030", path(&f)]);
    let (_, err) = same(&["-t", "shift_jis", "-e", "html", path(&f)]);
    assert!(err.contains("written as &#N; references"), "{err}");
    let (_, err) = same(&["-t", "euc-kr", path(&f)]);
    assert!(err.contains("cannot be represented in EUC-KR"), "{err}");

    // Truncated sequences before boundary newlines, stray bytes after them.
    let bad = at_boundaries(&clean, b"\xE2\x82", b"\xBF\xF0\x9F", |i| i % 4 != 3);
    let f = d.path().join("bad");
    fs::write(&f, &bad).unwrap();
    for args in [
        &["-t", "utf-8"][..],
        &["-t", "utf-16le"],
        &["-e", "fatal"],
        &["-t", "windows-1252", "-e", "html"],
        &["-t", "windows-1252"],
        &["--check", "-t", "big5"],
    ] {
        let mut args = args.to_vec();
        args.push(path(&f));
        let (_, err) = same(&args);
        assert!(!err.is_empty(), "{args:?}");
    }

    // Unrepresentable characters at boundaries only.
    let euro = at_boundaries(&clean, "\u{1F600}".as_bytes(), "\u{20AC}".as_bytes(), |i| {
        i >= 50
    });
    let f = d.path().join("euro");
    fs::write(&f, &euro).unwrap();
    let (_, err) = same(&["-t", "iso-8859-2", path(&f)]);
    assert!(err.contains("cannot be represented"), "{err}");
    let (_, err) = same(&["-t", "iso-8859-2", "-e", "html", path(&f)]);
    assert!(err.contains("references"), "{err}");
}

#[test]
fn windows_1252_and_its_unrepresentable_characters() {
    let d = dir();
    let clean = encode(WINDOWS_1252, &big(&text(&["en", "fr", "de"])));
    let f = d.path().join("1252");
    fs::write(&f, &clean).unwrap();
    let (out, err) = same(&["-f", "windows-1252", path(&f)]);
    assert_eq!(err, "");
    assert_eq!(
        out,
        WINDOWS_1252
            .decode_without_bom_handling(&clean)
            .0
            .as_bytes()
    );
    same(&["-f", "windows-1252", "-t", "utf-16le", path(&f)]);
    // Every byte decodes; é and € cannot be written in Shift_JIS, at the
    // boundaries and elsewhere.
    let marked = at_boundaries(&clean, b"\xE9", b"\x80", |i| i % 2 == 0);
    let f = d.path().join("marked");
    fs::write(&f, &marked).unwrap();
    let (_, err) = same(&[
        "-f",
        "windows-1252",
        "-t",
        "shift_jis",
        "-e",
        "html",
        path(&f),
    ]);
    assert!(
        err.contains("characters not representable in Shift_JIS"),
        "{err}"
    );
    let (_, err) = same(&["-f", "windows-1252", "-t", "shift_jis", path(&f)]);
    assert!(err.contains("cannot be represented in Shift_JIS"), "{err}");
    same(&[
        "-f",
        "windows-1252",
        "-t",
        "shift_jis",
        "-e",
        "fatal",
        path(&f),
    ]);
}

#[test]
fn boms_are_handled_once() {
    let d = dir();
    let body = big(&text(&["fr", "ja"]));
    let mut utf8 = b"\xEF\xBB\xBF".to_vec();
    utf8.extend_from_slice(&at_boundaries(
        body.as_bytes(),
        b"\xEF\xBB\xBF",
        b"\xFF",
        |i| i % 10 == 5,
    ));
    let f = d.path().join("utf8-bom");
    fs::write(&f, &utf8).unwrap();
    // The BOM names UTF-8 and overrides -f; later EF BB BF are U+FEFF.
    let (out, err) = same(&["-f", "windows-1252", path(&f)]);
    assert!(out.starts_with(&body.as_bytes()[..100]));
    assert!(
        err.contains("UTF-8 (named by its byte order mark)"),
        "{err}"
    );
    same(&["-f", "windows-1252", "--ignore-bom", path(&f)]);
    same(&["-f", "windows-1252", "-e", "fatal", path(&f)]);
    same(&["--add-bom", "-t", "utf-16le", path(&f)]);
}

#[test]
fn utf16_and_iso_2022_jp_stay_on_one_thread() {
    let d = dir();
    let body = big(&text(&["ja", "en"]));
    // UTF-16LE input, with and without a BOM, and a UTF-16 BOM on an input
    // labelled UTF-8: not split, same result.
    let mut utf16 = encode(UTF_16LE, &body);
    utf16.extend_from_slice(b"\x00\xD8a\x00\n\x00");
    let f = d.path().join("utf16");
    fs::write(&f, &utf16).unwrap();
    let (_, err) = same(&["-f", "utf-16le", path(&f)]);
    assert!(err.contains("1 malformed sequence in UTF-16LE"), "{err}");
    let mut bom = b"\xFF\xFE".to_vec();
    bom.extend_from_slice(&utf16);
    let f = d.path().join("utf16-bom");
    fs::write(&f, &bom).unwrap();
    let (out, _) = same(&[path(&f)]);
    assert!(out.starts_with(&body.as_bytes()[..100]));

    // ISO-2022-JP in and out.
    let jis = encode(ISO_2022_JP, &body);
    let f = d.path().join("jis");
    fs::write(&f, &jis).unwrap();
    let (out, err) = same(&["-f", "iso-2022-jp", path(&f)]);
    assert_eq!(err, "");
    assert_eq!(
        out,
        ISO_2022_JP.decode_without_bom_handling(&jis).0.as_bytes()
    );
    let f = d.path().join("utf8");
    fs::write(&f, &body).unwrap();
    let (out, _) = same(&["-t", "iso-2022-jp", "-e", "html", path(&f)]);
    assert_eq!(out, jis);
    same(&[
        "-f",
        "shift_jis",
        "-t",
        "iso-2022-jp",
        "-e",
        "html",
        path(&f),
    ]);
}

#[test]
fn several_files_keep_their_order() {
    let d = dir();
    let a = big(&text(&["en"]));
    let b = encode(UTF_8, &big(&text(&["ja"])));
    let fa = d.path().join("a");
    let fb = d.path().join("b");
    let fc = d.path().join("c");
    fs::write(&fa, &a).unwrap();
    fs::write(&fb, &b).unwrap();
    fs::write(&fc, b"small\xFF\n").unwrap();
    let (out, err) = same(&[path(&fa), path(&fc), path(&fb), path(&fa)]);
    let mut expected = a.clone().into_bytes();
    expected.extend_from_slice("small\u{FFFD}\n".as_bytes());
    expected.extend_from_slice(&b);
    expected.extend_from_slice(a.as_bytes());
    assert!(out == expected);
    assert!(err.contains("1 malformed sequence"), "{err}");
    same(&["-t", "utf-16le", path(&fb), "-", path(&fa)]);
    same(&[
        "--check",
        "-t",
        "shift_jis",
        path(&fa),
        path(&fb),
        path(&fc),
    ]);

    // -o gets the same bytes.
    let o1 = d.path().join("o1");
    let o4 = d.path().join("o4");
    wenc()
        .args([
            "-j",
            "1",
            "-t",
            "gb18030",
            "-o",
            path(&o1),
            path(&fb),
            path(&fa),
        ])
        .assert()
        .success();
    wenc()
        .args(["-j", "4", "--piece-size", "4099", "-t", "gb18030", "-o"])
        .args([path(&o4), path(&fb), path(&fa)])
        .assert()
        .success();
    assert!(fs::read(&o1).unwrap() == fs::read(&o4).unwrap());
}

#[test]
fn tiny_pieces_and_many_threads() {
    let d = dir();
    let body = big(&text(&["de", "ru", "el"]));
    let bad = at_boundaries(body.as_bytes(), b"\xC3", b"\x80", |i| i % 7 == 3);
    let f = d.path().join("bad");
    fs::write(&f, &bad[..bad.len().min(2 << 20)]).unwrap();
    for (jobs, piece) in [("2", "1"), ("16", "100"), ("3", "4099")] {
        for args in [
            &["-t", "utf-16le"][..],
            &["-e", "fatal"],
            &["-t", "koi8-r", "-e", "html"],
        ] {
            let one = wenc()
                .args(["-j", "1"])
                .args(args)
                .arg(&f)
                .output()
                .unwrap();
            let many = wenc()
                .args(["-j", jobs, "--piece-size", piece])
                .args(args)
                .arg(&f)
                .output()
                .unwrap();
            assert_eq!(many.status.code(), one.status.code());
            assert_eq!(many.stderr, one.stderr, "{jobs} {piece} {args:?}");
            assert!(many.stdout == one.stdout, "{jobs} {piece} {args:?}");
        }
    }
}

#[test]
fn jobs_must_be_a_positive_number() {
    for bad in ["0", "-1", "many", ""] {
        wenc()
            .args(["-j", bad])
            .write_stdin("x")
            .assert()
            .code(2)
            .stdout("");
    }
    wenc()
        .args(["--jobs", "3"])
        .write_stdin("stdin is not split\n")
        .assert()
        .success()
        .stdout("stdin is not split\n");
    wenc().args(["-l", "-j", "2"]).assert().code(2);
    let help = wenc().arg("--help").output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("-j, --jobs <N>"), "{help}");
    assert!(!help.contains("piece-size"));
}

#[cfg(target_os = "linux")]
#[test]
fn a_file_truncated_while_threads_read_it_is_reported() {
    // Threads converting, and (UTF-8 to UTF-8) threads checking while the
    // writer copies from the mapping.
    for to in ["utf-16le", "utf-8"] {
        truncated_under_threads(to);
    }
}

#[cfg(target_os = "linux")]
fn truncated_under_threads(to: &str) {
    let d = dir();
    let big = d.path().join("big");
    fs::write(&big, b"0123456789abcdef\n".repeat(1 << 20)).unwrap(); // 17 MiB
    let mut cmd = util::wenc();
    cmd.args(["-j", "4", "--piece-size", "65536", "-t", to])
        .arg(&big);
    let (status, stderr) = truncated_while_read(&mut cmd, &big);
    assert_eq!(status.code(), Some(1), "-t {to}: {stderr}");
    assert_eq!(stderr, truncated_message(&big));
}

/// Peak resident memory of a run, from /proc while it runs (KiB), and what
/// it printed on standard error (a few lines at most: read once it ended).
#[cfg(target_os = "linux")]
fn peak_rss_kib(args: &[&str], file: &Path) -> (u64, String) {
    use std::io::Read;
    let mut child = util::wenc()
        .args(args)
        .arg(file)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let (_, peak) = wait_watching_memory(&mut child);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (peak, stderr)
}

#[cfg(target_os = "linux")]
#[test]
fn memory_stays_flat_with_threads() {
    // 256 MiB of text whose characters straddle the 1 MiB windows, so that
    // pieces and windows end off page boundaries.
    let d = dir();
    let big = d.path().join("big");
    {
        use std::io::Write;
        let line = "0123456789 caf\u{E9} \u{65E5}\u{672C} \u{1F600}\n".repeat(4096);
        let mut f = std::io::BufWriter::new(fs::File::create(&big).unwrap());
        for _ in 0..(256 << 20) / line.len() {
            f.write_all(line.as_bytes()).unwrap();
        }
    }
    for (args, limit_mib) in [
        (&["-j", "1"][..], 12),
        (&["-j", "2"], 16),
        (&["-j", "2", "-t", "utf-16le"], 24),
        (&["-j", "4", "-f", "windows-1252"], 32),
    ] {
        let (peak, stderr) = peak_rss_kib(args, &big);
        assert!(
            peak > 0 && peak < limit_mib * 1024,
            "{args:?}: peak RSS {peak} KiB"
        );
        // UTF-8 text read as windows-1252 is converted, with the guard's
        // warning; the other runs say nothing.
        if args.contains(&"windows-1252") {
            assert!(stderr.contains("as if converted already"), "{stderr}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
        } else {
            assert_eq!(stderr, "", "{args:?}");
        }
    }
}
