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

// ---- running a script in a child process (for scripts that may crash or hang the host) ----

/// The environment variable that carries the script to a child process.
pub const CHILD_CODE: &str = "CODEMODE_CHILD_CODE";
/// Address space a child may use (KiB): 4 GiB.
const CHILD_MEMORY_KIB: u64 = 4 * 1024 * 1024;
/// The line prefix a child prints its result JSON after.
const CHILD_MARK: &str = "CODEMODE_CHILD_RESULT ";

/// How a script run in a child process ended.
#[derive(Debug)]
pub enum Isolated {
    /// The child printed its result: `{"outputs": [ExecuteOutput...], "total", "effects", "notes"}`
    /// (`outputs` has the output of `execute`, then of each `approveExecution`).
    Finished(Value),
    /// The child died (a stack overflow, an abort, a panic): its exit status and the end of stderr.
    Crashed(String),
    /// The child did not finish in time and was killed.
    TimedOut(std::time::Duration),
}

impl Isolated {
    /// The last `ExecuteOutput` of a finished child.
    pub fn last_output(&self) -> Option<ExecuteOutput> {
        match self {
            Isolated::Finished(value) => value["outputs"]
                .as_array()
                .and_then(|outputs| outputs.last())
                .and_then(|o| serde_json::from_value(o.clone()).ok()),
            _ => None,
        }
    }

    /// A one-line description for failure messages.
    pub fn describe(&self) -> String {
        match self {
            Isolated::Finished(_) => match self.last_output() {
                Some(ExecuteOutput::Completed { result, .. }) => format!("completed with {result}"),
                Some(ExecuteOutput::Error { error, .. }) => format!("error {}: {}", error.code, error.message),
                Some(ExecuteOutput::Paused { pending, .. }) => format!("paused on {} call(s)", pending.len()),
                None => "finished without an output".into(),
            },
            Isolated::Crashed(why) => format!("CRASHED the host process: {why}"),
            Isolated::TimedOut(after) => format!("HUNG: killed after {} s", after.as_secs()),
        }
    }
}

/// Runs `code` in a child process: this test binary again, filtered to its `entry` test (which
/// calls [`child_main`]), with `vars` in its environment. A crash or a hang is reported instead
/// of taking the whole suite down.
pub fn isolated(entry: &str, code: &str, vars: &[(&str, String)], timeout: std::time::Duration) -> Isolated {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let exe = std::env::current_exe().expect("test binary");
    // Under a cap on address space, so a script that allocates without bound makes the child
    // fail its allocation (a crash we report) instead of starving the machine.
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("ulimit -v {CHILD_MEMORY_KIB} && exec \"$0\" \"$@\""))
        .arg(exe)
        .args([entry, "--exact", "--nocapture", "--test-threads=1", "-q"])
        .env(CHILD_CODE, code)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, value) in vars {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("spawn the child test process");
    // Drain the pipes on threads so a chatty child cannot block on a full pipe.
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out_thread = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let err_thread = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the child") {
            break Some(status);
        }
        if started.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let out = out_thread.join().unwrap_or_default();
    let err = err_thread.join().unwrap_or_default();
    let Some(status) = status else { return Isolated::TimedOut(timeout) };
    let result = out.lines().find_map(|line| line.strip_prefix(CHILD_MARK)).map(str::to_string);
    match (status.success(), result) {
        (true, Some(json)) => Isolated::Finished(serde_json::from_str(&json).expect("child result JSON")),
        _ => {
            // The lines that say why (a stack overflow, a failed allocation, a panic), else the end.
            let keys = ["overflow", "memory allocation", "panicked", "fatal", "abort"];
            let mut why: Vec<&str> =
                err.lines().filter(|l| keys.iter().any(|k| l.contains(k))).take(3).collect();
            if why.is_empty() {
                why = err.lines().filter(|l| !l.trim().is_empty()).rev().take(3).collect();
            }
            Isolated::Crashed(format!("{status}; stderr: {}", why.join(" | ")))
        }
    }
}

/// The body of a child's entry test: runs the script from [`CHILD_CODE`] on `f` (a no-op in a
/// normal test run, where the variable is unset). While the run is paused and `approvals` is not
/// used up, it approves and goes on. Prints the outputs and the side effects for the parent.
pub fn child_main(f: impl FnOnce() -> Fixture, approvals: usize) {
    let Ok(code) = std::env::var(CHILD_CODE) else { return };
    let f = f();
    let mut outputs = vec![f.execute(&code)];
    for _ in 0..approvals {
        let last = outputs.last().expect("an output");
        if !matches!(last, ExecuteOutput::Paused { .. }) {
            break;
        }
        let id = last.execution_id().to_string();
        outputs.push(f.approve(&id));
    }
    let notes: Vec<String> = codemode_runtime::notes::NoteStore::list_notes(&*f.store)
        .expect("notes")
        .into_iter()
        .map(|n| n.text)
        .collect();
    let result = json!({"outputs": outputs, "total": f.total(), "effects": f.effects(), "notes": notes});
    println!("{CHILD_MARK}{result}");
}

/// Runs `jobs` on up to `parallel` threads at once, keeping their order.
pub fn parallel_map<T: Send, R: Send>(items: Vec<T>, parallel: usize, job: impl Fn(T) -> R + Sync) -> Vec<R> {
    let queue = std::sync::Mutex::new(items.into_iter().enumerate().collect::<Vec<_>>());
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..parallel.max(1) {
            scope.spawn(|| loop {
                let next = queue.lock().unwrap().pop();
                let Some((index, item)) = next else { break };
                let result = job(item);
                results.lock().unwrap().push((index, result));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(index, _)| *index);
    results.into_iter().map(|(_, r)| r).collect()
}
