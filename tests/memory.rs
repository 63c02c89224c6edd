//! The heap bound (`SandboxLimits::max_heap_bytes`, `MEMORY_EXCEEDED`): every way a script
//! allocates, driven past it, ends the run with the coded error and leaves the runtime serving;
//! runs under it complete. The same table runs in the built Worker
//! (`tests/integration/memory.test.mjs`).

mod common;

use codemode_runtime::model::ExecuteOutput;
use codemode_runtime::sandbox::SandboxLimits;
use codemode_runtime::RuntimeConfig;
use common::{fixture, fixture_with};

/// The run's end as the Worker test prints it: `value <json>` or `error <code>: <message>`.
fn outcome_line(out: &ExecuteOutput) -> String {
    match out {
        ExecuteOutput::Completed { result, .. } => format!("value {result}"),
        ExecuteOutput::Error { error, .. } => format!("error {}: {}", error.code, error.message),
        other => format!("status {other:?}"),
    }
}

#[derive(serde::Deserialize)]
struct Row {
    code: String,
    expect: String,
}

fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/memory_rows.json"
    ))
    .expect("rows");
    serde_json::from_str(&text).expect("rows parse")
}

/// Every row ends as the table says; a bounded run records its peak, which is near the bound
/// and shows in the report; the runtime answers after every row.
#[test]
fn every_allocation_path_is_bounded() {
    // The rows that reach the bound run under 8 MiB (`cargo test` builds the engine without
    // optimisations, and the Worker test runs the table at the default): the same paths, an
    // eighth of the work. The rows that complete run at the default.
    let default_bound = SandboxLimits::default().max_heap_bytes;
    let bound = 8 * 1024 * 1024;
    let bounded = fixture_with(RuntimeConfig {
        sandbox: SandboxLimits {
            max_heap_bytes: bound as usize,
            ..SandboxLimits::default()
        },
        ..RuntimeConfig::default()
    });
    let unbounded = fixture();
    let rows = rows();
    assert!(rows.len() >= 20, "only {} rows", rows.len());
    let mut problems = Vec::new();
    for row in &rows {
        let (f, row_bound) = if row.expect.starts_with("error MEMORY_EXCEEDED") {
            (&bounded, bound)
        } else {
            (&unbounded, default_bound as u64)
        };
        let out = f.execute(&row.code);
        let got = outcome_line(&out);
        let peak = f.state(out.execution_id()).peak_heap_bytes.unwrap_or(0);
        eprintln!(
            "{:>6.1} MiB  {}  {}",
            peak as f64 / 1048576.0,
            &got[..got.len().min(60)],
            &row.code[..row.code.len().min(70)]
        );
        if !got.starts_with(&row.expect) {
            problems.push(format!(
                "{}\n  expected {}…\n  got      {}",
                row.code,
                row.expect,
                &got[..got.len().min(300)]
            ));
        }
        if got.starts_with("error MEMORY_EXCEEDED") {
            if !out.report().contains("Peak heap:") {
                problems.push(format!("{}: the report does not print the peak", row.code));
            }
            // (A run refused a large block before allocating it can end with a peak well under the
            // bound: the block is counted in the message, not in the peak.)
            if peak == 0 {
                problems.push(format!(
                    "{}: ended by memory with no peak recorded",
                    row.code
                ));
            }
        }
        // A single native step can overshoot before the next check (a collection's storage
        // doubling, a regular expression's widened text): bounded, not exact.
        if peak > row_bound * 5 {
            problems.push(format!(
                "{}: peak {peak} bytes, the bound is {row_bound}",
                row.code
            ));
        }
        let after = outcome_line(&f.execute("return 6 * 7"));
        if after != "value 42" {
            problems.push(format!("after {}: {after}", row.code));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A run's `// @options` can lower the bound, not raise it.
#[test]
fn options_lower_the_bound_only() {
    let f = fixture();
    let code =
        "const a = []; for (let i = 0; i < 5e4; i++) a.push({i, s: 'v' + i}); return a.length;";
    assert_eq!(outcome_line(&f.execute(code)), "value 50000");
    let lowered = f.execute(&format!("// @options: {{\"max_heap_mb\": 2}}\n{code}"));
    let line = outcome_line(&lowered);
    assert!(
        line.starts_with("error MEMORY_EXCEEDED") && line.contains("its bound is 2.0 MiB"),
        "{line}"
    );
    let big = "// @options: {\"max_heap_mb\": 4096}\nconst a = []; for (let i = 0; i < 5e6; i++) a.push({i}); return a.length;";
    let line = outcome_line(&f.execute(big));
    let default_mib = SandboxLimits::default().max_heap_bytes as f64 / 1048576.0;
    assert!(
        line.starts_with("error MEMORY_EXCEEDED")
            && line.contains(&format!(
                "its bound is {default_mib:.1} MiB (max_heap_bytes)"
            )),
        "{line}"
    );
    let refused = outcome_line(&f.execute("// @options: {\"max_heap_mb\": 0}\nreturn 1"));
    assert!(refused.starts_with("error INVALID_OPTIONS"), "{refused}");
}

/// A run's bound is what the isolate has left when it starts, if that is less than its own:
/// the same run completes alone and ends `MEMORY_EXCEEDED`, saying why, while the thread holds
/// more (here a block the test holds; in the Worker, runs interleaved on the isolate).
#[test]
fn the_isolate_share_lowers_a_runs_bound() {
    const MIB: usize = 1024 * 1024;
    let f = fixture_with(RuntimeConfig {
        sandbox: SandboxLimits {
            max_heap_bytes: 32 * MIB,
            // The thread's count, below zero (wrapped) if it freed memory another thread made.
            isolate_heap_bytes: (boa_engine_live() as isize).max(0) as usize + 48 * MIB,
            ..SandboxLimits::default()
        },
        ..RuntimeConfig::default()
    });
    // About 12 MiB natively.
    let code =
        "const a = []; for (let i = 0; i < 8e4; i++) a.push({i, s: 'v' + i}); return a.length;";
    assert_eq!(outcome_line(&f.execute(code)), "value 80000");
    let held = std::hint::black_box(vec![1_u8; 40 * MIB]);
    let line = outcome_line(&f.execute(code));
    assert!(
        line.starts_with("error MEMORY_EXCEEDED")
            && line.contains("what this isolate had left of its")
            && line.contains("(max_heap_bytes is 32.0 MiB)"),
        "{line}"
    );
    drop(held);
    assert_eq!(outcome_line(&f.execute(code)), "value 80000");
}

/// Memory comes back: after a heavy run the thread holds what it held before (the sandbox's
/// garbage is collected before the next VM starts), so ten heavy runs leave it where one did.
#[test]
fn memory_comes_back_after_each_run() {
    let f = fixture();
    // Half the Worker test's 100,000 records: natively (64-bit) values take about twice the bytes.
    let code = "const a = []; for (let i = 0; i < 5e4; i++) a.push({i, s: 'v' + i, t: [i, i]}); return a.length;";
    assert_eq!(outcome_line(&f.execute(code)), "value 50000");
    let after_first = boa_engine_live();
    for _ in 0..9 {
        assert_eq!(outcome_line(&f.execute(code)), "value 50000");
    }
    let after_tenth = boa_engine_live();
    // The store keeps each run's record (a few KB); the heap of the runs is gone.
    assert!(
        after_tenth < after_first + 2 * 1024 * 1024,
        "live bytes grew from {after_first} to {after_tenth} over nine heavy runs"
    );
    let peak = f
        .state(f.execute(code).execution_id())
        .peak_heap_bytes
        .unwrap_or(0);
    assert!(
        peak > 2 * 1024 * 1024,
        "a 50,000-record run peaked at {peak} bytes"
    );
}

/// A dropped VM's garbage waits for `collect_garbage` (the Worker calls it once the request is
/// answered, off the next request's path) or for the next VM's start, which collects first.
#[test]
fn a_runs_garbage_goes_when_idle_or_before_the_next_run() {
    use codemode_runtime::sandbox::{collect_garbage, garbage_left};
    let f = fixture();
    let heavy =
        "const a = []; for (let i = 0; i < 5e4; i++) a.push({i, s: 'v' + i}); return a.length;";
    assert_eq!(outcome_line(&f.execute("return 1")), "value 1");
    collect_garbage();
    let before = boa_engine_live();
    const MIB: usize = 1024 * 1024;

    assert_eq!(outcome_line(&f.execute(heavy)), "value 50000");
    assert!(
        garbage_left(),
        "the heavy run's VM left no garbage to collect"
    );
    let left = boa_engine_live();
    assert!(
        left > before + 2 * MIB,
        "live bytes {before} → {left}: the records are not waiting"
    );
    collect_garbage();
    assert!(!garbage_left());
    let idle = boa_engine_live();
    assert!(
        idle < before + MIB,
        "live bytes {before} → {idle} after collect_garbage"
    );

    assert_eq!(outcome_line(&f.execute(heavy)), "value 50000");
    assert_eq!(outcome_line(&f.execute("return 1")), "value 1");
    let next = boa_engine_live();
    assert!(
        next < before + MIB,
        "live bytes {before} → {next}: the next run did not collect first"
    );
}

fn boa_engine_live() -> usize {
    codemode_runtime::heap::live_bytes()
}

/// An object's first two property values live in the object itself and a literal's storage
/// holds its properties and no more (boa's fork, `object::storage` and `StoreEmptyObject`'s
/// capacity): upstream allocated a separate vector for every object with a property, and grown
/// one value at a time, a two-property literal kept room for four values and a five-property one
/// for eight.
#[test]
fn object_literals_take_room_for_their_properties_only() {
    let f = fixture();
    const N: usize = 20_000;
    let peak = |build: &str| {
        let code = format!(
            "const keep = []; for (let i = 0; i < {N}; i++) keep.push({build}); return keep.length;"
        );
        let out = f.execute(&code);
        assert_eq!(outcome_line(&out), format!("value {N}"));
        f.state(out.execution_id()).peak_heap_bytes.unwrap_or(0) as f64
    };
    // The first run also fills what a thread computes once; it is not measured.
    peak("{}");
    let empty = peak("{}");
    let value = std::mem::size_of::<boa_engine::JsValue>() as f64;
    for (build, beyond_the_object) in [
        ("{i}", 0.0),
        ("{i, j: i}", 0.0),
        ("{i, j: i, k: i, l: i, m: i}", 5.0 * value),
    ] {
        let per_object = (peak(build) - empty) / N as f64;
        assert!(
            (per_object - beyond_the_object).abs() < 1.0,
            "{build}: {per_object:.1} bytes per object beyond an empty literal, want {beyond_the_object}"
        );
    }
}

/// `JSON.parse` reads a Latin-1 text where it is (boa's fork, `Json::parse`): it widened the
/// whole text to UTF-16 first, a copy twice the text's size at the peak of every large parse.
#[test]
fn json_parse_reads_a_latin1_text_in_place() {
    let f = fixture();
    const LENGTH: usize = 4_000_000;
    let peak = |parse: bool| {
        let code = format!(
            "const text = '\"' + 'a'.repeat({LENGTH}) + '\"'; {} return text.length;",
            if parse {
                "const value = JSON.parse(text);"
            } else {
                ""
            }
        );
        let out = f.execute(&code);
        assert_eq!(outcome_line(&out), format!("value {}", LENGTH + 2));
        f.state(out.execution_id()).peak_heap_bytes.unwrap_or(0) as usize
    };
    peak(false);
    let parse_cost = peak(true).saturating_sub(peak(false));
    // The parsed string itself is LENGTH bytes (Latin-1); the widened copy added 2 × LENGTH.
    assert!(
        parse_cost < LENGTH + LENGTH / 2,
        "parsing a {LENGTH}-character text cost {parse_cost} bytes at the peak"
    );
}
