//! The Durable Object's SQLite storage behind [`Store`] and [`NoteStore`]. Every method is one or
//! two synchronous `exec` calls, so each write is committed before the object's next output.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use worker::{SqlStorage, SqlStorageValue};

use crate::error::{Error, Result};
use crate::journal::JournalEntry;
use crate::model::Snippet;
use crate::notes::{Note, NoteStore};
use crate::store::{qualify_tables, split_parts, ExecutionRecord, Store, MAX_PART_BYTES};

/// The schema version this code writes. Each step in [`MIGRATIONS`] moves one version up.
pub const SCHEMA_VERSION: i64 = 4;

/// Migrations by target version; each entry's statements run once, in order.
const MIGRATIONS: &[&[&str]] = &[&[
    "CREATE TABLE IF NOT EXISTS {executions} (
        id TEXT PRIMARY KEY, status TEXT NOT NULL, created_at INTEGER NOT NULL, data TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS {executions_by_created} ON {executions} (created_at)",
    "CREATE INDEX IF NOT EXISTS {executions_by_status} ON {executions} (status)",
    "CREATE TABLE IF NOT EXISTS {journal} (
        execution_id TEXT NOT NULL, seq INTEGER NOT NULL, delivery INTEGER NOT NULL, data TEXT NOT NULL,
        PRIMARY KEY (execution_id, seq))",
    "CREATE TABLE IF NOT EXISTS {snippets} (name TEXT PRIMARY KEY, data TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS {notes} (
        id INTEGER PRIMARY KEY AUTOINCREMENT, call_key TEXT UNIQUE, text TEXT NOT NULL, created_at INTEGER NOT NULL)",
], &[
    "CREATE TABLE IF NOT EXISTS {kv} (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
], &[
    // Version 3: records and journal entries over `MAX_PART_BYTES` are cut into parts (the first in
    // `data`, the rest in `parts`); `updated_at` answers `oldest_paused_update` without reading
    // `data` (which is no longer always whole JSON).
    "ALTER TABLE {executions} ADD COLUMN parts INTEGER NOT NULL DEFAULT 1",
    "ALTER TABLE {executions} ADD COLUMN updated_at INTEGER",
    "UPDATE {executions} SET updated_at = json_extract(data, '$.state.updatedAt')",
    "ALTER TABLE {journal} ADD COLUMN parts INTEGER NOT NULL DEFAULT 1",
    "CREATE TABLE IF NOT EXISTS {parts} (owner TEXT NOT NULL, part INTEGER NOT NULL, data TEXT NOT NULL,
        PRIMARY KEY (owner, part))",
], &[
    // Version 4: images a run hands back (`image()`, `models.generateImages`), base64 in parts
    // like records, apart from the journal and deleted with their execution.
    "CREATE TABLE IF NOT EXISTS {images} (id TEXT PRIMARY KEY, execution_id TEXT NOT NULL,
        meta TEXT NOT NULL, parts INTEGER NOT NULL, data TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS {images_by_execution} ON {images} (execution_id)",
]];

/// [`Store`] over `state.storage().sql()`. Statements name tables in braces (`{executions}`);
/// each is run with the store's table prefix put in their place.
pub struct SqlStore {
    sql: SqlStorage,
    /// Put before every table and index name: empty in the service's own object, `codemode_`
    /// where the runtime shares an agent's database (see [`crate::shell::embed`]).
    prefix: String,
}

/// A stored value's first part and how many parts it has (see [`crate::store::split_parts`]).
#[derive(Deserialize)]
struct DataRow {
    data: String,
    #[serde(default = "one")]
    parts: f64,
    /// Whose parts: see [`execution_owner`] and [`journal_owner`].
    #[serde(default)]
    owner: String,
}

fn one() -> f64 {
    1.0
}

/// The `parts` owner of an execution's record.
fn execution_owner(id: &str) -> String {
    format!("e/{id}")
}

/// The `parts` owner of an image's bytes.
fn image_owner(execution_id: &str, id: &str) -> String {
    format!("i/{execution_id}/{id}")
}

/// Journal rows one `INSERT` writes (5 values each, at most 100 bound values a statement).
const JOURNAL_ROWS_PER_INSERT: usize = 20;

/// The `parts` owner of a journal entry.
fn journal_owner(execution_id: &str, seq: u32) -> String {
    format!("j/{execution_id}/{seq}")
}

