//! The journal: every tool call's outcome, written before the script sees it. Replay delivers
//! journaled outcomes in their recorded order instead of executing the calls again.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// What a call produced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The tool's result.
    Ok(Value),
    /// The tool's failure message (the script's promise rejects with it).
    Err(String),
}

/// One journaled call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JournalEntry {
    pub seq: u32,
    pub connector: String,
    pub method: String,
    pub args: Value,
    pub outcome: Outcome,
    /// When the call started (ms).
    #[serde(default)]
    pub started: i64,
    /// When the outcome was recorded (ms); the virtual clock moves here on delivery.
    pub at: i64,
    /// Position in delivery order (0, 1, 2, ...). Replay delivers in exactly this order.
    pub delivery: u32,
    /// A tool call's outcome, or a timer firing (stored as `"kind": "timer"`).
    #[serde(default, skip_serializing_if = "EntryKind::is_call")]
    pub kind: EntryKind,
    /// What the call used (a model call's tokens), when its connector said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage: Option<crate::model::Usage>,
}

/// What a journal entry records.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    /// A call's outcome (a tool's, or a `codemode.step` value).
    #[default]
    Call,
    /// A timer fired (`codemode.setTimeout`/`setInterval`): `at` is when it was due, `started`
    /// when it was set.
    Timer,
}

impl EntryKind {
    pub fn is_call(&self) -> bool {
        *self == EntryKind::Call
    }
}

impl JournalEntry {
    /// `true` if `(connector, method, args)` is the call this entry recorded. Arguments compare
    /// as JSON values, so key order does not matter (serde_json's maps keep insertion order with
    /// `preserve_order` but compare as maps).
    pub fn matches(&self, connector: &str, method: &str, args: &Value) -> bool {
        self.connector == connector && self.method == method && &self.args == args
    }
}

/// What became of a call that needed approval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// A human approved it: it runs.
    Approved,
    /// A human rejected it: the run ends `rejected`.
    Rejected,
    /// Nobody decided within `paused_ttl_ms`.
    Expired,
    /// The run was cancelled while it waited.
    Cancelled,
}

impl DecisionKind {
    pub fn as_str(self) -> &'static str {
        match self {
            DecisionKind::Approved => "approved",
            DecisionKind::Rejected => "rejected",
            DecisionKind::Expired => "expired",
            DecisionKind::Cancelled => "cancelled",
        }
    }
}

/// A decision on a call that needed approval: what, who, why and when (contract: `decision`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(from = "DecisionWire")]
pub struct Decision {
    pub kind: DecisionKind,
    /// Who decided, as the request said (or the token's subject).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub by: Option<String>,
    /// Why, as given: the model reads it in the report.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub reason: Option<String>,
    /// When (ms since the epoch); 0 for decisions stored before this was kept.
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(type = "number"))]
    pub at: i64,
}

impl Decision {
    pub fn new(kind: DecisionKind, by: Option<String>, reason: Option<String>, at: i64) -> Self {
        Self {
            kind,
            by,
            reason,
            at,
        }
    }

    pub fn is_approved(&self) -> bool {
        self.kind == DecisionKind::Approved
    }

    /// `by ana: the text must mention the ticket id` (`by a human` when nobody was named).
    pub fn by_why(&self) -> String {
        let by = self.by.as_deref().unwrap_or("a human");
        match &self.reason {
            Some(reason) => format!("by {by}: {reason}"),
            None => format!("by {by}"),
        }
    }

    /// `rejected by ana: the text must mention the ticket id`, for reports.
    pub fn describe(&self) -> String {
        let mut text = self.kind.as_str().to_string();
        if let Some(by) = &self.by {
            text.push_str(" by ");
            text.push_str(by);
        }
        if let Some(reason) = &self.reason {
            text.push_str(": ");
            text.push_str(reason);
        }
        text
    }
}

/// Decisions as stored: the bare kind (`"approved"`, records written before decisions had
/// reasons) or the whole decision.
#[derive(Deserialize)]
#[serde(untagged)]
enum DecisionWire {
    Kind(DecisionKind),
    Full {
        kind: DecisionKind,
        #[serde(default)]
        by: Option<String>,
        #[serde(default)]
        reason: Option<String>,
        #[serde(default)]
        at: i64,
    },
}

impl From<DecisionWire> for Decision {
    fn from(wire: DecisionWire) -> Self {
        match wire {
            DecisionWire::Kind(kind) => Decision::new(kind, None, None, 0),
            DecisionWire::Full {
                kind,
                by,
                reason,
                at,
            } => Decision::new(kind, by, reason, at),
        }
    }
}
