//! Scripts that once panicked the engine. A panic in the Worker restarts the wasm instance and
//! fails the requests of every other conversation in flight, so each case here must end as an
//! ordinary run: completed, or failed with a coded error.

mod common;

use common::{completed, fixture};
use serde_json::Value;

/// `Array.prototype.sort` with comparators that are not a total order. Rust's `slice::sort_by`
/// panics on those from about 22 elements on ("user-provided comparison function does not
/// correctly implement a total order"); the engine must return some permutation instead.
#[test]
fn sort_survives_comparators_that_are_not_a_total_order() {
    let f = fixture();
    let comparators = [
        "() => Math.random() - 0.5",
        "() => (Math.random() * 3 | 0) - 1",
        "() => NaN",
        "() => 1",
        "() => -1",
        "(a, b) => (a * 7919 + b) % 3 - 1",
        "(a, b) => a < b ? 1 : -1",
        "(a, b) => { calls++; return calls % 2 ? 1 : -1 }",
    ];
    for comparator in comparators {
        for length in [5, 21, 22, 25, 32, 50, 100, 1000] {
            let code = format!(
                "let calls = 0;
                 const a = Array.from({{length: {length}}}, (_, i) => i);
                 const shuffled = a.slice().sort({comparator});
                 const sortedCopy = a.toSorted({comparator});
                 const typed = new Int32Array(a).sort({comparator});
                 return [shuffled, sortedCopy, Array.from(typed)];"
            );
            let result = completed(&f.execute(&code));
            for list in result.as_array().expect("three lists") {
                let mut numbers: Vec<i64> = list
                    .as_array()
                    .expect("a list")
                    .iter()
                    .map(|v| v.as_i64().expect("an integer"))
                    .collect();
                numbers.sort_unstable();
                let expected: Vec<i64> = (0..length).collect();
                assert_eq!(
                    numbers, expected,
                    "{comparator} on {length} elements is not a permutation"
                );
            }
        }
    }
}

/// The replacement sort is stable and orders like any sort under a consistent comparator.
#[test]
fn sort_is_stable_and_ordered_under_a_consistent_comparator() {
    let f = fixture();
    let result = completed(&f.execute(
        "const items = Array.from({length: 500}, (_, i) => ({key: (i * 7919) % 13, index: i}));
         return items.sort((a, b) => a.key - b.key);",
    ));
    let pairs: Vec<(i64, i64)> = result
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| {
            (
                v["key"].as_i64().expect("key"),
                v["index"].as_i64().expect("index"),
            )
        })
        .collect();
    assert_eq!(pairs.len(), 500);
    assert!(
        pairs.windows(2).all(|w| w[0] <= w[1]),
        "not sorted by key, then by original index: {pairs:?}"
    );
}

/// A comparator that throws stops the sort with the script's error, catchable as usual.
#[test]
fn sort_comparator_errors_reach_the_script() {
    let f = fixture();
    let result = completed(&f.execute(
        "let calls = 0;
         try { Array.from({length: 100}, (_, i) => i).sort(() => { if (++calls > 40) throw new Error('stop'); return -1 }) }
         catch (e) { return [e.message, calls] }",
    ));
    assert_eq!(
        result,
        Value::from(vec![Value::from("stop"), Value::from(41)])
    );
}

