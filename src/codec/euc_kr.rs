//! EucKr.
#![allow(dead_code, unused_imports)]
use super::{RawDecoderResult, RawEncoderResult, RawMalformed};

/// Decoder (not yet implemented).
pub(crate) struct EucKrDecoder;

impl EucKrDecoder {
    pub fn decode(
        &mut self,
        _src: &[u8],
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawDecoderResult, usize, usize) {
        unimplemented!("EucKrDecoder")
    }
}

/// Encoder (not yet implemented).
pub(crate) struct EucKrEncoder;

impl EucKrEncoder {
    pub fn encode(
        &mut self,
        _src: &str,
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        unimplemented!("EucKrEncoder")
    }
}
impl EucKrDecoder {
    pub fn new() -> Self {
        EucKrDecoder
    }
}
