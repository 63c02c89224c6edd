//! The MCP server's progress and cancellation (`codemode_runtime::mcp`), natively: a
//! `tools/call` with a progress token sends `notifications/progress` as calls finish, then the
//! result; `notifications/cancelled` for it cancels its run.

mod common;

use std::cell::RefCell;
use std::rc::Rc;

use codemode_runtime::mcp;
use common::*;
use serde_json::{json, Value};

fn call(id: Value, code: &str, token: Option<Value>) -> Vec<u8> {
    let mut params = json!({"name": "codemode", "arguments": {"code": code}});
    if let Some(token) = token {
        params["_meta"] = json!({"progressToken": token});
    }
    serde_json::to_vec(
        &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params}),
    )
    .expect("json")
}

#[test]
fn only_a_codemode_call_with_a_progress_token_streams() {
    assert!(mcp::wants_progress(&call(
        json!(1),
        "return 1",
        Some(json!("p1"))
    )));
    assert!(mcp::wants_progress(&call(
        json!(1),
        "return 1",
        Some(json!(7))
    )));
    assert!(!mcp::wants_progress(&call(json!(1), "return 1", None)));
    let search = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "search", "arguments": {"query": "x"}, "_meta": {"progressToken": "p"}}});
    assert!(!mcp::wants_progress(
        &serde_json::to_vec(&search).expect("json")
    ));
    assert!(!mcp::wants_progress(b"not json"));
}

#[test]
fn progress_counts_the_calls_that_finished_then_the_result_comes() {
    let f = fixture();
    let sent: Rc<RefCell<Vec<Value>>> = Rc::default();
    let sink = sent.clone();
    let notify: mcp::Notify = Rc::new(move |message| sink.borrow_mut().push(message));
    let code = "await counter.bump({by: 1}); await new Promise((r) => setTimeout(r, 10)); return await counter.bump({by: 2})";
    let reply = run(mcp::handle_streaming(
        &f.runtime,
        &codemode_runtime::token::Access::main(0),
        mcp::Client::default(),
        &call(json!(3), code, Some(json!("tok"))),
        notify,
    ));
    let body = reply.body.expect("a reply");
    assert_eq!(body["result"]["structuredContent"]["result"], json!(3));
    let progress: Vec<(Value, Value, Value)> = sent
        .borrow()
        .iter()
        .map(|m| {
            (
                m["method"].clone(),
                m["params"]["progress"].clone(),
                m["params"]["message"].clone(),
            )
        })
        .collect();
    assert_eq!(
        progress,
        [
            (
                json!("notifications/progress"),
                json!(1),
                json!("counter.bump applied")
            ),
            (
                json!("notifications/progress"),
                json!(2),
                json!("codemode.setTimeout applied")
            ),
            (
                json!("notifications/progress"),
                json!(3),
                json!("counter.bump applied")
            ),
        ]
    );
    assert!(sent
        .borrow()
        .iter()
        .all(|m| m["params"]["progressToken"] == json!("tok")));
}

#[test]
fn notifications_cancelled_cancels_the_run_of_that_request() {
    let f = fixture();
    let gate = Rc::new(Gate::default());
    let runtime = f.restarted(vec![Box::new(GateConnector(gate.clone()))]);
    let body = call(
        json!("req-9"),
        "await counter.bump({by: 1}); await gate.wait({}); return 'never'",
        None,
    );
    let (reply, ()) = run(async {
        let cancel = async {
            while gate.waiting() == 0 {
                futures_lite::future::yield_now().await;
            }
            // Another request's id changes nothing; this one's cancels.
            for id in [json!("req-8"), json!("req-9")] {
                let note = json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                    "params": {"requestId": id, "reason": "the user pressed stop"}});
                let answer = mcp::handle(&runtime, &serde_json::to_vec(&note).expect("json")).await;
                assert_eq!(
                    (answer.status, answer.body),
                    (202, None),
                    "a notification gets no answer"
                );
            }
        };
        futures_lite::future::zip(mcp::handle(&runtime, &body), cancel).await
    });
    let out = &reply.body.expect("a reply")["result"]["structuredContent"];
    assert_eq!(out["status"], json!("cancelled"), "{out}");
    assert!(
        out["report"]
            .as_str()
            .unwrap_or_default()
            .contains("cancelled by an MCP client: the user pressed stop"),
        "{out}"
    );
    assert_eq!(f.total(), 1);
}

