//! The pass machine (`codemode_runtime::run::pass`) tested directly, without boa or futures: each
//! case gives a journal, what the script does each time it runs, and the effects expected, as a
//! trace of short lines.

use std::collections::{BTreeMap, VecDeque};

use codemode_runtime::journal::{Decision, DecisionKind, JournalEntry, Outcome};
use codemode_runtime::model::{CallState, PendingAction};
use codemode_runtime::run::pass::Deadline;
use codemode_runtime::run::{Effect, Finished, Pass, PassEnd, PassLimits, PassRules};
use codemode_runtime::sandbox::{CallRequest, Settled};
use serde_json::{json, Value};

const LIMITS: PassLimits = PassLimits {
    max_result_bytes: 1000,
    max_journal_bytes: 100_000,
    max_in_flight: 16,
    hold_ms: 5_000,
};

/// What the script does when it runs once: issue calls, clear timers, finish steps, settle.
#[derive(Default, Clone)]
struct Tick {
    issue: Vec<CallRequest>,
    clear: Vec<u32>,
    steps: Vec<(u32, Outcome)>,
    settle: Option<Settled>,
}

/// A `setTimeout` of `delay` ms set at virtual time `at`.
fn timer(seq: u32, delay: i64, at: i64) -> CallRequest {
    CallRequest {
        seq,
        connector: "codemode".into(),
        method: "setTimeout".into(),
        args: json!({ "delayMs": delay }),
        issued_at: at,
    }
}

/// The journal entry of that timer firing, delivered `delivery`-th.
fn timer_entry(seq: u32, delay: i64, at: i64, delivery: u32) -> JournalEntry {
    let request = timer(seq, delay, at);
    JournalEntry {
        seq,
        connector: request.connector,
        method: request.method,
        args: request.args,
        outcome: Outcome::Ok(Value::Null),
        started: at,
        at: at + delay,
        delivery,
        usage: None,
        kind: codemode_runtime::journal::EntryKind::Timer,
    }
}

fn issue(calls: &[(u32, &str)]) -> Tick {
    Tick {
        issue: calls
            .iter()
            .map(|(seq, method)| request(*seq, method))
            .collect(),
        ..Tick::default()
    }
}

fn settle() -> Tick {
    Tick {
        settle: Some(Settled::Returned(Some(json!("done")))),
        ..Tick::default()
    }
}

fn quiet() -> Tick {
    Tick::default()
}

/// A call of the test connector `t`; methods starting with `guarded` need approval, `big` returns
/// more than `max_result_bytes`, `fail` fails.
fn request(seq: u32, method: &str) -> CallRequest {
    CallRequest {
        seq,
        connector: "t".into(),
        method: method.into(),
        args: json!({"n": seq}),
        issued_at: 0,
    }
}

fn requires_approval(_connector: &str, method: &str) -> bool {
    method.starts_with("guarded")
}

/// A journal entry recorded for `request(seq, method)`, delivered `delivery`-th.
fn entry(seq: u32, method: &str, delivery: u32) -> JournalEntry {
    let request = request(seq, method);
    JournalEntry {
        seq,
        connector: request.connector,
        method: request.method,
        args: request.args,
        outcome: Outcome::Ok(json!(format!("recorded {seq}"))),
        started: 10,
        at: 20,
        delivery,
        usage: None,
        kind: Default::default(),
    }
}

fn shown(seq: u32, method: &str) -> PendingAction {
    let request = request(seq, method);
    PendingAction {
        execution_id: "x".into(),
        seq,
        connector: request.connector,
        method: request.method,
        args: request.args,
    }
}

/// One pass case and what it must do.
struct Case {
    name: &'static str,
    journal: Vec<JournalEntry>,
    approved: Vec<u32>,
    shown: Vec<PendingAction>,
    limits: PassLimits,
    deadline: Option<Deadline>,
    script: Vec<Tick>,
    expect: &'static [&'static str],
}

impl Case {
    fn new(name: &'static str) -> Self {
        Case {
            name,
            journal: Vec::new(),
            approved: Vec::new(),
            shown: Vec::new(),
            limits: LIMITS,
            deadline: None,
            script: Vec::new(),
            expect: &[],
        }
    }
}

