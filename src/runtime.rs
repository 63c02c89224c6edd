//! The service layer: the async loop that drives a run over a [`Store`] and the connectors, and
//! every method of the contract. No I/O of its own: storage, connectors and the clock come in.
//!
//! A pass over a script (see `design.md`, "The run loop"): start a VM, run its jobs, take the calls
//! it issued; while the journal has entries, deliver them in their recorded order (checking that
//! each replayed call is the one recorded at that `seq`); then execute new calls one at a time,
//! **journaling each outcome before delivering it**; pause when only calls awaiting approval
//! remain; end when the script's promise settles.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use serde_json::Value;

use crate::catalog;
use crate::connector::{CallContext, Connector, ConnectorSet, Reverted};
use crate::error::{run_codes, Error, Result};
use crate::journal::{Decision, JournalEntry, Outcome};
use crate::model::{
    CallRecord, CallState, Description, ErrorInfo, ExecuteOutput, ExecutionOutputText, ExecutionState,
    ExecutionStatus, PendingAction, RollbackFailure, RollbackOutcome, RollbackSkip, SearchResults, Snippet,
    ToolDescriptor,
};
use crate::options::{self, RunOptions};
use crate::report::{self, Ending, ReportInput};
use crate::sandbox::{
    CallRequest, Output, Sandbox, SandboxConfig, SandboxLimits, SandboxServices, Settled, StoreLimits,
};
use crate::store::{ExecutionRecord, Store};

/// Milliseconds since the epoch, from the host.
pub type Clock = Rc<dyn Fn() -> i64>;

/// Asks the host to call [`Runtime::wake`] at a time (a Durable Object alarm). Runs set it when a
/// pass starts, so a pass cut short by a crash or a restart is resumed.
pub type Scheduler = Rc<dyn Fn(i64)>;

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
    /// Finished runs kept (newest first); older ones and their journals are deleted.
    pub keep_finished: usize,
    /// A paused run older than this (since its last change) expires to `rejected`.
    pub paused_ttl_ms: i64,
    /// Passes a run may start without finishing (crashes, evictions) before it fails `CRASHED`.
    pub max_attempts: u32,
    /// Tokens of method declarations inlined in the `codemode` tool's description.
    pub inline_catalog_tokens: usize,
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
        }
    }
}

/// `connector` and `method` of `codemode.step` calls, which the VM runs itself.
const STEP: (&str, &str) = ("codemode", "step");

fn is_step(request: &CallRequest) -> bool {
    request.connector == STEP.0 && request.method == STEP.1
}

/// Records a journaled outcome in the pass's call list.
fn record_outcome(calls: &mut [CallRecord], entry: &JournalEntry) {
    // A pass records calls in the order the VM issued them, which is `seq` order (the linear
    // search is a fallback that never runs while that holds).
    let index = calls
        .binary_search_by_key(&entry.seq, |c| c.seq)
        .ok()
        .or_else(|| calls.iter().position(|c| c.seq == entry.seq));
    if let Some(call) = index.and_then(|i| calls.get_mut(i)) {
        call.duration_ms = Some(entry.at.saturating_sub(entry.started));
        match &entry.outcome {
            Outcome::Ok(value) => {
                call.state = CallState::Applied;
                call.result = Some(value.clone());
            }
            Outcome::Err(message) => {
                call.state = CallState::Error;
                call.error = Some(message.clone());
            }
        }
    }
}

/// Calls of one run executing at once; more wait for a free place (in `seq` order).
const MAX_CALLS_IN_FLIGHT: usize = 16;

/// The journal's next delivery position and its size so far.
struct Ledger {
    next_delivery: u32,
    bytes: usize,
}

/// A call that ran: what was asked, what came back, when it started.
struct Finished {
    request: CallRequest,
    outcome: Outcome,
    started: i64,
}

/// Calls executing concurrently, handed back in the order they finish.
#[derive(Default)]
struct InFlight<'a> {
    running: Vec<std::pin::Pin<Box<dyn std::future::Future<Output = Finished> + 'a>>>,
    /// Finished and not yet taken, in finishing order.
    done: std::collections::VecDeque<Finished>,
}

impl<'a> InFlight<'a> {
    fn push(&mut self, call: std::pin::Pin<Box<dyn std::future::Future<Output = Finished> + 'a>>) {
        self.running.push(call);
    }

    fn len(&self) -> usize {
        self.running.len() + self.done.len()
    }

    /// The next call to finish; `None` when none is running. Every running call is polled each
    /// time, so all of them are under way while the first is awaited.
    async fn next(&mut self) -> Option<Finished> {
        if self.running.is_empty() && self.done.is_empty() {
            return None;
        }
        std::future::poll_fn(|cx| {
            let mut index = 0;
            while index < self.running.len() {
                match self.running[index].as_mut().poll(cx) {
                    std::task::Poll::Ready(finished) => {
                        drop(self.running.remove(index));
                        self.done.push_back(finished);
                    }
                    std::task::Poll::Pending => index += 1,
                }
            }
            match self.done.pop_front() {
                Some(finished) => std::task::Poll::Ready(Some(finished)),
                None => std::task::Poll::Pending,
            }
        })
        .await
    }
}

