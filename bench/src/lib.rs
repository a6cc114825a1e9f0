//! Empty: the package exists for its benchmark, `codec.rs`.
