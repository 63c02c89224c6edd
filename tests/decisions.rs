//! Decisions with reasons: approving one pending call by `seq`, who decided and why recorded on
//! each decided call, and the report the model reads naming them.

mod common;

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

const TWO_GUARDED: &str =
    "const [a, b] = await Promise.all([counter.guardedBump({by: 1}), counter.guardedBump({by: 10})]); return [a, b]";

#[test]
fn approving_one_seq_runs_it_and_pauses_again_on_the_other() {
    let f = fixture();
    let out = f.execute(TWO_GUARDED);
    let id = out.execution_id().to_string();
    assert_eq!(
        paused(&out).iter().map(|p| p.seq).collect::<Vec<_>>(),
        [0, 1]
    );

    let out = run(f
        .runtime
        .approve_execution_with(&id, Some(1), &who("ana", "ten is fine")))
    .expect("approve #1");
    assert_eq!(
        paused(&out).iter().map(|p| p.seq).collect::<Vec<_>>(),
        [0],
        "still waiting for #0"
    );
    assert_eq!(f.total(), 10, "only #1 ran");
    let call = calls(&out).into_iter().find(|c| c.seq == 1).expect("#1");
    assert_eq!(call.state, CallState::Applied);
    let decision = call.decision.expect("#1 carries its decision");
    assert_eq!(
        (
            decision.kind,
            decision.by.as_deref(),
            decision.reason.as_deref()
        ),
        (DecisionKind::Approved, Some("ana"), Some("ten is fine"))
    );
    assert!(decision.at > 0);

    let out = run(f
        .runtime
        .approve_execution_with(&id, Some(0), &who("bo", "one too")))
    .expect("approve #0");
    assert_eq!(completed(&out), json!([11, 10]));
    assert_eq!(
        f.effects().iter().map(|(_, n)| *n).collect::<Vec<_>>(),
        [1, 1],
        "each ran once"
    );
    let by: Vec<Option<String>> = calls(&out)
        .iter()
        .map(|c| c.decision.as_ref().and_then(|d| d.by.clone()))
        .collect();
    assert_eq!(by, [Some("bo".to_string()), Some("ana".to_string())]);
}

#[test]
fn a_rejection_with_a_reason_is_named_in_the_report_the_model_reads() {
    let f = fixture();
    let out = f.execute("await counter.bump({by: 1}); return await counter.guardedBump({by: 5})");
    let id = out.execution_id().to_string();
    let reason = "the text must mention the ticket id";
    assert!(f
        .runtime
        .reject_execution_with(&id, 1, &who("ana", reason))
        .expect("reject"));
    let state = f.state(&id);
    assert_eq!(state.status, ExecutionStatus::Rejected);
    let report = state.report.expect("report");
    assert!(
        report.contains(&format!("rejected by ana: {reason}")),
        "{report}"
    );
    assert!(state.error.expect("error").message.contains(reason));
    let decision = state.calls[1].decision.clone().expect("decision");
    assert_eq!(decision.kind, DecisionKind::Rejected);
    assert_eq!(
        state.calls[0].decision, None,
        "a call that needed no approval has no decision"
    );
}

#[test]
fn an_expired_call_says_so() {
    let f = fixture_with(codemode_runtime::RuntimeConfig {
        paused_ttl_ms: 1,
        ..Default::default()
    });
    let out = f.execute("return await counter.guardedBump({by: 5})");
    let id = out.execution_id().to_string();
    run(f.runtime.wake()).expect("wake");
    let state = f.state(&id);
    assert_eq!(
        state.calls[0].decision.as_ref().map(|d| d.kind),
        Some(DecisionKind::Expired)
    );
}

#[test]
fn bad_decisions_are_coded_errors_that_change_nothing() {
    let f = fixture();
    let out = f.execute(TWO_GUARDED);
    let id = out.execution_id().to_string();
    assert_eq!(
        err_code(run(f.runtime.approve_execution_with(
            &id,
            Some(7),
            &Who::default()
        ))),
        "NOT_FOUND"
    );
    let long = Who {
        by: Some("x".repeat(Who::MAX_BY + 1)),
        reason: None,
    };
    assert_eq!(
        err_code(run(f.runtime.approve_execution_with(&id, None, &long))),
        "BAD_REQUEST"
    );
    let long = Who {
        by: None,
        reason: Some("x".repeat(Who::MAX_REASON + 1)),
    };
    assert_eq!(
        err_code(f.runtime.reject_execution_with(&id, 0, &long)),
        "BAD_REQUEST"
    );
    // Over RPC: the options object, checked.
    let args = [json!(id), json!({"seq": 0, "by": "ana", "colour": "red"})];
    assert_eq!(
        err_code(run(rpc::dispatch(&f.runtime, "approveExecution", &args))),
        "BAD_REQUEST"
    );
    let args = [json!(id), json!({"by": 7})];
    assert_eq!(
        err_code(run(rpc::dispatch(&f.runtime, "approveExecution", &args))),
        "BAD_REQUEST"
    );
    assert_eq!(
        f.state(&id).status,
        ExecutionStatus::Paused,
        "nothing changed"
    );
    assert_eq!(f.total(), 0);
    // And a good one over RPC.
    let args = [json!(id), json!({"seq": 0, "by": "ana", "reason": "ok"})];
    let out: ExecuteOutput = serde_json::from_value(
        run(rpc::dispatch(&f.runtime, "approveExecution", &args)).expect("approve"),
    )
    .expect("an ExecuteOutput");
    assert_eq!(paused(&out).iter().map(|p| p.seq).collect::<Vec<_>>(), [1]);
    let args = [json!(id), json!(1), json!({"by": "ana", "reason": "no"})];
    assert_eq!(
        run(rpc::dispatch(&f.runtime, "rejectExecution", &args)).expect("reject"),
        json!(true)
    );
    assert!(f
        .state(&id)
        .report
        .unwrap_or_default()
        .contains("rejected by ana: no"));
}

/// A decision made with a scoped token that names no `by` records the token's subject.
#[test]
fn a_token_subject_is_who_decided_when_the_request_names_no_one() {
    use codemode_runtime::token::{Access, Claims, Grant, Scope};
    let f = fixture();
    let out = f.execute(TWO_GUARDED);
    let id = out.execution_id().to_string();
    let claims = Claims {
        scope: Scope::Approve,
        instance: None,
        expires_at: i64::MAX,
        subject: Some("carol@example.com".into()),
    };
    let access = Access {
        grant: Grant::Scoped(claims),
        key: None,
        now_ms: 0,
    };
    let args = [json!(id), json!({"seq": 0, "reason": "fine"})];
    run(rpc::dispatch_with(
        &f.runtime,
        &access,
        "approveExecution",
        &args,
    ))
    .expect("approve");
    let args = [json!(id), json!(1), json!({"by": "dave", "reason": "no"})];
    run(rpc::dispatch_with(
        &f.runtime,
        &access,
        "rejectExecution",
        &args,
    ))
    .expect("reject");
    let calls = f.state(&id).calls;
    let by: Vec<Option<String>> = calls
        .iter()
        .map(|c| c.decision.as_ref().and_then(|d| d.by.clone()))
        .collect();
    assert_eq!(
        by,
        [
            Some("carol@example.com".to_string()),
            Some("dave".to_string())
        ]
    );
}
