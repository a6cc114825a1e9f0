use super::*;
use crate::codec::tables::{
    SB_IBM866, SB_ISO_8859_8, SB_WINDOWS_1251, SB_WINDOWS_1252, SB_WINDOWS_874,
};
use crate::codec::test_support::{family_decode, family_encode, pieces};
use crate::codec::RawEncoderResult;

/// Decodes in chunks of `chunk` bytes with a `dst` of `dst_len`; errors
/// show as `[ERR xx]`.
fn decode(t: &'static SingleByteTable, input: &[u8], chunk: usize, dst_len: usize) -> String {
    let mut d = SingleByteDecoder::new(t);
    let chunks = pieces(input, chunk.max(1));
    let decode = |src: &[u8], dst: &mut [u8], last| d.decode(src, dst, last);
    let out = family_decode(&chunks, dst_len, decode, |bytes| {
        assert_eq!(bytes.len(), 1);
        format!("[ERR {:02X}]", bytes[0])
    });
    String::from_utf8(out).unwrap()
}

/// Decodes whole, then in small chunks into small buffers, on every
/// kernel path this CPU has; all must agree.
fn decode_all_ways(t: &'static SingleByteTable, input: &[u8]) -> String {
    let one = decode(t, input, input.len().max(1), 1 << 16);
    for path in [Kernel::Scalar, Kernel::Ssse3, Kernel::Avx2] {
        simd::force_path(Some(path));
        assert_eq!(
            decode(t, input, input.len().max(1), 1 << 16),
            one,
            "{path:?}"
        );
        for chunk in [1, 2, 3, 5, 40] {
            for dst_len in [3, 4, 5, 16, 70] {
                assert_eq!(
                    decode(t, input, chunk, dst_len),
                    one,
                    "{path:?} chunk {chunk} dst {dst_len}"
                );
            }
        }
    }
    simd::force_path(None);
    one
}

fn encode(t: &'static SingleByteTable, s: &str, dst_len: usize) -> Vec<u8> {
    let mut e = SingleByteEncoder::new(t);
    let encode = |src: &str, dst: &mut [u8], last| e.encode(src, dst, last);
    family_encode(s, dst_len, encode, |c| format!("[U+{:04X}]", c as u32))
}

#[test]
fn windows_1252_decodes_c1_bytes_through_its_index() {
    assert_eq!(decode_all_ways(&SB_WINDOWS_1252, b"\x80"), "€");
    assert_eq!(
        decode_all_ways(
            &SB_WINDOWS_1252,
            b"caf\xE9 \x93quoted\x94 \x81\x8D\x8F\x90\x9D"
        ),
        "café “quoted” \u{81}\u{8D}\u{8F}\u{90}\u{9D}"
    );
    assert_eq!(decode_all_ways(&SB_WINDOWS_1252, b"\xFF\xA0"), "ÿ\u{A0}");
}

#[test]
fn unmapped_bytes_are_errors() {
    // windows-874 has no code point for 0xDB..=0xDE; ISO-8859-8 none for 0xA1.
    assert_eq!(
        decode_all_ways(&SB_WINDOWS_874, b"a\xDBb\xDE\xA1"),
        "a[ERR DB]b[ERR DE]\u{E01}"
    );
    assert_eq!(decode_all_ways(&SB_ISO_8859_8, b"\xA1\xE0"), "[ERR A1]א");
}

#[test]
fn errors_anywhere_in_long_input() {
    // windows-874 has no code point for 0xDB; put it at every position of
    // inputs long enough for the word-wise paths, between ASCII and Thai.
    for base in [&[b'a'; 48][..], &[0xA1; 48][..]] {
        for at in 0..base.len() {
            let mut input = base.to_vec();
            input[at] = 0xDB;
            let expected: String = input
                .iter()
                .map(|&b| match b {
                    0xDB => "[ERR DB]".to_string(),
                    0xA1 => "\u{E01}".to_string(),
                    b => (b as char).to_string(),
                })
                .collect();
            assert_eq!(
                decode_all_ways(&SB_WINDOWS_874, &input),
                expected,
                "at {at}"
            );
        }
    }
}

