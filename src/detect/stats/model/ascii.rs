//! The ASCII letters of a text in a Latin model's language: the words
//! around a non-ASCII byte say which language it is (see `stats::AsciiFit`).

use super::{models, Model, BOUNDARY, UPPER};
use std::sync::OnceLock;

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

    /// How many pairs were counted: in the near words, and in the far ones.
    pub fn counts(&self) -> [u32; 2] {
        let total = |c: &[(u16, u32)]| c.iter().map(|&(_, n)| n).sum();
        [total(&self.near), total(&self.far)]
    }
}

/// The counts of [`AsciiPairs`] as the bytes arrive: the detector's
/// checkpoints each feed only the bytes new since the last one.
pub(crate) struct AsciiTally {
    /// How often each pair of classes (the previous byte's class times
    /// STRIDE plus this one's, HIGH included) is in the words that hold a
    /// high byte, and in all the others counted so far (the current
    /// word's pairs are in `far` until its end shows where they belong).
    /// Every byte counts a pair, as one step with no branch: the pairs
    /// with a high byte or of two boundaries are left out at the end.
    near: Box<[u32; CELLS]>,
    far: Box<[u32; CELLS]>,
    /// The current word's bytes from earlier calls (a word is every byte
    /// after a boundary up to the next boundary, that one included).
    word: Vec<u8>,
    /// The current word holds a high byte.
    high: bool,
    /// The previous byte's class.
    prev: u8,
}

/// The class of a byte in [`AsciiPairs`]: 0 a boundary, 1..=26 a letter
/// (case folded), HIGH a non-ASCII byte (its pairs are the sketch's).
const CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        class[b] = match b as u8 {
            b'a'..=b'z' => b as u8 - b'a' + 1,
            b'A'..=b'Z' => b as u8 - b'A' + 1,
            0x80.. => HIGH,
            _ => 0,
        };
        b += 1;
    }
    class
};
const HIGH: u8 = ASCII_CLASSES as u8;
/// A pair's cell in [`AsciiTally`]'s counts: `prev * STRIDE + class`.
const STRIDE: usize = 32;
const CELLS: usize = STRIDE * STRIDE;

/// Calls `f` with the cell of each pair of `bytes` (after a byte of class
/// `prev`); returns the last byte's class.
fn cells(bytes: &[u8], mut prev: u8, mut f: impl FnMut(usize)) -> u8 {
    for &b in bytes {
        let class = CLASS[b as usize];
        f((prev as usize * STRIDE + class as usize) % CELLS);
        prev = class;
    }
    prev
}

impl Default for AsciiTally {
    fn default() -> AsciiTally {
        AsciiTally {
            near: Box::new([0; CELLS]),
            far: Box::new([0; CELLS]),
            word: Vec::with_capacity(32),
            high: false,
            prev: 0,
        }
    }
}

