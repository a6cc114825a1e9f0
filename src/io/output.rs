//! Outputs: buffered standard output, or a file replaced atomically.

use super::signals;
use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Buffer size for outputs.
const OUTPUT_BUFFER: usize = 64 * 1024;

/// Why an output could not be prepared or completed.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The `-o` target is a directory.
    #[error("{}: is a directory", .0.display())]
    Directory(PathBuf),
    /// The temporary file beside the target could not be created.
    #[error("cannot create a temporary file in {}: {source}", .dir.display())]
    CreateTemp { dir: PathBuf, source: io::Error },
    /// An existing non-regular target (a device, a FIFO) could not be opened.
    #[error("cannot open {}: {source}", .path.display())]
    Open { path: PathBuf, source: io::Error },
    /// Writing (flushing the last buffer, or syncing the file) failed.
    #[error("write error: {0}")]
    Write(io::Error),
    /// The finished temporary file could not be renamed over the target.
    #[error("cannot replace {}: {source}", .path.display())]
    Persist { path: PathBuf, source: io::Error },
}

/// Where converted bytes go.
pub struct Output {
    kind: Kind,
}

enum Kind {
    Stdout(BufWriter<RawStdout>),
    /// A temporary file in the target's directory, renamed over the target
    /// by [`Output::commit`]. Dropped without commit, it is deleted.
    Atomic {
        writer: BufWriter<TempWriter>,
        target: PathBuf,
        _guard: TempGuard,
    },
    /// An existing target that is not a regular file (`/dev/null`, a FIFO):
    /// written in place, since it cannot be replaced.
    Direct(BufWriter<File>),
}

impl Output {
    /// Buffered standard output (block-buffered, whatever it is connected to;
    /// streaming inputs flush it when their source pauses).
    pub fn stdout() -> Output {
        signals::ignore_file_size_limit();
        Output {
            kind: Kind::Stdout(BufWriter::with_capacity(OUTPUT_BUFFER, RawStdout)),
        }
    }

    /// An output that replaces `path` atomically when committed. A symlink
    /// is followed: the file it points to is replaced, the link kept.
    pub fn replace(path: &Path) -> Result<Output, OutputError> {
        signals::ignore_file_size_limit();
        let target = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let existing = fs::metadata(&target).ok();
        if let Some(meta) = &existing {
            if meta.is_dir() {
                return Err(OutputError::Directory(path.to_path_buf()));
            }
            if !meta.is_file() {
                let file = fs::OpenOptions::new()
                    .write(true)
                    .open(&target)
                    .map_err(|source| OutputError::Open {
                        path: path.to_path_buf(),
                        source,
                    })?;
                return Ok(Output {
                    kind: Kind::Direct(BufWriter::with_capacity(OUTPUT_BUFFER, file)),
                });
            }
        }
        let dir = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let temp = signals::with_termination_blocked(|| {
            let temp = new_temp(&dir, &target)?;
            signals::protect_temp_file(temp.path());
            Ok(temp)
        })
        .map_err(|source| OutputError::CreateTemp {
            dir: dir.clone(),
            source,
        })?;
        if let Some(meta) = &existing {
            keep_owner_and_mode(temp.as_file(), meta);
        }
        Ok(Output {
            kind: Kind::Atomic {
                writer: BufWriter::with_capacity(OUTPUT_BUFFER, TempWriter(temp)),
                target,
                _guard: TempGuard,
            },
        })
    }

    /// Flushes; for a replaced file, syncs it and renames it over the target.
    /// On error a temporary file is removed and the target left as it was.
    pub fn commit(self) -> Result<(), OutputError> {
        match self.kind {
            Kind::Stdout(mut w) => w.flush().map_err(OutputError::Write),
            Kind::Direct(mut w) => w.flush().map_err(OutputError::Write),
            Kind::Atomic {
                writer,
                target,
                _guard,
            } => {
                let TempWriter(temp) = writer
                    .into_inner()
                    .map_err(|e| OutputError::Write(e.into_error()))?;
                temp.as_file().sync_all().map_err(OutputError::Write)?;
                let result = temp.persist(&target);
                signals::release_temp_file();
                result.map_err(|e| OutputError::Persist {
                    path: target,
                    source: e.error,
                })?;
                Ok(())
            }
        }
    }
}

/// Unregisters the temporary file from the signal handlers when dropped,
/// after the file itself (declared before it) has been deleted or renamed.
struct TempGuard;

impl Drop for TempGuard {
    fn drop(&mut self) {
        signals::release_temp_file();
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.kind {
            Kind::Stdout(w) => w.write(buf),
            Kind::Atomic { writer, .. } => writer.write(buf),
            Kind::Direct(w) => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.kind {
            Kind::Stdout(w) => w.write_all(buf),
            Kind::Atomic { writer, .. } => writer.write_all(buf),
            Kind::Direct(w) => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.kind {
            Kind::Stdout(w) => w.flush(),
            Kind::Atomic { writer, .. } => writer.flush(),
            Kind::Direct(w) => w.flush(),
        }
    }
}

/// Writes to the temporary file itself: `NamedTempFile`'s own `Write` adds
/// ` at path "..."` to every error, which would put the temporary name in
/// messages instead of plain "No space left on device".
struct TempWriter(tempfile::NamedTempFile);

impl Write for TempWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.as_file().write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.as_file().flush()
    }
}

/// A temporary file named `.NAME.XXXXXX.wenc-tmp` beside the target,
/// created with mode 0666 less the umask, as a new file would be.
fn new_temp(dir: &Path, target: &Path) -> io::Result<tempfile::NamedTempFile> {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // Long names are cut (at a character boundary) to at most 100 bytes so
    // the temporary name stays within NAME_MAX (255 bytes), also for names
    // of multi-byte characters and for invalid UTF-8, each byte of which
    // became a 3-byte U+FFFD above.
    let mut cut = name.len().min(100);
    while !name.is_char_boundary(cut) {
        cut -= 1;
    }
    let prefix = format!(".{}.", &name[..cut]);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".wenc-tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir).map_err(without_path)
}

/// tempfile's errors end in ` at path "..."` (the temporary name, in Rust's
/// debug syntax); messages name the directory themselves. Keeps the OS error.
fn without_path(e: io::Error) -> io::Error {
    let text = e.to_string();
    let code = text
        .find(" (os error ")
        .and_then(|i| text[i + " (os error ".len()..].split(')').next())
        .and_then(|n| n.parse().ok());
    match code {
        Some(code) => io::Error::from_raw_os_error(code),
        None => e,
    }
}

/// Gives the temporary file the existing target's permissions and, when
/// allowed, its owner and group.
fn keep_owner_and_mode(file: &File, meta: &fs::Metadata) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        use std::os::unix::io::AsRawFd;
        // SAFETY: fchown on an open descriptor; failure (not permitted) is fine.
        unsafe { libc::fchown(file.as_raw_fd(), meta.uid(), meta.gid()) };
    }
    let _ = file.set_permissions(meta.permissions());
}

/// Standard output without std's line buffering (the BufWriter above does
/// the buffering).
struct RawStdout;

#[cfg(unix)]
impl Write for RawStdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        use std::os::unix::io::FromRawFd;
        // SAFETY: fd 1 stays open for the whole process; ManuallyDrop keeps
        // this File from closing it.
        let mut file = std::mem::ManuallyDrop::new(unsafe { File::from_raw_fd(1) });
        file.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(not(unix))]
impl Write for RawStdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        io::stdout().write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        io::stdout().flush()
    }
}