#[test]
fn cyrillic_round_trip() {
    let text = "Съешь же ещё этих мягких французских булок, да выпей чаю. 2024 г.";
    let cp1251 = encode(&SB_WINDOWS_1251, text, 1024);
    assert_eq!(cp1251.len(), text.chars().count());
    assert_eq!(&cp1251[..4], b"\xD1\xFA\xE5\xF8");
    assert_eq!(decode_all_ways(&SB_WINDOWS_1251, &cp1251), text);
    for dst_len in [1, 2, 7] {
        assert_eq!(encode(&SB_WINDOWS_1251, text, dst_len), cp1251);
    }
    let cp866 = encode(&SB_IBM866, text, 1024);
    assert_eq!(decode_all_ways(&SB_IBM866, &cp866), text);
}

#[test]
fn every_byte_round_trips_in_windows_1252() {
    let all: Vec<u8> = (0..=255).collect();
    let text = decode_all_ways(&SB_WINDOWS_1252, &all);
    assert_eq!(text.chars().count(), 256);
    assert_eq!(encode(&SB_WINDOWS_1252, &text, 1024), all);
}

#[test]
fn unmappable_characters() {
    assert_eq!(
        encode(&SB_WINDOWS_1252, "a€b😀cЖ\u{81}", 1024),
        b"a\x80b[U+1F600]c[U+0416]\x81"
    );
    assert_eq!(encode(&SB_WINDOWS_1251, "\u{E9}", 1024), b"[U+00E9]");
    let mut e = SingleByteEncoder::new(&SB_WINDOWS_1252);
    let mut dst = [0u8; 16];
    assert_eq!(
        e.encode("ab😀c", &mut dst, true),
        (RawEncoderResult::Unmappable('😀'), 6, 2)
    );
    assert_eq!(
        e.encode("ab", &mut dst[..1], true),
        (RawEncoderResult::OutputFull, 1, 1)
    );
}

// The encoder's vector kernel (simd/encode.rs), on every path, against
// encoding_rs.

use crate::codec::test_support::{encode_html, Rng};
use crate::codec::Encoding;

fn single_byte_encodings() -> Vec<&'static Encoding> {
    let all: Vec<_> = Encoding::all().filter(|e| e.is_single_byte()).collect();
    assert!(all.len() >= 28, "found only {}", all.len());
    all
}

#[test]
fn single_byte_is_the_standards_group() {
    for e in Encoding::all().chain(Encoding::historical()) {
        let group = e.group() == "Legacy single-byte encodings";
        assert_eq!(e.is_single_byte(), group, "{e}");
    }
}

/// Runs `check` with each kernel path this CPU has forced on this thread.
fn on_every_path(mut check: impl FnMut(Kernel)) {
    for path in [Kernel::Scalar, Kernel::Ssse3, Kernel::Avx2] {
        if path.available() {
            simd::force_path(Some(path));
            check(path);
        }
    }
    simd::force_path(None);
}

/// Html mode whole, and in `cuts` pieces into a buffer of `dst_len`, against
/// encoding_rs.
fn check_against_oracle(enc: &'static Encoding, text: &str, cuts: (&[usize], usize), path: Kernel) {
    check_against(&oracle_html(enc, text), enc, text, cuts, path);
}

/// encoding_rs's html-mode encoding of `text`.
fn oracle_html(enc: &'static Encoding, text: &str) -> Vec<u8> {
    let oracle = encoding_rs::Encoding::for_label(enc.name().as_bytes()).unwrap();
    oracle.encode(text).0.into_owned()
}

/// [`check_against_oracle`] with encoding_rs's answer, `expected`, computed
/// already.
fn check_against(
    expected: &[u8],
    enc: &'static Encoding,
    text: &str,
    (cuts, dst_len): (&[usize], usize),
    path: Kernel,
) {
    let whole = encode_html(enc, &[text], 1 << 12);
    assert_eq!(whole, expected, "{} {path:?} {text:?}", enc.name());
    let mut pieces = Vec::new();
    let mut start = 0;
    for &cut in cuts {
        if cut >= start && text.is_char_boundary(cut) {
            pieces.push(&text[start..cut]);
            start = cut;
        }
    }
    pieces.push(&text[start..]);
    let chunked = encode_html(enc, &pieces, dst_len);
    assert_eq!(
        chunked,
        expected,
        "{} {path:?} {text:?} {cuts:?}",
        enc.name()
    );
}

/// An alphabet for `enc`'s kernel: ASCII, every two-byte character of the
/// kernel's leads (mapped or not), two-byte characters of other leads,
/// three-byte ones (mapped or not) and a four-byte one.
fn kernel_alphabet(enc: &'static Encoding) -> Vec<char> {
    let CodecFamily::SingleByte(t) = enc.family() else {
        unreachable!()
    };
    let leads = encode_side(t).encode.as_ref().map_or([0; 4], |e| e.leads);
    let mut chars: Vec<char> = "ab z.\n0".chars().collect();
    for cp in 0x80..0x800u32 {
        let lead = 0xC0 | (cp >> 6) as u8;
        if leads.contains(&lead) || cp % 61 == 0 {
            chars.push(char::from_u32(cp).unwrap());
        }
    }
    chars.extend("€—“”…\u{E01}\u{3042}😀".chars());
    chars
}

