//! The native host object the prelude closes over, and what its functions share with the
//! [`Sandbox`]: calls out, step values, output, lookups and the checks that guard the engine.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use boa_engine::builtins::promise::ResolvingFunctions;
use boa_engine::object::builtins::JsPromise;
use boa_engine::object::{FunctionObjectBuilder, ObjectInitializer};
use boa_engine::{
    js_string, Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction,
};
use serde_json::Value;

use crate::journal::Outcome;

use super::*;

/// State the native host functions share with [`Sandbox`].
pub(super) struct HostState {
    pub(super) limits: SandboxLimits,
    pub(super) store_limits: StoreLimits,
    /// Size (UTF-16 units of key + JSON) of each `store()` value at run start.
    pub(super) value_sizes: BTreeMap<String, usize>,
    pub(super) schemas: Rc<BTreeMap<String, Value>>,
    /// What `host.call(index, ...)` calls: the connectors' methods in [`SandboxConfig`] order,
    /// then `codemode.step` (the prelude numbers them the same way).
    pub(super) methods: Vec<MethodEntry>,
    pub(super) next_seq: u32,
    pub(super) requests: Vec<CallRequest>,
    pub(super) services: Rc<dyn SandboxServices>,
    pub(super) recorded: BTreeSet<u32>,
    /// Values of `codemode.step` functions that ran in this pass, not yet journaled.
    pub(super) step_results: Vec<(u32, Outcome)>,
    /// The connector globals, named in the hint of a `ReferenceError`.
    pub(super) connector_names: Vec<String>,
    /// `text()` items and console lines, kept here so they survive a stopped script.
    pub(super) output: Output,
    pub(super) output_chars: usize,
    /// Settle functions of the promises of calls not delivered yet, by seq.
    pub(super) waiters: BTreeMap<u32, ResolvingFunctions>,
    /// Set by `host.done()` when the script's promise settles, so the host reads the prelude's
    /// state only then instead of after every job drain (the read serializes it to JSON).
    pub(super) done: bool,
    /// The VM's clock: calls and timers record when they were issued.
    pub(super) clock: Rc<VirtualClock>,
    /// The run's heap bound, and what was live when its VM was built.
    pub(super) heap: boa_engine::heap::HeapLimit,
    /// Timers set so far (they take `seq`s too, but do not count as tool calls).
    pub(super) timers_set: u32,
    /// Timers cleared since the host last took them (`seq`s).
    pub(super) cleared: Vec<u32>,
    /// A limit a host function hit: the run ends with it even if the script caught the error
    /// the function threw.
    pub(super) failure: Option<ErrorInfo>,
}

pub(super) type SharedHost = Rc<RefCell<HostState>>;

/// One callable method: names, and its key in [`HostState::schemas`].
pub(super) struct MethodEntry {
    pub(super) connector: String,
    pub(super) method: String,
    pub(super) key: String,
}

impl MethodEntry {
    pub(super) fn new(connector: &str, method: &str) -> Self {
        Self {
            connector: connector.into(),
            method: method.into(),
            key: format!("{connector}.{method}"),
        }
    }
}

/// The native object the prelude closes over. Never reachable from the script.
pub(super) fn host_object(context: &mut Context) -> JsObject {
    let mut host = ObjectInitializer::new(context);
    web::register(&mut host);
    timers::register(&mut host);
    register_intl(&mut host);
    register_calls(&mut host);
    register_output(&mut host);
    register_checks(&mut host);
    host.build()
}

/// `intl`, `intlModule`: the native Intl services and the prelude's Intl module.
fn register_intl(host: &mut ObjectInitializer<'_>) {
    host.function(
        NativeFunction::from_fn_ptr(super::intl::host_intl),
        js_string!("intl"),
        5,
    )
    .function(
        NativeFunction::from_fn_ptr(host_intl_module),
        js_string!("intlModule"),
        0,
    );
}

/// Tool calls and what the script reads about tools: `call`, `search`, `describe`, `snippet`,
/// `recorded`, `stepDone`.
fn register_calls(host: &mut ObjectInitializer<'_>) {
    host.function(
        NativeFunction::from_fn_ptr(host_call),
        js_string!("call"),
        3,
    )
    .function(
        NativeFunction::from_fn_ptr(host_search),
        js_string!("search"),
        1,
    )
    .function(
        NativeFunction::from_fn_ptr(host_describe),
        js_string!("describe"),
        1,
    )
    .function(
        NativeFunction::from_fn_ptr(host_snippet),
        js_string!("snippet"),
        1,
    )
    .function(
        NativeFunction::from_fn_ptr(host_recorded),
        js_string!("recorded"),
        1,
    )
    .function(
        NativeFunction::from_fn_ptr(host_step_done),
        js_string!("stepDone"),
        3,
    );
}

