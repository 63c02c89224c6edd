//! The MCP server (Streamable HTTP, stateless JSON responses): tools `codemode`, `search` and
//! `describe` over the same runtime. Pure: bytes in, status and JSON out; the shell frames it.

use serde_json::{json, Value};

use std::cell::Cell;
use std::rc::Rc;

use crate::error::Error;
use crate::method::Method;
use crate::run::lifecycle::Who;
use crate::runtime::{Progress, ProgressSink, Runtime};
use crate::token::Access;

/// Sends a JSON-RPC notification to the client while a request is answered (an event stream).
pub type Notify = Rc<dyn Fn(Value)>;

/// Protocol versions this server speaks, newest first.
pub const PROTOCOL_VERSIONS: &[&str] = &["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/// JSON-RPC error codes used here.
pub mod codes {
    pub const PARSE_ERROR: i64 = -32700;
    pub const INVALID_REQUEST: i64 = -32600;
    pub const METHOD_NOT_FOUND: i64 = -32601;
    pub const INVALID_PARAMS: i64 = -32602;
    /// The request's credential does not allow it (a scoped token outside its scope); `data`
    /// holds the runtime's `{code, message}` (`FORBIDDEN`).
    pub const REFUSED: i64 = -32003;
}

/// The contract method each tool runs, for scope checks.
fn tool_method(tool: &str) -> Option<Method> {
    match tool {
        "codemode" => Some(Method::Execute),
        "search" => Some(Method::Search),
        "describe" => Some(Method::Describe),
        _ => None,
    }
}

/// A refusal: JSON-RPC error `REFUSED` with the runtime's error in `data`.
fn refused(id: &Value, error: &Error) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {
        "code": codes::REFUSED, "message": format!("{}: {}", error.code(), error), "data": error.to_info()
    }})
}

/// What to send back: an HTTP status and an optional JSON body (none for notifications: 202).
#[derive(Debug, Clone, PartialEq)]
pub struct McpReply {
    pub status: u16,
    pub body: Option<Value>,
    /// The reply answers `initialize`: the shell gives the client a new `Mcp-Session-Id`, which
    /// the client sends with every later request and which keys its requests' runs (see
    /// [`Client`]).
    pub new_session: bool,
}

/// Which client a message comes from: its `Mcp-Session-Id` (issued at `initialize`), or none
/// for a client that did not initialize. Request ids are the client's own (every client counts
/// from 0 or 1), so a run is tagged by both and `notifications/cancelled` reaches only the runs of
/// the client that sent it (two clients of one conversation cancelled each other's runs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Client<'a> {
    pub session: Option<&'a str>,
}

impl Client<'_> {
    /// The tag a `tools/call` of this client with JSON-RPC id `id` runs under.
    fn request_tag(&self, id: &Value) -> String {
        format!("mcp:{}:{id}", Value::from(self.session.unwrap_or("")))
    }
}

fn rpc_error(id: &Value, code: i64, message: impl Into<String>) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message.into()}})
}

fn rpc_result(id: &Value, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// The tools this server lists to a caller with `grant` (a `read` token sees `search` and
/// `describe` only).
pub fn tools_for(runtime: &Runtime, access: &Access) -> Value {
    let Value::Array(all) = tools(runtime) else {
        return json!([]);
    };
    let allowed = all
        .into_iter()
        .filter(|tool| {
            let name = tool.get("name").and_then(Value::as_str).unwrap_or("");
            tool_method(name)
                .is_some_and(|method| access.grant.check_method(method, access.now_ms).is_ok())
        })
        .collect();
    Value::Array(allowed)
}

/// The tools this server lists.
pub fn tools(runtime: &Runtime) -> Value {
    let descriptor = runtime.tool();
    json!([
        {"name": "codemode", "description": descriptor.description, "inputSchema": descriptor.input_schema},
        {
            "name": "search",
            "description": "Search the tools and saved snippets available to codemode scripts.",
            "inputSchema": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}
        },
        {
            "name": "describe",
            "description": "TypeScript declarations of a connector (`notes`), a method (`notes.createNote`) or a snippet.",
            "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}
        }
    ])
}

