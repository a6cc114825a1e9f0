//! Which file a descriptor is, and whether it moved: every decision about a
//! file is made from the descriptor opened for it (`fstat`), never from its
//! name, which another process may point elsewhere meanwhile.

use std::fs::{File, Metadata};
use std::io;

/// A file as `fstat` saw it: which file (device and inode), and its size
/// and modification time then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Identity {
    pub dev: u64,
    pub ino: u64,
    pub size: u64,
    /// Seconds and nanoseconds.
    pub mtime: (i64, i64),
    /// A regular file (not a FIFO, a device, a socket, a directory).
    pub regular: bool,
}

impl Identity {
    #[cfg(unix)]
    pub fn of(meta: &Metadata) -> Identity {
        use std::os::unix::fs::MetadataExt;
        Identity {
            dev: meta.dev(),
            ino: meta.ino(),
            size: meta.len(),
            mtime: (meta.mtime(), meta.mtime_nsec()),
            regular: meta.is_file(),
        }
    }

    /// Without device and inode numbers no two files are known the same.
    #[cfg(not(unix))]
    pub fn of(meta: &Metadata) -> Identity {
        let mtime = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or((0, 0), |d| (d.as_secs() as i64, d.subsec_nanos() as i64));
        Identity {
            dev: 0,
            ino: 0,
            size: meta.len(),
            mtime,
            regular: meta.is_file(),
        }
    }

    /// What `file` is now.
    pub fn of_file(file: &File) -> io::Result<Identity> {
        file.metadata().map(|m| Identity::of(&m))
    }

    /// What the file at `path` is now (symbolic links followed), if any.
    pub fn of_path(path: &std::path::Path) -> Option<Identity> {
        std::fs::metadata(path).ok().map(|m| Identity::of(&m))
    }

    /// What the process's descriptor `fd` (0, 1 or 2) is, if it is open.
    #[cfg(unix)]
    pub fn of_fd(fd: i32) -> Option<Identity> {
        use std::os::unix::io::FromRawFd;
        // SAFETY: ManuallyDrop keeps this File from closing a descriptor
        // that is not ours; fstat of a closed one fails (EBADF).
        let file = std::mem::ManuallyDrop::new(unsafe { File::from_raw_fd(fd) });
        Identity::of_file(&file).ok()
    }

    #[cfg(not(unix))]
    pub fn of_fd(_fd: i32) -> Option<Identity> {
        None
    }

    /// The same file (whatever its size and time now).
    pub fn same_file(&self, other: &Identity) -> bool {
        (self.dev, self.ino) != (0, 0) && (self.dev, self.ino) == (other.dev, other.ino)
    }

    /// Whether the file changed since `self` was taken: its size or its
    /// modification time moved (a write, a truncation, an append).
    pub fn moved(&self, now: &Identity) -> bool {
        (self.size, self.mtime) != (now.size, now.mtime)
    }
}
