//! The embedded host (feature `embed`): the runtime inside the user's own Durable Object (an
//! Agents app), driven from JavaScript by the `codemode-runtime` npm package
//! (`packages/codemode/`).
//!
//! Everything the service Worker's object does is here too, over the host's pieces: state in the
//! host's SQLite under tables named `codemode_*` (beside the agent's own), tools from the JavaScript
//! connector classes next to the agent ([`JsConnector`]) and from MCP servers and OpenAPI services
//! declared as in `CODEMODE_CONNECTORS`, timers on `setTimeout`. The host's alarm belongs to the
//! agent: the runtime asks for wake-ups through a `schedule` hook and the agent calls
//! [`EmbeddedRuntime::wake`] when one is due.
//!
//! The JavaScript side speaks JSON text both ways: a method's arguments go in as a JSON array and
//! come back as the method's JSON result, or a rejection carrying `{"error": {code, message}}`.

use std::collections::BTreeSet;
use std::rc::Rc;

use async_trait::async_trait;
use serde::Deserialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use super::{delay_sleeper, now_ms, wake_and_reschedule, FetchClient, SqlStore};
use crate::connector::{CallContext, Connector, Reverted, ToolError, ToolSpec};
use crate::error::Error;
use crate::models::config as models_config;
use crate::remote::config as connectors_config;
use crate::rpc;
use crate::runtime::{Clock, Progress, Runtime, RuntimeConfig};

/// The runtime's tables in the host's database: `codemode_executions`, `codemode_journal`, ...
pub const TABLE_PREFIX: &str = "codemode_";

/// The runtime the package names `default` (its `name` option unset): its tables are
/// `codemode_*`; another name's are `codemode_<name>_*`, so each keeps its own history.
pub const DEFAULT_RUNTIME: &str = "default";

/// The table prefix of the runtime called `name`: lower-case letters, digits and `_` (SQLite's
/// table names ignore case), at most 40.
pub fn table_prefix(name: &str) -> Result<String, Error> {
    if name == DEFAULT_RUNTIME {
        return Ok(TABLE_PREFIX.to_string());
    }
    let valid = !name.is_empty()
        && name.len() <= 40
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if !valid {
        return Err(Error::InvalidConfig(format!(
            "runtime name {name:?} must be 1 to 40 lower-case letters, digits or `_` (its tables are named after it)"
        )));
    }
    Ok(format!("{TABLE_PREFIX}{name}_"))
}

/// How long a runtime missing connectors waits before asking to be woken again.
const RETRY_WAKE_MS: i64 = 5_000;

/// One method of a JavaScript connector, as the package describes it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct JsToolSpec {
    name: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    input_schema: Option<Value>,
    #[serde(default)]
    output_schema: Option<Value>,
    #[serde(default)]
    requires_approval: bool,
    /// The tool has a `revert`.
    #[serde(default)]
    revertible: bool,
}

/// What the package's `execute` and `revert` callbacks answer (they never reject): a value
/// (`{"ok": value}`), a failure's message (`{"error": message}`) or, from `revert` only, that the
/// method has no undo (`"unsupported"`).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
enum JsAnswer {
    Ok(Value),
    Error(String),
    Unsupported,
}

/// A connector class of the user's Worker (`class NotesConnector extends CodemodeConnector`): its
/// tools are described once, and each call goes to the package's callbacks, which run the tool's
/// `execute` or `revert` in the agent's isolate with the agent's `ctx`.
struct JsConnector {
    name: String,
    instructions: String,
    tools: Vec<ToolSpec>,
    revertible: BTreeSet<String>,
    /// `(method, inputJson, contextJson) => Promise<answerJson>`.
    execute: js_sys::Function,
    /// `(method, inputJson, resultJson, contextJson) => Promise<answerJson>`.
    revert: js_sys::Function,
}

