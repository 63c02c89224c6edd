//! `Date.parse` and `new Date(string)` accept what V8 accepts, with the values V8 gives: a table
//! of date strings (ISO variants, SQL, US, RFC 2822, `toString`/`toUTCString` forms, month names,
//! AM/PM, 2-digit years, offsets and zone names, and garbage that must stay Invalid Date), with
//! the epoch milliseconds Node gives for each under TZ=UTC (`tests/dates/expected.json`,
//! regenerated from `tests/dates/inputs.json` by `node scripts/date-expected.mjs`).

mod common;

use std::path::{Path, PathBuf};

use common::*;
use serde_json::Value;

fn dates_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dates")
}

fn read_json(name: &str) -> Value {
    let path = dates_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `(input, expected)`: epoch milliseconds, or `None` for Invalid Date.
fn table() -> Vec<(String, Option<i64>)> {
    let expected = read_json("expected.json");
    let rows: Vec<(String, Option<i64>)> = expected
        .as_array()
        .expect("expected.json is an array")
        .iter()
        .map(|row| {
            let input = row["input"].as_str().expect("input").to_string();
            let value = match &row["expected"] {
                Value::Null => None,
                other => Some(
                    other
                        .as_i64()
                        .unwrap_or_else(|| panic!("bad expected value {other}")),
                ),
            };
            (input, value)
        })
        .collect();
    let inputs = read_json("inputs.json");
    let inputs: Vec<&str> = inputs
        .as_array()
        .expect("inputs.json is an array")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let generated: Vec<&str> = rows.iter().map(|(input, _)| input.as_str()).collect();
    assert_eq!(
        inputs, generated,
        "expected.json is not generated from inputs.json: run `node scripts/date-expected.mjs`"
    );
    rows
}

#[test]
fn date_parsing_matches_node() {
    let rows = table();
    let valid = rows
        .iter()
        .filter(|(_, expected)| expected.is_some())
        .count();
    assert!(
        rows.len() >= 150,
        "the table has only {} strings",
        rows.len()
    );
    assert!(
        valid >= 50 && rows.len() - valid >= 30,
        "the table needs both dates and invalid strings"
    );

    // One run parses every string, both ways (`Date.parse` and `new Date`), and returns the
    // values (NaN as null).
    let inputs = serde_json::to_string(&rows.iter().map(|(input, _)| input).collect::<Vec<_>>())
        .expect("inputs");
    let code = format!(
        "const inputs = {inputs};\n\
         return inputs.map(s => {{ const a = Date.parse(s), b = new Date(s).getTime(); \
           return [Number.isNaN(a) ? null : a, Number.isNaN(b) ? null : b]; }});"
    );
    let f = fixture();
    let got = completed(&f.execute(&code));
    let got = got.as_array().expect("an array of results");
    assert_eq!(got.len(), rows.len());

    let mut mismatches = Vec::new();
    for ((input, expected), pair) in rows.iter().zip(got) {
        let expected = expected.map(Value::from).unwrap_or(Value::Null);
        if pair[0] != expected || pair[1] != expected {
            mismatches.push(format!(
                "{input:?}: Node {expected}, sandbox Date.parse {} / new Date {}",
                pair[0], pair[1]
            ));
        }
    }
    println!(
        "dates: {} of {} strings parse as in Node",
        rows.len() - mismatches.len(),
        rows.len()
    );
    assert!(
        mismatches.is_empty(),
        "{} strings differ from Node:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}

/// The strings the issue named, spelled out (the table has them too): each is a valid date, and
/// garbage is still Invalid Date.
#[test]
fn the_common_formats_are_dates_and_garbage_is_not() {
    let f = fixture();
    let code = r#"
        const ok = ["2024-03-15 10:30:00", "03/15/2024", "Mar 15, 2024", "15 March 2024", "2024-03-15T10:30:00+0000"];
        const bad = ["garbage", "2024-13-45", "Mar 15 2024 foo", ""];
        return { ok: ok.map(s => !isNaN(new Date(s))), bad: bad.map(s => String(new Date(s))) };
    "#;
    let got = completed(&f.execute(code));
    assert_eq!(
        got["ok"],
        serde_json::json!([true, true, true, true, true]),
        "{got}"
    );
    assert_eq!(
        got["bad"],
        serde_json::json!([
            "Invalid Date",
            "Invalid Date",
            "Invalid Date",
            "Invalid Date"
        ]),
        "{got}"
    );
}
