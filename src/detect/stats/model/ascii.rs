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
/// folded) follows another: in the words that hold a non-ASCII byte
/// (`near`: the words around such a byte say which language, and so which
/// encoding, it is; "Hawa?aanse" is Dutch), and in the other words (`far`:
/// the rest of the text is in the same language, most of the time). The
/// ASCII is the same in every ASCII-compatible encoding, so this is counted
/// once from the bytes, and scored by every Latin model over the pairs met
/// (at most 729 each) whatever the text's length.
pub(crate) struct AsciiPairs {
    /// (pair, count) of the pairs met, by pair.
    near: Vec<(u16, u32)>,
    far: Vec<(u16, u32)>,
}

impl AsciiPairs {
    pub fn new(bytes: &[u8]) -> AsciiPairs {
        let mut tally = AsciiTally::default();
        tally.extend(bytes);
        tally.pairs()
    }
}

/// The counts of [`AsciiPairs`] as the bytes arrive: the detector's
/// checkpoints each feed only the bytes new since the last one.
pub(crate) struct AsciiTally {
    /// How often each pair is in the words counted so far, by pair.
    near: Vec<u32>,
    far: Vec<u32>,
    /// The current word's pairs, near or far once its end shows whether
    /// it holds a high byte (a last word without one may be cut: left out).
    word: Vec<usize>,
    high: bool,
    /// The previous byte's class; usize::MAX: a non-ASCII byte (that pair
    /// is the sketch's).
    prev: usize,
}

impl Default for AsciiTally {
    fn default() -> AsciiTally {
        AsciiTally {
            near: vec![0; ASCII_CLASSES * ASCII_CLASSES],
            far: vec![0; ASCII_CLASSES * ASCII_CLASSES],
            word: Vec::with_capacity(32),
            high: false,
            prev: 0,
        }
    }
}

impl AsciiTally {
    /// Counts `bytes`, the input's next ones: the same counts as one pass
    /// over all of it, however it is split.
    pub fn extend(&mut self, bytes: &[u8]) {
        for &b in bytes {
            let class = match b {
                b'a'..=b'z' => (b - b'a') as usize + 1,
                b'A'..=b'Z' => (b - b'A') as usize + 1,
                0x80.. => {
                    (self.high, self.prev) = (true, usize::MAX);
                    continue;
                }
                _ => 0,
            };
            if self.prev != usize::MAX && (self.prev | class) != 0 {
                self.word.push(self.prev * ASCII_CLASSES + class);
            }
            if class == 0 {
                let counts = if self.high {
                    &mut self.near
                } else {
                    &mut self.far
                };
                self.word.iter().for_each(|&i| counts[i] += 1);
                (self.high, _) = (false, self.word.clear());
            }
            self.prev = class;
        }
    }

    /// The pairs of the bytes counted so far, as the end of a text.
    pub fn pairs(&self) -> AsciiPairs {
        let mut near = self.near.clone();
        if self.high {
            self.word.iter().for_each(|&i| near[i] += 1);
        }
        AsciiPairs {
            near: met(&near),
            far: met(&self.far),
        }
    }
}

/// The pairs met, with their counts.
fn met(counts: &[u32]) -> Vec<(u16, u32)> {
    let met = counts.iter().enumerate().filter(|&(_, &n)| n > 0);
    met.map(|(i, &n)| (i as u16, n)).collect()
}

impl Model {
    /// What the ASCII letters of a text cost in this model's language, in
    /// the words with a non-ASCII byte and in the others (None for a model
    /// that is not Latin).
    pub fn ascii_cost(&self, pairs: &AsciiPairs) -> Option<[u32; 2]> {
        if self.ascii.is_empty() {
            return None;
        }
        let cost = |counts: &[(u16, u32)]| {
            let costs = counts
                .iter()
                .map(|&(i, n)| n * self.ascii[i as usize] as u32);
            costs.sum()
        };
        Some([cost(&pairs.near), cost(&pairs.far)])
    }
}
