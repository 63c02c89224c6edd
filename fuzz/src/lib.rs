//! Shared harness of the fuzz targets (`fuzz_targets/`): the native tests' fixture ([`kit`]: a
//! runtime over a [`MemoryStore`] with the `notes` and `counter` connectors on a ticking clock)
//! with a smaller instruction budget, saved snippets and a `store()` value, and the invariants
//! every run must keep.
//!
//! Everything runs on a thread with a 64 MiB stack ([`on_big_stack`]): boa's parser and compiler
//! recurse once per nesting level of the source, and libFuzzer's main thread (8 MiB, with ASan's
//! larger frames) is not what the runtime is built for (`.cargo/config.toml` gives native test
//! threads 64 MiB, the Worker 16 MiB of wasm stack).

use std::collections::BTreeMap;
use std::rc::Rc;

use codemode_runtime::journal::{Decision, DecisionKind, JournalEntry, Outcome};
use codemode_runtime::model::{ExecuteOutput, Snippet};
use codemode_runtime::sandbox::SandboxLimits;
use codemode_runtime::{ExecutionRecord, MemoryStore, Runtime, RuntimeConfig, Store};
use serde_json::{json, Value};

pub mod kit;

pub use kit::{run, Fixture};

/// Instructions per pass. Small enough that a runaway script ends in well under a second even
/// under ASan, so libFuzzer's per-input timeout only fires on real hangs (work outside the budget).
pub const INSTRUCTION_BUDGET: usize = 2_000_000;

/// Approvals given to a run that keeps pausing (each one replays the script from the start).
pub const MAX_APPROVALS: usize = 3;

/// Stack of the thread each input runs on.
pub const STACK_BYTES: usize = 64 << 20;

