//! The CJK kernel: its pairing and byte sets against plain models, and every
//! kernel path's decoders against encoding_rs (fatal mode, errors at their
//! offsets) on the Wikipedia articles, on every two-byte sequence and on
//! random bytes fed in random chunks.

use super::{pair_leads, PairShape};
use crate::codec::multi_byte::MultiByte;
use crate::codec::simd::{force_path, Kernel};
use crate::codec::test_support::{decode_fatal, oracle_decode_fatal, split, Ev, Rng};
use crate::codec::Encoding;
use proptest::prelude::*;

/// A family with a kernel: a label, its pair rule, its shape.
type Family = (&'static str, fn(u8, u8) -> u32, &'static PairShape);

/// The families with a kernel.
fn families() -> Vec<Family> {
    use crate::codec::{big5, euc_jp, euc_kr, gb18030, shift_jis};
    fn of<F: MultiByte>(label: &'static str) -> Family {
        let pair = |lead, byte| F::hot_pair(F::PAIRS.words(), lead, byte);
        (label, pair, F::SHAPE.expect("a kernel shape"))
    }
    vec![
        of::<euc_kr::EucKrDecoder>("euc-kr"),
        of::<gb18030::Gb18030Decoder>("gbk"),
        of::<gb18030::Gb18030Decoder>("gb18030"),
        of::<big5::Big5Decoder>("big5"),
        of::<shift_jis::ShiftJisDecoder>("shift_jis"),
        of::<euc_jp::EucJpDecoder>("euc-jp"),
    ]
}

/// The families with their encoding_rs oracle, for the tests of the AVX2
/// kernel itself: none where the CPU lacks AVX2.
fn kernel_families() -> Vec<(
    &'static str,
    &'static encoding_rs::Encoding,
    &'static PairShape,
)> {
    if !Kernel::Avx2.available() {
        return Vec::new();
    }
    let oracle = |label: &str| encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
    families()
        .into_iter()
        .map(|(label, _, shape)| (label, oracle(label), shape))
        .collect()
}

/// Leads one by one: a byte at a character boundary that is not ASCII is a
/// lead, and the byte after it is its trail.
fn leads_one_by_one(high: u32) -> u32 {
    let (mut leads, mut i) = (0, 0);
    while i < 32 {
        if high >> i & 1 == 1 {
            leads |= 1 << i;
            i += 2;
        } else {
            i += 1;
        }
    }
    leads
}

#[test]
fn pairing_matches_reading_byte_by_byte() {
    for high in [
        0,
        1,
        3,
        7,
        0xFFFF_FFFF,
        0x8000_0000,
        0xC000_0000,
        0x5555_5555,
        0xAAAA_AAAA,
    ] {
        assert_eq!(pair_leads(high), leads_one_by_one(high), "{high:032b}");
    }
    let mut rng = Rng(7);
    for _ in 0..100_000 {
        let high = rng.next() as u32 & rng.next() as u32 | rng.next() as u32;
        assert_eq!(pair_leads(high), leads_one_by_one(high), "{high:032b}");
    }
}

/// Every pair the kernel takes decodes as the scalar loop's pair rule says,
/// and every pointer it computes for them is inside the table.
#[test]
fn every_admitted_pair_is_the_scalar_loops() {
    for (label, hot_pair, shape) in families() {
        let mut admitted = 0;
        for lead in 0x80..=0xFFu8 {
            for trail in 0..=0xFFu8 {
                if !(shape.admits(lead, false) && shape.admits(trail, true)) {
                    continue;
                }
                admitted += 1;
                let pointer = usize::from(shape.pointer(lead, trail));
                let word = shape.words.get(pointer).copied();
                assert!(word.is_some(), "{label} {lead:02X} {trail:02X}: {pointer}");
                let scalar = hot_pair(lead, trail);
                // The kernel takes two- and three-byte words only.
                if matches!(word.unwrap() >> 24, 2 | 3) || matches!(scalar >> 24, 2 | 3) {
                    assert_eq!(word, Some(scalar), "{label} {lead:02X} {trail:02X}");
                }
            }
        }
        assert!(admitted > 7_000, "{label}: {admitted}");
    }
}

