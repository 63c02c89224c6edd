//! `Intl.DisplayNames`: ICU4X's (experimental) CLDR display names for languages, regions and
//! scripts. Currencies, calendars and date-time fields have no ICU4X data yet: natively their
//! `of` gives the code, as V8 does with `fallback: "code"` for a name it lacks (in the Worker the
//! platform's own Intl names them; docs/locales.md lists the difference).

use icu_experimental::displaynames::multi::{
    LocaleDisplayNamesFormatter, RegionDisplayNames, ScriptDisplayNames,
};
use icu_experimental::displaynames::{DisplayNamesOptions, Fallback, LanguageDisplay, Style};
use icu_locale::subtags::{Region, Script};
use icu_locale::{Locale, LocaleCanonicalizer};
use serde_json::{Map, Value};

use super::options::{resolve, Options};
use super::{json, resolved, string_arg, Answer, Arg, IntlError};

/// The fields `type: "dateTimeField"` names (ECMA-402's IsValidDateTimeFieldCode).
const DATE_TIME_FIELDS: [&str; 12] = [
    "era",
    "year",
    "quarter",
    "month",
    "weekOfYear",
    "weekday",
    "day",
    "dayPeriod",
    "hour",
    "minute",
    "second",
    "timeZoneName",
];

pub(super) struct DisplayNames {
    locale: Locale,
    style: String,
    kind: String,
    fallback: String,
    language_display: Option<String>,
}

impl DisplayNames {
    pub(super) fn new(
        locales: Option<&str>,
        options: &Map<String, Value>,
    ) -> Result<Self, IntlError> {
        let options = Options::new(options, "DisplayNames");
        options.locale_matcher()?;
        let style = options.string_or("style", &["narrow", "short", "long"], "long")?;
        let kind = options
            .string(
                "type",
                &[
                    "language",
                    "region",
                    "script",
                    "currency",
                    "calendar",
                    "dateTimeField",
                ],
            )?
            // V8's message for a missing `type`.
            .ok_or_else(|| IntlError::typ("invalid_argument"))?;
        let fallback = options.string_or("fallback", &["code", "none"], "code")?;
        let language_display =
            options.string_or("languageDisplay", &["dialect", "standard"], "dialect")?;
        Ok(Self {
            locale: resolve(locales, &[])?,
            style,
            language_display: (kind == "language").then_some(language_display),
            kind,
            fallback,
        })
    }

    pub(super) fn call(&self, method: &str, args: &[Arg]) -> Result<Answer, IntlError> {
        match method {
            "resolvedOptions" => {
                let mut entries: Vec<(&str, Value)> = vec![
                    ("locale", self.locale.to_string().into()),
                    ("style", self.style.clone().into()),
                    ("type", self.kind.clone().into()),
                    ("fallback", self.fallback.clone().into()),
                ];
                if let Some(display) = &self.language_display {
                    entries.push(("languageDisplay", display.clone().into()));
                }
                Ok(resolved(entries))
            }
            "of" => {
                let (code, name) = self.name_of(&string_arg(args.first()))?;
                match name {
                    Some(name) => json(&name),
                    None if self.fallback == "code" => json(&code),
                    None => Ok(Answer::Json("null".into())),
                }
            }
            _ => Err(IntlError::typ(format!(
                "Intl.DisplayNames.prototype.{method} is not a function"
            ))),
        }
    }

    /// The code, canonicalized as V8 gives it back, and its name where the data has one.
    fn name_of(&self, code: &str) -> Result<(String, Option<String>), IntlError> {
        let invalid = || IntlError::range("invalid_argument");
        let mut options = DisplayNamesOptions::default();
        options.style = Some(match self.style.as_str() {
            "narrow" => Style::Narrow,
            "short" => Style::Short,
            _ => Style::Long,
        });
        options.fallback = Fallback::None;
        let prefs = (&self.locale).into();
        match self.kind.as_str() {
            "language" => {
                let mut locale = Locale::try_from_str(code).map_err(|_| invalid())?;
                if !locale.extensions.is_empty() {
                    return Err(invalid());
                }
                LocaleCanonicalizer::new_extended().canonicalize(&mut locale);
                options.language_display = match self.language_display.as_deref() {
                    Some("standard") => LanguageDisplay::Standard,
                    _ => LanguageDisplay::Dialect,
                };
                let formatter = LocaleDisplayNamesFormatter::try_new(prefs, options)
                    .map_err(|e| IntlError::range(format!("no display names: {e}")))?;
                let name = formatter.of(&locale).into_owned();
                let code = locale.to_string();
                Ok((code.clone(), (name != code).then_some(name)))
            }
            "region" => {
                let region = Region::try_from_str(code).map_err(|_| invalid())?;
                // V8 names a region written in its canonical case only ("de" stays "de").
                if region.as_str() != code {
                    return Ok((code.to_string(), None));
                }
                let names = RegionDisplayNames::try_new(prefs, options)
                    .map_err(|e| IntlError::range(format!("no display names: {e}")))?;
                Ok((region.to_string(), names.of(region).map(str::to_string)))
            }
            "script" => {
                let script = Script::try_from_str(code).map_err(|_| invalid())?;
                let names = ScriptDisplayNames::try_new(prefs, options)
                    .map_err(|e| IntlError::range(format!("no display names: {e}")))?;
                Ok((script.to_string(), names.of(script).map(str::to_string)))
            }
            "currency" => {
                if code.len() != 3 || !code.bytes().all(|b| b.is_ascii_alphabetic()) {
                    return Err(invalid());
                }
                Ok((code.to_ascii_uppercase(), None))
            }
            "calendar" => {
                let valid = code.split('-').all(|part| {
                    (3..=8).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_alphanumeric())
                });
                if !valid {
                    return Err(invalid());
                }
                Ok((code.to_ascii_lowercase(), None))
            }
            _ => {
                if !DATE_TIME_FIELDS.contains(&code) {
                    return Err(invalid());
                }
                Ok((code.to_string(), None))
            }
        }
    }
}
