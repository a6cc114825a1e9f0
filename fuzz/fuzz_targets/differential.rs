//! Fuzz target: wenc (chunked) against encoding_rs (one shot), decoding and
//! encoding, both error modes, every encoding (see tests/it/fuzz_props).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    wenc_fuzz::check_differential(data);
});
