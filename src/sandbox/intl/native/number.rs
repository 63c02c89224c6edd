//! `Intl.NumberFormat` (and the digit options `Intl.PluralRules` shares): decimal, percent,
//! currency, compact, scientific and engineering notation, and units (short English names only:
//! ICU4X 2.3 has no unit data for most).

use fixed_decimal::{
    Decimal, FloatPrecision, SignDisplay, SignedRoundingMode, UnsignedRoundingMode,
};
use icu_locale::Locale;
use serde_json::{Map, Value};

use super::options::{value_string, Options};
use super::parts::{parts_json, parts_of, split_gap, split_number_gap, text_of, Parts};
use super::{number_arg, Answer, Arg, IntlError};

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
pub(super) enum Rounding {
    Fraction {
        min: u32,
        max: u32,
    },
    Significant {
        min: u32,
        max: u32,
    },
    /// Compact notation's own rounding (two significant digits below 100).
    Compact,
}

pub(super) struct NumberFormat {
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
    pub(super) sign_display: String,
    pub(super) min_integer: u32,
    pub(super) rounding: Rounding,
    pub(super) min_fraction: u32,
    pub(super) max_fraction: u32,
    rounding_mode: String,
    trailing_zero_display: String,
}

/// A finite number as a decimal, with the digits that print it back.
pub(super) fn decimal_of(n: f64) -> Result<Decimal, IntlError> {
    Decimal::try_from_f64(n, FloatPrecision::RoundTrip)
        .map_err(|_| IntlError::range("the number cannot be formatted"))
}

pub(super) const SANCTIONED_UNITS: [&str; 45] = [
    "acre",
    "bit",
    "byte",
    "celsius",
    "centimeter",
    "day",
    "degree",
    "fahrenheit",
    "fluid-ounce",
    "foot",
    "gallon",
    "gigabit",
    "gigabyte",
    "gram",
    "hectare",
    "hour",
    "inch",
    "kilobit",
    "kilobyte",
    "kilogram",
    "kilometer",
    "liter",
    "megabit",
    "megabyte",
    "meter",
    "microsecond",
    "mile",
    "mile-scandinavian",
    "milliliter",
    "millimeter",
    "millisecond",
    "minute",
    "month",
    "nanosecond",
    "ounce",
    "percent",
    "petabyte",
    "pound",
    "second",
    "stone",
    "terabit",
    "terabyte",
    "week",
    "yard",
    "year",
];

fn currency_digits(code: &str) -> u32 {
    match code {
        "BIF" | "CLP" | "DJF" | "GNF" | "ISK" | "JPY" | "KMF" | "KRW" | "PYG" | "RWF" | "UGX"
        | "UYI" | "VND" | "VUV" | "XAF" | "XOF" | "XPF" => 0,
        "BHD" | "IQD" | "JOD" | "KWD" | "LYD" | "OMR" | "TND" => 3,
        _ => 2,
    }
}

/// `style` and what it needs (the currency or the unit), read in the order ECMA-402's
/// InitializeNumberFormat reads them, so the first bad option is the one reported.
struct StyleOptions {
    style: Style,
    /// Upper-cased.
    currency: Option<String>,
    currency_display: String,
    currency_sign: String,
    unit: Option<String>,
    unit_display: String,
}

impl StyleOptions {
    fn read(options: &Options<'_>) -> Result<Self, IntlError> {
        let style = match options
            .string("style", &["decimal", "percent", "currency", "unit"])?
            .as_deref()
        {
            Some("percent") => Style::Percent,
            Some("currency") => Style::Currency,
            Some("unit") => Style::Unit,
            _ => Style::Decimal,
        };
        let currency = options.string("currency", &[])?;
        if let Some(code) = &currency {
            if code.len() != 3 || !code.chars().all(|c| c.is_ascii_alphabetic()) {
                return Err(IntlError::range(format!("Invalid currency code : {code}")));
            }
        }
        let currency_display = options.string_or(
            "currencyDisplay",
            &["code", "symbol", "narrowSymbol", "name"],
            "symbol",
        )?;
        let currency_sign =
            options.string_or("currencySign", &["standard", "accounting"], "standard")?;
        let unit = options.string("unit", &[])?;
        let unit_display =
            options.string_or("unitDisplay", &["short", "narrow", "long"], "short")?;
        if style == Style::Currency && currency.is_none() {
            return Err(IntlError::typ(
                "Currency code is required with currency style.",
            ));
        }
        if style == Style::Unit {
            check_unit(unit.as_deref())?;
        }
        Ok(Self {
            style,
            currency: currency.map(|c| c.to_ascii_uppercase()),
            currency_display,
            currency_sign,
            unit,
            unit_display,
        })
    }
}

