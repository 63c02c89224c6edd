//! Workers AI through the platform's `AI` binding (`env.AI.run(model, inputs)`), with its own
//! input and output shapes per task: text generation `{messages, max_tokens}` →
//! `{response, usage}`; text classification `{text}` → `[{label, score}]`; text to image
//! `{prompt, …}` → `{image: base64}` (FLUX) or the bytes themselves (Stable Diffusion). The
//! binding is a JavaScript object: each shell implements [`AiBinding`] over it.

use async_trait::async_trait;
use serde_json::{json, Value};

use super::provider::{
    self, ImageRequest, ModelInfo, ModelProvider, Scored, Task, TextRequest, Tokens,
};

/// What `run` answered: JSON, or bytes (a model that streams its image).
#[derive(Debug, Clone, PartialEq)]
pub enum AiOutput {
    Json(Value),
    Bytes(Vec<u8>),
}

/// `env.AI.run(model, inputs)`. The error is the binding's message.
#[async_trait(?Send)]
pub trait AiBinding {
    async fn run(&self, model: &str, inputs: Value) -> Result<AiOutput, String>;
}

/// The models offered when the configuration names none, first of each task its default.
pub fn default_models() -> Vec<ModelInfo> {
    vec![
        ModelInfo::new(
            "@cf/meta/llama-3.1-8b-instruct",
            Task::TextGeneration,
            "Meta Llama 3.1 8B Instruct: chat and instructions, JSON answers",
        ),
        ModelInfo::new(
            "@cf/huggingface/distilbert-sst-2-int8",
            Task::TextClassification,
            "DistilBERT fine-tuned on SST-2: sentiment, labels POSITIVE and NEGATIVE",
        ),
        ModelInfo::new(
            "@cf/meta/llama-3.1-8b-instruct",
            Task::TextClassification,
            "Meta Llama 3.1 8B Instruct, asked to score the labels you give",
        ),
        ModelInfo::new(
            "@cf/black-forest-labs/flux-1-schnell",
            Task::TextToImage,
            "FLUX.1 [schnell]: fast text-to-image, JPEG (its size is its own: width/height are not taken)",
        ),
        ModelInfo::new(
            "@cf/stabilityai/stable-diffusion-xl-base-1.0",
            Task::TextToImage,
            "Stable Diffusion XL base 1.0: text-to-image, PNG, width and height",
        ),
    ]
}

/// Image models whose input has no `width`/`height` (the binding refuses unknown inputs).
const SIZELESS_MODELS: &[&str] = &["@cf/black-forest-labs/flux-1-schnell"];

/// The Workers AI provider over a binding.
pub struct WorkersAiProvider {
    binding: Box<dyn AiBinding>,
    models: Vec<ModelInfo>,
}

impl WorkersAiProvider {
    pub fn new(binding: Box<dyn AiBinding>, models: Vec<ModelInfo>) -> Self {
        Self { binding, models }
    }

    async fn run_json(&self, model: &str, inputs: Value) -> Result<Value, String> {
        match self.run(model, inputs).await? {
            AiOutput::Json(value) => Ok(value),
            AiOutput::Bytes(_) => {
                Err("the provider's answer is malformed: bytes where JSON was expected".into())
            }
        }
    }

    async fn run(&self, model: &str, inputs: Value) -> Result<AiOutput, String> {
        self.binding
            .run(model, inputs)
            .await
            .map_err(|e| format!("Workers AI ({model}) failed: {e}"))
    }

    /// A chat model's answer: `response` (text, or the parsed object in JSON mode) and usage.
    async fn chat(&self, model: &str, inputs: Value) -> Result<(Value, Tokens), String> {
        let answer = self.run_json(model, inputs).await?;
        let response = answer
            .get("response")
            .filter(|r| !r.is_null())
            .cloned()
            .ok_or("the provider's answer is malformed: no `response`")?;
        Ok((response, Tokens::from_openai(answer.get("usage"))))
    }

    /// A classification model's own labels for one text.
    async fn native_labels(&self, model: &str, text: &str) -> Result<Vec<Scored>, String> {
        let answer = self.run_json(model, json!({"text": text})).await?;
        let scored: Vec<Scored> = serde_json::from_value(answer)
            .map_err(|_| "the provider's answer is malformed: not [{label, score}]".to_string())?;
        Ok(scored)
    }
}

#[async_trait(?Send)]
impl ModelProvider for WorkersAiProvider {
    fn kind(&self) -> &'static str {
        "workers-ai"
    }

    fn models(&self) -> &[ModelInfo] {
        &self.models
    }

    async fn generate_text(
        &self,
        model: &str,
        request: &TextRequest,
    ) -> Result<(String, Tokens), String> {
        let mut inputs = json!({"messages": request.messages});
        if let Some(n) = request.max_tokens {
            inputs["max_tokens"] = json!(n);
        }
        let (response, tokens) = self.chat(model, inputs).await?;
        let text = match response {
            Value::String(text) => text,
            other => other.to_string(),
        };
        Ok((text, tokens))
    }

    async fn classify(
        &self,
        model: &ModelInfo,
        texts: &[String],
        labels: Option<&[String]>,
    ) -> Result<(Vec<Vec<Scored>>, Tokens), String> {
        let native = model.task == Task::TextClassification
            && !self
                .models
                .iter()
                .any(|m| m.id == model.id && m.task == Task::TextGeneration);
        if native {
            if labels.is_some() {
                return Err(format!(
                    "`{}` classifies into its own labels; leave `labels` out, or name a text-generation model to score your labels",
                    model.id
                ));
            }
            let mut results = Vec::with_capacity(texts.len());
            for text in texts {
                results.push(self.native_labels(&model.id, text).await?);
            }
            return Ok((results, Tokens::default()));
        }
        let labels = provider::labels_or_default(labels);
        let (messages, schema) = provider::classification_prompt(texts, &labels);
        let inputs = json!({
            "messages": messages,
            "temperature": 0,
            "response_format": {"type": "json_schema", "json_schema": schema}
        });
        let (response, tokens) = self.chat(&model.id, inputs).await?;
        Ok((
            provider::read_classification(&response, texts.len(), &labels)?,
            tokens,
        ))
    }

    async fn generate_images(
        &self,
        model: &str,
        request: &ImageRequest,
    ) -> Result<Vec<Vec<u8>>, String> {
        let mut images = Vec::new();
        for _ in 0..request.n {
            let mut inputs = json!({"prompt": request.prompt});
            let sized = !SIZELESS_MODELS.contains(&model);
            if let Some(w) = request.width.filter(|_| sized) {
                inputs["width"] = json!(w);
            }
            if let Some(h) = request.height.filter(|_| sized) {
                inputs["height"] = json!(h);
            }
            let bytes = match self.run(model, inputs).await? {
                AiOutput::Bytes(bytes) => bytes,
                AiOutput::Json(answer) => {
                    let b64 = answer
                        .get("image")
                        .and_then(Value::as_str)
                        .ok_or("the provider's answer is malformed: no `image` in the answer")?;
                    crate::images::decode_base64(b64)
                        .ok_or("the provider's answer is malformed: `image` is not base64")?
                }
            };
            images.push(bytes);
        }
        Ok(images)
    }
}
