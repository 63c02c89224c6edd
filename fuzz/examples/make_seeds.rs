//! Writes the seed corpora: `fuzz/seeds/script/*.js` from the list below, and
//! `fuzz/seeds/journal/*.json` from real runs (each journal and record as the store holds it, after
//! a mode byte: see `codemode_fuzz::run_journal`).
//!
//!     cargo run --manifest-path fuzz/Cargo.toml --example make_seeds

use std::path::Path;

use codemode_fuzz::{fixture, on_big_stack, run, PAUSING};
use codemode_runtime::model::ExecuteOutput;
use codemode_runtime::Store;

/// `(file name, script)`.
const SCRIPTS: &[(&str, &str)] = &[
    // The limits (issue 4).
    ("limit-repeat", "return \"x\".repeat(2**28)"),
    ("limit-array-fill", "return new Array(1e9).fill(0)"),
    ("limit-arraybuffer", "return new ArrayBuffer(2**30)"),
    ("limit-recursion", "function f(){f()} f()"),
    ("limit-parens", ""), // written below: 10,000 open brackets
    ("limit-regex", "return /(a+)+$/.test(\"a\".repeat(40)+\"b\")"),
    ("limit-loop", "while(true){}"),
    ("limit-caught", "const r = []; for (const f of [() => 'x'.repeat(2**28), () => new Array(1e9).fill(0), () => new ArrayBuffer(2**30), () => { function g(){g()} g() }, () => /(a+)+$/.test('a'.repeat(40)+'b')]) { try { r.push(f()) } catch (e) { r.push(e.name + ': ' + e.message) } } return r"),
    ("limit-doubling", "let s = 'x'; try { for (let i = 0; i < 40; i++) s += s; return s.length } catch (e) { return e.name }"),
    ("limit-deep-json", "let o = []; for (let i = 0; i < 10000; i++) o = [o]; try { return JSON.stringify(o).length } catch (e) { return e.name }"),
    ("limit-after-await", "await counter.get({}); while (true) {}"),
    // Typical scripts.
    ("list-notes", "return await notes.listNotes()"),
    ("promise-all", "const [a, b, c] = await Promise.all([counter.bump({by: 2}), counter.echo({x: [1, 'two', {three: 3}]}), notes.listNotes()]);\nreturn {a, b, c}"),
    ("create-note", "const n = await notes.createNote({text: \"hello\"});\nreturn n.id"),
    ("guarded-loop", "let t = 0;\nfor (let i = 1; i <= 3; i++) t += await counter.guardedBump({by: i});\nreturn t"),
    ("fail-caught", "try { await counter.fail({}) } catch (e) { console.error(e.message); return 'caught' }"),
    ("fail-uncaught", "await counter.fail({}); return 1"),
    ("store-load", "const before = load(\"seen\");\nstore(\"k\", {n: (before?.count ?? 0) + 1});\nstore(\"seen\", undefined);\nreturn [before, load(\"k\"), load(\"seen\")]"),
    ("step", "const r = await codemode.step(\"roll\", () => Math.random());\nconst n = await notes.createNote({text: String(r)});\nreturn [r, n, new Date().toISOString()]"),
    ("snippets", "const d = await codemode.run(\"double\", 21);\nconst l = await codemode.run(\"listAll\", null);\nreturn [d, l, await codemode.run(\"guarded\", 5)]"),
    ("search-describe", "text(codemode.search(\"note\"));\nreturn codemode.describe(\"notes.createNote\")"),
    ("options", "// @options: {\"max_output_tokens\": 20, \"timeout_ms\": 60000}\nfor (let i = 0; i < 50; i++) console.log('line', i);\nreturn 'done'"),
    ("options-bad", "// @options: {\"nope\": 1}\nreturn 1"),
    ("options-not-first", "return 1\n// @options: {\"max_output_tokens\": 20}"),
    ("expression", "1 + 2"),
    ("arrow", "async () => { const n = await notes.listNotes(); return n.length }"),
    ("syntax-error", "return {"),
    ("unbalanced", "}); (async function () {"),
    ("reference-error", "return fetch('http://example.com')"),
    ("unawaited", "counter.bump({by: 1}); notes.createNote({text: 'never'}); return 'left'"),
    ("stalled", "await new Promise(() => {})"),
    ("text-console", "text('a'); text({b: [1, 2]}); console.log('l'); console.warn('w'); console.info(1, {x: 2}); return undefined"),
    // Escape attempts.
    ("escape-function", "return Function(\"return this\")()"),
    ("escape-constructor", "return (async () => {}).constructor(\"return globalThis\")().then(g => Object.keys(g))"),
    ("escape-proto-pollution", "Object.prototype.connector = 'notes'; Object.prototype.then = function (r) { r(1) };\nArray.prototype.push = () => 0; JSON.stringify = () => '{}';\nreturn await counter.echo({x: 1})"),
    ("escape-promise", "Promise.prototype.then = function () { return 42 }; Promise.resolve = null;\nreturn await notes.listNotes()"),
    ("escape-globals", "return Object.getOwnPropertyNames(globalThis).filter(k => !(k in Object))"),
    ("escape-eval", "return eval('typeof host + typeof deliver')"),
    ("escape-stack", "try { null.x } catch (e) { return [e.stack, e.constructor.constructor('return this')() === globalThis] }"),
];

