//! One byte of a single-byte encoding as a step of the byte walk
//! ([`super::bytes`]): its class and the decisions the walk's rules need,
//! as bits, worked out once per (encoding, model) pair.

use super::flags::{
    ACCENT, ASCII, GUILLEMET, IN_WORD, MIDDLE_DOT, NOT_LETTER, NUMBER_SIGN, OPENS_ONLY, SIGN,
    SPACE, TRAILING,
};
use super::{
    ACCENT_COST, BOUNDARY, FOREIGN_ASCII, MARK, MARK_COST, SIGN_MARK, SYMBOL, UNKNOWN, UPPER,
};

/// One byte as a step of the walk: its class, the class the next step sees
/// as previous, its bits (below), what it costs as a mark on a letter, and
/// what kind of mark it is ([`super::mark_kind`]).
#[derive(Clone, Copy, Default)]
pub(super) struct Step {
    pub class: u8,
    /// The class the next step sees as previous. For a mark, which the
    /// next step does not see (it sees the letter before), the last class
    /// the mark cannot stand on (the model's `markless`, see
    /// `Kind::Bigram`): the walk tests it at each mark with the step it
    /// has loaded anyway, no register kept for it.
    pub next: u8,
    pub bits: u16,
    pub mark: u8,
    pub kind: u8,
}

/// Bits of a [`Step`]: ASCII; an uppercase letter; a lowercase letter (of
/// the model's alphabet, or a foreign ASCII one: "at±" is as odd in a
/// Cyrillic model as in a Latin one); a letter of the alphabet (OWN) or a
/// foreign ASCII one; a combining mark outside the alphabet; a sign that
/// follows numbers; a symbol or sign that is out of place inside a word; a
/// sign that stands before numbers (NUMBER_SIGN).
pub(super) const S_ASCII: u16 = 1;
pub(super) const S_UPPER: u16 = 2;
pub(super) const S_LOWER: u16 = 4;
pub(super) const S_OWN: u16 = 8;
pub(super) const S_FOREIGN: u16 = 16;
pub(super) const S_MARK: u16 = 32;
pub(super) const S_SIGN: u16 = 64;
pub(super) const S_SYMBOL: u16 = 128;
pub(super) const S_NUMBER: u16 = 256;
pub(super) const S_GUILLEMET: u16 = 512;
pub(super) const S_TRAILING: u16 = 1024;
pub(super) const S_MIDDLE_DOT: u16 = 2048;
pub(super) const S_OPENS_ONLY: u16 = 4096;
/// A script's sign read as a mark (`SIGN_MARK`): on a bare letter only.
pub(super) const S_SIGN_MARK: u16 = 8192;
/// A capital of the model's own alphabet, which it charges CAPITAL_COST
/// mid-sentence (a Cyrillic model only).
pub(super) const S_CAPITAL: u16 = 16384;
/// A space ([`SPACE`]).
pub(super) const S_SPACE: u16 = 32768;
/// The bits that a rule beside the bigram may charge for, whatever came before.
pub(super) const S_RARE: u16 = S_UPPER | S_SIGN | S_NUMBER | S_GUILLEMET | S_OPENS_ONLY;

impl Step {
    /// The step of a character with class map `entry` and `flags` in a
    /// model whose last class that carries no mark is `markless`: the same
    /// decisions as [`super::bytes::Walk::step`], taken once per byte.
    pub fn new(entry: u8, flags: u16, kind: u8, markless: u8) -> Step {
        let class = entry & !UPPER;
        let bit = |yes: bool, bit: u16| if yes { bit } else { 0 };
        let own = class > FOREIGN_ASCII;
        let upper = entry & UPPER != 0;
        let symbol = class == SYMBOL || flags & NOT_LETTER != 0;
        let mark = entry == MARK || entry == SIGN_MARK;
        Step {
            class,
            next: match class {
                _ if mark => markless,
                UNKNOWN | SYMBOL => BOUNDARY,
                _ => class,
            },
            bits: bit(flags & ASCII != 0, S_ASCII)
                | bit(upper, S_UPPER)
                | bit(class >= FOREIGN_ASCII && !upper, S_LOWER)
                | bit(own, S_OWN)
                | bit(class == FOREIGN_ASCII, S_FOREIGN)
                | bit(mark, S_MARK)
                | bit(entry == SIGN_MARK, S_SIGN_MARK)
                | bit(flags & SIGN != 0, S_SIGN)
                | bit(symbol && flags & IN_WORD == 0, S_SYMBOL)
                | bit(flags & NUMBER_SIGN != 0, S_NUMBER)
                | bit(flags & GUILLEMET != 0, S_GUILLEMET)
                | bit(flags & TRAILING != 0, S_TRAILING)
                | bit(flags & MIDDLE_DOT != 0, S_MIDDLE_DOT)
                | bit(flags & OPENS_ONLY != 0, S_OPENS_ONLY)
                | bit(flags & SPACE != 0, S_SPACE),
            mark: if flags & ACCENT != 0 {
                ACCENT_COST
            } else {
                MARK_COST
            } as u8,
            kind,
        }
    }
}
