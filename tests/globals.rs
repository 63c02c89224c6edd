//! Globals that model-written code expects beyond the sandbox's own (issue 14): Annex B, and the
//! web platform's `structuredClone`, `URL`, `URLSearchParams`, `TextEncoder`/`TextDecoder`,
//! `atob`/`btoa`, `crypto`, `queueMicrotask`, `DOMException`. The corpus (tests/corpus.rs)
//! compares typical uses with Node; these tests pin the edges.

mod common;

use common::*;
use serde_json::json;

#[test]
fn annex_b_methods_exist() {
    let f = fixture();
    let out = f.execute(
        "return ['hello'.substr(1, 2), '  x '.trimLeft() + '|', '  x '.trimRight() + '|', escape('a b€'), unescape('%u20AC%20'), \
         'x'.bold(), 'y'.link('u'), new Date(Date.UTC(2024, 2, 15)).getYear()]",
    );
    assert_eq!(
        completed(&out),
        json!([
            "el",
            "x |",
            "  x|",
            "a%20b%u20AC",
            "€ ",
            "<b>x</b>",
            "<a href=\"u\">y</a>",
            124
        ])
    );
}

#[test]
fn annex_b_string_builders_are_capped() {
    let f = fixture();
    // Each would build a string of more than 2^24 characters (6 per `"` or non-ASCII character).
    for code in [
        "return escape('€'.repeat(3000000)).length",
        "return 'x'.link('\"'.repeat(3000000)).length",
        "return 'x'.anchor('\"'.repeat(3000000)).length",
    ] {
        let out = f.execute(code);
        let message = error_info(&out).message;
        assert!(
            message.starts_with("RangeError: ") && message.contains("the limit is 16777216"),
            "{code}: {message}"
        );
    }
    assert_eq!(
        completed(&f.execute("return escape('€'.repeat(1000)).length")),
        json!(6000)
    );
}

#[test]
fn structured_clone_copies_data_keeps_cycles_and_refuses_functions() {
    let f = fixture();
    let out = f.execute(
        "class Point { constructor(x) { this.x = x; } } \
         const shared = {n: 1}; \
         const v = {a: [1, , 3], m: new Map([[shared, 'k']]), s: new Set([shared]), d: new Date(0), r: /x+/g, \
                    u: new Uint16Array([1, 2]), e: new RangeError('far'), p: new Point(2), w: Object('str'), big: 10n}; \
         v.self = v; \
         const c = structuredClone(v); \
         const errors = []; \
         for (const bad of [() => 1, {f() {}}, Symbol('s'), Promise.resolve(), new WeakMap()]) { \
           try { structuredClone(bad); errors.push('cloned'); } \
           catch (e) { errors.push([e.name, e.code, e instanceof Error, e instanceof DOMException]); } } \
         let list = null; for (let i = 0; i < 5000; i++) list = {i, next: list}; \
         let depth = 0; for (let n = structuredClone(list); n; n = n.next) depth++; \
         return {self: c.self === c, sharedOnce: [...c.m.keys()][0] === [...c.s][0], notSame: c.m !== v.m, \
                 hole: 1 in c.a, a: c.a.length, date: c.d.getTime(), re: [c.r.source, c.r.flags], u: Array.from(c.u), \
                 uType: c.u.constructor.name, e: [c.e instanceof RangeError, c.e.message], pointIsPlain: !(c.p instanceof Point), \
                 x: c.p.x, w: typeof c.w, big: c.big === 10n, errors, depth}",
    );
    assert_eq!(
        completed(&out),
        json!({"self": true, "sharedOnce": true, "notSame": true, "hole": false, "a": 3, "date": 0, "re": ["x+", "g"],
               "u": [1, 2], "uType": "Uint16Array", "e": [true, "far"], "pointIsPlain": true, "x": 2, "w": "object", "big": true,
               "errors": [["DataCloneError", 25, true, true], ["DataCloneError", 25, true, true], ["DataCloneError", 25, true, true],
                          ["DataCloneError", 25, true, true], ["DataCloneError", 25, true, true]],
               "depth": 5000})
    );
}

