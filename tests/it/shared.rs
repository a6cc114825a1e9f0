//! `../shared`: the Encoding Standard's index files and a Wikipedia corpus,
//! beside the checkout (or one level up, for a git worktree). It is not part
//! of the repository. build.rs looks for it and sets `--cfg wenc_shared`;
//! each test that reads it carries
//! `#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]`, so that
//! without it `cargo test` lists the test as ignored, with that reason,
//! rather than as ok having checked nothing.

use std::path::{Path, PathBuf};

/// The folder (the tests that call this are ignored when it is absent).
pub fn dir() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    [manifest.join("../shared"), manifest.join("../../shared")]
        .into_iter()
        .find(|d| d.join("indexes").is_dir())
        .expect("../shared was there when the tests were built, and is gone")
}

/// The standard's index files and encodings.json.
pub fn indexes() -> PathBuf {
    dir().join("indexes")
}

/// Wikipedia articles in 16 languages, one file each (`ja.txt`...).
pub fn corpus() -> PathBuf {
    dir().join("corpus/wikipedia")
}
