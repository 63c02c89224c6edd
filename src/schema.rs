//! Validation of tool-call arguments against a method's JSON Schema, before the call is journaled
//! or offered for approval. A deliberately small validator for the keywords tool schemas use
//! (`type`, `properties`, `required`, `additionalProperties`, `items`, `enum`, `const`,
//! `anyOf`/`oneOf`/`allOf`, string length, numeric bounds, array length, local `$ref`s); unknown
//! keywords are ignored, as the spec says. Chosen over a general JSON Schema crate for the Worker's
//! bundle budget (a general validator with its regex and format support
//! costs more of the wasm budget than these few keywords).

use serde_json::{Map, Value};

/// Deepest schema nesting followed (guards `$ref` cycles and hostile schemas).
const MAX_DEPTH: usize = 64;

/// Checks `value` against `schema`. The error names the field (`text`, `items[2].id`) and says
/// what was expected.
pub fn validate(schema: &Value, value: &Value) -> Result<(), String> {
    check(schema, schema, value, "", 0)
}

fn field(path: &str) -> String {
    if path.is_empty() {
        "the argument".to_string()
    } else {
        format!("`{path}`")
    }
}

fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn has_type(value: &Value, expected: &str) -> bool {
    match expected {
        "integer" => value.as_f64().is_some_and(|n| n.fract() == 0.0),
        "number" => value.is_number(),
        other => type_name(value) == other,
    }
}

/// Resolves `#/...` references within the root schema.
fn resolve<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let pointer = reference.strip_prefix('#')?;
    root.pointer(pointer)
}

fn check(
    root: &Value,
    schema: &Value,
    value: &Value,
    path: &str,
    depth: usize,
) -> Result<(), String> {
    if depth > MAX_DEPTH {
        return Ok(());
    }
    let Some(schema) = schema.as_object() else {
        // `true`, `{}` or a non-object: anything goes; `false` refuses.
        return if schema == &Value::Bool(false) {
            Err(format!("{} is not allowed", field(path)))
        } else {
            Ok(())
        };
    };
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        if let Some(target) = resolve(root, reference) {
            check(root, target, value, path, depth + 1)?;
        }
    }
    check_type(schema, value, path)?;
    if let Some(allowed) = schema.get("enum").and_then(Value::as_array) {
        if !allowed.contains(value) {
            let shown: Vec<String> = allowed.iter().take(10).map(Value::to_string).collect();
            return Err(format!(
                "{} must be one of {}, got {value}",
                field(path),
                shown.join(", ")
            ));
        }
    }
    if let Some(expected) = schema.get("const") {
        if expected != value {
            return Err(format!("{} must be {expected}, got {value}", field(path)));
        }
    }
    check_combinators(root, schema, value, path, depth)?;
    match value {
        Value::String(text) => check_string(schema, text, path),
        Value::Number(_) => check_number(schema, value, path),
        Value::Array(items) => check_array(root, schema, items, path, depth),
        Value::Object(object) => check_object(root, schema, object, path, depth),
        _ => Ok(()),
    }
}

fn check_type(schema: &Map<String, Value>, value: &Value, path: &str) -> Result<(), String> {
    let expected: Vec<&str> = match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(types)) => types.iter().filter_map(Value::as_str).collect(),
        _ => return Ok(()),
    };
    if expected.is_empty() || expected.iter().any(|t| has_type(value, t)) {
        return Ok(());
    }
    Err(format!(
        "{} must be {}, got {}",
        field(path),
        expected.join(" or "),
        type_name(value)
    ))
}

fn check_combinators(
    root: &Value,
    schema: &Map<String, Value>,
    value: &Value,
    path: &str,
    depth: usize,
) -> Result<(), String> {
    if let Some(all) = schema.get("allOf").and_then(Value::as_array) {
        for option in all {
            check(root, option, value, path, depth + 1)?;
        }
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(options) = schema.get(key).and_then(Value::as_array) {
            let mut first_error = None;
            let passing = options
                .iter()
                .filter(|option| match check(root, option, value, path, depth + 1) {
                    Ok(()) => true,
                    Err(error) => {
                        first_error.get_or_insert(error);
                        false
                    }
                })
                .count();
            if passing == 0 {
                return Err(first_error.unwrap_or_else(|| {
                    format!("{} matches none of the allowed shapes", field(path))
                }));
            }
            if key == "oneOf" && passing > 1 {
                return Err(format!(
                    "{} matches more than one of the allowed shapes",
                    field(path)
                ));
            }
        }
    }
    Ok(())
}

