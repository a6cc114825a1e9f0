use crate::codec::test_support::*;
use crate::codec::EUC_JP;

one_shot!(EUC_JP);

#[test]
fn two_byte_jis0208_and_half_width_katakana() {
    assert_eq!(decode(b"\xA4\xA2a"), [out("\u{3042}a")]);
    assert_eq!(decode(b"\xC6\xFC\xCB\xDC"), [out("日本")]);
    assert_eq!(decode(b"\x8E\xA1\x8E\xDF"), [out("\u{FF61}\u{FF9F}")]);
    // 0x8E with a byte outside 0xA1..=0xDF: ASCII is read again, other
    // bytes are part of the error.
    assert_eq!(decode(b"\x8E\xE0"), [Ev::Bad(0, vec![0x8E, 0xE0])]);
    assert_eq!(decode(b"\x8EA"), [Ev::Bad(0, vec![0x8E]), out("A")]);
    assert_eq!(decode(b"\xA4A"), [Ev::Bad(0, vec![0xA4]), out("A")]);
    assert_eq!(decode(b"\xA4\x80"), [Ev::Bad(0, vec![0xA4, 0x80])]);
    // Unassigned pointer.
    assert_eq!(decode(b"\xA9\xA1"), [Ev::Bad(0, vec![0xA9, 0xA1])]);
    for b in [0x80, 0xA0, 0xFF] {
        assert_eq!(decode(&[b, b'x']), [Ev::Bad(0, vec![b]), out("x")]);
    }
    assert_eq!(decode(b"x\xA4"), [out("x"), Ev::Bad(1, vec![0xA4])]);
}

#[test]
fn three_byte_jis0212() {
    // Pointer (0xB0 - 0xA1) * 94 = 1410: U+4E02.
    assert_eq!(decode(b"\x8F\xB0\xA1"), [out("\u{4E02}")]);
    assert_eq!(decode(b"\x8F\xA2\xAF"), [out("\u{2D8}")]); // pointer 108
                                                           // Pointer 0 is unassigned in jis0212: ASCII third byte read again.
    assert_eq!(
        decode(b"\x8F\xA1\xA1"),
        [Ev::Bad(0, vec![0x8F, 0xA1, 0xA1])]
    );
    assert_eq!(
        decode(b"\x8F\xA1A"),
        [Ev::Bad(0, vec![0x8F, 0xA1]), out("A")]
    );
    assert_eq!(decode(b"\x8FA"), [Ev::Bad(0, vec![0x8F]), out("A")]);
    assert_eq!(decode(b"\x8F\x8E"), [Ev::Bad(0, vec![0x8F, 0x8E])]);
    // Truncated at the end of the stream.
    assert_eq!(decode(b"\x8F\xB0"), [Ev::Bad(0, vec![0x8F, 0xB0])]);
    assert_eq!(decode(b"\x8F"), [Ev::Bad(0, vec![0x8F])]);
    // Split at every point.
    let chunks: [&[u8]; 3] = [b"\x8F", b"\xB0", b"\xA1"];
    assert_eq!(decode_fatal(EUC_JP, &chunks, 16), [out("\u{4E02}")]);
    let chunks: [&[u8]; 3] = [b"a\x8F", b"\xA1", b"A"];
    let expected = [out("a"), Ev::Bad(1, vec![0x8F, 0xA1]), out("A")];
    assert_eq!(decode_fatal(EUC_JP, &chunks, 16), expected);
}

#[test]
fn encoder() {
    assert_eq!(encode("a\u{A5}\u{203E}"), [Ev::Out(vec![b'a', 0x5C, 0x7E])]);
    assert_eq!(
        encode("\u{FF61}\u{FF9F}"),
        [Ev::Out(vec![0x8E, 0xA1, 0x8E, 0xDF])]
    );
    assert_eq!(
        encode("\u{2212}\u{FF0D}"),
        [Ev::Out(vec![0xA1, 0xDD, 0xA1, 0xDD])]
    );
    assert_eq!(encode("日本"), [Ev::Out(vec![0xC6, 0xFC, 0xCB, 0xDC])]);
    // Index jis0208's first pointer: U+2170 is 8634, U+7E8A is 8272.
    assert_eq!(
        encode("\u{2170}\u{7E8A}"),
        [Ev::Out(vec![0xFC, 0xF1, 0xF9, 0xA1])]
    );
    // jis0212 is never used to encode, and U+0080 has no mapping.
    assert_eq!(encode("\u{4E02}"), [Ev::Unmappable(0, '\u{4E02}')]);
    assert_eq!(encode("\u{80}"), [Ev::Unmappable(0, '\u{80}')]);
    assert_ncr(EUC_JP, "\u{E000}", "&#57344;");
}

chunking_test!(
    EUC_JP,
    b"\x8E\x8F\xA1\xA4\xA2\xB0\xDF\xE0\xFE\xFF\x80\x41\x7F\xC6\xFC",
    "a\\~\u{80}\u{A5}\u{203E}\u{2212}\u{FF61}\u{FF9F}\u{3042}日\
    \u{2170}\u{4E02}\u{1F600}",
    20_000
);
