//! The remote connectors (MCP client, OpenAPI) and `CODEMODE_CONNECTORS` parsing, natively, over
//! a scripted HTTP client that plays the server's side of each protocol. The same connectors run
//! against a real MCP SDK server and Prism in the integration suite; these tests pin the protocol
//! details (pagination, event streams, sessions, naming, unwrapping, URL building).

#![allow(clippy::err_expect)] // the connectors are not Debug; `.err().expect()` reads fine

mod common;

use std::cell::RefCell;
use std::rc::Rc;

use async_trait::async_trait;
use codemode_runtime::connector::method_name;
use codemode_runtime::model::ExecuteOutput;
use codemode_runtime::remote::config::{self, EntryKind, SpecSource};
use codemode_runtime::remote::http::{HttpClient, HttpRequest, HttpResponse};
use codemode_runtime::remote::mcp::{self, unwrap_tool_result, McpConnector};
use codemode_runtime::remote::openapi::{OpenApiConnector, Operations};
use codemode_runtime::remote::{ApprovalRule, RemoteSettings};
use codemode_runtime::{CallContext, Connector, MemoryStore, Runtime};
use common::{completed, run};
use serde_json::{json, Value};

type Handler = Box<dyn Fn(&HttpRequest) -> Result<HttpResponse, String>>;

/// An HTTP client that answers with a function and keeps every request.
struct Scripted {
    handler: Handler,
    sent: RefCell<Vec<HttpRequest>>,
}

impl Scripted {
    fn new(handler: impl Fn(&HttpRequest) -> Result<HttpResponse, String> + 'static) -> Rc<Self> {
        Rc::new(Self {
            handler: Box::new(handler),
            sent: RefCell::new(Vec::new()),
        })
    }

    /// Bodies of the requests sent so far, parsed.
    fn bodies(&self) -> Vec<Value> {
        self.sent
            .borrow()
            .iter()
            .filter_map(|r| r.body.as_deref())
            .filter_map(|b| serde_json::from_str(b).ok())
            .collect()
    }

    fn rpc_methods(&self) -> Vec<String> {
        self.bodies()
            .iter()
            .filter_map(|b| b["method"].as_str().map(str::to_string))
            .collect()
    }
}

#[async_trait(?Send)]
impl HttpClient for Scripted {
    async fn send(&self, request: HttpRequest, _timeout_ms: u64) -> Result<HttpResponse, String> {
        self.sent.borrow_mut().push(request.clone());
        (self.handler)(&request)
    }
}

fn header<'a>(request: &'a HttpRequest, name: &str) -> Option<&'a str> {
    request
        .headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

fn json_response(status: u16, body: Value) -> HttpResponse {
    HttpResponse {
        status,
        headers: vec![("content-type".into(), "application/json".into())],
        body: body.to_string(),
    }
}

fn sse_response(body: Value) -> HttpResponse {
    HttpResponse {
        status: 200,
        headers: vec![("content-type".into(), "text/event-stream; charset=utf-8".into())],
        body: format!("event: message\ndata: {{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}}\n\nevent: message\ndata: {body}\n\n"),
    }
}

fn tools_page_one() -> Value {
    json!([
        {"name": "add", "description": "Add two numbers.", "inputSchema": {
            "type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
            "required": ["a", "b"], "additionalProperties": false}},
        {"name": "get-weather", "title": "Weather for a city", "inputSchema": {
            "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}},
    ])
}

fn tools_page_two() -> Value {
    json!([
        {"name": "structured", "description": "Returns structured content.", "inputSchema": {"type": "object"},
         "outputSchema": {"type": "object", "properties": {"total": {"type": "number"}}}},
        {"name": "fail", "description": "Always fails.", "inputSchema": {"type": "object"}},
        {"name": "drop_table", "description": "Destructive.", "inputSchema": {"type": "object"},
         "annotations": {"destructiveHint": true}},
        {"name": "tagged", "description": "Marked for approval in _meta.", "inputSchema": {"type": "object"},
         "_meta": {"codemode/requiresApproval": true}},
    ])
}

/// A small MCP server: a session id, two pages of tools (the second as an event stream), and
/// `tools/call` answers per tool. `expire_after` makes the server forget the session once after
/// that many calls.
fn mcp_server(expire_after: Option<usize>) -> Rc<Scripted> {
    let calls = RefCell::new(0usize);
    let session = RefCell::new(1u32);
    Scripted::new(move |request| {
        let message: Value = serde_json::from_str(request.body.as_deref().unwrap_or("null"))
            .map_err(|e| e.to_string())?;
        let id = message["id"].clone();
        let current = format!("s{}", session.borrow());
        let method = message["method"].as_str().unwrap_or_default();
        if method != "initialize" && header(request, "mcp-session-id") != Some(current.as_str()) {
            return Ok(json_response(
                404,
                json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32001, "message": "Session not found"}}),
            ));
        }
        let reply = |result: Value| json!({"jsonrpc": "2.0", "id": id, "result": result});
        match method {
            "initialize" => {
                let mut response = json_response(
                    200,
                    reply(json!({
                    "protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                    "serverInfo": {"name": "scripted", "version": "1"}, "instructions": "Scripted test server."})),
                );
                response.headers.push(("mcp-session-id".into(), current));
                Ok(response)
            }
            "notifications/initialized" => Ok(HttpResponse {
                status: 202,
                headers: vec![],
                body: String::new(),
            }),
            "tools/list" => Ok(match message["params"]["cursor"].as_str() {
                None => json_response(
                    200,
                    reply(json!({"tools": tools_page_one(), "nextCursor": "page2"})),
                ),
                Some("page2") => sse_response(reply(json!({"tools": tools_page_two()}))),
                Some(other) => json_response(
                    200,
                    json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32602, "message": format!("bad cursor {other}")}}),
                ),
            }),
            "tools/call" => {
                *calls.borrow_mut() += 1;
                if expire_after == Some(*calls.borrow()) {
                    *session.borrow_mut() += 1;
                    return Ok(json_response(
                        404,
                        json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32001, "message": "Session not found"}}),
                    ));
                }
                let args = &message["params"]["arguments"];
                let text = |t: String| json!({"content": [{"type": "text", "text": t}]});
                Ok(json_response(
                    200,
                    reply(
                        match message["params"]["name"].as_str().unwrap_or_default() {
                            "add" => text(
                                (args["a"].as_f64().unwrap_or(0.0)
                                    + args["b"].as_f64().unwrap_or(0.0))
                                .to_string(),
                            ),
                            "get-weather" => {
                                text(format!("sunny in {}", args["city"].as_str().unwrap_or("?")))
                            }
                            "structured" => {
                                json!({"content": [{"type": "text", "text": "{\"total\": 1}"}], "structuredContent": {"total": 42}})
                            }
                            "fail" => {
                                json!({"content": [{"type": "text", "text": "the database is on fire"}], "isError": true})
                            }
                            "drop_table" | "tagged" => text("\"done\"".into()),
                            other => {
                                return Ok(json_response(
                                    200,
                                    json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32602, "message": format!("Tool {other} not found")}}),
                                ))
                            }
                        },
                    ),
                ))
            }
            other => Ok(json_response(
                200,
                json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": format!("no {other}")}}),
            )),
        }
    })
}

