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
    assert_eq!(completed(&out), json!(["el", "x |", "  x|", "a%20b%u20AC", "€ ", "<b>x</b>", "<a href=\"u\">y</a>", 124]));
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
        assert!(message.starts_with("RangeError: ") && message.contains("the limit is 16777216"), "{code}: {message}");
    }
    assert_eq!(completed(&f.execute("return escape('€'.repeat(1000)).length")), json!(6000));
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
    assert_eq!(completed(&out), json!({"order": ["sync", "q1", "p", "q2"], "typeError": "TypeError"}));
    assert!(out.report().contains("[error] uncaught in a queueMicrotask callback: Error: inside"), "{}", out.report());
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
        json!(["Fri Mar 15 2024 10:30:00 GMT+0000 (Coordinated Universal Time)",
               "Fri Mar 15 2024 10:30:00 GMT+0000 (Coordinated Universal Time)",
               "10:30:00 GMT+0000 (Coordinated Universal Time)", "Invalid Date", "Invalid Date", "Fri Mar 15 2024"])
    );
}
