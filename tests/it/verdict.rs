//! Right, or refused (issue 20): what `-i` and `-o` onto an input do with
//! the detector's verdict, the warnings elsewhere, and `--sniff`'s
//! differences. Each test checks the file's bytes, the status and the
//! message.

use assert_cmd::Command;
use std::fs;

fn wenc() -> Command {
    Command::cargo_bin("wenc").unwrap()
}

fn encoded(e: &'static encoding_rs::Encoding, text: &str) -> Vec<u8> {
    e.encode(text).0.into_owned()
}

const DUTCH: &str = "De Hawaïaanse eilanden liggen midden in de Stille Oceaan. Op de \
eilanden wonen de meeste mensen in kleine dorpen langs de kust. De coördinatie van de \
feesten is geen eenvoudige zaak, maar de ideeën van de ouderen leven voort. Wie de \
eilanden verlaat, neemt een krans mee als herinnering aan een naïeve gedachte.\n";

/// Another Dutch page (577 bytes in windows-1252), once refused at 97%: its
/// ï read as windows-1250's ď ("Hawaďaanse") was 6 bits behind, and only
/// the ASCII words holding a non-ASCII byte were heard; the rest of the
/// page is Dutch too.
const DUTCH_2: &str = "De Hawaïaanse eilanden liggen midden in de Stille Oceaan. \
De oorspronkelijke bewoners kwamen uit Polynesië en brachten hun eigen taal en gebruiken mee. \
Tegenwoordig is het een geliefde bestemming voor toeristen, die er komen voor de stranden, de vulkanen en de naïeve charme van de kleine dorpjes. \
Wie er een week doorbrengt, leert al snel dat de eilanden veel meer te bieden hebben dan zon en zee: er zijn musea, tuinen en oude tempels, en op elk eiland is de geschiedenis nog goed te zien. \
Coördinatie van de reis is eenvoudig, want er zijn veel vluchten tussen de eilanden.\n";

const RUSSIAN: &str = "Москва - столица России, крупнейший по численности населения \
город страны. Город расположен на реке Москве, в центре Восточно-Европейской равнины.\n";

const JAPANESE: &str = "これは日本語の文章です。東京は日本の首都であり、世界有数の大都市です。\n";

/// Runs wenc with `args` and then a file that holds `bytes`; returns its
/// output and the file's bytes after.
fn run_on(bytes: &[u8], args: &[&str]) -> (std::process::Output, Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.txt");
    fs::write(&path, bytes).unwrap();
    let out = wenc().args(args).arg(&path).output().unwrap();
    (out, fs::read(&path).unwrap())
}

/// [`run_on`]: (status, stderr, the file's bytes after).
fn in_place(bytes: &[u8], args: &[&str]) -> (i32, String, Vec<u8>) {
    let (out, after) = run_on(bytes, args);
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        after,
    )
}

#[test]
fn the_dutch_page_converts_right_in_place() {
    for text in [DUTCH, DUTCH_2] {
        let bytes = encoded(encoding_rs::WINDOWS_1252, text);
        let (status, err, after) = in_place(&bytes, &["-f", "auto", "-i"]);
        assert_eq!(status, 0, "{err}");
        assert_eq!(String::from_utf8(after).unwrap(), text);
    }
}

