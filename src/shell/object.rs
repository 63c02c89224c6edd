//! The shipped Durable Object: one Code Mode runtime per conversation, with the `notes` connector,
//! on the object's SQLite storage.

use std::rc::Rc;

use worker::{durable_object, DurableObject, Env, Request, Response, State, WebSocket, WebSocketIncomingMessage};

use super::{now_ms, serve, SqlStore};
use crate::connector::Connector;
use crate::error::Error;
use crate::notes::NotesConnector;
use crate::runtime::{Clock, Runtime};

#[durable_object]
pub struct CodemodeObject {
    state: State,
    runtime: Result<Runtime, Error>,
}

/// The runtime of one object: storage opened (schema created or upgraded) and connectors built.
fn build_runtime(state: &State) -> Result<Runtime, Error> {
    let store = Rc::new(SqlStore::open(state.storage().sql())?);
    let clock: Clock = Rc::new(now_ms);
    let connectors: Vec<Box<dyn Connector>> = vec![Box::new(NotesConnector::new(store.clone(), clock.clone()))];
    Runtime::new(store, connectors, clock)
}

impl DurableObject for CodemodeObject {
    fn new(state: State, _env: Env) -> Self {
        let runtime = build_runtime(&state);
        Self { state, runtime }
    }

    async fn fetch(&self, req: Request) -> worker::Result<Response> {
        serve::handle_request(self.runtime.as_ref(), &self.state, req).await
    }

    async fn websocket_message(&self, ws: WebSocket, message: WebSocketIncomingMessage) -> worker::Result<()> {
        serve::handle_websocket_message(self.runtime.as_ref(), &self.state, &ws, message).await
    }

    async fn websocket_close(&self, ws: WebSocket, code: usize, reason: String, _clean: bool) -> worker::Result<()> {
        serve::complete_close(&ws, code, &reason);
        Ok(())
    }

    async fn websocket_error(&self, _ws: WebSocket, _error: worker::Error) -> worker::Result<()> {
        Ok(())
    }
}
