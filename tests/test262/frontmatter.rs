//! A test's metadata: the YAML between `/*---` and `---*/`, read by hand. Only the keys the
//! runner acts on are kept (`includes`, `flags`, `features`, `negative`); test262 writes lists in
//! two forms, `key: [a, b]` and `key:` followed by `  - a` lines, and both are read.

/// The part of a test's metadata that decides how it runs.
#[derive(Debug, Default, Clone)]
pub struct Metadata {
    /// Harness files evaluated before the test, in order.
    pub includes: Vec<String>,
    /// `onlyStrict`, `noStrict`, `module`, `raw`, `async`, `CanBlockIsFalse`...
    pub flags: Vec<String>,
    /// The language features the test needs (matched against the skip list).
    pub features: Vec<String>,
    /// The error the test must end with, if it is a negative test.
    pub negative: Option<Negative>,
}

/// The `negative:` key: where the test must fail and with which error constructor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Negative {
    pub phase: Phase,
    /// The name of the error's constructor (`SyntaxError`, `TypeError`...).
    pub error_type: String,
}

/// When a negative test's error must happen (INTERPRETING.md, `negative`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Parsing or early errors: nothing of the test runs.
    Parse,
    /// Module linking: loading or resolving the imports.
    Resolution,
    /// Evaluation.
    Runtime,
}

impl Metadata {
    /// Reads the metadata of a test's source text.
    ///
    /// # Errors
    /// The source has no `/*--- ---*/` block, or its `negative:` key lacks a phase or a type.
    pub fn parse(source: &str) -> Result<Self, String> {
        let start = source.find("/*---").ok_or("no /*--- front matter")? + "/*---".len();
        let len = source[start..]
            .find("---*/")
            .ok_or("front matter not closed by ---*/")?;
        let mut reader = Reader::default();
        for line in source[start..start + len].lines() {
            reader.line(line);
        }
        reader.finish()
    }

    /// Whether the test carries `flag` in its `flags:` list.
    pub fn has_flag(&self, flag: &str) -> bool {
        self.flags.iter().any(|f| f == flag)
    }
}

/// The parser's state: the top-level key whose nested lines come next, and what it has read.
#[derive(Default)]
struct Reader {
    key: String,
    meta: Metadata,
    phase: Option<String>,
    error_type: Option<String>,
}

impl Reader {
    /// One line of the block: a top-level `key: value` (no indentation) or a nested line that
    /// belongs to the last key (a `- item` or, under `negative:`, a `phase:`/`type:` pair).
    fn line(&mut self, line: &str) {
        let text = strip_comment(line).trim_end();
        if text.trim().is_empty() {
            return;
        }
        if line.starts_with(char::is_whitespace) {
            self.nested(text.trim());
        } else if let Some((key, value)) = text.split_once(':') {
            self.key = key.trim().to_string();
            self.inline(value.trim());
        }
    }

    /// The value written on the key's own line: `[a, b]`, or a single item.
    fn inline(&mut self, value: &str) {
        let items = value.strip_prefix('[').and_then(|v| v.strip_suffix(']'));
        match items {
            Some(items) => {
                for item in items.split(',') {
                    self.item(item);
                }
            }
            None if !value.is_empty() => self.item(value),
            None => {}
        }
    }

    /// A nested line: a list item, or one of `negative:`'s two keys.
    fn nested(&mut self, text: &str) {
        if let Some(item) = text.strip_prefix("- ") {
            self.item(item);
        } else if self.key == "negative" {
            match text.split_once(':') {
                Some(("phase", value)) => self.phase = Some(value.trim().to_string()),
                Some(("type", value)) => self.error_type = Some(value.trim().to_string()),
                _ => {}
            }
        }
    }

    /// Adds an item to the list of the current key, if it is a key the runner keeps.
    fn item(&mut self, item: &str) {
        let item = item.trim().trim_matches(|c| c == '"' || c == '\'');
        if item.is_empty() {
            return;
        }
        let list = match self.key.as_str() {
            "includes" => &mut self.meta.includes,
            "flags" => &mut self.meta.flags,
            "features" => &mut self.meta.features,
            _ => return,
        };
        list.push(item.to_string());
    }

    fn finish(mut self) -> Result<Metadata, String> {
        self.meta.negative = match (self.phase, self.error_type) {
            (None, None) => None,
            (Some(phase), Some(error_type)) => Some(Negative {
                phase: parse_phase(&phase)?,
                error_type,
            }),
            _ => return Err("negative: needs both phase and type".to_string()),
        };
        Ok(self.meta)
    }
}

fn parse_phase(phase: &str) -> Result<Phase, String> {
    match phase {
        "parse" | "early" => Ok(Phase::Parse),
        "resolution" => Ok(Phase::Resolution),
        "runtime" => Ok(Phase::Runtime),
        other => Err(format!("unknown negative phase `{other}`")),
    }
}

/// The line without a YAML comment (` # ...`): some lists carry one after the items.
fn strip_comment(line: &str) -> &str {
    match line.find(" #") {
        Some(at) => &line[..at],
        None => line,
    }
}
