//! The methods by name (`rpc::dispatch`) and the `POST /rpc` body parser.

mod common;

use std::collections::BTreeSet;

use codemode_runtime::method::Method;
use codemode_runtime::rpc;
use codemode_runtime::token::{Access, Grant, Scope, SigningKey};
use codemode_runtime::Error;
use common::*;
use serde_json::{json, Value};

fn dispatch(f: &Fixture, method: &str, args: &[Value]) -> codemode_runtime::Result<Value> {
    run(rpc::dispatch(&f.runtime, method, args))
}

fn execute_id(f: &Fixture, code: &str) -> String {
    f.execute(code).execution_id().to_string()
}

#[test]
fn every_method_is_callable() {
    let f = fixture();
    let approve_me = execute_id(&f, "return await counter.guardedBump({by: 1})");
    let reject_me = execute_id(&f, "return await counter.guardedBump({by: 2})");
    let roll_me_back = execute_id(&f, "return await counter.bump({by: 10})");
    let save_me = execute_id(&f, "return await counter.get()");
    let cancel_me = execute_id(&f, "return await counter.guardedBump({by: 3})");

    // (method, args, JSON pointer into the result, the value there); rows run in order.
    let rows: Vec<(&str, Value, &str, Value)> = vec![
        ("tool", json!([]), "/name", json!("codemode")),
        ("tool", json!([]), "/inputSchema/required", json!(["code"])),
        ("execute", json!(["return 1 + 1"]), "/result", json!(2)),
        (
            "execute",
            json!([{"code": "return 'obj'"}]),
            "/result",
            json!("obj"),
        ),
        ("execute", json!(["return 1"]), "/calls", json!([])),
        ("execute", json!(["1 + 2"]), "/status", json!("completed")),
        (
            "search",
            json!(["list saved notes"]),
            "/results/0/path",
            json!("notes.listNotes"),
        ),
        ("search", json!([]), "/total", json!(7)),
        ("search", json!([null]), "/truncated", json!(false)),
        (
            "describe",
            json!(["notes.createNote"]),
            "/requiresApproval",
            json!(true),
        ),
        ("describe", json!(["notes"]), "/kind", json!("connector")),
        (
            "pendingApprovals",
            json!([]),
            "/0/executionId",
            json!(approve_me),
        ),
        (
            "pendingApprovals",
            json!([]),
            "/1/executionId",
            json!(reject_me),
        ),
        (
            "pendingApprovals",
            json!([]),
            "/2/executionId",
            json!(cancel_me),
        ),
        (
            "pendingApprovals",
            json!([reject_me]),
            "/0/args",
            json!({"by": 2}),
        ),
        ("pendingApprovals", json!([reject_me]), "/1", Value::Null),
        (
            "approveExecution",
            json!([approve_me]),
            "/status",
            json!("completed"),
        ),
        ("rejectExecution", json!([reject_me, 0]), "", json!(true)),
        ("rejectExecution", json!([reject_me, 0]), "", json!(false)),
        (
            "rollbackExecution",
            json!([roll_me_back]),
            "/reverted",
            json!(1),
        ),
        (
            "rollbackExecution",
            json!([roll_me_back]),
            "/failed",
            json!([]),
        ),
        (
            "cancelExecution",
            json!([cancel_me, {"by": "ana"}]),
            "/cancelled",
            json!(true),
        ),
        (
            "cancelExecution",
            json!([cancel_me]),
            "/cancelled",
            json!(false),
        ),
        ("executionHistory", json!([]), "/0/code", json!("1 + 2")),
        ("executionHistory", json!([1]), "/1", Value::Null),
        (
            "executionHistory",
            json!([null]),
            "/8/id",
            json!(approve_me),
        ),
        ("executionHistory", json!([null]), "/9", Value::Null),
        (
            "execution",
            json!([roll_me_back]),
            "/status",
            json!("rolled_back"),
        ),
        (
            "execution",
            json!([reject_me]),
            "/status",
            json!("rejected"),
        ),
        (
            "executionOutput",
            json!([save_me]),
            "/executionId",
            json!(save_me),
        ),
        (
            "executionOutput",
            json!([save_me]),
            "/truncated",
            json!(false),
        ),
        (
            "saveSnippet",
            json!(["from-rpc", "Saved over RPC.", save_me]),
            "/name",
            json!("from-rpc"),
        ),
        (
            "saveSnippet",
            json!(["no-description", null, save_me]),
            "/description",
            json!(""),
        ),
        (
            "saveSnippet",
            json!(["no-description", null, save_me]),
            "/connectors",
            json!(["counter"]),
        ),
        ("snippets", json!([]), "/0/name", json!("from-rpc")),
        ("snippets", json!([]), "/1/name", json!("no-description")),
        ("deleteSnippet", json!(["from-rpc"]), "", json!(true)),
        ("deleteSnippet", json!(["from-rpc"]), "", json!(false)),
        ("pruneExecutions", json!([10_000]), "", json!(0)),
        ("pruneExecutions", json!([]), "", json!(0)),
        ("deleteExecution", json!([roll_me_back]), "", json!(true)),
        ("deleteExecution", json!([roll_me_back]), "", json!(false)),
        ("executionHistory", json!([null]), "/8", Value::Null),
        ("executionHistory", json!([null]), "/0/code", json!("1 + 2")),
        (
            "execution",
            json!([reject_me]),
            "/status",
            json!("rejected"),
        ),
    ];
    let mut called = BTreeSet::new();
    for (method, args, pointer, expected) in rows {
        let args = args.as_array().unwrap().clone();
        let result =
            dispatch(&f, method, &args).unwrap_or_else(|e| panic!("{method} {args:?}: {e}"));
        let got = result.pointer(pointer).cloned().unwrap_or(Value::Null);
        assert_eq!(got, expected, "{method} {args:?} at {pointer:?}: {result}");
        called.insert(method);
    }
    // issueToken signs with the access's key (the Worker passes its own; plain dispatch has none).
    let key = SigningKey::from_secret("rpc-test-key");
    let access = Access {
        grant: Grant::Main,
        key: Some(key.clone()),
        now_ms: 1_000,
    };
    let issued = run(rpc::dispatch_with(
        &f.runtime,
        &access,
        "issueToken",
        &[json!({"scope": "read", "ttlSeconds": 60})],
    ))
    .unwrap_or_else(|e| panic!("issueToken: {e}"));
    assert_eq!(issued["expiresAt"], json!(61_000));
    assert_eq!(
        key.verify(issued["token"].as_str().unwrap(), 1_000)
            .map(|c| c.scope),
        Ok(Scope::Read)
    );
    assert_eq!(
        err_code(dispatch(
            &f,
            "issueToken",
            &[json!({"scope": "read", "ttlSeconds": 60})]
        )),
        "INVALID_CONFIG"
    );
    called.insert("issueToken");
    assert_eq!(called, Method::names().into_iter().collect::<BTreeSet<_>>());
    assert_eq!(
        err_code(dispatch(&f, "approveExecution", &[json!(approve_me)])),
        "NOT_PAUSED"
    );
    assert_eq!(
        f.total(),
        1,
        "guardedBump 1 approved, bump 10 rolled back, guardedBump 2 rejected"
    );
}

