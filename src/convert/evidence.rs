//! Evidence that an input is UTF-8 text already (the sign of a file
//! converted once and about to be converted again): valid multi-byte UTF-8
//! sequences counted against stray bytes, so that one stray byte in a file
//! of UTF-8 text does not hide it, and a legacy file whose bytes happen to
//! form a sequence or two is not taken for UTF-8. For a UTF-16 input, also
//! what real UTF-16 shows and UTF-8 text does not: a byte order mark, or a
//! NUL pattern (NUL bytes at even or at odd offsets, the high half of every
//! ASCII character, for at least one byte in eight; a NUL character or two
//! in UTF-8 text is no pattern).
//!
//! Fed the input in order, in any chunking: the counts are the same.

mod blocks;
#[cfg(target_arch = "x86_64")]
mod x86;

use crate::codec::{Encoding, SimdPath, REPLACEMENT, UTF_16BE, UTF_16LE, UTF_8};
use blocks::{Behind, Counts, Words};

/// What an input's bytes say about being UTF-8 text.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Utf8Evidence {
    /// Valid sequences of two to four bytes.
    pub multibyte: u64,
    /// Bytes that are not part of a valid sequence (each maximal invalid
    /// subpart counted once, as a decoder would replace it; a sequence cut
    /// by the end of the bytes fed so far is one).
    pub stray: u64,
    /// NUL bytes at even and at odd offsets.
    pub nul: [u64; 2],
    /// Bytes fed.
    pub len: u64,
    /// The first two bytes, and how many there were.
    start: [u8; 2],
    start_len: usize,
    /// What the last three bytes fed start (`blocks.rs`).
    behind: Behind,
}

impl Utf8Evidence {
    pub fn new() -> Utf8Evidence {
        Utf8Evidence::default()
    }

    /// The next bytes of the input. Legacy text is mostly stray bytes
    /// between short stretches of ASCII, so the count is by blocks of 64
    /// bytes in any case, with no branch per byte or per sequence.
    pub fn feed(&mut self, bytes: &[u8]) {
        let first = bytes.len().min(2 - self.start_len);
        self.start[self.start_len..self.start_len + first].copy_from_slice(&bytes[..first]);
        self.start_len += first;
        let mut counts = Counts {
            multibyte: self.multibyte,
            stray: self.stray,
            nul: self.nul,
            len: self.len,
            behind: self.behind,
        };
        match SimdPath::select() {
            // SAFETY: `select` returns AVX2 only when the CPU has it.
            #[cfg(target_arch = "x86_64")]
            SimdPath::Avx2 if std::arch::is_x86_feature_detected!("popcnt") => unsafe {
                x86::add_avx2(&mut counts, bytes)
            },
            // SAFETY: `select` returns SSSE3 or AVX2 (which implies it) only
            // when the CPU has it.
            #[cfg(target_arch = "x86_64")]
            SimdPath::Ssse3 | SimdPath::Avx2 => unsafe { x86::add_ssse3(&mut counts, bytes) },
            _ => counts.add_blocks(bytes, blocks::glance_by_words, |before| {
                let mut words = Words { before };
                move |block: &[u8; 64]| words.planes(block)
            }),
        }
        self.multibyte = counts.multibyte;
        self.stray = counts.stray;
        self.nul = counts.nul;
        self.len = counts.len;
        self.behind = counts.behind;
    }

    /// Adds `next`, the evidence of the bytes that follow these, as if they
    /// had been fed here: how the evidence of pieces converted on several
    /// threads is put together. Exact where nothing is pending between
    /// the two, as after a newline (where `-j` cuts): these bytes are none
    /// or end with an ASCII byte (or `next` is empty). Otherwise returns
    /// false, changing nothing.
    pub(crate) fn append(&mut self, next: &Utf8Evidence) -> bool {
        if next.len == 0 {
            return true;
        }
        if self.len > 0 && self.behind.last >= 0x80 {
            return false;
        }
        let first = next.start_len.min(2 - self.start_len);
        self.start[self.start_len..self.start_len + first].copy_from_slice(&next.start[..first]);
        self.start_len += first;
        // `next` counted its NULs' parity from its own start.
        let odd = usize::from(self.len % 2 == 1);
        self.nul[0] += next.nul[odd];
        self.nul[1] += next.nul[1 - odd];
        self.multibyte += next.multibyte;
        self.stray += next.stray;
        self.behind = self.behind.then(next.behind, next.len);
        self.len += next.len;
        true
    }

    /// Whether the input is UTF-8 text: valid multi-byte sequences, more of
    /// them than stray bytes (a legacy text's bytes rarely form one).
    pub fn is_utf8_text(&self) -> bool {
        self.multibyte > self.stray
    }

    /// Whether the input shows signs of UTF-16: a byte order mark, or a
    /// NUL pattern (at least one byte in eight a NUL at the same parity).
    pub fn looks_utf16(&self) -> bool {
        let bom = self.start_len == 2 && matches!(self.start, [0xFF, 0xFE] | [0xFE, 0xFF]);
        bom || self.nul.iter().any(|&n| n > 0 && n * 8 >= self.len)
    }
}

/// Whether an input `evidence` describes, read as `encoding`, is UTF-8 text
/// misread: anything but UTF-8 misreads UTF-8 text (replacement is refused
/// on its own). UTF-16 misreads ASCII too (any two bytes make a character):
/// for UTF-16, input with no sign of UTF-16 is misread if it is UTF-8 text
/// or valid UTF-8 at all.
pub fn misread(encoding: &'static Encoding, evidence: &Utf8Evidence) -> bool {
    if encoding == UTF_8 || encoding == REPLACEMENT {
        return false;
    }
    if [UTF_16LE, UTF_16BE].contains(&encoding) {
        let valid = evidence.stray == 0 && evidence.len > 0;
        return (valid || evidence.is_utf8_text()) && !evidence.looks_utf16();
    }
    evidence.is_utf8_text()
}

#[cfg(test)]
mod tests;
