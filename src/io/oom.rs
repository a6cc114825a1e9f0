//! An allocation failure ends wenc with a message and status 1.
//!
//! Std's default on a failed allocation prints "memory allocation of N bytes
//! failed" and aborts (SIGABRT, a core dump, a backtrace when RUST_BACKTRACE
//! is set), and its hook to change that is unstable. The binary's global
//! allocator is therefore the system's with one difference: when the system
//! has no memory left, [`signals::out_of_memory`] removes the temporary
//! output file, says so and exits with status 1. wenc never asks for memory
//! it can do without (no `try_reserve`), so no failure is recoverable.

use super::signals;
use std::alloc::{GlobalAlloc, Layout, System};

/// The system allocator, exiting cleanly on failure (see the module docs).
pub struct ExitOnOom;

fn checked(ptr: *mut u8, size: usize) -> *mut u8 {
    if ptr.is_null() {
        signals::out_of_memory(size);
    }
    ptr
}

// SAFETY: every call is passed to the system allocator unchanged; only a
// null result (a failure) is not returned.
unsafe impl GlobalAlloc for ExitOnOom {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        checked(System.alloc(layout), layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        checked(System.alloc_zeroed(layout), layout.size())
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        checked(System.realloc(ptr, layout, new_size), new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}