impl AsciiTally {
    /// Counts `bytes`, the input's next ones: the same counts as one pass
    /// over all of it, however it is split. Each pair is counted in `far`
    /// at once; a word found to hold a high byte moves its pairs to `near`
    /// (walked again: few words in Latin text, few bytes in others).
    pub fn extend(&mut self, bytes: &[u8]) {
        let (mut prev, mut high) = (self.prev, self.high);
        let mut word_start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            let class = CLASS[b as usize];
            self.far[(prev as usize * STRIDE + class as usize) % CELLS] += 1;
            high |= class == HIGH;
            if class == 0 {
                if high {
                    let (near, far) = (&mut self.near, &mut self.far);
                    let mut to_near = |cell: usize| {
                        far[cell] -= 1;
                        near[cell] += 1;
                    };
                    let after = cells(&self.word, 0, &mut to_near);
                    cells(&bytes[word_start..=i], after, &mut to_near);
                    high = false;
                }
                self.word.clear();
                word_start = i + 1;
            }
            prev = class;
        }
        self.word.extend_from_slice(&bytes[word_start..]);
        (self.prev, self.high) = (prev, high);
    }

    /// The pairs of the bytes counted so far, as the end of a text: the
    /// last word counts when it holds a high byte, else it may be cut
    /// (left out).
    pub fn pairs(&self) -> AsciiPairs {
        let (mut near, mut far) = (self.near.clone(), self.far.clone());
        cells(&self.word, 0, |cell| {
            far[cell] -= 1;
            near[cell] += self.high as u32;
        });
        // Back to the pairs of two ASCII classes, (0, 0) left out.
        let pairs = |counts: &[u32; CELLS]| -> Vec<u32> {
            let mut out = vec![0; ASCII_CLASSES * ASCII_CLASSES];
            for a in 0..ASCII_CLASSES {
                for b in (a == 0) as usize..ASCII_CLASSES {
                    out[a * ASCII_CLASSES + b] = counts[a * STRIDE + b];
                }
            }
            out
        };
        AsciiPairs {
            near: met(&pairs(&near)),
            far: met(&pairs(&far)),
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
    /// that is not Latin): one model's share of [`ascii_costs_of_all`],
    /// which the detector calls.
    #[cfg(test)]
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

/// [`Model::ascii_cost`] of every model at once (None for those that are
/// not Latin), in one pass over the pairs met: each pair's costs in all
/// the Latin models lie side by side (laid out once per process), so
/// every analysis sums rows instead of looking up each model's table.
pub(crate) fn ascii_costs_of_all(pairs: &AsciiPairs) -> Vec<Option<[u32; 2]>> {
    // The Latin models, and each pair's row of their costs.
    static ROWS: OnceLock<(Vec<usize>, Vec<u8>)> = OnceLock::new();
    let (latin, rows) = ROWS.get_or_init(|| {
        let all = models();
        let latin: Vec<usize> = (0..all.len())
            .filter(|&m| !all[m].ascii.is_empty())
            .collect();
        // Column by column: one plain copy per model.
        let mut rows = vec![0; ASCII_CLASSES * ASCII_CLASSES * latin.len()];
        for (i, &m) in latin.iter().enumerate() {
            for (row, &cost) in rows.chunks_exact_mut(latin.len()).zip(&all[m].ascii) {
                row[i] = cost;
            }
        }
        (latin, rows)
    });
    let width = latin.len();
    let sum = |counts: &[(u16, u32)]| {
        let mut total = vec![0u32; width];
        for &(pair, n) in counts {
            let row = &rows[pair as usize * width..][..width];
            for (t, &c) in total.iter_mut().zip(row) {
                *t += n * c as u32;
            }
        }
        total
    };
    let (near, far) = (sum(&pairs.near), sum(&pairs.far));
    let mut costs = vec![None; models().len()];
    for (i, &m) in latin.iter().enumerate() {
        costs[m] = Some([near[i], far[i]]);
    }
    costs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counts one word at a time (the pairs kept until the word's end
    /// says near or far): what [`AsciiTally`] must count, however fed.
    fn by_words(bytes: &[u8]) -> AsciiPairs {
        let mut near = vec![0u32; ASCII_CLASSES * ASCII_CLASSES];
        let mut far = near.clone();
        let (mut word, mut high, mut prev) = (Vec::new(), false, 0usize);
        for &b in bytes {
            let class = match b {
                b'a'..=b'z' => (b - b'a') as usize + 1,
                b'A'..=b'Z' => (b - b'A') as usize + 1,
                0x80.. => {
                    (high, prev) = (true, usize::MAX);
                    continue;
                }
                _ => 0,
            };
            if prev != usize::MAX && (prev | class) != 0 {
                word.push(prev * ASCII_CLASSES + class);
            }
            if class == 0 {
                let counts = if high { &mut near } else { &mut far };
                word.iter().for_each(|&i| counts[i] += 1);
                (high, _) = (false, word.clear());
            }
            prev = class;
        }
        if high {
            word.iter().for_each(|&i| near[i] += 1);
        }
        AsciiPairs {
            near: met(&near),
            far: met(&far),
        }
    }

    /// The pairs are counted with their repeats, a word's boundaries
    /// included: "fail" of "failà" is 4 near pairs (the accented letter
    /// ends the word's ASCII pairs), " x un mot " 2 + 3 + 4 far ones.
    #[test]
    fn pair_counts_are_near_and_far() {
        assert_eq!(AsciiPairs::new(b"fail\xe0 x un mot ").counts(), [4, 9]);
        assert_eq!(AsciiPairs::new(b"aa aa ").counts(), [0, 6]);
    }

    #[test]
    fn every_models_ascii_cost_at_once_is_its_own() {
        let text = b"Die Hawa\xefaanse taal, na\xefve caf\xe9 zo\xf1a und mehr Text".repeat(3);
        let pairs = AsciiPairs::new(&text);
        let all = ascii_costs_of_all(&pairs);
        let own: Vec<_> = models().iter().map(|m| m.ascii_cost(&pairs)).collect();
        assert_eq!(all, own);
        assert!(own.iter().flatten().count() > 10);
    }

    #[test]
    fn a_tally_in_pieces_counts_words_as_one_pass() {
        let mut seed = 7u32;
        let mut next = move || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 16) as u8
        };
        const ALPHABET: &[u8] = b"abcXYZ e .\xe9\x80";
        for len in [0, 1, 2, 5, 40, 300] {
            for _ in 0..30 {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| ALPHABET[next() as usize % ALPHABET.len()])
                    .collect();
                let want = by_words(&bytes);
                let cut = (next() as usize % (len + 1), next() as usize % (len + 1));
                let (a, b) = (cut.0.min(cut.1), cut.0.max(cut.1));
                let mut tally = AsciiTally::default();
                for piece in [&bytes[..a], &bytes[a..b], &bytes[b..]] {
                    tally.extend(piece);
                }
                let got = tally.pairs();
                assert_eq!(
                    (got.near, got.far),
                    (want.near, want.far),
                    "{bytes:?} {a} {b}"
                );
            }
        }
    }
}
