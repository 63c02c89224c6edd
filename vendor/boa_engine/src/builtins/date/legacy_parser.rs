//! codemode-runtime patch: the date strings V8 accepts besides the Date Time String Format.
//!
//! `Date.parse` may accept any implementation-specific format once the [Date Time String
//! Format][spec-format] fails to parse. Code written for browsers and Node relies on what V8
//! accepts there (`"2024-03-15 10:30:00"`, `"03/15/2024"`, `"Mar 15, 2024"`,
//! `"Fri, 15 Mar 2024 10:30:00 GMT"`, `"Fri Mar 15 2024 10:30:00 GMT+0100 (Central European
//! Standard Time)"`, ...), so this module follows V8's date parser (`src/date/dateparser*` in V8)
//! for what it accepts, what it rejects, and what it makes of it:
//!
//! 1. The string is cut into tokens: numbers (every digit counts toward the length, the first 9
//!    toward the value), the symbols `:` `-` `+` `.` `)`, words (runs of characters from `A`
//!    on, which includes every non-ASCII character; a word is known by its first three letters,
//!    case-insensitive: month names, which may be longer, `am`/`pm`, the zone names `ut`, `utc`,
//!    `gmt`, `z` and the US zones `est`/`edt`/`cst`/`cdt`/`mst`/`mdt`/`pst`/`pdt`, and `t`),
//!    white space, parenthesized text (skipped as one unknown token) and single unknown
//!    characters. A NUL code unit ends the string.
//! 2. As much as possible is read as an ISO date (`[+-]yyyyyy` or `yyyy`, `-MM`, `-DD`, then `T`
//!    and a time with `hh:mm` or `hhmm` offsets and any number of fraction digits). A complete
//!    ISO string is done there (date-only forms are UTC, date-time forms local time); an invalid
//!    time after `T` is an error; anything else continues below with what was read.
//! 3. The legacy rules: a number followed by `:` is a time field (`::` adds a zero second); a
//!    number followed by `.` that a time expects is seconds followed by milliseconds; a number
//!    that an open offset (`+01:`) or time expects completes it; any other number is a day field.
//!    A month name is the month; `am`/`pm` after a time sets the half of the day; a zone name
//!    after a number sets the offset; `+`/`-` after a time or a zero offset starts an offset
//!    (`+1`, `+01`, `+100`, `+0100`, `+01:`). Before the first number any unknown word is
//!    ignored; after it, an unknown word, a stray sign or a `)` makes the string invalid.
//! 4. Day fields are read as year-month-day when the first is not a valid day (1-31), otherwise
//!    as month-day-year; with a month name, as day-year when the first is a valid day, otherwise
//!    year-day. A missing field is 1 (a missing year too, which makes it 2001); outside ISO
//!    dates years 0-49 are 2000-2049 and 50-99 are 1950-1999. Without an offset the time is local
//!    time.
//!
//! [spec-format]: https://tc39.es/ecma262/#sec-date-time-string-format

use super::utils::{make_date, make_day, make_time, time_clip, utc_t};
use crate::context::HostHooks;

/// Digits of a number that count toward its value; the rest only count toward its length.
const MAX_SIGNIFICANT_DIGITS: usize = 9;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Word {
    /// A month, 1-12.
    Month(i32),
    /// `am` (0) or `pm` (12).
    AmPm(i32),
    /// A zone name with its offset in hours.
    Zone(i32),
    /// `t`, between an ISO date and its time.
    TimeSeparator,
    /// Any other word.
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    Number { value: i32, length: usize },
    Symbol(u16),
    Word { word: Word, length: usize },
    WhiteSpace,
    Unknown,
    End,
    /// Only returned by the ISO stage: the string cannot be a date.
    Invalid,
}

impl Token {
    fn is_number(self) -> bool {
        matches!(self, Self::Number { .. })
    }

    fn is_number_of_length(self, digits: usize) -> bool {
        matches!(self, Self::Number { length, .. } if length == digits)
    }

    fn number(self) -> i32 {
        match self {
            Self::Number { value, .. } => value,
            _ => 0,
        }
    }

    fn is_symbol(self, symbol: u8) -> bool {
        self == Self::Symbol(u16::from(symbol))
    }

    fn sign(self) -> Option<i32> {
        match self {
            Self::Symbol(c) if c == u16::from(b'+') => Some(1),
            Self::Symbol(c) if c == u16::from(b'-') => Some(-1),
            _ => None,
        }
    }

    /// `z` alone (not `ut`, `utc` or `gmt`).
    fn is_z(self) -> bool {
        self == Self::Word { word: Word::Zone(0), length: 1 }
    }
}

