//! The shipped Durable Object: one Code Mode runtime per conversation, with the `notes` connector
//! and the services declared in `CODEMODE_CONNECTORS`, on the object's SQLite storage.
//!
//! The runtime is built on the object's first request (or alarm), not in the constructor: remote
//! connectors need `fetch` to learn their tools. Until a build succeeds, each request gets the
//! build's error (`INVALID_CONFIG`, `CONNECTOR_UNAVAILABLE`) and the next one tries again.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use worker::{
    durable_object, DurableObject, Env, Request, Response, State, WebSocket,
    WebSocketIncomingMessage,
};

use super::{
    alarm_scheduler, delay_sleeper, now_ms, serve, websocket_progress, FetchClient, SqlStore,
};
use crate::async_once::AsyncOnce;
use crate::connector::Connector;
use crate::error::Error;
use crate::models::config as models_config;
use crate::notes::NotesConnector;
use crate::remote::config as connectors_config;
use crate::runtime::{Clock, Runtime, RuntimeConfig};

#[durable_object]
pub struct CodemodeObject {
    state: State,
    env: Env,
    runtime: AsyncOnce<Runtime>,
    /// When the last build ended, to pace reconnecting to services that were down.
    built_at: Cell<i64>,
    /// A request is reconnecting right now.
    reconnecting: Cell<bool>,
    /// Why the last build failed, if it did (it ended at `built_at`).
    failed: RefCell<Option<Error>>,
}

/// How long a runtime missing connectors is kept before the next request or alarm tries to
/// connect them again.
const RECONNECT_AFTER_MS: i64 = 5_000;

/// The runtime's limits: defaults, overridden by the Worker's vars.
fn runtime_config(env: &Env) -> Result<RuntimeConfig, Error> {
    RuntimeConfig::from_vars(&|name| env.var(name).ok().map(|var| var.to_string()))
}

/// A declaration var (`CODEMODE_CONNECTORS`, `CODEMODE_MODELS`) as JSON text: a string var, or
/// a JSON value (a TOML table or array in `[vars]`). Unset is empty text.
fn json_var(env: &Env, name: &str) -> Result<String, Error> {
    // Read the raw binding: `Env::object_var` accepts only objects, and a declaration may be an array.
    let value = js_sys::Reflect::get(env, &wasm_bindgen::JsValue::from_str(name))
        .unwrap_or(wasm_bindgen::JsValue::UNDEFINED);
    if value.is_undefined() || value.is_null() {
        return Ok(String::new());
    }
    if let Some(text) = value.as_string() {
        return Ok(text);
    }
    js_sys::JSON::stringify(&value)
        .ok()
        .and_then(|text| text.as_string())
        .ok_or_else(|| Error::InvalidConfig(format!("{name} cannot be read as JSON")))
}

/// A secret (or, for local development, a plain var) by name.
fn secret(env: &Env, name: &str) -> Option<String> {
    env.secret(name)
        .or_else(|_| env.var(name))
        .ok()
        .map(|s| s.to_string())
}

/// The runtime of one object: storage opened (schema created or upgraded) and connectors built.
async fn build_runtime(state: &State, env: &Env) -> Result<Runtime, Error> {
    let config = runtime_config(env)?;
    let store = Rc::new(SqlStore::open(state.storage().sql())?);
    let clock: Clock = Rc::new(now_ms);
    let notes = NotesConnector::new(store.clone(), clock.clone());
    let models = super::ai::models_connector(
        &json_var(env, models_config::VAR)?,
        &|name| secret(env, name),
        env,
        store.clone(),
        clock.clone(),
    )?;
    let mut taken = vec![notes.name()];
    if models.is_some() {
        taken.push(crate::models::CONNECTOR_NAME);
    }
    let declared = connectors_config::parse(
        &json_var(env, connectors_config::VAR)?,
        &|name| secret(env, name),
        &taken,
    )?;
    let mut connectors: Vec<Box<dyn Connector>> = vec![Box::new(notes)];
    if let Some(models) = models {
        connectors.push(Box::new(models));
    }
    let connected = connectors_config::connect(declared, Rc::new(FetchClient)).await?;
    connectors.extend(connected.connectors);
    let runtime = Runtime::new(store, connectors, clock)?
        .with_config(config)
        .with_scheduler(alarm_scheduler(state))
        .with_sleeper(delay_sleeper())
        .with_progress(websocket_progress(state));
    super::ready(runtime, connected.unavailable)
}

