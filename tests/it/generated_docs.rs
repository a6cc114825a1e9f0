//! The man page (man/wenc.1) and the shell completions (completions/) are
//! generated from the clap definition and committed. These tests fail when a
//! committed file is stale; regenerate with
//!
//!     WENC_UPDATE_DOCS=1 cargo test --test it generated_docs

use clap_complete::{Generator, Shell};
use std::path::{Path, PathBuf};
use wenc_cli::cli::{completions, docs, Args};

const UPDATE_HINT: &str = "regenerate with: WENC_UPDATE_DOCS=1 cargo test --test it generated_docs";

/// The man page: clap_mangen's sections for the command and its options,
/// then wenc's own sections (modes, BOMs, exit status, examples...).
fn man_page() -> Vec<u8> {
    // The version is in the footer (the "source"), as man pages have it.
    let man = clap_mangen::Man::new(Args::command()).manual("User Commands");
    let mut out = Vec::new();
    man.render_title(&mut out).unwrap();
    man.render_name_section(&mut out).unwrap();
    // clap_mangen's synopsis leaves out the value names (-f LABEL...).
    out.extend_from_slice(docs::synopsis_roff(&Args::command()).as_bytes());
    man.render_description_section(&mut out).unwrap();
    man.render_options_section(&mut out).unwrap();
    out.extend_from_slice(docs::man_sections_roff().as_bytes());
    out
}

fn completion(shell: Shell) -> Vec<u8> {
    let mut cmd = completions::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "wenc", &mut out);
    let script = String::from_utf8(out).unwrap();
    completions::finish(&shell.file_name("wenc"), script).into_bytes()
}

/// Every generated file: path in the repository, expected content.
fn generated() -> Vec<(PathBuf, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![(root.join("man/wenc.1"), man_page())];
    for shell in [
        Shell::Bash,
        Shell::Zsh,
        Shell::Fish,
        Shell::PowerShell,
        Shell::Elvish,
    ] {
        files.push((
            root.join("completions").join(shell.file_name("wenc")),
            completion(shell),
        ));
    }
    files
}

#[test]
fn man_page_and_completions_are_up_to_date() {
    let update = std::env::var_os("WENC_UPDATE_DOCS").is_some_and(|v| v == "1");
    let mut stale = Vec::new();
    for (path, content) in generated() {
        if update {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &content).unwrap();
        } else if std::fs::read(&path).ok().as_deref() != Some(&content[..]) {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "stale generated files: {stale:?}\n{UPDATE_HINT}"
    );
}

#[test]
fn clap_definition_is_consistent() {
    Args::command().debug_assert();
}

#[test]
fn man_page_documents_every_option_mode_status_and_examples() {
    let man = String::from_utf8(man_page()).unwrap();
    for arg in Args::command().get_arguments().filter(|a| !a.is_hide_set()) {
        if let Some(long) = arg.get_long() {
            let roff = format!("\\-\\-{}", long.replace('-', "\\-"));
            assert!(man.contains(&roff), "--{long} missing from the man page");
        }
    }
    for needle in [
        ".SH \"ERROR MODES\"",
        "replacement (the default)",
        "\\fBfatal\\fR",
        "\\fBhtml\\fR",
        ".SH \"EXIT STATUS\"",
        ".SH \"EXAMPLES\"",
        ".SH \"BYTE ORDER MARKS\"",
        ".SH \"DIFFERENCES FROM ICONV\"",
        "UTF\\-16",
        "extends it",
    ] {
        assert!(man.contains(needle), "{needle} missing from the man page");
    }
}

#[test]
fn completions_offer_labels_for_from_and_to() {
    let bash = String::from_utf8(completion(Shell::Bash)).unwrap();
    assert!(
        bash.contains("shift_jis"),
        "labels missing from bash completion"
    );
    assert!(
        bash.contains("replacement fatal html"),
        "modes missing from bash completion"
    );
}

#[test]
fn completions_offer_auto_for_from_not_replacement_for_to_and_no_hidden_options() {
    for shell in [
        Shell::Bash,
        Shell::Zsh,
        Shell::Fish,
        Shell::PowerShell,
        Shell::Elvish,
    ] {
        let script = String::from_utf8(completion(shell)).unwrap();
        // --piece-size, and -c (by its help).
        for hidden in ["piece-size", "-c has no equivalent"] {
            assert!(!script.contains(hidden), "{shell:?} offers {hidden}");
        }
    }
    let bash = String::from_utf8(completion(Shell::Bash)).unwrap();
    let list = |name: &str| {
        let start = bash.find(&format!("{name}='")).unwrap() + name.len() + 2;
        let end = start + bash[start..].find('\'').unwrap();
        bash[start..end]
            .split(' ')
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let (from, to) = (list("_wenc_from_labels"), list("_wenc_to_labels"));
    assert!(from.iter().any(|l| l == "auto"), "auto missing for -f");
    assert!(!to.iter().any(|l| l == "auto"), "auto offered for -t");
    assert!(from.iter().any(|l| l == "replacement"));
    for label in ["replacement", "iso-2022-kr", "hz-gb-2312"] {
        assert!(!to.iter().any(|l| l == label), "{label} offered for -t");
    }
    assert!(to.iter().any(|l| l == "shift_jis"));
    // clap's own lists, which fish offers as they are.
    let fish = String::from_utf8(completion(Shell::Fish)).unwrap();
    let from_at = fish.find("-l from ").unwrap();
    let to_at = fish.find("-s t -l to ").unwrap();
    let to_end = to_at + fish[to_at..].find("\ncomplete ").unwrap();
    assert!(fish[from_at..to_at].contains("\"auto\\t"));
    assert!(!fish[to_at..to_end].contains("\nreplacement\\t"));
    assert!(fish[to_at..to_end].contains("\nshift_jis\\t"));
}
