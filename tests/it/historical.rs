//! `--historical`: the 2012 draft's HZ-GB-2312 and ISO-2022-KR.
//!
//! The codecs are compared with the draft's algorithms written out step by
//! step (module `draft`): every byte and byte pair in every decoder state,
//! escape and shift sequences whole, truncated and malformed, every scalar
//! value through each encoder in each state, random inputs in random chunks
//! (proptest), and round trips. Module `python` compares with Python's `hz`
//! and `iso2022_kr` codecs where they agree with the draft. The CLI tests
//! check the option, the error modes with positions, `-j` and the notes.

use crate::common;
use crate::shared;
mod draft;
mod python;
use crate::util;

use common::*;
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;
use proptest::prelude::*;
use util::wenc_cmd as wenc;
use wenc::codec::{Encoding, HZ_GB_2312, ISO_2022_KR, MIN_OUTPUT_BUFFER};

type DecodeFn = fn(&[u8]) -> Vec<Event>;
type EncodeFn = fn(&str, bool) -> Vec<Event>;

const HZ: (&Encoding, DecodeFn, EncodeFn) = (HZ_GB_2312, draft::hz_decode, draft::hz_encode);
const KR: (&Encoding, DecodeFn, EncodeFn) = (
    ISO_2022_KR,
    draft::iso_2022_kr_decode,
    draft::iso_2022_kr_encode,
);

fn decode(enc: &'static Encoding, bytes: &[u8]) -> Vec<Event> {
    wenc_decode_fatal(enc, &[bytes], 64)
}

fn text_of(events: &[Event]) -> Vec<u8> {
    let mut out = Vec::new();
    for e in events {
        match e {
            Event::Output(b) => out.extend_from_slice(b),
            Event::Malformed { .. } => out.extend_from_slice("\u{FFFD}".as_bytes()),
            Event::Unmappable { .. } => {}
        }
    }
    out
}

/// wenc agrees with the draft on `bytes`, in fatal and replacement mode.
fn check_decode((enc, model, _): (&'static Encoding, DecodeFn, EncodeFn), bytes: &[u8]) {
    let expected = model(bytes);
    assert_eq!(decode(enc, bytes), expected, "{enc} {bytes:02X?}");
    let replaced = wenc_decode_replacing(enc, &[bytes], 64);
    assert_eq!(replaced, text_of(&expected), "{enc} {bytes:02X?}");
}

/// Inputs that leave each decoder in each of its states.
const HZ_STATES: [&[u8]; 6] = [b"", b"~", b"~{", b"~{~", b"~{0", b"~{ "];
const KR_STATES: [&[u8]; 7] = [
    b"",
    b"\x1B",
    b"\x1B$",
    b"\x1B$)",
    b"\x1B$)C\x0E",
    b"\x0E0",
    b"\x0E\x0F",
];

#[test]
fn every_byte_and_byte_pair_in_every_decoder_state() {
    for (codec, states) in [(HZ, &HZ_STATES[..]), (KR, &KR_STATES[..])] {
        for prefix in states {
            check_decode(codec, prefix);
            let mut input = prefix.to_vec();
            input.extend([0, 0]);
            let n = prefix.len();
            for b1 in 0..=255u8 {
                input[n] = b1;
                check_decode(codec, &input[..n + 1]);
                for b2 in 0..=255u8 {
                    input[n + 1] = b2;
                    check_decode(codec, &input);
                }
            }
        }
    }
}

#[test]
fn escape_and_shift_sequences_whole_truncated_and_malformed() {
    let hz: [&[u8]; 10] = [
        b"a~{0!~}b",
        b"~{0!",
        b"~{0",
        b"~",
        b"~{~",
        b"~}~}",
        b"~{~{0!",
        b"~x~{0!~y",
        b"~{~\n0!",
        b"~{0!\n0!",
    ];
    for bytes in hz {
        check_decode(HZ, bytes);
    }
    let kr: [&[u8]; 12] = [
        b"\x1B$)Ca\x0E0!\x0Fb",
        b"\x1B$)C",
        b"\x1B$)",
        b"\x1B$",
        b"\x1B",
        b"\x1B$)D",
        b"\x1B$(C",
        b"\x1B%)C",
        b"\x0E0!",
        b"\x0E0!\n0!",
        b"\x0E0\n0!",
        b"\x0E\x1B$)C0!",
    ];
    for bytes in kr {
        check_decode(KR, bytes);
    }
    // The designation is neither required nor checked.
    assert_eq!(
        decode(ISO_2022_KR, b"\x0E0!"),
        decode(ISO_2022_KR, b"\x1B$)C\x0E0!")
    );
}

/// Every scalar value, alone and after a character that leaves the encoder
/// in its double-byte mode, through wenc and the draft, in fatal and html
/// mode.
#[test]
fn every_code_point_through_each_encoder() {
    for ((enc, _, model), double) in [(HZ, '\u{554A}'), (KR, '\u{AC00}')] {
        let mut encodable = 0;
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            for (i, text) in [format!("{c}"), format!("{double}{c}a")].iter().enumerate() {
                let expected = model(text, false);
                assert_eq!(wenc_encode_fatal(enc, &[text], 64), expected, "{enc} {c:?}");
                let html = text_of(&model(text, true));
                assert_eq!(wenc_encode_html(enc, &[text], 64), html, "{enc} {c:?}");
                // `c` alone: counted when the draft can encode it.
                if i == 0
                    && !expected
                        .iter()
                        .any(|e| matches!(e, Event::Unmappable { .. }))
                {
                    encodable += 1;
                }
            }
        }
        // ASCII plus GB2312's 7445 / KS X 1001's 8224 characters (as
        // today's indexes map their bytes; the GBK index adds the user-defined
        // rows AA-AF and F8-FE, 564 code points of the private use area).
        assert!(encodable > 128 + 7000, "{enc}: {encodable}");
    }
}

