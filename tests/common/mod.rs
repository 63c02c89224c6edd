//! Shared fixtures: a runtime over a [`MemoryStore`] with the notes connector and a counting test
//! connector, on a manual clock.

#![allow(dead_code)]

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;

use async_trait::async_trait;
use codemode_runtime::model::ExecuteOutput;
use codemode_runtime::notes::NotesConnector;
use codemode_runtime::{CallContext, Connector, MemoryStore, Reverted, Runtime, ToolError, ToolSpec};
use serde_json::{json, Value};

/// A connector that counts side effects per idempotency key.
#[derive(Default)]
pub struct Counter {
    /// key → how many times `bump` ran for it.
    pub effects: RefCell<BTreeMap<String, u32>>,
    pub total: Cell<i64>,
    pub reverted: RefCell<Vec<u32>>,
}

pub struct CounterConnector(pub Rc<Counter>);

#[async_trait(?Send)]
impl Connector for CounterConnector {
    fn name(&self) -> &str {
        "counter"
    }

    fn tools(&self) -> Vec<ToolSpec> {
        vec![
            ToolSpec::new("get", "Read the counter.", json!({"type": "object"})),
            ToolSpec::new("bump", "Add `by` to the counter.", json!({"type": "object", "properties": {"by": {"type": "integer"}}})),
            ToolSpec::new("guardedBump", "Add `by`, after approval.", json!({"type": "object", "properties": {"by": {"type": "integer"}}})).needing_approval(),
            ToolSpec::new("fail", "Always fails.", json!({"type": "object"})),
            ToolSpec::new("echo", "Returns its argument.", json!({"type": "object"})),
        ]
    }

    async fn execute(&self, args: Value, ctx: &CallContext) -> Result<Value, ToolError> {
        let counter = &self.0;
        match ctx.method.as_str() {
            "get" => Ok(json!(counter.total.get())),
            "bump" | "guardedBump" => {
                let by = args.get("by").and_then(Value::as_i64).unwrap_or(1);
                *counter.effects.borrow_mut().entry(ctx.idempotency_key()).or_default() += 1;
                counter.total.set(counter.total.get() + by);
                Ok(json!(counter.total.get()))
            }
            "fail" => Err(ToolError::new("the tool failed on purpose")),
            "echo" => Ok(args),
            other => Err(ToolError::new(format!("no {other}"))),
        }
    }

    async fn revert(&self, args: &Value, _result: &Value, ctx: &CallContext) -> Result<Reverted, ToolError> {
        match ctx.method.as_str() {
            "bump" | "guardedBump" => {
                let by = args.get("by").and_then(Value::as_i64).unwrap_or(1);
                self.0.total.set(self.0.total.get() - by);
                self.0.reverted.borrow_mut().push(ctx.seq);
                Ok(Reverted::Done)
            }
            _ => Ok(Reverted::Unsupported),
        }
    }
}

pub struct Fixture {
    pub runtime: Runtime,
    pub store: Rc<MemoryStore>,
    pub counter: Rc<Counter>,
    pub clock: Rc<Cell<i64>>,
}

pub fn fixture() -> Fixture {
    let store = Rc::new(MemoryStore::new());
    let counter = Rc::new(Counter::default());
    let clock = Rc::new(Cell::new(1_700_000_000_000_i64));
    let tick = clock.clone();
    let now: Rc<dyn Fn() -> i64> = Rc::new(move || {
        tick.set(tick.get() + 7);
        tick.get()
    });
    let connectors: Vec<Box<dyn Connector>> = vec![
        Box::new(NotesConnector::new(store.clone(), now.clone())),
        Box::new(CounterConnector(counter.clone())),
    ];
    let runtime = Runtime::new(store.clone(), connectors, now).expect("runtime");
    Fixture { runtime, store, counter, clock }
}

pub fn run<F: std::future::Future>(future: F) -> F::Output {
    futures::executor::block_on(future)
}

impl Fixture {
    pub fn execute(&self, code: &str) -> ExecuteOutput {
        run(self.runtime.execute(code)).expect("execute")
    }

    pub fn approve(&self, id: &str) -> ExecuteOutput {
        run(self.runtime.approve_execution(id)).expect("approve")
    }
}

/// The result of a completed run, or a panic showing what happened instead.
pub fn completed(output: &ExecuteOutput) -> Value {
    match output {
        ExecuteOutput::Completed { result, .. } => result.clone(),
        other => panic!("expected completed, got {other:#?}"),
    }
}

pub fn error_code(output: &ExecuteOutput) -> String {
    match output {
        ExecuteOutput::Error { error, .. } => error.code.clone(),
        other => panic!("expected an error, got {other:#?}"),
    }
}

// ---- helpers added for the integration suites ----

use codemode_runtime::model::{CallRecord, CallState, ErrorInfo, ExecutionState, PendingAction};
use codemode_runtime::{ExecutionRecord, RuntimeConfig, Store};

/// A fixture whose runtime uses `config`.
pub fn fixture_with(config: RuntimeConfig) -> Fixture {
    let mut f = fixture();
    f.runtime = f.runtime.with_config(config);
    f
}

/// The stable code of a request error, or a panic showing the success instead.
pub fn err_code<T: std::fmt::Debug>(result: codemode_runtime::Result<T>) -> &'static str {
    match result {
        Err(error) => error.code(),
        Ok(value) => panic!("expected an error, got Ok({value:#?})"),
    }
}

/// The `{code, message}` of an error output.
pub fn error_info(output: &ExecuteOutput) -> ErrorInfo {
    match output {
        ExecuteOutput::Error { error, .. } => error.clone(),
        other => panic!("expected an error, got {other:#?}"),
    }
}

/// The pending actions of a paused output.
pub fn paused(output: &ExecuteOutput) -> Vec<PendingAction> {
    match output {
        ExecuteOutput::Paused { pending, .. } => pending.clone(),
        other => panic!("expected paused, got {other:#?}"),
    }
}

pub fn calls(output: &ExecuteOutput) -> Vec<CallRecord> {
    match output {
        ExecuteOutput::Completed { calls, .. } | ExecuteOutput::Paused { calls, .. } | ExecuteOutput::Error { calls, .. } => {
            calls.clone()
        }
    }
}

/// `(seq, state)` of each call.
pub fn states(calls: &[CallRecord]) -> Vec<(u32, CallState)> {
    calls.iter().map(|c| (c.seq, c.state)).collect()
}

impl Fixture {
    pub fn state(&self, id: &str) -> ExecutionState {
        self.runtime.execution(id).expect("execution")
    }

    pub fn reject(&self, id: &str, seq: u32) -> bool {
        self.runtime.reject_execution(id, seq).expect("reject")
    }

    pub fn record(&self, id: &str) -> ExecutionRecord {
        self.store.load_execution(id).expect("load").expect("stored record")
    }

    /// Changes the stored record of `id` behind the runtime's back.
    pub fn tamper(&self, id: &str, change: impl FnOnce(&mut ExecutionRecord)) {
        let mut record = self.record(id);
        change(&mut record);
        self.store.save_execution(&record).expect("save");
    }

    /// `(idempotency key, times executed)` of every `counter.bump`/`guardedBump` so far.
    pub fn effects(&self) -> Vec<(String, u32)> {
        self.counter.effects.borrow().iter().map(|(k, v)| (k.clone(), *v)).collect()
    }

    pub fn total(&self) -> i64 {
        self.counter.total.get()
    }
}
