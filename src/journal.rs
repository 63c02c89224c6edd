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
}

impl JournalEntry {
    /// `true` if `(connector, method, args)` is the call this entry recorded. Arguments compare
    /// as JSON values, so key order does not matter (serde_json's maps keep insertion order with
    /// `preserve_order` but compare as maps).
    pub fn matches(&self, connector: &str, method: &str, args: &Value) -> bool {
        self.connector == connector && self.method == method && &self.args == args
    }
}

/// A human's decision on a call that needs approval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    Approved,
    Rejected,
}
