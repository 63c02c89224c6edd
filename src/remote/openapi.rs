//! A connector to an HTTP service described by an OpenAPI 3.x document.
//!
//! One method per operation, named by its `operationId` (made a JavaScript identifier), else by
//! the HTTP method and path (`GET /pets/{petId}` → `getPetsByPetId`). The method takes one object:
//! the path, query and header parameters by name, plus `body` for the request body. Local `$ref`s
//! are resolved when the connector is built, so schemas are self-contained for validation and the
//! catalog. A 2xx answer is the result (JSON when it parses); any other status rejects the
//! script's promise with the status and the start of the body. Write operations (POST, PUT, PATCH,
//! DELETE) need approval unless configured otherwise.

use std::rc::Rc;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use super::http::{excerpt, HttpClient, HttpRequest};
use super::{check_unique_methods, join_present, RemoteSettings};
use crate::connector::{remote_method_name, CallContext, Connector, ToolError, ToolSpec};
use crate::error::Result;

/// `trace` is left out: `fetch` refuses it.
const HTTP_METHODS: &[&str] = &["get", "put", "post", "delete", "options", "head", "patch"];
/// Deepest `$ref` chain or schema nesting inlined; deeper parts become `{}` (anything).
const MAX_INLINE_DEPTH: usize = 32;
/// JSON values one inlined schema may have; the rest becomes `{}`. Big specs reuse schemas
/// heavily, and copying every use grows exponentially without a cap.
const MAX_INLINED_NODES: usize = 2_000;

/// Where a parameter goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
enum Location {
    Path,
    Query,
    Header,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Parameter {
    name: String,
    location: Location,
}

/// How the request body is sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BodyEncoding {
    /// JSON text, with this media type.
    Json(String),
    Form,
}

/// How one operation is called. Serialisable: the package keeps each one as JSON beside its
/// tool (no wasm object to free) and hands it back with each call.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Operation {
    method: String,
    http_method: String,
    path: String,
    parameters: Vec<Parameter>,
    body: Option<BodyEncoding>,
}

/// A document's operations, apart from where they are sent: the methods a script calls, and for
/// each call the request it makes. [`OpenApiConnector`] sends those requests over HTTP; the
/// package's `OpenApiConnector` class hands them to the user's own `request()`.
pub struct Operations {
    /// The sandbox global, for messages.
    name: String,
    operations: Vec<Operation>,
    tools: Vec<ToolSpec>,
    instructions: String,
}

/// One call's request without a base URL: the path with its parameters in place, the query
/// parameters (values as the script gave them), the header parameters and the body.
#[derive(Debug, Clone, PartialEq)]
pub struct OperationRequest {
    /// Upper case: `GET`.
    pub http_method: String,
    /// The document's path (`/pets/{petId}`), for messages: the arguments stay out of them.
    pub template: String,
    pub path: String,
    pub query: Vec<(String, Value)>,
    pub headers: Vec<(String, String)>,
    /// The `body` argument and how the operation takes it.
    pub body: Option<(Value, BodyEncoding)>,
}

impl OperationRequest {
    /// The request as the reference's `OpenApiConnector.request(options)` takes it:
    /// `{path, method, params?, body?, headers?}`, the empty parts left out.
    pub fn options(&self) -> Value {
        let mut options = json!({"path": self.path, "method": self.http_method});
        if !self.query.is_empty() {
            options["params"] = Value::Object(self.query.iter().cloned().collect());
        }
        if let Some((body, _)) = &self.body {
            options["body"] = body.clone();
        }
        if !self.headers.is_empty() {
            let headers = self.headers.iter().map(|(n, v)| (n.clone(), json!(v)));
            options["headers"] = Value::Object(headers.collect());
        }
        options
    }
}

impl Operations {
    /// Reads the operations of a parsed document (OpenAPI 3.x), its local `$ref`s inlined; the
    /// approval of each as `settings` say. Two operations that become one method, or a
    /// `requireApproval` name that matches none, are `INVALID_CONFIG`.
    pub fn from_document(settings: &RemoteSettings, document: &Value) -> Result<Self> {
        check_version(settings, document)?;
        let inliner = Inliner {
            root: document,
            remaining: std::cell::Cell::new(0),
        };
        let Described {
            operations,
            tools,
            names,
        } = describe_paths(settings, &inliner, document);
        check_unique_methods(settings, &names)?;
        settings.check_approval_names(&names)?;
        Ok(Self {
            name: settings.name.clone(),
            operations,
            tools,
            instructions: instructions(settings, document),
        })
    }

