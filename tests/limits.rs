//! The sandbox's limits (issue 4), table by table: the whole-run instruction budget, engine
//! limits, string, array and buffer sizes, deeply nested source, regex backtracking, tool argument
//! and result sizes, calls per run, output and code size.
//!
//! Rows that could crash, hang or exhaust the host if a limit were missing run in a child process
//! (`common::isolated`, under a 4 GiB address-space cap and a timeout), so one missing limit shows
//! as a failed row instead of taking the suite (or the machine) down.

mod common;

use std::time::Duration;

use async_trait::async_trait;
use codemode_runtime::journal::Outcome;
use codemode_runtime::model::{CallState, ExecuteOutput};
use codemode_runtime::notes::NoteStore;
use codemode_runtime::sandbox::SandboxLimits;
use codemode_runtime::{CallContext, Connector, RuntimeConfig, Store, ToolError, ToolSpec};
use common::*;
use serde_json::{json, Value};

/// The instruction budget of the budget tables: small, so a runaway script ends quickly.
const BUDGET: usize = 2_000_000;
/// How long a child process may take before it counts as hung.
const CHILD_TIMEOUT: Duration = Duration::from_secs(120);
/// The environment variable that gives a child the instruction budget.
const CHILD_BUDGET: &str = "CODEMODE_CHILD_BUDGET";

fn budget_config(budget: usize) -> RuntimeConfig {
    RuntimeConfig {
        sandbox: SandboxLimits {
            instruction_budget: budget,
            ..SandboxLimits::default()
        },
        ..RuntimeConfig::default()
    }
}

/// The entry point of child processes (see `common::isolated`); a no-op in a normal run.
#[test]
fn child_entry() {
    let budget = std::env::var(CHILD_BUDGET)
        .ok()
        .and_then(|b| b.parse::<usize>().ok());
    child_main(
        || match budget {
            Some(budget) => fixture_with(budget_config(budget)),
            None => fixture(),
        },
        3,
    );
}

/// Runs each script in its own child process, a few at a time.
fn isolated_rows(codes: Vec<String>, budget: Option<usize>) -> Vec<Isolated> {
    let vars: Vec<(&str, String)> = budget
        .map(|b| vec![(CHILD_BUDGET, b.to_string())])
        .unwrap_or_default();
    parallel_map(codes, 2, |code| {
        isolated("child_entry", &code, &vars, CHILD_TIMEOUT)
    })
}

/// `Some(code)` of an error output.
fn code_of(output: &ExecuteOutput) -> Option<&str> {
    match output {
        ExecuteOutput::Error { error, .. } => Some(&error.code),
        _ => None,
    }
}

/// Wraps `expr` so the script returns `{name, message, range}` of what it throws, or `{ok: true}`.
fn thrown(expr: &str) -> String {
    format!(
        "let value;\ntry {{ value = ({expr}); }} catch (e) {{ return {{name: e && e.name, message: String(e && e.message), range: e instanceof RangeError, syntax: e instanceof SyntaxError}} }}\n\
         return {{ok: true, kind: typeof value}}"
    )
}