/// Built-ins that reserved memory for a script-given `length` before reading any element: an
/// array-like of length 2^53 - 1 (or an array of length 2^32 - 1) made `sort`, `toSorted`,
/// `toLocaleString` and `JSON.stringify` ask for gigabytes at once, and the
/// failed allocation (or capacity overflow) aborted the process. Here an element getter throws
/// early, so the run ends quickly with the script's error, as in V8. (`join`, `apply` and
/// `toLocaleString` are also fixed in the engine, but the prelude refuses their huge lengths
/// before.)
#[test]
fn huge_lengths_are_not_reserved_up_front() {
    let f = fixture();
    let targets = [
        "Array.prototype.sort.call(o)",
        "a.sort()",
        "a.toSorted()",
        "JSON.stringify(a)",
        "JSON.stringify(new Proxy([], {get: (t, k) => k === 'length' ? 2 ** 53 - 1 : o[k]}))",
    ];
    let mut failures = Vec::new();
    for target in targets {
        let code = format!(
            "const o = {{length: 2 ** 53 - 1, get 3() {{ throw new Error('stop') }}}};
             const a = []; a.length = 2 ** 32 - 1; Object.defineProperty(a, 3, {{get() {{ throw new Error('stop') }}}});
             try {{ {target}; return 'no error' }} catch (e) {{ return e.message }}"
        );
        let result = completed(&f.execute(&code));
        if result != "stop" {
            failures.push(format!("{target}: {result}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Integer arithmetic on the engine's 32-bit fast paths: `i32::MIN % -1` panicked in every
/// build ("attempt to calculate the remainder with overflow"); the rest must not overflow
/// either. Values from Node.
#[test]
fn int32_edge_arithmetic_does_not_overflow() {
    let f = fixture();
    let result = completed(&f.execute(
        "let x = -2147483648; let y = -1; let m = 2147483647;
         const r = [x / y, x % y, Object.is(x % y, -0), x * y, -x, x - 1, x + x, ~x, x >> 33, x << 33, x >>> 33, x ** 2,
                    m + 1, m * m, x % 1, Object.is(-4 % 2, -0), -2147483648 % -1 === 0];
         x--; m++; y++;
         return [...r, x, m, y].map(String);",
    ));
    let node = serde_json::json!([
        "2147483648",
        "0",
        "true",
        "2147483648",
        "2147483648",
        "-2147483649",
        "-4294967296",
        "2147483647",
        "-1073741824",
        "0",
        "1073741824",
        "4611686018427388000",
        "2147483648",
        "4611686014132420600",
        "0",
        "true",
        "true",
        "-2147483649",
        "2147483648",
        "0"
    ]);
    assert_eq!(result, node);
}

/// What a run ended with, as one line: `value <json>` or `error <code>: <message>`.
fn outcome_line(output: &codemode_runtime::model::ExecuteOutput) -> String {
    use codemode_runtime::model::ExecuteOutput;
    match output {
        ExecuteOutput::Completed { result, .. } => format!("value {result}"),
        ExecuteOutput::Error { error, .. } => format!("error {}: {}", error.code, error.message),
        other => format!("{other:?}"),
    }
}

/// Scripts that panicked the engine or overflowed the native stack (issue 24), each with the
/// start of what the run must end with (V8's value, or its `RangeError`, or the sandbox's coded
/// refusal): `tests/engine_crash_rows.json`, which `tests/integration/engine_crashes.test.mjs`
/// runs in the built Worker too, where the wasm engine's own stack (about 1 MB) is what overflows.
/// Native recursion is bounded there by the counted depth (`native_recursion_depth`), the same
/// here; the byte budget is raised past what debug frames need at that depth (a thread of 64 MiB,
/// 48 MiB of budget), so an unbounded recursion still aborts the test process.
#[test]
fn deep_structures_and_abrupt_iterators_end_as_ordinary_runs() {
    let rows: Vec<Value> =
        serde_json::from_str(include_str!("engine_crash_rows.json")).expect("the rows are JSON");
    let parsed: Vec<(String, String)> = rows
        .iter()
        .map(|row| {
            let mut code = row["code"].as_str().expect("code").to_string();
            if let Some(repeat) = row.get("repeat") {
                let unit = repeat[0].as_str().expect("repeated text");
                code.push_str(&unit.repeat(repeat[1].as_u64().expect("a count") as usize));
            }
            (code, row["expect"].as_str().expect("expect").to_string())
        })
        .collect();
    let problems = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            // A smaller budget than the default ends the endless loops sooner.
            let mut config = codemode_runtime::runtime::RuntimeConfig::default();
            config.sandbox.instruction_budget = 20_000_000;
            config.sandbox.native_stack_bytes = 48 << 20;
            let f = common::fixture_with(config);
            let mut problems = Vec::new();
            for (code, expected) in parsed {
                let got = outcome_line(&f.execute(&code));
                if !got.starts_with(&expected) {
                    problems.push(format!(
                        "{}\n  expected {expected}…\n  got      {got}",
                        &code[..code.len().min(160)]
                    ));
                }
            }
            problems
        })
        .expect("a thread")
        .join()
        .expect("no panic");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
