//! `--in-place FILE...`: each FILE converted on its own and atomically
//! replaced (a temporary file beside it, renamed over it: [`Output::replace`],
//! which keeps its mode, and its owner where permitted).
//!
//! A file whose bytes would not change is left untouched: its temporary
//! file is dropped, not renamed, so its timestamps stay. One file failing
//! (missing, unreadable, not a regular file, a conversion error, refused by
//! a guard, a full disk) does not stop the others; each problem is
//! reported, and the status is 1 if any failed. Every file ends either fully
//! converted or exactly as it was, also when wenc is interrupted.

use super::convert::convert_one;
use super::progress::Reporter;
use crate::cli::message;
use crate::cli::plan::Job;
use crate::cli::report::output_error;
use crate::cli::status::{Outcome, Status};
use crate::convert;
use crate::io::{Output, Source};
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;

/// How one file ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ended {
    Converted,
    Unchanged,
    Failed,
}

/// Converts each of `sources` (all paths) in place.
pub fn run(mut job: Job, reporter: &mut Reporter) -> Status {
    let sources = std::mem::take(&mut job.sources);
    let (mut converted, mut unchanged, mut failed) = (0, 0, 0);
    let mut done_before = 0;
    for source in &sources {
        let Source::Path(path) = source else {
            continue; // refused by the caller
        };
        job.output = Some(path.clone());
        let (ended, size) = one(&job, source, path, reporter, done_before);
        done_before += size;
        match ended {
            Ended::Converted => converted += 1,
            Ended::Unchanged => unchanged += 1,
            Ended::Failed => failed += 1,
        }
    }
    if sources.len() > 1 {
        reporter.note(&format!(
            "{} files: {converted} converted, {unchanged} unchanged, {failed} failed",
            sources.len()
        ));
    }
    if failed > 0 {
        Status::Failure
    } else {
        Status::Success
    }
}

/// Converts one file in place; also returns its size (for progress).
fn one(
    job: &Job,
    source: &Source,
    path: &Path,
    reporter: &mut Reporter,
    done_before: u64,
) -> (Ended, u64) {
    let name = message::path(path);
    // Opened first: a file that cannot be read gets no temporary file.
    let original = match open_regular(path) {
        Ok(f) => f,
        Err(why) => {
            reporter.error(&format!("{name}: {why}"));
            return (Ended::Failed, 0);
        }
    };
    let mut output = match Output::replace(path) {
        Ok(o) => o,
        Err(e) => {
            reporter.error(&output_error(&e, path));
            return (Ended::Failed, 0);
        }
    };
    let mut same = Same::new(&mut output, original);
    if job.add_bom {
        if let Some(bom) = convert::bom_bytes(job.settings.to) {
            if let Err(e) = same.write_all(bom) {
                reporter.error(&job.wording().write_error_message(&e));
                return (Ended::Failed, 0);
            }
        }
    }
    let (outcome, size) = convert_one(job, source, &mut same, reporter, done_before);
    if !matches!(outcome, Outcome::Done) {
        // Dropping the output removes its temporary file.
        return (Ended::Failed, size);
    }
    if same.unchanged() {
        return (Ended::Unchanged, size);
    }
    match output.commit() {
        Ok(()) => (Ended::Converted, size),
        Err(e) => {
            reporter.error(&output_error(&e, path));
            (Ended::Failed, size)
        }
    }
}

/// Opens `path` for comparing, if it is a regular file that can be read.
fn open_regular(path: &Path) -> Result<File, String> {
    let cannot = |e: io::Error| format!("cannot open: {}", message::io_error(&e));
    let meta = fs::metadata(path).map_err(cannot)?;
    if meta.is_dir() {
        return Err("cannot open: is a directory".to_string());
    }
    if !meta.is_file() {
        return Err("not a regular file: --in-place only replaces regular files".to_string());
    }
    File::open(path).map_err(cannot)
}

/// Passes output on, and tells whether it is byte for byte the original
/// file (read back with positioned reads as the output is written; after
/// the first difference nothing more is read).
struct Same<'a> {
    out: &'a mut Output,
    original: File,
    /// The original's size when opened.
    len: u64,
    /// Output bytes so far.
    pos: u64,
    same: bool,
    buf: Vec<u8>,
}

impl<'a> Same<'a> {
    fn new(out: &'a mut Output, original: File) -> Same<'a> {
        let len = original.metadata().map(|m| m.len()).unwrap_or(0);
        Same {
            out,
            original,
            len,
            pos: 0,
            same: true,
            buf: Vec::new(),
        }
    }

    fn compare(&mut self, mut bytes: &[u8]) {
        if !self.same {
            return;
        }
        if self.pos + bytes.len() as u64 > self.len {
            self.same = false;
            return;
        }
        while !bytes.is_empty() {
            let n = bytes.len().min(64 * 1024);
            self.buf.resize(n, 0);
            if !read_at(&self.original, &mut self.buf, self.pos) || self.buf[..] != bytes[..n] {
                self.same = false;
                return;
            }
            self.pos += n as u64;
            bytes = &bytes[n..];
        }
    }

    /// All output written: is it the original?
    fn unchanged(&self) -> bool {
        self.same && self.pos == self.len
    }
}

#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], at: u64) -> bool {
    use std::os::unix::fs::FileExt;
    file.read_exact_at(buf, at).is_ok()
}

#[cfg(not(unix))]
fn read_at(_file: &File, _buf: &mut [u8], _at: u64) -> bool {
    false // always rewritten
}

impl Write for Same<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.out.write(buf)?;
        self.compare(&buf[..n]);
        Ok(n)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.out.write_all(buf)?;
        self.compare(buf);
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
