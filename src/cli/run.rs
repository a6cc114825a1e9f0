//! Running the command: parse, validate, then list, sniff, check or convert.

use super::args::{Args, Mode};
use super::guard::{Guard, Refusal, Verdict};
use super::historical;
use super::labels::{self, Resolved};
use super::message;
use super::progress::Reporter;
use super::report::output_error;
use super::{auto, inplace, list, options, sniff, strict, Status};
use crate::codec::{Encoding, REPLACEMENT, UTF_8};
use crate::convert::{self, ConvertError, ErrorMode, Parallelism, Settings, Utf8Evidence};
use crate::detect::{self, Hint};
use crate::io::{Input, OpenError, Output, OutputError, Source};
use clap::error::ErrorKind;
use clap::parser::ValueSource;
use clap::FromArgMatches;
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

/// Runs wenc with these command-line arguments (the first is the program).
pub fn run(args: Vec<OsString>) -> Status {
    let matches = match parser().try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => {
            print_clap(&e);
            return if e.use_stderr() {
                Status::Usage
            } else {
                Status::Success
            };
        }
    };
    let args = match Args::from_arg_matches(&matches) {
        Ok(a) => a,
        Err(e) => {
            print_clap(&e);
            return Status::Usage;
        }
    };
    let explicit = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);

    if args.iconv_omit_invalid {
        return usage(ErrorKind::UnknownArgument, labels::ICONV_C);
    }
    if args.list_labels {
        let text = if !args.files.is_empty() {
            // The LABELs of `wenc -l LABEL...` come where FILEs go.
            let given: Vec<String> = args
                .files
                .iter()
                .map(|f| f.to_string_lossy().into_owned())
                .collect();
            match list::describe(&given, args.json) {
                Ok(text) => text,
                Err(msg) => return usage(ErrorKind::InvalidValue, &msg),
            }
        } else if args.json {
            list::json()
        } else {
            list::text()
        };
        return print_stdout(text.as_bytes());
    }
    if args.json && !args.sniff {
        return usage(ErrorKind::ArgumentConflict, message::JSON_ALONE);
    }
    let hint = match args.hint.as_deref().map(|h| (h, Hint::parse(h))) {
        Some((_, Some(hint))) => Some(hint),
        Some((text, None)) => return usage(ErrorKind::InvalidValue, &message::unknown_hint(text)),
        None => None,
    };
    let sources = sources(&args.files);
    if args.sniff {
        return sniff::run(&sources, hint, args.json);
    }

    // clap's value parser resolved the labels; -f auto chooses per input,
    // and UTF-8 stands in until then.
    let auto = args.from.resolved.is_none();
    let from = historical::chosen(&args.from, args.historical).unwrap_or(Resolved {
        encoding: UTF_8,
        note: None,
    });
    let to = historical::chosen(&args.to, args.historical).expect("only -f takes auto");
    if !args.quiet {
        for note in from.note.iter().chain(&to.note) {
            message::eprintln_line(&format!("wenc: note: {note}"));
        }
    }
    let stricter = strict::stricter(&args.to.given, to.encoding);
    let (from, to) = (from.encoding, to.encoding);
    if !to.can_encode() {
        let hint = historical::encode_hint(&args.to.given);
        let msg = message::no_encoder(&args.to.given, hint.as_deref());
        return usage(ErrorKind::InvalidValue, &msg);
    }
    if args.add_bom && convert::bom_bytes(to).is_none() {
        return usage(ErrorKind::ArgumentConflict, &message::no_bom(to));
    }
    if args.check && explicit("errors") && args.errors != Mode::Fatal {
        return usage(ErrorKind::ArgumentConflict, message::CHECK_IS_FATAL);
    }
    let mode = match (args.check, args.errors) {
        (true, _) | (_, Mode::Fatal) => ErrorMode::Fatal,
        (_, Mode::Replacement) => ErrorMode::Replacement,
        (_, Mode::Html) => ErrorMode::Html,
        (_, Mode::Subst) => ErrorMode::Subst(args.subst_char.unwrap_or('?')),
    };
    let output = args.output.clone().filter(|p| p.as_os_str() != "-");
    let guard = Guard::new(
        &sources,
        output.as_deref(),
        args.in_place,
        explicit("errors") && args.errors != Mode::Fatal,
        args.force,
    );
    let to_stdout = output.is_none() && !args.in_place && !args.check;
    match guard.up_front(&sources, from, &args.from.given, to_stdout) {
        Some(Refusal::Usage(msg)) => return usage(ErrorKind::ArgumentConflict, &msg),
        Some(Refusal::Failure(msg)) => {
            message::eprintln_line(&format!("wenc: {msg}"));
            return Status::Failure;
        }
        None => {}
    }
    if let Err(msg) = options::check_subst(args.subst_char, mode, to) {
        return usage(ErrorKind::ArgumentConflict, &msg);
    }
    let mut job = Job {
        settings: Settings {
            from,
            to,
            mode,
            sniff_bom: !args.ignore_bom,
            write_output: !args.check,
            transform: options::transform(args.eol, args.normalize),
        },
        from_label: args.from.given.trim().to_string(),
        check: args.check,
        add_bom: args.add_bom,
        output,
        parallelism: parallelism(args.jobs, args.piece_size),
        guard,
        auto,
        hint,
        stricter: stricter.filter(|_| !args.quiet),
    };
    let total = total_size(&sources);
    let output_on_terminal =
        job.output.is_none() && !job.check && !args.in_place && io::stdout().is_terminal();
    let mut reporter = Reporter::new(total, args.progress, args.quiet, output_on_terminal);
    let status = if args.in_place {
        inplace::run(&mut job, &sources, &mut reporter)
    } else {
        job.run(&sources, &mut reporter)
    };
    reporter.finish();
    status
}

