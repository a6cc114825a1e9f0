//! What an `-o` target names, found the way the kernel finds it.
//!
//! The path is opened (`O_PATH`, following symlinks) by the kernel, so its
//! checks apply as to a shell redirection: `fs.protected_symlinks` (a link
//! in a sticky world-writable directory owned by someone else is not
//! followed), search permissions, ELOOP for a symlink loop. Nothing is
//! resolved in user space. Then:
//!
//! - a file this process already has open for writing (`/dev/stdout`,
//!   `/dev/stderr`, `/proc/self/fd/N`: what the shell redirected) is written
//!   through that descriptor, in place, at its offset and with its
//!   `O_APPEND`, as a redirection there would be: `wenc -o /dev/stdout >> log`
//!   appends to `log`;
//! - a regular file or FIFO that the kernel's fs.protected_regular or
//!   fs.protected_fifos would keep the shell's `>` from (planted by another
//!   user in a sticky world-writable directory such as /tmp) is refused,
//!   as for root too;
//! - anything else that is not a regular file (a terminal, `/dev/null`, a
//!   FIFO) is opened for writing and written in place: it cannot be replaced;
//! - a regular file is replaced atomically; when the path is a symlink, the
//!   file the kernel reached is replaced (its name is the kernel's, from
//!   `/proc/self/fd`) and the link is kept;
//! - no file: a new one is created; but a dangling symlink is an error, as
//!   for `cp` ("not writing through dangling symlink"): where it points may
//!   not be where the user meant to write.

use super::OutputError;
use std::fs::{self, File, Metadata};
use std::io;
use std::os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// What an `-o` path names.
pub(super) enum Target {
    /// Nothing: a new file is created at this path.
    Absent(PathBuf),
    /// A regular file, to be replaced: its path (the link's destination
    /// when `-o` names a symlink) and its metadata.
    Regular(PathBuf, Metadata),
    /// Something written in place: a descriptor open for writing.
    InPlace(File),
}

/// Finds what `path` names (see the module documentation). With
/// `regular_only` (in place), anything but a regular file is an error, and
/// is not opened (a FIFO put there cannot block the run).
pub(super) fn resolve(path: &Path, regular_only: bool) -> Result<Target, OutputError> {
    let open_error = |source| OutputError::Open {
        path: path.to_path_buf(),
        source,
    };
    let handle = match open_path(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return match fs::symlink_metadata(path) {
                Ok(m) if m.file_type().is_symlink() => {
                    Err(OutputError::DanglingSymlink(path.to_path_buf()))
                }
                _ => Ok(Target::Absent(path.to_path_buf())),
            };
        }
        Err(e) => return Err(open_error(e)),
    };
    let meta = handle.metadata().map_err(open_error)?;
    if meta.is_dir() {
        return Err(OutputError::Directory(path.to_path_buf()));
    }
    if regular_only && !meta.is_file() {
        return Err(OutputError::NotRegular(path.to_path_buf()));
    }
    if regular_only {
        // Replaced, whatever descriptors are open on it.
    } else if let Some(file) = open_for_writing_here(&meta).map_err(open_error)? {
        return Ok(Target::InPlace(file));
    }
    let is_link = fs::symlink_metadata(path).map_err(open_error)?.is_symlink();
    // (A FIFO behind a link is judged in the link's directory.)
    let target = if is_link && meta.is_file() {
        reached(path, &handle, &meta).map_err(open_error)?
    } else {
        path.to_path_buf()
    };
    if protected(&target, &meta).map_err(open_error)? {
        return Err(OutputError::Protected(path.to_path_buf()));
    }
    if !meta.is_file() {
        let file = fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NOCTTY)
            .open(path)
            .map_err(open_error)?;
        return Ok(Target::InPlace(file));
    }
    Ok(Target::Regular(target, meta))
}

