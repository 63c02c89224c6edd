//! The native backend (`cargo test`, Rust hosts): ICU4X with its compiled CLDR data, jiff's
//! bundled time zone database for zone offsets. It follows ECMA-402's option processing (the
//! same defaults, the same RangeError/TypeError kinds, V8's messages where known) and gives
//! V8's output for the common cases; tests/locale.rs measures how often against Node's ICU,
//! and docs/locales.md lists what differs (ICU4X's data and patterns are not ICU4C's in every case).
//!
//! Layout: this file takes a request to its service and holds the argument conversions;
//! [`options`] reads the locales and options every constructor starts with; [`parts`] turns a
//! formatter's output into `formatToParts` pieces; one file a service: [`number`]
//! (NumberFormat), [`date`] (DateTimeFormat and `Date`'s `toLocale*String`), [`collator`],
//! [`plural`], [`relative`] (RelativeTimeFormat), [`list`] (ListFormat), [`display`]
//! (DisplayNames), [`segmenter`] (Segmenter).

mod collator;
mod date;
mod display;
mod list;
mod number;
mod options;
mod parts;
mod plural;
mod relative;
mod segmenter;

use serde_json::{Map, Value};

use super::{Answer, Arg, IntlError, Request, DEFAULT_LOCALE, DEFAULT_TIME_ZONE};
use collator::CollatorFormat;
use date::{DateFormat, Defaults, Required};
use display::DisplayNames;
use list::Lists;
use number::{NumberFormat, SANCTIONED_UNITS};
use options::{default_locale, options_object, requested, supported};
use plural::Plurals;
use relative::Relative;
use segmenter::Segments;

/// Answers one request: a namespace function, a `String`/`Date` method, or a service's
/// constructor (its options read again for every call: nothing is kept between calls).
pub(super) fn call(request: &Request) -> Result<Answer, IntlError> {
    let kind = request.kind.as_str();
    let method = request.method.as_str();
    let locales = request.locales.as_deref();
    let args = &request.args;
    match kind {
        "Intl" => match method {
            "getCanonicalLocales" => tags(locales, |_| true),
            "supportedValuesOf" => supported_values(args.first()),
            _ => Err(IntlError::typ(format!("Intl.{method} is not a function"))),
        },
        "String" => {
            let text = string_arg(args.first());
            let locale = requested(locales)?
                .into_iter()
                .next()
                .unwrap_or_else(default_locale);
            let mapper = icu_casemap::CaseMapper::new();
            let mapped = if method == "toLocaleUpperCase" {
                mapper.uppercase_to_string(&text, &locale.id)
            } else {
                mapper.lowercase_to_string(&text, &locale.id)
            };
            Ok(Answer::String(mapped.into_owned()))
        }
        "Date" => {
            let time = number_arg(args.first());
            let (required, defaults) = match method {
                "toLocaleDateString" => (Required::Date, Defaults::Date),
                "toLocaleTimeString" => (Required::Time, Defaults::Time),
                _ => (Required::Any, Defaults::All),
            };
            let options = options_object(request.options.as_deref(), "DateTimeFormat")?;
            let format = DateFormat::new(locales, &options, required, defaults)?;
            if !time.is_finite() {
                return Ok(Answer::String("Invalid Date".into()));
            }
            Ok(Answer::String(format.format(time)?))
        }
        "NumberFormat" | "DateTimeFormat" | "Collator" | "PluralRules" | "RelativeTimeFormat"
        | "ListFormat" | "DisplayNames" | "Segmenter" => {
            if method == "supportedLocalesOf" {
                return tags(locales, supported);
            }
            let options = options_object(request.options.as_deref(), kind)?;
            match kind {
                "NumberFormat" => NumberFormat::new(locales, &options)?.call(method, args),
                "DateTimeFormat" => {
                    DateFormat::new(locales, &options, Required::Any, Defaults::Date)?
                        .call(method, args)
                }
                "Collator" => CollatorFormat::new(locales, &options)?.call(method, args),
                "PluralRules" => Plurals::new(locales, &options)?.call(method, args),
                "RelativeTimeFormat" => Relative::new(locales, &options)?.call(method, args),
                "DisplayNames" => DisplayNames::new(locales, &options)?.call(method, args),
                "Segmenter" => Segments::new(locales, &options)?.call(method, args),
                _ => Lists::new(locales, &options)?.call(method, args),
            }
        }
        other => Err(IntlError::typ(format!("Intl.{other} is not a constructor"))),
    }
}

