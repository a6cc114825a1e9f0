//! `../shared`: the Encoding Standard's index files and a Wikipedia corpus,
//! beside the checkout (or one level up, for a git worktree). It is not part
//! of the repository. build.rs looks for it and sets `--cfg wenc_shared`;
//! each test that reads it carries
//! `#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]`, so that
//! without it `cargo test` lists the test as ignored, with that reason,
//! rather than as ok having checked nothing.

use std::path::PathBuf;

/// The folder build.rs found (the tests that call this are ignored when it
/// found none).
pub fn dir() -> PathBuf {
    found().expect("build.rs found no ../shared")
}

/// The folder, if build.rs found one.
pub fn found() -> Option<PathBuf> {
    option_env!("WENC_SHARED").map(PathBuf::from)
}

/// The standard's index files and encodings.json.
pub fn indexes() -> PathBuf {
    dir().join("indexes")
}

/// Wikipedia articles in 16 languages, one file each (`ja.txt`...).
pub fn corpus() -> PathBuf {
    dir().join("corpus/wikipedia")
}
