//! Converting (or checking) the inputs of a [`Job`] into one output:
//! -o's file, replaced atomically, or standard output.

use super::auto;
use super::declared;
use super::guard::Verdict;
use super::progress::Reporter;
use super::read_back::Observed;
use super::strict;
use super::verdict;
use crate::cli::plan::Job;
use crate::cli::report::{self, bus_message, open_error, output_error, shown};
use crate::cli::status::{write_failure, Outcome, Status};
use crate::codec::{Encoding, REPLACEMENT, UTF_8};
use crate::convert::{self, ConvertError, Settings};
use crate::detect;
use crate::io::{Identity, Input, Origin, Output, OutputError};
use std::borrow::Cow;
use std::cell::RefCell;
use std::io::{self, Write};

/// Converts (or checks) the job's inputs into its output, in order.
pub fn run(job: &Job, reporter: &mut Reporter) -> Status {
    let sources = &job.sources;
    let mut output = if job.check {
        None
    } else {
        match &job.output {
            Some(path) => match Output::replace(path) {
                Ok(o) => Some(o),
                Err(e) => {
                    reporter.error(&output_error(&e, path));
                    return Status::Failure;
                }
            },
            None => Some(Output::stdout()),
        }
    };
    let written = output.as_ref().map_or((None, false), Output::target);
    let mut discard = io::sink();
    let mut watch = strict::Watch::new(
        match &mut output {
            Some(o) => o,
            None => &mut discard,
        },
        job.stricter.clone(),
    );
    let sink: &mut dyn Write = &mut watch;
    if job.add_bom {
        if let Some(bom) = convert::bom_bytes(job.settings.to) {
            if let Err(e) = sink.write_all(bom) {
                return output_failure(job, &e, reporter).status(Status::Success);
            }
        }
    }
    let mut failed = false;
    let mut output_broken = false;
    let mut done_before = 0u64;
    for source in sources {
        match convert_one(job, source, written, sink, reporter, done_before) {
            (Outcome::Done, n) => done_before += n,
            (Outcome::Failed, n) => {
                failed = true;
                done_before += n;
                if !job.check {
                    break;
                }
            }
            (Outcome::Unreadable, n) => {
                failed = true;
                done_before += n;
                if !job.check && job.output.is_some() {
                    break;
                }
            }
            (Outcome::OutputFailed, _) => {
                failed = true;
                output_broken = true;
                break;
            }
            (Outcome::Closed, _) => {
                output_broken = true;
                break;
            }
        }
    }
    if let Some(warning) = watch.warning() {
        reporter.warn(&warning);
    }
    let status = if failed {
        Status::Failure
    } else {
        Status::Success
    };
    let Some(output) = output else { return status };
    if output_broken || (failed && job.output.is_some()) {
        // Dropping the output removes its temporary file: the -o target
        // stays as it was. A broken standard output is not retried.
        drop(output);
        return status;
    }
    // Standard output keeps what was converted before an error.
    match output.commit() {
        Ok(()) => status,
        Err(e) => {
            let report = || {
                reporter.error(&match (&e, &job.output) {
                    (OutputError::Write(io), None) => job.wording().write_error_message(io),
                    (_, Some(path)) => output_error(&e, path),
                    // Standard output fails only in writing.
                    (_, None) => output_error(&e, std::path::Path::new("standard output")),
                })
            };
            match &e {
                OutputError::Write(io) => write_failure(io, report),
                _ => {
                    report();
                    Outcome::OutputFailed
                }
            }
            .status(status)
        }
    }
}

/// A sink that runs `before` just before its first write (or flush, or
/// [`herald`](Heralded::herald)): messages about an input reach standard
/// error before any of its output.
struct Heralded<'a, F: FnOnce()> {
    inner: &'a mut dyn Write,
    before: Option<F>,
}

impl<F: FnOnce()> Heralded<'_, F> {
    fn herald(&mut self) {
        if let Some(before) = self.before.take() {
            before();
        }
    }
}

impl<F: FnOnce()> Write for Heralded<'_, F> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.herald();
        self.inner.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.herald();
        self.inner.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.herald();
        self.inner.flush()
    }
}

/// [`write_failure`] for a write to the output, reported as such.
fn output_failure(job: &Job, e: &io::Error, reporter: &Reporter) -> Outcome {
    write_failure(e, || reporter.error(&job.wording().write_error_message(e)))
}

/// Converts (or checks) one input into `sink`, which writes to `written`
/// ([`Output::target`]); also returns its size.
pub fn convert_one(
    job: &Job,
    source: &Origin,
    written: (Option<Identity>, bool),
    sink: &mut dyn Write,
    reporter: &mut Reporter,
    done_before: u64,
) -> (Outcome, u64) {
    let name = shown(source);
    let mut input = match Input::open(source, &bus_message(&name)) {
        Ok(i) => i,
        Err(e) => {
            reporter.error(&format!("{name}: cannot open: {}", open_error(&e)));
            return (Outcome::Unreadable, 0);
        }
    };
    let (target, in_place) = written;
    if let Some(refused) = job.guard.opened(&name, input.identity(), target, in_place) {
        reporter.error(&refused);
        return (Outcome::Failed, 0);
    }
    convert_opened(job, &mut input, &name, sink, reporter, done_before)
}

/// Converts (or checks) an input opened already into `sink`; also returns
/// its size. In place, the detector's verdict comes first; with `-f auto`,
/// the encoding chosen.
pub fn convert_opened(
    job: &Job,
    input: &mut Input,
    name: &str,
    sink: &mut dyn Write,
    reporter: &mut Reporter,
    done_before: u64,
) -> (Outcome, u64) {
    let Some(job) = settle_encoding(job, input, name, reporter) else {
        return (Outcome::Failed, 0);
    };
    let job: &Job = &job;
    std::thread::scope(|scope| {
        let pending = verdict::Pending::start(scope, job, input, name);
        convert_settled(job, input, name, sink, reporter, done_before, pending)
    })
}

