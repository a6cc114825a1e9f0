//! The rest of a stream, converted on the calling thread as one thread
//! converts: after a long line, a read error, or a stream within one block.

use super::reader::Ending;
use super::Stream;
use crate::convert::{ConvertError, Converter};
use std::io::{self, Cursor, Read, Write};

/// Converts `tail`, then the rest of `stream` unless `ending` says
/// there is none (a read error is reported after `tail`), with `converter`
/// on the calling thread.
pub(super) fn rest_of<W: Write + ?Sized>(
    converter: &mut Converter,
    tail: Vec<u8>,
    ending: Ending,
    stream: &mut dyn Stream,
    sink: &mut W,
    progress: &mut dyn FnMut(u64),
    watch: &mut dyn FnMut(&[u8]),
) -> Result<(), ConvertError> {
    let more = match ending {
        Ending::Failed(e) => {
            watch(&tail);
            converter.feed(&tail, false, sink)?;
            progress(tail.len() as u64);
            return Err(ConvertError::Read(e));
        }
        // At its end a terminal would wait for another end of input.
        Ending::End | Ending::Stopped => 0,
        Ending::Full | Ending::Paused => u64::MAX,
    };
    let mut reader = Watched(Cursor::new(tail).chain(stream.take(more)), watch);
    converter
        .convert_reader(&mut reader, sink, progress)
        .map(|_| ())
}

/// A reader that shows what it reads to a watcher.
struct Watched<'a, R: Read>(R, &'a mut dyn FnMut(&[u8]));

impl<R: Read> Read for Watched<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.0.read(buf)?;
        (self.1)(&buf[..n]);
        Ok(n)
    }
}
