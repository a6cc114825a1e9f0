//! ASCII fast paths shared by the families: every ASCII-compatible decoder and
//! encoder copies runs of ASCII a machine word at a time.

const WORD: usize = std::mem::size_of::<usize>();
const HIGH_BITS: usize = usize::from_ne_bytes([0x80; WORD]);

/// Length of the longest ASCII prefix of `src`.
// Shared API for the families; none needs it without the copy yet.
#[allow(dead_code)]
#[inline]
pub(crate) fn ascii_prefix_len(src: &[u8]) -> usize {
    let mut i = 0;
    // Two words per step: the common case is long ASCII runs.
    while i + 2 * WORD <= src.len() {
        let a = usize::from_le_bytes(src[i..i + WORD].try_into().unwrap());
        let b = usize::from_le_bytes(src[i + WORD..i + 2 * WORD].try_into().unwrap());
        if (a | b) & HIGH_BITS != 0 {
            return i + first_high(a, b);
        }
        i += 2 * WORD;
    }
    while i < src.len() && src[i] < 0x80 {
        i += 1;
    }
    i
}

/// Copies the ASCII prefix of `src` into `dst` (as far as both allow) and
/// returns its length. Bytes of `dst` after that length may be overwritten
/// too (with bytes of `src`): callers write there next anyway.
#[inline]
pub(crate) fn copy_ascii(src: &[u8], dst: &mut [u8]) -> usize {
    let limit = src.len().min(dst.len());
    let (src, dst) = (&src[..limit], &mut dst[..limit]);
    let mut i = 0;
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
    while i < limit && src[i] < 0x80 {
        dst[i] = src[i];
        i += 1;
    }
    i
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_first_non_ascii_byte_at_every_position() {
        for len in 0..40 {
            for pos in 0..=len {
                let mut v = vec![b'a'; len];
                if pos < len {
                    v[pos] = 0x80;
                }
                assert_eq!(ascii_prefix_len(&v), pos, "len {len} pos {pos}");
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
                    assert_eq!(ascii_prefix_len(&v), pos);
                    assert_eq!(copy_ascii(&v, &mut vec![0; len]), pos);
                }
            }
        }
    }
}