fn check_all(problems: Vec<String>) {
    assert!(
        problems.is_empty(),
        "{} row(s) failed:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

// ---- BUDGET_EXCEEDED: the whole-run instruction budget ----

#[test]
fn the_default_instruction_budget_is_one_hundred_million() {
    assert_eq!(SandboxLimits::default().instruction_budget, 100_000_000);
    assert_eq!(
        RuntimeConfig::default().sandbox.instruction_budget,
        100_000_000
    );
}

/// Runaway scripts end with `BUDGET_EXCEEDED` whatever catches, `finally`s or promise jobs they
/// hide behind; the counter total is what ran before the budget ran out.
#[test]
fn runaway_scripts_end_with_budget_exceeded() {
    // (code, counter total afterwards)
    let rows: &[(&str, i64)] = &[
        ("while (true) {}", 0),
        ("for (;;) {}", 0),
        ("try { while (true) {} } catch (e) { return 'caught' }", 0),
        ("try { for (;;) {} } catch (e) {} return 'went on after the catch'", 0),
        ("try { while (true) {} } finally { return 'finally swallowed it' }", 0),
        ("try { [1].forEach(() => { while (true) {} }) } catch (e) { return 'caught' }", 0),
        ("return await new Promise(() => { while (true) {} }).catch(() => 'caught')", 0),
        ("function* g() { while (true) yield 1 } for (const x of g()) {}", 0),
        // No single loop reaches the per-frame loop limit, only the total does.
        ("function spin() { for (let i = 0; i < 100000; i++) {} } for (let j = 0; j < 100000; j++) spin()", 0),
        // Promise jobs that schedule each other for ever: no loop, no recursion. (Not returning
        // the next promise: a chain of promises each resolved with the next is retained, and
        // natively reaches the heap bound first, MEMORY_EXCEEDED.)
        ("const spin = () => { Promise.resolve().then(spin) }; spin(); await new Promise(() => {})", 0),
        ("await counter.bump({by: 1}); while (true) {}", 1),
        ("await counter.get(); try { while (true) {} } catch (e) { return 'caught' }", 0),
        ("await counter.bump({by: 1}); try { for (;;) {} } catch (e) {} await counter.bump({by: 10}); return 'went on'", 1),
        (
            "await Promise.all([(async () => { await counter.get(); while (true) {} })(), \
             (async () => { await counter.get(); await counter.get(); return await counter.bump({by: 1}) })()])",
            0,
        ),
        (
            "await Promise.all([(async () => { await counter.get(); try { while (true) {} } catch (e) { return 'caught' } })(), \
             counter.get()]); await counter.bump({by: 5}); return 'went on'",
            0,
        ),
    ];
    let results = isolated_rows(
        rows.iter().map(|(code, _)| code.to_string()).collect(),
        Some(BUDGET),
    );
    let mut problems = Vec::new();
    for ((code, total), result) in rows.iter().zip(&results) {
        let Isolated::Finished(value) = result else {
            problems.push(format!(
                "{code}\n  expected BUDGET_EXCEEDED, got: {}",
                result.describe()
            ));
            continue;
        };
        let output = result.last_output().expect("an output");
        let got_total = value["total"].as_i64().unwrap_or(-1);
        if code_of(&output) != Some("BUDGET_EXCEEDED") || got_total != *total {
            problems.push(format!(
                "{code}\n  expected BUDGET_EXCEEDED with counter total {total}, got: {} (counter total {got_total})",
                result.describe()
            ));
        }
    }
    check_all(problems);
}

/// Each index a built-in's loop visits is charged to the budget (8 instructions, fork patch
/// 0070): such loops run natively, and `a.length = 2 ** 32 - 1; a.includes(1)` ran for minutes.
#[test]
fn built_in_loops_over_indices_are_charged_to_the_budget() {
    let f = fixture_with(budget_config(5_000_000));
    // Two million holes: at least 8 million instructions of steps (`reverse` visits half the
    // indices), past the budget; 100,000: within it.
    expect_over_and_within(
        &f,
        &[
            "indexOf(1)",
            "includes(1)",
            "every(() => true)",
            "reverse().length",
        ],
        |method| format!("const a = []; a.length = 2e6; return a.{method}"),
        |method| format!("const a = []; a.length = 1e5; return a.{method}"),
    );
}

/// For each of `exprs`, the script `over(expr)` ends with the budget and `within(expr)`
/// completes.
fn expect_over_and_within(
    f: &Fixture,
    exprs: &[&str],
    over: impl Fn(&str) -> String,
    within: impl Fn(&str) -> String,
) {
    for expr in exprs {
        let code = over(expr);
        let out = f.execute(&code);
        assert_eq!(code_of(&out), Some("BUDGET_EXCEEDED"), "{code}: {out:#?}");
        let code = within(expr);
        let out = f.execute(&code);
        assert!(
            matches!(out, ExecuteOutput::Completed { .. }),
            "{code}: {out:#?}"
        );
    }
}

/// `expr` summed in a loop of 1,000, after `setup`.
fn looped(setup: &str, expr: &str) -> String {
    format!("{setup} let n = 0; for (let i = 0; i < 1000; i++) n += {expr}; return n")
}

/// A built-in's loop over an iterator (`new Set(it)`, `Iterator.prototype.drop`, `toArray`,
/// spreading) or over an array for `JSON.stringify` charges every step to the budget and
/// checks the heap bound (fork patch 0075): over a holey array's iterator, `new Set(a)` with
/// `a.length = 2 ** 32 - 1` ran natively for minutes, and `Promise.all(a)` with `1e7` holes for
/// 20 s and 850 MiB. Two million steps are at least 16 million instructions, past a budget of 5
/// million; 100,000 fit. `for…of` is charged by its own instructions only: its two million
/// steps fit.
#[test]
fn built_in_loops_over_iterators_are_charged_to_the_budget() {
    let f = fixture_with(budget_config(5_000_000));
    expect_over_and_within(
        &f,
        &[
            "new Set(a).size",
            "a.values().drop(a.length).next().done",
            "a.keys().toArray().length",
            "JSON.stringify(a).length",
            "[...a].length",
        ],
        |expr| format!("const a = []; a.length = 2e6; return {expr}"),
        |expr| format!("const a = []; a.length = 1e5; return {expr}"),
    );
    let for_of =
        f.execute("const a = []; a.length = 2e5; let n = 0; for (const x of a) n++; return n");
    assert!(
        matches!(for_of, ExecuteOutput::Completed { .. }),
        "{for_of:#?}"
    );
}

/// Every step of a typed array method's loop over its elements is charged as an array
/// method's is (fork patch 0080): they ran natively at one instruction a call, so a loop of
/// `bytes.indexOf(0)` over a 16 MiB buffer ran for minutes. Two million elements are at least
/// 16 million instructions, past a budget of 5 million; 100,000 fit.
#[test]
fn typed_array_loops_are_charged_to_the_budget() {
    let f = fixture_with(budget_config(5_000_000));
    expect_over_and_within(
        &f,
        &[
            "t.indexOf(1)",
            "t.lastIndexOf(1)",
            "t.includes(1)",
            "t.fill(7).length",
            "t.reverse().length",
            "t.join().length",
            "new Float64Array(t).length",
            "t.sort().length",
        ],
        |expr| format!("const t = new Uint8Array(2e6); return {expr}"),
        |expr| format!("const t = new Uint8Array(1e5); return {expr}"),
    );
}

/// The keys of an object are collected natively, and string methods that build a string as
/// long as their input copy it natively: each key costs 8 instructions, and each 64 characters
/// converted, padded, repeated, normalised or replaced 1 (fork patch 0078). A loop of
/// `Object.keys(o).length` over 100,000 keys, or of `text.toLowerCase()` over a long text, ran
/// for minutes at one instruction a call. Each loop here ends with a budget of a million; one
/// call of each fits.
#[test]
fn own_keys_and_string_copies_are_charged_to_the_budget() {
    let f = fixture_with(budget_config(1_000_000));
    let setup = "const o = {}; for (let i = 0; i < 5000; i++) o['k' + i] = i; \
                 const s = 'abcdefgh'.repeat(1e5);";
    expect_over_and_within(
        &f,
        &[
            "Object.keys(o).length",
            "Object.entries(o).length",
            "Object.assign({}, o) && 1",
            "({ ...o }) && 1",
            "s.toUpperCase().length",
            "s.padStart(s.length + 8).length",
            "s.normalize().length",
            "s.replaceAll('h', 'H').length",
            "s.replace('a', 'b').length",
            "s.slice(0, 8e4).split('').length",
            "'xy'.repeat(4e5).length",
        ],
        |expr| looped(setup, expr),
        |expr| format!("{setup} return {expr}"),
    );
}

/// The host's functions charge the text they are given, one instruction per 64 code units (or
/// bytes): `btoa`, `atob`, `TextEncoder`, `TextDecoder` and `URL` ran natively within one
/// instruction, so a loop of them over a long text ran for minutes. Each loop ends with a budget
/// of a million; one call of each fits. Output past the limit is not read at all.
#[test]
fn host_work_on_long_strings_is_charged_to_the_budget() {
    let f = fixture_with(budget_config(1_000_000));
    let setup =
        "const s = 'abcdefgh'.repeat(1e5), b64 = btoa(s), bytes = new TextEncoder().encode(s);";
    expect_over_and_within(
        &f,
        &[
            "btoa(s).length",
            "atob(b64).length",
            "new TextEncoder().encode(s).length",
            "new TextDecoder().decode(bytes).length",
            "new URL('https://example.test/?q=' + s).search.length",
        ],
        |expr| looped(setup, expr),
        |expr| format!("{setup} return {expr}"),
    );
    let logged = f.execute(
        "const s = 'abcdefgh'.repeat(1e5); for (let i = 0; i < 5000; i++) console.log(s); return 1",
    );
    assert!(
        matches!(logged, ExecuteOutput::Completed { .. }),
        "{logged:#?}"
    );
}

/// Deleting a `Map`'s or a `Set`'s keys leaves the others where they are (fork patch 0076):
/// each `delete` shifted every later entry, so deleting 100,000 keys in insertion order took
/// 22 s natively, and a cache evicting its oldest key was quadratic. Both finish at once now
/// (in a debug build too); the values are checked against each other, as the order they leave
/// is checked against Node in the corpus (`data_map_set_delete_order.js`).
#[test]
fn deleting_map_and_set_keys_does_not_shift_the_rest() {
    let f = fixture_with(budget_config(50_000_000));
    let out = f.execute(
        "const m = new Map(), s = new Set();
         for (let i = 0; i < 1e5; i++) { m.set(i, i); s.add(i); }
         for (let i = 0; i < 1e5 - 2; i++) { m.delete(i); s.delete(i); }
         const lru = new Map();
         for (let i = 0; i < 1e5; i++) { lru.set(i, i); if (lru.size > 5e4) lru.delete(lru.keys().next().value); }
         return [m.size, [...m.keys()].join(), s.size, [...s].join(), lru.size, lru.keys().next().value];",
    );
    assert_eq!(
        completed(&out),
        json!([2, "99998,99999", 2, "99998,99999", 50000, 50000])
    );
}

/// A string built by appending in a loop is extended in place, and the characters a
/// concatenation copies are charged to the budget (one instruction per 64; boa_string patch
/// 0002): each append copied the whole string, so 250,000 appends ran for minutes, one
/// instruction each. Appending 1.6 million characters fits a budget of 20 million, as each
/// piece is copied once; building the same string by prepending copies it whole every time
/// (about 2.5 billion characters) and ends the run.
#[test]
fn strings_built_by_appending_are_extended_in_place() {
    let f = fixture_with(budget_config(20_000_000));
    // Each loop builds the same 1.6 million characters: `abcd<i % 10>efg` for the last one.
    for (append, piece) in [
        ("s += 'abcdefgh'", None),
        ("s = `${s}abcdefgh`", None),
        ("s = s.concat('abcd', 'efgh')", None),
        ("s += 'abcd' + i % 10 + 'efg'", Some(())),
    ] {
        let out = f.execute(&format!(
            "let s = ''; for (let i = 0; i < 200000; i++) {append}; return [s.length, s.slice(0, 16), s.slice(-8)]"
        ));
        let (first, last) = match piece {
            None => ("abcdefgh".repeat(2), "abcdefgh".to_string()),
            Some(()) => ("abcd0efgabcd1efg".to_string(), "abcd9efg".to_string()),
        };
        assert_eq!(completed(&out), json!([1_600_000, first, last]), "{append}");
    }
    let prepended = f.execute(
        "let s = ''; for (let i = 0; i < 200000; i++) s = 'abcdefgh' + s; return s.length",
    );
    assert_eq!(
        code_of(&prepended),
        Some("BUDGET_EXCEEDED"),
        "{prepended:#?}"
    );
}

/// Work on `BigInt`s is charged to the budget, and a result's room asked of the heap bound,
/// before the operation runs (fork patch 0072): each ran natively as one instruction, so
/// `String(1n << 40000000n)` took 21 s natively, a parse of 4 million digits 24 s and
/// `3n ** 20000000n` seconds, and `1n << 2147483647n` allocated 256 MiB at once. Past V8's
/// size limit a shift throws V8's catchable `RangeError`. Values from Node.
#[test]
fn bigint_work_is_charged_before_it_runs() {
    let f = fixture();
    for code in [
        "return String(1n << 40000000n).length",
        "return BigInt('9'.repeat(4e6)) > 0n",
        "return 3n ** 20000000n > 0n",
        "const a = 3n ** 2000000n, b = 7n ** 900000n; return (a * a) / b > 0n",
    ] {
        let out = f.execute(code);
        assert_eq!(code_of(&out), Some("BUDGET_EXCEEDED"), "{code}: {out:#?}");
    }
    let big = f.execute("const a = 1n << 300000000n; return a > 0n");
    assert_eq!(code_of(&big), Some("MEMORY_EXCEEDED"), "{big:#?}");
    let limit =
        f.execute("try { 1n << 2147483647n } catch (e) { return e.name + ': ' + e.message }");
    assert_eq!(
        completed(&limit),
        json!("RangeError: Maximum BigInt size exceeded")
    );
    // Ordinary work fits, and a loop of sums of a 2 MB value ends with the budget.
    let within = f.execute(
        "let y = 1n; for (let i = 1n; i < 300n; i++) y *= i; \
         return [String(1n << 2000000n).length, String(y).length, String(3n ** 200000n % 1000007n), \
         (7n ** 50000n / 3n ** 60000n).toString(36).length, String(1n ** (2n ** 40n))]",
    );
    assert_eq!(
        completed(&within),
        json!([602060, 613, "128697", 8757, "1"])
    );
    let looped = fixture_with(budget_config(5_000_000))
        .execute("const a = (1n << 16000000n) - 1n; let t; for (;;) t = a + 1n");
    assert_eq!(code_of(&looped), Some("BUDGET_EXCEEDED"), "{looped:#?}");
}

/// String searches are linear and, with comparisons of long strings, charged to the budget
/// (fork patch 0073): `indexOf` and `lastIndexOf` compared the needle at every position
/// (O(n·m): the first two rows made ten billion comparisons in one call), and a loop of
/// searches or `===` of two 10 MB strings ran for minutes at one instruction each. The values,
/// UTF-16 texts and needles that match only across two code units among them, are Node's.
#[test]
fn string_searches_and_comparisons_are_linear_and_charged() {
    let f = fixture();
    let found = f.execute(
        r#"return [
  "a".repeat(1e6).indexOf("a".repeat(1e4) + "b"),
  "a".repeat(1e6).lastIndexOf("b" + "a".repeat(1e4)),
  "\u0201\u0403".indexOf("\u0302"), "\u0201\u0403".lastIndexOf("\u0302"),
  "\u0201\u0403\u0302".indexOf("\u0302"), "x\u0302\u0201\u0403\u0302".lastIndexOf("\u0302"),
  "café".indexOf("é€".slice(0, 1)), "caféé€".lastIndexOf("é€".slice(0, 1), 4),
  ("ā".repeat(5) + "xāā").indexOf("āā", 3), ("ā".repeat(5) + "xāā").lastIndexOf("āā", 4),
  "abcabc".indexOf("c", 3), "abcabc".lastIndexOf("abc", 2), "abc".indexOf("", 5), "abc".lastIndexOf("", 1),
  "a€b".indexOf("b"), "ab".indexOf("€"), "a,b,,c".split(",").length, "xAxBx".replaceAll("x", "-"),
]"#,
    );
    assert_eq!(
        completed(&found),
        json!([-1, -1, -1, -1, 2, 4, 3, 4, 3, 3, 5, 0, 3, 1, 2, -1, 4, "-A-B-"])
    );
    let small = fixture_with(budget_config(5_000_000));
    for code in [
        "const s = 'x'.repeat(1e7); let c = 0; for (;;) c += s.indexOf('y')",
        "const s = 'x'.repeat(1e7); let c = 0; for (;;) c += s.lastIndexOf('y')",
        "const s = 'x'.repeat(1e7), t = 'x'.repeat(1e7); let c = 0; for (;;) c += s.startsWith(t)",
        "const a = 'x'.repeat(1e7), b = 'x'.repeat(1e7); let c = 0; for (;;) if (a === b) c++",
        "const a = 'x'.repeat(1e7), b = 'x'.repeat(1e7); let c = 0; for (;;) if (a == b) c++",
    ] {
        let out = small.execute(code);
        assert_eq!(code_of(&out), Some("BUDGET_EXCEEDED"), "{code}: {out:#?}");
    }
}

#[test]
fn work_under_the_budget_completes() {
    let f = fixture_with(budget_config(BUDGET));
    let out = f.execute("let s = 0; for (let i = 0; i < 10000; i++) s += i; return s");
    assert_eq!(completed(&out), json!(49_995_000));
}

/// The issue's determinism case: bump, pause on `notes.createNote`, then loop for ever. Approving
/// ends the run with `BUDGET_EXCEEDED`; the calls before the loop are listed as applied and the
/// bump ran once.
#[test]
fn approving_a_run_that_then_loops_ends_with_budget_exceeded_after_its_calls() {
    let code = "await counter.bump({by: 1}); await notes.createNote({text: 'before the loop'}); while (true) {}";
    let result = isolated(
        "child_entry",
        code,
        &[(CHILD_BUDGET, BUDGET.to_string())],
        CHILD_TIMEOUT,
    );
    let Isolated::Finished(value) = &result else {
        panic!("{code}\n  {}", result.describe())
    };
    let outputs: Vec<ExecuteOutput> =
        serde_json::from_value(value["outputs"].clone()).expect("outputs");
    assert_eq!(
        outputs.len(),
        2,
        "execute pauses, approve ends it: {outputs:#?}"
    );
    let pending = paused(&outputs[0]);
    assert_eq!(
        (pending.len(), pending[0].seq, pending[0].method.as_str()),
        (1, 1, "createNote")
    );

    let error = error_info(&outputs[1]);
    assert_eq!(error.code, "BUDGET_EXCEEDED", "{error:?}");
    let after = calls(&outputs[1]);
    let listed: Vec<(u32, &str, CallState)> = after
        .iter()
        .map(|c| (c.seq, c.method.as_str(), c.state))
        .collect();
    assert_eq!(
        listed,
        [
            (0, "bump", CallState::Applied),
            (1, "createNote", CallState::Applied)
        ]
    );
    assert_eq!(value["total"], json!(1), "the bump ran once");
    let effects: Vec<(String, u32)> =
        serde_json::from_value(value["effects"].clone()).expect("effects");
    assert_eq!(effects.len(), 1, "one bump key: {effects:?}");
    assert_eq!(
        effects[0].1, 1,
        "the bump executed once, not again on replay: {effects:?}"
    );
    assert_eq!(value["notes"], json!(["before the loop"]));
}

/// Every pass replays from the start, so the budget is per pass: a script whose work before a
/// pause takes more than half the budget still completes after two approvals (a budget that
/// added the passes up would stop it on the second).
#[test]
fn each_replay_gets_the_whole_budget() {
    let f = fixture_with(budget_config(BUDGET));
    // The largest power of two of loop iterations that fits the budget (twice as many does not).
    let mut fits = None;
    for k in 10..=24 {
        let n = 1u64 << k;
        let out = f.execute(&format!(
            "let s = 0; for (let i = 0; i < {n}; i++) s += i; return s"
        ));
        match code_of(&out) {
            None => fits = Some(n),
            Some("BUDGET_EXCEEDED") => break,
            Some(other) => panic!("calibration with {n} iterations ended {other}"),
        }
        assert!(
            k < 24,
            "2^24 loop iterations did not exhaust a budget of {BUDGET} instructions"
        );
    }
    let n = fits.expect("1024 iterations fit the budget");
    let code = format!(
        "let s = 0; for (let i = 0; i < {n}; i++) s += i;\n\
         await notes.createNote({{text: 'one'}}); await notes.createNote({{text: 'two'}}); return s"
    );
    let first = f.execute(&code);
    let id = first.execution_id().to_string();
    assert_eq!(paused(&first).len(), 1, "{first:#?}");
    let second = f.approve(&id);
    assert_eq!(
        paused(&second).len(),
        1,
        "the second pass ({n} iterations again) ended {second:#?}"
    );
    let third = f.approve(&id);
    assert_eq!(completed(&third), json!(n * (n - 1) / 2), "{third:#?}");
    let texts: Vec<String> = f
        .store
        .list_notes()
        .unwrap()
        .into_iter()
        .map(|n| n.text)
        .collect();
    assert_eq!(texts, ["one", "two"]);
}

// ---- LIMIT_EXCEEDED: engine limits ----

/// Runaway recursion is V8's: past the recursion limit (400 frames: the depth still bounds the
/// native stack) the script gets a catchable `RangeError: Maximum call stack size exceeded`,
/// uncaught it ends the run `SCRIPT_ERROR` with that text, and a `catch` goes on.
#[test]
fn runaway_recursion_is_a_catchable_range_error() {
    let uncaught = "SCRIPT_ERROR: RangeError: Maximum call stack size exceeded";
    let rows = [
        ("function f() { return f() } f()", uncaught),
        ("function f() { return f() } return f()", uncaught),
        (
            "try { (function f() { return f() })() } catch (e) { return 'caught' }",
            "caught",
        ),
        (
            "try { function f() { return f() } f() } catch (e) { return 'caught: ' + e }",
            "caught: RangeError: Maximum call stack size exceeded",
        ),
        (
            "await counter.get(); function f() { return f() } return f()",
            uncaught,
        ),
        (
            "await counter.get(); try { (function f() { return f() })() } catch (e) { return 'caught' }",
            "caught",
        ),
        ("const o = { get x() { return this.x } }; return o.x", uncaught),
        (
            "const p = new Proxy({}, { get(t, k) { return p[k] } }); return p.x",
            uncaught,
        ),
        // Through a native built-in at every level.
        ("function f() { return [1].map(f) } return f()", uncaught),
        (
            "const o = { toJSON() { return JSON.stringify(o) } }; return JSON.stringify(o)",
            uncaught,
        ),
        // The script goes on after the catch, as deep as before: the limit is the same each time.
        (
            "let depth = 0; function f(n) { depth = Math.max(depth, n); return f(n + 1) }\n\
             const seen = []; for (let i = 0; i < 3; i++) { try { f(0) } catch (e) { seen.push(e instanceof RangeError, depth) } }\n\
             return seen.join(' ')",
            "true 395 true 395 true 395",
        ),
    ];
    let codes = rows.iter().map(|(c, _)| c.to_string()).collect();
    let results = isolated_rows(codes, None);
    let mut problems = Vec::new();
    for ((code, want), result) in rows.iter().zip(&results) {
        let got = match result.last_output() {
            Some(ExecuteOutput::Completed { result, .. }) => result
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| result.to_string()),
            Some(ExecuteOutput::Error { error, .. }) => {
                let message = error.message.split(" (line ").next().unwrap_or_default();
                format!("{}: {message}", error.code)
            }
            _ => result.describe(),
        };
        if got != *want {
            problems.push(format!(
                "{code}\n  expected {want}, got: {}",
                result.describe()
            ));
        }
    }
    check_all(problems);
}

