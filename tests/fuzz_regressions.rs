//! Regressions found by fuzzing (`fuzz/`, `scripts/fuzz.sh`; issue 4). Each test reproduces one
//! finding as a normal native test: it fails until the runtime is fixed.
//!
//! Self-contained (its own small fixture) so that it does not move with `tests/common`.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;

use async_trait::async_trait;
use codemode_runtime::journal::JournalEntry;
use codemode_runtime::model::ExecuteOutput;
use codemode_runtime::notes::NotesConnector;
use codemode_runtime::{CallContext, Connector, MemoryStore, Runtime, Store, ToolError, ToolSpec};
use serde_json::{json, Value};

/// `counter.bump` adds to a total, `counter.guardedBump` too but needs approval, `counter.echo`
/// returns its argument.
#[derive(Default)]
struct Counter(Cell<i64>);

#[async_trait(?Send)]
impl Connector for Counter {
    fn name(&self) -> &str {
        "counter"
    }

    fn tools(&self) -> Vec<ToolSpec> {
        vec![
            ToolSpec::new("bump", "Add `by`.", json!({"type": "object"})),
            ToolSpec::new("guardedBump", "Add `by`, after approval.", json!({"type": "object"})).needing_approval(),
            ToolSpec::new("echo", "Returns its argument.", json!({"type": "object"})),
        ]
    }

    async fn execute(&self, args: Value, ctx: &CallContext) -> Result<Value, ToolError> {
        match ctx.method.as_str() {
            "bump" | "guardedBump" => {
                self.0.set(self.0.get() + args.get("by").and_then(Value::as_i64).unwrap_or(1));
                Ok(json!(self.0.get()))
            }
            "echo" => Ok(args),
            other => Err(ToolError::new(format!("no {other}"))),
        }
    }
}

fn runtime_over(store: Rc<MemoryStore>) -> Runtime {
    let clock = Rc::new(Cell::new(1_700_000_000_000_i64));
    let now: Rc<dyn Fn() -> i64> = Rc::new(move || {
        clock.set(clock.get() + 7);
        clock.get()
    });
    let connectors: Vec<Box<dyn Connector>> =
        vec![Box::new(NotesConnector::new(store.clone(), now.clone())), Box::new(Counter::default())];
    Runtime::new(store, connectors, now).expect("runtime")
}

fn block_on<F: std::future::Future>(future: F) -> F::Output {
    futures::executor::block_on(future)
}

/// Runs `code` until it pauses and returns a fresh store holding only its record, the runtime
/// over that store, the execution id and the journal the run had at the pause. Entries written
/// into the fresh store replace the real journal (the store refuses a second entry for a seq).
fn paused_copy(code: &str) -> (Rc<MemoryStore>, Runtime, String, Vec<JournalEntry>) {
    let store = Rc::new(MemoryStore::new());
    let runtime = runtime_over(store.clone());
    let output = block_on(runtime.execute(code)).expect("execute");
    assert!(matches!(output, ExecuteOutput::Paused { .. }), "expected a pause, got {output:#?}");
    let id = output.execution_id().to_string();
    let journal = store.journal(&id).expect("journal");
    let record = store.load_execution(&id).expect("load").expect("record");
    let copy = Rc::new(MemoryStore::new());
    copy.save_execution(&record).expect("save");
    (copy.clone(), runtime_over(copy), id, journal)
}

