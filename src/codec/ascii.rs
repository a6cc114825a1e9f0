//! ASCII fast paths shared by the families: every ASCII-compatible decoder and
//! encoder copies runs of ASCII a machine word at a time.

const WORD: usize = std::mem::size_of::<usize>();
const HIGH_BITS: usize = usize::from_ne_bytes([0x80; WORD]);

/// Copies the ASCII prefix of `src` into `dst` (as far as both allow) and
/// returns its length. Bytes of `dst` after that length may be overwritten
/// too (with bytes of `src`): callers write there next anyway.
#[inline]
pub(crate) fn copy_ascii(src: &[u8], dst: &mut [u8]) -> usize {
    let limit = src.len().min(dst.len());
    let (src, dst) = (&src[..limit], &mut dst[..limit]);
    let mut i = vector_prefix(src, dst);
    if src.get(i).is_some_and(|&b| b >= 0x80) {
        return i;
    }
    // A word at a time, copied before it is checked: the first non-ASCII
    // byte of the word ends the run.
    while i + 2 * WORD <= limit {
        let a = usize::from_le_bytes(src[i..i + WORD].try_into().unwrap());
        let b = usize::from_le_bytes(src[i + WORD..i + 2 * WORD].try_into().unwrap());
        dst[i..i + WORD].copy_from_slice(&a.to_le_bytes());
        dst[i + WORD..i + 2 * WORD].copy_from_slice(&b.to_le_bytes());
        if (a | b) & HIGH_BITS != 0 {
            return i + first_high(a, b);
        }
        i += 2 * WORD;
    }
    // One more word: short runs (between CJK characters, in markup) are common.
    if i + WORD <= limit {
        let a = usize::from_le_bytes(src[i..i + WORD].try_into().unwrap());
        dst[i..i + WORD].copy_from_slice(&a.to_le_bytes());
        if a & HIGH_BITS != 0 {
            return i + first_high(a, 0);
        }
        i += WORD;
    }
    while i < limit && src[i] < 0x80 {
        dst[i] = src[i];
        i += 1;
    }
    i
}

/// The bytes one [`copy_block`] takes.
pub(crate) const BLOCK: usize = 32;

/// What [`copy_block`] saw in its block, a bit per byte (bit `i` for byte
/// `i`): the non-ASCII bytes, and of them the lead bytes (0xC0 up).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Probe {
    pub high: u32,
    pub leads: u32,
}

