//! The one list of codec families: [`Kind`] (which family implements an
//! encoding) and the two per-family state enums that [`Decoder`] and
//! [`Encoder`] dispatch through, all made by one macro from the table below.
//!
//! Adding a family: its module, one line here, and its encodings in
//! `indexes/encodings.txt` (build.rs names the `Kind` variant after the
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

/// Each line: a `Kind` variant (with the data its encodings carry), then its
/// decoder `type = how it is made`, then its encoder likewise, if it has one.
macro_rules! families {
    (@some $enc:ty) => { true };
    (@some) => { false };
    (@new $kind:ident = $new_enc:expr) => { Some(EncoderFamily::$kind($new_enc)) };
    (@new $kind:ident) => { None };
    ($(
        $(#[$doc:meta])*
        $kind:ident $(($arg:ident: $arg_ty:ty))?
            => $dec:ty = $new_dec:expr $(, $enc:ty = $new_enc:expr)?;
    )*) => {
        /// Which codec family implements an encoding.
        #[derive(Clone, Copy)]
        pub(crate) enum Kind {
            $($(#[$doc])* $kind $(($arg_ty))?,)*
        }

        impl Kind {
            /// Whether the family has an encoder (all but replacement).
            pub fn can_encode(self) -> bool {
                match self {
                    $(Kind::$kind { .. } => families!(@some $($enc)?),)*
                }
            }
        }

        /// A family decoder's state.
        pub(super) enum DecoderFamily {
            $($kind($dec),)*
        }

        impl DecoderFamily {
            pub fn new(kind: Kind) -> Self {
                match kind {
                    $(Kind::$kind $(($arg))? => DecoderFamily::$kind($new_dec),)*
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
            pub fn new(kind: Kind) -> Option<Self> {
                match kind {
                    $(Kind::$kind $(($arg))? => families!(@new $kind $(= $new_enc)?),)*
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
    Utf8 => utf8::Utf8Decoder = utf8::Utf8Decoder::new(),
        utf8::Utf8Encoder = utf8::Utf8Encoder;
    SingleByte(t: &'static SingleByteTable)
        => single_byte::SingleByteDecoder = single_byte::SingleByteDecoder::new(t),
        single_byte::SingleByteEncoder = single_byte::SingleByteEncoder::new(t);
    Gbk => gb18030::Gb18030Decoder = gb18030::Gb18030Decoder::new(),
        gb18030::Gb18030Encoder = gb18030::Gb18030Encoder::new(true);
    Gb18030 => gb18030::Gb18030Decoder = gb18030::Gb18030Decoder::new(),
        gb18030::Gb18030Encoder = gb18030::Gb18030Encoder::new(false);
    Big5 => big5::Big5Decoder = Default::default(),
        big5::Big5Encoder = big5::Big5Encoder;
    EucJp => euc_jp::EucJpDecoder = euc_jp::EucJpDecoder::new(),
        euc_jp::EucJpEncoder = euc_jp::EucJpEncoder;
    Iso2022Jp => iso_2022_jp::Iso2022JpDecoder = iso_2022_jp::Iso2022JpDecoder::new(),
        iso_2022_jp::Iso2022JpEncoder = iso_2022_jp::Iso2022JpEncoder::new();
    ShiftJis => shift_jis::ShiftJisDecoder = Default::default(),
        shift_jis::ShiftJisEncoder = shift_jis::ShiftJisEncoder;
    EucKr => euc_kr::EucKrDecoder = Default::default(),
        euc_kr::EucKrEncoder = euc_kr::EucKrEncoder;
    Replacement => replacement::ReplacementDecoder = replacement::ReplacementDecoder::new();
    Utf16Be => utf16::Utf16Decoder = utf16::Utf16Decoder::new(true),
        utf16::Utf16Encoder = utf16::Utf16Encoder::new(true);
    Utf16Le => utf16::Utf16Decoder = utf16::Utf16Decoder::new(false),
        utf16::Utf16Encoder = utf16::Utf16Encoder::new(false);
    XUserDefined => x_user_defined::XUserDefinedDecoder = x_user_defined::XUserDefinedDecoder,
        x_user_defined::XUserDefinedEncoder = x_user_defined::XUserDefinedEncoder;
    /// The 2012 draft's codecs (module `historical`).
    HzGb2312 => hz_gb_2312::HzGb2312Decoder = hz_gb_2312::HzGb2312Decoder::new(),
        hz_gb_2312::HzGb2312Encoder = hz_gb_2312::HzGb2312Encoder::new();
    Iso2022Kr => iso_2022_kr::Iso2022KrDecoder = iso_2022_kr::Iso2022KrDecoder::new(),
        iso_2022_kr::Iso2022KrEncoder = iso_2022_kr::Iso2022KrEncoder::new();
}
