//! Issue 3, durability: resuming interrupted runs after a restart, what replay refuses (and with
//! which code), golden journals recorded by today's code that must keep replaying, delivery order,
//! retention and expiry, and races between requests inside one runtime.

mod common;

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};

use codemode_runtime::journal::{Decision, JournalEntry};
use codemode_runtime::model::{CallState, ExecuteOutput, ExecutionStatus, Snippet};
use codemode_runtime::{Connector, ExecutionRecord, Runtime, RuntimeConfig, Store, UpgradePolicy};
use common::*;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

// ---- helpers: a host that can be restarted, a gate ----

/// The common fixture's durable state (store, counter, clock) plus what a host needs to build a
/// fresh runtime over it, as after a restart.
struct Host {
    f: Fixture,
    config: RuntimeConfig,
    crashes_left: Rc<Cell<u32>>,
    crashy_calls: Rc<Cell<u32>>,
    gate: Rc<Gate>,
}

impl Host {
    fn new(config: RuntimeConfig) -> Self {
        quiet_injected_panics();
        Self {
            f: fixture(),
            config,
            crashes_left: Rc::default(),
            crashy_calls: Rc::default(),
            gate: Rc::default(),
        }
    }

    /// A new runtime over the same store: no VM, no busy set survives from another one. Its
    /// connectors: the fixture's, `crashy.once()` (crashes the host while it has crashes left)
    /// and `gate.wait()`.
    fn runtime(&self) -> Runtime {
        let crashy = Crashy {
            name: "crashy",
            method: "once",
            result: json!("ok"),
            left: self.crashes_left.clone(),
            calls: self.crashy_calls.clone(),
        };
        let extra: Vec<Box<dyn Connector>> =
            vec![Box::new(crashy), Box::new(GateConnector(self.gate.clone()))];
        self.f.restarted(extra).with_config(self.config.clone())
    }

    /// Runs `execute` on a runtime that dies in it (an injected crash), and returns the new
    /// execution's id.
    fn execute_and_crash(&self, code: &str) -> String {
        self.crashes_left.set(self.crashes_left.get() + 1);
        let runtime = self.runtime();
        let before: Vec<String> = self
            .f
            .store
            .recent_executions(usize::MAX)
            .unwrap()
            .into_iter()
            .map(|r| r.state.id)
            .collect();
        let result = catching(|| run(runtime.execute(code)));
        assert!(result.is_err(), "the pass was expected to crash");
        drop(runtime);
        let after = self.f.store.recent_executions(usize::MAX).unwrap();
        after
            .into_iter()
            .map(|r| r.state.id)
            .find(|id| !before.contains(id))
            .expect("the crashed run is stored")
    }
}

/// Returns `Pending` once (waking itself), so the other future of a `join` gets polled.
struct YieldNow(bool);

impl Future for YieldNow {
    type Output = ();
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.0 {
            Poll::Ready(())
        } else {
            self.0 = true;
            cx.waker().wake_by_ref();
            Poll::Pending
        }
    }
}

/// Yields until `condition` holds.
async fn until(condition: impl Fn() -> bool) {
    for _ in 0..10_000 {
        if condition() {
            return;
        }
        YieldNow(false).await;
    }
    panic!("the condition never held");
}

fn status(output: &ExecuteOutput) -> &'static str {
    match output {
        ExecuteOutput::Completed { .. } => "completed",
        ExecuteOutput::Paused { .. } => "paused",
        ExecuteOutput::Error { .. } => "error",
        ExecuteOutput::Cancelled { .. } => "cancelled",
        ExecuteOutput::Waiting { .. } => "waiting",
    }
}

// ---- resume after restart ----