    /// The methods, in the document's order.
    pub fn tools(&self) -> &[ToolSpec] {
        &self.tools
    }

    /// What the document says about the service (its title and description), after the
    /// configured description.
    pub fn instructions(&self) -> &str {
        &self.instructions
    }

    /// Each method with how it is called, in the document's order.
    pub fn planned(&self) -> impl Iterator<Item = (&ToolSpec, &Operation)> {
        self.tools.iter().zip(&self.operations)
    }

    /// The request a call of `method` with the script's `args` makes ([`Operation::request`]).
    pub fn request(
        &self,
        method: &str,
        args: Value,
    ) -> std::result::Result<OperationRequest, ToolError> {
        let Some(operation) = self.operations.iter().find(|o| o.method == method) else {
            return Err(ToolError::new(format!(
                "`{}` has no operation `{method}`",
                self.name
            )));
        };
        operation.request(args)
    }
}

impl Operation {
    /// The request a call with the script's `args` makes: path parameters present and safe
    /// (`..` would climb out of the operation's path), query and header parameters given, the
    /// body when the operation takes one.
    pub fn request(&self, args: Value) -> std::result::Result<OperationRequest, ToolError> {
        let mut args = match args {
            Value::Object(map) => map,
            Value::Null => Map::new(),
            other => {
                return Err(ToolError::new(format!(
                    "expected an object argument, got {other}"
                )))
            }
        };
        let mut request = OperationRequest {
            http_method: self.http_method.clone(),
            template: self.path.clone(),
            path: self.path.clone(),
            query: Vec::new(),
            headers: Vec::new(),
            body: None,
        };
        for parameter in &self.parameters {
            // A `null` query or header parameter is left out; a path parameter is text, "null".
            let value = args
                .get(&parameter.name)
                .filter(|v| parameter.location == Location::Path || !v.is_null());
            match (parameter.location, value) {
                (Location::Path, None) => {
                    return Err(ToolError::new(format!(
                        "missing path parameter `{}`",
                        parameter.name
                    )))
                }
                (Location::Path, Some(value)) => {
                    let text = parameter_text(value);
                    if text.is_empty() || text.chars().all(|c| c == '.') {
                        return Err(ToolError::new(format!(
                            "path parameter `{}` cannot be {text:?}",
                            parameter.name
                        )));
                    }
                    request.path = request.path.replace(
                        &format!("{{{}}}", parameter.name),
                        &encode_path_segment(&text),
                    );
                }
                (Location::Query, Some(value)) => {
                    request.query.push((parameter.name.clone(), value.clone()))
                }
                (Location::Header, Some(value)) => request
                    .headers
                    .push((parameter.name.clone(), parameter_text(value))),
                (_, None) => {}
            }
        }
        if let (Some(encoding), Some(body)) = (&self.body, args.remove("body")) {
            request.body = Some((body, encoding.clone()));
        }
        Ok(request)
    }
}

/// An OpenAPI service's operations as a connector, sent over HTTP.
pub struct OpenApiConnector {
    settings: RemoteSettings,
    http: Rc<dyn HttpClient>,
    base_url: String,
    operations: Operations,
}

impl OpenApiConnector {
    /// Builds the connector from a parsed document. `spec_url` (where the document came from)
    /// resolves a relative server URL; `base_url` overrides the document's servers.
    pub fn from_document(
        settings: RemoteSettings,
        document: &Value,
        spec_url: Option<&str>,
        base_url: Option<&str>,
        http: Rc<dyn HttpClient>,
    ) -> Result<Self> {
        check_version(&settings, document)?;
        let base_url = resolve_base_url(&settings, document, spec_url, base_url)?;
        let operations = Operations::from_document(&settings, document)?;
        Ok(Self {
            settings,
            http,
            base_url,
            operations,
        })
    }

