//! Live progress: while a pass runs, every change of a call (a timer's too) and every console
//! line is told to the host's sink (the shipped object sends them to each WebSocket as the
//! contract's `cf_codemode_progress` / `cf_codemode_output` frames) and to whoever watches that
//! execution (an MCP `tools/call` with a progress token). Replayed calls are not told again.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use serde::Serialize;

use crate::model::CallState;

/// Where a call is, as progress frames say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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

impl ProgressState {
    /// The state of a journaled call.
    pub fn of(state: CallState) -> Self {
        match state {
            CallState::Applied | CallState::Reverted => ProgressState::Applied,
            CallState::Error => ProgressState::Error,
            CallState::Pending => ProgressState::Pending,
            CallState::Cancelled | CallState::Rejected => ProgressState::Cancelled,
        }
    }
}

/// One progress event; serialized, it is the WebSocket frame of the contract.
#[derive(Debug, Clone, PartialEq, Serialize)]
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
        duration_ms: Option<i64>,
    },
    #[serde(rename = "cf_codemode_output", rename_all = "camelCase")]
    Output { execution_id: String, line: String },
}

impl Progress {
    pub fn execution_id(&self) -> &str {
        match self {
            Progress::Call { execution_id, .. } | Progress::Output { execution_id, .. } => execution_id,
        }
    }

    /// A call's change counts as finished (MCP progress counts these).
    pub fn is_finish(&self) -> bool {
        matches!(self, Progress::Call { state: ProgressState::Applied | ProgressState::Error, .. })
    }
}

/// Receives progress events.
pub type ProgressSink = Rc<dyn Fn(&Progress)>;

/// Console lines told per run; past it one marker line says the rest is in the execution.
pub const MAX_PROGRESS_LINES: usize = 200;

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
    pub(super) fn new(runtime: &super::Runtime, id: &str, sink: Option<ProgressSink>, tag: Option<String>) -> Self {
        let mut watchers = runtime.watchers.borrow_mut();
        if let Some(sink) = sink {
            watchers.sinks.insert(id.to_string(), sink);
        }
        if let Some(tag) = &tag {
            watchers.tags.insert(tag.clone(), id.to_string());
        }
        Self { id: id.to_string(), tag, watchers: runtime.watchers.clone() }
    }
}

impl Drop for WatchGuard {
    fn drop(&mut self) {
        let mut watchers = self.watchers.borrow_mut();
        watchers.sinks.remove(&self.id);
        if let Some(tag) = &self.tag {
            watchers.tags.remove(tag);
        }
    }
}
