//! Reading the committed models (`indexes/detect/models.bin`, written by
//! the generator): each model's name, kind and tables, and what is worked
//! out from them once per process.

use super::{
    ascii_costs, class_map, costs, Kind, Model, BOUNDARY, FOREIGN_ASCII, FOREIGN_WORD_COST,
};

/// The models in `data`, in their order there.
pub(super) fn parse(data: &'static [u8]) -> Vec<Model> {
    assert_eq!(&data[..4], b"WDM3", "models.bin: bad magic");
    let at = std::cell::Cell::new(5);
    let take = |n: usize| {
        let s = &data[at.get()..at.get() + n];
        at.set(at.get() + n);
        s
    };
    (0..data[4])
        .map(|_| {
            let len = take(1)[0] as usize;
            let name = std::str::from_utf8(take(len)).expect("models.bin: name");
            let mut latin = false;
            let mut cyrillic = false;
            let kind = match take(1)[0] {
                0 => {
                    let len = take(1)[0] as usize;
                    let letters = std::str::from_utf8(take(len)).expect("models.bin: alphabet");
                    let alphabet: Vec<u32> = letters.chars().map(u32::from).collect();
                    let count = alphabet.len();
                    latin = alphabet.contains(&(b'a' as u32));
                    cyrillic = alphabet.contains(&('а' as u32));
                    let n = count + FOREIGN_ASCII as usize + 1;
                    let (mut costs, used) = unpack7(&data[at.get()..], n * n);
                    take(used);
                    if !latin {
                        let at = BOUNDARY as usize * n + FOREIGN_ASCII as usize;
                        costs[at] = costs[at].min(FOREIGN_WORD_COST);
                    }
                    Kind::Bigram {
                        n,
                        costs,
                        map: class_map(&alphabet),
                    }
                }
                _ => {
                    let count = u16::from_le_bytes([take(1)[0], take(1)[0]]) as usize;
                    let (entries, used) = unigrams(&data[at.get()..], count);
                    take(used);
                    Kind::Unigram { entries }
                }
            };
            let ascii = match &kind {
                Kind::Bigram { n, costs, map } if latin => ascii_costs(*n, costs, map),
                _ => Vec::new(),
            };
            let walk = match &kind {
                Kind::Bigram { n, costs, .. } => costs::walk_costs(*n, costs),
                Kind::Unigram { .. } => Vec::new(),
            };
            let least = match &kind {
                Kind::Bigram { n, .. } => costs::column_least(*n, &walk),
                Kind::Unigram { .. } => Vec::new(),
            };
            Model {
                name,
                latin,
                cyrillic,
                kind,
                ascii,
                walk,
                least,
            }
        })
        .collect()
}

/// `count` unigram entries from the start of `data`, and the bytes they
/// took (generate.py): their costs (in 7 bits, `unpack7`), then each code
/// point's step from the one before (0: the code point is in the third
/// run, as a u24).
pub(super) fn unigrams(data: &[u8], count: usize) -> (Vec<(u32, u8)>, usize) {
    let (costs, packed) = unpack7(data, count);
    let (steps, rest) = data[packed..].split_at(count);
    let mut far = rest.chunks_exact(3);
    let mut code_point = 0;
    let entries = costs
        .iter()
        .zip(steps)
        .map(|(&cost, &step)| {
            code_point = match step {
                0 => {
                    let c = far.next().expect("models.bin: unigram code point");
                    u32::from_le_bytes([c[0], c[1], c[2], 0])
                }
                _ => code_point + u32::from(step),
            };
            (code_point, cost)
        })
        .collect();
    let used = data.len() - far.remainder().len() - far.len() * 3;
    (entries, used)
}

/// `count` costs of 7 bits each from the start of `data` (generate.py's
/// `pack7`: cost k is bits 7k..7k+6 of the little-endian stream), and the
/// bytes they took. Once per process (about 70,000 costs), eight at a time:
/// seven bytes read as a word and spread into eight by three mask-and-shift
/// steps, two words to a vector on x86_64 (about 1.2 instructions a cost).
pub(super) fn unpack7(data: &[u8], count: usize) -> (Vec<u8>, usize) {
    let used = (7 * count).div_ceil(8);
    let mut out = vec![0; count.next_multiple_of(8)];
    #[cfg(target_arch = "x86_64")]
    let done = spread_pairs(data, &mut out);
    #[cfg(not(target_arch = "x86_64"))]
    let done = 0;
    for (g, eight) in out.chunks_exact_mut(8).enumerate().skip(done) {
        let mut word = [0; 8];
        let bytes = &data[7 * g..used.min(7 * g + 7)];
        word[..bytes.len()].copy_from_slice(bytes);
        eight.copy_from_slice(&spread(u64::from_le_bytes(word)).to_le_bytes());
    }
    out.truncate(count);
    (out, used)
}

/// Eight 7-bit fields (the low 56 bits of `x`) in the eight bytes.
fn spread(x: u64) -> u64 {
    let x = (x & 0x0FFF_FFFF) | (x & 0x00FF_FFFF_F000_0000) << 4;
    let x = (x & 0x0000_3FFF_0000_3FFF) | (x & 0x0FFF_C000_0FFF_C000) << 2;
    (x & 0x007F_007F_007F_007F) | (x & 0x3F80_3F80_3F80_3F80) << 1
}

/// `spread` on two groups at a time while both can be read as whole words:
/// how many groups of eight it wrote.
#[cfg(target_arch = "x86_64")]
fn spread_pairs(data: &[u8], out: &mut [u8]) -> usize {
    use std::arch::x86_64::*;
    let mut g = 0;
    while 7 * g + 15 <= data.len() && 8 * g + 16 <= out.len() {
        // SAFETY: SSE2 is part of x86_64. The loads read data[7g..7g+15]
        // and the store writes out[8g..8g+16], in bounds by the loop's test.
        unsafe {
            let at = data.as_ptr().add(7 * g);
            let x = _mm_unpacklo_epi64(
                _mm_loadl_epi64(at.cast()),
                _mm_loadl_epi64(at.add(7).cast()),
            );
            let mask = |m: u64| _mm_set1_epi64x(m as i64);
            let x = _mm_or_si128(
                _mm_and_si128(x, mask(0x0FFF_FFFF)),
                _mm_slli_epi64::<4>(_mm_and_si128(x, mask(0x00FF_FFFF_F000_0000))),
            );
            let x = _mm_or_si128(
                _mm_and_si128(x, mask(0x0000_3FFF_0000_3FFF)),
                _mm_slli_epi64::<2>(_mm_and_si128(x, mask(0x0FFF_C000_0FFF_C000))),
            );
            let x = _mm_or_si128(
                _mm_and_si128(x, mask(0x007F_007F_007F_007F)),
                _mm_slli_epi64::<1>(_mm_and_si128(x, mask(0x3F80_3F80_3F80_3F80))),
            );
            _mm_storeu_si128(out.as_mut_ptr().add(8 * g).cast(), x);
        }
        g += 2;
    }
    g
}
