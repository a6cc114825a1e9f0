use super::*;
use crate::codec::test_support::*;
use crate::codec::ISO_2022_KR;

one_shot!(ISO_2022_KR);

#[test]
fn pairs_are_euc_kr_bytes_without_high_bits() {
    // EUC-KR B0A1 is U+AC00.
    assert_eq!(decode(b"\x1B$)Ca\x0E0!\x0Fb"), [out("a\u{AC00}b")]);
    assert_eq!(decode_pair(0x30, 0x21), Some(0xAC00));
    assert_eq!(encode_pair(0xAC00), Some([0x30, 0x21]));
    // U+AC02 is EUC-KR 8141 (Unified Hangul Code): no ISO-2022-KR form.
    assert_eq!(encode_pair(0xAC02), None);
    assert_eq!(decode_pair(0x7E, 0x7E), None); // EUC-KR FEFE is unmapped
}

#[test]
fn escape_sequences() {
    assert_eq!(decode(b"\x1B$)C"), []);
    assert_eq!(decode(b"\x1B$)Cx\x1B$)C"), [out("x")]);
    assert_eq!(decode(b"\x1Bx"), [bad(0, b"\x1B"), out("x")]);
    assert_eq!(decode(b"\x1B$x"), [bad(0, b"\x1B"), out("$x")]);
    assert_eq!(decode(b"\x1B$)x"), [bad(0, b"\x1B"), out("$)x")]);
    assert_eq!(decode(b"\x1B$)\x1B$)C"), [bad(0, b"\x1B"), out("$)")]);
    assert_eq!(decode(b"\x1B"), [bad(0, b"\x1B")]);
    assert_eq!(decode(b"\x1B$"), [bad(0, b"\x1B"), out("$")]);
    assert_eq!(decode(b"a\x1B$)"), [out("a"), bad(1, b"\x1B"), out("$)")]);
}

#[test]
fn shifts() {
    // SO needs no designation; SO and SI repeat harmlessly.
    assert_eq!(decode(b"\x0E\x0E0!\x0F\x0F"), [out("\u{AC00}")]);
    // SO mode ends at a newline, and need not end at the end.
    assert_eq!(decode(b"\x0E0!\n0!"), [out("\u{AC00}\n0!")]);
    assert_eq!(decode(b"\x0E0!"), [out("\u{AC00}")]);
    // A pair is two bytes, whatever the second.
    assert_eq!(decode(b"\x0E0\n0!"), [bad(1, b"0\n"), out("\u{AC00}")]);
    assert_eq!(decode(b"\x0E0"), [bad(1, b"0")]);
    assert_eq!(decode(b"\x0E\x1B$"), [bad(1, b"\x1B$")]);
    assert_eq!(decode(b"\x80"), [bad(0, b"\x80")]);
}

#[test]
fn encoder() {
    assert_eq!(encode(""), []);
    assert_eq!(encode("a"), [Ev::Out(b"\x1B$)Ca".to_vec())]);
    assert_eq!(
        encode("\u{AC00}\n\u{AC00}"),
        [Ev::Out(b"\x1B$)C\x0E0!\x0F\n\x0E0!\x0F".to_vec())]
    );
    // ESC, SO and SI are written as they are.
    assert_eq!(encode("\x1B\x0E"), [Ev::Out(b"\x1B$)C\x1B\x0E".to_vec())]);
    assert_eq!(
        encode("a\u{AC02}"),
        [
            Ev::Out(b"\x1B$)Ca\x0E".to_vec()),
            Ev::Unmappable(1, '\u{AC02}'),
            Ev::Out(vec![SI]),
        ]
    );
    assert_eq!(
        encode_html(ISO_2022_KR, &["\u{AC02}"], 64),
        b"\x1B$)C\x0E\x0F&#44034;".to_vec()
    );
}

#[test]
fn any_chunking_decodes_and_encodes_alike() {
    let alphabet = [ESC, b'$', b')', b'C', SO, SI, b'\n', b'0', b'!', 0x80];
    let chars = ['a', '\n', '\u{AC00}', '\u{AC02}', '\u{1B}'];
    check_chunking_without_oracle(ISO_2022_KR, &alphabet, &chars, 1, 11);
}
