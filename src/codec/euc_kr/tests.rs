use crate::codec::test_support::*;
use crate::codec::EUC_KR;

one_shot!(EUC_KR);

#[test]
fn decoder() {
    assert_eq!(decode(b"\xB0\xA1 \xC7\xD1"), [out("가 한")]);
    // Pointer (0x81 - 0x81) * 190 + (0x41 - 0x41) = 0: U+AC02.
    assert_eq!(decode(b"\x81\x41"), [out("\u{AC02}")]);
    assert_eq!(decode(b"\xFE\xFE"), [Ev::Bad(0, vec![0xFE, 0xFE])]);
    assert_eq!(decode(b"\x81 "), [Ev::Bad(0, vec![0x81]), out(" ")]);
    assert_eq!(decode(b"\x81\xFF"), [Ev::Bad(0, vec![0x81, 0xFF])]);
    assert_eq!(
        decode(b"\x80\xFF"),
        [Ev::Bad(0, vec![0x80]), Ev::Bad(1, vec![0xFF])]
    );
    assert_eq!(decode(b"ab\xB0"), [out("ab"), Ev::Bad(2, vec![0xB0])]);
    let chunks: [&[u8]; 2] = [b"\xB0", b"\xA1"];
    assert_eq!(decode_fatal(EUC_KR, &chunks, 16), [out("가")]);
}

#[test]
fn encoder() {
    assert_eq!(
        encode("a가한"),
        [Ev::Out(vec![b'a', 0xB0, 0xA1, 0xC7, 0xD1])]
    );
    assert_eq!(encode("\u{AC02}"), [Ev::Out(vec![0x81, 0x41])]);
    assert_eq!(encode("\u{FF0D}"), [Ev::Out(vec![0xA3, 0xAD])]);
    assert_eq!(encode("x\u{A5}"), [out("x"), Ev::Unmappable(1, '\u{A5}')]);
    assert_ncr(EUC_KR, "\u{1F600}", "&#128512;");
}

chunking_test!(
    EUC_KR,
    b"\x81\x41\x5A\x61\x80\xA0\xA1\xB0\xC7\xC8\xD1\xFE\xFF\x20",
    "a가한\u{AC02}\u{A5}\u{3042}\u{1F600}",
    20_000
);
