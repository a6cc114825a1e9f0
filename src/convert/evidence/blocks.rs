//! The count of valid UTF-8 sequences and stray bytes, 64 bytes at a time,
//! exact in any chunking.
//!
//! Read as UTF-8, every byte that is not a continuation (0x80..=0xBF) starts
//! something: nothing (ASCII), a stray byte (0xC0, 0xC1, 0xF5..=0xFF), or a
//! sequence from a lead (0xC2..=0xF4). A lead takes the continuations after
//! it while they fit Unicode's Table 3-7 (its second byte in the lead's
//! range, the rest 0x80..=0xBF, up to its length): all of them make a valid
//! sequence, fewer a maximal invalid subpart, one stray. A continuation no
//! lead took is a stray byte of its own. So whether a continuation is taken,
//! and whether it ends a valid sequence, depends only on the three bytes
//! before it, and the counts are bit arithmetic on one bit a byte per class
//! ([`Planes`]):
//!
//! - `second`: a continuation in the second-byte range of the lead before;
//! - `third`: a continuation after a `second` whose lead is E0..=F4;
//! - `fourth`: a continuation after a `third` whose lead is F0..=F4;
//! - taken = `second | third | fourth`; valid sequences end at a `second`
//!   after C2..=DF, a `third` after E0..=EF, and every `fourth`;
//! - units (sequences and stray bytes) = non-ASCII bytes - taken, so
//!   stray = non-ASCII - taken - valid.
//!
//! A sequence cut by the end of the bytes fed so far counts as a stray byte
//! (its lead is a unit that ends no valid sequence), as if the input ended
//! there; the block that completes it takes that back. The counts are those
//! of the input so far, whatever the chunking: [`Behind`] carries the last
//! three bytes' classes from one block to the next.
//!
//! Most blocks of legacy text have no byte taken at all: no continuation
//! right after a high byte (a high byte among ASCII, whatever it is, is one
//! stray byte). A [`Glance`] at a block (its high, continuation and NUL
//! bytes) finds them, and they are counted from it alone. In Latin text
//! almost every block is one, so the loop's one branch on it is foreseen;
//! the branches it replaces (any high byte? any continuation?) went either
//! way at random from block to block, and cost more than the counting.
//!
//! [`Glance`]s and [`Planes`] come from a classifier per CPU path, the
//! planes given the byte before the block: [`Words`] here (eight bytes at
//! a time in a `u64`, any target), SSSE3 or AVX2 (`x86.rs`).

/// One bit a byte (bit i: the block's byte i) for each class of byte the
/// count needs.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct Planes {
    /// 0x80..=0xFF.
    pub high: u64,
    /// 0x80..=0xBF.
    pub cont: u64,
    /// A continuation the byte before takes as its second byte: that byte
    /// is a lead (0xC2..=0xF4) and this one in its range (0x80..=0xBF,
    /// after E0 0xA0..=0xBF, after ED 0x80..=0x9F, after F0 0x90..=0xBF,
    /// after F4 0x80..=0x8F).
    pub second: u64,
    /// Bytes from 0xE0, from 0xF0: where a lead of three or four bytes,
    /// of four, can be (0xF5..=0xFF are no lead, but these planes are only
    /// looked at before a `second`, which only a lead has).
    pub lead3: u64,
    pub lead4: u64,
    pub nul: u64,
}

impl Planes {
    /// The classes of the bytes of `block` after `before`, one at a time:
    /// the definition every classifier is checked against.
    #[cfg(test)]
    pub(super) fn bytewise(block: &[u8], mut before: u8) -> Planes {
        let mut p = Planes::default();
        for (i, &b) in block.iter().enumerate() {
            let bit = |yes: bool| u64::from(yes) << i;
            // Unicode Table 3-7; no second byte after anything else.
            let (from, to) = match before {
                0xC2..=0xDF | 0xE1..=0xEC | 0xEE..=0xEF | 0xF1..=0xF3 => (0x80, 0xBF),
                0xE0 => (0xA0, 0xBF),
                0xED => (0x80, 0x9F),
                0xF0 => (0x90, 0xBF),
                0xF4 => (0x80, 0x8F),
                _ => (1, 0),
            };
            p.high |= bit(b >= 0x80);
            p.cont |= bit((0x80..=0xBF).contains(&b));
            p.second |= bit((from..=to).contains(&b));
            p.lead3 |= bit(b >= 0xE0);
            p.lead4 |= bit(b >= 0xF0);
            p.nul |= bit(b == 0);
            before = b;
        }
        p
    }
}

/// A block's high, continuation and NUL bytes (bit i: the block's byte
/// i), as in [`Planes`]: enough to count a block none of whose bytes is
/// taken.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct Glance {
    pub high: u64,
    pub cont: u64,
    pub nul: u64,
}

impl Glance {
    /// Whether no byte of the block is taken into a sequence: none is a
    /// continuation right after a high byte (`after_high`: the byte before
    /// the block is one). A second byte needs a lead before it, and a
    /// third or fourth a second byte before it.
    #[inline(always)]
    fn untaken(&self, after_high: bool) -> bool {
        self.cont & ((self.high << 1) | u64::from(after_high)) == 0
    }
}

