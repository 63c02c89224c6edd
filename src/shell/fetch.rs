//! [`HttpClient`] over the Workers `fetch`, for the remote connectors.

use std::time::Duration;

use async_trait::async_trait;
use futures_lite::future;
use worker::{AbortController, Delay, Fetch, Headers, Method, Request, RequestInit};

use crate::remote::http::{HttpClient, HttpRequest, HttpResponse};

/// Largest answer read (by its `Content-Length`); a tool result is capped far lower
/// (`RuntimeConfig::max_result_bytes`), this keeps a huge download from filling the isolate.
const MAX_RESPONSE_BYTES: u64 = 16 * 1024 * 1024;

/// Sends requests with `fetch`, aborting them after the connector's timeout.
#[derive(Debug, Default, Clone, Copy)]
pub struct FetchClient;

impl FetchClient {
    async fn send_now(
        request: HttpRequest,
        signal: &worker::AbortSignal,
    ) -> worker::Result<HttpResponse> {
        let headers = Headers::new();
        for (name, value) in &request.headers {
            headers.append(name, value)?;
        }
        let mut init = RequestInit::new();
        init.with_method(Method::from(request.method.clone()))
            .with_headers(headers);
        if let Some(body) = &request.body {
            init.with_body(Some(wasm_bindgen::JsValue::from_str(body)));
        }
        let outgoing = Request::new_with_init(&request.url, &init)?;
        let mut response = Fetch::Request(outgoing).send_with_signal(signal).await?;
        let headers: Vec<(String, String)> = response
            .headers()
            .entries()
            .map(|(n, v)| (n.to_ascii_lowercase(), v))
            .collect();
        let declared = headers
            .iter()
            .find(|(n, _)| n == "content-length")
            .and_then(|(_, v)| v.parse::<u64>().ok());
        if let Some(length) = declared.filter(|length| *length > MAX_RESPONSE_BYTES) {
            return Err(worker::Error::RustError(format!(
                "the answer is {length} bytes; at most {MAX_RESPONSE_BYTES} are read"
            )));
        }
        Ok(HttpResponse {
            status: response.status_code(),
            headers,
            body: response.text().await?,
        })
    }
}

#[async_trait(?Send)]
impl HttpClient for FetchClient {
    async fn send(&self, request: HttpRequest, timeout_ms: u64) -> Result<HttpResponse, String> {
        let controller = AbortController::default();
        let signal = controller.signal();
        // A call abandoned while it waits (its run was cancelled: this future is dropped) aborts
        // the request, so the service sees it go.
        let mut abandoned = AbortOnDrop(Some(controller));
        let target = format!("{} {}", request.method, request.url);
        let sent = async {
            Self::send_now(request, &signal)
                .await
                .map_err(|e| e.to_string())
        };
        let timeout = async {
            Delay::from(Duration::from_millis(timeout_ms)).await;
            Err(format!("no answer within {timeout_ms} ms"))
        };
        let outcome = future::or(sent, timeout).await;
        let controller = abandoned.0.take();
        if let (Err(_), Some(controller)) = (&outcome, controller) {
            controller.abort();
        }
        outcome.map_err(|e| format!("{target}: {e}"))
    }
}

/// Aborts the request when dropped still holding its controller (see [`FetchClient::send`]).
struct AbortOnDrop(Option<AbortController>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        if let Some(controller) = self.0.take() {
            controller.abort();
        }
    }
}
