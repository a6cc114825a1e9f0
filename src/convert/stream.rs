//! Converting a stream (a pipe, standard input) on several threads (`-j N`).
//!
//! A reader thread reads the stream into blocks of a quarter of
//! `piece_size` ([`BLOCK_PARTS`]; a block with a line longer than that
//! grows up to a whole piece) and hands each out cut after its last newline
//! (the rest starts the next block), under the same rule and for the same
//! encodings as the split of a mapped file (module `parallel`,
//! [`split_encoding`]). Worker threads and the calling thread
//! convert the blocks as pieces ([`convert_piece`], each thread with its
//! own converter, renewed per block); the calling thread writes them in
//! input order (while the next one to write is not ready, it converts a
//! queued block, writing between its parts: module `writer`) and adds up
//! their accounts ([`Totals`]), so output and messages are those of one thread.
//! The threads are `jobs`, but no more than the cores ([`stream_threads`]),
//! and as many as could be started: a failed spawn means fewer workers (or,
//! for the reader, everything on the calling thread), never an error. At
//! most two blocks more than threads are out at once (with one, the reader
//! often waits for room while the workers wait for blocks), and their
//! buffers are reused, so memory is bounded whatever the stream's length
//! and `-j`.
//!
//! Output appears as input arrives: a block is handed out when it is full,
//! or as soon as the stream pauses ([`Stream::wait`] says a read would
//! block) with a newline in it, and the sink is flushed after such a block.
//! A slow producer therefore costs nothing but the wait.
//!
//! A whole piece without a newline (a very long line), a read error, and a
//! stream that ends within the first block, are converted on the calling
//! thread, from there to the end, as one thread would: a small input pays
//! for no thread.

mod reader;
mod rest;
mod writer;

use super::parallel::{convert_piece, lock, split_encoding, OnPanic, Piece, Totals};
use super::{position, ConvertError, Converter, Parallelism, Settings, Summary};
use reader::{Ending, Reader};
use rest::rest_of;
use std::collections::VecDeque;
use std::io::{Read, Write};
use std::sync::{mpsc, Condvar, Mutex, PoisonError};
use std::time::Duration;

/// A stream that can say whether input is waiting.
pub trait Stream: Read + Send {
    /// Waits at most `timeout` for input; says whether a read would now
    /// return at once (with data, or at the end of the stream). A stream
    /// that cannot tell says yes.
    fn wait(&mut self, _timeout: Duration) -> bool {
        true
    }
}

/// A stream's blocks are this many times smaller than a file's pieces:
/// every block in flight is memory touched afresh (page faults), and a
/// stream's blocks are handed round anyway. Measured with 64 MiB of
/// Shift_JIS through `cat`, -j2 against -j1 (bench/pipes.py,
/// bench/RESULTS.md): blocks of 1 MiB 1.23-1.26x, 256-384 KiB 1.39-1.43x,
/// 128 KiB 1.34x, 64 KiB 1.19x.
const BLOCK_PARTS: usize = 4;

