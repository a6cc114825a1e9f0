use super::*;
use crate::codec::test_support::{family_decode, pieces};
use crate::codec::RawEncoderResult;

fn decode(input: &[u8], chunk: usize, dst_len: usize) -> Vec<u8> {
    let mut d = XUserDefinedDecoder;
    let decode = |src: &[u8], dst: &mut [u8], last| d.decode(src, dst, last);
    family_decode(&pieces(input, chunk), dst_len, decode, |_| {
        panic!("x-user-defined never fails")
    })
}

#[test]
fn decodes_high_bytes_to_the_private_use_area() {
    let all: Vec<u8> = (0..=255).collect();
    let expected: String = (0..=255u32)
        .map(|b| char::from_u32(if b < 0x80 { b } else { 0xF780 + b - 0x80 }).unwrap())
        .collect();
    for chunk in [1, 2, 7, 256] {
        for dst_len in [3, 4, 16, 1024] {
            assert_eq!(decode(&all, chunk, dst_len), expected.as_bytes());
        }
    }
    assert_eq!(decode(b"\x80\xFF", 2, 16), "\u{F780}\u{F7FF}".as_bytes());
}

#[test]
fn encodes_the_private_use_range_back() {
    let mut e = XUserDefinedEncoder;
    let mut dst = [0u8; 16];
    assert_eq!(
        e.encode("a\u{F780}\u{F7FF}b", &mut dst, true),
        (RawEncoderResult::InputEmpty, 8, 4)
    );
    assert_eq!(&dst[..4], b"a\x80\xFFb");
    // Outside U+F780..=U+F7FF: (text, the unmappable, bytes read, written).
    for (text, c, read, written) in [
        ("a\u{F77F}b", '\u{F77F}', 4, 1),
        ("\u{F800}", '\u{F800}', 3, 0),
        ("é", 'é', 2, 0),
    ] {
        let expected = (RawEncoderResult::Unmappable(c), read, written);
        assert_eq!(e.encode(text, &mut dst, true), expected, "{text:?}");
    }
    assert_eq!(
        e.encode("ab", &mut dst[..1], true),
        (RawEncoderResult::OutputFull, 1, 1)
    );
}
