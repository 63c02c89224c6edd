//! An execution's status transitions (`codemode_runtime::run::lifecycle`), tested on records
//! alone: no VM, no store.

use std::collections::BTreeMap;

use codemode_runtime::journal::DecisionKind;
use codemode_runtime::model::{
    CallRecord, CallState, ErrorInfo, ExecuteOutput, ExecutionStatus, PendingAction,
};
use codemode_runtime::run::lifecycle::{PassRecord, Who};
use codemode_runtime::run::PassEnd;
use codemode_runtime::sandbox::{Output, Settled};
use codemode_runtime::ExecutionRecord;
use serde_json::json;

fn call(seq: u32, state: CallState) -> CallRecord {
    CallRecord {
        seq,
        connector: "t".into(),
        method: "m".into(),
        args: json!({}),
        state,
        result: None,
        error: None,
        requires_approval: state == CallState::Pending,
        duration_ms: None,
        started_at: None,
        decision: None,
        usage: None,
    }
}

fn action(seq: u32) -> PendingAction {
    PendingAction {
        execution_id: "run".into(),
        seq,
        connector: "t".into(),
        method: "m".into(),
        args: json!({}),
    }
}

fn new_run() -> ExecutionRecord {
    ExecutionRecord::create(
        "run".into(),
        "return 1".into(),
        7,
        "fp-1".into(),
        BTreeMap::new(),
        100,
    )
}

/// A run paused on `pending`, with call #0 applied before.
fn paused(pending: &[u32]) -> ExecutionRecord {
    let mut record = new_run();
    record.begin_pass("fp-1");
    let mut calls = vec![call(0, CallState::Applied)];
    calls.extend(pending.iter().map(|seq| call(*seq, CallState::Pending)));
    let pass = PassRecord {
        calls,
        output: Output::default(),
        wall_ms: 1,
        max_output_tokens: 1000,
        cancelled_by: None,
        peak_heap_bytes: 0,
        max_result_bytes: 1024,
        shaped: None,
    };
    record.settle(
        PassEnd::Paused(pending.iter().map(|seq| action(*seq)).collect()),
        pass,
        200,
    );
    record
}

#[test]
fn a_new_run_is_running_and_a_pass_counts_its_attempts() {
    let mut record = new_run();
    assert_eq!(record.state.status, ExecutionStatus::Running);
    assert_eq!(
        (record.state.created_at, record.fingerprint.as_str()),
        (100, "fp-1")
    );
    record.begin_pass("fp-1");
    record.begin_pass("fp-1");
    assert_eq!(record.interrupted_passes(), 1);
    assert_eq!(record.continued_by, None);
    record.begin_pass("fp-2");
    assert_eq!(
        record.continued_by.as_deref(),
        Some("fp-2"),
        "another sandbox continuing the run is noted"
    );
}

#[test]
fn settling_sets_the_status_and_resets_attempts() {
    let cases = [
        (
            PassEnd::Settled(Settled::Returned(Some(json!(1)))),
            ExecutionStatus::Completed,
        ),
        (
            PassEnd::Settled(Settled::Threw(ErrorInfo {
                code: "SCRIPT_ERROR".into(),
                message: "x".into(),
            })),
            ExecutionStatus::Error,
        ),
        (
            PassEnd::Failed(ErrorInfo {
                code: "STALLED".into(),
                message: "x".into(),
            }),
            ExecutionStatus::Error,
        ),
        (PassEnd::Paused(vec![action(1)]), ExecutionStatus::Paused),
    ];
    for (end, status) in cases {
        let mut record = new_run();
        record.begin_pass("fp-1");
        let pass = PassRecord {
            calls: vec![],
            output: Output::default(),
            wall_ms: 1,
            max_output_tokens: 1000,
            cancelled_by: None,
            peak_heap_bytes: 0,
            max_result_bytes: 1024,
            shaped: None,
        };
        let output = record.settle(end, pass, 300);
        assert_eq!(record.state.status, status);
        assert_eq!((record.attempts, record.state.updated_at), (0, 300));
        assert!(record.state.report.is_some());
        assert_eq!(output.is_error(), status == ExecutionStatus::Error);
        assert_eq!(
            matches!(output, ExecuteOutput::Paused { .. }),
            !record.state.pending.is_empty()
        );
    }
}

#[test]
fn approving_marks_every_pending_action_approved() {
    let mut record = paused(&[1, 2]);
    record
        .approve_pending(None, &Who::default(), 400)
        .expect("paused");
    assert_eq!(record.state.status, ExecutionStatus::Running);
    assert_eq!(
        record.decisions.get(&1).map(|d| d.kind),
        Some(DecisionKind::Approved)
    );
    assert_eq!(
        record.decisions.get(&2).map(|d| d.kind),
        Some(DecisionKind::Approved)
    );
    assert_eq!(
        record
            .approve_pending(None, &Who::default(), 401)
            .map_err(|e| e.code()),
        Err("NOT_PAUSED"),
        "only a paused run is approved"
    );
}

#[test]
fn rejecting_one_call_cancels_the_others_and_keeps_applied_ones() {
    let mut record = paused(&[1, 2]);
    assert!(
        !record.reject(9, &Who::default(), 500),
        "a seq that is not pending is not rejected"
    );
    assert_eq!(record.state.status, ExecutionStatus::Paused);
    assert!(record.reject(2, &Who::default(), 500));
    let states: Vec<(u32, CallState)> = record
        .state
        .calls
        .iter()
        .map(|c| (c.seq, c.state))
        .collect();
    assert_eq!(
        states,
        [
            (0, CallState::Applied),
            (1, CallState::Cancelled),
            (2, CallState::Rejected)
        ]
    );
    assert_eq!(record.state.status, ExecutionStatus::Rejected);
    assert_eq!(
        record.state.error.as_ref().map(|e| e.code.as_str()),
        Some("REJECTED")
    );
    assert!(record.state.pending.is_empty());
    assert!(
        !record.reject(1, &Who::default(), 501),
        "a finished run is not rejected again"
    );
}

#[test]
fn expiry_rejects_every_pending_call_once_due() {
    let mut record = paused(&[1, 2]);
    assert!(!record.expire(1000, 200 + 999), "not due yet");
    assert!(record.expire(1000, 200 + 1000));
    let states: Vec<(u32, CallState)> = record
        .state
        .calls
        .iter()
        .map(|c| (c.seq, c.state))
        .collect();
    assert_eq!(
        states,
        [
            (0, CallState::Applied),
            (1, CallState::Rejected),
            (2, CallState::Rejected)
        ]
    );
    assert_eq!(
        record.state.error.as_ref().map(|e| e.code.as_str()),
        Some("EXPIRED")
    );
    assert!(record
        .state
        .report
        .as_deref()
        .unwrap_or_default()
        .contains("Expired"));
    assert_eq!(
        record.decisions.get(&2).map(|d| d.kind),
        Some(DecisionKind::Expired)
    );
}

#[test]
fn only_finished_runs_roll_back() {
    let mut record = paused(&[1]);
    assert_eq!(
        record.require_finished().map_err(|e| e.code()),
        Err("INVALID_STATE")
    );
    assert!(record.reject(1, &Who::default(), 600));
    record
        .require_finished()
        .expect("a rejected run is finished");
    record.mark_reverted(0, 601);
    record.finish_rollback(1, 0, 602);
    assert_eq!(record.state.calls[0].state, CallState::Reverted);
    assert_eq!(
        (record.state.status, record.state.updated_at),
        (ExecutionStatus::RolledBack, 602)
    );
}
