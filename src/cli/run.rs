//! Running the command: parse, validate, then list, sniff, check or convert.

use super::args::{Args, Mode};
use super::labels::{self, Direction};
use super::message;
use super::progress::Reporter;
use super::{list, options, strict, Status};
use crate::codec::{bom_sniff, Encoding, REPLACEMENT};
use crate::convert::{self, ConvertError, Converter, ErrorMode, Parallelism, Settings, Summary};
use crate::io::{self as wio, Input, OpenError, Output, OutputError, Source};
use clap::error::ErrorKind;
use clap::parser::ValueSource;
use clap::FromArgMatches;
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Runs wenc with these command-line arguments (the first is the program).
pub fn run(args: Vec<OsString>) -> Status {
    let matches = match Args::command().try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
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
            let _ = e.print();
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
    let sources = sources(&args.files);
    if args.sniff {
        return sniff(&sources);
    }

    let (from, to) = match (
        labels::resolve(&args.from, Direction::From),
        labels::resolve(&args.to, Direction::To),
    ) {
        (Ok(from), Ok(to)) => (from, to),
        (Err(msg), _) | (_, Err(msg)) => return usage(ErrorKind::InvalidValue, &msg),
    };
    if !args.quiet {
        for note in from.note.iter().chain(&to.note) {
            message::eprintln_line(&format!("wenc: note: {note}"));
        }
    }
    let stricter = strict::stricter(&args.to, to.encoding);
    let (from, to) = (from.encoding, to.encoding);
    if !to.can_encode() {
        let msg = format!(
            "'{}' for -t names the replacement encoding, which has no encoder: wenc can read it \
             (-f) but not write it",
            message::escape(args.to.trim())
        );
        return usage(ErrorKind::InvalidValue, &msg);
    }
    if args.add_bom && convert::bom_bytes(to).is_none() {
        let msg = format!(
            "--add-bom needs UTF-8, UTF-16LE or UTF-16BE output; {} has no byte order mark",
            to.name()
        );
        return usage(ErrorKind::ArgumentConflict, &msg);
    }
    if args.check && explicit("errors") && args.errors != Mode::Fatal {
        return usage(
            ErrorKind::ArgumentConflict,
            "--check stops at the first malformed sequence or unrepresentable character; \
             -e replacement and -e html do not apply to it",
        );
    }
    let mode = match (args.check, args.errors) {
        (true, _) | (_, Mode::Fatal) => ErrorMode::Fatal,
        (_, Mode::Replacement) => ErrorMode::Replacement,
        (_, Mode::Html) => ErrorMode::Html,
        (_, Mode::Subst) => ErrorMode::Subst(args.subst_char.unwrap_or('?')),
    };
    if let Err(msg) = options::check_subst(args.subst_char, mode, to) {
        return usage(ErrorKind::ArgumentConflict, &msg);
    }
    let job = Job {
        settings: Settings {
            from,
            to,
            mode,
            sniff_bom: !args.ignore_bom,
            write_output: !args.check,
            transform: options::transform(args.eol, args.normalize),
        },
        from_label: args.from.trim().to_string(),
        check: args.check,
        add_bom: args.add_bom,
        output: args.output.filter(|p| p.as_os_str() != "-"),
        parallelism: parallelism(args.jobs, args.piece_size),
        stricter: stricter.filter(|_| !args.quiet),
    };
    let total = total_size(&sources);
    let output_on_terminal = job.output.is_none() && !job.check && io::stdout().is_terminal();
    let mut reporter = Reporter::new(total, args.progress, args.quiet, output_on_terminal);
    let status = job.run(&sources, &mut reporter);
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
fn shown(source: &Source) -> String {
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
    let _ = Args::command().error(kind, msg).print();
    Status::Usage
}

/// Writes `bytes` to standard output; a closed pipe is not an error.
fn print_stdout(bytes: &[u8]) -> Status {
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Status::Success,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Status::Success,
        Err(e) => {
            message::eprintln_line(&format!(
                "wenc: error writing to standard output: {}",
                message::io_error(&e)
            ));
            Status::Failure
        }
    }
}

