//! An execution's lifecycle: every change of `status` is one of these transitions on the record.
//!
//! ```text
//! create ─► running ──settle──► completed | error
//!              ▲  ├───settle──► paused ──reject/expire──► rejected
//!              │  └───settle──► waiting
//!              └────approve / wake (when due)──┘
//! running | paused | waiting ──cancel──► cancelled
//! completed | error | rejected ──roll back──► rolled_back
//! ```
//!
//! A pass may be cut short (a crash, an eviction) and leave the run `running`; the next pass
//! begins again from the journal, and [`ExecutionRecord::attempts`] counts how often that happened.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::error::{Error, Result, RunCode};
use crate::journal::{Decision, DecisionKind};
use crate::model::{
    CallRecord, CallState, ErrorInfo, ExecuteOutput, ExecutionState, ExecutionStatus, PendingAction,
};
use crate::options;
use crate::report::{self, Ending, Rendered, ReportInput};
use crate::run::pass::PassEnd;
use crate::script::{Output, Settled};
use crate::store::ExecutionRecord;

/// Who decided and why, as a request gives them. Both are optional, stored as given (within
/// [`Who::MAX_BY`] and [`Who::MAX_REASON`] characters) and shown in the report.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Who {
    pub by: Option<String>,
    pub reason: Option<String>,
}

impl Who {
    pub const MAX_BY: usize = 200;
    pub const MAX_REASON: usize = 2000;

    /// `BAD_REQUEST` when a string is too long.
    pub fn check(&self) -> Result<()> {
        for (name, value, max) in [
            ("by", &self.by, Self::MAX_BY),
            ("reason", &self.reason, Self::MAX_REASON),
        ] {
            let length = value.as_deref().map_or(0, |v| v.chars().count());
            if length > max {
                return Err(Error::BadRequest(format!(
                    "`{name}` is {length} characters; the limit is {max}"
                )));
            }
        }
        Ok(())
    }
}

/// What a settled pass leaves besides its end.
pub struct PassRecord {
    pub calls: Vec<crate::model::CallRecord>,
    pub output: Output,
    /// How long the pass took (ms), for the report.
    pub wall_ms: i64,
    pub max_output_tokens: usize,
    /// Who cancelled the run, when the pass ended [`PassEnd::Cancelled`].
    pub cancelled_by: Option<Decision>,
    /// The most heap the pass's sandbox held, in bytes.
    pub peak_heap_bytes: u64,
    /// Largest returned value kept in the stored execution, in bytes of JSON: a bigger one is
    /// stored as a placeholder that says so (the live answer still carries it whole).
    pub max_result_bytes: usize,
    /// A completed run's result as the host reshaped it for the caller.
    pub shaped: Shaped,
}

/// A completed run's result as the host reshaped it for the caller (the package's
/// `transformResult`), or why that failed; `None` when no host reshapes it.
pub type Shaped = Option<std::result::Result<Value, String>>;

/// The stored form of a returned `value` of `size` bytes of JSON, over the `limit` a run keeps.
fn result_placeholder(size: usize, limit: usize) -> Value {
    Value::String(format!(
        "[result omitted from the stored execution: it was {size} bytes of JSON, over the {limit} a run keeps; the execute answer carried it whole (return less, or use text() for long output)]"
    ))
}

