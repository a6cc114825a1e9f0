//! The standard's security rule: an ASCII byte is never swallowed by a
//! malformed sequence in an ASCII-compatible multi-byte decoder, so markup
//! such as `"` or `<` can't be hidden behind a stray lead byte. The only
//! exception is the standard's own gb18030 end-of-queue case, where a
//! truncated four-byte sequence at the very end of the input is one error.
//!
//! Checked exhaustively: every 2-byte input, and every non-ASCII byte followed
//! by any byte and then any ASCII byte.

use wenc::codec::*;

/// Multi-byte ASCII-compatible decoders. ISO-2022-JP is excluded: all of its
/// bytes are ASCII by design, and its escapes are the sequences in question.
fn multi_byte() -> Vec<&'static Encoding> {
    vec![UTF_8, GBK, GB18030, BIG5, EUC_JP, SHIFT_JIS, EUC_KR]
}

/// Decodes `input` in fatal mode and returns a description of the first
/// malformed sequence that consumed an ASCII byte, if any.
fn swallowed_ascii(decoder: &mut Decoder, input: &[u8], dst: &mut [u8]) -> Option<String> {
    let mut read = 0;
    loop {
        let (result, r, _) = decoder.decode_without_replacement(&input[read..], dst, true);
        read += r;
        match result {
            DecoderResult::InputEmpty => return None,
            DecoderResult::OutputFull => unreachable!("64 bytes always suffice here"),
            DecoderResult::Malformed(m) => {
                let end = m.offset as usize + m.bytes().len();
                let is_gb18030 = matches!(decoder.encoding().name(), "GBK" | "gb18030");
                let end_of_queue = is_gb18030 && end == input.len();
                if m.bytes().iter().any(|b| b.is_ascii()) && !end_of_queue {
                    return Some(format!(
                        "{input:02X?}: malformed {:02X?} at {}",
                        m.bytes(),
                        m.offset
                    ));
                }
            }
        }
    }
}

#[test]
fn no_malformed_sequence_swallows_an_ascii_byte() {
    let mut dst = [0u8; 64];
    for enc in multi_byte() {
        let mut failures = Vec::new();
        let mut check = |input: &[u8]| {
            let mut decoder = enc.new_decoder_without_bom_handling();
            if let Some(f) = swallowed_ascii(&mut decoder, input, &mut dst) {
                failures.push(f);
            }
        };
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                check(&[a, b]);
            }
        }
        for a in 0x80..=255u8 {
            for b in 0..=255u8 {
                for c in 0..0x80u8 {
                    check(&[a, b, c]);
                }
            }
        }
        assert!(
            failures.is_empty(),
            "{}: {} failures, e.g. {:?}",
            enc.name(),
            failures.len(),
            &failures[..failures.len().min(10)]
        );
    }
}

#[test]
fn gb18030_end_of_queue_is_the_only_exception() {
    // Truncated four-byte sequences at the end: one error that takes the
    // ASCII digit with it, as the standard says.
    let mut dst = [0u8; 64];
    let mut decoder = GB18030.new_decoder_without_bom_handling();
    let (result, _, _) = decoder.decode_without_replacement(&[0x81, 0x30], &mut dst, true);
    let DecoderResult::Malformed(m) = result else {
        panic!("{result:?}")
    };
    assert_eq!(m.bytes(), &[0x81, 0x30]);
    // Not at the end, the digit is read again.
    assert_eq!(
        GB18030.decode_without_bom_handling(&[0x81, 0x30, 0x41]).0,
        "\u{FFFD}0A"
    );
}
