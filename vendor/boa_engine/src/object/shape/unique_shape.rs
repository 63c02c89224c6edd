use std::{cell::RefCell, fmt::Debug};

use boa_gc::{Finalize, Gc, GcRefCell, Trace, WeakGc};

use crate::property::PropertyKey;

use super::{
    ChangeTransition, ChangeTransitionAction, JsPrototype, Shape, Slot,
    property_table::{PropertyTableInner, REMOVED_KEY, is_removed_key},
    shared_shape::TransitionKey,
};
use crate::object::ObjectStorage;

/// codemode-runtime patch: the fewest removed properties whose places a table drops at once.
const MIN_REMOVED_TO_COMPACT: usize = 16;

/// The internal representation of [`UniqueShape`].
#[derive(Default, Debug, Trace, Finalize)]
struct Inner {
    /// The property table that maps a [`PropertyKey`] to a slot in the objects storage.
    //
    // SAFETY: This is safe because nothing in this field needs tracing.
    #[unsafe_ignore_trace]
    property_table: RefCell<PropertyTableInner>,

    /// The prototype of the shape.
    prototype: GcRefCell<JsPrototype>,
}

/// Represents a [`Shape`] that is not shared with any other object.
///
/// This is useful for objects that are inherently unique like,
/// the builtin object.
///
/// Cloning this does a shallow clone.
#[derive(Default, Debug, Clone, Trace, Finalize)]
pub(crate) struct UniqueShape {
    inner: Gc<Inner>,
}

impl UniqueShape {
    /// codemode-runtime patch: the GC box, for [`super::Shape`]'s tagged pointer.
    pub(super) fn into_raw(self) -> std::ptr::NonNull<()> {
        // Its `Drop` only finalizes, which does nothing: the reference moves to the pointer.
        let this = std::mem::ManuallyDrop::new(self);
        // SAFETY: `this` is never used or dropped again, so the `Gc` is read out once.
        let inner = unsafe { std::ptr::read(&this.inner) };
        Gc::into_raw(inner).cast()
    }

    /// codemode-runtime patch: the shape of a pointer from [`Self::into_raw`].
    ///
    /// # Safety
    /// `raw` comes from [`Self::into_raw`] and each pointer is turned back once (or the result
    /// is not dropped).
    pub(super) unsafe fn from_raw(raw: std::ptr::NonNull<()>) -> Self {
        // SAFETY: guaranteed by the caller.
        Self {
            inner: unsafe { Gc::from_raw(raw.cast()) },
        }
    }

    /// Create a new [`UniqueShape`].
    pub(crate) fn new(prototype: JsPrototype, property_table: PropertyTableInner) -> Self {
        Self {
            inner: Gc::new(Inner {
                property_table: RefCell::new(property_table),
                prototype: GcRefCell::new(prototype),
            }),
        }
    }

    pub(crate) fn override_internal(
        &self,
        property_table: PropertyTableInner,
        prototype: JsPrototype,
    ) {
        *self.inner.property_table.borrow_mut() = property_table;
        *self.inner.prototype.borrow_mut() = prototype;
    }

    /// Get the prototype of the [`UniqueShape`].
    pub(crate) fn prototype(&self) -> JsPrototype {
        self.inner.prototype.borrow().clone()
    }

    /// codemode-runtime patch: what adding one more key allocates at once
    /// ([`PropertyTableInner::growth_bytes`]).
    pub(crate) fn growth_bytes(&self) -> usize {
        self.property_table().borrow().growth_bytes()
    }

    /// Get the property table of the [`UniqueShape`].
    fn property_table(&self) -> &RefCell<PropertyTableInner> {
        &self.inner.property_table
    }

    /// Inserts a new property into the [`UniqueShape`].
    pub(crate) fn insert_property_transition(&self, key: TransitionKey) -> Self {
        let mut property_table = self.property_table().borrow_mut();
        property_table.insert(key.property_key, key.attributes);
        self.clone()
    }

