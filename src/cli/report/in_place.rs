//! The words of the guards that keep a file from being replaced: the same
//! file as input and output, converted already, changed meanwhile,
//! malformed, or not recognisable as converted by a second run.

use super::{message, plural, the_first};
use crate::codec::Encoding;
use crate::convert::{MalformedInput, Utf8Evidence};

/// Standard output is the file of this input (named as in messages).
pub fn input_is_output(name: &str) -> String {
    format!("{name}: input file is output file (to convert a file in place, use -i or -o)")
}

/// An input that turned out, once opened, to be the -o target, which the
/// run did not plan to replace (a name pointed elsewhere meanwhile).
pub fn became_output(name: &str) -> String {
    format!("{name}: input file is output file (a name changed during the run); nothing replaced")
}

/// An input of valid UTF-8 text with non-ASCII characters, read as the
/// legacy `encoding`: `refused` when it was to replace a file.
pub fn converted_already(
    name: &str,
    encoding: &Encoding,
    evidence: &Utf8Evidence,
    refused: bool,
) -> String {
    let (n, stray) = (evidence.multibyte, evidence.stray);
    // Only UTF-16 refuses plain ASCII (any two bytes make a character).
    let text = if n == 0 && stray == 0 {
        "ASCII text with no NUL byte (UTF-16 has one in every space and line break)".to_string()
    } else {
        format!(
            "UTF-8 text ({n} valid multi-byte {}, {stray} stray {})",
            plural(n, "sequence", "sequences"),
            plural(stray, "byte", "bytes"),
        )
    };
    let what = format!("{name}: {text}, as if converted already: read as {encoding} it");
    if refused {
        format!("{what} would be garbled; nothing was replaced (--force converts it anyway)")
    } else {
        format!("{what} is probably garbled")
    }
}

/// Output that a second run of the same `-f` would not recognise as
/// converted: read as `from` again, with `e` the evidence of its bytes, and
/// `foreign` an ASCII byte in it that `from` reads otherwise.
pub fn not_recognised(from: &Encoding, e: &Utf8Evidence, foreign: Option<u8>) -> String {
    let seen = match foreign {
        _ if e.looks_utf16() => format!(
            "{} NUL bytes in {}, as in UTF-16",
            e.nul[0] + e.nul[1],
            e.len
        ),
        Some(b) => format!("{} is not read as itself", message::escape_bytes(&[b])),
        None => format!("{} valid multi-byte sequences", e.multibyte),
    };
    format!(
        "its UTF-8 would read as {from} again ({seen}): a second run would convert it again \
         (--force converts it anyway)"
    )
}

/// [`not_recognised`] for the file `name`, left as it was.
pub fn not_recognised_in_place(name: &str, why: &str) -> String {
    format!("{name}: {why}; nothing was replaced")
}

/// A file to convert in place that is also where standard output or
/// standard error goes (`wenc -i f 2>> f`).
pub fn in_place_is_std_stream(name: &str) -> String {
    format!("{name}: the file is also standard output or standard error; nothing was replaced")
}

/// A file that changed while it was converted in place.
pub fn moved_while_converted(name: &str) -> String {
    format!(
        "{name}: the file changed while it was converted (its size or modification time \
         moved); nothing was replaced: run wenc again once it is still"
    )
}

/// `n` malformed sequences, the first `m`, in an input that was to replace a
/// file without -e replacement given; `auto`: the encoding was -f auto's
/// guess, so -f auto is not the way out.
pub fn malformed_in_place(name: &str, n: u64, m: &MalformedInput, auto: bool) -> String {
    let or_auto = if auto { "" } else { " (or -f auto)" };
    format!(
        "{name}: {n} malformed {} in {} input; {}; nothing was replaced: name its encoding \
         with -f{or_auto}, or give -e replacement to write U+FFFD for malformed input",
        plural(n, "sequence", "sequences"),
        m.encoding,
        the_first(m)
    )
}

/// Why a file that starts with a UTF-16 byte order mark but has no NUL
/// byte near its start is refused.
pub fn not_utf16(bom: &'static Encoding, refused: bool) -> String {
    // Refused, --force is the way on; warned, the mark decides already.
    let then = if refused {
        format!("--force reads it as {bom}")
    } else {
        format!("read as {bom}, as the mark says")
    };
    format!(
        "not sure of its encoding: it starts with the bytes of a {bom} byte order mark, \
         but {bom} text has NUL bytes (in every space and line break) and it has none \
         in its first 8 KiB ({then})"
    )
}
