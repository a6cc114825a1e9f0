//! The loop of the double-byte encoders (Shift_JIS, EUC-JP, EUC-KR, Big5,
//! GBK and gb18030), written once: UTF-8 text to the two bytes each
//! character has in the encoding's precomputed table (`reverse.rs`).
//!
//! One loop takes all of a page's common content while 16 bytes of input
//! and output are left: ASCII runs (one call to the shared copy; a lone byte
//! between characters inline), and two- and three-byte characters through one
//! table load each (runs of three-byte ones in a loop of their own), with no
//! way out of the loop at each change between markup and text (an html page
//! changes about every 40 bytes). Everything else (four-byte characters,
//! code points the table lacks, the last 16 bytes) goes one
//! character at a time through the general step, which calls the family's
//! rule for the code points outside its index. In html mode that step also
//! writes the references (`&#N;`) itself, with no way out to the
//! [`Encoder`](super::Encoder) and back (849 of them on a Korean page).

use super::ascii::copy_ascii;
use super::shared::{next_scalar, unmappable, References};
use super::tables::BytesTable;
use super::{Encoded, RawEncoderResult};

/// Input and output the fast loop keeps in reach.
const REACH: usize = 16;

/// Encodes `src` into `dst`: the two bytes `table` holds for a character
/// where `usable` allows it, else what `outside` writes at the start of the
/// slice it is given (at most `MAX_LEN` bytes; `None`: unmappable). With
/// `refs` (html mode), an unmappable character becomes its reference here,
/// counted in `refs`, while `dst` has room for the longest; without that
/// room (or without `refs`) it is the call's result.
#[inline(always)]
pub(crate) fn encode_double<const MAX_LEN: usize>(
    src: &str,
    dst: &mut [u8],
    table: &BytesTable,
    usable: impl Fn(u32) -> bool,
    mut outside: impl FnMut(u32, &mut [u8]) -> Option<usize>,
    mut refs: Option<&mut References>,
) -> Encoded {
    let bytes = src.as_bytes();
    let bmp: &[u16; 0x10000] = &table.bmp;
    let (mut r, mut w) = (0, 0);
    loop {
        (r, w) = fast(bytes, dst, (r, w), bmp, &usable);
        if r == bytes.len() {
            return (RawEncoderResult::InputEmpty, r, w);
        }
        if dst.len() - w < MAX_LEN {
            return (RawEncoderResult::OutputFull, r, w);
        }
        // One character: near the end, or one the fast loop does not take.
        let b = bytes[r];
        if b < 0x80 {
            dst[w] = b;
            (r, w) = (r + 1, w + 1);
            continue;
        }
        let (cp, len) = next_scalar(bytes, r);
        r += len;
        match table.bytes(cp).filter(|_| usable(cp)) {
            Some(pair) => {
                dst[w..w + 2].copy_from_slice(&pair);
                w += 2;
            }
            None => match outside(cp, &mut dst[w..]) {
                Some(n) => w += n,
                None => {
                    // (A valid scalar: it came from a `&str`.)
                    let ch = char::from_u32(cp).unwrap_or('\u{FFFD}');
                    match refs
                        .as_deref_mut()
                        .and_then(|refs| refs.write(ch, r - len, &mut dst[w..]))
                    {
                        Some(n) => w += n,
                        None => return (unmappable(cp), r, w),
                    }
                }
            },
        }
    }
}

