//! The boa sandbox: one VM per pass over a script, with deterministic host hooks.
//!
//! The VM knows nothing about journals or connectors. Tool calls come out as [`CallRequest`]s
//! (taken with [`Sandbox::take_requests`]); outcomes go back in with [`Sandbox::deliver`]; the
//! caller runs the job queue between the two. Time is virtual (it moves only when a result is
//! delivered), the time zone is UTC, and `Math.random` is seeded per execution, so a replay of the
//! same deliveries in the same order makes the same calls with the same arguments.

mod intl;
mod jobs;
mod web;

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::rc::Rc;

use boa_engine::context::time::JsInstant;
use boa_engine::context::{Clock, ContextBuilder, HostHooks};
use boa_engine::builtins::promise::ResolvingFunctions;
use boa_engine::object::builtins::JsPromise;
use boa_engine::object::{FunctionObjectBuilder, ObjectInitializer};
use boa_engine::script::CompiledScript;
use boa_engine::{
    js_string, Context, JsError, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction, Script,
    Source,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::RunCode;
use crate::journal::Outcome;
use crate::model::ErrorInfo;

/// The prelude that installs the globals (see the file's header).
pub const PRELUDE: &str = include_str!("prelude.js");

/// Limits of one VM. The instruction budget is what ends runaway scripts; the others keep single
/// native calls (which run outside the budget) from building huge values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SandboxLimits {
    /// Bytecode instructions for the whole run (every pass replays from the start, so a replay
    /// ends at the same point). Exhausting it ends the run with `BUDGET_EXCEEDED`; scripts cannot
    /// catch it.
    pub instruction_budget: usize,
    /// Iterations of any one loop (boa counts per call frame); a backstop behind the budget.
    pub loop_iterations: u64,
    /// Nested calls.
    pub recursion: usize,
    /// Longest string `repeat`/`padStart`/`padEnd`/`concat`/`join` may build, in UTF-16 units.
    pub max_string_chars: usize,
    /// Most elements `Array(n)`/`fill`/`Array.from`/`join` may handle.
    pub max_array_elements: usize,
    /// Largest `ArrayBuffer`, in bytes.
    pub max_buffer_bytes: u64,
    /// Characters of `text()`/`console` output kept per run; the rest is dropped.
    pub max_output_chars: usize,
    /// Tool calls per run.
    pub max_calls: u32,
    /// Largest tool-call argument, in bytes of JSON.
    pub max_argument_bytes: usize,
    /// Deepest bracket nesting accepted in source code (the parser recurses per level).
    pub max_nesting: usize,
    /// Deepest value `JSON.stringify`/`JSON.parse` (and tool arguments, `store`, `text`) accept.
    pub max_json_depth: usize,
}

impl Default for SandboxLimits {
    fn default() -> Self {
        Self {
            instruction_budget: 100_000_000,
            loop_iterations: 50_000_000,
            recursion: 400,
            max_string_chars: 1 << 24,
            max_array_elements: 1 << 24,
            max_buffer_bytes: 16 * 1024 * 1024,
            max_output_chars: 4 * 1024 * 1024,
            max_calls: 1000,
            max_argument_bytes: 256 * 1024,
            max_nesting: 128,
            // Below serde_json's own recursion limit (128), which parses what crosses to the host.
            max_json_depth: 100,
        }
    }
}

/// Caps on `store()` values, in characters of JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StoreLimits {
    /// Longest key.
    pub key: usize,
    /// Largest single value.
    pub value: usize,
    /// All keys and values together.
    pub total: usize,
}

impl Default for StoreLimits {
    fn default() -> Self {
        Self { key: 256, value: 256 * 1024, total: 1024 * 1024 }
    }
}

/// What the script may look up while it runs: the catalog and the saved snippets.
pub trait SandboxServices {
    /// `codemode.search(query)` → JSON.
    fn search(&self, query: &str) -> Value;
    /// `codemode.describe(path)` → JSON, or a message for a path that does not exist.
    fn describe(&self, path: &str) -> Result<Value, String>;
    /// The code of a saved snippet.
    fn snippet_code(&self, name: &str) -> Option<String>;
}

/// How to start a VM.
pub struct SandboxConfig<'a> {
    pub code: &'a str,
    /// Seeds `Math.random`.
    pub seed: u64,
    /// The virtual clock's start: the execution's recorded creation time.
    pub start_ms: i64,
    /// `(connector, methods)` to install as globals.
    pub connectors: Vec<(String, Vec<String>)>,
    pub services: Rc<dyn SandboxServices>,
    pub limits: SandboxLimits,
    /// The `store()` values as they were when the run was created.
    pub values: BTreeMap<String, Value>,
    pub store_limits: StoreLimits,
    /// Seqs the journal already holds: `codemode.step` does not run its function again for them.
    pub recorded: BTreeSet<u32>,
    /// Input schemas by `connector.method`: a call whose argument does not match is refused
    /// (its promise rejects) before it gets a seq.
    pub schemas: Rc<BTreeMap<String, Value>>,
}

/// A tool call the script issued.
#[derive(Debug, Clone, PartialEq)]
pub struct CallRequest {
    pub seq: u32,
    pub connector: String,
    pub method: String,
    pub args: Value,
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
}

