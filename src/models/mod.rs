//! `models.*`: model calls inside scripts (the catalogue, classification, text and image
//! generation), as a built-in connector named `models`. Being a connector makes each model call
//! one journaled call like any tool's: journaled before the script sees it, replayed from the
//! journal after an approval, a restart or a deploy, counted in `calls` and progress frames. Its
//! usage (tokens, duration, model) rides on the journal entry ([`crate::connector::Metered`]).
//!
//! - [`provider`]: what a model provider answers, and its two kinds: [`openai`] (any
//!   OpenAI-compatible endpoint, over [`crate::remote::HttpClient`]) and [`workers_ai`] (the
//!   Workers AI binding, over [`workers_ai::AiBinding`] the shells implement);
//! - [`config`]: the `CODEMODE_MODELS` declaration;
//! - this file: the connector, its methods and the per-run bound on calls in flight.

pub mod config;
pub mod openai;
pub mod provider;
pub mod workers_ai;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::task::{Poll, Waker};

use async_trait::async_trait;
use serde_json::{json, Value};

use crate::connector::{CallContext, Connector, Metered, ToolError, ToolSpec};
use crate::images::{self, ImageStore, StoredImage};
use crate::model::Usage;
use crate::remote::ApprovalRule;
use crate::runtime::Clock;

pub use provider::{ModelInfo, ModelProvider, Scored, Task, TextRequest, Tokens};

/// The sandbox global.
pub const CONNECTOR_NAME: &str = "models";

/// Model calls of one run under way at once; more wait for a free place.
pub const MAX_MODEL_CALLS_IN_FLIGHT: usize = 4;

/// Texts one `classify` call may carry.
pub const MAX_CLASSIFY_TEXTS: usize = 100;

/// Labels one `classify` call may name.
pub const MAX_LABELS: usize = 32;

/// Images one `generateImages` call may ask for.
pub const MAX_IMAGES_PER_CALL: u64 = 4;

/// The `models` connector over one provider.
pub struct ModelsConnector {
    provider: Box<dyn ModelProvider>,
    images: Rc<dyn ImageStore>,
    clock: Clock,
    approval: ApprovalRule,
    in_flight: InFlightBound,
}

impl ModelsConnector {
    pub fn new(
        provider: Box<dyn ModelProvider>,
        images: Rc<dyn ImageStore>,
        clock: Clock,
        approval: ApprovalRule,
    ) -> Self {
        Self {
            provider,
            images,
            clock,
            approval,
            in_flight: InFlightBound::default(),
        }
    }

    /// The catalogue, optionally of one task.
    fn catalog(&self, args: &Value) -> Result<Value, ToolError> {
        let task = match args.get("task") {
            None | Some(Value::Null) => None,
            Some(value) => Some(Task::parse(value.as_str().unwrap_or_default()).ok_or_else(
                || {
                    ToolError::new(format!(
                        "models.catalog: unknown task {value}; the tasks are {}",
                        Task::names()
                    ))
                },
            )?),
        };
        let models: Vec<&ModelInfo> = self
            .provider
            .models()
            .iter()
            .filter(|m| task.is_none_or(|t| m.task == t))
            .collect();
        serde_json::to_value(models).map_err(|e| ToolError::new(e.to_string()))
    }

    /// The model a call uses: the one it names (which must offer one of `tasks`), else the
    /// provider's default for the first of them.
    fn model_for(
        &self,
        method: &str,
        args: &Value,
        tasks: &[Task],
    ) -> Result<ModelInfo, ToolError> {
        let models = self.provider.models();
        match args.get("model").and_then(Value::as_str) {
            Some(id) => tasks
                .iter()
                .find_map(|task| models.iter().find(|m| m.id == id && m.task == *task))
                .cloned()
                .ok_or_else(|| {
                    let known: Vec<&str> = models
                        .iter()
                        .filter(|m| tasks.contains(&m.task))
                        .map(|m| m.id.as_str())
                        .collect();
                    ToolError::new(format!(
                        "models.{method}: unknown model `{id}` for {}; the {} models are: {} (models.catalog() lists them)",
                        tasks[0].name(),
                        self.provider.kind(),
                        known.join(", ")
                    ))
                }),
            None => tasks
                .iter()
                .find_map(|task| models.iter().find(|m| m.task == *task))
                .cloned()
                .ok_or_else(|| {
                    ToolError::new(format!(
                        "models.{method}: the {} provider offers no {} model",
                        self.provider.kind(),
                        tasks[0].name()
                    ))
                }),
        }
    }

