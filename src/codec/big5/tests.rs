use super::*;
use crate::codec::test_support::{
    assert_ncr, chunking_inputs, decode, decode_all, encode, encode_fatal, ok, Ev,
};
use crate::codec::{DecoderResult, BIG5};

fn bytes_for(pointer: usize) -> [u8; 2] {
    let (lead, trail) = (pointer / 157 + 0x81, pointer % 157);
    [
        lead as u8,
        (trail + if trail < 0x3F { 0x40 } else { 0x62 }) as u8,
    ]
}

/// Index Big5's code point at each pointer (0: none), from its table.
fn index_big5() -> Vec<u32> {
    (0..UTF8_BIG5.len())
        .map(|p| UTF8_BIG5.code_point(p).unwrap_or(0))
        .collect()
}

/// The inverse of [`bytes_for`].
fn pointer_of([lead, trail]: [u8; 2]) -> usize {
    let offset = if trail < 0x7F { 0x40 } else { 0x62 };
    (usize::from(lead) - 0x81) * 157 + usize::from(trail) - offset
}

#[test]
fn two_code_point_pointers() {
    let cases = [
        (1133, "\u{CA}\u{304}"),
        (1135, "\u{CA}\u{30C}"),
        (1164, "\u{EA}\u{304}"),
        (1166, "\u{EA}\u{30C}"),
    ];
    for (pointer, text) in cases {
        assert_eq!(
            index_big5()[pointer],
            0,
            "the table, not the index, has pointer {pointer}"
        );
        let b = bytes_for(pointer);
        assert_eq!(decode_all(BIG5, &b), ok(text));
        assert_eq!(
            decode_all(BIG5, &[b'a', b[0], b[1], b'z']),
            ok(&format!("a{text}z"))
        );
        // Each half is its own code point; U+00CA and U+00EA are HKSCS.
        assert_eq!(encode(BIG5, text), Err(text.chars().next().unwrap()));
    }
    assert_eq!(
        decode_all(BIG5, b"\x88\x62\x88\x64\x88\xA3\x88\xA5"),
        ok("Ê̄Ê̌ê̄ê̌")
    );
}

#[test]
fn hkscs_pointers_decode_but_are_not_produced() {
    // Pointer 1137 (0x88 0x66) is U+00CA, below (0xA1 - 0x81) * 157.
    assert_eq!(decode_all(BIG5, b"\x88\x66"), ok("\u{CA}"));
    assert_eq!(encode(BIG5, "\u{CA}"), Err('\u{CA}'));
    let index = index_big5();
    for (pointer, &cp) in index.iter().enumerate().take((0xA1 - 0x81) * 157) {
        let Some(c) = char::from_u32(cp).filter(|_| cp != 0) else {
            continue;
        };
        let b = bytes_for(pointer);
        assert_eq!(decode_all(BIG5, &b), ok(&c.to_string()));
        match BIG5_BYTES.bytes(cp) {
            Some(pair) => {
                let p = pointer_of(pair);
                assert_eq!(bytes_for(p), pair);
                assert!(p >= 5024);
                assert_eq!(index[p], cp);
                assert_eq!(encode(BIG5, &c.to_string()), Ok(pair.to_vec()));
            }
            None => assert_eq!(encode(BIG5, &c.to_string()), Err(c)),
        }
    }
}

#[test]
fn every_encodable_scalar_round_trips_with_the_right_pointer() {
    // The standard's "index Big5 pointer": the first pointer at or past
    // 5024, or the last one for six code points.
    let mut first = std::collections::HashMap::new();
    let mut last = std::collections::HashMap::new();
    for (p, &cp) in index_big5()
        .iter()
        .enumerate()
        .skip(5024)
        .filter(|&(_, &cp)| cp != 0)
    {
        first.entry(cp).or_insert(p);
        last.insert(cp, p);
    }
    let mut encoded = 0;
    for cp in 0x80..=0x10FFFF {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        let s = c.to_string();
        let uses_last = [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345].contains(&cp);
        let expected = if uses_last {
            last.get(&cp)
        } else {
            first.get(&cp)
        }
        .copied();
        if uses_last {
            assert_ne!(last[&cp], first[&cp]);
        }
        match expected {
            Some(p) => {
                encoded += 1;
                let b = bytes_for(p);
                assert_eq!(encode(BIG5, &s), Ok(b.to_vec()), "{c:?}");
                assert_eq!(decode(BIG5, &b, 0), ok(&s));
            }
            None => assert_eq!(encode(BIG5, &s), Err(c), "{c:?}"),
        }
    }
    assert!(encoded > 13000);
    assert_eq!(encode(BIG5, "\u{2910D}"), Ok(vec![0xFE, 0xFD]));
    assert_eq!(decode_all(BIG5, b"\xFE\xFD"), ok("\u{2910D}"));
}

