//! The service layer: a [`Runtime`] serves the contract's methods over a [`Store`] and the
//! connectors. No I/O of its own: storage, connectors and the clock come in.
//!
//! - this file: the runtime, its configuration and builders;
//! - `methods`: the contract's methods (`execute`, `approveExecution`, `rejectExecution`,
//!   `rollbackExecution`, history, snippets, search, describe);
//! - `driver`: the async driver of one pass: it runs the sandbox and the connectors for the
//!   pure pass machine (`crate::run::pass`) and saves what the pass decided;
//! - `cancel`: `cancelExecution` and the signal that stops a pass under way;
//! - `wake`: the host's periodic work (resuming interrupted and waiting runs, expiring paused
//!   ones, retention) and when it is due;
//! - `once`: a run whose outcome is all the host wants (the reference's `Executor.execute`);
//! - `progress`: the live events of a pass (call changes, console lines);
//! - `sleep`: how a pass waits for a timer.

mod cancel;
mod driver;
mod methods;
mod once;
mod progress;
mod sleep;
mod wake;

pub use once::OnceAnswer;
pub use progress::{Progress, ProgressSink, ProgressState, MAX_PROGRESS_LINES};
use progress::{WatchGuard, Watchers};
#[cfg(not(target_arch = "wasm32"))]
pub use sleep::thread_sleeper;
pub use sleep::Sleeper;

use cancel::CancelSignal;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use serde_json::Value;

use crate::catalog;
use crate::connector::{Connector, ConnectorSet};
use crate::error::{Error, Result};
use crate::run::lifecycle::Shaped;
use crate::sandbox::{SandboxLimits, StoreLimits};
use crate::store::{ExecutionRecord, Store};

/// Milliseconds since the epoch, from the host.
pub type Clock = Rc<dyn Fn() -> i64>;

/// Where a runtime's execution ids and per-run seeds come from: 16 random bytes a call. The
/// default is the platform's CSPRNG (through `uuid`'s v4); a host or a test may pass its own,
/// as it passes the clock.
pub type Random = Rc<dyn Fn() -> [u8; 16]>;

/// Asks the host to call [`Runtime::wake`] at a time (a Durable Object alarm). Runs set it when a
/// pass starts, so a pass cut short by a crash or a restart is resumed.
pub type Scheduler = Rc<dyn Fn(i64)>;

/// Reshapes a completed run's result for the caller (the package's `transformResult`, e.g. to
/// truncate it): the stored execution keeps what the script returned; the answer and its report
/// carry what this resolves to. `None`: the host leaves this result as it is; an error: the
/// answer carries the result as returned, and its report says why.
pub type ResultTransform = Rc<dyn Fn(Value) -> futures_lite::future::BoxedLocal<Shaped>>;

/// How long after a pass starts the host should check that it finished.
pub const RESUME_AFTER_MS: i64 = 30_000;

/// What [`Runtime::wake`] did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WakeReport {
    /// Interrupted runs driven again.
    pub resumed: Vec<String>,
    /// Paused runs past `paused_ttl_ms`, now `rejected`.
    pub expired: Vec<String>,
}

impl WakeReport {
    /// Every run the wake changed.
    pub fn changed(&self) -> impl Iterator<Item = &str> {
        self.resumed.iter().chain(&self.expired).map(String::as_str)
    }
}

/// Limits and defaults of one runtime.
#[derive(Debug, Clone)]
pub struct RuntimeConfig {
    /// Largest script accepted, in bytes.
    pub max_code_bytes: usize,
    /// Engine limits for each pass.
    pub sandbox: SandboxLimits,
    /// `executionHistory` without a limit.
    pub default_history: usize,
    /// Longest snippet name.
    pub max_snippet_name: usize,
    /// Caps on `store()` values.
    pub store_limits: StoreLimits,
    /// Largest tool result, in bytes of JSON; a bigger one is journaled as an error.
    pub max_result_bytes: usize,
    /// Journaled bytes per run; once full, further calls fail without running.
    pub max_journal_bytes: usize,
    /// Finished runs kept (newest first); older ones and their journals are deleted (every
    /// eighth of this many runs: up to an eighth more are kept in between).
    pub keep_finished: usize,
    /// A paused run older than this (since its last change) expires to `rejected`.
    pub paused_ttl_ms: i64,
    /// Passes a run may start without finishing (crashes, evictions) before it fails `CRASHED`.
    pub max_attempts: u32,
    /// Tokens of method declarations inlined in the `codemode` tool's description.
    pub inline_catalog_tokens: usize,
    /// What happens to a paused or interrupted run recorded by another sandbox (a deploy since).
    pub on_upgrade: UpgradePolicy,
    /// Longest a pass waits for a timer (ms, `CODEMODE_HOLD_MS`); a run whose next timer is
    /// further off suspends as `waiting` and the host's wake-up resumes it. 0 suspends at every
    /// timer wait, as does a runtime without a [`Sleeper`].
    pub hold_ms: i64,
    /// What an image's id is appended to for its URL: the Worker's instance path
    /// (`/agents/codemode/<instance>/images/`), or `images/` relative to wherever the host
    /// serves them.
    pub image_base: String,
}

