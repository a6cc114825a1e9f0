//! Walking directories for `-r`, the way ripgrep walks (its `ignore`
//! crate): `.gitignore` (inside a git repository), `.ignore` and hidden
//! files respected unless asked otherwise, `-g` globs, symbolic links
//! followed only with `-L`. Files come sorted by path, so that output and
//! messages are the same whatever the number of threads.
//!
//! `.git` directories are never entered, even with `--hidden`: a tree
//! conversion must not rewrite a repository's own files.

use ignore::overrides::OverrideBuilder;
use ignore::WalkBuilder;
use std::path::{Path, PathBuf};

/// How many bytes decide whether a file is binary, as git and ripgrep judge.
pub const BINARY_WINDOW: usize = 8 * 1024;

/// Whether `bytes` (the start of a file) are binary: a NUL in the first
/// [`BINARY_WINDOW`] bytes.
pub fn is_binary(bytes: &[u8]) -> bool {
    memchr::memchr(0, &bytes[..bytes.len().min(BINARY_WINDOW)]).is_some()
}

/// Which files a walk yields.
#[derive(Debug, Clone, Default)]
pub struct WalkOptions {
    /// Include hidden files and directories (`--hidden`).
    pub hidden: bool,
    /// Ignore `.gitignore`, `.ignore` and git's excludes (`--no-ignore`).
    pub no_ignore: bool,
    /// ripgrep's `-g` globs: `*.html` chooses, `!*.min.js` excludes.
    pub globs: Vec<String>,
    /// Follow symbolic links (`-L`).
    pub follow: bool,
}

/// What a walk found.
#[derive(Debug, Default)]
pub struct Walked {
    /// Files to read, sorted by path within each root, roots in the order given.
    pub files: Vec<PathBuf>,
    /// Symbolic links not followed (without `-L`).
    pub links: Vec<PathBuf>,
    /// Entries of the directories walked that the walk left out: ignored
    /// (.gitignore, .ignore), hidden, not chosen by `-g`, or `.git`. An
    /// ignored directory counts once, whatever it holds.
    pub ignored: usize,
    /// Entries that could not be read, with why (a directory without
    /// permission, a broken link with `-L`, a loop).
    pub problems: Vec<(PathBuf, Skipped)>,
}

/// Why an entry was skipped (the CLI's report words it).
#[derive(Debug)]
pub enum Skipped {
    Io(std::io::Error),
    /// A symbolic link back to a directory above it (with `-L`).
    Loop,
    /// Anything else the walker reports, in its own words.
    Other(String),
}

/// A `-g` glob that does not parse (the CLI's report words it).
#[derive(Debug)]
pub struct GlobError {
    pub glob: String,
    pub why: String,
}

/// Walks each of `roots` (a file root is yielded as it is).
pub fn walk(roots: &[PathBuf], options: &WalkOptions) -> Result<Walked, GlobError> {
    let mut walked = Walked::default();
    for root in roots {
        let start = walked.files.len();
        walk_one(root, options, &mut walked)?;
        // (Unstable: paths that compare equal are the same path.)
        walked.files[start..].sort_unstable();
    }
    walked.links.sort_unstable();
    if options.follow {
        walked.files = first_of_each(std::mem::take(&mut walked.files));
    }
    Ok(walked)
}

/// With links followed, one file may come by several paths: only the first
/// is kept, or it would be converted twice.
fn first_of_each(files: Vec<PathBuf>) -> Vec<PathBuf> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let mut seen = std::collections::HashSet::new();
        let id = |p: &PathBuf| std::fs::metadata(p).map(|m| (m.dev(), m.ino())).ok();
        files
            .into_iter()
            .filter(|p| id(p).is_none_or(|i| seen.insert(i)))
            .collect()
    }
    #[cfg(not(unix))]
    {
        files
    }
}

fn walk_one(root: &Path, options: &WalkOptions, walked: &mut Walked) -> Result<(), GlobError> {
    let mut builder = WalkBuilder::new(root);
    let respect = !options.no_ignore;
    builder
        .hidden(!options.hidden)
        .ignore(respect)
        .git_ignore(respect)
        .git_global(respect)
        .git_exclude(respect)
        .parents(respect)
        .follow_links(options.follow)
        .filter_entry(|e| e.file_name() != ".git");
    if !options.globs.is_empty() {
        builder.overrides(overrides(root, &options.globs)?);
    }
    // The `ignore` crate does not say what it leaves out: the entries of
    // each directory walked, counted by one more read of the directory
    // (names only, no stat), less the entries the walk yields below it.
    let (mut entries, mut yielded) = (0usize, 0usize);
    for entry in builder.build() {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                walked.problems.push(problem(root, e));
                continue;
            }
        };
        let Some(kind) = entry.file_type() else {
            continue; // standard input; not produced for paths
        };
        yielded += usize::from(entry.depth() > 0);
        if kind.is_dir() {
            entries += std::fs::read_dir(entry.path()).map_or(0, Iterator::count);
        }
        if kind.is_symlink() {
            walked.links.push(entry.into_path());
        } else if !kind.is_dir() {
            // Files, and anything else (a FIFO, a device): the reader
            // judges those from the descriptor it opens.
            walked.files.push(entry.into_path());
        }
    }
    walked.ignored += entries.saturating_sub(yielded);
    Ok(())
}

fn overrides(root: &Path, globs: &[String]) -> Result<ignore::overrides::Override, GlobError> {
    let mut builder = OverrideBuilder::new(root);
    let error = |glob: &str, e: ignore::Error| GlobError {
        glob: glob.to_string(),
        why: e.to_string(),
    };
    for glob in globs {
        builder.add(glob).map_err(|e| error(glob, e))?;
    }
    builder.build().map_err(|e| error("", e))
}

/// The path an error is about (the root if it names none) and why.
fn problem(root: &Path, error: ignore::Error) -> (PathBuf, Skipped) {
    fn split(error: ignore::Error) -> (Option<PathBuf>, Skipped) {
        match error {
            ignore::Error::WithPath { path, err } => (Some(path), split(*err).1),
            ignore::Error::WithDepth { err, .. } => split(*err),
            ignore::Error::WithLineNumber { err, .. } => split(*err),
            ignore::Error::Io(e) => (None, Skipped::Io(e)),
            ignore::Error::Loop { child, .. } => (Some(child), Skipped::Loop),
            other => (None, Skipped::Other(other.to_string())),
        }
    }
    let (path, why) = split(error);
    (path.unwrap_or_else(|| root.to_path_buf()), why)
}

#[cfg(test)]
#[path = "walk_tests.rs"]
mod tests;
