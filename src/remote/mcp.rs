//! A connector to an MCP server over the Streamable HTTP transport (client side).
//!
//! `connect` runs the handshake (`initialize` with version negotiation, then
//! `notifications/initialized`) and lists the tools (following `nextCursor`); each tool becomes a
//! method whose name is made a JavaScript identifier. A call is `tools/call`; the server may answer
//! with JSON or with a `text/event-stream` carrying the JSON-RPC response. The `Mcp-Session-Id`
//! the server assigns is sent back on every request, and a session the server forgot (HTTP 404) is
//! re-initialised once.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use async_trait::async_trait;
use serde_json::{json, Value};

use super::http::{HttpClient, HttpRequest, HttpResponse};
use super::{check_unique_methods, RemoteSettings};
use crate::connector::{remote_method_name, CallContext, Connector, ToolError, ToolSpec};
use crate::error::Result;
use crate::mcp::PROTOCOL_VERSIONS;

/// Pages of `tools/list` followed at most (a server that never stops paginating).
const MAX_PAGES: usize = 100;

/// `_meta` key carrying the call's idempotency key (`<executionId>:<seq>`) to the server.
pub const IDEMPOTENCY_META: &str = "codemode/idempotencyKey";
/// `_meta` key a server may set on a tool to ask for approval of its calls.
pub const APPROVAL_META: &str = "codemode/requiresApproval";

/// The negotiated session.
#[derive(Debug, Clone, Default)]
struct Session {
    id: Option<String>,
    protocol_version: String,
}

/// Why a JSON-RPC request failed.
enum Failure {
    /// No usable answer: the server is unreachable, answered an HTTP error or something unparsable.
    Transport(String),
    /// HTTP 404 on a request carrying a session id: the server dropped the session.
    SessionExpired,
    /// A JSON-RPC error response.
    Remote { code: i64, message: String },
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Transport(message) => f.write_str(message),
            Failure::SessionExpired => f.write_str("the server ended the MCP session"),
            Failure::Remote { code, message } => write!(f, "MCP error {code}: {message}"),
        }
    }
}

/// An MCP server's tools as a connector.
pub struct McpConnector {
    settings: RemoteSettings,
    url: String,
    http: Rc<dyn HttpClient>,
    session: RefCell<Session>,
    next_id: Cell<u64>,
    tools: Vec<ToolSpec>,
    /// `(method, MCP tool name)` per tool, in the server's order.
    names: Vec<(String, String)>,
    instructions: String,
}

impl McpConnector {
    /// Connects to the server at `url` and lists its tools. An unreachable or misbehaving server
    /// is `CONNECTOR_UNAVAILABLE`; tools that cannot be told apart as methods are `INVALID_CONFIG`.
    pub async fn connect(
        settings: RemoteSettings,
        url: &str,
        http: Rc<dyn HttpClient>,
    ) -> Result<Self> {
        let mut connector = Self {
            settings,
            url: url.to_string(),
            http,
            session: RefCell::new(Session::default()),
            next_id: Cell::new(1),
            tools: Vec::new(),
            names: Vec::new(),
            instructions: String::new(),
        };
        let server_instructions = connector
            .initialize()
            .await
            .map_err(|f| connector.unavailable(&f))?;
        let listed = connector
            .list_tools()
            .await
            .map_err(|f| connector.unavailable(&f))?;
        connector.names = listed
            .iter()
            .map(|t| (remote_method_name(tool_name(t)), tool_name(t).to_string()))
            .collect();
        check_unique_methods(&connector.settings, &connector.names)?;
        connector.settings.check_approval_names(&connector.names)?;
        connector.tools = listed
            .iter()
            .zip(&connector.names)
            .map(|(t, (m, r))| {
                tool_spec(t, m, |destructive| {
                    connector.settings.approval.requires(m, r, destructive)
                })
            })
            .collect();
        connector.instructions = connector.settings.instructions_with(&server_instructions);
        Ok(connector)
    }

