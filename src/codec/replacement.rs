//! The replacement encoding.
#![allow(dead_code, unused_imports)]
use super::{RawDecoderResult, RawEncoderResult, RawMalformed};

/// Decoder (not yet implemented).
pub(crate) struct ReplacementDecoder;

impl ReplacementDecoder {
    pub fn decode(
        &mut self,
        _src: &[u8],
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawDecoderResult, usize, usize) {
        unimplemented!("ReplacementDecoder")
    }
}
impl ReplacementDecoder {
    pub fn new() -> Self {
        ReplacementDecoder
    }
}
