//! Durable timers through the whole runtime (boa, the run loop, the store): near timers are
//! waited for, far ones suspend the run as `waiting` until the wake-up resumes it by replay;
//! timers interleave with calls, replay identically, respect the limits, and are told as
//! progress.

mod common;

use std::cell::RefCell;
use std::rc::Rc;

use codemode_runtime::model::{CallState, ExecuteOutput, ExecutionStatus};
use codemode_runtime::run::lifecycle::Who;
use codemode_runtime::runtime::{Progress, ProgressState};
use codemode_runtime::{RuntimeConfig, Store};
use common::*;
use serde_json::json;

const SLEEP: &str = "const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));\n";

fn waiting_until(output: &ExecuteOutput) -> i64 {
    match output {
        ExecuteOutput::Waiting { wake_at, .. } => *wake_at,
        other => panic!("expected waiting, got {other:#?}"),
    }
}

#[test]
fn a_near_timer_is_waited_for_and_moves_the_virtual_clock_to_its_due_time() {
    let f = fixture();
    let out = f.execute(&format!(
        "{SLEEP}const t0 = Date.now(); await sleep(2000); return Date.now() - t0"
    ));
    assert_eq!(completed(&out), json!(2000));
    let timers = calls(&out);
    assert_eq!(timers.len(), 1);
    assert_eq!(
        (timers[0].connector.as_str(), timers[0].method.as_str()),
        ("codemode", "setTimeout")
    );
    assert_eq!(
        (
            timers[0].state,
            timers[0].duration_ms,
            timers[0].args.clone()
        ),
        (CallState::Applied, Some(2000), json!({"delayMs": 2000}))
    );
}

#[test]
fn timers_and_calls_interleave_as_they_happen_and_replay_the_same() {
    let f = fixture();
    let code = format!(
        "{SLEEP}const log = [];
         setTimeout(() => log.push('timer 100'), 100);
         setTimeout((a, b) => log.push('timer 0 ' + a + b), 0, 'x', 'y');
         log.push('bump ' + await counter.bump({{by: 1}}));
         await sleep(200);
         log.push('guarded ' + await counter.guardedBump({{by: 2}}));
         await sleep(50);
         return log"
    );
    let out = f.execute(&code);
    let id = out.execution_id().to_string();
    assert_eq!(paused(&out).len(), 1, "{out:#?}");
    let out = f.approve(&id);
    assert_eq!(
        completed(&out),
        json!(["timer 0 xy", "bump 1", "timer 100", "guarded 3"])
    );
    assert_eq!(f.total(), 3, "the replay ran nothing twice");
    let journal = f.store.journal(&id).expect("journal");
    let kinds: Vec<&str> = journal.iter().map(|e| e.method.as_str()).collect();
    assert_eq!(
        kinds,
        [
            "setTimeout",
            "bump",
            "setTimeout",
            "setTimeout",
            "guardedBump",
            "setTimeout"
        ]
    );
    let timer = journal
        .iter()
        .find(|e| e.method == "setTimeout")
        .expect("a timer entry");
    assert_eq!(
        serde_json::to_value(timer).expect("json")["kind"],
        json!("timer"),
        "timers have their own entry kind"
    );
    let bump = journal
        .iter()
        .find(|e| e.method == "bump")
        .expect("a bump entry");
    assert!(
        serde_json::to_value(bump)
            .expect("json")
            .get("kind")
            .is_none(),
        "call entries are stored as before"
    );
}

#[test]
fn set_interval_ticks_until_cleared() {
    let f = fixture();
    let out = f.execute(
        "const t0 = Date.now(); let n = 0; const times = [];
         await new Promise((resolve) => {
           const id = setInterval(() => { n++; times.push(Date.now() - t0); if (n === 3) { clearInterval(id); resolve(); } }, 1000);
         });
         return times",
    );
    assert_eq!(completed(&out), json!([1000, 2000, 3000]));
    let ticks: Vec<String> = calls(&out).into_iter().map(|c| c.method).collect();
    assert_eq!(
        ticks,
        ["setInterval", "setInterval", "setInterval"],
        "the cleared tick left the list"
    );
}

#[test]
fn cleared_and_leftover_timers_never_fire() {
    let f = fixture();
    let out = f.execute(
        "const id = setTimeout(() => counter.bump({by: 10}), 10); clearTimeout(id); clearTimeout(12345);
         setTimeout(() => counter.bump({by: 100}), 10);
         return 'done'",
    );
    assert_eq!(completed(&out), json!("done"));
    assert_eq!(f.total(), 0);
    assert!(calls(&out).is_empty(), "{:#?}", calls(&out));
}