/// Copies the first [`BLOCK`] bytes of `src` into `dst` (both at least that
/// long) and reports which of them are non-ASCII and which lead a
/// character. For text where ASCII runs are short (Latin between accented
/// letters): one probe per block, no setup, and the masks say where every
/// character of the block starts, so a loop can take them without probing
/// again. (64-byte blocks cost Latin text more than they gain on markup,
/// measured.)
#[inline(always)]
pub(crate) fn copy_block(src: &[u8], dst: &mut [u8]) -> Probe {
    let (src, dst) = (&src[..BLOCK], &mut dst[..BLOCK]);
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        // SAFETY: both slices are 32 bytes long (sliced above); SSE2 is
        // always present.
        unsafe {
            let a = _mm_loadu_si128(src.as_ptr().cast());
            let b = _mm_loadu_si128(src.as_ptr().add(16).cast());
            _mm_storeu_si128(dst.as_mut_ptr().cast(), a);
            _mm_storeu_si128(dst.as_mut_ptr().add(16).cast(), b);
            let mask = |v| _mm_movemask_epi8(v) as u32;
            // Signed, 0xC0 and up (and ASCII) are above -65.
            let above = |v| _mm_cmpgt_epi8(v, _mm_set1_epi8(-65));
            let high = mask(a) | mask(b) << 16;
            let ascii_or_lead = mask(above(a)) | mask(above(b)) << 16;
            Probe {
                high,
                leads: high & ascii_or_lead,
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        dst.copy_from_slice(src);
        let bits = |f: fn(u8) -> bool| (0..BLOCK).filter(|&i| f(src[i])).fold(0, |m, i| m | 1 << i);
        Probe {
            high: bits(|b| b >= 0x80),
            leads: bits(|b| b >= 0xC0),
        }
    }
}

/// On x86-64 (SSE2 is part of the baseline): copies 32 bytes at a time, two
/// 16-byte vectors copied before they are checked, as the word loop below;
/// returns how far it got, stopping at a non-ASCII byte or fewer than 32
/// bytes from the end, for the word loop to finish.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn vector_prefix(src: &[u8], dst: &mut [u8]) -> usize {
    use std::arch::x86_64::*;
    debug_assert_eq!(src.len(), dst.len());
    let mut i = 0;
    while i + 32 <= src.len() {
        // SAFETY: src[i..i + 32] and dst[i..i + 32] are in bounds (checked
        // above; `dst` is as long as `src`); SSE2 is always present.
        let mask = unsafe {
            let a = _mm_loadu_si128(src.as_ptr().add(i).cast());
            let b = _mm_loadu_si128(src.as_ptr().add(i + 16).cast());
            _mm_storeu_si128(dst.as_mut_ptr().add(i).cast(), a);
            _mm_storeu_si128(dst.as_mut_ptr().add(i + 16).cast(), b);
            _mm_movemask_epi8(a) as u32 | (_mm_movemask_epi8(b) as u32) << 16
        };
        if mask != 0 {
            return i + mask.trailing_zeros() as usize;
        }
        i += 32;
    }
    i
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn vector_prefix(_src: &[u8], _dst: &mut [u8]) -> usize {
    0
}

/// The index of the first byte with its high bit set in the little-endian
/// words `a` then `b` (one of them has one).
#[inline(always)]
fn first_high(a: usize, b: usize) -> usize {
    let a = a & HIGH_BITS;
    if a != 0 {
        (a.trailing_zeros() / 8) as usize
    } else {
        WORD + ((b & HIGH_BITS).trailing_zeros() / 8) as usize
    }
}

/// The length of the run of ASCII bytes `bytes` starts with, found eight
/// bytes at a time (the detector's texts and the legacy text the
/// "converted already" evidence walks are mostly runs of ASCII).
pub(crate) fn ascii_run(bytes: &[u8]) -> usize {
    let mut n = 0;
    for word in bytes.chunks_exact(8) {
        let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        if w & 0x8080_8080_8080_8080 != 0 {
            break;
        }
        n += 8;
    }
    n + bytes[n..].iter().take_while(|&&b| b < 0x80).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_first_non_ascii_byte_at_every_position() {
        for len in 0..48 {
            for pos in 0..=len {
                let mut v = vec![b'a'; len];
                if pos < len {
                    v[pos] = 0x80;
                }
                let mut dst = vec![0; len];
                assert_eq!(copy_ascii(&v, &mut dst), pos);
                assert_eq!(&dst[..pos], &v[..pos]);
                // A shorter `dst` bounds the copy.
                for dst_len in 0..len {
                    let mut dst = vec![0; dst_len];
                    assert_eq!(copy_ascii(&v, &mut dst), pos.min(dst_len));
                    assert_eq!(&dst[..pos.min(dst_len)], &v[..pos.min(dst_len)]);
                }
                // Only the first non-ASCII byte counts.
                if pos + 1 < len {
                    v[len - 1] = 0xFF;
                    assert_eq!(copy_ascii(&v, &mut vec![0; len]), pos);
                }
            }
        }
    }

    #[test]
    fn a_block_copies_whole_and_marks_its_high_bytes_and_leads() {
        for pos in 0..=BLOCK {
            let mut v: Vec<u8> = (0..BLOCK + 3).map(|i| b'a' + (i % 26) as u8).collect();
            let mut want = Probe { high: 0, leads: 0 };
            if pos < BLOCK {
                // A lead, a trail after it, and every lead byte value in turn.
                v[pos] = 0xC0 + (pos as u8 % 0x40);
                want = Probe {
                    high: 1 << pos,
                    leads: 1 << pos,
                };
                if pos + 1 < BLOCK {
                    v[pos + 1] = 0x80 + (pos as u8 % 0x40);
                    want.high |= 1 << (pos + 1);
                }
            }
            v[BLOCK] = 0xE9; // past the block: not looked at
            let mut dst = vec![0; BLOCK + 3];
            assert_eq!(copy_block(&v, &mut dst), want, "at {pos}");
            assert_eq!(dst[..BLOCK], v[..BLOCK]);
            assert_eq!(dst[BLOCK..], [0; 3]);
        }
    }
}
