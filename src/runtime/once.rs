//! One run whose outcome is all the host wants: the reference's `Executor.execute` (code in,
//! `{result, error, logs}` out, never a rejection). The run is the runtime's own, journal and
//! all; a host that keeps nothing builds the runtime over a [`crate::MemoryStore`] for it.

use serde::Serialize;
use serde_json::Value;

use super::Runtime;
use crate::model::ExecuteOutput;
use crate::run::lifecycle::Who;

/// The reference's `ExecuteResult`: `result` is absent when the script returned `undefined` or
/// failed; `error` is present exactly when it failed; `logs` are its console lines.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct OnceAnswer {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub logs: Vec<String>,
}

/// Why a run that stopped without ending failed, for a host that cannot continue it.
const TIMED_OUT: &str = "Execution timed out";

/// The tag of the run [`Runtime::execute_once`] drives, by which [`Runtime::time_out_once`] ends it.
const ONCE_TAG: &str = "once";

impl Runtime {
    /// Runs `code` to its end: a refusal (too large, connectors unavailable), a run that threw,
    /// one that paused for an approval nobody can give here, or one that waits for a timer
    /// beyond the runtime's hold (`CODEMODE_HOLD_MS`, the executor's timeout) is an `error`, and
    /// so is one ended by [`Runtime::time_out_once`].
    pub async fn execute_once(&self, code: &str) -> OnceAnswer {
        let output = match self.execute_tagged(code, None, Some(ONCE_TAG.into())).await {
            Ok(output) => output,
            Err(refused) => {
                return OnceAnswer {
                    error: Some(refused.to_string()),
                    ..OnceAnswer::default()
                }
            }
        };
        let record = self
            .store
            .load_execution(output.execution_id())
            .ok()
            .flatten();
        let logs = record
            .as_ref()
            .map(|r| r.output.console.clone())
            .unwrap_or_default();
        let failed = |message: String| OnceAnswer {
            result: None,
            error: Some(message),
            logs: logs.clone(),
        };
        match output {
            ExecuteOutput::Completed { result, .. } => {
                // `undefined` is stored as no result; `null` as null.
                let returned = record.as_ref().is_none_or(|r| r.state.result.is_some());
                OnceAnswer {
                    result: returned.then_some(result),
                    error: None,
                    logs,
                }
            }
            ExecuteOutput::Error { error, .. } => failed(error.message),
            ExecuteOutput::Paused { pending, .. } => {
                let calls: Vec<String> = pending
                    .iter()
                    .map(|p| format!("{}.{}", p.connector, p.method))
                    .collect();
                failed(format!(
                    "{} needs approval, which a run without a history cannot wait for",
                    calls.join(", ")
                ))
            }
            // Only the host's timeout cancels a run nobody else can name.
            ExecuteOutput::Waiting { .. } | ExecuteOutput::Cancelled { .. } => {
                failed(TIMED_OUT.to_string())
            }
        }
    }

    /// The executor's timeout: the run [`Runtime::execute_once`] drives stops at its next step,
    /// abandoning the calls under way (a tool that never settles included), and answers
    /// `Execution timed out` with its console lines so far. `false` when no run is under way.
    pub fn time_out_once(&self) -> bool {
        let who = Who {
            by: None,
            reason: Some(TIMED_OUT.into()),
        };
        self.cancel_tagged(ONCE_TAG, &who).unwrap_or(false)
    }
}
