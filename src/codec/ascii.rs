//! ASCII fast paths shared by the families: every ASCII-compatible decoder and
//! encoder copies runs of ASCII a machine word at a time.

const WORD: usize = std::mem::size_of::<usize>();
const HIGH_BITS: usize = usize::from_ne_bytes([0x80; WORD]);

/// Length of the longest ASCII prefix of `src`.
#[inline]
pub(crate) fn ascii_prefix_len(src: &[u8]) -> usize {
    let mut i = 0;
    // Two words per step: the common case is long ASCII runs.
    while i + 2 * WORD <= src.len() {
        let a = usize::from_ne_bytes(src[i..i + WORD].try_into().unwrap());
        let b = usize::from_ne_bytes(src[i + WORD..i + 2 * WORD].try_into().unwrap());
        if (a | b) & HIGH_BITS != 0 {
            break;
        }
        i += 2 * WORD;
    }
    while i < src.len() && src[i] < 0x80 {
        i += 1;
    }
    i
}

/// Copies the ASCII prefix of `src` into `dst` (as far as both allow) and
/// returns its length.
#[inline]
pub(crate) fn copy_ascii(src: &[u8], dst: &mut [u8]) -> usize {
    let limit = src.len().min(dst.len());
    let n = ascii_prefix_len(&src[..limit]);
    dst[..n].copy_from_slice(&src[..n]);
    n
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
            }
        }
    }
}
