//! The HTML Standard's declaration step, step for step: "prescan a byte
//! stream to determine its encoding" (with "get an attribute" and "the
//! algorithm for extracting a character encoding from a meta element") and,
//! when the prescan runs out of bytes, "get an XML encoding".
//!
//! The end condition is the first [`WINDOW`] bytes, as the standard
//! encourages: the scan sees those bytes and nothing after them, so a
//! `<meta>` cut by the 1024th byte declares nothing. Running out of bytes
//! anywhere (in a comment, a tag, an attribute) aborts the prescan, and the
//! answer is then the XML declaration's, if the bytes start with one.
//! Labels are resolved with the Encoding Standard's "get an encoding"
//! ([`Encoding::for_label`]).

use crate::codec::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252, X_USER_DEFINED};
use std::ops::Range;

/// How many bytes the prescan reads: the 1024 the standard encourages.
pub const WINDOW: usize = 1024;

/// Where a document declared its encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// A `<meta charset>` or `<meta http-equiv="Content-Type" content="...">`.
    Meta,
    /// The XML declaration (or the UTF-16 `<?x` at the start).
    Xml,
}

/// An encoding a document declares in itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Declaration {
    pub encoding: &'static Encoding,
    pub place: Place,
}

/// Whether `bytes` look like HTML or XML, so that the prescan applies: the
/// first byte that is not ASCII whitespace is `<` (or the UTF-16BE `<?x`
/// the prescan itself recognises starts them).
pub fn looks_like_markup(bytes: &[u8]) -> bool {
    match bytes.iter().find(|&&b| !is_space(b)) {
        Some(b'<') => true,
        _ => bytes.starts_with(UTF_16BE_XML),
    }
}

/// The encoding the first [`WINDOW`] bytes of `bytes` declare, as a
/// browser's prescan finds it: a `<meta>`, else an XML declaration.
pub fn prescan(bytes: &[u8]) -> Option<Declaration> {
    locate(bytes).map(|(declaration, _)| declaration)
}

/// [`prescan`], with where the declaring label's bytes are (the value of
/// `charset`, the label inside `content`, the XML `encoding` value), for
/// rewriting it; no range for the UTF-16 `<?x` prefixes, which name no label.
pub fn locate(bytes: &[u8]) -> Option<(Declaration, Option<Range<usize>>)> {
    let b = &bytes[..bytes.len().min(WINDOW)];
    let declared = |encoding, place, at| Some((Declaration { encoding, place }, at));
    // "For historical reasons, the prefix is two bytes longer than in
    // Appendix F of XML and the encoding name is not checked."
    if b.starts_with(UTF_16LE_XML) {
        return declared(UTF_16LE, Place::Xml, None);
    }
    if b.starts_with(UTF_16BE_XML) {
        return declared(UTF_16BE, Place::Xml, None);
    }
    match scan(b) {
        Some((encoding, at)) => declared(encoding, Place::Meta, Some(at)),
        None => xml_encoding(b).and_then(|(e, at)| declared(e, Place::Xml, Some(at))),
    }
}

const UTF_16LE_XML: &[u8] = &[0x3C, 0, 0x3F, 0, 0x78, 0];
const UTF_16BE_XML: &[u8] = &[0, 0x3C, 0, 0x3F, 0, 0x78];

/// 0x09, 0x0A, 0x0C, 0x0D, 0x20: the standard's ASCII whitespace.
fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

