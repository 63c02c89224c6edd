//! The source check before the parser: how deeply the code nests, estimated from its tokens.
//!
//! boa's parser, its AST walks (early-error visitors, the bytecode compiler) and the AST's own
//! `Drop` recurse once per level of an expression, so a long enough chain overflows the native
//! stack, which aborts the process (in the Worker, traps the wasm instance and every conversation
//! on it): `1+1+…+1` with 4,000 terms, 500 `!` in a row, 2,000 nested arrows. This scanner runs
//! first, on the script and on every string given to `eval`/`Function`, and refuses code whose
//! estimated depth is over the limit with a `SyntaxError`. It is a lexer, not a parser: strings,
//! comments, template text and regular expression literals are skipped; each bracket level and
//! each prefix operator (`!`, unary `-`, `typeof`, `=>`…) costs [`NEST`], each binary operator or
//! call/member step [`STEP`], and `,` `;` and statement boundaries end a chain. It overestimates
//! (every operator of a long `a + b * c` counts), so the limit sits far above real code.

use crate::error::RunCode;
use crate::model::ErrorInfo;

/// Cost of a bracket level or a prefix operator (the parser goes down its whole precedence
/// ladder for each).
const NEST: usize = 7;
/// Cost of a binary operator, a member access or a call in a chain.
const STEP: usize = 1;

/// Refuses `code` nested more than `max_brackets` brackets deep, or whose estimated expression
/// depth (see the module doc) is over `max_depth`.
pub(super) fn check_nesting(
    code: &str,
    max_brackets: usize,
    max_depth: usize,
) -> Result<(), ErrorInfo> {
    Scanner {
        src: code.as_bytes(),
        at: 0,
        levels: vec![Level::default()],
        total: 0,
        operand: false,
        newline: false,
        templates: Vec::new(),
        max_brackets,
        max_depth,
    }
    .run()
}

#[derive(Default)]
struct Level {
    /// The bracket's own cost (0 for the top level).
    base: usize,
    /// What the chain since the last `,`/`;`/statement start at this level costs.
    run: usize,
}

struct Scanner<'a> {
    src: &'a [u8],
    at: usize,
    levels: Vec<Level>,
    total: usize,
    /// The last token ends an operand (a name, a literal, a closing bracket): a following `+` is
    /// binary, a following `/` divides.
    operand: bool,
    /// A line ended after an operand: the next token starts a new statement unless it can only
    /// continue the expression (automatic semicolon insertion).
    newline: bool,
    /// For each open `${` of a template literal, the number of levels when it opened.
    templates: Vec<usize>,
    max_brackets: usize,
    max_depth: usize,
}

/// Words that start a statement or an expression of their own: a chain before them ends.
const STATEMENT_WORDS: &[&str] = &[
    "return", "throw", "if", "else", "for", "while", "do", "switch", "case", "default", "break",
    "continue", "var", "let", "const", "function", "class", "try", "catch", "finally", "async",
    "of", "import", "export",
];
/// Prefix keyword operators: each nests the expression after it.
const PREFIX_WORDS: &[&str] = &["typeof", "void", "delete", "await", "new", "yield"];
/// Binary keyword operators.
const BINARY_WORDS: &[&str] = &["in", "instanceof"];
/// Punctuators, longest first.
const PUNCTUATORS: &[&str] = &[
    ">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=", "=>", "==", "!=",
    "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
    "**", "<<", ">>", "+", "-", "*", "/", "%", "&", "|", "^", "!", "~", "<", ">", "=", "?", ":",
    ".",
];

