//! What the model reads about the tools: the descriptor, search, describe, and the TypeScript
//! rendering of JSON Schema.

mod common;

use codemode_runtime::catalog::schema_to_ts;
use codemode_runtime::model::{DescribeKind, SearchKind};
use common::*;
use serde_json::{json, Value};

const NOTE_TS: &str =
    "{ id: number; text: string; /** milliseconds since the epoch */ createdAt: number }";

fn snippet(f: &Fixture, name: &str, description: &str, code: &str) {
    let out = f.execute(code);
    completed(&out);
    f.runtime
        .save_snippet(name, description, out.execution_id())
        .expect("save");
}

#[test]
fn tool_descriptor_declares_every_connector() {
    let f = fixture();
    let tool = f.runtime.tool();
    assert_eq!(tool.name, "codemode");
    let lines: Vec<&str> = tool.description.lines().collect();
    for line in [
        "declare const notes: {",
        "  /** List all saved notes, oldest first. */",
        &format!("  listNotes(args?: {{}}): Promise<{NOTE_TS}[]>;"),
        "  /** Create a new note with the given text. Requires approval. */",
        &format!("  createNote(args: {{ /** the note's text */ text: string }}): Promise<{NOTE_TS}>;"),
        "declare const counter: {",
        "  bump(args?: { by?: number }): Promise<unknown>;",
        "  get(args?: Record<string, unknown>): Promise<unknown>;",
        "/** A small note store kept with this conversation. Creating a note needs a human's approval. */",
    ] {
        assert!(lines.contains(&line), "missing {line:?} in\n{}", tool.description);
    }
    for word in [
        "codemode.search(query)",
        "codemode.describe(path)",
        "codemode.run(snippetName, input)",
        "text(value)",
    ] {
        assert!(tool.description.contains(word), "{word}");
    }
    assert_eq!(tool.input_schema["type"], json!("object"));
    assert_eq!(tool.input_schema["required"], json!(["code"]));
    assert_eq!(
        tool.input_schema["properties"]["code"]["type"],
        json!("string")
    );
    assert_eq!(tool.input_schema["additionalProperties"], json!(false));
}

#[test]
fn search_ranks_the_best_match_first() {
    let f = fixture();
    // (query, first path, its requiresApproval)
    let cases = [
        ("list saved notes", "notes.listNotes", false),
        (
            "create a brand new note please now",
            "notes.createNote",
            true,
        ),
        ("bump the counter", "counter.bump", false),
        ("read the counter", "counter.get", false),
        ("always fails", "counter.fail", false),
        ("Returns its argument", "counter.echo", false),
        ("guardedBump", "counter.guardedBump", true),
    ];
    for (query, path, requires_approval) in cases {
        let found = f.runtime.search(query).unwrap();
        let first = &found.results[0];
        assert_eq!(first.path, path, "{query}: {:?}", found.results);
        assert_eq!(first.requires_approval, requires_approval, "{query}");
        assert_eq!(first.kind, SearchKind::Method);
        assert_eq!(format!("{}.{}", first.connector, first.method), path);
        assert!(first.score > 0.0);
        assert!(
            found.results.windows(2).all(|w| w[0].score >= w[1].score),
            "{query}: scores descend"
        );
        assert_eq!(found.total, found.results.len(), "{query}");
        assert!(!found.truncated);
    }
}

#[test]
fn search_totals_and_truncation() {
    let f = fixture();
    let everything = f.runtime.search("").unwrap();
    let paths: Vec<&str> = everything.results.iter().map(|r| r.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "counter.bump",
            "counter.echo",
            "counter.fail",
            "counter.get",
            "counter.guardedBump",
            "notes.createNote",
            "notes.listNotes"
        ]
    );
    assert_eq!((everything.total, everything.truncated), (7, false));

    let nothing = f.runtime.search("zzzz qqqq").unwrap();
    assert_eq!(
        (nothing.results.len(), nothing.total, nothing.truncated),
        (0, 0, false)
    );

    for i in 0..5 {
        snippet(&f, &format!("snip-{i}"), "A saved helper.", "return 1");
    }
    let everything = f.runtime.search("").unwrap();
    assert_eq!(
        (
            everything.results.len(),
            everything.total,
            everything.truncated
        ),
        (10, 12, true)
    );
}

#[test]
fn search_finds_snippets() {
    let f = fixture();
    snippet(
        &f,
        "tally-notes",
        "Counts the saved notes and reports a tally.",
        "return (await notes.listNotes()).length",
    );
    let found = f.runtime.search("tally").unwrap();
    assert_eq!(found.total, 1);
    let hit = &found.results[0];
    assert_eq!(
        (
            hit.path.as_str(),
            hit.kind,
            hit.connector.as_str(),
            hit.method.as_str(),
            hit.requires_approval
        ),
        ("tally-notes", SearchKind::Snippet, "codemode", "run", false)
    );
    assert_eq!(
        hit.description.as_deref(),
        Some("Counts the saved notes and reports a tally.")
    );
}

