//! The properties the `sniff` fuzz target checks (fuzz/fuzz_targets/sniff.rs
//! includes this file; tests/it/sniff.rs runs them on random inputs): on any
//! bytes the prescan and the combined sniff finish without panicking, read
//! only what they say they read, and give a consistent answer.

use wenc::codec::{Encoding, UTF_16BE, UTF_16LE, X_USER_DEFINED};
use wenc::detect::{self, prescan, Hint, Place, Source};

const HINTS: &[&str] = &["ja", "ru", "zh-tw", ".cz", "ko"];

/// The first byte chooses `complete` (bit 0) and a hint (the rest); the
/// other bytes are the input.
pub fn check_sniff(data: &[u8]) {
    let Some((&flags, bytes)) = data.split_first() else {
        return;
    };
    let complete = flags & 1 == 1;
    let hint = HINTS
        .get(usize::from(flags >> 1) % (HINTS.len() + 1))
        .and_then(|h| Hint::parse(h));
    check_prescan(bytes);
    let s = detect::sniff(bytes, complete, hint);
    assert!((0.0..=1.0).contains(&s.confidence), "{s:?}");
    assert_eq!(s.encoding.is_none(), s.source == Source::Binary, "{s:?}");
    assert_eq!(
        s.candidates.first().map(|c| c.encoding),
        s.encoding,
        "{s:?}"
    );
    for c in &s.candidates {
        assert!((0.0..=1.0).contains(&c.confidence), "{s:?}");
    }
    if s.source == Source::Declaration {
        let d = s.declared.expect("a declaration");
        assert_eq!(Some(d.encoding), s.encoding);
        assert!(s.contradicted().is_none());
    }
    if s.source == Source::Bom {
        assert_eq!(
            wenc::codec::bom_sniff(bytes).map(|(e, _)| e),
            s.encoding,
            "{s:?}"
        );
    }
    if s.source == Source::Guess {
        let e = s.encoding.unwrap();
        assert!(e != X_USER_DEFINED && e.can_encode(), "{s:?}");
    }
    // Bytes past the limit change nothing.
    if bytes.len() > detect::SNIFF_LIMIT {
        let cut = detect::sniff(&bytes[..detect::SNIFF_LIMIT], false, hint);
        assert_eq!(cut, s);
    }
}

/// The prescan reads only its window, and a `<meta>` never declares UTF-16
/// or x-user-defined.
fn check_prescan(bytes: &[u8]) {
    let found = prescan::prescan(bytes);
    if bytes.len() > prescan::WINDOW {
        assert_eq!(found, prescan::prescan(&bytes[..prescan::WINDOW]));
    }
    if let Some(d) = found {
        if d.place == Place::Meta {
            let forbidden: [&'static Encoding; 3] = [UTF_16BE, UTF_16LE, X_USER_DEFINED];
            assert!(!forbidden.contains(&d.encoding), "{d:?}");
        }
    }
}

/// Pieces of markup that random inputs are made of, so that they reach
/// the prescan's every branch.
pub const TOKENS: &[&[u8]] = &[
    b"<meta",
    b"<META ",
    b" charset=",
    b"charset",
    b"=",
    b"\"",
    b"'",
    b"<!--",
    b"-->",
    b"<!-->",
    b">",
    b"<",
    b"/",
    b"</",
    b"<?",
    b"<!",
    b" http-equiv=content-type",
    b" content=",
    b"text/html; charset=",
    b"shift_jis",
    b"utf-16",
    b"x-user-defined",
    b"bogus",
    b" ",
    b"\t",
    b"\x00",
    b"\x82\xA0",
    b"\xE3\x81\x82",
    b"<?xml ",
    b"encoding",
    b"~{",
    b"~}",
    b"<:Ky",
    b"\x1B$)C",
    b"\x0E",
    b"\xEF\xBB\xBF",
    b"\xFF\xFE",
    b"<\x00?\x00x\x00",
    b"a",
    b";",
];
