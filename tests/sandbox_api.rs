//! The sandbox API of issue 7: `// @options`, `store`/`load`, `codemode.step`, call details and
//! output truncation.

mod common;

use codemode_runtime::model::CallState;
use codemode_runtime::options::{self, RunOptions};
use codemode_runtime::report::truncate;
use common::*;
use serde_json::json;

#[test]
fn options_line_errors_are_coded_and_named() {
    // (code, expected fragment of the message)
    let cases = [
        (
            "// @options: {\"max_output_tokens\": 5, \"colour\": 1}\nreturn 1",
            "unknown key `colour`",
        ),
        (
            "// @options: {max_output_tokens: 5}\nreturn 1",
            "not a JSON object",
        ),
        ("// @options: [1]\nreturn 1", "must be a JSON object"),
        (
            "// @options: {\"timeout_ms\": 0}\nreturn 1",
            "`timeout_ms` must be an integer from 1",
        ),
        (
            "// @options: {\"max_output_tokens\": -3}\nreturn 1",
            "`max_output_tokens` must be an integer",
        ),
        (
            "// @options: {\"timeout_ms\": 1.5}\nreturn 1",
            "`timeout_ms` must be an integer",
        ),
        (
            "return 1\n// @options: {\"timeout_ms\": 10}",
            "must be on line 1; found it on line 2",
        ),
        (
            "// @options: {\"timeout_ms\": 10}\n\n   \n",
            "has no code after it",
        ),
    ];
    let f = fixture();
    for (code, fragment) in cases {
        let out = f.execute(code);
        let error = error_info(&out);
        assert_eq!(error.code, "INVALID_OPTIONS", "{code}");
        assert!(
            error.message.contains(fragment),
            "{code}: {}",
            error.message
        );
        assert!(out.report().starts_with("Script failed"), "{code}");
    }
}

#[test]
fn options_are_parsed_and_keep_line_numbers() {
    assert_eq!(
        options::parse("return 1").expect("none"),
        RunOptions::default()
    );
    let parsed = options::parse("// @options: {\"max_output_tokens\": 50, \"timeout_ms\": 2000, \"max_heap_mb\": 8, \"models\": false}\nreturn 1")
        .expect("ok");
    assert_eq!(
        parsed,
        RunOptions {
            max_output_tokens: 50,
            timeout_ms: Some(2000),
            max_heap_mb: Some(8),
            models: false,
        }
    );
    assert!(options::parse("// @options: {\"models\": 0}\nreturn 1").is_err());
    let f = fixture();
    let out =
        f.execute("// @options: {\"timeout_ms\": 60000}\nconst a = 1;\nthrow new Error('x');");
    assert!(
        error_info(&out).message.ends_with("(line 3)"),
        "{:?}",
        error_info(&out)
    );
}

#[test]
fn a_run_past_its_timeout_fails_on_resume() {
    let f = fixture();
    let out = f.execute(
        "// @options: {\"timeout_ms\": 1000}\nawait notes.createNote({text: 'late'}); return 1",
    );
    let id = out.execution_id().to_string();
    assert_eq!(paused(&out).len(), 1);
    f.clock.set(f.clock.get() + 5_000);
    let resumed = f.approve(&id);
    assert_eq!(error_code(&resumed), "TIMEOUT");
    assert!(
        run(f.runtime.execute("return await notes.listNotes()"))
            .map(|o| completed(&o))
            .expect("list")
            == json!([])
    );
}

#[test]
fn store_and_load_keep_json_values_between_runs() {
    let f = fixture();
    let out = f.execute(
        "store('n', 1); store('obj', {a: [1, 2]}); return [load('n'), load('obj'), load('none')]",
    );
    assert_eq!(completed(&out), json!([1, {"a": [1, 2]}, null]));
    let out = f.execute("const o = load('obj'); o.a.push(3); return [load('obj'), load('n') + 1]");
    assert_eq!(
        completed(&out),
        json!([{"a": [1, 2]}, 2]),
        "load returns a copy"
    );
    let out =
        f.execute("store('n', undefined); return [load('n') === undefined, load('obj').a.length]");
    assert_eq!(completed(&out), json!([true, 2]));
}

#[test]
fn writes_apply_only_when_the_run_completes() {
    let f = fixture();
    let out = f.execute("store('k', 'from a failed run'); throw new Error('no')");
    assert_eq!(error_code(&out), "SCRIPT_ERROR");
    assert_eq!(
        completed(&f.execute("return load('k') === undefined")),
        json!(true)
    );
}