/// A scoped grant is checked before the method runs: nothing happens outside the scope.
#[test]
fn dispatch_with_checks_the_grant_first() {
    let f = fixture();
    let paused = execute_id(&f, "return await counter.guardedBump({by: 1})");
    let grant = |scope, expires_at| {
        Grant::Scoped(codemode_runtime::token::Claims {
            scope,
            instance: None,
            expires_at,
            subject: None,
        })
    };
    let call = |grant: Grant, method: &str, args: &[Value]| {
        run(rpc::dispatch_with(
            &f.runtime,
            &Access {
                grant,
                key: None,
                now_ms: 100,
            },
            method,
            args,
        ))
    };
    assert_eq!(
        err_code(call(
            grant(Scope::Read, 200),
            "approveExecution",
            &[json!(paused)]
        )),
        "FORBIDDEN"
    );
    assert_eq!(
        err_code(call(
            grant(Scope::Approve, 200),
            "execute",
            &[json!("return 1")]
        )),
        "FORBIDDEN"
    );
    assert_eq!(
        err_code(call(
            grant(Scope::Full, 200),
            "issueToken",
            &[json!({"scope": "read", "ttlSeconds": 5})]
        )),
        "FORBIDDEN"
    );
    assert_eq!(
        err_code(call(
            grant(Scope::Approve, 100),
            "approveExecution",
            &[json!(paused)]
        )),
        "TOKEN_EXPIRED"
    );
    assert_eq!(f.total(), 0, "nothing was approved");
    assert_eq!(
        err_code(call(
            grant(Scope::Read, 200),
            "cancelExecution",
            &[json!(paused)]
        )),
        "FORBIDDEN"
    );
    let approved = call(
        grant(Scope::Approve, 200),
        "approveExecution",
        &[json!(paused)],
    )
    .unwrap();
    assert_eq!(approved["status"], "completed");
    assert_eq!(f.total(), 1);
}

