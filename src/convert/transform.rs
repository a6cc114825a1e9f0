//! The text-transform stage between decoding and encoding: `--eol` rewrites
//! line ends, `--normalize` applies a Unicode normalization form (with the
//! `unicode-normalization` crate).
//!
//! The decoded text arrives in chunks. Each chunk is transformed up to a
//! point where the transform cannot depend on what follows, and the rest
//! (the carry) waits for the next chunk:
//! - a CR at the end might be the first half of a CRLF;
//! - with a normalization form, text after the last *boundary* (a character
//!   that nothing before it can combine or reorder with: ICU's
//!   "has boundary before") might combine with what follows.
//!
//! A line feed ends every carry (nothing after it can reach back across it),
//! so the carry holds no newline: its position is found from the driver's
//! tracker without a second count.
//!
//! Before it is normalized, text is put in UAX #15's Stream-Safe Text Format
//! ([`StreamSafe`]): after 30 non-starters in a row, a U+034F COMBINING
//! GRAPHEME JOINER is inserted (as `unicode-normalization`'s `stream_safe`
//! does, and as the standard recommends for buffered normalization). The
//! joiner is a boundary, so a carry is at most one CR plus one combining
//! sequence of at most 30 marks, and the output is the same however the
//! text arrives in chunks. Only text with no boundary for [`MAX_CARRY`]
//! bytes that is not a run of non-starters (a megabyte of conjoining jamo
//! vowels, say) is still cut there.
//!
//! When a conversion stops at an error, text still held back is not written
//! (the output ends before the error either way).
//!
//! Without these options the driver never builds a [`Transformer`]. With
//! UTF-8 output the transformed text is the output; with line ends alone it
//! is rewritten as bytes ([`Transformer::apply_eol`]), the cheapest way.
//!
//! Line ends: with `lf`, CRLF and a lone CR (old Mac OS) become LF; with
//! `crlf`, LF and a lone CR become CRLF, and CRLF stays. Every line end
//! becomes the one asked for, as with `nkf -Lu` / `nkf -Lw`.

mod stream_safe;

use super::position::Tracker;
use super::{ConvertError, Converter, TextPosition};
use std::io::Write;
use std::ops::Range;
use stream_safe::{StreamSafe, CGJ};
use unicode_normalization::char::{
    canonical_combining_class, decompose_canonical, decompose_compatible,
};
use unicode_normalization::{
    is_nfc_quick, is_nfd_quick, is_nfkc_quick, is_nfkd_quick, IsNormalized, UnicodeNormalization,
};

/// Line ends to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eol {
    Lf,
    Crlf,
}

/// A Unicode normalization form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Nfc,
    Nfd,
    Nfkc,
    Nfkd,
}

/// What to do to the decoded text before encoding it (nothing by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TextTransform {
    pub eol: Option<Eol>,
    pub normalize: Option<Form>,
}

impl TextTransform {
    pub fn is_none(&self) -> bool {
        self.eol.is_none() && self.normalize.is_none()
    }

    /// Whether text cut after a newline and transformed in pieces gives what
    /// the whole text gives, so that `-j` may split the input (checked where
    /// it decides, `parallel::split_encoding`). A new transform states its
    /// answer here: the pattern names every field, so adding one does not
    /// compile until it does.
    pub fn resets_at_newline(&self) -> bool {
        let TextTransform { eol, normalize } = *self;
        // A line feed ends every carry (see the module documentation): a CR
        // before it is already a line end, and it is a normalization
        // boundary that also ends a Stream-Safe run of non-starters.
        let eol = match eol {
            None | Some(Eol::Lf | Eol::Crlf) => true,
        };
        let normalize = match normalize {
            None | Some(Form::Nfc | Form::Nfd | Form::Nfkc | Form::Nfkd) => true,
        };
        eol && normalize
    }
}

/// Text held back without a boundary beyond this is transformed anyway.
pub const MAX_CARRY: usize = 1024 * 1024;

