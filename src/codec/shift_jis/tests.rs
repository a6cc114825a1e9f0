use crate::codec::test_support::*;
use crate::codec::SHIFT_JIS;

one_shot!(SHIFT_JIS);

#[test]
fn ascii_trail_is_read_again() {
    // The standard's example: 82 22 is an error, then '"'.
    assert_eq!(decode(b"\x82\x22"), [Ev::Bad(0, vec![0x82]), out("\"")]);
    assert_eq!(
        decode_replacing(SHIFT_JIS, &[b"\x82\x22"], 64),
        "\u{FFFD}\"".as_bytes()
    );
    // Split between the two bytes: the same.
    let chunks: [&[u8]; 2] = [b"\x82", b"\x22"];
    assert_eq!(decode_fatal(SHIFT_JIS, &chunks, 16), decode(b"\x82\x22"));
    // A non-ASCII bad trail is part of the error.
    assert_eq!(
        decode(b"\x81\xFDa"),
        [Ev::Bad(0, vec![0x81, 0xFD]), out("a")]
    );
}

#[test]
fn pairs_and_single_bytes() {
    assert_eq!(decode(b"\x81\x60"), [out("\u{FF5E}")]); // wave dash
    assert_eq!(decode(b"\x93\xFA\x96\x7B"), [out("日本")]);
    assert_eq!(decode(b"\x80"), [out("\u{80}")]);
    assert_eq!(decode(b"\xA1\xDF"), [out("\u{FF61}\u{FF9F}")]);
    assert_eq!(decode(b"\x5C\x7E"), [out("\\~")]);
    for b in [0xA0, 0xFD, 0xFE, 0xFF] {
        assert_eq!(decode(&[b, b'x']), [Ev::Bad(0, vec![b]), out("x")]);
    }
    assert_eq!(decode(b"a\x81"), [out("a"), Ev::Bad(1, vec![0x81])]);
    // Trail 0x7F is never valid; it is ASCII, so it is read again.
    assert_eq!(decode(b"\x81\x7F"), [Ev::Bad(0, vec![0x81]), out("\x7F")]);
}

#[test]
fn eudc_decodes_to_private_use_and_does_not_encode() {
    assert_eq!(decode(b"\xF0\x40"), [out("\u{E000}")]); // pointer 8836
    assert_eq!(decode(b"\xF9\xFC"), [out("\u{E757}")]); // pointer 10715
                                                        // The standard's encoder has no EUDC step: U+E000..U+E757 are
                                                        // unmappable (encoding_rs agrees).
    assert_eq!(encode("\u{E000}"), [Ev::Unmappable(0, '\u{E000}')]);
    assert_eq!(encode("\u{E757}"), [Ev::Unmappable(0, '\u{E757}')]);
    // Everything else decoded from a pair encodes back to that pair,
    // except pointers 8272..=8835, whose code points use a later pointer.
    for lead in (0x81..=0x9Fu8).chain(0xE0..=0xFC) {
        for trail in (0x40..=0x7Eu8).chain(0x80..=0xFC) {
            let events = decode(&[lead, trail]);
            let [Ev::Out(text)] = &events[..] else {
                continue;
            };
            let text = std::str::from_utf8(text).unwrap();
            let cp = text.chars().next().unwrap() as u32;
            let back = encode(text);
            let lead_offset = if lead < 0xA0 { 0x81 } else { 0xC1 };
            let pointer = usize::from(lead - lead_offset) * 188
                + usize::from(trail - if trail < 0x7F { 0x40 } else { 0x41 });
            if (0xE000..=0xE757).contains(&cp) {
                assert_eq!(back, [Ev::Unmappable(0, text.chars().next().unwrap())]);
            } else if !(8272..=8835).contains(&pointer) {
                // The bytes of the code point's first pointer.
                let first = super::SHIFT_JIS_BYTES.bytes(cp).unwrap();
                if first == [lead, trail] {
                    assert_eq!(back, [Ev::Out(vec![lead, trail])], "{lead:X} {trail:X}");
                }
            }
        }
    }
}

#[test]
fn encoder_special_cases() {
    assert_eq!(encode("a\u{80}"), [Ev::Out(vec![b'a', 0x80])]);
    assert_eq!(encode("\u{A5}\u{203E}"), [Ev::Out(vec![0x5C, 0x7E])]);
    assert_eq!(encode("\u{FF61}\u{FF9F}"), [Ev::Out(vec![0xA1, 0xDF])]);
    assert_eq!(
        encode("\u{2212}\u{FF0D}"),
        [Ev::Out(vec![0x81, 0x7C, 0x81, 0x7C])]
    );
    assert_eq!(encode("\u{FF5E}"), [Ev::Out(vec![0x81, 0x60])]);
    assert_eq!(encode("日本"), [Ev::Out(vec![0x93, 0xFA, 0x96, 0x7B])]);
    // Index Shift_JIS pointer skips 8272..=8835: U+2170 is pointer 8634
    // and 10716; U+7E8A is 8272 and 10744.
    assert_eq!(
        encode("\u{2170}\u{7E8A}"),
        [Ev::Out(vec![0xFA, 0x40, 0xFA, 0x5C])]
    );
    assert_eq!(
        encode("x\u{E5E5}y\u{1F600}"),
        [
            Ev::Out(b"x".to_vec()),
            Ev::Unmappable(1, '\u{E5E5}'),
            Ev::Out(b"y".to_vec()),
            Ev::Unmappable(5, '\u{1F600}'),
        ]
    );
    assert_ncr(SHIFT_JIS, "\u{A0}", "&#160;");
}

chunking_test!(
    SHIFT_JIS,
    b"\x81\x82\x9F\xA0\xA1\xDF\xE0\xEF\xF0\xF9\xFC\xFD\x40\x7E\x7F\x80\
    \xFC\x22\x41\x60\x93\xFA",
    "a\\~\u{80}\u{A5}\u{A0}\u{203E}\u{2212}\u{FF61}\u{FF9F}\u{3042}日\
    \u{2170}\u{E000}\u{1F600}\u{FF5E}",
    20_000
);