/// The clock `Date` reads: starts at the run's recorded start and moves forward only when the host
/// delivers a result, to that result's recorded time.
#[derive(Debug)]
struct VirtualClock(Cell<i64>);

impl Clock for VirtualClock {
    fn now(&self) -> JsInstant {
        let millis = u64::try_from(self.0.get()).unwrap_or(0);
        JsInstant::new(millis / 1000, ((millis % 1000) * 1_000_000) as u32)
    }

    fn system_time_millis(&self) -> i64 {
        self.0.get()
    }
}

/// UTC everywhere, whatever the host's zone; `ArrayBuffer`s and strings built by `+` capped.
struct SandboxHooks {
    max_buffer_bytes: u64,
    max_string_chars: usize,
}

impl HostHooks for SandboxHooks {
    fn local_timezone_offset_seconds(&self, _unix_time_seconds: i64) -> i32 {
        0
    }

    fn max_buffer_size(&self, _context: &mut Context) -> u64 {
        self.max_buffer_bytes
    }

    fn max_string_length(&self) -> usize {
        self.max_string_chars
    }
}

/// State the native host functions share with [`Sandbox`].
struct HostState {
    limits: SandboxLimits,
    store_limits: StoreLimits,
    /// Size (UTF-16 units of key + JSON) of each `store()` value at run start.
    value_sizes: BTreeMap<String, usize>,
    schemas: Rc<BTreeMap<String, Value>>,
    /// What `host.call(index, ...)` calls: the connectors' methods in [`SandboxConfig`] order,
    /// then `codemode.step` (the prelude numbers them the same way).
    methods: Vec<MethodEntry>,
    next_seq: u32,
    requests: Vec<CallRequest>,
    services: Rc<dyn SandboxServices>,
    recorded: BTreeSet<u32>,
    /// Values of `codemode.step` functions that ran in this pass, not yet journaled.
    step_results: Vec<(u32, Outcome)>,
    /// The connector globals, named in the hint of a `ReferenceError`.
    connector_names: Vec<String>,
    /// `text()` items and console lines, kept here so they survive a stopped script.
    output: Output,
    output_chars: usize,
    /// Settle functions of the promises of calls not delivered yet, by seq.
    waiters: BTreeMap<u32, ResolvingFunctions>,
    /// Set by `host.done()` when the script's promise settles, so the host reads the prelude's
    /// state only then instead of after every job drain (the read serializes it to JSON).
    done: bool,
}

type SharedHost = Rc<RefCell<HostState>>;

/// One callable method: names, and its key in [`HostState::schemas`].
struct MethodEntry {
    connector: String,
    method: String,
    key: String,
}

impl MethodEntry {
    fn new(connector: &str, method: &str) -> Self {
        Self { connector: connector.into(), method: method.into(), key: format!("{connector}.{method}") }
    }
}

/// The prelude's internals (see `prelude.js`).
struct Internals {
    start: JsObject,
    deliver: JsObject,
    state: JsObject,
}

/// One VM running one script.
pub struct Sandbox {
    context: Context,
    host: SharedHost,
    clock: Rc<VirtualClock>,
    internals: Internals,
}

#[derive(Deserialize)]
struct StateJson {
    outcome: OutcomeJson,
    /// `store()` writes as JSON text; `None` deletes.
    writes: BTreeMap<String, Option<String>>,
}

#[derive(Deserialize)]
struct OutcomeJson {
    done: bool,
    ok: bool,
    value: Option<String>,
    error: Option<ThrownJson>,
}

#[derive(Deserialize)]
struct ThrownJson {
    name: String,
    message: String,
    #[serde(default)]
    stack: String,
}

impl Sandbox {
    /// Builds the VM, installs the globals and starts the script (it runs up to its first `await`
    /// once [`Sandbox::run_jobs`] is called). A script that does not parse is an error here.
    pub fn start(config: SandboxConfig<'_>) -> Result<Self, ErrorInfo> {
        let clock = Rc::new(VirtualClock(Cell::new(config.start_ms)));
        let mut context = ContextBuilder::new()
            .clock(clock.clone())
            .host_hooks(Rc::new(SandboxHooks {
                max_buffer_bytes: config.limits.max_buffer_bytes,
                max_string_chars: config.limits.max_string_chars,
            }))
            .job_executor(Rc::new(jobs::FifoJobs::default()))
            .instructions_remaining(config.limits.instruction_budget)
            .build()
            .map_err(|e| internal(format!("cannot build the VM: {e}")))?;
        let limits = context.runtime_limits_mut();
        limits.set_loop_iteration_limit(config.limits.loop_iterations);
        limits.set_recursion_limit(config.limits.recursion);

        let value_sizes = config
            .values
            .iter()
            .map(|(key, value)| (key.clone(), utf16_len(key) + utf16_len(&value.to_string())))
            .collect();
        let host = Rc::new(RefCell::new(HostState {
            limits: config.limits,
            store_limits: config.store_limits,
            value_sizes,
            schemas: config.schemas.clone(),
            methods: config
                .connectors
                .iter()
                .flat_map(|(connector, methods)| methods.iter().map(move |method| MethodEntry::new(connector, method)))
                .chain(std::iter::once(MethodEntry::new("codemode", "step")))
                .collect(),
            next_seq: 0,
            requests: Vec::new(),
            services: config.services.clone(),
            recorded: config.recorded.clone(),
            step_results: Vec::new(),
            connector_names: config.connectors.iter().map(|(name, _)| name.clone()).collect(),
            output: Output::default(),
            output_chars: 0,
            waiters: BTreeMap::new(),
            done: false,
        }));
        context.insert_data(host.clone());

        let internals = install_prelude(&mut context, &config)?;
        check_nesting(config.code, config.limits.max_nesting)?;
        let main = compile_script(&mut context, config.code, SCRIPT_PATH)?;
        internals
            .start(&main, &mut context)
            .map_err(|e| engine_error(&e, &mut context))?;
        Ok(Self { context, host, clock, internals })
    }