/// Runs `body` on a fresh thread with a [`STACK_BYTES`] stack and returns its value. A panic in
/// it is re-raised here (libfuzzer-sys's panic hook has already aborted by then in a fuzz build).
pub fn on_big_stack<T: Send + 'static>(body: impl FnOnce() -> T + Send + 'static) -> T {
    let handle = std::thread::Builder::new()
        .name("fuzz-input".into())
        .stack_size(STACK_BYTES)
        .spawn(body)
        .expect("spawn the input thread");
    match handle.join() {
        Ok(value) => value,
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// The fuzzing configuration: defaults but a smaller instruction budget.
pub fn config() -> RuntimeConfig {
    RuntimeConfig {
        sandbox: SandboxLimits { instruction_budget: INSTRUCTION_BUDGET, ..Default::default() },
        ..Default::default()
    }
}

/// Saved snippets every fixture has (`codemode.run(name, input)`).
pub const SNIPPETS: &[(&str, &str)] = &[
    ("double", "return input * 2"),
    ("listAll", "return await notes.listNotes()"),
    ("guarded", "return await counter.guardedBump({by: input})"),
];

/// A fixture over [`fresh_store`].
pub fn fixture() -> Fixture {
    fixture_over(fresh_store())
}

/// The kit's fixture over `store` (a new counter, the clock at [`kit::T0`]) with [`config`].
pub fn fixture_over(store: Rc<MemoryStore>) -> Fixture {
    Fixture::over(store).with_config(config())
}

/// A store with the [`SNIPPETS`] saved and one `store()` value (`"seen"`).
pub fn fresh_store() -> Rc<MemoryStore> {
    let store = Rc::new(MemoryStore::new());
    for (name, code) in SNIPPETS {
        store
            .save_snippet(&Snippet {
                name: name.to_string(),
                description: format!("the {name} snippet"),
                code: code.to_string(),
                saved_at: kit::T0,
                connectors: Vec::new(),
            })
            .expect("save snippet");
    }
    let mut writes = BTreeMap::new();
    writes.insert("seen".to_string(), Some(json!({"count": 1, "tags": ["a", "b"]})));
    store.apply_values(&writes).expect("values");
    store
}

// ---- invariants ----

/// Request errors `execute` may return for code of any content under 4 KiB.
const EXECUTE_ERRORS: &[&str] = &["BAD_REQUEST", "CODE_TOO_LARGE"];

/// Checks what every `ExecuteOutput` must be.
pub fn check_output(output: &ExecuteOutput, what: &str) {
    let report = output.report();
    assert!(!report.is_empty(), "{what}: empty report in {output:#?}");
    assert!(report.starts_with("Script "), "{what}: report does not start with \"Script \": {report:?}");
    match output {
        ExecuteOutput::Error { error, .. } => {
            assert_ne!(error.code, "INTERNAL", "{what}: INTERNAL error (a bug by the contract): {error:#?}");
            assert!(!error.code.is_empty(), "{what}: empty error code");
        }
        ExecuteOutput::Paused { pending, .. } => {
            assert!(!pending.is_empty(), "{what}: paused with nothing pending");
        }
        ExecuteOutput::Waiting { wake_at, .. } => {
            assert!(*wake_at > 0, "{what}: waiting without a time");
        }
        ExecuteOutput::Completed { .. } | ExecuteOutput::Cancelled { .. } => {}
    }
}

/// The `script` target: runs `code`, approves while it pauses, and checks the invariants. A
/// replay must never diverge: the sandbox is deterministic and nothing changed between passes.
pub fn run_script(code: &str) {
    let f = fixture();
    let first = match run(f.runtime.execute(code)) {
        Ok(output) => output,
        Err(error) => {
            assert!(EXECUTE_ERRORS.contains(&error.code()), "execute failed with {}: {error}", error.code());
            return;
        }
    };
    check_output(&first, "execute");
    check_stored(&f, &first);
    let mut last = first;
    for round in 1..=MAX_APPROVALS {
        if !matches!(last, ExecuteOutput::Paused { .. }) {
            break;
        }
        let id = last.execution_id().to_string();
        let next = run(f.runtime.approve_execution(&id))
            .unwrap_or_else(|e| panic!("approval {round} of a paused run failed with {}: {e}", e.code()));
        check_output(&next, "approve");
        if let ExecuteOutput::Error { error, .. } = &next {
            assert_ne!(
                error.code, "REPLAY_DIVERGED",
                "approval {round}: the replay of an unchanged run diverged: {error:#?}"
            );
        }
        check_stored(&f, &next);
        last = next;
    }
}

/// The stored execution agrees with the output.
fn check_stored(f: &Fixture, output: &ExecuteOutput) {
    let state = f.runtime.execution(output.execution_id()).expect("the execution is stored");
    let expected = match output {
        ExecuteOutput::Completed { .. } => "completed",
        ExecuteOutput::Paused { .. } => "paused",
        ExecuteOutput::Error { .. } => "error",
        ExecuteOutput::Cancelled { .. } => "cancelled",
        ExecuteOutput::Waiting { .. } => "waiting",
    };
    assert_eq!(state.status.as_str(), expected, "stored status disagrees with the output");
    assert_eq!(state.report.as_deref(), Some(output.report()), "stored report disagrees with the output");
}

// ---- the journal target ----

/// Scripts that pause on their first pass, after 0 to 4 journaled calls: the runs whose journal
/// the `journal` target corrupts. The first byte of an input picks one.
pub const PAUSING: &[&str] = &[
    "const n = await notes.createNote({text: \"a\"}); return n.id",
    "const a = await counter.bump({by: 2}); const b = await counter.echo({x: a}); const c = await counter.guardedBump({by: b.x}); return [a, b, c]",
    "const xs = await Promise.all([counter.get({}), notes.listNotes(), counter.fail({}).catch((e) => e.message)]);\nconst s = await codemode.step(\"t\", () => Math.floor(Math.random() * 1000));\nconst n = await notes.createNote({text: String(xs.length) + s});\nreturn [xs, s, n, Date.now()]",
    "const r = []; for (let i = 0; i < 3; i++) r.push(await counter.bump({by: i}));\nr.push(await counter.guardedBump({by: 9}));\nr.push(await codemode.run(\"guarded\", 4));\nreturn r",
];

/// Entries of one structured input at most (a longer list only repeats the same checks).
const MAX_ENTRIES: usize = 256;

/// The `journal` target. `data[0]` picks the mode; the rest is JSON:
/// - as a `JournalEntry`, an `ExecutionRecord` and a list of entries, it must parse or be
///   refused without a panic, and what parses must serialise again;
/// - a list of entries is written into the journal of a run of `PAUSING[data[0] & 3]` that just
///   paused (bit 7 set: into a fresh store that holds the run's record but not its journal, so the
///   fuzzed entries replace the real ones; clear: appended to the real ones, duplicates refused by the store),
///   then the run is approved: a corrupted journal must end in a coded error, never a panic;
/// - an `ExecutionRecord` is saved into a fresh store and every method is called on it;
/// - with bit 6 of `data[0]` set, the rest is instead a list of edits ([`apply_edit`], 3 bytes each)
///   applied to a real paused record of `PAUSING[data[0] & 3]` and the whole journal that run
///   had once approved to completion; both go into a fresh store and the run is approved. JSON
///   mutations rarely keep a journal valid enough to get past the first checks; the edits reach
///   the replay loop on nearly every input. With no edits the run must complete.
pub fn run_journal(data: &[u8]) {
    let (mode, payload) = match data.split_first() {
        Some((mode, payload)) => (*mode, payload),
        None => return,
    };
    if mode & 0x40 != 0 {
        edited_run(mode, payload);
        return;
    }
    if let Ok(entry) = serde_json::from_slice::<JournalEntry>(payload) {
        let text = serde_json::to_string(&entry).expect("a parsed entry serialises");
        serde_json::from_str::<JournalEntry>(&text).expect("a serialised entry parses");
    }
    if let Ok(record) = serde_json::from_slice::<ExecutionRecord>(payload) {
        let text = serde_json::to_string(&record).expect("a parsed record serialises");
        serde_json::from_str::<ExecutionRecord>(&text).expect("a serialised record parses");
        corrupted_record(record);
    }
    if let Ok(entries) = serde_json::from_slice::<Vec<JournalEntry>>(payload) {
        if entries.len() <= MAX_ENTRIES {
            corrupted_journal(mode, &entries);
        }
    }
}

/// Runs `PAUSING[mode & 3]` to its first pause, writes `entries` into its journal and approves.
pub fn corrupted_journal(mode: u8, entries: &[JournalEntry]) {
    let f = fixture();
    let code = PAUSING[usize::from(mode) % PAUSING.len()];
    let paused = run(f.runtime.execute(code)).expect("execute");
    assert!(matches!(paused, ExecuteOutput::Paused { .. }), "base script {code:?} did not pause: {paused:#?}");
    let id = paused.execution_id().to_string();
    let f = if mode & 0x80 != 0 {
        let store = fresh_store();
        let record = f.store.load_execution(&id).expect("load").expect("record");
        store.save_execution(&record).expect("save");
        fixture_over(store)
    } else {
        f
    };
    for entry in entries {
        // A duplicate `seq` is refused by the store: that is the store's contract, not a finding.
        let _ = f.store.append_journal(&id, entry);
    }
    drive_after_corruption(&f.runtime, &id);
}

/// Runs the host's periodic `wake`, resumes `id` if it is running, approves it while it pauses;
/// then rejects, rolls back and reads it, and wakes again. Only coded outcomes.
fn drive_after_corruption(runtime: &Runtime, id: &str) {
    // The host's alarm may fire before anyone approves: it reads `updatedAt` of paused runs and
    // resumes running ones as they are stored.
    let _ = runtime.next_wake_at();
    if let Err(error) = run(runtime.wake()) {
        check_request_error(&error, "wake (first)");
    }
    match run(runtime.resume_execution(id)) {
        Ok(output) => check_output(&output, "resume (corrupted)"),
        Err(error) => check_request_error(&error, "resume"),
    }
    for round in 1..=MAX_APPROVALS {
        match run(runtime.approve_execution(id)) {
            Ok(output) => {
                check_output(&output, "approve (corrupted)");
                if !matches!(output, ExecuteOutput::Paused { .. }) {
                    break;
                }
            }
            Err(error) => {
                check_request_error(&error, &format!("approval {round}"));
                break;
            }
        }
    }
    for action in runtime.pending_approvals(Some(id)).unwrap_or_default() {
        let _ = runtime.reject_execution(id, action.seq);
    }
    if let Err(error) = run(runtime.rollback_execution(id)) {
        check_request_error(&error, "rollback");
    }
    let _ = runtime.execution(id);
    let _ = runtime.execution_output(id);
    let _ = runtime.pending_approvals(None);
    let _ = runtime.execution_history(None);
    let _ = runtime.save_snippet("fuzzed", "from a fuzzed run", id);
    if let Err(error) = run(runtime.wake()) {
        check_request_error(&error, "wake");
    }
    let _ = runtime.next_wake_at();
}

/// Request errors are fine, except the two that mean a bug.
fn check_request_error(error: &codemode_runtime::Error, what: &str) {
    assert!(
        !matches!(error.code(), "INTERNAL" | "STORAGE_ERROR"),
        "{what}: {} ({error}) on a corrupted journal or record",
        error.code()
    );
}

/// Saves a (possibly corrupted) record into a fresh store and calls every method on it.
pub fn corrupted_record(record: ExecutionRecord) {
    let f = fixture();
    if record.state.code.len() > 64 * 1024 {
        return;
    }
    let id = record.state.id.clone();
    f.store.save_execution(&record).expect("save");
    drive_after_corruption(&f.runtime, &id);
}

// ---- structured edits of a real record and journal ----

/// A paused record of each [`PAUSING`] script and the journal of the same run once completed.
fn references() -> &'static [(ExecutionRecord, Vec<JournalEntry>)] {
    static REFERENCES: std::sync::OnceLock<Vec<(ExecutionRecord, Vec<JournalEntry>)>> = std::sync::OnceLock::new();
    REFERENCES.get_or_init(|| {
        PAUSING
            .iter()
            .map(|code| {
                let f = fixture();
                let mut output = run(f.runtime.execute(code)).expect("execute");
                let id = output.execution_id().to_string();
                let paused = f.store.load_execution(&id).expect("load").expect("record");
                while matches!(output, ExecuteOutput::Paused { .. }) {
                    output = run(f.runtime.approve_execution(&id)).expect("approve");
                }
                assert!(matches!(output, ExecuteOutput::Completed { .. }), "{code} did not complete: {output:#?}");
                (paused, f.store.journal(&id).expect("journal"))
            })
            .collect()
    })
}

/// Numbers the edits write into times, seqs, delivery positions and options.
const NUMBERS: &[i64] = &[
    0,
    1,
    -1,
    7,
    i64::MIN,
    i64::MAX,
    i64::MIN + 1,
    i64::MAX - 1,
    1_700_000_000_000,
    -1_700_000_000_000,
    8_640_000_000_000_000,
    8_640_000_000_000_001,
    -8_640_000_000_000_001,
    1 << 53,
    u32::MAX as i64,
    u32::MAX as i64 + 1,
    i32::MAX as i64,
    2,
    3,
    1000,
];

fn number(byte: u8) -> i64 {
    NUMBERS[usize::from(byte) % NUMBERS.len()]
}

/// A tool result or argument for the edits.
fn value(byte: u8) -> Value {
    let nested = |depth: usize| {
        let mut v = json!(1);
        for _ in 0..depth {
            v = json!([v]);
        }
        v
    };
    match byte % 12 {
        0 => Value::Null,
        1 => json!(1e308),
        2 => json!("x".repeat(4096)),
        3 => json!({}),
        4 => json!([]),
        5 => nested(127),
        6 => nested(200),
        7 => nested(600),
        8 => json!({"__proto__": {"polluted": true}, "then": "not a function"}),
        9 => json!(i64::MIN),
        10 => json!(u64::MAX),
        _ => json!({"id": 1, "text": "\u{0000}\u{FFFF}\u{10FFFF}", "createdAt": 1}),
    }
}

/// One edit: `[kind, index, argument]`. Entry edits pick entry `index % len`.
pub fn apply_edit(edit: &[u8], record: &mut ExecutionRecord, journal: &mut Vec<JournalEntry>) {
    let (kind, index, arg) = (edit[0], edit[1], edit[2]);
    let len = journal.len();
    let at = if len == 0 { 0 } else { usize::from(index) % len };
    match kind % 20 {
        0 if len > 0 => journal[at].at = number(arg),
        1 if len > 0 => journal[at].started = number(arg),
        2 if len > 0 => journal[at].seq = number(arg) as u32,
        3 if len > 0 => journal[at].delivery = number(arg) as u32,
        4 if len > 0 => {
            journal.remove(at);
        }
        5 if len > 0 => {
            let mut copy = journal[at].clone();
            copy.seq = copy.seq.wrapping_add(u32::from(arg % 4));
            copy.delivery = copy.delivery.wrapping_add(u32::from(arg / 4 % 4));
            journal.push(copy);
        }
        6 if len > 1 => {
            let other = usize::from(arg) % len;
            let (a, b) = (journal[at].delivery, journal[other].delivery);
            journal[at].delivery = b;
            journal[other].delivery = a;
        }
        7 if len > 0 => {
            journal[at].outcome = match &journal[at].outcome {
                Outcome::Ok(v) => Outcome::Err(v.to_string()),
                Outcome::Err(m) => Outcome::Ok(json!(m)),
            }
        }
        8 if len > 0 => journal[at].outcome = Outcome::Ok(value(arg)),
        9 if len > 0 => journal[at].args = value(arg),
        10 if len > 0 => {
            let (connector, method) =
                [("codemode", "step"), ("notes", "createNote"), ("counter", "guardedBump"), ("gone", "nothing")]
                    [usize::from(arg) % 4];
            journal[at].connector = connector.into();
            journal[at].method = method.into();
        }
        11 => record.state.created_at = number(arg),
        12 => record.state.updated_at = number(arg),
        13 => record.fingerprint = "another-sandbox".into(),
        14 => {
            let statuses = ["running", "paused", "completed", "error", "rejected", "rolled_back"];
            if let Ok(status) = serde_json::from_value(json!(statuses[usize::from(arg) % statuses.len()])) {
                record.state.status = status;
            }
        }
        15 => {
            let kind = if arg & 1 == 0 { DecisionKind::Approved } else { DecisionKind::Rejected };
            let decision = Decision::new(kind, None, None, 0);
            record.decisions.insert(u32::from(arg >> 1) % 8, decision);
        }
        16 => match record.state.pending.first_mut() {
            Some(action) if arg & 1 == 0 => action.args = value(arg >> 1),
            Some(action) => action.seq = u32::from(arg >> 1) % 8,
            None => {}
        },
        17 => record.state.pending.clear(),
        18 => record.seed = number(arg) as u64,
        19 => {
            let option = match arg % 3 {
                0 => format!("{{\"timeout_ms\": {}}}", number(arg / 3).unsigned_abs()),
                1 => format!("{{\"max_output_tokens\": {}}}", number(arg / 3).unsigned_abs()),
                _ => "{\"timeout_ms\": 1}".into(),
            };
            record.state.code = format!("// @options: {option}\n{}", record.state.code);
        }
        _ => {}
    }
}

/// Applies the edits in `ops` to the reference record and journal of `PAUSING[mode & 3]`, stores
/// them in a fresh store and approves. Unedited, the replay must complete.
pub fn edited_run(mode: u8, ops: &[u8]) {
    let (record, journal) = &references()[usize::from(mode) % PAUSING.len()];
    let (mut record, mut journal) = (record.clone(), journal.clone());
    let edits: Vec<&[u8]> = ops.chunks_exact(3).take(64).collect();
    for edit in &edits {
        apply_edit(edit, &mut record, &mut journal);
    }
    let store = fresh_store();
    store.save_execution(&record).expect("save");
    for entry in &journal {
        let _ = store.append_journal(&record.state.id, entry);
    }
    let runtime = fixture_over(store).runtime;
    let id = record.state.id.clone();
    if edits.is_empty() {
        let output = run(runtime.approve_execution(&id)).expect("approve");
        check_output(&output, "approve (unedited)");
        assert!(
            matches!(output, ExecuteOutput::Completed { .. }),
            "replaying the whole journal of a completed run did not complete: {output:#?}"
        );
        return;
    }
    drive_after_corruption(&runtime, &id);
}
