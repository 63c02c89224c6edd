//! The optional first line `// @options: {"max_output_tokens": N, "timeout_ms": N, "max_heap_mb": N}`. It stays in
//! the code (it is a comment), so line numbers in errors are unchanged.

use serde_json::Value;

use crate::model::ErrorInfo;

/// The marker that starts an options line.
pub const MARKER: &str = "// @options:";

/// Default budget for the report's output, in tokens of 4 characters.
pub const DEFAULT_MAX_OUTPUT_TOKENS: usize = 10_000;

/// Largest `timeout_ms` accepted (30 days): runs can wait for approval that long.
pub const MAX_TIMEOUT_MS: u64 = 30 * 24 * 60 * 60 * 1000;

/// Largest `max_output_tokens` accepted.
pub const MAX_OUTPUT_TOKENS: usize = 1_000_000;

/// Largest `max_heap_mb` accepted; the runtime's own bound applies anyway.
pub const MAX_HEAP_MB: u64 = 4096;

/// A run's options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunOptions {
    /// Output over this many tokens is cut to its head and tail in the report.
    pub max_output_tokens: usize,
    /// The run fails with `TIMEOUT` once this long has passed since it was created (including
    /// time spent paused for approval).
    pub timeout_ms: Option<u64>,
    /// A lower heap bound for this run, in MiB: it can only lower the runtime's
    /// (`CODEMODE_MAX_HEAP_MB`), never raise it.
    pub max_heap_mb: Option<u64>,
    /// `"models": false` leaves `models` out of this run's globals.
    pub models: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        Self {
            max_output_tokens: DEFAULT_MAX_OUTPUT_TOKENS,
            timeout_ms: None,
            max_heap_mb: None,
            models: true,
        }
    }
}

fn invalid(message: impl Into<String>) -> ErrorInfo {
    ErrorInfo::run(crate::error::RunCode::InvalidOptions, message)
}

fn positive(value: &Value, key: &str, max: u64) -> Result<u64, ErrorInfo> {
    match value.as_u64() {
        Some(n) if n >= 1 && n <= max => Ok(n),
        _ => Err(invalid(format!(
            "@options: `{key}` must be an integer from 1 to {max}, got {value}"
        ))),
    }
}

/// Reads the options of `code`. Errors name the problem: an unknown key, bad JSON, an options
/// line that is not line 1, or an options line with no code after it.
pub fn parse(code: &str) -> Result<RunOptions, ErrorInfo> {
    let mut lines = code.lines();
    let first = lines.next().unwrap_or("");
    for (index, line) in code.lines().enumerate().skip(1) {
        if line.trim_start().starts_with(MARKER) {
            return Err(invalid(format!(
                "@options must be on line 1; found it on line {}",
                index + 1
            )));
        }
    }
    let Some(json) = first.trim_start().strip_prefix(MARKER) else {
        return Ok(RunOptions::default());
    };
    if lines.all(|l| l.trim().is_empty()) {
        return Err(invalid("@options line has no code after it"));
    }
    let value: Value = serde_json::from_str(json.trim())
        .map_err(|e| invalid(format!("@options is not a JSON object: {e}")))?;
    let Value::Object(map) = value else {
        return Err(invalid(
            "@options must be a JSON object like {\"timeout_ms\": 5000}",
        ));
    };
    let mut options = RunOptions::default();
    for (key, value) in &map {
        match key.as_str() {
            "max_output_tokens" => {
                options.max_output_tokens = positive(value, key, MAX_OUTPUT_TOKENS as u64)? as usize;
            }
            "timeout_ms" => options.timeout_ms = Some(positive(value, key, MAX_TIMEOUT_MS)?),
            "max_heap_mb" => options.max_heap_mb = Some(positive(value, key, MAX_HEAP_MB)?),
            "models" => {
                options.models = value.as_bool().ok_or_else(|| {
                    invalid(format!("@options: `models` must be true or false, got {value}"))
                })?
            }
            other => {
                return Err(invalid(format!(
                    "@options: unknown key `{other}`; the keys are max_output_tokens, timeout_ms, max_heap_mb and models"
                )))
            }
        }
    }
    Ok(options)
}
