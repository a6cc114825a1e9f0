//! The compiled tables against the standard's own index files in
//! ../shared/indexes (ignored when that folder is absent): every pointer of
//! every index decodes, through the standard's byte formulas, to the index's
//! code point (or to an error where the index has none), and every index code
//! point the standard says encodes encodes to the standard's pointer.

use crate::shared;
use std::collections::BTreeMap;
use wenc::codec::*;

/// pointer -> code point, from the standard's file format.
fn load(name: &str) -> BTreeMap<u32, u32> {
    let text =
        std::fs::read_to_string(shared::indexes().join(format!("index-{name}.txt"))).unwrap();
    let mut map = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut f = line.split_whitespace();
        let pointer = f.next().unwrap().parse().unwrap();
        let cp = u32::from_str_radix(f.next().unwrap().trim_start_matches("0x"), 16).unwrap();
        map.insert(pointer, cp);
    }
    map
}

/// The standard's "index pointer": first pointer per code point, skipping some.
fn first_pointers(index: &BTreeMap<u32, u32>, skip: impl Fn(u32) -> bool) -> BTreeMap<u32, u32> {
    let mut out = BTreeMap::new();
    for (&p, &cp) in index {
        if !skip(p) {
            out.entry(cp).or_insert(p);
        }
    }
    out
}

fn decode(enc: &'static Encoding, bytes: &[u8]) -> String {
    enc.decode_without_bom_handling(bytes).0
}

fn encode_fatal(enc: &'static Encoding, c: char) -> Option<Vec<u8>> {
    let mut encoder = enc.new_encoder().unwrap();
    let mut dst = [0u8; 32];
    let (result, _, w) =
        encoder.encode_without_replacement(c.encode_utf8(&mut [0; 4]), &mut dst, true);
    (result == EncoderResult::InputEmpty).then(|| dst[..w].to_vec())
}

fn ch(cp: u32) -> String {
    char::from_u32(cp).unwrap().to_string()
}