#[test]
fn replay_after_a_pause_between_store_and_the_end_sees_the_same_values() {
    let f = fixture();
    f.execute("store('count', 1)");
    let out = f.execute("const before = load('count'); store('count', before + 1); await notes.createNote({text: 'x'}); return [before, load('count')]");
    let id = out.execution_id().to_string();
    // Another run changes the value while the first is paused.
    assert_eq!(
        completed(&f.execute("store('count', 100); return load('count')")),
        json!(100)
    );
    let resumed = f.approve(&id);
    assert_eq!(
        completed(&resumed),
        json!([1, 2]),
        "the replay saw the snapshot taken when the run started"
    );
    assert_eq!(
        completed(&f.execute("return load('count')")),
        json!(2),
        "the completed run's write applied"
    );
}

#[test]
fn store_limits_are_enforced_with_clear_errors() {
    let f = fixture();
    let cases = [
        ("store('', 1)", "key must be a string of 1 to 256"),
        (
            "store('k'.repeat(300), 1)",
            "key must be a string of 1 to 256",
        ),
        ("store('f', () => 1)", "is not JSON"),
        (
            "store('big', 'x'.repeat(300 * 1024))",
            "the limit is 262144",
        ),
        (
            "for (let i = 0; i < 5; i++) store('v' + i, 'x'.repeat(250 * 1024))",
            "all values would take",
        ),
    ];
    for (code, fragment) in cases {
        let out = f.execute(code);
        let message = error_info(&out).message;
        assert!(message.contains(fragment), "{code}: {message}");
    }
}

#[test]
fn step_journals_its_value_and_a_replay_gets_the_recorded_one() {
    let f = fixture();
    // The catalog changes between the pause and the approval (a snippet is saved), so the step's
    // function would compute another value on replay: the recorded one is returned instead, and
    // the approved call's arguments still match.
    let code = "let runs = 0;\nconst n = await codemode.step('size', async () => { runs++; return (await codemode.search('')).total; });\nawait notes.createNote({text: String(n)});\nreturn [n, runs];";
    let out = f.execute(code);
    let id = out.execution_id().to_string();
    let size = paused(&out)[0].args["text"]
        .as_str()
        .expect("text")
        .parse::<u64>()
        .expect("number");
    let done = f.execute("return 1");
    f.runtime
        .save_snippet("one", "returns one", done.execution_id())
        .expect("saved");
    assert_eq!(
        completed(&f.execute("return (await codemode.search('')).total")),
        json!(size + 1),
        "the catalog grew"
    );
    let resumed = f.approve(&id);
    // The function ran again in the replay (runs is 1 in that pass) but its value is the recorded one.
    assert_eq!(completed(&resumed), json!([size, 1]));
    let step_call = calls(&resumed)
        .into_iter()
        .find(|c| c.method == "step")
        .expect("step journaled");
    assert_eq!(
        (step_call.connector.as_str(), step_call.state),
        ("codemode", CallState::Applied)
    );
    assert_eq!(step_call.result, Some(json!(size)));
}

#[test]
fn a_failing_step_rejects_with_its_message() {
    let f = fixture();
    let out = f.execute("try { await codemode.step('s', () => { throw new Error('nope') }) } catch (e) { return e.message }");
    assert_eq!(completed(&out), json!("nope"));
}

#[test]
fn calls_have_states_and_durations() {
    let f = fixture();
    let out = f.execute("await counter.bump({}); try { await counter.fail({}) } catch {} counter.guardedBump({by: 9}); return 'left one unawaited'");
    let calls = calls(&out);
    assert_eq!(
        states(&calls),
        vec![
            (0, CallState::Applied),
            (1, CallState::Error),
            (2, CallState::Cancelled)
        ]
    );
    assert!(calls[0].duration_ms.is_some() && calls[1].duration_ms.is_some());
    assert_eq!(calls[2].duration_ms, None);
    assert_eq!(f.total(), 1, "the cancelled call never ran");
}

#[test]
fn truncate_keeps_head_and_tail_on_character_boundaries() {
    let text = "é".repeat(100);
    let (cut, truncated) = truncate(&text, 10);
    assert!(truncated);
    assert!(cut.contains("tokens truncated"));
    assert!(cut.starts_with("éé") && cut.ends_with("éé"));
    assert_eq!(truncate("short", 10), ("short".to_string(), false));
}

