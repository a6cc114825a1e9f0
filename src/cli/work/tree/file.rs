//! One file of a tree, on a worker thread: read from the descriptor opened,
//! judged (binary, not sure, in the output encoding already), converted in
//! memory with its declaration following the bytes. Nothing is written
//! here: the result goes back to the calling thread, which replaces files
//! in path order, a batch at a time (`batch.rs`).

use super::super::auto::label_for;
use super::super::guard;
use super::super::read_back::ReadBack;
use super::super::sniff::{self, Seen};
use super::done::{Done, Outcome};
use super::report;
use crate::cli::report as cli_report;
use crate::codec::Encoding;
use crate::convert::declaration::{self, Decision};
use crate::convert::Utf8Evidence;
use crate::convert::{self, ErrorMode, Parallelism, Settings, TextTransform};
use crate::detect::{self, Hint, Sniffed, Source, Verdict};
use crate::io::walk;
use std::fs::{File, Metadata};
use std::io::Read;
use std::path::Path;

/// What is asked of every file.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    pub task: Task,
    /// `None`: `-f auto`.
    pub from: Option<&'static Encoding>,
    pub to: &'static Encoding,
    pub mode: ErrorMode,
    pub hint: Option<Hint>,
    pub keep_declaration: bool,
    pub force: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// `-i`: convert and replace.
    Convert,
    /// `--check`: decode (and encode) only.
    Check,
    /// `--sniff`: name the encoding only.
    Sniff,
}

/// Reads, judges and (in memory) converts the file at `path`.
pub fn process(plan: &Plan, path: &Path) -> Done {
    let (bytes, meta) = match read(path) {
        Ok(read) => read,
        Err(done) => return *done,
    };
    let mut done = judge(plan, &bytes);
    done.size = bytes.len() as u64;
    done.read = Some(meta);
    done
}

