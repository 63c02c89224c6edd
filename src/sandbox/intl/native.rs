//! The native backend (`cargo test`, Rust hosts): ICU4X with its compiled CLDR data, jiff's
//! bundled time zone database for zone offsets. It follows ECMA-402's option processing (the
//! same defaults, the same RangeError/TypeError kinds, V8's messages where known) and gives
//! V8's output for the common cases; tests/locale.rs measures how often against Node's ICU,
//! and the README lists what differs (ICU4X's data and patterns are not ICU4C's in every case).

use std::cmp::Ordering;
use std::fmt;

use fixed_decimal::{Decimal, FloatPrecision, Sign, SignDisplay, SignedRoundingMode, UnsignedRoundingMode};
use icu_locale::extensions::unicode::{Key, Value as KeywordValue};
use icu_locale::{Locale, LocaleCanonicalizer, LocaleExpander, TransformResult};
use serde_json::{Map, Value};
use writeable::{Part, PartsWrite, Writeable};

use super::{Answer, Arg, IntlError, Request, DEFAULT_LOCALE, DEFAULT_TIME_ZONE};

pub(super) fn call(request: &Request) -> Result<Answer, IntlError> {
    let kind = request.kind.as_str();
    let method = request.method.as_str();
    match kind {
        "Intl" => match method {
            "getCanonicalLocales" => {
                let mut tags: Vec<String> = Vec::new();
                for locale in requested(request.locales.as_deref())? {
                    let tag = locale.to_string();
                    if !tags.contains(&tag) {
                        tags.push(tag);
                    }
                }
                json(&tags)
            }
            "supportedValuesOf" => supported_values(request.args.first()),
            _ => Err(IntlError::typ(format!("Intl.{method} is not a function"))),
        },
        "String" => {
            let text = string_arg(request.args.first());
            let locale = requested(request.locales.as_deref())?
                .into_iter()
                .next()
                .unwrap_or_else(|| default_locale());
            let mapper = icu_casemap::CaseMapper::new();
            let mapped = if method == "toLocaleUpperCase" {
                mapper.uppercase_to_string(&text, &locale.id)
            } else {
                mapper.lowercase_to_string(&text, &locale.id)
            };
            Ok(Answer::String(mapped.into_owned()))
        }
        "Date" => {
            let time = number_arg(request.args.first());
            let (required, defaults) = match method {
                "toLocaleDateString" => (Required::Date, Defaults::Date),
                "toLocaleTimeString" => (Required::Time, Defaults::Time),
                _ => (Required::Any, Defaults::All),
            };
            let options = options_object(request.options.as_deref(), "DateTimeFormat", true)?;
            let format = DateFormat::new(request.locales.as_deref(), options, required, defaults)?;
            if !time.is_finite() {
                return Ok(Answer::String("Invalid Date".into()));
            }
            Ok(Answer::String(format.format(time)?))
        }
        "NumberFormat" | "DateTimeFormat" | "Collator" | "PluralRules" | "RelativeTimeFormat" | "ListFormat" => {
            if method == "supportedLocalesOf" {
                let mut tags: Vec<String> = Vec::new();
                for locale in requested(request.locales.as_deref())? {
                    let tag = locale.to_string();
                    if supported(&locale) && !tags.contains(&tag) {
                        tags.push(tag);
                    }
                }
                return json(&tags);
            }
            let coerce = matches!(kind, "NumberFormat" | "DateTimeFormat" | "Collator");
            let options = options_object(request.options.as_deref(), kind, coerce)?;
            match kind {
                "NumberFormat" => NumberFormat::new(request.locales.as_deref(), &options)?.call(method, &request.args),
                "DateTimeFormat" => {
                    DateFormat::new(request.locales.as_deref(), options, Required::Any, Defaults::Date)?
                        .call(method, &request.args)
                }
                "Collator" => CollatorFormat::new(request.locales.as_deref(), &options)?.call(method, &request.args),
                "PluralRules" => Plurals::new(request.locales.as_deref(), &options)?.call(method, &request.args),
                "RelativeTimeFormat" => Relative::new(request.locales.as_deref(), &options)?.call(method, &request.args),
                _ => Lists::new(request.locales.as_deref(), &options)?.call(method, &request.args),
            }
        }
        other => Err(IntlError::typ(format!("Intl.{other} is not a constructor"))),
    }
}

// ---- Arguments, answers.

fn json<T: serde::Serialize>(value: &T) -> Result<Answer, IntlError> {
    serde_json::to_string(value).map(Answer::Json).map_err(|e| IntlError::typ(e.to_string()))
}

fn string_arg(arg: Option<&Arg>) -> String {
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

fn number_to_string(n: f64) -> String {
    if n.is_nan() {
        "NaN".into()
    } else if n.is_infinite() {
        if n > 0.0 { "Infinity".into() } else { "-Infinity".into() }
    } else if n == n.trunc() && n.abs() < 1e21 {
        format!("{n:.0}")
    } else {
        n.to_string()
    }
}

fn number_arg(arg: Option<&Arg>) -> f64 {
    match arg {
        Some(Arg::Number(n)) => *n,
        Some(Arg::Bool(flag)) => f64::from(u8::from(*flag)),
        Some(Arg::Null) => 0.0,
        Some(Arg::String(text)) => {
            let text = text.trim();
            if text.is_empty() { 0.0 } else { text.parse().unwrap_or(f64::NAN) }
        }
        Some(Arg::BigInt(digits)) => digits.parse().unwrap_or(f64::NAN),
        _ => f64::NAN,
    }
}

// ---- Locales.

fn default_locale() -> Locale {
    Locale::try_from_str(DEFAULT_LOCALE).unwrap_or(icu_locale::locale!("en-US"))
}

/// The requested locales, parsed and canonicalized as `Intl.getCanonicalLocales` does.
fn requested(locales: Option<&str>) -> Result<Vec<Locale>, IntlError> {
    let Some(text) = locales else { return Ok(Vec::new()) };
    let value: Value = serde_json::from_str(text).map_err(|e| IntlError::typ(e.to_string()))?;
    let items = match value {
        Value::Null => return Err(IntlError::typ("Cannot convert undefined or null to object")),
        Value::Array(items) => items,
        Value::String(tag) => vec![Value::String(tag)],
        _ => Vec::new(),
    };
    let canonicalizer = LocaleCanonicalizer::new_extended();
    let mut out = Vec::new();
    for item in items {
        let Value::String(tag) = item else { return Err(IntlError::typ("Language ID should be string or object.")) };
        if tag.contains('_') || tag.is_empty() {
            return Err(IntlError::range("Incorrect locale information provided"));
        }
        let mut locale = Locale::try_from_str(&tag).map_err(|_| IntlError::range("Incorrect locale information provided"))?;
        canonicalizer.canonicalize(&mut locale);
        out.push(locale);
    }
    Ok(out)
}

/// Whether CLDR knows the locale's language (ICU4X falls back for everything, so "supported"
/// means: likely subtags exist for it).
fn supported(locale: &Locale) -> bool {
    let mut id = locale.id.clone();
    if id.language.is_unknown() {
        return false;
    }
    let expander = LocaleExpander::new_common();
    expander.maximize(&mut id) == TransformResult::Modified || (id.script.is_some() && id.region.is_some())
}

/// The first supported requested locale (en-US if none), with only the Unicode extension keys
/// in `keys` kept.
fn resolve(locales: Option<&str>, keys: &[&str]) -> Result<Locale, IntlError> {
    let mut locale = requested(locales)?.into_iter().find(supported).unwrap_or_else(default_locale);
    let kept: Vec<(Key, KeywordValue)> = locale
        .extensions
        .unicode
        .keywords
        .iter()
        .filter(|(key, _)| keys.contains(&key.as_str()))
        .map(|(key, value)| (*key, value.clone()))
        .collect();
    locale.extensions = Default::default();
    for (key, value) in kept {
        locale.extensions.unicode.keywords.set(key, value);
    }
    Ok(locale)
}

fn set_keyword(locale: &mut Locale, key: &str, value: &str) {
    if let (Ok(key), Ok(value)) = (Key::try_from_str(key), KeywordValue::try_from_str(value)) {
        locale.extensions.unicode.keywords.set(key, value);
    }
}

fn keyword(locale: &Locale, key: &str) -> Option<String> {
    let key = Key::try_from_str(key).ok()?;
    locale.extensions.unicode.keywords.get(&key).map(|value| value.to_string())
}

// ---- Options (ECMA-402 GetOption and friends).

fn options_object(text: Option<&str>, kind: &str, coerce: bool) -> Result<Map<String, Value>, IntlError> {
    let Some(text) = text else { return Ok(Map::new()) };
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(Value::Null) if kind == "NumberFormat" => Err(IntlError::typ("Intl.NumberFormat called on null or undefined")),
        Ok(Value::Null) => Err(IntlError::typ("Cannot convert undefined or null to object")),
        Ok(_) if coerce => Ok(Map::new()),
        Ok(_) => Ok(Map::new()),
        Err(e) => Err(IntlError::typ(e.to_string())),
    }
}

fn value_string(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Number(n) => n.as_f64().map(number_to_string).unwrap_or_default(),
        Value::Bool(flag) => flag.to_string(),
        Value::Null => "null".into(),
        other => other.to_string(),
    }
}

