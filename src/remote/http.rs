//! Outbound HTTP for connectors that reach remote services (MCP servers, OpenAPI services).
//!
//! The core sees only [`HttpClient`]; the Worker shell implements it with `fetch`
//! (`shell::fetch::FetchClient`), native tests with whatever they need. Bodies are text: both
//! protocols speak JSON (or server-sent events carrying JSON).

use async_trait::async_trait;

/// One request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpRequest {
    /// `GET`, `POST`, ...
    pub method: String,
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Option<String>,
}

impl HttpRequest {
    pub fn new(method: &str, url: &str) -> Self {
        Self {
            method: method.to_string(),
            url: url.to_string(),
            headers: Vec::new(),
            body: None,
        }
    }

    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.headers.push((name.to_string(), value.to_string()));
        self
    }

    pub fn headers<'a>(mut self, headers: impl IntoIterator<Item = &'a (String, String)>) -> Self {
        self.headers.extend(headers.into_iter().cloned());
        self
    }

    /// A body and its content type.
    pub fn body(mut self, content_type: &str, body: String) -> Self {
        self.headers
            .push(("content-type".to_string(), content_type.to_string()));
        self.body = Some(body);
        self
    }

    /// A JSON body and its content type.
    pub fn json(self, body: &serde_json::Value) -> Self {
        self.body("application/json", body.to_string())
    }
}

/// One response, read to the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpResponse {
    pub status: u16,
    /// Header names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl HttpResponse {
    /// The first header of that name (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The media type without parameters, lower case (`application/json`).
    pub fn media_type(&self) -> String {
        let value = self.header("content-type").unwrap_or_default();
        value
            .split(';')
            .next()
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase()
    }

    /// The start of the body, for error messages.
    pub fn body_excerpt(&self) -> String {
        excerpt(&self.body, 300)
    }
}

/// At most `max` characters of `text`, with an ellipsis when cut.
pub fn excerpt(text: &str, max: usize) -> String {
    let text = text.trim();
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// Sends requests. Errors are transport failures (refused connection, timeout) as text; HTTP
/// error statuses are responses.
#[async_trait(?Send)]
pub trait HttpClient {
    async fn send(&self, request: HttpRequest, timeout_ms: u64) -> Result<HttpResponse, String>;
}
