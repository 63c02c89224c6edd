//! Native benchmarks of the core (no Worker, no SQLite): the run loop over a `MemoryStore` with
//! the `notes` connector, replay after an approval, the catalog and search over 300 methods, and
//! boa's speed on a CPU-bound loop.
//!
//! ```sh
//! cargo run --release --example bench_core                    # every case, min / median / max
//! cargo run --release --example bench_core -- --case replay --n 100,200,400,800
//! cargo run --release --example bench_core -- --case replay --n 400 --once   # one op, for callgrind
//! ```
//!
//! `--case` takes a comma list of `trivial`, `vm`, `run`, `parallel`, `fresh`, `replay`, `catalog`,
//! `search`, `loop`, `modloop` (the side-by-side bench's loop), `lenloop` (over an array, `i < a.length`), `data` (the data-wrangling script of bench/run.mjs), `json` (its parts, each after the build) (default: all); `vm` splits a pass's fixed cost: building a boa context,
//! parsing the prelude, evaluating it. `--n` the call counts for `run`/`fresh`/`replay` (default
//! 10,100,200,400,800,999; a run may make at most 1,000 calls and the replayed script's final
//! `createNote` is one of them). `--reps K` overrides the repetitions. `--once` does one
//! untimed-setup + one measured operation per case and N, with the operation inside a function
//! named `measured_<case>`, so `valgrind --tool=callgrind --toggle-collect='*measured_*'` counts
//! exactly it. Every mode warms up with one untimed run first: the thread's first VM compiles
//! the sandbox prelude, later ones reuse it (`--case vm` measures the compile itself).
//!
//! The release profile is the Worker's (`opt-level = "z"`, LTO), so relative costs match the wasm
//! build; absolute times are those of native x86-64, not of workerd.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Instant;

use async_trait::async_trait;
use codemode_runtime::catalog;
use codemode_runtime::connector::ConnectorSet;
use codemode_runtime::model::ExecuteOutput;
use codemode_runtime::notes::NotesConnector;
use codemode_runtime::{CallContext, Connector, MemoryStore, Runtime, ToolError, ToolSpec};
use serde_json::{json, Value};

const CASES: &[&str] = &[
    "trivial", "vm", "run", "parallel", "fresh", "replay", "catalog", "search", "loop", "modloop",
    "lenloop", "data", "json",
];
const PARALLEL_CALLS: usize = 200;
const LOOP_ITERATIONS: u64 = 1_000_000;

struct Options {
    cases: Vec<String>,
    ns: Vec<usize>,
    reps: Option<usize>,
    once: bool,
}

fn options() -> Options {
    let mut options = Options {
        cases: CASES.iter().map(|c| c.to_string()).collect(),
        ns: vec![10, 100, 200, 400, 800, 999],
        reps: None,
        once: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .unwrap_or_else(|| usage(&format!("{arg} needs a value")))
        };
        match arg.as_str() {
            "--case" | "--cases" => {
                options.cases = value().split(',').map(str::to_string).collect();
                for case in &options.cases {
                    if !CASES.contains(&case.as_str()) {
                        usage(&format!("unknown case `{case}`"));
                    }
                }
            }
            "--n" => {
                options.ns = value()
                    .split(',')
                    .map(|n| {
                        n.trim()
                            .parse()
                            .unwrap_or_else(|_| usage(&format!("bad N `{n}`")))
                    })
                    .collect();
                if options.ns.iter().any(|&n| n == 0 || n > 999) {
                    usage("N must be 1..=999 (1,000 calls per run, the last one is createNote)");
                }
            }
            "--reps" => {
                options.reps = Some(value().parse().unwrap_or_else(|_| usage("bad --reps")))
            }
            "--once" => options.once = true,
            "--help" | "-h" => usage(""),
            other => usage(&format!("unknown argument `{other}`")),
        }
    }
    options
}

fn usage(message: &str) -> ! {
    if !message.is_empty() {
        eprintln!("bench_core: {message}");
    }
    eprintln!(
        "usage: cargo run --release --example bench_core -- [--case {}] [--n 10,100,...] [--reps K] [--once]",
        CASES.join(",")
    );
    std::process::exit(2)
}

// ---------------------------------------------------------------- fixtures