    /// Remove a property from the [`UniqueShape`].
    ///
    /// This will cause the current shape to be invalidated, and a new [`UniqueShape`] will be returned.
    pub(crate) fn remove_property_transition(&self, key: &PropertyKey) -> Self {
        let mut property_table = self.property_table().borrow_mut();
        let Some((index, _attributes)) = property_table.map.remove(key) else {
            return self.clone();
        };

        let index = index as usize;

        // shift elements
        property_table.keys.remove(index);

        // The property that was deleted was not the last property added.
        // Therefore we need to create a new unique shape,
        // to invalidate any pointers to this shape i.e inline caches.
        let mut property_table = std::mem::take(&mut *property_table);

        // If it is not the last property that was deleted,
        // then update all the property slots that are after it.
        if index != property_table.keys.len() {
            // Get the previous value before the value at index,
            //
            // NOTE: calling wrapping_sub when usize index is 0 will wrap into usize::MAX
            //       which will return None, avoiding unneeded checks.
            let mut previous_slot = property_table.keys.get(index.wrapping_sub(1)).map(|x| x.1);

            // Update all slot positions
            for (index, (key, slot)) in property_table.keys.iter_mut().enumerate().skip(index) {
                *slot = Slot::from_previous(previous_slot, slot.attributes);
                previous_slot = Some(*slot);
                // codemode-runtime patch: a removed property's place has no entry in the map.
                if is_removed_key(key) {
                    continue;
                }

                let Some((map_index, map_slot)) = property_table.map.get_mut(key) else {
                    unreachable!("There should already be a property")
                };
                *map_index = index as u32;
                *map_slot = *slot;
            }
        }

        let prototype = self.inner.prototype.borrow_mut().take();
        Self::new(prototype, property_table)
    }

    /// codemode-runtime patch: removes `key`, which is not the last key, keeping its place in
    /// the key list and its slots in the object's storage ([`REMOVED_KEY`]): O(1), where
    /// [`Self::remove_property_transition`] renumbers every later key and the object's storage
    /// shifts every later value, so deleting an object's keys in insertion order was quadratic
    /// (30,000 keys took 19 s natively). `None` (nothing changed) if `key` is absent or last.
    /// The caller clears the slots, then calls [`Self::compact_if_sparse`].
    pub(crate) fn remove_property_keeping_slot(&self, key: &PropertyKey) -> Option<Self> {
        let mut property_table = self.property_table().borrow_mut();
        let index = property_table.map.get(key)?.0 as usize;
        if index + 1 == property_table.keys.len() {
            return None;
        }
        property_table.map.remove(key);
        property_table.keys[index].0 = REMOVED_KEY;
        property_table.removed += 1;
        // A new shape, as for any removal: inline caches point at this one.
        let property_table = std::mem::take(&mut *property_table);
        let prototype = self.inner.prototype.borrow_mut().take();
        Some(Self::new(prototype, property_table))
    }

    /// codemode-runtime patch: once the removed properties' places outnumber the others, drops
    /// them from the key list and their slots from `storage` (the object's), in one pass: a new
    /// shape. Otherwise the shape itself.
    pub(crate) fn compact_if_sparse(self, storage: &mut ObjectStorage) -> Self {
        {
            let property_table = self.property_table().borrow();
            let removed = property_table.removed as usize;
            if removed < MIN_REMOVED_TO_COMPACT || removed * 2 <= property_table.keys.len() {
                drop(property_table);
                return self;
            }
        }
        let old = std::mem::take(&mut *self.property_table().borrow_mut());
        let mut property_table =
            PropertyTableInner::with_capacity(old.keys.len() - old.removed as usize);
        let mut kept = ObjectStorage::with_capacity(storage.len());
        for (key, slot) in old.keys {
            if is_removed_key(&key) {
                continue;
            }
            let start = slot.index as usize;
            let end = start + slot.attributes.width() as usize;
            for value in storage.as_mut_slice().get_mut(start..end).into_iter().flatten() {
                kept.push(std::mem::take(value));
            }
            property_table.insert(key, slot.attributes);
        }
        *storage = kept;
        let prototype = self.inner.prototype.borrow_mut().take();
        Self::new(prototype, property_table)
    }

    /// Does a property lookup on the [`UniqueShape`] returning the [`Slot`] where it's
    /// located or [`None`] otherwise.
    pub(crate) fn lookup(&self, key: &PropertyKey) -> Option<Slot> {
        let property_table = self.property_table().borrow();
        if let Some((_, slot)) = property_table.map.get(key) {
            return Some(*slot);
        }

        None
    }

