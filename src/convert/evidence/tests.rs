use super::blocks::{glance_by_words, Glance, Planes, Words};
use super::*;
use crate::codec::force_path;
use proptest::prelude::*;

/// Every way the count can run on this CPU.
fn paths() -> impl Iterator<Item = SimdPath> {
    [SimdPath::Scalar, SimdPath::Ssse3, SimdPath::Avx2]
        .into_iter()
        .filter(|p| p.available())
}

/// The evidence of `chunks` fed in turn on `path`.
fn evidence_on(path: SimdPath, chunks: &[&[u8]]) -> Utf8Evidence {
    force_path(Some(path));
    let mut e = Utf8Evidence::new();
    for c in chunks {
        e.feed(c);
    }
    force_path(None);
    e
}

fn evidence(chunks: &[&[u8]]) -> Utf8Evidence {
    evidence_on(SimdPath::select(), chunks)
}

/// The counts of `chunks` on every path, checked to agree.
fn counts(chunks: &[&[u8]]) -> (u64, u64, [u64; 2]) {
    let mut seen = paths().map(|path| {
        let e = evidence_on(path, chunks);
        ((e.multibyte, e.stray, e.nul), path)
    });
    let (first, _) = seen.next().expect("the scalar path");
    for (other, path) in seen {
        assert_eq!(other, first, "{path:?} against the scalar path");
    }
    first
}

/// The counts the plain way: the whole input decoded at once.
fn reference(bytes: &[u8]) -> (u64, u64, [u64; 2]) {
    let (mut multibyte, mut stray, mut rest) = (0, 0, bytes);
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                multibyte += s.chars().filter(|c| !c.is_ascii()).count() as u64;
                break;
            }
            Err(e) => {
                let valid = std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap();
                multibyte += valid.chars().filter(|c| !c.is_ascii()).count() as u64;
                stray += 1;
                match e.error_len() {
                    Some(n) => rest = &rest[e.valid_up_to() + n..],
                    None => break,
                }
            }
        }
    }
    let nul = |parity| {
        let at = bytes
            .iter()
            .enumerate()
            .filter(|(i, &b)| b == 0 && i % 2 == parity);
        at.count() as u64
    };
    (multibyte, stray, [nul(0), nul(1)])
}

/// Every classifier gives every byte after every byte, at every place in
/// a block, the classes it has.
#[test]
fn every_path_classifies_every_pair_at_every_place() {
    let check = |block: &[u8; 64], before: u8| {
        let want = Planes::bytewise(block, before);
        let glance = Glance {
            high: want.high,
            cont: want.cont,
            nul: want.nul,
        };
        let words = (glance_by_words(block), Words { before }.planes(block));
        assert_eq!(words, (glance, want), "scalar, {before:02X} {block:02X?}");
        #[cfg(target_arch = "x86_64")]
        for path in paths() {
            if let Some(seen) = x86::classes_by(path, block, before) {
                assert_eq!(seen, (glance, want), "{path:?}, {before:02X} {block:02X?}");
            }
        }
    };
    for first in 0..=0xFFu8 {
        // Each byte after `first`, 32 to a block of pairs; then the same
        // blocks one byte on (each byte before `first`).
        for part in 0..8u8 {
            let pairs: [u8; 64] = std::array::from_fn(|i| match i % 2 {
                0 => first,
                _ => part * 32 + (i / 2) as u8,
            });
            check(&pairs, 0);
            let mut turned = [0; 64];
            turned[..63].copy_from_slice(&pairs[1..]);
            turned[63] = first;
            check(&turned, first);
        }
    }
}

/// Every lead with every second byte and the edges of a third, whole
/// and cut after each byte, inside a block and across the end of one,
/// on every path: counted as the standard library decodes.
#[test]
fn every_lead_and_second_byte_counts_as_decoded() {
    for lead in 0x80..=0xFFu8 {
        for second in 0..=0xFFu8 {
            for third in [b'a', 0x80, 0x9F, 0xA0, 0xBF, 0xC0] {
                for before in [0, 62] {
                    let mut bytes = vec![b'a'; before];
                    bytes.extend([lead, second, third, 0x80, b'z']);
                    let want = reference(&bytes);
                    for cut in before..bytes.len() {
                        let seen = counts(&[&bytes[..cut], &bytes[cut..]]);
                        assert_eq!(seen, want, "{bytes:02X?} cut at {cut}");
                    }
                }
            }
        }
    }
}

