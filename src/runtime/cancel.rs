//! `cancelExecution`: a run no pass is driving ends at once; a pass under way in this object is
//! signalled and ends at its next step, abandoning the calls it was waiting for.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, Waker};

use crate::error::Result;
use crate::journal::{Decision, DecisionKind};
use crate::method::Method;
use crate::run::lifecycle::Who;

use super::Runtime;

/// Set by `cancelExecution` while a pass drives the run; the driver checks it at every step and
/// wakes from waiting for a call when it is set.
#[derive(Default)]
pub(super) struct CancelSignal {
    who: RefCell<Option<Who>>,
    waker: RefCell<Option<Waker>>,
}

impl CancelSignal {
    fn fire(&self, who: Who) {
        self.who.borrow_mut().get_or_insert(who);
        if let Some(waker) = self.waker.borrow_mut().take() {
            waker.wake();
        }
    }

    /// The decision to record, once the signal is set.
    pub(super) fn decision(&self, now: i64) -> Option<Decision> {
        self.who.borrow().as_ref().map(|who| {
            Decision::new(
                DecisionKind::Cancelled,
                who.by.clone(),
                who.reason.clone(),
                now,
            )
        })
    }

    /// Resolves once the signal is set.
    pub(super) fn fired(&self) -> Fired<'_> {
        Fired(self)
    }
}

/// The future of [`CancelSignal::fired`].
pub(super) struct Fired<'a>(&'a CancelSignal);

impl Future for Fired<'_> {
    type Output = ();

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.0.who.borrow().is_some() {
            return Poll::Ready(());
        }
        *self.0.waker.borrow_mut() = Some(cx.waker().clone());
        Poll::Pending
    }
}

impl Runtime {
    /// Cancels the run a request drives under `tag` (see [`Runtime::execute_tagged`]); `false`
    /// when no run has that tag (it finished, or never started).
    pub fn cancel_tagged(&self, tag: &str, who: &Who) -> Result<bool> {
        let id = self.watchers.borrow().tags.get(tag).cloned();
        match id {
            Some(id) => self.cancel_execution(&id, who),
            None => Ok(false),
        }
    }

    /// `cancelExecution`: a paused run, or one left `running` by an interrupted pass, ends
    /// `cancelled` now; a pass under way in this object (awaiting a slow call, say) is told to
    /// stop and ends the run `cancelled` at its next step. Calls that finished stay applied. `false`
    /// for a finished run.
    pub fn cancel_execution(&self, id: &str, who: &Who) -> Result<bool> {
        who.check()?;
        let mut record = self.load(id)?;
        if record.state.status.is_finished() {
            return Ok(false);
        }
        if let Some(signal) = self.cancel_signal(id) {
            signal.fire(who.clone());
            // The pass ends the run at its next step, and that end is told as its cause's.
            self.announce_decision(Method::CancelExecution, id, record.state.status, who);
            return Ok(true);
        }
        if !record.cancel(who, self.now()) {
            return Ok(false);
        }
        self.store.save_execution(&record)?;
        self.announce_decision(Method::CancelExecution, id, record.state.status, who);
        Ok(true)
    }
}
