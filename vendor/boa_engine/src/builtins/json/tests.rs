use boa_macros::js_str;
use indoc::indoc;

use crate::{JsNativeErrorKind, JsValue, TestAction, js_string, run_test_actions};

#[test]
fn json_sanity() {
    run_test_actions([
        TestAction::assert_eq(r#"JSON.parse('{"aaa":"bbb"}').aaa"#, js_str!("bbb")),
        TestAction::assert_eq(
            r#"JSON.stringify({aaa: 'bbb'})"#,
            js_string!(r#"{"aaa":"bbb"}"#),
        ),
    ]);
}

#[test]
fn json_stringify_remove_undefined_values_from_objects() {
    run_test_actions([TestAction::assert_eq(
        r#"JSON.stringify({ aaa: undefined, bbb: 'ccc' })"#,
        js_string!(r#"{"bbb":"ccc"}"#),
    )]);
}

#[test]
fn json_stringify_remove_function_values_from_objects() {
    run_test_actions([TestAction::assert_eq(
        r#"JSON.stringify({ aaa: () => {}, bbb: 'ccc' })"#,
        js_string!(r#"{"bbb":"ccc"}"#),
    )]);
}

#[test]
fn json_stringify_remove_symbols_from_objects() {
    run_test_actions([TestAction::assert_eq(
        r#"JSON.stringify({ aaa: Symbol(), bbb: 'ccc' })"#,
        js_string!(r#"{"bbb":"ccc"}"#),
    )]);
}

#[test]
fn json_stringify_replacer_array_strings() {
    run_test_actions([TestAction::assert_eq(
        r#"JSON.stringify({aaa: 'bbb', bbb: 'ccc', ccc: 'ddd'}, ['aaa', 'bbb'])"#,
        js_string!(r#"{"aaa":"bbb","bbb":"ccc"}"#),
    )]);
}

#[test]
fn json_stringify_replacer_array_numbers() {
    run_test_actions([TestAction::assert_eq(
        r#"JSON.stringify({ 0: 'aaa', 1: 'bbb', 2: 'ccc'}, [1, 2])"#,
        js_string!(r#"{"1":"bbb","2":"ccc"}"#),
    )]);
}

#[test]
fn json_stringify_replacer_function() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
            JSON.stringify({ aaa: 1, bbb: 2}, (key, value) => {
                if (key === 'aaa') {
                    return undefined;
                }

                return value;
            })
        "#},
        js_string!(r#"{"bbb":2}"#),
    )]);
}

#[test]
fn json_stringify_arrays() {
    run_test_actions([TestAction::assert_eq(
        "JSON.stringify(['a', 'b'])",
        js_string!(r#"["a","b"]"#),
    )]);
}

#[test]
fn json_stringify_object_array() {
    run_test_actions([TestAction::assert_eq(
        "JSON.stringify([{a: 'b'}, {b: 'c'}])",
        js_string!(r#"[{"a":"b"},{"b":"c"}]"#),
    )]);
}

#[test]
fn json_stringify_array_converts_undefined_to_null() {
    run_test_actions([TestAction::assert_eq(
        "JSON.stringify([undefined])",
        js_str!("[null]"),
    )]);
}

#[test]
fn json_stringify_array_converts_function_to_null() {
    run_test_actions([TestAction::assert_eq(
        "JSON.stringify([() => {}])",
        js_str!("[null]"),
    )]);
}

#[test]
fn json_stringify_array_converts_symbol_to_null() {
    run_test_actions([TestAction::assert_eq(
        "JSON.stringify([Symbol()])",
        js_str!("[null]"),
    )]);
}
#[test]
fn json_stringify_function_replacer_propagate_error() {
    run_test_actions([TestAction::assert_opaque_error(
        "JSON.stringify({x: 1}, (key, value) => { throw 1 })",
        1,
    )]);
}

#[test]
fn json_stringify_function() {
    run_test_actions([TestAction::assert_eq(
        "JSON.stringify(() => {})",
        JsValue::undefined(),
    )]);
}

#[test]
fn json_stringify_undefined() {
    run_test_actions([TestAction::assert_eq(
        "JSON.stringify(undefined)",
        JsValue::undefined(),
    )]);
}

#[test]
fn json_stringify_symbol() {
    run_test_actions([TestAction::assert_eq(
        "JSON.stringify(Symbol())",
        JsValue::undefined(),
    )]);
}

#[test]
fn json_stringify_no_args() {
    run_test_actions([TestAction::assert_eq(
        "JSON.stringify()",
        JsValue::undefined(),
    )]);
}

#[test]
fn json_stringify_fractional_numbers() {
    run_test_actions([TestAction::assert_eq("JSON.stringify(1.2)", js_str!("1.2"))]);
}

#[test]
fn json_stringify_pretty_print() {
    run_test_actions([TestAction::assert_eq(
        r#"JSON.stringify({a: "b", b: "c"}, undefined, 4)"#,
        js_string!(indoc! {r#"
            {
                "a": "b",
                "b": "c"
            }"#
        }),
    )]);
}

#[test]
fn json_stringify_pretty_print_four_spaces() {
    run_test_actions([TestAction::assert_eq(
        r#"JSON.stringify({a: "b", b: "c"}, undefined, 4.3)"#,
        js_string!(indoc! {r#"
            {
                "a": "b",
                "b": "c"
            }"#
        }),
    )]);
}

#[test]
fn json_stringify_pretty_print_twenty_spaces() {
    run_test_actions([TestAction::assert_eq(
        r#"JSON.stringify({a: "b", b: "c"}, undefined, 20)"#,
        js_string!(indoc! {r#"
            {
                      "a": "b",
                      "b": "c"
            }"#
        }),
    )]);
}

#[test]
fn json_stringify_pretty_print_with_number_object() {
    run_test_actions([TestAction::assert_eq(
        r#"JSON.stringify({a: "b", b: "c"}, undefined, new Number(10))"#,
        js_string!(indoc! {r#"
            {
                      "a": "b",
                      "b": "c"
            }"#
        }),
    )]);
}

#[test]
fn json_stringify_pretty_print_bad_space_argument() {
    run_test_actions([TestAction::assert_eq(
        r#"JSON.stringify({a: "b", b: "c"}, undefined, [])"#,
        js_string!(r#"{"a":"b","b":"c"}"#),
    )]);
}

#[test]
fn json_stringify_pretty_print_with_too_long_string() {
    run_test_actions([TestAction::assert_eq(
        r#"JSON.stringify({a: "b", b: "c"}, undefined, "abcdefghijklmn")"#,
        js_string!(indoc! {r#"
            {
            abcdefghij"a": "b",
            abcdefghij"b": "c"
            }"#
        }),
    )]);
}

#[test]
fn json_stringify_pretty_print_with_string_object() {
    run_test_actions([TestAction::assert_eq(
        r#"JSON.stringify({a: "b", b: "c"}, undefined, new String("abcd"))"#,
        js_string!(indoc! {r#"
            {
            abcd"a": "b",
            abcd"b": "c"
            }"#
        }),
    )]);
}

#[test]
fn json_parse_array_with_reviver() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::run(indoc! {r#"
                function reviver(k, v){
                    if (typeof v == 'number') {
                        return v * 2;
                    } else {
                        return v;
                    }
                }
            "#}),
        TestAction::assert("arrayEquals(JSON.parse('[1,2,3,4]', reviver), [2,4,6,8])"),
    ]);
}

#[test]
fn json_parse_object_with_reviver() {
    run_test_actions([
        TestAction::run(indoc! {r#"
                var jsonString = JSON.stringify({
                    firstname: "boa",
                    lastname: "snake"
                });

                function dataReviver(key, value) {
                    if (key == 'lastname') {
                        return 'interpreter';
                    } else {
                        return value;
                    }
                }

                var jsonObj = JSON.parse(jsonString, dataReviver);
            "#}),
        TestAction::assert_eq("jsonObj.firstname", js_str!("boa")),
        TestAction::assert_eq("jsonObj.lastname", js_str!("interpreter")),
    ]);
}

#[test]
fn json_parse_sets_prototypes() {
    run_test_actions([
        TestAction::run(indoc! {r#"
                const jsonString = "{\"ob\":{\"ject\":1},\"arr\": [0,1]}";
                const jsonObj = JSON.parse(jsonString);
            "#}),
        TestAction::assert("Object.getPrototypeOf(jsonObj.ob) === Object.prototype"),
        TestAction::assert("Object.getPrototypeOf(jsonObj.arr) === Array.prototype"),
    ]);
}

#[test]
fn json_fields_should_be_enumerable() {
    run_test_actions([
        TestAction::assert(indoc! {r#"
                var a = JSON.parse('{"x":0}');
                a.propertyIsEnumerable('x')
            "#}),
        TestAction::assert(indoc! {r#"
                var b = JSON.parse('[0, 1]');
                b.propertyIsEnumerable('0');
            "#}),
    ]);
}

#[test]
fn json_parse_with_no_args_throws_syntax_error() {
    run_test_actions([TestAction::assert_native_error(
        "JSON.parse();",
        JsNativeErrorKind::Syntax,
        "\"undefined\" is not valid JSON",
    )]);
}

#[test]
fn json_stringify_cyclic_object_throws_type_error() {
    run_test_actions([TestAction::assert_native_error(
        "var a = {}; a.a = a; JSON.stringify(a);",
        JsNativeErrorKind::Type,
        "Converting circular structure to JSON\n    --> starting at object with constructor 'Object'\n    --- property 'a' closes the circle",
    )]);
}

#[test]
fn json_stringify_cyclic_array_throws_type_error() {
    run_test_actions([TestAction::assert_native_error(
        "var a = []; a[0] = a; JSON.stringify(a);",
        JsNativeErrorKind::Type,
        "Converting circular structure to JSON\n    --> starting at object with constructor 'Array'\n    --- index 0 closes the circle",
    )]);
}

#[test]
fn json_stringify_cyclic_nested_object_throws_type_error() {
    run_test_actions([TestAction::assert_native_error(
        "var a = {}; var b = { a }; a.b = b; JSON.stringify(a);",
        JsNativeErrorKind::Type,
        "Converting circular structure to JSON\n    --> starting at object with constructor 'Object'\n    |     property 'b' -> object with constructor 'Object'\n    --- property 'a' closes the circle",
    )]);
}

/// codemode-runtime patch: `JSON.parse`'s records take shared shapes, as object literals do:
/// two records with the same keys in the same order have one shape (a unique shape per object
/// was a property table in each: 713 → 153 bytes a nested record, wasm32).
#[test]
fn json_parse_records_share_a_shape() {
    run_test_actions([TestAction::inspect_context(|context| {
        let parsed = context
            .eval(crate::Source::from_bytes(
                r#"JSON.parse('[{"id":1,"tags":["a"],"meta":{"ok":true}},{"id":2,"tags":["b"],"meta":{"ok":false}}]')"#,
            ))
            .expect("parses");
        let array = parsed.as_object().expect("an array");
        let record = |i: u32, key: &str, context: &mut crate::Context| {
            let item = array.get(i, context).expect("item");
            let item = item.as_object().expect("an object").clone();
            if key.is_empty() {
                item
            } else {
                item.get(js_string!(key), context)
                    .expect("member")
                    .as_object()
                    .expect("an object")
                    .clone()
            }
        };
        for key in ["", "meta"] {
            let (first, second) = (record(0, key, context), record(1, key, context));
            let (first, second) = (first.borrow(), second.borrow());
            let (first, second) = (&first.properties().shape, &second.properties().shape);
            assert!(first.is_shared(), "{key}: a shared shape");
            assert_eq!(first.to_addr_usize(), second.to_addr_usize(), "{key}: one shape");
        }
    })]);
}

/// codemode-runtime patch: members as `CreateDataProperty` gives them, whatever the shape:
/// a repeated key keeps its first place and takes the last value, `__proto__` is an own
/// property, index keys are elements, an object of 2,000 keys (past the shared shapes'
/// transition bound) keeps them all, and short values from the cache of values are the right
/// ones when many share its slots.
#[test]
fn json_parse_members_with_shared_shapes() {
    run_test_actions([
        TestAction::assert_eq(
            r#"JSON.stringify(JSON.parse('{"a":1,"b":2,"a":3}'))"#,
            js_string!(r#"{"a":3,"b":2}"#),
        ),
        TestAction::assert_eq(
            r#"(() => { const o = JSON.parse('{"__proto__":{"x":1},"y":2}');
                return Object.getPrototypeOf(o) === Object.prototype && o.__proto__.x === 1
                    && Object.keys(o).join() === '__proto__,y'; })()"#,
            true,
        ),
        TestAction::assert_eq(
            r#"Object.keys(JSON.parse('{"b":1,"2":2,"a":3,"0":4}')).join()"#,
            js_str!("0,2,b,a"),
        ),
        TestAction::assert_eq(
            indoc! {r#"
                (() => {
                    const big = {};
                    for (let i = 0; i < 2000; i++) big['k' + i] = i;
                    const text = JSON.stringify(big);
                    const back = JSON.parse(text);
                    back.k1999 += 1;
                    delete back.k0;
                    return JSON.stringify(JSON.parse(text)) === text && back.k1999 === 2000
                        && Object.keys(back).length === 1999;
                })()
            "#},
            true,
        ),
        TestAction::assert_eq(
            indoc! {r#"
                (() => {
                    const values = [];
                    for (let i = 0; i < 5000; i++) values.push((i * 7919).toString(36).slice(0, 1 + i % 10));
                    const text = JSON.stringify({ values, again: values });
                    const back = JSON.parse(text);
                    return JSON.stringify(back) === text && back.values.every((v, i) => v === values[i]);
                })()
            "#},
            true,
        ),
        TestAction::assert_eq(
            r#"(() => { const o = JSON.parse('{"a":1,"b":2,"c":3,"d":4,"e":5}'); o.f = 6;
                return Object.values(o).join(); })()"#,
            js_str!("1,2,3,4,5,6"),
        ),
    ]);
}

/// codemode-runtime patch: objects built at the shape of their key list (`JsonShapes`) have
/// the members `CreateDataProperty` gives them, whatever the list: keys in other orders, a
/// repeated key, index keys, an escaped key, `__proto__`, nested records, objects past the
/// shared shapes' transition bound; they stay ordinary extensible objects. Expected: Node.
#[test]
fn json_parse_key_lists() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
                (() => {
                  const text = '[' + [
                    '{"id":1,"name":"a","tags":["x","y"]}',
                    '{"id":2,"name":"b","tags":[]}',
                    '{"id":3,"tags":[1],"name":"c"}',
                    '{"id":4,"name":"d","id":5}',
                    '{"2":"two","id":6,"1":"one"}',
                    '{"na\\u006de":"e","id":7}',
                    '{"__proto__":{"p":1},"id":8}',
                    '{}',
                    '{"id":9,"name":"f","tags":["z"],"extra":{"id":10,"name":"g"}}',
                    '{"id":11,"name":"h","tags":["w"]}',
                  ].join(',') + ']';
                  const rows = JSON.parse(text);
                  const out = rows.map((r) => Object.keys(r).join('.') + '=' + JSON.stringify(r) + ':' + (Object.getPrototypeOf(r) === Object.prototype));
                  const d = Object.getOwnPropertyDescriptor(rows[0], 'name');
                  out.push([d.writable, d.enumerable, d.configurable].join());
                  rows[1].name = 'changed'; delete rows[9].tags; rows[0].more = 1;
                  out.push(JSON.stringify([rows[0], rows[1], rows[9]]), rows[8].extra.name, rows[6].p, typeof rows[6].__proto__);
                  const wide = JSON.parse('{' + Array.from({ length: 1100 }, (_, i) => `"k${i}":${i}`).join(',') + '}');
                  const wide2 = JSON.parse('{' + Array.from({ length: 1100 }, (_, i) => `"k${i}":${i * 2}`).join(',') + '}');
                  out.push(Object.keys(wide).length, wide.k1099, wide2.k1099, wide2.k0, Object.keys(wide2)[1050]);
                  return out.join('|');
                })()
        "#},
        js_string!("id.name.tags={\"id\":1,\"name\":\"a\",\"tags\":[\"x\",\"y\"]}:true|id.name.tags={\"id\":2,\"name\":\"b\",\"tags\":[]}:true|id.tags.name={\"id\":3,\"tags\":[1],\"name\":\"c\"}:true|id.name={\"id\":5,\"name\":\"d\"}:true|1.2.id={\"1\":\"one\",\"2\":\"two\",\"id\":6}:true|name.id={\"name\":\"e\",\"id\":7}:true|__proto__.id={\"__proto__\":{\"p\":1},\"id\":8}:true|={}:true|id.name.tags.extra={\"id\":9,\"name\":\"f\",\"tags\":[\"z\"],\"extra\":{\"id\":10,\"name\":\"g\"}}:true|id.name.tags={\"id\":11,\"name\":\"h\",\"tags\":[\"w\"]}:true|true,true,true|[{\"id\":1,\"name\":\"a\",\"tags\":[\"x\",\"y\"],\"more\":1},{\"id\":2,\"name\":\"changed\",\"tags\":[]},{\"id\":11,\"name\":\"h\"}]|g||object|1100|1099|2198|0|k1050"),
    )]);
}

/// codemode-runtime patch: `toJSON` is looked up only where it could be found
/// (`has_no_to_json`): one added to `Object.prototype` or `Array.prototype`, a getter on a
/// prototype, one added by a getter while serialising, a proxy in the prototype chain; and
/// the cycle message, whose keys are put into words only when it is thrown. Expected: Node.
#[test]
fn json_stringify_to_json_lookups() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
                (() => {
                  const out = [];
                  const rows = [{ a: 1, b: [1, 2] }, { a: 2, b: [] }];
                  out.push(JSON.stringify(rows));
                  Object.prototype.toJSON = function (k) { return 'O' + k; };
                  out.push(JSON.stringify(rows), JSON.stringify({ x: [1] }));
                  delete Object.prototype.toJSON;
                  Array.prototype.toJSON = function (k) { return 'A' + k + this.length; };
                  out.push(JSON.stringify(rows));
                  delete Array.prototype.toJSON;
                  let calls = 0;
                  const proto = { get toJSON() { calls++; return undefined; } };
                  out.push(JSON.stringify([Object.create(proto), { __proto__: proto, v: 1 }]), calls);
                  const late = { a: { get b() { Object.prototype.toJSON = () => 'late'; return 1; } }, c: { d: 1 } };
                  out.push(JSON.stringify(late));
                  delete Object.prototype.toJSON;
                  const p = new Proxy({}, { get(t, k) { if (k === 'toJSON') return () => 'proxied'; return undefined; } });
                  out.push(JSON.stringify([Object.create(p), { inner: Object.create(Object.create(p)) }]));
                  out.push(JSON.stringify({ d: new Date(0), m: new Map(), n: Object.create(null) }));
                  const c = { name: 'c', list: [{ deep: {} }] };
                  c.list[0].deep.back = c;
                  try { JSON.stringify(c); } catch (e) { out.push(e.message); }
                  const e = { '': {} };
                  e[''].self = e;
                  try { JSON.stringify(e); } catch (err) { out.push(err.message); }
                  return out.join('|');
                })()
        "#},
        js_string!("[{\"a\":1,\"b\":[1,2]},{\"a\":2,\"b\":[]}]|\"O\"|\"O\"|\"A2\"|[{},{\"v\":1}]|2|{\"a\":{\"b\":1},\"c\":\"late\"}|[\"proxied\",{\"inner\":\"proxied\"}]|{\"d\":\"1970-01-01T00:00:00.000Z\",\"m\":{},\"n\":{}}|Converting circular structure to JSON\n    --> starting at object with constructor 'Object'\n    |     property 'list' -> object with constructor 'Array'\n    |     index 0 -> object with constructor 'Object'\n    |     property 'deep' -> object with constructor 'Object'\n    --- property 'back' closes the circle|Converting circular structure to JSON\n    --> starting at object with constructor 'Object'\n    |     <anonymous> -> object with constructor 'Object'\n    --- property 'self' closes the circle"),
    )]);
}

/// codemode-runtime patch: `JSON.parse` refuses a text nested deeper than the host's
/// `RuntimeLimits::json_depth_limit` (every container counts, an empty one too; brackets in
/// strings do not) with a `RangeError`, before it builds anything; a syntax error earlier in
/// the text is reported first.
#[test]
fn json_parse_depth_limit() {
    const TOO_DEEP: &str = "JSON nested more than 4 levels deep";
    run_test_actions([
        TestAction::inspect_context(|context| {
            context.runtime_limits_mut().set_json_depth_limit(4);
        }),
        TestAction::assert_eq(r#"JSON.parse('[[{"a":[1]}]]')[0][0].a[0]"#, 1),
        TestAction::assert_eq(r#"JSON.parse('[[1],[2],[3],[4],[5]]').length"#, 5),
        TestAction::assert_eq(
            r#"JSON.parse('["[[[[", "\\"[[[[", "\\\\", {"k]": "{{{{"}]').length"#,
            4,
        ),
        TestAction::assert_native_error(
            r#"JSON.parse('[[{"a":[[1]]}]]')"#,
            JsNativeErrorKind::Range,
            TOO_DEEP,
        ),
        TestAction::assert_native_error(
            "JSON.parse('[[[[[]]]]]')",
            JsNativeErrorKind::Range,
            TOO_DEEP,
        ),
        TestAction::assert_native_error(
            "JSON.parse('[[[[[]]]]]', (k, v) => v)",
            JsNativeErrorKind::Range,
            TOO_DEEP,
        ),
        TestAction::assert_native_error(
            "JSON.parse('[1 [[[[[]]]]]]')",
            JsNativeErrorKind::Syntax,
            "Expected ',' or ']' after array element in JSON at position 3 (line 1 column 4)",
        ),
    ]);
}