/// One Code Mode runtime: a conversation's executions, approvals and snippets.
pub struct Runtime {
    store: Rc<dyn Store>,
    connectors: Rc<ConnectorSet>,
    clock: Clock,
    config: RuntimeConfig,
    /// Executions being driven right now; a second request for one of them gets `BUSY`.
    busy: Rc<RefCell<BTreeSet<String>>>,
    scheduler: Option<Scheduler>,
    /// The wake-up last asked for, so a later request never postpones an earlier one.
    scheduled_at: std::cell::Cell<Option<i64>>,
    /// Input schemas by `connector.method`, checked in the sandbox before a call is made.
    schemas: Rc<BTreeMap<String, Value>>,
    /// Set when configured connectors could not be reached: methods that run scripts or call
    /// tools fail with this error and change nothing; reads and rejections still work.
    unavailable: Option<Error>,
}

/// Marks an execution busy until dropped.
struct BusyGuard {
    id: String,
    busy: Rc<RefCell<BTreeSet<String>>>,
}

impl Drop for BusyGuard {
    fn drop(&mut self) {
        self.busy.borrow_mut().remove(&self.id);
    }
}

/// The catalog and snippets as the sandbox sees them during one pass.
struct PassServices {
    connectors: Rc<ConnectorSet>,
    snippets: Vec<Snippet>,
}

impl SandboxServices for PassServices {
    fn search(&self, query: &str) -> Value {
        serde_json::to_value(catalog::search(&self.connectors, &self.snippets, query, catalog::SEARCH_LIMIT))
            .unwrap_or(Value::Null)
    }

    fn describe(&self, path: &str) -> std::result::Result<Value, String> {
        catalog::describe(&self.connectors, &self.snippets, path)
            .map_err(|e| e.to_string())
            .and_then(|d| serde_json::to_value(d).map_err(|e| e.to_string()))
    }

    fn snippet_code(&self, name: &str) -> Option<String> {
        self.snippets.iter().find(|s| s.name == name).map(|s| s.code.clone())
    }
}

/// How a pass ended.
enum PassEnd {
    /// The script's promise settled; `writes` are its `store()` writes.
    Settled(Settled, BTreeMap<String, Option<Value>>),
    Paused(Vec<PendingAction>),
    Failed(ErrorInfo),
}

/// What a pass knows besides the record.
struct PassContext<'a> {
    journal: &'a [JournalEntry],
    /// The actions shown as pending before this pass (those approved must replay identically).
    approved_before: &'a [PendingAction],
    /// The run fails with `TIMEOUT` after this instant.
    deadline: Option<i64>,
    options: RunOptions,
}

impl Runtime {
    /// Builds a runtime. Fails if connector names are reserved, duplicated or not identifiers.
    pub fn new(store: Rc<dyn Store>, connectors: Vec<Box<dyn Connector>>, clock: Clock) -> Result<Self> {
        let connectors = ConnectorSet::new(connectors)?;
        let schemas = connectors
            .iter()
            .flat_map(|(c, tools)| tools.iter().map(move |t| (format!("{}.{}", c.name(), t.name), t.input_schema.clone())))
            .collect();
        Ok(Self {
            store,
            schemas: Rc::new(schemas),
            connectors: Rc::new(connectors),
            clock,
            config: RuntimeConfig::default(),
            busy: Rc::default(),
            scheduler: None,
            scheduled_at: std::cell::Cell::new(None),
            unavailable: None,
        })
    }

    /// Asks the host for a wake-up at `at_ms`, unless one at least as early is already asked for.
    pub fn schedule(&self, at_ms: i64) {
        let Some(scheduler) = &self.scheduler else { return };
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
        self.config = config;
        self
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
        if !self.busy.borrow_mut().insert(id.to_string()) {
            return Err(Error::Busy(id.to_string()));
        }
        Ok(BusyGuard { id: id.to_string(), busy: self.busy.clone() })
    }

    fn load(&self, id: &str) -> Result<ExecutionRecord> {
        self.store.load_execution(id)?.ok_or_else(|| Error::NotFound(format!("no execution has id `{id}`")))
    }

    // ---- methods of the contract ----

    /// `tool`: the model-facing descriptor.
    pub fn tool(&self) -> ToolDescriptor {
        catalog::tool_descriptor_within(&self.connectors, self.config.inline_catalog_tokens)
    }

    /// `execute`: runs a new script until it completes, fails or pauses.
    pub async fn execute(&self, code: &str) -> Result<ExecuteOutput> {
        self.check_connectors()?;
        let code: &str = &crate::fence::strip(code)?;
        if code.len() > self.config.max_code_bytes {
            return Err(Error::CodeTooLarge { size: code.len(), limit: self.config.max_code_bytes });
        }
        if code.trim().is_empty() {
            return Err(Error::BadRequest("code is empty".into()));
        }
        let now = self.now();
        let id = uuid::Uuid::new_v4().to_string();
        let (high, low) = uuid::Uuid::new_v4().as_u64_pair();
        let record = ExecutionRecord {
            state: ExecutionState {
                id: id.clone(),
                code: code.to_string(),
                status: ExecutionStatus::Running,
                calls: Vec::new(),
                result: None,
                error: None,
                report: None,
                created_at: now,
                updated_at: now,
                pending: Vec::new(),
            },
            seed: high ^ low.rotate_left(17),
            fingerprint: crate::FINGERPRINT.to_string(),
            decisions: BTreeMap::new(),
            output: Output::default(),
            full_output: String::new(),
            output_truncated: false,
            values: self.store.values()?,
            attempts: 0,
        };
        let _guard = self.claim(&id)?;
        self.store.save_execution(&record)?;
        self.drive(record).await
    }

