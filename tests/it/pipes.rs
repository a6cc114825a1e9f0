//! `-j N` on a stream (issue 12): blocks read ahead, cut after newlines and
//! converted on several threads give exactly what one thread gives (output,
//! account, first error), whatever the read sizes, pauses and error mode;
//! through a real pipe the command's output, messages and status are those
//! of `-j1`, and a slow producer's lines come out as they go in.

use proptest::prelude::*;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;
use wenc::codec::{Encoding, EUC_KR, GB18030, SHIFT_JIS, UTF_16LE, UTF_8, WINDOWS_1252};
use wenc::convert::{
    convert_stream, ConvertError, Converter, ErrorMode, Parallelism, Settings, Stream, Summary,
    Utf8Evidence,
};

const BIN: &str = env!("CARGO_BIN_EXE_wenc");

/// A stream that returns `bytes` in reads of the sizes `steps` gives (in
/// turn), and says it has input waiting or not as `waits` does.
struct Chunky<'a> {
    bytes: &'a [u8],
    at: usize,
    steps: &'a [usize],
    waits: &'a [bool],
    n: usize,
    w: usize,
}

impl Read for Chunky<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let step = self.steps[self.n % self.steps.len()].max(1);
        self.n += 1;
        let len = step.min(buf.len()).min(self.bytes.len() - self.at);
        buf[..len].copy_from_slice(&self.bytes[self.at..self.at + len]);
        self.at += len;
        Ok(len)
    }
}

impl Stream for Chunky<'_> {
    fn wait(&mut self, _timeout: Duration) -> bool {
        // Now and then input comes, as it does from a live producer.
        self.w += 1;
        self.waits[self.w % self.waits.len()] || self.w.is_multiple_of(5)
    }
}

/// Everything a conversion shows.
#[derive(Debug, PartialEq)]
struct Run {
    out: Vec<u8>,
    result: Result<(), String>,
    summary: Summary,
}

fn one_thread(s: Settings, input: &[u8]) -> Run {
    let mut out = Vec::new();
    let mut c = Converter::new(s);
    let result = c.convert_reader(&mut &input[..], &mut out, &mut |_| {});
    Run {
        out,
        result: result.map(|_| ()).map_err(|e| format!("{e:?}")),
        summary: c.summary(),
    }
}

fn split(s: Settings, input: &[u8], jobs: usize, block: usize, stream: &mut Chunky<'_>) -> Run {
    let mut out = Vec::new();
    let (mut seen, mut last) = (Vec::new(), 0);
    let p = Parallelism {
        jobs,
        piece_size: block,
    };
    let (summary, result) = convert_stream(
        s,
        p,
        stream,
        &mut out,
        &mut |n| {
            assert!(n >= last, "progress went back");
            last = n;
        },
        &mut |bytes| seen.extend_from_slice(bytes),
    );
    if result.is_ok() {
        assert_eq!(seen, input, "the watcher saw every byte once, in order");
        assert_eq!(last, input.len() as u64);
    }
    Run {
        out,
        result: result.map_err(|e| format!("{e:?}")),
        summary,
    }
}

const WORDS: &[&str] = &[
    "the",
    "caf\u{E9}",
    "\u{20AC}5",
    "\u{65E5}\u{672C}",
    "\u{D55C}\u{AD6D}",
    "\u{43F}\u{440}",
    "\u{1F600}",
    "x",
    "\u{5F71}",
    "\n",
    "\n",
    "\n",
];

/// Lines of words in `from` (html references for what it lacks), with
/// malformed bytes where `bad` says.
fn input(from: &'static Encoding, words: &[usize], bad: &[bool]) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, &w) in words.iter().enumerate() {
        let word = WORDS[w % WORDS.len()];
        out.extend(
            from.encode(word)
                .map_or_else(|| word.as_bytes().to_vec(), |(b, _)| b),
        );
        if bad[i % bad.len()] {
            out.push(if i % 2 == 0 { 0x81 } else { 0xFF });
        }
        out.push(b' ');
    }
    out
}