fn settings(name: &str) -> RemoteSettings {
    let mut settings = RemoteSettings::new(name);
    settings.headers = vec![("authorization".into(), "Bearer t0ken".into())];
    settings
}

fn connect_mcp(http: &Rc<Scripted>) -> McpConnector {
    run(McpConnector::connect(
        settings("docs"),
        "http://mcp.test/mcp",
        http.clone(),
    ))
    .expect("connect")
}

fn runtime_with(connector: impl Connector + 'static) -> Runtime {
    let store = Rc::new(MemoryStore::new());
    let clock: Rc<dyn Fn() -> i64> = Rc::new(|| 1_700_000_000_000);
    Runtime::new(store, vec![Box::new(connector)], clock).expect("runtime")
}

fn ctx(method: &str) -> CallContext {
    CallContext {
        execution_id: "ex1".into(),
        seq: 4,
        method: method.into(),
    }
}

#[test]
fn method_names_are_javascript_identifiers() {
    for (raw, expected) in [
        ("listNotes", "listNotes"),
        ("snake_case", "snake_case"),
        ("get-weather", "getWeather"),
        ("files/read.all", "filesReadAll"),
        ("2fa-code", "_2faCode"),
        ("--", "_"),
        ("héllo wörld", "hLloWRld"),
    ] {
        assert_eq!(method_name(raw), expected, "{raw}");
    }
}

#[test]
fn mcp_handshake_lists_every_page_and_names_tools_for_javascript() {
    let http = mcp_server(None);
    let connector = connect_mcp(&http);
    let tools = connector.tools();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "add",
            "getWeather",
            "structured",
            "fail",
            "drop_table",
            "tagged"
        ]
    );
    assert_eq!(
        tools[1].description, "Weather for a city",
        "title stands in for a missing description"
    );
    assert!(tools[2].output_schema.is_some());
    let approvals: Vec<&str> = tools
        .iter()
        .filter(|t| t.requires_approval)
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(
        approvals,
        ["drop_table", "tagged"],
        "destructive annotation and _meta mark approval"
    );
    assert_eq!(
        http.rpc_methods(),
        [
            "initialize",
            "notifications/initialized",
            "tools/list",
            "tools/list"
        ]
    );
    let init = &http.bodies()[0];
    assert_eq!(
        init["params"]["protocolVersion"], "2025-11-25",
        "asks for the newest version"
    );
    let sent = http.sent.borrow();
    for request in sent.iter() {
        assert_eq!(header(request, "authorization"), Some("Bearer t0ken"));
        assert_eq!(
            header(request, "accept"),
            Some("application/json, text/event-stream")
        );
    }
    for request in &sent[1..] {
        assert_eq!(header(request, "mcp-session-id"), Some("s1"));
        assert_eq!(header(request, "mcp-protocol-version"), Some("2025-06-18"));
    }
    assert!(connector.instructions().contains("Scripted test server."));
}

#[test]
fn mcp_results_unwrap_for_scripts() {
    let http = mcp_server(None);
    let runtime = runtime_with(connect_mcp(&http));
    let output = run(runtime.execute(
        r#"const sum = await docs.add({a: 1, b: 2});
           const s = await docs.structured({});
           const w = await docs.getWeather({city: "Oslo"});
           let failure;
           try { await docs.fail({}); } catch (e) { failure = e.message; }
           return {sum, s, w, failure};"#,
    ))
    .expect("execute");
    assert_eq!(
        completed(&output),
        json!({"sum": 3, "s": {"total": 42}, "w": "sunny in Oslo", "failure": "the database is on fire"})
    );
    let calls: Vec<Value> = http
        .bodies()
        .into_iter()
        .filter(|b| b["method"] == "tools/call")
        .collect();
    assert_eq!(
        calls[2]["params"]["name"], "get-weather",
        "the server gets its own tool name"
    );
    let id = output.execution_id().to_string();
    assert_eq!(
        calls[0]["params"]["_meta"]["codemode/idempotencyKey"],
        format!("{id}:0")
    );
    let sent = http.sent.borrow();
    let first_call = sent
        .iter()
        .find(|r| r.body.as_deref().is_some_and(|b| b.contains("tools/call")))
        .expect("a call");
    assert_eq!(
        header(first_call, "idempotency-key"),
        Some(format!("{id}:0").as_str())
    );
}

