//! The messages of a conversion: the error for an input, the one warning
//! per input, the guards' refusals and warnings, and output failures,
//! worded from what the driver reports (`run.rs`, `guard.rs` and
//! `strict.rs` decide when to print them). Usage errors are in `message.rs`.

use super::historical;
use super::message;
use super::run::Job;
use crate::codec::{Encoding, REPLACEMENT};
use crate::convert::{ConvertError, ErrorMode, MalformedInput, Summary, Utf8Evidence};
use crate::io::OutputError;
use std::io;
use std::path::Path;

impl Job {
    /// The message for a failed write to the output.
    pub(super) fn write_error_message(&self, e: &io::Error) -> String {
        match &self.output {
            None => message::stdout_write_error(e),
            Some(p) => format!(
                "error writing to {}: {}",
                message::path(p),
                message::io_error(e)
            ),
        }
    }

    /// The message for a conversion error other than a failed write.
    pub(super) fn error(&self, name: &str, e: &ConvertError, summary: &Summary) -> String {
        match e {
            ConvertError::Malformed(m) if m.encoding == REPLACEMENT => format!(
                "{name}: '{}' names the replacement encoding, which decodes any input to a \
                 single U+FFFD: with -e fatal{} that is an error{}",
                message::escape(&self.from_label),
                if self.check { " (and --check)" } else { "" },
                self.historical_hint()
            ),
            ConvertError::Malformed(m) => format!(
                "{name}: malformed {}{} input at byte offset {} (0-based), {}: bytes {}",
                m.encoding,
                self.bom_note(m.encoding),
                m.offset,
                m.position,
                m.hex()
            ),
            ConvertError::Unmappable(u) => {
                let mut msg = format!(
                    "{name}: {} at {} cannot be represented in {}",
                    message::describe_char(u.ch),
                    u.position,
                    u.encoding
                );
                // The driver counts only replacements before the character.
                match summary.first_malformed {
                    Some(first) if u.ch == '\u{FFFD}' => msg.push_str(&format!(
                        " (U+FFFD replaced malformed input; the first at byte offset {} \
                         (0-based), {}; -e fatal stops there)",
                        first.offset, first.position
                    )),
                    _ if !self.check => {
                        msg.push_str(&format!(
                            "; -e html writes it as &#{};, -e subst as ?",
                            u.ch as u32
                        ));
                    }
                    _ => {}
                }
                msg
            }
            ConvertError::Read(e) => format!("{name}: read error: {}", message::io_error(e)),
            ConvertError::Write(e) => self.write_error_message(e),
            ConvertError::Internal(what) => {
                format!("{name}: internal error ({what}); please report this as a bug")
            }
        }
    }

    /// "; for real HZ-GB-2312 text, use --historical ..." when the -f label
    /// names the replacement encoding only without --historical.
    fn historical_hint(&self) -> String {
        historical::decode_hint(&self.from_label).map_or(String::new(), |h| format!("; {h}"))
    }

