//! What the analyses of a prefix count over all of its bytes, kept from
//! one checkpoint to the next: each checkpoint feeds only the bytes new
//! since the last one, not the prefix again from byte 0.

use super::evidence::{noise_cap, AsciiFit, Variety};
use super::model::{AsciiTally, ByteSketch};
use super::references::References;
use super::shape;

/// How often each byte value is in a text.
#[derive(Clone)]
pub(super) struct ByteCounts([u32; 256]);

impl ByteCounts {
    pub(super) fn of(bytes: &[u8]) -> ByteCounts {
        let mut counts = ByteCounts([0; 256]);
        counts.extend(bytes);
        counts
    }

    fn extend(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0[b as usize] += 1;
        }
    }

    /// How often byte `b` is in the text.
    pub(super) fn of_byte(&self, b: u8) -> usize {
        self.0[b as usize] as usize
    }

    /// Which byte values are in the text.
    pub(super) fn seen(&self) -> [bool; 256] {
        self.0.map(|n| n > 0)
    }

    fn sum(&self, which: impl Fn(u8) -> bool) -> usize {
        (0..=255u8)
            .filter(|&b| which(b))
            .map(|b| self.of_byte(b))
            .sum()
    }

    pub(super) fn len(&self) -> usize {
        self.sum(|_| true)
    }

    pub(super) fn high(&self) -> usize {
        // Every analysis asks: a plain sum over the high half vectorizes.
        self.0[0x80..].iter().map(|&n| n as usize).sum()
    }

    /// ASCII bytes that are not letters (spaces, signs, digits).
    pub(super) fn separators(&self) -> usize {
        self.sum(|b| b < 0x80 && !b.is_ascii_alphabetic())
    }

    /// Control bytes that text does not contain (see `shape::is_binary`).
    pub(super) fn controls(&self) -> usize {
        self.sum(shape::is_binary_control)
    }
}

/// The counts of an input's prefix, brought up to date with each longer
/// prefix it is asked about: the byte counts always (every analysis tests
/// the shapes), the rest only when text is scored.
pub(super) struct Tally {
    counts: ByteCounts,
    counted: usize,
    /// Made when text is first scored.
    scoring: Option<Box<Scoring>>,
}

/// The counts only scored text needs.
#[derive(Default)]
struct Scoring {
    /// How many bytes they have read.
    scored: usize,
    ascii: AsciiTally,
    sketch: ByteSketch,
    variety: Variety,
    refs: References,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            counts: ByteCounts([0; 256]),
            counted: 0,
            scoring: None,
        }
    }
}

impl Tally {
    /// The byte counts of `prefix`, which starts with every byte counted so far.
    pub(super) fn counts(&mut self, prefix: &[u8]) -> &ByteCounts {
        self.counts.extend(&prefix[self.counted..]);
        self.counted = prefix.len();
        &self.counts
    }

    /// Brings the scoring counts up to `prefix` (as for [`counts`](Self::counts)).
    pub(super) fn score(&mut self, prefix: &[u8]) -> &Tally {
        let s = self.scoring.get_or_insert_with(Box::default);
        let new = &prefix[s.scored..];
        s.ascii.extend(new);
        s.sketch.extend(new);
        s.variety.extend(new);
        s.refs.extend(new);
        s.scored = prefix.len();
        self.counts(prefix);
        self
    }

    fn scoring(&self) -> &Scoring {
        self.scoring.as_ref().expect("scored: see Tally::score")
    }

    /// The fit of the ASCII words of the bytes scored (see `AsciiFit`).
    pub(super) fn fit(&self) -> AsciiFit {
        let s = self.scoring();
        AsciiFit::of(&s.ascii.pairs(), s.refs.clone())
    }

    /// The byte sketch of the bytes scored.
    pub(super) fn sketch(&self) -> &ByteSketch {
        &self.scoring().sketch
    }

    /// `evidence_cap` of the bytes scored as one part.
    pub(super) fn evidence_cap(&self, single_byte: bool) -> f32 {
        let noise = noise_cap(&self.counts, single_byte);
        self.scoring().variety.cap().min(noise)
    }
}

#[cfg(test)]
mod tests {
    use super::super::evidence::evidence_cap;
    use super::*;

    /// Fed in pieces at any split, a tally counts what one pass over the
    /// whole does.
    #[test]
    fn a_tally_fed_in_pieces_counts_as_one_pass() {
        let text = b"Caf\xe9 und \xc4quator, na\xefve \xbb\xd7\xdf mehr Text\x0c ab \xe9\xe9 \xe9x";
        let text = [&text[..], b"\x80\x81 zz a&#1524;b", &text[..]].concat();
        let whole = AsciiFit::new(&text);
        let sketch = ByteSketch::new(&text);
        for split in [0, 1, 3, 4, 5, 9, 17, 18, 30, 31, text.len() - 1] {
            for single_byte in [false, true] {
                let mut tally = Tally::default();
                tally.counts(&text[..split / 2]);
                tally.score(&text[..split]);
                let tally = tally.score(&text);
                assert_eq!(tally.fit(), whole, "{split}");
                assert_eq!(
                    tally.sketch().view(usize::MAX).bytes(),
                    sketch.view(usize::MAX).bytes()
                );
                assert_eq!(tally.sketch().view(0).non_ascii, sketch.view(0).non_ascii);
                assert_eq!(
                    tally.sketch().view(0).ascii_letters,
                    sketch.view(0).ascii_letters
                );
                let cap = evidence_cap(&[&text], single_byte);
                assert_eq!(tally.evidence_cap(single_byte), cap, "{split}");
                assert_eq!(tally.counts.len(), text.len());
            }
        }
    }
}