#[test]
fn mcp_arguments_are_validated_before_anything_is_sent() {
    let http = mcp_server(None);
    let runtime = runtime_with(connect_mcp(&http));
    let output = run(runtime.execute(
        r#"try { await docs.add({a: 1, b: "two"}); return "sent"; } catch (e) { return e.message; }"#,
    ))
    .expect("execute");
    let message = completed(&output);
    assert!(
        message.as_str().is_some_and(|m| m.contains("`b`")),
        "names the field: {message}"
    );
    assert!(
        !http.rpc_methods().contains(&"tools/call".to_string()),
        "nothing reached the server"
    );
}

#[test]
fn mcp_destructive_tool_pauses_and_runs_once_approved() {
    let http = mcp_server(None);
    let runtime = runtime_with(connect_mcp(&http));
    let output = run(runtime.execute("return await docs.drop_table({})")).expect("execute");
    assert!(matches!(output, ExecuteOutput::Paused { .. }), "{output:?}");
    assert!(!http.rpc_methods().contains(&"tools/call".to_string()));
    let done = run(runtime.approve_execution(output.execution_id())).expect("approve");
    assert_eq!(completed(&done), json!("done"));
    assert_eq!(
        http.rpc_methods()
            .iter()
            .filter(|m| *m == "tools/call")
            .count(),
        1
    );
}

#[test]
fn mcp_session_dropped_by_the_server_is_renewed_once() {
    let http = mcp_server(Some(2));
    let connector = connect_mcp(&http);
    assert_eq!(
        run(connector.execute(json!({"a": 1, "b": 1}), &ctx("add"))),
        Ok(json!(2))
    );
    assert_eq!(
        run(connector.execute(json!({"a": 2, "b": 2}), &ctx("add"))),
        Ok(json!(4))
    );
    let methods = http.rpc_methods();
    assert_eq!(
        &methods[4..],
        [
            "tools/call",
            "tools/call",
            "initialize",
            "notifications/initialized",
            "tools/call"
        ],
        "re-initialised after the 404, then retried"
    );
    let last = http.sent.borrow().last().cloned().expect("a request");
    assert_eq!(header(&last, "mcp-session-id"), Some("s2"));
}

#[test]
fn mcp_tools_that_collide_as_methods_are_refused() {
    let http = Scripted::new(|request| {
        let message: Value = serde_json::from_str(request.body.as_deref().unwrap_or("null"))
            .map_err(|e| e.to_string())?;
        let reply = |result: Value| {
            json_response(
                200,
                json!({"jsonrpc": "2.0", "id": message["id"], "result": result}),
            )
        };
        Ok(match message["method"].as_str().unwrap_or_default() {
            "initialize" => reply(
                json!({"protocolVersion": "2025-03-26", "capabilities": {}, "serverInfo": {"name": "x", "version": "1"}}),
            ),
            "tools/list" => reply(
                json!({"tools": [{"name": "get-item", "inputSchema": {"type": "object"}}, {"name": "getItem", "inputSchema": {"type": "object"}}]}),
            ),
            _ => HttpResponse {
                status: 202,
                headers: vec![],
                body: String::new(),
            },
        })
    });
    let error = run(McpConnector::connect(
        settings("docs"),
        "http://mcp.test/mcp",
        http,
    ))
    .err()
    .expect("refused");
    assert_eq!(error.code(), "INVALID_CONFIG");
    let message = error.to_string();
    assert!(
        message.contains("`get-item`")
            && message.contains("`getItem`")
            && message.contains("`docs`"),
        "{message}"
    );
}

#[test]
fn mcp_server_that_cannot_be_reached_is_connector_unavailable() {
    let down = Scripted::new(|_| Err("connection refused".to_string()));
    let error = run(McpConnector::connect(
        settings("docs"),
        "http://mcp.test/mcp",
        down,
    ))
    .err()
    .expect("fails");
    assert_eq!(error.code(), "CONNECTOR_UNAVAILABLE");
    assert!(error.to_string().contains("connection refused"), "{error}");

    let old = Scripted::new(|request| {
        let message: Value = serde_json::from_str(request.body.as_deref().unwrap_or("null"))
            .map_err(|e| e.to_string())?;
        Ok(json_response(
            200,
            json!({"jsonrpc": "2.0", "id": message["id"], "result": {"protocolVersion": "2023-01-01"}}),
        ))
    });
    let error = run(McpConnector::connect(
        settings("docs"),
        "http://mcp.test/mcp",
        old,
    ))
    .err()
    .expect("fails");
    assert!(error.to_string().contains("2023-01-01"), "{error}");
}

#[test]
fn mcp_result_unwrapping_rules() {
    assert_eq!(
        unwrap_tool_result(&json!({"content": [{"type": "text", "text": "[1,2]"}]})),
        Ok(json!([1, 2]))
    );
    assert_eq!(
        unwrap_tool_result(&json!({"content": [{"type": "text", "text": "plain"}]})),
        Ok(json!("plain"))
    );
    assert_eq!(unwrap_tool_result(&json!({"content": []})), Ok(Value::Null));
    let image = json!({"content": [{"type": "image", "data": "AA==", "mimeType": "image/png"}]});
    assert_eq!(unwrap_tool_result(&image), Ok(image["content"].clone()));
    let failed = unwrap_tool_result(&json!({"isError": true, "content": []}))
        .err()
        .expect("rejects");
    assert_eq!(failed.0, "the tool failed");
    // The protocol's older shape (2024-10-07): `toolResult` is the value; a result that also
    // has content is read by its content.
    assert_eq!(
        unwrap_tool_result(&json!({"toolResult": {"n": 1}})),
        Ok(json!({"n": 1}))
    );
    assert_eq!(
        unwrap_tool_result(
            &json!({"toolResult": null, "content": [{"type": "text", "text": "2"}]})
        ),
        Ok(json!(2))
    );
}

