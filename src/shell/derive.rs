//! The core's pure pieces the package exposes (feature `embed`): the catalog's TypeScript
//! rendering and the runtime's defaults (the reference's utilities), and its connector
//! derivations for the package's subclassable connectors:
//! `McpConnector` over the user's own MCP connection and `OpenApiConnector` over the user's own
//! `spec()` and `request()` are connector classes in JavaScript, but what a tool becomes (its
//! method name, description, schemas, approval, idempotency key, result) is decided here, by the
//! same code as the service's `CODEMODE_CONNECTORS` entries ([`crate::remote`]).
//!
//! JSON text both ways, as in [`super::embed`]; a configuration error is a rejection carrying
//! `{"error": {code, message}}`, a call's failure an answer `{"error": message}`.

use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

use crate::catalog;
use crate::connector::{remote_method_name, ToolSpec};
use crate::error::Error;
use crate::remote::openapi::{Operation, Operations};
use crate::remote::{mcp, RemoteSettings};
use crate::rpc;
use crate::runtime::RuntimeConfig;

fn rejection(error: &Error) -> JsValue {
    JsValue::from_str(&rpc::error_body(error).to_string())
}

fn parse(text: &str, what: &str) -> Result<Value, JsValue> {
    serde_json::from_str(text)
        .map_err(|e| rejection(&Error::BadRequest(format!("{what} is not JSON: {e}"))))
}

/// A method as the package's `ConnectorTool` has it (without `execute`).
fn tool_json(spec: &ToolSpec) -> Value {
    let mut tool = json!({
        "description": spec.description,
        "inputSchema": spec.input_schema,
        "requiresApproval": spec.requires_approval,
    });
    if let Some(schema) = &spec.output_schema {
        tool["outputSchema"] = schema.clone();
    }
    tool
}

/// The code as one async arrow function, by the reference's rules ([`crate::normalize`]): what
/// the package's executor runs, and the reference's `normalizeCode`.
#[wasm_bindgen(js_name = normalizeCode)]
pub fn normalize_code(code: &str) -> String {
    crate::normalize::normalize_code(code)
}

/// `type <name> = <schema as TypeScript>;`, as the catalog renders types (the reference's
/// `jsonSchemaToType`).
#[wasm_bindgen(js_name = jsonSchemaToType)]
pub fn json_schema_to_type(schema: &str, type_name: &str) -> Result<String, JsValue> {
    let schema = parse(schema, "the schema")?;
    Ok(format!(
        "type {type_name} = {};",
        catalog::schema_to_ts(&schema)
    ))
}

/// The declarations of tools given as `{name: {description?, inputSchema, outputSchema?}}`, as
/// the catalog renders a connector (`declare const <namespace>: {...}`; the reference's
/// `generateTypesFromJsonSchema` and `generateTypes`).
#[wasm_bindgen(js_name = generateTypesFromJsonSchema)]
pub fn generate_types_from_json_schema(tools: &str, namespace: &str) -> Result<String, JsValue> {
    let tools = parse(tools, "the tools")?;
    let specs: Vec<ToolSpec> = tools
        .as_object()
        .into_iter()
        .flatten()
        .map(|(name, tool)| {
            let text = |key: &str| tool.get(key).and_then(Value::as_str).unwrap_or_default();
            let schema = tool
                .get("inputSchema")
                .cloned()
                .unwrap_or(json!({"type": "object"}));
            let spec = ToolSpec::new(&remote_method_name(name), text("description"), schema);
            match tool.get("outputSchema") {
                Some(output) if output.is_object() => spec.with_output(output.clone()),
                _ => spec,
            }
        })
        .collect();
    Ok(catalog::connector_declaration(namespace, "", &specs))
}

/// The defaults the reference exports as constants: finished runs kept
/// (`DEFAULT_MAX_EXECUTIONS`), a paused run's time to live (`DEFAULT_PAUSED_TTL_MS`), the largest
/// result a run journals (`MAX_DURABLE_VALUE_BYTES`).
#[wasm_bindgen(js_name = runtimeDefaults)]
pub fn runtime_defaults() -> String {
    let config = RuntimeConfig::default();
    json!({
        "keepFinished": config.keep_finished,
        "pausedTtlMs": config.paused_ttl_ms,
        "maxResultBytes": config.max_result_bytes,
    })
    .to_string()
}

/// The method name a remote tool or operation name becomes (`get-weather` → `getWeather`).
#[wasm_bindgen(js_name = methodName)]
pub fn method_name(raw: &str) -> String {
    remote_method_name(raw)
}

/// One MCP tool definition (a `tools/list` entry) as a connector tool: description, schemas,
/// and approval by the server's annotations.
#[wasm_bindgen(js_name = mcpTool)]
pub fn mcp_tool(definition: &str) -> Result<String, JsValue> {
    let definition = parse(definition, "the MCP tool")?;
    let spec = mcp::tool_spec(&definition, "", |destructive| destructive);
    Ok(tool_json(&spec).to_string())
}

/// `tools/call`'s params for a call of the MCP tool `remote`, with its idempotency key (none
/// when the tool is run outside a run).
#[wasm_bindgen(js_name = mcpCallParams)]
pub fn mcp_call_params(
    remote: &str,
    args: &str,
    idempotency_key: Option<String>,
) -> Result<String, JsValue> {
    let args = parse(args, "the arguments")?;
    Ok(mcp::call_params(remote, args, idempotency_key.as_deref()).to_string())
}

/// What the script gets from a `tools/call` result: `{"ok": value}` or `{"error": message}`.
#[wasm_bindgen(js_name = mcpToolResult)]
pub fn mcp_tool_result(result: &str) -> Result<String, JsValue> {
    let result = parse(result, "the MCP tool's result")?;
    Ok(match mcp::unwrap_tool_result(&result) {
        Ok(value) => json!({ "ok": value }),
        Err(error) => json!({ "error": error.0 }),
    }
    .to_string())
}

/// An OpenAPI document's operations for the connector `name`: `{"instructions", "tools":
/// [[method, tool, plan], ...]}` in the document's order, each `plan` (JSON text) what
/// [`open_api_request`] takes back. A document that is not OpenAPI 3.x, or whose operations
/// cannot all be methods, is `INVALID_CONFIG`.
#[wasm_bindgen(js_name = openApiTools)]
pub fn open_api_tools(name: &str, document: &str) -> Result<String, JsValue> {
    let document = parse(document, "the OpenAPI document")?;
    let operations = Operations::from_document(&RemoteSettings::new(name), &document)
        .map_err(|e| rejection(&e))?;
    let tools: Vec<Value> = operations
        .planned()
        .map(|(spec, operation)| {
            let plan = serde_json::to_string(operation).unwrap_or_default();
            json!([spec.name, tool_json(spec), plan])
        })
        .collect();
    Ok(json!({"instructions": operations.instructions(), "tools": tools}).to_string())
}

/// The request options of one call (`{"ok": {path, method, params?, body?, headers?}}`), or why
/// it cannot be made (`{"error": message}`).
#[wasm_bindgen(js_name = openApiRequest)]
pub fn open_api_request(plan: &str, args: &str) -> Result<String, JsValue> {
    let operation: Operation = serde_json::from_str(plan)
        .map_err(|e| rejection(&Error::BadRequest(format!("not an operation's plan: {e}"))))?;
    let args = parse(args, "the arguments")?;
    Ok(match operation.request(args) {
        Ok(request) => json!({ "ok": request.options() }),
        Err(error) => json!({ "error": error.0 }),
    }
    .to_string())
}