/// A runtime over a fresh `MemoryStore` with the notes connector (and optional extras), on a
/// deterministic clock (1 ms per reading), so instruction counts repeat.
fn runtime() -> Runtime {
    let store = Rc::new(MemoryStore::new());
    let tick = Rc::new(Cell::new(1_700_000_000_000_i64));
    let clock: Rc<dyn Fn() -> i64> = Rc::new(move || {
        tick.set(tick.get() + 1);
        tick.get()
    });
    let connectors: Vec<Box<dyn Connector>> =
        vec![Box::new(NotesConnector::new(store.clone(), clock.clone()))];
    Runtime::new(store, connectors, clock).expect("runtime")
}

fn block_on<F: std::future::Future>(future: F) -> F::Output {
    futures::executor::block_on(future)
}

fn sequential_script(n: usize) -> String {
    format!("for (let i = 0; i < {n}; i++) await notes.listNotes(); return {n}")
}

fn resume_script(n: usize) -> String {
    format!(
        "for (let i = 0; i < {n}; i++) await notes.listNotes(); const note = await notes.createNote({{ text: \"bench\" }}); return note.text"
    )
}

fn parallel_script(n: usize) -> String {
    format!("const all = await Promise.all(Array.from({{ length: {n} }}, () => notes.listNotes())); return all.length")
}

fn loop_script() -> String {
    format!("let x = 0; for (let i = 0; i < {LOOP_ITERATIONS}; i++) x += i; return x")
}

/// A loop over an array as models write it: the bound is the array's `length`, read each test.
fn length_loop_script() -> String {
    "const a = Array.from({ length: 1000 }, (_, i) => i); let s = 0;\n\
     for (let r = 0; r < 1000; r++) for (let i = 0; i < a.length; i++) s += a[i];\n\
     return s"
        .to_string()
}

/// The CPU loop of the side-by-side bench against the reference runtime.
fn mod_loop_script() -> String {
    format!("let s = 0; for (let i = 0; i < {LOOP_ITERATIONS}; i++) s += i % 7; return s")
}

// Data wrangling as models write it: the script of bench/run.mjs (i), character for character.
const DATA_BUILD: &str = r#"
  const rows = Array.from({ length: 20000 }, (_, i) => ({ id: i, name: "user" + i, score: (i * 7919) % 1000, tags: ["a", "b"] }));"#;
const DATA_SORT: &str = r#"
  const top = rows.filter((r) => r.score > 500).sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1)).slice(0, 10);"#;
const DATA_GROUP: &str = r#"
  const groups = {};
  for (const r of rows) (groups[r.score % 10] ??= []).push(r.id);"#;
const DATA_STRINGIFY: &str = r#"
  const json = JSON.stringify(rows);"#;
const DATA_RETURN: &str =
    "{ top: top.map((r) => r.id), sizes: Object.values(groups).map((g) => g.length), bytes: json.length, back: JSON.parse(json).length }";

/// The whole data-wrangling script of bench/run.mjs (i).
fn data_script() -> String {
    format!("async () => {{{DATA_BUILD}{DATA_SORT}{DATA_GROUP}{DATA_STRINGIFY}\n  return {DATA_RETURN};\n}}")
}

/// The parts of the data script, each after the build: (label, script).
fn data_parts() -> Vec<(&'static str, String)> {
    vec![
        (
            "build 20k records",
            format!("async () => {{{DATA_BUILD}\n  return rows.length;\n}}"),
        ),
        (
            "build + filter/sort",
            format!("async () => {{{DATA_BUILD}{DATA_SORT}\n  return top.length;\n}}"),
        ),
        (
            "build + group",
            format!("async () => {{{DATA_BUILD}{DATA_GROUP}\n  return 1;\n}}"),
        ),
        (
            "build + JSON.stringify",
            format!("async () => {{{DATA_BUILD}{DATA_STRINGIFY}\n  return json.length;\n}}"),
        ),
        (
            "build + stringify + JSON.parse",
            format!(
                "async () => {{{DATA_BUILD}{DATA_STRINGIFY}\n  return JSON.parse(json).length;\n}}"
            ),
        ),
    ]
}

fn expect(output: ExecuteOutput, status: &str) -> ExecuteOutput {
    let ok = matches!(
        (&output, status),
        (ExecuteOutput::Completed { .. }, "completed") | (ExecuteOutput::Paused { .. }, "paused")
    );
    if !ok {
        panic!("expected {status}, got {:#?}", output);
    }
    output
}

// The measured operations, never inlined so callgrind can toggle on them by name.

#[inline(never)]
fn measured_execute(rt: &Runtime, code: &str) -> ExecuteOutput {
    block_on(rt.execute(code)).expect("execute")
}

