//! The single-byte decoding kernels.
//!
//! Non-Latin single-byte encodings (Cyrillic, Greek, Arabic, Hebrew) map most
//! of 0x80..=0xFF to two-byte UTF-8, mixed with ASCII spaces and punctuation.
//! The kernel takes 16 (SSSE3) or 32 (AVX2) bytes at a time: it looks up both
//! UTF-8 bytes of every upper-half byte in eight 16-entry tables (one per high
//! nibble, `pshufb`), interleaves them with the ASCII bytes and packs out the
//! unused slots with one shuffle per 8 input bytes ([`PACK`]); windows-1252's
//! Latin-1 rows (0xA0..=0xFF) it computes instead ([`LATIN1_ROWS`]). A block
//! with a three-byte character (a quote or dash in Latin text) is decoded
//! through it one byte at a time with the scalar loop's table ([`through`])
//! and the kernel goes on; an unmapped byte stops the kernel and is left to
//! the scalar loop in `single_byte.rs`.
//!
//! Text whose upper-half bytes need three UTF-8 bytes (Thai: windows-874
//! maps 0xA1..=0xFB to the contiguous block U+0E01..=U+0E5B) has its own
//! kernel ([`decode_triples`]): where a byte's code point is the byte plus one
//! constant, its three UTF-8 bytes come from byte arithmetic, and a shuffle
//! per 4 input bytes ([`PACK3`]) packs them with the ASCII bytes between.

use super::{kernel_entry, Run};

/// The two UTF-8 bytes of each upper-half byte (row: high nibble - 8, column:
/// low nibble), or 0 in `lead` where its UTF-8 is not two bytes long (three
/// bytes, or no code point): such bytes stop the kernel.
#[repr(C, align(16))]
pub(crate) struct PairTables {
    lead: [[u8; 16]; 8],
    trail: [[u8; 16]; 8],
    /// Whether 0xA0..=0xFF are U+00A0..=U+00FF (windows-1252): their UTF-8
    /// bytes are then arithmetic ([`LATIN1_ROWS`]).
    latin1: bool,
}

/// The tables' rows the kernel looks up when the upper half's last six
/// rows are Latin-1: of 0xA0..=0xFF, 0xA0..=0xBF are 0xC2 and the byte,
/// 0xC0..=0xFF 0xC3 and the byte less 0x40, so two compares and three
/// logic operations do the six rows' twelve lookups (and the two rows'
/// tables fit in registers).
const LATIN1_ROWS: usize = 2;

/// The UTF-8 of a byte: its bytes (the first `len` of them) and `len`, 1
/// to 3 (0: no code point).
pub(crate) type Utf8Of = ([u8; 4], usize);

impl PairTables {
    /// From the UTF-8 of each upper-half byte.
    pub fn new(utf8_of: impl Fn(u8) -> Utf8Of) -> Self {
        let mut t = PairTables {
            lead: [[0; 16]; 8],
            trail: [[0; 16]; 8],
            latin1: true,
        };
        for b in 0x80..=0xFFu8 {
            let (bytes, len) = utf8_of(b);
            if let [lead, trail] = bytes[..len] {
                let (row, col) = (usize::from(b >> 4) - 8, usize::from(b & 15));
                t.lead[row][col] = lead;
                t.trail[row][col] = trail;
            }
            if usize::from(b) >= 0x80 + 16 * LATIN1_ROWS {
                let mut latin1 = [0; 4];
                t.latin1 &= bytes[..len] == *char::from(b).encode_utf8(&mut latin1).as_bytes();
            }
        }
        t
    }

    /// Whether the kernel computes the Latin-1 rows (see `latin1`).
    #[cfg(test)]
    pub(crate) fn latin1(&self) -> bool {
        self.latin1
    }
}

/// For a block at `src[*r..]` whose bytes `stops` (a mask, non-zero) have
/// no UTF-8 pair: decodes the block up to and including the first of them
/// one byte at a time with `utf8` (as the scalar loop would), advancing `r`
/// and `w`. `Err` with that byte's offset, doing nothing, when it is an
/// error or `dst` lacks room for four bytes per byte: the kernel stops there.
/// The caller knows every byte before it decodes.
#[inline(always)]
fn through(
    utf8: &[u32; 256],
    src: &[u8],
    dst: &mut [u8],
    (r, w): (&mut usize, &mut usize),
    stops: u32,
) -> Result<(), usize> {
    let at = stops.trailing_zeros() as usize;
    let end = *r + at + 1;
    if utf8[usize::from(src[end - 1])] == 0 || *w + 4 * (at + 1) > dst.len() {
        return Err(at);
    }
    for &b in &src[*r..end] {
        let e = utf8[usize::from(b)];
        dst[*w..*w + 4].copy_from_slice(&e.to_le_bytes());
        *w += (e >> 24) as usize;
    }
    *r = end;
    Ok(())
}

