//! `Intl.PluralRules`: the number rounded by NumberFormat's digit options, then ICU4X's
//! cardinal or ordinal rules for the language.

use icu_locale::Locale;
use serde_json::{Map, Value};

use super::number::{decimal_of, NumberFormat, Rounding};
use super::options::{resolve, Options};
use super::{number_arg, resolved, Answer, Arg, IntlError};

pub(super) struct Plurals {
    locale: Locale,
    ordinal: bool,
    digits: NumberFormat,
}

impl Plurals {
    pub(super) fn new(locales: Option<&str>, map: &Map<String, Value>) -> Result<Self, IntlError> {
        let options = Options::new(map, "PluralRules");
        options.locale_matcher()?;
        let ordinal =
            options.string("type", &["cardinal", "ordinal"])?.as_deref() == Some("ordinal");
        let mut digits = NumberFormat::new(locales, map)?;
        digits.sign_display = "auto".into();
        let mut locale = resolve(locales, &[])?;
        // CLDR's plural rules are per language.
        locale.id.region = None;
        Ok(Self {
            locale,
            ordinal,
            digits,
        })
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

    pub(super) fn call(&self, method: &str, args: &[Arg]) -> Result<Answer, IntlError> {
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
                o.insert(
                    "type".into(),
                    if self.ordinal { "ordinal" } else { "cardinal" }.into(),
                );
                o.insert(
                    "minimumIntegerDigits".into(),
                    self.digits.min_integer.into(),
                );
                match self.digits.rounding {
                    Rounding::Significant { min, max } => {
                        o.insert("minimumSignificantDigits".into(), min.into());
                        o.insert("maximumSignificantDigits".into(), max.into());
                    }
                    _ => {
                        o.insert(
                            "minimumFractionDigits".into(),
                            self.digits.min_fraction.into(),
                        );
                        o.insert(
                            "maximumFractionDigits".into(),
                            self.digits.max_fraction.into(),
                        );
                    }
                }
                o.insert("pluralCategories".into(), categories.into());
                Ok(resolved(o))
            }
            "select" => {
                let n = number_arg(args.first());
                if !n.is_finite() {
                    return Ok(Answer::String("other".into()));
                }
                let mut decimal = decimal_of(n.abs())?;
                self.digits.round(&mut decimal);
                let operands = icu_plurals::PluralOperands::from(&decimal);
                Ok(Answer::String(
                    name(self.rules()?.category_for(operands)).into(),
                ))
            }
            _ => Err(IntlError::typ(format!(
                "Intl.PluralRules.prototype.{method} is not supported natively"
            ))),
        }
    }
}
