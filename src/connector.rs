//! Connectors: where tool calls go. A connector's name becomes a sandbox global
//! (`notes.listNotes()`), each of its tools a method on it.

use async_trait::async_trait;
use serde_json::Value;

use crate::error::{Error, Result};

/// What a connector tells the runtime (and the model) about one of its methods.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolSpec {
    /// The method name, a JavaScript identifier (`listNotes`).
    pub name: String,
    /// What it does, for the model.
    pub description: String,
    /// JSON Schema of the single argument object.
    pub input_schema: Value,
    /// JSON Schema of the result, when known (used for the TypeScript declarations).
    pub output_schema: Option<Value>,
    /// Calls pause the run until a human approves them.
    pub requires_approval: bool,
}

impl ToolSpec {
    pub fn new(name: &str, description: &str, input_schema: Value) -> Self {
        Self {
            name: name.to_string(),
            description: description.to_string(),
            input_schema,
            output_schema: None,
            requires_approval: false,
        }
    }

    pub fn with_output(mut self, schema: Value) -> Self {
        self.output_schema = Some(schema);
        self
    }

    pub fn needing_approval(mut self) -> Self {
        self.requires_approval = true;
        self
    }
}

/// Identifies one call. `(execution_id, seq)` is stable across replays and crashes, so connectors
/// with side effects can use it as an idempotency key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallContext {
    pub execution_id: String,
    pub seq: u32,
    pub method: String,
}

impl CallContext {
    /// `"<execution_id>:<seq>"`, ready to send as an `Idempotency-Key` header.
    pub fn idempotency_key(&self) -> String {
        format!("{}:{}", self.execution_id, self.seq)
    }
}

/// A tool failure. The script's promise rejects with an `Error` carrying this message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolError(pub String);

impl ToolError {
    pub fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }
}

impl std::fmt::Display for ToolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A call's result with what it used (a model call's tokens), journaled beside the result and
/// shown on the call's record.
#[derive(Debug, Clone, PartialEq)]
pub struct Metered {
    pub value: Value,
    pub usage: Option<crate::model::Usage>,
}

impl Metered {
    /// A result without usage.
    pub fn plain(value: Value) -> Self {
        Self { value, usage: None }
    }
}

/// What a `revert` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reverted {
    /// The effect was undone.
    Done,
    /// The method has no undo (a read, typically); rollback skips it.
    Unsupported,
}

/// A source of tools. Implement it to give scripts a new global.
///
/// Futures need not be `Send`: Workers are single-threaded.
#[async_trait(?Send)]
pub trait Connector {
    /// The sandbox global, a JavaScript identifier (`notes`).
    fn name(&self) -> &str;

    /// Free text for the model about this connector as a whole.
    fn instructions(&self) -> String {
        String::new()
    }

    /// The methods. Called when the runtime is built and for the catalog.
    fn tools(&self) -> Vec<ToolSpec>;

    /// Runs one call. `args` is the script's argument object as JSON.
    async fn execute(&self, args: Value, ctx: &CallContext) -> Result<Value, ToolError>;

    /// Runs one call and says what it used. By default [`Connector::execute`], without usage;
    /// the runtime calls this one.
    async fn execute_metered(&self, args: Value, ctx: &CallContext) -> Result<Metered, ToolError> {
        self.execute(args, ctx).await.map(Metered::plain)
    }

    /// Undoes one applied call, given its arguments and journaled result.
    async fn revert(
        &self,
        _args: &Value,
        _result: &Value,
        _ctx: &CallContext,
    ) -> Result<Reverted, ToolError> {
        Ok(Reverted::Unsupported)
    }
}

/// Method names that would change how the connector object behaves (`then` makes it awaitable,
/// `toJSON` changes how it prints), refused as method names.
pub const RESERVED_METHODS: &[&str] = &[
    "then",
    "constructor",
    "prototype",
    "__proto__",
    "toJSON",
    "toString",
    "valueOf",
];

/// `true` for `[A-Za-z_$][A-Za-z0-9_$]*`.
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$' => {}
        _ => return false,
    }
    chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// A JavaScript identifier for a remote tool or operation name: identifiers stay as they are;
