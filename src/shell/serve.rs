//! Serving one runtime inside a Durable Object: `POST /rpc`, `GET /tool`, the WebSocket upgrade
//! and the Agents RPC frames. Used by the shipped object and by Rust users hosting the runtime in
//! their own Durable Object.

use std::rc::Rc;

use serde_json::{json, Value};
use worker::{
    Method, Request, Response, State, WebSocket, WebSocketIncomingMessage, WebSocketPair,
};

use super::http;
use crate::error::Error;
use crate::method::Method as CodemodeMethod;
use crate::rpc;
use crate::runtime::Runtime;
use crate::token::{Access, Claims, Grant, Keys};

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

/// The credential a request presents (`Authorization: Bearer`, else `?token=`).
pub fn presented_token(req: &Request) -> worker::Result<Option<String>> {
    let authorization = req.headers().get("authorization")?;
    let url = req.url()?;
    let query = url
        .query_pairs()
        .find(|(k, _)| k == "token")
        .map(|(_, v)| v.into_owned());
    Ok(crate::token::presented(authorization.as_deref(), query.as_deref()).map(str::to_string))
}

/// Handles one request routed to the object. `runtime` is `Err` if the object could not build its
/// runtime (bad storage or configuration): every request then gets that error. A scoped token
/// presented by the request limits what it may call (see [`crate::token`]); any other request has
/// full access (the Worker's front door already admitted it). An MCP `tools/call` with a progress
/// token is answered as an event stream, `notifications/progress` for each call that finishes,
/// then the result (the stream owns the shared runtime while the run goes on).
pub async fn handle_shared_request(
    runtime: Result<Rc<Runtime>, Error>,
    state: &State,
    req: Request,
    keys: &Keys,
) -> worker::Result<Response> {
    let shared = runtime.as_ref().ok().cloned();
    handle(runtime.as_deref(), shared, state, req, keys).await
}

async fn handle(
    runtime: Result<&Runtime, &Error>,
    shared: Option<Rc<Runtime>>,
    state: &State,
    mut req: Request,
    keys: &Keys,
) -> worker::Result<Response> {
    let path = req.path();
    let Some((namespace, instance, rest)) = agent_route(&path) else {
        return http::error(&Error::NotFound(format!("no route for `{path}`")));
    };
    let access = match keys
        .access_inside_object(presented_token(&req)?.as_deref(), super::now_ms())
        .and_then(|access| access.grant.check_instance(instance).map(|()| access))
    {
        Ok(access) => access,
        Err(error) => return http::error(&error),
    };
    let runtime = match runtime {
        Ok(runtime) => runtime,
        Err(error) => return http::error(error),
    };
    let upgrade = req.headers().get("upgrade")?.unwrap_or_default();
    if upgrade.eq_ignore_ascii_case("websocket") && (rest.is_empty() || rest == "/") {
        return accept_websocket(state, namespace, instance, &access.grant);
    }
    match (req.method(), rest) {
        (Method::Post, "/rpc") => post_rpc(runtime, &access, &mut req).await,
        (Method::Post, "/mcp") => post_mcp(runtime, shared, access, &mut req).await,
        (Method::Get | Method::Delete, "/mcp") => {
            let mut response = http::json(
                &json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32000, "message": "this MCP server is stateless: POST only"}}),
                405,
            )?;
            response.headers_mut().set("allow", "POST")?;
            Ok(response)
        }
        (Method::Get, "/tool") => match access
            .grant
            .check_method(CodemodeMethod::Tool, access.now_ms)
        {
            Ok(()) => http::json(
                &serde_json::to_value(runtime.tool()).unwrap_or_default(),
                200,
            ),
            Err(error) => http::error(&error),
        },
        (Method::Get, rest) if rest.starts_with("/images/") => {
            let id = &rest["/images/".len()..];
            let found = access
                .grant
                .check_method(CodemodeMethod::Execution, access.now_ms)
                .and_then(|()| runtime.image(id));
            match found {
                Ok(image) => image_response(&image),
                Err(error) => http::error(&error),
            }
        }
        (Method::Get, "" | "/") => describe_object(runtime, namespace, instance),
        (method, "/rpc" | "/tool") => http::error(&Error::MethodNotAllowed(format!(
            "{method:?} {rest} is not served; use {}",
            if rest == "/rpc" { "POST" } else { "GET" }
        ))),
        (method, rest) => http::error(&Error::NotFound(format!("no route for {method:?} {rest}"))),
    }
}

