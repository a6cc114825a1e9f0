//! Inputs and outputs around the conversion driver.
//!
//! - [`Input`]: regular files are memory-mapped (memmap2) and converted
//!   straight from the mapping, pages released as they are done; standard
//!   input, pipes, devices and anything that cannot be mapped are streamed
//!   through a bounded buffer.
//! - [`Output`]: buffered standard output, or `-o FILE` written to a
//!   temporary file beside the target and renamed over it on success (a
//!   regular file, found by the kernel, given the target's owner, group,
//!   mode and ACL before any data), or written in place when it cannot be
//!   replaced (a device, a FIFO, standard output named `/dev/stdout`).
//! - [`staged`]: a batch of replaced files made durable by one sync.
//! - [`signals`]: every terminating signal removes the temporary files; SIGBUS
//!   from a mapped file that shrinks while read becomes an error message.
//! - [`ExitOnOom`]: the binary's allocator; running out of memory is a
//!   message and status 1, not an abort.

#[cfg(unix)]
mod attrs;
mod bus;
mod identity;
mod input;
mod oom;
mod open;
mod output;
#[cfg(unix)]
pub mod signals;
#[cfg(not(unix))]
#[path = "signals_other.rs"]
pub mod signals;
pub mod staged;
#[cfg(unix)]
mod target;
#[cfg(unix)]
mod temp;
#[cfg(not(unix))]
#[path = "temp_other.rs"]
mod temp;
pub mod walk;

#[cfg(unix)]
pub use attrs::{KeepError, Kept};
pub use bus::{any_shrank, Shrank};
pub use identity::Identity;
pub use input::{Input, Origin};
pub use oom::ExitOnOom;
pub use open::OpenError;
pub use output::{Output, OutputError};