    /// `approveExecution`: approves every pending action of a paused run and resumes it by replay.
    pub async fn approve_execution(&self, id: &str) -> Result<ExecuteOutput> {
        let _guard = self.claim(id)?;
        let mut record = self.load(id)?;
        if record.state.status != ExecutionStatus::Paused {
            return Err(Error::NotPaused { id: id.into(), status: record.state.status.to_string() });
        }
        for action in &record.state.pending {
            record.decisions.insert(action.seq, Decision::Approved);
        }
        record.state.status = ExecutionStatus::Running;
        record.state.updated_at = self.now();
        self.store.save_execution(&record)?;
        self.drive(record).await
    }

    /// `rejectExecution`: refuses one pending action; the run ends `rejected`, earlier calls stay.
    /// `false` if the run is not paused on that `seq`.
    pub fn reject_execution(&self, id: &str, seq: u32) -> Result<bool> {
        let mut record = self.load(id)?;
        if self.busy.borrow().contains(id)
            || record.state.status != ExecutionStatus::Paused
            || !record.state.pending.iter().any(|p| p.seq == seq)
        {
            return Ok(false);
        }
        record.decisions.insert(seq, Decision::Rejected);
        for call in &mut record.state.calls {
            if call.state == CallState::Pending {
                call.state = if call.seq == seq { CallState::Rejected } else { CallState::Cancelled };
            }
        }
        let state = &mut record.state;
        state.status = ExecutionStatus::Rejected;
        state.pending.clear();
        state.error = Some(ErrorInfo::new(run_codes::REJECTED, format!("call #{seq} was rejected")));
        let max_output_tokens = options::parse(&state.code).unwrap_or_default().max_output_tokens;
        let rendered = report::render(
            &Ending::Rejected { seq },
            &ReportInput { execution_id: id, wall_ms: 0, output: &record.output, calls: &state.calls, max_output_tokens },
        );
        state.report = Some(rendered.report);
        state.updated_at = self.now();
        self.store.save_execution(&record)?;
        Ok(true)
    }

    /// `rollbackExecution`: reverts applied calls, newest first. Methods without `revert` are
    /// skipped; failures are reported and the run keeps its status so it can be tried again.
    pub async fn rollback_execution(&self, id: &str) -> Result<RollbackOutcome> {
        let _guard = self.claim(id)?;
        let mut record = self.load(id)?;
        if !record.state.status.is_finished() {
            return Err(Error::InvalidState(format!(
                "execution {id} is {}; only a finished run can be rolled back (reject a paused one first)",
                record.state.status
            )));
        }
        let mut outcome = RollbackOutcome { reverted: 0, failed: Vec::new(), skipped: Vec::new() };
        if record.state.status == ExecutionStatus::RolledBack {
            return Ok(outcome);
        }
        let journal = self.store.journal(id)?;
        let mut order: Vec<&JournalEntry> = journal.iter().collect();
        order.sort_by(|a, b| b.delivery.cmp(&a.delivery));
        for entry in order {
            let Some(index) = record.state.calls.iter().position(|c| c.seq == entry.seq) else { continue };
            if record.state.calls[index].state != CallState::Applied {
                continue;
            }
            let Outcome::Ok(result) = &entry.outcome else { continue };
            let ctx = CallContext { execution_id: id.into(), seq: entry.seq, method: entry.method.clone() };
            let reverted = match self.connectors.connector(&entry.connector) {
                Some(connector) => connector.revert(&entry.args, result, &ctx).await,
                None => Err(crate::connector::ToolError::new(format!("connector `{}` is gone", entry.connector))),
            };
            match reverted {
                Ok(Reverted::Done) => {
                    outcome.reverted += 1;
                    record.state.calls[index].state = CallState::Reverted;
                    record.state.updated_at = self.now();
                    self.store.save_execution(&record)?;
                }
                Ok(Reverted::Unsupported) => outcome.skipped.push(RollbackSkip {
                    seq: entry.seq,
                    connector: entry.connector.clone(),
                    method: entry.method.clone(),
                }),
                Err(error) => outcome.failed.push(RollbackFailure {
                    seq: entry.seq,
                    connector: entry.connector.clone(),
                    method: entry.method.clone(),
                    error: error.0,
                }),
            }
        }
        if outcome.failed.is_empty() {
            record.state.status = ExecutionStatus::RolledBack;
            record.state.updated_at = self.now();
            let mut text = record.state.report.clone().unwrap_or_default();
            text.push_str(&report::rolled_back_line(outcome.reverted, outcome.skipped.len()));
            record.state.report = Some(text);
            self.store.save_execution(&record)?;
        }
        Ok(outcome)
    }

    /// Drives an interrupted run (status `running`, no pass in progress) again from its journal.
    /// Calls journaled before the interruption are not executed again; a call whose effect was
    /// done but whose result was not journaled runs again with the same `(execution_id, seq)`,
    /// which idempotent connectors use to do it once.
    pub async fn resume_execution(&self, id: &str) -> Result<ExecuteOutput> {
        let _guard = self.claim(id)?;
        let record = self.load(id)?;
        if record.state.status != ExecutionStatus::Running {
            return Err(Error::InvalidState(format!(
                "execution {id} is {}; only an interrupted (running) run is resumed",
                record.state.status
            )));
        }
        self.drive(record).await
    }

