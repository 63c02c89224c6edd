//! `CODEMODE_CONNECTORS`: MCP servers and OpenAPI services declared as JSON, so users add tools
//! without writing Rust. Parsing is strict (unknown keys, wrong types, missing secrets are errors
//! naming the entry), because a typo found at the first request beats a tool silently missing.
//!
//! ```json
//! [
//!   {"name": "docs", "type": "mcp", "url": "https://docs.example.com/mcp",
//!    "headers": {"Authorization": {"secret": "DOCS_TOKEN", "prefix": "Bearer "}},
//!    "requireApproval": ["deletePage"]},
//!   {"name": "petstore", "type": "openapi", "spec": "https://petstore3.swagger.io/api/v3/openapi.json",
//!    "requireApproval": "writes", "timeoutMs": 10000}
//! ]
//! ```

use std::collections::BTreeSet;
use std::rc::Rc;

use serde_json::{Map, Value};

use super::http::{HttpClient, HttpRequest};
use super::mcp::McpConnector;
use super::openapi::OpenApiConnector;
use super::{ApprovalRule, RemoteSettings};
use crate::connector::{is_identifier, Connector};
use crate::error::{Error, Result};

/// The Worker var holding the declarations.
pub const VAR: &str = "CODEMODE_CONNECTORS";

/// Longest `timeoutMs` (5 minutes; a Durable Object request should not wait longer).
const MAX_TIMEOUT_MS: u64 = 300_000;

/// Headers the connectors set themselves.
const RESERVED_HEADERS: &[&str] = &[
    "accept",
    "content-type",
    "content-length",
    "host",
    "idempotency-key",
    "mcp-session-id",
    "mcp-protocol-version",
    "last-event-id",
];

const KEYS: &[&str] = &[
    "name",
    "type",
    "url",
    "spec",
    "baseUrl",
    "headers",
    "requireApproval",
    "timeoutMs",
    "description",
];

/// Where an OpenAPI document comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum SpecSource {
    /// Fetched (as JSON) when the runtime is built.
    Url(String),
    Inline(Value),
}

/// What kind of service an entry declares.
#[derive(Debug, Clone, PartialEq)]
pub enum EntryKind {
    Mcp {
        url: String,
    },
    OpenApi {
        spec: SpecSource,
        base_url: Option<String>,
    },
}

/// One checked declaration, secrets resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct ConnectorEntry {
    pub settings: RemoteSettings,
    pub kind: EntryKind,
}

/// Parses the declarations. `secret` looks up a Worker secret or var by name; `taken` are the
/// names of connectors built in code (`notes`).
pub fn parse(
    text: &str,
    secret: &dyn Fn(&str) -> Option<String>,
    taken: &[&str],
) -> Result<Vec<ConnectorEntry>> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let value: Value = serde_json::from_str(text)
        .map_err(|e| Error::InvalidConfig(format!("{VAR} is not valid JSON: {e}")))?;
    let Value::Array(items) = value else {
        return Err(Error::InvalidConfig(format!(
            "{VAR} must be a JSON array of connector declarations"
        )));
    };
    let mut names: BTreeSet<String> = taken.iter().map(|n| n.to_string()).collect();
    let mut entries = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        let entry = parse_entry(index, item, secret)?;
        if !names.insert(entry.settings.name.clone()) {
            return Err(entry.settings.invalid(format!(
                "another connector is already named `{}`",
                entry.settings.name
            )));
        }
        entries.push(entry);
    }
    Ok(entries)
}

fn parse_entry(
    index: usize,
    item: &Value,
    secret: &dyn Fn(&str) -> Option<String>,
) -> Result<ConnectorEntry> {
    let at = format!("{VAR}[{index}]");
    let Value::Object(object) = item else {
        return Err(Error::InvalidConfig(format!(
            "{at}: each declaration must be a JSON object"
        )));
    };
    let mut settings = named_settings(&at, object)?;
    let kind_name = object
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let kind = match kind_name {
        "mcp" => mcp_kind(object, &settings)?,
        "openapi" => openapi_kind(object, &settings)?,
        other => {
            return Err(settings.invalid(format!(
                "`type` must be \"mcp\" or \"openapi\", got {other:?}"
            )))
        }
    };
    settings.headers = headers(object, &settings, secret)?;
    settings.approval = approval(object.get("requireApproval"), kind_name, &settings)?;
    if let Some(timeout) = object.get("timeoutMs") {
        settings.timeout_ms = timeout
            .as_u64()
            .filter(|t| (1..=MAX_TIMEOUT_MS).contains(t))
            .ok_or_else(|| {
                settings.invalid(format!(
                    "`timeoutMs` must be an integer from 1 to {MAX_TIMEOUT_MS} (milliseconds)"
                ))
            })?;
    }
    if let Some(description) = object.get("description") {
        settings.description = description
            .as_str()
            .ok_or_else(|| settings.invalid("`description` must be a string"))?
            .to_string();
    }
    Ok(ConnectorEntry { settings, kind })
}