#[test]
fn round_trips() {
    for (enc, open, close) in [
        (HZ_GB_2312, &b"~{"[..], &b"~}"[..]),
        (ISO_2022_KR, &b"\x1B$)C\x0E"[..], &b"\x0F"[..]),
    ] {
        let mut pairs = 0;
        for lead in 0x21..=0x7Eu8 {
            for trail in 0x21..=0x7Eu8 {
                let bytes = [open, &[lead, trail], close].concat();
                let (text, malformed) = enc.decode_without_bom_handling(&bytes);
                if enc == HZ_GB_2312 && lead == b'~' {
                    // In GB mode "~" is always an escape, so GBK row FE
                    // has no HZ form, though the draft's encoder writes
                    // it (as "~" + trail): it does not come back.
                    let gbk = [0xFE, trail | 0x80];
                    let (c, _) = wenc::codec::GBK.decode_without_bom_handling(&gbk);
                    let (written, _) = enc.encode(&c).unwrap();
                    assert_eq!(written, [&b"~{"[..], &[lead, trail]].concat());
                    assert_ne!(enc.decode_without_bom_handling(&written).0, c);
                    continue;
                }
                if malformed {
                    continue;
                }
                pairs += 1;
                // Every pair that decodes encodes back to itself (HZ's
                // encoder leaves GB mode open at the end).
                let (again, unmappable) = enc.encode(&text).unwrap();
                assert!(!unmappable, "{enc} {lead:02X} {trail:02X}");
                let expected = if enc == HZ_GB_2312 {
                    [open, &[lead, trail]].concat()
                } else {
                    bytes.clone()
                };
                assert_eq!(again, expected, "{enc} {text:?}");
            }
        }
        assert!(pairs > 7000, "{enc}: {pairs}");
    }
    // Text with every kind of character survives both ways...
    let text = "Mixed ~tilde~ text: 中文,\nacross ~{ lines ~} and \u{3000}.\n";
    let (hz, _) = HZ_GB_2312.encode(text).unwrap();
    assert_eq!(
        HZ_GB_2312.decode_without_bom_handling(&hz),
        (text.into(), false)
    );
    let text = "Mixed ~tilde~ text: 한국어 漢字,\nacross\u{3000}lines.\n";
    let (kr, _) = ISO_2022_KR.encode(text).unwrap();
    assert_eq!(
        ISO_2022_KR.decode_without_bom_handling(&kr),
        (text.into(), false)
    );
    // ... except that the draft's ISO-2022-KR encoder writes ESC, SO and SI
    // as they are, which its decoder then reads as escapes and shifts.
    let (kr, _) = ISO_2022_KR.encode("\u{1B}$x\u{E}AB\u{F}").unwrap();
    assert_eq!(kr, b"\x1B$)C\x1B$x\x0EAB\x0F");
    assert_ne!(
        ISO_2022_KR.decode_without_bom_handling(&kr).0,
        "\u{1B}$x\u{E}AB\u{F}"
    );
}

