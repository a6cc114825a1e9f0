use super::*;
use std::fs;

/// A tree: nested folders, a git repository with a `.gitignore`, an
/// `.ignore`, a hidden folder and a hidden file.
fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    for d in ["a/b/c", "repo/.git", "repo/build", ".hidden", "z"] {
        fs::create_dir_all(p.join(d)).unwrap();
    }
    for f in [
        "top.txt",
        "a/one.html",
        "a/b/two.css",
        "a/b/c/three.xml",
        "repo/kept.txt",
        "repo/build/out.txt",
        "repo/skip.log",
        "repo/.git/config",
        ".hidden/secret.txt",
        ".dotfile",
        "z/ignored.tmp",
        "z/zz.txt",
    ] {
        fs::write(p.join(f), b"text").unwrap();
    }
    fs::write(p.join("repo/.gitignore"), "build/\n*.log\n").unwrap();
    fs::write(p.join(".ignore"), "*.tmp\n").unwrap();
    dir
}

fn names(root: &Path, files: &[PathBuf]) -> Vec<String> {
    let name = |f: &PathBuf| f.strip_prefix(root).unwrap().to_string_lossy().into_owned();
    files.iter().map(name).collect()
}

#[test]
fn default_walk_respects_ignores_and_hidden_and_sorts() {
    let dir = tree();
    let walked = walk(&[dir.path().to_path_buf()], &WalkOptions::default()).unwrap();
    assert_eq!(
        names(dir.path(), &walked.files),
        [
            "a/b/c/three.xml",
            "a/b/two.css",
            "a/one.html",
            "repo/kept.txt",
            "top.txt",
            "z/zz.txt"
        ]
    );
    assert!(walked.problems.is_empty());
    // .hidden, .dotfile, .ignore; repo/.git, build/ (once), skip.log,
    // .gitignore; z/ignored.tmp.
    assert_eq!(walked.ignored, 8);
}

#[test]
fn hidden_and_no_ignore_include_them_but_never_git() {
    let dir = tree();
    let options = WalkOptions {
        hidden: true,
        no_ignore: true,
        ..WalkOptions::default()
    };
    let walked = walk(&[dir.path().to_path_buf()], &options).unwrap();
    let got = names(dir.path(), &walked.files);
    for f in [
        ".dotfile",
        ".hidden/secret.txt",
        "repo/build/out.txt",
        "repo/skip.log",
        "z/ignored.tmp",
        ".ignore",
        "repo/.gitignore",
    ] {
        assert!(got.contains(&f.to_string()), "{f} missing from {got:?}");
    }
    assert!(!got.iter().any(|f| f.contains(".git/")), "{got:?}");
    assert_eq!(walked.ignored, 1, "only repo/.git");
    let mut sorted = got.clone();
    sorted.sort();
    assert_eq!(got, sorted);
}

#[test]
fn globs_choose_and_exclude() {
    let dir = tree();
    let options = WalkOptions {
        globs: vec!["*.txt".into(), "!zz.txt".into()],
        ..WalkOptions::default()
    };
    let walked = walk(&[dir.path().to_path_buf()], &options).unwrap();
    assert_eq!(
        names(dir.path(), &walked.files),
        ["repo/kept.txt", "top.txt"]
    );
    let bad = WalkOptions {
        globs: vec!["a{".into()],
        ..WalkOptions::default()
    };
    assert!(walk(&[dir.path().to_path_buf()], &bad).is_err());
}

#[cfg(unix)]
#[test]
fn links_are_listed_not_followed_unless_asked() {
    let outside = tempfile::tempdir().unwrap();
    fs::write(outside.path().join("far.txt"), b"far").unwrap();
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("near.txt"), b"near").unwrap();
    std::os::unix::fs::symlink(outside.path().join("far.txt"), dir.path().join("l.txt")).unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.path().join("ldir")).unwrap();
    std::os::unix::fs::symlink("/nonexistent/x", dir.path().join("broken")).unwrap();

    let walked = walk(&[dir.path().to_path_buf()], &WalkOptions::default()).unwrap();
    assert_eq!(names(dir.path(), &walked.files), ["near.txt"]);
    assert_eq!(
        names(dir.path(), &walked.links),
        ["broken", "l.txt", "ldir"]
    );

    let follow = WalkOptions {
        follow: true,
        ..WalkOptions::default()
    };
    let walked = walk(&[dir.path().to_path_buf()], &follow).unwrap();
    // far.txt comes twice (l.txt, ldir/far.txt): once is enough.
    assert_eq!(names(dir.path(), &walked.files), ["l.txt", "near.txt"]);
    // The broken link is reported, not silently dropped.
    assert_eq!(walked.problems.len(), 1, "{:?}", walked.problems);
    assert!(walked.problems[0].0.ends_with("broken"));
}

#[test]
fn a_file_root_is_yielded_and_a_missing_root_reported() {
    let dir = tree();
    let file = dir.path().join("repo/skip.log");
    let missing = dir.path().join("nope");
    let walked = walk(&[file.clone(), missing.clone()], &WalkOptions::default()).unwrap();
    assert_eq!(walked.files, [file]);
    assert_eq!(walked.problems.len(), 1);
    assert_eq!(walked.problems[0].0, missing);
    assert!(
        matches!(&walked.problems[0].1, Skipped::Io(e) if e.kind() == std::io::ErrorKind::NotFound),
        "{:?}",
        walked.problems
    );
}

#[test]
fn binary_is_a_nul_in_the_first_8_kib() {
    assert!(!is_binary(b"plain text"));
    assert!(is_binary(b"a\0b"));
    let mut late = vec![b'a'; BINARY_WINDOW];
    late.push(0);
    assert!(!is_binary(&late));
    late[BINARY_WINDOW - 1] = 0;
    assert!(is_binary(&late));
}
