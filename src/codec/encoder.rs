//! [`Encoder`]: a family encoder plus input positions and the encoding error
//! modes (fatal, html, subst).

use super::families::EncoderFamily as Family;
use super::registry::Encoding;
use super::shared::REFERENCE_ROOM;
use super::{CoderStatus, RawEncoderResult, Replaced, MIN_OUTPUT_BUFFER};

/// A character the output encoding cannot represent, and the 0-based byte
/// offset where it starts in the UTF-8 input stream. `ch` is the standard's
/// error code point: U+FFFD when ISO-2022-JP refuses ESC, SO or SI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnmappableChar {
    pub ch: char,
    pub offset: u64,
}

/// The result of [`Encoder::encode_without_replacement`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EncoderResult {
    InputEmpty,
    OutputFull,
    Unmappable(UnmappableChar),
}

/// A replacement still to be written: a numeric character reference
/// (`&#1114111;` at most) or a subst-mode character.
#[derive(Default)]
struct PendingReference {
    /// The bytes still to write are `buf[done..len]`: a reference is made
    /// in place at the end ([`reference`], no copy), a character at the
    /// start.
    ///
    /// [`reference`]: super::shared::reference
    buf: [u8; REFERENCE_ROOM],
    len: u8,
    done: u8,
    /// Whether they are ASCII (a reference always is): known when queued.
    ascii: bool,
}

/// A streaming encoder from UTF-8. Feed it `&str` chunks with `last = false`
/// and finish with `last = true`, which lets stateful encodings (ISO-2022-JP)
/// return to their initial state.
pub struct Encoder {
    encoding: &'static Encoding,
    family: Family,
    /// UTF-8 bytes of input consumed so far.
    position: u64,
    reference: PendingReference,
    /// Whether the family writes ASCII as itself whatever its state, so an
    /// html reference (ASCII) is copied to the output here rather than fed
    /// through the family encoder, one call fewer per reference.
    ascii_as_is: bool,
}

impl Encoder {
    pub(crate) fn new(encoding: &'static Encoding) -> Option<Encoder> {
        Some(Encoder {
            encoding,
            family: Family::new(encoding.family())?,
            position: 0,
            reference: PendingReference::default(),
            // A decoder that forgets everything at a newline is that of an
            // ASCII-compatible encoding without state (not ISO-2022-JP,
            // HZ-GB-2312, ISO-2022-KR, UTF-16): its encoder keeps none either.
            ascii_as_is: encoding.resets_at_newline(),
        })
    }

    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// Bytes of UTF-8 input consumed so far.
    pub fn position(&self) -> u64 {
        self.position
    }

    /// Encodes `src` into `dst`, stopping after the first character the
    /// encoding cannot represent (fatal mode). Returns the result and the
    /// bytes read and written; the unmappable character counts as read.
    pub fn encode_without_replacement(
        &mut self,
        src: &str,
        dst: &mut [u8],
        last: bool,
    ) -> (EncoderResult, usize, usize) {
        let (result, read, written) = self.family.encode(src, dst, last);
        self.position += read as u64;
        let result = match result {
            RawEncoderResult::InputEmpty => EncoderResult::InputEmpty,
            RawEncoderResult::OutputFull => EncoderResult::OutputFull,
            RawEncoderResult::Unmappable(ch) => {
                // The offending character is the last one consumed.
                let len = src[..read].chars().next_back().map_or(0, char::len_utf8);
                let offset = self.position - len as u64;
                EncoderResult::Unmappable(UnmappableChar { ch, offset })
            }
        };
        (result, read, written)
    }

    /// Encodes in html mode: each unmappable character becomes `&#N;`, which
    /// the standard feeds back through the encoder (so ISO-2022-JP first
    /// returns to ASCII).
    pub fn encode_with_html(
        &mut self,
        src: &str,
        dst: &mut [u8],
        last: bool,
    ) -> Replaced<UnmappableChar> {
        self.encode_replacing(src, dst, last, None)
    }

