//! Implements a set type that preserves insertion order.

use crate::{JsData, JsValue, builtins::map::ordered_map::OrderedMap, object::JsObject};
use boa_gc::{Finalize, Trace};
use std::fmt::Debug;

/// A set: codemode-runtime patch, an [`OrderedMap`] with no values, so the two share how they
/// remove (in O(1), see there) and iterate.
#[derive(Default, Clone, Trace, Finalize, JsData)]
pub struct OrderedSet {
    inner: OrderedMap<()>,
}

impl Debug for OrderedSet {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> Result<(), std::fmt::Error> {
        formatter.debug_set().entries(self.iter()).finish()
    }
}

impl OrderedSet {
    /// Creates a new empty `OrderedSet`.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// codemode-runtime patch: the bytes the set allocates if one more value is added now (0
    /// when it has room): its entries and its index table double together.
    pub(crate) fn growth_bytes(&self) -> usize {
        self.inner.growth_bytes()
    }

    /// Creates a new empty `OrderedSet` with the specified capacity.
    #[must_use]
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            inner: OrderedMap::with_capacity(capacity),
        }
    }

    /// Return the number of elements in the set, including empty elements.
    ///
    /// Computes in **O(1)** time.
    #[must_use]
    pub fn full_len(&self) -> usize {
        self.inner.full_len()
    }

    /// Return the number of elements in the set.
    ///
    /// Computes in **O(1)** time.
    #[must_use]
    pub fn len(&self) -> usize {
        self.inner.len()
    }

    /// Returns true if the set contains no elements.
    ///
    /// Computes in **O(1)** time.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.inner.is_empty()
    }

    /// Insert a value pair in the set.
    ///
    /// If an equivalent value already exists in the set, returns `false` leaving
    /// original value in the set and without altering its insertion order.
    ///
    /// If no equivalent value existed in the set, returns `true` and inserts
    /// the new value at the end of the set.
    ///
    /// Computes in **O(1)** time (amortized average).
    pub fn add(&mut self, value: JsValue) -> bool {
        self.inner.insert(value, ()).is_none()
    }

    /// Delete the `value` from the set and return true if successful
    ///
    /// Return `false` if `value` is not in set.
    ///
    /// Computes in **O(1)** time (amortized average).
    pub fn delete(&mut self, value: &JsValue) -> bool {
        self.inner.remove(value).is_some()
    }

    /// Removes all elements in the set, while preserving its capacity.
    #[inline]
    pub fn clear(&mut self) {
        self.inner.clear();
    }

    /// Checks if a given value is present in the set
    ///
    /// Return `true` if `value` is present in set, false otherwise.
    ///
    /// Computes in **O(1)** time (average).
    #[must_use]
    pub fn contains(&self, value: &JsValue) -> bool {
        self.inner.contains_key(value)
    }

    /// Get a key-value pair by index
    /// Valid indices are 0 <= `index` < `self.len()`
    /// Computes in O(1) time.
    #[must_use]
    pub fn get_index(&self, index: usize) -> Option<&JsValue> {
        self.inner.get_index(index).map(|(value, ())| value)
    }

    /// codemode-runtime patch: see [`OrderedMap::skip_empty_front`].
    #[must_use]
    pub(crate) fn skip_empty_front(&self, index: usize) -> usize {
        self.inner.skip_empty_front(index)
    }

    /// Return an iterator over the values of the set, in their order
    pub fn iter(&self) -> impl Iterator<Item = &JsValue> {
        self.inner.iter().map(|(value, ())| value)
    }

    /// Increases the lock counter and returns a lock object that will decrement the counter when dropped.
    ///
    /// This allows objects to be removed from the set during iteration without affecting the indexes until the iteration has completed.
    pub(crate) fn lock(&mut self) {
        self.inner.lock();
    }

    /// Decreases the lock counter and, if 0, drops the empty entries if they are many.
    pub(crate) fn unlock(&mut self) {
        self.inner.unlock();
    }
}

pub(crate) struct SetLock<'a>(&'a JsObject<OrderedSet>);

impl<'a> SetLock<'a> {
    pub(crate) fn new(js_object: &'a JsObject<OrderedSet>) -> Self {
        js_object.borrow_mut().data_mut().lock();
        Self(js_object)
    }
}

impl Drop for SetLock<'_> {
    fn drop(&mut self) {
        self.0.borrow_mut().data_mut().unlock();
    }
}