/// The counts after each chunk are those of the input so far as a whole
/// (a sequence cut by the chunk's end one stray byte).
#[test]
fn counts_so_far_are_the_prefix_counts() {
    let text = "Jos\u{E9} \u{65E5}\u{672C}\u{8A9E} \u{1F600}!".as_bytes();
    for path in paths() {
        force_path(Some(path));
        let mut e = Utf8Evidence::new();
        for (i, &b) in text.iter().enumerate() {
            e.feed(&[b]);
            let want = reference(&text[..=i]);
            assert_eq!((e.multibyte, e.stray, e.nul), want, "{path:?} after {i}");
        }
        force_path(None);
    }
}

/// All-ASCII blocks (the fast path) after a lead cut by a block's end or a
/// chunk's, and with NULs at even and odd offsets on both sides of block
/// ends: counted as the whole, on every path, in any chunking.
#[test]
fn ascii_blocks_after_a_cut_lead_and_with_nuls() {
    for lead in [0xC3u8, 0xE2, 0xF0, 0xE9, 0xFF] {
        for at in [61, 62, 63, 64, 127] {
            let mut bytes = vec![b'a'; 256];
            bytes[at] = lead;
            // A complete sequence far on, and NULs at both parities at
            // the ends of the ASCII blocks in between.
            bytes[200..202].copy_from_slice(&[0xC3, 0xA9]);
            for nul in [126, 128, 129, 191, 192, 255] {
                bytes[nul] = 0;
            }
            let want = reference(&bytes);
            assert_eq!(want.1, 1, "the lead is one stray byte");
            assert_eq!(want.2, [3, 3]);
            for cut in [0, at, at + 1, 64, 100, 128, 129, 201, 256] {
                let seen = counts(&[&bytes[..cut], &bytes[cut..]]);
                assert_eq!(seen, want, "{lead:02X} at {at}, cut at {cut}");
            }
        }
    }
}

#[test]
fn one_stray_byte_among_utf8_text() {
    let e = evidence(&[b"Jos\xC3\xA9, Z\xC3\xBCrich, caf\xE9\n"]);
    assert_eq!((e.multibyte, e.stray), (2, 1));
    assert!(e.is_utf8_text());
    assert!(!evidence(&[b"caf\xE9, na\xEFve"]).is_utf8_text());
    assert!(!evidence(&[b"plain ascii"]).is_utf8_text());
    assert!(!evidence(&[b"\x83\x74\x83\x40\x83\x43\x83\x8B"]).is_utf8_text());
}

#[test]
fn utf16_signs() {
    assert!(evidence(&[b"\xFF\xFEa\x00"]).looks_utf16());
    assert!(evidence(&[b"\xFE", b"\xFF\x00a"]).looks_utf16());
    assert!(evidence(&[b"a\x00b\x00"]).looks_utf16());
    let utf8 = evidence(&["Name,City\r\nJos\u{E9},Z\u{FC}rich\r\n".as_bytes()]);
    assert!(utf8.is_utf8_text() && !utf8.looks_utf16());
    // A NUL character in UTF-8 text is no pattern.
    let nul = evidence(&["Name\0City\r\nJos\u{E9},Z\u{FC}rich\r\n".as_bytes()]);
    assert!(nul.is_utf8_text() && !nul.looks_utf16());
}

/// `bytes` cut at `cuts` (any order, past the end meaning the end).
fn chunks_at(bytes: &[u8], mut cuts: Vec<usize>) -> Vec<&[u8]> {
    cuts.iter_mut().for_each(|c| *c = (*c).min(bytes.len()));
    cuts.extend([0, bytes.len()]);
    cuts.sort_unstable();
    cuts.windows(2).map(|w| &bytes[w[0]..w[1]]).collect()
}

