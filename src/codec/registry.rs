//! The encodings, their names and labels, and BOM sniffing.

use super::decoder::Decoder;
use super::encoder::Encoder;
use super::tables::{ENCODINGS, LABELS, UTF_16BE, UTF_16LE, UTF_8};
use std::fmt;

pub(crate) use super::families::CodecFamily;

/// One encoding of the standard. Compare them by identity (`==` does).
pub struct Encoding {
    pub(crate) name: &'static str,
    pub(crate) group: &'static str,
    pub(crate) labels: &'static [&'static str],
    pub(crate) family: CodecFamily,
}

impl Encoding {
    /// The standard's "get an encoding": trims ASCII whitespace (TAB, LF, FF,
    /// CR, SPACE), matches ASCII case-insensitively, and knows exactly the
    /// standard's labels. Any bytes are accepted; unknown ones give `None`.
    pub fn for_label(label: &[u8]) -> Option<&'static Encoding> {
        let mut buf = [0u8; 32];
        let lower = label_key(label, &mut buf)?;
        let label = |&(e, k): &(u8, u8)| ENCODINGS[e as usize].labels[k as usize];
        let i = LABELS
            .binary_search_by(|place| label(place).as_bytes().cmp(lower))
            .ok()?;
        Some(&ENCODINGS[LABELS[i].0 as usize])
    }

    /// Every encoding, in the standard's order (grouped as [`Encoding::group`]).
    pub fn all() -> impl Iterator<Item = &'static Encoding> {
        ENCODINGS.iter()
    }

    /// The standard's name, e.g. `Shift_JIS`.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The heading of the standard's group, e.g. `Legacy single-byte encodings`.
    pub fn group(&self) -> &'static str {
        self.group
    }

    /// All labels, lowercase, in the standard's order.
    pub fn labels(&self) -> &'static [&'static str] {
        self.labels
    }

    /// Whether wenc can write this encoding (all but replacement).
    pub fn can_encode(&self) -> bool {
        self.family.can_encode()
    }

    /// Whether this is one of the standard's legacy single-byte encodings
    /// (its group `Legacy single-byte encodings`: a table of 128 code points
    /// for bytes 0x80..=0xFF). x-user-defined, though one byte per
    /// character, is in another group and is not.
    pub fn is_single_byte(&self) -> bool {
        matches!(self.family, CodecFamily::SingleByte(_))
    }

    /// A single-byte encoding's code point for each byte 0x80..=0xFF (0:
    /// none), straight from its index; None for the other encodings.
    pub(crate) fn single_byte_index(&self) -> Option<&'static [u16; 128]> {
        match self.family {
            CodecFamily::SingleByte(table) => Some(table.decode),
            _ => None,
        }
    }

    /// Whether a decoder for this encoding forgets everything at a newline, so
    /// that input can be split after any 0x0A and decoded in pieces: true for
    /// every ASCII-compatible encoding except ISO-2022-JP and the 2012
    /// draft's two. The families table (`families.rs`) says which.
    pub fn resets_at_newline(&self) -> bool {
        self.family.decoder_resets_at_newline()
    }

    /// Whether an encoder for this encoding is back in its initial state
    /// after writing a newline, so that text split after newlines can be
    /// encoded in pieces: all but ISO-2022-JP and ISO-2022-KR (see the
    /// families table).
    pub fn encoder_resets_at_newline(&self) -> bool {
        self.family.encoder_resets_at_newline()
    }

    /// A decoder with the standard's "decode" behaviour: a BOM at the start of
    /// the input overrides this encoding and is removed.
    pub fn new_decoder(&'static self) -> Decoder {
        Decoder::new(self, true)
    }

    /// A decoder that ignores BOMs: this encoding always wins, nothing removed.
    pub fn new_decoder_without_bom_handling(&'static self) -> Decoder {
        Decoder::new(self, false)
    }

    /// An encoder, or `None` for replacement (which has none).
    pub fn new_encoder(&'static self) -> Option<Encoder> {
        Encoder::new(self)
    }

    /// One-shot decode with BOM sniffing and replacement: the text, the
    /// encoding actually used, and whether any U+FFFD was substituted.
    pub fn decode(&'static self, bytes: &[u8]) -> (String, &'static Encoding, bool) {
        let mut decoder = self.new_decoder();
        let (text, errors) = decoder.decode_all(bytes);
        (text, decoder.encoding(), errors)
    }

    /// One-shot decode without BOM handling, with replacement.
    pub fn decode_without_bom_handling(&'static self, bytes: &[u8]) -> (String, bool) {
        self.new_decoder_without_bom_handling().decode_all(bytes)
    }

    /// One-shot encode in html mode (`&#N;` for what cannot be encoded), and
    /// whether any reference was written. `None` for replacement.
    pub fn encode(&'static self, text: &str) -> Option<(Vec<u8>, bool)> {
        Some(self.new_encoder()?.encode_all(text))
    }

    pub(crate) fn family(&self) -> CodecFamily {
        self.family
    }
}

