//! The reference's `normalizeCode`: model code of any usual shape turned into one async arrow
//! function an executor can call. A markdown fence is dropped; an arrow function stays as it is;
//! `export default` is unwrapped; a lone function declaration is called; otherwise the code
//! becomes the arrow's body, returning its last expression statement's value; code that does not
//! parse as a module becomes the body as it is (its syntax error is reported when it runs).
//! Parsed with the sandbox's own parser (acorn in the reference), so the shapes it sees are the
//! ones the sandbox will run.

use boa_engine::ast::declaration::ExportDeclaration;
use boa_engine::ast::{
    Declaration, Expression, ModuleItem, Position, Spanned, Statement, StatementListItem,
};
use boa_engine::interner::Interner;
use boa_engine::parser::Parser;
use boa_engine::Source;

/// What an empty program becomes.
const EMPTY: &str = "async () => {}";

/// The code as one async arrow function (see the module's doc).
pub fn normalize_code(code: &str) -> String {
    // A fence as the runtime removes it ([`crate::fence`]: any language tag, the closing fence
    // optional), a little more than the reference's rule.
    let Ok(unfenced) = crate::fence::strip(code) else {
        return EMPTY.to_string();
    };
    let source = unfenced.trim();
    if source.is_empty() {
        return EMPTY.to_string();
    }
    normalize_source(source)
}

/// `source` (trimmed, not empty) as an arrow function.
fn normalize_source(source: &str) -> String {
    let body = || format!("async () => {{\n{source}\n}}");
    match parsed(source, |items, interner| shaped(source, items, interner)) {
        Some(shaped) => shaped.unwrap_or_else(body),
        // boa 0.22 refuses `export default async () => ...`, which is valid: the exported code
        // is read on its own.
        None => match declared_text(source) {
            Some(inner) if !inner.is_empty() && parsed_ok(inner) => normalize_code(inner),
            _ => body(),
        },
    }
}

/// The arrow function of a program that parsed as `items`, unless it is only to be wrapped as
/// the body.
fn shaped(source: &str, items: &[ModuleItem], interner: &Interner) -> Option<String> {
    if let [only] = items {
        match only {
            ModuleItem::StatementListItem(StatementListItem::Statement(statement)) => {
                if let Statement::Expression(expression) = statement.as_ref() {
                    if is_arrow(expression) {
                        return Some(source.to_string());
                    }
                }
            }
            ModuleItem::ExportDeclaration(export) => {
                if let Some(normalized) = export_default(source, export) {
                    return Some(normalized);
                }
            }
            ModuleItem::StatementListItem(StatementListItem::Declaration(declaration)) => {
                if let Some(name) = function_name(declaration, interner) {
                    return Some(format!("async () => {{\n{source}\nreturn {name}();\n}}"));
                }
            }
            ModuleItem::ImportDeclaration(_) => {}
        }
    }
    let Some(ModuleItem::StatementListItem(StatementListItem::Statement(last))) = items.last()
    else {
        return None;
    };
    let Statement::Expression(expression) = last.as_ref() else {
        return None;
    };
    let (start, end) = extent(source, expression)?;
    let value = &source[start..end];
    Some(format!(
        "async () => {{\n{}return ({value})\n}}",
        &source[..start]
    ))
}

/// Where `expression`, the program's last statement, lies in `source` (byte offsets). A node's
/// own span can leave out a part (a call's starts at its arguments), so the extent is that of all
/// the nodes in it, and it is checked: the text must parse as one expression statement, with
/// nothing but `;` and comments after it. `None` when it cannot be found.
fn extent(source: &str, expression: &Expression) -> Option<(usize, usize)> {
    use boa_engine::ast::visitor::{VisitWith, Visitor};
    use std::ops::ControlFlow;

    /// The earliest start and the latest end of the spans visited.
    struct Extent(Option<(Position, Position)>);
    impl Extent {
        fn cover(&mut self, span: boa_engine::ast::Span) {
            let (start, end) = (span.start(), span.end());
            let key = |p: Position| (p.line_number(), p.column_number());
            self.0 = Some(match self.0 {
                None => (start, end),
                Some((a, b)) => (
                    if key(start) < key(a) { start } else { a },
                    if key(end) > key(b) { end } else { b },
                ),
            });
        }
    }
    impl<'ast> Visitor<'ast> for Extent {
        type BreakTy = ();
        fn visit_expression(&mut self, node: &'ast Expression) -> ControlFlow<()> {
            self.cover(node.span());
            node.visit_with(self)
        }
        fn visit_identifier(
            &mut self,
            node: &'ast boa_engine::ast::expression::Identifier,
        ) -> ControlFlow<()> {
            self.cover(node.span());
            ControlFlow::Continue(())
        }
    }

    let mut found = Extent(None);
    let _ = found.visit_expression(expression);
    let (start, end) = found.0?;
    let (start, end) = (offset(source, start)?, offset(source, end)?);
    if start > end {
        return None;
    }
    // A span can also end early (a computed member's leaves out its `]`): the closing brackets
    // after it are tried too.
    let closings = source[end..]
        .char_indices()
        .filter(|(_, c)| matches!(c, ']' | ')' | '}'))
        .map(|(at, _)| end + at + 1)
        .take(MAX_CLOSINGS);
    std::iter::once(end)
        .chain(closings)
        .find(|&end| is_whole_statement(source, start, end))
        .map(|end| (start, end))
}