/// A string option, one of `allowed`.
fn get_string(
    options: &Map<String, Value>,
    key: &str,
    allowed: &[&str],
    kind: &str,
) -> Result<Option<String>, IntlError> {
    let Some(value) = options.get(key) else { return Ok(None) };
    let text = value_string(value);
    if !allowed.is_empty() && !allowed.contains(&text.as_str()) {
        return Err(IntlError::range(format!("Value {text} out of range for Intl.{kind} options property {key}")));
    }
    Ok(Some(text))
}

fn get_bool(options: &Map<String, Value>, key: &str) -> Option<bool> {
    options.get(key).map(|value| match value {
        Value::Bool(flag) => *flag,
        Value::Null => false,
        Value::Number(n) => n.as_f64().is_some_and(|n| n != 0.0 && !n.is_nan()),
        Value::String(text) => !text.is_empty(),
        _ => true,
    })
}

/// A number option in `min..=max` (`None` when absent).
fn get_number(options: &Map<String, Value>, key: &str, min: u32, max: u32) -> Result<Option<u32>, IntlError> {
    let Some(value) = options.get(key) else { return Ok(None) };
    let n = match value {
        Value::Number(n) => n.as_f64().unwrap_or(f64::NAN),
        Value::String(text) => text.trim().parse().unwrap_or(f64::NAN),
        Value::Bool(flag) => f64::from(u8::from(*flag)),
        Value::Null => 0.0,
        _ => f64::NAN,
    };
    if !n.is_finite() || n < f64::from(min) || n > f64::from(max) {
        return Err(IntlError::range(format!("{key} value is out of range.")));
    }
    Ok(Some(n.floor() as u32))
}

// ---- Parts: what a Writeable says about its pieces.

/// Collects the output of a Writeable and the ranges of its parts.
#[derive(Default)]
struct PartsCollector {
    text: String,
    parts: Vec<(usize, usize, Part)>,
}

impl fmt::Write for PartsCollector {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.text.push_str(s);
        Ok(())
    }
}

impl PartsWrite for PartsCollector {
    type SubPartsWrite = Self;
    fn with_part(&mut self, part: Part, mut f: impl FnMut(&mut Self) -> fmt::Result) -> fmt::Result {
        let start = self.text.len();
        f(self)?;
        let end = self.text.len();
        if end > start {
            self.parts.push((start, end, part));
        }
        Ok(())
    }
}

/// `[(type, text)]`: the innermost part of each piece of `writeable`'s output; pieces no part
/// covers are passed to `gap`, which splits and names them.
fn parts_of(writeable: &impl Writeable, gap: &dyn Fn(&str, &mut Vec<(String, String)>)) -> Vec<(String, String)> {
    parts_in(writeable, None, gap)
}

/// [`parts_of`], where parts of `category` win over the parts nested in them (a date's `day` over
/// the digits' `integer`).
fn parts_in(
    writeable: &impl Writeable,
    category: Option<&str>,
    gap: &dyn Fn(&str, &mut Vec<(String, String)>),
) -> Vec<(String, String)> {
    let mut sink = PartsCollector::default();
    let _ = writeable.write_to_parts(&mut sink);
    let text = sink.text;
    let mut bounds: Vec<usize> = vec![0, text.len()];
    for (start, end, _) in &sink.parts {
        bounds.push(*start);
        bounds.push(*end);
    }
    bounds.sort_unstable();
    bounds.dedup();
    let mut out: Vec<(String, String)> = Vec::new();
    let mut pending_gap = String::new();
    let mut last_range: Option<(usize, usize)> = None;
    for window in bounds.windows(2) {
        let (a, b) = (window[0], window[1]);
        let Some(piece) = text.get(a..b) else { continue };
        let covering = || sink.parts.iter().filter(|(start, end, _)| *start <= a && b <= *end);
        let inner = covering()
            .filter(|(_, _, part)| category.is_none_or(|c| part.category == c))
            .min_by_key(|(start, end, _)| end - start)
            .or_else(|| covering().min_by_key(|(start, end, _)| end - start));
        match inner {
            Some((start, end, part)) => {
                if !pending_gap.is_empty() {
                    gap(&pending_gap, &mut out);
                    pending_gap.clear();
                }
                if last_range == Some((*start, *end)) {
                    if let Some(last) = out.last_mut() {
                        last.1.push_str(piece);
                        continue;
                    }
                }
                out.push((part.value.to_string(), piece.to_string()));
                last_range = Some((*start, *end));
            }
            None => {
                pending_gap.push_str(piece);
                last_range = None;
            }
        }
    }
    if !pending_gap.is_empty() {
        gap(&pending_gap, &mut out);
    }
    out
}

fn parts_json(parts: &[(String, String)], extra: Option<(&str, &str)>) -> Result<Answer, IntlError> {
    let list: Vec<Value> = parts
        .iter()
        .map(|(kind, text)| {
            let mut object = Map::new();
            object.insert("type".into(), Value::String(kind.clone()));
            object.insert("value".into(), Value::String(text.clone()));
            if let Some((key, value)) = extra {
                if kind != "literal" {
                    object.insert(key.into(), Value::String(value.into()));
                }
            }
            Value::Object(object)
        })
        .collect();
    json(&list)
}

fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{a0}' || c == '\u{202f}'
}

/// Splits uncovered text into the pieces of a number the formatter did not mark (compact,
/// percent and currency formatters mark none): digits (`integer`, `fraction` after the decimal
/// separator), separators, signs, whitespace (`literal`) and the rest (`name`).
fn split_number_gap(text: &str, name: &str, decimal: char, out: &mut Vec<(String, String)>) {
    let chars: Vec<char> = text.chars().collect();
    let mut in_fraction = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let digit = |c: char| c.is_numeric();
        let kind: &str = if digit(c) {
            if in_fraction { "fraction" } else { "integer" }
        } else if c == decimal && i > 0 && digit(chars[i - 1]) && chars.get(i + 1).is_some_and(|n| digit(*n)) {
            in_fraction = true;
            "decimal"
        } else if i > 0 && digit(chars[i - 1]) && chars.get(i + 1).is_some_and(|n| digit(*n)) && !in_fraction {
            "group"
        } else if c == '-' || c == '\u{2212}' {
            "minusSign"
        } else if c == '+' {
            "plusSign"
        } else if c == '%' || c == '\u{66a}' {
            "percentSign"
        } else if is_space(c) || c == '\u{200e}' || c == '\u{200f}' || c == '\u{61c}' {
            "literal"
        } else {
            name
        };
        let start = i;
        i += 1;
        if kind == "integer" || kind == "fraction" || kind == "literal" || kind == name {
            while i < chars.len() {
                let n = chars[i];
                let same = match kind {
                    "integer" | "fraction" => digit(n),
                    "literal" => is_space(n),
                    _ => !digit(n) && !is_space(n) && n != '-' && n != '+' && n != '%' && n != '\u{2212}',
                };
                if !same {
                    break;
                }
                i += 1;
            }
        }
        if kind != "integer" && kind != "fraction" && kind != "decimal" && kind != "group" {
            in_fraction = false;
        }
        out.push((kind.into(), chars[start..i].iter().collect()));
    }
}

/// Splits uncovered text into whitespace (`literal`) and the rest (`name`).
fn split_gap(text: &str, name: &str, out: &mut Vec<(String, String)>) {
    let mut current = String::new();
    let mut current_space = None;
    for c in text.chars() {
        let space = is_space(c);
        if current_space.is_some_and(|s| s != space) {
            let kind = if current_space == Some(true) { "literal" } else { name };
            out.push((kind.into(), std::mem::take(&mut current)));
        }
        current.push(c);
        current_space = Some(space);
    }
    if !current.is_empty() {
        let kind = if current_space == Some(true) { "literal" } else { name };
        out.push((kind.into(), current));
    }
}

