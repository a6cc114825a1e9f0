//! Messages for people: escaping for terminals, names, characters, errors.

use std::ffi::OsStr;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::Path;

/// Text safe to show on a terminal: invalid UTF-8 becomes `\xFF`, control
/// characters `\x1B` or `\u{85}`, and invisible or reordering characters
/// (bidirectional controls, zero-width characters, line separators) `\u{202E}`.
pub fn escape_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            push_char(&mut out, c);
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02X}");
        }
    }
    out
}

/// [`escape_bytes`] for a `str`.
pub fn escape(text: &str) -> String {
    escape_bytes(text.as_bytes())
}

/// [`escape`] for text of several lines: the line breaks are kept.
pub fn escape_lines(text: &str) -> String {
    text.split('\n').map(escape).collect::<Vec<_>>().join("\n")
}

/// A path as shown in messages (escaped, original bytes where possible).
pub fn path(path: &Path) -> String {
    os_str(path.as_os_str())
}

/// An OS string as shown in messages.
pub fn os_str(s: &OsStr) -> String {
    escape_bytes(&os_bytes(s))
}

/// The raw bytes of an OS string (Unix), or its lossy UTF-8 elsewhere.
pub fn os_bytes(s: &OsStr) -> Vec<u8> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        s.as_bytes().to_vec()
    }
    #[cfg(not(unix))]
    {
        s.to_string_lossy().into_owned().into_bytes()
    }
}

fn push_char(out: &mut String, c: char) {
    if c < ' ' || c == '\x7F' {
        let _ = write!(out, "\\x{:02X}", c as u32);
    } else if needs_escape(c) {
        let _ = write!(out, "\\u{{{:X}}}", c as u32);
    } else {
        out.push(c);
    }
}

/// Characters other than C0 controls and DEL that must not reach a terminal
/// as themselves: C1 controls, bidirectional controls, invisible format
/// characters, line and paragraph separators, tag characters.
fn needs_escape(c: char) -> bool {
    matches!(c,
        '\u{80}'..='\u{9F}'
        | '\u{AD}'
        | '\u{61C}'
        | '\u{180E}'
        | '\u{200B}'..='\u{200F}'
        | '\u{2028}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}'
        | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}'
        | '\u{E0000}'..='\u{E007F}')
}

/// A JSON object with its members in the order given, on one line.
/// (serde_json's own map sorts its keys, and its order-keeping feature
/// needs another crate; the values are serde_json's.)
pub fn json_object(members: &[(&str, serde_json::Value)]) -> String {
    let members: Vec<String> = members
        .iter()
        .map(|(key, value)| format!("{}: {value}", serde_json::Value::from(*key)))
        .collect();
    format!("{{{}}}", members.join(", "))
}

/// A JSON array of the printed `items`, one per line.
pub fn json_array(items: &[String]) -> String {
    if items.is_empty() {
        return "[]\n".to_string();
    }
    format!("[\n  {}\n]\n", items.join(",\n  "))
}

/// A character as shown in messages: `U+20AC '€'`, or just `U+001B` when it
/// should not be printed as itself.
pub fn describe_char(c: char) -> String {
    if c < ' ' || c == '\x7F' || needs_escape(c) {
        format!("U+{:04X}", c as u32)
    } else {
        format!("U+{:04X} '{c}'", c as u32)
    }
}

/// An I/O error's description without Rust's " (os error N)" suffix.
pub fn io_error(e: &io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(i) if text.ends_with(')') => text[..i].to_string(),
        _ => text,
    }
}

/// Writes one line to standard error, ignoring failure (there is nowhere
/// left to report it).
pub fn eprintln_line(line: &str) {
    let mut err = io::stderr().lock();
    let _ = err.write_all(line.as_bytes());
    let _ = err.write_all(b"\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_objects_keep_their_order_and_escape() {
        let object = json_object(&[
            ("z", serde_json::Value::from("a\"b\\c\u{1}\n\u{e9}")),
            ("a", serde_json::Value::Null),
        ]);
        assert_eq!(
            object,
            "{\"z\": \"a\\\"b\\\\c\\u0001\\n\u{e9}\", \"a\": null}"
        );
        let parsed: serde_json::Value = serde_json::from_str(&object).unwrap();
        assert_eq!(parsed["z"], "a\"b\\c\u{1}\n\u{e9}");
        assert_eq!(json_array(&[object.clone(), object]).lines().count(), 4);
        assert_eq!(json_array(&[]), "[]\n");
    }

    #[test]
    fn escapes_what_a_terminal_would_interpret() {
        assert_eq!(
            escape_bytes(b"a\x1b[31mb\xff\xfe.txt"),
            "a\\x1B[31mb\\xFF\\xFE.txt"
        );
        assert_eq!(
            escape("x\u{202E}y\u{85}\u{7F}\t"),
            "x\\u{202E}y\\u{85}\\x7F\\x09"
        );
        assert_eq!(
            escape("caf\u{E9} \u{65E5}\u{672C}"),
            "caf\u{E9} \u{65E5}\u{672C}"
        );
        assert_eq!(describe_char('\u{20AC}'), "U+20AC '\u{20AC}'");
        assert_eq!(describe_char('\u{1B}'), "U+001B");
        assert_eq!(describe_char('\u{1F600}'), "U+1F600 '\u{1F600}'");
        assert_eq!(describe_char('\u{2066}'), "U+2066");
    }

    #[test]
    fn escape_lines_keeps_only_line_breaks() {
        assert_eq!(
            escape_lines("error: '-e\x1B]0;PWNED\x07'\n\nUsage: x\n"),
            "error: '-e\\x1B]0;PWNED\\x07'\n\nUsage: x\n"
        );
    }

    #[test]
    fn io_errors_lose_their_os_error_suffix() {
        let e = io::Error::from_raw_os_error(libc::ENOENT);
        assert_eq!(io_error(&e), "No such file or directory");
    }
}
