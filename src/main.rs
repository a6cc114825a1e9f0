//! The `wenc` binary: everything happens in [`wenc_cli::cli`].

/// Out of memory is a message and status 1 (see `wenc::io::ExitOnOom`).
#[global_allocator]
static ALLOCATOR: wenc::io::ExitOnOom = wenc::io::ExitOnOom;

fn main() -> std::process::ExitCode {
    wenc_cli::cli::main()
}
