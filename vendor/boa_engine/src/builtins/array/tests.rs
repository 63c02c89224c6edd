use super::Array;
use crate::{
    Context, JsNativeErrorKind, JsValue, TestAction, builtins::Number, js_string, run_test_actions,
};
use boa_macros::js_str;
use indoc::indoc;

#[test]
fn is_array() {
    run_test_actions([
        TestAction::assert("Array.isArray([])"),
        TestAction::assert("Array.isArray(new Array())"),
        TestAction::assert("Array.isArray(['a', 'b', 'c'])"),
        TestAction::assert("Array.isArray([1, 2, 3])"),
        TestAction::assert("!Array.isArray({})"),
        TestAction::assert("Array.isArray(new Array)"),
        TestAction::assert("!Array.isArray()"),
        TestAction::assert("!Array.isArray({ constructor: Array })"),
        TestAction::assert(
            "!Array.isArray({ push: Array.prototype.push, concat: Array.prototype.concat })",
        ),
        TestAction::assert("!Array.isArray(17)"),
        TestAction::assert("!Array.isArray({ __proto__: Array.prototype })"),
        TestAction::assert("!Array.isArray({ length: 0 })"),
    ]);
}

#[test]
fn of() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::assert("arrayEquals(Array.of(1, 2, 3), [1, 2, 3])"),
        TestAction::assert(indoc! {r#"
            arrayEquals(
                Array.of(1, 'a', [], undefined, null),
                [1, 'a', [], undefined, null]
            )
            "#}),
        TestAction::assert("arrayEquals(Array.of(), [])"),
        TestAction::run("let a = Array.of.call(Date, 'a', undefined, 3);"),
        TestAction::assert("a instanceof Date"),
        TestAction::assert_eq("a[0]", js_str!("a")),
        TestAction::assert_eq("a[1]", JsValue::undefined()),
        TestAction::assert_eq("a[2]", 3),
        TestAction::assert_eq("a.length", 3),
    ]);
}

#[test]
fn concat() {
    run_test_actions([
        TestAction::run_harness(),
        // Empty ++ Empty
        TestAction::assert("arrayEquals([].concat([]), [])"),
        // Empty ++ NonEmpty
        TestAction::assert("arrayEquals([].concat([1]), [1])"),
        // NonEmpty ++ Empty
        TestAction::assert("arrayEquals([1].concat([]), [1])"),
        // NonEmpty ++ NonEmpty
        TestAction::assert("arrayEquals([1].concat([1]), [1, 1])"),
    ]);
}

#[test]
fn copy_within() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::assert("arrayEquals([1,2,3,4,5].copyWithin(-2), [1,2,3,1,2])"),
        TestAction::assert("arrayEquals([1,2,3,4,5].copyWithin(0, 3), [4,5,3,4,5])"),
        TestAction::assert("arrayEquals([1,2,3,4,5].copyWithin(0, 3, 4), [4,2,3,4,5])"),
        TestAction::assert("arrayEquals([1,2,3,4,5].copyWithin(-2, -3, -1), [1,2,3,3,4])"),
    ]);
}

#[test]
fn join() {
    run_test_actions([
        TestAction::assert_eq("[].join('.')", js_string!()),
        TestAction::assert_eq("['a'].join('.')", js_str!("a")),
        TestAction::assert_eq("['a', 'b', 'c'].join('.')", js_str!("a.b.c")),
        TestAction::assert_eq("let a=[];a[0]=a;a[1]=a;a[2]=a;a.join()", js_str!(",,")),
    ]);
}

#[test]
fn to_string() {
    run_test_actions([
        TestAction::assert_eq("[].toString()", js_string!()),
        TestAction::assert_eq("['a'].toString()", js_str!("a")),
        TestAction::assert_eq("['a', 'b', 'c'].toString()", js_str!("a,b,c")),
    ]);
}

#[test]
fn every() {
    // taken from https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Array/every
    run_test_actions([
        TestAction::run(indoc! {r#"
                function appendingCallback(elem,index,arr) {
                    arr.push('new');
                    return elem !== "new";
                }
                function deletingCallback(elem,index,arr) {
                    arr.pop()
                    return elem < 3;
                }
            "#}),
        TestAction::assert("[11, 23, 45].every(e => e > 10)"),
        TestAction::assert("[].every(e => e < 10)"),
        TestAction::assert("![11, 23, 45].every(e => e < 10)"),
        TestAction::assert("[1,2,3,4].every(appendingCallback)"),
        TestAction::assert("[1,2,3,4].every(deletingCallback)"),
    ]);
}

#[test]
fn find() {
    run_test_actions([TestAction::assert_eq(
        "['a', 'b', 'c'].find(e => e == 'a')",
        js_str!("a"),
    )]);
}

#[test]
fn find_index() {
    run_test_actions([
        TestAction::assert_eq("[1, 2, 3].findIndex(e => e == 2)", 1),
        TestAction::assert_eq("[].findIndex(e => e == 2)", -1),
        TestAction::assert_eq("[4, 5, 6].findIndex(e => e == 2)", -1),
    ]);
}

#[test]
fn flat() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::assert("arrayEquals( [[]].flat(), [] )"),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    ['a', ['b', 'c']].flat(),
                    ['a', 'b', 'c']
                )
            "#}),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    ['a', ['b', ['c'], 'd']].flat(2),
                    ['a', 'b', 'c', 'd']
                )
            "#}),
        TestAction::assert("arrayEquals( [[[[[['a']]]]]].flat(Infinity), ['a'] )"),
    ]);
}

#[test]
fn flat_map() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    [1, 2, 3].flatMap(i => [i * 2]),
                    [2, 4, 6]
                )
            "#}),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    ["it's Sunny", "in Cali"].flatMap(x => x.split(" ")),
                    ["it's", "Sunny", "in", "Cali"]
                )
            "#}),
    ]);
}

#[test]
fn flat_map_with_hole() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::assert(indoc! {r#"
                var arr = [0, 1, 2];
                delete arr[1];
                arrayEquals(
                    arr.flatMap(i => [i * 2]),
                    [0, 4]
                )
            "#}),
    ]);
}

#[test]
fn flat_map_not_callable() {
    run_test_actions([TestAction::assert_native_error(
        indoc! {r#"
            var array = [1,2,3];
            array.flatMap("not a function");
        "#},
        JsNativeErrorKind::Type,
        "string \"not a function\" is not a function",
    )]);
}

#[test]
fn push() {
    run_test_actions([
        TestAction::run("var arr = [1, 2];"),
        TestAction::assert_eq("arr.push()", 2),
        TestAction::assert_eq("arr.push(3, 4)", 4),
        TestAction::assert_eq("arr[2]", 3),
        TestAction::assert_eq("arr[3]", 4),
    ]);
}

#[test]
fn pop() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::run(indoc! {r#"
                var one = [1];
                var many = [1, 2, 3, 4];
            "#}),
        TestAction::assert_eq("[].pop()", JsValue::undefined()),
        TestAction::assert_eq("one.pop()", 1),
        TestAction::assert("arrayEquals(one, [])"),
        TestAction::assert_eq("many.pop()", 4),
        TestAction::assert("arrayEquals(many, [1, 2, 3])"),
    ]);
}

