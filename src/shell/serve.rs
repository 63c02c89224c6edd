//! Serving one runtime inside a Durable Object: `POST /rpc`, `GET /tool`, the WebSocket upgrade
//! and the Agents RPC frames. Used by the shipped object and by Rust users hosting the runtime in
//! their own Durable Object.

use serde_json::{json, Value};
use worker::{Method, Request, Response, State, WebSocket, WebSocketIncomingMessage, WebSocketPair};

use super::http;
use crate::error::Error;
use crate::rpc;
use crate::runtime::Runtime;

/// Largest request body accepted (a script is far smaller; see `RuntimeConfig::max_code_bytes`).
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// Splits `/agents/<namespace>/<instance>[/<rest>]`.
pub fn agent_route(path: &str) -> Option<(&str, &str, &str)> {
    let rest = path.strip_prefix("/agents/")?;
    let (namespace, rest) = rest.split_once('/').unwrap_or((rest, ""));
    let (instance, rest) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    if namespace.is_empty() || instance.is_empty() {
        return None;
    }
    Some((namespace, instance, rest))
}

/// Handles one request routed to the object. `runtime` is `Err` if the object could not build its
/// runtime (bad storage or configuration): every request then gets that error.
pub async fn handle_request(
    runtime: Result<&Runtime, &Error>,
    state: &State,
    mut req: Request,
) -> worker::Result<Response> {
    let path = req.path();
    let Some((namespace, instance, rest)) = agent_route(&path) else {
        return http::error(&Error::NotFound(format!("no route for `{path}`")));
    };
    let runtime = match runtime {
        Ok(runtime) => runtime,
        Err(error) => return http::error(error),
    };
    let upgrade = req.headers().get("upgrade")?.unwrap_or_default();
    if upgrade.eq_ignore_ascii_case("websocket") && (rest.is_empty() || rest == "/") {
        return accept_websocket(state, namespace, instance);
    }
    match (req.method(), rest) {
        (Method::Post, "/rpc") => {
            let body = req.bytes().await?;
            let result = match check_size(&body).and_then(|()| rpc::parse_request(&body)) {
                Ok((method, args)) => rpc::dispatch(runtime, &method, &args).await,
                Err(error) => Err(error),
            };
            if let Ok((method, args)) = rpc::parse_request(&body) {
                if result.is_ok() {
                    broadcast_change(runtime, state, &method, &args, result.as_ref().ok());
                }
            }
            match result {
                Ok(value) => http::json(&json!({ "result": value }), 200),
                Err(error) => http::error(&error),
            }
        }
        (Method::Post, "/mcp") => {
            let body = req.bytes().await?;
            if let Err(error) = check_size(&body) {
                return http::error(&error);
            }
            let reply = crate::mcp::handle(runtime, &body).await;
            match reply.body {
                Some(body) => http::json(&body, reply.status),
                None => Ok(Response::empty()?.with_status(reply.status)),
            }
        }
        (Method::Get | Method::Delete, "/mcp") => {
            let mut response = http::json(
                &json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32000, "message": "this MCP server is stateless: POST only"}}),
                405,
            )?;
            response.headers_mut().set("allow", "POST")?;
            Ok(response)
        }
        (Method::Get, "/tool") => http::json(&serde_json::to_value(runtime.tool()).unwrap_or_default(), 200),
        (Method::Get, "" | "/") => http::json(
            &json!({
                "agent": namespace,
                "name": instance,
                "routes": ["GET (Upgrade: websocket)", "POST /rpc", "POST /mcp", "GET /tool"],
                "methods": rpc::METHODS,
            }),
            200,
        ),
        (method, "/rpc" | "/tool") => http::error(&Error::MethodNotAllowed(format!(
            "{method:?} {rest} is not served; use {}",
            if rest == "/rpc" { "POST" } else { "GET" }
        ))),
        (method, rest) => http::error(&Error::NotFound(format!("no route for {method:?} {rest}"))),
    }
}

fn check_size(body: &[u8]) -> Result<(), Error> {
    if body.len() > MAX_BODY_BYTES {
        return Err(Error::BodyTooLarge(format!(
            "the body is {} bytes; the limit is {MAX_BODY_BYTES}",
            body.len()
        )));
    }
    Ok(())
}