/// [`ExecutionRecord::settle`]'s new status on `state`, by how the pass ended: the report
/// rendered, and the answer.
fn settle_ending(
    state: &mut ExecutionState,
    end: PassEnd,
    input: &ReportInput<'_>,
    cancelled_by: Option<Decision>,
    (max_result_bytes, shaped): (usize, Shaped),
    now: i64,
) -> (Rendered, ExecuteOutput) {
    match end {
        PassEnd::Settled(Settled::Returned(value)) => {
            settle_returned(state, value, input, max_result_bytes, shaped)
        }
        PassEnd::Settled(Settled::Threw(error)) | PassEnd::Failed(error) => {
            state.status = ExecutionStatus::Error;
            let rendered = report::render(&Ending::Failed { error: &error }, input);
            state.error = Some(error.clone());
            let output = ExecuteOutput::Error {
                execution_id: input.execution_id.to_string(),
                error,
                calls: input.calls.to_vec(),
                report: rendered.report.clone(),
            };
            (rendered, output)
        }
        PassEnd::Cancelled { aborted } => {
            state.status = ExecutionStatus::Cancelled;
            let decision = cancelled_by
                .unwrap_or_else(|| Decision::new(DecisionKind::Cancelled, None, None, now));
            let rendered = report::render(
                &Ending::Cancelled {
                    decision: &decision,
                    aborted: &aborted,
                },
                input,
            );
            let output = ExecuteOutput::Cancelled {
                execution_id: input.execution_id.to_string(),
                calls: input.calls.to_vec(),
                report: rendered.report.clone(),
            };
            (rendered, output)
        }
        PassEnd::Waiting { wake_at } => {
            state.status = ExecutionStatus::Waiting;
            state.wake_at = Some(wake_at);
            let rendered = report::render(&Ending::Waiting { wake_at, now }, input);
            let output = ExecuteOutput::Waiting {
                execution_id: input.execution_id.to_string(),
                wake_at,
                calls: input.calls.to_vec(),
                report: rendered.report.clone(),
            };
            (rendered, output)
        }
        PassEnd::Paused(pending) => {
            state.status = ExecutionStatus::Paused;
            let rendered = report::render(&Ending::Paused { pending: &pending }, input);
            state.pending = pending.clone();
            let output = ExecuteOutput::Paused {
                execution_id: input.execution_id.to_string(),
                pending,
                calls: input.calls.to_vec(),
                report: rendered.report.clone(),
            };
            (rendered, output)
        }
    }
}

/// [`ExecutionRecord::settle`] of a script that returned `value`: the run is `completed`. A value
/// over `max_result_bytes` is stored as a placeholder (and so is it in the stored report); the
/// answer still carries it whole, with a report that says so. A `shaped` value (the host's
/// `transformResult`) is what the answer and its report carry instead; the record keeps `value`.
fn settle_returned(
    state: &mut ExecutionState,
    value: Option<Value>,
    input: &ReportInput<'_>,
    max_result_bytes: usize,
    shaped: Shaped,
) -> (Rendered, ExecuteOutput) {
    state.status = ExecutionStatus::Completed;
    let size = value.as_ref().map_or(0, crate::run::ledger::json_len);
    let oversized = size > max_result_bytes;
    let stored = if oversized {
        Some(result_placeholder(size, max_result_bytes))
    } else {
        value.clone()
    };
    let rendered = report::render(
        &Ending::Completed {
            result: stored.as_ref(),
        },
        input,
    );
    // The caller reads the value itself (or its reshaped form); only the stored copy (and its
    // report and full output) has the placeholder.
    let (live_value, shaping_failed) = match shaped {
        Some(Ok(shaped)) => (Some(shaped), None),
        Some(Err(why)) => (value.clone(), Some(why)),
        None => (value.clone(), None),
    };
    let reshaped = live_value != value;
    let live_report = if !oversized && !reshaped && shaping_failed.is_none() {
        rendered.report.clone()
    } else {
        let mut live = report::render(
            &Ending::Completed {
                result: live_value.as_ref(),
            },
            input,
        )
        .report;
        if oversized && !reshaped {
            live.push_str(&format!(
                "[The result is {size} bytes of JSON: the stored execution keeps a placeholder instead (a run keeps at most {max_result_bytes}).]\n"
            ));
        }
        if let Some(why) = shaping_failed {
            live.push_str(&format!(
                "[transformResult failed ({why}): this is the result as the script returned it.]\n"
            ));
        }
        live
    };
    state.result = stored;
    let images = Some(input.output.image_outputs()).filter(|i| !i.is_empty());
    state.images = images.clone();
    let output = ExecuteOutput::Completed {
        execution_id: input.execution_id.to_string(),
        result: live_value.unwrap_or(Value::Null),
        calls: input.calls.to_vec(),
        report: live_report,
        images,
    };
    (rendered, output)
}

