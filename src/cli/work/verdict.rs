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

/// What to do with one input: `Ok(Some((encoding, note)))` for `-f auto`
/// when the verdict chose the encoding, `Ok(None)` to go on as planned,
/// `Err(())` when it was refused (the error is reported).
pub type Settled = Result<Option<(&'static Encoding, String)>, ()>;

pub fn settle(job: &Job, input: &mut Input, name: &str, reporter: &mut Reporter) -> Settled {
    if job.check {
        return Ok(None);
    }
    let stated = (!job.auto).then_some(job.settings.from);
    let replacing = job.guard.replacing;
    let bytes = if replacing {
        match input.peek(usize::MAX, &mut |_| false) {
            Ok((bytes, _)) => bytes,
            Err(_) => return Ok(None), // the conversion reports it
        }
    } else if input.is_mapped() && stated.is_some() {
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
    } else {
        return Ok(None); // -f auto's own note says how sure it is
    };
    let refused = replacing && !job.guard.force;
    // The mark decides the decoder, -f or not (the Encoding Standard's
    // decode): a mark that nothing after it bears out is refused first.
    let told = |bom| job.auto || bom != job.settings.from;
    if let Some(bom) =
        detect::doubtful_utf16_bom(bytes).filter(|&b| job.settings.sniff_bom && told(b))
    {
        let message = format!("{name}: {}", report::not_utf16(bom, refused));
        if refused {
            reporter.error(&message);
            return Err(());
        }
        reporter.warn(&message);
    }
    let (verdict, sniffed) = detect::judge(bytes, stated, job.hint);
    let message = match &verdict {
        Verdict::Convert(e) if job.auto => {
            let how = sniff::how(&sniffed, sniff::Seen::All);
            return Ok(Some((e, format!("-f auto chose {e} ({how})"))));
        }
        Verdict::Convert(_) | Verdict::NotText => return Ok(None),
        Verdict::LooksLike {
            likely,
            confidence,
            differences,
        } => {
            // The guards of guard.rs speak for UTF-8 read as a legacy
            // encoding ("converted already") and for malformed input.
            if *likely == UTF_8 || !detect::decodes_cleanly(job.settings.from, bytes, true) {
                return Ok(None);
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
        reporter.error(&message);
        return Err(());
    }
    reporter.warn(&message);
    match (job.auto, sniffed.encoding) {
        (true, Some(e)) => Ok(Some((e, format!("-f auto chose {e} (--force)")))),
        _ => Ok(None),
    }
}
