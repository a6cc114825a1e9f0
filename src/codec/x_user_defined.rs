//! x-user-defined.
#![allow(dead_code, unused_imports)]
use super::{RawDecoderResult, RawEncoderResult, RawMalformed};

/// Decoder (not yet implemented).
pub(crate) struct XUserDefinedDecoder;

impl XUserDefinedDecoder {
    pub fn decode(
        &mut self,
        _src: &[u8],
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawDecoderResult, usize, usize) {
        unimplemented!("XUserDefinedDecoder")
    }
}

/// Encoder (not yet implemented).
pub(crate) struct XUserDefinedEncoder;

impl XUserDefinedEncoder {
    pub fn encode(
        &mut self,
        _src: &str,
        _dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        unimplemented!("XUserDefinedEncoder")
    }
}
