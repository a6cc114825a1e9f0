//! The whole input, not only its start: [`sniff_whole`] answers as
//! [`sniff`](super::sniff) does for the first [`SNIFF_LIMIT`] bytes, then
//! makes one cheap pass over the rest, so that late bytes decide:
//!
//! - input that is ASCII at first: detected from its first non-ASCII bytes;
//! - a UTF-8 guess: the rest must be valid UTF-8 too, else detected again
//!   from the first invalid bytes;
//! - a single-byte guess: the byte values of the rest where the leading
//!   candidates read differently (ISO-8859-15's € where windows-1252 has ¤,
//!   windows-1250 against ISO-8859-2, windows-1257 against ISO-8859-13 and
//!   ISO-8859-4, KOI8-R against KOI8-U) are found, and snippets around them
//!   are scored together with the start.
//!
//! Multi-byte guesses are left as they are: strict decoding of the whole
//! input, which every conversion does, finds their late errors.

use super::stats::{self, Hint, Verdict};
use super::{sniff, Sniffed, Source, SNIFF_LIMIT};
use crate::codec::{Encoding, UTF_8};

/// The leading candidates: at least this fraction of the best one's
/// confidence. Only the bytes they read differently are telling, so the
/// snippets go to what decides between them (ISO-8859-15's œ against
/// windows-1252's ½), not to every byte some far-off candidate reads its
/// own way (é in macintosh), which would fill them first.
const LEADING: f32 = 0.001;
/// Snippets of late evidence scored at most (each byte value where the
/// candidates differ gets one even past this).
const MAX_SNIPPETS: usize = 256;
/// Bytes on each side of a late byte that its snippet may take.
const REACH: usize = 24;
/// How far before the first telling byte a window starts, for context.
const LEAD_IN: usize = 256;
/// The detector may stop reading at its first checkpoint when sure: what
/// follows is weighed here.
const READ_AT_LEAST: usize = 1024;
/// The confidence at most of a guess for input that starts as valid UTF-8
/// and then is not: no one encoding reads all of it right.
const MIXED_CAP: f32 = 0.4;

/// The answer for a whole input (`bytes`: all of it).
pub fn sniff_whole(bytes: &[u8], hint: Option<Hint>) -> Sniffed {
    let first = sniff(bytes, bytes.len() <= SNIFF_LIMIT, hint);
    match first.source {
        Source::Ascii => match bytes.iter().position(|&b| b >= 0x80) {
            Some(at) => window(bytes, at - at.min(LEAD_IN), at, hint, first),
            None => first,
        },
        Source::Guess if first.encoding == Some(UTF_8) => match std::str::from_utf8(bytes) {
            Ok(_) => first,
            // The detector read all of it and counted its damage.
            Err(_) if bytes.len() <= SNIFF_LIMIT && first.candidates[0].damage > 0 => first,
            Err(e) => {
                let mut answer = window(bytes, e.valid_up_to(), e.valid_up_to(), hint, first);
                for c in answer.candidates.iter_mut() {
                    c.confidence = c.confidence.min(MIXED_CAP);
                }
                answer.confidence = answer.confidence.min(MIXED_CAP);
                answer
            }
        },
        // `sniff` weighed every byte it read: past that, the rest.
        Source::Guess if bytes.len() > SNIFF_LIMIT => {
            revise(first, bytes, 0, READ_AT_LEAST.min(bytes.len()), hint)
        }
        _ => first,
    }
}

/// Weighs the bytes of `bytes` past what the detector must have read (it
/// may have stopped at its first checkpoint) where the leading candidates
/// of `answer`, a single-byte guess for `bytes`, read them differently.
pub(super) fn revise_read(answer: Sniffed, bytes: &[u8], hint: Option<Hint>) -> Sniffed {
    revise(answer, bytes, 0, READ_AT_LEAST.min(bytes.len()), hint)
}

/// Detects from a window of `bytes` from `start`, shortly before `at`, the
/// first telling byte; then weighs the rest as [`revise`] does.
fn window(bytes: &[u8], start: usize, at: usize, hint: Option<Hint>, first: Sniffed) -> Sniffed {
    let end = (start + SNIFF_LIMIT).min(bytes.len());
    let mut answer = sniff(&bytes[start..end], end == bytes.len(), hint);
    answer.declared = first.declared;
    match answer.source {
        Source::Guess if answer.encoding != Some(UTF_8) => {
            let read = (at + READ_AT_LEAST).min(bytes.len());
            revise(answer, bytes, start, read, hint)
        }
        _ => answer,
    }
}

