//! The shipped Durable Object: one Code Mode runtime per conversation, with the `notes` connector,
//! on the object's SQLite storage.

use std::rc::Rc;

use worker::{durable_object, DurableObject, Env, Request, Response, State, WebSocket, WebSocketIncomingMessage};

use super::{alarm_scheduler, now_ms, serve, SqlStore};
use crate::connector::Connector;
use crate::error::Error;
use crate::notes::NotesConnector;
use crate::runtime::{Clock, Runtime, RuntimeConfig};

#[durable_object]
pub struct CodemodeObject {
    state: State,
    runtime: Result<Runtime, Error>,
}

/// Reads a numeric setting from a var, naming it in the error when it does not parse.
fn numeric_var<T: std::str::FromStr>(env: &Env, name: &str) -> Result<Option<T>, Error> {
    let Ok(var) = env.var(name) else { return Ok(None) };
    let text = var.to_string();
    text.trim().parse().map(Some).map_err(|_| {
        Error::InvalidConfig(format!("`{name}` must be a non-negative integer, got {text:?}"))
    })
}

/// The runtime's limits: defaults, overridden by the Worker's vars.
fn runtime_config(env: &Env) -> Result<RuntimeConfig, Error> {
    let mut config = RuntimeConfig::default();
    if let Some(budget) = numeric_var(env, "CODEMODE_INSTRUCTION_BUDGET")? {
        config.sandbox.instruction_budget = budget;
    }
    if let Some(keep) = numeric_var(env, "CODEMODE_KEEP_FINISHED")? {
        config.keep_finished = keep;
    }
    if let Some(ttl) = numeric_var(env, "CODEMODE_PAUSED_TTL_MS")? {
        config.paused_ttl_ms = ttl;
    }
    Ok(config)
}

/// The runtime of one object: storage opened (schema created or upgraded) and connectors built.
fn build_runtime(state: &State, env: &Env) -> Result<Runtime, Error> {
    let store = Rc::new(SqlStore::open(state.storage().sql())?);
    let clock: Clock = Rc::new(now_ms);
    let connectors: Vec<Box<dyn Connector>> = vec![Box::new(NotesConnector::new(store.clone(), clock.clone()))];
    let runtime = Runtime::new(store, connectors, clock)?
        .with_config(runtime_config(env)?)
        .with_scheduler(alarm_scheduler(state));
    // Runs interrupted by a restart (still `running`) and paused runs to expire: wake for them.
    if let Some(at) = runtime.next_wake_at()? {
        runtime.schedule(at);
    }
    Ok(runtime)
}

impl DurableObject for CodemodeObject {
    fn new(state: State, env: Env) -> Self {
        let runtime = build_runtime(&state, &env);
        Self { state, runtime }
    }

    async fn fetch(&self, req: Request) -> worker::Result<Response> {
        serve::handle_request(self.runtime.as_ref(), &self.state, req).await
    }

    async fn websocket_message(&self, ws: WebSocket, message: WebSocketIncomingMessage) -> worker::Result<()> {
        serve::handle_websocket_message(self.runtime.as_ref(), &self.state, &ws, message).await
    }

    /// Alarms are at-least-once: `wake` only touches runs that still need it.
    async fn alarm(&self) -> worker::Result<Response> {
        if let Ok(runtime) = &self.runtime {
            runtime.forget_schedule();
            let report = runtime.wake().await.map_err(|e| worker::Error::RustError(e.to_string()))?;
            if let Some(at) = runtime.next_wake_at().map_err(|e| worker::Error::RustError(e.to_string()))? {
                runtime.schedule(at);
            }
            return Response::ok(format!("resumed {}, expired {}", report.resumed.len(), report.expired.len()));
        }
        Response::ok("no runtime")
    }

    async fn websocket_close(&self, ws: WebSocket, code: usize, reason: String, _clean: bool) -> worker::Result<()> {
        serve::complete_close(&ws, code, &reason);
        Ok(())
    }

    async fn websocket_error(&self, _ws: WebSocket, _error: worker::Error) -> worker::Result<()> {
        Ok(())
    }
}
