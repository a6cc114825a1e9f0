//! Fuzz target: the statistical detector on arbitrary bytes. No panic, the
//! same answer however the input is chunked, never replacement or
//! x-user-defined, confidences within 0..=1, candidates exactly for Text.
#![no_main]
use libfuzzer_sys::fuzz_target;
use wenc::codec;
use wenc::detect::stats::{detect, Detector, Hint, Verdict};

fuzz_target!(|data: &[u8]| {
    let Some((&control, payload)) = data.split_first() else {
        return;
    };
    let hint = ["ja", "ru", "zh-tw", "cz", "xx"]
        .get(control as usize % 8)
        .and_then(|h| Hint::parse(h));
    let whole = detect(payload, hint);
    // Chunk sizes 1..=32 from the control byte.
    let step = (control as usize >> 3) + 1;
    let mut detector = Detector::new(hint);
    for chunk in payload.chunks(step) {
        detector.feed(chunk);
    }
    assert_eq!(detector.guess(true), whole);
    assert_eq!(whole.verdict == Verdict::Text, !whole.candidates.is_empty());
    for c in &whole.candidates {
        assert!(c.encoding != codec::REPLACEMENT && c.encoding != codec::X_USER_DEFINED);
        assert!((0.0..=1.0).contains(&c.confidence), "{c:?}");
    }
});
