//! The one list of codec families: [`CodecFamily`] (which family implements an
//! encoding) and the two per-family state enums that [`Decoder`] and
//! [`Encoder`] dispatch through, all made by one macro from the table below.
//!
//! Adding a family: its module, one line here, and its encodings in
//! `indexes/encodings.txt` (build.rs names the `CodecFamily` variant after the
//! encoding: `EUC-JP` is `EucJp`, `UTF-16BE` is `Utf16Be`).
//!
//! Dispatch is a `match`, once per call (never per byte), no `dyn`.
//!
//! [`Decoder`]: super::Decoder
//! [`Encoder`]: super::Encoder

use super::multi_byte::MultiByte;
use super::tables::SingleByteTable;
use super::{
    big5, euc_jp, euc_kr, gb18030, hz_gb_2312, iso_2022_jp, iso_2022_kr, replacement, shift_jis,
    single_byte, utf16, utf8, x_user_defined,
};
use super::{Decoded, Encoded};

/// Each line: a `CodecFamily` variant (with the data its encodings carry); in
/// brackets, whether its decoder and (if it has one) its encoder are back in
/// their initial state after a newline; then its decoder `type = how it is
/// made`, then its encoder likewise, if it has one.
///
/// The newline column is what lets `-j` cut an input after any 0x0A and
/// convert the pieces apart (`convert/parallel.rs`): a family that keeps
/// state across a newline must say `false` there, so it is a column rather
/// than a list kept elsewhere. An encoder's flag is required exactly when
/// the encoder is (the macro expands both in one repetition).
macro_rules! families {
    (@some $enc:ty) => { true };
    (@some) => { false };
    (@enc_nl $enc:ty, $nl:literal) => { $nl };
    // No encoder: nothing is ever written, so there is no state to keep.
    (@enc_nl) => { true };
    (@new $kind:ident = $new_enc:expr) => { Some(EncoderFamily::$kind($new_enc)) };
    (@new $kind:ident) => { None };
    ($(
        $(#[$doc:meta])*
        $kind:ident $(($arg:ident: $arg_ty:ty))? [$dec_nl:literal $(, $enc_nl:literal)?]
            => $dec:ty = $new_dec:expr $(, $enc:ty = $new_enc:expr)?;
    )*) => {
        /// Which codec family implements an encoding.
        #[derive(Clone, Copy)]
        pub(crate) enum CodecFamily {
            $($(#[$doc])* $kind $(($arg_ty))?,)*
        }

        impl CodecFamily {
            /// Whether the family has an encoder (all but replacement).
            pub fn can_encode(self) -> bool {
                match self {
                    $(CodecFamily::$kind { .. } => families!(@some $($enc)?),)*
                }
            }

            /// Whether the family's decoder forgets everything at a newline.
            pub fn decoder_resets_at_newline(self) -> bool {
                match self {
                    $(CodecFamily::$kind { .. } => $dec_nl,)*
                }
            }

            /// Whether the family's encoder is in its initial state after
            /// writing a newline.
            pub fn encoder_resets_at_newline(self) -> bool {
                match self {
                    $(CodecFamily::$kind { .. } => families!(@enc_nl $($enc, $enc_nl)?),)*
                }
            }
        }

        /// A family decoder's state.
        pub(super) enum DecoderFamily {
            $($kind($dec),)*
        }

        impl DecoderFamily {
            pub fn new(family: CodecFamily) -> Self {
                match family {
                    $(CodecFamily::$kind $(($arg))? => DecoderFamily::$kind($new_dec),)*
                }
            }

            pub fn decode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> Decoded {
                match self {
                    $(DecoderFamily::$kind(d) => d.decode(src, dst, last),)*
                }
            }
        }

        /// A family encoder's state.
        pub(super) enum EncoderFamily {
            $($($kind($enc),)?)*
        }

        impl EncoderFamily {
            /// `None` for a family without an encoder.
            pub fn new(family: CodecFamily) -> Option<Self> {
                match family {
                    $(CodecFamily::$kind $(($arg))? => families!(@new $kind $(= $new_enc)?),)*
                }
            }

            pub fn encode(&mut self, src: &str, dst: &mut [u8], last: bool) -> Encoded {
                match self {
                    $($(EncoderFamily::$kind(e) => <$enc>::encode(e, src, dst, last),)?)*
                }
            }
        }
    };
}

families! {
    // [newline resets the decoder, the encoder]
    Utf8 [true, true] => utf8::Utf8Decoder = utf8::Utf8Decoder::new(),
        utf8::Utf8Encoder = utf8::Utf8Encoder;
    SingleByte(t: &'static SingleByteTable) [true, true]
        => single_byte::SingleByteDecoder = single_byte::SingleByteDecoder::new(t),
        single_byte::SingleByteEncoder = single_byte::SingleByteEncoder::new(t);
    Gbk [true, true] => gb18030::Gb18030Decoder = gb18030::Gb18030Decoder::new(),
        gb18030::Gb18030Encoder = gb18030::Gb18030Encoder::new(true);
    Gb18030 [true, true] => gb18030::Gb18030Decoder = gb18030::Gb18030Decoder::new(),
        gb18030::Gb18030Encoder = gb18030::Gb18030Encoder::new(false);
    Big5 [true, true] => big5::Big5Decoder = Default::default(),
        big5::Big5Encoder = big5::Big5Encoder;
    EucJp [true, true] => euc_jp::EucJpDecoder = euc_jp::EucJpDecoder::new(),
        euc_jp::EucJpEncoder = euc_jp::EucJpEncoder;
    /// A newline keeps the decoder's and the encoder's current escape mode.
    Iso2022Jp [false, false]
        => iso_2022_jp::Iso2022JpDecoder = iso_2022_jp::Iso2022JpDecoder::new(),
        iso_2022_jp::Iso2022JpEncoder = iso_2022_jp::Iso2022JpEncoder::new();
    ShiftJis [true, true] => shift_jis::ShiftJisDecoder = Default::default(),
        shift_jis::ShiftJisEncoder = shift_jis::ShiftJisEncoder;
    EucKr [true, true] => euc_kr::EucKrDecoder = Default::default(),
        euc_kr::EucKrEncoder = euc_kr::EucKrEncoder;
    /// Its one U+FFFD stands for the whole input.
    Replacement [false] => replacement::ReplacementDecoder = replacement::ReplacementDecoder::new();
    /// A 0x0A byte is not a newline here.
    Utf16Be [false, true] => utf16::Utf16Decoder = utf16::Utf16Decoder::new(true),
        utf16::Utf16Encoder = utf16::Utf16Encoder::new(true);
    Utf16Le [false, true] => utf16::Utf16Decoder = utf16::Utf16Decoder::new(false),
        utf16::Utf16Encoder = utf16::Utf16Encoder::new(false);
    XUserDefined [true, true]
        => x_user_defined::XUserDefinedDecoder = x_user_defined::XUserDefinedDecoder,
        x_user_defined::XUserDefinedEncoder = x_user_defined::XUserDefinedEncoder;
    /// The 2012 draft's codecs (module `historical`). HZ's `~` newline keeps
    /// GB mode when decoding; its encoder goes back to ASCII before a newline.
    HzGb2312 [false, true] => hz_gb_2312::HzGb2312Decoder = hz_gb_2312::HzGb2312Decoder::new(),
        hz_gb_2312::HzGb2312Encoder = hz_gb_2312::HzGb2312Encoder::new();
    /// A newline after a lead byte is its trail and SO mode goes on; the
    /// encoder writes its designation only once.
    Iso2022Kr [false, false]
        => iso_2022_kr::Iso2022KrDecoder = iso_2022_kr::Iso2022KrDecoder::new(),
        iso_2022_kr::Iso2022KrEncoder = iso_2022_kr::Iso2022KrEncoder::new();
}

impl EncoderFamily {
    /// Html mode for the families that write their references themselves
    /// (the single-byte and double-byte ones: no state, ASCII as itself;
    /// gb18030 writes none): the result, and
    /// the references written. `None` for the others, which the
    /// [`Encoder`](super::Encoder) feeds a reference at a time.
    pub fn encode_html(
        &mut self,
        src: &str,
        dst: &mut [u8],
        last: bool,
    ) -> Option<(Encoded, super::shared::References)> {
        match self {
            EncoderFamily::SingleByte(e) => Some(e.encode_html(src, dst, last)),
            EncoderFamily::Gbk(e) | EncoderFamily::Gb18030(e) => {
                Some(e.encode_html(src, dst, last))
            }
            EncoderFamily::Big5(e) => Some(e.encode_html(src, dst, last)),
            EncoderFamily::EucJp(e) => Some(e.encode_html(src, dst, last)),
            EncoderFamily::ShiftJis(e) => Some(e.encode_html(src, dst, last)),
            EncoderFamily::EucKr(e) => Some(e.encode_html(src, dst, last)),
            _ => None,
        }
    }
}
