//! The test kit: one copy of the fixtures every test binary (`mod common;`) and the fuzz crate
//! share.
//!
//! Layout:
//! - `counter.rs`: the `counter` connector and the [`Counter`] behind it (naive or idempotent).
//! - `fixture.rs`: the tick clock, the runtime builder ([`fixture`], [`fixture_with`],
//!   [`Fixture::restarted`]) and [`run`].
//! - `outputs.rs`: what a test reads off an output ([`completed`], [`error_code`], [`paused`], ...).
//! - `crash.rs`: injected crashes and the panic helpers ([`survive`], [`catching`], [`Crashy`]).
//! - `child.rs`: running a script in a child process ([`isolated`], [`child_main`], [`parallel_map`]).
//!
//! `fuzz/src/kit.rs` includes `counter.rs` and `fixture.rs` by path, so those two may use only
//! the fuzz crate's dependencies (`codemode-runtime`, `async-trait`, `futures`, `serde_json`).

// Each test binary uses a part of the kit; the rest is dead code there.
#![allow(dead_code)]

mod child;
mod counter;
mod crash;
mod fixture;
mod gate;
mod outputs;

// Each test binary uses a part of the kit; the rest is unused there.
#[allow(unused_imports)]
pub use {child::*, counter::*, crash::*, fixture::*, gate::*, outputs::*};