// ---- strings, arrays and buffers ----

/// Runs `thrown(expr)` for each row in a child process; each must complete with a catchable
/// `RangeError` whose message contains every fragment of `mentions` (if any).
fn expect_range_errors(rows: &[&str], mentions: &[&str]) -> Vec<String> {
    let codes = rows.iter().map(|expr| thrown(expr)).collect();
    let expected = if mentions.is_empty() {
        String::new()
    } else {
        format!(" mentioning {mentions:?}")
    };
    expect_completed_with(
        rows,
        codes,
        &format!("a caught RangeError{expected}"),
        |value| {
            let message = value["message"].as_str().unwrap_or_default();
            let mentioned = mentions.is_empty() || mentions.iter().any(|m| message.contains(m));
            value["name"] == json!("RangeError") && value["range"] == json!(true) && mentioned
        },
    )
}

/// Runs each code in a child process; each must complete with a value `accept` takes. A problem
/// names the row by its label and says what was `expected`.
fn expect_completed_with(
    labels: &[&str],
    codes: Vec<String>,
    expected: &str,
    accept: impl Fn(&Value) -> bool,
) -> Vec<String> {
    let results = isolated_rows(codes, None);
    let mut problems = Vec::new();
    for (label, result) in labels.iter().zip(&results) {
        match result.last_output() {
            Some(ExecuteOutput::Completed { result: value, .. }) if !accept(&value) => {
                problems.push(format!("{label}\n  expected {expected}, got {value}"));
            }
            Some(ExecuteOutput::Completed { .. }) => {}
            _ => problems.push(format!(
                "{label}\n  expected {expected}, got: {}",
                result.describe()
            )),
        }
    }
    problems
}

