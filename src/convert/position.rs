//! Line and column of a point in the decoded text.
//!
//! Positions are counted in the text the decoder produced, so they work the
//! same for every input encoding (UTF-16 included): a line ends at U+000A, a
//! column counts characters (Unicode scalar values), and both start at 1.

/// A line and column, both counted from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextPosition {
    pub line: u64,
    pub column: u64,
}

/// Follows the decoded text chunk by chunk. `base` is the UTF-8 offset of the
/// current chunk's start in the whole decoded text; `line` and `chars_in_line`
/// describe that start, less the last `skipped` bytes before it.
#[derive(Debug, Clone)]
pub(crate) struct Tracker {
    pub base: u64,
    pub line: u64,
    chars_in_line: u64,
    /// Text passed over uncounted ([`Tracker::skip`]).
    skipped: u64,
}

impl Tracker {
    pub fn new() -> Tracker {
        Tracker {
            base: 0,
            line: 1,
            chars_in_line: 0,
            skipped: 0,
        }
    }

    /// Moves past `len` bytes of text without counting its lines: for a
    /// caller that keeps the text (a `-j` piece's output) and so can count
    /// it only when a position needs it ([`Tracker::catch_up`]), which is
    /// rarely: line counting was a twentieth of a windows-1252 piece's time.
    pub fn skip(&mut self, len: usize) {
        self.base += len as u64;
        self.skipped += len as u64;
    }

    /// The bytes passed over with [`Tracker::skip`] since the last count.
    pub fn skipped(&self) -> usize {
        self.skipped as usize
    }

    /// Counts `skipped`, the text passed over uncounted (its last
    /// [`Tracker::skipped`] bytes), so that line and column describe `base`.
    pub fn catch_up(&mut self, skipped: &[u8]) {
        debug_assert_eq!(skipped.len() as u64, self.skipped);
        (self.line, self.chars_in_line) = step(self.line, self.chars_in_line, skipped);
        self.skipped = 0;
    }

    /// The position of the character starting at `chunk[offset]`, where
    /// `chunk` is the text that follows the point the tracker has reached
    /// (with nothing skipped uncounted).
    pub fn position_in(&self, chunk: &[u8], offset: usize) -> TextPosition {
        debug_assert_eq!(self.skipped, 0, "positions after skipped text");
        let (line, chars) = step(self.line, self.chars_in_line, &chunk[..offset]);
        TextPosition {
            line,
            column: chars + 1,
        }
    }

    /// Moves back over `text`, which ends where the tracker is and holds no
    /// newline (text held back by the transform stage).
    pub fn back_within_line(&mut self, text: &[u8]) {
        self.base -= text.len() as u64;
        self.chars_in_line -= count_chars(text);
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
    match memchr::memrchr(b'\n', text) {
        None => (line, chars + count_chars(text)),
        Some(last) => (line + newlines, count_chars(&text[last + 1..])),
    }
}

/// Characters in UTF-8 text: bytes that are not continuation bytes.
fn count_chars(text: &[u8]) -> u64 {
    // A continuation byte is 0x80..=0xBF: as i8, below -64.
    text.len() as u64 - count(text, Select::Below(-64))
}

/// Newlines in `text`.
pub(crate) fn count_newlines(text: &[u8]) -> u64 {
    count(text, Select::Equal(b'\n'))
}

/// Which bytes [`count`] counts.
#[derive(Clone, Copy)]
enum Select {
    Equal(u8),
    /// Bytes below this, as signed numbers.
    Below(i8),
}

impl Select {
    #[inline(always)]
    fn test(self, b: u8) -> bool {
        match self {
            Select::Equal(x) => b == x,
            Select::Below(x) => (b as i8) < x,
        }
    }
}

/// How many bytes of `text` are selected: with AVX2 when the processor has
/// it, else with SSE2 (part of every x86-64).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn count(text: &[u8], select: Select) -> u64 {
    if text.len() >= 256 && std::arch::is_x86_feature_detected!("avx2") {
        let whole = text.len() / 32 * 32;
        // SAFETY: the processor has AVX2 (checked just above).
        let n = unsafe { count_avx2(&text[..whole], select) };
        return n + count_sse2(&text[whole..], select);
    }
    count_sse2(text, select)
}

