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
