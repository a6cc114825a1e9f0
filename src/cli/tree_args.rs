//! From the command line to a tree run (module `tree`): which task, which
//! files, how many threads.

use super::args::Args;
use super::message;
use super::tree::{self, Options, Plan, Task};
use super::Status;
use crate::codec::Encoding;
use crate::convert::ErrorMode;
use crate::detect::Hint;
use crate::io::walk::WalkOptions;
use std::path::PathBuf;

/// `--sniff -r`.
pub fn sniff(args: &Args, hint: Option<Hint>) -> Status {
    let plan = Plan {
        task: Task::Sniff,
        from: None,
        to: crate::codec::UTF_8,
        mode: ErrorMode::Fatal,
        hint,
        keep_declaration: true,
        force: false,
    };
    start(args, plan)
}

/// `-i -r` and `--check -r`. `from` is `None` for `-f auto`. Without an
/// explicit `-e`, malformed input fails a file (nothing lost).
pub fn convert(
    args: &Args,
    from: Option<&'static Encoding>,
    to: &'static Encoding,
    mode: ErrorMode,
    explicit_errors: bool,
    hint: Option<Hint>,
) -> Status {
    let task = match (args.in_place, args.check) {
        (true, _) => Task::Convert,
        (false, true) => Task::Check,
        _ => return usage("-r goes with -i, --sniff or --check"),
    };
    let plan = Plan {
        task,
        from,
        to,
        mode: if explicit_errors {
            mode
        } else {
            ErrorMode::Fatal
        },
        hint,
        keep_declaration: args.keep_declaration,
        force: args.force,
    };
    start(args, plan)
}

fn start(args: &Args, plan: Plan) -> Status {
    let roots: Vec<PathBuf> = args.files.clone();
    if roots.is_empty() || roots.iter().any(|r| r.as_os_str() == "-") {
        return usage(
            "-r walks FILEs: name at least one directory (standard input cannot be walked)",
        );
    }
    let jobs = args
        .jobs
        .map(|j| j as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let options = Options {
        walk: WalkOptions {
            hidden: args.hidden,
            no_ignore: args.no_ignore,
            globs: args.globs.clone(),
            follow: args.follow,
        },
        plan,
        jobs,
        dry_run: args.dry_run,
        backup: args.backup.clone(),
        json: args.json,
        quiet: args.quiet,
    };
    tree::run(&roots, &options)
}

fn usage(text: &str) -> Status {
    message::eprintln_line(&format!("wenc: error: {text}"));
    Status::Usage
}