fn text_result(text: String, structured: Value, is_error: bool) -> Value {
    json!({"content": [{"type": "text", "text": text}], "structuredContent": structured, "isError": is_error})
}

/// A completed run's images as MCP `image` content after the report (base64 and type, as the
/// protocol carries them); one that cannot be read is left out (its URL is in the report).
fn add_images(runtime: &Runtime, output: &crate::model::ExecuteOutput, result: &mut Value) {
    let crate::model::ExecuteOutput::Completed {
        images: Some(images),
        ..
    } = output
    else {
        return;
    };
    let Some(content) = result.get_mut("content").and_then(Value::as_array_mut) else {
        return;
    };
    for kept in images {
        if let Ok(stored) = runtime.image(&kept.image.id) {
            content.push(json!({
                "type": "image",
                "data": crate::images::encode_base64(&stored.data),
                "mimeType": stored.image.mime_type,
            }));
        }
    }
}

fn error_result(error: &Error) -> Value {
    let text = format!("{}: {}", error.code(), error);
    json!({"content": [{"type": "text", "text": text}], "structuredContent": {"error": error.to_info()}, "isError": true})
}

fn string_argument<'a>(arguments: &'a Value, name: &str) -> Result<&'a str, String> {
    arguments
        .get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("argument `{name}` must be a string"))
}

async fn call_tool(
    runtime: &Runtime,
    access: &Access,
    client: Client<'_>,
    id: &Value,
    params: &Value,
    notify: Option<&Notify>,
) -> Result<Value, Error> {
    let name = params.get("name").and_then(Value::as_str).unwrap_or("");
    if let Some(method) = tool_method(name) {
        access.grant.check_method(method, access.now_ms)?;
    }
    Ok(call_allowed_tool(runtime, client.request_tag(id), id, name, params, notify).await)
}

/// The progress token of a `tools/call` (`params._meta.progressToken`).
fn progress_token(params: &Value) -> Option<Value> {
    params
        .get("_meta")
        .and_then(|meta| meta.get("progressToken"))
        .filter(|t| t.is_string() || t.is_number())
        .cloned()
}

/// `true` if `body` is one `tools/call` of `codemode` that asks for progress: the shell answers
/// it as an event stream (see [`handle_streaming`]).
pub fn wants_progress(body: &[u8]) -> bool {
    let Ok(message) = serde_json::from_slice::<Value>(body) else {
        return false;
    };
    let params = message.get("params").cloned().unwrap_or(Value::Null);
    message.get("method").and_then(Value::as_str) == Some("tools/call")
        && message.get("id").is_some()
        && params.get("name").and_then(Value::as_str) == Some("codemode")
        && progress_token(&params).is_some()
}

/// A sink that turns each finished call of the run into `notifications/progress` (`progress`
/// counts the calls finished so far).
fn progress_sink(token: Value, notify: Notify) -> ProgressSink {
    let finished = Cell::new(0u64);
    Rc::new(move |event: &Progress| {
        let Progress::Call {
            connector,
            method,
            state,
            ..
        } = event
        else {
            return;
        };
        if !event.is_finish() {
            return;
        }
        finished.set(finished.get() + 1);
        let state = serde_json::to_value(state)
            .ok()
            .and_then(|s| s.as_str().map(str::to_string))
            .unwrap_or_default();
        notify(
            json!({"jsonrpc": "2.0", "method": "notifications/progress", "params": {
                "progressToken": token, "progress": finished.get(), "message": format!("{connector}.{method} {state}")
            }}),
        );
    })
}