/// Runs `return (expr)` for each row in-process; each must complete with the value.
fn expect_values(rows: &[(&str, Value)]) -> Vec<String> {
    expect_values_in(fixture(), rows)
}

fn expect_values_in(f: Fixture, rows: &[(&str, Value)]) -> Vec<String> {
    let mut problems = Vec::new();
    for (expr, expected) in rows {
        let out = f.execute(&format!("return ({expr})"));
        match &out {
            ExecuteOutput::Completed { result, .. } if result == expected => {}
            other => problems.push(format!(
                "{expr}\n  expected {expected}, got {}",
                summary(other)
            )),
        }
    }
    problems
}

fn summary(output: &ExecuteOutput) -> String {
    match output {
        ExecuteOutput::Completed { result, .. } => {
            let text = result.to_string();
            format!(
                "completed with {}",
                text.chars().take(300).collect::<String>()
            )
        }
        ExecuteOutput::Error { error, .. } => format!("error {}: {}", error.code, error.message),
        ExecuteOutput::Paused { pending, .. } => format!("paused on {pending:?}"),
        ExecuteOutput::Cancelled { .. } => "cancelled".into(),
        ExecuteOutput::Waiting { .. } => "waiting".into(),
    }
}

const STRING_LIMIT_MENTIONS: &[&str] = &["16777216", "16,777,216", "2^24", "2**24"];

/// `JSON.parse` of a text nested deeper than `max_json_depth` (100) is a catchable
/// `RangeError` (the engine checks it as it validates the text); 100 levels parse.
#[test]
fn json_texts_nested_past_the_limit_are_a_catchable_range_error() {
    let deep = |n: usize| format!("'{}' + '{}'", "[".repeat(n), "]".repeat(n));
    let mut problems = expect_values(&[(&format!("JSON.parse({}).length", deep(100)), json!(1))]);
    let too_deep = [
        format!("JSON.parse({})", deep(101)),
        format!("JSON.parse({}, (k, v) => v)", deep(101)),
        format!("JSON.parse(`{{\"a\": ${{{}}}}}`)", deep(100)),
    ];
    let rows: Vec<&str> = too_deep.iter().map(String::as_str).collect();
    problems.extend(expect_range_errors(
        &rows,
        &["JSON nested more than 100 levels deep"],
    ));
    check_all(problems);
}

#[test]
fn strings_longer_than_2_pow_24_are_a_catchable_range_error() {
    let rows = [
        "'x'.repeat(2**28)",
        "'x'.repeat(2**24 + 1)",
        "'ab'.repeat(2**23 + 1)",
        "''.padStart(2**25)",
        "''.padEnd(2**25)",
        "'x'.padStart(2**25, 'yz')",
        "'abc'.padEnd(2**24 + 1, 'xyz')",
        "new Array(2**20).fill('abcdefghijklmnopqrstuvwxyz').join('')",
        "new Array(2**22).join('abcde')",
        // Items that are not strings make long results too.
        "new Array(2**20).fill(12345678901234567).join('')",
        "new Array(2**16).fill(['x'.repeat(300)]).join('')",
        "'a'.concat('b'.repeat(2**23), 'c'.repeat(2**23))",
        "String.prototype.concat.call('x'.repeat(2**23), 'y'.repeat(2**23), 'z')",
    ];
    check_all(expect_range_errors(&rows, STRING_LIMIT_MENTIONS));
}

#[test]
fn strings_up_to_the_limit_are_built() {
    // A string at the length limit is 32 MiB in UTF-16, the default heap bound: the bound is
    // raised here, to see the length limit alone (tests/memory.rs sees the bound).
    let big_heap = RuntimeConfig {
        sandbox: SandboxLimits {
            max_heap_bytes: 256 * 1024 * 1024,
            ..SandboxLimits::default()
        },
        ..RuntimeConfig::default()
    };
    check_all(expect_values_in(
        fixture_with(big_heap),
        &[
            ("'x'.repeat(2**24).length", json!(16_777_216)),
            ("''.padStart(2**24, 'ab').length", json!(16_777_216)),
            ("''.padEnd(2**24).length", json!(16_777_216)),
            (
                "new Array(2**19).fill('abcdefghijklmnopqrstuvwxyzabcdef').join('').length",
                json!(16_777_216),
            ),
            (
                "'a'.concat('b'.repeat(2**23), 'c'.repeat(2**23 - 1)).length",
                json!(16_777_216),
            ),
            ("['a', 'b', 'c'].join('-')", json!("a-b-c")),
            (
                "'ab'.repeat(3) + 'x'.padStart(3, '.') + 'y'.padEnd(2, '!')",
                json!("ababab..xy!"),
            ),
        ],
    ));
}

