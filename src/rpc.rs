//! The contract's methods by name, with JSON arguments: one dispatcher shared by `POST /rpc`, the
//! Agents WebSocket protocol and the MCP server.

use serde_json::{json, Value};

use crate::error::{Error, Result};
use crate::method::Method;
use crate::run::lifecycle::Who;
use crate::runtime::Runtime;
use crate::token::{self, Access};

/// Positional arguments with typed accessors that explain what was wrong.
struct Args<'a> {
    method: Method,
    values: &'a [Value],
}

impl<'a> Args<'a> {
    fn get(&self, index: usize) -> Option<&'a Value> {
        self.values.get(index).filter(|v| !v.is_null())
    }

    fn string(&self, index: usize, name: &str) -> Result<&'a str> {
        match self.get(index) {
            Some(Value::String(s)) => Ok(s),
            Some(other) => Err(self.wrong(name, "a string", other)),
            None => Err(Error::BadRequest(format!(
                "{}: argument {} `{name}` (a string) is missing",
                self.method,
                index + 1
            ))),
        }
    }

    /// An execution id. Ids are UUIDs; anything of 1 to 128 letters, digits, `-` and `_` is looked
    /// up (and is `NOT_FOUND` if unknown); anything else is malformed.
    fn execution_id(&self, index: usize) -> Result<&'a str> {
        let id = self.string(index, "executionId")?;
        let well_formed = (1..=128).contains(&id.len())
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if !well_formed {
            let shown: String = id.chars().take(40).collect();
            return Err(Error::BadRequest(format!(
                "{}: `executionId` must be an id like 0b7e3c7e-1f2a-4c3d-9e8f-1a2b3c4d5e6f, got {shown:?}",
                self.method
            )));
        }
        Ok(id)
    }

    fn optional_execution_id(&self, index: usize) -> Result<Option<&'a str>> {
        self.get(index)
            .map(|_| self.execution_id(index))
            .transpose()
    }

    fn optional_string(&self, index: usize, name: &str) -> Result<Option<&'a str>> {
        self.get(index)
            .map(|_| self.string(index, name))
            .transpose()
    }

    fn optional_count(&self, index: usize, name: &str) -> Result<Option<usize>> {
        match self.get(index) {
            None => Ok(None),
            Some(value) => value
                .as_u64()
                .map(|n| Some(n.min(10_000) as usize))
                .ok_or_else(|| self.wrong(name, "a non-negative integer", value)),
        }
    }

    fn seq(&self, index: usize) -> Result<u32> {
        match self.get(index) {
            Some(value) => value
                .as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| self.wrong("seq", "a non-negative integer", value)),
            None => Err(Error::BadRequest(format!(
                "{}: argument {} `seq` is missing",
                self.method,
                index + 1
            ))),
        }
    }

    fn wrong(&self, name: &str, expected: &str, got: &Value) -> Error {
        let kind = match got {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::Array(_) => "an array",
            Value::Object(_) => "an object",
        };
        Error::BadRequest(format!(
            "{}: `{name}` must be {expected}, got {kind}",
            self.method
        ))
    }

    /// A decision's options object `{seq?, by?, reason?}` (`seq` only where `with_seq`).
    fn decision(&self, index: usize, with_seq: bool) -> Result<(Option<u32>, Who)> {
        let Some(value) = self.get(index) else {
            return Ok((None, Who::default()));
        };
        let Value::Object(options) = value else {
            return Err(self.wrong("options", "an object", value));
        };
        let allowed: &[&str] = if with_seq {
            &["seq", "by", "reason"]
        } else {
            &["by", "reason"]
        };
        if let Some(unknown) = options.keys().find(|k| !allowed.contains(&k.as_str())) {
            return Err(Error::BadRequest(format!(
                "{}: unknown option `{unknown}`; the options are {}",
                self.method,
                allowed.join(", ")
            )));
        }
        let text = |name: &str| -> Result<Option<String>> {
            match options.get(name) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(s)) => Ok(Some(s.clone())),
                Some(other) => Err(self.wrong(name, "a string", other)),
            }
        };
        let seq = match options.get("seq") {
            None | Some(Value::Null) => None,
            Some(value) => Some(
                value
                    .as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(|| self.wrong("seq", "a non-negative integer", value))?,
            ),
        };
        Ok((
            seq,
            Who {
                by: text("by")?,
                reason: text("reason")?,
            },
        ))
    }

    /// `execute`'s argument: a code string or `{code}`.
    fn code(&self) -> Result<&'a str> {
        match self.get(0) {
            Some(Value::Object(object)) => match object.get("code") {
                Some(Value::String(code)) => Ok(code),
                _ => Err(Error::BadRequest(
                    "execute: `{code}` must hold a string `code`".into(),
                )),
            },
            _ => self.string(0, "code"),
        }
    }
}

