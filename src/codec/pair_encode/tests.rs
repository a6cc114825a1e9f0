//! The double-byte encoders' loop against encoding_rs: its fast loop (which
//! needs 16 bytes of input and output) at every offset and in random texts
//! long enough to reach it, cut into random chunks and output buffers.

use crate::codec::test_support::*;
use crate::codec::{Encoding, BIG5, EUC_JP, EUC_KR, GB18030, GBK, MIN_OUTPUT_BUFFER, SHIFT_JIS};

const ENCODINGS: [&Encoding; 6] = [SHIFT_JIS, EUC_JP, EUC_KR, BIG5, GBK, GB18030];

/// Characters every kind of step meets: three-byte CJK of each script (some
/// unmappable in each encoding), two-byte ones (mapped in some: `·`, `°`,
/// Cyrillic; unmappable in others: `é`, Arabic), astral ones (Big5 has
/// `𠀋`'s neighbours), the euro (GBK's one byte), U+E5E5 (gb18030's refusal),
/// a side-table code point, U+FFFF, Shift_JIS's `¥`, `‾`, `−`, half-width
/// katakana.
const OTHERS: &str = "中文字體한국어가ひらがなカタカナ·°Жжé\u{627}\u{2000B}\u{20AC}\u{E5E5}\u{E78D}\u{FFFF}\u{A5}\u{203E}\u{2212}\u{FF76}\u{1F600}\u{3000}";

/// ASCII pieces: markup, words, one space.
const ASCII: [&str; 5] = ["<a href=\"x\">", " ", "word", "0123456789abcdefghij", "\n"];

/// encoding_rs's html-mode bytes for `text`.
fn oracle(enc: &'static Encoding, text: &str) -> Vec<u8> {
    let oracle = encoding_rs::Encoding::for_label(enc.name().as_bytes()).unwrap();
    oracle.encode(text).0.into_owned()
}

/// `text` cut at `cuts` (moved back to character boundaries).
fn chunks<'a>(text: &'a str, cuts: &[usize]) -> Vec<&'a str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    for &cut in cuts {
        let mut at = cut.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        if at > start {
            pieces.push(&text[start..at]);
            start = at;
        }
    }
    pieces.push(&text[start..]);
    pieces
}

/// `text` in html mode, whole and cut at `cuts` into a `dst_len` buffer,
/// against encoding_rs; and fatal mode whole against cut.
fn check(enc: &'static Encoding, text: &str, cuts: &[usize], dst_len: usize) {
    let expected = oracle(enc, text);
    assert_eq!(
        encode_html(enc, &[text], 1024),
        expected,
        "{} {text:?}",
        enc.name()
    );
    let pieces = chunks(text, cuts);
    assert_eq!(
        encode_html(enc, &pieces, dst_len),
        expected,
        "{} {text:?} in {pieces:?} into {dst_len}",
        enc.name()
    );
    assert_eq!(
        encode_fatal(enc, &pieces, dst_len),
        encode_fatal(enc, &[text], 1024),
        "{} fatal {text:?} in {pieces:?}",
        enc.name()
    );
}

#[test]
fn every_character_at_every_offset() {
    // Each character at offsets 0..20 of ASCII, and of CJK text.
    for enc in ENCODINGS {
        for c in OTHERS.chars() {
            for at in 0..20 {
                let ascii = format!("{}{c}{}", "a".repeat(at), "b".repeat(20 - at));
                check(enc, &ascii, &[], 1024);
                let cjk = format!("{}{c}{}", "中".repeat(at / 3), "日".repeat(14));
                check(enc, &cjk, &[], 1024);
            }
        }
    }
}

#[test]
fn random_pages_in_random_pieces() {
    let chars: Vec<char> = OTHERS.chars().collect();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for case in 0..400 {
        let enc = ENCODINGS[case % ENCODINGS.len()];
        let mut text = String::new();
        for _ in 0..rng.below(40) {
            match rng.below(3) {
                0 => text.push_str(ASCII[rng.below(ASCII.len())]),
                _ => text.push(chars[rng.below(chars.len())]),
            }
        }
        let cuts = rng.cuts(text.len());
        let dst_len = MIN_OUTPUT_BUFFER + rng.below(40);
        check(enc, &text, &cuts, dst_len);
    }
}

#[test]
fn lone_spaces_between_characters_at_every_end() {
    // The three-byte run takes a lone ASCII byte before another character
    // (Korean's spaces): at every end of the input and of the output, and
    // before an unmappable character and a two-byte one.
    let text = "화성은 태양계의 네 번째 행성이다 中 文 日本語 \u{2713} é 가";
    for enc in ENCODINGS {
        for dst_len in MIN_OUTPUT_BUFFER..MIN_OUTPUT_BUFFER + 24 {
            for cut in (0..text.len()).step_by(5) {
                check(enc, text, &[cut], dst_len);
            }
        }
    }
}
