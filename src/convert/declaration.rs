//! Declarations follow the bytes: an HTML `<meta charset>` (or `<meta
//! http-equiv content="...charset=...">`), an XML declaration's `encoding`
//! or a CSS `@charset` at the start names the encoding of the file; once
//! the file is converted, that name must change with it, or every browser
//! and parser reads the new bytes in the old encoding.
//!
//! The rewrite happens on the input side: the declaring label's bytes are
//! ASCII in every encoding that can declare itself this way, so replacing
//! them with the output encoding's name (in ASCII) before decoding gives,
//! once converted, exactly the converted file with its declaration
//! rewritten and every other byte as converted. Pure: bytes in, bytes out.

use crate::codec::{Encoding, UTF_16BE, UTF_16LE, UTF_8};
use crate::detect::prescan;
use std::ops::Range;

/// Which syntax a file's declaration is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// An HTML `<meta>`.
    Meta,
    /// An XML declaration.
    Xml,
    /// A CSS `@charset` rule.
    Css,
}

/// A declaration found in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The encoding it names (as the HTML Standard or CSS maps it: a UTF-16
    /// label means UTF-8).
    pub encoding: &'static Encoding,
    pub syntax: Syntax,
    /// Where its label's bytes are.
    pub label: Range<usize>,
}

/// What to do about a file's declaration, converted from one encoding to
/// another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// No declaration, or nothing to do: it names the output encoding
    /// already, or the output encoding equals the input's.
    Keep,
    /// It agrees with the input's encoding: rewrite its label to `name`.
    Rewrite { found: Found, name: String },
    /// It names another encoding than the bytes are in: left alone.
    Contradicted(Found),
    /// It agrees, but the output (UTF-16) cannot carry an ASCII label.
    CannotRewrite(Found),
}

/// The longest `@charset` rule CSS looks at ("at most 1024 bytes").
const CSS_LIMIT: usize = 1024;
const CSS_START: &[u8] = b"@charset \"";

/// The declaration `bytes` make, after a BOM if any: a CSS `@charset` at
/// the very start, else what the HTML prescan finds (a `<meta>`, else an
/// XML declaration) in markup.
pub fn find(bytes: &[u8]) -> Option<Found> {
    let skip = crate::codec::bom_sniff(bytes).map_or(0, |(_, len)| len);
    let body = &bytes[skip..];
    let shift = |r: Range<usize>| r.start + skip..r.end + skip;
    if let Some((encoding, label)) = css(body) {
        return Some(Found {
            encoding,
            syntax: Syntax::Css,
            label: shift(label),
        });
    }
    if !prescan::looks_like_markup(body) {
        return None;
    }
    let (declaration, label) = prescan::locate(body)?;
    Some(Found {
        encoding: declaration.encoding,
        syntax: match declaration.place {
            prescan::Place::Meta => Syntax::Meta,
            prescan::Place::Xml => Syntax::Xml,
        },
        label: shift(label?),
    })
}

/// CSS Syntax's "determine the fallback encoding": `@charset "` at the
/// start, a label, then `";`, within the first 1024 bytes.
fn css(bytes: &[u8]) -> Option<(&'static Encoding, Range<usize>)> {
    let window = &bytes[..bytes.len().min(CSS_LIMIT)];
    let rest = window.strip_prefix(CSS_START)?;
    let end = rest.windows(2).position(|w| w == b"\";")?;
    let label = CSS_START.len()..CSS_START.len() + end;
    let encoding = Encoding::for_label(&bytes[label.clone()])?;
    let encoding = if encoding == UTF_16BE || encoding == UTF_16LE {
        UTF_8
    } else {
        encoding
    };
    Some((encoding, label))
}

/// What to do with the declaration of `bytes`, read as `from` and written as `to`.
pub fn decide(bytes: &[u8], from: &'static Encoding, to: &'static Encoding) -> Decision {
    let Some(found) = find(bytes) else {
        return Decision::Keep;
    };
    if found.encoding != from {
        return Decision::Contradicted(found);
    }
    if from == to || found.encoding == to {
        return Decision::Keep;
    }
    if !writes_ascii(to) || !reads_ascii(from) {
        return Decision::CannotRewrite(found);
    }
    let name = name_like(to, &bytes[found.label.clone()]);
    Decision::Rewrite { found, name }
}

/// `bytes` with the label at `found` replaced by `name`: the input to
/// convert in place of `bytes`.
pub fn rewrite(bytes: &[u8], found: &Found, name: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + name.len());
    out.extend_from_slice(&bytes[..found.label.start]);
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(&bytes[found.label.end..]);
    out
}

/// Whether the encoder writes ASCII as the same ASCII bytes.
fn writes_ascii(e: &'static Encoding) -> bool {
    e != UTF_16BE && e != UTF_16LE
}

/// Whether ASCII bytes decode as ASCII where a declaration can stand (the
/// UTF-16 declarations of `<?x` name no label anyway).
fn reads_ascii(e: &'static Encoding) -> bool {
    writes_ascii(e)
}

/// The output encoding's name in the old label's style: all capitals
/// (`UTF-8` in `<?xml ... encoding="SHIFT_JIS"?>`) stay capitals,
/// anything else becomes lower case (`utf-8`, as HTML writes it).
fn name_like(to: &'static Encoding, old: &[u8]) -> String {
    let capitals =
        old.iter().any(u8::is_ascii_uppercase) && !old.iter().any(u8::is_ascii_lowercase);
    if capitals {
        to.name().to_ascii_uppercase()
    } else {
        to.name().to_ascii_lowercase()
    }
}

#[cfg(test)]
#[path = "declaration_tests.rs"]
mod tests;
