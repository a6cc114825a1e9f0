use super::super::tests::settings;
use super::super::{Eol, ErrorMode, Form, TextTransform, Utf8Evidence, BUFFER_SIZE};
use super::*;
use crate::codec::{
    BIG5, EUC_JP, EUC_KR, GB18030, SHIFT_JIS, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252,
    WINDOWS_1253, X_USER_DEFINED,
};
use crate::codec::{HZ_GB_2312, ISO_2022_JP, ISO_2022_KR};
use std::io;

/// Everything a conversion shows: output, result, final summary, and
/// whether it was split.
#[derive(Debug, PartialEq)]
struct Run {
    out: Vec<u8>,
    result: Result<Summary, String>,
    summary: Summary,
    split: bool,
    /// Line and column of the unrepresentable character that stopped it.
    stopped_at: Option<(u64, u64)>,
}

fn run(s: Settings, input: &[u8], p: Parallelism) -> Run {
    /// Checks that progress and "consumed" only go forward.
    #[derive(Default)]
    struct Heard {
        progress: u64,
        consumed: usize,
    }
    impl Hooks for Heard {
        fn progress(&mut self, done: u64) {
            assert!(done >= self.progress, "progress went back");
            self.progress = done;
        }
        fn consumed(&mut self, up_to: usize) {
            assert!(up_to >= self.consumed, "consumed went back");
            self.consumed = up_to;
        }
    }
    let mut out = Vec::new();
    let mut heard = Heard::default();
    let (summary, result, split) = match convert_split(s, p, input, &mut out, &mut heard) {
        Some((summary, result)) => (summary, result, true),
        None => {
            let mut c = Converter::new(s);
            let result = c.convert_windows(input, &mut out, &mut heard);
            (c.summary(), result.map(|_| ()), false)
        }
    };
    if result.is_ok() {
        assert_eq!(
            heard.progress,
            input.len() as u64,
            "progress did not reach the end"
        );
        assert_eq!(
            heard.consumed,
            input.len(),
            "consumed did not reach the end"
        );
    }
    let stopped_at = match &result {
        Err(ConvertError::Unmappable(u)) => Some((u.position.line, u.position.column)),
        _ => None,
    };
    Run {
        out,
        stopped_at,
        result: result.map(|()| summary).map_err(|e| format!("{e:?}")),
        summary,
        split,
    }
}

/// Splits with `jobs` threads and pieces of `piece_size` bytes, checks the
/// run against one thread, and says whether it was split.
fn same_as_one_thread(s: Settings, input: &[u8], jobs: usize, piece_size: usize) -> bool {
    let one = run(s, input, Parallelism::single());
    assert!(!one.split);
    let p = Parallelism { jobs, piece_size };
    let what = format!(
        "{} -> {} {:?} write={} jobs={jobs} piece={piece_size}",
        s.from, s.to, s.mode, s.write_output
    );
    let many = run(s, input, p);
    assert_eq!(many.result, one.result, "{what}");
    assert!(many.out == one.out, "{what}: output differs");
    match one.stopped_at {
        None => assert_eq!(many.summary, one.summary, "{what}"),
        Some(_) => {
            // After an unrepresentable character, how far decoding ran
            // ahead of encoding depends on buffer sizes: only what was
            // decoded (bytes_read) shows it.
            let counts = |r: &Run| Summary {
                bytes_read: 0,
                utf8: Utf8Evidence::new(),
                ..r.summary
            };
            assert_eq!(counts(&many), counts(&one), "{what}");
        }
    }
    many.split
}

/// Deterministic text of `lines` lines mixing scripts (some characters
/// are unrepresentable in any one legacy encoding).
fn text(lines: usize) -> String {
    const WORDS: &[&str] = &[
        "the",
        "caf\u{E9}",
        "\u{20AC}5",
        "\u{65E5}\u{672C}\u{8A9E}",
        "\u{3072}\u{3089}",
        "\u{4E2D}\u{6587}",
        "\u{D55C}\u{AD6D}\u{C5B4}",
        "\u{43F}\u{440}\u{438}",
        "\u{1F600}",
        "\u{FF5E}",
        "x",
        "\t",
        "\u{FFFD}",
        "\u{5F71}\u{97FF}",
    ];
    let mut seed = 0x2545_F491_u32;
    let mut out = String::new();
    for _ in 0..lines {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        for _ in 0..(seed >> 16) % 12 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            out.push_str(WORDS[(seed >> 16) as usize % WORDS.len()]);
            out.push(' ');
        }
        out.push('\n');
    }
    out
}

