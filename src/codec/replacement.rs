//! The replacement encoding: any non-empty input is one error, then nothing.

use super::{Decoded, RawDecoderResult, RawMalformed};

/// The replacement decoder.
pub(crate) struct ReplacementDecoder {
    /// "replacement error returned".
    error_returned: bool,
}

impl ReplacementDecoder {
    pub fn new() -> Self {
        ReplacementDecoder {
            error_returned: false,
        }
    }

    pub fn decode(&mut self, src: &[u8], _dst: &mut [u8], last: bool) -> Decoded {
        match src.first() {
            Some(&b) if !self.error_returned => {
                // The first byte is the error; the rest of the stream is
                // consumed silently.
                self.error_returned = true;
                (
                    RawDecoderResult::Malformed(RawMalformed::new(&[b], 0)),
                    1,
                    0,
                )
            }
            _ => {
                if last {
                    self.error_returned = false;
                }
                (RawDecoderResult::InputEmpty, src.len(), 0)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_input_is_nothing() {
        let mut d = ReplacementDecoder::new();
        let mut dst = [0u8; 16];
        assert_eq!(
            d.decode(&[], &mut dst, false),
            (RawDecoderResult::InputEmpty, 0, 0)
        );
        assert_eq!(
            d.decode(&[], &mut dst, true),
            (RawDecoderResult::InputEmpty, 0, 0)
        );
    }

    #[test]
    fn one_error_for_the_whole_stream() {
        let mut d = ReplacementDecoder::new();
        let mut dst = [0u8; 16];
        assert_eq!(
            d.decode(&[], &mut dst, false),
            (RawDecoderResult::InputEmpty, 0, 0)
        );
        let m = RawMalformed::new(&[0x41], 0);
        assert_eq!(
            d.decode(b"ABC", &mut dst, false),
            (RawDecoderResult::Malformed(m), 1, 0)
        );
        assert_eq!(
            d.decode(b"BC", &mut dst, false),
            (RawDecoderResult::InputEmpty, 2, 0)
        );
        assert_eq!(
            d.decode(b"\xFFxyz", &mut dst, true),
            (RawDecoderResult::InputEmpty, 4, 0)
        );
        // Reset by the end of the stream.
        let m = RawMalformed::new(&[0x1B], 0);
        assert_eq!(
            d.decode(b"\x1B", &mut dst, true),
            (RawDecoderResult::Malformed(m), 1, 0)
        );
        assert_eq!(
            d.decode(&[], &mut dst, true),
            (RawDecoderResult::InputEmpty, 0, 0)
        );
        assert_eq!(
            d.decode(b"z", &mut dst, true).0,
            RawDecoderResult::Malformed(RawMalformed::new(b"z", 0))
        );
    }

    #[test]
    fn public_decode_gives_a_single_replacement_character() {
        use crate::codec::Encoding;
        let enc = Encoding::for_label(b"iso-2022-kr").unwrap();
        assert_eq!(
            enc.decode_without_bom_handling(b"\x1B$)C\x0E!!\x0F"),
            ("\u{FFFD}".to_string(), true)
        );
        assert_eq!(enc.decode_without_bom_handling(b""), (String::new(), false));
    }
}
