//! The async driver of one pass: it starts the sandbox, asks the pass machine
//! (`crate::run::pass`) what to do, does it (run the script's jobs, call connectors, append to
//! the journal, deliver outcomes), feeds back what happened, and saves what the pass decided.

use std::collections::{BTreeMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::Poll;

use serde_json::Value;

use crate::catalog;
use crate::connector::{CallContext, ConnectorSet};
use crate::error::{Result, RunCode};
use crate::journal::{JournalEntry, Outcome};
use crate::method::Method;
use crate::model::{ErrorInfo, ExecuteOutput, ExecutionStatus, Snippet};
use crate::options::{self, RunOptions};
use crate::run::lifecycle::{PassRecord, Shaped, Who};
use crate::run::pass::Deadline;
use crate::run::{CallBook, Effect, Finished, Pass, PassEnd, PassLimits, PassRules};
use crate::sandbox::{
    CallRequest, Output, Sandbox, SandboxConfig, SandboxLimits, SandboxServices, Settled,
};
use crate::store::ExecutionRecord;

use super::cancel::CancelSignal;
use super::progress::Told;
use super::{ProgressState, Runtime, UpgradePolicy, RESUME_AFTER_MS};

/// Calls of one run executing at once; more wait for a free place (in `seq` order).
const MAX_CALLS_IN_FLIGHT: usize = 16;

/// What a pass left: how it ended, its `store()` writes (applied only if it completed), its
/// calls and what the script printed.
struct Passed {
    end: PassEnd,
    writes: BTreeMap<String, Option<Value>>,
    calls: CallBook,
    output: Output,
    /// Who cancelled the pass, if it was cancelled.
    cancelled_by: Option<crate::journal::Decision>,
    /// The most heap the sandbox held (bytes beyond its baseline).
    peak_heap_bytes: u64,
}

impl Passed {
    /// A pass that ended before the script started.
    fn refused(error: ErrorInfo) -> Self {
        Self {
            end: PassEnd::Failed(error),
            writes: BTreeMap::new(),
            calls: CallBook::default(),
            output: Output::default(),
            cancelled_by: None,
            peak_heap_bytes: 0,
        }
    }
}

/// Why a pass runs; the change it stores is told as this cause's.
pub(super) enum Cause<'a> {
    /// `execute` started the run.
    Execute,
    /// `approveExecution` by `who` resumed it.
    Approve(&'a Who),
    /// The host's wake-up resumed it (interrupted, or a timer came due).
    Wake,
}

impl Runtime {
    /// One pass over the script: replays the journal, executes new calls, and saves the outcome.
    /// A failure that leaves the run `running` (the storage failed before the pass could record
    /// anything) is noted on the record, so the alarm's retries and a final `CRASHED` say why.
    pub(super) async fn drive(
        &self,
        record: ExecutionRecord,
        cause: Cause<'_>,
    ) -> Result<ExecuteOutput> {
        let id = record.state.id.clone();
        match self.drive_pass(record).await {
            Ok((output, status)) => {
                match cause {
                    Cause::Execute => self.announce(Method::Execute, &id, status),
                    Cause::Approve(who) => {
                        self.announce_decision(Method::ApproveExecution, &id, status, who)
                    }
                    Cause::Wake => self.announce_wake(&id, status),
                }
                Ok(output)
            }
            Err(error) => {
                self.note_failure(&id, &error);
                Err(error)
            }
        }
    }

    /// Best effort: the storage that just failed may fail again.
    fn note_failure(&self, id: &str, error: &crate::error::Error) {
        if let Ok(Some(mut record)) = self.store.load_execution(id) {
            if record.state.status == ExecutionStatus::Running {
                record.last_failure = Some(error.to_string());
                let _ = self.store.save_execution(&record);
            }
        }
    }

    /// One pass and what it stored: the answer and the run's status after it.
    async fn drive_pass(
        &self,
        mut record: ExecutionRecord,
    ) -> Result<(ExecuteOutput, ExecutionStatus)> {
        let started = self.now();
        // Mark the pass as started (durably) and ask to be woken in case it never finishes.
        record.begin_pass(&self.fingerprint);
        self.store.save_execution(&record)?;
        let approved_before = record.take_shown_pending();
        self.schedule(started + RESUME_AFTER_MS);
        let journal = self.store.journal(&record.state.id)?;
        let options = options::parse(&record.state.code);
        let run_options = options.clone().unwrap_or_default();
        let deadline = run_options.timeout_ms.map(|timeout_ms| Deadline {
            at: record.state.created_at.saturating_add(timeout_ms as i64),
            timeout_ms,
        });
        let passed = match self.refusal(&record, options.err(), &journal, deadline) {
            Some(error) => Passed::refused(error),
            None => {
                self.pass(&record, &journal, &approved_before, deadline, &run_options)
                    .await?
            }
        };
        let shaped = self.shaped(&passed.end).await;
        self.finish(record, passed, shaped, started, &run_options, &journal)
    }

    /// A completed run's result reshaped by the host's [`ResultTransform`], if it has one (a run
    /// that returned nothing has nothing to reshape).
    async fn shaped(&self, end: &PassEnd) -> Shaped {
        let transform = self.transform.as_ref()?;
        let PassEnd::Settled(Settled::Returned(Some(value))) = end else {
            return None;
        };
        transform(value.clone()).await
    }

    /// Why a pass must not start: the run was interrupted too often, its options are wrong, the
    /// sandbox that recorded it could replay it differently, or its deadline passed.
    fn refusal(
        &self,
        record: &ExecutionRecord,
        invalid_options: Option<ErrorInfo>,
        journal: &[JournalEntry],
        deadline: Option<Deadline>,
    ) -> Option<ErrorInfo> {
        let interrupted = record.interrupted_passes();
        if interrupted >= self.config.max_attempts {
            let seen = match &record.last_failure {
                Some(failure) => format!("the last one failed: {failure}"),
                None => "none recorded why (the object restarted, was evicted, or ran out of memory or CPU)".into(),
            };
            return Some(ErrorInfo::run(
                RunCode::Crashed,
                format!("{interrupted} passes over this run started and did not finish; {seen}. It is not resumed again"),
            ));
        }
        if invalid_options.is_some() {
            return invalid_options;
        }
        let upgraded = record.fingerprint != self.fingerprint && !journal.is_empty();
        if upgraded && self.config.on_upgrade == UpgradePolicy::Refuse {
            return Some(ErrorInfo::run(
                RunCode::ReplayIncompatible,
                format!(
                    "this run was recorded by sandbox {}; this runtime is {} and could replay it differently \
                     (CODEMODE_ON_UPGRADE is \"refuse\")",
                    record.fingerprint, self.fingerprint
                ),
            ));
        }
        Deadline::check(deadline, self.now())
    }

    /// Runs the pass machine over a fresh VM until it ends. Storage errors abort the pass (`Err`);
    /// everything the script or a connector did is in the [`Passed`].
    async fn pass(
        &self,
        record: &ExecutionRecord,
        journal: &[JournalEntry],
        approved_before: &[crate::model::PendingAction],
        deadline: Option<Deadline>,
        options: &RunOptions,
    ) -> Result<Passed> {
        let id = record.state.id.as_str();
        let config = self.sandbox_config(record, journal, options)?;
        let mut vm = match Sandbox::start(config) {
            Ok(vm) => vm,
            Err(error) => {
                return Ok(Passed {
                    peak_heap_bytes: Sandbox::peak_heap_bytes(),
                    ..Passed::refused(error)
                })
            }
        };
        let requires_approval =
            |connector: &str, method: &str| self.requires_approval(connector, method);
        let mut pass = Pass::new(PassRules {
            execution_id: id,
            journal,
            decisions: &record.decisions,
            approved_before,
            deadline,
            limits: self.pass_limits(),
            requires_approval: &requires_approval,
        });
        let mut in_flight = InFlight::default();
        let cancel = self.cancel_signal(id).unwrap_or_default();
        let mut cancelled_by = None;
        let mut told = Told::new(id, journal);
        let end = loop {
            if cancelled_by.is_none() {
                if let Some(decision) = cancel.decision(self.now()) {
                    // Abandon the calls under way (dropping their futures) and end the pass.
                    in_flight = InFlight::default();
                    pass.cancel();
                    cancelled_by = Some(decision);
                }
            }
            match pass.poll(self.now()) {
                Effect::RunScript => {
                    let timers = observe(&mut vm, &mut pass);
                    self.tell_timers_set(&told, &timers);
                    self.tell_console(&mut told, &vm);
                }
                Effect::Start { calls, started } => {
                    self.start_calls(id, &told, calls, started, &mut in_flight)
                }
                Effect::Append(entries) => self.append(id, &mut told, &mut pass, &entries),
                Effect::Deliver(entry) => {
                    if let Err(error) = vm.deliver(entry.seq, &entry.outcome, entry.at) {
                        pass.script_failed(error);
                    }
                }
                Effect::AwaitCall => match next_call(&mut in_flight, &cancel).await {
                    Some(Some(finished)) => {
                        pass.call_finished(finished, self.now());
                        // Those that finished with it are journaled with it, in one write.
                        for finished in in_flight.take_finished() {
                            pass.call_finished(finished, self.now());
                        }
                    }
                    Some(None) => pass.script_failed(ErrorInfo::run(
                        RunCode::Internal,
                        "awaited a call that never started",
                    )),
                    None => {}
                },
                Effect::Wait { until } => {
                    if let Some(finished) = self.wait(until, &mut in_flight, &cancel).await {
                        pass.call_finished(finished, self.now());
                    }
                }
                Effect::End(end) => {
                    self.tell_end(&told, &end, pass.calls());
                    break end;
                }
            }
        };
        Ok(passed(vm, pass, end, cancelled_by))
    }

    /// The limits of a pass: the runtime's, and no hold without a way to sleep.
    fn pass_limits(&self) -> PassLimits {
        PassLimits {
            max_result_bytes: self.config.max_result_bytes,
            max_journal_bytes: self.config.max_journal_bytes,
            max_in_flight: MAX_CALLS_IN_FLIGHT,
            hold_ms: if self.sleeper.is_some() {
                self.config.hold_ms
            } else {
                0
            },
        }
    }

    /// Tells that `calls` started and puts them under way.
    fn start_calls<'a>(
        &'a self,
        id: &'a str,
        told: &Told<'_>,
        calls: Vec<CallRequest>,
        started: i64,
        in_flight: &mut InFlight<'a>,
    ) {
        for request in &calls {
            self.tell(
                told,
                request.seq,
                &request.connector,
                &request.method,
                ProgressState::Started,
                None,
            );
        }
        for request in calls {
            in_flight.push(Box::pin(async move {
                let (outcome, usage) = self.execute_call(id, &request).await;
                Finished {
                    request,
                    outcome,
                    started,
                    usage,
                }
            }));
        }
    }

    /// Journals calls' outcomes (before the script sees them) and tells each written one; a
    /// failed write fails the pass.
    fn append(&self, id: &str, told: &mut Told<'_>, pass: &mut Pass<'_>, entries: &[JournalEntry]) {
        let written = match self.store.append_journal_batch(id, entries) {
            Ok(()) => entries,
            Err((seq, error)) => {
                pass.journal_failed(seq, &error.to_string());
                let failed_at = entries.iter().position(|e| e.seq == seq).unwrap_or(0);
                &entries[..failed_at]
            }
        };
        for entry in written {
            told.live = true;
            let state = match entry.outcome {
                Outcome::Ok(_) => ProgressState::Applied,
                Outcome::Err(_) => ProgressState::Error,
            };
            let took = Some(entry.at.saturating_sub(entry.started));
            self.tell(
                told,
                entry.seq,
                &entry.connector,
                &entry.method,
                state,
                took,
            );
        }
    }

    /// Waits until `until` (a timer due), a call finishing first, or a cancel; the call if one
    /// finished.
    async fn wait(
        &self,
        until: i64,
        in_flight: &mut InFlight<'_>,
        cancel: &CancelSignal,
    ) -> Option<Finished> {
        let ms = u64::try_from(until.saturating_sub(self.now())).unwrap_or(0);
        let sleep = match &self.sleeper {
            Some(sleeper) => sleeper(ms),
            None => Box::pin(std::future::pending()),
        };
        let call = async {
            match in_flight.next().await {
                Some(finished) => Some(finished),
                None => std::future::pending().await,
            }
        };
        futures_lite::future::or(
            call,
            futures_lite::future::or(
                async {
                    sleep.await;
                    None
                },
                async {
                    cancel.fired().await;
                    None
                },
            ),
        )
        .await
    }

    fn sandbox_config<'a>(
        &self,
        record: &'a ExecutionRecord,
        journal: &[JournalEntry],
        options: &RunOptions,
    ) -> Result<SandboxConfig<'a>> {
        let services = Rc::new(PassServices {
            connectors: self.connectors.clone(),
            snippets: self.store.snippets()?,
            images: self.store.clone(),
        });
        Ok(SandboxConfig {
            code: &record.state.code,
            seed: record.seed,
            start_ms: record.state.created_at,
            connectors: self
                .connectors
                .iter()
                .filter(|(c, _)| options.models || c.name() != crate::models::CONNECTOR_NAME)
                .map(|(c, tools)| {
                    (
                        c.name().to_string(),
                        tools.iter().map(|t| t.name.clone()).collect(),
                    )
                })
                .collect(),
            services,
            limits: self.limits_for(options),
            values: record.values.clone(),
            store_limits: self.config.store_limits,
            recorded: journal.iter().map(|e| e.seq).collect(),
            schemas: self.schemas.clone(),
        })
    }

    /// The sandbox's limits for a run: the runtime's, with the heap bound lowered by the run's
    /// `// @options` `max_heap_mb` if it asks (it cannot raise it).
    fn limits_for(&self, options: &RunOptions) -> SandboxLimits {
        let mut limits = self.config.sandbox;
        if let Some(mb) = options.max_heap_mb {
            let bytes = usize::try_from(mb.saturating_mul(1024 * 1024)).unwrap_or(usize::MAX);
            limits.max_heap_bytes = limits.max_heap_bytes.min(bytes);
        }
        limits
    }

    /// Runs one call on its connector: its outcome and what it used.
    async fn execute_call(
        &self,
        execution_id: &str,
        request: &CallRequest,
    ) -> (Outcome, Option<crate::model::Usage>) {
        let Some(connector) = self.connectors.connector(&request.connector) else {
            return (
                Outcome::Err(format!("no connector is named `{}`", request.connector)),
                None,
            );
        };
        if self
            .connectors
            .spec(&request.connector, &request.method)
            .is_none()
        {
            return (
                Outcome::Err(format!(
                    "{} has no method `{}`",
                    request.connector, request.method
                )),
                None,
            );
        }
        let ctx = CallContext {
            execution_id: execution_id.into(),
            seq: request.seq,
            method: request.method.clone(),
        };
        match connector.execute_metered(request.args.clone(), &ctx).await {
            Ok(metered) => (Outcome::Ok(metered.value), metered.usage),
            Err(error) => (Outcome::Err(error.0), None),
        }
    }

    /// Settles the record with what the pass decided and saves it (a completed run together with
    /// its `store()` writes, atomically), then schedules the next wake-up or prunes.
    fn finish(
        &self,
        mut record: ExecutionRecord,
        passed: Passed,
        shaped: Shaped,
        started: i64,
        options: &RunOptions,
        journal: &[JournalEntry],
    ) -> Result<(ExecuteOutput, ExecutionStatus)> {
        let Passed {
            end,
            writes,
            mut calls,
            output,
            cancelled_by,
            peak_heap_bytes,
        } = passed;
        if matches!(
            end,
            PassEnd::Failed(_) | PassEnd::Settled(Settled::Threw(_))
        ) {
            calls.keep_journaled(journal, |connector, method| {
                self.requires_approval(connector, method)
            });
        }
        let completed = matches!(end, PassEnd::Settled(Settled::Returned(_)));
        let output = self.keep_images(&record.state.id, output, completed)?;
        let now = self.now();
        let pass = PassRecord {
            calls: calls.into_sorted(),
            output,
            wall_ms: now.saturating_sub(started),
            max_output_tokens: options.max_output_tokens,
            cancelled_by,
            peak_heap_bytes,
            max_result_bytes: self.config.max_result_bytes,
            shaped,
        };
        let mut result = record.settle(end, pass, now);
        let saved = match record.state.status {
            ExecutionStatus::Completed => self.store.complete_execution(&record, &writes),
            _ => self.store.save_execution(&record),
        };
        if let Err(error) = saved {
            result = record.settle_unsaved(&error.to_string(), now);
            self.store.save_execution(&record)?;
        }
        if record.state.status.is_finished() {
            self.prune_after_run()?;
        } else if let Some(at) = self.next_wake_at()? {
            self.schedule(at);
        }
        // A run that now waits for a timer is still marked busy here, so `next_wake_at` skipped it.
        if let Some(at) = record.state.wake_at {
            self.schedule(at);
        }
        Ok((result, record.state.status))
    }
}

