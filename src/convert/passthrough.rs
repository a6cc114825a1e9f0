//! UTF-8 to UTF-8 from a slice (a mapped file): valid runs go from the
//! input straight to the sink, with no copy through the text buffer, and
//! lines are counted only when a position is needed. The result is exactly
//! that of the decoder: each malformed sequence, as the standard's UTF-8
//! decoder delimits it (which is what `valid_up_to` and `error_len` of
//! `str::from_utf8` report: the maximal subpart of a sequence), becomes one
//! U+FFFD.

use super::{ConvertError, Converter, ErrorMode, MalformedInput, Summary, SLICE_WINDOW};
use crate::codec::{bom_sniff, UTF_8};
use std::io::Write;

const FFFD: &[u8] = "\u{FFFD}".as_bytes();

impl Converter {
    /// Whether [`pass_through`](Converter::pass_through) applies: UTF-8
    /// input (by -f or by its BOM), UTF-8 output or none, nothing fed yet.
    pub(super) fn can_pass_through(&self, bytes: &[u8]) -> bool {
        let s = &self.settings;
        let input = match bom_sniff(bytes) {
            Some((encoding, _)) if s.sniff_bom => encoding,
            _ => s.from,
        };
        input == UTF_8
            && self.encoder.is_none()
            && self.transform.is_none()
            && self.summary.bytes_read == 0
            && !self.finished
    }

    /// Converts all of `bytes`, as [`convert_slice`](Converter::convert_slice)
    /// does, when [`can_pass_through`](Converter::can_pass_through).
    pub(super) fn pass_through<W: Write + ?Sized>(
        &mut self,
        bytes: &[u8],
        sink: &mut W,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Summary, ConvertError> {
        let mut done = 0;
        if self.settings.sniff_bom && bytes.starts_with(b"\xEF\xBB\xBF") {
            // The decoder removes the BOM and notes the encoding it names.
            self.feed(&bytes[..3], false, sink)?;
            done = 3;
        }
        // Until the first replacement, `bytes[tracked..done]` is valid text
        // the tracker has not seen; after it, no position is needed again
        // (UTF-8 output has no unrepresentable characters), so the tracker
        // only keeps the length of the text.
        let mut tracked = Some(done);
        while done < bytes.len() {
            let end = bytes.len().min(done + SLICE_WINDOW);
            let chunk = &bytes[done..end];
            let (valid, malformed) = match simdutf8::compat::from_utf8(chunk) {
                Ok(_) => (chunk.len(), None),
                Err(e) => match e.error_len() {
                    Some(n) => (e.valid_up_to(), Some(n)),
                    // A sequence cut by the end of the window: the next
                    // window starts with it.
                    None if end < bytes.len() => (e.valid_up_to(), None),
                    // A sequence cut by the end of the input.
                    None => (e.valid_up_to(), Some(chunk.len() - e.valid_up_to())),
                },
            };
            if self.write_output && valid > 0 {
                write_input(sink, &chunk[..valid])?;
            }
            done += valid;
            self.summary.bytes_read += valid as u64;
            if tracked.is_none() {
                self.tracker.skip(valid);
            }
            let Some(len) = malformed else {
                progress(done as u64);
                continue;
            };
            let offset = done;
            done += len;
            self.summary.bytes_read += len as u64;
            if let Some(from) = tracked {
                self.tracker.advance(&bytes[from..offset]);
                let position = self.tracker.position_in(&[], 0);
                let m = MalformedInput::new(UTF_8, offset as u64, &bytes[offset..done], position);
                if self.mode == ErrorMode::Fatal {
                    return Err(ConvertError::Malformed(m));
                }
                self.summary.first_malformed = Some(m);
                self.tracker.advance(FFFD);
                tracked = None;
            } else {
                self.tracker.skip(FFFD.len());
            }
            self.summary.malformed += 1;
            if self.write_output {
                sink.write_all(FFFD).map_err(ConvertError::Write)?;
            }
        }
        if let Some(from) = tracked {
            self.tracker.skip(done - from);
        }
        progress(done as u64);
        self.finished = true;
        Ok(self.summary())
    }
}

/// Writes part of the input. If the kernel could not read it (EFAULT), the
/// input is a mapped file that shrank: reading the bytes here raises the
/// SIGBUS that reports exactly that (see `io::signals`), as when the
/// decoder reads them.
pub(super) fn write_input<W: Write + ?Sized>(
    sink: &mut W,
    bytes: &[u8],
) -> Result<(), ConvertError> {
    sink.write_all(bytes).map_err(|e| {
        if e.raw_os_error() == Some(libc::EFAULT) {
            for i in (0..bytes.len()).step_by(4096) {
                std::hint::black_box(bytes[i]);
            }
        }
        ConvertError::Write(e)
    })
}
