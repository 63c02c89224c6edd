//! One pass over a script, as a synchronous state machine (the sans-IO style of quinn-proto and
//! restate's shared core): it never touches the VM, a connector or the store. Time comes in as
//! an argument.
//!
//! The driver calls [`Pass::poll`] and carries out the [`Effect`] it returns; what happened comes
//! back as events: [`Pass::call_issued`], [`Pass::step_finished`], [`Pass::script_settled`] and
//! [`Pass::script_failed`] after the script ran; [`Pass::call_finished`] when a started call
//! ends. The pass moves through [`Phase`]s:
//!
//! 1. **Replaying**: the journal's outcomes are delivered in their recorded order, one at a time
//!    with the script's jobs run between them; each replayed call must be the one recorded at its
//!    `seq` ([`Divergence`] otherwise).
//! 2. **Live**: past the journal. A finished `codemode.step` is journaled first; otherwise every
//!    call that may run is started (up to [`PassLimits::max_in_flight`]) and whichever finishes
//!    first is journaled, then delivered. With nothing running, calls awaiting approval pause the
//!    pass; with none either, the script is stalled.
//! 3. **Draining**: the script settled. Calls it issued and no longer awaits still run, as a call
//!    in JavaScript would; calls awaiting approval are cancelled.
//! 4. **Closing**: the pass is decided; calls under way are waited for and journaled (their
//!    effects happened), not delivered.
//!
//! Timers (`codemode.setTimeout`/`setInterval` calls, see [`crate::script::timer_delay`]) are
//! calls that no connector runs: one is due `delayMs` after the virtual time it was issued at,
//! and fires when it is due by being journaled at that time (so a replay fires it in the same
//! order at the same virtual time, without waiting). While live, a due timer fires once the calls
//! the script issued have started, before a running call is waited for; the pass waits for the
//! next one up to [`PassLimits::hold_ms`]; further off, it ends [`PassEnd::Waiting`]. Timers
//! pending when the script settles never fire.

use std::collections::{BTreeMap, VecDeque};

use crate::error::RunCode;
use crate::journal::{Decision, JournalEntry, Outcome};
use crate::model::{ErrorInfo, PendingAction};
use crate::run::calls::CallBook;
use crate::run::divergence::Divergence;
use crate::run::ledger::{Ledger, PassLimits};
use crate::script::{timer_delay, CallRequest, Settled};

/// `connector` and `method` of `codemode.step` calls, which the VM runs itself.
pub const STEP: (&str, &str) = ("codemode", "step");

fn is_step(request: &CallRequest) -> bool {
    request.connector == STEP.0 && request.method == STEP.1
}

/// A call that ran: what was asked, what came back, when it started.
#[derive(Debug, Clone, PartialEq)]
pub struct Finished {
    pub request: CallRequest,
    pub outcome: Outcome,
    pub started: i64,
    /// What the call used, when its connector said (a model call).
    pub usage: Option<crate::model::Usage>,
}

/// How a pass ended.
#[derive(Debug, Clone, PartialEq)]
pub enum PassEnd {
    /// The script's promise settled (and every call it issued that could run, ran).
    Settled(Settled),
    /// Only calls awaiting approval are left.
    Paused(Vec<PendingAction>),
    /// The run fails with this error.
    Failed(ErrorInfo),
    /// `cancelExecution` stopped it; `aborted` are the calls that were running then (their
    /// effects may have happened).
    Cancelled { aborted: Vec<u32> },
    /// Only timers are left and the next is due later than the pass holds: the run resumes by
    /// replay at `wake_at`.
    Waiting { wake_at: i64 },
}

