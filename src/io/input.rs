//! Inputs: regular files are memory-mapped, everything else is a stream.

use super::bus::{Gate, Shrank, Watched};
use super::identity::Identity;
use super::open::{open_file, wait_for_writer, OpenError, PollFd};
use super::signals;
use crate::convert::{
    self, ConvertError, Hooks, Parallelism, Settings, Stream, Summary, SLICE_WINDOW,
};
use memmap2::{Mmap, MmapOptions};
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where an input comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// Standard input (no FILE, or `-`).
    Stdin,
    Path(PathBuf),
}

/// An opened input.
pub struct Input {
    data: Data,
    /// What the descriptor was when opened (None: standard input closed).
    identity: Option<Identity>,
    /// The first bytes of a stream, for `-f auto` and the mismatch hint.
    head: Head,
}

/// The start of a streamed input: read ahead by [`Input::peek`] (and then
/// converted first), or recorded as it is converted ([`Input::keep_head`]).
#[derive(Default)]
struct Head {
    bytes: Vec<u8>,
    /// How many bytes to keep.
    limit: usize,
    /// `bytes` were read ahead and are still to be converted.
    peeked: bool,
    /// The end of the input was reached within `bytes`.
    complete: bool,
    /// More bytes were read than kept.
    overflowed: bool,
}

enum Data {
    /// A regular file, mapped whole (and its descriptor, to look at it
    /// again). The map is watched for a truncation ([`bus`]) until it is
    /// unmapped: the watch is dropped first.
    Mapped(Watched, Mmap, File),
    /// A file that cannot be mapped (a FIFO, a device, an empty or `/proc`
    /// file, or a failed map): read as a stream.
    File(File),
    Stdin,
}

impl Input {
    /// Opens `source` once: its descriptor is what is converted and what
    /// [`identity`](Input::identity) describes. A FIFO waits for a writer
    /// (as `open` would); see [`Input::open_regular`] for one that may not.
    /// `bus_message` is what to print (to standard error) if a mapped file
    /// shrinks under us; see [`signals::guard_mapped_input`].
    pub fn open(source: &Origin, bus_message: &str) -> Result<Input, OpenError> {
        let path = match source {
            Origin::Stdin => {
                return Ok(Input {
                    data: Data::Stdin,
                    identity: Identity::of_fd(0),
                    head: Head::default(),
                })
            }
            Origin::Path(path) => path,
        };
        let (file, identity) = open_file(path)?;
        if !identity.regular {
            wait_for_writer(&file)?;
        }
        Ok(Input::from_file(file, identity, bus_message))
    }

    /// Opens `path` once, without blocking whatever it is (a FIFO put in
    /// its place cannot hold the run), and only if it is a regular file.
    pub fn open_regular(path: &Path, bus_message: &str) -> Result<Input, OpenError> {
        let (file, identity) = open_file(path)?;
        if !identity.regular {
            return Err(OpenError::NotRegular);
        }
        Ok(Input::from_file(file, identity, bus_message))
    }

    fn from_file(file: File, identity: Identity, bus_message: &str) -> Input {
        let input = |data| Input {
            data,
            identity: Some(identity),
            head: Head::default(),
        };
        if !identity.regular || identity.size == 0 || usize::try_from(identity.size).is_err() {
            return input(Data::File(file));
        }
        signals::guard_mapped_input(bus_message);
        // SAFETY: the map is read-only and private to this process. Another
        // process may still change the file while we read it; shrinking it
        // raises SIGBUS, which the handler installed above absorbs for a
        // registered map ([`bus`]: zeros read, never written, and the input
        // ends in a read error), or turns into an error message and exit
        // status 1.
        match unsafe { MmapOptions::new().map(&file) } {
            Ok(map) => {
                let _ = map.advise(memmap2::Advice::Sequential);
                let watched = Watched::register(map.as_ptr(), map.len());
                input(Data::Mapped(watched, map, file))
            }
            Err(_) => input(Data::File(file)),
        }
    }

    /// What the input's descriptor was when opened: which file, its size
    /// and time then (None for a closed standard input).
    pub fn identity(&self) -> Option<Identity> {
        self.identity
    }

    /// A second descriptor for the input's file (a `dup`, not a second
    /// open by name), to read it back; None for standard input.
    pub fn file(&self) -> Option<io::Result<File>> {
        match &self.data {
            Data::Mapped(_, _, file) | Data::File(file) => Some(file.try_clone()),
            Data::Stdin => None,
        }
    }

    /// Whether the file changed (its size or modification time, from its
    /// descriptor) since it was opened; for standard input, never.
    pub fn moved(&self) -> io::Result<bool> {
        let file = match &self.data {
            Data::Mapped(_, _, file) | Data::File(file) => file,
            Data::Stdin => return Ok(false),
        };
        let (Some(then), now) = (self.identity, Identity::of_file(file)?) else {
            return Ok(false);
        };
        Ok(then.moved(&now))
    }

