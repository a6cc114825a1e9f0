//! wenc's codec against encoding_rs, exhaustively where the space is small:
//! every decoder on all 1- and 2-byte inputs, every encoder on every
//! non-surrogate BMP code point and astral samples, in both error modes.
//!
//! Select one encoding with WENC_TEST_ENCODING=<name> while developing.

use crate::common;
use common::*;
use wenc::codec::Encoding;

fn selected() -> Vec<&'static Encoding> {
    let only = std::env::var("WENC_TEST_ENCODING").ok();
    Encoding::all()
        .filter(|e| {
            only.as_deref()
                .is_none_or(|o| o.eq_ignore_ascii_case(e.name()))
        })
        .collect()
}

/// Decodes `input` both ways in both modes and fails on any difference.
fn check_decode(enc: &'static Encoding, input: &[u8], failures: &mut Vec<String>) {
    let ours = wenc_decode_replacing(enc, &[input], 64);
    let theirs = oracle_decode_replacing(enc, input);
    if ours != theirs {
        failures.push(format!(
            "{} replacement {input:02X?}: wenc {:?} encoding_rs {:?}",
            enc.name(),
            String::from_utf8_lossy(&ours),
            String::from_utf8_lossy(&theirs)
        ));
    }
    let ours = wenc_decode_fatal(enc, &[input], 64);
    let theirs = oracle_decode_fatal(enc, input);
    if ours != theirs {
        failures.push(format!(
            "{} fatal {input:02X?}: wenc {ours:?} encoding_rs {theirs:?}",
            enc.name()
        ));
    }
}

fn report(failures: Vec<String>) {
    let shown: Vec<&String> = failures.iter().take(30).collect();
    assert!(
        failures.is_empty(),
        "{} differences, first ones:\n{shown:#?}",
        failures.len()
    );
}

#[test]
fn every_single_byte_input_decodes_like_encoding_rs() {
    let mut failures = Vec::new();
    for enc in selected() {
        for b in 0..=255u8 {
            check_decode(enc, &[b], &mut failures);
        }
    }
    report(failures);
}

#[test]
fn every_two_byte_input_decodes_like_encoding_rs() {
    let mut failures = Vec::new();
    for enc in selected() {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                check_decode(enc, &[a, b], &mut failures);
            }
        }
    }
    report(failures);
}

/// Two-byte inputs after a prefix that leaves a decoder mid-state: ASCII
/// context around every pair catches errors that swallow or leak neighbours.
#[test]
fn every_two_byte_input_in_ascii_context_decodes_like_encoding_rs() {
    let mut failures = Vec::new();
    for enc in selected() {
        for a in 0x80..=255u8 {
            for b in 0..=255u8 {
                check_decode(enc, &[b'x', a, b, b'y'], &mut failures);
            }
        }
    }
    report(failures);
}

fn astral_samples() -> impl Iterator<Item = char> {
    [
        0x10000, 0x10001, 0x1F600, 0x20000, 0x2000B, 0x26C29, 0x2A6D6, 0x2F800, 0xE0001, 0x10FFFF,
    ]
    .into_iter()
    .filter_map(char::from_u32)
}

fn all_scalars_sample() -> impl Iterator<Item = char> {
    (0..=0xFFFFu32)
        .filter_map(char::from_u32)
        .chain(astral_samples())
}

#[test]
fn every_bmp_scalar_encodes_like_encoding_rs() {
    let mut failures = Vec::new();
    for enc in selected().into_iter().filter(|e| e.can_encode()) {
        let mut buf = [0u8; 4];
        for c in all_scalars_sample() {
            let s: &str = c.encode_utf8(&mut buf);
            let ours = wenc_encode_html(enc, &[s], 64);
            let theirs = oracle_encode_html(enc, s);
            if ours != theirs {
                failures.push(format!(
                    "{} html U+{:04X}: wenc {ours:02X?} encoding_rs {theirs:02X?}",
                    enc.name(),
                    c as u32
                ));
            }
            if enc.name().starts_with("UTF-16") {
                continue; // no oracle encoder for fatal mode; html already compared
            }
            let ours = wenc_encode_fatal(enc, &[s], 64);
            let theirs = oracle_encode_fatal(enc, s);
            if ours != theirs {
                failures.push(format!(
                    "{} fatal U+{:04X}: wenc {ours:?} encoding_rs {theirs:?}",
                    enc.name(),
                    c as u32
                ));
            }
        }
    }
    report(failures);
}

/// Each scalar between ASCII and after a non-ASCII character, so stateful
/// encoders (ISO-2022-JP) are checked in and out of every state.
#[test]
fn every_bmp_scalar_in_context_encodes_like_encoding_rs() {
    let mut failures = Vec::new();
    for enc in selected().into_iter().filter(|e| e.can_encode()) {
        for c in all_scalars_sample() {
            for s in [
                format!("a{c}b"),
                format!("\u{3042}{c}\u{3042}"),
                format!("\u{FF71}{c}\\"),
            ] {
                let ours = wenc_encode_html(enc, &[&s], 64);
                let theirs = oracle_encode_html(enc, &s);
                if ours != theirs {
                    failures.push(format!(
                        "{} html {s:?}: wenc {ours:02X?} encoding_rs {theirs:02X?}",
                        enc.name()
                    ));
                }
            }
        }
    }
    report(failures);
}
