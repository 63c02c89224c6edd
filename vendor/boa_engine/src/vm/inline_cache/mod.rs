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

/// codemode-runtime patch: the shape transition an object literal's property makes at one site
/// (`DefineLiteralPropertyByName`): the object's shape before the property was defined, the shape
/// after it and the new property's slot. A literal's records share their shapes, so the next
/// record built at the site takes the cached shape and pushes its value, without looking the key
/// up in the shape, validating a descriptor and finding the transition by hashing the key.
#[derive(Clone, Debug, Trace, Finalize)]
pub(crate) struct TransitionCache {
    /// The property that is defined.
    pub(crate) name: JsString,

    /// The transition last made here (one: a literal's records take the same path of shapes).
    entry: GcRefCell<Option<TransitionEntry>>,
}

#[derive(Clone, Debug, Trace, Finalize)]
struct TransitionEntry {
    /// The shape without the property (weakly, and its address, as [`CacheEntry`] keeps it).
    from: WeakShape,
    #[unsafe_ignore_trace]
    from_addr: usize,
    /// The shape with it.
    to: WeakShape,
    /// The new property's slot index in `to`: the value storage's length before the push.
    #[unsafe_ignore_trace]
    slot_index: u32,
}

impl TransitionCache {
    pub(crate) fn new(name: JsString) -> Self {
        Self {
            name,
            entry: GcRefCell::new(None),
        }
    }

    /// The shape an object of shape `from` takes when the property is added at `slot_index`, if
    /// this site made that transition before and both shapes are alive.
    #[inline]
    pub(crate) fn get(&self, from: &Shape, slot_index: usize) -> Option<Shape> {
        let entry = self.entry.borrow();
        let entry = entry.as_ref()?;
        if entry.from_addr != from.to_addr_usize()
            || entry.slot_index as usize != slot_index
            || !entry.from.is_alive()
        {
            return None;
        }
        entry.to.upgrade()
    }

    /// Records the transition from `from` to `to` (both shared shapes) for a property at
    /// `slot_index`.
    pub(crate) fn set(&self, from: &Shape, to: &Shape, slot_index: u32) {
        *self.entry.borrow_mut() = Some(TransitionEntry {
            from: from.into(),
            from_addr: from.to_addr_usize(),
            to: to.into(),
            slot_index,
        });
    }
}

impl fmt::Display for TransitionCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "(name:{} transition:", self.name.display_escaped())?;
        match self.entry.borrow().as_ref() {
            Some(entry) => write!(f, "{:#x} -> {:#x})", entry.from_addr, entry.to.to_addr_usize()),
            None => write!(f, "none)"),
        }
    }
}
