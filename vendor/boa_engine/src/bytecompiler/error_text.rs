//! codemode-runtime patch (PATCHED.md, "V8's error messages"): an expression as V8 prints it in
//! an error message (its `CallPrinter`): `o.m is not a function`, `items is not iterable`,
//! `f(...).g is not a function`. Names, `this`, literals and property chains print as written
//! (`o["x"]` as `o.x`); anything else is `(intermediate value)`.

use boa_ast::{
    Expression,
    expression::{
        access::{PropertyAccess, PropertyAccessField},
        literal::LiteralKind,
    },
};
use boa_string::JsString;

use super::{ByteCompiler, ToJsString};
use crate::vm::source_info::ErrorSite;

/// Deepest expression printed (a longer chain prints its head as an intermediate value).
const MAX_DEPTH: usize = 32;

const INTERMEDIATE: &str = "(intermediate value)";

impl ByteCompiler<'_> {
    /// How V8 names `expression` in an error message.
    pub(crate) fn error_text(&self, expression: &Expression) -> JsString {
        let mut out = String::new();
        self.print_expression(expression, &mut out, 0);
        JsString::from(out)
    }

    /// What V8 names when `expression` is not iterable: the expression, or for a call its
    /// callee ("f is not a function or its return value is not iterable").
    pub(crate) fn iterable_site(&self, expression: &Expression) -> ErrorSite {
        match expression.flatten() {
            Expression::Call(call) => ErrorSite::Iterable {
                text: self.error_text(call.function()),
                call: true,
            },
            other => ErrorSite::Iterable {
                text: self.error_text(other),
                call: false,
            },
        }
    }

    /// What V8 names when the initializer of an array pattern is not iterable: as
    /// [`Self::iterable_site`], but V8's call printer does not find a property read, a binary
    /// operation or a parenthesized expression there, and names the value by its type
    /// (`const [x, y] = v.length`: "number 2 is not iterable (cannot read property
    /// Symbol(Symbol.iterator))").
    pub(crate) fn pattern_iterable_site(&self, init: &Expression) -> ErrorSite {
        match init {
            Expression::PropertyAccess(_)
            | Expression::Binary(_)
            | Expression::Parenthesized(_) => ErrorSite::IterableByType,
            _ => self.iterable_site(init),
        }
    }

    fn print_expression(&self, expression: &Expression, out: &mut String, depth: usize) {
        if depth > MAX_DEPTH {
            out.push_str(INTERMEDIATE);
            return;
        }
        let interner = self.interner();
        match expression {
            Expression::Identifier(identifier) => {
                out.push_str(&identifier.to_js_string(interner).to_std_string_escaped());
            }
            Expression::This(_) => out.push_str("this"),
            Expression::Parenthesized(inner) => {
                self.print_expression(inner.expression(), out, depth + 1);
            }
            Expression::Literal(literal) => match literal.kind() {
                LiteralKind::String(text) => {
                    out.push('"');
                    out.push_str(&text.to_js_string(interner).to_std_string_escaped());
                    out.push('"');
                }
                LiteralKind::Num(number) => {
                    out.push_str(&JsString::from(*number).to_std_string_escaped());
                }
                LiteralKind::Int(integer) => out.push_str(&integer.to_string()),
                LiteralKind::Bool(value) => out.push_str(if *value { "true" } else { "false" }),
                LiteralKind::Null => out.push_str("null"),
                LiteralKind::Undefined => out.push_str("undefined"),
                LiteralKind::BigInt(_) => out.push_str(INTERMEDIATE),
            },
            Expression::ArrayLiteral(array) if array.as_ref().is_empty() => out.push_str("[]"),
            Expression::ObjectLiteral(object) if object.properties().is_empty() => {
                out.push_str("{}");
            }
            Expression::ObjectLiteral(_) => out.push_str("{(intermediate value)}"),
            Expression::PropertyAccess(PropertyAccess::Simple(access)) => {
                self.print_expression(access.target(), out, depth + 1);
                match access.field() {
                    PropertyAccessField::Const(name) => {
                        out.push('.');
                        out.push_str(&name.to_js_string(interner).to_std_string_escaped());
                    }
                    PropertyAccessField::Expr(key) => match key.as_ref() {
                        Expression::Literal(literal)
                            if matches!(literal.kind(), LiteralKind::String(_)) =>
                        {
                            if let LiteralKind::String(text) = literal.kind() {
                                out.push('.');
                                out.push_str(
                                    &text.to_js_string(interner).to_std_string_escaped(),
                                );
                            }
                        }
                        key => {
                            out.push('[');
                            self.print_expression(key, out, depth + 1);
                            out.push(']');
                        }
                    },
                }
            }
            Expression::PropertyAccess(PropertyAccess::Private(access)) => {
                self.print_expression(access.target(), out, depth + 1);
                out.push_str(".#");
                out.push_str(
                    &access
                        .field()
                        .description()
                        .to_js_string(interner)
                        .to_std_string_escaped(),
                );
            }
            Expression::PropertyAccess(PropertyAccess::Super(access)) => {
                out.push_str("super");
                match access.field() {
                    PropertyAccessField::Const(name) => {
                        out.push('.');
                        out.push_str(&name.to_js_string(interner).to_std_string_escaped());
                    }
                    PropertyAccessField::Expr(key) => {
                        out.push('[');
                        self.print_expression(key, out, depth + 1);
                        out.push(']');
                    }
                }
            }
            Expression::Call(call) => {
                self.print_expression(call.function(), out, depth + 1);
                out.push_str("(...)");
            }
            _ => out.push_str(INTERMEDIATE),
        }
    }
}
