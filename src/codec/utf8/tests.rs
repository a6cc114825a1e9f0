use super::*;
use crate::codec::test_support::{family_events, pieces, push_out, Ev};

/// Decodes `input` in chunks of `chunk` bytes with a `dst` of `dst_len`.
fn run(input: &[u8], chunk: usize, dst_len: usize) -> Vec<Ev> {
    let mut d = Utf8Decoder::new();
    let decode = |src: &[u8], dst: &mut [u8], last| d.decode(src, dst, last);
    let events = family_events(&pieces(input, chunk), dst_len, decode);
    // These tests compare errors by their bytes (family_events checked the
    // offsets).
    let events = events.into_iter().map(|e| match e {
        Ev::Bad(_, bytes) => Ev::Bad(0, bytes),
        e => e,
    });
    events.collect()
}

fn check(input: &[u8], expected: &[Ev]) {
    let one = run(input, usize::MAX, 64);
    assert_eq!(one, expected, "input {input:02X?}");
    for chunk in 1..=5 {
        for dst_len in [4, 5, 7, 16, 64] {
            assert_eq!(
                run(input, chunk, dst_len),
                one,
                "input {input:02X?} chunk {chunk} dst {dst_len}"
            );
        }
    }
}

fn out(s: &[u8]) -> Ev {
    Ev::Out(s.to_vec())
}
/// An error with these bytes (at an offset these tests leave unchecked).
fn err(s: &[u8]) -> Ev {
    Ev::Bad(0, s.to_vec())
}

#[test]
fn valid_text_passes_through() {
    let s = "aé€😀 ascii ÿ\u{10FFFF}\u{FFFF}\u{E000}\u{D7FF}";
    check(s.as_bytes(), &[out(s.as_bytes())]);
    check(b"", &[]);
}

#[test]
fn best_practice_boundaries() {
    // Overlong and out-of-range leads: each byte is its own error.
    check(b"\xF0\x80\x80", &[err(b"\xF0"), err(b"\x80"), err(b"\x80")]);
    check(b"\xC0\xAF", &[err(b"\xC0"), err(b"\xAF")]);
    check(b"\xE0\x80\xAF", &[err(b"\xE0"), err(b"\x80"), err(b"\xAF")]);
    // Surrogates.
    check(b"\xED\xA0\x80", &[err(b"\xED"), err(b"\xA0"), err(b"\x80")]);
    check(b"\xED\x9F\xBF", &[out("\u{D7FF}".as_bytes())]);
    // Beyond U+10FFFF.
    check(
        b"\xF4\x90\x80\x80",
        &[err(b"\xF4"), err(b"\x90"), err(b"\x80"), err(b"\x80")],
    );
    check(b"\xF5\x80", &[err(b"\xF5"), err(b"\x80")]);
    check(b"\xFF\xFE", &[err(b"\xFF"), err(b"\xFE")]);
    // Truncated sequences: the prefix is one error, the next byte is read again.
    check(b"\xE2\x82\x41", &[err(b"\xE2\x82"), out(b"A")]);
    check(b"\xE2\x82", &[err(b"\xE2\x82")]);
    check(b"\xF0\x9F\x98", &[err(b"\xF0\x9F\x98")]);
    check(
        b"\xF0\x9F\x98\xF0\x9F\x98\x80",
        &[err(b"\xF0\x9F\x98"), out("😀".as_bytes())],
    );
    check(b"a\xC3", &[out(b"a"), err(b"\xC3")]);
    check(b"\xC3\xC3\xA9", &[err(b"\xC3"), out("é".as_bytes())]);
    check(
        b"\xE2\x82\xE2\x82\xAC",
        &[err(b"\xE2\x82"), out("€".as_bytes())],
    );
    check(b"\x80\xBF", &[err(b"\x80"), err(b"\xBF")]);
    // The Unicode standard's table 3-8 example.
    check(
        b"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64",
        &[
            out(b"a"),
            err(b"\xF1\x80\x80"),
            err(b"\xE1\x80"),
            err(b"\xC2"),
            out(b"b"),
            err(b"\x80"),
            out(b"c"),
            err(b"\x80"),
            err(b"\xBF"),
            out(b"d"),
        ],
    );
}

