//! Fuzz target: the encode properties of tests/it/fuzz_props over every encoding.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    wenc_fuzz::check_encode(data, wenc_fuzz::Set::All);
});