    /// The URL of one call: base URL, path with its parameters, query string (a list value is
    /// one pair per item).
    fn url(
        &self,
        method: &str,
        request: &OperationRequest,
    ) -> std::result::Result<String, ToolError> {
        let joined = format!("{}{}", self.base_url.trim_end_matches('/'), request.path);
        let mut url = url::Url::parse(&joined)
            .map_err(|e| ToolError::new(format!("cannot build the URL for `{method}`: {e}")))?;
        let query: Vec<(&str, String)> = request
            .query
            .iter()
            .flat_map(|(name, value)| match value {
                Value::Array(items) => items
                    .iter()
                    .map(|v| (name.as_str(), parameter_text(v)))
                    .collect(),
                value => vec![(name.as_str(), parameter_text(value))],
            })
            .collect();
        if !query.is_empty() {
            url.query_pairs_mut().extend_pairs(query);
        }
        Ok(url.into())
    }
}

/// Only OpenAPI 3.x documents are read (a Swagger 2 one is named as such); one that does not say
/// its version but has `paths` is read as 3.x, as the reference reads it.
fn check_version(settings: &RemoteSettings, document: &Value) -> Result<()> {
    let version = match document.get("openapi") {
        None if document.get("swagger").is_none()
            && document.get("paths").is_some_and(Value::is_object) =>
        {
            return Ok(())
        }
        declared => declared.and_then(Value::as_str).unwrap_or_default(),
    };
    if !version.starts_with("3.") {
        let found = document
            .get("swagger")
            .map(|v| format!("swagger {v}"))
            .unwrap_or_else(|| format!("{version:?}"));
        return Err(settings.invalid(format!("the document is not OpenAPI 3.x (found {found})")));
    }
    Ok(())
}

/// Where calls go: the configured `base_url`, else the document's server (resolved against
/// `spec_url`, and on its host); an http(s) URL either way.
fn resolve_base_url(
    settings: &RemoteSettings,
    document: &Value,
    spec_url: Option<&str>,
    base_url: Option<&str>,
) -> Result<String> {
    let base_url = match base_url {
        Some(url) => url.to_string(),
        None => {
            let server = server_url(document, spec_url).ok_or_else(|| {
                settings
                    .invalid("no `baseUrl` configured and the document has no usable `servers` URL")
            })?;
            // A fetched document must not send calls (and their credentials) to another host
            // on its own say: that takes an explicit `baseUrl`.
            if let Some(spec_url) = spec_url.filter(|spec| !same_origin(spec, &server)) {
                return Err(settings.invalid(format!(
                    "the document at {spec_url} names the server {server}, on another host; set `baseUrl` to confirm where calls go"
                )));
            }
            server
        }
    };
    if !matches!(
        url::Url::parse(&base_url)
            .map(|u| u.scheme().to_string())
            .as_deref(),
        Ok("http" | "https")
    ) {
        return Err(settings.invalid(format!("the base URL {base_url:?} is not an http(s) URL")));
    }
    url::Url::parse(&base_url)
        .map_err(|e| settings.invalid(format!("base URL {base_url:?}: {e}")))?;
    Ok(base_url)
}

/// Every operation of a document, in the order of its paths and [`HTTP_METHODS`].
struct Described {
    operations: Vec<Operation>,
    tools: Vec<ToolSpec>,
    /// `(method, remote name)` of each.
    names: Vec<(String, String)>,
}

/// The operations under the document's `paths`, each with its method's description (its
/// approval as `settings` say).
fn describe_paths(settings: &RemoteSettings, inliner: &Inliner, document: &Value) -> Described {
    let mut described = Described {
        operations: Vec::new(),
        tools: Vec::new(),
        names: Vec::new(),
    };
    let paths = document
        .get("paths")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    for (path, item) in &paths {
        // Only the item's own `$ref` is followed here; the parts used are inlined one by one.
        let item = inliner.follow(item);
        let shared = item
            .get("parameters")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        for http_method in HTTP_METHODS {
            let Some(op) = item.get(*http_method).filter(|o| o.is_object()) else {
                continue;
            };
            let remote = match op.get("operationId").and_then(Value::as_str) {
                Some(id) if !id.is_empty() => id.to_string(),
                _ => format!("{} {path}", http_method.to_ascii_uppercase()),
            };
            let method = match op.get("operationId").and_then(Value::as_str) {
                Some(id) if !id.is_empty() => remote_method_name(id),
                _ => path_method_name(http_method, path),
            };
            let is_write = matches!(*http_method, "post" | "put" | "patch" | "delete");
            let (operation, spec) =
                describe_operation(inliner, op, &shared, http_method, path, &method);
            let spec = ToolSpec {
                requires_approval: settings.approval.requires(&method, &remote, is_write),
                ..spec
            };
            described.names.push((method, remote));
            described.operations.push(operation);
            described.tools.push(spec);
        }
    }
    described
}

