//! codemode-runtime patch: an object's property values, the first two in the object itself.
//!
//! Upstream keeps them in a `Vec<JsValue>`: 12 bytes in the object on wasm32 (24 natively) and a
//! second allocation for every object with a property — `{i, s}`, a closure's `length` and
//! `name`, an array's `length`. Here the object holds 16 bytes: up to two values, or, once there
//! are more, a heap block's address, length and capacity. The first word tells which: a value or
//! an unused slot's mark (`JsValue::storage_empty`) means inline, the heap mark
//! (`JsValue::storage_heap`, which carries the block's address) means moved. Neither mark is a
//! value: nothing outside this file sees one.

use crate::JsValue;
use boa_gc::{Finalize, Trace, custom_trace};
use std::{
    fmt,
    mem::{self, ManuallyDrop},
    ops::{Index, IndexMut},
    ptr::{self, NonNull},
    slice,
};

/// How many values an object holds without a heap block.
const INLINE: usize = 2;

/// The values of an object's named properties, in slot order (see [`super::shape::Shape`]).
#[repr(C)]
pub(crate) struct ObjectStorage {
    /// The first value, the empty mark, or the heap mark with the block's address.
    first: JsValue,
    /// Inline: the second value or the empty mark. Moved: the block's length and capacity.
    second: Second,
}

#[repr(C)]
union Second {
    value: ManuallyDrop<JsValue>,
    counts: [usize; 2],
}

// On wasm32, the 16 bytes of the `Vec` (12) and the padding after `extensible` (4) it replaces.
#[cfg(target_pointer_width = "32")]
static_assertions::const_assert_eq!(size_of::<ObjectStorage>(), 16);

impl ObjectStorage {
    /// No values.
    #[must_use]
    pub(crate) const fn new() -> Self {
        Self {
            first: JsValue::storage_empty(),
            second: Second {
                value: ManuallyDrop::new(JsValue::storage_empty()),
            },
        }
    }

    /// No values, with room for `capacity` (inline up to two).
    #[must_use]
    pub(crate) fn with_capacity(capacity: usize) -> Self {
        if capacity <= INLINE {
            Self::new()
        } else {
            Self::moved(Vec::with_capacity(capacity))
        }
    }

    /// Values in a heap block (any length).
    fn moved(values: Vec<JsValue>) -> Self {
        let mut values = ManuallyDrop::new(values);
        let counts = [values.len(), values.capacity()];
        // A vector's pointer is never null (dangling but aligned when empty, so 4 or more).
        let block = NonNull::new(values.as_mut_ptr()).unwrap_or(NonNull::dangling());
        Self {
            first: JsValue::storage_heap(block),
            second: Second { counts },
        }
    }

    /// The heap block, when the values were moved there.
    #[inline(always)]
    fn block(&self) -> Option<NonNull<JsValue>> {
        self.first.storage_heap_block()
    }

    /// The block's length and capacity. Only meaningful when [`Self::block`] is `Some`.
    #[inline(always)]
    fn counts(&self) -> [usize; 2] {
        // SAFETY: the caller has seen the heap mark, so `counts` is the field written.
        unsafe { self.second.counts }
    }

    /// The second inline slot. Only meaningful when [`Self::block`] is `None`.
    #[inline(always)]
    fn second_value(&self) -> &JsValue {
        // SAFETY: the caller has seen no heap mark, so `value` is the field written.
        unsafe { &self.second.value }
    }

    /// How many values are held inline (no heap block).
    #[inline(always)]
    fn inline_len(&self) -> usize {
        if self.first.is_storage_empty() {
            0
        } else if self.second_value().is_storage_empty() {
            1
        } else {
            2
        }
    }

    /// The number of values.
    #[inline]
    #[must_use]
    pub(crate) fn len(&self) -> usize {
        match self.block() {
            Some(_) => self.counts()[0],
            None => self.inline_len(),
        }
    }

    /// How many values fit before the storage allocates.
    #[inline]
    #[must_use]
    pub(crate) fn capacity(&self) -> usize {
        match self.block() {
            Some(_) => self.counts()[1],
            None => INLINE,
        }
    }

    /// The values, in slot order.
    #[inline]
    #[must_use]
    pub(crate) fn as_slice(&self) -> &[JsValue] {
        match self.block() {
            // SAFETY: the block holds `len` initialised values (it was a `Vec`'s).
            Some(block) => unsafe { slice::from_raw_parts(block.as_ptr(), self.counts()[0]) },
            // SAFETY: `first` and `second` are adjacent `JsValue`s (`repr(C)`, the union has
            // `JsValue`'s layout) and the first `inline_len` hold values; the pointer is derived
            // from the whole storage, so it covers both.
            None => unsafe {
                slice::from_raw_parts(ptr::from_ref(self).cast::<JsValue>(), self.inline_len())
            },
        }
    }

