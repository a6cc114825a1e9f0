//! UTF-8 input from a slice (a mapped file): valid text goes from the
//! input to the sink (UTF-8 output, no line counting) or to the encoder
//! with no decoding. At the first malformed sequence (if any) the plain way
//! takes over: a fresh UTF-8 decoder from there, so replacements, their
//! count and positions, and the fatal error are the codec's, as for any
//! other input.
//!
//! What is validated is what is written: each window of the input is copied
//! into the converter's buffer first, and validated and written (or
//! encoded) from there. Another process may change a mapped file while it
//! is read; the copy makes sure that no byte reaches the output without
//! having been validated, so `-e fatal` cannot pass invalid UTF-8 whatever
//! happens to the file. That one validation also stands for the decoder's
//! and for the driver's check of the decoder's output (module `encode`).
//! The hooks hear the input position every [`SLICE_WINDOW`] bytes.
//!
//! Positions (lines and columns, for the first malformed sequence) are
//! counted on the copy too, window by window while it is in cache: never
//! over the mapped input again, whose pages were released as they were
//! done, so memory stays flat wherever the first error is.

use super::{ConvertError, Converter, Hooks, Summary, BUFFER_SIZE, SLICE_WINDOW};
use crate::codec::{input_encoding, UTF_8};
use std::io::Write;

impl Converter {
    /// Whether [`pass_through`](Converter::pass_through) applies: UTF-8
    /// input (by -f or by its BOM), no transform, nothing fed yet.
    pub(super) fn can_pass_through(&self, bytes: &[u8]) -> bool {
        let s = &self.settings;
        input_encoding(s.from, s.sniff_bom, bytes).0 == UTF_8
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
        // The copy each window is validated and written from; a -j piece's
        // UTF-8 output is its own copy (see `direct_window`).
        let direct = self.direct.is_some() && self.encoder.is_none();
        let mut copy = if direct {
            Vec::new()
        } else {
            std::mem::take(&mut self.text)
        };
        let result = loop {
            let window = if direct {
                Ok(self.direct_window(bytes, done))
            } else {
                self.copied_window(bytes, done, &mut copy, sink)
            };
            let (end, valid, clean) = match window {
                Ok(w) => w,
                Err(e) => break Err(e),
            };
            self.saw(&bytes[done..done + valid]);
            done += valid;
            self.summary.bytes_read += valid as u64;
            if !clean {
                break Ok(true);
            }
            if end == bytes.len() {
                break Ok(false);
            }
            if done >= next_report {
                hooks.progress(done as u64);
                hooks.consumed(done);
                next_report = done + SLICE_WINDOW;
            }
        };
        if !direct {
            self.text = copy;
        }
        if result? {
            return self.hand_over(bytes, done, sink, hooks);
        }
        hooks.progress(done as u64);
        hooks.consumed(done);
        self.finished = true;
        Ok(self.summary())
    }

    /// Copies the window of `bytes` at `done` into `copy`, validates it
    /// and writes (or encodes) its valid text from there. Returns where
    /// the window ends, how much of it is valid, and whether the rest is
    /// clean (nothing malformed, or a sequence cut by the window's end).
    fn copied_window<W: Write + ?Sized>(
        &mut self,
        bytes: &[u8],
        done: usize,
        copy: &mut [u8],
        sink: &mut W,
    ) -> Result<(usize, usize, bool), ConvertError> {
        let end = bytes.len().min(done + copy.len());
        let window = &mut copy[..end - done];
        window.copy_from_slice(&bytes[done..end]);
        let (valid, clean) = validated(window, end < bytes.len());
        // SAFETY: simdutf8 found `window[..valid]` valid UTF-8 just above.
        let text = unsafe { std::str::from_utf8_unchecked(&window[..valid]) };
        self.encode_text(text, clean && end == bytes.len(), sink)?;
        Ok((end, valid, clean))
    }

    /// [`copied_window`](Converter::copied_window) for a `-j` piece's UTF-8
    /// output (the converter's `direct` start): the window is copied
    /// straight after the output so far, validated there, and kept up to
    /// its valid text, which is the output. One copy, as on one thread.
    fn direct_window(&mut self, bytes: &[u8], done: usize) -> (usize, usize, bool) {
        let at = self.text_start();
        let end = bytes.len().min(done + BUFFER_SIZE);
        let window = &mut self.text[at..at + end - done];
        window.copy_from_slice(&bytes[done..end]);
        let (valid, clean) = validated(window, end < bytes.len());
        // Kept in the output: lines counted only for a position (`emit`).
        self.tracker.skip(valid);
        self.direct = Some(at + valid);
        (end, valid, clean)
    }

    /// The valid text before `done` was written (or encoded), the tracker
    /// moved past it, and a malformed sequence starts at `done`: the rest
    /// goes the plain way, through a UTF-8 decoder that starts there.
    fn hand_over<W: Write + ?Sized>(
        &mut self,
        bytes: &[u8],
        done: usize,
        sink: &mut W,
        hooks: &mut dyn Hooks,
    ) -> Result<Summary, ConvertError> {
        self.decoder = UTF_8.new_decoder_without_bom_handling();
        self.input_base = done as u64;
        self.feed_windows(bytes, done, sink, hooks)
    }
}

/// How much of `window` is valid UTF-8, and whether the rest is clean: none,
/// or (`more`: the input goes on) a sequence cut by the window's end.
fn validated(window: &[u8], more: bool) -> (usize, bool) {
    match simdutf8::compat::from_utf8(window) {
        Ok(_) => (window.len(), true),
        Err(e) if e.error_len().is_none() && more => (e.valid_up_to(), true),
        Err(e) => (e.valid_up_to(), false),
    }
}
