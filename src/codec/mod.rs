//! The codec: every encoding of the WHATWG Encoding Standard, streaming.
//!
//! Pure code: no files, flags or terminals. Decoders turn bytes into UTF-8,
//! encoders turn UTF-8 into bytes, both into caller-provided buffers, chunk by
//! chunk, with an explicit end of input (`last`). Output does not depend on how
//! the input is chunked.
//!
//! Each family lives in its own module and implements the standard's algorithm
//! "without replacement": it stops at the first error and says exactly which
//! bytes were malformed. [`Decoder`] and [`Encoder`] wrap the families and add
//! BOM sniffing ([`input_encoding`] says which encoding an input is really
//! in), stream positions, and a call for each error mode: without
//! replacement (stop at the error: fatal) and with it (U+FFFD for
//! decoding; `&#N;` or a substitute for encoding), which also count the
//! replacements. Which call to make, and what a stop means, is the
//! driver's choice (`crate::convert`).
//!
//! Beyond the standard, module `historical` adds the 2012 draft's HZ-GB-2312
//! and ISO-2022-KR, which only [`Encoding::for_label_historical`] reaches.
//!
//! The families are listed once, in `families.rs` (the kinds and both
//! dispatch enums); test helpers for all of them are in `test_support.rs`.

mod ascii;
pub(crate) use ascii::ascii_run;
mod big5;
mod euc_jp;
mod euc_kr;
mod families;
mod gb18030;
mod historical;
mod hz_gb_2312;
mod iso_2022_jp;
mod iso_2022_kr;
mod multi_byte;
mod pair_encode;
mod registry;
mod replacement;
mod reverse;
mod shared;
mod shift_jis;
mod simd;
mod single_byte;
mod tables;
#[cfg(test)]
mod test_support;
mod utf16;
mod utf8;
mod x_user_defined;

mod decoder;
mod encoder;

pub use decoder::{Decoder, DecoderResult, MalformedSequence};
pub use encoder::{Encoder, EncoderResult, UnmappableChar};
pub use historical::{HZ_GB_2312, ISO_2022_KR};
pub(crate) use registry::could_be_bom_prefix;
pub use registry::{bom_bytes, bom_sniff, input_encoding, Encoding};
pub use shared::decimal;
#[doc(hidden)]
pub use simd::{force_path, Kernel as SimdPath};
pub use tables::{
    BIG5, EUC_JP, EUC_KR, GB18030, GBK, IBM866, ISO_2022_JP, ISO_8859_10, ISO_8859_13, ISO_8859_14,
    ISO_8859_15, ISO_8859_16, ISO_8859_2, ISO_8859_3, ISO_8859_4, ISO_8859_5, ISO_8859_6,
    ISO_8859_7, ISO_8859_8, ISO_8859_8_I, KOI8_R, KOI8_U, MACINTOSH, REPLACEMENT, SHIFT_JIS,
    UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1250, WINDOWS_1251, WINDOWS_1252, WINDOWS_1253,
    WINDOWS_1254, WINDOWS_1255, WINDOWS_1256, WINDOWS_1257, WINDOWS_1258, WINDOWS_874,
    X_MAC_CYRILLIC, X_USER_DEFINED,
};

/// Output buffers at least this long always allow progress: a decoder or an
/// encoder given a shorter `dst` may report [`CoderStatus::OutputFull`] without
/// having consumed anything.
pub const MIN_OUTPUT_BUFFER: usize = 16;

/// Why a replacing call returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoderStatus {
    /// All of `src` was consumed (and, with `last`, the stream is finished).
    InputEmpty,
    /// `dst` has no room for the next output; call again with more room.
    OutputFull,
}

/// The result of one call to a replacing decode or encode (replacement mode for
/// decoders, html mode for encoders).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Replaced<E> {
    pub status: CoderStatus,
    /// Bytes of `src` consumed.
    pub read: usize,
    /// Bytes of `dst` written.
    pub written: usize,
    /// Errors replaced during this call.
    pub replaced: u64,
    /// The first error replaced during this call, if any.
    pub first: Option<E>,
}

impl<E> Replaced<E> {
    /// A call that has read and written nothing yet.
    pub(crate) fn start() -> Self {
        Replaced {
            status: CoderStatus::InputEmpty,
            read: 0,
            written: 0,
            replaced: 0,
            first: None,
        }
    }

    /// The call ends because `dst` is full.
    pub(crate) fn full(mut self) -> Self {
        self.status = CoderStatus::OutputFull;
        self
    }

    /// Counts one replaced error, keeping the first.
    pub(crate) fn count(&mut self, error: E) {
        self.replaced += 1;
        self.first.get_or_insert(error);
    }
}

/// What a family decoder reports: the standard's algorithm without the error
/// mode applied. Positions are made absolute by [`Decoder`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RawDecoderResult {
    InputEmpty,
    OutputFull,
    Malformed(RawMalformed),
}

/// A malformed sequence as seen by a family decoder.
///
/// `bytes[..len]` are the bytes the standard's algorithm consumed into the
/// error (for example `[0xE2, 0x82]` for UTF-8 `E2 82 41`: the 0x41 is read
/// again). `pending_after` counts bytes the family already took from its input
/// (in this call or earlier ones) that come *after* the malformed sequence and
/// will be read again from its internal queue (gb18030's four-byte failure
/// restores three such bytes). A family that can re-read a byte by simply not
/// consuming it from `src` reports 0 here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RawMalformed {
    pub bytes: [u8; 4],
    pub len: u8,
    pub pending_after: u8,
}

impl RawMalformed {
    /// `bytes` must be 1 to 4 bytes long.
    pub fn new(bytes: &[u8], pending_after: u8) -> Self {
        let mut b = [0; 4];
        b[..bytes.len()].copy_from_slice(bytes);
        RawMalformed {
            bytes: b,
            len: bytes.len() as u8,
            pending_after,
        }
    }
}

/// What a family encoder reports. `Unmappable` carries the standard's error
/// code point (ISO-2022-JP reports U+FFFD for ESC, SO and SI); the character
/// that caused it has been consumed and is the last one counted in `read`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RawEncoderResult {
    InputEmpty,
    OutputFull,
    Unmappable(char),
}

/// What a family decoder's `decode` returns: its result, the bytes of `src`
/// read and the bytes of `dst` written.
pub(crate) type Decoded = (RawDecoderResult, usize, usize);

/// What a family encoder's `encode` returns: its result, the bytes of `src`
/// read and the bytes of `dst` written.
pub(crate) type Encoded = (RawEncoderResult, usize, usize);
