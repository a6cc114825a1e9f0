//! ShiftJis.
#![allow(dead_code, unused_imports)]
use super::{RawDecoderResult, RawEncoderResult, RawMalformed};

/// Decoder (not yet implemented).
pub(crate) struct ShiftJisDecoder;

impl ShiftJisDecoder {
    pub fn decode(
        &mut self,
        _src: &[u8],
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawDecoderResult, usize, usize) {
        unimplemented!("ShiftJisDecoder")
    }
}

/// Encoder (not yet implemented).
pub(crate) struct ShiftJisEncoder;

impl ShiftJisEncoder {
    pub fn encode(
        &mut self,
        _src: &str,
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        unimplemented!("ShiftJisEncoder")
    }
}
impl ShiftJisDecoder {
    pub fn new() -> Self {
        ShiftJisDecoder
    }
}
