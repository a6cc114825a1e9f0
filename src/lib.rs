//! wenc: transcode text between the encodings of the WHATWG Encoding Standard.
//!
//! The core library (package `wenc-core`, core/Cargo.toml). Layers, each
//! using only the ones below it:
//! - [`codec`]: every encoding's decoder and encoder, labels, BOM sniffing.
//!   Pure: no I/O.
//! - [`convert`]: the conversion driver. Moves bytes through a decoder and an
//!   encoder in fixed-size buffers, applies the error mode, counts
//!   replacements, locates errors. Knows `Read`/`Write`, not files.
//! - [`detect`]: naming the encoding of unlabelled bytes (BOM, declaration,
//!   statistics). Pure: no I/O.
//!
//! Input and output (`io`) and the `wenc` command (`cli`) are above these, in
//! the crate `wenc_cli` (cli/Cargo.toml, src/cli_lib.rs).

pub mod codec;
pub mod convert;
pub mod detect;

/// The Wikipedia corpus in `../shared`, where build.rs found it (tests that
/// read it are ignored without `--cfg wenc_shared`).
#[cfg(test)]
fn shared_corpus() -> std::path::PathBuf {
    let Some(shared) = option_env!("WENC_SHARED") else {
        panic!("build.rs found no ../shared");
    };
    std::path::Path::new(shared).join("corpus/wikipedia")
}