/// What the script writes: `output` (text and console lines) and the `image*` items.
fn register_output(host: &mut ObjectInitializer<'_>) {
    host.function(
        NativeFunction::from_fn_ptr(host_output),
        js_string!("output"),
        2,
    )
    .function(
        NativeFunction::from_fn_ptr(host_image_bytes),
        js_string!("imageBytes"),
        4,
    )
    .function(
        NativeFunction::from_fn_ptr(host_image_base64),
        js_string!("imageBase64"),
        2,
    )
    .function(
        NativeFunction::from_fn_ptr(host_image_ref),
        js_string!("imageRef"),
        1,
    );
}

/// The checks and bookkeeping of the run: `checkSource`, `done`, `lastSeq`, `connectorGet`.
fn register_checks(host: &mut ObjectInitializer<'_>) {
    host.function(
        NativeFunction::from_fn_ptr(host_check_source),
        js_string!("checkSource"),
        1,
    )
    .function(
        NativeFunction::from_fn_ptr(host_done),
        js_string!("done"),
        0,
    )
    .function(
        NativeFunction::from_fn_ptr(host_last_seq),
        js_string!("lastSeq"),
        0,
    )
    .function(
        NativeFunction::from_fn_ptr(host_connector_get),
        js_string!("connectorGet"),
        1,
    );
}

pub(super) fn shared_host(context: &Context) -> JsResult<SharedHost> {
    context.get_data::<SharedHost>().cloned().ok_or_else(|| {
        JsNativeError::error()
            .with_message("sandbox host state is missing")
            .into()
    })
}

/// `args[index]` as a Rust string, its length charged as [`js_string_arg`] says.
pub(super) fn string_arg(
    args: &[JsValue],
    index: usize,
    context: &mut Context,
) -> JsResult<String> {
    Ok(std_string(&js_string_arg(args, index, context)?))
}

/// `args[index]` as a JavaScript string, its length charged to the run's budget at the
/// engine's rate for the characters it copies (`Context::charge_chars_later`: the budget is
/// lowered and the next instruction ends the run). A host call runs natively within one
/// instruction, so a loop of `btoa(text)`, `new TextEncoder().encode(text)` or `new URL(href)`
/// over a long text ran for minutes out of reach of the budget.
pub(super) fn js_string_arg(
    args: &[JsValue],
    index: usize,
    context: &mut Context,
) -> JsResult<JsString> {
    let value = args.get(index).cloned().unwrap_or_default();
    let text = value.to_string(context)?;
    context.charge_chars_later(text.len());
    Ok(text)
}

/// JSON written by the script's `JSON.stringify` (a result, `store()` values and keys, tool
/// arguments) as a value. A JavaScript string may hold an unpaired surrogate, which
/// `JSON.stringify` writes as an escape (`"\ud800"`) that `serde_json` refuses, and that no
/// UTF-8 text can carry: each one becomes U+FFFD, as it does in text output.
pub(super) fn script_json<T: serde::de::DeserializeOwned>(json: &str) -> serde_json::Result<T> {
    match serde_json::from_str(json) {
        Err(e) if json.contains("\\u") => {
            serde_json::from_str(&replace_lone_surrogate_escapes(json)).map_err(|_| e)
        }
        parsed => parsed,
    }
}

/// `json` with every `\uXXXX` escape of an unpaired surrogate replaced by `\ufffd`.
pub(super) fn replace_lone_surrogate_escapes(json: &str) -> String {
    let bytes = json.as_bytes();
    let escaped_unit = |at: usize| -> Option<u16> {
        if bytes.get(at) != Some(&b'\\') || bytes.get(at + 1) != Some(&b'u') {
            return None;
        }
        let hex = json.get(at + 2..at + 6)?;
        u16::from_str_radix(hex, 16).ok()
    };
    let mut out = String::with_capacity(json.len());
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        match escaped_unit(i) {
            // A surrogate pair: kept.
            Some(0xD800..=0xDBFF)
                if escaped_unit(i + 6).is_some_and(|low| (0xDC00..=0xDFFF).contains(&low)) =>
            {
                i += 12
            }
            Some(0xD800..=0xDFFF) => {
                out.push_str(&json[copied..i]);
                out.push_str("\\ufffd");
                i += 6;
                copied = i;
            }
            // Any other escape: two characters, the second one ASCII.
            _ => i += 2,
        }
    }
    out.push_str(&json[copied.min(json.len())..]);
    out
}

