use super::*;
use crate::codec::test_support::{family_encode, family_events, out, pieces, push_out, Ev};

fn run(be: bool, input: &[u8], chunk: usize, dst_len: usize) -> Vec<Ev> {
    let mut d = Utf16Decoder::new(be);
    let decode = |src: &[u8], dst: &mut [u8], last| d.decode(src, dst, last);
    family_events(&pieces(input, chunk), dst_len, decode)
}

/// Decodes `input` in every chunking down to single bytes, with small and
/// large buffers, checks they all agree and returns the result.
fn decode_all_ways(be: bool, input: &[u8]) -> Vec<Ev> {
    let one = run(be, input, usize::MAX, 1024);
    for chunk in 1..=6 {
        for dst_len in [4, 5, 6, 16] {
            assert_eq!(
                run(be, input, chunk, dst_len),
                one,
                "{input:02X?} chunk {chunk} dst {dst_len}"
            );
        }
    }
    one
}

fn le(units: &[u16]) -> Vec<u8> {
    units.iter().flat_map(|u| u.to_le_bytes()).collect()
}
fn be(units: &[u16]) -> Vec<u8> {
    units.iter().flat_map(|u| u.to_be_bytes()).collect()
}

#[test]
fn decodes_bmp_and_pairs_in_both_orders() {
    let text = "a\u{7F}\u{80}é€\u{FFFF}😀\u{10FFFF}xyzzy plain ascii run of text";
    let units: Vec<u16> = text.encode_utf16().collect();
    assert_eq!(decode_all_ways(false, &le(&units)), vec![out(text)]);
    assert_eq!(decode_all_ways(true, &be(&units)), vec![out(text)]);
    assert_eq!(
        decode_all_ways(false, &[0x3D, 0xD8, 0x00, 0xDE]),
        vec![out("😀")]
    );
    assert_eq!(
        decode_all_ways(true, &[0xD8, 0x3D, 0xDE, 0x00]),
        vec![out("😀")]
    );
}

#[test]
fn surrogate_pairs_split_at_every_boundary() {
    let text = "😀a😀😀€😀";
    let units: Vec<u16> = text.encode_utf16().collect();
    for be_order in [false, true] {
        let input = if be_order { be(&units) } else { le(&units) };
        for cut in 0..=input.len() {
            for cut2 in cut..=input.len() {
                let mut d = Utf16Decoder::new(be_order);
                let mut dst = [0u8; 64];
                let mut got = Vec::new();
                for (part, last) in [
                    (&input[..cut], false),
                    (&input[cut..cut2], false),
                    (&input[cut2..], true),
                ] {
                    let (res, r, w) = d.decode(part, &mut dst, last);
                    assert_eq!((res, r), (RawDecoderResult::InputEmpty, part.len()));
                    got.extend_from_slice(&dst[..w]);
                }
                assert_eq!(got, text.as_bytes());
            }
        }
    }
}

#[test]
fn unpaired_surrogates_and_odd_bytes() {
    // A lone trail surrogate: its two bytes are the error.
    assert_eq!(
        decode_all_ways(false, &le(&[0x61, 0xDC00, 0x62])),
        vec![out("a"), Ev::Bad(2, vec![0x00, 0xDC]), out("b")]
    );
    // A lead surrogate followed by a non-trail unit: the unit is read again.
    assert_eq!(
        decode_all_ways(false, &le(&[0xD800, 0x62])),
        vec![Ev::Bad(0, vec![0x00, 0xD8]), out("b")]
    );
    assert_eq!(
        decode_all_ways(true, &be(&[0xD800, 0xD800, 0xDC00])),
        vec![Ev::Bad(0, vec![0xD8, 0x00]), out("\u{10000}")]
    );
    assert_eq!(
        decode_all_ways(true, &be(&[0xDBFF, 0xDBFF, 0x41])),
        vec![
            Ev::Bad(0, vec![0xDB, 0xFF]),
            Ev::Bad(2, vec![0xDB, 0xFF]),
            out("A")
        ]
    );
    // A lead surrogate at the end.
    assert_eq!(
        decode_all_ways(false, &le(&[0x41, 0xD800])),
        vec![out("A"), Ev::Bad(2, vec![0x00, 0xD8])]
    );
    // An odd byte at the end.
    assert_eq!(
        decode_all_ways(false, &[0x41, 0x00, 0x42]),
        vec![out("A"), Ev::Bad(2, vec![0x42])]
    );
    assert_eq!(decode_all_ways(true, &[0x00]), vec![Ev::Bad(0, vec![0x00])]);
    // A lead surrogate and an odd byte at the end: one error.
    assert_eq!(
        decode_all_ways(true, &[0xD8, 0x00, 0xDC]),
        vec![Ev::Bad(0, vec![0xD8, 0x00, 0xDC])]
    );
    assert_eq!(decode_all_ways(true, &[]), vec![]);
}

