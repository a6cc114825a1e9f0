//! Outputs: buffered standard output, or a file replaced atomically.
//!
//! What an `-o` path names is found by the kernel (module `target`): a
//! regular file is replaced by a temporary file beside it, created 0600 and
//! given the target's owner, group, mode and ACL (module `attrs`) before
//! anything is written to it; what cannot be replaced (a terminal, a FIFO,
//! standard output by its `/dev/stdout` name) is written in place.

use super::identity::Identity;
use super::signals;
use super::staged::Staged;
use super::temp::TempFile;
#[cfg(unix)]
use super::{attrs, target};
use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Buffer size for outputs.
const OUTPUT_BUFFER: usize = 64 * 1024;

/// Why an output could not be prepared or completed (the CLI's report
/// words it).
#[derive(Debug)]
pub enum OutputError {
    /// The `-o` target is a directory.
    Directory(PathBuf),
    /// The temporary file beside the target could not be created.
    CreateTemp { dir: PathBuf, source: io::Error },
    /// An existing non-regular target (a device, a FIFO) could not be opened.
    Open { path: PathBuf, source: io::Error },
    /// The `-o` target was planted by another user in a sticky directory
    /// others may write to: the kernel's fs.protected_regular and
    /// fs.protected_fifos refuse the shell's `>` there (module `target`).
    Protected(PathBuf),
    /// A file to replace in place is not (or no longer) a regular file.
    NotRegular(PathBuf),
    /// The `-o` target is a symlink to nothing (see module `target`).
    DanglingSymlink(PathBuf),
    /// The existing target's group, mode or ACL could not be given to its
    /// replacement (see module `attrs`): it is left as it was.
    #[cfg(unix)]
    Keep {
        path: PathBuf,
        source: attrs::KeepError,
    },
    /// Writing (flushing the last buffer, or syncing the file) failed.
    Write(io::Error),
    /// The finished temporary file could not be renamed over the target.
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
        /// The file replaced, as found when the output was made.
        replaces: Option<Identity>,
    },
    /// An existing target that is not a regular file (`/dev/null`, a FIFO),
    /// or a file this process has open for writing (`/dev/stdout`): written
    /// in place, as a shell redirection would.
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
    /// is followed by the kernel: the file it points to is replaced, the
    /// link kept. What cannot be replaced is written in place (see module
    /// `target`).
    pub fn replace(path: &Path) -> Result<Output, OutputError> {
        Output::replace_with(path, false)
    }

    /// [`replace`](Output::replace) for a file converted in place: the
    /// target must be a regular file, and is always replaced atomically.
    pub fn replace_regular(path: &Path) -> Result<Output, OutputError> {
        Output::replace_with(path, true)
    }

    fn replace_with(path: &Path, regular_only: bool) -> Result<Output, OutputError> {
        signals::ignore_file_size_limit();
        let (target, existing) = match target::resolve(path, regular_only)? {
            target::Target::InPlace(file) => {
                return Ok(Output {
                    kind: Kind::Direct(BufWriter::with_capacity(OUTPUT_BUFFER, file)),
                })
            }
            target::Target::Absent(target) => (target, None),
            target::Target::Regular(target, meta) => (target, Some(meta)),
        };
        let dir = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let temp =
            signals::with_termination_blocked(|| new_temp(&dir, &target, existing.is_some()))
                .map_err(|source| OutputError::CreateTemp {
                    dir: dir.clone(),
                    source,
                })?;
        if let Some(meta) = &existing {
            keep_attributes(temp.as_file(), &target, meta)?;
        }
        Ok(Output {
            kind: Kind::Atomic {
                writer: BufWriter::with_capacity(OUTPUT_BUFFER, TempWriter(temp)),
                target,
                replaces: existing.as_ref().map(Identity::of),
            },
        })
    }

    /// The file that will replace the target ([`Output::replace`] of a
    /// regular file), as it is now: after [`commit`](Output::commit), the
    /// target's identity.
    pub fn replacement(&self) -> Option<Identity> {
        match &self.kind {
            Kind::Atomic { writer, .. } => Identity::of_file(writer.get_ref().0.as_file()).ok(),
            _ => None,
        }
    }

    /// What this output writes to, from its descriptors: standard
    /// output's file, the file written in place, or the existing file to be
    /// replaced as it was opened (None: a new file). Also whether it is
    /// written through that descriptor (true) rather than replaced.
    pub fn target(&self) -> (Option<Identity>, bool) {
        match &self.kind {
            Kind::Stdout(_) => (Identity::of_fd(1), true),
            Kind::Direct(file) => (Identity::of_file(file.get_ref()).ok(), true),
            Kind::Atomic { replaces, .. } => (*replaces, false),
        }
    }

    /// The existing file that [`commit`](Output::commit) replaces, as it was
    /// found (None: a new file, or an output written in place).
    pub fn replaces(&self) -> Option<Identity> {
        match &self.kind {
            Kind::Atomic { replaces, .. } => *replaces,
            _ => None,
        }
    }

    /// Flushes; for a replaced file, syncs it and renames it over the target.
    /// On error a temporary file is removed and the target left as it was.
    pub fn commit(self) -> Result<(), OutputError> {
        match self.kind {
            Kind::Stdout(mut w) => w.flush().map_err(OutputError::Write),
            Kind::Direct(mut w) => w.flush().map_err(OutputError::Write),
            Kind::Atomic { writer, target, .. } => {
                let TempWriter(temp) = writer
                    .into_inner()
                    .map_err(|e| OutputError::Write(e.into_error()))?;
                temp.as_file().sync_all().map_err(OutputError::Write)?;
                let name = target.file_name().unwrap_or_default();
                temp.persist(name).map_err(|source| OutputError::Persist {
                    path: target.clone(),
                    source,
                })
            }
        }
    }
}