/// Drives the machine as the runtime's driver would, with a script that does `case.script` one
/// tick per run and a connector that answers in the order calls started. Returns the trace and
/// the pass's calls.
fn drive(case: &Case) -> (Vec<String>, Vec<codemode_runtime::model::CallRecord>) {
    let decisions: BTreeMap<u32, Decision> = case
        .approved
        .iter()
        .map(|seq| (*seq, Decision::new(DecisionKind::Approved, None, None, 0)))
        .collect();
    let mut pass = Pass::new(PassRules {
        execution_id: "x",
        journal: &case.journal,
        decisions: &decisions,
        approved_before: &case.shown,
        deadline: case.deadline,
        limits: case.limits,
        requires_approval: &requires_approval,
    });
    let mut script: VecDeque<Tick> = case.script.iter().cloned().collect();
    let mut running: VecDeque<(CallRequest, i64)> = VecDeque::new();
    let mut trace = Vec::new();
    let mut now = 1000;
    for _ in 0..200 {
        now += 1;
        match pass.poll(now) {
            Effect::RunScript => {
                trace.push("run".to_string());
                let tick = script.pop_front().unwrap_or_default();
                for request in tick.issue {
                    pass.call_issued(request);
                }
                for seq in tick.clear {
                    pass.timer_cleared(seq);
                }
                for (seq, outcome) in tick.steps {
                    pass.step_finished(seq, outcome);
                }
                if let Some(settled) = tick.settle {
                    pass.script_settled(settled);
                }
            }
            Effect::Start { calls, started } => {
                trace.push(format!("start {}", seqs(calls.iter().map(|c| c.seq))));
                running.extend(calls.into_iter().map(|c| (c, started)));
            }
            Effect::Wait { until } if running.is_empty() => {
                trace.push(format!("wait until {until}"));
                now = until - 1;
            }
            Effect::AwaitCall | Effect::Wait { .. } => {
                let (request, started) = running.pop_front().expect("awaited with no call running");
                let outcome = match request.method.as_str() {
                    "fail" => Outcome::Err("failed".into()),
                    "big" => Outcome::Ok(Value::String("x".repeat(2000))),
                    _ => Outcome::Ok(json!(format!("ran {}", request.seq))),
                };
                pass.call_finished(
                    Finished {
                        request,
                        outcome,
                        started,
                        usage: None,
                    },
                    now,
                );
            }
            Effect::Append(entries) => {
                for entry in entries {
                    trace.push(format!(
                        "append #{} {}",
                        entry.seq,
                        outcome_word(&entry.outcome)
                    ))
                }
            }
            Effect::Deliver(entry) => trace.push(format!("deliver #{}", entry.seq)),
            Effect::End(end) => {
                trace.push(match end {
                    PassEnd::Settled(_) => "end settled".to_string(),
                    PassEnd::Paused(pending) => {
                        format!("end paused {}", seqs(pending.iter().map(|p| p.seq)))
                    }
                    PassEnd::Failed(error) => format!("end failed {}", error.code),
                    PassEnd::Cancelled { aborted } => {
                        format!("end cancelled {}", seqs(aborted.into_iter()))
                    }
                    PassEnd::Waiting { wake_at } => format!("end waiting until {wake_at}"),
                });
                return (trace, pass.into_calls().into_sorted());
            }
        }
    }
    panic!(
        "{}: the pass did not end in 200 steps: {trace:?}",
        case.name
    );
}

/// A pass over `journal` with no approvals shown, no deadline and the default limits.
fn plain_pass<'a>(journal: &'a [JournalEntry], decisions: &'a BTreeMap<u32, Decision>) -> Pass<'a> {
    Pass::new(PassRules {
        execution_id: "x",
        journal,
        decisions,
        approved_before: &[],
        deadline: None,
        limits: LIMITS,
        requires_approval: &requires_approval,
    })
}

fn seqs(seqs: impl Iterator<Item = u32>) -> String {
    seqs.map(|s| format!("#{s}")).collect::<Vec<_>>().join(" ")
}

fn outcome_word(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Ok(_) => "ok",
        Outcome::Err(_) => "err",
    }
}