fn lower(b: u8) -> u8 {
    b.to_ascii_lowercase()
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The prescan's loop. `None` is "ran out of bytes" (the end condition):
/// the loop has no other way to end without an encoding.
fn scan(b: &[u8]) -> Option<(&'static Encoding, Range<usize>)> {
    let mut pos = 0;
    loop {
        let rest = b.get(pos..).filter(|r| !r.is_empty())?;
        if rest.starts_with(b"<!--") {
            // The first '>' preceded by "--" after the '<': the dashes may
            // be those of "<!--" itself, so "<!-->" is a whole comment.
            pos += 2 + find(&rest[2..], b"-->")? + 2;
        } else if is_meta_start(rest) {
            // At the space or slash after "<meta".
            pos += 5;
            if let Some(found) = meta(b, &mut pos)? {
                return Some(found);
            }
        } else if is_tag_start(rest) {
            pos += rest.iter().position(|&c| is_space(c) || c == b'>')?;
            while get_attribute(b, &mut pos)?.is_some() {}
        } else if rest.starts_with(b"<!") || rest.starts_with(b"</") || rest.starts_with(b"<?") {
            pos += 1 + rest[1..].iter().position(|&c| c == b'>')?;
        }
        // Next byte.
        pos += 1;
    }
}

/// Case-insensitive "<meta" followed by whitespace or "/".
fn is_meta_start(b: &[u8]) -> bool {
    b.len() >= 6
        && b[0] == b'<'
        && b[1..5].eq_ignore_ascii_case(b"meta")
        && (is_space(b[5]) || b[5] == b'/')
}

/// "<", optionally "/", then an ASCII letter.
fn is_tag_start(b: &[u8]) -> bool {
    let letter = |i: usize| b.get(i).is_some_and(u8::is_ascii_alphabetic);
    b.first() == Some(&b'<') && (letter(1) || (b.get(1) == Some(&b'/') && letter(2)))
}

/// A `<meta>`'s attributes, from `pos` to its '>'. `Some(None)`: this
/// `<meta>` declares nothing; `None`: ran out of bytes.
fn meta(b: &[u8], pos: &mut usize) -> Option<Option<(&'static Encoding, Range<usize>)>> {
    let mut seen: Vec<Vec<u8>> = Vec::new();
    let mut got_pragma = false;
    let mut need_pragma: Option<bool> = None;
    // None is the standard's null; Some(None) its failure (an unknown label).
    let mut charset: Option<Option<&'static Encoding>> = None;
    let mut label = 0..0;
    while let Some((name, value, at)) = get_attribute(b, pos)? {
        if seen.contains(&name) {
            continue;
        }
        match name.as_slice() {
            b"http-equiv" => got_pragma |= value == b"content-type",
            b"content" => {
                let span = content_charset_span(&value);
                let found = span.clone().and_then(|r| Encoding::for_label(&value[r]));
                if let (Some(encoding), None, Some(r)) = (found, charset, span) {
                    charset = Some(Some(encoding));
                    need_pragma = Some(true);
                    label = at.start + r.start..at.start + r.end;
                }
            }
            b"charset" => {
                charset = Some(Encoding::for_label(&value));
                need_pragma = Some(false);
                label = at;
            }
            _ => {}
        }
        seen.push(name);
    }
    let declared = match need_pragma {
        None => None,
        Some(true) if !got_pragma => None,
        // A failure (an unknown label) declares nothing either.
        _ => charset.flatten(),
    };
    Some(declared.map(|e| {
        let e = if e == UTF_16BE || e == UTF_16LE {
            UTF_8
        } else if e == X_USER_DEFINED {
            WINDOWS_1252
        } else {
            e
        };
        (e, label)
    }))
}

/// An attribute's lowercased name and value, and where the value's bytes are.
type Attribute = (Vec<u8>, Vec<u8>, Range<usize>);

/// "Get an attribute" at `pos`: `Some(None)` when there is none (a '>'),
/// `None` when the bytes run out. Leaves `pos` where the standard does.
fn get_attribute(b: &[u8], pos: &mut usize) -> Option<Option<Attribute>> {
    while matches!(*b.get(*pos)?, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ' | b'/') {
        *pos += 1;
    }
    if b[*pos] == b'>' {
        return Some(None);
    }
    let mut name = Vec::new();
    loop {
        match *b.get(*pos)? {
            b'=' if !name.is_empty() => {
                *pos += 1;
                break;
            }
            c if is_space(c) => {
                // Spaces: only an '=' after them gives the name a value.
                while is_space(*b.get(*pos)?) {
                    *pos += 1;
                }
                if b[*pos] != b'=' {
                    return Some(Some((name, Vec::new(), *pos..*pos)));
                }
                *pos += 1;
                break;
            }
            b'/' | b'>' => return Some(Some((name, Vec::new(), *pos..*pos))),
            c => name.push(lower(c)),
        }
        *pos += 1;
    }
    let (value, at) = attribute_value(b, pos)?;
    Some(Some((name, value, at)))
}

/// The "value" steps of "get an attribute": quoted, empty (at '>') or
/// bare; with the range of its bytes (one byte in `b` for each in it).
fn attribute_value(b: &[u8], pos: &mut usize) -> Option<(Vec<u8>, Range<usize>)> {
    while is_space(*b.get(*pos)?) {
        *pos += 1;
    }
    let mut value = Vec::new();
    let start = *pos;
    match b[*pos] {
        quote @ (b'"' | b'\'') => loop {
            *pos += 1;
            let c = *b.get(*pos)?;
            if c == quote {
                *pos += 1;
                return Some((value, start + 1..*pos - 1));
            }
            value.push(lower(c));
        },
        b'>' => return Some((value, start..start)),
        c => {
            value.push(lower(c));
            *pos += 1;
        }
    }
    loop {
        let c = *b.get(*pos)?;
        if is_space(c) || c == b'>' {
            return Some((value, start..*pos));
        }
        value.push(lower(c));
        *pos += 1;
    }
}

/// "The algorithm for extracting a character encoding from a meta
/// element", given a `content` value: `None` for its "nothing" and for a
/// label that names no encoding.
pub fn charset_from_content(s: &[u8]) -> Option<&'static Encoding> {
    Encoding::for_label(&s[content_charset_span(s)?])
}

