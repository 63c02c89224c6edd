//! The contract's methods (`docs/contract.md`, "Methods"), each a short composition of a
//! lifecycle transition, the store and, for those that run scripts, the driver.

use std::collections::BTreeSet;

use crate::catalog;
use crate::connector::{CallContext, Reverted, ToolError};
use crate::error::{Error, Result};
use crate::journal::{JournalEntry, Outcome};
use crate::method::Method;
use crate::model::{
    CallState, Description, ExecuteOutput, ExecutionOutputText, ExecutionState, ExecutionStatus,
    PendingAction, RollbackFailure, RollbackOutcome, RollbackSkip, SearchResults, Snippet,
    ToolDescriptor,
};
use crate::run::lifecycle::Who;
use crate::store::ExecutionRecord;

use super::driver::Cause;
use super::Runtime;

impl Runtime {
    /// `tool`: the model-facing descriptor.
    pub fn tool(&self) -> ToolDescriptor {
        catalog::tool_descriptor_within(&self.connectors, self.config.inline_catalog_tokens)
    }

    /// `execute`: runs a new script until it completes, fails, pauses or waits.
    pub async fn execute(&self, code: &str) -> Result<ExecuteOutput> {
        self.execute_watched(code, None).await
    }

    /// `execute`, telling `watcher` the run's progress as it happens (an MCP `tools/call` with a
    /// progress token streams it); the host's sink gets it too.
    pub async fn execute_watched(
        &self,
        code: &str,
        watcher: Option<super::ProgressSink>,
    ) -> Result<ExecuteOutput> {
        self.execute_tagged(code, watcher, None).await
    }

    /// [`Runtime::execute_watched`], the run known by `tag` while a request drives it (an MCP
    /// request id), so [`Runtime::cancel_tagged`] can cancel it.
    pub async fn execute_tagged(
        &self,
        code: &str,
        watcher: Option<super::ProgressSink>,
        tag: Option<String>,
    ) -> Result<ExecuteOutput> {
        self.check_connectors()?;
        let code: &str = &crate::fence::strip(code)?;
        if code.len() > self.config.max_code_bytes {
            return Err(Error::CodeTooLarge {
                size: code.len(),
                limit: self.config.max_code_bytes,
            });
        }
        if code.trim().is_empty() {
            return Err(Error::BadRequest("code is empty".into()));
        }
        let (id, seed) = self.new_id_and_seed();
        let record = ExecutionRecord::create(
            id.clone(),
            code.to_string(),
            seed,
            self.fingerprint.clone(),
            self.store.values()?,
            self.now(),
        );
        let _guard = self.claim(&id)?;
        let _watch = super::WatchGuard::new(self, &id, watcher, tag);
        // Saved once, as its pass begins (`drive`, before any await): a save here too was a
        // second write of the same record in the same turn.
        self.drive(record, Cause::Execute).await
    }

    /// `approveExecution`: approves every pending action of a paused run and resumes it by replay.
    pub async fn approve_execution(&self, id: &str) -> Result<ExecuteOutput> {
        self.approve_execution_with(id, None, &Who::default()).await
    }

    /// `approveExecution` with options: only call `seq` when given (the run pauses again on any
    /// other still pending), recording who approved and why.
    pub async fn approve_execution_with(
        &self,
        id: &str,
        seq: Option<u32>,
        who: &Who,
    ) -> Result<ExecuteOutput> {
        who.check()?;
        let _guard = self.claim(id)?;
        let mut record = self.load(id)?;
        record.approve_pending(seq, who, self.now())?;
        // The approval is saved with the pass it begins (`drive`, before any await).
        self.drive(record, Cause::Approve(who)).await
    }

    /// `rejectExecution`: refuses one pending action; the run ends `rejected`, earlier calls stay.
    /// `false` if the run is not paused on that `seq` (or a request is driving it right now).
    pub fn reject_execution(&self, id: &str, seq: u32) -> Result<bool> {
        self.reject_execution_with(id, seq, &Who::default())
    }

    /// `rejectExecution` with who rejected and why: the report the model reads names them.
    pub fn reject_execution_with(&self, id: &str, seq: u32, who: &Who) -> Result<bool> {
        who.check()?;
        let mut record = self.load(id)?;
        if self.is_busy(id) || !record.reject(seq, who, self.now()) {
            return Ok(false);
        }
        self.store.save_execution(&record)?;
        self.announce_decision(Method::RejectExecution, id, record.state.status, who);
        Ok(true)
    }

