//! The journal as one pass sees it: where the next delivery goes, how many bytes it holds, and
//! the limits on what may be added (a tool result, a step value, any entry once the run's journal
//! is full).

use serde_json::Value;

use crate::journal::{EntryKind, JournalEntry, Outcome};
use crate::script::{timer_delay, CallRequest};

/// The limits a pass checks as it journals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PassLimits {
    /// Largest tool result or step value, in bytes of JSON; a bigger one is journaled as an error.
    pub max_result_bytes: usize,
    /// Journaled bytes per run; once full, further calls fail without running.
    pub max_journal_bytes: usize,
    /// Calls of one run executing at once; more wait for a free place (in `seq` order).
    pub max_in_flight: usize,
    /// Longest a pass waits for a timer (ms); when the next thing due is further off, the run
    /// suspends as `waiting` and is resumed by replay when it is due.
    pub hold_ms: i64,
}

/// The journal's next delivery position and its size so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ledger {
    next_delivery: u32,
    bytes: usize,
    limits: PassLimits,
}

impl Ledger {
    /// The ledger after `journal` (the entries recorded by earlier passes).
    pub fn after(journal: &[JournalEntry], limits: PassLimits) -> Self {
        let next_delivery = u32::try_from(journal.len()).unwrap_or(u32::MAX);
        Self {
            next_delivery,
            bytes: journal.iter().map(json_len).sum(),
            limits,
        }
    }

    /// No more entries fit.
    pub fn is_full(&self) -> bool {
        self.bytes >= self.limits.max_journal_bytes
    }

    /// The entry recording `request`'s `outcome` at `at`, in the next delivery position, with
    /// what the call used (kept for a result only).
    pub fn record(
        &mut self,
        request: CallRequest,
        outcome: Outcome,
        started: i64,
        at: i64,
        usage: Option<crate::model::Usage>,
    ) -> JournalEntry {
        let kind = if timer_delay(&request).is_some() {
            EntryKind::Timer
        } else {
            EntryKind::Call
        };
        let entry = JournalEntry {
            kind,
            seq: request.seq,
            connector: request.connector,
            method: request.method,
            args: request.args,
            started,
            at,
            delivery: self.next_delivery,
            usage: usage.filter(|_| matches!(outcome, Outcome::Ok(_))),
            outcome,
        };
        self.next_delivery = self.next_delivery.saturating_add(1);
        self.bytes = self.bytes.saturating_add(json_len(&entry));
        entry
    }

    /// The outcome for a call that cannot run because the journal is full.
    pub fn full_outcome(&self, request: &CallRequest) -> Outcome {
        Outcome::Err(format!(
            "{}.{}: this run's journal is full ({} bytes); no more calls can run",
            request.connector, request.method, self.limits.max_journal_bytes
        ))
    }

    /// A tool's outcome as it may be journaled: a result over `max_result_bytes` becomes an error.
    pub fn result_outcome(&self, request: &CallRequest, outcome: Outcome) -> Outcome {
        match &outcome {
            Outcome::Ok(value) => match self.oversized(value) {
                Some(size) => Outcome::Err(format!(
                    "{}.{}: the result is {size} bytes of JSON; the limit is {}",
                    request.connector, request.method, self.limits.max_result_bytes
                )),
                None => outcome,
            },
            Outcome::Err(_) => outcome,
        }
    }

    /// A `codemode.step` value as it may be journaled: step values obey the limits of tool
    /// results, and none is kept once the journal is full.
    pub fn step_outcome(&self, outcome: Outcome) -> Outcome {
        let Outcome::Ok(value) = &outcome else {
            return outcome;
        };
        if self.is_full() {
            return Outcome::Err(format!(
                "codemode.step: this run's journal is full ({} bytes); the value cannot be kept",
                self.limits.max_journal_bytes
            ));
        }
        if let Some(size) = self.oversized(value) {
            return Outcome::Err(format!(
                "codemode.step: the value is {size} bytes of JSON; the limit is {}",
                self.limits.max_result_bytes
            ));
        }
        outcome
    }

    /// The JSON size of a value over `max_result_bytes`.
    fn oversized(&self, value: &Value) -> Option<usize> {
        let size = json_len(value);
        (size > self.limits.max_result_bytes).then_some(size)
    }
}

/// Bytes of `value`'s JSON, counted as it is written rather than built.
pub fn json_len<T: serde::Serialize + ?Sized>(value: &T) -> usize {
    /// A writer that only counts bytes.
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    serde_json::to_writer(&mut count, value).map_or(0, |()| count.0)
}