    /// The host's periodic work (a Durable Object alarm; firing twice is harmless): resumes
    /// interrupted runs and expires paused runs older than `paused_ttl_ms`.
    pub async fn wake(&self) -> Result<WakeReport> {
        self.check_connectors()?;
        let mut report = WakeReport::default();
        for record in self.store.running_executions()? {
            let id = record.state.id.clone();
            // The list can be stale by the time a run's turn comes (another request resumed or
            // finished it while an earlier one awaited a tool): skip those, keep going.
            match self.resume_execution(&id).await {
                Ok(_) => report.resumed.push(id),
                Err(Error::Busy(_) | Error::InvalidState(_) | Error::NotFound(_)) => {}
                Err(other) => return Err(other),
            }
        }
        let now = self.now();
        for mut record in self.store.paused_executions()? {
            if now.saturating_sub(record.state.updated_at) < self.config.paused_ttl_ms
                || self.busy.borrow().contains(&record.state.id)
            {
                continue;
            }
            let id = record.state.id.clone();
            let seqs: Vec<u32> = record.state.pending.iter().map(|p| p.seq).collect();
            for seq in &seqs {
                record.decisions.insert(*seq, Decision::Rejected);
            }
            for call in record.state.calls.iter_mut().filter(|c| c.state == CallState::Pending) {
                call.state = CallState::Rejected;
            }
            record.state.status = ExecutionStatus::Rejected;
            record.state.pending.clear();
            record.state.error = Some(ErrorInfo::new(
                run_codes::EXPIRED,
                format!("no one approved or rejected it within {} ms", self.config.paused_ttl_ms),
            ));
            let mut text = record.state.report.clone().unwrap_or_default();
            text.push_str("Expired: the pending action was not approved in time; the run ended as rejected.\n");
            record.state.report = Some(text);
            record.state.updated_at = now;
            self.store.save_execution(&record)?;
            report.expired.push(id);
        }
        self.prune()?;
        Ok(report)
    }

    /// When [`Runtime::wake`] has work next: now for interrupted runs, else when the oldest paused
    /// run expires.
    pub fn next_wake_at(&self) -> Result<Option<i64>> {
        let now = self.now();
        let busy = self.busy.borrow();
        if self.store.running_ids()?.iter().any(|id| !busy.contains(id)) {
            return Ok(Some(now));
        }
        // The earliest expiry is the oldest update plus the TTL (adding a constant keeps order).
        Ok(self.store.oldest_paused_update()?.map(|at| at.saturating_add(self.config.paused_ttl_ms)))
    }

    /// Deletes finished runs beyond `keep_finished`.
    fn prune(&self) -> Result<()> {
        for id in self.store.finished_beyond(self.config.keep_finished)? {
            if !self.busy.borrow().contains(&id) {
                self.store.delete_execution(&id)?;
            }
        }
        Ok(())
    }

    /// `executionHistory`: newest first.
    pub fn execution_history(&self, limit: Option<usize>) -> Result<Vec<ExecutionState>> {
        let limit = limit.unwrap_or(self.config.default_history);
        Ok(self.store.recent_executions(limit)?.into_iter().map(|r| r.state).collect())
    }

    /// `execution`.
    pub fn execution(&self, id: &str) -> Result<ExecutionState> {
        Ok(self.load(id)?.state)
    }

    /// `executionOutput`: the run's whole output, before the report cut it to `max_output_tokens`.
    pub fn execution_output(&self, id: &str) -> Result<ExecutionOutputText> {
        let record = self.load(id)?;
        Ok(ExecutionOutputText { execution_id: record.state.id, text: record.full_output, truncated: record.output_truncated })
    }

    /// `pendingApprovals`: of one run, or of every paused run.
    pub fn pending_approvals(&self, id: Option<&str>) -> Result<Vec<PendingAction>> {
        match id {
            Some(id) => Ok(self.load(id)?.state.pending),
            None => Ok(self.store.paused_executions()?.into_iter().flat_map(|r| r.state.pending).collect()),
        }
    }

    /// `saveSnippet`: only from a completed run.
    pub fn save_snippet(&self, name: &str, description: &str, execution_id: &str) -> Result<Snippet> {
        self.check_snippet_name(name)?;
        let record = self.load(execution_id)?;
        if record.state.status != ExecutionStatus::Completed {
            return Err(Error::NotCompleted { id: execution_id.into(), status: record.state.status.to_string() });
        }
        let connectors: BTreeSet<String> = record.state.calls.iter().map(|c| c.connector.clone()).collect();
        let snippet = Snippet {
            name: name.into(),
            description: description.into(),
            code: record.state.code,
            saved_at: self.now(),
            connectors: connectors.into_iter().collect(),
        };
        self.store.save_snippet(&snippet)?;
        Ok(snippet)
    }

