//! Implements a map type that preserves insertion order.

use crate::{JsData, JsValue, object::JsObject};
use boa_gc::{Finalize, Trace, custom_trace};
use indexmap::{Equivalent, IndexMap};
use rustc_hash::FxBuildHasher;
use std::{
    fmt::Debug,
    hash::{Hash, Hasher},
};

#[derive(PartialEq, Eq, Clone, Debug)]
pub(crate) enum MapKey {
    Key(JsValue),
    Empty(usize), // Necessary to ensure empty keys are still unique.
}

// This ensures that a MapKey::Key(value) hashes to the same as value. The derived PartialEq implementation still holds.
impl Hash for MapKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            Self::Key(v) => v.hash(state),
            Self::Empty(e) => e.hash(state),
        }
    }
}

impl Equivalent<MapKey> for JsValue {
    fn equivalent(&self, key: &MapKey) -> bool {
        match key {
            MapKey::Key(v) => v == self,
            MapKey::Empty(_) => false,
        }
    }
}

/// A structure wrapping `indexmap::IndexMap`.
///
/// codemode-runtime patch: a removed entry leaves an empty entry in its place, locked or not,
/// and the empty entries are dropped together once they outnumber the others while nothing
/// iterates: `delete` is O(1) amortised. It shifted every later entry when the map was not
/// locked (`shift_remove`), so deleting 1e5 keys in insertion order took 22 s natively, one
/// instruction each, and a cache evicting its oldest key (`m.delete(m.keys().next().value)`) was
/// quadratic. The entries before `first_live` are all empty, so an iterator starting at the
/// front does not step over the ones such a cache leaves there. The values are stored without
/// an `Option` (an empty entry holds `V::default()`), and `OrderedSet` is an `OrderedMap<()>`.
#[derive(Finalize, JsData)]
pub struct OrderedMap<V> {
    // codemode-runtime patch: hashed with `FxBuildHasher` (a unit type) rather than std's
    // `RandomState` (two `u64`s, which aligned the object data to 8 on wasm32). Order is
    // insertion order either way.
    map: IndexMap<MapKey, V, FxBuildHasher>,
    lock: u32,
    empty_count: usize,
    /// Every entry before this index is empty.
    first_live: usize,
}

/// The fewest empty entries dropped at once: a small map is not rebuilt on every `delete`.
const MIN_EMPTY_TO_COMPACT: usize = 16;

unsafe impl<V: Trace> Trace for OrderedMap<V> {
    custom_trace!(this, mark, {
        for (k, v) in &this.map {
            if let MapKey::Key(key) = k {
                mark(key);
            }
            mark(v);
        }
    });
}

/// codemode-runtime patch: a copy is not locked (nothing iterates over it yet); `Set`'s
/// `difference` copies a set an iterator may hold locked.
impl<V: Clone> Clone for OrderedMap<V> {
    fn clone(&self) -> Self {
        Self {
            map: self.map.clone(),
            lock: 0,
            empty_count: self.empty_count,
            first_live: self.first_live,
        }
    }
}

impl<V: Debug> Debug for OrderedMap<V> {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> Result<(), std::fmt::Error> {
        self.map.fmt(formatter)
    }
}

impl<V> Default for OrderedMap<V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<V> OrderedMap<V> {
    /// Creates a new empty `OrderedMap`.
    #[must_use]
    pub fn new() -> Self {
        Self::with_capacity(0)
    }

    /// codemode-runtime patch: the bytes the map allocates if one more entry is inserted now
    /// (0 when it has room): its entries and its index table double together.
    pub(crate) fn growth_bytes(&self) -> usize {
        let entry = size_of::<MapKey>() + size_of::<V>() + 2 * size_of::<usize>() + 1;
        crate::heap::doubling_bytes(self.map.len(), self.map.capacity(), entry)
    }