/// The streaming state of a [`TextTransform`].
pub(crate) struct Transformer {
    spec: TextTransform,
    /// Text held back by the last [`apply`](Transformer::apply).
    carry: String,
    /// The carry and the chunk, when there was a carry (else the chunk is
    /// transformed where it is, without a copy).
    joined: String,
    used_joined: bool,
    /// The length of the carry at the start of the last transformed text.
    carried: usize,
    /// How much of the carry and chunk the last `apply` transformed.
    cut: usize,
    /// The transformed text of the last `apply`.
    out: String,
    scratch: String,
    /// Transformed bytes before `out`.
    pub out_base: u64,
    /// The Stream-Safe Text Format's state, and the chunk made stream-safe
    /// when it had to be changed.
    safe: StreamSafe,
    safe_chunk: String,
    /// Where joiners were inserted: in the text of the last `apply`, and in
    /// the carry (offsets, ascending), so that `origin` leaves them out.
    inserted: Vec<usize>,
    carry_inserted: Vec<usize>,
    /// Line ends alone into UTF-8 ([`apply_eol`](Transformer::apply_eol)):
    /// the output, and whether a CR ended the last chunk.
    out_bytes: Vec<u8>,
    pending_cr: bool,
}

impl Transformer {
    pub fn new(spec: TextTransform) -> Transformer {
        Transformer {
            spec,
            carry: String::new(),
            joined: String::new(),
            used_joined: false,
            carried: 0,
            cut: 0,
            out: String::new(),
            scratch: String::new(),
            out_base: 0,
            safe: StreamSafe::default(),
            safe_chunk: String::new(),
            inserted: Vec::new(),
            carry_inserted: Vec::new(),
            out_bytes: Vec::new(),
            pending_cr: false,
        }
    }

    /// Line ends only, for UTF-8 output: rewrites `chunk` (all of it when
    /// `last`) as bytes, which spares checking the decoded text as UTF-8.
    /// Returns the output. A CR at the end waits for the next chunk.
    pub fn apply_eol(&mut self, mut chunk: &[u8], last: bool) -> &[u8] {
        let eol = self.spec.eol.unwrap_or(Eol::Lf);
        self.out_bytes.clear();
        if self.pending_cr {
            if chunk.is_empty() && !last {
                return &self.out_bytes;
            }
            // A CR, or the CR of a CRLF cut in two: one line end.
            self.pending_cr = false;
            rewrite_eol_bytes(eol, b"\r", &mut self.out_bytes);
            if chunk.first() == Some(&b'\n') {
                chunk = &chunk[1..];
            }
        }
        if !last && chunk.last() == Some(&b'\r') {
            self.pending_cr = true;
            chunk = &chunk[..chunk.len() - 1];
        }
        rewrite_eol_bytes(eol, chunk, &mut self.out_bytes);
        &self.out_bytes
    }

    /// Transforms the carry and `chunk` (all of it when `last`), keeping a new
    /// carry; [`text`](Transformer::text) is then the transformed text.
    pub fn apply(&mut self, chunk: &str, last: bool) {
        self.out_base += self.out.len() as u64;
        self.carried = self.carry.len();
        // The joiners in the carry, then those put into the chunk.
        std::mem::swap(&mut self.inserted, &mut self.carry_inserted);
        self.carry_inserted.clear();
        let made_safe = self.spec.normalize.is_some()
            && self
                .safe
                .rewrite(chunk, &mut self.safe_chunk, &mut self.carry_inserted);
        let carried = self.carried;
        self.inserted
            .extend(self.carry_inserted.drain(..).map(|i| carried + i));
        let chunk = if made_safe { &self.safe_chunk } else { chunk };
        // A rewritten chunk is copied, so that `origin` finds it.
        self.used_joined = made_safe || !self.carry.is_empty();
        let text = if self.used_joined {
            self.joined.clear();
            self.joined.push_str(&self.carry);
            self.joined.push_str(chunk);
            &self.joined
        } else {
            chunk
        };
        self.cut = if last {
            text.len()
        } else {
            safe_cut(self.spec, text)
        };
        self.out.clear();
        transform(
            self.spec,
            &text[..self.cut],
            &mut self.out,
            &mut self.scratch,
        );
        self.carry.clear();
        self.carry.push_str(&text[self.cut..]);
        let cut = self.cut;
        let held = self.inserted.iter().filter(|&&i| i >= cut);
        self.carry_inserted.extend(held.map(|i| i - cut));
    }

    /// Decoded text held back (the carry): it ends where the driver's
    /// tracker is.
    pub fn held(&self) -> usize {
        self.carry.len()
    }

    /// The transformed text of the last [`apply`](Transformer::apply).
    pub fn text(&self) -> &str {
        &self.out
    }

