//! Guard check ([`check_guards`]): the in-place guards, run twice in a row.
//! Byte 0 picks the `-f` encoding, the rest is the file. A run is what
//! `wenc -i -f X` decides through the CLI's own guard (`wenc_cli::cli::misread`,
//! as `guard::Guard::verdict` calls it) and the driver: malformed input is
//! refused (no `-e` given), and so is UTF-8 text misread, and output the
//! same run would not recognise (`wenc_cli::cli::ReadBack`: UTF-16 text with
//! U+0000 comes out as `a\0b\0`, UTF-16 again). The second run never
//! changes what the first converted (the tests/it/twice.rs property, with
//! the real binary, on fewer cases). NUL bytes included.

use wenc::codec::{Encoding, UTF_8};
use wenc::convert::{convert_bytes, ErrorMode, Parallelism, Settings, Utf8Evidence};
use wenc_cli::cli::{misread, ReadBack};

/// One in-place run over `bytes`: the new bytes, or None when refused.
fn in_place(from: &'static Encoding, bytes: &[u8]) -> Option<Vec<u8>> {
    let settings = Settings {
        from,
        to: UTF_8,
        mode: ErrorMode::Fatal,
        sniff_bom: true,
        write_output: true,
        transform: Default::default(),
        utf8_evidence: false,
    };
    let mut out = Vec::new();
    let (summary, result) =
        convert_bytes(settings, Parallelism::single(), bytes, &mut out, &mut ());
    result.ok()?;
    let mut evidence = Utf8Evidence::new();
    evidence.feed(bytes);
    if misread(summary.input_encoding, &evidence) {
        return None;
    }
    if let Some(mut back) = ReadBack::new(from, UTF_8) {
        back.feed(&out);
        if !back.recognised() {
            return None;
        }
    }
    Some(out)
}

/// Runs the guards twice over `data`; panics if the second run changes
/// what the first converted. Returns whether the first run converted.
pub fn check_guards(data: &[u8]) -> bool {
    let [from, file @ ..] = data else {
        return false;
    };
    let all: Vec<&'static Encoding> = Encoding::all()
        .chain([wenc::codec::HZ_GB_2312, wenc::codec::ISO_2022_KR])
        .collect();
    let from = all[usize::from(*from) % all.len()];
    let Some(first) = in_place(from, file) else {
        return false;
    };
    if first == file {
        return false;
    }
    if let Some(second) = in_place(from, &first) {
        assert_eq!(second, first, "-f {} twice changed {file:?}", from.name());
    }
    true
}
