//! EUC-KR (Encoding Standard §13.1).

use super::multi_byte::{HotPairs, LeadDecoder, LeadRules};
use super::shared::{offsets, pair_encoder, write_bmp};
use super::simd::PairShape;
use super::tables::{index_code_point, EUC_KR_BYTES, UTF8_EUC_KR};

/// Marks an invalid lead or trail in the pointer tables below: any sum
/// involving it is past the end of index EUC-KR.
const NO: u16 = 0x8000;

/// Lead byte -> `(lead - 0x81) * 190`, or [`NO`].
static LEAD: [u16; 256] = offsets(0x81, 0xFE, 190, NO);

/// Trail byte -> `byte - 0x41`, or [`NO`].
static TRAIL: [u16; 256] = offsets(0x41, 0xFE, 1, NO);

/// The pointer for two bytes; past the end of index EUC-KR unless `lead`
/// is a lead byte and `byte` a trail byte.
#[inline(always)]
fn pointer(lead: u8, byte: u8) -> usize {
    usize::from(LEAD[lead as usize]) + usize::from(TRAIL[byte as usize])
}

/// The code point for two bytes, if they are a pair in index EUC-KR.
#[inline(always)]
fn decode_pair(lead: u8, byte: u8) -> Option<u32> {
    index_code_point(&UTF8_EUC_KR, pointer(lead, byte))
}

/// The vector kernel's pairs: leads 0x81..=0xFD (index EUC-KR has nothing
/// for lead 0xFE; the scalar loop finds those errors), trails 0x41..=0xFE.
static SHAPE: PairShape = PairShape::new(&[(0x81, 0xFD)], &[(0x41, 0xFE)], 190, &UTF8_EUC_KR);

/// EUC-KR's rules for [`LeadDecoder`].
pub(crate) struct EucKr;

/// The EUC-KR decoder.
pub(crate) type EucKrDecoder = LeadDecoder<EucKr>;

impl LeadRules for EucKr {
    const MAX_STEP: usize = 3;

    const SHAPE: &'static PairShape = &SHAPE;

    const HOT: HotPairs = HotPairs {
        lead: &LEAD,
        trail: &TRAIL,
        words: &UTF8_EUC_KR,
    };

    #[inline(always)]
    fn pair(lead: u8, byte: u8, dst: &mut [u8], w: usize) -> Option<usize> {
        Some(write_bmp(dst, w, decode_pair(lead, byte)?))
    }
}

pair_encoder!(
    /// The EUC-KR encoder is stateless.
    EucKrEncoder,
    EUC_KR_BYTES,
    |_, _| None
);

#[cfg(test)]
mod tests;