/// The file's bytes and what its descriptor says of it; a skip otherwise.
fn read(path: &Path) -> Result<(Vec<u8>, Metadata), Box<Done>> {
    let unreadable = |e: std::io::Error| {
        Box::new(Done::new(
            Outcome::Skipped,
            format!("unreadable: {}", report::io_reason(&e)),
        ))
    };
    let mut file = File::open(path).map_err(unreadable)?;
    let meta = file.metadata().map_err(unreadable)?;
    if !meta.is_file() {
        return Err(Box::new(Done::new(Outcome::Skipped, "not a regular file")));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.read_to_end(&mut bytes).map_err(unreadable)?;
    Ok((bytes, meta))
}

/// Everything after reading: pure.
fn judge(plan: &Plan, bytes: &[u8]) -> Done {
    if walk::is_binary(bytes) {
        return Done::new(Outcome::Skipped, "binary (a NUL in the first 8 KiB)");
    }
    let (from, mut done) = match plan.from {
        Some(from) => match given(plan, from, bytes) {
            Ok(done) => (from, done),
            Err(refused) => return *refused,
        },
        None => match chosen(plan, bytes) {
            Ok(found) => found,
            Err(done) => return *done,
        },
    };
    if plan.task == Task::Sniff {
        done.outcome = Outcome::Sniffed;
        return done;
    }
    convert_one(plan, from, bytes, &mut done);
    done
}

/// With `-f`: refuses valid UTF-8 text read as a legacy encoding (most
/// likely converted already), as a single `-i` does, and an encoding the
/// detector is sure is wrong ([`detect::judge`]).
fn given(plan: &Plan, from: &'static Encoding, bytes: &[u8]) -> Result<Done, Box<Done>> {
    let mut done = Done::new(Outcome::Converted, "");
    done.from = Some(from);
    done.source = "given";
    if plan.task != Task::Convert || plan.force {
        return Ok(done);
    }
    if let Some(bom) = detect::doubtful_utf16_bom(bytes).filter(|&bom| bom != from) {
        done.outcome = Outcome::Refused;
        done.reason = cli_report::not_utf16(bom, true);
        return Err(Box::new(done));
    }
    let mut evidence = Utf8Evidence::new();
    evidence.feed(bytes);
    if guard::misread(from, &evidence) {
        done.outcome = Outcome::Refused;
        done.reason = format!(
            "valid UTF-8 text already, not {from}: converted before? (--force converts it anyway)"
        );
        return Err(Box::new(done));
    }
    if let (
        Verdict::LooksLike {
            likely,
            confidence,
            differences,
        },
        _,
    ) = detect::judge(bytes, Some(from), plan.hint)
    {
        done.outcome = Outcome::Refused;
        done.reason = cli_report::looks_like_reason(
            (likely, confidence),
            from,
            &label_for(likely),
            &differences,
        );
        return Err(Box::new(done));
    }
    Ok(done)
}

/// With `-f auto`: the detector's verdict on the whole file
/// ([`detect::judge`]); the file is left alone when it is in the output
/// encoding already (or ASCII).
fn chosen(plan: &Plan, bytes: &[u8]) -> Result<(&'static Encoding, Done), Box<Done>> {
    let (verdict, sniffed) = detect::judge(bytes, None, plan.hint);
    let how = sniff::how(&sniffed, Seen::new(bytes, true));
    let mut done = Done::new(Outcome::Converted, how.clone());
    done.from = sniffed.encoding;
    done.source = sniffed.source.as_str();
    done.confidence = Some(sniffed.confidence);
    if plan.task == Task::Sniff {
        done.outcome = Outcome::Sniffed;
        done.reason = format!("{} ({how})", sniff::name(&sniffed));
        return Err(Box::new(done));
    }
    let encoding = match verdict {
        Verdict::Convert(encoding) => encoding,
        Verdict::NotText | Verdict::LooksLike { .. } => {
            done.outcome = Outcome::Skipped;
            done.reason = format!("binary ({how})");
            return Err(Box::new(done));
        }
        Verdict::Unsure { differences, .. } => {
            done.outcome = Outcome::Refused;
            done.reason = format!(
                "not sure of its encoding ({how}); candidates: {}",
                report::candidates(&sniffed)
            );
            if let Some(line) = cli_report::differences_line(&differences) {
                done.reason.push_str(&format!("; {line}"));
            }
            return Err(Box::new(done));
        }
    };
    if let Some(bom) =
        detect::doubtful_utf16_bom(bytes).filter(|_| sniffed.source == Source::Bom && !plan.force)
    {
        done.outcome = Outcome::Refused;
        done.reason = cli_report::not_utf16(bom, true);
        return Err(Box::new(done));
    }
    if sniffed.source == Source::Ascii || encoding == plan.to {
        done.outcome = Outcome::Unchanged;
        done.reason = unchanged_reason(&sniffed, plan.to);
        return Err(Box::new(done));
    }
    Ok((encoding, done))
}

fn unchanged_reason(sniffed: &Sniffed, to: &'static Encoding) -> String {
    if sniffed.source == Source::Ascii {
        "ASCII only".to_string()
    } else {
        format!("{to} already")
    }
}

/// Converts (or checks) `bytes` from `from`, its declaration rewritten.
fn convert_one(plan: &Plan, from: &'static Encoding, bytes: &[u8], done: &mut Done) {
    let check = plan.task == Task::Check;
    let rewritten = match (
        check || plan.keep_declaration,
        declaration::decide(bytes, from, plan.to),
    ) {
        (false, Decision::Rewrite { found, name }) => {
            done.notes
                .push(report::declaration_rewritten(&found, &name));
            Some(declaration::rewrite(bytes, &found, &name))
        }
        (_, Decision::Contradicted(found)) => {
            done.notes
                .push(report::declaration_contradicted(&found, from));
            None
        }
        (false, Decision::CannotRewrite(found)) => {
            done.notes.push(report::declaration_kept(&found, plan.to));
            None
        }
        _ => None,
    };
    let input = rewritten.as_deref().unwrap_or(bytes);
    let settings = Settings {
        from,
        to: plan.to,
        mode: if check { ErrorMode::Fatal } else { plan.mode },
        sniff_bom: true,
        write_output: !check,
        transform: TextTransform::default(),
        utf8_evidence: false,
    };
    let mut output = Vec::with_capacity(input.len() + input.len() / 2);
    let (summary, result) =
        convert::convert_bytes(settings, Parallelism::single(), input, &mut output, &mut ());
    if let Err(e) = result {
        done.outcome = Outcome::Failed;
        done.reason = report::convert_error(&e);
        return;
    }
    if let Some(warning) = report::replacements(&summary) {
        done.notes.push(warning);
    }
    if check {
        done.outcome = Outcome::Unchanged;
        done.reason = "valid".to_string();
    } else if output == bytes {
        done.outcome = Outcome::Unchanged;
        done.reason = "its bytes would not change".to_string();
    } else if let Some(why) = not_recognised(plan, from, &output) {
        done.outcome = Outcome::Refused;
        done.reason = why;
    } else {
        done.outcome = Outcome::Converted;
        done.output = Some(output);
    }
}

/// With `-f`, output the same command run again would not recognise as
/// converted ([`ReadBack`]): why, for a refusal.
fn not_recognised(plan: &Plan, from: &'static Encoding, output: &[u8]) -> Option<String> {
    if plan.from.is_none() || plan.force {
        return None;
    }
    let mut back = ReadBack::new(from, plan.to)?;
    back.feed(output);
    (!back.recognised()).then(|| back.why())
}

#[cfg(test)]
#[path = "file_tests.rs"]
mod tests;
