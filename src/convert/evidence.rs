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

use crate::codec::{Encoding, REPLACEMENT, UTF_16BE, UTF_16LE, UTF_8};

/// What an input's bytes say about being UTF-8 text.
#[derive(Debug, Default, Clone)]
pub struct Utf8Evidence {
    /// Valid sequences of two to four bytes.
    pub multibyte: u64,
    /// Bytes that are not part of a valid sequence (each maximal invalid
    /// subpart counted once, as a decoder would replace it).
    pub stray: u64,
    /// NUL bytes at even and at odd offsets.
    pub nul: [u64; 2],
    /// Bytes fed.
    pub len: u64,
    /// The first two bytes, and how many there were.
    start: [u8; 2],
    start_len: usize,
    /// The start of a sequence cut by the end of the last chunk.
    carry: [u8; 3],
    carry_len: usize,
}

impl Utf8Evidence {
    pub fn new() -> Utf8Evidence {
        Utf8Evidence::default()
    }

    /// The next bytes of the input.
    pub fn feed(&mut self, mut bytes: &[u8]) {
        while self.start_len < 2 && !bytes.is_empty() {
            self.start[self.start_len] = bytes[0];
            self.start_len += 1;
            self.feed_rest(&bytes[..1]);
            bytes = &bytes[1..];
        }
        self.feed_rest(bytes);
    }

    fn feed_rest(&mut self, mut bytes: &[u8]) {
        for i in memchr::memchr_iter(0, bytes) {
            self.nul[((self.len + i as u64) % 2) as usize] += 1;
        }
        self.len += bytes.len() as u64;
        if self.carry_len > 0 {
            match self.finish_carry(bytes) {
                Some(used) => bytes = &bytes[used..],
                None => return,
            }
        }
        if bytes.is_ascii() {
            return;
        }
        // simdutf8 runs while the text looks like UTF-8 (its last non-ASCII
        // run held more valid sequences than stray bytes). Legacy text has
        // runs of stray bytes between short stretches of ASCII (Japanese:
        // every few bytes), so it skips the ASCII itself: a simdutf8 call
        // per stretch cost more than the decoding.
        let mut utf8_like = true;
        loop {
            if utf8_like {
                match simdutf8::compat::from_utf8(bytes) {
                    Ok(_) => return self.count_valid(bytes),
                    Err(e) => {
                        self.count_valid(&bytes[..e.valid_up_to()]);
                        bytes = &bytes[e.valid_up_to()..];
                    }
                }
            } else {
                bytes = &bytes[crate::codec::ascii_run(bytes)..];
                if bytes.is_empty() {
                    return;
                }
            }
            let (multibyte, stray) = (self.multibyte, self.stray);
            match self.count_non_ascii_run(bytes) {
                Some(rest) => bytes = rest,
                None => return,
            }
            utf8_like = self.multibyte - multibyte > self.stray - stray;
        }
    }