    /// The default model to score labels a script names: the first classification model that
    /// also generates text, else the first text-generation model.
    fn labelling_model(&self) -> Result<ModelInfo, ToolError> {
        let models = self.provider.models();
        let generates = |id: &str| {
            models
                .iter()
                .any(|m| m.id == id && m.task == Task::TextGeneration)
        };
        models
            .iter()
            .find(|m| m.task == Task::TextClassification && generates(&m.id))
            .or_else(|| models.iter().find(|m| m.task == Task::TextGeneration))
            .cloned()
            .ok_or_else(|| {
                ToolError::new(format!(
                    "models.classify: the {} provider offers no model that scores labels (a text-generation model)",
                    self.provider.kind()
                ))
            })
    }

    async fn generate_text(&self, args: &Value) -> Result<(Value, Usage), ToolError> {
        let model = self.model_for("generateText", args, &[Task::TextGeneration])?;
        let request = TextRequest::from_args(args).map_err(ToolError::new)?;
        let started = (self.clock)();
        let (text, tokens) = self
            .provider
            .generate_text(&model.id, &request)
            .await
            .map_err(|e| ToolError::new(format!("models.generateText: {e}")))?;
        let usage = self.usage(&model.id, tokens, started);
        Ok((json!({ "text": text, "usage": usage }), usage))
    }

    async fn classify(&self, args: &Value) -> Result<(Value, Usage), ToolError> {
        let fail = |message: String| ToolError::new(format!("models.classify: {message}"));
        let (texts, one) = match (args.get("text"), args.get("texts")) {
            (Some(Value::String(text)), None) => (vec![text.clone()], true),
            (None, Some(Value::Array(items))) => (
                items
                    .iter()
                    .map(|t| t.as_str().map(str::to_string))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| fail("`texts` must be an array of strings".into()))?,
                false,
            ),
            _ => {
                return Err(fail(
                    "give `text` (a string) or `texts` (an array of strings), not both".into(),
                ))
            }
        };
        if texts.is_empty() || texts.len() > MAX_CLASSIFY_TEXTS {
            return Err(fail(format!(
                "`texts` holds {} texts; give 1 to {MAX_CLASSIFY_TEXTS} a call (more calls can run at once)",
                texts.len()
            )));
        }
        let labels = match args.get("labels") {
            None | Some(Value::Null) => None,
            Some(Value::Array(items)) => {
                let labels: Vec<String> = items
                    .iter()
                    .map(|l| l.as_str().map(str::to_string))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| fail("`labels` must be an array of strings".into()))?;
                let mut seen = std::collections::BTreeSet::new();
                if labels.is_empty()
                    || labels.len() > MAX_LABELS
                    || labels
                        .iter()
                        .any(|l| l.trim().is_empty() || !seen.insert(l.clone()))
                {
                    return Err(fail(format!(
                        "`labels` must name 1 to {MAX_LABELS} different, non-empty labels"
                    )));
                }
                Some(labels)
            }
            Some(_) => return Err(fail("`labels` must be an array of strings".into())),
        };
        let model = match (&labels, args.get("model")) {
            // Labels of the script's own are scored by a model that reads instructions.
            (Some(_), None) => self.labelling_model()?,
            _ => self.model_for(
                "classify",
                args,
                &[Task::TextClassification, Task::TextGeneration],
            )?,
        };
        let started = (self.clock)();
        let (results, tokens) = self
            .provider
            .classify(&model, &texts, labels.as_deref())
            .await
            .map_err(&fail)?;
        if results.len() != texts.len() {
            return Err(fail(format!(
                "the provider's answer is malformed: {} results for {} texts",
                results.len(),
                texts.len()
            )));
        }
        let usage = self.usage(&model.id, tokens, started);
        let results: Vec<Vec<Scored>> = results.into_iter().map(provider::best_first).collect();
        let value = if one {
            serde_json::to_value(&results[0])
        } else {
            serde_json::to_value(&results)
        };
        Ok((value.map_err(|e| fail(e.to_string()))?, usage))
    }

    async fn generate_images(
        &self,
        args: &Value,
        ctx: &CallContext,
    ) -> Result<(Value, Usage), ToolError> {
        let fail = |message: String| ToolError::new(format!("models.generateImages: {message}"));
        let model = self.model_for("generateImages", args, &[Task::TextToImage])?;
        let request = provider::ImageRequest::from_args(args).map_err(fail)?;
        let started = (self.clock)();
        let generated = self
            .provider
            .generate_images(&model.id, &request)
            .await
            .map_err(fail)?;
        if generated.is_empty() {
            return Err(fail("the provider's answer holds no image".into()));
        }
        // Every image is checked before any is stored, so a bad one stores nothing.
        let mut stored = Vec::with_capacity(generated.len());
        for (index, data) in generated.into_iter().enumerate() {
            let sniffed = images::check(&data, None)
                .map_err(|e| fail(format!("the provider's image {}: {e}", index + 1)))?;
            let suffix = format!("g{}i{index}", ctx.seq);
            let image = images::image_ref(&ctx.execution_id, &suffix, sniffed, data.len());
            stored.push(StoredImage {
                image,
                execution_id: ctx.execution_id.clone(),
                data,
            });
        }
        for image in &stored {
            self.images
                .save_image(image)
                .map_err(|e| fail(format!("the image could not be stored: {e}")))?;
        }
        let usage = self.usage(&model.id, Tokens::default(), started);
        let refs: Vec<&images::ImageRef> = stored.iter().map(|s| &s.image).collect();
        Ok((
            serde_json::to_value(refs).map_err(|e| fail(e.to_string()))?,
            usage,
        ))
    }

    fn usage(&self, model: &str, tokens: Tokens, started: i64) -> Usage {
        Usage {
            model: model.to_string(),
            provider: self.provider.kind().to_string(),
            input_tokens: tokens.input,
            output_tokens: tokens.output,
            total_tokens: tokens.total.or(match (tokens.input, tokens.output) {
                (Some(a), Some(b)) => Some(a + b),
                _ => None,
            }),
            neurons: tokens.neurons,
            duration_ms: (self.clock)().saturating_sub(started),
        }
    }
}