impl ExecutionRecord {
    /// A new run of `code`, created at `now` by the sandbox `fingerprint`, seeing the `store()`
    /// `values` of that moment.
    pub fn create(
        id: String,
        code: String,
        seed: u64,
        fingerprint: String,
        values: BTreeMap<String, Value>,
        now: i64,
    ) -> Self {
        Self {
            state: ExecutionState {
                id,
                code,
                status: ExecutionStatus::Running,
                calls: Vec::new(),
                result: None,
                error: None,
                report: None,
                created_at: now,
                updated_at: now,
                pending: Vec::new(),
                wake_at: None,
                peak_heap_bytes: None,
                images: None,
            },
            seed,
            fingerprint,
            continued_by: None,
            decisions: BTreeMap::new(),
            output: Output::default(),
            full_output: String::new(),
            output_truncated: false,
            values,
            attempts: 0,
            last_failure: None,
        }
    }

    /// A pass starts: the attempt is counted (a pass that never finishes leaves it counted) and
    /// the run is `running`; a pass by another sandbox than the one that recorded the run is noted
    /// (`continued_by`). The pending actions stay on the record as saved now, so a pass that
    /// is interrupted is resumed against the same approved actions.
    pub fn begin_pass(&mut self, fingerprint: &str) {
        self.attempts = self.attempts.saturating_add(1);
        self.state.status = ExecutionStatus::Running;
        self.state.wake_at = None;
        if self.fingerprint != fingerprint {
            self.continued_by = Some(fingerprint.to_string());
        }
    }

    /// The actions shown as pending before this pass, taken off the record (once it is saved as
    /// begun): an approved one must be issued again exactly as shown.
    pub fn take_shown_pending(&mut self) -> Vec<PendingAction> {
        std::mem::take(&mut self.state.pending)
    }

    /// Passes begun and not finished before this one: at `max_attempts` the run ends `CRASHED`
    /// instead of starting another.
    pub fn interrupted_passes(&self) -> u32 {
        self.attempts.saturating_sub(1)
    }

    /// `approveExecution`: the pending action `seq` (every pending action without one) is approved
    /// and the run is `running` again, to be resumed by replay; it pauses again on any other call
    /// still pending.
    pub fn approve_pending(&mut self, seq: Option<u32>, who: &Who, now: i64) -> Result<()> {
        self.require_paused()?;
        if let Some(seq) = seq {
            self.require_pending(seq)?;
        }
        let approved = Decision::new(
            DecisionKind::Approved,
            who.by.clone(),
            who.reason.clone(),
            now,
        );
        for action in self
            .state
            .pending
            .iter()
            .filter(|p| seq.is_none_or(|seq| p.seq == seq))
        {
            self.decisions.insert(action.seq, approved.clone());
        }
        self.state.status = ExecutionStatus::Running;
        self.state.updated_at = now;
        Ok(())
    }

    /// `rejectExecution` of call `seq`: the run ends `rejected`; other pending calls are
    /// cancelled, calls that ran stay applied. `false` (nothing changes) unless the run is paused
    /// on `seq`.
    pub fn reject(&mut self, seq: u32, who: &Who, now: i64) -> bool {
        if self.state.status != ExecutionStatus::Paused || self.require_pending(seq).is_err() {
            return false;
        }
        let decision = Decision::new(
            DecisionKind::Rejected,
            who.by.clone(),
            who.reason.clone(),
            now,
        );
        let error = ErrorInfo::run(
            RunCode::Rejected,
            format!("call #{seq} was {}", decision.describe()),
        );
        self.end_rejected(&[seq], &decision, error, now);
        self.state.report = Some(self.render_stored(&Ending::Rejected {
            seq,
            decision: &decision,
        }));
        true
    }

    /// A paused run nobody decided within `ttl_ms` of its last change: every pending call is
    /// refused as `expired` and the run ends `rejected` with `EXPIRED`. `false` if it is not due.
    pub fn expire(&mut self, ttl_ms: i64, now: i64) -> bool {
        if self.state.status != ExecutionStatus::Paused
            || now.saturating_sub(self.state.updated_at) < ttl_ms
        {
            return false;
        }
        let seqs: Vec<u32> = self.state.pending.iter().map(|p| p.seq).collect();
        let error = ErrorInfo::run(
            RunCode::Expired,
            format!("no one approved or rejected it within {ttl_ms} ms"),
        );
        let decision = Decision::new(DecisionKind::Expired, None, None, now);
        self.end_rejected(&seqs, &decision, error, now);
        let mut text = self.state.report.take().unwrap_or_default();
        text.push_str(
            "Expired: the pending action was not approved in time; the run ended as rejected.\n",
        );
        self.state.report = Some(text);
        true
    }