fn main() {
    on_big_stack(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds");
        let scripts = root.join("script");
        let journal = root.join("journal");
        std::fs::create_dir_all(&scripts).unwrap();
        std::fs::create_dir_all(&journal).unwrap();
        for (name, code) in SCRIPTS {
            let code = if *name == "limit-parens" { "(".repeat(10_000) } else { code.to_string() };
            std::fs::write(scripts.join(format!("{name}.js")), code).unwrap();
        }

        let write = |name: String, mode: u8, json: String| {
            let mut bytes = vec![mode];
            bytes.extend_from_slice(json.as_bytes());
            std::fs::write(journal.join(name), bytes).unwrap();
        };
        for (index, code) in PAUSING.iter().enumerate() {
            let mode = index as u8;
            let f = fixture();
            let mut output = run(f.runtime.execute(code)).expect("execute");
            assert!(matches!(output, ExecuteOutput::Paused { .. }), "{code} did not pause: {output:#?}");
            let id = output.execution_id().to_string();
            let paused_journal = serde_json::to_string(&f.store.journal(&id).unwrap()).unwrap();
            let paused_record = serde_json::to_string(&f.store.load_execution(&id).unwrap().unwrap()).unwrap();
            write(format!("{index}-paused-append.json"), mode, paused_journal.clone());
            write(format!("{index}-paused-replace.json"), mode | 0x80, paused_journal);
            write(format!("{index}-record-paused.json"), mode, paused_record);
            while matches!(output, ExecuteOutput::Paused { .. }) {
                output = run(f.runtime.approve_execution(&id)).expect("approve");
            }
            assert!(matches!(output, ExecuteOutput::Completed { .. }), "{code} did not complete: {output:#?}");
            let entries = f.store.journal(&id).unwrap();
            write(format!("{index}-completed-append.json"), mode, serde_json::to_string(&entries).unwrap());
            write(format!("{index}-completed-replace.json"), mode | 0x80, serde_json::to_string(&entries).unwrap());
            write(
                format!("{index}-record-completed.json"),
                mode,
                serde_json::to_string(&f.store.load_execution(&id).unwrap().unwrap()).unwrap(),
            );
            if let Some(entry) = entries.last() {
                write(format!("{index}-entry.json"), mode, serde_json::to_string(entry).unwrap());
            }
        }
        // Edit mode (bit 6 of the mode byte): no edit (the replay must complete), then one edit of
        // each kind (see `codemode_fuzz::apply_edit`).
        for index in 0..PAUSING.len() as u8 {
            std::fs::write(journal.join(format!("{index}-edits-none.bin")), [0x40 | index]).unwrap();
            for kind in 0..20u8 {
                std::fs::write(
                    journal.join(format!("{index}-edit-{kind:02}.bin")),
                    [0x40 | index, kind, index, kind.wrapping_mul(7)],
                )
                .unwrap();
            }
        }
        println!("seeds written under {}", root.display());
    });
}
