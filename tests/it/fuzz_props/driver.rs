//! The whole driver ([`Converter`]) against encoding_rs: any input, any
//! pair of encodings, every error mode, with small and odd buffer sizes
//! (the hidden [`Converter::with_buffer_size`]), fed from a slice, through a
//! reader in odd chunks, split into `-j` pieces, or read as a stream in `-j`
//! blocks. Finds what the codec targets cannot: the driver's own arithmetic
//! around buffer and piece boundaries (issue 14's crash was a U+FFFD at the
//! end of the text buffer).
//!
//! Input layout:
//!
//! | byte | meaning |
//! | --- | --- |
//! | 0 | input encoding: index into every encoding, modulo their number |
//! | 1 | output encoding: index into the encoders, modulo their number |
//! | 2 | buffer size: [`MIN_BUFFER_SIZE`] plus this modulo 64 |
//! | 3 | bits 0-1 mode (replacement, fatal, html; 3 is html), bit 2 BOM sniffing, bits 3-4 how it is fed (slice, reader, two threads, a stream on two threads), bits 5-7 the reader's chunk pattern or the piece size |
//! | 4.. | the input |

use super::{
    oracle_decode_fatal, oracle_decode_replacing, oracle_encode_fatal, oracle_encode_html, Event,
};
use std::io::Read;
use wenc::codec::{Encoding, UTF_16BE, UTF_16LE, UTF_8};
use wenc::convert::{
    convert_bytes, convert_stream, ConvertError, Converter, ErrorMode, Parallelism, Settings,
    Stream, Summary, MIN_BUFFER_SIZE,
};

/// What the driver should do with `text` (decoded with replacement) in
/// `to`: its html-mode output, and the first unrepresentable character.
fn expected_encode(to: &'static Encoding, text: &str) -> (Vec<u8>, Option<(u64, char)>) {
    if to == UTF_8 {
        (text.as_bytes().to_vec(), None)
    } else if to == UTF_16LE {
        (
            text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
            None,
        )
    } else if to == UTF_16BE {
        (
            text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
            None,
        )
    } else {
        let out = oracle_encode_html(to, text);
        let first = oracle_encode_fatal(to, text)
            .into_iter()
            .find_map(|e| match e {
                Event::Unmappable { offset, ch } => Some((offset, ch)),
                _ => None,
            });
        (out, first)
    }
}

/// A reader handing out `bytes` in chunks of odd sizes.
struct Chunked<'a> {
    bytes: &'a [u8],
    step: usize,
    pattern: usize,
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.step += 1;
        let n = (1 + (self.step * (2 * self.pattern + 3)) % 41)
            .min(buf.len())
            .min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// Always ready: blocks go out when full.
impl Stream for Chunked<'_> {}