#[derive(Deserialize)]
struct KeyValueRow {
    key: String,
    value: String,
}

#[derive(Deserialize)]
struct VersionRow {
    value: String,
}

#[derive(Deserialize)]
struct NoteRow {
    id: f64,
    text: String,
    created_at: f64,
}

fn storage(error: impl std::fmt::Display) -> Error {
    Error::Storage(error.to_string())
}

fn encode<T: Serialize>(value: &T) -> Result<String> {
    serde_json::to_string(value).map_err(storage)
}

impl SqlStore {
    /// Opens the store, creating or upgrading the schema.
    pub fn open(sql: SqlStorage) -> Result<Self> {
        Self::open_prefixed(sql, "")
    }

    /// [`SqlStore::open`] with tables named `prefix` + name, beside a host's own tables.
    pub fn open_prefixed(sql: SqlStorage, prefix: &str) -> Result<Self> {
        let store = Self {
            sql,
            prefix: prefix.to_string(),
        };
        store.migrate()?;
        Ok(store)
    }

    fn exec(&self, query: &str, bindings: Vec<SqlStorageValue>) -> Result<worker::SqlCursor> {
        self.sql
            .exec(&qualify_tables(query, &self.prefix), Some(bindings))
            .map_err(storage)
    }

    fn rows<T: DeserializeOwned>(
        &self,
        query: &str,
        bindings: Vec<SqlStorageValue>,
    ) -> Result<Vec<T>> {
        self.exec(query, bindings)?.to_array().map_err(storage)
    }

    fn with_status(&self, status: &str) -> Result<Vec<ExecutionRecord>> {
        let rows = self.rows(
            "SELECT data, parts, 'e/' || id AS owner FROM {executions} WHERE status = ? ORDER BY created_at, rowid",
            vec![status.into()],
        )?;
        self.decode(rows)
    }

    /// Values from rows, their parts joined again.
    fn decode<T: DeserializeOwned>(&self, rows: Vec<DataRow>) -> Result<Vec<T>> {
        rows.into_iter()
            .map(|row| {
                let json = if row.parts > 1.0 {
                    self.join_parts(row)?
                } else {
                    row.data
                };
                serde_json::from_str(&json).map_err(storage)
            })
            .collect()
    }

    fn join_parts(&self, row: DataRow) -> Result<String> {
        #[derive(Deserialize)]
        struct PartRow {
            data: String,
        }
        let rest: Vec<PartRow> = self.rows(
            "SELECT data FROM {parts} WHERE owner = ? ORDER BY part",
            vec![row.owner.as_str().into()],
        )?;
        if rest.len() + 1 != row.parts as usize {
            return Err(Error::Storage(format!(
                "{} has {} of its {} parts",
                row.owner,
                rest.len() + 1,
                row.parts
            )));
        }
        let mut json = row.data;
        for part in rest {
            json.push_str(&part.data);
        }
        Ok(json)
    }

    /// `json` cut into parts: the first is returned (for the row's `data`), the rest are written
    /// under `owner` (replacing any it had). Returns the first part and how many there are.
    fn write_parts<'a>(
        &self,
        owner: &str,
        json: &'a str,
        replacing: bool,
    ) -> Result<(&'a str, usize)> {
        if replacing {
            self.exec("DELETE FROM {parts} WHERE owner = ?", vec![owner.into()])?;
        }
        let parts = split_parts(json, MAX_PART_BYTES);
        for (index, part) in parts.iter().enumerate().skip(1) {
            self.exec(
                "INSERT INTO {parts} (owner, part, data) VALUES (?, ?, ?)",
                vec![owner.into(), (index as i64).into(), (*part).into()],
            )?;
        }
        Ok((parts.first().copied().unwrap_or_default(), parts.len()))
    }

    fn migrate(&self) -> Result<()> {
        const VERSION: &str = "SELECT value FROM {meta} WHERE key = 'schema_version'";
        // An object opens its storage on every start: when the schema exists (the usual case),
        // reading the version is the only query. Only a store without `meta` creates it first.
        let rows: Vec<VersionRow> = match self.rows(VERSION, vec![]) {
            Ok(rows) => rows,
            Err(_) => {
                self.exec(
                    "CREATE TABLE IF NOT EXISTS {meta} (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
                    vec![],
                )?;
                self.rows(VERSION, vec![])?
            }
        };
        let current: i64 = rows.first().and_then(|r| r.value.parse().ok()).unwrap_or(0);
        if current > SCHEMA_VERSION {
            return Err(Error::Storage(format!(
                "the stored schema is version {current}; this code knows up to {SCHEMA_VERSION}"
            )));
        }
        for (index, statements) in MIGRATIONS.iter().enumerate().skip(current as usize) {
            for statement in *statements {
                self.exec(statement, vec![])?;
            }
            self.exec(
                "INSERT INTO {meta} (key, value) VALUES ('schema_version', ?)
                 ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                vec![(index as i64 + 1).to_string().into()],
            )?;
        }
        Ok(())
    }
}

