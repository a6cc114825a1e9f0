//! Many files replaced at the cost of one sync: each output is written to
//! its temporary file ([`Output::stage`](super::Output::stage)), the whole
//! batch is made durable at once ([`sync`]: one `syncfs` per file system
//! on Linux, where a sync per file cost a tree run most of its time), then
//! each temporary file is renamed over its target ([`Staged::persist`]).
//! A rename never shows a file whose bytes are not on disk, and a batch
//! dropped unrenamed leaves every target as it was: the temporary files are
//! removed, by `Drop` or by the signal handlers, which guard them all.

use super::temp::TempFile;
use super::OutputError;
use std::io;
use std::path::{Path, PathBuf};

/// An output written in full to its temporary file, not yet renamed.
pub struct Staged {
    temp: TempFile,
    target: PathBuf,
}

impl Staged {
    pub(super) fn new(temp: TempFile, target: PathBuf) -> Staged {
        Staged { temp, target }
    }

    /// The file this replaces.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Renames the temporary file over the target. Call after [`sync`].
    pub fn persist(self) -> Result<(), OutputError> {
        let name = self.target.file_name().unwrap_or_default().to_owned();
        self.temp
            .persist(&name)
            .map_err(|source| OutputError::Persist {
                path: self.target,
                source,
            })
    }
}

/// Makes every staged file's bytes durable: one `syncfs` per file system
/// they are on (Linux), or one `fsync` each elsewhere.
pub fn sync<'a>(batch: impl Iterator<Item = &'a Staged>) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::MetadataExt;
        use std::os::unix::io::AsRawFd;
        let mut synced: Vec<u64> = Vec::new();
        for staged in batch {
            let file = staged.temp.as_file();
            let dev = file.metadata()?.dev();
            if synced.contains(&dev) {
                continue;
            }
            // SAFETY: syncfs on a descriptor we hold open.
            if unsafe { libc::syncfs(file.as_raw_fd()) } != 0 {
                return Err(io::Error::last_os_error());
            }
            synced.push(dev);
        }
        Ok(())
    }
    #[cfg(not(target_os = "linux"))]
    {
        batch
            .into_iter()
            .try_for_each(|s| s.temp.as_file().sync_all())
    }
}
