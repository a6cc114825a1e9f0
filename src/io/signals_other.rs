//! Platforms without POSIX signals: nothing to install.

use std::path::Path;

pub fn with_termination_blocked<T>(f: impl FnOnce() -> T) -> T {
    f()
}
pub const MAX_TEMP_FILES: usize = 128;
pub fn create_temp_file<T>(
    _dir: i32,
    _name: &std::ffi::CStr,
    create: impl FnOnce() -> std::io::Result<T>,
) -> std::io::Result<(T, Option<usize>)> {
    create().map(|made| (made, Some(0)))
}
pub fn release_temp_file(_slot: usize) {}
pub fn defer_termination() {}
pub fn termination_requested() -> Option<i32> {
    None
}
pub fn end_by(sig: i32) -> ! {
    std::process::exit(128 + sig)
}
pub fn guard_mapped_input(_message: &str) {}
pub fn remove_temp_file() {}
pub fn ignore_file_size_limit() {}
pub fn out_of_memory(_size: usize) -> ! {
    eprintln!("wenc: out of memory");
    std::process::exit(1)
}
