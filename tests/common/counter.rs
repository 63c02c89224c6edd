//! The `counter` connector of every fixture: `bump` adds to a total, and the counter remembers how
//! often each idempotency key asked for an effect and how often the effect was applied, so a test
//! can tell a replayed call (nothing happens) from one that ran again.
//!
//! Shared with the fuzz crate (`fuzz/src/kit.rs` includes this file by path): it may use only
//! `codemode-runtime`, `async-trait`, `futures` and `serde_json`.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;

use async_trait::async_trait;
use codemode_runtime::{CallContext, Connector, Reverted, ToolError, ToolSpec};
use serde_json::{json, Value};

/// The external system behind `counter`. It outlives any one runtime: a restart builds a new
/// [`CounterConnector`] over the same `Rc<Counter>`.
#[derive(Default)]
pub struct Counter {
    /// key → how many times the effect of `bump`/`guardedBump` was applied for it.
    pub effects: RefCell<BTreeMap<String, u32>>,
    /// The sum of every applied `by` (wrapping: a fuzzed script may add `i64::MAX` twice).
    pub total: Cell<i64>,
    /// The seqs `revert` undid, in order.
    pub reverted: RefCell<Vec<u32>>,
    /// key → how many times `bump`/`guardedBump` was asked for it (2 when a crash hit the window
    /// between a call's effect and its journal entry, and the call was made again).
    pub requests: RefCell<BTreeMap<String, u32>>,
    /// Only for an [`idempotent`](Counter::idempotent) counter: key → the result returned when
    /// the effect was applied, returned again to a retry with that key. (Public so that a test
    /// may still build a `Counter { .., ..Default::default() }`.)
    pub results: Option<RefCell<BTreeMap<String, Value>>>,
}

impl Counter {
    /// A counter that applies each key's effect once, however often it is asked (what an external
    /// system that honours the idempotency key does). The default counter applies every request.
    pub fn idempotent() -> Self {
        Self {
            results: Some(RefCell::default()),
            ..Self::default()
        }
    }

    /// The result an idempotent counter already returned for `key`.
    fn earlier_result(&self, key: &str) -> Option<Value> {
        self.results
            .as_ref()
            .and_then(|results| results.borrow().get(key).cloned())
    }
}

/// `counter.get`, `counter.bump({by})`, `counter.guardedBump({by})` (needs approval),
/// `counter.fail` (always fails) and `counter.echo` (returns its argument). `bump` and
/// `guardedBump` revert; reverting `fail` is an error.
pub struct CounterConnector(pub Rc<Counter>);

#[async_trait(?Send)]
impl Connector for CounterConnector {
    fn name(&self) -> &str {
        "counter"
    }

    fn tools(&self) -> Vec<ToolSpec> {
        vec![
            ToolSpec::new("get", "Read the counter.", json!({"type": "object"})),
            ToolSpec::new(
                "bump",
                "Add `by` to the counter.",
                json!({"type": "object", "properties": {"by": {"type": "integer"}}}),
            ),
            ToolSpec::new(
                "guardedBump",
                "Add `by`, after approval.",
                json!({"type": "object", "properties": {"by": {"type": "integer"}}}),
            )
            .needing_approval(),
            ToolSpec::new("fail", "Always fails.", json!({"type": "object"})),
            ToolSpec::new("echo", "Returns its argument.", json!({"type": "object"})),
        ]
    }

    async fn execute(&self, args: Value, ctx: &CallContext) -> Result<Value, ToolError> {
        let counter = &self.0;
        match ctx.method.as_str() {
            "get" => Ok(json!(counter.total.get())),
            "bump" | "guardedBump" => {
                let key = ctx.idempotency_key();
                *counter
                    .requests
                    .borrow_mut()
                    .entry(key.clone())
                    .or_default() += 1;
                if let Some(result) = counter.earlier_result(&key) {
                    return Ok(result);
                }
                let by = args.get("by").and_then(Value::as_i64).unwrap_or(1);
                *counter.effects.borrow_mut().entry(key.clone()).or_default() += 1;
                counter.total.set(counter.total.get().wrapping_add(by));
                let result = json!(counter.total.get());
                if let Some(results) = &counter.results {
                    results.borrow_mut().insert(key, result.clone());
                }
                Ok(result)
            }
            "fail" => Err(ToolError::new("the tool failed on purpose")),
            "echo" => Ok(args),
            other => Err(ToolError::new(format!("no {other}"))),
        }
    }

    async fn revert(
        &self,
        args: &Value,
        _result: &Value,
        ctx: &CallContext,
    ) -> Result<Reverted, ToolError> {
        match ctx.method.as_str() {
            "bump" | "guardedBump" => {
                let by = args.get("by").and_then(Value::as_i64).unwrap_or(1);
                self.0.total.set(self.0.total.get().wrapping_sub(by));
                self.0.reverted.borrow_mut().push(ctx.seq);
                Ok(Reverted::Done)
            }
            // Only reachable through a corrupted journal (a failed call is never applied): the
            // fuzz targets use it to reach a rollback that reports a failure.
            "fail" => Err(ToolError::new("cannot revert a failure")),
            _ => Ok(Reverted::Unsupported),
        }
    }
}
