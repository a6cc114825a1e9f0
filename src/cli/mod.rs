//! The `wenc` command: arguments, messages, progress, exit statuses.
//!
//! [`main`] is all `src/main.rs` calls. [`Args::command`] is the clap
//! definition that also renders the man page and the completions
//! (tests/generated_docs.rs); [`docs`] holds the long documentation they share.

mod args;
mod auto;
pub mod completions;
mod declared;
pub mod docs;
mod guard;
mod historical;
mod inplace;
mod labels;
mod list;
mod message;
mod names;
mod options;
mod progress;
mod report;
mod run;
mod sniff;
mod strict;
mod tree;
mod tree_args;

pub use args::{Args, Mode};

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

/// Runs wenc on the process's arguments.
pub fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        // A bug. Say so in one line, without a backtrace, and leave no
        // temporary file behind (the -o target is untouched).
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()));
        message::eprintln_line(&format!(
            "wenc: internal error: {}{}; please report this bug",
            message::escape(&what),
            place.unwrap_or_default()
        ));
        crate::io::signals::remove_temp_file();
        std::process::exit(Status::Failure as i32);
    }));
    run::run(std::env::args_os().collect()).into()
}

/// Runs wenc on `args` (the first is the program name).
pub fn run(args: Vec<std::ffi::OsString>) -> Status {
    run::run(args)
}
