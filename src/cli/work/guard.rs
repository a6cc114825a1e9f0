//! Guards for runs whose output replaces an input (`-o` naming an input, or
//! `--in-place`), and for standard output that is an input's file.
//!
//! A safe write of a ruined result is still a ruined file, so when an input
//! is about to be replaced wenc refuses, and leaves it as it was:
//! - malformed input, unless `-e replacement` or `-e html` was given on the
//!   command line (the default mode is not consent to lose bytes in place);
//! - input that is UTF-8 text (valid multi-byte sequences outnumbering
//!   stray bytes: [`Utf8Evidence`](crate::convert::Utf8Evidence)) read as any other encoding, UTF-16
//!   included when the input shows no sign of UTF-16 (the sign of a file
//!   converted already), unless `--force`; when nothing is replaced this is
//!   only a warning;
//! - a label of the replacement encoding (checked by the caller up front);
//! - output a second run would not recognise as converted ([`ReadBack`]):
//!   UTF-8 that the same `-f` reads as something else (UTF-16 text with
//!   U+0000 comes out as `a\0b\0`, UTF-16 again), unless `--force`.
//!
//! Files are told apart by device and inode, never by name: `-o ./f f`, a
//! hard link and a symbolic link all name the same file.

use super::read_back::ReadBack;
use crate::cli::report::{self, shown};
use crate::codec::{Encoding, REPLACEMENT, UTF_8};
pub use crate::convert::misread;
use crate::convert::Summary;
use crate::io::{Identity, Origin};
use std::path::Path;

/// What `source` reads, if it is a regular file (`/dev/null`, terminals
/// and pipes may be both read and written). By name: only for the checks
/// made before anything is opened; [`Guard::opened`] decides again from
/// the descriptors.
fn regular_source(source: &Origin) -> Option<Identity> {
    match source {
        Origin::Stdin => Identity::of_fd(0),
        Origin::Path(p) => Identity::of_path(p),
    }
    .filter(|id| id.regular)
}

/// `wenc f >> f`: the first input that is the file `out` (what standard
/// output writes to; cat's "input file is output file").
fn input_is(sources: &[Origin], out: Identity) -> Option<&Origin> {
    sources
        .iter()
        .find(|s| regular_source(s).is_some_and(|id| id.same_file(&out)))
}

/// The regular file descriptor `fd` (1 or 2) writes to, if it is one.
fn std_stream(fd: i32) -> Option<Identity> {
    Identity::of_fd(fd).filter(|id| id.regular)
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
    /// `-f auto`: the encoding was the detector's, so a refusal does not
    /// suggest it.
    pub auto: bool,
    /// The `-o` target is the file standard output or standard error
    /// writes to (`-o /dev/stdout >> f`): it is written in place, through
    /// that descriptor, as standard output is.
    pub direct: Option<Identity>,
}

impl Guard {
    /// The guards for `sources` written to `output` (`None`: standard
    /// output) or, with `in_place`, each over itself.
    pub fn new(
        sources: &[Origin],
        output: Option<&Path>,
        in_place: bool,
        consent: bool,
        force: bool,
        auto: bool,
    ) -> Guard {
        let target = output.and_then(Identity::of_path).filter(|t| t.regular);
        let is_target = |id: Option<Identity>| match (id, target) {
            (Some(id), Some(t)) => id.same_file(&t),
            _ => false,
        };
        let direct = target.filter(|_| is_target(std_stream(1)) || is_target(std_stream(2)));
        let replacing = in_place || sources.iter().any(|s| is_target(regular_source(s)));
        Guard {
            replacing,
            in_place,
            consent,
            force,
            auto,
            direct,
        }
    }

    /// The checks made before anything is read or written: `-i` with
    /// standard input, `-f` naming the replacement encoding (`from_label`
    /// as given) in place, and an input that is the file written in place:
    /// standard output (`to_stdout`), or an `-o` target that is where
    /// standard output or error go.
    pub fn up_front(
        &self,
        sources: &[Origin],
        from: &'static Encoding,
        from_label: &str,
        to_stdout: bool,
    ) -> Option<Refusal> {
        if self.in_place && sources.contains(&Origin::Stdin) {
            return Some(Refusal::Usage(report::STDIN_IN_PLACE.to_string()));
        }
        if from == REPLACEMENT && self.replacing {
            return Some(Refusal::Usage(report::replacement_in_place(from_label)));
        }
        let written = if to_stdout {
            std_stream(1)?
        } else {
            self.direct?
        };
        let source = input_is(sources, written)?;
        Some(Refusal::Failure(report::input_is_output(&shown(source))))
    }

    /// The check of an input once opened, from descriptors: `input` what
    /// its descriptor is, `output` what the output's descriptor writes to
    /// (the -o target as opened, or standard output), `in_place` whether
    /// it is written through that descriptor (standard output, a target
    /// open for writing already) rather than replaced. The checks before
    /// ([`up_front`](Guard::up_front)) went by names, which may have been
    /// pointed elsewhere since: an input that is the output is refused when
    /// written in place (`wenc f >> f`), and when replacing it was not
    /// planned (its guards were not applied to the inputs before).
    pub fn opened(
        &self,
        name: &str,
        input: Option<Identity>,
        output: Option<Identity>,
        in_place: bool,
    ) -> Option<String> {
        let (input, output) = (input?, output?);
        if !input.regular || !input.same_file(&output) {
            return None;
        }
        if in_place {
            return Some(report::input_is_output(name));
        }
        (!self.replacing).then(|| report::became_output(name))
    }