/// `--sniff`: one line per input naming its BOM.
fn sniff(sources: &[Source]) -> Status {
    let terminal = io::stdout().is_terminal();
    let mut status = Status::Success;
    let mut out = Vec::new();
    for source in sources {
        let name = match source {
            Source::Stdin => b"<stdin>".to_vec(),
            Source::Path(p) if terminal => message::path(p).into_bytes(),
            Source::Path(p) => message::os_bytes(p.as_os_str()),
        };
        let verdict = match wio::read_prefix(source, 3) {
            Ok(bytes) => match bom_sniff(&bytes) {
                Some((encoding, _)) => encoding.name().to_string(),
                None => "no BOM".to_string(),
            },
            Err(e) => {
                status = Status::Failure;
                format!("cannot read: {}", open_error(&e))
            }
        };
        out.extend_from_slice(&name);
        out.extend_from_slice(b": ");
        out.extend_from_slice(verdict.as_bytes());
        out.push(b'\n');
    }
    match print_stdout(&out) {
        Status::Success => status,
        other => other,
    }
}

fn open_error(e: &OpenError) -> String {
    match e {
        OpenError::Directory => "is a directory".to_string(),
        OpenError::Io(e) => message::io_error(e),
    }
}

/// A validated conversion or check.
struct Job {
    settings: Settings,
    /// The -f label as given, for messages about the replacement encoding.
    from_label: String,
    check: bool,
    add_bom: bool,
    output: Option<PathBuf>,
    parallelism: Parallelism,
    /// The stricter set iconv users read the -t label as (see module `strict`).
    stricter: Option<strict::Stricter>,
}

