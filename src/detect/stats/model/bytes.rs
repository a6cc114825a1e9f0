//! Scoring a single-byte candidate straight from the bytes: a single-byte
//! encoding reads each byte as one character, so the sketch of its text is
//! the text of one byte sketch that all such candidates share, and each
//! (encoding, model) pair needs only a 256-entry table of classes. No
//! candidate's text is decoded and no string is walked per character: this
//! is the detector's hot loop.

use super::{
    Kind, Model, ACCENT_COST, BOUNDARY, CASE_PENALTY, FOREIGN_ASCII, GLUED_COST, MAPPED, MARK,
    MARK_COST, SYMBOL, SYMBOLS, SYMBOL_COST, SYMBOL_IN_WORD_COST, UNKNOWN, UNKNOWN_COST, UPPER,
};

/// Flags of a byte as one encoding reads it (whatever the model).
const ASCII: u8 = 1;
/// A combining accent U+0300..U+036F (a mark that costs ACCENT_COST).
const ACCENT: u8 = 2;
/// A sign that follows numbers, not letters (± × ° µ § ¶).
const SIGN: u8 = 4;
/// A symbol that words contain (’ · and ´ typed for an apostrophe).
const IN_WORD: u8 = 8;
/// No letter, mark or ASCII: a sign ("c½ur", "l¤ami" are what windows-1252
/// makes of ISO-8859-15's œ and €), which costs extra between letters.
const NOT_LETTER: u8 = 16;

/// What the models need of a text in a single-byte encoding, from its
/// bytes: the runs of high bytes with one byte on each side, as
/// [`Sketch`](super::Sketch) keeps them of the decoded text, and its counts.
pub(crate) struct ByteSketch {
    bytes: Vec<u8>,
    ascii_letters: u32,
    non_ascii: u32,
}

/// A view of a byte sketch: all of it, or its head.
#[derive(Clone, Copy)]
pub(crate) struct ByteView<'a> {
    bytes: &'a [u8],
    pub ascii_letters: u32,
    pub non_ascii: u32,
}

impl ByteSketch {
    pub fn new(input: &[u8]) -> ByteSketch {
        let mut sketch = ByteSketch {
            bytes: Vec::new(),
            ascii_letters: 0,
            non_ascii: 0,
        };
        // The same walk as Sketch::new, with a high byte for a non-ASCII
        // character (every single-byte candidate reads one as such).
        let mut pending: Option<u8> = None;
        let mut after_run = false;
        let mut at = 0;
        while at < input.len() {
            let end = at + super::ascii_run(&input[at..]);
            if end > at {
                let ascii = &input[at..end];
                sketch.ascii_letters += ascii
                    .iter()
                    .map(|&b| ((b | 0x20).wrapping_sub(b'a') < 26) as u32)
                    .sum::<u32>();
                if after_run {
                    sketch.bytes.push(ascii[0]);
                }
                pending = (!after_run || ascii.len() > 1).then(|| ascii[ascii.len() - 1]);
                after_run = false;
                at = end;
                continue;
            }
            sketch.non_ascii += 1;
            if let Some(p) = pending.take() {
                sketch.bytes.push(p);
            }
            sketch.bytes.push(input[at]);
            at += 1;
            after_run = true;
        }
        sketch
    }

    /// The whole sketch, or its first `chars` characters (same counts).
    pub fn view(&self, chars: usize) -> ByteView<'_> {
        ByteView {
            bytes: &self.bytes[..self.bytes.len().min(chars)],
            ascii_letters: self.ascii_letters,
            non_ascii: self.non_ascii,
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

    /// Which high bytes (0x80..=0xFF) the view holds.
    pub fn high_bytes(&self) -> [bool; 128] {
        let mut present = [false; 128];
        for &b in self.bytes.iter().filter(|&&b| b >= 0x80) {
            present[b as usize - 0x80] = true;
        }
        present
    }
}

/// How one model reads each byte in one single-byte encoding.
pub(crate) struct ByteClasses {
    /// The model's class map entry of the byte's character.
    entry: [u8; 256],
    flags: [u8; 256],
}

impl Model {
    /// The classes of each byte as `table` (bytes 0x80..=0xFF as code
    /// points) reads it; None for a model that is not a bigram model.
    pub fn byte_classes(&self, table: &[u32; 128]) -> Option<ByteClasses> {
        let Kind::Bigram { map, .. } = &self.kind else {
            return None;
        };
        let mut classes = ByteClasses {
            entry: [0; 256],
            flags: [0; 256],
        };
        for b in 0..256usize {
            let cp = if b < 0x80 { b as u32 } else { table[b - 0x80] };
            classes.entry[b] = if (cp as usize) < MAPPED {
                map[cp as usize]
            } else if SYMBOLS.contains(&cp) {
                SYMBOL
            } else {
                UNKNOWN
            };
            classes.flags[b] = flags(cp);
        }
        Some(classes)
    }

