//! Argument validation against input schemas: readable messages naming the field, and a call
//! whose argument does not match is refused before it is journaled or offered for approval.

mod common;

use codemode_runtime::schema::validate;
use common::*;
use serde_json::json;

#[test]
fn violations_name_the_field() {
    let schema = json!({
        "type": "object",
        "properties": {
            "text": {"type": "string", "minLength": 1, "maxLength": 5},
            "count": {"type": "integer", "minimum": 1, "maximum": 10},
            "mode": {"enum": ["fast", "slow"]},
            "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 2},
            "owner": {"$ref": "#/$defs/owner"},
            "either": {"anyOf": [{"type": "string"}, {"type": "integer"}]}
        },
        "required": ["text"],
        "additionalProperties": false,
        "$defs": {"owner": {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}}
    });
    let cases = [
        (json!({}), "`text` is required"),
        (json!({"text": 5}), "`text` must be string, got integer"),
        (
            json!({"text": ""}),
            "`text` must have at least 1 characters",
        ),
        (
            json!({"text": "toolong"}),
            "`text` must have at most 5 characters",
        ),
        (
            json!({"text": "a", "count": 1.5}),
            "`count` must be integer, got number",
        ),
        (
            json!({"text": "a", "count": 0}),
            "`count` must be at least 1",
        ),
        (
            json!({"text": "a", "count": 11}),
            "`count` must be at most 10",
        ),
        (
            json!({"text": "a", "mode": "medium"}),
            "`mode` must be one of \"fast\", \"slow\"",
        ),
        (
            json!({"text": "a", "tags": ["x", 2]}),
            "`tags[1]` must be string",
        ),
        (
            json!({"text": "a", "tags": ["x", "y", "z"]}),
            "`tags` must have at most 2 items",
        ),
        (json!({"text": "a", "owner": {}}), "`owner.id` is required"),
        (
            json!({"text": "a", "owner": {"id": "x"}}),
            "`owner.id` must be integer",
        ),
        (
            json!({"text": "a", "either": true}),
            "`either` must be string",
        ),
        (
            json!({"text": "a", "colour": "red"}),
            "`colour` is not a known field (fields: text, count, mode, tags, owner, either)",
        ),
        (json!([1]), "the argument must be object, got array"),
    ];
    for (value, fragment) in cases {
        let error = validate(&schema, &value).expect_err(&value.to_string());
        assert!(error.contains(fragment), "{value}: {error}");
    }
    for ok in [
        json!({"text": "a"}),
        json!({"text": "abc", "count": 3, "mode": "fast", "tags": ["x"], "owner": {"id": 1}, "either": 4}),
    ] {
        assert_eq!(validate(&schema, &ok), Ok(()), "{ok}");
    }
}

#[test]
fn an_invalid_argument_rejects_the_promise_and_nothing_is_journaled_or_paused() {
    let f = fixture();
    let out =
        f.execute("try { await notes.createNote({text: 42}) } catch (e) { return e.message }");
    assert_eq!(
        completed(&out),
        json!("notes.createNote: `text` must be string, got integer")
    );
    assert!(
        calls(&out).is_empty(),
        "no call was recorded: {:?}",
        calls(&out)
    );
    let out = f.execute("await notes.createNote({})");
    assert_eq!(error_code(&out), "SCRIPT_ERROR");
    assert!(
        error_info(&out).message.contains("`text` is required"),
        "{:?}",
        error_info(&out)
    );
    assert!(f
        .runtime
        .pending_approvals(None)
        .expect("pending")
        .is_empty());
    let out = f.execute("return await notes.listNotes({extra: 1}).catch(e => e.message)");
    assert_eq!(
        completed(&out),
        json!("notes.listNotes: `extra` is not a known field")
    );
}