#[test]
fn shift() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::run(indoc! {r#"
                var one = [1];
                var many = [1, 2, 3, 4];
            "#}),
        TestAction::assert_eq("[].shift()", JsValue::undefined()),
        TestAction::assert_eq("one.shift()", 1),
        TestAction::assert("arrayEquals(one, [])"),
        TestAction::assert_eq("many.shift()", 1),
        TestAction::assert("arrayEquals(many, [2, 3, 4])"),
    ]);
}

#[test]
fn unshift() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::run("var arr = [3, 4];"),
        TestAction::assert_eq("arr.unshift()", 2),
        TestAction::assert_eq("arr.unshift(1, 2)", 4),
        TestAction::assert("arrayEquals(arr, [1, 2, 3, 4])"),
    ]);
}

#[test]
fn reverse() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::run("var arr = [1, 2];"),
        TestAction::assert("arrayEquals(arr.reverse(), [2, 1])"),
        TestAction::assert("arrayEquals(arr, [2, 1])"),
    ]);
}

#[test]
fn index_of() {
    run_test_actions([
        TestAction::run(indoc! {r#"
                var one = ["a"];
                var many = ["a", "b", "c"];
                var duplicates = ["a", "b", "c", "a", "b"];
            "#}),
        // Empty
        TestAction::assert_eq("[].indexOf('a')", -1),
        // One
        TestAction::assert_eq("one.indexOf('a')", 0),
        // Missing from one
        TestAction::assert_eq("one.indexOf('b')", -1),
        // First in many
        TestAction::assert_eq("many.indexOf('a')", 0),
        // Second in many
        TestAction::assert_eq("many.indexOf('b')", 1),
        // First in duplicates
        TestAction::assert_eq("duplicates.indexOf('a')", 0),
        // Second in duplicates
        TestAction::assert_eq("duplicates.indexOf('b')", 1),
        // Positive fromIndex greater than array length
        TestAction::assert_eq("one.indexOf('a', 2)", -1),
        // Positive fromIndex missed match
        TestAction::assert_eq("many.indexOf('a', 1)", -1),
        // Positive fromIndex matched
        TestAction::assert_eq("many.indexOf('b', 1)", 1),
        // Positive fromIndex with duplicates
        TestAction::assert_eq("duplicates.indexOf('a', 1)", 3),
        // Negative fromIndex greater than array length
        TestAction::assert_eq("one.indexOf('a', -2)", 0),
        // Negative fromIndex missed match
        TestAction::assert_eq("many.indexOf('b', -1)", -1),
        // Negative fromIndex matched
        TestAction::assert_eq("many.indexOf('c', -1)", 2),
        // Negative fromIndex with duplicates
        TestAction::assert_eq("duplicates.indexOf('b', -2)", 4),
    ]);
}

#[test]
fn last_index_of() {
    run_test_actions([
        TestAction::run(indoc! {r#"
                var one = ["a"];
                var many = ["a", "b", "c"];
                var duplicates = ["a", "b", "c", "a", "b"];
            "#}),
        // Empty
        TestAction::assert_eq("[].lastIndexOf('a')", -1),
        // One
        TestAction::assert_eq("one.lastIndexOf('a')", 0),
        // Missing from one
        TestAction::assert_eq("one.lastIndexOf('b')", -1),
        // First in many
        TestAction::assert_eq("many.lastIndexOf('a')", 0),
        // Second in many
        TestAction::assert_eq("many.lastIndexOf('b')", 1),
        // 4th in duplicates
        TestAction::assert_eq("duplicates.lastIndexOf('a')", 3),
        // 5th in duplicates
        TestAction::assert_eq("duplicates.lastIndexOf('b')", 4),
        // Positive fromIndex greater than array length
        TestAction::assert_eq("one.lastIndexOf('a', 2)", 0),
        // Positive fromIndex missed match
        TestAction::assert_eq("many.lastIndexOf('c', 1)", -1),
        // Positive fromIndex matched
        TestAction::assert_eq("many.lastIndexOf('b', 1)", 1),
        // Positive fromIndex with duplicates
        TestAction::assert_eq("duplicates.lastIndexOf('a', 1)", 0),
        // Negative fromIndex greater than array length
        TestAction::assert_eq("one.lastIndexOf('a', -2)", -1),
        // Negative fromIndex missed match
        TestAction::assert_eq("many.lastIndexOf('c', -2)", -1),
        // Negative fromIndex matched
        TestAction::assert_eq("many.lastIndexOf('c', -1)", 2),
        // Negative fromIndex with duplicates
        TestAction::assert_eq("duplicates.lastIndexOf('b', -2)", 1),
    ]);
}

#[test]
fn fill_obj_ref() {
    run_test_actions([
        TestAction::run(indoc! {r#"
                let obj = {};
                let a = new Array(3).fill(obj);
                obj.hi = 'hi'
            "#}),
        TestAction::assert_eq("a[2].hi", js_str!("hi")),
    ]);
}

#[test]
fn fill() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::run("var a = [1, 2, 3];"),
        TestAction::assert("arrayEquals(a.fill(4), [4, 4, 4])"),
        // make sure the array is modified
        TestAction::assert("arrayEquals(a, [4, 4, 4])"),
        TestAction::assert("arrayEquals([1, 2, 3].fill(4, '1'), [1, 4, 4])"),
        TestAction::assert("arrayEquals([1, 2, 3].fill(4, 1, 2), [1, 4, 3])"),
        TestAction::assert("arrayEquals([1, 2, 3].fill(4, 1, 1), [1, 2, 3])"),
        TestAction::assert("arrayEquals([1, 2, 3].fill(4, 3, 3), [1, 2, 3])"),
        TestAction::assert("arrayEquals([1, 2, 3].fill(4, -3, -2), [4, 2, 3])"),
        TestAction::assert("arrayEquals([1, 2, 3].fill(4, NaN, NaN), [1, 2, 3])"),
        TestAction::assert("arrayEquals([1, 2, 3].fill(4, 3, 5), [1, 2, 3])"),
        TestAction::assert("arrayEquals([1, 2, 3].fill(4, '1.2', '2.5'), [1, 4, 3])"),
        TestAction::assert("arrayEquals([1, 2, 3].fill(4, 'str'), [4, 4, 4])"),
        TestAction::assert("arrayEquals([1, 2, 3].fill(4, 'str', 'str'), [1, 2, 3])"),
        TestAction::assert("arrayEquals([1, 2, 3].fill(4, undefined, null), [1, 2, 3])"),
        TestAction::assert("arrayEquals([1, 2, 3].fill(4, undefined, undefined), [4, 4, 4])"),
        TestAction::assert("arrayEquals([1, 2, 3].fill(), [undefined, undefined, undefined])"),
    ]);
}

#[test]
fn includes_value() {
    run_test_actions([
        TestAction::run(indoc! {r#"
                var one = ["a"];
                var many = ["a", "b", "c"];
                var duplicates = ["a", "b", "c", "a", "b"];
            "#}),
        // Empty
        TestAction::assert("![].includes('a')"),
        // One
        TestAction::assert("one.includes('a')"),
        // Missing from one
        TestAction::assert("!one.includes('b')"),
        // In many
        TestAction::assert("many.includes('b')"),
        // Missing from many
        TestAction::assert("!many.includes('d')"),
        // In duplicates
        TestAction::assert("duplicates.includes('a')"),
        // Missing from duplicates
        TestAction::assert("!duplicates.includes('d')"),
    ]);
}

#[test]
fn map() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::run(indoc! {r#"
                var one = ["x"];
                var many = ["x", "y", "z"];
            "#}),
        // Empty
        TestAction::assert("arrayEquals([].map(v => v + '_'), [])"),
        // One
        TestAction::assert("arrayEquals(one.map(v => '_' + v), ['_x'])"),
        // Many
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    many.map(v => '_' + v + '_'),
                    ['_x_', '_y_', '_z_']
                )
            "#}),
        // assert the old arrays have not been modified
        TestAction::assert("arrayEquals(one, ['x'])"),
        TestAction::assert("arrayEquals(many, ['x', 'y', 'z'])"),
        // One but it uses `this` inside the callback
        TestAction::assert(indoc! {r#"
                var _this = { answer: 42 };

                function callback() {
                    return 'The answer to life is: ' + this.answer;
                }

                arrayEquals(
                    one.map(callback, _this),
                    ['The answer to life is: 42']
                )
            "#}),
    ]);
}

#[test]
fn slice() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::assert("arrayEquals([].slice(), [])"),
        TestAction::assert("arrayEquals(['a'].slice(), ['a'])"),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    ["a", "b", "c", "d"].slice(1),
                    ["b", "c", "d"]
                )
            "#}),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    ["a", "b", "c", "d"].slice(2, 3),
                    ["c"]
                )
            "#}),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    ["a", "b", "c", "d"].slice(7),
                    []
                )
            "#}),
    ]);
}

