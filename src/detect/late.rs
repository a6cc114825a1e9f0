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
use scan::HighSet;

mod scan;

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
    weigh_rest(sniff(bytes, bytes.len() <= SNIFF_LIMIT, hint), bytes, hint)
}

/// [`sniff_whole`] given `first`, the answer for the start of `bytes` (as
/// [`sniff`] gives it for `bytes`' first [`SNIFF_LIMIT`] bytes).
pub fn weigh_rest(first: Sniffed, bytes: &[u8], hint: Option<Hint>) -> Sniffed {
    match first.source {
        Source::Ascii => match HighSet::new(&[true; 128]).find(bytes) {
            Some(at) => window(bytes, at - at.min(LEAD_IN), at, hint, first),
            None => first,
        },
        Source::Guess if first.encoding == Some(UTF_8) => {
            match valid_utf8(bytes) {
                Ok(()) => first,
                // The detector read all of it and counted its damage.
                Err(_) if bytes.len() <= SNIFF_LIMIT && first.candidates[0].damage > 0 => first,
                Err(e) => match utf8_damage(bytes) {
                    // A stray byte past the start, as the detector forgives
                    // one within it.
                    Some(damage) => damaged_utf8(first, damage),
                    None => mixed(window(bytes, e.valid_up_to(), e.valid_up_to(), hint, first)),
                },
            }
        }
        // `sniff` weighed every byte it read: past that, the rest.
        Source::Guess if bytes.len() > SNIFF_LIMIT => {
            revise(first, bytes, 0, READ_AT_LEAST.min(bytes.len()), hint)
        }
        _ => first,
    }
}

/// Whether `bytes` is all valid UTF-8, else the error: the fast check
/// first, the one that says where only when it fails.
fn valid_utf8(bytes: &[u8]) -> Result<(), simdutf8::compat::Utf8Error> {
    match simdutf8::basic::from_utf8(bytes) {
        Ok(_) => Ok(()),
        Err(_) => simdutf8::compat::from_utf8(bytes).map(|_| ()),
    }
}

/// `answer` for input that starts as valid UTF-8 and then is not: no one
/// encoding reads all of it right.
fn mixed(mut answer: Sniffed) -> Sniffed {
    for c in answer.candidates.iter_mut() {
        c.confidence = c.confidence.min(MIXED_CAP);
    }
    answer.confidence = answer.confidence.min(MIXED_CAP);
    answer
}

/// The malformed sequences of `bytes`, UTF-8 that breaks off somewhere,
/// when they are few enough for UTF-8 text with damage (the detector's own
/// count and bound, over the whole input).
fn utf8_damage(bytes: &[u8]) -> Option<u32> {
    stats::utf8_damage(bytes, true, stats::MAX_DAMAGE)
        .filter(|&(chars, damage)| stats::tolerable_utf8(damage, chars))
        .map(|(_, damage)| damage)
}

/// `first`, a UTF-8 guess for the start, for the whole input with `damage`
/// malformed sequences: at most [`stats::DAMAGED_CAP`] sure.
fn damaged_utf8(mut first: Sniffed, damage: u32) -> Sniffed {
    let cap = stats::DAMAGED_CAP;
    first.confidence = first.confidence.min(cap);
    if let Some(utf8) = first.candidates.first_mut() {
        utf8.damage = damage;
        utf8.confidence = utf8.confidence.min(cap);
    }
    first
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
    // The byte values the leading candidates read differently: only
    // those, where they occur outside what was scored, are telling.
    let differ: [bool; 128] = std::array::from_fn(|i| tables.iter().any(|t| t[i] != tables[0][i]));
    let mut extra = Vec::new();
    let mut covered = [false; 128];
    for part in [&bytes[..start], &bytes[end..]] {
        snippets(part, &differ, &mut covered, &mut extra);
    }
    if extra.is_empty() {
        return answer;
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

/// Appends to `out` the words around telling bytes of `part`, one line
/// each: up to MAX_SNIPPETS of them, and past that each telling value's
/// first one not yet covered.
fn snippets(part: &[u8], telling: &[bool; 128], covered: &mut [bool; 128], out: &mut Vec<u8>) {
    let mut taken = out.iter().filter(|&&b| b == b'\n').count();
    let uncovered = |covered: &[bool; 128]| -> HighSet {
        HighSet::new(&std::array::from_fn(|i| telling[i] && !covered[i]))
    };
    let mut wanted = if taken < MAX_SNIPPETS {
        HighSet::new(telling)
    } else {
        uncovered(covered)
    };
    let mut at = 0;
    while let Some(found) = wanted.find(&part[at..]) {
        let i = at + found;
        covered[usize::from(part[i] - 0x80)] = true;
        let (from, to) = word_bounds(part, i);
        out.extend_from_slice(&part[from..to]);
        out.push(b'\n');
        taken += 1;
        // A telling byte inside this snippet gets none of its own.
        at = to;
        if taken >= MAX_SNIPPETS {
            wanted = uncovered(covered);
        }
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
    !read_differently(a, &[b], bytes)[0]
}

/// For each of `others`, whether it reads `bytes` as other text than
/// `best` does. The single-byte ones are decided in one pass over `bytes`
/// together, which ends when each has met a byte it reads its own way (or
/// at the end): a long file with several runners-up is read once, not
/// once for each.
pub fn read_differently(
    best: &'static Encoding,
    others: &[&'static Encoding],
    bytes: &[u8],
) -> Vec<bool> {
    let mut differ = vec![false; others.len()];
    // (which of `others`, the high bytes it reads unlike `best`)
    let mut open: Vec<(usize, [bool; 128])> = Vec::new();
    for (i, &other) in others.iter().enumerate() {
        match (stats::byte_table(best), stats::byte_table(other)) {
            _ if other == best => {}
            (Some(tb), Some(to)) => open.push((i, std::array::from_fn(|k| tb[k] != to[k]))),
            _ => differ[i] = !decodes_alike(best, other, bytes),
        }
    }
    let mut at = 0;
    while !open.is_empty() {
        let any = std::array::from_fn(|k| open.iter().any(|(_, set)| set[k]));
        let Some(found) = HighSet::new(&any).find(&bytes[at..]) else {
            break;
        };
        let value = usize::from(bytes[at + found] - 0x80);
        open.retain(|&(i, set)| {
            differ[i] |= set[value];
            !set[value]
        });
        at += found + 1;
    }
    differ
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
