//! Finding the first byte of a set of high byte values (0x80..=0xFF) in
//! bulk: the late pass reads every byte of a whole file, where only a few
//! values (those the leading candidates read differently) matter.
//!
//! A byte `h << 4 | l` is a member when bit `h - 8` of `low[l]` is set: two
//! 16-entry lookups (one per nibble) and an AND classify a whole vector at
//! once, for any set of high bytes (ASCII's high nibbles look up 0).

use crate::codec::SimdPath as Kernel;

/// A set of byte values 0x80..=0xFF.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct HighSet {
    /// Per low nibble, a bit per high nibble 8..=15 of the members.
    low: [u8; 16],
}

impl HighSet {
    /// The values `0x80 + i` for which `members[i]`.
    pub(super) fn new(members: &[bool; 128]) -> HighSet {
        let mut low = [0u8; 16];
        for (i, _) in members.iter().enumerate().filter(|(_, &m)| m) {
            low[i & 15] |= 1 << (i >> 4);
        }
        HighSet { low }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.low == [0; 16]
    }

    fn contains(&self, b: u8) -> bool {
        b >= 0x80 && self.low[usize::from(b & 15)] & (1 << ((b >> 4) - 8)) != 0
    }

    /// The position of the first byte of `bytes` in the set.
    pub(super) fn find(&self, bytes: &[u8]) -> Option<usize> {
        if self.is_empty() {
            return None;
        }
        match Kernel::select() {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `select` returns AVX2 only when this CPU has it.
            Kernel::Avx2 => unsafe { self.find_avx2(bytes) },
            _ => self.find_scalar(bytes, 0),
        }
    }

    /// From `from` on, a byte at a time: eight ASCII bytes skipped at once.
    fn find_scalar(&self, bytes: &[u8], from: usize) -> Option<usize> {
        let mut at = from;
        while at < bytes.len() {
            at += crate::codec::ascii_run(&bytes[at..]);
            match bytes.get(at) {
                Some(&b) if self.contains(b) => return Some(at),
                Some(_) => at += 1,
                None => break,
            }
        }
        None
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn find_avx2(&self, bytes: &[u8]) -> Option<usize> {
        use std::arch::x86_64::*;
        // Two vectors a round: one test for both, and the first hit found
        // again a vector at a time.
        const ROUND: usize = 64;
        // Bit h - 8 for high nibbles 8..=15, none for ASCII's.
        let high: [u8; 16] = std::array::from_fn(|h| if h >= 8 { 1 << (h - 8) } else { 0 });
        // SAFETY: the 16-byte loads read 16-byte arrays; the 32-byte loads
        // read `bytes[at..at + 64]`, in bounds by the loop's condition.
        unsafe {
            let low = _mm256_broadcastsi128_si256(_mm_loadu_si128(self.low.as_ptr().cast()));
            let high = _mm256_broadcastsi128_si256(_mm_loadu_si128(high.as_ptr().cast()));
            let nibble = _mm256_set1_epi8(0x0F);
            let hits = |at: usize| {
                let v = _mm256_loadu_si256(bytes.as_ptr().add(at).cast());
                let lo = _mm256_shuffle_epi8(low, _mm256_and_si256(v, nibble));
                let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibble);
                _mm256_and_si256(lo, _mm256_shuffle_epi8(high, hi))
            };
            let mut at = 0;
            while at + ROUND <= bytes.len() {
                let (a, b) = (hits(at), hits(at + 32));
                let any = _mm256_or_si256(a, b);
                if _mm256_testz_si256(any, any) == 0 {
                    let zero = _mm256_setzero_si256();
                    let first = !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, zero)) as u32);
                    let second = !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(b, zero)) as u32);
                    let found = u64::from(first) | u64::from(second) << 32;
                    return Some(at + found.trailing_zeros() as usize);
                }
                at += ROUND;
            }
            self.find_scalar(bytes, at)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::force_path;

    /// Every path against the plain definition, for every member value at
    /// every position of a block and its tail, among other high bytes.
    #[test]
    fn finds_the_first_member_on_every_path() {
        let mut members = [false; 128];
        for b in [0x80u8, 0xA4, 0xBD, 0xF0, 0xFF] {
            members[usize::from(b - 0x80)] = true;
        }
        let set = HighSet::new(&members);
        let filler: Vec<u8> = (0..141u8)
            .map(|i| if i % 3 == 0 { 0xE9 } else { b'a' + i % 26 })
            .collect();
        for path in [Kernel::Scalar, Kernel::Ssse3, Kernel::Avx2] {
            force_path(Some(path));
            assert_eq!(set.find(&filler), None, "{path:?}");
            for value in 0x80..=0xFFu8 {
                for at in [0, 1, 31, 32, 33, 63, 64, 65, 69, 127, 128, 140] {
                    let mut bytes = filler.clone();
                    bytes[at] = value;
                    let member = members[usize::from(value - 0x80)];
                    let expected = member.then_some(at);
                    assert_eq!(set.find(&bytes), expected, "{path:?} {value:#x} at {at}");
                }
            }
        }
        force_path(None);
        assert!(HighSet::new(&[false; 128]).is_empty());
        assert_eq!(HighSet::new(&[false; 128]).find(&[0xA4]), None);
    }
}
