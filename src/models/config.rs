//! `CODEMODE_MODELS`: which provider `models.*` calls go to. Unset, scripts have no `models`.
//!
//! ```json
//! {"provider": "workers-ai", "binding": "AI"}
//! {"provider": "openai", "baseUrl": "https://api.openai.com/v1",
//!  "apiKey": {"secret": "OPENAI_API_KEY"},
//!  "models": [{"id": "gpt-4o-mini", "task": ["text-generation", "text-classification"]},
//!             {"id": "gpt-image-1", "task": "text-to-image"}]}
//! ```
//!
//! Parsing is strict, as `CODEMODE_CONNECTORS`'s is: an unknown key, a wrong type or a missing
//! secret is `INVALID_CONFIG` naming it.

use std::rc::Rc;

use serde_json::{Map, Value};

use super::openai::OpenAiProvider;
use super::provider::{ModelInfo, ModelProvider, Task};
use super::workers_ai::{default_models, AiBinding, WorkersAiProvider};
use super::ModelsConnector;
use crate::error::{Error, Result};
use crate::images::ImageStore;
use crate::remote::config::{headers, http_url};
use crate::remote::{ApprovalRule, HttpClient, RemoteSettings, DEFAULT_TIMEOUT_MS};
use crate::runtime::Clock;

/// The Worker var (and the package's option, as the same JSON).
pub const VAR: &str = "CODEMODE_MODELS";

/// The binding Workers AI is reached through when the declaration names none.
pub const DEFAULT_BINDING: &str = "AI";

/// Longest `timeoutMs`: image models take a while.
const MAX_TIMEOUT_MS: u64 = 300_000;

const KEYS: &[&str] = &[
    "provider",
    "binding",
    "baseUrl",
    "apiKey",
    "headers",
    "models",
    "requireApproval",
    "timeoutMs",
];

/// Where calls go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Provider {
    /// The `AI` binding of that name.
    WorkersAi { binding: String },
    /// An OpenAI-compatible endpoint.
    OpenAi {
        base_url: String,
        headers: Vec<(String, String)>,
        timeout_ms: u64,
    },
}

/// A parsed declaration.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelsConfig {
    pub provider: Provider,
    /// The declared models, then (Workers AI) the built-in ones.
    pub models: Vec<ModelInfo>,
    pub approval: ApprovalRule,
}

/// Reads the declaration; `None` when it is unset or blank (no `models` global).
pub fn parse(text: &str, secret: &dyn Fn(&str) -> Option<String>) -> Result<Option<ModelsConfig>> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let mut settings = RemoteSettings::new(super::CONNECTOR_NAME);
    settings.origin = VAR.to_string();
    let value: Value =
        serde_json::from_str(text).map_err(|e| settings.invalid(format!("is not JSON ({e})")))?;
    let Value::Object(object) = value else {
        return Err(settings.invalid("must be a JSON object like {\"provider\": \"workers-ai\"}"));
    };
    if let Some(unknown) = object.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return Err(settings.invalid(format!(
            "unknown key `{unknown}`; the keys are {}",
            KEYS.join(", ")
        )));
    }
    let declared = models(&object, &settings)?;
    let approval = approval(object.get("requireApproval"), &settings)?;
    let string = |key: &str| -> Result<Option<String>> {
        match object.get(key) {
            None => Ok(None),
            Some(Value::String(s)) if !s.is_empty() => Ok(Some(s.clone())),
            Some(_) => Err(settings.invalid(format!("`{key}` must be a non-empty string"))),
        }
    };
    let provider = string("provider")?.unwrap_or_default();
    let (provider, models) = match provider.as_str() {
        "workers-ai" => {
            only(
                &object,
                &["baseUrl", "apiKey", "headers", "timeoutMs"],
                "workers-ai",
                &settings,
            )?;
            let binding = string("binding")?.unwrap_or_else(|| DEFAULT_BINDING.to_string());
            let mut models = declared;
            models.extend(default_models());
            (Provider::WorkersAi { binding }, models)
        }
        "openai" => {
            only(&object, &["binding"], "openai", &settings)?;
            let base_url = http_url(&object, "baseUrl", &settings)?
                .ok_or_else(|| settings.invalid("`baseUrl` is required for \"openai\""))?;
            if declared.is_empty() {
                return Err(settings.invalid(
                    "`models` must list the models the endpoint offers: [{\"id\", \"task\"}]",
                ));
            }
            let mut headers = headers(&object, &settings, secret)?;
            if let Some(key) = api_key(object.get("apiKey"), &settings, secret)? {
                headers.push(("authorization".into(), format!("Bearer {key}")));
            }
            let timeout_ms = match object.get("timeoutMs") {
                None => DEFAULT_TIMEOUT_MS * 2,
                Some(v) => v
                    .as_u64()
                    .filter(|n| (1..=MAX_TIMEOUT_MS).contains(n))
                    .ok_or_else(|| {
                        settings.invalid(format!(
                            "`timeoutMs` must be an integer from 1 to {MAX_TIMEOUT_MS}"
                        ))
                    })?,
            };
            (
                Provider::OpenAi {
                    base_url,
                    headers,
                    timeout_ms,
                },
                declared,
            )
        }
        other => {
            return Err(settings.invalid(format!(
                "`provider` must be \"workers-ai\" or \"openai\", got {other:?}"
            )))
        }
    };
    Ok(Some(ModelsConfig {
        provider,
        models,
        approval,
    }))
}