    /// Runs queued promise jobs until none is left.
    pub fn run_jobs(&mut self) -> Result<(), ErrorInfo> {
        self.context.run_jobs().map_err(|e| engine_error(&e, &mut self.context))?;
        self.check_budget()
    }

    /// The budget can run out inside code whose error the engine does not surface; at zero the
    /// run is over either way.
    fn check_budget(&self) -> Result<(), ErrorInfo> {
        if self.context.instructions_remaining() == 0 {
            return Err(budget_exceeded());
        }
        Ok(())
    }

    /// The calls issued since the last time this was called, in `seq` order.
    pub fn take_requests(&mut self) -> Vec<CallRequest> {
        std::mem::take(&mut self.host.borrow_mut().requests)
    }

    /// Values of `codemode.step` functions that finished since the last call, to journal.
    pub fn take_step_results(&mut self) -> Vec<(u32, Outcome)> {
        std::mem::take(&mut self.host.borrow_mut().step_results)
    }

    /// Settles call `seq` with `outcome`, moving the virtual clock forward to `at_ms`.
    /// Returns `false` if the script was not waiting on that call.
    pub fn deliver(&mut self, seq: u32, outcome: &Outcome, at_ms: i64) -> Result<bool, ErrorInfo> {
        if at_ms > self.clock.0.get() {
            self.clock.0.set(at_ms);
        }
        let Some(waiter) = self.host.borrow_mut().waiters.remove(&seq) else { return Ok(false) };
        // A value is handed over as built here: no JSON round trip (boa's `JSON.parse` parses,
        // compiles and runs its input as a script). Values nested deeper than the JSON depth
        // limit, and errors, go through the prelude's `deliver` as before (`JSON.parse` and its
        // limits for the first, `new Error(message)` for the second).
        let max_depth = self.host.borrow().limits.max_json_depth;
        let settled = match outcome {
            Outcome::Ok(value) if json_depth_within(value, max_depth) => JsValue::from_json(value, &mut self.context)
                .and_then(|value| waiter.resolve.call(&JsValue::undefined(), &[value], &mut self.context)),
            _ => {
                let (settle, payload) = match outcome {
                    Outcome::Ok(value) => (waiter.resolve, value.to_string()),
                    Outcome::Err(message) => (waiter.reject, message.clone()),
                };
                let args = [
                    JsValue::from(settle),
                    JsValue::from(matches!(outcome, Outcome::Ok(_))),
                    JsValue::from(JsString::from(payload.as_str())),
                ];
                self.internals.deliver.call(&JsValue::undefined(), &args, &mut self.context)
            }
        };
        settled.map_err(|e| engine_error(&e, &mut self.context))?;
        self.check_budget()?;
        Ok(true)
    }

    fn read_state(&mut self) -> Result<StateJson, ErrorInfo> {
        let json = self
            .internals
            .state
            .call(&JsValue::undefined(), &[], &mut self.context)
            .map_err(|e| engine_error(&e, &mut self.context))?;
        let text = json
            .as_string()
            .map(|s| std_string(&s))
            .ok_or_else(|| internal("prelude state is not a string"))?;
        serde_json::from_str(&text).map_err(|e| internal(format!("prelude state: {e}")))
    }

    /// `Some` once the script's promise has settled.
    pub fn settled(&mut self) -> Result<Option<Settled>, ErrorInfo> {
        if !self.host.borrow().done {
            return Ok(None);
        }
        let state = self.read_state()?;
        let outcome = state.outcome;
        if !outcome.done {
            return Ok(None);
        }
        if outcome.ok {
            let value = match outcome.value {
                Some(json) => Some(serde_json::from_str(&json).map_err(|e| internal(format!("result: {e}")))?),
                None => None,
            };
            return Ok(Some(Settled::Returned(value)));
        }
        let thrown = outcome
            .error
            .unwrap_or(ThrownJson { name: "Error".into(), message: "unknown".into(), stack: String::new() });
        let connectors = self.host.borrow().connector_names.join(", ");
        Ok(Some(Settled::Threw(script_error(&thrown, &connectors))))
    }

    /// The `text()` items and console lines so far.
    pub fn output(&self) -> Output {
        self.host.borrow().output.clone()
    }

