//! The work: converting (to one output or each file in place), sniffing
//! and listing, with the guards, the -f auto choice and the progress
//! reporter they use.

pub mod auto;
pub mod convert;
pub mod declared;
pub mod guard;
pub mod inplace;
pub mod list;
pub mod progress;
pub mod read_back;
pub mod sniff;
pub mod strict;
pub mod tree;
pub mod verdict;