#[test]
fn an_interrupted_run_is_resumed_by_wake_after_a_restart() {
    let host = Host::new(RuntimeConfig::default());
    let code = "const a = await counter.bump({by: 1}); const c = await crashy.once({}); const b = await counter.bump({by: 2}); return [a, c, b]";
    let id = host.execute_and_crash(code);

    let record = host.f.record(&id);
    assert_eq!(
        record.state.status,
        ExecutionStatus::Running,
        "left running by the crash"
    );
    assert_eq!(record.attempts, 1);
    assert_eq!(
        host.f
            .store
            .journal(&id)
            .unwrap()
            .iter()
            .map(|e| e.seq)
            .collect::<Vec<_>>(),
        [0]
    );

    // After a restart the host asks when to wake: now.
    let runtime = host.runtime();
    let next = runtime.next_wake_at().unwrap();
    assert_eq!(
        next,
        Some(host.f.clock.get()),
        "an interrupted run wants a wake-up now"
    );

    let report = run(runtime.wake()).expect("wake");
    assert_eq!(report.resumed, std::slice::from_ref(&id));
    assert!(report.expired.is_empty());
    let state = host.f.state(&id);
    assert_eq!(
        state.status,
        ExecutionStatus::Completed,
        "{:?}",
        state.error
    );
    assert_eq!(state.result, Some(json!([1, "ok", 3])));
    assert_eq!(
        states(&state.calls),
        [
            (0, CallState::Applied),
            (1, CallState::Applied),
            (2, CallState::Applied)
        ]
    );
    assert_eq!(
        host.f.effects(),
        [(format!("{id}:0"), 1), (format!("{id}:2"), 1)],
        "seq 0 was replayed, not re-run"
    );
    assert_eq!(
        host.f.record(&id).attempts,
        0,
        "a finished pass resets attempts"
    );
    assert_eq!(
        host.crashy_calls.get(),
        2,
        "the crashed call ran again (its result was never journaled)"
    );

    // A second wake (the alarm firing twice, or after another restart) is harmless.
    let again = run(host.runtime().wake()).expect("second wake");
    assert!(
        again.resumed.is_empty() && again.expired.is_empty(),
        "{again:?}"
    );
    assert_eq!(host.f.state(&id), state, "nothing changed");
    assert_eq!(host.f.total(), 3);
    assert_eq!(host.f.effects().len(), 2);
    assert_eq!(runtime.next_wake_at().unwrap(), None, "nothing to do");

    // resume_execution of a run that is not running.
    assert_eq!(
        err_code(run(runtime.resume_execution(&id))),
        "INVALID_STATE"
    );
    let paused_out = run(runtime.execute("return await counter.guardedBump({by: 5})")).unwrap();
    let paused_id = paused_out.execution_id().to_string();
    assert_eq!(status(&paused_out), "paused");
    assert_eq!(
        err_code(run(runtime.resume_execution(&paused_id))),
        "INVALID_STATE"
    );
    assert_eq!(
        err_code(run(runtime.resume_execution("no-such-run"))),
        "NOT_FOUND"
    );
    assert_eq!(
        host.f.state(&paused_id).status,
        ExecutionStatus::Paused,
        "the refused resume left it paused"
    );

    // With only a paused run, the next wake-up is its expiry.
    let updated = host.f.state(&paused_id).updated_at;
    let ttl = runtime.config().paused_ttl_ms;
    assert_eq!(runtime.next_wake_at().unwrap(), Some(updated + ttl));
    let report = run(runtime.wake()).unwrap();
    assert!(
        report.resumed.is_empty() && report.expired.is_empty(),
        "a young paused run is left alone: {report:?}"
    );

    // An interrupted run next to the paused one: now again.
    let second = host.execute_and_crash("await crashy.once({}); return 'second'");
    let runtime = host.runtime();
    assert_eq!(runtime.next_wake_at().unwrap(), Some(host.f.clock.get()));
    let report = run(runtime.wake()).unwrap();
    assert_eq!(report.resumed, std::slice::from_ref(&second));
    assert_eq!(host.f.state(&second).result, Some(json!("second")));
    assert_eq!(runtime.next_wake_at().unwrap(), Some(updated + ttl));
    assert_eq!(
        completed(&run(runtime.approve_execution(&paused_id)).unwrap()),
        json!(8)
    );
}

#[test]
fn a_run_interrupted_after_its_approval_resumes_with_the_approval() {
    let host = Host::new(RuntimeConfig::default());
    let runtime = host.runtime();
    let out = run(runtime.execute(
        "const g = await counter.guardedBump({by: 10}); const c = await crashy.once({}); return [g, c, await counter.bump({by: 1})]",
    ))
    .unwrap();
    let id = out.execution_id().to_string();
    assert_eq!(status(&out), "paused");
    host.crashes_left.set(1);
    let crashed = catching(|| run(runtime.approve_execution(&id)));
    assert!(crashed.is_err());
    drop(runtime);
    let record = host.f.record(&id);
    assert_eq!(record.state.status, ExecutionStatus::Running);
    assert!(record.decisions.get(&0).is_some_and(Decision::is_approved));

    let runtime = host.runtime();
    assert_eq!(
        run(runtime.wake()).unwrap().resumed,
        std::slice::from_ref(&id)
    );
    let state = host.f.state(&id);
    assert_eq!(
        state.status,
        ExecutionStatus::Completed,
        "{:?}",
        state.error
    );
    assert_eq!(state.result, Some(json!([10, "ok", 11])));
    assert_eq!(
        host.f.effects(),
        [(format!("{id}:0"), 1), (format!("{id}:2"), 1)]
    );
}

// ---- what replay refuses ----

