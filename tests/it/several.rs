//! Faults over several files in one `-i` run (issue 19, done-when): SIGINT,
//! SIGTERM and SIGKILL once some files are converted leave each file
//! converted or untouched (SIGKILL, which nothing catches, may leave one
//! temporary file). The others are in `safety::faults` (SIGINT and SIGTERM
//! mid-file, truncation, a full disk by RLIMIT_FSIZE), `shrinking`
//! (truncation, deterministic), `nothing_lost::i11` (a FIFO among them) and
//! `trees` (a tree run stopped midway).

use std::fs;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};

use crate::util::*;

const FILES: usize = 8;

/// `FILES` files of about 2 MiB of windows-1252, and what they convert to.
fn files(d: &Path) -> (Vec<PathBuf>, Vec<u8>, Vec<u8>) {
    let line = "Z\u{FC}rich, caf\u{E9}, na\u{EF}ve fa\u{E7}ade\n".repeat(64);
    let text = line.repeat(1200);
    let before: Vec<u8> = text.chars().map(|c| c as u32 as u8).collect();
    let paths = (0..FILES)
        .map(|i| write(d, &format!("f{i}"), &before))
        .collect();
    (paths, before, text.into_bytes())
}

/// Each file is its original or its whole conversion; says how many were
/// converted. Nothing else is left in the directory but, after SIGKILL
/// (which nothing can catch), at most one temporary file.
fn each_whole(
    d: &Path,
    paths: &[PathBuf],
    before: &[u8],
    after: &[u8],
    temp_allowed: bool,
) -> usize {
    let mut converted = 0;
    for p in paths {
        let now = fs::read(p).unwrap();
        assert!(
            now == before || now == after,
            "{} is half converted",
            p.display()
        );
        converted += usize::from(now == after);
    }
    let temps: Vec<String> = listing(d)
        .into_iter()
        .filter(|n| n.ends_with(".wenc-tmp"))
        .collect();
    assert!(temps.len() <= usize::from(temp_allowed), "{temps:?}");
    converted
}

#[test]
fn a_signal_mid_run_leaves_each_file_converted_or_untouched() {
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGKILL] {
        let d = dir();
        let (paths, before, after) = files(d.path());
        let mut child = wenc()
            .args(["-q", "-i", "-j", "1", "-f", "windows-1252"])
            .args(&paths)
            .spawn()
            .unwrap();
        // Once the first file is converted, the run is in its middle.
        wait_for(|| fs::read(&paths[0]).unwrap() != before);
        // SAFETY: kill() on our own child, not yet reaped.
        unsafe { libc::kill(child.id() as libc::pid_t, signal) };
        let status = child.wait().unwrap();
        let converted = each_whole(d.path(), &paths, &before, &after, signal == libc::SIGKILL);
        if status.signal() == Some(signal) {
            assert!(
                (1..FILES).contains(&converted),
                "signal {signal}: {converted}"
            );
        } else {
            // It finished before the signal came: all converted.
            assert_eq!(
                (status.code(), converted),
                (Some(0), FILES),
                "signal {signal}"
            );
        }
    }
}
