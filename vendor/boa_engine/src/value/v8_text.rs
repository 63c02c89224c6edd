//! codemode-runtime patch (PATCHED.md, "V8's error messages"): how V8 shows a value inside an
//! error message (`Object::NoSideEffectsToString`), without running any of the script's code —
//! no getter, no `toString`, no proxy trap. `[1].map(3)` says "3 is not a function",
//! `[1].map({})` "#<Object> is not a function", `[1].map([])` "[object Array] is not a function".

use boa_macros::js_str;

use crate::{
    Context, JsError, JsNativeError, JsObject, JsString, JsValue, builtins::error::Error,
    js_string, property::PropertyKey, value::JsVariant, vm::source_info::ErrorSite,
};

impl JsValue {
    /// The value as V8 words it in an error message.
    pub(crate) fn no_side_effects_string(&self, context: &Context) -> JsString {
        match self.variant() {
            JsVariant::Null => js_string!("null"),
            JsVariant::Undefined => js_string!("undefined"),
            JsVariant::Boolean(true) => js_string!("true"),
            JsVariant::Boolean(false) => js_string!("false"),
            JsVariant::Float64(number) => JsString::from(number),
            JsVariant::Integer32(integer) => JsString::from(integer),
            JsVariant::String(string) => string,
            JsVariant::Symbol(symbol) => symbol.descriptive_string(),
            JsVariant::BigInt(bigint) => bigint.to_string().into(),
            JsVariant::Object(object) => object_text(&object, context),
        }
    }
}

/// A data property found on `object` or its prototypes, read without running anything.
fn data_property(object: &JsObject, key: &str) -> Option<JsValue> {
    object
        .get_property(&PropertyKey::from(JsString::from(key)))
        .and_then(|descriptor| descriptor.value().cloned())
}

/// `Name: message` for an error; `#<Constructor>` for an object whose `toString` is
/// `Object.prototype.toString`; else `[object Tag]` by the object's kind.
fn object_text(object: &JsObject, context: &Context) -> JsString {
    let text = |value: Option<JsValue>| value.and_then(|v| v.as_string()).unwrap_or_default();
    if object.is::<Error>() {
        let name = text(data_property(object, "name"));
        let message = text(data_property(object, "message"));
        return match (name.is_empty(), message.is_empty()) {
            (_, true) => name,
            (true, false) => message,
            (false, false) => js_string!(&name, &js_string!(": "), &message),
        };
    }
    let object_to_string = data_property(
        &context.intrinsics().constructors().object().prototype(),
        "toString",
    );
    let to_string = data_property(object, "toString");
    let plain = match (
        to_string.as_ref().and_then(JsValue::as_object),
        object_to_string.as_ref().and_then(JsValue::as_object),
    ) {
        (Some(own), Some(object_prototype)) => JsObject::equals(&own, &object_prototype),
        _ => to_string.is_none(),
    };
    if plain {
        let name = data_property(object, "constructor")
            .and_then(|constructor| constructor.as_object())
            .map(|constructor| text(data_property(&constructor, "name")))
            .filter(|name| !name.is_empty())
            .unwrap_or_else(|| js_string!("Object"));
        return js_string!(&js_string!("#<"), &name, &js_string!(">"));
    }
    let tag = if object.is_array() {
        "Array"
    } else if object.is_callable() {
        "Function"
    } else if object.is::<crate::builtins::date::Date>() {
        "Date"
    } else if object.is::<crate::builtins::regexp::RegExp>() {
        "RegExp"
    } else {
        "Object"
    };
    JsString::from(format!("[object {tag}]"))
}

/// V8's TypeError for reading (`write`: setting) property `key` of `undefined` or `null`:
/// "Cannot read properties of undefined (reading 'b')". A key V8 cannot show without running
/// code (an object with its own `toString`, an array) leaves the parenthesis out, as V8 does.
#[cold]
pub(crate) fn nullish_property_error(
    base: &JsValue,
    key: &JsValue,
    write: bool,
    context: &Context,
) -> JsError {
    let (verb, gerund) = if write {
        ("set", "setting")
    } else {
        ("read", "reading")
    };
    let base = if base.is_null() { "null" } else { "undefined" };
    let key = match key.as_object() {
        Some(object) if object.is_callable() => None,
        Some(object) => Some(object_text(&object, context))
            .filter(|text| text.starts_with(js_str!("#<")) || object.is::<Error>()),
        None => Some(key.no_side_effects_string(context)),
    };
    let message = match key {
        Some(key) => format!(
            "Cannot {verb} properties of {base} ({gerund} '{}')",
            key.to_std_string_escaped()
        ),
        None => format!("Cannot {verb} properties of {base}"),
    };
    JsNativeError::typ().with_message(message).into()
}

