//! UTF-16BE and UTF-16LE.
#![allow(dead_code, unused_imports)]
use super::{RawDecoderResult, RawEncoderResult, RawMalformed};

/// Decoder (not yet implemented).
pub(crate) struct Utf16Decoder;

impl Utf16Decoder {
    pub fn decode(
        &mut self,
        _src: &[u8],
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawDecoderResult, usize, usize) {
        unimplemented!("Utf16Decoder")
    }
}

/// Encoder (not yet implemented).
pub(crate) struct Utf16Encoder;

impl Utf16Encoder {
    pub fn encode(
        &mut self,
        _src: &str,
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        unimplemented!("Utf16Encoder")
    }
}
impl Utf16Decoder {
    pub fn new(_be: bool) -> Self {
        Utf16Decoder
    }
}
impl Utf16Encoder {
    pub fn new(_be: bool) -> Self {
        Utf16Encoder
    }
}
