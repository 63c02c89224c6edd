//! The durable state of one runtime instance, behind a small synchronous trait. The Worker keeps
//! it in the Durable Object's SQLite storage (whose API is synchronous); tests use [`MemoryStore`].

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::Result;
use crate::journal::{Decision, JournalEntry};
use crate::model::{ExecutionState, Snippet};
use crate::notes::{Note, NoteStore};

/// An execution with what only the runtime needs to replay it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExecutionRecord {
    pub state: ExecutionState,
    /// Seeds `Math.random`.
    pub seed: u64,
    /// The sandbox that recorded the run (see [`crate::Runtime::fingerprint`]).
    pub fingerprint: String,
    /// The sandbox that last continued it, when that was another one (a deploy since): its
    /// replay was verified call by call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub continued_by: Option<String>,
    /// Approvals and rejections by `seq`.
    #[serde(default)]
    pub decisions: BTreeMap<u32, Decision>,
    /// What the last pass printed (kept to re-render the report when a run is rejected).
    #[serde(default)]
    pub output: crate::sandbox::Output,
    /// The last pass's whole output text, before truncation (`executionOutput`).
    #[serde(default)]
    pub full_output: String,
    #[serde(default)]
    pub output_truncated: bool,
    /// The `store()` values when the run was created: every pass sees the same ones.
    #[serde(default)]
    pub values: BTreeMap<String, Value>,
    /// Passes started and not finished: more than one means a pass was interrupted (a crash, an
    /// eviction). Reset when a pass finishes.
    #[serde(default)]
    pub attempts: u32,
    /// Why the last unfinished pass failed, when the runtime saw it (a storage error it could not
    /// record otherwise); `None` when the pass just stopped (a restart, an eviction).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_failure: Option<String>,
}

/// Stored values are cut into parts of at most this many bytes: the Durable Object's SQLite
/// refuses a row over about 2 MB (`SQLITE_TOOBIG`), and an execution's record (its calls with
/// their results, output, report) can be larger. Parts are joined again on reading.
pub const MAX_PART_BYTES: usize = 1 << 20;

