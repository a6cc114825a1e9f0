//! The calling thread's side of a stream's split: it writes the blocks in
//! input order and adds up their accounts; while the next block to write
//! is not ready it converts a queued one, the next itself whole, a later
//! one a part at a time, writing the blocks that become ready between the
//! parts (otherwise they would wait for the whole block, the reader for
//! room, and the workers for blocks: bench/RESULTS.md, session 10).

use super::{Block, Last, Pipe, Report};
use crate::convert::parallel::{lock, renewed, Piece, Totals};
use crate::convert::{ConvertError, Converter};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::mpsc;

/// A block converted ahead is converted in this many parts, with a look
/// for blocks to write after each but the last (a quarter of a block
/// delays the blocks before it a quarter as much).
const PARTS: usize = 4;

/// A converted block waiting for its turn: where it starts, whether the
/// stream paused after it, its piece, its input and its newlines.
type Ready = (usize, bool, Box<Piece>, Vec<u8>, u64);

/// The writer's state: blocks converted and not yet written, the next one
/// to write, what the reader left, and where the blocks go.
struct Writer<'w, 't, W: Write + ?Sized> {
    ready: BTreeMap<usize, Ready>,
    next: usize,
    last: Option<Last>,
    total: &'w mut Totals<'t>,
    sink: &'w mut W,
    progress: &'w mut dyn FnMut(u64),
    watch: &'w mut dyn FnMut(&[u8]),
}

impl Pipe {
    /// The calling thread: writes each block in turn and adds it to
    /// `total`; returns what the reader left.
    pub(super) fn write_in_order<W: Write + ?Sized>(
        &self,
        received: &mpsc::Receiver<Report>,
        total: &mut Totals<'_>,
        sink: &mut W,
        progress: &mut dyn FnMut(u64),
        watch: &mut dyn FnMut(&[u8]),
    ) -> Result<Last, ConvertError> {
        let mut w = Writer {
            ready: BTreeMap::new(),
            next: 0,
            last: None,
            total,
            sink,
            progress,
            watch,
        };
        let mut converter = None;
        loop {
            w.write_ready(self)?;
            if let Some(last) = w.last.take_if(|l| l.i == w.next) {
                return Ok(last);
            }
            let queued = lock(&self.flow).blocks.pop_front();
            let report = match queued {
                Some(block) if block.i == w.next => self.convert(block, &mut converter),
                Some(block) => self.convert_in_parts(block, &mut converter, &mut || {
                    while let Ok(report) = received.try_recv() {
                        w.take(report);
                    }
                    w.write_ready(self)
                })?,
                None => received
                    .recv()
                    .map_err(|_| ConvertError::Internal("a conversion thread stopped"))?,
            };
            w.take(report);
        }
    }

    /// [`Pipe::convert`] in [`PARTS`] parts, calling `between` between
    /// them.
    fn convert_in_parts(
        &self,
        block: Block,
        slot: &mut Option<Converter>,
        between: &mut dyn FnMut() -> Result<(), ConvertError>,
    ) -> Result<Report, ConvertError> {
        let converter = renewed(slot, self.settings(block.i));
        let mut out = Filled {
            buf: Pipe::buffer(&self.spare_out),
            len: 0,
        };
        let bytes = &block.bytes;
        let part = bytes.len().div_ceil(PARTS).max(1);
        let mut at = 0;
        loop {
            let end = bytes.len().min(at + part);
            let last = end == bytes.len();
            if converter.feed(&bytes[at..end], last, &mut out).is_err() {
                // The account after an error (bytes decoded, text length)
                // is the whole block's: convert it whole.
                lock(&self.spare_out).push(out.buf);
                return Ok(self.convert(block, slot));
            }
            if last {
                break;
            }
            between()?;
            at = end;
        }
        Ok(block.converted(Piece::within(converter, None, out.buf, out.len)))
    }
}

impl<W: Write + ?Sized> Writer<'_, '_, W> {
    fn take(&mut self, report: Report) {
        match report {
            Report::Piece {
                i,
                start,
                pause,
                piece,
                input,
                lines,
            } => {
                self.ready.insert(i, (start, pause, piece, input, lines));
            }
            Report::Last(last) => self.last = Some(last),
            Report::Queued => {}
        }
    }

    /// Writes the blocks ready from the next one on, and tells the reader
    /// of the room made.
    fn write_ready(&mut self, pipe: &Pipe) -> Result<(), ConvertError> {
        while let Some((start, pause, mut piece, input, lines)) = self.ready.remove(&self.next) {
            let out = std::mem::take(&mut piece.out);
            self.sink
                .write_all(&out[..piece.out_len])
                .map_err(ConvertError::Write)?;
            (self.watch)(&input);
            self.total.add(self.next, start, *piece)?;
            self.total.counted_to(start + input.len(), lines);
            if pause {
                self.sink.flush().map_err(ConvertError::Write)?;
            }
            (self.progress)((start + input.len()) as u64);
            lock(&pipe.spare_out).push(out);
            lock(&pipe.spare_in).push(input);
            self.next += 1;
            let mut f = lock(&pipe.flow);
            f.written = self.next;
            let wake = f.reader_waits;
            drop(f);
            if wake {
                pipe.room.notify_one();
            }
        }
        Ok(())
    }
}

