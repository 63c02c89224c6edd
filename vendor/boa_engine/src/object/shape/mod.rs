//! Implements object shapes.

pub(crate) mod property_table;
mod root_shape;
pub(crate) mod shared_shape;
pub(crate) mod slot;
pub(crate) mod unique_shape;

pub use root_shape::RootShape;
pub use shared_shape::SharedShape;
pub(crate) use unique_shape::UniqueShape;

use std::{fmt::Debug, marker::PhantomData, mem::ManuallyDrop, ptr::NonNull};

use boa_gc::{Finalize, Trace, custom_trace};

use crate::property::PropertyKey;

use self::{
    shared_shape::{TransitionKey, WeakSharedShape},
    slot::Slot,
    unique_shape::WeakUniqueShape,
};

use super::JsPrototype;

/// Action to be performed after a property attribute change
//
// Example: of { get/set x() { ... }, y: ... } into { x: ..., y: ... }
//
//                 0       1       2
//    Storage: | get x | set x |   y   |
//
// We delete at position of x which is index 0 (it spans two elements) + 1:
//
//                 0      1
//    Storage: |   x  |   y   |
pub(crate) enum ChangeTransitionAction {
    /// Do nothing to storage.
    Nothing,

    /// Remove element at (index + 1) from storage.
    Remove,

    /// Insert element at (index + 1) into storage.
    Insert,
}

/// The result of a change property attribute transition.
pub(crate) struct ChangeTransition<T> {
    /// The shape after transition.
    pub(crate) shape: T,

    /// The needed action to be performed after transition to the object storage.
    pub(crate) action: ChangeTransitionAction,
}

impl Shape {
    /// codemode-runtime patch: what adding one more key to this shape allocates at once: a
    /// unique shape's table may double; a shared shape moves to another (small) shape.
    pub(crate) fn growth_bytes(&self) -> usize {
        match self.view() {
            ShapeRef::Unique(shape) => shape.growth_bytes(),
            ShapeRef::Shared(_) => 0,
        }
    }
}

/// Represents the shape of an object.
///
/// codemode-runtime patch: one tagged pointer, the GC box of a [`UniqueShape`] or (low bit set)
/// of a [`SharedShape`] — 4 bytes in every object on wasm32, where upstream's enum of the two
/// took 8 (a tag and the pointer). Owns its reference as the enum's variant did.
pub struct Shape {
    tagged: NonNull<()>,
}

/// The low bit of [`Shape::tagged`]: the shape is shared. A GC box is aligned to 4 or more.
const SHARED_TAG: usize = 1;

/// A shape's kind and a view of it, borrowed from the [`Shape`] (never dropped).
enum ShapeRef<'a> {
    Unique(Borrowed<'a, UniqueShape>),
    Shared(Borrowed<'a, SharedShape>),
}

/// A [`UniqueShape`] or [`SharedShape`] made from a [`Shape`]'s pointer without taking its
/// reference: it derefs to the shape and is never dropped.
struct Borrowed<'a, T> {
    shape: ManuallyDrop<T>,
    from: PhantomData<&'a Shape>,
}

impl<T> std::ops::Deref for Borrowed<'_, T> {
    type Target = T;

    #[inline(always)]
    fn deref(&self) -> &T {
        &self.shape
    }
}

impl Shape {
    /// The shape's kind, and a view of it.
    #[inline(always)]
    fn view(&self) -> ShapeRef<'_> {
        let address = self.tagged.as_ptr().addr();
        if address & SHARED_TAG == 0 {
            // SAFETY: untagged, the pointer is a unique shape's from `into_raw`; the view is not
            // dropped, so the reference stays this shape's.
            let shape = unsafe { UniqueShape::from_raw(self.tagged) };
            ShapeRef::Unique(Borrowed {
                shape: ManuallyDrop::new(shape),
                from: PhantomData,
            })
        } else {
            let untagged = self.tagged.as_ptr().with_addr(address & !SHARED_TAG);
            // SAFETY: as above, a shared shape's pointer with the tag cleared (never null: a
            // box's address is 4 or more).
            let shape = unsafe { SharedShape::from_raw(NonNull::new_unchecked(untagged)) };
            ShapeRef::Shared(Borrowed {
                shape: ManuallyDrop::new(shape),
                from: PhantomData,
            })
        }
    }
}

impl Clone for Shape {
    #[inline]
    fn clone(&self) -> Self {
        match self.view() {
            ShapeRef::Unique(shape) => (*shape).clone().into(),
            ShapeRef::Shared(shape) => (*shape).clone().into(),
        }
    }
}

