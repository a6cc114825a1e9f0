//! Labels that mean more than iconv's: the standard's `ascii`, `us-ascii`,
//! `iso-8859-1`, `latin1` (and the ISO-8859-9 and TIS-620 labels) name the
//! Windows code pages 1252, 1254 and 874, which iconv users read as the
//! stricter sets of those names. When the output gets a byte that set lacks,
//! wenc says so once (unless -q): the output is still the standard's.

use crate::cli::interface::names;
use crate::cli::report;
use crate::codec::{Encoding, WINDOWS_1252, WINDOWS_1254, WINDOWS_874};
use std::io::{self, Write};

/// The stricter set a -t label may be read as, and which bytes it lacks.
#[derive(Clone)]
pub struct Stricter {
    /// The label as given (trimmed).
    label: String,
    /// The set iconv users expect (`US-ASCII`, `ISO-8859-1`...).
    set: &'static str,
    encoding: &'static Encoding,
    lacks: [bool; 256],
}

/// Label keys read as US-ASCII.
const ASCII: &[&str] = &["ascii", "usascii", "ansix341968"];

/// The stricter set `label` (a -t value naming `encoding`) is read as, if any.
pub fn stricter(label: &str, encoding: &'static Encoding) -> Option<Stricter> {
    let key = names::key(label);
    let windows_name = ["windows", "cp12", "xcp", "dos"]
        .iter()
        .any(|p| key.starts_with(p));
    let (set, ascii) = if encoding == WINDOWS_1252 && ASCII.contains(&key.as_str()) {
        ("US-ASCII", true)
    } else if windows_name {
        return None;
    } else if encoding == WINDOWS_1252 {
        ("ISO-8859-1", false)
    } else if encoding == WINDOWS_1254 {
        ("ISO-8859-9", false)
    } else if encoding == WINDOWS_874 {
        ("ISO-8859-11 (TIS-620)", false)
    } else {
        return None;
    };
    let mut lacks = [false; 256];
    for b in 0x80..=0xFFu8 {
        // The ISO sets have C1 controls at 0x80..0x9F, where the Windows
        // code pages have other characters (and a few C1 controls too).
        let (text, _) = encoding.decode_without_bom_handling(&[b]);
        lacks[b as usize] =
            ascii || ((0x80..0xA0).contains(&b) && text != char::from(b).to_string());
    }
    Some(Stricter {
        label: label.trim().to_string(),
        set,
        encoding,
        lacks,
    })
}

/// Watches input bytes, in order, for the first byte the stricter set of
/// the -f label lacks (`--check -f ascii`: the check itself accepts any
/// byte windows-1252 has).
pub struct InputWatch<'a> {
    stricter: Option<&'a Stricter>,
    seen: u64,
    first: Option<(u8, u64)>,
}

impl<'a> InputWatch<'a> {
    pub fn new(stricter: Option<&'a Stricter>) -> InputWatch<'a> {
        InputWatch {
            stricter,
            seen: 0,
            first: None,
        }
    }

    pub fn feed(&mut self, bytes: &[u8]) {
        if let (Some(s), None) = (self.stricter, self.first) {
            if let Some(i) = bytes.iter().position(|&b| s.lacks[b as usize]) {
                self.first = Some((bytes[i], self.seen + i as u64));
            }
            self.seen += bytes.len() as u64;
        }
    }

    /// The warning for input `name`, if it had a byte the stricter set lacks.
    pub fn warning(&self, name: &str) -> Option<String> {
        let (s, (byte, offset)) = (self.stricter?, self.first?);
        Some(report::stricter_set(
            Some(name),
            &s.label,
            s.set,
            s.encoding,
            byte,
            offset,
        ))
    }
}

/// A sink that watches for the first byte the stricter set lacks.
pub struct Watch<'a> {
    inner: &'a mut dyn Write,
    stricter: Option<Stricter>,
    written: u64,
    first: Option<(u8, u64)>,
}

impl<'a> Watch<'a> {
    pub fn new(inner: &'a mut dyn Write, stricter: Option<Stricter>) -> Watch<'a> {
        Watch {
            inner,
            stricter,
            written: 0,
            first: None,
        }
    }

    /// The warning, if the output got a byte the stricter set lacks.
    pub fn warning(&self) -> Option<String> {
        let (s, (byte, offset)) = (self.stricter.as_ref()?, self.first?);
        Some(report::stricter_set(
            None, &s.label, s.set, s.encoding, byte, offset,
        ))
    }
}

impl Write for Watch<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        if let (Some(s), None) = (&self.stricter, self.first) {
            if let Some(i) = buf[..n].iter().position(|&b| s.lacks[b as usize]) {
                self.first = Some((buf[i], self.written + i as u64));
            }
        }
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_labels_are_read_as_stricter_sets() {
        let set = |l: &str| {
            let e = Encoding::for_label(l.as_bytes()).unwrap();
            stricter(l, e).map(|s| s.set)
        };
        assert_eq!(set("ascii"), Some("US-ASCII"));
        assert_eq!(set("US-ASCII"), Some("US-ASCII"));
        assert_eq!(set("latin1"), Some("ISO-8859-1"));
        assert_eq!(set("cp819"), Some("ISO-8859-1"));
        assert_eq!(set("iso-8859-9"), Some("ISO-8859-9"));
        assert_eq!(set("tis-620"), Some("ISO-8859-11 (TIS-620)"));
        for l in [
            "windows-1252",
            "cp1252",
            "x-cp1254",
            "dos-874",
            "utf-8",
            "iso-8859-2",
        ] {
            assert_eq!(set(l), None, "{l}");
        }
    }

    #[test]
    fn iso_8859_1_lacks_what_windows_1252_puts_in_c1() {
        let s = stricter("latin1", WINDOWS_1252).unwrap();
        assert!(s.lacks[0x80] && s.lacks[0x9F]);
        // 0x81 decodes to U+0081 in windows-1252 too.
        assert!(!s.lacks[0x81] && !s.lacks[0xE9] && !s.lacks[b'a' as usize]);
        let a = stricter("ascii", WINDOWS_1252).unwrap();
        assert!(a.lacks[0x80] && a.lacks[0xE9] && a.lacks[0xFF] && !a.lacks[0x7F]);
    }
}
