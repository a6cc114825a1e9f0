//! Platforms without POSIX signals: nothing to install.

use std::path::Path;

pub fn with_termination_blocked<T>(f: impl FnOnce() -> T) -> T {
    f()
}
pub fn protect_temp_file(_dir: i32, _name: &std::ffi::CStr) {}
pub fn release_temp_file() {}
pub fn guard_mapped_input(_message: &str) {}
pub fn remove_temp_file() {}
pub fn ignore_file_size_limit() {}
pub fn out_of_memory(_size: usize) -> ! {
    eprintln!("wenc: out of memory");
    std::process::exit(1)
}
