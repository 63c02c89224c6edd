//! What a test reads off an [`ExecuteOutput`] or a request's result, with a panic that shows what
//! came instead.

use codemode_runtime::model::{CallRecord, CallState, ErrorInfo, ExecuteOutput, PendingAction};
use serde_json::Value;

/// The result of a completed run, or a panic showing what happened instead.
pub fn completed(output: &ExecuteOutput) -> Value {
    match output {
        ExecuteOutput::Completed { result, .. } => result.clone(),
        other => panic!("expected completed, got {other:#?}"),
    }
}

pub fn error_code(output: &ExecuteOutput) -> String {
    match output {
        ExecuteOutput::Error { error, .. } => error.code.clone(),
        other => panic!("expected an error, got {other:#?}"),
    }
}

/// The stable code of a request error, or a panic showing the success instead.
pub fn err_code<T: std::fmt::Debug>(result: codemode_runtime::Result<T>) -> &'static str {
    match result {
        Err(error) => error.code(),
        Ok(value) => panic!("expected an error, got Ok({value:#?})"),
    }
}

/// The `{code, message}` of an error output.
pub fn error_info(output: &ExecuteOutput) -> ErrorInfo {
    match output {
        ExecuteOutput::Error { error, .. } => error.clone(),
        other => panic!("expected an error, got {other:#?}"),
    }
}

/// The pending actions of a paused output.
pub fn paused(output: &ExecuteOutput) -> Vec<PendingAction> {
    match output {
        ExecuteOutput::Paused { pending, .. } => pending.clone(),
        other => panic!("expected paused, got {other:#?}"),
    }
}

pub fn calls(output: &ExecuteOutput) -> Vec<CallRecord> {
    output.calls().to_vec()
}

/// `(seq, state)` of each call.
pub fn states(calls: &[CallRecord]) -> Vec<(u32, CallState)> {
    calls.iter().map(|c| (c.seq, c.state)).collect()
}
