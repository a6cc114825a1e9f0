//! Converting one large mapped input on several threads (`-j N`).
//!
//! An input can be cut after any newline (0x0A) when its decoder forgets
//! everything there ([`Encoding::resets_at_newline`]), the text transform
//! carries nothing across it ([`resets_at_newline`][transform]) and the
//! output encoder is back in its initial state there
//! ([`Encoding::encoder_resets_at_newline`]); [`split_encoding`] decides. The
//! slice is cut after the first newline at or past every quarter of
//! `piece_size` bytes ([`piece_end`], [`PIECE_PARTS`]). Worker threads take
//! the pieces in order, each converting its piece the way one thread
//! converts a whole input ([`Converter::convert_slice`]) into a buffer of
//! its own, and the calling thread writes the buffers strictly in input
//! order; while the next one is not there, it converts the next piece
//! itself rather than sleep (one worker fewer, and the writer is seldom
//! woken). At most `jobs + 1` pieces are taken and not yet written (each
//! holding its input pages and its output buffer), so memory stays bounded
//! whatever the input size; written buffers are reused. The last piece,
//! which may be long (the rest of the input after a line too long to wait
//! for its end), is converted by the calling thread straight into the
//! sink, as one thread would.
//!
//! The first piece is decoded with the caller's settings (so it sniffs and
//! removes a BOM); the others with the encoding that sniff settled on
//! ([`input_encoding`]), without BOM handling. Each piece starts at the
//! beginning of a line, so its positions are turned into the whole input's
//! by [`pieces::Start::shift`]: adding the byte offset of the piece (malformed
//! input), the decoded text before it (unrepresentable characters) and the
//! lines before it; columns need nothing. The output, the counts, the first
//! replacements and the first error are therefore exactly those of a
//! one-thread run: when a piece stops with an error, what it wrote before
//! the error is written, later pieces are dropped, and the error is reported
//! with the summary of everything before it.
//!
//! [transform]: super::TextTransform::resets_at_newline

use super::{ConvertError, Converter, Hooks, Settings, Shifted, Summary};
use crate::codec::{input_encoding, Encoding};
use std::collections::BTreeMap;
use std::io::Write;
use std::ops::Range;
use std::sync::{mpsc, Condvar, Mutex, MutexGuard, PoisonError};

mod pieces;
pub(super) use pieces::{convert_piece, renewed, Piece, Totals};

/// How many threads may convert one input, and how it is cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parallelism {
    /// Threads converting pieces (1: everything on the calling thread).
    pub jobs: usize,
    /// The unit of splitting, in bytes: a mapped input is cut into pieces
    /// of a quarter of it (`PIECE_PARTS`; each then runs on to the next
    /// newline), a stream read in blocks of a quarter of it (module
    /// `stream`). An input shorter than four units is not split.
    pub piece_size: usize,
}

impl Parallelism {
    /// The unit unless told otherwise: big enough that handing pieces and
    /// blocks around costs nothing measurable, small enough that the
    /// `jobs + 1` out at once (input pages and output buffers) stay a few
    /// MiB.
    pub const DEFAULT_PIECE_SIZE: usize = 1 << 20;

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

    /// The smallest input that is split: four pieces (4 MiB by default).
    pub fn min_split_size(&self) -> usize {
        self.piece_size.max(1).saturating_mul(4)
    }
}

impl Default for Parallelism {
    fn default() -> Parallelism {
        Parallelism::single()
    }
}

/// The encoding every piece after the first is decoded with, when `bytes`
/// can be split under `settings`: the input encoding, or the one its BOM
/// names (a UTF-16 BOM makes the input unsplittable). The one place that
/// decides: the decoder, the text transform and the encoder must each be
/// back at their start after a newline.
pub(super) fn split_encoding(settings: &Settings, bytes: &[u8]) -> Option<&'static Encoding> {
    let (encoding, _) = input_encoding(settings.from, settings.sniff_bom, bytes);
    let splittable = encoding.resets_at_newline()
        && settings.transform.resets_at_newline()
        && settings.to.encoder_resets_at_newline();
    splittable.then_some(encoding)
}

/// A mapped input's pieces are a quarter of [`Parallelism::piece_size`]
/// (256 KiB by default). Every output buffer's first use costs a page fault
/// per page (cleared by the kernel), and about `jobs + 1` of them are in use,
/// while handing a piece to the writer costs little since the writer
/// converts pieces too: 64 MiB of windows-1252 with `-j2` took 867 page
/// faults and 219 context switches in pieces of 256 KiB, 1,413 and 46 in
/// pieces of 1 MiB, and 9% less CPU time (bench/RESULTS.md, session 11).
const PIECE_PARTS: usize = 4;

/// How far past `piece_size` a piece may run on to find its newline. Beyond
/// that (a very long line) the rest of the input is the last piece.
const MIN_REACH: usize = 64 * 1024;