    fn check_snippet_name(&self, name: &str) -> Result<()> {
        let max = self.config.max_snippet_name;
        if name.is_empty() || name.len() > max {
            return Err(Error::InvalidName(format!("a snippet name has 1 to {max} characters")));
        }
        if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            return Err(Error::InvalidName(format!(
                "snippet name `{name}` may use only letters, digits, `_` and `-`"
            )));
        }
        if self.connectors.connector(name).is_some() {
            return Err(Error::InvalidName(format!("`{name}` is a connector's name")));
        }
        Ok(())
    }

    /// `snippets`: by name.
    pub fn snippets(&self) -> Result<Vec<Snippet>> {
        self.store.snippets()
    }

    /// `deleteSnippet`: `true` if it existed.
    pub fn delete_snippet(&self, name: &str) -> Result<bool> {
        self.store.delete_snippet(name)
    }

    /// `search`.
    pub fn search(&self, query: &str) -> Result<SearchResults> {
        Ok(catalog::search(&self.connectors, &self.store.snippets()?, query, catalog::SEARCH_LIMIT))
    }

    /// `describe`.
    pub fn describe(&self, path: &str) -> Result<Description> {
        catalog::describe(&self.connectors, &self.store.snippets()?, path)
    }

    // ---- the run loop ----

    fn requires_approval(&self, connector: &str, method: &str) -> bool {
        self.connectors.spec(connector, method).is_some_and(|s| s.requires_approval)
    }

    /// One pass over the script: replays the journal, executes new calls, and saves the outcome.
    async fn drive(&self, mut record: ExecutionRecord) -> Result<ExecuteOutput> {
        let started = self.now();
        let id = record.state.id.clone();
        // Mark the pass as started (durably) and ask to be woken in case it never finishes.
        record.attempts += 1;
        record.state.status = ExecutionStatus::Running;
        self.store.save_execution(&record)?;
        self.schedule(started + RESUME_AFTER_MS);
        let interrupted = record.attempts > self.config.max_attempts;
        let journal = self.store.journal(&id)?;
        let approved_before = std::mem::take(&mut record.state.pending);
        let mut calls: Vec<CallRecord> = Vec::new();
        let mut output = Output::default();
        let options = options::parse(&record.state.code);
        let run_options = options.clone().unwrap_or_default();
        let deadline = run_options.timeout_ms.map(|t| record.state.created_at.saturating_add(t as i64));

        let end = if interrupted {
            PassEnd::Failed(ErrorInfo::new(
                run_codes::CRASHED,
                format!(
                    "the run was interrupted {} times while running (a crash, a restart, or the host's memory \
                     limit); it is not resumed again",
                    record.attempts - 1
                ),
            ))
        } else if let Err(error) = options {
            PassEnd::Failed(error)
        } else if record.fingerprint != crate::FINGERPRINT && !journal.is_empty() {
            PassEnd::Failed(ErrorInfo::new(
                run_codes::REPLAY_INCOMPATIBLE,
                format!(
                    "this run was recorded by sandbox {}; this runtime is {} and could replay it differently",
                    record.fingerprint,
                    crate::FINGERPRINT
                ),
            ))
        } else if let Some(error) = self.timed_out(deadline, &run_options) {
            PassEnd::Failed(error)
        } else {
            let services = Rc::new(PassServices { connectors: self.connectors.clone(), snippets: self.store.snippets()? });
            let config = SandboxConfig {
                code: &record.state.code,
                seed: record.seed,
                start_ms: record.state.created_at,
                connectors: self
                    .connectors
                    .iter()
                    .map(|(c, tools)| (c.name().to_string(), tools.iter().map(|t| t.name.clone()).collect()))
                    .collect(),
                services,
                limits: self.config.sandbox,
                values: record.values.clone(),
                store_limits: self.config.store_limits,
                recorded: journal.iter().map(|e| e.seq).collect(),
                schemas: self.schemas.clone(),
            };
            match Sandbox::start(config) {
                Err(error) => PassEnd::Failed(error),
                Ok(mut vm) => {
                    let context =
                        PassContext { journal: &journal, approved_before: &approved_before, deadline, options: run_options };
                    let end = self.pass(&mut vm, &record, &context, &mut calls).await?;
                    output = vm.output();
                    end
                }
            }
        };
        self.finish(record, end, calls, output, started, &run_options, &journal)
    }

    /// `Some(TIMEOUT)` once the run's deadline has passed.
    fn timed_out(&self, deadline: Option<i64>, options: &RunOptions) -> Option<ErrorInfo> {
        let deadline = deadline?;
        let now = self.now();
        (now > deadline).then(|| {
            ErrorInfo::new(
                run_codes::TIMEOUT,
                format!(
                    "the run's timeout_ms of {} passed {} ms ago",
                    options.timeout_ms.unwrap_or_default(),
                    now.saturating_sub(deadline)
                ),
            )
        })
    }

    /// The loop of one pass. Storage errors abort it (`Err`); script outcomes are a [`PassEnd`].
    async fn pass(
        &self,
        vm: &mut Sandbox,
        record: &ExecutionRecord,
        context: &PassContext<'_>,
        calls: &mut Vec<CallRecord>,
    ) -> Result<PassEnd> {
        let id = &record.state.id;
        let journal = context.journal;
        let by_seq: BTreeMap<u32, &JournalEntry> = journal.iter().map(|e| (e.seq, e)).collect();
        let mut replay = journal.iter();
        let mut next_replayed = replay.next();
        let mut ledger = Ledger { next_delivery: journal.len() as u32, bytes: journal.iter().map(entry_size).sum() };
        // Calls started and not yet journaled.
        let mut in_flight = InFlight::default();
        // Issued but not yet delivered, by seq.
        let mut waiting: BTreeMap<u32, CallRequest> = BTreeMap::new();
        // Values of `codemode.step` functions that finished, not yet journaled.
        let mut steps_done: BTreeMap<u32, Outcome> = BTreeMap::new();

        let end = 'pass: loop {
            if let Err(error) = vm.run_jobs() {
                break 'pass PassEnd::Failed(error);
            }
            for request in vm.take_requests() {
                if let Some(entry) = by_seq.get(&request.seq) {
                    if !entry.matches(&request.connector, &request.method, &request.args) {
                        break 'pass PassEnd::Failed(diverged(request.seq, entry, &request));
                    }
                }
                calls.push(CallRecord {
                    seq: request.seq,
                    connector: request.connector.clone(),
                    method: request.method.clone(),
                    args: request.args.clone(),
                    state: CallState::Pending,
                    result: None,
                    error: None,
                    requires_approval: self.requires_approval(&request.connector, &request.method),
                    duration_ms: None,
                });
                waiting.insert(request.seq, request);
            }
            steps_done.extend(vm.take_step_results());
            match vm.settled() {
                Err(error) => break 'pass PassEnd::Failed(error),
                Ok(Some(settled)) => {
                    // Every call the script made runs, even one it no longer waits for (as a call
                    // in JavaScript would): journaled ones are delivered, running ones finish, the
                    // rest start now. Calls awaiting approval are cancelled.
                    while let Some(entry) = next_replayed.filter(|e| waiting.contains_key(&e.seq)) {
                        waiting.remove(&entry.seq);
                        if let Some(error) = self.deliver(vm, calls, entry)? {
                            break 'pass PassEnd::Failed(error);
                        }
                        next_replayed = replay.next();
                    }
                    if next_replayed.is_none() {
                        loop {
                            if let Some(error) = self.start_calls(id, record, context, &mut waiting, &mut in_flight, &ledger)? {
                                break 'pass PassEnd::Failed(error);
                            }
                            let Some(finished) = in_flight.next().await else { break };
                            if let Some(error) = self.journal_and_deliver(vm, calls, id, &mut ledger, finished)? {
                                break 'pass PassEnd::Failed(error);
                            }
                        }
                    }
                    for call in calls.iter_mut().filter(|c| c.state == CallState::Pending) {
                        call.state = CallState::Cancelled;
                    }
                    if let Some(entry) = next_replayed {
                        break 'pass PassEnd::Failed(ErrorInfo::new(
                            run_codes::REPLAY_DIVERGED,
                            format!(
                                "replay ended before call #{} ({}.{}) that the journal recorded",
                                entry.seq, entry.connector, entry.method
                            ),
                        ));
                    }
                    match vm.writes() {
                        Ok(writes) => break 'pass PassEnd::Settled(settled, writes),
                        Err(error) => break 'pass PassEnd::Failed(error),
                    }
                }
                Ok(None) => {}
            }

            // Replay: deliver journaled outcomes in their recorded order.
            if let Some(entry) = next_replayed {
                if waiting.remove(&entry.seq).is_none() {
                    break 'pass PassEnd::Failed(ErrorInfo::new(
                        run_codes::REPLAY_DIVERGED,
                        format!(
                            "the journal delivered call #{} ({}.{}) next, but on replay the script has not issued it",
                            entry.seq, entry.connector, entry.method
                        ),
                    ));
                }
                if let Some(error) = self.deliver(vm, calls, entry)? {
                    break 'pass PassEnd::Failed(error);
                }
                next_replayed = replay.next();
                continue;
            }

            // Live: journal a finished step first. Otherwise start every call that may run — they
            // run concurrently, as a script's `Promise.all` means — and journal, then deliver,
            // whichever finishes first.
            if let Some((seq, outcome)) = steps_done.pop_first() {
                let request = waiting.remove(&seq).ok_or_else(|| Error::Internal("lost a step".into()))?;
                let outcome = self.within_step_limits(outcome, &ledger);
                let finished = Finished { request, outcome, started: self.now() };
                if let Some(error) = self.journal_and_deliver(vm, calls, id, &mut ledger, finished)? {
                    break 'pass PassEnd::Failed(error);
                }
                continue;
            }
            if let Some(error) = self.start_calls(id, record, context, &mut waiting, &mut in_flight, &ledger)? {
                break 'pass PassEnd::Failed(error);
            }
            if let Some(finished) = in_flight.next().await {
                if let Some(error) = self.journal_and_deliver(vm, calls, id, &mut ledger, finished)? {
                    break 'pass PassEnd::Failed(error);
                }
                continue;
            }

            let awaiting_approval: Vec<PendingAction> = waiting
                .values()
                .filter(|r| !is_step(r))
                .map(|r| PendingAction {
                    execution_id: id.clone(),
                    seq: r.seq,
                    connector: r.connector.clone(),
                    method: r.method.clone(),
                    args: r.args.clone(),
                })
                .collect();
            if awaiting_approval.is_empty() {
                break 'pass PassEnd::Failed(ErrorInfo::new(
                    run_codes::STALLED,
                    "the script is waiting on a promise that nothing can settle (there are no timers or events)",
                ));
            }
            break 'pass PassEnd::Paused(awaiting_approval);
        };
        // A pass that fails with calls under way waits for them and journals them (their effects
        // happened), so the run's record, report and rollback know about them.
        while let Some(finished) = in_flight.next().await {
            let entry = self.journal(id, &mut ledger, finished)?;
            record_outcome(calls, &entry);
        }
        Ok(end)
    }

    /// Starts the calls that may run (no approval needed, or approved), lowest `seq` first, while
    /// fewer than [`MAX_CALLS_IN_FLIGHT`] run. An error ends the pass (deadline passed, a call
    /// that was never approved).
    fn start_calls<'a>(
        &'a self,
        id: &'a str,
        record: &ExecutionRecord,
        context: &PassContext<'_>,
        waiting: &mut BTreeMap<u32, CallRequest>,
        in_flight: &mut InFlight<'a>,
        ledger: &Ledger,
    ) -> Result<Option<ErrorInfo>> {
        let startable: Vec<u32> = waiting
            .values()
            .filter(|r| {
                !is_step(r)
                    && (!self.requires_approval(&r.connector, &r.method)
                        || record.decisions.get(&r.seq) == Some(&Decision::Approved))
            })
            .map(|r| r.seq)
            .take(MAX_CALLS_IN_FLIGHT.saturating_sub(in_flight.len()))
            .collect();
        for seq in startable {
            let request = waiting.remove(&seq).ok_or_else(|| Error::Internal("lost a call".into()))?;
            if let Some(error) = self.timed_out(context.deadline, &context.options) {
                return Ok(Some(error));
            }
            if let Some(error) = check_approved(seq, &request, record, context.approved_before) {
                return Ok(Some(error));
            }
            let started = self.now();
            if self.journal_full(ledger) {
                let outcome = Outcome::Err(format!(
                    "{}.{}: this run's journal is full ({} bytes); no more calls can run",
                    request.connector, request.method, self.config.max_journal_bytes
                ));
                in_flight.push(Box::pin(std::future::ready(Finished { request, outcome, started })));
            } else {
                in_flight.push(Box::pin(async move {
                    let outcome = self.execute_call(id, &request).await;
                    Finished { request, outcome, started }
                }));
            }
        }
        Ok(None)
    }

    /// Journals a finished call.
    fn journal(&self, id: &str, ledger: &mut Ledger, finished: Finished) -> Result<JournalEntry> {
        let Finished { request, outcome, started } = finished;
        let entry = JournalEntry {
            seq: request.seq,
            connector: request.connector,
            method: request.method,
            args: request.args,
            outcome,
            started,
            at: self.now(),
            delivery: ledger.next_delivery,
        };
        ledger.next_delivery += 1;
        ledger.bytes += entry_size(&entry);
        self.store.append_journal(id, &entry)?;
        Ok(entry)
    }

    /// Journals a finished call, then delivers it (journal before delivery: the script never
    /// sees an outcome a crash could lose). `Some` is an error that ends the pass.
    fn journal_and_deliver(
        &self,
        vm: &mut Sandbox,
        calls: &mut [CallRecord],
        id: &str,
        ledger: &mut Ledger,
        finished: Finished,
    ) -> Result<Option<ErrorInfo>> {
        let entry = self.journal(id, ledger, finished)?;
        self.deliver(vm, calls, &entry)
    }

    /// Hands an outcome to the script. `Some` is an engine error raised while settling its
    /// promise (a limit hit in a `then` getter the script defined): it ends the pass.
    fn deliver(&self, vm: &mut Sandbox, calls: &mut [CallRecord], entry: &JournalEntry) -> Result<Option<ErrorInfo>> {
        record_outcome(calls, entry);
        Ok(vm.deliver(entry.seq, &entry.outcome, entry.at).err())
    }

    /// A step's value, or an error if it is larger than a tool result may be or the journal is
    /// full: step values are journaled like results and must obey the same limits.
    fn within_step_limits(&self, outcome: Outcome, ledger: &Ledger) -> Outcome {
        let Outcome::Ok(value) = &outcome else { return outcome };
        if self.journal_full(ledger) {
            return Outcome::Err(format!(
                "codemode.step: this run's journal is full ({} bytes); the value cannot be kept",
                self.config.max_journal_bytes
            ));
        }
        if let Some(size) = self.oversized(value) {
            return Outcome::Err(format!(
                "codemode.step: the value is {size} bytes of JSON; the limit is {}",
                self.config.max_result_bytes
            ));
        }
        outcome
    }

    fn journal_full(&self, ledger: &Ledger) -> bool {
        ledger.bytes >= self.config.max_journal_bytes
    }

    /// The JSON size of a tool result or step value that is over `max_result_bytes`.
    fn oversized(&self, value: &Value) -> Option<usize> {
        let size = json_len(value);
        (size > self.config.max_result_bytes).then_some(size)
    }

    async fn execute_call(&self, execution_id: &str, request: &CallRequest) -> Outcome {
        let Some(connector) = self.connectors.connector(&request.connector) else {
            return Outcome::Err(format!("no connector is named `{}`", request.connector));
        };
        if self.connectors.spec(&request.connector, &request.method).is_none() {
            return Outcome::Err(format!("{} has no method `{}`", request.connector, request.method));
        }
        let ctx = CallContext { execution_id: execution_id.into(), seq: request.seq, method: request.method.clone() };
        match connector.execute(request.args.clone(), &ctx).await {
            Ok(value) => {
                if let Some(size) = self.oversized(&value) {
                    return Outcome::Err(format!(
                        "{}.{}: the result is {size} bytes of JSON; the limit is {}",
                        request.connector, request.method, self.config.max_result_bytes
                    ));
                }
                Outcome::Ok(value)
            }
            Err(error) => Outcome::Err(error.0),
        }
    }

    /// Saves the pass's outcome and turns it into the `ExecuteOutput`. A completed run's `store()`
    /// writes are applied here, and only here.
    fn finish(
        &self,
        mut record: ExecutionRecord,
        end: PassEnd,
        mut calls: Vec<CallRecord>,
        output: Output,
        started: i64,
        options: &RunOptions,
        journal: &[JournalEntry],
    ) -> Result<ExecuteOutput> {
        if matches!(end, PassEnd::Failed(_) | PassEnd::Settled(Settled::Threw(_), _)) {
            self.keep_journaled_calls(&mut calls, journal);
        }
        calls.sort_by_key(|c| c.seq);
        let now = self.now();
        let id = record.state.id.clone();
        let input = ReportInput {
            execution_id: &id,
            wall_ms: now.saturating_sub(started),
            output: &output,
            calls: &calls,
            max_output_tokens: options.max_output_tokens,
        };
        let state = &mut record.state;
        state.updated_at = now;
        let mut completed_writes = None;
        let (rendered, result) = match end {
            PassEnd::Settled(Settled::Returned(value), writes) => {
                completed_writes = Some(writes);
                state.status = ExecutionStatus::Completed;
                let rendered = report::render(&Ending::Completed { result: value.as_ref() }, &input);
                state.result = value.clone();
                let output = ExecuteOutput::Completed {
                    execution_id: id.clone(),
                    result: value.unwrap_or(Value::Null),
                    calls: calls.clone(),
                    report: rendered.report.clone(),
                };
                (rendered, output)
            }
            PassEnd::Settled(Settled::Threw(error), _) | PassEnd::Failed(error) => {
                state.status = ExecutionStatus::Error;
                let rendered = report::render(&Ending::Failed { error: &error }, &input);
                state.error = Some(error.clone());
                let output = ExecuteOutput::Error {
                    execution_id: id.clone(),
                    error,
                    calls: calls.clone(),
                    report: rendered.report.clone(),
                };
                (rendered, output)
            }
            PassEnd::Paused(pending) => {
                state.status = ExecutionStatus::Paused;
                let rendered = report::render(&Ending::Paused { pending: &pending }, &input);
                state.pending = pending.clone();
                let output = ExecuteOutput::Paused {
                    execution_id: id.clone(),
                    pending,
                    calls: calls.clone(),
                    report: rendered.report.clone(),
                };
                (rendered, output)
            }
        };
        state.report = Some(rendered.report);
        record.full_output = rendered.full_output;
        record.output_truncated = rendered.truncated;
        record.state.calls = calls;
        record.output = output;
        record.attempts = 0;
        match &completed_writes {
            Some(writes) => self.store.complete_execution(&record, writes)?,
            None => self.store.save_execution(&record)?,
        }
        if record.state.status.is_finished() {
            self.prune()?;
        } else if let Some(at) = self.next_wake_at()? {
            self.schedule(at);
        }
        Ok(result)
    }
}