#[test]
fn a_late_euro_sign_converts_right_in_place() {
    let start = "Le marché du village ouvre très tôt, et on y parle de l'été. ".repeat(1200);
    let text = format!("{start}Le prix : 20 € pour un bœuf.\n");
    let bytes = encoded(encoding_rs::ISO_8859_15, &text);
    assert!(bytes.len() > 64 * 1024);
    let (status, err, after) = in_place(&bytes, &["-f", "auto", "-i"]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(String::from_utf8(after).unwrap(), text);
}

/// A file cut short inside its last character: Chinese text in GBK was
/// "windows-1251, 99% sure" and converted with status 0. Now it is GBK, and
/// in place the cut character is refused: the file stays as it was.
#[test]
fn a_file_cut_inside_a_character_is_refused_in_place() {
    let chinese = "火星是离太阳第四近的行星，为太阳系中四颗类地行星之一。西方称火星为玛尔斯。\n";
    let gbk = encoded(encoding_rs::GBK, &chinese.repeat(10));
    let cut = &gbk[..gbk.len() - 2];
    let (status, err, after) = in_place(cut, &["-f", "auto", "-i"]);
    assert_eq!(status, 1, "{err}");
    assert_eq!(after, cut, "the file is left as it was");
    assert!(err.contains("-f auto chose GBK"), "{err}");
    assert!(err.contains("malformed"), "{err}");
}

#[test]
fn a_wrong_clean_label_is_refused_in_place() {
    let bytes = encoded(encoding_rs::WINDOWS_1251, RUSSIAN);
    let (status, err, after) = in_place(&bytes, &["-f", "koi8-r", "-i"]);
    assert_eq!(status, 1);
    assert_eq!(after, bytes, "the file is left as it was");
    assert!(
        err.contains("r.txt looks like windows-1251 (99%), not KOI8-R: -f windows-1251, or --force to convert as KOI8-R"),
        "{err}"
    );
    assert!(err.contains("\"Москва\""), "{err}");
    let bytes = encoded(encoding_rs::SHIFT_JIS, JAPANESE);
    let (status, err, after) = in_place(&bytes, &["-f", "windows-1252", "-i"]);
    assert_eq!(status, 1);
    assert_eq!(after, bytes);
    assert!(err.contains("looks like Shift_JIS"), "{err}");
}

#[test]
fn force_converts_as_told_and_the_right_label_converts() {
    let bytes = encoded(encoding_rs::WINDOWS_1251, RUSSIAN);
    let (status, _, after) = in_place(&bytes, &["-f", "koi8-r", "-i", "--force"]);
    assert_eq!(status, 0);
    let koi8 = encoding_rs::KOI8_R.decode_without_bom_handling(&bytes).0;
    assert_eq!(String::from_utf8(after).unwrap(), koi8);
    let (status, err, after) = in_place(&bytes, &["-f", "windows-1251", "-i"]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(String::from_utf8(after).unwrap(), RUSSIAN);
}

#[test]
fn other_files_go_on_after_a_refusal() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    let good = dir.path().join("good.txt");
    let cyr = encoded(encoding_rs::WINDOWS_1251, RUSSIAN);
    fs::write(&bad, &cyr).unwrap();
    fs::write(&good, encoded(encoding_rs::KOI8_R, RUSSIAN)).unwrap();
    let out = wenc()
        .args(["-f", "koi8-r", "-i"])
        .arg(&bad)
        .arg(&good)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(fs::read(&bad).unwrap(), cyr);
    assert_eq!(fs::read_to_string(&good).unwrap(), RUSSIAN);
}

#[test]
fn noise_is_refused_with_auto_in_place() {
    let bytes = b" \xe9".repeat(35_000);
    let (status, err, after) = in_place(&bytes, &["-f", "auto", "-i"]);
    assert_eq!(status, 1, "{err}");
    assert_eq!(after, bytes);
    assert!(err.contains("-f auto is not sure"), "{err}");
}

#[test]
fn to_standard_output_a_wrong_label_is_a_warning() {
    let bytes = encoded(encoding_rs::WINDOWS_1251, RUSSIAN);
    let (out, _) = run_on(&bytes, &["-f", "koi8-r"]);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("looks like windows-1251"), "{err}");
    assert!(!err.contains("nothing was replaced"), "{err}");
    let koi8 = encoding_rs::KOI8_R.decode_without_bom_handling(&bytes).0;
    assert_eq!(String::from_utf8_lossy(&out.stdout), koi8);
}

