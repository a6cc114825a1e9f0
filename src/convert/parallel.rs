//! Converting one large mapped input on several threads (`-j N`).
//!
//! An input can be cut after any newline (0x0A) when its decoder forgets
//! everything there ([`Encoding::resets_at_newline`]) and the output encoder
//! keeps no state between characters (every encoder but ISO-2022-JP's). The
//! slice is cut after the first newline at or past every `piece_size`
//! bytes; worker threads take the pieces in order, each converting its piece
//! with a fresh [`Converter`] into a buffer of its own, and the calling
//! thread writes the buffers strictly in input order. At most `2 × jobs`
//! pieces are taken and not yet written, so memory stays bounded whatever
//! the input size; written buffers are reused.
//!
//! The first piece is decoded with the caller's settings (so it sniffs and
//! removes a BOM); the others with the encoding that sniff settled on,
//! without BOM handling. Each piece starts at the beginning of a line, so its
//! positions are turned into the whole input's by adding the byte offset of
//! the piece (malformed input), the decoded text before it (unrepresentable
//! characters) and the lines before it; columns need nothing. The output,
//! the counts, the first replacements and the first error are therefore
//! exactly those of a one-thread run: when a piece stops with an error, what
//! it wrote before the error is written, later pieces are dropped, and the
//! error is reported with the summary of everything before it.

use super::{ConvertError, Converter, Settings, Summary};
use crate::codec::{bom_sniff, Encoding, ISO_2022_JP};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::{mpsc, Condvar, Mutex, MutexGuard, PoisonError};

/// How many threads may convert one input, and how it is cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parallelism {
    /// Threads converting pieces (1: everything on the calling thread).
    pub jobs: usize,
    /// Bytes per piece (each piece then runs on to the next newline). An
    /// input shorter than two pieces is not split.
    pub piece_size: usize,
}

impl Parallelism {
    /// The piece size unless told otherwise: big enough that handing pieces
    /// around costs nothing measurable, small enough that `2 × jobs` of them
    /// (input pages and output buffers) stay a few MiB.
    pub const DEFAULT_PIECE_SIZE: usize = 2 << 20;

    /// One thread: no splitting.
    pub fn single() -> Parallelism {
        Parallelism::new(1)
    }

    /// `jobs` threads, pieces of the default size.
    pub fn new(jobs: usize) -> Parallelism {
        Parallelism {
            jobs: jobs.max(1),
            piece_size: Parallelism::DEFAULT_PIECE_SIZE,
        }
    }

    /// As many threads as the machine offers this process.
    pub fn available() -> Parallelism {
        Parallelism::new(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// The smallest input that is split.
    pub fn min_split_size(&self) -> usize {
        self.piece_size.max(1).saturating_mul(2)
    }
}

impl Default for Parallelism {
    fn default() -> Parallelism {
        Parallelism::single()
    }
}

/// The encoding every piece after the first is decoded with, when `bytes`
/// can be split under `settings`: the input encoding, or the one its BOM
/// names (a UTF-16 BOM makes the input unsplittable).
pub(super) fn split_encoding(settings: &Settings, bytes: &[u8]) -> Option<&'static Encoding> {
    let sniffed = if settings.sniff_bom {
        bom_sniff(bytes).map(|(encoding, _)| encoding)
    } else {
        None
    };
    let encoding = sniffed.unwrap_or(settings.from);
    (encoding.resets_at_newline() && settings.to != ISO_2022_JP).then_some(encoding)
}

/// Where the pieces end: after the first newline at or past each
/// `piece_size` bytes from the previous end; the last piece ends with the
/// input.
pub(super) fn piece_ends(bytes: &[u8], piece_size: usize) -> Vec<usize> {
    let piece_size = piece_size.max(1);
    let mut ends = Vec::with_capacity(bytes.len() / piece_size + 1);
    let mut start = 0;
    while bytes.len() - start > piece_size {
        let from = start + piece_size - 1;
        match bytes[from..].iter().position(|&b| b == b'\n') {
            Some(i) => {
                start = from + i + 1;
                ends.push(start);
            }
            None => break,
        }
    }
    if ends.last() != Some(&bytes.len()) {
        ends.push(bytes.len());
    }
    ends
}

/// One converted piece, positions still relative to the piece.
struct Piece {
    out: Vec<u8>,
    summary: Summary,
    error: Option<ConvertError>,
    /// Decoded text in the piece, in UTF-8 bytes.
    text_len: u64,
    /// Newlines in the decoded text of the piece.
    lines: u64,
}

fn convert_piece(settings: Settings, bytes: &[u8], mut out: Vec<u8>) -> Piece {
    let mut converter = Converter::new(settings);
    let result = converter.convert_slice_here(bytes, &mut out, &mut |_| {});
    let (text_len, lines) = converter.text_done();
    Piece {
        out,
        summary: converter.summary(),
        error: result.err(),
        text_len,
        lines,
    }
}

/// Which pieces are taken and written, shared by the threads.
struct Queue {
    /// The next piece to take.
    next: usize,
    /// Pieces written so far.
    written: usize,
    /// The writer is done (finished, or stopped by an error).
    stop: bool,
}

struct Shared<'a> {
    bytes: &'a [u8],
    ends: &'a [usize],
    first: Settings,
    rest: Settings,
    /// Pieces that may be taken and not yet written.
    window: usize,
    queue: Mutex<Queue>,
    changed: Condvar,
    /// Output buffers already written, for reuse.
    spare: Mutex<Vec<Vec<u8>>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Shared<'_> {
    fn start(&self, i: usize) -> usize {
        if i == 0 {
            0
        } else {
            self.ends[i - 1]
        }
    }