impl RuntimeConfig {
    /// The defaults, overridden by the `CODEMODE_*` settings `var` finds (a Worker's vars, or the
    /// embedded host's options under the same names): `CODEMODE_INSTRUCTION_BUDGET`,
    /// `CODEMODE_MAX_HEAP_MB`, `CODEMODE_ISOLATE_HEAP_MB`, `CODEMODE_KEEP_FINISHED`, `CODEMODE_PAUSED_TTL_MS`,
    /// `CODEMODE_HOLD_MS`, `CODEMODE_ON_UPGRADE`. A value that does not parse is `INVALID_CONFIG`
    /// naming the setting.
    pub fn from_vars(var: &dyn Fn(&str) -> Option<String>) -> Result<Self> {
        fn number<T: std::str::FromStr>(
            var: &dyn Fn(&str) -> Option<String>,
            name: &str,
        ) -> Result<Option<T>> {
            let Some(text) = var(name) else {
                return Ok(None);
            };
            text.trim().parse().map(Some).map_err(|_| {
                Error::InvalidConfig(format!(
                    "`{name}` must be a non-negative integer, got {text:?}"
                ))
            })
        }
        let mut config = RuntimeConfig::default();
        if let Some(budget) = number(var, "CODEMODE_INSTRUCTION_BUDGET")? {
            config.sandbox.instruction_budget = budget;
        }
        if let Some(mb) = number::<usize>(var, "CODEMODE_MAX_HEAP_MB")? {
            if mb == 0 {
                return Err(Error::InvalidConfig(
                    "`CODEMODE_MAX_HEAP_MB` must be at least 1".into(),
                ));
            }
            config.sandbox.max_heap_bytes = mb.saturating_mul(1024 * 1024);
        }
        if let Some(mb) = number::<usize>(var, "CODEMODE_ISOLATE_HEAP_MB")? {
            if mb == 0 {
                return Err(Error::InvalidConfig(
                    "`CODEMODE_ISOLATE_HEAP_MB` must be at least 1".into(),
                ));
            }
            config.sandbox.isolate_heap_bytes = mb.saturating_mul(1024 * 1024);
        }
        if let Some(keep) = number(var, "CODEMODE_KEEP_FINISHED")? {
            config.keep_finished = keep;
        }
        if let Some(ttl) = number(var, "CODEMODE_PAUSED_TTL_MS")? {
            config.paused_ttl_ms = ttl;
        }
        if let Some(hold) = number(var, "CODEMODE_HOLD_MS")? {
            config.hold_ms = hold;
        }
        if let Some(text) = var("CODEMODE_ON_UPGRADE") {
            config.on_upgrade = UpgradePolicy::parse(&text).ok_or_else(|| {
                Error::InvalidConfig(format!(
                    "`CODEMODE_ON_UPGRADE` must be \"verify\" or \"refuse\", got {text:?}"
                ))
            })?;
        }
        Ok(config)
    }
}

/// What a run recorded under another fingerprint (see [`Runtime::fingerprint`]) gets when it is
/// continued: after a deploy, paused runs meet a new sandbox.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum UpgradePolicy {
    /// Replay it: it continues if every journaled call is issued again with the same connector,
    /// method and arguments in the recorded order; the first mismatch fails it
    /// `REPLAY_DIVERGED` with nothing executed.
    #[default]
    Verify,
    /// Fail it `REPLAY_INCOMPATIBLE` without replaying.
    Refuse,
}

impl UpgradePolicy {
    /// `"verify"` or `"refuse"` (the `CODEMODE_ON_UPGRADE` var).
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim() {
            "verify" => Some(UpgradePolicy::Verify),
            "refuse" => Some(UpgradePolicy::Refuse),
            _ => None,
        }
    }
}

