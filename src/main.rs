//! The `wenc` binary: everything happens in [`wenc::cli`].

fn main() -> std::process::ExitCode {
    wenc::cli::main()
}