/// `text` as a Rust string, unpaired surrogates replaced by U+FFFD. The strict conversion copies
/// in one pass; only a string that has a lone surrogate takes the (formatting) lossy one.
pub(super) fn std_string(text: &JsString) -> String {
    text.to_std_string()
        .unwrap_or_else(|_| text.to_std_string_lossy())
}

/// `host.call(index, argsJson)` → the promise of a call of method `index` of
/// [`HostState::methods`] (its settle functions wait in [`HostState::waiters`]).
pub(super) fn host_call(
    _this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let index = args.first().cloned().unwrap_or_default().to_u32(context)? as usize;
    let json = string_arg(args, 1, context)?;
    let host = shared_host(context)?;
    let mut host = host.borrow_mut();
    let host = &mut *host;
    let entry = host.methods.get(index).ok_or_else(|| {
        JsNativeError::error().with_message(format!("no method has index {index}"))
    })?;
    let (connector, method) = (&entry.connector, &entry.method);
    let args: Value = script_json(&json).map_err(|e| {
        JsNativeError::typ().with_message(format!(
            "{connector}.{method}: the argument is not JSON: {e}"
        ))
    })?;
    if host.next_seq - host.timers_set >= host.limits.max_calls {
        return Err(JsNativeError::range()
            .with_message(format!(
                "{connector}.{method}: this run already made {} calls, the limit",
                host.limits.max_calls
            ))
            .into());
    }
    if json.len() > host.limits.max_argument_bytes {
        return Err(JsNativeError::range()
            .with_message(format!(
                "{connector}.{method}: the argument is {} bytes of JSON; the limit is {}",
                json.len(),
                host.limits.max_argument_bytes
            ))
            .into());
    }
    if let Some(schema) = host.schemas.get(&entry.key) {
        if let Err(problem) = crate::schema::validate(schema, &args) {
            return Err(JsNativeError::typ()
                .with_message(format!("{connector}.{method}: {problem}"))
                .into());
        }
    }
    let request = CallRequest {
        seq: host.next_seq,
        connector: connector.clone(),
        method: method.clone(),
        args,
        issued_at: host.clock.0.get(),
    };
    let seq = request.seq;
    host.next_seq += 1;
    host.requests.push(request);
    let (promise, waiter) = JsPromise::new_pending(context);
    host.waiters.insert(seq, waiter);
    Ok(JsValue::from(promise))
}

/// `host.connectorGet(unknown)` → the `get` trap of a connector object's proxy. It does what
/// this did in JavaScript, without a JavaScript call per method access:
/// `typeof key !== "string" || key in object || key === "then" || key === "toJSON" ? object[key] : unknown(key)`.
pub(super) fn host_connector_get(
    _this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let unknown = args
        .first()
        .and_then(JsValue::as_callable)
        .ok_or_else(|| JsNativeError::typ().with_message("connectorGet: not a function"))?;
    let trap = NativeFunction::from_copy_closure_with_captures(connector_get_trap, unknown);
    Ok(FunctionObjectBuilder::new(context.realm(), trap)
        .name(js_string!("get"))
        .length(2)
        .build()
        .into())
}

pub(super) fn connector_get_trap(
    _this: &JsValue,
    args: &[JsValue],
    unknown: &JsObject,
    context: &mut Context,
) -> JsResult<JsValue> {
    let target = args
        .first()
        .and_then(JsValue::as_object)
        .ok_or_else(|| JsNativeError::typ().with_message("connector proxy: no target"))?;
    let key = args.get(1).cloned().unwrap_or_default();
    let read_target = match key.as_string() {
        None => true,
        Some(name) => {
            target.has_property(name.clone(), context)?
                || name == js_string!("then")
                || name == js_string!("toJSON")
        }
    };
    if read_target {
        let key = key.to_property_key(context)?;
        return target.get(key, context);
    }
    unknown.call(&JsValue::undefined(), &[key], context)
}