    /// Encodes in subst mode: each unmappable character becomes `subst`
    /// (which the caller made sure the encoding can represent), fed through
    /// the encoder like html mode's references.
    pub fn encode_with_subst(
        &mut self,
        src: &str,
        dst: &mut [u8],
        last: bool,
        subst: char,
    ) -> Replaced<UnmappableChar> {
        self.encode_replacing(src, dst, last, Some(subst))
    }

    /// Html mode (`subst` is `None`) or subst mode.
    fn encode_replacing(
        &mut self,
        src: &str,
        dst: &mut [u8],
        last: bool,
        subst: Option<char>,
    ) -> Replaced<UnmappableChar> {
        let mut out = Replaced::start();
        loop {
            if !self.flush_reference(dst, &mut out.written) {
                return out.full();
            }
            if subst.is_none() {
                if let Some(result) = self.family_html(src, dst, last, &mut out) {
                    match result {
                        None => return out,
                        Some(RawEncoderResult::OutputFull) => return out.full(),
                        _ => continue, // a reference queued
                    }
                }
            }
            let (result, r, w) =
                self.encode_without_replacement(&src[out.read..], &mut dst[out.written..], last);
            out.read += r;
            out.written += w;
            let unmappable = match result {
                EncoderResult::InputEmpty => return out,
                EncoderResult::OutputFull => return out.full(),
                EncoderResult::Unmappable(u) => u,
            };
            out.count(unmappable);
            match subst {
                Some(c) => self.queue_char(c),
                None => self.queue_reference(unmappable.ch),
            }
        }
    }

    /// Html mode through a family that writes its references itself
    /// ([`Family::encode_html`]), from `out`'s place on: `None` for another
    /// family; else `Some(None)` once `src` is done, or the family's result:
    /// output full, or an unmappable character it had no room to replace,
    /// queued here.
    fn family_html(
        &mut self,
        src: &str,
        dst: &mut [u8],
        last: bool,
        out: &mut Replaced<UnmappableChar>,
    ) -> Option<Option<RawEncoderResult>> {
        let (src, dst) = (&src[out.read..], &mut dst[out.written..]);
        let ((result, r, w), refs) = self.family.encode_html(src, dst, last)?;
        if let Some((ch, at)) = refs.first {
            let offset = self.position + at as u64;
            out.first.get_or_insert(UnmappableChar { ch, offset });
        }
        out.replaced += refs.count;
        self.position += r as u64;
        (out.read, out.written) = (out.read + r, out.written + w);
        match result {
            RawEncoderResult::InputEmpty => Some(None),
            RawEncoderResult::Unmappable(ch) => {
                let offset = self.position - ch.len_utf8() as u64;
                out.count(UnmappableChar { ch, offset });
                self.queue_reference(ch);
                Some(Some(result))
            }
            RawEncoderResult::OutputFull => Some(Some(result)),
        }
    }

    /// Makes `&#N;` for `ch` the replacement still to be written. (Digits by
    /// hand: `write!` cost three times the encoding of a Vietnamese text.)
    fn queue_reference(&mut self, ch: char) {
        let r = &mut self.reference;
        let len = super::shared::reference(ch, &mut r.buf).len();
        (r.done, r.len, r.ascii) = ((REFERENCE_ROOM - len) as u8, REFERENCE_ROOM as u8, true);
    }

    /// Makes `subst` the replacement still to be written.
    fn queue_char(&mut self, subst: char) {
        let r = &mut self.reference;
        r.len = subst.encode_utf8(&mut r.buf).len() as u8;
        (r.done, r.ascii) = (0, subst.is_ascii());
    }

