//! Replacing the files of a tree in batches: each converted file is written
//! to its temporary file as its turn comes ([`stage`]), and once a batch is
//! full ([`Batch::is_full`]) it is made durable with one sync and renamed
//! over its files in path order ([`Batch::commit`]). One sync per batch
//! instead of one per file is what makes a tree run fast; whatever stops
//! it, every file is converted or untouched: a failed sync fails the whole
//! batch (its temporary files removed), and a batch dropped unrenamed (a
//! signal) leaves its files as they were.

use super::done::{Done, Outcome};
use super::report;
use crate::cli::message;
use crate::io::staged::{self, Staged};
use crate::io::{Output, OutputError};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// At most this many temporary files wait for one sync (the signal
/// handlers guard up to `signals::MAX_TEMP_FILES`, two batches' worth)...
pub const MAX_STAGED: usize = 64;
/// ...holding at most this many bytes...
const MAX_STAGED_BYTES: u64 = 16 << 20;
/// ...and at most this many files' results wait to be told, in all.
const MAX_WAITING: usize = 256;

/// Why replacing a file failed, and whether the disk is full (the run stops).
pub type Failure = (String, bool);

/// The files taken in path order whose outcome is not final yet.
#[derive(Default)]
pub struct Batch {
    waiting: Vec<(usize, Done, Option<Staged>)>,
    staged: usize,
    bytes: u64,
}

impl Batch {
    /// Adds file `index`, with its temporary file if it has one.
    pub fn push(&mut self, index: usize, done: Done, staged: Option<Staged>) {
        if staged.is_some() {
            self.staged += 1;
            self.bytes += done.size;
        }
        self.waiting.push((index, done, staged));
    }

    pub fn is_full(&self) -> bool {
        self.staged >= MAX_STAGED
            || self.bytes >= MAX_STAGED_BYTES
            || self.waiting.len() >= MAX_WAITING
    }

    /// Syncs the batch, renames each temporary file over its file (of
    /// `files`), in order, keeping a backup first if asked, and hands back
    /// every file's final outcome, in order, with why the run must stop
    /// (the disk is full), if it must.
    pub fn commit(
        &mut self,
        files: &[PathBuf],
        backup: Option<&str>,
    ) -> (Vec<(usize, Done)>, Option<String>) {
        let waiting = std::mem::take(&mut self.waiting);
        (self.staged, self.bytes) = (0, 0);
        let synced = staged::sync(waiting.iter().filter_map(|(_, _, s)| s.as_ref()));
        let mut stop = None;
        let mut told = Vec::with_capacity(waiting.len());
        for (index, mut done, staged) in waiting {
            if let Some(staged) = staged {
                let result = match &synced {
                    Ok(()) => replace(&files[index], &done, staged, backup),
                    Err(e) => Err((format!("write error: {}", report::io_reason(e)), is_full(e))),
                };
                if let Err((why, full)) = result {
                    fail(&mut done, why, full, &mut stop);
                }
            }
            told.push((index, done));
        }
        (told, stop)
    }
}

/// Marks `done` failed; the first failure for a full disk stops the run.
pub fn fail(done: &mut Done, why: String, full: bool, stop: &mut Option<String>) {
    done.outcome = Outcome::Failed;
    if full && stop.is_none() {
        *stop = Some(why.clone());
    }
    done.reason = why;
}

/// Writes `done`'s output to a temporary file beside `path`, after checking
/// that the file is still the one read; the output's memory is freed.
pub fn stage(path: &Path, done: &mut Done) -> Result<Option<Staged>, Failure> {
    still_the_one_read(path, done)?;
    let output = done.output.take().unwrap_or_default();
    let staged = Output::replace_regular(path).and_then(|mut out| {
        out.write_all(&output).map_err(OutputError::Write)?;
        out.stage()
    });
    staged.map_err(|e| output_failure(&e, path))
}

/// Renames `staged` over `path` (synced already), after checking again
/// that the file is the one read, and keeping a backup if asked.
fn replace(path: &Path, done: &Done, staged: Staged, backup: Option<&str>) -> Result<(), Failure> {
    still_the_one_read(path, done)?;
    if let Some(suffix) = backup {
        keep_backup(path, suffix).map_err(|e| {
            (
                format!("cannot keep a backup: {}", report::io_reason(&e)),
                is_full(&e),
            )
        })?;
    }
    staged.persist().map_err(|e| output_failure(&e, path))
}

fn still_the_one_read(path: &Path, done: &Done) -> Result<(), Failure> {
    if let Some(read) = &done.read {
        let now = fs::metadata(path).map_err(|e| (report::io_reason(&e), false))?;
        if !same_file(read, &now) {
            return Err((
                "changed while wenc read it; left as it is".to_string(),
                false,
            ));
        }
    }
    Ok(())
}

/// The message of an output error without the file's name (the line
/// starts with it), and whether the disk is full.
fn output_failure(e: &OutputError, path: &Path) -> Failure {
    let full = match e {
        OutputError::Write(io) => return (report::write_error(io), is_full(io)),
        OutputError::CreateTemp { source: io, .. } => is_full(io),
        _ => false,
    };
    let name = message::path(path);
    let text = crate::cli::report::output_error(e, path);
    (
        text.trim_start_matches(&format!("{name}: ")).to_string(),
        full,
    )
}

/// Whether the file at a path is still the one whose descriptor was read.
fn same_file(read: &fs::Metadata, now: &fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        read.dev() == now.dev()
            && read.ino() == now.ino()
            && read.len() == now.len()
            && read.mtime() == now.mtime()
            && read.mtime_nsec() == now.mtime_nsec()
    }
    #[cfg(not(unix))]
    {
        read.len() == now.len() && read.modified().ok() == now.modified().ok()
    }
}

/// `path` + `suffix` becomes the original: a hard link (the original's
/// inode, so nothing is copied), or a copy where links are not possible.
fn keep_backup(path: &Path, suffix: &str) -> std::io::Result<()> {
    let mut backup = path.as_os_str().to_owned();
    backup.push(suffix);
    let backup = PathBuf::from(backup);
    match fs::remove_file(&backup) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    fs::hard_link(path, &backup).or_else(|_| fs::copy(path, &backup).map(|_| ()))
}

/// Out of space or quota, or past the file size limit: going on would only
/// fail again.
fn is_full(e: &std::io::Error) -> bool {
    matches!(
        e.raw_os_error(),
        Some(libc::ENOSPC) | Some(libc::EDQUOT) | Some(libc::EFBIG)
    )
}