/// A run on a VM prepared ahead (`sandbox::prepare_next`, what the Worker does once a request is
/// answered) is a run on a VM built for it: the run's seed, clock, `store()` values, limits
/// (the instruction budget stops it at the same instruction, the string cap at the same length)
/// and connectors, and nothing an earlier run did.
#[test]
fn a_prepared_vm_runs_as_a_fresh_one() {
    use codemode_runtime::sandbox::{prepare_next, SandboxLimits};
    use codemode_runtime::RuntimeConfig;
    let f = fixture_with(RuntimeConfig {
        sandbox: SandboxLimits {
            instruction_budget: 300_000,
            max_string_chars: 5_000,
            ..SandboxLimits::default()
        },
        ..RuntimeConfig::default()
    });
    assert_eq!(
        completed(&f.execute("store('k', {a: [1, 'b']}); return 1")),
        json!(1)
    );
    let polluting = "globalThis.leak = 1; Array.prototype.evil = 2; Math.random = () => 0; \
                     Object.defineProperty(globalThis, 'pinned', {value: 3}); return 1";
    let scripts = [
        "return Object.getOwnPropertyNames(globalThis).join()",
        "return [load('k'), (await notes.listNotes()).length]",
        "let i = 0; for (;;) { i++; if (i % 1000 === 0) console.log(i); }",
        "let s = 'xy'; for (;;) s += s;",
        "return [typeof leak, [].evil, Math.random === Math.random, typeof pinned]",
    ];
    // What the script did: its value or error and its output (the calls' times are the host's).
    let comparable = |out: &codemode_runtime::model::ExecuteOutput| {
        let mut out = serde_json::to_value(out).expect("json");
        out["calls"] = json!(null);
        out["executionId"] = json!(null);
        out
    };
    for code in scripts {
        assert_eq!(completed(&f.execute(polluting)), json!(1));
        let fresh = comparable(&f.execute(code));
        assert_eq!(completed(&f.execute(polluting)), json!(1));
        prepare_next();
        let prepared = comparable(&f.execute(code));
        assert_eq!(fresh, prepared, "{code}");
    }
    // The clock: the run's recorded start.
    prepare_next();
    let dated = f.execute("return Date.now()");
    assert_eq!(
        completed(&dated),
        json!(f.state(dated.execution_id()).created_at)
    );
    let untouched = f.execute("return [typeof leak, [].evil, typeof pinned]");
    assert_eq!(
        completed(&untouched),
        json!(["undefined", null, "undefined"])
    );
    let budget = f.execute("let i = 0; for (;;) { i++; if (i % 1000 === 0) console.log(i); }");
    assert_eq!(error_info(&budget).code, "BUDGET_EXCEEDED");

    // The seed: a paused run replays on a prepared VM with the same random numbers, or the
    // note's text would differ from the journal's (REPLAY_DIVERGED).
    let code = "const r = Math.random(); const n = await notes.createNote({text: String(r)}); \
                return [r, n.text === String(r)]";
    let out = f.execute(code);
    assert_eq!(paused(&out).len(), 1);
    prepare_next();
    let resumed = f.approve(out.execution_id());
    let value = completed(&resumed);
    assert_eq!(value[1], json!(true), "{value}");
    assert!(
        value[0].as_f64().is_some_and(|r| r > 0.0 && r < 1.0),
        "{value}"
    );
}

/// The 1-based line of `prelude/<file>` that holds `needle` (the test reads the prelude's own
/// files, so it follows their edits).
fn prelude_line(file: &str, needle: &str) -> usize {
    let path = format!("{}/src/sandbox/prelude/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("prelude file");
    1 + text
        .lines()
        .position(|line| line.contains(needle))
        .expect("needle in the prelude file")
}

#[test]
fn a_stack_through_the_prelude_names_its_file_and_line() {
    let f = fixture();
    let out = f.execute("try { store(1, 2) } catch (e) { return e.stack }");
    let stack = completed(&out);
    let stack = stack.as_str().expect("the stack as text");
    let line = prelude_line("store.js", "store: the key must be");
    assert!(
        stack.contains(&format!("prelude/store.js:{line}:")),
        "{stack}"
    );
    assert!(!stack.contains("prelude.js"), "{stack}");
    assert!(stack.contains("script.js:1:"), "{stack}");
    // The getter keeps the engine's name; the script's own errors pass through the prelude's
    // start (internals.js), named the same way.
    let out = f.execute(
        "const get = Object.getOwnPropertyDescriptor(Error.prototype, 'stack').get; \
         return [get.name, get.length, typeof new Error('x').stack, String(new Error('x').stack).includes('prelude.js'), \
         String(new Error('x').stack).includes('prelude/internals.js:')]",
    );
    assert_eq!(
        completed(&out),
        json!(["get stack", 0, "string", false, true])
    );
}
