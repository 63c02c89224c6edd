//! The script's side of a run, as plain data: the calls it issues (timers among them), how it
//! ends and what it prints. The sandbox produces these; the pure run (`crate::run`) consumes them
//! without knowing the engine.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::model::ErrorInfo;

/// A tool call the script issued.
#[derive(Debug, Clone, PartialEq)]
pub struct CallRequest {
    pub seq: u32,
    pub connector: String,
    pub method: String,
    pub args: Value,
    /// The virtual time when the script issued it (a timer is due `delayMs` after it).
    pub issued_at: i64,
}

/// How the script ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Settled {
    /// It returned; `None` for `undefined`.
    Returned(Option<Value>),
    /// It threw (or the engine stopped it).
    Threw(ErrorInfo),
}

/// What the script printed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Output {
    pub texts: Vec<String>,
    pub console: Vec<String>,
}

/// `connector` of timer calls.
pub const TIMER_CONNECTOR: &str = "codemode";
/// `method` of a timer call, by the kind `host.timer` is given (0: timeout, 1: interval tick).
pub const TIMER_METHODS: [&str; 2] = ["setTimeout", "setInterval"];

/// The delay of a timer call (`codemode.setTimeout`/`setInterval`), `None` for any other call.
pub fn timer_delay(request: &CallRequest) -> Option<i64> {
    if request.connector != TIMER_CONNECTOR || !TIMER_METHODS.contains(&request.method.as_str()) {
        return None;
    }
    Some(
        request
            .args
            .get("delayMs")
            .and_then(serde_json::Value::as_i64)
            .unwrap_or(0),
    )
}