#[test]
fn describe_connectors_methods_and_snippets() {
    let f = fixture();
    let notes = f.runtime.describe("notes").unwrap();
    assert_eq!(
        (notes.path.as_str(), notes.kind, notes.requires_approval),
        ("notes", DescribeKind::Connector, None)
    );
    assert!(notes.description.unwrap().contains("note store"));
    for fragment in [
        "declare const notes: {",
        "listNotes(args?: {})",
        "createNote(args: {",
    ] {
        assert!(
            notes.types.contains(fragment),
            "{fragment} in {}",
            notes.types
        );
    }

    let counter = f.runtime.describe("counter").unwrap();
    assert_eq!(
        (counter.kind, counter.description),
        (DescribeKind::Connector, None)
    );

    let create = f.runtime.describe("notes.createNote").unwrap();
    assert_eq!(
        (create.path.as_str(), create.kind),
        ("notes.createNote", DescribeKind::Method)
    );
    assert_eq!(create.requires_approval, Some(true));
    assert_eq!(
        create.description.as_deref(),
        Some("Create a new note with the given text. Requires approval.")
    );
    assert!(create.types.contains("text: string"), "{}", create.types);
    assert_eq!(
        create.types,
        format!(
            "declare const notes: {{\n  /** Create a new note with the given text. Requires approval. */\n  \
             createNote(args: {{ /** the note's text */ text: string }}): Promise<{NOTE_TS}>;\n}};"
        )
    );
    let list = f.runtime.describe("notes.listNotes").unwrap();
    assert_eq!(
        (list.kind, list.requires_approval),
        (DescribeKind::Method, Some(false))
    );
    let guarded = f.runtime.describe("counter.guardedBump").unwrap();
    // A description that already mentions approval is not told twice.
    assert_eq!(guarded.requires_approval, Some(true));
    assert!(guarded.types.contains("  /** Add `by`, after approval. */\n  guardedBump(args?: { by?: number }): Promise<unknown>;"), "{}", guarded.types);

    snippet(
        &f,
        "tally-notes",
        "Counts the saved notes.",
        "return (await notes.listNotes()).length",
    );
    let tally = f.runtime.describe("tally-notes").unwrap();
    assert_eq!(
        (
            tally.kind,
            tally.description.as_deref(),
            tally.requires_approval
        ),
        (DescribeKind::Snippet, Some("Counts the saved notes."), None)
    );
    assert!(
        tally.types.contains(
            "declare function run(name: \"tally-notes\", input?: unknown): Promise<unknown>;"
        ),
        "{}",
        tally.types
    );
    assert!(
        tally
            .types
            .ends_with("return (await notes.listNotes()).length"),
        "{}",
        tally.types
    );
}

#[test]
fn describe_unknown_paths() {
    let f = fixture();
    for path in [
        "nope",
        "notes.nope",
        "nope.listNotes",
        "",
        "notes.",
        ".listNotes",
        "Notes",
        "notes.listNotes.x",
    ] {
        let error = f.runtime.describe(path).unwrap_err();
        assert_eq!(error.code(), "NOT_FOUND", "{path:?}");
        assert!(
            error.to_string().contains("(notes, counter)"),
            "{path:?}: {error}"
        );
    }
}

#[test]
fn search_and_describe_inside_a_script() {
    let f = fixture();
    let out = f.execute(
        "const s = await codemode.search('list saved notes'); const d = await codemode.describe('notes.createNote'); \
         let missing; try { await codemode.describe('nope') } catch (e) { missing = e.message } \
         return {first: s.results[0].path, total: s.total, kind: d.kind, ra: d.requiresApproval, \
                 text: d.types.includes('text: string'), missing}",
    );
    let result = completed(&out);
    let expected_total = f.runtime.search("list saved notes").unwrap().total;
    assert_eq!(result["first"], json!("notes.listNotes"));
    assert_eq!(result["total"], json!(expected_total));
    assert_eq!(result["kind"], json!("method"));
    assert_eq!(result["ra"], json!(true));
    assert_eq!(result["text"], json!(true));
    assert!(
        result["missing"]
            .as_str()
            .unwrap()
            .starts_with("nothing is named `nope`"),
        "{result}"
    );
    assert!(
        calls(&out).is_empty(),
        "search and describe are not tool calls"
    );

    snippet(&f, "helper", "Helps.", "return 1");
    let out = f.execute(
        "const s = await codemode.search('helper'); return [s.results[0].path, s.results[0].kind]",
    );
    assert_eq!(completed(&out), json!(["helper", "snippet"]));
}