/// `POST /rpc`: one method call, `{"method", "args"}` in, `{"result"}` or the error out.
async fn post_rpc(
    runtime: &Runtime,
    access: &Access,
    req: &mut Request,
) -> worker::Result<Response> {
    let body = req.bytes().await?;
    let result = match check_size(&body).and_then(|()| rpc::parse_request(&body)) {
        Ok((method, args)) => rpc::dispatch_with(runtime, access, &method, &args).await,
        Err(error) => Err(error),
    };
    match result {
        Ok(value) => http::json(&json!({ "result": value }), 200),
        Err(error) => http::error(&error),
    }
}

/// `POST /mcp`: one MCP request, answered as JSON, or as an event stream when it is a
/// `tools/call` that asks for progress (and may execute) and the runtime can be `shared` with
/// the stream.
async fn post_mcp(
    runtime: &Runtime,
    shared: Option<Rc<Runtime>>,
    access: Access,
    req: &mut Request,
) -> worker::Result<Response> {
    let body = req.bytes().await?;
    if let Err(error) = check_size(&body) {
        return http::error(&error);
    }
    let session = req.headers().get("mcp-session-id")?;
    let may_execute = access
        .grant
        .check_method(CodemodeMethod::Execute, access.now_ms)
        .is_ok();
    if let (Some(shared), true) = (shared, may_execute && crate::mcp::wants_progress(&body)) {
        return event_stream(shared, access, session, body);
    }
    let client = crate::mcp::Client {
        session: session.as_deref(),
    };
    let reply = crate::mcp::handle_with(runtime, &access, client, &body).await;
    let mut response = match reply.body {
        Some(body) => http::json(&body, reply.status)?,
        None => Response::empty()?.with_status(reply.status),
    };
    if reply.new_session {
        // The session only names the client (its runs' cancellation tags); the server
        // keeps nothing for it.
        response
            .headers_mut()
            .set("mcp-session-id", &uuid::Uuid::new_v4().to_string())?;
    }
    Ok(response)
}

/// `GET /`: what the object is, what it serves, and the memory its isolate holds.
fn describe_object(runtime: &Runtime, namespace: &str, instance: &str) -> worker::Result<Response> {
    http::json(
        &json!({
            "agent": namespace,
            "name": instance,
            "routes": ["GET (Upgrade: websocket)", "POST /rpc", "POST /mcp", "GET /tool", "GET /images/<id>"],
            "methods": CodemodeMethod::names(),
            // What this isolate's wasm instance holds: its linear memory (which never
            // shrinks) and the bytes live in it now (the heap bound counts these).
            "memory": {
                "wasmBytes": crate::heap::linear_memory_bytes(),
                "liveBytes": crate::heap::live_bytes(),
                "maxHeapBytes": runtime.config().sandbox.max_heap_bytes,
                "isolateHeapBytes": runtime.config().sandbox.isolate_heap_bytes,
            },
        }),
        200,
    )
}

/// Answers an MCP request as a server-sent event stream: the notifications the run sends, then
/// the reply (see [`crate::sse::EventStream`]).
fn event_stream(
    runtime: Rc<Runtime>,
    access: Access,
    session: Option<String>,
    body: Vec<u8>,
) -> worker::Result<Response> {
    let stream = crate::sse::EventStream::new(move |notify| async move {
        let client = crate::mcp::Client {
            session: session.as_deref(),
        };
        crate::mcp::handle_streaming(&runtime, &access, client, &body, notify)
            .await
            .body
    });
    let mut response =
        Response::from_stream(futures_lite::StreamExt::map(stream, Ok::<_, worker::Error>))?;
    response
        .headers_mut()
        .set("content-type", "text/event-stream")?;
    response.headers_mut().set("cache-control", "no-cache")?;
    Ok(response)
}