async fn call_allowed_tool(
    runtime: &Runtime,
    tag: String,
    id: &Value,
    name: &str,
    params: &Value,
    notify: Option<&Notify>,
) -> Value {
    let empty = json!({});
    let arguments = params.get("arguments").unwrap_or(&empty);
    let result = match name {
        "codemode" => match string_argument(arguments, "code") {
            Err(message) => return rpc_error(id, codes::INVALID_PARAMS, message),
            Ok(code) => {
                let watcher = progress_token(params)
                    .zip(notify)
                    .map(|(token, notify)| progress_sink(token, notify.clone()));
                runtime.execute_tagged(code, watcher, Some(tag)).await
            }
            .map(|output| {
                let structured = serde_json::to_value(&output).unwrap_or_default();
                let mut result =
                    text_result(output.report().to_string(), structured, output.is_error());
                add_images(runtime, &output, &mut result);
                result
            }),
        },
        "search" => match string_argument(arguments, "query") {
            Err(message) => return rpc_error(id, codes::INVALID_PARAMS, message),
            Ok(query) => runtime.search(query).map(|results| {
                let structured = serde_json::to_value(&results).unwrap_or_default();
                text_result(structured.to_string(), structured, false)
            }),
        },
        "describe" => match string_argument(arguments, "path") {
            Err(message) => return rpc_error(id, codes::INVALID_PARAMS, message),
            Ok(path) => runtime.describe(path).map(|description| {
                let text = description.types.clone();
                text_result(
                    text,
                    serde_json::to_value(&description).unwrap_or_default(),
                    false,
                )
            }),
        },
        other => {
            return rpc_error(
                id,
                codes::INVALID_PARAMS,
                format!("unknown tool `{other}`; tools: codemode, search, describe"),
            )
        }
    };
    rpc_result(id, result.unwrap_or_else(|error| error_result(&error)))
}

/// Answers one JSON-RPC message; `None` for notifications and responses. A refused call also
/// gives the HTTP status it earns (403 `FORBIDDEN`, 401 otherwise).
async fn handle_message(
    runtime: &Runtime,
    access: &Access,
    client: Client<'_>,
    message: &Value,
    notify: Option<&Notify>,
) -> Option<(Value, Option<u16>)> {
    let Some(object) = message.as_object() else {
        return Some((
            rpc_error(
                &Value::Null,
                codes::INVALID_REQUEST,
                "a JSON-RPC message is an object",
            ),
            None,
        ));
    };
    let id = object.get("id").cloned();
    let Some(method) = object.get("method").and_then(Value::as_str) else {
        // A response from the client (we send no requests) or garbage without an id: nothing to say.
        return id.map(|id| {
            (
                rpc_error(
                    &id,
                    codes::INVALID_REQUEST,
                    "a request needs a string `method`",
                ),
                None,
            )
        });
    };
    let params = object.get("params").cloned().unwrap_or(json!({}));
    if id.is_none() && method == "notifications/cancelled" {
        cancel_request(runtime, access, client, &params);
    }
    let id = id?; // notifications get no answer
    let reply = match method {
        "initialize" => {
            let asked = params
                .get("protocolVersion")
                .and_then(Value::as_str)
                .unwrap_or("");
            let version = PROTOCOL_VERSIONS
                .iter()
                .find(|v| **v == asked)
                .unwrap_or(&PROTOCOL_VERSIONS[0]);
            rpc_result(
                &id,
                json!({
                    "protocolVersion": version,
                    "capabilities": {"tools": {"listChanged": false}},
                    "serverInfo": {"name": "codemode-runtime", "version": env!("CARGO_PKG_VERSION")},
                    "instructions": "Call `codemode` with a JavaScript program; use `search` and `describe` to find tools."
                }),
            )
        }
        "ping" => rpc_result(&id, json!({})),
        "tools/list" => rpc_result(&id, json!({"tools": tools_for(runtime, access)})),
        "tools/call" => match call_tool(runtime, access, client, &id, &params, notify).await {
            Ok(reply) => reply,
            Err(error) => {
                let status = if matches!(error, Error::Forbidden(_)) {
                    403
                } else {
                    401
                };
                return Some((refused(&id, &error), Some(status)));
            }
        },
        other => rpc_error(
            &id,
            codes::METHOD_NOT_FOUND,
            format!("method `{other}` is not supported"),
        ),
    };
    Some((reply, None))
}

