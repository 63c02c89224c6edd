//! A response body of server-sent events that drives the request it answers: each poll runs the
//! request on, and the JSON-RPC messages it sends meanwhile (`notifications/progress`) go out as
//! events before its reply. Pure (futures only); the shell hands it to a `Response`.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Wake, Waker};

use serde_json::Value;

use crate::mcp::Notify;

/// The events of one request, ending with its reply.
///
/// Each poll of a response body comes from another task (one per pull of the stream), but a
/// future may keep the first waker it was polled with (`worker::Delay`, the Workers `setTimeout`,
/// does): the request is polled with one waker for its whole life, which wakes whichever pull
/// waits now. (Polled with each pull's own waker, a run waiting for a timer after its first
/// notification never woke again.)
pub struct EventStream {
    queue: Rc<RefCell<VecDeque<Value>>>,
    reply: Option<Pin<Box<dyn Future<Output = Option<Value>>>>>,
    waker: Arc<ForwardingWaker>,
}

impl EventStream {
    /// `request(notify)` answers the request (its reply, if any), sending messages with `notify`
    /// as it goes.
    pub fn new<F, R>(request: F) -> Self
    where
        F: FnOnce(Notify) -> R,
        R: Future<Output = Option<Value>> + 'static,
    {
        let queue: Rc<RefCell<VecDeque<Value>>> = Rc::default();
        let sink = queue.clone();
        let notify: Notify = Rc::new(move |message| sink.borrow_mut().push_back(message));
        Self {
            queue,
            reply: Some(Box::pin(request(notify))),
            waker: Arc::new(ForwardingWaker(Mutex::new(None))),
        }
    }

    fn next_event(&self) -> Option<Vec<u8>> {
        let message = self.queue.borrow_mut().pop_front()?;
        Some(format!("event: message\ndata: {message}\n\n").into_bytes())
    }
}

impl futures_lite::Stream for EventStream {
    type Item = Vec<u8>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Vec<u8>>> {
        if let Some(event) = self.next_event() {
            return Poll::Ready(Some(event));
        }
        self.waker.forward_to(cx.waker());
        let stable = Waker::from(self.waker.clone());
        let Some(reply) = self.reply.as_mut() else {
            return Poll::Ready(None);
        };
        if let Poll::Ready(reply) = reply.as_mut().poll(&mut Context::from_waker(&stable)) {
            self.reply = None;
            if let Some(body) = reply {
                self.queue.borrow_mut().push_back(body);
            }
        }
        match self.next_event() {
            Some(event) => Poll::Ready(Some(event)),
            None if self.reply.is_none() => Poll::Ready(None),
            None => Poll::Pending,
        }
    }
}

/// A waker that wakes the waker most recently given to it.
struct ForwardingWaker(Mutex<Option<Waker>>);

impl ForwardingWaker {
    fn forward_to(&self, waker: &Waker) {
        if let Ok(mut current) = self.0.lock() {
            *current = Some(waker.clone());
        }
    }
}

impl Wake for ForwardingWaker {
    fn wake(self: Arc<Self>) {
        self.wake_by_ref();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        let waker = self.0.lock().ok().and_then(|mut current| current.take());
        if let Some(waker) = waker {
            waker.wake();
        }
    }
}
