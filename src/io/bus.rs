//! A mapped input that another process truncates while wenc reads it:
//! reported for that input, without ending the run.
//!
//! Reading a page of a mapping past the file's new end raises SIGBUS. The
//! designs considered:
//! - `sigsetjmp`/`siglongjmp` out of the handler: jumps over Rust frames
//!   (locks held, destructors skipped): undefined behaviour. Rejected.
//! - Reading instead of mapping whenever another input follows: no fault
//!   at all, but a copy of every byte (measured in bench/RESULTS.md, "SIGBUS
//!   on one input"), a different path for in place (the detector's verdict
//!   then needs the whole file in memory) and for `-j`. Rejected.
//! - A read lease (`F_SETLEASE`): only for the file's owner, refused while
//!   anyone has the file open for writing, and broken by the kernel after
//!   `lease-break-time` anyway. Rejected.
//! - Chosen: the fault is absorbed where it arises. The SIGBUS handler
//!   looks the faulting address up among the registered maps; if it falls in
//!   one, it marks that map as shrunk and maps zero-filled anonymous pages
//!   over the rest of it (`MAP_FIXED`), then returns: the read that faulted
//!   is made again and sees zeros, as does every later read of those pages
//!   (no more faults). The zeros never reach the output: [`Gate`] refuses
//!   every write once the map is marked (the mark is set before the new
//!   pages exist, so any output made from them comes after it), and the
//!   input's conversion ends as a read error ([`Shrank`]). No extra work on
//!   the normal path: one registration per mapped input.
//!
//! A SIGBUS at any other address (not a truncated input) is left to the
//! fatal handler in [`super::signals`].

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// How many maps can be registered at once (one per open input; wenc
/// converts one input at a time).
const SLOTS: usize = 8;

/// A registered map: its start and length (0: a free slot), and whether it
/// shrank under us.
struct Slot {
    start: AtomicUsize,
    len: AtomicUsize,
    shrank: AtomicBool,
}

#[allow(clippy::declare_interior_mutable_const)]
const FREE: Slot = Slot {
    start: AtomicUsize::new(0),
    len: AtomicUsize::new(0),
    shrank: AtomicBool::new(false),
};
static SLOTS_IN_USE: [Slot; SLOTS] = [FREE; SLOTS];
/// The page size, read once outside the handler.
static PAGE: AtomicUsize = AtomicUsize::new(4096);

/// The mark of one registered map; dropping it (before the map is
/// unmapped) frees the slot.
#[derive(Debug)]
pub(super) struct Watched {
    slot: Option<usize>,
}

impl Watched {
    /// Registers the map at `start`, `len` bytes long. With every slot
    /// taken, the map is not watched (a fault then ends the run, as before).
    pub(super) fn register(start: *const u8, len: usize) -> Watched {
        #[cfg(unix)]
        PAGE.store(super::input::page_size(), Ordering::Relaxed);
        for (i, slot) in SLOTS_IN_USE.iter().enumerate() {
            if slot
                .len
                .compare_exchange(0, usize::MAX, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
            {
                slot.shrank.store(false, Ordering::SeqCst);
                slot.start.store(start as usize, Ordering::SeqCst);
                slot.len.store(len, Ordering::SeqCst);
                return Watched { slot: Some(i) };
            }
        }
        Watched { slot: None }
    }

    /// Whether the file shrank while mapped (and zeros were read).
    pub(super) fn shrank(&self) -> bool {
        self.slot
            .is_some_and(|i| SLOTS_IN_USE[i].shrank.load(Ordering::SeqCst))
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        if let Some(i) = self.slot {
            // Out of the handler's sight (MAX) before the start changes.
            SLOTS_IN_USE[i].len.store(usize::MAX, Ordering::SeqCst);
            SLOTS_IN_USE[i].start.store(0, Ordering::SeqCst);
            SLOTS_IN_USE[i].len.store(0, Ordering::SeqCst);
        }
    }
}

/// Called by the SIGBUS handler with the faulting address: whether the
/// fault was in a registered map and is absorbed (the handler returns).
/// Only atomics and `mmap`, a plain system call.
#[cfg(unix)]
pub(super) fn absorb(addr: usize) -> bool {
    let page = PAGE.load(Ordering::Relaxed);
    for slot in &SLOTS_IN_USE {
        let (start, len) = (
            slot.start.load(Ordering::SeqCst),
            slot.len.load(Ordering::SeqCst),
        );
        if len == 0 || len == usize::MAX || addr < start || addr - start >= len {
            continue;
        }
        // Marked first: whatever is made from the zeros comes after it.
        slot.shrank.store(true, Ordering::SeqCst);
        let from = addr - addr % page;
        let end = (start + len).div_ceil(page) * page;
        // SAFETY: [from, end) lies inside our own read-only mapping of the
        // input (registered until it is unmapped); it is replaced by
        // zero-filled private pages of the same protection.
        let mapped = unsafe {
            libc::mmap(
                from as *mut libc::c_void,
                end - from,
                libc::PROT_READ,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED,
                -1,
                0,
            )
        };
        return mapped != libc::MAP_FAILED;
    }
    false
}

/// Whether a registered map shrank: a panic now (code that read the same
/// bytes twice, once before the truncation and once after, and found them
/// different) is that input's failure, not a bug.
pub fn any_shrank() -> bool {
    SLOTS_IN_USE
        .iter()
        .any(|s| s.len.load(Ordering::SeqCst) != 0 && s.shrank.load(Ordering::SeqCst))
}

/// The error an input's conversion ends with when its mapped file shrank.
/// An [`io::Error`] must carry a `std::error::Error`; the words a user reads
/// are cli/report's.
#[derive(Debug)]
pub struct Shrank;

impl std::fmt::Display for Shrank {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("shrank while read")
    }
}

impl std::error::Error for Shrank {}

impl Shrank {
    pub fn error() -> io::Error {
        io::Error::new(io::ErrorKind::UnexpectedEof, Shrank)
    }

    /// Whether `e` is this error.
    pub fn is(e: &io::Error) -> bool {
        e.get_ref().is_some_and(|inner| inner.is::<Shrank>())
    }
}

/// The output of a mapped input: passes writes on until the map shrank,
/// then refuses them ([`Shrank`]), so no byte made from the zeros is written.
pub(super) struct Gate<'a, W: ?Sized> {
    pub(super) watched: &'a Watched,
    pub(super) inner: &'a mut W,
}

impl<W: Write + ?Sized> Write for Gate<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.watched.shrank() {
            return Err(Shrank::error());
        }
        self.inner.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        if self.watched.shrank() {
            return Err(Shrank::error());
        }
        self.inner.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
