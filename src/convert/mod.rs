//! The conversion driver: bytes in one encoding to bytes in another.
//!
//! One way down and back. [`convert_bytes`] takes a whole input held in
//! memory (a mapped file) and picks one thread ([`Converter::convert_slice`])
//! or the split (module `parallel`, which converts each piece with that same
//! [`Converter::convert_slice`]), as ripgrep's main picks `search` or
//! `search_parallel`. A stream goes through [`convert_stream`], which makes
//! the same choice (module `stream`: blocks read ahead and converted as
//! pieces on several threads, or [`Converter::convert_reader`]).
//! Both feed chunks to [`Converter::feed`], which decodes into a fixed-size
//! text buffer and encodes from it into a fixed-size output buffer; output
//! goes to any [`Write`] sink in pieces of at most one buffer. Memory use
//! does not depend on the input size, and nothing is allocated per
//! character.
//!
//! The codec does the decoding and encoding in each error mode (its
//! replacing and non-replacing calls); the driver chooses the call for the
//! [`ErrorMode`], counts replacements, remembers the first one, stops on a
//! fatal error, and works out positions (0-based byte offset in the input for
//! malformed sequences; line and column in the decoded text for everything).
//! It knows nothing about files, terminals or flags: progress and "input
//! consumed up to here" go to [`Hooks`].
//!
//! Two shortcuts for a mapped input, each with exactly the output, positions
//! and errors of the plain way:
//! - UTF-8 input writes (or encodes) valid text from a copy of the slice,
//!   validated there, without decoding, up to the first malformed sequence
//!   (module `passthrough`);
//! - an input whose decoder [`resets_at_newline`](Encoding::resets_at_newline)
//!   and whose output encoder [`encoder_resets_at_newline`](Encoding::encoder_resets_at_newline)
//!   is cut into pieces at newlines converted on several threads (module
//!   `parallel`).
//!
//! Module `feed` takes one chunk through the [`Converter`] (decode, transform,
//! encode, write).

pub mod declaration;
mod encode;
mod error;
mod evidence;
mod feed;
mod parallel;
mod passthrough;
mod position;
mod stream;
mod transform;

pub use crate::codec::bom_bytes;
pub use error::{ConvertError, MalformedInput, UnmappableChar};
pub use evidence::{misread, Utf8Evidence};
pub use parallel::Parallelism;
pub use position::TextPosition;
pub use stream::{convert_stream, Stream};
pub use transform::{Eol, Form, TextTransform};

use crate::codec::{Decoder, Encoder, Encoding, MIN_OUTPUT_BUFFER, UTF_8};
use position::Tracker;
use std::io::{self, Read, Write};
use transform::Transformer;

/// Size of the decoded-text buffer and of the encoded-output buffer. Larger
/// than the output's buffer (64 KiB), so that full chunks of output are
/// written straight through it rather than copied into it; small enough that
/// both stay in a core's L2 cache.
pub const BUFFER_SIZE: usize = 128 * 1024;

/// The smallest buffer size ([`Converter::with_buffer_size`]): room for the
/// decoder to make progress and for a U+FFFD after it.
pub const MIN_BUFFER_SIZE: usize = MIN_OUTPUT_BUFFER + "\u{FFFD}".len();

/// How much of a mapped input is decoded between two reports to [`Hooks`].
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

/// What happened during a conversion (or so far).
///
/// After an error the account ends where the output does: the same
/// whatever the buffer size or the number of threads (decoding runs ahead
/// of encoding, but replacements past an unrepresentable character that
/// stopped the conversion are not counted), except `bytes_read` and
/// `utf8`, which count what was decoded.
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
    /// What the input bytes read say about being UTF-8 text already, when
    /// [`Settings::utf8_evidence`] asks (otherwise nothing fed).
    pub utf8: Utf8Evidence,
}

impl Summary {
    /// Nothing read yet (also for an input that failed before any account).
    pub fn nothing(input_encoding: &'static Encoding) -> Summary {
        Self::empty(input_encoding)
    }

    /// Nothing read yet.
    fn empty(input_encoding: &'static Encoding) -> Summary {
        Summary {
            input_encoding,
            bytes_read: 0,
            malformed: 0,
            first_malformed: None,
            unmappable: 0,
            first_unmappable: None,
            utf8: Utf8Evidence::new(),
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
    /// Whether to count the input's [`Utf8Evidence`] ([`Summary::utf8`]) as
    /// it is converted: on the threads that convert it, each piece while
    /// its bytes are in cache, rather than in a pass of its own.
    pub utf8_evidence: bool,
}

/// What the caller of [`convert_bytes`] hears as the conversion goes, in
/// bytes from the start of the input. Both are called in input order, at
/// least every [`SLICE_WINDOW`] bytes (or every `-j` piece) and at the end.
pub trait Hooks {
    /// Input bytes done so far (for a progress display).
    fn progress(&mut self, _done: u64) {}
    /// The input before byte `up_to` will not be read again (a mapped
    /// file's pages there may be released).
    fn consumed(&mut self, _up_to: usize) {}
}

/// No hooks.
impl Hooks for () {}

/// Progress only.
struct Progress<'a>(&'a mut dyn FnMut(u64));

impl Hooks for Progress<'_> {
    fn progress(&mut self, done: u64) {
        (self.0)(done)
    }
}