/// The unit of `style: "unit"`: required, and sanctioned (or two sanctioned ones joined by
/// `-per-`).
fn check_unit(unit: Option<&str>) -> Result<(), IntlError> {
    let Some(unit) = unit else {
        return Err(IntlError::typ("Unit is required with unit style."));
    };
    let simple = |u: &str| SANCTIONED_UNITS.contains(&u);
    let valid = simple(unit)
        || unit
            .split_once("-per-")
            .is_some_and(|(a, b)| simple(a) && simple(b));
    if !valid {
        return Err(IntlError::range(format!(
            "Invalid unit argument for Intl.NumberFormat() '{unit}'"
        )));
    }
    Ok(())
}

/// `notation`, and its name for `resolvedOptions`.
fn read_notation(options: &Options<'_>) -> Result<(Notation, String), IntlError> {
    let notation_name = options.string_or(
        "notation",
        &["standard", "scientific", "engineering", "compact"],
        "standard",
    )?;
    let notation = match notation_name.as_str() {
        "scientific" => Notation::Scientific,
        "engineering" => Notation::Engineering,
        "compact" => Notation::Compact,
        _ => Notation::Standard,
    };
    Ok((notation, notation_name))
}

/// The fraction digits `(min, max)` a style has when the options give none: the currency's
/// own digits in standard notation, none for percents, up to three otherwise.
fn default_fraction_digits(style: Style, notation: Notation, currency: Option<&str>) -> (u32, u32) {
    match style {
        Style::Currency if notation == Notation::Standard => {
            let digits = currency_digits(currency.unwrap_or(""));
            (digits, digits)
        }
        Style::Currency => (0, 0),
        Style::Percent => (0, 0),
        _ => (0, 3),
    }
}

/// The digit options (ECMA-402's SetNumberFormatDigitOptions).
struct DigitOptions {
    min_integer: u32,
    rounding: Rounding,
    min_fraction: u32,
    max_fraction: u32,
    rounding_mode: String,
    trailing_zero_display: String,
}

impl DigitOptions {
    /// Reads them over the style's `(min, max)` fraction digits `defaults`.
    fn read(
        options: &Options<'_>,
        defaults: (u32, u32),
        notation: Notation,
    ) -> Result<Self, IntlError> {
        let (default_min, default_max) = defaults;
        let min_integer = options.number("minimumIntegerDigits", 1, 21)?.unwrap_or(1);
        let has_sd =
            options.has("minimumSignificantDigits") || options.has("maximumSignificantDigits");
        let has_fd = options.has("minimumFractionDigits") || options.has("maximumFractionDigits");
        // Checked; only the increment 1 is supported.
        options.number("roundingIncrement", 1, 5000)?;
        let rounding_mode = options.string_or(
            "roundingMode",
            &[
                "ceil",
                "floor",
                "expand",
                "trunc",
                "halfCeil",
                "halfFloor",
                "halfExpand",
                "halfTrunc",
                "halfEven",
            ],
            "halfExpand",
        )?;
        options.string(
            "roundingPriority",
            &["auto", "morePrecision", "lessPrecision"],
        )?;
        let trailing_zero_display =
            options.string_or("trailingZeroDisplay", &["auto", "stripIfInteger"], "auto")?;
        let mut min_fraction = default_min;
        let mut max_fraction = default_max;
        let rounding = if has_sd {
            let min = options
                .number("minimumSignificantDigits", 1, 21)?
                .unwrap_or(1);
            let max = options
                .number("maximumSignificantDigits", min, 21)?
                .unwrap_or(21);
            Rounding::Significant { min, max }
        } else if has_fd || notation != Notation::Compact {
            if has_fd {
                (min_fraction, max_fraction) = fraction_digits(options, defaults)?;
            }
            Rounding::Fraction {
                min: min_fraction,
                max: max_fraction,
            }
        } else {
            min_fraction = 0;
            max_fraction = 0;
            Rounding::Compact
        };
        Ok(Self {
            min_integer,
            rounding,
            min_fraction,
            max_fraction,
            rounding_mode,
            trailing_zero_display,
        })
    }
}

