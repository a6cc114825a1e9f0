//! The conversion driver: bytes in one encoding to bytes in another.
//!
//! A [`Converter`] owns one decoder, an optional encoder and two fixed-size
//! buffers (decoded text, encoded output). Input arrives in chunks through
//! [`Converter::feed`] (a mapped file is fed straight from its slice, a stream
//! from a bounded read buffer: see [`Converter::convert_slice`] and
//! [`Converter::convert_reader`]); output goes to any [`Write`] sink in pieces
//! of at most one buffer. Memory use does not depend on the input size, and
//! nothing is allocated per character.
//!
//! The driver applies the error mode, counts replacements, remembers the
//! first one, and works out positions (0-based byte offset in the input for
//! malformed sequences; line and column in the decoded text for everything).
//! It knows nothing about files, terminals or flags: progress goes to a
//! callback.
//!
//! Two shortcuts for a mapped input ([`Converter::convert_slice`]), each
//! with exactly the output, positions and errors of the plain way:
//! - UTF-8 to UTF-8 writes valid runs from a copy of the slice, validated
//!   there, without decoding (module `passthrough`);
//! - an input whose decoder [`resets_at_newline`](Encoding::resets_at_newline)
//!   is cut into pieces converted on several threads when the converter is
//!   given a [`Parallelism`] (module `parallel`); each piece's converter keeps
//!   its output in a buffer of its own that grows to the piece's output.

mod error;
mod fill;
mod parallel;
mod passthrough;
mod position;
mod transform;

pub use error::{ConvertError, MalformedInput, UnmappableChar};
pub use fill::MIN_BUFFER_SIZE;
pub use parallel::Parallelism;
pub use position::TextPosition;
pub use transform::{Eol, Form, TextTransform};

use crate::codec::{
    CoderStatus, Decoder, DecoderResult, Encoder, EncoderResult, Encoding, UTF_16BE, UTF_16LE,
    UTF_8,
};
use fill::Fill;
use position::Tracker;
use std::io::{self, Read, Write};
use transform::Transformer;

/// Size of the decoded-text buffer and of the encoded-output buffer. Larger
/// than the output's buffer (64 KiB), so that full chunks of output are
/// written straight through it rather than copied into it; small enough that
/// both stay in a core's L2 cache.
pub const BUFFER_SIZE: usize = 128 * 1024;

/// How much of a mapped input is decoded between two progress reports.
pub const SLICE_WINDOW: usize = 1024 * 1024;

/// What to do with malformed input and with characters the output encoding
/// cannot represent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorMode {
    /// Malformed input becomes U+FFFD; an unrepresentable character is an error.
    Replacement,
    /// Both stop the conversion.
    Fatal,
    /// Malformed input becomes U+FFFD; unrepresentable characters become `&#N;`.
    Html,
    /// Malformed input becomes U+FFFD; unrepresentable characters become
    /// this character, which the output encoding must be able to represent.
    Subst(char),
}

/// The bytes of a byte order mark in `encoding`, for the encodings that have
/// one (UTF-8, UTF-16LE, UTF-16BE).
pub fn bom_bytes(encoding: &'static Encoding) -> Option<&'static [u8]> {
    if encoding == UTF_8 {
        Some(b"\xEF\xBB\xBF")
    } else if encoding == UTF_16LE {
        Some(b"\xFF\xFE")
    } else if encoding == UTF_16BE {
        Some(b"\xFE\xFF")
    } else {
        None
    }
}

/// What happened during a conversion (or so far).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// The encoding the input was decoded with: the requested one, or the
    /// one its BOM named.
    pub input_encoding: &'static Encoding,
    /// Input bytes consumed.
    pub bytes_read: u64,
    /// Malformed sequences replaced with U+FFFD.
    pub malformed: u64,
    pub first_malformed: Option<MalformedInput>,
    /// Characters written as `&#N;` references (html mode) or substituted
    /// (subst mode).
    pub unmappable: u64,
    pub first_unmappable: Option<UnmappableChar>,
}