/// Converts all of `stream` into `sink`, on `parallelism.jobs` threads when
/// its encodings allow it and it is longer than one block, else with
/// [`Converter::convert_reader`]. `progress` hears the input bytes done,
/// `watch` sees every input byte once, in order. Returns the account of the
/// conversion (of what came before the error, if any) and how it ended.
pub fn convert_stream<W: Write + ?Sized>(
    settings: Settings,
    parallelism: Parallelism,
    stream: &mut dyn Stream,
    sink: &mut W,
    progress: &mut dyn FnMut(u64),
    watch: &mut dyn FnMut(&[u8]),
) -> (Summary, Result<(), ConvertError>) {
    let piece = parallelism.piece_size.max(1);
    let mut first = Reader::new((piece / BLOCK_PARTS).max(1), piece);
    let ending = if parallelism.jobs > 1 {
        first.first_block(stream)
    } else {
        Ending::Full
    };
    let split = match &ending {
        Ending::Paused | Ending::Full if parallelism.jobs > 1 => {
            split_encoding(&settings, first.filled())
        }
        _ => None,
    };
    let Some(rest) = split else {
        let mut converter = Converter::new(settings);
        first.buf.truncate(first.len);
        let result = rest_of(
            &mut converter,
            first.buf,
            ending,
            stream,
            sink,
            progress,
            watch,
        );
        return (converter.summary(), result);
    };
    let threads = stream_threads(parallelism.jobs);
    let pipe = Pipe {
        first: settings,
        rest: Settings {
            from: rest,
            sniff_bom: false,
            ..settings
        },
        window: threads + 2,
        flow: Mutex::new(Flow::default()),
        queued: Condvar::new(),
        room: Condvar::new(),
        spare_in: Mutex::new(Vec::new()),
        spare_out: Mutex::new(Vec::new()),
    };
    // The reader's start, taken by the reader thread; still here if that
    // thread could not be started.
    let start = Mutex::new(Some((first, ending)));
    let mut total = Totals::new(settings.from, &[]);
    let threaded = std::thread::scope(|scope| {
        let (reports, received) = mpsc::channel();
        let reader = {
            let (reports, pipe, start, stream) = (reports.clone(), &pipe, &start, &mut *stream);
            std::thread::Builder::new().spawn_scoped(scope, move || {
                let (first, ending) = lock(start).take()?;
                Some(pipe.read(first, ending, stream, reports))
            })
        };
        // No reader thread: all on the calling thread, below.
        let reader = reader.ok()?;
        // The calling thread converts blocks too, while it waits to write;
        // as many workers as can be started (none is fine).
        for _ in 1..threads {
            let (reports, pipe) = (reports.clone(), &pipe);
            let worker =
                std::thread::Builder::new().spawn_scoped(scope, move || pipe.worker(reports));
            if worker.is_err() {
                break;
            }
        }
        drop(reports);
        let result = (|| {
            let end = pipe.write_in_order(&received, &mut total, sink, progress, watch)?;
            let stream = reader
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e))
                .ok_or(ConvertError::Internal("the reader did not start"))?;
            let Last {
                i,
                start,
                tail,
                ending,
            } = end;
            let mut converter = Converter::new(pipe.settings(i));
            let shifted = &mut |n| progress(start as u64 + n);
            let result = rest_of(&mut converter, tail, ending, stream, sink, shifted, watch);
            total.add(i, start, Piece::of(&converter, result.err(), Vec::new()))
        })();
        pipe.set(|f| f.stop = true);
        Some(result)
    });
    if let Some(result) = threaded {
        return (total.summary, result);
    }
    let Some((first, ending)) = lock(&start).take() else {
        return (
            total.summary,
            Err(ConvertError::Internal("the reader lost its start")),
        );
    };
    let mut converter = Converter::new(settings);
    let mut buf = first.buf;
    buf.truncate(first.len);
    let result = rest_of(&mut converter, buf, ending, stream, sink, progress, watch);
    (converter.summary(), result)
}

/// Threads for a stream: no more than `jobs`, than the cores this process
/// may use (more only wait their turn, each with a stack and blocks in
/// flight: `-j 20000` would be gigabytes), and never fewer than two, the
/// reader and the writer, so that reading overlaps converting.
fn stream_threads(jobs: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    jobs.min(cores).max(2)
}

/// What the reader left for the calling thread: block `i` on, from byte
/// `start`, `tail` then (unless it ended) the rest of the stream.
struct Last {
    i: usize,
    start: usize,
    tail: Vec<u8>,
    ending: Ending,
}

/// What the threads tell the writer.
enum Report {
    /// Block `i` (which starts at byte `start`, and after which the stream
    /// paused if `pause`) converted: its piece, its input, and its newlines.
    Piece {
        i: usize,
        start: usize,
        pause: bool,
        piece: Box<Piece>,
        input: Vec<u8>,
        lines: u64,
    },
    /// A block was queued.
    Queued,
    /// The blocks before `.i` are all the reader handed out.
    Last(Last),
}

/// A block to convert.
struct Block {
    i: usize,
    start: usize,
    pause: bool,
    bytes: Vec<u8>,
}

#[derive(Default)]
struct Flow {
    blocks: VecDeque<Block>,
    /// Blocks handed out, and written.
    handed: usize,
    written: usize,
    /// The reader is done.
    end: bool,
    /// The writer stopped (an error, or the end).
    stop: bool,
    /// Workers waiting for a block, and whether the reader waits for room:
    /// a wake-up is a system call, made only for a thread that waits.
    idle: usize,
    reader_waits: bool,
}

