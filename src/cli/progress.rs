//! Progress on standard error (indicatif), and messages that do not garble it.

use super::message;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};
use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// How long a conversion runs before the automatic bar appears.
const SHOW_AFTER: Duration = Duration::from_millis(700);

/// Owns standard error for the run: the progress bar, warnings, errors.
pub struct Reporter {
    bar: Option<ProgressBar>,
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
            let target = if io::stderr().is_terminal() {
                ProgressDrawTarget::stderr()
            } else {
                ProgressDrawTarget::term_like_with_hz(Box::new(Stderr), 10)
            };
            bar.set_draw_target(target);
            None
        } else {
            Some(Instant::now() + SHOW_AFTER)
        };
        Reporter {
            bar: Some(bar),
            show_at,
            quiet,
        }
    }

    /// All inputs together have reached `done` bytes.
    pub fn progress(&mut self, done: u64) {
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

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Standard error as a terminal, for --progress when it is not one.
#[derive(Debug)]
struct Stderr;

impl TermLike for Stderr {
    fn width(&self) -> u16 {
        80
    }
    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        if n > 0 {
            write!(io::stderr(), "\x1b[{n}A")?;
        }
        Ok(())
    }
    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        if n > 0 {
            write!(io::stderr(), "\x1b[{n}B")?;
        }
        Ok(())
    }
    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        if n > 0 {
            write!(io::stderr(), "\x1b[{n}C")?;
        }
        Ok(())
    }
    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        if n > 0 {
            write!(io::stderr(), "\x1b[{n}D")?;
        }
        Ok(())
    }
    fn write_line(&self, s: &str) -> io::Result<()> {
        writeln!(io::stderr(), "{s}")
    }
    fn write_str(&self, s: &str) -> io::Result<()> {
        write!(io::stderr(), "{s}")
    }
    fn clear_line(&self) -> io::Result<()> {
        write!(io::stderr(), "\r\x1b[2K")
    }
    fn flush(&self) -> io::Result<()> {
        io::stderr().flush()
    }
}
