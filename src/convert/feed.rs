//! One chunk through the [`Converter`]: decoded into the text buffer (in
//! the [`ErrorMode`]'s way, counting replacements), then transformed,
//! encoded and written. Every way in ([`Converter::convert_slice`],
//! [`Converter::convert_reader`], the pass-through and the `-j` pieces)
//! ends here.

use super::encode;
use super::transform::Transformer;
use super::{ConvertError, Converter, ErrorMode, MalformedInput, TextPosition, BUFFER_SIZE};
use crate::codec::CoderStatus;
use std::io::Write;

impl Converter {
    /// Converts one chunk of input. `last` marks the end of the input: the
    /// decoder reports an incomplete final sequence and the encoder returns
    /// to its initial state. Output is written to `sink` as it is produced;
    /// when this returns, nothing is held back but codec state.
    pub fn feed<W: Write + ?Sized>(
        &mut self,
        src: &[u8],
        last: bool,
        sink: &mut W,
    ) -> Result<(), ConvertError> {
        if self.finished {
            return Err(ConvertError::Internal("input fed after its end"));
        }
        let mut read = 0;
        loop {
            let (r, written, done, fatal) = self.decode_step(&src[read..], last);
            self.saw(&src[read..read + r]);
            read += r;
            self.summary.bytes_read += r as u64;
            let end_of_input = done && last && fatal.is_none();
            self.emit(written, end_of_input, sink)?;
            if let Some(m) = fatal {
                return Err(ConvertError::Malformed(m));
            }
            if done {
                self.finished = last;
                return Ok(());
            }
            if r == 0 && written == 0 {
                return Err(ConvertError::Internal("the decoder made no progress"));
            }
        }
    }

    /// Input bytes just read, in order: counted as UTF-8 evidence when the
    /// settings ask.
    pub(super) fn saw(&mut self, bytes: &[u8]) {
        if self.settings.utf8_evidence {
            self.summary.utf8.feed(bytes);
        }
    }

    /// Where decoding writes in the text buffer: at its start, or straight
    /// after the output so far (with room made for a step).
    pub(super) fn text_start(&mut self) -> usize {
        // With an encoder, the output is the encoder's (`encode::Target`).
        let (Some(at), None) = (self.direct, &self.encoder) else {
            return 0;
        };
        if self.text.len() - at < BUFFER_SIZE {
            // Grown (and zeroed) once per buffer: pieces reuse buffers.
            let len = (at + BUFFER_SIZE).max(self.text.len() * 2);
            self.text.resize(len, 0);
        }
        at
    }

    /// Decodes from `src` into the text buffer until the input is consumed
    /// (`done`), the buffer is full, or (fatal mode) a malformed sequence.
    /// Returns bytes read, text length, `done`, and the fatal error. The
    /// codec writes the U+FFFD replacements; the driver counts them and
    /// works out the position of the first.
    fn decode_step(
        &mut self,
        src: &[u8],
        last: bool,
    ) -> (usize, usize, bool, Option<MalformedInput>) {
        let at = self.text_start();
        if self.settings.mode == ErrorMode::Fatal {
            let (result, r, w) =
                self.decoder
                    .decode_without_replacement(src, &mut self.text[at..], last);
            return match result {
                crate::codec::DecoderResult::InputEmpty => (r, w, true, None),
                crate::codec::DecoderResult::OutputFull => (r, w, false, None),
                crate::codec::DecoderResult::Malformed(m) => {
                    let at = self.position_at(at, w);
                    (r, w, false, Some(self.malformed(m, at)))
                }
            };
        }
        // Only an unrepresentable character can stop a conversion in
        // replacement mode; replacements before what is still to encode (the
        // text buffer and the transform's carry) cannot be after it.
        let record = self.settings.mode == ErrorMode::Replacement && self.encoder.is_some();
        if record {
            let held = self.transform.as_ref().map_or(0, |t| t.held() as u64);
            let encoded = self.tracker.base - held;
            self.replaced_at.retain(|&at| at >= encoded);
        }
        let (base, replaced_at) = (self.tracker.base, &mut self.replaced_at);
        let mut first = None;
        let text = &mut self.text[at..];
        let step = self
            .decoder
            .decode_replacing(src, text, last, &mut |m, at| {
                first.get_or_insert((*m, at));
                if record {
                    replaced_at.push(base + at as u64);
                }
            });
        if let (Some((m, w)), None) = (first, self.summary.first_malformed) {
            // Only the first one needs a position, which costs a scan of the
            // text before it.
            let position = self.position_at(at, w);
            self.summary.first_malformed = Some(self.malformed(m, position));
        }
        self.summary.malformed += step.replaced;
        let done = step.status == CoderStatus::InputEmpty;
        (step.read, step.written, done, None)
    }

    /// The position of `text[at + offset]`, where this step decodes at
    /// `at`: the text skipped uncounted before `at` (a piece's output so
    /// far, see [`Converter::emit`]) counted first.
    fn position_at(&mut self, at: usize, offset: usize) -> TextPosition {
        let skipped = &self.text[at - self.tracker.skipped()..at];
        self.tracker.catch_up(skipped);
        self.tracker.position_in(&self.text[at..], offset)
    }

    /// A malformed sequence the decoder reported, in the driver's terms.
    fn malformed(&self, m: crate::codec::MalformedSequence, at: TextPosition) -> MalformedInput {
        let offset = self.input_base + m.offset;
        MalformedInput::new(self.decoder.encoding(), offset, m.bytes(), at)
    }