/// `hooks` for an input that starts at byte `start` of the caller's.
struct Shifted<'a> {
    hooks: &'a mut dyn Hooks,
    start: usize,
}

impl Hooks for Shifted<'_> {
    fn progress(&mut self, done: u64) {
        self.hooks.progress(self.start as u64 + done)
    }
    fn consumed(&mut self, up_to: usize) {
        self.hooks.consumed(self.start + up_to)
    }
}

/// Converts all of `bytes` (a mapped file, say) into `sink`: split across
/// `parallelism.jobs` threads when the input is large enough and its
/// encodings allow it (module `parallel`), otherwise on this thread, with
/// the same result either way. Returns the account of the conversion (of
/// what came before the error, if any) and how it ended.
pub fn convert_bytes<W: Write + ?Sized>(
    settings: Settings,
    parallelism: Parallelism,
    bytes: &[u8],
    sink: &mut W,
    hooks: &mut dyn Hooks,
) -> (Summary, Result<(), ConvertError>) {
    if let Some(done) = parallel::convert_split(settings, parallelism, bytes, sink, hooks) {
        return done;
    }
    let mut converter = Converter::new(settings);
    let result = converter.convert_windows(bytes, sink, hooks);
    (converter.summary(), result.map(|_| ()))
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
    /// The settings, with `write_output` false when `to` cannot be written.
    settings: Settings,
    /// Decoded text, and encoded output. Allocated memory is always
    /// initialised (len is the size).
    text: Vec<u8>,
    out: Vec<u8>,
    tracker: Tracker,
    summary: Summary,
    finished: bool,
    /// Input bytes before the ones given to `decoder` (the UTF-8 pass-through
    /// hands over to a fresh decoder at its first malformed sequence).
    input_base: u64,
    /// Converting straight into the output (`-j` pieces, see
    /// [`convert_piece`](parallel::convert_piece)): with UTF-8 output
    /// `text` is the output, `text[..n]` written so far, and each step
    /// decodes after it; with an encoder `out` is, and each step encodes
    /// after it. `None`: each step decodes to the start of `text`, encodes
    /// to the start of `out`, and it is written out.
    direct: Option<usize>,
    /// Replacement mode with an encoder: where recent U+FFFD replacements
    /// are in the decoded text (those that may not be encoded yet), so that
    /// an unrepresentable character stopping the conversion ends the count.
    replaced_at: Vec<u64>,
}

impl Converter {
    /// A converter for `settings`. An output encoding without an encoder
    /// (replacement) makes a checking-only converter.
    pub fn new(settings: Settings) -> Converter {
        let out = if settings.to == UTF_8 { 0 } else { BUFFER_SIZE };
        Converter::with_buffers(settings, vec![0; BUFFER_SIZE], vec![0; out])
    }

    /// A converter for `settings` that takes over `self`'s buffers, for a
    /// thread that converts block after block (fresh buffers for each block
    /// cost page faults).
    pub(super) fn renew(&mut self, settings: Settings) {
        let (text, out) = (
            std::mem::take(&mut self.text),
            std::mem::take(&mut self.out),
        );
        // Buffers lost to a panic on the way, or sized for another output.
        *self = if text.is_empty() || settings.to != self.settings.to {
            Converter::new(settings)
        } else {
            Converter::with_buffers(settings, text, out)
        };
    }

    /// [`Converter::new`] in the buffers `text` and `out` (of the sizes it
    /// would allocate).
    fn with_buffers(mut settings: Settings, text: Vec<u8>, out: Vec<u8>) -> Converter {
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
        settings.write_output &= settings.to.can_encode();
        Converter {
            decoder,
            encoder,
            transform,
            settings,
            text,
            out,
            tracker: Tracker::new(),
            summary: Summary::empty(settings.from),
            finished: false,
            input_base: 0,
            direct: None,
            replaced_at: Vec::new(),
        }
    }

    /// Buffers of `size` bytes (at least [`MIN_BUFFER_SIZE`]) instead of
    /// [`BUFFER_SIZE`], for tests and fuzzing that put every kind of input
    /// at every offset around a buffer boundary. The output is the same
    /// whatever the size. Only before any input.
    #[doc(hidden)]
    pub fn with_buffer_size(self, size: usize) -> Converter {
        Converter::sized(self.settings, size)
    }

