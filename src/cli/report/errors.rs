//! The words for what the layers below report as data: positions, and the
//! errors of input, output, walking a tree and converting.

use crate::cli::message;
use crate::convert::declaration::Syntax;
use crate::convert::{ConvertError, TextPosition};
use crate::io::walk::{GlobError, Skipped};
#[cfg(unix)]
use crate::io::Kept;
use crate::io::{OpenError, OutputError};
use std::path::Path;

/// How messages say where in the text something is.
pub fn position(at: &TextPosition) -> String {
    format!("line {}, column {}", at.line, at.column)
}

/// How messages name a declaration's syntax.
pub fn declaration(syntax: Syntax) -> &'static str {
    match syntax {
        Syntax::Meta => "<meta> charset",
        Syntax::Xml => "XML declaration",
        Syntax::Css => "@charset rule",
    }
}

/// A `-g` glob that does not parse.
pub fn glob_error(e: &GlobError) -> String {
    format!("invalid glob {:?}: {}", e.glob, e.why)
}

/// Why a tree run skipped an entry it could not read.
pub fn skipped(why: &Skipped) -> String {
    match why {
        Skipped::Io(e) => message::io_error(e),
        Skipped::Loop => "a link loop".to_string(),
        Skipped::Other(text) => text.clone(),
    }
}

/// A conversion error in a tree run's line for a file.
pub fn convert_error(e: &ConvertError) -> String {
    match e {
        ConvertError::Malformed(m) => format!(
            "malformed {} input at byte offset {} (0-based), {} (-e replacement replaces it \
             with U+FFFD)",
            m.encoding,
            m.offset,
            position(&m.position)
        ),
        ConvertError::Unmappable(u) => format!(
            "U+{:04X} at {} cannot be represented in {}",
            u.ch as u32,
            position(&u.position),
            u.encoding
        ),
        ConvertError::Read(e) => format!("read error: {e}"),
        ConvertError::Write(e) => format!("write error: {e}"),
        ConvertError::Internal(what) => format!("internal error: {what}"),
    }
}

/// What of a replaced file its replacement could not be given.
#[cfg(unix)]
fn kept(what: Kept) -> String {
    match what {
        Kept::Owner(uid) => format!("cannot give the new file its owner ({uid})"),
        Kept::Group(gid) => format!("cannot give the new file its group ({gid})"),
        Kept::Mode => "cannot give the new file its mode".to_string(),
        Kept::Acl => "cannot give the new file its access control list".to_string(),
    }
}

/// Why an input could not be opened.
pub fn open_error(e: &OpenError) -> String {
    match e {
        OpenError::Directory => "is a directory".to_string(),
        OpenError::NotRegular => {
            "not a regular file: --in-place only replaces regular files".to_string()
        }
        OpenError::Io(e) => message::io_error(e),
    }
}

/// The message for an output that could not be prepared or completed.
pub fn output_error(e: &OutputError, target: &Path) -> String {
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
        OutputError::NotRegular(_) => {
            format!("{target}: not a regular file: --in-place only replaces regular files")
        }
        OutputError::Protected(_) => format!(
            "{target}: refused: owned by someone else in a sticky directory \
             anyone may write to (the kernel refuses the shell's > there too)"
        ),
        #[cfg(unix)]
        OutputError::Keep { source, .. } => format!(
            "{target}: cannot replace it: {}: {}",
            kept(source.what),
            message::io_error(&source.source)
        ),
        OutputError::Persist { source, .. } => {
            format!("{target}: cannot replace it: {}", message::io_error(source))
        }
    }
}
