//! Engine errors and thrown values as coded run errors the model can read.

use boa_engine::{Context, JsError};

use crate::error::RunCode;
use crate::model::ErrorInfo;
use boa_engine::error::{EngineError, RuntimeLimitError};

use super::*;

pub(super) fn internal(message: impl Into<String>) -> ErrorInfo {
    ErrorInfo::run(RunCode::Internal, message)
}

pub(super) fn utf16_len(text: &str) -> usize {
    text.encode_utf16().count()
}

pub(super) fn budget_exceeded() -> ErrorInfo {
    ErrorInfo::run(
        RunCode::BudgetExceeded,
        "the run used up its instruction budget (a loop that never ends, or too much work for one run)",
    )
}

/// `MEMORY_EXCEEDED`, saying how much the run held, its bound, and what to do instead.
fn memory_exceeded(context: &Context) -> ErrorInfo {
    let (bound, own_bound, isolate) = context.get_data::<SharedHost>().map_or((0, 0, 0), |host| {
        let host = host.borrow();
        (
            host.heap.bound,
            host.limits.max_heap_bytes,
            host.limits.isolate_heap_bytes,
        )
    });
    // A bound below the run's own is what the isolate had left when the run started.
    let whose = if bound < own_bound {
        format!(
            "what this isolate had left of its {} for runs when the run started (max_heap_bytes is {})",
            crate::heap::mib(isolate as u64),
            crate::heap::mib(own_bound as u64)
        )
    } else {
        "max_heap_bytes".to_owned()
    };
    let held = boa_engine::heap::held_at_failure();
    ErrorInfo::run(
        RunCode::MemoryExceeded,
        format!(
            "the run needed {} of heap after a full garbage collection; its bound is {} ({whose}). \
             Process the data in pages: keep only what the result needs (counts, sums, the fields you \
             return) instead of whole records, and do not build strings or arrays of millions of items",
            crate::heap::mib(held as u64),
            crate::heap::mib(bound as u64)
        ),
    )
}

/// The source name of the script in stack traces.
pub(super) const SCRIPT_PATH: &str = "script.js";

/// `(source, line)` of the innermost stack frame in the script or a snippet.
pub(super) fn script_line(stack: &str) -> Option<(String, u32)> {
    stack.lines().find_map(|frame| {
        let start = frame.find(SCRIPT_PATH).or_else(|| frame.find("snippet:"))?;
        let location = frame[start..].trim_end_matches(')');
        let mut parts = location.rsplitn(3, ':');
        let _column = parts.next()?;
        let line = parts.next()?.parse().ok()?;
        Some((parts.next()?.to_string(), line))
    })
}

/// A thrown error as the model reads it: with the script line it came from, and a hint when it
/// named an unknown global.
pub(super) fn script_error(thrown: &ThrownJson, connectors: &str) -> ErrorInfo {
    let mut text = format!("{}: {}", thrown.name, thrown.message);
    match script_line(&thrown.stack) {
        Some((source, line)) if source == SCRIPT_PATH => text.push_str(&format!(" (line {line})")),
        Some((source, line)) => text.push_str(&format!(" ({source}, line {line})")),
        None => {}
    }
    if thrown.name == "ReferenceError" && thrown.message.contains("is not defined") {
        text.push_str(&format!(
            ". The sandbox's globals are: {connectors}{}{} and the standard built-ins (no fetch, modules \
             or host access)",
            if connectors.is_empty() { "" } else { ", " },
            crate::globals::non_standard_names()
        ));
    }
    ErrorInfo::run(RunCode::ScriptError, text)
}

/// Turns an engine-level failure (a limit, an error thrown outside the script's promise) into a
/// coded error.
pub(super) fn engine_error(error: &JsError, context: &mut Context) -> ErrorInfo {
    if let Some(engine) = error.as_engine() {
        if matches!(engine, EngineError::NoInstructionsRemain) {
            return budget_exceeded();
        }
        if matches!(engine, EngineError::RuntimeLimit(RuntimeLimitError::Heap)) {
            return memory_exceeded(context);
        }
        if matches!(
            engine,
            EngineError::RuntimeLimit(RuntimeLimitError::RegExpSteps)
        ) {
            return ErrorInfo::run(
                RunCode::LimitExceeded,
                "a regular expression took more than the step limit to find one match (catastrophic \
                 backtracking, as with nested quantifiers like /(a+)+$/ on a string that does not match); \
                 rewrite the pattern so that each part of the text can match only one way",
            );
        }
        return ErrorInfo::run(RunCode::LimitExceeded, engine.to_string());
    }
    match error.try_native(context) {
        Ok(native) => ErrorInfo::run(
            RunCode::ScriptError,
            format!("{}: {}", native.kind(), native.message()),
        ),
        Err(_) => ErrorInfo::run(RunCode::ScriptError, error.to_string()),
    }
}
