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
    line: u64,
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
    let newlines = text.iter().filter(|&&b| b == b'\n').count() as u64;
    if newlines == 0 {
        return (line, chars + count_chars(text));
    }
    // Only reached when a newline exists.
    let last = text.iter().rposition(|&b| b == b'\n').unwrap_or(0);
    (line + newlines, count_chars(&text[last + 1..]))
}

/// Characters in UTF-8 text: bytes that are not continuation bytes.
fn count_chars(text: &[u8]) -> u64 {
    text.iter().filter(|&&b| (b as i8) >= -0x40).count() as u64
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
}
