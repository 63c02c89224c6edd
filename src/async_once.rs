//! A value built once by an async function, shared by the requests of one Durable Object
//! (single-threaded: no locks, wakers in a `RefCell`).
//!
//! The object's runtime needs I/O to be built (remote connectors list their tools), so it cannot
//! be built in the constructor. Requests that arrive while it is being built wait for that build
//! instead of starting their own; a failed build is not kept, so the next request tries again
//! (a remote server that was down may be up by then).

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

pub struct AsyncOnce<T> {
    value: RefCell<Option<Rc<T>>>,
    building: Cell<bool>,
    waiters: RefCell<Vec<Waker>>,
}

impl<T> Default for AsyncOnce<T> {
    fn default() -> Self {
        Self {
            value: RefCell::new(None),
            building: Cell::new(false),
            waiters: RefCell::new(Vec::new()),
        }
    }
}

impl<T> AsyncOnce<T> {
    /// The value, building it with `init` unless it exists or another request is building it.
    pub async fn get_or_try_init<E, F, Fut>(&self, init: F) -> Result<Rc<T>, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<T, E>>,
    {
        loop {
            if let Some(value) = self.value.borrow().as_ref() {
                return Ok(value.clone());
            }
            if !self.building.get() {
                break;
            }
            BuildFinished { once: self }.await;
        }
        self.building.set(true);
        let _finish = FinishBuild { once: self };
        let value = Rc::new(init().await?);
        *self.value.borrow_mut() = Some(value.clone());
        Ok(value)
    }
}

impl<T> AsyncOnce<T> {
    /// Replaces the value (requests holding the old one keep it) and returns the new one.
    pub fn replace(&self, value: T) -> Rc<T> {
        let value = Rc::new(value);
        *self.value.borrow_mut() = Some(value.clone());
        value
    }
}

/// Ends a build, successful or not (also when the request is dropped mid-build), and wakes the
/// requests waiting for it.
struct FinishBuild<'a, T> {
    once: &'a AsyncOnce<T>,
}

impl<T> Drop for FinishBuild<'_, T> {
    fn drop(&mut self) {
        self.once.building.set(false);
        for waker in self.once.waiters.borrow_mut().drain(..) {
            waker.wake();
        }
    }
}

/// Ready once no build is in progress.
struct BuildFinished<'a, T> {
    once: &'a AsyncOnce<T>,
}

impl<T> Future for BuildFinished<'_, T> {
    type Output = ();

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if !self.once.building.get() {
            return Poll::Ready(());
        }
        self.once.waiters.borrow_mut().push(cx.waker().clone());
        Poll::Pending
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// A future that is pending once, so two builds overlap like two requests in an object.
    struct YieldOnce(bool);
    impl Future for YieldOnce {
        type Output = ();
        fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
            if self.0 {
                return Poll::Ready(());
            }
            self.0 = true;
            cx.waker().wake_by_ref();
            Poll::Pending
        }
    }

    #[test]
    fn concurrent_requests_share_one_build() {
        let once: AsyncOnce<u32> = AsyncOnce::default();
        let builds = Cell::new(0);
        let build = || async {
            builds.set(builds.get() + 1);
            YieldOnce(false).await;
            Ok::<_, String>(7)
        };
        let (a, b) = futures_lite::future::block_on(futures_lite::future::zip(
            once.get_or_try_init(build),
            once.get_or_try_init(build),
        ));
        assert_eq!((*a.unwrap(), *b.unwrap()), (7, 7));
        assert_eq!(builds.get(), 1);
    }

    #[test]
    fn a_failed_build_is_retried_by_the_next_request() {
        let once: AsyncOnce<u32> = AsyncOnce::default();
        let first = futures_lite::future::block_on(
            once.get_or_try_init(|| async { Err::<u32, _>("down") }),
        );
        assert_eq!(first.err(), Some("down"));
        let second =
            futures_lite::future::block_on(once.get_or_try_init(|| async { Ok::<_, &str>(3) }));
        assert_eq!(*second.unwrap(), 3);
        let third =
            futures_lite::future::block_on(once.get_or_try_init(|| async { Ok::<_, &str>(9) }));
        assert_eq!(*third.unwrap(), 3, "the built value is kept");
    }
}