#[test]
fn an_mcp_tool_definition_becomes_a_method_the_same_way_for_the_package() {
    // `tool_spec` and `call_params` are what the package's McpConnector class uses over a
    // connection of the user's own: the same rules as the connector over HTTP.
    let destructive = json!({"name": "delete-item", "title": "Delete", "inputSchema": {"type": "object"},
        "annotations": {"destructiveHint": true}});
    let spec = mcp::tool_spec(&destructive, "deleteItem", |by_default| by_default);
    assert_eq!(
        (spec.name.as_str(), spec.description.as_str()),
        ("deleteItem", "Delete")
    );
    assert!(spec.requires_approval);
    let read_only = json!({"name": "note", "description": "Reads", "annotations": {"destructiveHint": true, "readOnlyHint": true}});
    let spec = mcp::tool_spec(&read_only, "note", |by_default| by_default);
    assert!(!spec.requires_approval, "read-only wins over destructive");
    assert_eq!(
        spec.input_schema,
        json!({"type": "object"}),
        "no schema: any object"
    );
    assert_eq!(
        mcp::call_params("delete-item", json!({"id": "a"}), Some("run:3")),
        json!({"name": "delete-item", "arguments": {"id": "a"}, "_meta": {"codemode/idempotencyKey": "run:3"}})
    );
    assert_eq!(
        mcp::call_params("note", json!({}), None),
        json!({"name": "note", "arguments": {}})
    );
}

// ---- OpenAPI ----