/// Where the label is in a `content` value, by the same algorithm
/// ("nothing" is `None`).
fn content_charset_span(s: &[u8]) -> Option<Range<usize>> {
    let mut pos = 0;
    loop {
        pos += s[pos..]
            .windows(7)
            .position(|w| w.eq_ignore_ascii_case(b"charset"))?
            + 7;
        while s.get(pos).copied().is_some_and(is_space) {
            pos += 1;
        }
        // Not "=": look for "charset" again from just before this byte.
        if s.get(pos) == Some(&b'=') {
            pos += 1;
            break;
        }
    }
    while s.get(pos).copied().is_some_and(is_space) {
        pos += 1;
    }
    let rest = &s[pos..];
    match *rest.first()? {
        quote @ (b'"' | b'\'') => {
            let end = rest[1..].iter().position(|&c| c == quote)?;
            Some(pos + 1..pos + 1 + end)
        }
        _ => {
            let end = rest
                .iter()
                .position(|&c| is_space(c) || c == b';')
                .unwrap_or(rest.len());
            Some(pos..pos + end)
        }
    }
}

/// "Get an XML encoding": the `encoding` of an XML declaration at the very
/// start. A UTF-16 label means UTF-8 (the standard maps nothing else here,
/// not even x-user-defined).
fn xml_encoding(b: &[u8]) -> Option<(&'static Encoding, Range<usize>)> {
    if !b.starts_with(b"<?xml") {
        return None;
    }
    // There must be a '>', though the steps below are not bounded by it.
    b.iter().position(|&c| c == b'>')?;
    let mut pos = find(b, b"encoding")? + 8;
    while *b.get(pos)? <= 0x20 {
        pos += 1;
    }
    if b[pos] != b'=' {
        return None;
    }
    pos += 1;
    while *b.get(pos)? <= 0x20 {
        pos += 1;
    }
    let quote = b[pos];
    if quote != b'"' && quote != b'\'' {
        return None;
    }
    pos += 1;
    let end = pos + b[pos..].iter().position(|&c| c == quote)?;
    let label = &b[pos..end];
    if label.iter().any(|&c| c <= 0x20) {
        return None;
    }
    let encoding = Encoding::for_label(label)?;
    let encoding = if encoding == UTF_16BE || encoding == UTF_16LE {
        UTF_8
    } else {
        encoding
    };
    Some((encoding, pos..end))
}

#[cfg(test)]
#[path = "prescan_tests.rs"]
mod tests;