#[test]
fn execute_takes_code_or_an_object() {
    let f = fixture();
    for args in [
        json!(["return 40 + 2"]),
        json!([{"code": "return 40 + 2"}]),
        json!([{"code": "return 40 + 2", "other": 1}]),
    ] {
        let result = dispatch(&f, "execute", args.as_array().unwrap()).unwrap();
        assert_eq!(result["status"], json!("completed"), "{args}");
        assert_eq!(result["result"], json!(42), "{args}");
        assert!(
            result["executionId"].is_string() && result["report"].is_string(),
            "{result}"
        );
    }
    let paused = dispatch(
        &f,
        "execute",
        &[json!("await notes.createNote({text: 'p'})")],
    )
    .unwrap();
    assert_eq!(paused["status"], json!("paused"));
    assert_eq!(paused["pending"][0]["method"], json!("createNote"));
    assert_eq!(paused["calls"][0]["requiresApproval"], json!(true));
    assert_eq!(paused["calls"][0]["state"], json!("pending"));
    let failed = dispatch(&f, "execute", &[json!("throw new Error('no')")]).unwrap();
    assert_eq!(failed["status"], json!("error"));
    assert_eq!(
        failed["error"],
        json!({"code": "SCRIPT_ERROR", "message": "Error: no (line 1)"})
    );
}

#[test]
fn bad_arguments_name_the_argument() {
    let f = fixture();
    // (method, args, the argument the message names)
    let cases: Vec<(&str, Value, &str)> = vec![
        ("execute", json!([]), "code"),
        ("execute", json!([null]), "code"),
        ("execute", json!([5]), "code"),
        ("execute", json!([["return 1"]]), "code"),
        ("execute", json!([{}]), "code"),
        ("execute", json!([{"code": 5}]), "code"),
        ("search", json!([5]), "query"),
        ("search", json!([{"query": "x"}]), "query"),
        ("describe", json!([]), "path"),
        ("describe", json!([true]), "path"),
        ("pendingApprovals", json!([5]), "executionId"),
        ("approveExecution", json!([]), "executionId"),
        (
            "approveExecution",
            json!([{"executionId": "x"}]),
            "executionId",
        ),
        ("rejectExecution", json!([]), "executionId"),
        ("rejectExecution", json!(["id"]), "seq"),
        ("rejectExecution", json!(["id", -1]), "seq"),
        ("rejectExecution", json!(["id", 1.5]), "seq"),
        ("rejectExecution", json!(["id", "0"]), "seq"),
        ("rejectExecution", json!(["id", 4_294_967_296_u64]), "seq"),
        ("rollbackExecution", json!([1]), "executionId"),
        ("executionHistory", json!(["5"]), "limit"),
        ("executionHistory", json!([-1]), "limit"),
        ("executionHistory", json!([2.5]), "limit"),
        ("execution", json!([]), "executionId"),
        ("executionOutput", json!([]), "executionId"),
        ("executionOutput", json!([3]), "executionId"),
        ("saveSnippet", json!([]), "name"),
        ("saveSnippet", json!(["n", 5, "id"]), "description"),
        ("saveSnippet", json!(["n", "d"]), "executionId"),
        ("saveSnippet", json!(["n", "d", 7]), "executionId"),
        ("deleteSnippet", json!([]), "name"),
        ("deleteSnippet", json!([{}]), "name"),
    ];
    for (method, args, name) in cases {
        let error = dispatch(&f, method, args.as_array().unwrap()).unwrap_err();
        assert_eq!(error.code(), "BAD_REQUEST", "{method} {args}: {error}");
        let message = error.to_string();
        assert!(
            message.starts_with(&format!("{method}:")),
            "{method} {args}: {message}"
        );
        assert!(
            message.contains(&format!("`{name}`")),
            "{method} {args}: {message}"
        );
    }
    assert!(
        f.runtime.execution_history(None).unwrap().is_empty(),
        "nothing ran"
    );
}

