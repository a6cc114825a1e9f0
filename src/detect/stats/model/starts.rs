//! What a word's first two letters cost beside their bigrams, in the
//! models that have such rows (generate.py's START_LANGS; less than
//! nothing for a likely start): the bigrams know no more of a word's start
//! than its first letter, so they charged Arabic's article ال at a word's
//! start as much as inside one, and ISO-8859-6's "الم" read as
//! windows-1256 ("انه") no more than the text itself.

use super::step::{S_MARK, S_OWN};
use super::{ByteClasses, Model};

/// One first letter's row: its class, what a second letter not listed
/// costs, and the listed ones (class, cost), in quarter bits.
pub(super) struct StartRow {
    pub first: u8,
    pub rest: i8,
    pub pairs: Vec<(u8, i8)>,
}

impl Model {
    /// Whether the model charges a word's first two letters
    /// ([`start_cost`](Self::start_cost)).
    pub fn charges_starts(&self) -> bool {
        !self.starts.is_empty()
    }

    /// What the model charges for the word-initial pairs of high bytes
    /// of a view (`starts`: the two bytes, 0x80 less, and how often; see
    /// `ByteView::starts`) read through `classes`: a pair of two letters
    /// of its alphabet whose first has a row costs what the row says.
    pub fn start_cost(&self, starts: &[(u8, u8, u32)], classes: &ByteClasses) -> i32 {
        let letter = |h: u8| {
            let step = classes.step[h as usize | 0x80];
            (step.bits & (S_OWN | S_MARK) == S_OWN).then_some(step.class)
        };
        let charge = |&(a, b, n): &(u8, u8, u32)| {
            let (a, b) = (letter(a)?, letter(b)?);
            let row = self.starts.iter().find(|r| r.first == a)?;
            let pair = row.pairs.iter().find(|p| p.0 == b);
            Some(n as i32 * i32::from(pair.map_or(row.rest, |p| p.1)))
        };
        starts.iter().filter_map(charge).sum()
    }

    /// The least [`start_cost`](Self::start_cost) of any view with
    /// `starts`, however read: what a lower bound of its cost must allow.
    pub fn least_start_cost(&self, starts: &[(u8, u8, u32)]) -> i32 {
        let rows = self.starts.iter();
        let least = rows.flat_map(|r| r.pairs.iter().map(|p| p.1).chain([r.rest]));
        let pairs: u32 = starts.iter().map(|s| s.2).sum();
        pairs as i32 * i32::from(least.min().unwrap_or(0).min(0))
    }
}
