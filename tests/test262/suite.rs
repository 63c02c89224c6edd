//! Which tests a run takes: the directories in scope, the test files under them, the modes
//! each runs in, and which of them the skip list sets aside.

use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};

use crate::frontmatter::Metadata;

/// The three suites of the archive: `TEST262_FULL=1` runs them whole, the table counts by them.
pub const SUITES: [&str; 3] = ["built-ins", "language", "annexB"];

/// How a test's source is run (INTERPRETING.md, "Strict Mode" and "Modules").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mode {
    /// As a script, as written.
    Sloppy,
    /// As a script with `"use strict";` prepended.
    Strict,
    /// As a module (`flags: [module]`).
    Module,
}

impl Mode {
    /// The word of the expected-failures list.
    pub fn name(self) -> &'static str {
        match self {
            Self::Sloppy => "sloppy",
            Self::Strict => "strict",
            Self::Module => "module",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One test file and what its metadata says.
#[derive(Debug)]
pub struct Test {
    /// The path under `test/`, with `/` (`built-ins/Array/from/length.js`).
    pub name: String,
    /// The file on disk.
    pub file: PathBuf,
    pub meta: Metadata,
    /// The first skipped feature the test needs, if any: the test does not run.
    pub skipped_by: Option<String>,
}

impl Test {
    /// The modes the test runs in: one for `module`, `raw`, `onlyStrict` and `noStrict`, both
    /// script modes otherwise.
    pub fn modes(&self) -> Vec<Mode> {
        let meta = &self.meta;
        if meta.has_flag("module") {
            vec![Mode::Module]
        } else if meta.has_flag("raw") || meta.has_flag("noStrict") {
            vec![Mode::Sloppy]
        } else if meta.has_flag("onlyStrict") {
            vec![Mode::Strict]
        } else {
            vec![Mode::Sloppy, Mode::Strict]
        }
    }

    /// The suite the test belongs to (the first component of its name).
    pub fn suite(&self) -> &str {
        self.name.split('/').next().unwrap_or_default()
    }
}

/// The features whose tests are skipped (`skipped_features.txt`: one a line, `#` comments).
pub fn read_skipped(home: &Path) -> Result<BTreeSet<String>, String> {
    let path = home.join("skipped_features.txt");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(list_lines(&text).map(str::to_string).collect())
}

/// The non-empty lines of a list file, without their `#` comments.
pub fn list_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(|line| line.split('#').next().unwrap_or_default().trim())
        .filter(|line| !line.is_empty())
}

/// Whether `name` (a test's path under `test/`) is `scope` or under it, by whole components
/// (`built-ins/Array` is not a scope of `built-ins/ArrayBuffer/...`).
pub fn in_scope(name: &str, scope: &str) -> bool {
    let scope = scope.trim_end_matches('/');
    name == scope
        || name
            .strip_prefix(scope)
            .is_some_and(|rest| rest.starts_with('/'))
}

/// The tests under the scopes (paths under `test/`), sorted by name; `_FIXTURE` files are
/// modules other tests import, not tests.
///
/// # Errors
/// A file cannot be read or its metadata is malformed.
pub fn collect(
    tree: &Path,
    scopes: &[String],
    skipped: &BTreeSet<String>,
) -> Result<Vec<Test>, String> {
    let test_dir = tree.join("test");
    let mut files = Vec::new();
    for scope in scopes {
        walk(&test_dir.join(scope), &mut files)?;
    }
    files.sort();
    files.dedup();
    files
        .into_iter()
        .map(|file| read_test(&test_dir, file, skipped))
        .collect()
}

fn walk(path: &Path, files: &mut Vec<PathBuf>) -> Result<(), String> {
    if path.is_file() {
        files.push(path.to_path_buf());
        return Ok(());
    }
    let Ok(entries) = std::fs::read_dir(path) else {
        // A scope that names nothing (a libtest filter passed on by `cargo test NAME`) runs
        // nothing, as libtest does.
        return Ok(());
    };
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            walk(&path, files)?;
        } else if is_test_file(&path) {
            files.push(path);
        }
    }
    Ok(())
}

fn is_test_file(path: &Path) -> bool {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    name.ends_with(".js") && !name.contains("_FIXTURE")
}

fn read_test(test_dir: &Path, file: PathBuf, skipped: &BTreeSet<String>) -> Result<Test, String> {
    let source = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let name = file
        .strip_prefix(test_dir)
        .map_err(|e| e.to_string())?
        .to_string_lossy()
        .replace('\\', "/");
    let mut meta = Metadata::parse(&source).map_err(|e| format!("{name}: {e}"))?;
    // No feature tags the tests that need `$262.agent` (the Atomics wait/notify tests with
    // several threads): the runner gives them one, so the skip list can name them.
    if source.contains("$262.agent") {
        meta.features.push("$262.agent".to_string());
    }
    let skipped_by = meta.features.iter().find(|f| skipped.contains(*f)).cloned();
    Ok(Test {
        name,
        file,
        meta,
        skipped_by,
    })
}
