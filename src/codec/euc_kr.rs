//! EUC-KR (Encoding Standard §13.1).

use super::multi_byte::{hot_word, lead_step, lead_unless_80_or_ff, Call, MultiByte};
use super::shared::{encode_stateless, write_bmp};
use super::tables::{EUC_KR_BYTES, INDEX_EUC_KR, UTF8_EUC_KR};
use super::{RawDecoderResult, RawEncoderResult};

/// Marks an invalid lead or trail in the pointer tables below: any sum
/// involving it is past the end of index EUC-KR.
const NO: u16 = 0x8000;

/// Lead byte -> `(lead - 0x81) * 190`, or [`NO`].
static LEAD: [u16; 256] = {
    let mut t = [NO; 256];
    let mut b = 0x81;
    while b <= 0xFE {
        t[b] = (b - 0x81) as u16 * 190;
        b += 1;
    }
    t
};

/// Trail byte -> `byte - 0x41`, or [`NO`].
static TRAIL: [u16; 256] = {
    let mut t = [NO; 256];
    let mut b = 0x41;
    while b <= 0xFE {
        t[b] = (b - 0x41) as u16;
        b += 1;
    }
    t
};

/// The pointer for two bytes; past the end of index EUC-KR unless `lead`
/// is a lead byte and `byte` a trail byte.
#[inline(always)]
fn pointer(lead: u8, byte: u8) -> usize {
    usize::from(LEAD[lead as usize]) + usize::from(TRAIL[byte as usize])
}

/// The code point for two bytes, if they are a pair in index EUC-KR.
#[inline(always)]
fn decode_pair(lead: u8, byte: u8) -> Option<u32> {
    match INDEX_EUC_KR.get(pointer(lead, byte)) {
        Some(&cp) if cp != 0 => Some(u32::from(cp)),
        _ => None,
    }
}

/// EUC-KR decoder state: the pending lead byte (0 = none).
pub(crate) struct EucKrDecoder {
    lead: u8,
}

impl EucKrDecoder {
    pub fn new() -> Self {
        EucKrDecoder { lead: 0 }
    }
}

impl MultiByte for EucKrDecoder {
    const MAX_STEP: usize = 3;

    #[inline(always)]
    fn hot_pair(lead: u8, byte: u8) -> u32 {
        hot_word(&UTF8_EUC_KR, pointer(lead, byte))
    }

    #[inline(always)]
    fn pending(&self) -> bool {
        self.lead != 0
    }

    #[inline]
    fn step(&mut self, call: &mut Call<'_>) -> Result<(), RawDecoderResult> {
        lead_step(
            &mut self.lead,
            call,
            lead_unless_80_or_ff,
            |lead, byte, dst, w| Some(write_bmp(dst, w, decode_pair(lead, byte)?)),
        )
    }
}

/// The EUC-KR encoder is stateless.
pub(crate) struct EucKrEncoder;

impl EucKrEncoder {
    pub fn encode(
        &mut self,
        src: &str,
        dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        encode_stateless::<2>(src, dst, |cp, out| {
            // The index's two bytes, precomputed by build.rs.
            out[..2].copy_from_slice(&EUC_KR_BYTES.bytes(cp)?);
            Some(2)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::shift_jis::test_support::*;
    use crate::codec::EUC_KR;

    fn decode(bytes: &[u8]) -> Vec<Ev> {
        decode_fatal(EUC_KR, &[bytes], 64)
    }

    fn encode(text: &str) -> Vec<Ev> {
        encode_fatal(EUC_KR, &[text], 64)
    }

    #[test]
    fn decoder() {
        assert_eq!(decode(b"\xB0\xA1 \xC7\xD1"), [out("가 한")]);
        // Pointer (0x81 - 0x81) * 190 + (0x41 - 0x41) = 0: U+AC02.
        assert_eq!(decode(b"\x81\x41"), [out("\u{AC02}")]);
        assert_eq!(decode(b"\xFE\xFE"), [Ev::Bad(0, vec![0xFE, 0xFE])]);
        assert_eq!(decode(b"\x81 "), [Ev::Bad(0, vec![0x81]), out(" ")]);
        assert_eq!(decode(b"\x81\xFF"), [Ev::Bad(0, vec![0x81, 0xFF])]);
        assert_eq!(
            decode(b"\x80\xFF"),
            [Ev::Bad(0, vec![0x80]), Ev::Bad(1, vec![0xFF])]
        );
        assert_eq!(decode(b"ab\xB0"), [out("ab"), Ev::Bad(2, vec![0xB0])]);
        let chunks: [&[u8]; 2] = [b"\xB0", b"\xA1"];
        assert_eq!(decode_fatal(EUC_KR, &chunks, 16), [out("가")]);
    }

    #[test]
    fn encoder() {
        assert_eq!(
            encode("a가한"),
            [Ev::Out(vec![b'a', 0xB0, 0xA1, 0xC7, 0xD1])]
        );
        assert_eq!(encode("\u{AC02}"), [Ev::Out(vec![0x81, 0x41])]);
        assert_eq!(encode("\u{FF0D}"), [Ev::Out(vec![0xA3, 0xAD])]);
        assert_eq!(encode("x\u{A5}"), [out("x"), Ev::Unmappable(1, '\u{A5}')]);
        assert_eq!(
            EUC_KR.encode("\u{1F600}").unwrap(),
            (b"&#128512;".to_vec(), true)
        );
    }

    #[test]
    fn any_chunking_decodes_alike() {
        let alphabet = [
            0x81, 0x41, 0x5A, 0x61, 0x80, 0xA0, 0xA1, 0xB0, 0xC7, 0xC8, 0xD1, 0xFE, 0xFF, 0x20,
        ];
        fuzz_decode(EUC_KR, &alphabet, 20_000);
    }

    #[test]
    fn any_chunking_encodes_alike() {
        let alphabet = [
            'a',
            '가',
            '한',
            '\u{AC02}',
            '\u{A5}',
            '\u{3042}',
            '\u{1F600}',
        ];
        fuzz_encode(EUC_KR, &alphabet, 5_000);
    }
}