/// How many closing brackets past a node's span are tried as the end of its statement.
const MAX_CLOSINGS: usize = 16;

/// `source[start..end]` is one expression statement, and only `;` and comments follow it.
fn is_whole_statement(source: &str, start: usize, end: usize) -> bool {
    let one_statement = parsed(&source[start..end], |items, _| {
        matches!(items, [ModuleItem::StatementListItem(StatementListItem::Statement(s))]
            if matches!(s.as_ref(), Statement::Expression(_)))
    });
    let rest = source[end..].trim_start().trim_start_matches(';');
    one_statement == Some(true) && parsed(rest, |items, _| items.is_empty()) == Some(true)
}

/// `read` of the items of `text` parsed as a module (and the names they use), if it parses.
fn parsed<T>(text: &str, read: impl FnOnce(&[ModuleItem], &Interner) -> T) -> Option<T> {
    let mut interner = Interner::default();
    let scope = boa_engine::ast::scope::Scope::new_global();
    let module = Parser::new(Source::from_bytes(text))
        .parse_module(&scope, &mut interner)
        .ok()?;
    Some(read(module.items().items(), &interner))
}

/// An arrow function, in parentheses or not (acorn drops them).
fn is_arrow(expression: &Expression) -> bool {
    match expression {
        Expression::ArrowFunction(_) | Expression::AsyncArrowFunction(_) => true,
        Expression::Parenthesized(inner) => is_arrow(inner.expression()),
        _ => false,
    }
}

/// `export default <declaration>`: an anonymous function is called, an anonymous class is the
/// value, anything else (a named function, an expression) is normalized in turn. `None` for an
/// export of another kind.
fn export_default(source: &str, export: &ExportDeclaration) -> Option<String> {
    let anonymous_function = match export {
        ExportDeclaration::DefaultFunctionDeclaration(_)
        | ExportDeclaration::DefaultGeneratorDeclaration(_)
        | ExportDeclaration::DefaultAsyncFunctionDeclaration(_)
        | ExportDeclaration::DefaultAsyncGeneratorDeclaration(_) => true,
        ExportDeclaration::DefaultClassDeclaration(_) => false,
        ExportDeclaration::DefaultAssignmentExpression(_) => {
            return Some(normalize_code(declared_text(source)?));
        }
        _ => return None,
    };
    let inner = declared_text(source)?;
    // An exported function or class that parses on its own has a name.
    if parsed_ok(inner) {
        return Some(normalize_code(inner));
    }
    let declared = anonymous_declaration(inner)?;
    Some(if anonymous_function {
        format!("async () => {{\nreturn ({declared})();\n}}")
    } else {
        format!("async () => {{\nreturn ({declared});\n}}")
    })
}

/// What follows `export default` in `source` (the whole program, comments allowed around the
/// keywords), without a final `;`.
fn declared_text(source: &str) -> Option<&str> {
    let rest = keyword(source, "export")?;
    let rest = keyword(rest, "default")?;
    Some(rest.trim_end().trim_end_matches(';').trim_end())
}

/// `text` after the keyword `word` (comments and white space before it), and the comments and
/// white space after it.
fn keyword<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let rest = skip_trivia(text).strip_prefix(word)?;
    let next = rest.chars().next();
    if next.is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '$')) {
        return None;
    }
    Some(skip_trivia(rest))
}

/// `text` without the white space and comments it starts with.
fn skip_trivia(mut text: &str) -> &str {
    loop {
        let trimmed = text.trim_start();
        text = if let Some(line) = trimmed.strip_prefix("//") {
            line.find(['\n', '\r', '\u{2028}', '\u{2029}'])
                .map_or("", |at| &line[at..])
        } else if let Some(block) = trimmed.strip_prefix("/*") {
            match block.find("*/") {
                Some(at) => &block[at + 2..],
                None => return trimmed,
            }
        } else {
            return trimmed;
        };
    }
}

/// An anonymous function or class declaration at the start of `text`, without what follows it
/// (comments, `;`): it ends at a `}`, the last one after which only those follow and before which
/// the text parses in parentheses.
fn anonymous_declaration(text: &str) -> Option<&str> {
    text.rmatch_indices('}')
        .take(MAX_CLOSINGS)
        .map(|(at, _)| text.split_at(at + 1))
        .find(|(declared, rest)| {
            let rest = rest.trim_start().trim_start_matches(';');
            parsed(rest, |items, _| items.is_empty()) == Some(true)
                && parsed_ok(&format!("({declared})"))
        })
        .map(|(declared, _)| declared)
}