    /// Where the character at `offset` in the transformed text of the last
    /// [`apply`](Transformer::apply) came from: its 0-based offset in the
    /// decoded text, and its line and column there. `chunk` is the one given
    /// to `apply`, and `tracker` the driver's, at its start. For a character
    /// that normalization made of several, the position of the first.
    pub fn origin(&self, offset: usize, chunk: &str, tracker: &Tracker) -> (u64, TextPosition) {
        let text = if self.used_joined {
            &self.joined[..self.cut]
        } else {
            &chunk[..self.cut]
        };
        let (mut done, mut start) = (0, 0);
        let (mut piece, mut scratch) = (String::new(), String::new());
        for end in segment_ends(self.spec.normalize, text) {
            piece.clear();
            transform(self.spec, &text[start..end], &mut piece, &mut scratch);
            done += piece.len();
            if offset < done {
                break;
            }
            start = end;
        }
        // Positions are in the decoded text: without the joiners inserted.
        let upto = start.max(self.carried);
        let joiners = || self.inserted.iter().copied().filter(|&i| i < upto);
        let mut decoded = Vec::with_capacity(upto);
        let mut from = 0;
        for i in joiners() {
            decoded.extend_from_slice(&text.as_bytes()[from..i]);
            from = i + CGJ.len_utf8();
        }
        decoded.extend_from_slice(&text.as_bytes()[from..upto]);
        let in_decoded = |at: usize| at - CGJ.len_utf8() * joiners().filter(|&i| i < at).count();
        // The carry holds no newline: its start is on the tracker's line.
        let mut at_carry = tracker.clone();
        at_carry.back_within_line(&decoded[..in_decoded(self.carried)]);
        let start = in_decoded(start);
        let position = at_carry.position_in(&decoded, start);
        (at_carry.base + start as u64, position)
    }
}

/// Where `text` can be cut: after the last newline or before the last
/// boundary, whichever is later, but never right after a CR.
fn safe_cut(spec: TextTransform, text: &str) -> usize {
    let after_newline = memchr::memrchr(b'\n', text.as_bytes()).map_or(0, |i| i + 1);
    let mut cut = match spec.normalize {
        None => text.len(),
        Some(form) => text
            .char_indices()
            .rev()
            .take_while(|&(i, _)| i >= after_newline)
            .find(|&(_, c)| boundary_before(form, c))
            .map_or(after_newline, |(i, _)| i),
    };
    if cut == 0 && text.len() > MAX_CARRY {
        cut = text.floor_char_boundary(text.len() - 1);
    }
    if text[..cut].ends_with('\r') {
        cut -= 1;
    }
    cut
}

impl Converter {
    /// [`emit`](Converter::emit) for UTF-8 output through a transform: the
    /// transformed text is the output, written or kept as it is.
    pub(super) fn emit_transformed_utf8<W: Write + ?Sized>(
        &mut self,
        len: usize,
        end_of_input: bool,
        sink: &mut W,
    ) -> Result<(), ConvertError> {
        let Some(t) = &mut self.transform else {
            return Err(ConvertError::Internal("no transform to apply"));
        };
        let bytes = &self.text[..len];
        let out = if t.spec.normalize.is_none() {
            t.apply_eol(bytes, end_of_input)
        } else {
            // As in `emit`: decoders write only UTF-8, and simdutf8 confirms it.
            let decoded = super::feed::decoded_text(bytes)?;
            t.apply(decoded, end_of_input);
            t.text().as_bytes()
        };
        self.tracker.advance(bytes);
        if self.settings.write_output {
            sink.write_all(out).map_err(ConvertError::Write)
        } else {
            Ok(())
        }
    }
}

/// Applies `spec` to `text` (a whole number of segments), appending to `out`.
fn transform(spec: TextTransform, text: &str, out: &mut String, scratch: &mut String) {
    match (spec.normalize, spec.eol) {
        (None, None) => out.push_str(text),
        (None, Some(eol)) => rewrite_eol(eol, text, out),
        (Some(form), None) => normalize(form, text, out),
        (Some(form), Some(eol)) => {
            scratch.clear();
            normalize(form, text, scratch);
            rewrite_eol(eol, scratch, out);
        }
    }
}

