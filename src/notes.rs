//! The built-in `notes` demo connector: `listNotes()` and `createNote({text})`, the latter
//! needing approval and undone by deleting the note. Notes live wherever the [`NoteStore`] keeps
//! them: the Durable Object's SQLite storage in the Worker, memory in tests.

use std::rc::Rc;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::connector::{CallContext, Connector, Reverted, ToolError, ToolSpec};
use crate::error::Result;

/// One note.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Note {
    pub id: i64,
    pub text: String,
    pub created_at: i64,
}

/// Where notes are kept.
pub trait NoteStore {
    fn list_notes(&self) -> Result<Vec<Note>>;
    /// Inserts a note, or returns the one already written under `key` (so a retried call after a
    /// crash writes it once).
    fn insert_note(&self, key: &str, text: &str, now: i64) -> Result<Note>;
    /// `true` if a note was deleted.
    fn delete_note(&self, id: i64) -> Result<bool>;
}

/// The longest note accepted, in bytes.
pub const MAX_NOTE_BYTES: usize = 64 * 1024;

/// The `notes` connector.
pub struct NotesConnector {
    store: Rc<dyn NoteStore>,
    clock: Rc<dyn Fn() -> i64>,
}

impl NotesConnector {
    pub fn new(store: Rc<dyn NoteStore>, clock: Rc<dyn Fn() -> i64>) -> Self {
        Self { store, clock }
    }
}

fn note_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "id": {"type": "integer"},
            "text": {"type": "string"},
            "createdAt": {"type": "integer", "description": "milliseconds since the epoch"}
        },
        "required": ["id", "text", "createdAt"]
    })
}

#[async_trait(?Send)]
impl Connector for NotesConnector {
    fn name(&self) -> &str {
        "notes"
    }

    fn instructions(&self) -> String {
        "A small note store kept with this conversation. Creating a note needs a human's approval."
            .to_string()
    }

    fn tools(&self) -> Vec<ToolSpec> {
        vec![
            ToolSpec::new(
                "listNotes",
                "List all saved notes, oldest first.",
                json!({"type": "object", "properties": {}, "additionalProperties": false}),
            )
            .with_output(json!({"type": "array", "items": note_schema()})),
            ToolSpec::new(
                "createNote",
                "Create a new note with the given text. Requires approval.",
                json!({
                    "type": "object",
                    "properties": {"text": {"type": "string", "description": "the note's text"}},
                    "required": ["text"],
                    "additionalProperties": false
                }),
            )
            .with_output(note_schema())
            .needing_approval(),
        ]
    }

    async fn execute(&self, args: Value, ctx: &CallContext) -> Result<Value, ToolError> {
        match ctx.method.as_str() {
            "listNotes" => {
                let notes = self
                    .store
                    .list_notes()
                    .map_err(|e| ToolError::new(e.to_string()))?;
                serde_json::to_value(notes).map_err(|e| ToolError::new(e.to_string()))
            }
            "createNote" => {
                let text = args
                    .get("text")
                    .and_then(Value::as_str)
                    .ok_or_else(|| ToolError::new("createNote: `text` must be a string"))?;
                if text.len() > MAX_NOTE_BYTES {
                    return Err(ToolError::new(format!(
                        "createNote: text is {} bytes; the limit is {MAX_NOTE_BYTES}",
                        text.len()
                    )));
                }
                let note = self
                    .store
                    .insert_note(&ctx.idempotency_key(), text, (self.clock)())
                    .map_err(|e| ToolError::new(e.to_string()))?;
                serde_json::to_value(note).map_err(|e| ToolError::new(e.to_string()))
            }
            other => Err(ToolError::new(format!("notes has no method `{other}`"))),
        }
    }

    async fn revert(
        &self,
        _args: &Value,
        result: &Value,
        ctx: &CallContext,
    ) -> Result<Reverted, ToolError> {
        match ctx.method.as_str() {
            "createNote" => {
                let id = result
                    .get("id")
                    .and_then(Value::as_i64)
                    .ok_or_else(|| ToolError::new("createNote result has no note id"))?;
                // Deleting a note that is already gone is a successful undo.
                self.store
                    .delete_note(id)
                    .map_err(|e| ToolError::new(e.to_string()))?;
                Ok(Reverted::Done)
            }
            _ => Ok(Reverted::Unsupported),
        }
    }
}