/// Threads and piece size from -j and the hidden --piece-size.
fn parallelism(jobs: Option<u32>, piece_size: Option<u64>) -> Parallelism {
    let mut p = match jobs {
        Some(n) => Parallelism::new(n as usize),
        None => Parallelism::available(),
    };
    if let Some(size) = piece_size {
        p.piece_size = usize::try_from(size).unwrap_or(usize::MAX);
    }
    p
}

/// The inputs: FILEs, with `-` (or none at all) meaning standard input.
fn sources(files: &[PathBuf]) -> Vec<Source> {
    if files.is_empty() {
        return vec![Source::Stdin];
    }
    files
        .iter()
        .map(|f| {
            if f.as_os_str() == "-" {
                Source::Stdin
            } else {
                Source::Path(f.clone())
            }
        })
        .collect()
}

/// The name of an input in messages (escaped).
pub(super) fn shown(source: &Source) -> String {
    match source {
        Source::Stdin => "<stdin>".to_string(),
        Source::Path(p) => message::path(p),
    }
}

/// Total size of the inputs, when all are non-empty regular files.
fn total_size(sources: &[Source]) -> Option<u64> {
    sources.iter().try_fold(0u64, |sum, s| match s {
        Source::Path(p) => {
            let meta = std::fs::metadata(p).ok()?;
            (meta.is_file() && meta.len() > 0).then(|| sum + meta.len())
        }
        Source::Stdin => None,
    })
}

/// Prints a usage error the way clap prints its own, and gives status 2.
fn usage(kind: ErrorKind, msg: &str) -> Status {
    print_clap(&parser().error(kind, msg));
    Status::Usage
}

/// The clap command that parses arguments: unstyled, so that what clap
/// renders holds no escape sequence but those of the arguments it quotes,
/// which [`print_clap`] then escapes.
fn parser() -> clap::Command {
    Args::command().styles(clap::builder::Styles::plain())
}