#[test]
fn encode_kernel_matches_encoding_rs_on_random_text() {
    for enc in single_byte_encodings() {
        let alphabet = kernel_alphabet(enc);
        on_every_path(|path| {
            let mut rng = Rng(0x5EED_0000 + enc.name().len() as u64);
            for _ in 0..200 {
                // Mostly ASCII and kernel characters, so blocks run whole.
                let len = rng.below(90);
                let text: String = (0..len)
                    .map(|_| match rng.below(4) {
                        0 => ' ',
                        _ => alphabet[rng.below(alphabet.len())],
                    })
                    .collect();
                let cuts = rng.cuts(text.len());
                check_against_oracle(enc, &text, (&cuts, 13), path);
            }
        });
    }
}

#[test]
fn encode_kernel_every_two_byte_character_at_every_block_offset() {
    // Each two-byte character at each offset in a 16-byte block (a lead at
    // offset 15 ends the block early), among mapped ones.
    for enc in single_byte_encodings() {
        let CodecFamily::SingleByte(t) = enc.family() else {
            unreachable!()
        };
        let leads = encode_side(t)
            .encode
            .as_ref()
            .map_or([0xC3; 4], |e| e.leads);
        let filler = (0x80..0x800u32).filter_map(char::from_u32).find(|&c| {
            leads.contains(&(0xC0 | (c as u32 >> 6) as u8))
                && encode_side(t).bytes.below_800[c as usize] != 0
        });
        let filler = filler.map_or(String::from("xy"), |c| format!("{c}x"));
        on_every_path(|path| {
            for cp in 0x80..0x800u32 {
                let c = char::from_u32(cp).unwrap();
                for offset in [0, 14, 15] {
                    let text = format!("{}{c}{}", "a".repeat(offset), filler.repeat(12));
                    check_against_oracle(enc, &text, (&[], 13), path);
                }
            }
        });
    }
}

/// The encodings whose encoder has a SIMD kernel: on the others every path
/// is the scalar loop, which the corpus round trips (tests/it) cover.
fn encodings_with_a_kernel() -> Vec<&'static Encoding> {
    let with_kernel = |e: &&Encoding| matches!(e.family(), CodecFamily::SingleByte(t) if encode_side(t).encode.is_some());
    single_byte_encodings()
        .into_iter()
        .filter(with_kernel)
        .collect()
}

/// The encodings with a kernel of either kind (two-byte or Thai).
fn encodings_with_any_kernel() -> Vec<&'static Encoding> {
    let with_kernel = |e: &&Encoding| {
        matches!(e.family(), CodecFamily::SingleByte(t)
            if encode_side(t).encode.is_some() || encode_side(t).encode_triples.is_some())
    };
    single_byte_encodings()
        .into_iter()
        .filter(with_kernel)
        .collect()
}

#[test]
#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]
fn encode_kernel_matches_encoding_rs_on_the_corpus() {
    let texts: Vec<String> = std::fs::read_dir(crate::shared_corpus())
        .unwrap()
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
        .collect();
    assert!(texts.len() >= 16, "{} articles", texts.len());
    for enc in encodings_with_any_kernel() {
        for text in &texts {
            // encoding_rs's answer once, for every path.
            let expected = oracle_html(enc, text);
            on_every_path(|path| {
                check_against(&expected, enc, text, (&[text.len() / 3], 1000), path);
            });
        }
    }
}

#[test]
fn encode_kernel_is_for_non_latin_scripts() {
    let with_kernel: Vec<&str> = encodings_with_a_kernel()
        .into_iter()
        .map(|e| e.name())
        .collect();
    for name in [
        "windows-1251",
        "KOI8-R",
        "windows-1253",
        "windows-1255",
        "ISO-8859-8",
    ] {
        assert!(with_kernel.contains(&name), "{name}: {with_kernel:?}");
    }
    assert!(with_kernel.contains(&"windows-1256"), "{with_kernel:?}");
    for name in [
        "windows-1252",
        "windows-1250",
        "windows-1254",
        "windows-874",
    ] {
        assert!(!with_kernel.contains(&name), "{name}");
    }
}