    /// The cost of a byte sketch read through `classes` (made by this
    /// model): equal to `cost_of` the sketch of the decoded text, or once
    /// its bigrams alone cost more than `limit`, what they cost so far.
    #[cfg(test)]
    pub fn byte_cost(&self, view: ByteView, classes: &ByteClasses, limit: u32) -> u32 {
        self.byte_bigrams_cost(view, classes, limit) + self.foreign_cost(view)
    }

    /// The bigrams' part of a byte sketch's cost, which depends
    /// on the view's characters alone; once it passes `limit`, what they
    /// cost so far.
    pub fn byte_bigrams_cost(&self, view: ByteView, classes: &ByteClasses, limit: u32) -> u32 {
        let Kind::Bigram { n, costs, .. } = &self.kind else {
            unreachable!("byte classes exist only for bigram models")
        };
        byte_bigram_cost(view.bytes, classes, (*n, costs), self.latin, limit)
    }

    /// The rest of it: what a model of a non-Latin script charges for the
    /// ASCII letters of the whole text.
    pub fn foreign_cost(&self, view: ByteView) -> u32 {
        let foreign =
            (view.ascii_letters * super::ASCII_LETTER_COST).min(view.non_ascii * super::MIXED_CAP);
        if self.latin {
            0
        } else {
            foreign
        }
    }
}

/// The flags of a code point (see ASCII, ACCENT, SIGN, IN_WORD, NOT_LETTER).
pub(super) fn flags(cp: u32) -> u8 {
    let c = char::from_u32(cp).unwrap_or('\0');
    let flag = |yes: bool, flag: u8| if yes { flag } else { 0 };
    flag(cp < 0x80, ASCII)
        | flag((0x300..0x370).contains(&cp), ACCENT)
        | flag(matches!(c, '±' | '×' | '°' | 'µ' | '§' | '¶'), SIGN)
        | flag(matches!(c, '\u{2019}' | '\u{B7}' | '\u{B4}'), IN_WORD)
        | flag(
            cp >= 0x80 && !c.is_alphabetic() && !super::is_mark(cp),
            NOT_LETTER,
        )
}

/// The bigram cost of a byte sketch through its classes, stopping once it
/// passes `limit`.
fn byte_bigram_cost(
    sketch: &[u8],
    cls: &ByteClasses,
    (n, costs): (usize, &[u8]),
    latin: bool,
    limit: u32,
) -> u32 {
    let mut walk = Walk::new(n, costs, latin);
    for &b in sketch {
        walk.step(cls.entry[b as usize], cls.flags[b as usize]);
        if walk.total > limit {
            break;
        }
    }
    walk.total
}

/// A bigram model's walk over a text, one character (its class map entry
/// and flags) at a time: the one home of what a bigram model charges, for
/// decoded text and byte sketches alike.
pub(super) struct Walk<'a> {
    n: usize,
    costs: &'a [u8],
    latin: bool,
    pub total: u32,
    prev: usize,
    prev_ascii: bool,
    prev_lower: bool,
    symbol_in_word: bool,
}

