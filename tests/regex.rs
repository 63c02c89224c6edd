//! Regular expressions: every valid pattern is accepted and matches as in Node, and matching is
//! bounded by work (a step limit per match, charged to the instruction budget) instead of
//! patterns being refused by shape.
//!
//! The table (`tests/regex/cases.json`: e-mail, URL, IPv4/IPv6, semver, ISO dates, UUID, phone
//! numbers, hex colours, slugs, JWT, CSV splitting and more, each on several inputs) is evaluated
//! by `tests/regex/evaluate.js` here in the sandbox and by Node in
//! `node scripts/regex-expected.mjs`, which writes `tests/regex/expected.json`.
//!
//! Catastrophic patterns end the run with `LIMIT_EXCEEDED` (see `tests/limits.rs` for every
//! entry point, `tests/sandbox_escape.rs` for attempts to get around the limit); here: how fast,
//! and that a replay ends at the same place.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use codemode_runtime::model::ExecuteOutput;
use common::*;
use serde_json::{json, Value};

const EVALUATE: &str = include_str!("regex/evaluate.js");

fn regex_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regex")
}

fn read_json(name: &str) -> Value {
    let path = regex_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn common_patterns_match_as_in_node() {
    let cases = read_json("cases.json");
    let cases = cases.as_array().expect("cases.json is an array");
    let expected = read_json("expected.json");
    let expected = expected.as_array().expect("expected.json is an array");
    assert!(
        cases.len() >= 50,
        "the table has only {} patterns",
        cases.len()
    );
    let names: Vec<&Value> = cases.iter().map(|c| &c["name"]).collect();
    let expected_names: Vec<&Value> = expected.iter().map(|e| &e["name"]).collect();
    assert_eq!(
        names, expected_names,
        "expected.json is not generated from cases.json: run `node scripts/regex-expected.mjs`"
    );

    let code = format!(
        "const cases = {};\nconst evaluate = {EVALUATE};\n\
         return cases.map(c => {{ try {{ return {{ value: evaluate(c) }} }} catch (e) {{ return {{ error: e.name }} }} }});",
        serde_json::to_string(cases).expect("cases")
    );
    let f = fixture();
    let got = completed(&f.execute(&code));
    let got = got.as_array().expect("an array of results");
    assert_eq!(got.len(), cases.len());

    let mut mismatches = Vec::new();
    for ((case, want), got) in cases.iter().zip(expected).zip(got) {
        let want = match (want.get("value"), want.get("error")) {
            (Some(value), _) => json!({ "value": value }),
            (None, Some(error)) => json!({ "error": error }),
            _ => panic!("bad expected entry {want}"),
        };
        // Compared as JSON text: key order counts (named groups come out in pattern order).
        if want != *got {
            mismatches.push(format!(
                "{} /{}/{}\n  Node:    {want}\n  sandbox: {got}",
                case["name"], case["pattern"], case["flags"]
            ));
        }
    }
    println!(
        "regex: {} of {} patterns match as in Node",
        cases.len() - mismatches.len(),
        cases.len()
    );
    assert!(
        mismatches.is_empty(),
        "{} patterns differ from Node:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}

/// The error of a run that must end on the step limit.
fn limit_error(output: &ExecuteOutput) -> String {
    match output {
        ExecuteOutput::Error { error, .. } if error.code == "LIMIT_EXCEEDED" => {
            error.message.clone()
        }
        other => panic!("expected LIMIT_EXCEEDED, got {other:#?}"),
    }
}

/// The three catastrophic cases end the run quickly, with a message that names the
/// cause, and a caught error cannot keep the script going.
#[test]
fn catastrophic_patterns_end_the_run_quickly() {
    let f = fixture();
    let rows = [
        "return /(a+)+$/.test('a'.repeat(30) + '!')",
        "return /(x+x+)+y/.test('x'.repeat(40))",
        "return /^(\\w+\\s?)*$/.test('a line of ordinary words long enough to backtrack for ages before failing here!')",
        "try { /(a+)+$/.test('a'.repeat(30) + '!') } catch (e) { return 'caught ' + e.name } return 'went on'",
    ];
    for code in rows {
        let started = Instant::now();
        let message = limit_error(&f.execute(code));
        let took = started.elapsed();
        assert!(
            message.contains("regular expression") && message.contains("step limit"),
            "{code}: {message}"
        );
        // 10 million steps; a debug build on a loaded machine is slower than a release Worker.
        assert!(took < Duration::from_secs(20), "{code} took {took:?}");
        eprintln!("{code}: ended after {took:?}");
    }
}

/// Deterministic on replay: the step count depends only on the pattern and the text, so the same
/// script ends at the same place every time: same error after the same calls.
#[test]
fn the_step_limit_ends_a_run_at_the_same_place_every_time() {
    let f = fixture();
    let code = "let found = 0;\n\
                for (let n = 10; n < 40; n++) {\n\
                  await counter.get();\n\
                  if (/(a+)+$/.test('a'.repeat(n) + '!')) found++;\n\
                }\n\
                return found";
    let runs: Vec<(String, usize)> = (0..2)
        .map(|_| {
            let output = f.execute(code);
            (limit_error(&output), calls(&output).len())
        })
        .collect();
    assert_eq!(runs[0], runs[1]);
    // Lengths up to about 20 take fewer than 10 million steps; the run ends on a longer one.
    let reached = runs[0].1;
    assert!(
        (5..30).contains(&reached),
        "the run ended after {reached} calls"
    );
}