/// Real text (../shared/corpus/wikipedia, when present) through each
/// encoder in html mode decodes back to itself, with a reference for each
/// character the encoding lacks.
#[test]
#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]
fn corpus_round_trips_with_references() {
    let dir = shared::corpus();
    for (enc, file) in [
        (HZ_GB_2312, "zh_cn.txt"),
        (ISO_2022_KR, "ko.txt"),
        (HZ_GB_2312, "ru.txt"),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let (bytes, _) = enc.encode(&text).unwrap();
        let mut expected = String::new();
        for c in text.chars() {
            match enc.encode(c.encode_utf8(&mut [0; 4])).unwrap() {
                (_, true) => expected.push_str(&format!("&#{};", u32::from(c))),
                (_, false) => expected.push(c),
            }
        }
        let (decoded, malformed) = enc.decode_without_bom_handling(&bytes);
        assert!(!malformed, "{enc} {file}");
        assert!(decoded == expected, "{enc} {file}");
    }
}

/// Neither decoder forgets its state at every newline, so neither may be
/// split for -j: these inputs decode differently after a cut there.
#[test]
fn newlines_do_not_reset_the_decoders() {
    for (enc, bytes, cut) in [
        (HZ_GB_2312, &b"~{~\n0!"[..], 4),
        (ISO_2022_KR, &b"\x0E0\n0!"[..], 3),
    ] {
        assert_eq!(bytes[cut - 1], b'\n');
        let whole = enc.decode_without_bom_handling(bytes).0;
        let first = enc.decode_without_bom_handling(&bytes[..cut]).0;
        let second = enc.decode_without_bom_handling(&bytes[cut..]).0;
        assert_ne!(whole, first + &second, "{enc}");
        assert!(!enc.resets_at_newline());
    }
    // HZ's encoder is back in ASCII after any newline; ISO-2022-KR's has
    // written its designation and must not write it again.
    assert!(HZ_GB_2312.encoder_resets_at_newline());
    assert!(!ISO_2022_KR.encoder_resets_at_newline());
}

fn interesting(codec: u8) -> impl Strategy<Value = Vec<u8>> {
    let special = if codec == 0 {
        vec![b'~', b'{', b'}', b'\n', 0x20, 0x7F]
    } else {
        vec![0x1B, b'$', b')', b'C', 0x0E, 0x0F, b'\n']
    };
    let byte = prop_oneof![
        2 => any::<u8>(),
        3 => 0x21..=0x7Eu8,
        3 => prop::sample::select(special),
        1 => prop::sample::select(vec![0x30, 0x21, 0x48, 0x50, 0x7E]),
    ];
    prop::collection::vec(byte, 0..48)
}