#[test]
fn unknown_methods() {
    let f = fixture();
    for method in ["nope", "", "Execute", "tool ", "execute_code", "__proto__"] {
        let error = dispatch(&f, method, &[]).unwrap_err();
        assert_eq!(error.code(), "UNKNOWN_METHOD", "{method:?}");
        assert!(
            matches!(&error, Error::UnknownMethod(m, _) if m == method),
            "{error:?}"
        );
        assert!(
            error.to_string().contains(&Method::names().join(", ")),
            "{error}"
        );
    }
}

#[test]
fn request_errors_pass_through_with_their_codes() {
    let f = fixture();
    // (method, args, code)
    let cases: Vec<(&str, Value, &str)> = vec![
        ("execution", json!(["nope"]), "NOT_FOUND"),
        ("executionOutput", json!(["nope"]), "NOT_FOUND"),
        ("approveExecution", json!(["nope"]), "NOT_FOUND"),
        ("rollbackExecution", json!(["nope"]), "NOT_FOUND"),
        ("rejectExecution", json!(["nope", 0]), "NOT_FOUND"),
        ("describe", json!(["nope"]), "NOT_FOUND"),
        ("execute", json!([""]), "BAD_REQUEST"),
        (
            "execute",
            json!(["x".repeat(64 * 1024 + 1)]),
            "CODE_TOO_LARGE",
        ),
        (
            "saveSnippet",
            json!(["bad name", "", "nope"]),
            "INVALID_NAME",
        ),
    ];
    for (method, args, code) in cases {
        let error = dispatch(&f, method, args.as_array().unwrap()).unwrap_err();
        assert_eq!(error.code(), code, "{method}");
    }
    assert_eq!(
        rpc::error_body(&Error::NotFound("no execution has id `x`".into())),
        json!({"error": {"code": "NOT_FOUND", "message": "no execution has id `x`"}})
    );
}

