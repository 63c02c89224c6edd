//! What the model reads about the tools: the `codemode` tool descriptor, TypeScript-style
//! declarations rendered from JSON Schema, `search` ranking and `describe`.

use serde_json::{json, Value};

use crate::connector::{ConnectorSet, ToolSpec};
use crate::error::{Error, Result};
use crate::model::{
    DescribeKind, Description, SearchKind, SearchResult, SearchResults, Snippet, ToolDescriptor,
};

/// Most results `search` returns.
pub const SEARCH_LIMIT: usize = 10;

/// Renders a JSON Schema as a TypeScript type.
pub fn schema_to_ts(schema: &Value) -> String {
    Render {
        root: schema,
        // The whole schema is being rendered: `#` inside it is a cycle.
        following: vec!["#"],
        spent: 0,
    }
    .schema(schema, 0)
}

/// Levels of nesting rendered, as the reference's: below them a part is `unknown` (a schema may
/// nest without end).
const MAX_DEPTH: usize = 20;

/// How much text one schema may render (about; the structure between adds a few characters a
/// part). References shared by many fields expand once per use, so a small hostile schema (ten
/// definitions of a few fields each pointing to the next) would otherwise render billions of
/// fields; past this budget every part left is `unknown`.
const TEXT_BUDGET: usize = 64 * 1024;

/// Counted for each part rendered, besides its text.
const PART_COST: usize = 8;

/// One rendering: the schema `$ref`s point into, the references being followed (a reference
/// met again inside itself is `unknown`, so a recursive schema ends), and the text budget spent.
struct Render<'a> {
    root: &'a Value,
    following: Vec<&'a str>,
    spent: usize,
}

impl<'a> Render<'a> {
    fn schema(&mut self, schema: &'a Value, depth: usize) -> String {
        match schema {
            Value::Bool(true) => return "unknown".into(),
            Value::Bool(false) => return "never".into(),
            _ if depth >= MAX_DEPTH || !self.spend(PART_COST) => return "unknown".into(),
            _ => {}
        }
        let rendered = self.unmarked(schema, depth);
        // OpenAPI 3.0's `nullable: true`.
        let nullable = schema.get("nullable") == Some(&Value::Bool(true));
        if nullable && rendered != "unknown" && rendered != "never" && rendered != "null" {
            format!("{rendered} | null")
        } else {
            rendered
        }
    }