/// A value as V8 names it by its type where no source text stands for it (V8's default call
/// site): "number 3", `string "x"`, "boolean true", "object null", "undefined", "symbol",
/// "bigint", "function", "object".
fn typed_text(value: &JsValue, context: &Context) -> String {
    match value.variant() {
        JsVariant::Undefined => "undefined".to_string(),
        JsVariant::Null => "object null".to_string(),
        JsVariant::Symbol(_) => "symbol".to_string(),
        JsVariant::BigInt(_) => "bigint".to_string(),
        JsVariant::Object(object) if object.is_callable() => "function".to_string(),
        JsVariant::Object(_) => "object".to_string(),
        JsVariant::String(string) => format!("string \"{}\"", string.to_std_string_escaped()),
        _ => format!(
            "{} {}",
            value.type_of(),
            value.no_side_effects_string(context).to_std_string_escaped()
        ),
    }
}

/// V8's TypeError for a callback that cannot be called, as the Workers runtime words it:
/// "number 3 is not a function", `string "x" is not a function`, "object is not a function".
#[cold]
pub(crate) fn not_a_function(value: &JsValue, context: &Context) -> JsNativeError {
    JsNativeError::typ().with_message(format!(
        "{} is not a function",
        typed_text(value, context)
    ))
}

/// V8's TypeError when a built-in (`new Set(5)`, `Promise.all(5)`, `Array.from(null)`) is given
/// a value that is not iterable: "number 5 is not iterable (cannot read property
/// Symbol(Symbol.iterator))".
#[cold]
pub(crate) fn builtin_not_iterable(value: &JsValue, context: &Context) -> JsNativeError {
    JsNativeError::typ().with_message(format!(
        "{} is not iterable (cannot read property Symbol(Symbol.iterator))",
        typed_text(value, context)
    ))
}

/// The error site the compiler recorded for the instruction that is throwing now (the frame's
/// `pc` is the one after it).
fn site_here(context: &Context) -> Option<&ErrorSite> {
    let frame = context.vm.frame();
    frame.code_block().source_info.error_site(frame.pc)
}

/// V8's TypeError when the value the instruction ending at the current `pc` iterates is not
/// iterable: it names the expression when the compiler recorded it (`items is not iterable`,
/// `f is not a function or its return value is not iterable`), else the value.
#[cold]
pub(crate) fn not_iterable_here(value: &JsValue, context: &Context) -> JsError {
    let message = match site_here(context) {
        Some(ErrorSite::Iterable { text, call: false }) => {
            format!("{} is not iterable", text.to_std_string_escaped())
        }
        Some(ErrorSite::Iterable { text, call: true }) => format!(
            "{} is not a function or its return value is not iterable",
            text.to_std_string_escaped()
        ),
        Some(ErrorSite::SpreadArgument) if value.is_null_or_undefined() => {
            let shown = value.no_side_effects_string(context).to_std_string_escaped();
            format!("{shown} is not iterable (cannot read property {shown})")
        }
        Some(ErrorSite::IterableByType) => {
            return builtin_not_iterable(value, context).into();
        }
        Some(ErrorSite::SpreadArgument) => {
            "Spread syntax requires ...iterable[Symbol.iterator] to be a function".to_string()
        }
        _ => format!(
            "{} is not iterable",
            value.no_side_effects_string(context).to_std_string_escaped()
        ),
    };
    JsNativeError::typ().with_message(message).into()
}

/// V8's TypeError when the callee of the call (or `new`) ending at the current `pc` cannot be
/// called: "o.m is not a function", "Foo is not a constructor"; the value when the compiler
/// recorded no text.
#[cold]
pub(crate) fn not_callable_here(callee: &JsValue, construct: bool, context: &Context) -> JsError {
    let text = match site_here(context) {
        Some(ErrorSite::Callee(text)) => text.clone(),
        _ => callee.no_side_effects_string(context),
    };
    let what = if construct {
        "a constructor"
    } else {
        "a function"
    };
    JsNativeError::typ()
        .with_message(format!("{} is not {what}", text.to_std_string_escaped()))
        .into()
}

/// V8's TypeError for an object pattern given `null` or `undefined`: "Cannot destructure
/// property 'a' of 'o.p' as it is undefined." (a pattern nested in another reads as a property
/// read: "Cannot read properties of undefined (reading 'b')").
#[cold]
pub(crate) fn destructure_error(value: &JsValue, context: &Context) -> JsError {
    let shown = if value.is_null() { "null" } else { "undefined" };
    let (key, source, nested) = match site_here(context) {
        Some(ErrorSite::Destructure {
            key,
            source,
            nested,
        }) => (
            key.as_ref().map(JsString::to_std_string_escaped),
            source.as_ref().map(JsString::to_std_string_escaped),
            *nested,
        ),
        _ => (None, None, false),
    };
    let message = match (key, nested) {
        (Some(key), true) => format!("Cannot read properties of {shown} (reading '{key}')"),
        (key, _) => {
            // No initializer (a parameter's pattern): V8 names the value by its type.
            let source = source.unwrap_or_else(|| typed_text(value, context));
            match key {
                Some(key) => {
                    format!("Cannot destructure property '{key}' of '{source}' as it is {shown}.")
                }
                None => format!("Cannot destructure '{source}' as it is {shown}."),
            }
        }
    };
    JsNativeError::typ().with_message(message).into()
}