impl Output {
    /// Flushes a replaced file's output to its temporary file, unsynced and
    /// not renamed yet: one of a batch (module `staged`). Outputs that are
    /// not replaced atomically are flushed, and there is nothing to stage.
    pub fn stage(self) -> Result<Option<Staged>, OutputError> {
        match self.kind {
            Kind::Stdout(mut w) => w.flush().map(|_| None).map_err(OutputError::Write),
            Kind::Direct(mut w) => w.flush().map(|_| None).map_err(OutputError::Write),
            Kind::Atomic { writer, target, .. } => {
                let TempWriter(temp) = writer
                    .into_inner()
                    .map_err(|e| OutputError::Write(e.into_error()))?;
                Ok(Some(Staged::new(temp, target)))
            }
        }
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

/// Writes to the temporary file (dropped unrenamed, it is removed).
struct TempWriter(TempFile);

impl Write for TempWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.as_file().write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.as_file().flush()
    }
}

/// A temporary file named `.NAME.XXXXXXXX.wenc-tmp` beside the target
/// (module `temp`). It replaces an existing file: created 0600, so that no
/// one else can open it before it has the target's attributes. A new file:
/// created with mode 0666 less the umask (or the directory's default ACL),
/// as any new file would be; it holds nothing more than the final file
/// will show.
fn new_temp(dir: &Path, target: &Path, replaces: bool) -> io::Result<TempFile> {
    let name = target.file_name().unwrap_or_default();
    TempFile::new_in(dir, name, if replaces { 0o600 } else { 0o666 })
}

/// Gives the temporary file the existing target's owner, group, mode and
/// ACL, or says why it cannot (module `attrs`).
#[cfg(unix)]
fn keep_attributes(file: &File, target: &Path, meta: &fs::Metadata) -> Result<(), OutputError> {
    attrs::carry_over(file, target, meta).map_err(|source| OutputError::Keep {
        path: target.to_path_buf(),
        source,
    })
}

#[cfg(not(unix))]
fn keep_attributes(file: &File, _target: &Path, meta: &fs::Metadata) -> Result<(), OutputError> {
    let _ = file.set_permissions(meta.permissions());
    Ok(())
}

/// Without POSIX: what `-o` names, found by its metadata.
#[cfg(not(unix))]
mod target {
    use super::OutputError;
    use std::fs::{self, File, Metadata};
    use std::path::{Path, PathBuf};

    pub(super) enum Target {
        Absent(PathBuf),
        Regular(PathBuf, Metadata),
        InPlace(File),
    }

    pub(super) fn resolve(path: &Path, regular_only: bool) -> Result<Target, OutputError> {
        match fs::metadata(path) {
            Ok(m) if regular_only && !m.is_file() => Err(OutputError::NotRegular(path.into())),
            Err(_) => Ok(Target::Absent(path.to_path_buf())),
            Ok(m) if m.is_dir() => Err(OutputError::Directory(path.to_path_buf())),
            Ok(m) if m.is_file() => Ok(Target::Regular(path.to_path_buf(), m)),
            Ok(_) => fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map(Target::InPlace)
                .map_err(|source| OutputError::Open {
                    path: path.to_path_buf(),
                    source,
                }),
        }
    }
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
