//! EucJp.
#![allow(dead_code, unused_imports)]
use super::{RawDecoderResult, RawEncoderResult, RawMalformed};

/// Decoder (not yet implemented).
pub(crate) struct EucJpDecoder;

impl EucJpDecoder {
    pub fn decode(
        &mut self,
        _src: &[u8],
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawDecoderResult, usize, usize) {
        unimplemented!("EucJpDecoder")
    }
}

/// Encoder (not yet implemented).
pub(crate) struct EucJpEncoder;

impl EucJpEncoder {
    pub fn encode(
        &mut self,
        _src: &str,
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        unimplemented!("EucJpEncoder")
    }
}
impl EucJpDecoder {
    pub fn new() -> Self {
        EucJpDecoder
    }
}
