//! # codemode-runtime
//!
//! A durable Code Mode runtime for Cloudflare Workers. A model writes one JavaScript program that
//! calls many tools; the runtime runs it in boa_engine with deterministic host hooks, journals
//! every tool result before the script sees it, pauses for approvals, resumes by replaying the
//! journal, and can roll applied calls back.
//!
//! ## Layout
//! - Core (pure, synchronous, tested natively):
//!   [`model`] the contract's JSON shapes; [`error`] the one error type, its codes and the run
//!   codes; [`fence`] markdown fences around the code; [`globals`] the sandbox's global names; [`journal`] journal entries; [`options`] the `// @options:` line; [`sandbox`] the boa
//!   VM and its prelude; [`run`] the run as a pass machine, its ledger, call list, divergences and
//!   the lifecycle of a record; [`connector`] the connector trait; [`notes`] the demo connector;
//!   [`images`] what `image()` hands back and where it is kept; [`models`] `models.*`, model
//!   calls as a built-in connector over a provider (Workers AI, OpenAI-compatible);
//!   [`catalog`] tool descriptor, TypeScript declarations, search and describe; [`schema`]
//!   argument validation; [`report`] what the model reads.
//! - Remote connectors ([`remote`]): MCP servers and OpenAPI services declared in
//!   `CODEMODE_CONNECTORS`, over an outbound-HTTP trait the shell implements with `fetch`.
//! - Service: [`store`] the storage trait (+ an in-memory store); [`runtime`] the contract's
//!   methods and the driver of a pass; [`rpc`] methods by name for the transports; [`mcp`] the
//!   MCP server, [`sse`] its event-stream answers; [`async_once`] a value built once by the first of concurrent requests.
//! - Shell (`shell`, wasm32 only): the Durable Object, SQLite store, routing, WebSocket.

// No function over 90 lines (the threshold is in clippy.toml): a longer one is split along
// the steps it takes. Pedantic, so enabled here; the tests and examples are not held to it.
#![warn(clippy::too_many_lines)]

pub mod async_once;
pub mod catalog;
pub mod connector;
pub mod error;
pub mod fence;
pub mod globals;
pub mod heap;
pub mod images;
pub mod journal;
pub mod mcp;
pub mod method;
pub mod model;
pub mod models;
pub mod normalize;
pub mod notes;
pub mod options;
pub mod remote;
pub mod report;
pub mod rpc;
pub mod run;
pub mod runtime;
pub mod sandbox;
pub mod schema;
pub mod script;
pub mod sse;
pub mod store;
pub mod token;

#[cfg(target_arch = "wasm32")]
pub mod shell;

pub use connector::{CallContext, Connector, Metered, Reverted, ToolError, ToolSpec};
pub use error::{Error, Result};
pub use runtime::{Runtime, RuntimeConfig, Scheduler, UpgradePolicy, WakeReport};
pub use store::{ExecutionRecord, MemoryStore, Store};

/// Identifies the sandbox that records a run: the boa_engine version, the prelude (with the locale
/// layer, `intl.js`) and a semantics version bumped by hand (computed by `build.rs`).
/// [`Runtime::fingerprint`] adds the limits that decide where a pass ends. A run continued under another fingerprint is verified by replay
/// (see [`runtime::UpgradePolicy`]).
pub const FINGERPRINT: &str = env!("CODEMODE_FINGERPRINT");