struct Pipe {
    first: Settings,
    rest: Settings,
    /// Blocks that may be handed out and not yet written.
    window: usize,
    flow: Mutex<Flow>,
    /// A block was queued (workers wait on it), and a block was written
    /// (the reader waits on it when the window is full); both, at the end.
    queued: Condvar,
    room: Condvar,
    /// Input and output buffers already used, for reuse (apart: an output
    /// buffer is larger, and an input buffer would have to grow).
    spare_in: Mutex<Vec<Vec<u8>>>,
    spare_out: Mutex<Vec<Vec<u8>>>,
}

impl Pipe {
    fn settings(&self, i: usize) -> Settings {
        if i == 0 {
            self.first
        } else {
            self.rest
        }
    }

    /// Changes the flow in a way every waiting thread must see (the end, a
    /// stop).
    fn set(&self, f: impl FnOnce(&mut Flow)) {
        f(&mut lock(&self.flow));
        self.queued.notify_all();
        self.room.notify_all();
    }

    fn buffer(spare: &Mutex<Vec<Vec<u8>>>) -> Vec<u8> {
        lock(spare).pop().unwrap_or_default()
    }

    /// The reader thread: hands out blocks (the first is `reader`'s) until
    /// the stream ends, fails, or has a line longer than a block, or the
    /// writer stops. Gives the stream back.
    fn read<'s>(
        &self,
        mut reader: Reader,
        mut ending: Ending,
        stream: &'s mut dyn Stream,
        reports: mpsc::Sender<Report>,
    ) -> &'s mut dyn Stream {
        let (mut i, mut start) = (0, 0);
        while let Ending::Full | Ending::Paused = ending {
            let pause = matches!(ending, Ending::Paused);
            // No newline in a full block (a long line): the rest is the
            // calling thread's.
            let Some(bytes) = reader.cut(Pipe::buffer(&self.spare_in)) else {
                break;
            };
            let len = bytes.len();
            if !self.hand_out(Block {
                i,
                start,
                pause,
                bytes,
            }) {
                return stream;
            }
            let _ = reports.send(Report::Queued);
            (i, start) = (i + 1, start + len);
            ending = reader.fill(stream, &|| lock(&self.flow).stop);
        }
        self.set(|f| f.end = true);
        reader.buf.truncate(reader.len);
        let last = Last {
            i,
            start,
            tail: reader.buf,
            ending,
        };
        let _ = reports.send(Report::Last(last));
        stream
    }

    /// Queues a block when the window allows; false when the writer stopped.
    fn hand_out(&self, block: Block) -> bool {
        let mut f = lock(&self.flow);
        while f.handed >= f.written + self.window && !f.stop {
            f.reader_waits = true;
            f = self.room.wait(f).unwrap_or_else(PoisonError::into_inner);
            f.reader_waits = false;
        }
        if f.stop {
            return false;
        }
        f.handed += 1;
        f.blocks.push_back(block);
        let wake = f.idle > 0;
        drop(f);
        if wake {
            self.queued.notify_one();
        }
        true
    }

    fn worker(&self, reports: mpsc::Sender<Report>) {
        // A panic (a bug) stops everything, so that the reader ends and the
        // writer, seeing no more reports, returns.
        let _guard = OnPanic(|| self.set(|f| f.stop = true));
        let mut converter = None;
        loop {
            let block = {
                let mut f = lock(&self.flow);
                loop {
                    if f.stop {
                        return;
                    }
                    if let Some(b) = f.blocks.pop_front() {
                        break b;
                    }
                    if f.end {
                        return;
                    }
                    f.idle += 1;
                    f = self.queued.wait(f).unwrap_or_else(PoisonError::into_inner);
                    f.idle -= 1;
                }
            };
            if reports.send(self.convert(block, &mut converter)).is_err() {
                return;
            }
        }
    }

    fn convert(&self, block: Block, converter: &mut Option<Converter>) -> Report {
        let out = Pipe::buffer(&self.spare_out);
        let piece = convert_piece(converter, self.settings(block.i), &block.bytes, out);
        block.converted(piece)
    }
}

impl Block {
    /// The report of the block converted into `piece`.
    fn converted(self, piece: Piece) -> Report {
        let lines = position::count_newlines(&self.bytes);
        Report::Piece {
            i: self.i,
            start: self.start,
            pause: self.pause,
            piece: Box::new(piece),
            input: self.bytes,
            lines,
        }
    }
}