/// `text` in `enc` (html references for what it lacks), with malformed
/// bytes before and after many newlines: 0x81 (a lead byte, or a stray
/// continuation in UTF-8) ending a line, 0xFF starting one.
fn input(enc: &'static Encoding, text: &str, malformed: bool) -> Vec<u8> {
    let encoded = enc.encode(text).map_or_else(Vec::new, |(b, _)| b);
    if !malformed {
        return encoded;
    }
    let mut out = Vec::with_capacity(encoded.len() * 2);
    for (i, line) in encoded.split_inclusive(|&b| b == b'\n').enumerate() {
        if i % 3 == 1 {
            out.extend_from_slice(&line[..line.len() - 1]);
            out.extend_from_slice(b"\x81\n");
        } else {
            out.extend_from_slice(line);
        }
        if i % 5 == 2 {
            out.push(0xFF);
        }
    }
    out
}

#[test]
fn pieces_end_after_newlines() {
    assert_eq!(piece_ends(b"", 4), [0]);
    assert_eq!(piece_ends(b"abc", 4), [3]);
    assert_eq!(piece_ends(b"abcdefgh", 4), [8]);
    assert_eq!(piece_ends(b"ab\ncd\nef\ngh", 1), [3, 6, 9, 11]);
    assert_eq!(piece_ends(b"ab\ncd\nef\ngh\n", 1), [3, 6, 9, 12]);
    assert_eq!(piece_ends(b"ab\ncd\nef\ngh\n", 3), [3, 6, 9, 12]);
    assert_eq!(piece_ends(b"ab\ncd\nef\ngh\n", 4), [6, 12]);
    assert_eq!(piece_ends(b"\n\n\n\n\n", 2), [2, 4, 5]);
    // A newline too far away ends the splitting.
    let mut long = vec![b'a'; 3 * MIN_REACH];
    long[10] = b'\n';
    long[MIN_REACH + 10] = b'\n';
    long[2 * MIN_REACH + 20] = b'\n';
    assert_eq!(piece_ends(&long, 5), [11, MIN_REACH + 11, long.len()]);
    assert_eq!(
        piece_ends(&long, MIN_REACH + 20),
        [2 * MIN_REACH + 21, long.len()]
    );
    let text = text(500);
    for size in [1, 2, 10, 100, 1000] {
        let ends = piece_ends(text.as_bytes(), size);
        let mut start = 0;
        for (i, &end) in ends.iter().enumerate() {
            assert!(end > start || text.is_empty());
            if i + 1 < ends.len() {
                assert_eq!(text.as_bytes()[end - 1], b'\n');
                assert!(end - start >= size);
                // The first newline that makes the piece long enough.
                assert!(!text.as_bytes()[start + size - 1..end - 1].contains(&b'\n'));
            }
            start = end;
        }
        assert_eq!(start, text.len());
    }
}

