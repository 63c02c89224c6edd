//! The Worker's backend (wasm32 only): each request goes to the platform's own `Intl` — V8's ICU
//! inside workerd — through js-sys, so the sandbox answers exactly as V8 does and the bundle
//! carries no locale data. Formatters are kept by (kind, locales, options) for the isolate's
//! life: building one in V8 costs far more than using it, and a sort with `localeCompare` uses
//! the same one thousands of times. A formatter never changes, so keeping it changes no answer.

use std::cell::RefCell;
use std::collections::HashMap;

use js_sys::{Array, Function, Object, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};

use super::{Answer, Arg, ErrorKind, IntlError, Request, DEFAULT_LOCALE, DEFAULT_TIME_ZONE};

/// Formatters kept at most; the cache is emptied when it is full.
const CACHE_SIZE: usize = 256;

thread_local! {
    static FORMATTERS: RefCell<HashMap<String, JsValue>> = RefCell::new(HashMap::new());
}

const CONSTRUCTORS: [&str; 8] = [
    "NumberFormat",
    "DateTimeFormat",
    "Collator",
    "PluralRules",
    "RelativeTimeFormat",
    "ListFormat",
    "DisplayNames",
    "Segmenter",
];

pub(super) fn call(request: &Request) -> Result<Answer, IntlError> {
    let global: JsValue = js_sys::global().into();
    let intl = get(&global, "Intl")?;
    let method = request.method.as_str();
    match request.kind.as_str() {
        "Intl" => {
            let function = function(&intl, method)?;
            let arg = match method {
                "getCanonicalLocales" => raw_locales(request)?,
                "supportedValuesOf" => request
                    .args
                    .first()
                    .map(to_js)
                    .unwrap_or(JsValue::UNDEFINED),
                _ => return Err(IntlError::typ(format!("Intl.{method} is not a function"))),
            };
            json(apply(&function, &intl, &[arg])?)
        }
        "Date" => {
            let time = match request.args.first() {
                Some(Arg::Number(time)) => *time,
                _ => f64::NAN,
            };
            let date = js_sys::Date::new(&JsValue::from_f64(time));
            let prototype = get(&get(&global, "Date")?, "prototype")?;
            let function = function(&prototype, method)?;
            let options = with_time_zone(parse_options(request)?);
            text(apply(&function, &date, &[locales(request)?, options])?)
        }
        "String" => {
            let subject = request
                .args
                .first()
                .map(to_js)
                .unwrap_or(JsValue::UNDEFINED);
            let prototype = get(&get(&global, "String")?, "prototype")?;
            let function = function(&prototype, method)?;
            text(apply(&function, &subject, &[locales(request)?])?)
        }
        kind if CONSTRUCTORS.contains(&kind) => {
            let constructor = function(&intl, kind)?;
            if method == "supportedLocalesOf" {
                let function = function(&constructor, method)?;
                return json(apply(
                    &function,
                    &constructor,
                    &[raw_locales(request)?, parse_options(request)?],
                )?);
            }
            let formatter = formatter(request, &constructor)?;
            if method == "resolvedOptions" {
                let function = function(&formatter, method)?;
                return json(apply(&function, &formatter, &[])?);
            }
            let function = function(&formatter, method)?;
            let args: Vec<JsValue> = request.args.iter().map(to_js).collect();
            let result = apply(&function, &formatter, &args)?;
            if method == "segment" {
                return segment_table(&formatter, &result);
            }
            if method == "of" {
                // DisplayNames: the name, or undefined (`fallback: "none"`), as JSON.
                return if result.is_undefined() {
                    Ok(Answer::Json("null".into()))
                } else {
                    json(result)
                };
            }
            if let Some(text) = result.as_string() {
                Ok(Answer::String(text))
            } else if let Some(number) = result.as_f64() {
                Ok(Answer::Number(number))
            } else {
                json(result)
            }
        }
        other => Err(IntlError::typ(format!("Intl.{other} is not a constructor"))),
    }
}

/// `Intl.Segmenter.prototype.segment`'s segments as the prelude reads them: their start indices
/// and, for words, whether each is word-like (`{"starts": [...], "words": [1, 0, ...]}`), so the
/// text crosses once and not once per segment.
fn segment_table(segmenter: &JsValue, segments: &JsValue) -> Result<Answer, IntlError> {
    let resolved = apply(&function(segmenter, "resolvedOptions")?, segmenter, &[])?;
    let words = get(&resolved, "granularity")?.as_string().as_deref() == Some("word");
    let iterator = js_sys::try_iter(segments)
        .map_err(thrown)?
        .ok_or_else(|| IntlError::typ("segments are not iterable"))?;
    let (mut starts, mut word_like) = (Vec::new(), Vec::new());
    for item in iterator {
        let item = item.map_err(thrown)?;
        starts.push(get(&item, "index")?.as_f64().unwrap_or(0.0));
        if words {
            word_like.push(u8::from(get(&item, "isWordLike")?.is_truthy()));
        }
    }
    let table = if words {
        serde_json::json!({ "starts": starts, "words": word_like })
    } else {
        serde_json::json!({ "starts": starts })
    };
    Ok(Answer::Json(table.to_string()))
}

