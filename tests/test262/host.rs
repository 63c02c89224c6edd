//! The host-defined bindings every test realm gets (INTERPRETING.md, "Host-Defined Functions"):
//! `print`, through which async tests report, and `$262`. `$262.agent` is not provided: the
//! tests that use it are skipped (`skipped_features.txt`).

use std::cell::RefCell;

use boa_engine::builtins::is_html_dda::IsHTMLDDA;
use boa_engine::native_function::NativeFunction;
use boa_engine::object::builtins::JsArrayBuffer;
use boa_engine::object::{JsObject, ObjectInitializer};
use boa_engine::property::Attribute;
use boa_engine::{js_string, Context, JsArgs, JsNativeError, JsResult, JsValue, Source};

thread_local! {
    /// What the test printed, in order. Each test runs on a thread of its own, so the lines of
    /// one test are never mixed with another's.
    static PRINTED: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Writable, configurable and not enumerable, as INTERPRETING.md asks of `print` and `$262`.
fn hidden() -> Attribute {
    Attribute::WRITABLE | Attribute::CONFIGURABLE
}

/// Defines `print` and `$262` on the current realm's global object.
///
/// # Errors
/// A global property cannot be defined (a broken realm).
pub fn install(context: &mut Context) -> JsResult<()> {
    context.register_global_builtin_callable(
        js_string!("print"),
        1,
        NativeFunction::from_fn_ptr(print),
    )?;
    install_262(context)?;
    Ok(())
}

/// The lines `print` received so far on this thread.
pub fn printed() -> Vec<String> {
    PRINTED.with(|printed| printed.borrow().clone())
}

fn print(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let line = args.get_or_undefined(0).to_string(context)?;
    PRINTED.with(|printed| printed.borrow_mut().push(line.to_std_string_escaped()));
    Ok(JsValue::undefined())
}

/// Builds `$262` for the current realm and defines it on that realm's global object. Its
/// functions belong to the realm they were made in, so `evalScript` of a realm made by
/// `createRealm` evaluates there.
fn install_262(context: &mut Context) -> JsResult<JsObject> {
    let global = context.global_object();
    let object_prototype = context.intrinsics().constructors().object().prototype();
    let html_dda = JsObject::from_proto_and_data(object_prototype, IsHTMLDDA);
    let js262 = ObjectInitializer::new(context)
        .function(
            NativeFunction::from_fn_ptr(create_realm),
            js_string!("createRealm"),
            0,
        )
        .function(
            NativeFunction::from_fn_ptr(detach_array_buffer),
            js_string!("detachArrayBuffer"),
            2,
        )
        .function(
            NativeFunction::from_fn_ptr(eval_script),
            js_string!("evalScript"),
            1,
        )
        .function(NativeFunction::from_fn_ptr(gc), js_string!("gc"), 0)
        .property(js_string!("global"), global, hidden())
        .property(js_string!("IsHTMLDDA"), html_dda, hidden())
        .build();
    context.register_global_property(js_string!("$262"), js262.clone(), hidden())?;
    Ok(js262)
}

/// `$262.createRealm()`: a new realm with its own `$262`, which it returns.
fn create_realm(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let realm = context.create_realm()?;
    let previous = context.enter_realm(realm);
    let js262 = install_262(context);
    context.enter_realm(previous);
    Ok(js262?.into())
}

/// `$262.detachArrayBuffer(buffer, key)`: DetachArrayBuffer.
fn detach_array_buffer(_: &JsValue, args: &[JsValue], _: &mut Context) -> JsResult<JsValue> {
    let not_buffer = || JsNativeError::typ().with_message("not an ArrayBuffer");
    let object = args
        .get_or_undefined(0)
        .as_object()
        .ok_or_else(not_buffer)?;
    let buffer = JsArrayBuffer::from_object(object)?;
    buffer.detach(args.get_or_undefined(1))?;
    Ok(JsValue::null())
}

/// `$262.evalScript(source)`: parses and runs `source` as a script of the current realm.
fn eval_script(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let source = args.get_or_undefined(0).to_string(context)?;
    let units = source.to_vec();
    context.eval(Source::from_utf16(&units))
}

/// `$262.gc()`: a full collection of the thread's heap.
fn gc(_: &JsValue, _: &[JsValue], _: &mut Context) -> JsResult<JsValue> {
    boa_engine::gc::force_collect();
    Ok(JsValue::undefined())
}