    /// " (from its BOM)" when a BOM chose another encoding than -f.
    fn bom_note(&self, used: &'static Encoding) -> &'static str {
        if used != self.settings.from {
            " (named by its byte order mark)"
        } else {
            ""
        }
    }

    /// The one warning for an input that had replacements, if it had any.
    pub(super) fn warning(&self, name: &str, s: &Summary) -> Option<String> {
        let mut parts = Vec::new();
        if s.input_encoding == REPLACEMENT && s.malformed > 0 {
            parts.push(format!(
                "the input was replaced by a single U+FFFD: '{}' names the replacement encoding, \
                 which the Encoding Standard decodes this way{}",
                message::escape(&self.from_label),
                self.historical_hint()
            ));
        } else if let (n @ 1.., Some(m)) = (s.malformed, &s.first_malformed) {
            parts.push(format!(
                "{n} malformed {} in {}{} input replaced with U+FFFD; {}",
                plural(n, "sequence", "sequences"),
                m.encoding,
                self.bom_note(m.encoding),
                the_first(m)
            ));
        }
        if let (n @ 1.., Some(u)) = (s.unmappable, &s.first_unmappable) {
            let written_as = match self.settings.mode {
                ErrorMode::Subst(c) => format!("'{}'", message::escape(c.encode_utf8(&mut [0; 4]))),
                _ => "&#N; references".to_string(),
            };
            parts.push(format!(
                "{n} {} not representable in {} written as {written_as}; the first {} at {}",
                plural(n, "character", "characters"),
                u.encoding,
                message::describe_char(u.ch),
                u.position
            ));
        }
        if parts.is_empty() {
            None
        } else {
            Some(format!("{name}: {}", parts.join("; ")))
        }
    }
}

/// "the first at byte offset N (0-based), line L, column C: bytes XX".
fn the_first(m: &MalformedInput) -> String {
    format!(
        "the first at byte offset {} (0-based), {}: bytes {}",
        m.offset,
        m.position,
        m.hex()
    )
}

/// Standard output is the file of this input (named as in messages).
pub(super) fn input_is_output(name: &str) -> String {
    format!("{name}: input file is output file (to convert a file in place, use -i or -o)")
}

/// An input of valid UTF-8 text with non-ASCII characters, read as the
/// legacy `encoding`: `refused` when it was to replace a file.
pub(super) fn converted_already(
    name: &str,
    encoding: &Encoding,
    evidence: &Utf8Evidence,
    refused: bool,
) -> String {
    let (n, stray) = (evidence.multibyte, evidence.stray);
    let what = format!(
        "{name}: UTF-8 text ({n} valid multi-byte {}, {stray} stray {}), as if converted \
         already: read as {encoding} it",
        plural(n, "sequence", "sequences"),
        plural(stray, "byte", "bytes"),
    );
    if refused {
        format!("{what} would be garbled; nothing was replaced (--force converts it anyway)")
    } else {
        format!("{what} is probably garbled")
    }
}

/// A file to convert in place that is also where standard output or
/// standard error goes (`wenc -i f 2>> f`).
pub(super) fn in_place_is_std_stream(name: &str) -> String {
    format!("{name}: the file is also standard output or standard error; nothing was replaced")
}

/// A file that changed while it was converted in place.
pub(super) fn moved_while_converted(name: &str) -> String {
    format!(
        "{name}: the file changed while it was converted (its size or modification time \
         moved); nothing was replaced: run wenc again once it is still"
    )
}

/// `n` malformed sequences, the first `m`, in an input that was to replace a
/// file without -e replacement given.
pub(super) fn malformed_in_place(name: &str, n: u64, m: &MalformedInput) -> String {
    format!(
        "{name}: {n} malformed {} in {} input; {}; nothing was replaced: name its encoding \
         with -f (or -f auto), or give -e replacement to write U+FFFD for malformed input",
        plural(n, "sequence", "sequences"),
        m.encoding,
        the_first(m)
    )
}

/// The output of `-t label` got `byte` at `offset`, which the stricter
/// `set` iconv users read the label as lacks (module `strict`).
pub(super) fn stricter_output(
    label: &str,
    set: &str,
    encoding: &Encoding,
    byte: u8,
    offset: u64,
) -> String {
    format!(
        "-t {label}: the output has bytes {set} lacks (the first, 0x{byte:02X}, at output byte \
         offset {offset}): the Encoding Standard's label {label} names {}, not {set} as in iconv",
        encoding.name(),
        label = message::escape(label),
    )
}

fn plural(n: u64, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// The message for an output that could not be prepared or completed.
pub(super) fn output_error(e: &OutputError, target: &Path) -> String {
    let target = message::path(target);
    match e {
        OutputError::Directory(_) => format!("{target}: cannot write: is a directory"),
        OutputError::CreateTemp { dir, source } => format!(
            "{target}: cannot create a temporary file in {}: {}",
            message::path(dir),
            message::io_error(source)
        ),
        OutputError::Open { source, .. } => {
            format!("{target}: cannot open: {}", message::io_error(source))
        }
        OutputError::Write(source) => {
            format!("error writing to {target}: {}", message::io_error(source))
        }
        OutputError::DanglingSymlink(_) => {
            format!("{target}: not writing through dangling symlink")
        }
        OutputError::Protected(_) => format!(
            "{target}: refused: owned by someone else in a sticky directory \
             anyone may write to (the kernel refuses the shell's > there too)"
        ),
        #[cfg(unix)]
        OutputError::Keep { source, .. } => format!(
            "{target}: cannot replace it: {}: {}",
            source.what,
            message::io_error(&source.source)
        ),
        OutputError::Persist { source, .. } => {
            format!("{target}: cannot replace it: {}", message::io_error(source))
        }
    }
}
