//! Inputs: regular files are memory-mapped, everything else is a stream.

use super::signals;
use crate::convert::{ConvertError, Converter, Summary, SLICE_WINDOW};
use memmap2::{Mmap, MmapOptions};
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// Where an input comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Standard input (no FILE, or `-`).
    Stdin,
    Path(PathBuf),
}

/// Why an input cannot be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("is a directory")]
    Directory,
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// An opened input.
pub struct Input {
    data: Data,
}

enum Data {
    /// A regular file, mapped whole.
    Mapped(Mmap),
    /// A file that cannot be mapped (a FIFO, a device, an empty or `/proc`
    /// file, or a failed map): read as a stream.
    File(File),
    Stdin,
}

impl Input {
    /// Opens `source`. `bus_message` is what to print (to standard error) if
    /// a mapped file shrinks under us; see [`signals::guard_mapped_input`].
    pub fn open(source: &Source, bus_message: &str) -> Result<Input, OpenError> {
        let path = match source {
            Source::Stdin => return Ok(Input { data: Data::Stdin }),
            Source::Path(path) => path,
        };
        let file = open_file(path)?;
        let meta = file.metadata()?;
        if !meta.is_file() || meta.len() == 0 || usize::try_from(meta.len()).is_err() {
            return Ok(Input {
                data: Data::File(file),
            });
        }
        signals::guard_mapped_input(bus_message);
        // SAFETY: the map is read-only and private to this process. Another
        // process may still change the file while we read it; shrinking it
        // raises SIGBUS, which the handler installed above turns into an
        // error message and exit status 1.
        match unsafe { MmapOptions::new().map(&file) } {
            Ok(map) => {
                let _ = map.advise(memmap2::Advice::Sequential);
                Ok(Input {
                    data: Data::Mapped(map),
                })
            }
            Err(_) => Ok(Input {
                data: Data::File(file),
            }),
        }
    }

    /// The input's size, when known in advance (mapped files).
    pub fn size(&self) -> Option<u64> {
        match &self.data {
            Data::Mapped(map) => Some(map.len() as u64),
            _ => None,
        }
    }

    /// Whether the input is memory-mapped.
    pub fn is_mapped(&self) -> bool {
        matches!(self.data, Data::Mapped(_))
    }

    /// Runs all of this input through `converter` into `sink`. `progress`
    /// hears the input bytes done so far.
    pub fn convert<W: Write + ?Sized>(
        &mut self,
        converter: &mut Converter,
        sink: &mut W,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Summary, ConvertError> {
        self.convert_watched(converter, sink, progress, &mut |_| {})
    }

    /// [`convert`](Input::convert), also showing `watch` every input byte,
    /// in order, once (a mapped file's pages just before they are released).
    pub fn convert_watched<W: Write + ?Sized>(
        &mut self,
        converter: &mut Converter,
        sink: &mut W,
        progress: &mut dyn FnMut(u64),
        watch: &mut dyn FnMut(&[u8]),
    ) -> Result<Summary, ConvertError> {
        match &mut self.data {
            Data::Mapped(map) => {
                let map: &Mmap = map;
                let mut released = 0;
                let mut watched = 0;
                let mut on_progress = |done: u64| {
                    progress(done);
                    let done_len = done as usize;
                    if done_len > watched {
                        watch(&map[watched..done_len]);
                        watched = done_len;
                    }
                    // Pages already converted are dropped from this process so
                    // resident memory stays flat; they are clean file pages.
                    let done = done as usize;
                    if done - released >= SLICE_WINDOW || done == map.len() {
                        release(map, released, done);
                        released = done;
                    }
                };
                converter.convert_slice(map, sink, &mut on_progress)
            }
            Data::File(file) => converter.convert_reader(&mut Watched(file, watch), sink, progress),
            Data::Stdin => {
                let mut stdin = io::stdin().lock();
                converter.convert_reader(&mut Watched(&mut stdin, watch), sink, progress)
            }
        }
    }
}

/// A reader that shows what it reads to a watcher.
struct Watched<'a, R: Read + ?Sized>(&'a mut R, &'a mut dyn FnMut(&[u8]));

impl<R: Read + ?Sized> Read for Watched<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.0.read(buf)?;
        (self.1)(&buf[..n]);
        Ok(n)
    }
}

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
fn page_size() -> usize {
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

/// Reads up to `n` bytes from the start of `source` (for `--sniff`).
pub fn read_prefix(source: &Source, n: usize) -> Result<Vec<u8>, OpenError> {
    let mut buf = vec![0; n];
    let mut filled = 0;
    let mut read = |r: &mut dyn Read| -> io::Result<()> {
        while filled < n {
            match r.read(&mut buf[filled..]) {
                Ok(0) => break,
                Ok(k) => filled += k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    };
    match source {
        Source::Stdin => read(&mut io::stdin().lock())?,
        Source::Path(path) => {
            let mut file = open_file(path)?;
            read(&mut file)?;
        }
    }
    buf.truncate(filled);
    Ok(buf)
}

fn open_file(path: &Path) -> Result<File, OpenError> {
    let file = File::open(path)?;
    if file.metadata()?.is_dir() {
        return Err(OpenError::Directory);
    }
    Ok(file)
}
