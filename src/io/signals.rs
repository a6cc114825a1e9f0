//! Signal safety for a run that writes temporary files or reads a mapped one.
//!
//! - Every signal whose default action ends the process (SIGINT, SIGTERM,
//!   SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU
//!   from `ulimit -t`, SIGABRT, SIGIO, SIGPWR, SIGSYS, the real-time
//!   signals): the handler unlinks every registered temporary output file
//!   (so each target stays exactly as it was and nothing is left behind),
//!   then dies of the same signal, as the shell expects. A tree run may ask
//!   to [`defer_termination`]: the first SIGINT or SIGTERM is then only
//!   noted, for the run to stop between files and say how far it got; a
//!   second one ends it at once. A signal ignored when wenc started
//!   (`nohup`) stays ignored. SIGKILL and SIGSTOP cannot be caught; SIGPIPE
//!   is ignored by Rust's runtime (a closed pipe is a write error); SIGSEGV,
//!   SIGILL, SIGFPE, SIGTRAP are faults of a bug, left to the runtime.
//! - SIGBUS: a mapped input file that shrinks while it is read makes the next
//!   read of a vanished page raise SIGBUS. The handler absorbs it when the
//!   address is in a registered map ([`super::bus`]: that input fails, the
//!   run goes on); otherwise it writes a fixed message, unlinks the
//!   temporary files and exits with status 1.
//! - SIGXFSZ: ignored, so exceeding the file size limit is a write error.
//!
//! Handlers only read statics and call async-signal-safe functions (`write`,
//! `unlinkat`, `signal`, `raise`, `_exit`), and never allocate. The
//! temporary files are a fixed table of slots ([`MAX_TEMP_FILES`]), each
//! with its name copied in: a handler may run at any moment, on any thread.

use std::ffi::CStr;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicPtr, AtomicU32, AtomicU8, Ordering};
use std::sync::Once;

/// How many temporary files may be registered at once (a tree run's batch
/// stays below it).
pub const MAX_TEMP_FILES: usize = 128;
/// The longest temporary file name a slot holds, its NUL included
/// (NAME_MAX is 255).
const NAME_CAPACITY: usize = 256;

/// One registered temporary file: a name in the directory `dir`. `version`
/// is even while the slot is being written or is free, odd while its name
/// can be read (a sequence lock, so that a handler never unlinks a name
/// half overwritten by the next file). A free slot is all zeros, so the
/// table costs the binary nothing (zeroed memory, not 34 KB of data).
struct Slot {
    taken: AtomicU8,
    version: AtomicU32,
    dir: AtomicI32,
    name: [AtomicU8; NAME_CAPACITY],
}

impl Slot {
    const fn new() -> Slot {
        Slot {
            taken: AtomicU8::new(0),
            version: AtomicU32::new(0),
            dir: AtomicI32::new(0),
            name: [const { AtomicU8::new(0) }; NAME_CAPACITY],
        }
    }
}

static TEMP_FILES: [Slot; MAX_TEMP_FILES] = [const { Slot::new() }; MAX_TEMP_FILES];
/// Set by [`defer_termination`]: the first SIGINT or SIGTERM is noted, not
/// acted on.
static DEFER: AtomicU8 = AtomicU8::new(0);
/// The signal noted while deferring, or 0.
static REQUESTED: AtomicI32 = AtomicI32::new(0);
/// Set by the last sweep of the temporary files, before it reads the slots:
/// the process is ending.
static DYING: AtomicBool = AtomicBool::new(false);
/// Threads between deciding to create a temporary file and registering it
/// ([`create_temp_file`]): the last sweep waits for them, since a file made
/// on one thread while another sweeps would otherwise outlive the process.
static CREATING: AtomicU32 = AtomicU32::new(0);
/// How long the last sweep waits for creations in flight, in milliseconds
/// (they take microseconds; the bound only keeps a stuck thread from
/// holding the process).
const CREATION_WAIT_MS: u32 = 2_000;
/// The message for SIGBUS (a leaked byte string), or null.
static BUS_MESSAGE: AtomicPtr<Message> = AtomicPtr::new(std::ptr::null_mut());
static INSTALL_TERMINATION: Once = Once::new();
static INSTALL_BUS: Once = Once::new();
static IGNORE_XFSZ: Once = Once::new();