/// For a mask `m` of which of 8 input bytes are not ASCII: the shuffle that
/// packs their interleaved (first byte, second byte) pairs, keeping second
/// bytes only where `m` says, and the packed length.
static PACK: [[u8; 16]; 256] = pack_shuffles(2, 1);
static PACK_LEN: [u8; 256] = pack_lengths(1);

/// The shuffles for `N` = 2^lanes masks over `lanes` slots of `slot` bytes
/// each (16 bytes in all): every slot's first byte, and for the slots the
/// mask marks the `extra` bytes after it too.
const fn pack_shuffles<const N: usize>(slot: usize, extra: usize) -> [[u8; 16]; N] {
    let lanes = 16 / slot;
    assert!(N == 1 << lanes, "one shuffle per mask of the lanes");
    let mut t = [[0x80u8; 16]; N];
    let mut m = 0;
    while m < N {
        let (mut i, mut o) = (0, 0);
        while i < lanes {
            let mut k = 0;
            while k <= if (m >> i) & 1 == 1 { extra } else { 0 } {
                t[m][o] = (slot * i + k) as u8;
                o += 1;
                k += 1;
            }
            i += 1;
        }
        m += 1;
    }
    t
}

/// The packed lengths of [`pack_shuffles`]'s shuffles: one byte per slot,
/// `extra` more per marked slot.
const fn pack_lengths<const N: usize>(extra: u8) -> [u8; N] {
    let lanes = N.trailing_zeros() as u8;
    let mut t = [0u8; N];
    let mut m = 0;
    while m < N {
        t[m] = lanes + extra * (m as u32).count_ones() as u8;
        m += 1;
    }
    t
}

kernel_entry! {
    /// Decodes whole blocks of `src` into `dst` with `path`'s kernel while they
    /// hold only ASCII and two-byte characters and `dst` has room for the worst
    /// case. A block with a three-byte character is taken up to and through it
    /// one byte at a time with `utf8` (the scalar loop's table: UTF-8 bytes and
    /// length per byte, 0 for an error; see [`through`]), and the kernel goes on
    /// after it; an error stops the kernel. May write past the bytes it reports in `dst` (as `copy_ascii`
    /// does).
    pub(crate) fn decode_pairs(t: &PairTables, utf8: &[u32; 256], src: &[u8], dst: &mut [u8])
        = x86::pairs16, x86::pairs32;
}

/// For an encoding whose upper half has a block of bytes whose code points
/// are the byte plus one constant `delta`, all in one 4096-code-point page
/// of three-byte UTF-8 (Thai): which bytes those are and the constants of
/// their UTF-8 (see [`TripleTables::utf8`]).
#[repr(C, align(16))]
pub(crate) struct TripleTables {
    /// Bit `hi - 8` of entry `lo`: whether byte `hi * 16 + lo` is in the block.
    member: [u8; 16],
    /// `0xE0 | cp >> 12`, the same for the whole block.
    lead: u8,
    /// `delta & 0x3F`, added to the low 6 bits of the byte.
    delta_low: u8,
    /// `(delta >> 6) & 0x3F`, added to the byte's top two bits.
    delta_mid: u8,
}

/// Fewer block bytes than this: no kernel (it would rarely run).
const MIN_TRIPLES: usize = 32;

