//! `host.intl(kind, method, localesJson, optionsJson, args)`: every locale-aware answer the
//! sandbox gives (`Intl.*`, `toLocaleString`, `localeCompare`, `toLocaleUpperCase`...). The
//! prelude keeps the JavaScript side (classes, option reading in the script's realm, argument
//! conversion); this module takes the request apart and hands it to a backend:
//!
//! - in the Worker (wasm32), [`platform`]: the platform's own `Intl` — V8's ICU inside workerd —
//!   through js-sys, so the answers are V8's exactly and the bundle carries no locale data;
//! - natively (`cargo test`, Rust hosts), [`native`]: ICU4X with its compiled CLDR data, which
//!   gives the same answers for the common cases (tests/locale.rs says how often).
//!
//! Both take en-US as the default locale and UTC as the default time zone. The answer is a
//! string, a number, or JSON text (parts, resolved options, locale lists) that the prelude parses.

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(target_arch = "wasm32")]
mod platform;

use boa_engine::{js_string, Context, JsNativeError, JsResult, JsString, JsValue};

use super::std_string;

/// The locale used when a script names none (or none that is supported).
pub(crate) const DEFAULT_LOCALE: &str = "en-US";
/// The sandbox's time zone.
pub(crate) const DEFAULT_TIME_ZONE: &str = "UTC";

/// One call, as the prelude sent it.
#[derive(Debug)]
pub(crate) struct Request {
    /// `NumberFormat`, `DateTimeFormat`, `Collator`, `PluralRules`, `RelativeTimeFormat`,
    /// `ListFormat`; `Intl` (namespace functions); `Date`, `String` (their prototype methods).
    pub kind: String,
    pub method: String,
    /// JSON: a list of language tags, or another value V8 refuses (`null`). `None`: default.
    pub locales: Option<String>,
    /// JSON: the options the prelude read (or a primitive/`null` as given). `None`: none.
    pub options: Option<String>,
    pub args: Vec<Arg>,
}

/// A primitive argument (the prelude converted objects already).
#[derive(Debug, Clone)]
pub(crate) enum Arg {
    Undefined,
    Null,
    Bool(bool),
    Number(f64),
    /// Decimal digits, with a `-` for negative values.
    BigInt(String),
    String(String),
    /// A list of strings (`ListFormat`).
    List(Vec<String>),
}

/// What a call gives back.
#[derive(Debug)]
pub(crate) enum Answer {
    String(String),
    Number(f64),
    /// JSON text for the prelude to parse.
    Json(String),
}

/// The kind of error V8 throws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ErrorKind {
    Range,
    Type,
    /// A plain `Error` (the platform's own failures, in the Worker).
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    Error,
}

#[derive(Debug)]
pub(crate) struct IntlError {
    pub kind: ErrorKind,
    pub message: String,
}

impl IntlError {
    /// (Only the native backend raises range errors itself; the Worker's come from V8.)
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub(crate) fn range(message: impl Into<String>) -> Self {
        Self {
            kind: ErrorKind::Range,
            message: message.into(),
        }
    }
    pub(crate) fn typ(message: impl Into<String>) -> Self {
        Self {
            kind: ErrorKind::Type,
            message: message.into(),
        }
    }
}

/// Answers one request with the backend of this build.
fn answer(request: &Request) -> Result<Answer, IntlError> {
    #[cfg(target_arch = "wasm32")]
    return platform::call(request);
    #[cfg(not(target_arch = "wasm32"))]
    return native::call(request);
}

/// `host.intl(kind, method, localesJson, optionsJson, args)` (see the module's header).
pub(super) fn host_intl(
    _this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let text = |index: usize, context: &mut Context| -> JsResult<Option<String>> {
        match args.get(index) {
            None => Ok(None),
            Some(value) if value.is_undefined() => Ok(None),
            Some(value) => Ok(Some(std_string(&value.to_string(context)?))),
        }
    };
    let kind = text(0, context)?.unwrap_or_default();
    let method = text(1, context)?.unwrap_or_default();
    let locales = text(2, context)?;
    let options = text(3, context)?;
    let mut list = Vec::new();
    if let Some(array) = args.get(4).and_then(JsValue::as_object) {
        let count = array
            .get(js_string!("length"), context)?
            .to_length(context)?;
        for index in 0..count.min(16) {
            let value = array.get(index, context)?;
            list.push(arg(&value, context)?);
        }
    }
    let request = Request {
        kind,
        method,
        locales,
        options,
        args: list,
    };
    match answer(&request) {
        Ok(Answer::String(text)) => Ok(JsString::from(text.as_str()).into()),
        Ok(Answer::Number(number)) => Ok(JsValue::from(number)),
        Ok(Answer::Json(text)) => Ok(JsString::from(text.as_str()).into()),
        Err(error) => {
            let native = match error.kind {
                ErrorKind::Range => JsNativeError::range(),
                ErrorKind::Type => JsNativeError::typ(),
                ErrorKind::Error => JsNativeError::error(),
            };
            Err(native.with_message(error.message).into())
        }
    }
}

fn arg(value: &JsValue, context: &mut Context) -> JsResult<Arg> {
    if value.is_undefined() {
        return Ok(Arg::Undefined);
    }
    if value.is_null() {
        return Ok(Arg::Null);
    }
    if let Some(flag) = value.as_boolean() {
        return Ok(Arg::Bool(flag));
    }
    if let Some(number) = value.as_number() {
        return Ok(Arg::Number(number));
    }
    if let Some(big) = value.as_bigint() {
        return Ok(Arg::BigInt(big.to_string_radix(10)));
    }
    if let Some(text) = value.as_string() {
        return Ok(Arg::String(std_string(&text)));
    }
    if let Some(object) = value.as_object() {
        if object.is_array() {
            let count = object
                .get(js_string!("length"), context)?
                .to_length(context)?;
            let mut items = Vec::new();
            for index in 0..count {
                items.push(std_string(&object.get(index, context)?.to_string(context)?));
            }
            return Ok(Arg::List(items));
        }
    }
    Ok(Arg::String(std_string(&value.to_string(context)?)))
}