impl Default for RuntimeConfig {
    fn default() -> Self {
        Self {
            max_code_bytes: 64 * 1024,
            sandbox: SandboxLimits::default(),
            default_history: 20,
            max_snippet_name: 64,
            store_limits: StoreLimits::default(),
            max_result_bytes: 1024 * 1024,
            max_journal_bytes: 16 * 1024 * 1024,
            keep_finished: 50,
            paused_ttl_ms: 24 * 60 * 60 * 1000,
            max_attempts: 3,
            inline_catalog_tokens: catalog::INLINE_CATALOG_TOKENS,
            on_upgrade: UpgradePolicy::Verify,
            hold_ms: 5_000,
            image_base: "images/".to_string(),
        }
    }
}

/// One Code Mode runtime: a conversation's executions, approvals and snippets.
pub struct Runtime {
    store: Rc<dyn Store>,
    connectors: Rc<ConnectorSet>,
    clock: Clock,
    config: RuntimeConfig,
    /// Executions being driven right now, each with the signal that cancels its pass; a second
    /// request for one of them gets `BUSY`.
    busy: Rc<RefCell<BTreeMap<String, Rc<CancelSignal>>>>,
    scheduler: Option<Scheduler>,
    /// The wake-up last asked for, so a later request never postpones an earlier one.
    scheduled_at: std::cell::Cell<Option<i64>>,
    /// The sandbox fingerprint with this runtime's limits (see [`Runtime::fingerprint`]).
    fingerprint: String,
    /// Input schemas by `connector.method`, checked in the sandbox before a call is made.
    schemas: Rc<BTreeMap<String, Value>>,
    /// Set when configured connectors could not be reached: methods that run scripts or call
    /// tools fail with this error and change nothing; reads and rejections still work.
    unavailable: Option<Error>,
    /// How a pass waits for a near timer (without one, every timer wait suspends the run).
    sleeper: Option<Sleeper>,
    /// The host's progress sink (every run's events).
    progress: Option<ProgressSink>,
    /// Ids and seeds (see [`Random`]).
    random: Random,
    /// The host's reshaping of completed results (see [`ResultTransform`]).
    transform: Option<ResultTransform>,
    /// Sinks watching one execution each, and tags (see [`Runtime::execute_tagged`]).
    watchers: Rc<RefCell<Watchers>>,
    /// Runs finished since the last pruning (see [`Runtime::prune_after_run`]); starts due, so
    /// the first run a fresh runtime finishes prunes what an earlier instance left.
    finished_since_prune: std::cell::Cell<usize>,
}

/// Marks an execution busy until dropped.
struct BusyGuard {
    id: String,
    busy: Rc<RefCell<BTreeMap<String, Rc<CancelSignal>>>>,
}

impl Drop for BusyGuard {
    fn drop(&mut self) {
        self.busy.borrow_mut().remove(&self.id);
    }
}

impl Runtime {
    /// Builds a runtime. Fails if connector names are reserved, duplicated or not identifiers.
    pub fn new(
        store: Rc<dyn Store>,
        connectors: Vec<Box<dyn Connector>>,
        clock: Clock,
    ) -> Result<Self> {
        let connectors = ConnectorSet::new(connectors)?;
        let schemas = connectors
            .iter()
            .flat_map(|(c, tools)| {
                tools
                    .iter()
                    .map(move |t| (format!("{}.{}", c.name(), t.name), t.input_schema.clone()))
            })
            .collect();
        Ok(Self {
            store,
            schemas: Rc::new(schemas),
            connectors: Rc::new(connectors),
            clock,
            fingerprint: fingerprint(&RuntimeConfig::default()),
            config: RuntimeConfig::default(),
            busy: Rc::default(),
            scheduler: None,
            scheduled_at: std::cell::Cell::new(None),
            unavailable: None,
            #[cfg(not(target_arch = "wasm32"))]
            sleeper: Some(thread_sleeper()),
            #[cfg(target_arch = "wasm32")]
            sleeper: None,
            progress: None,
            random: Rc::new(|| uuid::Uuid::new_v4().into_bytes()),
            transform: None,
            watchers: Rc::default(),
            finished_since_prune: std::cell::Cell::new(usize::MAX),
        })
    }

    /// Asks the host for a wake-up at `at_ms`, unless one at least as early is already asked for.
    pub fn schedule(&self, at_ms: i64) {
        let Some(scheduler) = &self.scheduler else {
            return;
        };
        let now = self.now();
        match self.scheduled_at.get() {
            Some(pending) if pending <= at_ms && pending >= now => {}
            _ => {
                self.scheduled_at.set(Some(at_ms));
                scheduler(at_ms);
            }
        }
    }

