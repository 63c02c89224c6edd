//! The run's verdict: its failures against the checked-in list of expected failures (a failure
//! not on the list fails the run, and so does a listed test that no longer fails, so the list
//! stays exact), a table per suite, and the list rewritten from the run with `TEST262_UPDATE=1`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::suite::{in_scope, list_lines, SUITES};

/// A test run: the test's path under `test/` and its mode, as the list writes it.
pub type RunId = (String, &'static str);

/// What happened to each run of the tests in scope.
#[derive(Default)]
pub struct Results {
    /// Runs that passed, per suite.
    pub passed: BTreeMap<String, usize>,
    /// Runs not made because a feature is skipped, per suite.
    pub skipped: BTreeMap<String, usize>,
    /// The same runs, per skipped feature (the first of the test's that is on the list).
    pub skipped_by: BTreeMap<String, usize>,
    /// Failed runs and why.
    pub failed: BTreeMap<RunId, String>,
}

impl Results {
    fn count(map: &BTreeMap<String, usize>, suite: &str) -> usize {
        map.get(suite).copied().unwrap_or(0)
    }
}

/// The expected failures: `path mode` lines, `#` comments.
pub fn read_expected(path: &Path) -> Result<BTreeSet<String>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(list_lines(&text).map(normalise).collect()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(BTreeSet::new()),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// One space between path and mode, whatever the file had.
fn normalise(line: &str) -> String {
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn line_of(id: &RunId) -> String {
    format!("{} {}", id.0, id.1)
}

fn path_of(line: &str) -> &str {
    line.split(' ').next().unwrap_or_default()
}

/// The verdict of a run against the list.
pub struct Verdict {
    /// Failures not on the list, with why.
    pub new: Vec<(String, String)>,
    /// Listed runs in scope that did not fail (passed, or no longer run).
    pub stale: Vec<String>,
    /// Listed runs in scope that failed, per suite.
    pub expected: BTreeMap<String, usize>,
}

/// Compares the failures with the list's entries under the run's scopes.
pub fn judge(results: &Results, expected: &BTreeSet<String>, scopes: &[String]) -> Verdict {
    let mut verdict = Verdict {
        new: Vec::new(),
        stale: Vec::new(),
        expected: BTreeMap::new(),
    };
    let failed: BTreeSet<String> = results.failed.keys().map(line_of).collect();
    for (id, why) in &results.failed {
        let line = line_of(id);
        if expected.contains(&line) {
            *verdict.expected.entry(suite_of(&id.0)).or_default() += 1;
        } else {
            verdict.new.push((line, why.clone()));
        }
    }
    let in_run = |line: &&String| scopes.iter().any(|scope| in_scope(path_of(line), scope));
    verdict.stale = expected
        .iter()
        .filter(in_run)
        .filter(|line| !failed.contains(*line))
        .cloned()
        .collect();
    verdict
}

fn suite_of(path: &str) -> String {
    path.split('/').next().unwrap_or_default().to_string()
}

/// Prints both lists (if not empty), the table and the closing `N passed, M failed` line;
/// returns M.
pub fn print(results: &Results, verdict: &Verdict) -> usize {
    if !verdict.new.is_empty() {
        println!(
            "\nNew failures ({}), not in expected_failures.txt:",
            verdict.new.len()
        );
        for (line, why) in &verdict.new {
            println!("  {line}: {why}");
        }
    }
    if !verdict.stale.is_empty() {
        println!(
            "\nStale entries ({}) of expected_failures.txt: these runs no longer fail (remove them, or run with TEST262_UPDATE=1):",
            verdict.stale.len()
        );
        for line in &verdict.stale {
            println!("  {line}");
        }
    }
    print_table(results, verdict);
    if !results.skipped_by.is_empty() {
        let by: Vec<String> = results
            .skipped_by
            .iter()
            .map(|(f, n)| format!("{f} {n}"))
            .collect();
        println!("skipped runs by feature: {}\n", by.join(", "));
    }
    let passed: usize = results.passed.values().sum();
    let failed = verdict.new.len() + verdict.stale.len();
    println!("{passed} passed, {failed} failed");
    failed
}

fn print_table(results: &Results, verdict: &Verdict) {
    println!(
        "\n{:<10} {:>7} {:>7} {:>18} {:>13} {:>8}",
        "suite", "run", "passed", "failed (expected)", "failed (new)", "skipped"
    );
    for suite in SUITES {
        let passed = Results::count(&results.passed, suite);
        let expected = Results::count(&verdict.expected, suite);
        let new = verdict
            .new
            .iter()
            .filter(|(line, _)| suite_of(line) == suite)
            .count();
        let skipped = Results::count(&results.skipped, suite);
        let run = passed + expected + new;
        if run + skipped == 0 {
            continue;
        }
        println!("{suite:<10} {run:>7} {passed:>7} {expected:>18} {new:>13} {skipped:>8}");
    }
    println!();
}

/// Rewrites the list from the run: the entries under the run's scopes become the run's
/// failures; entries outside them stay as they were.
pub fn update(
    path: &Path,
    results: &Results,
    expected: &BTreeSet<String>,
    scopes: &[String],
) -> Result<(), String> {
    let outside = expected
        .iter()
        .filter(|line| !scopes.iter().any(|scope| in_scope(path_of(line), scope)))
        .cloned();
    let lines: BTreeSet<String> = outside.chain(results.failed.keys().map(line_of)).collect();
    let mut text = String::from(HEADER);
    for line in &lines {
        text.push_str(line);
        text.push('\n');
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    println!(
        "test262: wrote {} entries to {}",
        lines.len(),
        path.display()
    );
    Ok(())
}

const HEADER: &str = "\
# test262 runs the engine fails, one `path mode` a line (path under test/, mode strict, sloppy
# or module), sorted. A failure not listed here fails the run, and so does a listed run that
# passes: the list only shrinks. Rewritten by `TEST262_UPDATE=1` (tests/test262/README.md).
";