impl Runtime {
    /// The pass's `image()` items as the record keeps them: a completed run's literal images are
    /// stored now (`o<n>`), any other run's are dropped (its next pass makes them again), and
    /// every kept one gets its URL. Bytes never reach the record.
    fn keep_images(
        &self,
        execution_id: &str,
        mut output: Output,
        completed: bool,
    ) -> Result<Output> {
        use crate::images::{ImageRef, StoredImage};
        use crate::script::OutputImage;
        let mut kept = Vec::with_capacity(output.images.len());
        for (index, item) in std::mem::take(&mut output.images).into_iter().enumerate() {
            let image = match item {
                OutputImage::Stored { image, .. } => image,
                OutputImage::Bytes { .. } if !completed => continue,
                OutputImage::Bytes {
                    mime_type,
                    width,
                    height,
                    data,
                } => {
                    let suffix = format!("o{index}");
                    let image = ImageRef::new(
                        execution_id,
                        &suffix,
                        &mime_type,
                        (width, height),
                        data.len(),
                    );
                    self.store.save_image(&StoredImage {
                        image: image.clone(),
                        execution_id: execution_id.to_string(),
                        data,
                    })?;
                    image
                }
            };
            let url = format!("{}{}", self.config.image_base, image.id);
            kept.push(OutputImage::Stored { image, url });
        }
        output.images = kept;
        Ok(output)
    }
}

