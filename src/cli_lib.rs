//! wenc_cli: the `wenc` command's front end, [`cli`] (arguments, messages,
//! progress, exit statuses), on top of the core library [`wenc`] (codec,
//! detect, convert, io). A crate of its own so that the release build
//! optimises it for size (Cargo.toml): none of it runs per byte.

pub mod cli;

// The core's layers under the names they had when they were one crate
// (`crate::codec`, ...).
pub(crate) use wenc::{codec, convert, detect, io};