#[test]
fn which_inputs_are_split() {
    let s = |from, to| settings(from, to, ErrorMode::Replacement);
    let plain = b"abc\n".as_slice();
    assert_eq!(split_encoding(&s(UTF_8, UTF_16LE), plain), Some(UTF_8));
    assert_eq!(split_encoding(&s(SHIFT_JIS, UTF_8), plain), Some(SHIFT_JIS));
    assert_eq!(split_encoding(&s(UTF_16LE, UTF_8), plain), None);
    assert_eq!(split_encoding(&s(UTF_16BE, UTF_8), plain), None);
    assert_eq!(split_encoding(&s(ISO_2022_JP, UTF_8), plain), None);
    assert_eq!(split_encoding(&s(UTF_8, ISO_2022_JP), plain), None);
    assert_eq!(split_encoding(&s(UTF_8, ISO_2022_KR), plain), None);
    assert_eq!(split_encoding(&s(HZ_GB_2312, UTF_8), plain), None);
    assert_eq!(split_encoding(&s(UTF_8, HZ_GB_2312), plain), Some(UTF_8));
    assert_eq!(
        split_encoding(&s(crate::codec::REPLACEMENT, UTF_8), plain),
        None
    );
    // A BOM decides.
    let utf8_bom = b"\xEF\xBB\xBFabc\n".as_slice();
    let utf16_bom = b"\xFF\xFEa\x00".as_slice();
    assert_eq!(split_encoding(&s(UTF_16LE, UTF_8), utf8_bom), Some(UTF_8));
    assert_eq!(
        split_encoding(&s(WINDOWS_1252, UTF_8), utf8_bom),
        Some(UTF_8)
    );
    assert_eq!(split_encoding(&s(UTF_8, UTF_8), utf16_bom), None);
    let ignore = Settings {
        sniff_bom: false,
        ..s(WINDOWS_1252, UTF_8)
    };
    assert_eq!(split_encoding(&ignore, utf16_bom), Some(WINDOWS_1252));
    // Every text transform carries nothing across a newline.
    for eol in [None, Some(Eol::Lf), Some(Eol::Crlf)] {
        for normalize in [None, Some(Form::Nfc), Some(Form::Nfkd)] {
            let transform = TextTransform { eol, normalize };
            let t = Settings {
                transform,
                ..s(SHIFT_JIS, UTF_8)
            };
            assert_eq!(split_encoding(&t, plain), Some(SHIFT_JIS), "{transform:?}");
        }
    }
    // Small inputs and one job are never split.
    let text = text(50);
    let p = Parallelism {
        jobs: 4,
        piece_size: text.len() / 4 + 1,
    };
    assert!(!run(s(UTF_8, UTF_8), text.as_bytes(), p).split);
    let p = Parallelism {
        jobs: 1,
        piece_size: 1,
    };
    assert!(!run(s(UTF_8, UTF_8), text.as_bytes(), p).split);
    let p = Parallelism {
        jobs: 2,
        piece_size: 64,
    };
    assert!(run(s(UTF_8, UTF_8), text.as_bytes(), p).split);
    assert!(run(s(UTF_8, UTF_16LE), text.as_bytes(), p).split);
    assert!(run(s(WINDOWS_1252, UTF_8), text.as_bytes(), p).split);
    assert_eq!(Parallelism::new(0).jobs, 1);
    assert_eq!(Parallelism::default(), Parallelism::single());
    assert!(Parallelism::available().jobs >= 1);
}

#[test]
fn split_runs_match_one_thread_in_every_mode() {
    let long = text(700);
    let short = text(40);
    let froms = [
        UTF_8,
        WINDOWS_1252,
        SHIFT_JIS,
        GB18030,
        EUC_KR,
        BIG5,
        EUC_JP,
        X_USER_DEFINED,
    ];
    for from in froms {
        for malformed in [false, true] {
            let long = input(from, &long, malformed);
            let short = input(from, &short, malformed);
            for to in [UTF_8, UTF_16LE, WINDOWS_1252, SHIFT_JIS] {
                let modes = [
                    ErrorMode::Replacement,
                    ErrorMode::Fatal,
                    ErrorMode::Html,
                    ErrorMode::Subst('?'),
                ];
                for mode in modes {
                    // The evidence is asked for with output (-n does not).
                    for write_output in [true, false] {
                        let s = Settings {
                            write_output,
                            utf8_evidence: write_output,
                            ..settings(from, to, mode)
                        };
                        assert!(same_as_one_thread(s, &long, 3, 257));
                        assert!(same_as_one_thread(s, &long, 2, 4096));
                        assert!(same_as_one_thread(s, &short, 4, 1));
                    }
                }
            }
        }
    }
}

/// Pieces of very different lengths (short lines, then lines of three
/// output bytes an input byte longer than a piece), converted by the
/// workers and the writing thread into buffers reused from piece to
/// piece: no piece shows bytes of an earlier one.
#[test]
fn pieces_of_any_length_in_reused_buffers_match_one_thread() {
    let mut bytes = Vec::new();
    for (i, len) in [3, 9000, 20, 1, 30_000, 7, 2500, 12_000, 5]
        .iter()
        .enumerate()
    {
        let byte = if i % 2 == 0 { b'a' } else { 0x80 };
        bytes.extend(std::iter::repeat_n(byte, *len));
        bytes.push(b'\n');
    }
    let bytes = bytes.repeat(3);
    for to in [UTF_8, UTF_16LE] {
        for mode in [ErrorMode::Replacement, ErrorMode::Fatal] {
            let s = settings(WINDOWS_1252, to, mode);
            for jobs in [2, 3] {
                assert!(same_as_one_thread(s, &bytes, jobs, 4 * 500));
            }
        }
    }
}