/// The operation's call plan and its method description.
fn describe_operation(
    inliner: &Inliner,
    op: &Value,
    shared: &[Value],
    http_method: &str,
    path: &str,
    method: &str,
) -> (Operation, ToolSpec) {
    let mut input = InputSchema::default();
    let parameters = input.add_parameters(&merged_parameters(inliner, op, shared));
    let body = input.add_body(inliner, op);
    let spec = ToolSpec {
        name: method.to_string(),
        description: operation_description(op, http_method, path),
        input_schema: input.into_schema(),
        output_schema: success_schema(op).map(|schema| inliner.inline(&schema, 0)),
        requires_approval: false,
    };
    let operation = Operation {
        method: method.to_string(),
        http_method: http_method.to_ascii_uppercase(),
        path: path.to_string(),
        parameters,
        body,
    };
    (operation, spec)
}

/// The path item's `shared` parameters and the operation's own, inlined: operation-level
/// parameters override path-level ones with the same name and location.
fn merged_parameters(inliner: &Inliner, op: &Value, shared: &[Value]) -> Vec<Value> {
    let own = op
        .get("parameters")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let mut merged: Vec<Value> = Vec::new();
    for parameter in shared
        .iter()
        .chain(own.iter())
        .map(|p| inliner.inline(p, 0))
    {
        let key = |p: &Value| (p.get("name").cloned(), p.get("in").cloned());
        merged.retain(|p| key(p) != key(&parameter));
        merged.push(parameter);
    }
    merged
}

/// The method's one argument object: a property per parameter, plus `body`.
#[derive(Default)]
struct InputSchema {
    properties: Map<String, Value>,
    required: Vec<Value>,
}

impl InputSchema {
    /// A property for each path, query and header parameter (cookies are not sent); returns
    /// where each goes.
    fn add_parameters(&mut self, merged: &[Value]) -> Vec<Parameter> {
        let mut parameters = Vec::new();
        for parameter in merged {
            let Some(name) = parameter.get("name").and_then(Value::as_str) else {
                continue;
            };
            let location = match parameter.get("in").and_then(Value::as_str) {
                Some("path") => Location::Path,
                Some("query") => Location::Query,
                Some("header") => Location::Header,
                _ => continue, // cookies are not sent
            };
            self.properties
                .insert(name.to_string(), described_schema(parameter, parameter));
            if location == Location::Path || parameter.get("required") == Some(&Value::Bool(true)) {
                self.required.push(Value::String(name.to_string()));
            }
            parameters.push(Parameter {
                name: name.to_string(),
                location,
            });
        }
        parameters
    }

    /// `body`, when the operation takes a request body in a media type it can send (JSON,
    /// else a form); returns how it is sent.
    fn add_body(&mut self, inliner: &Inliner, op: &Value) -> Option<BodyEncoding> {
        let request_body = op.get("requestBody").map(|b| inliner.inline(b, 0))?;
        let content = request_body
            .get("content")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        let (media, media_object) = chosen_media(&content)?;
        self.properties.insert(
            "body".to_string(),
            described_schema(media_object, &request_body),
        );
        if request_body.get("required") == Some(&Value::Bool(true)) {
            self.required.push(Value::String("body".to_string()));
        }
        Some(if media == "application/x-www-form-urlencoded" {
            BodyEncoding::Form
        } else {
            BodyEncoding::Json(media.clone())
        })
    }

    fn into_schema(self) -> Value {
        let mut input_schema =
            json!({"type": "object", "properties": self.properties, "additionalProperties": false});
        if !self.required.is_empty() {
            input_schema["required"] = Value::Array(self.required);
        }
        input_schema
    }
}

/// The request body's media type sent: `application/json`, else another JSON type, else a
/// form.
fn chosen_media(content: &Map<String, Value>) -> Option<(&String, &Value)> {
    content
        .iter()
        .find(|(media, _)| media.as_str() == "application/json")
        .or_else(|| {
            content
                .iter()
                .find(|(media, _)| media.ends_with("+json") || media.ends_with("/json"))
        })
        .or_else(|| {
            content
                .iter()
                .find(|(media, _)| media.as_str() == "application/x-www-form-urlencoded")
        })
}