impl Summary {
    /// Nothing read yet.
    fn empty(input_encoding: &'static Encoding) -> Summary {
        Summary {
            input_encoding,
            bytes_read: 0,
            malformed: 0,
            first_malformed: None,
            unmappable: 0,
            first_unmappable: None,
        }
    }
}

/// How to decode and encode one input.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub from: &'static Encoding,
    /// The output encoding. Replacement cannot be written (callers should
    /// refuse it): the converter then only checks the input.
    pub to: &'static Encoding,
    pub mode: ErrorMode,
    /// Whether a BOM at the start overrides `from` and is removed (the
    /// standard's "decode"); otherwise `from` always wins and nothing is
    /// removed.
    pub sniff_bom: bool,
    /// Whether to write output at all (false: only check the input).
    pub write_output: bool,
    /// Line ends and normalization applied between decoding and encoding
    /// (module `transform`); none by default.
    pub transform: TextTransform,
}

/// Converts one input. Create one per input: the decoder's BOM sniff and
/// the encoder's state (ISO-2022-JP returns to ASCII at the end) are per input.
pub struct Converter {
    decoder: Decoder,
    /// `None` when the output is UTF-8: decoded (and transformed) text is
    /// written as is.
    encoder: Option<Encoder>,
    /// `None` without --eol and --normalize (and then it costs nothing).
    transform: Option<Transformer>,
    to: &'static Encoding,
    mode: ErrorMode,
    write_output: bool,
    /// Decoded text, and encoded output: each used from `kept` on, which is
    /// 0 unless the output is kept (see [`keep_output`](Converter::keep_output)).
    /// Allocated memory is always initialised (len is the size).
    text: Vec<u8>,
    out: Vec<u8>,
    /// Whether output stays in `text` (UTF-8 output) or `out` instead of
    /// going to the sink, and how much of it there is.
    keep: bool,
    kept: usize,
    tracker: Tracker,
    summary: Summary,
    finished: bool,
    settings: Settings,
    parallelism: Parallelism,
    /// The input was converted in pieces: `summary.input_encoding` is the
    /// encoding used (this converter's decoder never saw the input).
    split: bool,
    /// The size of the text and output buffers ([`BUFFER_SIZE`] unless a
    /// test asked for another: see [`with_buffer_size`](Converter::with_buffer_size)).
    buffer_size: usize,
}

impl Converter {
    /// A converter for `settings`. An output encoding without an encoder
    /// (replacement) makes a checking-only converter.
    pub fn new(settings: Settings) -> Converter {
        let decoder = if settings.sniff_bom {
            settings.from.new_decoder()
        } else {
            settings.from.new_decoder_without_bom_handling()
        };
        let transform =
            (!settings.transform.is_none()).then(|| Transformer::new(settings.transform));
        let encoder = if settings.to == UTF_8 {
            None
        } else {
            settings.to.new_encoder()
        };
        let write_output = settings.write_output && settings.to.can_encode();
        Converter {
            decoder,
            encoder,
            transform,
            to: settings.to,
            mode: settings.mode,
            write_output,
            text: vec![0; BUFFER_SIZE],
            out: vec![0; if settings.to == UTF_8 { 0 } else { BUFFER_SIZE }],
            keep: false,
            kept: 0,
            tracker: Tracker::new(),
            summary: Summary::empty(settings.from),
            finished: false,
            settings,
            parallelism: Parallelism::single(),
            split: false,
            buffer_size: BUFFER_SIZE,
        }
    }

    /// Buffers of `size` bytes (at least [`MIN_BUFFER_SIZE`]) instead of
    /// [`BUFFER_SIZE`], for tests and fuzzing that put every kind of input
    /// at every offset around a buffer boundary. The output is the same
    /// whatever the size. Only before any input.
    #[doc(hidden)]
    pub fn with_buffer_size(mut self, size: usize) -> Converter {
        let size = size.max(MIN_BUFFER_SIZE);
        self.buffer_size = size;
        self.text = vec![0; size];
        if !self.out.is_empty() {
            self.out = vec![0; size];
        }
        self
    }