#[test]
fn queue_microtask_is_fifo_with_promise_jobs_and_reports_errors() {
    let f = fixture();
    let out = f.execute(
        "const order = []; queueMicrotask(() => order.push('q1')); Promise.resolve().then(() => order.push('p')); \
         queueMicrotask(() => { throw new Error('inside'); }); queueMicrotask(() => order.push('q2')); order.push('sync'); \
         let typeError = null; try { queueMicrotask(1); } catch (e) { typeError = e.name; } \
         await null; await null; return {order, typeError}",
    );
    assert_eq!(
        completed(&out),
        json!({"order": ["sync", "q1", "p", "q2"], "typeError": "TypeError"})
    );
    assert!(
        out.report()
            .contains("[error] uncaught in a queueMicrotask callback: Error: inside"),
        "{}",
        out.report()
    );
}

#[test]
fn text_encoder_and_decoder_handle_utf8_edges() {
    let f = fixture();
    let out = f.execute(
        "const enc = new TextEncoder(); \
         const into = new Uint8Array(5); const r = enc.encodeInto('a€b', into); \
         const short = new Uint8Array(3); const r2 = enc.encodeInto('ab€', short); \
         const lone = Array.from(enc.encode('\\uD800')); \
         let fatal = null; try { new TextDecoder('utf-8', {fatal: true}).decode(new Uint8Array([0xC3])); } catch (e) { fatal = e.name; } \
         const bytes = enc.encode('😀é'); const d = new TextDecoder(); \
         const streamed = d.decode(bytes.subarray(0, 2), {stream: true}) + '|' + d.decode(bytes.subarray(2, 5), {stream: true}) + '|' + d.decode(bytes.subarray(5)); \
         const bom = [new TextDecoder().decode(new Uint8Array([0xEF, 0xBB, 0xBF, 0x41])), new TextDecoder('utf8', {ignoreBOM: true}).decode(new Uint8Array([0xEF, 0xBB, 0xBF, 0x41])).length]; \
         let label = null; try { new TextDecoder('latin1'); } catch (e) { label = e.name; } \
         const view = new TextDecoder().decode(new DataView(enc.encode('xyz').buffer, 1)); \
         return {r, into: Array.from(into), r2, lone, fatal, streamed, bom, label, view, lossy: new TextDecoder().decode(new Uint8Array([0x61, 0xF0, 0x9F, 0x62]))}",
    );
    assert_eq!(
        completed(&out),
        json!({"r": {"read": 3, "written": 5}, "into": [0x61, 0xE2, 0x82, 0xAC, 0x62], "r2": {"read": 2, "written": 2},
               "lone": [0xEF, 0xBF, 0xBD], "fatal": "TypeError", "streamed": "|😀|é", "bom": ["A", 2], "label": "RangeError",
               "view": "yz", "lossy": "a\u{FFFD}b"})
    );
}

#[test]
fn atob_and_btoa_follow_the_forgiving_rules() {
    let f = fixture();
    let out = f.execute(
        "const errors = []; for (const f of [() => btoa('€'), () => atob('abcde'), () => atob('ab$d'), () => atob('a===')]) { \
           try { f(); errors.push('ok'); } catch (e) { errors.push(e.name); } } \
         return {errors, spaced: atob(' SGVs\\nbG8= '), unpadded: atob('SGVsbG8'), binary: btoa(String.fromCharCode(0, 255, 128)), \
                 back: Array.from(atob('AP+A'), c => c.charCodeAt(0)), empty: [btoa(''), atob('')]}",
    );
    assert_eq!(
        completed(&out),
        json!({"errors": ["InvalidCharacterError", "InvalidCharacterError", "InvalidCharacterError", "InvalidCharacterError"],
               "spaced": "Hello", "unpadded": "Hello", "binary": "AP+A", "back": [0, 255, 128], "empty": ["", ""]})
    );
}

