//! The boa sandbox: one VM per pass over a script, with deterministic host hooks.
//!
//! The VM knows nothing about journals or connectors. Tool calls come out as [`CallRequest`]s
//! (taken with [`Sandbox::take_requests`]); outcomes go back in with [`Sandbox::deliver`]; the
//! caller runs the job queue between the two. Time is virtual (it moves only when a result is
//! delivered), the time zone is UTC, and `Math.random` is seeded per execution, so a replay of the
//! same deliveries in the same order makes the same calls with the same arguments.

mod compile;
mod depth;
mod errors;
mod hooks;
mod host;
mod install;
mod intl;
mod jobs;
mod limits;
mod stack;
mod timers;
mod web;

pub use crate::script::{
    timer_delay, CallRequest, Output, Settled, TIMER_CONNECTOR, TIMER_METHODS,
};
pub use limits::{SandboxLimits, StoreLimits};

use compile::*;
use depth::check_nesting;
use errors::*;
use hooks::*;
use host::*;
use install::*;

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::mem::ManuallyDrop;
use std::rc::Rc;

use boa_engine::context::ContextBuilder;
use boa_engine::heap::HeapLimit;
use boa_engine::{Context, JsString, JsValue};
use serde::Deserialize;
use serde_json::Value;

use crate::error::RunCode;
use crate::journal::Outcome;
use crate::model::ErrorInfo;

/// The prelude that installs the globals: the files of `src/sandbox/prelude/` joined by build.rs
/// (see that folder's README).
pub const PRELUDE: &str = concat!(
    env!("CODEMODE_PRELUDE_PREFIX"),
    include_str!(concat!(env!("OUT_DIR"), "/prelude.js"))
);

/// What the script may look up while it runs: the catalog and the saved snippets.
pub trait SandboxServices {
    /// `codemode.search(query)` → JSON.
    fn search(&self, query: &str) -> Value;
    /// `codemode.describe(path)` → JSON, or a message for a path that does not exist.
    fn describe(&self, path: &str) -> Result<Value, String>;
    /// The code of a saved snippet.
    fn snippet_code(&self, name: &str) -> Option<String>;
    /// An image the instance keeps (for `image(ref)`).
    fn image(&self, _id: &str) -> Option<crate::images::ImageRef> {
        None
    }
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

/// One VM running one script.
pub struct Sandbox {
    /// Dropped first, then the garbage it leaves is collected (see [`Drop`]).
    context: ManuallyDrop<Context>,
    host: SharedHost,
    clock: Rc<VirtualClock>,
    internals: ManuallyDrop<Internals>,
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
        collect_garbage();
        let started = Self::build(config);
        if started.is_err() {
            // The VM is dropped already; its garbage is left, as in `Drop`.
            GARBAGE_LEFT.set(true);
        }
        started
    }

