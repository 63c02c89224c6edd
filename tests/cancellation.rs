//! `cancelExecution`: paused and interrupted runs end at once; a pass under way (awaiting a slow
//! call) ends at its next step, abandoning the call; finished runs are not cancelled.

mod common;

use std::rc::Rc;

use codemode_runtime::journal::DecisionKind;
use codemode_runtime::model::{CallState, ExecuteOutput, ExecutionStatus};
use codemode_runtime::rpc;
use codemode_runtime::run::lifecycle::Who;
use common::*;
use serde_json::json;

fn who(by: &str, reason: &str) -> Who {
    Who {
        by: Some(by.into()),
        reason: Some(reason.into()),
    }
}

#[test]
fn a_paused_run_is_cancelled_and_can_be_rolled_back() {
    let f = fixture();
    let out = f.execute("await counter.bump({by: 2}); return await counter.guardedBump({by: 5})");
    let id = out.execution_id().to_string();
    assert!(f
        .runtime
        .cancel_execution(&id, &who("ana", "not today"))
        .expect("cancel"));
    let state = f.state(&id);
    assert_eq!(state.status, ExecutionStatus::Cancelled);
    assert_eq!(
        states(&state.calls),
        [(0, CallState::Applied), (1, CallState::Cancelled)]
    );
    let decision = state.calls[1]
        .decision
        .clone()
        .expect("the pending call carries the cancellation");
    assert_eq!(
        (decision.kind, decision.by.as_deref()),
        (DecisionKind::Cancelled, Some("ana"))
    );
    assert!(state
        .report
        .unwrap_or_default()
        .contains("cancelled by ana: not today"));
    assert!(state.pending.is_empty());
    // Finished now: not cancelled twice, not approved, but rolled back.
    assert!(!f
        .runtime
        .cancel_execution(&id, &Who::default())
        .expect("cancel again"));
    assert_eq!(
        err_code(run(f.runtime.approve_execution(&id))),
        "NOT_PAUSED"
    );
    assert_eq!(
        run(f.runtime.rollback_execution(&id))
            .expect("rollback")
            .reverted,
        1
    );
    assert_eq!(f.total(), 0);
}

#[test]
fn a_finished_run_is_not_cancelled() {
    let f = fixture();
    let out = f.execute("return await counter.bump({by: 1})");
    assert!(!f
        .runtime
        .cancel_execution(out.execution_id(), &Who::default())
        .expect("cancel"));
    assert_eq!(
        f.state(out.execution_id()).status,
        ExecutionStatus::Completed
    );
    assert_eq!(
        err_code(f.runtime.cancel_execution("no-such-run", &Who::default())),
        "NOT_FOUND"
    );
}

#[test]
fn an_interrupted_run_is_cancelled_without_running_again() {
    let f = fixture();
    let out = f.execute("await counter.bump({by: 1}); return await counter.guardedBump({by: 5})");
    let id = out.execution_id().to_string();
    f.tamper(&id, |r| r.state.status = ExecutionStatus::Running);
    assert!(f
        .runtime
        .cancel_execution(&id, &Who::default())
        .expect("cancel"));
    assert_eq!(f.state(&id).status, ExecutionStatus::Cancelled);
    assert!(
        run(f.runtime.wake()).expect("wake").resumed.is_empty(),
        "nothing is left for the alarm"
    );
    assert_eq!(f.total(), 1);
}

/// A pass blocked on a slow call: the cancel answers at once, the pass ends `cancelled`, the
/// finished call stays applied and the abandoned one is listed as cancelled, its effect unknown.
#[test]
fn a_running_pass_ends_at_its_next_step() {
    let f = fixture();
    let gate = Rc::new(Gate::default());
    let runtime = f.restarted(vec![Box::new(GateConnector(gate.clone()))]);
    let code = "await counter.bump({by: 1}); const g = await gate.wait({}); await counter.bump({by: 100}); return g";
    let (out, cancelled) = run(async {
        let cancel = async {
            while gate.waiting() == 0 {
                futures_lite::future::yield_now().await;
            }
            runtime.cancel_execution(&gate.first_execution(), &who("bo", "too slow"))
        };
        futures_lite::future::zip(runtime.execute(code), cancel).await
    });
    assert!(cancelled.expect("cancel"), "a pass under way is cancelled");
    let out = out.expect("execute");
    let ExecuteOutput::Cancelled {
        calls,
        report,
        execution_id,
    } = &out
    else {
        panic!("expected cancelled, got {out:#?}")
    };
    assert_eq!(
        states(calls),
        [(0, CallState::Applied), (1, CallState::Cancelled)]
    );
    assert!(
        calls[1]
            .error
            .as_deref()
            .unwrap_or_default()
            .contains("may have happened"),
        "{:?}",
        calls[1]
    );
    assert!(report.contains("cancelled by bo: too slow"), "{report}");
    assert!(
        report.contains("gate.wait({}) was running when it was cancelled"),
        "{report}"
    );
    assert_eq!(f.total(), 1, "nothing ran after the cancellation");
    let state = runtime.execution(execution_id).expect("stored");
    assert_eq!(state.status, ExecutionStatus::Cancelled);
    assert!(matches!(
        run(runtime.execute("return 1")).expect("execute"),
        ExecuteOutput::Completed { .. }
    ));
}

#[test]
fn over_rpc_with_options() {
    let f = fixture();
    let out = f.execute("return await counter.guardedBump({by: 5})");
    let id = out.execution_id().to_string();
    let bad = [json!(id), json!({"by": "ana", "seq": 0})];
    assert_eq!(
        err_code(run(rpc::dispatch(&f.runtime, "cancelExecution", &bad))),
        "BAD_REQUEST"
    );
    let args = [json!(id), json!({"by": "ana", "reason": "changed my mind"})];
    assert_eq!(
        run(rpc::dispatch(&f.runtime, "cancelExecution", &args)).expect("cancel"),
        json!({"cancelled": true})
    );
    assert_eq!(
        run(rpc::dispatch(&f.runtime, "cancelExecution", &args)).expect("cancel"),
        json!({"cancelled": false})
    );
}
