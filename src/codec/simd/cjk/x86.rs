//! The AVX2 CJK decoding kernel (see the parent module).

use super::{pair_leads, PairShape, Run};
use crate::codec::simd::single::x86::store_pairs32;
use crate::codec::simd::x86::block32;
use std::arch::asm;
use std::arch::x86_64::*;

/// A block's odd places.
const ODD: u32 = 0xAAAA_AAAA;

/// Per 4 UTF-8 words (4 bytes each): the shuffle that packs the first two
/// bytes of each and the third of those a mask marks (three-byte words);
/// the packed length (8 plus the marks) in its last byte, whose output is
/// never kept ([`pack_rows`]).
static WORD_PACK: [[u8; 16]; 16] = {
    let mut t = [[0x80u8; 16]; 16];
    let mut m = 0;
    while m < 16 {
        let (mut word, mut o) = (0, 0);
        while word < 4 {
            let mut k = 0;
            while k < 2 + (m >> word & 1) {
                t[m][o] = (4 * word + k) as u8;
                (o, k) = (o + 1, k + 1);
            }
            word += 1;
        }
        t[m][15] = o as u8;
        m += 1;
    }
    t
};

/// Per 4 lanes of a block with leads at both parities (8 bytes), each lane
/// a 32-bit slot: `(w0, w1, w2, lo)` for a lane with a lead (its pair's
/// three-byte word, then the lane's low byte), `(lo, hi, 0, 0)` for one
/// without. Index: bits 1..9 the leads of the 8 bytes, bit 0 whether the
/// byte before them is a lead (so the first byte a trail). The shuffle
/// writes each lane's characters in order: a lead's word, preceded by
/// the low byte when the lead is the high byte and the low byte is ASCII;
/// in a lane without a lead, the bytes that are not trails. The packed
/// length in the last byte, as in [`WORD_PACK`].
static SLOT_PACK: [[u8; 16]; 512] = {
    let mut t = [[0x80u8; 16]; 512];
    let mut m = 0;
    while m < 512 {
        let (mut lane, mut o) = (0, 0);
        while lane < 4 {
            let trail_lo = m >> (2 * lane) & 1 == 1;
            let lead_lo = m >> (2 * lane + 1) & 1 == 1;
            let lead_hi = m >> (2 * lane + 2) & 1 == 1;
            let slot = 4 * lane as u8;
            let bytes: &[u8] = match (lead_lo || lead_hi, trail_lo) {
                (true, false) if lead_hi => &[3, 0, 1, 2],
                (true, _) => &[0, 1, 2],
                (false, true) => &[1],
                (false, false) => &[0, 1],
            };
            let mut k = 0;
            while k < bytes.len() && o < 15 {
                t[m][o] = slot + bytes[k];
                (o, k) = (o + 1, k + 1);
            }
            lane += 1;
        }
        // At most 13 bytes where no two leads are next to each other (as
        // `pair_leads` makes them).
        t[m][15] = o as u8;
        m += 1;
    }
    t
};

/// The four 128-bit quarters of `a` and `b` packed in order at `out`,
/// quarter k by the shuffle row of `rows` at byte offset `at[k]` (the
/// callers compute row * 16 in one step with the row), keeping as many
/// bytes as the row's last byte says: the bytes written. (The length is
/// read from memory, not from the shuffle's register, where LLVM would
/// take it by a `vpextrb`, two micro-ops.)
///
/// # Safety
/// The CPU must support AVX2; each `at[k]` is a multiple of 16 inside
/// `rows`; `out` has room for the last quarter's 16 bytes after the
/// others' lengths.
#[inline(always)]
unsafe fn pack_rows(
    [a, b]: [__m256i; 2],
    rows: &[[u8; 16]],
    at: [usize; 4],
    out: *mut u8,
) -> usize {
    let quarters = [
        _mm256_castsi256_si128(a),
        _mm256_extracti128_si256::<1>(a),
        _mm256_castsi256_si128(b),
        _mm256_extracti128_si256::<1>(b),
    ];
    let mut n = 0;
    for (quarter, at) in quarters.into_iter().zip(at) {
        // SAFETY: the caller's.
        unsafe {
            let shuffle = rows.as_ptr().cast::<u8>().add(at);
            let packed = _mm_shuffle_epi8(quarter, _mm_loadu_si128(shuffle.cast()));
            _mm_storeu_si128(out.add(n).cast(), packed);
            n += usize::from(std::ptr::read_volatile(shuffle.add(15)));
        }
    }
    n
}

