//! Vector kernels for single-byte decoding, with runtime CPU detection.
//!
//! Non-Latin single-byte encodings (Cyrillic, Greek, Arabic, Hebrew) map most
//! of 0x80..=0xFF to two-byte UTF-8, mixed with ASCII spaces and punctuation.
//! The kernel takes 16 (SSSE3) or 32 (AVX2) bytes at a time: it looks up both
//! UTF-8 bytes of every upper-half byte in eight 16-entry tables (one per high
//! nibble, `pshufb`), interleaves them with the ASCII bytes and packs out the
//! unused slots with one shuffle per 8 input bytes ([`PACK`]). A block holding
//! anything else (a three-byte character, an unmapped byte) stops the kernel
//! and is left to the scalar loop in `single_byte.rs`, which owns every rule
//! about errors; the kernel only ever writes what that loop would.
//!
//! [`Path`] names the kernels. [`Path::select`] picks the best one the CPU
//! has; tests force each in turn with [`force_path`] to run the exhaustive
//! and differential checks on every path. SSE2 alone has no byte shuffle, so
//! an x86-64 CPU without SSSE3 (and any other target) runs the scalar loop.
//!
//! Text whose upper-half bytes mostly need three UTF-8 bytes (Thai) never
//! suits these kernels and stays on the scalar loop; a kernel for it would
//! need a third table per byte and a shuffle per 4 input bytes.

use std::cell::Cell;

/// Which kernel a single-byte decoder uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Path {
    /// No vector kernel: the word-at-a-time scalar loop only.
    Scalar,
    /// 16 bytes at a time (SSSE3 for `pshufb`).
    Ssse3,
    /// 32 bytes at a time.
    Avx2,
}

thread_local! {
    static FORCED: Cell<Option<Path>> = const { Cell::new(None) };
}

/// Makes single-byte decoders created afterwards *on this thread* use `path`
/// (or the best available again with `None`). For tests: a path the CPU
/// lacks is never used (see [`Path::available`]).
#[doc(hidden)]
pub fn force_path(path: Option<Path>) {
    FORCED.with(|f| f.set(path));
}

impl Path {
    /// Whether this CPU can run `self`.
    pub fn available(self) -> bool {
        match self {
            Path::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            Path::Ssse3 => std::arch::is_x86_feature_detected!("ssse3"),
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The forced path if any and available, else the best available. Only a
    /// path returned here is ever run (the kernels' safety rests on it).
    pub(crate) fn select() -> Path {
        match FORCED.with(Cell::get) {
            Some(p) if p.available() => p,
            _ => [Path::Avx2, Path::Ssse3]
                .into_iter()
                .find(|p| p.available())
                .unwrap_or(Path::Scalar),
        }
    }
}

/// The two UTF-8 bytes of each upper-half byte (row: high nibble - 8, column:
/// low nibble), or 0 in `lead` where its UTF-8 is not two bytes long (three
/// bytes, or no code point): such bytes stop the kernel.
#[repr(C, align(16))]
pub(crate) struct PairTables {
    lead: [[u8; 16]; 8],
    trail: [[u8; 16]; 8],
}

impl PairTables {
    /// From the UTF-8 of each upper-half byte (1 to 3 bytes, empty if none).
    pub fn new(utf8_of: impl Fn(u8) -> Vec<u8>) -> Self {
        let mut t = PairTables {
            lead: [[0; 16]; 8],
            trail: [[0; 16]; 8],
        };
        for b in 0x80..=0xFFu8 {
            if let [lead, trail] = utf8_of(b)[..] {
                let (row, col) = (usize::from(b >> 4) - 8, usize::from(b & 15));
                t.lead[row][col] = lead;
                t.trail[row][col] = trail;
            }
        }
        t
    }
}

/// For a mask `m` of which of 8 input bytes are not ASCII: the shuffle that
/// packs their interleaved (first byte, second byte) pairs, keeping second
/// bytes only where `m` says, and the packed length.
static PACK: [[u8; 16]; 256] = pack_shuffles();
static PACK_LEN: [u8; 256] = pack_lengths();

const fn pack_shuffles() -> [[u8; 16]; 256] {
    let mut t = [[0x80u8; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut i, mut o) = (0, 0);
        while i < 8 {
            t[m][o] = 2 * i as u8;
            o += 1;
            if (m >> i) & 1 == 1 {
                t[m][o] = 2 * i as u8 + 1;
                o += 1;
            }
            i += 1;
        }
        m += 1;
    }
    t
}

const fn pack_lengths() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        t[m] = 8 + (m as u8).count_ones() as u8;
        m += 1;
    }
    t
}

