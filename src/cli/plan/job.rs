//! A validated conversion or check: everything `work/` needs to run it.

use crate::cli::report::Wording;
use crate::cli::work::guard::Guard;
use crate::cli::work::strict::Stricter;
use crate::convert::{Parallelism, Settings};
use crate::detect::Hint;
use crate::io::Origin;
use std::path::PathBuf;

/// A validated conversion or check.
#[derive(Clone)]
pub struct Job {
    pub sources: Vec<Origin>,
    pub settings: Settings,
    /// The -f label as given, for messages about the replacement encoding.
    pub from_label: String,
    pub check: bool,
    pub add_bom: bool,
    /// -o's file (`None`: standard output); in place, the file at hand.
    pub output: Option<PathBuf>,
    pub in_place: bool,
    pub parallelism: Parallelism,
    pub guard: Guard,
    /// -f auto: each input's encoding is sniffed (settings.from stands in).
    pub auto: bool,
    /// --hint, for -f auto and for the hint in malformed-input messages.
    pub hint: Option<Hint>,
    /// The stricter set iconv users read the -t label as (see module `strict`).
    pub stricter: Option<Stricter>,
    /// The same for the -f label, with --check.
    pub stricter_input: Option<Stricter>,
    pub feedback: Feedback,
    /// --keep-declaration: no rewriting (see module `work::declared`).
    pub keep_declaration: bool,
}

/// What the progress reporter needs to know.
#[derive(Clone, Copy)]
pub struct Feedback {
    /// The inputs' total size, when all are non-empty regular files.
    pub total: Option<u64>,
    /// --progress.
    pub forced: bool,
    pub quiet: bool,
    /// The converted text itself goes to a terminal.
    pub output_on_terminal: bool,
}

impl Job {
    /// What the messages about this job need.
    pub fn wording(&self) -> Wording<'_> {
        Wording {
            from_label: &self.from_label,
            from: self.settings.from,
            mode: self.settings.mode,
            check: self.check,
            output: self.output.as_deref(),
        }
    }
}