/// The next call to finish (`Some(None)`: none is running), unless the run is cancelled first
/// (`None`).
async fn next_call(
    in_flight: &mut InFlight<'_>,
    cancel: &CancelSignal,
) -> Option<Option<Finished>> {
    futures_lite::future::or(async { Some(in_flight.next().await) }, async {
        cancel.fired().await;
        None
    })
    .await
}

/// What a pass left once it ended. The `store()` writes are read once the script and its calls
/// are done; a write over the limits fails the run instead.
fn passed(
    mut vm: Sandbox,
    pass: Pass<'_>,
    end: PassEnd,
    cancelled_by: Option<crate::journal::Decision>,
) -> Passed {
    let (end, writes) = match end {
        PassEnd::Settled(settled) => match vm.writes() {
            Ok(writes) => (PassEnd::Settled(settled), writes),
            Err(error) => (PassEnd::Failed(error), BTreeMap::new()),
        },
        other => (other, BTreeMap::new()),
    };
    Passed {
        end,
        writes,
        calls: pass.into_calls(),
        output: vm.output(),
        cancelled_by,
        peak_heap_bytes: Sandbox::peak_heap_bytes(),
    }
}

/// Runs the script's queued jobs and tells the pass what it issued, which timers it cleared,
/// which steps finished and whether it settled. Returns the timers it set (`seq`, method).
fn observe(vm: &mut Sandbox, pass: &mut Pass<'_>) -> Vec<(u32, String)> {
    if let Err(error) = vm.run_jobs() {
        pass.script_failed(error);
        return Vec::new();
    }
    let mut timers = Vec::new();
    for request in vm.take_requests() {
        if crate::sandbox::timer_delay(&request).is_some() {
            timers.push((request.seq, request.method.clone()));
        }
        pass.call_issued(request);
        if pass.is_over() {
            return timers;
        }
    }
    for seq in vm.take_cleared() {
        pass.timer_cleared(seq);
    }
    for (seq, outcome) in vm.take_step_results() {
        pass.step_finished(seq, outcome);
    }
    match vm.settled() {
        Err(error) => pass.script_failed(error),
        Ok(Some(settled)) => pass.script_settled(settled),
        Ok(None) => {}
    }
    timers
}