/// What the driver does next.
// One effect is alive at a time (a few queued): boxing the delivered entry would save nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Run the script's queued jobs, then report what it issued, which steps finished and whether
    /// it settled (or the engine error that stopped it).
    RunScript,
    /// Execute these calls, concurrently; report each with [`Pass::call_finished`].
    Start {
        calls: Vec<CallRequest>,
        started: i64,
    },
    /// Append these entries to the journal, in order and durably, before anything else happens:
    /// the script never sees an outcome a crash could lose. Several when calls finished together
    /// (each reported before the next poll): all are journaled before the first is delivered.
    Append(Vec<JournalEntry>),
    /// Hand this journaled outcome to the script (an engine error raised while settling its
    /// promise goes to [`Pass::script_failed`]).
    Deliver(JournalEntry),
    /// Wait for the next started call to finish, then report it with [`Pass::call_finished`].
    AwaitCall,
    /// Wait until `until` (a timer is due then), or for the next started call to finish if one
    /// runs (report it with [`Pass::call_finished`]); then poll again.
    Wait { until: i64 },
    /// The pass is over.
    End(PassEnd),
}

/// Where a pass stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Phase {
    /// Delivering the journal's outcomes in recorded order; `cursor` is the next entry.
    Replaying { cursor: usize },
    /// Past the journal: new calls execute.
    Live,
    /// The script settled; the calls it issued still finish. `cursor` is the next journal entry
    /// not yet delivered (every one must be, or the replay diverged).
    Draining { settled: Settled, cursor: usize },
    /// Decided; calls under way are journaled, not delivered.
    Closing { end: PassEnd },
    /// [`Effect::End`] was returned.
    Ended,
}

/// The time limit of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadline {
    /// The run fails with `TIMEOUT` after this instant (ms).
    pub at: i64,
    /// The `timeout_ms` it came from, for the message.
    pub timeout_ms: u64,
}

impl Deadline {
    /// `Some(TIMEOUT)` once `now` is past the deadline.
    pub fn check(deadline: Option<Deadline>, now: i64) -> Option<ErrorInfo> {
        let deadline = deadline?;
        (now > deadline.at).then(|| {
            ErrorInfo::run(
                RunCode::Timeout,
                format!(
                    "the run's timeout_ms of {} passed {} ms ago",
                    deadline.timeout_ms,
                    now.saturating_sub(deadline.at)
                ),
            )
        })
    }
}

/// What a pass knows besides events: the journal of earlier passes and the run's decisions.
pub struct PassRules<'a> {
    pub execution_id: &'a str,
    /// Entries of earlier passes, in delivery order.
    pub journal: &'a [JournalEntry],
    /// Approvals and rejections by `seq`.
    pub decisions: &'a BTreeMap<u32, Decision>,
    /// The actions shown as pending before this pass: an approved call must replay as shown.
    pub approved_before: &'a [PendingAction],
    pub deadline: Option<Deadline>,
    pub limits: PassLimits,
    /// Whether `connector.method` needs a human's approval.
    pub requires_approval: &'a dyn Fn(&str, &str) -> bool,
}

/// One pass: see the module documentation.
pub struct Pass<'a> {
    rules: PassRules<'a>,
    phase: Phase,
    /// Journal entries by `seq`, to check each issued call against.
    recorded: BTreeMap<u32, &'a JournalEntry>,
    ledger: Ledger,
    /// Issued and not yet delivered, by `seq`.
    waiting: BTreeMap<u32, CallRequest>,
    /// `codemode.step` values that finished, not yet journaled.
    steps_done: BTreeMap<u32, Outcome>,
    /// Calls started and not yet reported finished.
    in_flight: usize,
    /// Their `seq`s.
    running: std::collections::BTreeSet<u32>,
    /// Calls that finished without running (the journal was full), not yet journaled.
    refused: VecDeque<Finished>,
    /// Timers issued and not fired or cleared: `seq` → when due (they wait in `waiting` too).
    timers: BTreeMap<u32, i64>,
    /// Effects decided and not yet handed out.
    queued: VecDeque<Effect>,
    /// The script runs its jobs before the next decision (at the start, and after a delivery).
    script_due: bool,
    /// A delivery was handed out since the script last ran.
    delivered_since_run: bool,
    calls: CallBook,
}

impl<'a> Pass<'a> {
    pub fn new(rules: PassRules<'a>) -> Self {
        let ledger = Ledger::after(rules.journal, rules.limits);
        Self {
            recorded: rules.journal.iter().map(|e| (e.seq, e)).collect(),
            rules,
            phase: Phase::Replaying { cursor: 0 },
            ledger,
            waiting: BTreeMap::new(),
            steps_done: BTreeMap::new(),
            in_flight: 0,
            running: std::collections::BTreeSet::new(),
            refused: VecDeque::new(),
            timers: BTreeMap::new(),
            queued: VecDeque::new(),
            script_due: true,
            delivered_since_run: false,
            calls: CallBook::default(),
        }
    }

