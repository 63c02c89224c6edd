use arrayvec::ArrayVec;
use itertools::Itertools;
use std::{cell::Cell, fmt};

use boa_gc::GcRefCell;
use boa_macros::{Finalize, Trace};

use crate::{
    JsString,
    object::shape::{
        Shape, WeakShape,
        slot::{Slot, SlotAttributes},
    },
};

#[cfg(test)]
mod tests;

pub(crate) const PIC_CAPACITY: usize = 4;

/// A cached shape-to-slot mapping for a polymorphic inline cache.
#[derive(Clone, Debug, Trace, Finalize)]
pub(crate) struct CacheEntry {
    /// A weak reference is kept to the shape to avoid the shape preventing deallocation.
    pub(crate) shape: WeakShape,
    /// The shape's address when cached: a hit compares it and checks that the shape is still
    /// alive, without upgrading the weak reference (a reference count up and down per read).
    #[unsafe_ignore_trace]
    pub(crate) addr: usize,
    #[unsafe_ignore_trace]
    pub(crate) slot: Slot,
    /// codemode-runtime patch: for a slot in the prototype, the prototype's shape when cached
    /// (weakly, and its address). The object's shape does not change when its prototype's
    /// properties do (a data property redefined as a getter, a property deleted and the slots
    /// after it shifted), so a hit also checks that the prototype still has this shape.
    pub(crate) prototype_shape: Option<(WeakShape, usize)>,
}

impl CacheEntry {
    /// Whether the entry still describes an object of shape `shape` (whose address matched).
    fn holds_for(&self, shape: &Shape) -> bool {
        if !self.shape.is_alive() {
            return false;
        }
        let Some((prototype_shape, addr)) = &self.prototype_shape else {
            return true;
        };
        let Some(prototype) = shape.prototype() else {
            return false;
        };
        let Ok(prototype) = prototype.try_borrow() else {
            return false;
        };
        prototype.shape().to_addr_usize() == *addr && prototype_shape.is_alive()
    }
}

/// An inline cache entry for a property access.
#[derive(Clone, Debug, Trace, Finalize)]
pub(crate) struct InlineCache {
    /// The property that is accessed.
    pub(crate) name: JsString,

    /// Multiple cached shape-to-slot entries.
    pub(crate) entries: GcRefCell<ArrayVec<CacheEntry, PIC_CAPACITY>>,

    /// Whether this access site has seen too many shapes and should no longer be cached.
    #[unsafe_ignore_trace]
    pub(crate) megamorphic: Cell<bool>,
}

impl fmt::Display for InlineCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "(name:{} entries:", self.name.display_escaped())?;

        if self.megamorphic.get() {
            return write!(f, "(megamorphic))");
        }

        let entries = self.entries.borrow();
        let entries = entries.iter().map(|e| e.shape.to_addr_usize()).format(", ");

        write!(f, "({entries:#x}))")
    }
}

impl InlineCache {
    pub(crate) fn new(name: JsString) -> Self {
        Self {
            name,
            entries: GcRefCell::new(ArrayVec::new()),
            megamorphic: Cell::new(false),
        }
    }

    pub(crate) fn set(&self, shape: &Shape, slot: Slot) {
        if self.megamorphic.get() {
            return;
        }

        let prototype_shape = if slot.attributes.contains(SlotAttributes::PROTOTYPE) {
            let Some(prototype) = shape.prototype() else {
                return;
            };
            let Ok(prototype) = prototype.try_borrow() else {
                return;
            };
            let prototype_shape = prototype.shape();
            Some((prototype_shape.into(), prototype_shape.to_addr_usize()))
        } else {
            None
        };

        let addr = shape.to_addr_usize();
        let mut entries = self.entries.borrow_mut();
        // Entries of collected shapes make room first, and an entry for the same shape is
        // replaced (its prototype changed).
        entries.retain(|entry| entry.shape.is_alive() && entry.addr != addr);

        // Add a new entry if there's space.
        if entries
            .try_push(CacheEntry {
                shape: shape.into(),
                addr,
                slot,
                prototype_shape,
            })
            .is_err()
        {
            // Polymorphic cache is full, transition to megamorphic.
            self.megamorphic.set(true);
            entries.clear();
        }
    }

    /// Returns the cached slot if `shape` is one the cache has seen. A live shape is the only
    /// one at its address, so an entry whose address is `shape`'s and whose shape is alive is
    /// `shape`'s (a collected shape's entry fails the liveness test, even when a new shape took
    /// its memory; `set` drops such entries).
    pub(crate) fn get(&self, shape: &Shape) -> Option<Slot> {
        if self.megamorphic.get() {
            return None;
        }
        let shape_addr = shape.to_addr_usize();
        self.entries
            .borrow()
            .iter()
            .find(|entry| entry.addr == shape_addr)
            .filter(|entry| entry.holds_for(shape))
            .map(|entry| entry.slot)
    }
}
