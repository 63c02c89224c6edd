//! The process's global allocator: the system's, counting live bytes per thread for the
//! sandbox's heap bound (`boa_engine::heap`, `SandboxLimits::max_heap_bytes`).
//!
//! A Worker isolate has 128 MB for everything in it, and wasm linear memory never shrinks: a
//! script that builds a few million objects would get the isolate killed, with every
//! conversation on it. Counting at the allocator sees every way a script allocates (objects,
//! property and element storage, strings, maps, typed arrays, parsed JSON, compiled closures),
//! which boa's own GC statistics (object boxes only) do not.

use std::alloc::{GlobalAlloc, Layout, System};

pub use boa_engine::heap::live_bytes;

/// [`System`], reporting to [`boa_engine::heap`].
pub struct CountingAllocator;

// SAFETY: every method forwards to `System` with the same arguments; the counting calls do not
// allocate (they update two const-initialised thread-local cells).
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as received.
        let pointer = unsafe { System.alloc(layout) };
        if !pointer.is_null() {
            boa_engine::heap::allocated(layout.size());
        }
        pointer
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as received.
        let pointer = unsafe { System.alloc_zeroed(layout) };
        if !pointer.is_null() {
            boa_engine::heap::allocated(layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: forwarded as received.
        unsafe { System.dealloc(pointer, layout) };
        boa_engine::heap::released(layout.size());
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // Counted first: a move holds the old block and the new one at once (the peak sees it).
        boa_engine::heap::allocated(new_size);
        // SAFETY: forwarded as received.
        let moved = unsafe { System.realloc(pointer, layout, new_size) };
        if moved.is_null() {
            boa_engine::heap::released(new_size);
        } else {
            boa_engine::heap::released(layout.size());
        }
        moved
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Bytes as MiB with one decimal, as messages and reports print them.
pub fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
}

/// Bytes of wasm linear memory (in the Worker), which never shrinks: what the isolate holds for
/// this module. `None` natively.
pub fn linear_memory_bytes() -> Option<u64> {
    #[cfg(target_arch = "wasm32")]
    {
        Some(core::arch::wasm32::memory_size(0) as u64 * 65_536)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}
