//! Compiles the tables in `indexes/` (see `indexes/generate.py` for the format)
//! into `$OUT_DIR/tables.rs`: one decode table per index, indexed by pointer,
//! and the registry of encodings and labels. The encoders' reverse tables are
//! built from these at run time, on first use (src/codec/reverse.rs, which
//! applies the standard's rules for which pointer an encoder uses), so the
//! binary holds each index once.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

/// One index: pointer -> code point, in pointer order.
type Index = BTreeMap<u32, u32>;

fn parse_hex(s: &str, file: &str) -> u32 {
    u32::from_str_radix(s, 16).unwrap_or_else(|_| panic!("{file}: bad hex {s:?}"))
}

fn read_index(dir: &Path, name: &str) -> Index {
    let file = format!("{name}.idx");
    let text = fs::read_to_string(dir.join(&file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut index = Index::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (pointer, cp) = (parse_hex(f[0], &file), parse_hex(f[1], &file));
        let count = f.get(2).map_or(1, |c| parse_hex(c, &file));
        for i in 0..count {
            index.insert(pointer + i, cp + i);
        }
    }
    index
}

/// A decode table: `[u16; len]`, 0 meaning "no code point" (U+0000 is never
/// in an index).
fn emit_decode(out: &mut String, ident: &str, index: &Index, min_len: u32) {
    let len = index.keys().next_back().map_or(0, |&p| p + 1).max(min_len);
    writeln!(out, "pub(crate) static {ident}: [u16; {len}] = [").unwrap();
    for p in 0..len {
        let cp = index.get(&p).copied().unwrap_or(0);
        assert!(cp <= 0xFFFF, "{ident}: U+{cp:X} needs a wide table");
        write!(out, "{cp},").unwrap();
        if p % 16 == 15 {
            out.push('\n');
        }
    }
    out.push_str("];\n");
}

/// A double-byte index, its only table in the binary: each pointer's code
/// point as its low 16 bits (`{ident}_LOW`, 0 for none) and, where the index
/// has astral code points (Big5's, all in plane 2), a bit per pointer marking
/// them (`{ident}_PLANE2`). `{ident}` is the `tables::WordTable` over them,
/// which expands them on first use into the hot decode loops' UTF-8 words.
/// Two bytes per pointer where the words are four (issue 22: -154 KB).
fn emit_word_table(out: &mut String, ident: &str, index: &Index) {
    let len = index.keys().next_back().map_or(0, |&p| p + 1);
    let mut plane2 = vec![
        0u64;
        if index.values().any(|&cp| cp > 0xFFFF) {
            (len as usize).div_ceil(64)
        } else {
            0
        }
    ];
    writeln!(out, "static {ident}_LOW: [u16; {len}] = [").unwrap();
    for p in 0..len {
        let cp = index.get(&p).copied().unwrap_or(0);
        assert!(
            cp == 0 || cp >= 0x80,
            "{ident}: ASCII U+{cp:04X} at pointer {p}"
        );
        assert!(
            cp <= 0xFFFF || cp >> 16 == 2,
            "{ident}: U+{cp:X} outside the BMP and plane 2"
        );
        if cp > 0xFFFF {
            plane2[p as usize / 64] |= 1 << (p % 64);
        }
        write!(out, "{},", cp & 0xFFFF).unwrap();
        if p % 16 == 15 {
            out.push('\n');
        }
    }
    out.push_str("];\n");
    writeln!(
        out,
        "static {ident}_PLANE2: [u64; {}] = {plane2:?};",
        plane2.len()
    )
    .unwrap();
    writeln!(
        out,
        "pub(crate) static {ident}: WordTable = WordTable::new(&{ident}_LOW, &{ident}_PLANE2);"
    )
    .unwrap();
}

fn ident(name: &str) -> String {
    name.to_uppercase().replace('-', "_")
}

/// The heading of the group whose encodings are all single-byte tables.
const SINGLE_BYTE_GROUP: &str = "Legacy single-byte encodings";

/// The index file (without `.idx`) of a single-byte encoding: its name in
/// lowercase, but ISO-8859-8-I shares ISO-8859-8's index.
fn single_byte_index(name: &str) -> String {
    if name == "ISO-8859-8-I" {
        "iso-8859-8".to_string()
    } else {
        name.to_lowercase()
    }
}

/// The codec family that implements an encoding, as a `CodecFamily` expression: a
/// single-byte table, or the variant named after the encoding in camel case
/// (`EUC-JP` -> `EucJp`, `UTF-16BE` -> `Utf16Be`, `gb18030` -> `Gb18030`; the
/// list of families is in src/codec/families.rs).
fn family_of(name: &str, group: &str) -> String {
    if group == SINGLE_BYTE_GROUP {
        return format!(
            "CodecFamily::SingleByte(&SB_{})",
            ident(&single_byte_index(name))
        );
    }
    let mut variant = String::new();
    let mut word_start = true;
    for c in name.chars() {
        if c.is_ascii_alphabetic() {
            variant.push(if word_start {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            });
            word_start = false;
        } else {
            if c.is_ascii_digit() {
                variant.push(c);
            }
            word_start = true;
        }
    }
    format!("CodecFamily::{variant}")
}

/// The entries of `indexes/encodings.txt`: (name, group heading, labels).
fn read_encodings(dir: &Path) -> Vec<(String, String, Vec<String>)> {
    let text = fs::read_to_string(dir.join("encodings.txt")).expect("indexes/encodings.txt");
    let mut group = String::new();
    let mut entries = Vec::new(); // (name, group, labels)
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        if let Some(heading) = line.strip_prefix("= ") {
            group = heading.to_string();
            continue;
        }
        let mut words = line.split_whitespace();
        let name = words.next().unwrap().to_string();
        entries.push((
            name,
            group.clone(),
            words.map(String::from).collect::<Vec<_>>(),
        ));
    }
    entries
}