proptest! {
    /// Legacy-like text: blocks without continuation bytes, and a few.
    #[test]
    fn legacy_text_counts_as_the_whole(
        bytes in prop::collection::vec(
            prop_oneof![8 => Just(b'a'), 4 => Just(b' '), 4 => Just(0xC3u8), 4 => Just(0xE9),
                        2 => Just(0xF0), 2 => Just(0xFF), 2 => Just(0xE2), 1 => Just(0xA9),
                        1 => Just(0x80)],
            0..300),
        cut in 0usize..300,
    ) {
        let cut = cut.min(bytes.len());
        prop_assert_eq!(counts(&[&bytes[..cut], &bytes[cut..]]), reference(&bytes));
    }

    #[test]
    fn any_chunking_counts_as_the_whole(
        bytes in prop::collection::vec(
            prop_oneof![Just(b'a'), Just(0u8), Just(0x80u8), Just(0xC3), Just(0xA9),
                        Just(0xE2), Just(0xF0), Just(0x9F), Just(0xFF), any::<u8>()],
            0..200),
        cuts in prop::collection::vec(0usize..200, 0..6),
    ) {
        prop_assert_eq!(counts(&chunks_at(&bytes, cuts)), reference(&bytes));
    }

    /// Double-byte legacy text (the pairs of Shift_JIS, EUC and Big5, many
    /// of them valid UTF-8 by chance) and UTF-8 text, over several blocks.
    #[test]
    fn cjk_like_text_over_blocks_counts_as_the_whole(
        pieces in prop::collection::vec(
            prop_oneof![
                4 => (0x81u8..=0xFE, 0x40u8..=0xFE).prop_map(|(l, t)| vec![l, t]),
                2 => (0xE0u8..=0xF4, 0x80u8..=0xBF, 0x80u8..=0xBF).prop_map(|(a, b, c)| vec![a, b, c]),
                1 => any::<char>().prop_map(|c| c.to_string().into_bytes()),
                2 => Just(b"ab".to_vec()),
                1 => Just(vec![0u8]),
            ],
            0..200),
        cuts in prop::collection::vec(0usize..600, 0..4),
    ) {
        let bytes = pieces.concat();
        prop_assert_eq!(counts(&chunks_at(&bytes, cuts)), reference(&bytes));
    }
}

/// The evidence of `bytes` cut after the newlines at `cuts`, each piece fed
/// to an evidence of its own and appended in order.
fn appended(bytes: &[u8], cuts: Vec<usize>) -> Utf8Evidence {
    let newline_cuts = cuts
        .into_iter()
        .filter_map(|c| {
            bytes
                .iter()
                .skip(c)
                .position(|&b| b == b'\n')
                .map(|i| c + i + 1)
        })
        .collect();
    let mut whole = Utf8Evidence::new();
    for piece in chunks_at(bytes, newline_cuts) {
        assert!(whole.append(&evidence(&[piece])));
    }
    whole
}

#[test]
fn pieces_cut_after_ascii_append_to_the_whole() {
    // NULs at odd offsets in a piece that starts at an odd offset, a BOM
    // split across the first two pieces, a cut sequence ending a piece.
    let bytes = b"\xFF\n\xFE\0a\0\n\xC3\xA9\0\n\xE2\x82\n\0";
    for cut in 0..bytes.len() {
        for second in cut..bytes.len() {
            assert_eq!(
                appended(bytes, vec![cut, second]),
                evidence(&[bytes]),
                "cut after the newlines at {cut} and {second}"
            );
        }
    }
}

#[test]
fn appending_after_a_high_byte_is_refused() {
    let mut e = evidence(&[b"caf\xC3"]);
    let before = e;
    assert!(!e.append(&evidence(&[b"\xA9"])));
    assert_eq!(e, before);
    // Nothing before, or nothing after: always exact.
    assert!(Utf8Evidence::new().append(&before));
    assert!(e.append(&Utf8Evidence::new()));
    assert_eq!(e, before);
}

proptest! {
    #[test]
    fn any_pieces_cut_after_newlines_append_to_the_whole(
        bytes in prop::collection::vec(
            prop_oneof![Just(b'\n'), Just(0u8), Just(0x80u8), Just(0xC3), Just(0xA9),
                        Just(0xE2), Just(0xF0), Just(0x9F), Just(0xFF), any::<u8>()],
            0..200),
        cuts in prop::collection::vec(0usize..200, 0..6),
    ) {
        prop_assert_eq!(appended(&bytes, cuts), evidence(&[&bytes]));
    }
}

