//! test262, tc39's conformance suite, against the engine (boa_engine as this crate builds it:
//! the fork in vendor/, with the crate's features), not against the sandbox.
//!
//! Layout:
//! - `archive`: the pinned snapshot, extracted once under the target directory.
//! - `frontmatter`: a test's metadata (`includes`, `flags`, `features`, `negative`).
//! - `suite`: which tests a run takes, their modes, the skipped features.
//! - `exec`: one run of one test, as test262's INTERPRETING.md says; `host`: `print`, `$262`.
//! - `pool`: the runs on both cores, each on its own thread, panics and time-outs caught.
//! - `report`: the verdict against `expected_failures.txt`, the table, the list's update.
//!
//! `cargo test` runs the directories of `ci_subset.txt`; `TEST262_FULL=1` the suites built-ins,
//! language and annexB whole; `TEST262_FILTER=a,b` (or arguments) the directories or files named.
//! `TEST262_UPDATE=1` rewrites the expected failures from the run instead of failing.

mod archive;
mod exec;
mod frontmatter;
mod host;
mod pool;
mod report;
mod suite;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use exec::{Harness, Job};
use report::Results;
use suite::{Test, SUITES};

/// How long one run may take: a debug build is several times slower than a release one.
const BUDGET: Duration = Duration::from_secs(if cfg!(debug_assertions) { 120 } else { 30 });

fn main() -> ExitCode {
    match run() {
        Ok(0) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("test262: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The whole run; returns how many runs failed the verdict.
fn run() -> Result<usize, String> {
    if cfg!(panic = "abort") {
        return Err("built with panic = abort: a panicking test would end the run (scripts/test262.sh builds with CARGO_PROFILE_RELEASE_PANIC=unwind)".to_string());
    }
    let started = Instant::now();
    let home = archive::home();
    let scopes = scopes(&home)?;
    let tree = archive::tree()?;
    let skipped = suite::read_skipped(&home)?;
    let tests = suite::collect(&tree, &scopes, &skipped)?;
    let harness = Harness::load(&tree.join("harness"))?;
    println!(
        "test262 {}: {} test files under {}",
        &archive::COMMIT[..8],
        tests.len(),
        scopes.join(", ")
    );
    let results = run_tests(tests, harness, tree)?;
    let expected_path = expected_path(&home);
    let expected = report::read_expected(&expected_path)?;
    let verdict = report::judge(&results, &expected, &scopes);
    let failed = report::print(&results, &verdict);
    println!("test262: {:.0} s", started.elapsed().as_secs_f64());
    if std::env::var_os("TEST262_UPDATE").is_some_and(|v| v == "1") {
        report::update(&expected_path, &results, &expected, &scopes)?;
        return Ok(0);
    }
    Ok(failed)
}

/// The directories (or files) under `test/` the run takes: the arguments or `TEST262_FILTER`
/// (comma-separated), else the three suites with `TEST262_FULL=1`, else `ci_subset.txt`.
/// Arguments that start with `-` are libtest's (`cargo test -- --nocapture`) and are ignored.
fn scopes(home: &std::path::Path) -> Result<Vec<String>, String> {
    let mut named: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    if let Ok(filter) = std::env::var("TEST262_FILTER") {
        named.extend(
            filter
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from),
        );
    }
    if !named.is_empty() {
        return Ok(named
            .iter()
            .map(|s| s.trim_start_matches("test/").to_string())
            .collect());
    }
    if std::env::var_os("TEST262_FULL").is_some_and(|v| v == "1") {
        return Ok(SUITES.iter().map(|s| s.to_string()).collect());
    }
    let path = home.join("ci_subset.txt");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(suite::list_lines(&text).map(String::from).collect())
}

/// `expected_failures.txt`, or the file `TEST262_EXPECTED` names (the upstream comparison
/// writes its own).
fn expected_path(home: &std::path::Path) -> PathBuf {
    match std::env::var_os("TEST262_EXPECTED") {
        Some(path) => PathBuf::from(path),
        None => home.join("expected_failures.txt"),
    }
}

/// Runs every mode of every test not skipped, on all cores, and sorts the outcomes by suite.
fn run_tests(tests: Vec<Test>, harness: Harness, tree: PathBuf) -> Result<Results, String> {
    let mut results = Results::default();
    let mut runs = Vec::new();
    for (index, test) in tests.iter().enumerate() {
        let modes = test.modes();
        match &test.skipped_by {
            Some(feature) => {
                *results.skipped.entry(test.suite().to_string()).or_default() += modes.len();
                *results.skipped_by.entry(feature.clone()).or_default() += modes.len();
            }
            None => runs.extend(modes.into_iter().map(|mode| (index, mode))),
        }
    }
    let tests = Arc::new(tests);
    let runs = Arc::new(runs);
    let prefix = format!("{}/test/", tree.display());
    let outcomes = run_parallel(
        tests.clone(),
        runs.clone(),
        Arc::new(harness),
        Arc::new(tree),
    );
    let mut slowest = Vec::new();
    for (&(index, mode), (outcome, took)) in runs.iter().zip(outcomes) {
        let test = &tests[index];
        slowest.push((took, index, mode));
        match outcome {
            Ok(()) => *results.passed.entry(test.suite().to_string()).or_default() += 1,
            Err(why) => {
                results
                    .failed
                    .insert((test.name.clone(), mode.name()), short(&why, &prefix));
            }
        }
    }
    print_slowest(&tests, slowest);
    Ok(results)
}

/// The runs that took longest: what to leave out of the CI subset, what nears the time budget.
fn print_slowest(tests: &[Test], mut runs: Vec<(Duration, usize, suite::Mode)>) {
    runs.sort_by_key(|run| std::cmp::Reverse(run.0));
    println!("\nSlowest runs:");
    for (took, index, mode) in runs.into_iter().take(10) {
        println!(
            "  {:>6.1} s  {} {mode}",
            took.as_secs_f64(),
            tests[index].name
        );
    }
}

/// A failure's text without the tree's path in file names and without the stack trace.
fn short(why: &str, prefix: &str) -> String {
    let why = why.replace(prefix, "");
    match why.find("     at ") {
        Some(at) => why[..at].trim_end().to_string(),
        None => why,
    }
}

fn run_parallel(
    tests: Arc<Vec<Test>>,
    runs: Arc<Vec<(usize, suite::Mode)>>,
    harness: Arc<Harness>,
    tree: Arc<PathBuf>,
) -> Vec<pool::Timed> {
    let settings = pool::Settings {
        workers: workers(),
        budget: BUDGET,
    };
    let total = runs.len();
    let started = Instant::now();
    let job = {
        let runs = runs.clone();
        move |i: usize| {
            let (index, mode) = runs[i];
            let test = &tests[index];
            let job = Job {
                file: &test.file,
                tree: &tree,
                meta: &test.meta,
                mode,
            };
            exec::run(&job, &harness)
        }
    };
    let step = (total / 20).max(1);
    pool::run_all(total, &settings, job, |done| {
        if done % step == 0 || done == total {
            eprintln!(
                "test262: {done}/{total} runs, {:.0} s",
                started.elapsed().as_secs_f64()
            );
        }
    })
}

/// Runs at once: `TEST262_WORKERS`, else one per core.
fn workers() -> usize {
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    std::env::var("TEST262_WORKERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(cores)
        .max(1)
}