struct Message {
    bytes: Box<[u8]>,
}

/// The signals whose default action ends the process and that can be
/// caught, but for SIGBUS (handled on its own) and the faults above.
fn termination_signals() -> impl Iterator<Item = libc::c_int> {
    const FIXED: &[libc::c_int] = &[
        libc::SIGINT,
        libc::SIGTERM,
        libc::SIGHUP,
        libc::SIGQUIT,
        libc::SIGUSR1,
        libc::SIGUSR2,
        libc::SIGALRM,
        libc::SIGVTALRM,
        libc::SIGPROF,
        libc::SIGXCPU,
        libc::SIGABRT,
        libc::SIGSYS,
        #[cfg(any(target_os = "linux", target_os = "android"))]
        libc::SIGIO,
        #[cfg(any(target_os = "linux", target_os = "android"))]
        libc::SIGPWR,
        #[cfg(any(target_os = "linux", target_os = "android"))]
        libc::SIGSTKFLT,
    ];
    FIXED.iter().copied().chain(realtime_signals())
}

#[cfg(any(target_os = "linux", target_os = "android"))]
fn realtime_signals() -> std::ops::RangeInclusive<libc::c_int> {
    libc::SIGRTMIN()..=libc::SIGRTMAX()
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn realtime_signals() -> std::ops::RangeInclusive<libc::c_int> {
    // An empty range.
    1..=0
}

/// Runs `f` with the termination signals blocked, so that a temporary file
/// created and registered inside cannot be orphaned by a signal in between.
pub fn with_termination_blocked<T>(f: impl FnOnce() -> T) -> T {
    // SAFETY: plain libc calls on a local, zero-initialised signal set.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for sig in termination_signals() {
            libc::sigaddset(&mut set, sig);
        }
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, &mut old);
        let result = f();
        libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        result
    }
}

fn install_termination() {
    INSTALL_TERMINATION.call_once(|| {
        for sig in termination_signals() {
            // A signal ignored on entry stays ignored (`nohup wenc -o ...`,
            // or SIGINT for a background job): it would not end the run.
            if !is_ignored(sig) {
                install(sig, on_termination as *const () as usize, libc::SA_RESTART);
            }
        }
    });
}

/// Makes a temporary file with `create` (which creates `name` in the
/// directory `dir` and returns it) and registers it: from then on, every
/// terminating signal removes it before ending the process, until
/// [`release_temp_file`] with the slot returned. Call inside
/// [`with_termination_blocked`]. A slot of None: every slot is taken (or
/// the name is too long), and the file is not guarded.
///
/// A signal may be handled on another thread at any moment. Announcing the
/// creation first ([`CREATING`]) makes the sweep wait until the file is
/// registered or removed, and a creation that starts after the sweep began
/// makes nothing: with SeqCst, each side writes, then reads the other's
/// flag, so one of them sees the other.
pub fn create_temp_file<T>(
    dir: libc::c_int,
    name: &CStr,
    create: impl FnOnce() -> std::io::Result<T>,
) -> std::io::Result<(T, Option<usize>)> {
    install_termination();
    CREATING.fetch_add(1, Ordering::SeqCst);
    if DYING.load(Ordering::SeqCst) {
        CREATING.fetch_sub(1, Ordering::SeqCst);
        wait_for_the_end();
    }
    let made = create();
    let slot = match made {
        Ok(_) => register(dir, name),
        Err(_) => None,
    };
    // The sweep may have passed this slot already: then this file is this
    // thread's to remove, and the process is ending.
    if slot.is_some() && DYING.load(Ordering::SeqCst) {
        // SAFETY: a NUL-terminated name relative to a descriptor the caller
        // holds.
        unsafe { libc::unlinkat(dir, name.as_ptr(), 0) };
        CREATING.fetch_sub(1, Ordering::SeqCst);
        wait_for_the_end();
    }
    CREATING.fetch_sub(1, Ordering::SeqCst);
    made.map(|file| (file, slot))
}

