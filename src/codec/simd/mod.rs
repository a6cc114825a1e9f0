//! Vector kernels, with runtime CPU detection: single-byte decoding
//! (`single.rs`), single-byte encoding (`encode.rs`; Thai's block of
//! three-byte characters, `encode_triples.rs`), UTF-16 encoding
//! (`utf16.rs`) and double-byte CJK decoding (`cjk.rs`).
//!
//! Every kernel does only the common case, a block of 16 or 32 bytes at a
//! time, and stops before anything unusual; the scalar loop that called it
//! owns every rule about errors and state, so a kernel only ever writes what
//! that loop would.
//!
//! [`Kernel`] names the kernels. [`Kernel::select`] picks the best one the CPU
//! has; tests force each in turn with [`force_path`] to run the exhaustive
//! and differential checks on every path. SSE2 alone has no byte shuffle, so
//! an x86-64 CPU without SSSE3 (and any other target) runs the scalar loop.
//! [`kernel_entry!`] writes each kernel's entry point: the dispatch on the
//! path, and the body compiled once per CPU feature.

use std::cell::Cell;

mod cjk;
mod encode;
mod encode_triples;
mod single;
mod utf16;
#[cfg(target_arch = "x86_64")]
mod x86;
pub(crate) use cjk::{decode_cjk, has_cjk_kernel, PairShape};
#[cfg(target_arch = "x86_64")]
pub(crate) use encode::store_kept;
pub(crate) use encode::{encode_pairs, EncodeTables};
pub(crate) use encode_triples::{encode_triples, TripleEncodeTables};
pub(crate) use single::{decode_pairs, decode_triples, PairTables, TripleTables};
pub(crate) use utf16::encode_utf16;

/// Which kernel a single-byte decoder uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kernel {
    /// No vector kernel: the word-at-a-time scalar loop only.
    Scalar,
    /// 16 bytes at a time (SSSE3 for `pshufb`).
    Ssse3,
    /// 32 bytes at a time (AVX2, and BMI1, which the CJK kernel uses and
    /// every AVX2 CPU has).
    Avx2,
}

thread_local! {
    static FORCED: Cell<Option<Kernel>> = const { Cell::new(None) };
}

/// Makes single-byte decoders created afterwards *on this thread* use `path`
/// (or the best available again with `None`). For tests: a path the CPU
/// lacks is never used (see [`Kernel::available`]).
#[doc(hidden)]
pub fn force_path(path: Option<Kernel>) {
    FORCED.with(|f| f.set(path));
}

impl Kernel {
    /// Whether this CPU can run `self`.
    pub fn available(self) -> bool {
        match self {
            Kernel::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Ssse3 => std::arch::is_x86_feature_detected!("ssse3"),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => {
                std::arch::is_x86_feature_detected!("avx2")
                    && std::arch::is_x86_feature_detected!("bmi1")
            }
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The forced path if any and available, else the best available. Only a
    /// path returned here is ever run (the kernels' safety rests on it).
    pub(crate) fn select() -> Kernel {
        match FORCED.with(Cell::get) {
            Some(p) if p.available() => p,
            _ => [Kernel::Avx2, Kernel::Ssse3]
                .into_iter()
                .find(|p| p.available())
                .unwrap_or(Kernel::Scalar),
        }
    }
}
/// How far a kernel got: bytes read and written, and, when a byte it cannot
/// decode stopped it, that byte's offset from `read` (for the scalar loop to
/// take over just past it).
pub(crate) struct Run {
    pub read: usize,
    pub written: usize,
    pub blocked: Option<usize>,
}

impl Run {
    /// What a kernel's loop ends with.
    #[inline(always)]
    pub(crate) fn at(read: usize, written: usize, blocked: Option<usize>) -> Run {
        Run {
            read,
            written,
            blocked,
        }
    }

    /// No kernel: nothing done.
    pub(crate) const NONE: Run = Run {
        read: 0,
        written: 0,
        blocked: None,
    };
}

/// Defines `fn $name(path: Kernel, args..) -> Run`: nothing on the scalar
/// path, else the x86 body for `path`, `$ssse3` compiled with SSSE3 or
/// `$avx2` with AVX2 (the same body for kernels that gain nothing from
/// 32-byte vectors: AVX2 only re-encodes their instructions). A body is an
/// `unsafe fn` of the same arguments whose only requirement is its CPU
/// feature.
macro_rules! kernel_entry {
    ($(#[$doc:meta])* $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?)
        = $ssse3:path, $avx2:path;) => {
        $(#[$doc])*
        $vis fn $name(path: $crate::codec::simd::Kernel, $($arg: $ty),*) -> $crate::codec::simd::Run {
            use $crate::codec::simd::{Kernel, Run};
            #[cfg(target_arch = "x86_64")]
            {
                /// # Safety
                /// The CPU must support SSSE3.
                #[target_feature(enable = "ssse3")]
                unsafe fn ssse3($($arg: $ty),*) -> Run {
                    // SAFETY: the caller vouches for SSSE3.
                    unsafe { $ssse3($($arg),*) }
                }
                /// # Safety
                /// The CPU must support AVX2 (which implies SSSE3).
                #[target_feature(enable = "avx2")]
                unsafe fn avx2($($arg: $ty),*) -> Run {
                    // SAFETY: the caller vouches for AVX2.
                    unsafe { $avx2($($arg),*) }
                }
                match path {
                    Kernel::Scalar => Run::NONE,
                    // SAFETY: `Kernel::select` returns these only when the CPU has them.
                    Kernel::Ssse3 => unsafe { ssse3($($arg),*) },
                    Kernel::Avx2 => unsafe { avx2($($arg),*) },
                }
            }
            #[cfg(not(target_arch = "x86_64"))]
            {
                let _ = (path, $($arg),*);
                Run::NONE
            }
        }
    };
}
pub(crate) use kernel_entry;