/// `host.lastSeq()` → the `seq` of the call `host.call` issued last.
pub(super) fn host_last_seq(
    _this: &JsValue,
    _args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let issued = shared_host(context)?.borrow().next_seq;
    Ok(JsValue::from(issued.saturating_sub(1)))
}

pub(super) fn host_search(
    _this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let query = string_arg(args, 0, context)?;
    let services = shared_host(context)?.borrow().services.clone();
    Ok(JsValue::from(JsString::from(
        services.search(&query).to_string().as_str(),
    )))
}

pub(super) fn host_describe(
    _this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let path = string_arg(args, 0, context)?;
    let services = shared_host(context)?.borrow().services.clone();
    match services.describe(&path) {
        Ok(value) => Ok(JsValue::from(JsString::from(value.to_string().as_str()))),
        Err(message) => Err(JsNativeError::error().with_message(message).into()),
    }
}

/// `host.done()`: the script's promise has settled (see [`HostState::done`]).
pub(super) fn host_done(
    _this: &JsValue,
    _args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    shared_host(context)?.borrow_mut().done = true;
    Ok(JsValue::undefined())
}

/// `true` if `value` nests at most `max` arrays/objects deep (counted as `JSON.parse` counts
/// brackets). Iterative, so any depth is safe to check.
pub(super) fn json_depth_within(value: &Value, max: usize) -> bool {
    let is_container = |value: &Value| matches!(value, Value::Array(_) | Value::Object(_));
    if !is_container(value) {
        return true;
    }
    // Containers only, with their depth (the outermost is 1).
    let mut stack: Vec<(&Value, usize)> = vec![(value, 1)];
    while let Some((value, depth)) = stack.pop() {
        if depth > max {
            return false;
        }
        match value {
            Value::Array(items) => stack.extend(
                items
                    .iter()
                    .filter(|v| is_container(v))
                    .map(|v| (v, depth + 1)),
            ),
            Value::Object(map) => stack.extend(
                map.values()
                    .filter(|v| is_container(v))
                    .map(|v| (v, depth + 1)),
            ),
            _ => {}
        }
    }
    true
}

/// `host.recorded(seq)` → whether the journal already holds call `seq`.
pub(super) fn host_recorded(
    _this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let seq = args.first().cloned().unwrap_or_default().to_u32(context)?;
    Ok(JsValue::from(
        shared_host(context)?.borrow().recorded.contains(&seq),
    ))
}

/// `host.stepDone(seq, ok, payload)`: a `codemode.step` function finished (payload is its value
/// as JSON, or the error message).
pub(super) fn host_step_done(
    _this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let seq = args.first().cloned().unwrap_or_default().to_u32(context)?;
    let ok = args.get(1).is_some_and(JsValue::to_boolean);
    let payload = string_arg(args, 2, context)?;
    let outcome = if ok {
        Outcome::Ok(serde_json::from_str(&payload).map_err(|e| {
            JsNativeError::typ().with_message(format!("codemode.step: the value is not JSON: {e}"))
        })?)
    } else {
        Outcome::Err(payload)
    };
    shared_host(context)?
        .borrow_mut()
        .step_results
        .push((seq, outcome));
    Ok(JsValue::undefined())
}

/// `host.checkSource(text)`: code given to `eval`/`Function` gets the script's nesting limit.
pub(super) fn host_check_source(
    _this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let text = string_arg(args, 0, context)?;
    let limits = shared_host(context)?.borrow().limits;
    check_nesting(&text, limits.max_nesting, limits.max_expression_depth)
        .map_err(|e| JsNativeError::syntax().with_message(strip_kind(&e.message)))?;
    Ok(JsValue::undefined())
}

pub(super) fn strip_kind(message: &str) -> String {
    message
        .strip_prefix("SyntaxError: ")
        .unwrap_or(message)
        .to_string()
}

/// `host.output(kind, text)`: a `text()` item (kind 0) or a console line (kind 1). Output past
/// the limit is dropped after one marker line. Returns whether there is room for more: once
/// there is none the prelude stops formatting what it is given.
pub(super) fn host_output(
    _this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let kind = args.first().cloned().unwrap_or_default().to_u32(context)?;
    // Past the limit the text is not even read.
    let host = shared_host(context)?;
    let limit = host.borrow().limits.max_output_chars;
    if host.borrow().output_chars > limit {
        return Ok(JsValue::from(false));
    }
    let text = string_arg(args, 1, context)?;
    let mut host = host.borrow_mut();
    host.output_chars += text.chars().count();
    if host.output_chars > limit {
        host.output.console.push(format!(
            "[output limit of {limit} characters reached; further output dropped]"
        ));
        return Ok(JsValue::from(false));
    }
    if kind == 0 {
        host.output.texts.push(text);
    } else {
        host.output.console.push(text);
    }
    Ok(JsValue::from(true))
}

