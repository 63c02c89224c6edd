//! The run loop end to end: completion, call journaling, pauses and approvals (replay), rejection,
//! rollback, replay divergence, determinism, script failures and engine limits.

mod common;

use codemode_runtime::model::{
    CallState, ExecuteOutput, ExecutionStatus, PendingAction, RollbackSkip,
};
use codemode_runtime::notes::NoteStore;
use codemode_runtime::sandbox::SandboxLimits;
use codemode_runtime::{Error, RuntimeConfig, Store};
use common::*;
use serde_json::{json, Value};
use CallState::{Applied, Cancelled, Pending, Rejected, Reverted};

// ---- completing ----

#[test]
fn a_host_transform_reshapes_the_answer_and_the_record_keeps_the_result() {
    // The package's `transformResult`: the caller (and the report the model reads) gets the
    // reshaped value, the stored execution what the script returned; a failing transform leaves
    // the answer as returned and says so.
    let mut f = fixture();
    let transform: codemode_runtime::runtime::ResultTransform = std::rc::Rc::new(|value: Value| {
        Box::pin(async move {
            match value.get("fail") {
                Some(_) => Some(Err("the transform refused".to_string())),
                None => Some(Ok(json!({"shaped": value}))),
            }
        })
    });
    f.runtime = f.runtime.with_result_transform(transform);
    let out = f.execute("return {n: 1}");
    assert_eq!(completed(&out), json!({"shaped": {"n": 1}}));
    assert!(
        out.report().contains(r#"{"shaped":{"n":1}}"#),
        "{}",
        out.report()
    );
    let record = f.record(out.execution_id());
    assert_eq!(
        record.state.result,
        Some(json!({"n": 1})),
        "the record keeps the raw result"
    );
    assert!(!record.state.report.unwrap_or_default().contains("shaped"));

    let failed = f.execute("return {fail: true}");
    assert_eq!(completed(&failed), json!({"fail": true}));
    assert!(
        failed
            .report()
            .contains("[transformResult failed (the transform refused)"),
        "{}",
        failed.report()
    );
    // Not a completed run: nothing to reshape.
    let paused = f.execute("return await notes.createNote({text: 'x'})");
    assert!(matches!(paused, ExecuteOutput::Paused { .. }), "{paused:?}");
}

#[test]
fn completed_run_returns_value_texts_console_and_report() {
    let f = fixture();
    let out = f.execute(
        "text('hello'); text({a: 1}); console.log('x', {a: 1}, [2]); console.info('i'); \
         console.warn('w'); console.error('e'); return {n: 42}",
    );
    let id = out.execution_id().to_string();
    assert_eq!(completed(&out), json!({"n": 42}));

    let record = f.record(&id);
    assert_eq!(record.output.texts, ["hello", r#"{"a":1}"#]);
    assert_eq!(
        record.output.console,
        [r#"x {"a":1} [2]"#, "i", "[warn] w", "[error] e"]
    );

    let lines: Vec<&str> = out.report().lines().collect();
    assert_eq!(lines[0], "Script completed");
    assert!(
        lines[1].starts_with("Wall time ") && lines[1].ends_with(" seconds"),
        "{}",
        lines[1]
    );
    assert_eq!(
        lines[2..],
        [
            "Output:",
            "==> text 1/3 <==",
            "hello",
            "==> text 2/3 <==",
            r#"{"a":1}"#,
            "==> text 3/3 <==",
            r#"{"n":42}"#,
            "<console_output>",
            r#"x {"a":1} [2]"#,
            "i",
            "[warn] w",
            "[error] e",
            "</console_output>",
        ]
    );

    let state = f.state(&id);
    assert_eq!(state.status, ExecutionStatus::Completed);
    assert_eq!(state.result, Some(json!({"n": 42})));
    assert_eq!(state.report.as_deref(), Some(out.report()));
    assert!(state.calls.is_empty() && state.pending.is_empty() && state.error.is_none());
}

#[test]
fn report_output_section() {
    // (code, the report's lines after "Output:")
    let cases: &[(&str, &[&str])] = &[
        ("return 'just this'", &["just this"]),
        ("return 7", &["7"]),
        ("return [1, 'a']", &[r#"[1,"a"]"#]),
        ("text('a')", &["a"]),
        ("return undefined", &[]),
        (
            "text('a'); return 2",
            &["==> text 1/2 <==", "a", "==> text 2/2 <==", "2"],
        ),
        (
            "console.log('only')",
            &["<console_output>", "only", "</console_output>"],
        ),
        (
            "text(undefined); text(null); text(true)",
            &[
                "==> text 1/3 <==",
                "undefined",
                "==> text 2/3 <==",
                "null",
                "==> text 3/3 <==",
                "true",
            ],
        ),
        (
            "console.log(new Error('e1'), 1n, undefined)",
            &[
                "<console_output>",
                "Error: e1 1n undefined",
                "</console_output>",
            ],
        ),
    ];
    let f = fixture();
    for (code, expected) in cases {
        let out = f.execute(code);
        assert!(
            matches!(
                out,
                codemode_runtime::model::ExecuteOutput::Completed { .. }
            ),
            "{code}: {out:#?}"
        );
        let lines: Vec<&str> = out.report().lines().collect();
        assert_eq!(lines[0], "Script completed", "{code}");
        assert_eq!(lines[2], "Output:", "{code}");
        assert_eq!(&lines[3..], *expected, "{code}");
    }
}

#[test]
fn code_forms() {
    // (code, result)
    let cases: &[(&str, Value)] = &[
        ("1 + 2", json!(3)),
        ("async () => 5", json!(5)),
        ("() => 'sync arrow'", json!("sync arrow")),
        (
            "async () => { const v = await counter.echo({v: 1}); return v.v + 1 }",
            json!(2),
        ),
        ("return 'body'", json!("body")),
        ("const x = 2; return x * 21", json!(42)),
        ("[1, 2, 3].map(x => x * 2)", json!([2, 4, 6])),
        ("({a: 1})", json!({"a": 1})),
        ("await counter.echo({x: 'y'})", json!({"x": "y"})),
        ("return", Value::Null),
        ("const unused = 1", Value::Null),
        ("return typeof input", json!("undefined")),
    ];
    let f = fixture();
    for (code, expected) in cases {
        let out = f.execute(code);
        assert_eq!(&completed(&out), expected, "{code}");
    }
}

#[test]
fn sequential_calls_are_journaled_in_order() {
    let f = fixture();
    let out = f.execute(
        "let s = 0; for (let i = 1; i <= 5; i++) s = await counter.bump({by: i}); return s",
    );
    let id = out.execution_id().to_string();
    assert_eq!(completed(&out), json!(15));
    let calls = calls(&out);
    assert_eq!(
        states(&calls),
        [
            (0, Applied),
            (1, Applied),
            (2, Applied),
            (3, Applied),
            (4, Applied)
        ]
    );
    let args: Vec<Value> = calls.iter().map(|c| c.args.clone()).collect();
    assert_eq!(
        args,
        [
            json!({"by": 1}),
            json!({"by": 2}),
            json!({"by": 3}),
            json!({"by": 4}),
            json!({"by": 5})
        ]
    );
    let results: Vec<Value> = calls.iter().map(|c| c.result.clone().unwrap()).collect();
    assert_eq!(
        results,
        [json!(1), json!(3), json!(6), json!(10), json!(15)]
    );
    assert!(calls
        .iter()
        .all(|c| c.connector == "counter" && c.method == "bump" && !c.requires_approval));
    assert_eq!(f.total(), 15);
    assert_eq!(
        f.effects(),
        (0..5).map(|s| (format!("{id}:{s}"), 1)).collect::<Vec<_>>()
    );
    let journal = f.store.journal(&id).unwrap();
    assert_eq!(
        journal
            .iter()
            .map(|e| (e.seq, e.delivery))
            .collect::<Vec<_>>(),
        [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)]
    );
    assert_eq!(f.state(&id).calls, calls);
}

#[test]
fn promise_all_of_twenty_bumps_runs_each_once() {
    let f = fixture();
    let out = f
        .execute("return await Promise.all(Array.from({length: 20}, () => counter.bump({by: 1})))");
    let id = out.execution_id().to_string();
    assert_eq!(completed(&out), json!((1..=20).collect::<Vec<i64>>()));
    let calls = calls(&out);
    assert_eq!(
        calls.iter().map(|c| c.seq).collect::<Vec<_>>(),
        (0..20).collect::<Vec<u32>>()
    );
    assert!(calls.iter().all(|c| c.state == Applied));
    assert_eq!(f.total(), 20);
    let mut expected: Vec<(String, u32)> = (0..20).map(|s| (format!("{id}:{s}"), 1)).collect();
    expected.sort();
    assert_eq!(f.effects(), expected);
    assert_eq!(f.store.journal(&id).unwrap().len(), 20);
}

#[test]
fn promise_all_with_an_approval_in_the_middle() {
    let f = fixture();
    let out = f.execute(
        "return await Promise.all([counter.bump({by: 1}), counter.guardedBump({by: 10}), counter.bump({by: 100})])",
    );
    let id = out.execution_id().to_string();
    let pending = paused(&out);
    assert_eq!(
        pending
            .iter()
            .map(|p| (p.seq, p.method.as_str()))
            .collect::<Vec<_>>(),
        [(1, "guardedBump")]
    );
    assert_eq!(
        states(&calls(&out)),
        [(0, Applied), (1, Pending), (2, Applied)]
    );
    assert_eq!(f.total(), 101);

    let done = f.approve(&id);
    assert_eq!(completed(&done), json!([1, 111, 101]));
    assert_eq!(
        states(&calls(&done)),
        [(0, Applied), (1, Applied), (2, Applied)]
    );
    assert_eq!(f.total(), 111);
    let mut expected: Vec<(String, u32)> = (0..3).map(|s| (format!("{id}:{s}"), 1)).collect();
    expected.sort();
    assert_eq!(f.effects(), expected);
}

#[test]
fn execution_history_is_newest_first() {
    let f = fixture();
    let ids: Vec<String> = ["1", "2", "3"]
        .iter()
        .map(|c| f.execute(c).execution_id().to_string())
        .collect();
    let all: Vec<String> = f
        .runtime
        .execution_history(None)
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(all, [ids[2].clone(), ids[1].clone(), ids[0].clone()]);
    let two: Vec<String> = f
        .runtime
        .execution_history(Some(2))
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(two, [ids[2].clone(), ids[1].clone()]);
}

// ---- pausing and approving ----

#[test]
fn a_call_needing_approval_pauses_and_writes_nothing() {
    let f = fixture();
    let out = f.execute("const n = await notes.createNote({text: 'hello'}); return n.text");
    let id = out.execution_id().to_string();
    let expected = vec![PendingAction {
        execution_id: id.clone(),
        seq: 0,
        connector: "notes".into(),
        method: "createNote".into(),
        args: json!({"text": "hello"}),
    }];
    assert_eq!(paused(&out), expected);
    let calls = calls(&out);
    assert_eq!(states(&calls), [(0, Pending)]);
    assert!(calls[0].requires_approval && calls[0].result.is_none());

    let state = f.state(&id);
    assert_eq!(state.status, ExecutionStatus::Paused);
    assert_eq!(state.pending, expected);
    assert_eq!(f.runtime.pending_approvals(None).unwrap(), expected);
    assert_eq!(f.runtime.pending_approvals(Some(&id)).unwrap(), expected);
    assert!(f.store.list_notes().unwrap().is_empty());
    assert!(f.store.journal(&id).unwrap().is_empty());

    let report = out.report();
    assert_eq!(report.lines().next(), Some("Script paused"));
    assert!(
        report.contains(r#"Waiting for approval: #0 notes.createNote({"text":"hello"})"#),
        "{report}"
    );
    assert!(report.contains("Do not retry"), "{report}");

    let done = f.approve(&id);
    assert_eq!(completed(&done), json!("hello"));
    let notes = f.store.list_notes().unwrap();
    assert_eq!(
        notes
            .iter()
            .map(|n| (n.id, n.text.as_str()))
            .collect::<Vec<_>>(),
        [(1, "hello")]
    );
    assert!(f.runtime.pending_approvals(None).unwrap().is_empty());
    let state = f.state(&id);
    assert_eq!(state.status, ExecutionStatus::Completed);
    assert!(state.pending.is_empty());
}

#[test]
fn approve_replays_reads_made_before_the_pause() {
    let f = fixture();
    let a = f.execute(
        "const before = await notes.listNotes(); const n = await notes.createNote({text: 'x'}); \
         return {before: before.length, id: n.id, text: n.text}",
    );
    let a_id = a.execution_id().to_string();
    assert_eq!(paused(&a).iter().map(|p| p.seq).collect::<Vec<_>>(), [1]);
    assert_eq!(states(&calls(&a)), [(0, Applied), (1, Pending)]);
    assert_eq!(calls(&a)[0].result, Some(json!([])));

    // Another run creates a note in between.
    let b = f.execute("return (await notes.createNote({text: 'other'})).id");
    assert_eq!(completed(&f.approve(b.execution_id())), json!(1));
    assert_eq!(f.store.list_notes().unwrap().len(), 1);

    let resumed = f.approve(&a_id);
    assert_eq!(
        completed(&resumed),
        json!({"before": 0, "id": 2, "text": "x"})
    );
    let calls = calls(&resumed);
    assert_eq!(states(&calls), [(0, Applied), (1, Applied)]);
    assert_eq!(calls[0].result, Some(json!([])));
    assert_eq!(f.store.list_notes().unwrap().len(), 2);
    assert_eq!(f.store.journal(&a_id).unwrap().len(), 2);
}

#[test]
fn an_approved_call_executes_exactly_once() {
    let f = fixture();
    let out = f.execute("const a = await counter.bump({by: 1}); const b = await counter.guardedBump({by: 10}); return [a, b]");
    let id = out.execution_id().to_string();
    let pending = paused(&out);
    assert_eq!(
        pending
            .iter()
            .map(|p| (p.seq, p.args.clone()))
            .collect::<Vec<_>>(),
        [(1, json!({"by": 10}))]
    );
    assert_eq!(f.effects(), [(format!("{id}:0"), 1)]);
    assert_eq!(f.total(), 1);

    let done = f.approve(&id);
    assert_eq!(completed(&done), json!([1, 11]));
    assert_eq!(
        f.effects(),
        [(format!("{id}:0"), 1), (format!("{id}:1"), 1)]
    );
    assert_eq!(f.total(), 11);

    let again = run(f.runtime.approve_execution(&id)).unwrap_err();
    assert!(
        matches!(&again, Error::NotPaused { status, .. } if status == "completed"),
        "{again:?}"
    );
    assert_eq!(again.code(), "NOT_PAUSED");
    assert_eq!(
        f.effects(),
        [(format!("{id}:0"), 1), (format!("{id}:1"), 1)]
    );
    assert_eq!(f.total(), 11);
}

#[test]
fn approve_needs_a_paused_run() {
    let f = fixture();
    // (code, status it ends with)
    let cases = [("return 1", "completed"), ("throw new Error('x')", "error")];
    for (code, status) in cases {
        let out = f.execute(code);
        let error = run(f.runtime.approve_execution(out.execution_id())).unwrap_err();
        assert_eq!(error.code(), "NOT_PAUSED", "{code}");
        assert!(error.to_string().contains(status), "{code}: {error}");
    }
}

// ---- rejecting ----

#[test]
fn reject_ends_the_run_and_keeps_earlier_calls() {
    let f = fixture();
    let out = f
        .execute("await counter.bump({by: 2}); await counter.guardedBump({by: 5}); return 'never'");
    let id = out.execution_id().to_string();
    assert_eq!(paused(&out).len(), 1);

    assert!(f.reject(&id, 1));
    let state = f.state(&id);
    assert_eq!(state.status, ExecutionStatus::Rejected);
    assert_eq!(states(&state.calls), [(0, Applied), (1, Rejected)]);
    assert!(state.pending.is_empty());
    let error = state.error.clone().expect("a rejected run has an error");
    assert_eq!(error.code, "REJECTED");
    assert!(error.message.contains("#1"), "{}", error.message);
    let report = state.report.clone().unwrap();
    assert_eq!(report.lines().next(), Some("Script rejected"));
    assert!(
        report.contains(r#"#1 counter.guardedBump({"by":5}) was rejected"#),
        "{report}"
    );
    assert_eq!(f.total(), 2);
    assert_eq!(f.effects(), [(format!("{id}:0"), 1)]);
    assert!(f.runtime.pending_approvals(None).unwrap().is_empty());

    assert!(!f.reject(&id, 1), "rejecting twice");
    assert_eq!(
        err_code(run(f.runtime.approve_execution(&id))),
        "NOT_PAUSED"
    );
    assert_eq!(f.total(), 2);
}

#[test]
fn reject_one_of_two_pending_cancels_the_other() {
    let f = fixture();
    let out = f.execute(
        "return await Promise.all([counter.guardedBump({by: 1}), counter.guardedBump({by: 2})])",
    );
    let id = out.execution_id().to_string();
    assert_eq!(
        paused(&out).iter().map(|p| p.seq).collect::<Vec<_>>(),
        [0, 1]
    );
    assert!(f.reject(&id, 0));
    assert_eq!(states(&f.state(&id).calls), [(0, Rejected), (1, Cancelled)]);
    assert_eq!(f.total(), 0);
}

#[test]
fn reject_of_a_seq_that_is_not_pending_is_false() {
    let f = fixture();
    let out = f
        .execute("await counter.bump({by: 2}); await counter.guardedBump({by: 5}); return 'never'");
    let id = out.execution_id().to_string();
    let pending = paused(&out);
    for seq in [0, 2, 99] {
        assert!(!f.reject(&id, seq), "seq {seq}");
    }
    let state = f.state(&id);
    assert_eq!(state.status, ExecutionStatus::Paused);
    assert_eq!(state.pending, pending);

    let done = f.execute("return 1");
    assert!(!f.reject(done.execution_id(), 0), "a completed run");
    assert_eq!(
        err_code(f.runtime.reject_execution("no-such-execution", 0)),
        "NOT_FOUND"
    );
}

// ---- rolling back ----

#[test]
fn rollback_reverts_newest_first_and_skips_reads() {
    let f = fixture();
    let out = f.execute(
        "await counter.bump({by: 1}); await counter.get(); await counter.bump({by: 2}); \
         return await Promise.all([counter.bump({by: 3}), counter.bump({by: 4})])",
    );
    let id = out.execution_id().to_string();
    assert_eq!(completed(&out), json!([6, 10]));
    assert_eq!(f.total(), 10);

    let outcome = run(f.runtime.rollback_execution(&id)).unwrap();
    assert_eq!(outcome.reverted, 4);
    assert!(outcome.failed.is_empty());
    assert_eq!(
        outcome.skipped,
        [RollbackSkip {
            seq: 1,
            connector: "counter".into(),
            method: "get".into()
        }]
    );
    assert_eq!(*f.counter.reverted.borrow(), [4, 3, 2, 0]);
    assert_eq!(f.total(), 0);

    let state = f.state(&id);
    assert_eq!(state.status, ExecutionStatus::RolledBack);
    assert_eq!(
        states(&state.calls),
        [
            (0, Reverted),
            (1, Applied),
            (2, Reverted),
            (3, Reverted),
            (4, Reverted)
        ]
    );
    assert!(
        state
            .report
            .unwrap()
            .ends_with("Rolled back: 4 call(s) reverted, 1 left as they were (no undo).\n"),
        "report"
    );

    // A second rollback has nothing left to revert.
    let again = run(f.runtime.rollback_execution(&id)).unwrap();
    assert_eq!(again.reverted, 0);
    assert_eq!(*f.counter.reverted.borrow(), [4, 3, 2, 0]);
    assert_eq!(f.total(), 0);
}

#[test]
fn rollback_of_a_created_note_deletes_it() {
    let f = fixture();
    let out = f.execute("return (await notes.createNote({text: 'gone soon'})).id");
    let id = out.execution_id().to_string();
    assert_eq!(completed(&f.approve(&id)), json!(1));
    assert_eq!(f.store.list_notes().unwrap().len(), 1);
    let outcome = run(f.runtime.rollback_execution(&id)).unwrap();
    assert_eq!(
        (
            outcome.reverted,
            outcome.failed.len(),
            outcome.skipped.len()
        ),
        (1, 0, 0)
    );
    assert!(f.store.list_notes().unwrap().is_empty());
}

#[test]
fn rollback_after_reject_and_after_error_reverts_applied_calls() {
    let f = fixture();
    let rejected = f.execute("await counter.bump({by: 2}); await counter.guardedBump({by: 5})");
    assert!(f.reject(rejected.execution_id(), 1));
    let failed = f.execute("await counter.bump({by: 3}); await counter.fail({})");
    assert_eq!(error_code(&failed), "SCRIPT_ERROR");
    assert_eq!(f.total(), 5);

    for id in [rejected.execution_id(), failed.execution_id()] {
        let outcome = run(f.runtime.rollback_execution(id)).unwrap();
        assert_eq!((outcome.reverted, outcome.failed.len()), (1, 0), "{id}");
        assert_eq!(f.state(id).status, ExecutionStatus::RolledBack);
    }
    assert_eq!(f.total(), 0);
}

#[test]
fn rollback_of_a_paused_run_is_invalid() {
    let f = fixture();
    let out = f.execute("await counter.bump({by: 1}); await counter.guardedBump({by: 1})");
    let id = out.execution_id().to_string();
    let error = run(f.runtime.rollback_execution(&id)).unwrap_err();
    assert_eq!(error.code(), "INVALID_STATE");
    assert!(error.to_string().contains("paused"), "{error}");
    assert_eq!(f.total(), 1);
    assert!(f.counter.reverted.borrow().is_empty());
    assert_eq!(f.state(&id).status, ExecutionStatus::Paused);
}

// ---- divergence ----

/// Pauses on `guardedBump` after one applied `bump`.
const DIVERGE_SCRIPT: &str =
    "const a = await counter.bump({by: 1}); const b = await counter.guardedBump({by: 2}); return [a, b]";

#[test]
fn replay_of_changed_code_diverges_without_side_effects() {
    // (the code the replay runs instead, a fragment of the message)
    let cases = [
        ("const a = await counter.bump({by: 100}); const b = await counter.guardedBump({by: 2}); return [a, b]", "call #0"),
        ("const a = await counter.get(); const b = await counter.guardedBump({by: 2}); return [a, b]", "call #0"),
        ("const a = await counter.echo({by: 1}); const b = await counter.guardedBump({by: 2}); return [a, b]", "call #0"),
        ("const b = await counter.guardedBump({by: 2}); return b", "call #0"),
        ("return 0", "call #0"),
        ("const a = await counter.bump({by: 1}); const b = await counter.guardedBump({by: 3}); return [a, b]", "call #1"),
        ("const a = await counter.bump({by: 1}); const b = await counter.bump({by: 2}); return [a, b]", "call #1"),
        ("const a = await counter.bump({by: 1}); const b = await notes.createNote({text: 'n'}); return [a, b]", "call #1"),
    ];
    for (code, fragment) in cases {
        let f = fixture();
        let out = f.execute(DIVERGE_SCRIPT);
        let id = out.execution_id().to_string();
        assert_eq!(paused(&out).len(), 1);
        f.tamper(&id, |record| record.state.code = code.to_string());

        let replayed = f.approve(&id);
        let error = error_info(&replayed);
        assert_eq!(error.code, "REPLAY_DIVERGED", "{code}");
        assert!(
            error.message.contains(fragment),
            "{code}: {}",
            error.message
        );
        assert_eq!(f.total(), 1, "{code}");
        assert_eq!(f.effects(), [(format!("{id}:0"), 1)], "{code}");
        assert!(f.store.list_notes().unwrap().is_empty(), "{code}");
        assert_eq!(f.store.journal(&id).unwrap().len(), 1, "{code}");
        assert_eq!(f.state(&id).status, ExecutionStatus::Error, "{code}");
    }
}

#[test]
fn replay_under_another_seed_diverges() {
    let f = fixture();
    let out = f.execute(
        "await counter.echo({r: Math.floor(Math.random() * 1e9)}); await counter.guardedBump({by: 1}); return 1",
    );
    let id = out.execution_id().to_string();
    assert_eq!(paused(&out).len(), 1);
    f.tamper(&id, |record| record.seed ^= 0x5555_5555_5555_5555);
    let error = error_info(&f.approve(&id));
    assert_eq!(error.code, "REPLAY_DIVERGED");
    assert!(error.message.contains("call #0"), "{}", error.message);
    assert_eq!(f.total(), 0);
}

#[test]
fn replay_under_another_fingerprint_is_incompatible_when_upgrades_are_refused() {
    let f = fixture_with(codemode_runtime::RuntimeConfig {
        on_upgrade: codemode_runtime::UpgradePolicy::Refuse,
        ..Default::default()
    });
    let out = f.execute(DIVERGE_SCRIPT);
    let id = out.execution_id().to_string();
    f.tamper(&id, |record| record.fingerprint = "an-older-sandbox".into());
    let error = error_info(&f.approve(&id));
    assert_eq!(error.code, "REPLAY_INCOMPATIBLE");
    assert!(
        error.message.contains("an-older-sandbox"),
        "{}",
        error.message
    );
    assert_eq!(f.total(), 1);
    assert_eq!(f.effects(), [(format!("{id}:0"), 1)]);
    assert_eq!(f.state(&id).status, ExecutionStatus::Error);
}

/// A run that fails on replay still shows (and can roll back) what it applied, and leaves no call
/// `pending` (nothing waits for approval in a finished run).
#[test]
fn a_failed_replay_keeps_the_applied_calls() {
    // (name, how the stored record is changed, the error code)
    type Tamper = fn(&mut codemode_runtime::ExecutionRecord);
    let cases: [(&str, Tamper, &str); 3] = [
        (
            "diverged at #0",
            |r| r.state.code = "await counter.get(); await counter.guardedBump({by: 2})".into(),
            "REPLAY_DIVERGED",
        ),
        (
            "diverged at #1",
            |r| {
                r.state.code =
                    "await counter.bump({by: 1}); await counter.guardedBump({by: 3})".into()
            },
            "REPLAY_DIVERGED",
        ),
        (
            "fingerprint",
            |r| r.fingerprint = "an-older-sandbox".into(),
            "REPLAY_INCOMPATIBLE",
        ),
    ];
    let mut problems = Vec::new();
    for (name, change, code) in cases {
        let refuse = codemode_runtime::RuntimeConfig {
            on_upgrade: codemode_runtime::UpgradePolicy::Refuse,
            ..Default::default()
        };
        let f = fixture_with(refuse);
        let out = f.execute(DIVERGE_SCRIPT);
        let id = out.execution_id().to_string();
        f.tamper(&id, change);
        let replayed = f.approve(&id);
        assert_eq!(error_code(&replayed), code, "{name}");

        let state = f.state(&id);
        if !state.calls.iter().any(|c| c.seq == 0 && c.state == Applied) {
            problems.push(format!(
                "{name}: the applied bump #0 is missing from the calls: {:?}",
                states(&state.calls)
            ));
        }
        if state.calls.iter().any(|c| c.state == Pending) {
            problems.push(format!(
                "{name}: the failed run still has pending calls: {:?}",
                states(&state.calls)
            ));
        }
        if !replayed.report().contains(r#"- #0 counter.bump({"by":1})"#) {
            problems.push(format!(
                "{name}: the report does not list the applied call #0"
            ));
        }
        let outcome = run(f.runtime.rollback_execution(&id)).unwrap();
        if outcome.reverted != 1 || f.total() != 0 {
            problems.push(format!(
                "{name}: rollback reverted {} call(s); counter total is {}",
                outcome.reverted,
                f.total()
            ));
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

// ---- determinism ----

#[test]
fn random_and_time_replay_identically() {
    let f = fixture();
    let out = f.execute(
        "const r = Math.random(); const t = Date.now(); await counter.get(); const t2 = Date.now(); \
         const n = await notes.createNote({text: `${r}|${t}|${t2}`}); \
         return {text: n.text, key: `${r}|${t}|${t2}`, t, t2}",
    );
    let id = out.execution_id().to_string();
    let pending = paused(&out);
    let text = pending[0].args["text"].as_str().unwrap().to_string();
    let created_at = f.state(&id).created_at;
    let delivered_at = f.store.journal(&id).unwrap()[0].at;
    assert!(
        text.ends_with(&format!("|{created_at}|{delivered_at}")),
        "{text}"
    );

    let done = f.approve(&id);
    let result = completed(&done);
    assert_eq!(result["text"], json!(text));
    assert_eq!(result["key"], json!(text));
    assert_eq!(result["t"], json!(created_at));
    assert_eq!(result["t2"], json!(delivered_at));
    assert_eq!(f.store.list_notes().unwrap()[0].text, text);
}

#[test]
fn output_is_not_repeated_by_the_replay() {
    let f = fixture();
    let out = f.execute("text('before'); console.log('b'); await counter.guardedBump({}); text('after'); console.log('a')");
    let id = out.execution_id().to_string();
    assert_eq!(f.record(&id).output.texts, ["before"]);
    completed(&f.approve(&id));
    let record = f.record(&id);
    assert_eq!(record.output.texts, ["before", "after"]);
    assert_eq!(record.output.console, ["b", "a"]);
}

#[test]
fn math_random_differs_between_executions() {
    let f = fixture();
    let first = completed(&f.execute("return [Math.random(), Math.random()]"));
    let second = completed(&f.execute("return [Math.random(), Math.random()]"));
    assert_ne!(first, second);
    for value in first
        .as_array()
        .unwrap()
        .iter()
        .chain(second.as_array().unwrap())
    {
        let x = value.as_f64().unwrap();
        assert!((0.0..1.0).contains(&x), "{x}");
    }
    assert_ne!(first[0], first[1]);
}

#[test]
fn the_clock_is_virtual_and_utc() {
    let f = fixture();
    // (code, expected result)
    let cases: &[(&str, Value)] = &[
        ("new Date().getTimezoneOffset()", json!(0)),
        ("new Date(0).getHours()", json!(0)),
        ("new Date(86400000).toString().includes('GMT')", json!(true)),
        ("Date.now() === Date.now()", json!(true)),
        ("new Date().getTime() === Date.now()", json!(true)),
    ];
    for (code, expected) in cases {
        assert_eq!(&completed(&f.execute(code)), expected, "{code}");
    }
}

#[test]
fn date_now_starts_at_created_at_and_moves_on_delivery() {
    let f = fixture();
    let out =
        f.execute("const a = Date.now(); await counter.get(); const b = Date.now(); return [a, b]");
    let id = out.execution_id().to_string();
    let created_at = f.state(&id).created_at;
    let delivered_at = f.store.journal(&id).unwrap()[0].at;
    assert!(delivered_at > created_at);
    assert_eq!(completed(&out), json!([created_at, delivered_at]));
}

// ---- script failures ----

#[test]
fn a_never_settling_promise_stalls() {
    let f = fixture();
    let out = f.execute("await new Promise(() => {}); return 1");
    assert_eq!(error_code(&out), "STALLED");

    let out = f.execute("await counter.bump({by: 1}); await new Promise(() => {})");
    assert_eq!(error_code(&out), "STALLED");
    assert_eq!(states(&calls(&out)), [(0, Applied)]);
    assert_eq!(f.total(), 1);
}

#[test]
fn a_throwing_script_reports_the_calls_made_before() {
    let f = fixture();
    let out = f.execute(
        "await counter.bump({by: 1});\ntry { await counter.fail({}) } catch (e) {}\n\
         await counter.bump({by: 2});\nthrow new Error('boom')",
    );
    let id = out.execution_id().to_string();
    let error = error_info(&out);
    assert_eq!(
        (error.code.as_str(), error.message.as_str()),
        ("SCRIPT_ERROR", "Error: boom (line 4)")
    );
    let report = out.report();
    assert_eq!(report.lines().next(), Some("Script failed"));
    for line in [
        "Script error: [SCRIPT_ERROR] Error: boom (line 4)",
        "Tool calls made before the failure (they are not undone):",
        r#"- #0 counter.bump({"by":1})"#,
        "- #1 counter.fail({}) (failed)",
        r#"- #2 counter.bump({"by":2})"#,
    ] {
        assert!(
            report.lines().any(|l| l == line),
            "missing {line:?} in\n{report}"
        );
    }
    let state = f.state(&id);
    assert_eq!(state.status, ExecutionStatus::Error);
    assert_eq!(state.error, Some(error));
    assert_eq!(f.total(), 3);
}

#[test]
fn thrown_values_become_script_errors() {
    // (code, error message: an Error thrown by the script names the script's line)
    let cases = [
        ("throw new Error('plain')", "Error: plain (line 1)"),
        ("\n\nthrow new TypeError('t')", "TypeError: t (line 3)"),
        ("throw 'a string'", "Error: uncaught a string"),
        ("throw {a: 1}", r#"Error: uncaught {"a":1}"#),
        (
            "const x = 1;\nawait Promise.reject(new RangeError('r'))",
            "RangeError: r (line 2)",
        ),
        (
            "await counter.fail({})",
            "Error: the tool failed on purpose",
        ),
    ];
    let f = fixture();
    for (code, message) in cases {
        let out = f.execute(code);
        let error = error_info(&out);
        assert_eq!(
            (error.code.as_str(), error.message.as_str()),
            ("SCRIPT_ERROR", message),
            "{code}"
        );
        assert_eq!(out.report().lines().next(), Some("Script failed"), "{code}");
    }
    let report = f.execute("throw new Error('x')").report().to_string();
    assert!(
        report.contains("No tool calls were made before the failure."),
        "{report}"
    );
}

#[test]
fn a_failing_tool_can_be_caught() {
    let f = fixture();
    let out = f.execute("try { await counter.fail({}); return 'no' } catch (e) { return [e instanceof Error, e.message] }");
    assert_eq!(completed(&out), json!([true, "the tool failed on purpose"]));
    let calls = calls(&out);
    assert_eq!(states(&calls), [(0, CallState::Error)]);
    assert_eq!(
        calls[0].error.as_deref(),
        Some("the tool failed on purpose")
    );
    assert_eq!(calls[0].result, None);
}

#[test]
fn bad_calls_reject_inside_the_script() {
    // (the call, a fragment of the rejection's message); each is caught and issues no tool call.
    let cases = [
        (
            "counter.nope({})",
            "counter.nope is not a method; counter has: get, bump, guardedBump, fail, echo",
        ),
        ("counter.bump(5)", "counter.bump takes one argument object"),
        (
            "counter.bump([1])",
            "counter.bump takes one argument object",
        ),
        (
            "counter.bump(null)",
            "counter.bump takes one argument object",
        ),
        (
            "counter.echo({n: 1n})",
            "counter.echo: the argument is not JSON",
        ),
        (
            "(() => { const o = {}; o.o = o; return counter.echo(o) })()",
            "counter.echo: the argument is not JSON",
        ),
    ];
    let f = fixture();
    for (call, fragment) in cases {
        let out = f.execute(&format!(
            "try {{ await {call}; return 'resolved' }} catch (e) {{ return e.message }}"
        ));
        let message = completed(&out);
        assert!(
            message.as_str().unwrap().contains(fragment),
            "{call}: {message}"
        );
        assert!(calls(&out).is_empty(), "{call}");
    }
}

#[test]
fn syntax_errors() {
    let f = fixture();
    for code in [
        "return (",
        "const = 1",
        "}{",
        "function (",
        "let let = 1",
        "await",
    ] {
        let out = f.execute(code);
        assert_eq!(error_code(&out), "SYNTAX_ERROR", "{code}");
        assert_eq!(out.report().lines().next(), Some("Script failed"), "{code}");
    }
}

#[test]
fn an_unknown_global_says_what_the_sandbox_has() {
    let f = fixture();
    let error = error_info(&f.execute("return nosuchThing + 1"));
    assert_eq!(error.code, "SCRIPT_ERROR");
    assert!(
        error
            .message
            .starts_with("ReferenceError: nosuchThing is not defined"),
        "{}",
        error.message
    );
    for global in [
        "notes", "counter", "codemode", "console", "text", "store", "load",
    ] {
        assert!(
            error.message.contains(global),
            "{global}: {}",
            error.message
        );
    }
}

#[test]
fn host_and_nondeterministic_globals_are_absent() {
    // (expression, its typeof)
    let cases = [
        ("fetch", "undefined"),
        // Timers are durable (journaled), so deterministic: see tests/timers.rs.
        ("setTimeout", "function"),
        ("setInterval", "function"),
        ("setImmediate", "undefined"),
        ("WeakRef", "undefined"),
        ("FinalizationRegistry", "undefined"),
        ("SharedArrayBuffer", "undefined"),
        ("Atomics", "undefined"),
        ("WebAssembly", "undefined"),
        ("Temporal", "undefined"),
        ("require", "undefined"),
        ("process", "undefined"),
        ("notes", "object"),
        ("notes.listNotes", "function"),
        ("counter.bump", "function"),
        ("codemode.search", "function"),
        ("codemode.describe", "function"),
        ("codemode.run", "function"),
        ("console.log", "function"),
        ("console.error", "function"),
        ("text", "function"),
    ];
    let f = fixture();
    for (expression, expected) in cases {
        assert_eq!(
            completed(&f.execute(&format!("return typeof {expression}"))),
            json!(expected),
            "{expression}"
        );
    }
}

/// contract.md, "Inside the sandbox": `store(key, value)` and `load(key)` are globals.
#[test]
fn store_and_load_globals() {
    let f = fixture();
    let out = f.execute("store('k', {a: 1}); return [typeof store, typeof load, load('k')]");
    assert_eq!(completed(&out), json!(["function", "function", {"a": 1}]));
}

/// contract.md, "Report": text over `max_output_tokens` (default 10000, 4 characters a token) keeps
/// head and tail with `…N tokens truncated…` between; the full text stays in the execution.
#[test]
fn long_output_is_truncated_in_the_report() {
    // (code, the most characters the report may have)
    let cases = [
        ("text('x'.repeat(100000))", 41_000),
        (
            "// @options: {\"max_output_tokens\": 100}\ntext('x'.repeat(2000))",
            1_000,
        ),
    ];
    let f = fixture();
    let mut problems = Vec::new();
    for (code, limit) in cases {
        let out = f.execute(code);
        completed(&out);
        let report = out.report();
        if !report.contains("tokens truncated") || report.len() > limit {
            problems.push(format!("{code:?}: the report has {} bytes (at most {limit} expected) and {} truncation marker",
                report.len(), if report.contains("tokens truncated") { "a" } else { "no" }));
        }
        let full = f.runtime.execution_output(out.execution_id()).unwrap();
        assert!(
            full.truncated,
            "{code}: executionOutput says the report was truncated"
        );
        assert!(
            full.text.len() > report.len() && full.text.contains(&"x".repeat(2000)),
            "{code}: the full text is kept"
        );
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn calls_not_awaited_still_run_unless_they_need_approval() {
    // As in JavaScript, a call runs whether or not the script awaits it; one that needs approval
    // cannot pause a script that already returned, so it is cancelled.
    let f = fixture();
    let out = f.execute("counter.bump({by: 1}); counter.guardedBump({by: 2}); return 'early'");
    let id = out.execution_id().to_string();
    assert_eq!(completed(&out), json!("early"));
    assert_eq!(states(&calls(&out)), [(0, Applied), (1, Cancelled)]);
    assert_eq!(states(&f.state(&id).calls), [(0, Applied), (1, Cancelled)]);
    assert_eq!(f.total(), 1);
    assert_eq!(f.store.journal(&id).unwrap().len(), 1);
}

#[test]
fn promise_all_calls_run_concurrently() {
    // Three calls issued together are all under way before the first result is delivered: the
    // connector sees them start before any finishes.
    use std::cell::RefCell;
    use std::rc::Rc;
    struct Gate {
        log: Rc<RefCell<Vec<String>>>,
    }
    #[async_trait::async_trait(?Send)]
    impl codemode_runtime::Connector for Gate {
        fn name(&self) -> &str {
            "slow"
        }
        fn tools(&self) -> Vec<codemode_runtime::ToolSpec> {
            vec![codemode_runtime::ToolSpec::new(
                "wait",
                "Waits a turn.",
                json!({"type": "object"}),
            )]
        }
        async fn execute(
            &self,
            args: serde_json::Value,
            ctx: &codemode_runtime::CallContext,
        ) -> Result<serde_json::Value, codemode_runtime::ToolError> {
            self.log.borrow_mut().push(format!("start {}", ctx.seq));
            YieldOnce(false).await;
            self.log.borrow_mut().push(format!("end {}", ctx.seq));
            Ok(args)
        }
    }
    struct YieldOnce(bool);
    impl std::future::Future for YieldOnce {
        type Output = ();
        fn poll(
            mut self: std::pin::Pin<&mut Self>,
            cx: &mut std::task::Context<'_>,
        ) -> std::task::Poll<()> {
            if self.0 {
                return std::task::Poll::Ready(());
            }
            self.0 = true;
            cx.waker().wake_by_ref();
            std::task::Poll::Pending
        }
    }
    let log = Rc::new(RefCell::new(Vec::new()));
    let store = Rc::new(codemode_runtime::MemoryStore::new());
    let clock: Rc<dyn Fn() -> i64> = Rc::new(|| 1_700_000_000_000);
    let runtime =
        codemode_runtime::Runtime::new(store, vec![Box::new(Gate { log: log.clone() })], clock)
            .unwrap();
    let out = run(runtime.execute("return await Promise.all([1, 2, 3].map(n => slow.wait({n})))"))
        .unwrap();
    assert_eq!(completed(&out), json!([{"n": 1}, {"n": 2}, {"n": 3}]));
    let log = log.borrow();
    assert_eq!(&log[..3], ["start 0", "start 1", "start 2"], "{log:?}");
}

// ---- limits ----

fn small_loops() -> RuntimeConfig {
    RuntimeConfig {
        sandbox: SandboxLimits {
            loop_iterations: 100_000,
            ..SandboxLimits::default()
        },
        ..RuntimeConfig::default()
    }
}

/// (Runaway recursion is V8's catchable `RangeError` instead: `tests/limits.rs`.)
#[test]
fn engine_limits_end_the_run() {
    let f = fixture_with(small_loops());
    for code in [
        "while (true) {}",
        "for (;;) {}",
        "let i = 0; do { i++ } while (true)",
        "try { while (true) {} } catch (e) { return 'caught' }",
    ] {
        let out = f.execute(code);
        assert_eq!(error_code(&out), "LIMIT_EXCEEDED", "{code}");
    }
}

/// The limits hold after the script's first `await` too: the run ends there and nothing after the
/// limit executes.
#[test]
fn engine_limits_end_the_run_after_an_await() {
    // (code, counter total afterwards: what ran before the limit)
    let cases = [
        ("await counter.bump({by: 1}); while (true) {}", 1),
        (
            "await Promise.all([(async () => { await counter.get(); while (true) {} })(), \
             (async () => { await counter.get(); await counter.get(); return await counter.bump({by: 1}) })()])",
            0,
        ),
    ];
    let mut problems = Vec::new();
    for (code, total) in cases {
        let f = fixture_with(small_loops());
        let out = f.execute(code);
        let got = match &out {
            codemode_runtime::model::ExecuteOutput::Error { error, .. } => error.code.clone(),
            other => format!("{other:?}"),
        };
        if got != "LIMIT_EXCEEDED" || f.total() != total {
            problems.push(format!(
                "{code}\n  got {got}, counter total {} (expected LIMIT_EXCEEDED, {total})",
                f.total()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn loops_under_the_limit_complete() {
    let f = fixture_with(small_loops());
    let out = f.execute("let i = 0; while (i < 50000) i++; let s = 0; for (let j = 0; j < 50000; j++) s += j; return [i, s]");
    assert_eq!(completed(&out), json!([50000, 1_249_975_000_i64]));
}

// ---- request errors ----

#[test]
fn execute_rejects_empty_and_oversized_code() {
    let f = fixture();
    for code in ["", "   ", "\n\t\n"] {
        let error = run(f.runtime.execute(code)).unwrap_err();
        assert_eq!(error.code(), "BAD_REQUEST", "{code:?}");
    }
    let limit = f.runtime.config().max_code_bytes;
    assert_eq!(limit, 64 * 1024);
    let at_limit = format!("return 1;{}", " ".repeat(limit - 9));
    assert_eq!(at_limit.len(), limit);
    assert_eq!(completed(&f.execute(&at_limit)), json!(1));

    let over = format!("{at_limit} ");
    let error = run(f.runtime.execute(&over)).unwrap_err();
    assert_eq!(
        error,
        Error::CodeTooLarge {
            size: limit + 1,
            limit
        }
    );
    assert_eq!(error.code(), "CODE_TOO_LARGE");
    assert!(
        error.to_string().contains("65537") && error.to_string().contains("65536"),
        "{error}"
    );
    assert_eq!(
        f.runtime.execution_history(None).unwrap().len(),
        1,
        "rejected requests store nothing"
    );
}

#[test]
fn unknown_execution_ids_are_not_found() {
    let f = fixture();
    let id = "no-such-execution";
    let codes = [
        ("execution", err_code(f.runtime.execution(id))),
        (
            "approveExecution",
            err_code(run(f.runtime.approve_execution(id))),
        ),
        (
            "rejectExecution",
            err_code(f.runtime.reject_execution(id, 0)),
        ),
        (
            "rollbackExecution",
            err_code(run(f.runtime.rollback_execution(id))),
        ),
        (
            "pendingApprovals",
            err_code(f.runtime.pending_approvals(Some(id))),
        ),
        (
            "saveSnippet",
            err_code(f.runtime.save_snippet("name", "", id)),
        ),
    ];
    for (method, code) in codes {
        assert_eq!(code, "NOT_FOUND", "{method}");
    }
}

// ---- passes that end while calls are under way (review findings) ----

#[test]
fn a_run_that_fails_with_calls_under_way_journals_them() {
    // The bump starts alongside the read; the script then loops until its budget runs out. The
    // bump's effect happened, so it must be journaled and shown as applied (and can be rolled back).
    let mut config = RuntimeConfig::default();
    config.sandbox.instruction_budget = 2_000_000;
    let f = fixture_with(config);
    let out = f.execute(
        "const a = counter.get({}); const b = counter.bump({by: 5}); await a; for (;;) {}",
    );
    assert_eq!(error_code(&out), "BUDGET_EXCEEDED");
    let id = out.execution_id().to_string();
    assert_eq!(states(&f.state(&id).calls), [(0, Applied), (1, Applied)]);
    assert_eq!(f.store.journal(&id).unwrap().len(), 2);
    assert_eq!(f.total(), 5);
    let rolled = run(f.runtime.rollback_execution(&id)).unwrap();
    assert_eq!(rolled.reverted, 1);
    assert_eq!(f.total(), 0);
}

#[test]
fn step_values_obey_the_result_and_journal_limits() {
    let f = fixture();
    let out = f.execute("try { await codemode.step('big', () => 'x'.repeat(2e6)); return 'kept' } catch (e) { return e.message }");
    let message = completed(&out);
    assert!(
        message
            .as_str()
            .is_some_and(|m| m.starts_with("codemode.step: the value is")),
        "{message}"
    );
    let journal = f.store.journal(out.execution_id()).unwrap();
    assert!(
        journal
            .iter()
            .all(|e| serde_json::to_string(e).unwrap().len() < 10_000),
        "nothing big was journaled"
    );
}

#[test]
fn a_limit_hit_while_a_result_is_delivered_ends_the_run() {
    // Resolving a call's promise reads `then` on the result: a getter the script defined runs
    // inside the delivery. An engine limit hit there used to be dropped (the promise stayed
    // pending); it now ends the run like the same limit anywhere else. (The regex step limit:
    // runaway recursion is V8's catchable RangeError, which rejects the promise, as in V8.)
    let f = fixture();
    let out = f.execute(
        "let hits = 0; Object.defineProperty(Object.prototype, 'then', {get() { if (++hits === 1) { /(a+)+$/.test('a'.repeat(40) + 'b'); } }, configurable: true}); \
         await counter.echo({a: 1}); return 'done'",
    );
    assert_eq!(error_code(&out), "LIMIT_EXCEEDED", "{out:?}");
}
