//! Runs one test in one mode, as INTERPRETING.md says: a new context (a new realm) with `print`
//! and `$262`, the harness (`assert.js`, `sta.js`, `doneprintHandle.js` for async tests, then the
//! test's includes) unless the test is `raw`, then the test as a script or a module. A negative
//! test passes when it fails in the named phase with an error of the named constructor; an
//! async test when it prints `Test262:AsyncTestComplete`.

use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;

use boa_engine::builtins::promise::PromiseState;
use boa_engine::module::{Module, SimpleModuleLoader};
use boa_engine::script::Script;
use boa_engine::{js_string, Context, JsError, JsNativeErrorKind, JsValue, Source};

use crate::frontmatter::{Metadata, Negative, Phase};
use crate::host;
use crate::suite::Mode;

/// Instructions a test may execute (boa's `fuzz` budget, the feature the crate builds boa with):
/// a test that loops forever ends with an engine error instead of hanging. Far above what any
/// passing test takes (the largest, the RegExp property-escape tests, take a few hundred million).
const INSTRUCTION_BUDGET: usize = 4_000_000_000;

/// Iterations of one loop: a second bound for loops, in case an instruction-free native path runs one.
const LOOP_ITERATIONS: u64 = 1_000_000_000;

/// What a run ends with: `Err` carries why it failed.
pub type Outcome = Result<(), String>;

/// The harness directory's files, read once and shared by every run.
#[derive(Debug)]
pub struct Harness {
    files: HashMap<String, String>,
}

impl Harness {
    /// Reads every `.js` file under `harness/` (names relative to it, with `/`).
    ///
    /// # Errors
    /// The directory cannot be read.
    pub fn load(dir: &Path) -> Result<Self, String> {
        let mut files = HashMap::new();
        read_harness(dir, dir, &mut files)?;
        Ok(Self { files })
    }

    fn get(&self, name: &str) -> Result<&str, String> {
        self.files
            .get(name)
            .map(String::as_str)
            .ok_or_else(|| format!("no harness file {name}"))
    }
}

fn read_harness(
    root: &Path,
    dir: &Path,
    files: &mut HashMap<String, String>,
) -> Result<(), String> {
    for entry in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            read_harness(root, &path, files)?;
            continue;
        }
        let name = path.strip_prefix(root).map_err(|e| e.to_string())?;
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        files.insert(name.to_string_lossy().replace('\\', "/"), text);
    }
    Ok(())
}

/// What a run needs to know of its test.
pub struct Job<'a> {
    pub file: &'a Path,
    /// The extracted tree: the module loader's root.
    pub tree: &'a Path,
    pub meta: &'a Metadata,
    pub mode: Mode,
}

/// Runs the test once. Panics are the caller's to catch (see `pool`).
pub fn run(job: &Job<'_>, harness: &Harness) -> Outcome {
    let text =
        std::fs::read_to_string(job.file).map_err(|e| format!("cannot read the test: {e}"))?;
    let text = match job.mode {
        Mode::Strict => format!("\"use strict\";\n{text}"),
        Mode::Sloppy | Mode::Module => text,
    };
    let path = job.file.canonicalize().map_err(|e| e.to_string())?;
    let (mut context, loader) = new_context(job)?;
    let context = &mut context;
    if let Some(
        negative @ Negative {
            phase: Phase::Parse,
            ..
        },
    ) = &job.meta.negative
    {
        return expect_parse_error(context, &text, &path, job.mode, negative);
    }
    if !job.meta.has_flag("raw") {
        run_harness(context, job.meta, harness)?;
    }
    let result = match job.mode {
        Mode::Module => run_module(context, &loader, &text, &path),
        Mode::Sloppy | Mode::Strict => run_script(context, &text, &path),
    };
    match &job.meta.negative {
        Some(negative) => expect_error(context, result, negative),
        None => result.map_err(|failure| failure.describe(context)),
    }
    .and_then(|()| finish(context, job.meta))
}

/// A context with the test's module loader, boa's limits, `print` and `$262`.
fn new_context(job: &Job<'_>) -> Result<(Context, Rc<SimpleModuleLoader>), String> {
    let loader = Rc::new(SimpleModuleLoader::new(job.tree).map_err(|e| e.to_string())?);
    let mut context = Context::builder()
        .module_loader(loader.clone())
        .can_block(!job.meta.has_flag("CanBlockIsFalse"))
        .instructions_remaining(INSTRUCTION_BUDGET)
        .build()
        .map_err(|e| format!("cannot build the context: {e}"))?;
    context
        .runtime_limits_mut()
        .set_loop_iteration_limit(LOOP_ITERATIONS);
    host::install(&mut context).map_err(|e| format!("cannot install $262: {e}"))?;
    Ok((context, loader))
}

/// Evaluates the harness files the test needs, in INTERPRETING.md's order.
fn run_harness(context: &mut Context, meta: &Metadata, harness: &Harness) -> Outcome {
    let mut names = vec!["assert.js", "sta.js"];
    if meta.has_flag("async") {
        names.push("doneprintHandle.js");
    }
    names.extend(meta.includes.iter().map(String::as_str));
    for name in names {
        let text = harness.get(name)?;
        context
            .eval(Source::from_bytes(text))
            .map_err(|e| format!("harness {name} threw: {}", describe(&e, context)))?;
    }
    Ok(())
}

/// Where a run stopped with an error, which decides whether a negative test passes.
pub enum Failure {
    Parse(JsError),
    Resolution(JsError),
    Runtime(JsError),
}

impl Failure {
    fn phase(&self) -> Phase {
        match self {
            Self::Parse(_) => Phase::Parse,
            Self::Resolution(_) => Phase::Resolution,
            Self::Runtime(_) => Phase::Runtime,
        }
    }

