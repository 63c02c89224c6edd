//! Waiting for a timer inside a pass: the host gives a [`Sleeper`] (the shipped Worker one on
//! `setTimeout`); natively a thread stands in.

use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

/// A future that resolves after the given number of ms.
pub type Sleeper = Rc<dyn Fn(u64) -> Pin<Box<dyn Future<Output = ()>>>>;

/// Sleeps on a helper thread (not on wasm, which has none).
#[cfg(not(target_arch = "wasm32"))]
pub fn thread_sleeper() -> Sleeper {
    Rc::new(|ms| Box::pin(native::ThreadSleep::new(ms)))
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::future::Future;
    use std::pin::Pin;
    use std::sync::{Arc, Mutex};
    use std::task::{Context, Poll, Waker};
    use std::time::Duration;

    /// Done flag and the waker to call, shared with the sleeping thread.
    type Shared = Arc<Mutex<(bool, Option<Waker>)>>;

    pub(super) struct ThreadSleep {
        ms: u64,
        shared: Option<Shared>,
    }

    impl ThreadSleep {
        pub(super) fn new(ms: u64) -> Self {
            Self { ms, shared: None }
        }
    }

    impl Future for ThreadSleep {
        type Output = ();

        fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
            let ms = self.ms;
            let shared = self.shared.get_or_insert_with(|| {
                let shared: Shared = Arc::new(Mutex::new((false, None)));
                let theirs = shared.clone();
                std::thread::spawn(move || {
                    std::thread::sleep(Duration::from_millis(ms));
                    if let Ok(mut state) = theirs.lock() {
                        state.0 = true;
                        if let Some(waker) = state.1.take() {
                            waker.wake();
                        }
                    }
                });
                shared
            });
            let Ok(mut state) = shared.lock() else {
                return Poll::Ready(());
            };
            if state.0 {
                return Poll::Ready(());
            }
            state.1 = Some(cx.waker().clone());
            Poll::Pending
        }
    }
}
