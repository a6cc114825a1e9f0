//! The `wenc` command, in three kinds of rooms, each using only those
//! before it:
//!
//! - [`interface`]: the arguments ([`Args::command`] is the clap definition
//!   that also renders the man page and the completions, checked by
//!   tests/it/generated_docs.rs), the long documentation they share
//!   ([`docs`]), and the names of encodings;
//! - [`plan`]: the arguments validated into a [`plan::Plan`], or a
//!   [`plan::Stop`] saying why not;
//! - [`work`]: converting, in place, sniffing, listing.
//!
//! Beside them: [`report`], the wording of every message, fed by small
//! values; [`message`], which escapes what reaches a terminal; and
//! [`status`], how a run ends. [`run`] only dispatches.

mod interface;
mod message;
mod plan;
mod report;
mod status;
mod work;

pub use interface::args::{Args, Mode};
pub use interface::{completions, docs};
pub use status::Status;
/// The "converted already" guard, for the fuzz target that runs the guards.
pub use work::guard::misread;
/// What a second run would make of converted output, for the same target.
pub use work::read_back::ReadBack;

use plan::Plan;
use std::process::ExitCode;
use work::progress::Reporter;
use work::{convert, inplace, sniff};

/// Runs wenc on the process's arguments.
pub fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        // A mapped input truncated under us, read twice: that input's
        // failure, caught around its conversion (or, without unwinding,
        // the end of the run with its message).
        if crate::io::any_shrank() {
            if cfg!(panic = "unwind") {
                return;
            }
            crate::io::signals::bus_exit();
        }
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
    run(std::env::args_os().collect()).into()
}

/// Runs wenc on `args` (the first is the program name).
pub fn run(args: Vec<std::ffi::OsString>) -> Status {
    match plan::plan(args) {
        Err(stop) => stop.print(),
        Ok(Plan::List(text)) => status::print_stdout(text.as_bytes()),
        Ok(Plan::Sniff {
            sources,
            hint,
            json,
        }) => sniff::run(&sources, hint, json),
        Ok(Plan::Convert(job)) => {
            let f = job.feedback;
            let mut reporter = Reporter::new(f.total, f.forced, f.quiet, f.output_on_terminal);
            let status = if job.in_place {
                inplace::run(*job, &mut reporter)
            } else {
                convert::run(&job, &mut reporter)
            };
            reporter.finish();
            status
        }
        Ok(Plan::Tree(options)) => work::tree::run(&options),
    }
}
