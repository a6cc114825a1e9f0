//! Carrying a replaced file's owner, group, mode and ACL over to the
//! temporary file that replaces it, before anything is written to it.
//!
//! The temporary file is created 0600, so no other user can open it in
//! between. Then it gets the target's owner and group (`fchown`; when the
//! owner cannot be given away, an error if the owner would lose rights, that
//! is when the owner bits grant more than the others bits, else only the
//! group, as `sed -i` does), its mode,
//! and its POSIX ACL (the `system.posix_acl_access` attribute) and other
//! extended attributes where the file system has them. A group or an ACL
//! that cannot be carried over is an error: the file would otherwise come
//! out readable by people the target kept out. (A group whose permissions
//! are no more than everyone else's, as in 0644 or 0666, widens nothing:
//! the file then takes the group of whoever converts it, as with `sed -i`.) An ACL the temporary file
//! inherited from the directory's default ACL, when the target has none, is
//! removed for the same reason.

use std::ffi::CString;
use std::fs::{File, Metadata};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::os::unix::io::AsRawFd;
use std::path::Path;

/// What could not be carried over, and why (the CLI's report words it).
#[derive(Debug)]
pub struct KeepError {
    pub what: Kept,
    pub source: io::Error,
}

/// What of the replaced file the new file could not be given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kept {
    /// Its owner (this user id).
    Owner(u32),
    /// Its group (this group id).
    Group(u32),
    Mode,
    /// Its access control list.
    Acl,
}

fn keep_error(what: Kept, source: io::Error) -> KeepError {
    KeepError { what, source }
}

const ACL: &str = "system.posix_acl_access";

/// Gives `temp` the owner, group, mode and extended attributes of the
/// regular file `target` (described by `meta`).
pub(super) fn carry_over(temp: &File, target: &Path, meta: &Metadata) -> Result<(), KeepError> {
    let fd = temp.as_raw_fd();
    // SAFETY: fchown on an open descriptor.
    if unsafe { libc::fchown(fd, meta.uid(), meta.gid()) } != 0 {
        // Not allowed to give the file away: the new file is ours, and its
        // owner keeps only what the others are given.
        // (Root, owner or not, reads and writes every file: loses nothing.)
        // SAFETY: geteuid cannot fail.
        let ours = meta.uid() == unsafe { libc::geteuid() };
        if !ours && meta.uid() != 0 && owner_has_more_than_others(meta.mode()) {
            let what = Kept::Owner(meta.uid());
            return Err(keep_error(what, io::Error::last_os_error()));
        }
        // Keep at least the group.
        // SAFETY: as above; -1 (as uid_t) leaves the owner.
        if unsafe { libc::fchown(fd, u32::MAX, meta.gid()) } != 0 {
            let source = io::Error::last_os_error();
            let ours = temp.metadata().map(|m| m.gid()).ok();
            if ours != Some(meta.gid()) && group_has_more_than_others(meta.mode()) {
                return Err(keep_error(Kept::Group(meta.gid()), source));
            }
        }
    }
    // After fchown, which clears set-user-ID and set-group-ID bits.
    // SAFETY: fchmod on an open descriptor.
    if unsafe { libc::fchmod(fd, (meta.mode() & 0o7777) as libc::mode_t) } != 0 {
        return Err(keep_error(Kept::Mode, io::Error::last_os_error()));
    }
    copy_xattrs(temp, target)
}

/// Whether the owner permission bits of `mode` grant something the others
/// bits do not: only then does the owner lose rights when the file becomes
/// someone else's (the owner may not be in the file's group, so only the
/// others bits are sure to be left).
fn owner_has_more_than_others(mode: u32) -> bool {
    (mode >> 6) & 0o7 & !mode & 0o7 != 0
}

/// Whether the group permission bits of `mode` grant something the others
/// bits do not: only then does another group on the file widen access.
fn group_has_more_than_others(mode: u32) -> bool {
    (mode >> 3) & 0o7 & !mode & 0o7 != 0
}

