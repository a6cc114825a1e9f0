//! The text of the long documentation, section by section (ASCII, see
//! the parent module); [`super`] renders it for `--help` and the man page.

/// A piece of a section.
pub enum Block {
    /// A paragraph.
    P(&'static str),
    /// A term (a mode, a status) and its description.
    Item(&'static str, &'static str),
    /// A command line and what it does.
    Example(&'static str, &'static str),
}

/// A section. Its heading is shown as is in `--help`, in upper case in the
/// man page.
pub struct Section {
    pub heading: &'static str,
    pub blocks: &'static [Block],
}

use Block::{Example, Item, P};

/// The sections, in order.
pub const SECTIONS: &[Section] = &[
    Section {
        heading: "Error modes",
        blocks: &[
            P("-e chooses what happens to malformed input (bytes that are not valid in the input \
               encoding) and to characters the output encoding cannot represent."),
            Item(
                "replacement (the default)",
                "Malformed input becomes U+FFFD REPLACEMENT CHARACTER. A character the output \
                 encoding cannot represent is an error: the run stops with exit status 1.",
            ),
            Item(
                "fatal",
                "The first malformed sequence or unrepresentable character stops the run with \
                 exit status 1.",
            ),
            Item(
                "html",
                "Malformed input becomes U+FFFD; unrepresentable characters are written as HTML \
                 numeric character references, such as &#8364; for the euro sign (the Encoding \
                 Standard's html mode, used by browsers for form submissions).",
            ),
            Item(
                "subst",
                "Malformed input becomes U+FFFD; each character the output encoding cannot \
                 represent is written as ? (or the character given with --subst-char, which the \
                 output encoding must have), as Windows' converters and iconv //TRANSLIT do for \
                 what they cannot approximate. A U+FFFD the output lacks is substituted too.",
            ),
            P("When something was replaced or substituted, wenc prints one warning per input on standard error \
               with the count and the position of the first replacement (unless -q), and exits \
               with status 0."),
        ],
    },
    Section {
        heading: "Byte order marks",
        blocks: &[
            P("By default wenc decodes as the standard's decode algorithm does: a UTF-8, UTF-16LE \
               or UTF-16BE byte order mark (BOM) at the start of an input overrides -f and is \
               removed. With --ignore-bom the -f encoding always wins and nothing is removed (a \
               UTF-8 BOM then decodes to U+FEFF like any other character)."),
            P("--add-bom writes one BOM at the very start of the output, also for empty input; it \
               is a usage error unless the output encoding is UTF-8, UTF-16LE or UTF-16BE. \
               Otherwise no BOM is ever written. --sniff tells which BOM, if any, named each \
               file's encoding."),
        ],
    },
    Section {
        heading: "Finding the encoding",
        blocks: &[
            P("--sniff names the encoding of each FILE, and -f auto reads each input in that \
               encoding, the way a browser finds the encoding of a page served without one: a \
               byte order mark; else, for input that starts like HTML or XML, what the document \
               declares (a <meta charset> or <meta http-equiv=Content-Type> in its first 1024 \
               bytes, found with the HTML Standard's prescan, or the encoding of its XML \
               declaration), unless the bytes are not valid in that encoding; else a guess from \
               the statistics of the bytes, with a confidence. A guess tolerates a few \
               malformed sequences or C1 controls, as a file with a stray byte has: --sniff \
               names them, and such a guess is never sure enough for -f auto to replace a file. \
               Input that is all ASCII reads the same in every ASCII-compatible encoding: -f \
               auto reads it as UTF-8. Input with NUL and other control bytes is not text: -f \
               auto refuses it (exit status 1)."),
            P("wenc scores the first 64 KiB of an input at most (less from a pipe when the \
               guess is sure sooner), then weighs every later byte that could change the \
               answer. A regular file is read whole from its mapping: where the leading \
               candidates read a later byte differently (ISO-8859-15's euro sign and oe \
               ligature against windows-1252's currency and one-half signs, KOI8-U's Ukrainian \
               letters against KOI8-R's box drawing), those bytes decide; a file that starts \
               as ASCII is detected from its first non-ASCII bytes; a stray byte late in UTF-8 \
               is counted as one within its start is. --sniff, -f auto and -f auto in place \
               give the same answer for a file. From a pipe, -f auto reads 64 KiB ahead, \
               decides, then converts those bytes and streams the rest, so memory stays \
               bounded. Unless -q, -f auto says on standard error which encoding it chose and \
               why."),
            P("--hint LANG|TLD (a language such as ja, ru, zh-tw, or a top-level domain such as \
               jp, .ru, cz) favours that language's encodings where the bytes are ambiguous, as \
               browsers use the domain of a page. A hint the detector does not know is a usage \
               error."),
            P("When input read with -f (or the default UTF-8) has malformed sequences and the \
               document declares another encoding, or the guess is confident of another, the \
               warning or error says so: \"...; it looks like Shift_JIS: try -f shift_jis or -f \
               auto\". --sniff also points out signs of ISO-2022-KR and HZ-GB-2312, encodings \
               of the 2012 draft of the standard that the current standard reads as \
               replacement."),
        ],
    },
    Section {
        heading: "UTF-16 output and the replacement encoding",
        blocks: &[
            P("The Encoding Standard has no UTF-16 encoder: where UTF-16 output is asked for, it \
               writes UTF-8. wenc extends it: -t utf-16le (also utf-16, unicode, ucs-2) and -t \
               utf-16be write real UTF-16 in that byte order, each character as one code unit \
               or a surrogate pair. Writing UTF-16 never fails."),
            P("The replacement encoding has no encoder: -t with any of its labels (replacement, \
               iso-2022-kr, hz-gb-2312, csiso2022kr, iso-2022-cn, iso-2022-cn-ext) is a usage \
               error. With -f those labels work as the standard says: any non-empty input \
               decodes to a single U+FFFD, and wenc warns that the input was replaced."),
            P("With --historical, hz-gb-2312, iso-2022-kr and csiso2022kr instead name the real \
               HZ-GB-2312 and ISO-2022-KR codecs of the standard's first draft (2012), for -f \
               and -t. They are off by default because their escape sequences can hide markup \
               from a browser's checks."),
        ],
    },
    Section {
        heading: "Line ends and normalization",
        blocks: &[
            P("--eol lf rewrites every line end of the decoded text (CRLF, and a lone CR as old \
               Mac OS files have) as LF; --eol crlf rewrites every one (LF, lone CR) as CRLF, as \
               nkf -Lu and -Lw do. --normalize nfc|nfd|nfkc|nfkd applies that Unicode \
               normalization form. Both work on the decoded text before it is encoded, so they \
               work for every output encoding, UTF-16 included, and with -j, pipes and --check. \
               They stream: only a CR at the end of a buffer, or the last combining sequence, \
               waits for the text after it. Positions in messages stay those of the input: a \
               character that normalization composed is reported where its first part was."),
        ],
    },
    Section {
        heading: "Labels",
        blocks: &[
            P("Encodings are named by the standard's labels, matched after removing surrounding \
               whitespace and ignoring case. wenc -l lists them. An unknown label is a usage \
               error that suggests similar labels. Some labels mean something else than in \
               iconv: latin1, iso-8859-1, us-ascii and ascii all mean windows-1252; shift_jis is \
               Microsoft's variant (iconv's CP932), so 0x81 0x60 decodes to U+FF5E FULLWIDTH \
               TILDE rather than U+301C WAVE DASH; gb2312 means GBK; euc-kr means Microsoft's \
               windows-949, a superset of EUC-KR. When -t ascii, us-ascii, iso-8859-1, latin1 \
               (or an ISO-8859-9 or TIS-620 label) puts a byte in the output that the stricter \
               set iconv means by that name lacks, wenc says so once (unless -q)."),
            P("Names other programs use for the same encodings are accepted too, with a note \
               naming the standard's label (unless -q): cp932, windows-932 and ms-kanji \
               (shift_jis); cp936 (gbk); cp949 and uhc (euc-kr); cp950 (big5); eucJP-ms \
               (euc-jp); windows1252 and the other Windows code pages without a hyphen; latin-1 \
               and latin_1; utf8mb4 and utf-8-sig (utf-8); and any label spelled with other \
               punctuation (ISO8859_1, UTF_8). Names that mean something else elsewhere \
               (cp850, ibm943, utf16, euc-cn) stay errors, with the reason. wenc -l LABEL... \
               tells what each label or name means and lists all labels of its encoding."),
        ],
    },
    Section {
        heading: "Messages",
        blocks: &[
            P("Errors and warnings go to standard error as \"wenc: FILE: ...\" (<stdin> names \
               standard input). A malformed sequence is located by its byte offset in the input, \
               counted from 0 (a BOM counts), by line and column in the decoded text, counted \
               from 1 (a column counts characters), and by its bytes in hex. An unrepresentable \
               character is shown as U+XXXX, followed by the character itself when it is \
               printable, with its line and column. File names and characters that could upset a \
               terminal (control characters, bidirectional overrides, invalid UTF-8) are \
               escaped, as \\x1B or \\u{202E}."),
        ],
    },
    Section {
        heading: "Input and output",
        blocks: &[
            P("Regular files are memory-mapped; standard input, pipes and devices are read \
               through a fixed buffer, so memory use does not grow with the input. Several FILEs \
               are converted one after the other, each on its own (its own BOM, decoder and \
               encoder: an ISO-2022-JP output returns to ASCII at the end of each), and their \
               outputs are written one after another. wenc stops at the first conversion error; \
               to standard output, a FILE that cannot be opened or read is reported and skipped \
               as cat does (exit status 1 at the end). --check, --sniff and --in-place go \
               through every FILE."),
            P("-j N (by default, the number of CPU cores) converts a regular file of 4 MiB or \
               more on N threads: the file is cut after newlines into pieces of about 1 MiB, N \
               pieces are converted at a time, and the results are written in order, so memory \
               use stays within a few MiB per thread. Output, warnings, errors, positions and \
               exit status are exactly those of -j 1. This needs an input encoding whose decoder \
               forgets everything at a newline (all but UTF-16LE, UTF-16BE, ISO-2022-JP and \
               replacement; a BOM decides when there is one) and an output encoding other than \
               ISO-2022-JP; otherwise, and for smaller files, one thread converts. Standard \
               input and pipes longer than 256 KiB are read ahead in blocks of that size and \
               converted the same way; a block goes out as soon as the input pauses, so output \
               still appears as input arrives. UTF-8 to UTF-8 copies valid text straight from \
               the file; the threads only check it. FILEs are still converted one after \
               another."),
            P("-o FILE writes a temporary file in FILE's directory and renames it over FILE once \
               everything succeeded. On any error, or when wenc is interrupted by SIGINT, SIGTERM \
               or SIGHUP, FILE is left exactly as it was and the temporary file is removed. -o \
               may name one of the inputs. An existing FILE keeps its permissions, and a symbolic \
               link is followed. An existing FILE that is not a regular file (/dev/null, a FIFO) \
               is written directly."),
            P("A mapped file that is truncated while wenc reads it ends the run with an error \
               message and status 1. When the reader of standard output goes away (wenc big.txt \
               | head), wenc stops quietly. A progress bar appears on standard error for long \
               conversions when it is a terminal, the input sizes are known and the output does not \
               go to the same terminal; --progress forces it. When standard error is not a \
               terminal (a log file), --progress writes a plain line every second and a last \
               one at the end instead."),
        ],
    },
    Section {
        heading: "Replacing files",
        blocks: &[
            P("wenc never replaces a file with a lossy or wrong result unless asked to. When the \
               output replaces an input (-i, or -o naming an input by any path: files are compared \
               by device and inode, so hard links, symbolic links and ./FILE count), wenc refuses \
               with exit status 1 and leaves the file exactly as it was if:"),
            Item(
                "malformed input",
                "the input is not valid in its encoding, unless -e replacement (or -e html) is \
                 given on the command line: the default mode is not consent to lose bytes. The \
                 message gives the count and the first position; name the right encoding with \
                 -f, or accept U+FFFD with -e replacement.",
            ),
            Item(
                "converted already",
                "an encoding other than UTF-8 is to decode UTF-8 text (valid multi-byte \
                 sequences outnumbering stray bytes; for UTF-16, any valid UTF-8, ASCII too, \
                 with no byte order mark and no NUL pattern): the file was most likely converted before, and would be \
                 garbled. The message gives both counts. --force converts it anyway. Written \
                 elsewhere, this is a warning.",
            ),
            Item(
                "replacement",
                "-f names the replacement encoding (iso-2022-kr, hz-gb-2312...), which decodes \
                 any input to one U+FFFD: a usage error (status 2) in place.",
            ),
            Item(
                "not sure (-f auto)",
                "the detector, which reads the whole file for this, is less than 99% sure of \
                 its guess (of its guesses that sure, at least 99% were right in its \
                 evaluation): the message names the candidates that read the file \
                 differently and shows a few words as each would read them. Name the encoding \
                 with \
                 -f, or --force to convert with the first.",
            ),
            Item(
                "the wrong -f",
                "the detector is at least 99% sure of another encoding that reads the file \
                 differently, and the -f encoding is not even a plausible reading: \"r.txt \
                 looks like windows-1251 (99%), not KOI8-R: -f windows-1251, or --force to \
                 convert as KOI8-R\". A plausible -f (ISO-8859-2 for a file where \
                 windows-1250 scores a little higher) converts. Written elsewhere, this is a \
                 warning.",
            ),
            P("-i (--in-place) FILE... converts each FILE on its own and replaces it atomically, \
               as -o does, keeping its permissions (and owner, where permitted). A FILE whose \
               bytes would not change is not rewritten, so its timestamps stay; a hard link to it \
               keeps the old contents once it is replaced. A FILE that fails (missing, unreadable, \
               not a regular file, an error, a guard above, a full disk) is reported and left as \
               it was, and the other FILEs are still converted; the exit status is then 1. With \
               more than one FILE a summary follows (converted, unchanged, failed) unless -q. On \
               SIGINT, SIGTERM or SIGHUP every FILE is either fully converted or as it was. Each \
               FILE is opened once: a FILE named twice is converted once, a FIFO is refused, not \
               waited for, a FILE that is also standard output or error is refused, and a FILE \
               that changed while it was converted (lines appended) is not replaced."),
            P("Standard output that is the same regular file as an input (wenc f >> f) is \
               refused before anything is written: \"input file is output file\", as cat says; \
               so is -o /dev/stdout when that is an input's file."),
        ],
    },
    Section {
        heading: "Exit status",
        blocks: &[
            Item(
                "0",
                "Success, also when input was replaced or characters written as references (see \
                 the warning), and when the reader of standard output went away.",
            ),
            Item(
                "1",
                "A conversion error (malformed input with -e fatal, an unrepresentable character \
                 with -e replacement or fatal, a failed --check, a file a guard would not \
                 replace) or an I/O error (a missing file, a directory, a full disk, a file \
                 --sniff cannot read, binary input for -f auto). With -i: any FILE failed.",
            ),
            Item(
                "2",
                "A usage error: an unknown option, label or --hint, conflicting options, -t \
                 replacement, -f replacement in place, --add-bom with an encoding that has no \
                 BOM, a --subst-char the output encoding lacks.",
            ),
        ],
    },
    Section {
        heading: "Differences from iconv",
        blocks: &[
            Item(
                "Encodings",
                "wenc implements the WHATWG Encoding Standard, the definitions web browsers use, \
                 and nothing else (no UTF-32, no EBCDIC). The section on labels lists names that differ.",
            ),
            Item(
                "Options",
                "iconv's -f, -t, -o, -l, --list, --from-code, --to-code, -s and --silent (like -q) \
                 work as in iconv.",
            ),
            Item(
                "Errors",
                "iconv stops at the first invalid sequence; wenc replaces it with U+FFFD and \
                 warns, unless -e fatal. There is no -c, //IGNORE or //TRANSLIT: wenc never \
                 drops or approximates characters silently; -e subst writes ? and -e html \
                 references instead.",
            ),
            Item(
                "Positions",
                "iconv reports a byte position only; wenc adds line, column and the bytes.",
            ),
            Item(
                "BOMs",
                "wenc removes a BOM it recognises and writes one only with --add-bom; -t utf-16 \
                 is little-endian without a BOM.",
            ),
            Item(
                "Output",
                "-o replaces its file atomically and may name an input; -i converts FILEs in \
                 place. Neither replaces a file with a lossy or wrong result unless asked to.",
            ),
        ],
    },
    Section {
        heading: "Examples",
        blocks: &[
            Example("wenc -f shift_jis notes.txt > notes.utf8.txt", "Convert Shift_JIS to UTF-8."),
            Example("wenc -i -f shift_jis *.csv", "Convert files in place, each on its own."),
            Example(
                "wenc -t windows-1252 -e html -o page.html page.html",
                "Convert a UTF-8 file to windows-1252 in place, writing characters it lacks as \
                 &#N; references.",
            ),
            Example("curl -s https://example.com/ | wenc -f euc-kr | less", "Use wenc in a pipeline."),
            Example(
                "wenc -t utf-16le --add-bom -o table.csv table.txt",
                "Write UTF-16LE with a BOM, as some spreadsheet programs expect.",
            ),
            Example(
                "wenc --sniff page.html *.txt",
                "Name each file's encoding and say how it was found (--json for scripts).",
            ),
            Example(
                "curl -s https://example.jp/ | wenc -f auto --hint jp",
                "Convert from whatever encoding the page is in, favouring Japanese ones.",
            ),
            Example(
                "wenc --check -f shift_jis data.csv && echo valid",
                "Check that a file is valid Shift_JIS, without writing anything.",
            ),
            Example("wenc -l | grep -i latin", "Find the labels of an encoding."),
            Example("wenc -l sjis cp932", "Tell what labels mean."),
            Example(
                "wenc -f cp932 --eol lf data.csv > data.unix.csv",
                "A Windows CSV (Shift_JIS, CRLF) to UTF-8 with LF for a Linux tool.",
            ),
            Example(
                "wenc --normalize nfc -t sjis nfd.txt",
                "Text from macOS (ka + U+3099) to Shift_JIS: compose first.",
            ),
            Example(
                "wenc -t windows-1252 -e subst export.csv > export.1252.csv",
                "A CSV for windows-1252, with ? for each character it lacks.",
            ),
        ],
    },
];