/// Accepts a hibernatable WebSocket and greets it with the Agents identity frame.
fn accept_websocket(state: &State, namespace: &str, instance: &str) -> worker::Result<Response> {
    let pair = WebSocketPair::new()?;
    state.accept_websocket_with_tags(&pair.server, &[instance, namespace]);
    let identity = json!({"type": "cf_agent_identity", "name": instance, "agent": namespace});
    pair.server.send_with_str(identity.to_string())?;
    Response::from_websocket(pair.client)
}

/// Answers one Agents RPC frame. Frames that are not `{"type":"rpc",...}` are ignored.
pub async fn handle_websocket_message(
    runtime: Result<&Runtime, &Error>,
    state: &State,
    ws: &WebSocket,
    message: WebSocketIncomingMessage,
) -> worker::Result<()> {
    let WebSocketIncomingMessage::String(text) = message else { return Ok(()) };
    if text.len() > MAX_BODY_BYTES {
        return Ok(());
    }
    let Ok(frame) = serde_json::from_str::<Value>(&text) else { return Ok(()) };
    if frame.get("type").and_then(Value::as_str) != Some("rpc") {
        return Ok(());
    }
    let id = frame.get("id").cloned().unwrap_or(Value::Null);
    let result = match (runtime, frame.get("method").and_then(Value::as_str)) {
        (Err(error), _) => Err(error.clone()),
        (Ok(_), None) => Err(Error::BadRequest("an rpc frame needs a string `method`".into())),
        (Ok(runtime), Some(method)) => {
            let args = match frame.get("args") {
                Some(Value::Array(args)) => args.clone(),
                None | Some(Value::Null) => Vec::new(),
                Some(_) => return send(ws, &rpc_error(&id, &Error::BadRequest("`args` must be an array".into()))),
            };
            let result = rpc::dispatch(runtime, method, &args).await;
            if let Ok(value) = &result {
                broadcast_change(runtime, state, method, &args, Some(value));
            }
            result
        }
    };
    let reply = match result {
        Ok(value) => json!({"type": "rpc", "id": id, "success": true, "result": value, "done": true}),
        Err(error) => rpc_error(&id, &error),
    };
    send(ws, &reply)
}

fn rpc_error(id: &Value, error: &Error) -> Value {
    json!({"type": "rpc", "id": id, "success": false, "error": format!("{}: {}", error.code(), error)})
}

fn send(ws: &WebSocket, frame: &Value) -> worker::Result<()> {
    // The client may have gone away meanwhile; that is not the object's failure.
    let _ = ws.send_with_str(frame.to_string());
    Ok(())
}

/// Tells every connected client that something changed, so pages update live:
/// `{"type":"cf_codemode_changed", method, executionId, status, snippet}`. Only mutating methods
/// that changed something broadcast; `status` is the execution's status after the change.
fn broadcast_change(runtime: &Runtime, state: &State, method: &str, args: &[Value], result: Option<&Value>) {
    if !rpc::MUTATING_METHODS.contains(&method) || result == Some(&Value::Bool(false)) {
        return;
    }
    let arg = |i: usize| args.get(i).and_then(Value::as_str).map(str::to_string);
    let (execution_id, snippet) = match method {
        "saveSnippet" => (arg(2), arg(0)),
        "deleteSnippet" => (None, arg(0)),
        "execute" => (result.and_then(|r| r.get("executionId")).and_then(Value::as_str).map(str::to_string), None),
        _ => (arg(0), None),
    };
    let status = execution_id
        .as_deref()
        .and_then(|id| runtime.execution(id).ok())
        .map(|execution| execution.status.as_str());
    let mut frame = json!({"type": "cf_codemode_changed", "method": method, "executionId": execution_id, "status": status});
    if let Some(snippet) = snippet {
        frame["snippet"] = Value::String(snippet);
    }
    for ws in state.get_websockets() {
        let _ = ws.send_with_str(frame.to_string());
    }
}

/// Answers a client's close frame so its close handshake completes (echoing its code when that
/// code may be sent; 1005/1006 may not, so 1000 stands in).
pub fn complete_close(ws: &WebSocket, code: usize, reason: &str) {
    let code = match u16::try_from(code) {
        Ok(code @ (1000 | 1001 | 1003 | 1007..=1014 | 3000..=4999)) => code,
        _ => 1000,
    };
    let _ = ws.close(Some(code), Some(reason));
}
