//! Inputs and outputs around the conversion driver.
//!
//! - [`Input`]: regular files are memory-mapped (memmap2) and converted
//!   straight from the mapping, pages released as they are done; standard
//!   input, pipes, devices and anything that cannot be mapped are streamed
//!   through a bounded buffer.
//! - [`Output`]: buffered standard output, or `-o FILE` written to a
//!   temporary file beside the target and renamed over it on success.
//! - [`signals`]: SIGINT/SIGTERM/SIGHUP remove the temporary file; SIGBUS from
//!   a mapped file that shrinks while read becomes an error message.

mod input;
mod output;
#[cfg(unix)]
pub mod signals;
#[cfg(not(unix))]
#[path = "signals_other.rs"]
pub mod signals;

pub use input::{read_prefix, Input, OpenError, Source};
pub use output::{Output, OutputError};
