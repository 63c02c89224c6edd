//! The Worker's fetch handler: the inspector page at `/`, auth, and routing of
//! `/agents/<namespace>/<instance>[/<rest>]` to the Durable Object `idFromName(<instance>)` of the
//! binding whose kebab-case name is `<namespace>`.

use worker::{event, Context, Env, Headers, Method, Request, Response};

use super::http;
use super::serve::{self, agent_route};
use crate::error::Error;
use crate::token::{Grant, Keys};

const INSPECTOR_PAGE: &str = include_str!("../../web/index.html");

/// Hosts served when no `CODEMODE_TOKEN` is configured.
const LOOPBACK_HOSTS: &[&str] = &["localhost", "127.0.0.1", "[::1]", "::1"];

/// A secret, or (for local development) a var, by name; empty counts as unset.
fn setting(env: &Env, name: &str) -> Option<String> {
    env.secret(name)
        .map(|s| s.to_string())
        .or_else(|_| env.var(name).map(|v| v.to_string()))
        .ok()
        .filter(|t| !t.is_empty())
}

/// `CODEMODE_TOKEN` and the key scoped tokens are signed with (`CODEMODE_SIGNING_KEY`, else one
/// derived from `CODEMODE_TOKEN`).
pub fn keys(env: &Env) -> Keys {
    Keys::from_settings(
        setting(env, "CODEMODE_SIGNING_KEY").as_deref(),
        setting(env, "CODEMODE_TOKEN").as_deref(),
    )
}

/// The contract's auth rule for every route but `GET /` (see [`crate::token::authenticate`]):
/// who is asking, or `UNAUTHORIZED` / `TOKEN_EXPIRED`.
fn authorize(req: &Request, env: &Env) -> Result<Grant, Error> {
    let url = req.url().map_err(|e| Error::BadRequest(e.to_string()))?;
    let host = url.host_str().unwrap_or("");
    let presented = serve::presented_token(req).map_err(|e| Error::BadRequest(e.to_string()))?;
    keys(env).authenticate(
        presented.as_deref(),
        LOOPBACK_HOSTS.contains(&host),
        host,
        super::now_ms(),
    )
}

/// `CODEMODE` from `codemode`, `MY_AGENT` from `my-agent`.
fn binding_name(namespace: &str) -> String {
    namespace.replace('-', "_").to_uppercase()
}

/// CORS: any origin may call the API; credentials are bearer tokens, never cookies.
fn allow_cross_origin(response: Response) -> worker::Result<Response> {
    if response.status_code() == 101 {
        return Ok(response);
    }
    // A response from the Durable Object has immutable headers: copy them.
    let headers = Headers::new();
    for (name, value) in response.headers().entries() {
        headers.append(&name, &value)?;
    }
    headers.set("access-control-allow-origin", "*")?;
    headers.set(
        "access-control-expose-headers",
        "mcp-session-id, mcp-protocol-version",
    )?;
    Ok(response.with_headers(headers))
}

/// The answer to a CORS preflight (`OPTIONS`), before auth: browsers send it without credentials.
fn preflight() -> worker::Result<Response> {
    let headers = Headers::new();
    headers.set("access-control-allow-origin", "*")?;
    headers.set("access-control-allow-methods", "GET, POST, DELETE, OPTIONS")?;
    headers.set(
        "access-control-allow-headers",
        "authorization, content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id",
    )?;
    headers.set("access-control-max-age", "86400")?;
    Ok(Response::empty()?.with_status(204).with_headers(headers))
}

async fn route(req: Request, env: Env) -> Result<Response, Error> {
    let path = req.path();
    if path == "/" && req.method() == Method::Get {
        return Response::from_html(INSPECTOR_PAGE).map_err(|e| Error::Internal(e.to_string()));
    }
    if req.method() == Method::Options {
        return preflight().map_err(|e| Error::Internal(e.to_string()));
    }
    let grant = authorize(&req, &env)?;
    let Some((namespace, instance, _)) = agent_route(&path) else {
        return Err(Error::NotFound(format!(
            "no route for `{path}`; the runtime lives at /agents/codemode/<instance>"
        )));
    };
    // A token bound to one instance is refused at the door for every other: no object wakes.
    grant.check_instance(instance)?;
    if instance.len() > 256 {
        return Err(Error::BadRequest(
            "the instance name is longer than 256 characters".into(),
        ));
    }
    let objects = env
        .durable_object(&binding_name(namespace))
        .map_err(|_| Error::NotFound(format!("no agent namespace `{namespace}`")))?;
    let stub = objects
        .id_from_name(instance)
        .and_then(|id| id.get_stub())
        .map_err(|e| Error::Internal(e.to_string()))?;
    stub.fetch_with_request(req)
        .await
        .map_err(|e| Error::Internal(e.to_string()))
}

#[event(fetch)]
async fn fetch(req: Request, env: Env, _ctx: Context) -> worker::Result<Response> {
    match route(req, env).await {
        Ok(response) => allow_cross_origin(response),
        Err(error) => allow_cross_origin(http::error(&error)?),
    }
}
