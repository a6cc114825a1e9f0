//! UTF-8.
#![allow(dead_code, unused_imports)]
use super::{RawDecoderResult, RawEncoderResult, RawMalformed};

/// Decoder (not yet implemented).
pub(crate) struct Utf8Decoder;

impl Utf8Decoder {
    pub fn decode(
        &mut self,
        _src: &[u8],
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawDecoderResult, usize, usize) {
        unimplemented!("Utf8Decoder")
    }
}

/// Encoder (not yet implemented).
pub(crate) struct Utf8Encoder;

impl Utf8Encoder {
    pub fn encode(
        &mut self,
        _src: &str,
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        unimplemented!("Utf8Encoder")
    }
}
impl Utf8Decoder {
    pub fn new() -> Self {
        Utf8Decoder
    }
}
