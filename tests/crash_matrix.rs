//! Issue 3, exactly-once under crashes: every script of a corpus is run once without a crash, then
//! once per crash point — a panic injected before or after every store operation, and inside every
//! connector call after its side effect but before it returns — with the runtime dropped after the
//! crash (its VM, its busy set) and a new one built over the same store, which recovers the run
//! with `wake()` (runs left `running`) and `approve_execution` (paused runs). The recovered run
//! must end exactly like the crash-free one (status, result, calls, report, journal, `store()`
//! values, notes) and no side effect may be applied twice: the `counter` connector here is
//! idempotent per `execution_id:seq` key and records how often each key's effect was applied.

mod common;

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use async_trait::async_trait;
use codemode_runtime::journal::JournalEntry;
use codemode_runtime::model::{ExecuteOutput, ExecutionStatus, Snippet};
use codemode_runtime::notes::{Note, NoteStore};
use codemode_runtime::{
    CallContext, Connector, ExecutionRecord, MemoryStore, Result, Reverted, Runtime, RuntimeConfig,
    Store, ToolError, ToolSpec,
};
use common::{
    fixture_connectors, quiet_injected_panics, run, still_clock, survive, Counter,
    CounterConnector, Crashy, CRASH, T0,
};
use serde_json::{json, Value};

// The matrix's clock stands still at `T0` (`still_clock`): every timestamp (journal `at`,
// `createdAt` of notes, the report's wall time) is the same in every cell.

// ---- crash injection ----