/// A direct transcription of the standard's byte handler, as a reference.
fn reference(input: &[u8]) -> Vec<Ev> {
    let mut evs = Vec::new();
    let (mut cp, mut seen, mut needed, mut lo, mut hi) = (0u32, 0, 0, 0x80u8, 0xBFu8);
    let mut bytes: Vec<u8> = Vec::new();
    let mut i = 0;
    while i <= input.len() {
        let Some(&b) = input.get(i) else {
            if needed != 0 {
                evs.push(Ev::Bad(0, bytes.clone()));
            }
            break;
        };
        i += 1;
        if needed == 0 {
            match b {
                0..=0x7F => push_out(&mut evs, &[b]),
                0xC2..=0xDF => {
                    needed = 1;
                    cp = u32::from(b & 0x1F);
                }
                0xE0..=0xF4 => {
                    // The standard's bounds for the first continuation byte.
                    match b {
                        0xE0 => lo = 0xA0,
                        0xED => hi = 0x9F,
                        0xF0 => lo = 0x90,
                        0xF4 => hi = 0x8F,
                        _ => {}
                    }
                    (needed, cp) = if b <= 0xEF {
                        (2, u32::from(b & 0xF))
                    } else {
                        (3, u32::from(b & 0x7))
                    };
                }
                _ => evs.push(Ev::Bad(0, vec![b])),
            }
            bytes = vec![b];
            continue;
        }
        if b < lo || b > hi {
            cp = 0;
            needed = 0;
            seen = 0;
            lo = 0x80;
            hi = 0xBF;
            i -= 1;
            evs.push(Ev::Bad(0, bytes.clone()));
            continue;
        }
        lo = 0x80;
        hi = 0xBF;
        cp = (cp << 6) | u32::from(b & 0x3F);
        bytes.push(b);
        seen += 1;
        if seen != needed {
            continue;
        }
        let mut buf = [0; 4];
        push_out(
            &mut evs,
            char::from_u32(cp).unwrap().encode_utf8(&mut buf).as_bytes(),
        );
        cp = 0;
        needed = 0;
        seen = 0;
    }
    evs
}

#[test]
fn matches_the_standard_on_all_short_inputs() {
    // Every sequence of up to 3 bytes drawn from an alphabet of
    // interesting bytes, plus all two-byte inputs.
    let alphabet: Vec<u8> = vec![
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
        0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF,
    ];
    let mut inputs = Vec::new();
    for &a in &alphabet {
        for &b in &alphabet {
            for &c in &alphabet {
                inputs.push(vec![a, b, c]);
                for &d in &[0x41, 0x80, 0xBF, 0xF0] {
                    inputs.push(vec![a, b, c, d]);
                }
            }
        }
    }
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            inputs.push(vec![a, b]);
        }
    }
    for input in &inputs {
        let expected = reference(input);
        assert_eq!(run(input, usize::MAX, 64), expected, "{input:02X?}");
    }
    // Chunking independence on a sample (byte by byte, small dst).
    for input in inputs.iter().step_by(7) {
        assert_eq!(run(input, 1, 4), reference(input), "{input:02X?}");
    }
}

#[test]
fn long_mixed_input_is_chunk_independent() {
    let mut input = Vec::new();
    for i in 0..200u32 {
        input.extend_from_slice("héllo wörld € 😀 ".as_bytes());
        input.push((i * 37) as u8);
        input.push((i * 91 + 3) as u8);
    }
    let expected = reference(&input);
    assert_eq!(run(&input, usize::MAX, 1 << 16), expected);
    for chunk in [1, 2, 3, 7, 64] {
        for dst_len in [4, 16, 33] {
            assert_eq!(
                run(&input, chunk, dst_len),
                expected,
                "chunk {chunk} dst {dst_len}"
            );
        }
    }
}

#[test]
fn long_text_errors_at_every_position() {
    // Long valid text (so the validator's wide paths run) with each
    // kind of error, and truncations, put at every position.
    for base in [
        "ab€dé😀fgh\u{10FFFF}ijklmnopqrstuvwxyzЖЖЖ\u{800}\u{FFFF}\u{D7FF}\u{E000}xyz",
        "ab€dé\u{FFFF}ijklmnopqrstuvwxyzЖЖЖ\u{800}\u{D7FF}\u{E000}xyz",
        "abcdéfghЖЖЖijklmnopqrstuvwxyz\u{80}\u{7FF}",
    ] {
        errors_at_every_position(base.repeat(8).as_bytes());
    }
}

