//! What a model provider answers, the methods scripts see, and what both providers share (the
//! labelled-classification request a chat model answers in JSON).

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::connector::ToolSpec;

/// What a model does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Task {
    TextGeneration,
    TextClassification,
    TextToImage,
}

impl Task {
    pub const ALL: [Task; 3] = [
        Task::TextGeneration,
        Task::TextClassification,
        Task::TextToImage,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Task::TextGeneration => "text-generation",
            Task::TextClassification => "text-classification",
            Task::TextToImage => "text-to-image",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.name() == text)
    }

    /// The task names, for error messages.
    pub fn names() -> String {
        Self::ALL.map(Task::name).join(", ")
    }
}

/// One entry of `models.catalog()`: a model offered for one task (a model offered for two
/// tasks is two entries).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelInfo {
    pub id: String,
    pub task: Task,
    pub description: String,
}

impl ModelInfo {
    pub fn new(id: &str, task: Task, description: &str) -> Self {
        Self {
            id: id.to_string(),
            task,
            description: description.to_string(),
        }
    }
}

/// A label and its score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scored {
    pub label: String,
    pub score: f64,
}

/// Labels best first (ties keep the provider's order).
pub fn best_first(mut labels: Vec<Scored>) -> Vec<Scored> {
    labels.sort_by(|a, b| b.score.total_cmp(&a.score));
    labels
}

/// What the provider said a call used; missing counts stay `None`.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Tokens {
    pub input: Option<u64>,
    pub output: Option<u64>,
    pub total: Option<u64>,
    pub neurons: Option<f64>,
}

impl Tokens {
    /// OpenAI's (and Workers AI's) `usage` object: `prompt_tokens`, `completion_tokens`,
    /// `total_tokens`.
    pub fn from_openai(usage: Option<&Value>) -> Tokens {
        let count = |key: &str| usage.and_then(|u| u.get(key)).and_then(Value::as_u64);
        Tokens {
            input: count("prompt_tokens"),
            output: count("completion_tokens"),
            total: count("total_tokens"),
            neurons: None,
        }
    }
}

/// A chat message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub role: String,
    pub content: String,
}

/// `generateText`'s arguments, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextRequest {
    pub messages: Vec<Message>,
    pub max_tokens: Option<u64>,
}

/// Largest `maxTokens`.
pub const MAX_TOKENS: u64 = 32_768;

impl TextRequest {
    pub fn from_args(args: &Value) -> Result<Self, String> {
        let fail = |m: &str| format!("models.generateText: {m}");
        let mut messages = Vec::new();
        if let Some(system) = args.get("system") {
            let system = system
                .as_str()
                .ok_or_else(|| fail("`system` must be a string"))?;
            messages.push(Message {
                role: "system".into(),
                content: system.into(),
            });
        }
        match (args.get("prompt"), args.get("messages")) {
            (Some(Value::String(prompt)), None) => messages.push(Message {
                role: "user".into(),
                content: prompt.clone(),
            }),
            (None, Some(Value::Array(items))) if !items.is_empty() => {
                for item in items {
                    let role = item.get("role").and_then(Value::as_str);
                    let content = item.get("content").and_then(Value::as_str);
                    match (role, content) {
                        (Some(role @ ("system" | "user" | "assistant")), Some(content)) => {
                            messages.push(Message {
                                role: role.into(),
                                content: content.into(),
                            })
                        }
                        _ => return Err(fail(
                            "each of `messages` must be {role: \"system\" | \"user\" | \"assistant\", content: string}",
                        )),
                    }
                }
            }
            _ => {
                return Err(fail(
                    "give `prompt` (a string) or `messages` (a non-empty array), not both",
                ))
            }
        }
        let max_tokens = match args.get("maxTokens") {
            None | Some(Value::Null) => None,
            Some(value) => match value.as_u64() {
                Some(n) if (1..=MAX_TOKENS).contains(&n) => Some(n),
                _ => {
                    return Err(fail(&format!(
                        "`maxTokens` must be an integer from 1 to {MAX_TOKENS}"
                    )))
                }
            },
        };
        Ok(Self {
            messages,
            max_tokens,
        })
    }
}

/// `generateImages`'s arguments, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageRequest {
    pub prompt: String,
    pub n: u64,
    pub width: Option<u64>,
    pub height: Option<u64>,
}