/// The kernel's direct table holds, for every lead 0x80 or more and every
/// trail, the word of a pair the kernel takes (both bytes admitted, two or
/// three bytes of UTF-8) with its length `^ 3`, and `3 << 24` for any
/// other pair: so the kernel takes exactly the pairs the ranges admit.
#[test]
fn the_direct_table_holds_the_admitted_pairs_words() {
    for (label, _, shape) in families() {
        let direct = shape.direct();
        assert_eq!(direct.len(), 128 * 256, "{label}");
        for lead in 0x80..=0xFFu8 {
            for trail in 0..=0xFFu8 {
                let admitted = shape.admits(lead, false) && shape.admits(trail, true);
                let word = match admitted {
                    true => shape.words[usize::from(shape.pointer(lead, trail))],
                    false => 0,
                };
                let expected = match word >> 24 {
                    2 | 3 => word ^ 3 << 24,
                    _ => 3 << 24,
                };
                let entry = direct[usize::from(lead - 0x80) << 8 | usize::from(trail)];
                assert_eq!(entry, expected, "{label} {lead:02X} {trail:02X}");
            }
        }
    }
}

/// Decodes `bytes` on every path this CPU has, whole and in `cuts`, into
/// buffers large enough for the kernel; all must match encoding_rs.
fn check_every_path(label: &str, bytes: &[u8], cuts: &[usize]) {
    let enc = Encoding::for_label(label.as_bytes()).unwrap();
    let expected = oracle_decode_fatal(enc, bytes);
    let chunks = split(bytes, cuts);
    for path in [Kernel::Scalar, Kernel::Ssse3, Kernel::Avx2] {
        if !path.available() {
            continue;
        }
        force_path(Some(path));
        let whole = decode_fatal(enc, &[bytes], 1 << 16);
        let chunked = decode_fatal(enc, &chunks, 100);
        force_path(None);
        assert!(same(&whole, &expected), "{label} {path:?} whole");
        assert!(same(&chunked, &expected), "{label} {path:?} {cuts:?}");
    }
}

/// Event lists alike (with a readable first difference on failure).
fn same(got: &[Ev], expected: &[Ev]) -> bool {
    if got == expected {
        return true;
    }
    let at = got.iter().zip(expected).position(|(a, b)| a != b);
    eprintln!(
        "first difference at event {at:?} of {} / {}",
        got.len(),
        expected.len()
    );
    if let Some(i) = at {
        eprintln!("got      {:?}\nexpected {:?}", got[i], expected[i]);
    }
    false
}

#[test]
#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]
fn wikipedia_articles_decode_like_encoding_rs_on_every_path() {
    let dir = crate::shared_corpus();
    for (label, _, _) in families() {
        let rs = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
        for lang in ["ja", "ko", "zh_cn", "zh_tw"] {
            let text = std::fs::read_to_string(dir.join(format!("{lang}.txt"))).unwrap();
            let (bytes, _, _) = rs.encode(&text);
            let mut rng = Rng(bytes.len() as u64);
            let cuts = rng.cuts(bytes.len());
            check_every_path(label, &bytes, &cuts);
        }
    }
}

/// Every lead and trail byte pair, each after ASCII or after another pair
/// (so at both parities within the kernel's blocks), with ASCII runs that
/// put pairs across block ends.
#[test]
fn every_two_byte_sequence_decodes_like_encoding_rs_on_every_path() {
    for (label, _, _) in families() {
        for lead in 0x80..=0xFFu8 {
            let mut bytes = Vec::new();
            for trail in 0..=0xFFu8 {
                bytes.extend_from_slice(&[lead, trail, 0xB0, 0xA1, lead, trail]);
                bytes.extend_from_slice(&b"ab "[..usize::from(trail % 3)]);
            }
            check_every_path(label, &bytes, &[33, 64, 65, 97, 300, 301]);
        }
    }
}

/// Mostly valid pairs, with errors, ASCII and other bytes mixed in.
fn cjk_like(rng: &mut Rng, len: usize) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(len + 2);
    while bytes.len() < len {
        match rng.below(10) {
            0 => bytes.push(b' '),
            1 => bytes.push(rng.below(256) as u8),
            _ => bytes
                .extend_from_slice(&[0xB0 + rng.below(0x18) as u8, 0xA1 + rng.below(0x5E) as u8]),
        }
    }
    bytes
}