/// The fast loop: ASCII, and the two- and three-byte characters the table
/// has and `usable` allows, while [`REACH`] bytes of input and output are
/// left; returns the new positions, at a character boundary.
#[inline(always)]
fn fast(
    bytes: &[u8],
    dst: &mut [u8],
    (mut r, mut w): (usize, usize),
    bmp: &[u16; 0x10000],
    usable: &impl Fn(u32) -> bool,
) -> (usize, usize) {
    // The last positions with REACH bytes after them (none: no loop).
    let (Some(r_last), Some(w_last)) =
        (bytes.len().checked_sub(REACH), dst.len().checked_sub(REACH))
    else {
        return (r, w);
    };
    while r <= r_last && w <= w_last {
        let s: &[u8; REACH] = bytes[r..r + REACH].try_into().unwrap();
        let b0 = s[0];
        if b0 < 0x80 {
            if s[1] >= 0x80 {
                // A lone ASCII byte (a space between Korean words).
                dst[w] = b0;
                (r, w) = (r + 1, w + 1);
                continue;
            }
            // (A 16-byte copy and test inline here cost 30-40% more time on
            // CJK pages than this call, for fewer instructions.)
            let n = copy_ascii(&bytes[r..], &mut dst[w..]);
            (r, w) = (r + n, w + n);
            continue;
        }
        if b0 & 0xF0 == 0xE0 {
            let (read, written) = three_byte_run(&bytes[r..], &mut dst[w..], bmp, usable);
            if read == 0 {
                break;
            }
            (r, w) = (r + read, w + written);
            continue;
        }
        if b0 >= 0xE0 {
            break; // astral: the general step
        }
        // (Valid UTF-8: a continuation follows the lead.)
        let cp = u32::from(b0 & 0x1F) << 6 | u32::from(s[1] & 0x3F);
        let entry = bmp[cp as usize];
        if entry == 0 || !usable(cp) {
            break;
        }
        dst[w..w + 2].copy_from_slice(&entry.to_le_bytes());
        (r, w) = (r + 2, w + 2);
    }
    (r, w)
}

/// The run of three-byte characters (U+0800..=U+FFFF: most of Chinese,
/// Japanese and Korean text) at the start of `src` (valid UTF-8) that the
/// table has and `usable` allows, two bytes each into `dst` while there is
/// room, with the lone ASCII bytes between them (Korean's spaces, one every
/// 3-4 characters): (bytes read, bytes written). Its own loop: one table
/// load a character, no other test than the lead's and the entry's.
#[inline(always)]
fn three_byte_run(
    src: &[u8],
    dst: &mut [u8],
    bmp: &[u16; 0x10000],
    usable: &impl Fn(u32) -> bool,
) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    // While a character and the byte after it fit in `src`, and its two
    // bytes in `dst`: one test, as the run writes no more bytes than it
    // reads (w <= r).
    let end = src.len().saturating_sub(3).min(dst.len().saturating_sub(1));
    while r < end {
        // SAFETY (every unchecked access below): r + 3 < src.len() and
        // w + 1 <= r + 1 < dst.len(), the loops' tests (checked indexing
        // cost 14 more instructions a character).
        let b0 = unsafe { *src.get_unchecked(r) };
        // A lead 0xE0..=0xEF: two continuations follow.
        if b0 & 0xF0 == 0xE0 {
            let (b1, b2) = unsafe { (*src.get_unchecked(r + 1), *src.get_unchecked(r + 2)) };
            let cp = u32::from(b0 & 0x0F) << 12 | u32::from(b1 & 0x3F) << 6 | u32::from(b2 & 0x3F);
            let entry = bmp[cp as usize];
            if entry == 0 || !usable(cp) {
                break;
            }
            unsafe { dst.get_unchecked_mut(w..w + 2) }.copy_from_slice(&entry.to_le_bytes());
            (r, w) = (r + 3, w + 2);
            continue;
        }
        // A lone ASCII byte before another three-byte character.
        if b0 >= 0x80 || unsafe { *src.get_unchecked(r + 1) } & 0xF0 != 0xE0 {
            break;
        }
        unsafe { *dst.get_unchecked_mut(w) = b0 };
        (r, w) = (r + 1, w + 1);
    }
    (r, w)
}

/// Defines a stateless double-byte encoder: [`encode_double`] with the
/// encoding's byte table and its rule for the code points outside the index.
macro_rules! pair_encoder {
    ($(#[$doc:meta])* $name:ident, $table:expr, $outside:expr) => {
        $(#[$doc])*
        pub(crate) struct $name;

        impl $name {
            pub fn encode(&mut self, src: &str, dst: &mut [u8], _last: bool) -> $crate::codec::Encoded {
                $crate::codec::pair_encode::encode_double::<2>(src, dst, &$table, |_| true, $outside, None)
            }

            /// [`Self::encode`] in html mode, writing the references itself.
            pub fn encode_html(
                &mut self,
                src: &str,
                dst: &mut [u8],
                _last: bool,
            ) -> ($crate::codec::Encoded, $crate::codec::shared::References) {
                let mut refs = Default::default();
                let done = $crate::codec::pair_encode::encode_double::<2>(
                    src, dst, &$table, |_| true, $outside, Some(&mut refs),
                );
                (done, refs)
            }
        }
    };
}
pub(crate) use pair_encoder;

#[cfg(test)]
mod tests;