impl Store for SqlStore {
    fn save_execution(&self, record: &ExecutionRecord) -> Result<()> {
        let json = encode(record)?;
        let (first, parts) = self.write_parts(&execution_owner(&record.state.id), &json, true)?;
        self.exec(
            "INSERT INTO {executions} (id, status, created_at, updated_at, parts, data) VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT(id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at,
                parts = excluded.parts, data = excluded.data",
            vec![
                record.state.id.as_str().into(),
                record.state.status.as_str().into(),
                record.state.created_at.into(),
                record.state.updated_at.into(),
                (parts as i64).into(),
                first.into(),
            ],
        )?;
        Ok(())
    }

    fn load_execution(&self, id: &str) -> Result<Option<ExecutionRecord>> {
        let rows = self.rows(
            "SELECT data, parts, 'e/' || id AS owner FROM {executions} WHERE id = ?",
            vec![id.into()],
        )?;
        Ok(self.decode(rows)?.into_iter().next())
    }

    fn recent_executions(&self, limit: usize) -> Result<Vec<ExecutionRecord>> {
        let rows = self.rows(
            "SELECT data, parts, 'e/' || id AS owner FROM {executions} ORDER BY created_at DESC, rowid DESC LIMIT ?",
            vec![(limit as i64).into()],
        )?;
        self.decode(rows)
    }

    fn paused_executions(&self) -> Result<Vec<ExecutionRecord>> {
        self.with_status("paused")
    }

    fn running_executions(&self) -> Result<Vec<ExecutionRecord>> {
        self.with_status("running")
    }

    fn waiting_executions(&self) -> Result<Vec<ExecutionRecord>> {
        self.with_status("waiting")
    }

    fn running_ids(&self) -> Result<Vec<String>> {
        #[derive(Deserialize)]
        struct IdRow {
            id: String,
        }
        let rows: Vec<IdRow> = self.rows(
            "SELECT id FROM {executions} WHERE status = 'running' ORDER BY created_at, rowid",
            vec![],
        )?;
        Ok(rows.into_iter().map(|r| r.id).collect())
    }

    /// One aggregate instead of decoding every paused record.
    fn oldest_paused_update(&self) -> Result<Option<i64>> {
        #[derive(Deserialize)]
        struct AtRow {
            at: Option<f64>,
        }
        let rows: Vec<AtRow> = self.rows(
            "SELECT MIN(updated_at) AS at FROM {executions} WHERE status = 'paused'",
            vec![],
        )?;
        Ok(rows.first().and_then(|r| r.at).map(|at| at as i64))
    }

    fn finished_beyond(&self, keep: usize) -> Result<Vec<String>> {
        #[derive(Deserialize)]
        struct IdRow {
            id: String,
        }
        let rows: Vec<IdRow> = self.rows(
            "SELECT id FROM {executions} WHERE status NOT IN ('running', 'paused', 'waiting')
             ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?",
            vec![(keep as i64).into()],
        )?;
        Ok(rows.into_iter().map(|r| r.id).collect())
    }

    fn delete_execution(&self, id: &str) -> Result<()> {
        self.exec(
            "DELETE FROM {parts} WHERE owner = ? OR owner LIKE ? ESCAPE '\\'",
            vec![
                execution_owner(id).into(),
                format!("j/{}/%", escape_like(id)).into(),
            ],
        )?;
        self.exec(
            "DELETE FROM {journal} WHERE execution_id = ?",
            vec![id.into()],
        )?;
        self.exec(
            "DELETE FROM {parts} WHERE owner LIKE ? ESCAPE '\\'",
            vec![format!("i/{}/%", escape_like(id)).into()],
        )?;
        self.exec(
            "DELETE FROM {images} WHERE execution_id = ?",
            vec![id.into()],
        )?;
        self.exec("DELETE FROM {executions} WHERE id = ?", vec![id.into()])?;
        Ok(())
    }