/// Copies `name` into a free slot, readable by the sweep once this
/// returns; see [`create_temp_file`].
fn register(dir: libc::c_int, name: &CStr) -> Option<usize> {
    let bytes = name.to_bytes_with_nul();
    if bytes.len() > NAME_CAPACITY {
        return None;
    }
    let (index, slot) = TEMP_FILES.iter().enumerate().find(|(_, slot)| {
        slot.taken
            .compare_exchange(0, 1, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    })?;
    // Free slots have an even version already: write, then make it odd.
    slot.dir.store(dir, Ordering::SeqCst);
    for (cell, &b) in slot.name.iter().zip(bytes) {
        cell.store(b, Ordering::Relaxed);
    }
    slot.version.fetch_add(1, Ordering::SeqCst);
    Some(index)
}

/// Waits for the end the sweeping thread brings.
fn wait_for_the_end() -> ! {
    loop {
        // SAFETY: pause only waits for a signal.
        unsafe { libc::pause() };
    }
}

/// The temporary file in `slot` is gone (renamed into place or deleted):
/// forget it.
pub fn release_temp_file(slot: usize) {
    let slot = &TEMP_FILES[slot];
    slot.version.fetch_add(1, Ordering::SeqCst);
    slot.taken.store(0, Ordering::SeqCst);
}

/// From now on, the first SIGINT or SIGTERM only asks the run to stop
/// ([`termination_requested`]); temporary files stay guarded, and a second
/// signal ends the process as usual.
pub fn defer_termination() {
    install_termination();
    DEFER.store(1, Ordering::SeqCst);
}

/// The signal that asked a deferring run to stop, if any.
pub fn termination_requested() -> Option<libc::c_int> {
    match REQUESTED.load(Ordering::SeqCst) {
        0 => None,
        sig => Some(sig),
    }
}

/// Ends the process of `sig`, as it would have ended had the signal not
/// been deferred (the shell sees 128 + `sig`); temporary files removed.
pub fn end_by(sig: libc::c_int) -> ! {
    unlink_temp();
    // SAFETY: plain libc calls; with the default action restored and the
    // signal unblocked, raise does not return for a terminating signal.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, sig);
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::raise(sig);
        libc::_exit(128 + sig)
    }
}

/// From now on, SIGBUS prints `message` (the name of the mapped input in it)
/// and exits with status 1 after removing any temporary file.
pub fn guard_mapped_input(message: &str) {
    INSTALL_BUS.call_once(|| {
        install(libc::SIGBUS, on_bus as *const () as usize, libc::SA_SIGINFO);
    });
    let leaked = Box::leak(Box::new(Message {
        bytes: message.as_bytes().into(),
    }));
    BUS_MESSAGE.store(leaked, Ordering::SeqCst);
}

/// Ignores SIGXFSZ, so that an output growing past the file size limit
/// (`ulimit -f`) fails with EFBIG ("File too large"), reported as a write
/// error with the temporary file removed, instead of killing wenc and leaving
/// the temporary file behind.
pub fn ignore_file_size_limit() {
    IGNORE_XFSZ.call_once(|| {
        install(libc::SIGXFSZ, libc::SIG_IGN, 0);
    });
}

fn is_ignored(sig: libc::c_int) -> bool {
    // SAFETY: sigaction with a null new action only reads the current one.
    unsafe {
        let mut current: libc::sigaction = std::mem::zeroed();
        libc::sigaction(sig, std::ptr::null(), &mut current) == 0
            && current.sa_sigaction == libc::SIG_IGN
    }
}

fn install(sig: libc::c_int, handler: usize, flags: libc::c_int) {
    // SAFETY: the handlers below are async-signal-safe; sigaction is given a
    // fully initialised struct.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = handler;
        action.sa_flags = flags;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(sig, &action, std::ptr::null_mut());
    }
}

/// Removes the registered temporary file now (for a last-resort exit).
pub fn remove_temp_file() {
    unlink_temp();
}

