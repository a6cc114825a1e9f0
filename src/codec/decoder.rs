//! [`Decoder`]: a family decoder plus BOM sniffing, stream positions and the
//! decoding error modes.

use super::families::DecoderFamily as Family;
use super::registry::{could_be_bom_prefix, input_encoding, Encoding};
use super::{CoderStatus, RawDecoderResult, RawMalformed, Replaced, MIN_OUTPUT_BUFFER};

/// A malformed byte sequence: where it starts in the input stream (0-based
/// byte offset, counting any BOM) and its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MalformedSequence {
    pub offset: u64,
    len: u8,
    bytes: [u8; 4],
}

impl MalformedSequence {
    /// The bytes the standard's decoder consumed into this error (empty only
    /// for the replacement encoding's empty-input case, which never errs).
    pub fn bytes(&self) -> &[u8] {
        &self.bytes[..self.len as usize]
    }
}

/// The result of [`Decoder::decode_without_replacement`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecoderResult {
    InputEmpty,
    OutputFull,
    Malformed(MalformedSequence),
}

/// Bytes held back at the start of the stream until the BOM sniff can decide.
struct Sniffer {
    buf: [u8; 3],
    len: u8,
}

/// A streaming decoder to UTF-8. Feed it chunks with `last = false` and finish
/// with `last = true` (an empty final chunk is fine).
pub struct Decoder {
    encoding: &'static Encoding,
    family: Family,
    /// `Some` while the BOM sniff is still undecided.
    sniffer: Option<Sniffer>,
    /// Bytes the sniffer held back that the family has yet to see.
    replay: ([u8; 3], u8, u8),
    /// Stream bytes handed to the family so far (plus any removed BOM).
    position: u64,
    /// The malformed sequence whose U+FFFD is owed to `dst` (it met a full
    /// buffer).
    pending_replacement: Option<MalformedSequence>,
}

impl Decoder {
    pub(crate) fn new(encoding: &'static Encoding, sniff_bom: bool) -> Decoder {
        Decoder {
            encoding,
            family: Family::new(encoding.family()),
            sniffer: sniff_bom.then_some(Sniffer {
                buf: [0; 3],
                len: 0,
            }),
            replay: ([0; 3], 0, 0),
            position: 0,
            pending_replacement: None,
        }
    }

    /// The encoding in use: the one asked for, or the one a BOM named.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// Bytes of the stream consumed so far, including a removed BOM.
    pub fn position(&self) -> u64 {
        self.position
    }

    /// Decodes `src` into `dst`, stopping at the first malformed sequence
    /// (fatal mode). Returns the result and the bytes read and written; after
    /// `Malformed`, calling again continues after the error.
    pub fn decode_without_replacement(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let read = self.sniff(src, last);
        if self.sniffer.is_some() {
            return (DecoderResult::InputEmpty, read, 0);
        }
        let mut written = 0;
        while self.replay.2 < self.replay.1 {
            let (buf, len, done) = self.replay;
            let end = last && read == src.len();
            let (result, r, w) =
                self.family
                    .decode(&buf[done as usize..len as usize], &mut dst[written..], end);
            self.replay.2 += r as u8;
            written += w;
            if let Some(result) = self.finish_step(result, r) {
                return (result, read, written);
            }
        }
        let (result, r, w) = self.family.decode(&src[read..], &mut dst[written..], last);
        let result = self
            .finish_step(result, r)
            .unwrap_or(DecoderResult::InputEmpty);
        (result, read + r, written + w)
    }

    /// Accounts for `read` bytes given to the family and turns its result into
    /// a public one; `None` means "input consumed, go on".
    fn finish_step(&mut self, result: RawDecoderResult, read: usize) -> Option<DecoderResult> {
        self.position += read as u64;
        match result {
            RawDecoderResult::InputEmpty => None,
            RawDecoderResult::OutputFull => Some(DecoderResult::OutputFull),
            RawDecoderResult::Malformed(m) => Some(DecoderResult::Malformed(self.locate(m))),
        }
    }