    /// The `store()` writes of this pass (`None` deletes), to apply if the run completes. The
    /// limits are checked again here: the script-side checks are a courtesy, this one holds.
    pub fn writes(&mut self) -> Result<BTreeMap<String, Option<Value>>, ErrorInfo> {
        let writes = self.read_state()?.writes;
        let host = self.host.borrow();
        let limits = host.store_limits;
        let mut sizes = host.value_sizes.clone();
        let refuse = |message: String| ErrorInfo::run(RunCode::ScriptError, format!("RangeError: store: {message}"));
        let mut applied = BTreeMap::new();
        for (key, json) in writes {
            let key_len = utf16_len(&key);
            if key_len == 0 || key_len > limits.key {
                return Err(refuse(format!("a key must have 1 to {} characters", limits.key)));
            }
            match json {
                None => {
                    sizes.remove(&key);
                    applied.insert(key, None);
                }
                Some(json) => {
                    let json_len = utf16_len(&json);
                    if json_len > limits.value {
                        return Err(refuse(format!(
                            "the value of {key:?} is {json_len} characters of JSON; the limit is {}",
                            limits.value
                        )));
                    }
                    let value: Value = serde_json::from_str(&json)
                        .map_err(|e| refuse(format!("the value of {key:?} is not JSON: {e}")))?;
                    sizes.insert(key.clone(), key_len + json_len);
                    applied.insert(key, Some(value));
                }
            }
        }
        let total: usize = sizes.values().sum();
        if total > limits.total {
            return Err(refuse(format!("all values would take {total} characters of JSON; the limit is {}", limits.total)));
        }
        Ok(applied)
    }

}

impl Internals {
    fn start(&self, main: &JsObject, context: &mut Context) -> JsResult<()> {
        self.start.call(&JsValue::undefined(), &[JsValue::from(main.clone())], context)?;
        Ok(())
    }
}

thread_local! {
    /// The prelude compiled by this thread's first VM. Parsing and compiling its 19 KB was most
    /// of a pass's fixed cost; every VM runs the same code, so later ones reuse it. Never dropped:
    /// the garbage collector that owns it is itself a thread-local, which may be gone first when
    /// the thread exits.
    static PRELUDE_CODE: std::cell::OnceCell<std::mem::ManuallyDrop<CompiledScript>> =
        const { std::cell::OnceCell::new() };
}

/// The prelude as a script of `context` (a fresh VM: the prelude is the first code it runs, and
/// declares no globals, so its compiled code is the same in every VM).
fn prelude_script(context: &mut Context) -> JsResult<Script> {
    if let Some(compiled) = PRELUDE_CODE.with(|cell| cell.get().map(|c| CompiledScript::clone(c))) {
        return Ok(Script::from_compiled(&compiled, context));
    }
    let script = Script::parse(Source::from_bytes(PRELUDE).with_path(Path::new("prelude.js")), None, context)?;
    let compiled = script.compiled(context)?;
    PRELUDE_CODE.with(|cell| {
        let _ = cell.set(std::mem::ManuallyDrop::new(compiled));
    });
    Ok(script)
}

thread_local! {
    /// The locale layer (`intl.js`), compiled by the first VM of this thread that needs it.
    static INTL_CODE: std::cell::OnceCell<std::mem::ManuallyDrop<CompiledScript>> =
        const { std::cell::OnceCell::new() };
}

/// The locale layer's source (see the file's header).
pub const INTL_LAYER: &str = include_str!("intl.js");

/// `host.intlModule()` → the locale layer's factory function, compiled once per thread (isolate)
/// and evaluated in this VM. Called by the prelude the first time a script needs a locale. The
/// code is compiled in a fresh context of its own, so it is compiled alike whatever the script
/// that first needed it declared (a compiled script is only reusable when its compilation did not
/// depend on the realm's global declarations: see `CompiledScript`); it declares no globals.
fn host_intl_module(_this: &JsValue, _args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let compiled = match INTL_CODE.with(|cell| cell.get().map(|c| CompiledScript::clone(c))) {
        Some(compiled) => compiled,
        None => {
            // Its own clock: the default one reads the system time, which wasm32 does not have.
            let mut fresh = ContextBuilder::new()
                .clock(Rc::new(VirtualClock(Cell::new(0))))
                .host_hooks(Rc::new(SandboxHooks { max_buffer_bytes: 0, max_string_chars: usize::MAX }))
                .build()?;
            let source = Source::from_bytes(INTL_LAYER).with_path(Path::new("intl.js"));
            let compiled = Script::parse(source, None, &mut fresh)?.compiled(&mut fresh)?;
            INTL_CODE.with(|cell| {
                let _ = cell.set(std::mem::ManuallyDrop::new(compiled.clone()));
            });
            compiled
        }
    };
    Script::from_compiled(&compiled, context).evaluate(context)
}

