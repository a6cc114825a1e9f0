//! Shared test helpers: drive wenc's codec and encoding_rs (the oracle) the
//! same way and record what each produced, errors included. The drivers are
//! those of the fuzz properties (`tests/it/fuzz_props`, which also check each
//! call's contract as they go); here they are used without BOM handling.

use crate::fuzz_props;
pub use crate::fuzz_props::{oracle, oracle_encode_fatal, oracle_encode_html, Event};
use wenc::codec::Encoding;

/// wenc, fatal mode, fed in the given chunks with an output buffer of
/// `dst_len` bytes.
pub fn wenc_decode_fatal(enc: &'static Encoding, chunks: &[&[u8]], dst_len: usize) -> Vec<Event> {
    fuzz_props::decode_fatal(enc, false, chunks, dst_len).0
}

/// encoding_rs, fatal mode, one shot.
pub fn oracle_decode_fatal(enc: &'static Encoding, bytes: &[u8]) -> Vec<Event> {
    fuzz_props::oracle_decode_fatal(enc, false, bytes)
}

/// wenc, replacement mode, in chunks.
pub fn wenc_decode_replacing(enc: &'static Encoding, chunks: &[&[u8]], dst_len: usize) -> Vec<u8> {
    fuzz_props::decode_replacing(enc, false, chunks, dst_len).output
}

/// encoding_rs, replacement mode.
pub fn oracle_decode_replacing(enc: &'static Encoding, bytes: &[u8]) -> Vec<u8> {
    fuzz_props::oracle_decode_replacing(enc, false, bytes)
}

/// wenc, fatal mode, in chunks of text.
pub fn wenc_encode_fatal(enc: &'static Encoding, chunks: &[&str], dst_len: usize) -> Vec<Event> {
    fuzz_props::encode_fatal(enc, chunks, dst_len).0
}

/// wenc, html mode, in chunks of text.
pub fn wenc_encode_html(enc: &'static Encoding, chunks: &[&str], dst_len: usize) -> Vec<u8> {
    fuzz_props::encode_html(enc, chunks, dst_len).output
}

/// Splits `bytes` at the given cut points (sorted, deduplicated, in range).
pub fn split_at<'a>(bytes: &'a [u8], cuts: &[usize]) -> Vec<&'a [u8]> {
    let mut pieces = Vec::new();
    let mut start = 0;
    for &c in cuts {
        if c > start && c < bytes.len() {
            pieces.push(&bytes[start..c]);
            start = c;
        }
    }
    pieces.push(&bytes[start..]);
    pieces
}

pub fn encoders() -> impl Iterator<Item = &'static Encoding> {
    Encoding::all().filter(|e| e.can_encode())
}