    /// `rollbackExecution`: reverts applied calls, newest first. Methods without `revert` are
    /// skipped; failures are reported and the run keeps its status so it can be tried again.
    pub async fn rollback_execution(&self, id: &str) -> Result<RollbackOutcome> {
        let _guard = self.claim(id)?;
        let mut record = self.load(id)?;
        record.require_finished()?;
        let mut outcome = RollbackOutcome {
            reverted: 0,
            failed: Vec::new(),
            skipped: Vec::new(),
        };
        if record.state.status == ExecutionStatus::RolledBack {
            return Ok(outcome);
        }
        let journal = self.store.journal(id)?;
        let mut order: Vec<&JournalEntry> = journal.iter().collect();
        order.sort_by_key(|call| std::cmp::Reverse(call.delivery));
        for entry in order {
            let Some(index) = record.state.calls.iter().position(|c| c.seq == entry.seq) else {
                continue;
            };
            if record.state.calls[index].state != CallState::Applied {
                continue;
            }
            let Outcome::Ok(result) = &entry.outcome else {
                continue;
            };
            let ctx = CallContext {
                execution_id: id.into(),
                seq: entry.seq,
                method: entry.method.clone(),
            };
            let reverted = match self.connectors.connector(&entry.connector) {
                Some(connector) => connector.revert(&entry.args, result, &ctx).await,
                None => Err(ToolError::new(format!(
                    "connector `{}` is gone",
                    entry.connector
                ))),
            };
            match reverted {
                Ok(Reverted::Done) => {
                    outcome.reverted += 1;
                    record.mark_reverted(index, self.now());
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
            record.finish_rollback(outcome.reverted, outcome.skipped.len(), self.now());
            self.store.save_execution(&record)?;
        }
        self.announce(Method::RollbackExecution, id, record.state.status);
        Ok(outcome)
    }

    /// `executionHistory`: newest first.
    pub fn execution_history(&self, limit: Option<usize>) -> Result<Vec<ExecutionState>> {
        let limit = limit.unwrap_or(self.config.default_history);
        Ok(self
            .store
            .recent_executions(limit)?
            .into_iter()
            .map(|r| r.state)
            .collect())
    }

    /// `execution`.
    pub fn execution(&self, id: &str) -> Result<ExecutionState> {
        Ok(self.load(id)?.state)
    }

    /// An image a run handed back (`…/images/<id>`): its reference and bytes.
    pub fn image(&self, id: &str) -> Result<crate::images::StoredImage> {
        let id = crate::images::valid_id(id)?;
        self.store
            .load_image(id)?
            .ok_or_else(|| Error::NotFound(format!("no image `{id}`")))
    }

    /// `executionOutput`: the run's whole output, before the report cut it to `max_output_tokens`.
    pub fn execution_output(&self, id: &str) -> Result<ExecutionOutputText> {
        let record = self.load(id)?;
        Ok(ExecutionOutputText {
            execution_id: record.state.id,
            text: record.full_output,
            truncated: record.output_truncated,
        })
    }

    /// `pendingApprovals`: of one run, or of every paused run.
    pub fn pending_approvals(&self, id: Option<&str>) -> Result<Vec<PendingAction>> {
        match id {
            Some(id) => Ok(self.load(id)?.state.pending),
            None => Ok(self
                .store
                .paused_executions()?
                .into_iter()
                .flat_map(|r| r.state.pending)
                .collect()),
        }
    }

    /// `saveSnippet`: only from a completed run.
    pub fn save_snippet(
        &self,
        name: &str,
        description: &str,
        execution_id: &str,
    ) -> Result<Snippet> {
        self.check_snippet_name(name)?;
        let record = self.load(execution_id)?;
        if record.state.status != ExecutionStatus::Completed {
            return Err(Error::NotCompleted {
                id: execution_id.into(),
                status: record.state.status.to_string(),
            });
        }
        let connectors: BTreeSet<String> = record
            .state
            .calls
            .iter()
            .map(|c| c.connector.clone())
            .collect();
        let snippet = Snippet {
            name: name.into(),
            description: description.into(),
            code: record.state.code,
            saved_at: self.now(),
            connectors: connectors.into_iter().collect(),
        };
        self.store.save_snippet(&snippet)?;
        self.announce_snippet(Method::SaveSnippet, name, Some(execution_id));
        Ok(snippet)
    }

    fn check_snippet_name(&self, name: &str) -> Result<()> {
        let max = self.config.max_snippet_name;
        if name.is_empty() || name.len() > max {
            return Err(Error::InvalidName(format!(
                "a snippet name has 1 to {max} characters"
            )));
        }
        if !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            return Err(Error::InvalidName(format!(
                "snippet name `{name}` may use only letters, digits, `_` and `-`"
            )));
        }
        if self.connectors.connector(name).is_some() {
            return Err(Error::InvalidName(format!(
                "`{name}` is a connector's name"
            )));
        }
        Ok(())
    }

    /// `snippets`: by name.
    pub fn snippets(&self) -> Result<Vec<Snippet>> {
        self.store.snippets()
    }

    /// `deleteSnippet`: `true` if it existed.
    pub fn delete_snippet(&self, name: &str) -> Result<bool> {
        let deleted = self.store.delete_snippet(name)?;
        if deleted {
            self.announce_snippet(Method::DeleteSnippet, name, None);
        }
        Ok(deleted)
    }

    /// `deleteExecution`: the run, its journal and its parts; `true` if it existed. A run a pass
    /// is driving right now is `BUSY` (cancel it first). A paused run's pending calls go with it.
    pub fn delete_execution(&self, id: &str) -> Result<bool> {
        if self.is_busy(id) {
            return Err(Error::Busy(id.to_string()));
        }
        if self.store.load_execution(id)?.is_none() {
            return Ok(false);
        }
        self.store.delete_execution(id)?;
        self.announce_deleted(Method::DeleteExecution, id);
        Ok(true)
    }

    /// `pruneExecutions`: deletes the finished runs beyond the newest `keep` (default
    /// `keep_finished`, which the runtime also applies every eighth of that many runs); paused,
    /// waiting and running ones are kept. Returns how many were deleted.
    pub fn prune_executions(&self, keep: Option<usize>) -> Result<usize> {
        let keep = keep.unwrap_or(self.config.keep_finished);
        self.delete_finished_beyond(keep, Some(Method::PruneExecutions))
    }

    /// `search`.
    pub fn search(&self, query: &str) -> Result<SearchResults> {
        Ok(catalog::search(
            &self.connectors,
            &self.store.snippets()?,
            query,
            catalog::SEARCH_LIMIT,
        ))
    }

    /// `describe`.
    pub fn describe(&self, path: &str) -> Result<Description> {
        catalog::describe(&self.connectors, &self.store.snippets()?, path)
    }
}
