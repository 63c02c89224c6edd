//! Every write a run makes fits the Durable Object's storage, or is refused with a coded error
//! before anything is written; a storage failure ends the run with a coded error and its calls.
//!
//! [`SqliteLike`] stores through a [`MemoryStore`] but refuses, as the Durable Object's SQLite
//! does (`SQLITE_TOOBIG`), any row over 2 MB — after cutting records and journal entries into
//! parts the way the SQLite store does — and can be told to fail writes.

mod common;

use std::cell::Cell;
use std::collections::BTreeMap;
use std::rc::Rc;

use codemode_runtime::error::Error;
use codemode_runtime::journal::JournalEntry;
use codemode_runtime::model::{CallState, ExecuteOutput, ExecutionStatus, Snippet};
use codemode_runtime::store::{qualify_tables, split_parts, MAX_PART_BYTES};
use codemode_runtime::{ExecutionRecord, MemoryStore, Runtime, Store};
use common::*;
use serde_json::{json, Value};

/// SQLite's row limit in a Durable Object (about 2 MB).
const ROW_LIMIT: usize = 2_000_000;

#[derive(Default)]
struct SqliteLike {
    inner: MemoryStore,
    /// Journal appends that succeed before every later one fails.
    appends_left: Cell<Option<usize>>,
    /// Saving a completed record fails.
    fail_completion: Cell<bool>,
    /// The largest row written so far.
    largest_row: Cell<usize>,
}

impl SqliteLike {
    fn row(&self, what: &str, bytes: usize) -> codemode_runtime::Result<()> {
        self.largest_row.set(self.largest_row.get().max(bytes));
        if bytes > ROW_LIMIT {
            return Err(Error::Storage(format!(
                "SQLITE_TOOBIG: {what} is {bytes} bytes"
            )));
        }
        Ok(())
    }

    /// A value stored in parts, as the SQLite store does.
    fn parts(&self, what: &str, value: &impl serde::Serialize) -> codemode_runtime::Result<()> {
        let json = serde_json::to_string(value).map_err(|e| Error::Storage(e.to_string()))?;
        split_parts(&json, MAX_PART_BYTES)
            .iter()
            .try_for_each(|part| self.row(what, part.len()))
    }
}

impl codemode_runtime::images::ImageStore for SqliteLike {
    fn save_image(
        &self,
        image: &codemode_runtime::images::StoredImage,
    ) -> codemode_runtime::Result<()> {
        self.inner.save_image(image)
    }
    fn load_image(
        &self,
        id: &str,
    ) -> codemode_runtime::Result<Option<codemode_runtime::images::StoredImage>> {
        self.inner.load_image(id)
    }
    fn execution_images(
        &self,
        execution_id: &str,
    ) -> codemode_runtime::Result<Vec<codemode_runtime::images::ImageRef>> {
        self.inner.execution_images(execution_id)
    }
}

impl Store for SqliteLike {
    fn save_execution(&self, record: &ExecutionRecord) -> codemode_runtime::Result<()> {
        self.parts("an execution", record)?;
        self.inner.save_execution(record)
    }
    fn load_execution(&self, id: &str) -> codemode_runtime::Result<Option<ExecutionRecord>> {
        self.inner.load_execution(id)
    }
    fn recent_executions(&self, limit: usize) -> codemode_runtime::Result<Vec<ExecutionRecord>> {
        self.inner.recent_executions(limit)
    }
    fn paused_executions(&self) -> codemode_runtime::Result<Vec<ExecutionRecord>> {
        self.inner.paused_executions()
    }
    fn running_executions(&self) -> codemode_runtime::Result<Vec<ExecutionRecord>> {
        self.inner.running_executions()
    }
    fn finished_beyond(&self, keep: usize) -> codemode_runtime::Result<Vec<String>> {
        self.inner.finished_beyond(keep)
    }
    fn delete_execution(&self, id: &str) -> codemode_runtime::Result<()> {
        self.inner.delete_execution(id)
    }
    fn append_journal(
        &self,
        execution_id: &str,
        entry: &JournalEntry,
    ) -> codemode_runtime::Result<()> {
        if let Some(left) = self.appends_left.get() {
            if left == 0 {
                return Err(Error::Storage("injected: the journal write failed".into()));
            }
            self.appends_left.set(Some(left - 1));
        }
        self.parts("a journal entry", entry)?;
        self.inner.append_journal(execution_id, entry)
    }
    fn journal(&self, execution_id: &str) -> codemode_runtime::Result<Vec<JournalEntry>> {
        self.inner.journal(execution_id)
    }
    fn save_snippet(&self, snippet: &Snippet) -> codemode_runtime::Result<()> {
        let bytes = serde_json::to_string(snippet)
            .map(|j| j.len())
            .unwrap_or(usize::MAX);
        self.row("a snippet", bytes)?;
        self.inner.save_snippet(snippet)
    }
    fn snippet(&self, name: &str) -> codemode_runtime::Result<Option<Snippet>> {
        self.inner.snippet(name)
    }
    fn snippets(&self) -> codemode_runtime::Result<Vec<Snippet>> {
        self.inner.snippets()
    }
    fn delete_snippet(&self, name: &str) -> codemode_runtime::Result<bool> {
        self.inner.delete_snippet(name)
    }
    fn values(&self) -> codemode_runtime::Result<BTreeMap<String, Value>> {
        self.inner.values()
    }
    fn complete_execution(
        &self,
        record: &ExecutionRecord,
        writes: &BTreeMap<String, Option<Value>>,
    ) -> codemode_runtime::Result<()> {
        if self.fail_completion.get() {
            return Err(Error::Storage(
                "injected: the completed record could not be written".into(),
            ));
        }
        for value in writes.values().flatten() {
            self.row("a stored value", value.to_string().len())?;
        }
        self.parts("an execution", record)?;
        self.inner.complete_execution(record, writes)
    }
}

