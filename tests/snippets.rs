//! Snippets: saving a completed run's code, names, listing, deleting, and `codemode.run`.

mod common;

use codemode_runtime::model::CallState::{Applied, Pending};
use codemode_runtime::Store;
use common::*;
use serde_json::json;

/// The id of a run of `code` that completed.
fn completed_run(f: &Fixture, code: &str) -> String {
    let out = f.execute(code);
    completed(&out);
    out.execution_id().to_string()
}

/// Saves `code` (which must complete) as snippet `name`.
fn snippet(f: &Fixture, name: &str, code: &str) {
    let id = completed_run(f, code);
    f.runtime
        .save_snippet(name, &format!("the {name} snippet"), &id)
        .expect("save");
}

const BUMPER: &str = "const k = input && input.k !== undefined ? input.k : 1; const v = await counter.bump({by: k}); return {k, v}";

#[test]
fn save_from_a_completed_run() {
    let f = fixture();
    let code =
        "const n = await counter.get(); const l = await notes.listNotes(); return [n, l.length]";
    let id = completed_run(&f, code);
    let created_at = f.state(&id).created_at;
    let saved = f
        .runtime
        .save_snippet("count-things", "Counts things.", &id)
        .unwrap();
    assert_eq!(saved.name, "count-things");
    assert_eq!(saved.description, "Counts things.");
    assert_eq!(saved.code, code);
    assert_eq!(saved.connectors, ["counter", "notes"]);
    assert!(
        saved.saved_at > created_at,
        "{} > {created_at}",
        saved.saved_at
    );
    assert_eq!(f.runtime.snippets().unwrap(), std::slice::from_ref(&saved));

    // No calls, no connectors.
    let plain = completed_run(&f, "return 1");
    assert!(f
        .runtime
        .save_snippet("plain", "", &plain)
        .unwrap()
        .connectors
        .is_empty());

    // The same name again replaces the snippet.
    let replaced = f
        .runtime
        .save_snippet("count-things", "Counts again.", &plain)
        .unwrap();
    let names: Vec<(String, String)> = f
        .runtime
        .snippets()
        .unwrap()
        .into_iter()
        .map(|s| (s.name, s.description))
        .collect();
    assert_eq!(
        names,
        [
            ("count-things".to_string(), "Counts again.".to_string()),
            ("plain".into(), "".into())
        ]
    );
    assert_eq!(replaced.code, "return 1");
}

#[test]
fn save_needs_a_completed_run() {
    let f = fixture();
    let paused_run = f
        .execute("await counter.guardedBump({by: 1})")
        .execution_id()
        .to_string();
    let failed = f.execute("throw new Error('x')").execution_id().to_string();
    let rejected = f
        .execute("await counter.guardedBump({by: 1})")
        .execution_id()
        .to_string();
    assert!(f.reject(&rejected, 0));
    let rolled_back = completed_run(&f, "return await counter.bump({by: 1})");
    run(f.runtime.rollback_execution(&rolled_back)).unwrap();

    // (execution, its status)
    let cases = [
        (paused_run, "paused"),
        (failed, "error"),
        (rejected, "rejected"),
        (rolled_back, "rolled_back"),
    ];
    for (id, status) in cases {
        let error = f.runtime.save_snippet("name", "", &id).unwrap_err();
        assert_eq!(error.code(), "NOT_COMPLETED", "{status}");
        assert!(
            error.to_string().contains(&format!("is {status}")),
            "{error}"
        );
    }
    assert!(f.runtime.snippets().unwrap().is_empty());
}

#[test]
fn snippet_names() {
    let f = fixture();
    let id = completed_run(&f, "return 1");
    let too_long = "a".repeat(65);
    for name in [
        "",
        too_long.as_str(),
        "a b",
        "notes",
        "counter",
        "a.b",
        "é",
        "x/y",
        "tab\t",
        "semi;",
    ] {
        assert_eq!(
            err_code(f.runtime.save_snippet(name, "", &id)),
            "INVALID_NAME",
            "{name:?}"
        );
    }
    let longest = "a".repeat(64);
    for name in [longest.as_str(), "a-b_1", "A9", "_", "codemode-helper"] {
        assert_eq!(f.runtime.save_snippet(name, "", &id).unwrap().name, name);
    }
    assert_eq!(f.runtime.snippets().unwrap().len(), 5);
}

#[test]
fn snippets_are_listed_by_name() {
    let f = fixture();
    let id = completed_run(&f, "return 1");
    for name in ["zeta", "alpha", "mid", "beta-2", "beta-1"] {
        f.runtime.save_snippet(name, "", &id).unwrap();
    }
    let names: Vec<String> = f
        .runtime
        .snippets()
        .unwrap()
        .into_iter()
        .map(|s| s.name)
        .collect();
    assert_eq!(names, ["alpha", "beta-1", "beta-2", "mid", "zeta"]);
}

