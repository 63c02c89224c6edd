//! What evaluating a version of the sandbox prelude costs in a fresh VM: boa instructions (exact)
//! and time (median of 30), for each prelude file given, run with a stand-in host object whose
//! methods do nothing. For weighing a change to `src/sandbox/prelude.js` without rebuilding:
//!
//! ```sh
//! cargo run --release --example prelude_cost -- src/sandbox/prelude.js /tmp/variant.js
//! ```
//!
//! The prelude is parsed and compiled untimed (the sandbox compiles it once per thread); the
//! figures are for running it: creating its functions and classes, installing the globals.

use std::time::Instant;

use boa_engine::context::ContextBuilder;
use boa_engine::{Context, Script, Source};

const LIMITS: &str =
    "{ maxNesting: 256, maxJsonDepth: 100, key: 256, value: 65536, total: 1048576, \
                      maxChars: 16777216, maxElements: 1000000, maxOutput: 65536 }";

fn context() -> Context {
    ContextBuilder::new()
        .instructions_remaining(usize::MAX)
        .build()
        .expect("context")
}

fn harness(prelude: &str) -> String {
    format!(
        "(() => {{ const host = new Proxy({{}}, {{ get: () => () => undefined }});\n\
         return ({prelude}\n)(host)(0, 0, [], \"{{}}\", {LIMITS}); }})()"
    )
}

/// (instructions, milliseconds) of one evaluation of `source`, compiled beforehand.
fn measure(source: &str) -> (usize, f64) {
    let mut context = context();
    let script = Script::parse(Source::from_bytes(source), None, &mut context).expect("parse");
    let _ = script.compiled(&mut context).expect("compile");
    let before = context.instructions_remaining();
    let start = Instant::now();
    script.evaluate(&mut context).expect("evaluate");
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    (before - context.instructions_remaining(), ms)
}

fn main() {
    let worker = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(run)
        .expect("thread");
    worker.join().expect("thread");
}

fn run() {
    let (base_instructions, _) = measure(&harness("(function () { return {}; })"));
    for path in std::env::args().skip(1) {
        let prelude = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let source = harness(&prelude);
        let mut times = Vec::new();
        let mut instructions = 0;
        for _ in 0..30 {
            let (n, ms) = measure(&source);
            instructions = n;
            times.push(ms);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{path}: {} boa instructions, {:.3} ms median ({:.3} min)",
            instructions - base_instructions,
            times[times.len() / 2],
            times[0]
        );
    }
}