/// Words known by their first three letters (lower case, zero-padded).
const WORDS: [([u8; 3], Word); 27] = [
    (*b"jan", Word::Month(1)),
    (*b"feb", Word::Month(2)),
    (*b"mar", Word::Month(3)),
    (*b"apr", Word::Month(4)),
    (*b"may", Word::Month(5)),
    (*b"jun", Word::Month(6)),
    (*b"jul", Word::Month(7)),
    (*b"aug", Word::Month(8)),
    (*b"sep", Word::Month(9)),
    (*b"oct", Word::Month(10)),
    (*b"nov", Word::Month(11)),
    (*b"dec", Word::Month(12)),
    (*b"am\0", Word::AmPm(0)),
    (*b"pm\0", Word::AmPm(12)),
    (*b"ut\0", Word::Zone(0)),
    (*b"utc", Word::Zone(0)),
    (*b"z\0\0", Word::Zone(0)),
    (*b"gmt", Word::Zone(0)),
    (*b"cdt", Word::Zone(-5)),
    (*b"cst", Word::Zone(-6)),
    (*b"edt", Word::Zone(-4)),
    (*b"est", Word::Zone(-5)),
    (*b"mdt", Word::Zone(-6)),
    (*b"mst", Word::Zone(-7)),
    (*b"pdt", Word::Zone(-7)),
    (*b"pst", Word::Zone(-8)),
    (*b"t\0\0", Word::TimeSeparator),
];

fn lookup_word(prefix: [u32; 3], length: usize) -> Word {
    for (letters, word) in WORDS {
        let same = prefix.iter().zip(letters).all(|(a, b)| *a == u32::from(b));
        // Only month names may be longer than their three letters.
        if same && (length <= 3 || matches!(word, Word::Month(_))) {
            return word;
        }
    }
    Word::Other
}

const fn is_white_space(c: u16) -> bool {
    // Code units from `A` on are word characters, so only ASCII white space is left here.
    matches!(c, 0x09..=0x0D | 0x20)
}

struct Scanner<'a> {
    input: &'a [u16],
    position: usize,
    next: Token,
}

impl<'a> Scanner<'a> {
    fn new(input: &'a [u16]) -> Self {
        // A NUL code unit ends the string.
        let end = input.iter().position(|c| *c == 0).unwrap_or(input.len());
        let mut scanner = Self { input: &input[..end], position: 0, next: Token::End };
        scanner.next = scanner.scan();
        scanner
    }

    fn current(&self) -> Option<u16> {
        self.input.get(self.position).copied()
    }