#[cfg(target_os = "linux")]
fn copy_xattrs(temp: &File, target: &Path) -> Result<(), KeepError> {
    let Ok(path) = CString::new(target.as_os_str().as_bytes()) else {
        return Ok(());
    };
    let names = match list(&path) {
        Ok(names) => names,
        // No extended attributes on this file system: no ACL either.
        Err(e) if unsupported(&e) => Vec::new(),
        Err(e) => return Err(keep_error(Kept::Acl, e)),
    };
    let fd = temp.as_raw_fd();
    let mut has_acl = false;
    for name in names {
        let is_acl = name.as_bytes() == ACL.as_bytes();
        has_acl |= is_acl;
        let result = get(&path, &name).and_then(|value| {
            // SAFETY: a NUL-terminated name and a buffer of value.len() bytes.
            let r = unsafe {
                libc::fsetxattr(fd, name.as_ptr(), value.as_ptr().cast(), value.len(), 0)
            };
            if r == 0 {
                Ok(())
            } else {
                Err(io::Error::last_os_error())
            }
        });
        // Other attributes (user.*, security.*) are kept where allowed.
        match result {
            Err(e) if is_acl => return Err(keep_error(Kept::Acl, e)),
            _ => {}
        }
    }
    if !has_acl {
        let name = CString::new(ACL).expect("no NUL");
        // SAFETY: a NUL-terminated name on an open descriptor.
        if unsafe { libc::fremovexattr(fd, name.as_ptr()) } != 0 {
            let e = io::Error::last_os_error();
            if !unsupported(&e) && e.raw_os_error() != Some(libc::ENODATA) {
                return Err(keep_error(Kept::Acl, e));
            }
        }
    }
    Ok(())
}

#[cfg(not(target_os = "linux"))]
fn copy_xattrs(_temp: &File, _target: &Path) -> Result<(), KeepError> {
    Ok(())
}

#[cfg(target_os = "linux")]
fn unsupported(e: &io::Error) -> bool {
    e.raw_os_error() == Some(libc::ENOTSUP)
}

/// The names of `path`'s extended attributes (not following a symlink).
#[cfg(target_os = "linux")]
fn list(path: &CString) -> io::Result<Vec<CString>> {
    let raw = read_sized(|buf, len| {
        // SAFETY: a NUL-terminated path and a buffer of `len` bytes (or null, 0).
        unsafe { libc::llistxattr(path.as_ptr(), buf.cast(), len) }
    })?;
    Ok(raw
        .split(|&b| b == 0)
        .filter(|n| !n.is_empty())
        .filter_map(|n| CString::new(n).ok())
        .collect())
}

#[cfg(target_os = "linux")]
fn get(path: &CString, name: &CString) -> io::Result<Vec<u8>> {
    read_sized(|buf, len| {
        // SAFETY: NUL-terminated strings and a buffer of `len` bytes (or null, 0).
        unsafe { libc::lgetxattr(path.as_ptr(), name.as_ptr(), buf.cast(), len) }
    })
}

/// Calls `f` for the size, then for the bytes (again if they grew).
#[cfg(target_os = "linux")]
fn read_sized(f: impl Fn(*mut u8, usize) -> isize) -> io::Result<Vec<u8>> {
    loop {
        let size = f(std::ptr::null_mut(), 0);
        if size < 0 {
            return Err(io::Error::last_os_error());
        }
        let mut buf = vec![0u8; size as usize];
        let n = f(buf.as_mut_ptr(), buf.len());
        if n >= 0 {
            buf.truncate(n as usize);
            return Ok(buf);
        }
        let e = io::Error::last_os_error();
        if e.raw_os_error() != Some(libc::ERANGE) {
            return Err(e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::group_has_more_than_others;

    #[test]
    fn only_a_group_with_more_rights_than_others_matters() {
        for (mode, more) in [
            (0o640, true),
            (0o600, false),
            (0o644, false),
            (0o666, false),
        ] {
            assert_eq!(group_has_more_than_others(mode), more, "{mode:o}");
        }
        assert!(group_has_more_than_others(0o674));
        assert!(!group_has_more_than_others(0o647));
    }
}
