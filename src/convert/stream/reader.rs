//! The block a stream's reader fills: read until full, paused with a
//! newline in it, ended or failed; then cut after its last newline.

use super::Stream;
use crate::codec::could_be_bom_prefix;
use std::io;
use std::time::Duration;

/// How long the reader waits for input before it hands out what it has:
/// long enough for a fast producer to refill a pipe (so blocks stay large),
/// short enough not to be noticed.
const PAUSE: Duration = Duration::from_millis(2);

/// How often a reader waiting mid-line looks whether the writer stopped.
const IDLE: Duration = Duration::from_millis(100);

/// Why the reader stopped filling a block.
pub(super) enum Ending {
    /// It is full.
    Full,
    /// The stream has nothing for now.
    Paused,
    /// The stream ended.
    End,
    /// Reading failed.
    Failed(io::Error),
    /// The writer stopped (the stream was not read to its end).
    Stopped,
}

/// The block being filled.
pub(super) struct Reader {
    pub(super) buf: Vec<u8>,
    pub(super) len: usize,
    /// Its size now; at first, and after each cut, `base`; up to `most`
    /// for a long line.
    block: usize,
    base: usize,
    most: usize,
}

impl Reader {
    pub(super) fn new(base: usize, most: usize) -> Reader {
        Reader {
            buf: Vec::new(),
            len: 0,
            block: base,
            base,
            most: most.max(base),
        }
    }

    pub(super) fn filled(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    /// Reads until the block is full, the stream ends or fails, the stream
    /// has nothing for now and a newline is in, or `stopped`.
    pub(super) fn fill(&mut self, stream: &mut dyn Stream, stopped: &dyn Fn() -> bool) -> Ending {
        if self.buf.len() < self.block {
            self.buf.resize(self.block, 0);
        }
        loop {
            if self.len >= self.block {
                let more = (self.len * 2).min(self.most);
                if more <= self.len || self.has_newline() {
                    return Ending::Full;
                }
                // A line longer than the block: room for it, up to `most`.
                self.block = more;
                self.buf.resize(more, 0);
            }
            if !stream.wait(PAUSE) {
                if self.has_newline() {
                    return Ending::Paused;
                }
                // Mid-line: wait for more, looking for a stop now and then.
                while !stream.wait(IDLE) {
                    if stopped() {
                        return Ending::Stopped;
                    }
                }
            }
            match stream.read(&mut self.buf[self.len..self.block]) {
                Ok(0) => return Ending::End,
                Ok(n) => self.len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Ending::Failed(e),
            }
        }
    }

    /// The first block: also read on while a BOM could still be coming.
    pub(super) fn first_block(&mut self, stream: &mut dyn Stream) -> Ending {
        loop {
            let ending = self.fill(stream, &|| false);
            let sniffed = self.len >= 3 || !could_be_bom_prefix(self.filled());
            if sniffed || !matches!(ending, Ending::Paused) {
                return ending;
            }
        }
    }

    pub(super) fn has_newline(&self) -> bool {
        memchr::memrchr(b'\n', self.filled()).is_some()
    }

    /// Takes the block up to its last newline; what follows starts `next`,
    /// which becomes the block being filled. `None` without a newline.
    pub(super) fn cut(&mut self, mut next: Vec<u8>) -> Option<Vec<u8>> {
        let cut = memchr::memrchr(b'\n', self.filled())? + 1;
        self.block = self.base;
        next.resize(self.block.max(self.len - cut), 0);
        next[..self.len - cut].copy_from_slice(&self.buf[cut..self.len]);
        let mut block = std::mem::replace(&mut self.buf, next);
        block.truncate(cut);
        self.len -= cut;
        Some(block)
    }
}
