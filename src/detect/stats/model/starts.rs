//! What a word's first two letters cost beside their bigrams, in the
//! models that have such rows (generate.py's START_LANGS; less than
//! nothing for a likely start): the bigrams know no more of a word's start
//! than its first letter, so they charged Arabic's article ال at a word's
//! start as much as inside one, and ISO-8859-6's "الم" read as
//! windows-1256 ("انه") no more than the text itself.

use super::step::{S_MARK, S_OWN};
use super::{ByteClasses, Model};

/// What a word-initial pair of letters costs, in quarter bits: (first
/// letter's class, second letter's class, cost), one entry a pair listed
/// and one with second class REST for a first letter's other pairs.
pub(super) type StartCost = (u8, u8, i8);

/// The second class of a row's cost for the pairs not listed (BOUNDARY:
/// no letter has it).
pub(super) const REST: u8 = super::BOUNDARY;

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
    #[inline(never)]
    pub fn start_cost(&self, starts: &[(u8, u8, u32)], classes: &ByteClasses) -> i32 {
        let letter = |h: u8| {
            let step = classes.step[h as usize | 0x80];
            (step.bits & (S_OWN | S_MARK) == S_OWN).then_some(step.class)
        };
        let mut total = 0;
        for &(a, b, n) in starts {
            let (Some(a), Some(b)) = (letter(a), letter(b)) else {
                continue;
            };
            let cost = |second: u8| self.starts.iter().find(|s| (s.0, s.1) == (a, second));
            if let Some(&(_, _, cost)) = cost(b).or_else(|| cost(REST)) {
                total += n as i32 * i32::from(cost);
            }
        }
        total
    }

    /// The least [`start_cost`](Self::start_cost) of any view with
    /// `starts`, however read: what a lower bound of its cost must allow.
    pub fn least_start_cost(&self, starts: &[(u8, u8, u32)]) -> i32 {
        let least = self.starts.iter().map(|s| s.2).min().unwrap_or(0).min(0);
        let pairs: u32 = starts.iter().map(|s| s.2).sum();
        pairs as i32 * i32::from(least)
    }
}