#[test]
fn errors() {
    // (input, output, the bytes of its one error, at offset 0)
    let cases: [(&[u8], &str, &[u8]); 9] = [
        (b"\x80", "\u{FFFD}", b"\x80"),
        (b"\xFF\x40", "\u{FFFD}@", b"\xFF"),
        // An ASCII byte after a lead is read again.
        (b"\x81\x41", "\u{FFFD}A", b"\x81"),
        (b"\xA1\x7F", "\u{FFFD}\x7F", b"\xA1"),
        (b"\xA1\x22", "\u{FFFD}\"", b"\xA1"),
        (b"\xA1\xA0\x41", "\u{FFFD}A", b"\xA1\xA0"),
        (b"\xA1\x80", "\u{FFFD}", b"\xA1\x80"),
        (b"\xA1\xFF", "\u{FFFD}", b"\xA1\xFF"),
        // End of queue.
        (b"\xA1", "\u{FFFD}", b"\xA1"),
    ];
    for (input, text, error) in cases {
        let expected = (text.to_string(), vec![(0, error.to_vec())]);
        assert_eq!(decode_all(BIG5, input), expected, "{input:02X?}");
    }
    assert_eq!(
        decode_all(BIG5, b"ab\xA4"),
        ("ab\u{FFFD}".into(), vec![(2, vec![0xA4])])
    );
    assert_eq!(
        BIG5.decode_without_bom_handling(b"\xA4\xA4\xA4"),
        ("中\u{FFFD}".into(), true)
    );
    assert_eq!(
        decode_all(BIG5, b"\xA4\xA4\xA4\x40\xA1\x40"),
        ok("中一\u{3000}")
    );
}

#[test]
fn encoder_basics() {
    assert_eq!(
        encode(BIG5, "中文 abc"),
        Ok(vec![0xA4, 0xA4, 0xA4, 0xE5, 0x20, 0x61, 0x62, 0x63])
    );
    assert_eq!(encode(BIG5, "\u{80}"), Err('\u{80}'));
    assert_eq!(encode(BIG5, "€"), Ok(vec![0xA3, 0xE1]));
    assert_ncr(BIG5, "a😀b", "a&#128512;b");
    let text = "中文 Big5 測試\u{2910D}€x";
    let whole = BIG5.encode(text).unwrap().0;
    for size in 2..12 {
        let out = encode_fatal(BIG5, &[text], size);
        assert_eq!(out, [Ev::Out(whole.clone())], "size {size}");
    }
}

#[test]
fn chunking_does_not_matter() {
    const ALPHABET: [u8; 10] = [0x22, 0x41, 0x7F, 0x80, 0x81, 0x88, 0xA1, 0xA4, 0xFE, 0xFF];
    let text = "中文 Big5 測試\u{2910D}€x";
    let mut valid = BIG5.encode(text).unwrap().0;
    valid.extend_from_slice(b"\x88\x62\x88\xA5");
    let inputs = chunking_inputs(&ALPHABET, 4, &valid, 3, 0x1234_5678_9ABC_DEF1);
    for input in &inputs {
        let one = decode_all(BIG5, input);
        let (text, _) = &one;
        assert_eq!(BIG5.decode_without_bom_handling(input).0, *text);
    }
    let mut d = BIG5.new_decoder_without_bom_handling();
    let (r, read, w) = d.decode_without_replacement(b"\xA4", &mut [0; 16], false);
    assert_eq!((r, read, w), (DecoderResult::InputEmpty, 1, 0));
    let mut buf = [0u8; 16];
    let (r, read, w) = d.decode_without_replacement(b"\xA4", &mut buf, true);
    assert_eq!(
        (r, read, &buf[..w]),
        (DecoderResult::InputEmpty, 1, "中".as_bytes())
    );
}