#[test]
fn arrays_over_2_pow_24_elements_are_a_catchable_range_error() {
    let rows = [
        "new Array(1e9)",
        "Array(1e9)",
        "new Array(1e9).fill(0)",
        "Array.from({length: 1e9})",
        "[].fill.call({length: 1e9}, 0)",
        "new Array(2**24 + 1)",
        "Array.from({length: 1e9}, (_, i) => i)",
        "Array.prototype.fill.call({length: 1e9}, 0)",
        "(() => { const a = []; a.length = 1e9; return a.fill(0) })()",
        "Reflect.construct(Array, [1e9])",
        "new (class Big extends Array {})(1e9)",
    ];
    check_all(expect_range_errors(&rows, &[]));
}

#[test]
fn ordinary_arrays_still_work() {
    check_all(expect_values(&[
        ("new Array(1000).fill(0).length", json!(1000)),
        ("Array(3).fill(7)", json!([7, 7, 7])),
        ("Array.from({length: 3}, (_, i) => i * 2)", json!([0, 2, 4])),
        ("Array.from('abc')", json!(["a", "b", "c"])),
        (
            "[].fill.call({length: 2}, 1)",
            json!({"0": 1, "1": 1, "length": 2}),
        ),
        ("new Array(1, 2, 3)", json!([1, 2, 3])),
        (
            "[] instanceof Array && Array.isArray(new Array(2)) && [].constructor === Array",
            json!(true),
        ),
    ]));
}

#[test]
fn buffers_over_16_mib_are_a_range_error() {
    let rows = [
        "new ArrayBuffer(2**30)",
        "new Uint8Array(2**30)",
        "new Float64Array(2**22)",
        "new ArrayBuffer(16 * 2**20 + 1)",
        "Uint8Array.from({length: 2**30})",
        "new DataView(new ArrayBuffer(2**30))",
        "(() => { const b = new ArrayBuffer(8, {maxByteLength: 2**30}); b.resize(2**30); return b })()",
    ];
    check_all(expect_range_errors(&rows, &[]));
}

#[test]
fn buffers_up_to_16_mib_are_allocated() {
    check_all(expect_values(&[
        ("new ArrayBuffer(16 * 2**20).byteLength", json!(16_777_216)),
        ("new Uint8Array(1024).length", json!(1024)),
        ("new Float64Array(2**21).byteLength", json!(16_777_216)),
    ]));
}

// ---- deeply nested source ----

#[test]
fn deeply_nested_scripts_are_a_syntax_error() {
    let rows = vec![
        format!("{}1{}", "(".repeat(10000), ")".repeat(10000)),
        "[".repeat(10000),
        "{".repeat(5000),
        format!("return {}1{}", "(".repeat(10000), ")".repeat(10000)),
        format!("return {}{}", "[".repeat(10000), "]".repeat(10000)),
    ];
    let results = isolated_rows(rows.clone(), None);
    let mut problems = Vec::new();
    for (code, result) in rows.iter().zip(&results) {
        if result.last_output().as_ref().and_then(code_of) != Some("SYNTAX_ERROR") {
            problems.push(format!(
                "{}…\n  expected SYNTAX_ERROR, got: {}",
                &code[..30],
                result.describe()
            ));
        }
    }
    check_all(problems);
}

/// Nesting at any depth ends cleanly: it parses and runs, or it is a `SYNTAX_ERROR`; it never
/// takes the host down. Shallow nesting, as in ordinary code, runs.
#[test]
fn nesting_at_any_depth_parses_or_is_a_syntax_error() {
    // (code, its value if it runs, whether it must run)
    let mut rows: Vec<(String, Value, bool)> = vec![(
        "if (true) { for (const x of [1]) { try { return [{a: [(x)]}] } catch (e) {} } }".into(),
        json!([{"a": [1]}]),
        true,
    )];
    for depth in [4usize, 8, 12, 16, 24, 32, 64, 128, 255, 256, 257, 1000] {
        let must_run = depth <= 8;
        rows.push((
            format!("return {}1{}", "(".repeat(depth), ")".repeat(depth)),
            json!(1),
            must_run,
        ));
        let array = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        rows.push((
            format!("return JSON.stringify({array}).length"),
            json!(2 * depth),
            must_run,
        ));
        let object = format!("{}1{}", "{a: ".repeat(depth), "}".repeat(depth));
        rows.push((
            format!("const o = {object}; return JSON.stringify(o).length"),
            json!(6 * depth + 1),
            must_run,
        ));
    }
    let results = isolated_rows(rows.iter().map(|(code, ..)| code.clone()).collect(), None);
    let mut problems = Vec::new();
    for ((code, value, must_run), result) in rows.iter().zip(&results) {
        let shown: String = code.chars().take(60).collect();
        let ok = match result.last_output() {
            Some(ExecuteOutput::Completed { result, .. }) => &result == value,
            // Deeper than the source nesting limit: SYNTAX_ERROR; deeper than the JSON depth limit
            // (100): a RangeError from JSON.stringify.
            Some(ExecuteOutput::Error { error, .. }) => {
                !must_run
                    && (error.code == "SYNTAX_ERROR"
                        || (error.code == "SCRIPT_ERROR"
                            && error.message.contains("nested more than 100 levels")))
            }
            _ => false,
        };
        if !ok {
            let expected = if *must_run {
                format!("{value}")
            } else {
                format!("{value}, SYNTAX_ERROR or a JSON depth RangeError")
            };
            problems.push(format!(
                "{shown}… ({} bytes)\n  expected {expected}, got: {}",
                code.len(),
                result.describe()
            ));
        }
    }
    check_all(problems);
}

/// Deep nesting compiled at run time is a catchable SyntaxError (or an error that says so), and
/// the script goes on.
#[test]
fn deeply_nested_code_compiled_at_run_time_is_a_catchable_syntax_error() {
    let rows = [
        "eval('('.repeat(10000) + '1' + ')'.repeat(10000))",
        "eval('['.repeat(10000))",
        "(0, eval)('{'.repeat(5000))",
        "new Function('{'.repeat(5000))",
        "Function('return ' + '('.repeat(10000) + '1' + ')'.repeat(10000))",
    ];
    let codes = rows.iter().map(|expr| thrown(expr)).collect();
    check_all(expect_completed_with(
        &rows,
        codes,
        "a caught SyntaxError",
        |value| {
            let message = value["message"].as_str().unwrap_or_default().to_lowercase();
            let syntax_like = value["name"] == json!("SyntaxError")
                || message.contains("syntax")
                || message.contains("nest");
            value.get("ok").is_none() && syntax_like
        },
    ));
}

/// Beyond the issue's list: values nested deep enough to overflow the host's stack in native
/// code (`JSON.stringify`, the tool-argument serialisation, `Array.prototype.toString`), and
/// memory bombs through operations that have no size guard. Whatever the outcome, the host
/// process must survive (no stack overflow, no abort on a failed allocation, no hang).
#[test]
fn beyond_the_issue_deep_values_and_memory_bombs_do_not_crash_the_host() {
    let deep_array = "let o = []; for (let i = 0; i < 100000; i++) o = [o];";
    let deep_object = "let o = {}; for (let i = 0; i < 100000; i++) o = {o};";
    let rows = vec![
        format!("{deep_array} try {{ return JSON.stringify(o).length }} catch (e) {{ return e.name }}"),
        format!("{deep_object} try {{ return JSON.stringify(o).length }} catch (e) {{ return e.name }}"),
        format!("{deep_object} try {{ await counter.echo(o); return 'sent' }} catch (e) {{ return e.name }}"),
        format!("{deep_object} try {{ store('deep', o); return 'stored' }} catch (e) {{ return e.name }}"),
        format!("{deep_array} try {{ return String(o).length }} catch (e) {{ return e.name }}"),
        format!("{deep_object} try {{ text(o); return 'printed' }} catch (e) {{ return e.name }}"),
        "try { return JSON.parse('['.repeat(100000) + ']'.repeat(100000)).length } catch (e) { return e.name }".into(),
        "try { return new RegExp('('.repeat(20000) + ')'.repeat(20000)).test('') } catch (e) { return e.name }".into(),
        // Doubling with `+`: no built-in guards it.
        "let s = 'x'; try { for (let i = 0; i < 40; i++) s += s; return s.length } catch (e) { return e.name }".into(),
        "try { return Array.apply(null, {length: 1e9}).length } catch (e) { return e.name }".into(),
    ];
    let results = isolated_rows(rows.clone(), None);
    let mut problems = Vec::new();
    for (code, result) in rows.iter().zip(&results) {
        if !matches!(result, Isolated::Finished(_)) {
            problems.push(format!(
                "{code}\n  expected the run to end (any outcome), got: {}",
                result.describe()
            ));
        }
    }
    check_all(problems);
}