impl TripleTables {
    /// From the UTF-8 of each upper-half byte; `None` unless at least
    /// [`MIN_TRIPLES`] bytes share one `delta` and page. (Built once per
    /// encoding a process decodes, the detector's candidates included:
    /// no allocation.)
    pub fn new(utf8_of: impl Fn(u8) -> Utf8Of) -> Option<Self> {
        // The code point of a three-byte character (valid UTF-8).
        let cp_of = |b: u8| {
            let ([b0, b1, b2, _], len) = utf8_of(b);
            let bits = |b: u8, mask: u8| u32::from(b & mask);
            (len == 3).then(|| bits(b0, 0x0F) << 12 | bits(b1, 0x3F) << 6 | bits(b2, 0x3F))
        };
        // Each upper-half byte's (delta, page), if three-byte.
        let mut keys = [None; 128];
        for (key, b) in keys.iter_mut().zip(0x80..=0xFFu8) {
            *key = cp_of(b).map(|cp| (cp - u32::from(b), cp >> 12));
        }
        // Latin, Cyrillic, Greek...: a few dashes and quotes, no kernel.
        if keys.iter().flatten().count() < MIN_TRIPLES {
            return None;
        }
        // The most common, the greater key on a tie.
        let count = |key| keys.iter().filter(|&&k| k == Some(key)).count();
        let (count, (delta, page)) = keys.iter().flatten().map(|&k| (count(k), k)).max()?;
        if count < MIN_TRIPLES {
            return None;
        }
        let mut t = TripleTables {
            member: [0; 16],
            lead: 0xE0 | page as u8,
            delta_low: (delta & 0x3F) as u8,
            delta_mid: (delta >> 6 & 0x3F) as u8,
        };
        for (&key, b) in keys.iter().zip(0x80..=0xFFu8) {
            if key == Some((delta, page)) {
                // The kernel's arithmetic, checked once per byte: a byte it
                // got wrong would stay with the scalar loop (none does).
                let (bytes, _) = utf8_of(b);
                let exact = t.utf8(b)[..] == bytes[..3];
                debug_assert!(exact, "byte {b:#x}");
                if exact {
                    t.member[usize::from(b & 15)] |= 1 << ((b >> 4) - 8);
                }
            }
        }
        Some(t)
    }

    /// Whether the kernel decodes byte `b`.
    #[cfg(test)]
    pub(crate) fn covers(&self, b: u8) -> bool {
        b >= 0x80 && self.member[usize::from(b & 15)] >> ((b >> 4) - 8) & 1 == 1
    }

    /// The UTF-8 of block byte `b` as the kernels compute it, 8 bits per
    /// lane: `cp = b + delta`, its middle 6 bits from the byte's top 2, the
    /// delta's and the carry out of the low 6.
    fn utf8(&self, b: u8) -> [u8; 3] {
        let low = (b & 0x3F) + self.delta_low;
        let mid = (b >> 6) + self.delta_mid + (low >> 6);
        [self.lead, 0x80 | mid & 0x3F, 0x80 | low & 0x3F]
    }
}

/// For a mask `m` of which of 4 input bytes are not ASCII: the shuffle that
/// packs 4-byte slots (three UTF-8 bytes and one spare each), keeping one
/// byte of the slots `m` leaves out, and the packed length.
static PACK3: [[u8; 16]; 16] = pack_shuffles(4, 2);
static PACK3_LEN: [u8; 16] = pack_lengths(2);

kernel_entry! {
    /// Decodes whole 16-byte blocks of `src` into `dst` with `path`'s kernel
    /// while they hold only ASCII and `t`'s block bytes and `dst` has room for
    /// the worst case. May write past the bytes it reports in `dst`.
    pub(crate) fn decode_triples(t: &TripleTables, src: &[u8], dst: &mut [u8])
        = x86::triples, x86::triples;
}

#[cfg(target_arch = "x86_64")]
pub(super) mod x86 {
    use super::super::x86::{block16, block32};
    use super::{
        through, PairTables, Run, TripleTables, LATIN1_ROWS, PACK, PACK3, PACK3_LEN, PACK_LEN,
    };
    use std::arch::x86_64::*;

    /// Packs 8 interleaved (first, second) byte pairs into `out`, keeping
    /// second bytes where `mask` (8 bits, non-ASCII) says; returns the length.
    ///
    /// # Safety
    /// `out` must be valid for writes of 16 bytes.
    #[inline]
    #[target_feature(enable = "ssse3")]
    unsafe fn store_group(pairs: __m128i, mask: u32, out: *mut u8) -> usize {
        let m = (mask & 0xFF) as usize;
        // SAFETY: `PACK[m]` is 16 readable bytes; the caller vouches for `out`.
        unsafe {
            let shuffle = _mm_loadu_si128(PACK[m].as_ptr().cast());
            _mm_storeu_si128(out.cast(), _mm_shuffle_epi8(pairs, shuffle));
        }
        usize::from(PACK_LEN[m])
    }

