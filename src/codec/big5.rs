//! Big5 (the standard's section 11.1).

use super::multi_byte::{
    hot_word, lead_rows, lead_step, lead_unless_80_or_ff, Call, MultiByte, NO_POINTER,
};
use super::shared::{encode_stateless, write_scalar};
use super::tables::{BIG5_BYTES, INDEX_BIG5, UTF8_BIG5};
use super::{RawDecoderResult, RawEncoderResult};

/// What a lead (0x81..=0xFE) and a trail decode to.
enum Pair {
    /// One code point from index Big5.
    One(u32),
    /// Pointers 1133, 1135, 1164 and 1166: U+00CA or U+00EA followed by
    /// U+0304 or U+030C, already as UTF-8.
    Two([u8; 4]),
    /// No code point: the error consumes the lead, and the trail too unless
    /// it is ASCII.
    None,
}

/// Trail byte -> its offset in a row of index Big5 (0..157), or 0xFF for
/// bytes that are not trails (outside 0x40..=0x7E and 0xA1..=0xFE).
static TRAIL: [u8; 256] = {
    let mut t = [0xFF; 256];
    let mut b = 0x40;
    while b <= 0xFE {
        if b <= 0x7E || b >= 0xA1 {
            t[b] = (b - if b < 0x7F { 0x40 } else { 0x62 }) as u8;
        }
        b += 1;
    }
    t
};

/// The hot loop's pointer parts: lead -> `(lead - 0x81) * 157` and trail ->
/// [`TRAIL`]'s offset, [`NO_POINTER`] where [`TRAIL`] has 0xFF.
static HOT_LEAD: [u16; 256] = lead_rows(157);
static HOT_TRAIL: [u16; 256] = {
    let mut t = [NO_POINTER; 256];
    let mut b = 0;
    while b < 256 {
        if TRAIL[b] != 0xFF {
            t[b] = TRAIL[b] as u16;
        }
        b += 1;
    }
    t
};

#[inline(always)]
fn pair(lead: u8, trail: u8) -> Pair {
    let trail = TRAIL[usize::from(trail)];
    if trail == 0xFF {
        return Pair::None;
    }
    let pointer = (usize::from(lead) - 0x81) * 157 + usize::from(trail);
    match INDEX_BIG5.get(pointer) {
        Some(&cp) if cp != 0 => Pair::One(cp),
        _ => match pointer {
            // Ê̄ Ê̌ ê̄ ê̌ (the index has no code point for these pointers)
            1133 => Pair::Two([0xC3, 0x8A, 0xCC, 0x84]),
            1135 => Pair::Two([0xC3, 0x8A, 0xCC, 0x8C]),
            1164 => Pair::Two([0xC3, 0xAA, 0xCC, 0x84]),
            1166 => Pair::Two([0xC3, 0xAA, 0xCC, 0x8C]),
            _ => Pair::None,
        },
    }
}

/// Writes a code point from index Big5 (not ASCII) as UTF-8.
#[inline(always)]
fn write_cp(dst: &mut [u8], pos: usize, cp: u32) -> usize {
    if (0x800..0x10000).contains(&cp) {
        dst[pos] = 0xE0 | (cp >> 12) as u8;
        dst[pos + 1] = 0x80 | ((cp >> 6) & 0x3F) as u8;
        dst[pos + 2] = 0x80 | (cp & 0x3F) as u8;
        pos + 3
    } else {
        write_scalar(dst, pos, cp)
    }
}

/// The Big5 decoder.
pub(crate) struct Big5Decoder {
    /// Big5 lead, taken from an earlier call (0 = none).
    lead: u8,
}

impl Big5Decoder {
    pub fn new() -> Self {
        Big5Decoder { lead: 0 }
    }
}

impl MultiByte for Big5Decoder {
    /// Two code points (Ê̄ and the like), or an astral one.
    const MAX_STEP: usize = 4;

    /// Pairs of index Big5 in the BMP.
    #[inline(always)]
    fn hot_pair(lead: u8, byte: u8) -> u32 {
        let pointer = usize::from(HOT_LEAD[usize::from(lead)]);
        hot_word(
            &UTF8_BIG5,
            pointer + usize::from(HOT_TRAIL[usize::from(byte)]),
        )
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
            |lead, byte, dst, w| match pair(lead, byte) {
                Pair::One(cp) => Some(write_cp(dst, w, cp)),
                Pair::Two(bytes) => {
                    dst[w..w + 4].copy_from_slice(&bytes);
                    Some(w + 4)
                }
                Pair::None => None,
            },
        )
    }
}

/// The Big5 encoder.
pub(crate) struct Big5Encoder;

