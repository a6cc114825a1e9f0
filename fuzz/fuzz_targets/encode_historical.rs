//! Fuzz target: the encode properties of tests/it/fuzz_props over the 2012 draft's HZ-GB-2312 and ISO-2022-KR (`--historical`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    wenc_fuzz::check_encode(data, wenc_fuzz::Set::Historical);
});
