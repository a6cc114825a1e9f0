//! wenc's integration tests, in one binary (as ripgrep's): each module is
//! one subject; `util` runs the wenc binary, `common` drives wenc's codec
//! and encoding_rs alike through the drivers of the fuzz properties
//! (`fuzz_props`, shared with fuzz/), `sniff_props` the detector's;
//! `shared` finds `../shared`.

mod common;
mod fuzz_props;
mod shared;
mod sniff_props;
mod util;

mod auto_in_place;
mod chunking;
mod cli;
mod closed_pipe;
mod corpus;
mod damaged;
mod differential;
mod fast_paths;
mod faults;
mod fuzz_regressions;
mod generated_docs;
#[cfg(unix)]
mod guarantees;
mod habits;
mod hardening;
mod historical;
mod indexes;
mod label_parsing;
mod labels;
#[cfg(unix)]
mod nothing_lost;
mod parallel;
mod pipes;
#[cfg(unix)]
mod promised;
#[cfg(unix)]
mod renamed;
mod safety;
mod security;
#[cfg(unix)]
mod several;
#[cfg(unix)]
mod shrinking;
mod sniff;
mod spec_examples;
#[cfg(unix)]
mod trees;
#[cfg(unix)]
mod twice;
mod verdict;
