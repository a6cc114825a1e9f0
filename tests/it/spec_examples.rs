//! The standard's own worked examples, and the BOM behaviours.

use wenc::codec::*;

fn decode(enc: &'static Encoding, bytes: &[u8]) -> String {
    enc.decode_without_bom_handling(bytes).0
}

#[test]
fn shift_jis_82_22_is_replacement_then_quotation_mark() {
    assert_eq!(decode(SHIFT_JIS, &[0x82, 0x22]), "\u{FFFD}\"");
}

#[test]
fn iso_2022_jp_encodes_yen_sign_twice_in_roman_then_decodes_back() {
    let (bytes, errors) = ISO_2022_JP.encode("\u{A5}\u{A5}").unwrap();
    assert!(!errors);
    assert_eq!(bytes, b"\x1b(J\x5c\x5c\x1b(B");
    assert_eq!(decode(ISO_2022_JP, &bytes), "\u{A5}\u{A5}");
}

#[test]
fn gb18030_end_of_queue_gives_one_replacement_and_swallows_the_queue() {
    // The one place an ASCII byte (0x30) after a lead is not re-read.
    assert_eq!(decode(GB18030, &[0x81, 0x30]), "\u{FFFD}");
    assert_eq!(decode(GB18030, &[0x81, 0x30, 0x81]), "\u{FFFD}");
    assert_eq!(decode(GB18030, &[0x81]), "\u{FFFD}");
    assert_eq!(decode(GB18030, &[0x81, 0x30, 0x81, 0x30]), "\u{80}");
}

#[test]
fn utf8_uses_the_best_practice_for_replacement_characters() {
    // Unicode's table 3-8 example, as the standard's UTF-8 decoder requires.
    let input = [
        0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64,
    ];
    assert_eq!(
        decode(UTF_8, &input),
        "a\u{FFFD}\u{FFFD}\u{FFFD}b\u{FFFD}c\u{FFFD}\u{FFFD}d"
    );
    let cases: [(&[u8], &str); 6] = [
        (&[0xF0, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),
        (&[0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),
        (&[0xC0, 0xAF], "\u{FFFD}\u{FFFD}"),
        (&[0xE2, 0x82, 0x41], "\u{FFFD}A"),
        (
            &[0xF4, 0x90, 0x80, 0x80],
            "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}",
        ),
        (&[0xF0, 0x9F, 0x98], "\u{FFFD}"),
    ];
    for (bytes, want) in cases {
        assert_eq!(decode(UTF_8, bytes), want, "{bytes:02X?}");
    }
}

#[test]
fn replacement_decoder_gives_a_single_replacement_character() {
    assert_eq!(decode(REPLACEMENT, b""), "");
    assert_eq!(decode(REPLACEMENT, b"anything at all\x80\xFF"), "\u{FFFD}");
    let mut decoder = REPLACEMENT.new_decoder_without_bom_handling();
    let mut dst = [0u8; 16];
    let (result, _, written) = decoder.decode_without_replacement(b"abc", &mut dst, true);
    let DecoderResult::Malformed(m) = result else {
        panic!("{result:?}")
    };
    assert_eq!((m.offset, m.bytes(), written), (0, &b"a"[..], 0));
    let (result, _, written) = decoder.decode_without_replacement(b"", &mut dst, true);
    assert_eq!((result, written), (DecoderResult::InputEmpty, 0));
}

#[test]
fn fatal_errors_report_offset_and_bytes() {
    let mut decoder = UTF_8.new_decoder();
    let mut dst = [0u8; 64];
    let (result, _, w) = decoder.decode_without_replacement(b"ab\xE2\x82A", &mut dst, true);
    assert_eq!(&dst[..w], b"ab");
    let DecoderResult::Malformed(m) = result else {
        panic!("{result:?}")
    };
    assert_eq!((m.offset, m.bytes()), (2, &[0xE2, 0x82][..]));

    let mut encoder = WINDOWS_1252.new_encoder().unwrap();
    let (result, _, w) = encoder.encode_without_replacement("a\u{e9}\u{3042}z", &mut dst, true);
    assert_eq!(&dst[..w], b"a\xE9");
    assert_eq!(
        result,
        EncoderResult::Unmappable(UnmappableChar {
            ch: '\u{3042}',
            offset: 3
        })
    );
}

#[test]
fn html_mode_writes_decimal_references() {
    assert_eq!(
        WINDOWS_1252.encode("a\u{3042}\u{1F600}").unwrap(),
        (b"a&#12354;&#128512;".to_vec(), true)
    );
    // ISO-2022-JP returns to ASCII before the reference (it is fed back through the encoder).
    let (bytes, _) = ISO_2022_JP.encode("\u{3042}\u{E000}").unwrap();
    assert_eq!(bytes, b"\x1b$B\x24\x22\x1b(B&#57344;");
}

#[test]
fn bom_sniff_names_the_encoding_and_its_length() {
    assert_eq!(bom_sniff(b"\xEF\xBB\xBFx"), Some((UTF_8, 3)));
    assert_eq!(bom_sniff(b"\xFE\xFFx"), Some((UTF_16BE, 2)));
    assert_eq!(bom_sniff(b"\xFF\xFE"), Some((UTF_16LE, 2)));
    assert_eq!(bom_sniff(b"\xEF\xBB"), None);
    assert_eq!(bom_sniff(b""), None);
}

#[test]
fn decode_lets_a_bom_override_the_label_and_removes_it() {
    let (text, used, _) = WINDOWS_1252.decode(b"\xFF\xFEa\x00");
    assert_eq!((text.as_str(), used), ("a", UTF_16LE));
    let (text, used, _) = SHIFT_JIS.decode(b"\xEF\xBB\xBF\xE3\x81\x82");
    assert_eq!((text.as_str(), used), ("\u{3042}", UTF_8));
    let (text, used, _) = UTF_16BE.decode(b"\xEF\xBB");
    assert_eq!((text.as_str(), used), ("\u{EFBB}", UTF_16BE));
    // Without BOM handling the label wins and nothing is removed.
    assert_eq!(
        UTF_8.decode_without_bom_handling(b"\xEF\xBB\xBFa").0,
        "\u{FEFF}a"
    );
    assert_eq!(
        WINDOWS_1252.decode_without_bom_handling(b"\xFF\xFE").0,
        "\u{FF}\u{FE}"
    );
}

#[test]
fn bom_split_across_chunks_is_still_sniffed_and_offsets_count_it() {
    for split in 0..=3 {
        let input = b"\xEF\xBB\xBFa\xFFb";
        let mut decoder = WINDOWS_1252.new_decoder();
        let mut dst = [0u8; 64];
        let mut out = Vec::new();
        let mut error = None;
        for (chunk, last) in [(&input[..split], false), (&input[split..], true)] {
            let mut read = 0;
            loop {
                let (result, r, w) =
                    decoder.decode_without_replacement(&chunk[read..], &mut dst, last);
                read += r;
                out.extend_from_slice(&dst[..w]);
                match result {
                    DecoderResult::InputEmpty => break,
                    DecoderResult::Malformed(m) => error = Some(m.offset),
                    DecoderResult::OutputFull => {}
                }
            }
        }
        assert_eq!(decoder.encoding(), UTF_8);
        assert_eq!(
            (out.as_slice(), error),
            (&b"ab"[..], Some(4)),
            "split {split}"
        );
    }
}