impl Drop for Shape {
    #[inline]
    fn drop(&mut self) {
        match self.view() {
            ShapeRef::Unique(shape) => drop(ManuallyDrop::into_inner(shape.shape)),
            ShapeRef::Shared(shape) => drop(ManuallyDrop::into_inner(shape.shape)),
        }
    }
}

impl Debug for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.view() {
            ShapeRef::Unique(shape) => f.debug_tuple("Unique").field(&*shape).finish(),
            ShapeRef::Shared(shape) => f.debug_tuple("Shared").field(&*shape).finish(),
        }
    }
}

impl Finalize for Shape {}

// SAFETY: the shape the pointer owns is traced, as the enum's derived trace did.
unsafe impl Trace for Shape {
    custom_trace!(this, mark, {
        match this.view() {
            ShapeRef::Unique(shape) => mark(&*shape),
            ShapeRef::Shared(shape) => mark(&*shape),
        }
    });
}

impl Default for Shape {
    #[inline]
    fn default() -> Self {
        UniqueShape::default().into()
    }
}

impl Shape {
    /// The max transition count of a [`SharedShape`] from the root node,
    /// before the shape will be converted into a [`UniqueShape`]
    ///
    /// NOTE: This only applies to [`SharedShape`].
    const TRANSITION_COUNT_MAX: u16 = 1024;

    /// Returns `true` if it's a shared shape, `false` otherwise.
    #[inline]
    #[must_use]
    pub fn is_shared(&self) -> bool {
        self.tagged.as_ptr().addr() & SHARED_TAG != 0
    }

    /// Returns `true` if it's a unique shape, `false` otherwise.
    #[inline]
    #[must_use]
    pub fn is_unique(&self) -> bool {
        !self.is_shared()
    }

    /// codemode-runtime patch: `true` if [`Self::insert_property_transition`] keeps `shape`
    /// shared (it turns a shared shape unique at [`Self::TRANSITION_COUNT_MAX`] transitions).
    pub(crate) fn is_below_transition_limit(shape: &SharedShape) -> bool {
        shape.transition_count() < Self::TRANSITION_COUNT_MAX
    }

    /// The unique shape (another reference to it), if this is one.
    pub(crate) fn as_unique(&self) -> Option<UniqueShape> {
        match self.view() {
            ShapeRef::Unique(shape) => Some((*shape).clone()),
            ShapeRef::Shared(_) => None,
        }
    }

    /// Create an insert property transitions returning the new transitioned [`Shape`].
    ///
    /// NOTE: This assumes that there is no property with the given key!
    pub(crate) fn insert_property_transition(&self, key: TransitionKey) -> Self {
        match self.view() {
            ShapeRef::Shared(shape) => {
                let shape = shape.insert_property_transition(key);
                if shape.transition_count() >= Self::TRANSITION_COUNT_MAX {
                    return shape.to_unique().into();
                }
                shape.into()
            }
            ShapeRef::Unique(shape) => shape.insert_property_transition(key).into(),
        }
    }

    /// Create a change attribute property transitions returning [`ChangeTransition`] containing the new [`Shape`]
    /// and actions to be performed
    ///
    /// NOTE: This assumes that there already is a property with the given key!
    pub(crate) fn change_attributes_transition(
        &self,
        key: TransitionKey,
    ) -> ChangeTransition<Self> {
        match self.view() {
            ShapeRef::Shared(shape) => {
                let change_transition = shape.change_attributes_transition(key);
                let shape =
                    if change_transition.shape.transition_count() >= Self::TRANSITION_COUNT_MAX {
                        change_transition.shape.to_unique().into()
                    } else {
                        change_transition.shape.into()
                    };
                ChangeTransition {
                    shape,
                    action: change_transition.action,
                }
            }
            ShapeRef::Unique(shape) => shape.change_attributes_transition(&key),
        }
    }

    /// Remove a property property from the [`Shape`] returning the new transitioned [`Shape`].
    ///
    /// NOTE: This assumes that there already is a property with the given key!
    pub(crate) fn remove_property_transition(&self, key: &PropertyKey) -> Self {
        match self.view() {
            ShapeRef::Shared(shape) => {
                let shape = shape.remove_property_transition(key);
                if shape.transition_count() >= Self::TRANSITION_COUNT_MAX {
                    return shape.to_unique().into();
                }
                shape.into()
            }
            ShapeRef::Unique(shape) => shape.remove_property_transition(key).into(),
        }
    }

