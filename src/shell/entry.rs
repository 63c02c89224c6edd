//! The Worker's fetch handler: the inspector page at `/`, auth, and routing of
//! `/agents/<namespace>/<instance>[/<rest>]` to the Durable Object `idFromName(<instance>)` of the
//! binding whose kebab-case name is `<namespace>`.

use worker::{event, Context, Env, Method, Request, Response};

use super::http;
use super::serve::agent_route;
use crate::error::Error;

const INSPECTOR_PAGE: &str = include_str!("../../web/index.html");

/// Hosts served when no `CODEMODE_TOKEN` is configured.
const LOOPBACK_HOSTS: &[&str] = &["localhost", "127.0.0.1", "[::1]", "::1"];

/// `Some(token)` if `CODEMODE_TOKEN` is set as a secret or a var.
fn configured_token(env: &Env) -> Option<String> {
    env.secret("CODEMODE_TOKEN")
        .map(|s| s.to_string())
        .or_else(|_| env.var("CODEMODE_TOKEN").map(|v| v.to_string()))
        .ok()
        .filter(|t| !t.is_empty())
}

/// Compares without stopping at the first differing byte.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The contract's auth rule for every route but `GET /`.
fn authorize(req: &Request, env: &Env) -> Result<(), Error> {
    let url = req.url().map_err(|e| Error::BadRequest(e.to_string()))?;
    match configured_token(env) {
        Some(token) => {
            let bearer = req
                .headers()
                .get("authorization")
                .ok()
                .flatten()
                .and_then(|h| h.strip_prefix("Bearer ").map(str::to_string));
            let query = url.query_pairs().find(|(k, _)| k == "token").map(|(_, v)| v.into_owned());
            let given = bearer.or(query);
            match given {
                Some(given) if same_secret(&given, &token) => Ok(()),
                Some(_) => Err(Error::Unauthorized("the token is wrong".into())),
                None => Err(Error::Unauthorized(
                    "send `Authorization: Bearer <CODEMODE_TOKEN>` (or `?token=` for WebSocket and browsers)".into(),
                )),
            }
        }
        None => {
            let host = url.host_str().unwrap_or("");
            if LOOPBACK_HOSTS.contains(&host) {
                Ok(())
            } else {
                Err(Error::Unauthorized(format!(
                    "CODEMODE_TOKEN is not set, so only loopback hosts are served (this request is for `{host}`)"
                )))
            }
        }
    }
}

/// `CODEMODE` from `codemode`, `MY_AGENT` from `my-agent`.
fn binding_name(namespace: &str) -> String {
    namespace.replace('-', "_").to_uppercase()
}

async fn route(req: Request, env: Env) -> Result<Response, Error> {
    let path = req.path();
    if path == "/" && req.method() == Method::Get {
        return Response::from_html(INSPECTOR_PAGE).map_err(|e| Error::Internal(e.to_string()));
    }
    authorize(&req, &env)?;
    let Some((namespace, instance, _)) = agent_route(&path) else {
        return Err(Error::NotFound(format!(
            "no route for `{path}`; the runtime lives at /agents/codemode/<instance>"
        )));
    };
    if instance.len() > 256 {
        return Err(Error::BadRequest("the instance name is longer than 256 characters".into()));
    }
    let objects = env
        .durable_object(&binding_name(namespace))
        .map_err(|_| Error::NotFound(format!("no agent namespace `{namespace}`")))?;
    let stub = objects
        .id_from_name(instance)
        .and_then(|id| id.get_stub())
        .map_err(|e| Error::Internal(e.to_string()))?;
    stub.fetch_with_request(req).await.map_err(|e| Error::Internal(e.to_string()))
}

#[event(fetch)]
async fn fetch(req: Request, env: Env, _ctx: Context) -> worker::Result<Response> {
    match route(req, env).await {
        Ok(response) => Ok(response),
        Err(error) => http::error(&error),
    }
}
