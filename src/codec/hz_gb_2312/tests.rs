use super::*;
use crate::codec::test_support::*;
use crate::codec::HZ_GB_2312;

one_shot!(HZ_GB_2312);

#[test]
fn pairs_are_gbk_bytes_without_high_bits() {
    // GBK B0A1 is U+554A; GB2312 row 16 cell 1.
    assert_eq!(decode(b"a~{0!~}b"), [out("a\u{554A}b")]);
    assert_eq!(decode_pair(0x30, 0x21), Some(0x554A));
    assert_eq!(encode_pair(0x554A), Some([0x30, 0x21]));
    // U+3000 is at both A1A1 and A3A0: the first pointer is HZ's "!!".
    assert_eq!(encode_pair(0x3000), Some([0x21, 0x21]));
    // GBK pairs outside A1..FE x A1..FE have no HZ form.
    assert_eq!(encode_pair(0x4E02), None); // GBK 8140
    assert_eq!(encode_pair(0x20AC), Some([0x22, 0x63])); // GBK A2E3
}

#[test]
fn tilde_sequences() {
    assert_eq!(decode(b"~~"), [out("~")]);
    assert_eq!(decode(b"~{~~~}"), [out("~")]);
    assert_eq!(decode(b"a~\nb"), [out("ab")]);
    assert_eq!(decode(b"~x"), [bad(0, b"~"), out("x")]);
    assert_eq!(decode(b"~{~x"), [bad(2, b"~"), bad(3, b"x")]);
    assert_eq!(decode(b"~"), [bad(0, b"~")]);
    assert_eq!(decode(b"~{"), []);
    assert_eq!(decode(b"~{0"), [bad(2, b"0")]);
}

#[test]
fn gb_mode() {
    // A pair is two bytes, whatever the second.
    assert_eq!(decode(b"~{0\n"), [bad(2, b"0\n")]);
    assert_eq!(decode(b"~{0 ~}"), [bad(2, b"0 ")]);
    // ... so "~" after a lead byte is a trail (GBK B0FE), not an escape.
    assert_eq!(decode(b"~{0~}"), [out("\u{5265}"), bad(4, b"}")]);
    // A newline ends GB mode and is an error; "~\n" does not end it.
    assert_eq!(decode(b"~{\n0!"), [bad(2, b"\n"), out("0!")]);
    assert_eq!(decode(b"~{~\n0!"), [out("\u{554A}")]);
    assert_eq!(decode(b"~{\x1F\x80"), [bad(2, b"\x1F"), bad(3, b"\x80")]);
    assert_eq!(decode(b"\x80"), [bad(0, b"\x80")]);
}

#[test]
fn encoder() {
    assert_eq!(encode("a\u{554A}b~"), [Ev::Out(b"a~{0!~}b~~".to_vec())]);
    // No "~}" at the end.
    assert_eq!(encode("\u{554A}"), [Ev::Out(b"~{0!".to_vec())]);
    assert_eq!(encode("\u{554A}\n"), [Ev::Out(b"~{0!~}\n".to_vec())]);
    // GB mode is entered before the draft looks the code point up.
    assert_eq!(
        encode("a\u{1F600}"),
        [Ev::Out(b"a~{".to_vec()), Ev::Unmappable(1, '\u{1F600}')]
    );
    assert_eq!(
        encode_html(HZ_GB_2312, &["\u{1F600}"], 64),
        b"~{~}&#128512;".to_vec()
    );
}

#[test]
fn any_chunking_decodes_and_encodes_alike() {
    let alphabet = [b'~', b'{', b'}', b'\n', b'0', b'!', b' ', 0x7F, 0x20, 0x80];
    let chars = ['a', '~', '\n', '\u{554A}', '\u{1F600}', '\u{3000}'];
    check_chunking_without_oracle(HZ_GB_2312, &alphabet, &chars, 0, 7);
}