#[test]
fn a_long_wait_suspends_the_run_and_the_wake_up_resumes_it_after_a_restart() {
    let f = fixture();
    let out = f.execute(&format!(
        "{SLEEP}const t0 = Date.now(); const before = await counter.bump({{by: 1}}); await sleep(60000);
         const after = await counter.bump({{by: 1}}); return [before, after, Date.now() - t0 >= 60000]"
    ));
    let id = out.execution_id().to_string();
    let wake_at = waiting_until(&out);
    assert!(
        out.report().contains("Script waiting") && out.report().contains("resumes by itself"),
        "{}",
        out.report()
    );
    let state = f.state(&id);
    assert_eq!(
        (state.status, state.wake_at),
        (ExecutionStatus::Waiting, Some(wake_at))
    );
    assert_eq!(
        f.runtime.next_wake_at().expect("next wake"),
        Some(wake_at),
        "the host is asked to wake at the timer"
    );
    // Not due yet: the wake-up leaves it.
    assert!(run(f.runtime.wake()).expect("wake").resumed.is_empty());
    assert_eq!(
        err_code(run(f.runtime.approve_execution(&id))),
        "NOT_PAUSED"
    );
    // Due, on a runtime built anew (a restart): it resumes by replay, the first bump not repeated.
    f.clock.set(wake_at);
    let restarted = f.restarted(Vec::new());
    let report = run(restarted.wake()).expect("wake");
    assert_eq!(report.resumed, std::slice::from_ref(&id));
    let state = f.state(&id);
    assert_eq!(state.status, ExecutionStatus::Completed, "{state:#?}");
    assert_eq!(state.result, Some(json!([1, 2, true])));
    assert_eq!(state.wake_at, None);
    assert_eq!(f.total(), 2);
}

#[test]
fn a_waiting_run_can_be_cancelled_and_is_not_resumed() {
    let f = fixture();
    let out = f.execute(&format!("{SLEEP}await counter.bump({{by: 1}}); await sleep(600000); return await counter.bump({{by: 1}})"));
    let id = out.execution_id().to_string();
    let wake_at = waiting_until(&out);
    let who = Who {
        by: Some("ana".into()),
        reason: Some("no longer needed".into()),
    };
    assert!(f.runtime.cancel_execution(&id, &who).expect("cancel"));
    let state = f.state(&id);
    assert_eq!(state.status, ExecutionStatus::Cancelled);
    assert!(state
        .report
        .unwrap_or_default()
        .contains("cancelled by ana: no longer needed"));
    f.clock.set(wake_at + 1);
    assert!(run(f.runtime.wake()).expect("wake").resumed.is_empty());
    assert_eq!(f.total(), 1);
    assert_eq!(
        run(f.runtime.rollback_execution(&id))
            .expect("rollback")
            .reverted,
        1
    );
}

#[test]
fn timer_limits_end_the_run_with_a_coded_error_even_when_caught() {
    let f = fixture();
    let out = f.execute(
        "try { setTimeout(() => {}, 8 * 24 * 3600 * 1000) } catch (e) {} return 'went on'",
    );
    assert_eq!(error_code(&out), "LIMIT_EXCEEDED");
    assert!(
        error_info(&out).message.contains("7 days"),
        "{:?}",
        error_info(&out)
    );
    let out =
        f.execute("for (let i = 0; i < 1001; i++) setTimeout(() => {}, 10); return 'went on'");
    assert_eq!(error_code(&out), "LIMIT_EXCEEDED");
    assert!(
        error_info(&out).message.contains("1000 timers"),
        "{:?}",
        error_info(&out)
    );
    let out = f.execute("setTimeout('counter.bump({by: 1})', 10)");
    assert_eq!(
        error_code(&out),
        "SCRIPT_ERROR",
        "code strings are not evaluated"
    );
}

#[test]
fn the_timeout_counts_while_waiting_for_a_timer() {
    let f = fixture();
    let out = f.execute(&format!(
        "// @options: {{\"timeout_ms\": 1000}}\n{SLEEP}await sleep(3000); return 'late'"
    ));
    assert_eq!(error_code(&out), "TIMEOUT", "{out:#?}");
    let out = f.execute(&format!(
        "// @options: {{\"timeout_ms\": 1000}}\n{SLEEP}await sleep(600000); return 'late'"
    ));
    assert_eq!(
        error_code(&out),
        "TIMEOUT",
        "a far timer past the deadline does not suspend: {out:#?}"
    );
}

#[test]
fn with_hold_ms_zero_every_wait_suspends() {
    let f = fixture_with(RuntimeConfig {
        hold_ms: 0,
        ..RuntimeConfig::default()
    });
    let out = f.execute(&format!("{SLEEP}await sleep(1000); return 'woke'"));
    let wake_at = waiting_until(&out);
    f.clock.set(wake_at);
    assert_eq!(run(f.runtime.wake()).expect("wake").resumed.len(), 1);
    assert_eq!(f.state(out.execution_id()).result, Some(json!("woke")));
}

