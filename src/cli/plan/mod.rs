//! The plan: the command line validated into what to do ([`Plan`]), or the
//! reason not to ([`Stop`]), as a value; nothing here reads an input.

mod job;
pub mod options;
mod tree;

pub use job::{Feedback, Job};

use crate::cli::interface::args::{Args, Mode};
use crate::cli::interface::historical;
use crate::cli::interface::labels::Resolved;
use crate::cli::message;
use crate::cli::report;
use crate::cli::status::Status;
use crate::cli::work::guard::{Guard, Refusal};
use crate::cli::work::{list, strict};
use crate::codec::UTF_8;
use crate::convert::{self, ErrorMode, Parallelism, Settings};
use crate::detect::Hint;
use crate::io::Origin;
use clap::error::ErrorKind;
use clap::parser::ValueSource;
use clap::{ArgMatches, FromArgMatches};
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

/// What the command line asks for.
pub enum Plan {
    /// `-l`: print this listing.
    List(String),
    /// `--sniff`: name the encoding of each input.
    Sniff {
        sources: Vec<Origin>,
        hint: Option<Hint>,
        json: bool,
    },
    /// Convert or check (`-i`: each file in place).
    Convert(Box<Job>),
    /// `-r`: --sniff, --check or -i over whole trees.
    Tree(Box<crate::cli::work::tree::Options>),
}

/// Why there is no plan: what to print, and so the status.
pub enum Stop {
    /// clap's own answer: help, version (status 0) or a parse error (2).
    Clap(clap::Error),
    /// A usage error of wenc's own (status 2).
    Usage(ErrorKind, String),
    /// Refused before any input was converted (status 1).
    Failure(String),
}

impl Stop {
    /// Prints why, and gives the status.
    pub fn print(&self) -> Status {
        match self {
            Stop::Clap(e) => {
                print_clap(e);
                if e.use_stderr() {
                    Status::Usage
                } else {
                    Status::Success
                }
            }
            Stop::Usage(kind, msg) => {
                print_clap(&parser(&[]).error(*kind, msg));
                Status::Usage
            }
            Stop::Failure(msg) => {
                message::eprintln_line(&format!("wenc: {msg}"));
                Status::Failure
            }
        }
    }
}

/// The plan for these command-line arguments (the first is the program).
pub fn plan(args: Vec<OsString>) -> Result<Plan, Stop> {
    let matches = parser(&args)
        .try_get_matches_from(args)
        .map_err(Stop::Clap)?;
    let args = Args::from_arg_matches(&matches).map_err(Stop::Clap)?;
    if args.iconv_omit_invalid {
        return Err(Stop::Usage(
            ErrorKind::UnknownArgument,
            report::ICONV_C.into(),
        ));
    }
    if args.list_labels {
        return listing(&args).map(Plan::List);
    }
    if args.json && !args.sniff && !(args.recursive && args.in_place) {
        return Err(usage(ErrorKind::ArgumentConflict, report::JSON_ALONE));
    }
    let hint = match args.hint.as_deref().map(|h| (h, Hint::parse(h))) {
        Some((_, Some(hint))) => Some(hint),
        Some((text, None)) => {
            return Err(usage(ErrorKind::InvalidValue, &report::unknown_hint(text)))
        }
        None => None,
    };
    if args.recursive && args.sniff {
        return tree::sniff(&args, hint).map(|o| Plan::Tree(Box::new(o)));
    }
    let sources = sources(&args.files);
    if args.sniff {
        let json = args.json;
        return Ok(Plan::Sniff {
            sources,
            hint,
            json,
        });
    }
    job(&args, &matches, sources, hint)
}

/// The text of `-l`, `-l --json` or `-l LABEL...`.
fn listing(args: &Args) -> Result<String, Stop> {
    if args.files.is_empty() {
        return Ok(if args.json {
            list::json()
        } else {
            list::text()
        });
    }
    // The LABELs of `wenc -l LABEL...` come where FILEs go.
    let given: Vec<String> = args
        .files
        .iter()
        .map(|f| f.to_string_lossy().into_owned())
        .collect();
    list::describe(&given, args.json).map_err(|msg| usage(ErrorKind::InvalidValue, &msg))
}

