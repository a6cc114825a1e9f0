//! The hot loop on both forms of an index: the UTF-8 words and the compact
//! form (`Pairs::words_for`), each forced, against encoding_rs.

use crate::codec::test_support::check_decode;
use crate::codec::{BIG5, EUC_JP, EUC_KR, GB18030, GBK, SHIFT_JIS};
use std::cell::Cell;

thread_local! {
    /// For tests: `Some(true)` makes every call use the UTF-8 words,
    /// `Some(false)` the compact form.
    pub(super) static FORCED_WORDS: Cell<Option<bool>> = const { Cell::new(None) };
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
        for words in [false, true] {
            FORCED_WORDS.with(|f| f.set(Some(words)));
            check_decode(enc, &bytes, &[1, 4097, 20_001]);
        }
    }
    FORCED_WORDS.with(|f| f.set(None));
}
