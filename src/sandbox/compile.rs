//! Compiling model code: the wrapper around the script, and the nesting check before the parser.

use std::path::Path;

use boa_engine::builtins::function::OrdinaryFunction;
use boa_engine::{Context, JsObject, Script, Source};

use crate::error::RunCode;
use crate::model::ErrorInfo;

use super::*;

/// Compiles model code into an `async function (input)`. The code is a function body (`return`
/// and top-level `await` work), or an expression: a bare value (a trailing `;` is fine), or a
/// function (an `async () => {...}` arrow) that is then called. The wrapper adds no line before
/// the code, so line numbers in errors are the script's own. Its `this` is `undefined`, as at the
/// top level of the Workers runtime's module code.
pub(super) fn compile_script(
    context: &mut Context,
    code: &str,
    path: &str,
) -> Result<JsObject, ErrorInfo> {
    let path = Path::new(path);
    let expression_code = code.trim_end().trim_end_matches(';');
    let expression = format!(
        "(async function (input) {{ const __codemode_value = ({expression_code}\n); return typeof __codemode_value === \"function\" ? await __codemode_value(input) : __codemode_value; }})"
    );
    let body = format!("(async function (input) {{{code}\n}})");
    // One parse for code in the expression form, two for a body: each form is parsed once and
    // its tree checked before it is compiled and run.
    let parse = |context: &mut Context, source: &str| {
        Script::parse(Source::from_bytes(source).with_path(path), None, context)
    };
    let (script, source) = match parse(context, &expression) {
        Ok(script) if is_one_function(&script) => (script, expression),
        _ => {
            let script = parse(context, &body).map_err(|e| {
                ErrorInfo::run(RunCode::SyntaxError, v8_syntax_error(&body, &e.to_string()))
            })?;
            if !is_one_function(&script) {
                // Code that closes the wrapper to run at the top level.
                return Err(ErrorInfo::run(
                    RunCode::SyntaxError,
                    "SyntaxError: unbalanced `}` or `)`: the code must be a function body or an expression",
                ));
            }
            (script, body)
        }
    };
    // Compiling the tree finds the early errors the parser leaves (a name declared twice).
    let function = script.evaluate(context).map_err(|e| {
        ErrorInfo::run(
            RunCode::SyntaxError,
            v8_syntax_error(&source, &e.to_string()),
        )
    })?;
    let function = function
        .as_callable()
        .ok_or_else(|| internal("compiled script is not a function"))?;
    // The script's top-level `this` is `undefined`, as in the Workers runtime (an async function
    // in module code): the wrapper stays sloppy, but is called as a strict function is.
    if let Some(ordinary) = function.downcast_ref::<OrdinaryFunction>() {
        ordinary.codeblock().set_strict_this();
    }
    Ok(function)
}

/// `true` if `script` (not compiled yet) is exactly one parenthesised async function
/// expression, so the code inside cannot have closed the wrapper and reopened another.
pub(super) fn is_one_function(script: &Script) -> bool {
    use boa_engine::ast::{Expression, Statement, StatementListItem};
    script
        .inspect_ast(|ast| match ast.statements().statements() {
            [StatementListItem::Statement(statement)] => match statement.as_ref() {
                Statement::Expression(Expression::Parenthesized(inner)) => {
                    matches!(inner.expression(), Expression::AsyncFunctionExpression(_))
                }
                _ => false,
            },
            _ => false,
        })
        .unwrap_or(false)
}

/// The parser's error as V8 words it, with the line as the sandbox's other errors give it:
/// "SyntaxError: Invalid regular expression: /(/: Unterminated group (line 1)" for the parser's
/// "SyntaxError: Invalid regular expression literal: Unterminated group at line 1, col 33
/// (native)" (the literal read from the source at that position), and V8's capital in
/// "Invalid Unicode escape sequence". The wrapper adds no line, so the line is the script's.
fn v8_syntax_error(source: &str, text: &str) -> String {
    let text = text.strip_suffix(" (native)").unwrap_or(text);
    let Some((message, position)) = text.rsplit_once(" at line ") else {
        return text.to_string();
    };
    let Some((line, column)) = position
        .split_once(", col ")
        .and_then(|(l, c)| Some((l.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
    else {
        return text.to_string();
    };
    let message = if let Some(reason) =
        message.strip_prefix("SyntaxError: Invalid regular expression literal: ")
    {
        match regex_literal_at(source, line, column) {
            Some(literal) => {
                format!("SyntaxError: Invalid regular expression: {literal}: {reason}")
            }
            None => format!("SyntaxError: Invalid regular expression: {reason}"),
        }
    } else if message == "SyntaxError: invalid Unicode escape sequence" {
        "SyntaxError: Invalid Unicode escape sequence".to_string()
    } else {
        message.to_string()
    };
    format!("{message} (line {line})")
}

/// The regular expression literal (`/(/g`) starting at 1-based `line` and `column` of `source`.
fn regex_literal_at(source: &str, line: usize, column: usize) -> Option<String> {
    let text = source.lines().nth(line.checked_sub(1)?)?;
    let rest: String = text.chars().skip(column.checked_sub(1)?).collect();
    let mut chars = rest.chars();
    if chars.next()? != '/' {
        return None;
    }
    let (mut literal, mut in_class, mut escaped) = (String::from("/"), false, false);
    for c in chars.by_ref() {
        literal.push(c);
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '[' => in_class = true,
            ']' => in_class = false,
            '/' if !in_class => {
                let flags: String = rest[literal.len()..]
                    .chars()
                    .take_while(char::is_ascii_alphabetic)
                    .collect();
                return Some(literal + &flags);
            }
            _ => {}
        }
    }
    None
}