impl Scanner<'_> {
    fn run(mut self) -> Result<(), ErrorInfo> {
        while self.at < self.src.len() {
            let byte = self.src[self.at];
            match byte {
                b'\n' | b'\r' => {
                    self.at += 1;
                    if self.operand {
                        self.newline = true;
                    }
                }
                b' ' | b'\t' | 0x0b | 0x0c => self.at += 1,
                b'/' if self.peek(1) == Some(b'/') => self.skip_line_comment(),
                b'/' if self.peek(1) == Some(b'*') => self.skip_block_comment(),
                b'\'' | b'"' => {
                    self.statement_boundary(true);
                    self.skip_string(byte);
                    self.operand = true;
                }
                b'`' => {
                    self.statement_boundary(true);
                    self.at += 1;
                    self.template_text()?;
                }
                b'/' if !self.operand => {
                    self.statement_boundary(true);
                    self.skip_regex();
                    self.operand = true;
                }
                b'(' | b'[' | b'{' => {
                    self.statement_boundary(byte == b'{');
                    self.open(true)?;
                }
                b')' | b']' => {
                    self.close();
                    self.operand = true;
                }
                b'}' => {
                    if self.templates.last() == Some(&self.levels.len()) {
                        self.templates.pop();
                        self.close();
                        self.template_text()?;
                        continue;
                    }
                    self.close();
                    self.operand = true;
                    self.reset();
                }
                b',' | b';' => {
                    self.at += 1;
                    self.newline = false;
                    self.operand = false;
                    self.reset();
                }
                b'0'..=b'9' => {
                    self.statement_boundary(true);
                    self.take_word(true);
                    self.operand = true;
                }
                b if b.is_ascii_alphabetic()
                    || b == b'_'
                    || b == b'$'
                    || b == b'\\'
                    || b >= 0x80
                    || b == b'#' =>
                {
                    let start = self.at;
                    self.take_word(false);
                    self.word(start)?;
                }
                b'.' if self.peek(1).is_some_and(|b| b.is_ascii_digit()) && !self.operand => {
                    self.statement_boundary(true);
                    self.take_word(true);
                    self.operand = true;
                }
                _ => self.punctuator()?,
            }
        }
        Ok(())
    }

    fn peek(&self, ahead: usize) -> Option<u8> {
        self.src.get(self.at + ahead).copied()
    }

    /// A new token arrives after a line break that followed an operand: when it cannot continue
    /// the expression, a statement ended there.
    fn statement_boundary(&mut self, starts_new: bool) {
        if self.newline {
            self.newline = false;
            if starts_new {
                self.reset();
            }
        }
    }

    fn reset(&mut self) {
        if let Some(level) = self.levels.last_mut() {
            self.total -= level.run;
            level.run = 0;
        }
    }

    fn add(&mut self, cost: usize) -> Result<(), ErrorInfo> {
        if let Some(level) = self.levels.last_mut() {
            level.run += cost;
        }
        self.total += cost;
        self.check()
    }

    fn check(&self) -> Result<(), ErrorInfo> {
        if self.total > self.max_depth {
            return Err(ErrorInfo::run(
                RunCode::SyntaxError,
                format!("SyntaxError: expression nested too deeply (over {} levels): split it into statements", self.max_depth),
            ));
        }
        Ok(())
    }

    /// Opens a bracket level; `step` when it also extends the chain around it (a call, a member
    /// access, a literal), not for a template's `${`, whose parts are siblings.
    fn open(&mut self, step: bool) -> Result<(), ErrorInfo> {
        self.at += 1;
        self.operand = false;
        if step {
            self.add(STEP)?;
        }
        if self.levels.len() > self.max_brackets {
            return Err(ErrorInfo::run(
                RunCode::SyntaxError,
                format!(
                    "SyntaxError: brackets nested more than {} levels deep",
                    self.max_brackets
                ),
            ));
        }
        self.levels.push(Level { base: NEST, run: 0 });
        self.total += NEST;
        self.check()
    }

    fn close(&mut self) {
        self.at += 1;
        if self.levels.len() > 1 {
            if let Some(level) = self.levels.pop() {
                self.total -= level.base + level.run;
            }
        }
    }

    /// The name or keyword from `start` to here.
    fn word(&mut self, start: usize) -> Result<(), ErrorInfo> {
        let word = &self.src[start..self.at];
        let is = |list: &[&str]| list.iter().any(|w| w.as_bytes() == word);
        let (binary, statement, prefix) = (is(BINARY_WORDS), is(STATEMENT_WORDS), is(PREFIX_WORDS));
        if binary && self.operand {
            self.newline = false;
            self.operand = false;
            return self.add(STEP);
        }
        self.statement_boundary(true);
        if statement {
            self.reset();
            self.operand = false;
        } else if prefix {
            self.operand = false;
            self.add(NEST)?;
        } else {
            self.operand = true;
        }
        Ok(())
    }

    fn punctuator(&mut self) -> Result<(), ErrorInfo> {
        let rest = &self.src[self.at..];
        let Some(p) = PUNCTUATORS.iter().find(|p| rest.starts_with(p.as_bytes())) else {
            // Anything else (`@`, a stray byte) is the parser's to report.
            self.at += 1;
            return Ok(());
        };
        self.at += p.len();
        let prefix_position = !self.operand || self.newline;
        match *p {
            "++" | "--" if !prefix_position => self.add(STEP),
            "++" | "--" | "!" | "~" => {
                self.statement_boundary(true);
                self.operand = false;
                self.add(NEST)
            }
            "+" | "-" if !self.operand => {
                self.statement_boundary(false);
                self.add(NEST)
            }
            "=>" => {
                self.statement_boundary(false);
                self.operand = false;
                self.add(NEST)
            }
            ":" => {
                self.statement_boundary(false);
                self.operand = false;
                Ok(())
            }
            "..." => {
                self.statement_boundary(true);
                self.operand = false;
                self.add(STEP)
            }
            _ => {
                self.statement_boundary(false);
                self.operand = false;
                self.add(STEP)
            }
        }
    }

    /// A name, keyword or number (with `digits` a number: letters, digits, `_` and `.`).
    fn take_word(&mut self, digits: bool) {
        while let Some(b) = self.peek(0) {
            let part = b.is_ascii_alphanumeric()
                || b == b'_'
                || b == b'$'
                || b == b'\\'
                || b >= 0x80
                || b == b'#'
                || (digits && b == b'.');
            if !part {
                break;
            }
            self.at += 1;
        }
    }

    fn skip_line_comment(&mut self) {
        while let Some(b) = self.peek(0) {
            if b == b'\n' || b == b'\r' {
                break;
            }
            self.at += 1;
        }
    }

    fn skip_block_comment(&mut self) {
        self.at += 2;
        while self.at < self.src.len() && !self.src[self.at..].starts_with(b"*/") {
            if matches!(self.src[self.at], b'\n' | b'\r') && self.operand {
                self.newline = true;
            }
            self.at += 1;
        }
        self.at = (self.at + 2).min(self.src.len());
    }

    fn skip_string(&mut self, quote: u8) {
        self.at += 1;
        while let Some(b) = self.peek(0) {
            self.at += 1;
            match b {
                b'\\' => self.at += 1,
                b'\n' | b'\r' => break,
                _ if b == quote => break,
                _ => {}
            }
        }
    }

    fn skip_regex(&mut self) {
        self.at += 1;
        let mut class = false;
        while let Some(b) = self.peek(0) {
            self.at += 1;
            match b {
                b'\\' => self.at += 1,
                b'[' => class = true,
                b']' => class = false,
                b'/' if !class => break,
                b'\n' | b'\r' => break,
                _ => {}
            }
        }
        self.take_word(false);
    }

    /// Template text up to its closing backtick, or up to a `${`, which opens a level.
    fn template_text(&mut self) -> Result<(), ErrorInfo> {
        while let Some(b) = self.peek(0) {
            match b {
                b'\\' => self.at += 2,
                b'`' => {
                    self.at += 1;
                    self.operand = true;
                    return Ok(());
                }
                b'$' if self.peek(1) == Some(b'{') => {
                    self.at += 1;
                    self.open(false)?;
                    self.templates.push(self.levels.len());
                    return Ok(());
                }
                _ => self.at += 1,
            }
        }
        self.at = self.src.len();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth_ok(code: &str) -> bool {
        check_nesting(code, 128, 1000).is_ok()
    }

    #[test]
    fn long_chains_and_prefix_runs_are_refused() {
        assert!(!depth_ok(&format!("return 1{}", "+1".repeat(2000))));
        assert!(!depth_ok(&format!("return {}1", "!".repeat(200))));
        assert!(!depth_ok(&format!("return {}1", "- ".repeat(200))));
        assert!(!depth_ok(&format!("return {}1", "typeof ".repeat(200))));
        assert!(!depth_ok(&format!("return ({}1)", "a => ".repeat(200))));
        assert!(!depth_ok(&format!("return f{}", "()".repeat(2000))));
        assert!(!depth_ok(&format!("return a{}", ".b".repeat(2000))));
        assert!(!depth_ok(&format!("return 1{}", "\n+1".repeat(2000))));
        assert!(!depth_ok(&format!(
            "return `{}`",
            "${`".repeat(200) + &"`}".repeat(200)
        )));
    }

    #[test]
    fn real_code_passes() {
        let many_statements = "x = a + b * c - d;\n".repeat(5000);
        assert!(depth_ok(&many_statements));
        let no_semicolons = "const y = a + b * c - d\nfoo(y).bar(1, 2).baz\n".repeat(3000);
        assert!(depth_ok(&no_semicolons));
        let strings = format!(
            "const s = '{}'; const t = \"{}\"; const r = /[(]{{2}}!+/g; // {}\n",
            "!".repeat(5000),
            "-(".repeat(3000),
            "((((".repeat(500)
        );
        assert!(depth_ok(&strings));
        let template = format!(
            "const html = `{}`;",
            "<li>${item.name} - ${item.price * 2}</li>".repeat(2000)
        );
        assert!(depth_ok(&template));
        let objects = format!(
            "const o = {{{}}};",
            "k: [1, 2, {a: -1, b: !x}],".repeat(3000)
        );
        assert!(depth_ok(&objects));
        let concat = format!("return 'a'{};", " + x".repeat(300));
        assert!(depth_ok(&concat));
        let comparisons = format!(
            "return {};",
            "a === b && c !== d".to_string().clone() + &" || a === b && c !== d".repeat(100)
        );
        assert!(depth_ok(&comparisons));
    }

    #[test]
    fn brackets_keep_their_own_limit_and_message() {
        let deep = format!("return {}1{}", "[".repeat(129), "]".repeat(129));
        let error = check_nesting(&deep, 128, 100_000).unwrap_err();
        assert_eq!(
            error.message,
            "SyntaxError: brackets nested more than 128 levels deep"
        );
        assert!(check_nesting(
            &format!("return {}1{}", "[".repeat(100), "]".repeat(100)),
            128,
            1000
        )
        .is_ok());
    }
}