fn bound(schema: &Map<String, Value>, key: &str) -> Option<f64> {
    schema.get(key).and_then(Value::as_f64)
}

fn check_string(schema: &Map<String, Value>, text: &str, path: &str) -> Result<(), String> {
    let length = text.chars().count() as f64;
    if let Some(min) = bound(schema, "minLength") {
        if length < min {
            return Err(format!(
                "{} must have at least {min} characters, got {length}",
                field(path)
            ));
        }
    }
    if let Some(max) = bound(schema, "maxLength") {
        if length > max {
            return Err(format!(
                "{} must have at most {max} characters, got {length}",
                field(path)
            ));
        }
    }
    Ok(())
}

fn check_number(schema: &Map<String, Value>, value: &Value, path: &str) -> Result<(), String> {
    let Some(n) = value.as_f64() else {
        return Ok(());
    };
    /// A bound's keyword, whether a number satisfies it, and the words of its message.
    type BoundCheck = (&'static str, fn(f64, f64) -> bool, &'static str);
    let checks: [BoundCheck; 4] = [
        ("minimum", |n, b| n >= b, "at least"),
        ("maximum", |n, b| n <= b, "at most"),
        ("exclusiveMinimum", |n, b| n > b, "more than"),
        ("exclusiveMaximum", |n, b| n < b, "less than"),
    ];
    for (key, ok, words) in checks {
        if let Some(limit) = bound(schema, key) {
            if !ok(n, limit) {
                return Err(format!("{} must be {words} {limit}, got {n}", field(path)));
            }
        }
    }
    Ok(())
}

fn check_array(
    root: &Value,
    schema: &Map<String, Value>,
    items: &[Value],
    path: &str,
    depth: usize,
) -> Result<(), String> {
    let count = items.len() as f64;
    if let Some(min) = bound(schema, "minItems") {
        if count < min {
            return Err(format!(
                "{} must have at least {min} items, got {count}",
                field(path)
            ));
        }
    }
    if let Some(max) = bound(schema, "maxItems") {
        if count > max {
            return Err(format!(
                "{} must have at most {max} items, got {count}",
                field(path)
            ));
        }
    }
    if let Some(item_schema) = schema
        .get("items")
        .filter(|s| s.is_object() || s.is_boolean())
    {
        for (index, item) in items.iter().enumerate() {
            check(
                root,
                item_schema,
                item,
                &format!("{path}[{index}]"),
                depth + 1,
            )?;
        }
    }
    Ok(())
}

fn check_object(
    root: &Value,
    schema: &Map<String, Value>,
    object: &Map<String, Value>,
    path: &str,
    depth: usize,
) -> Result<(), String> {
    let child = |key: &str| {
        if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        }
    };
    if let Some(required) = schema.get("required").and_then(Value::as_array) {
        for key in required.iter().filter_map(Value::as_str) {
            if !object.contains_key(key) {
                return Err(format!("`{}` is required", child(key)));
            }
        }
    }
    let properties = schema.get("properties").and_then(Value::as_object);
    for (key, item) in object {
        match properties.and_then(|p| p.get(key)) {
            Some(property) => check(root, property, item, &child(key), depth + 1)?,
            None => match schema.get("additionalProperties") {
                Some(Value::Bool(false)) => {
                    let known: Vec<&str> = properties
                        .map(|p| p.keys().map(String::as_str).collect())
                        .unwrap_or_default();
                    return Err(format!(
                        "`{}` is not a known field{}",
                        child(key),
                        if known.is_empty() {
                            String::new()
                        } else {
                            format!(" (fields: {})", known.join(", "))
                        }
                    ));
                }
                Some(extra @ Value::Object(_)) => check(root, extra, item, &child(key), depth + 1)?,
                _ => {}
            },
        }
    }
    Ok(())
}