#[test]
fn progress_tells_each_call_change_timer_and_console_line_in_order() {
    let f = fixture();
    let events: Rc<RefCell<Vec<Progress>>> = Rc::default();
    let seen = events.clone();
    let runtime = f
        .restarted(Vec::new())
        .with_progress(Rc::new(move |event: &Progress| {
            seen.borrow_mut().push(event.clone())
        }));
    let code = format!(
        "{SLEEP}console.log('start'); await counter.bump({{by: 1}}); await sleep(100);
         console.log('between'); await counter.guardedBump({{by: 1}}); return 'ok'"
    );
    let out = run(runtime.execute(&code)).expect("execute");
    let id = out.execution_id().to_string();
    let line = |e: &Progress| match e {
        Progress::Call {
            seq, method, state, ..
        } => format!(
            "#{seq} {method} {}",
            serde_json::to_value(state).expect("json")
        ),
        Progress::Output { line, .. } => format!("out {line}"),
        Progress::Changed { method, status, .. } => format!("changed {method} {status:?}"),
    };
    let told: Vec<String> = events.borrow().iter().map(line).collect();
    assert_eq!(
        told,
        [
            "out start",
            "#0 bump \"started\"",
            "#0 bump \"applied\"",
            "#1 setTimeout \"started\"",
            "#1 setTimeout \"applied\"",
            "out between",
            "#2 guardedBump \"pending\"",
            "changed execute Some(Paused)",
        ]
    );
    assert!(events
        .borrow()
        .iter()
        .all(|e| e.execution_id() == Some(id.as_str())));
    let frame = serde_json::to_value(&events.borrow()[2]).expect("json");
    assert_eq!(frame["type"], json!("cf_codemode_progress"));
    assert_eq!(frame["executionId"], json!(id));
    assert!(frame["durationMs"].is_number(), "{frame}");
    // The resumed pass tells only what happens now, not the replayed calls or lines.
    events.borrow_mut().clear();
    run(runtime.approve_execution(&id)).expect("approve");
    let told: Vec<String> = events.borrow().iter().map(line).collect();
    assert_eq!(
        told,
        [
            "#2 guardedBump \"started\"",
            "#2 guardedBump \"applied\"",
            "changed approveExecution Some(Completed)"
        ]
    );
    assert!(matches!(
        events.borrow()[1],
        Progress::Call {
            state: ProgressState::Applied,
            ..
        }
    ));
}

#[test]
fn a_watcher_sees_only_its_own_execution() {
    let f = fixture();
    let events: Rc<RefCell<Vec<Progress>>> = Rc::default();
    let seen = events.clone();
    let watcher: codemode_runtime::runtime::ProgressSink =
        Rc::new(move |event: &Progress| seen.borrow_mut().push(event.clone()));
    let watched = run(f
        .runtime
        .execute_watched("await counter.bump({by: 1}); return 1", Some(watcher)))
    .expect("execute");
    f.execute("await counter.bump({by: 1}); return 2");
    // Its call started and applied, then the run's change was stored.
    assert_eq!(events.borrow().len(), 3, "{:#?}", events.borrow());
    assert!(events
        .borrow()
        .iter()
        .all(|e| e.execution_id() == Some(watched.execution_id())));
}

/// The host is asked to wake exactly when a suspended run's timer is due (not only by the
/// 30-second check every pass sets).
#[test]
fn suspending_asks_the_host_to_wake_at_the_timer() {
    let f = fixture();
    let asked: Rc<RefCell<Vec<i64>>> = Rc::default();
    let seen = asked.clone();
    let runtime = f
        .restarted(Vec::new())
        .with_scheduler(Rc::new(move |at| seen.borrow_mut().push(at)));
    let out = run(runtime.execute(&format!("{SLEEP}await sleep(10000); return 'woke'")))
        .expect("execute");
    let wake_at = waiting_until(&out);
    assert_eq!(
        asked.borrow().last(),
        Some(&wake_at),
        "asked: {:?}",
        asked.borrow()
    );
}

/// Console lines are told up to a cap a pass, then one line says where the rest is.
#[test]
fn console_progress_is_capped() {
    let f = fixture();
    let lines: Rc<RefCell<Vec<String>>> = Rc::default();
    let seen = lines.clone();
    let runtime = f
        .restarted(Vec::new())
        .with_progress(Rc::new(move |event: &Progress| {
            if let Progress::Output { line, .. } = event {
                seen.borrow_mut().push(line.clone());
            }
        }));
    let out =
        run(runtime.execute("for (let i = 0; i < 250; i++) console.log('line ' + i); return 1"))
            .expect("execute");
    assert_eq!(completed(&out), json!(1));
    let lines = lines.borrow();
    assert_eq!(
        lines.len(),
        codemode_runtime::runtime::MAX_PROGRESS_LINES + 1
    );
    assert_eq!(lines[0], "line 0");
    assert!(
        lines
            .last()
            .is_some_and(|l| l.contains("the rest is in the execution's output")),
        "{:?}",
        lines.last()
    );
}
