//! `-r`: `--sniff`, `--check` and `-i` over whole trees.
//!
//! The FILEs are walked (module `walk`: ignore files, hidden files, globs,
//! links), each file is read and converted in memory on `-j` threads
//! ([`file::process`]), and the results are taken in path order on this
//! thread ([`ordered::run`]): for `-i`, written to temporary files and
//! renamed over their files a batch at a time, after one sync ([`batch`];
//! on a thread of its own while the next batch is written, [`commit`]),
//! then printed and counted. So every file ends converted or untouched,
//! whatever stops the run: a full disk stops it with a summary of how far
//! it got; SIGINT or SIGTERM too (the batch being renamed is finished, the
//! one being written dropped, its temporary files removed), then wenc dies
//! of the signal; and a second run leaves every file done already
//! unchanged.

mod batch;
mod commit;
mod done;
mod file;
mod ordered;
mod report;

pub use file::{Plan, Task};

use crate::cli::message;
use crate::cli::status::Status;
use crate::io::signals;
use crate::io::walk::{self, WalkOptions};
use batch::Batch;
use commit::{Committed, Committer};
use done::{Done, Outcome};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use report::{End, Tally};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

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
    for (path, why) in &walked.problems {
        let why = crate::cli::report::skipped(why);
        message::eprintln_line(&format!("wenc: {}: skipped: {why}", message::path(path)));
    }
    signals::defer_termination();
    let mut teller = Teller {
        tally: Tally {
            files: walked.files.len(),
            links: walked.links.len(),
            ignored: walked.ignored,
            unreadable: walked.problems.len(),
            ..Tally::default()
        },
        bar: progress_bar(walked.files.len(), options),
        stdout: std::io::stdout().lock(),
        files: &walked.files,
        options,
    };
    let mut batch = Batch::default();
    let mut stopped = None;
    let plan = options.plan;
    let writing = plan.task == Task::Convert && !options.dry_run;
    let work = |path: &PathBuf| file::process(&plan, path);
    let files = &walked.files;
    std::thread::scope(|scope| {
        let mut committer = Committer::new(scope, files, options.backup.as_deref());
        ordered::run(files, options.jobs, work, |i, mut done| {
            if signals::termination_requested().is_some() {
                return false;
            }
            let mut staged = None;
            if done.outcome == Outcome::Converted && writing {
                match batch::stage(&files[i], &mut done) {
                    Ok(s) => staged = s,
                    Err((why, full)) => batch::fail(&mut done, why, full, &mut stopped),
                }
            }
            batch.push(i, done, staged);
            if batch.is_full() || stopped.is_some() {
                let before = committer.hand_over(std::mem::take(&mut batch));
                teller.tell(before, &mut stopped);
            }
            stopped.is_none()
        });
        // The batch in flight is renamed in full, even after a signal.
        teller.tell(committer.settle(), &mut stopped);
    });
    if signals::termination_requested().is_none() && stopped.is_none() {
        let last = batch.commit(files, options.backup.as_deref());
        teller.tell(Some(last), &mut stopped);
    }
    // (A signal during that last commit ends the run as well, once told.)
    let interrupted = signals::termination_requested();
    drop(batch); // files not renamed stay untouched; their temporary files go
    teller.bar.finish_and_clear();
    let _ = teller.stdout.flush();
    finish(&teller.tally, stopped.as_deref(), interrupted, options)
}

/// The summary and the exit status; after a signal, wenc ends by it.
fn finish(
    tally: &Tally,
    stopped: Option<&str>,
    interrupted: Option<i32>,
    options: &Options,
) -> Status {
    let failed = tally.count(Outcome::Refused) + tally.count(Outcome::Failed) > 0;
    let status = if failed || stopped.is_some() {
        Status::Failure
    } else {
        Status::Success
    };
    let end = match (interrupted, stopped) {
        (Some(sig), _) => End::Interrupted(sig),
        (None, Some(why)) => End::Stopped(why),
        (None, None) => End::Finished,
    };
    if options.plan.task != Task::Sniff
        && (!options.quiet || status != Status::Success || interrupted.is_some())
    {
        let summary = tally.summary(options.dry_run, &end);
        message::eprintln_line(&format!("wenc: {summary}"));
    }
    if let Some(sig) = interrupted {
        signals::end_by(sig);
    }
    status
}

/// Tells and counts each file once its outcome is final.
struct Teller<'a> {
    tally: Tally,
    bar: ProgressBar,
    stdout: std::io::StdoutLock<'static>,
    files: &'a [PathBuf],
    options: &'a Options,
}

impl Teller<'_> {
    /// Tells the files of a committed batch, in path order.
    fn tell(&mut self, committed: Option<Committed>, stopped: &mut Option<String>) {
        let Some((told, stop)) = committed else {
            return;
        };
        if stopped.is_none() {
            *stopped = stop;
        }
        for (i, done) in told {
            let name = message::path(&self.files[i]);
            self.tally.add(&done);
            self.bar.inc(1);
            let (out, options) = (&mut self.stdout, self.options);
            self.bar.suspend(|| tell(out, &name, &done, options));
        }
    }
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