/// `query` with each `{name}` replaced by `prefix` + `name`, where `name` is a table or index name
/// (lowercase letters and `_`): SQL stores name their tables in braces so that one set of
/// statements serves an object of its own and a shared database. Other braces stay as they are.
pub fn qualify_tables(query: &str, prefix: &str) -> String {
    let mut out = String::with_capacity(query.len() + 4 * prefix.len());
    let mut rest = query;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let name_len = after
            .find(|c: char| !(c.is_ascii_lowercase() || c == '_'))
            .unwrap_or(after.len());
        if name_len > 0 && after[name_len..].starts_with('}') {
            out.push_str(prefix);
            out.push_str(&after[..name_len]);
            rest = &after[name_len + 1..];
        } else {
            out.push('{');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// `text` cut into pieces of at most `max` bytes (at least 4, so a character always fits), on
/// character boundaries, in order. Never empty: `""` is one empty part.
pub fn split_parts(text: &str, max: usize) -> Vec<&str> {
    let max = max.max(4);
    let mut parts = Vec::new();
    let mut rest = text;
    while rest.len() > max {
        let cut = (1..=max)
            .rev()
            .find(|i| rest.is_char_boundary(*i))
            .unwrap_or(max);
        let (head, tail) = rest.split_at(cut);
        parts.push(head);
        rest = tail;
    }
    parts.push(rest);
    parts
}

/// Where executions, journals and snippets live.
///
/// Writes must be durable when the method returns (in a Durable Object: written without an
/// intervening `await`, so the output gate holds replies until they are committed).
pub trait Store: crate::images::ImageStore {
    /// Inserts or replaces an execution.
    fn save_execution(&self, record: &ExecutionRecord) -> Result<()>;
    fn load_execution(&self, id: &str) -> Result<Option<ExecutionRecord>>;
    /// Newest first (by creation, ties by insertion).
    fn recent_executions(&self, limit: usize) -> Result<Vec<ExecutionRecord>>;
    /// Every paused execution, oldest first.
    fn paused_executions(&self) -> Result<Vec<ExecutionRecord>>;
    /// Every execution still marked running, oldest first (after a restart: interrupted ones).
    fn running_executions(&self) -> Result<Vec<ExecutionRecord>>;
    /// Ids of the executions still marked running. By default from [`Store::running_executions`];
    /// a store that can answer without decoding whole records should.
    fn running_ids(&self) -> Result<Vec<String>> {
        Ok(self
            .running_executions()?
            .into_iter()
            .map(|r| r.state.id)
            .collect())
    }
    /// The earliest `updatedAt` of the paused executions (when the first of them expires is this
    /// plus the TTL). By default from [`Store::paused_executions`].
    fn oldest_paused_update(&self) -> Result<Option<i64>> {
        Ok(self
            .paused_executions()?
            .iter()
            .map(|r| r.state.updated_at)
            .min())
    }
    /// Every execution waiting for a timer (`waiting`), oldest first. By default by reading them
    /// all; a store that can select by status should.
    fn waiting_executions(&self) -> Result<Vec<ExecutionRecord>> {
        let all = self.recent_executions(usize::MAX)?;
        Ok(all
            .into_iter()
            .rev()
            .filter(|r| r.state.status == crate::model::ExecutionStatus::Waiting)
            .collect())
    }
    /// Ids of finished executions beyond the newest `keep` (by creation), for retention.
    fn finished_beyond(&self, keep: usize) -> Result<Vec<String>>;
    /// Deletes an execution, its journal and its images.
    fn delete_execution(&self, id: &str) -> Result<()>;

    /// Appends one entry; an entry for the same `(execution, seq)` must not exist.
    fn append_journal(&self, execution_id: &str, entry: &JournalEntry) -> Result<()>;
    /// Appends `entries` in order, as [`Store::append_journal`] each (calls that finished
    /// together); a store may write them in fewer statements. On a failure, the `seq` of the
    /// first entry that may not be written, with the error: the ones before it are.
    fn append_journal_batch(
        &self,
        execution_id: &str,
        entries: &[JournalEntry],
    ) -> std::result::Result<(), (u32, crate::error::Error)> {
        for entry in entries {
            self.append_journal(execution_id, entry)
                .map_err(|error| (entry.seq, error))?;
        }
        Ok(())
    }
    /// The execution's entries in delivery order.
    fn journal(&self, execution_id: &str) -> Result<Vec<JournalEntry>>;

    /// Inserts or replaces a snippet.
    fn save_snippet(&self, snippet: &Snippet) -> Result<()>;
    fn snippet(&self, name: &str) -> Result<Option<Snippet>>;
    /// By name.
    fn snippets(&self) -> Result<Vec<Snippet>>;
    fn delete_snippet(&self, name: &str) -> Result<bool>;

    /// Every `store()` value.
    fn values(&self) -> Result<BTreeMap<String, Value>>;
    /// Saves a run that completed and applies its `store()` writes (`None` deletes) as one atomic
    /// step: a crash leaves either both or neither, so a resumed run never applies its writes
    /// again over a newer run's. (In a Durable Object, SQLite writes made without an `await`
    /// between them commit together.)
    fn complete_execution(
        &self,
        record: &ExecutionRecord,
        writes: &BTreeMap<String, Option<Value>>,
    ) -> Result<()>;
}

/// An in-memory [`Store`] and [`NoteStore`] for tests and for hosts without durable storage.
#[derive(Default)]
pub struct MemoryStore {
    executions: RefCell<Vec<ExecutionRecord>>,
    journals: RefCell<HashMap<String, Vec<JournalEntry>>>,
    snippets: RefCell<BTreeMap<String, Snippet>>,
    notes: RefCell<Vec<(String, Note)>>,
    values: RefCell<BTreeMap<String, Value>>,
    images: RefCell<BTreeMap<String, crate::images::StoredImage>>,
}

impl crate::images::ImageStore for MemoryStore {
    fn save_image(&self, image: &crate::images::StoredImage) -> Result<()> {
        self.images
            .borrow_mut()
            .insert(image.image.id.clone(), image.clone());
        Ok(())
    }

    fn load_image(&self, id: &str) -> Result<Option<crate::images::StoredImage>> {
        Ok(self.images.borrow().get(id).cloned())
    }

    fn execution_images(&self, execution_id: &str) -> Result<Vec<crate::images::ImageRef>> {
        Ok(self
            .images
            .borrow()
            .values()
            .filter(|i| i.execution_id == execution_id)
            .map(|i| i.image.clone())
            .collect())
    }
}

impl MemoryStore {
    pub fn new() -> Self {
        Self::default()
    }

    fn with_status(&self, status: crate::model::ExecutionStatus) -> Vec<ExecutionRecord> {
        self.executions
            .borrow()
            .iter()
            .filter(|r| r.state.status == status)
            .cloned()
            .collect()
    }
}

impl Store for MemoryStore {
    fn save_execution(&self, record: &ExecutionRecord) -> Result<()> {
        let mut executions = self.executions.borrow_mut();
        match executions
            .iter_mut()
            .find(|r| r.state.id == record.state.id)
        {
            Some(existing) => *existing = record.clone(),
            None => executions.push(record.clone()),
        }
        Ok(())
    }

    fn load_execution(&self, id: &str) -> Result<Option<ExecutionRecord>> {
        Ok(self
            .executions
            .borrow()
            .iter()
            .find(|r| r.state.id == id)
            .cloned())
    }

    fn recent_executions(&self, limit: usize) -> Result<Vec<ExecutionRecord>> {
        let mut all: Vec<(usize, ExecutionRecord)> = self
            .executions
            .borrow()
            .iter()
            .cloned()
            .enumerate()
            .collect();
        all.sort_by(|(ia, a), (ib, b)| {
            b.state.created_at.cmp(&a.state.created_at).then(ib.cmp(ia))
        });
        Ok(all.into_iter().take(limit).map(|(_, r)| r).collect())
    }

    fn paused_executions(&self) -> Result<Vec<ExecutionRecord>> {
        Ok(self.with_status(crate::model::ExecutionStatus::Paused))
    }

    fn running_executions(&self) -> Result<Vec<ExecutionRecord>> {
        Ok(self.with_status(crate::model::ExecutionStatus::Running))
    }

    fn waiting_executions(&self) -> Result<Vec<ExecutionRecord>> {
        Ok(self.with_status(crate::model::ExecutionStatus::Waiting))
    }

    fn finished_beyond(&self, keep: usize) -> Result<Vec<String>> {
        let newest_first = self.recent_executions(usize::MAX)?;
        Ok(newest_first
            .into_iter()
            .filter(|r| r.state.status.is_finished())
            .skip(keep)
            .map(|r| r.state.id)
            .collect())
    }

    fn delete_execution(&self, id: &str) -> Result<()> {
        self.executions.borrow_mut().retain(|r| r.state.id != id);
        self.journals.borrow_mut().remove(id);
        self.images
            .borrow_mut()
            .retain(|_, image| image.execution_id != id);
        Ok(())
    }

    fn append_journal(&self, execution_id: &str, entry: &JournalEntry) -> Result<()> {
        let mut journals = self.journals.borrow_mut();
        let journal = journals.entry(execution_id.to_string()).or_default();
        if journal.iter().any(|e| e.seq == entry.seq) {
            return Err(crate::error::Error::Storage(format!(
                "journal of {execution_id} already has seq {}",
                entry.seq
            )));
        }
        journal.push(entry.clone());
        Ok(())
    }

    fn journal(&self, execution_id: &str) -> Result<Vec<JournalEntry>> {
        let mut entries = self
            .journals
            .borrow()
            .get(execution_id)
            .cloned()
            .unwrap_or_default();
        entries.sort_by_key(|e| e.delivery);
        Ok(entries)
    }

    fn save_snippet(&self, snippet: &Snippet) -> Result<()> {
        self.snippets
            .borrow_mut()
            .insert(snippet.name.clone(), snippet.clone());
        Ok(())
    }

    fn snippet(&self, name: &str) -> Result<Option<Snippet>> {
        Ok(self.snippets.borrow().get(name).cloned())
    }

    fn snippets(&self) -> Result<Vec<Snippet>> {
        Ok(self.snippets.borrow().values().cloned().collect())
    }

    fn delete_snippet(&self, name: &str) -> Result<bool> {
        Ok(self.snippets.borrow_mut().remove(name).is_some())
    }

    fn values(&self) -> Result<BTreeMap<String, Value>> {
        Ok(self.values.borrow().clone())
    }

    fn complete_execution(
        &self,
        record: &ExecutionRecord,
        writes: &BTreeMap<String, Option<Value>>,
    ) -> Result<()> {
        self.apply_values(writes)?;
        self.save_execution(record)
    }
}

impl MemoryStore {
    /// Applies `store()` writes (`None` deletes); also handy to seed values in tests.
    pub fn apply_values(&self, writes: &BTreeMap<String, Option<Value>>) -> Result<()> {
        let mut values = self.values.borrow_mut();
        for (key, value) in writes {
            match value {
                Some(value) => values.insert(key.clone(), value.clone()),
                None => values.remove(key),
            };
        }
        Ok(())
    }
}

impl NoteStore for MemoryStore {
    fn list_notes(&self) -> Result<Vec<Note>> {
        Ok(self.notes.borrow().iter().map(|(_, n)| n.clone()).collect())
    }

    fn insert_note(&self, key: &str, text: &str, now: i64) -> Result<Note> {
        let mut notes = self.notes.borrow_mut();
        if let Some((_, note)) = notes.iter().find(|(k, _)| k == key) {
            return Ok(note.clone());
        }
        let id = notes.iter().map(|(_, n)| n.id).max().unwrap_or(0) + 1;
        let note = Note {
            id,
            text: text.to_string(),
            created_at: now,
        };
        notes.push((key.to_string(), note.clone()));
        Ok(note)
    }

    fn delete_note(&self, id: i64) -> Result<bool> {
        let mut notes = self.notes.borrow_mut();
        let before = notes.len();
        notes.retain(|(_, n)| n.id != id);
        Ok(notes.len() != before)
    }
}