#[test]
fn positions_are_those_of_the_whole_input() {
    // Errors in the last of many pieces: offsets, lines and text offsets
    // all need the pieces before.
    let mut input = "\u{E9}t\u{E9}\n".repeat(5000).into_bytes();
    input.extend_from_slice(b"ok \xC3\n\xE2\x82 \xE3\x81\x82 \xF0\x9F\x98\x80\n");
    let s = settings(UTF_8, WINDOWS_1252, ErrorMode::Html);
    assert!(same_as_one_thread(s, &input, 4, 100));
    let r = run(
        s,
        &input,
        Parallelism {
            jobs: 4,
            piece_size: 100,
        },
    );
    let m = r.summary.first_malformed.unwrap();
    assert_eq!(
        (m.offset, m.position.line, m.position.column),
        (30_003, 5001, 4)
    );
    assert_eq!(r.summary.malformed, 2);
    let u = r.summary.first_unmappable.unwrap();
    assert_eq!(
        (u.ch, u.position.line, u.position.column),
        ('\u{FFFD}', 5001, 4)
    );
    assert_eq!(u.text_offset, 30_003);
    assert_eq!(r.summary.unmappable, 4);
    assert_eq!(r.summary.bytes_read, input.len() as u64);

    let s = settings(UTF_8, WINDOWS_1252, ErrorMode::Fatal);
    let r = run(
        s,
        &input,
        Parallelism {
            jobs: 4,
            piece_size: 100,
        },
    );
    assert!(r.split);
    let expected = format!("{:?}", ConvertError::Malformed(m));
    assert_eq!(r.result, Err(expected));
    assert_eq!(r.out.len(), 20_003, "the text before the error");
    assert!(same_as_one_thread(s, &input, 4, 100));
    let s = settings(UTF_8, WINDOWS_1252, ErrorMode::Replacement);
    assert!(same_as_one_thread(s, &input, 4, 100));
}

#[test]
fn a_bom_is_handled_once_at_the_start() {
    let body = text(300);
    let mut utf8 = b"\xEF\xBB\xBF".to_vec();
    utf8.extend_from_slice(body.as_bytes());
    utf8.extend_from_slice(b"\xEF\xBB\xBF in the middle\n\xFF\n");
    for from in [WINDOWS_1252, UTF_8, UTF_16LE, SHIFT_JIS] {
        for sniff_bom in [true, false] {
            for mode in [ErrorMode::Replacement, ErrorMode::Fatal] {
                let s = Settings {
                    sniff_bom,
                    ..settings(from, UTF_8, mode)
                };
                let splits = same_as_one_thread(s, &utf8, 2, 64);
                assert_eq!(splits, sniff_bom || from.resets_at_newline());
            }
        }
    }
    let r = run(
        settings(WINDOWS_1252, UTF_8, ErrorMode::Replacement),
        &utf8,
        Parallelism {
            jobs: 2,
            piece_size: 64,
        },
    );
    assert_eq!(r.summary.input_encoding, UTF_8);
    assert_eq!(&r.out[..body.len()], body.as_bytes());
    assert_eq!(
        r.summary.first_malformed.unwrap().offset,
        utf8.len() as u64 - 2
    );

    // A UTF-16 BOM: one thread.
    let mut utf16 = b"\xFF\xFE".to_vec();
    for unit in body.encode_utf16() {
        utf16.extend_from_slice(&unit.to_le_bytes());
    }
    for from in [UTF_8, WINDOWS_1252] {
        let s = settings(from, UTF_8, ErrorMode::Replacement);
        assert!(!same_as_one_thread(s, &utf16, 2, 64));
    }
    // ISO-2022-JP in or out: one thread.
    let jis = ISO_2022_JP.encode(&body).unwrap().0;
    let s = settings(ISO_2022_JP, UTF_8, ErrorMode::Replacement);
    assert!(!same_as_one_thread(s, &jis, 2, 64));
    let s = settings(UTF_8, ISO_2022_JP, ErrorMode::Html);
    assert!(!same_as_one_thread(s, body.as_bytes(), 2, 64));
}