    /// `cancelExecution` of a run no pass is driving (paused, or left `running` by an interrupted
    /// pass): it ends `cancelled`, calls awaiting approval are cancelled with `who`'s decision,
    /// calls that ran stay applied. `false` (nothing changes) for a finished run.
    pub fn cancel(&mut self, who: &Who, now: i64) -> bool {
        if self.state.status.is_finished() {
            return false;
        }
        let decision = Decision::new(
            DecisionKind::Cancelled,
            who.by.clone(),
            who.reason.clone(),
            now,
        );
        for action in &self.state.pending {
            self.decisions.insert(action.seq, decision.clone());
        }
        for call in self
            .state
            .calls
            .iter_mut()
            .filter(|c| c.state == CallState::Pending)
        {
            call.state = CallState::Cancelled;
            call.decision = self.decisions.get(&call.seq).cloned();
        }
        let state = &mut self.state;
        state.status = ExecutionStatus::Cancelled;
        state.pending.clear();
        state.wake_at = None;
        state.updated_at = now;
        self.state.report = Some(self.render_stored(&Ending::Cancelled {
            decision: &decision,
            aborted: &[],
        }));
        self.attempts = 0;
        true
    }

    /// A `waiting` run whose timer is due at `now` (one without a time is due).
    pub fn timer_due(&self, now: i64) -> bool {
        self.state.status == ExecutionStatus::Waiting
            && self.state.wake_at.is_none_or(|at| at <= now)
    }

    /// The run's `max_output_tokens` option (its default when the options do not parse).
    pub fn max_output_tokens(&self) -> usize {
        options::parse(&self.state.code)
            .unwrap_or_default()
            .max_output_tokens
    }

    /// The report of `ending` from what the record holds, outside a pass (no wall time).
    fn render_stored(&self, ending: &Ending<'_>) -> String {
        let input = ReportInput {
            execution_id: &self.state.id,
            wall_ms: 0,
            output: &self.output,
            calls: &self.state.calls,
            max_output_tokens: self.max_output_tokens(),
            peak_heap_bytes: self.state.peak_heap_bytes,
        };
        report::render(ending, &input).report
    }

    fn require_pending(&self, seq: u32) -> Result<()> {
        if self.state.pending.iter().any(|p| p.seq == seq) {
            return Ok(());
        }
        Err(Error::NotFound(format!(
            "execution {} has no call #{seq} waiting for approval",
            self.state.id
        )))
    }

    /// Ends a paused run `rejected`: `rejected` calls are refused with `decision`, other pending
    /// ones cancelled.
    fn end_rejected(&mut self, rejected: &[u32], decision: &Decision, error: ErrorInfo, now: i64) {
        for seq in rejected {
            self.decisions.insert(*seq, decision.clone());
        }
        for call in self
            .state
            .calls
            .iter_mut()
            .filter(|c| c.state == CallState::Pending)
        {
            call.state = if rejected.contains(&call.seq) {
                CallState::Rejected
            } else {
                CallState::Cancelled
            };
            call.decision = self.decisions.get(&call.seq).cloned();
        }
        let state = &mut self.state;
        state.status = ExecutionStatus::Rejected;
        state.pending.clear();
        state.error = Some(error);
        state.updated_at = now;
    }

