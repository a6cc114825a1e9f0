use crate::codec::test_support::*;
use crate::codec::{ISO_2022_JP, MIN_OUTPUT_BUFFER};

one_shot!(ISO_2022_JP);

fn replacing(bytes: &[u8]) -> String {
    String::from_utf8(decode_replacing(ISO_2022_JP, &[bytes], 64)).unwrap()
}

fn bytes(b: &[u8]) -> Ev {
    Ev::Out(b.to_vec())
}

/// Every split of `input` into two and three chunks decodes like the
/// whole.
fn check_every_split(input: &[u8]) {
    let whole = decode(input);
    for i in 0..=input.len() {
        for j in i..=input.len() {
            let chunks = [&input[..i], &input[i..j], &input[j..]];
            assert_eq!(
                decode_fatal(ISO_2022_JP, &chunks, 16),
                whole,
                "{i} {j} {input:02X?}"
            );
        }
    }
}

#[test]
fn yen_sign_twice() {
    // The standard's example: U+00A5 encodes as ESC ( J 5C ESC ( B; doing
    // it twice and concatenating decodes to U+00A5 U+FFFD U+00A5.
    let once = b"\x1B(J\x5C\x1B(B";
    assert_eq!(encode("\u{A5}"), [bytes(once)]);
    let twice = [&once[..], &once[..]].concat();
    assert_eq!(replacing(&twice), "\u{A5}\u{FFFD}\u{A5}");
    // The error is the first, useless ESC ( B (as encoding_rs reports).
    assert_eq!(
        decode(&twice),
        [out("\u{A5}"), Ev::Bad(4, b"\x1B(B".to_vec()), out("\u{A5}")]
    );
    check_every_split(&twice);
    // Encoding both at once stays in Roman.
    assert_eq!(encode("\u{A5}\u{A5}"), [bytes(b"\x1B(J\x5C\x5C\x1B(B")]);
    assert_eq!(decode(b"\x1B(J\x5C\x5C\x1B(B"), [out("\u{A5}\u{A5}")]);
}

#[test]
fn states() {
    assert_eq!(decode(b"a\x1B$B\x30\x21\x1B(Bb"), [out("a\u{4E9C}b")]);
    assert_eq!(decode(b"\x1B$@\x24\x22\x1B(B"), [out("\u{3042}")]);
    assert_eq!(decode(b"\x1B(J\\~a\x1B(B"), [out("\u{A5}\u{203E}a")]);
    assert_eq!(decode(b"\x1B(I\x21\x5F\x1B(B"), [out("\u{FF61}\u{FF9F}")]);
    // Not returning to ASCII at the end is fine.
    assert_eq!(decode(b"\x1B$B\x30\x21"), [out("\u{4E9C}")]);
    // SO, SI and non-ASCII bytes are errors in ASCII and Roman.
    assert_eq!(
        decode(b"\x0E\x0F\x80"),
        [
            Ev::Bad(0, vec![0x0E]),
            Ev::Bad(1, vec![0x0F]),
            Ev::Bad(2, vec![0x80]),
        ]
    );
    assert_eq!(decode(b"\x1B(Ja\x0E"), [out("a"), Ev::Bad(4, vec![0x0E])]);
    assert_eq!(decode(b"\x1B(I\x60"), [Ev::Bad(3, vec![0x60])]);
    assert_eq!(decode(b"\x1B$B\x0A"), [Ev::Bad(3, vec![0x0A])]);
    // Trail byte errors.
    assert_eq!(decode(b"\x1B$B\x30\x0A"), [Ev::Bad(3, vec![0x30, 0x0A])]);
    assert_eq!(decode(b"\x1B$B\x22\x2F"), [Ev::Bad(3, vec![0x22, 0x2F])]);
    assert_eq!(decode(b"\x1B$B\x30"), [Ev::Bad(3, vec![0x30])]);
    // ESC as a trail: the lead is the error, the escape sequence works.
    assert_eq!(
        decode(b"\x1B$B\x30\x1B(Ba"),
        [Ev::Bad(3, vec![0x30]), out("a")]
    );
    check_every_split(b"\x1B$B\x30\x1B(Ba");
}

