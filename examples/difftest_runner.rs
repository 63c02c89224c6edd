//! The sandbox side of the differential harness (`difftest/`, `npm run difftest`).
//!
//! Reads JSON lines `{"id": ..., "code": "..."}` on stdin and, for each, runs `code` in a fresh
//! sandbox VM exactly as the runtime runs a script (the same prelude, default limits, virtual
//! clock, seeded `Math.random`, no connectors), then writes one JSON line on stdout:
//!
//! - `{"id", "value": <returned value as JSON>}` (the harness's cases return the string their
//!   canonical encoder built),
//! - `{"id", "error": {"code", "message"}}` when the script threw or the engine stopped it,
//! - `{"id", "crash": "<panic message>"}` when the engine panicked; the runner then exits with
//!   status 3 (a panic in the Worker ends the whole wasm instance, so nothing after it counts).
//!
//! Every line also has `"ms"`, the case's wall time.
//!
//! Each line is flushed before the next case starts, so when the process dies (an abort, a stack
//! overflow) the harness knows the first case without a line, and bisects from there.
//!
//! ```sh
//! echo '{"id":1,"code":"return 1 + 1"}' | cargo run --example difftest_runner
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, Write};
use std::panic::AssertUnwindSafe;
use std::rc::Rc;

use codemode_runtime::sandbox::{
    Sandbox, SandboxConfig, SandboxLimits, SandboxServices, Settled, StoreLimits,
};
use serde_json::{json, Value};

/// The virtual clock's start and `Math.random`'s seed: fixed, so a batch replays exactly.
const START_MS: i64 = 1_700_000_000_000;
const SEED: u64 = 0x5eed_d1ff;

struct NoServices;

impl SandboxServices for NoServices {
    fn search(&self, _query: &str) -> Value {
        json!([])
    }
    fn describe(&self, path: &str) -> Result<Value, String> {
        Err(format!("no such path `{path}`"))
    }
    fn snippet_code(&self, _name: &str) -> Option<String> {
        None
    }
}

/// Runs one script to its end: the jobs are run until it settles (it makes no tool calls).
fn run(code: &str) -> Value {
    let config = SandboxConfig {
        code,
        seed: SEED,
        start_ms: START_MS,
        connectors: Vec::new(),
        services: Rc::new(NoServices),
        limits: SandboxLimits::default(),
        values: BTreeMap::new(),
        store_limits: StoreLimits::default(),
        recorded: BTreeSet::new(),
        schemas: Rc::new(BTreeMap::new()),
    };
    let mut vm = match Sandbox::start(config) {
        Ok(vm) => vm,
        Err(e) => return json!({ "error": { "code": e.code, "message": e.message } }),
    };
    for _ in 0..4 {
        if let Err(e) = vm.run_jobs() {
            return json!({ "error": { "code": e.code, "message": e.message } });
        }
        match vm.settled() {
            Ok(Some(Settled::Returned(value))) => return json!({ "value": value }),
            Ok(Some(Settled::Threw(e))) => {
                return json!({ "error": { "code": e.code, "message": e.message } })
            }
            Ok(None) => {}
            Err(e) => return json!({ "error": { "code": e.code, "message": e.message } }),
        }
    }
    json!({ "error": { "code": "NOT_SETTLED", "message": "the script did not settle" } })
}

fn main() {
    // One line on stderr: with `panic = "abort"` (the release profile, as in the Worker) the
    // process ends here and the harness reports this line; otherwise the panic is caught below
    // and its message goes in the result line too.
    std::panic::set_hook(Box::new(|info| eprintln!("difftest_runner panic: {info}")));
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let case: Value = match serde_json::from_str(&line) {
            Ok(case) => case,
            Err(e) => {
                eprintln!("difftest_runner: bad input line: {e}");
                std::process::exit(2);
            }
        };
        let id = case.get("id").cloned().unwrap_or(Value::Null);
        let code = case
            .get("code")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let started = std::time::Instant::now();
        let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| run(&code)));
        let (mut out, crashed) = match outcome {
            Ok(out) => (out, false),
            Err(payload) => {
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "panic".to_string());
                (json!({ "crash": message }), true)
            }
        };
        out["id"] = id;
        out["ms"] = json!(started.elapsed().as_millis() as u64);
        let mut lock = stdout.lock();
        let _ = writeln!(lock, "{out}");
        let _ = lock.flush();
        if crashed {
            std::process::exit(3);
        }
    }
}