#[async_trait(?Send)]
impl Connector for ModelsConnector {
    fn name(&self) -> &str {
        CONNECTOR_NAME
    }

    fn instructions(&self) -> String {
        format!(
            "Models of the {} provider: call them like tools (each call is journaled and never repeated on replay; at most {MAX_MODEL_CALLS_IN_FLIGHT} at once per run, more wait). Images they generate can be handed back with image(ref) or returned.",
            self.provider.kind()
        )
    }

    fn tools(&self) -> Vec<ToolSpec> {
        provider::tool_specs()
            .into_iter()
            .map(|spec| {
                if self.approval.requires(&spec.name, &spec.name, false) {
                    spec.needing_approval()
                } else {
                    spec
                }
            })
            .collect()
    }

    async fn execute(&self, args: Value, ctx: &CallContext) -> Result<Value, ToolError> {
        self.execute_metered(args, ctx).await.map(|m| m.value)
    }

    async fn execute_metered(&self, args: Value, ctx: &CallContext) -> Result<Metered, ToolError> {
        if ctx.method == "catalog" {
            return self.catalog(&args).map(Metered::plain);
        }
        let _place = self.in_flight.enter(&ctx.execution_id).await;
        let (value, usage) = match ctx.method.as_str() {
            "classify" => self.classify(&args).await?,
            "generateText" => self.generate_text(&args).await?,
            "generateImages" => self.generate_images(&args, ctx).await?,
            other => return Err(ToolError::new(format!("models has no method `{other}`"))),
        };
        Ok(Metered {
            value,
            usage: Some(usage),
        })
    }
}

/// At most [`MAX_MODEL_CALLS_IN_FLIGHT`] calls per execution at once. Workers run one request's
/// futures on one thread, so counts and wakers live in `RefCell`s.
#[derive(Default)]
struct InFlightBound {
    running: RefCell<BTreeMap<String, usize>>,
    waiting: RefCell<Vec<Waker>>,
}

/// A place taken in [`InFlightBound`]; dropping it frees the place.
struct Place<'a> {
    bound: &'a InFlightBound,
    key: String,
}

impl InFlightBound {
    async fn enter(&self, key: &str) -> Place<'_> {
        std::future::poll_fn(|cx| {
            let mut running = self.running.borrow_mut();
            let count = running.entry(key.to_string()).or_default();
            if *count < MAX_MODEL_CALLS_IN_FLIGHT {
                *count += 1;
                Poll::Ready(())
            } else {
                self.waiting.borrow_mut().push(cx.waker().clone());
                Poll::Pending
            }
        })
        .await;
        Place {
            bound: self,
            key: key.to_string(),
        }
    }
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        let mut running = self.bound.running.borrow_mut();
        if let Some(count) = running.get_mut(&self.key) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                running.remove(&self.key);
            }
        }
        for waker in self.bound.waiting.borrow_mut().drain(..) {
            waker.wake();
        }
    }
}
