//! One piece of a split input: converted as one thread converts a whole
//! input ([`convert_piece`]), then added to the whole input's account
//! ([`Totals::add`]) with its positions shifted by where it starts
//! ([`Start::shift`]). Shared by the mapped split and the stream's blocks.

use crate::codec::Encoding;
use crate::convert::{position, ConvertError, Converter, Settings, Summary};

/// A converted piece: its output and findings, positions relative to the
/// piece until [`Start::shift`].
pub(in crate::convert) struct Piece {
    /// The output is `out[..out_len]`; the rest is room kept for reuse.
    pub out: Vec<u8>,
    pub out_len: usize,
    pub summary: Summary,
    pub error: Option<ConvertError>,
    /// Decoded text in the piece, in UTF-8 bytes.
    pub text_len: u64,
}

impl Piece {
    /// What `converter` did with a piece, which ended with `error`.
    pub fn of(converter: &Converter, error: Option<ConvertError>, out: Vec<u8>) -> Piece {
        let out_len = out.len();
        Piece::within(converter, error, out, out_len)
    }

    /// [`Piece::of`] with the output `out[..out_len]`.
    pub fn within(
        converter: &Converter,
        error: Option<ConvertError>,
        out: Vec<u8>,
        out_len: usize,
    ) -> Piece {
        Piece {
            out,
            out_len,
            summary: converter.summary(),
            error,
            text_len: converter.text_done(),
        }
    }
}

/// Converts one piece into `out` (a buffer of an earlier piece, or new),
/// as one thread converts a whole input, with the thread's `converter`
/// (kept from piece to piece so that its buffers are allocated once)
/// renewed for `settings`.
pub(in crate::convert) fn convert_piece(
    converter: &mut Option<Converter>,
    settings: Settings,
    bytes: &[u8],
    out: Vec<u8>,
) -> Piece {
    let converter = renewed(converter, settings);
    let (result, out, out_len) = converter.convert_into(bytes, out);
    Piece::within(converter, result.err(), out, out_len)
}

/// The thread's converter, renewed for `settings` (made on first use).
pub(in crate::convert) fn renewed(
    converter: &mut Option<Converter>,
    settings: Settings,
) -> &mut Converter {
    match converter {
        Some(c) => {
            c.renew(settings);
            c
        }
        None => converter.insert(Converter::new(settings)),
    }
}

/// Where a piece starts in the whole input.
#[derive(Debug, Clone, Copy)]
pub(in crate::convert) struct Start {
    /// Input bytes before it.
    pub offset: u64,
    /// Decoded text before it, in UTF-8 bytes.
    pub text: u64,
    /// Lines before it.
    pub lines: u64,
}

impl Start {
    /// Turns the positions a piece reported (its first replacements and its
    /// error) into the whole input's.
    pub fn shift(&self, piece: &mut Piece) {
        let s = &mut piece.summary;
        if let Some(m) = &mut s.first_malformed {
            m.offset += self.offset;
            m.position.line += self.lines;
        }
        if let Some(u) = &mut s.first_unmappable {
            u.text_offset += self.text;
            u.position.line += self.lines;
        }
        match &mut piece.error {
            Some(ConvertError::Malformed(m)) => {
                m.offset += self.offset;
                m.position.line += self.lines;
            }
            Some(ConvertError::Unmappable(u)) => {
                u.text_offset += self.text;
                u.position.line += self.lines;
            }
            _ => {}
        }
    }
}

/// The whole input's account so far.
pub(in crate::convert) struct Totals<'a> {
    pub summary: Summary,
    /// Decoded text so far, in UTF-8 bytes.
    text: u64,
    /// The input, and the newlines in `bytes[..counted]`, counted only
    /// when a position needs them. In the encodings that are split, U+000A
    /// comes from the byte 0x0A and nothing else, and every 0x0A byte
    /// decodes to it, so newlines in the input are lines in the text.
    bytes: &'a [u8],
    counted: usize,
    lines: u64,
}

impl<'a> Totals<'a> {
    pub fn new(from: &'static Encoding, bytes: &'a [u8]) -> Totals<'a> {
        Totals {
            summary: Summary::empty(from),
            text: 0,
            bytes,
            counted: 0,
            lines: 0,
        }
    }

    /// Lines before `offset` in the input (a piece's start).
    fn lines_before(&mut self, offset: usize) -> u64 {
        if offset > self.counted {
            self.lines += position::count_newlines(&self.bytes[self.counted..offset]);
            self.counted = offset;
        }
        self.lines
    }

    /// The input before `offset`, no longer at hand (a stream's), has
    /// `lines` newlines more than was counted.
    pub fn counted_to(&mut self, offset: usize, lines: u64) {
        self.lines += lines;
        self.counted = offset;
    }

    /// Adds piece `i`, which starts at byte `offset`: its counts, its first
    /// replacements and its error, positions shifted to the whole input's.
    pub fn add(&mut self, i: usize, offset: usize, mut piece: Piece) -> Result<(), ConvertError> {
        // Only the whole input's first replacements need a position.
        if self.summary.first_malformed.is_some() {
            piece.summary.first_malformed = None;
        }
        if self.summary.first_unmappable.is_some() {
            piece.summary.first_unmappable = None;
        }
        let s = piece.summary;
        let located = s.first_malformed.is_some()
            || s.first_unmappable.is_some()
            || matches!(
                piece.error,
                Some(ConvertError::Malformed(_) | ConvertError::Unmappable(_))
            );
        if located {
            let start = Start {
                offset: offset as u64,
                text: self.text,
                lines: self.lines_before(offset),
            };
            start.shift(&mut piece);
        }
        let (s, total) = (piece.summary, &mut self.summary);
        if i == 0 {
            total.input_encoding = s.input_encoding;
        }
        total.bytes_read += s.bytes_read;
        total.malformed += s.malformed;
        total.unmappable += s.unmappable;
        total.first_malformed = total.first_malformed.or(s.first_malformed);
        total.first_unmappable = total.first_unmappable.or(s.first_unmappable);
        // Pieces start after a newline, where the evidence carries nothing.
        if !total.utf8.append(&s.utf8) {
            return Err(ConvertError::Internal(
                "a piece cut inside a UTF-8 sequence",
            ));
        }
        self.text += piece.text_len;
        piece.error.map_or(Ok(()), Err)
    }
}
