//! The decoded-text buffer while one decode step fills it.
//!
//! The driver lets the decoder write into the buffer and writes a U+FFFD
//! after each malformed sequence. The arithmetic of that is kept here, where
//! it holds by construction: the filled length only grows by what was
//! written into the free part, so it never passes the end; the decoder is
//! given the free part less room for one U+FFFD, so the replacement always
//! fits after what it wrote; and the decoder is only called again while the
//! free part (less that room) still holds [`MIN_OUTPUT_BUFFER`] bytes, so it
//! can always make progress. No length is ever subtracted from a smaller one.

use crate::codec::MIN_OUTPUT_BUFFER;

/// The UTF-8 bytes of U+FFFD.
pub(super) const FFFD: &[u8] = "\u{FFFD}".as_bytes();

/// The smallest buffer a step can work with: room for the decoder to make
/// progress and for the U+FFFD after it.
pub const MIN_BUFFER_SIZE: usize = MIN_OUTPUT_BUFFER + FFFD.len();

/// A text buffer being filled from its start.
pub(super) struct Fill<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl<'a> Fill<'a> {
    pub(super) fn new(buf: &'a mut [u8]) -> Fill<'a> {
        Fill { buf, len: 0 }
    }

    /// Bytes filled so far.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The filled part.
    pub(super) fn filled(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    /// Where the decoder may write next: the free part less room for one
    /// U+FFFD. `None` when that is less than [`MIN_OUTPUT_BUFFER`] bytes (the
    /// buffer is full: emit it and start again).
    pub(super) fn for_decoder(&mut self) -> Option<&mut [u8]> {
        let free = &mut self.buf[self.len..];
        let room = free.len().checked_sub(FFFD.len())?;
        (room >= MIN_OUTPUT_BUFFER).then(move || &mut free[..room])
    }

    /// The decoder wrote `n` bytes into what [`for_decoder`](Fill::for_decoder)
    /// gave it (a decoder never reports more than it was given).
    pub(super) fn wrote(&mut self, n: usize) {
        assert!(
            self.len + n + FFFD.len() <= self.buf.len(),
            "a decoder wrote past its output buffer"
        );
        self.len += n;
    }

    /// Appends a U+FFFD after what the decoder wrote: the room kept for it.
    pub(super) fn push_fffd(&mut self) {
        self.buf[self.len..self.len + FFFD.len()].copy_from_slice(FFFD);
        self.len += FFFD.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every sequence of "decoder fills all it is given" and "a U+FFFD",
    /// on buffers of every small size: no index ever passes the end, and the
    /// decoder is offered room while at least MIN_OUTPUT_BUFFER is left.
    #[test]
    fn a_replacement_always_fits_after_any_decoder_write() {
        for size in MIN_BUFFER_SIZE..MIN_BUFFER_SIZE + 40 {
            for pattern in 0u32..1 << 10 {
                let mut buf = vec![0; size];
                let mut fill = Fill::new(&mut buf);
                for step in 0..10 {
                    let Some(dst) = fill.for_decoder() else {
                        assert!(size - fill.len() < MIN_BUFFER_SIZE);
                        break;
                    };
                    assert!(dst.len() >= MIN_OUTPUT_BUFFER);
                    // Write all of it, or part of it, then a replacement.
                    let n = if pattern >> step & 1 == 1 {
                        dst.len()
                    } else {
                        dst.len() / 3
                    };
                    fill.wrote(n);
                    fill.push_fffd();
                    assert!(fill.len() <= size);
                    assert!(fill.filled().ends_with(FFFD));
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "past its output buffer")]
    fn a_decoder_claiming_more_than_it_was_given_is_caught() {
        let mut buf = vec![0; 64];
        let mut fill = Fill::new(&mut buf);
        let n = fill.for_decoder().unwrap().len();
        fill.wrote(n + 1);
    }
}