// ---- regular expressions ----

/// Catastrophic backtracking is bounded by work, not refused by shape: on every path that runs a
/// regex, a pattern that would backtrack for ever ends the run with `LIMIT_EXCEEDED` once one
/// match has taken `max_regex_steps` steps, quickly, whatever the script catches (the rows wrap
/// the regex in `try`). Each row runs in a child process with a timeout, so a missing limit shows
/// as a hung row.
#[test]
fn catastrophic_regexes_end_the_run_with_limit_exceeded() {
    let setup = "const s = 'a'.repeat(40) + 'b'; const xs = 'x'.repeat(40);";
    let rows = [
        "/(a+)+$/.test(s)",
        "/(a+)+$/.exec(s)",
        "s.match(/(a+)+$/)",
        "s.replace(/(a+)+$/, '')",
        "s.split(/(a+)+$/)",
        "[...s.matchAll(/(a+)+$/g)]",
        "s.search(/(a+)+$/)",
        "new RegExp('(a+)+$').test(s)",
        "RegExp('(a+)+$').exec(s)",
        "/(a*)*b/.test('a'.repeat(40))",
        "/(x+x+)+y/.test(xs)",
        "s.replaceAll(/(a+)+$/g, '')",
        "s.match(/(a+)+$/g)",
        "s.replace(/(a+)+$/g, () => '')",
        "/^(\\w+\\s?)*$/.test('an ordinary line of text that goes on and on and on, and then does not match!')",
        "/(?=(a+)+$)/.test(s)",
        "/(a|aa)+$/.test('a'.repeat(60) + 'b')",
        "/(\\d+)*x/.test('1'.repeat(40))",
    ];
    let codes: Vec<String> = rows
        .iter()
        .map(|expr| format!("{setup}\n{}", thrown(expr)))
        .collect();
    let started = std::time::Instant::now();
    let results = isolated_rows(codes, None);
    let mut problems = Vec::new();
    for (row, result) in rows.iter().zip(&results) {
        let ended = match result.last_output() {
            Some(ExecuteOutput::Error { error, .. }) => {
                error.code == "LIMIT_EXCEEDED" && error.message.contains("regular expression")
            }
            _ => false,
        };
        if !ended {
            problems.push(format!(
                "{row}\n  expected LIMIT_EXCEEDED about a regular expression, got: {}",
                result.describe()
            ));
        }
    }
    check_all(problems);
    eprintln!(
        "{} catastrophic regexes ended in {:?}",
        rows.len(),
        started.elapsed()
    );
}

/// The regex step limit is a setting: a pattern that needs more steps than `max_regex_steps` for
/// one match ends the run, the same pattern under the limit completes.
#[test]
fn the_regex_step_limit_is_a_setting() {
    let config = |steps: u64| RuntimeConfig {
        sandbox: SandboxLimits {
            max_regex_steps: steps,
            ..SandboxLimits::default()
        },
        ..RuntimeConfig::default()
    };
    // About 2^15 steps: (a+)+ on 14 a's and a b.
    let code = "return /(a+)+$/.test('a'.repeat(14) + 'b')";
    assert_eq!(
        completed(&fixture_with(config(1_000_000)).execute(code)),
        json!(false)
    );
    let out = fixture_with(config(1_000)).execute(code);
    assert_eq!(code_of(&out), Some("LIMIT_EXCEEDED"), "{out:#?}");
    assert_eq!(SandboxLimits::default().max_regex_steps, 10_000_000);
}

/// Regex steps are charged to the instruction budget: matches that each stay under the step limit
/// still cannot run for ever together, even inside one native call (`replace` with a global regex
/// runs one match per position) or in a loop that catches.
#[test]
fn regex_steps_count_against_the_instruction_budget() {
    let rows = [
        // One call, many matches: each match (at each of the 20,000 positions) scans the rest of
        // the text, about 2 * 10^8 steps in all, far under the step limit each.
        "const s = 'a'.repeat(20000); return s.replace(/(?=a*$)/g, '').length",
        // A short loop of matches, each about 2^17 steps: a few thousand instructions of its own.
        "let n = 0; for (let i = 0; i < 100; i++) { try { n += /(a+)+$/.test('a'.repeat(16) + 'b') ? 1 : 0 } catch (e) {} } return n",
    ];
    let results = isolated_rows(rows.iter().map(|c| c.to_string()).collect(), Some(BUDGET));
    let mut problems = Vec::new();
    for (row, result) in rows.iter().zip(&results) {
        if result.last_output().as_ref().and_then(code_of) != Some("BUDGET_EXCEEDED") {
            problems.push(format!(
                "{row}\n  expected BUDGET_EXCEEDED, got: {}",
                result.describe()
            ));
        }
    }
    check_all(problems);
    // The same regex work fits the default budget.
    let f = fixture();
    assert_eq!(
        completed(&f.execute("return /(a+)+$/.test('a'.repeat(16) + 'b')")),
        json!(false)
    );
}

#[test]
fn ordinary_regexes_still_work() {
    check_all(expect_values(&[
        (
            "/(\\d+)-(\\d+)/.exec('12-34')",
            json!(["12-34", "12", "34"]),
        ),
        ("/(foo|bar)+/.test('foobar')", json!(true)),
        ("/(foo|bar)+/.exec('xfoobarbaz')[0]", json!("foobar")),
        (
            "'2024-01-15'.match(/(\\d{4})-(\\d{2})-(\\d{2})/).slice(1)",
            json!(["2024", "01", "15"]),
        ),
        ("'a1b2c3'.replace(/\\d/g, '#')", json!("a#b#c#")),
        ("'a, b,c'.split(/\\s*,\\s*/)", json!(["a", "b", "c"])),
        (
            "[...'x1y22'.matchAll(/\\d+/g)].map(m => m[0])",
            json!(["1", "22"]),
        ),
        ("'hello'.search(/l+/)", json!(2)),
        ("new RegExp('^(?:[a-z]+)$').test('abc')", json!(true)),
        (
            "/^([a-z0-9_.-]+)@([\\da-z.-]+)\\.([a-z.]{2,6})$/.test('a.b@example.com')",
            json!(true),
        ),
        ("/(ab)+/.exec('ababab')[0]", json!("ababab")),
        ("'a-b_c'.replaceAll(/[-_]/g, ' ')", json!("a b c")),
        ("/[(+)*]+/.test('(+)')", json!(true)),
        ("/\\(a+\\)+/.test('(aa))')", json!(true)),
        // Patterns the old nested-quantifier guard refused.
        ("/^(\\d+\\.)+\\d+$/.test('1.2.3')", json!(true)),
        (
            "'1234567'.replace(/\\B(?=(\\d{3})+(?!\\d))/g, ',')",
            json!("1,234,567"),
        ),
        (
            "'ip 10.0.0.1 here'.match(/\\b(?:\\d{1,3}\\.){3}\\d{1,3}\\b/)[0]",
            json!("10.0.0.1"),
        ),
        (
            "/[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+/.test('a.b@mail.example.com')",
            json!(true),
        ),
        ("'v1.2.3'.match(/v\\d+(?:\\.\\d+)*/)[0]", json!("v1.2.3")),
    ]));
}

// ---- tool arguments and results ----