    /// The values, in slot order.
    #[inline]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [JsValue] {
        match self.block() {
            // SAFETY: as in `as_slice`; `&mut self` makes the access unique.
            Some(block) => unsafe { slice::from_raw_parts_mut(block.as_ptr(), self.counts()[0]) },
            None => {
                let len = self.inline_len();
                // SAFETY: as in `as_slice`.
                unsafe { slice::from_raw_parts_mut(ptr::from_mut(self).cast::<JsValue>(), len) }
            }
        }
    }

    /// The value at `index`, if there is one.
    #[inline]
    #[must_use]
    pub(crate) fn get(&self, index: usize) -> Option<&JsValue> {
        self.as_slice().get(index)
    }

    /// Runs `change` on the heap block as a `Vec`, then keeps what it left.
    fn change_block<R>(
        &mut self,
        block: NonNull<JsValue>,
        change: impl FnOnce(&mut Vec<JsValue>) -> R,
    ) -> R {
        let [len, capacity] = self.counts();
        // SAFETY: the block, its length and capacity are those of a `Vec` taken apart in
        // `moved` or by an earlier call. `ManuallyDrop`: if `change` panics the block leaks
        // rather than being freed while `self` still points at it.
        let mut values =
            ManuallyDrop::new(unsafe { Vec::from_raw_parts(block.as_ptr(), len, capacity) });
        let result = change(&mut values);
        let values = ManuallyDrop::into_inner(values);
        // The old marks hold no values: overwriting them drops nothing.
        mem::forget(mem::replace(self, Self::moved(values)));
        result
    }

    /// Takes the inline values out as a `Vec` (with room for `extra` more), leaving none.
    fn take_inline(&mut self, extra: usize) -> Vec<JsValue> {
        let len = self.inline_len();
        let mut values = Vec::with_capacity(len + extra);
        if len > 0 {
            values.push(mem::replace(&mut self.first, JsValue::storage_empty()));
        }
        if len > 1 {
            // SAFETY: inline, so `value` is the field written; it is replaced by the empty mark.
            let second = unsafe { &mut self.second.value };
            values.push(ManuallyDrop::into_inner(mem::replace(
                second,
                ManuallyDrop::new(JsValue::storage_empty()),
            )));
        }
        values
    }

    /// Appends a value.
    #[inline]
    pub(crate) fn push(&mut self, value: JsValue) {
        if let Some(block) = self.block() {
            self.change_block(block, |values| values.push(value));
        } else if self.first.is_storage_empty() {
            self.first = value;
        } else if self.second_value().is_storage_empty() {
            self.second.value = ManuallyDrop::new(value);
        } else {
            let mut values = self.take_inline(INLINE);
            values.push(value);
            *self = Self::moved(values);
        }
    }

    /// Frees a heap block's room beyond its values (the values stay where they are).
    pub(crate) fn shrink_to_fit(&mut self) {
        if let Some(block) = self.block() {
            let [len, capacity] = self.counts();
            if len < capacity {
                self.change_block(block, Vec::shrink_to_fit);
            }
        }
    }

    /// Inserts a value at `index`, shifting the ones after it.
    ///
    /// # Panics
    /// If `index` is past the end, as `Vec::insert`.
    pub(crate) fn insert(&mut self, index: usize, value: JsValue) {
        if let Some(block) = self.block() {
            self.change_block(block, |values| values.insert(index, value));
        } else {
            let mut values = self.take_inline(1);
            values.insert(index, value);
            *self = Self::from(values);
        }
    }

    /// Removes the value at `index`, shifting the ones after it.
    ///
    /// # Panics
    /// If `index` is out of bounds, as `Vec::remove`.
    pub(crate) fn remove(&mut self, index: usize) -> JsValue {
        if let Some(block) = self.block() {
            self.change_block(block, |values| values.remove(index))
        } else {
            let mut values = self.take_inline(0);
            let removed = values.remove(index);
            *self = Self::from(values);
            removed
        }
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn out_of_bounds(index: usize, len: usize) -> ! {
    panic!("index out of bounds: the len is {len} but the index is {index}")
}

impl Index<usize> for ObjectStorage {
    type Output = JsValue;

    #[inline(always)]
    #[track_caller]
    fn index(&self, index: usize) -> &JsValue {
        match self.as_slice().get(index) {
            Some(value) => value,
            None => out_of_bounds(index, self.len()),
        }
    }
}

impl IndexMut<usize> for ObjectStorage {
    #[inline(always)]
    #[track_caller]
    fn index_mut(&mut self, index: usize) -> &mut JsValue {
        let len = self.len();
        match self.as_mut_slice().get_mut(index) {
            Some(value) => value,
            None => out_of_bounds(index, len),
        }
    }
}

impl From<Vec<JsValue>> for ObjectStorage {
    /// Up to two values move inline (the vector's block is freed), more keep the block.
    fn from(values: Vec<JsValue>) -> Self {
        if values.len() > INLINE {
            return Self::moved(values);
        }
        let mut storage = Self::new();
        for value in values {
            storage.push(value);
        }
        storage
    }
}

impl<const N: usize> From<[JsValue; N]> for ObjectStorage {
    /// Up to two values inline without allocating, more in a block.
    fn from(values: [JsValue; N]) -> Self {
        if N > INLINE {
            return Self::moved(Vec::from(values));
        }
        let mut storage = Self::new();
        for value in values {
            storage.push(value);
        }
        storage
    }
}

impl Default for ObjectStorage {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for ObjectStorage {
    fn drop(&mut self) {
        match self.block() {
            Some(block) => {
                let [len, capacity] = self.counts();
                // SAFETY: as in `change_block`; nothing uses the block after this.
                drop(unsafe { Vec::from_raw_parts(block.as_ptr(), len, capacity) });
            }
            // SAFETY: inline, so `value` is the field written, and it is dropped once here
            // (`first` drops itself).
            None => unsafe { ManuallyDrop::drop(&mut self.second.value) },
        }
    }
}

impl fmt::Debug for ObjectStorage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Finalize for ObjectStorage {}

// SAFETY: every value held is traced, and nothing else is.
unsafe impl Trace for ObjectStorage {
    custom_trace!(this, mark, {
        for value in this.as_slice() {
            mark(value);
        }
    });
}