/// [`count`] 64 bytes a round, in two sets of byte-sized counters (two
/// independent chains, so two loads a cycle) summed every 255 rounds;
/// `text.len()` is a multiple of 32.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn count_avx2(text: &[u8], select: Select) -> u64 {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi64, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8, _mm256_extract_epi64,
        _mm256_loadu_si256, _mm256_sad_epu8, _mm256_set1_epi8, _mm256_setzero_si256,
        _mm256_sub_epi8,
    };
    let (equal, x) = match select {
        Select::Equal(x) => (true, _mm256_set1_epi8(x as i8)),
        Select::Below(x) => (false, _mm256_set1_epi8(x)),
    };
    // -1 in each selected byte of the 32 at `v`.
    let mask = |v: &[u8]| {
        // SAFETY: `v` is 32 readable bytes; loadu needs no alignment.
        let v = unsafe { _mm256_loadu_si256(v.as_ptr().cast()) };
        if equal {
            _mm256_cmpeq_epi8(v, x)
        } else {
            _mm256_cmpgt_epi8(x, v)
        }
    };
    // Byte counters (each at most 255) summed into four 64-bit lanes.
    let widen = |acc: __m256i| _mm256_sad_epu8(acc, _mm256_setzero_si256());
    let sum = |lanes: __m256i| {
        (_mm256_extract_epi64::<0>(lanes)
            + _mm256_extract_epi64::<1>(lanes)
            + _mm256_extract_epi64::<2>(lanes)
            + _mm256_extract_epi64::<3>(lanes)) as u64
    };
    let mut pairs = text.chunks_exact(64);
    let mut total = 0;
    loop {
        let (mut a, mut b) = (_mm256_setzero_si256(), _mm256_setzero_si256());
        let mut n = 0;
        for pair in pairs.by_ref().take(255) {
            // A selected byte's mask is -1: subtracting counts it.
            a = _mm256_sub_epi8(a, mask(&pair[..32]));
            b = _mm256_sub_epi8(b, mask(&pair[32..]));
            n += 1;
        }
        total += sum(_mm256_add_epi64(widen(a), widen(b)));
        if n < 255 {
            break;
        }
    }
    let rest = pairs.remainder();
    if rest.len() == 32 {
        total += sum(widen(_mm256_sub_epi8(_mm256_setzero_si256(), mask(rest))));
    }
    total
}

/// [`count`] 16 bytes at a time, in byte-sized counters summed every 255
/// rounds.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn count_sse2(text: &[u8], select: Select) -> u64 {
    let mut vectors = text.chunks_exact(16);
    // SAFETY: SSE2 is part of the x86-64 baseline, so these intrinsics are
    // always available; the loads read exactly the 16 bytes of a chunk.
    let total = unsafe {
        use std::arch::x86_64::{
            _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_cvtsi128_si64, _mm_loadu_si128, _mm_sad_epu8,
            _mm_set1_epi8, _mm_setzero_si128, _mm_sub_epi8, _mm_unpackhi_epi64,
        };
        let (equal, below) = match select {
            Select::Equal(x) => (true, _mm_set1_epi8(x as i8)),
            Select::Below(x) => (false, _mm_set1_epi8(x)),
        };
        let mut total = 0;
        loop {
            let mut acc = _mm_setzero_si128();
            let mut n = 0;
            for v in vectors.by_ref().take(255) {
                let v = _mm_loadu_si128(v.as_ptr().cast());
                let mask = if equal {
                    _mm_cmpeq_epi8(v, below)
                } else {
                    _mm_cmplt_epi8(v, below)
                };
                // A selected byte's mask is -1: subtracting counts it.
                acc = _mm_sub_epi8(acc, mask);
                n += 1;
            }
            let sums = _mm_sad_epu8(acc, _mm_setzero_si128());
            let high = _mm_unpackhi_epi64(sums, sums);
            total += (_mm_cvtsi128_si64(sums) + _mm_cvtsi128_si64(high)) as u64;
            if n < 255 {
                break total;
            }
        }
    };
    let rest = vectors.remainder();
    total + rest.iter().filter(|&&b| select.test(b)).count() as u64
}

/// How many bytes of `text` are selected: a word at a time, in byte-sized
/// counters summed every 255 words.
#[cfg(not(target_arch = "x86_64"))]
fn count(text: &[u8], select: Select) -> u64 {
    count_by_words(text, select)
}

/// [`count`] without SIMD.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn count_by_words(text: &[u8], select: Select) -> u64 {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    // Sets the high bit of each selected byte of a little-endian word.
    let mark = |w: u64| match select {
        Select::Equal(x) => {
            // Exact: no borrow crosses bytes.
            let x = w ^ (LO * u64::from(x));
            !(((x & !HI) + !HI) | x)
        }
        // Only used for continuation bytes, 0b10xxxxxx.
        Select::Below(_) => w & !(w << 1),
    };
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
    total
        + words
            .remainder()
            .iter()
            .filter(|&&b| select.test(b))
            .count() as u64
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
        for len in [
            0, 1, 7, 8, 9, 15, 16, 17, 255, 256, 257, 2039, 2040, 2041, 2048, 4079, 4080, 4081,
            8160, 8161, 16_320, 16_321, 20_000, 32_736, 100_000,
        ] {
            for start in 0..3 {
                let t = &text[start.min(len)..len];
                let newlines = t.iter().filter(|&&b| b == b'\n').count() as u64;
                let chars = t.iter().filter(|&&b| (b & 0xC0) != 0x80).count() as u64;
                assert_eq!(
                    (count_newlines(t), count_chars(t)),
                    (newlines, chars),
                    "{start}..{len}"
                );
                assert_eq!(
                    (
                        count_by_words(t, Select::Equal(b'\n')),
                        t.len() as u64 - count_by_words(t, Select::Below(-64))
                    ),
                    (newlines, chars),
                    "{start}..{len}"
                );
                #[cfg(target_arch = "x86_64")]
                assert_eq!(
                    (
                        count_sse2(t, Select::Equal(b'\n')),
                        t.len() as u64 - count_sse2(t, Select::Below(-64))
                    ),
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
