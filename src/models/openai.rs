//! Any OpenAI-compatible endpoint (`/chat/completions`, `/images/generations`), over the
//! runtime's outbound HTTP. Classification is a chat completion asked for JSON scores under a
//! JSON Schema (`response_format: json_schema`), every text of the call in one request.

use std::rc::Rc;

use async_trait::async_trait;
use serde_json::{json, Value};

use super::provider::{self, ImageRequest, ModelInfo, ModelProvider, Scored, TextRequest, Tokens};
use crate::remote::http::{excerpt, HttpClient, HttpRequest, HttpResponse};

/// An OpenAI-compatible provider.
pub struct OpenAiProvider {
    /// Without a trailing slash (`https://api.openai.com/v1`).
    base_url: String,
    /// `Authorization` and any configured headers.
    headers: Vec<(String, String)>,
    models: Vec<ModelInfo>,
    http: Rc<dyn HttpClient>,
    timeout_ms: u64,
}

impl OpenAiProvider {
    pub fn new(
        base_url: &str,
        headers: Vec<(String, String)>,
        models: Vec<ModelInfo>,
        http: Rc<dyn HttpClient>,
        timeout_ms: u64,
    ) -> Self {
        Self {
            base_url: base_url.trim_end_matches('/').to_string(),
            headers,
            models,
            http,
            timeout_ms,
        }
    }

    /// POSTs `body` to `path` and reads the JSON answer; statuses and transport failures become
    /// messages that say what to do.
    async fn post(&self, path: &str, body: &Value) -> Result<Value, String> {
        let request = HttpRequest::new("POST", &format!("{}{path}", self.base_url))
            .headers(&self.headers)
            .header("accept", "application/json")
            .json(body);
        let response = self
            .http
            .send(request, self.timeout_ms)
            .await
            .map_err(|e| format!("the model provider could not be reached: {e}"))?;
        if !response.is_success() {
            return Err(status_error(&response));
        }
        serde_json::from_str(&response.body).map_err(|_| {
            format!(
                "the provider's answer is malformed: not JSON ({})",
                excerpt(&response.body, 120)
            )
        })
    }

    async fn chat(
        &self,
        model: &str,
        messages: &[provider::Message],
        extra: Value,
    ) -> Result<(Value, Tokens), String> {
        let mut body = json!({"model": model, "messages": messages});
        if let (Value::Object(body), Value::Object(extra)) = (&mut body, extra) {
            body.extend(extra);
        }
        let answer = self.post("/chat/completions", &body).await?;
        let content = answer
            .pointer("/choices/0/message/content")
            .filter(|c| c.is_string())
            .cloned()
            .ok_or("the provider's answer is malformed: no choices[0].message.content")?;
        Ok((content, Tokens::from_openai(answer.get("usage"))))
    }
}

/// What a non-2xx answer means for the script.
pub(super) fn status_error(response: &HttpResponse) -> String {
    let detail = serde_json::from_str::<Value>(&response.body)
        .ok()
        .and_then(|v| {
            v.pointer("/error/message")
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .unwrap_or_else(|| response.body_excerpt());
    match response.status {
        429 => format!(
            "the model provider is rate-limiting requests (HTTP 429{}): {detail}; try again later or with fewer calls at once",
            response
                .header("retry-after")
                .map(|s| format!(", retry after {s} s"))
                .unwrap_or_default()
        ),
        401 | 403 => format!(
            "the model provider refused the credentials (HTTP {}): {detail}; check the configured key",
            response.status
        ),
        status => format!("the model provider answered HTTP {status}: {detail}"),
    }
}

#[async_trait(?Send)]
impl ModelProvider for OpenAiProvider {
    fn kind(&self) -> &'static str {
        "openai"
    }

    fn models(&self) -> &[ModelInfo] {
        &self.models
    }

    async fn generate_text(
        &self,
        model: &str,
        request: &TextRequest,
    ) -> Result<(String, Tokens), String> {
        let extra = match request.max_tokens {
            Some(n) => json!({"max_tokens": n}),
            None => json!({}),
        };
        let (content, tokens) = self.chat(model, &request.messages, extra).await?;
        Ok((content.as_str().unwrap_or_default().to_string(), tokens))
    }

    async fn classify(
        &self,
        model: &ModelInfo,
        texts: &[String],
        labels: Option<&[String]>,
    ) -> Result<(Vec<Vec<Scored>>, Tokens), String> {
        let labels = provider::labels_or_default(labels);
        let (messages, schema) = provider::classification_prompt(texts, &labels);
        let extra = json!({
            "temperature": 0,
            "response_format": {"type": "json_schema", "json_schema": {
                "name": "classification", "strict": true, "schema": schema}}
        });
        let (content, tokens) = self.chat(&model.id, &messages, extra).await?;
        let results = provider::read_classification(&content, texts.len(), &labels)?;
        Ok((results, tokens))
    }

    async fn generate_images(
        &self,
        model: &str,
        request: &ImageRequest,
    ) -> Result<Vec<Vec<u8>>, String> {
        let mut body = json!({
            "model": model, "prompt": request.prompt, "n": request.n, "response_format": "b64_json"
        });
        if request.width.is_some() || request.height.is_some() {
            let side = request.width.or(request.height).unwrap_or(1024);
            body["size"] = json!(format!(
                "{}x{}",
                request.width.unwrap_or(side),
                request.height.unwrap_or(side)
            ));
        }
        let answer = self.post("/images/generations", &body).await?;
        let data = answer
            .get("data")
            .and_then(Value::as_array)
            .ok_or("the provider's answer is malformed: no `data` array of images")?;
        data.iter()
            .map(|item| {
                let b64 = item
                    .get("b64_json")
                    .and_then(Value::as_str)
                    .ok_or("the provider's answer is malformed: an image without `b64_json`")?;
                crate::images::decode_base64(b64).ok_or_else(|| {
                    "the provider's answer is malformed: `b64_json` is not base64".to_string()
                })
            })
            .collect()
    }
}