#[test]
fn sniff_shows_the_differences() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("d.txt");
    fs::write(&path, b"De Hawa\xefaanse eilanden.\n").unwrap();
    let out = wenc().arg("--sniff").arg(&path).output().unwrap();
    let line = String::from_utf8_lossy(&out.stdout);
    assert!(line.contains("would read \"Hawaïaanse\" as \""), "{line}");
    let out = wenc()
        .args(["--sniff", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let differences = json[0]["differences"].as_array().unwrap();
    assert!(!differences.is_empty(), "{json}");
    assert_eq!(differences[0]["words"][0][0], "Hawaïaanse");
}

#[test]
fn shift_jis_after_64_kib_of_ascii_converts_right_in_place() {
    let mut text = "plain ASCII line\n".repeat(70_000 / 17);
    text.push_str(JAPANESE);
    let bytes = encoded(encoding_rs::SHIFT_JIS, &text);
    let (status, err, after) = in_place(&bytes, &["-f", "auto", "-i"]);
    assert_eq!(status, 0, "{err}");
    assert!(err.contains("-f auto chose Shift_JIS"), "{err}");
    assert_eq!(String::from_utf8(after).unwrap(), text);
}

/// French ISO-8859-15 with œ throughout (the first one after the
/// detector's first kilobyte): `--sniff` and `-f auto` read the same bytes
/// the same way, and in place the text comes out right.
#[test]
fn sniff_and_auto_agree_on_oe_throughout() {
    let line = "Le marché du village ouvre très tôt, et on y parle de l'été. ";
    let oe = "Elle a le cœur sur la main, et sa sœur aussi : une œuvre. ";
    let text = format!(
        "{}{}",
        line.repeat(40),
        format!("{}{oe}", line.repeat(30)).repeat(40)
    );
    let bytes = encoded(encoding_rs::ISO_8859_15, &text);
    assert!(bytes.len() > 64 * 1024 && !bytes[..1024].contains(&0xBD));
    let (out, _) = run_on(&bytes, &["--sniff", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json[0]["encoding"], "ISO-8859-15", "{json}");
    let (status, err, after) = in_place(&bytes, &["-f", "auto", "-i"]);
    assert_eq!(status, 0, "{err}");
    assert!(err.contains("-f auto chose ISO-8859-15"), "{err}");
    assert_eq!(String::from_utf8(after).unwrap(), text);
}

#[test]
fn random_high_bytes_are_refused_with_auto_in_place() {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let bytes: Vec<u8> = (0..70_000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            0x80 | (x >> 32) as u8
        })
        .collect();
    let (status, err, after) = in_place(&bytes, &["-f", "auto", "-i"]);
    assert_eq!(status, 1, "{err}");
    assert_eq!(after, bytes);
    assert!(err.contains("-f auto is not sure"), "{err}");
}

/// Russian text that starts with "яю": in windows-1251 the bytes FF FE,
/// UTF-16LE's byte order mark, which decides the decoder, -f or not.
fn starts_like_a_utf16_mark() -> Vec<u8> {
    encoded(encoding_rs::WINDOWS_1251, &format!("яю{RUSSIAN}"))
        .into_iter()
        .filter(|&b| b != b'\n')
        .collect()
}

#[test]
fn a_mark_nothing_bears_out_is_refused_in_place() {
    let bytes = starts_like_a_utf16_mark();
    assert_eq!(&bytes[..2], b"\xFF\xFE");
    for from in ["auto", "windows-1251"] {
        let (status, err, after) = in_place(&bytes, &["-i", "-f", from]);
        assert_eq!(status, 1, "-f {from}: {err}");
        assert!(err.contains("UTF-16LE byte order mark"), "-f {from}: {err}");
        assert!(err.contains("--force reads it as UTF-16LE"), "{err}");
        assert_eq!(after, bytes, "-f {from}: the file must stay as it was");
    }
    // --force reads it as the mark says; -f utf-16le is what the user told.
    for args in [
        &["-i", "--force", "-f", "windows-1251"][..],
        &["-i", "-f", "utf-16le"],
    ] {
        let (status, err, after) = in_place(&bytes, args);
        assert_eq!(status, 0, "{args:?}: {err}");
        let utf16 = encoding_rs::UTF_16LE.decode_with_bom_removal(&bytes).0;
        assert_eq!(after, utf16.as_bytes(), "{args:?}");
    }
}

#[test]
fn to_standard_output_a_mark_nothing_bears_out_is_a_warning() {
    let (out, _) = run_on(&starts_like_a_utf16_mark(), &["-f", "windows-1251"]);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("warning") && err.contains("byte order mark"),
        "{err}"
    );
    // Not refused: the mark decides already, --force would change nothing.
    assert!(
        err.contains("(read as UTF-16LE, as the mark says)"),
        "{err}"
    );
    assert!(!err.contains("--force"), "{err}");
    let bytes = starts_like_a_utf16_mark();
    let utf16 = encoding_rs::UTF_16LE.decode_with_bom_removal(&bytes).0;
    assert_eq!(out.stdout, utf16.as_bytes());
}