#[test]
fn for_each() {
    run_test_actions([
        TestAction::run(indoc! {r#"
                var sum = 0;
                var indexSum = 0;
                var listLengthSum = 0;
                function callingCallback(item, index, list) {
                    sum += item;
                    indexSum += index;
                    listLengthSum += list.length;
                }
                [2, 3, 4, 5].forEach(callingCallback);
            "#}),
        TestAction::assert_eq("sum", 14),
        TestAction::assert_eq("indexSum", 6),
        TestAction::assert_eq("listLengthSum", 16),
    ]);
}

#[test]
fn for_each_push_value() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::run(indoc! {r#"
                var a = [1, 2, 3, 4];
                a.forEach((item, index, list) => list.push(item * 2));
            "#}),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    a,
                    [1, 2, 3, 4, 2, 4, 6, 8]
                )
            "#}),
    ]);
}

#[test]
fn filter() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::run("var empty = [], one = ['1'], many = ['1', '0', '1'];"),
        // Empty
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    empty.filter(v => v === "1"),
                    []
                )
            "#}),
        // One filtered on "1"
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    one.filter(v => v === "1"),
                    ["1"]
                )
            "#}),
        //  One filtered on "0"
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    one.filter(v => v === "0"),
                    []
                )
            "#}),
        // Many filtered on "1"
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    many.filter(v => v === "1"),
                    ["1", "1"]
                )
            "#}),
        //  Many filtered on "0"
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    many.filter(v => v === "0"),
                    ["0"]
                )
            "#}),
        // assert the old arrays have not been modified
        TestAction::assert("arrayEquals(one, ['1'])"),
        TestAction::assert("arrayEquals(many, ['1', '0', '1'])"),
    ]);
}

#[test]
fn some() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::run("var array = [11, 23, 45];"),
        TestAction::assert("!array.some(e => e < 10)"),
        TestAction::assert("![].some(e => e < 10)"),
        TestAction::assert("array.some(e => e > 10)"),
        TestAction::assert(indoc! {r#"
                // Cases where callback mutates the array.
                var appendArray = [1,2,3,4];
                function appendingCallback(elem, index, arr) {
                    arr.push('new');
                    return elem !== "new";
                }

                appendArray.some(appendingCallback)
            "#}),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    appendArray,
                    [1, 2, 3, 4, "new"]
                )
            "#}),
        TestAction::assert(indoc! {r#"
                var delArray = [1,2,3,4];
                function deletingCallback(elem,index,arr) {
                    arr.pop()
                    return elem < 3;
                }

                delArray.some(deletingCallback)
            "#}),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    delArray,
                    [1, 2, 3]
                )
            "#}),
    ]);
}

#[test]
fn reduce() {
    run_test_actions([
        TestAction::run(indoc! {r#"
                var arr = [1, 2, 3, 4];
                function add(acc, x) {
                    return acc + x;
                }

                function addIdx(acc, _, idx) {
                    return acc + idx;
                }

                function addLen(acc, _x, _idx, arr) {
                    return acc + arr.length;
                }

                function addResize(acc, x, idx, arr) {
                    if(idx == 0) {
                        arr.length = 3;
                    }
                    return acc + x;
                }
                var delArray = [1, 2, 3, 4, 5];
                delete delArray[0];
                delete delArray[1];
                delete delArray[3];

            "#}),
        // empty array
        TestAction::assert_eq("[].reduce(add, 0)", 0),
        // simple with initial value
        TestAction::assert_eq("arr.reduce(add, 0)", 10),
        // without initial value
        TestAction::assert_eq("arr.reduce(add)", 10),
        // with some items missing
        TestAction::assert_eq("delArray.reduce(add, 0)", 8),
        // with index
        TestAction::assert_eq("arr.reduce(addIdx, 0)", 6),
        // with array
        TestAction::assert_eq("arr.reduce(addLen, 0)", 16),
        // resizing the array as reduce progresses
        TestAction::assert_eq("arr.reduce(addResize, 0)", 6),
        // Empty array
        TestAction::assert_native_error(
            "[].reduce((acc, x) => acc + x);",
            JsNativeErrorKind::Type,
            "Reduce of empty array with no initial value",
        ),
        // Array with no defined elements
        TestAction::assert_native_error(
            indoc! {r#"
                var deleteArr = [0, 1];
                delete deleteArr[0];
                delete deleteArr[1];
                deleteArr.reduce((acc, x) => acc + x);
            "#},
            JsNativeErrorKind::Type,
            "Reduce of empty array with no initial value",
        ),
        // No callback
        TestAction::assert_native_error(
            indoc! {r#"
                var someArr = [0, 1];
                someArr.reduce('');
            "#},
            JsNativeErrorKind::Type,
            "string \"\" is not a function",
        ),
    ]);
}

#[test]
fn reduce_right() {
    run_test_actions([
        TestAction::run(indoc! {r#"
                var arr = [1, 2, 3, 4];
                function sub(acc, x) {
                    return acc - x;
                }

                function subIdx(acc, _, idx) {
                    return acc - idx;
                }

                function subLen(acc, _x, _idx, arr) {
                    return acc - arr.length;
                }

                function subResize(acc, x, idx, arr) {
                    if(idx == arr.length - 1) {
                        arr.length = 1;
                    }
                    return acc - x;
                }
                function subResize0(acc, x, idx, arr) {
                    if(idx == arr.length - 2) {
                        arr.length = 0;
                    }
                    return acc - x;
                }
                var delArray = [1, 2, 3, 4, 5];
                delete delArray[0];
                delete delArray[1];
                delete delArray[3];
            "#}),
        // empty array
        TestAction::assert_eq("[].reduceRight(sub, 0)", 0),
        // simple with initial value
        TestAction::assert_eq("arr.reduceRight(sub, 0)", -10),
        // without initial value
        TestAction::assert_eq("arr.reduceRight(sub)", -2),
        // with some items missing
        TestAction::assert_eq("delArray.reduceRight(sub, 0)", -8),
        // with index
        TestAction::assert_eq("arr.reduceRight(subIdx)", 1),
        // with array
        TestAction::assert_eq("arr.reduceRight(subLen)", -8),
        // resizing the array as reduce progresses
        TestAction::assert_eq("arr.reduceRight(subResize, 0)", -5),
        // reset array
        TestAction::run("arr = [1, 2, 3, 4];"),
        // resizing the array to 0 as reduce progresses
        TestAction::assert_eq("arr.reduceRight(subResize0, 0)", -7),
        // Empty array
        TestAction::assert_native_error(
            "[].reduceRight((acc, x) => acc + x);",
            JsNativeErrorKind::Type,
            "Reduce of empty array with no initial value",
        ),
        // Array with no defined elements
        TestAction::assert_native_error(
            indoc! {r#"
                var deleteArr = [0, 1];
                delete deleteArr[0];
                delete deleteArr[1];
                deleteArr.reduceRight((acc, x) => acc + x);
            "#},
            JsNativeErrorKind::Type,
            "Reduce of empty array with no initial value",
        ),
        // No callback
        TestAction::assert_native_error(
            indoc! {r#"
                var otherArr = [0, 1];
                otherArr.reduceRight("");
            "#},
            JsNativeErrorKind::Type,
            "string \"\" is not a function",
        ),
    ]);
}

#[test]
fn call_array_constructor_with_one_argument() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::assert("arrayEquals(new Array(0), [])"),
        TestAction::assert("arrayEquals(new Array(5), [,,,,,])"),
        TestAction::assert("arrayEquals(new Array('Hello, world!'), ['Hello, world!'])"),
    ]);
}

#[test]
fn array_values_simple() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    Array.from([1, 2, 3].values()),
                    [1, 2, 3]
                )
            "#}),
    ]);
}

#[test]
fn array_keys_simple() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    Array.from([1, 2, 3].keys()),
                    [0, 1, 2]
                )
            "#}),
    ]);
}