    /// Call when the wake-up fired: the next [`Runtime::schedule`] sets a new one.
    pub fn forget_schedule(&self) {
        self.scheduled_at.set(None);
    }

    /// How passes wait for timers due within `hold_ms` (see [`Sleeper`]).
    pub fn with_sleeper(mut self, sleeper: Sleeper) -> Self {
        self.sleeper = Some(sleeper);
        self
    }

    /// How completed results are reshaped for the caller (see [`ResultTransform`]).
    pub fn with_result_transform(mut self, transform: ResultTransform) -> Self {
        self.transform = Some(transform);
        self
    }

    /// Where the live events of every pass go (see [`Progress`]).
    pub fn with_progress(mut self, sink: ProgressSink) -> Self {
        self.progress = Some(sink);
        self
    }

    /// Tells the host's sink and the execution's watcher.
    fn emit(&self, event: &Progress) {
        if let Some(sink) = &self.progress {
            sink(event);
        }
        let watcher = event
            .execution_id()
            .and_then(|id| self.watchers.borrow().sinks.get(id).cloned());
        if let Some(watcher) = watcher {
            watcher(event);
        }
    }

    /// Where ids and seeds come from (see [`Random`]).
    pub fn with_random(mut self, random: Random) -> Self {
        self.random = random;
        self
    }

    /// A new execution's id (a v4 UUID) and its `Math.random` seed.
    fn new_id_and_seed(&self) -> (String, u64) {
        let id = uuid::Builder::from_random_bytes((self.random)()).into_uuid();
        let (high, low) = uuid::Uuid::from_bytes((self.random)()).as_u64_pair();
        (id.to_string(), high ^ low.rotate_left(17))
    }

    /// Lets the runtime ask the host for a wake-up (see [`Scheduler`]).
    pub fn with_scheduler(mut self, scheduler: Scheduler) -> Self {
        self.scheduler = Some(scheduler);
        self
    }

    /// Marks the runtime as missing connectors (see [`Runtime::unavailable`]): `execute`,
    /// `approveExecution`, `rollbackExecution`, resuming and `wake` answer `error` until the host
    /// builds a runtime with every connector, so no run replays without the tools it used.
    pub fn with_unavailable_connectors(mut self, error: Error) -> Self {
        self.unavailable = Some(error);
        self
    }

    /// Why some connectors are missing, if they are.
    pub fn unavailable(&self) -> Option<&Error> {
        self.unavailable.as_ref()
    }

    fn check_connectors(&self) -> Result<()> {
        self.unavailable.clone().map_or(Ok(()), Err)
    }

    /// Replaces the limits and defaults.
    pub fn with_config(mut self, config: RuntimeConfig) -> Self {
        self.fingerprint = fingerprint(&config);
        self.config = config;
        self
    }

    /// What decides how this runtime replays a script: [`crate::FINGERPRINT`] (engine version,
    /// prelude, semantics version) and the engine limits that decide where a pass ends. Stored
    /// with each run.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    pub fn config(&self) -> &RuntimeConfig {
        &self.config
    }

    pub fn connectors(&self) -> &ConnectorSet {
        &self.connectors
    }

    fn now(&self) -> i64 {
        (self.clock)()
    }

    fn claim(&self, id: &str) -> Result<BusyGuard> {
        self.check_connectors()?;
        let mut busy = self.busy.borrow_mut();
        if busy.contains_key(id) {
            return Err(Error::Busy(id.to_string()));
        }
        busy.insert(id.to_string(), Rc::default());
        Ok(BusyGuard {
            id: id.to_string(),
            busy: self.busy.clone(),
        })
    }

    fn load(&self, id: &str) -> Result<ExecutionRecord> {
        self.store
            .load_execution(id)?
            .ok_or_else(|| Error::NotFound(format!("no execution has id `{id}`")))
    }

    fn requires_approval(&self, connector: &str, method: &str) -> bool {
        self.connectors
            .spec(connector, method)
            .is_some_and(|s| s.requires_approval)
    }

    fn is_busy(&self, id: &str) -> bool {
        self.busy.borrow().contains_key(id)
    }

    /// The signal that cancels the pass driving `id`, while one is.
    fn cancel_signal(&self, id: &str) -> Option<Rc<CancelSignal>> {
        self.busy.borrow().get(id).cloned()
    }
}

/// [`crate::FINGERPRINT`] with a hash of the engine limits of `config`.
fn fingerprint(config: &RuntimeConfig) -> String {
    let limits = format!("{:?}", config.sandbox);
    let hash = limits
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        });
    format!("{}-l{:08x}", crate::FINGERPRINT, hash >> 32)
}
