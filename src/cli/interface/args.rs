//! The command line, as a clap definition. The same definition renders
//! `--help`, the man page and the shell completions.

use super::docs;
use super::labels::{Direction, Label};
use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Arg, ArgAction, Command, Parser, ValueEnum, ValueHint};
use std::ffi::{OsStr, OsString};
use std::path::PathBuf;

/// What to do with malformed input and unrepresentable characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Mode {
    /// Malformed input becomes U+FFFD; an unrepresentable character is an error.
    Replacement,
    /// Any malformed input or unrepresentable character stops the run.
    Fatal,
    /// Malformed input becomes U+FFFD; unrepresentable characters become &#N;.
    Html,
    /// Malformed input becomes U+FFFD; unrepresentable characters become ? (see --subst-char).
    Subst,
}

/// Line ends for --eol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EolArg {
    /// CRLF and lone CR become LF (Unix)
    Lf,
    /// LF and lone CR become CRLF (Windows)
    Crlf,
}

/// Unicode normalization forms for --normalize.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormArg {
    /// Canonical composition (what most systems write)
    Nfc,
    /// Canonical decomposition (macOS file names)
    Nfd,
    /// Compatibility composition (also folds full-width letters, ligatures...)
    Nfkc,
    /// Compatibility decomposition
    Nfkd,
}

/// Convert text between the encodings of the WHATWG Encoding Standard.
#[derive(Debug, Parser)]
#[command(
    name = "wenc",
    version,
    about = "Convert text between encodings, as web browsers decode and encode it",
    long_about = LONG_ABOUT,
    after_help = "Error modes, BOMs, exit statuses and examples: wenc --help or man wenc.",
    max_term_width = 100,
)]
pub struct Args {
    /// Input encoding, any label of the Encoding Standard, or auto
    ///
    /// Labels are matched as the standard says: surrounding whitespace is
    /// ignored and letters are case-insensitive ("Shift_JIS", "sjis" and
    /// "windows-31j" are one encoding). A byte order mark at the start of an
    /// input overrides this (see --ignore-bom). `wenc -l` lists every label.
    /// With auto, each input is read in the encoding --sniff names for it
    /// (see "Finding the encoding" below).
    #[arg(short, long, alias = "from-code", value_name = "LABEL")]
    #[arg(default_value = "utf-8", hide_possible_values = true)]
    #[arg(value_parser = LabelParser(Direction::From))]
    pub from: Label,

    /// Output encoding
    ///
    /// Any label of an encoding wenc can write: all of the standard's
    /// encodings except replacement. UTF-16LE and UTF-16BE (labels utf-16le,
    /// utf-16, unicode, utf-16be...) write real UTF-16: an extension of the
    /// standard, which writes UTF-8 for them.
    #[arg(short, long, alias = "to-code", value_name = "LABEL")]
    #[arg(default_value = "utf-8", hide_possible_values = true)]
    #[arg(value_parser = LabelParser(Direction::To))]
    pub to: Label,

    /// What to do with malformed input and unrepresentable characters
    #[arg(short = 'e', long = "errors", value_name = "MODE", value_enum, default_value_t = Mode::Replacement)]
    pub errors: Mode,

    /// With -e subst: the character written for each one the output lacks [default: ?]
    ///
    /// It must itself be representable in the output encoding. Malformed
    /// input still becomes U+FFFD first, so it is substituted too when the
    /// output has no U+FFFD.
    #[arg(long = "subst-char", value_name = "C")]
    pub subst_char: Option<char>,

    /// Rewrite every line end (CRLF, LF, lone CR) of the decoded text as LF or CRLF
    ///
    /// Applied to the decoded text before encoding, so it works for every
    /// output encoding (UTF-16 included). Positions in messages stay those
    /// of the input. Example: a Windows CSV for a Linux tool:
    /// wenc -f cp932 --eol lf data.csv
    #[arg(long = "eol", value_name = "EOL", value_enum)]
    pub eol: Option<EolArg>,

    /// Apply a Unicode normalization form to the decoded text before encoding
    ///
    /// Streaming, with bounded memory. Example: text from macOS (か + U+3099)
    /// to Shift_JIS: wenc --normalize nfc -t sjis nfd.txt
    #[arg(long = "normalize", value_name = "FORM", value_enum)]
    pub normalize: Option<FormArg>,

    /// Write to FILE instead of standard output
    ///
    /// FILE is replaced atomically: wenc writes a temporary file beside it and
    /// renames it into place only when everything succeeded. On any error or
    /// interruption FILE is left as it was. FILE may be one of the inputs.
    #[arg(short = 'o', long = "output", value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub output: Option<PathBuf>,