impl codemode_runtime::notes::NoteStore for SqliteLike {
    fn list_notes(&self) -> codemode_runtime::Result<Vec<codemode_runtime::notes::Note>> {
        self.inner.list_notes()
    }
    fn insert_note(
        &self,
        key: &str,
        text: &str,
        now: i64,
    ) -> codemode_runtime::Result<codemode_runtime::notes::Note> {
        self.row("a note", text.len())?;
        self.inner.insert_note(key, text, now)
    }
    fn delete_note(&self, id: i64) -> codemode_runtime::Result<bool> {
        self.inner.delete_note(id)
    }
}

fn runtime_over(store: &Rc<SqliteLike>) -> Runtime {
    let clock = tick_clock(Rc::new(Cell::new(T0)));
    let connectors = fixture_connectors(store.clone(), Rc::new(Counter::default()), clock.clone());
    Runtime::new(store.clone(), connectors, clock).expect("runtime")
}

fn execute(runtime: &Runtime, code: &str) -> ExecuteOutput {
    run(runtime.execute(code)).expect("a run's outcome, not a request error")
}

/// One write site at one size, and what must come of it.
struct Row {
    site: &'static str,
    code: String,
    /// Checks the output; `Err` says what is wrong.
    expect: fn(&ExecuteOutput) -> Result<(), String>,
}

fn completed_with(check: fn(&Value) -> bool) -> impl Fn(&ExecuteOutput) -> Result<(), String> {
    move |out| match out {
        ExecuteOutput::Completed { result, .. } if check(result) => Ok(()),
        other => Err(format!("{:.300}", format!("{other:?}"))),
    }
}

fn string_len(value: &Value) -> usize {
    value
        .as_str()
        .map(|s| s.chars().count())
        .unwrap_or(usize::MAX)
}

fn is_placeholder(value: &Value) -> bool {
    value.as_str().is_some_and(|s| {
        s.starts_with("[result omitted from the stored execution: it was ") && s.contains("1048576")
    })
}

/// The reference's own case ("keeps a completed run whose FINAL result is oversized"): the
/// caller gets the value whole, and the report says the stored copy is a placeholder; the stored
/// execution completed with the placeholder, and its rows fit.
#[test]
fn an_oversized_result_is_whole_live_and_a_placeholder_stored() {
    let store = Rc::new(SqliteLike::default());
    let runtime = runtime_over(&store);
    for (code, size) in [
        ("return 'y'.repeat(1_100_000)", 1_100_002),
        ("return 'r'.repeat(1_048_575)", 1_048_577),
    ] {
        let out = execute(&runtime, code);
        let ExecuteOutput::Completed { result, report, .. } = &out else {
            panic!("{:.300}", format!("{out:?}"));
        };
        assert_eq!(string_len(result), size - 2);
        assert!(
            report.contains(&format!(
                "[The result is {size} bytes of JSON: the stored execution keeps a placeholder"
            )),
            "{:.400}",
            &report[report.len().saturating_sub(400)..]
        );
        let state = runtime.execution(out.execution_id()).expect("stored");
        assert_eq!(state.status, ExecutionStatus::Completed);
        let stored = state.result.expect("a stored result");
        assert!(is_placeholder(&stored), "{stored}");
        assert!(stored
            .as_str()
            .is_some_and(|s| s.contains(&size.to_string())));
        let output = runtime
            .execution_output(out.execution_id())
            .expect("output");
        assert!(
            output.text.len() < 1_000,
            "the stored output has the placeholder"
        );
    }
    // Just under the limit: stored whole, and the report has no note.
    let out = execute(&runtime, "return 'u'.repeat(1_000_000)");
    let state = runtime.execution(out.execution_id()).expect("stored");
    assert_eq!(state.result.as_ref().map(string_len), Some(1_000_000));
    assert!(!out
        .report()
        .contains("the stored execution keeps a placeholder"));
    assert!(store.largest_row.get() <= ROW_LIMIT);
}