    fn unmarked(&mut self, schema: &'a Value, depth: usize) -> String {
        if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
            return self.referenced(reference, depth);
        }
        if let Some(values) = schema.get("enum").and_then(Value::as_array) {
            if values.is_empty() {
                return "never".into();
            }
            let literals = values
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" | ");
            return self.spent_on(literals);
        }
        if let Some(value) = schema.get("const") {
            return self.spent_on(value.to_string());
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(options) = schema.get(key).and_then(Value::as_array) {
                if options.is_empty() {
                    return "never".into();
                }
                return self.each(options, depth).join(" | ");
            }
        }
        if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
            if parts.is_empty() {
                return "unknown".into();
            }
            return self
                .each(parts, depth)
                .into_iter()
                .map(|part| {
                    if part.contains(" | ") {
                        format!("({part})")
                    } else {
                        part
                    }
                })
                .collect::<Vec<_>>()
                .join(" & ");
        }
        match schema.get("type") {
            Some(Value::Array(types)) if types.is_empty() => "unknown".into(),
            Some(Value::Array(types)) => types
                .iter()
                .map(|t| match t.as_str() {
                    Some("string") => "string",
                    Some("integer" | "number") => "number",
                    Some("boolean") => "boolean",
                    Some("null") => "null",
                    Some("array") => "unknown[]",
                    Some("object") => "Record<string, unknown>",
                    _ => "unknown",
                })
                .collect::<Vec<_>>()
                .join(" | "),
            Some(Value::String(t)) => match t.as_str() {
                "string" => "string".into(),
                "integer" | "number" => "number".into(),
                "boolean" => "boolean".into(),
                "null" => "null".into(),
                "array" => self.array(schema, depth),
                "object" => self.object(schema, depth),
                _ => "unknown".into(),
            },
            _ if schema.get("properties").is_some() => self.object(schema, depth),
            _ => "unknown".into(),
        }
    }

    /// What an internal reference (`#`, `#/$defs/Name`, `#/definitions/Name`) points to; an
    /// external or dangling one is `unknown`.
    fn referenced(&mut self, reference: &'a str, depth: usize) -> String {
        let root = self.root;
        let target = match reference.strip_prefix('#') {
            Some("") => Some(root),
            Some(pointer) if pointer.starts_with('/') => root.pointer(pointer),
            _ => None,
        };
        let Some(target) = target.filter(|t| t.is_object() || t.is_boolean()) else {
            return "unknown".into();
        };
        if self.following.contains(&reference) {
            return "unknown".into();
        }
        self.following.push(reference);
        let rendered = self.schema(target, depth + 1);
        self.following.pop();
        rendered
    }

    /// Takes `cost` from the budget; `false` once it is spent.
    fn spend(&mut self, cost: usize) -> bool {
        self.spent = self.spent.saturating_add(cost);
        self.spent <= TEXT_BUDGET
    }

    /// `text` (from the schema: a literal, a key, a description) when the budget still has room.
    fn spent_on(&mut self, text: String) -> String {
        if self.spend(text.len()) {
            text
        } else {
            "unknown".into()
        }
    }

    fn each(&mut self, schemas: &'a [Value], depth: usize) -> Vec<String> {
        schemas.iter().map(|s| self.schema(s, depth + 1)).collect()
    }

    /// A list, or a tuple (`prefixItems`, or draft-07's `items` as a list).
    fn array(&mut self, schema: &'a Value, depth: usize) -> String {
        let tuple = schema
            .get("prefixItems")
            .or_else(|| schema.get("items").filter(|items| items.is_array()))
            .and_then(Value::as_array);
        if let Some(members) = tuple {
            return format!("[{}]", self.each(members, depth).join(", "));
        }
        let item = schema
            .get("items")
            .map_or("unknown".into(), |i| self.schema(i, depth + 1));
        let compound = item.contains(" | ") || item.contains(" & ");
        if compound || (item.contains(' ') && !item.starts_with('{')) {
            format!("Array<{item}>")
        } else {
            format!("{item}[]")
        }
    }

    fn object(&mut self, schema: &'a Value, depth: usize) -> String {
        let extra = match schema.get("additionalProperties") {
            None | Some(Value::Bool(false)) => None,
            Some(other) => Some(self.schema(other, depth + 1)),
        };
        let properties = schema
            .get("properties")
            .and_then(Value::as_object)
            .filter(|p| !p.is_empty());
        let Some(properties) = properties else {
            return match (extra, schema.get("additionalProperties")) {
                (Some(values), _) => format!("Record<string, {values}>"),
                (None, Some(Value::Bool(false))) => "{}".into(),
                (None, _) => "Record<string, unknown>".into(),
            };
        };
        let required: Vec<&str> = schema
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut fields: Vec<String> = properties
            .iter()
            .map(|(name, property)| {
                let optional = if required.contains(&name.as_str()) {
                    ""
                } else {
                    "?"
                };
                let key = if crate::connector::is_identifier(name) {
                    name.clone()
                } else {
                    Value::from(name.as_str()).to_string()
                };
                let doc = property
                    .get("description")
                    .and_then(Value::as_str)
                    .map(|d| format!("/** {} */ ", one_line(d)))
                    .unwrap_or_default();
                let named = self.spent_on(format!("{doc}{key}{optional}: "));
                if named == "unknown" {
                    return String::new();
                }
                format!("{named}{}", self.schema(property, depth + 1))
            })
            // A field past the budget is left out.
            .filter(|field| !field.is_empty())
            .collect();
        if let Some(values) = extra {
            fields.push(format!("[key: string]: {values}"));
        }
        if fields.is_empty() {
            return "unknown".into();
        }
        format!("{{ {} }}", fields.join("; "))
    }
}

fn one_line(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("*/", "* /")
}

/// `true` when the argument object may be left out (no required properties).
fn argument_optional(schema: &Value) -> bool {
    schema
        .get("required")
        .and_then(Value::as_array)
        .is_none_or(|r| r.is_empty())
}

/// One method as a TypeScript member: JSDoc, then the signature.
pub fn method_declaration(spec: &ToolSpec) -> String {
    let mut doc = one_line(&spec.description);
    if spec.requires_approval && !doc.to_lowercase().contains("approval") {
        doc.push_str(" Requires approval.");
    }
    let optional = if argument_optional(&spec.input_schema) {
        "?"
    } else {
        ""
    };
    let output = spec
        .output_schema
        .as_ref()
        .map_or("unknown".into(), schema_to_ts);
    format!(
        "  /** {doc} */\n  {}(args{optional}: {}): Promise<{output}>;",
        spec.name,
        schema_to_ts(&spec.input_schema)
    )
}