/// The settings of the declaration `at`, named by its `name` (which its errors then give), once
/// its keys are known ones and the name is one a script can use.
fn named_settings(at: &str, object: &Map<String, Value>) -> Result<RemoteSettings> {
    let name = object
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let mut settings = RemoteSettings::new(name);
    settings.origin = if name.is_empty() {
        at.to_string()
    } else {
        format!("{at} (`{name}`)")
    };
    if let Some(unknown) = object.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return Err(settings.invalid(format!(
            "unknown key `{unknown}`; the keys are {}",
            KEYS.join(", ")
        )));
    }
    if !is_identifier(name) {
        return Err(settings.invalid(
            "`name` must be a JavaScript identifier (letters, digits, `_`, `$`)".to_string(),
        ));
    }
    if let Some(clash) = crate::globals::connector_name_clash(name) {
        return Err(settings.invalid(clash));
    }
    Ok(settings)
}

/// `"type": "mcp"`: the server's `url`, and none of the OpenAPI keys.
fn mcp_kind(object: &Map<String, Value>, settings: &RemoteSettings) -> Result<EntryKind> {
    if let Some(key) = ["spec", "baseUrl"]
        .iter()
        .find(|k| object.contains_key(**k))
    {
        return Err(settings.invalid(format!(
            "`{key}` belongs to OpenAPI connectors; an MCP server takes `url`"
        )));
    }
    Ok(EntryKind::Mcp {
        url: http_url(object, "url", settings)?
            .ok_or_else(|| settings.invalid("`url` is required".to_string()))?,
    })
}

/// `"type": "openapi"`: the document (`spec`, its URL or itself) and optionally `baseUrl`.
fn openapi_kind(object: &Map<String, Value>, settings: &RemoteSettings) -> Result<EntryKind> {
    if object.contains_key("url") {
        return Err(settings.invalid(
            "an OpenAPI connector takes `spec` (URL or document) and optionally `baseUrl`, not `url`"
                .to_string(),
        ));
    }
    let spec = match object.get("spec") {
        Some(Value::String(_)) => {
            SpecSource::Url(http_url(object, "spec", settings)?.unwrap_or_default())
        }
        Some(document @ Value::Object(_)) => SpecSource::Inline(document.clone()),
        _ => {
            return Err(settings.invalid(
                "`spec` is required: the document's URL or the document itself".to_string(),
            ))
        }
    };
    Ok(EntryKind::OpenApi {
        spec,
        base_url: http_url(object, "baseUrl", settings)?,
    })
}

/// An optional `http(s)` URL under `key`.
pub(crate) fn http_url(
    object: &Map<String, Value>,
    key: &str,
    settings: &RemoteSettings,
) -> Result<Option<String>> {
    let Some(value) = object.get(key) else {
        return Ok(None);
    };
    let text = value
        .as_str()
        .ok_or_else(|| settings.invalid(format!("`{key}` must be a string URL")))?;
    match url::Url::parse(text) {
        Ok(url) if matches!(url.scheme(), "http" | "https") => Ok(Some(text.to_string())),
        Ok(url) => Err(settings.invalid(format!(
            "`{key}` must be an http(s) URL, got scheme `{}`",
            url.scheme()
        ))),
        Err(e) => Err(settings.invalid(format!("`{key}` is not a URL ({e}): {text:?}"))),
    }
}

/// `"headers": {"X-Api-Key": "literal", "Authorization": {"secret": "TOKEN", "prefix": "Bearer "}}`.
pub(crate) fn headers(
    object: &Map<String, Value>,
    settings: &RemoteSettings,
    secret: &dyn Fn(&str) -> Option<String>,
) -> Result<Vec<(String, String)>> {
    let Some(value) = object.get("headers") else {
        return Ok(Vec::new());
    };
    let Value::Object(map) = value else {
        return Err(settings.invalid("`headers` must be an object of header name to value"));
    };
    let mut headers = Vec::with_capacity(map.len());
    for (name, value) in map {
        if name.is_empty()
            || !name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
        {
            return Err(settings.invalid(format!(
                "header name {name:?} is not a valid HTTP header name"
            )));
        }
        if RESERVED_HEADERS.contains(&name.to_ascii_lowercase().as_str()) {
            return Err(settings.invalid(format!("header `{name}` is set by the connector itself")));
        }
        if headers
            .iter()
            .any(|(other, _): &(String, String)| other.eq_ignore_ascii_case(name))
        {
            return Err(settings.invalid(format!("header `{name}` is given twice")));
        }
        let text = match value {
            Value::String(text) => text.clone(),
            Value::Object(reference) => {
                let secret_name = reference.get("secret").and_then(Value::as_str).ok_or_else(|| {
                    settings.invalid(format!(
                        "header `{name}`: use a string or {{\"secret\": \"NAME\", \"prefix\": \"...\"}}"
                    ))
                })?;
                if let Some(unknown) = reference
                    .keys()
                    .find(|k| !["secret", "prefix"].contains(&k.as_str()))
                {
                    return Err(settings.invalid(format!(
                        "header `{name}`: unknown key `{unknown}` (use `secret` and `prefix`)"
                    )));
                }
                let value = secret(secret_name).ok_or_else(|| {
                    settings.invalid(format!(
                        "header `{name}` needs the secret `{secret_name}`, which is not set (`wrangler secret put {secret_name}`, or `.dev.vars` locally)"
                    ))
                })?;
                let prefix = reference
                    .get("prefix")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                format!("{prefix}{value}")
            }
            _ => {
                return Err(settings.invalid(format!(
                    "header `{name}` must be a string or a secret reference"
                )))
            }
        };
        if text.contains(['\r', '\n']) {
            return Err(settings.invalid(format!("header `{name}` contains a line break")));
        }
        headers.push((name.clone(), text));
    }
    Ok(headers)
}