// ---- NumberFormat.

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Decimal,
    Percent,
    Currency,
    Unit,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Notation {
    Standard,
    Scientific,
    Engineering,
    Compact,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Rounding {
    Fraction { min: u32, max: u32 },
    Significant { min: u32, max: u32 },
    /// Compact notation's own rounding (two significant digits below 100).
    Compact,
}

struct NumberFormat {
    locale: Locale,
    numbering_system: String,
    style: Style,
    currency: Option<String>,
    currency_display: String,
    currency_sign: String,
    unit: Option<String>,
    unit_display: String,
    notation: Notation,
    notation_name: String,
    compact_display: String,
    grouping: Value,
    sign_display: String,
    min_integer: u32,
    rounding: Rounding,
    min_fraction: u32,
    max_fraction: u32,
    rounding_mode: String,
    trailing_zero_display: String,
}

const SANCTIONED_UNITS: [&str; 45] = [
    "acre", "bit", "byte", "celsius", "centimeter", "day", "degree", "fahrenheit", "fluid-ounce", "foot", "gallon",
    "gigabit", "gigabyte", "gram", "hectare", "hour", "inch", "kilobit", "kilobyte", "kilogram", "kilometer", "liter",
    "megabit", "megabyte", "meter", "microsecond", "mile", "mile-scandinavian", "milliliter", "millimeter",
    "millisecond", "minute", "month", "nanosecond", "ounce", "percent", "petabyte", "pound", "second", "stone",
    "terabit", "terabyte", "week", "yard", "year",
];

fn currency_digits(code: &str) -> u32 {
    match code {
        "BIF" | "CLP" | "DJF" | "GNF" | "ISK" | "JPY" | "KMF" | "KRW" | "PYG" | "RWF" | "UGX" | "UYI" | "VND" | "VUV"
        | "XAF" | "XOF" | "XPF" => 0,
        "BHD" | "IQD" | "JOD" | "KWD" | "LYD" | "OMR" | "TND" => 3,
        _ => 2,
    }
}

impl NumberFormat {
    fn new(locales: Option<&str>, options: &Map<String, Value>) -> Result<Self, IntlError> {
        const KIND: &str = "NumberFormat";
        get_string(options, "localeMatcher", &["lookup", "best fit"], KIND)?;
        let numbering = get_string(options, "numberingSystem", &[], KIND)?;
        let mut locale = resolve(locales, &["nu"])?;
        if let Some(system) = &numbering {
            set_keyword(&mut locale, "nu", system);
        }
        let numbering_system = keyword(&locale, "nu").unwrap_or_else(|| "latn".into());
        let style = match get_string(options, "style", &["decimal", "percent", "currency", "unit"], KIND)?.as_deref() {
            Some("percent") => Style::Percent,
            Some("currency") => Style::Currency,
            Some("unit") => Style::Unit,
            _ => Style::Decimal,
        };
        let currency = get_string(options, "currency", &[], KIND)?;
        if let Some(code) = &currency {
            if code.len() != 3 || !code.chars().all(|c| c.is_ascii_alphabetic()) {
                return Err(IntlError::range(format!("Invalid currency code : {code}")));
            }
        }
        let currency_display = get_string(options, "currencyDisplay", &["code", "symbol", "narrowSymbol", "name"], KIND)?
            .unwrap_or_else(|| "symbol".into());
        let currency_sign =
            get_string(options, "currencySign", &["standard", "accounting"], KIND)?.unwrap_or_else(|| "standard".into());
        let unit = get_string(options, "unit", &[], KIND)?;
        let unit_display =
            get_string(options, "unitDisplay", &["short", "narrow", "long"], KIND)?.unwrap_or_else(|| "short".into());
        if style == Style::Currency && currency.is_none() {
            return Err(IntlError::typ("Currency code is required with currency style."));
        }
        if style == Style::Unit {
            let Some(unit) = &unit else { return Err(IntlError::typ("Unit is required with unit style.")) };
            let simple = |u: &str| SANCTIONED_UNITS.contains(&u);
            let valid = simple(unit) || unit.split_once("-per-").is_some_and(|(a, b)| simple(a) && simple(b));
            if !valid {
                return Err(IntlError::range(format!("Invalid unit argument for Intl.NumberFormat() '{unit}'")));
            }
        }
        let currency = currency.map(|c| c.to_ascii_uppercase());
        let notation_name = get_string(options, "notation", &["standard", "scientific", "engineering", "compact"], KIND)?
            .unwrap_or_else(|| "standard".into());
        let notation = match notation_name.as_str() {
            "scientific" => Notation::Scientific,
            "engineering" => Notation::Engineering,
            "compact" => Notation::Compact,
            _ => Notation::Standard,
        };
        // SetNumberFormatDigitOptions.
        let (default_min, default_max) = match style {
            Style::Currency if notation == Notation::Standard => {
                let digits = currency_digits(currency.as_deref().unwrap_or(""));
                (digits, digits)
            }
            Style::Currency => (0, 0),
            Style::Percent => (0, 0),
            _ => (0, 3),
        };
        let min_integer = get_number(options, "minimumIntegerDigits", 1, 21)?.unwrap_or(1);
        let has_sd = options.contains_key("minimumSignificantDigits") || options.contains_key("maximumSignificantDigits");
        let has_fd = options.contains_key("minimumFractionDigits") || options.contains_key("maximumFractionDigits");
        let rounding_increment = get_number(options, "roundingIncrement", 1, 5000)?.unwrap_or(1);
        let rounding_mode = get_string(
            options,
            "roundingMode",
            &["ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven"],
            KIND,
        )?
        .unwrap_or_else(|| "halfExpand".into());
        get_string(options, "roundingPriority", &["auto", "morePrecision", "lessPrecision"], KIND)?;
        let trailing_zero_display = get_string(options, "trailingZeroDisplay", &["auto", "stripIfInteger"], KIND)?
            .unwrap_or_else(|| "auto".into());
        let _ = rounding_increment;
        let mut min_fraction = default_min;
        let mut max_fraction = default_max;
        let rounding = if has_sd {
            let min = get_number(options, "minimumSignificantDigits", 1, 21)?.unwrap_or(1);
            let max = get_number(options, "maximumSignificantDigits", min, 21)?.unwrap_or(21);
            Rounding::Significant { min, max }
        } else if has_fd || notation != Notation::Compact {
            if has_fd {
                let min = get_number(options, "minimumFractionDigits", 0, 100)?;
                let max = get_number(options, "maximumFractionDigits", 0, 100)?;
                match (min, max) {
                    (None, Some(max)) => {
                        min_fraction = default_min.min(max);
                        max_fraction = max;
                    }
                    (Some(min), None) => {
                        min_fraction = min;
                        max_fraction = default_max.max(min);
                    }
                    (Some(min), Some(max)) => {
                        if min > max {
                            return Err(IntlError::range("maximumFractionDigits value is out of range."));
                        }
                        min_fraction = min;
                        max_fraction = max;
                    }
                    (None, None) => {}
                }
            }
            Rounding::Fraction { min: min_fraction, max: max_fraction }
        } else {
            min_fraction = 0;
            max_fraction = 0;
            Rounding::Compact
        };
        let compact_display =
            get_string(options, "compactDisplay", &["short", "long"], KIND)?.unwrap_or_else(|| "short".into());
        let default_grouping = if notation == Notation::Compact { "min2" } else { "auto" };
        let grouping = match options.get("useGrouping") {
            None | Some(Value::Null) => Value::String(default_grouping.into()),
            Some(Value::Bool(true)) => Value::String("always".into()),
            Some(Value::Bool(false)) => Value::Bool(false),
            Some(Value::String(text)) if text == "true" || text == "false" => Value::String(default_grouping.into()),
            Some(Value::String(text)) if text.is_empty() => Value::Bool(false),
            Some(value) => {
                let text = value_string(value);
                if !["min2", "auto", "always"].contains(&text.as_str()) {
                    return Err(IntlError::range(format!(
                        "Value {text} out of range for Intl.NumberFormat options property useGrouping"
                    )));
                }
                Value::String(text)
            }
        };
        let sign_display = get_string(options, "signDisplay", &["auto", "never", "always", "exceptZero", "negative"], KIND)?
            .unwrap_or_else(|| "auto".into());
        Ok(Self {
            locale,
            numbering_system,
            style,
            currency,
            currency_display,
            currency_sign,
            unit,
            unit_display,
            notation,
            notation_name,
            compact_display,
            grouping,
            sign_display,
            min_integer,
            rounding,
            min_fraction,
            max_fraction,
            rounding_mode,
            trailing_zero_display,
        })
    }

    fn call(&self, method: &str, args: &[Arg]) -> Result<Answer, IntlError> {
        match method {
            "resolvedOptions" => Ok(Answer::Json(self.resolved().to_string())),
            "format" => Ok(Answer::String(self.format_parts(args.first())?.into_iter().map(|(_, t)| t).collect())),
            "formatToParts" => parts_json(&self.format_parts(args.first())?, None),
            "formatRange" => {
                let a: String = self.format_parts(args.first())?.into_iter().map(|(_, t)| t).collect();
                let b: String = self.format_parts(args.get(1))?.into_iter().map(|(_, t)| t).collect();
                Ok(Answer::String(if a == b { format!("~{a}") } else { format!("{a}–{b}") }))
            }
            _ => Err(IntlError::typ(format!("Intl.NumberFormat.prototype.{method} is not supported natively"))),
        }
    }

    fn resolved(&self) -> Value {
        let mut o = Map::new();
        o.insert("locale".into(), self.locale.to_string().into());
        o.insert("numberingSystem".into(), self.numbering_system.clone().into());
        let style = match self.style {
            Style::Decimal => "decimal",
            Style::Percent => "percent",
            Style::Currency => "currency",
            Style::Unit => "unit",
        };
        o.insert("style".into(), style.into());
        if self.style == Style::Currency {
            o.insert("currency".into(), self.currency.clone().unwrap_or_default().into());
            o.insert("currencyDisplay".into(), self.currency_display.clone().into());
            o.insert("currencySign".into(), self.currency_sign.clone().into());
        }
        if self.style == Style::Unit {
            o.insert("unit".into(), self.unit.clone().unwrap_or_default().into());
            o.insert("unitDisplay".into(), self.unit_display.clone().into());
        }
        o.insert("minimumIntegerDigits".into(), self.min_integer.into());
        match self.rounding {
            Rounding::Significant { min, max } => {
                o.insert("minimumSignificantDigits".into(), min.into());
                o.insert("maximumSignificantDigits".into(), max.into());
            }
            Rounding::Fraction { min, max } => {
                o.insert("minimumFractionDigits".into(), min.into());
                o.insert("maximumFractionDigits".into(), max.into());
            }
            Rounding::Compact => {
                o.insert("minimumFractionDigits".into(), 0.into());
                o.insert("maximumFractionDigits".into(), 0.into());
                o.insert("minimumSignificantDigits".into(), 1.into());
                o.insert("maximumSignificantDigits".into(), 2.into());
            }
        }
        o.insert("useGrouping".into(), self.grouping.clone());
        o.insert("notation".into(), self.notation_name.clone().into());
        if self.notation == Notation::Compact {
            o.insert("compactDisplay".into(), self.compact_display.clone().into());
        }
        o.insert("signDisplay".into(), self.sign_display.clone().into());
        o.insert("roundingMode".into(), self.rounding_mode.clone().into());
        o.insert("roundingIncrement".into(), 1.into());
        o.insert("trailingZeroDisplay".into(), self.trailing_zero_display.clone().into());
        let priority = if self.rounding == Rounding::Compact { "morePrecision" } else { "auto" };
        o.insert("roundingPriority".into(), priority.into());
        Value::Object(o)
    }

    fn grouping_strategy(&self) -> icu_decimal::options::GroupingStrategy {
        use icu_decimal::options::GroupingStrategy;
        match &self.grouping {
            Value::Bool(false) => GroupingStrategy::Never,
            Value::String(text) if text == "always" => GroupingStrategy::Always,
            Value::String(text) if text == "min2" => GroupingStrategy::Min2,
            _ => GroupingStrategy::Auto,
        }
    }

    fn rounding_mode(&self) -> SignedRoundingMode {
        use SignedRoundingMode as S;
        use UnsignedRoundingMode as U;
        match self.rounding_mode.as_str() {
            "ceil" => S::Ceil,
            "floor" => S::Floor,
            "expand" => S::Unsigned(U::Expand),
            "trunc" => S::Unsigned(U::Trunc),
            "halfCeil" => S::HalfCeil,
            "halfFloor" => S::HalfFloor,
            "halfTrunc" => S::Unsigned(U::HalfTrunc),
            "halfEven" => S::Unsigned(U::HalfEven),
            _ => S::Unsigned(U::HalfExpand),
        }
    }

    /// Rounds and pads `value` by the digit options.
    fn round(&self, value: &mut Decimal) {
        let mode = self.rounding_mode();
        match self.rounding {
            Rounding::Significant { min, max } => {
                if !value.absolute.is_zero() {
                    let top = value.absolute.nonzero_magnitude_start();
                    value.round_with_mode(top - max as i16 + 1, mode);
                    value.absolute.trim_end();
                    let top = value.absolute.nonzero_magnitude_start();
                    value.absolute.pad_end(top - min as i16 + 1);
                } else {
                    value.absolute.pad_end(1 - min as i16);
                }
            }
            Rounding::Fraction { min, max } => {
                value.round_with_mode(-(max as i16), mode);
                value.absolute.trim_end();
                value.absolute.pad_end(-(min as i16));
            }
            Rounding::Compact => {}
        }
        if self.trailing_zero_display == "stripIfInteger" {
            let mut trimmed = value.absolute.clone();
            trimmed.trim_end();
            if trimmed.nonzero_magnitude_end() >= 0 || trimmed.is_zero() {
                value.absolute.trim_end();
            }
        }
        value.absolute.pad_start(self.min_integer as i16);
    }

    fn sign_display(&self) -> SignDisplay {
        match self.sign_display.as_str() {
            "never" => SignDisplay::Never,
            "always" => SignDisplay::Always,
            "exceptZero" => SignDisplay::ExceptZero,
            "negative" => SignDisplay::Negative,
            _ => SignDisplay::Auto,
        }
    }

    /// The value as a decimal (`None` for NaN and infinities, with the text V8 writes for them).
    fn decimal(arg: Option<&Arg>) -> Result<Result<Decimal, f64>, IntlError> {
        let from_f64 = |n: f64| -> Result<Result<Decimal, f64>, IntlError> {
            if !n.is_finite() {
                return Ok(Err(n));
            }
            Decimal::try_from_f64(n, FloatPrecision::RoundTrip)
                .map(Ok)
                .map_err(|_| IntlError::range("the number cannot be formatted"))
        };
        match arg {
            Some(Arg::Number(n)) => from_f64(*n),
            Some(Arg::BigInt(digits)) => Decimal::try_from_str(digits)
                .map(Ok)
                .map_err(|_| IntlError::range("the number cannot be formatted")),
            Some(Arg::String(text)) => {
                let text = text.trim();
                match Decimal::try_from_str(text) {
                    Ok(decimal) if !text.is_empty() => Ok(Ok(decimal)),
                    _ => from_f64(number_arg(Some(&Arg::String(text.to_string())))),
                }
            }
            other => from_f64(number_arg(other)),
        }
    }

    fn format_parts(&self, arg: Option<&Arg>) -> Result<Vec<(String, String)>, IntlError> {
        let mut decimal = match Self::decimal(arg)? {
            Ok(decimal) => decimal,
            Err(special) => return Ok(self.special(special)),
        };
        if self.style == Style::Percent {
            decimal.absolute.multiply_pow10(2);
        }
        let prefs_locale = &self.locale;
        let options = icu_decimal::options::DecimalFormatterOptions::from(self.grouping_strategy());
        let decimal_formatter = icu_decimal::DecimalFormatter::try_new(prefs_locale.into(), options)
            .map_err(|e| IntlError::range(format!("no number data: {e}")))?;
        // The locale's decimal separator, for the formatters that do not mark their parts.
        let separator = decimal_formatter
            .format(&{
                let mut sample = Decimal::from(15);
                sample.absolute.multiply_pow10(-1);
                sample
            })
            .to_string()
            .chars()
            .find(|c| !c.is_numeric())
            .unwrap_or('.');
        // Scientific and engineering notation: mantissa, "E", exponent.
        if matches!(self.notation, Notation::Scientific | Notation::Engineering) {
            let mut exponent = if decimal.absolute.is_zero() { 0 } else { decimal.absolute.nonzero_magnitude_start() };
            if self.notation == Notation::Engineering {
                exponent = exponent.div_euclid(3) * 3;
            }
            decimal.absolute.multiply_pow10(-exponent);
            self.round(&mut decimal);
            decimal.apply_sign_display(self.sign_display());
            let mut parts = parts_of(&decimal_formatter.format(&decimal), &|text, out| split_gap(text, "literal", out));
            parts.push(("exponentSeparator".into(), "E".into()));
            let mut exp = Decimal::from(i64::from(exponent));
            if exponent < 0 {
                parts.push(("exponentMinusSign".into(), "-".into()));
                exp = Decimal::from(i64::from(-exponent));
            }
            parts.push(("exponentInteger".into(), decimal_formatter.format(&exp).to_string()));
            return Ok(parts);
        }
        if self.notation != Notation::Compact {
            self.round(&mut decimal);
        } else if let Rounding::Significant { .. } | Rounding::Fraction { .. } = self.rounding {
            // Compact with explicit digits: ICU4X rounds compact values itself.
        }
        decimal.apply_sign_display(self.sign_display());
        let prefs = prefs_locale.into();
        match (self.style, self.notation) {
            (Style::Decimal, Notation::Compact) | (Style::Unit, Notation::Compact) => {
                let options = icu_decimal::options::CompactDecimalFormatterOptions::default();
                let formatter = if self.compact_display == "long" {
                    icu_decimal::CompactDecimalFormatter::try_new_long(prefs, options)
                } else {
                    icu_decimal::CompactDecimalFormatter::try_new_short(prefs, options)
                }
                .map_err(|e| IntlError::range(format!("no compact data: {e}")))?;
                let gap = |text: &str, out: &mut Vec<(String, String)>| split_number_gap(text, "compact", separator, out);
                let mut parts = match self.rounding {
                    // Explicit digits: the value is scaled to its compact exponent and rounded
                    // by them (ICU4X's own compact rounding keeps two significant digits).
                    Rounding::Fraction { .. } | Rounding::Significant { .. } if !decimal.absolute.is_zero() => {
                        let scaled = |exponent: u8| {
                            let mut significand = decimal.clone();
                            significand.absolute.multiply_pow10(-i16::from(exponent));
                            self.round(&mut significand);
                            significand
                        };
                        let magnitude = decimal.absolute.nonzero_magnitude_start();
                        let mut exponent = formatter.compact_exponent_for_magnitude(magnitude);
                        let mut significand = scaled(exponent);
                        let rounded_magnitude = significand.absolute.nonzero_magnitude_start() + i16::from(exponent);
                        let next = formatter.compact_exponent_for_magnitude(rounded_magnitude);
                        if next != exponent {
                            exponent = next;
                            significand = scaled(exponent);
                        }
                        let parts = match formatter.format_with_exponent(&significand, exponent) {
                            Ok(formatted) => parts_of(&formatted, &gap),
                            Err(_) => parts_of(&formatter.format(&decimal), &gap),
                        };
                        parts
                    }
                    _ => parts_of(&formatter.format(&decimal), &gap),
                };
                if self.style == Style::Unit {
                    self.append_unit(&mut parts);
                }
                Ok(parts)
            }
            (Style::Decimal, _) => Ok(parts_of(&decimal_formatter.format(&decimal), &|text, out| {
                split_gap(text, "literal", out)
            })),
            (Style::Percent, _) => {
                use icu_experimental::dimension::percent::formatter::PercentFormatter;
                let formatter = PercentFormatter::try_new_with_decimal_formatter(
                    prefs_locale.into(),
                    decimal_formatter,
                    Default::default(),
                )
                .map_err(|e| IntlError::range(format!("no percent data: {e}")))?;
                Ok(parts_of(&formatter.format(&decimal), &|text, out| split_number_gap(text, "literal", separator, out)))
            }
            (Style::Currency, _) => {
                use icu_experimental::dimension::currency::formatter::CurrencyFormatter;
                use icu_experimental::dimension::currency::options::CurrencyUsage;
                use icu_experimental::dimension::currency::CurrencyType;
                let code = self.currency.clone().unwrap_or_default();
                let currency = CurrencyType::try_from_str(&code).map_err(|_| IntlError::range(format!("Invalid currency code : {code}")))?;
                let usage = if self.currency_sign == "accounting" { CurrencyUsage::Accounting } else { CurrencyUsage::Standard };
                let prefs = prefs_locale.into();
                let gap = |text: &str, out: &mut Vec<(String, String)>| split_number_gap(text, "currency", separator, out);
                fn failed(e: impl fmt::Display) -> IntlError {
                    IntlError::range(format!("no currency data: {e}"))
                }
                if self.notation == Notation::Compact {
                    let formatter = match self.currency_display.as_str() {
                        "code" => CurrencyFormatter::try_new_compact_code(prefs, currency, usage.into()),
                        "name" => CurrencyFormatter::try_new_compact_long_name(prefs, currency),
                        "narrowSymbol" => CurrencyFormatter::try_new_compact_symbol_narrow(prefs, currency, usage.into()),
                        _ => CurrencyFormatter::try_new_compact_symbol(prefs, currency, usage.into()),
                    }
                    .map_err(failed)?;
                    let parts = parts_of(&formatter.format_fixed_decimal(&decimal), &gap);
                    return Ok(parts);
                }
                let formatter = match self.currency_display.as_str() {
                    "code" => CurrencyFormatter::try_new_code(prefs, currency, usage.into()),
                    "name" => CurrencyFormatter::try_new_name(prefs, currency),
                    "narrowSymbol" => CurrencyFormatter::try_new_symbol_narrow(prefs, currency, usage.into()),
                    _ => CurrencyFormatter::try_new_symbol(prefs, currency, usage.into()),
                }
                .map_err(failed)?;
                let parts = parts_of(&formatter.format_fixed_decimal(&decimal), &gap);
                Ok(parts)
            }
            (Style::Unit, _) => {
                let mut parts =
                    parts_of(&decimal_formatter.format(&decimal), &|text, out| split_gap(text, "literal", out));
                self.append_unit(&mut parts);
                Ok(parts)
            }
        }
    }

    /// Units have no data natively: the CLDR short English forms of the common ones.
    fn append_unit(&self, parts: &mut Vec<(String, String)>) {
        let unit = self.unit.clone().unwrap_or_default();
        let short = match unit.as_str() {
            "kilometer-per-hour" => "km/h",
            "mile-per-hour" => "mph",
            "megabyte" => "MB",
            "gigabyte" => "GB",
            "kilobyte" => "kB",
            "terabyte" => "TB",
            "byte" => "byte",
            "kilogram" => "kg",
            "gram" => "g",
            "liter" => "L",
            "meter" => "m",
            "kilometer" => "km",
            "centimeter" => "cm",
            "second" => "sec",
            "minute" => "min",
            "hour" => "hr",
            "celsius" => "°C",
            "percent" => "%",
            other => other,
        };
        if unit == "percent" {
            parts.push(("unit".into(), short.into()));
        } else {
            parts.push(("literal".into(), " ".into()));
            parts.push(("unit".into(), short.into()));
        }
    }

    /// NaN and the infinities.
    fn special(&self, n: f64) -> Vec<(String, String)> {
        let mut parts = Vec::new();
        let negative = n < 0.0;
        match self.sign_display.as_str() {
            "never" => {}
            "always" | "exceptZero" if !n.is_nan() => {
                parts.push((if negative { "minusSign" } else { "plusSign" }.into(), if negative { "-" } else { "+" }.into()))
            }
            _ if negative => parts.push(("minusSign".into(), "-".into())),
            _ => {}
        }
        if n.is_nan() {
            parts.push(("nan".into(), "NaN".into()));
        } else {
            parts.push(("infinity".into(), "∞".into()));
        }
        if self.style == Style::Percent {
            parts.push(("percentSign".into(), "%".into()));
        }
        parts
    }
}

// ---- DateTimeFormat.

#[derive(Clone, Copy, PartialEq, Eq)]
enum Required {
    Date,
    Time,
    Any,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Defaults {
    Date,
    Time,
    All,
}

struct DateFormat {
    locale: Locale,
    calendar: String,
    numbering_system: String,
    time_zone: String,
    zone: jiff::tz::TimeZone,
    hour_cycle: Option<String>,
    date_style: Option<String>,
    time_style: Option<String>,
    /// weekday, era, year, month, day, dayPeriod, hour, minute, second, fractionalSecondDigits,
    /// timeZoneName, in that order.
    fields: Vec<(&'static str, String)>,
}

const DATE_FIELDS: [(&str, &[&str]); 11] = [
    ("weekday", &["narrow", "short", "long"]),
    ("era", &["narrow", "short", "long"]),
    ("year", &["2-digit", "numeric"]),
    ("month", &["2-digit", "numeric", "narrow", "short", "long"]),
    ("day", &["2-digit", "numeric"]),
    ("dayPeriod", &["narrow", "short", "long"]),
    ("hour", &["2-digit", "numeric"]),
    ("minute", &["2-digit", "numeric"]),
    ("second", &["2-digit", "numeric"]),
    ("fractionalSecondDigits", &[]),
    ("timeZoneName", &["short", "long", "shortOffset", "longOffset", "shortGeneric", "longGeneric"]),
];

impl DateFormat {
    fn new(
        locales: Option<&str>,
        options: Map<String, Value>,
        required: Required,
        defaults: Defaults,
    ) -> Result<Self, IntlError> {
        const KIND: &str = "DateTimeFormat";
        let mut locale = resolve(locales, &["ca", "nu", "hc"])?;
        get_string(&options, "localeMatcher", &["lookup", "best fit"], KIND)?;
        if let Some(calendar) = get_string(&options, "calendar", &[], KIND)? {
            set_keyword(&mut locale, "ca", &calendar);
        }
        if let Some(system) = get_string(&options, "numberingSystem", &[], KIND)? {
            set_keyword(&mut locale, "nu", &system);
        }
        let hour12 = get_bool(&options, "hour12");
        let mut hour_cycle = get_string(&options, "hourCycle", &["h11", "h12", "h23", "h24"], KIND)?;
        if let Some(twelve) = hour12 {
            hour_cycle = Some(if twelve { "h12".into() } else { "h23".into() });
        }
        let time_zone = match get_string(&options, "timeZone", &[], KIND)? {
            None => DEFAULT_TIME_ZONE.to_string(),
            Some(name) => name,
        };
        let zone = if time_zone.eq_ignore_ascii_case("UTC") {
            jiff::tz::TimeZone::UTC
        } else {
            jiff::tz::TimeZone::get(&time_zone)
                .map_err(|_| IntlError::range(format!("Invalid time zone specified: {time_zone}")))?
        };
        let time_zone = if time_zone.eq_ignore_ascii_case("UTC") || time_zone.eq_ignore_ascii_case("Etc/UTC") {
            "UTC".to_string()
        } else {
            zone.iana_name().map(str::to_string).unwrap_or(time_zone)
        };
        let mut fields = Vec::new();
        for (name, allowed) in DATE_FIELDS {
            if name == "fractionalSecondDigits" {
                if let Some(n) = get_number(&options, name, 1, 3)? {
                    fields.push((name, n.to_string()));
                }
            } else if let Some(value) = get_string(&options, name, allowed, KIND)? {
                fields.push((name, value));
            }
        }
        get_string(&options, "formatMatcher", &["basic", "best fit"], KIND)?;
        let styles = ["full", "long", "medium", "short"];
        let date_style = get_string(&options, "dateStyle", &styles, KIND)?;
        let time_style = get_string(&options, "timeStyle", &styles, KIND)?;
        if date_style.is_some() || time_style.is_some() {
            if let Some((name, _)) = fields.first() {
                let which = if date_style.is_some() { "dateStyle" } else { "timeStyle" };
                return Err(IntlError::typ(format!("Can't set option {name} when {which} is used")));
            }
            if required == Required::Date && date_style.is_none() {
                return Err(IntlError::typ("Invalid option : timeStyle"));
            }
            if required == Required::Time && time_style.is_none() {
                return Err(IntlError::typ("Invalid option : dateStyle"));
            }
        } else {
            let has = |names: &[&str]| fields.iter().any(|(name, _)| names.contains(name));
            let need_date = matches!(required, Required::Date | Required::Any) && has(&["weekday", "year", "month", "day"]);
            let need_time = matches!(required, Required::Time | Required::Any)
                && has(&["dayPeriod", "hour", "minute", "second", "fractionalSecondDigits"]);
            let need_defaults = !need_date && !need_time;
            if need_defaults && matches!(defaults, Defaults::Date | Defaults::All) {
                for name in ["year", "month", "day"] {
                    fields.push((name, "numeric".into()));
                }
            }
            if need_defaults && matches!(defaults, Defaults::Time | Defaults::All) {
                for name in ["hour", "minute", "second"] {
                    fields.push((name, "numeric".into()));
                }
            }
        }
        if let Some(cycle) = &hour_cycle {
            set_keyword(&mut locale, "hc", cycle);
        }
        let calendar = keyword(&locale, "ca").unwrap_or_else(|| "gregory".into());
        let numbering_system = keyword(&locale, "nu").unwrap_or_else(|| "latn".into());
        Ok(Self { locale, calendar, numbering_system, time_zone, zone, hour_cycle, date_style, time_style, fields })
    }

    fn field(&self, name: &str) -> Option<&str> {
        self.fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }

    fn call(&self, method: &str, args: &[Arg]) -> Result<Answer, IntlError> {
        match method {
            "resolvedOptions" => Ok(Answer::Json(self.resolved().to_string())),
            "format" | "formatToParts" => {
                let time = number_arg(args.first());
                if !time.is_finite() || time.abs() > 8.64e15 {
                    return Err(IntlError::range("Invalid time value"));
                }
                if method == "format" {
                    Ok(Answer::String(self.format(time)?))
                } else {
                    parts_json(&self.format_parts(time)?, None)
                }
            }
            "formatRange" => {
                let a = self.format(number_arg(args.first()))?;
                let b = self.format(number_arg(args.get(1)))?;
                Ok(Answer::String(if a == b { a } else { format!("{a} – {b}") }))
            }
            _ => Err(IntlError::typ(format!("Intl.DateTimeFormat.prototype.{method} is not supported natively"))),
        }
    }

    fn resolved(&self) -> Value {
        let mut o = Map::new();
        o.insert("locale".into(), self.locale.to_string().into());
        o.insert("calendar".into(), self.calendar.clone().into());
        o.insert("numberingSystem".into(), self.numbering_system.clone().into());
        o.insert("timeZone".into(), self.time_zone.clone().into());
        let has_hour = self.field("hour").is_some() || self.time_style.is_some();
        if has_hour {
            let cycle = self.hour_cycle.clone().unwrap_or_else(|| self.default_hour_cycle().into());
            o.insert("hourCycle".into(), cycle.clone().into());
            o.insert("hour12".into(), Value::Bool(cycle == "h11" || cycle == "h12"));
        }
        for (name, value) in &self.fields {
            if *name == "fractionalSecondDigits" {
                o.insert((*name).into(), value.parse::<u32>().unwrap_or(0).into());
            } else if *name == "hour" || *name == "minute" || *name == "second" {
                let v = if *name != "hour" && self.field("hour").is_some() { "2-digit" } else { value.as_str() };
                o.insert((*name).into(), v.into());
            } else {
                o.insert((*name).into(), value.clone().into());
            }
        }
        if let Some(style) = &self.date_style {
            o.insert("dateStyle".into(), style.clone().into());
        }
        if let Some(style) = &self.time_style {
            o.insert("timeStyle".into(), style.clone().into());
        }
        Value::Object(o)
    }

    fn default_hour_cycle(&self) -> &'static str {
        let language = self.locale.id.language.as_str();
        let region = self.locale.id.region.map(|r| r.to_string()).unwrap_or_default();
        match (language, region.as_str()) {
            ("en", "US" | "" | "IN" | "AU" | "CA" | "NZ" | "PH") | ("hi", _) | ("ar", _) | ("ko", _) => "h12",
            ("ja", _) if false => "h11",
            _ => "h23",
        }
    }

    /// V8's `format` writes a plain space where CLDR has a narrow no-break space (before AM/PM,
    /// in "г."); its `formatToParts` keeps it.
    fn format(&self, time: f64) -> Result<String, IntlError> {
        let text: String = self.format_parts(time)?.into_iter().map(|(_, t)| t).collect();
        Ok(text.replace('\u{202f}', " "))
    }

    fn builder(&self) -> icu_datetime::fieldsets::builder::FieldSetBuilder {
        use icu_datetime::fieldsets::builder::{DateFields, FieldSetBuilder, ZoneStyle};
        use icu_datetime::options::{Alignment, Length, TimePrecision, YearStyle};
        let mut builder = FieldSetBuilder::new();
        let style_length = |style: &str| match style {
            "full" | "long" => Length::Long,
            "medium" => Length::Medium,
            _ => Length::Short,
        };
        if self.date_style.is_some() || self.time_style.is_some() {
            if let Some(style) = &self.date_style {
                builder.date_fields = Some(if style == "full" { DateFields::YMDE } else { DateFields::YMD });
                builder.length = Some(style_length(style));
            }
            if let Some(style) = &self.time_style {
                builder.time_precision = Some(match style.as_str() {
                    "short" => TimePrecision::Minute,
                    _ => TimePrecision::Second,
                });
                builder.zone_style = match style.as_str() {
                    "full" => Some(ZoneStyle::SpecificLong),
                    "long" => Some(ZoneStyle::SpecificShort),
                    _ => None,
                };
                if builder.length.is_none() {
                    builder.length = Some(style_length(style));
                }
            }
            return builder;
        }
        let weekday = self.field("weekday");
        let year = self.field("year");
        let month = self.field("month");
        let day = self.field("day");
        builder.date_fields = match (year.is_some(), month.is_some(), day.is_some(), weekday.is_some()) {
            (true, true, true, true) | (true, false, true, true) => Some(DateFields::YMDE),
            (true, true, true, false) | (true, false, true, false) => Some(DateFields::YMD),
            (false, true, true, true) => Some(DateFields::MDE),
            (false, true, true, false) => Some(DateFields::MD),
            (true, true, false, _) => Some(DateFields::YM),
            (true, false, false, _) => Some(DateFields::Y),
            (false, true, false, _) => Some(DateFields::M),
            (false, false, true, true) => Some(DateFields::DE),
            (false, false, true, false) => Some(DateFields::D),
            (false, false, false, true) => Some(DateFields::E),
            (false, false, false, false) => None,
        };
        let length = match (month, weekday) {
            (Some("long"), _) => Length::Long,
            (Some("short" | "narrow"), _) => Length::Medium,
            (Some(_), _) => Length::Short,
            (None, Some("long")) => Length::Long,
            (None, Some(_)) => Length::Medium,
            (None, None) => Length::Short,
        };
        if builder.date_fields.is_some() {
            builder.length = Some(length);
            if year == Some("numeric") {
                builder.year_style = Some(YearStyle::Full);
            }
            if self.field("era").is_some() {
                builder.year_style = Some(YearStyle::WithEra);
            }
            if month == Some("2-digit") || day == Some("2-digit") {
                builder.alignment = Some(Alignment::Column);
            }
        }
        let hour = self.field("hour");
        builder.time_precision = if let Some(digits) = self.field("fractionalSecondDigits") {
            use icu_datetime::options::SubsecondDigits;
            Some(TimePrecision::Subsecond(match digits {
                "1" => SubsecondDigits::S1,
                "2" => SubsecondDigits::S2,
                _ => SubsecondDigits::S3,
            }))
        } else if self.field("second").is_some() {
            Some(TimePrecision::Second)
        } else if self.field("minute").is_some() {
            Some(TimePrecision::Minute)
        } else if hour.is_some() {
            Some(TimePrecision::Hour)
        } else {
            None
        };
        if builder.time_precision.is_some() && builder.length.is_none() {
            builder.length = Some(Length::Short);
        }
        if hour == Some("2-digit") && builder.time_precision.is_some() {
            builder.alignment = Some(Alignment::Column);
        }
        builder.zone_style = match self.field("timeZoneName") {
            Some("short") => Some(ZoneStyle::SpecificShort),
            Some("long") => Some(ZoneStyle::SpecificLong),
            Some("shortOffset") => Some(ZoneStyle::LocalizedOffsetShort),
            Some("longOffset") => Some(ZoneStyle::LocalizedOffsetLong),
            Some("shortGeneric") => Some(ZoneStyle::GenericShort),
            Some("longGeneric") => Some(ZoneStyle::GenericLong),
            _ => None,
        };
        if builder.zone_style.is_some() && builder.length.is_none() {
            builder.length = Some(Length::Short);
        }
        builder
    }

    fn format_parts(&self, time: f64) -> Result<Vec<(String, String)>, IntlError> {
        let millis = time as i64;
        let timestamp =
            jiff::Timestamp::from_millisecond(millis).map_err(|_| IntlError::range("Invalid time value"))?;
        let zoned = timestamp.to_zoned(self.zone.clone());
        let builder = self.builder();
        let fieldset = builder.build_composite().map_err(|e| IntlError::range(format!("unsupported date fields: {e:?}")))?;
        let formatter = icu_datetime::DateTimeFormatter::try_new((&self.locale).into(), fieldset)
            .map_err(|e| IntlError::range(format!("no date data: {e}")))?;
        let formatted = formatter.format(&zoned);
        let mut parts = parts_in(&formatted, Some("datetime"), &|text, out| out.push(("literal".into(), text.to_string())));
        // `day`/`month: "numeric"`: V8 matches CLDR's `yMd` skeleton, ICU4X's field sets use the
        // locale's short date pattern. They differ (`d.M.y` against `dd.MM.yy`) for German and
        // Japanese among the common locales; elsewhere both pad alike (en-GB `dd/MM/y`).
        let language = self.locale.id.language.as_str();
        if self.date_style.is_none() && (language == "de" || language == "ja") {
            for (kind, text) in &mut parts {
                let numeric = (kind == "day" || kind == "month") && self.field(kind) == Some("numeric");
                if numeric && text.len() == 2 && text.starts_with('0') {
                    text.remove(0);
                }
            }
        }
        Ok(parts)
    }
}

// ---- Collator.

struct CollatorFormat {
    locale: Locale,
    usage: String,
    sensitivity: String,
    ignore_punctuation: bool,
    numeric: bool,
    case_first: String,
    collation: String,
}

impl CollatorFormat {
    fn new(locales: Option<&str>, options: &Map<String, Value>) -> Result<Self, IntlError> {
        const KIND: &str = "Collator";
        let usage = get_string(options, "usage", &["sort", "search"], KIND)?.unwrap_or_else(|| "sort".into());
        get_string(options, "localeMatcher", &["lookup", "best fit"], KIND)?;
        let collation_option = get_string(options, "collation", &[], KIND)?;
        let numeric_option = get_bool(options, "numeric");
        let case_first_option = get_string(options, "caseFirst", &["upper", "lower", "false"], KIND)?;
        let mut locale = resolve(locales, &["co", "kn", "kf"])?;
        let numeric = numeric_option.unwrap_or_else(|| keyword(&locale, "kn").is_some_and(|v| v == "true" || v.is_empty()));
        let case_first = case_first_option.or_else(|| keyword(&locale, "kf")).unwrap_or_else(|| "false".into());
        let collation = collation_option.or_else(|| keyword(&locale, "co")).unwrap_or_else(|| "default".into());
        let sensitivity = get_string(options, "sensitivity", &["base", "accent", "case", "variant"], KIND)?
            .unwrap_or_else(|| "variant".into());
        let ignore_punctuation = get_bool(options, "ignorePunctuation").unwrap_or(false);
        if numeric_option.is_some() {
            locale.extensions.unicode.keywords.remove(Key::try_from_str("kn").unwrap_or(icu_locale::extensions::unicode::key!("kn")));
        }
        Ok(Self { locale, usage, sensitivity, ignore_punctuation, numeric, case_first, collation })
    }

    fn call(&self, method: &str, args: &[Arg]) -> Result<Answer, IntlError> {
        match method {
            "resolvedOptions" => {
                let mut o = Map::new();
                o.insert("locale".into(), self.locale.to_string().into());
                o.insert("usage".into(), self.usage.clone().into());
                o.insert("sensitivity".into(), self.sensitivity.clone().into());
                o.insert("ignorePunctuation".into(), self.ignore_punctuation.into());
                o.insert("collation".into(), self.collation.clone().into());
                o.insert("numeric".into(), self.numeric.into());
                o.insert("caseFirst".into(), self.case_first.clone().into());
                Ok(Answer::Json(Value::Object(o).to_string()))
            }
            "compare" => {
                let a = string_arg(args.first());
                let b = string_arg(args.get(1));
                Ok(Answer::Number(match self.compare(&a, &b)? {
                    Ordering::Less => -1.0,
                    Ordering::Equal => 0.0,
                    Ordering::Greater => 1.0,
                }))
            }
            _ => Err(IntlError::typ(format!("Intl.Collator.prototype.{method} is not a function"))),
        }
    }

    fn compare(&self, a: &str, b: &str) -> Result<Ordering, IntlError> {
        use icu_collator::options::{AlternateHandling, CaseLevel, CollatorOptions, Strength};
        use icu_collator::preferences::{CollationCaseFirst, CollationNumericOrdering};
        let mut options = CollatorOptions::default();
        let (strength, case_level) = match self.sensitivity.as_str() {
            "base" => (Strength::Primary, false),
            "accent" => (Strength::Secondary, false),
            "case" => (Strength::Primary, true),
            _ => (Strength::Tertiary, false),
        };
        options.strength = Some(strength);
        if case_level {
            options.case_level = Some(CaseLevel::On);
        }
        if self.ignore_punctuation {
            options.alternate_handling = Some(AlternateHandling::Shifted);
        }
        let mut prefs = icu_collator::CollatorPreferences::from(&self.locale);
        prefs.numeric_ordering = Some(if self.numeric { CollationNumericOrdering::True } else { CollationNumericOrdering::False });
        prefs.case_first = Some(match self.case_first.as_str() {
            "upper" => CollationCaseFirst::Upper,
            "lower" => CollationCaseFirst::Lower,
            _ => CollationCaseFirst::False,
        });
        let collator = icu_collator::Collator::try_new(prefs, options)
            .map_err(|e| IntlError::range(format!("no collation data: {e}")))?;
        Ok(collator.compare(a, b))
    }
}

// ---- PluralRules.

struct Plurals {
    locale: Locale,
    ordinal: bool,
    digits: NumberFormat,
}

impl Plurals {
    fn new(locales: Option<&str>, options: &Map<String, Value>) -> Result<Self, IntlError> {
        const KIND: &str = "PluralRules";
        get_string(options, "localeMatcher", &["lookup", "best fit"], KIND)?;
        let ordinal = get_string(options, "type", &["cardinal", "ordinal"], KIND)?.as_deref() == Some("ordinal");
        let mut digits = NumberFormat::new(locales, options)?;
        digits.sign_display = "auto".into();
        let mut locale = resolve(locales, &[])?;
        // CLDR's plural rules are per language.
        locale.id.region = None;
        Ok(Self { locale, ordinal, digits })
    }

    fn rules(&self) -> Result<icu_plurals::PluralRules, IntlError> {
        let prefs = (&self.locale).into();
        if self.ordinal {
            icu_plurals::PluralRules::try_new_ordinal(prefs)
        } else {
            icu_plurals::PluralRules::try_new_cardinal(prefs)
        }
        .map_err(|e| IntlError::range(format!("no plural data: {e}")))
    }

    fn call(&self, method: &str, args: &[Arg]) -> Result<Answer, IntlError> {
        let name = |category: icu_plurals::PluralCategory| match category {
            icu_plurals::PluralCategory::Zero => "zero",
            icu_plurals::PluralCategory::One => "one",
            icu_plurals::PluralCategory::Two => "two",
            icu_plurals::PluralCategory::Few => "few",
            icu_plurals::PluralCategory::Many => "many",
            icu_plurals::PluralCategory::Other => "other",
        };
        match method {
            "resolvedOptions" => {
                let rules = self.rules()?;
                let mut categories: Vec<&str> = rules.categories().map(name).collect();
                categories.sort_unstable();
                let mut o = Map::new();
                o.insert("locale".into(), self.locale.to_string().into());
                o.insert("type".into(), if self.ordinal { "ordinal" } else { "cardinal" }.into());
                o.insert("minimumIntegerDigits".into(), self.digits.min_integer.into());
                match self.digits.rounding {
                    Rounding::Significant { min, max } => {
                        o.insert("minimumSignificantDigits".into(), min.into());
                        o.insert("maximumSignificantDigits".into(), max.into());
                    }
                    _ => {
                        o.insert("minimumFractionDigits".into(), self.digits.min_fraction.into());
                        o.insert("maximumFractionDigits".into(), self.digits.max_fraction.into());
                    }
                }
                o.insert("pluralCategories".into(), categories.into());
                Ok(Answer::Json(Value::Object(o).to_string()))
            }
            "select" => {
                let n = number_arg(args.first());
                if !n.is_finite() {
                    return Ok(Answer::String("other".into()));
                }
                let mut decimal = Decimal::try_from_f64(n.abs(), FloatPrecision::RoundTrip)
                    .map_err(|_| IntlError::range("the number cannot be formatted"))?;
                self.digits.round(&mut decimal);
                let operands = icu_plurals::PluralOperands::from(&decimal);
                Ok(Answer::String(name(self.rules()?.category_for(operands)).into()))
            }
            _ => Err(IntlError::typ(format!("Intl.PluralRules.prototype.{method} is not supported natively"))),
        }
    }
}

// ---- RelativeTimeFormat.

struct Relative {
    locale: Locale,
    style: String,
    numeric: String,
    numbering_system: String,
}

impl Relative {
    fn new(locales: Option<&str>, options: &Map<String, Value>) -> Result<Self, IntlError> {
        const KIND: &str = "RelativeTimeFormat";
        get_string(options, "localeMatcher", &["lookup", "best fit"], KIND)?;
        let numbering = get_string(options, "numberingSystem", &[], KIND)?;
        let mut locale = resolve(locales, &["nu"])?;
        if let Some(system) = &numbering {
            set_keyword(&mut locale, "nu", system);
        }
        let style = get_string(options, "style", &["long", "short", "narrow"], KIND)?.unwrap_or_else(|| "long".into());
        let numeric = get_string(options, "numeric", &["always", "auto"], KIND)?.unwrap_or_else(|| "always".into());
        let numbering_system = keyword(&locale, "nu").unwrap_or_else(|| "latn".into());
        Ok(Self { locale, style, numeric, numbering_system })
    }

    fn call(&self, method: &str, args: &[Arg]) -> Result<Answer, IntlError> {
        if method == "resolvedOptions" {
            let mut o = Map::new();
            o.insert("locale".into(), self.locale.to_string().into());
            o.insert("style".into(), self.style.clone().into());
            o.insert("numeric".into(), self.numeric.clone().into());
            o.insert("numberingSystem".into(), self.numbering_system.clone().into());
            return Ok(Answer::Json(Value::Object(o).to_string()));
        }
        let value = number_arg(args.first());
        let unit_text = string_arg(args.get(1));
        let what = format!("Intl.RelativeTimeFormat.prototype.{method}()");
        if !value.is_finite() {
            return Err(IntlError::range(format!("Value need to be finite number for {what}")));
        }
        let unit = unit_text.strip_suffix('s').unwrap_or(&unit_text);
        if !["second", "minute", "hour", "day", "week", "month", "quarter", "year"].contains(&unit) {
            return Err(IntlError::range(format!("Invalid unit argument for {what} '{unit_text}'")));
        }
        let formatter = self.formatter(unit)?;
        let mut decimal = Decimal::try_from_f64(value, FloatPrecision::RoundTrip)
            .map_err(|_| IntlError::range("the number cannot be formatted"))?;
        if value == 0.0 && value.is_sign_negative() {
            decimal.sign = Sign::Negative;
        }
        decimal.round_with_mode(-3, SignedRoundingMode::Unsigned(UnsignedRoundingMode::HalfExpand));
        decimal.absolute.trim_end();
        let formatted = formatter.format(decimal);
        match method {
            "format" => Ok(Answer::String(formatted.to_string())),
            "formatToParts" => {
                // ICU4X marks no parts here: the number is found in the text and split.
                let text = formatted.to_string();
                let mut parts = Vec::new();
                let first = text.find(|c: char| c.is_numeric());
                let last = text.rfind(|c: char| c.is_numeric());
                match (first, last) {
                    (Some(a), Some(b)) => {
                        let end = b + text[b..].chars().next().map_or(1, char::len_utf8);
                        if a > 0 {
                            parts.push(("literal".to_string(), text[..a].to_string()));
                        }
                        let mut number = Vec::new();
                        split_number_gap(&text[a..end], "literal", '.', &mut number);
                        parts.extend(number);
                        if end < text.len() {
                            parts.push(("literal".to_string(), text[end..].to_string()));
                        }
                    }
                    _ => parts.push(("literal".to_string(), text)),
                }
                // The number's pieces carry the unit.
                let list: Vec<Value> = parts
                    .iter()
                    .map(|(kind, text)| {
                        let mut object = Map::new();
                        object.insert("type".into(), Value::String(kind.clone()));
                        object.insert("value".into(), Value::String(text.clone()));
                        if kind != "literal" {
                            object.insert("unit".into(), Value::String(unit.into()));
                        }
                        Value::Object(object)
                    })
                    .collect();
                json(&list)
            }
            _ => Err(IntlError::typ(format!("Intl.RelativeTimeFormat.prototype.{method} is not a function"))),
        }
    }

    fn formatter(&self, unit: &str) -> Result<icu_experimental::relativetime::RelativeTimeFormatter, IntlError> {
        use icu_experimental::relativetime::options::Numeric;
        use icu_experimental::relativetime::{RelativeTimeFormatter as F, RelativeTimeFormatterOptions};
        let mut options = RelativeTimeFormatterOptions::default();
        options.numeric = if self.numeric == "auto" { Numeric::Auto } else { Numeric::Always };
        let prefs = (&self.locale).into();
        let built = match (self.style.as_str(), unit) {
            ("long", "second") => F::try_new_long_second(prefs, options),
            ("long", "minute") => F::try_new_long_minute(prefs, options),
            ("long", "hour") => F::try_new_long_hour(prefs, options),
            ("long", "day") => F::try_new_long_day(prefs, options),
            ("long", "week") => F::try_new_long_week(prefs, options),
            ("long", "month") => F::try_new_long_month(prefs, options),
            ("long", "quarter") => F::try_new_long_quarter(prefs, options),
            ("long", _) => F::try_new_long_year(prefs, options),
            ("short", "second") => F::try_new_short_second(prefs, options),
            ("short", "minute") => F::try_new_short_minute(prefs, options),
            ("short", "hour") => F::try_new_short_hour(prefs, options),
            ("short", "day") => F::try_new_short_day(prefs, options),
            ("short", "week") => F::try_new_short_week(prefs, options),
            ("short", "month") => F::try_new_short_month(prefs, options),
            ("short", "quarter") => F::try_new_short_quarter(prefs, options),
            ("short", _) => F::try_new_short_year(prefs, options),
            (_, "second") => F::try_new_narrow_second(prefs, options),
            (_, "minute") => F::try_new_narrow_minute(prefs, options),
            (_, "hour") => F::try_new_narrow_hour(prefs, options),
            (_, "day") => F::try_new_narrow_day(prefs, options),
            (_, "week") => F::try_new_narrow_week(prefs, options),
            (_, "month") => F::try_new_narrow_month(prefs, options),
            (_, "quarter") => F::try_new_narrow_quarter(prefs, options),
            (_, _) => F::try_new_narrow_year(prefs, options),
        };
        built.map_err(|e| IntlError::range(format!("no relative time data: {e}")))
    }
}

// ---- ListFormat.

struct Lists {
    locale: Locale,
    kind: String,
    style: String,
}

impl Lists {
    fn new(locales: Option<&str>, options: &Map<String, Value>) -> Result<Self, IntlError> {
        const KIND: &str = "ListFormat";
        get_string(options, "localeMatcher", &["lookup", "best fit"], KIND)?;
        let kind = get_string(options, "type", &["conjunction", "disjunction", "unit"], KIND)?
            .unwrap_or_else(|| "conjunction".into());
        let style = get_string(options, "style", &["long", "short", "narrow"], KIND)?.unwrap_or_else(|| "long".into());
        Ok(Self { locale: resolve(locales, &[])?, kind, style })
    }

    fn call(&self, method: &str, args: &[Arg]) -> Result<Answer, IntlError> {
        use icu_list::options::{ListFormatterOptions, ListLength};
        if method == "resolvedOptions" {
            let mut o = Map::new();
            o.insert("locale".into(), self.locale.to_string().into());
            o.insert("type".into(), self.kind.clone().into());
            o.insert("style".into(), self.style.clone().into());
            return Ok(Answer::Json(Value::Object(o).to_string()));
        }
        let items: Vec<String> = match args.first() {
            Some(Arg::List(items)) => items.clone(),
            _ => Vec::new(),
        };
        let length = match self.style.as_str() {
            "short" => ListLength::Short,
            "narrow" => ListLength::Narrow,
            _ => ListLength::Wide,
        };
        let options = ListFormatterOptions::default().with_length(length);
        let prefs = (&self.locale).into();
        let formatter = match self.kind.as_str() {
            "disjunction" => icu_list::ListFormatter::try_new_or(prefs, options),
            "unit" => icu_list::ListFormatter::try_new_unit(prefs, options),
            _ => icu_list::ListFormatter::try_new_and(prefs, options),
        }
        .map_err(|e| IntlError::range(format!("no list data: {e}")))?;
        let formatted = formatter.format(items.iter().map(String::as_str));
        match method {
            "format" => Ok(Answer::String(formatted.to_string())),
            "formatToParts" => {
                let parts = parts_of(&formatted, &|text, out| out.push(("literal".into(), text.to_string())));
                parts_json(&parts, None)
            }
            _ => Err(IntlError::typ(format!("Intl.ListFormat.prototype.{method} is not a function"))),
        }
    }
}

// ---- Intl.supportedValuesOf.

fn supported_values(key: Option<&Arg>) -> Result<Answer, IntlError> {
    let key = string_arg(key);
    let list: &[&str] = match key.as_str() {
        "calendar" => &["buddhist", "chinese", "coptic", "dangi", "ethioaa", "ethiopic", "gregory", "hebrew", "indian", "islamic-civil", "islamic-tbla", "islamic-umalqura", "iso8601", "japanese", "persian", "roc"],
        "collation" => &["compat", "emoji", "eor", "phonebk", "pinyin", "searchjl", "stroke", "trad", "unihan", "zhuyin"],
        "currency" => &["AUD", "BRL", "CAD", "CHF", "CNY", "EUR", "GBP", "HKD", "INR", "JPY", "KRW", "MXN", "RUB", "SEK", "USD"],
        "numberingSystem" => &["arab", "arabext", "beng", "deva", "fullwide", "hanidec", "latn", "thai"],
        "timeZone" => &["UTC"],
        "unit" => &SANCTIONED_UNITS,
        _ => return Err(IntlError::range(format!("Invalid key : {key}"))),
    };
    json(&list)
}
