//! Progress on standard error (indicatif), and messages that do not garble it.
//! When standard error is not a terminal (a log file), --progress writes
//! plain lines instead of redrawing a bar: no `\r`, no escape sequences, and
//! a last line at the end.

use crate::cli::message;
use indicatif::{BinaryBytes, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

/// How often --progress writes a line when standard error is not a terminal.
const LINE_EVERY: Duration = Duration::from_secs(1);

/// How long a conversion runs before the automatic bar appears.
const SHOW_AFTER: Duration = Duration::from_millis(700);

/// Owns standard error for the run: the progress bar, warnings, errors.
pub struct Reporter {
    bar: Option<ProgressBar>,
    /// --progress without a terminal: plain lines.
    lines: Option<Lines>,
    /// When the automatic bar is due to appear (`None`: shown or never).
    show_at: Option<Instant>,
    quiet: bool,
}

impl Reporter {
    /// `total`: the input size when known. `forced`: --progress.
    /// `output_on_terminal`: the converted text itself goes to the terminal
    /// (then it shows the progress, and a bar would only garble it).
    pub fn new(
        total: Option<u64>,
        forced: bool,
        quiet: bool,
        output_on_terminal: bool,
    ) -> Reporter {
        let automatic =
            !quiet && total.is_some() && io::stderr().is_terminal() && !output_on_terminal;
        if !forced && !automatic {
            return Reporter {
                bar: None,
                lines: None,
                show_at: None,
                quiet,
            };
        }
        if forced && !io::stderr().is_terminal() {
            return Reporter {
                bar: None,
                lines: Some(Lines {
                    total,
                    done: 0,
                    next_at: Instant::now() + LINE_EVERY,
                }),
                show_at: None,
                quiet,
            };
        }
        let bar = match total {
            Some(total) => ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden())
                .with_style(
                    ProgressStyle::with_template(
                        "{elapsed_precise} [{wide_bar}] {binary_bytes}/{binary_total_bytes} \
                         ({binary_bytes_per_sec}, {eta} left)",
                    )
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
                ),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()).with_style(
                ProgressStyle::with_template(
                    "{spinner} {elapsed_precise} {binary_bytes} ({binary_bytes_per_sec})",
                )
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            ),
        };
        let show_at = if forced {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            None
        } else {
            Some(Instant::now() + SHOW_AFTER)
        };
        Reporter {
            bar: Some(bar),
            lines: None,
            show_at,
            quiet,
        }
    }

    /// All inputs together have reached `done` bytes.
    pub fn progress(&mut self, done: u64) {
        if let Some(lines) = &mut self.lines {
            lines.done = done;
            if Instant::now() >= lines.next_at {
                lines.next_at = Instant::now() + LINE_EVERY;
                message::eprintln_line(&lines.line());
            }
            return;
        }
        let Some(bar) = &self.bar else { return };
        bar.set_position(done);
        if let Some(at) = self.show_at {
            if Instant::now() >= at {
                bar.set_draw_target(ProgressDrawTarget::stderr());
                self.show_at = None;
            }
        }
    }

    /// A warning (suppressed by -q).
    pub fn warn(&self, text: &str) {
        if !self.quiet {
            self.line(&format!("wenc: warning: {text}"));
        }
    }

    /// A note that is not a warning, such as the --in-place summary or what
    /// -f auto chose (suppressed by -q).
    pub fn note(&self, text: &str) {
        if !self.quiet {
            self.line(&format!("wenc: {text}"));
        }
    }

    /// An error message.
    pub fn error(&self, text: &str) {
        self.line(&format!("wenc: {text}"));
    }

    fn line(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| message::eprintln_line(line)),
            None => message::eprintln_line(line),
        }
    }

    /// Removes the bar, or writes the last plain line.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
        if let Some(lines) = &self.lines {
            message::eprintln_line(&lines.line());
        }
    }
}

/// Plain progress lines: `wenc: progress: 3.00 MiB of 12.00 MiB (25%)`.
struct Lines {
    total: Option<u64>,
    done: u64,
    /// When the next line is due.
    next_at: Instant,
}

impl Lines {
    fn line(&self) -> String {
        match self.total {
            Some(total) if total > 0 => format!(
                "wenc: progress: {} of {} ({}%)",
                BinaryBytes(self.done),
                BinaryBytes(total),
                self.done.min(total) * 100 / total
            ),
            _ => format!("wenc: progress: {}", BinaryBytes(self.done)),
        }
    }
}
