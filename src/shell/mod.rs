//! The shell: everything that touches `worker::` types. Compiled for wasm32 only.
//!
//! - [`sql_store`]: the Durable Object's SQLite storage behind the core's store traits.
//! - [`ai`]: the Workers AI binding object behind the core's `AiBinding`, for `models.*`.
//! - [`fetch`]: outbound HTTP for the remote connectors (MCP, OpenAPI) over `fetch`.
//! - [`http`]: error codes to HTTP statuses, JSON responses.
//! - [`serve`]: one runtime's routes and WebSocket frames, for any Durable Object.
//! - [`object`] (feature `worker-entry`): the shipped `CodemodeObject` Durable Object.
//! - [`embed`] (feature `embed`): the runtime inside the user's own Durable Object, for the npm
//!   package; [`derive`]: the core's connector derivations for its `McpConnector` and
//!   `OpenApiConnector` classes.
//! - [`entry`] (feature `worker-entry`): the Worker's fetch handler: auth and routing.

pub mod ai;
pub mod fetch;
pub mod http;
pub mod serve;
pub mod sql_store;

#[cfg(feature = "embed")]
pub mod derive;
#[cfg(feature = "embed")]
pub mod embed;
#[cfg(feature = "worker-entry")]
pub mod entry;
#[cfg(feature = "worker-entry")]
pub mod object;

pub use fetch::FetchClient;
pub use sql_store::SqlStore;

/// The host's wall clock in milliseconds.
pub fn now_ms() -> i64 {
    js_sys::Date::now() as i64
}

/// A [`crate::runtime::Scheduler`] over the object's alarm: `setAlarm` is called without waiting
/// (the output gate holds replies until it is stored).
pub fn alarm_scheduler(state: &worker::State) -> crate::runtime::Scheduler {
    let storage = state.storage();
    std::rc::Rc::new(move |at_ms: i64| {
        let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(at_ms as f64));
        let _ = storage.as_raw().set_alarm(date, js_sys::Object::new());
    })
}

/// What a wake-up did: the runs it resumed and expired (`None`: connectors are missing, nothing
/// was woken) and when the next wake-up is asked for.
pub struct Woken {
    pub report: Option<crate::runtime::WakeReport>,
    pub next_wake_at: Option<i64>,
}

/// The host's wake-up fired (an alarm, or the embedding agent's schedule): resumes interrupted
/// and waiting runs, expires paused ones, and asks for the next wake-up. Wake-ups are
/// at-least-once: `wake` only touches runs that still need it. A runtime missing connectors wakes
/// nothing and asks again `retry_ms` later while runs wait.
pub async fn wake_and_reschedule(
    runtime: &crate::runtime::Runtime,
    retry_ms: i64,
) -> crate::error::Result<Woken> {
    runtime.forget_schedule();
    let (report, next_wake_at) = if runtime.unavailable().is_some() {
        let retry = runtime
            .next_wake_at()?
            .map(|_| now_ms().saturating_add(retry_ms));
        (None, retry)
    } else {
        let report = runtime.wake().await?;
        (Some(report), runtime.next_wake_at()?)
    };
    if let Some(at) = next_wake_at {
        runtime.schedule(at);
    }
    Ok(Woken {
        report,
        next_wake_at,
    })
}

/// The last step of building a runtime, in either host: with declared services down it serves
/// reads and rejections only (running scripts waits until every service answers); otherwise it
/// asks to be woken for the runs a restart interrupted (still `running`) and the pauses to expire.
pub fn ready(
    runtime: crate::runtime::Runtime,
    unavailable: Option<crate::error::Error>,
) -> crate::error::Result<crate::runtime::Runtime> {
    if let Some(down) = unavailable {
        return Ok(runtime.with_unavailable_connectors(down));
    }
    if let Some(at) = runtime.next_wake_at()? {
        runtime.schedule(at);
    }
    Ok(runtime)
}

/// Once a request that ran a script is answered: collects the garbage of its VMs and builds the
/// next run's VM ([`crate::sandbox::prepare_next`]) on a zero-delay timer, which fires after the
/// response has left, so the work overlaps its way back to the client instead of lying on the
/// next request's path (a run that comes first builds its VM itself). Only after a run: on a
/// fresh isolate the first VM compiles the prelude, which a request that runs no script (a
/// `GET /tool` right after another) should not wait for.
pub fn prepare_when_idle() {
    if crate::sandbox::garbage_left() {
        wasm_bindgen_futures::spawn_local(async {
            worker::Delay::from(std::time::Duration::ZERO).await;
            crate::sandbox::prepare_next();
        });
    }
}

/// A [`crate::runtime::Sleeper`] on the Workers `setTimeout`.
pub fn delay_sleeper() -> crate::runtime::Sleeper {
    std::rc::Rc::new(|ms: u64| Box::pin(worker::Delay::from(std::time::Duration::from_millis(ms))))
}

/// A [`crate::runtime::ProgressSink`] that sends each event, as its contract frame
/// (`cf_codemode_progress`, `cf_codemode_output`, `cf_codemode_changed`), to every WebSocket
/// connected to the object, whichever transport caused it.
pub fn websocket_progress(state: &worker::State) -> crate::runtime::ProgressSink {
    use wasm_bindgen::JsCast;
    // The object's state handle, owned (the sink outlives the borrow of `state`).
    let handle: &wasm_bindgen::JsValue = state.as_raw().as_ref();
    let state: worker::worker_sys::DurableObjectState = handle.clone().unchecked_into();
    std::rc::Rc::new(move |event: &crate::runtime::Progress| {
        let sockets = state.get_websockets().unwrap_or_default();
        if sockets.is_empty() {
            return;
        }
        let Ok(frame) = serde_json::to_string(event) else {
            return;
        };
        for ws in sockets {
            // A client that went away is not the run's failure.
            let _ = worker::WebSocket::from(ws).send_with_str(&frame);
        }
    })
}