/// An image's bytes with its type; ids never change their bytes, so it may be kept.
pub fn image_response(image: &crate::images::StoredImage) -> worker::Result<Response> {
    let mut response = Response::from_bytes(image.data.clone())?;
    let headers = response.headers_mut();
    headers.set("content-type", &image.image.mime_type)?;
    headers.set("cache-control", "private, max-age=31536000, immutable")?;
    headers.set("x-content-type-options", "nosniff")?;
    Ok(response)
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

/// Accepts a hibernatable WebSocket and greets it with the Agents identity frame. A scoped
/// token's claims are attached to the socket (they outlive hibernation): every frame is checked
/// against them.
fn accept_websocket(
    state: &State,
    namespace: &str,
    instance: &str,
    grant: &Grant,
) -> worker::Result<Response> {
    let pair = WebSocketPair::new()?;
    state.accept_websocket_with_tags(&pair.server, &[instance, namespace]);
    if let Grant::Scoped(claims) = grant {
        let claims =
            serde_json::to_string(claims).map_err(|e| worker::Error::RustError(e.to_string()))?;
        pair.server.serialize_attachment(claims)?;
    }
    let identity = json!({"type": "cf_agent_identity", "name": instance, "agent": namespace});
    pair.server.send_with_str(identity.to_string())?;
    Response::from_websocket(pair.client)
}

/// Answers one Agents RPC frame (frames that are not `{"type":"rpc",...}` are ignored). A socket
/// opened with a scoped token has each frame checked against the token's claims (its expiry
/// too). Changes are told to every socket by the runtime's progress sink
/// ([`super::websocket_progress`]).
pub async fn handle_websocket_message_with(
    runtime: Result<&Runtime, &Error>,
    ws: &WebSocket,
    message: WebSocketIncomingMessage,
    keys: &Keys,
) -> worker::Result<()> {
    // Fails closed: an attachment that cannot be read refuses the frame.
    let grant = match ws.deserialize_attachment::<String>() {
        Ok(None) => Ok(Grant::Main),
        Ok(Some(text)) => serde_json::from_str::<Claims>(&text)
            .map(Grant::Scoped)
            .map_err(|_| Error::Unauthorized("this socket's token cannot be read".into())),
        Err(_) => Err(Error::Unauthorized(
            "this socket's token cannot be read".into(),
        )),
    };
    let access = grant.map(|grant| Access {
        grant,
        key: keys.signing_key.clone(),
        now_ms: super::now_ms(),
    });
    let WebSocketIncomingMessage::String(text) = message else {
        return Ok(());
    };
    if text.len() > MAX_BODY_BYTES {
        return Ok(());
    }
    let Ok(frame) = serde_json::from_str::<Value>(&text) else {
        return Ok(());
    };
    if frame.get("type").and_then(Value::as_str) != Some("rpc") {
        return Ok(());
    }
    let id = frame.get("id").cloned().unwrap_or(Value::Null);
    let result = match (runtime, access, frame.get("method").and_then(Value::as_str)) {
        (_, Err(error), _) => Err(error),
        (Err(error), _, _) => Err(error.clone()),
        (Ok(_), _, None) => Err(Error::BadRequest(
            "an rpc frame needs a string `method`".into(),
        )),
        (Ok(runtime), Ok(access), Some(method)) => {
            let args = match frame.get("args") {
                Some(Value::Array(args)) => args.clone(),
                None | Some(Value::Null) => Vec::new(),
                Some(_) => {
                    return send(
                        ws,
                        &rpc_error(&id, &Error::BadRequest("`args` must be an array".into())),
                    )
                }
            };
            rpc::dispatch_with(runtime, &access, method, &args).await
        }
    };
    let reply = match result {
        Ok(value) => {
            json!({"type": "rpc", "id": id, "success": true, "result": value, "done": true})
        }
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

/// Answers a client's close frame so its close handshake completes (echoing its code when that
/// code may be sent; 1005/1006 may not, so 1000 stands in).
pub fn complete_close(ws: &WebSocket, code: usize, reason: &str) {
    let code = u16::try_from(code)
        .ok()
        .filter(|code| matches!(code, 1000 | 1001 | 1003 | 1007..=1014 | 3000..=4999))
        .unwrap_or(1000);
    let _ = ws.close(Some(code), Some(reason));
}
