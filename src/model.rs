//! The JSON shapes of the external contract (`contract.md`, "Shapes"). Field names are fixed:
//! clients depend on them.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A coded error as clients see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ErrorInfo {
    #[cfg_attr(feature = "typescript", ts(type = "ErrorCode"))]
    pub code: String,
    pub message: String,
}

impl ErrorInfo {
    /// A run's outcome error.
    pub fn run(code: crate::error::RunCode, message: impl Into<String>) -> Self {
        Self {
            code: code.as_str().to_string(),
            message: message.into(),
        }
    }

    /// The run code this error carries, if it is one.
    pub fn run_code(&self) -> Option<crate::error::RunCode> {
        crate::error::RunCode::parse(&self.code)
    }
}

/// Where one tool call stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CallState {
    /// Waiting for approval.
    Pending,
    /// Executed successfully; its result is journaled.
    Applied,
    /// Executed and failed; the failure is journaled.
    Error,
    /// Undone by a rollback.
    Reverted,
    /// Issued but never executed: the script ended first, or the run was rejected.
    Cancelled,
    /// Refused by `rejectExecution`.
    Rejected,
}

/// One tool call of an execution, numbered by `seq` in issue order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CallRecord {
    pub seq: u32,
    pub connector: String,
    pub method: String,
    #[cfg_attr(feature = "typescript", ts(type = "unknown"))]
    pub args: Value,
    pub state: CallState,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional, type = "unknown"))]
    pub result: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub error: Option<String>,
    pub requires_approval: bool,
    /// How long the call took, for calls that ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional, type = "number"))]
    pub duration_ms: Option<i64>,
    /// When it started (a timer: when it was set), for calls that ran: with its duration, the
    /// call's span on a timeline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional, type = "number"))]
    pub started_at: Option<i64>,
    /// For a call that needed approval: what was decided, by whom, why and when.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub decision: Option<crate::journal::Decision>,
    /// What a model call used (`models.*`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub usage: Option<Usage>,
}

/// What one model call used, as its provider reported it (counts it did not report are absent).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Usage {
    /// The model id.
    pub model: String,
    /// `"workers-ai"` or `"openai"`.
    pub provider: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional, type = "number"))]
    pub input_tokens: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional, type = "number"))]
    pub output_tokens: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional, type = "number"))]
    pub total_tokens: Option<u64>,
    /// Workers AI's unit of cost, when the binding reports it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub neurons: Option<f64>,
    /// How long the provider took.
    #[cfg_attr(feature = "typescript", ts(type = "number"))]
    pub duration_ms: i64,
}

/// A call waiting for a human decision.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PendingAction {
    pub execution_id: String,
    pub seq: u32,
    pub connector: String,
    pub method: String,
    #[cfg_attr(feature = "typescript", ts(type = "unknown"))]
    pub args: Value,
}

/// The lifecycle of an execution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ExecutionStatus {
    Running,
    Paused,
    Completed,
    Error,
    Rejected,
    RolledBack,
    /// Stopped by `cancelExecution`: calls that finished stay applied, nothing new runs.
    Cancelled,
    /// Suspended until a timer is due (`wakeAt`); the host's wake-up resumes it by replay.
    Waiting,
}

impl ExecutionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ExecutionStatus::Running => "running",
            ExecutionStatus::Paused => "paused",
            ExecutionStatus::Completed => "completed",
            ExecutionStatus::Error => "error",
            ExecutionStatus::Rejected => "rejected",
            ExecutionStatus::RolledBack => "rolled_back",
            ExecutionStatus::Cancelled => "cancelled",
            ExecutionStatus::Waiting => "waiting",
        }
    }

    /// Finished runs are never driven again (only rolled back).
    pub fn is_finished(self) -> bool {
        !matches!(
            self,
            ExecutionStatus::Running | ExecutionStatus::Paused | ExecutionStatus::Waiting
        )
    }
}

impl std::fmt::Display for ExecutionStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The result of `execute` and `approveExecution`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum ExecuteOutput {
    #[serde(rename_all = "camelCase")]
    Completed {
        execution_id: String,
        #[cfg_attr(feature = "typescript", ts(type = "unknown"))]
        result: Value,
        calls: Vec<CallRecord>,
        report: String,
        /// The run's `image()` items, kept apart from the record and served at their `url`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(optional))]
        images: Option<Vec<crate::images::ImageOutput>>,
    },
    #[serde(rename_all = "camelCase")]
    Paused {
        execution_id: String,
        pending: Vec<PendingAction>,
        calls: Vec<CallRecord>,
        report: String,
    },
    #[serde(rename_all = "camelCase")]
    Error {
        execution_id: String,
        error: ErrorInfo,
        calls: Vec<CallRecord>,
        report: String,
    },
    /// The run was cancelled while this request drove it.
    #[serde(rename_all = "camelCase")]
    Cancelled {
        execution_id: String,
        calls: Vec<CallRecord>,
        report: String,
    },
    /// The run waits for a timer due at `wake_at` and resumes by itself then.
    #[serde(rename_all = "camelCase")]
    Waiting {
        execution_id: String,
        #[cfg_attr(feature = "typescript", ts(type = "number"))]
        wake_at: i64,
        calls: Vec<CallRecord>,
        report: String,
    },
}