fn cuts(max: usize) -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0..=max, 0..10).prop_map(|mut v| {
        v.sort_unstable();
        v.dedup();
        v
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn any_chunking_decodes_as_the_draft_says(
        codec in 0..2u8,
        bytes in interesting(0).prop_union(interesting(1)),
        cut_points in cuts(48),
        dst_len in MIN_OUTPUT_BUFFER..40usize,
    ) {
        let (enc, model, _) = if codec == 0 { HZ } else { KR };
        let chunks = split_at(&bytes, &cut_points);
        let expected = model(&bytes);
        prop_assert_eq!(&wenc_decode_fatal(enc, &chunks, dst_len), &expected);
        prop_assert_eq!(wenc_decode_replacing(enc, &chunks, dst_len), text_of(&expected));
    }

    #[test]
    fn any_chunking_encodes_as_the_draft_says(
        codec in 0..2u8,
        text in "[a-z~\n\u{1b}\u{e}\u{f}\u{a5}\u{e9}\u{3000}-\u{3010}\u{4e00}-\u{4e20}\u{554a}\u{ac00}-\u{ac10}\u{e000}\u{1f600}]{0,30}",
        cut_points in cuts(120),
        dst_len in MIN_OUTPUT_BUFFER..40usize,
    ) {
        let (enc, _, model) = if codec == 0 { HZ } else { KR };
        let mut chunks = Vec::new();
        let mut start = 0;
        for &c in &cut_points {
            if c > start && c < text.len() && text.is_char_boundary(c) {
                chunks.push(&text[start..c]);
                start = c;
            }
        }
        chunks.push(&text[start..]);
        prop_assert_eq!(wenc_encode_fatal(enc, &chunks, dst_len), model(&text, false));
        prop_assert_eq!(wenc_encode_html(enc, &chunks, dst_len), text_of(&model(&text, true)));
    }
}

#[test]
fn python_agrees_where_the_draft_does() {
    python::compare();
}

// ---------------------------------------------------------------- CLI

#[test]
fn the_option_makes_three_labels_real_codecs() {
    for label in ["hz-gb-2312", "HZ-GB-2312"] {
        wenc()
            .args(["--historical", "-f", label])
            .write_stdin("a~{0!~}b\n")
            .assert()
            .success()
            .stdout("a\u{554A}b\n")
            .stderr("");
    }
    for label in ["iso-2022-kr", "csiso2022kr"] {
        wenc()
            .args(["--historical", "-f", label])
            .write_stdin("\x1B$)C\x0E0!\x0F\n")
            .assert()
            .success()
            .stdout("\u{AC00}\n");
        wenc()
            .args(["--historical", "-t", label])
            .write_stdin("a\u{AC00}\n")
            .assert()
            .success()
            .stdout(&b"\x1B$)Ca\x0E0!\x0F\n"[..]);
    }
    wenc()
        .args(["--historical", "-t", "hz-gb-2312"])
        .write_stdin("\u{554A}")
        .assert()
        .success()
        .stdout("~{0!");
    // iso-2022-cn stays replacement.
    wenc()
        .args(["--historical", "-f", "iso-2022-cn"])
        .write_stdin("x")
        .assert()
        .success()
        .stdout("\u{FFFD}");
}

#[test]
fn without_the_option_messages_point_to_it() {
    wenc()
        .args(["-f", "csiso2022kr"])
        .write_stdin("x")
        .assert()
        .success()
        .stdout("\u{FFFD}")
        .stderr(contains(
            "names the replacement encoding, which the Encoding Standard decodes this way; \
             for real ISO-2022-KR text, use --historical",
        ));
    wenc()
        .args(["-f", "hz-gb-2312", "-e", "fatal"])
        .write_stdin("x")
        .assert()
        .code(1)
        .stderr(contains("for real HZ-GB-2312 text, use --historical"));
    wenc()
        .args(["-t", "hz-gb-2312"])
        .write_stdin("x")
        .assert()
        .code(2)
        .stderr(contains("--historical writes HZ-GB-2312"));
    let out = wenc()
        .args(["-f", "iso-2022-cn"])
        .write_stdin("x")
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("--historical"));
}

#[test]
fn error_modes_with_positions() {
    // Replacement: counted, the first located.
    wenc()
        .args(["--historical", "-f", "hz-gb-2312"])
        .write_stdin("ok\n~{0!\n0!~x")
        .assert()
        .success()
        .stdout("ok\n\u{554A}\u{FFFD}0!\u{FFFD}x")
        .stderr(contains(
            "2 malformed sequences in HZ-GB-2312 input replaced with U+FFFD; the first at byte \
             offset 7 (0-based), line 2, column 2: bytes 0A",
        ));
    // Fatal: stops at the first, nothing written.
    wenc()
        .args(["--historical", "-f", "iso-2022-kr", "-e", "fatal"])
        .write_stdin("ab\x1B$)x")
        .assert()
        .code(1)
        .stdout("ab")
        .stderr(contains(
            "malformed ISO-2022-KR input at byte offset 2 (0-based), line 1, column 3: bytes 1B",
        ));
    // Html: the reference goes through the encoder, so it leaves GB / SO mode.
    wenc()
        .args(["--historical", "-t", "hz-gb-2312", "-e", "html"])
        .write_stdin("\u{554A}\u{1F600}")
        .assert()
        .success()
        .stdout("~{0!~}&#128512;");
    wenc()
        .args(["--historical", "-t", "iso-2022-kr", "-e", "fatal"])
        .write_stdin("a\nb\u{AC02}")
        .assert()
        .code(1)
        .stderr(contains(
            "U+AC02 '갂' at line 2, column 2 cannot be represented in ISO-2022-KR",
        ));
}

