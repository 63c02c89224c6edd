//! codemode-runtime patch: a bound on the heap a script may hold.
//!
//! The engine does not allocate through anything it could count itself (objects are boa_gc
//! boxes, but their property vectors, strings and array storage are ordinary Rust
//! allocations), so the host counts: its global allocator reports every allocation and release
//! of the thread with [`allocated`] and [`released`], and a context with a heap bound
//! ([`crate::Context::set_heap_limit`]) compares the thread's live bytes with it at every
//! instruction and in the native loops that can build large values in one call (regular
//! expression steps, `JSON.parse`, `CreateDataProperty`, `Map`/`Set` insertions). Where one step
//! would allocate a large block at once (a full array's or map's storage doubling, a text
//! widened for the regex engine), the engine asks first with the size of that block
//! ([`crate::Context::check_heap_growth`]): a block that big, allocated past the bound, would
//! spike the memory to several times the bound before the next check. Over the
//! bound, the engine collects garbage once; if the live bytes are still within an eighth of the
//! bound, the run ends with the uncatchable [`RuntimeLimitError::Heap`]. Without a host
//! allocator that reports, the counts stay at zero and no bound is ever reached.
//!
//! The counts are per thread, as boa's heap is: a context and everything it allocates stay on
//! the thread that made them.

use std::cell::Cell;

use crate::error::RuntimeLimitError;
use crate::JsResult;

thread_local! {
    /// Bytes allocated and not yet released on this thread.
    static LIVE: Cell<usize> = const { Cell::new(0) };
    /// `LIVE` at the last [`reset_peak`].
    static PEAK_BASE: Cell<usize> = const { Cell::new(0) };
    /// The most bytes live beyond `PEAK_BASE` since then.
    static PEAK: Cell<usize> = const { Cell::new(0) };
    /// What the last run ended by the bound needed beyond its baseline when it ended: what it
    /// held after the collection, and the block it asked for if it asked.
    static HELD_AT_FAILURE: Cell<usize> = const { Cell::new(0) };
}

/// Records an allocation of `bytes` on this thread (called by the host's global allocator; it
/// must not allocate).
#[inline]
pub fn allocated(bytes: usize) {
    let live = LIVE.get().wrapping_add(bytes);
    LIVE.set(live);
    // Relative to the base: a thread that releases memory other threads allocated has a
    // count below zero, which wraps.
    let above = live.wrapping_sub(PEAK_BASE.get());
    if (above as isize) > (PEAK.get() as isize) {
        PEAK.set(above);
    }
}

/// Records the release of `bytes` on this thread. Memory allocated on one thread and released
/// on another makes the counts of both drift; the engine's own values never cross threads.
#[inline]
pub fn released(bytes: usize) {
    LIVE.set(LIVE.get().wrapping_sub(bytes));
}

/// Bytes allocated and not yet released on this thread.
#[inline]
#[must_use]
pub fn live_bytes() -> usize {
    LIVE.get()
}

/// The most bytes live on this thread since the last [`reset_peak`], beyond what was live then.
#[must_use]
pub fn peak_since_reset() -> usize {
    PEAK.get()
}

/// What the last run ended by its bound needed beyond its baseline when it ended: what it held
/// after the collection plus the block it asked for, if any (read when the error is reported,
/// after the values being built were dropped).
#[must_use]
pub fn held_at_failure() -> usize {
    HELD_AT_FAILURE.get()
}

/// The bytes a growable list (a `Vec`, a map's table) allocates at once when one more entry is
/// added: none while it has room, else double its capacity (at least 4) of `entry` bytes each.
#[must_use]
pub(crate) fn doubling_bytes(len: usize, capacity: usize, entry: usize) -> usize {
    if len < capacity {
        0
    } else {
        capacity.max(4).saturating_mul(2).saturating_mul(entry)
    }
}

/// Starts a new peak at the bytes live now.
pub fn reset_peak() {
    PEAK_BASE.set(LIVE.get());
    PEAK.set(0);
}

/// A context's heap bound: at most `bound` bytes more than were live at `baseline`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeapLimit {
    /// The thread's live bytes when the context's run began.
    pub baseline: usize,
    /// How many more bytes the run may hold.
    pub bound: usize,
}

impl HeapLimit {
    /// The absolute count past which the engine checks.
    pub(crate) fn ceiling(self) -> usize {
        self.baseline.saturating_add(self.bound)
    }

    /// Collects garbage and ends the run if the live bytes, with `growth` more about to be
    /// allocated, are still within an eighth of the bound (a heap that full would collect again
    /// after every few allocations).
    #[cold]
    pub(crate) fn collect_or_fail(self, growth: usize) -> JsResult<()> {
        boa_gc::force_collect();
        let held = live_bytes().wrapping_sub(self.baseline).wrapping_add(growth) as isize;
        if held > (self.bound - self.bound / 8) as isize {
            HELD_AT_FAILURE.set(held as usize);
            return Err(RuntimeLimitError::Heap.into());
        }
        Ok(())
    }
}