/// Where the one crash of a cell happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Point {
    /// No crash.
    Never,
    /// Before the n-th store operation (counting from 1) is performed.
    BeforeOp(u64),
    /// After the n-th store operation is performed, before it returns.
    AfterOp(u64),
    /// Inside the n-th connector call: after its side effect, before it returns its result.
    AfterEffect(u64),
    /// After the first store operation with this name.
    AfterNamed(&'static str),
    /// Before the first store operation with this name is performed.
    BeforeNamed(&'static str),
}

/// Counts store operations and connector calls and fires the planned crash once.
struct Injector {
    point: Cell<Point>,
    fired: Cell<bool>,
    ops: Cell<u64>,
    connector_calls: Cell<u64>,
    /// The name of every store operation, in order (for labels).
    trace: RefCell<Vec<&'static str>>,
}

impl Injector {
    fn new(point: Point) -> Self {
        Self {
            point: Cell::new(point),
            fired: Cell::new(false),
            ops: Cell::new(0),
            connector_calls: Cell::new(0),
            trace: RefCell::new(Vec::new()),
        }
    }

    fn crash_if(&self, at: Point, what: &str) {
        if self.point.get() == at {
            self.point.set(Point::Never);
            self.fired.set(true);
            panic!("{CRASH}: {what}");
        }
    }

    fn op<T>(&self, name: &'static str, f: impl FnOnce() -> T) -> T {
        let n = self.ops.get() + 1;
        self.ops.set(n);
        self.trace.borrow_mut().push(name);
        self.crash_if(Point::BeforeOp(n), &format!("before {name} (op {n})"));
        self.crash_if(Point::BeforeNamed(name), &format!("before {name} (op {n})"));
        let value = f();
        self.crash_if(Point::AfterOp(n), &format!("after {name} (op {n})"));
        self.crash_if(Point::AfterNamed(name), &format!("after {name} (op {n})"));
        value
    }
}

/// A [`Store`] + [`NoteStore`] over a shared [`MemoryStore`] (the durable state that survives the
/// crash) that panics at the planned operation.
struct CrashingStore {
    inner: Rc<MemoryStore>,
    injector: Rc<Injector>,
}

impl codemode_runtime::images::ImageStore for CrashingStore {}

impl Store for CrashingStore {
    fn save_execution(&self, record: &ExecutionRecord) -> Result<()> {
        self.injector
            .op("save_execution", || self.inner.save_execution(record))
    }
    fn load_execution(&self, id: &str) -> Result<Option<ExecutionRecord>> {
        self.injector
            .op("load_execution", || self.inner.load_execution(id))
    }
    fn recent_executions(&self, limit: usize) -> Result<Vec<ExecutionRecord>> {
        self.injector
            .op("recent_executions", || self.inner.recent_executions(limit))
    }
    fn paused_executions(&self) -> Result<Vec<ExecutionRecord>> {
        self.injector
            .op("paused_executions", || self.inner.paused_executions())
    }
    fn running_executions(&self) -> Result<Vec<ExecutionRecord>> {
        self.injector
            .op("running_executions", || self.inner.running_executions())
    }
    fn finished_beyond(&self, keep: usize) -> Result<Vec<String>> {
        self.injector
            .op("finished_beyond", || self.inner.finished_beyond(keep))
    }
    fn delete_execution(&self, id: &str) -> Result<()> {
        self.injector
            .op("delete_execution", || self.inner.delete_execution(id))
    }
    fn append_journal(&self, execution_id: &str, entry: &JournalEntry) -> Result<()> {
        self.injector.op("append_journal", || {
            self.inner.append_journal(execution_id, entry)
        })
    }
    fn journal(&self, execution_id: &str) -> Result<Vec<JournalEntry>> {
        self.injector
            .op("journal", || self.inner.journal(execution_id))
    }
    fn save_snippet(&self, snippet: &Snippet) -> Result<()> {
        self.injector
            .op("save_snippet", || self.inner.save_snippet(snippet))
    }
    fn snippet(&self, name: &str) -> Result<Option<Snippet>> {
        self.injector.op("snippet", || self.inner.snippet(name))
    }
    fn snippets(&self) -> Result<Vec<Snippet>> {
        self.injector.op("snippets", || self.inner.snippets())
    }
    fn delete_snippet(&self, name: &str) -> Result<bool> {
        self.injector
            .op("delete_snippet", || self.inner.delete_snippet(name))
    }
    fn values(&self) -> Result<BTreeMap<String, Value>> {
        self.injector.op("values", || self.inner.values())
    }
    fn complete_execution(
        &self,
        record: &ExecutionRecord,
        writes: &BTreeMap<String, Option<Value>>,
    ) -> Result<()> {
        self.injector.op("complete_execution", || {
            self.inner.complete_execution(record, writes)
        })
    }
}

impl NoteStore for CrashingStore {
    fn list_notes(&self) -> Result<Vec<Note>> {
        self.injector.op("list_notes", || self.inner.list_notes())
    }
    fn insert_note(&self, key: &str, text: &str, now: i64) -> Result<Note> {
        self.injector
            .op("insert_note", || self.inner.insert_note(key, text, now))
    }
    fn delete_note(&self, id: i64) -> Result<bool> {
        self.injector
            .op("delete_note", || self.inner.delete_note(id))
    }
}

/// Wraps a connector: the planned connector call panics after the inner call did its work.
struct CrashAfterEffect {
    inner: Box<dyn Connector>,
    injector: Rc<Injector>,
}

#[async_trait(?Send)]
impl Connector for CrashAfterEffect {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn instructions(&self) -> String {
        self.inner.instructions()
    }
    fn tools(&self) -> Vec<ToolSpec> {
        self.inner.tools()
    }
    async fn execute(
        &self,
        args: Value,
        ctx: &CallContext,
    ) -> std::result::Result<Value, ToolError> {
        let result = self.inner.execute(args, ctx).await;
        let n = self.injector.connector_calls.get() + 1;
        self.injector.connector_calls.set(n);
        self.injector.crash_if(
            Point::AfterEffect(n),
            &format!(
                "after the effect of {}.{} (connector call {n})",
                self.inner.name(),
                ctx.method
            ),
        );
        result
    }
    async fn revert(
        &self,
        args: &Value,
        result: &Value,
        ctx: &CallContext,
    ) -> std::result::Result<Reverted, ToolError> {
        self.inner.revert(args, result, ctx).await
    }
}

// ---- one cell: a fresh durable world, a planned crash, recovery until the run is finished ----

struct World {
    inner: Rc<MemoryStore>,
    injector: Rc<Injector>,
    /// The external system a crash must not double-apply to: idempotent per `execution_id:seq`.
    counter: Rc<Counter>,
}

impl World {
    fn new(point: Point) -> Self {
        let inner = Rc::new(MemoryStore::new());
        // Set up without counting: two saved snippets and two `store()` values.
        let snippet = |name: &str, code: &str| Snippet {
            name: name.into(),
            description: format!("the {name} snippet"),
            code: code.into(),
            saved_at: T0,
            connectors: vec!["counter".into()],
        };
        inner
            .save_snippet(&snippet(
                "bumper",
                "const v = await counter.bump({by: input.k}); return {k: input.k, v}",
            ))
            .unwrap();
        inner
            .save_snippet(&snippet(
                "guarded",
                "const g = await counter.guardedBump({by: input.k}); return g * 2",
            ))
            .unwrap();
        let mut values = BTreeMap::new();
        values.insert("count".to_string(), Some(json!(41)));
        values.insert("greeting".to_string(), Some(json!("hi")));
        inner.apply_values(&values).unwrap();
        Self {
            inner,
            injector: Rc::new(Injector::new(point)),
            counter: Rc::new(Counter::idempotent()),
        }
    }

    /// A new runtime over the same durable state: nothing in memory survives from the last one.
    fn runtime(&self) -> Runtime {
        let store = Rc::new(CrashingStore {
            inner: self.inner.clone(),
            injector: self.injector.clone(),
        });
        let clock = still_clock();
        let connectors = fixture_connectors(store.clone(), self.counter.clone(), clock.clone())
            .into_iter()
            .map(|inner| -> Box<dyn Connector> {
                Box::new(CrashAfterEffect {
                    inner,
                    injector: self.injector.clone(),
                })
            })
            .collect();
        Runtime::new(store, connectors, clock)
            .expect("runtime")
            .with_config(RuntimeConfig {
                max_attempts: 100,
                ..Default::default()
            })
    }
}

/// How a cell ended, with everything that must not depend on where it crashed.
#[derive(Debug, PartialEq)]
struct Final {
    /// The stored record (as JSON, id replaced, the random seed removed).
    record: Value,
    /// The journal (as JSON).
    journal: Value,
    /// The store's `store()` values.
    values: BTreeMap<String, Value>,
    notes: Vec<Note>,
    total: i64,
    /// `(seq, times applied)` of this run's counter effects.
    effects: Vec<(u32, u32)>,
}

struct CellEnd {
    end: Final,
    /// The last `ExecuteOutput` (id replaced), if the run finished by `execute`/`approve` rather than `wake`.
    output: Option<Value>,
    crashes: u32,
    /// `execute` was sent again because the crash came before the run was stored: a new
    /// execution, with a new `Math.random` seed.
    new_execution: bool,
    /// Seqs whose connector was asked more than once (the retry window).
    retried: Vec<u32>,
    ops: u64,
    connector_calls: u64,
    trace: Vec<&'static str>,
}

fn seq_of(key: &str, id: &str) -> u32 {
    key.strip_prefix(&format!("{id}:"))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("foreign key {key}"))
}

