//! A connector whose calls wait until the test lets them finish: for races and cancellation
//! while a call is under way.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use async_trait::async_trait;
use codemode_runtime::{CallContext, Connector, ToolError, ToolSpec};
use futures::channel::oneshot;
use serde_json::{json, Value};

/// Calls to `gate.wait(args)` wait until the test opens them.
#[derive(Default)]
pub struct Gate {
    /// `(idempotency key, args, where to send the result)` of each waiting call.
    pub waiting: RefCell<Vec<(String, Value, oneshot::Sender<Value>)>>,
    pub calls: Cell<u32>,
}

impl Gate {
    pub fn waiting(&self) -> usize {
        self.waiting.borrow().len()
    }

    /// The execution id of the first waiting call.
    pub fn first_execution(&self) -> String {
        let waiting = self.waiting.borrow();
        let key = &waiting.first().expect("a waiting call").0;
        key.rsplit_once(':').expect("execution:seq").0.to_string()
    }

    /// Lets the first waiting call (or the one whose args match) return `value`.
    pub fn open(&self, args: Option<&Value>, value: Value) {
        let mut waiting = self.waiting.borrow_mut();
        let index = match args {
            Some(args) => waiting
                .iter()
                .position(|(_, a, _)| a == args)
                .expect("a call with these args"),
            None => 0,
        };
        let (_, _, sender) = waiting.remove(index);
        sender.send(value).expect("the call still waits");
    }
}

pub struct GateConnector(pub Rc<Gate>);

#[async_trait(?Send)]
impl Connector for GateConnector {
    fn name(&self) -> &str {
        "gate"
    }
    fn tools(&self) -> Vec<ToolSpec> {
        vec![ToolSpec::new(
            "wait",
            "Waits until the test opens it.",
            json!({"type": "object"}),
        )]
    }
    async fn execute(&self, args: Value, ctx: &CallContext) -> Result<Value, ToolError> {
        self.0.calls.set(self.0.calls.get() + 1);
        let (sender, receiver) = oneshot::channel();
        self.0
            .waiting
            .borrow_mut()
            .push((ctx.idempotency_key(), args, sender));
        receiver
            .await
            .map_err(|_| ToolError::new("the gate was dropped"))
    }
}
