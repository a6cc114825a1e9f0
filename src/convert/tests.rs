use super::*;
use crate::codec::{
    GB18030, ISO_2022_JP, REPLACEMENT, SHIFT_JIS, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252,
};

/// Settings with the BOM sniffed, output written and no transform (also
/// used by the split's tests).
pub(super) fn settings(
    from: &'static Encoding,
    to: &'static Encoding,
    mode: ErrorMode,
) -> Settings {
    Settings {
        from,
        to,
        mode,
        sniff_bom: true,
        write_output: true,
        transform: Default::default(),
        utf8_evidence: false,
    }
}

/// Converts `input` in one slice.
fn run(s: Settings, input: &[u8]) -> (Vec<u8>, Result<Summary, ConvertError>) {
    let mut out = Vec::new();
    let result = Converter::new(s).convert_slice(input, &mut out, &mut |_| {});
    (out, result)
}

/// [`run`] of a conversion that must succeed.
fn run_ok(s: Settings, input: &[u8]) -> (Vec<u8>, Summary) {
    let (out, result) = run(s, input);
    (out, result.unwrap())
}

/// Converts `input` fed in pieces of `size` bytes.
fn run_chunked(s: Settings, input: &[u8], size: usize) -> (Vec<u8>, Result<Summary, ConvertError>) {
    let mut out = Vec::new();
    let mut c = Converter::new(s);
    for piece in input.chunks(size) {
        if let Err(e) = c.feed(piece, false, &mut out) {
            return (out, Err(e));
        }
    }
    let result = c.feed(&[], true, &mut out).map(|()| c.summary());
    (out, result)
}

fn pos(line: u64, column: u64) -> TextPosition {
    TextPosition { line, column }
}

#[test]
fn utf8_passes_through_and_replacements_are_located() {
    let input = b"ab\nc\xFFd\n\xE2\x82x";
    let s = settings(UTF_8, UTF_8, ErrorMode::Replacement);
    let (out, summary) = run_ok(s, input);
    assert_eq!(out, "ab\nc\u{FFFD}d\n\u{FFFD}x".as_bytes());
    assert_eq!(summary.malformed, 2);
    assert_eq!(summary.bytes_read, input.len() as u64);
    let first = summary.first_malformed.unwrap();
    assert_eq!(
        (first.offset, first.bytes(), first.position),
        (4, &[0xFF][..], pos(2, 2))
    );
    assert_eq!(first.hex(), "FF");
    for size in [1, 2, 3, 5] {
        let (o, r) = run_chunked(s, input, size);
        assert_eq!(o, out, "chunks of {size}");
        assert_eq!(r.unwrap(), summary, "chunks of {size}");
    }
}