/// Decodes whole blocks of `src` into `dst` with `path`'s kernel while they
/// hold only ASCII and two-byte characters and `dst` has room for the worst
/// case; returns (bytes read, bytes written). May write past the bytes it
/// reports in `dst` (as `copy_ascii` does).
pub(crate) fn decode_pairs(
    path: Path,
    t: &PairTables,
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    match path {
        Path::Scalar => (0, 0),
        // SAFETY: `Path::select` returns these only when the CPU has them.
        #[cfg(target_arch = "x86_64")]
        Path::Ssse3 => unsafe { x86::decode_pairs_ssse3(t, src, dst) },
        #[cfg(target_arch = "x86_64")]
        Path::Avx2 => unsafe { x86::decode_pairs_avx2(t, src, dst) },
        #[cfg(not(target_arch = "x86_64"))]
        _ => (0, 0),
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{PairTables, PACK, PACK_LEN};
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

    /// The SSSE3 kernel: 16 bytes per block, 32 bytes of room.
    ///
    /// # Safety
    /// The CPU must support SSSE3.
    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn decode_pairs_ssse3(
        t: &PairTables,
        src: &[u8],
        dst: &mut [u8],
    ) -> (usize, usize) {
        let (mut r, mut w) = (0, 0);
        // SAFETY: the tables are 16-byte rows; each block reads src[r..r + 16]
        // and writes at most dst[w..w + 32] (two stores of 16 bytes, the
        // second starting at most 16 bytes in), both checked by the loop.
        unsafe {
            let load = |p: &[u8; 16]| _mm_loadu_si128(p.as_ptr().cast());
            while r + 16 <= src.len() && w + 32 <= dst.len() {
                let v = _mm_loadu_si128(src.as_ptr().add(r).cast());
                let high = _mm_movemask_epi8(v) as u32;
                if high == 0 {
                    _mm_storeu_si128(dst.as_mut_ptr().add(w).cast(), v);
                    r += 16;
                    w += 16;
                    continue;
                }
                let (mut lead, mut trail) = (_mm_setzero_si128(), _mm_setzero_si128());
                for row in 0..8 {
                    // Bytes of this row become 0x70..=0x7F (low nibble kept),
                    // all others 0x80 or more, which `pshufb` turns into 0.
                    let base = _mm_set1_epi8((0x80 + 16 * row) as u8 as i8);
                    let idx = _mm_adds_epu8(_mm_sub_epi8(v, base), _mm_set1_epi8(0x70));
                    lead = _mm_or_si128(lead, _mm_shuffle_epi8(load(&t.lead[row]), idx));
                    trail = _mm_or_si128(trail, _mm_shuffle_epi8(load(&t.trail[row]), idx));
                }
                let no_pair = _mm_movemask_epi8(_mm_cmpeq_epi8(lead, _mm_setzero_si128())) as u32;
                if no_pair & high != 0 {
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
        (r, w)
    }

    /// The AVX2 kernel: 32 bytes per block, 64 bytes of room.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn decode_pairs_avx2(
        t: &PairTables,
        src: &[u8],
        dst: &mut [u8],
    ) -> (usize, usize) {
        let (mut r, mut w) = (0, 0);
        // SAFETY: the tables are 16-byte rows; each block reads src[r..r + 32]
        // and writes at most dst[w..w + 64] (four stores of 16 bytes, each
        // starting at most 16 bytes after the previous one), both checked by
        // the loop.
        unsafe {
            let load =
                |p: &[u8; 16]| _mm256_broadcastsi128_si256(_mm_loadu_si128(p.as_ptr().cast()));
            let lead_rows: [__m256i; 8] = std::array::from_fn(|row| load(&t.lead[row]));
            let trail_rows: [__m256i; 8] = std::array::from_fn(|row| load(&t.trail[row]));
            while r + 32 <= src.len() && w + 64 <= dst.len() {
                let v = _mm256_loadu_si256(src.as_ptr().add(r).cast());
                let high = _mm256_movemask_epi8(v) as u32;
                if high == 0 {
                    _mm256_storeu_si256(dst.as_mut_ptr().add(w).cast(), v);
                    r += 32;
                    w += 32;
                    continue;
                }
                let zero = _mm256_setzero_si256();
                let (mut lead, mut trail) = (zero, zero);
                for row in 0..8 {
                    // As in the SSSE3 kernel, per 16-byte lane.
                    let base = _mm256_set1_epi8((0x80 + 16 * row) as u8 as i8);
                    let idx = _mm256_adds_epu8(_mm256_sub_epi8(v, base), _mm256_set1_epi8(0x70));
                    lead = _mm256_or_si256(lead, _mm256_shuffle_epi8(lead_rows[row], idx));
                    trail = _mm256_or_si256(trail, _mm256_shuffle_epi8(trail_rows[row], idx));
                }
                let no_pair = _mm256_movemask_epi8(_mm256_cmpeq_epi8(lead, zero)) as u32;
                if no_pair & high != 0 {
                    break;
                }
                let first =
                    _mm256_or_si256(lead, _mm256_andnot_si256(_mm256_cmpgt_epi8(zero, v), v));
                // Unpacking works within lanes: `lo` holds bytes 0..8 and
                // 16..24, `hi` bytes 8..16 and 24..32.
                let lo = _mm256_unpacklo_epi8(first, trail);
                let hi = _mm256_unpackhi_epi8(first, trail);
                let mut out = dst.as_mut_ptr().add(w);
                let mut n = 0;
                for (pairs, shift) in [
                    (_mm256_castsi256_si128(lo), 0),
                    (_mm256_castsi256_si128(hi), 8),
                    (_mm256_extracti128_si256::<1>(lo), 16),
                    (_mm256_extracti128_si256::<1>(hi), 24),
                ] {
                    let k = store_group(pairs, high >> shift, out);
                    out = out.add(k);
                    n += k;
                }
                r += 32;
                w += n;
            }
        }
        (r, w)
    }
}
