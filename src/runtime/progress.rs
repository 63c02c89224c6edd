//! Live progress: while a pass runs, every change of a call (a timer's too) and every console
//! line is told to the host's sink (the shipped object sends them to each WebSocket as the
//! contract's `cf_codemode_progress` / `cf_codemode_output` frames) and to whoever watches that
//! execution (an MCP `tools/call` with a progress token). Replayed calls are not told again.
//! Every change a method or the wake-up stored is told too (`cf_codemode_changed`), whichever
//! transport asked for it.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use serde::Serialize;

use super::Runtime;
use crate::journal::JournalEntry;
use crate::method::Method;
use crate::model::ExecutionStatus;
use crate::run::lifecycle::Who;
use crate::run::{CallBook, PassEnd};
use crate::sandbox::Sandbox;

/// Where a call is, as progress frames say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ProgressState {
    /// It started running (a timer: it was set).
    Started,
    /// It finished with a result (a timer: it fired).
    Applied,
    /// It finished with an error.
    Error,
    /// It waits for approval.
    Pending,
    /// It was abandoned or will never run.
    Cancelled,
}

/// A frame pushed to every WebSocket of the conversation (docs/contract.md, "Agents WebSocket
/// RPC"): a call's change, a console line, or a stored change.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(tag = "type")]
pub enum Progress {
    #[serde(rename = "cf_codemode_progress", rename_all = "camelCase")]
    Call {
        execution_id: String,
        seq: u32,
        connector: String,
        method: String,
        state: ProgressState,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(optional, type = "number"))]
        duration_ms: Option<i64>,
    },
    #[serde(rename = "cf_codemode_output", rename_all = "camelCase")]
    Output { execution_id: String, line: String },
    /// A change stored by `method` (a [`Method`] that changes state, or `"wake"` for the host's
    /// wake-up), told after it is stored: `status` is the execution's status after it.
    #[serde(rename = "cf_codemode_changed", rename_all = "camelCase")]
    Changed {
        #[cfg_attr(feature = "typescript", ts(type = "MethodName | \"wake\""))]
        method: &'static str,
        execution_id: Option<String>,
        status: Option<ExecutionStatus>,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(optional))]
        snippet: Option<String>,
        /// Who decided (approve, reject, cancel), when the decision names someone.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(optional))]
        by: Option<String>,
    },
}

/// What the wake-up's changes are told as (it is no method of the contract).
pub const WAKE: &str = "wake";

impl Progress {
    pub fn execution_id(&self) -> Option<&str> {
        match self {
            Progress::Call { execution_id, .. } | Progress::Output { execution_id, .. } => {
                Some(execution_id)
            }
            Progress::Changed { execution_id, .. } => execution_id.as_deref(),
        }
    }

    /// `method` changed `execution_id`, which is now in `status`.
    pub fn changed(method: Method, execution_id: &str, status: ExecutionStatus) -> Progress {
        Progress::Changed {
            method: method.name(),
            execution_id: Some(execution_id.to_string()),
            status: Some(status),
            snippet: None,
            by: None,
        }
    }

    /// The change was decided by `by`.
    fn decided_by(mut self, who: &Who) -> Progress {
        if let Progress::Changed { by, .. } = &mut self {
            by.clone_from(&who.by);
        }
        self
    }

    /// A call's change counts as finished (MCP progress counts these).
    pub fn is_finish(&self) -> bool {
        matches!(
            self,
            Progress::Call {
                state: ProgressState::Applied | ProgressState::Error,
                ..
            }
        )
    }
}

/// Receives progress events.
pub type ProgressSink = Rc<dyn Fn(&Progress)>;

/// Console lines told per run; past it one marker line says the rest is in the execution.
pub const MAX_PROGRESS_LINES: usize = 200;

/// What a pass has told its watchers so far.
pub(super) struct Told<'a> {
    pub(super) id: &'a str,
    /// `seq`s of earlier passes' entries: their calls were told then.
    recorded: std::collections::BTreeSet<u32>,
    /// Past what earlier passes did: the journal was empty, or this pass journaled an outcome.
    /// (Until then the script only repeats what it did and printed before.)
    pub(super) live: bool,
    /// Console lines told (or replayed) in this pass.
    lines: usize,
}

impl<'a> Told<'a> {
    pub(super) fn new(id: &'a str, journal: &[JournalEntry]) -> Self {
        Self {
            id,
            recorded: journal.iter().map(|e| e.seq).collect(),
            live: journal.is_empty(),
            lines: 0,
        }
    }
}

impl Runtime {
    /// Tells the host's sink that `method` changed `execution_id`, now in `status`.
    pub(super) fn announce(&self, method: Method, execution_id: &str, status: ExecutionStatus) {
        if self.is_watched() {
            self.emit(&Progress::changed(method, execution_id, status));
        }
    }

    /// [`Runtime::announce`] of a decision, naming who made it.
    pub(super) fn announce_decision(
        &self,
        method: Method,
        execution_id: &str,
        status: ExecutionStatus,
        who: &Who,
    ) {
        if self.is_watched() {
            self.emit(&Progress::changed(method, execution_id, status).decided_by(who));
        }
    }