/// Where the piece that starts at `start` ends: after the first newline at
/// or past `piece_size` bytes. `None` when that newline is missing or too
/// far (more than `max(piece_size, MIN_REACH)` bytes further): the rest of
/// the input is then the last piece.
fn piece_end(bytes: &[u8], start: usize, piece_size: usize) -> Option<usize> {
    let piece_size = piece_size.max(1);
    if bytes.len() - start <= piece_size {
        return None;
    }
    let from = start + piece_size - 1;
    let to = bytes.len().min(from + piece_size.max(MIN_REACH));
    let newline = bytes[from..to].iter().position(|&b| b == b'\n')?;
    Some(from + newline + 1)
}

/// Every piece's end, the last piece's included (for tests).
#[cfg(test)]
fn piece_ends(bytes: &[u8], piece_size: usize) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut start = 0;
    while let Some(end) = piece_end(bytes, start, piece_size) {
        ends.push(end);
        start = end;
    }
    if ends.last() != Some(&bytes.len()) {
        ends.push(bytes.len());
    }
    ends
}

/// Which pieces are taken and written, shared by the threads. Pieces are
/// cut as they are taken, so that finding the newlines touches no more of
/// the input than converting does.
struct Queue {
    /// The next piece to take, and where it starts.
    next: usize,
    next_start: usize,
    /// Pieces written so far.
    written: usize,
    /// The last piece has been reached (it is not taken by the workers), or
    /// the writer has stopped.
    stop: bool,
}

/// What [`Shared::take`] found.
enum Take {
    /// Piece `.0`, which covers `.1`.
    Piece(usize, Range<usize>),
    /// The pieces before `.0` are all there is; the last one starts at `.1`.
    Last(usize, usize),
    /// Nothing (more) to take, or no room now for the writer.
    Nothing,
}

/// What a worker tells the writer.
enum Report {
    /// Piece `.0`, which covers `.1`, converted.
    Piece(usize, Range<usize>, Box<Piece>),
    /// The pieces before `.0` are all there is; the last one starts at `.1`.
    Last(usize, usize),
}

struct Shared<'a> {
    bytes: &'a [u8],
    piece_size: usize,
    first: Settings,
    rest: Settings,
    /// Pieces that may be taken and not yet written.
    window: usize,
    queue: Mutex<Queue>,
    changed: Condvar,
    /// Output buffers already written, for reuse.
    spare: Mutex<Vec<Vec<u8>>>,
}

/// Runs its function when dropped while the thread panics: a worker's way
/// of telling the others to stop.
pub(super) struct OnPanic<F: FnMut()>(pub F);

impl<F: FnMut()> Drop for OnPanic<F> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            (self.0)();
        }
    }
}

