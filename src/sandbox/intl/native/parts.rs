//! `formatToParts`: what a formatter's output says about its pieces (ICU4X's `Writeable` parts),
//! and the splitting of the pieces it leaves unmarked.

use std::fmt;

use serde_json::{Map, Value};
use writeable::{Part, PartsWrite, Writeable};

use super::{json, Answer, IntlError};

/// `(type, text)` pieces of a formatted value, in order.
pub(super) type Parts = Vec<(String, String)>;

/// The text the pieces make up.
pub(super) fn text_of(parts: Parts) -> String {
    parts.into_iter().map(|(_, text)| text).collect()
}

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
    fn with_part(
        &mut self,
        part: Part,
        mut f: impl FnMut(&mut Self) -> fmt::Result,
    ) -> fmt::Result {
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
pub(super) fn parts_of(writeable: &impl Writeable, gap: &dyn Fn(&str, &mut Parts)) -> Parts {
    parts_in(writeable, None, gap)
}

/// [`parts_of`], where parts of `category` win over the parts nested in them (a date's `day` over
/// the digits' `integer`).
pub(super) fn parts_in(
    writeable: &impl Writeable,
    category: Option<&str>,
    gap: &dyn Fn(&str, &mut Parts),
) -> Parts {
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
    let mut out: Parts = Vec::new();
    let mut pending_gap = String::new();
    let mut last_range: Option<(usize, usize)> = None;
    for window in bounds.windows(2) {
        let (a, b) = (window[0], window[1]);
        let Some(piece) = text.get(a..b) else {
            continue;
        };
        let covering = || {
            sink.parts
                .iter()
                .filter(|(start, end, _)| *start <= a && b <= *end)
        };
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

pub(super) fn parts_json(
    parts: &[(String, String)],
    extra: Option<(&str, &str)>,
) -> Result<Answer, IntlError> {
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
pub(super) fn split_number_gap(text: &str, name: &str, decimal: char, out: &mut Parts) {
    let chars: Vec<char> = text.chars().collect();
    let mut in_fraction = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let digit = |c: char| c.is_numeric();
        let kind: &str = if digit(c) {
            if in_fraction {
                "fraction"
            } else {
                "integer"
            }
        } else if c == decimal
            && i > 0
            && digit(chars[i - 1])
            && chars.get(i + 1).is_some_and(|n| digit(*n))
        {
            in_fraction = true;
            "decimal"
        } else if i > 0
            && digit(chars[i - 1])
            && chars.get(i + 1).is_some_and(|n| digit(*n))
            && !in_fraction
        {
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
                    _ => {
                        !digit(n)
                            && !is_space(n)
                            && n != '-'
                            && n != '+'
                            && n != '%'
                            && n != '\u{2212}'
                    }
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
pub(super) fn split_gap(text: &str, name: &str, out: &mut Parts) {
    let mut current = String::new();
    let mut current_space = None;
    for c in text.chars() {
        let space = is_space(c);
        if current_space.is_some_and(|s| s != space) {
            let kind = if current_space == Some(true) {
                "literal"
            } else {
                name
            };
            out.push((kind.into(), std::mem::take(&mut current)));
        }
        current.push(c);
        current_space = Some(space);
    }
    if !current.is_empty() {
        let kind = if current_space == Some(true) {
            "literal"
        } else {
            name
        };
        out.push((kind.into(), current));
    }
}