/// `minimumFractionDigits` and `maximumFractionDigits` (one of them given), the one not given
/// taken from `defaults` so that min ≤ max.
fn fraction_digits(options: &Options<'_>, defaults: (u32, u32)) -> Result<(u32, u32), IntlError> {
    let (default_min, default_max) = defaults;
    let min = options.number("minimumFractionDigits", 0, 100)?;
    let max = options.number("maximumFractionDigits", 0, 100)?;
    match (min, max) {
        (None, Some(max)) => Ok((default_min.min(max), max)),
        (Some(min), None) => Ok((min, default_max.max(min))),
        (Some(min), Some(max)) => {
            if min > max {
                return Err(IntlError::range(
                    "maximumFractionDigits value is out of range.",
                ));
            }
            Ok((min, max))
        }
        (None, None) => Ok(defaults),
    }
}

/// `useGrouping` as `resolvedOptions` shows it: `false` or the strategy's name (`min2` by
/// default in compact notation, `auto` otherwise).
fn read_grouping(options: &Options<'_>, notation: Notation) -> Result<Value, IntlError> {
    let default_grouping = if notation == Notation::Compact {
        "min2"
    } else {
        "auto"
    };
    let grouping = match options.get("useGrouping") {
        None | Some(Value::Null) => Value::String(default_grouping.into()),
        Some(Value::Bool(true)) => Value::String("always".into()),
        Some(Value::Bool(false)) => Value::Bool(false),
        Some(Value::String(text)) if text == "true" || text == "false" => {
            Value::String(default_grouping.into())
        }
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
    Ok(grouping)
}

impl NumberFormat {
    pub(super) fn new(
        locales: Option<&str>,
        options: &Map<String, Value>,
    ) -> Result<Self, IntlError> {
        let options = Options::new(options, "NumberFormat");
        let (locale, numbering_system) = options.numbered_locale(locales)?;
        let StyleOptions {
            style,
            currency,
            currency_display,
            currency_sign,
            unit,
            unit_display,
        } = StyleOptions::read(&options)?;
        let (notation, notation_name) = read_notation(&options)?;
        let defaults = default_fraction_digits(style, notation, currency.as_deref());
        let DigitOptions {
            min_integer,
            rounding,
            min_fraction,
            max_fraction,
            rounding_mode,
            trailing_zero_display,
        } = DigitOptions::read(&options, defaults, notation)?;
        let compact_display = options.string_or("compactDisplay", &["short", "long"], "short")?;
        let grouping = read_grouping(&options, notation)?;
        let sign_display = options.string_or(
            "signDisplay",
            &["auto", "never", "always", "exceptZero", "negative"],
            "auto",
        )?;
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

    pub(super) fn call(&self, method: &str, args: &[Arg]) -> Result<Answer, IntlError> {
        match method {
            "resolvedOptions" => Ok(Answer::Json(self.resolved().to_string())),
            "format" => Ok(Answer::String(text_of(self.format_parts(args.first())?))),
            "formatToParts" => parts_json(&self.format_parts(args.first())?, None),
            "formatRange" => {
                let a = text_of(self.format_parts(args.first())?);
                let b = text_of(self.format_parts(args.get(1))?);
                Ok(Answer::String(if a == b {
                    format!("~{a}")
                } else {
                    format!("{a}–{b}")
                }))
            }
            _ => Err(IntlError::typ(format!(
                "Intl.NumberFormat.prototype.{method} is not supported natively"
            ))),
        }
    }

    fn resolved(&self) -> Value {
        let mut o = Map::new();
        o.insert("locale".into(), self.locale.to_string().into());
        o.insert(
            "numberingSystem".into(),
            self.numbering_system.clone().into(),
        );
        let style = match self.style {
            Style::Decimal => "decimal",
            Style::Percent => "percent",
            Style::Currency => "currency",
            Style::Unit => "unit",
        };
        o.insert("style".into(), style.into());
        if self.style == Style::Currency {
            o.insert(
                "currency".into(),
                self.currency.clone().unwrap_or_default().into(),
            );
            o.insert(
                "currencyDisplay".into(),
                self.currency_display.clone().into(),
            );
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
        o.insert(
            "trailingZeroDisplay".into(),
            self.trailing_zero_display.clone().into(),
        );
        let priority = if self.rounding == Rounding::Compact {
            "morePrecision"
        } else {
            "auto"
        };
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
    pub(super) fn round(&self, value: &mut Decimal) {
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
            decimal_of(n).map(Ok)
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

    fn format_parts(&self, arg: Option<&Arg>) -> Result<Parts, IntlError> {
        let mut decimal = match Self::decimal(arg)? {
            Ok(decimal) => decimal,
            Err(special) if self.style != Style::Decimal => return self.special_in_place(special),
            Err(special) => return Ok(self.special(special)),
        };
        if self.style == Style::Percent {
            decimal.absolute.multiply_pow10(2);
        }
        let decimal_formatter = self.decimal_formatter()?;
        let separator = decimal_separator(&decimal_formatter);
        if matches!(self.notation, Notation::Scientific | Notation::Engineering) {
            return Ok(self.scientific_parts(decimal, &decimal_formatter));
        }
        if self.notation != Notation::Compact {
            self.round(&mut decimal);
        } else if let Rounding::Significant { .. } | Rounding::Fraction { .. } = self.rounding {
            // Compact with explicit digits: ICU4X rounds compact values itself.
        }
        decimal.apply_sign_display(self.sign_display());
        match (self.style, self.notation) {
            (Style::Decimal, Notation::Compact) | (Style::Unit, Notation::Compact) => {
                self.compact_parts(&decimal, separator)
            }
            (Style::Decimal, _) => Ok(parts_of(
                &decimal_formatter.format(&decimal),
                &|text, out| split_gap(text, "literal", out),
            )),
            (Style::Percent, _) => self.percent_parts(&decimal, decimal_formatter, separator),
            (Style::Currency, _) => self.currency_parts(&decimal, separator),
            (Style::Unit, _) => {
                let mut parts = parts_of(&decimal_formatter.format(&decimal), &|text, out| {
                    split_gap(text, "literal", out)
                });
                self.append_unit(&mut parts);
                Ok(parts)
            }
        }
    }

    /// The locale's formatter of plain numbers, grouping digits as `useGrouping` says.
    fn decimal_formatter(&self) -> Result<icu_decimal::DecimalFormatter, IntlError> {
        let options = icu_decimal::options::DecimalFormatterOptions::from(self.grouping_strategy());
        icu_decimal::DecimalFormatter::try_new((&self.locale).into(), options)
            .map_err(|e| IntlError::range(format!("no number data: {e}")))
    }

    /// Scientific and engineering notation: mantissa, "E", exponent.
    fn scientific_parts(
        &self,
        mut decimal: Decimal,
        decimal_formatter: &icu_decimal::DecimalFormatter,
    ) -> Parts {
        let mut exponent = if decimal.absolute.is_zero() {
            0
        } else {
            decimal.absolute.nonzero_magnitude_start()
        };
        if self.notation == Notation::Engineering {
            exponent = exponent.div_euclid(3) * 3;
        }
        decimal.absolute.multiply_pow10(-exponent);
        self.round(&mut decimal);
        decimal.apply_sign_display(self.sign_display());
        let mut parts = parts_of(&decimal_formatter.format(&decimal), &|text, out| {
            split_gap(text, "literal", out)
        });
        parts.push(("exponentSeparator".into(), "E".into()));
        let mut exp = Decimal::from(i64::from(exponent));
        if exponent < 0 {
            parts.push(("exponentMinusSign".into(), "-".into()));
            exp = Decimal::from(i64::from(-exponent));
        }
        parts.push((
            "exponentInteger".into(),
            decimal_formatter.format(&exp).to_string(),
        ));
        parts
    }

    /// Compact notation (`1.3K`, `1.3 thousand`), and the unit after it for `style: "unit"`.
    fn compact_parts(&self, decimal: &Decimal, separator: char) -> Result<Parts, IntlError> {
        let prefs = (&self.locale).into();
        let options = icu_decimal::options::CompactDecimalFormatterOptions::default();
        let formatter = if self.compact_display == "long" {
            icu_decimal::CompactDecimalFormatter::try_new_long(prefs, options)
        } else {
            icu_decimal::CompactDecimalFormatter::try_new_short(prefs, options)
        }
        .map_err(|e| IntlError::range(format!("no compact data: {e}")))?;
        let gap = |text: &str, out: &mut Parts| split_number_gap(text, "compact", separator, out);
        let mut parts = if !decimal.absolute.is_zero() {
            self.compact_rounded_parts(&formatter, decimal, &gap)
        } else {
            parts_of(&formatter.format(decimal), &gap)
        };
        if self.style == Style::Unit {
            self.append_unit(&mut parts);
        }
        Ok(parts)
    }

    /// A nonzero `decimal` in compact notation, scaled to its compact exponent and rounded there:
    /// by the explicit digits, or as V8 does by default (no fraction digits or two significant
    /// ones, whichever keeps more: `245`, `1.3K`, half away from zero, where ICU4X's own compact
    /// rounding rounds half to even).
    fn compact_rounded_parts(
        &self,
        formatter: &icu_decimal::CompactDecimalFormatter,
        decimal: &Decimal,
        gap: &dyn Fn(&str, &mut Parts),
    ) -> Parts {
        let mode = self.rounding_mode();
        let scaled = |exponent: u8| {
            let mut significand = decimal.clone();
            significand.absolute.multiply_pow10(-i16::from(exponent));
            if let Rounding::Compact = self.rounding {
                let top = significand.absolute.nonzero_magnitude_start();
                significand.round_with_mode(if top >= 1 { 0 } else { top - 1 }, mode);
                significand.absolute.trim_end();
            } else {
                self.round(&mut significand);
            }
            significand
        };
        let magnitude = decimal.absolute.nonzero_magnitude_start();
        let mut exponent = formatter.compact_exponent_for_magnitude(magnitude);
        let mut significand = scaled(exponent);
        let rounded_magnitude =
            significand.absolute.nonzero_magnitude_start() + i16::from(exponent);
        let next = formatter.compact_exponent_for_magnitude(rounded_magnitude);
        if next != exponent {
            exponent = next;
            significand = scaled(exponent);
        }
        // (A temporary in the tail would outlive `significand`, which it borrows.)
        let parts = match formatter.format_with_exponent(&significand, exponent) {
            Ok(formatted) => parts_of(&formatted, gap),
            Err(_) => parts_of(&formatter.format(decimal), gap),
        };
        parts
    }

    fn percent_parts(
        &self,
        decimal: &Decimal,
        decimal_formatter: icu_decimal::DecimalFormatter,
        separator: char,
    ) -> Result<Parts, IntlError> {
        use icu_experimental::dimension::percent::formatter::PercentFormatter;
        let formatter = PercentFormatter::try_new_with_decimal_formatter(
            (&self.locale).into(),
            decimal_formatter,
            Default::default(),
        )
        .map_err(|e| IntlError::range(format!("no percent data: {e}")))?;
        Ok(parts_of(&formatter.format(decimal), &|text, out| {
            split_number_gap(text, "literal", separator, out)
        }))
    }

    fn currency_parts(&self, decimal: &Decimal, separator: char) -> Result<Parts, IntlError> {
        use icu_experimental::dimension::currency::formatter::CurrencyFormatter;
        use icu_experimental::dimension::currency::options::CurrencyUsage;
        use icu_experimental::dimension::currency::CurrencyType;
        let code = self.currency.clone().unwrap_or_default();
        let currency = CurrencyType::try_from_str(&code)
            .map_err(|_| IntlError::range(format!("Invalid currency code : {code}")))?;
        let usage = if self.currency_sign == "accounting" {
            CurrencyUsage::Accounting
        } else {
            CurrencyUsage::Standard
        };
        let prefs = (&self.locale).into();
        let gap = |text: &str, out: &mut Parts| split_number_gap(text, "currency", separator, out);
        fn failed(e: impl std::fmt::Display) -> IntlError {
            IntlError::range(format!("no currency data: {e}"))
        }
        // Compact and standard formatters are of two types.
        if self.notation == Notation::Compact {
            let formatter = match self.currency_display.as_str() {
                "code" => CurrencyFormatter::try_new_compact_code(prefs, currency, usage.into()),
                "name" => CurrencyFormatter::try_new_compact_long_name(prefs, currency),
                "narrowSymbol" => {
                    CurrencyFormatter::try_new_compact_symbol_narrow(prefs, currency, usage.into())
                }
                _ => CurrencyFormatter::try_new_compact_symbol(prefs, currency, usage.into()),
            }
            .map_err(failed)?;
            let parts = parts_of(&formatter.format_fixed_decimal(decimal), &gap);
            return Ok(parts);
        }
        let formatter = match self.currency_display.as_str() {
            "code" => CurrencyFormatter::try_new_code(prefs, currency, usage.into()),
            "name" => CurrencyFormatter::try_new_name(prefs, currency),
            "narrowSymbol" => {
                CurrencyFormatter::try_new_symbol_narrow(prefs, currency, usage.into())
            }
            _ => CurrencyFormatter::try_new_symbol(prefs, currency, usage.into()),
        }
        .map_err(failed)?;
        // (A temporary would outlive `formatter`, which it borrows.)
        let parts = parts_of(&formatter.format_fixed_decimal(decimal), &gap);
        Ok(parts)
    }

    /// Units have no data natively: the CLDR short English forms of the common ones.
    fn append_unit(&self, parts: &mut Parts) {
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
        // CLDR's short unit patterns: `{0}\u{202f}km` in French, `{0}km` in Korean, `{0} km` in
        // most others.
        let space = match self.locale.id.language.as_str() {
            _ if unit == "percent" => "",
            "fr" => "\u{202f}",
            "ko" => "",
            _ => " ",
        };
        if !space.is_empty() {
            parts.push(("literal".into(), space.into()));
        }
        parts.push(("unit".into(), short.into()));
    }

    /// NaN and the infinities with a currency, a unit or a percent sign, which V8 writes where
    /// the number would be (`-∞ $US`, `-$∞`, `∞ km`, `NaN %`): ±1 formatted, its digits replaced.
    fn special_in_place(&self, n: f64) -> Result<Parts, IntlError> {
        let stand_in = if n < 0.0 { -1.0 } else { 1.0 };
        let special = if n.is_nan() {
            ("nan", "NaN")
        } else {
            ("infinity", "∞")
        };
        let mut parts = Vec::new();
        let mut replaced = false;
        for (kind, text) in self.format_parts(Some(&Arg::Number(stand_in)))? {
            if matches!(kind.as_str(), "integer" | "group" | "decimal" | "fraction") {
                if !replaced {
                    parts.push((special.0.to_string(), special.1.to_string()));
                    replaced = true;
                }
            } else {
                parts.push((kind, text));
            }
        }
        Ok(parts)
    }

    /// NaN and the infinities, as a plain number.
    fn special(&self, n: f64) -> Parts {
        let mut parts = Vec::new();
        let negative = n < 0.0;
        match self.sign_display.as_str() {
            "never" => {}
            "always" | "exceptZero" if !n.is_nan() => parts.push((
                if negative { "minusSign" } else { "plusSign" }.into(),
                if negative { "-" } else { "+" }.into(),
            )),
            _ if negative => parts.push(("minusSign".into(), "-".into())),
            _ => {}
        }
        if n.is_nan() {
            parts.push(("nan".into(), "NaN".into()));
        } else {
            parts.push(("infinity".into(), "∞".into()));
        }
        parts
    }
}

/// The locale's decimal separator (what `formatter` writes in 1.5), for the formatters that do
/// not mark their parts.
fn decimal_separator(formatter: &icu_decimal::DecimalFormatter) -> char {
    formatter
        .format(&{
            let mut sample = Decimal::from(15);
            sample.absolute.multiply_pow10(-1);
            sample
        })
        .to_string()
        .chars()
        .find(|c| !c.is_numeric())
        .unwrap_or('.')
}
