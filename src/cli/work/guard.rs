//! Guards for runs whose output replaces an input (`-o` naming an input, or
//! `--in-place`), and for standard output that is an input's file.
//!
//! A safe write of a ruined result is still a ruined file, so when an input
//! is about to be replaced wenc refuses, and leaves it as it was:
//! - malformed input, unless `-e replacement` or `-e html` was given on the
//!   command line (the default mode is not consent to lose bytes in place);
//! - input that is valid UTF-8 with non-ASCII text read as a legacy encoding
//!   (the sign of a file converted already), unless `--force`; when nothing
//!   is replaced this is only a warning;
//! - a label of the replacement encoding (checked by the caller up front).
//!
//! Files are told apart by device and inode, never by name: `-o ./f f`, a
//! hard link and a symbolic link all name the same file.

use crate::cli::report::{self, shown};
use crate::codec::{Encoding, REPLACEMENT, UTF_16BE, UTF_16LE, UTF_8};
use crate::convert::Summary;
use crate::io::Source;
use std::path::Path;

/// A file's identity: device and inode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileId {
    dev: u64,
    ino: u64,
}

impl FileId {
    /// The regular file at `path` (symbolic links followed), if there is one.
    pub fn of_path(path: &Path) -> Option<FileId> {
        std::fs::metadata(path)
            .ok()
            .and_then(|m| Self::of_regular(&m))
    }

    /// The regular file open as descriptor `fd` (0 or 1), if it is one.
    pub fn of_fd(fd: i32) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::unix::io::FromRawFd;
            // SAFETY: fds 0 and 1 stay open for the whole process;
            // ManuallyDrop keeps this File from closing it.
            let file = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(fd) });
            file.metadata().ok().and_then(|m| Self::of_regular(&m))
        }
        #[cfg(not(unix))]
        {
            let _ = fd;
            None
        }
    }

    /// The regular file an input reads, if it is one.
    pub fn of_source(source: &Source) -> Option<FileId> {
        match source {
            Source::Stdin => Self::of_fd(0),
            Source::Path(p) => Self::of_path(p),
        }
    }

    /// Only regular files: `/dev/null`, terminals and pipes may be both read
    /// and written.
    fn of_regular(meta: &std::fs::Metadata) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            meta.is_file().then(|| FileId {
                dev: meta.dev(),
                ino: meta.ino(),
            })
        }
        #[cfg(not(unix))]
        {
            let _ = meta;
            None
        }
    }
}

/// `wenc f >> f`: the first input that is the file standard output writes
/// to (cat's "input file is output file").
fn input_is_stdout(sources: &[Source]) -> Option<&Source> {
    let out = FileId::of_fd(1)?;
    sources.iter().find(|s| FileId::of_source(s) == Some(out))
}

/// Whether wenc reads `encoding` as a legacy encoding: UTF-8 text read with
/// it would be misread (replacement is refused on its own).
fn is_legacy(encoding: &'static Encoding) -> bool {
    ![UTF_8, UTF_16LE, UTF_16BE, REPLACEMENT].contains(&encoding)
}

/// What the guard says about one converted input.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Fine,
    /// Converted, but say this (suppressed by -q).
    Warn(String),
    /// Do not replace the file; this is the error.
    Refuse(String),
}

/// Why a run is refused before anything is read or written.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A usage error (status 2).
    Usage(String),
    /// An error (status 1).
    Failure(String),
}

/// The guards of one run.
#[derive(Debug, Clone, Copy)]
pub struct Guard {
    /// Whether the output replaces an input: `--in-place`, or an `-o`
    /// target that is one of the inputs. Then every input is guarded, since
    /// each one's output ends up in the replaced file.
    pub replacing: bool,
    /// `--in-place`.
    pub in_place: bool,
    /// `-e replacement` or `-e html` given on the command line.
    pub consent: bool,
    /// `--force`.
    pub force: bool,
}

impl Guard {
    /// The guards for `sources` written to `output` (`None`: standard
    /// output) or, with `in_place`, each over itself.
    pub fn new(
        sources: &[Source],
        output: Option<&Path>,
        in_place: bool,
        consent: bool,
        force: bool,
    ) -> Guard {
        let target = output.and_then(FileId::of_path);
        let replacing = in_place
            || (target.is_some() && sources.iter().any(|s| FileId::of_source(s) == target));
        Guard {
            replacing,
            in_place,
            consent,
            force,
        }
    }