#[test]
fn url_setters_and_search_params_stay_in_step() {
    let f = fixture();
    let out = f.execute(
        "const u = new URL('https://example.com/a/b?x=1&y=2#h'); \
         u.searchParams.append('z', 'a b'); const afterAppend = u.href; \
         u.search = '?q=1'; const params = [...u.searchParams]; \
         u.pathname = '/c d'; u.hash = ''; u.port = '8080'; u.port = 'bad'; u.hostname = 'api.example.com'; u.protocol = 'http'; \
         const relative = new URL('../x?y#z', 'https://h.test/a/b/c').href; \
         let invalid = null; try { new URL('/no-base'); } catch (e) { invalid = e.name; } \
         let badHref = null; try { u.href = 'nope'; } catch (e) { badHref = e.name; } \
         const p = new URLSearchParams([['a', '1'], ['b', '2'], ['a', '3']]); p.set('a', '9'); p.delete('b'); \
         return {afterAppend, params, href: u.href, origin: u.origin, relative, invalid, badHref, \
                 canParse: [URL.canParse('x:'), URL.canParse('nope'), URL.canParse('/p', 'https://h.test')], \
                 parse: URL.parse('nope'), p: p.toString(), size: p.size, json: JSON.stringify([u]), tag: String(p), \
                 idn: new URL('https://bücher.example/').hostname, ipv6: new URL('http://[::1]:80/').host}",
    );
    assert_eq!(
        completed(&out),
        json!({"afterAppend": "https://example.com/a/b?x=1&y=2&z=a+b#h", "params": [["q", "1"]],
               "href": "http://api.example.com:8080/c%20d?q=1", "origin": "http://api.example.com:8080",
               "relative": "https://h.test/a/x?y#z", "invalid": "TypeError", "badHref": "TypeError",
               "canParse": [true, false, true], "parse": null, "p": "a=9", "size": 1,
               "json": "[\"http://api.example.com:8080/c%20d?q=1\"]", "tag": "a=9",
               "idn": "xn--bcher-kva.example", "ipv6": "[::1]"})
    );
}

#[test]
fn crypto_values_come_from_the_seeded_generator_and_replay_identically() {
    let f = fixture();
    // The echo call's argument carries the values; the replay after the approval must issue it
    // again identically (or the run ends REPLAY_DIVERGED), and the run returns what it saw.
    let code = "const id = crypto.randomUUID(); const bytes = Array.from(crypto.getRandomValues(new Uint8Array(6))); \
                const words = Array.from(crypto.getRandomValues(new BigUint64Array(1)), String); \
                await counter.echo({id, bytes, words}); await counter.guardedBump({by: 1}); return {id, bytes, words}";
    let out = f.execute(code);
    assert_eq!(paused(&out).len(), 1);
    let first = calls(&out)
        .into_iter()
        .find(|c| c.method == "echo")
        .expect("echo")
        .args;
    let done = f.approve(out.execution_id());
    assert_eq!(completed(&done), first);
    let id = first["id"].as_str().expect("id");
    assert!(
        uuid::Uuid::parse_str(id).is_ok_and(|u| u.get_version_num() == 4),
        "{id}"
    );
    // Another run has another seed.
    let other = f.execute("return crypto.randomUUID()");
    assert_ne!(completed(&other), json!(id));
    let out = f.execute(
        "const names = []; for (const a of [new Float32Array(1), new Uint8Array(65537), [1, 2]]) { \
           try { crypto.getRandomValues(a); names.push('ok'); } catch (e) { names.push(e.name); } } \
         const big = crypto.getRandomValues(new Uint32Array(16384)); return {names, full: big.length}",
    );
    assert_eq!(
        completed(&out),
        json!({"names": ["TypeMismatchError", "QuotaExceededError", "TypeMismatchError"], "full": 16384})
    );
}

#[test]
fn dates_print_the_zone_name_like_v8() {
    let f = fixture();
    let out = f.execute(
        "const d = new Date(Date.UTC(2024, 2, 15, 10, 30)); \
         return [d.toString(), `${d}`, d.toTimeString(), String(new Date(NaN)), new Date(NaN).toTimeString(), d.toDateString()]",
    );
    assert_eq!(
        completed(&out),
        json!([
            "Fri Mar 15 2024 10:30:00 GMT+0000 (Coordinated Universal Time)",
            "Fri Mar 15 2024 10:30:00 GMT+0000 (Coordinated Universal Time)",
            "10:30:00 GMT+0000 (Coordinated Universal Time)",
            "Invalid Date",
            "Invalid Date",
            "Fri Mar 15 2024"
        ])
    );
}