/// Prints what clap has to say: help and version as clap prints them; an
/// error, which quotes arguments, escaped like all of wenc's messages (so
/// no control character in an argument reaches the terminal).
fn print_clap(e: &clap::Error) {
    if !e.use_stderr() {
        let _ = e.print();
        return;
    }
    let text = e.render().ansi().to_string();
    let mut err = io::stderr().lock();
    let _ = err.write_all(message::escape_lines(&text).as_bytes());
}

/// Writes `bytes` to standard output; a closed pipe is not an error.
pub(super) fn print_stdout(bytes: &[u8]) -> Status {
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Status::Success,
        Err(e) => write_failure(&e, || {
            message::eprintln_line(&format!("wenc: {}", message::stdout_write_error(&e)));
        })
        .status(Status::Success),
    }
}

/// The one rule for a failed write: a closed pipe (standard output, or -o
/// naming one: /dev/stdout, a FIFO) means its reader went away, and wenc
/// stops quietly, as `cat` does; any other failure is reported.
fn write_failure(e: &io::Error, report: impl FnOnce()) -> Outcome {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return Outcome::Closed;
    }
    report();
    Outcome::OutputFailed
}

/// What to print if a mapped input shrinks while it is read.
pub(super) fn bus_message(name: &str) -> String {
    format!("wenc: {name}: the file changed (was it truncated?) while it was being read\n")
}

pub(super) fn open_error(e: &OpenError) -> String {
    match e {
        OpenError::Directory => "is a directory".to_string(),
        OpenError::NotRegular => {
            "not a regular file: --in-place only replaces regular files".to_string()
        }
        OpenError::Io(e) => message::io_error(e),
    }
}

/// A validated conversion or check.
#[derive(Clone)]
pub(super) struct Job {
    pub(super) settings: Settings,
    /// The -f label as given, for messages about the replacement encoding.
    pub(super) from_label: String,
    pub(super) check: bool,
    pub(super) add_bom: bool,
    pub(super) output: Option<PathBuf>,
    parallelism: Parallelism,
    guard: Guard,
    /// -f auto: each input's encoding is sniffed (settings.from stands in).
    auto: bool,
    /// --hint, for -f auto and for the hint in malformed-input messages.
    hint: Option<Hint>,
    /// The stricter set iconv users read the -t label as (see module `strict`).
    stricter: Option<strict::Stricter>,
}

/// How converting one input ended.
pub(super) enum Outcome {
    Done,
    Failed,
    /// The input could not be opened or read (reported): to standard
    /// output, the other inputs are still converted, as `cat` does.
    Unreadable,
    /// Writing the output failed (reported): nothing more can be written.
    OutputFailed,
    /// Standard output was closed by its reader: stop quietly.
    Closed,
}

impl Outcome {
    /// The status once writing stopped with this outcome (`so_far` before
    /// it): a closed pipe changes nothing.
    fn status(self, so_far: Status) -> Status {
        match self {
            Outcome::Closed => so_far,
            _ => Status::Failure,
        }
    }
}

