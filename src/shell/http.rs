//! HTTP framing of the contract: statuses for error codes and JSON bodies.

use worker::{Headers, Response};

use crate::error::Error;

/// The HTTP status for an error.
pub fn status(error: &Error) -> u16 {
    match error {
        Error::BadRequest(_) | Error::UnknownMethod(..) | Error::InvalidName(_) => 400,
        Error::Unauthorized(_) | Error::TokenExpired(_) => 401,
        Error::Forbidden(_) => 403,
        Error::NotFound(_) => 404,
        Error::NotPaused { .. }
        | Error::NotCompleted { .. }
        | Error::InvalidState(_)
        | Error::Busy(_) => 409,
        Error::MethodNotAllowed(_) => 405,
        Error::CodeTooLarge { .. } | Error::BodyTooLarge(_) => 413,
        Error::InvalidConnector(_)
        | Error::InvalidConfig(_)
        | Error::Storage(_)
        | Error::Internal(_) => 500,
        Error::ConnectorUnavailable(_) => 502,
    }
}

/// A JSON response with `status`.
pub fn json(value: &serde_json::Value, status: u16) -> worker::Result<Response> {
    let headers = Headers::new();
    headers.set("content-type", "application/json; charset=utf-8")?;
    headers.set("cache-control", "no-store")?;
    Ok(Response::from_bytes(value.to_string().into_bytes())?
        .with_status(status)
        .with_headers(headers))
}

/// `{"error": {code, message}}` with the error's status.
pub fn error(error: &Error) -> worker::Result<Response> {
    json(&crate::rpc::error_body(error), status(error))
}
