//! The property checks the fuzz targets run. They live in the main crate's
//! tests (tests/it/fuzz_props) so that saved crash inputs replay under
//! `cargo test` too.

#[path = "../../tests/it/fuzz_props/mod.rs"]
mod fuzz_props;

pub use fuzz_props::*;
