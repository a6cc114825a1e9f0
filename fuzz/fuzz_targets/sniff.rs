//! Fuzz target: the prescan and the combined sniff on arbitrary bytes (no
//! panic, bounded work, a consistent answer); see tests/it/sniff_props.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../../tests/it/sniff_props/mod.rs"]
mod sniff_props;

fuzz_target!(|data: &[u8]| {
    sniff_props::check_sniff(data);
});