/// The formatter for the request's kind, locales and options: kept, or built now.
fn formatter(request: &Request, constructor: &Function) -> Result<JsValue, IntlError> {
    let key = format!(
        "{}\u{1}{}\u{1}{}",
        request.kind,
        request.locales.as_deref().unwrap_or(""),
        request.options.as_deref().unwrap_or("")
    );
    if let Some(found) = FORMATTERS.with(|cache| cache.borrow().get(&key).cloned()) {
        return Ok(found);
    }
    let mut options = parse_options(request)?;
    if request.kind == "DateTimeFormat" {
        options = with_time_zone(options);
    }
    let args = Array::of2(&locales(request)?, &options);
    let built = Reflect::construct(constructor, &args).map_err(thrown)?;
    FORMATTERS.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.len() >= CACHE_SIZE {
            cache.clear();
        }
        cache.insert(key, built.clone());
    });
    Ok(built)
}

/// The locale list as given (`undefined` when none).
fn raw_locales(request: &Request) -> Result<JsValue, IntlError> {
    match request.locales.as_deref() {
        None => Ok(JsValue::UNDEFINED),
        Some(text) => JSON::parse(text).map_err(thrown),
    }
}

/// The locale list, en-US when none is given.
fn locales(request: &Request) -> Result<JsValue, IntlError> {
    match request.locales.as_deref() {
        None | Some("[]") => Ok(JsValue::from_str(DEFAULT_LOCALE)),
        Some(text) => JSON::parse(text).map_err(thrown),
    }
}

fn parse_options(request: &Request) -> Result<JsValue, IntlError> {
    match request.options.as_deref() {
        None => Ok(JsValue::UNDEFINED),
        Some(text) => JSON::parse(text).map_err(thrown),
    }
}

/// Date options with the sandbox's zone when they name none.
fn with_time_zone(options: JsValue) -> JsValue {
    let zone = JsValue::from_str("timeZone");
    if options.is_undefined() {
        let object = Object::new();
        let _ = Reflect::set(&object, &zone, &JsValue::from_str(DEFAULT_TIME_ZONE));
        return object.into();
    }
    if options.is_object()
        && Reflect::get(&options, &zone)
            .map(|v| v.is_undefined())
            .unwrap_or(false)
    {
        let _ = Reflect::set(&options, &zone, &JsValue::from_str(DEFAULT_TIME_ZONE));
    }
    options
}

fn to_js(arg: &Arg) -> JsValue {
    match arg {
        Arg::Undefined => JsValue::UNDEFINED,
        Arg::Null => JsValue::NULL,
        Arg::Bool(flag) => JsValue::from_bool(*flag),
        Arg::Number(number) => JsValue::from_f64(*number),
        Arg::BigInt(digits) => js_sys::BigInt::new(&JsValue::from_str(digits))
            .map(JsValue::from)
            .unwrap_or_else(|_| JsValue::from_f64(f64::NAN)),
        Arg::String(text) => JsValue::from_str(text),
        Arg::List(items) => items
            .iter()
            .map(|item| JsValue::from_str(item))
            .collect::<Array>()
            .into(),
    }
}

fn get(target: &JsValue, key: &str) -> Result<JsValue, IntlError> {
    Reflect::get(target, &JsValue::from_str(key)).map_err(thrown)
}

fn function(target: &JsValue, key: &str) -> Result<Function, IntlError> {
    get(target, key)?
        .dyn_into::<Function>()
        .map_err(|_| IntlError::typ(format!("{key} is not a function")))
}

fn apply(function: &Function, this: &JsValue, args: &[JsValue]) -> Result<JsValue, IntlError> {
    let list: Array = args.iter().collect();
    Reflect::apply(function, this, &list).map_err(thrown)
}

fn text(value: JsValue) -> Result<Answer, IntlError> {
    Ok(Answer::String(value.as_string().unwrap_or_default()))
}

fn json(value: JsValue) -> Result<Answer, IntlError> {
    let text = JSON::stringify(&value).map_err(thrown)?;
    Ok(Answer::Json(String::from(text)))
}

/// A V8 error as the same kind of error in the sandbox, with V8's message.
fn thrown(error: JsValue) -> IntlError {
    let name = Reflect::get(&error, &JsValue::from_str("name"))
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default();
    let message = Reflect::get(&error, &JsValue::from_str("message"))
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_else(|| "the platform's Intl failed".into());
    let kind = match name.as_str() {
        "RangeError" => ErrorKind::Range,
        "TypeError" => ErrorKind::Type,
        _ => ErrorKind::Error,
    };
    IntlError { kind, message }
}
