//! Converting one large mapped input on several threads (`-j N`).
//!
//! An input can be cut after any newline (0x0A) when its decoder forgets
//! everything there ([`Encoding::resets_at_newline`]) and the output encoder
//! is back in its initial state there ([`Encoding::encoder_resets_at_newline`]). The
//! slice is cut after the first newline at or past every `piece_size`
//! bytes ([`piece_end`]). Worker threads take the pieces in order, each
//! converting its piece with a fresh [`Converter`] that keeps its output in a
//! buffer of its own, and the calling thread writes the buffers strictly in
//! input order. At most `jobs + 1` pieces are taken and not yet written
//! (each holding its input pages and its output buffer), so memory stays
//! bounded whatever the input size; written buffers are reused. The last piece, which may be long (the
//! rest of the input after a line too long to wait for its end), is
//! converted by the calling thread straight into the sink, as one thread
//! would.
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

use super::{position, ConvertError, Converter, Settings, Summary};
use crate::codec::{bom_sniff, Encoding};
use std::collections::BTreeMap;
use std::io::Write;
use std::ops::Range;
use std::sync::{mpsc, Condvar, Mutex, MutexGuard, PoisonError};

/// How many threads may convert one input, and how it is cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parallelism {
    /// Threads converting pieces (1: everything on the calling thread).
    pub jobs: usize,
    /// Bytes per piece (each piece then runs on to the next newline). An
    /// input shorter than four pieces is not split.
    pub piece_size: usize,
}

impl Parallelism {
    /// The piece size unless told otherwise: big enough that handing pieces
    /// around costs nothing measurable, small enough that `jobs + 1` of them
    /// (input pages and output buffers) stay a few MiB.
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
/// names (a UTF-16 BOM makes the input unsplittable).
pub(super) fn split_encoding(settings: &Settings, bytes: &[u8]) -> Option<&'static Encoding> {
    let sniffed = if settings.sniff_bom {
        bom_sniff(bytes).map(|(encoding, _)| encoding)
    } else {
        None
    };
    let encoding = sniffed.unwrap_or(settings.from);
    (encoding.resets_at_newline() && settings.to.encoder_resets_at_newline()).then_some(encoding)
}

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

/// The part of a conversion that shifting needs: a piece's findings,
/// positions relative to the piece.
struct Piece {
    /// The output: `out[..len]`.
    out: Vec<u8>,
    len: usize,
    summary: Summary,
    error: Option<ConvertError>,
    /// Decoded text in the piece, in UTF-8 bytes.
    text_len: u64,
}

/// Converts one piece into `out`, with a fresh converter (`finish` turns its
/// state into a [`Piece`]).
fn convert_piece<W: Write + ?Sized>(
    settings: Settings,
    bytes: &[u8],
    out: &mut W,
    progress: &mut dyn FnMut(u64),
) -> (Converter, Option<ConvertError>) {
    let mut converter = Converter::new(settings);
    let result = converter.convert_slice_here(bytes, out, progress);
    (converter, result.err())
}

/// Converts one piece on a worker: into `out`, which the converter writes
/// in place. UTF-8 to UTF-8 (no BOM to remove) is copied into `out` and the
/// copy validated: what is validated is what is written, even if the file
/// changes meanwhile (checking only, nothing is copied). Otherwise, or if
/// the copy is not valid, the pass-through writes `out`.
fn convert_piece_into(settings: Settings, bytes: &[u8], mut out: Vec<u8>) -> Piece {
    let mut converter = Converter::new(settings);
    if converter.can_pass_through(bytes) {
        let bom = settings.sniff_bom && bom_sniff(bytes).is_some();
        out.clear();
        if !bom {
            let checked: &[u8] = if converter.write_output {
                out.extend_from_slice(bytes);
                &out
            } else {
                bytes
            };
            if simdutf8::basic::from_utf8(checked).is_ok() {
                let len = out.len();
                return Piece {
                    out,
                    len,
                    summary: Summary {
                        bytes_read: bytes.len() as u64,
                        ..converter.summary()
                    },
                    error: None,
                    text_len: bytes.len() as u64,
                };
            }
            out.clear();
        }
        let result = converter.pass_through(bytes, &mut out, &mut |_| {});
        let len = out.len();
        return finish(&converter, result.err(), out, len);
    }
    converter.keep_output(out);
    // The converter keeps its output: this sink sees nothing.
    let result = converter.convert_slice_here(bytes, &mut std::io::sink(), &mut |_| {});
    let (out, len) = converter.take_output();
    finish(&converter, result.err(), out, len)
}