/// Smallest and largest side of a generated image, in pixels.
pub const IMAGE_SIDES: (u64, u64) = (64, 2048);

impl ImageRequest {
    pub fn from_args(args: &Value) -> Result<Self, String> {
        let prompt = match args.get("prompt") {
            Some(Value::String(p)) if !p.trim().is_empty() => p.clone(),
            _ => return Err("`prompt` must be a non-empty string".into()),
        };
        let whole = |key: &str, min: u64, max: u64| -> Result<Option<u64>, String> {
            match args.get(key) {
                None | Some(Value::Null) => Ok(None),
                Some(v) => match v.as_u64() {
                    Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
                    _ => Err(format!("`{key}` must be an integer from {min} to {max}")),
                },
            }
        };
        let (min, max) = IMAGE_SIDES;
        Ok(Self {
            prompt,
            n: whole("n", 1, super::MAX_IMAGES_PER_CALL)?.unwrap_or(1),
            width: whole("width", min, max)?,
            height: whole("height", min, max)?,
        })
    }
}

/// A model provider. Errors are the text the script's promise rejects with (after
/// `models.<method>: `): what failed and what to do, never a bare status.
#[async_trait(?Send)]
pub trait ModelProvider {
    /// `"workers-ai"` or `"openai"`.
    fn kind(&self) -> &'static str;
    /// The models, by task; the first of a task is its default.
    fn models(&self) -> &[ModelInfo];
    async fn generate_text(
        &self,
        model: &str,
        request: &TextRequest,
    ) -> Result<(String, Tokens), String>;
    /// Per text, the labels with scores (in any order). `model` offers text classification (its
    /// own labels) or text generation (asked to score `labels`).
    async fn classify(
        &self,
        model: &ModelInfo,
        texts: &[String],
        labels: Option<&[String]>,
    ) -> Result<(Vec<Vec<Scored>>, Tokens), String>;
    /// The images' bytes.
    async fn generate_images(
        &self,
        model: &str,
        request: &ImageRequest,
    ) -> Result<Vec<Vec<u8>>, String>;
}

/// Labels a chat model scores when the call names none.
pub const DEFAULT_LABELS: [&str; 2] = ["positive", "negative"];

/// The call's labels, or [`DEFAULT_LABELS`].
pub fn labels_or_default(labels: Option<&[String]>) -> Vec<String> {
    match labels {
        Some(labels) => labels.to_vec(),
        None => DEFAULT_LABELS.iter().map(|l| l.to_string()).collect(),
    }
}

/// The chat messages and JSON Schema that ask a text-generation model to score `labels` for each
/// of `texts`: `{"results": [{<label>: score, …}, …]}`, one object per text.
pub fn classification_prompt(texts: &[String], labels: &[String]) -> (Vec<Message>, Value) {
    let properties: serde_json::Map<String, Value> = labels
        .iter()
        .map(|l| (l.clone(), json!({"type": "number"})))
        .collect();
    let schema = json!({
        "type": "object",
        "properties": {"results": {"type": "array", "items": {
            "type": "object", "properties": properties, "required": labels, "additionalProperties": false
        }}},
        "required": ["results"],
        "additionalProperties": false
    });
    let system = format!(
        "You classify texts. For each text, give every label a score from 0 to 1 (the scores of a text sum to 1): how well the label fits the text. Labels: {}. Answer only with JSON {{\"results\": [...]}}, one object per text, in the order given.",
        labels.join(", ")
    );
    let user = json!({"labels": labels, "texts": texts}).to_string();
    (
        vec![
            Message {
                role: "system".into(),
                content: system,
            },
            Message {
                role: "user".into(),
                content: user,
            },
        ],
        schema,
    )
}

/// Reads a chat model's classification answer (JSON text or an already parsed object).
pub fn read_classification(
    answer: &Value,
    texts: usize,
    labels: &[String],
) -> Result<Vec<Vec<Scored>>, String> {
    let parsed;
    let answer = match answer {
        Value::String(text) => {
            parsed = serde_json::from_str::<Value>(strip_fence(text)).map_err(|e| {
                format!("the provider's answer is malformed: the classification is not JSON ({e})")
            })?;
            &parsed
        }
        other => other,
    };
    let results = answer
        .get("results")
        .and_then(Value::as_array)
        .ok_or("the provider's answer is malformed: no `results` array in the classification")?;
    if results.len() != texts {
        return Err(format!(
            "the provider's answer is malformed: {} results for {texts} texts",
            results.len()
        ));
    }
    results
        .iter()
        .map(|scores| {
            labels
                .iter()
                .map(|label| {
                    let score = scores
                        .get(label)
                        .and_then(Value::as_f64)
                        .filter(|s| s.is_finite());
                    score
                        .map(|score| Scored {
                            label: label.clone(),
                            score,
                        })
                        .ok_or_else(|| {
                            format!(
                                "the provider's answer is malformed: no score for label `{label}`"
                            )
                        })
                })
                .collect()
        })
        .collect()
}