/// Calls executing concurrently, handed back in the order they finish.
#[derive(Default)]
struct InFlight<'a> {
    running: Vec<Pin<Box<dyn Future<Output = Finished> + 'a>>>,
    /// Finished and not yet taken, in finishing order.
    done: VecDeque<Finished>,
}

impl<'a> InFlight<'a> {
    fn push(&mut self, call: Pin<Box<dyn Future<Output = Finished> + 'a>>) {
        self.running.push(call);
    }

    /// The calls seen finished by the last [`InFlight::next`] beside the one it answered.
    fn take_finished(&mut self) -> Vec<Finished> {
        self.done.drain(..).collect()
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
                    Poll::Ready(finished) => {
                        drop(self.running.remove(index));
                        self.done.push_back(finished);
                    }
                    Poll::Pending => index += 1,
                }
            }
            match self.done.pop_front() {
                Some(finished) => Poll::Ready(Some(finished)),
                None => Poll::Pending,
            }
        })
        .await
    }
}

/// The catalog, snippets and kept images as the sandbox sees them during one pass.
struct PassServices {
    connectors: Rc<ConnectorSet>,
    snippets: Vec<Snippet>,
    images: Rc<dyn crate::store::Store>,
}

impl SandboxServices for PassServices {
    fn search(&self, query: &str) -> Value {
        serde_json::to_value(catalog::search(
            &self.connectors,
            &self.snippets,
            query,
            catalog::SEARCH_LIMIT,
        ))
        .unwrap_or(Value::Null)
    }

    fn describe(&self, path: &str) -> std::result::Result<Value, String> {
        catalog::describe(&self.connectors, &self.snippets, path)
            .map_err(|e| e.to_string())
            .and_then(|d| serde_json::to_value(d).map_err(|e| e.to_string()))
    }

    fn snippet_code(&self, name: &str) -> Option<String> {
        self.snippets
            .iter()
            .find(|s| s.name == name)
            .map(|s| s.code.clone())
    }

    fn image(&self, id: &str) -> Option<crate::images::ImageRef> {
        let id = crate::images::valid_id(id).ok()?;
        self.images.image_ref(id).ok().flatten()
    }
}