#[test]
fn a_failed_write_stops_every_thread() {
    /// Takes `room` bytes, then fails.
    struct Small(usize);
    impl Write for Small {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.0 == 0 {
                return Err(io::Error::from_raw_os_error(libc::ENOSPC));
            }
            let n = buf.len().min(self.0);
            self.0 -= n;
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let input = text(3000);
    let s = settings(UTF_8, UTF_16LE, ErrorMode::Replacement);
    for room in [0, 1000, 50_000] {
        let p = Parallelism {
            jobs: 3,
            piece_size: 500,
        };
        let done = convert_split(s, p, input.as_bytes(), &mut Small(room), &mut ());
        let (_, result) = done.expect("split");
        assert!(matches!(result, Err(ConvertError::Write(_))));
    }
}

#[test]
fn a_long_line_ends_the_splitting() {
    let mut input = text(200).into_bytes();
    input.extend_from_slice(b"\xFF");
    input.extend(std::iter::repeat_n(b'x', 3 * MIN_REACH));
    input.extend_from_slice(b"\xE2\x82\n");
    input.extend_from_slice(text(200).as_bytes());
    for to in [UTF_8, WINDOWS_1252] {
        for mode in [ErrorMode::Replacement, ErrorMode::Fatal, ErrorMode::Html] {
            let s = settings(UTF_8, to, mode);
            assert!(same_as_one_thread(s, &input, 3, 100));
        }
    }
}

#[test]
fn an_input_without_newlines_is_one_piece() {
    let input = "\u{E9}".repeat(10_000);
    let s = settings(UTF_8, WINDOWS_1252, ErrorMode::Fatal);
    assert!(same_as_one_thread(s, input.as_bytes(), 4, 100));
    assert_eq!(piece_ends(input.as_bytes(), 100), [input.len()]);
}

#[test]
fn a_thread_s_converter_serves_piece_after_piece_as_new() {
    // Pieces as a thread gets them: clean, malformed, unrepresentable, in
    // every mode and with first-piece (BOM sniffing) and later settings.
    let japanese = "日本語の行\n".repeat(3000);
    let pieces: Vec<Vec<u8>> = vec![
        b"\xEF\xBB\xBFplain\n".to_vec(),
        input(SHIFT_JIS, &japanese, false),
        input(SHIFT_JIS, &japanese, true),
        "caf\u{e9} \u{20ac} \u{65e5}\n".repeat(5000).into_bytes(),
        input(SHIFT_JIS, &japanese, false),
    ];
    // Kept across output encodings too (their buffers differ).
    let mut kept = None;
    for mode in [ErrorMode::Fatal, ErrorMode::Replacement, ErrorMode::Html] {
        for (from, to) in [(SHIFT_JIS, UTF_8), (UTF_8, WINDOWS_1252), (UTF_8, UTF_8)] {
            let first = settings(from, to, mode);
            let rest = Settings {
                sniff_bom: false,
                ..first
            };
            for (i, bytes) in pieces.iter().enumerate() {
                let s = if i == 0 { first } else { rest };
                let reused = convert_piece(&mut kept, s, bytes, b"stale".to_vec());
                let fresh = convert_piece(&mut None, s, bytes, Vec::new());
                assert_eq!(reused.out, fresh.out, "{mode:?} {from:?} {to:?} piece {i}");
                assert_eq!(reused.summary, fresh.summary);
                assert_eq!(reused.text_len, fresh.text_len);
                assert_eq!(
                    reused.error.map(|e| format!("{e:?}")),
                    fresh.error.map(|e| format!("{e:?}"))
                );
            }
        }
    }
}

/// The UTF-8 evidence of a split input, counted piece by piece on the
/// workers, is that of the whole input fed at once, at every -j.
#[test]
fn the_evidence_is_that_of_the_whole_input() {
    let text = text(300);
    let mut inputs = vec![
        input(WINDOWS_1252, &text, true),
        input(SHIFT_JIS, &text, false),
        text.clone().into_bytes(),
    ];
    // UTF-8 text read as windows-1252, NULs at odd offsets in some pieces.
    inputs.push(text.replace('x', "\0").into_bytes());
    for bytes in &inputs {
        let mut whole = Utf8Evidence::new();
        whole.feed(bytes);
        for from in [WINDOWS_1252, SHIFT_JIS, UTF_8] {
            let s = Settings {
                utf8_evidence: true,
                ..settings(from, UTF_8, ErrorMode::Replacement)
            };
            for (jobs, piece_size) in [(1, 4096), (2, 97), (3, 1000), (4, 1)] {
                let r = run(s, bytes, Parallelism { jobs, piece_size });
                assert_eq!(r.split, jobs > 1, "{from} -j{jobs}");
                assert_eq!(
                    r.summary.utf8, whole,
                    "{from} -j{jobs} pieces of {piece_size}"
                );
            }
        }
    }
}

/// A thread's converter and buffers, reused from piece to piece (a buffer
/// longer than the next output, holding the last piece's bytes; outputs
/// that outgrow it, several times over), give each piece the output and
/// account of a fresh conversion: decoded straight into the buffer (UTF-8
/// output) or copied there (any other).
#[test]
fn buffers_reused_across_pieces_give_each_its_own_output() {
    let big = input(WINDOWS_1252, &text(9000), true);
    let small = input(WINDOWS_1252, &text(20), true);
    let utf8 = text(50).into_bytes();
    let sjis = input(SHIFT_JIS, &text(300), true);
    // Three bytes of output a byte: more than a buffer is first given.
    let euros = [&[0x80; 199][..], b"\n"].concat().repeat(1000);
    assert!(big.len() > 2 * BUFFER_SIZE);
    for to in [UTF_8, UTF_16LE] {
        for mode in [ErrorMode::Replacement, ErrorMode::Fatal] {
            let mut converter = None;
            let mut out = Vec::new();
            for (i, (from, bytes)) in [
                (WINDOWS_1252, &big),
                (WINDOWS_1252, &small),
                (UTF_8, &utf8),
                (WINDOWS_1252, &big),
                (SHIFT_JIS, &sjis),
                (WINDOWS_1252, &euros),
                (WINDOWS_1252, &small),
                (WINDOWS_1252, &small),
            ]
            .into_iter()
            .enumerate()
            {
                let s = settings(from, to, mode);
                let mut fresh = Converter::new(s);
                let mut want = Vec::new();
                let result = fresh.convert_slice(bytes, &mut want, &mut |_| {});
                let piece = convert_piece(&mut converter, s, bytes, out);
                let what = format!("{to} {mode:?} piece {i}");
                assert!(
                    piece.out[..piece.out_len] == want[..],
                    "{what}: output differs"
                );
                assert_eq!(piece.summary, fresh.summary(), "{what}");
                assert_eq!(piece.error.is_some(), result.is_err(), "{what}");
                out = piece.out;
            }
        }
    }
}

/// UTF-8 pieces longer than the pass-through's window, copied straight
/// into the piece's output and validated there (UTF-8), or encoded
/// straight into it (the output buffer growing mid-piece for UTF-16):
/// characters cut by the windows' ends, malformed bytes and unmappable
/// characters after the first window come out as on one thread.
#[test]
fn utf8_pieces_longer_than_a_window_convert_as_one_thread() {
    let long = text(400).repeat(60);
    assert!(long.len() > 3 * (BUFFER_SIZE + 1));
    for malformed in [false, true] {
        let bytes = input(UTF_8, &long, malformed);
        for to in [UTF_8, UTF_16LE, WINDOWS_1252] {
            for mode in [ErrorMode::Replacement, ErrorMode::Fatal, ErrorMode::Html] {
                let s = settings(UTF_8, to, mode);
                assert!(same_as_one_thread(s, &bytes, 2, BUFFER_SIZE + 1000));
            }
        }
    }
}

/// A piece decoded in several steps straight into its output, whose
/// lines are counted only for a position: its first malformed byte, in a
/// later step (after the text and lines of earlier ones), is located as
/// on one thread, in both error modes that locate it.
#[test]
fn a_malformed_byte_late_in_a_long_piece_is_located_as_on_one_thread() {
    let long = text(400).repeat(45);
    // windows-1253 has no character for 0xAA (windows-1252 has one for
    // every byte).
    for (from, stray) in [(WINDOWS_1253, 0xAA), (SHIFT_JIS, 0xFF), (UTF_8, 0xFF)] {
        let mut bytes = input(from, &long, false);
        assert!(bytes.len() > 3 * BUFFER_SIZE, "{from}");
        let late = 3 * BUFFER_SIZE;
        let late = late + bytes[late..].iter().position(|&b| b == b'\n').unwrap();
        // A stray byte after a newline, and one more further on.
        for at in [late + 1, late + 1000] {
            bytes.insert(at, stray);
        }
        for mode in [ErrorMode::Replacement, ErrorMode::Fatal] {
            let s = settings(from, UTF_8, mode);
            let piece = convert_piece(&mut None, s, &bytes, Vec::new());
            let mut one = Converter::new(s);
            let result = one.convert_slice(&bytes, &mut io::sink(), &mut |_| {});
            let what = format!("{from} {mode:?}");
            assert_eq!(
                piece.summary.first_malformed,
                one.summary().first_malformed,
                "{what}"
            );
            let error = |e: Option<ConvertError>| e.map(|e| format!("{e:?}"));
            assert!(piece.summary.first_malformed.is_some() || piece.error.is_some());
            assert_eq!(error(piece.error), error(result.err()), "{what}");
        }
    }
}
