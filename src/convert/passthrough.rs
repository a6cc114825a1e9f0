//! UTF-8 to UTF-8 from a slice (a mapped file): valid runs go from the
//! input to the sink with no decoding, and lines are counted only when a
//! position is needed. The result is exactly that of the decoder: each
//! malformed sequence, as the standard's UTF-8 decoder delimits it (which is
//! what `valid_up_to` and `error_len` of `str::from_utf8` report: the maximal
//! subpart of a sequence), becomes one U+FFFD.
//!
//! What is validated is what is written: each window of the input is copied
//! into the converter's buffer first, and validated and written from there.
//! Another process may change a mapped file while it is read; the copy makes
//! sure that no byte reaches the output without having been validated, so
//! `-e fatal` cannot pass invalid UTF-8 whatever happens to the file.
//! Progress is reported by input position, every [`SLICE_WINDOW`] bytes,
//! clean or not (the caller releases the pages done at each report).

use super::fill::FFFD;
use super::{ConvertError, Converter, ErrorMode, MalformedInput, Summary, SLICE_WINDOW};
use crate::codec::{bom_sniff, UTF_8};
use std::io::Write;

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
        let mut next_report = done + SLICE_WINDOW;
        // The copy each window is validated and written from.
        let mut copy = std::mem::take(&mut self.text);
        let result = loop {
            if done == bytes.len() {
                break Ok(());
            }
            let end = bytes.len().min(done + copy.len());
            let window = &mut copy[..end - done];
            window.copy_from_slice(&bytes[done..end]);
            let step = self.pass_window(window, done, bytes, &mut tracked, sink);
            match step {
                Ok(n) => done += n,
                Err(e) => break Err(e),
            }
            if done >= next_report {
                progress(done as u64);
                next_report = done + SLICE_WINDOW;
            }
        };
        self.text = copy;
        result?;
        if let Some(from) = tracked {
            self.tracker.skip(done - from);
        }
        progress(done as u64);
        self.finished = true;
        Ok(self.summary())
    }

    /// Validates and writes `window`, a copy of the input from byte
    /// `start`, replacing each malformed sequence. A sequence cut by the end
    /// of the window is left for the next one (unless the input ends there).
    /// Returns how much of the window is done. `input` is the whole input,
    /// only for counting lines before the first replacement.
    fn pass_window<W: Write + ?Sized>(
        &mut self,
        window: &[u8],
        start: usize,
        input: &[u8],
        tracked: &mut Option<usize>,
        sink: &mut W,
    ) -> Result<usize, ConvertError> {
        let at_end = start + window.len() == input.len();
        let mut done = 0;
        while done < window.len() {
            let rest = &window[done..];
            let (valid, malformed) = match simdutf8::compat::from_utf8(rest) {
                Ok(_) => (rest.len(), None),
                Err(e) => match e.error_len() {
                    Some(n) => (e.valid_up_to(), Some(n)),
                    None if !at_end => (e.valid_up_to(), None),
                    // A sequence cut by the end of the input.
                    None => (e.valid_up_to(), Some(rest.len() - e.valid_up_to())),
                },
            };
            if self.write_output && valid > 0 {
                sink.write_all(&rest[..valid])
                    .map_err(ConvertError::Write)?;
            }
            done += valid;
            self.summary.bytes_read += valid as u64;
            if tracked.is_none() {
                self.tracker.skip(valid);
            }
            let Some(len) = malformed else {
                // All valid, or a sequence cut by the end of the window.
                return Ok(done);
            };
            let sequence = &rest[valid..valid + len];
            let offset = start + done;
            done += len;
            self.summary.bytes_read += len as u64;
            self.replace(sequence, offset, &input[..offset], tracked)?;
            if self.write_output {
                sink.write_all(FFFD).map_err(ConvertError::Write)?;
            }
        }
        Ok(done)
    }

    /// Counts the malformed `sequence` at `offset`, with its position if it
    /// is the first (`before` is the input before it); in fatal mode, the
    /// error.
    fn replace(
        &mut self,
        sequence: &[u8],
        offset: usize,
        before: &[u8],
        tracked: &mut Option<usize>,
    ) -> Result<(), ConvertError> {
        if let Some(from) = tracked.take() {
            self.tracker.advance(&before[from..]);
            let position = self.tracker.position_in(&[], 0);
            let m = MalformedInput::new(UTF_8, offset as u64, sequence, position);
            if self.mode == ErrorMode::Fatal {
                return Err(ConvertError::Malformed(m));
            }
            self.summary.first_malformed = Some(m);
            self.tracker.advance(FFFD);
        } else {
            self.tracker.skip(FFFD.len());
        }
        self.summary.malformed += 1;
        Ok(())
    }
}
