//! Helpers for the tests that run the wenc binary on files: the command,
//! temporary directories, files with given permissions, directory listings.
#![allow(dead_code)]

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

pub const BIN: &str = env!("CARGO_BIN_EXE_wenc");

/// The unprivileged user (and group) for permission tests run as root.
pub const NOBODY: u32 = 65534;

/// The wenc binary, without a RUST_BACKTRACE the environment may set.
pub fn wenc() -> Command {
    let mut cmd = Command::new(BIN);
    cmd.env_remove("RUST_BACKTRACE");
    cmd
}

/// A fresh temporary directory named `prefix...`, with permissions `mode`
/// (0o755 lets other users in; 0o777 lets them write too).
pub fn temp_dir(prefix: &str, mode: u32) -> tempfile::TempDir {
    let d = tempfile::Builder::new().prefix(prefix).tempdir().unwrap();
    chmod(d.path(), mode);
    d
}

/// Writes `bytes` to `dir/name`, readable by everyone (0644).
pub fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, bytes).unwrap();
    chmod(&path, 0o644);
    path
}

pub fn chmod(path: &Path, mode: u32) {
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

/// The names in `dir`, sorted (to prove no temporary file was left).
pub fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}