/// Text without a markdown code fence around it (chat models add one).
fn strip_fence(text: &str) -> &str {
    let trimmed = text.trim();
    trimmed
        .strip_prefix("```json")
        .or_else(|| trimmed.strip_prefix("```"))
        .and_then(|rest| rest.strip_suffix("```"))
        .map_or(trimmed, str::trim)
}

/// The methods of `models`, with their argument and result schemas (for validation, the
/// catalog and the TypeScript declarations).
pub fn tool_specs() -> Vec<ToolSpec> {
    let model = json!({"type": "string", "description": "A model id from models.catalog(); default: the provider's first for the task"});
    let scored = json!({"type": "array", "items": {"type": "object", "properties": {
        "label": {"type": "string"}, "score": {"type": "number"}}, "required": ["label", "score"]}});
    let usage = json!({"type": "object", "properties": {
        "model": {"type": "string"}, "provider": {"type": "string"},
        "inputTokens": {"type": "number"}, "outputTokens": {"type": "number"},
        "totalTokens": {"type": "number"}, "durationMs": {"type": "number"}}});
    let image = json!({"type": "object", "properties": {
        "type": {"type": "string", "const": "image"}, "id": {"type": "string"},
        "mimeType": {"type": "string"}, "width": {"type": "number"}, "height": {"type": "number"},
        "bytes": {"type": "number"}}, "required": ["type", "id", "mimeType", "width", "height", "bytes"]});
    let tasks: Vec<&str> = Task::ALL.iter().map(|t| t.name()).collect();
    vec![
        ToolSpec::new(
            "catalog",
            "The models the configured provider offers: [{id, task, description}], optionally of one task.",
            json!({"type": "object", "properties": {"task": {"type": "string", "enum": tasks}}}),
        )
        .with_output(json!({"type": "array", "items": {"type": "object", "properties": {
            "id": {"type": "string"}, "task": {"type": "string"}, "description": {"type": "string"}},
            "required": ["id", "task", "description"]}})),
        ToolSpec::new(
            "classify",
            "Classify `text` (→ [{label, score}], best first) or `texts` (→ one such list per text, up to 100 a call) into `labels` (default: the model's own, or positive/negative).",
            json!({"type": "object", "properties": {
                "model": model,
                "text": {"type": "string"},
                "texts": {"type": "array", "items": {"type": "string"}},
                "labels": {"type": "array", "items": {"type": "string"}}}}),
        )
        .with_output(json!({"anyOf": [scored, {"type": "array", "items": scored}]})),
        ToolSpec::new(
            "generateText",
            "Generate text from `prompt` or chat `messages` ([{role, content}]); optional `system`, `maxTokens`. → {text, usage}",
            json!({"type": "object", "properties": {
                "model": model,
                "prompt": {"type": "string"},
                "system": {"type": "string"},
                "messages": {"type": "array", "items": {"type": "object", "properties": {
                    "role": {"type": "string", "enum": ["system", "user", "assistant"]},
                    "content": {"type": "string"}}, "required": ["role", "content"]}},
                "maxTokens": {"type": "integer"}}}),
        )
        .with_output(json!({"type": "object", "properties": {"text": {"type": "string"}, "usage": usage},
            "required": ["text", "usage"]})),
        ToolSpec::new(
            "generateImages",
            "Generate `n` (1-4) images from `prompt` (optional `width`, `height`): → image references to hand back with image(ref) or return.",
            json!({"type": "object", "properties": {
                "model": model,
                "prompt": {"type": "string"},
                "n": {"type": "integer"},
                "width": {"type": "integer"},
                "height": {"type": "integer"}}, "required": ["prompt"]}),
        )
        .with_output(json!({"type": "array", "items": image})),
    ]
}
