//! The hot loop on both forms of an index: the UTF-8 words and the compact
//! form (`Pairs::compact_allowance`), each forced, and a decoder changing
//! from one to the other at any byte, against encoding_rs.

use crate::codec::test_support::check_decode;
use crate::codec::{BIG5, EUC_JP, EUC_KR, GB18030, GBK, SHIFT_JIS};
use std::cell::Cell;

thread_local! {
    /// For tests: `Some(n)` makes every decoder read its first `n` bytes
    /// through the compact form, the rest with the UTF-8 words.
    pub(super) static FORCED_COMPACT: Cell<Option<usize>> = const { Cell::new(None) };
}

/// Every lead and trail byte a family could pair, with a space after
/// every seventh pair: mostly the family's pairs, and its errors.
fn every_pair() -> Vec<u8> {
    let mut bytes = Vec::new();
    for lead in 0x81..=0xFEu8 {
        for (i, trail) in (0x40..=0xFEu8).enumerate() {
            bytes.extend([lead, trail]);
            if i % 7 == 6 {
                bytes.push(b' ');
            }
        }
    }
    bytes
}

#[test]
fn both_forms_of_the_index_decode_every_pair_as_encoding_rs() {
    let bytes = every_pair();
    for enc in [SHIFT_JIS, EUC_JP, EUC_KR, BIG5, GBK, GB18030] {
        for most in [0, usize::MAX, 7, 4097] {
            FORCED_COMPACT.with(|f| f.set(Some(most)));
            check_decode(enc, &bytes, &[1, 4097, 20_001]);
        }
    }
    FORCED_COMPACT.with(|f| f.set(None));
}