fn mode(i: u8) -> ErrorMode {
    match i % 4 {
        0 => ErrorMode::Replacement,
        1 => ErrorMode::Fatal,
        2 => ErrorMode::Html,
        _ => ErrorMode::Subst('?'),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_split_stream_gives_what_one_thread_gives(
        from in 0usize..5,
        to in 0usize..4,
        m in 0u8..4,
        words in prop::collection::vec(0usize..12, 0..300),
        bad in prop::collection::vec(prop::bool::weighted(0.03), 1..50),
        steps in prop::collection::vec(1usize..300, 1..20),
        waits in prop::collection::vec(prop::bool::weighted(0.8), 1..20),
        jobs in 2usize..4,
        block in 1usize..600,
    ) {
        let from = [UTF_8, SHIFT_JIS, WINDOWS_1252, EUC_KR, GB18030][from];
        let to = [UTF_8, UTF_16LE, WINDOWS_1252, SHIFT_JIS][to];
        let s = Settings {
            from,
            to,
            mode: mode(m),
            sniff_bom: true,
            write_output: true,
            transform: Default::default(),
            utf8_evidence: true,
        };
        let input = input(from, &words, &bad);
        let one = one_thread(s, &input);
        let mut stream = Chunky { bytes: &input, at: 0, steps: &steps, waits: &waits, n: 0, w: 0 };
        let many = split(s, &input, jobs, block, &mut stream);
        prop_assert_eq!(&many.result, &one.result);
        prop_assert!(many.out == one.out, "output differs");
        // After an unrepresentable character, how far decoding ran ahead
        // (bytes_read) depends on the buffer sizes; nothing else does.
        // The UTF-8 evidence counts what was decoded too.
        let counts = |r: &Run| Summary { bytes_read: 0, utf8: Utf8Evidence::new(), ..r.summary };
        prop_assert_eq!(counts(&many), counts(&one));
        if !matches!(one.result, Err(ref e) if e.starts_with("Unmappable")) {
            prop_assert_eq!(many.summary.bytes_read, one.summary.bytes_read);
            prop_assert_eq!(many.summary.utf8, one.summary.utf8);
        }
    }
}

/// A read error: what came before it is converted, then the error.
#[test]
fn a_read_error_comes_after_what_was_read() {
    struct Failing<'a>(&'a [u8]);
    impl Read for Failing<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("gone"));
            }
            let n = self.0.len().min(buf.len()).min(7);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    impl Stream for Failing<'_> {}
    let input = "line \u{E9}\n".repeat(100);
    let s = Settings {
        from: UTF_8,
        to: WINDOWS_1252,
        mode: ErrorMode::Fatal,
        sniff_bom: true,
        write_output: true,
        transform: Default::default(),
        utf8_evidence: false,
    };
    let p = Parallelism {
        jobs: 2,
        piece_size: 64,
    };
    let mut out = Vec::new();
    let mut stream = Failing(input.as_bytes());
    let (summary, result) = convert_stream(s, p, &mut stream, &mut out, &mut |_| {}, &mut |_| {});
    assert!(matches!(result, Err(ConvertError::Read(_))), "{result:?}");
    assert_eq!(out, WINDOWS_1252.encode(&input).unwrap().0);
    assert_eq!(summary.bytes_read, input.len() as u64);
}

/// Shift_JIS lines, about `size` bytes.
fn sjis_lines(size: usize) -> Vec<u8> {
    let line = "\u{65E5}\u{672C}\u{8A9E}\u{306E}\u{6587} text \u{FF5E} 123\n";
    let text = line.repeat(size / line.len() + 1);
    SHIFT_JIS.encode(&text).unwrap().0
}

/// Runs wenc with `args`, `input` written to its standard input through a
/// pipe by another thread; returns status, output and messages.
fn through_pipe(args: &[&str], input: &[u8]) -> (Option<i32>, Vec<u8>, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        // A reader that stopped early closes the pipe: not a failure here.
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let messages = String::from_utf8(out.stderr).unwrap();
    (out.status.code(), out.stdout, messages)
}

/// Through a real pipe, `-j2` with many blocks is `-j1`: output, messages
/// and status, with and without malformed input and in fatal mode.
#[test]
fn through_a_pipe_the_command_matches_one_thread() {
    let clean = sjis_lines(3 << 20);
    let mut bad = clean.clone();
    let at = bad.len() / 3 * 2;
    let at = at + bad[at..].iter().position(|&b| b == b'\n').unwrap() + 1;
    bad.insert(at, 0x81);
    bad.insert(at + 1, b'\n');
    for input in [&clean, &bad] {
        for extra in [
            &[][..],
            &["-e", "fatal"],
            &["-t", "euc-kr"],
            &["-t", "utf-16le"],
        ] {
            let mut args = vec!["-f", "shift_jis", "--piece-size", "65536"];
            args.extend_from_slice(extra);
            let one = through_pipe(&[&args[..], &["-j1"]].concat(), input);
            let two = through_pipe(&[&args[..], &["-j2"]].concat(), input);
            assert_eq!(one.0, two.0, "{extra:?}: status");
            assert_eq!(one.2, two.2, "{extra:?}: messages");
            assert!(one.1 == two.1, "{extra:?}: output differs");
        }
    }
}

/// A slow producer: each line comes out before the next goes in.
#[test]
fn lines_come_out_as_they_go_in() {
    let mut child = Command::new(BIN)
        .args(["-j2", "-f", "shift_jis", "--piece-size", "65536"])
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines, received) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if lines.send(line.unwrap()).is_err() {
                return;
            }
        }
    });
    // A first block larger than a piece, then one line at a time.
    let mut big = sjis_lines(200 << 10);
    big.truncate(big.iter().rposition(|&b| b == b'\n').unwrap() + 1);
    stdin.write_all(&big).unwrap();
    let count = big.iter().filter(|&&b| b == b'\n').count();
    for _ in 0..count {
        received.recv_timeout(Duration::from_secs(20)).unwrap();
    }
    for i in 0..20 {
        let line = format!("\u{65E5}\u{672C} line {i}");
        stdin
            .write_all(&SHIFT_JIS.encode(&line).unwrap().0)
            .unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
        let got = received.recv_timeout(Duration::from_secs(20));
        assert_eq!(
            got.as_deref(),
            Ok(line.as_str()),
            "line {i} did not come out"
        );
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    reader.join().unwrap();
}