    /// Encodes and writes the first `len` bytes of the text buffer.
    fn emit<W: Write + ?Sized>(
        &mut self,
        len: usize,
        end_of_input: bool,
        sink: &mut W,
    ) -> Result<(), ConvertError> {
        if let (None, Some(_)) = (&self.encoder, &self.transform) {
            return self.emit_transformed_utf8(len, end_of_input, sink);
        }
        if let (Some(at), None) = (self.direct, &self.encoder) {
            // The text is the output, in place already, and stays at hand
            // for the lines of a position.
            self.tracker.skip(len);
            self.direct = Some(at + len);
            return Ok(());
        }
        // Taken while it is encoded, which needs the converter's other parts.
        let text = std::mem::take(&mut self.text);
        let bytes = &text[..len];
        let result = if self.encoder.is_none() {
            self.write_as_is(bytes, sink)
        } else {
            // Decoders write only UTF-8 in whole characters (the codec's
            // contract, checked exhaustively by its tests); simdutf8
            // confirms it for a small fraction of the encoding's cost.
            // A mapped input changed between two reads of a decoder can
            // break it: that input's error, not a panic (which would end
            // the whole run where panics abort).
            decoded_text(bytes).and_then(|decoded| self.encode_text(decoded, end_of_input, sink))
        };
        self.text = text;
        if let Err(ConvertError::Unmappable(u)) = &result {
            self.forget_replacements_after(u.text_offset);
        }
        result
    }

    /// Encodes `decoded`, valid text that follows what was encoded before,
    /// through the transform if there is one, writes it and moves the
    /// tracker past it. `last`: the end of the input. Without an encoder
    /// (UTF-8 output), `decoded` is written as it is.
    pub(super) fn encode_text<W: Write + ?Sized>(
        &mut self,
        decoded: &str,
        last: bool,
        sink: &mut W,
    ) -> Result<(), ConvertError> {
        let write = self.settings.write_output;
        let Some(encoder) = &mut self.encoder else {
            return self.write_as_is(decoded.as_bytes(), sink);
        };
        let (text, transform) = match &mut self.transform {
            None => (decoded, None),
            Some(t) => {
                t.apply(decoded, last);
                let t: &Transformer = t;
                (t.text(), Some((t, decoded)))
            }
        };
        let result = encode::encode(
            encoder,
            text,
            last,
            encode::Target {
                out: &mut self.out,
                direct: self.direct.as_mut(),
                sink: if write { Some(sink) } else { None },
                mode: self.settings.mode,
                to: self.settings.to,
                tracker: &self.tracker,
                transform,
                summary: &mut self.summary,
            },
        );
        self.tracker.advance(decoded.as_bytes());
        result
    }

    /// Writes UTF-8 `bytes` as they are (unless only checking) and moves
    /// the tracker past them.
    fn write_as_is<W: Write + ?Sized>(
        &mut self,
        bytes: &[u8],
        sink: &mut W,
    ) -> Result<(), ConvertError> {
        self.tracker.advance(bytes);
        if !self.settings.write_output || bytes.is_empty() {
            return Ok(());
        }
        sink.write_all(bytes).map_err(ConvertError::Write)
    }

    /// An unrepresentable character at `text_offset` stopped the conversion:
    /// replacements decoded after it are not part of the account (how far
    /// decoding ran ahead depends on the buffer size).
    fn forget_replacements_after(&mut self, text_offset: u64) {
        let after = self
            .replaced_at
            .iter()
            .filter(|&&at| at > text_offset)
            .count();
        self.summary.malformed -= after as u64;
        if self.summary.malformed == 0 {
            // The first replacement was after the character too.
            self.summary.first_malformed = None;
        }
    }
}

/// The decoder's output, checked to be UTF-8 (see [`Converter::emit`]).
pub(super) fn decoded_text(bytes: &[u8]) -> Result<&str, ConvertError> {
    simdutf8::basic::from_utf8(bytes).map_err(|_| ConvertError::Internal(NOT_UTF8))
}

/// What [`decoded_text`] reports: a codec bug, or an input that changed
/// while it was read.
pub const NOT_UTF8: &str = "a decoder wrote invalid UTF-8";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{UTF_16LE, WINDOWS_1252};
    use crate::convert::{ErrorMode, Settings};

    /// Decoder output that is not UTF-8 (what a decoder reading a mapped
    /// input twice, changed in between, can write) is an error for that
    /// input, not a panic: with panics aborting, one would end the run.
    #[test]
    fn decoder_output_that_is_not_utf8_is_an_error_not_a_panic() {
        let settings = Settings {
            from: WINDOWS_1252,
            to: UTF_16LE,
            mode: ErrorMode::Fatal,
            sniff_bom: false,
            write_output: true,
            transform: Default::default(),
            utf8_evidence: false,
        };
        let mut c = Converter::new(settings);
        c.text[..3].copy_from_slice(b"a\xC3\x00");
        let mut out = Vec::new();
        match c.emit(3, true, &mut out) {
            Err(ConvertError::Internal(why)) => assert_eq!(why, NOT_UTF8),
            other => panic!("{other:?}"),
        }
        assert!(decoded_text(b"caf\xC3\xA9").is_ok());
    }
}
