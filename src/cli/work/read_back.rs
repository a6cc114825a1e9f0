//! What a second run would make of a file converted in place: the rule
//! that keeps the "converted already" guard ([`misread`]) honest. A file
//! replaced by UTF-8 must come out either refused by the same command run
//! again (the guard sees UTF-8 text misread) or read back as itself (ASCII
//! that `-f` reads as ASCII); otherwise a second run converts it again, and
//! the first is refused instead, while the original is still there.
//!
//! The case that needs it: UTF-16 text with U+0000 becomes UTF-8 with a
//! NUL at every other byte (`a\0b\0`), which is what UTF-16 looks like, so
//! a second `-f utf-16le` would read it as "ab". It is not a UTF-16 rule:
//! `~` read by HZ-GB-2312, or ESC by ISO-2022-JP, are the same case.
//!
//! Only output in UTF-8 is judged: the guard knows no other encoding's
//! text, so a second run over other output cannot be caught either way.

use crate::codec::{Encoding, UTF_16BE, UTF_16LE, UTF_8};
use crate::convert::{misread, Utf8Evidence};
use std::io::{self, Write};

/// The ASCII bytes an encoding does not read as themselves.
#[derive(Debug, Clone)]
enum Foreign {
    /// Up to three (`~`; ESC, SO and SI), found with memchr.
    Few(Vec<u8>),
    /// More: every byte is looked up.
    Many(Box<[bool; 128]>),
}

impl Foreign {
    fn of(encoding: &'static Encoding) -> Foreign {
        let mut set = [false; 128];
        for b in 0..128u8 {
            let (text, errors) = encoding.decode_without_bom_handling(&[b]);
            set[usize::from(b)] = errors || text.as_bytes() != [b];
        }
        let few: Vec<u8> = (0..128u8).filter(|&b| set[usize::from(b)]).collect();
        if few.len() <= 3 {
            Foreign::Few(few)
        } else {
            Foreign::Many(Box::new(set))
        }
    }

    /// The first foreign byte of `bytes`, if any.
    fn first(&self, bytes: &[u8]) -> Option<u8> {
        let at = match self {
            Foreign::Few(f) => match f[..] {
                [] => None,
                [a] => memchr::memchr(a, bytes),
                [a, b] => memchr::memchr2(a, b, bytes),
                [a, b, c, ..] => memchr::memchr3(a, b, c, bytes),
            },
            Foreign::Many(set) => bytes
                .iter()
                .position(|&b| set.get(usize::from(b)) == Some(&true)),
        };
        at.map(|i| bytes[i])
    }
}

/// The output of one input converted in place, seen as a second run of the
/// same `-f` would read it.
#[derive(Debug, Clone)]
pub struct ReadBack {
    /// The `-f` a second run reads the output with.
    pub from: &'static Encoding,
    /// The output's bytes as UTF-8 evidence.
    pub evidence: Utf8Evidence,
    /// The first ASCII byte in the output that `from` does not read as
    /// itself (then nothing more is looked for).
    pub foreign: Option<u8>,
    /// Worked out when first needed (most output is settled by then).
    set: Option<Foreign>,
}

impl ReadBack {
    /// For output in `to` read back as `from`; `None` when there is nothing
    /// to judge: output not UTF-8, or `from` UTF-8 itself (the guard's
    /// blind spot either way).
    pub fn new(from: &'static Encoding, to: &'static Encoding) -> Option<ReadBack> {
        if to != UTF_8 || from == UTF_8 {
            return None;
        }
        Some(ReadBack {
            from,
            evidence: Utf8Evidence::new(),
            foreign: None,
            set: None,
        })
    }

    /// The next output bytes.
    pub fn feed(&mut self, bytes: &[u8]) {
        if self.settled() {
            return;
        }
        self.evidence.feed(bytes);
        if self.foreign.is_none() && !self.settled() {
            let from = self.from;
            self.foreign = self
                .set
                .get_or_insert_with(|| Foreign::of(from))
                .first(bytes);
        }
    }