/// The name of the built-in function running now, as V8 writes it after `X.prototype`:
/// `.trim`, `.description` (a getter, "get description"), ` [ @@toPrimitive ]` (a symbol-keyed
/// method, "[Symbol.toPrimitive]"); `None` outside a native call.
fn active_builtin_member(context: &Context, symbol_form: fn(&str) -> String) -> Option<String> {
    let function = context.vm.native_active_function.as_ref()?;
    let name = function
        .downcast_ref::<crate::native_function::NativeFunctionObject>()?
        .name
        .to_std_string_escaped();
    let name = name
        .strip_prefix("get ")
        .or_else(|| name.strip_prefix("set "))
        .unwrap_or(&name);
    if name.is_empty() {
        return None;
    }
    Some(match name.strip_prefix("[Symbol.") {
        Some(symbol) => symbol_form(symbol.trim_end_matches(']')),
        None => format!(".{name}"),
    })
}

/// V8's TypeError for a built-in of `Number`, `String`, `Boolean`, `Symbol` or `BigInt` called
/// on a receiver that is not one (`type_name`: "Number"…): "Number.prototype.toString requires
/// that 'this' be a Number". Outside a native call, `fallback`.
#[cold]
pub(crate) fn receiver_not_a(type_name: &str, fallback: &str, context: &Context) -> JsError {
    let message = match active_builtin_member(context, |symbol| format!(" [ @@{symbol} ]")) {
        Some(member) => {
            format!("{type_name}.prototype{member} requires that 'this' be a {type_name}")
        }
        None => fallback.to_string(),
    };
    JsNativeError::typ().with_message(message).into()
}

/// `RequireObjectCoercible(this)` of a `String.prototype` method, with V8's TypeError:
/// "String.prototype.trim called on null or undefined".
pub(crate) fn string_this_coercible<'a>(
    this: &'a JsValue,
    context: &Context,
) -> crate::JsResult<&'a JsValue> {
    if !this.is_null_or_undefined() {
        return Ok(this);
    }
    let message = match active_builtin_member(context, |symbol| format!("[Symbol.{symbol}]")) {
        Some(member) => format!("String.prototype{member} called on null or undefined"),
        None => "Cannot convert undefined or null to object".to_string(),
    };
    Err(JsNativeError::typ().with_message(message).into())
}

/// V8's TypeError for a `Date.prototype` method called on what is not a Date: its getters and
/// `valueOf` say "this is not a Date object.", the others "Method Date.prototype.toISOString
/// called on incompatible receiver 1".
#[cold]
pub(crate) fn date_receiver_error(this: &JsValue, context: &Context) -> JsError {
    let member = active_builtin_member(context, |symbol| format!(" [ @@{symbol} ]"));
    let message = match member {
        Some(member)
            if member == ".valueOf" || (member.starts_with(".get") && member != ".getYear") =>
        {
            "this is not a Date object.".to_string()
        }
        Some(member) => format!(
            "Method Date.prototype{member} called on incompatible receiver {}",
            this.no_side_effects_string(context).to_std_string_escaped()
        ),
        None => "this is not a Date object.".to_string(),
    };
    JsNativeError::typ().with_message(message).into()
}

/// V8's TypeError for a method of a built-in called on what is not one of its kind (a `Map`
/// method on a `Set`, a method taken off its object and called alone): "Method
/// Set.prototype.has called on incompatible receiver undefined".
// codemode-runtime patch: upstream words it "method `Set.prototype.has` called on incompatible
// receiver", without the receiver.
#[cold]
pub(crate) fn incompatible_receiver(method: &str, this: &JsValue, context: &Context) -> JsError {
    JsNativeError::typ()
        .with_message(format!(
            "Method {method} called on incompatible receiver {}",
            this.no_side_effects_string(context).to_std_string_escaped()
        ))
        .into()
}

/// The name of the function that made `object`, as V8's `JSReceiver::GetConstructorName` gives it
/// for a cycle message without running code: the `constructor` data property of its prototype,
/// if that is a named function (a proxy's by its target's: the sandbox guards `Array` with one);
/// "Object" otherwise (no prototype, an accessor, a nameless one).
pub(crate) fn constructor_name(object: &JsObject) -> String {
    object
        .prototype()
        .and_then(|prototype| data_property(&prototype, "constructor"))
        .and_then(|constructor| constructor.as_object())
        .filter(JsObject::is_callable)
        .map(|mut constructor| {
            // (A bounded walk: a chain of proxies is as long as the script made it.)
            for _ in 0..8 {
                let target = constructor
                    .downcast_ref::<crate::builtins::proxy::Proxy>()
                    .and_then(|proxy| proxy.try_data().ok())
                    .map(|(target, _)| target);
                match target {
                    Some(target) => constructor = target,
                    None => break,
                }
            }
            constructor
        })
        .and_then(|constructor| data_property(&constructor, "name"))
        .and_then(|name| name.as_string())
        .map(|name| name.to_std_string_escaped())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "Object".to_string())
}
