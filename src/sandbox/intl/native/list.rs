//! `Intl.ListFormat`: ICU4X's and/or/unit list patterns.

use icu_locale::Locale;
use serde_json::{Map, Value};

use super::options::{resolve, Options};
use super::parts::{parts_json, parts_of};
use super::{resolved, Answer, Arg, IntlError};

pub(super) struct Lists {
    locale: Locale,
    kind: String,
    style: String,
}

impl Lists {
    pub(super) fn new(
        locales: Option<&str>,
        options: &Map<String, Value>,
    ) -> Result<Self, IntlError> {
        let options = Options::new(options, "ListFormat");
        options.locale_matcher()?;
        let kind = options.string_or(
            "type",
            &["conjunction", "disjunction", "unit"],
            "conjunction",
        )?;
        let style = options.string_or("style", &["long", "short", "narrow"], "long")?;
        Ok(Self {
            locale: resolve(locales, &[])?,
            kind,
            style,
        })
    }

    pub(super) fn call(&self, method: &str, args: &[Arg]) -> Result<Answer, IntlError> {
        use icu_list::options::{ListFormatterOptions, ListLength};
        if method == "resolvedOptions" {
            return Ok(resolved([
                ("locale", self.locale.to_string().into()),
                ("type", self.kind.clone().into()),
                ("style", self.style.clone().into()),
            ]));
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
                let parts = parts_of(&formatted, &|text, out| {
                    out.push(("literal".into(), text.to_string()))
                });
                parts_json(&parts, None)
            }
            _ => Err(IntlError::typ(format!(
                "Intl.ListFormat.prototype.{method} is not a function"
            ))),
        }
    }
}