    /// Takes the next piece when the window allows; `None` when there is
    /// nothing more to do.
    fn take(&self) -> Option<usize> {
        let mut q = lock(&self.queue);
        loop {
            if q.stop || q.next >= self.ends.len() {
                return None;
            }
            if q.next < q.written + self.window {
                q.next += 1;
                return Some(q.next - 1);
            }
            q = self.changed.wait(q).unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn worker(&self, done: mpsc::Sender<(usize, Piece)>) {
        while let Some(i) = self.take() {
            let settings = if i == 0 { self.first } else { self.rest };
            let out = lock(&self.spare).pop().unwrap_or_default();
            let piece = convert_piece(settings, &self.bytes[self.start(i)..self.ends[i]], out);
            if done.send((i, piece)).is_err() {
                return;
            }
        }
    }

    fn set(&self, f: impl FnOnce(&mut Queue)) {
        f(&mut lock(&self.queue));
        self.changed.notify_all();
    }
}

/// Converts `bytes` split into pieces (see the module documentation) and
/// writes the output to `sink` in order. `rest` is the encoding from
/// [`split_encoding`]. Returns the summary of the whole input (or of what
/// came before the error) and how it ended.
pub(super) fn convert_split<W: Write + ?Sized>(
    settings: Settings,
    rest: &'static Encoding,
    bytes: &[u8],
    parallelism: Parallelism,
    sink: &mut W,
    progress: &mut dyn FnMut(u64),
) -> (Summary, Result<(), ConvertError>) {
    let ends = piece_ends(bytes, parallelism.piece_size);
    let workers = parallelism.jobs.clamp(1, ends.len());
    let shared = Shared {
        bytes,
        ends: &ends,
        first: settings,
        rest: Settings {
            from: rest,
            sniff_bom: false,
            ..settings
        },
        window: 2 * workers,
        queue: Mutex::new(Queue {
            next: 0,
            written: 0,
            stop: false,
        }),
        changed: Condvar::new(),
        spare: Mutex::new(Vec::new()),
    };
    let mut total = Summary::empty(settings.from);
    let result = std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel();
        for _ in 0..workers {
            let done = done.clone();
            let shared = &shared;
            scope.spawn(move || shared.worker(done));
        }
        drop(done);
        let result = write_in_order(&shared, &finished, &mut total, sink, progress);
        shared.set(|q| q.stop = true);
        result
    });
    (total, result)
}

/// The writing side of [`convert_split`]: waits for each piece in turn,
/// writes it and adds it to `total`.
fn write_in_order<W: Write + ?Sized>(
    shared: &Shared<'_>,
    finished: &mpsc::Receiver<(usize, Piece)>,
    total: &mut Summary,
    sink: &mut W,
    progress: &mut dyn FnMut(u64),
) -> Result<(), ConvertError> {
    let mut ready = BTreeMap::new();
    let (mut text_before, mut lines_before) = (0, 0);
    for i in 0..shared.ends.len() {
        let piece = loop {
            if let Some(piece) = ready.remove(&i) {
                break piece;
            }
            match finished.recv() {
                Ok((j, piece)) => {
                    ready.insert(j, piece);
                }
                Err(_) => return Err(ConvertError::Internal("a conversion thread stopped")),
            }
        };
        let Piece {
            mut out,
            summary,
            error,
            text_len,
            lines,
        } = piece;
        let offset = shared.start(i) as u64;
        if i == 0 {
            total.input_encoding = summary.input_encoding;
        }
        total.bytes_read += summary.bytes_read;
        total.malformed += summary.malformed;
        total.unmappable += summary.unmappable;
        if total.first_malformed.is_none() {
            total.first_malformed = summary.first_malformed.map(|mut m| {
                m.offset += offset;
                m.position.line += lines_before;
                m
            });
        }
        if total.first_unmappable.is_none() {
            total.first_unmappable = summary.first_unmappable.map(|mut u| {
                u.text_offset += text_before;
                u.position.line += lines_before;
                u
            });
        }
        if !out.is_empty() {
            sink.write_all(&out).map_err(ConvertError::Write)?;
        }
        if let Some(error) = error {
            return Err(match error {
                ConvertError::Malformed(mut m) => {
                    m.offset += offset;
                    m.position.line += lines_before;
                    ConvertError::Malformed(m)
                }
                ConvertError::Unmappable(mut u) => {
                    u.text_offset += text_before;
                    u.position.line += lines_before;
                    ConvertError::Unmappable(u)
                }
                other => other,
            });
        }
        text_before += text_len;
        lines_before += lines;
        out.clear();
        lock(&shared.spare).push(out);
        shared.set(|q| q.written = i + 1);
        progress(shared.ends[i] as u64);
    }
    Ok(())
}
