//! Declarations follow the bytes for single inputs too (`-o`, `-i`,
//! standard output): the input's `<meta charset>`, XML `encoding` or CSS
//! `@charset`, when it names the input's encoding, is rewritten in the
//! output to name the output's ([`crate::convert::declaration`] decides).
//!
//! The input streams through unchanged; the output is spliced instead. The
//! label is ASCII and so is everything the output encoding writes for it,
//! so it sits in the output right after what the input before it converts
//! to on its own: converting that prefix (at most about 1 KiB) tells where.

use crate::cli::report;
use crate::convert::declaration::{self, Decision};
use crate::convert::{self, Parallelism, Settings};
use std::io::{self, Write};

/// Where the old label sits in the output, and what replaces it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Splice {
    at: u64,
    old_len: usize,
    new: Vec<u8>,
}

/// What to do for an input whose first bytes are `head`: the splice (with
/// its note) or a warning for a declaration the bytes contradict.
pub fn plan(head: &[u8], settings: Settings) -> (Option<Splice>, Option<String>) {
    if !settings.write_output {
        return (None, None);
    }
    match declaration::decide(head, settings.from, settings.to) {
        Decision::Rewrite { found, name } => {
            let mut prefix_out = Vec::new();
            let prefix = &head[..found.label.start];
            let (_, result) = convert::convert_bytes(
                settings,
                Parallelism::single(),
                prefix,
                &mut prefix_out,
                &mut (),
            );
            if result.is_err() {
                return (None, None); // the conversion itself will say why
            }
            let note = format!(
                "note: its {} now says {name}",
                report::declaration(found.syntax)
            );
            let splice = Splice {
                at: prefix_out.len() as u64,
                old_len: found.label.len(),
                new: name.into_bytes(),
            };
            (Some(splice), Some(note))
        }
        Decision::Contradicted(found) => (
            None,
            Some(format!(
                "warning: its {} says {}, but it is read as {}: declaration left as it is",
                report::declaration(found.syntax),
                found.encoding,
                settings.from
            )),
        ),
        Decision::Keep | Decision::CannotRewrite(_) => (None, None),
    }
}

/// `sink` for one input whose first bytes are `head`, spliced if its
/// declaration is to follow (not with `keep`); with what to tell the user.
pub fn sink<'a>(head: &[u8], settings: Settings, keep: bool, sink: &'a mut dyn Write) -> Sink<'a> {
    let (splice, note) = if keep {
        (None, None)
    } else {
        plan(head, settings)
    };
    let inner = match splice {
        Some(splice) => Inner::Spliced(Spliced::new(sink, splice)),
        None => Inner::Plain(sink),
    };
    Sink { inner, note }
}

/// An input's output: as it is, or spliced.
pub struct Sink<'a> {
    inner: Inner<'a>,
    note: Option<String>,
}

enum Inner<'a> {
    Plain(&'a mut dyn Write),
    Spliced(Spliced<'a>),
}

impl Sink<'_> {
    /// Tells `say` the note or warning about the declaration, if any.
    pub fn said(mut self, say: impl FnOnce(&str)) -> Self {
        if let Some(note) = self.note.take() {
            say(&note);
        }
        self
    }
}

impl Write for Sink<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.inner {
            Inner::Plain(w) => w.write(buf),
            Inner::Spliced(w) => w.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.inner {
            Inner::Plain(w) => w.flush(),
            Inner::Spliced(w) => w.flush(),
        }
    }
}

/// A writer that passes everything to `inner` but the old label, written
/// as the new one.
pub struct Spliced<'a> {
    inner: &'a mut dyn Write,
    splice: Splice,
    pos: u64,
}

impl<'a> Spliced<'a> {
    pub fn new(inner: &'a mut dyn Write, splice: Splice) -> Spliced<'a> {
        Spliced {
            inner,
            splice,
            pos: 0,
        }
    }
}

impl Write for Spliced<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let (start, end) = (self.pos, self.pos + buf.len() as u64);
        let (a, b) = (self.splice.at, self.splice.at + self.splice.old_len as u64);
        if start < a {
            self.inner
                .write_all(&buf[..(end.min(a) - start) as usize])?;
        }
        if (start..end).contains(&a) {
            self.inner.write_all(&self.splice.new)?;
        }
        if end > b {
            self.inner
                .write_all(&buf[(start.max(b) - start) as usize..])?;
        }
        self.pos = end;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{ISO_2022_JP, SHIFT_JIS, UTF_8, WINDOWS_1251};
    use crate::convert::{ErrorMode, TextTransform};

    fn settings(
        from: &'static crate::codec::Encoding,
        to: &'static crate::codec::Encoding,
    ) -> Settings {
        Settings {
            from,
            to,
            mode: ErrorMode::Fatal,
            sniff_bom: true,
            write_output: true,
            transform: TextTransform::default(),
            utf8_evidence: false,
        }
    }

    /// Converts `input` through a splice planned from its head, written in
    /// pieces of `step` bytes.
    fn through(input: &[u8], s: Settings, step: usize) -> Vec<u8> {
        let mut whole = Vec::new();
        let (_, r) = convert::convert_bytes(s, Parallelism::single(), input, &mut whole, &mut ());
        r.unwrap();
        let (splice, _) = plan(input, s);
        let mut out = Vec::new();
        let mut spliced = Spliced::new(&mut out, splice.unwrap());
        for piece in whole.chunks(step) {
            spliced.write_all(piece).unwrap();
        }
        out
    }

    #[test]
    fn the_label_is_replaced_in_the_output_whatever_the_pieces() {
        let page = "<title>Привет</title><meta charset=\"windows-1251\"><p>мир</p>";
        let (input, _, _) = encoding_rs::WINDOWS_1251.encode(page);
        let want = page.replace("windows-1251", "utf-8");
        for step in [1, 2, 7, 4096] {
            let out = through(&input, settings(WINDOWS_1251, UTF_8), step);
            assert_eq!(String::from_utf8(out).unwrap(), want, "step {step}");
        }
        let (splice, warning) = plan(&input, settings(SHIFT_JIS, UTF_8));
        assert_eq!(splice, None);
        assert!(warning
            .unwrap()
            .starts_with("warning: its <meta> charset says windows-1251"));
    }

    #[test]
    fn a_stateful_output_keeps_its_escapes_around_the_label() {
        let page = "<title>日本</title><meta charset=\"utf-8\"><p>語</p>";
        let out = through(page.as_bytes(), settings(UTF_8, ISO_2022_JP), 3);
        let (text, _, _) = encoding_rs::ISO_2022_JP.decode(&out);
        assert_eq!(text, page.replace("utf-8", "iso-2022-jp"));
    }
}