#[test]
fn pass_cases() {
    let cases = vec![
        Case {
            script: vec![issue(&[(0, "a")]), issue(&[(1, "b")]), settle()],
            expect: &["run", "start #0", "append #0 ok", "deliver #0", "run", "start #1", "append #1 ok", "deliver #1", "run", "end settled"],
            ..Case::new("live calls are journaled before they are delivered")
        },
        Case {
            journal: vec![entry(1, "b", 0), entry(0, "a", 1)],
            script: vec![issue(&[(0, "a"), (1, "b")]), quiet(), settle()],
            expect: &["run", "deliver #1", "run", "deliver #0", "run", "end settled"],
            ..Case::new("replay delivers in the recorded order, not seq order, and runs nothing")
        },
        Case {
            journal: vec![entry(0, "a", 0)],
            script: vec![issue(&[(0, "a")]), issue(&[(1, "b")]), settle()],
            expect: &["run", "deliver #0", "run", "start #1", "append #1 ok", "deliver #1", "run", "end settled"],
            ..Case::new("past the journal the pass goes live")
        },
        Case {
            journal: vec![entry(0, "a", 0)],
            script: vec![issue(&[(0, "other")])],
            expect: &["run", "end failed REPLAY_DIVERGED"],
            ..Case::new("divergence: another call at a recorded seq")
        },
        Case {
            journal: vec![entry(1, "b", 0), entry(0, "a", 1)],
            script: vec![issue(&[(0, "a")])],
            expect: &["run", "end failed REPLAY_DIVERGED"],
            ..Case::new("divergence: the journal delivers a call the script has not issued")
        },
        Case {
            journal: vec![entry(0, "a", 0), entry(1, "b", 1)],
            script: vec![issue(&[(0, "a")]), settle()],
            expect: &["run", "deliver #0", "run", "end failed REPLAY_DIVERGED"],
            ..Case::new("divergence: the script settles before a recorded call")
        },
        Case {
            approved: vec![0],
            shown: vec![shown(0, "guardedWrite")],
            script: vec![Tick {
                issue: vec![CallRequest { args: json!({"n": 99}), ..request(0, "guardedWrite") }],
                ..Tick::default()
            }],
            expect: &["run", "end failed REPLAY_DIVERGED"],
            ..Case::new("divergence: an approved call issued with other arguments")
        },
        Case {
            script: vec![issue(&[(0, "guardedWrite")])],
            expect: &["run", "end paused #0"],
            ..Case::new("a call needing approval pauses the pass")
        },
        Case {
            approved: vec![0],
            shown: vec![shown(0, "guardedWrite")],
            script: vec![issue(&[(0, "guardedWrite")]), settle()],
            expect: &["run", "start #0", "append #0 ok", "deliver #0", "run", "end settled"],
            ..Case::new("an approved call issued as shown runs")
        },
        Case {
            script: vec![issue(&[(0, "a")]), settle()],
            limits: PassLimits { max_journal_bytes: 0, ..LIMITS },
            expect: &["run", "append #0 err", "deliver #0", "run", "end settled"],
            ..Case::new("limits: once the journal is full a call fails without running")
        },
        Case {
            script: vec![issue(&[(0, "big")]), settle()],
            expect: &["run", "start #0", "append #0 err", "deliver #0", "run", "end settled"],
            ..Case::new("limits: a result over max_result_bytes is journaled as an error")
        },
        Case {
            script: vec![issue(&[(0, "a"), (1, "b"), (2, "c")]), quiet(), quiet(), settle()],
            limits: PassLimits { max_in_flight: 2, ..LIMITS },
            expect: &[
                "run", "start #0 #1", "append #0 ok", "deliver #0", "run", "start #2", "append #1 ok", "deliver #1", "run",
                "append #2 ok", "deliver #2", "run", "end settled",
            ],
            ..Case::new("limits: at most max_in_flight calls run at once")
        },
        Case {
            deadline: Some(Deadline { at: 0, timeout_ms: 5 }),
            script: vec![issue(&[(0, "a")])],
            expect: &["run", "end failed TIMEOUT"],
            ..Case::new("limits: no call starts after the deadline")
        },
        Case {
            script: vec![Tick {
                issue: vec![request(0, "a"), request(1, "guardedWrite")],
                settle: Some(Settled::Returned(None)),
                ..Tick::default()
            }],
            expect: &["run", "start #0", "append #0 ok", "deliver #0", "end settled"],
            ..Case::new("drain: after settling, calls still run; calls awaiting approval do not")
        },
        Case {
            journal: vec![entry(0, "a", 0)],
            script: vec![Tick { issue: vec![request(0, "a")], settle: Some(Settled::Returned(None)), ..Tick::default() }],
            expect: &["run", "deliver #0", "end settled"],
            ..Case::new("drain: journaled calls the script no longer awaits are delivered, not run")
        },
        Case {
            script: vec![quiet()],
            expect: &["run", "end failed STALLED"],
            ..Case::new("a script waiting on nothing is stalled")
        },
        Case {
            script: vec![
                Tick {
                    issue: vec![CallRequest { seq: 0, connector: "codemode".into(), method: "step".into(), args: json!("s"), issued_at: 0 }],
                    steps: vec![(0, Outcome::Ok(json!(7)))],
                    ..Tick::default()
                },
                settle(),
            ],
            expect: &["run", "append #0 ok", "deliver #0", "run", "end settled"],
            ..Case::new("a finished step is journaled, then delivered")
        },
        // ---- timers ----
        Case {
            script: vec![Tick { issue: vec![timer(0, 500, 1000)], ..Tick::default() }, settle()],
            expect: &["run", "wait until 1500", "append #0 ok", "deliver #0", "run", "end settled"],
            ..Case::new("timers: a near timer is waited for, journaled at its due time, then delivered")
        },
        Case {
            script: vec![Tick { issue: vec![request(0, "a"), timer(1, 0, 1000)], ..Tick::default() }, quiet(), settle()],
            expect: &["run", "start #0", "append #1 ok", "deliver #1", "run", "append #0 ok", "deliver #0", "run", "end settled"],
            ..Case::new("timers: calls issued first start first; a due timer fires before a call that is still running")
        },
        Case {
            script: vec![Tick { issue: vec![request(0, "a"), timer(1, 500, 1000)], ..Tick::default() }, quiet(), settle()],
            expect: &[
                "run", "start #0", "append #0 ok", "deliver #0", "run", "wait until 1500", "append #1 ok", "deliver #1", "run",
                "end settled",
            ],
            ..Case::new("timers: a call that finishes first is delivered first")
        },
        Case {
            script: vec![Tick { issue: vec![timer(0, 60_000, 1000)], ..Tick::default() }],
            expect: &["run", "end waiting until 61000"],
            ..Case::new("timers: a timer further off than hold_ms suspends the run until it is due")
        },
        Case {
            script: vec![Tick { issue: vec![timer(0, 500, 1000)], ..Tick::default() }],
            limits: PassLimits { hold_ms: 0, ..LIMITS },
            expect: &["run", "end waiting until 1500"],
            ..Case::new("timers: with hold_ms 0 every wait suspends")
        },
        Case {
            journal: vec![timer_entry(0, 60_000, 1000, 0), entry(1, "a", 1)],
            script: vec![Tick { issue: vec![timer(0, 60_000, 1000)], ..Tick::default() }, issue(&[(1, "a")]), settle()],
            expect: &["run", "deliver #0", "run", "deliver #1", "run", "end settled"],
            ..Case::new("timers: a replay fires journaled timers in their recorded order without waiting")
        },
        Case {
            journal: vec![entry(1, "a", 0)],
            script: vec![Tick { issue: vec![timer(0, 60_000, 1000), request(1, "a")], ..Tick::default() }, quiet()],
            expect: &["run", "deliver #1", "run", "end waiting until 61000"],
            ..Case::new("timers: resumed before it is due, a timer suspends the run again")
        },
        Case {
            script: vec![
                Tick { issue: vec![timer(0, 500, 1000), request(1, "a")], ..Tick::default() },
                Tick { clear: vec![0], settle: Some(Settled::Returned(None)), ..Tick::default() },
            ],
            expect: &["run", "start #1", "append #1 ok", "deliver #1", "run", "end settled"],
            ..Case::new("timers: a cleared timer never fires")
        },
        Case {
            script: vec![Tick { issue: vec![timer(0, 500, 1000)], settle: Some(Settled::Returned(None)), ..Tick::default() }],
            expect: &["run", "end settled"],
            ..Case::new("timers: timers pending when the script settles never fire")
        },
        Case {
            script: vec![Tick { issue: vec![request(0, "guardedWrite"), timer(1, 500, 1000)], ..Tick::default() }, quiet()],
            expect: &["run", "wait until 1500", "append #1 ok", "deliver #1", "run", "end paused #0"],
            ..Case::new("timers: near timers fire before a pass pauses for approval")
        },
        Case {
            script: vec![Tick { issue: vec![request(0, "guardedWrite"), timer(1, 60_000, 1000)], ..Tick::default() }],
            expect: &["run", "end paused #0"],
            ..Case::new("timers: a far timer does not hold a pass that waits for approval")
        },
        Case {
            deadline: Some(Deadline { at: 1200, timeout_ms: 200 }),
            script: vec![Tick { issue: vec![timer(0, 500, 1000)], ..Tick::default() }],
            expect: &["run", "wait until 1201", "end failed TIMEOUT"],
            ..Case::new("timers: a timer due after the deadline ends the run at the deadline")
        },
        Case {
            journal: vec![timer_entry(0, 500, 1000, 0)],
            script: vec![Tick { issue: vec![timer(0, 500, 1000)], clear: vec![0], ..Tick::default() }],
            expect: &["run", "end failed REPLAY_DIVERGED"],
            ..Case::new("timers: a replay that clears a timer the journal says fired diverges")
        },
    ];
    let mut problems = Vec::new();
    for case in cases {
        let (trace, _) = drive(&case);
        if trace != case.expect {
            problems.push(format!(
                "{}:\n  expected {:?}\n  got      {:?}",
                case.name, case.expect, trace
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Calls that finished together (reported before the next poll) are journaled in one append,
/// before the first is delivered; each delivery is still followed by the script's jobs, as a
/// replay delivers them, so what the script issues between them gets the same `seq`s.
#[test]
fn calls_finished_together_are_journaled_together() {
    let decisions = BTreeMap::new();
    let mut pass = plain_pass(&[], &decisions);
    assert_eq!(pass.poll(1), Effect::RunScript);
    for seq in 0..3 {
        pass.call_issued(request(seq, "a"));
    }
    assert!(matches!(pass.poll(2), Effect::Start { calls, .. } if calls.len() == 3));
    assert_eq!(pass.poll(3), Effect::AwaitCall);
    for seq in [1, 0, 2] {
        pass.call_finished(
            Finished {
                request: request(seq, "a"),
                outcome: Outcome::Ok(json!(seq)),
                started: 2,
                usage: None,
            },
            4,
        );
    }
    let appended = match pass.poll(5) {
        Effect::Append(entries) => entries
            .iter()
            .map(|e| (e.seq, e.delivery))
            .collect::<Vec<_>>(),
        other => panic!("expected one append, got {other:?}"),
    };
    assert_eq!(appended, [(1, 0), (0, 1), (2, 2)], "in finishing order");
    let mut trace = Vec::new();
    for now in 6..12 {
        match pass.poll(now) {
            Effect::Deliver(e) => trace.push(format!("deliver #{}", e.seq)),
            Effect::RunScript => trace.push("run".to_string()),
            other => trace.push(format!("{other:?}")),
        }
    }
    assert_eq!(
        trace,
        [
            "deliver #1",
            "run",
            "deliver #0",
            "run",
            "deliver #2",
            "run"
        ]
    );
}

/// A pass that fails while calls run waits for them and journals them (their effects happened),
/// without delivering them to the script.
#[test]
fn a_failing_pass_journals_the_calls_under_way() {
    let journal = [entry(5, "z", 0)];
    let decisions = BTreeMap::new();
    let mut pass = plain_pass(&journal, &decisions);
    assert_eq!(pass.poll(1), Effect::RunScript);
    pass.call_issued(request(5, "z"));
    pass.call_issued(request(0, "a"));
    // The journal's first entry, #5, is delivered; then the live calls start.
    assert!(matches!(pass.poll(2), Effect::Deliver(e) if e.seq == 5));
    assert_eq!(pass.poll(3), Effect::RunScript);
    assert!(matches!(pass.poll(4), Effect::Start { calls, .. } if calls.len() == 1));
    assert_eq!(pass.poll(5), Effect::AwaitCall);
    pass.script_failed(codemode_runtime::model::ErrorInfo::run(
        codemode_runtime::error::RunCode::LimitExceeded,
        "x",
    ));
    assert_eq!(
        pass.poll(6),
        Effect::AwaitCall,
        "the call under way is waited for"
    );
    pass.call_finished(
        Finished {
            request: request(0, "a"),
            outcome: Outcome::Ok(json!(1)),
            started: 4,
            usage: None,
        },
        7,
    );
    assert!(
        matches!(pass.poll(8), Effect::Append(e) if e.len() == 1 && e[0].seq == 0 && e[0].delivery == 1)
    );
    assert!(matches!(pass.poll(9), Effect::End(PassEnd::Failed(e)) if e.code == "LIMIT_EXCEEDED"));
    let calls = pass.into_calls().into_sorted();
    assert_eq!(
        calls.iter().map(|c| (c.seq, c.state)).collect::<Vec<_>>(),
        [(0, CallState::Applied), (5, CallState::Applied)]
    );
}

/// The calls list says what happened to each call: applied, failed, cancelled at the end.
#[test]
fn calls_record_each_outcome() {
    let case = Case {
        script: vec![Tick {
            issue: vec![
                request(0, "a"),
                request(1, "fail"),
                request(2, "guardedWrite"),
            ],
            settle: Some(Settled::Returned(None)),
            ..Tick::default()
        }],
        ..Case::new("outcomes")
    };
    let (trace, calls) = drive(&case);
    assert_eq!(trace.last().map(String::as_str), Some("end settled"));
    let states: Vec<(u32, CallState)> = calls.iter().map(|c| (c.seq, c.state)).collect();
    assert_eq!(
        states,
        [
            (0, CallState::Applied),
            (1, CallState::Error),
            (2, CallState::Cancelled)
        ]
    );
    assert!(calls[2].requires_approval && !calls[0].requires_approval);
}

/// `cancel` ends the pass at once: calls under way are abandoned (listed cancelled, their effect
/// unknown), calls awaiting approval are cancelled, nothing more is journaled or started.
#[test]
fn cancel_abandons_the_calls_under_way() {
    let decisions = BTreeMap::new();
    let mut pass = plain_pass(&[], &decisions);
    assert_eq!(pass.poll(1), Effect::RunScript);
    pass.call_issued(request(0, "a"));
    pass.call_issued(request(1, "guardedWrite"));
    assert!(matches!(pass.poll(2), Effect::Start { calls, .. } if calls.len() == 1));
    assert_eq!(pass.poll(3), Effect::AwaitCall);
    pass.cancel();
    assert_eq!(
        pass.poll(4),
        Effect::End(PassEnd::Cancelled { aborted: vec![0] })
    );
    let calls = pass.into_calls().into_sorted();
    assert_eq!(
        calls.iter().map(|c| (c.seq, c.state)).collect::<Vec<_>>(),
        [(0, CallState::Cancelled), (1, CallState::Cancelled)]
    );
    assert!(calls[0]
        .error
        .as_deref()
        .unwrap_or_default()
        .contains("may have happened"));
    assert_eq!(calls[1].error, None, "the call awaiting approval never ran");
}

/// Timers are calls no connector runs: a fired one is `applied` with its delay as duration; a
/// cleared one leaves the list.
#[test]
fn timers_in_the_calls_list() {
    let case = Case {
        script: vec![
            Tick {
                issue: vec![timer(0, 500, 1000), timer(1, 700, 1000)],
                ..Tick::default()
            },
            Tick {
                clear: vec![1],
                settle: Some(Settled::Returned(None)),
                ..Tick::default()
            },
        ],
        ..Case::new("timer records")
    };
    let (trace, calls) = drive(&case);
    assert_eq!(trace.last().map(String::as_str), Some("end settled"));
    assert_eq!(calls.len(), 1, "{calls:#?}");
    assert_eq!(
        (calls[0].seq, calls[0].state, calls[0].duration_ms),
        (0, CallState::Applied, Some(500))
    );
}
