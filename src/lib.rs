//! wenc: transcode text between the encodings of the WHATWG Encoding Standard.
//!
//! Layers, each using only the ones below it:
//! - [`codec`]: every encoding's decoder and encoder, labels, BOM sniffing.
//!   Pure: no I/O.
//! - [`convert`]: the conversion driver. Moves bytes through a decoder and an
//!   encoder in fixed-size buffers, applies the error mode, counts
//!   replacements, locates errors. Knows `Read`/`Write`, not files.
//! - [`io`]: inputs (memory-mapped files, streams) and outputs (buffered
//!   standard output, atomic `-o` files), signal safety.
//! - [`cli`]: the `wenc` command: arguments, messages, progress, exit statuses.

pub mod cli;
pub mod codec;
pub mod convert;
pub mod detect;
pub mod io;