    /// Convert each FILE in place
    ///
    /// Each FILE is converted on its own and replaced atomically (a temporary
    /// file beside it, renamed over it), keeping its permissions. A FILE whose
    /// bytes would not change is not rewritten. A FILE that fails is left as
    /// it was and reported, and the others are still converted. Malformed
    /// input fails unless -e replacement is given; see "Replacing files"
    /// below.
    #[arg(
        short = 'i',
        long = "in-place",
        requires = "files",
        conflicts_with_all = ["output", "check", "sniff", "list_labels"]
    )]
    pub in_place: bool,

    /// Replace a file even if it looks converted already
    ///
    /// In place (-i, or -o naming an input), wenc refuses to read valid UTF-8
    /// text with non-ASCII characters as a legacy encoding such as Shift_JIS:
    /// the file was most likely converted already. --force converts it anyway.
    #[arg(long)]
    pub force: bool,

    /// No BOM sniffing: the -f encoding always wins, nothing removed
    #[arg(long = "ignore-bom")]
    pub ignore_bom: bool,

    /// Start the output with a BOM (UTF-8, UTF-16LE, UTF-16BE only)
    ///
    /// Exactly one byte order mark is written at the very start of the output,
    /// also for empty input and for several FILEs.
    #[arg(long = "add-bom")]
    pub add_bom: bool,

    /// Read and write hz-gb-2312 and iso-2022-kr with the 2012 draft's codecs
    ///
    /// The Encoding Standard maps the labels hz-gb-2312, iso-2022-kr and
    /// csiso2022kr to the replacement encoding, which decodes any input to a
    /// single U+FFFD: their escape sequences (~{ and ESC $ ) C, SO, SI) could
    /// hide markup from a browser's checks. With this option, -f and -t with
    /// these labels use the real HZ-GB-2312 and ISO-2022-KR codecs of the
    /// standard's first draft (2012), for old mail, news and documents.
    /// iso-2022-cn and iso-2022-cn-ext stay replacement.
    #[arg(long)]
    pub historical: bool,

    /// For each FILE, print its encoding and how it was found
    ///
    /// One line per FILE, "FILE: NAME (how)": NAME is the standard's name of
    /// the encoding (or "binary"), and how says whether a byte order mark
    /// named it, the document declared it (<meta> or XML declaration), or it
    /// was guessed from the bytes (with the confidence), or that the file is
    /// ASCII only or not text. A FILE that cannot be read gets a line saying
    /// why, and the exit status is then 1. With --json, a JSON array.
    #[arg(long, conflicts_with_all = ["to", "errors", "output", "ignore_bom", "add_bom", "check", "from"])]
    pub sniff: bool,

    /// The language or country the text comes from, for guessing (--sniff, -f auto)
    ///
    /// A language code (ja, ru, zh-tw) or a top-level domain (jp, .ru, cz),
    /// as browsers use the domain of a page: it favours that language's
    /// encodings where the bytes alone are ambiguous.
    #[arg(long, value_name = "LANG|TLD", value_hint = ValueHint::Other)]
    pub hint: Option<String>,

    /// Print every encoding with all of its labels (-l as in iconv)
    ///
    /// In the standard's groups and order: each encoding's name, then its
    /// labels. With --json, the same as JSON, in the shape of the standard's
    /// encodings.json. With LABELs in place of FILEs (wenc -l sjis cp932),
    /// what each names: its encoding and all of that encoding's labels.
    #[arg(
        short = 'l',
        long = "list-labels",
        alias = "list",
        conflicts_with_all = ["from", "to", "errors", "output", "ignore_bom", "add_bom", "sniff", "check", "progress", "jobs"]
    )]
    pub list_labels: bool,

    /// With --list-labels, --sniff, or -r: print JSON
    ///
    /// --list-labels and --sniff: one JSON document. With -r (-i, --check or
    /// --sniff over a tree): JSON Lines, one object per file (file, from, to,
    /// source, confidence, outcome, reason), outcome one of converted,
    /// unchanged, refused, failed, skipped, or sniffed.
    #[arg(long)]
    pub json: bool,

    /// Decode (and encode, with -t) without writing output
    ///
    /// Exit status 1 at the first malformed sequence or unrepresentable
    /// character: "is this file valid shift_jis?". Every FILE is checked;
    /// nothing is printed for a valid one.
    #[arg(long, conflicts_with_all = ["output", "add_bom"])]
    pub check: bool,

    /// No warnings (errors are still reported)
    #[arg(short = 'q', long, short_alias = 's', alias = "silent")]
    pub quiet: bool,

    /// Show a progress bar on standard error, even when it is not a terminal
    ///
    /// Without this option a bar appears for long conversions when standard
    /// error is a terminal, the input sizes are known, the converted text does
    /// not go to the terminal too, and -q is not given. When standard error
    /// is not a terminal (a log file), a plain line every second and a last
    /// one at the end take the bar's place.
    #[arg(long)]
    pub progress: bool,

    /// Threads for converting a large file or a pipe [default: the number of CPU cores]
    ///
    /// A regular file of 4 MiB or more, or a pipe longer than 256 KiB, is
    /// converted in pieces on N threads, with exactly the output, messages
    /// and exit status of -j 1, when its encodings allow it (see "Input and
    /// output" below).
    #[arg(
        short = 'j',
        long = "jobs",
        value_name = "N",
        value_hint = ValueHint::Other,
        value_parser = clap::value_parser!(u32).range(1..)
    )]
    pub jobs: Option<u32>,

    /// The unit of splitting for -j, in bytes (for tests): a file's pieces and a
    /// stream's blocks are a quarter of it; inputs under four units are not split.
    #[arg(
        long = "piece-size",
        value_name = "BYTES",
        hide = true,
        value_hint = ValueHint::Other,
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    pub piece_size: Option<u64>,

    /// With -i, --sniff or --check: walk each FILE that is a directory
    ///
    /// As ripgrep walks: .gitignore (in a git repository), .ignore and hidden
    /// files are respected (see --hidden, --no-ignore, -g, -L); .git is never
    /// entered. Binary files (a NUL in the first 8 KiB) are skipped. Files are
    /// read and converted on -j threads; messages and output come in path
    /// order. With -i -f auto, a file is converted only when wenc is sure of
    /// its encoding; files in the output encoding already (or ASCII) are left
    /// untouched, unsure ones are refused with their candidates, and a summary
    /// ends the run (exit status 1 if anything was refused or failed).
    #[arg(short = 'r', long)]
    pub recursive: bool,

    /// With -r: include hidden files and directories
    #[arg(long, requires = "recursive")]
    pub hidden: bool,

    /// With -r: do not respect .gitignore, .ignore and git's excludes
    #[arg(long = "no-ignore", requires = "recursive")]
    pub no_ignore: bool,

    /// With -r: only files matching GLOB (ripgrep's -g; !GLOB excludes); repeatable
    #[arg(
        short = 'g',
        long = "glob",
        value_name = "GLOB",
        requires = "recursive"
    )]
    pub globs: Vec<String>,

    /// With -r: follow symbolic links
    #[arg(short = 'L', long = "follow", requires = "recursive")]
    pub follow: bool,

    /// With -i -r: report what would be done, write nothing
    #[arg(short = 'n', long = "dry-run", requires = "in_place")]
    pub dry_run: bool,

    /// With -i -r: keep each original as FILE + SUFFIX (as sed -i.bak)
    #[arg(long, value_name = "SUFFIX", requires = "in_place")]
    pub backup: Option<String>,

    /// Leave <meta charset>, XML and @charset declarations as they are
    ///
    /// By default a declaration that names the input's encoding is rewritten
    /// to name the output's (utf-8), so browsers read the converted bytes right.
    #[arg(long = "keep-declaration")]
    pub keep_declaration: bool,

    /// iconv's -c has no equivalent; explained when used.
    #[arg(short = 'c', hide = true, action = ArgAction::SetTrue)]
    pub iconv_omit_invalid: bool,

    /// Input files; none, or -, reads standard input
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub files: Vec<PathBuf>,
}