/// A connector as a TypeScript `declare const`.
pub fn connector_declaration(name: &str, instructions: &str, tools: &[ToolSpec]) -> String {
    let mut out = String::new();
    if !instructions.is_empty() {
        out.push_str(&format!("/** {} */\n", one_line(instructions)));
    }
    out.push_str(&format!("declare const {name}: {{\n"));
    for tool in tools {
        out.push_str(&method_declaration(tool));
        out.push('\n');
    }
    out.push_str("};");
    out
}

/// Default budget for method declarations inlined in the tool description, in tokens.
pub const INLINE_CATALOG_TOKENS: usize = 3000;

/// The `codemode` tool as the model sees it, with the default inline budget.
pub fn tool_descriptor(connectors: &ConnectorSet) -> ToolDescriptor {
    tool_descriptor_within(connectors, INLINE_CATALOG_TOKENS)
}

/// Which methods fit `budget_chars`: cheapest declarations first, taken round-robin across
/// connectors so every connector shows its cheapest methods before any shows many. Returns, per
/// connector, the indexes of the chosen methods in declaration order.
fn choose_inline(declarations: &[Vec<String>], budget_chars: usize) -> Vec<Vec<usize>> {
    let mut queues: Vec<Vec<usize>> = declarations
        .iter()
        .map(|methods| {
            let mut order: Vec<usize> = (0..methods.len()).collect();
            order.sort_by_key(|&i| (methods[i].len(), i));
            order.reverse(); // pop() takes the cheapest
            order
        })
        .collect();
    let mut chosen: Vec<Vec<usize>> = vec![Vec::new(); declarations.len()];
    let mut used = 0;
    let mut progressed = true;
    while progressed {
        progressed = false;
        for (connector, queue) in queues.iter_mut().enumerate() {
            let Some(&next) = queue.last() else { continue };
            let cost = declarations[connector][next].len() + 1;
            if used + cost > budget_chars {
                queue.clear(); // the rest of this connector is dearer still
                continue;
            }
            used += cost;
            queue.pop();
            chosen[connector].push(next);
            progressed = true;
        }
    }
    for indexes in &mut chosen {
        indexes.sort_unstable();
    }
    chosen
}

/// The `codemode` tool as the model sees it: what a script can do, then TypeScript declarations
/// of as many methods as fit `budget_tokens` (4 characters a token), saying whether the list is
/// complete.
pub fn tool_descriptor_within(connectors: &ConnectorSet, budget_tokens: usize) -> ToolDescriptor {
    let mut description = String::from(
        "Run a JavaScript program that calls tools, and get back only what it prints and returns.\n\
         The code is the body of an async function: use `await`, loops, `Promise.all`, and `return` a value.\n\
         Write everything for the user with `text(value)` or `console.log(...)`; the return value is shown last; `image(bytes | base64 | imageRef)` hands back a PNG, JPEG, GIF or WebP image.\n\
         Calls that need approval pause the run: the result says so; do not retry them, wait for the approval.\n\
         Also available: `codemode.search(query)`, `codemode.describe(path)`, `codemode.run(snippetName, input)`.\n\
         `setTimeout`/`setInterval` work (waiting for a retry or a poll is fine: a long wait suspends the run and it resumes by itself).\n\
         No fetch, modules or host access; Date is a virtual clock in UTC and Math.random is seeded.\n\n\
         Available tools:\n",
    );
    let all: Vec<(&dyn crate::connector::Connector, &[ToolSpec])> = connectors.iter().collect();
    let declarations: Vec<Vec<String>> = all
        .iter()
        .map(|(_, tools)| tools.iter().map(method_declaration).collect())
        .collect();
    let chosen = choose_inline(
        &declarations,
        budget_tokens.saturating_mul(crate::report::CHARS_PER_TOKEN),
    );
    let total: usize = declarations.iter().map(Vec::len).sum();
    let shown: usize = chosen.iter().map(Vec::len).sum();
    for (index, (connector, tools)) in all.iter().enumerate() {
        let instructions = connector.instructions();
        if !instructions.is_empty() {
            description.push_str(&format!("/** {} */\n", one_line(&instructions)));
        }
        description.push_str(&format!("declare const {}: {{\n", connector.name()));
        for &method in &chosen[index] {
            description.push_str(&declarations[index][method]);
            description.push('\n');
        }
        let hidden = tools.len() - chosen[index].len();
        if hidden > 0 {
            description.push_str(&format!(
                "  // …and {hidden} more methods: codemode.search(\"{}\")\n",
                connector.name()
            ));
        }
        description.push_str("};\n");
    }
    if shown == total {
        description.push_str(&format!(
            "The list is complete: all {total} methods are declared above.\n"
        ));
    } else {
        description.push_str(&format!(
            "The list is partial: {shown} of {total} methods are declared above; find the others with \
             codemode.search(query) and read them with codemode.describe(\"connector.method\").\n"
        ));
    }
    ToolDescriptor {
        name: "codemode".into(),
        description,
        input_schema: json!({
            "type": "object",
            "properties": {
                "code": {"type": "string", "description": "JavaScript: the body of an async function"}
            },
            "required": ["code"],
            "additionalProperties": false
        }),
    }
}