#[test]
fn every_write_site_fits_the_storage_at_every_size() {
    let rows = vec![
        // The returned value: the answer carries it whole; the stored execution keeps it up to
        // 1 MiB of JSON, else a placeholder that says so (an_oversized_result_is_whole_live_…).
        Row { site: "result, just under", code: "return 'r'.repeat(1_048_574)".into(), expect: |o| completed_with(|v| string_len(v) == 1_048_574)(o) },
        Row { site: "result, just over", code: "return 'r'.repeat(1_048_575)".into(), expect: |o| completed_with(|v| string_len(v) == 1_048_575)(o) },
        Row { site: "result, far over", code: "return 'r'.repeat(8_000_000)".into(), expect: |o| completed_with(|v| string_len(v) == 8_000_000)(o) },
        Row { site: "result, many keys over", code: "const o = {}; for (let i = 0; i < 60000; i++) o['key-padding-' + i] = i; return o".into(), expect: |o| completed_with(|v| v.as_object().is_some_and(|o| o.len() == 60_000))(o) },
        // text(): kept whole up to 4 Mi characters (the record is stored in parts).
        Row { site: "text, just under", code: "text('t'.repeat(4 * 1024 * 1024 - 10)); return 1".into(), expect: |o| completed_with(|v| v == &json!(1))(o) },
        Row { site: "text, over", code: "text('t'.repeat(4 * 1024 * 1024 + 10)); return 1".into(), expect: |o| completed_with(|v| v == &json!(1))(o) },
        Row { site: "text, far over", code: "for (let i = 0; i < 5; i++) text('t'.repeat(3_000_000)); return 1".into(), expect: |o| completed_with(|v| v == &json!(1))(o) },
        // console: the same limit.
        Row { site: "console, under", code: "for (let i = 0; i < 2500; i++) console.log('c'.repeat(999)); return 1".into(), expect: |o| completed_with(|v| v == &json!(1))(o) },
        Row { site: "console, far over", code: "for (let i = 0; i < 9000; i++) console.log('c'.repeat(999)); return 1".into(), expect: |o| completed_with(|v| v == &json!(1))(o) },
        // Tool arguments: up to 256 KiB of JSON; over, the call rejects without running.
        Row { site: "tool arguments, under", code: "return (await counter.echo({s: 'a'.repeat(200_000)})).s.length".into(), expect: |o| completed_with(|v| v == &json!(200_000))(o) },
        Row { site: "tool arguments, over", code: "try { await counter.echo({s: 'a'.repeat(300_000)}) } catch (e) { return e.name }".into(), expect: |o| completed_with(|v| v == &json!("RangeError"))(o) },
        // Tool results: up to 1 MiB of JSON; over, the call is journaled as an error.
        Row { site: "tool results, many near the limit", code: "const r = []; for (let i = 0; i < 6; i++) r.push((await counter.echo({s: 'e'.repeat(250_000)})).s.length); return r".into(), expect: |o| completed_with(|v| v == &json!([250_000, 250_000, 250_000, 250_000, 250_000, 250_000]))(o) },
        // store(): values up to 256 Ki characters of JSON; over, a RangeError and nothing stored.
        Row { site: "store, under", code: "store('k', 's'.repeat(200_000)); return 1".into(), expect: |o| completed_with(|v| v == &json!(1))(o) },
        Row { site: "store, over", code: "store('k', 's'.repeat(300_000)); return 1".into(), expect: |o| match o {
            ExecuteOutput::Error { error, .. } if error.code == "SCRIPT_ERROR" && error.message.contains("RangeError") => Ok(()),
            other => Err(format!("{:.300}", format!("{other:?}"))),
        } },
    ];
    let store = Rc::new(SqliteLike::default());
    let runtime = runtime_over(&store);
    let mut problems = Vec::new();
    for row in &rows {
        let out = execute(&runtime, &row.code);
        if let Err(why) = (row.expect)(&out) {
            problems.push(format!("{}: {why}", row.site));
        }
        let state = runtime.execution(out.execution_id()).expect("stored");
        if state.status == ExecutionStatus::Running {
            problems.push(format!("{}: left running", row.site));
        }
        // The object keeps serving.
        if !matches!(
            execute(&runtime, "return 2"),
            ExecuteOutput::Completed { .. }
        ) {
            problems.push(format!("{}: the next run did not complete", row.site));
        }
    }
    // Snippets: the code of a run is at most 64 KiB, so a snippet always fits.
    let long = format!("// {}\nreturn 3", "s".repeat(64 * 1024 - 20));
    let out = execute(&runtime, &long);
    run(async { runtime.save_snippet("long", "a long one", out.execution_id()) })
        .expect("a 64 KiB snippet is saved");
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(store.largest_row.get() <= ROW_LIMIT);
    assert!(
        store.largest_row.get() > 1_000_000,
        "the table reached large rows: {}",
        store.largest_row.get()
    );
}