/// Keys that belong to the other provider are refused, so a mix-up is seen at once.
fn only(
    object: &Map<String, Value>,
    foreign: &[&str],
    kind: &str,
    settings: &RemoteSettings,
) -> Result<()> {
    match foreign.iter().find(|k| object.contains_key(**k)) {
        Some(key) => Err(settings.invalid(format!("`{key}` is not a setting of \"{kind}\""))),
        None => Ok(()),
    }
}

/// `"models": [{"id", "task": "…" | ["…"], "description"?}]`.
fn models(object: &Map<String, Value>, settings: &RemoteSettings) -> Result<Vec<ModelInfo>> {
    let Some(value) = object.get("models") else {
        return Ok(Vec::new());
    };
    let items = value
        .as_array()
        .ok_or_else(|| settings.invalid("`models` must be an array of {id, task, description?}"))?;
    let mut models = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let bad = |what: &str| settings.invalid(format!("`models[{index}]`: {what}"));
        let id = item
            .get("id")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .ok_or_else(|| bad("`id` must be a non-empty string"))?;
        if let Some(unknown) = item.as_object().and_then(|o| {
            o.keys()
                .find(|k| !["id", "task", "description"].contains(&k.as_str()))
        }) {
            return Err(bad(&format!("unknown key `{unknown}`")));
        }
        let tasks: Vec<&Value> = match item.get("task") {
            Some(Value::Array(tasks)) if !tasks.is_empty() => tasks.iter().collect(),
            Some(task @ Value::String(_)) => vec![task],
            _ => {
                return Err(bad(&format!(
                    "`task` must be one of {} or a list of them",
                    Task::names()
                )))
            }
        };
        let description = item
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or_default();
        for task in tasks {
            let task = task.as_str().and_then(Task::parse).ok_or_else(|| {
                bad(&format!(
                    "unknown task {task}; the tasks are {}",
                    Task::names()
                ))
            })?;
            models.push(ModelInfo::new(id, task, description));
        }
    }
    Ok(models)
}

/// `"apiKey": "literal"` or `{"secret": "NAME"}`.
fn api_key(
    value: Option<&Value>,
    settings: &RemoteSettings,
    secret: &dyn Fn(&str) -> Option<String>,
) -> Result<Option<String>> {
    let key = match value {
        None => return Ok(None),
        Some(Value::String(key)) => key.clone(),
        Some(Value::Object(reference)) => {
            let name = reference
                .get("secret")
                .and_then(Value::as_str)
                .filter(|_| reference.len() == 1)
                .ok_or_else(|| {
                    settings.invalid("`apiKey` must be a string or {\"secret\": \"NAME\"}")
                })?;
            secret(name).ok_or_else(|| {
                settings.invalid(format!(
                    "`apiKey` needs the secret `{name}`, which is not set (`wrangler secret put {name}`, or `.dev.vars` locally)"
                ))
            })?
        }
        Some(_) => {
            return Err(settings.invalid("`apiKey` must be a string or {\"secret\": \"NAME\"}"))
        }
    };
    if key.contains(['\r', '\n']) {
        return Err(settings.invalid("`apiKey` contains a line break"));
    }
    Ok(Some(key))
}

/// `"requireApproval"`: `"none"` (the default), `"all"`, or method names.
fn approval(value: Option<&Value>, settings: &RemoteSettings) -> Result<ApprovalRule> {
    let methods: Vec<String> = super::provider::tool_specs()
        .into_iter()
        .map(|s| s.name)
        .collect();
    match value {
        None => Ok(ApprovalRule::None),
        Some(Value::String(word)) if word == "none" => Ok(ApprovalRule::None),
        Some(Value::String(word)) if word == "all" => Ok(ApprovalRule::All),
        Some(Value::Array(items)) => {
            let mut names = std::collections::BTreeSet::new();
            for item in items {
                match item.as_str() {
                    Some(name) if methods.iter().any(|m| m == name) => {
                        names.insert(name.to_string());
                    }
                    _ => {
                        return Err(settings.invalid(format!(
                            "`requireApproval` lists methods of models ({}), got {item}",
                            methods.join(", ")
                        )))
                    }
                }
            }
            Ok(ApprovalRule::Listed(names))
        }
        Some(other) => Err(settings.invalid(format!(
            "`requireApproval` must be \"none\", \"all\" or a list of method names, got {other}"
        ))),
    }
}

/// The `models` connector for a declaration. `binding` finds a Workers AI binding by name
/// (the shell's `env`); `http` reaches OpenAI-compatible endpoints.
pub fn connector(
    config: ModelsConfig,
    binding: &dyn Fn(&str) -> Option<Box<dyn AiBinding>>,
    http: Rc<dyn HttpClient>,
    images: Rc<dyn ImageStore>,
    clock: Clock,
) -> Result<ModelsConnector> {
    let provider: Box<dyn ModelProvider> = match config.provider {
        Provider::WorkersAi { binding: name } => {
            let found = binding(&name).ok_or_else(|| {
                Error::InvalidConfig(format!(
                    "{VAR}: no Workers AI binding named `{name}`; add `[ai] binding = \"{name}\"` to wrangler.toml"
                ))
            })?;
            Box::new(WorkersAiProvider::new(found, config.models))
        }
        Provider::OpenAi {
            base_url,
            headers,
            timeout_ms,
        } => Box::new(OpenAiProvider::new(
            &base_url,
            headers,
            config.models,
            http,
            timeout_ms,
        )),
    };
    Ok(ModelsConnector::new(
        provider,
        images,
        clock,
        config.approval,
    ))
}