fn normalize(form: Form, text: &str, out: &mut String) {
    // Most text is already normalized: a quick check (a table lookup per
    // character) is much cheaper than normalizing.
    let chars = text.chars();
    let normalized = match form {
        Form::Nfc => is_nfc_quick(chars),
        Form::Nfd => is_nfd_quick(chars),
        Form::Nfkc => is_nfkc_quick(chars),
        Form::Nfkd => is_nfkd_quick(chars),
    };
    if normalized == IsNormalized::Yes {
        out.push_str(text);
        return;
    }
    match form {
        Form::Nfc => out.extend(text.nfc()),
        Form::Nfd => out.extend(text.nfd()),
        Form::Nfkc => out.extend(text.nfkc()),
        Form::Nfkd => out.extend(text.nfkd()),
    }
}

/// Every line end (CRLF, CR, LF) in `text` becomes `eol`. `text` never ends
/// in the CR of a CRLF cut in two (see [`Transformer::apply`]).
fn rewrite_eol(eol: Eol, text: &str, out: &mut String) {
    // CR and LF are ASCII: the cuts around them are character boundaries.
    eol_pieces(eol, text.as_bytes(), |piece, end| {
        out.push_str(&text[piece]);
        out.push_str(end);
    });
}

/// [`rewrite_eol`] on bytes (UTF-8 that needs no check as text).
fn rewrite_eol_bytes(eol: Eol, bytes: &[u8], out: &mut Vec<u8>) {
    eol_pieces(eol, bytes, |piece, end| {
        out.extend_from_slice(&bytes[piece]);
        out.extend_from_slice(end.as_bytes());
    });
}