    /// Lets [`convert_slice`](Converter::convert_slice) split a large input
    /// across `parallelism.jobs` threads when its encodings allow it.
    pub fn with_parallelism(mut self, parallelism: Parallelism) -> Converter {
        self.parallelism = parallelism;
        self
    }

    /// What happened so far; after the last chunk, the final account.
    pub fn summary(&self) -> Summary {
        if self.split {
            return self.summary;
        }
        Summary {
            input_encoding: self.decoder.encoding(),
            ..self.summary
        }
    }

    /// From now on, output stays in `buffer` (whose contents are
    /// overwritten) instead of going to the sink given to the conversion,
    /// which sees nothing: no copy for the parallel pieces. Take it back with
    /// [`take_output`](Converter::take_output). Only before any input.
    fn keep_output(&mut self, buffer: Vec<u8>) {
        self.keep = self.write_output;
        if self.encoder.is_none() {
            self.text = buffer;
        } else {
            self.out = buffer;
        }
    }

    /// The buffer given to [`keep_output`](Converter::keep_output) and the
    /// length of the output at its start.
    fn take_output(&mut self) -> (Vec<u8>, usize) {
        let buffer = if self.encoder.is_none() {
            &mut self.text
        } else {
            &mut self.out
        };
        (std::mem::take(buffer), std::mem::take(&mut self.kept))
    }

    /// Where the text buffer starts: after the output kept in it, if any.
    fn text_base(&mut self) -> usize {
        let base = if self.keep && self.encoder.is_none() {
            self.kept
        } else {
            0
        };
        if self.text.len() < base + self.buffer_size {
            self.text.resize(base + self.buffer_size, 0);
        }
        base
    }

    /// The length of the decoded text so far, in UTF-8 bytes.
    fn text_done(&self) -> u64 {
        self.tracker.base
    }

