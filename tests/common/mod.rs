//! Shared test helpers: drive wenc's codec and encoding_rs (the oracle) the
//! same way and record what each produced, errors included.
#![allow(dead_code)]

use wenc::codec::{CoderStatus, DecoderResult, EncoderResult, Encoding};

/// What a fatal-mode run produced: text segments between errors, and each
/// error as (offset, length) for decoders or (offset, code point) for encoders.
#[derive(Debug, PartialEq, Eq, Clone)]
pub enum Event {
    Output(Vec<u8>),
    Malformed { offset: u64, len: usize },
    Unmappable { offset: u64, ch: char },
}

/// Appends output, merging with a preceding output event.
fn push_output(events: &mut Vec<Event>, bytes: &[u8]) {
    if bytes.is_empty() {
        return;
    }
    if let Some(Event::Output(v)) = events.last_mut() {
        v.extend_from_slice(bytes);
    } else {
        events.push(Event::Output(bytes.to_vec()));
    }
}

/// The encoding_rs encoding with the same name.
pub fn oracle(enc: &'static Encoding) -> &'static encoding_rs::Encoding {
    encoding_rs::Encoding::for_label(enc.labels()[0].as_bytes())
        .unwrap_or_else(|| panic!("encoding_rs lacks {}", enc.name()))
}

/// wenc, fatal mode, without BOM handling, fed in the given chunks with an
/// output buffer of `dst_len` bytes.
pub fn wenc_decode_fatal(enc: &'static Encoding, chunks: &[&[u8]], dst_len: usize) -> Vec<Event> {
    let mut decoder = enc.new_decoder_without_bom_handling();
    let mut events = Vec::new();
    let mut dst = vec![0u8; dst_len];
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut read = 0;
        loop {
            let (result, r, w) = decoder.decode_without_replacement(&chunk[read..], &mut dst, last);
            read += r;
            push_output(&mut events, &dst[..w]);
            match result {
                DecoderResult::InputEmpty => break,
                DecoderResult::OutputFull => {}
                DecoderResult::Malformed(m) => events.push(Event::Malformed {
                    offset: m.offset,
                    len: m.bytes().len(),
                }),
            }
        }
    }
    events
}

/// encoding_rs, fatal mode, without BOM handling, one shot.
pub fn oracle_decode_fatal(enc: &'static Encoding, bytes: &[u8]) -> Vec<Event> {
    let mut decoder = oracle(enc).new_decoder_without_bom_handling();
    let mut events = Vec::new();
    let mut dst = vec![0u8; 64];
    let mut read = 0;
    loop {
        let (result, r, w) =
            decoder.decode_to_utf8_without_replacement(&bytes[read..], &mut dst, true);
        read += r;
        push_output(&mut events, &dst[..w]);
        match result {
            encoding_rs::DecoderResult::InputEmpty => return events,
            encoding_rs::DecoderResult::OutputFull => {}
            encoding_rs::DecoderResult::Malformed(len, after) => {
                let offset = (read - after as usize - len as usize) as u64;
                events.push(Event::Malformed {
                    offset,
                    len: len as usize,
                });
            }
        }
    }
}

/// wenc, replacement mode, without BOM handling, in chunks.
pub fn wenc_decode_replacing(enc: &'static Encoding, chunks: &[&[u8]], dst_len: usize) -> Vec<u8> {
    let mut decoder = enc.new_decoder_without_bom_handling();
    let mut out = Vec::new();
    let mut dst = vec![0u8; dst_len];
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut read = 0;
        loop {
            let step = decoder.decode_with_replacement(&chunk[read..], &mut dst, last);
            read += step.read;
            out.extend_from_slice(&dst[..step.written]);
            if step.status == CoderStatus::InputEmpty {
                break;
            }
        }
    }
    out
}

