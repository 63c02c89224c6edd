//! The runtime a test drives: a [`MemoryStore`], the `notes` and `counter` connectors, and a clock
//! that ticks 7 ms per reading; [`run`] to wait for its futures.
//!
//! Shared with the fuzz crate (`fuzz/src/kit.rs` includes this file by path): it may use only
//! `codemode-runtime`, `async-trait`, `futures`, `serde_json` and its sibling `counter.rs`.

use std::cell::Cell;
use std::rc::Rc;

use codemode_runtime::model::{ExecuteOutput, ExecutionState};
use codemode_runtime::notes::{NoteStore, NotesConnector};
use codemode_runtime::{Connector, ExecutionRecord, MemoryStore, Runtime, RuntimeConfig, Store};

use super::counter::{Counter, CounterConnector};

/// The instant every fixture clock starts at.
pub const T0: i64 = 1_700_000_000_000;

/// Waits for `future` on the current thread (the runtime's futures are not `Send`).
pub fn run<F: std::future::Future>(future: F) -> F::Output {
    futures::executor::block_on(future)
}

/// A clock over `time` that moves it 7 ms forward at each reading: deterministic, and no two
/// readings are alike.
pub fn tick_clock(time: Rc<Cell<i64>>) -> Rc<dyn Fn() -> i64> {
    Rc::new(move || {
        time.set(time.get() + 7);
        time.get()
    })
}

/// Sleeps by moving `time` forward (at once): a pass waiting for a timer takes no real time.
pub fn skipping_sleeper(time: Rc<Cell<i64>>) -> codemode_runtime::runtime::Sleeper {
    Rc::new(move |ms| {
        time.set(time.get() + ms as i64);
        Box::pin(std::future::ready(()))
    })
}

/// A clock that always reads [`T0`]: every timestamp of a run is the same in every repetition.
pub fn still_clock() -> Rc<dyn Fn() -> i64> {
    Rc::new(|| T0)
}

/// The connectors of every fixture, in order: `notes` over `store`, `counter` over `counter`.
pub fn fixture_connectors(
    store: Rc<dyn NoteStore>,
    counter: Rc<Counter>,
    now: Rc<dyn Fn() -> i64>,
) -> Vec<Box<dyn Connector>> {
    vec![
        Box::new(NotesConnector::new(store, now)),
        Box::new(CounterConnector(counter)),
    ]
}

/// A runtime and the durable state it works on. Everything but `runtime` survives a restart
/// ([`Fixture::restarted`]).
pub struct Fixture {
    pub runtime: Runtime,
    pub store: Rc<MemoryStore>,
    pub counter: Rc<Counter>,
    /// The time the clock read last.
    pub clock: Rc<Cell<i64>>,
}

/// A fixture over an empty store with the default configuration.
pub fn fixture() -> Fixture {
    Fixture::over(Rc::new(MemoryStore::new()))
}

/// A fixture whose runtime uses `config`.
pub fn fixture_with(config: RuntimeConfig) -> Fixture {
    fixture().with_config(config)
}

impl Fixture {
    /// A fixture over `store`: a new counter, the clock at [`T0`], the default configuration.
    pub fn over(store: Rc<MemoryStore>) -> Fixture {
        let counter = Rc::new(Counter::default());
        let clock = Rc::new(Cell::new(T0));
        let runtime = runtime_over(&store, &counter, &clock, Vec::new());
        Fixture {
            runtime,
            store,
            counter,
            clock,
        }
    }

    /// This fixture with its runtime using `config`.
    pub fn with_config(mut self, config: RuntimeConfig) -> Fixture {
        self.runtime = self.runtime.with_config(config);
        self
    }

    /// A new runtime over this fixture's store, counter and clock, as after a restart (no VM, no
    /// busy set survives from `self.runtime`), with `extra` connectors after `notes` and
    /// `counter`, and the default configuration.
    pub fn restarted(&self, extra: Vec<Box<dyn Connector>>) -> Runtime {
        runtime_over(&self.store, &self.counter, &self.clock, extra)
    }

    pub fn execute(&self, code: &str) -> ExecuteOutput {
        run(self.runtime.execute(code)).expect("execute")
    }

    pub fn approve(&self, id: &str) -> ExecuteOutput {
        run(self.runtime.approve_execution(id)).expect("approve")
    }

    pub fn state(&self, id: &str) -> ExecutionState {
        self.runtime.execution(id).expect("execution")
    }

    pub fn reject(&self, id: &str, seq: u32) -> bool {
        self.runtime.reject_execution(id, seq).expect("reject")
    }

    pub fn record(&self, id: &str) -> ExecutionRecord {
        self.store
            .load_execution(id)
            .expect("load")
            .expect("stored record")
    }

    /// Changes the stored record of `id` behind the runtime's back.
    pub fn tamper(&self, id: &str, change: impl FnOnce(&mut ExecutionRecord)) {
        let mut record = self.record(id);
        change(&mut record);
        self.store.save_execution(&record).expect("save");
    }

    /// `(idempotency key, times applied)` of every `counter.bump`/`guardedBump` so far.
    pub fn effects(&self) -> Vec<(String, u32)> {
        self.counter
            .effects
            .borrow()
            .iter()
            .map(|(k, v)| (k.clone(), *v))
            .collect()
    }

    pub fn total(&self) -> i64 {
        self.counter.total.get()
    }
}

/// A runtime over `store` with the fixture connectors, then `extra`, on a [`tick_clock`] over
/// `clock`, sleeping with a [`skipping_sleeper`].
fn runtime_over(
    store: &Rc<MemoryStore>,
    counter: &Rc<Counter>,
    clock: &Rc<Cell<i64>>,
    extra: Vec<Box<dyn Connector>>,
) -> Runtime {
    let now = tick_clock(clock.clone());
    let mut connectors = fixture_connectors(store.clone(), counter.clone(), now.clone());
    connectors.extend(extra);
    Runtime::new(store.clone(), connectors, now)
        .expect("runtime")
        .with_sleeper(skipping_sleeper(clock.clone()))
}