/// Splits camelCase, snake_case, kebab-case and dotted words into lower-case stems.
pub fn tokens(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    tokens_into(text, &mut words);
    words
}

/// [`tokens`], appended to `words`. ASCII (all of most catalogs) takes a fast path with the same
/// result as the Unicode one.
fn tokens_into(text: &str, words: &mut Vec<String>) {
    let mut current = String::new();
    let mut previous_lower = false;
    let flush = |current: &mut String, words: &mut Vec<String>| {
        if !current.is_empty() {
            words.push(stem(std::mem::take(current)));
        }
    };
    for c in text.chars() {
        let (alphanumeric, upper, lower_or_digit) = if c.is_ascii() {
            (
                c.is_ascii_alphanumeric(),
                c.is_ascii_uppercase(),
                c.is_ascii_lowercase() || c.is_ascii_digit(),
            )
        } else {
            (
                c.is_alphanumeric(),
                c.is_uppercase(),
                c.is_lowercase() || c.is_ascii_digit(),
            )
        };
        if alphanumeric {
            if upper && previous_lower && !current.is_empty() {
                flush(&mut current, words);
            }
            previous_lower = lower_or_digit;
            if c.is_ascii() {
                current.push(c.to_ascii_lowercase());
            } else {
                current.extend(c.to_lowercase());
            }
        } else {
            previous_lower = false;
            flush(&mut current, words);
        }
    }
    flush(&mut current, words);
}

/// Very light stemming: plural and common verb endings (`notes` → `note`, `boxes` → `box`,
/// `entries` → `entry`, `listing` → `list`). Cuts the word in place.
fn stem(mut word: String) -> String {
    let long_enough =
        |word: &str, suffix: &str| word.len() > suffix.len() + 2 && word.ends_with(suffix);
    if long_enough(&word, "ies") {
        word.truncate(word.len() - 3);
        word.push('y');
        return word;
    }
    if long_enough(&word, "es") {
        let base = &word[..word.len() - 2];
        if ["s", "x", "z", "ch", "sh"]
            .iter()
            .any(|end| base.ends_with(end))
        {
            word.truncate(word.len() - 2);
            return word;
        }
    }
    for suffix in ["ing", "ed"] {
        if long_enough(&word, suffix) {
            word.truncate(word.len() - suffix.len());
            return word;
        }
    }
    if long_enough(&word, "s") && !word.ends_with("ss") {
        word.truncate(word.len() - 1);
    }
    word
}

/// One searchable entry; its [`SearchResult`] is built only if it scores.
struct Document<'a> {
    path: String,
    connector: &'a str,
    method: &'a str,
    description: &'a str,
    requires_approval: bool,
    kind: SearchKind,
    name_tokens: Vec<String>,
    body_tokens: Vec<String>,
}

impl Document<'_> {
    fn result(&self, score: f64) -> SearchResult {
        SearchResult {
            path: self.path.clone(),
            connector: self.connector.into(),
            method: self.method.into(),
            description: Some(self.description.into()),
            requires_approval: self.requires_approval,
            kind: self.kind,
            score,
        }
    }
}

fn documents<'a>(connectors: &'a ConnectorSet, snippets: &'a [Snippet]) -> Vec<Document<'a>> {
    let mut docs = Vec::new();
    for (connector, tools) in connectors.iter() {
        for tool in tools {
            let path = format!("{}.{}", connector.name(), tool.name);
            // The description, then the parameter names (as one text joined by spaces would be).
            let mut body_tokens = tokens(&tool.description);
            if let Some(properties) = tool
                .input_schema
                .get("properties")
                .and_then(Value::as_object)
            {
                for name in properties.keys() {
                    tokens_into(name, &mut body_tokens);
                }
            }
            docs.push(Document {
                name_tokens: tokens(&path),
                body_tokens,
                path,
                connector: connector.name(),
                method: &tool.name,
                description: &tool.description,
                requires_approval: tool.requires_approval,
                kind: SearchKind::Method,
            });
        }
    }
    for snippet in snippets {
        docs.push(Document {
            name_tokens: tokens(&snippet.name),
            body_tokens: tokens(&snippet.description),
            path: snippet.name.clone(),
            connector: "codemode",
            method: "run",
            description: &snippet.description,
            requires_approval: false,
            kind: SearchKind::Snippet,
        });
    }
    docs
}

