//! The `wenc` binary: everything happens in [`wenc_cli::cli`].

/// Out of memory is a message and status 1 (see `wenc_cli::io::ExitOnOom`).
#[global_allocator]
static ALLOCATOR: wenc_cli::io::ExitOnOom = wenc_cli::io::ExitOnOom;

fn main() -> std::process::ExitCode {
    wenc_cli::cli::main()
}