    fn unavailable(&self, failure: &Failure) -> crate::Error {
        self.settings
            .unavailable(format!("MCP server {}: {failure}", self.url))
    }

    /// `initialize` + `notifications/initialized`; returns the server's instructions.
    async fn initialize(&self) -> std::result::Result<String, Failure> {
        let params = json!({
            "protocolVersion": PROTOCOL_VERSIONS[0],
            "capabilities": {},
            "clientInfo": {"name": "codemode-runtime", "version": env!("CARGO_PKG_VERSION")},
        });
        let (result, response) = self
            .request(&Session::default(), "initialize", params, None)
            .await?;
        let version = result
            .get("protocolVersion")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if !PROTOCOL_VERSIONS.contains(&version) {
            return Err(Failure::Transport(format!(
                "the server answered protocol version {version:?}; this client speaks {}",
                PROTOCOL_VERSIONS.join(", ")
            )));
        }
        let session = Session {
            id: response.header("mcp-session-id").map(str::to_string),
            protocol_version: version.to_string(),
        };
        let notification = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        let response = self.post(&session, &notification, None).await?;
        if !response.is_success() {
            return Err(http_failure(&response));
        }
        // Swapped in only now: calls running meanwhile keep the session they started with.
        *self.session.borrow_mut() = session;
        Ok(result
            .get("instructions")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string())
    }

    /// Every tool definition, following pagination.
    async fn list_tools(&self) -> std::result::Result<Vec<Value>, Failure> {
        let mut tools = Vec::new();
        let mut cursor: Option<String> = None;
        for _ in 0..MAX_PAGES {
            let params = match &cursor {
                Some(cursor) => json!({"cursor": cursor}),
                None => json!({}),
            };
            let (result, _) = self
                .request(&self.current(), "tools/list", params, None)
                .await?;
            let page = result
                .get("tools")
                .and_then(Value::as_array)
                .ok_or_else(|| {
                    Failure::Transport(format!(
                        "tools/list answered without a `tools` array: {}",
                        short(&result)
                    ))
                })?;
            tools.extend(
                page.iter()
                    .filter(|t| t.get("name").and_then(Value::as_str).is_some())
                    .cloned(),
            );
            match result.get("nextCursor").and_then(Value::as_str) {
                Some(next) if !next.is_empty() && cursor.as_deref() != Some(next) => {
                    cursor = Some(next.to_string())
                }
                _ => return Ok(tools),
            }
        }
        Err(Failure::Transport(format!(
            "tools/list did not end after {MAX_PAGES} pages"
        )))
    }

    fn current(&self) -> Session {
        self.session.borrow().clone()
    }

    /// One JSON-RPC request in `session`; its result and the HTTP response that carried it.
    async fn request(
        &self,
        session: &Session,
        method: &str,
        params: Value,
        idempotency_key: Option<&str>,
    ) -> std::result::Result<(Value, HttpResponse), Failure> {
        let id = self.next_id.get();
        self.next_id.set(id + 1);
        let message = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        let response = self.post(session, &message, idempotency_key).await?;
        if response.status == 404 && session.id.is_some() {
            return Err(Failure::SessionExpired);
        }
        if !response.is_success() {
            return Err(http_failure(&response));
        }
        let reply = find_reply(&response, id)?;
        if let Some(error) = reply.get("error") {
            return Err(Failure::Remote {
                code: error.get("code").and_then(Value::as_i64).unwrap_or(0),
                message: error
                    .get("message")
                    .and_then(Value::as_str)
                    .unwrap_or("(no message)")
                    .to_string(),
            });
        }
        Ok((
            reply.get("result").cloned().unwrap_or(Value::Null),
            response,
        ))
    }