    fn locate(&self, m: RawMalformed) -> MalformedSequence {
        let end = self.position - u64::from(m.pending_after);
        MalformedSequence {
            offset: end - u64::from(m.len),
            len: m.len,
            bytes: m.bytes,
        }
    }

    /// Runs the streaming BOM sniff over the start of `src`; returns how many
    /// bytes of `src` it took. Once decided, `self.sniffer` is `None`, the
    /// encoding may have changed, and held-back non-BOM bytes wait in `replay`.
    fn sniff(&mut self, src: &[u8], last: bool) -> usize {
        let Some(sniffer) = &mut self.sniffer else {
            return 0;
        };
        let mut read = 0;
        while read < src.len() && could_be_bom_prefix(&sniffer.buf[..sniffer.len as usize]) {
            sniffer.buf[sniffer.len as usize] = src[read];
            sniffer.len += 1;
            read += 1;
        }
        let held = &sniffer.buf[..sniffer.len as usize];
        if could_be_bom_prefix(held) && !last {
            return read; // still undecided: wait for more input
        }
        let (buf, len) = (sniffer.buf, sniffer.len);
        self.sniffer = None;
        let (encoding, bom_len) = input_encoding(self.encoding, true, &buf[..len as usize]);
        if encoding != self.encoding {
            self.encoding = encoding;
            self.family = Family::new(encoding.family());
        }
        self.position = bom_len as u64;
        self.replay = (buf, len, bom_len as u8);
        read
    }

    /// Decodes in replacement mode: each malformed sequence becomes U+FFFD.
    pub fn decode_with_replacement(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> Replaced<MalformedSequence> {
        self.decode_replacing(src, dst, last, &mut |_, _| {})
    }

    /// [`decode_with_replacement`](Decoder::decode_with_replacement), also
    /// showing `replaced` each malformed sequence with the offset in `dst`
    /// of the U+FFFD that replaces it, when it is written (a caller working
    /// out positions needs the text before it). An error is counted in the
    /// call that writes its U+FFFD: a sequence found when `dst` is full is
    /// counted and shown by the next call.
    pub fn decode_replacing(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
        replaced: &mut dyn FnMut(&MalformedSequence, usize),
    ) -> Replaced<MalformedSequence> {
        let mut out = Replaced {
            status: CoderStatus::InputEmpty,
            read: 0,
            written: 0,
            replaced: 0,
            first: None,
        };
        loop {
            if let Some(m) = self.pending_replacement {
                if dst.len() - out.written < 3 {
                    out.status = CoderStatus::OutputFull;
                    return out;
                }
                replaced(&m, out.written);
                out.written = super::shared::write_char(dst, out.written, '\u{FFFD}');
                out.replaced += 1;
                out.first.get_or_insert(m);
                self.pending_replacement = None;
            }
            let (result, r, w) =
                self.decode_without_replacement(&src[out.read..], &mut dst[out.written..], last);
            out.read += r;
            out.written += w;
            match result {
                DecoderResult::InputEmpty => return out,
                DecoderResult::OutputFull => {
                    out.status = CoderStatus::OutputFull;
                    return out;
                }
                DecoderResult::Malformed(m) => self.pending_replacement = Some(m),
            }
        }
    }

    /// Decodes a whole input in replacement mode; says whether any U+FFFD was
    /// substituted.
    pub fn decode_all(&mut self, bytes: &[u8]) -> (String, bool) {
        let mut out = Vec::with_capacity(bytes.len() + MIN_OUTPUT_BUFFER);
        let mut buf = [0u8; 4096];
        let (mut read, mut errors) = (0, false);
        loop {
            let step = self.decode_with_replacement(&bytes[read..], &mut buf, true);
            read += step.read;
            errors |= step.replaced > 0;
            out.extend_from_slice(&buf[..step.written]);
            if step.status == CoderStatus::InputEmpty {
                // Decoders write only UTF-8; a failure here would be a codec bug.
                let text = String::from_utf8(out)
                    .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
                return (text, errors);
            }
        }
    }
}
