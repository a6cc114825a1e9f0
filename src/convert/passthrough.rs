//! UTF-8 to UTF-8 from a slice (a mapped file): valid text goes from the
//! input to the sink with no decoding and no line counting. At the first
//! malformed sequence (if any) the plain way takes over: a fresh UTF-8
//! decoder from there, so replacements, their count and positions, and the
//! fatal error are the codec's, as for any other input.
//!
//! What is validated is what is written: each window of the input is copied
//! into the converter's buffer first, and validated and written from there.
//! Another process may change a mapped file while it is read; the copy makes
//! sure that no byte reaches the output without having been validated, so
//! `-e fatal` cannot pass invalid UTF-8 whatever happens to the file.
//! The hooks hear the input position every [`SLICE_WINDOW`] bytes.

use super::{ConvertError, Converter, Hooks, Summary, SLICE_WINDOW};
use crate::codec::{input_encoding, UTF_8};
use std::io::Write;

impl Converter {
    /// Whether [`pass_through`](Converter::pass_through) applies: UTF-8
    /// input (by -f or by its BOM), UTF-8 output or none, nothing fed yet.
    pub(super) fn can_pass_through(&self, bytes: &[u8]) -> bool {
        let s = &self.settings;
        input_encoding(s.from, s.sniff_bom, bytes).0 == UTF_8
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
        hooks: &mut dyn Hooks,
    ) -> Result<Summary, ConvertError> {
        let (_, bom) = input_encoding(self.settings.from, self.settings.sniff_bom, bytes);
        if bom > 0 {
            // The decoder removes the BOM and notes the encoding it names.
            self.feed(&bytes[..bom], false, sink)?;
        }
        let mut done = bom;
        let mut next_report = done + SLICE_WINDOW;
        // The copy each window is validated and written from.
        let mut copy = std::mem::take(&mut self.text);
        let result = loop {
            if done == bytes.len() {
                break Ok(false);
            }
            let end = bytes.len().min(done + copy.len());
            let window = &mut copy[..end - done];
            window.copy_from_slice(&bytes[done..end]);
            let (valid, clean) = match simdutf8::compat::from_utf8(window) {
                Ok(_) => (window.len(), true),
                // A sequence cut by the end of the window (not of the input).
                Err(e) if e.error_len().is_none() && end < bytes.len() => (e.valid_up_to(), true),
                Err(e) => (e.valid_up_to(), false),
            };
            if self.settings.write_output && valid > 0 {
                if let Err(e) = sink.write_all(&window[..valid]) {
                    break Err(ConvertError::Write(e));
                }
            }
            done += valid;
            self.summary.bytes_read += valid as u64;
            if !clean {
                break Ok(true);
            }
            if done >= next_report {
                hooks.progress(done as u64);
                hooks.consumed(done);
                next_report = done + SLICE_WINDOW;
            }
        };
        self.text = copy;
        if result? {
            return self.hand_over(bytes, bom, done, sink, hooks);
        }
        // UTF-8 output has no unrepresentable characters: no position is
        // needed again, only the length of the text.
        self.tracker.skip(done - bom);
        hooks.progress(done as u64);
        hooks.consumed(done);
        self.finished = true;
        Ok(self.summary())
    }

    /// The valid text `bytes[bom..done]` was written and a malformed
    /// sequence starts at `done`: the rest goes the plain way, through a
    /// UTF-8 decoder that starts there.
    fn hand_over<W: Write + ?Sized>(
        &mut self,
        bytes: &[u8],
        bom: usize,
        done: usize,
        sink: &mut W,
        hooks: &mut dyn Hooks,
    ) -> Result<Summary, ConvertError> {
        self.tracker.advance(&bytes[bom..done]);
        self.decoder = UTF_8.new_decoder_without_bom_handling();
        self.input_base = done as u64;
        self.feed_windows(bytes, done, sink, hooks)
    }
}