    /// Counts the sequences of the non-ASCII run at the start of `bytes`
    /// and returns what follows it, or None when `bytes` ended (a cut
    /// sequence kept in the carry). Text in a legacy encoding is mostly
    /// stray bytes: one simdutf8 call per stray byte would cost more than
    /// the conversion, so a run is walked here.
    fn count_non_ascii_run<'a>(&mut self, mut bytes: &'a [u8]) -> Option<&'a [u8]> {
        let plain = without_continuations(bytes);
        self.stray += bytes[..plain].iter().filter(|&&b| b >= 0x80).count() as u64;
        bytes = &bytes[plain..];
        while bytes.first().is_some_and(|b| !b.is_ascii()) {
            // Bytes that start no sequence (continuations, C0, C1, F5..FF)
            // are stray bytes one by one: most of a CJK legacy text's.
            let lone = bytes
                .iter()
                .take_while(|&&b| matches!(b, 0x80..=0xC1 | 0xF5..=0xFF))
                .count();
            if lone > 0 {
                self.stray += lone as u64;
                bytes = &bytes[lone..];
                continue;
            }
            match sequence_at(bytes) {
                Sequence::Valid(n) => {
                    self.multibyte += 1;
                    bytes = &bytes[n..];
                }
                Sequence::Stray(n) => {
                    self.stray += 1;
                    bytes = &bytes[n..];
                }
                Sequence::Cut => {
                    self.carry[..bytes.len()].copy_from_slice(bytes);
                    self.carry_len = bytes.len();
                    return None;
                }
            }
        }
        (!bytes.is_empty()).then_some(bytes)
    }

    /// Completes the cut sequence with the first bytes of `bytes`; returns
    /// how many of them it took, or None when `bytes` ended first.
    fn finish_carry(&mut self, bytes: &[u8]) -> Option<usize> {
        let have = self.carry_len;
        let take = bytes.len().min(4 - have);
        let mut joined = [0u8; 4];
        joined[..have].copy_from_slice(&self.carry[..have]);
        joined[have..have + take].copy_from_slice(&bytes[..take]);
        let joined = &joined[..have + take];
        let used = match std::str::from_utf8(joined) {
            Err(e) if e.valid_up_to() == 0 => match e.error_len() {
                Some(n) => {
                    self.stray += 1;
                    n
                }
                None => {
                    // Still cut: all of `bytes` joined the carry.
                    self.carry[..joined.len()].copy_from_slice(joined);
                    self.carry_len = joined.len();
                    return None;
                }
            },
            // The cut sequence is complete and valid: as long as its lead
            // byte says.
            _ => {
                self.multibyte += 1;
                sequence_len(joined[0])
            }
        };
        self.carry_len = 0;
        Some(used.saturating_sub(have))
    }

    fn count_valid(&mut self, valid: &[u8]) {
        self.multibyte += valid.iter().filter(|&&b| b >= 0xC0).count() as u64;
    }

    /// After the last chunk: a sequence still cut is a stray byte.
    pub fn finish(&mut self) {
        if self.carry_len > 0 {
            self.carry_len = 0;
            self.stray += 1;
        }
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

/// The length of a valid UTF-8 sequence that starts with `lead`.
/// The length of the start of `bytes` made of 32-byte blocks with no
/// continuation byte (0x80..=0xBF), less a final lead byte. Such a stretch
/// holds no multi-byte sequence: each of its non-ASCII bytes is a stray
/// byte of its own. Most blocks of legacy text are like this.
fn without_continuations(bytes: &[u8]) -> usize {
    let is_continuation = |b: &u8| b & 0xC0 == 0x80;
    let blocks = bytes.chunks_exact(32);
    let plain = 32
        * blocks
            .take_while(|b| !b.iter().any(is_continuation))
            .count();
    // A lead at the end may take its continuation from what follows.
    if plain > 0 && bytes[plain - 1] >= 0xC0 {
        plain - 1
    } else {
        plain
    }
}

/// What starts at a non-ASCII byte, read as UTF-8.
enum Sequence {
    /// A well-formed sequence of this many bytes.
    Valid(usize),
    /// Ill-formed: its maximal subpart is this many bytes (Unicode §3.9,
    /// as simdutf8's `error_len` and the Encoding Standard count them).
    Stray(usize),
    /// A well-formed beginning cut by the end of the bytes.
    Cut,
}

/// The sequence at the start of `bytes` (its first byte not ASCII), by the
/// table of well-formed UTF-8 (Unicode Table 3-7).
fn sequence_at(bytes: &[u8]) -> Sequence {
    let (len, second) = match bytes[0] {
        0xC2..=0xDF => (2, 0x80..=0xBF),
        0xE0 => (3, 0xA0..=0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80..=0xBF),
        0xED => (3, 0x80..=0x9F),
        0xF0 => (4, 0x90..=0xBF),
        0xF1..=0xF3 => (4, 0x80..=0xBF),
        0xF4 => (4, 0x80..=0x8F),
        _ => return Sequence::Stray(1),
    };
    for i in 1..len {
        let Some(&b) = bytes.get(i) else {
            return Sequence::Cut;
        };
        let allowed = if i == 1 { second.clone() } else { 0x80..=0xBF };
        if !allowed.contains(&b) {
            return Sequence::Stray(i);
        }
    }
    Sequence::Valid(len)
}

fn sequence_len(lead: u8) -> usize {
    match lead {
        0xF0.. => 4,
        0xE0.. => 3,
        0xC0.. => 2,
        _ => 1,
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
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn evidence(chunks: &[&[u8]]) -> Utf8Evidence {
        let mut e = Utf8Evidence::new();
        for c in chunks {
            e.feed(c);
        }
        e.finish();
        e
    }

    /// The counts the plain way: the whole input decoded at once.
    fn reference(bytes: &[u8]) -> (u64, u64, [u64; 2]) {
        let (mut multibyte, mut stray, mut rest) = (0, 0, bytes);
        loop {
            match std::str::from_utf8(rest) {
                Ok(s) => {
                    multibyte += s.chars().filter(|c| !c.is_ascii()).count() as u64;
                    break;
                }
                Err(e) => {
                    let valid = std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap();
                    multibyte += valid.chars().filter(|c| !c.is_ascii()).count() as u64;
                    stray += 1;
                    match e.error_len() {
                        Some(n) => rest = &rest[e.valid_up_to() + n..],
                        None => break,
                    }
                }
            }
        }
        let nul = |parity| {
            let at = bytes
                .iter()
                .enumerate()
                .filter(|(i, &b)| b == 0 && i % 2 == parity);
            at.count() as u64
        };
        (multibyte, stray, [nul(0), nul(1)])
    }

    /// Every lead with every second byte and the edges of a third, whole
    /// and cut after each byte: the walk over non-ASCII runs counts as
    /// the standard library decodes.
    #[test]
    fn every_lead_and_second_byte_counts_as_decoded() {
        for lead in 0x80..=0xFFu8 {
            for second in 0..=0xFFu8 {
                for third in [b'a', 0x80, 0x9F, 0xA0, 0xBF, 0xC0] {
                    let bytes = [lead, second, third, 0x80, b'z'];
                    for cut in 0..bytes.len() {
                        let e = evidence(&[&bytes[..cut], &bytes[cut..]]);
                        let seen = (e.multibyte, e.stray, e.nul);
                        assert_eq!(seen, reference(&bytes), "{bytes:02X?} cut at {cut}");
                    }
                }
            }
        }
    }

    #[test]
    fn one_stray_byte_among_utf8_text() {
        let e = evidence(&[b"Jos\xC3\xA9, Z\xC3\xBCrich, caf\xE9\n"]);
        assert_eq!((e.multibyte, e.stray), (2, 1));
        assert!(e.is_utf8_text());
        assert!(!evidence(&[b"caf\xE9, na\xEFve"]).is_utf8_text());
        assert!(!evidence(&[b"plain ascii"]).is_utf8_text());
        assert!(!evidence(&[b"\x83\x74\x83\x40\x83\x43\x83\x8B"]).is_utf8_text());
    }

    #[test]
    fn utf16_signs() {
        assert!(evidence(&[b"\xFF\xFEa\x00"]).looks_utf16());
        assert!(evidence(&[b"\xFE", b"\xFF\x00a"]).looks_utf16());
        assert!(evidence(&[b"a\x00b\x00"]).looks_utf16());
        let utf8 = evidence(&["Name,City\r\nJos\u{E9},Z\u{FC}rich\r\n".as_bytes()]);
        assert!(utf8.is_utf8_text() && !utf8.looks_utf16());
        // A NUL character in UTF-8 text is no pattern.
        let nul = evidence(&["Name\0City\r\nJos\u{E9},Z\u{FC}rich\r\n".as_bytes()]);
        assert!(nul.is_utf8_text() && !nul.looks_utf16());
    }

    proptest! {
        /// Legacy-like text: blocks without continuation bytes, and a few.
        #[test]
        fn legacy_text_counts_as_the_whole(
            bytes in prop::collection::vec(
                prop_oneof![8 => Just(b'a'), 4 => Just(b' '), 4 => Just(0xC3u8), 4 => Just(0xE9),
                            2 => Just(0xF0), 2 => Just(0xFF), 2 => Just(0xE2), 1 => Just(0xA9),
                            1 => Just(0x80)],
                0..300),
            cut in 0usize..300,
        ) {
            let cut = cut.min(bytes.len());
            let e = evidence(&[&bytes[..cut], &bytes[cut..]]);
            prop_assert_eq!((e.multibyte, e.stray, e.nul), reference(&bytes));
        }

        #[test]
        fn any_chunking_counts_as_the_whole(
            bytes in prop::collection::vec(
                prop_oneof![Just(b'a'), Just(0u8), Just(0x80u8), Just(0xC3), Just(0xA9),
                            Just(0xE2), Just(0xF0), Just(0x9F), Just(0xFF), any::<u8>()],
                0..200),
            cuts in prop::collection::vec(0usize..200, 0..6),
        ) {
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(bytes.len())).collect();
            cuts.push(0);
            cuts.push(bytes.len());
            cuts.sort_unstable();
            let chunks: Vec<&[u8]> = cuts.windows(2).map(|w| &bytes[w[0]..w[1]]).collect();
            let e = evidence(&chunks);
            prop_assert_eq!((e.multibyte, e.stray, e.nul), reference(&bytes));
        }
    }
}