/// Past the detector's 64 KiB a late byte decides for `--sniff` and for
/// `-f auto` to standard output as it does in place: ISO-8859-15's € and œ
/// at the end, and Japanese after 70 KB of ASCII.
#[test]
fn late_bytes_decide_for_sniff_and_auto_to_stdout() {
    let line = "Le marché du village ouvre très tôt, et on y parle de l'été. ";
    let french = format!("{}Le prix : 5 € pour un cœur.\n", line.repeat(1200));
    let ascii_first = format!("{}{JAPANESE}", "plain ASCII line\n".repeat(4400));
    for (text, e) in [
        (&french, encoding_rs::ISO_8859_15),
        (&ascii_first, encoding_rs::SHIFT_JIS),
    ] {
        let bytes = encoded(e, text);
        assert!(bytes.len() > 64 * 1024);
        let (out, _) = run_on(&bytes, &["--sniff"]);
        let line = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            line.contains(&format!("r.txt: {} (guessed", e.name())),
            "{line}"
        );
        let (out, _) = run_on(&bytes, &["-f", "auto"]);
        assert!(out.status.success(), "{out:?}");
        assert_eq!(String::from_utf8(out.stdout).unwrap(), *text);
    }
}

/// A stray byte past the first 64 KiB of UTF-8 is damage, as one within
/// them is: UTF-8 at 98%, said, not a mixed file at 40%.
#[test]
fn a_late_stray_byte_in_utf8_is_damage() {
    let line = "Le marché du village ouvre très tôt, et on y parle de l'été. ";
    let mut bytes = line.repeat(1200).into_bytes();
    bytes.extend_from_slice(b"\xFF");
    bytes.extend_from_slice(line.as_bytes());
    let (out, _) = run_on(&bytes, &["--sniff"]);
    let line = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        line.contains("UTF-8 (guessed, 98% sure; 1 malformed sequence"),
        "{line}"
    );
}

/// The refusal names readings that differ, with figures that add up: not
/// ISO-8859-15, which reads "déjà" as windows-1252 does, nor "0%".
#[test]
fn unsure_names_the_readings_that_differ() {
    let bytes = encoded(encoding_rs::WINDOWS_1252, "déjà vu");
    let (status, err, after) = in_place(&bytes, &["-f", "auto", "-i"]);
    assert_eq!((status, &after), (1, &bytes), "{err}");
    assert!(err.contains("-f auto is not sure: windows-1252 ("), "{err}");
    assert!(
        !err.contains("ISO-8859-15") && !err.contains("(0%)"),
        "{err}"
    );
}

/// With threads to spare the verdict on a file written to standard output
/// runs beside its conversion, but its warning still comes before the
/// first output byte: both go to one file, and the warning is at its start.
#[test]
fn a_warning_beside_the_conversion_comes_before_the_output() {
    let bytes = encoded(encoding_rs::WINDOWS_1251, &RUSSIAN.repeat(2000));
    assert!(bytes.len() > 4 * 65536, "split at 64 KiB pieces");
    let dir = tempfile::tempdir().unwrap();
    let (path, both) = (dir.path().join("r.txt"), dir.path().join("both"));
    fs::write(&path, &bytes).unwrap();
    let koi8 = encoding_rs::KOI8_R.decode_without_bom_handling(&bytes).0;
    for jobs in ["-j1", "-j2", "-j4"] {
        let file = fs::File::create(&both).unwrap();
        let status = std::process::Command::new(assert_cmd::cargo::cargo_bin("wenc"))
            .args(["-f", "koi8-r", jobs, "--piece-size", "65536"])
            .arg(&path)
            .stdout(file.try_clone().unwrap())
            .stderr(file)
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(0), "{jobs}");
        let all = fs::read(&both).unwrap();
        let (told, output) = all.split_at(all.len() - koi8.len());
        assert_eq!(
            output,
            koi8.as_bytes(),
            "{jobs}: the output, after the warning"
        );
        let told = String::from_utf8_lossy(told);
        assert!(told.contains("looks like windows-1251"), "{jobs}: {told}");
    }
}