impl<'a> Walk<'a> {
    pub fn new(n: usize, costs: &'a [u8], latin: bool) -> Walk<'a> {
        Walk {
            n,
            costs,
            latin,
            total: 0,
            prev: BOUNDARY as usize,
            prev_ascii: true,
            prev_lower: false,
            symbol_in_word: false,
        }
    }

    #[inline(always)]
    pub fn step(&mut self, entry: u8, flags: u8) {
        let ascii = flags & ASCII != 0;
        let prev = self.prev;
        if entry == MARK {
            // A mark belongs on a letter of the model's own script.
            let on_letter = prev > FOREIGN_ASCII as usize;
            let mark = if flags & ACCENT != 0 {
                ACCENT_COST
            } else {
                MARK_COST
            };
            self.total += if on_letter { mark } else { UNKNOWN_COST as u32 };
            self.prev_ascii = false;
            return;
        }
        let class = (entry & !UPPER) as usize;
        let upper = entry & UPPER != 0;
        if !(ascii && self.prev_ascii) {
            self.total += match class as u8 {
                UNKNOWN => UNKNOWN_COST,
                SYMBOL => SYMBOL_COST,
                // Training words never hold two boundaries in a row; text does.
                BOUNDARY if prev == BOUNDARY as usize => 0,
                _ => self.costs[prev * self.n + class],
            } as u32;
            if upper && self.prev_lower {
                self.total += CASE_PENALTY;
            }
            let own = |c: usize| c > FOREIGN_ASCII as usize;
            let foreign = |c: usize| c == FOREIGN_ASCII as usize;
            if !self.latin && (foreign(prev) && own(class) || own(prev) && foreign(class)) {
                self.total += GLUED_COST;
            }
            if self.symbol_in_word && class >= FOREIGN_ASCII as usize {
                self.total += SYMBOL_IN_WORD_COST;
            }
            // Signs that follow numbers, not letters ("mog±", "hµadania").
            if flags & SIGN != 0 && self.prev_lower {
                self.total += SYMBOL_IN_WORD_COST;
            }
        }
        self.symbol_in_word = (class == SYMBOL as usize || flags & NOT_LETTER != 0)
            && prev >= FOREIGN_ASCII as usize
            && flags & IN_WORD == 0;
        // After an unknown character or a symbol, carry on as after a boundary.
        self.prev = if class as u8 == UNKNOWN || class as u8 == SYMBOL {
            BOUNDARY as usize
        } else {
            class
        };
        self.prev_ascii = ascii;
        self.prev_lower = class > FOREIGN_ASCII as usize && !upper;
    }
}

#[cfg(test)]
mod tests {
    use super::super::{models, Sketch};
    use super::*;

    /// Every byte table of the single-byte candidates against every model:
    /// the byte sketch scores exactly as the decoded text's sketch does.
    #[test]
    fn bytes_score_like_the_decoded_text() {
        let mut inputs: Vec<Vec<u8>> = vec![
            b"Die \xc4quatorebene \xbb\xe4\xb1 \x80 caf\xe9\xe9 x\xb7y \x92s".to_vec(),
            b"\xcf\xf0\xe8\xe2\xe5\xf2, \xec\xe8\xf0! Hello \xcc\xe0\xf0\xf1-2".to_vec(),
            b"\xe9".to_vec(),
            b"a\xe9b c\xe9\xe9 d".to_vec(),
        ];
        // Pseudo-random bytes, ASCII-heavy and not.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for len in [10usize, 50, 300, 1000] {
            for high in [8u64, 2] {
                let v = (0..len)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        let b = (x >> 24) as u8;
                        if x.is_multiple_of(high) {
                            b | 0x80
                        } else {
                            b" etaoinshrdluETAO.,'"[(b % 20) as usize]
                        }
                    })
                    .collect();
                inputs.push(v);
            }
        }
        let mut checked = 0;
        for enc in crate::codec::Encoding::all() {
            let Some(table) = crate::detect::stats::byte_table(enc) else {
                continue;
            };
            for input in &inputs {
                if input
                    .iter()
                    .any(|&b| b >= 0x80 && table[b as usize - 0x80] == 0)
                {
                    continue;
                }
                let text: String = input
                    .iter()
                    .map(|&b| match b {
                        0..0x80 => b as char,
                        _ => char::from_u32(table[b as usize - 0x80]).unwrap(),
                    })
                    .collect();
                let (sketch, bytes) = (Sketch::new(&text), ByteSketch::new(input));
                for model in models() {
                    let Some(classes) = model.byte_classes(table) else {
                        continue;
                    };
                    let view = bytes.view(usize::MAX);
                    assert_eq!(
                        model.byte_cost(view, &classes, u32::MAX),
                        model.cost_of(&sketch),
                        "{} {} {input:?}",
                        enc.name(),
                        model.name
                    );
                    let head = sketch.head(7);
                    assert_eq!(
                        model.byte_cost(bytes.view(7), &classes, u32::MAX),
                        model.cost_of(&head)
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