pub(super) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Shared<'_> {
    fn settings(&self, i: usize) -> Settings {
        if i == 0 {
            self.first
        } else {
            self.rest
        }
    }

    /// Takes the next piece when the window allows, waiting for room if
    /// `wait` (a worker; the writer never waits here: it makes the room).
    fn take(&self, wait: bool) -> Take {
        let mut q = lock(&self.queue);
        loop {
            if q.stop {
                return Take::Nothing;
            }
            if q.next < q.written + self.window {
                let (i, start) = (q.next, q.next_start);
                let Some(end) = piece_end(self.bytes, start, self.piece_size) else {
                    q.stop = true;
                    drop(q);
                    self.changed.notify_all();
                    return Take::Last(i, start);
                };
                q.next += 1;
                q.next_start = end;
                return Take::Piece(i, start..end);
            }
            if !wait {
                return Take::Nothing;
            }
            q = self.changed.wait(q).unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Converts piece `i` (`range` of the input) with the thread's
    /// `converter`, into a written piece's buffer when there is one.
    fn convert(&self, converter: &mut Option<Converter>, i: usize, range: &Range<usize>) -> Piece {
        let out = lock(&self.spare).pop().unwrap_or_default();
        convert_piece(converter, self.settings(i), &self.bytes[range.clone()], out)
    }

    fn worker(&self, reports: mpsc::Sender<Report>) {
        // A panic (a bug) stops everything, so that the other workers end
        // and the writer, seeing no more reports, returns.
        let _guard = OnPanic(|| self.set(|q| q.stop = true));
        let mut converter = None;
        loop {
            let report = match self.take(true) {
                Take::Piece(i, range) => {
                    let piece = Box::new(self.convert(&mut converter, i, &range));
                    Report::Piece(i, range, piece)
                }
                Take::Last(i, start) => Report::Last(i, start),
                Take::Nothing => return,
            };
            if reports.send(report).is_err() {
                return;
            }
        }
    }

    /// `n` pieces are written: the window lets one more be taken, by one
    /// waiting worker (the others would wait on).
    fn wrote(&self, n: usize) {
        lock(&self.queue).written = n;
        self.changed.notify_one();
    }

    fn set(&self, f: impl FnOnce(&mut Queue)) {
        f(&mut lock(&self.queue));
        self.changed.notify_all();
    }
}

/// Converts `bytes` split into pieces (see the module documentation) and
/// writes the output to `sink` in order, when `parallelism` and the
/// encodings allow it. Returns the summary of the whole input (or of what
/// came before the error) and how it ended; `None` when the input is not
/// split (one job, a small input, encodings that keep state across
/// lines): nothing was done. Threads that cannot be started leave their
/// pieces to the calling thread.
pub(super) fn convert_split<W: Write + ?Sized>(
    settings: Settings,
    parallelism: Parallelism,
    bytes: &[u8],
    sink: &mut W,
    hooks: &mut dyn Hooks,
) -> Option<(Summary, Result<(), ConvertError>)> {
    if parallelism.jobs <= 1 || bytes.len() < parallelism.min_split_size() {
        return None;
    }
    let rest = split_encoding(&settings, bytes)?;
    let piece_size = (parallelism.piece_size / PIECE_PARTS).max(1);
    let workers = parallelism.jobs.clamp(1, bytes.len() / piece_size + 1);
    let shared = Shared {
        bytes,
        piece_size,
        first: settings,
        rest: Settings {
            from: rest,
            sniff_bom: false,
            ..settings
        },
        window: workers + 1,
        queue: Mutex::new(Queue {
            next: 0,
            next_start: 0,
            written: 0,
            stop: false,
        }),
        changed: Condvar::new(),
        spare: Mutex::new(Vec::new()),
    };
    let mut total = Totals::new(settings.from, bytes);
    let result = std::thread::scope(|scope| {
        // The calling thread converts pieces too, while the next one to
        // write is not there: one thread fewer to wake per piece.
        let (reports, received) = mpsc::channel();
        for _ in 1..workers {
            let reports = reports.clone();
            let shared = &shared;
            let worker = std::thread::Builder::new().spawn_scoped(scope, move || {
                shared.worker(reports);
            });
            if worker.is_err() {
                break;
            }
        }
        drop(reports);
        let _guard = OnPanic(|| shared.set(|q| q.stop = true));
        let result = write_in_order(&shared, &received, &mut total, sink, hooks);
        shared.set(|q| q.stop = true);
        result
    })
    .and_then(|(i, start)| {
        // The last piece, which may be long (a line with no end in sight),
        // is converted here straight into the sink.
        let mut converter = Converter::new(shared.settings(i));
        let hooks = &mut Shifted { hooks, start };
        let result = converter.convert_windows(&bytes[start..], sink, hooks);
        total.add(i, start, Piece::of(&converter, result.err(), Vec::new()))
    });
    Some((total.summary, result))
}

/// The writing side of [`convert_split`]: waits for each piece but the last
/// in turn (converting later ones meanwhile), writes it and adds it to
/// `total`. Returns the index and start of the last piece.
fn write_in_order<W: Write + ?Sized>(
    shared: &Shared<'_>,
    received: &mpsc::Receiver<Report>,
    total: &mut Totals<'_>,
    sink: &mut W,
    hooks: &mut dyn Hooks,
) -> Result<(usize, usize), ConvertError> {
    let mut ready = BTreeMap::new();
    let mut last = None;
    let mut converter = None;
    for i in 0.. {
        let (range, mut piece) = loop {
            if let Some(piece) = ready.remove(&i) {
                break piece;
            }
            match last {
                Some((n, start)) if n == i => return Ok((n, start)),
                _ => {}
            }
            let report = match received.try_recv() {
                Ok(report) => report,
                Err(_) => match shared.take(false) {
                    Take::Piece(j, range) => {
                        let piece = Box::new(shared.convert(&mut converter, j, &range));
                        Report::Piece(j, range, piece)
                    }
                    Take::Last(n, start) => Report::Last(n, start),
                    Take::Nothing => match received.recv() {
                        Ok(report) => report,
                        Err(_) => {
                            return Err(ConvertError::Internal("a conversion thread stopped"))
                        }
                    },
                },
            };
            match report {
                Report::Piece(j, range, piece) => {
                    ready.insert(j, (range, piece));
                }
                Report::Last(n, start) => last = Some((n, start)),
            }
        };
        let out = std::mem::take(&mut piece.out);
        sink.write_all(&out[..piece.out_len])
            .map_err(ConvertError::Write)?;
        total.add(i, range.start, *piece)?;
        lock(&shared.spare).push(out);
        shared.wrote(i + 1);
        hooks.progress(range.end as u64);
        hooks.consumed(range.end);
    }
    Err(ConvertError::Internal("too many pieces"))
}

#[cfg(test)]
mod tests;