impl Job {
    fn run(&self, sources: &[Source], reporter: &mut Reporter) -> Status {
        let mut output = if self.check {
            None
        } else {
            match &self.output {
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
        let mut discard = io::sink();
        let mut watch = strict::Watch::new(
            match &mut output {
                Some(o) => o,
                None => &mut discard,
            },
            self.stricter.clone(),
        );
        let sink: &mut dyn Write = &mut watch;
        if self.add_bom {
            if let Some(bom) = convert::bom_bytes(self.settings.to) {
                if let Err(e) = sink.write_all(bom) {
                    return self.write_failure(&e, reporter).status(Status::Success);
                }
            }
        }
        let mut failed = false;
        let mut output_broken = false;
        let mut done_before = 0u64;
        for source in sources {
            match self.convert_one(source, sink, reporter, done_before) {
                (Outcome::Done, n) => done_before += n,
                (Outcome::Failed, n) => {
                    failed = true;
                    done_before += n;
                    if !self.check {
                        break;
                    }
                }
                (Outcome::Unreadable, n) => {
                    failed = true;
                    done_before += n;
                    if !self.check && self.output.is_some() {
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
        if output_broken || (failed && self.output.is_some()) {
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
                    reporter.error(&match (&e, &self.output) {
                        (OutputError::Write(io), None) => self.write_error_message(io),
                        (_, Some(path)) => output_error(&e, path),
                        (_, None) => e.to_string(),
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

    /// [`write_failure`] for a write to the output, reported as such.
    fn write_failure(&self, e: &io::Error, reporter: &Reporter) -> Outcome {
        write_failure(e, || reporter.error(&self.write_error_message(e)))
    }

    /// Converts (or checks) one input into `sink`; also returns its size.
    pub(super) fn convert_one(
        &self,
        source: &Source,
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
        self.convert_opened(&mut input, &name, sink, reporter, done_before)
    }

    /// [`convert_input`](Job::convert_input), choosing the encoding first
    /// with `-f auto`.
    pub(super) fn convert_opened(
        &self,
        input: &mut Input,
        name: &str,
        sink: &mut dyn Write,
        reporter: &mut Reporter,
        done_before: u64,
    ) -> (Outcome, u64) {
        if self.auto {
            return match auto::choose(input, self.hint) {
                Ok((from, note)) => {
                    reporter.note(&format!("{name}: {note}"));
                    let mut job = self.clone();
                    job.settings.from = from;
                    job.convert_input(input, name, sink, reporter, done_before)
                }
                Err(msg) => {
                    reporter.error(&format!("{name}: {msg}"));
                    (Outcome::Failed, 0)
                }
            };
        }
        input.keep_head(detect::SNIFF_LIMIT);
        self.convert_input(input, name, sink, reporter, done_before)
    }

    /// Converts (or checks) one opened input into `sink`; also returns its size.
    fn convert_input(
        &self,
        input: &mut Input,
        name: &str,
        sink: &mut dyn Write,
        reporter: &mut Reporter,
        done_before: u64,
    ) -> (Outcome, u64) {
        let mut size = 0;
        let mut utf8 = Utf8Evidence::new();
        let watch = self.guard.watches(self.settings.from) && !self.check;
        let (summary, result) = input.convert_watched(
            self.settings,
            self.parallelism,
            sink,
            &mut |n| {
                size = n;
                reporter.progress(done_before + n);
            },
            &mut |bytes| {
                if watch {
                    utf8.feed(bytes)
                }
            },
        );
        utf8.finish();
        match result {
            Ok(()) => {
                match self.guard.verdict(name, &summary, &utf8) {
                    Verdict::Refuse(why) => {
                        reporter.error(&why);
                        return (Outcome::Failed, size);
                    }
                    Verdict::Warn(why) => reporter.warn(&why),
                    Verdict::Fine => {}
                }
                if let Some(mut warning) = self.warning(name, &summary) {
                    if summary.malformed > 0 {
                        warning.push_str(&self.mismatch_hint(input, summary.input_encoding));
                    }
                    reporter.warn(&warning);
                }
                (Outcome::Done, size)
            }
            Err(ConvertError::Write(e)) => (self.write_failure(&e, reporter), size),
            Err(e @ ConvertError::Read(_)) => {
                reporter.error(&self.error(name, &e, &summary));
                (Outcome::Unreadable, size)
            }
            Err(e) => {
                let mut msg = self.error(name, &e, &summary);
                if let ConvertError::Malformed(m) = &e {
                    msg.push_str(&self.mismatch_hint(input, m.encoding));
                }
                reporter.error(&msg);
                (Outcome::Failed, size)
            }
        }
    }

    /// "; it looks like X: try -f x or -f auto" for an input with malformed
    /// sequences that the detector is confident is in another encoding.
    fn mismatch_hint(&self, input: &Input, used: &'static Encoding) -> String {
        if used == REPLACEMENT {
            return String::new();
        }
        let (head, complete) = input.head();
        auto::mismatch_hint(head, complete, used, self.hint).unwrap_or_default()
    }
}