    /// Tells the host's sink that `method` changed the snippet `name` (saved from
    /// `execution_id`, or deleted).
    pub(super) fn announce_snippet(&self, method: Method, name: &str, execution_id: Option<&str>) {
        if self.is_watched() {
            self.emit(&Progress::Changed {
                method: method.name(),
                execution_id: execution_id.map(str::to_string),
                status: execution_id.map(|_| ExecutionStatus::Completed),
                snippet: Some(name.to_string()),
                by: None,
            });
        }
    }

    /// Tells the host's sink that `method` deleted `execution_id` (its status is then absent).
    pub(super) fn announce_deleted(&self, method: Method, execution_id: &str) {
        if self.is_watched() {
            self.emit(&Progress::Changed {
                method: method.name(),
                execution_id: Some(execution_id.to_string()),
                status: None,
                snippet: None,
                by: None,
            });
        }
    }

    /// Tells the host's sink that the wake-up changed `execution_id`, now in `status`.
    pub(super) fn announce_wake(&self, execution_id: &str, status: ExecutionStatus) {
        if self.is_watched() {
            self.emit(&Progress::Changed {
                method: WAKE,
                execution_id: Some(execution_id.to_string()),
                status: Some(status),
                snippet: None,
                by: None,
            });
        }
    }

    /// Someone listens: the host's sink or a watcher (else events are not even built).
    fn is_watched(&self) -> bool {
        self.progress.is_some() || !self.watchers.borrow().sinks.is_empty()
    }

    pub(super) fn tell(
        &self,
        told: &Told<'_>,
        seq: u32,
        connector: &str,
        method: &str,
        state: ProgressState,
        duration_ms: Option<i64>,
    ) {
        if !self.is_watched() {
            return;
        }
        self.emit(&Progress::Call {
            execution_id: told.id.to_string(),
            seq,
            connector: connector.to_string(),
            method: method.to_string(),
            state,
            duration_ms,
        });
    }

    /// Timers set now that earlier passes did not see fire (tool calls are told when they
    /// start).
    pub(super) fn tell_timers_set(&self, told: &Told<'_>, timers: &[(u32, String)]) {
        for (seq, method) in timers
            .iter()
            .filter(|(seq, _)| !told.recorded.contains(seq))
        {
            self.tell(
                told,
                *seq,
                crate::sandbox::TIMER_CONNECTOR,
                method,
                ProgressState::Started,
                None,
            );
        }
    }

    /// Console lines printed past the replayed part, up to [`MAX_PROGRESS_LINES`] a pass.
    pub(super) fn tell_console(&self, told: &mut Told<'_>, vm: &Sandbox) {
        let printed = vm.console_len();
        if !told.live || printed <= told.lines || !self.is_watched() {
            told.lines = told.lines.max(printed);
            return;
        }
        for (index, line) in vm.console_since(told.lines).into_iter().enumerate() {
            let number = told.lines + index;
            if number > MAX_PROGRESS_LINES {
                break;
            }
            let line = if number == MAX_PROGRESS_LINES {
                format!(
                    "[more than {MAX_PROGRESS_LINES} lines: the rest is in the execution's output]"
                )
            } else {
                line
            };
            self.emit(&Progress::Output {
                execution_id: told.id.to_string(),
                line,
            });
        }
        told.lines = printed;
    }

    /// Calls left waiting for approval, or abandoned by a cancel.
    pub(super) fn tell_end(&self, told: &Told<'_>, end: &PassEnd, calls: &CallBook) {
        let (seqs, state): (Vec<u32>, ProgressState) = match end {
            PassEnd::Paused(pending) => (
                pending.iter().map(|p| p.seq).collect(),
                ProgressState::Pending,
            ),
            PassEnd::Cancelled { aborted } => (aborted.clone(), ProgressState::Cancelled),
            _ => return,
        };
        for call in calls.as_slice().iter().filter(|c| seqs.contains(&c.seq)) {
            self.tell(told, call.seq, &call.connector, &call.method, state, None);
        }
    }
}

/// The watchers of executions being driven: a sink, and the tag (an MCP request id) each is
/// known by.
#[derive(Default)]
pub(super) struct Watchers {
    pub(super) sinks: BTreeMap<String, ProgressSink>,
    /// Tag → execution id.
    pub(super) tags: BTreeMap<String, String>,
}

/// Registers a watcher and a tag of one execution until dropped.
pub(super) struct WatchGuard {
    id: String,
    tag: Option<String>,
    watchers: Rc<RefCell<Watchers>>,
}

impl WatchGuard {
    pub(super) fn new(
        runtime: &super::Runtime,
        id: &str,
        sink: Option<ProgressSink>,
        tag: Option<String>,
    ) -> Self {
        let mut watchers = runtime.watchers.borrow_mut();
        if let Some(sink) = sink {
            watchers.sinks.insert(id.to_string(), sink);
        }
        if let Some(tag) = &tag {
            watchers.tags.insert(tag.clone(), id.to_string());
        }
        Self {
            id: id.to_string(),
            tag,
            watchers: runtime.watchers.clone(),
        }
    }
}

impl Drop for WatchGuard {
    fn drop(&mut self) {
        let mut watchers = self.watchers.borrow_mut();
        watchers.sinks.remove(&self.id);
        // Another run may hold the tag now (a client reusing a request id); it stays.
        if let Some(tag) = &self.tag {
            if watchers.tags.get(tag) == Some(&self.id) {
                watchers.tags.remove(tag);
            }
        }
    }
}