    fn build(config: SandboxConfig<'_>) -> Result<Self, ErrorInfo> {
        let prepared = match PREPARED.with(|waiting| waiting.borrow_mut().take()) {
            Some(prepared) => ManuallyDrop::into_inner(prepared),
            None => Prepared::build()?,
        };
        let Prepared {
            mut context,
            clock,
            hooks,
            configure,
        } = prepared;
        // The run's settings; the bound and the peak count from here, whether the VM was
        // prepared ahead or just now.
        clock.0.set(config.start_ms);
        hooks.max_buffer_bytes.set(config.limits.max_buffer_bytes);
        hooks.max_string_chars.set(config.limits.max_string_chars);
        context.set_instructions_remaining(config.limits.instruction_budget);
        let baseline = boa_engine::heap::live_bytes();
        let heap = HeapLimit {
            baseline,
            bound: run_heap_bound(&config.limits, baseline),
        };
        boa_engine::heap::reset_peak();
        context.set_native_stack_budget(Some(config.limits.native_stack_bytes));
        context.set_native_recursion_limit(Some(config.limits.native_recursion_depth));
        context.set_heap_limit(Some(heap));
        let limits = context.runtime_limits_mut();
        limits.set_loop_iteration_limit(config.limits.loop_iterations);
        limits.set_recursion_limit(config.limits.recursion);
        limits.set_regexp_step_limit(config.limits.max_regex_steps);
        limits.set_json_depth_limit(config.limits.max_json_depth);

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
                .flat_map(|(connector, methods)| {
                    methods
                        .iter()
                        .map(move |method| MethodEntry::new(connector, method))
                })
                .chain(std::iter::once(MethodEntry::new("codemode", "step")))
                .collect(),
            next_seq: 0,
            requests: Vec::new(),
            services: config.services.clone(),
            recorded: config.recorded.clone(),
            step_results: Vec::new(),
            connector_names: config
                .connectors
                .iter()
                .map(|(name, _)| name.clone())
                .collect(),
            output: Output::default(),
            output_chars: 0,
            waiters: BTreeMap::new(),
            done: false,
            clock: clock.clone(),
            heap,
            timers_set: 0,
            cleared: Vec::new(),
            failure: None,
        }));
        context.insert_data(host.clone());

        let internals = configure_prelude(&mut context, &configure, &config)?;
        check_nesting(
            config.code,
            config.limits.max_nesting,
            config.limits.max_expression_depth,
        )?;
        let main = compile_script(&mut context, config.code, SCRIPT_PATH)?;
        internals
            .start(&main, &mut context)
            .map_err(|e| engine_error(&e, &mut context))?;
        Ok(Self {
            context: ManuallyDrop::new(context),
            host,
            clock,
            internals: ManuallyDrop::new(internals),
        })
    }

    /// The most heap the last VM started on this thread has held so far, in bytes beyond what
    /// was live when it was built (approximate when other VMs run on the thread between its
    /// steps); also after a failed start (a script that never awaits runs to its end inside
    /// [`Sandbox::start`]).
    pub fn peak_heap_bytes() -> u64 {
        boa_engine::heap::peak_since_reset() as u64
    }

    /// Runs queued promise jobs until none is left.
    pub fn run_jobs(&mut self) -> Result<(), ErrorInfo> {
        self.enter_engine();
        self.context
            .run_jobs()
            .map_err(|e| engine_error(&e, &mut self.context))?;
        self.check_budget()
    }

    /// Measures the engine's native stack budget from here: the host calls into the engine from
    /// different depths of its own stack (a Worker's request, the alarm, a test).
    fn enter_engine(&mut self) {
        let bytes = self.host.borrow().limits.native_stack_bytes;
        self.context.set_native_stack_budget(Some(bytes));
    }

    /// The budget can run out inside code whose error the engine does not surface; at zero the
    /// run is over either way. A limit a host function hit ends it too, caught or not.
    fn check_budget(&self) -> Result<(), ErrorInfo> {
        if self.context.instructions_remaining() == 0 {
            return Err(budget_exceeded());
        }
        match &self.host.borrow().failure {
            Some(failure) => Err(failure.clone()),
            None => Ok(()),
        }
    }

    /// Timers the script cleared since the last time this was called (their `seq`s).
    pub fn take_cleared(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.host.borrow_mut().cleared)
    }

    /// Console lines printed so far.
    pub fn console_len(&self) -> usize {
        self.host.borrow().output.console.len()
    }

    /// Console lines from index `from` on.
    pub fn console_since(&self, from: usize) -> Vec<String> {
        self.host
            .borrow()
            .output
            .console
            .get(from..)
            .map(<[String]>::to_vec)
            .unwrap_or_default()
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
        let Some(waiter) = self.host.borrow_mut().waiters.remove(&seq) else {
            return Ok(false);
        };
        self.enter_engine();
        // A value is handed over as built here: no JSON round trip (boa's `JSON.parse` parses,
        // compiles and runs its input as a script). Values nested deeper than the JSON depth
        // limit, and errors, go through the prelude's `deliver` as before (`JSON.parse` and its
        // limits for the first, `new Error(message)` for the second).
        let max_depth = self.host.borrow().limits.max_json_depth;
        let settled = match outcome {
            Outcome::Ok(value) if json_depth_within(value, max_depth) => {
                JsValue::from_json(value, &mut self.context).and_then(|value| {
                    waiter
                        .resolve
                        .call(&JsValue::undefined(), &[value], &mut self.context)
                })
            }
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
                self.internals
                    .deliver
                    .call(&JsValue::undefined(), &args, &mut self.context)
            }
        };
        settled.map_err(|e| engine_error(&e, &mut self.context))?;
        self.check_budget()?;
        Ok(true)
    }

    fn read_state(&mut self) -> Result<StateJson, ErrorInfo> {
        self.enter_engine();
        let json = self
            .internals
            .state
            .call(&JsValue::undefined(), &[], &mut self.context)
            .map_err(|e| engine_error(&e, &mut self.context))?;
        let text = json
            .as_string()
            .map(|s| std_string(&s))
            .ok_or_else(|| internal("prelude state is not a string"))?;
        script_json(&text).map_err(|e| internal(format!("prelude state: {e}")))
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
                Some(json) => {
                    Some(script_json(&json).map_err(|e| internal(format!("result: {e}")))?)
                }
                None => None,
            };
            return Ok(Some(Settled::Returned(value)));
        }
        let thrown = outcome.error.unwrap_or(ThrownJson {
            name: "Error".into(),
            message: "unknown".into(),
            stack: String::new(),
        });
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
        let refuse = |message: String| {
            ErrorInfo::run(
                RunCode::ScriptError,
                format!("RangeError: store: {message}"),
            )
        };
        let mut applied = BTreeMap::new();
        for (key, json) in writes {
            let key_len = utf16_len(&key);
            if key_len == 0 || key_len > limits.key {
                return Err(refuse(format!(
                    "a key must have 1 to {} characters",
                    limits.key
                )));
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
                    let value: Value = script_json(&json)
                        .map_err(|e| refuse(format!("the value of {key:?} is not JSON: {e}")))?;
                    sizes.insert(key.clone(), key_len + json_len);
                    applied.insert(key, Some(value));
                }
            }
        }
        let total: usize = sizes.values().sum();
        if total > limits.total {
            return Err(refuse(format!(
                "all values would take {total} characters of JSON; the limit is {}",
                limits.total
            )));
        }
        Ok(applied)
    }
}

