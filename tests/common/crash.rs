//! Injected crashes: a panic whose message starts with [`CRASH`] stands for the host dying; the
//! hook [`quiet_injected_panics`] installs keeps those out of the test output (any other panic is
//! still printed).

use std::any::Any;
use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;
use std::sync::Once;

use async_trait::async_trait;
use codemode_runtime::{CallContext, Connector, ToolError, ToolSpec};
use serde_json::{json, Value};

/// Every injected panic's message starts with this.
pub const CRASH: &str = "injected crash";

/// Installs (once per test binary) a panic hook that prints every panic but the injected ones.
pub fn quiet_injected_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !panic_message(info.payload()).starts_with(CRASH) {
                default(info);
            }
        }));
    });
}

/// The message of a panic (empty if it was not a string).
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// Runs `f`; `Err(panic message)` if it panicked.
pub fn catching<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| panic_message(&*payload))
}

/// Runs `f`; `Ok(None)` if it hit an injected crash, `Err` for any other panic (a bug).
pub fn survive<T>(f: impl FnOnce() -> T) -> Result<Option<T>, String> {
    match catching(f) {
        Ok(value) => Ok(Some(value)),
        Err(message) if message.starts_with(CRASH) => Ok(None),
        Err(message) => Err(format!("a panic that was not injected: {message}")),
    }
}

/// A connector whose one method crashes the host (an injected panic, before any effect) while
/// `left` is above 0, counting down, and then returns `result`. `calls` counts every call.
pub struct Crashy {
    pub name: &'static str,
    pub method: &'static str,
    pub result: Value,
    pub left: Rc<Cell<u32>>,
    pub calls: Rc<Cell<u32>>,
}

#[async_trait(?Send)]
impl Connector for Crashy {
    fn name(&self) -> &str {
        self.name
    }
    fn tools(&self) -> Vec<ToolSpec> {
        vec![ToolSpec::new(
            self.method,
            "Crashes the host while it has crashes left.",
            json!({"type": "object"}),
        )]
    }
    async fn execute(&self, _args: Value, _ctx: &CallContext) -> Result<Value, ToolError> {
        self.calls.set(self.calls.get() + 1);
        if self.left.get() > 0 {
            self.left.set(self.left.get() - 1);
            panic!("{CRASH}: {}.{}", self.name, self.method);
        }
        Ok(self.result.clone())
    }
}