#[test]
fn encode_kernel_takes_cyrillic_and_stops_at_a_dash() {
    let text = "Съешь же ещё этих мягких французских булок — да выпей чаю.";
    let t = encode_side(&SB_WINDOWS_1251);
    let mut dst = [0u8; 256];
    for path in [Kernel::Ssse3, Kernel::Avx2]
        .into_iter()
        .filter(|p| p.available())
    {
        let run = simd::encode_pairs(path, t.encode.as_ref().unwrap(), text, &mut dst);
        let dash = text.find('—').unwrap();
        // Whole blocks up to the one with the dash (a lead at a block's end
        // leaves it for the next).
        assert!(
            run.read > dash - 16 && run.read <= dash,
            "{path:?} {}",
            run.read
        );
        assert_eq!(run.blocked, Some(dash - run.read), "{path:?}");
        let expected = encoding_rs::WINDOWS_1251.encode(&text[..run.read]).0;
        assert_eq!(&dst[..run.written], &expected[..], "{path:?}");
    }
}

/// The Thai decode kernel's tables, built without allocating: only
/// windows-874 has them, and they take exactly its bytes whose code point
/// is the byte + 0xD60 (0xA1..=0xFB but the four it has none for).
#[test]
fn thai_decode_kernel_is_windows_874s_only() {
    let with: Vec<&str> = Encoding::all()
        .filter(|e| matches!(e.family(), CodecFamily::SingleByte(t) if decode_tables(t).triples.is_some()))
        .map(|e| e.name())
        .collect();
    assert_eq!(with, ["windows-874"]);
    let t = decode_tables(&SB_WINDOWS_874).triples.as_ref().unwrap();
    for b in 0x80..=0xFFu8 {
        let cp = u32::from(SB_WINDOWS_874.decode[usize::from(b) - 0x80]);
        assert_eq!(t.covers(b), cp == u32::from(b) + 0xD60, "{b:#04X}");
    }
    assert_eq!((0x80..=0xFF).filter(|&b| t.covers(b)).count(), 87);
}

/// The two-byte decode kernel computes rather than looks up the Latin-1
/// rows (0xA0..=0xFF as U+00A0..=U+00FF) of windows-1252 alone, so the
/// kernel tests on windows-1252 are the ones that take that way.
#[test]
fn latin1_rows_are_windows_1252s_only() {
    let with: Vec<&str> = Encoding::all()
        .filter(
            |e| matches!(e.family(), CodecFamily::SingleByte(t) if decode_tables(t).pairs.latin1()),
        )
        .map(|e| e.name())
        .collect();
    assert_eq!(with, ["windows-1252"]);
}

/// Thai's block, U+0E00..U+0E7F: every code point, mapped or not.
fn thai_block() -> impl Iterator<Item = char> {
    (0xE00..0xE80u32).filter_map(char::from_u32)
}

#[test]
fn thai_kernel_is_windows_874s_only() {
    let with: Vec<&str> = single_byte_encodings()
        .into_iter()
        .filter(|e| matches!(e.family(), CodecFamily::SingleByte(t) if encode_side(t).encode_triples.is_some()))
        .map(|e| e.name())
        .collect();
    assert_eq!(with, ["windows-874"]);
}

#[test]
fn thai_kernel_every_character_at_every_block_offset() {
    // Each code point of the block (and its neighbours of the same lead
    // byte: Devanagari's and Lao's) at each offset of a 16- and a 32-byte
    // block (AVX2 takes 32 with 64 bytes of room), between runs of mapped
    // Thai, whole and cut at each byte.
    let enc = Encoding::for_label(b"windows-874").unwrap();
    let others = (0xE00 - 0x80..0xE00 + 0x100u32).filter_map(char::from_u32);
    on_every_path(|path| {
        for c in others.clone() {
            for offset in 0..34 {
                let text = format!("{}{c}{}", "a".repeat(offset), "กข ".repeat(8));
                let cuts = [offset, offset + 1, offset + 2, offset + 4];
                check_against_oracle(enc, &text, (&cuts, 40 + offset % 2 * 40), path);
                // After Thai: a lead at any offset, and the block's end
                // falling inside the character.
                let text = format!("{}{c}ค{}", "ก".repeat(offset / 3), "a".repeat(offset % 3));
                check_against_oracle(enc, &text.repeat(4), (&[], 96), path);
            }
        }
    });
}

