//! The temporary file beside a target, made and renamed relative to a
//! descriptor of its directory (`openat`, `renameat`, `unlinkat`): no path
//! longer than a file name is given to the kernel, so a working directory
//! deeper than PATH_MAX (4 KiB) works as it does for `wenc FILE`, and a
//! directory renamed meanwhile still gets the file where it was made.

use super::signals;
use std::ffi::{CString, OsStr};
use std::fs::File;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::io::{AsRawFd, FromRawFd};
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};

/// A temporary file `.NAME.XXXXXXXX.wenc-tmp`, removed when dropped unless
/// [`persist`](TempFile::persist)ed. Registered with the signal handlers
/// (in `slot`), which remove it too.
pub(super) struct TempFile {
    file: File,
    dir: File,
    name: CString,
    slot: usize,
    done: bool,
}

impl TempFile {
    /// Creates a temporary file for `target` (a file name) in `dir`, with
    /// `mode` (less the umask, as for any new file).
    pub(super) fn new_in(dir: &Path, target: &OsStr, mode: u32) -> io::Result<TempFile> {
        let dir = open_dir(dir)?;
        let prefix = prefix(target);
        for _ in 0..100 {
            let name = temp_name(&prefix);
            let made =
                signals::create_temp_file(dir.as_raw_fd(), &name, || create(&dir, &name, mode));
            let (file, slot) = match made {
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                made => made?,
            };
            let Some(slot) = slot else {
                // A file no signal would remove is not made.
                // SAFETY: as below, in `persist`.
                unsafe { libc::unlinkat(dir.as_raw_fd(), name.as_ptr(), 0) };
                return Err(io::Error::other("too many temporary files at once"));
            };
            return Ok(TempFile {
                file,
                dir,
                name,
                slot,
                done: false,
            });
        }
        Err(io::Error::from(io::ErrorKind::AlreadyExists))
    }

    pub(super) fn as_file(&self) -> &File {
        &self.file
    }

    /// Renames the file over `target` (a name in the same directory).
    pub(super) fn persist(mut self, target: &OsStr) -> io::Result<()> {
        let target = CString::new(target.as_bytes())?;
        // SAFETY: two NUL-terminated names relative to a descriptor we hold.
        let r = unsafe {
            libc::renameat(
                self.dir.as_raw_fd(),
                self.name.as_ptr(),
                self.dir.as_raw_fd(),
                target.as_ptr(),
            )
        };
        if r != 0 {
            return Err(io::Error::last_os_error());
        }
        self.done = true;
        signals::release_temp_file(self.slot);
        Ok(())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.done {
            // SAFETY: as in `persist`.
            unsafe { libc::unlinkat(self.dir.as_raw_fd(), self.name.as_ptr(), 0) };
            signals::release_temp_file(self.slot);
        }
    }
}

/// Creates the new file `name` in `dir`, never an existing one.
fn create(dir: &File, name: &CString, mode: u32) -> io::Result<File> {
    // SAFETY: a NUL-terminated name, relative to a directory descriptor we
    // hold; O_EXCL never opens an existing file.
    let fd = unsafe {
        libc::openat(
            dir.as_raw_fd(),
            name.as_ptr(),
            libc::O_RDWR | libc::O_CREAT | libc::O_EXCL | libc::O_CLOEXEC | libc::O_NOFOLLOW,
            mode as libc::c_uint,
        )
    };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a fresh descriptor nothing else owns.
    Ok(unsafe { File::from_raw_fd(fd) })
}

/// The directory, opened to name files relative to it.
fn open_dir(dir: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_DIRECTORY | libc::O_CLOEXEC)
        .open(dir)
}

/// `.NAME.`, the name cut (at a character boundary) to at most 100 bytes so
/// that the temporary name stays within NAME_MAX (255 bytes), also for
/// names of multi-byte characters and for invalid UTF-8, each byte of which
/// becomes a 3-byte U+FFFD.
fn prefix(target: &OsStr) -> String {
    let name = target.to_string_lossy();
    let mut cut = name.len().min(100);
    while !name.is_char_boundary(cut) {
        cut -= 1;
    }
    format!(".{}.", &name[..cut])
}

/// A name not likely taken: the process, the time and a counter, mixed.
fn temp_name(prefix: &str) -> CString {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed) as u64;
    let mut x =
        nanos ^ (u64::from(std::process::id()) << 32) ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // splitmix64's finalizer: every input bit moves every output bit.
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    let suffix: String = (0..8)
        .map(|i| {
            let d = ((x >> (i * 6)) & 63) as u8;
            (match d {
                0..=25 => b'a' + d,
                26..=51 => b'A' + d - 26,
                52..=61 => b'0' + d - 52,
                _ => b'_',
            }) as char
        })
        .collect();
    CString::new(format!("{prefix}{suffix}.wenc-tmp")).expect("no NUL in a lossy name")
}
