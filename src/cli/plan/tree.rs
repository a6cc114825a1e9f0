//! From the command line to a tree run (`work::tree`): which task, which
//! files, how many threads.

use super::Stop;
use crate::cli::interface::args::Args;
use crate::cli::work::tree::{Options, Plan, Task};
use crate::codec::Encoding;
use crate::convert::ErrorMode;
use crate::detect::Hint;
use crate::io::walk::WalkOptions;
use clap::error::ErrorKind;

/// `--sniff -r`.
pub fn sniff(args: &Args, hint: Option<Hint>) -> Result<Options, Stop> {
    let plan = Plan {
        task: Task::Sniff,
        from: None,
        to: crate::codec::UTF_8,
        mode: ErrorMode::Fatal,
        hint,
        keep_declaration: true,
        force: false,
    };
    options(args, plan)
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
) -> Result<Options, Stop> {
    let task = match (args.in_place, args.check) {
        (true, _) => Task::Convert,
        (false, true) => Task::Check,
        _ => return Err(usage("-r goes with -i, --sniff or --check")),
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
    options(args, plan)
}

fn options(args: &Args, plan: Plan) -> Result<Options, Stop> {
    let roots = args.files.clone();
    if roots.is_empty() || roots.iter().any(|r| r.as_os_str() == "-") {
        return Err(usage(
            "-r walks FILEs: name at least one directory (standard input cannot be walked)",
        ));
    }
    let jobs = args
        .jobs
        .map(|j| j as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    Ok(Options {
        roots,
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
    })
}

fn usage(text: &str) -> Stop {
    Stop::Usage(ErrorKind::ArgumentConflict, text.to_string())
}
