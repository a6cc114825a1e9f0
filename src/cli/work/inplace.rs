//! `--in-place FILE...`: each FILE converted on its own and atomically
//! replaced (a temporary file beside it, renamed over it: [`Output::replace`],
//! which keeps its mode, and its owner where permitted).
//!
//! Each file is opened once, without blocking (a FIFO put in its place is
//! refused, not waited for), and everything about it is decided from that
//! descriptor ([`Identity`]): a file named twice (`a.txt ./a.txt`, a link)
//! is converted once; a file that is also standard output or standard
//! error is refused, as `wenc f >> f` is; a file whose size or modification
//! time moved while it was converted (lines appended) is not replaced.
//!
//! A file whose bytes would not change is left untouched: its temporary
//! file is dropped, not renamed, so its timestamps stay. One file failing
//! (missing, unreadable, not a regular file, a conversion error, refused by
//! a guard, a full disk) does not stop the others; each problem is
//! reported, and the status is 1 if any failed. Every file ends either fully
//! converted or exactly as it was, also when wenc is interrupted.

use super::convert::convert_opened;
use super::progress::Reporter;
use crate::cli::message;
use crate::cli::plan::Job;
use crate::cli::report::{self, bus_message, open_error, output_error};
use crate::cli::status::{Outcome, Status};
use crate::convert;
use crate::io::{Identity, Input, OpenError, Origin, Output};
use std::fs::File;
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
    let mut seen = Vec::new();
    for source in &sources {
        let Origin::Path(path) = source else {
            continue; // refused by the caller
        };
        job.output = Some(path.clone());
        let (ended, size) = one(&job, path, reporter, done_before, &mut seen);
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
/// `seen` holds the files converted before, with their names.
fn one(
    job: &Job,
    path: &Path,
    reporter: &mut Reporter,
    done_before: u64,
    seen: &mut Vec<(Identity, String)>,
) -> (Ended, u64) {
    let name = message::path(path);
    // Opened first, and once: a file that cannot be read gets no temporary
    // file, and what is converted is what was looked at.
    let mut input = match Input::open_regular(path, &bus_message(&name)) {
        Ok(input) => input,
        Err(OpenError::NotRegular) => {
            reporter.error(&format!("{name}: {}", open_error(&OpenError::NotRegular)));
            return (Ended::Failed, 0);
        }
        Err(e) => {
            reporter.error(&format!("{name}: cannot open: {}", open_error(&e)));
            return (Ended::Failed, 0);
        }
    };
    let Some(id) = input.identity() else {
        return (Ended::Failed, 0);
    };
    if let Some((_, first)) = seen.iter().find(|(s, _)| s.same_file(&id)) {
        reporter.note(&format!("{name}: the same file as {first}: converted once"));
        return (Ended::Unchanged, 0);
    }
    seen.push((id, name.clone()));
    if [1, 2]
        .iter()
        .any(|&fd| Identity::of_fd(fd).is_some_and(|o| o.same_file(&id)))
    {
        reporter.error(&report::in_place_is_std_stream(&name));
        return (Ended::Failed, 0);
    }
    let original = match input.file() {
        Some(Ok(file)) => file,
        Some(Err(e)) => {
            reporter.error(&format!("{name}: cannot open: {}", message::io_error(&e)));
            return (Ended::Failed, 0);
        }
        None => return (Ended::Failed, 0),
    };
    let mut output = match Output::replace_regular(path) {
        Ok(o) => o,
        Err(e) => {
            reporter.error(&output_error(&e, path));
            return (Ended::Failed, 0);
        }
    };
    // The name found again for the output: still the file opened, not one
    // put in its place meanwhile (a file gone since is created anew).
    if output
        .replaces()
        .is_some_and(|r| (r.dev, r.ino) != (id.dev, id.ino))
    {
        reporter.error(&report::moved_while_converted(&name));
        return (Ended::Failed, 0);
    }
    let mut same = Same::new(&mut output, original, id.size);
    if job.add_bom {
        if let Some(bom) = convert::bom_bytes(job.settings.to) {
            if let Err(e) = same.write_all(bom) {
                reporter.error(&job.wording().write_error_message(&e));
                return (Ended::Failed, 0);
            }
        }
    }
    let (outcome, size) = convert_opened(job, &mut input, &name, &mut same, reporter, done_before);
    if !matches!(outcome, Outcome::Done) {
        // Dropping the output removes its temporary file.
        return (Ended::Failed, size);
    }
    if same.unchanged() {
        return (Ended::Unchanged, size);
    }
    // Written to meanwhile (lines appended, say): the new text is not in
    // the conversion, so the file stays as it now is.
    if input.moved().unwrap_or(true) {
        reporter.error(&report::moved_while_converted(&name));
        return (Ended::Failed, size);
    }
    // The file under this name from now on: the same file for a later name.
    if let Some(new) = output.replacement() {
        seen.push((new, name.clone()));
    }
    match output.commit() {
        Ok(()) => (Ended::Converted, size),
        Err(e) => {
            reporter.error(&output_error(&e, path));
            (Ended::Failed, size)
        }
    }
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
    fn new(out: &'a mut Output, original: File, len: u64) -> Same<'a> {
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