fn approval(value: Option<&Value>, kind: &str, settings: &RemoteSettings) -> Result<ApprovalRule> {
    let default_word = if kind == "mcp" { "annotated" } else { "writes" };
    match value {
        None => Ok(ApprovalRule::Default),
        Some(Value::String(word)) => match word.as_str() {
            "none" => Ok(ApprovalRule::None),
            "all" => Ok(ApprovalRule::All),
            w if w == default_word => Ok(ApprovalRule::Default),
            other => Err(settings.invalid(format!(
                "`requireApproval` must be \"{default_word}\" (the default), \"all\", \"none\" or a list of method names, got {other:?}"
            ))),
        },
        Some(Value::Array(items)) => items
            .iter()
            .map(|i| i.as_str().map(str::to_string))
            .collect::<Option<BTreeSet<_>>>()
            .map(ApprovalRule::Listed)
            .ok_or_else(|| settings.invalid("`requireApproval` lists method names as strings")),
        Some(_) => Err(settings.invalid("`requireApproval` must be a string or a list of method names")),
    }
}

/// What connecting the declarations gave.
pub struct Connected {
    /// The services that answered, in declaration order.
    pub connectors: Vec<Box<dyn Connector>>,
    /// Why the others did not (`CONNECTOR_UNAVAILABLE`, naming each), if any did not.
    pub unavailable: Option<Error>,
}

/// Connects every declared service (MCP handshake and tool list, OpenAPI document fetch), in
/// declaration order. A service that cannot be reached is left out and reported in
/// [`Connected::unavailable`]; a declaration that cannot work (`INVALID_CONFIG`) fails the whole.
pub async fn connect(entries: Vec<ConnectorEntry>, http: Rc<dyn HttpClient>) -> Result<Connected> {
    let mut connectors: Vec<Box<dyn Connector>> = Vec::with_capacity(entries.len());
    let mut down = Vec::new();
    for entry in entries {
        match connect_one(entry, http.clone()).await {
            Ok(connector) => connectors.push(connector),
            Err(Error::ConnectorUnavailable(message)) => down.push(message),
            Err(other) => return Err(other),
        }
    }
    let unavailable = (!down.is_empty()).then(|| Error::ConnectorUnavailable(down.join("; ")));
    Ok(Connected {
        connectors,
        unavailable,
    })
}

async fn connect_one(
    entry: ConnectorEntry,
    http: Rc<dyn HttpClient>,
) -> Result<Box<dyn Connector>> {
    let ConnectorEntry { settings, kind } = entry;
    Ok(match kind {
        EntryKind::Mcp { url } => Box::new(McpConnector::connect(settings, &url, http).await?),
        EntryKind::OpenApi { spec, base_url } => {
            let (document, spec_url) = match spec {
                SpecSource::Inline(document) => (document, None),
                SpecSource::Url(url) => {
                    // Credentials go to the document's host only if calls go there too.
                    let credentials = base_url
                        .as_deref()
                        .is_none_or(|base| super::openapi::same_origin(base, &url));
                    (
                        fetch_document(&settings, &url, credentials, http.as_ref()).await?,
                        Some(url),
                    )
                }
            };
            let (spec_url, base_url) = (spec_url.as_deref(), base_url.as_deref());
            Box::new(OpenApiConnector::from_document(
                settings, &document, spec_url, base_url, http,
            )?)
        }
    })
}

async fn fetch_document(
    settings: &RemoteSettings,
    url: &str,
    credentials: bool,
    http: &dyn HttpClient,
) -> Result<Value> {
    let mut request = HttpRequest::new("GET", url).header("accept", "application/json");
    if credentials {
        request = request.headers(&settings.headers);
    }
    let response = http.send(request, settings.timeout_ms).await.map_err(|e| {
        settings.unavailable(format!("cannot fetch the OpenAPI document {url}: {e}"))
    })?;
    if !response.is_success() {
        return Err(settings.unavailable(format!(
            "fetching the OpenAPI document {url} answered HTTP {}: {}",
            response.status,
            response.body_excerpt()
        )));
    }
    serde_json::from_str(&response.body).map_err(|e| {
        settings.invalid(format!(
            "the OpenAPI document at {url} is not JSON ({e}); YAML documents are not supported, convert to JSON"
        ))
    })
}