/// Runs `code` in `world`, recovering after each crash, until the run is finished.
fn run_cell(world: &World, code: &str) -> std::result::Result<CellEnd, String> {
    let mut output: Option<ExecuteOutput> = None;
    let mut crashes = 0;
    let mut executes = 0;
    for _round in 0..20 {
        // The previous runtime (if any) is gone: a restart.
        let runtime = world.runtime();
        let existing = world.inner.recent_executions(10).expect("records");
        if existing.len() > 1 {
            return Err(format!(
                "{} executions were created for one script",
                existing.len()
            ));
        }
        let step = match existing.first() {
            // Nothing durable was written: the client retries `execute`.
            None => {
                executes += 1;
                survive(|| run(runtime.execute(code)).map(Some))?
            }
            Some(record) => {
                let id = record.state.id.clone();
                match record.state.status {
                    ExecutionStatus::Running => {
                        let next = runtime.next_wake_at().expect("next_wake_at");
                        if next != Some(T0) {
                            return Err(format!(
                                "an interrupted run, but next_wake_at() is {next:?}"
                            ));
                        }
                        survive(|| {
                            let report = run(runtime.wake())?;
                            assert_eq!(
                                report.resumed,
                                vec![id.clone()],
                                "wake resumes the interrupted run"
                            );
                            Ok(None)
                        })?
                    }
                    ExecutionStatus::Paused => {
                        survive(|| run(runtime.approve_execution(&id)).map(Some))?
                    }
                    _ => break,
                }
            }
        };
        match step {
            // The crashed request returned nothing; an earlier output is stale.
            None => {
                crashes += 1;
                output = None;
            }
            Some(Err(error)) => return Err(format!("a request failed: {} {error}", error.code())),
            Some(Ok(Some(out))) => output = Some(out),
            Some(Ok(None)) => output = None,
        }
    }
    let records = world.inner.recent_executions(10).expect("records");
    let [record] = records.as_slice() else {
        return Err(format!("{} executions at the end", records.len()));
    };
    if !record.state.status.is_finished() {
        return Err(format!(
            "not finished after 20 rounds: {}",
            record.state.status
        ));
    }
    let id = record.state.id.clone();
    let journal_entries = world.inner.journal(&id).expect("journal");
    // `Math.random` is seeded per execution, so the values a script draws differ between the
    // crash-free run and any other run: the values journaled by `codemode.step` become
    // placeholders (-1000.5, -1001.5, ...) in order, so everything else still compares exactly.
    let randoms: Vec<String> = journal_entries
        .iter()
        .filter(|e| e.connector == "codemode" && e.method == "step")
        .filter_map(|e| match &e.outcome {
            codemode_runtime::journal::Outcome::Ok(Value::Number(n)) if n.as_i64().is_none() => {
                Some(n.to_string())
            }
            _ => None,
        })
        .collect();
    let without_id = |value: Value, id: &str| -> Value {
        let mut text = value.to_string().replace(id, "<id>");
        for (i, random) in randoms.iter().enumerate() {
            // A number that reads the same inside a JSON string (a report) and as a JSON value.
            text = text.replace(random.as_str(), &format!("-{}.5", 1000 + i));
        }
        serde_json::from_str(&text).expect("json")
    };
    let mut record_json = serde_json::to_value(record).expect("record json");
    record_json.as_object_mut().expect("object").remove("seed");
    // The heap a pass held is a measurement (the allocator's count differs with what ran before
    // on the thread), like wall time: present, not compared.
    record_json["state"]
        .as_object_mut()
        .expect("state")
        .remove("peakHeapBytes");
    let journal = without_id(
        serde_json::to_value(&journal_entries).expect("journal json"),
        &id,
    );
    let effects = world
        .counter
        .effects
        .borrow()
        .iter()
        .map(|(k, n)| (seq_of(k, &id), *n))
        .collect();
    let retried = world
        .counter
        .requests
        .borrow()
        .iter()
        .filter(|(_, n)| **n > 1)
        .map(|(k, _)| seq_of(k, &id))
        .collect();
    let end = Final {
        record: without_id(record_json, &id),
        journal,
        values: world.inner.values().expect("values"),
        notes: world.inner.list_notes().expect("notes"),
        total: world.counter.total.get(),
        effects,
    };
    Ok(CellEnd {
        output: output.map(|o| without_id(serde_json::to_value(&o).expect("output json"), &id)),
        end,
        crashes,
        new_execution: executes > 1,
        retried,
        ops: world.injector.ops.get(),
        connector_calls: world.injector.connector_calls.get(),
        trace: world.injector.trace.borrow().clone(),
    })
}