/// The summary and description (once when they are the same), then `(GET /path)`.
fn operation_description(op: &Value, http_method: &str, path: &str) -> String {
    let text = |key: &str| {
        op.get(key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .trim()
            .to_string()
    };
    let (summary, details) = (text("summary"), text("description"));
    let mut description = match (summary.is_empty(), details.is_empty() || details == summary) {
        (false, false) => format!("{summary}. {details}"),
        (false, true) => summary,
        (true, _) => details,
    };
    if !description.is_empty() {
        description.push(' ');
    }
    description.push_str(&format!("({} {path})", http_method.to_ascii_uppercase()));
    description
}

/// The JSON schema of the first 2xx (else `default`) response, for the declarations.
fn success_schema(op: &Value) -> Option<Value> {
    let responses = op.get("responses")?.as_object()?;
    let (_, response) = responses
        .iter()
        .find(|(status, _)| status.starts_with('2'))
        .or_else(|| {
            responses
                .iter()
                .find(|(status, _)| status.as_str() == "default")
        })?;
    let content = response.get("content")?.as_object()?;
    content
        .iter()
        .find(|(media, _)| media.contains("json"))
        .and_then(|(_, m)| m.get("schema"))
        .cloned()
}

/// `GET /pets/{petId}/photos` → `getPetsByPetIdPhotos`.
fn path_method_name(http_method: &str, path: &str) -> String {
    let mut raw = http_method.to_string();
    for segment in path.split('/').filter(|s| !s.is_empty()) {
        match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            Some(parameter) => raw.push_str(&format!("-by-{parameter}")),
            None => raw.push_str(&format!("-{segment}")),
        }
    }
    remote_method_name(&raw)
}

/// The document's first server URL with its variables at their defaults, made absolute against
/// the URL the document came from.
fn server_url(document: &Value, spec_url: Option<&str>) -> Option<String> {
    let server = document.get("servers")?.as_array()?.first()?;
    let mut url = server.get("url")?.as_str()?.to_string();
    if let Some(variables) = server.get("variables").and_then(Value::as_object) {
        for (name, variable) in variables {
            if let Some(default) = variable.get("default").and_then(Value::as_str) {
                url = url.replace(&format!("{{{name}}}"), default);
            }
        }
    }
    match url::Url::parse(&url) {
        Ok(absolute) => Some(absolute.into()),
        Err(_) => url::Url::parse(spec_url?)
            .ok()?
            .join(&url)
            .ok()
            .map(Into::into),
    }
}

/// Same scheme, host and port.
pub(crate) fn same_origin(a: &str, b: &str) -> bool {
    match (url::Url::parse(a), url::Url::parse(b)) {
        (Ok(a), Ok(b)) => a.origin() == b.origin(),
        _ => false,
    }
}

/// `holder`'s `schema` (anything when it has none), described by `described`'s description
/// unless the schema has its own.
fn described_schema(holder: &Value, described: &Value) -> Value {
    let mut schema = holder.get("schema").cloned().unwrap_or_else(|| json!({}));
    if let (Some(object), Some(text)) = (
        schema.as_object_mut(),
        described.get("description").and_then(Value::as_str),
    ) {
        object
            .entry("description")
            .or_insert_with(|| Value::String(text.to_string()));
    }
    schema
}

fn instructions(settings: &RemoteSettings, document: &Value) -> String {
    let info = |key: &str| {
        document
            .pointer(&format!("/info/{key}"))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .trim()
            .to_string()
    };
    let about = join_present(&[&info("title"), &excerpt(&info("description"), 400)], ": ");
    settings.instructions_with(&about)
}

/// A parameter value as text: strings as they are, other values as JSON.
fn parameter_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Percent-encodes everything but RFC 3986 unreserved characters.
fn encode_path_segment(text: &str) -> String {
    let mut encoded = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            encoded.push(byte as char);
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

/// Replaces local `$ref`s with what they point to, so each schema stands alone. A reference to
/// itself (directly or through others) becomes `{}`; so do external references and whatever
/// lies beyond [`MAX_INLINED_NODES`] or [`MAX_INLINE_DEPTH`].
struct Inliner<'a> {
    root: &'a Value,
    /// Nodes the current `inline` may still produce.
    remaining: std::cell::Cell<usize>,
}