#[test]
fn parse_request_bodies() {
    // (body, method and args)
    let good: &[(&str, &str, Value)] = &[
        (r#"{"method": "tool"}"#, "tool", json!([])),
        (
            r#"{"method": "execute", "args": ["return 1"]}"#,
            "execute",
            json!(["return 1"]),
        ),
        (r#"{"method": "x", "args": null}"#, "x", json!([])),
        (
            r#"  {"method": "tool", "args": [], "extra": 1}  "#,
            "tool",
            json!([]),
        ),
        (
            r#"{"method": "rejectExecution", "args": ["id", 3]}"#,
            "rejectExecution",
            json!(["id", 3]),
        ),
    ];
    for (body, method, args) in good {
        let (m, a) = rpc::parse_request(body.as_bytes()).unwrap_or_else(|e| panic!("{body}: {e}"));
        assert_eq!(
            (m.as_str(), Value::from(a)),
            (*method, args.clone()),
            "{body}"
        );
    }
    let bad = [
        "",
        "{",
        "not json",
        "\"tool\"",
        "[]",
        "null",
        r#"{"args": []}"#,
        r#"{"method": 5}"#,
        r#"{"method": null}"#,
        r#"{"method": "tool", "args": {}}"#,
        r#"{"method": "tool", "args": "x"}"#,
        r#"{"method": "tool", "args": 1}"#,
    ];
    for body in bad {
        assert_eq!(
            err_code(rpc::parse_request(body.as_bytes())),
            "BAD_REQUEST",
            "{body:?}"
        );
    }
}

#[test]
fn a_parsed_request_dispatches() {
    let f = fixture();
    let (method, args) =
        rpc::parse_request(br#"{"method": "execute", "args": [{"code": "return [1, 2]"}]}"#)
            .unwrap();
    let result = dispatch(&f, &method, &args).unwrap();
    assert_eq!(result["result"], json!([1, 2]));
    let (method, args) = rpc::parse_request(
        format!(
            r#"{{"method": "execution", "args": [{}]}}"#,
            result["executionId"]
        )
        .as_bytes(),
    )
    .unwrap();
    assert_eq!(
        dispatch(&f, &method, &args).unwrap()["status"],
        json!("completed")
    );
}

/// Every change a method stores is told to the host's sink once, as `cf_codemode_changed`, with
/// the status after it and who decided; what changes nothing is not told. (The same frames over
/// each transport in workerd: tests/integration/broadcast.test.mjs.)
#[test]
fn every_change_is_told_once_by_the_runtime() {
    use codemode_runtime::runtime::Progress;
    use std::cell::RefCell;
    use std::rc::Rc;

    let f = fixture();
    let told: Rc<RefCell<Vec<Value>>> = Rc::default();
    let seen = told.clone();
    let runtime = f
        .restarted(Vec::new())
        .with_progress(Rc::new(move |event: &Progress| {
            if matches!(event, Progress::Changed { .. }) {
                seen.borrow_mut()
                    .push(serde_json::to_value(event).expect("json"));
            }
        }));
    let call = |method: &str, args: Value| {
        let Value::Array(args) = args else {
            panic!("args")
        };
        run(rpc::dispatch(&runtime, method, &args)).expect(method)
    };
    let take = || std::mem::take(&mut *told.borrow_mut());
    let frame = |method: &str, id: &Value, status: &str| json!({"type": "cf_codemode_changed", "method": method, "executionId": id, "status": status});

    let paused = call(
        "execute",
        json!(["return await counter.guardedBump({by: 1})"]),
    );
    let id = paused["executionId"].clone();
    assert_eq!(take(), [frame("execute", &id, "paused")]);
    call("approveExecution", json!([id, {"by": "ann"}]));
    let mut approved = frame("approveExecution", &id, "completed");
    approved["by"] = json!("ann");
    assert_eq!(take(), [approved]);
    call("rollbackExecution", json!([id]));
    assert_eq!(take(), [frame("rollbackExecution", &id, "rolled_back")]);

    let second = call(
        "execute",
        json!(["return await counter.guardedBump({by: 2})"]),
    );
    let second = second["executionId"].clone();
    take();
    assert_eq!(call("rejectExecution", json!([second, 0])), json!(true));
    assert_eq!(take(), [frame("rejectExecution", &second, "rejected")]);
    // Nothing changed: not told.
    assert_eq!(call("rejectExecution", json!([second, 0])), json!(false));
    assert_eq!(
        call("cancelExecution", json!([second])),
        json!({"cancelled": false})
    );
    assert_eq!(take(), Vec::<Value>::new());

    let third = call(
        "execute",
        json!(["return await counter.guardedBump({by: 3})"]),
    );
    let third = third["executionId"].clone();
    take();
    call("cancelExecution", json!([third, {"reason": "no"}]));
    assert_eq!(take(), [frame("cancelExecution", &third, "cancelled")]);

    let done = call("execute", json!(["return 1"]));
    let done = done["executionId"].clone();
    assert_eq!(take(), [frame("execute", &done, "completed")]);
    call("saveSnippet", json!(["one", "", done]));
    let mut saved = frame("saveSnippet", &done, "completed");
    saved["snippet"] = json!("one");
    assert_eq!(take(), [saved]);
    assert_eq!(call("deleteSnippet", json!(["one"])), json!(true));
    assert_eq!(call("deleteSnippet", json!(["one"])), json!(false));
    assert_eq!(
        take(),
        [
            json!({"type": "cf_codemode_changed", "method": "deleteSnippet", "executionId": null, "status": null, "snippet": "one"})
        ]
    );

    // Reads tell nothing.
    for (method, args) in [
        ("execution", json!([done])),
        ("executionHistory", json!([])),
        ("snippets", json!([])),
        ("pendingApprovals", json!([])),
    ] {
        call(method, args);
    }
    assert_eq!(take(), Vec::<Value>::new());

    assert_eq!(call("deleteExecution", json!([done])), json!(true));
    assert_eq!(
        take(),
        [
            json!({"type": "cf_codemode_changed", "method": "deleteExecution", "executionId": done, "status": null})
        ]
    );
}
