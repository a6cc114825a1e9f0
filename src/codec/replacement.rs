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
        for last in [false, true] {
            let nothing = (RawDecoderResult::InputEmpty, 0, 0);
            assert_eq!(d.decode(&[], &mut dst, last), nothing);
        }
    }

    #[test]
    fn one_error_for_the_whole_stream() {
        let mut d = ReplacementDecoder::new();
        let mut dst = [0u8; 16];
        let error = |b: u8| RawDecoderResult::Malformed(RawMalformed::new(&[b], 0));
        let empty = RawDecoderResult::InputEmpty;
        // (input, last, result, bytes read), call after call; nothing is
        // ever written.
        let calls: [(&[u8], bool, RawDecoderResult, usize); 6] = [
            (b"", false, empty, 0),
            (b"ABC", false, error(0x41), 1),
            (b"BC", false, empty, 2),
            (b"\xFFxyz", true, empty, 4),
            // Reset by the end of the stream.
            (b"\x1B", true, error(0x1B), 1),
            (b"", true, empty, 0),
        ];
        for (src, last, result, read) in calls {
            let got = d.decode(src, &mut dst, last);
            assert_eq!(got, (result, read, 0), "{src:02X?}");
        }
        assert_eq!(d.decode(b"z", &mut dst, true).0, error(b'z'));
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
