//! Encoding detection.

pub mod stats;