// ---- the corpus ----

/// `(name, code, the status it ends with)`.
const CORPUS: &[(&str, &str, &str)] = &[
    ("one call", "return await counter.bump({by: 1})", "completed"),
    (
        "sequential calls",
        "let s = 0; for (let i = 1; i <= 4; i++) s = await counter.bump({by: i}); return s",
        "completed",
    ),
    (
        "Promise.all of many calls",
        "return await Promise.all(Array.from({length: 8}, (_, i) => counter.bump({by: i + 1})))",
        "completed",
    ),
    (
        "Promise.all of mixed calls",
        "const [a, b, c, d] = await Promise.all([counter.echo({x: 1}), counter.bump({by: 5}), counter.get({}), notes.listNotes({})]); return {a, b, c, d}",
        "completed",
    ),
    (
        "loop on results",
        "let n = 0; while ((await counter.bump({by: 2})) < 7) n++; return [n, await counter.get({})]",
        "completed",
    ),
    (
        "try/catch around a failing tool",
        "await counter.bump({by: 1}); let msg; try { await counter.fail({}) } catch (e) { msg = e.message; text('caught ' + msg) } return [msg, await counter.bump({by: 2})]",
        "completed",
    ),
    ("uncaught failing tool", "await counter.bump({by: 3}); await counter.fail({}); return 'unreachable'", "error"),
    ("throw after calls", "const n = await counter.bump({by: 2}); throw new Error('stopped at ' + n)", "error"),
    (
        "approval in the middle",
        "const a = await counter.bump({by: 1}); const g = await counter.guardedBump({by: 10}); const b = await counter.bump({by: 100}); return [a, g, b]",
        "completed",
    ),
    (
        "two approvals in a row",
        "const g1 = await counter.guardedBump({by: 1}); const x = await counter.bump({by: 2}); const g2 = await counter.guardedBump({by: 3}); return [g1, x, g2]",
        "completed",
    ),
    (
        "Promise.all with an approval in the middle",
        "return await Promise.all([counter.bump({by: 1}), counter.guardedBump({by: 10}), counter.bump({by: 100})])",
        "completed",
    ),
    (
        "two pending at once",
        "const r = await Promise.all([counter.guardedBump({by: 1}), counter.guardedBump({by: 2}), counter.bump({by: 4})]); return r",
        "completed",
    ),
    (
        "notes: create (approval) then list",
        "const n = await notes.createNote({text: 'hello'}); const all = await notes.listNotes({}); return [n.id, n.text, all.map(x => x.text)]",
        "completed",
    ),
    (
        "notes and counter interleaved",
        "const before = await notes.listNotes({}); const b = await counter.bump({by: 1}); const n = await notes.createNote({text: 'n' + b}); const m = await notes.createNote({text: 'm' + b}); return [before.length, n.text, m.text, (await notes.listNotes({})).length]",
        "completed",
    ),
    ("snippet", "return await codemode.run('bumper', {k: 3})", "completed"),
    (
        "snippet twice and a read",
        "const a = await codemode.run('bumper', {k: 1}); const b = await codemode.run('bumper', {k: 2}); return [a, b, await counter.get({})]",
        "completed",
    ),
    (
        "snippet needing approval",
        "await counter.bump({by: 10}); return await codemode.run('guarded', {k: 3})",
        "completed",
    ),
    (
        "store and load",
        "const before = load('count'); store('count', before + 1); const n = await counter.bump({by: before}); store('last', n); return [before, load('count'), load('last'), load('greeting')]",
        "completed",
    ),
    (
        "store across an approval",
        "store('flag', 'set'); store('greeting', undefined); await counter.guardedBump({by: 1}); return [load('flag'), load('greeting') === undefined]",
        "completed",
    ),
    (
        "codemode.step",
        "const v = await codemode.step('pick', async () => ({r: 7})); const b = await counter.bump({by: v.r}); return [v, b]",
        "completed",
    ),
    (
        "step with random and an approval",
        "const v = await codemode.step('rnd', () => Math.random()); const e = await counter.echo({n: 1}); await counter.guardedBump({by: e.n}); const w = await codemode.step('again', () => v * 2); return [typeof v, v >= 0 && v < 1, w >= 0 && w < 2]",
        "completed",
    ),
    (
        "text and console output",
        "text('start'); console.log('a', 1); const n = await counter.bump({by: 5}); console.warn('n=' + n); text({n}); console.error('end'); return 'done'",
        "completed",
    ),
    (
        ".then interleaving",
        "const log = []; await Promise.all([1, 2, 3].map(i => counter.bump({by: i}).then(v => { log.push(i + ':' + v); console.log('got', i, v) }))); return log",
        "completed",
    ),
    (
        ".then interleaving around an approval",
        "const log = []; await Promise.all([counter.bump({by: 1}).then(v => log.push('a' + v)), counter.guardedBump({by: 10}).then(v => log.push('g' + v)), counter.echo({x: 1}).then(() => log.push('e'))]); return log",
        "completed",
    ),
    (
        "an unawaited call",
        "counter.bump({by: 9}); const n = await counter.get({}); return n",
        "completed",
    ),
    ("Promise.race", "return await Promise.race([counter.echo({a: 1}), counter.bump({by: 2})])", "completed"),
    (
        "batches in a loop",
        "const out = []; for (let b = 0; b < 3; b++) { out.push(...await Promise.all([counter.bump({by: 1}), counter.bump({by: 1})])) } return out",
        "completed",
    ),
    (
        "everything",
        "const s = await codemode.step('s', () => load('count')); store('seen', s); let caught = null; try { await counter.fail({}) } catch (e) { caught = e.message } const g = await counter.guardedBump({by: s}); const r = await codemode.run('bumper', {k: 1}); console.log('g', g, 'r', r.v); text([s, g, r.v]); return {s, caught, g, r}",
        "completed",
    ),
];