/// Evaluates the prelude and returns its internals.
fn install_prelude(context: &mut Context, config: &SandboxConfig<'_>) -> Result<Internals, ErrorInfo> {
    let factory = prelude_script(context)
        .and_then(|script| script.evaluate(context))
        .map_err(|e| internal(format!("prelude: {e}")))?
        .as_callable()
        .ok_or_else(|| internal("prelude is not a function"))?;
    let host = host_object(context);
    let to_js = |value: Value, context: &mut Context| {
        JsValue::from_json(&value, context).map_err(|e| internal(e.to_string()))
    };
    let table = to_js(serde_json::to_value(&config.connectors).map_err(|e| internal(e.to_string()))?, context)?;
    let limits = serde_json::json!({
        "maxNesting": config.limits.max_nesting,
        "maxJsonDepth": config.limits.max_json_depth,
        "key": config.store_limits.key,
        "value": config.store_limits.value,
        "total": config.store_limits.total,
        "maxChars": config.limits.max_string_chars,
        "maxElements": config.limits.max_array_elements,
        "maxOutput": config.limits.max_output_chars,
    });
    let limits = to_js(limits, context)?;
    let values = serde_json::to_string(&config.values).map_err(|e| internal(e.to_string()))?;
    let args = [
        JsValue::from(host),
        JsValue::from((config.seed >> 32) as f64),
        JsValue::from((config.seed & 0xffff_ffff) as f64),
        table,
        JsValue::from(JsString::from(values.as_str())),
        limits,
    ];
    let internals = factory
        .call(&JsValue::undefined(), &args, context)
        .map_err(|e| internal(format!("prelude: {e}")))?;
    let internals = internals.as_object().ok_or_else(|| internal("prelude returned no internals"))?;
    let mut get = |name: &str| -> Result<JsObject, ErrorInfo> {
        internals
            .get(JsString::from(name), context)
            .ok()
            .and_then(|v| v.as_callable())
            .ok_or_else(|| internal(format!("prelude internals lack `{name}`")))
    };
    Ok(Internals { start: get("start")?, deliver: get("deliver")?, state: get("state")? })
}

/// The native object the prelude closes over. Never reachable from the script.
fn host_object(context: &mut Context) -> JsObject {
    let mut host = ObjectInitializer::new(context);
    web::register(&mut host);
    host.function(NativeFunction::from_fn_ptr(intl::host_intl), js_string!("intl"), 5)
        .function(NativeFunction::from_fn_ptr(host_intl_module), js_string!("intlModule"), 0);
    host
        .function(NativeFunction::from_fn_ptr(host_call), js_string!("call"), 3)
        .function(NativeFunction::from_fn_ptr(host_search), js_string!("search"), 1)
        .function(NativeFunction::from_fn_ptr(host_describe), js_string!("describe"), 1)
        .function(NativeFunction::from_fn_ptr(host_snippet), js_string!("snippet"), 1)
        .function(NativeFunction::from_fn_ptr(host_recorded), js_string!("recorded"), 1)
        .function(NativeFunction::from_fn_ptr(host_step_done), js_string!("stepDone"), 3)
        .function(NativeFunction::from_fn_ptr(host_output), js_string!("output"), 2)
        .function(NativeFunction::from_fn_ptr(host_check_source), js_string!("checkSource"), 1)
        .function(NativeFunction::from_fn_ptr(host_check_json), js_string!("checkJson"), 1)
        .function(NativeFunction::from_fn_ptr(host_check_regex), js_string!("checkRegex"), 1)
        .function(NativeFunction::from_fn_ptr(host_done), js_string!("done"), 0)
        .function(NativeFunction::from_fn_ptr(host_last_seq), js_string!("lastSeq"), 0)
        .function(NativeFunction::from_fn_ptr(host_connector_get), js_string!("connectorGet"), 1)
        .build()
}

fn shared_host(context: &Context) -> JsResult<SharedHost> {
    context
        .get_data::<SharedHost>()
        .cloned()
        .ok_or_else(|| JsNativeError::error().with_message("sandbox host state is missing").into())
}

fn string_arg(args: &[JsValue], index: usize, context: &mut Context) -> JsResult<String> {
    let value = args.get(index).cloned().unwrap_or_default();
    Ok(std_string(&value.to_string(context)?))
}

/// `text` as a Rust string, unpaired surrogates replaced by U+FFFD. The strict conversion copies
/// in one pass; only a string that has a lone surrogate takes the (formatting) lossy one.
fn std_string(text: &JsString) -> String {
    text.to_std_string().unwrap_or_else(|_| text.to_std_string_lossy())
}

/// `host.call(index, argsJson)` → the promise of a call of method `index` of
/// [`HostState::methods`] (its settle functions wait in [`HostState::waiters`]).
fn host_call(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let index = args.first().cloned().unwrap_or_default().to_u32(context)? as usize;
    let json = string_arg(args, 1, context)?;
    let host = shared_host(context)?;
    let mut host = host.borrow_mut();
    let host = &mut *host;
    let entry = host
        .methods
        .get(index)
        .ok_or_else(|| JsNativeError::error().with_message(format!("no method has index {index}")))?;
    let (connector, method) = (&entry.connector, &entry.method);
    let args: Value = serde_json::from_str(&json).map_err(|e| {
        JsNativeError::typ().with_message(format!("{connector}.{method}: the argument is not JSON: {e}"))
    })?;
    if host.next_seq >= host.limits.max_calls {
        return Err(JsNativeError::range()
            .with_message(format!("{connector}.{method}: this run already made {} calls, the limit", host.limits.max_calls))
            .into());
    }
    if json.len() > host.limits.max_argument_bytes {
        return Err(JsNativeError::range()
            .with_message(format!(
                "{connector}.{method}: the argument is {} bytes of JSON; the limit is {}",
                json.len(),
                host.limits.max_argument_bytes
            ))
            .into());
    }
    if let Some(schema) = host.schemas.get(&entry.key) {
        if let Err(problem) = crate::schema::validate(schema, &args) {
            return Err(JsNativeError::typ().with_message(format!("{connector}.{method}: {problem}")).into());
        }
    }
    let request = CallRequest { seq: host.next_seq, connector: connector.clone(), method: method.clone(), args };
    let seq = request.seq;
    host.next_seq += 1;
    host.requests.push(request);
    let (promise, waiter) = JsPromise::new_pending(context);
    host.waiters.insert(seq, waiter);
    Ok(JsValue::from(promise))
}