    /// [`Converter::new`] with buffers of `size` bytes, as
    /// [`with_buffer_size`](Converter::with_buffer_size) gives, without
    /// zeroing full-size ones first: tests that make a converter per input
    /// spent most of their time there.
    #[doc(hidden)]
    pub fn sized(settings: Settings, size: usize) -> Converter {
        let size = size.max(MIN_BUFFER_SIZE);
        let out = if settings.to == UTF_8 { 0 } else { size };
        Converter::with_buffers(settings, vec![0; size], vec![0; out])
    }

    /// What happened so far; after the last chunk, the final account.
    pub fn summary(&self) -> Summary {
        Summary {
            input_encoding: self.decoder.encoding(),
            ..self.summary
        }
    }

    /// The length of the decoded text so far, in UTF-8 bytes.
    fn text_done(&self) -> u64 {
        self.tracker.base
    }

    /// Whether the last chunk has been fed.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Converts all of `bytes` on this thread, decoding straight from the
    /// slice, and finishes the input. `progress` hears the number of bytes
    /// of `bytes` done, every [`SLICE_WINDOW`] bytes and at the end. UTF-8
    /// input writes or encodes valid text from a validated copy of `bytes`,
    /// without decoding (see module `passthrough`). [`convert_bytes`] also splits
    /// across threads.
    pub fn convert_slice<W: Write + ?Sized>(
        &mut self,
        bytes: &[u8],
        sink: &mut W,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Summary, ConvertError> {
        self.convert_windows(bytes, sink, &mut Progress(progress))
    }

    /// [`convert_slice`](Converter::convert_slice) into `out`, for a `-j`
    /// piece: returns how it ended, the buffer and the length of the output
    /// at its start. With no transform, UTF-8 output is decoded (or its
    /// UTF-8 input validated) straight into `out`, and other output encoded
    /// straight into it, rather than copied there; `out` keeps its length,
    /// all of it initialised, from piece to piece, so that a reused buffer
    /// is not zeroed again.
    fn convert_into(
        &mut self,
        bytes: &[u8],
        mut out: Vec<u8>,
    ) -> (Result<Summary, ConvertError>, Vec<u8>, usize) {
        let direct = self.transform.is_none() && self.settings.write_output;
        if !direct {
            out.clear();
            let result = self.convert_slice(bytes, &mut out, &mut |_| {});
            let len = out.len();
            return (result, out, len);
        }
        // A buffer smaller than the piece (a new one) is replaced by one
        // the allocator zeroes (fresh pages, no pass over them) with room
        // for half as much again, so that the next pieces, about as long,
        // reuse it; growing one mid-piece zeroes what it adds.
        if out.len() < bytes.len() + BUFFER_SIZE {
            out = vec![0; bytes.len() + bytes.len() / 2 + BUFFER_SIZE];
        }
        let own = std::mem::replace(self.output_buffer(), out);
        self.direct = Some(0);
        let result = self.convert_slice(bytes, &mut io::sink(), &mut |_| {});
        let len = self.direct.take().unwrap_or(0);
        (result, std::mem::replace(self.output_buffer(), own), len)
    }

    /// The buffer the output is made in: the decoded text for UTF-8
    /// output, the encoder's output otherwise.
    fn output_buffer(&mut self) -> &mut Vec<u8> {
        if self.encoder.is_none() {
            &mut self.text
        } else {
            &mut self.out
        }
    }

    /// [`convert_slice`](Converter::convert_slice), telling `hooks`.
    fn convert_windows<W: Write + ?Sized>(
        &mut self,
        bytes: &[u8],
        sink: &mut W,
        hooks: &mut dyn Hooks,
    ) -> Result<Summary, ConvertError> {
        if self.can_pass_through(bytes) {
            return self.pass_through(bytes, sink, hooks);
        }
        self.feed_windows(bytes, 0, sink, hooks)
    }

    /// Feeds `bytes[from..]` window by window, to the end of the input.
    fn feed_windows<W: Write + ?Sized>(
        &mut self,
        bytes: &[u8],
        from: usize,
        sink: &mut W,
        hooks: &mut dyn Hooks,
    ) -> Result<Summary, ConvertError> {
        let mut done = from;
        loop {
            let end = bytes.len().min(done + SLICE_WINDOW);
            let last = end == bytes.len();
            self.feed(&bytes[done..end], last, sink)?;
            done = end;
            hooks.progress(done as u64);
            hooks.consumed(done);
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
        let mut buf = vec![0u8; self.text.len()];
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
            if n < buf.len() && self.settings.write_output {
                sink.flush().map_err(ConvertError::Write)?;
            }
        }
    }
}

#[cfg(test)]
mod tests;