/// Weighs the bytes outside `bytes[start..end]` (the part already scored)
/// where the leading single-byte candidates read differently.
fn revise(answer: Sniffed, bytes: &[u8], start: usize, end: usize, hint: Option<Hint>) -> Sniffed {
    let top = answer.candidates.first().map_or(0.0, |c| c.confidence);
    let tables: Vec<&[u32; 128]> = answer
        .candidates
        .iter()
        .filter(|c| c.confidence >= LEADING * top)
        .filter_map(|c| stats::byte_table(c.encoding))
        .collect();
    if tables.is_empty() || stats::byte_table(answer.candidates[0].encoding).is_none() {
        return answer;
    }
    let (before, after) = (&bytes[..start], &bytes[end..]);
    let mut present = high_bytes(before);
    for (p, q) in present.iter_mut().zip(high_bytes(after)) {
        *p |= q;
    }
    let telling: Vec<bool> = (0..128)
        .map(|i| present[i] && tables.iter().any(|t| t[i] != tables[0][i]))
        .collect();
    if !telling.contains(&true) {
        return answer;
    }
    let mut extra = Vec::new();
    let mut covered = [false; 128];
    for part in [before, after] {
        snippets(part, &telling, &mut covered, &mut extra);
    }
    let prefix = &bytes[start..end];
    let guess = stats::detect_with(prefix, &extra, hint);
    match (guess.verdict, guess.candidates.first()) {
        (Verdict::Text, Some(best)) => Sniffed {
            encoding: Some(best.encoding),
            confidence: best.confidence,
            candidates: guess.candidates,
            ..answer
        },
        _ => answer,
    }
}

/// Which byte values 0x80..=0xFF occur in `bytes`: words of eight ASCII
/// bytes are skipped whole.
fn high_bytes(bytes: &[u8]) -> [bool; 128] {
    let mut present = [false; 128];
    let (words, tail) = bytes.split_at(bytes.len() / 8 * 8);
    for word in words.chunks_exact(8) {
        let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        if w & 0x8080_8080_8080_8080 != 0 {
            for &b in word.iter().filter(|&&b| b >= 0x80) {
                present[b as usize - 0x80] = true;
            }
        }
    }
    for &b in tail.iter().filter(|&&b| b >= 0x80) {
        present[b as usize - 0x80] = true;
    }
    present
}

/// Appends to `out` the words around telling bytes of `part`, one line
/// each: every telling value's first one, then more up to MAX_SNIPPETS.
fn snippets(part: &[u8], telling: &[bool], covered: &mut [bool; 128], out: &mut Vec<u8>) {
    let mut taken = out.iter().filter(|&&b| b == b'\n').count();
    let mut next_free = 0;
    let mut at = 0;
    while at < part.len() {
        let (i, b) = (at, part[at]);
        // Runs of ASCII are skipped whole.
        at += match b {
            0..0x80 => crate::codec::ascii_run(&part[i..]).max(1),
            _ => 1,
        };
        if b < 0x80 || !telling[b as usize - 0x80] || i < next_free {
            continue;
        }
        let new = !covered[b as usize - 0x80];
        if !new && taken >= MAX_SNIPPETS {
            if covered.iter().zip(telling).all(|(c, t)| *c || !t) {
                return;
            }
            continue;
        }
        covered[b as usize - 0x80] = true;
        let (from, to) = word_bounds(part, i);
        out.extend_from_slice(&part[from..to]);
        out.push(b'\n');
        taken += 1;
        next_free = to;
    }
}

/// The span around `i` out to ASCII whitespace, at most REACH bytes each
/// way (a span cut short ends on no particular boundary: the detector reads
/// a sequence cut at a snippet's end as incomplete, not as an error).
fn word_bounds(part: &[u8], i: usize) -> (usize, usize) {
    let lo = i.saturating_sub(REACH);
    let hi = (i + REACH).min(part.len());
    let space = |b: &u8| b.is_ascii_whitespace();
    let from = part[lo..i]
        .iter()
        .rposition(space)
        .map_or(lo, |p| lo + p + 1);
    let to = part[i..hi].iter().position(space).map_or(hi, |p| i + p);
    (from, to)
}

/// Whether `a` and `b` read `bytes` as the same text.
pub fn same_text(a: &'static Encoding, b: &'static Encoding, bytes: &[u8]) -> bool {
    if a == b {
        return true;
    }
    if let (Some(ta), Some(tb)) = (stats::byte_table(a), stats::byte_table(b)) {
        let present = high_bytes(bytes);
        return (0..128).all(|i| !present[i] || ta[i] == tb[i]);
    }
    decodes_alike(a, b, bytes)
}

/// Decodes `bytes` with both encodings piece by piece, comparing as it goes.
fn decodes_alike(a: &'static Encoding, b: &'static Encoding, bytes: &[u8]) -> bool {
    const PIECE: usize = 64 * 1024;
    let (mut da, mut db) = (
        a.new_decoder_without_bom_handling(),
        b.new_decoder_without_bom_handling(),
    );
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    let mut buf = vec![0u8; PIECE * 3 + crate::codec::MIN_OUTPUT_BUFFER];
    let mut pieces = bytes.chunks(PIECE).peekable();
    while let Some(piece) = pieces.next() {
        let last = pieces.peek().is_none();
        for (decoder, text) in [(&mut da, &mut ta), (&mut db, &mut tb)] {
            let mut read = 0;
            loop {
                let step = decoder.decode_with_replacement(&piece[read..], &mut buf, last);
                read += step.read;
                text.extend_from_slice(&buf[..step.written]);
                if read == piece.len() && step.status == crate::codec::CoderStatus::InputEmpty {
                    break;
                }
            }
        }
        let common = ta.len().min(tb.len());
        if ta[..common] != tb[..common] {
            return false;
        }
        ta.drain(..common);
        tb.drain(..common);
    }
    ta == tb
}

#[cfg(test)]
pub(crate) mod tests;
