//! A pass's calls as the contract shows them (`CallRecord`), kept in `seq` order.

use crate::journal::{JournalEntry, Outcome};
use crate::model::{CallRecord, CallState};
use crate::script::CallRequest;

/// The calls of one pass: issued ones as `pending`, then each outcome as it is delivered or
/// journaled.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CallBook {
    calls: Vec<CallRecord>,
}

impl CallBook {
    /// A call the script issued, not yet run.
    pub fn issue(&mut self, request: &CallRequest, requires_approval: bool) {
        self.calls.push(CallRecord {
            seq: request.seq,
            connector: request.connector.clone(),
            method: request.method.clone(),
            args: request.args.clone(),
            state: CallState::Pending,
            result: None,
            error: None,
            requires_approval,
            duration_ms: None,
            started_at: None,
            decision: None,
            usage: None,
        });
    }

    /// Records a journaled outcome on its call.
    pub fn record(&mut self, entry: &JournalEntry) {
        // Calls are issued in `seq` order, so a binary search finds them (the linear search is
        // a fallback that never runs while that holds).
        let index = self
            .calls
            .binary_search_by_key(&entry.seq, |c| c.seq)
            .ok()
            .or_else(|| self.calls.iter().position(|c| c.seq == entry.seq));
        if let Some(call) = index.and_then(|i| self.calls.get_mut(i)) {
            apply(call, entry);
        }
    }

    /// Calls abandoned while they ran (the run was cancelled) become `cancelled`, saying that
    /// their effect may have happened.
    pub fn abort(&mut self, seqs: &[u32]) {
        for call in self.calls.iter_mut().filter(|c| seqs.contains(&c.seq)) {
            call.state = CallState::Cancelled;
            call.error = Some("cancelled while it ran: its effect may have happened".into());
        }
    }

    /// A timer that was cleared (or never fired) is no call of the run: it leaves the list.
    pub fn forget(&mut self, seq: u32) {
        self.calls.retain(|c| c.seq != seq);
    }

    /// Calls never run (the script ended first, or the pass did) become `cancelled`.
    pub fn cancel_pending(&mut self) {
        for call in self
            .calls
            .iter_mut()
            .filter(|c| c.state == CallState::Pending)
        {
            call.state = CallState::Cancelled;
        }
    }

    /// A failed pass may stop before it replays every journaled call (a divergence, an
    /// incompatible sandbox): the calls that ran stay on record so the report lists them and a
    /// rollback can undo them; calls still waiting are cancelled.
    pub fn keep_journaled(
        &mut self,
        journal: &[JournalEntry],
        requires_approval: impl Fn(&str, &str) -> bool,
    ) {
        self.cancel_pending();
        for entry in journal {
            if self.calls.iter().any(|c| c.seq == entry.seq) {
                continue;
            }
            let request = CallRequest {
                seq: entry.seq,
                connector: entry.connector.clone(),
                method: entry.method.clone(),
                args: entry.args.clone(),
                issued_at: entry.started,
            };
            self.issue(&request, requires_approval(&entry.connector, &entry.method));
            if let Some(call) = self.calls.last_mut() {
                apply(call, entry);
            }
        }
    }

    pub fn as_slice(&self) -> &[CallRecord] {
        &self.calls
    }

    /// The calls in `seq` order.
    pub fn into_sorted(mut self) -> Vec<CallRecord> {
        self.calls.sort_by_key(|c| c.seq);
        self.calls
    }
}

/// `call` as `entry` records it: applied with its result, or failed with its message.
fn apply(call: &mut CallRecord, entry: &JournalEntry) {
    call.duration_ms = Some(entry.at.saturating_sub(entry.started));
    call.started_at = Some(entry.started);
    call.usage = entry.usage.clone();
    match &entry.outcome {
        Outcome::Ok(value) => {
            call.state = CallState::Applied;
            call.result = Some(value.clone());
        }
        Outcome::Err(message) => {
            call.state = CallState::Error;
            call.error = Some(message.clone());
        }
    }
}