    async fn post(
        &self,
        session: &Session,
        message: &Value,
        idempotency_key: Option<&str>,
    ) -> std::result::Result<HttpResponse, Failure> {
        let mut request = HttpRequest::new("POST", &self.url)
            .header("accept", "application/json, text/event-stream")
            .headers(&self.settings.headers)
            .json(message);
        if let Some(id) = &session.id {
            request = request.header("mcp-session-id", id);
        }
        if !session.protocol_version.is_empty() {
            request = request.header("mcp-protocol-version", &session.protocol_version);
        }
        if let Some(key) = idempotency_key {
            request = request.header("idempotency-key", key);
        }
        self.http
            .send(request, self.settings.timeout_ms)
            .await
            .map_err(Failure::Transport)
    }

    /// `tools/call`, re-initialising once if the server dropped the session (unless a call
    /// running alongside already did).
    async fn call_tool(&self, params: Value, key: &str) -> std::result::Result<Value, Failure> {
        let session = self.current();
        match self
            .request(&session, "tools/call", params.clone(), Some(key))
            .await
        {
            Err(Failure::SessionExpired) => {
                if self.session.borrow().id == session.id {
                    self.initialize().await?;
                }
                self.request(&self.current(), "tools/call", params, Some(key))
                    .await
                    .map(|(result, _)| result)
            }
            other => other.map(|(result, _)| result),
        }
    }
}

/// The method a script calls for one MCP tool definition (`tools/list`'s entry): its description
/// (else its title), its schemas, and whether `approval` makes its calls pause, given whether the
/// server marks it destructive (`annotations.destructiveHint` without `readOnlyHint`, or
/// `_meta["codemode/requiresApproval"]`). Also the package's `McpConnector` over a user's own MCP
/// connection.
pub fn tool_spec(tool: &Value, method: &str, approval: impl FnOnce(bool) -> bool) -> ToolSpec {
    let text = |v: Option<&Value>| v.and_then(Value::as_str).unwrap_or_default().to_string();
    let mut description = text(tool.get("description"));
    if description.is_empty() {
        description = text(
            tool.get("title")
                .or_else(|| tool.pointer("/annotations/title")),
        );
    }
    let annotated_destructive = tool.pointer("/annotations/destructiveHint")
        == Some(&Value::Bool(true))
        && tool.pointer("/annotations/readOnlyHint") != Some(&Value::Bool(true));
    let marked = tool.get("_meta").and_then(|m| m.get(APPROVAL_META)) == Some(&Value::Bool(true));
    let input_schema = match tool.get("inputSchema") {
        Some(schema @ Value::Object(_)) => schema.clone(),
        _ => json!({"type": "object"}),
    };
    ToolSpec {
        name: method.to_string(),
        description,
        input_schema,
        output_schema: tool.get("outputSchema").filter(|s| s.is_object()).cloned(),
        requires_approval: approval(annotated_destructive || marked),
    }
}

/// `tools/call`'s params for one call: the tool's MCP name, the script's argument object, and
/// the call's idempotency key in `_meta` (stable across replays and retries), when it has one.
pub fn call_params(remote: &str, args: Value, idempotency_key: Option<&str>) -> Value {
    let mut params = json!({"name": remote, "arguments": args});
    if let Some(key) = idempotency_key {
        params["_meta"] = json!({ IDEMPOTENCY_META: key });
    }
    params
}

fn tool_name(tool: &Value) -> &str {
    tool.get("name").and_then(Value::as_str).unwrap_or_default()
}

fn short(value: &Value) -> String {
    super::http::excerpt(&value.to_string(), 200)
}

fn http_failure(response: &HttpResponse) -> Failure {
    Failure::Transport(format!(
        "HTTP {}: {}",
        response.status,
        response.body_excerpt()
    ))
}

