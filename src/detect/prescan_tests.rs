//! The HTML Standard's prescan cases, one behaviour per test.

use super::*;
use crate::codec::{EUC_JP, GBK, ISO_8859_2, REPLACEMENT, SHIFT_JIS, WINDOWS_1251};

/// The encoding `html` declares, if any.
fn declared(html: &[u8]) -> Option<&'static str> {
    prescan(html).map(|d| d.encoding.name())
}

/// The encoding `html` declares in `place`; one declared elsewhere fails.
fn declared_at(html: &str, place: Place) -> Option<&'static str> {
    match prescan(html.as_bytes()) {
        Some(d) if d.place == place => Some(d.encoding.name()),
        Some(other) => panic!("{html:?} declared in {other:?}, not in {place:?}"),
        None => None,
    }
}

fn meta(html: &str) -> Option<&'static str> {
    declared_at(html, Place::Meta)
}

#[test]
fn meta_charset_in_every_quoting() {
    meta_cases(&[
        ("<meta charset=shift_jis>", Some("Shift_JIS")),
        ("<meta charset=\"shift_jis\">", Some("Shift_JIS")),
        ("<meta charset='shift_jis'>", Some("Shift_JIS")),
        ("<meta charset = \" sjis \" >", Some("Shift_JIS")),
        // The '/' is part of a bare value.
        ("<meta charset=sjis/>", None),
        ("<meta charset=sjis />", Some("Shift_JIS")),
        ("<meta/charset=euc-jp>", Some("EUC-JP")),
        ("<meta\ncharset=euc-jp>", Some("EUC-JP")),
    ]);
}

/// Each markup's `<meta>` declaration is the expected encoding, or none.
fn meta_cases(cases: &[(&str, Option<&str>)]) {
    for &(html, want) in cases {
        assert_eq!(meta(html), want, "{html:?}");
    }
}

#[test]
fn names_values_and_tag_in_any_case() {
    assert_eq!(meta("<META CHARSET=SHIFT_JIS>"), Some("Shift_JIS"));
    assert_eq!(
        meta("<MeTa ChArSeT=\"Windows-1251\">"),
        Some("windows-1251")
    );
    assert_eq!(
        meta("<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; CHARSET=EUC-JP\">"),
        Some("EUC-JP")
    );
}

#[test]
fn http_equiv_needs_content_and_content_needs_http_equiv() {
    let both = "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=gbk\">";
    assert_eq!(meta(both), Some("GBK"));
    let reversed = "<meta content=\"text/html; charset=gbk\" http-equiv=content-type>";
    assert_eq!(meta(reversed), Some("GBK"));
    assert_eq!(meta("<meta content=\"text/html; charset=gbk\">"), None);
    assert_eq!(meta("<meta http-equiv=\"Content-Type\">"), None);
    assert_eq!(
        meta("<meta http-equiv=refresh content=\"0; charset=gbk\">"),
        None,
        "only content-type is a pragma"
    );
    assert_eq!(
        meta("<meta http-equiv=\" content-type\" content=\"charset=gbk\">"),
        None,
        "the pragma's value is compared as is"
    );
}

#[test]
fn charset_wins_over_content_whichever_comes_first() {
    let after = "<meta http-equiv=content-type content=\"charset=gbk\" charset=big5>";
    assert_eq!(meta(after), Some("Big5"));
    let before = "<meta charset=big5 http-equiv=content-type content=\"charset=gbk\">";
    assert_eq!(meta(before), Some("Big5"));
    // charset needs no pragma, even with a content that does.
    assert_eq!(
        meta("<meta content=\"charset=gbk\" charset=big5>"),
        Some("Big5")
    );
}

#[test]
fn an_unknown_charset_label_is_a_failure_not_null() {
    // The failure blocks the content's encoding and the <meta> declares
    // nothing; the scan goes on to the next one.
    let html = "<meta charset=bogus http-equiv=content-type content=\"charset=gbk\">\
                <meta charset=euc-jp>";
    assert_eq!(meta(html), Some("EUC-JP"));
    assert_eq!(meta("<meta charset=bogus>"), None);
    // An unknown label in content is "nothing": a later charset counts.
    let html = "<meta http-equiv=content-type content=\"charset=bogus\" charset=gbk>";
    assert_eq!(meta(html), Some("GBK"));
}

