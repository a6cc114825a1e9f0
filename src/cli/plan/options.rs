//! Checking and translating the text options: -e subst with --subst-char,
//! --eol and --normalize.

use crate::cli::interface::args::{EolArg, FormArg};
use crate::cli::report;
use crate::codec::Encoding;
use crate::convert::{Eol, ErrorMode, Form, TextTransform};

/// --subst-char goes with -e subst, and its character must be one the
/// output encoding can represent (else subst mode could not write it).
pub fn check_subst(
    given: Option<char>,
    mode: ErrorMode,
    to: &'static Encoding,
) -> Result<(), String> {
    let ErrorMode::Subst(c) = mode else {
        return match given {
            Some(_) => Err(report::SUBST_NEEDS_MODE.to_string()),
            None => Ok(()),
        };
    };
    match to.encode(c.encode_utf8(&mut [0; 4])) {
        Some((_, false)) => Ok(()),
        _ => Err(report::subst_unrepresentable(c, to)),
    }
}

/// The text transform for --eol and --normalize.
pub fn transform(eol: Option<EolArg>, form: Option<FormArg>) -> TextTransform {
    TextTransform {
        eol: eol.map(|e| match e {
            EolArg::Lf => Eol::Lf,
            EolArg::Crlf => Eol::Crlf,
        }),
        normalize: form.map(|f| match f {
            FormArg::Nfc => Form::Nfc,
            FormArg::Nfd => Form::Nfd,
            FormArg::Nfkc => Form::Nfkc,
            FormArg::Nfkd => Form::Nfkd,
        }),
    }
}