/// -j must give what one thread gives: HZ and ISO-2022-KR input is never
/// split, and ISO-2022-KR output is not either (one designation).
#[test]
fn jobs_give_what_one_thread_gives() {
    let dir = tempfile::tempdir().unwrap();
    let mut hz = Vec::new();
    let (mut text, mut chinese) = (String::new(), String::new());
    for i in 0..4000 {
        hz.extend_from_slice(format!("line {i} ~{{0!~\n0!~}}\n").as_bytes());
        text.push_str(&format!("line {i} \u{AC00}\n"));
        chinese.push_str(&format!("line {i} \u{554A}\n"));
    }
    let hz_file = dir.path().join("hz.txt");
    let text_file = dir.path().join("text.txt");
    let chinese_file = dir.path().join("chinese.txt");
    std::fs::write(&hz_file, &hz).unwrap();
    std::fs::write(&text_file, &text).unwrap();
    std::fs::write(&chinese_file, &chinese).unwrap();
    let run = |args: &[&str], file: &std::path::Path, jobs: &str| {
        let out = wenc()
            .args(["--historical", "-j", jobs, "--piece-size", "1000"])
            .args(args)
            .arg(file)
            .output()
            .unwrap();
        assert!(out.status.success());
        out.stdout
    };
    let one = run(&["-f", "hz-gb-2312"], &hz_file, "1");
    assert_eq!(run(&["-f", "hz-gb-2312"], &hz_file, "3"), one);
    assert_eq!(
        String::from_utf8(one).unwrap().matches('\u{554A}').count(),
        8000
    );
    let one = run(&["-t", "iso-2022-kr"], &text_file, "1");
    assert_eq!(run(&["-t", "iso-2022-kr"], &text_file, "3"), one);
    assert_eq!(one.windows(4).filter(|w| w == b"\x1B$)C").count(), 1);
    // HZ output may be split: its encoder is in ASCII after every newline.
    let hz_out = run(&["-t", "hz-gb-2312"], &chinese_file, "3");
    assert_eq!(hz_out, HZ_GB_2312.encode(&chinese).unwrap().0);
}

#[test]
fn list_says_what_the_labels_mean_with_and_without_the_option() {
    let out = wenc().arg("-l").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(
        "  replacement: csiso2022kr hz-gb-2312 iso-2022-cn iso-2022-cn-ext iso-2022-kr replacement\n"
    ));
    assert!(text.ends_with(
        "\nWith --historical, these labels name the 2012 draft's codecs instead of replacement:\n\
         HZ-GB-2312: hz-gb-2312\nISO-2022-KR: csiso2022kr iso-2022-kr\n"
    ));
    let out = wenc().args(["-l", "--json"]).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let replacement = json
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["encodings"].as_array().unwrap())
        .find(|e| e["name"] == "replacement")
        .unwrap();
    assert_eq!(
        replacement["with --historical"]["csiso2022kr"],
        "ISO-2022-KR"
    );
    assert_eq!(replacement["with --historical"]["hz-gb-2312"], "HZ-GB-2312");
    assert_eq!(
        replacement["with --historical"].as_object().unwrap().len(),
        3
    );
}

/// The names a user types for HZ reach --historical: a short name, a file
/// to replace, and `-l`.
#[test]
fn short_names_in_place_and_listing_point_to_the_option() {
    let d = util::dir();
    let file = d.path().join("a.txt");
    std::fs::write(&file, "~{<:~}\n").unwrap();
    wenc()
        .args(["-f", "hz"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(contains("--historical -f hz-gb-2312 reads HZ-GB-2312"));
    wenc()
        .args(["-i", "-f", "hz-gb-2312"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(contains("for real HZ-GB-2312 text, use --historical"));
    assert_eq!(std::fs::read(&file).unwrap(), b"~{<:~}\n");
    wenc()
        .args(["-l", "hz-gb-2312"])
        .assert()
        .success()
        .stdout(contains(
            "  note: for real HZ-GB-2312 text, use --historical",
        ));
    // `iso` starts many labels: no pointer to ISO-2022-KR.
    wenc()
        .args(["-f", "iso"])
        .assert()
        .code(2)
        .stderr(contains("historical").not());
}