/// The standard's handler, transcribed, as a reference.
fn reference(be_order: bool, input: &[u8]) -> Vec<Ev> {
    let mut evs = Vec::new();
    let mut lead_byte: Option<(u8, usize)> = None;
    let mut lead_surrogate: Option<(u16, usize)> = None;
    let mut i = 0;
    let bytes_of = |u: u16| {
        if be_order {
            u.to_be_bytes()
        } else {
            u.to_le_bytes()
        }
    };
    loop {
        let Some(&b) = input.get(i) else {
            if lead_byte.is_some() || lead_surrogate.is_some() {
                let at = lead_surrogate.map_or_else(|| lead_byte.unwrap().1, |s| s.1);
                evs.push(Ev::Bad(at as u64, input[at..].to_vec()));
            }
            return evs;
        };
        i += 1;
        let Some((lb, _)) = lead_byte else {
            lead_byte = Some((b, i - 1));
            continue;
        };
        let u = if be_order {
            (u16::from(lb) << 8) + u16::from(b)
        } else {
            (u16::from(b) << 8) + u16::from(lb)
        };
        lead_byte = None;
        if let Some((ls, at)) = lead_surrogate.take() {
            if is_trail(u) {
                let cp = 0x10000 + ((u32::from(ls) - 0xD800) << 10) + (u32::from(u) - 0xDC00);
                push_out(&mut evs, char::from_u32(cp).unwrap().to_string().as_bytes());
                continue;
            }
            evs.push(Ev::Bad(at as u64, bytes_of(ls).to_vec()));
            i -= 2;
            continue;
        }
        if (0xD800..=0xDBFF).contains(&u) {
            lead_surrogate = Some((u, i - 2));
            continue;
        }
        if is_trail(u) {
            evs.push(Ev::Bad((i - 2) as u64, bytes_of(u).to_vec()));
            continue;
        }
        push_out(
            &mut evs,
            char::from_u32(u32::from(u)).unwrap().to_string().as_bytes(),
        );
    }
}

