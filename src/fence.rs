//! Code sent inside a markdown fence. Models often wrap their script in "```js" … "```" as they
//! would in a chat answer; the fence lines are removed before anything else reads the code, so
//! line numbers in errors count from the first line inside the fence, and an `// @options` line
//! may be the fence's first line.

use std::borrow::Cow;

use crate::error::Error;

/// `code` without a first line "```" or "```<language>" and a last line "```" (blank lines
/// around them are ignored; a missing closing fence is fine). Code without an opening fence is
/// returned as is.
///
/// # Errors
/// `BAD_REQUEST` if nothing but the fence is left.
pub fn strip(code: &str) -> Result<Cow<'_, str>, Error> {
    let mut lines: Vec<&str> = code.lines().collect();
    while lines.last().is_some_and(|line| line.trim().is_empty()) {
        lines.pop();
    }
    let Some(open) = lines.iter().position(|line| !line.trim().is_empty()) else {
        return Ok(Cow::Borrowed(code));
    };
    if !is_opening(lines[open]) {
        return Ok(Cow::Borrowed(code));
    }
    let mut inner = &lines[open + 1..];
    if let Some((last, rest)) = inner.split_last() {
        if last.trim() == "```" {
            inner = rest;
        }
    }
    if inner.iter().all(|line| line.trim().is_empty()) {
        return Err(Error::BadRequest(
            "the code is only a markdown fence (```) with nothing inside it; send the JavaScript itself".into(),
        ));
    }
    Ok(Cow::Owned(inner.join("\n")))
}

/// "```", "```js", "```javascript", "``` ts"…: three backticks, then at most a language tag.
fn is_opening(line: &str) -> bool {
    line.trim().strip_prefix("```").is_some_and(|tag| {
        tag.trim()
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '+' | '-' | '.'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_are_removed() {
        let cases = [
            ("```js\nreturn 1\n```", "return 1"),
            (
                "```javascript\nconst a = 1;\nreturn a\n```\n",
                "const a = 1;\nreturn a",
            ),
            ("```\nreturn 2\n```", "return 2"),
            ("\n  ```js  \nreturn 3\n  ```  \n\n", "return 3"),
            ("```js\nreturn 4", "return 4"),
            ("```typescript\nreturn 5\n```", "return 5"),
        ];
        for (code, want) in cases {
            assert_eq!(strip(code).expect("stripped"), want, "{code:?}");
        }
    }

    #[test]
    fn code_without_an_opening_fence_is_unchanged() {
        for code in [
            "return 1",
            "return `a`\n```",
            "const s = \"```js\";\nreturn s",
            "   ",
            "// ```js\nreturn 1",
        ] {
            assert!(
                matches!(strip(code), Ok(Cow::Borrowed(c)) if c == code),
                "{code:?}"
            );
        }
    }

    #[test]
    fn a_fence_with_nothing_inside_is_refused() {
        for code in ["```", "```js\n```", "```js\n\n  \n```\n", "```\n```"] {
            let error = strip(code).expect_err(code);
            assert_eq!(error.code(), "BAD_REQUEST");
            assert!(
                error.to_string().contains("only a markdown fence"),
                "{error}"
            );
        }
    }
}
