//! Connectors to remote services, declared by configuration instead of Rust code:
//!
//! - [`mcp`]: an MCP server over the Streamable HTTP transport; each MCP tool becomes a method.
//! - [`openapi`]: a service described by an OpenAPI 3.x document; each operation becomes a method.
//! - [`config`]: the `CODEMODE_CONNECTORS` JSON that declares them.
//! - [`http`]: the outbound HTTP they use, a trait the Worker shell implements with `fetch`.
//!
//! Both connectors learn their methods when they are built (`connect`), which is async: the
//! Durable Object builds its runtime on its first request, not in its constructor.

pub mod config;
pub mod http;
pub mod mcp;
pub mod openapi;

use std::collections::BTreeSet;

pub use http::{HttpClient, HttpRequest, HttpResponse};

/// Which methods of a remote connector pause the run for approval.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum ApprovalRule {
    /// The connector's own default: MCP tools annotated as destructive (or marked in `_meta`);
    /// OpenAPI write operations (POST, PUT, PATCH, DELETE).
    #[default]
    Default,
    /// No method needs approval.
    None,
    /// Every method needs approval.
    All,
    /// Exactly these methods, by method name or by the remote name (tool name, operationId).
    Listed(BTreeSet<String>),
}

impl ApprovalRule {
    /// Whether a method needs approval; `by_default` is the connector's default for it.
    pub fn requires(&self, method: &str, remote_name: &str, by_default: bool) -> bool {
        match self {
            ApprovalRule::Default => by_default,
            ApprovalRule::None => false,
            ApprovalRule::All => true,
            ApprovalRule::Listed(names) => names.contains(method) || names.contains(remote_name),
        }
    }

    /// Names listed that match no method: a typo in the configuration.
    pub fn unknown_names<'a>(&'a self, known: &'a [(String, String)]) -> Vec<&'a str> {
        match self {
            ApprovalRule::Listed(names) => names
                .iter()
                .filter(|n| {
                    !known
                        .iter()
                        .any(|(method, remote)| method == *n || remote == *n)
                })
                .map(String::as_str)
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// What every remote connector is configured with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoteSettings {
    /// The sandbox global.
    pub name: String,
    /// Where it was declared, for error messages (`CODEMODE_CONNECTORS[1] "petstore"`).
    pub origin: String,
    /// Sent with every request (credentials already resolved from secrets).
    pub headers: Vec<(String, String)>,
    pub approval: ApprovalRule,
    /// Per request, including discovery.
    pub timeout_ms: u64,
    /// Free text for the model, added to what the service says about itself.
    pub description: String,
}

impl RemoteSettings {
    pub fn new(name: &str) -> Self {
        Self {
            name: name.to_string(),
            origin: format!("connector `{name}`"),
            headers: Vec::new(),
            approval: ApprovalRule::Default,
            timeout_ms: DEFAULT_TIMEOUT_MS,
            description: String::new(),
        }
    }

    /// What the model reads about the connector: the configured description, then what the
    /// service says about itself.
    pub(crate) fn instructions_with(&self, from_service: &str) -> String {
        join_present(&[&self.description, from_service], "\n")
    }

    /// A configuration error naming this connector.
    pub(crate) fn invalid(&self, message: impl std::fmt::Display) -> crate::Error {
        crate::Error::InvalidConfig(format!("{}: {message}", self.origin))
    }

    /// A discovery failure naming this connector.
    pub(crate) fn unavailable(&self, message: impl std::fmt::Display) -> crate::Error {
        crate::Error::ConnectorUnavailable(format!("{}: {message}", self.origin))
    }

    /// Refuses `requireApproval` names that match no method.
    pub(crate) fn check_approval_names(&self, known: &[(String, String)]) -> crate::Result<()> {
        let unknown = self.approval.unknown_names(known);
        if unknown.is_empty() {
            return Ok(());
        }
        Err(self.invalid(format!(
            "`requireApproval` names no method called {}",
            quoted_list(&unknown)
        )))
    }
}

/// Default time a remote request may take.
pub const DEFAULT_TIMEOUT_MS: u64 = 30_000;

/// Methods named by two remote names: refused, since the script could reach only one of them.
pub(crate) fn check_unique_methods(
    settings: &RemoteSettings,
    names: &[(String, String)],
) -> crate::Result<()> {
    for (i, (method, remote)) in names.iter().enumerate() {
        if let Some((_, other)) = names[..i].iter().find(|(m, _)| m == method) {
            return Err(settings.invalid(format!(
                "`{other}` and `{remote}` both become method `{method}`; rename one on the server or leave one out"
            )));
        }
    }
    Ok(())
}

/// The non-blank parts, trimmed, joined by `separator`.
pub(crate) fn join_present(parts: &[&str], separator: &str) -> String {
    parts
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(separator)
}

fn quoted_list(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
