//! The crate's one error type. Every variant has a stable SCREAMING_SNAKE code that clients see
//! (`{"error": {"code", "message"}}` over HTTP, `"<CODE>: <message>"` over WebSocket); only the
//! shell maps codes to HTTP statuses.

use thiserror::Error;

/// Everything that can go wrong in a runtime method, with a stable code.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The request is malformed: bad JSON, a missing or mistyped argument.
    #[error("{0}")]
    BadRequest(String),
    /// The RPC method does not exist.
    #[error("unknown method `{0}`; methods are: {1}")]
    UnknownMethod(String, String),
    /// An execution, snippet or describe path that does not exist.
    #[error("{0}")]
    NotFound(String),
    /// Missing or wrong credentials, or a non-loopback host without a configured token.
    #[error("{0}")]
    Unauthorized(String),
    /// A scoped token whose time is over.
    #[error("{0}")]
    TokenExpired(String),
    /// A valid credential that does not open this: a scoped token outside its scope or instance,
    /// or a method that needs the main token.
    #[error("{0}")]
    Forbidden(String),
    /// The request body is larger than the transport accepts.
    #[error("{0}")]
    BodyTooLarge(String),
    /// The route exists but not for this HTTP method.
    #[error("{0}")]
    MethodNotAllowed(String),
    /// The script is larger than the configured maximum.
    #[error("code is {size} bytes; the limit is {limit} bytes")]
    CodeTooLarge { size: usize, limit: usize },
    /// `approveExecution` on a run that is not paused.
    #[error("execution {id} is {status}, not paused")]
    NotPaused { id: String, status: String },
    /// `saveSnippet` from a run that did not complete.
    #[error("execution {id} is {status}; only a completed run can be saved as a snippet")]
    NotCompleted { id: String, status: String },
    /// An operation that the execution's current status does not allow (e.g. rollback while paused).
    #[error("{0}")]
    InvalidState(String),
    /// Another request is driving this execution right now.
    #[error("execution {0} is being run by another request; try again when it settles")]
    Busy(String),
    /// A snippet or connector name that is empty, too long, reserved or has odd characters.
    #[error("{0}")]
    InvalidName(String),
    /// The connector set is inconsistent (reserved or duplicate names).
    #[error("{0}")]
    InvalidConnector(String),
    /// A Worker var or secret that does not parse.
    #[error("{0}")]
    InvalidConfig(String),
    /// A configured remote connector (MCP server, OpenAPI document URL) could not be reached while
    /// the runtime was being built. Later requests try again.
    #[error("{0}")]
    ConnectorUnavailable(String),
    /// The durable store failed.
    #[error("storage error: {0}")]
    Storage(String),
    /// A bug or an unexpected host failure.
    #[error("internal error: {0}")]
    Internal(String),
}

impl Error {
    /// The stable code clients match on.
    pub fn code(&self) -> &'static str {
        match self {
            Error::BadRequest(_) => "BAD_REQUEST",
            Error::UnknownMethod(..) => "UNKNOWN_METHOD",
            Error::NotFound(_) => "NOT_FOUND",
            Error::Unauthorized(_) => "UNAUTHORIZED",
            Error::TokenExpired(_) => "TOKEN_EXPIRED",
            Error::Forbidden(_) => "FORBIDDEN",
            Error::CodeTooLarge { .. } => "CODE_TOO_LARGE",
            Error::BodyTooLarge(_) => "BODY_TOO_LARGE",
            Error::MethodNotAllowed(_) => "METHOD_NOT_ALLOWED",
            Error::NotPaused { .. } => "NOT_PAUSED",
            Error::NotCompleted { .. } => "NOT_COMPLETED",
            Error::InvalidState(_) => "INVALID_STATE",
            Error::Busy(_) => "BUSY",
            Error::InvalidName(_) => "INVALID_NAME",
            Error::InvalidConnector(_) => "INVALID_CONNECTOR",
            Error::InvalidConfig(_) => "INVALID_CONFIG",
            Error::ConnectorUnavailable(_) => "CONNECTOR_UNAVAILABLE",
            Error::Storage(_) => "STORAGE_ERROR",
            Error::Internal(_) => "INTERNAL",
        }
    }

    /// The `{code, message}` pair clients see.
    pub fn to_info(&self) -> crate::model::ErrorInfo {
        crate::model::ErrorInfo {
            code: self.code().to_string(),
            message: self.to_string(),
        }
    }
}

