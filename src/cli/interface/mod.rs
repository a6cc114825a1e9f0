//! The interface: the arguments clap parses, the help, man page and
//! completions they render, and the names of encodings (labels, extra
//! names, --historical).

pub mod args;
pub mod completions;
pub mod docs;
pub mod historical;
pub mod labels;
pub mod names;
