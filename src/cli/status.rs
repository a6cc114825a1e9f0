//! How a run ends: the exit statuses, how converting one input ended, and
//! the one rule for a failed write (a closed pipe is not an error).

use super::message;
use super::report;
use std::io::{self, Write};
use std::process::ExitCode;

/// Exit statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// 0: success (replacements, with a warning, included).
    Success = 0,
    /// 1: a conversion or I/O error.
    Failure = 1,
    /// 2: a usage error.
    Usage = 2,
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        ExitCode::from(status as u8)
    }
}

/// How converting one input ended.
pub enum Outcome {
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
    pub fn status(self, so_far: Status) -> Status {
        match self {
            Outcome::Closed => so_far,
            _ => Status::Failure,
        }
    }
}

/// The one rule for a failed write: a closed pipe (standard output, or -o
/// naming one: /dev/stdout, a FIFO) means its reader went away, and wenc
/// stops quietly, as `cat` does; any other failure is reported.
pub fn write_failure(e: &io::Error, report: impl FnOnce()) -> Outcome {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return Outcome::Closed;
    }
    report();
    Outcome::OutputFailed
}

/// Writes `bytes` to standard output; a closed pipe is not an error.
pub fn print_stdout(bytes: &[u8]) -> Status {
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Status::Success,
        Err(e) => write_failure(&e, || {
            message::eprintln_line(&format!("wenc: {}", report::stdout_write_error(&e)));
        })
        .status(Status::Success),
    }
}