#[test]
fn bad_escapes_are_read_again() {
    // ESC then a byte that cannot follow: ESC is the error, the byte is
    // read again in the current state.
    assert_eq!(decode(b"\x1BA"), [Ev::Bad(0, vec![0x1B]), out("A")]);
    assert_eq!(replacing(b"\x1BA"), "\u{FFFD}A");
    // ESC ( then a bad byte: ESC is the error, "(" and the byte are read
    // again.
    assert_eq!(decode(b"\x1B(A"), [Ev::Bad(0, vec![0x1B]), out("(A")]);
    assert_eq!(decode(b"\x1B$A"), [Ev::Bad(0, vec![0x1B]), out("$A")]);
    // ... also in the jis0208 state, where they pair up again.
    assert_eq!(
        decode(b"\x1B$B\x1B$\x22"),
        [Ev::Bad(3, vec![0x1B]), out("\u{3042}")]
    );
    // ESC ESC: the second starts a new escape.
    assert_eq!(decode(b"\x1B\x1B(Jx"), [Ev::Bad(0, vec![0x1B]), out("x")]);
    // At the end of the stream.
    assert_eq!(decode(b"\x1B"), [Ev::Bad(0, vec![0x1B])]);
    assert_eq!(decode(b"\x1B("), [Ev::Bad(0, vec![0x1B]), out("(")]);
    assert_eq!(
        decode(b"\x1B$B\x1B$"),
        [Ev::Bad(3, vec![0x1B]), Ev::Bad(4, vec![0x24])]
    );
    assert_eq!(
        decode(b"x\x1B(B\x1B$"),
        [out("x"), Ev::Bad(4, vec![0x1B]), out("$")]
    );
    for input in [
        &b"\x1BA"[..],
        b"\x1B(A",
        b"\x1B$A\x1B(J\\",
        b"\x1B$B\x1B$\x22",
        b"\x1B\x1B(Jx",
        b"\x1B(",
        b"\x1B$B\x1B$",
        b"\x1B(B\x1B(B\x1B(B",
        b"\x1B(I\x1B(\x1B(\x1B$",
    ] {
        check_every_split(input);
        check_decode(ISO_2022_JP, input, &[]);
    }
}

#[test]
fn escape_split_across_every_chunk_boundary() {
    let input = b"ab\x1B$B\x30\x21\x24\x22\x1B(J\\~\x1B(I\x31\x1B(Bcd\x1B$@\x30\x21";
    let expected = [out("ab\u{4E9C}\u{3042}\u{A5}\u{203E}\u{FF71}cd\u{4E9C}")];
    assert_eq!(decode(input), expected);
    check_every_split(input);
    let bytewise: Vec<&[u8]> = input.chunks(1).collect();
    assert_eq!(decode_fatal(ISO_2022_JP, &bytewise, 16), expected);
}

#[test]
fn encoder() {
    assert_eq!(encode("a\u{3042}b"), [bytes(b"a\x1B$B\x24\x22\x1B(Bb")]);
    assert_eq!(encode("\u{3042}"), [bytes(b"\x1B$B\x24\x22\x1B(B")]);
    // Katakana go through index ISO-2022-JP katakana to jis0208.
    assert_eq!(encode("\u{FF71}"), [bytes(b"\x1B$B\x25\x22\x1B(B")]);
    assert_eq!(encode("\u{2212}"), [bytes(b"\x1B$B\x21\x5D\x1B(B")]);
    assert_eq!(encode("\u{203E}a"), [bytes(b"\x1B(J\x7Ea\x1B(B")]);
    // In Roman, backslash and tilde need ASCII.
    assert_eq!(encode("\u{A5}\\"), [bytes(b"\x1B(J\x5C\x1B(B\\")]);
    // From jis0208 to Roman directly.
    assert_eq!(
        encode("\u{3042}\u{A5}"),
        [bytes(b"\x1B$B\x24\x22\x1B(J\x5C\x1B(B")]
    );
    // ESC, SO and SI are errors with U+FFFD, in ASCII and Roman; after
    // jis0208 the encoder first returns to ASCII.
    assert_eq!(encode("\u{1B}"), [Ev::Unmappable(0, '\u{FFFD}')]);
    assert_eq!(
        encode("\u{A5}\u{E}"),
        [
            bytes(b"\x1B(J\x5C"),
            Ev::Unmappable(2, '\u{FFFD}'),
            bytes(b"\x1B(B")
        ]
    );
    assert_eq!(
        encode("\u{3042}\u{F}"),
        [
            bytes(b"\x1B$B\x24\x22\x1B(B"),
            Ev::Unmappable(3, '\u{FFFD}')
        ]
    );
    // Unmappable in jis0208: back to ASCII first.
    assert_eq!(
        encode("\u{3042}\u{E000}"),
        [
            bytes(b"\x1B$B\x24\x22\x1B(B"),
            Ev::Unmappable(3, '\u{E000}')
        ]
    );
    // html mode feeds the reference back through the encoder.
    let (out, errors) = ISO_2022_JP.encode("\u{3042}\u{E000}\u{3042}").unwrap();
    assert!(errors);
    assert_eq!(out, b"\x1B$B\x24\x22\x1B(B&#57344;\x1B$B\x24\x22\x1B(B");
}