    /// The input's size, when known in advance (mapped files).
    pub fn size(&self) -> Option<u64> {
        match &self.data {
            Data::Mapped(_, map, _) => Some(map.len() as u64),
            _ => None,
        }
    }

    /// Whether the input is memory-mapped.
    pub fn is_mapped(&self) -> bool {
        matches!(self.data, Data::Mapped(..))
    }

    /// All of a memory-mapped input (None for a stream), for the
    /// detector's pass over late evidence: nothing is consumed.
    pub fn mapped(&self) -> Option<&[u8]> {
        match &self.data {
            Data::Mapped(_, map, _) => Some(map),
            _ => None,
        }
    }

    /// The first bytes of the input, up to `limit`, without consuming them:
    /// the start of a mapped file, or bytes read ahead from a stream (which
    /// [`convert`](Input::convert) then converts first). A stream is read
    /// until `limit` bytes, its end, or until `enough` says so. Also says
    /// whether that is the whole input. Only before converting.
    pub fn peek(
        &mut self,
        limit: usize,
        enough: &mut dyn FnMut(&[u8]) -> bool,
    ) -> io::Result<(&[u8], bool)> {
        self.head.limit = limit;
        let head = &mut self.head;
        let mut read = |r: &mut dyn Read| -> io::Result<()> {
            head.peeked = true;
            let mut buf = [0u8; 8192];
            while head.bytes.len() < limit && !enough(&head.bytes) {
                let room = buf.len().min(limit - head.bytes.len());
                match r.read(&mut buf[..room]) {
                    Ok(0) => {
                        head.complete = true;
                        break;
                    }
                    Ok(n) => head.bytes.extend_from_slice(&buf[..n]),
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            }
            Ok(())
        };
        match &mut self.data {
            Data::Mapped(..) => {}
            Data::File(file) => read(file)?,
            Data::Stdin => read(&mut io::stdin().lock())?,
        }
        Ok(self.head())
    }

    /// Keeps the first `limit` bytes of a stream as they are converted, for
    /// [`head`](Input::head) (no read-ahead: output still flows as input
    /// arrives). Nothing to do for a mapped file or after [`peek`](Input::peek).
    pub fn keep_head(&mut self, limit: usize) {
        if !self.head.peeked {
            self.head.limit = limit;
        }
    }

    /// The first bytes peeked or kept (for a mapped file, up to the limit
    /// given), and whether they are the whole input.
    pub fn head(&self) -> (&[u8], bool) {
        match &self.data {
            Data::Mapped(_, map, _) => {
                let n = map.len().min(self.head.limit);
                (&map[..n], n == map.len())
            }
            _ => (&self.head.bytes, self.head.complete),
        }
    }

    /// Converts all of this input under `settings` into `sink` (a mapped
    /// file split across threads as `parallelism` allows). `progress` hears
    /// the input bytes done so far. Returns the account of the conversion
    /// (of what came before the error, if any) and how it ended.
    pub fn convert<W: Write + ?Sized>(
        &mut self,
        settings: Settings,
        parallelism: Parallelism,
        sink: &mut W,
        progress: &mut dyn FnMut(u64),
    ) -> (Summary, Result<(), ConvertError>) {
        self.convert_watched(settings, parallelism, sink, progress, &mut |_| {})
    }

    /// [`convert`](Input::convert), also showing `watch` every input byte,
    /// in order, once (a mapped file's pages just before they are released).
    pub fn convert_watched<W: Write + ?Sized>(
        &mut self,
        settings: Settings,
        parallelism: Parallelism,
        sink: &mut W,
        progress: &mut dyn FnMut(u64),
        watch: &mut dyn FnMut(&[u8]),
    ) -> (Summary, Result<(), ConvertError>) {
        let mut from_stream = |stream: &mut dyn Stream, sink: &mut W| {
            convert::convert_stream(settings, parallelism, stream, sink, progress, watch)
        };
        match &mut self.data {
            Data::Mapped(watched, map, file) => {
                let mut hooks = Released {
                    map,
                    released: 0,
                    progress,
                    watch,
                };
                let mut gate = Gate {
                    watched,
                    inner: sink,
                };
                let converted = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    convert::convert_bytes(settings, parallelism, map, &mut gate, &mut hooks)
                }));
                // Shrunk: whatever the conversion says (or how it panicked,
                // having read bytes that changed), the input failed.
                if watched.shrank() {
                    let summary = converted.map_or(Summary::nothing(settings.from), |(s, _)| s);
                    return (summary, Err(ConvertError::Read(Shrank::error())));
                }
                let (summary, result) =
                    converted.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                // Bytes that broke the codec's contract (a decoder read them
                // twice, and they changed in between) in a file that moved:
                // the input changed, not a bug.
                let moved = || {
                    Identity::of_file(file)
                        .is_ok_and(|now| self.identity.is_some_and(|then| then.moved(&now)))
                };
                if matches!(result, Err(ConvertError::Internal(_))) && moved() {
                    return (summary, Err(ConvertError::Read(Shrank::error())));
                }
                (summary, result)
            }
            Data::File(file) => from_stream(&mut HeadReader::new(&mut self.head, file), sink),
            Data::Stdin => {
                widen_pipe(&io::stdin());
                from_stream(&mut HeadReader::new(&mut self.head, io::stdin()), sink)
            }
        }
    }
}

