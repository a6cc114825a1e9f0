//! The guards as a property (issue 19, done-when): random text in a random
//! encoding, converted in place with a random `-f` (right or wrong), twice
//! in a row: the second run never changes a file the first run converted,
//! unless `--force`. The real binary runs; a few dozen cases take seconds.
//!
//! Every `-f` the guard covers (every encoding wenc reads, the two
//! historical ones included), text with U+0000, controls, `~` and ESC, and
//! arbitrary bytes with NULs: UTF-16 text with U+0000 comes out as UTF-8
//! that looks like UTF-16 again (`a\0b\0`), so the first run refuses it
//! (`wenc_cli::cli::ReadBack`) rather than leave what a second run would
//! convert again.
//!
//! It can fail: with `guard::misread` made to answer false (the "converted
//! already" guard off), the second `-f windows-1252` run rewrites the UTF-8
//! the first made (`Ã©` for `é`), and this test fails on its first cases.

use proptest::prelude::*;
use std::fs;
use std::process::Command;
use wenc::codec::{Encoding, HZ_GB_2312, ISO_2022_KR, REPLACEMENT, UTF_16BE, UTF_16LE};

use crate::util::*;

/// Every encoding `-f` can name but replacement (refused in place up front).
fn encodings() -> Vec<&'static Encoding> {
    Encoding::all()
        .filter(|&e| e != REPLACEMENT)
        .chain([HZ_GB_2312, ISO_2022_KR])
        .collect()
}

/// Words of several scripts, so that any encoding has text it can write,
/// and the characters that are special somewhere: U+0000, controls, `~`
/// (HZ-GB-2312), ESC, SO and SI (ISO-2022), `+`.
fn text() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "Name",
        "City",
        "caf\u{E9}",
        "Z\u{FC}rich",
        "\u{17C}\u{F3}\u{142}w",
        "\u{43C}\u{438}\u{440}",
        "\u{3053}\u{3093}\u{306B}\u{3061}\u{306F}",
        "\u{D55C}\u{AE00}",
        "\u{4E2D}\u{6587}",
        ", ",
        "\r\n",
        "\n",
        "1998",
        "\u{20AC}",
        "\0",
        "\0\0",
        "N\0a\0m\0e\0",
        "\u{1}\t\u{7F}",
        "~",
        "\u{1B}",
        "\u{E}\u{F}",
        "+",
    ]);
    let words = prop::collection::vec(words, 1..40).prop_map(|w| w.concat());
    // Text dense with U+0000, as in UTF-16 text that holds binary fields.
    let nul = prop::sample::select(vec!["a\0", "B\0", "\0", "\u{E9}\0", "ab", "\u{4E2D}"]);
    let nuls = prop::collection::vec(nul, 1..40).prop_map(|w| w.concat());
    prop_oneof![2 => words, 1 => nuls]
}

/// A file and the `-f` to convert it with: the text in some encoding
/// (what cannot be written as `&#N;`) read as that encoding (half the time)
/// or another, or arbitrary bytes.
fn cases() -> impl Strategy<Value = (Vec<u8>, &'static Encoding)> {
    // UTF-16 more often: the encoding whose text, with U+0000, a second
    // run could take for UTF-16 again.
    let any_encoding = || {
        prop_oneof![
            2 => prop::sample::select(encodings()),
            1 => prop::sample::select(vec![UTF_16LE, UTF_16BE]),
        ]
    };
    let encoded = (text(), any_encoding(), any_encoding(), any::<bool>()).prop_map(
        |(text, encoding, other, right)| {
            let bytes = encoding.encode(&text).map(|e| e.0).unwrap_or_default();
            (bytes, if right { encoding } else { other })
        },
    );
    let raw = (prop::collection::vec(any::<u8>(), 0..200), any_encoding());
    prop_oneof![4 => encoded, 1 => raw]
}

fn in_place(path: &std::path::Path, from: &str) -> i32 {
    let out = wenc()
        .args(["-q", "--historical", "-i", "-f", from])
        .arg(path)
        .output()
        .unwrap();
    out.status.code().unwrap_or(-1)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn a_second_run_never_changes_what_the_first_converted((original, from) in cases()) {
        let from = from.name();
        let d = dir();
        let f = write(d.path(), "f", &original);
        in_place(&f, from);
        let first = fs::read(&f).unwrap();
        prop_assume!(first != original, "the first run converted it");
        let code = in_place(&f, from);
        prop_assert_eq!(
            fs::read(&f).unwrap(), first,
            "-f {} twice changed it again (status {})", from, code
        );
    }
}

/// UTF-16 text with U+0000 (issue 19): the first run refuses, since the
/// UTF-8 it would write (`a\0b\0`) reads as UTF-16 again; `--force`
/// converts it.
#[test]
fn utf16_text_with_nul_characters_is_refused_the_first_time() {
    let d = dir();
    let f = write(d.path(), "f", b"a\0\0\0b\0\0\0");
    let out = wenc()
        .args(["-i", "-f", "utf-16le"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("would read as UTF-16LE again (2 NUL bytes in 4, as in UTF-16)"),
        "{stderr}"
    );
    assert_eq!(fs::read(&f).unwrap(), b"a\0\0\0b\0\0\0");
    let forced = wenc()
        .args(["-i", "--force", "-f", "utf-16le"])
        .arg(&f)
        .status()
        .unwrap();
    assert!(forced.success());
    assert_eq!(fs::read(&f).unwrap(), b"a\0b\0");
}

/// `--force` is the way past the guard: the second run converts again.
#[test]
fn force_converts_again() {
    let d = dir();
    let f = write(d.path(), "f", b"caf\xE9\n");
    assert_eq!(in_place(&f, "windows-1252"), 0);
    assert_eq!(fs::read(&f).unwrap(), "caf\u{E9}\n".as_bytes());
    assert_eq!(in_place(&f, "windows-1252"), 1);
    let status = Command::new(BIN)
        .args(["-q", "-i", "--force", "-f", "windows-1252"])
        .arg(&f)
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(fs::read(&f).unwrap(), "caf\u{C3}\u{A9}\n".as_bytes());
}