/// Checks one two-byte index: every pointer's bytes decode to its code point
/// or to U+FFFD (pointers without one, whose trail byte is not ASCII), and
/// chosen code points encode to their pointer's bytes.
fn check_index(
    enc: &'static Encoding,
    index: &BTreeMap<u32, u32>,
    pointers: usize,
    bytes_of: impl Fn(u32) -> Vec<u8>,
    skip_decode: impl Fn(u32) -> bool,
    encode_pointers: &BTreeMap<u32, u32>,
) {
    let mut failures = Vec::new();
    for p in 0..pointers as u32 {
        if skip_decode(p) {
            continue;
        }
        let bytes = bytes_of(p);
        let expected = index.get(&p).map_or("\u{FFFD}".to_string(), |&cp| ch(cp));
        let got = decode(enc, &bytes);
        // Without a code point, an ASCII trail byte is re-read after U+FFFD.
        let alt = format!(
            "\u{FFFD}{}",
            bytes
                .last()
                .map_or(String::new(), |&b| (b as char).to_string())
        );
        if got != expected && !(index.get(&p).is_none() && got == alt) {
            failures.push(format!(
                "{} pointer {p} {bytes:02X?}: {got:?}, want {expected:?}",
                enc.name()
            ));
        }
    }
    for (&cp, &p) in encode_pointers {
        let got = encode_fatal(enc, char::from_u32(cp).unwrap());
        if got.as_deref() != Some(&bytes_of(p)[..]) {
            failures.push(format!(
                "{} U+{cp:04X}: {got:02X?}, want pointer {p}",
                enc.name()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures: {:#?}",
        failures.len(),
        &failures[..failures.len().min(20)]
    );
}

#[test]
#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]
fn single_byte_indexes() {
    let dir = shared::indexes();
    for enc in Encoding::all().filter(|e| e.is_single_byte()) {
        let name = if enc.name() == "ISO-8859-8-I" {
            "iso-8859-8".to_string()
        } else {
            enc.name().to_lowercase()
        };
        assert!(dir.join(format!("index-{name}.txt")).exists(), "{name}");
        let index = load(&name);
        check_index(
            enc,
            &index,
            128,
            |p| vec![0x80 + p as u8],
            |_| false,
            &first_pointers(&index, |_| false),
        );
        for b in 0..0x80u8 {
            assert_eq!(decode(enc, &[b]), (b as char).to_string());
        }
    }
}

fn euc_bytes(p: u32) -> Vec<u8> {
    vec![(p / 94 + 0xA1) as u8, (p % 94 + 0xA1) as u8]
}

#[test]
#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]
fn jis0208_through_euc_jp_shift_jis_and_iso_2022_jp() {
    let index = load("jis0208");
    // Code points the encoders handle before the index (ASCII-like) are not
    // in jis0208; U+2212 is mapped to U+FF0D by the encoders, not the index.
    check_index(
        EUC_JP,
        &index,
        94 * 94,
        euc_bytes,
        |_| false,
        &first_pointers(&index, |_| false),
    );

    let sjis_bytes = |p: u32| {
        let (lead, trail) = (p / 188, p % 188);
        let lead = lead + if lead < 0x1F { 0x81 } else { 0xC1 };
        let trail = trail + if trail < 0x3F { 0x40 } else { 0x41 };
        vec![lead as u8, trail as u8]
    };
    let eudc = |p: u32| (8836..=10715).contains(&p);
    let sjis_pointers = first_pointers(&index, |p| (8272..=8835).contains(&p));
    check_index(SHIFT_JIS, &index, 11280, sjis_bytes, eudc, &sjis_pointers);
    for p in 8836..=10715u32 {
        assert_eq!(
            decode(SHIFT_JIS, &sjis_bytes(p)),
            ch(0xE000 + p - 8836),
            "EUDC pointer {p}"
        );
        // The decoder maps the EUDC pointers; the encoder has no such step.
        assert_eq!(
            encode_fatal(SHIFT_JIS, char::from_u32(0xE000 + p - 8836).unwrap()),
            None
        );
    }

    let iso_bytes = |p: u32| {
        let mut v = b"\x1b$B".to_vec();
        v.extend([(p / 94 + 0x21) as u8, (p % 94 + 0x21) as u8]);
        v.extend(b"\x1b(B");
        v
    };
    // Only the 94x94 pointers have ISO-2022-JP bytes (the rest are Shift_JIS's).
    for (&p, &cp) in index.range(..94 * 94) {
        assert_eq!(
            decode(ISO_2022_JP, &iso_bytes(p)),
            ch(cp),
            "ISO-2022-JP pointer {p}"
        );
    }
    for (&cp, &p) in &first_pointers(&index, |_| false) {
        assert_eq!(
            encode_fatal(ISO_2022_JP, char::from_u32(cp).unwrap()),
            Some(iso_bytes(p)),
            "U+{cp:04X}"
        );
    }
}

#[test]
#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]
fn jis0212_through_euc_jp() {
    let index = load("jis0212");
    for p in 0..94 * 94u32 {
        let mut bytes = vec![0x8F];
        bytes.extend(euc_bytes(p));
        let want = index.get(&p).map_or("\u{FFFD}".to_string(), |&cp| ch(cp));
        assert_eq!(decode(EUC_JP, &bytes), want, "EUC-JP 8F pointer {p}");
    }
}

#[test]
#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]
fn iso_2022_jp_katakana_index() {
    let katakana = load("iso-2022-jp-katakana");
    let jis = first_pointers(&load("jis0208"), |_| false);
    for (&p, &cp) in &katakana {
        let half = char::from_u32(0xFF61 + p).unwrap();
        let jp = jis[&cp];
        let want = [
            b"\x1b$B".as_slice(),
            &[(jp / 94 + 0x21) as u8, (jp % 94 + 0x21) as u8],
            b"\x1b(B",
        ]
        .concat();
        assert_eq!(
            encode_fatal(ISO_2022_JP, half),
            Some(want),
            "U+{:04X}",
            half as u32
        );
    }
}

#[test]
#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]
fn euc_kr_index() {
    let index = load("euc-kr");
    let bytes = |p: u32| vec![(p / 190 + 0x81) as u8, (p % 190 + 0x41) as u8];
    check_index(
        EUC_KR,
        &index,
        126 * 190,
        bytes,
        |_| false,
        &first_pointers(&index, |_| false),
    );
}

/// The gb18030 encoder's GB18030-2022 compatibility side table.
const GB18030_SIDE_TABLE: [(u32, [u8; 2]); 18] = [
    (0xE78D, [0xA6, 0xD9]),
    (0xE78E, [0xA6, 0xDA]),
    (0xE78F, [0xA6, 0xDB]),
    (0xE790, [0xA6, 0xDC]),
    (0xE791, [0xA6, 0xDD]),
    (0xE792, [0xA6, 0xDE]),
    (0xE793, [0xA6, 0xDF]),
    (0xE794, [0xA6, 0xEC]),
    (0xE795, [0xA6, 0xED]),
    (0xE796, [0xA6, 0xF3]),
    (0xE81E, [0xFE, 0x59]),
    (0xE826, [0xFE, 0x61]),
    (0xE82B, [0xFE, 0x66]),
    (0xE82C, [0xFE, 0x67]),
    (0xE832, [0xFE, 0x6D]),
    (0xE843, [0xFE, 0x7E]),
    (0xE854, [0xFE, 0x90]),
    (0xE864, [0xFE, 0xA0]),
];

#[test]
#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]
fn gb18030_two_byte_index_through_gbk_and_gb18030() {
    let index = load("gb18030");
    let bytes = |p: u32| {
        let trail = p % 190;
        vec![
            (p / 190 + 0x81) as u8,
            (trail + if trail < 0x3F { 0x40 } else { 0x41 }) as u8,
        ]
    };
    let mut pointers = first_pointers(&index, |_| false);
    pointers.retain(|&cp, _| cp != 0xE5E5 && !GB18030_SIDE_TABLE.iter().any(|&(c, _)| c == cp));
    for enc in [GBK, GB18030] {
        let mut pointers = pointers.clone();
        if enc == GBK {
            // GBK writes U+20AC as the single byte 0x80 before looking at the index.
            pointers.remove(&0x20AC);
            assert_eq!(encode_fatal(GBK, '\u{20AC}'), Some(vec![0x80]));
        }
        check_index(enc, &index, 126 * 190, bytes, |_| false, &pointers);
        for (cp, b) in GB18030_SIDE_TABLE {
            assert_eq!(
                encode_fatal(enc, char::from_u32(cp).unwrap()),
                Some(b.to_vec()),
                "{enc} U+{cp:04X}"
            );
        }
    }
}

fn four_bytes(pointer: u32) -> Vec<u8> {
    let (b1, r) = (pointer / (10 * 126 * 10), pointer % (10 * 126 * 10));
    let (b2, r) = (r / (10 * 126), r % (10 * 126));
    let (b3, b4) = (r / 10, r % 10);
    vec![
        (b1 + 0x81) as u8,
        (b2 + 0x30) as u8,
        (b3 + 0x81) as u8,
        (b4 + 0x30) as u8,
    ]
}

#[test]
#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]
fn gb18030_ranges_index() {
    let ranges = load("gb18030-ranges");
    let ranges: Vec<(u32, u32)> = ranges.into_iter().collect();
    // Every range start and end, both directions, plus the standard's extras.
    // The BMP ranges; the astral one (pointer 189000) is checked below.
    for (i, &(pointer, cp)) in ranges.iter().enumerate().filter(|(_, r)| r.1 <= 0xFFFF) {
        let bmp_end = pointer + (0xFFFF - cp);
        let end = ranges
            .get(i + 1)
            .map_or(bmp_end, |&(p, _)| (p - 1).min(bmp_end));
        for p in [pointer, end] {
            let c = cp + (p - pointer);
            if c == 0xE5E5 || c > 0xFFFF || (0xD800..0xE000).contains(&c) {
                continue;
            }
            assert_eq!(decode(GB18030, &four_bytes(p)), ch(c), "pointer {p}");
            assert_eq!(
                encode_fatal(GB18030, char::from_u32(c).unwrap()),
                Some(four_bytes(p)),
                "U+{c:04X}"
            );
        }
    }
    assert_eq!(decode(GB18030, &four_bytes(7457)), "\u{E7C7}");
    assert_eq!(encode_fatal(GB18030, '\u{E7C7}'), Some(four_bytes(7457)));
    for (c, p) in [(0x10000, 189000), (0x10FFFF, 1237575)] {
        assert_eq!(decode(GB18030, &four_bytes(p)), ch(c));
        assert_eq!(
            encode_fatal(GB18030, char::from_u32(c).unwrap()),
            Some(four_bytes(p))
        );
    }
    for p in [39420, 188999, 1237576] {
        assert!(
            decode(GB18030, &four_bytes(p)).starts_with('\u{FFFD}'),
            "pointer {p} must fail"
        );
    }
    assert_eq!(
        encode_fatal(GBK, '\u{10000}'),
        None,
        "GBK has no four-byte sequences"
    );
}

#[test]
#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]
fn big5_index() {
    let index = load("big5");
    let bytes = |p: u32| {
        let trail = p % 157;
        vec![
            (p / 157 + 0x81) as u8,
            (trail + if trail < 0x3F { 0x40 } else { 0x62 }) as u8,
        ]
    };
    let two_code_points = [1133, 1135, 1164, 1166];
    let mut pointers = first_pointers(&index, |p| p < (0xA1 - 0x81) * 157);
    for (&p, &cp) in &index {
        if [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345].contains(&cp) {
            pointers.insert(cp, p);
        }
    }
    check_index(
        BIG5,
        &index,
        126 * 157,
        bytes,
        |p| two_code_points.contains(&p),
        &pointers,
    );
    let pairs = [
        "\u{CA}\u{304}",
        "\u{CA}\u{30C}",
        "\u{EA}\u{304}",
        "\u{EA}\u{30C}",
    ];
    for (p, want) in two_code_points.into_iter().zip(pairs) {
        assert_eq!(decode(BIG5, &bytes(p)), want, "pointer {p}");
    }
}