fn to_json<T: serde::Serialize>(value: T) -> Result<Value> {
    serde_json::to_value(value)
        .map_err(|e| Error::Internal(format!("cannot encode the result: {e}")))
}

/// The method named `name`, else `UNKNOWN_METHOD` listing the contract's methods.
pub fn method(name: &str) -> Result<Method> {
    Method::from_name(name)
        .ok_or_else(|| Error::UnknownMethod(name.to_string(), Method::names().join(", ")))
}

/// Runs the method named `name` with positional `args` for a caller with `access`: a scoped
/// token's expiry and scope are checked first (`TOKEN_EXPIRED`, `FORBIDDEN`); `issueToken` signs
/// with `access.key`.
pub async fn dispatch_with(
    runtime: &Runtime,
    access: &Access,
    name: &str,
    args: &[Value],
) -> Result<Value> {
    let method = method(name)?;
    access.grant.check_method(method, access.now_ms)?;
    if method == Method::IssueToken {
        return token::issue(access.key.as_ref(), args.first(), access.now_ms);
    }
    dispatch_as(runtime, method, args, access.grant.subject()).await
}

/// Runs the method named `name` with positional `args`, with full access and no signing key
/// (`issueToken` answers `INVALID_CONFIG`).
pub async fn dispatch(runtime: &Runtime, name: &str, args: &[Value]) -> Result<Value> {
    dispatch_as(runtime, method(name)?, args, None).await
}

/// [`dispatch`] for a caller known as `subject` (a scoped token's): a decision that names no
/// `by` records the subject as who made it.
async fn dispatch_as(
    runtime: &Runtime,
    method: Method,
    args: &[Value],
    subject: Option<&str>,
) -> Result<Value> {
    let a = Args {
        method,
        values: args,
    };
    let decided_by = |(seq, who): (Option<u32>, Who)| {
        (
            seq,
            Who {
                by: who.by.or_else(|| subject.map(str::to_string)),
                ..who
            },
        )
    };
    match method {
        Method::Tool => to_json(runtime.tool()),
        Method::Execute => to_json(runtime.execute(a.code()?).await?),
        Method::Search => to_json(runtime.search(a.optional_string(0, "query")?.unwrap_or(""))?),
        Method::Describe => to_json(runtime.describe(a.string(0, "path")?)?),
        Method::PendingApprovals => {
            to_json(runtime.pending_approvals(a.optional_execution_id(0)?)?)
        }
        Method::ApproveExecution => {
            let (seq, who) = decided_by(a.decision(1, true)?);
            to_json(
                runtime
                    .approve_execution_with(a.execution_id(0)?, seq, &who)
                    .await?,
            )
        }
        Method::RejectExecution => {
            let (_, who) = decided_by(a.decision(2, false)?);
            to_json(runtime.reject_execution_with(a.execution_id(0)?, a.seq(1)?, &who)?)
        }
        Method::RollbackExecution => to_json(runtime.rollback_execution(a.execution_id(0)?).await?),
        Method::CancelExecution => {
            let (_, who) = decided_by(a.decision(1, false)?);
            to_json(json!({ "cancelled": runtime.cancel_execution(a.execution_id(0)?, &who)? }))
        }
        Method::ExecutionHistory => {
            to_json(runtime.execution_history(a.optional_count(0, "limit")?)?)
        }
        Method::Execution => to_json(runtime.execution(a.execution_id(0)?)?),
        Method::ExecutionOutput => to_json(runtime.execution_output(a.execution_id(0)?)?),
        Method::DeleteExecution => to_json(runtime.delete_execution(a.execution_id(0)?)?),
        Method::PruneExecutions => to_json(runtime.prune_executions(a.optional_count(0, "keep")?)?),
        Method::SaveSnippet => to_json(runtime.save_snippet(
            a.string(0, "name")?,
            a.optional_string(1, "description")?.unwrap_or(""),
            a.execution_id(2)?,
        )?),
        Method::Snippets => to_json(runtime.snippets()?),
        Method::DeleteSnippet => to_json(runtime.delete_snippet(a.string(0, "name")?)?),
        Method::IssueToken => token::issue(None, args.first(), 0),
    }
}

/// Parses a `POST /rpc` body `{"method": M, "args": [..]}`.
pub fn parse_request(body: &[u8]) -> Result<(String, Vec<Value>)> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| Error::BadRequest(format!("the body is not JSON: {e}")))?;
    let method = value
        .get("method")
        .and_then(Value::as_str)
        .ok_or_else(|| Error::BadRequest("the body needs a string `method`".into()))?
        .to_string();
    let args = match value.get("args") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(args)) => args.clone(),
        Some(_) => return Err(Error::BadRequest("`args` must be an array".into())),
    };
    Ok((method, args))
}

/// The `{"error": {code, message}}` body.
pub fn error_body(error: &Error) -> Value {
    json!({"error": {"code": error.code(), "message": error.to_string()}})
}
