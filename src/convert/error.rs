//! What can go wrong in a conversion, with positions: data only (the
//! CLI's report words it).

use super::TextPosition;
use crate::codec::Encoding;
use std::io;

/// A malformed byte sequence in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MalformedInput {
    /// The encoding the input was decoded with (the one a BOM named, if any).
    pub encoding: &'static Encoding,
    /// 0-based byte offset of the sequence in the input (a BOM counts).
    pub offset: u64,
    bytes: [u8; 4],
    len: u8,
    /// Where the sequence sits in the decoded text.
    pub position: TextPosition,
}

impl MalformedInput {
    pub fn new(
        encoding: &'static Encoding,
        offset: u64,
        bytes: &[u8],
        position: TextPosition,
    ) -> MalformedInput {
        let len = bytes.len().min(4);
        let mut b = [0; 4];
        b[..len].copy_from_slice(&bytes[..len]);
        MalformedInput {
            encoding,
            offset,
            bytes: b,
            len: len as u8,
            position,
        }
    }

    /// The bytes the decoder consumed into this error.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes[..self.len as usize]
    }

    /// The bytes as upper-case hex pairs separated by spaces (`82 22`).
    pub fn hex(&self) -> String {
        let hex: Vec<String> = self.bytes().iter().map(|b| format!("{b:02X}")).collect();
        hex.join(" ")
    }
}

/// A character the output encoding cannot represent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnmappableChar {
    /// The output encoding.
    pub encoding: &'static Encoding,
    /// The character in the decoded text.
    pub ch: char,
    /// 0-based offset of the character in the decoded text, as UTF-8 bytes.
    pub text_offset: u64,
    /// Where the character sits in the decoded text.
    pub position: TextPosition,
}

/// Why a conversion stopped.
#[derive(Debug)]
pub enum ConvertError {
    /// Malformed input in fatal mode.
    Malformed(MalformedInput),
    /// A character the output encoding cannot represent (fatal and
    /// replacement modes).
    Unmappable(UnmappableChar),
    /// Reading the input failed.
    Read(io::Error),
    /// Writing the output failed.
    Write(io::Error),
    /// A codec broke its contract (a bug, reported instead of a panic or a hang).
    Internal(&'static str),
}