#[test]
fn fatal_mode_stops_after_writing_what_came_before() {
    let input = "\u{65E5}\u{672C}\n  \u{E9}"
        .as_bytes()
        .iter()
        .copied()
        .chain(*b"\xC3(rest")
        .collect::<Vec<_>>();
    let s = settings(UTF_8, UTF_8, ErrorMode::Fatal);
    for size in [1, 4, 1 << 20] {
        let (out, result) = run_chunked(s, &input, size);
        assert_eq!(out, "\u{65E5}\u{672C}\n  \u{E9}".as_bytes());
        match result {
            Err(ConvertError::Malformed(m)) => {
                assert_eq!(m.offset, 11);
                assert_eq!(m.bytes(), [0xC3]);
                assert_eq!(m.position, pos(2, 4));
                assert_eq!(m.encoding, UTF_8);
                // The words are the CLI's (cli/report.rs); the data is here.
                assert_eq!(m.hex(), "C3");
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn unrepresentable_character_is_an_error_in_replacement_mode() {
    let s = settings(UTF_8, WINDOWS_1252, ErrorMode::Replacement);
    let (out, result) = run(s, "caf\u{E9}\n\u{20AC}\u{2713}".as_bytes());
    assert_eq!(out, b"caf\xE9\n\x80");
    match result {
        Err(ConvertError::Unmappable(u)) => {
            assert_eq!(
                (u.ch, u.position, u.text_offset),
                ('\u{2713}', pos(2, 2), 9)
            );
            assert_eq!(u.encoding, WINDOWS_1252);
        }
        other => panic!("{other:?}"),
    }
}

/// After an unrepresentable character stops a conversion, the account
/// counts only the replacements before it, whatever the buffer size (the
/// decoder runs up to a buffer ahead of the encoder), with a transform's
/// carry too. gb18030 encodes U+FFFD but not U+E5E5; windows-1252 stops at
/// the first U+FFFD.
#[test]
fn the_account_after_a_stop_does_not_depend_on_the_buffer_size() {
    let mut input = b"a\xFFb\n".repeat(40);
    input.extend_from_slice("x\u{E5E5}y".as_bytes());
    input.extend_from_slice(b"\xFF\xFF\n");
    input.extend_from_slice(&b"\xFFz\n".repeat(40));
    let transforms = [
        TextTransform::default(),
        TextTransform {
            eol: Some(Eol::Crlf),
            normalize: Some(Form::Nfc),
        },
    ];
    let cases = [
        (GB18030, &input[..], '\u{E5E5}', pos(41, 2), 40),
        (GB18030, &input[40 * 4..], '\u{E5E5}', pos(1, 2), 0),
        (WINDOWS_1252, &input[..], '\u{FFFD}', pos(1, 2), 1),
    ];
    for transform in transforms {
        for (to, input, ch, at, before) in cases {
            let s = Settings {
                transform,
                ..settings(UTF_8, to, ErrorMode::Replacement)
            };
            for size in [MIN_BUFFER_SIZE, 20, 33, 100, 1000, BUFFER_SIZE] {
                let what = format!("{to} {transform:?} size {size}");
                let mut c = Converter::sized(s, size);
                let result = c.convert_slice(input, &mut io::sink(), &mut |_| {});
                let Err(ConvertError::Unmappable(u)) = result else {
                    panic!("{what}: {result:?}");
                };
                assert_eq!((u.ch, u.position), (ch, at), "{what}");
                let summary = c.summary();
                assert_eq!(summary.malformed, before, "{what}");
                let first = summary.first_malformed.map(|m| m.offset);
                assert_eq!(first, (before > 0).then_some(1), "{what}");
            }
        }
    }
}

#[test]
fn html_mode_writes_references_and_counts_them() {
    let s = settings(UTF_8, WINDOWS_1252, ErrorMode::Html);
    let input = "a\u{2713}\nb\u{1F600}"
        .as_bytes()
        .iter()
        .copied()
        .chain([0xFF])
        .collect::<Vec<_>>();
    let (out, summary) = run(s, &input);
    assert_eq!(out, b"a&#10003;\nb&#128512;&#65533;");
    let summary = summary.unwrap();
    assert_eq!((summary.unmappable, summary.malformed), (3, 1));
    let u = summary.first_unmappable.unwrap();
    assert_eq!((u.ch, u.position), ('\u{2713}', pos(1, 2)));
    let (o, r) = run_chunked(s, &input, 1);
    assert_eq!((o, r.unwrap()), (out, summary));
}

#[test]
fn a_bom_overrides_the_input_encoding_unless_ignored() {
    let input = b"\xFF\xFEa\x00\n\x00\x00\xD8b\x00";
    let s = settings(WINDOWS_1252, UTF_8, ErrorMode::Replacement);
    let (out, summary) = run_ok(s, input);
    assert_eq!(out, "a\n\u{FFFD}b".as_bytes());
    assert_eq!(summary.input_encoding, UTF_16LE);
    let m = summary.first_malformed.unwrap();
    assert_eq!(
        (m.offset, m.bytes(), m.position, m.encoding),
        (6, &[0x00, 0xD8][..], pos(2, 1), UTF_16LE)
    );

    let (out, summary) = run(
        Settings {
            sniff_bom: false,
            ..s
        },
        input,
    );
    assert_eq!(out, "\u{FF}\u{FE}a\u{0}\n\u{0}\u{0}\u{D8}b\u{0}".as_bytes());
    assert_eq!(summary.unwrap().input_encoding, WINDOWS_1252);
}

#[test]
fn utf16_output_and_boms() {
    let s = settings(UTF_8, UTF_16LE, ErrorMode::Fatal);
    let (out, summary) = run(s, "a\u{1F600}".as_bytes());
    assert_eq!(out, b"a\x00\x3D\xD8\x00\xDE");
    assert_eq!(summary.unwrap().malformed, 0);
    assert_eq!(bom_bytes(UTF_8), Some(&b"\xEF\xBB\xBF"[..]));
    assert_eq!(bom_bytes(UTF_16LE), Some(&b"\xFF\xFE"[..]));
    assert_eq!(bom_bytes(UTF_16BE), Some(&b"\xFE\xFF"[..]));
    assert_eq!(bom_bytes(SHIFT_JIS), None);
}

#[test]
fn checking_writes_nothing() {
    let s = Settings {
        write_output: false,
        ..settings(UTF_8, WINDOWS_1252, ErrorMode::Fatal)
    };
    let (out, result) = run(s, b"fine\n\xE2\x82\xAC ok");
    assert!(out.is_empty());
    assert!(result.is_ok());
    let (out, result) = run(s, "x\u{3042}".as_bytes());
    assert!(out.is_empty());
    assert!(matches!(result, Err(ConvertError::Unmappable(u)) if u.ch == '\u{3042}'));
}

#[test]
fn large_input_through_a_reader_matches_the_slice() {
    let mut input = Vec::new();
    for i in 0..40_000 {
        input.extend_from_slice(format!("line {i}: caf\u{E9} \u{65E5}\u{672C}\n").as_bytes());
    }
    input.extend_from_slice(b"bad \xF0\x9F end\n");
    let s = settings(UTF_8, UTF_16LE, ErrorMode::Replacement);
    let (expected, summary) = run_ok(s, &input);
    assert_eq!(summary.first_malformed.unwrap().position, pos(40_001, 5));
    assert_eq!(
        summary.first_malformed.unwrap().offset,
        input.len() as u64 - 7
    );

    /// A reader that returns odd-sized pieces.
    struct Dribble<'a>(&'a [u8], usize);
    impl Read for Dribble<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.1 = self.1 % 7919 + 1;
            let n = self.1.min(buf.len()).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let mut out = Vec::new();
    let mut seen = 0;
    let got = Converter::new(s)
        .convert_reader(&mut Dribble(&input, 0), &mut out, &mut |n| seen = n)
        .unwrap();
    assert_eq!(seen, input.len() as u64);
    assert_eq!(got, summary);
    assert!(out == expected);
}

#[test]
fn the_replacement_encoding_replaces_the_whole_input() {
    let s = settings(REPLACEMENT, UTF_8, ErrorMode::Replacement);
    let (out, summary) = run(s, b"anything\nat all");
    assert_eq!(out, "\u{FFFD}".as_bytes());
    assert_eq!(summary.unwrap().malformed, 1);
    let (out, summary) = run(s, b"");
    assert!(out.is_empty());
    assert_eq!(summary.unwrap().malformed, 0);
}

#[test]
fn a_full_sink_is_a_write_error() {
    struct Full;
    impl Write for Full {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from_raw_os_error(libc::ENOSPC))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let s = settings(UTF_8, UTF_8, ErrorMode::Replacement);
    let result = Converter::new(s).convert_slice(b"text", &mut Full, &mut |_| {});
    assert!(matches!(result, Err(ConvertError::Write(_))));
}

#[test]
fn iso_2022_jp_output_returns_to_ascii_at_the_end() {
    let s = settings(UTF_8, ISO_2022_JP, ErrorMode::Fatal);
    let (out, result) = run(s, "a\u{3042}".as_bytes());
    result.unwrap();
    assert_eq!(out, b"a\x1B$B$\"\x1B(B");
}

/// UTF-8 from a slice skips the decoder (see `passthrough`): it must give
/// exactly what the decoder gives when fed in chunks, whatever the output.
fn same_as_the_decoder(s: Settings, input: &[u8]) {
    let mut fast = Converter::new(s);
    assert!(fast.can_pass_through(input));
    let mut out = Vec::new();
    let result = fast.convert_slice(input, &mut out, &mut |_| {});
    let (expected, expected_result) = run_chunked(s, input, 4099);
    let what = format!(
        "{} {:?} sniff={} write={}",
        s.to.name(),
        s.mode,
        s.sniff_bom,
        s.write_output
    );
    assert_eq!(
        format!("{result:?}"),
        format!("{expected_result:?}"),
        "{what}"
    );
    assert!(out == expected, "{what}: output differs");
    if expected_result.is_ok() {
        let mut slow = Converter::new(s);
        for piece in input.chunks(65_536) {
            slow.feed(piece, false, &mut io::sink()).unwrap();
        }
        slow.feed(&[], true, &mut io::sink()).unwrap();
        assert_eq!(fast.summary(), slow.summary(), "{what}");
        assert_eq!(fast.text_done(), slow.text_done(), "{what}");
    }
}

fn utf8_variants(input: &[u8], all: bool) {
    let modes: &[_] = if all {
        &[ErrorMode::Replacement, ErrorMode::Fatal, ErrorMode::Html]
    } else {
        &[ErrorMode::Replacement, ErrorMode::Fatal]
    };
    // Outputs: as is, multi-byte, stateful, mostly unrepresentable, UTF-16.
    let outputs: &[_] = if all {
        &[UTF_8, SHIFT_JIS, ISO_2022_JP, WINDOWS_1252, UTF_16LE]
    } else {
        &[UTF_8, SHIFT_JIS]
    };
    for &to in outputs {
        for &mode in modes {
            for sniff_bom in [true, all] {
                for write_output in [true, all] {
                    let s = Settings {
                        sniff_bom,
                        write_output,
                        ..settings(UTF_8, to, mode)
                    };
                    same_as_the_decoder(s, input);
                }
            }
        }
    }
}

#[test]
fn utf8_pass_through_matches_the_decoder() {
    // Every byte pair and many triples, each after a newline and in the
    // middle of a line.
    let mut pairs = Vec::new();
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            pairs.extend_from_slice(&[b'\n', a, b, b'x', a, b]);
        }
    }
    utf8_variants(&pairs, true);
    let interesting = [
        0x00, 0x0A, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
        0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ];
    let mut triples = Vec::new();
    for &a in &interesting {
        for &b in &interesting {
            for &c in &interesting {
                for &d in &[0x41, 0x80, 0x90, 0xBF] {
                    triples.extend_from_slice(&[a, b, c, d, b'-']);
                }
            }
        }
    }
    utf8_variants(&triples, true);
    // Short inputs, whole: BOMs, parts of BOMs, sequences cut by the end.
    for input in [
        &b""[..],
        b"\xEF",
        b"\xEF\xBB",
        b"\xEF\xBB\xBF",
        b"\xEF\xBB\xBFa\xFF",
        b"\xEF\xBB\xBF\xEF\xBB\xBF",
        b"\xEF\xBBA",
        b"ab\xE2\x82",
        b"ab\xF0\x9F\x98",
        b"\xF0\x9F\x98\x80\n\xC3",
        b"ok\n",
        // Valid to the end, and not ASCII there (ISO-2022-JP must return).
        "\u{3042}".as_bytes(),
        "a\n\u{E9}\u{3042}".as_bytes(),
    ] {
        utf8_variants(input, true);
    }
    // Sequences across the slice window (valid, cut, malformed).
    for k in 0..5 {
        let mut input = vec![b'a'; SLICE_WINDOW - k];
        input.extend_from_slice("\u{1F600}\u{E9}\n".as_bytes());
        input.extend_from_slice(b"\xF0\x9F\x98 \xE2\x82\xAC");
        input.extend(std::iter::repeat_n(b'b', SLICE_WINDOW - 3));
        input.extend_from_slice(b"\xE2\x82\n\xF0\x9F");
        utf8_variants(&input, false);
        input.truncate(SLICE_WINDOW + 3 - k);
        utf8_variants(&input, false);
    }
}

#[test]
fn utf8_pass_through_applies_by_bom_and_to_utf8_only() {
    let s = settings(WINDOWS_1252, UTF_8, ErrorMode::Replacement);
    let bom = b"\xEF\xBB\xBFcaf\xC3\xA9 \xFF\n";
    assert!(Converter::new(s).can_pass_through(bom));
    assert!(!Converter::new(s).can_pass_through(b"caf\xE9"));
    let ignore = Settings {
        sniff_bom: false,
        ..s
    };
    assert!(!Converter::new(ignore).can_pass_through(bom));
    let (out, summary) = run_ok(s, bom);
    assert_eq!(out, "caf\u{E9} \u{FFFD}\n".as_bytes());
    assert_eq!(summary.input_encoding, UTF_8);
    let m = summary.first_malformed.unwrap();
    assert_eq!((m.offset, m.position, m.encoding), (9, pos(1, 6), UTF_8));
    same_as_the_decoder(s, bom);
    let u = settings(UTF_8, UTF_8, ErrorMode::Fatal);
    assert!(!Converter::new(u).can_pass_through(b"\xFF\xFEa\x00"));
    // Any output: the encoder takes the validated text.
    assert!(Converter::new(settings(UTF_8, UTF_16LE, ErrorMode::Fatal)).can_pass_through(b"a"));
    // Not after input was fed.
    let mut c = Converter::new(u);
    c.feed(b"a", false, &mut io::sink()).unwrap();
    assert!(!c.can_pass_through(b"b"));
}
