//! Stack traces that name the prelude's file and line. The prelude is compiled as one source
//! (`prelude.js`, joined by build.rs from `src/sandbox/prelude/`); `Error.prototype.stack` is
//! wrapped so that a frame in it reads `prelude/store.js:12:7` rather than a line of the join.

use boa_engine::object::FunctionObjectBuilder;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{js_string, Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

include!(concat!(env!("OUT_DIR"), "/prelude_modules.rs"));

/// The source name the joined prelude is compiled under.
pub(super) const PRELUDE_PATH: &str = "prelude.js";

/// `line` of the joined prelude as `(file, line in that file)`.
fn prelude_module(line: u32) -> Option<(&'static str, u32)> {
    PRELUDE_MODULES
        .iter()
        .rev()
        .find(|(_, first)| *first <= line)
        .map(|(module, first)| (*module, line - first + 1))
}

/// `stack` with each `prelude.js:LINE` frame renamed to its file and line; `None` when it has
/// none.
pub(super) fn name_prelude_frames(stack: &str) -> Option<String> {
    let marker = format!("{PRELUDE_PATH}:");
    if !stack.contains(&marker) {
        return None;
    }
    let mut out = String::with_capacity(stack.len() + 16);
    let mut rest = stack;
    while let Some(at) = rest.find(&marker) {
        let after = &rest[at + marker.len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let mapped = after[..digits].parse().ok().and_then(prelude_module);
        out.push_str(&rest[..at]);
        match mapped {
            Some((module, line)) => out.push_str(&format!("{module}:{line}")),
            None => out.push_str(&rest[at..at + marker.len() + digits]),
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    Some(out)
}

/// Replaces `Error.prototype.stack`'s getter by one that renames the prelude's frames: the
/// engine's getter behind it, its name and the accessor's attributes kept (boa's: configurable,
/// not enumerable, with its setter).
pub(super) fn install_stack_names(context: &mut Context) -> JsResult<()> {
    let prototype = context.intrinsics().constructors().error().prototype();
    let object = context.intrinsics().constructors().object().constructor();
    let describe = object.get(js_string!("getOwnPropertyDescriptor"), context)?;
    let Some(describe) = describe.as_callable() else {
        return Ok(());
    };
    let descriptor = describe.call(
        &object.into(),
        &[prototype.clone().into(), js_string!("stack").into()],
        context,
    )?;
    let Some(descriptor) = descriptor.as_object() else {
        return Ok(());
    };
    let Some(engine_get) = descriptor.get(js_string!("get"), context)?.as_callable() else {
        return Ok(());
    };
    let setter = descriptor.get(js_string!("set"), context)?;
    let name = engine_get.get(js_string!("name"), context)?;
    let get = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(named_stack, engine_get),
    )
    .name(name.as_string().unwrap_or(js_string!("get stack")))
    .length(0)
    .build();
    let accessor = PropertyDescriptor::builder()
        .get(get)
        .set(setter)
        .enumerable(false)
        .configurable(true)
        .build();
    prototype.define_property_or_throw(js_string!("stack"), accessor, context)?;
    Ok(())
}

fn named_stack(
    this: &JsValue,
    args: &[JsValue],
    engine_get: &JsObject,
    context: &mut Context,
) -> JsResult<JsValue> {
    let stack = engine_get.call(this, args, context)?;
    let renamed = stack
        .as_string()
        .and_then(|text| name_prelude_frames(&text.to_std_string_escaped()));
    Ok(renamed.map_or(stack, |text| JsString::from(text.as_str()).into()))
}
