//! Real text: every article of ../shared/corpus/wikipedia round-trips through
//! each encoding that can represent it; through every other encoding, html
//! mode round-trips to the text with references, and matches encoding_rs byte
//! for byte. Ignored when ../shared is absent.

use crate::common;
use crate::shared;
use common::*;
use wenc::codec::{EncoderResult, Encoding};

/// Encodes in fatal mode; `None` if some character is not representable.
fn encode_exactly(enc: &'static Encoding, text: &str) -> Option<Vec<u8>> {
    let mut encoder = enc.new_encoder()?;
    let mut out = Vec::with_capacity(text.len() * 2);
    // Room for all of a short text (one character, from `with_references`),
    // 64 KiB for an article: zeroing 64 KiB per character cost more than
    // encoding it.
    let mut dst = vec![0u8; (4 * text.len() + 64).min(1 << 16)];
    let mut read = 0;
    loop {
        let (result, r, w) = encoder.encode_without_replacement(&text[read..], &mut dst, true);
        read += r;
        out.extend_from_slice(&dst[..w]);
        match result {
            EncoderResult::InputEmpty => return Some(out),
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(_) => return None,
        }
    }
}

/// What decoding html-mode output should give: each character as it comes
/// back from its encoding alone (a few legacy mappings are one-way, such as
/// U+2212 to the bytes of U+FF0D), or its decimal reference when it cannot be
/// encoded.
fn with_references(enc: &'static Encoding, text: &str) -> String {
    let back = |c: char| match encode_exactly(enc, c.encode_utf8(&mut [0; 4])) {
        Some(bytes) => enc.decode_without_bom_handling(&bytes).0,
        None => format!("&#{};", c as u32),
    };
    // Known answers: by index below U+0800 (most characters of most
    // articles), hashed above; hashing every character cost more than the
    // rest of the test.
    let mut low: Vec<Option<String>> = vec![None; 0x800];
    let mut high = std::collections::HashMap::new();
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let known = match low.get_mut(c as usize) {
            Some(slot) => slot.get_or_insert_with(|| back(c)),
            None => high.entry(c).or_insert_with(|| back(c)),
        };
        out.push_str(known);
    }
    out
}

#[test]
#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]
fn every_article_round_trips_through_each_encoding_that_can_represent_it() {
    let dir = shared::corpus();
    let mut round_trips = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()).map(String::from) else {
            continue;
        };
        if !(name.ends_with(".txt") || name.ends_with(".html")) || name == "sources.txt" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for enc in encoders() {
            let html = wenc_encode_html(enc, &[&text], 1 << 16);
            assert!(
                html == oracle_encode_html(enc, &text),
                "{name} -> {}: differs from encoding_rs",
                enc.name()
            );
            let (back, errors) = enc.decode_without_bom_handling(&html);
            assert!(
                !errors && back == with_references(enc, &text),
                "{name} -> {} (html) -> back differs",
                enc.name()
            );
            if let Some(bytes) = encode_exactly(enc, &text) {
                assert_eq!(bytes, html, "{name} -> {}", enc.name());
                let (back, errors) = enc.decode_without_bom_handling(&bytes);
                assert!(
                    !errors && back == text,
                    "{name} -> {} -> back differs",
                    enc.name()
                );
                round_trips.push(format!("{name}:{}", enc.name()));
            }
        }
    }
    eprintln!("{} exact round trips: {round_trips:?}", round_trips.len());
    for must in [
        "el.txt:windows-1253",
        "ko.txt:EUC-KR",
        "de-edit.txt:windows-1252",
        "ja.txt:UTF-16LE",
        "ru.txt:gb18030",
    ] {
        assert!(
            round_trips.iter().any(|r| r == must),
            "{must} should round-trip"
        );
    }
}