#[test]
fn web_globals_are_ordinary_writable_globals() {
    let f = fixture();
    // Scripts may polyfill or replace them, as in a browser; nothing of the host is reachable
    // through them.
    let out = f.execute(
        "const d = Object.getOwnPropertyDescriptor(globalThis, 'URL'); globalThis.URL = class { }; \
         return {writable: d.writable, enumerable: d.enumerable, replaced: typeof new URL().href, \
                 names: Object.getOwnPropertyNames(new TextDecoder()).concat(Object.getOwnPropertyNames(crypto))}",
    );
    assert_eq!(
        completed(&out),
        json!({"writable": true, "enumerable": false, "replaced": "undefined", "names": ["getRandomValues", "randomUUID"]})
    );
}

/// The table in `src/globals.rs` is the sandbox's `globalThis`: every own property of a fresh
/// sandbox (besides the fixture's connectors) is in it, and every name in it is there.
#[test]
fn the_globals_table_is_the_sandboxs_global_object() {
    let f = fixture();
    let names = completed(&f.execute("return Object.getOwnPropertyNames(globalThis)"));
    let mut got: Vec<String> = names
        .as_array()
        .expect("an array")
        .iter()
        .map(|n| n.as_str().expect("a name").to_string())
        .collect();
    got.retain(|n| n != "notes" && n != "counter");
    got.sort();
    let mut table: Vec<String> = codemode_runtime::globals::GLOBALS
        .iter()
        .map(|g| g.name.to_string())
        .collect();
    table.sort();
    assert_eq!(got, table);
}

/// A connector named after any global of the table is refused when it is declared, with the clash
/// named (issue 27: an OpenAPI connector named `crypto` made every run fail `INTERNAL`), whether
/// it comes from `CODEMODE_CONNECTORS` or from Rust.
#[test]
fn a_connector_named_after_a_global_is_refused_and_names_the_clash() {
    use codemode_runtime::remote::config;
    for global in codemode_runtime::globals::GLOBALS {
        let text = format!(
            r#"[{{"name": "{}", "type": "mcp", "url": "https://d.test"}}]"#,
            global.name
        );
        let error = config::parse(&text, &|_| None, &[])
            .err()
            .unwrap_or_else(|| panic!("accepted {}", global.name));
        assert_eq!(error.code(), "INVALID_CONFIG", "{}", global.name);
        assert!(
            error.to_string().contains(&format!("`{}` is", global.name)),
            "{}: {error}",
            global.name
        );

        // A connector named `codemode` joins the sandbox's object instead (below).
        if global.name == codemode_runtime::globals::CODEMODE {
            continue;
        }
        let named = Named(global.name, &[]);
        let error = codemode_runtime::connector::ConnectorSet::new(vec![Box::new(named)])
            .err()
            .expect("refused");
        assert_eq!(error.code(), "INVALID_CONNECTOR", "{}", global.name);
    }
}

/// A connector named `codemode` (the reference's executors' default namespace) adds its methods
/// to the sandbox's `codemode`, whose own methods it may not hide, nor the names its timers are
/// journaled under (a tool `setTimeout` would be taken for a timer and never run); without one,
/// `codemode` has exactly the methods of the table, frozen either way.
#[test]
fn a_connector_named_codemode_joins_the_sandboxs_object() {
    let f = fixture();
    let own = f.execute("return [Object.keys(codemode), Object.isFrozen(codemode)]");
    assert_eq!(
        completed(&own),
        json!([codemode_runtime::globals::CODEMODE_METHODS, true])
    );

    let runtime = f.restarted(vec![Box::new(Named("codemode", &["hello"]))]);
    let out = run(runtime.execute(
        "return [await codemode.hello({ to: 'x' }), typeof codemode.search, Object.keys(codemode), Object.isFrozen(codemode), \
         (await codemode.describe('codemode.hello')).path]",
    ))
    .expect("execute");
    assert_eq!(
        completed(&out),
        json!([
            { "hello": { "to": "x" } },
            "function",
            ["search", "describe", "run", "step", "hello"],
            true,
            "codemode.hello"
        ])
    );

    let timers = &codemode_runtime::script::TIMER_METHODS;
    for method in codemode_runtime::globals::CODEMODE_METHODS
        .iter()
        .chain(timers)
    {
        let named = Named("codemode", std::slice::from_ref(method));
        let error = codemode_runtime::connector::ConnectorSet::new(vec![Box::new(named)])
            .err()
            .expect("refused");
        assert_eq!(error.code(), "INVALID_CONNECTOR", "{method}");
        assert!(error.to_string().contains("would hide"), "{error}");
    }
}

