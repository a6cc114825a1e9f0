//! Helpers for the tests that run the wenc binary: the command, temporary
//! directories, files with given permissions, directory listings, what a
//! run printed; and (module `child`) runs watched while they go: signals,
//! waiting, peak memory, a file truncated under wenc.
//!
//! Each test file that runs wenc includes this module (`mod util;`).

mod child;
pub use child::*;

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

pub const BIN: &str = env!("CARGO_BIN_EXE_wenc");

/// The unprivileged user (and group) for permission tests run as root.
pub const NOBODY: u32 = 65534;

/// The wenc binary, without a RUST_BACKTRACE the environment may set.
pub fn wenc() -> Command {
    let mut cmd = Command::new(BIN);
    cmd.env_remove("RUST_BACKTRACE");
    cmd
}

/// `wenc --sniff EXTRA FILE` (which must succeed) on a file holding
/// `bytes`: what it printed, and the file's name as given.
pub fn sniff_file(bytes: &[u8], extra: &[&str]) -> (String, String) {
    let d = dir();
    let path = write(d.path(), "f", bytes);
    let out = wenc_cmd()
        .arg("--sniff")
        .args(extra)
        .arg(&path)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    (String::from_utf8(out).unwrap(), path.display().to_string())
}

/// [`wenc`] as assert_cmd's command (`write_stdin`, `assert`), for the
/// tests that only look at what a run wrote. They import it as `wenc`.
pub fn wenc_cmd() -> assert_cmd::Command {
    assert_cmd::Command::from_std(wenc())
}

pub fn is_root() -> bool {
    // SAFETY: geteuid cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// wenc as uid and gid 65534 with no other group (std's `uid` drops the
/// supplementary groups), or None after saying why the test is skipped:
/// only root can switch users, and not in every sandbox.
pub fn wenc_as_nobody() -> Option<Command> {
    static CAN_SWITCH: OnceLock<bool> = OnceLock::new();
    let can = *CAN_SWITCH.get_or_init(|| {
        is_root()
            && wenc()
                .arg("--version")
                .uid(NOBODY)
                .gid(NOBODY)
                .output()
                .is_ok_and(|o| o.status.success())
    });
    if !can {
        eprintln!("skipped: cannot run wenc as uid {NOBODY}");
        return None;
    }
    let mut cmd = wenc();
    cmd.uid(NOBODY).gid(NOBODY);
    Some(cmd)
}

/// A fresh temporary directory named `prefix...`, with permissions `mode`
/// (0o755 lets other users in; 0o777 lets them write too).
pub fn temp_dir(prefix: &str, mode: u32) -> tempfile::TempDir {
    let d = tempfile::Builder::new().prefix(prefix).tempdir().unwrap();
    chmod(d.path(), mode);
    d
}

/// A fresh private temporary directory, named after the test file
/// (`wenc-cli-...`).
pub fn dir() -> tempfile::TempDir {
    temp_dir(concat!("wenc-", env!("CARGO_CRATE_NAME"), "-"), 0o700)
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

/// Gives `path` (not what it links to) to `uid` and `gid`.
pub fn chown(path: &Path, uid: u32, gid: u32) {
    std::os::unix::fs::lchown(path, Some(uid), Some(gid)).unwrap();
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

/// What a successful run wrote to standard output.
pub fn stdout_of(cmd: &mut assert_cmd::Command) -> Vec<u8> {
    cmd.assert().success().get_output().stdout.clone()
}

/// What a run, successful or not, wrote to standard error.
pub fn stderr_of(cmd: &mut assert_cmd::Command) -> String {
    stderr_text(cmd.assert().get_output())
}

pub fn stderr_text(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