/// Ranks methods and snippets for `query`: BM25 over name and description tokens, with name
/// matches weighted three times. An empty query lists everything.
pub fn search(
    connectors: &ConnectorSet,
    snippets: &[Snippet],
    query: &str,
    limit: usize,
) -> SearchResults {
    let docs = documents(connectors, snippets);
    let query_tokens = tokens(query);
    let count = docs.len() as f64;
    let average_length = docs
        .iter()
        .map(|d| (d.name_tokens.len() + d.body_tokens.len()) as f64)
        .sum::<f64>()
        / count.max(1.0);
    // Documents containing each query term, counted once per term (not once per term and
    // matching document, which made a search quadratic in the number of methods).
    let containing: Vec<f64> = query_tokens
        .iter()
        .map(|term| {
            docs.iter()
                .filter(|d| d.name_tokens.contains(term) || d.body_tokens.contains(term))
                .count() as f64
        })
        .collect();
    let mut scored: Vec<SearchResult> = docs
        .iter()
        .filter_map(|doc| {
            if query_tokens.is_empty() {
                return Some(doc.result(0.0));
            }
            let length = (doc.name_tokens.len() + doc.body_tokens.len()) as f64;
            let mut score = 0.0;
            for (term, &containing) in query_tokens.iter().zip(&containing) {
                let frequency = 3.0 * doc.name_tokens.iter().filter(|t| *t == term).count() as f64
                    + doc.body_tokens.iter().filter(|t| *t == term).count() as f64;
                if frequency == 0.0 {
                    continue;
                }
                let idf = ((count - containing + 0.5) / (containing + 0.5) + 1.0).ln();
                let (k1, b) = (1.2, 0.75);
                score += idf * frequency * (k1 + 1.0)
                    / (frequency + k1 * (1.0 - b + b * length / average_length.max(1.0)));
            }
            (score > 0.0).then(|| doc.result((score * 1000.0).round() / 1000.0))
        })
        .collect();
    scored.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then_with(|| a.path.cmp(&b.path))
    });
    let total = scored.len();
    scored.truncate(limit);
    SearchResults {
        truncated: total > scored.len(),
        total,
        results: scored,
    }
}

/// `describe(path)`: a connector, `connector.method`, or a snippet name.
pub fn describe(
    connectors: &ConnectorSet,
    snippets: &[Snippet],
    path: &str,
) -> Result<Description> {
    if let Some((connector_name, method)) = path.split_once('.') {
        if let Some(spec) = connectors.spec(connector_name, method) {
            return Ok(Description {
                path: path.into(),
                kind: DescribeKind::Method,
                description: Some(spec.description.clone()),
                requires_approval: Some(spec.requires_approval),
                types: format!(
                    "declare const {connector_name}: {{\n{}\n}};",
                    method_declaration(spec)
                ),
            });
        }
    }
    if let Some((connector, tools)) = connectors.iter().find(|(c, _)| c.name() == path) {
        let instructions = connector.instructions();
        return Ok(Description {
            path: path.into(),
            kind: DescribeKind::Connector,
            description: (!instructions.is_empty()).then_some(instructions.clone()),
            requires_approval: None,
            types: connector_declaration(path, &instructions, tools),
        });
    }
    if let Some(snippet) = snippets.iter().find(|s| s.name == path) {
        return Ok(Description {
            path: path.into(),
            kind: DescribeKind::Snippet,
            description: Some(snippet.description.clone()),
            requires_approval: None,
            types: format!(
                "/** {} */\ndeclare function run(name: {}, input?: unknown): Promise<unknown>;\n// code:\n{}",
                one_line(&snippet.description),
                Value::from(snippet.name.as_str()),
                snippet.code
            ),
        });
    }
    Err(Error::NotFound(format!(
        "nothing is named `{path}`; describe takes a connector ({}), `connector.method`, or a snippet name",
        connectors.names().join(", ")
    )))
}