#[test]
fn encoder_flushes_on_last_even_with_little_room() {
    let mut encoder = ISO_2022_JP.new_encoder().unwrap();
    let mut dst = [0u8; 16];
    let text = "\u{3042}".repeat(6); // 3 + 12 bytes, leaving 1
    let (result, read, written) = encoder.encode_without_replacement(&text, &mut dst, true);
    assert_eq!((read, written), (text.len(), 15));
    assert_eq!(result, crate::codec::EncoderResult::OutputFull);
    let (result, read, written) = encoder.encode_without_replacement("", &mut dst, true);
    assert_eq!(result, crate::codec::EncoderResult::InputEmpty);
    assert_eq!((read, &dst[..written]), (0, &b"\x1B(B"[..]));
}

#[test]
fn plain_ascii_runs() {
    for len in 0..40 {
        for pos in 0..=len {
            for stop in [0x0E, 0x0F, 0x1B, 0x80, 0xFF] {
                let mut v = vec![b'a'; len];
                v.iter_mut()
                    .enumerate()
                    .for_each(|(i, b)| *b = (i % 0x60) as u8 + 0x1C);
                if pos < len {
                    v[pos] = stop;
                }
                assert_eq!(super::plain_ascii_len(&v), pos, "{len} {pos} {stop:X}");
            }
        }
    }
    let all: Vec<u8> = (0..0x80)
        .filter(|b| ![0x0E, 0x0F, 0x1B].contains(b))
        .collect();
    assert_eq!(super::plain_ascii_len(&all), all.len());
}

chunking_test!(
    ISO_2022_JP,
    b"\x1B\x1B\x1B\x24\x28\x28\x42\x42\x4A\x49\x40\x21\x30\x5C\x7E\x5F\
    \x60\x0E\x0F\x0A\x80\x41",
    "a\\~\u{E}\u{1B}\u{A5}\u{203E}\u{2212}\u{FF61}\u{FF9F}\u{3042}日\
    \u{2170}\u{E000}\u{1F600}\u{80}",
    50_000
);

#[test]
fn pair_run_at_every_buffer_end_and_error_position() {
    // The two-byte mode's fast loop: three- and two-byte UTF-8 pairs
    // (kanji, kana, Greek), then each way a run ends (an unmapped pair, a
    // bad trail, a bad lead, an escape, the input's end) at every position,
    // into output buffers of every small size.
    let pairs: &[u8] = b"\x30\x21\x24\x22\x26\x41\x3B\x7A\x25\x2B\x26\x42\x4F\x7E";
    let ends: [&[u8]; 5] = [b"\x2F\x21", b"\x30\x0A", b"\x7F\x21", b"\x1B(B", b"\x30"];
    for at in (0..=pairs.len()).step_by(2) {
        for end in ends {
            let mut input = b"a\x1B$B".to_vec();
            input.extend_from_slice(&pairs[..at]);
            input.extend_from_slice(end);
            input.extend_from_slice(&pairs[at..]);
            input.extend_from_slice(b"\x1B(Bz");
            check_decode(ISO_2022_JP, &input, &[at + 4]);
            let expected = decode_fatal(ISO_2022_JP, &[&input], 1024);
            for dst_len in MIN_OUTPUT_BUFFER..MIN_OUTPUT_BUFFER + 12 {
                assert_eq!(
                    decode_fatal(ISO_2022_JP, &[&input], dst_len),
                    expected,
                    "{dst_len} {input:02X?}"
                );
            }
        }
    }
}

#[test]
fn jis0208_run_at_every_position_and_buffer_end() {
    // The jis0208 state's run (three-byte characters, a fixed stride) ends
    // at each other kind of character, at every position, into output
    // buffers of every small size; html mode against encoding_rs.
    let run = "日本語のテキストです";
    for other in [
        "a", "\u{FF76}", "\u{2212}", "\u{A5}", "\u{203E}", "\u{3B1}", "\u{2713}", "é",
    ] {
        for at in 0..=run.chars().count() {
            let cut = run.char_indices().nth(at).map_or(run.len(), |(i, _)| i);
            let text = format!("x{}{other}{}", &run[..cut], &run[cut..]);
            let oracle = encoding_rs::ISO_2022_JP.encode(&text).0;
            for dst_len in MIN_OUTPUT_BUFFER..MIN_OUTPUT_BUFFER + 8 {
                assert_eq!(
                    encode_html(ISO_2022_JP, &[&text], dst_len),
                    &oracle[..],
                    "{dst_len} {text}"
                );
            }
        }
    }
}