/// The requested locales' canonical tags that `keep` accepts, each once, in order.
fn tags(locales: Option<&str>, keep: fn(&icu_locale::Locale) -> bool) -> Result<Answer, IntlError> {
    let mut tags: Vec<String> = Vec::new();
    for locale in requested(locales)? {
        let tag = locale.to_string();
        if keep(&locale) && !tags.contains(&tag) {
            tags.push(tag);
        }
    }
    json(&tags)
}

// ---- Arguments, answers.

/// A service's `resolvedOptions()`: its entries, in order, as a JSON object.
pub(super) fn resolved<K: Into<String>>(entries: impl IntoIterator<Item = (K, Value)>) -> Answer {
    let options: Map<String, Value> = entries
        .into_iter()
        .map(|(key, value)| (key.into(), value))
        .collect();
    Answer::Json(Value::Object(options).to_string())
}

pub(super) fn json<T: serde::Serialize>(value: &T) -> Result<Answer, IntlError> {
    serde_json::to_string(value)
        .map(Answer::Json)
        .map_err(|e| IntlError::typ(e.to_string()))
}

pub(super) fn string_arg(arg: Option<&Arg>) -> String {
    match arg {
        Some(Arg::String(text)) => text.clone(),
        Some(Arg::Number(n)) => number_to_string(*n),
        Some(Arg::BigInt(digits)) => digits.clone(),
        Some(Arg::Bool(flag)) => flag.to_string(),
        Some(Arg::Null) => "null".into(),
        Some(Arg::List(items)) => items.join(","),
        Some(Arg::Undefined) | None => "undefined".into(),
    }
}

pub(super) fn number_to_string(n: f64) -> String {
    if n.is_nan() {
        "NaN".into()
    } else if n.is_infinite() {
        if n > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        }
    } else if n == n.trunc() && n.abs() < 1e21 {
        format!("{n:.0}")
    } else {
        n.to_string()
    }
}

pub(super) fn number_arg(arg: Option<&Arg>) -> f64 {
    match arg {
        Some(Arg::Number(n)) => *n,
        Some(Arg::Bool(flag)) => f64::from(u8::from(*flag)),
        Some(Arg::Null) => 0.0,
        Some(Arg::String(text)) => {
            let text = text.trim();
            if text.is_empty() {
                0.0
            } else {
                text.parse().unwrap_or(f64::NAN)
            }
        }
        Some(Arg::BigInt(digits)) => digits.parse().unwrap_or(f64::NAN),
        _ => f64::NAN,
    }
}

// ---- Intl.supportedValuesOf.

fn supported_values(key: Option<&Arg>) -> Result<Answer, IntlError> {
    let key = string_arg(key);
    let list: &[&str] = match key.as_str() {
        "calendar" => &[
            "buddhist",
            "chinese",
            "coptic",
            "dangi",
            "ethioaa",
            "ethiopic",
            "gregory",
            "hebrew",
            "indian",
            "islamic-civil",
            "islamic-tbla",
            "islamic-umalqura",
            "iso8601",
            "japanese",
            "persian",
            "roc",
        ],
        "collation" => &[
            "compat", "emoji", "eor", "phonebk", "pinyin", "searchjl", "stroke", "trad", "unihan",
            "zhuyin",
        ],
        "currency" => &[
            "AUD", "BRL", "CAD", "CHF", "CNY", "EUR", "GBP", "HKD", "INR", "JPY", "KRW", "MXN",
            "RUB", "SEK", "USD",
        ],
        "numberingSystem" => &[
            "arab", "arabext", "beng", "deva", "fullwide", "hanidec", "latn", "thai",
        ],
        "timeZone" => &["UTC"],
        "unit" => &SANCTIONED_UNITS,
        _ => return Err(IntlError::range(format!("Invalid key : {key}"))),
    };
    json(&list)
}