    fn append_journal(&self, execution_id: &str, entry: &JournalEntry) -> Result<()> {
        let json = encode(entry)?;
        let (first, parts) =
            self.write_parts(&journal_owner(execution_id, entry.seq), &json, false)?;
        self.exec(
            "INSERT INTO {journal} (execution_id, seq, delivery, parts, data) VALUES (?, ?, ?, ?, ?)",
            vec![
                execution_id.into(),
                i64::from(entry.seq).into(),
                i64::from(entry.delivery).into(),
                (parts as i64).into(),
                first.into(),
            ],
        )?;
        Ok(())
    }

    fn append_journal_batch(
        &self,
        execution_id: &str,
        entries: &[JournalEntry],
    ) -> std::result::Result<(), (u32, Error)> {
        // A statement may bind at most 100 values (Durable Object SQL): 20 rows of 5.
        for chunk in entries.chunks(JOURNAL_ROWS_PER_INSERT) {
            let first_seq = chunk.first().map_or(0, |e| e.seq);
            let mut values = Vec::with_capacity(chunk.len() * 5);
            for entry in chunk {
                let failed = |error| (entry.seq, error);
                let json = encode(entry).map_err(failed)?;
                let (first, parts) = self
                    .write_parts(&journal_owner(execution_id, entry.seq), &json, false)
                    .map_err(failed)?;
                values.extend([
                    execution_id.into(),
                    i64::from(entry.seq).into(),
                    i64::from(entry.delivery).into(),
                    (parts as i64).into(),
                    first.into(),
                ]);
            }
            let rows = vec!["(?, ?, ?, ?, ?)"; chunk.len()].join(", ");
            self.exec(
                &format!("INSERT INTO {{journal}} (execution_id, seq, delivery, parts, data) VALUES {rows}"),
                values,
            )
            .map_err(|error| (first_seq, error))?;
        }
        Ok(())
    }

    fn journal(&self, execution_id: &str) -> Result<Vec<JournalEntry>> {
        let rows = self.rows(
            "SELECT data, parts, 'j/' || execution_id || '/' || seq AS owner FROM {journal}
             WHERE execution_id = ? ORDER BY delivery",
            vec![execution_id.into()],
        )?;
        self.decode(rows)
    }

    fn save_snippet(&self, snippet: &Snippet) -> Result<()> {
        self.exec(
            "INSERT INTO {snippets} (name, data) VALUES (?, ?)
             ON CONFLICT(name) DO UPDATE SET data = excluded.data",
            vec![snippet.name.as_str().into(), encode(snippet)?.into()],
        )?;
        Ok(())
    }

    fn snippet(&self, name: &str) -> Result<Option<Snippet>> {
        let rows = self.rows(
            "SELECT data FROM {snippets} WHERE name = ?",
            vec![name.into()],
        )?;
        Ok(self.decode(rows)?.into_iter().next())
    }

    fn snippets(&self) -> Result<Vec<Snippet>> {
        self.decode(self.rows("SELECT data FROM {snippets} ORDER BY name", vec![])?)
    }

    fn delete_snippet(&self, name: &str) -> Result<bool> {
        let cursor = self.exec("DELETE FROM {snippets} WHERE name = ?", vec![name.into()])?;
        let _ = cursor.to_array::<serde_json::Value>();
        Ok(cursor.rows_written() > 0)
    }

    fn values(&self) -> Result<BTreeMap<String, Value>> {
        let rows: Vec<KeyValueRow> = self.rows("SELECT key, value FROM {kv}", vec![])?;
        rows.into_iter()
            .map(|row| Ok((row.key, serde_json::from_str(&row.value).map_err(storage)?)))
            .collect()
    }

    fn complete_execution(
        &self,
        record: &ExecutionRecord,
        writes: &BTreeMap<String, Option<Value>>,
    ) -> Result<()> {
        // Synchronous writes with no `await` between them: committed together.
        for (key, value) in writes {
            match value {
                Some(value) => self.exec(
                    "INSERT INTO {kv} (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    vec![key.as_str().into(), encode(value)?.into()],
                )?,
                None => self.exec("DELETE FROM {kv} WHERE key = ?", vec![key.as_str().into()])?,
            };
        }
        self.save_execution(record)
    }
}