/// `host.imageBytes(buffer, offset, length, mimeType)`: an `image()` item from bytes.
pub(super) fn host_image_bytes(
    _this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let mime = optional_string(args, 3, context)?;
    let data = super::web::with_bytes(args, context, <[u8]>::to_vec)?;
    context.charge_chars_later(data.len());
    add_image_bytes(data, mime.as_deref(), context)
}

/// `host.imageBase64(text, mimeType)`: an `image()` item from base64 text.
pub(super) fn host_image_base64(
    _this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let text = string_arg(args, 0, context)?;
    let mime = optional_string(args, 1, context)?;
    let data = crate::images::decode_base64(&text).ok_or_else(|| {
        JsNativeError::typ()
            .with_message("image(): a string must be base64 image data; this one is not base64")
    })?;
    add_image_bytes(data, mime.as_deref(), context)
}

/// `host.imageRef(id)`: an `image()` item from an image the instance keeps.
pub(super) fn host_image_ref(
    _this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let id = string_arg(args, 0, context)?;
    let host = shared_host(context)?;
    let found = host.borrow().services.image(&id);
    let image = found.ok_or_else(|| {
        JsNativeError::typ().with_message(format!("image(): no image `{id}` is kept here"))
    })?;
    push_image(
        &host,
        crate::script::OutputImage::Stored {
            image,
            url: String::new(),
        },
    )
}

fn optional_string(
    args: &[JsValue],
    index: usize,
    context: &mut Context,
) -> JsResult<Option<String>> {
    match args.get(index) {
        None => Ok(None),
        Some(value) if value.is_undefined() => Ok(None),
        Some(_) => string_arg(args, index, context).map(Some),
    }
}

fn add_image_bytes(data: Vec<u8>, mime: Option<&str>, context: &mut Context) -> JsResult<JsValue> {
    if data.len() > crate::images::MAX_IMAGE_BYTES {
        return Err(JsNativeError::range()
            .with_message(format!(
                "image(): image is {} bytes; at most {} are kept",
                data.len(),
                crate::images::MAX_IMAGE_BYTES
            ))
            .into());
    }
    let sniffed = crate::images::check(&data, mime)
        .map_err(|e| JsNativeError::typ().with_message(format!("image(): {e}")))?;
    let host = shared_host(context)?;
    push_image(
        &host,
        crate::script::OutputImage::Bytes {
            mime_type: sniffed.format.mime_type().to_string(),
            width: sniffed.width,
            height: sniffed.height,
            data,
        },
    )
}

/// Adds an item within the run's bounds on images (their count and bytes).
fn push_image(host: &RefCell<HostState>, image: crate::script::OutputImage) -> JsResult<JsValue> {
    use crate::images::{MAX_RUN_IMAGES, MAX_RUN_IMAGE_BYTES};
    let mut host = host.borrow_mut();
    let images = &mut host.output.images;
    if images.len() >= MAX_RUN_IMAGES {
        return Err(JsNativeError::range()
            .with_message(format!(
                "image(): a run hands back at most {MAX_RUN_IMAGES} images"
            ))
            .into());
    }
    let total: usize = images.iter().map(crate::script::OutputImage::size).sum();
    if total + image.size() > MAX_RUN_IMAGE_BYTES {
        return Err(JsNativeError::range()
            .with_message(format!(
                "image(): a run hands back at most {MAX_RUN_IMAGE_BYTES} bytes of images"
            ))
            .into());
    }
    images.push(image);
    Ok(JsValue::undefined())
}

/// `host.snippet(name)` → the snippet compiled as `async (input) => ...`.
pub(super) fn host_snippet(
    _this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let name = string_arg(args, 0, context)?;
    let services = shared_host(context)?.borrow().services.clone();
    let code = services.snippet_code(&name).ok_or_else(|| {
        JsNativeError::error().with_message(format!("no snippet is named `{name}`"))
    })?;
    let function = compile_script(context, &code, &format!("snippet:{name}")).map_err(|e| {
        JsNativeError::syntax().with_message(format!("snippet `{name}`: {}", e.message))
    })?;
    Ok(JsValue::from(function))
}