impl Drop for Sandbox {
    /// The context goes; its garbage waits for [`collect_garbage`].
    fn drop(&mut self) {
        self.host.borrow_mut().waiters.clear();
        // SAFETY: neither is used after this.
        unsafe {
            ManuallyDrop::drop(&mut self.internals);
            ManuallyDrop::drop(&mut self.context);
        }
        GARBAGE_LEFT.set(true);
    }
}

thread_local! {
    /// A VM was dropped since the last collection: its objects wait for [`collect_garbage`].
    static GARBAGE_LEFT: Cell<bool> = const { Cell::new(false) };

    /// The VM the next run takes, built by [`prepare_next`]. Never dropped by the thread (its
    /// garbage collector is a thread-local too, which may be gone first when the thread exits).
    static PREPARED: RefCell<Option<ManuallyDrop<Prepared>>> = const { RefCell::new(None) };
}

/// A VM built before its run is known: boa's realm and the part of the prelude that is the same
/// for every run. [`Sandbox::start`] gives it the run's settings (`configure`); every run goes
/// through one, prepared ahead by [`prepare_next`] or just then, so both ways run the same code.
struct Prepared {
    context: Context,
    clock: Rc<VirtualClock>,
    hooks: Rc<SandboxHooks>,
    /// The prelude's `configure`.
    configure: boa_engine::JsObject,
}

impl Prepared {
    fn build() -> Result<Self, ErrorInfo> {
        let clock = Rc::new(VirtualClock(Cell::new(0)));
        // The default caps until the run's are set (the prelude builds no large value).
        let defaults = SandboxLimits::default();
        let hooks = Rc::new(SandboxHooks::new(
            defaults.max_buffer_bytes,
            defaults.max_string_chars,
        ));
        let mut context = ContextBuilder::new()
            .clock(clock.clone())
            .host_hooks(hooks.clone())
            .job_executor(Rc::new(jobs::FifoJobs::default()))
            // The prelude's own code is not the run's: the run's budget is set when it starts.
            .instructions_remaining(usize::MAX)
            .build()
            .map_err(|e| internal(format!("cannot build the VM: {e}")))?;
        let configure = prepare_prelude(&mut context)?;
        Ok(Self {
            context,
            clock,
            hooks,
            configure,
        })
    }
}

/// Builds the next run's VM now, unless one is waiting (after collecting what finished runs
/// left): a host calls it while idle, once a request is answered, so boa's realm and most of
/// the prelude are not on the next request's path. One VM waits per thread (a Worker's
/// isolate), whichever object runs next; a failure here is left for the run, which builds its
/// VM itself and reports it.
pub fn prepare_next() {
    collect_garbage();
    if PREPARED.with(|waiting| waiting.borrow().is_some()) {
        return;
    }
    if let Ok(prepared) = Prepared::build() {
        PREPARED.with(|waiting| *waiting.borrow_mut() = Some(ManuallyDrop::new(prepared)));
    }
}

/// `true` while dropped VMs have left garbage that [`collect_garbage`] would free.
pub fn garbage_left() -> bool {
    GARBAGE_LEFT.get()
}

/// Collects what dropped VMs left, if anything. A dropped context leaves its objects to the
/// next collection, which boa starts only after a threshold that grows with the largest heap it
/// has seen: collecting before the next VM is built makes a run's memory reusable by the next
/// one at once, so the Worker's wasm memory (which never shrinks) stays at the largest run's
/// size instead of growing run after run. [`Sandbox::start`] does it first; a host calls it
/// once a request is answered (the Worker on a zero-delay timer), so the collection is not on
/// the next request's path (natively it is a fifth of a trivial run's instructions).
pub fn collect_garbage() {
    if GARBAGE_LEFT.replace(false) {
        boa_engine::gc::force_collect();
    }
}

/// The heap a run may hold beyond `baseline` (the thread's live bytes when it starts): its own
/// bound, or what the isolate's share leaves, whichever is less (`SandboxLimits`).
fn run_heap_bound(limits: &SandboxLimits, baseline: usize) -> usize {
    // A thread that freed more than it allocated (natively, memory from another thread) has a
    // count below zero, which wraps: it holds nothing of the share.
    let held = if (baseline as isize) < 0 { 0 } else { baseline };
    limits
        .max_heap_bytes
        .min(limits.isolate_heap_bytes.saturating_sub(held))
}