impl NoteStore for SqlStore {
    fn list_notes(&self) -> Result<Vec<Note>> {
        let rows: Vec<NoteRow> = self.rows(
            "SELECT id, text, created_at FROM {notes} ORDER BY id",
            vec![],
        )?;
        Ok(rows
            .into_iter()
            .map(|r| Note {
                id: r.id as i64,
                text: r.text,
                created_at: r.created_at as i64,
            })
            .collect())
    }

    fn insert_note(&self, key: &str, text: &str, now: i64) -> Result<Note> {
        self.exec(
            "INSERT INTO {notes} (call_key, text, created_at) VALUES (?, ?, ?) ON CONFLICT(call_key) DO NOTHING",
            vec![key.into(), text.into(), now.into()],
        )?;
        let rows: Vec<NoteRow> = self.rows(
            "SELECT id, text, created_at FROM {notes} WHERE call_key = ?",
            vec![key.into()],
        )?;
        rows.into_iter()
            .next()
            .map(|r| Note {
                id: r.id as i64,
                text: r.text,
                created_at: r.created_at as i64,
            })
            .ok_or_else(|| Error::Storage("the note just written is missing".into()))
    }

    fn delete_note(&self, id: i64) -> Result<bool> {
        let cursor = self.exec("DELETE FROM {notes} WHERE id = ?", vec![id.into()])?;
        let _ = cursor.to_array::<serde_json::Value>();
        Ok(cursor.rows_written() > 0)
    }
}

/// `text` for a `LIKE` pattern with `\` as the escape character.
fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}

impl SqlStore {
    /// The references (`meta`) of the images `query` selects by `key`, without their bytes.
    fn image_refs(&self, query: &str, key: &str) -> Result<Vec<crate::images::ImageRef>> {
        #[derive(Deserialize)]
        struct MetaRow {
            meta: String,
        }
        let rows: Vec<MetaRow> = self.rows(query, vec![key.into()])?;
        rows.iter()
            .map(|row| serde_json::from_str(&row.meta).map_err(storage))
            .collect()
    }
}

impl crate::images::ImageStore for SqlStore {
    fn save_image(&self, image: &crate::images::StoredImage) -> Result<()> {
        let owner = image_owner(&image.execution_id, &image.image.id);
        let data = crate::images::encode_base64(&image.data);
        let (first, parts) = self.write_parts(&owner, &data, true)?;
        self.exec(
            "INSERT OR REPLACE INTO {images} (id, execution_id, meta, parts, data) VALUES (?, ?, ?, ?, ?)",
            vec![
                image.image.id.as_str().into(),
                image.execution_id.as_str().into(),
                encode(&image.image)?.into(),
                (parts as i64).into(),
                first.into(),
            ],
        )?;
        Ok(())
    }

    fn load_image(&self, id: &str) -> Result<Option<crate::images::StoredImage>> {
        #[derive(Deserialize)]
        struct ImageRow {
            execution_id: String,
            meta: String,
            parts: f64,
            data: String,
        }
        let rows: Vec<ImageRow> = self.rows(
            "SELECT execution_id, meta, parts, data FROM {images} WHERE id = ?",
            vec![id.into()],
        )?;
        let Some(row) = rows.into_iter().next() else {
            return Ok(None);
        };
        let image: crate::images::ImageRef = serde_json::from_str(&row.meta).map_err(storage)?;
        let text = if row.parts > 1.0 {
            self.join_parts(DataRow {
                data: row.data,
                parts: row.parts,
                owner: image_owner(&row.execution_id, id),
            })?
        } else {
            row.data
        };
        let data = crate::images::decode_base64(&text).ok_or_else(|| {
            Error::Storage(format!("image {id}: its stored bytes are not base64"))
        })?;
        Ok(Some(crate::images::StoredImage {
            image,
            execution_id: row.execution_id,
            data,
        }))
    }

    fn image_ref(&self, id: &str) -> Result<Option<crate::images::ImageRef>> {
        let found = self.image_refs("SELECT meta FROM {images} WHERE id = ?", id)?;
        Ok(found.into_iter().next())
    }

    fn execution_images(&self, execution_id: &str) -> Result<Vec<crate::images::ImageRef>> {
        self.image_refs(
            "SELECT meta FROM {images} WHERE execution_id = ? ORDER BY id",
            execution_id,
        )
    }
}
