//! Golden tests for every report shape (`tests/golden/report/*.txt`). The wall-time line and
//! execution ids are normalised. Regenerate with `UPDATE_GOLDEN=1 cargo test --test report_golden`.

mod common;

use codemode_runtime::model::ExecuteOutput;
use common::*;

/// Replaces what differs from run to run: the wall time and execution ids.
fn normalise(report: &str, ids: &[&str]) -> String {
    let mut text = report
        .lines()
        .map(|line| {
            if line.starts_with("Wall time ") {
                "Wall time <t> seconds"
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    text.push('\n');
    for (i, id) in ids.iter().enumerate() {
        text = text.replace(id, &format!("<execution {i}>"));
    }
    text
}

fn check(name: &str, report: &str, ids: &[&str]) {
    let actual = normalise(report, ids);
    let path = format!(
        "{}/tests/golden/report/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &actual).expect("write golden");
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{path} is missing; run with UPDATE_GOLDEN=1 to create it"));
    assert_eq!(actual, expected, "report `{name}` differs from {path}");
}

fn run_and_check(name: &str, code: &str) -> ExecuteOutput {
    let f = fixture();
    let out = f.execute(code);
    check(name, out.report(), &[out.execution_id()]);
    out
}

#[test]
fn completed_with_one_text_item() {
    run_and_check("completed_one_text", "text('hello, world')");
}

#[test]
fn completed_with_several_text_items_and_a_return_value() {
    run_and_check(
        "completed_several_texts",
        "text('first'); text({a: 1, b: [2, 3]}); return {done: true}",
    );
}

#[test]
fn completed_with_a_return_value_only() {
    run_and_check(
        "completed_return_only",
        "return await counter.bump({by: 5})",
    );
}

#[test]
fn completed_with_console_lines() {
    run_and_check(
        "completed_console",
        "console.log('plain', 1, {x: 2}); console.info('info'); console.warn('careful'); console.error('bad'); return 'ok'",
    );
}

#[test]
fn failed_with_the_script_line_and_the_calls_made_before() {
    let out = run_and_check(
        "failed",
        "await counter.bump({by: 1});\ntry { await counter.fail({}) } catch (e) { console.log('caught', e.message) }\nconst n = await counter.get();\nthrow new Error(`stopped at ${n}`);",
    );
    assert!(out.report().contains("(line 4)"), "{}", out.report());
}

#[test]
fn failed_in_a_runtime_type_error_names_the_line() {
    let out = run_and_check(
        "failed_type_error",
        "const a = 1;\nconst b = null;\nreturn b.x;",
    );
    assert!(out.report().contains("(line 3)"), "{}", out.report());
}

#[test]
fn paused_says_which_action_waits_and_not_to_retry() {
    run_and_check("paused", "const n = await counter.bump({by: 2});\ntext(`bumped to ${n}`);\nawait notes.createNote({text: 'needs a human'});");
}

#[test]
fn rejected_run() {
    let f = fixture();
    let out = f.execute(
        "await counter.bump({by: 1}); await notes.createNote({text: 'no'}); return 'unreachable'",
    );
    let id = out.execution_id().to_string();
    assert!(f.reject(&id, 1));
    check(
        "rejected",
        f.state(&id).report.as_deref().unwrap_or_default(),
        &[&id],
    );
}

#[test]
fn rolled_back_run() {
    let f = fixture();
    let out = f.execute("await counter.bump({by: 3}); await counter.get(); return 'bumped'");
    let id = out.execution_id().to_string();
    let rollback = run(f.runtime.rollback_execution(&id)).expect("rollback");
    assert_eq!(rollback.reverted, 1);
    check(
        "rolled_back",
        f.state(&id).report.as_deref().unwrap_or_default(),
        &[&id],
    );
}

#[test]
fn truncated_output_keeps_head_and_tail_and_points_to_the_full_text() {
    let f = fixture();
    let code = "// @options: {\"max_output_tokens\": 20}\nfor (let i = 0; i < 40; i++) console.log(`line ${i}`); return 'end'";
    let out = f.execute(code);
    let id = out.execution_id().to_string();
    check("truncated", out.report(), &[&id]);
    let full = f.runtime.execution_output(&id).expect("output");
    assert!(full.truncated);
    assert!(
        full.text.contains("line 20") && full.text.contains("line 39") && full.text.contains("end")
    );
    assert!(
        !out.report().contains("line 20"),
        "the middle is cut: {}",
        out.report()
    );
}

#[test]
fn output_within_budget_is_not_truncated() {
    let f = fixture();
    let out = f.execute("console.log('short'); return 1");
    let full = f
        .runtime
        .execution_output(out.execution_id())
        .expect("output");
    assert!(!full.truncated);
    assert_eq!(full.text, "1\n<console_output>\nshort\n</console_output>\n");
}