/// `text` parses as a module.
fn parsed_ok(text: &str) -> bool {
    parsed(text, |_, _| ()).is_some()
}

/// The name of a function declaration (ordinary, async, generator), as the reference calls it.
fn function_name(declaration: &Declaration, interner: &Interner) -> Option<String> {
    let name = match declaration {
        Declaration::FunctionDeclaration(f) => f.name(),
        Declaration::AsyncFunctionDeclaration(f) => f.name(),
        Declaration::GeneratorDeclaration(f) => f.name(),
        Declaration::AsyncGeneratorDeclaration(f) => f.name(),
        _ => return None,
    };
    interner.resolve(name.sym()).map(|text| text.to_string())
}

/// The byte offset of a parser position (1-based line and column; columns count code points, and
/// lines end as the parser ends them: `\r\n`, `\r`, `\n`, U+2028, U+2029).
fn offset(source: &str, position: Position) -> Option<usize> {
    let (mut line, mut column) = (1u32, 1u32);
    let mut chars = source.char_indices().peekable();
    loop {
        if line == position.line_number() && column == position.column_number() {
            return Some(chars.peek().map_or(source.len(), |(at, _)| *at));
        }
        let (_, c) = chars.next()?;
        match c {
            '\r' => {
                if chars.peek().is_some_and(|(_, next)| *next == '\n') {
                    chars.next();
                }
                (line, column) = (line + 1, 1);
            }
            '\n' | '\u{2028}' | '\u{2029}' => (line, column) = (line + 1, 1),
            _ => column += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_become_one_arrow_function() {
        let cases = [
            ("async () => 1", "async () => 1"),
            ("(async () => 5)", "(async () => 5)"),
            ("```js\nx => x\n```", "x => x"),
            ("", EMPTY),
            (
                "const a = 2;\na * 21",
                "async () => {\nconst a = 2;\nreturn (a * 21)\n}",
            ),
            ("f(1);", "async () => {\nreturn (f(1))\n}"),
            (
                "a; x.y.z(1)[2] // done",
                "async () => {\na; return (x.y.z(1)[2])\n}",
            ),
            (
                "new Map([[1, 'a']]).get(1)",
                "async () => {\nreturn (new Map([[1, 'a']]).get(1))\n}",
            ),
            (
                "await f(`t${1}`)",
                "async () => {\nreturn (await f(`t${1}`))\n}",
            ),
            ("-a + !b", "async () => {\nreturn (-a + !b)\n}"),
            ("(1, 2)", "async () => {\nreturn ((1, 2))\n}"),
            ("x[2]", "async () => {\nreturn (x[2])\n}"),
            ("o[k][j];", "async () => {\nreturn (o[k][j])\n}"),
            ("'s'", "async () => {\nreturn ('s')\n}"),
            ("({ a: 1 })", "async () => {\nreturn (({ a: 1 }))\n}"),
            (
                "function main() {}",
                "async () => {\nfunction main() {}\nreturn main();\n}",
            ),
            ("export default () => 7;", "() => 7"),
            ("export default async () => 7", "async () => 7"),
            (
                "export default function () { return 8; }",
                "async () => {\nreturn (function () { return 8; })();\n}",
            ),
            (
                "/* c */ export /* a */ default // b\nfunction () { return 8; } // } done",
                "async () => {\nreturn (function () { return 8; })();\n}",
            ),
            (
                "export default class { m() {} } /* } */",
                "async () => {\nreturn (class { m() {} });\n}",
            ),
            (
                "// x\nexport default async () => 7 // seven",
                "async () => 7 // seven",
            ),
            (
                "exportdefault () => 7",
                "async () => {\nexportdefault () => 7\n}",
            ),
            ("return 3", "async () => {\nreturn 3\n}"),
            ("if (x) { 4 }", "async () => {\nif (x) { 4 }\n}"),
            (
                "const s = 'é✓';\ns",
                "async () => {\nconst s = 'é✓';\nreturn (s)\n}",
            ),
        ];
        for (code, want) in cases {
            assert_eq!(normalize_code(code), want, "{code:?}");
        }
    }

    #[test]
    fn positions_map_to_byte_offsets() {
        let source = "a\r\nbé\u{2028}c";
        assert_eq!(offset(source, Position::new(1, 1)), Some(0));
        assert_eq!(offset(source, Position::new(2, 2)), Some(4));
        assert_eq!(offset(source, Position::new(3, 1)), Some(9));
        assert_eq!(offset(source, Position::new(3, 2)), Some(10));
        assert_eq!(offset(source, Position::new(9, 1)), None);
    }
}
