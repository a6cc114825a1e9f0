//! GBK and gb18030.
#![allow(dead_code, unused_imports)]
use super::{RawDecoderResult, RawEncoderResult, RawMalformed};

/// Decoder (not yet implemented).
pub(crate) struct Gb18030Decoder;

impl Gb18030Decoder {
    pub fn decode(
        &mut self,
        _src: &[u8],
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawDecoderResult, usize, usize) {
        unimplemented!("Gb18030Decoder")
    }
}

/// Encoder (not yet implemented).
pub(crate) struct Gb18030Encoder;

impl Gb18030Encoder {
    pub fn encode(
        &mut self,
        _src: &str,
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        unimplemented!("Gb18030Encoder")
    }
}
impl Gb18030Decoder {
    pub fn new() -> Self {
        Gb18030Decoder
    }
}
impl Gb18030Encoder {
    pub fn new(_gbk: bool) -> Self {
        Gb18030Encoder
    }
}
