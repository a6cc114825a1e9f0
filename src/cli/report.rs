//! The wording of wenc's messages, in one place, fed by small values: the
//! usage errors the plan returns, the error for an input, the one warning
//! per input, the guards' refusals and warnings, and output failures
//! (`work/` decides when to print them; `message.rs` escapes).

use super::message;

mod errors;
mod in_place;
mod labels;
use crate::codec::{Encoding, REPLACEMENT};
use crate::convert::{ConvertError, ErrorMode, MalformedInput, Summary};
use crate::io::{Origin, Shrank};
pub use errors::{convert_error, declaration, glob_error, open_error, output_error, skipped};
pub use in_place::{
    became_output, converted_already, in_place_is_std_stream, input_is_output, malformed_in_place,
    moved_while_converted, not_recognised, not_recognised_in_place, not_utf16,
};
pub use labels::{
    decode_hint, encode_hint, extra_note, iconv_suffix, unknown_label, UnknownLabel, ICONV_C,
};
use std::io;
use std::path::Path;

/// What the messages of a conversion need to know of its job.
#[derive(Clone, Copy)]
pub struct Wording<'a> {
    /// The -f label as given, for messages about the replacement encoding.
    pub from_label: &'a str,
    /// The encoding -f names (a BOM may choose another).
    pub from: &'static Encoding,
    pub mode: ErrorMode,
    pub check: bool,
    /// -o's file (`None`: standard output).
    pub output: Option<&'a Path>,
}