    /// Packs 32 interleaved (first, second) byte pairs into `out`, keeping
    /// second bytes where `keep` (a bit per pair) says; returns the length.
    ///
    /// # Safety
    /// The CPU must support AVX2; `out` must be valid for writes of 64 bytes.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(in crate::codec::simd) unsafe fn store_pairs32(
        first: __m256i,
        second: __m256i,
        keep: u32,
        mut out: *mut u8,
    ) -> usize {
        // Unpacking works within lanes: `lo` holds bytes 0..8 and 16..24,
        // `hi` bytes 8..16 and 24..32.
        let lo = _mm256_unpacklo_epi8(first, second);
        let hi = _mm256_unpackhi_epi8(first, second);
        let mut n = 0;
        for (pairs, shift) in [
            (_mm256_castsi256_si128(lo), 0),
            (_mm256_castsi256_si128(hi), 8),
            (_mm256_extracti128_si256::<1>(lo), 16),
            (_mm256_extracti128_si256::<1>(hi), 24),
        ] {
            // SAFETY: each store starts at most 16 bytes after the previous
            // one, so all four are within the 64 bytes the caller vouches for.
            let k = unsafe { store_group(pairs, keep >> shift, out) };
            // SAFETY: as above.
            out = unsafe { out.add(k) };
            n += k;
        }
        n
    }

    /// The SSSE3 kernel: 16 bytes per block, 32 bytes of room.
    ///
    /// # Safety
    /// The CPU must support SSSE3.
    #[inline]
    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn pairs16(
        t: &PairTables,
        utf8: &[u32; 256],
        src: &[u8],
        dst: &mut [u8],
    ) -> Run {
        // SAFETY: the caller vouches for SSSE3.
        unsafe {
            if t.latin1 {
                pairs16_rows::<LATIN1_ROWS>(t, utf8, src, dst)
            } else {
                pairs16_rows::<8>(t, utf8, src, dst)
            }
        }
    }

    /// [`pairs16`] looking up the tables' first `ROWS` rows; the rest, if
    /// any, are Latin-1 ([`LATIN1_ROWS`]).
    ///
    /// # Safety
    /// The CPU must support SSSE3.
    #[inline]
    #[target_feature(enable = "ssse3")]
    unsafe fn pairs16_rows<const ROWS: usize>(
        t: &PairTables,
        utf8: &[u32; 256],
        src: &[u8],
        dst: &mut [u8],
    ) -> Run {
        let (mut r, mut w, mut blocked) = (0, 0, None);
        // SAFETY: the tables are 16-byte rows; each block reads src[r..r + 16]
        // and writes at most dst[w..w + 32] (two stores of 16 bytes, the
        // second starting at most 16 bytes in), both checked by the loop.
        unsafe {
            let load = |p: &[u8; 16]| _mm_loadu_si128(p.as_ptr().cast());
            let byte = |b: u8| _mm_set1_epi8(b as i8);
            while r + 16 <= src.len() && w + 32 <= dst.len() {
                let Some((v, high)) = block16(src, dst, (&mut r, &mut w)) else {
                    continue;
                };
                let (mut lead, mut trail) = (_mm_setzero_si128(), _mm_setzero_si128());
                for row in 0..ROWS {
                    // Bytes of this row become 0x70..=0x7F (low nibble kept),
                    // all others 0x80 or more, which `pshufb` turns into 0.
                    let base = byte((0x80 + 16 * row) as u8);
                    let idx = _mm_adds_epu8(_mm_sub_epi8(v, base), byte(0x70));
                    lead = _mm_or_si128(lead, _mm_shuffle_epi8(load(&t.lead[row]), idx));
                    trail = _mm_or_si128(trail, _mm_shuffle_epi8(load(&t.trail[row]), idx));
                }
                if ROWS < 8 {
                    // Latin-1 from row ROWS on: (0xC2 or 0xC3, the byte
                    // without bit 6).
                    let at_least = |b: u8| _mm_cmpeq_epi8(_mm_max_epu8(v, byte(b)), v);
                    let latin1 = at_least((0x80 + 16 * ROWS) as u8);
                    let c3 = _mm_sub_epi8(byte(0xC2), at_least(0xC0));
                    lead = _mm_or_si128(lead, _mm_and_si128(latin1, c3));
                    let low = _mm_and_si128(v, byte(0xBF));
                    trail = _mm_or_si128(trail, _mm_and_si128(latin1, low));
                }
                let stops =
                    _mm_movemask_epi8(_mm_cmpeq_epi8(lead, _mm_setzero_si128())) as u32 & high;
                if stops != 0 {
                    match through(utf8, src, dst, (&mut r, &mut w), stops) {
                        Ok(()) => continue,
                        Err(at) => blocked = Some(at),
                    }
                    break;
                }
                // ASCII bytes are themselves (their `lead` is 0).
                let first = _mm_or_si128(
                    lead,
                    _mm_andnot_si128(_mm_cmplt_epi8(v, _mm_setzero_si128()), v),
                );
                let out = dst.as_mut_ptr().add(w);
                let n = store_group(_mm_unpacklo_epi8(first, trail), high, out);
                let n = n + store_group(_mm_unpackhi_epi8(first, trail), high >> 8, out.add(n));
                r += 16;
                w += n;
            }
        }
        Run::at(r, w, blocked)
    }

    /// [`pairs16`] on 32 bytes per block (64 bytes of room), with the
    /// tables' rows kept in registers.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn pairs32(
        t: &PairTables,
        utf8: &[u32; 256],
        src: &[u8],
        dst: &mut [u8],
    ) -> Run {
        // SAFETY: the caller vouches for AVX2.
        unsafe {
            if t.latin1 {
                pairs32_rows::<LATIN1_ROWS>(t, utf8, src, dst)
            } else {
                pairs32_rows::<8>(t, utf8, src, dst)
            }
        }
    }

    /// [`pairs32`] looking up the tables' first `ROWS` rows; the rest, if
    /// any, are Latin-1 ([`LATIN1_ROWS`]).
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn pairs32_rows<const ROWS: usize>(
        t: &PairTables,
        utf8: &[u32; 256],
        src: &[u8],
        dst: &mut [u8],
    ) -> Run {
        let (mut r, mut w, mut blocked) = (0, 0, None);
        // SAFETY: as in `pairs16`, with src[r..r + 32] and dst[w..w + 64]
        // (four stores of 16 bytes, each at most 16 bytes on).
        unsafe {
            let load =
                |p: &[u8; 16]| _mm256_broadcastsi128_si256(_mm_loadu_si128(p.as_ptr().cast()));
            let byte = |b: u8| _mm256_set1_epi8(b as i8);
            let lead_rows: [__m256i; ROWS] = std::array::from_fn(|row| load(&t.lead[row]));
            let trail_rows: [__m256i; ROWS] = std::array::from_fn(|row| load(&t.trail[row]));
            while r + 32 <= src.len() && w + 64 <= dst.len() {
                let Some((v, high)) = block32(src, dst, (&mut r, &mut w)) else {
                    continue;
                };
                let zero = _mm256_setzero_si256();
                let (mut lead, mut trail) = (zero, zero);
                for row in 0..ROWS {
                    // As in the SSSE3 kernel, per 16-byte lane.
                    let base = byte((0x80 + 16 * row) as u8);
                    let idx = _mm256_adds_epu8(_mm256_sub_epi8(v, base), byte(0x70));
                    lead = _mm256_or_si256(lead, _mm256_shuffle_epi8(lead_rows[row], idx));
                    trail = _mm256_or_si256(trail, _mm256_shuffle_epi8(trail_rows[row], idx));
                }
                if ROWS < 8 {
                    // As in the SSSE3 kernel.
                    let at_least = |b: u8| _mm256_cmpeq_epi8(_mm256_max_epu8(v, byte(b)), v);
                    let latin1 = at_least((0x80 + 16 * ROWS) as u8);
                    let c3 = _mm256_sub_epi8(byte(0xC2), at_least(0xC0));
                    lead = _mm256_or_si256(lead, _mm256_and_si256(latin1, c3));
                    let low = _mm256_and_si256(v, byte(0xBF));
                    trail = _mm256_or_si256(trail, _mm256_and_si256(latin1, low));
                }
                let stops = _mm256_movemask_epi8(_mm256_cmpeq_epi8(lead, zero)) as u32 & high;
                if stops != 0 {
                    match through(utf8, src, dst, (&mut r, &mut w), stops) {
                        Ok(()) => continue,
                        Err(at) => blocked = Some(at),
                    }
                    break;
                }
                let first =
                    _mm256_or_si256(lead, _mm256_andnot_si256(_mm256_cmpgt_epi8(zero, v), v));
                let n = store_pairs32(first, trail, high, dst.as_mut_ptr().add(w));
                r += 32;
                w += n;
            }
        }
        Run::at(r, w, blocked)
    }

    /// 16 bytes per block, 64 bytes of room: ASCII bytes are themselves,
    /// block bytes their three UTF-8 bytes ([`TripleTables::utf8`]); any
    /// other upper-half byte stops the kernel before its block.
    ///
    /// # Safety
    /// The CPU must support SSSE3.
    #[inline]
    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn triples(t: &TripleTables, src: &[u8], dst: &mut [u8]) -> Run {
        let (mut r, mut w, mut blocked) = (0, 0, None);
        // SAFETY: each block reads src[r..r + 16] and writes at most
        // dst[w..w + 52] (four stores of 16 bytes, each starting at most 12
        // bytes after the previous one), both checked by the loop; the
        // tables are 16 readable bytes each.
        unsafe {
            let splat = |b: u8| _mm_set1_epi8(b as i8);
            let member = _mm_loadu_si128(t.member.as_ptr().cast());
            // High nibble h -> bit h - 8 (0 for ASCII nibbles).
            let bit_of_high = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128);
            let zero = _mm_setzero_si128();
            while r + 16 <= src.len() && w + 64 <= dst.len() {
                let Some((v, high)) = block16(src, dst, (&mut r, &mut w)) else {
                    continue;
                };
                let low_nibble = _mm_and_si128(v, splat(0x0F));
                let high_nibble = _mm_and_si128(_mm_srli_epi16(v, 4), splat(0x0F));
                let hit = _mm_and_si128(
                    _mm_shuffle_epi8(member, low_nibble),
                    _mm_shuffle_epi8(bit_of_high, high_nibble),
                );
                let outside = _mm_movemask_epi8(_mm_cmpeq_epi8(hit, zero)) as u32;
                if outside & high != 0 {
                    blocked = Some((outside & high).trailing_zeros() as usize);
                    break;
                }
                // 16-bit shifts, masked per byte (see TripleTables::utf8).
                let low = _mm_add_epi8(_mm_and_si128(v, splat(0x3F)), splat(t.delta_low));
                let carry = _mm_and_si128(_mm_srli_epi16(low, 6), splat(1));
                let top = _mm_and_si128(_mm_srli_epi16(v, 6), splat(3));
                let mid = _mm_add_epi8(_mm_add_epi8(top, splat(t.delta_mid)), carry);
                let third = _mm_or_si128(_mm_and_si128(low, splat(0x3F)), splat(0x80));
                let second = _mm_or_si128(_mm_and_si128(mid, splat(0x3F)), splat(0x80));
                let is_high = _mm_cmplt_epi8(v, zero);
                let first = _mm_or_si128(
                    _mm_and_si128(is_high, splat(t.lead)),
                    _mm_andnot_si128(is_high, v),
                );
                // Slots of 4 bytes (first, second, third, spare) per input.
                let lo = _mm_unpacklo_epi8(first, second);
                let hi = _mm_unpackhi_epi8(first, second);
                let lo3 = _mm_unpacklo_epi8(third, zero);
                let hi3 = _mm_unpackhi_epi8(third, zero);
                let mut out = dst.as_mut_ptr().add(w);
                for (k, slots) in [
                    _mm_unpacklo_epi16(lo, lo3),
                    _mm_unpackhi_epi16(lo, lo3),
                    _mm_unpacklo_epi16(hi, hi3),
                    _mm_unpackhi_epi16(hi, hi3),
                ]
                .into_iter()
                .enumerate()
                {
                    let m = (high >> (4 * k) & 15) as usize;
                    let shuffle = _mm_loadu_si128(PACK3[m].as_ptr().cast());
                    _mm_storeu_si128(out.cast(), _mm_shuffle_epi8(slots, shuffle));
                    out = out.add(usize::from(PACK3_LEN[m]));
                }
                r += 16;
                w = out.offset_from(dst.as_ptr()) as usize;
            }
        }
        Run::at(r, w, blocked)
    }
}