#[inline(never)]
fn measured_approve(rt: &Runtime, id: &str) -> ExecuteOutput {
    block_on(rt.approve_execution(id)).expect("approve")
}

#[inline(never)]
fn measured_context() -> boa_engine::Context {
    // With boa's `fuzz` feature (the instruction budget) a context starts with no budget at all.
    boa_engine::context::ContextBuilder::new()
        .instructions_remaining(usize::MAX)
        .build()
        .expect("context")
}

#[inline(never)]
fn measured_prelude_parse(context: &mut boa_engine::Context) -> bool {
    let source = boa_engine::Source::from_bytes(codemode_runtime::sandbox::PRELUDE);
    boa_engine::Script::parse(source, None, context).is_ok()
}

#[inline(never)]
fn measured_prelude_eval(context: &mut boa_engine::Context) -> bool {
    let ok = context
        .eval(boa_engine::Source::from_bytes(
            codemode_runtime::sandbox::PRELUDE,
        ))
        .is_ok();
    assert!(ok, "the prelude does not evaluate");
    ok
}

#[inline(never)]
fn measured_catalog_full(set: &ConnectorSet) -> usize {
    catalog::tool_descriptor_within(set, usize::MAX / 8)
        .description
        .len()
}

#[inline(never)]
fn measured_catalog(set: &ConnectorSet) -> usize {
    catalog::tool_descriptor(set).description.len()
}

#[inline(never)]
fn measured_search(set: &ConnectorSet, queries: &[&str]) -> usize {
    queries
        .iter()
        .map(|q| catalog::search(set, &[], q, catalog::SEARCH_LIMIT).total)
        .sum()
}

// ---------------------------------------------------------------- 300 generated methods

struct Generated {
    name: String,
    tools: Vec<ToolSpec>,
}

#[async_trait(?Send)]
impl Connector for Generated {
    fn name(&self) -> &str {
        &self.name
    }

    fn instructions(&self) -> String {
        format!("The {} service: records, searches and changes, with an approval for anything destructive.", self.name)
    }

    fn tools(&self) -> Vec<ToolSpec> {
        self.tools.clone()
    }

    async fn execute(&self, args: Value, _ctx: &CallContext) -> Result<Value, ToolError> {
        Ok(args)
    }
}

/// 10 connectors × 30 methods, each with a 4-property input schema and an object output schema.
fn generated_connectors() -> ConnectorSet {
    const SERVICES: [&str; 10] = [
        "crm", "billing", "tickets", "calendar", "mail", "files", "wiki", "deploys", "metrics",
        "hr",
    ];
    const VERBS: [&str; 6] = ["list", "get", "create", "update", "delete", "search"];
    const NOUNS: [&str; 5] = ["Record", "Invoice", "Comment", "Attachment", "Label"];
    let connectors = SERVICES
        .iter()
        .map(|service| {
            let mut tools = Vec::new();
            for verb in VERBS {
                for noun in NOUNS {
                    let name = format!("{verb}{noun}");
                    let description = format!(
                        "{} {} in {service}: filter by status and tags, page with limit; returns the matching {}s with their owners and timestamps.",
                        verb[..1].to_uppercase() + &verb[1..],
                        noun.to_lowercase(),
                        noun.to_lowercase()
                    );
                    let input = json!({
                        "type": "object",
                        "properties": {
                            "id": {"type": "string", "description": format!("the {} id", noun.to_lowercase())},
                            "limit": {"type": "integer", "description": "at most this many"},
                            "status": {"enum": ["open", "closed", "archived"]},
                            "tags": {"type": "array", "items": {"type": "string"}}
                        },
                        "required": ["id"],
                        "additionalProperties": false
                    });
                    let output = json!({
                        "type": "object",
                        "properties": {
                            "id": {"type": "string"},
                            "owner": {"type": "object", "properties": {"name": {"type": "string"}, "email": {"type": "string"}}},
                            "createdAt": {"type": "integer"},
                            "items": {"type": "array", "items": {"type": "object", "properties": {"title": {"type": "string"}}}}
                        }
                    });
                    let mut spec = ToolSpec::new(&name, &description, input).with_output(output);
                    if verb == "delete" {
                        spec = spec.needing_approval();
                    }
                    tools.push(spec);
                }
            }
            Box::new(Generated { name: service.to_string(), tools }) as Box<dyn Connector>
        })
        .collect();
    ConnectorSet::new(connectors).expect("generated connectors")
}