    /// The checks made before anything is read or written: `-i` with
    /// standard input, `-f` naming the replacement encoding (`from_label`
    /// as given) in place, and, `to_stdout`, standard output that is an
    /// input.
    pub fn up_front(
        &self,
        sources: &[Source],
        from: &'static Encoding,
        from_label: &str,
        to_stdout: bool,
    ) -> Option<Refusal> {
        if self.in_place && sources.contains(&Source::Stdin) {
            return Some(Refusal::Usage(report::STDIN_IN_PLACE.to_string()));
        }
        if from == REPLACEMENT && self.replacing {
            return Some(Refusal::Usage(report::replacement_in_place(from_label)));
        }
        if !to_stdout {
            return None;
        }
        let source = input_is_stdout(sources)?;
        Some(Refusal::Failure(report::input_is_output(&shown(source))))
    }

    /// Whether the input needs watching for "valid UTF-8 with non-ASCII
    /// text" ([`Utf8Watch`]): only a legacy input encoding can misread it.
    pub fn watches(&self, from: &'static Encoding) -> bool {
        is_legacy(from)
    }

    /// The verdict on an input that converted without error. `name` is as
    /// shown in messages, `utf8` what [`Utf8Watch`] saw.
    pub fn verdict(&self, name: &str, s: &Summary, utf8: &Utf8Watch) -> Verdict {
        let replaced = self.replacing;
        let encoding = s.input_encoding;
        if is_legacy(encoding) && utf8.is_utf8_text() {
            return match (replaced, self.force) {
                (true, false) => Verdict::Refuse(report::converted_already(name, encoding, true)),
                (true, true) => Verdict::Fine,
                (false, _) => Verdict::Warn(report::converted_already(name, encoding, false)),
            };
        }
        match &s.first_malformed {
            Some(m) if replaced && !self.consent && s.malformed > 0 => {
                Verdict::Refuse(report::malformed_in_place(name, s.malformed, m))
            }
            _ => Verdict::Fine,
        }
    }
}

/// Watches input bytes, in order and in any chunking, for "valid UTF-8
/// with at least one non-ASCII character".
#[derive(Debug, Default)]
pub struct Utf8Watch {
    invalid: bool,
    non_ascii: bool,
    /// The start of a sequence cut by the end of the last chunk.
    carry: [u8; 4],
    carry_len: usize,
}

impl Utf8Watch {
    pub fn new() -> Utf8Watch {
        Utf8Watch::default()
    }

    /// The next bytes of the input.
    pub fn feed(&mut self, mut bytes: &[u8]) {
        if self.invalid || bytes.is_empty() {
            return;
        }
        if self.carry_len > 0 {
            // Complete the cut sequence first (at most 4 bytes in all).
            let take = bytes.len().min(4 - self.carry_len);
            let mut joined = self.carry;
            joined[self.carry_len..self.carry_len + take].copy_from_slice(&bytes[..take]);
            let joined = &joined[..self.carry_len + take];
            match std::str::from_utf8(joined) {
                Ok(_) => {
                    self.carry_len = 0;
                    bytes = &bytes[take..];
                }
                Err(e) if e.valid_up_to() > 0 => {
                    bytes = &bytes[e.valid_up_to() - self.carry_len..];
                    self.carry_len = 0;
                }
                Err(e) if e.error_len().is_some() => {
                    self.invalid = true;
                    return;
                }
                Err(_) => {
                    // Still cut: all of `bytes` joined the carry.
                    self.carry[..joined.len()].copy_from_slice(joined);
                    self.carry_len = joined.len();
                    return;
                }
            }
        }
        if bytes.is_ascii() {
            return;
        }
        self.non_ascii = true;
        match std::str::from_utf8(bytes) {
            Ok(_) => {}
            Err(e) if e.error_len().is_some() => self.invalid = true,
            Err(e) => {
                let rest = &bytes[e.valid_up_to()..];
                self.carry[..rest.len()].copy_from_slice(rest);
                self.carry_len = rest.len();
            }
        }
    }

