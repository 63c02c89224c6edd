//! `Intl.Collator` (and `localeCompare`): ICU4X's collator with ECMA-402's sensitivity,
//! numeric, caseFirst and ignorePunctuation.

use std::cmp::Ordering;

use icu_locale::extensions::unicode::key;
use icu_locale::Locale;
use serde_json::{Map, Value};

use super::options::{keyword, resolve, Options};
use super::{resolved, string_arg, Answer, Arg, IntlError};

pub(super) struct CollatorFormat {
    locale: Locale,
    usage: String,
    sensitivity: String,
    ignore_punctuation: bool,
    numeric: bool,
    case_first: String,
    collation: String,
}

impl CollatorFormat {
    pub(super) fn new(
        locales: Option<&str>,
        options: &Map<String, Value>,
    ) -> Result<Self, IntlError> {
        let options = Options::new(options, "Collator");
        let usage = options.string_or("usage", &["sort", "search"], "sort")?;
        options.locale_matcher()?;
        let collation_option = options.string("collation", &[])?;
        let numeric_option = options.bool("numeric");
        let case_first_option = options.string("caseFirst", &["upper", "lower", "false"])?;
        let mut locale = resolve(locales, &["co", "kn", "kf"])?;
        let numeric = numeric_option
            .unwrap_or_else(|| keyword(&locale, "kn").is_some_and(|v| v == "true" || v.is_empty()));
        let case_first = case_first_option
            .or_else(|| keyword(&locale, "kf"))
            .unwrap_or_else(|| "false".into());
        let collation = collation_option
            .or_else(|| keyword(&locale, "co"))
            .unwrap_or_else(|| "default".into());
        let sensitivity = options.string_or(
            "sensitivity",
            &["base", "accent", "case", "variant"],
            "variant",
        )?;
        let ignore_punctuation = options.bool("ignorePunctuation").unwrap_or(false);
        if numeric_option.is_some() {
            locale.extensions.unicode.keywords.remove(key!("kn"));
        }
        Ok(Self {
            locale,
            usage,
            sensitivity,
            ignore_punctuation,
            numeric,
            case_first,
            collation,
        })
    }

    pub(super) fn call(&self, method: &str, args: &[Arg]) -> Result<Answer, IntlError> {
        match method {
            "resolvedOptions" => Ok(resolved([
                ("locale", self.locale.to_string().into()),
                ("usage", self.usage.clone().into()),
                ("sensitivity", self.sensitivity.clone().into()),
                ("ignorePunctuation", self.ignore_punctuation.into()),
                ("collation", self.collation.clone().into()),
                ("numeric", self.numeric.into()),
                ("caseFirst", self.case_first.clone().into()),
            ])),
            "compare" => {
                let a = string_arg(args.first());
                let b = string_arg(args.get(1));
                Ok(Answer::Number(match self.compare(&a, &b)? {
                    Ordering::Less => -1.0,
                    Ordering::Equal => 0.0,
                    Ordering::Greater => 1.0,
                }))
            }
            _ => Err(IntlError::typ(format!(
                "Intl.Collator.prototype.{method} is not a function"
            ))),
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
        prefs.numeric_ordering = Some(if self.numeric {
            CollationNumericOrdering::True
        } else {
            CollationNumericOrdering::False
        });
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