#[test]
fn delete_snippet() {
    let f = fixture();
    snippet(&f, "doomed", "return 1");
    snippet(&f, "kept", "return 2");
    assert!(f.runtime.delete_snippet("doomed").unwrap());
    assert!(!f.runtime.delete_snippet("doomed").unwrap());
    assert!(!f.runtime.delete_snippet("never-saved").unwrap());
    let names: Vec<String> = f
        .runtime
        .snippets()
        .unwrap()
        .into_iter()
        .map(|s| s.name)
        .collect();
    assert_eq!(names, ["kept"]);
}

#[test]
fn codemode_run_runs_a_snippet_with_input_in_the_callers_journal() {
    let f = fixture();
    snippet(&f, "bumper", BUMPER);
    assert_eq!(f.total(), 1);

    let out = f.execute("return await codemode.run('bumper', {k: 5})");
    let id = out.execution_id().to_string();
    assert_eq!(completed(&out), json!({"k": 5, "v": 6}));
    let calls = calls(&out);
    assert_eq!(states(&calls), [(0, Applied)]);
    assert_eq!(
        (calls[0].connector.as_str(), calls[0].method.as_str()),
        ("counter", "bump")
    );
    assert_eq!(calls[0].args, json!({"by": 5}));
    assert_eq!(f.store.journal(&id).unwrap().len(), 1);
    assert!(f.effects().contains(&(format!("{id}:0"), 1)));
    assert_eq!(f.total(), 6);
}

#[test]
fn codemode_run_forms() {
    let f = fixture();
    snippet(&f, "bumper", BUMPER);
    snippet(&f, "double", "async (input) => (input ? input.k : 0) * 2");
    snippet(&f, "echo-input", "return input");
    // (caller, result, seqs of the caller's calls)
    let cases: &[(&str, serde_json::Value, &[u32])] = &[
        ("return await codemode.run('double', {k: 21})", json!(42), &[]),
        ("return await codemode.run('echo-input')", json!({}), &[]),
        ("return await codemode.run('echo-input', [1, 2])", json!([1, 2]), &[]),
        ("return (await codemode.run('bumper')).k", json!(1), &[0]),
        (
            "const a = await codemode.run('bumper', {k: 1}); const b = await codemode.run('bumper', {k: 2}); \
             const c = await counter.get(); return [a.k, b.k, c - b.v]",
            json!([1, 2, 0]),
            &[0, 1, 2],
        ),
        ("const r = await codemode.run('double', {k: 1}); return typeof input", json!("undefined"), &[]),
    ];
    for (code, result, seqs) in cases {
        let out = f.execute(code);
        assert_eq!(&completed(&out), result, "{code}");
        assert_eq!(
            calls(&out).iter().map(|c| c.seq).collect::<Vec<_>>(),
            *seqs,
            "{code}"
        );
    }
}

#[test]
fn a_snippet_needing_approval_pauses_its_caller() {
    let f = fixture();
    let first = f.execute("return await counter.guardedBump({by: input && input.k || 1})");
    let done = f.approve(first.execution_id());
    assert_eq!(completed(&done), json!(1));
    f.runtime
        .save_snippet("guarded", "", first.execution_id())
        .unwrap();

    let out =
        f.execute("await counter.bump({by: 10}); return await codemode.run('guarded', {k: 3})");
    let id = out.execution_id().to_string();
    let pending = paused(&out);
    assert_eq!(
        pending
            .iter()
            .map(|p| (p.seq, p.method.as_str(), p.args.clone()))
            .collect::<Vec<_>>(),
        [(1, "guardedBump", json!({"by": 3}))]
    );
    assert_eq!(states(&calls(&out)), [(0, Applied), (1, Pending)]);
    assert_eq!(f.total(), 11);

    assert_eq!(completed(&f.approve(&id)), json!(14));
    assert_eq!(f.total(), 14);
    let mine: Vec<(String, u32)> = f
        .effects()
        .into_iter()
        .filter(|(k, _)| k.starts_with(&id))
        .collect();
    assert_eq!(mine, [(format!("{id}:0"), 1), (format!("{id}:1"), 1)]);
}

#[test]
fn an_unknown_snippet_rejects_the_scripts_promise() {
    let f = fixture();
    let out = f.execute("try { await codemode.run('nope', {}); return 'ran' } catch (e) { return [e instanceof Error, e.message] }");
    assert_eq!(completed(&out), json!([true, "no snippet is named `nope`"]));

    let error = error_info(&f.execute("return await codemode.run('nope')"));
    assert_eq!(error.code, "SCRIPT_ERROR");
    assert!(
        error.message.contains("no snippet is named `nope`"),
        "{}",
        error.message
    );
}