#[test]
fn thai_kernel_matches_encoding_rs_on_random_text() {
    // Mostly Thai (mapped or not), with ASCII and characters that stop the
    // kernel: other three-byte ones of lead 0xE0, signs, two- and four-byte.
    let enc = Encoding::for_label(b"windows-874").unwrap();
    let mut alphabet: Vec<char> = thai_block().collect();
    alphabet.extend(thai_block().step_by(3));
    alphabet.extend("ab z.\n0   ".chars());
    alphabet.extend("\u{900}\u{E80}\u{EBF}€—“”…é\u{3042}😀".chars());
    on_every_path(|path| {
        let mut rng = Rng(0x7A1_0000);
        for _ in 0..2000 {
            let len = rng.below(120);
            let text: String = rng.pick(&alphabet, len).into_iter().collect();
            let cuts = rng.cuts(text.len());
            check_against_oracle(enc, &text, (&cuts, 1 + rng.below(100)), path);
        }
    });
}

#[test]
fn thai_kernel_writes_the_block_up_to_a_dash_and_stops_there() {
    let text = "ภาษาไทยเป็นภาษาราชการ — ของประเทศไทย";
    let t = encode_side(&SB_WINDOWS_874)
        .encode_triples
        .as_ref()
        .unwrap();
    let mut dst = [0u8; 256];
    for path in [Kernel::Ssse3, Kernel::Avx2]
        .into_iter()
        .filter(|p| p.available())
    {
        let run = simd::encode_triples(path, t, text, &mut dst);
        let dash = text.find('—').unwrap();
        assert_eq!((run.read, run.blocked), (dash, Some(0)), "{path:?}");
        let expected = encoding_rs::WINDOWS_874.encode(&text[..dash]).0;
        assert_eq!(&dst[..run.written], &expected[..], "{path:?}");
    }
}

// The scalar loop's blocks of ASCII and two-byte characters
// (`blocks_and_pairs`), against encoding_rs.

/// Every two-byte character `enc` maps, and every 37th it does not.
fn two_byte_alphabet(enc: &'static Encoding) -> Vec<char> {
    let CodecFamily::SingleByte(t) = enc.family() else {
        unreachable!()
    };
    let below_800 = &encode_side(t).bytes.below_800;
    (0x80..0x800u32)
        .filter(|&cp| below_800[cp as usize] != 0 || cp % 37 == 0)
        .filter_map(char::from_u32)
        .collect()
}

#[test]
fn block_loop_takes_every_two_byte_character_at_every_block_offset() {
    // Each character after an ASCII run of each length across a block and a
    // half, then a run of mapped ones crossing the block's end, a
    // three-byte one, and ASCII: whole, and into a buffer a block wide.
    for enc in single_byte_encodings() {
        let alphabet = two_byte_alphabet(enc);
        let CodecFamily::SingleByte(t) = enc.family() else {
            unreachable!()
        };
        let mapped: Vec<char> = (alphabet.iter().copied())
            .filter(|&c| encode_side(t).bytes.below_800[c as usize] != 0)
            .collect();
        let run: String = mapped.iter().cycle().take(20).collect();
        for (i, &c) in alphabet.iter().enumerate() {
            let offset = i * 7 % 50;
            let text = format!("{}{c}{run}x€y{}", "a".repeat(offset), "b".repeat(40));
            // (The block loop wants two blocks of room: 70 bytes take it
            // for a block, 33 never.)
            for dst_len in [33, 70] {
                check_against_oracle(enc, &text, (&[], dst_len), Kernel::Scalar);
            }
        }
    }
}

#[test]
fn block_loop_matches_encoding_rs_on_random_latin_text() {
    // Runs of ASCII of every length between two-byte characters (mapped or
    // not), three- and four-byte ones, cut anywhere, into buffers of every
    // size around two blocks; on every path (the kernels hand over to the
    // loop in the other scripts).
    for enc in single_byte_encodings() {
        let mut alphabet = two_byte_alphabet(enc);
        alphabet.extend("€—“\u{E01}\u{3042}😀".chars());
        on_every_path(|path| {
            let mut rng = Rng(0xB10C_0000 + enc.name().len() as u64);
            for _ in 0..40 {
                let mut text = String::new();
                while text.len() < 200 {
                    text.extend(std::iter::repeat_n('e', rng.below(40)));
                    let n = 1 + rng.below(3);
                    text.extend(rng.pick(&alphabet, n));
                }
                let cuts = rng.cuts(text.len());
                check_against_oracle(enc, &text, (&cuts, 20 + rng.below(80)), path);
            }
        });
    }
}
