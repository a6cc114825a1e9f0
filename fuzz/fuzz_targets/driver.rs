//! Fuzz target: the whole conversion driver (Converter) with small and odd
//! buffer sizes, fed from a slice, a reader or in -j pieces, against
//! encoding_rs (tests/it/fuzz_props/driver.rs); and the in-place guards twice
//! in a row over the same bytes (tests/it/fuzz_props/guards.rs).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    wenc_fuzz::check_driver(data);
    wenc_fuzz::check_guards(data);
});