fn pet_document() -> Value {
    json!({
        "openapi": "3.0.3",
        "info": {"title": "Pets", "description": "A pet shop."},
        "servers": [{"url": "/v{version}", "variables": {"version": {"default": "2"}}}],
        "paths": {
            "/pets/{petId}": {
                "parameters": [{"name": "petId", "in": "path", "required": true, "schema": {"type": "integer"}}],
                "get": {"operationId": "getPet", "summary": "Find a pet",
                        "parameters": [{"name": "X-Trace", "in": "header", "schema": {"type": "string"}}],
                        "responses": {"200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}},
                "delete": {"summary": "Remove a pet", "responses": {"204": {"description": "gone"}}}
            },
            "/pets": {
                "get": {"operationId": "find-pets", "parameters": [
                    {"$ref": "#/components/parameters/Tags"},
                    {"name": "limit", "in": "query", "schema": {"type": "integer", "nullable": true}}],
                    "responses": {"200": {"description": "ok"}}},
                "post": {"operationId": "addPet", "requestBody": {"required": true,
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
                    "responses": {"201": {"description": "created"}}}
            }
        },
        "components": {
            "parameters": {"Tags": {"name": "tags", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}}},
            "schemas": {"Pet": {"type": "object", "required": ["name"], "properties": {
                "name": {"type": "string"}, "friends": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}
        }
    })
}

/// A pet service: answers by method and path, echoing what it got.
fn pet_service() -> Rc<Scripted> {
    Scripted::new(|request| {
        Ok(match (request.method.as_str(), request.url.as_str()) {
            ("GET", "https://pets.test/v2/pets/7") => json_response(
                200,
                json!({"name": "Rex", "trace": header(request, "X-Trace")}),
            ),
            ("GET", "https://pets.test/v2/pets/404") => HttpResponse {
                status: 404,
                headers: vec![],
                body: "no such pet\n".into(),
            },
            ("GET", url) if url.starts_with("https://pets.test/v2/pets?") => {
                json_response(200, json!({"url": url}))
            }
            ("POST", "https://pets.test/v2/pets") => json_response(
                201,
                serde_json::from_str(request.body.as_deref().unwrap_or("null")).unwrap_or_default(),
            ),
            ("DELETE", _) => HttpResponse {
                status: 204,
                headers: vec![],
                body: String::new(),
            },
            _ => HttpResponse {
                status: 500,
                headers: vec![],
                body: format!("unexpected {} {}", request.method, request.url),
            },
        })
    })
}

fn pets(http: &Rc<Scripted>) -> OpenApiConnector {
    OpenApiConnector::from_document(
        settings("pets"),
        &pet_document(),
        Some("https://pets.test/specs/openapi.json"),
        None,
        http.clone(),
    )
    .expect("connector")
}

#[test]
fn openapi_operations_plan_requests_without_a_base_url() {
    // What the package's OpenApiConnector class hands the user's `request()`: the reference's
    // `{path, method, params?, body?, headers?}`, the path's parameters in place.
    let operations =
        Operations::from_document(&settings("pets"), &pet_document()).expect("operations");
    let names: Vec<&str> = operations.tools().iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["getPet", "deletePetsByPetId", "findPets", "addPet"]);
    let get = operations
        .request("getPet", json!({"petId": 7, "X-Trace": "t1"}))
        .expect("planned");
    assert_eq!(
        get.options(),
        json!({"path": "/pets/7", "method": "GET", "headers": {"X-Trace": "t1"}})
    );
    let find = operations
        .request("findPets", json!({"tags": ["a", "b"], "limit": null}))
        .expect("planned");
    assert_eq!(
        find.options(),
        json!({"path": "/pets", "method": "GET", "params": {"tags": ["a", "b"]}})
    );
    let add = operations
        .request("addPet", json!({"body": {"name": "Rex"}}))
        .expect("planned");
    assert_eq!(
        add.options(),
        json!({"path": "/pets", "method": "POST", "body": {"name": "Rex"}})
    );
    let climbing = operations
        .request("getPet", json!({"petId": ".."}))
        .err()
        .expect("refused");
    assert_eq!(climbing.0, "path parameter `petId` cannot be \"..\"");
    let unknown = operations
        .request("nothing", json!({}))
        .err()
        .expect("refused");
    assert_eq!(unknown.0, "`pets` has no operation `nothing`");
    // Each operation's plan survives JSON (the package keeps it as text beside its tool).
    let (_, plan) = operations.planned().next().expect("one");
    let text = serde_json::to_string(plan).expect("serialises");
    let back: codemode_runtime::remote::openapi::Operation =
        serde_json::from_str(&text).expect("parses");
    assert_eq!(
        back.request(json!({"petId": 1})).expect("planned").path,
        "/pets/1"
    );
}

#[test]
fn openapi_operations_become_methods_with_inlined_schemas() {
    let connector = pets(&pet_service());
    let tools = connector.tools();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_str()).collect();
    // In the order the document lists them.
    assert_eq!(names, ["getPet", "deletePetsByPetId", "findPets", "addPet"]);
    let approvals: Vec<&str> = tools
        .iter()
        .filter(|t| t.requires_approval)
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(
        approvals,
        ["deletePetsByPetId", "addPet"],
        "writes need approval by default"
    );
    let tool = |name: &str| tools.iter().find(|t| t.name == name).expect("tool");
    let find = tool("findPets");
    assert_eq!(
        find.input_schema["properties"]["tags"]["type"], "array",
        "parameter $ref resolved"
    );
    assert_eq!(
        find.input_schema["properties"]["limit"]["type"],
        json!(["integer", "null"]),
        "nullable"
    );
    let add = tool("addPet");
    assert_eq!(add.input_schema["required"], json!(["body"]));
    assert_eq!(
        add.input_schema["properties"]["body"]["required"],
        json!(["name"])
    );
    assert_eq!(
        add.input_schema["properties"]["body"]["properties"]["friends"]["items"],
        json!({}),
        "a cycle ends in {{}}"
    );
    let get = tool("getPet");
    assert_eq!(get.input_schema["required"], json!(["petId"]));
    assert_eq!(get.description, "Find a pet (GET /pets/{petId})");
    assert!(get
        .output_schema
        .as_ref()
        .is_some_and(|s| s["properties"]["name"]["type"] == "string"));
    assert!(connector.instructions().contains("Pets: A pet shop."));
}

#[test]
fn openapi_calls_build_urls_headers_and_bodies() {
    let http = pet_service();
    let mut config = settings("pets");
    config.approval = ApprovalRule::None;
    let connector = OpenApiConnector::from_document(
        config,
        &pet_document(),
        Some("https://pets.test/specs/openapi.json"),
        None,
        http.clone(),
    )
    .expect("connector");
    let runtime = runtime_with(connector);
    let output = run(runtime.execute(
        r#"const pet = await pets.getPet({petId: 7, "X-Trace": "t-1"});
           const found = await pets.findPets({tags: ["a b", "c&d"], limit: 2});
           const added = await pets.addPet({body: {name: "Tom"}});
           const gone = await pets.deletePetsByPetId({petId: 7});
           let missing;
           try { await pets.getPet({petId: 404}); } catch (e) { missing = e.message; }
           return {pet, found, added, gone, missing};"#,
    ))
    .expect("execute");
    assert_eq!(
        completed(&output),
        json!({
            "pet": {"name": "Rex", "trace": "t-1"},
            "found": {"url": "https://pets.test/v2/pets?tags=a+b&tags=c%26d&limit=2"},
            "added": {"name": "Tom"},
            "gone": null,
            "missing": "HTTP 404: no such pet",
        })
    );
    let sent = http.sent.borrow();
    let id = output.execution_id();
    assert_eq!(
        header(&sent[0], "idempotency-key"),
        Some(format!("{id}:0").as_str())
    );
    assert_eq!(header(&sent[0], "authorization"), Some("Bearer t0ken"));
    assert_eq!(header(&sent[2], "content-type"), Some("application/json"));
}

#[test]
fn openapi_path_parameters_are_percent_encoded_and_validated() {
    let http = pet_service();
    let connector = pets(&http);
    let error = run(connector.execute(json!({"petId": "7/../../admin"}), &ctx("getPet")))
        .err()
        .expect("500 from the service");
    assert!(
        error
            .0
            .starts_with("HTTP 500: unexpected GET https://pets.test/v2/pets/7%2F..%2F..%2Fadmin"),
        "{error}"
    );
    let runtime = runtime_with(pets(&http));
    let before = http.sent.borrow().len();
    let output = run(runtime
        .execute(r#"try { await pets.getPet({petId: "seven"}) } catch (e) { return e.message }"#))
    .expect("execute");
    assert!(
        completed(&output)
            .as_str()
            .is_some_and(|m| m.contains("`petId`")),
        "{output:?}"
    );
    assert_eq!(
        http.sent.borrow().len(),
        before,
        "an invalid argument is never sent"
    );
}

#[test]
fn openapi_documents_that_cannot_work_are_refused() {
    let http = pet_service();
    let swagger = json!({"swagger": "2.0", "paths": {}});
    let error =
        OpenApiConnector::from_document(settings("pets"), &swagger, None, None, http.clone())
            .err()
            .expect("refused");
    assert_eq!(error.code(), "INVALID_CONFIG");
    assert!(error.to_string().contains("not OpenAPI 3.x"), "{error}");
    let older = json!({"openapi": "2.9", "paths": {}});
    let error = OpenApiConnector::from_document(settings("pets"), &older, None, None, http.clone())
        .err()
        .expect("refused");
    assert!(error.to_string().contains("not OpenAPI 3.x"), "{error}");
    // A document that does not say its version is read as 3.x, as the reference reads it.
    let mut unversioned = pet_document();
    unversioned
        .as_object_mut()
        .expect("an object")
        .remove("openapi");
    let read = Operations::from_document(&settings("pets"), &unversioned);
    assert!(read.is_ok(), "{:?}", read.err());
    for not_a_document in [json!([]), json!({"error": "not found"})] {
        let error = Operations::from_document(&settings("pets"), &not_a_document)
            .err()
            .expect("refused");
        assert!(error.to_string().contains("not OpenAPI 3.x"), "{error}");
    }
    let mut no_servers = pet_document();
    no_servers
        .as_object_mut()
        .expect("object")
        .remove("servers");
    let error =
        OpenApiConnector::from_document(settings("pets"), &no_servers, None, None, http.clone())
            .err()
            .expect("refused");
    assert!(error.to_string().contains("baseUrl"), "{error}");
    let mut listed = settings("pets");
    listed.approval = ApprovalRule::Listed(["addPet".to_string(), "adPet".to_string()].into());
    let error = OpenApiConnector::from_document(
        listed,
        &pet_document(),
        None,
        Some("https://pets.test"),
        http,
    )
    .err()
    .expect("refused");
    assert!(
        error.to_string().contains("`adPet`"),
        "a typo in requireApproval is named: {error}"
    );
}

// ---- configuration ----

fn secrets(name: &str) -> Option<String> {
    (name == "DOCS_TOKEN").then(|| "s3cret".to_string())
}

#[test]
fn configuration_declares_both_kinds_with_secret_headers() {
    let text = r#"[
        {"name": "docs", "type": "mcp", "url": "https://docs.test/mcp",
         "headers": {"Authorization": {"secret": "DOCS_TOKEN", "prefix": "Bearer "}, "X-Team": "core"},
         "requireApproval": ["deletePage"], "timeoutMs": 5000, "description": "Team docs."},
        {"name": "petstore", "type": "openapi", "spec": "https://pets.test/openapi.json", "requireApproval": "none"},
        {"name": "inline", "type": "openapi", "spec": {"openapi": "3.1.0", "paths": {}}, "baseUrl": "https://x.test"}
    ]"#;
    let entries = config::parse(text, &secrets, &["notes"]).expect("parses");
    assert_eq!(entries.len(), 3);
    assert_eq!(
        entries[0].kind,
        EntryKind::Mcp {
            url: "https://docs.test/mcp".into()
        }
    );
    assert_eq!(
        entries[0].settings.headers,
        [
            ("Authorization".to_string(), "Bearer s3cret".to_string()),
            ("X-Team".to_string(), "core".to_string())
        ]
    );
    assert_eq!(
        entries[0].settings.approval,
        ApprovalRule::Listed(["deletePage".to_string()].into())
    );
    assert_eq!(entries[0].settings.timeout_ms, 5000);
    assert_eq!(entries[1].settings.approval, ApprovalRule::None);
    assert!(matches!(
        &entries[2].kind,
        EntryKind::OpenApi {
            spec: SpecSource::Inline(_),
            base_url: Some(_)
        }
    ));
    assert!(config::parse("", &secrets, &[]).expect("empty").is_empty());
}

#[test]
fn bad_configuration_names_the_entry() {
    let cases = [
        ("{", "not valid JSON"),
        (r#"{"name": "x"}"#, "JSON array"),
        (
            r#"[{"name": "docs", "type": "mcp", "url": "https://d.test", "urll": 1}]"#,
            "CODEMODE_CONNECTORS[0] (`docs`): unknown key `urll`",
        ),
        (
            r#"[{"name": "my-docs", "type": "mcp", "url": "https://d.test"}]"#,
            "JavaScript identifier",
        ),
        (
            r#"[{"name": "console", "type": "mcp", "url": "https://d.test"}]"#,
            "part of the sandbox's API",
        ),
        (
            r#"[{"name": "notes", "type": "mcp", "url": "https://d.test"}]"#,
            "already named `notes`",
        ),
        (
            r#"[{"name": "a", "type": "grpc"}]"#,
            "\"mcp\" or \"openapi\"",
        ),
        (r#"[{"name": "a", "type": "mcp"}]"#, "`url` is required"),
        (
            r#"[{"name": "a", "type": "mcp", "url": "file:///etc/passwd"}]"#,
            "http(s)",
        ),
        (
            r#"[{"name": "a", "type": "openapi", "url": "https://d.test"}]"#,
            "not `url`",
        ),
        (
            r#"[{"name": "a", "type": "openapi", "spec": 3}]"#,
            "`spec` is required",
        ),
        (
            r#"[{"name": "a", "type": "mcp", "url": "https://d.test", "headers": {"Authorization": {"secret": "NOPE"}}}]"#,
            "secret `NOPE`",
        ),
        (
            r#"[{"name": "a", "type": "mcp", "url": "https://d.test", "headers": {"Bad Header": "x"}}]"#,
            "header name",
        ),
        (
            r#"[{"name": "a", "type": "mcp", "url": "https://d.test", "requireApproval": "writes"}]"#,
            "\"annotated\"",
        ),
        (
            r#"[{"name": "a", "type": "openapi", "spec": {}, "requireApproval": "annotated"}]"#,
            "\"writes\"",
        ),
        (
            r#"[{"name": "a", "type": "mcp", "url": "https://d.test", "timeoutMs": 0}]"#,
            "timeoutMs",
        ),
        (
            r#"[{"name": "a", "type": "mcp", "url": "https://d.test"}, {"name": "a", "type": "mcp", "url": "https://e.test"}]"#,
            "CODEMODE_CONNECTORS[1] (`a`)",
        ),
    ];
    for (text, expected) in cases {
        let error = config::parse(text, &secrets, &["notes"])
            .err()
            .unwrap_or_else(|| panic!("accepted {text}"));
        assert_eq!(error.code(), "INVALID_CONFIG", "{text}");
        assert!(error.to_string().contains(expected), "{text}: {error}");
    }
}

#[test]
fn configured_connectors_connect_in_order_and_fetch_documents() {
    let http = Scripted::new(|request| {
        Ok(match request.url.as_str() {
            "https://pets.test/specs/openapi.json" => json_response(200, pet_document()),
            "https://pets.test/missing.json" => HttpResponse {
                status: 404,
                headers: vec![],
                body: "not here".into(),
            },
            _ => HttpResponse {
                status: 200,
                headers: vec![],
                body: "openapi: 3.0.0".into(),
            },
        })
    });
    let entries = config::parse(
        r#"[{"name": "pets", "type": "openapi", "spec": "https://pets.test/specs/openapi.json"}]"#,
        &secrets,
        &[],
    )
    .expect("parses");
    let connected = run(config::connect(entries, http.clone())).expect("connects");
    assert!(connected.unavailable.is_none());
    assert_eq!(connected.connectors[0].name(), "pets");
    assert_eq!(connected.connectors[0].tools().len(), 4);

    // One service down: the others still connect, the missing one is reported by name.
    let text = r#"[{"name": "gone", "type": "openapi", "spec": "https://pets.test/missing.json"},
                   {"name": "pets", "type": "openapi", "spec": "https://pets.test/specs/openapi.json"}]"#;
    let connected = run(config::connect(
        config::parse(text, &secrets, &[]).expect("parses"),
        http.clone(),
    ))
    .expect("connects");
    let names: Vec<&str> = connected.connectors.iter().map(|c| c.name()).collect();
    assert_eq!(names, ["pets"]);
    let error = connected.unavailable.expect("reported");
    assert_eq!(error.code(), "CONNECTOR_UNAVAILABLE");
    assert!(
        error.to_string().contains("HTTP 404") && error.to_string().contains("(`gone`)"),
        "{error}"
    );

    let yaml = config::parse(
        r#"[{"name": "pets", "type": "openapi", "spec": "https://pets.test/yaml"}]"#,
        &secrets,
        &[],
    )
    .expect("parses");
    let Err(error) = run(config::connect(yaml, http)) else {
        panic!("a YAML document is refused")
    };
    assert!(error.to_string().contains("YAML"), "{error}");
}

#[test]
fn a_runtime_missing_connectors_serves_reads_and_refuses_to_run_scripts() {
    let store = Rc::new(MemoryStore::new());
    let clock: Rc<dyn Fn() -> i64> = Rc::new(|| 1_700_000_000_000);
    let http = mcp_server(None);
    let full = Runtime::new(
        store.clone(),
        vec![Box::new(connect_mcp(&http))],
        clock.clone(),
    )
    .expect("runtime");
    let paused = run(full.execute("return await docs.drop_table({})")).expect("execute");
    let id = paused.execution_id().to_string();

    // The same storage, rebuilt while the server is down.
    let down = codemode_runtime::Error::ConnectorUnavailable(
        "CONNECTOR_UNAVAILABLE test: docs is down".into(),
    );
    let degraded = Runtime::new(store, vec![], clock)
        .expect("runtime")
        .with_unavailable_connectors(down);
    for result in [
        run(degraded.execute("return 1")).map(|_| ()),
        run(degraded.approve_execution(&id)).map(|_| ()),
        run(degraded.rollback_execution(&id)).map(|_| ()),
        run(degraded.wake()).map(|_| ()),
    ] {
        assert_eq!(result.map_err(|e| e.code()), Err("CONNECTOR_UNAVAILABLE"));
    }
    let state = degraded.execution(&id).expect("reads still work");
    assert_eq!(state.status.to_string(), "paused", "nothing changed");
    assert_eq!(degraded.pending_approvals(None).expect("pending").len(), 1);
    assert!(!http.rpc_methods().contains(&"tools/call".to_string()));
}

// ---- review fixes: hostile or huge inputs ----

#[test]
fn path_parameters_cannot_climb_out_of_the_path() {
    let http = pet_service();
    let connector = pets(&http);
    for value in ["..", ".", ""] {
        let error = run(connector.execute(json!({"petId": value}), &ctx("getPet")))
            .err()
            .expect("refused");
        assert!(
            error.0.contains("path parameter `petId`"),
            "{value:?}: {error}"
        );
    }
    assert!(http.sent.borrow().is_empty(), "nothing was sent");
}

#[test]
fn configured_headers_win_over_header_parameters() {
    let http = pet_service();
    let mut config = settings("pets");
    config.headers.push(("X-Trace".into(), "configured".into()));
    let connector = OpenApiConnector::from_document(
        config,
        &pet_document(),
        Some("https://pets.test/specs/openapi.json"),
        None,
        http.clone(),
    )
    .expect("connector");
    run(connector.execute(
        json!({"petId": 7, "X-Trace": "from the model"}),
        &ctx("getPet"),
    ))
    .expect("call");
    let sent = http.sent.borrow();
    let traces: Vec<&str> = sent[0]
        .headers
        .iter()
        .filter(|(n, _)| n.eq_ignore_ascii_case("x-trace"))
        .map(|(_, v)| v.as_str())
        .collect();
    assert_eq!(traces, ["configured"]);
}

#[test]
fn a_fetched_document_cannot_send_calls_to_another_host() {
    let mut document = pet_document();
    document["servers"] = json!([{"url": "https://elsewhere.test/api"}]);
    let error = OpenApiConnector::from_document(
        settings("pets"),
        &document,
        Some("https://pets.test/openapi.json"),
        None,
        pet_service(),
    )
    .err()
    .expect("refused");
    assert!(error.to_string().contains("set `baseUrl`"), "{error}");
    // Confirmed by configuration, it works; and an inline document is the configuration itself.
    assert!(OpenApiConnector::from_document(
        settings("pets"),
        &document,
        Some("https://pets.test/openapi.json"),
        Some("https://elsewhere.test/api"),
        pet_service()
    )
    .is_ok());
    assert!(OpenApiConnector::from_document(
        settings("pets"),
        &document,
        None,
        None,
        pet_service()
    )
    .is_ok());
    document["servers"] = json!([{"url": "file:///etc"}]);
    assert!(OpenApiConnector::from_document(
        settings("pets"),
        &document,
        None,
        None,
        pet_service()
    )
    .is_err());
}

#[test]
fn credentials_reach_the_document_host_only_when_calls_go_there() {
    let http = Scripted::new(|_| Ok(json_response(200, pet_document())));
    let text = r#"[{"name": "pets", "type": "openapi", "spec": "https://docs.test/openapi.json", "baseUrl": "https://api.test",
                    "headers": {"Authorization": {"secret": "DOCS_TOKEN"}}},
                   {"name": "same", "type": "openapi", "spec": "https://api.test/openapi.json", "baseUrl": "https://api.test/v2",
                    "headers": {"Authorization": {"secret": "DOCS_TOKEN"}}}]"#;
    run(config::connect(
        config::parse(text, &secrets, &[]).expect("parses"),
        http.clone(),
    ))
    .expect("connects");
    let sent = http.sent.borrow();
    assert_eq!(
        header(&sent[0], "authorization"),
        None,
        "the document is on another host than the API"
    );
    assert_eq!(header(&sent[1], "authorization"), Some("s3cret"));
}

#[test]
fn reused_schemas_do_not_blow_up_when_inlined() {
    // Ten schemas, each with six properties referencing the next: inlining every use naively
    // makes 6^10 copies.
    let mut schemas = serde_json::Map::new();
    for level in 0..10 {
        let next = json!({"$ref": format!("#/components/schemas/S{}", level + 1)});
        let properties: serde_json::Map<String, Value> =
            (0..6).map(|p| (format!("p{p}"), next.clone())).collect();
        schemas.insert(
            format!("S{level}"),
            json!({"type": "object", "properties": properties}),
        );
    }
    schemas.insert("S10".into(), json!({"type": "string"}));
    let document = json!({
        "openapi": "3.0.0", "info": {"title": "dense"}, "servers": [{"url": "https://d.test"}],
        "paths": {"/x": {"post": {"operationId": "make",
            "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/S0"}}}},
            "responses": {"200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/S0"}}}}}}}},
        "components": {"schemas": schemas}
    });
    let started = std::time::Instant::now();
    let connector =
        OpenApiConnector::from_document(settings("dense"), &document, None, None, pet_service())
            .expect("connector");
    let size = connector.tools()[0].input_schema.to_string().len()
        + connector.tools()[0]
            .output_schema
            .as_ref()
            .map_or(0, |s| s.to_string().len());
    assert!(size < 200_000, "inlined schemas stay small: {size} bytes");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(10),
        "and quick: {:?}",
        started.elapsed()
    );
}

