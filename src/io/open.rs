//! Opening an input once, without blocking, and knowing what it is.

use super::identity::Identity;
use std::fs::File;
use std::io;
use std::path::Path;
use std::time::Duration;

/// Why an input cannot be opened (the CLI's report words it).
#[derive(Debug)]
pub enum OpenError {
    Directory,
    /// Not a regular file, where only one will do ([`Input::open_regular`]).
    NotRegular,
    Io(io::Error),
}

impl From<io::Error> for OpenError {
    fn from(e: io::Error) -> OpenError {
        OpenError::Io(e)
    }
}

/// A file or standard input, which `poll` can ask whether input is waiting.
pub(super) trait PollFd {
    /// Waits at most `timeout` for input; whether a read would not block.
    fn ready(&self, timeout: Duration) -> bool;
}

#[cfg(unix)]
impl<T: std::os::fd::AsFd> PollFd for T {
    fn ready(&self, timeout: Duration) -> bool {
        let mut fd = libc::pollfd {
            fd: std::os::fd::AsRawFd::as_raw_fd(&self.as_fd()),
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = timeout.as_millis().min(i32::MAX as u128) as libc::c_int;
        // SAFETY: one valid pollfd for the duration of the call. Readable,
        // hung up or failed: a read returns at once (data, end or error).
        unsafe { libc::poll(&mut fd, 1, ms) != 0 }
    }
}

#[cfg(not(unix))]
impl<T> PollFd for T {
    fn ready(&self, _timeout: Duration) -> bool {
        true
    }
}

/// Opens `path` for reading without blocking (a FIFO with no writer, a
/// terminal that would become ours) and says what the descriptor is.
#[cfg(unix)]
pub(super) fn open_file(path: &Path) -> Result<(File, Identity), OpenError> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(OpenError::Directory);
    }
    if !meta.is_file() {
        // Reads of a stream block again, as they would have.
        use std::os::unix::io::AsRawFd;
        let fd = file.as_raw_fd();
        // SAFETY: fcntl on a descriptor we own.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFL);
            if flags >= 0 {
                libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK);
            }
        }
    }
    Ok((file, Identity::of(&meta)))
}

#[cfg(not(unix))]
pub(super) fn open_file(path: &Path) -> Result<(File, Identity), OpenError> {
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(OpenError::Directory);
    }
    Ok((file, Identity::of(&meta)))
}

/// A FIFO opened without a writer reads as ended; wait for one (or for
/// the end), as a blocking open would have. Anything else is ready.
#[cfg(unix)]
pub(super) fn wait_for_writer(file: &File) -> io::Result<()> {
    use std::os::unix::fs::FileTypeExt;
    if !file.metadata()?.file_type().is_fifo() {
        return Ok(());
    }
    // Linux reports no hang-up to a reader that has seen no writer yet,
    // so poll returns when a writer has written or come and gone.
    while !file.ready(Duration::from_secs(3600)) {}
    Ok(())
}

#[cfg(not(unix))]
pub(super) fn wait_for_writer(_file: &File) -> io::Result<()> {
    Ok(())
}
