//! Hardening (issue 14): the driver at every buffer and piece boundary, and
//! the command's guarantees around `-o` targets, signals and messages.
//!
//! The driver tests put a malformed sequence of each decoder family, with
//! every output encoding, at every offset of a window around each boundary
//! where the decoded text is cut (the text buffer, [`BUFFER_SIZE`], and the
//! pieces of `-j`), and compare the output with encoding_rs.

mod common;
use common::*;
use wenc::codec::Encoding;
use wenc::convert::{ConvertError, Converter, ErrorMode, Parallelism, Settings, BUFFER_SIZE};

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
    }
}

/// What wenc should write for `input`: encoding_rs's decoding, encoded in
/// html mode.
fn expected(from: &'static Encoding, to: &'static Encoding, input: &[u8]) -> Vec<u8> {
    let text = String::from_utf8(oracle_decode_replacing(from, input)).unwrap();
    oracle_encode_html(to, &text)
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

/// Runs one conversion through a fresh converter made by `make`, in html
/// mode, and checks it against encoding_rs; in fatal mode, checks that the
/// error is the sequence at `at`.
fn check(
    from: &'static Encoding,
    to: &'static Encoding,
    input: &[u8],
    at: usize,
    make: &dyn Fn(Settings) -> Converter,
    failures: &mut Vec<String>,
) {
    let what = || format!("{} -> {} at {at}", from.name(), to.name());
    let mut out = Vec::new();
    let result = make(settings(from, to, ErrorMode::Html)).convert_slice(input, &mut out, &mut |_| {});
    match result {
        Ok(s) if s.malformed >= 1 && out == expected(from, to, input) => {}
        Ok(_) => failures.push(format!("{}: output differs", what())),
        Err(e) => failures.push(format!("{}: {e}", what())),
    }
    let mut out = Vec::new();
    let result = make(settings(from, to, ErrorMode::Fatal)).convert_slice(input, &mut out, &mut |_| {});
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
            for to in encoders() {
                check(from, to, &input, pad * a.len(), &Converter::new, &mut failures);
            }
        }
    }
    report(failures);
}

/// The same with buffers of many small sizes (hidden `with_buffer_size`),
/// the sequence at every offset over several buffer lengths, and the input
/// fed through a reader too: many boundaries per input.
#[test]
fn every_replacement_at_every_offset_with_small_buffers() {
    let mut failures = Vec::new();
    for (from, seq, a) in malformed_cases() {
        for size in [wenc::convert::MIN_BUFFER_SIZE, 20, 23, 32, 61] {
            let make = move |s: Settings| Converter::new(s).with_buffer_size(size);
            for pad in 0..size * 3 {
                let input = input_with(a, pad, seq, newline(from));
                for to in encoders() {
                    check(from, to, &input, pad * a.len(), &make, &mut failures);
                }
                let mut out = Vec::new();
                let s = settings(from, enc("utf-8"), ErrorMode::Replacement);
                let r = make(s).convert_reader(&mut &input[..], &mut out, &mut |_| {});
                if r.is_err() || out != expected(from, enc("utf-8"), &input) {
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
            let make = move |s: Settings| {
                Converter::new(s).with_parallelism(Parallelism {
                    jobs: 2,
                    piece_size: piece,
                })
            };
            for to in encoders() {
                check(from, to, &input, at, &make, &mut failures);
            }
        }
    }
    report(failures);
}