impl Wording<'_> {
    /// The message for a failed write to the output.
    pub fn write_error_message(&self, e: &io::Error) -> String {
        match self.output {
            None => stdout_write_error(e),
            Some(p) => format!(
                "error writing to {}: {}",
                message::path(p),
                message::io_error(e)
            ),
        }
    }

    /// The message for a conversion error other than a failed write.
    pub fn error(&self, name: &str, e: &ConvertError, summary: &Summary) -> String {
        match e {
            ConvertError::Malformed(m) if m.encoding == REPLACEMENT => format!(
                "{name}: '{}' names the replacement encoding, which decodes any input to a \
                 single U+FFFD: with -e fatal{} that is an error{}",
                message::escape(self.from_label),
                if self.check { " (and --check)" } else { "" },
                self.historical_hint()
            ),
            ConvertError::Malformed(m) => format!(
                "{name}: malformed {}{} input at byte offset {} (0-based), {}: bytes {}",
                m.encoding,
                self.bom_note(m.encoding),
                m.offset,
                errors::position(&m.position),
                m.hex()
            ),
            ConvertError::Unmappable(u) => {
                let mut msg = format!(
                    "{name}: {} at {} cannot be represented in {}",
                    message::describe_char(u.ch),
                    errors::position(&u.position),
                    u.encoding
                );
                if unicode_normalization::char::is_combining_mark(u.ch) {
                    msg.push_str(
                        " (a combining mark: for decomposed text, as macOS writes file names, \
                         --normalize nfc composes it with its base first)",
                    );
                }
                // The driver counts only replacements before the character.
                match summary.first_malformed {
                    Some(first) if u.ch == '\u{FFFD}' => msg.push_str(&format!(
                        " (U+FFFD replaced malformed input; the first at byte offset {} \
                         (0-based), {}; -e fatal stops there)",
                        first.offset,
                        errors::position(&first.position)
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
            ConvertError::Read(e) if Shrank::is(e) => changed_while_read(name),
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
        decode_hint(self.from_label).map_or(String::new(), |h| format!("; {h}"))
    }

    /// " (from its BOM)" when a BOM chose another encoding than -f.
    fn bom_note(&self, used: &'static Encoding) -> &'static str {
        if used != self.from {
            " (named by its byte order mark)"
        } else {
            ""
        }
    }

    /// The one warning for an input that had replacements, if it had any.
    pub fn warning(&self, name: &str, s: &Summary) -> Option<String> {
        let mut parts = Vec::new();
        if s.input_encoding == REPLACEMENT && s.malformed > 0 {
            parts.push(format!(
                "the input was replaced by a single U+FFFD: '{}' names the replacement encoding, \
                 which the Encoding Standard decodes this way{}",
                message::escape(self.from_label),
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
            let written_as = match self.mode {
                ErrorMode::Subst(c) => format!("'{}'", message::escape(c.encode_utf8(&mut [0; 4]))),
                _ => "&#N; references".to_string(),
            };
            parts.push(format!(
                "{n} {} not representable in {} written as {written_as}; the first {} at {}",
                plural(n, "character", "characters"),
                u.encoding,
                message::describe_char(u.ch),
                errors::position(&u.position)
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
        errors::position(&m.position),
        m.hex()
    )
}

/// A byte the stricter `set` iconv users read a label as lacks (module
/// `strict`): `byte`, first at `offset` of the output of `-t label`, or of
/// the `input` named so for `--check -f label`.
pub fn stricter_set(
    input: Option<&str>,
    label: &str,
    set: &str,
    encoding: &Encoding,
    byte: u8,
    offset: u64,
) -> String {
    let label = message::escape(label);
    let (head, place, accepted) = match input {
        None => (
            format!("-t {label}: the output"),
            format!("output byte offset {offset}"),
            "",
        ),
        Some(name) => (
            format!("{name}: -f {label}: the input"),
            format!("byte offset {offset} (0-based)"),
            ", which --check accepts",
        ),
    };
    format!(
        "{head} has bytes {set} lacks (the first, 0x{byte:02X}, at {place}){accepted}: the \
         Encoding Standard's label {label} names {}, not {set} as in iconv",
        encoding.name()
    )
}

fn plural(n: u64, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// The message for a failed write to standard output.
pub fn stdout_write_error(e: &io::Error) -> String {
    format!("error writing to standard output: {}", message::io_error(e))
}

/// The usage error for --json without a listing to print.
pub const JSON_ALONE: &str = "--json goes with --list-labels or --sniff";

/// The usage error for --check with an error mode other than fatal.
pub const CHECK_IS_FATAL: &str = "--check stops at the first malformed sequence or \
unrepresentable character; -e replacement and -e html do not apply to it";

/// The usage error for a --hint the detector does not know.
pub fn unknown_hint(text: &str) -> String {
    format!(
        "unknown --hint '{}': give a language code (ja, ru, zh-tw...) or a top-level domain \
         (jp, .ru, cz...) the detector knows",
        message::escape(text)
    )
}

/// The usage error for `-t LABEL` naming the replacement encoding, with the
/// --historical `hint` where the label once meant a real codec.
pub fn no_encoder(label: &str, hint: Option<&str>) -> String {
    let mut msg = format!(
        "'{}' for -t names the replacement encoding, which has no encoder: wenc can read it \
         (-f) but not write it",
        message::escape(label.trim())
    );
    if let Some(hint) = hint {
        msg.push_str("\n\n  ");
        msg.push_str(hint);
    }
    msg
}

/// The usage error for --in-place with standard input among the FILEs.
pub const STDIN_IN_PLACE: &str = "--in-place replaces FILEs; standard input (-) cannot be replaced";

/// The usage error for a -f label naming the replacement encoding in a run
/// that replaces a file.
pub fn replacement_in_place(label: &str) -> String {
    format!(
        "'{}' for -f names the replacement encoding, which decodes any input to a single \
         U+FFFD: wenc does not replace a file with that{}",
        message::escape(label.trim()),
        decode_hint(label).map_or(String::new(), |h| format!("; {h}"))
    )
}

/// The usage error for --subst-char without -e subst.
pub const SUBST_NEEDS_MODE: &str = "--subst-char needs -e subst";

/// The usage error for a --subst-char the output encoding lacks.
pub fn subst_unrepresentable(c: char, to: &Encoding) -> String {
    format!(
        "--subst-char: {} cannot be represented in {}; choose a character it has, such as ?",
        message::describe_char(c),
        to.name()
    )
}

/// The usage error for --add-bom with an output that has no BOM.
pub fn no_bom(to: &Encoding) -> String {
    format!(
        "--add-bom needs UTF-8, UTF-16LE or UTF-16BE output; {} has no byte order mark",
        to.name()
    )
}

/// What to print if a mapped input shrinks while it is read, and the run
/// ends (the SIGBUS handler's fallback).
pub fn bus_message(name: &str) -> String {
    format!("wenc: {}\n", changed_while_read(name))
}

/// An input that shrank while it was read: that input failed.
fn changed_while_read(name: &str) -> String {
    format!("{name}: the file changed (was it truncated?) while it was being read")
}

/// Added to "it looks like X" when X is the -t encoding.
pub const SWAPPED: &str = " (the -t encoding: were -f and -t swapped?)";

/// The name of an input in messages (escaped).
pub fn shown(source: &Origin) -> String {
    match source {
        Origin::Stdin => "<stdin>".to_string(),
        Origin::Path(p) => message::path(p),
    }
}

/// The detector's evidence: how each runner-up would read a few words.
fn evidence(differences: &[crate::detect::Difference]) -> String {
    differences
        .iter()
        .filter(|d| !d.words.is_empty())
        .map(|d| {
            let words: Vec<String> = d
                .words
                .iter()
                .map(|(a, b)| format!("\"{a}\" as \"{b}\""))
                .collect();
            format!("{} would read {}", d.encoding, words.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A guess's confidence as a whole percentage, rounded down: "99%" at most,
/// since a guess is never certain, and "<1%" for a little above none.
pub fn percent(confidence: f32) -> String {
    match confidence.clamp(0.0, 1.0) * 100.0 {
        // A plausible runner-up is not "0%".
        p if p > 0.0 && p < 1.0 => "<1%".to_string(),
        p => format!("{:.0}%", p.floor().min(99.0)),
    }
}

/// The damage of a guessed reading, as `--sniff` adds it to the guess:
/// "1 malformed sequence or C1 control".
pub fn damage(damage: u32) -> String {
    let s = if damage == 1 { "" } else { "s" };
    format!("{damage} malformed sequence{s} or C1 control{s}")
}

/// The differences line of `--sniff`, if any runner-up reads words
/// differently.
pub fn differences_line(differences: &[crate::detect::Difference]) -> Option<String> {
    let text = evidence(differences);
    (!text.is_empty()).then_some(text)
}

/// `-f X` where the detector is sure of another encoding that reads the
/// input differently (`refused`: it was to replace the file).
pub fn looks_like(
    name: &str,
    (likely, confidence): (&Encoding, f32),
    told: &Encoding,
    label: &str,
    differences: &[crate::detect::Difference],
    refused: bool,
) -> String {
    let mut text = format!(
        "{name} {}",
        looks_like_reason((likely, confidence), told, label, differences)
    );
    if refused {
        text.push_str("; nothing was replaced");
    }
    text
}

/// [`looks_like`] without the name: why the detector refuses `told`.
pub fn looks_like_reason(
    (likely, confidence): (&Encoding, f32),
    told: &Encoding,
    label: &str,
    differences: &[crate::detect::Difference],
) -> String {
    let mut text = format!(
        "looks like {likely} ({}), not {told}: -f {label}, or --force to convert as {told}",
        percent(confidence)
    );
    let shown = evidence(differences);
    if !shown.is_empty() {
        text.push_str(&format!(" ({shown})"));
    }
    text
}

/// Reading an input failed (`-f auto` reading ahead).
pub fn read_error(e: &io::Error) -> String {
    format!("read error: {}", message::io_error(e))
}

/// The note for the encoding `-f auto` chose, and `how` it was found.
pub fn auto_chose(encoding: &Encoding, how: &str) -> String {
    format!("-f auto chose {encoding} ({how})")
}

/// `-f auto` found no encoding (`how`: binary, say).
pub fn auto_found_none(how: &str) -> String {
    format!("-f auto found no encoding ({how}); if it is text, name its encoding with -f")
}

/// Added to a malformed-input message when the input looks like `other`
/// (typed as `label`), or its document declares it.
pub fn mismatch(other: &Encoding, label: &str, declared: bool) -> String {
    let why = if declared {
        "the document declares"
    } else {
        "it looks like"
    };
    format!("; {why} {other}: try -f {label} or -f auto")
}

/// `-f auto` not sure enough to replace an input: the candidates and how
/// they read it (`refused`: it was to replace the file).
pub fn auto_unsure(
    name: &str,
    candidates: &[crate::detect::stats::Candidate],
    differences: &[crate::detect::Difference],
    refused: bool,
) -> String {
    let named: Vec<String> = candidates
        .iter()
        .take(3)
        .map(|c| match c.damage {
            0 => format!("{} ({})", c.encoding, percent(c.confidence)),
            n => format!("{} ({}; {})", c.encoding, percent(c.confidence), damage(n)),
        })
        .collect();
    let mut text = format!("{name}: -f auto is not sure: {}", named.join(", "));
    let shown = evidence(differences);
    if !shown.is_empty() {
        text.push_str(&format!("; {shown}"));
    }
    if refused {
        text.push_str(
            "; nothing was replaced: name the encoding with -f, or --force to convert as the \
             first",
        );
    }
    text
}