/// The JSON-RPC response with `id` in a JSON body (one message or a batch) or in a
/// `text/event-stream` body (one message per event's `data`).
fn find_reply(response: &HttpResponse, id: u64) -> std::result::Result<Value, Failure> {
    // A response (not a request the server sends us, which may reuse the id) with our id.
    let is_ours = |message: &Value| {
        message.get("id").and_then(Value::as_u64) == Some(id)
            && message.get("method").is_none()
            && (message.get("result").is_some() || message.get("error").is_some())
    };
    let candidates: Vec<Value> = if response.media_type() == "text/event-stream" {
        sse_data(&response.body)
            .filter_map(|data| serde_json::from_str(&data).ok())
            .collect()
    } else {
        match serde_json::from_str(&response.body) {
            Ok(Value::Array(batch)) => batch,
            Ok(message) => vec![message],
            Err(e) => {
                return Err(Failure::Transport(format!(
                    "the answer is not JSON ({e}): {}",
                    response.body_excerpt()
                )))
            }
        }
    };
    candidates.into_iter().find(is_ours).ok_or_else(|| {
        Failure::Transport(format!(
            "no JSON-RPC response with id {id} in the answer: {}",
            response.body_excerpt()
        ))
    })
}

/// The `data` of each server-sent event (multi-line data joined with `\n`).
fn sse_data(body: &str) -> impl Iterator<Item = String> + '_ {
    body.split("\n\n")
        .flat_map(|block| block.split("\r\n\r\n"))
        .filter_map(|event| {
            let lines: Vec<&str> = event
                .lines()
                .filter_map(|line| line.strip_prefix("data:"))
                .map(|data| data.strip_prefix(' ').unwrap_or(data))
                .collect();
            (!lines.is_empty()).then(|| lines.join("\n"))
        })
}

/// What the script gets from a `tools/call` result: `isError` → a rejection with the tool's text;
/// else `structuredContent`; else the text content (JSON-parsed when it parses); else the
/// content; a result in the older protocol's shape (`toolResult`, no content) is that value.
pub fn unwrap_tool_result(result: &Value) -> std::result::Result<Value, ToolError> {
    if result.get("content").is_none() && result.get("structuredContent").is_none() {
        if let Some(legacy) = result.get("toolResult") {
            return Ok(legacy.clone());
        }
    }
    let content = result
        .get("content")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let texts: Vec<&str> = content
        .iter()
        .filter(|c| c.get("type").and_then(Value::as_str) == Some("text"))
        .filter_map(|c| c.get("text").and_then(Value::as_str))
        .collect();
    if result.get("isError") == Some(&Value::Bool(true)) {
        let message = texts.join("\n");
        return Err(ToolError::new(if message.is_empty() {
            "the tool failed".to_string()
        } else {
            message
        }));
    }
    if let Some(structured) = result.get("structuredContent").filter(|v| !v.is_null()) {
        return Ok(structured.clone());
    }
    if content.is_empty() {
        return Ok(Value::Null);
    }
    if texts.len() == content.len() {
        let text = texts.join("\n");
        return Ok(serde_json::from_str(&text).unwrap_or(Value::String(text)));
    }
    Ok(Value::Array(content))
}

#[async_trait(?Send)]
impl Connector for McpConnector {
    fn name(&self) -> &str {
        &self.settings.name
    }

    fn instructions(&self) -> String {
        self.instructions.clone()
    }

    fn tools(&self) -> Vec<ToolSpec> {
        self.tools.clone()
    }

    async fn execute(
        &self,
        args: Value,
        ctx: &CallContext,
    ) -> std::result::Result<Value, ToolError> {
        let Some((_, remote)) = self.names.iter().find(|(method, _)| *method == ctx.method) else {
            return Err(ToolError::new(format!(
                "`{}` has no tool `{}`",
                self.settings.name, ctx.method
            )));
        };
        let key = ctx.idempotency_key();
        let params = call_params(remote, args, Some(&key));
        let result = self
            .call_tool(params, &key)
            .await
            .map_err(|failure| match failure {
                Failure::Remote { .. } => ToolError::new(failure.to_string()),
                other => ToolError::new(format!("MCP server {}: {other}", self.url)),
            })?;
        unwrap_tool_result(&result)
    }
}