#[test]
fn duplicate_attributes_are_ignored() {
    assert_eq!(meta("<meta charset=gbk charset=big5>"), Some("GBK"));
    assert_eq!(meta("<meta charset=gbk CHARSET=big5>"), Some("GBK"));
    let html = "<meta http-equiv=content-type http-equiv=refresh content=\"charset=gbk\">";
    assert_eq!(meta(html), Some("GBK"), "the second http-equiv is ignored");
    let html = "<meta http-equiv=refresh http-equiv=content-type content=\"charset=gbk\">";
    assert_eq!(meta(html), None);
    let html = "<meta http-equiv=content-type content=\"x\" content=\"charset=gbk\">";
    assert_eq!(meta(html), None, "the second content is ignored");
}

#[test]
fn the_content_value_is_parsed_as_the_standard_says() {
    let get = |s: &str| charset_from_content(s.as_bytes()).map(Encoding::name);
    assert_eq!(get("text/html; charset=gbk"), Some("GBK"));
    assert_eq!(get("text/html;charset = 'gbk'"), Some("GBK"));
    assert_eq!(get("charset=\"euc-jp\" ; x"), Some("EUC-JP"));
    assert_eq!(get("CHARSET=Shift_JIS;foo"), Some("Shift_JIS"));
    assert_eq!(get("charset=gbk x"), Some("GBK"));
    assert_eq!(
        get("charsetcharset=gbk"),
        Some("GBK"),
        "searched again after a miss"
    );
    assert_eq!(get("charset x charset=gbk"), Some("GBK"));
    assert_eq!(get("charset=\"gbk"), None, "unmatched quote");
    assert_eq!(get("charset='gbk"), None);
    assert_eq!(get("charset="), None);
    assert_eq!(get("charset= "), None);
    assert_eq!(get("text/html"), None);
    assert_eq!(get("charset=bogus"), None);
}

#[test]
fn comments_are_skipped_including_the_short_ones() {
    assert_eq!(
        meta("<!-- <meta charset=gbk> --><meta charset=big5>"),
        Some("Big5")
    );
    // "<!-->" and "<!--->" end where they stand.
    assert_eq!(meta("<!--><meta charset=gbk>"), Some("GBK"));
    assert_eq!(meta("<!---><meta charset=gbk>"), Some("GBK"));
    assert_eq!(meta("<!-- -- > <meta charset=gbk> -->"), None);
    // An unterminated comment runs out of bytes.
    assert_eq!(meta("<!-- <meta charset=gbk>"), None);
}

#[test]
fn other_markup_is_skipped() {
    assert_eq!(meta("<!DOCTYPE html><meta charset=gbk>"), Some("GBK"));
    assert_eq!(meta("<?php echo 1 ?><meta charset=gbk>"), Some("GBK"));
    assert_eq!(meta("</p><meta charset=gbk>"), Some("GBK"));
    assert_eq!(
        meta("<! <meta charset=big5> <meta charset=gbk>"),
        Some("GBK")
    );
    assert_eq!(meta("<html lang=ja><head><meta charset=gbk>"), Some("GBK"));
    // "<meta>" without a space is a tag like any other.
    assert_eq!(meta("<meta><meta charset=gbk>"), Some("GBK"));
    assert_eq!(meta("<metas charset=big5><meta charset=gbk>"), Some("GBK"));
    assert_eq!(meta("</meta charset=big5><meta charset=gbk>"), Some("GBK"));
}

#[test]
fn a_meta_inside_another_tags_attribute_is_not_a_meta() {
    let html = "<div title=\"<meta charset=big5>\"><meta charset=gbk>";
    assert_eq!(meta(html), Some("GBK"));
    let html = "<img alt='<meta charset=big5>'><meta charset=gbk>";
    assert_eq!(meta(html), Some("GBK"));
    // Not in a tag: text between tags is scanned byte by byte.
    assert_eq!(meta("a < b <meta charset=gbk>"), Some("GBK"));
}

#[test]
fn only_the_first_1024_bytes_count() {
    let pad = |n: usize| " ".repeat(n);
    let tag = "<meta charset=gbk>";
    let fits = format!("{}{tag}", pad(WINDOW - tag.len()));
    assert_eq!(meta(&fits), Some("GBK"));
    let cut = format!("{}{tag}", pad(WINDOW - tag.len() + 1));
    assert_eq!(meta(&cut), None);
    let after = format!("{}{tag}", pad(5000));
    assert_eq!(meta(&after), None);
}