#[test]
fn tool_arguments_over_256_kib_reject_without_running() {
    // (code, what the script returns: the caught message must contain "262144")
    let rows = [
        "try { await counter.echo({s: 'x'.repeat(300 * 1024)}); return 'sent' } catch (e) { return e.message }",
        "try { await counter.bump({by: 1, pad: 'x'.repeat(300 * 1024)}); return 'sent' } catch (e) { return e.message }",
        "try { await notes.createNote({text: 'x'.repeat(300 * 1024)}); return 'sent' } catch (e) { return e.message }",
        "try { await counter.echo({a: Array.from({length: 40000}, (_, i) => 'item' + i)}); return 'sent' } catch (e) { return e.message }",
    ];
    let mut problems = Vec::new();
    for code in rows {
        let f = fixture();
        let out = f.execute(code);
        let id = out.execution_id().to_string();
        let message = match &out {
            ExecuteOutput::Completed { result, .. } => {
                result.as_str().unwrap_or_default().to_string()
            }
            other => {
                problems.push(format!(
                    "{code}\n  expected a caught rejection, got {}",
                    summary(other)
                ));
                continue;
            }
        };
        if !message.contains("262144") {
            problems.push(format!(
                "{code}\n  expected a message naming 262144, got {message:?}"
            ));
        }
        let applied: Vec<u32> = calls(&out)
            .iter()
            .filter(|c| c.state == CallState::Applied)
            .map(|c| c.seq)
            .collect();
        let journal = f.store.journal(&id).unwrap();
        if !applied.is_empty()
            || !journal.is_empty()
            || f.total() != 0
            || !f.effects().is_empty()
            || !f.store.list_notes().unwrap().is_empty()
        {
            problems.push(format!(
                "{code}\n  the call ran: applied {applied:?}, journal {} entries, counter total {}, effects {:?}",
                journal.len(),
                f.total(),
                f.effects()
            ));
        }
    }
    check_all(problems);

    // Uncaught, it ends the run as a script error naming the limit; the script can go on after
    // catching it; arguments under the limit pass.
    let f = fixture();
    let error = error_info(&f.execute("await counter.echo({s: 'x'.repeat(300 * 1024)})"));
    assert_eq!(error.code, "SCRIPT_ERROR");
    assert!(error.message.contains("262144"), "{}", error.message);
    let out = f.execute(
        "try { await counter.bump({pad: 'x'.repeat(300 * 1024)}) } catch (e) {} \
         const echoed = await counter.echo({s: 'x'.repeat(200 * 1024)}); return [echoed.s.length, await counter.bump({by: 2})]",
    );
    assert_eq!(completed(&out), json!([204_800, 2]));
    assert_eq!(f.total(), 2);
}

/// A connector whose `blob({n})` returns a string of `n` characters.
struct BigConnector;

#[async_trait(?Send)]
impl Connector for BigConnector {
    fn name(&self) -> &str {
        "big"
    }

    fn tools(&self) -> Vec<ToolSpec> {
        vec![ToolSpec::new(
            "blob",
            "Returns a string of `n` characters.",
            json!({"type": "object", "properties": {"n": {"type": "integer"}}}),
        )]
    }

    async fn execute(&self, args: Value, _ctx: &CallContext) -> Result<Value, ToolError> {
        let n = args.get("n").and_then(Value::as_u64).unwrap_or(0) as usize;
        Ok(Value::String("x".repeat(n)))
    }
}

/// The fixture with `big` added to its connectors.
fn fixture_with_big() -> Fixture {
    let f = fixture();
    Fixture {
        runtime: f.restarted(vec![Box::new(BigConnector)]),
        ..f
    }
}

#[test]
fn tool_results_over_1_mib_reject_and_are_recorded_as_errors() {
    // (n: the result is n + 2 bytes of JSON, whether it is over the limit)
    let rows: &[(usize, bool)] = &[
        (2 * 1024 * 1024, true),
        (1_048_575, true),
        (1_048_574, false),
        (500_000, false),
    ];
    let f = fixture_with_big();
    let mut problems = Vec::new();
    for &(n, over) in rows {
        let code = format!(
            "let got; try {{ got = (await big.blob({{n: {n}}})).length }} catch (e) {{ got = e.message }} \
             return [got, await counter.bump({{by: 1}})]"
        );
        let out = f.execute(&code);
        let id = out.execution_id().to_string();
        let result = match &out {
            ExecuteOutput::Completed { result, .. } => result.clone(),
            other => {
                problems.push(format!(
                    "n = {n}: expected the run to complete, got {}",
                    summary(other)
                ));
                continue;
            }
        };
        let blob_call = calls(&out).into_iter().find(|c| c.connector == "big");
        let state = blob_call.as_ref().map(|c| c.state);
        let journaled = f
            .store
            .journal(&id)
            .unwrap()
            .into_iter()
            .find(|e| e.connector == "big")
            .map(|e| e.outcome);
        if over {
            let message = result[0].as_str().unwrap_or_default();
            if !message.contains("1048576") {
                problems.push(format!(
                    "n = {n}: expected a rejection naming 1048576, got {}",
                    result[0]
                ));
            }
            if state != Some(CallState::Error) || !matches!(journaled, Some(Outcome::Err(_))) {
                problems.push(format!(
                    "n = {n}: expected the call recorded as error, got state {state:?}"
                ));
            }
        } else if result[0] != json!(n) || state != Some(CallState::Applied) {
            problems.push(format!(
                "n = {n}: expected the result delivered and applied, got {} / {state:?}",
                result[0]
            ));
        }
        if !result[1].is_i64() {
            problems.push(format!(
                "n = {n}: the script did not go on with another call: {result}"
            ));
        }
    }
    check_all(problems);
}

// ---- calls per run ----

#[test]
fn the_1001st_call_is_a_catchable_range_error() {
    let f = fixture();
    let out = f.execute(
        "let done = 0; for (let i = 0; i < 1000; i++) { await counter.bump({by: 1}); done++ } \
         try { await counter.bump({by: 1}); return ['no error', done] } \
         catch (e) { return [e.name, e instanceof RangeError, e.message, done] }",
    );
    let result = completed(&out);
    assert_eq!(result[0], json!("RangeError"), "{result}");
    assert_eq!(result[1], json!(true), "{result}");
    assert!(
        result[2].as_str().unwrap_or_default().contains("1000"),
        "names the limit: {result}"
    );
    assert_eq!(result[3], json!(1000));
    assert_eq!(f.total(), 1000, "the first 1000 executed");
    assert_eq!(f.effects().len(), 1000);
    let recorded = calls(&out);
    assert_eq!(
        recorded
            .iter()
            .filter(|c| c.state == CallState::Applied)
            .count(),
        1000
    );

    // Issued at once: 1000 run, the 1001st rejects.
    let f = fixture();
    let out = f.execute(
        "const r = await Promise.allSettled(Array.from({length: 1001}, () => counter.bump({by: 1}))); \
         return [r.filter(x => x.status === 'fulfilled').length, r.findIndex(x => x.status === 'rejected'), \
                 r.filter(x => x.status === 'rejected').map(x => [x.reason.name, x.reason.message])]",
    );
    let result = completed(&out);
    assert_eq!(result[0], json!(1000), "{result}");
    assert_eq!(result[1], json!(1000), "{result}");
    assert_eq!(result[2][0][0], json!("RangeError"), "{result}");
    assert!(
        result[2][0][1]
            .as_str()
            .unwrap_or_default()
            .contains("1000"),
        "{result}"
    );
    assert_eq!(f.total(), 1000);

    // Uncaught, it ends the run as a script error naming the limit.
    let f = fixture();
    let error = error_info(&f.execute("for (let i = 0; i < 1001; i++) await counter.get()"));
    assert_eq!(error.code, "SCRIPT_ERROR");
    assert!(
        error.message.contains("RangeError") && error.message.contains("1000"),
        "{}",
        error.message
    );
}

// ---- output ----

const OUTPUT_LIMIT: usize = 4_194_304;