fn emit_registry(out: &mut String, entries: &[(String, String, Vec<String>)]) {
    writeln!(
        out,
        "pub(crate) static ENCODINGS: [Encoding; {}] = [",
        entries.len()
    )
    .unwrap();
    for (name, group, labels) in entries {
        let family = family_of(name, group);
        writeln!(
            out,
            "  Encoding {{ name: {name:?}, group: {group:?}, labels: &{labels:?}, family: {family} }},"
        )
        .unwrap();
    }
    out.push_str("];\n");
    for (i, (name, ..)) in entries.iter().enumerate() {
        writeln!(out, "/// The {name} encoding.").unwrap();
        writeln!(
            out,
            "pub static {}: &Encoding = &ENCODINGS[{i}];",
            ident(name)
        )
        .unwrap();
    }
    // Every label as (encoding, its place in the encoding's labels), in
    // the labels' order: two bytes each, where a `&str` would cost 16 and a
    // 24-byte relocation in the binary.
    let mut labels: Vec<(&str, usize, usize)> = entries
        .iter()
        .enumerate()
        .flat_map(|(i, (_, _, ls))| (ls.iter().enumerate()).map(move |(k, l)| (l.as_str(), i, k)))
        .collect();
    labels.sort();
    let places: Vec<(u8, u8)> = (labels.iter())
        .map(|&(_, i, k)| (u8::try_from(i).unwrap(), u8::try_from(k).unwrap()))
        .collect();
    writeln!(
        out,
        "pub(crate) static LABELS: [(u8, u8); {}] = {places:?};",
        places.len()
    )
    .unwrap();
}

/// Tells the integration tests whether `../shared` (the standard's indexes,
/// a Wikipedia corpus) is beside the checkout, or one level up for a git
/// worktree: with `--cfg wenc_shared` the tests that read it run; without,
/// `cargo test` lists them as ignored (tests/it/shared.rs); `WENC_SHARED`
/// says where it is.
fn find_shared() {
    println!("cargo::rustc-check-cfg=cfg(wenc_shared)");
    let found = ["../shared", "../../shared"]
        .into_iter()
        .find(|d| Path::new(d).join("indexes").is_dir());
    if let Some(dir) = found {
        println!("cargo::rustc-cfg=wenc_shared");
        // Where it was found, for every test to read (one finder).
        let dir = Path::new(dir).canonicalize().expect("found above");
        println!("cargo::rerun-if-changed={}", dir.display());
        println!("cargo::rustc-env=WENC_SHARED={}", dir.display());
    }
}

/// Which BMP code points are alphabetic, by `char::is_alphabetic` of this
/// toolchain (the one the program is built with, so the same answers), as
/// bits in `u64` words: the detector's first detection asks about every
/// code point of its class maps and single-byte tables, and the lookup costs
/// about a thousand instructions each (src/detect/stats/model/letters.rs).
/// Each distinct word is stored once (about 150 of the 1,024: whole blocks
/// of letters or of none repeat), with a byte per 64 code points naming
/// its word: 2.2 KB where the words in full were 8 KB.
fn emit_alphabetic() {
    let words: Vec<u64> = (0..0x10000u32 / 64)
        .map(|w| {
            (0..64).fold(0u64, |bits, b| {
                let letter = char::from_u32(w * 64 + b).is_some_and(char::is_alphabetic);
                bits | (letter as u64) << b
            })
        })
        .collect();
    let mut distinct: Vec<u64> = Vec::new();
    let index: Vec<u8> = (words.iter())
        .map(|w| {
            let at = distinct.iter().position(|d| d == w).unwrap_or_else(|| {
                distinct.push(*w);
                distinct.len() - 1
            });
            u8::try_from(at).expect("at most 256 distinct words")
        })
        .collect();
    let out = format!(
        "// Generated by build.rs. Do not edit.\n\
         /// Bit `cp % 64` of `ALPHABETIC_WORDS[ALPHABETIC_INDEX[cp / 64]]`: whether BMP code point `cp` is alphabetic.\n\
         pub(super) static ALPHABETIC_INDEX: [u8; {}] = {index:?};\n\
         pub(super) static ALPHABETIC_WORDS: [u64; {}] = {distinct:?};\n",
        index.len(),
        distinct.len()
    );
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("alphabetic.rs");
    fs::write(dest, out).unwrap();
}

