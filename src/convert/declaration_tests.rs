use super::*;
use crate::codec::{SHIFT_JIS, UTF_16LE, WINDOWS_1251, WINDOWS_1252};

fn label<'a>(bytes: &'a [u8], found: &Found) -> &'a [u8] {
    &bytes[found.label.clone()]
}

#[test]
fn finds_meta_charset_in_every_quoting() {
    for page in [
        &b"<html><head><meta charset=\"windows-1251\"><title>x</title>"[..],
        b"<meta charset='windows-1251'>",
        b"<META CHARSET=windows-1251>",
        b"<!-- <meta charset=utf-8> --><meta charset=windows-1251 >",
    ] {
        let found = find(page).unwrap();
        assert_eq!(found.encoding, WINDOWS_1251);
        assert_eq!(found.syntax, Syntax::Meta);
        assert!(label(page, &found).eq_ignore_ascii_case(b"windows-1251"));
    }
}

#[test]
fn finds_the_label_inside_http_equiv_content() {
    let page = b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\">";
    let found = find(page).unwrap();
    assert_eq!((found.encoding, found.syntax), (SHIFT_JIS, Syntax::Meta));
    assert_eq!(label(page, &found), b"Shift_JIS");
    let quoted = b"<meta content='text/html; charset=\"sjis\"' http-equiv=content-type>";
    assert_eq!(label(quoted, &find(quoted).unwrap()), b"sjis");
    // Without the pragma, content declares nothing.
    assert_eq!(find(b"<meta content=\"text/html; charset=sjis\"><p>"), None);
}

#[test]
fn finds_xml_and_css_declarations() {
    let xml = b"<?xml version=\"1.0\" encoding=\"EUC-JP\"?><a/>";
    let found = find(xml).unwrap();
    assert_eq!(found.syntax, Syntax::Xml);
    assert_eq!(label(xml, &found), b"EUC-JP");

    let css = b"@charset \"iso-8859-1\";\nbody { }";
    let found = find(css).unwrap();
    assert_eq!((found.encoding, found.syntax), (WINDOWS_1252, Syntax::Css));
    assert_eq!(label(css, &found), b"iso-8859-1");
    // Not at the very start, single quotes, no semicolon: not a rule.
    for not in [
        &b" @charset \"utf-8\";"[..],
        b"@charset 'utf-8';",
        b"@charset \"utf-8\"",
    ] {
        assert_eq!(find(not), None);
    }
    // After a BOM, the range is still in the file's bytes.
    let bom = b"\xEF\xBB\xBF@charset \"utf-8\";";
    assert_eq!(label(bom, &find(bom).unwrap()), b"utf-8");
}

#[test]
fn plain_text_and_late_metas_declare_nothing() {
    assert_eq!(find(b"just text <meta charset=sjis>"), None);
    let mut late = b"<p>".to_vec();
    late.extend(std::iter::repeat_n(b'x', prescan::WINDOW));
    late.extend_from_slice(b"<meta charset=sjis>");
    assert_eq!(find(&late), None);
}

#[test]
fn rewrites_an_agreeing_declaration_in_its_style() {
    let page = b"<meta charset=\"windows-1251\">\xCF\xF0\xE8";
    let Decision::Rewrite { found, name } = decide(page, WINDOWS_1251, UTF_8) else {
        panic!("{:?}", decide(page, WINDOWS_1251, UTF_8));
    };
    assert_eq!(name, "utf-8");
    assert_eq!(
        rewrite(page, &found, &name),
        b"<meta charset=\"utf-8\">\xCF\xF0\xE8"
    );

    let xml = b"<?xml version=\"1.0\" encoding=\"SHIFT_JIS\"?>";
    let Decision::Rewrite { found, name } = decide(xml, SHIFT_JIS, UTF_8) else {
        panic!()
    };
    assert_eq!(
        rewrite(xml, &found, &name),
        b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
    );

    let back = b"<meta charset=utf-8>";
    let Decision::Rewrite { name, .. } = decide(back, UTF_8, SHIFT_JIS) else {
        panic!()
    };
    assert_eq!(name, "shift_jis");
}

#[test]
fn leaves_contradicted_matching_and_utf16_declarations() {
    let page = b"<meta charset=windows-1251>";
    assert_eq!(
        decide(page, SHIFT_JIS, UTF_8),
        Decision::Contradicted(find(page).unwrap())
    );
    assert_eq!(decide(page, WINDOWS_1251, WINDOWS_1251), Decision::Keep);
    assert_eq!(
        decide(b"<p>no declaration", WINDOWS_1251, UTF_8),
        Decision::Keep
    );
    assert_eq!(
        decide(page, WINDOWS_1251, UTF_16LE),
        Decision::CannotRewrite(find(page).unwrap())
    );
    // A UTF-16 label in a <meta> means UTF-8 (HTML), so it agrees with UTF-8.
    let odd = b"<meta charset=utf-16>";
    assert!(matches!(
        decide(odd, UTF_8, WINDOWS_1251),
        Decision::Rewrite { .. }
    ));
}
