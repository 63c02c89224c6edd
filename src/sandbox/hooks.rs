//! The host hooks that make a VM deterministic: a virtual clock, UTC, capped buffers and strings.

use std::cell::Cell;

use boa_engine::context::time::JsInstant;
use boa_engine::context::{Clock, HostHooks};
use boa_engine::Context;

/// The clock `Date` reads: starts at the run's recorded start and moves forward only when the host
/// delivers a result, to that result's recorded time.
#[derive(Debug)]
pub(super) struct VirtualClock(pub(super) Cell<i64>);

impl Clock for VirtualClock {
    fn now(&self) -> JsInstant {
        let millis = u64::try_from(self.0.get()).unwrap_or(0);
        JsInstant::new(millis / 1000, ((millis % 1000) * 1_000_000) as u32)
    }

    fn system_time_millis(&self) -> i64 {
        self.0.get()
    }
}

/// UTC everywhere, whatever the host's zone; `ArrayBuffer`s and strings built by `+` capped.
/// The caps are the run's limits, set when the run is configured (a VM can be built before its
/// run is known).
#[derive(Debug)]
pub(super) struct SandboxHooks {
    pub(super) max_buffer_bytes: Cell<u64>,
    pub(super) max_string_chars: Cell<usize>,
}

impl SandboxHooks {
    pub(super) fn new(max_buffer_bytes: u64, max_string_chars: usize) -> Self {
        Self {
            max_buffer_bytes: Cell::new(max_buffer_bytes),
            max_string_chars: Cell::new(max_string_chars),
        }
    }
}

impl HostHooks for SandboxHooks {
    fn local_timezone_offset_seconds(&self, _unix_time_seconds: i64) -> i32 {
        0
    }

    fn max_buffer_size(&self, _context: &mut Context) -> u64 {
        self.max_buffer_bytes.get()
    }

    fn max_string_length(&self) -> usize {
        self.max_string_chars.get()
    }
}