impl Runtime {
    /// A failed pass may stop before it replays every journaled call (a divergence, an
    /// incompatible sandbox): the calls that ran stay on record so the report lists them and a
    /// rollback can undo them; calls still waiting are cancelled.
    fn keep_journaled_calls(&self, calls: &mut Vec<CallRecord>, journal: &[JournalEntry]) {
        for call in calls.iter_mut().filter(|c| c.state == CallState::Pending) {
            call.state = CallState::Cancelled;
        }
        for entry in journal {
            if calls.iter().any(|c| c.seq == entry.seq) {
                continue;
            }
            let (state, result, error) = match &entry.outcome {
                Outcome::Ok(value) => (CallState::Applied, Some(value.clone()), None),
                Outcome::Err(message) => (CallState::Error, None, Some(message.clone())),
            };
            calls.push(CallRecord {
                seq: entry.seq,
                connector: entry.connector.clone(),
                method: entry.method.clone(),
                args: entry.args.clone(),
                state,
                result,
                error,
                requires_approval: self.requires_approval(&entry.connector, &entry.method),
                duration_ms: Some(entry.at.saturating_sub(entry.started)),
            });
        }
    }
}

/// For a call that was approved: `Some(REPLAY_DIVERGED)` unless it is exactly the action shown.
fn check_approved(
    seq: u32,
    request: &CallRequest,
    record: &ExecutionRecord,
    approved_before: &[PendingAction],
) -> Option<ErrorInfo> {
    if record.decisions.get(&seq) != Some(&Decision::Approved) {
        return None;
    }
    let shown = approved_before.iter().find(|p| p.seq == seq);
    let same = shown.is_some_and(|p| {
        p.connector == request.connector && p.method == request.method && p.args == request.args
    });
    (!same).then(|| {
        ErrorInfo::new(
            run_codes::REPLAY_DIVERGED,
            format!(
                "call #{seq} on replay is {}, not the action that was approved",
                report::call_label(&request.connector, &request.method, &request.args)
            ),
        )
    })
}

/// Bytes a journal entry takes (its JSON).
fn entry_size(entry: &JournalEntry) -> usize {
    json_len(entry)
}

/// Bytes of `value`'s JSON, counted as it is written rather than built.
fn json_len<T: serde::Serialize + ?Sized>(value: &T) -> usize {
    /// A writer that only counts bytes.
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    serde_json::to_writer(&mut count, value).map_or(0, |()| count.0)
}

fn diverged(seq: u32, entry: &JournalEntry, request: &CallRequest) -> ErrorInfo {
    ErrorInfo::new(
        run_codes::REPLAY_DIVERGED,
        format!(
            "replay diverged at call #{seq}: the journal recorded {} but the script now calls {}",
            report::call_label(&entry.connector, &entry.method, &entry.args),
            report::call_label(&request.connector, &request.method, &request.args)
        ),
    )
}