    /// Change the attributes of a property from the [`UniqueShape`].
    ///
    /// This will cause the current shape to be invalidated, and a new [`UniqueShape`] will be returned.
    ///
    /// NOTE: This assumes that the property had already been inserted.
    pub(crate) fn change_attributes_transition(
        &self,
        key: &TransitionKey,
    ) -> ChangeTransition<Shape> {
        let mut property_table = self.property_table().borrow_mut();
        let Some((index, slot)) = property_table.map.get_mut(&key.property_key) else {
            unreachable!("Attribute change can only happen on existing property")
        };

        let index = *index as usize;

        // If property does not change type, there is no need to shift.
        if slot.attributes.width_match(key.attributes) {
            slot.attributes = key.attributes;
            property_table.keys[index].1.attributes = key.attributes;
            // codemode-runtime patch: a new shape invalidates the inline caches that point at
            // this one (upstream's TODO): a property made read-only (`Object.freeze`,
            // `defineProperty`) was still written through a cached set.
            let property_table = std::mem::take(&mut *property_table);
            let prototype = self.inner.prototype.borrow_mut().take();
            return ChangeTransition {
                shape: Self::new(prototype, property_table).into(),
                action: ChangeTransitionAction::Nothing,
            };
        }
        slot.attributes = key.attributes;

        let mut previous_slot = *slot;

        property_table.keys[index].1.attributes = key.attributes;

        let action = if key.attributes.is_accessor_descriptor() {
            // Data --> Accessor
            ChangeTransitionAction::Insert
        } else {
            // Accessor --> Data
            ChangeTransitionAction::Remove
        };

        // The property that was deleted was not the last property added.
        // Therefore we need to create a new unique shape,
        // to invalidate any pointers to this shape i.e inline caches.
        let mut property_table = std::mem::take(&mut *property_table);

        // Update all slot positions, after the target property.
        //
        // Example: Change 2nd one from accessor to data
        //
        // | Idx: 0, DATA  | Idx: 1, ACCESSOR | Idx: 3, DATA |
        //                         \----- target
        //
        // Change attributes of target (given trough arguments).
        //
        // | Idx: 0, DATA  | Idx: 1, DATA | Idx: 3, DATA |
        //                         \----- target
        //
        // The target becomes the previous pointer and next is target_index + 1,
        // continue until we reach the end.
        //
        // | Idx: 0, DATA  | Idx: 1, DATA | Idx: 3, DATA |
        //           previous ----/               \-------- next
        //
        // When next is out of range we quit, everything has been set.
        //
        // | Idx: 0, DATA  | Idx: 1, DATA | Idx: 2, DATA |    EMPTY   |
        //                          previous ----/              \-------- next
        //
        let next = index + 1;
        for (key, slot) in property_table.keys.iter_mut().skip(next) {
            *slot = Slot::from_previous(Some(previous_slot), slot.attributes);
            previous_slot = *slot;
            // codemode-runtime patch: a removed property's place has no entry in the map.
            if is_removed_key(key) {
                continue;
            }

            let Some((_, map_slot)) = property_table.map.get_mut(key) else {
                unreachable!("There should already be a property")
            };
            *map_slot = *slot;
        }

        let prototype = self.inner.prototype.borrow_mut().take();
        let shape = Self::new(prototype, property_table);

        ChangeTransition {
            shape: shape.into(),
            action,
        }
    }

    /// Change the prototype of the [`UniqueShape`].
    ///
    /// This will cause the current shape to be invalidated, and a new [`UniqueShape`] will be returned.
    pub(crate) fn change_prototype_transition(&self, prototype: JsPrototype) -> Self {
        let mut property_table = self.inner.property_table.borrow_mut();

        // We need to create a new unique shape,
        // to invalidate any pointers to this shape i.e inline caches.
        let property_table = std::mem::take(&mut *property_table);
        Self::new(prototype, property_table)
    }

    /// Gets all keys first strings then symbols in creation order.
    pub(crate) fn keys(&self) -> Vec<PropertyKey> {
        self.property_table().borrow().keys()
    }

    /// codemode-runtime patch: the string keys with their slots, in insertion order.
    pub(crate) fn string_keys_with_slots(&self) -> Vec<(crate::JsString, Slot)> {
        let property_table = self.property_table().borrow();
        property_table.string_keys_with_slots_n(property_table.keys.len() as u32)
    }

    /// Return location in memory of the [`UniqueShape`].
    pub(crate) fn to_addr_usize(&self) -> usize {
        let ptr: *const _ = self.inner.as_ref();
        ptr as usize
    }
}

/// Represents a weak reference to [`UniqueShape`].
#[derive(Debug, Clone, Trace, Finalize, PartialEq)]
pub(crate) struct WeakUniqueShape {
    inner: WeakGc<Inner>,
}

impl WeakUniqueShape {
    /// Whether the shape is still alive, without taking a reference to it.
    #[inline]
    #[must_use]
    pub(crate) fn is_alive(&self) -> bool {
        self.inner.is_upgradable()
    }

    /// Upgrade returns a [`UniqueShape`] pointer for the internal value if the pointer is still live,
    /// or [`None`] if the value was already garbage collected.
    #[inline]
    #[must_use]
    pub(crate) fn upgrade(&self) -> Option<UniqueShape> {
        Some(UniqueShape {
            inner: self.inner.upgrade()?,
        })
    }
}

impl From<&UniqueShape> for WeakUniqueShape {
    fn from(value: &UniqueShape) -> Self {
        WeakUniqueShape {
            inner: WeakGc::new(&value.inner),
        }
    }
}
