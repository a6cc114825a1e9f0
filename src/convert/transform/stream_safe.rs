//! UAX #15's Stream-Safe Text Format across chunks: after 30 non-starters
//! in a row a U+034F COMBINING GRAPHEME JOINER goes in, so that a
//! normalization carry is bounded and any chunking gives the same output.

use unicode_normalization::char::{canonical_combining_class, decompose_compatible};

/// UAX #15 (D4, section 13): no more than this many non-starters in a row.
const MAX_NONSTARTERS: usize = 30;

/// What the Stream-Safe Text Format inserts after [`MAX_NONSTARTERS`].
pub(super) const CGJ: char = '\u{34F}';

/// The Stream-Safe Text Format, across chunks: the non-starters at the end
/// of the text so far (counted in the compatibility decomposition, as the
/// standard counts them).
#[derive(Default)]
pub(super) struct StreamSafe {
    run: usize,
}

impl StreamSafe {
    /// Follows `chunk`; when a joiner must go into it, writes the chunk with
    /// its joiners to `out`, their offsets in `out` to `inserted`, and says
    /// so (else `out` is not touched).
    pub(super) fn rewrite(
        &mut self,
        chunk: &str,
        out: &mut String,
        inserted: &mut Vec<usize>,
    ) -> bool {
        let (mut changed, mut copied) = (false, 0);
        for (i, c) in chunk.char_indices() {
            if c.is_ascii() {
                self.run = 0;
                continue;
            }
            let (leading, trailing, len) = nonstarters(c);
            if self.run + leading > MAX_NONSTARTERS {
                if !changed {
                    out.clear();
                    changed = true;
                }
                out.push_str(&chunk[copied..i]);
                inserted.push(out.len());
                out.push(CGJ);
                copied = i;
                self.run = 0;
            }
            self.run = if leading == len {
                self.run + len
            } else {
                trailing
            };
        }
        if changed {
            out.push_str(&chunk[copied..]);
        }
        changed
    }
}

/// The non-starters at the start and at the end of `c`'s compatibility
/// decomposition, and its length in characters.
fn nonstarters(c: char) -> (usize, usize, usize) {
    let (mut leading, mut trailing, mut len) = (0, 0, 0);
    decompose_compatible(c, |d| {
        len += 1;
        if canonical_combining_class(d) == 0 {
            trailing = 0;
        } else {
            trailing += 1;
            if trailing == len {
                leading += 1;
            }
        }
    });
    (leading, trailing, len)
}