    fn scan(&mut self) -> Token {
        let Some(c) = self.current() else { return Token::End };
        let start = self.position;
        if (u16::from(b'0')..=u16::from(b'9')).contains(&c) {
            let mut value: i32 = 0;
            while let Some(d) = self.current().filter(|d| (u16::from(b'0')..=u16::from(b'9')).contains(d)) {
                if self.position - start < MAX_SIGNIFICANT_DIGITS {
                    value = value * 10 + i32::from(d - u16::from(b'0'));
                }
                self.position += 1;
            }
            return Token::Number { value, length: self.position - start };
        }
        if [b':', b'-', b'+', b'.', b')'].iter().any(|s| u16::from(*s) == c) {
            self.position += 1;
            return Token::Symbol(c);
        }
        if c >= u16::from(b'A') {
            let mut prefix = [0u32; 3];
            while let Some(w) = self.current().filter(|w| *w >= u16::from(b'A')) {
                if let Some(slot) = prefix.get_mut(self.position - start) {
                    *slot = u32::from(w) | 0x20;
                }
                self.position += 1;
            }
            let length = self.position - start;
            return Token::Word { word: lookup_word(prefix, length), length };
        }
        self.position += 1;
        if is_white_space(c) {
            return Token::WhiteSpace;
        }
        if c == u16::from(b'(') {
            // Skip to the matching `)` (or the end).
            let mut depth = 1usize;
            while let Some(p) = self.current() {
                self.position += 1;
                if p == u16::from(b'(') {
                    depth += 1;
                } else if p == u16::from(b')') {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
        }
        Token::Unknown
    }

    fn peek(&self) -> Token {
        self.next
    }

    fn next(&mut self) -> Token {
        let token = self.next;
        self.next = self.scan();
        token
    }

    fn skip_symbol(&mut self, symbol: u8) -> bool {
        if self.next.is_symbol(symbol) {
            self.next = self.scan();
            true
        } else {
            false
        }
    }
}

const fn between(x: i32, low: i32, high: i32) -> bool {
    low <= x && x <= high
}
const fn is_month(x: i32) -> bool {
    between(x, 1, 12)
}
const fn is_day(x: i32) -> bool {
    between(x, 1, 31)
}
const fn is_hour(x: i32) -> bool {
    between(x, 0, 23)
}
const fn is_minute(x: i32) -> bool {
    between(x, 0, 59)
}
const fn is_millisecond(x: i32) -> bool {
    between(x, 0, 999)
}

/// The UTC offset read so far.
#[derive(Default)]
struct ZoneFields {
    sign: Option<i32>,
    hour: Option<i32>,
    minute: Option<i32>,
}

impl ZoneFields {
    fn set_hours(&mut self, offset: i32) {
        self.sign = Some(if offset < 0 { -1 } else { 1 });
        self.hour = Some(offset.abs());
        self.minute = Some(0);
    }
    fn expects(&self, n: i32) -> bool {
        self.hour.is_some() && self.minute.is_none() && is_minute(n)
    }
    fn is_utc(&self) -> bool {
        self.hour == Some(0) && self.minute == Some(0)
    }
    fn is_empty(&self) -> bool {
        self.hour.is_none()
    }
    /// The offset in seconds east of UTC, `Ok(None)` for local time, `Err` if out of range.
    fn seconds(&self) -> Result<Option<i32>, ()> {
        let Some(sign) = self.sign else { return Ok(None) };
        // The fields are below 10^9; the sum is computed the way V8 computes it (unsigned,
        // wrapping), then must fit an i32.
        let hour = self.hour.unwrap_or(0) as u32;
        let minute = self.minute.unwrap_or(0) as u32;
        let total = hour.wrapping_mul(3600).wrapping_add(minute.wrapping_mul(60));
        let total = i32::try_from(total).map_err(|_| ())?;
        Ok(Some(total * sign))
    }
}

/// Hour, minute, second and millisecond read so far.
#[derive(Default)]
struct TimeFields {
    fields: [i32; 4],
    count: usize,
    hour_offset: Option<i32>,
}

impl TimeFields {
    fn is_empty(&self) -> bool {
        self.count == 0
    }
    fn expects(&self, n: i32) -> bool {
        match self.count {
            1 => is_minute(n),
            2 => is_minute(n),
            3 => is_millisecond(n),
            _ => false,
        }
    }
    fn add(&mut self, n: i32) -> bool {
        match self.fields.get_mut(self.count) {
            Some(slot) => {
                *slot = n;
                self.count += 1;
                true
            }
            None => false,
        }
    }
    fn add_final(&mut self, n: i32) -> bool {
        if !self.add(n) {
            return false;
        }
        self.count = self.fields.len();
        true
    }
    /// `[hour, minute, second, millisecond]`, or `None` if out of range.
    fn resolve(&self) -> Option<[i32; 4]> {
        let mut fields = [0; 4];
        fields[..self.count].copy_from_slice(&self.fields[..self.count]);
        let [mut hour, minute, second, millisecond] = fields;
        if let Some(offset) = self.hour_offset {
            if !between(hour, 0, 12) {
                return None;
            }
            hour = hour % 12 + offset;
        }
        let in_range = is_hour(hour) && is_minute(minute) && is_minute(second) && is_millisecond(millisecond);
        // Hour 24 is only midnight at the end of the day.
        if !in_range && (hour != 24 || minute != 0 || second != 0 || millisecond != 0) {
            return None;
        }
        Some([hour, minute, second, millisecond])
    }
}

/// Year, month and day numbers read so far.
#[derive(Default)]
struct DayFields {
    fields: [i32; 3],
    count: usize,
    named_month: Option<i32>,
    iso: bool,
}

impl DayFields {
    fn is_empty(&self) -> bool {
        self.count == 0
    }
    fn add(&mut self, n: i32) -> bool {
        match self.fields.get_mut(self.count) {
            Some(slot) => {
                *slot = n;
                self.count += 1;
                true
            }
            None => false,
        }
    }
    /// `[year, month (1-12), day]`, or `None` if there is no day or it is out of range.
    fn resolve(&self) -> Option<[i32; 3]> {
        if self.count == 0 {
            return None;
        }
        // Missing fields are 1, a missing year included (so `"3/15"` and `"Mar 15"` are in 2001).
        let mut c = [1; 3];
        c[..self.count].copy_from_slice(&self.fields[..self.count]);
        let (mut year, month, day) = match self.named_month {
            None if self.iso || !is_day(c[0]) => (c[0], c[1], c[2]),
            None => (c[2], c[0], c[1]),
            Some(month) if !is_day(c[0]) => (c[0], month, c[1]),
            Some(month) => (c[1], month, c[0]),
        };
        if !self.iso {
            if between(year, 0, 49) {
                year += 2000;
            } else if between(year, 50, 99) {
                year += 1900;
            }
        }
        (is_month(month) && is_day(day)).then_some([year, month, day])
    }
}

/// The first three significant digits of a fraction of a second, as milliseconds.
fn milliseconds(token: Token) -> i32 {
    let Token::Number { value, length } = token else { return 0 };
    match length.min(MAX_SIGNIFICANT_DIGITS) {
        0 => 0,
        1 => value * 100,
        2 => value * 10,
        length => value / 10i32.pow(u32::try_from(length - 3).unwrap_or(0)),
    }
}

/// Reads the ISO prefix of the string (step 2 of the module's description). Returns the token the
/// legacy rules go on with, `Token::End` if the whole string was an ISO date, or `Token::Invalid`.
fn parse_iso(scanner: &mut Scanner<'_>, day: &mut DayFields, time: &mut TimeFields, zone: &mut ZoneFields) -> Token {
    if let Some(sign) = scanner.peek().sign() {
        // The sign goes back to the legacy rules if it does not start an extended year.
        let sign_token = scanner.next();
        if !scanner.peek().is_number_of_length(6) {
            return sign_token;
        }
        let year = scanner.next().number();
        if sign < 0 && year == 0 {
            return sign_token;
        }
        day.add(sign * year);
    } else if scanner.peek().is_number_of_length(4) {
        day.add(scanner.next().number());
    } else {
        return scanner.next();
    }
    if scanner.skip_symbol(b'-') {
        if !scanner.peek().is_number_of_length(2) || !is_month(scanner.peek().number()) {
            return scanner.next();
        }
        day.add(scanner.next().number());
        if scanner.skip_symbol(b'-') {
            if !scanner.peek().is_number_of_length(2) || !is_day(scanner.peek().number()) {
                return scanner.next();
            }
            day.add(scanner.next().number());
        }
    }
    if matches!(scanner.peek(), Token::Word { word: Word::TimeSeparator, .. }) {
        scanner.next();
        if !scanner.peek().is_number_of_length(2) || !between(scanner.peek().number(), 0, 24) {
            return Token::Invalid;
        }
        let hour_is_24 = scanner.peek().number() == 24;
        time.add(scanner.next().number());
        if !scanner.skip_symbol(b':') {
            return Token::Invalid;
        }
        let zero_after_24 = |n: i32| !hour_is_24 || n == 0;
        let minute = scanner.peek();
        if !minute.is_number_of_length(2) || !is_minute(minute.number()) || !zero_after_24(minute.number()) {
            return Token::Invalid;
        }
        time.add(scanner.next().number());
        if scanner.skip_symbol(b':') {
            let second = scanner.peek();
            if !second.is_number_of_length(2) || !is_minute(second.number()) || !zero_after_24(second.number()) {
                return Token::Invalid;
            }
            time.add(scanner.next().number());
            if scanner.skip_symbol(b'.') {
                let fraction = scanner.peek();
                if !fraction.is_number() || !zero_after_24(fraction.number()) {
                    return Token::Invalid;
                }
                // Any number of digits.
                time.add(milliseconds(scanner.next()));
            }
        }
        if scanner.peek().is_z() {
            scanner.next();
            zone.set_hours(0);
        } else if let Some(sign) = scanner.peek().sign() {
            scanner.next();
            zone.sign = Some(sign);
            let next = scanner.peek();
            if next.is_number_of_length(4) {
                // `hhmm`.
                let (hour, minute) = (next.number() / 100, next.number() % 100);
                if !is_hour(hour) || !is_minute(minute) {
                    return Token::Invalid;
                }
                scanner.next();
                zone.hour = Some(hour);
                zone.minute = Some(minute);
            } else {
                // `hh:mm`.
                if !next.is_number_of_length(2) || !is_hour(next.number()) {
                    return Token::Invalid;
                }
                zone.hour = Some(scanner.next().number());
                if !scanner.skip_symbol(b':') {
                    return Token::Invalid;
                }
                let minute = scanner.peek();
                if !minute.is_number_of_length(2) || !is_minute(minute.number()) {
                    return Token::Invalid;
                }
                zone.minute = Some(scanner.next().number());
            }
        }
        if scanner.peek() != Token::End {
            return Token::Invalid;
        }
    } else if scanner.peek() != Token::End {
        return scanner.next();
    }
    // A complete ISO string: date-only forms are UTC, date-time forms local time.
    if zone.is_empty() && time.is_empty() {
        zone.set_hours(0);
    }
    day.iso = true;
    Token::End
}

/// Parses `input` (UTF-16 code units) as V8 does; `None` for an invalid date. The time value is
/// in milliseconds since the epoch, time-clipped.
pub(super) fn parse(input: &[u16], hooks: &dyn HostHooks) -> Option<i64> {
    let mut scanner = Scanner::new(input);
    let mut day = DayFields::default();
    let mut time = TimeFields::default();
    let mut zone = ZoneFields::default();

    let mut token = parse_iso(&mut scanner, &mut day, &mut time, &mut zone);
    if token == Token::Invalid {
        return None;
    }
    let mut has_read_number = !day.is_empty();
    while token != Token::End {
        match token {
            Token::Number { value: n, .. } => {
                has_read_number = true;
                if scanner.skip_symbol(b':') {
                    if scanner.skip_symbol(b':') {
                        // `n::` is hours and a zero minute.
                        if !time.is_empty() {
                            return None;
                        }
                        time.add(n);
                        time.add(0);
                    } else {
                        if !time.add(n) {
                            return None;
                        }
                        if scanner.peek().is_symbol(b'.') {
                            scanner.next();
                        }
                    }
                } else if scanner.skip_symbol(b'.') && time.expects(n) {
                    // Seconds, then milliseconds.
                    time.add(n);
                    let fraction = scanner.peek();
                    if !fraction.is_number() {
                        return None;
                    }
                    scanner.next();
                    time.add_final(milliseconds(fraction));
                } else if zone.expects(n) {
                    zone.minute = Some(n);
                } else if time.expects(n) {
                    time.add_final(n);
                    // The time must end here: end, white space, `z` or a sign.
                    let next = scanner.peek();
                    if next != Token::End && next != Token::WhiteSpace && !next.is_z() && next.sign().is_none() {
                        return None;
                    }
                } else {
                    if !day.add(n) {
                        return None;
                    }
                    scanner.skip_symbol(b'-');
                }
            }
            Token::Word { word, .. } => match word {
                Word::AmPm(offset) if !time.is_empty() => time.hour_offset = Some(offset),
                Word::Month(month) => {
                    day.named_month = Some(month);
                    scanner.skip_symbol(b'-');
                }
                Word::Zone(hours) if has_read_number => zone.set_hours(hours),
                _ => {
                    // Unknown words are only allowed before the first number, and not right
                    // before it.
                    if has_read_number || scanner.peek().is_number() {
                        return None;
                    }
                }
            },
            Token::Symbol(_) if token.sign().is_some() && (zone.is_utc() || !time.is_empty()) => {
                // An offset, after a time or a zero offset: `+1`, `+01`, `+100`, `+0100`, `+01:`.
                zone.sign = token.sign();
                let (mut n, mut length) = (0, 0);
                if let Token::Number { value, length: digits } = scanner.peek() {
                    scanner.next();
                    n = value;
                    length = digits;
                }
                has_read_number = true;
                if scanner.peek().is_symbol(b':') {
                    zone.hour = Some(n);
                    zone.minute = None;
                } else if length == 1 || length == 2 {
                    zone.hour = Some(n);
                    zone.minute = Some(0);
                } else if length == 3 || length == 4 {
                    zone.hour = Some(n / 100);
                    zone.minute = Some(n % 100);
                } else {
                    return None;
                }
            }
            Token::Symbol(_) if (token.sign().is_some() || token.is_symbol(b')')) && has_read_number => {
                return None;
            }
            // Other characters and white space are ignored.
            _ => {}
        }
        token = scanner.next();
    }

    let [year, month, date] = day.resolve()?;
    let [hour, minute, second, millisecond] = time.resolve()?;
    let offset = zone.seconds().ok()?;

    let day = make_day(f64::from(year), f64::from(month - 1), f64::from(date));
    let time = make_time(f64::from(hour), f64::from(minute), f64::from(second), f64::from(millisecond));
    let mut t = make_date(day, time);
    t = match offset {
        None => utc_t(t, hooks),
        Some(seconds) => t - f64::from(seconds) * 1000.0,
    };
    let t = time_clip(t);
    if t.is_finite() {
        #[allow(clippy::cast_possible_truncation)]
        Some(t as i64)
    } else {
        None
    }
}
