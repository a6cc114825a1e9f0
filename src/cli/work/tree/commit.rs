//! Committing batches on a thread of their own: while one batch waits for
//! its sync and is renamed ([`Batch::commit`]), the next one is staged, so
//! the wait for the disk hides behind the work on the next files.
//!
//! One batch at most is in flight, and batches are committed in the order
//! they are handed over: the renames stay in path order, and the temporary
//! files alive at once are one batch being staged and one being committed,
//! within what the signal handlers guard. A batch handed over after one
//! that stopped the run (a full disk) is dropped unrenamed: its files stay
//! as they were, as files not reached do.

use super::batch::{Batch, MAX_STAGED};
use super::done::Done;
use crate::io::signals;
use std::path::PathBuf;
use std::thread::{Scope, ScopedJoinHandle};

// A batch being staged and one being committed: every temporary file guarded.
const _: () = assert!(2 * MAX_STAGED <= signals::MAX_TEMP_FILES);

/// A committed batch: every file's final outcome, in path order, and why
/// the run must stop, if it must.
pub type Committed = (Vec<(usize, Done)>, Option<String>);

/// Commits batches one at a time on a thread of the scope.
pub struct Committer<'scope, 'env> {
    scope: &'scope Scope<'scope, 'env>,
    files: &'env [PathBuf],
    backup: Option<&'env str>,
    in_flight: Option<ScopedJoinHandle<'scope, Committed>>,
}

impl<'scope, 'env> Committer<'scope, 'env> {
    pub fn new(
        scope: &'scope Scope<'scope, 'env>,
        files: &'env [PathBuf],
        backup: Option<&'env str>,
    ) -> Self {
        Committer {
            scope,
            files,
            backup,
            in_flight: None,
        }
    }

    /// Waits for the batch in flight, then starts committing `batch`, unless
    /// the one before stopped the run (then `batch` is dropped, its files
    /// untouched). Returns the batch before, committed, to be told.
    pub fn hand_over(&mut self, batch: Batch) -> Option<Committed> {
        let before = self.settle();
        if before.as_ref().is_some_and(|(_, stop)| stop.is_some()) {
            return before;
        }
        let (files, backup) = (self.files, self.backup);
        let mut batch = batch;
        self.in_flight = Some(self.scope.spawn(move || batch.commit(files, backup)));
        before
    }

    /// Waits for the batch in flight, if any, and returns it committed.
    pub fn settle(&mut self) -> Option<Committed> {
        let handle = self.in_flight.take()?;
        Some(
            handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::batch;
    use super::super::done::Outcome;
    use super::*;
    use std::fs;

    #[test]
    fn batches_are_renamed_and_told_in_the_order_handed_over() {
        let dir = tempfile::tempdir().unwrap();
        let files: Vec<PathBuf> = (0..9).map(|i| dir.path().join(format!("f{i}"))).collect();
        for f in &files {
            fs::write(f, b"before").unwrap();
        }
        let mut told = Vec::new();
        std::thread::scope(|scope| {
            let mut committer = Committer::new(scope, &files, None);
            for chunk in (0..files.len()).collect::<Vec<_>>().chunks(3) {
                let mut next = Batch::default();
                for &i in chunk {
                    let mut done = Done::new(Outcome::Converted, "");
                    done.output = Some(format!("after {i}").into_bytes());
                    let staged = batch::stage(&files[i], &mut done).unwrap();
                    next.push(i, done, staged);
                }
                told.extend(committer.hand_over(next).into_iter().flat_map(|(t, _)| t));
            }
            told.extend(committer.settle().into_iter().flat_map(|(t, _)| t));
        });
        let order: Vec<usize> = told.iter().map(|(i, _)| *i).collect();
        assert_eq!(order, (0..9).collect::<Vec<_>>());
        for (i, f) in files.iter().enumerate() {
            assert_eq!(fs::read(f).unwrap(), format!("after {i}").into_bytes());
        }
        // Nothing else is left in the folder: no temporary file.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 9);
    }
}
