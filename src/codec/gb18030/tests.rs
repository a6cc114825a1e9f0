use super::*;
use crate::codec::test_support::{
    assert_ncr, chunking_inputs, decode, decode_all, decode_chunks, encode, encode_fatal, ok, Ev,
};
use crate::codec::{DecoderResult, EncoderResult, GB18030, GBK};

#[test]
fn ascii_euro_and_two_byte() {
    for enc in [GB18030, GBK] {
        assert_eq!(
            decode_all(enc, b"abc\x80\x81\x40\xA2\xE3\xB0\xA1"),
            ok("abc€丂€啊")
        );
        assert_eq!(
            decode_all(enc, b"\xFF"),
            ("\u{FFFD}".into(), vec![(0, vec![0xFF])])
        );
    }
}

#[test]
fn four_byte_range_limits() {
    let cases: [(&[u8], char); 6] = [
        (b"\x81\x30\x81\x30", '\u{80}'),
        (b"\x84\x31\xA4\x39", '\u{FFFF}'),
        (b"\x90\x30\x81\x30", '\u{10000}'),
        (b"\xE3\x32\x9A\x35", '\u{10FFFF}'),
        (b"\x81\x35\xF4\x37", '\u{E7C7}'),
        (b"\x81\x30\x81\x31", '\u{81}'),
    ];
    for (bytes, c) in cases {
        assert_eq!(
            decode_all(GB18030, bytes),
            ok(&c.to_string()),
            "{bytes:02X?}"
        );
        assert_eq!(decode_all(GBK, bytes), ok(&c.to_string()), "{bytes:02X?}");
        assert_eq!(encode(GB18030, &c.to_string()), Ok(bytes.to_vec()), "{c:?}");
        assert_eq!(encode(GBK, &c.to_string()), Err(c), "{c:?}");
    }
    // Pointers 39420..189000 and past 1237575 have no code point: the
    // whole four bytes are the error.
    for bytes in [
        b"\x84\x31\xA5\x30",
        b"\x8F\x39\xFE\x39",
        b"\xE3\x32\x9A\x36",
        b"\xFE\x39\xFE\x39",
    ] {
        assert_eq!(
            decode_all(GB18030, bytes),
            ("\u{FFFD}".into(), vec![(0, bytes.to_vec())]),
            "{bytes:02X?}"
        );
    }
}

#[test]
fn e5e5_is_unmappable_and_a3a0_is_u3000() {
    assert_eq!(encode(GB18030, "\u{E5E5}"), Err('\u{E5E5}'));
    assert_eq!(encode(GBK, "a\u{E5E5}"), Err('\u{E5E5}'));
    assert_eq!(decode_all(GB18030, b"\xA3\xA0"), ok("\u{3000}"));
    assert_eq!(encode(GB18030, "\u{3000}"), Ok(vec![0xA1, 0xA1]));
    assert_ncr(GB18030, "a\u{E5E5}b", "a&#58853;b");
}

#[test]
fn gbk_euro_is_0x80() {
    assert_eq!(encode(GBK, "€"), Ok(vec![0x80]));
    assert_eq!(encode(GB18030, "€"), Ok(vec![0xA2, 0xE3]));
    assert_eq!(decode_all(GBK, b"\x80\xA2\xE3"), ok("€€"));
}

#[test]
fn side_table_applies_to_both_encoders_and_is_one_way() {
    assert_eq!(SIDE_TABLE.len(), 18);
    for &(cp, bytes) in &SIDE_TABLE {
        // Not in index gb18030, so the step order against it is moot.
        assert_eq!(GB18030_BYTES.bytes(u32::from(cp)), None);
        let c = char::from_u32(u32::from(cp)).unwrap();
        assert_eq!(encode(GB18030, &c.to_string()), Ok(bytes.to_vec()), "{c:?}");
        assert_eq!(encode(GBK, &c.to_string()), Ok(bytes.to_vec()), "{c:?}");
        let (text, errors) = decode_all(GB18030, &bytes);
        assert!(errors.is_empty());
        assert_ne!(text, c.to_string(), "decoding {bytes:02X?}");
    }
    assert_eq!(
        encode(GB18030, "\u{E78D}\u{E864}"),
        Ok(vec![0xA6, 0xD9, 0xFE, 0xA0])
    );
    assert_eq!(decode_all(GB18030, b"\xA6\xD9"), ok("\u{FE10}"));
    assert_eq!(GB18030_BYTES.bytes(0xE5E5), None);
    assert_eq!(GB18030_BYTES.bytes(0xE7C7), None);
}