/// encoding_rs, replacement mode, without BOM handling.
pub fn oracle_decode_replacing(enc: &'static Encoding, bytes: &[u8]) -> Vec<u8> {
    let (text, _) = oracle(enc).decode_without_bom_handling(bytes);
    text.into_owned().into_bytes()
}

/// wenc, fatal mode, in chunks of text.
pub fn wenc_encode_fatal(enc: &'static Encoding, chunks: &[&str], dst_len: usize) -> Vec<Event> {
    let mut encoder = enc.new_encoder().expect("encoder");
    let mut events = Vec::new();
    let mut dst = vec![0u8; dst_len];
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut read = 0;
        loop {
            let (result, r, w) = encoder.encode_without_replacement(&chunk[read..], &mut dst, last);
            read += r;
            push_output(&mut events, &dst[..w]);
            match result {
                EncoderResult::InputEmpty => break,
                EncoderResult::OutputFull => {}
                EncoderResult::Unmappable(u) => events.push(Event::Unmappable {
                    offset: u.offset,
                    ch: u.ch,
                }),
            }
        }
    }
    events
}

/// encoding_rs, fatal mode, one shot.
pub fn oracle_encode_fatal(enc: &'static Encoding, text: &str) -> Vec<Event> {
    let mut encoder = oracle(enc).new_encoder();
    let mut events = Vec::new();
    let mut dst = vec![0u8; 64];
    let mut read = 0;
    loop {
        let (result, r, w) =
            encoder.encode_from_utf8_without_replacement(&text[read..], &mut dst, true);
        read += r;
        push_output(&mut events, &dst[..w]);
        match result {
            encoding_rs::EncoderResult::InputEmpty => return events,
            encoding_rs::EncoderResult::OutputFull => {}
            encoding_rs::EncoderResult::Unmappable(ch) => {
                // The offending character is the last one consumed (encoding_rs,
                // like the standard, reports U+FFFD for ISO-2022-JP's ESC, SO, SI).
                let len = text[..read].chars().next_back().map_or(0, char::len_utf8);
                let offset = (read - len) as u64;
                events.push(Event::Unmappable { offset, ch });
            }
        }
    }
}

/// wenc, html mode, in chunks of text.
pub fn wenc_encode_html(enc: &'static Encoding, chunks: &[&str], dst_len: usize) -> Vec<u8> {
    let mut encoder = enc.new_encoder().expect("encoder");
    let mut out = Vec::new();
    let mut dst = vec![0u8; dst_len];
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut read = 0;
        loop {
            let step = encoder.encode_with_html(&chunk[read..], &mut dst, last);
            read += step.read;
            out.extend_from_slice(&dst[..step.written]);
            if step.status == CoderStatus::InputEmpty {
                break;
            }
        }
    }
    out
}

/// encoding_rs, html mode. encoding_rs has no UTF-16 encoder (the standard
/// has none); wenc's is checked against std's UTF-16 instead.
pub fn oracle_encode_html(enc: &'static Encoding, text: &str) -> Vec<u8> {
    match enc.name() {
        "UTF-16LE" => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        "UTF-16BE" => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        _ => {
            let mut encoder = oracle(enc).new_encoder();
            let mut out = Vec::with_capacity(text.len() * 4 + 16);
            let mut dst = vec![0u8; 64];
            let mut read = 0;
            loop {
                let (result, r, w, _) = encoder.encode_from_utf8(&text[read..], &mut dst, true);
                read += r;
                out.extend_from_slice(&dst[..w]);
                if result == encoding_rs::CoderResult::InputEmpty {
                    return out;
                }
            }
        }
    }
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

/// ../shared/corpus/wikipedia, when present beside the project (or beside
/// the directory holding this git worktree).
pub fn corpus_dir() -> Option<std::path::PathBuf> {
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // The crate sits next to `shared/`; a git worktree one level deeper.
    [
        manifest.join("../shared/corpus/wikipedia"),
        manifest.join("../../shared/corpus/wikipedia"),
    ]
    .into_iter()
    .find(|d| d.is_dir())
}