impl CodemodeObject {
    /// The runtime, built on first use. One missing connectors is rebuilt (reconnecting them)
    /// once [`RECONNECT_AFTER_MS`] passed since the last attempt ended: the request that finds it
    /// due waits for the attempt, the others keep being served by the current runtime meanwhile.
    async fn runtime(&self) -> Result<Rc<Runtime>, Error> {
        let build = || async {
            // A build that failed (bad configuration) is answered from memory for a while
            // instead of repeating every handshake on each request.
            if let Some(error) = self.failed.borrow().as_ref() {
                if now_ms() < self.built_at.get().saturating_add(RECONNECT_AFTER_MS) {
                    return Err(error.clone());
                }
            }
            let built = build_runtime(&self.state, &self.env).await;
            self.built_at.set(now_ms());
            *self.failed.borrow_mut() = built.as_ref().err().cloned();
            built
        };
        let runtime = self.runtime.get_or_try_init(build).await?;
        let due = now_ms() >= self.built_at.get().saturating_add(RECONNECT_AFTER_MS);
        if runtime.unavailable().is_none() || !due || self.reconnecting.replace(true) {
            return Ok(runtime);
        }
        let rebuilt = build().await;
        self.reconnecting.set(false);
        match rebuilt {
            Ok(fresh) => Ok(self.runtime.replace(fresh)),
            Err(_) => Ok(runtime),
        }
    }
}

impl DurableObject for CodemodeObject {
    fn new(state: State, env: Env) -> Self {
        Self {
            state,
            env,
            runtime: AsyncOnce::default(),
            built_at: Cell::new(0),
            reconnecting: Cell::new(false),
            failed: RefCell::new(None),
        }
    }

    async fn fetch(&self, req: Request) -> worker::Result<Response> {
        let runtime = self.runtime().await;
        let response =
            serve::handle_shared_request(runtime, &self.state, req, &super::entry::keys(&self.env))
                .await;
        super::prepare_when_idle();
        response
    }

    async fn websocket_message(
        &self,
        ws: WebSocket,
        message: WebSocketIncomingMessage,
    ) -> worker::Result<()> {
        let runtime = self.runtime().await;
        let handled = serve::handle_websocket_message_with(
            runtime.as_deref(),
            &ws,
            message,
            &super::entry::keys(&self.env),
        )
        .await;
        super::prepare_when_idle();
        handled
    }

    /// Alarms are at-least-once: `wake` only touches runs that still need it. A runtime that
    /// cannot be built fails the alarm, which the platform retries; one missing connectors sets
    /// the next alarm itself, so interrupted runs resume once the services are back.
    async fn alarm(&self) -> worker::Result<Response> {
        let runtime = self
            .runtime()
            .await
            .map_err(|error| worker::Error::RustError(error.to_string()))?;
        let outcome = super::wake_and_reschedule(&runtime, RECONNECT_AFTER_MS).await;
        super::prepare_when_idle();
        let outcome = outcome.map_err(|error| worker::Error::RustError(error.to_string()))?;
        Response::ok(match outcome.report {
            None => "connectors unavailable; trying again later".to_string(),
            Some(report) => format!(
                "resumed {}, expired {}",
                report.resumed.len(),
                report.expired.len()
            ),
        })
    }

    async fn websocket_close(
        &self,
        ws: WebSocket,
        code: usize,
        reason: String,
        _clean: bool,
    ) -> worker::Result<()> {
        serve::complete_close(&ws, code, &reason);
        Ok(())
    }

    async fn websocket_error(&self, _ws: WebSocket, _error: worker::Error) -> worker::Result<()> {
        Ok(())
    }
}