    /// Whether the input needs watching for UTF-8 text ([`Utf8Evidence`](crate::convert::Utf8Evidence)):
    /// only an input encoding other than UTF-8 can misread it.
    pub fn watches(&self, from: &'static Encoding) -> bool {
        from != UTF_8 && from != REPLACEMENT
    }

    /// What to watch the output with ([`ReadBack`]): when it replaces an
    /// input, unless forced. `from` is the `-f` given (what a second run
    /// reads with), `to` the output encoding; `bom`: a UTF-8 byte order mark
    /// goes first, which a second run reads as UTF-8 (it sniffs BOMs).
    pub fn read_back(
        &self,
        from: &'static Encoding,
        to: &'static Encoding,
        bom: bool,
    ) -> Option<ReadBack> {
        if !self.replacing || self.force || bom {
            return None;
        }
        ReadBack::new(from, to)
    }

    /// The verdict on an input that converted without error. `name` is as
    /// shown in messages, `s` the conversion's account (with the
    /// [`Utf8Evidence`](crate::convert::Utf8Evidence) of the whole input when [`watches`](Guard::watches)),
    /// `back` what the output looked like ([`read_back`](Guard::read_back)).
    pub fn verdict(&self, name: &str, s: &Summary, back: Option<ReadBack>) -> Verdict {
        let replaced = self.replacing;
        let encoding = s.input_encoding;
        let utf8 = &s.utf8;
        if misread(encoding, utf8) {
            let message = |refused| report::converted_already(name, encoding, utf8, refused);
            return match (replaced, self.force) {
                (true, false) => Verdict::Refuse(message(true)),
                (true, true) => Verdict::Fine,
                (false, _) => Verdict::Warn(message(false)),
            };
        }
        match &s.first_malformed {
            Some(m) if replaced && !self.consent && s.malformed > 0 => {
                return Verdict::Refuse(report::malformed_in_place(
                    name,
                    s.malformed,
                    m,
                    self.auto,
                ));
            }
            _ => {}
        }
        match back {
            Some(back) => {
                if back.recognised() {
                    return Verdict::Fine;
                }
                Verdict::Refuse(report::not_recognised_in_place(name, &back.why()))
            }
            None => Verdict::Fine,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{SHIFT_JIS, UTF_16BE, UTF_16LE, WINDOWS_1252};
    use crate::convert::{MalformedInput, TextPosition, Utf8Evidence};

    fn guard(replacing: bool, consent: bool, force: bool) -> Guard {
        Guard {
            replacing,
            in_place: false,
            consent,
            force,
            auto: false,
            direct: None,
        }
    }

    fn summary(encoding: &'static Encoding, malformed: u64, utf8: Utf8Evidence) -> Summary {
        let position = TextPosition { line: 1, column: 2 };
        Summary {
            input_encoding: encoding,
            bytes_read: 10,
            malformed,
            first_malformed: (malformed > 0)
                .then(|| MalformedInput::new(encoding, 1, b"\xFF", position)),
            unmappable: 0,
            first_unmappable: None,
            utf8,
        }
    }

    fn utf8(bytes: &[u8]) -> Utf8Evidence {
        let mut w = Utf8Evidence::new();
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
        let utf16 = utf8(b"\xFF\xFEc\x00\xC3\xA9");
        let ascii = utf8(b"Name,City\r\n");
        let mixed = utf8(b"Jos\xC3\xA9, Z\xC3\xBCrich, caf\xE9");
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
            // UTF-16: UTF-8 text is misread unless it shows signs of UTF-16.
            (true, false, false, UTF_16LE, 0, &text, "refuse"),
            (true, false, false, UTF_16BE, 0, &text, "refuse"),
            (true, false, false, UTF_16LE, 0, &utf16, "fine"),
            (true, false, false, UTF_16LE, 0, &ascii, "refuse"),
            (true, false, false, SHIFT_JIS, 0, &ascii, "fine"),
            // One stray byte does not switch the guard off.
            (true, false, false, WINDOWS_1252, 0, &mixed, "refuse"),
        ];
        for (replacing, consent, force, encoding, malformed, watch, expected) in cases {
            let s = summary(encoding, malformed, *watch);
            let v = guard(replacing, consent, force).verdict("f", &s, None);
            assert_eq!(
                kind(&v),
                expected,
                "{replacing} {consent} {force} {encoding} {malformed}"
            );
        }
    }

    /// The refusal of malformed input says how out: -f auto as a way only
    /// when the encoding was not -f auto's guess already.
    #[test]
    fn a_malformed_refusal_suggests_auto_only_when_it_was_not_used() {
        let legacy = utf8(b"caf\xE9");
        let message = |auto| {
            let g = Guard {
                auto,
                ..guard(true, false, false)
            };
            match g.verdict("f", &summary(SHIFT_JIS, 1, legacy), None) {
                Verdict::Refuse(why) => why,
                other => panic!("{other:?}"),
            }
        };
        assert!(message(false).contains("name its encoding with -f (or -f auto), or give"));
        assert!(message(true).contains("name its encoding with -f, or give"));
    }
}
