//! `Intl.DateTimeFormat` and `Date`'s `toLocaleString`, `toLocaleDateString`,
//! `toLocaleTimeString`: ECMA-402's date-time options mapped onto ICU4X's field sets, zone
//! offsets from jiff's bundled tz database.

use icu_locale::Locale;
use serde_json::{Map, Value};

use super::options::{keyword, numbering_system, resolve, set_keyword, Options};
use super::parts::{parts_in, parts_json, text_of, Parts};
use super::{number_arg, Answer, Arg, IntlError, DEFAULT_TIME_ZONE};
use icu_datetime::fieldsets::builder::FieldSetBuilder;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Required {
    Date,
    Time,
    Any,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Defaults {
    Date,
    Time,
    All,
}

pub(super) struct DateFormat {
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
    (
        "timeZoneName",
        &[
            "short",
            "long",
            "shortOffset",
            "longOffset",
            "shortGeneric",
            "longGeneric",
        ],
    ),
];

impl DateFormat {
    pub(super) fn new(
        locales: Option<&str>,
        options: &Map<String, Value>,
        required: Required,
        defaults: Defaults,
    ) -> Result<Self, IntlError> {
        let options = Options::new(options, "DateTimeFormat");
        let mut locale = resolve(locales, &["ca", "nu", "hc"])?;
        options.locale_matcher()?;
        options.keyword_option(&mut locale, "calendar", "ca")?;
        options.keyword_option(&mut locale, "numberingSystem", "nu")?;
        let hour_cycle = read_hour_cycle(&options)?;
        let (time_zone, zone) = read_time_zone(&options)?;
        let mut fields = read_fields(&options)?;
        options.string("formatMatcher", &["basic", "best fit"])?;
        let styles = ["full", "long", "medium", "short"];
        let date_style = options.string("dateStyle", &styles)?;
        let time_style = options.string("timeStyle", &styles)?;
        if date_style.is_some() || time_style.is_some() {
            check_styles(
                &fields,
                date_style.is_some(),
                time_style.is_some(),
                required,
            )?;
        } else {
            add_default_fields(&mut fields, required, defaults);
        }
        if let Some(cycle) = &hour_cycle {
            set_keyword(&mut locale, "hc", cycle);
        }
        let calendar = keyword(&locale, "ca").unwrap_or_else(|| "gregory".into());
        let numbering_system = numbering_system(&locale);
        Ok(Self {
            locale,
            calendar,
            numbering_system,
            time_zone,
            zone,
            hour_cycle,
            date_style,
            time_style,
            fields,
        })
    }

    fn field(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    pub(super) fn call(&self, method: &str, args: &[Arg]) -> Result<Answer, IntlError> {
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
                Ok(Answer::String(if a == b {
                    a
                } else {
                    format!("{a} – {b}")
                }))
            }
            _ => Err(IntlError::typ(format!(
                "Intl.DateTimeFormat.prototype.{method} is not supported natively"
            ))),
        }
    }

    fn resolved(&self) -> Value {
        let mut o = Map::new();
        o.insert("locale".into(), self.locale.to_string().into());
        o.insert("calendar".into(), self.calendar.clone().into());
        o.insert(
            "numberingSystem".into(),
            self.numbering_system.clone().into(),
        );
        o.insert("timeZone".into(), self.time_zone.clone().into());
        let has_hour = self.field("hour").is_some() || self.time_style.is_some();
        if has_hour {
            let cycle = self
                .hour_cycle
                .clone()
                .unwrap_or_else(|| self.default_hour_cycle().into());
            o.insert("hourCycle".into(), cycle.clone().into());
            o.insert(
                "hour12".into(),
                Value::Bool(cycle == "h11" || cycle == "h12"),
            );
        }
        for (name, value) in &self.fields {
            if *name == "fractionalSecondDigits" {
                o.insert((*name).into(), value.parse::<u32>().unwrap_or(0).into());
            } else if *name == "hour" || *name == "minute" || *name == "second" {
                let v = if *name != "hour" && self.field("hour").is_some() {
                    "2-digit"
                } else {
                    value.as_str()
                };
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
        let region = self
            .locale
            .id
            .region
            .map(|r| r.to_string())
            .unwrap_or_default();
        match (language, region.as_str()) {
            ("en", "US" | "" | "IN" | "AU" | "CA" | "NZ" | "PH")
            | ("hi", _)
            | ("ar", _)
            | ("ko", _) => "h12",
            ("ja", _) if false => "h11",
            _ => "h23",
        }
    }

    /// V8's `format` writes a plain space where CLDR has a narrow no-break space (before AM/PM,
    /// in "г."); its `formatToParts` keeps it.
    pub(super) fn format(&self, time: f64) -> Result<String, IntlError> {
        Ok(text_of(self.format_parts(time)?).replace('\u{202f}', " "))
    }

    fn builder(&self) -> FieldSetBuilder {
        use icu_datetime::options::{Length, TimePrecision};
        if self.date_style.is_some() || self.time_style.is_some() {
            return self.style_builder();
        }
        let mut builder = FieldSetBuilder::new();
        self.set_date_fields(&mut builder);
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
        builder.zone_style = self.zone_style();
        if builder.zone_style.is_some() && builder.length.is_none() {
            builder.length = Some(Length::Short);
        }
        builder
    }

    /// The field set of `dateStyle` and `timeStyle`.
    fn style_builder(&self) -> FieldSetBuilder {
        use icu_datetime::fieldsets::builder::{DateFields, ZoneStyle};
        use icu_datetime::options::{Length, TimePrecision};
        let mut builder = FieldSetBuilder::new();
        let style_length = |style: &str| match style {
            "full" | "long" => Length::Long,
            "medium" => Length::Medium,
            _ => Length::Short,
        };
        if let Some(style) = &self.date_style {
            builder.date_fields = Some(if style == "full" {
                DateFields::YMDE
            } else {
                DateFields::YMD
            });
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
        builder
    }

    /// The date half of the component options: which fields, at what length, the year's style
    /// and the digits' alignment.
    fn set_date_fields(&self, builder: &mut FieldSetBuilder) {
        use icu_datetime::fieldsets::builder::DateFields;
        use icu_datetime::options::{Alignment, Length, YearStyle};
        let weekday = self.field("weekday");
        let year = self.field("year");
        let month = self.field("month");
        let day = self.field("day");
        builder.date_fields = match (
            year.is_some(),
            month.is_some(),
            day.is_some(),
            weekday.is_some(),
        ) {
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
            (Some("short"), _) if self.spelled_short_month() => Length::Long,
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
    }

    /// `timeZoneName` as a zone style.
    fn zone_style(&self) -> Option<icu_datetime::fieldsets::builder::ZoneStyle> {
        use icu_datetime::fieldsets::builder::ZoneStyle;
        match self.field("timeZoneName") {
            Some("short") => Some(ZoneStyle::SpecificShort),
            Some("long") => Some(ZoneStyle::SpecificLong),
            Some("shortOffset") => Some(ZoneStyle::LocalizedOffsetShort),
            Some("longOffset") => Some(ZoneStyle::LocalizedOffsetLong),
            Some("shortGeneric") => Some(ZoneStyle::GenericShort),
            Some("longGeneric") => Some(ZoneStyle::GenericLong),
            _ => None,
        }
    }

    /// `month: "short"` beside a day where V8's `yMMMd` spells the month and ICU4X's medium
    /// length writes it as a number: German (`d. MMM y` against `dd.MM.y`) and Japanese
    /// (`y年M月d日` against `y/MM/dd`). Those take the long length, its names shortened (a
    /// Japanese short weekday is `(土)` where the long one is `土曜日`).
    fn spelled_short_month(&self) -> bool {
        let day = self.field("day").is_some();
        match self.locale.id.language.as_str() {
            "de" => day,
            "ja" => day,
            _ => false,
        }
    }

    fn format_parts(&self, time: f64) -> Result<Parts, IntlError> {
        let millis = time as i64;
        let timestamp = jiff::Timestamp::from_millisecond(millis)
            .map_err(|_| IntlError::range("Invalid time value"))?;
        let zoned = timestamp.to_zoned(self.zone.clone());
        let builder = self.builder();
        let mut parts = self.formatted_parts(&builder, &zoned)?;
        if builder.date_fields == Some(icu_datetime::fieldsets::builder::DateFields::E)
            && builder.time_precision.is_some()
        {
            self.pad_weekday_time(&builder, &zoned, &mut parts)?;
        }
        self.write_as_v8(&mut parts);
        let language = self.locale.id.language.as_str();
        if language == "ja"
            && matches!(self.field("weekday"), Some("short" | "narrow"))
            && self.spelled_short_month()
        {
            parts = japanese_short_weekday(parts);
        }
        Ok(parts)
    }

    /// `zoned` formatted by `builder`'s fields, in one piece where ICU4X's field sets can.
    fn formatted_parts(
        &self,
        builder: &FieldSetBuilder,
        zoned: &jiff::Zoned,
    ) -> Result<Parts, IntlError> {
        use icu_datetime::options::Length;
        let with_time = builder.date_fields.is_some() && builder.time_precision.is_some();
        // A weekday beside an hour alone: ICU4X 2.3's pattern for it in 24-hour locales asks for
        // day-period names it did not load (its debug builds panic, release builds write U+FFFD),
        // so the two halves are formatted apart.
        let weekday_hour = builder.date_fields
            == Some(icu_datetime::fieldsets::builder::DateFields::E)
            && builder.time_precision == Some(icu_datetime::options::TimePrecision::Hour);
        Ok(match builder.clone().build_composite() {
            // The long length taken for a short month keeps the medium length's joining words.
            Ok(_) if with_time && self.spelled_short_month() => {
                self.joined_parts(builder, Length::Medium, zoned)?
            }
            // V8 joins them with the short length's words whatever the weekday's width.
            Ok(_) if weekday_hour => self.joined_parts(builder, Length::Short, zoned)?,
            Ok(fieldset) => self.parts_for(fieldset, zoned)?,
            // A year or a month alone beside a time (`toLocaleTimeString` with `month: "long"`),
            // which ICU4X's field sets do not combine: each half alone, joined as the locale joins
            // a full date to that time.
            Err(_) if with_time => {
                self.joined_parts(builder, builder.length.unwrap_or(Length::Short), zoned)?
            }
            Err(e) => return Err(unsupported(e)),
        })
    }

    /// ICU4X writes a weekday's time unpadded (`Wednesday 2:5:8 PM`); V8 writes the time as the
    /// time alone would be.
    fn pad_weekday_time(
        &self,
        builder: &FieldSetBuilder,
        zoned: &jiff::Zoned,
        parts: &mut Parts,
    ) -> Result<(), IntlError> {
        let alone = self.parts_for(
            Self::time_half(builder)
                .build_composite()
                .map_err(unsupported)?,
            zoned,
        )?;
        for (kind, text) in parts {
            if let Some((_, written)) = alone.iter().find(|(k, _)| k == kind && is_time_part(k)) {
                text.clone_from(written);
            }
        }
        Ok(())
    }

    /// The digits and names V8 writes where ICU4X's differ.
    fn write_as_v8(&self, parts: &mut Parts) {
        let language = self.locale.id.language.as_str();
        for (kind, text) in parts {
            match kind.as_str() {
                // `day`/`month: "numeric"`: V8 matches CLDR's `yMd` skeleton, ICU4X's field sets
                // use the locale's short date pattern. They differ (`d.M.y` against `dd.MM.yy`)
                // for German and Japanese among the common locales; elsewhere both pad alike
                // (en-GB `dd/MM/y`).
                "day" | "month"
                    if self.date_style.is_none()
                        && (language == "de" || language == "ja")
                        && self.field(kind) == Some("numeric")
                        && text.len() == 2
                        && text.starts_with('0') =>
                {
                    text.remove(0);
                }
                "hour" if self.field("hour") == Some("2-digit") && text.len() == 1 => {
                    text.insert(0, '0')
                }
                "month"
                    if language == "de"
                        && self.field("month") == Some("short")
                        && self.spelled_short_month() =>
                {
                    if let Some(i) = GERMAN_MONTHS.iter().position(|m| m == text) {
                        *text = GERMAN_MONTHS_SHORT[i].to_string();
                    }
                }
                "weekday"
                    if language == "de"
                        && self.field("weekday") == Some("short")
                        && self.spelled_short_month() =>
                {
                    if let Some(i) = GERMAN_WEEKDAYS.iter().position(|d| d == text) {
                        *text = GERMAN_WEEKDAYS_SHORT[i].to_string();
                    }
                }
                _ => {}
            }
        }
    }

    fn parts_for(
        &self,
        fieldset: icu_datetime::fieldsets::enums::CompositeFieldSet,
        zoned: &jiff::Zoned,
    ) -> Result<Parts, IntlError> {
        let formatter = icu_datetime::DateTimeFormatter::try_new((&self.locale).into(), fieldset)
            .map_err(|e| IntlError::range(format!("no date data: {e}")))?;
        let formatted = formatter.format(zoned);
        Ok(parts_in(&formatted, Some("datetime"), &|text, out| {
            out.push(("literal".into(), text.to_string()))
        }))
    }

    /// `builder` without its date fields.
    fn time_half(
        builder: &icu_datetime::fieldsets::builder::FieldSetBuilder,
    ) -> icu_datetime::fieldsets::builder::FieldSetBuilder {
        let mut time = builder.clone();
        time.date_fields = None;
        time.year_style = None;
        time.alignment = None;
        time
    }

    /// The date half and the time half of `builder` formatted apart and joined by the words the
    /// locale puts between a full date and the same time at length `glue` (`" at "`, `", "`,
    /// `" um "`): what formatting that combination writes around the two halves.
    fn joined_parts(
        &self,
        builder: &icu_datetime::fieldsets::builder::FieldSetBuilder,
        glue: icu_datetime::options::Length,
        zoned: &jiff::Zoned,
    ) -> Result<Parts, IntlError> {
        use icu_datetime::fieldsets::builder::DateFields;
        let mut date_half = builder.clone();
        date_half.time_precision = None;
        date_half.zone_style = None;
        let date = self.parts_for(date_half.build_composite().map_err(unsupported)?, zoned)?;
        let time_half = Self::time_half(builder);
        let time = self.parts_for(
            time_half.clone().build_composite().map_err(unsupported)?,
            zoned,
        )?;
        let mut probe_date = FieldSetBuilder::new();
        probe_date.date_fields = Some(DateFields::YMD);
        probe_date.length = Some(glue);
        let mut probe_time = time_half;
        probe_time.length = Some(glue);
        let mut probe_whole = probe_time.clone();
        probe_whole.date_fields = Some(DateFields::YMD);
        let text = |b: FieldSetBuilder| -> Result<String, IntlError> {
            Ok(text_of(self.parts_for(
                b.build_composite().map_err(unsupported)?,
                zoned,
            )?))
        };
        let (whole, date_text, time_text) =
            (text(probe_whole)?, text(probe_date)?, text(probe_time)?);
        let literal = |s: &str| vec![("literal".to_string(), s.to_string())];
        Ok(
            if let Some(between) = whole
                .strip_prefix(&date_text)
                .and_then(|rest| rest.strip_suffix(&time_text))
            {
                [date, literal(between), time].concat()
            } else if let Some(between) = whole
                .strip_prefix(&time_text)
                .and_then(|rest| rest.strip_suffix(&date_text))
            {
                [time, literal(between), date].concat()
            } else {
                [date, literal(" "), time].concat()
            },
        )
    }
}

/// `hourCycle`, which `hour12` overrides when given.
fn read_hour_cycle(options: &Options<'_>) -> Result<Option<String>, IntlError> {
    let hour12 = options.bool("hour12");
    let mut hour_cycle = options.string("hourCycle", &["h11", "h12", "h23", "h24"])?;
    if let Some(twelve) = hour12 {
        hour_cycle = Some(if twelve { "h12".into() } else { "h23".into() });
    }
    Ok(hour_cycle)
}

/// `timeZone`: its canonical name (`UTC` for any spelling of it) and the zone.
fn read_time_zone(options: &Options<'_>) -> Result<(String, jiff::tz::TimeZone), IntlError> {
    let time_zone = options.string_or("timeZone", &[], DEFAULT_TIME_ZONE)?;
    let zone = if time_zone.eq_ignore_ascii_case("UTC") {
        jiff::tz::TimeZone::UTC
    } else {
        jiff::tz::TimeZone::get(&time_zone)
            .map_err(|_| IntlError::range(format!("Invalid time zone specified: {time_zone}")))?
    };
    let time_zone =
        if time_zone.eq_ignore_ascii_case("UTC") || time_zone.eq_ignore_ascii_case("Etc/UTC") {
            "UTC".to_string()
        } else {
            zone.iana_name().map(str::to_string).unwrap_or(time_zone)
        };
    Ok((time_zone, zone))
}

/// The component options given ([`DATE_FIELDS`], in that order).
fn read_fields(options: &Options<'_>) -> Result<Vec<(&'static str, String)>, IntlError> {
    let mut fields = Vec::new();
    for (name, allowed) in DATE_FIELDS {
        if name == "fractionalSecondDigits" {
            if let Some(n) = options.number(name, 1, 3)? {
                fields.push((name, n.to_string()));
            }
        } else if let Some(value) = options.string(name, allowed)? {
            fields.push((name, value));
        }
    }
    Ok(fields)
}

/// A `dateStyle` or `timeStyle` excludes the component options, and what the method formats
/// may exclude the other style.
fn check_styles(
    fields: &[(&'static str, String)],
    date_style: bool,
    time_style: bool,
    required: Required,
) -> Result<(), IntlError> {
    if let Some((name, _)) = fields.first() {
        let which = if date_style { "dateStyle" } else { "timeStyle" };
        return Err(IntlError::typ(format!(
            "Can't set option {name} when {which} is used"
        )));
    }
    // ECMA-402 ToDateTimeOptions: `toLocaleDateString` refuses a `timeStyle` and
    // `toLocaleTimeString` a `dateStyle`, even beside the other style.
    if required == Required::Time && date_style {
        return Err(IntlError::typ("Invalid option : dateStyle"));
    }
    if required == Required::Date && time_style {
        return Err(IntlError::typ("Invalid option : timeStyle"));
    }
    Ok(())
}

/// ECMA-402 ToDateTimeOptions: without the fields the method `required`, the numeric date
/// and/or time its `defaults` name.
fn add_default_fields(
    fields: &mut Vec<(&'static str, String)>,
    required: Required,
    defaults: Defaults,
) {
    let has = |names: &[&str]| fields.iter().any(|(name, _)| names.contains(name));
    let need_date = matches!(required, Required::Date | Required::Any)
        && has(&["weekday", "year", "month", "day"]);
    let need_time = matches!(required, Required::Time | Required::Any)
        && has(&[
            "dayPeriod",
            "hour",
            "minute",
            "second",
            "fractionalSecondDigits",
        ]);
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

fn unsupported(e: icu_datetime::fieldsets::builder::BuilderError) -> IntlError {
    IntlError::range(format!("unsupported date fields: {e:?}"))
}

/// The parts of a formatted time (the rest are the date's, and literals).
fn is_time_part(kind: &str) -> bool {
    matches!(
        kind,
        "hour" | "minute" | "second" | "fractionalSecond" | "dayPeriod" | "timeZoneName"
    )
}

/// CLDR's German month and weekday names, wide and abbreviated (format context): what V8 writes
/// for `month: "short"`/`weekday: "short"` where ICU4X's long length wrote the wide name.
const GERMAN_MONTHS: [&str; 12] = [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
];
const GERMAN_MONTHS_SHORT: [&str; 12] = [
    "Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez.",
];
const GERMAN_WEEKDAYS: [&str; 7] = [
    "Sonntag",
    "Montag",
    "Dienstag",
    "Mittwoch",
    "Donnerstag",
    "Freitag",
    "Samstag",
];
const GERMAN_WEEKDAYS_SHORT: [&str; 7] = ["So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."];

/// A Japanese short weekday in brackets, `土曜日` → `(土)`: the long length taken for a short
/// month wrote the long weekday.
fn japanese_short_weekday(parts: Parts) -> Parts {
    parts
        .into_iter()
        .flat_map(|(kind, text)| match text.strip_suffix("曜日") {
            Some(day) if kind == "weekday" => vec![
                ("literal".into(), "(".into()),
                (kind, day.to_string()),
                ("literal".into(), ")".into()),
            ],
            _ => vec![(kind, text)],
        })
        .collect()
}
