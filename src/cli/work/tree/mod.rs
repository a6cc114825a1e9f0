//! `-r`: `--sniff`, `--check` and `-i` over whole trees.
//!
//! The FILEs are walked (module `walk`: ignore files, hidden files, globs,
//! links), each file is read and converted in memory on `-j` threads
//! ([`file::process`]), and the results are taken in path order on this
//! thread ([`ordered::run`]): printed, counted and, for `-i`, written over
//! their file atomically, one at a time. So every file ends converted or
//! untouched, whatever stops the run (a signal removes the one temporary
//! file; a full disk stops the walk with a summary of how far it got), and
//! a second run leaves every file done already unchanged.

mod file;
mod ordered;
mod report;

pub use file::{Plan, Task};

use crate::cli::message;
use crate::cli::status::Status;
use crate::io::walk::{self, WalkOptions};
use crate::io::Output;
use file::{Done, Outcome};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use report::Tally;
use std::fs;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Everything a tree run needs.
#[derive(Debug, Clone)]
pub struct Options {
    /// The FILEs: directories to walk, or files.
    pub roots: Vec<PathBuf>,
    pub walk: WalkOptions,
    pub plan: Plan,
    pub jobs: usize,
    pub dry_run: bool,
    /// `--backup=SUFFIX`: keep each original beside it.
    pub backup: Option<String>,
    pub json: bool,
    pub quiet: bool,
}

/// Runs `options.plan` over the trees at `options.roots`.
pub fn run(options: &Options) -> Status {
    let walked = match walk::walk(&options.roots, &options.walk) {
        Ok(w) => w,
        Err(e) => {
            message::eprintln_line(&format!(
                "wenc: error: {}",
                crate::cli::report::glob_error(&e)
            ));
            return Status::Usage;
        }
    };
    let mut status = Status::Success;
    for (path, why) in &walked.problems {
        let why = crate::cli::report::skipped(why);
        message::eprintln_line(&format!("wenc: {}: skipped: {why}", message::path(path)));
    }
    let mut tally = Tally {
        files: walked.files.len(),
        links: walked.links.len(),
        unreadable: walked.problems.len(),
        ..Tally::default()
    };
    let bar = progress_bar(walked.files.len(), options);
    let mut stdout = std::io::stdout().lock();
    let mut stopped = None;
    let plan = options.plan;
    let work = |path: &PathBuf| file::process(&plan, path);
    ordered::run(&walked.files, options.jobs, work, |i, mut done| {
        let path = &walked.files[i];
        if done.outcome == Outcome::Converted && !options.dry_run {
            if let Err((why, full)) = replace(path, &done, options.backup.as_deref()) {
                done.outcome = Outcome::Failed;
                done.reason = why;
                if full {
                    stopped = Some(done.reason.clone());
                }
            }
        }
        let name = message::path(path);
        tally.add(&done);
        bar.inc(1);
        bar.suspend(|| tell(&mut stdout, &name, &done, options));
        stopped.is_none()
    });
    bar.finish_and_clear();
    if tally.count(Outcome::Refused) + tally.count(Outcome::Failed) > 0 || stopped.is_some() {
        status = Status::Failure;
    }
    if plan.task != Task::Sniff && (!options.quiet || status != Status::Success) {
        let summary = tally.summary(options.dry_run, stopped.as_deref());
        message::eprintln_line(&format!("wenc: {summary}"));
    }
    status
}

/// A bar over files on a terminal (not with -q, nor when JSON or --sniff
/// lines go to the same terminal).
fn progress_bar(files: usize, options: &Options) -> ProgressBar {
    let output_on_terminal =
        (options.json || options.plan.task == Task::Sniff) && std::io::stdout().is_terminal();
    if options.quiet || output_on_terminal || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(files as u64), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} files {elapsed}") {
        bar.set_style(style);
    }
    bar
}

/// Prints what there is to say about one file: its JSON line or --sniff
/// line on standard output, its messages on standard error.
fn tell(out: &mut impl Write, name: &str, done: &Done, options: &Options) {
    let sniffing = options.plan.task == Task::Sniff;
    let to = (options.plan.task == Task::Convert).then_some(options.plan.to);
    let printed = if options.json {
        writeln!(out, "{}", report::json(name, done, to))
    } else if sniffing {
        writeln!(out, "{name}: {}", done.reason)
    } else {
        Ok(())
    };
    if printed.is_err() {
        return; // a closed pipe: the summary still tells
    }
    if options.json && !matches!(done.outcome, Outcome::Failed) {
        return; // the JSON line says it all; failures are errors still
    }
    // -q keeps the refusals and failures, not the files converted.
    let quiet = options.quiet && done.outcome == Outcome::Converted;
    if let Some(line) = report::line(name, done, options.dry_run).filter(|_| !sniffing && !quiet) {
        message::eprintln_line(&format!("wenc: {line}"));
    }
    if !options.quiet && done.outcome == Outcome::Converted {
        for note in &done.notes {
            message::eprintln_line(&format!("wenc: {name}: {note}"));
        }
    }
}

/// Writes `done`'s output over `path` atomically, after checking that the
/// file is still the one read and keeping a backup if asked. The error's
/// `true` means the disk is full: the run stops.
fn replace(path: &Path, done: &Done, backup: Option<&str>) -> Result<(), (String, bool)> {
    let name = message::path(path);
    let plain = |why: String| (why, false);
    if let Some(read) = &done.read {
        let now = fs::metadata(path).map_err(|e| plain(report::io_reason(&e)))?;
        if !same_file(read, &now) {
            return Err(plain(
                "changed while wenc read it; left as it is".to_string(),
            ));
        }
    }
    if let Some(suffix) = backup {
        keep_backup(path, suffix).map_err(|e| {
            (
                format!("cannot keep a backup: {}", report::io_reason(&e)),
                is_full(&e),
            )
        })?;
    }
    let output = done.output.as_deref().unwrap_or_default();
    let result = Output::replace(path).and_then(|mut out| {
        out.write_all(output)
            .map_err(crate::io::OutputError::Write)?;
        out.commit()
    });
    result.map_err(|e| {
        let full = match &e {
            crate::io::OutputError::Write(io)
            | crate::io::OutputError::CreateTemp { source: io, .. } => is_full(io),
            _ => false,
        };
        let text = crate::cli::report::output_error(&e, path);
        (
            text.trim_start_matches(&format!("{name}: ")).to_string(),
            full,
        )
    })
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

/// Out of space or quota: going on would only fail again.
fn is_full(e: &std::io::Error) -> bool {
    matches!(e.raw_os_error(), Some(libc::ENOSPC) | Some(libc::EDQUOT))
}