/// The AVX2 kernel: 32 bytes per block (33 when the last is a lead), 64
/// bytes of room.
///
/// # Safety
/// The CPU must support AVX2 and BMI1 ([`Kernel::Avx2`](super::Kernel)).
#[target_feature(enable = "avx2,bmi1")]
pub(super) unsafe fn blocks(t: &PairShape, src: &[u8], dst: &mut [u8]) -> Run {
    let (mut r, mut w, mut blocked) = (0, 0, None);
    if t.words.is_empty() {
        return Run::NONE;
    }
    let direct = t.direct().as_ptr().cast::<i32>();
    // SAFETY: each block reads src[r..r + 33] and writes at most
    // dst[w..w + 55] (`slots`' 55, `store_pairs32`'s 48 + 4, `aligned`'s
    // 1 + 52), both checked by the loop; every index looked up is 15 bits,
    // inside `direct` (128 * 256 entries); the pack rows' offsets are
    // their tables' rows (9 and 4 bits) times 16.
    unsafe {
        let rows = |p: &[u8; 16]| _mm256_broadcastsi128_si256(_mm_loadu_si128(p.as_ptr().cast()));
        // Per 4 words: their first, second, third and last bytes.
        let planes = rows(&[0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15]);
        // Byte k of a mask to bytes 8k..8k + 8.
        let spread = _mm256_setr_epi8(
            0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3,
            3, 3, 3,
        );
        let bits = _mm256_set1_epi64x(0x8040_2010_0804_0201u64 as i64);
        let zero = _mm256_setzero_si256();
        // Each lane (lead, trail) as its index in `direct`: the bytes
        // swapped, the lead's top bit dropped. (A lane without a lead
        // gives an index too, whose word is never used.)
        let swap = rows(&[1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14]);
        let index_of = |pair: __m256i| {
            _mm256_and_si256(_mm256_shuffle_epi8(pair, swap), _mm256_set1_epi16(0x7FFF))
        };
        // Each byte one place on (the first becomes 0).
        let one_on =
            |x: __m256i| _mm256_alignr_epi8::<15>(x, _mm256_permute2x128_si256::<0x08>(x, x));
        // The entries of `direct` at 8 16-bit indices, by 8 scalar loads:
        // on AMD Zen 3 a `vpgatherdd` is microcode and costs more than its
        // loads (bench/RESULTS.md, session 12: +7-15% on CJK text).
        let look_up8 = |indices: __m128i| {
            let (mut low, mut high) = (
                _mm_cvtsi128_si64(indices) as u64,
                _mm_extract_epi64::<1>(indices) as u64,
            );
            // The indices leave the vector as two 64-bit moves and are
            // split in GPRs (`bextr`, one instruction each): the empty
            // `asm!` hides the moves' origin, else LLVM folds the
            // splitting back into one `vpextrw` per index (two micro-ops
            // each, ~5% slower).
            asm!("/* {0} {1} */", inout(reg) low, inout(reg) high, options(pure, nomem, nostack));
            let entry = |four: u64, k: u32| {
                let index = match k {
                    0 => four & 0xFFFF,
                    3 => four >> 48,
                    _ => _bextr_u64(four, 16 * k, 16),
                };
                *direct.add(index as usize)
            };
            _mm256_setr_epi32(
                entry(low, 0),
                entry(low, 1),
                entry(low, 2),
                entry(low, 3),
                entry(high, 0),
                entry(high, 1),
                entry(high, 2),
                entry(high, 3),
            )
        };
        // Whether every entry of `off` (entries of `direct`, or 0 for one
        // not checked) is a three-byte word's (top byte 0).
        let all_three = |off: __m256i| _mm256_testz_si256(off, _mm256_set1_epi32(0xFF << 24)) == 1;
        // A block with leads at both parities (Korean text: a space every
        // 3-4 syllables), `entries` its lanes' entries in `direct`: when
        // each pair's word is three bytes, packed from one 32-bit slot per
        // lane ([`SLOT_PACK`], 4 lanes per shuffle and store), with no
        // byte planes; else `None` (nothing taken).
        // Writes at most 55 bytes at `out` (three groups of 4 lanes of at
        // most 13 bytes, a lane with a lead at its high byte being
        // followed by one whose low byte is a trail, then 16).
        let slots =
            |v: __m256i, is_lead: __m256i, entries: [__m256i; 2], leads: u32, out: *mut u8| {
                let no_lead = _mm256_cmpeq_epi16(is_lead, zero);
                let [(s0, off0), (s1, off1)] = [
                    (
                        _mm256_castsi256_si128(v),
                        _mm256_castsi256_si128(no_lead),
                        entries[0],
                    ),
                    (
                        _mm256_extracti128_si256::<1>(v),
                        _mm256_extracti128_si256::<1>(no_lead),
                        entries[1],
                    ),
                ]
                .map(|(lanes, no_lead, entries)| {
                    let (lanes, no_lead) =
                        (_mm256_cvtepu16_epi32(lanes), _mm256_cvtepi16_epi32(no_lead));
                    // A three-byte word's entry has its top byte 0, free
                    // for the low byte; a lane with a lead whose word is
                    // not three bytes keeps a bit there (`off`).
                    let with_lo = _mm256_or_si256(entries, _mm256_slli_epi32::<24>(lanes));
                    (
                        _mm256_blendv_epi8(with_lo, lanes, no_lead),
                        _mm256_andnot_si256(no_lead, entries),
                    )
                });
                if !all_three(_mm256_or_si256(off0, off1)) {
                    return None;
                }
                // Bit 8k + 4 of `places` is whether byte 8k - 1 is a lead:
                // quarter k's row of `SLOT_PACK` (bits 8k + 4..8k + 13)
                // times 16.
                let places = u64::from(leads) << 5;
                let at = std::array::from_fn(|k| (places >> (8 * k) & 0x1FF0) as usize);
                Some(pack_rows([s0, s1], &SLOT_PACK, at, out))
            };
        // 32 bytes `v` whose leads (`leads`) are all at even places, so
        // every 16-bit lane is a pair or two ASCII bytes (most blocks of
        // text), packed from their lanes: each lane's word (looked up for
        // a pair, the lane itself for two ASCII bytes), two or three
        // bytes of each kept. Writes at most 52 bytes at `out`; `None`
        // (nothing taken) at a pair the kernel cannot take, which the
        // general path below then finds.
        //
        // The packing and the length are speculated from `leads` alone
        // (every pair three bytes, CJK), not read from the looked-up
        // words: the next block's stores then wait for this block's
        // leads, not for its loads. A pair of two bytes (Greek,
        // Cyrillic, `·`: about one aligned block in a hundred of ja/zh
        // text) fails the check and takes the general path.
        //
        // A macro, not a closure: the loop has two call sites (even and
        // odd blocks), and a closure this size is not inlined (its
        // captures then go through memory, ~25% more instructions).
        macro_rules! aligned {
            ($v:expr, $leads:expr, $out:expr) => {
                'aligned: {
                    let (v, leads, out): (__m256i, u32, *mut u8) = ($v, $leads, $out);
                    let at = index_of(v);
                    if leads == 0x5555_5555 {
                        // Sixteen pairs (most blocks of Japanese and
                        // Chinese text): every lane is looked up and must
                        // be three bytes, so no ASCII words, lane masks or
                        // blends, one check of all 16 words, and one
                        // shuffle packs each 4 words (12 bytes).
                        let [w0, w1] = [
                            _mm256_castsi256_si128(at),
                            _mm256_extracti128_si256::<1>(at),
                        ]
                        .map(&look_up8);
                        let off = _mm256_or_si256(w0, w1);
                        if !all_three(off) {
                            break 'aligned None;
                        }
                        let shuffle = rows(&WORD_PACK[15]);
                        for (k, words) in [w0, w1].into_iter().enumerate() {
                            let packed = _mm256_shuffle_epi8(words, shuffle);
                            let at = out.add(24 * k);
                            _mm_storeu_si128(at.cast(), _mm256_castsi256_si128(packed));
                            _mm_storeu_si128(
                                at.add(12).cast(),
                                _mm256_extracti128_si256::<1>(packed),
                            );
                        }
                        break 'aligned Some(48);
                    }
                    // The lanes whose low byte (so the lane) is a lead.
                    let is_pair = _mm256_cmpgt_epi16(zero, _mm256_slli_epi16::<8>(v));
                    let [(w0, off0), (w1, off1)] = [
                        (
                            _mm256_castsi256_si128(v),
                            _mm256_castsi256_si128(is_pair),
                            0x0000_FFFF,
                            _mm256_castsi256_si128(at),
                        ),
                        (
                            _mm256_extracti128_si256::<1>(v),
                            _mm256_extracti128_si256::<1>(is_pair),
                            0xFFFF_0000,
                            _mm256_extracti128_si256::<1>(at),
                        ),
                    ]
                    .map(|(lanes, pairs, half, at)| {
                        // An ASCII lane as a word of its two bytes.
                        let ascii = _mm256_cvtepu16_epi32(lanes);
                        match leads & half {
                            0 => (ascii, zero),
                            _ => {
                                // Only the pairs' entries are checked.
                                let pairs = _mm256_cvtepi16_epi32(pairs);
                                let found = look_up8(at);
                                let off = _mm256_and_si256(found, pairs);
                                (_mm256_blendv_epi8(ascii, found, pairs), off)
                            }
                        }
                    });
                    if !all_three(_mm256_or_si256(off0, off1)) {
                        break 'aligned None;
                    }
                    // The pair lanes, 4 bits per quarter (the even bits of
                    // `leads` gathered, a quarter's 4 in each byte).
                    let lanes = leads & 0x5555_5555;
                    let lanes = (lanes | lanes >> 1) & 0x3333_3333;
                    let lanes = (lanes | lanes >> 2) & 0x0F0F_0F0F;
                    let at = std::array::from_fn(|k| (lanes << 4 >> (8 * k) & 0xF0) as usize);
                    Some(pack_rows([w0, w1], &WORD_PACK, at, out))
                }
            };
        }
        while r + 33 <= src.len() && w + 64 <= dst.len() {
            let Some((v, high)) = block32(src, dst, (&mut r, &mut w)) else {
                continue;
            };
            // `next[i]` is the byte after `v[i]`: a lead's trail.
            let next = _mm256_loadu_si256(src.as_ptr().add(r + 1).cast());
            let leads = pair_leads(high);
            let to = dst.as_mut_ptr().add(w);
            if leads & ODD == 0 {
                if let Some(n) = aligned!(v, leads, to) {
                    r += 32;
                    w += n;
                    continue;
                }
            } else if leads & !ODD == 0 {
                // Leads at odd places only: byte 0 is ASCII, and the
                // lanes of `next` (bytes 1..33) are aligned. Its last
                // lane holds byte 32: a lead's trail, or ASCII (taken),
                // or a lead of the next block (its byte dropped).
                if let Some(n) = aligned!(next, leads >> 1, to.add(1)) {
                    *to = *src.get_unchecked(r);
                    let whole = leads >> 31 == 1 || *src.get_unchecked(r + 32) < 0x80;
                    r += 32 + usize::from(whole);
                    w += n + usize::from(whole);
                    continue;
                }
            }
            // One index per 16-bit lane `k` (bytes 2k, 2k + 1): leads
            // are never next to each other, so a lane holds at most one,
            // at 2k (its low byte) or 2k + 1 (its high byte).
            let is_lead = {
                let m = _mm256_shuffle_epi8(_mm256_set1_epi32(leads as i32), spread);
                _mm256_cmpeq_epi8(_mm256_and_si256(m, bits), bits)
            };
            // The lane as (lead, trail): `v`'s lane for a lead at 2k,
            // `next`'s (bytes 2k + 1, 2k + 2) for one at 2k + 1.
            let odd = _mm256_srai_epi16::<8>(is_lead);
            let at = index_of(_mm256_blendv_epi8(v, next, odd));
            // Lanes 0..8 (bytes 0..16) and 8..16 (16..32), eight loads
            // each, a lane without a lead loading an entry it never uses.
            // (Skipping a half with no lead, as markup has, cost Korean
            // text 9% of its instructions and saved a page no time.)
            let [g0, g1] = [
                _mm256_castsi256_si128(at),
                _mm256_extracti128_si256::<1>(at),
            ]
            .map(&look_up8);
            if let Some(n) = slots(v, is_lead, [g0, g1], leads, dst.as_mut_ptr().add(w)) {
                r += 32 + (leads >> 31) as usize;
                w += n;
                continue;
            }
            // A pair of two bytes, or a lead the kernel cannot take: the
            // words as byte planes, per 128-bit lane.
            let [g0, g1] = [g0, g1].map(|g| _mm256_shuffle_epi8(g, planes));
            // Lanes 0..4 and 8..12, 4..8 and 12..16; then each plane's
            // 8 bytes per 128-bit lane in lane order.
            let x = _mm256_permute2x128_si256::<0x20>(g0, g1);
            let y = _mm256_permute2x128_si256::<0x31>(g0, g1);
            let (p01, p23) = (_mm256_unpacklo_epi32(x, y), _mm256_unpackhi_epi32(x, y));
            // The words' bytes at both bytes of their lane (so at the
            // lead's): first, second, third, length.
            let first = _mm256_unpacklo_epi8(p01, p01);
            let second = _mm256_unpackhi_epi8(p01, p01);
            let third = _mm256_unpacklo_epi8(p23, p23);
            // The length `^ 3`: 0 for three bytes, 1 for two, 3 for a
            // pair the kernel cannot take.
            let length = _mm256_unpackhi_epi8(p23, p23);
            let is_three = _mm256_cmpeq_epi8(length, zero);
            let three = _mm256_movemask_epi8(is_three) as u32;
            let two = _mm256_movemask_epi8(_mm256_cmpeq_epi8(length, _mm256_set1_epi8(1))) as u32;
            // Leads the kernel cannot take: the block is decoded up to
            // the first of them (whole characters before it), which the
            // scalar loop then takes.
            let bad = leads & !(three | two);
            // A pair's last byte: the third of three, the second of two
            // (Cyrillic, Greek, `·` and `°` in the CJK indexes).
            let last_byte = _mm256_blendv_epi8(second, third, is_three);
            // Other bytes are ASCII, themselves; a trail (ASCII or not)
            // writes its pair's last byte, a lead its first, and its
            // second when the pair is three bytes.
            let with_lasts = _mm256_blendv_epi8(v, one_on(last_byte), one_on(is_lead));
            let out = _mm256_blendv_epi8(with_lasts, first, is_lead);
            let n = store_pairs32(out, second, leads & three, dst.as_mut_ptr().add(w));
            if bad != 0 {
                let at = bad.trailing_zeros();
                let before = (1u32 << at) - 1;
                r += at as usize;
                w += (at + (leads & three & before).count_ones()) as usize;
                blocked = Some(0);
                break;
            }
            // A lead in the last byte: its trail is the next block's
            // first byte, read here, and its last byte goes last.
            *dst.as_mut_ptr().add(w + n) = _mm256_extract_epi8::<31>(last_byte) as u8;
            let tail = (leads >> 31) as usize;
            r += 32 + tail;
            w += n + tail;
        }
    }
    Run::at(r, w, blocked)
}
