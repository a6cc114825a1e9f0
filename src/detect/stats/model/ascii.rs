//! The ASCII letters of a text in a Latin model's language: the words
//! around a non-ASCII byte say which language it is (see `stats::AsciiFit`).

use super::{Model, BOUNDARY, UPPER};

/// ASCII classes of [`AsciiPairs`]: 0 a boundary, 1..=26 the letters a-z.
const ASCII_CLASSES: usize = 27;

/// A Latin model's cost of each pair of ASCII classes, from its bigram costs.
pub(super) fn ascii_costs(n: usize, costs: &[u8], map: &[u8]) -> Vec<u8> {
    let class = |a: usize| {
        if a == 0 {
            BOUNDARY as usize
        } else {
            (map[b'a' as usize + a - 1] & !UPPER) as usize
        }
    };
    let mut out = vec![0u8; ASCII_CLASSES * ASCII_CLASSES];
    for a in 0..ASCII_CLASSES {
        for b in 0..ASCII_CLASSES {
            if a != 0 || b != 0 {
                out[a * ASCII_CLASSES + b] = costs[class(a) * n + class(b)];
            }
        }
    }
    out
}

/// How often each pair of ASCII classes (a boundary or a letter, case
/// folded) follows another in the words that hold a non-ASCII byte (the
/// words around such a byte say which language, and so which encoding, it
/// is; "Hawa?aanse" is Dutch). The ASCII is the same in every
/// ASCII-compatible encoding, so this is counted once from the bytes, and
/// scored by every Latin model over the pairs it has (at most 729)
/// whatever the text's length.
pub(crate) struct AsciiPairs {
    /// (pair, count) of the pairs met, by pair.
    counts: Vec<(u16, u32)>,
}

impl AsciiPairs {
    pub fn new(bytes: &[u8]) -> AsciiPairs {
        let mut counts = vec![0u32; ASCII_CLASSES * ASCII_CLASSES];
        let mut word: Vec<usize> = Vec::with_capacity(32);
        // Only words with a high byte count: from one to the next, the
        // ASCII between is skipped eight bytes at a time.
        let mut from = 0;
        while from < bytes.len() {
            let high = from + super::ascii_run(&bytes[from..]);
            if high == bytes.len() {
                break;
            }
            // The word starts after the last boundary before its high byte.
            let start = bytes[from..high]
                .iter()
                .rposition(|&b| class(b) == Some(0))
                .map_or(from, |p| from + p + 1);
            from = start + count_word(&bytes[start..], &mut word, &mut counts);
        }
        let met = counts.iter().enumerate().filter(|&(_, &n)| n > 0);
        AsciiPairs {
            counts: met.map(|(i, &n)| (i as u16, n)).collect(),
        }
    }
}

/// The ASCII class of a byte: 0 a boundary, 1..=26 a letter; None for a
/// high byte.
fn class(b: u8) -> Option<usize> {
    match b {
        b'a'..=b'z' => Some((b - b'a') as usize + 1),
        b'A'..=b'Z' => Some((b - b'A') as usize + 1),
        0x80.. => None,
        _ => Some(0),
    }
}

/// Counts the pairs of the word `bytes` starts with (it holds a high byte,
/// and starts after a boundary or at the start of the text) into `counts`,
/// up to the boundary that ends it, included; returns how many bytes that
/// is. A pair with a high byte in it is the sketch's, not counted here.
fn count_word(bytes: &[u8], word: &mut Vec<usize>, counts: &mut [u32]) -> usize {
    word.clear();
    let mut high = false;
    // usize::MAX: after a non-ASCII byte.
    let mut prev = 0;
    let mut end = bytes.len();
    for (i, &b) in bytes.iter().enumerate() {
        let Some(class) = class(b) else {
            (high, prev) = (true, usize::MAX);
            continue;
        };
        if prev != usize::MAX && (prev | class) != 0 {
            word.push(prev * ASCII_CLASSES + class);
        }
        if class == 0 {
            end = i + 1;
            break;
        }
        prev = class;
    }
    if high {
        word.iter().for_each(|&i| counts[i] += 1);
    }
    end
}

impl Model {
    /// What the ASCII letters of a text cost in this model's language (None
    /// for a model that is not Latin).
    pub fn ascii_cost(&self, pairs: &AsciiPairs) -> Option<u32> {
        if self.ascii.is_empty() {
            return None;
        }
        let total = pairs
            .counts
            .iter()
            .map(|&(i, n)| n * self.ascii[i as usize] as u32)
            .sum();
        Some(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pairs as first counted: every byte walked, one word at a time.
    fn by_walk(bytes: &[u8]) -> Vec<(u16, u32)> {
        let mut counts = vec![0u32; ASCII_CLASSES * ASCII_CLASSES];
        let mut word: Vec<usize> = Vec::new();
        let (mut high, mut prev) = (false, 0);
        for &b in bytes {
            let Some(class) = class(b) else {
                (high, prev) = (true, usize::MAX);
                continue;
            };
            if prev != usize::MAX && (prev | class) != 0 {
                word.push(prev * ASCII_CLASSES + class);
            }
            if class == 0 {
                if high {
                    word.iter().for_each(|&i| counts[i] += 1);
                }
                (high, _) = (false, word.clear());
            }
            prev = class;
        }
        if high {
            word.iter().for_each(|&i| counts[i] += 1);
        }
        let met = counts.iter().enumerate().filter(|&(_, &n)| n > 0);
        met.map(|(i, &n)| (i as u16, n)).collect()
    }

    /// Skipping the words with no high byte counts what walking them does.
    #[test]
    fn skipping_ascii_words_counts_the_same() {
        let mut inputs: Vec<Vec<u8>> = vec![
            b"".to_vec(),
            b"Hawa\xefaanse eilanden, de \xe9\xe9n Ab\xe9c-d\xe9f\n".to_vec(),
            b"\xe9start and end\xe9".to_vec(),
            b"plain ascii only".to_vec(),
            b"x \xe9\xe9 y".repeat(5),
        ];
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for len in [7usize, 64, 500, 3000] {
            let v = (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    match x % 23 {
                        0 => 0x80 | (x >> 32) as u8,
                        1..=3 => b" .,-"[(x % 4) as usize],
                        _ => b"etaoinshrdluETAOINQZ"[((x >> 8) % 20) as usize],
                    }
                })
                .collect();
            inputs.push(v);
        }
        for input in &inputs {
            assert_eq!(AsciiPairs::new(input).counts, by_walk(input), "{input:?}");
        }
    }
}