/// A journal write that fails ends the run `STORAGE_ERROR` with the calls it journaled; it is
/// not left `running` for the alarm to repeat, and the object keeps serving.
#[test]
fn a_failed_journal_write_ends_the_run_with_its_calls() {
    let store = Rc::new(SqliteLike::default());
    let runtime = runtime_over(&store);
    store.appends_left.set(Some(2));
    let out = execute(
        &runtime,
        "for (let i = 0; i < 5; i++) await counter.bump({by: 1}); return 'never'",
    );
    let error = error_info(&out);
    assert_eq!(error.code, "STORAGE_ERROR", "{error:?}");
    assert!(error.message.contains("call #2"), "{}", error.message);
    let state = runtime.execution(out.execution_id()).expect("stored");
    assert_eq!(state.status, ExecutionStatus::Error);
    let journaled: Vec<u32> = store
        .journal(out.execution_id())
        .expect("journal")
        .iter()
        .map(|e| e.seq)
        .collect();
    assert_eq!(journaled, [0, 1]);
    let applied: Vec<(u32, CallState)> = state.calls.iter().map(|c| (c.seq, c.state)).collect();
    assert_eq!(
        applied[..2],
        [(0, CallState::Applied), (1, CallState::Applied)]
    );
    assert!(out.report().contains("counter.bump"), "{}", out.report());
    // Nothing left for the alarm.
    assert_eq!(
        run(runtime.wake()).expect("wake").resumed,
        Vec::<String>::new()
    );
    store.appends_left.set(None);
    assert!(matches!(
        execute(&runtime, "return await counter.get({})"),
        ExecuteOutput::Completed { .. }
    ));
}

/// A completed run whose record cannot be written ends `STORAGE_ERROR` (saved without its
/// result), and its `store()` writes are not applied.
#[test]
fn an_unsaveable_completion_ends_the_run_as_a_storage_error() {
    let store = Rc::new(SqliteLike::default());
    let runtime = runtime_over(&store);
    store.fail_completion.set(true);
    let out = execute(
        &runtime,
        "await counter.bump({by: 1}); store('k', 1); return 'done'",
    );
    let error = error_info(&out);
    assert_eq!(error.code, "STORAGE_ERROR", "{error:?}");
    let state = runtime.execution(out.execution_id()).expect("stored");
    assert_eq!(
        (state.status, state.result.clone()),
        (ExecutionStatus::Error, None)
    );
    assert_eq!(state.calls.len(), 1, "the call is listed");
    assert_eq!(
        store.values().expect("values").get("k"),
        None,
        "the writes of a run that did not complete are not applied"
    );
    store.fail_completion.set(false);
    assert!(matches!(
        execute(&runtime, "return 1"),
        ExecuteOutput::Completed { .. }
    ));
}

#[test]
fn parts_are_cut_on_character_boundaries_and_join_to_the_whole() {
    let text = "aé€😀".repeat(100_000);
    for max in [4, 5, 7, 1000, MAX_PART_BYTES] {
        let parts = split_parts(&text, max);
        assert!(parts.iter().all(|p| p.len() <= max), "a part over {max}");
        assert_eq!(parts.concat(), text);
    }
    assert_eq!(split_parts("", 10), [""]);
}

#[test]
fn table_names_in_braces_take_the_store_prefix() {
    let query = "INSERT INTO {parts} (owner, part, data) SELECT owner, parts, data FROM {journal} WHERE data IN ('{x', '{}', '{A}')";
    assert_eq!(
        qualify_tables(query, "codemode_"),
        "INSERT INTO codemode_parts (owner, part, data) SELECT owner, parts, data FROM codemode_journal WHERE data IN ('{x', '{}', '{A}')",
        "only `{{table_name}}` is a table"
    );
    assert_eq!(
        qualify_tables(
            "CREATE INDEX IF NOT EXISTS {executions_by_status} ON {executions} (status)",
            ""
        ),
        "CREATE INDEX IF NOT EXISTS executions_by_status ON executions (status)",
        "the service's own object keeps its table names"
    );
    assert_eq!(qualify_tables("SELECT 1", "codemode_"), "SELECT 1");
}
