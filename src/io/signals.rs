//! Signal safety for a run that writes a temporary file or reads a mapped one.
//!
//! - Every signal whose default action ends the process (SIGINT, SIGTERM,
//!   SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU
//!   from `ulimit -t`, SIGABRT, SIGIO, SIGPWR, SIGSYS, the real-time
//!   signals): the handler unlinks the temporary output file (so the target
//!   stays exactly as it was and nothing is left behind), then dies of the
//!   same signal, as the shell expects. A signal ignored when wenc started
//!   (`nohup`) stays ignored. SIGKILL and SIGSTOP cannot be caught; SIGPIPE
//!   is ignored by Rust's runtime (a closed pipe is a write error); SIGSEGV,
//!   SIGILL, SIGFPE, SIGTRAP are faults of a bug, left to the runtime.
//! - SIGBUS: a mapped input file that shrinks while it is read makes the next
//!   read of a vanished page raise SIGBUS. The handler absorbs it when the
//!   address is in a registered map ([`super::bus`]: that input fails, the
//!   run goes on); otherwise it writes a fixed message, unlinks the
//!   temporary file and exits with status 1.
//! - SIGXFSZ: ignored, so exceeding the file size limit is a write error.
//!
//! Handlers only read statics and call async-signal-safe functions (`write`,
//! `unlink`, `signal`, `raise`, `_exit`). The strings they use are leaked on
//! purpose: a handler may run at any moment, so nothing it can see is freed.

use std::ffi::CString;
use std::sync::atomic::{AtomicI32, AtomicPtr, Ordering};
use std::sync::Once;

/// The temporary output file to unlink, as a NUL-terminated name in the
/// directory [`TEMP_DIR`], or null.
static TEMP_PATH: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());
/// The descriptor of the temporary file's directory.
static TEMP_DIR: AtomicI32 = AtomicI32::new(libc::AT_FDCWD);
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

/// From now on, every terminating signal removes `name` (in the directory
/// `dir`) before ending the
/// process. Call inside [`with_termination_blocked`], right after creating it.
pub fn protect_temp_file(dir: libc::c_int, name: &std::ffi::CStr) {
    INSTALL_TERMINATION.call_once(|| {
        for sig in termination_signals() {
            // A signal ignored on entry stays ignored (`nohup wenc -o ...`,
            // or SIGINT for a background job): it would not end the run.
            if !is_ignored(sig) {
                install(
                    sig,
                    on_termination as *const () as usize,
                    libc::SA_RESETHAND,
                );
            }
        }
    });
    // The directory first: the name is read only once it is there.
    TEMP_DIR.store(dir, Ordering::SeqCst);
    TEMP_PATH.store(CString::from(name).into_raw(), Ordering::SeqCst);
}

/// The temporary file is gone (renamed into place or deleted): forget it.
pub fn release_temp_file() {
    // Leaked, not freed: a handler on another thread may still be reading it.
    TEMP_PATH.store(std::ptr::null_mut(), Ordering::SeqCst);
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

fn unlink_temp() {
    let path = TEMP_PATH.load(Ordering::SeqCst);
    if !path.is_null() {
        // SAFETY: a leaked, NUL-terminated string, relative to a directory
        // descriptor held while it is registered; unlinkat is
        // async-signal-safe.
        unsafe { libc::unlinkat(TEMP_DIR.load(Ordering::SeqCst), path, 0) };
    }
}

/// Out of memory: a message, no temporary file left, status 1. Only
/// async-signal-safe calls and no allocation (there is no memory left).
pub fn out_of_memory(size: usize) -> ! {
    let mut line = *b"wenc: out of memory (allocating                      ";
    let mut len = b"wenc: out of memory (allocating ".len();
    let mut digits = [0u8; 20];
    let mut n = size;
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    line[len..len + digits.len() - i].copy_from_slice(&digits[i..]);
    len += digits.len() - i;
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
    unlink_temp();
    // SA_RESETHAND restored the default action; the signal is blocked while
    // this handler runs, so it is delivered (and ends the process) on return.
    // SAFETY: raise is async-signal-safe.
    unsafe { libc::raise(sig) };
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