#[test]
fn end_of_queue() {
    let e = |b: &[u8]| ("\u{FFFD}".to_string(), vec![(0, b.to_vec())]);
    assert_eq!(decode_all(GB18030, b"\x81\x30\x81"), e(b"\x81\x30\x81"));
    assert_eq!(decode_all(GB18030, b"\x81\x30"), e(b"\x81\x30"));
    assert_eq!(decode_all(GB18030, b"\x81"), e(b"\x81"));
    assert_eq!(decode_all(GBK, b"\xFE\x39\xFE"), e(b"\xFE\x39\xFE"));
    assert_eq!(
        decode_all(GB18030, b"ab\x81\x30\x81"),
        ("ab\u{FFFD}".into(), vec![(2, b"\x81\x30\x81".to_vec())])
    );
}

/// Errors as (offset, bytes).
type Errors<'a> = &'a [(u64, &'a [u8])];

#[test]
fn restores() {
    // (input, output, errors)
    let cases: [(&[u8], &str, Errors); 12] = [
        // Four-byte failure: the first byte is the error, the second, third
        // and fourth are read again.
        (
            b"\x81\x30\x81\xFF",
            "\u{FFFD}0\u{FFFD}",
            &[(0, b"\x81"), (2, b"\x81\xFF")],
        ),
        (b"\x81\x30\x81\x41", "\u{FFFD}0\u{4E04}", &[(0, b"\x81")]),
        (
            b"\x81\x30\x81\x30\x81\x30\xFE\x40",
            "\u{80}\u{FFFD}0\u{FA0C}",
            &[(4, b"\x81")],
        ),
        // Third byte out of range: second and third read again.
        (b"\x81\x30\x41", "\u{FFFD}0A", &[(0, b"\x81")]),
        (
            b"\x81\x39\xFF",
            "\u{FFFD}9\u{FFFD}",
            &[(0, b"\x81"), (2, b"\xFF")],
        ),
        // Two-byte failure: an ASCII trail is read again, others are eaten.
        (b"\x81\x7F", "\u{FFFD}\x7F", &[(0, b"\x81")]),
        (b"\x81\x22", "\u{FFFD}\"", &[(0, b"\x81")]),
        (b"\x81\xFF", "\u{FFFD}", &[(0, b"\x81\xFF")]),
        (b"\x81\xFF\x41", "\u{FFFD}A", &[(0, b"\x81\xFF")]),
        // At end of queue after a restore.
        (
            b"\x81\x30\x81\x30\x81\x30\x81",
            "\u{80}\u{FFFD}",
            &[(4, b"\x81\x30\x81")],
        ),
        (
            b"\x81\x30\x81\x81\x30",
            "\u{FFFD}0\u{4E96}0",
            &[(0, b"\x81")],
        ),
        (
            b"\x81\x30\x81\x41\x81\x30",
            "\u{FFFD}0\u{4E04}\u{FFFD}",
            &[(0, b"\x81"), (4, b"\x81\x30")],
        ),
    ];
    for (input, text, errors) in cases {
        let errors = errors.iter().map(|&(at, b)| (at, b.to_vec())).collect();
        assert_eq!(decode_all(GB18030, input), (text.to_string(), errors));
    }
}

#[test]
fn replacement_mode() {
    assert_eq!(
        GB18030.decode_without_bom_handling(b"\x81\x30\x81"),
        ("\u{FFFD}".into(), true)
    );
    assert_eq!(
        GB18030.decode_without_bom_handling(b"\x81\x30\x81\xFF\x41"),
        ("\u{FFFD}0\u{FFFD}A".into(), true)
    );
}

#[test]
fn every_scalar_round_trips_through_gb18030() {
    let mut e = GB18030.new_encoder().unwrap();
    let mut d = GB18030.new_decoder_without_bom_handling();
    let mut buf = [0u8; 16];
    let mut text = [0u8; 16];
    for cp in (0..=0x10FFFF).filter(|&c| c != 0xE5E5 && side_table(c).is_none()) {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        let (r, _, n) = e.encode_without_replacement(c.encode_utf8(&mut [0; 4]), &mut buf, true);
        assert_eq!(r, EncoderResult::InputEmpty, "{c:?}");
        let (r, read, w) = d.decode_without_replacement(&buf[..n], &mut text, true);
        assert_eq!((r, read), (DecoderResult::InputEmpty, n), "{c:?}");
        assert_eq!(
            std::str::from_utf8(&text[..w])
                .unwrap()
                .chars()
                .collect::<Vec<_>>(),
            [c]
        );
        if cp >= 0x80 && GB18030_BYTES.bytes(cp).is_none() {
            assert_eq!(n, 4, "{c:?}");
            assert_eq!(encode(GBK, c.encode_utf8(&mut [0; 4])), Err(c));
        }
    }
}

#[test]
fn every_four_byte_pointer_decodes_as_the_ranges_say() {
    let mut d = GB18030.new_decoder_without_bom_handling();
    let mut text = [0u8; 16];
    for b0 in 0x81..=0xFEu8 {
        for b1 in 0x30..=0x39u8 {
            for b2 in 0x81..=0xFEu8 {
                for b3 in 0x30..=0x39u8 {
                    let bytes = [b0, b1, b2, b3];
                    let pointer = (u32::from(b0) - 0x81) * 12600
                        + (u32::from(b1) - 0x30) * 1260
                        + (u32::from(b2) - 0x81) * 10
                        + u32::from(b3)
                        - 0x30;
                    let (r, _, w) = d.decode_without_replacement(&bytes, &mut text, true);
                    let expected = ranges_code_point(pointer);
                    match expected {
                        Some(cp) => {
                            assert_eq!(r, DecoderResult::InputEmpty);
                            let got = std::str::from_utf8(&text[..w]).unwrap();
                            assert_eq!(got.chars().next().map(u32::from), Some(cp));
                            if cp != 0xE5E5 && side_table(cp).is_none() {
                                assert_eq!(ranges_pointer(cp), pointer, "{bytes:02X?}");
                            }
                        }
                        None => assert!(
                            (39420..189000).contains(&pointer) || pointer > 1_237_575,
                            "{bytes:02X?}"
                        ),
                    }
                }
            }
        }
    }
}

#[test]
fn chunking_does_not_matter() {
    const ALPHABET: [u8; 10] = [0x30, 0x39, 0x41, 0x7F, 0x80, 0x81, 0x84, 0xA1, 0xFE, 0xFF];
    // Every string of up to 5 bytes over the alphabet, and longer
    // pseudo-random ones mixing text and junk.
    let text = "中文 gb18030 \u{80}\u{E7C7}\u{10FFFF}😀€";
    let valid = encode(GB18030, text).unwrap();
    let inputs = chunking_inputs(&ALPHABET, 5, &valid, 4, 0x9E37_79B9_7F4A_7C15);
    for input in &inputs {
        decode_all(GB18030, input);
        // Any chunk boundary, two chunks.
        let one = decode(GB18030, input, 0);
        for split in 0..=input.len() {
            let chunks = [&input[..split], &input[split..]];
            assert_eq!(
                decode_chunks(GB18030, &chunks, 64),
                one,
                "{input:02X?} split {split}"
            );
        }
    }
    assert_eq!(decode_all(GB18030, &valid), ok(text));
}

#[test]
fn encoder_chunking_and_small_buffers() {
    let text = "中文 gb18030 \u{80}\u{E7C7}\u{10FFFF}😀€\u{E78D}xyz\u{FFFF}";
    let whole = GB18030.encode(text).unwrap().0;
    for size in 4..20 {
        let out = encode_fatal(GB18030, &[text], size);
        assert_eq!(out, [Ev::Out(whole.clone())], "size {size}");
    }
    assert_eq!(encode(GB18030, text), Ok(whole));
}
