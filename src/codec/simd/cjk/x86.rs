//! The AVX2 CJK decoding kernel (see the parent module).

use super::{pair_leads, PairShape, Run};
use crate::codec::simd::single::x86::store_pairs32;
use crate::codec::simd::x86::block32;
use std::arch::asm;
use std::arch::x86_64::*;

/// A block's odd places.
const ODD: u32 = 0xAAAA_AAAA;

/// Per 4 UTF-8 words (4 bytes each, the length on top): the shuffle that
/// packs the first two bytes of each and the third of those a mask marks
/// (three-byte words); the packed length is 8 plus the marks.
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
/// in a lane without a lead, the bytes that are not trails.
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
            while k < bytes.len() {
                t[m][o] = slot + bytes[k];
                (o, k) = (o + 1, k + 1);
            }
            lane += 1;
        }
        m += 1;
    }
    t
};

/// [`SLOT_PACK`]'s packed lengths.
static SLOT_PACK_LEN: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        while (t[m] as usize) < 16 && SLOT_PACK[m][t[m] as usize] != 0x80 {
            t[m] += 1;
        }
        m += 1;
    }
    t
};

/// [`WORD_PACK`]'s packed lengths.
static WORD_PACK_LEN: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut m = 0;
    while m < 16 {
        t[m] = 8 + (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// The AVX2 kernel: 32 bytes per block (33 when the last is a lead), 64
/// bytes of room.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn blocks(t: &PairShape, src: &[u8], dst: &mut [u8]) -> Run {
    let (mut r, mut w, mut blocked) = (0, 0, None);
    if t.words.is_empty() {
        return Run::NONE;
    }
    // SAFETY: each block reads src[r..r + 33] and writes at most
    // dst[w..w + 55] (`slots`' 55, `store_pairs32`'s 48 + 4, `aligned`'s
    // 1 + 52), both checked by the loop; the nibble tables are 16 bytes
    // (the pack tables' rows too); every pointer looked up is
    // clamped to the last entry of `t.words` (`last`), or (in `aligned`)
    // is a pair's whose lead and trail are both in their sets, so in the
    // table, or 0 (an ASCII lane).
    unsafe {
        let splat = |b: u8| _mm256_set1_epi8(b as i8);
        let rows = |p: &[u8; 16]| _mm256_broadcastsi128_si256(_mm_loadu_si128(p.as_ptr().cast()));
        // A lane's lead (low byte) and trail (high byte) are classified
        // together: the lead's classes in bits 0..4 of the nibble
        // tables, the trail's in bits 4..8 (classes are < 4, so the
        // 16-bit shift stays within bytes), and per byte its own set's
        // gap.
        let (l, tr) = (&t.leads, &t.trails);
        let both = |lead: &[u8; 16], trail: &[u8; 16]| {
            _mm256_or_si256(rows(lead), _mm256_slli_epi16::<4>(rows(trail)))
        };
        let (hi, lo) = (both(&l.hi, &tr.hi), both(&l.lo, &tr.lo));
        let pair16 = |lead: u8, trail: u8| _mm256_set1_epi16(i16::from_le_bytes([lead, trail]));
        let own = pair16(0x0F, 0xF0);
        let over = pair16(l.gap_after ^ 0x80, tr.gap_after ^ 0x80);
        let gap = pair16(l.gap, tr.gap);
        // Per 4 words: their first, second, third and last bytes.
        let planes = rows(&[0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15]);
        // Byte k of a mask to bytes 8k..8k + 8.
        let spread = _mm256_setr_epi8(
            0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3,
            3, 3, 3,
        );
        let bits = _mm256_set1_epi64x(0x8040_2010_0804_0201u64 as i64);
        let (zero, low4) = (_mm256_setzero_si256(), splat(0x0F));
        let row = _mm256_set1_epi16(t.row as i16);
        let bias = _mm256_set1_epi16(t.bias as i16);
        // The last entry a 16-bit pointer can reach.
        let last = _mm256_set1_epi16((t.words.len().min(1 << 16) - 1) as u16 as i16);
        let words = t.words.as_ptr().cast::<i32>();
        // Which lanes of `v` (lead, trail) have both bytes in their
        // sets (both bits of the lane's), and `v` with the gap between
        // each set's ranges closed.
        let classify = |v: __m256i| {
            let lo_class = _mm256_shuffle_epi8(lo, _mm256_and_si256(v, low4));
            let high_nibble = _mm256_and_si256(_mm256_srli_epi16::<4>(v), low4);
            let hit = _mm256_and_si256(lo_class, _mm256_shuffle_epi8(hi, high_nibble));
            let miss = _mm256_cmpeq_epi8(_mm256_and_si256(hit, own), zero);
            let member = _mm256_movemask_epi8(_mm256_cmpeq_epi16(miss, zero)) as u32;
            let above = _mm256_cmpgt_epi8(_mm256_xor_si256(v, splat(0x80)), over);
            (member, _mm256_sub_epi8(v, _mm256_and_si256(above, gap)))
        };
        // Each byte one place on (the first becomes 0).
        let one_on =
            |x: __m256i| _mm256_alignr_epi8::<15>(x, _mm256_permute2x128_si256::<0x08>(x, x));
        // The words at 8 16-bit pointers, by 8 scalar loads: on AMD Zen 3
        // a `vpgatherdd` is microcode and costs more than its loads
        // (bench/RESULTS.md, session 12: +7-15% on CJK text).
        let look_up8 = |pointers: __m128i| {
            let (mut low, mut high) = (
                _mm_cvtsi128_si64(pointers) as u64,
                _mm_extract_epi64::<1>(pointers) as u64,
            );
            // The pointers leave the vector as two 64-bit moves and are
            // split by shifts: the empty `asm!` hides the moves' origin,
            // else LLVM folds the shifts back into one `vpextrw` per
            // pointer (two micro-ops each, ~5% slower).
            asm!("/* {0} {1} */", inout(reg) low, inout(reg) high, options(pure, nomem, nostack));
            let word = |four: u64, k: u32| *words.add(usize::from((four >> (16 * k)) as u16));
            _mm256_setr_epi32(
                word(low, 0),
                word(low, 1),
                word(low, 2),
                word(low, 3),
                word(high, 0),
                word(high, 1),
                word(high, 2),
                word(high, 3),
            )
        };
        // Each lane's pointer, from its (lead, trail) with the gaps
        // closed.
        let pointers_of = |pair: __m256i| {
            let lead = _mm256_and_si256(pair, _mm256_set1_epi16(0xFF));
            let trail = _mm256_srli_epi16::<8>(pair);
            _mm256_sub_epi16(_mm256_add_epi16(_mm256_mullo_epi16(lead, row), trail), bias)
        };
        let (two32, three32) = (_mm256_set1_epi32(2 << 24), _mm256_set1_epi32(3 << 24));
        // Whether every word of `off` (words `^ three32`, or 0 for a word
        // not checked) has length (top byte) 3.
        let all_three = |off: __m256i| _mm256_testz_si256(off, _mm256_set1_epi32(0xFF << 24)) == 1;
        // The four 128-bit quarters of `a` and `b` packed in order at
        // `out`, quarter k by the shuffle `rows[row[k]]`, keeping
        // `lens[row[k]]` bytes of it: the bytes written.
        let pack_quarters = |[a, b]: [__m256i; 2],
                             (rows, lens): (&[[u8; 16]], &[u8]),
                             row: [usize; 4],
                             out: *mut u8| {
            let quarters = [
                _mm256_castsi256_si128(a),
                _mm256_extracti128_si256::<1>(a),
                _mm256_castsi256_si128(b),
                _mm256_extracti128_si256::<1>(b),
            ];
            let mut n = 0;
            for (quarter, m) in quarters.into_iter().zip(row) {
                let shuffle = _mm_loadu_si128(rows[m].as_ptr().cast());
                _mm_storeu_si128(out.add(n).cast(), _mm_shuffle_epi8(quarter, shuffle));
                n += usize::from(lens[m]);
            }
            n
        };
        // A block with leads at both parities (Korean text: a space every
        // 3-4 syllables), its pairs all valid (`pair_ok`) and `words` its
        // lanes' words: when each pair's word is three bytes, packed from
        // one 32-bit slot per lane ([`SLOT_PACK`], 4 lanes per shuffle and
        // store), with no byte planes; else `None` (nothing taken).
        // Writes at most 55 bytes at `out` (three groups of 4 lanes of at
        // most 13 bytes, a lane with a lead at its high byte being
        // followed by one whose low byte is a trail, then 16).
        let slots =
            |v: __m256i, is_lead: __m256i, words: [__m256i; 2], leads: u32, out: *mut u8| {
                let no_lead = _mm256_cmpeq_epi16(is_lead, zero);
                let [(s0, off0), (s1, off1)] = [
                    (
                        _mm256_castsi256_si128(v),
                        _mm256_castsi256_si128(no_lead),
                        words[0],
                    ),
                    (
                        _mm256_extracti128_si256::<1>(v),
                        _mm256_extracti128_si256::<1>(no_lead),
                        words[1],
                    ),
                ]
                .map(|(lanes, no_lead, words)| {
                    let (lanes, no_lead) =
                        (_mm256_cvtepu16_epi32(lanes), _mm256_cvtepi16_epi32(no_lead));
                    // A three-byte word's length byte cleared, to hold the
                    // low byte; a lane with a lead whose word is not three
                    // bytes keeps a bit there (`off`).
                    let cleared = _mm256_xor_si256(words, three32);
                    let with_lo = _mm256_or_si256(cleared, _mm256_slli_epi32::<24>(lanes));
                    (
                        _mm256_blendv_epi8(with_lo, lanes, no_lead),
                        _mm256_andnot_si256(no_lead, cleared),
                    )
                });
                if !all_three(_mm256_or_si256(off0, off1)) {
                    return None;
                }
                // Bit 8k of `places` is whether byte 8k - 1 is a lead.
                let places = u64::from(leads) << 1;
                let row = std::array::from_fn(|k| (places >> (8 * k) & 0x1FF) as usize);
                let tables = (&SLOT_PACK[..], &SLOT_PACK_LEN[..]);
                Some(pack_quarters([s0, s1], tables, row, out))
            };
        // 32 bytes `v` whose leads (`leads`) are all at even places, so
        // every 16-bit lane is a pair or two ASCII bytes (most blocks of
        // text), packed from their lanes: each lane's word (looked up for
        // a pair, the lane itself with length 2 for ASCII), two or three
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
                    let (pair_ok, pair) = classify(v);
                    if leads == 0x5555_5555 {
                        // Sixteen pairs (most blocks of Japanese and
                        // Chinese text): every lane is looked up and must
                        // be three bytes, so no ASCII words, lane masks or
                        // blends, one check of all 16 words, and one
                        // shuffle packs each 4 words (12 bytes).
                        if pair_ok != u32::MAX {
                            break 'aligned None;
                        }
                        let pointers = pointers_of(pair);
                        let [w0, w1] = [
                            _mm256_castsi256_si128(pointers),
                            _mm256_extracti128_si256::<1>(pointers),
                        ]
                        .map(|at| look_up8(at));
                        let off = _mm256_or_si256(
                            _mm256_xor_si256(w0, three32),
                            _mm256_xor_si256(w1, three32),
                        );
                        if !all_three(off) {
                            break 'aligned None;
                        }
                        let shuffle = _mm256_broadcastsi128_si256(_mm_loadu_si128(
                            WORD_PACK[15].as_ptr().cast(),
                        ));
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
                    if leads & !pair_ok != 0 {
                        break 'aligned None;
                    }
                    let pointers = pointers_of(pair);
                    // The lanes whose low byte (so the lane) is a lead.
                    let is_pair = _mm256_cmpgt_epi16(zero, _mm256_slli_epi16::<8>(v));
                    // The lanes' pointers: a pair's is in the table (both
                    // bytes in their sets), an ASCII lane's 0 (its word is
                    // not used).
                    let at = _mm256_and_si256(pointers, is_pair);
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
                        let ascii = _mm256_or_si256(_mm256_cvtepu16_epi32(lanes), two32);
                        match leads & half {
                            0 => (ascii, zero),
                            _ => {
                                // Only the pairs' words are checked (the
                                // ASCII lanes' are two bytes by making).
                                let pairs = _mm256_cvtepi16_epi32(pairs);
                                let found = look_up8(at);
                                let off = _mm256_and_si256(_mm256_xor_si256(found, three32), pairs);
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
                    let row = std::array::from_fn(|k| (lanes >> (8 * k) & 15) as usize);
                    let tables = (&WORD_PACK[..], &WORD_PACK_LEN[..]);
                    Some(pack_quarters([w0, w1], tables, row, out))
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
            // One pointer per 16-bit lane `k` (bytes 2k, 2k + 1): leads
            // are never next to each other, so a lane holds at most one,
            // at 2k (its low byte) or 2k + 1 (its high byte).
            let is_lead = {
                let m = _mm256_shuffle_epi8(_mm256_set1_epi32(leads as i32), spread);
                _mm256_cmpeq_epi8(_mm256_and_si256(m, bits), bits)
            };
            // The lane as (lead, trail): `v`'s lane for a lead at 2k,
            // `next`'s (bytes 2k + 1, 2k + 2) for one at 2k + 1.
            let odd = _mm256_srai_epi16::<8>(is_lead);
            let (pair_ok, pair) = classify(_mm256_blendv_epi8(v, next, odd));
            let pointers = pointers_of(pair);
            // Lanes 0..8 (bytes 0..16) and 8..16 (16..32), eight loads
            // each (a lane without a lead loads a word it never uses,
            // from a pointer clamped into the table); a half with no lead
            // (markup in a page) skips its loads.
            let at = _mm256_min_epu16(pointers, last);
            let [g0, g1] = [
                (_mm256_castsi256_si128(at), 0x0000_FFFF),
                (_mm256_extracti128_si256::<1>(at), 0xFFFF_0000),
            ]
            .map(|(p, half)| match leads & half {
                0 => zero,
                _ => look_up8(p),
            });
            if leads & !pair_ok == 0 {
                if let Some(n) = slots(v, is_lead, [g0, g1], leads, dst.as_mut_ptr().add(w)) {
                    r += 32 + (leads >> 31) as usize;
                    w += n;
                    continue;
                }
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
            let length = _mm256_unpackhi_epi8(p23, p23);
            let is_three = _mm256_cmpeq_epi8(length, splat(3));
            let three = _mm256_movemask_epi8(is_three) as u32;
            let two = _mm256_movemask_epi8(_mm256_cmpeq_epi8(length, splat(2))) as u32;
            // Leads the kernel cannot take: the block is decoded up to
            // the first of them (whole characters before it), which the
            // scalar loop then takes.
            let bad = leads & !(pair_ok & (three | two));
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