/// `Ok(output)` if `approveExecution` returned (any result, any coded error); `Err(panic
/// message)` if it panicked.
fn approve_catching(runtime: &Runtime, id: &str) -> Result<codemode_runtime::Result<ExecuteOutput>, String> {
    catch_unwind(AssertUnwindSafe(|| block_on(runtime.approve_execution(id)))).map_err(|panic| {
        panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

const TWO_CALLS_THEN_APPROVAL: &str =
    "const a = await counter.bump({by: 2}); const b = await counter.echo({x: a}); const c = await counter.guardedBump({by: b.x}); return [a, b, c]";

/// Fuzz finding (journal target): a journal entry whose `at` is far before its `started` made
/// replay panic with "attempt to subtract with overflow" in `Runtime::deliver`
/// (`call.duration_ms = Some(entry.at - entry.started)`). A corrupted journal must end in a coded
/// error (or replay), never a panic. (In the wasm release build overflow checks are off: the
/// subtraction wraps and `durationMs` is garbage instead.)
#[test]
fn a_journal_time_before_its_start_does_not_panic_on_delivery() {
    let (store, runtime, id, journal) = paused_copy(TWO_CALLS_THEN_APPROVAL);
    for (index, mut entry) in journal.into_iter().enumerate() {
        if index == 0 {
            entry.at = i64::MIN;
        }
        store.append_journal(&id, &entry).expect("append");
    }
    let outcome = approve_catching(&runtime, &id);
    assert!(outcome.is_ok(), "approving a run whose journal has at = i64::MIN panicked: {}", outcome.unwrap_err());
}

/// Fuzz finding (journal target, minimised): when a pass fails (here: the journal holds an entry
/// the script never issues, so the replay diverges), `keep_journaled_calls` adds the journaled
/// calls to the report with `duration_ms: Some(entry.at - entry.started)`, which panicked with
/// "attempt to subtract with overflow" for an entry whose `started` is far before or after `at`.
#[test]
fn a_journal_time_before_its_start_does_not_panic_when_the_replay_fails() {
    let (store, runtime, id, journal) = paused_copy(TWO_CALLS_THEN_APPROVAL);
    for entry in journal {
        store.append_journal(&id, &entry).expect("append");
    }
    // A call the script never makes, delivered first: the replay diverges, the pass fails.
    let stray = JournalEntry {
        seq: 7,
        connector: "counter".into(),
        method: "bump".into(),
        args: json!({"by": 1}),
        outcome: codemode_runtime::journal::Outcome::Ok(json!(1)),
        started: 1,
        at: i64::MIN,
        delivery: 0,
    };
    store.append_journal(&id, &stray).expect("append");
    let outcome = approve_catching(&runtime, &id);
    assert!(outcome.is_ok(), "approving a run with a diverging, corrupted journal panicked: {}", outcome.unwrap_err());
}

/// Fuzz finding (journal target; also reachable from any script): a returned value nested more
/// than 128 levels deep — the JSON depth limit was 512 then, so the prelude accepted it — ended
/// the run with code `INTERNAL` ("result: recursion limit exceeded"): the host parses
/// the prelude's JSON with serde_json, whose default recursion limit is 128. By the contract
/// `INTERNAL` means a bug; such a value must either complete or be a coded, documented limit.
#[test]
fn a_result_nested_200_levels_deep_is_not_an_internal_error() {
    let store = Rc::new(MemoryStore::new());
    let runtime = runtime_over(store);
    let code = "let o = []; for (let i = 0; i < 200; i++) o = [o]; return o";
    let output = block_on(runtime.execute(code)).expect("execute");
    if let ExecuteOutput::Error { error, .. } = &output {
        assert_ne!(error.code, "INTERNAL", "a 200-deep result ended the run with {error:?}");
    }
}

/// Fuzz finding (journal target, edit mode; minimised to the 4-byte input `[0x41, 12, 1, 84]`:
/// "set the paused record's updatedAt to i64::MIN"): `Runtime::wake` panicked with "attempt to
/// subtract with overflow" at `now - record.state.updated_at` while deciding whether a paused run
/// has expired. (Without overflow checks, as in the wasm release build, the difference wraps
/// negative and such a run never expires.)
#[test]
fn wake_does_not_panic_on_a_paused_run_updated_at_i64_min() {
    let store = Rc::new(MemoryStore::new());
    let runtime = runtime_over(store.clone());
    let output = block_on(runtime.execute(TWO_CALLS_THEN_APPROVAL)).expect("execute");
    assert!(matches!(output, ExecuteOutput::Paused { .. }), "expected a pause, got {output:#?}");
    let mut record = store.load_execution(output.execution_id()).expect("load").expect("record");
    record.state.updated_at = i64::MIN;
    store.save_execution(&record).expect("save");
    let woke = catch_unwind(AssertUnwindSafe(|| block_on(runtime.wake())));
    assert!(woke.is_ok(), "wake() panicked on a paused run whose updatedAt is i64::MIN");
}

/// Found next to the finding above (the same kind of subtraction, confirmed with the crafted
/// journal-target input `[0x41, 11, 0, 4, 19, 0, 3]`: createdAt = i64::MIN, then
/// `// @options: {"timeout_ms": 1}`): `timed_out` panicked with "attempt to subtract with
/// overflow" at `now - deadline` when the stored `createdAt` is far in the past, instead of
/// ending the run with `TIMEOUT`.
#[test]
fn a_timeout_long_past_does_not_panic() {
    let store = Rc::new(MemoryStore::new());
    let runtime = runtime_over(store.clone());
    let code = format!("// @options: {{\"timeout_ms\": 60000}}\n{TWO_CALLS_THEN_APPROVAL}");
    let output = block_on(runtime.execute(&code)).expect("execute");
    assert!(matches!(output, ExecuteOutput::Paused { .. }), "expected a pause, got {output:#?}");
    let id = output.execution_id().to_string();
    let mut record = store.load_execution(&id).expect("load").expect("record");
    record.state.created_at = i64::MIN;
    store.save_execution(&record).expect("save");
    let outcome = approve_catching(&runtime, &id);
    assert!(outcome.is_ok(), "approving a run created at i64::MIN with a timeout panicked: {}", outcome.unwrap_err());
}