/// A mapped input's hooks: progress, and pages dropped (after `watch` has
/// seen them) as the driver says the input before them is consumed, in
/// steps of at least [`SLICE_WINDOW`] bytes, whatever the progress
/// reports do.
struct Released<'a> {
    map: &'a Mmap,
    released: usize,
    progress: &'a mut dyn FnMut(u64),
    watch: &'a mut dyn FnMut(&[u8]),
}

impl Hooks for Released<'_> {
    fn progress(&mut self, done: u64) {
        (self.progress)(done)
    }

    fn consumed(&mut self, up_to: usize) {
        if up_to - self.released >= SLICE_WINDOW || up_to == self.map.len() {
            (self.watch)(&self.map[self.released..up_to]);
            // Pages already converted are dropped from this process so
            // resident memory stays flat; they are clean file pages.
            release(self.map, self.released, up_to);
            self.released = up_to;
        }
    }
}

/// A stream that first gives back the bytes [`Input::peek`] read ahead,
/// and otherwise keeps a copy of the first `head.limit` bytes it reads.
struct HeadReader<'a, R> {
    head: &'a mut Head,
    /// How many peeked bytes were given back.
    replayed: usize,
    inner: R,
}

impl<'a, R: Read> HeadReader<'a, R> {
    fn new(head: &'a mut Head, inner: R) -> Self {
        HeadReader {
            head,
            replayed: 0,
            inner,
        }
    }
}

impl<R: Read> Read for HeadReader<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let head = &mut *self.head;
        if head.peeked {
            let rest = &head.bytes[self.replayed..];
            if !rest.is_empty() {
                let n = rest.len().min(buf.len());
                buf[..n].copy_from_slice(&rest[..n]);
                self.replayed += n;
                return Ok(n);
            }
            return self.inner.read(buf);
        }
        let n = self.inner.read(buf)?;
        let room = head.limit - head.bytes.len();
        head.bytes.extend_from_slice(&buf[..n.min(room)]);
        head.overflowed |= n > room;
        head.complete = n == 0 && !head.overflowed;
        Ok(n)
    }
}

impl<R: Read + Send + PollFd> Stream for HeadReader<'_, R> {
    fn wait(&mut self, timeout: Duration) -> bool {
        let head = &self.head;
        (head.peeked && self.replayed < head.bytes.len()) || self.inner.ready(timeout)
    }
}

/// Lets a pipe hold up to a piece of input (1 MiB, Linux's limit for
/// unprivileged processes) rather than 64 KiB, so that a fast producer
/// writes ahead while wenc converts, with fewer switches between the two
/// (measured: `cat 64MiB | wenc -f shift_jis` 4% faster with one thread,
/// 27% with two). Nothing happens for anything but a pipe, or if refused.
#[cfg(target_os = "linux")]
fn widen_pipe(stream: &impl std::os::fd::AsFd) {
    use std::os::fd::AsRawFd;
    let fd = stream.as_fd().as_raw_fd();
    // SAFETY: fcntl on a descriptor this process holds; F_SETPIPE_SZ fails
    // (harmlessly) on anything but a pipe.
    unsafe {
        libc::fcntl(
            fd,
            libc::F_SETPIPE_SZ,
            Parallelism::DEFAULT_PIECE_SIZE as libc::c_int,
        )
    };
}

#[cfg(not(target_os = "linux"))]
fn widen_pipe<T>(_stream: &T) {}

#[cfg(unix)]
fn release(map: &Mmap, from: usize, to: usize) {
    // Only whole pages: dropping the page that holds `to` while the rest of
    // it is still to be read would fault it in again, and with it (fault-
    // around) the pages before it that were already dropped, for good. The
    // start is rounded down by memmap2: the part of a page the previous
    // call kept is dropped now.
    let to = if to == map.len() {
        to
    } else {
        to - to % page_size()
    };
    if to <= from {
        return;
    }
    // SAFETY: a read-only file mapping: MADV_DONTNEED only drops pages,
    // which are read again from the file if touched later.
    let _ =
        unsafe { map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, from, to - from) };
}

#[cfg(unix)]
pub(super) fn page_size() -> usize {
    use std::sync::OnceLock;
    static SIZE: OnceLock<usize> = OnceLock::new();
    // SAFETY: sysconf has no preconditions.
    *SIZE.get_or_init(|| match unsafe { libc::sysconf(libc::_SC_PAGESIZE) } {
        n if n > 0 => n as usize,
        _ => 4096,
    })
}

#[cfg(not(unix))]
fn release(_map: &Mmap, _from: usize, _to: usize) {}