    /// Writes the pending reference (copied, if ASCII and the family writes
    /// ASCII as itself; else through the family encoder); false if `dst`
    /// filled up first.
    fn flush_reference(&mut self, dst: &mut [u8], written: &mut usize) -> bool {
        let r = &mut self.reference;
        if r.done == r.len {
            return true;
        }
        if self.ascii_as_is && r.ascii {
            let pending = &r.buf[usize::from(r.done)..usize::from(r.len)];
            let n = pending.len().min(dst.len() - *written);
            dst[*written..*written + n].copy_from_slice(&pending[..n]);
            r.done += n as u8;
            *written += n;
            return r.done == r.len;
        }
        while r.done < r.len {
            let pending = &r.buf[r.done as usize..r.len as usize];
            // The buffer holds a reference (ASCII) or one character, and the
            // family encoder consumes whole characters.
            let text = std::str::from_utf8(pending).unwrap_or("");
            let (result, read, w) = self.family.encode(text, &mut dst[*written..], false);
            r.done += read as u8;
            *written += w;
            if result == RawEncoderResult::OutputFull {
                return false;
            }
        }
        true
    }

    /// Encodes a whole text in html mode; says whether any reference was
    /// written.
    pub fn encode_all(&mut self, text: &str) -> (Vec<u8>, bool) {
        // Straight into the result, which grows when it fills.
        let mut out = vec![0; text.len() + MIN_OUTPUT_BUFFER];
        let (mut read, mut written, mut errors) = (0, 0, false);
        loop {
            let step = self.encode_with_html(&text[read..], &mut out[written..], true);
            read += step.read;
            written += step.written;
            errors |= step.replaced > 0;
            if step.status == CoderStatus::InputEmpty {
                out.truncate(written);
                return (out, errors);
            }
            out.resize(out.len() * 2, 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{
        CoderStatus, EUC_KR, GBK, ISO_2022_JP, SHIFT_JIS, WINDOWS_1251, WINDOWS_1252,
    };
    use super::*;

    /// Subst mode through output buffers of every size from the minimum up:
    /// the substitute, however long in the output, is never cut or lost.
    fn subst_all(
        encoding: &'static Encoding,
        text: &str,
        subst: char,
        dst_len: usize,
    ) -> (Vec<u8>, u64) {
        let mut encoder = Encoder::new(encoding).unwrap();
        let mut dst = vec![0u8; dst_len];
        let (mut out, mut read, mut replaced) = (Vec::new(), 0, 0);
        loop {
            let step = encoder.encode_with_subst(&text[read..], &mut dst, true, subst);
            read += step.read;
            replaced += step.replaced;
            out.extend_from_slice(&dst[..step.written]);
            if step.status == CoderStatus::InputEmpty {
                return (out, replaced);
            }
        }
    }

    #[test]
    fn references_have_every_digit_count() {
        let mut encoder = Encoder::new(WINDOWS_1252).unwrap();
        for cp in [
            0x100, 0x3E8, 0x270F, 0x2710, 0xFFFF, 0x1_0000, 0x1_869F, 0x10_FFFF,
        ] {
            let c = char::from_u32(cp).unwrap();
            let text = format!("a{c}b");
            let mut dst = [0u8; 32];
            let step = encoder.encode_with_html(&text, &mut dst, true);
            assert_eq!(dst[..step.written], *format!("a&#{cp};b").as_bytes());
        }
    }

    #[test]
    fn subst_writes_the_character_through_the_encoder() {
        let text = "a\u{2713}\u{2713}b\u{30BD}\u{2713}";
        for len in MIN_OUTPUT_BUFFER..40 {
            assert_eq!(
                subst_all(WINDOWS_1252, text, '?', len),
                (b"a??b??".to_vec(), 4)
            );
            assert_eq!(
                subst_all(SHIFT_JIS, text, '\u{3013}', len),
                (b"a\x81\xAC\x81\xACb\x83\x5C\x81\xAC".to_vec(), 3)
            );
            assert_eq!(
                subst_all(ISO_2022_JP, text, '?', len),
                (b"a??b\x1B$B%=\x1B(B?".to_vec(), 3)
            );
        }
    }

    /// Html mode in `chunk`-byte pieces through a `dst` of `dst_len`: the
    /// output, the references counted, and each call's first one.
    fn html_all(
        encoding: &'static Encoding,
        text: &str,
        chunk: usize,
        dst_len: usize,
    ) -> (Vec<u8>, u64, Vec<UnmappableChar>) {
        let mut encoder = Encoder::new(encoding).unwrap();
        let mut dst = vec![0u8; dst_len];
        let (mut out, mut read, mut replaced, mut firsts) = (Vec::new(), 0, 0, Vec::new());
        loop {
            let mut end = (read + chunk).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            let last = end == text.len();
            let step = encoder.encode_with_html(&text[read..end], &mut dst, last);
            read += step.read;
            replaced += step.replaced;
            firsts.extend(step.first);
            out.extend_from_slice(&dst[..step.written]);
            if last && step.status == CoderStatus::InputEmpty && read == text.len() {
                return (out, replaced, firsts);
            }
        }
    }

    #[test]
    fn single_byte_references_are_counted_and_placed_in_any_buffer() {
        // References written by the family (room for one) or by the
        // Encoder (no room), in Latin and Cyrillic text (the kernel's).
        references_are_counted_and_placed(
            WINDOWS_1252,
            encoding_rs::WINDOWS_1252,
            "caf\u{e9} \u{2713}\u{1F600} na\u{ef}ve\u{3042}\u{3042}x \u{10FFFF}",
        );
        references_are_counted_and_placed(
            WINDOWS_1251,
            encoding_rs::WINDOWS_1251,
            "\u{416}\u{43e}\u{2713}\u{435} \u{e9}\u{439}\u{416}\u{e9}z",
        );
    }

    #[test]
    fn double_byte_references_are_counted_and_placed_in_any_buffer() {
        // The double-byte loop's general step writes them (`pair_encode`):
        // after ASCII, after CJK, astral, two in a row.
        let text = "\u{d55c}\u{ad6d}\u{2713} a\u{1F600}\u{e9}\u{4e2d}\u{fffd}x \u{10FFFF}";
        for (encoding, rs) in [
            (EUC_KR, encoding_rs::EUC_KR),
            (SHIFT_JIS, encoding_rs::SHIFT_JIS),
            (GBK, encoding_rs::GBK),
        ] {
            references_are_counted_and_placed(encoding, rs, text);
        }
    }

    /// `text` (repeated) in html mode in pieces of several sizes, into
    /// every small buffer: encoding_rs's bytes, each unmappable character
    /// counted, and each call's first reference a real one, in order.
    fn references_are_counted_and_placed(
        encoding: &'static Encoding,
        rs: &'static encoding_rs::Encoding,
        text: &str,
    ) {
        let text = text.repeat(5);
        let expected = rs.encode(&text).0;
        let offsets: Vec<u64> = text
            .char_indices()
            .filter(|&(_, c)| rs.encode(&c.to_string()).2)
            .map(|(i, _)| i as u64)
            .collect();
        for dst_len in MIN_OUTPUT_BUFFER..40 {
            for chunk in [1, 7, 64, text.len()] {
                let (out, replaced, firsts) = html_all(encoding, &text, chunk, dst_len);
                assert_eq!(out, &expected[..], "{dst_len} {chunk}");
                assert_eq!(replaced, offsets.len() as u64, "{dst_len} {chunk}");
                let at: Vec<u64> = firsts.iter().map(|u| u.offset).collect();
                assert!(at.iter().all(|o| offsets.contains(o)), "{at:?}");
                assert!(at.windows(2).all(|w| w[0] < w[1]), "{at:?}");
                assert_eq!(at.first(), offsets.first(), "{dst_len} {chunk}");
                for u in &firsts {
                    assert_eq!(Some(u.ch), text[u.offset as usize..].chars().next());
                }
            }
        }
    }
}