const QUERIES: [&str; 5] = [
    "create invoice",
    "list open tickets",
    "delete attachment approval",
    "calendar",
    "search labels by tag",
];

// ---------------------------------------------------------------- timing

struct Row {
    label: String,
    samples: Vec<f64>,
    note: String,
}

fn stats(samples: &[f64]) -> (f64, f64, f64) {
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    let median = if sorted.len() % 2 == 1 {
        sorted[mid]
    } else {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    };
    (sorted[0], median, sorted[sorted.len() - 1])
}

fn median(samples: &[f64]) -> f64 {
    stats(samples).1
}

/// Times `op` `reps` times after one warm-up; `setup` runs untimed before each.
fn time<S, T>(reps: usize, mut setup: impl FnMut() -> S, mut op: impl FnMut(S) -> T) -> Vec<f64> {
    let _ = op(setup());
    (0..reps)
        .map(|_| {
            let input = setup();
            let start = Instant::now();
            let out = op(input);
            let elapsed = start.elapsed().as_secs_f64() * 1000.0;
            drop(out);
            elapsed
        })
        .collect()
}

fn fmt_ms(ms: f64) -> String {
    if ms >= 1000.0 {
        format!("{:.2} s", ms / 1000.0)
    } else if ms >= 10.0 {
        format!("{ms:.1} ms")
    } else if ms >= 1.0 {
        format!("{ms:.2} ms")
    } else {
        format!("{:.1} µs", ms * 1000.0)
    }
}

/// Instructions boa's budget counter charges per iteration of the benchmark loop.
fn loop_instructions_per_iteration() -> f64 {
    let count = |iterations: u64| {
        let mut context = boa_engine::context::ContextBuilder::new()
            .instructions_remaining(usize::MAX)
            .build()
            .expect("context");
        let before = context.instructions_remaining();
        let code = format!("(function () {{ let x = 0; for (let i = 0; i < {iterations}; i++) x += i; return x; }})()");
        context
            .eval(boa_engine::Source::from_bytes(&code))
            .expect("loop");
        before - context.instructions_remaining()
    };
    (count(LOOP_ITERATIONS) - count(0)) as f64 / LOOP_ITERATIONS as f64
}

fn main() {
    // boa recurses on the native stack; give it the room the tests give it.
    let worker = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(run)
        .expect("thread");
    worker.join().expect("bench thread");
}

