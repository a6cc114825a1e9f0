//! Big5.
#![allow(dead_code, unused_imports)]
use super::{RawDecoderResult, RawEncoderResult, RawMalformed};

/// Decoder (not yet implemented).
pub(crate) struct Big5Decoder;

impl Big5Decoder {
    pub fn decode(
        &mut self,
        _src: &[u8],
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawDecoderResult, usize, usize) {
        unimplemented!("Big5Decoder")
    }
}

/// Encoder (not yet implemented).
pub(crate) struct Big5Encoder;

impl Big5Encoder {
    pub fn encode(
        &mut self,
        _src: &str,
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        unimplemented!("Big5Encoder")
    }
}
impl Big5Decoder {
    pub fn new() -> Self {
        Big5Decoder
    }
}
