//! EUC-KR (Encoding Standard §13.1).

use super::multi_byte::{lead_decoder, Pairs};
use super::pair_encode::pair_encoder;
use super::shared::write_bmp;
use super::tables::{EUC_KR_BYTES, UTF8_EUC_KR};

/// Leads 0x81..=0xFE, trails 0x41..=0xFE (190 a row). Index EUC-KR has
/// nothing for lead 0xFE: the scalar loop finds those errors.
static PAIRS: Pairs = Pairs::new(&[(0x81, 0xFE)], &[(0x41, 0xFE)], &UTF8_EUC_KR);

/// The code point for two bytes, if they are a pair in index EUC-KR.
#[inline(always)]
fn decode_pair(lead: u8, byte: u8) -> Option<u32> {
    UTF8_EUC_KR.code_point(PAIRS.pointer(lead, byte))
}

lead_decoder!(
    /// The EUC-KR decoder.
    EucKrDecoder,
    EucKr,
    max_step: 3,
    pairs: &PAIRS,
    pair: |lead, byte, dst, w| Some(write_bmp(dst, w, decode_pair(lead, byte)?)),
);

pair_encoder!(
    /// The EUC-KR encoder is stateless.
    EucKrEncoder,
    EUC_KR_BYTES,
    |_, _| None
);

#[cfg(test)]
mod tests;