#[test]
fn random_text_decodes_like_encoding_rs_on_every_path() {
    let mut rng = Rng(22);
    for (label, _, _) in families() {
        for _ in 0..300 {
            let len = 1 + rng.below(400);
            let bytes = cjk_like(&mut rng, len);
            let cuts = rng.cuts(bytes.len());
            check_every_path(label, &bytes, &cuts);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_bytes_in_random_chunks_decode_like_encoding_rs(
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
        cuts in proptest::collection::vec(0usize..300, 0..6),
    ) {
        let mut cuts = cuts;
        cuts.sort_unstable();
        for (label, _, _) in families() {
            check_every_path(label, &bytes, &cuts);
        }
    }
}

/// The kernel itself takes common text (not only the scalar loop behind it):
/// all of it but the last block, each output byte right.
#[test]
fn the_kernel_decodes_common_text_on_its_own() {
    for (label, rs, shape) in kernel_families() {
        let text = match label {
            "euc-kr" => "한국어 위키백과, 우리 모두의 백과사전. 1234 가나다 ",
            "big5" => "中華民國是一個國家，位於東亞。 1234 大學 ",
            "shift_jis" | "euc-jp" => "日本語の文章です。東京は日本の首都。 1234 大学 ",
            _ => "中华人民共和国是一个国家，位于东亚。 1234 大学 ",
        }
        .repeat(20);
        let (bytes, _, _) = rs.encode(&text);
        kernel_takes_nearly_all(rs, shape, &bytes, label);
    }
}

/// The AVX2 kernel alone over `bytes` (`what` names the case): it reads
/// all but at most the last 64 bytes, blocks at nothing, and writes what
/// encoding_rs decodes of what it read.
fn kernel_takes_nearly_all(
    rs: &'static encoding_rs::Encoding,
    shape: &PairShape,
    bytes: &[u8],
    what: &str,
) {
    let mut dst = vec![0; bytes.len() * 2 + 64];
    let run = super::decode_cjk(Kernel::Avx2, shape, bytes, &mut dst);
    assert!(run.read + 64 >= bytes.len(), "{what}: {}", run.read);
    assert_eq!(run.blocked, None, "{what}");
    let expected = rs.decode_without_bom_handling(&bytes[..run.read]).0;
    assert_eq!(&dst[..run.written], expected.as_bytes(), "{what}");
}

/// The AVX2 kernel alone on `bytes` (the CPU has it): stops exactly at
/// `at`, blocked, and writes what encoding_rs decodes of what is before it.
fn kernel_stops_at(
    rs: &'static encoding_rs::Encoding,
    shape: &PairShape,
    bytes: &[u8],
    at: usize,
    what: &str,
) {
    let mut dst = vec![0; bytes.len() * 2 + 64];
    let run = super::decode_cjk(Kernel::Avx2, shape, bytes, &mut dst);
    assert_eq!((run.read, run.blocked), (at, Some(0)), "{what}");
    let expected = rs.decode_without_bom_handling(&bytes[..at]).0;
    assert_eq!(&dst[..run.written], expected.as_bytes(), "{what}");
}

/// Pairs whose UTF-8 is two bytes (Cyrillic, `°`, `·`, `×`): the kernel
/// takes them at every offset of a block, the last byte included (its trail
/// then the next block's first), between three-byte pairs and ASCII.
#[test]
fn the_kernel_takes_two_byte_pairs_at_every_offset() {
    for (label, rs, shape) in kernel_families() {
        let (sample, _, _) = rs.encode("а°×·Ж");
        for offset in 0..66 {
            let text = format!("{}к日°本а{}", "a".repeat(offset % 33), "日本 ".repeat(30));
            let text = match offset < 33 {
                true => text,
                false => format!("日{text}"),
            };
            let (bytes, _, _) = rs.encode(&text);
            kernel_takes_nearly_all(rs, shape, &bytes, &format!("{label} {offset}"));
            let mut cuts = vec![offset, offset + 1, offset + 33];
            cuts.retain(|&c| c <= bytes.len());
            check_every_path(label, &[&sample[..], &bytes[..]].concat(), &cuts);
        }
    }
}

/// A character the kernel cannot take (0xFF, a lead in no family) at every
/// offset of the first two blocks: the kernel decodes everything before it
/// and stops exactly there; every path decodes the whole like encoding_rs.
#[test]
fn the_kernel_stops_at_the_character_it_cannot_take() {
    for (label, _, shape) in families() {
        let rs = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
        let (pair, _, _) = rs.encode("本");
        let (cyrillic, _, _) = rs.encode("а");
        for at in 0..70 {
            let mut bytes = vec![b'a'; at % 2];
            for i in 0..at / 2 {
                bytes.extend_from_slice(if i % 3 == 2 { &cyrillic } else { &pair });
            }
            // `at` bytes, unless the family lacks Cyrillic (references).
            let stop = bytes.len();
            bytes.extend_from_slice(&[0xFF, b'b']);
            bytes.extend_from_slice(&pair.repeat(40));
            let mut cuts = vec![stop, stop + 1, 33];
            cuts.sort_unstable();
            check_every_path(label, &bytes, &cuts);
            if !Kernel::Avx2.available() {
                continue;
            }
            kernel_stops_at(rs, shape, &bytes, stop, &format!("{label} {at}"));
        }
    }
}

/// gb18030's four-byte sequences (Arabic, astral) in runs and alone among
/// pairs and ASCII, the kernel stopping at each run: random texts in random
/// pieces, every path against encoding_rs.
#[test]
fn gb18030_four_byte_runs_decode_like_encoding_rs_on_every_path() {
    let rs = encoding_rs::GB18030;
    let alphabet = ['ر', 'م', 'ا', '😀', '中', '国', 'а', '·', ' ', 'x', '1'];
    let mut rng = Rng(18030);
    for _ in 0..150 {
        let len = 1 + rng.below(120);
        let text: String = rng.pick(&alphabet, len).into_iter().collect();
        let (bytes, _, _) = rs.encode(&text);
        let cuts = rng.cuts(bytes.len());
        check_every_path("gb18030", &bytes, &cuts);
    }
}

/// One pair in a block of ASCII (markup in a page), at every offset: the
/// kernel skips the loads of the halves without a lead and still writes
/// the pair right.
#[test]
fn the_kernel_takes_a_lone_pair_in_ascii_at_every_offset() {
    for (label, rs, shape) in kernel_families() {
        for (ch, offset) in ["本", "а"]
            .into_iter()
            .flat_map(|c| (0..33).map(move |o| (c, o)))
        {
            let text = format!("{}{ch}{}", "<".repeat(offset), "p>".repeat(40));
            let (bytes, _, _) = rs.encode(&text);
            kernel_takes_nearly_all(rs, shape, &bytes, &format!("{label} {ch} {offset}"));
        }
    }
}

/// Every four-byte gb18030 sequence of a BMP code point (the hot loop's
/// own path, pointers 0..39420), between pairs and ASCII, in pieces: every
/// path against encoding_rs.
#[test]
fn every_bmp_four_byte_sequence_decodes_like_encoding_rs_on_every_path() {
    let mut bytes = Vec::new();
    for pointer in 0..39420u32 {
        let (b0, rest) = (pointer / 12600, pointer % 12600);
        let (b1, rest) = (rest / 1260, rest % 1260);
        let (b2, b3) = (rest / 10, rest % 10);
        bytes.extend_from_slice(&[
            b0 as u8 + 0x81,
            b1 as u8 + 0x30,
            b2 as u8 + 0x81,
            b3 as u8 + 0x30,
        ]);
        match pointer % 7 {
            0 => bytes.push(b' '),
            3 => bytes.extend_from_slice(&[0xB0, 0xA1]),
            _ => {}
        }
    }
    check_every_path("gb18030", &bytes, &[1, 5, 70_001, 100_002]);
}

/// Every lead and trail, as the low byte of a lane (offset 30), its high
/// byte (1) and a block's last byte (31, the trail in the next block), and
/// among pairs in lanes of pairs (both of the kernel's aligned paths, with
/// ASCII lanes after it or in a block of sixteen pairs): the kernel alone
/// takes the pair exactly when both bytes are in the family's sets and its
/// word is two or three bytes, writing encoding_rs's bytes, and otherwise
/// stops at the lead with what is before it written.
#[test]
fn the_kernel_takes_exactly_the_admitted_pairs_in_each_place() {
    for (label, rs, shape) in kernel_families() {
        let (pair, _, _) = rs.encode("本");
        let ascii = b"b".repeat(40);
        let pairs_then_ascii = |n: usize| [&pair.repeat(n)[..], &ascii].concat();
        // ASCII before it (a lane's high byte, low byte, the block's last
        // byte), or pairs: a block of lanes that are pairs up to it, at
        // lane 8, and one from byte 1 with it at lane 7 of `next`; each
        // with ASCII after it, or pairs to the block's end (sixteen
        // pairs).
        let places = [1, 30, 31]
            .map(|at| (at, b"a".repeat(at), ascii.clone()))
            .into_iter()
            .chain([0, 7].map(|n| (16, pair.repeat(8), pairs_then_ascii(n))))
            .chain([0, 8].map(|n| {
                (
                    15,
                    [&b"a"[..], &pair.repeat(7)].concat(),
                    pairs_then_ascii(n),
                )
            }))
            .collect::<Vec<_>>();
        let mut dst = vec![0; 256];
        for lead in 0x80..=0xFFu8 {
            for trail in 0..=0xFFu8 {
                let takes = shape.admits(lead, false)
                    && shape.admits(trail, true)
                    && matches!(
                        shape.words.get(usize::from(shape.pointer(lead, trail))),
                        Some(w) if matches!(w >> 24, 2 | 3)
                    );
                let pair = match takes {
                    true => rs
                        .decode_without_bom_handling(&[lead, trail])
                        .0
                        .into_owned(),
                    false => String::new(),
                };
                for (at, before, after) in &places {
                    let at = *at;
                    let bytes = [&before[..], &[lead, trail], after].concat();
                    let run = super::decode_cjk(Kernel::Avx2, shape, &bytes, &mut dst);
                    let before = rs.decode_without_bom_handling(before).0;
                    if takes {
                        assert_eq!(run.blocked, None, "{label} {lead:02X} {trail:02X} at {at}");
                        assert!(
                            run.read >= at + 2,
                            "{label} {lead:02X} {trail:02X} at {at}: {}",
                            run.read
                        );
                        let after = rs
                            .decode_without_bom_handling(&after[..run.read - at - 2])
                            .0;
                        let expected = format!("{before}{pair}{after}");
                        assert_eq!(
                            &dst[..run.written],
                            expected.as_bytes(),
                            "{label} {lead:02X} {trail:02X} at {at}"
                        );
                    } else {
                        assert_eq!(
                            (run.read, run.blocked),
                            (at, Some(0)),
                            "{label} {lead:02X} {trail:02X} at {at}"
                        );
                        assert_eq!(
                            &dst[..run.written],
                            before.as_bytes(),
                            "{label} {lead:02X} {trail:02X} at {at}"
                        );
                    }
                }
            }
        }
    }
}

/// Blocks of pairs with ASCII at every place: one or two ASCII bytes after
/// `k` pairs, from a character boundary or one byte after it (so the
/// pairs' leads are at even places, at odd places, or both; the last lane
/// of an odd block holding a trail, ASCII or the next block's lead): the
/// kernel alone decodes it all like encoding_rs.
#[test]
fn the_kernel_takes_pairs_with_ascii_at_every_place() {
    for (label, rs, shape) in kernel_families() {
        for k in 0..34 {
            for (start, ascii) in [("", "x"), ("", "xy"), ("a", "x"), ("a", "xy")] {
                for pairs in ["本", "日а"] {
                    let text = format!("{start}{}{ascii}{}", "本".repeat(k), pairs.repeat(40));
                    let (bytes, _, _) = rs.encode(&text);
                    let what = format!("{label} {start:?} {k} {ascii:?} {pairs}");
                    kernel_takes_nearly_all(rs, shape, &bytes, &what);
                }
            }
        }
    }
}

/// Blocks with leads at both parities, every pair three bytes (the slot
/// packing): runs of 0-4 pairs between ASCII runs of 1-2 bytes, at random,
/// so that every pattern of leads in 8 bytes, with a lead just before them
/// or not, and a lead in a block's last byte all occur. The kernel takes
/// them alone, each output byte right.
#[test]
fn the_kernel_takes_blocks_with_leads_at_both_parities() {
    let mut rng = Rng(13);
    for (label, rs, shape) in kernel_families() {
        let (pair, _, _) = rs.encode("本");
        let mut bytes = Vec::new();
        while bytes.len() < 20_000 {
            for _ in 0..rng.below(5) {
                bytes.extend_from_slice(&pair);
            }
            bytes.extend_from_slice(&b"x,"[..1 + rng.below(2)]);
        }
        kernel_takes_nearly_all(rs, shape, &bytes, label);
    }
}

/// Korean-shaped text: runs of one to four pairs, each run followed by one
/// ASCII byte, so the leads change parity every few bytes and nearly every
/// block takes the general path (lead mask spread, pairs blended from
/// `next`). After `skew` ASCII bytes, so the changes fall at every place of
/// the first blocks over the skews.
fn korean_shaped(pair: &[u8], skew: usize) -> Vec<u8> {
    let mut bytes = b"x".repeat(skew);
    for run in [3, 1, 2, 4, 1, 1, 3, 2].repeat(6) {
        bytes.extend_from_slice(&pair.repeat(run));
        bytes.push(b' ');
    }
    bytes
}

/// Korean-shaped blocks, each lead in turn (over the first three blocks)
/// replaced: by a two-byte word (Cyrillic: the general path's two-byte
/// bytes), by a lead with an ASCII trail (an error), by 0xFF (a lead in no
/// family). The kernel alone takes the two-byte word and stops exactly at
/// the others, with everything before them written; every path decodes all
/// of it like encoding_rs.
#[test]
fn korean_shaped_blocks_with_a_word_or_an_error_at_every_lead() {
    for (label, _, shape) in families() {
        let rs = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
        let (pair, _, _) = rs.encode("本");
        let (two, _, _) = rs.encode("а");
        for skew in 0..4 {
            let base = korean_shaped(&pair, skew);
            let mut leads = Vec::new();
            let mut i = 0;
            while i < 100 {
                if base[i] >= 0x80 {
                    leads.push(i);
                    i += 1;
                }
                i += 1;
            }
            for &at in &leads {
                let stops: [&[u8]; 3] = [&two, &[pair[0], b' '], &[0xFF, pair[1]]];
                for (k, with) in stops.into_iter().enumerate() {
                    let bytes = [&base[..at], with, &base[at + 2..]].concat();
                    check_every_path(label, &bytes, &[at, at + 1, 33]);
                    if !Kernel::Avx2.available() {
                        continue;
                    }
                    let what = format!("{label} skew {skew} at {at} case {k}");
                    match k == 0 && two.len() == 2 && two[0] >= 0x80 {
                        true => kernel_takes_nearly_all(rs, shape, &bytes, &what),
                        false => kernel_stops_at(rs, shape, &bytes, at, &what),
                    }
                }
            }
        }
    }
}

/// Aligned blocks (from a boundary, or from its second byte) of three-byte
/// pairs, all pairs or with two ASCII bytes in one lane, and a two-byte
/// pair (`а`) at every lane: the kernel speculates three bytes per pair,
/// the check fails at each of those lanes, and the kernel alone still
/// decodes it all like encoding_rs.
#[test]
fn the_kernel_takes_a_two_byte_pair_at_every_lane_of_an_aligned_block() {
    for (label, rs, shape) in kernel_families() {
        for start in ["", "a"] {
            for lane in 0..16 {
                for ascii_lane in [16, (lane + 5) % 16] {
                    let block: String = (0..16)
                        .map(|k| match k {
                            _ if k == lane => "а",
                            _ if k == ascii_lane => "xy",
                            _ => "本",
                        })
                        .collect();
                    let text = format!("{start}{}{}", block.repeat(2), "日".repeat(40));
                    let (bytes, _, _) = rs.encode(&text);
                    let what = format!("{label} {start:?} {lane} {ascii_lane}");
                    kernel_takes_nearly_all(rs, shape, &bytes, &what);
                }
            }
        }
    }
}

/// Aligned blocks of three-byte pairs (from a boundary, or from its second
/// byte) with a character the kernel cannot take at one lane, for every
/// lane: a lead in no family (0xFF) and a pair the family's table lacks
/// (where it has one).
/// The kernel alone decodes everything before it and stops exactly there.
#[test]
fn the_kernel_stops_at_every_lane_of_an_aligned_block() {
    for (label, rs, shape) in kernel_families() {
        let (pair, _, _) = rs.encode("本");
        // A pair whose bytes are in the family's sets but not its table.
        let lacking = (0x80..=0xFFu8)
            .flat_map(|lead| (0..=0xFFu8).map(move |trail| [lead, trail]))
            .find(|&[lead, trail]| {
                shape.admits(lead, false)
                    && shape.admits(trail, true)
                    && shape.words.get(usize::from(shape.pointer(lead, trail))) == Some(&0)
            });
        for start in [&b""[..], b"a"] {
            for lane in 0..16 {
                for bad in [Some([0xFF, b'b']), lacking].into_iter().flatten() {
                    let before = [start, &pair.repeat(lane)].concat();
                    let bytes = [&before[..], &bad, &pair.repeat(40)].concat();
                    let what = format!("{label} {start:?} {lane} {bad:02X?}");
                    kernel_stops_at(rs, shape, &bytes, before.len(), &what);
                }
            }
        }
    }
}