    /// Whether the answer is known whatever follows: UTF-8 text, read as
    /// an encoding other than UTF-16, is misread (refused) for good, since
    /// the output, valid UTF-8, adds no stray byte. Read as UTF-16 it
    /// depends on NULs to the end.
    fn settled(&self) -> bool {
        ![UTF_16LE, UTF_16BE].contains(&self.from) && self.evidence.is_utf8_text()
    }

    /// After the last output byte: whether a second run would refuse the
    /// output as converted already, or read it back unchanged (ASCII read
    /// as itself).
    pub fn recognised(&self) -> bool {
        misread(self.from, &self.evidence)
            || (self.evidence.multibyte == 0 && self.foreign.is_none())
    }
}

impl ReadBack {
    /// Why the output is not recognised, as a message says it.
    pub fn why(&self) -> String {
        crate::cli::report::not_recognised(self.from, &self.evidence, self.foreign)
    }
}

/// A writer that shows a [`ReadBack`] what passes through it.
pub struct Observed<'a> {
    pub inner: &'a mut dyn Write,
    pub back: Option<ReadBack>,
}

impl Write for Observed<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        if let Some(back) = &mut self.back {
            back.feed(&buf[..n]);
        }
        Ok(n)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner.write_all(buf)?;
        if let Some(back) = &mut self.back {
            back.feed(buf);
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{HZ_GB_2312, ISO_2022_JP, SHIFT_JIS, WINDOWS_1252};

    fn recognised(from: &'static Encoding, out: &[&[u8]]) -> bool {
        let mut back = ReadBack::new(from, UTF_8).unwrap();
        for piece in out {
            back.feed(piece);
        }
        back.recognised()
    }

    #[test]
    fn output_a_second_run_would_convert_again_is_not_recognised() {
        // UTF-8 with a NUL at every other byte: UTF-16LE again.
        assert!(!recognised(UTF_16LE, &[b"a\0b\0"]));
        assert!(!recognised(UTF_16LE, &[b"a\0", b"b\0c\0"]));
        // A tilde HZ would read as an escape.
        assert!(!recognised(HZ_GB_2312, &[b"a~b"]));
        assert!(!recognised(ISO_2022_JP, &[b"a\x1Bb"]));
    }

    #[test]
    fn output_refused_or_read_back_unchanged_is_recognised() {
        // UTF-16 reads ASCII as CJK: the guard refuses it.
        assert!(recognised(UTF_16LE, &[b"ab"]));
        assert!(recognised(UTF_16LE, &["caf\u{E9}".as_bytes()]));
        assert!(recognised(UTF_16LE, &[b""]));
        // UTF-8 text read as a legacy encoding is refused; ASCII is itself.
        assert!(recognised(WINDOWS_1252, &["caf\u{E9}\0".as_bytes()]));
        assert!(recognised(WINDOWS_1252, &[b"a\0b\0\x1B~"]));
        assert!(recognised(SHIFT_JIS, &[b"a\0b\0"]));
        assert!(recognised(HZ_GB_2312, &["\u{4E2D}~".as_bytes()]));
        assert!(recognised(HZ_GB_2312, &[b"ab"]));
    }

    #[test]
    fn only_utf8_output_from_another_encoding_is_judged() {
        assert!(ReadBack::new(UTF_8, UTF_8).is_none());
        assert!(ReadBack::new(UTF_16LE, WINDOWS_1252).is_none());
    }

    #[test]
    fn foreign_bytes_are_what_the_encoding_does_not_read_as_itself() {
        assert!(matches!(Foreign::of(WINDOWS_1252), Foreign::Few(f) if f.is_empty()));
        assert!(matches!(Foreign::of(HZ_GB_2312), Foreign::Few(f) if f == b"~"));
        assert!(matches!(Foreign::of(UTF_16LE), Foreign::Many(_)));
        assert_eq!(Foreign::of(UTF_16LE).first(b"\xC3\xA9a\0b"), Some(b'a'));
        assert_eq!(Foreign::of(HZ_GB_2312).first(b"ab"), None);
    }
}
