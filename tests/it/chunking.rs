//! Any chunking of the input, and any output buffer size from the minimum up,
//! gives the same output as one-shot conversion and as encoding_rs.

use crate::common;
use common::*;
use proptest::prelude::*;
use wenc::codec::{Encoding, MIN_OUTPUT_BUFFER};

/// Bytes biased towards what makes decoders change state: lead and trail
/// ranges, ESC sequences, surrogate halves, BOM bytes.
fn interesting_bytes() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        3 => any::<u8>(),
        2 => 0x80..=0xFFu8,
        1 => Just(0x1Bu8),
        1 => prop::sample::select(vec![b'(', b'$', b'B', b'J', b'I', b'@', b'D', 0x0A, 0x30, 0x39, 0x7E]),
        1 => prop::sample::select(vec![0xD8, 0xDC, 0xDF, 0xFE, 0xFF, 0x8E, 0x8F, 0x81, 0xA1]),
    ];
    prop::collection::vec(byte, 0..64)
}

fn cuts(max: usize) -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0..=max, 0..12).prop_map(|mut v| {
        v.sort_unstable();
        v.dedup();
        v
    })
}

fn any_encoding() -> impl Strategy<Value = &'static Encoding> {
    prop::sample::select(Encoding::all().collect::<Vec<_>>())
}

fn any_encoder() -> impl Strategy<Value = &'static Encoding> {
    prop::sample::select(encoders().collect::<Vec<_>>())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn chunked_decoding_matches_one_shot_and_encoding_rs(
        enc in any_encoding(),
        bytes in interesting_bytes(),
        cut_points in cuts(64),
        dst_len in MIN_OUTPUT_BUFFER..40usize,
    ) {
        let chunks = split_at(&bytes, &cut_points);
        let one_shot = wenc_decode_replacing(enc, &[&bytes], 1024);
        prop_assert_eq!(&one_shot, &oracle_decode_replacing(enc, &bytes));
        prop_assert_eq!(&wenc_decode_replacing(enc, &chunks, dst_len), &one_shot);
        let fatal = wenc_decode_fatal(enc, &chunks, dst_len);
        prop_assert_eq!(&fatal, &wenc_decode_fatal(enc, &[&bytes], 1024));
        prop_assert_eq!(&fatal, &oracle_decode_fatal(enc, &bytes));
    }

    #[test]
    fn chunked_encoding_matches_one_shot_and_encoding_rs(
        enc in any_encoder(),
        text in "[a-z\\\\~\u{1b}\u{a5}\u{203e}\u{80}-\u{ff}\u{3000}-\u{30ff}\u{4e00}-\u{4e80}\u{ac00}-\u{ac10}\u{ff61}-\u{ff9f}\u{e000}-\u{e010}\u{e5e5}\u{e7c7}\u{1f600}\u{20000}]{0,40}",
        cut_points in cuts(160),
        dst_len in MIN_OUTPUT_BUFFER..40usize,
    ) {
        let cut_points: Vec<usize> = cut_points.into_iter().filter(|&c| text.is_char_boundary(c.min(text.len()))).collect();
        let mut chunks = Vec::new();
        let mut start = 0;
        for c in cut_points.into_iter().filter(|&c| c > 0 && c < text.len()) {
            if c > start {
                chunks.push(&text[start..c]);
                start = c;
            }
        }
        chunks.push(&text[start..]);
        let one_shot = wenc_encode_html(enc, &[&text], 1024);
        prop_assert_eq!(&one_shot, &oracle_encode_html(enc, &text));
        prop_assert_eq!(&wenc_encode_html(enc, &chunks, dst_len), &one_shot);
        if !enc.name().starts_with("UTF-16") {
            let fatal = wenc_encode_fatal(enc, &chunks, dst_len);
            prop_assert_eq!(&fatal, &oracle_encode_fatal(enc, &text));
        }
    }
}