#[test]
fn utf16_labels_mean_utf8_and_x_user_defined_means_windows_1252() {
    meta_cases(&[
        ("<meta charset=utf-16le>", Some("UTF-8")),
        ("<meta charset=utf-16>", Some("UTF-8")),
        ("<meta charset=UTF-16BE>", Some("UTF-8")),
        ("<meta charset=x-user-defined>", Some("windows-1252")),
        (
            "<meta http-equiv=content-type content='charset=unicodefffe'>",
            Some("UTF-8"),
        ),
    ]);
    // The replacement encoding's labels are labels like any other.
    assert_eq!(
        prescan(b"<meta charset=iso-2022-kr>").unwrap().encoding,
        REPLACEMENT
    );
}

#[test]
fn xml_declaration() {
    let xml = |s: &str| declared_at(s, Place::Xml);
    assert_eq!(
        xml("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><a/>"),
        Some("Shift_JIS")
    );
    assert_eq!(
        xml("<?xml version='1.0' encoding = 'euc-jp' ?>"),
        Some("EUC-JP")
    );
    assert_eq!(xml("<?xml encoding=\"utf-16\"?>"), Some("UTF-8"));
    assert_eq!(
        xml("<?xml encoding=\"x-user-defined\"?>"),
        Some("x-user-defined")
    );
    assert_eq!(xml("<?xml encoding=\"gbk\""), None, "no '>'");
    assert_eq!(xml("<?xml encoding=gbk?>"), None, "unquoted");
    assert_eq!(
        xml("<?xml encoding=\" gbk\"?>"),
        None,
        "spaces in the label"
    );
    assert_eq!(
        xml("<?xml ENCODING=\"gbk\"?>"),
        None,
        "`encoding` is case-sensitive"
    );
    assert_eq!(
        xml(" <?xml encoding=\"gbk\"?>"),
        None,
        "only at the very start"
    );
    assert_eq!(xml("<?XML encoding=\"gbk\"?>"), None);
    // A <meta> wins over the declaration; the declaration is only read
    // when the scan runs out of bytes.
    let both = "<?xml version=\"1.0\" encoding=\"gbk\"?><meta charset=big5>";
    assert_eq!(declared(both.as_bytes()), Some("Big5"));
}

#[test]
fn utf16_xml_prefixes() {
    let le: Vec<u8> = "<?xml".encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = "<?xml".encode_utf16().flat_map(u16::to_be_bytes).collect();
    assert_eq!(prescan(&le).unwrap().encoding, UTF_16LE);
    assert_eq!(prescan(&be).unwrap().encoding, UTF_16BE);
    assert_eq!(prescan(&le).unwrap().place, Place::Xml);
    assert!(looks_like_markup(&be));
    assert_eq!(prescan(&le[..5]), None);
}

#[test]
fn running_out_of_bytes_declares_nothing() {
    for html in [
        "<meta charset=gbk",
        "<meta charset=\"gbk>",
        "<meta charset=",
        "<meta ",
        "<div title=\"<meta charset=gbk>",
        "<!",
        "<",
        "",
    ] {
        assert_eq!(meta(html), None, "{html:?}");
    }
    assert_eq!(meta("<meta charset=gbk "), None, "the tag is not finished");
    assert_eq!(meta("<meta charset=gbk>"), Some("GBK"));
}

#[test]
fn encodings_found_by_their_labels() {
    assert_eq!(
        prescan(b"<meta charset=cp1251>").unwrap().encoding,
        WINDOWS_1251
    );
    assert_eq!(
        prescan(b"<meta charset=ms_kanji>").unwrap().encoding,
        SHIFT_JIS
    );
    assert_eq!(
        prescan(b"<meta charset=x-euc-jp>").unwrap().encoding,
        EUC_JP
    );
    assert_eq!(prescan(b"<meta charset=gb2312>").unwrap().encoding, GBK);
    assert_eq!(
        prescan(b"<meta charset=latin2>").unwrap().encoding,
        ISO_8859_2
    );
}

#[test]
fn non_ascii_bytes_do_not_confuse_the_scan() {
    assert_eq!(
        meta("<p>\u{65E5}\u{672C}</p><meta charset=gbk>"),
        Some("GBK")
    );
    assert_eq!(
        declared(b"<a \xFF\xFE=\x80><meta charset=gbk>"),
        Some("GBK")
    );
    assert_eq!(declared(b"<meta charset=gb\xFFk>"), None);
}

#[test]
fn what_looks_like_markup() {
    assert!(looks_like_markup(b"<!DOCTYPE html>"));
    assert!(looks_like_markup(b"\r\n  \t<html>"));
    assert!(looks_like_markup(b"<?xml version=\"1.0\"?>"));
    assert!(!looks_like_markup(b"a,b,c\n<meta charset=gbk>"));
    assert!(!looks_like_markup(b""));
}