/// The one rule for line ends: calls `f` with each stretch of `bytes` between
/// line ends and the line end to write after it (none after the last).
fn eol_pieces(eol: Eol, bytes: &[u8], mut f: impl FnMut(Range<usize>, &'static str)) {
    let ending = match eol {
        Eol::Lf => "\n",
        Eol::Crlf => "\r\n",
    };
    let next = |from: usize| match eol {
        Eol::Lf => memchr::memchr(b'\r', &bytes[from..]),
        Eol::Crlf => memchr::memchr2(b'\r', b'\n', &bytes[from..]),
    };
    let mut from = 0;
    while let Some(i) = next(from) {
        let at = from + i;
        f(from..at, ending);
        from = at + 1;
        if bytes[at] == b'\r' && bytes.get(from) == Some(&b'\n') {
            from += 1;
        }
    }
    f(from..bytes.len(), "");
}

/// Whether nothing before `c` can combine or reorder with `c` or what
/// follows it in `form` (ICU's hasCompBoundaryBefore / hasDecompBoundaryBefore).
fn boundary_before(form: Form, c: char) -> bool {
    if c.is_ascii() {
        return true;
    }
    if canonical_combining_class(c) != 0 {
        return false;
    }
    let once = std::iter::once(c);
    match form {
        Form::Nfc => is_nfc_quick(once) == IsNormalized::Yes,
        Form::Nfkc => is_nfkc_quick(once) == IsNormalized::Yes,
        Form::Nfd | Form::Nfkd => {
            let mut first = None;
            let mut note = |d: char| {
                first.get_or_insert(d);
            };
            if form == Form::Nfd {
                decompose_canonical(c, &mut note);
            } else {
                decompose_compatible(c, &mut note);
            }
            first.is_none_or(|d| canonical_combining_class(d) == 0)
        }
    }
}

/// The ends of the segments of `text`: pieces that transform independently
/// (cut before each boundary and after each newline, but never inside a CRLF).
fn segment_ends(form: Option<Form>, text: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = text.as_bytes();
    text.char_indices()
        .skip(1)
        .filter(move |&(i, c)| {
            let before = bytes[i - 1];
            (before == b'\n' || form.is_none_or(|f| boundary_before(f, c)))
                && !(c == '\n' && before == b'\r')
        })
        .map(|(i, _)| i)
        .chain(std::iter::once(text.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The whole text at once, the plain way: made stream-safe and
    /// normalized (by unicode-normalization), then line ends.
    fn reference(spec: TextTransform, text: &str) -> String {
        let text: String = match spec.normalize {
            None => text.to_string(),
            Some(Form::Nfc) => text.chars().stream_safe().nfc().collect(),
            Some(Form::Nfd) => text.chars().stream_safe().nfd().collect(),
            Some(Form::Nfkc) => text.chars().stream_safe().nfkc().collect(),
            Some(Form::Nfkd) => text.chars().stream_safe().nfkd().collect(),
        };
        let lf = text.replace("\r\n", "\n").replace('\r', "\n");
        match spec.eol {
            None => text,
            Some(Eol::Lf) => lf,
            Some(Eol::Crlf) => lf.replace('\n', "\r\n"),
        }
    }

    /// `text` fed in pieces cut at `cuts` (moved to character boundaries).
    fn streamed(spec: TextTransform, text: &str, cuts: &[usize]) -> String {
        let mut t = Transformer::new(spec);
        let (mut out, mut from) = (String::new(), 0);
        for &cut in cuts {
            let cut = text.floor_char_boundary(cut.min(text.len())).max(from);
            t.apply(&text[from..cut], false);
            out.push_str(t.text());
            from = cut;
        }
        t.apply(&text[from..], true);
        out.push_str(t.text());
        out
    }

    fn any_spec() -> impl Strategy<Value = TextTransform> {
        let eol = prop::option::of(prop::sample::select(vec![Eol::Lf, Eol::Crlf]));
        let form = prop::option::of(prop::sample::select(vec![
            Form::Nfc,
            Form::Nfd,
            Form::Nfkc,
            Form::Nfkd,
        ]));
        (eol, form).prop_map(|(eol, normalize)| TextTransform { eol, normalize })
    }

    /// Starters, combining marks of several classes (to be reordered),
    /// Hangul jamo (composed), compatibility characters, a composition
    /// exclusion, line ends.
    const TEXT: &str = "[ae\r\n\u{E9}\u{301}\u{316}\u{327}\u{304B}\u{3099}\u{AC00}\u{1100}\u{1161}\u{11A8}\u{FB01}\u{FF21}\u{F73}\u{344}\u{B47}\u{B3E}\u{212B}]{0,40}";

    /// [`streamed`] through [`Transformer::apply_eol`].
    fn streamed_bytes(spec: TextTransform, text: &str, cuts: &[usize]) -> String {
        let mut t = Transformer::new(spec);
        let (mut out, mut from) = (Vec::new(), 0);
        for &cut in cuts {
            let cut = text.floor_char_boundary(cut.min(text.len())).max(from);
            out.extend_from_slice(t.apply_eol(&text.as_bytes()[from..cut], false));
            from = cut;
        }
        out.extend_from_slice(t.apply_eol(&text.as_bytes()[from..], true));
        String::from_utf8(out).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        #[test]
        fn line_ends_as_bytes_in_any_chunking(
            eol in prop::sample::select(vec![Eol::Lf, Eol::Crlf]),
            text in "[a\r\n\u{E9}]{0,40}",
            mut cuts in prop::collection::vec(0..60usize, 0..10),
        ) {
            cuts.sort_unstable();
            let spec = TextTransform { eol: Some(eol), normalize: None };
            prop_assert_eq!(streamed_bytes(spec, &text, &cuts), reference(spec, &text));
        }

        #[test]
        fn any_chunking_gives_the_whole_texts_result(
            spec in any_spec(),
            text in TEXT,
            mut cuts in prop::collection::vec(0..160usize, 0..10),
        ) {
            cuts.sort_unstable();
            prop_assert_eq!(streamed(spec, &text, &cuts), reference(spec, &text));
        }

        #[test]
        fn every_output_character_comes_from_a_segment_of_the_input(
            spec in any_spec(),
            text in TEXT,
        ) {
            let mut t = Transformer::new(spec);
            t.apply(&text, true);
            let out = t.text().to_string();
            let tracker = Tracker::new();
            let mut last = 0;
            for (i, c) in out.char_indices() {
                let (offset, position) = t.origin(i, &text, &tracker);
                let offset = offset as usize;
                prop_assert!(text.is_char_boundary(offset) && offset >= last);
                last = offset;
                prop_assert_eq!(position, tracker.position_in(text.as_bytes(), offset));
                // Line ends aside, without normalization each character is
                // the one it came from.
                if spec.normalize.is_none() && c != '\r' && c != '\n' {
                    prop_assert_eq!(text[offset..].chars().next(), Some(c));
                }
            }
        }
    }

    #[test]
    fn origin_counts_the_carry_and_newlines() {
        let nfc = TextTransform {
            eol: Some(Eol::Crlf),
            normalize: Some(Form::Nfc),
        };
        let mut t = Transformer::new(nfc);
        let mut tracker = Tracker::new();
        let first = "ab\n\u{316}x\u{304B}";
        t.apply(first, false);
        assert_eq!(t.text(), "ab\r\n\u{316}x");
        assert_eq!(
            t.origin(4, first, &tracker).1,
            TextPosition { line: 2, column: 1 }
        );
        tracker.advance(first.as_bytes());
        // The carry (か) is on line 2, column 3.
        let second = "\u{3099}y";
        t.apply(second, true);
        assert_eq!(t.text(), "\u{304C}y");
        let (offset, position) = t.origin(0, second, &tracker);
        assert_eq!((offset, position), (6, TextPosition { line: 2, column: 3 }));
        assert_eq!(
            t.origin(3, second, &tracker).1,
            TextPosition { line: 2, column: 5 }
        );
    }

    #[test]
    fn line_ends() {
        let lf = TextTransform {
            eol: Some(Eol::Lf),
            normalize: None,
        };
        let crlf = TextTransform {
            eol: Some(Eol::Crlf),
            normalize: None,
        };
        assert_eq!(streamed(lf, "a\r\nb\rc\nd\r", &[2]), "a\nb\nc\nd\n");
        assert_eq!(
            streamed(crlf, "a\r\nb\rc\nd\r", &[2, 5]),
            "a\r\nb\r\nc\r\nd\r\n"
        );
    }

    #[test]
    fn carry_holds_a_cr_or_one_combining_sequence_only() {
        let nfc = TextTransform {
            eol: None,
            normalize: Some(Form::Nfc),
        };
        let mut t = Transformer::new(nfc);
        t.apply("ab\u{304B}", false);
        assert_eq!(t.text(), "ab");
        t.apply("\u{3099}\u{3099}x\r", false);
        assert_eq!(t.text(), "\u{304C}\u{3099}x");
        t.apply("\n", true);
        assert_eq!(t.text(), "\r\n");
        // No boundary at all for MAX_CARRY bytes: cut anyway.
        let mut t = Transformer::new(nfc);
        t.apply(&"\u{1161}".repeat(MAX_CARRY), false);
        assert!(!t.text().is_empty());
    }

    /// Positions after a joiner the Stream-Safe Text Format inserted are in
    /// the decoded text, which has no joiner: whole, and with the joiner
    /// held back in the carry.
    #[test]
    fn origin_leaves_inserted_joiners_out() {
        let nfd = TextTransform {
            eol: None,
            normalize: Some(Form::Nfd),
        };
        let marks = "\u{301}".repeat(31);
        // Z follows "\n", "a" and 31 marks (2 bytes each).
        let z = 1 + 1 + 31 * 2;
        let at_z = TextPosition {
            line: 2,
            column: 33,
        };
        let whole = format!("\na{marks}Z");
        let mut t = Transformer::new(nfd);
        t.apply(&whole, true);
        let offset = t.text().find('Z').unwrap();
        assert_eq!(t.text()[..offset].matches(CGJ).count(), 1);
        assert_eq!(t.origin(offset, &whole, &Tracker::new()), (z, at_z));
        // Cut after the marks: the joiner and the last mark wait in the carry.
        let first = format!("\na{marks}");
        let mut t = Transformer::new(nfd);
        let mut tracker = Tracker::new();
        t.apply(&first, false);
        assert!(t.held() > 0);
        tracker.advance(first.as_bytes());
        t.apply("Z", true);
        let offset = t.text().find('Z').unwrap();
        assert_eq!(t.origin(offset, "Z", &tracker), (z, at_z));
    }

    /// Issue 19, item 10: over a megabyte of combining marks, the output
    /// depended on how the text arrived. A joiner after every 30 marks
    /// bounds the carry, so every chunking gives the whole text's result.
    #[test]
    fn long_runs_of_marks_are_stream_safe_in_any_chunking() {
        let text = format!(
            "e{}x\u{E9}{}",
            "\u{301}\u{316}".repeat(600_000),
            "\u{344}".repeat(50)
        );
        for form in [Form::Nfc, Form::Nfd, Form::Nfkc, Form::Nfkd] {
            let spec = TextTransform {
                eol: None,
                normalize: Some(form),
            };
            let whole = reference(spec, &text);
            assert!(whole.contains(CGJ));
            for step in [1000, 65_536, 1 << 20, 3_000_001] {
                let cuts: Vec<usize> = (step..text.len()).step_by(step).collect();
                assert!(
                    streamed(spec, &text, &cuts) == whole,
                    "{form:?}, chunks of {step}"
                );
            }
            let mut t = Transformer::new(spec);
            t.apply(&text[..text.floor_char_boundary(1 << 20)], false);
            assert!(t.held() < 200, "{form:?}: {} bytes held", t.held());
        }
    }
}
