//! Reading the committed models (`indexes/detect/models.bin`, written by
//! the generator): each model's name, kind and tables, and what is worked
//! out from them once per process.

use super::starts::REST;
use super::{
    ascii_costs, class_map, costs, Kind, Model, BOUNDARY, FOREIGN_ASCII, FOREIGN_WORD_COST,
};

/// The models in `data`, in their order there.
pub(super) fn parse(data: &'static [u8]) -> Vec<Model> {
    assert_eq!(&data[..4], b"WDM4", "models.bin: bad magic");
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
            let mut starts = Vec::new();
            let kind = match take(1)[0] {
                0 => {
                    let len = take(1)[0] as usize;
                    let letters = std::str::from_utf8(take(len)).expect("models.bin: alphabet");
                    let alphabet: Vec<u32> = letters.chars().map(u32::from).collect();
                    let count = alphabet.len();
                    let markless = FOREIGN_ASCII + take(1)[0];
                    latin = alphabet.contains(&(b'a' as u32));
                    cyrillic = alphabet.contains(&('а' as u32));
                    let n = count + FOREIGN_ASCII as usize + 1;
                    let mut costs = take(n * n).to_vec();
                    if !latin {
                        let at = BOUNDARY as usize * n + FOREIGN_ASCII as usize;
                        costs[at] = costs[at].min(FOREIGN_WORD_COST);
                    }
                    let class = |i: u8| i + FOREIGN_ASCII + 1;
                    for _ in 0..take(1)[0] {
                        let row = take(3);
                        starts.push((class(row[0]), REST, row[1] as i8));
                        for pair in take(2 * row[2] as usize).chunks_exact(2) {
                            starts.push((class(row[0]), class(pair[0]), pair[1] as i8));
                        }
                    }
                    Kind::Bigram {
                        n,
                        costs,
                        map: class_map(&alphabet),
                        markless,
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
                Kind::Bigram { n, costs, map, .. } if latin => ascii_costs(*n, costs, map),
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
                starts,
            }
        })
        .collect()
}

/// `count` unigram entries from the start of `data`, and the bytes they
/// took (generate.py): their costs, then each code point's step from the
/// one before (0: the code point is in the third run, as a u24).
pub(super) fn unigrams(data: &[u8], count: usize) -> (Vec<(u32, u8)>, usize) {
    let (costs, rest) = data.split_at(count);
    let (steps, rest) = rest.split_at(count);
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