    /// Create a prototype transitions returning the new transitioned [`Shape`].
    pub(crate) fn change_prototype_transition(&self, prototype: JsPrototype) -> Self {
        match self.view() {
            ShapeRef::Shared(shape) => {
                let shape = shape.change_prototype_transition(prototype);
                if shape.transition_count() >= Self::TRANSITION_COUNT_MAX {
                    return shape.to_unique().into();
                }
                shape.into()
            }
            ShapeRef::Unique(shape) => shape.change_prototype_transition(prototype).into(),
        }
    }

    /// Get the [`JsPrototype`] of the [`Shape`].
    #[must_use]
    pub fn prototype(&self) -> JsPrototype {
        match self.view() {
            ShapeRef::Shared(shape) => shape.prototype(),
            ShapeRef::Unique(shape) => shape.prototype(),
        }
    }

    /// Lookup a property in the shape
    #[inline]
    pub(crate) fn lookup(&self, key: &PropertyKey) -> Option<Slot> {
        match self.view() {
            ShapeRef::Shared(shape) => shape.lookup(key),
            ShapeRef::Unique(shape) => shape.lookup(key),
        }
    }

    /// Returns the keys of the [`Shape`], in insertion order.
    #[inline]
    #[must_use]
    pub fn keys(&self) -> Vec<PropertyKey> {
        match self.view() {
            ShapeRef::Shared(shape) => shape.keys(),
            ShapeRef::Unique(shape) => shape.keys(),
        }
    }

    /// codemode-runtime patch: the string keys (no symbols) with their slots, in insertion order.
    #[inline]
    #[must_use]
    pub(crate) fn string_keys_with_slots(&self) -> Vec<(crate::JsString, Slot)> {
        match self.view() {
            ShapeRef::Shared(shape) => shape.string_keys_with_slots(),
            ShapeRef::Unique(shape) => shape.string_keys_with_slots(),
        }
    }

    /// Return location in memory of the [`Shape`].
    #[inline]
    #[must_use]
    pub fn to_addr_usize(&self) -> usize {
        match self.view() {
            ShapeRef::Shared(shape) => shape.to_addr_usize(),
            ShapeRef::Unique(shape) => shape.to_addr_usize(),
        }
    }
}

impl From<UniqueShape> for Shape {
    #[inline]
    fn from(shape: UniqueShape) -> Self {
        Self {
            tagged: shape.into_raw(),
        }
    }
}

impl From<SharedShape> for Shape {
    #[inline]
    fn from(shape: SharedShape) -> Self {
        let raw = shape.into_raw();
        let tagged = raw.as_ptr().map_addr(|address| address | SHARED_TAG);
        Self {
            // SAFETY: a tagged non-null address is not null.
            tagged: unsafe { NonNull::new_unchecked(tagged) },
        }
    }
}

/// Represents a weak reaference to an object's [`Shape`].
#[derive(Debug, Trace, Finalize, Clone, PartialEq)]
pub(crate) enum WeakShape {
    Unique(WeakUniqueShape),
    Shared(WeakSharedShape),
}

impl WeakShape {
    /// Whether the shape is still alive (a collected shape's memory may hold another now).
    #[inline]
    #[must_use]
    pub(crate) fn is_alive(&self) -> bool {
        match self {
            WeakShape::Shared(shape) => shape.is_alive(),
            WeakShape::Unique(shape) => shape.is_alive(),
        }
    }

    /// Return location in memory of the [`Shape`].
    ///
    /// Returns `0` if the shape has been freed.
    #[inline]
    #[must_use]
    pub(crate) fn to_addr_usize(&self) -> usize {
        self.upgrade().as_ref().map_or(0, Shape::to_addr_usize)
    }

    /// Return location in memory of the [`Shape`].
    ///
    /// Returns `0` if the shape has been freed.
    #[inline]
    #[must_use]
    pub(crate) fn upgrade(&self) -> Option<Shape> {
        match self {
            WeakShape::Shared(shape) => Some(shape.upgrade()?.into()),
            WeakShape::Unique(shape) => Some(shape.upgrade()?.into()),
        }
    }
}

impl From<&Shape> for WeakShape {
    fn from(value: &Shape) -> Self {
        match value.view() {
            ShapeRef::Shared(shape) => WeakShape::Shared((&*shape).into()),
            ShapeRef::Unique(shape) => WeakShape::Unique((&*shape).into()),
        }
    }
}