impl Big5Encoder {
    pub fn encode(
        &mut self,
        src: &str,
        dst: &mut [u8],
        _last: bool,
    ) -> (RawEncoderResult, usize, usize) {
        encode_stateless::<2>(src, dst, |cp, out| {
            // The index's two bytes, precomputed by build.rs.
            out[..2].copy_from_slice(&BIG5_BYTES.bytes(cp)?);
            Some(2)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::gb18030::tests::{decode, decode_all, encode, rng};
    use crate::codec::{DecoderResult, EncoderResult, BIG5};

    fn ok(s: &str) -> (String, Vec<(u64, Vec<u8>)>) {
        (s.to_string(), vec![])
    }

    fn bytes_for(pointer: usize) -> [u8; 2] {
        let (lead, trail) = (pointer / 157 + 0x81, pointer % 157);
        [
            lead as u8,
            (trail + if trail < 0x3F { 0x40 } else { 0x62 }) as u8,
        ]
    }

    /// The inverse of [`bytes_for`].
    fn pointer_of([lead, trail]: [u8; 2]) -> usize {
        let offset = if trail < 0x7F { 0x40 } else { 0x62 };
        (usize::from(lead) - 0x81) * 157 + usize::from(trail) - offset
    }

    #[test]
    fn two_code_point_pointers() {
        let cases = [
            (1133, "\u{CA}\u{304}"),
            (1135, "\u{CA}\u{30C}"),
            (1164, "\u{EA}\u{304}"),
            (1166, "\u{EA}\u{30C}"),
        ];
        for (pointer, text) in cases {
            assert_eq!(
                INDEX_BIG5[pointer], 0,
                "the table, not the index, has pointer {pointer}"
            );
            let b = bytes_for(pointer);
            assert_eq!(decode_all(BIG5, &b), ok(text));
            assert_eq!(
                decode_all(BIG5, &[b'a', b[0], b[1], b'z']),
                ok(&format!("a{text}z"))
            );
            // Each half is its own code point; U+00CA and U+00EA are HKSCS.
            assert_eq!(encode(BIG5, text), Err(text.chars().next().unwrap()));
        }
        assert_eq!(
            decode_all(BIG5, b"\x88\x62\x88\x64\x88\xA3\x88\xA5"),
            ok("Ê̄Ê̌ê̄ê̌")
        );
    }

    #[test]
    fn hkscs_pointers_decode_but_are_not_produced() {
        // Pointer 1137 (0x88 0x66) is U+00CA, below (0xA1 - 0x81) * 157.
        assert_eq!(decode_all(BIG5, b"\x88\x66"), ok("\u{CA}"));
        assert_eq!(encode(BIG5, "\u{CA}"), Err('\u{CA}'));
        for (pointer, &cp) in INDEX_BIG5.iter().enumerate().take((0xA1 - 0x81) * 157) {
            let Some(c) = char::from_u32(cp).filter(|_| cp != 0) else {
                continue;
            };
            let b = bytes_for(pointer);
            assert_eq!(decode_all(BIG5, &b), ok(&c.to_string()));
            match BIG5_BYTES.bytes(cp) {
                Some(pair) => {
                    let p = pointer_of(pair);
                    assert_eq!(bytes_for(p), pair);
                    assert!(p >= 5024);
                    assert_eq!(INDEX_BIG5[p], cp);
                    assert_eq!(encode(BIG5, &c.to_string()), Ok(pair.to_vec()));
                }
                None => assert_eq!(encode(BIG5, &c.to_string()), Err(c)),
            }
        }
    }

    #[test]
    fn every_encodable_scalar_round_trips_with_the_right_pointer() {
        // The standard's "index Big5 pointer": the first pointer at or past
        // 5024, or the last one for six code points.
        let mut first = std::collections::HashMap::new();
        let mut last = std::collections::HashMap::new();
        for (p, &cp) in INDEX_BIG5
            .iter()
            .enumerate()
            .skip(5024)
            .filter(|&(_, &cp)| cp != 0)
        {
            first.entry(cp).or_insert(p);
            last.insert(cp, p);
        }
        let mut encoded = 0;
        for cp in 0x80..=0x10FFFF {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            let s = c.to_string();
            let uses_last = [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345].contains(&cp);
            let expected = if uses_last {
                last.get(&cp)
            } else {
                first.get(&cp)
            }
            .copied();
            if uses_last {
                assert_ne!(last[&cp], first[&cp]);
            }
            match expected {
                Some(p) => {
                    encoded += 1;
                    let b = bytes_for(p);
                    assert_eq!(encode(BIG5, &s), Ok(b.to_vec()), "{c:?}");
                    assert_eq!(decode(BIG5, &b, 0), ok(&s));
                }
                None => assert_eq!(encode(BIG5, &s), Err(c), "{c:?}"),
            }
        }
        assert!(encoded > 13000);
        assert_eq!(encode(BIG5, "\u{2910D}"), Ok(vec![0xFE, 0xFD]));
        assert_eq!(decode_all(BIG5, b"\xFE\xFD"), ok("\u{2910D}"));
    }

    #[test]
    fn errors() {
        let e = |b: &[u8]| vec![(0u64, b.to_vec())];
        assert_eq!(decode_all(BIG5, b"\x80"), ("\u{FFFD}".into(), e(b"\x80")));
        assert_eq!(
            decode_all(BIG5, b"\xFF\x40"),
            ("\u{FFFD}@".into(), e(b"\xFF"))
        );
        // An ASCII byte after a lead is read again.
        assert_eq!(
            decode_all(BIG5, b"\x81\x41"),
            ("\u{FFFD}A".into(), e(b"\x81"))
        );
        assert_eq!(
            decode_all(BIG5, b"\xA1\x7F"),
            ("\u{FFFD}\x7F".into(), e(b"\xA1"))
        );
        assert_eq!(
            decode_all(BIG5, b"\xA1\x22"),
            ("\u{FFFD}\"".into(), e(b"\xA1"))
        );
        assert_eq!(
            decode_all(BIG5, b"\xA1\xA0\x41"),
            ("\u{FFFD}A".into(), e(b"\xA1\xA0"))
        );
        assert_eq!(
            decode_all(BIG5, b"\xA1\x80"),
            ("\u{FFFD}".into(), e(b"\xA1\x80"))
        );
        assert_eq!(
            decode_all(BIG5, b"\xA1\xFF"),
            ("\u{FFFD}".into(), e(b"\xA1\xFF"))
        );
        // End of queue.
        assert_eq!(decode_all(BIG5, b"\xA1"), ("\u{FFFD}".into(), e(b"\xA1")));
        assert_eq!(
            decode_all(BIG5, b"ab\xA4"),
            ("ab\u{FFFD}".into(), vec![(2, vec![0xA4])])
        );
        assert_eq!(
            BIG5.decode_without_bom_handling(b"\xA4\xA4\xA4"),
            ("中\u{FFFD}".into(), true)
        );
        assert_eq!(
            decode_all(BIG5, b"\xA4\xA4\xA4\x40\xA1\x40"),
            ok("中一\u{3000}")
        );
    }

    #[test]
    fn encoder_basics() {
        assert_eq!(
            encode(BIG5, "中文 abc"),
            Ok(vec![0xA4, 0xA4, 0xA4, 0xE5, 0x20, 0x61, 0x62, 0x63])
        );
        assert_eq!(encode(BIG5, "\u{80}"), Err('\u{80}'));
        assert_eq!(encode(BIG5, "€"), Ok(vec![0xA3, 0xE1]));
        assert_eq!(BIG5.encode("a😀b"), Some((b"a&#128512;b".to_vec(), true)));
        let text = "中文 Big5 測試\u{2910D}€x";
        let whole = BIG5.encode(text).unwrap().0;
        for size in 2..12 {
            let mut e = BIG5.new_encoder().unwrap();
            let (mut out, mut rest, mut buf) = (Vec::new(), text, vec![0u8; size]);
            loop {
                let (r, read, w) = e.encode_without_replacement(rest, &mut buf, true);
                out.extend_from_slice(&buf[..w]);
                rest = &rest[read..];
                if r == EncoderResult::InputEmpty {
                    break;
                }
                assert_eq!(r, EncoderResult::OutputFull);
                assert!(read + w > 0);
            }
            assert_eq!(out, whole, "size {size}");
        }
    }

    #[test]
    fn chunking_does_not_matter() {
        const ALPHABET: [u8; 10] = [0x22, 0x41, 0x7F, 0x80, 0x81, 0x88, 0xA1, 0xA4, 0xFE, 0xFF];
        let mut inputs: Vec<Vec<u8>> = vec![vec![]];
        let mut frontier = inputs.clone();
        for _ in 0..4 {
            frontier = frontier
                .iter()
                .flat_map(|v| ALPHABET.iter().map(move |&b| [v.as_slice(), &[b]].concat()))
                .collect();
            inputs.extend(frontier.iter().cloned());
        }
        let text = "中文 Big5 測試\u{2910D}€x";
        let mut valid = BIG5.encode(text).unwrap().0;
        valid.extend_from_slice(b"\x88\x62\x88\xA5");
        let mut seed = 0x1234_5678_9ABC_DEF1;
        for _ in 0..2000 {
            let mut v = Vec::new();
            for _ in 0..rng(&mut seed) % 40 {
                match rng(&mut seed) % 4 {
                    0 => v.push(ALPHABET[(rng(&mut seed) % 10) as usize]),
                    1 => v.push(rng(&mut seed) as u8),
                    _ => {
                        let i = (rng(&mut seed) as usize) % valid.len();
                        v.extend_from_slice(&valid[i..(i + 3).min(valid.len())]);
                    }
                }
            }
            inputs.push(v);
        }
        for input in &inputs {
            let one = decode_all(BIG5, input);
            let (text, _) = &one;
            assert_eq!(BIG5.decode_without_bom_handling(input).0, *text);
        }
        let mut d = BIG5.new_decoder_without_bom_handling();
        let (r, read, w) = d.decode_without_replacement(b"\xA4", &mut [0; 16], false);
        assert_eq!((r, read, w), (DecoderResult::InputEmpty, 1, 0));
        let mut buf = [0u8; 16];
        let (r, read, w) = d.decode_without_replacement(b"\xA4", &mut buf, true);
        assert_eq!(
            (r, read, &buf[..w]),
            (DecoderResult::InputEmpty, 1, "中".as_bytes())
        );
    }
}