    /// Whether the last chunk has been fed.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Converts all of `bytes` (a mapped file, say), decoding straight from
    /// the slice, and finishes the input. `progress` hears the number of
    /// bytes of `bytes` done, every [`SLICE_WINDOW`] bytes (or every piece)
    /// and at the end.
    ///
    /// With a [`Parallelism`] of more than one job, an input of at least
    /// [`Parallelism::min_split_size`] bytes fed to a fresh converter is
    /// converted in pieces on that many threads when its encodings allow it
    /// (see module `parallel`), with the same result. UTF-8 to UTF-8 writes
    /// valid text from a validated copy of `bytes`, without decoding (see
    /// module `passthrough`); split, each thread copies and validates its
    /// piece.
    pub fn convert_slice<W: Write + ?Sized>(
        &mut self,
        bytes: &[u8],
        sink: &mut W,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Summary, ConvertError> {
        let fresh = self.summary.bytes_read == 0 && !self.finished;
        if self.parallelism.jobs > 1 && bytes.len() >= self.parallelism.min_split_size() && fresh {
            let split = parallel::split_encoding(&self.settings, bytes).and_then(|rest| {
                parallel::convert_split(
                    self.settings,
                    rest,
                    bytes,
                    self.parallelism,
                    sink,
                    progress,
                )
            });
            // Without a thread to help (none could be started), one thread.
            if let Some((summary, result)) = split {
                self.summary = summary;
                self.split = true;
                self.finished = true;
                return result.map(|()| summary);
            }
        }
        self.convert_slice_here(bytes, sink, progress)
    }

    /// [`convert_slice`](Converter::convert_slice) on this thread.
    fn convert_slice_here<W: Write + ?Sized>(
        &mut self,
        bytes: &[u8],
        sink: &mut W,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Summary, ConvertError> {
        if self.can_pass_through(bytes) {
            return self.pass_through(bytes, sink, progress);
        }
        let mut done = 0;
        loop {
            let end = bytes.len().min(done + SLICE_WINDOW);
            let last = end == bytes.len();
            self.feed(&bytes[done..end], last, sink)?;
            done = end;
            progress(done as u64);
            if last {
                return Ok(self.summary());
            }
        }
    }

    /// Converts everything `reader` yields, through a buffer of
    /// [`BUFFER_SIZE`] bytes (or the size set by
    /// [`with_buffer_size`](Converter::with_buffer_size)), and finishes the input. After a read that did
    /// not fill the buffer (a pipe or terminal with nothing more for now) the
    /// sink is flushed, so live pipelines see output as it comes.
    pub fn convert_reader<R: Read + ?Sized, W: Write + ?Sized>(
        &mut self,
        reader: &mut R,
        sink: &mut W,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Summary, ConvertError> {
        let mut buf = vec![0u8; self.buffer_size];
        let mut total = 0u64;
        loop {
            let n = match reader.read(&mut buf) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(ConvertError::Read(e)),
            };
            self.feed(&buf[..n], n == 0, sink)?;
            total += n as u64;
            progress(total);
            if n == 0 {
                return Ok(self.summary());
            }
            if n < buf.len() && self.write_output {
                sink.flush().map_err(ConvertError::Write)?;
            }
        }
    }

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

    /// Decodes from `src` into the text buffer until the input is consumed
    /// (`done`), the buffer is full, or (fatal mode) a malformed sequence.
    /// Returns bytes read, text length, `done`, and the fatal error. The
    /// buffer arithmetic (a U+FFFD always fits) is [`Fill`]'s.
    fn decode_step(
        &mut self,
        src: &[u8],
        last: bool,
    ) -> (usize, usize, bool, Option<MalformedInput>) {
        let base = self.text_base();
        let mut text = Fill::new(&mut self.text[base..base + self.buffer_size]);
        let mut read = 0;
        loop {
            let Some(dst) = text.for_decoder() else {
                return (read, text.len(), false, None);
            };
            let (result, r, w) = self
                .decoder
                .decode_without_replacement(&src[read..], dst, last);
            read += r;
            text.wrote(w);
            match result {
                DecoderResult::InputEmpty => return (read, text.len(), true, None),
                DecoderResult::OutputFull => return (read, text.len(), false, None),
                DecoderResult::Malformed(m) => {
                    // Only the first one needs a position, which costs a
                    // scan of the text before it.
                    if self.mode == ErrorMode::Fatal || self.summary.first_malformed.is_none() {
                        let position = self.tracker.position_in(text.filled(), text.len());
                        let encoding = self.decoder.encoding();
                        let info = MalformedInput::new(encoding, m.offset, m.bytes(), position);
                        if self.mode == ErrorMode::Fatal {
                            return (read, text.len(), false, Some(info));
                        }
                        self.summary.first_malformed = Some(info);
                    }
                    self.summary.malformed += 1;
                    text.push_fffd();
                }
            }
        }
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
        let base = self.text_base();
        let bytes = &self.text[base..base + len];
        let result = match &mut self.encoder {
            None if self.keep => {
                self.kept += len;
                Ok(())
            }
            None if self.write_output => sink.write_all(bytes).map_err(ConvertError::Write),
            None => Ok(()),
            Some(encoder) => {
                // Decoders write only UTF-8 in whole characters (the codec's
                // contract, checked exhaustively by its tests); simdutf8
                // confirms it for a small fraction of the encoding's cost.
                let decoded =
                    simdutf8::basic::from_utf8(bytes).expect("a decoder wrote invalid UTF-8");
                let (text, transform) = match &mut self.transform {
                    None => (decoded, None),
                    Some(t) => {
                        t.apply(decoded, end_of_input);
                        let t: &Transformer = t;
                        (t.text(), Some((t, decoded)))
                    }
                };
                encode(
                    encoder,
                    text,
                    end_of_input,
                    Target {
                        out: &mut self.out,
                        kept: if self.keep {
                            Some(&mut self.kept)
                        } else {
                            None
                        },
                        sink: if self.write_output { Some(sink) } else { None },
                        mode: self.mode,
                        to: self.to,
                        buffer_size: self.buffer_size,
                        tracker: &self.tracker,
                        transform,
                        summary: &mut self.summary,
                    },
                )
            }
        };
        self.tracker.advance(bytes);
        result
    }
}

/// Where [`encode`] puts its output and its findings.
struct Target<'a, W: Write + ?Sized> {
    out: &'a mut Vec<u8>,
    /// Output kept at the start of `out` instead of going to the sink.
    kept: Option<&'a mut usize>,
    sink: Option<&'a mut W>,
    mode: ErrorMode,
    to: &'static Encoding,
    buffer_size: usize,
    tracker: &'a Tracker,
    /// The transform the text came through, if any, and the decoded chunk
    /// it was given (for positions).
    transform: Option<(&'a Transformer, &'a str)>,
    summary: &'a mut Summary,
}

/// Encodes `text` (the chunk the tracker is at) into `t.out`, writing each
/// filled buffer to the sink (or keeping it).
fn encode<W: Write + ?Sized>(
    encoder: &mut Encoder,
    text: &str,
    last: bool,
    mut t: Target<'_, W>,
) -> Result<(), ConvertError> {
    let (to, tracker, transform) = (t.to, t.tracker, t.transform);
    let text_base = transform.map_or(tracker.base, |(tf, _)| tf.out_base);
    let unmappable = |u_offset: u64| {
        let offset = (u_offset - text_base) as usize;
        let ch = text
            .get(offset..)
            .and_then(|s| s.chars().next())
            .unwrap_or('\u{FFFD}');
        // Positions are those of the decoded input, before any transform.
        let (text_offset, position) = match transform {
            None => (u_offset, tracker.position_in(text.as_bytes(), offset)),
            Some((tf, decoded)) => tf.origin(offset, decoded, tracker),
        };
        UnmappableChar {
            encoding: to,
            ch,
            text_offset,
            position,
        }
    };
    let mut read = 0;
    loop {
        let before = read;
        let base = t.kept.as_deref().copied().unwrap_or(0);
        if t.out.len() < base + t.buffer_size {
            t.out.resize(base + t.buffer_size, 0);
        }
        let out = &mut t.out[base..base + t.buffer_size];
        let (status, written, error) = if let ErrorMode::Html | ErrorMode::Subst(_) = t.mode {
            let step = match t.mode {
                ErrorMode::Subst(c) => encoder.encode_with_subst(&text[read..], out, last, c),
                _ => encoder.encode_with_html(&text[read..], out, last),
            };
            read += step.read;
            t.summary.unmappable += step.replaced;
            if let (Some(u), None) = (step.first, t.summary.first_unmappable) {
                t.summary.first_unmappable = Some(unmappable(u.offset));
            }
            (step.status, step.written, None)
        } else {
            let (result, r, w) = encoder.encode_without_replacement(&text[read..], out, last);
            read += r;
            match result {
                EncoderResult::InputEmpty => (CoderStatus::InputEmpty, w, None),
                EncoderResult::OutputFull => (CoderStatus::OutputFull, w, None),
                EncoderResult::Unmappable(u) => {
                    (CoderStatus::OutputFull, w, Some(unmappable(u.offset)))
                }
            }
        };
        if let Some(kept) = t.kept.as_deref_mut() {
            *kept += written;
        } else if let Some(sink) = t.sink.as_deref_mut() {
            sink.write_all(&out[..written])
                .map_err(ConvertError::Write)?;
        }
        if let Some(u) = error {
            return Err(ConvertError::Unmappable(u));
        }
        if status == CoderStatus::InputEmpty {
            return Ok(());
        }
        if written == 0 && read == before {
            return Err(ConvertError::Internal("the encoder made no progress"));
        }
    }
}

#[cfg(test)]
mod tests;
