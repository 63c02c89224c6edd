//! What every constructor reads first: the requested locales (parsed, canonicalized, the first
//! supported one resolved) and its options, with ECMA-402's GetOption checks and V8's messages.
//! [`Options`] is the one reader the services share, so each constructor only lists its own
//! options, in the order V8 reads them.

use icu_locale::extensions::unicode::{Key, Value as KeywordValue};
use icu_locale::{Locale, LocaleCanonicalizer, LocaleExpander, TransformResult};
use serde_json::{Map, Value};

use super::{number_to_string, IntlError, DEFAULT_LOCALE};

// ---- Locales.

pub(super) fn default_locale() -> Locale {
    Locale::try_from_str(DEFAULT_LOCALE).unwrap_or(icu_locale::locale!("en-US"))
}

/// The requested locales, parsed and canonicalized as `Intl.getCanonicalLocales` does.
pub(super) fn requested(locales: Option<&str>) -> Result<Vec<Locale>, IntlError> {
    let Some(text) = locales else {
        return Ok(Vec::new());
    };
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
        let Value::String(tag) = item else {
            return Err(IntlError::typ("Language ID should be string or object."));
        };
        if tag.contains('_') || tag.is_empty() {
            return Err(IntlError::range("Incorrect locale information provided"));
        }
        let mut locale = Locale::try_from_str(&tag)
            .map_err(|_| IntlError::range("Incorrect locale information provided"))?;
        canonicalizer.canonicalize(&mut locale);
        out.push(locale);
    }
    Ok(out)
}

/// Whether CLDR knows the locale's language (ICU4X falls back for everything, so "supported"
/// means: likely subtags exist for it).
pub(super) fn supported(locale: &Locale) -> bool {
    let mut id = locale.id.clone();
    if id.language.is_unknown() {
        return false;
    }
    let expander = LocaleExpander::new_common();
    expander.maximize(&mut id) == TransformResult::Modified
        || (id.script.is_some() && id.region.is_some())
}

/// The first supported requested locale (en-US if none), with only the Unicode extension keys
/// in `keys` kept.
pub(super) fn resolve(locales: Option<&str>, keys: &[&str]) -> Result<Locale, IntlError> {
    let mut locale = requested(locales)?
        .into_iter()
        .find(supported)
        .unwrap_or_else(default_locale);
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

pub(super) fn set_keyword(locale: &mut Locale, key: &str, value: &str) {
    if let (Ok(key), Ok(value)) = (Key::try_from_str(key), KeywordValue::try_from_str(value)) {
        locale.extensions.unicode.keywords.set(key, value);
    }
}

pub(super) fn keyword(locale: &Locale, key: &str) -> Option<String> {
    let key = Key::try_from_str(key).ok()?;
    locale
        .extensions
        .unicode
        .keywords
        .get(&key)
        .map(|value| value.to_string())
}

/// The locale's numbering system (its `nu` keyword), `latn` by default.
pub(super) fn numbering_system(locale: &Locale) -> String {
    keyword(locale, "nu").unwrap_or_else(|| "latn".into())
}

// ---- Options (ECMA-402 GetOption and friends).

/// The options object the prelude sent: an object's own options, none for a primitive;
/// `null` is V8's TypeError.
pub(super) fn options_object(
    text: Option<&str>,
    kind: &str,
) -> Result<Map<String, Value>, IntlError> {
    let Some(text) = text else {
        return Ok(Map::new());
    };
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(Value::Null) if kind == "NumberFormat" => Err(IntlError::typ(
            "Intl.NumberFormat called on null or undefined",
        )),
        Ok(Value::Null) => Err(IntlError::typ("Cannot convert undefined or null to object")),
        Ok(_) => Ok(Map::new()),
        Err(e) => Err(IntlError::typ(e.to_string())),
    }
}

/// ToString of an option's value.
pub(super) fn value_string(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Number(n) => n.as_f64().map(number_to_string).unwrap_or_default(),
        Value::Bool(flag) => flag.to_string(),
        Value::Null => "null".into(),
        other => other.to_string(),
    }
}

/// One constructor's options; `kind` (`NumberFormat`...) names the service in range errors.
pub(super) struct Options<'a> {
    map: &'a Map<String, Value>,
    kind: &'static str,
}

impl<'a> Options<'a> {
    pub(super) fn new(map: &'a Map<String, Value>, kind: &'static str) -> Self {
        Self { map, kind }
    }

    /// The option's value as given (`None` when absent).
    pub(super) fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key)
    }

    /// Whether the option is given.
    pub(super) fn has(&self, key: &str) -> bool {
        self.map.contains_key(key)
    }

    /// A string option, one of `allowed` (any string when `allowed` is empty).
    pub(super) fn string(&self, key: &str, allowed: &[&str]) -> Result<Option<String>, IntlError> {
        let Some(value) = self.map.get(key) else {
            return Ok(None);
        };
        let text = value_string(value);
        if !allowed.is_empty() && !allowed.contains(&text.as_str()) {
            return Err(IntlError::range(format!(
                "Value {text} out of range for Intl.{} options property {key}",
                self.kind
            )));
        }
        Ok(Some(text))
    }

    /// [`Options::string`], `default` when absent.
    pub(super) fn string_or(
        &self,
        key: &str,
        allowed: &[&str],
        default: &str,
    ) -> Result<String, IntlError> {
        Ok(self.string(key, allowed)?.unwrap_or_else(|| default.into()))
    }

    /// A boolean option (ToBoolean of its value).
    pub(super) fn bool(&self, key: &str) -> Option<bool> {
        self.map.get(key).map(|value| match value {
            Value::Bool(flag) => *flag,
            Value::Null => false,
            Value::Number(n) => n.as_f64().is_some_and(|n| n != 0.0 && !n.is_nan()),
            Value::String(text) => !text.is_empty(),
            _ => true,
        })
    }

    /// A number option in `min..=max` (`None` when absent).
    pub(super) fn number(&self, key: &str, min: u32, max: u32) -> Result<Option<u32>, IntlError> {
        let Some(value) = self.map.get(key) else {
            return Ok(None);
        };
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

    /// `localeMatcher`: checked, its value unused (every service matches "best fit").
    pub(super) fn locale_matcher(&self) -> Result<(), IntlError> {
        self.string("localeMatcher", &["lookup", "best fit"])
            .map(drop)
    }

    /// Option `name`, when given, as the locale's Unicode keyword `key` (`calendar` as `ca`).
    pub(super) fn keyword_option(
        &self,
        locale: &mut Locale,
        name: &str,
        key: &str,
    ) -> Result<(), IntlError> {
        if let Some(value) = self.string(name, &[])? {
            set_keyword(locale, key, &value);
        }
        Ok(())
    }

    /// The preamble of the services that write numbers (NumberFormat, RelativeTimeFormat):
    /// `localeMatcher`, `numberingSystem`, then the resolved locale, whose `nu` keyword the
    /// option overrides; with the numbering system that gives.
    pub(super) fn numbered_locale(
        &self,
        locales: Option<&str>,
    ) -> Result<(Locale, String), IntlError> {
        self.locale_matcher()?;
        let numbering = self.string("numberingSystem", &[])?;
        let mut locale = resolve(locales, &["nu"])?;
        if let Some(system) = &numbering {
            set_keyword(&mut locale, "nu", system);
        }
        let system = numbering_system(&locale);
        Ok((locale, system))
    }
}