    /// A pass ended: the run is `completed`, `error` or `paused`, with its report, and the
    /// `ExecuteOutput` the caller returns. A completed run's `store()` writes are applied by the
    /// caller, together with saving this record.
    pub fn settle(&mut self, end: PassEnd, pass: PassRecord, now: i64) -> ExecuteOutput {
        let PassRecord {
            mut calls,
            output,
            wall_ms,
            max_output_tokens,
            cancelled_by,
            peak_heap_bytes,
            max_result_bytes,
            shaped,
        } = pass;
        let peak_heap_bytes = self.state.peak_heap_bytes.unwrap_or(0).max(peak_heap_bytes);
        self.state.peak_heap_bytes = Some(peak_heap_bytes);
        self.attach_decisions(&mut calls, &end, cancelled_by.as_ref());
        let id = self.state.id.clone();
        let input = ReportInput {
            execution_id: &id,
            wall_ms,
            output: &output,
            calls: &calls,
            max_output_tokens,
            peak_heap_bytes: Some(peak_heap_bytes),
        };
        let state = &mut self.state;
        let (rendered, result) = settle_ending(
            state,
            end,
            &input,
            cancelled_by,
            (max_result_bytes, shaped),
            now,
        );
        state.report = Some(rendered.report);
        state.calls = calls;
        state.updated_at = now;
        self.full_output = rendered.full_output;
        self.output_truncated = rendered.truncated;
        self.output = output;
        self.attempts = 0;
        self.last_failure = None;
        result
    }

    /// The decisions taken on the pass's `calls`; a cancelled pass's calls that awaited approval
    /// carry the cancellation (`cancelled_by`) as theirs.
    fn attach_decisions(
        &self,
        calls: &mut [CallRecord],
        end: &PassEnd,
        cancelled_by: Option<&Decision>,
    ) {
        for call in calls.iter_mut() {
            call.decision = self.decisions.get(&call.seq).cloned();
        }
        if let (PassEnd::Cancelled { .. }, Some(decision)) = (end, cancelled_by) {
            for call in calls.iter_mut().filter(|c| {
                c.requires_approval && c.decision.is_none() && c.state == CallState::Cancelled
            }) {
                call.decision = Some(decision.clone());
            }
        }
    }

    /// The settled record could not be saved (the storage refused it): the run ends `error` with
    /// `STORAGE_ERROR`, keeping its calls (without their results) and dropping what made it large
    /// (result, output, report details). Returns the `ExecuteOutput` that goes with it.
    pub fn settle_unsaved(&mut self, why: &str, now: i64) -> ExecuteOutput {
        let error = ErrorInfo::run(
            RunCode::StorageError,
            format!("the run finished but its record could not be stored ({why}); its result and output were dropped"),
        );
        for call in &mut self.state.calls {
            call.result = None;
        }
        self.output = Output::default();
        self.full_output.clear();
        self.output_truncated = false;
        let state = &mut self.state;
        state.status = ExecutionStatus::Error;
        state.result = None;
        state.images = None;
        state.pending.clear();
        state.wake_at = None;
        state.error = Some(error.clone());
        state.updated_at = now;
        let report = self.render_stored(&Ending::Failed { error: &error });
        self.state.report = Some(report.clone());
        ExecuteOutput::Error {
            execution_id: self.state.id.clone(),
            error,
            calls: self.state.calls.clone(),
            report,
        }
    }

    /// Rollback: only a finished run can be rolled back.
    pub fn require_finished(&self) -> Result<()> {
        if self.state.status.is_finished() {
            return Ok(());
        }
        Err(Error::InvalidState(format!(
            "execution {} is {}; only a finished run can be rolled back (reject a paused one first)",
            self.state.id, self.state.status
        )))
    }

    /// Rollback: the call at `index` in `calls` was reverted.
    pub fn mark_reverted(&mut self, index: usize, now: i64) {
        if let Some(call) = self.state.calls.get_mut(index) {
            call.state = CallState::Reverted;
            self.state.updated_at = now;
        }
    }

    /// Rollback: every applied call with a `revert` was reverted (`skipped` had none).
    pub fn finish_rollback(&mut self, reverted: u32, skipped: usize, now: i64) {
        self.state.status = ExecutionStatus::RolledBack;
        self.state.updated_at = now;
        let mut text = self.state.report.take().unwrap_or_default();
        text.push_str(&report::rolled_back_line(reverted, skipped));
        self.state.report = Some(text);
    }

    fn require_paused(&self) -> Result<()> {
        if self.state.status == ExecutionStatus::Paused {
            return Ok(());
        }
        Err(Error::NotPaused {
            id: self.state.id.clone(),
            status: self.state.status.to_string(),
        })
    }
}