/// Link arguments that make the release binary smaller (issue 22: 2.5 MB).
fn release_link_args() {
    let env = |k: &str| std::env::var(k).unwrap_or_default();
    if env("PROFILE") != "release" || env("CARGO_CFG_TARGET_OS") != "linux" {
        return;
    }
    drop_unwind_tables(&env("OUT_DIR"));
    // Identical functions folded into one (monomorphised copies that
    // compile to the same code; -20 KB), by lld, rustc's own linker for
    // x86_64-unknown-linux-gnu since 1.90. "all", not "safe": "safe"
    // folded next to nothing here (it folds only functions known never to
    // have their address taken), and Rust promises no distinct addresses
    // for distinct functions. Not asked of any other linker: GNU ld has no
    // --icf.
    let rustflags = env("CARGO_ENCODED_RUSTFLAGS");
    let default_linker = env("RUSTC_LINKER").is_empty()
        && !rustflags.contains("linker")
        && !rustflags.contains("link-self-contained")
        && !rustflags.contains("fuse-ld");
    if env("TARGET") == "x86_64-unknown-linux-gnu" && default_linker {
        println!("cargo::rustc-link-arg-bins=-Wl,--icf=all");
    }
}

/// No unwind tables (.eh_frame, its index and the landing pads' tables,
/// 245 KB, 8% of the file): panic is "abort" in the release profile, so
/// nothing unwinds, and the symbols are stripped, so a backtrace would have
/// no names to print either. rustc's `-C force-unwind-tables=no` would not
/// make them, but it is refused with panic=unwind, which the tests' builds
/// use, stable cargo has no per-profile rustflags, and most of the tables
/// come from the precompiled std anyway. So the linker drops them (GNU ld
/// and lld both read this script). A panic still prints its message and
/// location, then aborts.
fn drop_unwind_tables(out_dir: &str) {
    let script = Path::new(out_dir).join("no-unwind-tables.ld");
    let text =
        "SECTIONS { /DISCARD/ : { *(.eh_frame) *(.gcc_except_table*) } } INSERT AFTER .text;\n";
    fs::write(&script, text).unwrap();
    println!("cargo::rustc-link-arg-bins=-Wl,-T,{}", script.display());
    println!("cargo::rustc-link-arg-bins=-Wl,--no-eh-frame-hdr");
}

/// The build script of two packages: the binary's (the top folder) and the
/// core library's (core/, whose sources are in src/ too). Both get
/// `wenc_shared` for their tests; the binary its link arguments, the core
/// its tables.
fn main() {
    let core = std::env::var("CARGO_PKG_NAME").unwrap() == "wenc-core";
    if core {
        std::env::set_current_dir("..").unwrap();
    }
    find_shared();
    if core {
        emit_tables();
    } else {
        release_link_args();
        println!("cargo::rerun-if-changed=build.rs");
    }
}

fn emit_tables() {
    emit_alphabetic();
    let dir = Path::new("indexes");
    let indexes = dir.canonicalize().unwrap();
    println!("cargo::rerun-if-changed={}", indexes.display());
    let mut out = String::from("// Generated by build.rs from indexes/. Do not edit.\n");

    let encodings = read_encodings(dir);
    emit_registry(&mut out, &encodings);

    let mut single_byte: Vec<String> = encodings
        .iter()
        .filter(|(_, group, _)| group == SINGLE_BYTE_GROUP)
        .map(|(name, ..)| single_byte_index(name))
        .collect();
    single_byte.dedup();
    for name in &single_byte {
        let index = read_index(dir, name);
        let id = ident(name);
        emit_decode(&mut out, &format!("SB_{id}_DECODE"), &index, 128);
        writeln!(
            out,
            "pub(crate) static SB_{id}: SingleByteTable = SingleByteTable {{ decode: &SB_{id}_DECODE }};"
        )
        .unwrap();
    }

    // The double-byte indexes, compact: their only tables (the decoders'
    // UTF-8 words and the encoders' tables are built from them at run time,
    // src/codec/tables.rs and src/codec/reverse.rs).
    emit_word_table(&mut out, "UTF8_JIS0208", &read_index(dir, "jis0208"));
    emit_decode(&mut out, "INDEX_JIS0212", &read_index(dir, "jis0212"), 0);
    emit_decode(
        &mut out,
        "INDEX_ISO_2022_JP_KATAKANA",
        &read_index(dir, "iso-2022-jp-katakana"),
        0,
    );
    emit_word_table(&mut out, "UTF8_EUC_KR", &read_index(dir, "euc-kr"));
    emit_word_table(&mut out, "UTF8_GB18030", &read_index(dir, "gb18030"));
    let ranges: Vec<(u32, u32)> = read_index(dir, "gb18030-ranges").into_iter().collect();
    writeln!(
        out,
        "/// (pointer, code point) starts of the gb18030 ranges, sorted by both.\npub(crate) static INDEX_GB18030_RANGES: [(u32, u32); {}] = {ranges:?};",
        ranges.len()
    )
    .unwrap();
    emit_word_table(&mut out, "UTF8_BIG5", &read_index(dir, "big5"));

    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("tables.rs");
    fs::write(dest, out).unwrap();
}