/// Shorthand for results in this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The code of a run's outcome: it ends a script run and appears in `ExecuteOutput.error.code`
/// (not as a request error). The strings are stable: clients match on them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RunCode {
    /// The script threw, or a promise it awaited rejected and it did not catch it.
    ScriptError,
    /// The code does not parse.
    SyntaxError,
    /// A replay issued a different call than the journal recorded at that seq, or skipped one.
    ReplayDiverged,
    /// The run was recorded by a sandbox that would replay differently.
    ReplayIncompatible,
    /// The script waits on a promise that nothing can settle (no call, timer or approval is
    /// pending).
    Stalled,
    /// The run used up its instruction budget. Scripts cannot catch it.
    BudgetExceeded,
    /// The script hit an engine limit (loop iterations, regular expression steps, timers).
    /// Scripts cannot catch it. (Recursion is V8's catchable `RangeError`.)
    LimitExceeded,
    /// The script held more heap than its bound (`max_heap_bytes`) after a full collection.
    /// Scripts cannot catch it.
    MemoryExceeded,
    /// The run's `timeout_ms` passed.
    Timeout,
    /// The `// @options:` line is wrong.
    InvalidOptions,
    /// A run had `max_attempts` passes begin without finishing; it is not started again.
    Crashed,
    /// A paused run was not decided within `paused_ttl_ms`.
    Expired,
    /// A call needing approval was rejected.
    Rejected,
    /// The Durable Object's storage refused a write the run needed (its journal or its record):
    /// the run ends with the calls it journaled, instead of being retried forever.
    StorageError,
    /// The runtime itself failed while running the script (a bug).
    Internal,
}

impl RunCode {
    /// Every code, for tables and docs.
    pub const ALL: [RunCode; 15] = [
        RunCode::ScriptError,
        RunCode::SyntaxError,
        RunCode::ReplayDiverged,
        RunCode::ReplayIncompatible,
        RunCode::Stalled,
        RunCode::BudgetExceeded,
        RunCode::LimitExceeded,
        RunCode::MemoryExceeded,
        RunCode::Timeout,
        RunCode::InvalidOptions,
        RunCode::Crashed,
        RunCode::Expired,
        RunCode::Rejected,
        RunCode::StorageError,
        RunCode::Internal,
    ];

    /// The stable string clients see.
    pub const fn as_str(self) -> &'static str {
        match self {
            RunCode::ScriptError => "SCRIPT_ERROR",
            RunCode::SyntaxError => "SYNTAX_ERROR",
            RunCode::ReplayDiverged => "REPLAY_DIVERGED",
            RunCode::ReplayIncompatible => "REPLAY_INCOMPATIBLE",
            RunCode::Stalled => "STALLED",
            RunCode::BudgetExceeded => "BUDGET_EXCEEDED",
            RunCode::LimitExceeded => "LIMIT_EXCEEDED",
            RunCode::MemoryExceeded => "MEMORY_EXCEEDED",
            RunCode::Timeout => "TIMEOUT",
            RunCode::InvalidOptions => "INVALID_OPTIONS",
            RunCode::Crashed => "CRASHED",
            RunCode::Expired => "EXPIRED",
            RunCode::Rejected => "REJECTED",
            RunCode::StorageError => "STORAGE_ERROR",
            RunCode::Internal => "INTERNAL",
        }
    }

    /// The code a stable string names, if any.
    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == code)
    }
}

impl std::fmt::Display for RunCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
