//! Regressions found by fuzzing (`fuzz/`, `scripts/fuzz.sh`; issue 4). Each test reproduces one
//! finding as a normal native test: it fails until the runtime is fixed.
//!
//! On the kit's fixture (`tests/common`): the `notes` and `counter` connectors, the clock that ticks
//! 7 ms per reading, the default configuration.

mod common;

use std::rc::Rc;

use codemode_runtime::journal::JournalEntry;
use codemode_runtime::model::ExecuteOutput;
use codemode_runtime::{MemoryStore, Runtime, Store};
use common::{catching, fixture, run, Fixture};
use serde_json::json;

/// Runs `code` until it pauses and returns a fresh store holding only its record, the runtime
/// over that store, the execution id and the journal the run had at the pause. Entries written
/// into the fresh store replace the real journal (the store refuses a second entry for a seq).
fn paused_copy(code: &str) -> (Rc<MemoryStore>, Runtime, String, Vec<JournalEntry>) {
    let f = fixture();
    let output = run(f.runtime.execute(code)).expect("execute");
    assert!(
        matches!(output, ExecuteOutput::Paused { .. }),
        "expected a pause, got {output:#?}"
    );
    let id = output.execution_id().to_string();
    let journal = f.store.journal(&id).expect("journal");
    let record = f.store.load_execution(&id).expect("load").expect("record");
    let Fixture { runtime, store, .. } = Fixture::over(Rc::new(MemoryStore::new()));
    store.save_execution(&record).expect("save");
    (store, runtime, id, journal)
}

/// `Ok(output)` if `approveExecution` returned (any result, any coded error); `Err(panic
/// message)` if it panicked.
fn approve_catching(
    runtime: &Runtime,
    id: &str,
) -> Result<codemode_runtime::Result<ExecuteOutput>, String> {
    catching(|| run(runtime.approve_execution(id)))
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
    assert!(
        outcome.is_ok(),
        "approving a run whose journal has at = i64::MIN panicked: {}",
        outcome.unwrap_err()
    );
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
        usage: None,
        kind: Default::default(),
    };
    store.append_journal(&id, &stray).expect("append");
    let outcome = approve_catching(&runtime, &id);
    assert!(
        outcome.is_ok(),
        "approving a run with a diverging, corrupted journal panicked: {}",
        outcome.unwrap_err()
    );
}

/// Fuzz finding (journal target; also reachable from any script): a returned value nested more
/// than 128 levels deep — the JSON depth limit was 512 then, so the prelude accepted it — ended
/// the run with code `INTERNAL` ("result: recursion limit exceeded"): the host parses
/// the prelude's JSON with serde_json, whose default recursion limit is 128. By the contract
/// `INTERNAL` means a bug; such a value must either complete or be a coded, documented limit.
#[test]
fn a_result_nested_200_levels_deep_is_not_an_internal_error() {
    let f = fixture();
    let code = "let o = []; for (let i = 0; i < 200; i++) o = [o]; return o";
    let output = run(f.runtime.execute(code)).expect("execute");
    if let ExecuteOutput::Error { error, .. } = &output {
        assert_ne!(
            error.code, "INTERNAL",
            "a 200-deep result ended the run with {error:?}"
        );
    }
}

/// Fuzz finding (journal target, edit mode; minimised to the 4-byte input `[0x41, 12, 1, 84]`:
/// "set the paused record's updatedAt to i64::MIN"): `Runtime::wake` panicked with "attempt to
/// subtract with overflow" at `now - record.state.updated_at` while deciding whether a paused run
/// has expired. (Without overflow checks, as in the wasm release build, the difference wraps
/// negative and such a run never expires.)
#[test]
fn wake_does_not_panic_on_a_paused_run_updated_at_i64_min() {
    let Fixture { runtime, store, .. } = fixture();
    let output = run(runtime.execute(TWO_CALLS_THEN_APPROVAL)).expect("execute");
    assert!(
        matches!(output, ExecuteOutput::Paused { .. }),
        "expected a pause, got {output:#?}"
    );
    let mut record = store
        .load_execution(output.execution_id())
        .expect("load")
        .expect("record");
    record.state.updated_at = i64::MIN;
    store.save_execution(&record).expect("save");
    let woke = catching(|| run(runtime.wake()));
    assert!(
        woke.is_ok(),
        "wake() panicked on a paused run whose updatedAt is i64::MIN"
    );
}

/// Found next to the finding above (the same kind of subtraction, confirmed with the crafted
/// journal-target input `[0x41, 11, 0, 4, 19, 0, 3]`: createdAt = i64::MIN, then
/// `// @options: {"timeout_ms": 1}`): `timed_out` panicked with "attempt to subtract with
/// overflow" at `now - deadline` when the stored `createdAt` is far in the past, instead of
/// ending the run with `TIMEOUT`.
#[test]
fn a_timeout_long_past_does_not_panic() {
    let Fixture { runtime, store, .. } = fixture();
    let code = format!("// @options: {{\"timeout_ms\": 60000}}\n{TWO_CALLS_THEN_APPROVAL}");
    let output = run(runtime.execute(&code)).expect("execute");
    assert!(
        matches!(output, ExecuteOutput::Paused { .. }),
        "expected a pause, got {output:#?}"
    );
    let id = output.execution_id().to_string();
    let mut record = store.load_execution(&id).expect("load").expect("record");
    record.state.created_at = i64::MIN;
    store.save_execution(&record).expect("save");
    let outcome = approve_catching(&runtime, &id);
    assert!(
        outcome.is_ok(),
        "approving a run created at i64::MIN with a timeout panicked: {}",
        outcome.unwrap_err()
    );
}

/// Fuzz finding (script target, from the seed `builtins-intl.js`): a weekday beside an hour alone
/// (`{weekday: "long", hour: "numeric"}`) in a 24-hour locale picked an ICU4X 2.3 pattern whose
/// day-period names were never loaded: ICU4X's debug assertions panicked inside the formatter (the
/// fuzz build has them on), its release build wrote U+FFFD for the missing name. The halves are
/// now formatted apart; the text is the weekday and the hour, with no replacement character.
#[test]
fn a_weekday_beside_an_hour_formats_without_missing_names() {
    let f = fixture();
    let code = r#"const d = new Date(1688826201950); const out = [];
        for (const l of ["de-DE", "ja-JP", "en-GB", "fr-FR", "en-US"])
          for (const o of [{weekday: "long", hour: "numeric"}, {weekday: "short", hour: "2-digit"}])
            for (const m of ["toLocaleString", "toLocaleTimeString", "toLocaleDateString"]) out.push(d[m](l, o));
        return out;"#;
    let output = catching(|| run(f.runtime.execute(code)))
        .expect("formatting a weekday and an hour panicked");
    let ExecuteOutput::Completed { result, .. } = output.expect("execute") else {
        panic!("the script did not complete")
    };
    let texts: Vec<&str> = result
        .as_array()
        .expect("an array")
        .iter()
        .filter_map(|v| v.as_str())
        .collect();
    assert_eq!(texts.len(), 30, "{result}");
    for text in &texts {
        assert!(
            !text.contains('\u{fffd}'),
            "a replacement character in {text:?} (all: {texts:?})"
        );
        assert!(
            text.chars().any(|c| c.is_ascii_digit()),
            "no hour in {text:?}"
        );
    }
    assert!(texts.contains(&"Samstag, 14 Uhr"), "{texts:?}");
}
