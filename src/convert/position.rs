//! Line and column of a point in the decoded text.
//!
//! Positions are counted in the text the decoder produced, so they work the
//! same for every input encoding (UTF-16 included): a line ends at U+000A, a
//! column counts characters (Unicode scalar values), and both start at 1.

use std::fmt;

/// A line and column, both counted from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextPosition {
    pub line: u64,
    pub column: u64,
}

impl fmt::Display for TextPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Follows the decoded text chunk by chunk. `base` is the UTF-8 offset of the
/// current chunk's start in the whole decoded text; `line` and `chars_in_line`
/// describe that start.
#[derive(Debug, Clone)]
pub(crate) struct Tracker {
    pub base: u64,
    pub line: u64,
    chars_in_line: u64,
}

impl Tracker {
    pub fn new() -> Tracker {
        Tracker {
            base: 0,
            line: 1,
            chars_in_line: 0,
        }
    }

    /// The position of the character starting at `chunk[offset]`, where
    /// `chunk` is the text that follows the point the tracker has reached.
    pub fn position_in(&self, chunk: &[u8], offset: usize) -> TextPosition {
        let (line, chars) = step(self.line, self.chars_in_line, &chunk[..offset]);
        TextPosition {
            line,
            column: chars + 1,
        }
    }

    /// Moves past `chunk`.
    pub fn advance(&mut self, chunk: &[u8]) {
        (self.line, self.chars_in_line) = step(self.line, self.chars_in_line, chunk);
        self.base += chunk.len() as u64;
    }
}

/// Lines and characters-in-line after reading `text` from (`line`, `chars`).
fn step(line: u64, chars: u64, text: &[u8]) -> (u64, u64) {
    let newlines = count_newlines(text);
    match text.iter().rposition(|&b| b == b'\n') {
        None => (line, chars + count_chars(text)),
        Some(last) => (line + newlines, count_chars(&text[last + 1..])),
    }
}

/// Characters in UTF-8 text: bytes that are not continuation bytes.
fn count_chars(text: &[u8]) -> u64 {
    // A continuation byte has bit 7 set and bit 6 clear.
    let continuation = count(text, |w| w & !(w << 1), |b| (b & 0xC0) == 0x80);
    text.len() as u64 - continuation
}

/// Newlines in `text`.
fn count_newlines(text: &[u8]) -> u64 {
    count(
        text,
        |w| {
            // The high bit of each byte that equals 0x0A (exact: no borrow
            // crosses bytes).
            let x = w ^ (LO * u64::from(b'\n'));
            !(((x & !HI) + !HI) | x)
        },
        |b| b == b'\n',
    )
}

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// How many bytes of `text` are marked: `mark` sets the high bit of each
/// selected byte of a little-endian word, `scalar` decides the odd bytes at
/// the end. Word at a time, with per-byte counters summed every 255 words.
#[inline(always)]
fn count(text: &[u8], mark: impl Fn(u64) -> u64, scalar: impl Fn(u8) -> bool) -> u64 {
    let mut words = text.chunks_exact(8);
    let mut total = 0;
    loop {
        let mut lanes = 0u64;
        let mut n = 0;
        for word in words.by_ref().take(255) {
            let w = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
            lanes += (mark(w) & HI) >> 7;
            n += 1;
        }
        // Sum the eight byte lanes (each at most 255).
        let pairs = (lanes & 0x00FF_00FF_00FF_00FF) + ((lanes >> 8) & 0x00FF_00FF_00FF_00FF);
        total += pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48;
        if n < 255 {
            break;
        }
    }
    total + words.remainder().iter().filter(|&&b| scalar(b)).count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_lines_and_characters() {
        let mut t = Tracker::new();
        assert_eq!(t.position_in(b"", 0), TextPosition { line: 1, column: 1 });
        let text = "ab\nc\u{e9}\u{1F600}x".as_bytes();
        let x = text.len() - 1;
        assert_eq!(t.position_in(text, x), TextPosition { line: 2, column: 4 });
        t.advance(&text[..4]);
        assert_eq!(t.base, 4);
        assert_eq!(
            t.position_in(&text[4..], x - 4),
            TextPosition { line: 2, column: 4 }
        );
        t.advance(&text[4..]);
        assert_eq!(
            t.position_in(b"\n\n", 2),
            TextPosition { line: 4, column: 1 }
        );
    }

    #[test]
    fn word_at_a_time_counting_agrees_with_the_obvious_way() {
        let text: Vec<u8> = (0..100_000u32)
            .map(|i| match i % 7 {
                0 => b'\n',
                1 => 0x0B,
                2 => 0x8A,
                _ => (i.wrapping_mul(2_654_435_761) >> 13) as u8,
            })
            .collect();
        for len in [0, 1, 7, 8, 9, 2039, 2040, 2041, 2048, 20_000, 100_000] {
            for start in 0..3 {
                let t = &text[start.min(len)..len];
                let newlines = t.iter().filter(|&&b| b == b'\n').count() as u64;
                let chars = t.iter().filter(|&&b| (b & 0xC0) != 0x80).count() as u64;
                assert_eq!(
                    (count_newlines(t), count_chars(t)),
                    (newlines, chars),
                    "{start}..{len}"
                );
            }
        }
        let all_newlines = vec![b'\n'; 5000];
        assert_eq!(count_newlines(&all_newlines), 5000);
        assert_eq!(count_chars(&all_newlines), 5000);
        let all_continuations = vec![0x80; 5000];
        assert_eq!(count_chars(&all_continuations), 0);
    }
}