/// A conversion or check, validated.
fn job(
    args: &Args,
    matches: &ArgMatches,
    sources: Vec<Origin>,
    hint: Option<Hint>,
) -> Result<Plan, Stop> {
    let explicit = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
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
    let stricter_input = strict::stricter(&args.from.given, from.encoding);
    let (from, to) = (from.encoding, to.encoding);
    if !to.can_encode() {
        let hint = report::encode_hint(&args.to.given);
        let msg = report::no_encoder(&args.to.given, hint.as_deref());
        return Err(usage(ErrorKind::InvalidValue, &msg));
    }
    if args.add_bom && convert::bom_bytes(to).is_none() {
        return Err(usage(ErrorKind::ArgumentConflict, &report::no_bom(to)));
    }
    if args.check && explicit("errors") && args.errors != Mode::Fatal {
        return Err(usage(ErrorKind::ArgumentConflict, report::CHECK_IS_FATAL));
    }
    let mode = match (args.check, args.errors) {
        (true, _) | (_, Mode::Fatal) => ErrorMode::Fatal,
        (_, Mode::Replacement) => ErrorMode::Replacement,
        (_, Mode::Html) => ErrorMode::Html,
        (_, Mode::Subst) => ErrorMode::Subst(args.subst_char.unwrap_or('?')),
    };
    if args.recursive {
        let from = (!auto).then_some(from);
        let errors = explicit("errors");
        return tree::convert(args, from, to, mode, errors, hint).map(|o| Plan::Tree(Box::new(o)));
    }
    let output = args.output.clone().filter(|p| p.as_os_str() != "-");
    let guard = Guard::new(
        &sources,
        output.as_deref(),
        args.in_place,
        explicit("errors") && args.errors != Mode::Fatal,
        args.force,
        auto,
    );
    let to_stdout = output.is_none() && !args.in_place && !args.check;
    match guard.up_front(&sources, from, &args.from.given, to_stdout) {
        Some(Refusal::Usage(msg)) => return Err(usage(ErrorKind::ArgumentConflict, &msg)),
        Some(Refusal::Failure(msg)) => return Err(Stop::Failure(msg)),
        None => {}
    }
    options::check_subst(args.subst_char, mode, to)
        .map_err(|msg| usage(ErrorKind::ArgumentConflict, &msg))?;
    let feedback = Feedback {
        total: total_size(&sources),
        forced: args.progress,
        quiet: args.quiet,
        output_on_terminal: output.is_none()
            && !args.check
            && !args.in_place
            && io::stdout().is_terminal(),
    };
    Ok(Plan::Convert(Box::new(Job {
        sources,
        settings: Settings {
            from,
            to,
            mode,
            sniff_bom: !args.ignore_bom,
            write_output: !args.check,
            transform: options::transform(args.eol, args.normalize),
            utf8_evidence: false,
        },
        from_label: args.from.given.trim().to_string(),
        check: args.check,
        add_bom: args.add_bom,
        output,
        in_place: args.in_place,
        parallelism: parallelism(args.jobs, args.piece_size),
        guard,
        auto,
        hint,
        stricter: stricter.filter(|_| !args.quiet),
        stricter_input: stricter_input.filter(|_| args.check && !args.quiet),
        feedback,
        keep_declaration: args.keep_declaration,
    })))
}

fn usage(kind: ErrorKind, msg: &str) -> Stop {
    Stop::Usage(kind, msg.to_string())
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
fn sources(files: &[PathBuf]) -> Vec<Origin> {
    if files.is_empty() {
        return vec![Origin::Stdin];
    }
    files
        .iter()
        .map(|f| {
            if f.as_os_str() == "-" {
                Origin::Stdin
            } else {
                Origin::Path(f.clone())
            }
        })
        .collect()
}

/// Total size of the inputs, when all are non-empty regular files.
fn total_size(sources: &[Origin]) -> Option<u64> {
    sources.iter().try_fold(0u64, |sum, s| match s {
        Origin::Path(p) => {
            let meta = std::fs::metadata(p).ok()?;
            (meta.is_file() && meta.len() > 0).then(|| sum + meta.len())
        }
        Origin::Stdin => None,
    })
}

/// The clap command that parses arguments: unstyled, so that what clap
/// renders holds no escape sequence but those of the arguments it quotes,
/// which [`print_clap`] then escapes. `args` are the ones it will parse
/// (see [`Args::command_for`]).
fn parser(args: &[OsString]) -> clap::Command {
    Args::command_for(args).styles(clap::builder::Styles::plain())
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