    /// Creates a new empty `OrderedMap` with the specified capacity.
    #[must_use]
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            map: IndexMap::with_capacity_and_hasher(capacity, FxBuildHasher),
            lock: 0,
            empty_count: 0,
            first_live: 0,
        }
    }

    /// Return the number of key-value pairs in the map, including empty values.
    ///
    /// Computes in **O(1)** time.
    #[must_use]
    pub fn full_len(&self) -> usize {
        self.map.len()
    }

    /// Gets the number of key-value pairs in the map, not including empty values.
    ///
    /// Computes in **O(1)** time.
    #[must_use]
    pub fn len(&self) -> usize {
        self.map.len() - self.empty_count
    }

    /// Returns true if the map contains no elements.
    ///
    /// Computes in **O(1)** time.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Insert a key-value pair in the map.
    ///
    /// If an equivalent key already exists in the map: the key remains and
    /// retains in its place in the order, its corresponding value is updated
    /// with `value` and the older value is returned inside `Some(_)`.
    ///
    /// If no equivalent key existed in the map: the new key-value pair is
    /// inserted, last in order, and `None` is returned.
    ///
    /// Computes in **O(1)** time (amortized average).
    pub fn insert(&mut self, key: JsValue, value: V) -> Option<V> {
        self.map.insert(MapKey::Key(key), value)
    }

    /// Removes all elements from the map and resets the counter of
    /// empty entries.
    pub fn clear(&mut self) {
        self.map.clear();
        self.map.shrink_to_fit();
        self.empty_count = 0;
        self.first_live = 0;
    }

    /// Return a reference to the value stored for `key`, if it is present,
    /// else `None`.
    ///
    /// Computes in **O(1)** time (average).
    pub fn get(&self, key: &JsValue) -> Option<&V> {
        self.map.get(key)
    }

    /// Get a key-value pair by index.
    ///
    /// Valid indices are `0 <= index < self.full_len()`.
    ///
    /// Computes in O(1) time.
    #[must_use]
    pub fn get_index(&self, index: usize) -> Option<(&JsValue, &V)> {
        match self.map.get_index(index)? {
            (MapKey::Key(key), value) => Some((key, value)),
            (MapKey::Empty(_), _) => None,
        }
    }

    /// codemode-runtime patch: where an iteration at `index` goes on: past the empty entries
    /// at the front.
    #[must_use]
    pub(crate) fn skip_empty_front(&self, index: usize) -> usize {
        index.max(self.first_live)
    }

    /// Return an iterator over the key-value pairs of the map, in their order
    pub fn iter(&self) -> impl Iterator<Item = (&JsValue, &V)> {
        self.map.iter().filter_map(|o| match o {
            (MapKey::Key(key), value) => Some((key, value)),
            (MapKey::Empty(_), _) => None,
        })
    }

    /// Return `true` if an equivalent to `key` exists in the map.
    ///
    /// Computes in **O(1)** time (average).
    #[must_use]
    pub fn contains_key(&self, key: &JsValue) -> bool {
        self.map.contains_key(key)
    }

    /// Increases the lock counter.
    ///
    /// This allows objects to be removed from the map during iteration without affecting the indexes until the iteration has completed.
    pub(crate) fn lock(&mut self) {
        self.lock += 1;
    }

    /// Decreases the lock counter and, if 0, drops the empty entries if they are many.
    pub(crate) fn unlock(&mut self) {
        self.lock -= 1;
        self.compact_if_sparse();
    }

    /// codemode-runtime patch: drops the empty entries once they outnumber the others, if
    /// nothing iterates over the map's indices (the lock is 0): the indices of the entries after
    /// them change.
    fn compact_if_sparse(&mut self) {
        if self.lock == 0
            && self.empty_count >= MIN_EMPTY_TO_COMPACT
            && self.empty_count > self.len()
        {
            self.map.retain(|k, _| matches!(k, MapKey::Key(_)));
            self.empty_count = 0;
            self.first_live = 0;
        }
    }
}

impl<V: Default> OrderedMap<V> {
    /// Remove the key-value pair equivalent to `key` and return
    /// its value.
    ///
    /// codemode-runtime patch: the pair's place keeps an empty entry, so the indices of the
    /// others stay as they are (an iterator's, a `forEach`'s); the empty entries are dropped
    /// together once they outnumber the others and nothing iterates.
    ///
    /// Return `None` if `key` is not in map.
    ///
    /// Computes in **O(1)** time (amortized average).
    pub fn remove(&mut self, key: &JsValue) -> Option<V> {
        let index = self.map.get_index_of(key)?;
        // The empty entry goes last, and takes the removed pair's place.
        self.map
            .insert(MapKey::Empty(self.empty_count), V::default());
        self.empty_count += 1;
        let (_, value) = self.map.swap_remove_index(index)?;
        if index == self.first_live {
            while matches!(
                self.map.get_index(self.first_live),
                Some((MapKey::Empty(_), _))
            ) {
                self.first_live += 1;
            }
        }
        self.compact_if_sparse();
        Some(value)
    }
}

pub(crate) struct MapLock<'a, V: Trace + 'static>(&'a JsObject<OrderedMap<V>>);

impl<'a, V: Trace + 'static> MapLock<'a, V> {
    pub(crate) fn new(js_object: &'a JsObject<OrderedMap<V>>) -> Self {
        js_object.borrow_mut().data_mut().lock();
        Self(js_object)
    }
}

impl<V: Trace + 'static> Drop for MapLock<'_, V> {
    fn drop(&mut self) {
        self.0.borrow_mut().data_mut().unlock();
    }
}