/// `host.connectorGet(unknown)` → the `get` trap of a connector object's proxy. It does what
/// this did in JavaScript, without a JavaScript call per method access:
/// `typeof key !== "string" || key in object || key === "then" || key === "toJSON" ? object[key] : unknown(key)`.
fn host_connector_get(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let unknown = args
        .first()
        .and_then(JsValue::as_callable)
        .ok_or_else(|| JsNativeError::typ().with_message("connectorGet: not a function"))?;
    let trap = NativeFunction::from_copy_closure_with_captures(connector_get_trap, unknown);
    Ok(FunctionObjectBuilder::new(context.realm(), trap).name(js_string!("get")).length(2).build().into())
}

fn connector_get_trap(_this: &JsValue, args: &[JsValue], unknown: &JsObject, context: &mut Context) -> JsResult<JsValue> {
    let target = args
        .first()
        .and_then(JsValue::as_object)
        .ok_or_else(|| JsNativeError::typ().with_message("connector proxy: no target"))?;
    let key = args.get(1).cloned().unwrap_or_default();
    let read_target = match key.as_string() {
        None => true,
        Some(name) => {
            target.has_property(name.clone(), context)? || name == js_string!("then") || name == js_string!("toJSON")
        }
    };
    if read_target {
        let key = key.to_property_key(context)?;
        return target.get(key, context);
    }
    unknown.call(&JsValue::undefined(), &[key], context)
}

/// `host.lastSeq()` → the `seq` of the call `host.call` issued last.
fn host_last_seq(_this: &JsValue, _args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let issued = shared_host(context)?.borrow().next_seq;
    Ok(JsValue::from(issued.saturating_sub(1)))
}

fn host_search(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let query = string_arg(args, 0, context)?;
    let services = shared_host(context)?.borrow().services.clone();
    Ok(JsValue::from(JsString::from(services.search(&query).to_string().as_str())))
}

fn host_describe(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let path = string_arg(args, 0, context)?;
    let services = shared_host(context)?.borrow().services.clone();
    match services.describe(&path) {
        Ok(value) => Ok(JsValue::from(JsString::from(value.to_string().as_str()))),
        Err(message) => Err(JsNativeError::error().with_message(message).into()),
    }
}

/// `host.done()`: the script's promise has settled (see [`HostState::done`]).
fn host_done(_this: &JsValue, _args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    shared_host(context)?.borrow_mut().done = true;
    Ok(JsValue::undefined())
}

/// `true` if `value` nests at most `max` arrays/objects deep (counted like `host.checkJson`
/// counts brackets). Iterative, so any depth is safe to check.
fn json_depth_within(value: &Value, max: usize) -> bool {
    let is_container = |value: &Value| matches!(value, Value::Array(_) | Value::Object(_));
    if !is_container(value) {
        return true;
    }
    // Containers only, with their depth (the outermost is 1).
    let mut stack: Vec<(&Value, usize)> = vec![(value, 1)];
    while let Some((value, depth)) = stack.pop() {
        if depth > max {
            return false;
        }
        match value {
            Value::Array(items) => stack.extend(items.iter().filter(|v| is_container(v)).map(|v| (v, depth + 1))),
            Value::Object(map) => stack.extend(map.values().filter(|v| is_container(v)).map(|v| (v, depth + 1))),
            _ => {}
        }
    }
    true
}

/// `host.recorded(seq)` → whether the journal already holds call `seq`.
fn host_recorded(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let seq = args.first().cloned().unwrap_or_default().to_u32(context)?;
    Ok(JsValue::from(shared_host(context)?.borrow().recorded.contains(&seq)))
}

/// `host.stepDone(seq, ok, payload)`: a `codemode.step` function finished (payload is its value
/// as JSON, or the error message).
fn host_step_done(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let seq = args.first().cloned().unwrap_or_default().to_u32(context)?;
    let ok = args.get(1).is_some_and(JsValue::to_boolean);
    let payload = string_arg(args, 2, context)?;
    let outcome = if ok {
        Outcome::Ok(serde_json::from_str(&payload).map_err(|e| {
            JsNativeError::typ().with_message(format!("codemode.step: the value is not JSON: {e}"))
        })?)
    } else {
        Outcome::Err(payload)
    };
    shared_host(context)?.borrow_mut().step_results.push((seq, outcome));
    Ok(JsValue::undefined())
}