    /// Decided: events from the script no longer count.
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Closing { .. } | Phase::Ended)
    }

    /// The calls of the pass so far.
    pub fn calls(&self) -> &CallBook {
        &self.calls
    }

    pub fn into_calls(self) -> CallBook {
        self.calls
    }

    // ---- events ----

    /// The script issued `request`. At a `seq` the journal holds, it must be the recorded call.
    pub fn call_issued(&mut self, request: CallRequest) {
        if self.is_over() {
            return;
        }
        if let Some(entry) = self.recorded.get(&request.seq) {
            if !entry.matches(&request.connector, &request.method, &request.args) {
                let divergence = Divergence::different(entry, &request);
                return self.fail(divergence.into());
            }
        }
        self.calls.issue(
            &request,
            (self.rules.requires_approval)(&request.connector, &request.method),
        );
        if let Some(delay) = timer_delay(&request) {
            self.timers
                .insert(request.seq, request.issued_at.saturating_add(delay));
        }
        self.waiting.insert(request.seq, request);
    }

    /// The script cleared timer `seq`: it never fires (a replay that finds it journaled
    /// diverges).
    pub fn timer_cleared(&mut self, seq: u32) {
        if self.timers.contains_key(&seq) {
            self.take_issued(seq);
            self.calls.forget(seq);
        }
    }

    /// The function of `codemode.step` call `seq` finished with `outcome`.
    pub fn step_finished(&mut self, seq: u32, outcome: Outcome) {
        if !self.is_over() {
            self.steps_done.insert(seq, outcome);
        }
    }

    /// The script's promise settled.
    pub fn script_settled(&mut self, settled: Settled) {
        let cursor = match self.phase {
            Phase::Replaying { cursor } => cursor,
            Phase::Live => self.rules.journal.len(),
            _ => return,
        };
        self.phase = Phase::Draining { settled, cursor };
    }

    /// The engine stopped the script (a limit, the budget, a broken prelude): the pass fails.
    pub fn script_failed(&mut self, error: ErrorInfo) {
        self.fail(error);
    }

    /// An [`Effect::Append`] failed at `seq`: no outcome it carried is delivered (the script sees
    /// only what is durable) and the pass fails with `STORAGE_ERROR`; calls under way are still
    /// waited for.
    pub fn journal_failed(&mut self, seq: u32, why: &str) {
        self.fail(ErrorInfo::run(
            RunCode::StorageError,
            format!("the outcome of call #{seq} could not be written to the journal: {why}"),
        ));
    }

    /// A started call finished at `now`: it is journaled, then delivered unless the pass is
    /// closing.
    pub fn call_finished(&mut self, finished: Finished, now: i64) {
        self.in_flight = self.in_flight.saturating_sub(1);
        self.running.remove(&finished.request.seq);
        let outcome = self
            .ledger
            .result_outcome(&finished.request, finished.outcome);
        self.journal(
            Finished {
                outcome,
                ..finished
            },
            now,
        );
    }

    /// `cancelExecution`: the pass ends now. Calls running are abandoned (the driver drops them)
    /// and listed `cancelled`, with a note that their effect may have happened; nothing else runs.
    pub fn cancel(&mut self) {
        if matches!(self.phase, Phase::Ended) {
            return;
        }
        let aborted: Vec<u32> = std::mem::take(&mut self.running).into_iter().collect();
        self.calls.abort(&aborted);
        self.calls.cancel_pending();
        self.in_flight = 0;
        self.refused.clear();
        self.queued.clear();
        self.phase = Phase::Closing {
            end: PassEnd::Cancelled { aborted },
        };
    }

    // ---- decisions ----

    /// The next effect to carry out.
    pub fn poll(&mut self, now: i64) -> Effect {
        let effect = self.next_effect(now);
        match effect {
            Effect::RunScript => self.delivered_since_run = false,
            Effect::Deliver(_) => {
                self.delivered_since_run = true;
                self.script_due = matches!(self.phase, Phase::Replaying { .. } | Phase::Live);
            }
            _ => {}
        }
        effect
    }

    fn next_effect(&mut self, now: i64) -> Effect {
        loop {
            // Deliveries queued together are handed out one at a time, the script's jobs run
            // after each, as a replay delivers them.
            let delivery_next = matches!(self.queued.front(), Some(Effect::Deliver(_)));
            if delivery_next && self.delivered_since_run && self.script_due {
                self.script_due = false;
                return Effect::RunScript;
            }
            if let Some(effect) = self.queued.pop_front() {
                return self.with_following_appends(effect);
            }
            let decided = match std::mem::replace(&mut self.phase, Phase::Ended) {
                Phase::Replaying { cursor } => self.replay(cursor),
                Phase::Live => self.live(now),
                Phase::Draining { settled, cursor } => self.drain(settled, cursor, now),
                Phase::Closing { end } => self.close(end),
                Phase::Ended => Some(Effect::End(PassEnd::Failed(ErrorInfo::run(
                    RunCode::Internal,
                    "the pass was polled after it ended",
                )))),
            };
            if let Some(effect) = decided {
                return effect;
            }
        }
    }

    fn replay(&mut self, cursor: usize) -> Option<Effect> {
        self.phase = Phase::Replaying { cursor };
        if std::mem::take(&mut self.script_due) {
            return Some(Effect::RunScript);
        }
        let journal = self.rules.journal;
        let Some(entry) = journal.get(cursor) else {
            self.phase = Phase::Live;
            return None;
        };
        if self.take_issued(entry.seq).is_none() {
            self.fail(Divergence::not_issued(entry).into());
            return None;
        }
        self.phase = Phase::Replaying { cursor: cursor + 1 };
        Some(self.deliver(entry.clone()))
    }

    fn live(&mut self, now: i64) -> Option<Effect> {
        self.phase = Phase::Live;
        if std::mem::take(&mut self.script_due) {
            return Some(Effect::RunScript);
        }
        if let Some((seq, outcome)) = self.steps_done.pop_first() {
            let Some(request) = self.waiting.remove(&seq) else {
                self.fail(ErrorInfo::run(
                    RunCode::Internal,
                    format!("step #{seq} finished but was never issued"),
                ));
                return None;
            };
            let outcome = self.ledger.step_outcome(outcome);
            self.journal(
                Finished {
                    request,
                    outcome,
                    started: now,
                    usage: None,
                },
                now,
            );
            return None;
        }
        // Calls the script issued start before a timer that is due fires (they were sent first).
        if let Some(effect) = self.start_calls(now) {
            return Some(effect);
        }
        if self.is_over() || self.fire_due_timer(now) {
            return None;
        }
        if let Some(effect) = self.run_calls(now) {
            return Some(match (effect, self.next_timer()) {
                (Effect::AwaitCall, Some((_, due))) => Effect::Wait { until: due },
                (effect, _) => effect,
            });
        }
        if self.is_over() {
            return None;
        }
        let pending: Vec<PendingAction> = self
            .waiting
            .values()
            .filter(|r| self.is_tool_call(r))
            .map(|r| PendingAction {
                execution_id: self.rules.execution_id.to_string(),
                seq: r.seq,
                connector: r.connector.clone(),
                method: r.method.clone(),
                args: r.args.clone(),
            })
            .collect();
        if let Some((_, due)) = self.next_timer() {
            // The next timer: held for if it is near (or calls wait for approval: the pause
            // comes after the near timers), the run suspended until it if far. Past the
            // deadline, nothing is waited for.
            if let Some(error) = Deadline::check(self.rules.deadline, now) {
                self.fail(error);
                return None;
            }
            let wake_at = self
                .rules
                .deadline
                .map_or(due, |d| due.min(d.at.saturating_add(1)));
            if wake_at.saturating_sub(now) <= self.rules.limits.hold_ms {
                return Some(Effect::Wait { until: wake_at });
            }
            if pending.is_empty() {
                self.phase = Phase::Ended;
                return Some(Effect::End(PassEnd::Waiting { wake_at }));
            }
        }
        if pending.is_empty() {
            self.fail(ErrorInfo::run(
                RunCode::Stalled,
                "the script is waiting on a promise that nothing can settle (no call, timer or approval is pending)",
            ));
            return None;
        }
        self.phase = Phase::Ended;
        Some(Effect::End(PassEnd::Paused(pending)))
    }

    fn drain(&mut self, settled: Settled, cursor: usize, now: i64) -> Option<Effect> {
        let journal = self.rules.journal;
        let next = journal.get(cursor);
        if let Some(entry) = next.filter(|e| self.waiting.contains_key(&e.seq)) {
            self.take_issued(entry.seq);
            self.phase = Phase::Draining {
                settled,
                cursor: cursor + 1,
            };
            return Some(self.deliver(entry.clone()));
        }
        if let Some(entry) = next {
            self.calls.cancel_pending();
            self.phase = Phase::Closing {
                end: PassEnd::Failed(Divergence::unreached(entry).into()),
            };
            return None;
        }
        self.phase = Phase::Draining { settled, cursor };
        if let Some(effect) = self.run_calls(now) {
            return Some(effect);
        }
        if self.is_over() {
            return None;
        }
        let Phase::Draining { settled, .. } = std::mem::replace(&mut self.phase, Phase::Ended)
        else {
            return None;
        };
        for seq in std::mem::take(&mut self.timers).into_keys() {
            self.calls.forget(seq);
        }
        self.calls.cancel_pending();
        Some(Effect::End(PassEnd::Settled(settled)))
    }

    fn close(&mut self, end: PassEnd) -> Option<Effect> {
        if let Some(finished) = self.refused.pop_front() {
            self.phase = Phase::Closing { end };
            let at = finished.started;
            self.journal(finished, at);
            return None;
        }
        if self.in_flight > 0 {
            self.phase = Phase::Closing { end };
            return Some(Effect::AwaitCall);
        }
        Some(Effect::End(end))
    }

    /// Starts what may start, journals a refused call, or waits for a running one; `None` when
    /// no call can make progress (or the pass just failed).
    fn run_calls(&mut self, now: i64) -> Option<Effect> {
        if let Some(effect) = self.start_calls(now) {
            return Some(effect);
        }
        if self.is_over() {
            return None;
        }
        if let Some(finished) = self.refused.pop_front() {
            let at = finished.started;
            self.journal(finished, at);
            return self.queued.pop_front();
        }
        (self.in_flight > 0).then_some(Effect::AwaitCall)
    }

    /// Starts the calls that may run (no approval needed, or approved), lowest `seq` first, while
    /// fewer than `max_in_flight` run. A passed deadline or an approved call issued with other
    /// terms fails the pass (calls started before it still run and are journaled).
    fn start_calls(&mut self, now: i64) -> Option<Effect> {
        let room = self
            .rules
            .limits
            .max_in_flight
            .saturating_sub(self.in_flight + self.refused.len());
        let startable: Vec<u32> = self
            .waiting
            .values()
            .filter(|r| self.is_tool_call(r) && (!self.needs_approval(r) || self.approved(r.seq)))
            .map(|r| r.seq)
            .take(room)
            .collect();
        let mut batch = Vec::new();
        for seq in startable {
            let Some(request) = self.waiting.remove(&seq) else {
                continue;
            };
            let refusal =
                Deadline::check(self.rules.deadline, now).or_else(|| self.check_approved(&request));
            if let Some(error) = refusal {
                self.fail(error);
                break;
            }
            if self.ledger.is_full() {
                let outcome = self.ledger.full_outcome(&request);
                self.refused.push_back(Finished {
                    request,
                    outcome,
                    started: now,
                    usage: None,
                });
            } else {
                batch.push(request);
            }
        }
        if batch.is_empty() {
            return None;
        }
        self.in_flight += batch.len();
        self.running.extend(batch.iter().map(|r| r.seq));
        Some(Effect::Start {
            calls: batch,
            started: now,
        })
    }

    /// Takes issued call `seq` off the waiting list (and, a timer, off the timers).
    fn take_issued(&mut self, seq: u32) -> Option<CallRequest> {
        self.timers.remove(&seq);
        self.waiting.remove(&seq)
    }

    /// A call a connector runs: not a `codemode.step` (the VM runs it) nor a timer.
    fn is_tool_call(&self, request: &CallRequest) -> bool {
        !is_step(request) && !self.timers.contains_key(&request.seq)
    }

    /// The timer due first (`seq`, due), the lowest `seq` among those due at the same time.
    fn next_timer(&self) -> Option<(u32, i64)> {
        self.timers
            .iter()
            .map(|(seq, due)| (*seq, *due))
            .min_by_key(|(seq, due)| (*due, *seq))
    }

    /// Fires the timer due first if it is due at `now`: journaled at its due time, then
    /// delivered. A timer due after the run's deadline fails the pass with `TIMEOUT` instead.
    fn fire_due_timer(&mut self, now: i64) -> bool {
        let Some((seq, due)) = self.next_timer().filter(|(_, due)| *due <= now) else {
            return false;
        };
        if let Some(error) = Deadline::check(self.rules.deadline, due) {
            self.fail(error);
            return true;
        }
        let Some(request) = self.take_issued(seq) else {
            return false;
        };
        let started = request.issued_at;
        self.journal(
            Finished {
                request,
                outcome: Outcome::Ok(serde_json::Value::Null),
                started,
                usage: None,
            },
            due,
        );
        true
    }

    fn needs_approval(&self, request: &CallRequest) -> bool {
        (self.rules.requires_approval)(&request.connector, &request.method)
    }

    fn approved(&self, seq: u32) -> bool {
        self.rules
            .decisions
            .get(&seq)
            .is_some_and(Decision::is_approved)
    }

    /// For a call that was approved: a divergence unless it is exactly the action shown.
    fn check_approved(&self, request: &CallRequest) -> Option<ErrorInfo> {
        if !self.approved(request.seq) {
            return None;
        }
        let shown = self
            .rules
            .approved_before
            .iter()
            .find(|p| p.seq == request.seq);
        let same = shown.is_some_and(|p| {
            p.connector == request.connector && p.method == request.method && p.args == request.args
        });
        (!same).then(|| Divergence::not_approved(request).into())
    }

    // ---- effects ----

    /// Journals a finished call: queues the append (before any delivery still queued, so calls
    /// that finished together are journaled together), then (unless the pass is closing) the
    /// delivery.
    fn journal(&mut self, finished: Finished, now: i64) {
        let Finished {
            request,
            outcome,
            started,
            usage,
        } = finished;
        let entry = self.ledger.record(request, outcome, started, now, usage);
        self.calls.record(&entry);
        let deliver = !self.is_over();
        let before_deliveries = self
            .queued
            .iter()
            .position(|effect| matches!(effect, Effect::Deliver(_)))
            .unwrap_or(self.queued.len());
        self.queued
            .insert(before_deliveries, Effect::Append(vec![entry.clone()]));
        if deliver {
            let effect = self.deliver(entry);
            self.queued.push_back(effect);
        }
    }

    /// `effect`, and when it is an append, the appends queued right after it with it.
    fn with_following_appends(&mut self, effect: Effect) -> Effect {
        let Effect::Append(mut entries) = effect else {
            return effect;
        };
        while let Some(Effect::Append(more)) = self.queued.front_mut() {
            entries.append(more);
            self.queued.pop_front();
        }
        Effect::Append(entries)
    }

    /// A delivery; while the script can still issue calls, its jobs run next.
    fn deliver(&mut self, entry: JournalEntry) -> Effect {
        self.calls.record(&entry);
        self.script_due = matches!(self.phase, Phase::Replaying { .. } | Phase::Live);
        Effect::Deliver(entry)
    }

    /// Ends the pass with `error` (the first failure wins). Deliveries not yet handed out are
    /// dropped; appends are kept.
    fn fail(&mut self, error: ErrorInfo) {
        if self.is_over() {
            return;
        }
        self.queued
            .retain(|effect| matches!(effect, Effect::Append(_)));
        self.phase = Phase::Closing {
            end: PassEnd::Failed(error),
        };
    }
}