const LONG_ABOUT: &str = "\
Convert text between encodings, as web browsers decode and encode it.

wenc reads each FILE (standard input when there is none, or for -), decodes it \
from the -f encoding, encodes it to the -t encoding and writes the result to \
standard output or to -o FILE. The encodings, their labels, byte order mark \
handling and error modes are those of the WHATWG Encoding Standard, byte for \
byte.";

impl Args {
    /// The clap command (for the man page, completions and tests), with the
    /// long help's sections (`after_long_help`).
    pub fn command() -> Command {
        <Args as clap::CommandFactory>::command().after_long_help(docs::help_text())
    }

    /// The clap command that parses `args` (the first is the program): the
    /// long help's sections are wrapped only when `--help` asks for them.
    /// Wrapping them on every run was a quarter of a short run's
    /// instructions (bench/RESULTS.md, session 10).
    pub fn command_for(args: &[OsString]) -> Command {
        if args.iter().skip(1).any(|a| a == "--help") {
            Self::command()
        } else {
            <Args as clap::CommandFactory>::command()
        }
    }
}

/// Resolves a label for -f or -t; an unknown one is a usage error with
/// wenc's own message (suggestions, iconv habits). Tells completion scripts
/// every label.
#[derive(Clone)]
struct LabelParser(Direction);

impl TypedValueParser for LabelParser {
    type Value = Label;

    fn parse_ref(
        &self,
        cmd: &Command,
        arg: Option<&Arg>,
        value: &OsStr,
    ) -> Result<Label, clap::Error> {
        let given = clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)?;
        Label::parse(given, self.0).map_err(|msg| {
            // As `Command::error` words it: "error: ...", usage, help hint.
            clap::Error::raw(ErrorKind::InvalidValue, msg).format(&mut cmd.clone())
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let labels = super::completions::labels(self.0).into_iter();
        Some(Box::new(labels.map(PossibleValue::new)))
    }
}
