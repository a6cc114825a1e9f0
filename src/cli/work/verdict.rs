//! The detector's verdict on an input about to be converted (issue 20):
//! right, or refused. When the output replaces the input (`-i`, `-o` onto
//! an input) the whole file is judged ([`detect::judge`]): `-f auto`
//! converts only what the detector is sure of, and an explicit `-f` the
//! detector is sure is wrong is refused; `--force` converts as told. To
//! standard output or a new file the same findings are warnings, judged
//! from the start of a mapped file only (streams are not held back).
//!
//! A check of its own beside the guards of `guard.rs` (malformed input,
//! "converted already"), which look at the conversion's result.

use super::auto::label_for;
use super::progress::Reporter;
use super::sniff;
use crate::cli::plan::Job;
use crate::cli::report;
use crate::codec::{Encoding, UTF_8};
use crate::detect::{self, Verdict};
use crate::io::Input;
use std::sync::Arc;

/// What to do with one input: `Ok(Some((encoding, note)))` for `-f auto`
/// when the verdict chose the encoding, `Ok(None)` to go on as planned,
/// `Err(())` when it was refused (the error is reported).
pub type Settled = Result<Option<(&'static Encoding, String)>, ()>;

pub fn settle(job: &Job, input: &mut Input, name: &str, reporter: &mut Reporter) -> Settled {
    if job.check || runs_beside(job, input) {
        return Ok(None);
    }
    let replacing = job.guard.replacing;
    let bytes = if replacing {
        match input.peek(usize::MAX, &mut |_| false) {
            Ok((bytes, _)) => bytes,
            Err(_) => return Ok(None), // the conversion reports it
        }
    } else if input.is_mapped() && !job.auto {
        judged_head(input)
    } else {
        return Ok(None); // -f auto's own note says how sure it is
    };
    let (said, settled) = judge(job, bytes, name);
    for message in said {
        match message {
            Said::Warn(text) => reporter.warn(&text),
            Said::Error(text) => reporter.error(&text),
        }
    }
    settled
}

/// Whether the verdict on `input` runs beside its conversion rather than
/// before it: it can only warn (nothing is replaced, the encoding is
/// stated, the file is mapped and judged from its start), the job has
/// threads to spare, and the file is longer than what is judged. Its
/// warnings are then told before the first output byte ([`Pending`]).
fn runs_beside(job: &Job, input: &Input) -> bool {
    !job.check
        && !job.guard.replacing
        && !job.auto
        && job.parallelism.jobs > 1
        && input.is_mapped()
        && input.size().is_some_and(|n| n > detect::SNIFF_LIMIT as u64)
}

/// The start of a mapped input that is judged when nothing is replaced.
fn judged_head(input: &mut Input) -> &[u8] {
    input.keep_head(detect::SNIFF_LIMIT);
    // Cut after a space, where no character of any ASCII-compatible
    // encoding is cut in two, so that the start reads as a whole.
    match input.head() {
        (head, true) => head,
        (head, false) => {
            let end = head.iter().rposition(u8::is_ascii_whitespace);
            &head[..end.map_or(head.len(), |p| p + 1)]
        }
    }
}

/// A message of the verdict, in the order told.
#[derive(Debug, PartialEq, Eq)]
enum Said {
    Warn(String),
    Error(String),
}

/// The verdict on `bytes` (the whole input when replacing, else its
/// start): what to tell, and what to do.
fn judge(job: &Job, bytes: &[u8], name: &str) -> (Vec<Said>, Settled) {
    let stated = (!job.auto).then_some(job.settings.from);
    let refused = job.guard.replacing && !job.guard.force;
    let mut said = Vec::new();
    // The mark decides the decoder, -f or not (the Encoding Standard's
    // decode): a mark that nothing after it bears out is refused first.
    let told = |bom| job.auto || bom != job.settings.from;
    if let Some(bom) =
        detect::doubtful_utf16_bom(bytes).filter(|&b| job.settings.sniff_bom && told(b))
    {
        let message = format!("{name}: {}", report::not_utf16(bom, refused));
        if refused {
            return (vec![Said::Error(message)], Err(()));
        }
        said.push(Said::Warn(message));
    }
    let (verdict, sniffed) = detect::judge(bytes, stated, job.hint);
    let message = match &verdict {
        Verdict::Convert(e) if job.auto => {
            let how = sniff::how(&sniffed, sniff::Seen::All);
            return (said, Ok(Some((e, format!("-f auto chose {e} ({how})")))));
        }
        Verdict::Convert(_) | Verdict::NotText => return (said, Ok(None)),
        Verdict::LooksLike {
            likely,
            confidence,
            differences,
        } => {
            // The guards of guard.rs speak for UTF-8 read as a legacy
            // encoding ("converted already") and for malformed input.
            if *likely == UTF_8 || !detect::decodes_cleanly(job.settings.from, bytes, true) {
                return (said, Ok(None));
            }
            let told = job.settings.from;
            let label = label_for(likely);
            report::looks_like(
                name,
                (likely, *confidence),
                told,
                &label,
                differences,
                refused,
            )
        }
        Verdict::Unsure {
            candidates,
            differences,
        } => report::auto_unsure(name, candidates, differences, refused),
    };
    if refused {
        said.push(Said::Error(message));
        return (said, Err(()));
    }
    said.push(Said::Warn(message));
    match (job.auto, sniffed.encoding) {
        (true, Some(e)) => (said, Ok(Some((e, format!("-f auto chose {e} (--force)"))))),
        _ => (said, Ok(None)),
    }
}

/// The warnings of [`judge`] on the start of an input, where nothing is
/// replaced (so nothing is refused).
fn warnings(job: &Job, head: &[u8], name: &str) -> Vec<String> {
    let (said, _) = judge(job, head, name);
    said.into_iter()
        .map(|m| match m {
            Said::Warn(text) | Said::Error(text) => text,
        })
        .collect()
}

/// The verdict's warnings on an input it runs beside the conversion of
/// ([`runs_beside`]): judged on a thread of its own, told by [`Pending::tell`]
/// before the first output byte is written.
pub enum Pending<'scope> {
    Running(std::thread::ScopedJoinHandle<'scope, Vec<String>>),
    Done(Vec<String>),
}

impl<'scope> Pending<'scope> {
    /// Starts the verdict on `input` when it runs beside the conversion
    /// (the start judged is copied: the conversion releases the map's
    /// pages as it goes). `None`: it ran before, as [`settle`] does.
    pub fn start<'env>(
        scope: &'scope std::thread::Scope<'scope, 'env>,
        job: &'env Job,
        input: &mut Input,
        name: &'env str,
    ) -> Option<Pending<'scope>> {
        if !runs_beside(job, input) {
            return None;
        }
        let head: Arc<[u8]> = judged_head(input).into();
        let thread = std::thread::Builder::new().name("verdict".into());
        let judged = Arc::clone(&head);
        let spawned = thread.spawn_scoped(scope, move || warnings(job, &judged, name));
        // No thread to be had: judged here, before converting, as ever.
        Some(match spawned {
            Ok(handle) => Pending::Running(handle),
            Err(_) => Pending::Done(warnings(job, &head, name)),
        })
    }

    /// Waits for the verdict and tells its warnings.
    pub fn tell(self, reporter: &Reporter) {
        let warnings = match self {
            Pending::Running(handle) => handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Pending::Done(warnings) => warnings,
        };
        for text in warnings {
            reporter.warn(&text);
        }
    }
}
