//! The single-byte encodings.
#![allow(dead_code, unused_imports)]
use super::tables::SingleByteTable;
use super::{RawDecoderResult, RawEncoderResult, RawMalformed};

/// Decoder (not yet implemented).
pub(crate) struct SingleByteDecoder;

impl SingleByteDecoder {
    pub fn decode(
        &mut self,
        _src: &[u8],
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawDecoderResult, usize, usize) {
        unimplemented!("SingleByteDecoder")
    }
}

/// Encoder (not yet implemented).
pub(crate) struct SingleByteEncoder;

impl SingleByteEncoder {
    pub fn encode(
        &mut self,
        _src: &str,
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        unimplemented!("SingleByteEncoder")
    }
}
impl SingleByteDecoder {
    pub fn new(_t: &'static SingleByteTable) -> Self {
        SingleByteDecoder
    }
}
impl SingleByteEncoder {
    pub fn new(_t: &'static SingleByteTable) -> Self {
        SingleByteEncoder
    }
}