/// Whether the shell's `>` would be refused on `target` (described by
/// `meta`) by the kernel's fs.protected_regular and fs.protected_fifos (see
/// `may_create_in_sticky` in Linux's fs/namei.c): a file or FIFO in a sticky
/// directory, owned neither by us nor by the directory's owner, where the
/// directory is world-writable (or group-writable, at level 2). The rule
/// holds here at level 1 whatever the sysctl says (1 is systemd's default):
/// a file someone else planted is not written to.
fn protected(target: &Path, meta: &Metadata) -> io::Result<bool> {
    if !meta.is_file() && !meta.file_type().is_fifo() {
        return Ok(false);
    }
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let dir = fs::metadata(dir)?;
    // SAFETY: geteuid cannot fail (the kernel checks the fsuid, which is
    // the effective uid unless set apart).
    let me = unsafe { libc::geteuid() };
    if dir.mode() & 0o1000 == 0 || meta.uid() == dir.uid() || meta.uid() == me {
        return Ok(false);
    }
    let sysctl = if meta.is_file() { "regular" } else { "fifos" };
    let level = fs::read_to_string(format!("/proc/sys/fs/protected_{sysctl}"))
        .ok()
        .and_then(|s| s.trim().parse::<u32>().ok())
        .unwrap_or(1);
    Ok(dir.mode() & 0o002 != 0 || (level >= 2 && dir.mode() & 0o020 != 0))
}

/// Opens `path` without reading or writing it: only to find what it is.
#[cfg(target_os = "linux")]
fn open_path(path: &Path) -> io::Result<File> {
    fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_PATH)
        .open(path)
}

/// Elsewhere, opened for nothing more than `stat` (non-blocking, so that a
/// FIFO does not wait for a writer).
#[cfg(not(target_os = "linux"))]
fn open_path(path: &Path) -> io::Result<File> {
    match fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
    {
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => fs::File::open(path),
        other => other,
    }
}

/// The path of the regular file `handle` reached through a symlink: the
/// kernel's name for it, checked to still name that file.
fn reached(path: &Path, handle: &File, meta: &Metadata) -> io::Result<PathBuf> {
    #[cfg(target_os = "linux")]
    let name = {
        use std::os::unix::io::AsRawFd;
        let _ = path;
        fs::read_link(format!("/proc/self/fd/{}", handle.as_raw_fd()))?
    };
    // Elsewhere (no /proc, and no protected_symlinks to bypass either),
    // the path resolved by the library, checked the same way.
    #[cfg(not(target_os = "linux"))]
    let name = {
        let _ = handle;
        fs::canonicalize(path)?
    };
    match fs::symlink_metadata(&name) {
        Ok(m) if m.is_file() && m.dev() == meta.dev() && m.ino() == meta.ino() => Ok(name),
        // Renamed or removed meanwhile, or a name the kernel could not give
        // (another mount namespace): not safe to replace by that name.
        _ => Err(io::Error::from_raw_os_error(libc::ESTALE)),
    }
}

/// A new descriptor for the file `meta` describes if this process already
/// has it open for writing (what the shell redirected: `/dev/stdout`,
/// `/proc/self/fd/N`, or the same file by its own name), sharing that
/// descriptor's offset and flags.
fn open_for_writing_here(meta: &Metadata) -> io::Result<Option<File>> {
    use std::os::unix::io::FromRawFd;
    for fd in open_descriptors() {
        // SAFETY: fstat and fcntl on a descriptor number only read its state
        // (EBADF for one closed meanwhile).
        let (st, flags) = unsafe {
            let mut st: libc::stat = std::mem::zeroed();
            if libc::fstat(fd, &mut st) != 0 {
                continue;
            }
            (st, libc::fcntl(fd, libc::F_GETFL))
        };
        let writable = flags >= 0 && flags & libc::O_ACCMODE != libc::O_RDONLY;
        // The types of st_dev and st_ino differ between platforms.
        #[allow(clippy::unnecessary_cast)]
        let same = st.st_dev as u64 == meta.dev() && st.st_ino as u64 == meta.ino();
        if writable && same {
            // SAFETY: dup of an open descriptor; the new one is ours to own.
            let new = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 3) };
            if new < 0 {
                return Err(io::Error::last_os_error());
            }
            // SAFETY: `new` is a fresh descriptor nothing else owns.
            return Ok(Some(unsafe { File::from_raw_fd(new) }));
        }
    }
    Ok(None)
}

/// The descriptors open in this process (standard output and error first).
fn open_descriptors() -> Vec<libc::c_int> {
    let mut fds = vec![1, 2];
    if let Ok(dir) = fs::read_dir("/proc/self/fd") {
        fds.extend(
            dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<libc::c_int>().ok())
                .filter(|&fd| fd != 1 && fd != 2),
        );
    }
    fds
}
