//! Fuzz target: the decode properties of tests/it/fuzz_props over the multi-byte and UTF encodings.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    wenc_fuzz::check_decode(data, wenc_fuzz::Set::Multibyte);
});