/// `host.checkSource(text)`: code given to `eval`/`Function` gets the script's nesting limit.
fn host_check_source(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let text = string_arg(args, 0, context)?;
    let max = shared_host(context)?.borrow().limits.max_nesting;
    check_nesting(&text, max).map_err(|e| JsNativeError::syntax().with_message(strip_kind(&e.message)))?;
    Ok(JsValue::undefined())
}

/// `host.checkJson(text)`: JSON text nested deeper than the JSON depth limit is refused.
fn host_check_json(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let text = string_arg(args, 0, context)?;
    let max = shared_host(context)?.borrow().limits.max_json_depth;
    let mut depth = 0usize;
    for byte in text.bytes() {
        match byte {
            b'[' | b'{' => {
                depth += 1;
                if depth > max {
                    return Err(JsNativeError::range()
                        .with_message(format!("JSON nested more than {max} levels deep"))
                        .into());
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(JsValue::undefined())
}

/// `host.checkRegex(source)`: refuses patterns with a nested quantifier (see [`nested_quantifier`]).
fn host_check_regex(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let source = string_arg(args, 0, context)?;
    if nested_quantifier(&source) {
        return Err(JsNativeError::syntax()
            .with_message(format!(
                "the regular expression /{source}/ has a nested quantifier (like (a+)+), which can backtrack \
                 for ever; rewrite it without one"
            ))
            .into());
    }
    Ok(JsValue::undefined())
}

fn strip_kind(message: &str) -> String {
    message.strip_prefix("SyntaxError: ").unwrap_or(message).to_string()
}

/// `true` if a quantified group contains a quantifier (`(a+)+`, `(a*)*b`, `(x+x+){2,}`): the
/// shape that makes a backtracking engine take exponential time. Escapes and character classes
/// are skipped; `?` and `{0,1}`/`{1}` do not count as repeating.
pub fn nested_quantifier(source: &str) -> bool {
    let chars: Vec<char> = source.chars().collect();
    let repeats = |i: usize| -> bool {
        match chars.get(i) {
            Some('*') | Some('+') => true,
            Some('{') => {
                let Some(close) = chars[i..].iter().position(|c| *c == '}') else { return false };
                let body: String = chars[i + 1..i + close].iter().collect();
                let mut parts = body.splitn(2, ',');
                let low: Option<u64> = parts.next().and_then(|p| p.trim().parse().ok());
                match parts.next() {
                    None => low.is_some_and(|n| n > 1),
                    Some(high) if high.trim().is_empty() => low.is_some(),
                    Some(high) => high.trim().parse::<u64>().is_ok_and(|n| n > 1),
                }
            }
            _ => false,
        }
    };
    // One flag per open group: does it contain a repeating quantifier?
    let mut groups: Vec<bool> = vec![false];
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            '[' => {
                i += 1;
                while i < chars.len() && chars[i] != ']' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            '(' => groups.push(false),
            ')' => {
                let inner = if groups.len() > 1 { groups.pop().unwrap_or(false) } else { false };
                let quantified = repeats(i + 1);
                if inner && quantified {
                    return true;
                }
                if let Some(outer) = groups.last_mut() {
                    *outer |= inner || quantified;
                }
            }
            _ => {
                if repeats(i) {
                    if let Some(current) = groups.last_mut() {
                        *current = true;
                    }
                }
            }
        }
        i += 1;
    }
    false
}

/// `host.output(kind, text)`: a `text()` item (kind 0) or a console line (kind 1). Output past
/// the limit is dropped after one marker line.
fn host_output(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let kind = args.first().cloned().unwrap_or_default().to_u32(context)?;
    let text = string_arg(args, 1, context)?;
    let host = shared_host(context)?;
    let mut host = host.borrow_mut();
    let limit = host.limits.max_output_chars;
    if host.output_chars > limit {
        return Ok(JsValue::undefined());
    }
    host.output_chars += text.chars().count();
    if host.output_chars > limit {
        host.output.console.push(format!("[output limit of {limit} characters reached; further output dropped]"));
        return Ok(JsValue::undefined());
    }
    if kind == 0 {
        host.output.texts.push(text);
    } else {
        host.output.console.push(text);
    }
    Ok(JsValue::undefined())
}

/// `host.snippet(name)` → the snippet compiled as `async (input) => ...`.
fn host_snippet(_this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let name = string_arg(args, 0, context)?;
    let services = shared_host(context)?.borrow().services.clone();
    let code = services
        .snippet_code(&name)
        .ok_or_else(|| JsNativeError::error().with_message(format!("no snippet is named `{name}`")))?;
    let function = compile_script(context, &code, &format!("snippet:{name}"))
        .map_err(|e| JsNativeError::syntax().with_message(format!("snippet `{name}`: {}", e.message)))?;
    Ok(JsValue::from(function))
}

/// Compiles model code into an `async function (input)`. The code is a function body (`return`
/// and top-level `await` work), or an expression: a bare value (a trailing `;` is fine), or a
/// function (an `async () => {...}` arrow) that is then called. The wrapper adds no line before
/// the code, so line numbers in errors are the script's own.
fn compile_script(context: &mut Context, code: &str, path: &str) -> Result<JsObject, ErrorInfo> {
    let path = Path::new(path);
    let expression_code = code.trim_end().trim_end_matches(';');
    let expression = format!(
        "(async function (input) {{ const __codemode_value = ({expression_code}\n); return typeof __codemode_value === \"function\" ? await __codemode_value(input) : __codemode_value; }})"
    );
    let body = format!("(async function (input) {{{code}\n}})");
    let source = if is_one_function(context, &expression) { expression } else { body };
    if !is_one_function(context, &source) {
        // Either a syntax error (reported below with its position) or code that closes the
        // wrapper to run at the top level.
        if Script::parse(Source::from_bytes(&source).with_path(path), None, context).is_ok() {
            return Err(ErrorInfo::run(
                RunCode::SyntaxError,
                "SyntaxError: unbalanced `}` or `)`: the code must be a function body or an expression",
            ));
        }
    }
    let function = context
        .eval(Source::from_bytes(&source).with_path(path))
        .map_err(|e| ErrorInfo::run(RunCode::SyntaxError, e.to_string()))?;
    function.as_callable().ok_or_else(|| internal("compiled script is not a function"))
}

/// `true` if `source` parses as exactly one parenthesised async function expression, so the
/// code inside cannot have closed the wrapper and reopened another.
fn is_one_function(context: &mut Context, source: &str) -> bool {
    use boa_engine::ast::{Expression, Statement, StatementListItem};
    let scope = context.realm().scope().clone();
    let mut parser = boa_engine::parser::Parser::new(Source::from_bytes(source));
    let Ok(script) = parser.parse_script(&scope, context.interner_mut()) else { return false };
    match script.statements().statements() {
        [StatementListItem::Statement(statement)] => match statement.as_ref() {
            Statement::Expression(Expression::Parenthesized(inner)) => {
                matches!(inner.expression(), Expression::AsyncFunctionExpression(_))
            }
            _ => false,
        },
        _ => false,
    }
}

fn internal(message: impl Into<String>) -> ErrorInfo {
    ErrorInfo::run(RunCode::Internal, message)
}

fn utf16_len(text: &str) -> usize {
    text.encode_utf16().count()
}

fn budget_exceeded() -> ErrorInfo {
    ErrorInfo::run(
        RunCode::BudgetExceeded,
        "the run used up its instruction budget (a loop that never ends, or too much work for one run)",
    )
}

/// Refuses source nested deeper than `max` brackets before the parser (which recurses once per
/// level) sees it. Brackets in strings and comments count too: the limit is far above real code.
fn check_nesting(code: &str, max: usize) -> Result<(), ErrorInfo> {
    let mut depth = 0usize;
    for byte in code.bytes() {
        match byte {
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > max {
                    return Err(ErrorInfo::run(
                        RunCode::SyntaxError,
                        format!("SyntaxError: brackets nested more than {max} levels deep"),
                    ));
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

/// The source name of the script in stack traces.
const SCRIPT_PATH: &str = "script.js";

/// `(source, line)` of the innermost stack frame in the script or a snippet.
fn script_line(stack: &str) -> Option<(String, u32)> {
    stack.lines().find_map(|frame| {
        let start = frame.find(SCRIPT_PATH).or_else(|| frame.find("snippet:"))?;
        let location = frame[start..].trim_end_matches(')');
        let mut parts = location.rsplitn(3, ':');
        let _column = parts.next()?;
        let line = parts.next()?.parse().ok()?;
        Some((parts.next()?.to_string(), line))
    })
}

/// A thrown error as the model reads it: with the script line it came from, and a hint when it
/// named an unknown global.
fn script_error(thrown: &ThrownJson, connectors: &str) -> ErrorInfo {
    let mut text = format!("{}: {}", thrown.name, thrown.message);
    match script_line(&thrown.stack) {
        Some((source, line)) if source == SCRIPT_PATH => text.push_str(&format!(" (line {line})")),
        Some((source, line)) => text.push_str(&format!(" ({source}, line {line})")),
        None => {}
    }
    if thrown.name == "ReferenceError" && thrown.message.contains("is not defined") {
        text.push_str(&format!(
            ". The sandbox's globals are: {connectors}{}codemode, console, text, store, load, the standard \
             built-ins and URL, URLSearchParams, TextEncoder, TextDecoder, atob, btoa, structuredClone, \
             queueMicrotask, crypto (no fetch, timers, modules or host access)",
            if connectors.is_empty() { "" } else { ", " }
        ));
    }
    ErrorInfo::run(RunCode::ScriptError, text)
}

/// Turns an engine-level failure (a limit, an error thrown outside the script's promise) into a
/// coded error.
fn engine_error(error: &JsError, context: &mut Context) -> ErrorInfo {
    if let Some(engine) = error.as_engine() {
        if matches!(engine, boa_engine::error::EngineError::NoInstructionsRemain) {
            return budget_exceeded();
        }
        return ErrorInfo::run(RunCode::LimitExceeded, engine.to_string());
    }
    match error.try_native(context) {
        Ok(native) => ErrorInfo::run(RunCode::ScriptError, format!("{}: {}", native.kind(), native.message())),
        Err(_) => ErrorInfo::run(RunCode::ScriptError, error.to_string()),
    }
}
