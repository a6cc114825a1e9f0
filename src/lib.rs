//! wenc: transcode text between the encodings of the WHATWG Encoding Standard.
//!
//! Layers, each using only the one below it:
//! - [`codec`]: every encoding's decoder and encoder, labels, BOM sniffing.
//!   Pure: no I/O.

pub mod codec;
