//! The combined answer: which step answers, and what it reports beside.

use super::*;
use crate::codec::{REPLACEMENT, SHIFT_JIS, UTF_16BE, UTF_16LE};

fn sniffed(bytes: &[u8]) -> Sniffed {
    sniff(bytes, true, None)
}

#[test]
fn a_bom_wins_over_everything() {
    let s = sniffed(b"\xFF\xFE<\x00m\x00");
    assert_eq!((s.encoding, s.source), (Some(UTF_16LE), Source::Bom));
    assert_eq!(s.confidence, 1.0);
    assert_eq!(s.candidates.len(), 1);
    let s = sniffed(b"\xEF\xBB\xBF<meta charset=shift_jis>\x82\xA0");
    assert_eq!((s.encoding, s.source), (Some(UTF_8), Source::Bom));
    assert_eq!(sniffed(b"\xFE\xFF\x00a").encoding, Some(UTF_16BE));
}

#[test]
fn a_declaration_the_bytes_agree_with() {
    let page = b"<!DOCTYPE html><meta charset=\"shift_jis\"><p>\x82\xA0\x82\xA2</p>";
    let xml = b"<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><a>\x82\xA0</a>";
    for (bytes, place) in [(&page[..], Place::Meta), (&xml[..], Place::Xml)] {
        let s = sniffed(bytes);
        assert_eq!(
            (s.encoding, s.source),
            (Some(SHIFT_JIS), Source::Declaration)
        );
        assert_eq!(s.declared.unwrap().place, place);
        assert_eq!(s.contradicted(), None);
        assert!(s.is_confident());
    }
}

#[test]
fn a_declaration_the_bytes_contradict_is_reported_beside_the_guess() {
    // Shift_JIS bytes under charset=utf-8: not valid UTF-8.
    let page = b"<meta charset=utf-8><p>\x82\xA0\x82\xA2\x82\xA4</p>";
    let s = sniffed(page);
    assert_ne!(s.source, Source::Declaration);
    assert_ne!(s.encoding, Some(UTF_8));
    let d = s.contradicted().expect("the declaration is reported");
    assert_eq!(d.encoding, UTF_8);
    // A declared replacement label decodes any input to U+FFFD: contradicted.
    let s = sniffed(b"<meta charset=iso-2022-kr><p>hi</p>");
    assert_eq!(s.contradicted().unwrap().encoding, REPLACEMENT);
    assert_eq!(s.source, Source::Ascii);
}

#[test]
fn a_sequence_cut_by_the_end_of_a_prefix_is_no_contradiction() {
    let page = b"<meta charset=utf-8><p>\xE3\x81\x82\xE3\x81";
    assert_eq!(sniff(page, false, None).source, Source::Declaration);
    assert_ne!(sniff(page, true, None).source, Source::Declaration);
}

#[test]
fn declarations_count_only_in_markup() {
    let csv = b"name,charset\n<meta charset=shift_jis>\n";
    let s = sniffed(csv);
    assert_eq!(s.source, Source::Ascii);
    assert_eq!(s.declared, None);
}

#[test]
fn ascii_and_empty_input() {
    for bytes in [&b"plain text\n"[..], b""] {
        let s = sniffed(bytes);
        assert_eq!((s.encoding, s.source), (Some(UTF_8), Source::Ascii));
        assert!(!s.is_confident());
        assert_eq!(s.candidates[0].encoding, UTF_8);
    }
}

#[test]
fn binary_has_no_encoding() {
    let s = sniffed(b"\x7FELF\x02\x01\x01\x00\x00\x00\x00\x00");
    assert_eq!((s.encoding, s.source), (None, Source::Binary));
    assert!(s.candidates.is_empty());
}

#[test]
fn valid_utf8_is_guessed_utf8() {
    let s = sniffed("caf\u{E9} \u{65E5}\u{672C}\u{8A9E}\n".as_bytes());
    assert_eq!((s.encoding, s.source), (Some(UTF_8), Source::Guess));
    assert!(s.is_confident());
    assert_eq!(s.candidates[0].encoding, UTF_8);
}

#[test]
fn signs_of_the_2012_drafts_encodings() {
    let kr = b"\x1B$)C\x0E\x30\x21\x0F hello\n";
    assert_eq!(sniffed(kr).historical, Some(Historical::Iso2022Kr));
    let hz = b"This is ~{<:Ky2;S{#,~} in HZ.\n";
    assert_eq!(sniffed(hz).historical, Some(Historical::HzGb2312));
    assert_eq!(Historical::HzGb2312.label(), "hz-gb-2312");
    for plain in [
        &b"a ~{ b"[..],
        b"path ~{x~} odd",
        b"~{~}",
        b"no signs at all",
        "\u{1B}$)C but not 7-bit: \u{E9}".as_bytes(),
    ] {
        assert_eq!(sniffed(plain).historical, None, "{plain:?}");
    }
}

#[test]
fn only_the_first_sniff_limit_bytes_are_read() {
    let mut bytes = vec![b'a'; SNIFF_LIMIT];
    bytes.extend_from_slice(b"\x00\x00\x00");
    let s = sniff(&bytes, true, None);
    assert_eq!(s.source, Source::Ascii);
}

#[test]
fn source_names() {
    let names: Vec<_> = [
        Source::Bom,
        Source::Declaration,
        Source::Guess,
        Source::Ascii,
        Source::Binary,
    ]
    .iter()
    .map(|s| s.as_str())
    .collect();
    assert_eq!(names, ["bom", "declaration", "guess", "ascii", "binary"]);
}
