//! ISO-2022-JP.
#![allow(dead_code, unused_imports)]
use super::{RawDecoderResult, RawEncoderResult, RawMalformed};

/// Decoder (not yet implemented).
pub(crate) struct Iso2022JpDecoder;

impl Iso2022JpDecoder {
    pub fn decode(
        &mut self,
        _src: &[u8],
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawDecoderResult, usize, usize) {
        unimplemented!("Iso2022JpDecoder")
    }
}

/// Encoder (not yet implemented).
pub(crate) struct Iso2022JpEncoder;

impl Iso2022JpEncoder {
    pub fn encode(
        &mut self,
        _src: &str,
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        unimplemented!("Iso2022JpEncoder")
    }
}
impl Iso2022JpDecoder {
    pub fn new() -> Self {
        Iso2022JpDecoder
    }
}
impl Iso2022JpEncoder {
    pub fn new() -> Self {
        Iso2022JpEncoder
    }
}
