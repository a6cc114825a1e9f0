//! When `-i -r -f auto` may convert a file on its own: the one place that
//! says "sure". Until the detector has its own verdict, a byte order mark,
//! a declaration the bytes agree with, or a guess at least [`SURE`]
//! confident.

use crate::detect::{Sniffed, Source};

/// The least confidence of a guess that a tree conversion acts on.
pub const SURE: f32 = 0.99;

/// Whether `sniffed` is sure enough to replace a file with no one watching.
pub fn is_sure(sniffed: &Sniffed) -> bool {
    match sniffed.source {
        Source::Bom | Source::Declaration => true,
        Source::Guess => sniffed.confidence >= SURE,
        Source::Ascii | Source::Binary => false,
    }
}
