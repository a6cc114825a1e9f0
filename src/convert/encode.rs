//! The encoding half of a conversion step: decoded (and transformed) text
//! into the output encoding, under the error mode, with the position of the
//! first unrepresentable character.

use super::position::Tracker;
use super::transform::Transformer;
use super::{ConvertError, ErrorMode, Summary, UnmappableChar, BUFFER_SIZE};
use crate::codec::{CoderStatus, Encoder, EncoderResult, Encoding};
use std::io::Write;

/// Where [`encode`] puts its output and its findings.
pub(super) struct Target<'a, W: Write + ?Sized> {
    pub out: &'a mut Vec<u8>,
    /// A `-j` piece's output (the converter's `direct` start): `out` is
    /// the output, `out[..*at]` written so far; each step encodes after
    /// it (the buffer grown to make room), and nothing goes to the sink.
    pub direct: Option<&'a mut usize>,
    /// `None` when only checking.
    pub sink: Option<&'a mut W>,
    pub mode: ErrorMode,
    pub to: &'static Encoding,
    pub tracker: &'a Tracker,
    /// The transform the text came through, if any, and the decoded chunk
    /// it was given (for positions).
    pub transform: Option<(&'a Transformer, &'a str)>,
    pub summary: &'a mut Summary,
}

/// Encodes `text` (the chunk the tracker is at) into `t.out`, writing each
/// filled buffer to the sink.
pub(super) fn encode<W: Write + ?Sized>(
    encoder: &mut Encoder,
    text: &str,
    last: bool,
    t: Target<'_, W>,
) -> Result<(), ConvertError> {
    let Target {
        out,
        mut direct,
        mut sink,
        mode,
        to,
        tracker,
        transform,
        summary,
    } = t;
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
        let at = direct.as_deref().map_or(0, |&at| room_after(out, at));
        let buf = &mut out[at..];
        let (status, written, error) = if let ErrorMode::Html | ErrorMode::Subst(_) = mode {
            let step = match mode {
                ErrorMode::Subst(c) => encoder.encode_with_subst(&text[read..], buf, last, c),
                _ => encoder.encode_with_html(&text[read..], buf, last),
            };
            read += step.read;
            summary.unmappable += step.replaced;
            if let (Some(u), None) = (step.first, summary.first_unmappable) {
                summary.first_unmappable = Some(unmappable(u.offset));
            }
            (step.status, step.written, None)
        } else {
            let (result, r, w) = encoder.encode_without_replacement(&text[read..], buf, last);
            read += r;
            match result {
                EncoderResult::InputEmpty => (CoderStatus::InputEmpty, w, None),
                EncoderResult::OutputFull => (CoderStatus::OutputFull, w, None),
                EncoderResult::Unmappable(u) => {
                    (CoderStatus::OutputFull, w, Some(unmappable(u.offset)))
                }
            }
        };
        if let Some(at) = direct.as_deref_mut() {
            *at += written;
        } else if let Some(sink) = sink.as_deref_mut() {
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

/// Where to encode after `at` bytes of output in `out`, with room made for
/// a step: grown (and zeroed) once per buffer, as pieces reuse buffers.
fn room_after(out: &mut Vec<u8>, at: usize) -> usize {
    if out.len() - at < BUFFER_SIZE {
        let len = (at + BUFFER_SIZE).max(out.len() * 2);
        out.resize(len, 0);
    }
    at
}