/// The crash points of a script whose crash-free run made `ops` store operations and
/// `connector_calls` connector calls.
fn points(ops: u64, connector_calls: u64) -> Vec<Point> {
    let mut points = Vec::new();
    for n in 1..=ops {
        points.push(Point::BeforeOp(n));
        points.push(Point::AfterOp(n));
    }
    for n in 1..=connector_calls {
        points.push(Point::AfterEffect(n));
    }
    points
}

fn label(point: Point, trace: &[&str]) -> String {
    let name = |n: u64| trace.get(n as usize - 1).copied().unwrap_or("?");
    match point {
        Point::Never => "no crash".into(),
        Point::BeforeOp(n) => format!("before op {n} ({})", name(n)),
        Point::AfterOp(n) => format!("after op {n} ({})", name(n)),
        Point::AfterEffect(n) => format!("after the effect of connector call {n}"),
        Point::AfterNamed(name) => format!("after the first {name}"),
        Point::BeforeNamed(name) => format!("before the first {name}"),
    }
}

/// Runs `jobs` on a few threads with big stacks (each job builds its own runtime).
fn on_threads<T: Send, R: Send>(jobs: Vec<T>, job: impl Fn(T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(1, 6);
    let queue = std::sync::Mutex::new(jobs.into_iter().enumerate().collect::<Vec<_>>());
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            std::thread::Builder::new()
                .stack_size(64 * 1024 * 1024)
                .spawn_scoped(scope, || loop {
                    let next = queue.lock().unwrap().pop();
                    let Some((index, item)) = next else { break };
                    let result = job(item);
                    results.lock().unwrap().push((index, result));
                })
                .expect("spawn");
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(index, _)| *index);
    results.into_iter().map(|(_, r)| r).collect()
}

struct Baseline {
    name: &'static str,
    code: &'static str,
    end: CellEnd,
}