    fn error(&self) -> &JsError {
        match self {
            Self::Parse(e) | Self::Resolution(e) | Self::Runtime(e) => e,
        }
    }

    fn describe(&self, context: &mut Context) -> String {
        let phase = match self.phase() {
            Phase::Parse => "parse error",
            Phase::Resolution => "resolution error",
            Phase::Runtime => "uncaught",
        };
        format!("{phase}: {}", describe(self.error(), context))
    }
}

fn run_script(context: &mut Context, text: &str, path: &Path) -> Result<(), Failure> {
    let source = Source::from_bytes(text).with_path(path);
    let script = Script::parse(source, None, context).map_err(Failure::Parse)?;
    script.evaluate(context).map_err(Failure::Runtime)?;
    Ok(())
}

/// Parses the test as a module and registers it under its own path (some tests import
/// themselves), then loads, links and evaluates it, each step a phase of its own.
fn run_module(
    context: &mut Context,
    loader: &SimpleModuleLoader,
    text: &str,
    path: &Path,
) -> Result<(), Failure> {
    let source = Source::from_bytes(text).with_path(path);
    let module = Module::parse(source, None, context).map_err(Failure::Parse)?;
    loader.insert(path.to_path_buf(), module.clone());
    let loaded = module.load(context);
    context.run_jobs().map_err(Failure::Resolution)?;
    settled(loaded.state()).map_err(Failure::Resolution)?;
    module.link(context).map_err(Failure::Resolution)?;
    let evaluated = module.evaluate(context).map_err(Failure::Runtime)?;
    context.run_jobs().map_err(Failure::Runtime)?;
    settled(evaluated.state()).map_err(Failure::Runtime)
}

/// A promise the host waited for: fulfilled, or its rejection as an error.
fn settled(state: PromiseState) -> Result<(), JsError> {
    match state {
        PromiseState::Fulfilled(_) => Ok(()),
        PromiseState::Rejected(reason) => Err(JsError::from_opaque(reason)),
        PromiseState::Pending => Err(JsError::from_opaque(
            js_string!("still pending after all jobs ran").into(),
        )),
    }
}

/// A negative test of phase `parse`: parsing must fail with a `SyntaxError`; nothing runs.
fn expect_parse_error(
    context: &mut Context,
    text: &str,
    path: &Path,
    mode: Mode,
    negative: &Negative,
) -> Outcome {
    let source = Source::from_bytes(text).with_path(path);
    let parsed = match mode {
        Mode::Module => Module::parse(source, None, context).map(drop),
        Mode::Sloppy | Mode::Strict => Script::parse(source, None, context).map(drop),
    };
    let error = match parsed {
        Ok(()) => {
            return Err(format!(
                "parsed, expected a {} at parse time",
                negative.error_type
            ))
        }
        Err(error) => error,
    };
    expect_error(context, Err(Failure::Parse(error)), negative)
}

/// A negative test: the run must have failed in the named phase with the named constructor.
fn expect_error(
    context: &mut Context,
    result: Result<(), Failure>,
    negative: &Negative,
) -> Outcome {
    let failure = match result {
        Ok(()) => {
            return Err(format!(
                "ran to completion, expected a {}",
                negative.error_type
            ))
        }
        Err(failure) => failure,
    };
    let name = error_name(failure.error(), context);
    if failure.phase() == negative.phase && name == negative.error_type {
        return Ok(());
    }
    Err(format!(
        "expected a {} ({:?} phase), got {}",
        negative.error_type,
        negative.phase,
        failure.describe(context)
    ))
}

/// After the test's code: the promise jobs it queued, then, for an async test, its report.
fn finish(context: &mut Context, meta: &Metadata) -> Outcome {
    context
        .run_jobs()
        .map_err(|e| format!("uncaught in a job: {}", describe(&e, context)))?;
    if !meta.has_flag("async") {
        return Ok(());
    }
    let printed = host::printed();
    match printed.iter().find(|line| line.starts_with("Test262:")) {
        Some(line) if line == "Test262:AsyncTestComplete" => Ok(()),
        Some(line) => Err(format!("async test reported {line}")),
        None => Err("async test never printed Test262:AsyncTestComplete".to_string()),
    }
}

/// The name of the constructor of the error (`TypeError`), as a negative test names it.
fn error_name(error: &JsError, context: &mut Context) -> String {
    if let Some(value) = error.as_opaque() {
        return constructor_name(value, context)
            .unwrap_or_else(|| "(not an error object)".to_string());
    }
    match error.try_native(context) {
        Ok(native) => match native.kind() {
            JsNativeErrorKind::Uri => "URIError".to_string(),
            kind => kind.to_string(),
        },
        Err(_) => format!("(an engine error: {error})"),
    }
}

fn constructor_name(value: &JsValue, context: &mut Context) -> Option<String> {
    let object = value.as_object()?;
    let constructor = object.get(js_string!("constructor"), context).ok()?;
    let name = constructor
        .as_object()?
        .get(js_string!("name"), context)
        .ok()?;
    Some(name.as_string()?.to_std_string_escaped())
}

/// An error as a line of the report: `String(error)` for thrown values (`Test262Error: ...`),
/// boa's text for its own errors; at most 300 characters.
fn describe(error: &JsError, context: &mut Context) -> String {
    let text = match error.as_opaque() {
        Some(value) => value
            .to_string(context)
            .map(|s| s.to_std_string_escaped())
            .unwrap_or_else(|_| value.display().to_string()),
        None => error.to_string(),
    };
    let text = text.replace('\n', " ");
    match text.char_indices().nth(300) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text,
    }
}