/// otherwise the parts between other characters are joined in camelCase (`get-weather` →
/// `getWeather`, `files/read` → `filesRead`), and a leading digit gets `_`.
pub fn method_name(raw: &str) -> String {
    if is_identifier(raw) {
        return raw.to_string();
    }
    let mut name = String::with_capacity(raw.len());
    let parts = raw.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'));
    for part in parts.filter(|p| !p.is_empty()) {
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            name.push(if name.is_empty() {
                first
            } else {
                first.to_ascii_uppercase()
            });
            name.extend(chars);
        }
    }
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, '_');
    }
    name
}

/// [`method_name`], with `_` added to names in [`RESERVED_METHODS`] (`then` → `then_`).
pub fn remote_method_name(raw: &str) -> String {
    let name = method_name(raw);
    if RESERVED_METHODS.contains(&name.as_str()) {
        format!("{name}_")
    } else {
        name
    }
}

/// The connectors of one runtime, checked once when it is built.
pub struct ConnectorSet {
    connectors: Vec<Box<dyn Connector>>,
    /// `(connector index, spec)` in declaration order.
    tools: Vec<Vec<ToolSpec>>,
}

impl ConnectorSet {
    /// Checks names: each connector a non-reserved identifier used once; each method an identifier
    /// used once within its connector.
    pub fn new(connectors: Vec<Box<dyn Connector>>) -> Result<Self> {
        let mut seen = std::collections::BTreeSet::new();
        let mut tools = Vec::with_capacity(connectors.len());
        for connector in &connectors {
            let name = connector.name();
            if !is_identifier(name) {
                return Err(Error::InvalidConnector(format!(
                    "connector name `{name}` is not a JavaScript identifier"
                )));
            }
            let joins_codemode = name == crate::globals::CODEMODE;
            if let Some(clash) =
                crate::globals::connector_name_clash(name).filter(|_| !joins_codemode)
            {
                return Err(Error::InvalidConnector(format!("connector name {clash}")));
            }
            if !seen.insert(name.to_string()) {
                return Err(Error::InvalidConnector(format!(
                    "two connectors are named `{name}`"
                )));
            }
            let specs = connector.tools();
            let mut methods = std::collections::BTreeSet::new();
            for spec in &specs {
                if !is_identifier(&spec.name) {
                    return Err(Error::InvalidConnector(format!(
                        "method `{name}.{}` is not a JavaScript identifier",
                        spec.name
                    )));
                }
                if joins_codemode && crate::globals::codemode_keeps(&spec.name) {
                    return Err(Error::InvalidConnector(format!(
                        "method `codemode.{}` would hide the sandbox's own `codemode.{}`; rename it",
                        spec.name, spec.name
                    )));
                }
                if RESERVED_METHODS.contains(&spec.name.as_str()) {
                    return Err(Error::InvalidConnector(format!(
                        "method `{name}.{}` would change how `{name}` behaves in scripts; rename it",
                        spec.name
                    )));
                }
                if !methods.insert(spec.name.clone()) {
                    return Err(Error::InvalidConnector(format!(
                        "connector `{name}` declares method `{}` twice",
                        spec.name
                    )));
                }
            }
            tools.push(specs);
        }
        Ok(Self { connectors, tools })
    }

    pub fn connector(&self, name: &str) -> Option<&dyn Connector> {
        self.connectors
            .iter()
            .find(|c| c.name() == name)
            .map(|c| c.as_ref())
    }

    pub fn spec(&self, connector: &str, method: &str) -> Option<&ToolSpec> {
        let index = self.connectors.iter().position(|c| c.name() == connector)?;
        self.tools[index].iter().find(|t| t.name == method)
    }

    /// `(connector, instructions, methods)` in declaration order.
    pub fn iter(&self) -> impl Iterator<Item = (&dyn Connector, &[ToolSpec])> {
        self.connectors
            .iter()
            .map(|c| c.as_ref())
            .zip(self.tools.iter().map(|t| t.as_slice()))
    }

    pub fn names(&self) -> Vec<String> {
        self.connectors
            .iter()
            .map(|c| c.name().to_string())
            .collect()
    }
}