/// `notifications/cancelled` for a `tools/call` in progress: its run is cancelled (as
/// `cancelExecution` would, by the token's subject or "an MCP client", with the reason given),
/// if the caller may cancel. Anything else about it is ignored, as notifications are.
fn cancel_request(runtime: &Runtime, access: &Access, client: Client<'_>, params: &Value) {
    let Some(request_id) = params.get("requestId") else {
        return;
    };
    if access
        .grant
        .check_method(Method::CancelExecution, access.now_ms)
        .is_err()
    {
        return;
    }
    let by = access
        .grant
        .subject()
        .map_or_else(|| "an MCP client".to_string(), str::to_string);
    let reason = params
        .get("reason")
        .and_then(Value::as_str)
        .map(|r| r.chars().take(Who::MAX_REASON).collect());
    let _ = runtime.cancel_tagged(
        &client.request_tag(request_id),
        &Who {
            by: Some(by),
            reason,
        },
    );
}

/// Handles a `POST /mcp` body: one message or a batch, with full access, from a client without
/// a session.
pub async fn handle(runtime: &Runtime, body: &[u8]) -> McpReply {
    handle_with(runtime, &Access::main(0), Client::default(), body).await
}

/// Handles a `POST /mcp` body for a caller with `access`: `tools/list` lists the tools its scope
/// allows, and a `tools/call` outside it answers HTTP 403 with a JSON-RPC error
/// [`codes::REFUSED`] whose `data` is `{code: "FORBIDDEN", message}` (in a batch: that item).
pub async fn handle_with(
    runtime: &Runtime,
    access: &Access,
    client: Client<'_>,
    body: &[u8],
) -> McpReply {
    handle_notifying(runtime, access, client, body, None).await
}

/// [`handle_with`] for a body that [`wants_progress`]: each finished call of the run is sent
/// with `notify` as `notifications/progress` before the reply (the shell writes them, then the
/// reply, as an event stream).
pub async fn handle_streaming(
    runtime: &Runtime,
    access: &Access,
    client: Client<'_>,
    body: &[u8],
    notify: Notify,
) -> McpReply {
    handle_notifying(runtime, access, client, body, Some(&notify)).await
}

/// `true` if `message` is an `initialize` request.
fn is_initialize(message: &Value) -> bool {
    message.get("method").and_then(Value::as_str) == Some("initialize")
        && message.get("id").is_some()
}

async fn handle_notifying(
    runtime: &Runtime,
    access: &Access,
    client: Client<'_>,
    body: &[u8],
    notify: Option<&Notify>,
) -> McpReply {
    let message: Value = match serde_json::from_slice(body) {
        Ok(message) => message,
        Err(error) => {
            return McpReply {
                status: 400,
                body: Some(rpc_error(
                    &Value::Null,
                    codes::PARSE_ERROR,
                    format!("the body is not JSON: {error}"),
                )),
                new_session: false,
            }
        }
    };
    match message {
        Value::Array(batch) => {
            let mut replies = Vec::new();
            for message in &batch {
                if let Some((reply, _)) =
                    handle_message(runtime, access, client, message, None).await
                {
                    replies.push(reply);
                }
            }
            let new_session = batch.iter().any(is_initialize);
            if replies.is_empty() {
                McpReply {
                    status: 202,
                    body: None,
                    new_session,
                }
            } else {
                McpReply {
                    status: 200,
                    body: Some(Value::Array(replies)),
                    new_session,
                }
            }
        }
        single => {
            let new_session = is_initialize(&single);
            match handle_message(runtime, access, client, &single, notify).await {
                Some((reply, status)) => McpReply {
                    status: status.unwrap_or(200),
                    body: Some(reply),
                    new_session,
                },
                None => McpReply {
                    status: 202,
                    body: None,
                    new_session,
                },
            }
        }
    }
}