/// The last three bytes' classes (bit 63: the last byte, bit 62 the one
/// before, ...), and the last byte.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct Behind {
    lead3: u64,
    lead4: u64,
    second: u64,
    third: u64,
    pub last: u8,
}

impl Behind {
    /// `self` followed by `next`, the classes of `n` more bytes counted
    /// from a fresh start (all clear before them).
    pub(super) fn then(self, next: Behind, n: u64) -> Behind {
        let join = |before: u64, now: u64| if n >= 64 { now } else { now | (before >> n) };
        Behind {
            lead3: join(self.lead3, next.lead3),
            lead4: join(self.lead4, next.lead4),
            second: join(self.second, next.second),
            third: join(self.third, next.third),
            last: next.last,
        }
    }
}

/// The running counts (`Utf8Evidence`'s).
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Counts {
    pub multibyte: u64,
    pub stray: u64,
    pub nul: [u64; 2],
    pub len: u64,
    pub behind: Behind,
}

/// `now` moved `k` bytes on, the last `k` bits of `before` coming in at
/// the bottom: bit i says what byte i - k is.
#[inline(always)]
fn back(now: u64, before: u64, k: u32) -> u64 {
    (now << k) | (before >> (64 - k))
}

/// What `before` (bit 63 the last byte) becomes after `n` more bytes whose
/// classes are `now`'s low `n` bits.
#[inline(always)]
fn slide(now: u64, before: u64, n: u32) -> u64 {
    if n == 64 {
        now
    } else {
        (now << (64 - n)) | (before >> n)
    }
}

impl Counts {
    /// Counts the NULs of a block at `len` (bit i: byte len + i).
    #[inline(always)]
    fn add_nuls(&mut self, nul: u64) {
        if nul != 0 {
            // The even bytes alternate.
            let even = if self.len.is_multiple_of(2) {
                0x5555_5555_5555_5555
            } else {
                0xAAAA_AAAA_AAAA_AAAA
            };
            self.nul[0] += u64::from((nul & even).count_ones());
            self.nul[1] += u64::from((nul & !even).count_ones());
        }
    }

    /// Counts a block of 64 bytes none of which is taken
    /// ([`Glance::untaken`]): nothing taken, no sequence ends, every high
    /// byte a unit, stray unless a later block takes it back. `behind` is
    /// left as it was: [`Counts::behind_untaken`] works it out when needed.
    #[inline(always)]
    fn add_untaken(&mut self, g: Glance) {
        self.add_nuls(g.nul);
        self.len += 64;
        self.stray += u64::from(g.high.count_ones());
    }

    /// Sets `behind` to what a block of 64 bytes none of which is taken,
    /// whose classes are `p`, leaves behind it: its leads, no second or
    /// third byte (so `p` may have been classified after any byte).
    #[inline(always)]
    fn behind_untaken(&mut self, p: Planes) {
        let b = &mut self.behind;
        (b.lead3, b.lead4, b.second, b.third) = (p.lead3, p.lead4, 0, 0);
    }

    /// Counts a block of `n` (1..=64) bytes whose classes are `p` (bits
    /// `n` up clear).
    #[inline(always)]
    fn add_block(&mut self, p: Planes, n: u32) {
        self.add_nuls(p.nul);
        self.len += u64::from(n);
        let b = &mut self.behind;
        if p.high == 0 {
            // Nothing taken, nothing ends, no lead left behind.
            (b.lead3, b.lead4) = (slide(0, b.lead3, n), slide(0, b.lead4, n));
            (b.second, b.third) = (slide(0, b.second, n), slide(0, b.third, n));
            return;
        }
        if p.cont == 0 {
            // No continuation: nothing taken, no sequence ends; each high
            // byte is a unit, stray unless a later block takes it back.
            self.stray += u64::from(p.high.count_ones());
            (b.lead3, b.lead4) = (slide(p.lead3, b.lead3, n), slide(p.lead4, b.lead4, n));
            (b.second, b.third) = (slide(0, b.second, n), slide(0, b.third, n));
            return;
        }
        let third = back(p.lead3, b.lead3, 2) & back(p.second, b.second, 1) & p.cont;
        let fourth = back(p.lead4, b.lead4, 3) & back(third, b.third, 1) & p.cont;
        let valid =
            (p.second & !back(p.lead3, b.lead3, 1)) | (third & !back(p.lead4, b.lead4, 2)) | fourth;
        let taken = p.second | third | fourth;
        self.multibyte += u64::from(valid.count_ones());
        self.stray += u64::from(p.high.count_ones());
        self.stray -= u64::from(taken.count_ones() + valid.count_ones());
        b.lead3 = slide(p.lead3, b.lead3, n);
        b.lead4 = slide(p.lead4, b.lead4, n);
        b.second = slide(p.second, b.second, n);
        b.third = slide(third, b.third, n);
    }