/// Output written into a reused buffer from its start, the buffer keeping
/// its length (all of it initialised, as [`Piece::out`] is) so that it is
/// not zeroed again.
struct Filled {
    buf: Vec<u8>,
    len: usize,
}

impl Write for Filled {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let end = self.len + bytes.len();
        if end > self.buf.len() {
            self.buf.resize(end.max(self.buf.len() * 2), 0);
        }
        self.buf[self.len..end].copy_from_slice(bytes);
        self.len = end;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::Flow;
    use super::*;
    use crate::codec::{SHIFT_JIS, UTF_8, WINDOWS_1252};
    use crate::convert::tests::settings;
    use crate::convert::{ErrorMode, Settings};
    use std::sync::{Condvar, Mutex};

    fn pipe(s: Settings, spare: Vec<u8>) -> Pipe {
        Pipe {
            first: s,
            rest: Settings {
                sniff_bom: false,
                ..s
            },
            window: 4,
            flow: Mutex::new(Flow::default()),
            queued: Condvar::new(),
            room: Condvar::new(),
            spare_in: Mutex::new(Vec::new()),
            spare_out: Mutex::new(vec![spare]),
        }
    }

    /// A report's output and account, to compare, and whether it failed.
    fn shown(report: Report) -> (String, bool) {
        let Report::Piece {
            i,
            start,
            pause,
            piece,
            input,
            lines,
        } = report
        else {
            panic!("not a piece");
        };
        let out = &piece.out[..piece.out_len];
        let shown = format!(
            "{i} {start} {pause} {out:?} {:?} {:?} {} {input:?} {lines}",
            piece.summary, piece.error, piece.text_len
        );
        (shown, piece.error.is_some())
    }

    #[test]
    fn a_block_converted_in_parts_is_the_block_converted_whole() {
        let text = "\u{FEFF}caf\u{E9} \u{65E5}\u{672C}\u{8A9E} \u{20AC}5\n\u{1F600} x\n".repeat(9);
        let (sjis, _) = SHIFT_JIS.encode(&text).unwrap();
        let mut bad = sjis.clone();
        bad.splice(40..40, [0x81, 0xFF, b'\n', 0xA0]);
        let cases = [
            (SHIFT_JIS, UTF_8, ErrorMode::Replacement, &sjis),
            (SHIFT_JIS, UTF_8, ErrorMode::Replacement, &bad),
            (SHIFT_JIS, UTF_8, ErrorMode::Fatal, &bad),
            (SHIFT_JIS, WINDOWS_1252, ErrorMode::Html, &bad),
            (SHIFT_JIS, WINDOWS_1252, ErrorMode::Fatal, &sjis),
        ];
        for (from, to, mode, input) in cases {
            for (i, len) in [(0, input.len()), (1, input.len()), (1, 3), (1, 1)] {
                // A spare buffer too short for the output, and one longer.
                for spare in [vec![0xAA; 7], vec![0xAA; 4 * input.len()]] {
                    let s = settings(from, to, mode);
                    let block = || Block {
                        i,
                        start: 100,
                        pause: true,
                        bytes: input[..len].to_vec(),
                    };
                    let whole = pipe(s, spare.clone()).convert(block(), &mut None);
                    let mut looks = 0;
                    let parts = pipe(s, spare)
                        .convert_in_parts(block(), &mut None, &mut || {
                            looks += 1;
                            Ok(())
                        })
                        .unwrap();
                    let case = format!("{from:?} -> {to:?} {mode:?} block {i} of {len}");
                    let (parts, whole) = (shown(parts), shown(whole));
                    assert_eq!(parts, whole, "{case}");
                    // Fatal stops at the first error, after fewer looks.
                    if !whole.1 {
                        assert_eq!(looks, len.min(PARTS) - 1, "{case}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_failed_write_between_parts_stops_the_block() {
        let s = settings(SHIFT_JIS, UTF_8, ErrorMode::Replacement);
        let block = Block {
            i: 1,
            start: 0,
            pause: false,
            bytes: b"one\ntwo\nthree\nfour\n".to_vec(),
        };
        let mut looks = 0;
        let result = pipe(s, Vec::new()).convert_in_parts(block, &mut None, &mut || {
            looks += 1;
            Err(ConvertError::Internal("the sink failed"))
        });
        assert!(matches!(
            result,
            Err(ConvertError::Internal("the sink failed"))
        ));
        assert_eq!(looks, 1);
    }
}
