//! Which scored candidates read a text as the best one does: their
//! confidence is the best's (see `stats::finish`).

use super::candidates;
use super::score::{Scored, Text};

/// Which candidates read the text as the best one does (`bytes`: what the
/// spans of [`Text::Bytes`] point into).
pub(super) struct SameText<'a> {
    best: &'a Scored,
    bytes: &'a [u8],
    /// The byte values in all of `bytes`, when known.
    seen: Option<&'a [bool; 256]>,
    /// The high bytes in the best's spans, when it is a single-byte reading.
    present: Option<[bool; 128]>,
}

impl<'a> SameText<'a> {
    pub(super) fn new(
        best: &'a Scored,
        bytes: &'a [u8],
        seen: Option<&'a [bool; 256]>,
    ) -> SameText<'a> {
        SameText {
            best,
            bytes,
            seen,
            present: None,
        }
    }

    pub(super) fn as_best(&mut self, s: &Scored) -> bool {
        match (&self.best.text, &s.text) {
            (Text::Decoded(a), Text::Decoded(b)) => a == b,
            (Text::Bytes(a), Text::Bytes(b)) => {
                if a != b {
                    return false;
                }
                let (bytes, seen) = (self.bytes, self.seen);
                let present = self.present.get_or_insert_with(|| match seen {
                    Some(seen) if a.len() == 1 && a[0] == (0..bytes.len()) => {
                        seen[0x80..].try_into().expect("128 high bytes")
                    }
                    _ => {
                        let mut present = [false; 128];
                        for &x in a.iter().flat_map(|r| &bytes[r.clone()]) {
                            if x >= 0x80 {
                                present[x as usize - 0x80] = true;
                            }
                        }
                        present
                    }
                });
                let ta = candidates::single_byte_table(self.best.index).expect("single-byte");
                let tb = candidates::single_byte_table(s.index).expect("single-byte");
                (0..128).all(|i| !present[i] || ta[i] == tb[i])
            }
            (Text::Bytes(_), Text::Decoded(b)) => reads_as(self.best, self.bytes, b),
            (Text::Decoded(a), Text::Bytes(_)) => reads_as(s, self.bytes, a),
        }
    }
}

/// Whether the single-byte reading `s` (its spans joined by line breaks)
/// is `text`: compared character by character, so that a reading that
/// differs early (a CJK text against a single-byte one) costs little.
fn reads_as(s: &Scored, bytes: &[u8], text: &str) -> bool {
    let Text::Bytes(spans) = &s.text else {
        unreachable!("a single-byte reading")
    };
    let table = candidates::single_byte_table(s.index).expect("single-byte");
    let mut chars = text.chars();
    for (i, r) in spans.iter().enumerate() {
        if i > 0 && chars.next() != Some('\n') {
            return false;
        }
        for &b in &bytes[r.clone()] {
            let c = match b {
                0..0x80 => b as char,
                _ => char::from_u32(table[b as usize - 0x80]).unwrap_or('\u{FFFD}'),
            };
            if chars.next() != Some(c) {
                return false;
            }
        }
    }
    chars.next().is_none()
}