#[test]
fn matches_the_standard_on_unit_sequences() {
    let pool: [u16; 8] = [
        0x0041, 0x00E9, 0x20AC, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xFFFD,
    ];
    for be_order in [false, true] {
        for a in pool {
            for b in pool {
                for c in pool {
                    let units = [a, b, c];
                    let mut input = if be_order { be(&units) } else { le(&units) };
                    for extra in [None, Some(0xD8), Some(0x41)] {
                        if let Some(x) = extra {
                            input.push(x);
                        }
                        assert_eq!(
                            decode_all_ways(be_order, &input),
                            reference(be_order, &input),
                            "{input:02X?}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn surrogates_anywhere_in_long_input() {
    // Long enough for the four-units-at-a-time path, with ASCII runs.
    let base: Vec<u16> = "abcdefgh é€ ijklmnop Жx\u{7FF}\u{800}\u{FFFF}qrstuvwxyz0123"
        .encode_utf16()
        .collect();
    let inserts: [&[u16]; 6] = [
        &[0xDC00],
        &[0xD800],
        &[0xD800, 0xD800, 0xDC00],
        &[0xD83D, 0xDE00],
        &[0xDBFF, 0x0041],
        &[0xDFFF, 0xD800],
    ];
    for be_order in [false, true] {
        for at in 0..=base.len() {
            for ins in inserts {
                let mut units = base[..at].to_vec();
                units.extend_from_slice(ins);
                units.extend_from_slice(&base[at..]);
                let input = if be_order { be(&units) } else { le(&units) };
                let expected = reference(be_order, &input);
                assert_eq!(
                    run(be_order, &input, usize::MAX, 1024),
                    expected,
                    "{units:04X?}"
                );
                assert_eq!(run(be_order, &input, 7, 16), expected, "{units:04X?}");
                assert_eq!(run(be_order, &input, 1, 20), expected, "{units:04X?}");
            }
            // Cut after any byte: odd bytes and lone leads at the end.
            let input = if be_order { be(&base) } else { le(&base) };
            for cut in [2 * at, (2 * at + 1).min(input.len())] {
                let expected = reference(be_order, &input[..cut]);
                assert_eq!(run(be_order, &input[..cut], usize::MAX, 1024), expected);
            }
        }
    }
}

/// A small deterministic generator for the randomized tests.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Up to `max_len` units in runs like real text, in a random mode: 0 mostly
/// ASCII, 1 mostly two-byte, 2 mostly three-byte, 3 anything (surrogates
/// too), 4 ASCII, 5 ASCII and surrogate pairs, each with a rare lone
/// surrogate or boundary value mixed in.
fn random_units(rng: &mut XorShift, max_len: u64) -> Vec<u16> {
    let mode = rng.below(6);
    let len = rng.below(max_len) as usize;
    const EDGES: [u16; 16] = [
        0x00, 0x41, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x4E00, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF,
        0xE000, 0xFFFD, 0xFFFF,
    ];
    let mut units = Vec::with_capacity(len + 1);
    while units.len() < len {
        let roll = rng.below(100);
        let pick = rng.next();
        let ascii = 0x20 + (pick % 0x5F) as u16;
        let unit = if roll < 3 {
            EDGES[(pick % 16) as usize]
        } else if mode == 3 {
            pick as u16
        } else if mode == 4 {
            ascii
        } else if mode == 5 {
            // Emoji: valid surrogate pairs.
            if roll < 30 {
                units.push(0xD800 + (pick % 0x400) as u16);
                0xDC00 + ((pick >> 10) % 0x400) as u16
            } else {
                ascii
            }
        } else if mode == 0 {
            // Latin: accented letters now and then.
            if roll < 12 {
                0xC0 + (pick % 0x40) as u16
            } else {
                ascii
            }
        } else if roll < 25 {
            // Spaces and punctuation between words.
            ascii
        } else if mode == 1 {
            0x400 + (pick % 0x100) as u16
        } else {
            0x4E00 + (pick % 0x5000) as u16
        };
        units.push(unit);
    }
    units
}

#[test]
fn every_unit_in_every_lane_of_a_block() {
    // Blocks of one kind of unit with `u` in one lane of the second block
    // and in every lane of the third: each kind of block meets every
    // unit value, and every lane sees every kind of unit.
    for filler in [0x61u16, 0xE9, 0x4E00] {
        for u in 0..=0xFFFFu16 {
            let mut units = vec![filler; 28];
            units[8 + (usize::from(u) * 7 + usize::from(filler)) % 8] = u;
            units[16..24].fill(u);
            let expected = String::from_utf16_lossy(&units).into_bytes();
            for be_order in [false, true] {
                let input = if be_order { be(&units) } else { le(&units) };
                let mut got = Vec::new();
                for ev in run(be_order, &input, usize::MAX, 1024) {
                    match ev {
                        Ev::Out(bytes) => got.extend_from_slice(&bytes),
                        _ => got.extend_from_slice("\u{FFFD}".as_bytes()),
                    }
                }
                assert_eq!(got, expected, "{u:04X} after {filler:04X} (be: {be_order})");
            }
        }
    }
}

#[test]
fn random_unit_mixes_match_the_standard() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for _ in 0..4000 {
        let units = random_units(&mut rng, 90);
        for be_order in [false, true] {
            let mut input = if be_order { be(&units) } else { le(&units) };
            if rng.below(4) == 0 {
                input.push(0xD8);
            }
            let expected = reference(be_order, &input);
            assert_eq!(
                run(be_order, &input, usize::MAX, 1024),
                expected,
                "{units:04X?}"
            );
            let chunk = 1 + rng.below(40) as usize;
            let dst_len = 16 + rng.below(40) as usize;
            assert_eq!(
                run(be_order, &input, chunk, dst_len),
                expected,
                "{units:04X?} chunk {chunk} dst {dst_len}"
            );
        }
    }
}

/// A fast path's signature.
type FastPath = fn(&[u8], usize, &mut [u8], usize) -> (usize, usize);

/// Checks a fast path on its own: it reads whole units (surrogates only
/// in valid pairs), writes exactly their UTF-8, and goes on until the end
/// of `src` or `dst` is near or a surrogate is.
fn check_fast_path(name: &str, f: FastPath, be_order: bool, units: &[u16], dst_len: usize) {
    let input = if be_order { be(units) } else { le(units) };
    let mut dst = vec![0u8; dst_len];
    let (r, w) = f(&input, 0, &mut dst, 0);
    assert!(r % 2 == 0 && r <= input.len() && w <= dst_len, "{name}");
    let read = &units[..r / 2];
    let text = String::from_utf16(read).expect("no lone surrogate read");
    assert_eq!(&dst[..w], text.as_bytes(), "{name} {units:04X?}");
    let next_surrogate = units[r / 2..]
        .iter()
        .position(|&u| u & 0xF800 == 0xD800)
        .map_or(usize::MAX, |i| r / 2 + i);
    // Neither path stops more than a block of units short.
    if next_surrogate >= r / 2 + 8 {
        assert!(
            r + 16 > input.len() || w + 40 > dst_len,
            "{name} stopped early"
        );
    }
}

/// The fast paths: the portable one, and `fast_bmp` on each path this CPU
/// has (on x86_64: SSE2 stores for `Scalar`, `pshufb` for the others).
fn fast_paths(be_order: bool) -> Vec<(Kernel, FastPath)> {
    let portable: FastPath = match be_order {
        true => fast_bmp_swar::<true>,
        false => fast_bmp_swar::<false>,
    };
    let mut paths = vec![(Kernel::Scalar, portable)];
    for path in [Kernel::Scalar, Kernel::Ssse3] {
        if !path.available() {
            continue;
        }
        let fast: FastPath = match (be_order, path) {
            (true, Kernel::Scalar) => |s, r, d, w| fast_bmp::<true>(Kernel::Scalar, s, r, d, w),
            (false, Kernel::Scalar) => |s, r, d, w| fast_bmp::<false>(Kernel::Scalar, s, r, d, w),
            (true, _) => |s, r, d, w| fast_bmp::<true>(Kernel::Ssse3, s, r, d, w),
            (false, _) => |s, r, d, w| fast_bmp::<false>(Kernel::Ssse3, s, r, d, w),
        };
        paths.push((path, fast));
    }
    paths
}

#[test]
fn fast_paths_decode_exactly_what_they_read() {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let paths = [fast_paths(false), fast_paths(true)];
    for _ in 0..20_000 {
        let units = random_units(&mut rng, 70);
        let dst_len = rng.below(120) as usize;
        for be_order in [false, true] {
            for (i, &(path, f)) in paths[usize::from(be_order)].iter().enumerate() {
                let name = format!("{path:?} {}", ["portable", "fast"][i.min(1)]);
                check_fast_path(&name, f, be_order, &units, dst_len);
            }
        }
    }
}

/// Blocks of Latin, Cyrillic and Greek text (every unit below U+0800, the
/// `pshufb` paths' own block) and of mixes with three-byte units, with
/// every two-byte unit in every lane, on every path, against the standard
/// library.
#[test]
fn small_units_in_every_lane_on_every_path() {
    for be_order in [false, true] {
        for (path, f) in fast_paths(be_order) {
            for u in 0x80..0x800u16 {
                for filler in [0x61u16, 0xE9, 0x20AC] {
                    let mut units = vec![filler; 24];
                    units[usize::from(u) % 8] = u;
                    units[8 + usize::from(u / 8) % 8] = 0x7F;
                    units[16..24].fill(u);
                    let name = format!("{path:?} {u:04X} {filler:04X}");
                    check_fast_path(&name, f, be_order, &units, 80);
                }
            }
        }
    }
}

fn encode(be_order: bool, s: &str, dst_len: usize) -> Vec<u8> {
    let mut e = Utf16Encoder::new(be_order);
    let encode = |src: &str, dst: &mut [u8], last| {
        let (result, read, written) = e.encode(src, dst, last);
        // Stronger than the shared runner's "some progress": every buffer
        // in these tests holds at least one character, so a full output
        // has always taken some input.
        if let RawEncoderResult::OutputFull = result {
            assert!(read > 0, "output full with nothing read");
        }
        (result, read, written)
    };
    family_encode(s, dst_len, encode, |_| panic!("UTF-16 never fails"))
}

#[test]
fn encoder_writes_units_and_pairs() {
    let text = "Hello, wörld € 😀 \u{10FFFF}\u{FFFF} and a longer ascii tail";
    let units: Vec<u16> = text.encode_utf16().collect();
    for dst_len in [4, 5, 7, 16, 1024] {
        assert_eq!(encode(false, text, dst_len), le(&units));
        assert_eq!(encode(true, text, dst_len), be(&units));
    }
    assert_eq!(encode(true, "😀", 16), vec![0xD8, 0x3D, 0xDE, 0x00]);
    assert_eq!(encode(false, "😀", 16), vec![0x3D, 0xD8, 0x00, 0xDE]);
    assert_eq!(encode(false, "", 16), Vec::<u8>::new());
    let mut e = Utf16Encoder::new(false);
    let mut dst = [0u8; 3];
    assert_eq!(
        e.encode("😀", &mut dst, true),
        (RawEncoderResult::OutputFull, 0, 0)
    );
}

/// `text` encoded on every kernel path this CPU has, in both orders, whole
/// into a large buffer and in `pieces` (at character boundaries) into
/// buffers of `dst_len`, against the standard library.
fn check_encode_paths(text: &str, pieces: &[usize], dst_len: usize) {
    use crate::codec::simd::{force_path, Kernel};
    let units: Vec<u16> = text.encode_utf16().collect();
    for path in [Kernel::Scalar, Kernel::Ssse3] {
        if !path.available() {
            continue;
        }
        force_path(Some(path));
        for (be_order, expected) in [(false, le(&units)), (true, be(&units))] {
            assert_eq!(
                encode(be_order, text, 1 << 12),
                expected,
                "{path:?} {text:?}"
            );
            let mut start = 0;
            let mut out = Vec::new();
            let cuts = pieces.iter().copied().filter(|&c| text.is_char_boundary(c));
            for cut in cuts.chain([text.len()]) {
                if cut >= start {
                    out.extend(encode(be_order, &text[start..cut], dst_len));
                    start = cut;
                }
            }
            assert_eq!(out, expected, "{path:?} {text:?} {pieces:?} {dst_len}");
        }
    }
    force_path(None);
}

#[test]
fn encode_kernel_every_bmp_character_at_every_block_offset() {
    // The kernel itself from a block's start: each two- and three-byte
    // character at each offset of the first block (cut by its end at 14
    // and 15), after ASCII, before two-byte characters.
    use crate::codec::simd::{encode_utf16, Kernel};
    let mut dst = [0u8; 256];
    let mut text = String::new();
    for path in [Kernel::Ssse3, Kernel::Avx2]
        .into_iter()
        .filter(|p| p.available())
    {
        for be_order in [false, true] {
            for offset in 0..16 {
                for c in (0x80..0x10000).filter_map(char::from_u32) {
                    text.clear();
                    text.extend(std::iter::repeat_n('a', offset));
                    text.push(c);
                    text.push_str("жжжжжжжжжж");
                    let run = encode_utf16(path, be_order, &text, &mut dst);
                    assert!(run.read > offset + c.len_utf8(), "{path:?} {text:?}");
                    let units: Vec<u16> = text[..run.read].encode_utf16().collect();
                    let expected = if be_order { be(&units) } else { le(&units) };
                    assert_eq!(&dst[..run.written], &expected[..], "{path:?} {text:?}");
                }
            }
        }
    }
}

#[test]
fn encode_kernel_matches_the_standard_library_on_random_text() {
    // ASCII, two-, three- and four-byte characters, in runs and mixed.
    let alphabet: Vec<char> =
        "a z.\n\u{7F}\u{80}éжי\u{7FF}\u{800}ก€中\u{D7FF}\u{E000}\u{FFFF}😀\u{10000}\u{10FFFF}"
            .chars()
            .collect();
    let mut rng = XorShift(0x0016_0000);
    for _ in 0..3000 {
        let len = rng.below(100);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
            .collect();
        let cuts: Vec<usize> = (0..rng.below(4))
            .map(|_| rng.below(text.len() as u64 + 1) as usize)
            .collect();
        let mut cuts = cuts;
        cuts.sort_unstable();
        check_encode_paths(&text, &cuts, 4 + rng.below(60) as usize);
    }
}

#[test]
fn encode_kernel_stops_at_a_four_byte_character() {
    use crate::codec::simd::{encode_utf16, Kernel};
    let text = "жжжжж中中 a😀 жжжжжжжжжжжжжж";
    let emoji = text.find('😀').unwrap();
    let mut dst = [0u8; 256];
    for path in [Kernel::Ssse3, Kernel::Avx2]
        .into_iter()
        .filter(|p| p.available())
    {
        let run = encode_utf16(path, false, text, &mut dst);
        assert_eq!(run.read, emoji, "{path:?}");
        let units: Vec<u16> = text[..emoji].encode_utf16().collect();
        assert_eq!(&dst[..run.written], &le(&units)[..], "{path:?}");
        assert_eq!(encode_utf16(path, false, &text[emoji..], &mut dst).read, 0);
    }
}

/// An ASCII run of every length up to 48 units, then a unit of each kind
/// (two- and three-byte, a pair, lone surrogates) and ASCII again: the
/// ASCII loop's end at every lane of its 16-unit step, on every fast path
/// (each forced) and in the whole decoder with each kernel forced, in
/// random chunks, against encoding_rs.
#[test]
fn ascii_runs_end_at_every_lane_on_every_path() {
    use crate::codec::test_support::Rng;
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let others: [&[u16]; 7] = [
        &[0x80],
        &[0xE9, 0x62],
        &[0x7FF],
        &[0x20AC],
        &[0xD83D, 0xDE00],
        &[0xDC00],
        &[0xD800, 0x41],
    ];
    for be_order in [false, true] {
        let (paths, oracle) = match be_order {
            true => (fast_paths(true), crate::codec::UTF_16BE),
            false => (fast_paths(false), crate::codec::UTF_16LE),
        };
        for run_len in 0..48 {
            for other in others {
                let mut units: Vec<u16> = (0..run_len).map(|i| 0x20 + i as u16 % 90).collect();
                units.extend_from_slice(other);
                units.extend((0..20).map(|i| 0x61 + i % 26));
                for &(path, f) in &paths {
                    let name = format!("{path:?} {run_len} {other:04X?}");
                    check_fast_path(&name, f, be_order, &units, 120);
                }
                every_kernel_in_chunks(&mut rng, be_order, oracle, &units);
            }
        }
    }
}

/// Every mix of one-, two- and three-byte units in a block of eight (the
/// `pshufb` paths' table of four units' lengths, in both halves), with a
/// surrogate pair or a lone surrogate at every lane of some, on every
/// fast path (each forced); and in the whole decoder with each kernel
/// forced, in random chunks, against encoding_rs.
#[test]
fn every_length_mix_in_a_block_on_every_path() {
    use crate::codec::test_support::Rng;
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    // A unit of `class` (its UTF-8 length minus one), often at a range's
    // edge.
    let unit = |rng: &mut Rng, class: usize| match class {
        0 => rng.below(0x80) as u16,
        1 => [0x80, 0x7FF, 0x80 + rng.below(0x780) as u16][rng.below(3)],
        _ => [
            0x800,
            0xFFFF,
            0xE000 + rng.below(0x2000) as u16,
            0x800 + rng.below(0xD000) as u16,
        ][rng.below(4)],
    };
    for be_order in [false, true] {
        let (paths, oracle) = match be_order {
            true => (fast_paths(true), crate::codec::UTF_16BE),
            false => (fast_paths(false), crate::codec::UTF_16LE),
        };
        for mix in 0..3usize.pow(8) {
            let mut units: Vec<u16> = (0..8)
                .map(|i| unit(&mut rng, mix / 3usize.pow(i) % 3))
                .collect();
            let lane = mix / 4 % 8;
            match mix % 4 {
                1 => units[lane] = 0xDC00 + (mix % 0x400) as u16,
                2 => {
                    units.splice(lane..lane + 1, [0xD800 + (mix % 0x400) as u16, 0xDFFF]);
                }
                3 => units[lane] = 0xDBFF,
                _ => {}
            }
            units.extend((0..12).map(|i| unit(&mut rng, i % 3)));
            for &(path, f) in &paths {
                check_fast_path(&format!("{path:?} {mix}"), f, be_order, &units, 80);
            }
            if mix % 16 != 0 {
                continue;
            }
            every_kernel_in_chunks(&mut rng, be_order, oracle, &units);
        }
    }
}

/// `units` through the whole decoder with each kernel forced, in random
/// chunks into buffers of a random size, against encoding_rs.
fn every_kernel_in_chunks(
    rng: &mut crate::codec::test_support::Rng,
    be_order: bool,
    oracle: &'static crate::codec::Encoding,
    units: &[u16],
) {
    use crate::codec::test_support::{oracle_decode_fatal, split};
    let input = if be_order { be(units) } else { le(units) };
    let expected = oracle_decode_fatal(oracle, &input);
    for path in [Kernel::Scalar, Kernel::Ssse3, Kernel::Avx2] {
        if !path.available() {
            continue;
        }
        let chunks = split(&input, &rng.cuts(input.len()));
        let mut d = Utf16Decoder::new(be_order);
        d.path = path;
        let dst_len = [40, 64, 200][rng.below(3)];
        let decode = |src: &[u8], dst: &mut [u8], last| d.decode(src, dst, last);
        let got = family_events(&chunks, dst_len, decode);
        assert_eq!(got, expected, "{path:?} {units:04X?} {chunks:02X?}");
    }
}