    /// Counts `bytes` in blocks of 64, from a [`Glance`] (`glance`) where
    /// no byte of the block is taken, else from its [`Planes`]
    /// (`classifier(before)` classifies blocks in turn from the one after
    /// the byte `before`; the last, shorter block padded with NUL bytes,
    /// not counted). After a block that may take a byte the next ones are
    /// classified without a glance until one has no continuation byte.
    #[inline(always)]
    pub(super) fn add_blocks<C: FnMut(&[u8; 64]) -> Planes>(
        &mut self,
        bytes: &[u8],
        glance: impl Fn(&[u8; 64]) -> Glance,
        classifier: impl Fn(u8) -> C,
    ) {
        let Some(&last) = bytes.last() else {
            return;
        };
        // A copy the loop keeps in registers (no store per block).
        let mut counts = *self;
        let mut classify = classifier(counts.behind.last);
        let mut glancing = true;
        // Whether the byte before the block is a high byte.
        let mut after_high = counts.behind.last >= 0x80;
        // The last block if it was counted from a glance: its `behind` is
        // still to be set, and `classify` to start after it.
        let mut untaken: Option<&[u8; 64]> = None;
        let mut blocks = bytes.chunks_exact(64);
        for block in &mut blocks {
            let block = block.try_into().expect("64 bytes");
            if glancing {
                let g = glance(block);
                if g.untaken(after_high) {
                    after_high = g.high >> 63 == 1;
                    counts.add_untaken(g);
                    untaken = Some(block);
                    continue;
                }
                if let Some(u) = untaken.take() {
                    counts.behind_untaken(classifier(0)(u));
                    classify = classifier(u[63]);
                }
            }
            let p = classify(block);
            after_high = p.high >> 63 == 1;
            // In text of sequences (UTF-8, the pairs of the CJK encodings)
            // a glance would seldom do: the next one waits for a block
            // without continuation bytes (quicker to test than none taken).
            glancing = p.cont == 0;
            counts.add_block(p, 64);
        }
        if let Some(u) = untaken {
            counts.behind_untaken(classifier(0)(u));
            classify = classifier(u[63]);
        }
        let rest = blocks.remainder();
        if !rest.is_empty() {
            let mut padded = [0u8; 64];
            padded[..rest.len()].copy_from_slice(rest);
            let mut p = classify(&padded);
            p.nul &= (1 << rest.len()) - 1;
            counts.add_block(p, rest.len() as u32);
        }
        counts.behind.last = last;
        *self = counts;
    }
}

const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Bit 7 of each byte of `w` that is `t` (0x80 or more) or above.
#[inline(always)]
fn at_least(w: u64, t: u8) -> u64 {
    // (b & 0x7F) + 0x80 - (t & 0x7F) = b - t + 0x80 for a high byte: bit 7
    // set when b >= t, never carrying into the next byte.
    ((w & LOW7) + u64::from(0x80 - (t & 0x7F)) * 0x0101_0101_0101_0101) & w & HIGH
}

/// Bit 7 of each byte of `w` that is `t` (0x80..=0xFE).
#[inline(always)]
fn equal(w: u64, t: u8) -> u64 {
    at_least(w, t) & !at_least(w, t + 1)
}

/// Bit 7 of each byte of `m` gathered into the low 8 bits.
#[inline(always)]
fn gather(m: u64) -> u64 {
    ((m >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// A block's [`Glance`] on any CPU, eight bytes at a time in a `u64`.
pub(super) fn glance_by_words(block: &[u8; 64]) -> Glance {
    let mut g = Glance::default();
    for (i, word) in block.chunks_exact(8).enumerate() {
        let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        let high = w & HIGH;
        let at = 8 * i;
        g.high |= gather(high) << at;
        g.cont |= gather(high & !at_least(w, 0xC0)) << at;
        g.nul |= gather(!(((w & LOW7) + LOW7) | w) & HIGH) << at;
    }
    g
}

/// The classifier for any CPU: eight bytes at a time in a `u64`, each
/// class a byte's bit 7.
pub(super) struct Words {
    /// The byte before the next block.
    pub before: u8,
}

impl Words {
    pub(super) fn planes(&mut self, block: &[u8; 64]) -> Planes {
        let mut p = Planes::default();
        for (i, word) in block.chunks_exact(8).enumerate() {
            let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
            // Each byte's byte before.
            let a = (w << 8) | u64::from(self.before);
            self.before = word[7];
            let at = 8 * i;
            let nul = !(((w & LOW7) + LOW7) | w) & HIGH;
            p.nul |= gather(nul) << at;
            let high = w & HIGH;
            if high == 0 {
                continue;
            }
            let ge = |t| at_least(w, t);
            let cont = high & !ge(0xC0);
            let narrow = (equal(a, 0xE0) & !ge(0xA0))
                | (equal(a, 0xED) & ge(0xA0))
                | (equal(a, 0xF0) & !ge(0x90))
                | (equal(a, 0xF4) & ge(0x90));
            let lead = at_least(a, 0xC2) & !at_least(a, 0xF5);
            let set = |plane: &mut u64, m: u64| *plane |= gather(m) << at;
            set(&mut p.high, high);
            set(&mut p.cont, cont);
            set(&mut p.second, lead & cont & !narrow);
            set(&mut p.lead3, ge(0xE0));
            set(&mut p.lead4, ge(0xF0));
        }
        p
    }
}
