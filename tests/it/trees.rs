//! Whole trees (issue 21): `wenc -i -r -f auto -t utf-8 DIR` on real trees
//! built here (nested folders, a git repository with a .gitignore, hidden
//! folders, binary files, links to outside the tree, HTML, XML and CSS
//! that declare their encoding, files in UTF-8 already), every outcome
//! checked byte for byte against encoding_rs; a second run changes
//! nothing; the dry run, backups, JSON Lines and --sniff/--check -r.

use encoding_rs::{Encoding, SHIFT_JIS, WINDOWS_1251};
use std::collections::BTreeMap;
use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::Output;

use crate::util::*;

const RUSSIAN: &str = "Москва — столица России, город федерального значения, \
административный центр Центрального федерального округа и центр Московской \
области, в состав которой не входит. Крупнейший по численности населения город \
России и её субъект, самый населённый из городов, полностью расположенных в Европе. \
Москва является важным туристическим центром страны, а также культурным, \
научным и экономическим центром. ";

const JAPANESE: &str = "東京都は、日本の首都であり、関東地方に位置する都である。\
都庁所在地は新宿区。人口は日本の都道府県で最も多く、約千四百万人である。\
日本の政治、経済、文化の中心地であり、多くの企業の本社が集まっている。";

fn encode(text: &str, e: &'static Encoding) -> Vec<u8> {
    let (bytes, _, unmappable) = e.encode(text);
    assert!(!unmappable);
    bytes.into_owned()
}

/// The oracle: what a file must become, decoded by encoding_rs.
fn oracle(bytes: &[u8], e: &'static Encoding) -> Vec<u8> {
    let (text, malformed) = e.decode_without_bom_handling(bytes);
    assert!(!malformed);
    text.into_owned().into_bytes()
}

/// Every file of the tree: (relative path, original bytes, what it must be after).
struct Tree {
    dir: tempfile::TempDir,
    outside: tempfile::TempDir,
    files: Vec<(&'static str, Vec<u8>, Vec<u8>)>,
}

fn build() -> Tree {
    let dir = dir();
    let outside = dir_outside();
    let root = dir.path();
    for d in [
        "docs/deep/er",
        "web/css",
        "repo/.git",
        "repo/build",
        ".hidden",
    ] {
        fs::create_dir_all(root.join(d)).unwrap();
    }
    let ru = RUSSIAN.repeat(3);
    let ja = JAPANESE.repeat(3);
    let page = format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"windows-1251\"><title>Москва</title></head>\n<body><p>{ru}</p></body></html>\n"
    );
    let xml = format!("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<doc>{ja}</doc>\n");
    let css = format!("@charset \"windows-1251\";\n/* {ru} */\nbody {{ margin: 0 }}\n");
    let mut files = vec![
        (
            "docs/deep/er/ru.txt",
            encode(&ru, WINDOWS_1251),
            ru.as_bytes().to_vec(),
        ),
        (
            "docs/ja.txt",
            encode(&ja, SHIFT_JIS),
            ja.as_bytes().to_vec(),
        ),
        (
            "web/index.html",
            encode(&page, WINDOWS_1251),
            page.replace("windows-1251", "utf-8").into_bytes(),
        ),
        (
            "web/data.xml",
            encode(&xml, SHIFT_JIS),
            xml.replace("Shift_JIS", "utf-8").into_bytes(),
        ),
        (
            "web/css/site.css",
            encode(&css, WINDOWS_1251),
            css.replace("windows-1251", "utf-8").into_bytes(),
        ),
        (
            "docs/utf8.txt",
            ru.as_bytes().to_vec(),
            ru.as_bytes().to_vec(),
        ),
        (
            "README",
            b"plain ASCII\n".to_vec(),
            b"plain ASCII\n".to_vec(),
        ),
        (
            "web/logo.png",
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\xE9\xE0".to_vec(),
            vec![],
        ),
        // Ignored by the repository, hidden, or git's own: never touched.
        ("repo/build/gen.txt", encode(&ru, WINDOWS_1251), vec![]),
        ("repo/.git/description", encode(&ru, WINDOWS_1251), vec![]),
        (".hidden/secret.txt", encode(&ru, WINDOWS_1251), vec![]),
        (
            "repo/src.txt",
            encode(&ja, SHIFT_JIS),
            ja.as_bytes().to_vec(),
        ),
        (
            "repo/.gitignore",
            b"build/\n".to_vec(),
            b"build/\n".to_vec(),
        ),
    ];
    for (name, before, after) in &mut files {
        write(root, name, before);
        if after.is_empty() {
            *after = before.clone(); // untouched
        }
    }
    // For encoding_rs, the decoded text is the oracle's; check it agrees.
    assert_eq!(oracle(&files[0].1, WINDOWS_1251), files[0].2);
    assert_eq!(oracle(&files[1].1, SHIFT_JIS), files[1].2);
    let far = write(outside.path(), "far.txt", &encode(&ru, WINDOWS_1251));
    std::os::unix::fs::symlink(&far, root.join("docs/link.txt")).unwrap();
    std::os::unix::fs::symlink(outside.path(), root.join("elsewhere")).unwrap();
    Tree {
        dir,
        outside,
        files,
    }
}

