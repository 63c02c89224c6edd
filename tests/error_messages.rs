//! The errors a model reads are V8's: every script of `tests/errors/scripts.txt` fails in the
//! sandbox with the text the Workers runtime gives (`String(error)`, recorded in
//! `tests/errors/expected.json` by `node scripts/errors-expected.mjs`; Node's where they agree)
//! and on the line Node names. Rows the engine does not word
//! as V8 yet are listed in `tests/errors/known_differences.json` with what we give; a listed row
//! that now matches fails too, so the list only shrinks. `UPDATE_KNOWN_ERRORS=1` rewrites the
//! list with every row that differs today (review the diff: it must not grow).

mod common;

use std::collections::BTreeMap;

use codemode_runtime::model::ExecuteOutput;
use common::*;
use serde_json::Value;

const EXPECTED: &str = include_str!("errors/expected.json");
const KNOWN: &str = include_str!("errors/known_differences.json");

/// `Name: message` and the line of a run's error, as the sandbox words it: `<text> (line N)`,
/// then, for an unknown name, a hint about the sandbox's globals (not part of V8's text).
fn ours(output: &ExecuteOutput) -> (String, Option<u64>) {
    let ExecuteOutput::Error { error, .. } = output else {
        return (format!("did not fail: {output:?}"), None);
    };
    let text = error
        .message
        .split(". The sandbox's globals are: ")
        .next()
        .unwrap_or_default();
    match text.rsplit_once(" (line ") {
        Some((message, line)) => (message.to_string(), line.trim_end_matches(')').parse().ok()),
        None => (text.to_string(), None),
    }
}

#[test]
fn errors_read_as_v8_words_them() {
    let expected: Value = serde_json::from_str(EXPECTED).expect("expected.json");
    let known: BTreeMap<String, String> =
        serde_json::from_str(KNOWN).expect("known_differences.json");
    let rows = expected["rows"].as_array().expect("rows");
    assert!(rows.len() >= 100, "the corpus has {} scripts", rows.len());
    let f = fixture();
    let mut differ = Vec::new();
    let mut now_match = Vec::new();
    let mut matched = 0;
    let mut differing = BTreeMap::new();
    for row in rows {
        let code = row["code"].as_str().expect("code");
        // The Workers runtime's words where they differ from Node's.
        let want = row["workers"]
            .as_str()
            .or_else(|| row["node"]["error"].as_str())
            .expect("error");
        let want_line = row["node"]["line"].as_u64();
        let (got, got_line) = ours(&f.execute(code));
        let same = got == want && (want_line.is_none() || got_line == want_line);
        let shown = format!("{got} (line {got_line:?})");
        if !same {
            differing.insert(code.to_string(), shown.clone());
        }
        match (same, known.get(code)) {
            (true, None) => matched += 1,
            (true, Some(_)) => now_match.push(code.to_string()),
            (false, Some(listed)) if *listed == shown => {}
            (false, _) => differ.push(format!(
                "{code}\n  V8:   {want} (line {want_line:?})\n  ours: {shown}"
            )),
        }
    }
    if std::env::var_os("UPDATE_KNOWN_ERRORS").is_some() {
        let text = serde_json::to_string_pretty(&differing).expect("json");
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/errors/known_differences.json"
        );
        std::fs::write(path, format!("{text}\n")).expect("write the list");
        return;
    }
    println!(
        "{matched} of {} scripts fail with V8's text and line; {} listed as known differences",
        rows.len(),
        known.len()
    );
    assert!(
        differ.is_empty(),
        "{} script(s) fail otherwise than V8 and than listed:\n{}",
        differ.len(),
        differ.join("\n")
    );
    assert!(
        now_match.is_empty(),
        "now worded as V8, remove from known_differences.json:\n{}",
        now_match.join("\n")
    );
}
