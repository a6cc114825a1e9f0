//! A bigram model's cost table as the byte walk reads it: the fixed
//! costs in place, and each column's least (see `bytes`).

use super::{BOUNDARY, SYMBOL, SYMBOL_COST, UNKNOWN, UNKNOWN_COST};

/// A bigram model's `n` x `n` costs with what `Walk::step` charges
/// whatever the previous class put in: an unknown character and a symbol
/// cost the same after anything, a boundary after a boundary nothing (the
/// previous class is never UNKNOWN or SYMBOL: the walk carries on after
/// them as after a boundary). One lookup then prices every step.
pub(super) fn walk_costs(n: usize, costs: &[u8]) -> Vec<u8> {
    let mut walk = costs.to_vec();
    for row in walk.chunks_exact_mut(n) {
        row[UNKNOWN as usize] = UNKNOWN_COST;
        row[SYMBOL as usize] = SYMBOL_COST;
    }
    walk[BOUNDARY as usize * n + BOUNDARY as usize] = 0;
    walk
}

/// The least of each column of `walk` (n x n): what a class costs at least,
/// whatever the class before it.
pub(super) fn column_least(n: usize, walk: &[u8]) -> Vec<u8> {
    (0..n)
        .map(|k| walk.chunks_exact(n).map(|row| row[k]).min().unwrap_or(0))
        .collect()
}