#[test]
fn array_entries_simple() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    Array.from([1, 2, 3].entries()),
                    [
                        [0, 1],
                        [1, 2],
                        [2, 3]
                    ]
                )
            "#}),
    ]);
}

#[test]
fn array_values_empty() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    Array.from([].values()),
                    []
                )
            "#}),
    ]);
}

#[test]
fn array_values_sparse() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::assert(indoc! {r#"
                var array = Array();
                array[3] = 5;
                arrayEquals(
                    Array.from(array.values()),
                    [undefined, undefined, undefined, 5]
                )
            "#}),
    ]);
}

#[test]
fn array_symbol_iterator() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    Array.from([1, 2, 3][Symbol.iterator]()),
                    [1, 2, 3]
                )
            "#}),
    ]);
}

#[test]
fn array_values_symbol_iterator() {
    run_test_actions([TestAction::assert(indoc! {r#"
                var iterator = [1, 2, 3].values();
                iterator === iterator[Symbol.iterator]();
            "#})]);
}

#[test]
fn array_spread_arrays() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    [1, ...[2, 3]],
                    [1, 2, 3]
                )
            "#}),
    ]);
}

#[test]
fn array_spread_non_iterable() {
    run_test_actions([TestAction::assert_native_error(
        "const array2 = [...5];",
        JsNativeErrorKind::Type,
        "5 is not iterable",
    )]);
}

#[test]
fn get_relative_start() {
    #[track_caller]
    fn assert(context: &mut Context, arg: Option<&JsValue>, len: u64, expected: u64) {
        const UNDEFINED: &JsValue = &JsValue::undefined();
        let arg = arg.unwrap_or(UNDEFINED);
        assert_eq!(
            Array::get_relative_start(context, arg, len).unwrap(),
            expected
        );
    }
    run_test_actions([TestAction::inspect_context(|ctx| {
        assert(ctx, None, 10, 0);
        assert(ctx, Some(&JsValue::undefined()), 10, 0);
        assert(ctx, Some(&JsValue::new(f64::NEG_INFINITY)), 10, 0);
        assert(ctx, Some(&JsValue::new(f64::INFINITY)), 10, 10);
        assert(ctx, Some(&JsValue::new(-1)), 10, 9);
        assert(ctx, Some(&JsValue::new(1)), 10, 1);
        assert(ctx, Some(&JsValue::new(-11)), 10, 0);
        assert(ctx, Some(&JsValue::new(11)), 10, 10);
        assert(ctx, Some(&JsValue::new(f64::MIN)), 10, 0);
        assert(ctx, Some(&JsValue::new(Number::MIN_SAFE_INTEGER)), 10, 0);
        assert(ctx, Some(&JsValue::new(f64::MAX)), 10, 10);
        // This test is relevant only on 32-bit archs (where usize == u32 thus `len` is u32)
        assert(ctx, Some(&JsValue::new(Number::MAX_SAFE_INTEGER)), 10, 10);
    })]);
}

#[test]
fn get_relative_end() {
    #[track_caller]
    fn assert(context: &mut Context, arg: Option<&JsValue>, len: u64, expected: u64) {
        const UNDEFINED: &JsValue = &JsValue::undefined();
        let arg = arg.unwrap_or(UNDEFINED);
        assert_eq!(
            Array::get_relative_end(context, arg, len).unwrap(),
            expected
        );
    }
    run_test_actions([TestAction::inspect_context(|ctx| {
        assert(ctx, None, 10, 10);
        assert(ctx, Some(&JsValue::undefined()), 10, 10);
        assert(ctx, Some(&JsValue::new(f64::NEG_INFINITY)), 10, 0);
        assert(ctx, Some(&JsValue::new(f64::INFINITY)), 10, 10);
        assert(ctx, Some(&JsValue::new(-1)), 10, 9);
        assert(ctx, Some(&JsValue::new(1)), 10, 1);
        assert(ctx, Some(&JsValue::new(-11)), 10, 0);
        assert(ctx, Some(&JsValue::new(11)), 10, 10);
        assert(ctx, Some(&JsValue::new(f64::MIN)), 10, 0);
        assert(ctx, Some(&JsValue::new(Number::MIN_SAFE_INTEGER)), 10, 0);
        assert(ctx, Some(&JsValue::new(f64::MAX)), 10, 10);
        // This test is relevant only on 32-bit archs (where usize == u32 thus `len` is u32)
        assert(ctx, Some(&JsValue::new(Number::MAX_SAFE_INTEGER)), 10, 10);
    })]);
}

#[test]
fn array_length_is_not_enumerable() {
    run_test_actions([TestAction::assert(
        "!Object.getOwnPropertyDescriptor([], 'length').enumerable",
    )]);
}

#[test]
fn array_sort() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::run("let arr = ['80', '9', '700', 40, 1, 5, 200];"),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    arr.sort(),
                    [1, 200, 40, 5, "700", "80", "9"]
                )
            "#}),
        TestAction::assert(indoc! {r#"
                arrayEquals(
                    arr.sort((a, b) => a - b),
                    [1, 5, "9", 40, "80", 200, "700"]
                )
            "#}),
    ]);
}

#[test]
fn array_of_neg_zero() {
    run_test_actions([
        TestAction::run("let arr = [-0, -0, -0, -0];"),
        // Assert the parity of all items of the list.
        TestAction::assert("arr.every(x => (1/x) === -Infinity)"),
    ]);
}

