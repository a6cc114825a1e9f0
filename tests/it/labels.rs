//! Labels: exactly the standard's, matched as "get an encoding" says.

use crate::shared;
use wenc::codec::Encoding;

fn shared_encodings() -> serde_json::Value {
    let text = std::fs::read_to_string(shared::indexes().join("encodings.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
#[cfg_attr(not(wenc_shared), ignore = "needs ../shared")]
fn every_label_of_encodings_json_names_its_encoding_in_order() {
    let groups = shared_encodings();
    let mut ours = Encoding::all();
    for group in groups.as_array().unwrap() {
        for entry in group["encodings"].as_array().unwrap() {
            let enc = ours.next().expect("fewer encodings than encodings.json");
            assert_eq!(enc.name(), entry["name"].as_str().unwrap());
            assert_eq!(enc.group(), group["heading"].as_str().unwrap());
            let labels: Vec<&str> = entry["labels"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l.as_str().unwrap())
                .collect();
            assert_eq!(enc.labels(), &labels[..], "{}", enc.name());
            for label in labels {
                assert_eq!(Encoding::for_label(label.as_bytes()), Some(enc), "{label}");
            }
        }
    }
    assert!(ours.next().is_none(), "more encodings than encodings.json");
}

#[test]
fn labels_are_trimmed_of_ascii_whitespace_and_case_insensitive() {
    let sjis = Encoding::for_label(b"shift_jis").unwrap();
    for label in [
        &b"\t\n\x0C\r Shift_JIS \r\n"[..],
        b"SHIFT_JIS",
        b"sHiFt_jIs",
        b" ms_kanji",
    ] {
        assert_eq!(
            Encoding::for_label(label),
            Some(sjis),
            "{:?}",
            String::from_utf8_lossy(label)
        );
    }
    assert_eq!(
        Encoding::for_label(b"latin1").unwrap().name(),
        "windows-1252"
    );
    assert_eq!(
        Encoding::for_label(b"ascii").unwrap().name(),
        "windows-1252"
    );
    assert_eq!(
        Encoding::for_label(b"hz-gb-2312").unwrap().name(),
        "replacement"
    );
}

#[test]
fn nothing_but_the_standard_labels_matches() {
    for label in [
        &b""[..],
        b"   ",
        b"utf-8\x0B",
        b"\xA0utf-8",
        b"utf 8",
        b"utf-8//TRANSLIT",
        b"shift jis",
        b"UTF-16BOM",
        b"x-sjis\0",
        b"\xFF\xFE",
        b"\xC4\xB1so-8859-1",
        b"a-label-longer-than-any-label-of-the-standard-at-all",
    ] {
        assert_eq!(
            Encoding::for_label(label),
            None,
            "{:?}",
            String::from_utf8_lossy(label)
        );
    }
    // "utf-16" is a label (of UTF-16LE), as the standard lists it.
    assert_eq!(Encoding::for_label(b"utf-16").unwrap().name(), "UTF-16LE");
}

#[test]
fn only_replacement_has_no_encoder() {
    for enc in Encoding::all() {
        assert_eq!(
            enc.new_encoder().is_some(),
            enc.name() != "replacement",
            "{}",
            enc.name()
        );
    }
}

#[test]
fn readme_lists_every_encoding_with_its_label_count() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for enc in Encoding::all() {
        let row = format!(
            "| {} | {} | {} |",
            enc.group(),
            enc.name(),
            enc.labels().len()
        );
        assert!(readme.contains(&row), "README.md lacks the row {row:?}");
    }
    let total: usize = Encoding::all().map(|e| e.labels().len()).sum();
    assert!(
        readme.contains(&format!("all {total} of its labels")),
        "README.md label total"
    );
}