/// A property of a JavaScript object.
fn property(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

impl JsConnector {
    /// Reads the package's description of one connector: `{name, instructions, tools (JSON text),
    /// execute, revert}`.
    fn from_js(value: &JsValue) -> Result<Self, Error> {
        let name = property(value, "name").as_string().ok_or_else(|| {
            Error::InvalidConnector("a connector's `name()` must return a string".into())
        })?;
        let instructions = property(value, "instructions")
            .as_string()
            .unwrap_or_default();
        let tools_json = property(value, "tools").as_string().ok_or_else(|| {
            Error::InvalidConnector(format!("connector `{name}`: `tools()` could not be read"))
        })?;
        let specs: Vec<JsToolSpec> = serde_json::from_str(&tools_json).map_err(|e| {
            Error::InvalidConnector(format!(
                "connector `{name}`: a tool is not well formed: {e}"
            ))
        })?;
        let function = |field: &str| {
            property(value, field)
                .dyn_into::<js_sys::Function>()
                .map_err(|_| {
                    Error::InvalidConnector(format!("connector `{name}`: no `{field}` callback"))
                })
        };
        let (execute, revert) = (function("execute")?, function("revert")?);
        let revertible = specs
            .iter()
            .filter(|spec| spec.revertible)
            .map(|spec| spec.name.clone())
            .collect();
        let tools = specs
            .into_iter()
            .map(|spec| {
                let schema = spec
                    .input_schema
                    .unwrap_or_else(|| serde_json::json!({ "type": "object" }));
                let mut tool = ToolSpec::new(&spec.name, &spec.description, schema);
                tool.output_schema = spec.output_schema;
                tool.requires_approval = spec.requires_approval;
                tool
            })
            .collect();
        Ok(Self {
            name,
            instructions,
            tools,
            revertible,
            execute,
            revert,
        })
    }
}

/// Calls one of the package's callbacks and reads its answer.
async fn ask(callback: &js_sys::Function, args: &[&str]) -> Result<JsAnswer, ToolError> {
    let values = args
        .iter()
        .map(|text| JsValue::from_str(text))
        .collect::<js_sys::Array>();
    let returned = callback
        .apply(&JsValue::NULL, &values)
        .map_err(|e| ToolError::new(js_message(&e)))?;
    let settled = JsFuture::from(js_sys::Promise::resolve(&returned))
        .await
        .map_err(|e| ToolError::new(js_message(&e)))?;
    let text = settled
        .as_string()
        .ok_or_else(|| ToolError::new("the connector's answer is not text"))?;
    serde_json::from_str(&text)
        .map_err(|e| ToolError::new(format!("the connector's answer is not readable: {e}")))
}

/// The text of a thrown JavaScript value: an `Error`'s message, else its string form.
fn js_message(value: &JsValue) -> String {
    if let Some(error) = value.dyn_ref::<js_sys::Error>() {
        return String::from(error.message());
    }
    value.as_string().unwrap_or_else(|| format!("{value:?}"))
}

/// The call's identity as the connector sees it (`{executionId, seq, method}`).
fn call_context_json(ctx: &CallContext) -> String {
    serde_json::json!({
        "executionId": ctx.execution_id,
        "seq": ctx.seq,
        "method": ctx.method,
        "idempotencyKey": ctx.idempotency_key(),
    })
    .to_string()
}

#[async_trait(?Send)]
impl Connector for JsConnector {
    fn name(&self) -> &str {
        &self.name
    }

    fn instructions(&self) -> String {
        self.instructions.clone()
    }

    fn tools(&self) -> Vec<ToolSpec> {
        self.tools.clone()
    }

    async fn execute(&self, args: Value, ctx: &CallContext) -> Result<Value, ToolError> {
        let method = ctx.method.as_str();
        let input = args.to_string();
        match ask(&self.execute, &[method, &input, &call_context_json(ctx)]).await? {
            JsAnswer::Ok(value) => Ok(value),
            JsAnswer::Error(message) => Err(ToolError::new(message)),
            JsAnswer::Unsupported => Err(ToolError::new("the connector gave no result")),
        }
    }

    async fn revert(
        &self,
        args: &Value,
        result: &Value,
        ctx: &CallContext,
    ) -> Result<Reverted, ToolError> {
        let method = ctx.method.as_str();
        if !self.revertible.contains(method) {
            return Ok(Reverted::Unsupported);
        }
        let (input, result) = (args.to_string(), result.to_string());
        match ask(
            &self.revert,
            &[method, &input, &result, &call_context_json(ctx)],
        )
        .await?
        {
            JsAnswer::Ok(_) => Ok(Reverted::Done),
            JsAnswer::Unsupported => Ok(Reverted::Unsupported),
            JsAnswer::Error(message) => Err(ToolError::new(message)),
        }
    }
}

/// `{"error": {code, message}}` as a rejection value.
fn rejection(error: &Error) -> JsValue {
    JsValue::from_str(&rpc::error_body(error).to_string())
}

/// A hook of the host's `hooks` object, when it gave one.
fn hook(hooks: &JsValue, name: &str) -> Option<js_sys::Function> {
    property(hooks, name).dyn_into::<js_sys::Function>().ok()
}

/// One run of `code` against `connectors` (described as [`EmbeddedRuntime::open`] takes them),
/// with nothing kept: the package's `DynamicWorkerExecutor.execute`, the reference's executor
/// over this sandbox. `settings` as for `open` (the executor's timeout is `CODEMODE_HOLD_MS`).
#[wasm_bindgen]
pub struct OnceRun {
    runtime: Result<Rc<Runtime>, Error>,
}

#[wasm_bindgen]
impl OnceRun {
    #[wasm_bindgen(constructor)]
    pub fn new(connectors: js_sys::Array, settings: JsValue) -> OnceRun {
        OnceRun {
            runtime: ephemeral_runtime(connectors, &settings).map(Rc::new),
        }
    }

    /// Runs `code`; resolves with `{result?, error?, logs}` as JSON text and never rejects (a
    /// connector list the runtime refuses is an `error` too).
    pub fn execute(&self, code: String) -> js_sys::Promise {
        let runtime = self.runtime.clone();
        wasm_bindgen_futures::future_to_promise(async move {
            let answer = match runtime {
                Ok(runtime) => runtime.execute_once(&code).await,
                Err(error) => crate::runtime::OnceAnswer {
                    error: Some(error.to_string()),
                    ..Default::default()
                },
            };
            super::prepare_when_idle();
            Ok(JsValue::from_str(
                &serde_json::to_string(&answer).unwrap_or_default(),
            ))
        })
    }

    /// The executor's timeout ([`Runtime::time_out_once`]): `execute` answers `Execution timed
    /// out` with the console lines so far. `false` when nothing was running.
    #[wasm_bindgen(js_name = timeOut)]
    pub fn time_out(&self) -> bool {
        self.runtime
            .as_ref()
            .is_ok_and(|runtime| runtime.time_out_once())
    }
}

/// A runtime over an in-memory store: its history ends with it.
fn ephemeral_runtime(connectors: js_sys::Array, settings: &JsValue) -> Result<Runtime, Error> {
    let config = settings_config(settings)?;
    let clock: Clock = Rc::new(now_ms);
    Ok(Runtime::new(
        Rc::new(crate::MemoryStore::new()),
        js_connectors(&connectors)?,
        clock,
    )?
    .with_config(config)
    .with_sleeper(delay_sleeper()))
}

/// The runtime's limits from the package's `settings` (`CODEMODE_*` names to text).
fn settings_config(settings: &JsValue) -> Result<RuntimeConfig, Error> {
    RuntimeConfig::from_vars(&|name| property(settings, name).as_string())
}

/// The package's connector descriptions ([`JsConnector::from_js`]), in order.
fn js_connectors(connectors: &js_sys::Array) -> Result<Vec<Box<dyn Connector>>, Error> {
    connectors
        .iter()
        .map(|value| JsConnector::from_js(&value).map(|c| Box::new(c) as Box<dyn Connector>))
        .collect()
}

/// A runtime over one host object. The package keeps one per `ctx`: every handle the agent
/// creates for that object shares it (its runs in progress, their cancel signals and watchers).
#[wasm_bindgen]
pub struct EmbeddedRuntime {
    runtime: Rc<Runtime>,
}

#[wasm_bindgen]
impl EmbeddedRuntime {
    /// Opens the runtime `name` ([`table_prefix`]) of the Durable Object whose state is `ctx`: creates or upgrades its
    /// tables, reads the connectors, connects the declared services (`remote`, JSON text in the
    /// `CODEMODE_CONNECTORS` format; `env` answers the secrets they name), applies `settings`
    /// (`CODEMODE_*` names to text). `hooks`: `schedule(atMs)` (ask the agent for a wake-up),
    /// `progress(frameJson)` (live events), `transform(resultJson)` (a completed run's result
    /// for the caller: `{"ok": value}`, `{"error": message}`, or `"unsupported"` to leave it).
    pub async fn open(
        ctx: JsValue,
        name: String,
        connectors: js_sys::Array,
        remote: String,
        env: JsValue,
        settings: JsValue,
        hooks: JsValue,
    ) -> Result<EmbeddedRuntime, JsValue> {
        Self::build(ctx, &name, connectors, &remote, &env, &settings, &hooks)
            .await
            .map(|runtime| EmbeddedRuntime {
                runtime: Rc::new(runtime),
            })
            .map_err(|error| rejection(&error))
    }

    async fn build(
        ctx: JsValue,
        name: &str,
        connectors: js_sys::Array,
        remote: &str,
        env: &JsValue,
        settings: &JsValue,
        hooks: &JsValue,
    ) -> Result<Runtime, Error> {
        let config = settings_config(settings)?;
        let state =
            worker::State::from(ctx.unchecked_into::<worker::worker_sys::DurableObjectState>());
        let store = Rc::new(SqlStore::open_prefixed(
            state.storage().sql(),
            &table_prefix(name)?,
        )?);
        let mut all = js_connectors(&connectors)?;
        // `models` (settings' `CODEMODE_MODELS`, the service's JSON); a Workers AI binding is
        // looked up by name in `env`.
        let models = super::ai::models_connector(
            &property(settings, models_config::VAR)
                .as_string()
                .unwrap_or_default(),
            &|name| property(env, name).as_string(),
            env,
            store.clone(),
            Rc::new(now_ms),
        )?;
        let mut local: Vec<String> = all.iter().map(|c| c.name().to_string()).collect();
        if models.is_some() {
            local.push(crate::models::CONNECTOR_NAME.to_string());
        }
        let local: Vec<&str> = local.iter().map(String::as_str).collect();
        let declared =
            connectors_config::parse(remote, &|name| property(env, name).as_string(), &local)?;
        if let Some(models) = models {
            all.push(Box::new(models));
        }
        let connected = connectors_config::connect(declared, Rc::new(FetchClient)).await?;
        all.extend(connected.connectors);
        let clock: Clock = Rc::new(now_ms);
        let mut runtime = Runtime::new(store, all, clock)?
            .with_config(config)
            .with_sleeper(delay_sleeper());
        if let Some(schedule) = hook(hooks, "schedule") {
            runtime = runtime.with_scheduler(Rc::new(move |at_ms: i64| {
                let _ = schedule.call1(&JsValue::NULL, &JsValue::from_f64(at_ms as f64));
            }));
        }
        if let Some(transform) = hook(hooks, "transform") {
            runtime = runtime.with_result_transform(Rc::new(move |value: Value| {
                let transform = transform.clone();
                Box::pin(async move {
                    match ask(&transform, &[&value.to_string()]).await {
                        Ok(JsAnswer::Ok(shaped)) => Some(Ok(shaped)),
                        Ok(JsAnswer::Error(why)) => Some(Err(why)),
                        Ok(JsAnswer::Unsupported) => None,
                        Err(failed) => Some(Err(failed.0)),
                    }
                })
            }));
        }
        if let Some(progress) = hook(hooks, "progress") {
            runtime = runtime.with_progress(Rc::new(move |event: &Progress| {
                if let Ok(frame) = serde_json::to_string(event) {
                    let _ = progress.call1(&JsValue::NULL, &JsValue::from_str(&frame));
                }
            }));
        }
        super::ready(runtime, connected.unavailable)
    }

    /// One MCP message (or a batch), JSON text, answered by the same MCP server as the service's
    /// `/mcp` ([`crate::mcp`]: tools `codemode`, `search`, `describe`): resolves with the reply's
    /// JSON text, `""` for a notification. For the package's `codeMcpServer`.
    pub fn mcp(&self, message: String) -> js_sys::Promise {
        let runtime = self.runtime.clone();
        wasm_bindgen_futures::future_to_promise(async move {
            let reply = crate::mcp::handle(&runtime, message.as_bytes()).await;
            super::prepare_when_idle();
            Ok(JsValue::from_str(
                &reply.body.map(|body| body.to_string()).unwrap_or_default(),
            ))
        })
    }

    /// Runs the contract's method `method` with `args` (a JSON array): resolves with the result's
    /// JSON text.
    pub fn call(&self, method: String, args: String) -> js_sys::Promise {
        let runtime = self.runtime.clone();
        wasm_bindgen_futures::future_to_promise(async move {
            let args: Vec<Value> = serde_json::from_str(&args).map_err(|e| {
                rejection(&Error::BadRequest(format!(
                    "{method}: the arguments are not a JSON array: {e}"
                )))
            })?;
            let answer = rpc::dispatch(&runtime, &method, &args).await;
            super::prepare_when_idle();
            answer
                .map(|value| JsValue::from_str(&value.to_string()))
                .map_err(|error| rejection(&error))
        })
    }

    /// The wake-up the agent scheduled is due: resumes interrupted and waiting runs and expires
    /// paused ones, then asks (through `schedule`) for the next. Resolves with
    /// `{"resumed": [..], "expired": [..], "nextWakeAt": ms | null}`: when the next wake-up is
    /// wanted (a runtime missing connectors retries in [`RETRY_WAKE_MS`] while runs wait).
    pub fn wake(&self) -> js_sys::Promise {
        let runtime = self.runtime.clone();
        wasm_bindgen_futures::future_to_promise(async move {
            let woken = wake_and_reschedule(&runtime, RETRY_WAKE_MS).await;
            super::prepare_when_idle();
            let woken = woken.map_err(|error| rejection(&error))?;
            let report = woken.report.unwrap_or_default();
            let answer = serde_json::json!({
                "resumed": report.resumed,
                "expired": report.expired,
                "nextWakeAt": woken.next_wake_at,
            });
            Ok(JsValue::from_str(&answer.to_string()))
        })
    }

    /// Some declared services could not be reached when the runtime opened: scripts cannot run
    /// (`CONNECTOR_UNAVAILABLE`) until a runtime opened later reaches them all.
    pub fn unavailable(&self) -> bool {
        self.runtime.unavailable().is_some()
    }

    /// When the runtime next needs [`EmbeddedRuntime::wake`] (ms since the epoch), if ever.
    #[wasm_bindgen(js_name = nextWakeAt)]
    pub fn next_wake_at(&self) -> Result<Option<f64>, JsValue> {
        self.runtime
            .next_wake_at()
            .map(|at| at.map(|ms| ms as f64))
            .map_err(|error| rejection(&error))
    }

    /// An image a run handed back: `{id, mimeType, width, height, bytes, data: Uint8Array}`;
    /// rejects `NOT_FOUND` for an id the instance does not keep.
    pub fn image(&self, id: String) -> Result<JsValue, JsValue> {
        let stored = self.runtime.image(&id).map_err(|error| rejection(&error))?;
        let meta = serde_json::to_string(&stored.image).unwrap_or_default();
        let object = js_sys::JSON::parse(&meta)?;
        js_sys::Reflect::set(
            &object,
            &JsValue::from_str("data"),
            &js_sys::Uint8Array::from(stored.data.as_slice()),
        )?;
        Ok(object)
    }

    /// The sandbox fingerprint recorded with each run (engine, prelude, semantics, limits).
    pub fn fingerprint(&self) -> String {
        self.runtime.fingerprint().to_string()
    }
}
