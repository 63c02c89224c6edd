//! Scripts that try to reach the host, forge a call or a delivery, tamper with connectors, or
//! outlive their run. None may succeed; each test asserts the concrete outcome.
//!
//! Scripts that would hang the host if a guard were missing run in a child process
//! (`common::isolated`) with a timeout.

mod common;

use std::time::Duration;

use codemode_runtime::model::{CallState, ExecuteOutput};
use codemode_runtime::notes::NoteStore;
use codemode_runtime::Store;
use common::*;
use serde_json::{json, Value};

/// The entry point of child processes (see `common::isolated`); a no-op in a normal run.
#[test]
fn child_entry() {
    child_main(fixture, 3);
}

fn check_all(problems: Vec<String>) {
    assert!(
        problems.is_empty(),
        "{} row(s) failed:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

fn summary(output: &ExecuteOutput) -> String {
    match output {
        ExecuteOutput::Completed { result, .. } => format!("completed with {result}"),
        ExecuteOutput::Error { error, .. } => format!("error {}: {}", error.code, error.message),
        ExecuteOutput::Paused { pending, .. } => format!(
            "paused on {}",
            pending
                .iter()
                .map(|p| format!("#{} {}.{}({})", p.seq, p.connector, p.method, p.args))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        ExecuteOutput::Cancelled { .. } => "cancelled".into(),
        ExecuteOutput::Waiting { wake_at, .. } => format!("waiting until {wake_at}"),
    }
}

fn notes_texts(f: &Fixture) -> Vec<String> {
    f.store
        .list_notes()
        .unwrap()
        .into_iter()
        .map(|n| n.text)
        .collect()
}

// ---- host globals ----

/// Globals a host might leak. (`setTimeout`/`setInterval` exist, as durable timers: see
/// tests/timers.rs.)
const HOST_GLOBALS: [&str; 11] = [
    "fetch",
    "setImmediate",
    "queueMicrotask",
    "WebAssembly",
    "require",
    "process",
    "Deno",
    "Bun",
    "importScripts",
    "XMLHttpRequest",
    "WebSocket",
];

#[test]
fn host_globals_are_undefined() {
    let f = fixture();
    let code = format!(
        "return [{}]",
        HOST_GLOBALS
            .iter()
            .map(|n| format!("[{n:?}, typeof {n}, typeof globalThis[{n:?}]]"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let result = completed(&f.execute(&code));
    let mut defined = Vec::new();
    for row in result.as_array().expect("rows") {
        let name = row[0].as_str().unwrap_or_default();
        if row[1] != json!("undefined") || row[2] != json!("undefined") {
            defined.push(format!(
                "{name}: typeof {} / globalThis.{name}: {}",
                row[1], row[2]
            ));
        }
    }
    // queueMicrotask may exist as a deterministic microtask; then it must queue behind the promise
    // jobs already queued, in order, the same way on every run.
    let microtask = defined
        .iter()
        .position(|d| d.starts_with("queueMicrotask:"));
    if let Some(index) = microtask {
        defined.remove(index);
        let code = "const order = []; queueMicrotask(() => order.push('q1')); Promise.resolve().then(() => order.push('p')); \
                    queueMicrotask(() => order.push('q2')); order.push('sync'); await null; await null; await null; return order";
        for _ in 0..2 {
            assert_eq!(
                completed(&f.execute(code)),
                json!(["sync", "q1", "p", "q2"]),
                "queueMicrotask is a FIFO microtask"
            );
        }
    }
    assert!(
        defined.is_empty(),
        "host globals are reachable:\n{}",
        defined.join("\n")
    );
}

/// The standard globals of ECMAScript (2025, with Annex B), to tell the sandbox's own globals and
/// any engine extras from them.
const STANDARD_GLOBALS: &[&str] = &[
    "globalThis",
    "Infinity",
    "NaN",
    "undefined",
    "eval",
    "isFinite",
    "isNaN",
    "parseFloat",
    "parseInt",
    "decodeURI",
    "decodeURIComponent",
    "encodeURI",
    "encodeURIComponent",
    "escape",
    "unescape",
    "AggregateError",
    "Array",
    "ArrayBuffer",
    "Atomics",
    "BigInt",
    "BigInt64Array",
    "BigUint64Array",
    "Boolean",
    "DataView",
    "Date",
    "Error",
    "EvalError",
    "FinalizationRegistry",
    "Float16Array",
    "Float32Array",
    "Float64Array",
    "Function",
    "Int8Array",
    "Int16Array",
    "Int32Array",
    "Iterator",
    "Map",
    "Number",
    "Object",
    "Promise",
    "Proxy",
    "RangeError",
    "ReferenceError",
    "RegExp",
    "Set",
    "SharedArrayBuffer",
    "String",
    "Symbol",
    "SyntaxError",
    "TypeError",
    "Uint8Array",
    "Uint8ClampedArray",
    "Uint16Array",
    "Uint32Array",
    "URIError",
    "WeakMap",
    "WeakRef",
    "WeakSet",
    "JSON",
    "Math",
    "Reflect",
    "Intl",
    "Temporal",
];
/// What the sandbox adds on purpose.
const SANDBOX_GLOBALS: &[&str] = &[
    "notes", "counter", "codemode", "console", "text", "store", "load",
];
/// Fragments of names that would betray the prelude's internals.
const INTERNAL_FRAGMENTS: &[&str] = &[
    "host",
    "__codemode",
    "deliver",
    "stepdone",
    "recorded",
    "pending",
    "internal",
    "journal",
    "prelude",
    "outcome",
];

fn looks_internal(name: &str) -> bool {
    let lower = name.to_lowercase();
    INTERNAL_FRAGMENTS
        .iter()
        .any(|fragment| lower.contains(fragment))
}

/// `eval`, `Function("return this")()` and their async and generator cousins reach the sandbox's
/// global object and nothing else; its own properties have no host internals.
#[test]
fn eval_and_function_reach_only_the_sandbox_global() {
    let f = fixture();
    let out = f.execute(
        "const viaFunction = Function('return this')(); const indirect = (0, eval)('this'); const direct = eval('this'); \
         const viaAsync = await (async function () {}).constructor('return this')(); \
         const viaGenerator = Object.getPrototypeOf(function* () {}).constructor('return this')().next().value; \
         const all = [viaFunction, indirect, direct, viaAsync, viaGenerator]; \
         return {same: all.map(g => g === globalThis), \
                 names: Object.getOwnPropertyNames(viaFunction), \
                 symbols: Object.getOwnPropertySymbols(viaFunction).map(String), \
                 proto: Object.getOwnPropertyNames(Object.getPrototypeOf(viaFunction))}",
    );
    let result = completed(&out);
    assert_eq!(
        result["same"],
        json!([true, true, true, true, true]),
        "{result}"
    );
    let names: Vec<&str> = result["names"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let symbols: Vec<&str> = result["symbols"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let proto: Vec<&str> = result["proto"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let internal: Vec<&&str> = names
        .iter()
        .chain(&symbols)
        .chain(&proto)
        .filter(|n| looks_internal(n))
        .collect();
    assert!(
        internal.is_empty(),
        "the global object has names like host internals: {internal:?}"
    );
    for global in SANDBOX_GLOBALS {
        assert!(names.contains(global), "{global} is a global: {names:?}");
    }
    let extras: Vec<&&str> = names
        .iter()
        .filter(|n| !STANDARD_GLOBALS.contains(n) && !SANDBOX_GLOBALS.contains(n))
        .collect();
    eprintln!("globals beyond ECMAScript and the sandbox's own: {extras:?}; symbols: {symbols:?}");
}

/// The prelude's closure (its `host` object, the waiters, the outcome, its helpers) is not in any
/// scope the script can name: not directly, not through direct or indirect eval, not through
/// `Function`.
#[test]
fn the_prelude_closure_is_out_of_scope() {
    let names = [
        "host",
        "pending",
        "values",
        "writes",
        "outcome",
        "freeze",
        "stringify",
        "parse",
        "next",
        "show",
        "describeError",
        "usage",
        "call",
        "step",
        "connectorObject",
        "globals",
        "log",
        "apply",
        "construct",
        "defineProperty",
        "guard",
        "regexVerdicts",
        "nestedQuantifier",
        "MAX_CHARS",
        "MAX_ELEMENTS",
        "seedHigh",
        "seedLow",
        "connectorTable",
        "valuesJson",
        "limits",
        "internals",
        "__codemode_value",
        "deliver",
        "state",
        "start",
        "stepDone",
        "recorded",
        "main",
        "hostIntl",
        "intl",
        "localesJson",
        "optionsJson",
        "buildIntl",
        "intlValue",
        "intlBuilt",
        "OPTION_KEYS",
        "slots",
        "mathematicalValue",
        "locale",
        "localeLayer",
        "kit",
    ];
    let list = serde_json::to_string(&names[..]).unwrap();
    let code = format!(
        "return {list}.map(n => [n, eval('typeof ' + n), (0, eval)('typeof ' + n), Function('return typeof ' + n)(), \
         n in globalThis]).filter(([, a, b, c, d]) => a !== 'undefined' || b !== 'undefined' || c !== 'undefined' || d)"
    );
    let f = fixture();
    assert_eq!(
        completed(&f.execute(&code)),
        json!([]),
        "prelude names reachable from the script"
    );
}

/// `.caller` and `.arguments` never hand the script a prelude function (through which it could
/// reach `deliver` or the host object), whoever calls the script's function: the prelude's
/// serialisation, a step, a built-in.
#[test]
fn caller_chains_do_not_reach_the_prelude() {
    let f = fixture();
    let out = f.execute(
        "const seen = []; \
         const peek = (label, fn) => { let c, a; \
           try { c = fn.caller; c = c === null ? 'null' : typeof c } catch (e) { c = e.name } \
           try { a = fn.arguments; a = a === null ? 'null' : typeof a } catch (e) { a = e.name } \
           seen.push([label, c, a]) }; \
         function sloppy() { peek('sloppy', sloppy); return 1 } sloppy(); \
         [1].map(function cb() { peek('map callback', cb) }); \
         text({ toJSON: function tj() { peek('toJSON under text()', tj); return 1 } }); \
         console.log({ toJSON: function tj() { peek('toJSON under console.log', tj); return 1 } }); \
         store('k', { toJSON: function tj() { peek('toJSON under store()', tj); return 1 } }); \
         await counter.echo({ get x() { peek('getter under a call', arguments.callee); return 1 } }); \
         await codemode.step('s', function st() { peek('step function', st); return 1 }); \
         new Intl.NumberFormat('en', { get style() { peek('option getter under Intl', arguments.callee); return 'decimal' } }); \
         (5).toLocaleString({ toString: function ts() { peek('locale toString under toLocaleString', ts); return 'de' } }); \
         [{ toLocaleString: function tl() { peek('element under Array toLocaleString', tl); return 'x' } }].toLocaleString(); \
         new Intl.DateTimeFormat('en').format({ valueOf: function vo() { peek('valueOf under format', vo); return 0 } }); \
         for (const [label, fn] of [['notes.createNote', notes.createNote], ['text', text], ['console.log', console.log], \
              ['codemode.step', codemode.step], ['codemode.run', codemode.run], ['store', store], ['load', load], \
              ['Intl.NumberFormat', Intl.NumberFormat], ['format', new Intl.NumberFormat().format], \
              ['toLocaleString', Number.prototype.toLocaleString], ['localeCompare', String.prototype.localeCompare]]) peek(label, fn); \
         return seen",
    );
    let seen = completed(&out);
    let mut leaks = Vec::new();
    for row in seen.as_array().expect("rows") {
        let label = row[0].as_str().unwrap_or_default();
        let own_function = label == "sloppy" || label == "map callback";
        // A function's own `arguments` is harmless; anything that hands over a function is not.
        if row[1] == json!("function") || (!own_function && row[2] == json!("object")) {
            leaks.push(format!("{label}: caller {}, arguments {}", row[1], row[2]));
        }
    }
    assert!(
        leaks.is_empty(),
        "reached through caller/arguments:\n{}",
        leaks.join("\n")
    );
}

/// A function's `this`, `globalThis` and the sandbox's own functions lead to `Function`, which compiles in the
/// sandbox global: no `process`, `require`, `host`.
#[test]
fn constructor_chains_lead_nowhere() {
    // (expression, what `String(await expression)` is, or the name of what it throws)
    let rows = [
        ("globalThis.constructor.constructor('return process')()", "ReferenceError"),
        // The script's own `this` is `undefined` (module code's, as in the Workers runtime); a
        // sloppy function's is the sandbox global.
        ("typeof this", "undefined"),
        ("(function () { return this })().constructor.constructor('return typeof process')()", "undefined"),
        ("notes.constructor.constructor('return require')()", "ReferenceError"),
        ("notes.createNote.constructor('return typeof host')()", "undefined"),
        ("console.log.constructor('return this')() === globalThis", "true"),
        ("text.constructor.constructor('return typeof fetch')()", "undefined"),
        ("codemode.step.constructor('return typeof pending')()", "undefined"),
        ("store.constructor('return typeof values')()", "undefined"),
        ("[].constructor.constructor('return Object.getOwnPropertyNames(this).filter(n => /host|deliver|pending/i.test(n)).length')()", "0"),
        ("Object.getPrototypeOf(notes)", "null"),
        ("Reflect.ownKeys(notes).join()", "listNotes,createNote"),
        ("Intl.NumberFormat.constructor('return typeof hostIntl')()", "undefined"),
        ("Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format').get.constructor('return typeof host')()", "undefined"),
        ("Intl.NumberFormat.prototype.format", "TypeError"),
        ("Intl.NumberFormat.prototype.resolvedOptions.call({})", "TypeError"),
        ("Intl.Collator.prototype.compare.call(Object.create(Intl.Collator.prototype))", "TypeError"),
        ("[Intl, Intl.NumberFormat, Intl.NumberFormat.prototype, new Intl.DateTimeFormat()].flatMap(o => Reflect.ownKeys(o)).filter(k => /host|slot|state/i.test(String(k))).length", "0"),
    ];
    let f = fixture();
    let mut problems = Vec::new();
    for (expr, expected) in rows {
        let out = f.execute(&format!(
            "try {{ return String(await ({expr})) }} catch (e) {{ return e.name }}"
        ));
        match &out {
            ExecuteOutput::Completed { result, .. } if result == &json!(expected) => {}
            other => problems.push(format!(
                "{expr}\n  expected {expected:?}, got {}",
                summary(other)
            )),
        }
    }
    check_all(problems);
}

// ---- modules ----

/// `import` never loads anything: dynamic `import()` rejects (or does not parse), static `import`
/// and `import.meta` do not parse.
#[test]
fn imports_never_load() {
    let rows = [
        "try { const m = await import('x'); return ['loaded', typeof m] } catch (e) { return ['rejected', e.name] }",
        "try { const m = await import('./notes.js'); return ['loaded', typeof m] } catch (e) { return ['rejected', e.name] }",
        "try { const m = await import('data:text/javascript,export default 1'); return ['loaded', typeof m] } catch (e) { return ['rejected', e.name] }",
        "try { const m = await eval(\"import('x')\"); return ['loaded', typeof m] } catch (e) { return ['rejected', e.name] }",
        "try { const m = await Function(\"return import('x')\")(); return ['loaded', typeof m] } catch (e) { return ['rejected', e.name] }",
        "import x from 'x'; return ['loaded', typeof x]",
        "return ['loaded', typeof import.meta]",
    ];
    let f = fixture();
    let mut problems = Vec::new();
    for code in rows {
        let out = f.execute(code);
        let fine = match &out {
            ExecuteOutput::Completed { result, .. } => result[0] == json!("rejected"),
            ExecuteOutput::Error { error, .. } => error.code == "SYNTAX_ERROR",
            ExecuteOutput::Paused { .. }
            | ExecuteOutput::Cancelled { .. }
            | ExecuteOutput::Waiting { .. } => false,
        };
        if !fine {
            problems.push(format!(
                "{code}\n  expected a caught rejection or SYNTAX_ERROR, got {}",
                summary(&out)
            ));
        }
    }
    check_all(problems);
}

// ---- connectors cannot be tampered with ----

/// Assigning, defining, deleting or re-prototyping connector methods (or the connector globals)
/// has no effect or throws: `notes.createNote` afterwards still pauses for approval on exactly
/// the call the script made.
#[test]
fn connectors_cannot_be_replaced() {
    let tampers = [
        "notes.createNote = () => 'fake'",
        "\"use strict\"; try { notes.createNote = () => 'fake' } catch (e) {}",
        "try { Object.defineProperty(notes, 'createNote', {value: () => 'fake'}) } catch (e) {}",
        "Reflect.defineProperty(notes, 'createNote', {value: () => 'fake'})",
        "Reflect.set(notes, 'createNote', () => 'fake')",
        "try { delete notes.createNote } catch (e) {}",
        "try { Object.setPrototypeOf(notes, {createNote: () => 'fake'}) } catch (e) {}",
        "try { Object.assign(notes, {createNote: () => 'fake'}) } catch (e) {}",
        "try { globalThis.notes = {createNote: () => 'fake'} } catch (e) {}",
        "try { Object.defineProperty(globalThis, 'notes', {value: {createNote: () => 'fake'}}) } catch (e) {}",
        "try { delete globalThis.notes } catch (e) {}",
        "Object.prototype.createNote = () => 'fake'",
        "Function.prototype.call = () => 'fake'; Function.prototype.apply = () => 'fake'",
    ];
    let mut problems = Vec::new();
    for tamper in tampers {
        let f = fixture();
        let code = format!("{tamper};\nreturn await notes.createNote({{text: 'T'}})");
        let out = f.execute(&code);
        let shown = match &out {
            ExecuteOutput::Paused { pending, .. } => {
                pending
                    .iter()
                    .map(|p| (p.connector.as_str(), p.method.as_str(), p.args.clone()))
                    .collect::<Vec<_>>()
                    == [("notes", "createNote", json!({"text": "T"}))]
            }
            _ => false,
        };
        if !shown || !notes_texts(&f).is_empty() {
            problems.push(format!(
                "{tamper}\n  expected a pause on notes.createNote({{text: 'T'}}), got {}",
                summary(&out)
            ));
        }
    }
    check_all(problems);

    // In strict code the assignment throws; in sloppy code it is ignored; delete is refused.
    let f = fixture();
    let out = f.execute("\"use strict\"; try { notes.createNote = () => 1; return 'assigned' } catch (e) { return e.name }");
    assert_eq!(completed(&out), json!("TypeError"));
    let out = f.execute("const deleted = delete notes.listNotes; return [deleted, typeof notes.listNotes, await notes.listNotes()]");
    assert_eq!(completed(&out), json!([false, "function", []]));
    assert_eq!(
        calls(&out)
            .iter()
            .map(|c| (c.method.as_str(), c.state))
            .collect::<Vec<_>>(),
        [("listNotes", CallState::Applied)]
    );
}

/// Pollution of built-ins in one run is gone in the next run and in the replay of another one.
#[test]
fn pollution_does_not_leak_into_other_runs() {
    let f = fixture();
    let check = "return [typeof ({}).polluted, typeof [].map, [1, 2].map(x => x * 2), JSON.stringify({a: 1}), 'ab'.repeat(2), \
                 typeof globalThis.leaked, Object.isFrozen(Object.prototype), /b/.exec('abc')[0], Math.random() !== 0.5]";
    let expected = json!([
        "undefined",
        "function",
        [2, 4],
        "{\"a\":1}",
        "abab",
        "undefined",
        false,
        "b",
        true
    ]);
    // A run paused before the pollution, to be replayed after it.
    let paused_run = f.execute(&format!("await notes.createNote({{text: 'A'}}); {check}"));
    let paused_id = paused_run.execution_id().to_string();
    assert_eq!(paused(&paused_run).len(), 1);

    f.execute(
        "Object.prototype.polluted = 1; Array.prototype.map = null; JSON.stringify = () => 'hacked'; \
         String.prototype.repeat = () => 'hacked'; RegExp.prototype.exec = null; Math.random = () => 0.5; \
         globalThis.leaked = 1; Object.freeze(Object.prototype); return 1",
    );
    assert_eq!(completed(&f.execute(check)), expected, "the next run");
    assert_eq!(
        completed(&f.approve(&paused_id)),
        expected,
        "the replay of a run paused before"
    );
}

// ---- overriding built-ins the prelude uses ----

/// Replacing `Promise.prototype.then`, `JSON.stringify`/`parse`, `Map.prototype.get`/`set`,
/// `Object.defineProperty` (and their neighbours) before `notes.createNote({text})` still pauses
/// for approval on exactly that call, with nothing written; approving writes exactly the shown
/// note, once. Overrides that call whatever the prelude hands them cannot make the pending call
/// look settled either.
#[test]
fn overriding_built_ins_cannot_skip_or_fake_an_approval() {
    let overrides = [
        // Replaced with something inert, or something that throws.
        "Promise.prototype.then = function () { return this }",
        "Promise.prototype.then = function () { throw new Error('no then') }",
        "JSON.stringify = () => '{\"text\":\"swapped\"}'",
        "JSON.stringify = () => { throw new Error('no stringify') }",
        "JSON.parse = () => ({forged: true})",
        "JSON.parse = () => { throw new Error('no parse') }",
        "Map.prototype.set = function () { return this }",
        "Map.prototype.get = function () { return {resolve() {}, reject() {}} }",
        "Map.prototype.get = () => { throw new Error('no get') }",
        "Map.prototype.has = () => true; Map.prototype.delete = () => true",
        "Object.defineProperty = () => { throw new Error('no defineProperty') }",
        "Object.defineProperty = (o) => o",
        "Reflect.apply = () => { throw new Error('no apply') }",
        "Object.fromEntries = () => { throw new Error('no fromEntries') }",
        // Overrides that use what the prelude hands them.
        "const then = Promise.prototype.then; Promise.prototype.then = function (ok, err) { \
         try { if (typeof ok === 'function') ok({id: 1, text: 'T', createdAt: 0}) } catch (e) {} return then.call(this, ok, err) }",
        "const set = Map.prototype.set; Map.prototype.set = function (k, v) { \
         if (v && typeof v.resolve === 'function') v.resolve({id: 1, text: 'T', createdAt: 0}); return set.call(this, k, v) }",
        "const P = Promise; globalThis.Promise = function () { return P.resolve({id: 1, text: 'T', createdAt: 0}) }; \
         globalThis.Promise.resolve = P.resolve.bind(P); globalThis.Promise.reject = P.reject.bind(P)",
        "Object.prototype.then = function (ok) { delete Object.prototype.then; ok({id: 1, text: 'T', createdAt: 0}) }",
        // All of the plain ones at once.
        "Promise.prototype.then = function () { return this }; JSON.stringify = () => '{}'; JSON.parse = () => ({}); \
         Map.prototype.get = () => undefined; Map.prototype.set = function () { return this }; Object.defineProperty = (o) => o",
    ];
    let mut problems = Vec::new();
    for over in overrides {
        let f = fixture();
        let code =
            format!("{over};\nconst note = await notes.createNote({{text: 'T'}}); return note");
        let out = f.execute(&code);
        let id = out.execution_id().to_string();
        let pending_ok = match &out {
            ExecuteOutput::Paused { pending, calls, .. } => {
                pending.len() == 1
                    && (pending[0].connector.as_str(), pending[0].method.as_str())
                        == ("notes", "createNote")
                    && pending[0].args == json!({"text": "T"})
                    && calls.iter().all(|c| c.state == CallState::Pending)
            }
            _ => false,
        };
        let journaled = f
            .store
            .journal(&id)
            .unwrap()
            .iter()
            .filter(|e| e.connector == "notes")
            .count();
        if !pending_ok || journaled != 0 || !notes_texts(&f).is_empty() {
            problems.push(format!(
                "{over}\n  expected a pause on notes.createNote({{text: 'T'}}) with nothing written, got {} (notes {:?}, journaled {journaled})",
                summary(&out),
                notes_texts(&f)
            ));
            continue;
        }
        let approved = f.approve(&id);
        if notes_texts(&f) != ["T"] {
            problems.push(format!(
                "{over}\n  approving should write exactly the shown note once; notes {:?}, the run {}",
                notes_texts(&f),
                summary(&approved)
            ));
        }
    }
    check_all(problems);
}

/// `Object.fromEntries` is how the prelude reports `store()` writes: replacing it cannot store
/// values past the store limits or fail the runtime.
#[test]
fn store_limits_hold_when_the_script_replaces_what_reports_writes() {
    let limits = fixture().runtime.config().store_limits;
    let rows = [
        "Object.fromEntries = () => ({big: JSON.stringify('x'.repeat(2000000))}); return 'done'",
        "Object.fromEntries = () => ({['k'.repeat(1000)]: '1'}); return 'done'",
        "Object.fromEntries = () => ({a: JSON.stringify('x'.repeat(200000)), b: JSON.stringify('x'.repeat(200000)), \
         c: JSON.stringify('x'.repeat(200000)), d: JSON.stringify('x'.repeat(200000)), e: JSON.stringify('x'.repeat(200000)), \
         f: JSON.stringify('x'.repeat(200000))}); return 'done'",
        "Object.fromEntries = () => ({k: '{not json'}); return 'done'",
    ];
    let mut problems = Vec::new();
    for code in rows {
        let f = fixture();
        let out = f.execute(code);
        let values = f.store.values().unwrap();
        let sizes: Vec<(usize, usize)> = values
            .iter()
            .map(|(k, v)| (k.len(), v.to_string().len()))
            .collect();
        let total: usize = sizes.iter().map(|(k, v)| k + v).sum();
        let over = sizes
            .iter()
            .any(|(k, v)| *k > limits.key || *v > limits.value)
            || total > limits.total;
        let internal =
            matches!(&out, ExecuteOutput::Error { error, .. } if error.code == "INTERNAL");
        if over || internal {
            problems.push(format!(
                "{code}\n  the store holds {} key(s), {total} characters (limits: key {}, value {}, total {}); the run {}",
                values.len(),
                limits.key,
                limits.value,
                limits.total,
                summary(&out)
            ));
        }
    }
    check_all(problems);
}

// ---- codemode.step cannot deliver for another call ----

#[test]
fn a_step_cannot_settle_another_calls_promise() {
    // (code, description)
    let rows = [
        (
            "const p = notes.createNote({text: 'T'}); \
             const v = await codemode.step('notes.createNote#0', () => ({id: 999, text: 'T', createdAt: 0})); \
             const note = await p; return [v.id, note.id, note.text]",
            "a step whose value looks like the note",
        ),
        (
            "const get = Map.prototype.get; Map.prototype.get = function (k) { return get.call(this, k === 1 ? 0 : k) }; \
             const p = notes.createNote({text: 'T'}); \
             const v = await codemode.step('forge', () => ({id: 999, text: 'T', createdAt: 0})); \
             const note = await p; return [v.id, note.id, note.text]",
            "a step delivered to call #0's waiter through Map.prototype.get",
        ),
        (
            "const p = notes.createNote({text: 'T'}); \
             const v = await codemode.step(0, async () => { await null; return {id: 999, text: 'T', createdAt: 0} }); \
             const note = await p; return [v.id, note.id, note.text]",
            "a step named 0",
        ),
    ];
    let mut problems = Vec::new();
    for (code, what) in rows {
        let f = fixture();
        let out = f.execute(code);
        let id = out.execution_id().to_string();
        let journal = f.store.journal(&id).unwrap();
        let journaled: Vec<(u32, String)> = journal
            .iter()
            .map(|e| (e.seq, format!("{}.{}", e.connector, e.method)))
            .collect();
        let pending_ok = matches!(&out, ExecuteOutput::Paused { pending, .. }
            if pending.len() == 1 && pending[0].seq == 0 && pending[0].method == "createNote");
        if !pending_ok
            || journaled != [(1, "codemode.step".to_string())]
            || !notes_texts(&f).is_empty()
        {
            problems.push(format!(
                "{what}\n  expected a pause on call #0 with only the step journaled, got {} (journal {journaled:?}, notes {:?})",
                summary(&out),
                notes_texts(&f)
            ));
            continue;
        }
        // Approving runs the real call, once; the script sees the real note, not the step's value.
        let approved = f.approve(&id);
        match &approved {
            ExecuteOutput::Completed { result, .. }
                if result[0] == json!(999)
                    && result[1] != json!(999)
                    && result[2] == json!("T") => {}
            other => problems.push(format!(
                "{what}\n  after approval expected [999, <real id>, \"T\"], got {}",
                summary(other)
            )),
        }
        if notes_texts(&f) != ["T"] {
            problems.push(format!(
                "{what}\n  after approval the notes are {:?}",
                notes_texts(&f)
            ));
        }
    }
    check_all(problems);
}

/// A script whose replay takes another path (here: a snippet it runs was replaced while it was
/// paused) cannot get a different call executed than the one approved.
#[test]
fn a_replay_cannot_swap_the_approved_action() {
    let f = fixture();
    // The argument comes from a snippet; the snippet is replaced between the pause and the
    // approval, so the replay would issue a different createNote than the one approved.
    let shown = f.execute("return 'shown'");
    f.runtime
        .save_snippet("pick", "the text", shown.execution_id())
        .expect("saved");
    let out = f.execute("return await notes.createNote({text: await codemode.run('pick', {})})");
    let id = out.execution_id().to_string();
    let pending = paused(&out);
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].args, json!({"text": "shown"}));
    let swapped = f.execute("return 'swapped'");
    f.runtime
        .save_snippet("pick", "the text", swapped.execution_id())
        .expect("replaced");
    let approved = f.approve(&id);
    assert_eq!(
        error_code(&approved),
        "REPLAY_DIVERGED",
        "{}",
        summary(&approved)
    );
    assert!(
        notes_texts(&f).is_empty(),
        "nothing written: {:?}",
        notes_texts(&f)
    );
}

// ---- other executions ----

/// A script cannot read or write another execution's journal: not by id through `codemode.*`,
/// `load`/`store` or globals; that execution's journal is unchanged and it replays as recorded.
#[test]
fn a_script_cannot_reach_another_executions_journal() {
    let f = fixture();
    let a = f.execute("const total = await counter.bump({by: 1}); const note = await notes.createNote({text: 'A'}); return [total, note.id, note.text]");
    let a_id = a.execution_id().to_string();
    assert_eq!(paused(&a).len(), 1);
    let journal_before = f.store.journal(&a_id).unwrap();
    let pending_before = f.runtime.pending_approvals(Some(&a_id)).unwrap();

    let b = f.execute(&format!(
        "const id = {a_id:?}; const out = {{}}; \
         const attempt = async (name, fn) => {{ try {{ out[name] = await fn() }} catch (e) {{ out[name] = 'threw ' + e.name }} }}; \
         await attempt('run', () => codemode.run(id)); \
         await attempt('describe', () => codemode.describe(id)); \
         await attempt('search', async () => JSON.stringify(await codemode.search(id)).includes(id)); \
         await attempt('load', () => String(load(id))); \
         await attempt('loadJournal', () => String(load('journal:' + id))); \
         await attempt('global', () => typeof globalThis[id]); \
         await attempt('store', () => {{ store(id, [{{seq: 1, outcome: {{ok: {{id: 999}}}}}}]); store('journal:' + id, [{{seq: 1}}]); return 'stored' }}); \
         await attempt('step', () => codemode.step(id, () => ({{id: 999}}))); \
         return out"
    ));
    let out = completed(&b);
    assert_eq!(out["run"], json!("threw Error"), "{out}");
    assert_eq!(out["describe"], json!("threw Error"), "{out}");
    assert_eq!(out["search"], json!(false), "{out}");
    assert_eq!(out["load"], json!("undefined"), "{out}");
    assert_eq!(out["loadJournal"], json!("undefined"), "{out}");
    assert_eq!(out["global"], json!("undefined"), "{out}");

    assert_eq!(
        f.store.journal(&a_id).unwrap(),
        journal_before,
        "A's journal is untouched"
    );
    assert_eq!(
        f.runtime.pending_approvals(Some(&a_id)).unwrap(),
        pending_before
    );
    let resumed = f.approve(&a_id);
    let result = completed(&resumed);
    assert_eq!(result[0], json!(1), "A replays its own bump result");
    assert_ne!(result[1], json!(999));
    assert_eq!(result[2], json!("A"));
    assert_eq!(f.total(), 1, "the bump ran once");
    assert_eq!(notes_texts(&f), ["A"]);
    let journal = f.store.journal(&a_id).unwrap();
    let journaled: Vec<(u32, &str)> = journal.iter().map(|e| (e.seq, e.method.as_str())).collect();
    assert_eq!(journaled, [(0, "bump"), (1, "createNote")]);
}

/// `codemode.run` and `codemode.describe` take names, not paths: odd names reject cleanly (a
/// catchable Error), and never run another snippet.
#[test]
fn odd_snippet_names_reject_cleanly() {
    let f = fixture();
    let saved = f.execute("return (input || {n: 0}).n + 1");
    f.runtime
        .save_snippet("x", "adds one", saved.execution_id())
        .expect("save");
    assert_eq!(
        completed(&f.execute("return await codemode.run('x', {n: 1})")),
        json!(2)
    );

    let names = [
        "../x",
        "__proto__",
        "constructor",
        "toString",
        "hasOwnProperty",
        "valueOf",
        "",
        "snippet:x",
        "x/../x",
        " x",
        "x\u{0}",
        "../../etc/passwd",
        "notes",
        "codemode",
    ];
    let mut problems = Vec::new();
    for name in names {
        let literal = serde_json::to_string(name).unwrap();
        for method in ["run", "describe"] {
            let code = format!(
                "try {{ const r = await codemode.{method}({literal}, {{n: 1}}); return ['resolved', r] }} \
                 catch (e) {{ return ['rejected', e instanceof Error, e.name, typeof e.message === 'string' && e.message.length > 0] }}"
            );
            let out = f.execute(&code);
            let fine = match &out {
                ExecuteOutput::Completed { result, .. } if result[0] == json!("rejected") => {
                    result[1] == json!(true) && result[3] == json!(true)
                }
                // describe of a connector's name is a legitimate answer; nothing else resolves.
                ExecuteOutput::Completed { result, .. } => {
                    method == "describe" && name == "notes" && result[1]["path"] == json!("notes")
                }
                _ => false,
            };
            if !fine {
                problems.push(format!(
                    "codemode.{method}({literal})\n  expected a clean rejection, got {}",
                    summary(&out)
                ));
            }
        }
    }
    // Uncaught, it is a script error, not a runtime failure.
    let error = error_info(&f.execute("await codemode.run('__proto__')"));
    if error.code != "SCRIPT_ERROR" {
        problems.push(format!(
            "uncaught codemode.run('__proto__'): expected SCRIPT_ERROR, got {error:?}"
        ));
    }
    check_all(problems);
}

// ---- the regex step limit cannot be switched off ----

/// The regex step limit lives in the engine, below everything a script can reach: removing or
/// spoofing `exec`, `source` or the `Symbol.match` method, subclassing, or calling the built-ins
/// directly still runs the match under the limit. Each of these would backtrack for ever, so the
/// run must end with `LIMIT_EXCEEDED`, quickly, whatever the script catches.
#[test]
fn the_regex_step_limit_cannot_be_switched_off() {
    let setup = "const s = 'a'.repeat(40) + 'b';";
    let rows = [
        "RegExp.prototype.exec = undefined; return /(a+)+$/.test(s)",
        "delete RegExp.prototype.exec; return /(a+)+$/.test(s)",
        "Object.defineProperty(RegExp.prototype, 'exec', {value: null}); return s.match(/(a+)+$/)",
        "const r = /(a+)+$/; r.exec = null; return r.test(s)",
        "const r = /(a+)+$/; Object.defineProperty(r, 'source', {value: 'a'}); return r.test(s)",
        "Object.defineProperty(RegExp.prototype, 'source', {get() { return 'a' }}); return /(a+)+$/.test(s)",
        "class R extends RegExp { get source() { return 'a' } } return new R('(a+)+$').test(s)",
        "return RegExp.prototype[Symbol.match].call(/(a+)+$/, s)",
        "const r = /(a+)+$/; r.lastIndex = 0; return RegExp.prototype.test.call(r, s)",
        "return RegExp.prototype[Symbol.replace].call(/(a+)+$/g, s, '')",
        "return RegExp.prototype[Symbol.split].call(/(a+)+$/, s)",
        "return String.prototype.search.call(s, { [Symbol.search]: (x) => /(a+)+$/.exec(x) })",
    ];
    let codes: Vec<String> = rows
        .iter()
        .map(|row| {
            format!("{setup}\ntry {{ {row} }} catch (e) {{ return ['caught', e.name, e.message] }}")
        })
        .collect();
    let results = parallel_map(codes, 2, |code| {
        isolated("child_entry", &code, &[], Duration::from_secs(30))
    });
    let mut problems = Vec::new();
    for (row, result) in rows.iter().zip(&results) {
        let ended = matches!(result.last_output(), Some(ExecuteOutput::Error { error, .. }) if error.code == "LIMIT_EXCEEDED");
        if !ended {
            problems.push(format!(
                "{row}\n  expected LIMIT_EXCEEDED, got: {}",
                result.describe()
            ));
        }
    }
    check_all(problems);
}

/// Prototype pollution the script does to itself stays its own: a `toJSON` on Object.prototype
/// reaches only what the script serializes (its own call arguments, as V8's `JSON.stringify`
/// would), never the sandbox's report to the host (it once ended the run `INTERNAL`); a getter
/// on a call's argument runs once, as in one `JSON.stringify`.
#[test]
fn a_polluted_to_json_and_argument_getters_stay_the_scripts() {
    let f = fixture();
    let rows: [(&str, &str); 5] = [
        (
            "Object.prototype.toJSON = function () { return 'x' }; return await counter.bump({by: 1})",
            "error SCRIPT_ERROR: TypeError: counter.bump: the argument must be object, got string (line 1)",
        ),
        (
            "Object.prototype.toJSON = () => { throw new Error('boom') }; return await counter.bump({by: 1})",
            "error SCRIPT_ERROR: TypeError: counter.bump: the argument is not JSON: boom (line 1)",
        ),
        (
            "Object.prototype.toJSON = function () { return 'x' }; throw new RangeError('mine')",
            "error SCRIPT_ERROR: RangeError: mine (line 1)",
        ),
        (
            "let n = 0; const a = { get by() { n++; return 1 } }; await counter.bump(a); return n",
            "completed with 1",
        ),
        (
            "let n = 0; const a = { get toJSON() { n++; return () => ({by: 1}) } }; await counter.bump(a); return n",
            "completed with 1",
        ),
    ];
    let problems = rows
        .iter()
        .filter_map(|(code, expected)| {
            let got = summary(&f.execute(code));
            (got != *expected).then(|| format!("{code}\n  expected {expected}\n  got      {got}"))
        })
        .collect();
    check_all(problems);
}
