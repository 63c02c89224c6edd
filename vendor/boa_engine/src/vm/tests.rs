use crate::error::RuntimeLimitError;
use crate::vm::CallFrame;
use crate::vm::call_frame::CallFrameLocation;
use crate::vm::source_info::SourcePath;
use crate::{
    Context, JsNativeErrorKind, JsValue, NativeFunction, TestAction, js_string,
    property::Attribute, run_test_actions, run_test_actions_with,
};
use boa_ast::Position;
use boa_macros::js_str;
use boa_parser::Source;
use indoc::indoc;

#[test]
fn typeof_string() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
            const a = "hello";
            typeof a;
        "#},
        js_str!("string"),
    )]);
}

#[test]
fn typeof_number() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
            let a = 1234;
            typeof a;
        "#},
        js_str!("number"),
    )]);
}

#[test]
fn basic_op() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
            const a = 1;
            const b = 2;
            a + b
        "#},
        3,
    )]);
}

#[test]
fn position() {
    let context = &mut Context::default();
    context
        .register_global_callable(
            js_string!("check_stack"),
            2,
            NativeFunction::from_copy_closure(|_, _, context| {
                let frame = context.stack_trace().collect::<Vec<&CallFrame>>();

                assert_eq!(frame.len(), 4);
                assert_eq!(
                    frame[0].position(),
                    CallFrameLocation {
                        function_name: js_string!("myOtherFunction"),
                        path: SourcePath::None,
                        position: Some(Position::new(2, 16))
                    }
                );
                assert_eq!(
                    frame[1].position(),
                    CallFrameLocation {
                        function_name: js_string!("<eval>"),
                        path: SourcePath::Eval,
                        position: Some(Position::new(1, 16))
                    }
                );
                assert_eq!(
                    frame[2].position(),
                    CallFrameLocation {
                        function_name: js_string!("myFunction"),
                        path: SourcePath::None,
                        position: Some(Position::new(5, 9))
                    }
                );
                assert_eq!(
                    frame[3].position(),
                    CallFrameLocation {
                        function_name: js_string!("<main>"),
                        path: SourcePath::None,
                        position: Some(Position::new(8, 11))
                    }
                );
                Ok(JsValue::undefined())
            }),
        )
        .expect("Could not register function");
    run_test_actions_with(
        [TestAction::run(indoc! {r#"
            const myOtherFunction = () => {
                check_stack();
            };
            function myFunction() {
                eval("myOtherFunction()");
            }

            myFunction();
        "#})],
        context,
    );
}

#[test]
fn try_catch_finally_from_init() {
    // the initialisation of the array here emits a PopOnReturnAdd op
    //
    // here we test that the stack is not popped more than intended due to multiple catches in the
    // same function, which could lead to VM stack corruption
    run_test_actions([TestAction::assert_opaque_error(
        indoc! {r#"
            try {
                [(() => {throw "h";})()];
            } catch (x) {
                throw "h";
            } finally {
            }
        "#},
        js_str!("h"),
    )]);
}

#[test]
fn multiple_catches() {
    // see explanation on `try_catch_finally_from_init`
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
            try {
                try {
                    [(() => {throw "h";})()];
                } catch (x) {
                    throw "h";
                }
            } catch (y) {
            }
        "#},
        JsValue::undefined(),
    )]);
}

#[test]
fn use_last_expr_try_block() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
            try {
                19;
                7.5;
                "Hello!";
            } catch (y) {
                14;
                "Bye!"
            }
        "#},
        js_str!("Hello!"),
    )]);
}

#[test]
fn use_last_expr_catch_block() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
            try {
                throw Error("generic error");
                19;
                7.5;
            } catch (y) {
                14;
                "Hello!";
            }
        "#},
        js_str!("Hello!"),
    )]);
}

#[test]
fn no_use_last_expr_finally_block() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
            try {
            } catch (y) {
            } finally {
                "Unused";
            }
        "#},
        JsValue::undefined(),
    )]);
}