/// How converting one input ended.
enum Outcome {
    Done,
    Failed,
    /// Writing the output failed (reported): nothing more can be written.
    OutputFailed,
    /// Standard output was closed by its reader: stop quietly.
    Closed,
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
                    return self.write_failed(&e, reporter);
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
            Err(OutputError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => status,
            Err(e) => {
                let msg = match (&e, &self.output) {
                    (OutputError::Write(io), None) => self.write_error_message(io),
                    (_, Some(path)) => output_error(&e, path),
                    (_, None) => e.to_string(),
                };
                reporter.error(&msg);
                Status::Failure
            }
        }
    }

    fn write_failed(&self, e: &io::Error, reporter: &Reporter) -> Status {
        if e.kind() == io::ErrorKind::BrokenPipe && self.output.is_none() {
            return Status::Success;
        }
        reporter.error(&self.write_error_message(e));
        Status::Failure
    }

    fn write_error_message(&self, e: &io::Error) -> String {
        match &self.output {
            None => format!("error writing to standard output: {}", message::io_error(e)),
            Some(p) => format!(
                "error writing to {}: {}",
                message::path(p),
                message::io_error(e)
            ),
        }
    }

    /// Converts (or checks) one input into `sink`; also returns its size.
    fn convert_one(
        &self,
        source: &Source,
        sink: &mut dyn Write,
        reporter: &mut Reporter,
        done_before: u64,
    ) -> (Outcome, u64) {
        let name = shown(source);
        let bus =
            format!("wenc: {name}: the file changed (was it truncated?) while it was being read\n");
        let mut input = match Input::open(source, &bus) {
            Ok(i) => i,
            Err(e) => {
                reporter.error(&format!("{name}: cannot open: {}", open_error(&e)));
                return (Outcome::Failed, 0);
            }
        };
        let mut converter = Converter::new(self.settings).with_parallelism(self.parallelism);
        let mut size = 0;
        let result = input.convert(&mut converter, sink, &mut |n| {
            size = n;
            reporter.progress(done_before + n);
        });
        let summary = converter.summary();
        match result {
            Ok(summary) => {
                if let Some(warning) = self.warning(&name, &summary) {
                    reporter.warn(&warning);
                }
                (Outcome::Done, size)
            }
            Err(ConvertError::Write(e)) => {
                if e.kind() == io::ErrorKind::BrokenPipe && self.output.is_none() {
                    return (Outcome::Closed, size);
                }
                reporter.error(&self.write_error_message(&e));
                (Outcome::OutputFailed, size)
            }
            Err(e) => {
                reporter.error(&self.error(&name, &e, &summary));
                (Outcome::Failed, size)
            }
        }
    }

    /// The message for a conversion error other than a failed write.
    fn error(&self, name: &str, e: &ConvertError, summary: &Summary) -> String {
        match e {
            ConvertError::Malformed(m) if m.encoding == REPLACEMENT => format!(
                "{name}: '{}' names the replacement encoding, which decodes any input to a \
                 single U+FFFD: with -e fatal{} that is an error",
                message::escape(&self.from_label),
                if self.check { " (and --check)" } else { "" }
            ),
            ConvertError::Malformed(m) => format!(
                "{name}: malformed {}{} input at byte offset {} (0-based), {}: bytes {}",
                m.encoding,
                self.bom_note(m.encoding),
                m.offset,
                m.position,
                m.hex()
            ),
            ConvertError::Unmappable(u) => {
                let mut msg = format!(
                    "{name}: {} at {} cannot be represented in {}",
                    message::describe_char(u.ch),
                    u.position,
                    u.encoding
                );
                // Only a replacement before the character counts: how far
                // decoding has run ahead of encoding depends on buffer sizes.
                let earlier = summary.first_malformed.filter(|m| {
                    (m.position.line, m.position.column) <= (u.position.line, u.position.column)
                });
                match earlier {
                    Some(first) if u.ch == '\u{FFFD}' => msg.push_str(&format!(
                        " (U+FFFD replaced malformed input; the first at byte offset {} \
                         (0-based), {}; -e fatal stops there)",
                        first.offset, first.position
                    )),
                    _ if !self.check => {
                        msg.push_str(&format!(
                            "; -e html writes it as &#{};, -e subst as ?",
                            u.ch as u32
                        ));
                    }
                    _ => {}
                }
                msg
            }
            ConvertError::Read(e) => format!("{name}: read error: {}", message::io_error(e)),
            ConvertError::Write(e) => self.write_error_message(e),
            ConvertError::Internal(what) => {
                format!("{name}: internal error ({what}); please report this as a bug")
            }
        }
    }

    /// " (from its BOM)" when a BOM chose another encoding than -f.
    fn bom_note(&self, used: &'static Encoding) -> &'static str {
        if used != self.settings.from {
            " (named by its byte order mark)"
        } else {
            ""
        }
    }

    /// The one warning for an input that had replacements, if it had any.
    fn warning(&self, name: &str, s: &Summary) -> Option<String> {
        let mut parts = Vec::new();
        if s.input_encoding == REPLACEMENT && s.malformed > 0 {
            parts.push(format!(
                "the input was replaced by a single U+FFFD: '{}' names the replacement encoding, \
                 which the Encoding Standard decodes this way",
                message::escape(&self.from_label)
            ));
        } else if let (n @ 1.., Some(m)) = (s.malformed, &s.first_malformed) {
            parts.push(format!(
                "{n} malformed {} in {}{} input replaced with U+FFFD; the first at byte offset {} \
                 (0-based), {}: bytes {}",
                plural(n, "sequence", "sequences"),
                m.encoding,
                self.bom_note(m.encoding),
                m.offset,
                m.position,
                m.hex()
            ));
        }
        if let (n @ 1.., Some(u)) = (s.unmappable, &s.first_unmappable) {
            let written_as = match self.settings.mode {
                ErrorMode::Subst(c) => format!("'{}'", message::escape(c.encode_utf8(&mut [0; 4]))),
                _ => "&#N; references".to_string(),
            };
            parts.push(format!(
                "{n} {} not representable in {} written as {written_as}; the first {} at {}",
                plural(n, "character", "characters"),
                u.encoding,
                message::describe_char(u.ch),
                u.position
            ));
        }
        if parts.is_empty() {
            None
        } else {
            Some(format!("{name}: {}", parts.join("; ")))
        }
    }
}

fn plural(n: u64, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// The message for an output that could not be prepared or completed.
fn output_error(e: &OutputError, target: &Path) -> String {
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
        OutputError::Persist { source, .. } => {
            format!("{target}: cannot replace it: {}", message::io_error(source))
        }
    }
}