impl Inliner<'_> {
    fn inline(&self, value: &Value, depth: usize) -> Value {
        self.remaining.set(MAX_INLINED_NODES);
        self.inline_within(value, depth, &mut Vec::new())
    }

    /// `value`, or what its top-level local `$ref` points to.
    fn follow(&self, value: &Value) -> Value {
        let target = value
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.strip_prefix('#'));
        target
            .and_then(|pointer| self.root.pointer(pointer))
            .unwrap_or(value)
            .clone()
    }

    fn inline_within(&self, value: &Value, depth: usize, open: &mut Vec<String>) -> Value {
        if depth > MAX_INLINE_DEPTH || self.remaining.get() == 0 {
            return json!({});
        }
        self.remaining.set(self.remaining.get() - 1);
        match value {
            Value::Object(object) => {
                if let Some(reference) = object.get("$ref").and_then(Value::as_str) {
                    let target = reference
                        .strip_prefix('#')
                        .and_then(|pointer| self.root.pointer(pointer));
                    let Some(target) = target.filter(|_| !open.iter().any(|r| r == reference))
                    else {
                        return json!({});
                    };
                    open.push(reference.to_string());
                    let inlined = self.inline_within(target, depth + 1, open);
                    open.pop();
                    return inlined;
                }
                let mut out = Map::with_capacity(object.len());
                for (key, item) in object {
                    out.insert(key.clone(), self.inline_within(item, depth + 1, open));
                }
                nullable_to_type(&mut out);
                Value::Object(out)
            }
            Value::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|i| self.inline_within(i, depth + 1, open))
                    .collect(),
            ),
            other => other.clone(),
        }
    }
}

/// OpenAPI 3.0's `nullable: true` as JSON Schema: `null` added to `type`.
fn nullable_to_type(schema: &mut Map<String, Value>) {
    if schema.get("nullable") != Some(&Value::Bool(true)) {
        return;
    }
    if let Some(Value::String(kind)) = schema.get("type") {
        let kind = kind.clone();
        schema.insert("type".to_string(), json!([kind, "null"]));
    }
}

#[async_trait(?Send)]
impl Connector for OpenApiConnector {
    fn name(&self) -> &str {
        &self.settings.name
    }

    fn instructions(&self) -> String {
        self.operations.instructions().to_string()
    }

    fn tools(&self) -> Vec<ToolSpec> {
        self.operations.tools().to_vec()
    }

    async fn execute(
        &self,
        args: Value,
        ctx: &CallContext,
    ) -> std::result::Result<Value, ToolError> {
        let planned = self.operations.request(&ctx.method, args)?;
        let mut request = HttpRequest::new(&planned.http_method, &self.url(&ctx.method, &planned)?)
            .header("accept", "application/json, */*;q=0.5")
            .headers(&self.settings.headers)
            .header("idempotency-key", &ctx.idempotency_key());
        // Configured headers (credentials) win over header parameters of the same name.
        let configured = |name: &str| {
            self.settings
                .headers
                .iter()
                .any(|(n, _)| n.eq_ignore_ascii_case(name))
        };
        for (name, value) in planned.headers.iter().filter(|(n, _)| !configured(n)) {
            request = request.header(name, value);
        }
        if let Some((body, encoding)) = &planned.body {
            request = match encoding {
                BodyEncoding::Json(media) => request.body(media, body.to_string()),
                BodyEncoding::Form => {
                    let pairs = body
                        .as_object()
                        .into_iter()
                        .flatten()
                        .map(|(k, v)| (k.clone(), parameter_text(v)));
                    let form = url::form_urlencoded::Serializer::new(String::new())
                        .extend_pairs(pairs)
                        .finish();
                    request.body("application/x-www-form-urlencoded", form)
                }
            };
        }
        let response = self
            .http
            .send(request, self.settings.timeout_ms)
            .await
            .map_err(|e| {
                ToolError::new(format!("{} {}: {e}", planned.http_method, planned.template))
            })?;
        if !response.is_success() {
            return Err(ToolError::new(format!(
                "HTTP {}: {}",
                response.status,
                response.body_excerpt()
            )));
        }
        if response.body.trim().is_empty() {
            return Ok(Value::Null);
        }
        Ok(serde_json::from_str(&response.body).unwrap_or(Value::String(response.body)))
    }
}