#[test]
fn finally_block_binding_env() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
            let buf = "Hey hey";
            try {
            } catch (y) {
            } finally {
                let x = " people";
                buf += x;
            }
            buf
        "#},
        js_str!("Hey hey people"),
    )]);
}

#[test]
fn run_super_method_in_object() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
            let proto = {
                m() { return "super"; }
            };
            let obj = {
                v() { return super.m(); }
            };
            Object.setPrototypeOf(obj, proto);
            obj.v();
        "#},
        js_str!("super"),
    )]);
}

#[test]
fn get_reference_by_super() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
            var fromA, fromB;
            var A = { fromA: 'a', fromB: 'a' };
            var B = { fromB: 'b' };
            Object.setPrototypeOf(B, A);
            var obj = {
                fromA: 'c',
                fromB: 'c',
                method() {
                    fromA = (() => { return super.fromA; })();
                    fromB = (() => { return super.fromB; })();
                }
            };
            Object.setPrototypeOf(obj, B);
            obj.method();
            fromA + fromB
        "#},
        js_str!("ab"),
    )]);
}

#[test]
fn super_call_constructor_null() {
    run_test_actions([TestAction::assert_native_error(
        indoc! {r#"
            class A extends Object {
                constructor() {
                    Object.setPrototypeOf(A, null);
                    super(A);
                }
            }
            new A();
        "#},
        JsNativeErrorKind::Type,
        "super constructor object must be constructor",
    )]);
}

#[test]
fn super_call_get_constructor_before_arguments_execution() {
    run_test_actions([TestAction::assert(indoc! {r#"
        class A extends Object {
            constructor() {
                super(Object.setPrototypeOf(A, null));
            }
        }
        new A() instanceof A;
    "#})]);
}

#[test]
fn order_of_execution_in_assignment() {
    run_test_actions([
        TestAction::run(indoc! {r#"
                let i = 0;
                let array = [[]];

                array[i++][i++] = i++;
            "#}),
        TestAction::assert_eq("i", 3),
        TestAction::assert_eq("array.length", 1),
        TestAction::assert_eq("array[0].length", 2),
    ]);
}

#[test]
fn order_of_execution_in_assignment_with_comma_expressions() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
            let result = "";
            function f(i) {
                result += i;
            }
            let a = [[]];
            (f(1), a)[(f(2), 0)][(f(3), 0)] = (f(4), 123);
            result
        "#},
        js_str!("1234"),
    )]);
}

#[test]
fn loop_runtime_limit() {
    run_test_actions([
        TestAction::assert_eq(
            indoc! {r#"
                for (let i = 0; i < 20; ++i) { }
            "#},
            JsValue::undefined(),
        ),
        TestAction::inspect_context(|context| {
            context.runtime_limits_mut().set_loop_iteration_limit(10);
        }),
        TestAction::assert_runtime_limit_error(
            indoc! {r#"
                for (let i = 0; i < 20; ++i) { }
            "#},
            RuntimeLimitError::LoopIteration,
        ),
        TestAction::assert_eq(
            indoc! {r#"
                for (let i = 0; i < 10; ++i) { }
            "#},
            JsValue::undefined(),
        ),
        TestAction::assert_runtime_limit_error(
            indoc! {r#"
                while (1) { }
            "#},
            RuntimeLimitError::LoopIteration,
        ),
    ]);
}

#[test]
fn recursion_runtime_limit() {
    run_test_actions([
        TestAction::run(indoc! {r#"
            function factorial(n) {
                if (n == 0) {
                    return 1;
                }

                return n * factorial(n - 1);
            }
        "#}),
        TestAction::assert_eq("factorial(8)", JsValue::new(40_320)),
        TestAction::assert_eq("factorial(11)", JsValue::new(39_916_800)),
        TestAction::inspect_context(|context| {
            context.runtime_limits_mut().set_recursion_limit(10);
        }),
        TestAction::assert_native_error(
            "factorial(11)",
            JsNativeErrorKind::Range,
            "Maximum call stack size exceeded",
        ),
        TestAction::assert_eq("factorial(8)", JsValue::new(40_320)),
        TestAction::assert_native_error(
            indoc! {r#"
                function x() {
                    x()
                }

                x()
            "#},
            JsNativeErrorKind::Range,
            "Maximum call stack size exceeded",
        ),
    ]);
}

#[test]
fn arguments_object_constructor_valid_index() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
            let args;
            function F(a = 1) {
                args = arguments;
            }
            new F();
            typeof args
        "#},
        js_str!("object"),
    )]);
}

#[test]
fn empty_return_values() {
    run_test_actions([
        TestAction::run(indoc! {r#"do {{}} while (false);"#}),
        TestAction::run(indoc! {r#"do try {{}} catch {} while (false);"#}),
        TestAction::run(indoc! {r#"do {} while (false);"#}),
        TestAction::run(indoc! {r#"do try {{}{}} catch {} while (false);"#}),
        TestAction::run(indoc! {r#"do {{}{}} while (false);"#}),
        TestAction::run(indoc! {r#"do {;{}} while (false);"#}),
        TestAction::run(indoc! {r#"do {e: {}} while (false);"#}),
        TestAction::run(indoc! {r#"do {e: ;} while (false);"#}),
        TestAction::run(indoc! {r#"do { break } while (false);"#}),
        TestAction::run(indoc! {r#"while (true) a: break"#}),
        TestAction::run(indoc! {r#"while (true) a: {"a"; break};"#}),
        TestAction::run(indoc! {r#"do {"a";{}} while (false);"#}),
        TestAction::run(indoc! {r#"
            switch (false) {
                default: {}
            }
        "#}),
        TestAction::run(indoc! {r#"
            switch (false) {
                default: {}{}
            }
        "#}),
        TestAction::run(indoc! {r#"
            switch (false) {
                default: ;{}{}
            }
        "#}),
    ]);
}

#[test]
fn truncate_environments_on_non_caught_native_error() {
    let source = "with (new Proxy({}, {has: p => false})) {a}";
    run_test_actions([
        TestAction::assert_native_error(source, JsNativeErrorKind::Reference, "a is not defined"),
        TestAction::assert_native_error(source, JsNativeErrorKind::Reference, "a is not defined"),
    ]);
}

#[test]
fn super_construction_with_parameter_expression() {
    run_test_actions([
        TestAction::run(indoc! {r#"
            class Person {
                constructor(name) {
                    this.name = name;
                }
            }

            class Student extends Person {
                constructor(name = 'unknown') {
                    super(name);
                }
            }
        "#}),
        TestAction::assert_eq("new Student().name", js_str!("unknown")),
        TestAction::assert_eq("new Student('Jack').name", js_str!("Jack")),
    ]);
}

#[test]
fn cross_context_function_call() {
    let context1 = &mut Context::default();
    let result = context1.eval(Source::from_bytes(indoc! {r"
        var global = 100;

        (function x() {
            return global;
        })
    "}));

    assert!(result.is_ok());
    let result = result.unwrap();
    assert!(result.is_callable());

    let context2 = &mut Context::default();

    context2
        .register_global_property(js_string!("func"), result, Attribute::all())
        .unwrap();

    let result = context2.eval(Source::from_bytes("func()"));

    assert_eq!(result, Ok(JsValue::new(100)));
}

// See: https://github.com/boa-dev/boa/issues/1848
#[test]
fn long_object_chain_gc_trace_stack_overflow() {
    run_test_actions([
        TestAction::run(indoc! {r#"
            let old = {};
            for (let i = 0; i < 100000; i++) {
                old = { old };
            }
        "#}),
        TestAction::inspect_context(|_| boa_gc::force_collect()),
    ]);
}

// See: https://github.com/boa-dev/boa/issues/4515
#[test]
fn recursion_in_async_gen_throws_range_error() {
    // The overflow is V8's catchable RangeError: it rejects the promise `return` gave.
    run_test_actions([
        TestAction::inspect_context(|context| {
            context.runtime_limits_mut().set_recursion_limit(128);
        }),
        TestAction::run(indoc! {r#"
            var caught;
            async function* f() {}
            f().return({
              get then() {
                this.then;
              },
            }).catch((e) => { caught = `${e.name}: ${e.message}`; });
        "#}),
        TestAction::inspect_context(|context| context.run_jobs().unwrap()),
        TestAction::assert_eq(
            "caught",
            js_string!("RangeError: Maximum call stack size exceeded"),
        ),
    ]);
}

#[test]
fn recursion_in_setter_throws_range_error() {
    run_test_actions([
        TestAction::inspect_context(|context| {
            context.runtime_limits_mut().set_recursion_limit(128);
        }),
        TestAction::assert_native_error(
            indoc! {r#"
                const obj = {
                  set x(value) {
                    this.x = value;
                  },
                };
                obj.x = 1;
            "#},
            JsNativeErrorKind::Range,
            "Maximum call stack size exceeded",
        ),
    ]);
}

/// codemode-runtime patch: an object literal's properties through the site's shape transition
/// cache (`DefineLiteralPropertyByName`) are what the ordinary define gives, each site run many
/// times so that the cache hits: repeated keys, index keys, getters before and after data
/// properties, `__proto__`, spreads, a literal frozen after it is built, and one site that sees
/// two shapes in turn. Expected values are Node's for the same scripts.
#[test]
fn object_literal_transition_cache() {
    run_test_actions([
        TestAction::assert_eq(
            indoc! {r#"
                (() => {
                  const out = [];
                  const make = (i, x) => ({ a: i, b: x, "c": i * 2, a: i + 1, "0": i, x });
                  for (let i = 0; i < 5; i++) out.push(JSON.stringify(make(i, 'v' + i)) + Object.keys(make(i, 1)).join());
                  const acc = [];
                  for (let i = 0; i < 4; i++) {
                    const o = { get a() { return i; }, a: i * 10, b: 1 };
                    const p = { a: 1, get b() { return i; }, c: 3 };
                    const q = { __proto__: { z: i }, y: 2, ...{ s: i }, t: 4 };
                    acc.push([o.a, Object.getOwnPropertyDescriptor(o, 'a').writable, p.b, p.c, q.z, q.y, q.s, q.t, Object.keys(q).join()].join(':'));
                  }
                  const frozen = [];
                  for (let i = 0; i < 3; i++) {
                    const o = { a: i, b: i };
                    if (i === 1) Object.freeze(o);
                    try { o.c = 1; } catch (e) { frozen.push(e.message); }
                    frozen.push(Object.keys(o).join() + Object.isFrozen(o));
                  }
                  return out.join('|') + '#' + acc.join('|') + '#' + frozen.join('|');
                })()
            "#},
            js_str!(r#"{"0":0,"a":1,"b":"v0","c":0,"x":"v0"}0,a,b,c,x|{"0":1,"a":2,"b":"v1","c":2,"x":"v1"}0,a,b,c,x|{"0":2,"a":3,"b":"v2","c":4,"x":"v2"}0,a,b,c,x|{"0":3,"a":4,"b":"v3","c":6,"x":"v3"}0,a,b,c,x|{"0":4,"a":5,"b":"v4","c":8,"x":"v4"}0,a,b,c,x#0:true:0:3:0:2:0:4:y,s,t|10:true:1:3:1:2:1:4:y,s,t|20:true:2:3:2:2:2:4:y,s,t|30:true:3:3:3:2:3:4:y,s,t#a,b,cfalse|a,btrue|a,b,cfalse"#),
        ),
        TestAction::assert_eq(
            indoc! {r#"
                (() => {
                  const A = { k: 'A' }, B = { k: 'B' };
                  const out = [];
                  for (let i = 0; i < 6; i++) {
                    const o = i % 3 === 2 ? { y: i } : { __proto__: i % 2 ? A : B, y: i, z: i };
                    out.push(`${o.k}${o.y}${o.z}${Object.keys(o).join('')}`);
                  }
                  return out.join('|');
                })()
            "#},
            js_str!(r#"B00yz|A11yz|undefined2undefinedy|A33yz|B44yz|undefined5undefinedy"#),
        ),
    ]);
}

/// codemode-runtime patch: property reads that hit the inline cache read the slot through the
/// borrowed object (`cached_data_read`): own and prototype data properties, a prototype's value
/// that changes, a getter on the prototype (still called), a property shadowed after the cache
/// saw the prototype's, writes and deletes, and `length` of strings, arrays and an object.
/// Expected values are Node's for the same script.
#[test]
fn cached_property_reads() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
            (() => {
              const proto = { shared: 1, get g() { return this.own * 2; } };
              const read = (o) => [o.own, o.shared, o.g, o.missing].join(',');
              const out = [];
              for (let i = 0; i < 4; i++) {
                const o = Object.create(proto);
                o.own = i;
                if (i === 2) proto.shared = 'changed';
                if (i === 3) Object.defineProperty(o, 'shared', { value: 'own' });
                out.push(read(o));
              }
              const points = [];
              for (let i = 0; i < 3; i++) points.push({ x: i, y: -i });
              let sum = 0;
              for (let r = 0; r < 3; r++) for (const p of points) sum += p.x - p.y;
              points[1].x = 100;
              delete points[2].x;
              for (const p of points) out.push(String(p.x));
              const holder = { n: 1 };
              const text = (v) => v.length;
              out.push(text('abc'), text([1, 2]), text(holder));
              return out.join('|') + '#' + sum;
            })()
        "#},
        js_str!(r#"0,1,0,|1,1,2,|2,changed,4,|3,own,6,|0|100|undefined|3|2|#18"#),
    )]);
}

/// codemode-runtime patch: the handlers whose slow and error paths are out of line (binary
/// operators, the fused compare-and-jumps, the counting loop steps) and the record a handler
/// leaves for the run loop (`Vm::completion`): errors thrown in a conversion are caught where
/// they are thrown, a `BigInt` mixed with a number throws V8's `TypeError`, loops whose counter
/// or bound is not an `i32` take the slow step, a generator's yield and return and a function's
/// throw end their frames. Expected values are Node's for the same script.
#[test]
fn handler_slow_paths_and_completions() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
                (() => {
                  const out = [];
                  const bad = { valueOf() { throw new Error('boom'); } };
                  for (let i = 0; i < 3; i++) {
                    try { out.push(i + (i === 1 ? bad : 1)); } catch (e) { out.push(e.message); }
                    try { out.push(i % (i === 2 ? 1n : 3)); } catch (e) { out.push(e.name + ':' + e.message); }
                    try { if (i < (i === 0 ? bad : 5)) out.push('lt'); } catch (e) { out.push('cmp ' + e.message); }
                    try { if (!(i >= (i === 2 ? bad : 1))) out.push('ge'); } catch (e) { out.push('ge ' + e.message); }
                  }
                  let s = 0;
                  const three = { valueOf() { return 3; } };
                  for (let j = 0; j < three; j++) s += j;
                  for (let j = 0.5; j < 3; j++) s += j;
                  for (let j = 2147483646; j <= 2147483648; j++) s += j % 10;
                  const a = [1, 2, 3];
                  for (let k = 0; k < a.length; k++) { s += a[k]; if (k === 0) a.push(4); }
                  const o = { length: 2, 0: 5, 1: 6 };
                  for (let k = 0; k < o.length; k++) s += o[k];
                  function* g() { yield 1; return 2; }
                  const it = g();
                  out.push(it.next().value, it.next().value);
                  const f = (x) => { if (x > 1) return x * 2; throw new RangeError('small ' + x); };
                  try { out.push(f(2), f(1)); } catch (e) { out.push(e.name + ' ' + e.message); }
                  return out.join('|') + '#' + s;
                })()
        "#},
        js_str!(r#"1|0|cmp boom|ge|boom|1|lt|3|TypeError:Cannot mix BigInt and other types, use explicit conversions|lt|ge boom|1|2|RangeError small 1#49.5"#),
    )]);
}

/// codemode-runtime patch: a `return` that leaves only environments behind takes its value into
/// the accumulator directly, and a plain parameter held in a register is read straight into it:
/// a sort comparator, duplicate and mapped (`arguments`) parameters, defaults and rest, a
/// captured parameter, returns through `finally` (run, and overriding), out of `for...of` loops
/// (the iterator closed), out of a block with a closure, `return;`, and a generator's return.
/// Expected values are Node's for the same script.
#[test]
fn returns_and_parameters() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
                (() => {
                  const out = [];
                  const cmp = (a, b) => b.score - a.score || (a.name < b.name ? -1 : 1);
                  out.push([{ score: 1, name: 'b' }, { score: 2, name: 'a' }, { score: 1, name: 'a' }].sort(cmp).map((r) => r.name + r.score).join());
                  function dup(a, a) { return a; }
                  function mapped(a, b) { arguments[0] = 'm'; b = 'n'; return a + arguments[1]; }
                  function defaults(a, b = a + 1, ...rest) { return [a, b, rest.length].join(':'); }
                  function captured(a) { return () => a++; }
                  const counter = captured(5);
                  counter();
                  function finallyReturn(x) { try { return x + 1; } finally { out.push('finally ' + x); } }
                  function finallyOverride(x) { try { return x; } finally { return 'over'; } }
                  function fromLoop(list) { for (const v of list) { if (v > 1) return v * 10; } return 'none'; }
                  const closed = [];
                  const iterable = { [Symbol.iterator]() { let i = 0; return { next: () => ({ value: i++, done: false }), return() { closed.push('closed'); return {}; } }; } };
                  function fromCustom() { for (const v of iterable) { if (v === 2) return v; } }
                  function fromBlock(x) { { let y = x * 2; const f = () => y; if (x) return f(); } return 'end'; }
                  function nothing() { return; }
                  function* gen(a) { yield a; return a + 1; }
                  const g = gen(3);
                  out.push(dup(1, 2), mapped(1, 2), defaults(1), defaults(1, 5, 6, 7), counter(), finallyReturn(1), finallyOverride(2),
                    fromLoop([1, 2, 3]), fromLoop([]), fromCustom(), closed.join(), fromBlock(4), fromBlock(0), String(nothing()),
                    g.next().value, g.next().value, String(g.next().value));
                  return out.join('|');
                })()
        "#},
        js_str!(r#"a2,a1,b1|finally 1|2|mn|1:2:0|1:5:2|6|2|over|20|none|2|closed|8|end|undefined|3|4|undefined"#),
    )]);
}

/// codemode-runtime patch: a computed key before a rest element in an object pattern is
/// converted once (its conversion ran again in the rest's copy, and an error there panicked),
/// in declarations, assignments and parameters. Expected: Node.
#[test]
fn computed_key_before_rest_converted_once() {
    run_test_actions([TestAction::assert_eq(
        r#"(() => { let n = 0; const k = { toString() { n++; if (n > 1) throw new Error('second'); return 'a'; } }; const { [k]: v, ...r } = { a: 1, b: 2 }; let m = 0, w, s; const k2 = { toString() { if (m++) throw new TypeError('x'); return 'b'; } }; ({ [k2]: w, ...s } = { a: 1, b: 2 }); let q = 0; const k3 = { toString() { q++; return 'a'; } }; function f({ [k3]: x, ...rest }) { return rest; } return JSON.stringify([n, v, r, m, w, s, f({ a: 3, c: 4 }), q]); })()"#,
        js_string!("[1,1,{\"b\":2},1,2,{\"a\":1},{\"c\":4},1]"),
    )]);
}