#[test]
fn output_past_4_mib_characters_is_dropped_after_a_marker() {
    // (code, a line that must have been dropped)
    let rows = [
        ("for (let i = 0; i < 100; i++) text('x'.repeat(100000)); console.log('after'); return 'done'", "after"),
        ("for (let i = 0; i < 100; i++) console.log('y'.repeat(100000)); text('after'); return 'done'", "after"),
        ("text('z'.repeat(5000000)); console.log('after'); return 'done'", "after"),
        (
            "for (let i = 0; i < 50; i++) { text('t'.repeat(60000)); console.warn('w'.repeat(60000)) } text('after'); return 'done'",
            "after",
        ),
    ];
    let mut problems = Vec::new();
    for (code, dropped) in rows {
        let f = fixture();
        let out = f.execute(code);
        if completed_value(&out) != Some(json!("done")) {
            problems.push(format!(
                "{code}\n  expected the run to complete with \"done\", got {}",
                summary(&out)
            ));
            continue;
        }
        let output = f.record(out.execution_id()).output;
        let items: Vec<&String> = output.texts.iter().chain(&output.console).collect();
        let markers = items.iter().filter(|l| l.contains("output limit")).count();
        let kept: usize = items
            .iter()
            .filter(|l| !l.contains("output limit"))
            .map(|l| l.chars().count())
            .sum();
        let has_dropped = items.iter().any(|l| l.as_str() == dropped);
        if markers != 1 || kept > OUTPUT_LIMIT || has_dropped {
            problems.push(format!(
                "{code}\n  expected one \"output limit\" line, at most {OUTPUT_LIMIT} characters kept and {dropped:?} dropped; \
                 got {markers} marker(s), {kept} characters, {dropped:?} {}",
                if has_dropped { "kept" } else { "dropped" }
            ));
        }
    }
    check_all(problems);
}

#[test]
fn output_under_the_limit_is_kept_whole() {
    let f = fixture();
    let out = f.execute("text('x'.repeat(4000000)); console.log('tail'); return 'done'");
    assert_eq!(completed(&out), json!("done"));
    let output = f.record(out.execution_id()).output;
    assert_eq!(output.texts.len(), 1);
    assert_eq!(output.texts[0].len(), 4_000_000);
    assert_eq!(output.console, ["tail"]);
}

fn completed_value(output: &ExecuteOutput) -> Option<Value> {
    match output {
        ExecuteOutput::Completed { result, .. } => Some(result.clone()),
        _ => None,
    }
}

// ---- code size ----

/// `CODE_TOO_LARGE` from `execute` (a request error, or an error output carrying the code).
fn execute_code(f: &Fixture, code: &str) -> Option<String> {
    match run(f.runtime.execute(code)) {
        Err(error) => Some(error.code().to_string()),
        Ok(ExecuteOutput::Error { error, .. }) => Some(error.code),
        Ok(_) => None,
    }
}

#[test]
fn code_over_64_kib_is_code_too_large() {
    let f = fixture();
    let limit = 64 * 1024;
    let at_limit = format!("return 1;{}", " ".repeat(limit - 9));
    assert_eq!(at_limit.len(), limit);
    assert_eq!(execute_code(&f, &at_limit), None, "exactly 64 KiB runs");
    // (code, description)
    let rows = [
        (format!("{at_limit} "), "64 KiB + 1 byte"),
        (format!("return 1;{}", " ".repeat(1024 * 1024)), "1 MiB"),
        // 40,000 characters, 80,004 bytes: the limit is in bytes.
        (
            format!("return '{}'", "é".repeat(40_000)),
            "40,000 two-byte characters",
        ),
    ];
    for (code, what) in rows {
        assert_eq!(
            execute_code(&f, &code).as_deref(),
            Some("CODE_TOO_LARGE"),
            "{what}"
        );
    }
}

/// The loop iteration limit counts every iteration once, however the loop gets back to its head:
/// a loop's back edge counts and jumps in one instruction (vendored boa, `LoopBack`) while
/// `continue` jumps to the head's own count or to the loop step (vendored boa, `LoopStep*`: a
/// counting `for` closes each iteration with one instruction, against a bound or an array's
/// `length`), and a loop with a per-iteration binding (a closure over `i`) jumps back to its
/// head. So within each form the largest loop that fits the limit is
/// the same whichever way its iterations end. (The forms differ from each other as in upstream
/// boa: a `while` counts the check that ends it, a `for` does not count its first test.)
#[test]
fn every_way_back_to_a_loop_head_counts_alike() {
    const LIMIT: u64 = 300;
    let f = fixture_with(RuntimeConfig {
        sandbox: SandboxLimits {
            loop_iterations: LIMIT,
            ..SandboxLimits::default()
        },
        ..RuntimeConfig::default()
    });
    let groups: [&[&str]; 3] = [
        &[
            "for (let i = 0; i < N; i++) s++;",
            "for (let i = 0; i < N; i++) { s++; if (i % 2) continue; }",
            "for (let i = 0; i < N; i++) { s++; continue; }",
            "for (let i = 0; i < N; i++) { fs.push(() => i); s++; }",
            "const a = new Array(N).fill(0); for (let i = 0; i < a.length; i++) s++;",
            "const a = new Array(N).fill(0); for (let i = 0; i < a.length; i++) { s++; if (i % 2) continue; }",
        ],
        &[
            "let i = 0; while (i < N) { i++; s++; }",
            "let i = 0; while (i < N) { i++; s++; if (i % 2) continue; }",
        ],
        &[
            "let i = 0; do { i++; s++; } while (i < N);",
            "let i = 0; do { i++; s++; if (i % 3) continue; } while (i < N);",
        ],
    ];
    let largest_that_fits = |form: &str| -> u64 {
        let mut fits = 0;
        for n in LIMIT - 3..=LIMIT + 3 {
            let code = format!("const fs = []; let s = 0; const N = {n}; {form} return s");
            let out = f.execute(&code);
            match code_of(&out) {
                None => {
                    assert_eq!(completed(&out), json!(n), "{form} with N = {n}");
                    fits = n;
                }
                Some(_) => break,
            }
        }
        fits
    };
    for group in groups {
        let first = largest_that_fits(group[0]);
        assert!(
            first > LIMIT - 3 && first < LIMIT + 3,
            "{}: the limit of {LIMIT} let {first} iterations run",
            group[0]
        );
        for form in &group[1..] {
            assert_eq!(
                largest_that_fits(form),
                first,
                "{form} against {}",
                group[0]
            );
        }
    }
}

#[test]
fn settings_by_var_name_override_the_defaults_and_name_what_does_not_parse() {
    let vars = |pairs: &'static [(&'static str, &'static str)]| {
        move |name: &str| {
            pairs
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| value.to_string())
        }
    };
    let config = RuntimeConfig::from_vars(&vars(&[
        ("CODEMODE_MAX_HEAP_MB", "8"),
        ("CODEMODE_ISOLATE_HEAP_MB", "100"),
        ("CODEMODE_KEEP_FINISHED", " 7 "),
        ("CODEMODE_ON_UPGRADE", "refuse"),
    ]))
    .expect("valid settings");
    assert_eq!(config.sandbox.max_heap_bytes, 8 * 1024 * 1024);
    assert_eq!(config.sandbox.isolate_heap_bytes, 100 * 1024 * 1024);
    assert_eq!(config.keep_finished, 7);
    assert_eq!(config.on_upgrade, codemode_runtime::UpgradePolicy::Refuse);
    let defaults = RuntimeConfig::default();
    assert_eq!(config.paused_ttl_ms, defaults.paused_ttl_ms);
    assert_eq!(config.hold_ms, defaults.hold_ms);

    for (name, value, expected) in [
        (
            "CODEMODE_HOLD_MS",
            "soon",
            "`CODEMODE_HOLD_MS` must be a non-negative integer, got \"soon\"",
        ),
        (
            "CODEMODE_MAX_HEAP_MB",
            "0",
            "`CODEMODE_MAX_HEAP_MB` must be at least 1",
        ),
        (
            "CODEMODE_ISOLATE_HEAP_MB",
            "0",
            "`CODEMODE_ISOLATE_HEAP_MB` must be at least 1",
        ),
        (
            "CODEMODE_ON_UPGRADE",
            "maybe",
            "`CODEMODE_ON_UPGRADE` must be \"verify\" or \"refuse\", got \"maybe\"",
        ),
    ] {
        let error =
            RuntimeConfig::from_vars(&|asked: &str| (asked == name).then(|| value.to_string()))
                .expect_err(name);
        assert_eq!(error.code(), "INVALID_CONFIG");
        assert!(error.to_string().contains(expected), "{error}");
    }
}