fn status_of(end: &Final) -> String {
    end.record["state"]["status"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn every_script_survives_a_crash_at_every_point() {
    quiet_injected_panics();
    assert!(
        CORPUS.len() >= 20,
        "the corpus has {} scripts; it needs at least 20",
        CORPUS.len()
    );

    // The crash-free runs: the reference, and the number of store operations and connector calls.
    let baselines: Vec<Baseline> = on_threads(CORPUS.to_vec(), |(name, code, expected)| {
        let world = World::new(Point::Never);
        let end =
            run_cell(&world, code).unwrap_or_else(|e| panic!("{name}: crash-free run failed: {e}"));
        assert_eq!(end.crashes, 0, "{name}");
        assert_eq!(
            status_of(&end.end),
            expected,
            "{name}: {:#}",
            end.end.record
        );
        assert!(
            end.output.is_some(),
            "{name}: a crash-free run ends with an ExecuteOutput"
        );
        assert!(
            end.end.effects.iter().all(|(_, n)| *n == 1),
            "{name}: {:?}",
            end.end.effects
        );
        assert!(
            end.retried.is_empty(),
            "{name}: nothing is retried without a crash"
        );
        Baseline { name, code, end }
    });

    let mut cells = Vec::new();
    for (index, baseline) in baselines.iter().enumerate() {
        for point in points(baseline.end.ops, baseline.end.connector_calls) {
            cells.push((index, point));
        }
    }
    let size = format!(
        "crash matrix: {} scripts x their crash points (before/after each store op, after each connector effect) = {} runs",
        baselines.len(),
        cells.len()
    );
    println!("{size}");
    // Also straight to the process's stderr, past the test harness's capture, so `npm test`
    // shows the matrix size without --nocapture.
    if let Ok(mut stderr) = std::fs::OpenOptions::new().write(true).open("/dev/stderr") {
        use std::io::Write;
        let _ = writeln!(stderr, "{size}");
    }
    for b in &baselines {
        println!(
            "  {:<45} {:>3} store ops, {:>2} connector calls -> {:>3} crash points",
            b.name,
            b.end.ops,
            b.end.connector_calls,
            2 * b.end.ops + b.end.connector_calls
        );
    }

    let outcomes = on_threads(cells.clone(), |(index, point)| {
        let baseline = &baselines[index];
        let world = World::new(point);
        let result = run_cell(&world, baseline.code);
        let fired = world.injector.fired.get();
        (result, fired)
    });

    let mut failures = Vec::new();
    // Which kinds of boundary were crashed at, over the whole matrix.
    let mut kinds: BTreeSet<&str> = BTreeSet::new();
    let mut retry_cells = 0;
    let mut new_executions = 0;
    for ((index, point), (result, fired)) in cells.iter().zip(outcomes) {
        let baseline = &baselines[*index];
        let where_ = format!("{} / {}", baseline.name, label(*point, &baseline.end.trace));
        let end = match result {
            Ok(end) => end,
            Err(error) => {
                failures.push(format!("{where_}: {error}"));
                continue;
            }
        };
        if !fired {
            failures.push(format!("{where_}: the crash point was never reached"));
            continue;
        }
        if end.crashes != 1 {
            failures.push(format!("{where_}: {} crashes", end.crashes));
        }
        if let Point::BeforeOp(n) | Point::AfterOp(n) = point {
            let op = baseline.end.trace[*n as usize - 1];
            let previous = (*n > 1).then(|| baseline.end.trace[*n as usize - 2]);
            match (point, op) {
                (Point::BeforeOp(_), "append_journal") => {
                    kinds.insert("effect done, result not journaled (before append_journal)")
                }
                (Point::AfterOp(_), "append_journal") => {
                    kinds.insert("journaled, not delivered (after append_journal)")
                }
                (Point::BeforeOp(_), "insert_note") => {
                    kinds.insert("before a call's effect (before insert_note)")
                }
                (Point::BeforeOp(_), "save_execution") => {
                    kinds.insert("before a pass is recorded (before save_execution)")
                }
                _ => false,
            };
            if matches!(point, Point::BeforeOp(_)) && previous == Some("append_journal") {
                kinds.insert("after delivery (the next store op)");
            }
        } else {
            kinds.insert("after the connector's effect, before it returns");
        }
        if !end.retried.is_empty() {
            retry_cells += 1;
        }
        if end.new_execution {
            new_executions += 1;
        }
        let mut diffs = Vec::new();
        if end.end.effects.iter().any(|(_, n)| *n != 1) {
            diffs.push(format!(
                "an effect applied more than once: {:?}",
                end.end.effects
            ));
        }
        if end.end != baseline.end.end {
            for (field, got, want) in [
                (
                    "record",
                    end.end.record.to_string(),
                    baseline.end.end.record.to_string(),
                ),
                (
                    "journal",
                    end.end.journal.to_string(),
                    baseline.end.end.journal.to_string(),
                ),
                (
                    "values",
                    format!("{:?}", end.end.values),
                    format!("{:?}", baseline.end.end.values),
                ),
                (
                    "notes",
                    format!("{:?}", end.end.notes),
                    format!("{:?}", baseline.end.end.notes),
                ),
                (
                    "total",
                    end.end.total.to_string(),
                    baseline.end.end.total.to_string(),
                ),
                (
                    "effects",
                    format!("{:?}", end.end.effects),
                    format!("{:?}", baseline.end.end.effects),
                ),
            ] {
                if got != want {
                    diffs.push(format!("{field}:\n      got  {got}\n      want {want}"));
                }
            }
        }
        if let Some(output) = &end.output {
            if Some(output) != baseline.end.output.as_ref() {
                diffs.push(format!(
                    "ExecuteOutput:\n      got  {output}\n      want {}",
                    baseline
                        .end
                        .output
                        .as_ref()
                        .map(Value::to_string)
                        .unwrap_or_default()
                ));
            }
        }
        if !diffs.is_empty() {
            failures.push(format!("{where_}:\n    {}", diffs.join("\n    ")));
        }
    }
    println!(
        "crash matrix: {} runs in which a call was executed again with the same idempotency key",
        retry_cells
    );
    println!("crash matrix: {new_executions} runs crashed before the execution was stored and sent `execute` again");
    println!("crash matrix: boundaries crashed at: {kinds:#?}");
    for kind in [
        "before a pass is recorded (before save_execution)",
        "before a call's effect (before insert_note)",
        "after the connector's effect, before it returns",
        "effect done, result not journaled (before append_journal)",
        "journaled, not delivered (after append_journal)",
        "after delivery (the next store op)",
    ] {
        assert!(kinds.contains(kind), "the matrix never crashed at: {kind}");
    }
    assert!(
        retry_cells > 0,
        "some crash must hit the window where a call runs again"
    );
    assert!(
        failures.is_empty(),
        "{} of {} crash runs ended differently from the crash-free run:\n{}",
        failures.len(),
        cells.len(),
        failures
            .iter()
            .take(25)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

// ---- the retry window, shown with a counter that is not idempotent ----

/// The one window where a tool runs twice: its effect happened but its result was not journaled
/// when the host died. The retry carries the same `execution_id:seq` key, so an idempotent
/// connector applies it once; one that ignores the key applies it twice.
#[test]
fn the_retry_window_repeats_the_call_with_the_same_idempotency_key() {
    quiet_injected_panics();
    for idempotent in [false, true] {
        let injector = Rc::new(Injector::new(Point::AfterEffect(2)));
        let inner = Rc::new(MemoryStore::new());
        let counter = Rc::new(if idempotent {
            Counter::idempotent()
        } else {
            Counter::default()
        });
        let build = || {
            let store = Rc::new(CrashingStore {
                inner: inner.clone(),
                injector: injector.clone(),
            });
            let connectors: Vec<Box<dyn Connector>> = vec![Box::new(CrashAfterEffect {
                inner: Box::new(CounterConnector(counter.clone())),
                injector: injector.clone(),
            })];
            Runtime::new(store, connectors, still_clock()).expect("runtime")
        };
        let code = "const a = await counter.bump({by: 1}); const b = await counter.bump({by: 10}); return [a, b]";
        let runtime = build();
        let crashed = survive(|| run(runtime.execute(code))).expect("only the injected crash");
        assert!(
            crashed.is_none(),
            "the second bump crashes after its effect"
        );
        drop(runtime);
        let record = inner.recent_executions(1).unwrap().remove(0);
        let id = record.state.id.clone();
        assert_eq!(record.state.status, ExecutionStatus::Running);
        assert_eq!(record.attempts, 1);
        assert_eq!(
            inner
                .journal(&id)
                .unwrap()
                .iter()
                .map(|e| e.seq)
                .collect::<Vec<_>>(),
            [0],
            "seq 1 was not journaled"
        );

        let runtime = build();
        let report = run(runtime.wake()).expect("wake");
        assert_eq!(report.resumed, std::slice::from_ref(&id));
        let state = runtime.execution(&id).unwrap();
        assert_eq!(state.status, ExecutionStatus::Completed);
        let key1 = format!("{id}:1");
        if idempotent {
            assert_eq!(state.result, Some(json!([1, 11])));
            assert_eq!(
                counter.requests.borrow().get(&key1),
                Some(&2),
                "seq 1 was asked for twice, with the same key"
            );
            assert_eq!(
                counter.effects.borrow().get(&key1),
                Some(&1),
                "and applied once"
            );
            assert_eq!(counter.total.get(), 11);
        } else {
            // The naive counter applied seq 1 twice: the key was the same both times, it just
            // did not use it.
            assert_eq!(counter.effects.borrow().get(&key1), Some(&2));
            assert_eq!(
                counter.effects.borrow().get(&format!("{id}:0")),
                Some(&1),
                "seq 0 was journaled: never repeated"
            );
            assert_eq!(counter.total.get(), 21);
            assert_eq!(state.result, Some(json!([1, 21])));
        }
    }
}

// ---- store() writes across a crash ----

/// A completed pass saves the record and applies its `store()` writes in one atomic store
/// operation (`complete_execution`). A crash just after it leaves the run completed with its
/// writes applied once: nothing is resumed, and a newer run's write stays.
#[test]
fn a_resumed_run_does_not_apply_its_store_writes_twice() {
    quiet_injected_panics();
    let world = World::new(Point::AfterNamed("complete_execution"));
    let first = world.runtime();
    let crashed =
        survive(|| run(first.execute("store('owner', 'A'); return 'A'"))).expect("injected");
    assert!(
        crashed.is_none(),
        "crashed right after the atomic completion"
    );
    drop(first);
    let a = world.inner.recent_executions(1).unwrap().remove(0);
    assert_eq!(
        a.state.status,
        ExecutionStatus::Completed,
        "the record and the writes went together"
    );
    assert_eq!(
        world.inner.values().unwrap().get("owner"),
        Some(&json!("A"))
    );

    // After the restart, a newer run writes the same key and completes.
    let runtime = world.runtime();
    let b = run(runtime.execute("store('owner', 'B'); return load('owner')")).unwrap();
    assert!(
        matches!(&b, ExecuteOutput::Completed { result, .. } if result == &json!("B")),
        "{b:#?}"
    );

    // A wake-up finds nothing to resume and leaves B's write alone.
    let report = run(runtime.wake()).unwrap();
    assert!(report.resumed.is_empty(), "{report:?}");
    assert_eq!(
        world.inner.values().unwrap().get("owner"),
        Some(&json!("B")),
        "a finished run's store() write was applied again over the newer run's"
    );
}

/// A crash just before the atomic completion leaves neither the record nor the writes: the run
/// is resumed later and its write lands then, once (after a newer run's, so it wins).
#[test]
fn an_interrupted_completion_applies_its_writes_once_when_resumed() {
    quiet_injected_panics();
    let world = World::new(Point::BeforeNamed("complete_execution"));
    let first = world.runtime();
    let crashed =
        survive(|| run(first.execute("store('owner', 'A'); return 'A'"))).expect("injected");
    assert!(
        crashed.is_none(),
        "crashed right before the atomic completion"
    );
    drop(first);
    let a = world.inner.recent_executions(1).unwrap().remove(0);
    assert_eq!(a.state.status, ExecutionStatus::Running);
    assert_eq!(
        world.inner.values().unwrap().get("owner"),
        None,
        "nothing of A applied yet"
    );

    let runtime = world.runtime();
    let b = run(runtime.execute("store('owner', 'B'); return load('owner')")).unwrap();
    assert!(
        matches!(&b, ExecuteOutput::Completed { result, .. } if result == &json!("B")),
        "{b:#?}"
    );
    let report = run(runtime.wake()).unwrap();
    assert_eq!(report.resumed, std::slice::from_ref(&a.state.id));
    assert_eq!(
        world
            .inner
            .load_execution(&a.state.id)
            .unwrap()
            .unwrap()
            .state
            .status,
        ExecutionStatus::Completed
    );
    assert_eq!(
        world.inner.values().unwrap().get("owner"),
        Some(&json!("A")),
        "A completed last, so its write stands"
    );
}

// ---- attempts ----

/// Runs `await counter.bump; await boom.maybe; return` on a default-config runtime whose `boom`
/// crashes `crashes` times, restarting and waking after each crash. Returns the final state, how
/// many passes crashed and how often `boom` was called.
fn crash_repeatedly(
    crashes: u32,
) -> (
    codemode_runtime::model::ExecutionState,
    u32,
    u32,
    Vec<(String, u32)>,
) {
    let inner = Rc::new(MemoryStore::new());
    let counter = Rc::new(Counter::default());
    let left = Rc::new(Cell::new(crashes));
    let calls = Rc::new(Cell::new(0));
    let clock = still_clock();
    let build = || {
        let boom = Crashy {
            name: "boom",
            method: "maybe",
            result: json!("survived"),
            left: left.clone(),
            calls: calls.clone(),
        };
        let connectors: Vec<Box<dyn Connector>> =
            vec![Box::new(CounterConnector(counter.clone())), Box::new(boom)];
        Runtime::new(inner.clone(), connectors, clock.clone()).expect("runtime")
    };
    assert_eq!(build().config().max_attempts, 3, "the default");
    let code =
        "const a = await counter.bump({by: 1}); const b = await boom.maybe({}); return [a, b]";
    let mut crashed = 0;
    let first = build();
    match survive(|| run(first.execute(code))).expect("only injected crashes") {
        None => crashed += 1,
        Some(out) => {
            out.expect("execute");
        }
    }
    drop(first);
    let id = inner.recent_executions(1).unwrap().remove(0).state.id;
    for _ in 0..10 {
        if inner.load_execution(&id).unwrap().unwrap().state.status != ExecutionStatus::Running {
            break;
        }
        let runtime = build();
        match survive(|| run(runtime.wake())).expect("only injected crashes") {
            None => crashed += 1,
            Some(report) => assert_eq!(report.expect("wake").resumed, std::slice::from_ref(&id)),
        }
    }
    let effects = counter
        .effects
        .borrow()
        .iter()
        .map(|(k, v)| (k.clone(), *v))
        .collect();
    (
        inner.load_execution(&id).unwrap().unwrap().state,
        crashed,
        calls.get(),
        effects,
    )
}

#[test]
fn default_max_attempts_turns_a_run_that_keeps_crashing_into_crashed() {
    quiet_injected_panics();
    // It crashes in every pass: passes 1, 2 and 3 crash; pass 4 starts with attempts = 4 > 3 and
    // ends the run CRASHED without calling the tool again.
    let (state, crashed, boom_calls, effects) = crash_repeatedly(100);
    assert_eq!(crashed, 3);
    assert_eq!(
        boom_calls, 3,
        "the fourth pass does not run the crashing call"
    );
    assert_eq!(state.status, ExecutionStatus::Error);
    let error = state.error.clone().expect("error");
    assert_eq!(error.code, "CRASHED", "{error:?}");
    assert!(
        error
            .message
            .contains("3 passes over this run started and did not finish"),
        "{}",
        error.message
    );
    // The calls before it are listed: the journaled bump, applied once.
    let listed: Vec<(u32, &str, &str, codemode_runtime::model::CallState)> = state
        .calls
        .iter()
        .map(|c| (c.seq, c.connector.as_str(), c.method.as_str(), c.state))
        .collect();
    assert_eq!(
        listed,
        [(
            0,
            "counter",
            "bump",
            codemode_runtime::model::CallState::Applied
        )]
    );
    assert_eq!(state.calls[0].result, Some(json!(1)));
    assert_eq!(
        effects,
        [(format!("{}:0", state.id), 1)],
        "replays did not repeat the journaled bump"
    );
    assert!(
        state
            .report
            .as_deref()
            .unwrap_or_default()
            .contains("counter.bump"),
        "{:?}",
        state.report
    );

    // Four crashes in a row end the same way (the fourth never happens).
    let (state4, crashed4, calls4, _) = crash_repeatedly(4);
    assert_eq!(
        (crashed4, calls4, state4.error.map(|e| e.code)),
        (3, 3, Some("CRASHED".to_string()))
    );

    // The boundary: two crashes, and the third pass completes.
    let (state, crashed, boom_calls, effects) = crash_repeatedly(2);
    assert_eq!((crashed, boom_calls), (2, 3));
    assert_eq!(
        state.status,
        ExecutionStatus::Completed,
        "{:?}",
        state.error
    );
    assert_eq!(state.result, Some(json!([1, "survived"])));
    assert_eq!(effects, [(format!("{}:0", state.id), 1)]);

    // Three crashes use up the attempts: the fourth pass is refused even though it would succeed.
    let (state, crashed, boom_calls, _) = crash_repeatedly(3);
    assert_eq!((crashed, boom_calls), (3, 3));
    assert_eq!(state.error.map(|e| e.code), Some("CRASHED".to_string()));
}