fn run() {
    let opts = options();
    let has = |case: &str| opts.cases.iter().any(|c| c == case);
    let reps = |default: usize| {
        if opts.once {
            1
        } else {
            opts.reps.unwrap_or(default)
        }
    };
    let reps_for_n = |n: usize| {
        reps(if n >= 400 {
            5
        } else if n >= 100 {
            10
        } else {
            20
        })
    };

    if opts.once {
        // One setup, one measured operation per case and N: for callgrind's --toggle-collect.
        // The thread's first VM compiles the prelude, which later ones reuse (as a Worker isolate
        // does after its first execute): warm up with one run, untimed.
        expect(
            block_on(runtime().execute("return 1")).expect("warm-up"),
            "completed",
        );
        for case in &opts.cases {
            match case.as_str() {
                "trivial" => drop(measured_execute(&runtime(), "return 1")),
                "vm" => {
                    let mut context = measured_context();
                    measured_prelude_parse(&mut context);
                    measured_prelude_eval(&mut context);
                }
                "run" => opts.ns.iter().for_each(|&n| {
                    drop(expect(
                        measured_execute(&runtime(), &sequential_script(n)),
                        "completed",
                    ))
                }),
                "parallel" => drop(expect(
                    measured_execute(&runtime(), &parallel_script(PARALLEL_CALLS)),
                    "completed",
                )),
                "fresh" => opts.ns.iter().for_each(|&n| {
                    drop(expect(
                        measured_execute(&runtime(), &resume_script(n)),
                        "paused",
                    ))
                }),
                "replay" => {
                    for &n in &opts.ns {
                        let rt = runtime();
                        let paused = expect(
                            block_on(rt.execute(&resume_script(n))).expect("execute"),
                            "paused",
                        );
                        expect(measured_approve(&rt, paused.execution_id()), "completed");
                    }
                }
                "catalog" => {
                    let set = generated_connectors();
                    measured_catalog(&set);
                    measured_catalog_full(&set);
                }
                "search" => drop(measured_search(&generated_connectors(), &QUERIES)),
                "loop" => drop(expect(
                    measured_execute(&runtime(), &loop_script()),
                    "completed",
                )),
                "modloop" => drop(expect(
                    measured_execute(&runtime(), &mod_loop_script()),
                    "completed",
                )),
                "lenloop" => drop(expect(
                    measured_execute(&runtime(), &length_loop_script()),
                    "completed",
                )),
                "data" => drop(expect(
                    measured_execute(&runtime(), &data_script()),
                    "completed",
                )),
                "json" => {
                    for (_, code) in data_parts() {
                        drop(expect(measured_execute(&runtime(), &code), "completed"));
                    }
                }
                _ => unreachable!(),
            }
        }
        println!("bench_core --once: done ({})", opts.cases.join(","));
        return;
    }

    println!(
        "bench_core: native {} ({}), release profile (opt-level z, LTO); MemoryStore, notes connector",
        std::env::consts::ARCH,
        cpu_model()
    );
    let mut rows: Vec<Row> = Vec::new();
    let mut trivial_ms = None;

    if has("trivial") || has("run") || has("loop") {
        let samples = time(reps(50), runtime, |rt| {
            expect(measured_execute(&rt, "return 1"), "completed")
        });
        trivial_ms = Some(median(&samples));
        rows.push(Row {
            label: "execute `return 1`".into(),
            samples,
            note: String::new(),
        });
    }
    if has("vm") {
        let samples = time(reps(50), || (), |()| measured_context());
        rows.push(Row {
            label: "vm: build a boa Context".into(),
            note: String::new(),
            samples,
        });
        let samples = time(reps(50), measured_context, |mut c| {
            measured_prelude_parse(&mut c)
        });
        rows.push(Row {
            label: "vm: parse the prelude".into(),
            note: format!(
                "{} bytes of JavaScript",
                codemode_runtime::sandbox::PRELUDE.len()
            ),
            samples,
        });
        let samples = time(reps(50), measured_context, |mut c| {
            measured_prelude_eval(&mut c)
        });
        rows.push(Row {
            label: "vm: evaluate the prelude (parse + compile + run)".into(),
            note: String::new(),
            samples,
        });
    }
    if has("run") {
        for &n in &opts.ns {
            let code = sequential_script(n);
            let samples = time(reps_for_n(n), runtime, |rt| {
                expect(measured_execute(&rt, &code), "completed")
            });
            let per_call = (median(&samples) - trivial_ms.unwrap_or(0.0)) / n as f64;
            rows.push(Row {
                label: format!("run: {n} sequential listNotes"),
                note: format!("{} per call", fmt_ms(per_call)),
                samples,
            });
        }
    }
    if has("parallel") {
        let code = parallel_script(PARALLEL_CALLS);
        let samples = time(reps(10), runtime, |rt| {
            expect(measured_execute(&rt, &code), "completed")
        });
        let per_call = (median(&samples) - trivial_ms.unwrap_or(0.0)) / PARALLEL_CALLS as f64;
        rows.push(Row {
            label: format!("run: {PARALLEL_CALLS} calls, Promise.all"),
            note: format!("{} per call", fmt_ms(per_call)),
            samples,
        });
    }
    let mut fresh_by_n = std::collections::BTreeMap::new();
    if has("fresh") || has("replay") {
        for &n in &opts.ns {
            let code = resume_script(n);
            let samples = time(reps_for_n(n), runtime, |rt| {
                expect(measured_execute(&rt, &code), "paused")
            });
            fresh_by_n.insert(n, median(&samples));
            if has("fresh") {
                rows.push(Row {
                    label: format!("fresh: {n} calls, then pause"),
                    note: String::new(),
                    samples,
                });
            }
        }
    }
    if has("replay") {
        let mut previous: Option<(usize, f64)> = None;
        for &n in &opts.ns {
            let code = resume_script(n);
            let setup = || {
                let rt = runtime();
                let paused = expect(block_on(rt.execute(&code)).expect("execute"), "paused");
                let id = paused.execution_id().to_string();
                (rt, id)
            };
            let samples = time(reps_for_n(n), setup, |(rt, id)| {
                expect(measured_approve(&rt, &id), "completed")
            });
            let m = median(&samples);
            let mut note = format!("resume/fresh {:.2}", m / fresh_by_n[&n]);
            if let Some((n0, m0)) = previous {
                note.push_str(&format!(
                    "; marginal {} per journaled call since N={n0}",
                    fmt_ms((m - m0) / (n - n0) as f64)
                ));
            }
            previous = Some((n, m));
            rows.push(Row {
                label: format!("replay: approve after {n} journaled calls"),
                note,
                samples,
            });
        }
    }
    if has("catalog") {
        let set = generated_connectors();
        let size = measured_catalog(&set);
        let samples = time(reps(50), || (), |()| measured_catalog(&set));
        rows.push(Row {
            label: "catalog: tool_descriptor, 300 methods".into(),
            note: format!("{size} characters (within catalog::INLINE_CATALOG_TOKENS)"),
            samples,
        });
        let size = measured_catalog_full(&set);
        let samples = time(reps(50), || (), |()| measured_catalog_full(&set));
        rows.push(Row {
            label: "catalog: all 300 methods declared".into(),
            note: format!("{size} characters (tool_descriptor_within, no budget)"),
            samples,
        });
    }
    if has("search") {
        let set = generated_connectors();
        let samples = time(reps(20), || (), |()| measured_search(&set, &QUERIES[..1]));
        rows.push(Row {
            label: format!("search: \"{}\", 300 methods", QUERIES[0]),
            note: String::new(),
            samples,
        });
        let samples = time(reps(20), || (), |()| measured_search(&set, &QUERIES[2..3]));
        rows.push(Row {
            label: format!("search: \"{}\", 300 methods", QUERIES[2]),
            note: String::new(),
            samples,
        });
    }
    if has("loop") {
        let code = loop_script();
        let samples = time(reps(5), runtime, |rt| {
            expect(measured_execute(&rt, &code), "completed")
        });
        let loop_ms = median(&samples) - trivial_ms.unwrap_or(0.0);
        let per_iteration = loop_instructions_per_iteration();
        let iterations_per_second = LOOP_ITERATIONS as f64 / (loop_ms / 1000.0);
        rows.push(Row {
            label: format!("loop: {LOOP_ITERATIONS} iterations of x += i"),
            note: format!(
                "{:.2} M iterations/s; {per_iteration:.1} boa instructions per iteration → {:.0} M instructions/s",
                iterations_per_second / 1e6,
                iterations_per_second * per_iteration / 1e6
            ),
            samples,
        });
    }

    if has("modloop") {
        let code = mod_loop_script();
        let samples = time(reps(5), runtime, |rt| {
            expect(measured_execute(&rt, &code), "completed")
        });
        rows.push(Row {
            label: format!(
                "loop: {LOOP_ITERATIONS} iterations of s += i % 7 (the side-by-side bench's)"
            ),
            note: String::new(),
            samples,
        });
    }

    if has("lenloop") {
        let code = length_loop_script();
        let samples = time(reps(5), runtime, |rt| {
            expect(measured_execute(&rt, &code), "completed")
        });
        rows.push(Row {
            label: "loop: 1000 × 1000 iterations of s += a[i] while i < a.length".to_string(),
            note: String::new(),
            samples,
        });
    }

    if has("data") {
        let code = data_script();
        let samples = time(reps(5), runtime, |rt| {
            expect(measured_execute(&rt, &code), "completed")
        });
        rows.push(Row {
            label: "data: 20k records, the whole script".into(),
            note: String::new(),
            samples,
        });
    }
    if has("json") {
        let mut build_ms = None;
        for (label, code) in data_parts() {
            let samples = time(reps(5), runtime, |rt| {
                expect(measured_execute(&rt, &code), "completed")
            });
            let m = median(&samples);
            let note = match build_ms {
                None => {
                    build_ms = Some(m);
                    String::new()
                }
                Some(b) => format!("{} over the build", fmt_ms(m - b)),
            };
            rows.push(Row {
                label: format!("data: {label}"),
                note,
                samples,
            });
        }
    }

    let width = rows.iter().map(|r| r.label.len()).max().unwrap_or(10);
    println!(
        "| {:width$} | runs | min        | median     | max        | note",
        "case"
    );
    println!(
        "|{}|------|------------|------------|------------|-----",
        "-".repeat(width + 2)
    );
    for row in &rows {
        let (min, med, max) = stats(&row.samples);
        println!(
            "| {:width$} | {:>4} | {:>10} | {:>10} | {:>10} | {}",
            row.label,
            row.samples.len(),
            fmt_ms(min),
            fmt_ms(med),
            fmt_ms(max),
            row.note
        );
    }
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|s| s.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}
