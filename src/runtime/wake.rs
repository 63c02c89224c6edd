//! The host's periodic work (a Durable Object alarm): resuming runs a pass left `running`,
//! expiring paused runs nobody decided, and keeping only the newest finished runs.

use crate::error::{Error, Result};
use crate::method::Method;
use crate::model::{ExecuteOutput, ExecutionStatus};

use super::driver::Cause;
use super::{Runtime, WakeReport};

impl Runtime {
    /// Drives an interrupted run (status `running`, no pass in progress) again from its journal.
    /// Calls journaled before the interruption are not executed again; a call whose effect was
    /// done but whose result was not journaled runs again with the same `(execution_id, seq)`,
    /// which idempotent connectors use to do it once.
    pub async fn resume_execution(&self, id: &str) -> Result<ExecuteOutput> {
        let _guard = self.claim(id)?;
        let record = self.load(id)?;
        if record.state.status != ExecutionStatus::Running && !record.timer_due(self.now()) {
            return Err(Error::InvalidState(format!(
                "execution {id} is {}; only an interrupted (running) run, or a waiting one whose timer is due, is resumed",
                record.state.status
            )));
        }
        self.drive(record, Cause::Wake).await
    }

    /// The host's periodic work (firing twice is harmless): resumes interrupted runs and waiting
    /// runs whose timer is due, and expires paused runs older than `paused_ttl_ms`.
    pub async fn wake(&self) -> Result<WakeReport> {
        self.check_connectors()?;
        let mut report = WakeReport::default();
        let now = self.now();
        let due = self
            .store
            .waiting_executions()?
            .into_iter()
            .filter(|r| r.timer_due(now));
        let runs: Vec<_> = self
            .store
            .running_executions()?
            .into_iter()
            .chain(due)
            .collect();
        for record in runs {
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
            if self.is_busy(&record.state.id) || !record.expire(self.config.paused_ttl_ms, now) {
                continue;
            }
            self.store.save_execution(&record)?;
            self.announce_wake(&record.state.id, record.state.status);
            report.expired.push(record.state.id);
        }
        self.prune()?;
        Ok(report)
    }

    /// When [`Runtime::wake`] has work next: now for interrupted runs, else the earliest of the
    /// waiting runs' timers and the oldest paused run's expiry.
    pub fn next_wake_at(&self) -> Result<Option<i64>> {
        let now = self.now();
        if self.store.running_ids()?.iter().any(|id| !self.is_busy(id)) {
            return Ok(Some(now));
        }
        // The earliest expiry is the oldest update plus the TTL (adding a constant keeps order).
        let expiry = self
            .store
            .oldest_paused_update()?
            .map(|at| at.saturating_add(self.config.paused_ttl_ms));
        let timers = self
            .store
            .waiting_executions()?
            .into_iter()
            .filter(|r| !self.is_busy(&r.state.id));
        let timer = timers.map(|r| r.state.wake_at.unwrap_or(now)).min();
        Ok(expiry.into_iter().chain(timer).min())
    }

    /// Deletes finished runs beyond `keep_finished` (on wake-ups, and every few runs).
    pub(super) fn prune(&self) -> Result<()> {
        self.finished_since_prune.set(0);
        self.delete_finished_beyond(self.config.keep_finished, None)
            .map(|_| ())
    }

    /// Prunes once a run finishes and the runs finished since the last pruning reach
    /// [`prune_period`] of `keep_finished`: a query and a deletion per finished run were a
    /// twentieth of a trivial run's time in workerd, and an eighth more runs kept for a while
    /// costs nothing that matters.
    pub(super) fn prune_after_run(&self) -> Result<()> {
        let finished = self.finished_since_prune.get().saturating_add(1);
        self.finished_since_prune.set(finished);
        if finished >= prune_period(self.config.keep_finished) {
            self.prune()?;
        }
        Ok(())
    }

    /// Deletes the finished runs beyond the newest `keep` (none a pass is driving), telling each
    /// deletion as `method`'s when there is one. Returns how many.
    pub(super) fn delete_finished_beyond(
        &self,
        keep: usize,
        method: Option<Method>,
    ) -> Result<usize> {
        let mut deleted = 0;
        for id in self.store.finished_beyond(keep)? {
            if !self.is_busy(&id) {
                self.store.delete_execution(&id)?;
                if let Some(method) = method {
                    self.announce_deleted(method, &id);
                }
                deleted += 1;
            }
        }
        Ok(deleted)
    }
}

/// Finished runs between two prunings after runs: an eighth of those kept (at least one), so at
/// most `keep + keep / 8` finished runs are kept at any time.
fn prune_period(keep: usize) -> usize {
    (keep / 8).max(1)
}
