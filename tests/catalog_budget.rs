//! The tool description's inline budget and the TypeScript declarations (golden files under
//! `tests/golden/typescript/`; regenerate with `UPDATE_GOLDEN=1`).

use async_trait::async_trait;
use codemode_runtime::catalog::{self, INLINE_CATALOG_TOKENS};
use codemode_runtime::connector::ConnectorSet;
use codemode_runtime::{CallContext, Connector, ToolError, ToolSpec};
use serde_json::{json, Value};

/// A connector with `count` generated methods of varied size.
struct Generated {
    name: String,
    count: usize,
}

#[async_trait(?Send)]
impl Connector for Generated {
    fn name(&self) -> &str {
        &self.name
    }

    fn tools(&self) -> Vec<ToolSpec> {
        (0..self.count)
            .map(|i| {
                let fields: serde_json::Map<String, Value> = (0..(i % 7))
                    .map(|f| {
                        (
                            format!("field{f}"),
                            json!({"type": "string", "description": format!("field number {f}")}),
                        )
                    })
                    .collect();
                ToolSpec::new(
                    &format!("method{i}"),
                    &format!(
                        "Generated method {i} of {}. {}",
                        self.name,
                        "It does a thing. ".repeat(i % 5)
                    ),
                    json!({"type": "object", "properties": fields}),
                )
            })
            .collect()
    }

    async fn execute(&self, _args: Value, _ctx: &CallContext) -> Result<Value, ToolError> {
        Ok(Value::Null)
    }
}

fn generated(per_connector: &[usize]) -> ConnectorSet {
    let connectors: Vec<Box<dyn Connector>> = per_connector
        .iter()
        .enumerate()
        .map(|(i, count)| {
            Box::new(Generated {
                name: format!("service{i}"),
                count: *count,
            }) as Box<dyn Connector>
        })
        .collect();
    ConnectorSet::new(connectors).expect("connectors")
}

fn declared_methods(description: &str) -> usize {
    description
        .lines()
        .filter(|l| l.trim_start().starts_with("method"))
        .count()
}

#[test]
fn three_hundred_methods_stay_within_the_inline_budget() {
    let set = generated(&[100, 100, 100]);
    let descriptor = catalog::tool_descriptor(&set);
    let declarations: usize = descriptor
        .description
        .lines()
        .filter(|l| l.starts_with("  /**") || l.trim_start().starts_with("method"))
        .map(|l| l.len() + 1)
        .sum();
    assert!(
        declarations <= INLINE_CATALOG_TOKENS * 4,
        "{declarations} characters of declarations"
    );
    let shown = declared_methods(&descriptor.description);
    assert!(shown > 0 && shown < 300, "{shown} shown");
    assert!(descriptor
        .description
        .contains(&format!("The list is partial: {shown} of 300 methods")));
    // Round-robin: every connector shows some of its methods, and about as many as the others.
    let per: Vec<usize> = (0..3)
        .map(|i| {
            let start = descriptor
                .description
                .find(&format!("declare const service{i}"))
                .expect("declared");
            let rest = &descriptor.description[start..];
            let end = rest.find("};").expect("closed");
            declared_methods(&rest[..end])
        })
        .collect();
    assert!(per.iter().all(|n| *n > 0), "{per:?}");
    assert!(
        per.iter().max().unwrap() - per.iter().min().unwrap() <= 1,
        "{per:?}"
    );
    assert!(descriptor
        .description
        .contains("more methods: codemode.search(\"service0\")"));
}

#[test]
fn cheapest_declarations_come_first() {
    let set = generated(&[40]);
    let descriptor = catalog::tool_descriptor_within(&set, 300);
    // Method i has i % 7 fields and i % 5 sentences: method0 is among the cheapest, method34
    // (6 fields, 4 sentences) among the dearest.
    assert!(descriptor.description.contains("method0("));
    assert!(!descriptor.description.contains("method34("));
}

#[test]
fn a_small_catalog_is_listed_completely() {
    let set = generated(&[3, 2]);
    let descriptor = catalog::tool_descriptor(&set);
    assert_eq!(declared_methods(&descriptor.description), 5);
    assert!(descriptor
        .description
        .contains("The list is complete: all 5 methods are declared above."));
}

#[test]
fn typescript_declarations_match_the_golden_file() {
    let schemas = [
        ("empty object", json!({"type": "object", "properties": {}})),
        (
            "required and optional",
            json!({"type": "object", "properties": {
            "text": {"type": "string", "description": "the note's text"},
            "pinned": {"type": "boolean"}}, "required": ["text"]}),
        ),
        (
            "enum and const",
            json!({"type": "object", "properties": {
            "colour": {"enum": ["red", "green"]}, "kind": {"const": "fixed"}}}),
        ),
        (
            "arrays",
            json!({"type": "array", "items": {"type": "integer"}}),
        ),
        (
            "array of unions",
            json!({"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "null"}]}}),
        ),
        (
            "nested",
            json!({"type": "object", "properties": {"owner": {"type": "object", "properties": {
            "id": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}}, "required": ["id"]}}}),
        ),
        ("type list", json!({"type": ["string", "number"]})),
        (
            "odd keys",
            json!({"type": "object", "properties": {"content-type": {"type": "string"}}}),
        ),
        ("free-form object", json!({"type": "object"})),
        ("no schema", json!({})),
    ];
    let mut actual = String::new();
    for (name, schema) in &schemas {
        actual.push_str(&format!(
            "// {name}\ntype T = {};\n",
            catalog::schema_to_ts(schema)
        ));
    }
    let spec = ToolSpec::new(
        "createNote",
        "Create a new note with the given text.",
        schemas[1].1.clone(),
    )
    .with_output(
        json!({"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}),
    )
    .needing_approval();
    actual.push_str(&format!(
        "// method\n{}\n",
        catalog::method_declaration(&spec)
    ));
    let path = format!(
        "{}/tests/golden/typescript/declarations.ts",
        env!("CARGO_MANIFEST_DIR")
    );
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &actual).expect("write golden");
        return;
    }
    let expected =
        std::fs::read_to_string(&path).expect("golden file; run with UPDATE_GOLDEN=1 to create it");
    assert_eq!(actual, expected);
}