/// `execute_once`, the package's executor: the value, console lines as logs, `undefined` as no
/// result, a throw as its message, and a call needing approval as an error (nothing waits).
#[test]
fn execute_once_answers_as_an_executor() {
    let f = fixture();
    let answer =
        |code: &str| serde_json::to_value(run(f.runtime.execute_once(code))).expect("json");
    assert_eq!(
        answer(
            "console.log('a', 1); console.error('b'); return { n: await counter.bump({ by: 2 }) }"
        ),
        json!({ "result": { "n": 2 }, "logs": ["a 1", "[error] b"] })
    );
    assert_eq!(answer("return undefined"), json!({ "logs": [] }));
    assert_eq!(answer("return null"), json!({ "result": null, "logs": [] }));
    let threw = answer("throw new RangeError('nope')");
    assert_eq!(
        threw["error"],
        json!("RangeError: nope (line 1)"),
        "{threw}"
    );
    let paused = answer("return notes.createNote({ text: 'x' })");
    assert!(
        paused["error"]
            .as_str()
            .is_some_and(|e| e.contains("notes.createNote needs approval")),
        "{paused}"
    );
    let too_large = 70 * 1024;
    let refused = answer(&"x".repeat(too_large));
    let expected = codemode_runtime::Error::CodeTooLarge {
        size: too_large,
        limit: 64 * 1024,
    };
    assert_eq!(
        refused,
        json!({ "error": expected.to_string(), "logs": [] })
    );
}

/// The executor's timeout over a tool that never settles: the run stops where it waits, answers
/// `Execution timed out` with the console lines so far, and nothing after the wait runs.
#[test]
fn a_once_run_timed_out_ends_with_its_logs() {
    let f = fixture();
    let gate = std::rc::Rc::new(Gate::default());
    let runtime = f.restarted(vec![Box::new(GateConnector(gate.clone()))]);
    assert!(!runtime.time_out_once(), "nothing runs yet");
    let code = "console.log('before'); await gate.wait({}); console.log('after'); return 1";
    let (answer, timed_out) = run(async {
        let time_out = async {
            while gate.waiting() == 0 {
                futures_lite::future::yield_now().await;
            }
            runtime.time_out_once()
        };
        futures_lite::future::zip(runtime.execute_once(code), time_out).await
    });
    assert!(timed_out, "a run under way is ended");
    assert_eq!(
        serde_json::to_value(answer).expect("json"),
        json!({ "error": "Execution timed out", "logs": ["before"] })
    );
    assert_eq!(gate.calls.get(), 1);
    assert!(!runtime.time_out_once(), "the run has ended");
}

/// A connector with a name and methods that answer `{method: args}`.
struct Named(&'static str, &'static [&'static str]);

#[async_trait::async_trait(?Send)]
impl codemode_runtime::Connector for Named {
    fn name(&self) -> &str {
        self.0
    }

    fn tools(&self) -> Vec<codemode_runtime::ToolSpec> {
        self.1
            .iter()
            .map(|m| codemode_runtime::ToolSpec::new(m, "", json!({ "type": "object" })))
            .collect()
    }

    async fn execute(
        &self,
        args: serde_json::Value,
        ctx: &codemode_runtime::CallContext,
    ) -> Result<serde_json::Value, codemode_runtime::ToolError> {
        Ok(json!({ ctx.method.clone(): args }))
    }
}

/// A script naming an unknown global is told which globals there are, from the same table.
#[test]
fn the_reference_error_hint_lists_the_table() {
    let f = fixture();
    let message = error_info(&f.execute("return fetch('https://x.test')")).message;
    for global in codemode_runtime::globals::GLOBALS
        .iter()
        .filter(|g| g.origin != codemode_runtime::globals::Origin::Standard)
    {
        assert!(
            message.contains(global.name),
            "{} missing from: {message}",
            global.name
        );
    }
    assert!(message.contains("notes, counter"), "{message}");
}