#[test]
fn array_prototype_find_edge_cases() {
    run_test_actions([
        TestAction::run_harness(),
        TestAction::assert("[].find(x => x === 1) === undefined"),
        TestAction::assert("[1, 2, 3].find(x => x === 99) === undefined"),
        TestAction::assert("[1, 2, 1].find(x => x === 1) === 1"),
        TestAction::assert(indoc! {r#"
            var obj = { name: "Alice" };
            [obj].find(x => x.name === "Alice") === obj
        "#}),
        TestAction::assert(indoc! {r#"
            var idx = -1;
            [10, 20, 30].find((v, i) => { idx = i; return v === 20; });
            idx === 1
        "#}),
        TestAction::assert(indoc! {r#"
            let arr = [1, , 3];
            arr.find(x => x === undefined) === undefined
        "#}),
    ]);
}

/// codemode-runtime patch: the sort's binary insertion and its runs in order give the stable
/// order on random, sorted, reversed and repeating input, with holes and `undefined`, through
/// `sort` and `toSorted`; input in order costs fewer comparisons than elements, as in V8; a
/// comparator that is not a total order still yields a permutation, and a throwing one stops
/// the sort. Expected: Node.
#[test]
fn sort_runs_and_binary_insertion() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
            (() => {
              const out = [];
              let seed = 7;
              const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
              const inputs = {
                random: Array.from({ length: 300 }, () => Math.floor(random() * 50)),
                sorted: Array.from({ length: 300 }, (_, i) => i >> 2),
                reversed: Array.from({ length: 300 }, (_, i) => 300 - (i >> 1)),
                sawtooth: Array.from({ length: 300 }, (_, i) => i % 37),
                short: [3, 1, 2],
                one: [1],
                empty: [],
              };
              for (const [name, values] of Object.entries(inputs)) {
                const records = values.map((v, i) => ({ v, i }));
                const byValue = records.slice().sort((a, b) => a.v - b.v);
                const stable = byValue.every((r, k) => k === 0 || byValue[k - 1].v < r.v || byValue[k - 1].i < r.i);
                const descending = values.slice().sort((a, b) => b - a);
                const asStrings = values.slice().sort();
                const sorted = records.slice().toSorted((a, b) => a.v - b.v);
                out.push(`${name}:${stable}:${byValue.map((r) => r.i).join(',')}:${descending.join(',')}:${asStrings.join(',')}:${JSON.stringify(sorted) === JSON.stringify(byValue)}`);
              }
              const withHoles = [5, , 1, undefined, 3, , 2];
              withHoles.sort((a, b) => a - b);
              out.push(JSON.stringify(withHoles), withHoles.length, 5 in withHoles, 4 in withHoles);
              let calls = 0;
              const inOrder = Array.from({ length: 1000 }, (_, i) => i);
              inOrder.sort((a, b) => { calls++; return a - b; });
              out.push(calls < 1000);
              calls = 0;
              const shuffled = Array.from({ length: 1024 }, () => random());
              shuffled.sort((a, b) => { calls++; return a - b; });
              out.push(calls <= 1024 * 10, shuffled.every((v, k) => k === 0 || shuffled[k - 1] <= v));
              const chaotic = Array.from({ length: 200 }, (_, i) => i);
              chaotic.sort(() => random() - 0.5);
              out.push(chaotic.slice().sort((a, b) => a - b).every((v, k) => v === k));
              try { [3, 2, 1].sort((a, b) => { throw new Error('stop ' + a + b); }); } catch (e) { out.push(e.message); }
              return out.join('|');
            })()
        "#},
        js_string!("random:true:0,102,105,118,215,250,251,122,137,143,189,205,210,17,42,49,132,84,87,104,198,230,241,247,281,212,214,253,82,116,138,213,291,22,94,140,173,211,219,237,34,86,91,234,55,181,240,47,124,164,171,179,218,3,130,192,220,238,288,63,89,107,111,113,129,154,195,231,254,289,13,75,103,150,222,43,101,128,242,2,35,37,57,190,194,165,249,6,31,33,60,78,161,51,77,158,264,280,282,14,30,50,58,114,187,73,79,153,228,56,85,149,155,229,248,252,265,36,46,59,163,197,225,258,276,65,92,180,223,297,19,109,117,136,174,178,245,266,267,277,23,45,54,69,70,185,236,5,61,183,296,9,39,157,175,191,244,27,44,126,131,184,263,268,299,76,93,62,106,207,216,239,11,67,68,90,120,159,168,271,294,26,172,196,243,52,127,182,221,226,262,270,10,16,18,25,71,110,141,203,15,74,134,135,284,295,4,40,151,160,162,193,208,269,272,285,7,8,108,186,188,100,133,148,176,199,206,227,256,257,80,287,290,12,21,83,232,261,293,32,200,259,274,41,66,81,145,169,298,96,97,98,112,115,142,144,152,156,209,273,283,28,29,48,64,99,119,123,139,170,201,202,292,1,20,24,38,53,72,95,121,235,255,147,177,204,217,278,286,125,233,260,279,88,146,166,167,224,246,275:49,49,49,49,49,49,49,48,48,48,48,47,47,47,47,47,47,46,46,46,46,46,46,46,46,46,46,45,45,45,45,45,45,45,45,45,45,45,45,44,44,44,44,44,44,44,44,44,44,44,44,43,43,43,43,43,43,42,42,41,41,40,40,40,40,40,40,39,39,39,38,38,38,38,38,38,38,38,38,37,37,37,37,37,36,36,36,36,36,36,36,36,36,36,35,35,35,35,35,35,34,34,34,34,34,34,34,34,33,33,33,33,33,33,33,32,32,32,32,31,31,31,31,31,31,31,31,31,30,30,30,30,30,29,29,28,28,28,28,28,28,28,28,27,27,27,27,27,27,26,26,26,26,25,25,25,25,25,25,25,24,24,24,24,24,24,24,24,24,23,22,22,22,22,22,21,21,21,21,21,21,21,21,20,20,20,20,20,20,20,20,19,19,19,19,18,18,18,18,18,18,17,17,17,17,17,17,16,16,16,16,16,16,15,15,14,14,14,14,14,14,13,13,13,13,12,12,12,12,12,11,11,11,11,11,11,11,11,11,11,11,10,10,10,10,10,10,9,9,9,9,9,9,8,8,8,7,7,7,7,6,6,6,6,6,6,6,5,5,5,5,5,4,4,4,3,3,3,3,3,3,3,3,2,2,2,2,1,1,1,1,1,1,0,0,0,0,0,0,0:0,0,0,0,0,0,0,1,1,1,1,1,1,10,10,10,10,10,10,11,11,11,11,11,11,11,11,11,11,11,12,12,12,12,12,13,13,13,13,14,14,14,14,14,14,15,15,16,16,16,16,16,16,17,17,17,17,17,17,18,18,18,18,18,18,19,19,19,19,2,2,2,2,20,20,20,20,20,20,20,20,21,21,21,21,21,21,21,21,22,22,22,22,22,23,24,24,24,24,24,24,24,24,24,25,25,25,25,25,25,25,26,26,26,26,27,27,27,27,27,27,28,28,28,28,28,28,28,28,29,29,3,3,3,3,3,3,3,3,30,30,30,30,30,31,31,31,31,31,31,31,31,31,32,32,32,32,33,33,33,33,33,33,33,34,34,34,34,34,34,34,34,35,35,35,35,35,35,36,36,36,36,36,36,36,36,36,36,37,37,37,37,37,38,38,38,38,38,38,38,38,38,39,39,39,4,4,4,40,40,40,40,40,40,41,41,42,42,43,43,43,43,43,43,44,44,44,44,44,44,44,44,44,44,44,44,45,45,45,45,45,45,45,45,45,45,45,45,46,46,46,46,46,46,46,46,46,46,47,47,47,47,47,47,48,48,48,48,49,49,49,49,49,49,49,5,5,5,5,5,6,6,6,6,6,6,6,7,7,7,7,8,8,8,9,9,9,9,9,9:true|sorted:true:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,158,159,160,161,162,163,164,165,166,167,168,169,170,171,172,173,174,175,176,177,178,179,180,181,182,183,184,185,186,187,188,189,190,191,192,193,194,195,196,197,198,199,200,201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217,218,219,220,221,222,223,224,225,226,227,228,229,230,231,232,233,234,235,236,237,238,239,240,241,242,243,244,245,246,247,248,249,250,251,252,253,254,255,256,257,258,259,260,261,262,263,264,265,266,267,268,269,270,271,272,273,274,275,276,277,278,279,280,281,282,283,284,285,286,287,288,289,290,291,292,293,294,295,296,297,298,299:74,74,74,74,73,73,73,73,72,72,72,72,71,71,71,71,70,70,70,70,69,69,69,69,68,68,68,68,67,67,67,67,66,66,66,66,65,65,65,65,64,64,64,64,63,63,63,63,62,62,62,62,61,61,61,61,60,60,60,60,59,59,59,59,58,58,58,58,57,57,57,57,56,56,56,56,55,55,55,55,54,54,54,54,53,53,53,53,52,52,52,52,51,51,51,51,50,50,50,50,49,49,49,49,48,48,48,48,47,47,47,47,46,46,46,46,45,45,45,45,44,44,44,44,43,43,43,43,42,42,42,42,41,41,41,41,40,40,40,40,39,39,39,39,38,38,38,38,37,37,37,37,36,36,36,36,35,35,35,35,34,34,34,34,33,33,33,33,32,32,32,32,31,31,31,31,30,30,30,30,29,29,29,29,28,28,28,28,27,27,27,27,26,26,26,26,25,25,25,25,24,24,24,24,23,23,23,23,22,22,22,22,21,21,21,21,20,20,20,20,19,19,19,19,18,18,18,18,17,17,17,17,16,16,16,16,15,15,15,15,14,14,14,14,13,13,13,13,12,12,12,12,11,11,11,11,10,10,10,10,9,9,9,9,8,8,8,8,7,7,7,7,6,6,6,6,5,5,5,5,4,4,4,4,3,3,3,3,2,2,2,2,1,1,1,1,0,0,0,0:0,0,0,0,1,1,1,1,10,10,10,10,11,11,11,11,12,12,12,12,13,13,13,13,14,14,14,14,15,15,15,15,16,16,16,16,17,17,17,17,18,18,18,18,19,19,19,19,2,2,2,2,20,20,20,20,21,21,21,21,22,22,22,22,23,23,23,23,24,24,24,24,25,25,25,25,26,26,26,26,27,27,27,27,28,28,28,28,29,29,29,29,3,3,3,3,30,30,30,30,31,31,31,31,32,32,32,32,33,33,33,33,34,34,34,34,35,35,35,35,36,36,36,36,37,37,37,37,38,38,38,38,39,39,39,39,4,4,4,4,40,40,40,40,41,41,41,41,42,42,42,42,43,43,43,43,44,44,44,44,45,45,45,45,46,46,46,46,47,47,47,47,48,48,48,48,49,49,49,49,5,5,5,5,50,50,50,50,51,51,51,51,52,52,52,52,53,53,53,53,54,54,54,54,55,55,55,55,56,56,56,56,57,57,57,57,58,58,58,58,59,59,59,59,6,6,6,6,60,60,60,60,61,61,61,61,62,62,62,62,63,63,63,63,64,64,64,64,65,65,65,65,66,66,66,66,67,67,67,67,68,68,68,68,69,69,69,69,7,7,7,7,70,70,70,70,71,71,71,71,72,72,72,72,73,73,73,73,74,74,74,74,8,8,8,8,9,9,9,9:true|reversed:true:298,299,296,297,294,295,292,293,290,291,288,289,286,287,284,285,282,283,280,281,278,279,276,277,274,275,272,273,270,271,268,269,266,267,264,265,262,263,260,261,258,259,256,257,254,255,252,253,250,251,248,249,246,247,244,245,242,243,240,241,238,239,236,237,234,235,232,233,230,231,228,229,226,227,224,225,222,223,220,221,218,219,216,217,214,215,212,213,210,211,208,209,206,207,204,205,202,203,200,201,198,199,196,197,194,195,192,193,190,191,188,189,186,187,184,185,182,183,180,181,178,179,176,177,174,175,172,173,170,171,168,169,166,167,164,165,162,163,160,161,158,159,156,157,154,155,152,153,150,151,148,149,146,147,144,145,142,143,140,141,138,139,136,137,134,135,132,133,130,131,128,129,126,127,124,125,122,123,120,121,118,119,116,117,114,115,112,113,110,111,108,109,106,107,104,105,102,103,100,101,98,99,96,97,94,95,92,93,90,91,88,89,86,87,84,85,82,83,80,81,78,79,76,77,74,75,72,73,70,71,68,69,66,67,64,65,62,63,60,61,58,59,56,57,54,55,52,53,50,51,48,49,46,47,44,45,42,43,40,41,38,39,36,37,34,35,32,33,30,31,28,29,26,27,24,25,22,23,20,21,18,19,16,17,14,15,12,13,10,11,8,9,6,7,4,5,2,3,0,1:300,300,299,299,298,298,297,297,296,296,295,295,294,294,293,293,292,292,291,291,290,290,289,289,288,288,287,287,286,286,285,285,284,284,283,283,282,282,281,281,280,280,279,279,278,278,277,277,276,276,275,275,274,274,273,273,272,272,271,271,270,270,269,269,268,268,267,267,266,266,265,265,264,264,263,263,262,262,261,261,260,260,259,259,258,258,257,257,256,256,255,255,254,254,253,253,252,252,251,251,250,250,249,249,248,248,247,247,246,246,245,245,244,244,243,243,242,242,241,241,240,240,239,239,238,238,237,237,236,236,235,235,234,234,233,233,232,232,231,231,230,230,229,229,228,228,227,227,226,226,225,225,224,224,223,223,222,222,221,221,220,220,219,219,218,218,217,217,216,216,215,215,214,214,213,213,212,212,211,211,210,210,209,209,208,208,207,207,206,206,205,205,204,204,203,203,202,202,201,201,200,200,199,199,198,198,197,197,196,196,195,195,194,194,193,193,192,192,191,191,190,190,189,189,188,188,187,187,186,186,185,185,184,184,183,183,182,182,181,181,180,180,179,179,178,178,177,177,176,176,175,175,174,174,173,173,172,172,171,171,170,170,169,169,168,168,167,167,166,166,165,165,164,164,163,163,162,162,161,161,160,160,159,159,158,158,157,157,156,156,155,155,154,154,153,153,152,152,151,151:151,151,152,152,153,153,154,154,155,155,156,156,157,157,158,158,159,159,160,160,161,161,162,162,163,163,164,164,165,165,166,166,167,167,168,168,169,169,170,170,171,171,172,172,173,173,174,174,175,175,176,176,177,177,178,178,179,179,180,180,181,181,182,182,183,183,184,184,185,185,186,186,187,187,188,188,189,189,190,190,191,191,192,192,193,193,194,194,195,195,196,196,197,197,198,198,199,199,200,200,201,201,202,202,203,203,204,204,205,205,206,206,207,207,208,208,209,209,210,210,211,211,212,212,213,213,214,214,215,215,216,216,217,217,218,218,219,219,220,220,221,221,222,222,223,223,224,224,225,225,226,226,227,227,228,228,229,229,230,230,231,231,232,232,233,233,234,234,235,235,236,236,237,237,238,238,239,239,240,240,241,241,242,242,243,243,244,244,245,245,246,246,247,247,248,248,249,249,250,250,251,251,252,252,253,253,254,254,255,255,256,256,257,257,258,258,259,259,260,260,261,261,262,262,263,263,264,264,265,265,266,266,267,267,268,268,269,269,270,270,271,271,272,272,273,273,274,274,275,275,276,276,277,277,278,278,279,279,280,280,281,281,282,282,283,283,284,284,285,285,286,286,287,287,288,288,289,289,290,290,291,291,292,292,293,293,294,294,295,295,296,296,297,297,298,298,299,299,300,300:true|sawtooth:true:0,37,74,111,148,185,222,259,296,1,38,75,112,149,186,223,260,297,2,39,76,113,150,187,224,261,298,3,40,77,114,151,188,225,262,299,4,41,78,115,152,189,226,263,5,42,79,116,153,190,227,264,6,43,80,117,154,191,228,265,7,44,81,118,155,192,229,266,8,45,82,119,156,193,230,267,9,46,83,120,157,194,231,268,10,47,84,121,158,195,232,269,11,48,85,122,159,196,233,270,12,49,86,123,160,197,234,271,13,50,87,124,161,198,235,272,14,51,88,125,162,199,236,273,15,52,89,126,163,200,237,274,16,53,90,127,164,201,238,275,17,54,91,128,165,202,239,276,18,55,92,129,166,203,240,277,19,56,93,130,167,204,241,278,20,57,94,131,168,205,242,279,21,58,95,132,169,206,243,280,22,59,96,133,170,207,244,281,23,60,97,134,171,208,245,282,24,61,98,135,172,209,246,283,25,62,99,136,173,210,247,284,26,63,100,137,174,211,248,285,27,64,101,138,175,212,249,286,28,65,102,139,176,213,250,287,29,66,103,140,177,214,251,288,30,67,104,141,178,215,252,289,31,68,105,142,179,216,253,290,32,69,106,143,180,217,254,291,33,70,107,144,181,218,255,292,34,71,108,145,182,219,256,293,35,72,109,146,183,220,257,294,36,73,110,147,184,221,258,295:36,36,36,36,36,36,36,36,35,35,35,35,35,35,35,35,34,34,34,34,34,34,34,34,33,33,33,33,33,33,33,33,32,32,32,32,32,32,32,32,31,31,31,31,31,31,31,31,30,30,30,30,30,30,30,30,29,29,29,29,29,29,29,29,28,28,28,28,28,28,28,28,27,27,27,27,27,27,27,27,26,26,26,26,26,26,26,26,25,25,25,25,25,25,25,25,24,24,24,24,24,24,24,24,23,23,23,23,23,23,23,23,22,22,22,22,22,22,22,22,21,21,21,21,21,21,21,21,20,20,20,20,20,20,20,20,19,19,19,19,19,19,19,19,18,18,18,18,18,18,18,18,17,17,17,17,17,17,17,17,16,16,16,16,16,16,16,16,15,15,15,15,15,15,15,15,14,14,14,14,14,14,14,14,13,13,13,13,13,13,13,13,12,12,12,12,12,12,12,12,11,11,11,11,11,11,11,11,10,10,10,10,10,10,10,10,9,9,9,9,9,9,9,9,8,8,8,8,8,8,8,8,7,7,7,7,7,7,7,7,6,6,6,6,6,6,6,6,5,5,5,5,5,5,5,5,4,4,4,4,4,4,4,4,3,3,3,3,3,3,3,3,3,2,2,2,2,2,2,2,2,2,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0,0:0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,10,10,10,10,10,10,10,10,11,11,11,11,11,11,11,11,12,12,12,12,12,12,12,12,13,13,13,13,13,13,13,13,14,14,14,14,14,14,14,14,15,15,15,15,15,15,15,15,16,16,16,16,16,16,16,16,17,17,17,17,17,17,17,17,18,18,18,18,18,18,18,18,19,19,19,19,19,19,19,19,2,2,2,2,2,2,2,2,2,20,20,20,20,20,20,20,20,21,21,21,21,21,21,21,21,22,22,22,22,22,22,22,22,23,23,23,23,23,23,23,23,24,24,24,24,24,24,24,24,25,25,25,25,25,25,25,25,26,26,26,26,26,26,26,26,27,27,27,27,27,27,27,27,28,28,28,28,28,28,28,28,29,29,29,29,29,29,29,29,3,3,3,3,3,3,3,3,3,30,30,30,30,30,30,30,30,31,31,31,31,31,31,31,31,32,32,32,32,32,32,32,32,33,33,33,33,33,33,33,33,34,34,34,34,34,34,34,34,35,35,35,35,35,35,35,35,36,36,36,36,36,36,36,36,4,4,4,4,4,4,4,4,5,5,5,5,5,5,5,5,6,6,6,6,6,6,6,6,7,7,7,7,7,7,7,7,8,8,8,8,8,8,8,8,9,9,9,9,9,9,9,9:true|short:true:1,2,0:3,2,1:1,2,3:true|one:true:0:1:1:true|empty:true::::true|[1,2,3,5,null,null,null]|7|false|true|true|true|true|true|stop 23"),
    )]);
}

/// codemode-runtime patch: an array iterator's `next` called from an element's getter or its
/// array-like's `length` getter while it steps (a held borrow panicked); the index moves past
/// the element before it is read, as in V8. Expected: Node.
#[test]
fn array_iterator_reentered_from_getters() {
    run_test_actions([
        TestAction::assert_eq(
            r#"(() => { const arr = [1, 2, 3]; const it = arr[Symbol.iterator](); Object.defineProperty(arr, 1, { get() { return it.next().value; } }); const seen = [it.next(), it.next(), it.next()]; return JSON.stringify(seen); })()"#,
            js_string!("[{\"value\":1,\"done\":false},{\"value\":3,\"done\":false},{\"done\":true}]"),
        ),
        TestAction::assert_eq(
            r#"(() => { let it, once = true; const like = { 0: 'a', 1: 'b', get length() { if (once) { once = false; it.next(); } return 2; } }; it = Array.prototype.values.call(like); return JSON.stringify([it.next(), it.next(), it.next()]); })()"#,
            js_string!("[{\"value\":\"a\",\"done\":false},{\"value\":\"b\",\"done\":false},{\"done\":true}]"),
        ),
    ]);
}

/// codemode-runtime patch: iterator steps of an array iterator with the intrinsic `next` are made
/// without the call and its result object; `for…of` still sees elements pushed while it runs,
/// holes, getters, array-likes, typed arrays, `arguments`, `keys`/`entries`, `yield*`, a break
/// and the same iterator resumed, an overridden `next` (on the prototype or the iterator), a
/// replaced `Symbol.iterator`, a throwing getter, `return` on closing, spread into calls and
/// `Set`. Expected: Node.
#[test]
fn array_iterator_steps_directly() {
    run_test_actions([
        TestAction::assert_eq(
        indoc! {r#"
            (() => {
              const out = [];
              const arr = [1, 2, 3];
              let s = '';
              for (const x of arr) { s += x; if (x === 1) arr.push(4); }
              out.push(s, [...[5, , 7]].join('/'), JSON.stringify([...'ab'].entries ? [...[8, 9].entries()] : 0), [...[8, 9].keys()].join());
              const [a, , b, ...rest] = [10, 11, 12, 13, 14];
              out.push([a, b, rest.join()].join());
              const like = { length: 2, 0: 'x', get 1() { return 'y'; } };
              out.push([...Array.prototype.values.call(like)].join());
              out.push([...new Uint8Array([3, 4])].join(), (function () { return [...arguments].join(); })(6, 7));
              function* g() { const r = yield* [20, 21]; yield r; }
              out.push([...g()].join());
              const it = [30, 31, 32][Symbol.iterator]();
              for (const x of it) { out.push('first ' + x); break; }
              out.push([...it].join(), JSON.stringify(it.next()));
              const proto = Object.getPrototypeOf([][Symbol.iterator]());
              const next = proto.next;
              let calls = 0;
              proto.next = function () { calls++; return next.call(this); };
              const viaOverride = [...[40, 41]];
              proto.next = next;
              out.push(viaOverride.join(), calls);
              const own = [50, 51][Symbol.iterator]();
              own.next = () => ({ value: 'own', done: own.count = (own.count || 0) + 1, __proto__: null });
              out.push(JSON.stringify([...own]));
              const values = Array.prototype[Symbol.iterator];
              Array.prototype[Symbol.iterator] = function* () { yield 'replaced'; };
              const replaced = [...[60]];
              Array.prototype[Symbol.iterator] = values;
              out.push(replaced.join());
              const throwing = [1, 2];
              Object.defineProperty(throwing, 1, { get() { throw new Error('getter'); } });
              const ti = throwing[Symbol.iterator]();
              try { for (const x of ti) out.push('got ' + x); } catch (e) { out.push(e.message, JSON.stringify(ti.next())); }
              let closed = 0;
              const IteratorProto = Object.getPrototypeOf(proto);
              IteratorProto.return = function () { closed++; return {}; };
              for (const x of [1, 2, 3]) { if (x === 2) break; }
              const [first] = [7, 8];
              delete IteratorProto.return;
              out.push(closed, first);
              const sparse = [];
              sparse[3] = 'd';
              out.push(JSON.stringify([...sparse]), Array.from([1, 2].values(), (v) => v * 2).join(), new Set([1, 1, 2]).size, Math.max(...[3, 9, 4]));
              return out.join('|');
            })()
        "#},
        js_string!("1234|5//7|[[0,8],[1,9]]|0,1|10,12,13,14|x,y|3,4|6,7|20,21,|first 30|31,32|{\"done\":true}|40,41|3|[]|replaced|got 1|getter|{\"done\":true}|2|7|[null,null,null,\"d\"]|2,4|2|9"),
    ),
        TestAction::assert_eq(
            r#"(() => { function* g() { const r = yield* [20, 21]; yield r; } const gi = g(); const first = gi.next(); return JSON.stringify([first, gi.next(), gi.next(), gi.next()]) + Object.keys(first).join() + (Object.getPrototypeOf(first) === Object.prototype); })()"#,
            js_string!("[{\"value\":20,\"done\":false},{\"value\":21,\"done\":false},{\"done\":false},{\"done\":true}]value,donetrue"),
        ),
    ]);
}

/// codemode-runtime patch: `Array.prototype.push` appends in place where nothing could observe
/// it, and takes the generic path for holes at the end, frozen, non-extensible and read-only
/// `length` arrays, an indexed setter on `Array.prototype`, a subclass, an array-like, a named
/// property, a proxy; `push()` with no element still sets the length (a frozen array throws,
/// an array-like's length is clamped); numbers, doubles and objects mix in one array.
/// Expected: Node.
#[test]
fn push_in_place() {
    run_test_actions([TestAction::assert_eq(
        indoc! {r#"
            (() => {
              const out = [];
              const a = [];
              out.push(a.push(1), a.push(2.5, 'x', { y: 1 }), a.push(), JSON.stringify(a), a.length);
              const holes = Array(3);
              out.push(holes.push(7), JSON.stringify(holes), holes.length);
              const frozen = Object.freeze([1]);
              try { frozen.push(2); } catch (e) { out.push(e.constructor.name, JSON.stringify(frozen)); }
              try { Object.freeze([]).push(); out.push('no'); } catch (e) { out.push(e.constructor.name); }
              const clamped = { length: 2 ** 53 };
              Array.prototype.push.call(clamped);
              out.push(clamped.length === 2 ** 53 - 1);
              const sealed = Object.preventExtensions([1]);
              try { sealed.push(2); } catch (e) { out.push(e.constructor.name); }
              const fixed = [1, 2];
              Object.defineProperty(fixed, 'length', { writable: false });
              try { fixed.push(3); } catch (e) { out.push(e.constructor.name, JSON.stringify(fixed)); }
              let seen = [];
              Object.defineProperty(Array.prototype, 2, { set(v) { seen.push('setter ' + v); }, configurable: true });
              const withSetter = [0, 1];
              out.push(withSetter.push('two', 'three'), JSON.stringify(withSetter), seen.join(), withSetter.length);
              delete Array.prototype[2];
              class Stack extends Array {}
              const st = new Stack();
              out.push(st.push(1, 2), st.length, st instanceof Stack);
              const like = { length: 1, 0: 'a' };
              out.push(Array.prototype.push.call(like, 'b', 'c'), JSON.stringify(like));
              const named = [1];
              named.extra = true;
              out.push(named.push(2), JSON.stringify(named), named.extra);
              const big = [];
              for (let i = 0; i < 1000; i++) big.push(i % 3 ? i : i / 2);
              out.push(big.length, big[999], big[998], big.reduce((s, v) => s + v, 0));
              const proxy = new Proxy([], { set(t, k, v) { seen.push('trap ' + String(k)); t[k] = v; return true; } });
              seen = [];
              proxy.push('p');
              out.push(seen.join(), proxy.length);
              return out.join('|');
            })()
        "#},
        js_string!("1|4|4|[1,2.5,\"x\",{\"y\":1}]|4|4|[null,null,null,7]|4|TypeError|[1]|TypeError|true|TypeError|TypeError|[1,2]|4|[0,1,null,\"three\"]|setter two|4|2|2|true|3|{\"0\":\"a\",\"1\":\"b\",\"2\":\"c\",\"length\":3}|2|[1,2]|true|1000|499.5|998|416083.5|trap 0,trap length|1"),
    )]);
}