impl ExecuteOutput {
    pub fn execution_id(&self) -> &str {
        match self {
            ExecuteOutput::Completed { execution_id, .. }
            | ExecuteOutput::Paused { execution_id, .. }
            | ExecuteOutput::Error { execution_id, .. }
            | ExecuteOutput::Cancelled { execution_id, .. }
            | ExecuteOutput::Waiting { execution_id, .. } => execution_id,
        }
    }

    pub fn report(&self) -> &str {
        match self {
            ExecuteOutput::Completed { report, .. }
            | ExecuteOutput::Paused { report, .. }
            | ExecuteOutput::Error { report, .. }
            | ExecuteOutput::Cancelled { report, .. }
            | ExecuteOutput::Waiting { report, .. } => report,
        }
    }

    pub fn calls(&self) -> &[CallRecord] {
        match self {
            ExecuteOutput::Completed { calls, .. }
            | ExecuteOutput::Paused { calls, .. }
            | ExecuteOutput::Error { calls, .. }
            | ExecuteOutput::Cancelled { calls, .. }
            | ExecuteOutput::Waiting { calls, .. } => calls,
        }
    }

    pub fn is_error(&self) -> bool {
        matches!(self, ExecuteOutput::Error { .. })
    }
}

/// An execution as stored and as returned by `execution` / `executionHistory`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ExecutionState {
    pub id: String,
    pub code: String,
    pub status: ExecutionStatus,
    pub calls: Vec<CallRecord>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional, type = "unknown"))]
    pub result: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub error: Option<ErrorInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub report: Option<String>,
    #[cfg_attr(feature = "typescript", ts(type = "number"))]
    pub created_at: i64,
    #[cfg_attr(feature = "typescript", ts(type = "number"))]
    pub updated_at: i64,
    /// Calls waiting for approval (empty unless paused).
    #[serde(default)]
    pub pending: Vec<PendingAction>,
    /// When a `waiting` run resumes (ms since the epoch).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional, type = "number"))]
    pub wake_at: Option<i64>,
    /// The most heap the run's sandbox held in any pass, in bytes beyond what an empty sandbox
    /// holds (the bound is `CODEMODE_MAX_HEAP_MB`); absent for runs recorded before it was
    /// measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional, type = "number"))]
    pub peak_heap_bytes: Option<u64>,
    /// A completed run's `image()` items, as its answer listed them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub images: Option<Vec<crate::images::ImageOutput>>,
}

/// The result of `executionOutput`: a run's whole output, before the report's truncation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ExecutionOutputText {
    pub execution_id: String,
    pub text: String,
    /// Whether the report showed less than this.
    pub truncated: bool,
}

/// One hit of `search`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SearchResult {
    pub path: String,
    pub connector: String,
    pub method: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub description: Option<String>,
    pub requires_approval: bool,
    pub kind: SearchKind,
    pub score: f64,
}

/// What a search hit names: a connector's method or a saved snippet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SearchKind {
    Method,
    Snippet,
}

/// The result of `search`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct SearchResults {
    pub results: Vec<SearchResult>,
    pub total: usize,
    pub truncated: bool,
}

/// A saved, reusable script.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Snippet {
    pub name: String,
    pub description: String,
    pub code: String,
    #[cfg_attr(feature = "typescript", ts(type = "number"))]
    pub saved_at: i64,
    pub connectors: Vec<String>,
}

/// The result of `rollbackExecution`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct RollbackOutcome {
    pub reverted: u32,
    pub failed: Vec<RollbackFailure>,
    /// Applied calls whose method has no `revert` (read-only calls, typically); left as they are.
    pub skipped: Vec<RollbackSkip>,
}

/// An applied call whose `revert` failed (the run keeps its status; the rollback can be tried
/// again).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct RollbackFailure {
    pub seq: u32,
    pub connector: String,
    pub method: String,
    pub error: String,
}

/// An applied call whose method has no `revert`, left as it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct RollbackSkip {
    pub seq: u32,
    pub connector: String,
    pub method: String,
}

/// The result of `describe`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Description {
    pub path: String,
    pub kind: DescribeKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub requires_approval: Option<bool>,
    pub types: String,
}

/// What a described path names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DescribeKind {
    Connector,
    Method,
    Snippet,
}

/// The model-facing tool descriptor (`tool`, `GET /tool`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ToolDescriptor {
    pub name: String,
    pub description: String,
    #[cfg_attr(feature = "typescript", ts(type = "JsonSchema"))]
    pub input_schema: Value,
}
