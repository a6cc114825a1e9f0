//! The byte sketch: what the models need of a text in any single-byte
//! encoding, taken from its bytes once for all such candidates (see
//! `bytes`, which scores it).

/// What the models need of a text in a single-byte encoding, from its
/// bytes: the runs of high bytes with one byte on each side, as
/// [`Sketch`](super::Sketch) keeps them of the decoded text, and its counts.
/// Extended as more of the input arrives: the detector's checkpoints each
/// feed only the bytes new since the last one.
#[derive(Default)]
pub(crate) struct ByteSketch {
    bytes: Vec<u8>,
    ascii_letters: u32,
    non_ascii: u32,
    /// Which high bytes (0x80 less) the whole input has, as bits.
    high: [u64; 2],
    /// The last ASCII byte, unless it is already in the sketch.
    pending: Option<u8>,
    /// The last byte was a high one.
    after_run: bool,
}

/// The characters of a sketch that [`ByteView::lone`] looks at: the
/// evidence is for short texts, and at 4096 the look cost the detector 2%
/// of its instructions on 64 KiB inputs.
const LONE_SPAN: usize = 256;

/// ASCII signs that a letter beside them is part of a word with: the
/// quotes that Hebrew abbreviations are typed with where an encoding has
/// no geresh or gershayim ("צה"ל", "ג'ירפה"), the ends of an html
/// reference ("ט&#1524;ב"), and the full stop of an initial ("ק. ס.").
const GLUE: &[u8] = b"'\"&;.";

/// A view of a byte sketch: all of it, or its head.
#[derive(Clone, Copy)]
pub(crate) struct ByteView<'a> {
    bytes: &'a [u8],
    pub ascii_letters: u32,
    pub non_ascii: u32,
    /// Which high bytes (0x80 less) the whole input has, as bits.
    pub high: [u64; 2],
}

impl ByteSketch {
    pub fn new(input: &[u8]) -> ByteSketch {
        let mut sketch = ByteSketch::default();
        sketch.extend(input);
        sketch
    }

    /// The sketch of the input so far followed by `input`: the same as
    /// `new` of the two together, however they are split.
    pub fn extend(&mut self, input: &[u8]) {
        // The same walk as Sketch::new, with a high byte for a non-ASCII
        // character (every single-byte candidate reads one as such).
        let mut at = 0;
        while at < input.len() {
            let end = at + super::ascii_run(&input[at..]);
            if end > at {
                let ascii = &input[at..end];
                self.ascii_letters += ascii
                    .iter()
                    .map(|&b| ((b | 0x20).wrapping_sub(b'a') < 26) as u32)
                    .sum::<u32>();
                if self.after_run {
                    self.bytes.push(ascii[0]);
                }
                self.pending = (!self.after_run || ascii.len() > 1).then(|| ascii[ascii.len() - 1]);
                self.after_run = false;
                at = end;
                continue;
            }
            self.non_ascii += 1;
            let h = input[at] - 0x80;
            self.high[usize::from(h >> 6)] |= 1 << (h & 63);
            if let Some(p) = self.pending.take() {
                self.bytes.push(p);
            }
            self.bytes.push(input[at]);
            at += 1;
            self.after_run = true;
        }
    }

    /// The whole sketch, or its first `chars` characters (same counts).
    pub fn view(&self, chars: usize) -> ByteView<'_> {
        ByteView {
            bytes: &self.bytes[..self.bytes.len().min(chars)],
            ascii_letters: self.ascii_letters,
            non_ascii: self.non_ascii,
            high: self.high,
        }
    }
}

impl<'a> ByteView<'a> {
    /// The first `chars` characters of the view (same counts).
    pub fn head(self, chars: usize) -> ByteView<'a> {
        ByteView {
            bytes: &self.bytes[..self.bytes.len().min(chars)],
            ..self
        }
    }

    /// The view's characters.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The high bytes (0x80 less) that stand alone in the view's first
    /// LONE_SPAN characters, how often, and how often they stand
    /// mid-sentence or start the text. Alone: between two bytes that are
    /// neither high, ASCII letters nor GLUE (the sketch keeps one byte on
    /// each side of a run of high bytes, so a run of one with such
    /// neighbours is one in the text too). Mid-sentence: after a space
    /// whose byte before in the sketch ends no sentence nor line (that byte
    /// is the first of a longer ASCII run, so "[1]. В" counts, as a cut
    /// text's start " В" does). A byte that starts the text before such a
    /// neighbour may be a cut word's end, so it counts only there (see
    /// LONE_CAPITAL_COST), not as alone. Short texts need this evidence;
    /// long ones have enough besides.
    pub fn lone(&self) -> Vec<(u8, u32, u32)> {
        let bytes = &self.bytes[..self.bytes.len().min(LONE_SPAN)];
        let apart = |b: Option<&u8>| {
            b.is_some_and(|&b| b < 0x80 && !b.is_ascii_alphabetic() && !GLUE.contains(&b))
        };
        let at = |i: usize, back: usize| i.checked_sub(back).map(|j| &bytes[j]);
        let ends = |b: Option<&u8>| b.is_some_and(|b| b".!?:\n\r\t".contains(b));
        let mut count = [(0u32, 0u32); 128];
        for (i, &b) in bytes.iter().enumerate() {
            if b < 0x80 || !apart(bytes.get(i + 1)) {
                continue;
            }
            let c = &mut count[b as usize - 0x80];
            if apart(at(i, 1)) {
                let mid = at(i, 1) == Some(&b' ') && !ends(at(i, 2));
                *c = (c.0 + 1, c.1 + mid as u32);
            } else if i == 0 {
                *c = (c.0, c.1 + 1);
            }
        }
        let met = (0..128u8).filter(|&h| count[h as usize] != (0, 0));
        met.map(|h| (h, count[h as usize].0, count[h as usize].1))
            .collect()
    }

    /// The pairs of high bytes (0x80 less) that start a word in the view's
    /// first LONE_SPAN characters, and how often: two high bytes after an
    /// ASCII byte that is not a letter (a text's start is often a cut word).
    #[inline(never)]
    pub fn starts(&self) -> Vec<(u8, u8, u32)> {
        let bytes = &self.bytes[..self.bytes.len().min(LONE_SPAN)];
        let mut starts: Vec<(u8, u8, u32)> = Vec::new();
        for w in bytes.windows(3) {
            if w[0] < 0x80 && !w[0].is_ascii_alphabetic() && w[1] >= 0x80 && w[2] >= 0x80 {
                let (a, b) = (w[1] - 0x80, w[2] - 0x80);
                match starts.iter_mut().find(|s| (s.0, s.1) == (a, b)) {
                    Some(s) => s.2 += 1,
                    None => starts.push((a, b, 1)),
                }
            }
        }
        starts
    }
}
