//! Installing the prelude: compiled once per thread, evaluated in each VM, its internals kept.

use std::path::Path;

use boa_engine::script::CompiledScript;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, Script, Source};
use serde_json::Value;

use crate::model::ErrorInfo;

use super::*;

/// The prelude's internals (see `prelude/internals.js`).
pub(super) struct Internals {
    pub(super) start: JsObject,
    pub(super) deliver: JsObject,
    pub(super) state: JsObject,
}

impl Internals {
    pub(super) fn start(&self, main: &JsObject, context: &mut Context) -> JsResult<()> {
        self.start.call(
            &JsValue::undefined(),
            &[JsValue::from(main.clone())],
            context,
        )?;
        Ok(())
    }
}

thread_local! {
    /// The prelude compiled by this thread's first VM. Parsing and compiling its 19 KB was most
    /// of a pass's fixed cost; every VM runs the same code, so later ones reuse it. Never dropped:
    /// the garbage collector that owns it is itself a thread-local, which may be gone first when
    /// the thread exits.
    static PRELUDE_CODE: std::cell::OnceCell<std::mem::ManuallyDrop<CompiledScript>> =
        const { std::cell::OnceCell::new() };
}

/// The prelude as a script of `context` (a fresh VM: the prelude is the first code it runs, and
/// declares no globals, so its compiled code is the same in every VM).
pub(super) fn prelude_script(context: &mut Context) -> JsResult<Script> {
    if let Some(compiled) = PRELUDE_CODE.with(|cell| cell.get().map(|c| CompiledScript::clone(c))) {
        return Ok(Script::from_compiled(&compiled, context));
    }
    let script = Script::parse(
        Source::from_bytes(PRELUDE).with_path(Path::new(stack::PRELUDE_PATH)),
        None,
        context,
    )?;
    let compiled = script.compiled(context)?;
    PRELUDE_CODE.with(|cell| {
        let _ = cell.set(std::mem::ManuallyDrop::new(compiled));
    });
    Ok(script)
}

/// Evaluates the prelude in a fresh VM: everything that does not depend on the run. Returns its
/// `configure` function (see `prelude/internals.js`).
pub(super) fn prepare_prelude(context: &mut Context) -> Result<JsObject, ErrorInfo> {
    let factory = prelude_script(context)
        .and_then(|script| script.evaluate(context))
        .map_err(|e| internal(format!("prelude: {e}")))?
        .as_callable()
        .ok_or_else(|| internal("prelude is not a function"))?;
    stack::install_stack_names(context).map_err(|e| internal(format!("stack names: {e}")))?;
    let host = host_object(context);
    factory
        .call(&JsValue::undefined(), &[JsValue::from(host)], context)
        .map_err(|e| internal(format!("prelude: {e}")))?
        .as_callable()
        .ok_or_else(|| internal("the prelude's configure is not a function"))
}

/// Gives the prepared prelude the run's settings and returns its internals.
pub(super) fn configure_prelude(
    context: &mut Context,
    configure: &JsObject,
    config: &SandboxConfig<'_>,
) -> Result<Internals, ErrorInfo> {
    let to_js = |value: Value, context: &mut Context| {
        JsValue::from_json(&value, context).map_err(|e| internal(e.to_string()))
    };
    let table = to_js(
        serde_json::to_value(&config.connectors).map_err(|e| internal(e.to_string()))?,
        context,
    )?;
    let limits = serde_json::json!({
        "maxNesting": config.limits.max_nesting,
        "maxJsonDepth": config.limits.max_json_depth,
        "key": config.store_limits.key,
        "value": config.store_limits.value,
        "total": config.store_limits.total,
        "maxChars": config.limits.max_string_chars,
        "maxElements": config.limits.max_array_elements,
        "maxOutput": config.limits.max_output_chars,
    });
    let limits = to_js(limits, context)?;
    let values = serde_json::to_string(&config.values).map_err(|e| internal(e.to_string()))?;
    let args = [
        JsValue::from((config.seed >> 32) as f64),
        JsValue::from((config.seed & 0xffff_ffff) as f64),
        table,
        JsValue::from(JsString::from(values.as_str())),
        limits,
    ];
    let internals = configure
        .call(&JsValue::undefined(), &args, context)
        .map_err(|e| internal(format!("prelude: {e}")))?;
    let internals = internals
        .as_object()
        .ok_or_else(|| internal("prelude returned no internals"))?;
    let mut get = |name: &str| -> Result<JsObject, ErrorInfo> {
        internals
            .get(JsString::from(name), context)
            .ok()
            .and_then(|v| v.as_callable())
            .ok_or_else(|| internal(format!("prelude internals lack `{name}`")))
    };
    Ok(Internals {
        start: get("start")?,
        deliver: get("deliver")?,
        state: get("state")?,
    })
}

thread_local! {
    /// The locale layer (`intl.js`), compiled by the first VM of this thread that needs it.
    static INTL_CODE: std::cell::OnceCell<std::mem::ManuallyDrop<CompiledScript>> =
        const { std::cell::OnceCell::new() };
}

/// The locale layer's source (see the file's header).
pub const INTL_LAYER: &str = include_str!("intl.js");

/// `host.intlModule()` → the locale layer's factory function, compiled once per thread (isolate)
/// and evaluated in this VM. Called by the prelude the first time a script needs a locale. The
/// code is compiled in a fresh context of its own, so it is compiled alike whatever the script
/// that first needed it declared (a compiled script is only reusable when its compilation did not
/// depend on the realm's global declarations: see `CompiledScript`); it declares no globals.
pub(super) fn host_intl_module(
    _this: &JsValue,
    _args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let compiled = match INTL_CODE.with(|cell| cell.get().map(|c| CompiledScript::clone(c))) {
        Some(compiled) => compiled,
        None => {
            // Its own clock: the default one reads the system time, which wasm32 does not have.
            let mut fresh = boa_engine::context::ContextBuilder::new()
                .clock(Rc::new(VirtualClock(std::cell::Cell::new(0))))
                .host_hooks(Rc::new(SandboxHooks::new(0, usize::MAX)))
                .build()?;
            let source = Source::from_bytes(INTL_LAYER).with_path(Path::new("intl.js"));
            let compiled = Script::parse(source, None, &mut fresh)?.compiled(&mut fresh)?;
            INTL_CODE.with(|cell| {
                let _ = cell.set(std::mem::ManuallyDrop::new(compiled.clone()));
            });
            compiled
        }
    };
    Script::from_compiled(&compiled, context).evaluate(context)
}