/// A lead at each of a block's last three places, in a block with no
/// continuation byte (the classifiers' and the count's short way), whose
/// sequence ends in the next block: one valid sequence, on every path.
#[test]
fn a_lead_ending_a_block_without_continuations_is_taken_by_the_next() {
    // A stray byte, so the block has high bytes, and a lead before ASCII.
    lead_ending_a_block_is_taken_by_the_next(&[(3, 0xE9), (9, 0xF4)]);
}

/// The same in a block whose continuation bytes are alone among ASCII
/// (counted from its glance).
#[test]
fn a_lead_ending_a_block_of_lone_continuations_is_taken_by_the_next() {
    lead_ending_a_block_is_taken_by_the_next(&[(3, 0xA9), (9, 0x80), (20, 0xE9)]);
}

/// ASCII with the stray bytes `strays` (place, byte), then a sequence
/// whose lead is at each of the first block's last three places: one
/// valid sequence and the strays, on every path, cut anywhere near.
fn lead_ending_a_block_is_taken_by_the_next(strays: &[(usize, u8)]) {
    for (seq, len) in [
        (&[0xC3u8, 0xA9][..], 2),
        (&[0xE2, 0x82, 0xAC], 3),
        (&[0xF0, 0x9F, 0x98, 0x80], 4),
    ] {
        for lead_at in 61..64 {
            let mut bytes = vec![b'a'; lead_at];
            for &(at, byte) in strays {
                bytes[at] = byte;
            }
            bytes.extend_from_slice(seq);
            bytes.extend_from_slice(&[b'z'; 70]);
            let want = reference(&bytes);
            assert_eq!(want, (1, strays.len() as u64, [0, 0]), "{len} bytes");
            for cut in [0, 64, lead_at + 1] {
                let seen = counts(&[&bytes[..cut], &bytes[cut..]]);
                assert_eq!(seen, want, "{len} bytes, lead at {lead_at}, cut at {cut}");
            }
        }
    }
}

/// Every high byte alone between ASCII bytes (one stray byte), at each of
/// a block's first and last places and beside the cut of a chunk, and the
/// same byte after a high byte that ends the block or chunk before (where
/// a continuation is taken): counted as the whole, on every path.
#[test]
fn high_bytes_among_ascii_at_block_ends_count_as_decoded() {
    for high in 0x80..=0xFFu8 {
        for at in [0, 1, 62, 63, 64, 65, 127, 128] {
            for before in [b'a', 0xC3, 0xE2, 0xF0, 0xA9] {
                let mut bytes = vec![b'a'; 192];
                bytes[at] = high;
                if at > 0 {
                    bytes[at - 1] = before;
                }
                let want = reference(&bytes);
                for cut in [0, 64, at, at + 1] {
                    let seen = counts(&[&bytes[..cut], &bytes[cut..]]);
                    assert_eq!(seen, want, "{before:02X} {high:02X} at {at}, cut at {cut}");
                }
            }
        }
    }
}

proptest! {
    /// Latin legacy text (windows-1252 and the like): high bytes of any
    /// kind, mostly alone between ASCII bytes, now and then two or a
    /// sequence together, over several blocks. Counted as the whole, and
    /// the whole evidence (what the last bytes leave behind too) the same
    /// in any chunking on every path.
    #[test]
    fn latin_legacy_text_counts_as_the_whole(
        pieces in prop::collection::vec(
            prop_oneof![
                8 => Just(b"ab".to_vec()),
                4 => (0x80u8..=0xFF).prop_map(|h| vec![b' ', h]),
                1 => (0x80u8..=0xFF, 0x80u8..=0xFF).prop_map(|(h, i)| vec![h, i]),
                1 => any::<char>().prop_map(|c| c.to_string().into_bytes()),
                1 => Just(vec![0u8]),
            ],
            0..200),
        cuts in prop::collection::vec(0usize..500, 0..4),
    ) {
        let bytes = pieces.concat();
        let chunks = chunks_at(&bytes, cuts);
        prop_assert_eq!(counts(&chunks), reference(&bytes));
        let whole = evidence_on(SimdPath::Scalar, &[&bytes]);
        for path in paths() {
            prop_assert_eq!(evidence_on(path, &chunks), whole, "{:?}", path);
        }
    }
}