#[test]
fn a_divergent_call_at_a_recorded_seq_is_replay_diverged() {
    let f = fixture();
    let out = f.execute("const a = await counter.bump({by: 1}); const g = await counter.guardedBump({by: 2}); return [a, g]");
    let id = out.execution_id().to_string();
    assert_eq!(paused(&out)[0].seq, 1);
    f.tamper(&id, |r| {
        r.state.code = "const a = await counter.echo({by: 1}); const g = await counter.guardedBump({by: 2}); return [a, g]".into()
    });
    let out = f.approve(&id);
    let error = error_info(&out);
    assert_eq!(error.code, "REPLAY_DIVERGED");
    for part in [
        "#0",
        r#"counter.bump({"by":1})"#,
        r#"counter.echo({"by":1})"#,
    ] {
        assert!(
            error.message.contains(part),
            "`{part}` is not in: {}",
            error.message
        );
    }
    assert_eq!(
        f.effects(),
        [(format!("{id}:0"), 1)],
        "the approved call did not run"
    );
    assert_eq!(
        states(&calls(&out)),
        [(0, CallState::Applied)],
        "the call that ran is still listed"
    );

    // Same call, other arguments.
    let out = f.execute("await counter.bump({by: 1}); return await counter.guardedBump({by: 2})");
    let id = out.execution_id().to_string();
    f.tamper(&id, |r| {
        r.state.code =
            "await counter.bump({by: 7}); return await counter.guardedBump({by: 2})".into()
    });
    let error = error_info(&f.approve(&id));
    assert_eq!(error.code, "REPLAY_DIVERGED");
    assert!(
        error.message.contains(r#"counter.bump({"by":1})"#)
            && error.message.contains(r#"counter.bump({"by":7})"#),
        "{}",
        error.message
    );
}

#[test]
fn a_changed_fingerprint_is_verified_by_replay() {
    let f = fixture();
    let out = f.execute("await counter.bump({by: 1}); return await counter.guardedBump({by: 2})");
    let id = out.execution_id().to_string();
    f.tamper(&id, |r| {
        r.fingerprint = "boa-0.21.0-an-older-sandbox".into()
    });
    assert_eq!(completed(&f.approve(&id)), serde_json::json!(3));
    let record = f.record(&id);
    assert_eq!(
        record.fingerprint, "boa-0.21.0-an-older-sandbox",
        "the record keeps who recorded it"
    );
    assert_eq!(
        record.continued_by.as_deref(),
        Some(f.runtime.fingerprint()),
        "and says who continued it"
    );
    assert_eq!(
        f.effects(),
        [(format!("{id}:0"), 1), (format!("{id}:1"), 1)]
    );
}

#[test]
fn a_changed_fingerprint_is_replay_incompatible_when_upgrades_are_refused() {
    let f = fixture_with(RuntimeConfig {
        on_upgrade: UpgradePolicy::Refuse,
        ..RuntimeConfig::default()
    });
    let out = f.execute("await counter.bump({by: 1}); return await counter.guardedBump({by: 2})");
    let id = out.execution_id().to_string();
    f.tamper(&id, |r| {
        r.fingerprint = "boa-0.21.0-an-older-sandbox".into()
    });
    let error = error_info(&f.approve(&id));
    assert_eq!(error.code, "REPLAY_INCOMPATIBLE");
    assert!(
        error.message.contains("boa-0.21.0-an-older-sandbox"),
        "{}",
        error.message
    );
    assert!(
        error.message.contains(f.runtime.fingerprint()),
        "{}",
        error.message
    );
    assert_eq!(f.effects(), [(format!("{id}:0"), 1)]);
}

/// Under another sandbox, a replay that really differs fails `REPLAY_DIVERGED` and runs nothing.
#[test]
fn a_changed_fingerprint_with_a_different_replay_diverges() {
    let f = fixture();
    let out = f.execute("await counter.bump({by: 1}); return await counter.guardedBump({by: 2})");
    let id = out.execution_id().to_string();
    f.tamper(&id, |r| {
        r.fingerprint = "boa-0.21.0-an-older-sandbox".into();
        r.state.code =
            "await counter.bump({by: 5}); return await counter.guardedBump({by: 2})".into();
    });
    assert_eq!(error_info(&f.approve(&id)).code, "REPLAY_DIVERGED");
    assert_eq!(f.effects(), [(format!("{id}:0"), 1)]);
}

#[test]
fn a_passed_deadline_is_timeout() {
    let f = fixture();
    let out = f.execute("// @options: {\"timeout_ms\": 1000}\nconst a = await counter.bump({by: 1}); return [a, await counter.guardedBump({by: 2})]");
    let id = out.execution_id().to_string();
    assert_eq!(status(&out), "paused");
    f.clock.set(f.clock.get() + 5_000);
    let error = error_info(&f.approve(&id));
    assert_eq!(error.code, "TIMEOUT");
    assert!(error.message.contains("1000"), "{}", error.message);
    assert_eq!(
        f.effects(),
        [(format!("{id}:0"), 1)],
        "the approved call did not run after the deadline"
    );
    assert_eq!(f.state(&id).status, ExecutionStatus::Error);

    // Within the deadline the same run completes.
    let out = f
        .execute("// @options: {\"timeout_ms\": 60000}\nreturn await counter.guardedBump({by: 2})");
    f.clock.set(f.clock.get() + 5_000);
    assert_eq!(completed(&f.approve(out.execution_id())), json!(3));
}

#[test]
fn a_promise_nothing_can_settle_is_stalled() {
    let f = fixture();
    let out = f.execute("await counter.bump({by: 1}); await new Promise(() => {}); return 'never'");
    assert_eq!(error_code(&out), "STALLED");
    assert_eq!(states(&calls(&out)), [(0, CallState::Applied)]);

    // Also when the stall comes after an approval: the approved call ran once.
    let out = f.execute(
        "const g = await counter.guardedBump({by: 1}); await new Promise(() => {}); return g",
    );
    let id = out.execution_id().to_string();
    let out = f.approve(&id);
    assert_eq!(error_code(&out), "STALLED");
    assert_eq!(
        f.effects()
            .iter()
            .filter(|(k, _)| k.starts_with(&id))
            .cloned()
            .collect::<Vec<_>>(),
        [(format!("{id}:0"), 1)]
    );
}

// ---- values cross the host boundary exactly ----

/// A number handed to the host and back (a `codemode.step` value, a tool's argument and result)
/// must be the same number: replay delivers what was journaled, and a script that compares it
/// with the value it computed must see them equal. These doubles are printed exactly by
/// JSON.stringify but read back one unit in the last place off by a parser that does not round
/// correctly.
#[test]
fn numbers_cross_the_host_boundary_unchanged() {
    let f = fixture();
    let out = f.execute(
        "const xs = [0.9073038322028689, 0.48183792520110524, 0.43295284981322557, 0.38276699244722956, 0.9046212365765801];\n\
         const stepped = await codemode.step('xs', () => xs);\n\
         const echoed = (await counter.echo({xs})).xs;\n\
         return {step: xs.filter((x, i) => stepped[i] !== x).map(String), echo: xs.filter((x, i) => echoed[i] !== x).map(String)}",
    );
    assert_eq!(
        completed(&out),
        json!({"step": [], "echo": []}),
        "values changed on their way through the host"
    );
}

// ---- codemode.step on replay ----

/// A step's function runs on the first pass and not on replay; whatever it consumed must not
/// shift the rest of the run. Here it draws from `Math.random`: the draw after the step must be
/// the same number on the pass that paused and on the replay after the approval.
#[test]
fn math_random_after_a_step_that_drew_from_it_replays_the_same() {
    let f = fixture();
    let out = f.execute(
        "const r = await codemode.step('pick', () => Math.floor(Math.random() * 1000000));\n\
         const x = Math.floor(Math.random() * 1000000);\n\
         text('x=' + x);\n\
         await counter.guardedBump({by: 1});\n\
         return x",
    );
    let id = out.execution_id().to_string();
    let shown = f.record(&id).output.texts[0]
        .trim_start_matches("x=")
        .parse::<i64>()
        .expect("x");
    let done = f.approve(&id);
    assert_eq!(
        completed(&done),
        json!(shown),
        "the script showed x={shown} before the pause and returned another x after it"
    );

    // When the drawn value reaches an approved action, the replay is refused instead.
    let out = f.execute(
        "const r = await codemode.step('pick', () => Math.random());\n\
         const x = Math.floor(Math.random() * 1000000);\n\
         return await notes.createNote({text: 'x=' + x})",
    );
    let id = out.execution_id().to_string();
    let done = f.approve(&id);
    assert_eq!(status(&done), "completed", "{done:#?}");
}

/// A step whose function calls a tool: on replay the function does not run, so the tool call it
/// made is not issued again; the journal still holds it and later calls must keep their seqs.
#[test]
fn a_step_that_calls_a_tool_replays_after_an_approval() {
    let f = fixture();
    let out = f.execute(
        "const v = await codemode.step('s', async () => (await counter.bump({by: 2})) * 10);\n\
         const g = await counter.guardedBump({by: 1});\n\
         return [v, g]",
    );
    let id = out.execution_id().to_string();
    assert_eq!(status(&out), "paused", "{out:#?}");
    let done = f.approve(&id);
    assert_eq!(completed(&done), json!([20, 3]), "{done:#?}");
    assert!(
        f.effects().iter().all(|(_, n)| *n == 1),
        "{:?}",
        f.effects()
    );
}

// ---- golden journals ----

/// A paused run as stored, with what approving it must produce.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct GoldenJournal {
    about: String,
    /// `codemode_runtime::FINGERPRINT` when it was recorded.
    fingerprint: String,
    /// The counter's total at the pause (the state of the outside world the run continues in).
    counter_total: i64,
    snippets: Vec<Snippet>,
    record: ExecutionRecord,
    journal: Vec<JournalEntry>,
    /// Approving until the run finishes ends with this status and result.
    expected_status: String,
    expected_result: Value,
}

/// `(name, what it covers, code)`: each is run until its first pause with a non-empty journal.
const GOLDEN: &[(&str, &str, &str)] = &[
    (
        "bump_then_approval",
        "a call journaled before the pause is replayed, the approved one runs",
        "const a = await counter.bump({by: 1}); const g = await counter.guardedBump({by: 10}); return [a, g, await counter.get({})]",
    ),
    (
        "promise_all_interleaved",
        "Promise.all whose results were delivered out of seq order (0, 2, then the approved 1)",
        "const log = []; const r = await Promise.all([counter.bump({by: 1}).then(v => (log.push('a' + v), v)), counter.guardedBump({by: 10}).then(v => (log.push('g' + v), v)), counter.echo({x: 1}).then(v => (log.push('e'), v))]); console.log(log.join(',')); return {r, log}",
    ),
    (
        "step_random_store_note",
        "seeded Math.random before and after a codemode.step, store/load, a caught failure, a note needing approval",
        "// @options: {\"max_output_tokens\": 500}\nconst x = Math.floor(Math.random() * 1000000); const r = await codemode.step('pick', () => x * 2 + 1); store('picked', r); let caught = null; try { await counter.fail({}) } catch (e) { caught = e.message } const y = Math.floor(Math.random() * 1000000); console.log('picked', x, r, y); const n = await notes.createNote({text: 'picked ' + r + ' ' + y}); return {x, r, y, caught, note: [n.id, n.text], loaded: load('picked')}",
    ),
    (
        "snippet_then_approval",
        "codemode.run of a saved snippet, then a call needing approval",
        "const s = await codemode.run('bumper', {k: 4}); const g = await counter.guardedBump({by: s.v}); text('bumped'); return {s, g}",
    ),
    (
        "second_approval",
        "paused on a second approval after the first was approved (decisions in the record)",
        "const g1 = await counter.guardedBump({by: 1}); const b = await counter.bump({by: 2}); const g2 = await counter.guardedBump({by: 3}); return [g1, b, g2]",
    ),
];

fn golden_snippets() -> Vec<Snippet> {
    vec![Snippet {
        name: "bumper".into(),
        description: "bumps by input.k".into(),
        code: "const v = await counter.bump({by: input.k}); return {k: input.k, v}".into(),
        saved_at: 1_700_000_000_000,
        connectors: vec!["counter".into()],
    }]
}

fn golden_path(name: &str) -> String {
    format!(
        "{}/tests/golden/journals/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Approves until the run is no longer paused.
fn approve_to_end(f: &Fixture, mut out: ExecuteOutput) -> ExecuteOutput {
    for _ in 0..10 {
        if status(&out) != "paused" {
            break;
        }
        out = f.approve(out.execution_id());
    }
    out
}

fn record_golden(name: &str, about: &str, code: &str) {
    let f = fixture();
    for snippet in golden_snippets() {
        f.store.save_snippet(&snippet).unwrap();
    }
    let mut out = f.execute(code);
    let id = out.execution_id().to_string();
    // Pause where the journal is not empty (a second approval for `second_approval`).
    while status(&out) == "paused"
        && (f.store.journal(&id).unwrap().is_empty()
            || name == "second_approval" && f.record(&id).decisions.is_empty())
    {
        out = f.approve(&id);
    }
    assert_eq!(status(&out), "paused", "{name}: {out:#?}");
    let record = f.record(&id);
    let journal = f.store.journal(&id).unwrap();
    let counter_total = f.total();
    let end = approve_to_end(&f, out);
    let (expected_status, expected_result) = match &end {
        ExecuteOutput::Completed { result, .. } => ("completed", result.clone()),
        other => panic!("{name}: the recording did not complete: {other:#?}"),
    };
    let golden = GoldenJournal {
        about: about.into(),
        fingerprint: codemode_runtime::FINGERPRINT.into(),
        counter_total,
        snippets: golden_snippets(),
        record,
        journal,
        expected_status: expected_status.into(),
        expected_result,
    };
    std::fs::create_dir_all(format!(
        "{}/tests/golden/journals",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let text = serde_json::to_string_pretty(&golden).unwrap() + "\n";
    std::fs::write(golden_path(name), text).expect("write golden journal");
}

/// Regenerate with `UPDATE_GOLDEN=1 cargo test --test durability golden`.
#[test]
fn golden_journals_replay_to_their_recorded_results() {
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        for (name, about, code) in GOLDEN {
            record_golden(name, about, code);
        }
    }
    for (name, _, code) in GOLDEN {
        let path = golden_path(name);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|_| panic!("{path} is missing; run with UPDATE_GOLDEN=1 to record it"));
        let golden: GoldenJournal =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(
            golden.record.state.code, *code,
            "{name}: the fixture was recorded from other code; regenerate it"
        );
        // Recorded by an earlier build: under another fingerprint the run is verified by replay and
        // continues (the fixtures are kept as recorded to prove it across sandbox changes).
        assert_eq!(
            golden.record.state.status,
            ExecutionStatus::Paused,
            "{name}"
        );
        assert!(
            !golden.journal.is_empty(),
            "{name}: a golden journal is not empty"
        );

        // Load it into a fresh store, as if the runtime had restarted since the pause.
        let f = fixture();
        f.counter.total.set(golden.counter_total);
        for snippet in &golden.snippets {
            f.store.save_snippet(snippet).unwrap();
        }
        f.store.save_execution(&golden.record).unwrap();
        for entry in &golden.journal {
            f.store
                .append_journal(&golden.record.state.id, entry)
                .unwrap();
        }
        let id = golden.record.state.id.clone();
        let end = approve_to_end(&f, f.approve(&id));
        match &end {
            ExecuteOutput::Completed { result, calls, .. } => {
                assert_eq!(golden.expected_status, "completed", "{name}");
                assert_eq!(
                    result, &golden.expected_result,
                    "{name}: replaying the golden journal gave another result"
                );
                // The journaled calls were replayed with their recorded results, not run again.
                for entry in &golden.journal {
                    let call = calls
                        .iter()
                        .find(|c| c.seq == entry.seq)
                        .unwrap_or_else(|| panic!("{name}: #{} missing", entry.seq));
                    if let codemode_runtime::journal::Outcome::Ok(value) = &entry.outcome {
                        assert_eq!(call.result.as_ref(), Some(value), "{name}: #{}", entry.seq);
                    }
                    assert!(
                        !f.effects()
                            .iter()
                            .any(|(k, _)| k == &format!("{id}:{}", entry.seq)),
                        "{name}: journaled call #{} ran again",
                        entry.seq
                    );
                }
            }
            other => panic!(
                "{name}: expected {} with {}, got {other:#?}",
                golden.expected_status, golden.expected_result
            ),
        }
        assert!(
            f.effects().iter().all(|(_, n)| *n == 1),
            "{name}: {:?}",
            f.effects()
        );
    }
}

// ---- delivery order ----

#[test]
fn promise_all_results_are_delivered_in_journal_order_on_replay() {
    let f = fixture();
    let code = "const log = [];\n\
        const seen = (tag) => (v) => { log.push(tag + (v && v.x !== undefined ? v.x : v)); console.log(tag, JSON.stringify(v)); return v; };\n\
        const r = await Promise.all([\n\
          counter.bump({by: 1}).then(seen('a')),\n\
          counter.guardedBump({by: 10}).then(seen('g')),\n\
          counter.echo({x: 'e'}).then(seen('e')),\n\
          counter.bump({by: 100}).then(seen('b')),\n\
          counter.guardedBump({by: 1000}).then(seen('h')),\n\
        ]);\n\
        return {r, log}";
    let out = f.execute(code);
    let id = out.execution_id().to_string();
    assert_eq!(
        paused(&out).iter().map(|p| p.seq).collect::<Vec<_>>(),
        [1, 4]
    );
    let first_console = f.record(&id).output.console;
    assert_eq!(
        first_console,
        ["a 1", "e {\"x\":\"e\"}", "b 101"],
        "live delivery: seq order among the runnable calls"
    );
    let order = |f: &Fixture| {
        f.store
            .journal(&id)
            .unwrap()
            .iter()
            .map(|e| (e.seq, e.delivery))
            .collect::<Vec<_>>()
    };
    assert_eq!(order(&f), [(0, 0), (2, 1), (3, 2)]);

    let done = f.approve(&id);
    let console = f.record(&id).output.console;
    // The replay delivered 0, 2, 3 in their journaled order before the approved calls: the
    // callbacks ran in the same interleaving as the first pass.
    assert_eq!(
        console[..3],
        first_console[..],
        "replay interleaving differs from the first pass"
    );
    assert_eq!(
        console,
        ["a 1", "e {\"x\":\"e\"}", "b 101", "g 111", "h 1111"]
    );
    assert_eq!(
        completed(&done),
        json!({"r": [1, 111, {"x": "e"}, 101, 1111], "log": ["a1", "ee", "b101", "g111", "h1111"]})
    );
    assert_eq!(order(&f), [(0, 0), (2, 1), (3, 2), (1, 3), (4, 4)]);
}

// ---- retention ----

#[test]
fn prune_executions_keeps_the_newest_finished_and_every_unfinished_run() {
    let f = fixture();
    let paused = f
        .execute("return await counter.guardedBump({by: 1})")
        .execution_id()
        .to_string();
    let finished: Vec<String> = (1..=4)
        .map(|i| f.execute(&format!("return {i}")).execution_id().to_string())
        .collect();
    assert_eq!(f.runtime.prune_executions(Some(1)).unwrap(), 3);
    let left: Vec<String> = f
        .runtime
        .execution_history(Some(100))
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(left, [finished[3].clone(), paused.clone()]);
    assert_eq!(f.runtime.prune_executions(Some(1)).unwrap(), 0);

    // deleteExecution takes a paused run too, with its pending call; an unknown id is `false`.
    assert!(f.runtime.delete_execution(&paused).unwrap());
    assert!(!f.runtime.delete_execution(&paused).unwrap());
    assert!(f.runtime.pending_approvals(None).unwrap().is_empty());
    assert_eq!(err_code(f.runtime.execution(&paused)), "NOT_FOUND");
}

#[test]
fn retention_keeps_the_newest_finished_runs_and_every_paused_one() {
    let f = fixture_with(RuntimeConfig {
        keep_finished: 3,
        ..Default::default()
    });
    let paused_out = f.execute("return await counter.guardedBump({by: 1})");
    let paused_id = paused_out.execution_id().to_string();
    let finished: Vec<String> = (1..=5)
        .map(|i| {
            f.execute(&format!("return await counter.bump({{by: {i}}})"))
                .execution_id()
                .to_string()
        })
        .collect();

    let history: Vec<String> = f
        .runtime
        .execution_history(Some(100))
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(
        history,
        [
            finished[4].clone(),
            finished[3].clone(),
            finished[2].clone(),
            paused_id.clone()
        ]
    );
    for (i, id) in finished.iter().enumerate() {
        let journal = f.store.journal(id).unwrap();
        if i < 2 {
            assert!(journal.is_empty(), "run {i}'s journal was pruned with it");
            assert_eq!(err_code(f.runtime.execution(id)), "NOT_FOUND");
        } else {
            assert_eq!(journal.len(), 1, "run {i} keeps its journal");
        }
    }
    assert_eq!(
        f.state(&paused_id).status,
        ExecutionStatus::Paused,
        "a paused run is never pruned"
    );
    assert_eq!(completed(&f.approve(&paused_id)), json!(16));
}

#[test]
fn runs_are_pruned_every_eighth_of_those_kept() {
    // keep 16: pruned after the first run and then after every second one, so the history
    // holds 16 or 17 finished runs and never more.
    let f = fixture_with(RuntimeConfig {
        keep_finished: 16,
        ..Default::default()
    });
    let mut sizes = Vec::new();
    for i in 0..24 {
        f.execute(&format!("return {i}"));
        sizes.push(f.runtime.execution_history(Some(100)).unwrap().len());
    }
    let expected: Vec<usize> = (1..=24usize)
        .map(|n| match n {
            ..=16 => n,
            _ if n % 2 == 0 => 17,
            _ => 16,
        })
        .collect();
    assert_eq!(sizes, expected);
    // `pruneExecutions` without `keep` prunes to the setting at once.
    assert_eq!(f.runtime.prune_executions(None).unwrap(), 1);
}

#[test]
fn paused_runs_past_their_ttl_expire_to_rejected() {
    let f = fixture_with(RuntimeConfig {
        paused_ttl_ms: 1_000,
        ..Default::default()
    });
    let old = f
        .execute("await counter.bump({by: 1}); return await counter.guardedBump({by: 10})")
        .execution_id()
        .to_string();
    f.clock.set(f.clock.get() + 600);
    let young = f
        .execute("return await counter.guardedBump({by: 100})")
        .execution_id()
        .to_string();
    f.clock.set(f.clock.get() + 500);

    let report = run(f.runtime.wake()).unwrap();
    assert_eq!(report.expired, std::slice::from_ref(&old));
    assert!(report.resumed.is_empty());
    let state = f.state(&old);
    assert_eq!(state.status, ExecutionStatus::Rejected);
    assert_eq!(
        state.error.as_ref().map(|e| e.code.as_str()),
        Some("EXPIRED")
    );
    assert!(state.pending.is_empty());
    assert_eq!(
        states(&state.calls),
        [(0, CallState::Applied), (1, CallState::Rejected)]
    );
    assert_eq!(
        f.record(&old).decisions.get(&1).map(|d| d.kind),
        Some(codemode_runtime::journal::DecisionKind::Expired)
    );
    assert_eq!(
        err_code(run(f.runtime.approve_execution(&old))),
        "NOT_PAUSED"
    );
    assert_eq!(
        f.state(&young).status,
        ExecutionStatus::Paused,
        "the younger run stays paused"
    );

    let again = run(f.runtime.wake()).unwrap();
    assert!(
        again.expired.is_empty() && again.resumed.is_empty(),
        "{again:?}"
    );
    assert_eq!(
        f.runtime.next_wake_at().unwrap(),
        Some(f.state(&young).updated_at + 1_000)
    );
    assert_eq!(completed(&f.approve(&young)), json!(101));
    assert_eq!(
        f.effects().len(),
        2,
        "the expired run's pending call never ran"
    );
}

// ---- races inside one runtime ----

#[test]
fn requests_on_a_run_being_driven_are_busy_or_refused() {
    let host = Host::new(RuntimeConfig::default());
    let runtime = host.runtime();
    let code =
        "const a = await counter.bump({by: 1}); const g = await gate.wait({}); return [a, g]";
    let (out, ()) = run(futures::future::join(runtime.execute(code), async {
        until(|| host.gate.waiting() == 1).await;
        let id = host.gate.first_execution();
        let before = host.f.record(&id);
        assert_eq!(before.state.status, ExecutionStatus::Running);
        assert_eq!(err_code(runtime.approve_execution(&id).await), "BUSY");
        assert_eq!(err_code(runtime.resume_execution(&id).await), "BUSY");
        assert_eq!(err_code(runtime.rollback_execution(&id).await), "BUSY");
        assert!(
            !runtime.reject_execution(&id, 1).unwrap(),
            "reject of a running run is refused"
        );
        assert!(!runtime.reject_execution(&id, 0).unwrap());
        let report = runtime.wake().await.unwrap();
        assert!(
            report.resumed.is_empty(),
            "wake leaves a run that is being driven alone: {report:?}"
        );
        assert_eq!(
            runtime.next_wake_at().unwrap(),
            None,
            "a run being driven is not interrupted"
        );
        assert_eq!(host.f.record(&id), before, "nothing changed");
        host.gate.open(None, json!("opened"));
    }));
    let out = out.unwrap();
    assert_eq!(completed(&out), json!([1, "opened"]));
    assert_eq!(host.f.effects(), [(format!("{}:0", out.execution_id()), 1)]);
    assert_eq!(host.gate.calls.get(), 1);
}

#[test]
fn two_approvals_of_one_paused_run_resume_it_once() {
    let host = Host::new(RuntimeConfig::default());
    let runtime = host.runtime();

    // The second approval arrives while the first is driving the run.
    let out = run(runtime.execute("const g = await counter.guardedBump({by: 1}); const w = await gate.wait({}); return [g, w]")).unwrap();
    let id = out.execution_id().to_string();
    let (first, second) = run(futures::future::join(
        runtime.approve_execution(&id),
        async {
            until(|| host.gate.waiting() == 1).await;
            let second = runtime.approve_execution(&id).await;
            host.gate.open(None, json!("w"));
            second
        },
    ));
    assert_eq!(completed(&first.unwrap()), json!([1, "w"]));
    assert_eq!(err_code(second), "BUSY");
    assert_eq!(host.f.effects(), [(format!("{id}:0"), 1)]);

    // Two approvals polled one after the other: the second finds the run finished.
    let out = run(runtime.execute("return await counter.guardedBump({by: 10})")).unwrap();
    let id = out.execution_id().to_string();
    let (a, b) = run(futures::future::join(
        runtime.approve_execution(&id),
        runtime.approve_execution(&id),
    ));
    let outcomes = [a, b];
    let done: Vec<&ExecuteOutput> = outcomes.iter().filter_map(|r| r.as_ref().ok()).collect();
    assert_eq!(
        done.len(),
        1,
        "exactly one approval resumes the run: {outcomes:?}"
    );
    assert_eq!(completed(done[0]), json!(11));
    let refused = outcomes
        .iter()
        .find_map(|r| r.as_ref().err())
        .expect("one refused");
    assert!(
        ["BUSY", "NOT_PAUSED"].contains(&refused.code()),
        "{refused:?}"
    );
    assert_eq!(
        host.f
            .effects()
            .iter()
            .filter(|(k, _)| k.starts_with(&id))
            .count(),
        1
    );
    assert_eq!(host.f.total(), 11);
}

#[test]
fn a_reject_racing_an_approve_leaves_one_outcome() {
    let host = Host::new(RuntimeConfig::default());
    let runtime = host.runtime();
    let code = "const g = await counter.guardedBump({by: 5}); const w = await gate.wait({}); return [g, w]";

    // The approval is driving the run when the reject comes: the reject is refused.
    let id = run(runtime.execute(code))
        .unwrap()
        .execution_id()
        .to_string();
    let (approved, rejected) = run(futures::future::join(
        runtime.approve_execution(&id),
        async {
            until(|| host.gate.waiting() == 1).await;
            let rejected = runtime.reject_execution(&id, 0).unwrap();
            host.gate.open(None, json!("w"));
            rejected
        },
    ));
    assert!(!rejected);
    assert_eq!(completed(&approved.unwrap()), json!([5, "w"]));
    let record = host.f.record(&id);
    assert_eq!(record.state.status, ExecutionStatus::Completed);
    assert!(
        record.decisions.values().all(Decision::is_approved),
        "{:?}",
        record.decisions
    );
    assert_eq!(host.f.effects(), [(format!("{id}:0"), 1)]);

    // The reject comes first: the approval finds the run rejected, and the call never runs.
    let id = run(runtime.execute(code))
        .unwrap()
        .execution_id()
        .to_string();
    let (rejected, approved) = run(futures::future::join(
        async { runtime.reject_execution(&id, 0).unwrap() },
        runtime.approve_execution(&id),
    ));
    assert!(rejected);
    assert_eq!(err_code(approved), "NOT_PAUSED");
    let state = host.f.state(&id);
    assert_eq!(state.status, ExecutionStatus::Rejected);
    assert_eq!(states(&state.calls), [(0, CallState::Rejected)]);
    assert!(
        !host.f.effects().iter().any(|(k, _)| k.starts_with(&id)),
        "the rejected call never ran"
    );
    assert_eq!(host.gate.calls.get(), 1);
}

#[test]
fn many_executions_at_once_in_one_runtime_all_complete() {
    let host = Host::new(RuntimeConfig::default());
    let runtime = host.runtime();
    const N: usize = 12;
    let codes: Vec<String> = (0..N)
        .map(|i| {
            if i % 3 == 2 {
                // Some never wait.
                format!("const a = await counter.bump({{by: 1}}); return [{i}, 'direct', (await counter.echo({{i: {i}}})).i]")
            } else {
                format!("const a = await counter.bump({{by: 1}}); const w = await gate.wait({{i: {i}}}); return [{i}, w, (await counter.echo({{i: {i}}})).i]")
            }
        })
        .collect();
    let gated = (0..N).filter(|i| i % 3 != 2).count();
    let runs = futures::future::join_all(codes.iter().map(|code| runtime.execute(code)));
    let (outputs, ()) = run(futures::future::join(runs, async {
        until(|| host.gate.waiting() == gated).await;
        // Every gated run is being driven at once; open them newest first.
        for i in (0..N).rev().filter(|i| i % 3 != 2) {
            host.gate
                .open(Some(&json!({"i": i})), json!(format!("go {i}")));
            YieldNow(false).await;
        }
    }));
    let mut ids = Vec::new();
    for (i, out) in outputs.into_iter().enumerate() {
        let out = out.unwrap_or_else(|e| panic!("run {i}: {e}"));
        let expected = if i % 3 == 2 {
            json!([i, "direct", i])
        } else {
            json!([i, format!("go {i}"), i])
        };
        assert_eq!(completed(&out), expected, "run {i}");
        assert_eq!(
            host.f.store.journal(out.execution_id()).unwrap().len(),
            if i % 3 == 2 { 2 } else { 3 }
        );
        ids.push(out.execution_id().to_string());
    }
    assert_eq!(host.f.total(), N as i64, "each run's bump applied once");
    assert_eq!(host.f.effects().len(), N);
    assert!(host.f.effects().iter().all(|(_, n)| *n == 1));
    let distinct: std::collections::BTreeSet<&String> = ids.iter().collect();
    assert_eq!(distinct.len(), N);
}

/// `wake()` lists the interrupted runs, then resumes them one by one; while it waits on one,
/// another request may finish the next. Firing wake is documented as harmless, so the stale
/// entry must be skipped, not fail the whole wake-up.
#[test]
fn wake_racing_a_resume_of_the_next_run_is_harmless() {
    let host = Host::new(RuntimeConfig::default());
    let a = host.execute_and_crash("await crashy.once({}); return await gate.wait({run: 'a'})");
    let b = host.execute_and_crash("await crashy.once({}); return 'b'");
    let runtime = host.runtime();
    let (woken, resumed_b) = run(futures::future::join(runtime.wake(), async {
        until(|| host.gate.waiting() == 1).await;
        // While wake drives `a`, another request resumes `b`.
        let out = runtime.resume_execution(&b).await;
        host.gate.open(None, json!("a"));
        out
    }));
    assert_eq!(completed(&resumed_b.expect("resume b")), json!("b"));
    assert_eq!(host.f.state(&a).result, Some(json!("a")));
    assert_eq!(host.f.state(&b).status, ExecutionStatus::Completed);
    let report = woken.expect("wake must not fail because a run it listed was finished meanwhile");
    assert!(report.resumed.contains(&a), "{report:?}");
    assert_eq!(
        host.crashy_calls.get(),
        4,
        "each run's crashy call: once crashed, once resumed"
    );
}

/// Ids and seeds come from the host's random source, as time comes from its clock: two runtimes
/// given the same source give a run the same id and the same `Math.random`; the default source
/// gives every run its own.
#[test]
fn ids_and_seeds_come_from_the_random_source() {
    let counting = || {
        let next = Rc::new(Cell::new(0u8));
        Rc::new(move || {
            next.set(next.get().wrapping_add(1));
            [next.get(); 16]
        }) as codemode_runtime::runtime::Random
    };
    let code = "return [Math.random(), Math.random()]";
    let a = fixture().restarted(Vec::new()).with_random(counting());
    let b = fixture().restarted(Vec::new()).with_random(counting());
    let (out_a, out_b) = (run(a.execute(code)).unwrap(), run(b.execute(code)).unwrap());
    assert_eq!(out_a.execution_id(), out_b.execution_id());
    assert_eq!(completed(&out_a), completed(&out_b));
    // A v4 UUID made of the source's bytes.
    assert_eq!(out_a.execution_id(), "01010101-0101-4101-8101-010101010101");
    let next = run(a.execute(code)).unwrap();
    assert_ne!(next.execution_id(), out_a.execution_id());
    assert_ne!(completed(&next), completed(&out_a));

    let f = fixture();
    let (one, two) = (f.execute(code), f.execute(code));
    assert_ne!(one.execution_id(), two.execution_id());
    assert_ne!(completed(&one), completed(&two));
}