/// Unlinks every registered temporary file. Async-signal-safe: atomics,
/// a name copied to the stack, `unlinkat`.
fn unlink_temp() {
    DYING.store(true, Ordering::SeqCst);
    for slot in &TEMP_FILES {
        let before = slot.version.load(Ordering::SeqCst);
        if before % 2 == 0 {
            continue; // free, or being written
        }
        let mut name = [0u8; NAME_CAPACITY];
        for (b, cell) in name.iter_mut().zip(&slot.name) {
            *b = cell.load(Ordering::Relaxed);
        }
        let dir = slot.dir.load(Ordering::SeqCst);
        if slot.version.load(Ordering::SeqCst) != before {
            continue; // released meanwhile: its name may be torn
        }
        name[NAME_CAPACITY - 1] = 0;
        // SAFETY: a NUL-terminated name on the stack, relative to a
        // directory descriptor held while the file is registered.
        unsafe { libc::unlinkat(dir, name.as_ptr().cast(), 0) };
    }
    wait_for_creations();
}

/// Waits (a bounded time) until no thread is between creating a temporary
/// file and registering it: each such file is then registered and swept,
/// or removed by its own thread. Async-signal-safe: an atomic and
/// `nanosleep`.
fn wait_for_creations() {
    let millisecond = libc::timespec {
        tv_sec: 0,
        tv_nsec: 1_000_000,
    };
    for _ in 0..CREATION_WAIT_MS {
        if CREATING.load(Ordering::SeqCst) == 0 {
            return;
        }
        // SAFETY: nanosleep is async-signal-safe; the timespec is local.
        unsafe { libc::nanosleep(&millisecond, std::ptr::null_mut()) };
    }
}

/// Out of memory: a message, no temporary file left, status 1. Only
/// async-signal-safe calls and no allocation (there is no memory left).
pub fn out_of_memory(size: usize) -> ! {
    let mut line = *b"wenc: out of memory (allocating                      ";
    let mut len = b"wenc: out of memory (allocating ".len();
    let mut digits = [0u8; 20];
    let digits = crate::codec::decimal(size as u64, &mut digits);
    line[len..len + digits.len()].copy_from_slice(digits);
    len += digits.len();
    const END: &[u8] = b" bytes)\n";
    unlink_temp();
    // SAFETY: write and _exit are async-signal-safe; buffers are local.
    unsafe {
        libc::write(2, line.as_ptr().cast(), len);
        libc::write(2, END.as_ptr().cast(), END.len());
        libc::_exit(1)
    }
}

extern "C" fn on_termination(sig: libc::c_int) {
    let stoppable = sig == libc::SIGINT || sig == libc::SIGTERM;
    if stoppable
        && DEFER.load(Ordering::SeqCst) == 1
        && REQUESTED
            .compare_exchange(0, sig, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    {
        return; // the run stops between files and says how far it got
    }
    unlink_temp();
    // The default action back; the signal is blocked while this handler
    // runs, so it is delivered (and ends the process) on return.
    // SAFETY: signal and raise are async-signal-safe.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
    }
}

extern "C" fn on_bus(_sig: libc::c_int, info: *mut libc::siginfo_t, _ctx: *mut libc::c_void) {
    // SAFETY: the kernel passes a valid siginfo_t to an SA_SIGINFO handler.
    if super::bus::absorb(unsafe { (*info).si_addr() } as usize) {
        return;
    }
    bus_exit()
}

/// The SIGBUS message (or a fallback), no temporary file left, status 1.
pub fn bus_exit() -> ! {
    let message = BUS_MESSAGE.load(Ordering::SeqCst);
    const FALLBACK: &[u8] = b"wenc: an input file changed while it was being read\n";
    // SAFETY: `message` is null or a leaked Message; write, unlink and _exit
    // are async-signal-safe.
    unsafe {
        let bytes: &[u8] = if message.is_null() {
            FALLBACK
        } else {
            &(*message).bytes
        };
        libc::write(2, bytes.as_ptr().cast(), bytes.len());
        unlink_temp();
        libc::_exit(1);
    }
}