/// Runs the driver as the input says and checks it against encoding_rs.
pub fn check_driver(data: &[u8]) -> bool {
    let [from, to, size, flags, input @ ..] = data else {
        return false;
    };
    let all: Vec<&'static Encoding> = Encoding::all().collect();
    let encoders: Vec<&'static Encoding> = Encoding::all().filter(|e| e.can_encode()).collect();
    let from = all[usize::from(*from) % all.len()];
    let to = encoders[usize::from(*to) % encoders.len()];
    let size = MIN_BUFFER_SIZE + usize::from(*size) % 64;
    let mode = match flags & 3 {
        0 => ErrorMode::Replacement,
        1 => ErrorMode::Fatal,
        _ => ErrorMode::Html,
    };
    let sniff_bom = flags & 4 != 0;
    let pattern = usize::from(flags >> 5);
    let settings = Settings {
        from,
        to,
        mode,
        sniff_bom,
        write_output: true,
        transform: Default::default(),
        utf8_evidence: false,
    };
    let mut converter = Converter::sized(settings, size);
    let mut out = Vec::new();
    let result = match (flags >> 3) & 3 {
        1 => {
            let mut reader = Chunked {
                bytes: input,
                step: 0,
                pattern,
            };
            converter.convert_reader(&mut reader, &mut out, &mut |_| {})
        }
        2 => {
            let piece_size = 1 + pattern * 5;
            let p = Parallelism {
                jobs: 2,
                piece_size,
            };
            let (summary, result) = convert_bytes(settings, p, input, &mut out, &mut ());
            result.map(|()| summary)
        }
        3 => {
            // A stream read ahead in blocks of a few bytes on two threads.
            let p = Parallelism {
                jobs: 2,
                piece_size: 1 + pattern * 3,
            };
            let mut stream = Chunked {
                bytes: input,
                step: 0,
                pattern,
            };
            let (summary, result) =
                convert_stream(settings, p, &mut stream, &mut out, &mut |_| {}, &mut |_| {});
            result.map(|()| summary)
        }
        _ => converter.convert_slice(input, &mut out, &mut |_| {}),
    };
    let ctx = format!(
        "{} -> {} {mode:?} bom {sniff_bom} buffer {size} feed {} input {input:02X?}",
        from.name(),
        to.name(),
        (flags >> 3) & 3
    );
    check_result(settings, input, &out, result, &ctx);
    true
}

fn check_result(
    s: Settings,
    input: &[u8],
    out: &[u8],
    result: Result<Summary, ConvertError>,
    ctx: &str,
) {
    let events = oracle_decode_fatal(s.from, s.sniff_bom, input);
    let replaced = oracle_decode_replacing(s.from, s.sniff_bom, input);
    let text = String::from_utf8(replaced).expect("encoding_rs writes UTF-8");
    let malformed: Vec<u64> = events
        .iter()
        .filter_map(|e| match e {
            Event::Malformed { offset, .. } => Some(*offset),
            _ => None,
        })
        .collect();
    // Where the first malformed sequence sits in the text (fatal mode stops
    // at whichever error comes first).
    let first_malformed_text: u64 = events
        .iter()
        .take_while(|e| !matches!(e, Event::Malformed { .. }))
        .map(|e| match e {
            Event::Output(v) => v.len() as u64,
            _ => 0,
        })
        .sum();
    let (html, unmappable) = expected_encode(s.to, &text);
    assert!(
        html.starts_with(out),
        "output is not (a prefix of) encoding_rs's: {out:02X?} vs {html:02X?} ({ctx})"
    );
    let unmappable_first = unmappable.is_some_and(|(at, _)| at < first_malformed_text);
    match (s.mode, result) {
        (ErrorMode::Fatal, Err(ConvertError::Malformed(m))) => {
            assert_eq!(Some(&m.offset), malformed.first(), "fatal offset ({ctx})");
            assert!(!unmappable_first, "{ctx}");
        }
        (ErrorMode::Fatal | ErrorMode::Replacement, Err(ConvertError::Unmappable(u))) => {
            let fatal = s.mode == ErrorMode::Fatal;
            assert!(!fatal || malformed.is_empty() || unmappable_first, "{ctx}");
            // encoding_rs reports ESC, SO and SI in ISO-2022-JP as U+FFFD.
            let ch = match u.ch {
                '\x1B' | '\x0E' | '\x0F' => '\u{FFFD}',
                c => c,
            };
            assert_eq!(Some((u.text_offset, ch)), unmappable, "unmappable ({ctx})");
        }
        (mode, Ok(summary)) => {
            assert!(mode != ErrorMode::Fatal || malformed.is_empty(), "{ctx}");
            assert!(mode == ErrorMode::Html || unmappable.is_none(), "{ctx}");
            assert_eq!(out, &html[..], "output ({ctx})");
            assert_eq!(summary.malformed, malformed.len() as u64, "count ({ctx})");
        }
        (_, Err(e)) => panic!("unexpected error {e:?} ({ctx})"),
    }
}
