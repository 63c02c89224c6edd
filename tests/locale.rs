//! The locale table (`tests/locale/expected.json`, written by `node scripts/locale-expected.mjs`):
//! every row — a value, a locale and options for one locale-aware API — run in the sandbox
//! natively (ICU4X; the Worker forwards to V8's own ICU and is checked against every row by
//! tests/integration/locale.test.mjs) and compared with what Node's ICU gave.
//!
//! The native backend is not exact: it reports its match rate and must stay above a floor; the
//! rows it gets wrong are printed (`LOCALE_VERBOSE=1`) and listed by cause in
//! docs/locales.md. Known native differences (30 of 863 rows today): units beyond a few English
//! short names (ICU4X 2.3 has little unit data), date component combinations ICU4X's field sets do
//! not express (`month: "narrow"`, `dayPeriod`, `timeZoneName` alone), Node 20's `24:30` for `hour12: false`
//! at midnight (a V8 bug; workerd and ICU4X write `00:30`), and a few CLDR pattern details. An
//! error row matches when the sandbox throws the same kind of error (V8's message may differ
//! natively). `LOCALE_FILTER=<substring>` runs only rows whose JSON contains it.

mod common;

use common::*;
use serde_json::Value;

/// Percentage of the table the native backend must match.
const NATIVE_FLOOR: f64 = 95.0;
/// Rows per script (the code size limit is 64 KiB).
const BATCH: usize = 60;

fn table() -> Vec<Value> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/locale/expected.json");
    let text = std::fs::read_to_string(&path)
        .expect("tests/locale/expected.json (node scripts/locale-expected.mjs)");
    let json: Value = serde_json::from_str(&text).expect("expected.json is JSON");
    json["rows"].as_array().expect("rows").clone()
}

fn evaluator() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/locale/evaluate.js");
    std::fs::read_to_string(path).expect("tests/locale/evaluate.js")
}

/// `true` if the sandbox's answer is Node's (errors: the same kind).
fn matches(expected: &Value, got: &Value) -> bool {
    match (expected.get("ok"), expected.get("error")) {
        (Some(want), _) => got.get("ok") == Some(want),
        (None, Some(kind)) => got.get("error") == Some(kind),
        _ => false,
    }
}

#[test]
fn the_locale_table_matches_node_natively() {
    let rows = table();
    assert!(rows.len() >= 300, "the table has only {} rows", rows.len());
    let filter = std::env::var("LOCALE_FILTER").unwrap_or_default();
    let verbose = std::env::var("LOCALE_VERBOSE").is_ok() || !filter.is_empty();
    let selected: Vec<&Value> = rows
        .iter()
        .filter(|row| row.to_string().contains(filter.as_str()))
        .collect();
    let evaluate = evaluator();
    let f = fixture();
    let (mut passed, mut by_api) = (
        0usize,
        std::collections::BTreeMap::<String, (usize, usize)>::new(),
    );
    for chunk in selected.chunks(BATCH) {
        let inputs: Vec<Value> = chunk
            .iter()
            .map(|row| {
                let mut row = (*row).clone();
                if let Some(object) = row.as_object_mut() {
                    object.remove("expected");
                    object.remove("workerd");
                }
                row
            })
            .collect();
        let code = format!(
            "const evaluate = {evaluate};\nreturn {}.map((row) => evaluate(row));",
            Value::from(inputs)
        );
        let answers = completed(&f.execute(&code));
        let answers = answers.as_array().expect("an array of answers");
        assert_eq!(answers.len(), chunk.len());
        for (row, got) in chunk.iter().zip(answers) {
            let api = row["api"].as_str().unwrap_or("?").to_string();
            let entry = by_api.entry(api).or_default();
            entry.1 += 1;
            if matches(&row["expected"], got) {
                passed += 1;
                entry.0 += 1;
            } else if verbose {
                println!(
                    "DIFFERS {} {} {} {}",
                    row["api"], row["locale"], row["options"], row["value"]
                );
                println!("  node:   {}", row["expected"]);
                println!("  native: {got}");
            }
        }
    }
    let total = selected.len();
    let rate = 100.0 * passed as f64 / total.max(1) as f64;
    for (api, (ok, all)) in &by_api {
        println!("{api:32} {ok:4} / {all:4}");
    }
    println!("locale table, native (ICU4X): {passed} of {total} rows match Node ({rate:.1}%)");
    if filter.is_empty() {
        assert!(
            rate >= NATIVE_FLOOR,
            "{rate:.1}% of the locale table matches Node natively; the floor is {NATIVE_FLOOR}%"
        );
    }
}

#[test]
fn the_same_row_gives_the_same_answer_on_every_run() {
    // Determinism: the answers are a function of the inputs (no host locale or zone leaks in).
    let f = fixture();
    let code = "return [new Date(0).toLocaleString(), (1234.5).toLocaleString(), new Intl.DateTimeFormat().resolvedOptions().timeZone, new Intl.NumberFormat().resolvedOptions().locale]";
    let first = completed(&f.execute(code));
    let second = completed(&f.execute(code));
    assert_eq!(first, second);
    // The sandbox's defaults (the contract's, not Node's answers): UTC and en-US.
    assert_eq!(first[2], "UTC");
    assert_eq!(first[3], "en-US");
}

#[test]
fn the_locale_layer_ignores_what_the_script_changed_before_first_use() {
    // The layer is compiled and wired the first time a script needs it, from the built-ins the
    // prelude captured before the script ran: replaced built-ins and global declarations made
    // first change nothing (compared with the same expression in an untouched run).
    let f = fixture();
    let expression = "[new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(1234.5), \
                      new Date(0).toLocaleDateString('ja-JP', { dateStyle: 'long' }), ['b', 'a'].sort((x, y) => x.localeCompare(y)), \
                      Intl.NumberFormat.prototype.resolvedOptions.call(new Intl.NumberFormat('fr-FR')).locale]";
    let clean = completed(&f.execute(&format!("return {expression}")));
    let tampered = completed(&f.execute(&format!(
        "(0, eval)('var SetCtor = 1; let WeakMapCtor = 2; var hostIntl = 3;'); \
         WeakMap.prototype.get = () => undefined; WeakMap.prototype.set = () => {{}}; JSON.stringify = () => '{{}}'; \
         Object.defineProperty = () => {{ throw new Error('tampered') }}; Reflect.apply = () => {{ throw new Error('tampered') }}; \
         Set.prototype.has = () => false; Object.freeze = (o) => o; \
         return {expression}"
    )));
    assert_eq!(tampered, clean);
}