fn dir_outside() -> tempfile::TempDir {
    temp_dir("wenc-trees-outside-", 0o700)
}

/// (inode, mtime) of every file, to prove untouched files kept both.
fn stamps(root: &Path, names: &[&str]) -> BTreeMap<String, (u64, i64, i64)> {
    let stamp = |n: &&str| {
        let m = fs::metadata(root.join(n)).unwrap();
        (n.to_string(), (m.ino(), m.mtime(), m.mtime_nsec()))
    };
    names.iter().map(stamp).collect()
}

fn migrate(root: &Path, extra: &[&str]) -> Output {
    let mut cmd = wenc();
    cmd.args(["-i", "-r", "-f", "auto", "-t", "utf-8"])
        .args(extra)
        .arg(root);
    cmd.output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_tree_is_migrated_byte_for_byte_and_a_second_run_changes_nothing() {
    let tree = build();
    let root = tree.dir.path();
    let untouched: Vec<&str> = tree
        .files
        .iter()
        .filter(|(_, before, after)| before == after)
        .map(|(n, ..)| *n)
        .collect();
    let before = stamps(root, &untouched);
    let far_before = fs::read(tree.outside.path().join("far.txt")).unwrap();

    let out = migrate(root, &[]);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    for (name, _, after) in &tree.files {
        assert_eq!(
            text(&fs::read(root.join(name)).unwrap()),
            text(after),
            "{name}"
        );
    }
    assert_eq!(
        before,
        stamps(root, &untouched),
        "untouched files keep inode and mtime"
    );
    assert_eq!(
        fs::read(tree.outside.path().join("far.txt")).unwrap(),
        far_before
    );
    assert!(fs::symlink_metadata(root.join("docs/link.txt"))
        .unwrap()
        .is_symlink());
    assert!(
        err.contains("web/index.html: note: its <meta> charset now says utf-8"),
        "{err}"
    );
    assert!(
        err.contains(
            "9 files: 6 converted, 2 unchanged, 0 refused, 0 failed, 7 skipped \
             (1 binary, 2 links not followed, 4 ignored); converted from Shift_JIS 3, windows-1251 3"
        ),
        "{err}"
    );
    // Converted lines come in path order.
    let converted: Vec<&str> = err
        .lines()
        .filter(|l| l.contains(": converted from"))
        .collect();
    let mut sorted = converted.clone();
    sorted.sort();
    assert_eq!(converted, sorted);

    let all: Vec<&str> = tree.files.iter().map(|(n, ..)| *n).collect();
    let after_first = stamps(root, &all);
    let again = migrate(root, &[]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert!(
        text(&again.stderr).contains("9 files: 0 converted, 8 unchanged"),
        "{}",
        text(&again.stderr)
    );
    assert_eq!(
        after_first,
        stamps(root, &all),
        "a second run touches nothing"
    );
}

#[test]
fn hidden_no_ignore_glob_and_follow_widen_or_narrow_the_walk() {
    let tree = build();
    let root = tree.dir.path();
    let out = migrate(root, &["--hidden", "--no-ignore", "-g", "*.txt", "-n"]);
    let err = text(&out.stderr);
    for name in [".hidden/secret.txt", "repo/build/gen.txt", "docs/ja.txt"] {
        assert!(
            err.contains(&format!("{name}: would be converted")),
            "{err}"
        );
    }
    assert!(!err.contains(".git/"), "{err}");
    assert!(!err.contains("index.html"), "{err}");

    let out = migrate(root, &["-L", "-g", "**/link.txt", "-g", "elsewhere/**"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let far = fs::read(tree.outside.path().join("far.txt")).unwrap();
    assert_eq!(
        text(&far),
        RUSSIAN.repeat(3),
        "-L converts the linked file itself"
    );
    assert!(fs::symlink_metadata(root.join("docs/link.txt"))
        .unwrap()
        .is_symlink());
}

#[test]
fn the_dry_run_writes_nothing_and_says_the_same() {
    let tree = build();
    let root = tree.dir.path();
    let all: Vec<&str> = tree.files.iter().map(|(n, ..)| *n).collect();
    let before = stamps(root, &all);
    let out = migrate(root, &["--dry-run"]);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("docs/ja.txt: would be converted from Shift_JIS"),
        "{err}"
    );
    assert!(err.contains("6 would be converted, 2 unchanged"), "{err}");
    assert_eq!(before, stamps(root, &all));
    for (name, original, _) in &tree.files {
        assert_eq!(&fs::read(root.join(name)).unwrap(), original, "{name}");
    }
}

#[test]
fn backups_keep_each_original_beside_it() {
    let tree = build();
    let root = tree.dir.path();
    let out = migrate(root, &["--backup=.orig", "-q"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        "",
        "-q: nothing to say when all went well"
    );
    for (name, before, after) in &tree.files {
        let backup = root.join(format!("{name}.orig"));
        if before != after {
            assert_eq!(&fs::read(&backup).unwrap(), before, "{name}");
        } else {
            assert!(!backup.exists(), "{name}");
        }
    }
}

#[test]
fn json_lines_say_what_happened_to_each_file() {
    let tree = build();
    let root = tree.dir.path();
    write(root, "docs/unsure.txt", b"caf\xE9 cr\xE8me\n");
    let out = migrate(root, &["--json"]);
    assert_eq!(out.status.code(), Some(1), "a refusal fails the run");
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let by_file: BTreeMap<String, &serde_json::Value> = lines
        .iter()
        .map(|v| (v["file"].as_str().unwrap().to_string(), v))
        .collect();
    assert_eq!(lines.len(), 10);
    let html = by_file[&root.join("web/index.html").display().to_string()];
    assert_eq!(html["outcome"], "converted");
    assert_eq!(html["from"], "windows-1251");
    assert_eq!(html["to"], "UTF-8");
    assert_eq!(html["source"], "declaration");
    assert_eq!(html["confidence"], 1.0);
    let unsure = by_file[&root.join("docs/unsure.txt").display().to_string()];
    assert_eq!(unsure["outcome"], "refused");
    assert!(
        unsure["reason"].as_str().unwrap().starts_with("not sure"),
        "{unsure}"
    );
    assert_eq!(
        fs::read(root.join("docs/unsure.txt")).unwrap(),
        b"caf\xE9 cr\xE8me\n"
    );
    let png = by_file[&root.join("web/logo.png").display().to_string()];
    assert_eq!(png["outcome"], "skipped");
    let utf8 = by_file[&root.join("docs/utf8.txt").display().to_string()];
    assert_eq!(
        (&utf8["outcome"], &utf8["reason"]),
        (&"unchanged".into(), &"UTF-8 already".into())
    );
    // The files' lines are in path order.
    let names: Vec<&String> = by_file.keys().collect();
    let order: Vec<String> = lines
        .iter()
        .map(|v| v["file"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(order.iter().collect::<Vec<_>>(), names);
    assert!(
        text(&out.stderr).contains("1 refused"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn messages_are_the_same_whatever_the_threads() {
    let tree = build();
    let root = tree.dir.path();
    let one = migrate(root, &["-n", "-j", "1", "--json"]);
    let four = migrate(root, &["-n", "-j", "4", "--json"]);
    assert_eq!(text(&one.stdout), text(&four.stdout));
    assert_eq!(text(&one.stderr), text(&four.stderr));
}

#[test]
fn sniff_and_check_walk_too() {
    let tree = build();
    let root = tree.dir.path();
    let out = wenc()
        .args(["--sniff", "-r"])
        .arg(root.join("docs"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let lines = text(&out.stdout);
    let want_ja = format!("{}: Shift_JIS (", root.join("docs/ja.txt").display());
    assert!(lines.lines().any(|l| l.starts_with(&want_ja)), "{lines}");
    assert_eq!(lines.lines().count(), 3, "{lines}");
    let out = wenc()
        .args(["--sniff", "-r", "--json"])
        .arg(root.join("docs"))
        .output()
        .unwrap();
    for line in text(&out.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(
            (&v["outcome"], &v["to"]),
            (&"sniffed".into(), &serde_json::Value::Null),
            "{v}"
        );
    }

    let out = wenc()
        .args(["--check", "-r", "-f", "shift_jis", "-g", "*.txt"])
        .arg(root.join("docs"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("ru.txt: failed: malformed Shift_JIS input"),
        "{err}"
    );
    assert!(!err.contains("ja.txt: failed"), "{err}");
}

#[test]
fn declarations_the_bytes_contradict_are_left_with_a_warning() {
    let d = dir();
    let page = format!("<meta charset=\"shift_jis\"><p>{}</p>\n", RUSSIAN.repeat(2));
    let path = write(d.path(), "p.html", &encode(&page, WINDOWS_1251));
    let out = wenc()
        .args(["-i", "-r", "-f", "windows-1251"])
        .arg(d.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&fs::read(&path).unwrap()), page);
    assert!(text(&out.stderr).contains("warning: its <meta> charset says Shift_JIS"));
}

/// 300 files of Russian in windows-1251, in 7 folders: (names, before, after).
fn many_russian_files(root: &Path, count: usize) -> (Vec<String>, Vec<u8>, Vec<u8>) {
    let ru = RUSSIAN.repeat(40);
    let (before, after) = (encode(&ru, WINDOWS_1251), ru.as_bytes().to_vec());
    let names: Vec<String> = (0..count)
        .map(|i| format!("d{}/f{i:03}.txt", i % 7))
        .collect();
    for n in &names {
        fs::create_dir_all(root.join(n).parent().unwrap()).unwrap();
        write(root, n, &before);
    }
    (names, before, after)
}

/// The numbers after `before` in `text` ("after 64 of 300" -> 64).
fn number_after(text: &str, before: &str) -> usize {
    let at = text
        .find(before)
        .unwrap_or_else(|| panic!("{before:?} in {text}"))
        + before.len();
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap()
}

/// Sends `sig` to `child` once `path` no longer holds `before` (a file
/// wenc replaced), or after a minute.
fn signal_once_replaced(child: &std::process::Child, path: &Path, before: &[u8], sig: i32) {
    let start = std::time::Instant::now();
    while fs::read(path).unwrap() == before && start.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    // SAFETY: kill() on the pid of a child we started and have not reaped.
    unsafe { libc::kill(child.id() as i32, sig) };
}

/// Every file is `before` or `after`, none half done, no temporary file
/// left: how many are done.
fn whole_files(root: &Path, names: &[String], before: &[u8], after: &[u8]) -> usize {
    let mut done = 0;
    for n in names {
        let now = fs::read(root.join(n)).unwrap();
        assert!(now == before || now == after, "{n} is half converted");
        done += usize::from(now == after);
    }
    for sub in 0..7 {
        let left = listing(&root.join(format!("d{sub}")));
        assert!(
            left.iter()
                .all(|f| f.starts_with('f') && f.ends_with(".txt")),
            "{left:?}"
        );
    }
    done
}

#[test]
fn an_interrupted_run_says_how_far_it_got_and_a_second_run_finishes() {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    for (sig, name) in [(libc::SIGTERM, "SIGTERM"), (libc::SIGINT, "SIGINT")] {
        let d = dir();
        let root = d.path();
        let (names, before, after) = many_russian_files(root, 300);
        let mut cmd = wenc();
        // SAFETY: signal() is async-signal-safe; the child must not inherit
        // an ignored SIGINT from whatever runs the tests.
        unsafe {
            cmd.pre_exec(move || {
                libc::signal(sig, libc::SIG_DFL);
                Ok(())
            });
        }
        let child = cmd
            .args(["-q", "-i", "-r", "-j", "1", "-f", "auto"])
            .arg(root)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Stopped once the eleventh file in path order (d0/f070) is done.
        signal_once_replaced(&child, &root.join(&names[70]), &before, sig);
        let out = child.wait_with_output().unwrap();
        // It dies of the signal once it has told (the shell sees 128 + sig).
        assert_eq!(out.status.signal(), Some(sig), "{:?}", out.status);
        let done = whole_files(root, &names, &before, &after);
        let err = text(&out.stderr);
        let summary = format!(
            "wenc: interrupted by {name} after {done} of 300 files: {done} converted, 0 unchanged"
        );
        assert!(err.contains(&summary), "{summary:?} in {err}");
        assert!(
            err.contains("files not reached are untouched, run again to finish"),
            "{err}"
        );
        assert!(done < 300, "{err}");

        let done_names: Vec<&str> = names
            .iter()
            .filter(|n| fs::read(root.join(n)).unwrap() == after)
            .map(String::as_str)
            .collect();
        let stamped = stamps(root, &done_names);
        let out = migrate(root, &[]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let left = 300 - done;
        assert!(
            text(&out.stderr).contains(&format!("300 files: {left} converted, {done} unchanged")),
            "{}",
            text(&out.stderr)
        );
        for n in &names {
            assert_eq!(fs::read(root.join(n)).unwrap(), after, "{n}");
        }
        assert_eq!(
            stamps(root, &done_names),
            stamped,
            "the files done before were left alone"
        );
    }
}

#[test]
fn a_signal_not_deferred_removes_every_temporary_file_of_the_batch() {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    // SIGHUP is not deferred: the handler removes every temporary file of
    // the batch in flight (up to 64 guarded at once) and wenc dies of it.
    let d = dir();
    let root = d.path();
    let (names, before, after) = many_russian_files(root, 300);
    let mut cmd = wenc();
    // SAFETY: signal() is async-signal-safe.
    unsafe {
        cmd.pre_exec(|| {
            libc::signal(libc::SIGHUP, libc::SIG_DFL);
            Ok(())
        });
    }
    let mut child = cmd
        .args(["-q", "-i", "-r", "-j", "2", "-f", "auto"])
        .arg(root)
        .spawn()
        .unwrap();
    signal_once_replaced(&child, &root.join(&names[70]), &before, libc::SIGHUP);
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), Some(libc::SIGHUP), "{status:?}");
    // Mid-batch: the files renamed are done, the rest whole, and no
    // temporary file is left (`whole_files` lists every folder).
    let done = whole_files(root, &names, &before, &after);
    assert!((11..300).contains(&done), "{done}");
}

#[test]
fn out_of_space_mid_tree_stops_with_every_file_whole() {
    use std::os::unix::process::CommandExt;
    // The file size limit (RLIMIT_FSIZE, SIGXFSZ ignored) stands in for a
    // full disk: the first write past it fails with EFBIG, as one past the
    // end of the disk fails with ENOSPC, and wenc stops the same way.
    let d = dir();
    let root = d.path();
    let (mut names, before, after) = many_russian_files(root, 60);
    let big_text = RUSSIAN.repeat(200);
    let big = "d3/f031.txt"; // in the middle, in path order
    write(root, big, &encode(&big_text, WINDOWS_1251));
    let limit = (before.len().max(after.len()) * 2) as libc::rlim_t;
    assert!(big_text.len() as libc::rlim_t > limit);
    let mut cmd = wenc();
    // SAFETY: setrlimit and signal are async-signal-safe.
    unsafe {
        cmd.pre_exec(move || {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let rl = libc::rlimit {
                rlim_cur: limit,
                rlim_max: limit,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &rl);
            Ok(())
        });
    }
    let out = cmd
        .args(["-i", "-r", "-f", "auto", "-t", "utf-8", "-j", "2"])
        .arg(root)
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(
        fs::read(root.join(big)).unwrap(),
        encode(&big_text, WINDOWS_1251),
        "the file that did not fit is untouched"
    );
    names.retain(|n| n != big);
    let done = whole_files(root, &names, &before, &after);
    // Every file before the big one in path order is done, none after.
    let mut sorted = names.clone();
    sorted.sort();
    let place = sorted.iter().position(|n| n.as_str() > big).unwrap();
    for (i, n) in sorted.iter().enumerate() {
        let want: &[u8] = if i < place { &after } else { &before };
        assert_eq!(fs::read(root.join(n)).unwrap(), want, "{n}");
    }
    assert_eq!(done, place);
    assert!(
        err.contains(&format!("{big}: failed: write error: File too large")),
        "{err}"
    );
    let stopped = format!(
        "{} converted, 0 unchanged, 0 refused, 1 failed, 0 skipped; converted from windows-1251 {done}; stopped after {} of 60 files: write error: File too large; files not reached are untouched",
        done,
        done + 1
    );
    assert!(err.contains(&stopped), "{stopped:?} in {err}");
    assert_eq!(number_after(&err, "stopped after "), done + 1);

    // Without the limit, a second run finishes and leaves the done ones be.
    let out = migrate(root, &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains(&format!(
            "60 files: {} converted, {done} unchanged",
            60 - done
        )),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn single_files_and_outputs_have_their_declaration_follow_too() {
    let d = dir();
    let page = format!("<html><head><meta charset=\"windows-1251\"></head><p>{RUSSIAN}</p>\n");
    let input = write(d.path(), "page.html", &encode(&page, WINDOWS_1251));
    let want = page.replace("windows-1251", "utf-8");
    let out = d.path().join("out.html");
    let run = wenc()
        .args(["-f", "auto", "-o"])
        .arg(&out)
        .arg(&input)
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert_eq!(text(&fs::read(&out).unwrap()), want);
    assert!(text(&run.stderr).contains("page.html: note: its <meta> charset now says utf-8"));
    // The output sniffs as what it is, and a second run changes nothing.
    let sniffed = wenc().arg("--sniff").arg(&out).output().unwrap();
    assert!(
        text(&sniffed.stdout).contains(": UTF-8 (declared in the document"),
        "{}",
        text(&sniffed.stdout)
    );
    let kept = wenc()
        .args(["-f", "windows-1251", "--keep-declaration"])
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(text(&kept.stdout), page);
    let run = wenc()
        .args(["-i", "-f", "auto"])
        .arg(&input)
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert_eq!(text(&fs::read(&input).unwrap()), want);
    let again = wenc()
        .args(["-i", "-f", "auto"])
        .arg(&input)
        .output()
        .unwrap();
    assert!(again.status.success());
    assert_eq!(text(&fs::read(&input).unwrap()), want);
}
