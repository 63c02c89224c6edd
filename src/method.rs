//! The contract's methods (`docs/contract.md`, "Methods"), each with what the transports need to
//! know of it: its name on the wire, the least token scope that may call it, whether it changes
//! state. The rpc dispatcher, the token scopes, the shell's routes and the MCP server all read
//! this one table.

use crate::token::Scope;

/// One method of the contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Method {
    Tool,
    Execute,
    Search,
    Describe,
    PendingApprovals,
    ApproveExecution,
    RejectExecution,
    RollbackExecution,
    CancelExecution,
    ExecutionHistory,
    Execution,
    ExecutionOutput,
    DeleteExecution,
    PruneExecutions,
    SaveSnippet,
    Snippets,
    DeleteSnippet,
    IssueToken,
}

/// Who may call a method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caller {
    /// A scoped token of at least this scope, or the main credential.
    AtLeast(Scope),
    /// Only the main `CODEMODE_TOKEN` (or, without one, a loopback request).
    MainOnly,
}

impl Method {
    /// Every method, in the contract's table order.
    pub const ALL: [Method; 18] = [
        Method::Tool,
        Method::Execute,
        Method::Search,
        Method::Describe,
        Method::PendingApprovals,
        Method::ApproveExecution,
        Method::RejectExecution,
        Method::RollbackExecution,
        Method::CancelExecution,
        Method::ExecutionHistory,
        Method::Execution,
        Method::ExecutionOutput,
        Method::DeleteExecution,
        Method::PruneExecutions,
        Method::SaveSnippet,
        Method::Snippets,
        Method::DeleteSnippet,
        Method::IssueToken,
    ];

    /// The method's name on the wire (`POST /rpc`, WebSocket rpc frames, the typed client).
    pub const fn name(self) -> &'static str {
        match self {
            Method::Tool => "tool",
            Method::Execute => "execute",
            Method::Search => "search",
            Method::Describe => "describe",
            Method::PendingApprovals => "pendingApprovals",
            Method::ApproveExecution => "approveExecution",
            Method::RejectExecution => "rejectExecution",
            Method::RollbackExecution => "rollbackExecution",
            Method::CancelExecution => "cancelExecution",
            Method::ExecutionHistory => "executionHistory",
            Method::Execution => "execution",
            Method::ExecutionOutput => "executionOutput",
            Method::DeleteExecution => "deleteExecution",
            Method::PruneExecutions => "pruneExecutions",
            Method::SaveSnippet => "saveSnippet",
            Method::Snippets => "snippets",
            Method::DeleteSnippet => "deleteSnippet",
            Method::IssueToken => "issueToken",
        }
    }

    /// The method named `name` (exactly, case included).
    pub fn from_name(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == name)
    }

    /// Who may call it: reads need `read`, decisions on paused runs `approve`, the rest `full`;
    /// issuing tokens needs the main credential.
    pub const fn caller(self) -> Caller {
        match self {
            Method::Tool
            | Method::Search
            | Method::Describe
            | Method::ExecutionHistory
            | Method::Execution
            | Method::ExecutionOutput
            | Method::PendingApprovals
            | Method::Snippets => Caller::AtLeast(Scope::Read),
            Method::ApproveExecution | Method::RejectExecution | Method::CancelExecution => {
                Caller::AtLeast(Scope::Approve)
            }
            Method::Execute
            | Method::RollbackExecution
            | Method::DeleteExecution
            | Method::PruneExecutions
            | Method::SaveSnippet
            | Method::DeleteSnippet => Caller::AtLeast(Scope::Full),
            Method::IssueToken => Caller::MainOnly,
        }
    }

    /// Whether a successful call can change the conversation's state (connected clients are
    /// told of each change; see [`crate::runtime::Progress::Changed`]).
    pub const fn changes_state(self) -> bool {
        matches!(
            self,
            Method::Execute
                | Method::ApproveExecution
                | Method::RejectExecution
                | Method::RollbackExecution
                | Method::CancelExecution
                | Method::DeleteExecution
                | Method::PruneExecutions
                | Method::SaveSnippet
                | Method::DeleteSnippet
        )
    }

    /// Every method's name, in table order (for listings and messages).
    pub fn names() -> Vec<&'static str> {
        Method::ALL.into_iter().map(Method::name).collect()
    }
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