fn errors_at_every_position(base: &[u8]) {
    let errors: [&[u8]; 17] = [
        b"\x80",
        b"\xC0\xAF",
        b"\xC1",
        b"\xE0\x9F\xBF",
        b"\xED\xA0\x80",
        b"\xF0\x8F\xBF\xBF",
        b"\xF4\x90\x80\x80",
        b"\xF5",
        b"\xFF",
        b"\xE2\x82",
        b"\xF0\x9F\x98",
        b"\xC3",
        b"\xE0\xA0",
        b"\xE0\x80",
        b"\xED\xA0",
        b"\xF0\x90\x80",
        b"\xF4\x90",
    ];
    for at in 0..=base.len() {
        for e in errors {
            let mut input = base[..at].to_vec();
            input.extend_from_slice(e);
            input.extend_from_slice(&base[at..]);
            let expected = reference(&input);
            assert_eq!(
                run(&input, usize::MAX, 1 << 12),
                expected,
                "{e:02X?} at {at}"
            );
            assert_eq!(run(&input, 100, 70), expected, "{e:02X?} at {at}");
        }
        // Cut anywhere: an incomplete sequence at the end.
        let expected = reference(&base[..at]);
        assert_eq!(
            run(&base[..at], usize::MAX, 1 << 12),
            expected,
            "cut at {at}"
        );
        assert_eq!(run(&base[..at], 67, 200), expected, "cut at {at}");
    }
}

#[test]
fn sequences_and_errors_across_block_boundaries() {
    // Valid text up to around the end of the first validation block,
    // then a character, an error or a truncated sequence.
    let pieces: [&[u8]; 12] = [
        "é".as_bytes(),
        "€".as_bytes(),
        "😀".as_bytes(),
        "\u{10FFFF}".as_bytes(),
        b"\x80",
        b"\xE2\x82",
        b"\xE2\x82A",
        b"\xF0\x9F\x98",
        b"\xF0\x9F\x98A",
        b"\xED\xA0\x80",
        b"\xF4\x90\x80\x80",
        b"\xC3",
    ];
    let filler = "abcdéfgh€ijk😀lmnop".repeat(1 + 2 * BLOCK / 28);
    for at in BLOCK - 8..=BLOCK + 4 {
        let mut cut = at;
        while !filler.is_char_boundary(cut) {
            cut -= 1;
        }
        for piece in pieces {
            let mut input = filler.as_bytes()[..cut].to_vec();
            input.extend_from_slice(piece);
            input.extend_from_slice(b"xyz");
            input.extend_from_slice(&filler.as_bytes()[..100]);
            let expected = reference(&input);
            if std::str::from_utf8(&input).is_ok() {
                // Block ends are no reason to stop.
                let mut dst = vec![0u8; 1 << 16];
                let n = input.len();
                let got = Utf8Decoder::new().decode(&input, &mut dst, true);
                assert_eq!(got, (RawDecoderResult::InputEmpty, n, n));
            }
            for dst_len in [1 << 16, BLOCK, BLOCK + 1, cut, cut + 2] {
                assert_eq!(
                    run(&input, usize::MAX, dst_len),
                    expected,
                    "{piece:02X?} at {cut}, dst {dst_len}"
                );
            }
            // The input ending with the piece.
            let input = &input[..cut + piece.len()];
            assert_eq!(run(input, usize::MAX, 1 << 16), reference(input));
        }
    }
}

#[test]
fn output_full_leaves_the_sequence_unread() {
    let mut d = Utf8Decoder::new();
    let mut dst = [0u8; 4];
    let (res, r, w) = d.decode("abc€".as_bytes(), &mut dst, true);
    assert_eq!((res, r, w), (RawDecoderResult::OutputFull, 3, 3));
    let (res, r, w) = d.decode("€".as_bytes(), &mut dst, true);
    assert_eq!((res, r, w), (RawDecoderResult::InputEmpty, 3, 3));
    assert_eq!(&dst[..3], "€".as_bytes());
    // A partial sequence completed across calls into a short buffer.
    let (res, r, _) = d.decode(b"\xE2", &mut dst, false);
    assert_eq!((res, r), (RawDecoderResult::InputEmpty, 1));
    let (res, r, w) = d.decode(b"\x82\xAC", &mut dst[..2], false);
    assert_eq!((res, r, w), (RawDecoderResult::OutputFull, 1, 0));
    let (res, r, w) = d.decode(b"\xAC", &mut dst, true);
    assert_eq!((res, r, w), (RawDecoderResult::InputEmpty, 1, 3));
    assert_eq!(&dst[..3], "€".as_bytes());
}

#[test]
fn encoder_copies_and_cuts_at_char_boundaries() {
    let mut e = Utf8Encoder;
    let mut dst = [0u8; 5];
    let (res, r, w) = e.encode("ab€😀", &mut dst, true);
    assert_eq!((res, r, w), (RawEncoderResult::OutputFull, 5, 5));
    assert_eq!(&dst, "ab€".as_bytes());
    let (res, r, w) = e.encode("😀", &mut dst, true);
    assert_eq!((res, r, w), (RawEncoderResult::InputEmpty, 4, 4));
    assert_eq!(&dst[..4], "😀".as_bytes());
    let (res, r, w) = e.encode("😀", &mut dst[..3], true);
    assert_eq!((res, r, w), (RawEncoderResult::OutputFull, 0, 0));
}
