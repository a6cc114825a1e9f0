//! Reading the committed models (`indexes/detect/models.bin`, written by
//! the generator): each model's name, kind and tables, and what is worked
//! out from them once per process.

use super::{
    ascii_costs, class_map, costs, Kind, Model, BOUNDARY, FOREIGN_ASCII, FOREIGN_WORD_COST,
};

/// The models in `data`, in their order there.
pub(super) fn parse(data: &'static [u8]) -> Vec<Model> {
    assert_eq!(&data[..4], b"WDM1", "models.bin: bad magic");
    let mut at = 5;
    let mut take = |n: usize| {
        let s = &data[at..at + n];
        at += n;
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
                    let count = take(1)[0] as usize;
                    let alphabet: Vec<u32> = take(count * 4)
                        .chunks(4)
                        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                        .collect();
                    latin = alphabet.contains(&(b'a' as u32));
                    cyrillic = alphabet.contains(&('а' as u32));
                    let n = count + FOREIGN_ASCII as usize + 1;
                    let mut costs = take(n * n).to_vec();
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
                    let entries = take(count * 4)
                        .chunks(4)
                        .map(|c| (u32::from_le_bytes([c[1], c[2], c[3], 0]), c[0]))
                        .collect();
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
