//! The script's side of a run, as plain data: the calls it issues (timers among them), how it
//! ends and what it prints. The sandbox produces these; the pure run (`crate::run`) consumes them
//! without knowing the engine.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::model::ErrorInfo;

/// A tool call the script issued.
#[derive(Debug, Clone, PartialEq)]
pub struct CallRequest {
    pub seq: u32,
    pub connector: String,
    pub method: String,
    pub args: Value,
    /// The virtual time when the script issued it (a timer is due `delayMs` after it).
    pub issued_at: i64,
}

/// How the script ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Settled {
    /// It returned; `None` for `undefined`.
    Returned(Option<Value>),
    /// It threw (or the engine stopped it).
    Threw(ErrorInfo),
}

/// What the script printed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Output {
    pub texts: Vec<String>,
    pub console: Vec<String>,
    /// `image()` items, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<OutputImage>,
}

/// One `image()` item: an image already stored (a generated one's reference), or bytes the
/// script made, kept by the runtime when the run completes (never in a stored record).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum OutputImage {
    /// Kept by the instance; `url` is filled in when the pass ends.
    Stored {
        image: crate::images::ImageRef,
        #[serde(default)]
        url: String,
    },
    Bytes {
        mime_type: String,
        width: u32,
        height: u32,
        #[serde(skip)]
        data: Vec<u8>,
    },
}

impl Output {
    /// The images kept for the run, as its answer lists them.
    pub fn image_outputs(&self) -> Vec<crate::images::ImageOutput> {
        self.images
            .iter()
            .filter_map(|item| match item {
                OutputImage::Stored { image, url } => Some(crate::images::ImageOutput {
                    image: image.clone(),
                    url: url.clone(),
                }),
                OutputImage::Bytes { .. } => None,
            })
            .collect()
    }
}

impl OutputImage {
    /// Bytes of the image, for the run's image bound.
    pub fn size(&self) -> usize {
        match self {
            OutputImage::Stored { image, .. } => image.bytes as usize,
            OutputImage::Bytes { data, .. } => data.len(),
        }
    }
}

/// `connector` of timer calls.
pub const TIMER_CONNECTOR: &str = "codemode";
/// `method` of a timer call, by the kind `host.timer` is given (0: timeout, 1: interval tick).
pub const TIMER_METHODS: [&str; 2] = ["setTimeout", "setInterval"];

/// The delay of a timer call (`codemode.setTimeout`/`setInterval`), `None` for any other call.
pub fn timer_delay(request: &CallRequest) -> Option<i64> {
    if request.connector != TIMER_CONNECTOR || !TIMER_METHODS.contains(&request.method.as_str()) {
        return None;
    }
    Some(
        request
            .args
            .get("delayMs")
            .and_then(serde_json::Value::as_i64)
            .unwrap_or(0),
    )
}
