//! wenc_cli: the `wenc` command's front end, on top of the core library
//! [`wenc`] (codec, detect, convert). A crate of its own so that the release
//! build optimises it for size (Cargo.toml); its layers:
//! - [`io`]: inputs (memory-mapped files, streams) and outputs (buffered
//!   standard output, atomic `-o` files), signal safety.
//! - [`cli`]: the `wenc` command: arguments, messages, progress, exit statuses.

pub mod cli;
pub mod io;

// The core's layers under the names they had when they were one crate
// (`crate::codec`, ...).
pub(crate) use wenc::{codec, convert, detect};