/// Two clients of one conversation both number their requests from 1. A `notifications/cancelled`
/// from client A names A's request 1 and cancels A's run only; B's run with the same request id
/// goes on, and A's finished run does not unregister B's (issue 27: A's cancel ended B's run).
#[test]
fn notifications_cancelled_reaches_only_the_client_that_sent_it() {
    let f = fixture();
    let gate = Rc::new(Gate::default());
    let runtime = f.restarted(vec![Box::new(GateConnector(gate.clone()))]);
    let access = codemode_runtime::token::Access::main(0);
    let (a, b) = (
        mcp::Client {
            session: Some("session-a"),
        },
        mcp::Client {
            session: Some("session-b"),
        },
    );
    let body_a = call(
        json!(1),
        "await gate.wait({who: 'a'}); return 'finished'",
        None,
    );
    let body_b = call(
        json!(1),
        "await gate.wait({who: 'b'}); return 'finished'",
        None,
    );
    let note = serde_json::to_vec(
        &json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
        "params": {"requestId": 1, "reason": "A pressed stop"}}),
    )
    .expect("json");
    let ((reply_a, reply_b), ()) = run(async {
        let steer = async {
            while gate.waiting() < 2 {
                futures_lite::future::yield_now().await;
            }
            let answer = mcp::handle_with(&runtime, &access, a, &note).await;
            assert_eq!((answer.status, answer.body), (202, None));
            gate.open(Some(&json!({"who": "b"})), json!(null));
        };
        futures_lite::future::zip(
            futures_lite::future::zip(
                mcp::handle_with(&runtime, &access, a, &body_a),
                mcp::handle_with(&runtime, &access, b, &body_b),
            ),
            steer,
        )
        .await
    });
    let status = |reply: mcp::McpReply| {
        reply.body.expect("a reply")["result"]["structuredContent"]["status"].clone()
    };
    assert_eq!(status(reply_a), json!("cancelled"));
    assert_eq!(status(reply_b), json!("completed"));
}

/// `initialize` asks the shell for a session id (the client's name for cancellation); nothing
/// else does.
#[test]
fn initialize_starts_a_session_and_other_messages_do_not() {
    let f = fixture();
    let init = serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-06-18"}})).expect("json");
    let ping =
        serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": 1, "method": "ping"})).expect("json");
    assert!(run(mcp::handle(&f.runtime, &init)).new_session);
    assert!(!run(mcp::handle(&f.runtime, &ping)).new_session);
}

/// Found in Miniflare: each pull of a response body polls it from another task, and the Workers
/// `setTimeout` future keeps the first waker it saw. A run that sent a notification, then waited
/// for a timer, never woke. The stream now polls the request with one waker that forwards to the
/// latest pull's.
#[test]
fn an_event_stream_wakes_the_pull_that_waits_now() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::task::{Context, Poll, Wake, Waker};

    use codemode_runtime::sse::EventStream;
    use futures_lite::Stream;

    /// Records being woken.
    struct Flag(AtomicBool);
    impl Wake for Flag {
        fn wake(self: Arc<Self>) {
            self.0.store(true, Ordering::SeqCst);
        }
    }
    // Like `worker::Delay`: keeps the waker of its first poll only.
    let kept: Rc<RefCell<Option<Waker>>> = Rc::default();
    let fired = Rc::new(std::cell::Cell::new(false));
    let (kept_in, fired_in) = (kept.clone(), fired.clone());
    let mut stream = EventStream::new(move |notify| async move {
        notify(json!({"n": 1}));
        std::future::poll_fn(|cx| {
            if fired_in.get() {
                return Poll::Ready(());
            }
            kept_in
                .borrow_mut()
                .get_or_insert_with(|| cx.waker().clone());
            Poll::Pending
        })
        .await;
        Some(json!({"reply": true}))
    });
    let mut pull = |flag: &Arc<Flag>| {
        let waker = Waker::from(flag.clone());
        Pin::new(&mut stream).poll_next(&mut Context::from_waker(&waker))
    };
    use std::pin::Pin;
    let first = Arc::new(Flag(AtomicBool::new(false)));
    assert!(
        matches!(pull(&first), Poll::Ready(Some(event)) if String::from_utf8_lossy(&event).contains(r#"{"n":1}"#))
    );
    let second = Arc::new(Flag(AtomicBool::new(false)));
    assert!(pull(&second).is_pending());
    // The timer fires: it wakes the waker it kept.
    fired.set(true);
    kept.borrow().clone().expect("the timer was polled").wake();
    assert!(
        second.0.load(Ordering::SeqCst),
        "the pull waiting now is woken"
    );
    let event = match pull(&second) {
        Poll::Ready(Some(event)) => String::from_utf8_lossy(&event).into_owned(),
        other => panic!("expected the reply, got {other:?}"),
    };
    assert_eq!(event, "event: message\ndata: {\"reply\":true}\n\n");
    assert!(matches!(pull(&second), Poll::Ready(None)));
}