fn finish(converter: &Converter, error: Option<ConvertError>, out: Vec<u8>, len: usize) -> Piece {
    let text_len = converter.text_done();
    Piece {
        out,
        len,
        summary: converter.summary(),
        error,
        text_len,
    }
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

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
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

    /// Takes the next piece when the window allows. `None` when there is
    /// nothing more for the workers to do; the one that finds the last piece
    /// reports it.
    fn take(&self, reports: &mpsc::Sender<Report>) -> Option<(usize, Range<usize>)> {
        let mut q = lock(&self.queue);
        loop {
            if q.stop {
                return None;
            }
            if q.next < q.written + self.window {
                let (i, start) = (q.next, q.next_start);
                let Some(end) = piece_end(self.bytes, start, self.piece_size) else {
                    q.stop = true;
                    drop(q);
                    self.changed.notify_all();
                    let _ = reports.send(Report::Last(i, start));
                    return None;
                };
                q.next += 1;
                q.next_start = end;
                return Some((i, start..end));
            }
            q = self.changed.wait(q).unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn worker(&self, reports: mpsc::Sender<Report>) {
        /// Stops everything if the worker panics (a bug), so that the other
        /// workers end and the writer, seeing no more reports, returns.
        struct Guard<'a, 'b>(&'a Shared<'b>);
        impl Drop for Guard<'_, '_> {
            fn drop(&mut self) {
                if std::thread::panicking() {
                    self.0.set(|q| q.stop = true);
                }
            }
        }
        let _guard = Guard(self);
        while let Some((i, range)) = self.take(&reports) {
            let out = lock(&self.spare).pop().unwrap_or_default();
            let bytes = &self.bytes[range.clone()];
            let piece = Box::new(convert_piece_into(self.settings(i), bytes, out));
            if reports.send(Report::Piece(i, range, piece)).is_err() {
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
/// came before the error) and how it ended; `None` when no thread could be
/// started (nothing was done).
pub(super) fn convert_split<W: Write + ?Sized>(
    settings: Settings,
    rest: &'static Encoding,
    bytes: &[u8],
    parallelism: Parallelism,
    sink: &mut W,
    progress: &mut dyn FnMut(u64),
) -> Option<(Summary, Result<(), ConvertError>)> {
    let piece_size = parallelism.piece_size.max(1);
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
    let mut total = Totals {
        summary: Summary::empty(settings.from),
        text: 0,
        bytes,
        counted: 0,
        lines: 0,
    };
    let result = std::thread::scope(|scope| {
        let (reports, received) = mpsc::channel();
        let mut started = 0;
        for _ in 0..workers {
            let reports = reports.clone();
            let shared = &shared;
            let worker = std::thread::Builder::new().spawn_scoped(scope, move || {
                shared.worker(reports);
            });
            match worker {
                Ok(_) => started += 1,
                Err(_) => break,
            }
        }
        drop(reports);
        if started == 0 {
            return None;
        }
        let result = write_in_order(&shared, &received, &mut total, sink, progress);
        shared.set(|q| q.stop = true);
        Some(result)
    })?
    .and_then(|(i, start)| {
        // The last piece, which may be long (a line with no end in sight),
        // is converted here straight into the sink.
        let (converter, error) =
            convert_piece(shared.settings(i), &bytes[start..], sink, &mut |n| {
                progress(start as u64 + n)
            });
        total.add(i, start, finish(&converter, error, Vec::new(), 0))
    });
    Some((total.summary, result))
}

/// The whole input's account so far.
struct Totals<'a> {
    summary: Summary,
    /// Decoded text so far, in UTF-8 bytes.
    text: u64,
    /// The input, and the newlines in `bytes[..counted]`, counted only
    /// when a position needs them. In the encodings that are split, U+000A
    /// comes from the byte 0x0A and nothing else, and every 0x0A byte
    /// decodes to it, so newlines in the input are lines in the text.
    bytes: &'a [u8],
    counted: usize,
    lines: u64,
}

impl Totals<'_> {
    /// Lines before `offset` in the input (a piece's start).
    fn lines_before(&mut self, offset: usize) -> u64 {
        self.lines += position::count_newlines(&self.bytes[self.counted..offset]);
        self.counted = offset;
        self.lines
    }

    /// Adds piece `i`, which starts at byte `offset`: its counts, its first
    /// replacements and its error, positions shifted to the whole input's.
    fn add(&mut self, i: usize, offset: usize, piece: Piece) -> Result<(), ConvertError> {
        let summary = piece.summary;
        if i == 0 {
            self.summary.input_encoding = summary.input_encoding;
        }
        self.summary.bytes_read += summary.bytes_read;
        self.summary.malformed += summary.malformed;
        self.summary.unmappable += summary.unmappable;
        let text = self.text;
        if let (None, Some(mut m)) = (self.summary.first_malformed, summary.first_malformed) {
            m.offset += offset as u64;
            m.position.line += self.lines_before(offset);
            self.summary.first_malformed = Some(m);
        }
        if let (None, Some(mut u)) = (self.summary.first_unmappable, summary.first_unmappable) {
            u.text_offset += text;
            u.position.line += self.lines_before(offset);
            self.summary.first_unmappable = Some(u);
        }
        self.text += piece.text_len;
        match piece.error {
            None => Ok(()),
            Some(ConvertError::Malformed(mut m)) => {
                m.offset += offset as u64;
                m.position.line += self.lines_before(offset);
                Err(ConvertError::Malformed(m))
            }
            Some(ConvertError::Unmappable(mut u)) => {
                u.text_offset += text;
                u.position.line += self.lines_before(offset);
                Err(ConvertError::Unmappable(u))
            }
            Some(other) => Err(other),
        }
    }
}

/// The writing side of [`convert_split`]: waits for each piece but the last
/// in turn, writes it and adds it to `total`. Returns the index and start
/// of the last piece.
fn write_in_order<W: Write + ?Sized>(
    shared: &Shared<'_>,
    received: &mpsc::Receiver<Report>,
    total: &mut Totals<'_>,
    sink: &mut W,
    progress: &mut dyn FnMut(u64),
) -> Result<(usize, usize), ConvertError> {
    let mut ready = BTreeMap::new();
    let mut last = None;
    for i in 0.. {
        let (range, mut piece) = loop {
            if let Some(piece) = ready.remove(&i) {
                break piece;
            }
            match last {
                Some((n, start)) if n == i => return Ok((n, start)),
                _ => {}
            }
            match received.recv() {
                Ok(Report::Piece(j, range, piece)) => {
                    ready.insert(j, (range, piece));
                }
                Ok(Report::Last(n, start)) => last = Some((n, start)),
                Err(_) => return Err(ConvertError::Internal("a conversion thread stopped")),
            }
        };
        let out = std::mem::take(&mut piece.out);
        if piece.len > 0 {
            sink.write_all(&out[..piece.len])
                .map_err(ConvertError::Write)?;
        }
        total.add(i, range.start, *piece)?;
        lock(&shared.spare).push(out);
        shared.set(|q| q.written = i + 1);
        progress(range.end as u64);
    }
    Err(ConvertError::Internal("too many pieces"))
}

#[cfg(test)]
mod tests {
    use super::super::ErrorMode;
    use super::*;
    use crate::codec::{
        BIG5, EUC_JP, EUC_KR, GB18030, SHIFT_JIS, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252,
        X_USER_DEFINED,
    };
    use crate::codec::{HZ_GB_2312, ISO_2022_JP, ISO_2022_KR};
    use std::io;

    fn settings(from: &'static Encoding, to: &'static Encoding, mode: ErrorMode) -> Settings {
        Settings {
            from,
            to,
            mode,
            sniff_bom: true,
            write_output: true,
            transform: Default::default(),
        }
    }

    /// Everything a conversion shows: output, result, final summary, and
    /// whether it was split.
    #[derive(Debug, PartialEq)]
    struct Run {
        out: Vec<u8>,
        result: Result<Summary, String>,
        summary: Summary,
        split: bool,
        /// Line and column of the unrepresentable character that stopped it.
        stopped_at: Option<(u64, u64)>,
    }

    fn run(s: Settings, input: &[u8], p: Parallelism) -> Run {
        let mut out = Vec::new();
        let mut c = Converter::new(s).with_parallelism(p);
        let mut last = 0;
        let result = c.convert_slice(input, &mut out, &mut |n| {
            assert!(n >= last, "progress went back");
            last = n;
        });
        if result.is_ok() {
            assert_eq!(last, input.len() as u64, "progress did not reach the end");
        }
        let stopped_at = match &result {
            Err(ConvertError::Unmappable(u)) => Some((u.position.line, u.position.column)),
            _ => None,
        };
        Run {
            out,
            stopped_at,
            result: result.map_err(|e| format!("{e:?}")),
            summary: c.summary(),
            split: c.split,
        }
    }

    /// Splits with `jobs` threads and pieces of `piece_size` bytes, checks the
    /// run against one thread, and says whether it was split.
    fn same_as_one_thread(s: Settings, input: &[u8], jobs: usize, piece_size: usize) -> bool {
        let one = run(s, input, Parallelism::single());
        assert!(!one.split);
        let p = Parallelism { jobs, piece_size };
        let what = format!(
            "{} -> {} {:?} write={} jobs={jobs} piece={piece_size}",
            s.from, s.to, s.mode, s.write_output
        );
        let many = run(s, input, p);
        assert_eq!(many.result, one.result, "{what}");
        assert!(many.out == one.out, "{what}: output differs");
        match one.stopped_at {
            None => assert_eq!(many.summary, one.summary, "{what}"),
            Some(at) => {
                // After an unrepresentable character, how far decoding ran
                // ahead of encoding (counting replacements) depends on buffer
                // sizes; replacements before the character do not.
                let before = |r: &Run| {
                    r.summary
                        .first_malformed
                        .filter(|m| (m.position.line, m.position.column) <= at)
                };
                assert_eq!(before(&many), before(&one), "{what}");
                assert_eq!(many.summary.input_encoding, one.summary.input_encoding);
            }
        }
        many.split
    }

    /// Deterministic text of `lines` lines mixing scripts (some characters
    /// are unrepresentable in any one legacy encoding).
    fn text(lines: usize) -> String {
        const WORDS: &[&str] = &[
            "the",
            "caf\u{E9}",
            "\u{20AC}5",
            "\u{65E5}\u{672C}\u{8A9E}",
            "\u{3072}\u{3089}",
            "\u{4E2D}\u{6587}",
            "\u{D55C}\u{AD6D}\u{C5B4}",
            "\u{43F}\u{440}\u{438}",
            "\u{1F600}",
            "\u{FF5E}",
            "x",
            "\t",
            "\u{FFFD}",
            "\u{5F71}\u{97FF}",
        ];
        let mut seed = 0x2545_F491_u32;
        let mut out = String::new();
        for _ in 0..lines {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            for _ in 0..(seed >> 16) % 12 {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                out.push_str(WORDS[(seed >> 16) as usize % WORDS.len()]);
                out.push(' ');
            }
            out.push('\n');
        }
        out
    }

    /// `text` in `enc` (html references for what it lacks), with malformed
    /// bytes before and after many newlines: 0x81 (a lead byte, or a stray
    /// continuation in UTF-8) ending a line, 0xFF starting one.
    fn input(enc: &'static Encoding, text: &str, malformed: bool) -> Vec<u8> {
        let encoded = enc.encode(text).map_or_else(Vec::new, |(b, _)| b);
        if !malformed {
            return encoded;
        }
        let mut out = Vec::with_capacity(encoded.len() * 2);
        for (i, line) in encoded.split_inclusive(|&b| b == b'\n').enumerate() {
            if i % 3 == 1 {
                out.extend_from_slice(&line[..line.len() - 1]);
                out.extend_from_slice(b"\x81\n");
            } else {
                out.extend_from_slice(line);
            }
            if i % 5 == 2 {
                out.push(0xFF);
            }
        }
        out
    }

    #[test]
    fn pieces_end_after_newlines() {
        assert_eq!(piece_ends(b"", 4), [0]);
        assert_eq!(piece_ends(b"abc", 4), [3]);
        assert_eq!(piece_ends(b"abcdefgh", 4), [8]);
        assert_eq!(piece_ends(b"ab\ncd\nef\ngh", 1), [3, 6, 9, 11]);
        assert_eq!(piece_ends(b"ab\ncd\nef\ngh\n", 1), [3, 6, 9, 12]);
        assert_eq!(piece_ends(b"ab\ncd\nef\ngh\n", 3), [3, 6, 9, 12]);
        assert_eq!(piece_ends(b"ab\ncd\nef\ngh\n", 4), [6, 12]);
        assert_eq!(piece_ends(b"\n\n\n\n\n", 2), [2, 4, 5]);
        // A newline too far away ends the splitting.
        let mut long = vec![b'a'; 3 * MIN_REACH];
        long[10] = b'\n';
        long[MIN_REACH + 10] = b'\n';
        long[2 * MIN_REACH + 20] = b'\n';
        assert_eq!(piece_ends(&long, 5), [11, MIN_REACH + 11, long.len()]);
        assert_eq!(
            piece_ends(&long, MIN_REACH + 20),
            [2 * MIN_REACH + 21, long.len()]
        );
        let text = text(500);
        for size in [1, 2, 10, 100, 1000] {
            let ends = piece_ends(text.as_bytes(), size);
            let mut start = 0;
            for (i, &end) in ends.iter().enumerate() {
                assert!(end > start || text.is_empty());
                if i + 1 < ends.len() {
                    assert_eq!(text.as_bytes()[end - 1], b'\n');
                    assert!(end - start >= size);
                    // The first newline that makes the piece long enough.
                    assert!(!text.as_bytes()[start + size - 1..end - 1].contains(&b'\n'));
                }
                start = end;
            }
            assert_eq!(start, text.len());
        }
    }

    #[test]
    fn which_inputs_are_split() {
        let s = |from, to| settings(from, to, ErrorMode::Replacement);
        let plain = b"abc\n".as_slice();
        assert_eq!(split_encoding(&s(UTF_8, UTF_16LE), plain), Some(UTF_8));
        assert_eq!(split_encoding(&s(SHIFT_JIS, UTF_8), plain), Some(SHIFT_JIS));
        assert_eq!(split_encoding(&s(UTF_16LE, UTF_8), plain), None);
        assert_eq!(split_encoding(&s(UTF_16BE, UTF_8), plain), None);
        assert_eq!(split_encoding(&s(ISO_2022_JP, UTF_8), plain), None);
        assert_eq!(split_encoding(&s(UTF_8, ISO_2022_JP), plain), None);
        assert_eq!(split_encoding(&s(UTF_8, ISO_2022_KR), plain), None);
        assert_eq!(split_encoding(&s(HZ_GB_2312, UTF_8), plain), None);
        assert_eq!(split_encoding(&s(UTF_8, HZ_GB_2312), plain), Some(UTF_8));
        assert_eq!(
            split_encoding(&s(crate::codec::REPLACEMENT, UTF_8), plain),
            None
        );
        // A BOM decides.
        let utf8_bom = b"\xEF\xBB\xBFabc\n".as_slice();
        let utf16_bom = b"\xFF\xFEa\x00".as_slice();
        assert_eq!(split_encoding(&s(UTF_16LE, UTF_8), utf8_bom), Some(UTF_8));
        assert_eq!(
            split_encoding(&s(WINDOWS_1252, UTF_8), utf8_bom),
            Some(UTF_8)
        );
        assert_eq!(split_encoding(&s(UTF_8, UTF_8), utf16_bom), None);
        let ignore = Settings {
            sniff_bom: false,
            ..s(WINDOWS_1252, UTF_8)
        };
        assert_eq!(split_encoding(&ignore, utf16_bom), Some(WINDOWS_1252));
        // Small inputs and one job are never split.
        let text = text(50);
        let p = Parallelism {
            jobs: 4,
            piece_size: text.len() / 4 + 1,
        };
        assert!(!run(s(UTF_8, UTF_8), text.as_bytes(), p).split);
        let p = Parallelism {
            jobs: 1,
            piece_size: 1,
        };
        assert!(!run(s(UTF_8, UTF_8), text.as_bytes(), p).split);
        let p = Parallelism {
            jobs: 2,
            piece_size: 64,
        };
        assert!(run(s(UTF_8, UTF_8), text.as_bytes(), p).split);
        assert!(run(s(UTF_8, UTF_16LE), text.as_bytes(), p).split);
        assert!(run(s(WINDOWS_1252, UTF_8), text.as_bytes(), p).split);
        assert_eq!(Parallelism::new(0).jobs, 1);
        assert_eq!(Parallelism::default(), Parallelism::single());
        assert!(Parallelism::available().jobs >= 1);
    }

    #[test]
    fn split_runs_match_one_thread_in_every_mode() {
        let long = text(700);
        let short = text(40);
        let froms = [
            UTF_8,
            WINDOWS_1252,
            SHIFT_JIS,
            GB18030,
            EUC_KR,
            BIG5,
            EUC_JP,
            X_USER_DEFINED,
        ];
        for from in froms {
            for malformed in [false, true] {
                let long = input(from, &long, malformed);
                let short = input(from, &short, malformed);
                for to in [UTF_8, UTF_16LE, WINDOWS_1252, SHIFT_JIS] {
                    let modes = [
                        ErrorMode::Replacement,
                        ErrorMode::Fatal,
                        ErrorMode::Html,
                        ErrorMode::Subst('?'),
                    ];
                    for mode in modes {
                        for write_output in [true, false] {
                            let s = Settings {
                                write_output,
                                ..settings(from, to, mode)
                            };
                            assert!(same_as_one_thread(s, &long, 3, 257));
                            assert!(same_as_one_thread(s, &long, 2, 4096));
                            assert!(same_as_one_thread(s, &short, 4, 1));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn positions_are_those_of_the_whole_input() {
        // Errors in the last of many pieces: offsets, lines and text offsets
        // all need the pieces before.
        let mut input = "\u{E9}t\u{E9}\n".repeat(5000).into_bytes();
        input.extend_from_slice(b"ok \xC3\n\xE2\x82 \xE3\x81\x82 \xF0\x9F\x98\x80\n");
        let s = settings(UTF_8, WINDOWS_1252, ErrorMode::Html);
        assert!(same_as_one_thread(s, &input, 4, 100));
        let r = run(
            s,
            &input,
            Parallelism {
                jobs: 4,
                piece_size: 100,
            },
        );
        let m = r.summary.first_malformed.unwrap();
        assert_eq!(
            (m.offset, m.position.line, m.position.column),
            (30_003, 5001, 4)
        );
        assert_eq!(r.summary.malformed, 2);
        let u = r.summary.first_unmappable.unwrap();
        assert_eq!(
            (u.ch, u.position.line, u.position.column),
            ('\u{FFFD}', 5001, 4)
        );
        assert_eq!(u.text_offset, 30_003);
        assert_eq!(r.summary.unmappable, 4);
        assert_eq!(r.summary.bytes_read, input.len() as u64);

        let s = settings(UTF_8, WINDOWS_1252, ErrorMode::Fatal);
        let r = run(
            s,
            &input,
            Parallelism {
                jobs: 4,
                piece_size: 100,
            },
        );
        assert!(r.split);
        let expected = format!("{:?}", ConvertError::Malformed(m));
        assert_eq!(r.result, Err(expected));
        assert_eq!(r.out.len(), 20_003, "the text before the error");
        assert!(same_as_one_thread(s, &input, 4, 100));
        let s = settings(UTF_8, WINDOWS_1252, ErrorMode::Replacement);
        assert!(same_as_one_thread(s, &input, 4, 100));
    }

    #[test]
    fn a_bom_is_handled_once_at_the_start() {
        let body = text(300);
        let mut utf8 = b"\xEF\xBB\xBF".to_vec();
        utf8.extend_from_slice(body.as_bytes());
        utf8.extend_from_slice(b"\xEF\xBB\xBF in the middle\n\xFF\n");
        for from in [WINDOWS_1252, UTF_8, UTF_16LE, SHIFT_JIS] {
            for sniff_bom in [true, false] {
                for mode in [ErrorMode::Replacement, ErrorMode::Fatal] {
                    let s = Settings {
                        sniff_bom,
                        ..settings(from, UTF_8, mode)
                    };
                    let splits = same_as_one_thread(s, &utf8, 2, 64);
                    assert_eq!(splits, sniff_bom || from.resets_at_newline());
                }
            }
        }
        let r = run(
            settings(WINDOWS_1252, UTF_8, ErrorMode::Replacement),
            &utf8,
            Parallelism {
                jobs: 2,
                piece_size: 64,
            },
        );
        assert_eq!(r.summary.input_encoding, UTF_8);
        assert_eq!(&r.out[..body.len()], body.as_bytes());
        assert_eq!(
            r.summary.first_malformed.unwrap().offset,
            utf8.len() as u64 - 2
        );

        // A UTF-16 BOM: one thread.
        let mut utf16 = b"\xFF\xFE".to_vec();
        for unit in body.encode_utf16() {
            utf16.extend_from_slice(&unit.to_le_bytes());
        }
        for from in [UTF_8, WINDOWS_1252] {
            let s = settings(from, UTF_8, ErrorMode::Replacement);
            assert!(!same_as_one_thread(s, &utf16, 2, 64));
        }
        // ISO-2022-JP in or out: one thread.
        let jis = ISO_2022_JP.encode(&body).unwrap().0;
        let s = settings(ISO_2022_JP, UTF_8, ErrorMode::Replacement);
        assert!(!same_as_one_thread(s, &jis, 2, 64));
        let s = settings(UTF_8, ISO_2022_JP, ErrorMode::Html);
        assert!(!same_as_one_thread(s, body.as_bytes(), 2, 64));
    }

    #[test]
    fn a_failed_write_stops_every_thread() {
        /// Takes `room` bytes, then fails.
        struct Small(usize);
        impl Write for Small {
            fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
                if self.0 == 0 {
                    return Err(io::Error::from_raw_os_error(libc::ENOSPC));
                }
                let n = buf.len().min(self.0);
                self.0 -= n;
                Ok(n)
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let input = text(3000);
        let s = settings(UTF_8, UTF_16LE, ErrorMode::Replacement);
        for room in [0, 1000, 50_000] {
            let mut c = Converter::new(s).with_parallelism(Parallelism {
                jobs: 3,
                piece_size: 500,
            });
            let result = c.convert_slice(input.as_bytes(), &mut Small(room), &mut |_| {});
            assert!(matches!(result, Err(ConvertError::Write(_))));
            assert!(c.split);
        }
    }

    #[test]
    fn a_long_line_ends_the_splitting() {
        let mut input = text(200).into_bytes();
        input.extend_from_slice(b"\xFF");
        input.extend(std::iter::repeat_n(b'x', 3 * MIN_REACH));
        input.extend_from_slice(b"\xE2\x82\n");
        input.extend_from_slice(text(200).as_bytes());
        for to in [UTF_8, WINDOWS_1252] {
            for mode in [ErrorMode::Replacement, ErrorMode::Fatal, ErrorMode::Html] {
                let s = settings(UTF_8, to, mode);
                assert!(same_as_one_thread(s, &input, 3, 100));
            }
        }
    }

    #[test]
    fn an_input_without_newlines_is_one_piece() {
        let input = "\u{E9}".repeat(10_000);
        let s = settings(UTF_8, WINDOWS_1252, ErrorMode::Fatal);
        assert!(same_as_one_thread(s, input.as_bytes(), 4, 100));
        assert_eq!(piece_ends(input.as_bytes(), 100), [input.len()]);
    }
}