#[test]
fn remote_names_that_would_change_the_connector_object_get_a_suffix() {
    assert_eq!(
        codemode_runtime::connector::remote_method_name("then"),
        "then_"
    );
    assert_eq!(
        codemode_runtime::connector::remote_method_name("to-JSON"),
        "toJSON_"
    );
    assert_eq!(
        codemode_runtime::connector::remote_method_name("thenable"),
        "thenable"
    );
}

#[test]
fn header_and_timeout_settings_are_checked() {
    for (text, expected) in [
        (
            r#"[{"name": "a", "type": "mcp", "url": "https://d.test", "headers": {"Mcp-Session-Id": "x"}}]"#,
            "set by the connector",
        ),
        (
            r#"[{"name": "a", "type": "mcp", "url": "https://d.test", "headers": {"X-A": "1", "x-a": "2"}}]"#,
            "given twice",
        ),
        (
            r#"[{"name": "a", "type": "mcp", "url": "https://d.test", "timeoutMs": 3000000000}]"#,
            "from 1 to 300000",
        ),
    ] {
        let error = config::parse(text, &secrets, &[])
            .err()
            .unwrap_or_else(|| panic!("accepted {text}"));
        assert!(error.to_string().contains(expected), "{text}: {error}");
    }
}

#[test]
fn a_server_request_reusing_our_id_is_not_taken_for_the_reply() {
    let http = Scripted::new(|request| {
        let message: Value = serde_json::from_str(request.body.as_deref().unwrap_or("null"))
            .map_err(|e| e.to_string())?;
        let id = message["id"].clone();
        Ok(match message["method"].as_str().unwrap_or_default() {
            "initialize" => json_response(200, json!({"jsonrpc": "2.0", "id": id, "result": {"protocolVersion": "2025-06-18"}})),
            "tools/list" => json_response(200, json!({"jsonrpc": "2.0", "id": id, "result": {"tools": [{"name": "t", "inputSchema": {"type": "object"}}]}})),
            "tools/call" => sse_response(json!({"jsonrpc": "2.0", "id": id, "result": {"content": [{"type": "text", "text": "\"real\""}]}}))
                .tap_prepend(&json!({"jsonrpc": "2.0", "id": id, "method": "ping"})),
            _ => HttpResponse { status: 202, headers: vec![], body: String::new() },
        })
    });
    let connector = run(McpConnector::connect(
        settings("docs"),
        "http://mcp.test/mcp",
        http,
    ))
    .expect("connects");
    assert_eq!(
        run(connector.execute(json!({}), &ctx("t"))),
        Ok(json!("real"))
    );
}

trait Prepend {
    fn tap_prepend(self, event: &Value) -> Self;
}

impl Prepend for HttpResponse {
    /// Puts another event before the stream's events.
    fn tap_prepend(mut self, event: &Value) -> Self {
        self.body = format!("data: {event}\n\n{}", self.body);
        self
    }
}
