//! `Intl.RelativeTimeFormat`: ICU4X's relative time formatters, one per style and unit.

use fixed_decimal::{Sign, SignedRoundingMode, UnsignedRoundingMode};
use icu_locale::Locale;
use serde_json::{Map, Value};

use super::number::decimal_of;
use super::options::Options;
use super::parts::{parts_json, split_number_gap};
use super::{number_arg, resolved, string_arg, Answer, Arg, IntlError};

pub(super) struct Relative {
    locale: Locale,
    style: String,
    numeric: String,
    numbering_system: String,
}

impl Relative {
    pub(super) fn new(
        locales: Option<&str>,
        options: &Map<String, Value>,
    ) -> Result<Self, IntlError> {
        let options = Options::new(options, "RelativeTimeFormat");
        let (locale, numbering_system) = options.numbered_locale(locales)?;
        let style = options.string_or("style", &["long", "short", "narrow"], "long")?;
        let numeric = options.string_or("numeric", &["always", "auto"], "always")?;
        Ok(Self {
            locale,
            style,
            numeric,
            numbering_system,
        })
    }

    pub(super) fn call(&self, method: &str, args: &[Arg]) -> Result<Answer, IntlError> {
        if method == "resolvedOptions" {
            return Ok(resolved([
                ("locale", self.locale.to_string().into()),
                ("style", self.style.clone().into()),
                ("numeric", self.numeric.clone().into()),
                ("numberingSystem", self.numbering_system.clone().into()),
            ]));
        }
        let value = number_arg(args.first());
        let unit_text = string_arg(args.get(1));
        let what = format!("Intl.RelativeTimeFormat.prototype.{method}()");
        if !value.is_finite() {
            return Err(IntlError::range(format!(
                "Value need to be finite number for {what}"
            )));
        }
        let unit = unit_text.strip_suffix('s').unwrap_or(&unit_text);
        if ![
            "second", "minute", "hour", "day", "week", "month", "quarter", "year",
        ]
        .contains(&unit)
        {
            return Err(IntlError::range(format!(
                "Invalid unit argument for {what} '{unit_text}'"
            )));
        }
        let formatter = self.formatter(unit)?;
        let mut decimal = decimal_of(value)?;
        if value == 0.0 && value.is_sign_negative() {
            decimal.sign = Sign::Negative;
        }
        decimal.round_with_mode(
            -3,
            SignedRoundingMode::Unsigned(UnsignedRoundingMode::HalfExpand),
        );
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
                        split_number_gap(&text[a..end], "literal", '.', &mut parts);
                        if end < text.len() {
                            parts.push(("literal".to_string(), text[end..].to_string()));
                        }
                    }
                    _ => parts.push(("literal".to_string(), text)),
                }
                // The number's pieces carry the unit.
                parts_json(&parts, Some(("unit", unit)))
            }
            _ => Err(IntlError::typ(format!(
                "Intl.RelativeTimeFormat.prototype.{method} is not a function"
            ))),
        }
    }

    fn formatter(
        &self,
        unit: &str,
    ) -> Result<icu_experimental::relativetime::RelativeTimeFormatter, IntlError> {
        use icu_experimental::relativetime::options::Numeric;
        use icu_experimental::relativetime::{
            RelativeTimeFormatter as F, RelativeTimeFormatterOptions,
        };
        let mut options = RelativeTimeFormatterOptions::default();
        options.numeric = if self.numeric == "auto" {
            Numeric::Auto
        } else {
            Numeric::Always
        };
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