    /// After the last chunk: whether it all was valid UTF-8 with non-ASCII
    /// text.
    pub fn is_utf8_text(&self) -> bool {
        !self.invalid && self.non_ascii && self.carry_len == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::SHIFT_JIS;
    use crate::convert::{MalformedInput, TextPosition};
    use proptest::prelude::*;

    fn guard(replacing: bool, consent: bool, force: bool) -> Guard {
        Guard {
            replacing,
            in_place: false,
            consent,
            force,
        }
    }

    fn summary(encoding: &'static Encoding, malformed: u64) -> Summary {
        let position = TextPosition { line: 1, column: 2 };
        Summary {
            input_encoding: encoding,
            bytes_read: 10,
            malformed,
            first_malformed: (malformed > 0)
                .then(|| MalformedInput::new(encoding, 1, b"\xFF", position)),
            unmappable: 0,
            first_unmappable: None,
        }
    }

    fn utf8(bytes: &[u8]) -> Utf8Watch {
        let mut w = Utf8Watch::new();
        w.feed(bytes);
        w
    }

    fn kind(v: &Verdict) -> &'static str {
        match v {
            Verdict::Fine => "fine",
            Verdict::Warn(_) => "warn",
            Verdict::Refuse(_) => "refuse",
        }
    }

    #[test]
    fn verdicts() {
        let text = utf8("caf\u{E9}".as_bytes());
        let legacy = utf8(b"caf\xE9");
        let cases = [
            // replacing, consent, force, encoding, malformed, watch: verdict
            (true, false, false, SHIFT_JIS, 1, &legacy, "refuse"),
            (true, true, false, SHIFT_JIS, 1, &legacy, "fine"),
            (false, false, false, SHIFT_JIS, 1, &legacy, "fine"),
            (true, false, false, SHIFT_JIS, 0, &legacy, "fine"),
            (true, false, false, SHIFT_JIS, 0, &text, "refuse"),
            (true, true, false, SHIFT_JIS, 0, &text, "refuse"),
            (true, false, true, SHIFT_JIS, 0, &text, "fine"),
            (false, false, false, SHIFT_JIS, 0, &text, "warn"),
            (true, false, false, UTF_8, 0, &text, "fine"),
            (true, false, false, UTF_8, 2, &legacy, "refuse"),
        ];
        for (replacing, consent, force, encoding, malformed, watch, expected) in cases {
            let v =
                guard(replacing, consent, force).verdict("f", &summary(encoding, malformed), watch);
            assert_eq!(
                kind(&v),
                expected,
                "{replacing} {consent} {force} {encoding} {malformed}"
            );
        }
    }

    fn watched(chunks: &[&[u8]]) -> bool {
        let mut w = Utf8Watch::new();
        for c in chunks {
            w.feed(c);
        }
        w.is_utf8_text()
    }

    #[test]
    fn tells_utf8_text_from_ascii_and_legacy_bytes() {
        assert!(watched(&[b"caf\xC3\xA9"]));
        assert!(!watched(&[b"plain ascii"]));
        assert!(!watched(&[]));
        assert!(!watched(&[b"caf\xE9"])); // windows-1252
        assert!(!watched(&[b"\x83\x74\x83\x40"])); // Shift_JIS
        assert!(!watched(&[b"end cut \xE2\x82"]));
        // A sequence cut across three chunks.
        assert!(watched(&[b"\xF0", b"\x9F\x98", b"\x80!"]));
        assert!(!watched(&[b"\xF0", b"\x9F\x98", b"!"]));
    }

    proptest! {
        #[test]
        fn any_chunking_agrees_with_std(
            bytes in prop::collection::vec(
                prop_oneof![Just(b'a'), Just(0x80u8), Just(0xC3), Just(0xA9), Just(0xE2),
                            Just(0xF0), Just(0x9F), Just(0xFF), any::<u8>()],
                0..40),
            cuts in prop::collection::vec(0usize..40, 0..6),
        ) {
            let expected = std::str::from_utf8(&bytes).is_ok() && !bytes.is_ascii();
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(bytes.len())).collect();
            cuts.push(0);
            cuts.push(bytes.len());
            cuts.sort_unstable();
            let chunks: Vec<&[u8]> = cuts.windows(2).map(|w| &bytes[w[0]..w[1]]).collect();
            prop_assert_eq!(watched(&chunks), expected);
        }
    }
}