#[test]
fn schema_to_ts_cases() {
    // (JSON Schema, TypeScript)
    let cases: Vec<(Value, &str)> = vec![
        (json!({"type": "string"}), "string"),
        (json!({"type": "integer"}), "number"),
        (json!({"type": "number"}), "number"),
        (json!({"type": "boolean"}), "boolean"),
        (json!({"type": "null"}), "null"),
        (json!({"type": "whatever"}), "unknown"),
        (json!({}), "unknown"),
        (json!(true), "unknown"),
        (json!({"type": ["string", "null"]}), "string | null"),
        (json!({"enum": ["a", "b"]}), r#""a" | "b""#),
        (json!({"enum": [1, null]}), "1 | null"),
        (json!({"type": "string", "enum": ["only"]}), r#""only""#),
        (json!({"const": 5}), "5"),
        (json!({"const": "x"}), r#""x""#),
        (
            json!({"anyOf": [{"type": "string"}, {"type": "integer"}]}),
            "string | number",
        ),
        (
            json!({"oneOf": [{"type": "boolean"}, {"const": 0}]}),
            "boolean | 0",
        ),
        (
            json!({"type": "array", "items": {"type": "string"}}),
            "string[]",
        ),
        (json!({"type": "array"}), "unknown[]"),
        (
            json!({"type": "array", "items": {"type": ["string", "null"]}}),
            "Array<string | null>",
        ),
        (
            json!({"type": "array", "items": {"type": "array", "items": {"type": "integer"}}}),
            "number[][]",
        ),
        (
            json!({"type": "array", "items": {"type": "object", "properties": {"a": {"type": "string"}}}}),
            "{ a?: string }[]",
        ),
        (json!({"type": "object"}), "Record<string, unknown>"),
        // No properties is any record, as the reference renders it; `additionalProperties: false` none.
        (
            json!({"type": "object", "properties": {}}),
            "Record<string, unknown>",
        ),
        (
            json!({"type": "object", "additionalProperties": false}),
            "{}",
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "required": ["a"]}),
            "{ a: string; b?: number }",
        ),
        (
            json!({"properties": {"x": {"type": "boolean"}}}),
            "{ x?: boolean }",
        ),
        (
            json!({"type": "object", "properties": {"my-key": {"type": "string"}}}),
            r#"{ "my-key"?: string }"#,
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "string", "description": "the a\n   value */ end"}}}),
            "{ /** the a value * / end */ a?: string }",
        ),
        (
            json!({"type": "object", "properties": {"o": {"type": "object", "properties": {"n": {"type": "number"}}, "required": ["n"]}}, "required": ["o"]}),
            "{ o: { n: number } }",
        ),
    ];
    for (schema, expected) in &cases {
        assert_eq!(schema_to_ts(schema), *expected, "{schema}");
    }

    // References: followed inside the schema, a cycle and an outside one are `unknown`.
    let defs = json!({"$defs": {"Point": {"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"]}}});
    let mut referencing = defs.clone();
    referencing["type"] = json!("object");
    referencing["properties"] = json!({"at": {"$ref": "#/$defs/Point"}, "self": {"$ref": "#"}, "far": {"$ref": "https://x/y"}});
    assert_eq!(
        schema_to_ts(&referencing),
        "{ at?: { x: number }; self?: unknown; far?: unknown }"
    );
    for (schema, expected) in [
        (
            json!({"allOf": [{"type": "string"}, {"enum": ["a", "b"]}]}),
            r#"string & ("a" | "b")"#,
        ),
        (
            json!({"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}]}),
            "[string, number]",
        ),
        (
            json!({"type": "array", "items": {"type": "object", "properties": {"a": {"type": "string"}}, "nullable": true}}),
            "Array<{ a?: string } | null>",
        ),
        (json!({"type": "string", "nullable": true}), "string | null"),
        (
            json!({"type": "object", "additionalProperties": {"type": "number"}}),
            "Record<string, number>",
        ),
        (json!({"anyOf": []}), "never"),
        (json!({"allOf": []}), "unknown"),
        (json!({"type": []}), "unknown"),
        (json!(false), "never"),
    ] {
        assert_eq!(schema_to_ts(&schema), expected, "{schema}");
    }

    // References shared by many fields expand once per use: ten definitions of ten fields, each
    // pointing to the next, would be 10^10 fields. The text budget keeps it small and quick.
    let mut shared = json!({"$defs": {"D10": {"type": "string"}}});
    for level in (0..10).rev() {
        let next = format!("#/$defs/D{}", level + 1);
        let fields: serde_json::Map<String, serde_json::Value> = (0..10)
            .map(|i| (format!("f{i}"), json!({"$ref": next})))
            .collect();
        shared["$defs"][format!("D{level}")] = json!({"type": "object", "properties": fields});
    }
    shared["$ref"] = json!("#/$defs/D0");
    let rendered = schema_to_ts(&shared);
    assert!(rendered.len() < 400 * 1024, "{} characters", rendered.len());
    assert!(
        rendered.contains("f9?: unknown"),
        "past the budget, parts are unknown"
    );

    // Deep nesting stops after 20 levels with `unknown`.
    let mut deep = json!({"type": "string"});
    for _ in 0..30 {
        deep = json!({"type": "array", "items": deep});
    }
    assert_eq!(schema_to_ts(&deep), format!("unknown{}", "[]".repeat(20)));
}