/// [`convert_opened`] once the encoding is settled; `pending`: the
/// detector's verdict, still running beside the conversion, whose warnings
/// (and then the declaration's note) are told before the first output byte.
fn convert_settled(
    job: &Job,
    input: &mut Input,
    name: &str,
    sink: &mut dyn Write,
    reporter: &mut Reporter,
    done_before: u64,
    pending: Option<verdict::Pending<'_>>,
) -> (Outcome, u64) {
    // What a second run would read: the output as written, declaration
    // rewritten and all.
    let bom = job.add_bom && job.settings.sniff_bom;
    let back = (!job.check)
        .then(|| job.guard.read_back(job.settings.from, job.settings.to, bom))
        .flatten();
    let mut observed = Observed { inner: sink, back };
    let mut note = None;
    let mut declared = declared::sink(
        input.head().0,
        job.settings,
        job.keep_declaration,
        &mut observed,
    )
    .said(|said| note = Some(format!("{name}: {said}")));
    if pending.is_none() {
        if let Some(note) = note.take() {
            reporter.note(&note);
        }
    }
    let mut size = 0;
    let mut lacking = strict::InputWatch::new(job.stricter_input.as_ref());
    let settings = Settings {
        utf8_evidence: job.guard.watches(job.settings.from) && !job.check,
        ..job.settings
    };
    let told = RefCell::new(&mut *reporter);
    let mut heralded = Heralded {
        inner: &mut declared,
        before: Some(|| {
            let reporter = told.borrow();
            if let Some(pending) = pending {
                pending.tell(&reporter);
            }
            if let Some(note) = note {
                reporter.note(&note);
            }
        }),
    };
    let (summary, result) = input.convert_watched(
        settings,
        job.parallelism,
        &mut heralded,
        &mut |n| {
            size = n;
            told.borrow_mut().progress(done_before + n);
        },
        &mut |bytes| lacking.feed(bytes),
    );
    // Told even when nothing was written, before what the result says.
    heralded.herald();
    drop(heralded);
    drop(declared);
    match result {
        Ok(()) => {
            match job.guard.verdict(name, &summary, observed.back) {
                Verdict::Refuse(mut why) => {
                    if summary.malformed > 0 {
                        why.push_str(&mismatch_hint(job, input, summary.input_encoding));
                    }
                    reporter.error(&why);
                    return (Outcome::Failed, size);
                }
                Verdict::Warn(why) => reporter.warn(&why),
                Verdict::Fine => {}
            }
            if let Some(warning) = lacking.warning(name) {
                reporter.warn(&warning);
            }
            if let Some(mut warning) = job.wording().warning(name, &summary) {
                if summary.malformed > 0 {
                    warning.push_str(&mismatch_hint(job, input, summary.input_encoding));
                }
                reporter.warn(&warning);
            }
            (Outcome::Done, size)
        }
        Err(ConvertError::Write(e)) => (output_failure(job, &e, reporter), size),
        Err(e @ ConvertError::Read(_)) => {
            reporter.error(&job.wording().error(name, &e, &summary));
            (Outcome::Unreadable, size)
        }
        Err(e) => {
            let mut msg = job.wording().error(name, &e, &summary);
            match &e {
                ConvertError::Malformed(m) => msg.push_str(&mismatch_hint(job, input, m.encoding)),
                // U+FFFD written for malformed input, which the output lacks.
                ConvertError::Unmappable(u) if u.ch == '\u{FFFD}' && summary.malformed > 0 => {
                    msg.push_str(&mismatch_hint(job, input, summary.input_encoding))
                }
                _ => {}
            }
            reporter.error(&msg);
            (Outcome::Failed, size)
        }
    }
}

/// The job for one input: in place, after the detector's verdict; with
/// `-f auto`, with the encoding chosen (its note said). `None`: refused,
/// and said.
fn settle_encoding<'a>(
    job: &'a Job,
    input: &mut Input,
    name: &str,
    reporter: &mut Reporter,
) -> Option<Cow<'a, Job>> {
    let settled = verdict::settle(job, input, name, reporter).ok()?;
    if !job.auto {
        input.keep_head(detect::SNIFF_LIMIT);
        return Some(Cow::Borrowed(job));
    }
    let chosen = match settled {
        Some(choice) => Ok(choice),
        None => auto::choose(input, job.hint),
    };
    match chosen {
        Ok((from, note)) => {
            reporter.note(&format!("{name}: {note}"));
            let mut job = job.clone();
            job.settings.from = from;
            Some(Cow::Owned(job))
        }
        Err(msg) => {
            reporter.error(&format!("{name}: {msg}"));
            None
        }
    }
}

/// "; it looks like X: try -f x or -f auto" for an input with malformed
/// sequences that the detector is confident is in another encoding.
fn mismatch_hint(job: &Job, input: &Input, used: &'static Encoding) -> String {
    if used == REPLACEMENT {
        return String::new();
    }
    let (head, complete) = input.head();
    let Some(hint) = auto::mismatch_hint(head, complete, used, job.hint) else {
        return String::new();
    };
    // The input looks like what was to be written: -f and -t swapped.
    let to = job.settings.to;
    if to != UTF_8 && detect::sniff(head, complete, job.hint).encoding == Some(to) {
        return hint + report::SWAPPED;
    }
    hint
}