impl PartialEq for Encoding {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}
impl Eq for Encoding {}

impl fmt::Debug for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Encoding({})", self.name)
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// A label as "get an encoding" compares it: without surrounding ASCII
/// whitespace (TAB, LF, FF, CR, SPACE), in ASCII lowercase, in `buf`. `None`
/// when nothing is left or it is longer than any label.
pub(crate) fn label_key<'a>(label: &[u8], buf: &'a mut [u8; 32]) -> Option<&'a [u8]> {
    let is_space = |b: &u8| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ');
    let start = label.iter().position(|b| !is_space(b))?;
    let end = label.iter().rposition(|b| !is_space(b))? + 1;
    let trimmed = &label[start..end];
    let lower = buf.get_mut(..trimmed.len())?;
    for (d, s) in lower.iter_mut().zip(trimmed) {
        *d = s.to_ascii_lowercase();
    }
    Some(lower)
}

/// The standard's "BOM sniff": the encoding a byte order mark at the start of
/// `bytes` names, and the BOM's length.
pub fn bom_sniff(bytes: &[u8]) -> Option<(&'static Encoding, usize)> {
    match bytes {
        [0xEF, 0xBB, 0xBF, ..] => Some((UTF_8, 3)),
        [0xFE, 0xFF, ..] => Some((UTF_16BE, 2)),
        [0xFF, 0xFE, ..] => Some((UTF_16LE, 2)),
        _ => None,
    }
}

/// The encoding `bytes` are really in and the length of the BOM to remove:
/// the one a BOM names when `sniff_bom` (the standard's "decode"), else
/// `from` with nothing removed. Every caller that needs to know (the
/// decoder's streaming sniff, the driver's shortcuts and its `-j` split)
/// asks this.
pub fn input_encoding(
    from: &'static Encoding,
    sniff_bom: bool,
    bytes: &[u8],
) -> (&'static Encoding, usize) {
    match bom_sniff(bytes) {
        Some(found) if sniff_bom => found,
        _ => (from, 0),
    }
}

/// The bytes of a byte order mark in `encoding`, for the encodings that have
/// one (UTF-8, UTF-16LE, UTF-16BE).
pub fn bom_bytes(encoding: &'static Encoding) -> Option<&'static [u8]> {
    if encoding == UTF_8 {
        Some(b"\xEF\xBB\xBF")
    } else if encoding == UTF_16LE {
        Some(b"\xFF\xFE")
    } else if encoding == UTF_16BE {
        Some(b"\xFE\xFF")
    } else {
        None
    }
}

/// Whether `bytes` could still grow into a BOM (so a streaming sniffer must
/// wait for more input before deciding).
pub(crate) fn could_be_bom_prefix(bytes: &[u8]) -> bool {
    [&[0xEF, 0xBB, 0xBF][..], &[0xFE, 0xFF], &[0xFF, 0xFE]]
        .iter()
        .any(|bom| bytes.len() < bom.len() && bom.starts_with(bytes))
}
